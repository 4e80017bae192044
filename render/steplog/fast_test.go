package steplog

import (
	"bytes"
	"fmt"
	"math/rand/v2"
	"os"
	"path/filepath"
	"reflect"
	"slices"
	"strings"
	"testing"

	"github.com/backtrack-edu/backtrack/tracer"
)

// logTreeRecorder keeps every event and note it is given and grows a
// tree from them, whose errors Read reports (an ErrSink).
type logTreeRecorder struct {
	logRecorder
	tree *tracer.Tree
}

func (r *logTreeRecorder) Event(e *tracer.Event) {
	r.logRecorder.Event(e)
	r.tree.Event(e)
}

func (r *logTreeRecorder) EventNote(e *tracer.Event, note string) {
	r.logRecorder.EventNote(e, note)
	r.tree.Event(e)
}

func (r *logTreeRecorder) Err() error { return r.tree.Err() }

// readPathsAgree reads data with the shortcut for the Writer's own lines
// (fastStep) and without it, into a recorder that grows a tree, and fails
// if the two reads differ in anything: the header, the summary, the error
// (its line number included), the events, the notes and the tree.
func readPathsAgree(t testing.TB, data []byte) {
	t.Helper()
	// Room for a step a line, so that the recorders do not grow as they
	// go.
	lines := bytes.Count(data, []byte("\n")) + 1
	newRecorder := func() *logTreeRecorder {
		return &logTreeRecorder{tree: tracer.NewTree(),
			logRecorder: logRecorder{events: make([]tracer.Event, 0, lines), notes: make([]string, 0, lines)}}
	}
	fs, ss := newRecorder(), newRecorder()
	fh, fsum, ferr := read(bytes.NewReader(data), fs, readOptions{fast: true, moves: true})
	sh, ssum, serr := read(bytes.NewReader(data), ss, readOptions{moves: true})
	if fmt.Sprint(ferr) != fmt.Sprint(serr) {
		t.Fatalf("errors differ:\nfast %v\nslow %v\nin:\n%s", ferr, serr, logCut(data))
	}
	if !reflect.DeepEqual(fh, sh) || !reflect.DeepEqual(fsum, ssum) {
		t.Fatalf("header or summary differ:\n%+v\n%+v\n%+v\n%+v", fh, sh, fsum, ssum)
	}
	if !slices.Equal(fs.events, ss.events) || !slices.Equal(fs.notes, ss.notes) {
		t.Fatalf("events or notes differ (%d and %d events) in:\n%s", len(fs.events), len(ss.events), logCut(data))
	}
	if fs.tree.Len() != ss.tree.Len() {
		t.Fatalf("trees differ: %d and %d nodes", fs.tree.Len(), ss.tree.Len())
	}
}

// logCut is the start of a log, for a failure's message.
func logCut(data []byte) string {
	if len(data) > 4000 {
		return string(data[:4000]) + "…"
	}
	return string(data)
}

// logAllRuns are the goldens and the logs of every run of logCases with
// the tracer's notes in both languages, with tricky notes and with none
// (the big queens8-all with English notes alone).
func logAllRuns(t testing.TB) map[string][]byte {
	t.Helper()
	logs := map[string][]byte{}
	for _, g := range logGoldens {
		b, err := os.ReadFile(filepath.Join("testdata", g.file))
		if err != nil {
			t.Fatal(err)
		}
		logs[g.file] = b
	}
	for _, c := range logCases {
		for _, lang := range tracer.Langs {
			logs[c.name+"-"+string(lang)] = sharedLog(t, c, string(lang))
			if c.name == "queens8-all" {
				break // the big run (39,667 steps) in English alone
			}
		}
		if c.name == "queens8-all" {
			continue
		}
		logs[c.name+"-tricky"] = sharedLog(t, c, "tricky")
		logs[c.name+"-plain"] = sharedLog(t, c, "plain")
	}
	return logs
}

// TestFastAgrees reads every golden log and every logged run (notes in
// English, Chinese, tricky and none) with and without the shortcut.
func TestFastAgrees(t *testing.T) {
	for name, log := range logAllRuns(t) {
		t.Run(name, func(t *testing.T) {
			readPathsAgree(t, log)
			// And every line of it takes the shortcut.
			h, _, err := Read(bytes.NewReader(log), nil)
			if err != nil {
				t.Fatal(err)
			}
			lp := logProblemOf(t, h)
			lb := newLogBoard(lp)
			var sr stepReader
			var e tracer.Event
			for _, line := range bytes.Split(log, []byte("\n")) {
				if !bytes.HasPrefix(line, []byte("  - {")) {
					continue
				}
				if _, ok := sr.fastStep(line, &lb, &e, e.Step+1); !ok {
					t.Fatalf("the shortcut does not take a line the Writer wrote: %q", line)
				}
			}
		})
	}
}

// logMutations are the texts a mutation puts into a step line.
var (
	logMutBytes = []string{" ", ",", ":", "{", "}", "[", "]", `"`, `\`, "'", "#", "-", "0", "1", "9", "a", "x", "n",
		"t", "\t", "\r", "é", "中", "\x80", "\u2028", "&", "*", "!"}
	logMutNumbers = []string{"-1", "0", "00", "-0", "01", "2147483647", "2147483648", "-2147483648", "-2147483649",
		"999999999999999999", "9999999999999999999", "1e3", "0x1", "+1", "1_0", "1.0", "3", "12", "~", "null"}
	logMutWords = []string{"true", "false", "null", "none", "call", "scan", "try", "reject", "place", "undo",
		"solution", "exhausted", "return", "limit", "row", "column", "box", "used", "diagonal", "steps", "calls",
		"time", "yes", "~", `"call"`, "'call'", "[0, 0]", "[0,0]", "[-1, 0]", "[0, 9]", `"r0=c0"`, "r0=c0",
		"r0=c9", `"(0,0)=1"`, "p0=1", "{}", "[]", `""`, `"\x41"`, `"\u00e9"`, `"\q"`, `"\ud800"`}
	logMutKeys = []string{"step", "kind", "node", "depth", "parent", "move", "cell", "row", "value", "options", "rule",
		"witness", "from", "skipped", "cost", "ok", "pass", "limit", "slot", "note", "notes", "x", "Step"}
)

// logMutate changes one step line of log at random, in one of the ways a
// hand or a fuzzer would.
func logMutate(r *rand.Rand, log string) string {
	return newLogLines(log).mutate(r)
}

// logLines is a log cut into lines, with its step lines found: for
// mutating one log many times without cutting it up each time.
type logLines struct {
	log   string
	lines []string // the log's lines, each with its "\n"
	steps []int    // the indexes of the step lines
}

func newLogLines(log string) *logLines {
	ll := &logLines{log: log, lines: strings.SplitAfter(log, "\n")}
	for i, l := range ll.lines {
		if strings.HasPrefix(l, "  - {") {
			ll.steps = append(ll.steps, i)
		}
	}
	return ll
}

// mutate is logMutate(r, ll.log).
func (ll *logLines) mutate(r *rand.Rand) string {
	lines, steps := ll.lines, ll.steps
	if len(steps) == 0 {
		return ll.log
	}
	n := steps[r.IntN(len(steps))]
	defer func(l string) { lines[n] = l }(lines[n]) // ll's lines stay the log's
	l := strings.TrimSuffix(lines[n], "\n")
	pick := func(s []string) string { return s[r.IntN(len(s))] }
	// The fields of the line: "step: 1", "kind: call", … (a note with
	// ", " in it is cut too; no matter).
	body := strings.TrimSuffix(strings.TrimPrefix(l, "  - {"), "}")
	fields := strings.Split(body, ", ")
	join := func() string { return "  - {" + strings.Join(fields, ", ") + "}" }
	switch r.IntN(12) {
	case 0: // a byte deleted
		if len(l) > 0 {
			p := r.IntN(len(l))
			l = l[:p] + l[p+1:]
		}
	case 1: // a byte (or a character) put in
		p := r.IntN(len(l) + 1)
		l = l[:p] + pick(logMutBytes) + l[p:]
	case 2: // a byte replaced
		if len(l) > 0 {
			p := r.IntN(len(l))
			l = l[:p] + pick(logMutBytes) + l[p+1:]
		}
	case 3: // two fields swapped
		if len(fields) > 1 {
			i := r.IntN(len(fields) - 1)
			fields[i], fields[i+1] = fields[i+1], fields[i]
		}
		l = join()
	case 4: // a field twice
		i := r.IntN(len(fields))
		fields = append(fields[:i+1], fields[i:]...)
		l = join()
	case 5: // a field dropped
		i := r.IntN(len(fields))
		fields = append(fields[:i], fields[i+1:]...)
		l = join()
	case 6, 7: // a value replaced by a number or a word
		i := r.IntN(len(fields))
		if k, _, ok := strings.Cut(fields[i], ": "); ok {
			v := pick(logMutNumbers)
			if r.IntN(2) == 0 {
				v = pick(logMutWords)
			}
			fields[i] = k + ": " + v
		}
		l = join()
	case 8: // a key renamed
		i := r.IntN(len(fields))
		if _, v, ok := strings.Cut(fields[i], ": "); ok {
			fields[i] = pick(logMutKeys) + ": " + v
		}
		l = join()
	case 9: // a field added
		i := r.IntN(len(fields) + 1)
		f := pick(logMutKeys) + ": " + pick(append(logMutNumbers, logMutWords...))
		fields = append(fields[:i], append([]string{f}, fields[i:]...)...)
		l = join()
	case 10: // other spacing
		l = pick([]string{"   - {", "- {", "  -  {", "\t- {", "  - { "}) + strings.TrimPrefix(l, "  - {")
		if r.IntN(2) == 0 {
			l = strings.Replace(l, ", ", pick([]string{",", " , ", ",  "}), 1)
		}
		if r.IntN(2) == 0 {
			l += pick([]string{" ", "\t", " # c", "\r", "x"})
		}
	case 11: // the line gone, or twice
		if r.IntN(2) == 0 {
			lines[n] = ""
		} else {
			lines[n] += lines[n]
		}
		return strings.Join(lines, "")
	}
	lines[n] = l + "\n"
	return strings.Join(lines, "")
}

// logMutateManySteps: TestFastAgreesMutated mutates a log of more steps
// (queens4-leaf, 2,043; sudoku4-leaf-all, 9,552: each read costs ten to
// fifty times a small log's) 30 times, not 100.
const logMutateManySteps = 1000

// TestFastAgreesMutated reads mutations of the goldens and of small
// logged runs with and without the shortcut.
func TestFastAgreesMutated(t *testing.T) {
	// The notes' table from the first note, so that mutated notes meet it.
	defer func(w int) { noteSeenWait = w }(noteSeenWait)
	noteSeenWait = 0
	logs := map[string]string{}
	for _, g := range logGoldens {
		logs[g.file] = logReadGolden(t, g.file)
	}
	for _, c := range []struct {
		c     int // index in logCases
		notes string
	}{{0, "en"}, {2, "zh"}, {3, "tricky"}, {9, "en"}, {11, "zh"}, {10, ""}, {18, "tricky"}, {19, "en"}} {
		lc := logCases[c.c]
		notes := c.notes
		if notes == "" {
			notes = "plain"
		}
		logs[lc.name+"-"+c.notes] = string(sharedLog(t, lc, notes))
	}
	tries := 100
	if testing.Short() {
		tries = 30
	}
	for name, log := range logs {
		r := rand.New(rand.NewPCG(1, uint64(len(log))))
		ll := newLogLines(log)
		n := tries
		if len(ll.steps) > logMutateManySteps {
			// A mutation changes one line, wherever it falls: the
			// lines around it do not change what it checks, only the
			// time each read of the log takes.
			n = min(n, 30)
		}
		for range n {
			m := ll.mutate(r)
			if r.IntN(4) == 0 {
				m = logMutate(r, m)
			}
			if t.Failed() {
				t.Fatalf("in a mutation of %s", name)
			}
			readPathsAgree(t, []byte(m))
		}
	}
}

// TestFastAgreesValues puts every value of logMutNumbers and logMutWords
// in place of every value of the first step lines of the goldens, and
// reads each log with and without the shortcut.
func TestFastAgreesValues(t *testing.T) {
	lines := 3
	if testing.Short() {
		lines = 2
	}
	values := append(append([]string{}, logMutNumbers...), logMutWords...)
	for _, g := range logGoldens {
		log := logReadGolden(t, g.file)
		all := strings.SplitAfter(log, "\n")
		done := 0
		for n, l := range all {
			if !strings.HasPrefix(l, "  - {") || done == lines {
				continue
			}
			done++
			fields := strings.Split(strings.TrimSuffix(strings.TrimPrefix(l, "  - {"), "}\n"), ", ")
			for i, f := range fields {
				k, _, ok := strings.Cut(f, ": ")
				if !ok {
					continue
				}
				for _, v := range values {
					changed := append([]string{}, fields...)
					changed[i] = k + ": " + v
					m := append([]string{}, all...)
					m[n] = "  - {" + strings.Join(changed, ", ") + "}\n"
					readPathsAgree(t, []byte(strings.Join(m, "")))
				}
			}
		}
	}
}
