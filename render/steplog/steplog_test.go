package steplog

import (
	"bytes"
	"context"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"reflect"
	"regexp"
	"runtime"
	"slices"
	"strconv"
	"strings"
	"sync"
	"testing"
	"time"
	"unicode/utf8"

	"github.com/backtrack-edu/backtrack/tracer"
	"github.com/backtrack-edu/backtrack/tracer/problems/nqueens"
	"github.com/backtrack-edu/backtrack/tracer/problems/permutations"
	"github.com/backtrack-edu/backtrack/tracer/problems/subsets"
	"github.com/backtrack-edu/backtrack/tracer/problems/sudoku"
)

// logCase is one search whose step log the tests write and read back.
type logCase struct {
	name    string
	problem func() (tracer.Problem, error)
	opts    tracer.Options
	cancel  bool // run with a context canceled before the start
}

func logQueens(n int, check tracer.Check) func() (tracer.Problem, error) {
	return func() (tracer.Problem, error) { return nqueens.NewNQueens(n, check) }
}

func logSudoku(puzzle string, order tracer.Order, check tracer.Check) func() (tracer.Problem, error) {
	return func() (tracer.Problem, error) {
		p, err := sudoku.ParsePuzzle(puzzle)
		if err != nil {
			return nil, err
		}
		return sudoku.NewSudoku(p, order, check)
	}
}

func logPermutations(n int, check tracer.Check) func() (tracer.Problem, error) {
	return func() (tracer.Problem, error) { return permutations.NewPermutations(n, check) }
}

const logSudoku4 = ".4......3.4...2."

// logProblemOf checks a header as Read does and returns what it names.
func logProblemOf(t testing.TB, h Header) *logProblem {
	t.Helper()
	lp, err := checkLogHeader(&h)
	if err != nil {
		t.Fatal(err)
	}
	return lp
}

// logAnyBoard is a board of size×size cells and values up to size whose
// moves are def's: for reading lines that come from no header.
func logAnyBoard(def *tracer.Def, size int) logBoard {
	return logBoard{rows: size, cols: size, size: size, minValue: -1, maxValue: size, maxDepth: size * size, rules: def.RuleList(), ruleNames: def.RuleKeys(),
		moves: moveReader{def: def, size: size, known: map[string]moveAt{}}}
}

var logCases = []logCase{
	{name: "queens4-all", problem: logQueens(4, tracer.CheckScan), opts: tracer.Options{Stop: tracer.StopAll}},
	{name: "queens4-first", problem: logQueens(4, tracer.CheckScan), opts: tracer.Options{Stop: tracer.StopFirst}},
	{name: "queens4-noreturn", problem: logQueens(4, tracer.CheckArrays), opts: tracer.Options{Stop: tracer.StopNoReturn}},
	{name: "queens4-leaf", problem: logQueens(4, tracer.CheckScan), opts: tracer.Options{When: tracer.WhenLeaf, Stop: tracer.StopAll}},
	{name: "queens6-after", problem: logQueens(6, tracer.CheckArrays), opts: tracer.Options{When: tracer.WhenAfter, Stop: tracer.StopAll}},
	{name: "queens8-all", problem: logQueens(8, tracer.CheckScan), opts: tracer.Options{Stop: tracer.StopAll}},
	{name: "queens12-calls", problem: logQueens(12, tracer.CheckScan), opts: tracer.Options{Stop: tracer.StopAll, Limits: tracer.Limits{MaxCalls: 300}}},
	{name: "sudoku4-scan2d", problem: logSudoku(logSudoku4, sudoku.OrderScan2D, tracer.CheckScan)},
	{name: "sudoku4-linear-all", problem: logSudoku(logSudoku4, sudoku.OrderLinear, tracer.CheckBoard), opts: tracer.Options{Stop: tracer.StopAll}},
	{name: "sudoku4-mrv", problem: logSudoku(logSudoku4, sudoku.OrderMRV, tracer.CheckCounts)},
	{name: "sudoku4-noreturn", problem: logSudoku(logSudoku4, sudoku.OrderScan2D, tracer.CheckScan), opts: tracer.Options{Stop: tracer.StopNoReturn}},
	{name: "sudoku4-leaf-all", problem: logSudoku("1.3.2.14.24141.3", sudoku.OrderLinear, tracer.CheckScan), opts: tracer.Options{When: tracer.WhenLeaf, Stop: tracer.StopAll}},
	{name: "lc37-before", problem: logSudoku(sudoku.LeetCode37, sudoku.OrderScan2D, tracer.CheckScan), opts: tracer.Options{When: tracer.WhenBefore, Limits: tracer.Limits{MaxSteps: 3000}}},
	{name: "lc37-after", problem: logSudoku(sudoku.LeetCode37, sudoku.OrderLinear, tracer.CheckCounts), opts: tracer.Options{When: tracer.WhenAfter, Limits: tracer.Limits{MaxSteps: 3000}}},
	{name: "lc37-leaf", problem: logSudoku(sudoku.LeetCode37, sudoku.OrderLinear, tracer.CheckBoard), opts: tracer.Options{When: tracer.WhenLeaf, Limits: tracer.Limits{MaxSteps: 3000}}},
	{name: "lc37-mrv", problem: logSudoku(sudoku.LeetCode37, sudoku.OrderMRV, tracer.CheckCounts)},
	{name: "lc37-canceled", problem: logSudoku(sudoku.LeetCode37, sudoku.OrderScan2D, tracer.CheckScan), cancel: true},
	{name: "perms3-all", problem: logPermutations(3, tracer.CheckScan), opts: tracer.Options{Stop: tracer.StopAll}},
	{name: "perms3-first", problem: logPermutations(3, tracer.CheckArrays), opts: tracer.Options{Stop: tracer.StopFirst}},
	{name: "perms4-after", problem: logPermutations(4, tracer.CheckArrays), opts: tracer.Options{When: tracer.WhenAfter, Stop: tracer.StopAll}},
	{name: "perms3-leaf", problem: logPermutations(3, tracer.CheckScan), opts: tracer.Options{When: tracer.WhenLeaf, Stop: tracer.StopAll}},
	{name: "perms10-steps", problem: logPermutations(10, tracer.CheckScan), opts: tracer.Options{Stop: tracer.StopAll, Limits: tracer.Limits{MaxSteps: 5000}}},
}

// logRecorder keeps every event and note it is given.
type logRecorder struct {
	events []tracer.Event
	notes  []string
}

func (r *logRecorder) Event(e *tracer.Event) { r.events = append(r.events, *e) }

func (r *logRecorder) EventNote(e *tracer.Event, note string) {
	r.events = append(r.events, *e)
	r.notes = append(r.notes, note)
}

// logTrickyNotes are notes a YAML writer can get wrong.
var logTrickyNotes = []string{
	`say "hi": ok`, "a: b # not a comment", `back\slash \n is not a newline \`, "第 3 行：第 2 列冲突，回溯",
	"↗ anti-diagonal ✗ pruned", "  leading spaces", "trailing spaces  ", "yes", "null", "- x", "",
	"tab\there", "two\nlines\r\n", "\x00\x01\x1b\x7f\u0085\u00a0\u2028\u2029\ufeff\ufffe\uffff", "{flow: [x, y]}",
	"'single'", "%@`!&*|>?", "0x1F", "true", "~", "---", "...", "#", ": ", "\U0001F600 emoji", "\ufffd",
}

// logTrickyNote returns a tricky note, chosen by step, sometimes alone and
// sometimes after the kind.
func logTrickyNote(e *tracer.Event) string {
	s := logTrickyNotes[int(e.Step)%len(logTrickyNotes)]
	if e.Step%3 == 0 {
		return s
	}
	return e.Kind.String() + " " + strconv.FormatInt(e.Step, 10) + ": " + s
}

// logRun is one search logged as it runs.
type logRun struct {
	header Header
	sum    tracer.Summary
	events []tracer.Event
	notes  []string
	tree   *tracer.Tree
	log    []byte
}

// runLogged runs c with a recorder, a tree, a stats counter and a
// Writer as sinks, and closes the log with the run's summary.
func runLogged(t testing.TB, c logCase, note func(*tracer.Event) string) logRun {
	t.Helper()
	return runLoggedIn(t, c, note, "en")
}

// runLoggedIn is runLogged with the header's lang: the notes' language,
// which Read holds them to.
func runLoggedIn(t testing.TB, c logCase, note func(*tracer.Event) string, lang string) logRun {
	t.Helper()
	p, err := c.problem()
	if err != nil {
		t.Fatal(err)
	}
	var buf bytes.Buffer
	h := HeaderFor(p.Info(), c.opts)
	h.Tool, h.Lang = "backtrack (test)", lang
	lw, err := NewWriter(&buf, h, note)
	if err != nil {
		t.Fatal(err)
	}
	rec, tree, st := &logRecorder{}, tracer.NewTree(), &tracer.Stats{}
	opts := c.opts
	opts.Sinks = []tracer.Sink{rec, tree, st, lw}
	ctx, cancel := context.WithCancel(context.Background())
	if c.cancel {
		cancel()
	}
	defer cancel()
	res, err := tracer.Run(ctx, p, opts)
	if err != nil {
		t.Fatal(err)
	}
	sum := tracer.Summarize(p.Info(), opts, res, st)
	if err := lw.Close(sum); err != nil {
		t.Fatal(err)
	}
	if err := tree.Err(); err != nil {
		t.Fatal(err)
	}
	notes := make([]string, len(rec.events))
	if note != nil {
		for i := range rec.events {
			notes[i] = note(&rec.events[i])
		}
	}
	return logRun{header: h, sum: sum, events: rec.events, notes: notes, tree: tree, log: buf.Bytes()}
}

// logShared holds the runs that several tests log alike, each logged once
// per test binary (sharedLogged, sharedLog).
var logShared = struct {
	sync.Mutex
	runs map[string]logRun
}{runs: map[string]logRun{}}

// sharedLogged is runLogged(t, c, note) with the notes named by notes:
// "tricky" (logTrickyNote), "plain" (none), or a language (the tracer's
// narrator in it). Each case is logged once per test binary with each
// notes, and the run is shared: callers must not change it.
func sharedLogged(t testing.TB, c logCase, notes string) logRun {
	t.Helper()
	return logSharedRun(t, c, notes, true)
}

// sharedLog is the log of sharedLogged(t, c, notes), for a test that
// wants no more: the run's events, notes and tree are not kept for it.
func sharedLog(t testing.TB, c logCase, notes string) []byte {
	t.Helper()
	return logSharedRun(t, c, notes, false).log
}

func logSharedRun(t testing.TB, c logCase, notes string, whole bool) logRun {
	t.Helper()
	if c.name == "" {
		t.Fatal("sharedLogged: a case with no name")
	}
	key := c.name + "/" + notes
	logShared.Lock()
	defer logShared.Unlock()
	if lr, ok := logShared.runs[key]; ok && (!whole || lr.tree != nil) {
		return lr
	}
	var note func(*tracer.Event) string
	lang := "en"
	switch notes {
	case "tricky":
		note = logTrickyNote
	case "plain":
	default:
		l, err := tracer.ParseLang(notes)
		if err != nil {
			t.Fatal(err)
		}
		p, err := c.problem()
		if err != nil {
			t.Fatal(err)
		}
		note = tracer.NewNarrator(p.Info(), HeaderFor(p.Info(), c.opts).Strategy, l).Note
		lang = string(l)
	}
	lr := runLoggedIn(t, c, note, lang)
	if !whole {
		lr.events, lr.notes, lr.tree = nil, nil, nil
	}
	logShared.runs[key] = lr
	return lr
}

// dropSharedLogs lets the shared runs go, for a test that measures the
// heap.
func dropSharedLogs() {
	logShared.Lock()
	defer logShared.Unlock()
	clear(logShared.runs)
}

func TestLogRoundTrip(t *testing.T) {
	statuses := map[tracer.Status]bool{}
	for _, c := range logCases {
		t.Run(c.name, func(t *testing.T) {
			lr := sharedLogged(t, c, "tricky")
			statuses[lr.sum.Status] = true
			rec, tree := &logRecorder{}, tracer.NewTree()
			h, sum, err := Read(bytes.NewReader(lr.log), tracer.SinkFunc(func(e *tracer.Event) {
				rec.Event(e)
				tree.Event(e)
			}))
			if err != nil {
				t.Fatal(err)
			}
			if h.Definition == nil {
				t.Errorf("header: no definition block")
			}
			hd := h
			hd.Definition = nil
			if hd != lr.header {
				t.Errorf("header:\n got %+v\nwant %+v", h, lr.header)
			}
			if !reflect.DeepEqual(sum, lr.sum) {
				t.Errorf("summary:\n got %+v\nwant %+v", sum, lr.sum)
			}
			if len(rec.events) != len(lr.events) {
				t.Fatalf("%d events read, %d written", len(rec.events), len(lr.events))
			}
			for i := range rec.events {
				if rec.events[i] != lr.events[i] {
					t.Fatalf("event %d:\n got %+v\nwant %+v", i, rec.events[i], lr.events[i])
				}
			}
			if !reflect.DeepEqual(tree, lr.tree) {
				t.Errorf("the tree rebuilt from the log differs from the live tree")
			}

			// The notes come back through a NoteSink, as yaml.v3 reads them.
			nr := &logRecorder{}
			if _, _, err := Read(bytes.NewReader(lr.log), nr); err != nil {
				t.Fatal(err)
			}
			for i, n := range nr.notes {
				if want := string([]rune(lr.notes[i])); n != want {
					t.Fatalf("note of step %d: got %q, want %q", i+1, n, want)
				}
			}
		})
	}
	for _, s := range []tracer.Status{tracer.StatusSolved, tracer.StatusComplete, tracer.StatusLimit, tracer.StatusLost} {
		if !statuses[s] {
			t.Errorf("no case ends with status %s", s)
		}
	}
}

// logYAMLMostSteps is the most steps of a log TestLogIsYAML decodes with
// yaml.v3. The one case above it, queens8-all (39,667 steps, 4 MiB),
// writes lines of the very forms queens4-all writes (the same problem,
// check and strategy; the tricky notes and their forms come round every
// 87 steps, and queens4-all has 187), so yaml.v3 would find in it nothing
// the smaller logs do not show, at over half the test's time.
const logYAMLMostSteps = 20_000

// TestLogIsYAML decodes whole logs with yaml.v3 and holds the steps it finds
// to those of the fast reader, field by field; and checks that every line
// the writer makes is in the fast reader's subset, and that yaml.v3 reads
// each alone to the same step (for the logs of at most logYAMLMostSteps
// steps; a longer one has its lines held to the fast reader's subset).
func TestLogIsYAML(t *testing.T) {
	for _, c := range logCases {
		t.Run(c.name, func(t *testing.T) {
			lr := sharedLogged(t, c, "tricky")
			withYAML := len(lr.events) <= logYAMLMostSteps
			if !withYAML {
				t.Logf("%d steps: the lines are held to the fast subset, without yaml.v3", len(lr.events))
			}
			lp := logProblemOf(t, lr.header)
			var prev tracer.Event
			if withYAML {
				logWholeIsYAML(t, lr, lp)
			}

			lb := newLogBoard(lp)
			k := 0
			for n, line := range bytes.Split(lr.log, []byte("\n")) {
				if !bytes.HasPrefix(line, []byte("  - ")) {
					continue
				}
				var fast, slow stepReader
				ok, err := fast.scan(line)
				if !ok || err != nil {
					t.Fatalf("line %d is outside the fast subset (%v): %s", n+1, err, line)
				}
				fe, fnote, err := fast.f.event(&lb)
				if err != nil {
					t.Fatalf("line %d: %v", n+1, err)
				}
				if logVoidOK(lr.header, prev, fe) != lr.events[k] {
					t.Fatalf("line %d: fast %+v %q, step %+v", n+1, fe, fnote, lr.events[k])
				}
				if withYAML {
					if err := stepFieldsYAML(line, &slow.f); err != nil {
						t.Fatalf("line %d: yaml.v3: %v", n+1, err)
					}
					se, snote, err := slow.f.event(&lb)
					if err != nil {
						t.Fatalf("line %d: yaml.v3: %v", n+1, err)
					}
					if fe != se || !bytes.Equal(fnote, snote) {
						t.Fatalf("line %d: fast %+v %q, yaml.v3 %+v %q", n+1, fe, fnote, se, snote)
					}
				}
				prev = lr.events[k]
				k++
			}
			if k != len(lr.events) {
				t.Fatalf("%d step lines, %d events", k, len(lr.events))
			}
		})
	}
}

// logWholeIsYAML decodes lr's whole log with yaml.v3: the steps it finds
// are lr's, field by field, notes included; the header holds the header's
// keys, and the summary is the --stats document.
func logWholeIsYAML(t *testing.T, lr logRun, lp *logProblem) {
	t.Helper()
	doc, err := yamlDecodeLog(lr.log)
	if err != nil {
		t.Fatal(err)
	}
	if len(doc.Steps) != len(lr.events) {
		t.Fatalf("yaml.v3 finds %d steps, the run made %d", len(doc.Steps), len(lr.events))
	}
	var prev tracer.Event
	for i, m := range doc.Steps {
		e, note, err := logEventFromYAML(m, lp.def, lp.info.Size)
		if err != nil {
			t.Fatalf("step %d: %v in %v", i+1, err, m)
		}
		e = logVoidOK(lr.header, prev, e)
		prev = e
		if e != lr.events[i] {
			t.Fatalf("step %d as yaml.v3 reads it:\n got %+v\nwant %+v", i+1, e, lr.events[i])
		}
		if want := string([]rune(lr.notes[i])); note != want {
			t.Fatalf("note of step %d as yaml.v3 reads it: got %q, want %q", i+1, note, want)
		}
	}
	if _, ok := doc.Header["definition"]; !ok {
		t.Errorf("header as yaml.v3 reads it: no definition")
	}
	delete(doc.Header, "definition")
	if !reflect.DeepEqual(doc.Header, map[string]any{
		"format": Format, "tool": lr.header.Tool, "problem": lr.header.Problem, "size": lr.header.Size,
		"instance": lr.header.Instance, "lang": lr.header.Lang,
		"strategy": map[string]any{"order": string(lr.header.Strategy.Order), "check": string(lr.header.Strategy.Check),
			"when": string(lr.header.Strategy.When), "stop": string(lr.header.Strategy.Stop)},
	}) {
		t.Errorf("header as yaml.v3 reads it: %v", doc.Header)
	}
	var stats bytes.Buffer
	if err := WriteStats(&stats, lr.sum); err != nil {
		t.Fatal(err)
	}
	want, err := yamlDecodeAny(stats.Bytes())
	if err != nil {
		t.Fatal(err)
	}
	if !reflect.DeepEqual(doc.Summary, want) {
		t.Errorf("summary is not the --stats document:\n got %v\nwant %v", doc.Summary, want)
	}
}

// logVoidOK is e as Read gives it: under a template with no return value
// (h's strategy is Void) a return has no ok in the log, and its OK is
// tracer.VoidReturnOK of the step before, prev.
func logVoidOK(h Header, prev, e tracer.Event) tracer.Event {
	if h.Strategy.Void() && e.Kind == tracer.KindReturn {
		e.OK = tracer.VoidReturnOK(&prev, &e)
	}
	return e
}

// logEventFromYAML builds an event from a step as yaml.v3 decodes it into a
// map: a second, independent reading of the format, for the tests (the
// moves read by def.ParseMove, the one parser of moves).
func logEventFromYAML(m map[string]any, def *tracer.Def, size int) (tracer.Event, string, error) {
	e := tracer.Event{Parent: -1, Cell: tracer.NoPos, Slot: tracer.NoPos, Witness: tracer.NoPos, From: tracer.NoPos}
	num := func(key string) int {
		v, _ := m[key].(int)
		return v
	}
	pos := func(key string) (tracer.Pos, error) {
		switch v := m[key].(type) {
		case string:
			if v == "none" {
				return tracer.NoPos, nil
			}
		case []any:
			if len(v) == 2 {
				r, ok1 := v[0].(int)
				c, ok2 := v[1].(int)
				if ok1 && ok2 {
					return tracer.Pos{Row: r, Col: c}, nil
				}
			}
		}
		return tracer.NoPos, fmt.Errorf("bad %s %v", key, m[key])
	}
	for _, k := range []string{"step", "kind", "node", "depth"} {
		if _, ok := m[k]; !ok {
			return e, "", fmt.Errorf("no %s", k)
		}
	}
	kind, err := tracer.ParseKind(fmt.Sprint(m["kind"]))
	if err != nil {
		return e, "", err
	}
	e.Step, e.Kind, e.Node, e.Depth = int64(num("step")), kind, num("node"), num("depth")
	if kind == tracer.KindCall {
		e.Value = -1
	}
	note := ""
	for k, v := range m {
		var err error
		switch k {
		case "step", "kind", "node", "depth":
		case "parent":
			e.Parent = num(k)
		case "move":
			s, ok := v.(string)
			if !ok {
				err = fmt.Errorf("move %v is no text", v)
				break
			}
			e.Cell, e.Value, err = def.ParseMove(s, size)
		case "cell":
			e.Cell, err = pos(k)
		case "row":
			e.Cell = tracer.Pos{Row: num(k), Col: -1}
		case "value", "options":
			e.Value = num(k)
		case "rule":
			e.Rule, err = def.ParseRule(fmt.Sprint(v))
		case "witness":
			e.Witness, err = pos(k)
		case "slot":
			e.Slot, err = pos(k)
		case "from":
			e.From, err = pos(k)
		case "skipped":
			e.Skipped = num(k)
		case "cost":
			e.Cost = num(k)
		case "ok":
			e.OK, _ = v.(bool)
		case "limit":
			e.Limit, err = tracer.ParseLimitReason(fmt.Sprint(v))
		case "note":
			note, _ = v.(string)
		default:
			err = fmt.Errorf("unknown key %q", k)
		}
		if err != nil {
			return e, "", err
		}
	}
	return e, note, nil
}

// logNote is the fixed note of the goldens.
func logNote(e *tracer.Event) string {
	return fmt.Sprintf("%s at depth %d", e.Kind, e.Depth)
}

var logGoldens = []struct {
	file string
	c    logCase
}{
	{"steplog-nqueens4-first.yaml", logCase{problem: logQueens(4, tracer.CheckScan), opts: tracer.Options{Stop: tracer.StopFirst}}},
	{"steplog-sudoku4.yaml", logCase{problem: logSudoku(logSudoku4, sudoku.OrderScan2D, tracer.CheckScan)}},
	{"steplog-permutations3.yaml", logCase{problem: logPermutations(3, tracer.CheckScan), opts: tracer.Options{Stop: tracer.StopAll}}},
}

func TestLogGolden(t *testing.T) {
	for _, g := range logGoldens {
		t.Run(g.file, func(t *testing.T) {
			lr := runLogged(t, g.c, logNote)
			path := filepath.Join("testdata", g.file)
			if *update {
				if err := os.WriteFile(path, lr.log, 0o644); err != nil {
					t.Fatal(err)
				}
			}
			want, err := os.ReadFile(path)
			if err != nil {
				t.Fatalf("%v (run with -update to make it)", err)
			}
			if !bytes.Equal(lr.log, want) {
				t.Errorf("%s differs from the log written now (run with -update if the change is meant):\n%s",
					path, logFirstDiff(lr.log, want))
			}
		})
	}
}

// logFirstDiff shows the first line where got and want differ.
func logFirstDiff(got, want []byte) string {
	g, w := strings.Split(string(got), "\n"), strings.Split(string(want), "\n")
	for i := 0; i < len(g) || i < len(w); i++ {
		var gl, wl string
		if i < len(g) {
			gl = g[i]
		}
		if i < len(w) {
			wl = w[i]
		}
		if gl != wl {
			return fmt.Sprintf("line %d:\n got %q\nwant %q", i+1, gl, wl)
		}
	}
	return "(same lines)"
}

func logReadGolden(t testing.TB, name string) string {
	t.Helper()
	b, err := os.ReadFile(filepath.Join("testdata", name))
	if err != nil {
		t.Fatal(err)
	}
	return string(b)
}

// logEditLine replaces old by new in line n (1-based) of the log; new "" with
// old "" deletes the line.
func logEditLine(t *testing.T, log string, n int, old, new string) string {
	t.Helper()
	lines := strings.SplitAfter(log, "\n")
	if old == "" && new == "" {
		return strings.Join(append(lines[:n-1:n-1], lines[n:]...), "")
	}
	if !strings.Contains(lines[n-1], old) {
		t.Fatalf("line %d has no %q: %s", n, old, lines[n-1])
	}
	lines[n-1] = strings.Replace(lines[n-1], old, new, 1)
	return strings.Join(lines, "")
}

// logLineOf returns the number of the first line holding s.
func logLineOf(t *testing.T, log, s string) int {
	t.Helper()
	for i, l := range strings.Split(log, "\n") {
		if strings.Contains(l, s) {
			return i + 1
		}
	}
	t.Fatalf("no line holds %q", s)
	return 0
}

func TestLogErrors(t *testing.T) {
	log := logReadGolden(t, "steplog-nqueens4-first.yaml")
	sudoku := logReadGolden(t, "steplog-sudoku4.yaml")
	reject := logLineOf(t, log, "kind: reject")
	step := func(n int) int { return logLineOf(t, log, fmt.Sprintf("{step: %d,", n)) }
	sum := logLineOf(t, log, "summary:")
	cut := strings.Join(strings.SplitAfter(log, "\n")[:step(30)], "")
	header := log[:strings.Index(log, "steps:\n")]
	const headerKeys = "(want format, tool, problem, size, instance, strategy, lang, definition)"
	// The first step is on the line after "steps:".
	steps0 := logLineOf(t, log, "steps:")
	// An alias bomb: each key holds nine of the one before, 9^8 "lol" if
	// the aliases were expanded.
	bomb := "format: backtrack-steps/1\na: &a [lol, lol, lol, lol, lol, lol, lol, lol, lol]\n"
	for c := 'b'; c <= 'i'; c++ {
		bomb += fmt.Sprintf("%c: &%c [%s]\n", c, c, strings.TrimSuffix(strings.Repeat(fmt.Sprintf("*%c, ", c-1), 9), ", "))
	}
	bomb += "steps:\n"
	json := `{"format": "backtrack-steps/1", "tool": "x", "problem": "nqueens", "size": 4, "instance": "n=4", ` +
		`"strategy": {"order": "rows", "check": "scan", "when": "before", "stop": "first"}, "lang": "en", ` +
		`"steps": [{"step": 1, "kind": "call", "node": 0, "depth": 0, "parent": -1}], "summary": {}}` + "\n"
	block := logEditLine(t, log, step(1), "  - {step: 1, kind: call, node: 0, depth: 0, parent: -1, slot: [0, -1], note: \"call at depth 0\"}",
		"  - step: 1\n    kind: call\n    node: 0\n    depth: 0\n    parent: -1\n    slot: [0, -1]")
	tests := []struct {
		name string
		log  string
		want string
		tree bool // read into a tracer.Tree, whose Err Read checks
	}{
		// The header.
		{name: "version", log: strings.Replace(log, "format: "+Format, "format: backtrack-steps/9", 1),
			want: `step log line 2 (header): format "backtrack-steps/9" is not supported: want backtrack-steps/3 (or backtrack-steps/2, backtrack-steps/1)`},
		{name: "no format", log: strings.Replace(log, "format: "+Format+"\n", "", 1),
			want: `step log header: no "format" key: not a step log`},
		{name: "not a log", log: "hello: world\n", want: `step log header: no "format" key: not a step log`},
		{name: "not a mapping", log: "hello\n", want: `step log header: no "format" key: not a step log`},
		{name: "empty", want: `step log header: no "format" key: not a step log`},
		{name: "bad header", log: strings.Replace(asV2(log), "problem: nqueens", "problem: chess", 1),
			want: `step log header: unknown problem "chess": this program knows ` + tracer.JoinValues(tracer.ProblemNames()) +
				", and a log of format " + FormatV2 + " does not describe its problem"},
		{name: "alias as problem", log: strings.Replace(log, "problem: nqueens", "problem: queens", 1),
			want: `step log header: problem "queens": a step log calls it nqueens`},
		{name: "size out of range", log: strings.Replace(log, "size: 4", "size: 31", 1),
			want: `step log header: size 31 is out of range: want 1 to 30`},
		{name: "instance", log: strings.Replace(log, `instance: "n=4"`, `instance: "n=5"`, 1),
			want: `step log header: instance "n=5": want "n=4"`},
		{name: "sudoku size", log: strings.Replace(sudoku, "size: 4", "size: 9", 1),
			want: `step log header: size 9, but the instance is a 4×4 puzzle`},
		{name: "sudoku instance", log: strings.Replace(sudoku, `instance: "`+logSudoku4+`"`, `instance: "12"`, 1),
			want: `step log header: instance: ` + logPuzzleError(t, "12")},
		{name: "sudoku no instance", log: strings.Replace(sudoku, `instance: "`+logSudoku4+`"`, `instance: ""`, 1),
			want: `step log header: instance: empty: want the puzzle`},
		{name: "json", log: json,
			want: `step log line 1 (header): "steps:" must be a line of its own, with one step a line after it`},
		{name: "json on lines", log: strings.ReplaceAll(json, ", ", ",\n  "),
			want: `step log line 11 (header): "steps:" must be a line of its own, with one step a line after it`},
		{name: "alias bomb", log: bomb, want: `step log line 2 (header): unknown key "a" ` + headerKeys},
		{name: "alias bomb in a value", log: "format: backtrack-steps/1\nproblem: nqueens\ninstance: \"n=4\"\n" +
			"strategy: {order: &a [lol, lol, lol, lol], check: &b [*a, *a, *a, *a], when: &c [*b, *b, *b, *b], stop: &d [*c, *c, *c, *c]}\n" +
			"size: *d\nsteps:\n",
			want: `step log line 5 (header): size: want a whole number, got a list`},
		{name: "alias", log: strings.Replace(strings.Replace(log, "problem: nqueens", "problem: &p nqueens", 1), "size: 4", "size: *p", 1),
			want: `step log line 5 (header): size: want a whole number, got "nqueens"`},
		{name: "unknown key", log: strings.Replace(log, "lang: en\n", "lang: en\nspeed: fast\n", 1),
			want: `step log line 9 (header): unknown key "speed" ` + headerKeys},
		{name: "key twice", log: strings.Replace(log, "size: 4\n", "size: 4\nsize: 5\n", 1),
			want: `step log line 6 (header): key "size" given twice (first on line 5)`},
		{name: "size text", log: strings.Replace(log, "size: 4", "size: four", 1),
			want: `step log line 5 (header): size: want a whole number, got "four"`},
		{name: "size huge", log: strings.Replace(log, "size: 4", "size: 99999999999", 1),
			want: `step log line 5 (header): size: 99999999999 is out of range`},
		{name: "no value", log: strings.Replace(log, "problem: nqueens", "problem:", 1),
			want: `step log line 4 (header): problem has no value`},
		{name: "missing", log: strings.Replace(log, "instance: \"n=4\"\n", "", 1),
			want: `step log header: missing "instance"`},
		{name: "tool list", log: strings.Replace(log, "tool: backtrack (test)", "tool: [backtrack]", 1),
			want: `step log line 3 (header): tool: want text, got a list`},
		{name: "strategy key", log: strings.Replace(log, "stop: first}", "stop: first, speed: fast}", 1),
			want: `step log line 7 (header): unknown key "strategy.speed" (want order, check, when, stop, drop)`},
		{name: "strategy missing", log: strings.Replace(log, ", stop: first}", "}", 1),
			want: `step log line 7 (header): missing "strategy.stop"`},
		{name: "strategy when", log: strings.Replace(log, "when: before", "when: LEAF", 1),
			want: `step log header: strategy.when: unknown value "LEAF": want before, after or leaf`},
		{name: "strategy order", log: strings.Replace(log, "order: rows", "order: mrv", 1),
			want: `step log header: strategy.order: "mrv" is not a value for nqueens: want rows`},
		{name: "header syntax", log: strings.Replace(log, "tool: backtrack (test)", "tool: [backtrack", 1),
			want: `step log line 3 (header): did not find expected ',' or ']'`},
		{name: "second document", log: strings.Replace(log, "lang: en\n", "lang: en\n---\nformat: backtrack-steps/1\n", 1),
			want: `step log line 10 (header): a second YAML document (after a "---" line): a step log is one document`},
		{name: "no steps line", log: header, want: `step log: no "steps:" line after the header`},
		{name: "utf-16", log: "\xff\xfe#\x00 \x00", want: `step log header: the file is UTF-16 text: a step log is UTF-8`},

		// The steps.
		{name: "bad kind", log: logEditLine(t, log, step(5), "kind: try", "kind: jump"),
			want: fmt.Sprintf(`step log line %d (step 5): unknown kind "jump"`, step(5))},
		{name: "bad rule", log: logEditLine(t, log, reject, "rule: column", "rule: colour"),
			want: fmt.Sprintf(`step log line %d (step %d): unknown rule "colour"`, reject, reject-steps0)},
		{name: "bad witness", log: logEditLine(t, log, reject, "witness: [0, 0]", "witness: [7, 0]"),
			want: fmt.Sprintf(`step log line %d (step %d): witness (7,0) is off the 4×4 board`, reject, reject-steps0)},
		{name: "bad cell", log: logEditLine(t, log, reject, "witness: [0, 0]", "witness: [0]"),
			want: fmt.Sprintf(`step log line %d (step %d): witness: want [row, col] or none, got a list or mapping`, reject, reject-steps0)},
		{name: "bad move", log: logEditLine(t, log, step(5), "move: r1=c0", "move: r1c0"),
			want: fmt.Sprintf(`step log line %d (step 5): move: "r1c0" is not an N-Queens move: want r<row>=c<column>, e.g. r0=c1`, step(5))},
		{name: "move off the board", log: logEditLine(t, log, step(5), "move: r1=c0", "move: r4=c0"),
			want: fmt.Sprintf(`step log line %d (step 5): move: "r4=c0" is off the 4×4 board`, step(5))},
		{name: "move not text", log: logEditLine(t, log, step(5), "move: r1=c0", "move: 10"),
			want: fmt.Sprintf(`step log line %d (step 5): move: want text, got 10 (N-Queens moves are written r<row>=c<column> (r0=c1 is the queen of row 0 in column 1))`, step(5))},
		{name: "move of another problem", log: logEditLine(t, log, step(5), "move: r1=c0", `move: "(1,0)=1"`),
			want: fmt.Sprintf(`step log line %d (step 5): move: "(1,0)=1" is not an N-Queens move: want r<row>=c<column>, e.g. r0=c1`, step(5))},
		{name: "long move", log: logEditLine(t, log, step(5), "move: r1=c0", "move: r1=c0"+strings.Repeat("0", 5000)),
			want: fmt.Sprintf(`step log line %d (step 5): move: "r1=c0%s…`, step(5), strings.Repeat("0", 154))},
		{name: "sudoku digit", log: logEditLine(t, sudoku, logLineOf(t, sudoku, "{step: 3,"), `=1"`, `=9"`),
			want: fmt.Sprintf(`step log line %d (step 3): move: "(0,0)=9": 9 is not a digit of a 4×4 Sudoku`, logLineOf(t, sudoku, "{step: 3,"))},
		{name: "long kind", log: logEditLine(t, log, step(5), "kind: try", "kind: "+strings.Repeat("x", 5000)),
			want: fmt.Sprintf(`step log line %d (step 5): unknown kind "%s"…`, step(5), strings.Repeat("x", 40))},
		{name: "missing kind", log: logEditLine(t, log, step(1), "kind: call, ", ""),
			want: fmt.Sprintf(`step log line %d (step 1): missing "kind"`, step(1))},
		{name: "block style", log: block,
			want: fmt.Sprintf(`step log line %d (before step 1): not a step: each step is one flow mapping on one line, "- {step: …, kind: …, node: …, depth: …}"`, step(1))},
		{name: "missing step", log: logEditLine(t, log, step(2), "step: 2, ", ""),
			want: fmt.Sprintf(`step log line %d (after step 1): missing "step"`, step(1)+1)},
		{name: "unknown step key", log: logEditLine(t, log, step(2), "node: 0", "nod: 0"),
			want: fmt.Sprintf(`step log line %d (step 2): unknown key "nod"`, step(2))},
		{name: "twice", log: logEditLine(t, log, step(2), "node: 0", "node: 0, node: 1"),
			want: fmt.Sprintf(`step log line %d (step 2): key "node" given twice`, step(2))},
		{name: "not yaml", log: logEditLine(t, log, step(2), "node: 0,", "node: [0,"),
			want: fmt.Sprintf(`step log line %d (step 2): not a step: did not find expected ',' or ']'`, step(2))},
		{name: "not a step", log: logEditLine(t, log, step(2), "  - {", "  {"),
			want: fmt.Sprintf(`step log line %d (after step 1): not a step: want "- {step: …, kind: …, node: …, depth: …}" or "summary:"`, step(2))},
		{name: "gap", log: logEditLine(t, log, step(6), "", ""),
			want: fmt.Sprintf(`step log line %d (step 7): want step 6: steps are numbered without gaps`, step(6))},
		{name: "repeat", log: logEditLine(t, log, step(6), "step: 6", "step: 5"),
			want: fmt.Sprintf(`step log line %d (step 5): want step 6: steps are numbered without gaps`, step(6))},
		{name: "call out of order", log: logEditLine(t, log, step(4), "node: 1", "node: 99999999"), tree: true,
			want: fmt.Sprintf(`step log line %d (step 4): call 99999999 out of order: want 1`, step(4))},
		{name: "return with no call", log: logEditLine(t, log, step(1), "kind: call, node: 0, depth: 0, parent: -1", "kind: return, node: 0, depth: 0, ok: true"), tree: true,
			want: fmt.Sprintf(`step log line %d (step 1): no call is open`, step(1))},
		{name: "cut", log: cut, want: fmt.Sprintf(`step log: no summary after line %d (step 30): the file was cut short?`, step(30))},
		{name: "cut in a line", log: log[:strings.Index(log, "{step: 31,")+20],
			want: fmt.Sprintf(`step log line %d (step 31): not a step: did not find expected ',' or '}' (the last line, with no summary after it: was the file cut short?)`, step(31))},

		// The summary.
		{name: "cut at summary", log: log[:strings.Index(log, "summary:")+9], want: fmt.Sprintf(`step log line %d (summary): empty (was the file cut short?)`, sum)},
		{name: "summary count", log: strings.Replace(log, "  nodes: ", "  nodes: 1", 1),
			want: fmt.Sprintf(`step log line %d (summary): it says nodes: 19, the steps count 9`, logLineOf(t, log, "  nodes:"))},
		{name: "summary reject count", log: strings.Replace(strings.Replace(log, "    column: 11", "    column: 12", 1), "total: 18", "total: 19", 1),
			want: fmt.Sprintf(`step log line %d (summary): it says rejects.column: 12, the steps count 11`, logLineOf(t, log, "    column:"))},
		{name: "summary unknown key", log: strings.Replace(log, "  tries: ", "  trials: ", 1),
			want: fmt.Sprintf(`step log line %d (summary): unknown key "trials" (want problem, size, strategy, status, limit, solutions, nodes, tries, rejects, placements, backtracks, max_depth, steps, check_cost, scan_cost, solution)`, logLineOf(t, log, "  tries:"))},
		{name: "summary limit without limit status", log: strings.Replace(log, "  status: solved\n", "  status: solved\n  limit: steps\n", 1),
			want: fmt.Sprintf(`step log line %d (summary): limit steps, but the status is solved, not limit`, logLineOf(t, log, "  status:")+1)},
		{name: "summary unknown limit", log: strings.Replace(log, "  status: solved\n", "  status: limit\n  limit: patience\n", 1),
			want: fmt.Sprintf(`step log line %d (summary): unknown limit "patience": want steps, calls, time, canceled or size`, logLineOf(t, log, "  status:")+1)},
		{name: "summary limit the steps lack", log: strings.Replace(log, "  status: solved\n", "  status: limit\n  limit: time\n", 1),
			want: fmt.Sprintf(`step log line %d (summary): it says limit: time, the steps end with no limit`, logLineOf(t, log, "  status:")+1)},
		{name: "summary missing", log: strings.Replace(log, "  tries: 26\n", "", 1),
			want: fmt.Sprintf(`step log line %d (summary): missing "tries"`, sum)},
		{name: "summary status", log: strings.Replace(log, "status: solved", "status: happy", 1),
			want: fmt.Sprintf(`step log line %d (summary): unknown status "happy"`, logLineOf(t, log, "status: solved"))},
		{name: "summary steps text", log: strings.Replace(log, "  steps: 79", "  steps: many", 1),
			want: fmt.Sprintf(`step log line %d (summary): steps: want a whole number, got "many"`, logLineOf(t, log, "  steps: 79"))},
		{name: "summary rejects key", log: strings.Replace(log, "    column: 11", "    row: 11", 1),
			want: fmt.Sprintf(`step log line %d (summary): unknown key "rejects.row" (want total, column, anti_diagonal, diagonal)`, logLineOf(t, log, "    column:"))},
		{name: "summary rejects total", log: strings.Replace(log, "total: 18", "total: 17", 1),
			want: fmt.Sprintf(`step log line %d (summary): rejects: total is not the sum of column, anti_diagonal or diagonal`, logLineOf(t, log, "total: 18"))},
		{name: "summary syntax", log: strings.Replace(log, "  scan_cost: 0\n", "  scan_cost: 0\n\tx: 1\n", 1),
			want: fmt.Sprintf(`step log line %d (summary): found a tab character that violates indentation`, logLineOf(t, log, "scan_cost:"))},
		{name: "summary extra", log: log + "extra: 1\n",
			want: fmt.Sprintf(`step log line %d (summary): unknown key "extra" (want summary, leaves, loops, marks)`, strings.Count(log, "\n")+1)},
		{name: "summary second document", log: log + "---\nsummary: {}\n",
			want: fmt.Sprintf(`step log line %d (summary): a second YAML document (after a "---" line): a step log is one document`, strings.Count(log, "\n")+2)},
		{name: "summary solution", log: strings.Replace(log, `    - ".Q.."`, `    - "Q..."`, 1),
			want: fmt.Sprintf(`step log line %d (summary): the solution is not the board the steps reach`, logLineOf(t, log, "summary:")+logLineOf(t, log[strings.Index(log, "\nsummary:")+1:], "  solution:")-1)},
		{name: "summary solution text", log: strings.Replace(log, `    - ".Q.."`, "    - [.Q..]", 1),
			want: fmt.Sprintf(`step log line %d (summary): solution: want text, got a list`, logLineOf(t, log, `    - ".Q.."`))},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			var sink tracer.Sink
			if tc.tree {
				sink = tracer.NewTree()
			}
			_, _, err := Read(strings.NewReader(tc.log), sink)
			if err == nil {
				t.Fatalf("no error, want %s", tc.want)
			}
			if err.Error() != tc.want {
				t.Errorf("error:\n got %s\nwant %s", err, tc.want)
			}
			logPlainError(t, err)
		})
	}
}

// logPlainError fails for an error that is not one plain line: a line
// break, a Go type or a yaml.v3 decoding message, "1 steps", "(s)".
// Quoted text (from the log) is not looked at.
func logPlainError(t *testing.T, err error) {
	t.Helper()
	msg := err.Error()
	if strings.Contains(msg, "\n") {
		t.Errorf("error of more than one line: %q", msg)
	}
	msg = logQuotedRE.ReplaceAllString(msg, `"…"`)
	for _, bad := range []string{"struct {", "yaml:", "map[", "[]string", "*string", "int64", "unmarshal", "!!",
		" 1 steps", " 1 lines", "(s)"} {
		if strings.Contains(msg, bad) {
			t.Errorf("error holds %q: %s", bad, err)
		}
	}
}

var logQuotedRE = regexp.MustCompile(`"(?:[^"\\]|\\.)*"`)

// TestLogManyLines reads a log with n blank lines put after "steps:", so
// that the summary starts after line 1,048,576: B5 of the newcomer trial,
// where such a log was refused as if its summary were too long.
func TestLogManyLines(t *testing.T) {
	log := logReadGolden(t, "steplog-nqueens4-first.yaml")
	const n = 1_100_000
	long := strings.Replace(log, "steps:\n", "steps:\n"+strings.Repeat("\n", n), 1)
	want := &logRecorder{}
	_, wantSum, err := Read(strings.NewReader(log), want)
	if err != nil {
		t.Fatal(err)
	}
	got := &logRecorder{}
	_, sum, err := Read(strings.NewReader(long), got)
	if err != nil {
		t.Fatalf("a log whose summary starts on line %d: %v", logLineOf(t, long, "summary:"), err)
	}
	if !reflect.DeepEqual(got, want) || !reflect.DeepEqual(sum, wantSum) {
		t.Errorf("the blank lines changed what was read")
	}
	// A byte-order mark may start the file.
	if _, _, err := Read(strings.NewReader("\ufeff"+long), nil); err != nil {
		t.Errorf("a log with a byte-order mark: %v", err)
	}
	// yaml.v3's line numbers in the summary are those of the file.
	for _, tc := range []struct {
		old, new string
		at       string // on the line the error names
		want     string
	}{
		{"  tries: ", "  trials: ", "trials:", `unknown key "trials"`},
		{"  scan_cost: 0\n", "  scan_cost: 0\n\tx: 1\n", "scan_cost:", "found a tab character"},
		{"status: solved", "status: happy", "status:", `unknown status "happy"`},
		{"check: scan\n", "check: [scan\n", "check: [", `did not find expected ',' or ']'`},
	} {
		bad := strings.Replace(long, tc.old, tc.new, 1)
		line := logLineOf(t, bad[strings.Index(bad, "\nsummary:"):], tc.at) + logLineOf(t, bad, "summary:") - 2
		_, _, err := Read(strings.NewReader(bad), nil)
		if err == nil || !strings.HasPrefix(err.Error(), fmt.Sprintf("step log line %d (summary): %s", line, tc.want)) {
			t.Errorf("%q: got %v, want line %d: %s", tc.new, err, line, tc.want)
		}
	}
}

// logEndless serves a prefix, then the same line over and over; it fails
// the read after most bytes, so that a reader that does not stop at its
// limit is caught rather than left to run.
type logEndless struct {
	prefix, line string
	served, most int
}

func (r *logEndless) Read(p []byte) (int, error) {
	if r.served >= r.most {
		return 0, fmt.Errorf("read %d bytes: past the limit", r.served)
	}
	n := 0
	for n < len(p) {
		var src string
		if r.served < len(r.prefix) {
			src = r.prefix[r.served:]
		} else {
			k := (r.served - len(r.prefix)) % len(r.line)
			src = r.line[k:]
		}
		c := copy(p[n:], src)
		n += c
		r.served += c
	}
	return n, nil
}

// TestLogRefusedEarly feeds endless headers and summaries: the reader
// stops as soon as one passes its limit, without reading on.
func TestLogRefusedEarly(t *testing.T) {
	log := logReadGolden(t, "steplog-nqueens4-first.yaml")
	head := log[:strings.Index(log, "steps:\n")]
	tests := []struct {
		name, prefix, line, want string
	}{
		{"header", head, "# a comment\n", `step log: no "steps:" line in the first`},
		{"summary", log, "# a comment\n", "(from line " + strconv.Itoa(logLineOf(t, log, "summary:")) + ") is longer than 4194304 bytes"},
		{"line", log, "x", "longer than 1048576 bytes"},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			r := &logEndless{prefix: tc.prefix, line: tc.line, most: 8 << 20}
			_, _, err := Read(r, nil)
			if err == nil || !strings.Contains(err.Error(), tc.want) {
				t.Fatalf("got %v, want %q", err, tc.want)
			}
			if r.served > 5<<20+len(tc.prefix) {
				t.Errorf("read %d bytes before refusing", r.served)
			}
		})
	}
}

// TestLogLenient reads hand-edited lines outside the fast subset: they go
// to yaml.v3 and mean what YAML says.
func TestLogLenient(t *testing.T) {
	log := logReadGolden(t, "steplog-nqueens4-first.yaml")
	want := &logRecorder{}
	if _, _, err := Read(strings.NewReader(log), want); err != nil {
		t.Fatal(err)
	}
	step := func(n int) int { return logLineOf(t, log, fmt.Sprintf("{step: %d,", n)) }
	edits := []struct {
		line     int
		old, new string
	}{
		{step(1), "  - {step: 1, kind: call", "- {step: 0x1, kind: \"call\""},
		{step(2), "node: 0, depth: 0", "node: 0,   depth: +0"},
		{step(3), "}", "}   # a comment"},
		{step(4), "move: r0=c0", "move: 'r0=c0'"},
		{step(5), "note: \"try at depth 1\"", "note: try at depth 1"},
		{step(6), "{step: 6, kind: reject", "{ kind: reject,step: 6"},
		{step(7), "move: r1=c1", "move: \"r\\x31=c1\""},
		{logLineOf(t, log, "ok: false"), "ok: false", "ok: False"},
	}
	for _, ed := range edits {
		log = logEditLine(t, log, ed.line, ed.old, ed.new)
	}
	log = strings.Replace(log, "steps:\n", "steps:\n\n  # a comment line\n", 1)
	got := &logRecorder{}
	if _, _, err := Read(strings.NewReader(log), got); err != nil {
		t.Fatal(err)
	}
	if !reflect.DeepEqual(got, want) {
		for i := range got.events {
			if got.events[i] != want.events[i] || got.notes[i] != want.notes[i] {
				t.Errorf("step %d: got %+v %q, want %+v %q", i+1, got.events[i], got.notes[i], want.events[i], want.notes[i])
			}
		}
	}
}

// TestLogWordsAgree holds the fast reader's plain values to yaml.v3's.
func TestLogWordsAgree(t *testing.T) {
	lb := logAnyBoard(sudoku.SudokuDef, 9)
	for _, v := range []string{"yes", "no", "on", "off", "y", "n", "true", "false", "null", "none", "_", "row",
		"0", "-1", "7", "r2=c0", `"x"`, `"\x41\u4e2d"`, `"\"\\"`, "[0, 1]", "[-1, -1]"} {
		line := []byte("  - {step: 1, kind: try, node: 0, depth: 0, note: " + v + "}")
		var fast, slow stepReader
		ok, err := fast.scan(line)
		if !ok || err != nil {
			t.Errorf("%s: outside the fast subset", v)
			continue
		}
		if err := stepFieldsYAML(line, &slow.f); err != nil {
			t.Fatal(err)
		}
		fv, sv := fast.f.v[keyNote], slow.f.v[keyNote]
		if fv.kind != sv.kind || !bytes.Equal(fv.s, sv.s) || fv.n != sv.n || fv.b != sv.b || fv.pair != sv.pair {
			t.Errorf("%s: fast %+v, yaml.v3 %+v", v, fv, sv)
		}
		_, _, errF := fast.f.event(&lb)
		_, _, errS := slow.f.event(&lb)
		if fmt.Sprint(errF) != fmt.Sprint(errS) {
			t.Errorf("%s: fast %v, yaml.v3 %v", v, errF, errS)
		}
	}
}

func TestWriterErrors(t *testing.T) {
	h := Header{Problem: "nqueens", Size: 4, Instance: "n=4",
		Strategy: tracer.Strategy{Order: nqueens.OrderRows, Check: tracer.CheckScan, When: tracer.WhenBefore, Stop: tracer.StopAll}}
	if _, err := NewWriter(io.Discard, Header{Problem: "chess", Strategy: h.Strategy}, nil); err == nil ||
		err.Error() != `step log: unknown problem "chess": this program knows `+tracer.JoinValues(tracer.ProblemNames())+", and a log of format "+Format+" does not describe its problem" {
		t.Errorf("a header of no problem: %v", err)
	}
	bad := h
	bad.Format = "backtrack-steps/0"
	if _, err := NewWriter(io.Discard, bad, nil); err == nil {
		t.Error("another format was accepted")
	}
	// A failing writer: the error is kept and returned by Close.
	lw, err := NewWriter(&logFailAfter{n: 4000}, h, nil)
	if err != nil {
		t.Fatal(err)
	}
	e := tracer.Event{Kind: tracer.KindTry, Cell: tracer.Pos{Row: 0, Col: 1}, Value: 1, Parent: -1, Witness: tracer.NoPos, From: tracer.NoPos}
	for i := 1; i <= 100000; i++ {
		e.Step = int64(i)
		lw.Event(&e)
	}
	if err := lw.Close(tracer.Summary{Problem: "nqueens", Stats: tracer.Stats{Steps: 100000}}); err == nil || !strings.Contains(err.Error(), "disk full") {
		t.Errorf("Close: %v, want the write error", err)
	}
	// An event a log cannot spell.
	lw, _ = NewWriter(io.Discard, h, nil)
	e.Rule = tracer.NumRules
	lw.Event(&e)
	if err := lw.Close(tracer.Summary{}); err == nil || !strings.Contains(err.Error(), "has no name") {
		t.Errorf("Close: %v, want a rule with no name", err)
	}
	// A summary that does not count the steps logged.
	lw, _ = NewWriter(io.Discard, h, nil)
	lw.Event(&tracer.Event{Step: 1, Kind: tracer.KindCall, Parent: -1, Cell: tracer.NoPos, Value: -1, Witness: tracer.NoPos, From: tracer.NoPos})
	if err := lw.Close(tracer.Summary{}); err == nil || err.Error() != "step log: the summary counts 0 steps, but the log holds 1 step" {
		t.Errorf("Close: %v", err)
	}
}

type logFailAfter struct{ n int }

func (f *logFailAfter) Write(p []byte) (int, error) {
	if f.n -= len(p); f.n < 0 {
		return 0, fmt.Errorf("disk full")
	}
	return len(p), nil
}

// logOddHeader is a header of a small instance of def: n=4, or a 4×4
// puzzle for Sudoku (the default puzzle of any other puzzle problem).
func logOddHeader(t *testing.T, def *tracer.Def) Header {
	t.Helper()
	spec := tracer.Spec{Problem: def.Name, Order: def.Orders[len(def.Orders)-1], Check: def.Checks[0],
		When: tracer.WhenBefore, Stop: tracer.StopAll}
	switch {
	case def.Size != nil:
		spec.N = 4
	case def == sudoku.SudokuDef:
		spec.Puzzle = logSudoku4
	case def == subsets.SubsetsDef:
		spec.Puzzle = "nums 1,2,2,3,4,5" // values 0..5: the odd events' values fit
	}
	p, opts, err := spec.Build()
	if err != nil {
		t.Fatal(err)
	}
	return HeaderFor(p.Info(), opts)
}

// TestLogOddEvents writes events tracer.Run never makes, with every field
// set outside its kind, for every registered problem: the log still gives
// them back unchanged, but for the one thing a log of a template with no
// return value (the header's stop is all) does not hold: a return's OK,
// which the reader works out from the step before.
func TestLogOddEvents(t *testing.T) {
	for _, def := range tracer.Problems() {
		h := logOddHeader(t, def)
		lp := logProblemOf(t, h)
		rows, cols := lp.start.Rows, lp.start.Cols
		at := func(r, c int) tracer.Pos { return tracer.Pos{Row: min(r, rows-1), Col: min(c, cols-1)} }
		rules := def.RuleList()
		var events []tracer.Event
		step := int64(0)
		for _, k := range tracer.Kinds() {
			for _, e := range []tracer.Event{
				{Node: 3, Parent: 2, Depth: 2, Cell: at(1, 2), Value: 3, Rule: rules[0],
					Witness: at(0, 1), Cost: 4, From: at(0, 0), Skipped: 2, OK: true, Limit: tracer.LimitTime},
				{Parent: -1, Cell: tracer.NoPos, Witness: tracer.NoPos, From: tracer.NoPos},
				{Parent: -1, Cell: tracer.NoPos, Value: -1, Witness: tracer.NoPos, From: tracer.NoPos},
				{Parent: 0, Cell: tracer.Pos{Row: rows - 1, Col: -1}, Value: 0},
				{Parent: -1, Cell: tracer.NoPos, Value: 4, Witness: tracer.NoPos, From: tracer.NoPos},
				{Parent: -1, Cell: at(3, 3), Value: 0, Witness: tracer.NoPos, From: tracer.NoPos},
				{Parent: -1, Cell: at(3, 1), Value: 1, Witness: tracer.NoPos, From: tracer.NoPos},
			} {
				if e.Cell.Col == -1 && e.Cell.Row >= 0 && (k != tracer.KindExhausted || !lp.rowSlots) {
					continue // a row slot is only the cell of an exhausted, on a board of row slots
				}
				if e.Rule != tracer.RuleNone || k == tracer.KindReject {
					e.Rule = rules[len(rules)-1]
				}
				step++
				e.Step, e.Kind = step, k
				events = append(events, e)
			}
		}
		var buf bytes.Buffer
		lw, err := NewWriter(&buf, h, nil)
		if err != nil {
			t.Fatal(err)
		}
		st := &tracer.Stats{}
		rp := newLogReplay(lp)
		for i := range events {
			lw.Event(&events[i])
			st.Event(&events[i])
			rp.event(&events[i])
		}
		sum := tracer.Summary{Problem: def.Name, Size: h.Size, Instance: h.Instance, Strategy: h.Strategy, Status: tracer.StatusLimit,
			Rules: rules, Stats: *st, Solution: rp.boards[0], Solutions: rp.boards, Final: rp.rows()}
		if err := lw.Close(sum); err != nil {
			t.Fatal(err)
		}
		rec := &logRecorder{}
		// Such events contradict any instance: the moves are not checked.
		_, got, err := read(bytes.NewReader(buf.Bytes()), rec, readOptions{fast: true})
		if err != nil {
			t.Fatalf("%s: %v\n%s", def.Name, err, buf.Bytes())
		}
		var prev tracer.Event
		for i := range events {
			want := logVoidOK(h, prev, events[i])
			if rec.events[i] != want {
				t.Errorf("%s event %d:\n got %+v\nwant %+v", def.Name, i, rec.events[i], want)
			}
			prev = want
		}
		// The summary read carries the log's own Def (its instance's);
		// the one written was made by hand, without one.
		if got.Def == nil || got.Def.Name != def.Name || !reflect.DeepEqual(got.Def.RuleKeys(), lp.def.RuleKeys()) {
			t.Errorf("%s summary: Def %v, want the log's problem", def.Name, got.Def)
		}
		got.Def = nil
		got.Limit, sum.Limit = 0, 0
		if !reflect.DeepEqual(got, sum) {
			t.Errorf("%s summary:\n got %+v\nwant %+v", def.Name, got, sum)
		}
	}
}

// logPuzzleError is the error of sudoku.ParsePuzzle for text.
func logPuzzleError(t *testing.T, text string) string {
	t.Helper()
	if _, err := sudoku.ParsePuzzle(text); err != nil {
		return err.Error()
	}
	t.Fatalf("ParsePuzzle(%q) takes it", text)
	return ""
}

func FuzzRead(f *testing.F) {
	for _, g := range logGoldens {
		b, err := os.ReadFile(filepath.Join("testdata", g.file))
		if err != nil {
			f.Fatal(err)
		}
		f.Add(b)
		s := string(b)
		f.Add([]byte(strings.Replace(s, "move: r0=c0", `move: "r0=c0", note: "\x41\u00e9\t"`, 1)))
		f.Add([]byte(strings.Replace(s, "note: \"call at depth 0\"", `note: "a\"b\\c 中 ↗ \x85"`, 1)))
		f.Add([]byte(strings.Replace(s, "ok: false", "ok: 'false'", 1)))
		f.Add([]byte(s[:len(s)/2]))
		f.Add([]byte(strings.Replace(s, "size: ", "size: &s ", 1) + "x: *s\n"))
		f.Add([]byte(strings.Replace(s, "  size: ", "  size: *nope\n  ", 1)))
		f.Add([]byte(strings.Replace(s, "steps:\n", "steps:\n  - step: 1\n    kind: call\n", 1)))
		f.Add([]byte(strings.Replace(s, "node: 1,", "node: 7,", 1)))
		f.Add([]byte(strings.Replace(s, "lang: en\n", "lang: en\n---\n", 1)))
		f.Add([]byte(s + "---\nsummary: {}\n"))
		f.Add([]byte(strings.Replace(s, "move: p1=2", `move: " p1=2 "`, 1)))
		f.Add([]byte(strings.Replace(s, "move: p2=3", "move: p2=4", 1)))
		f.Add([]byte(strings.Replace(s, "problem: permutations", "problem: rooks", 1)))
		// Keys out of the writer's order, and a key that is a prefix of
		// the one the reader expects next.
		f.Add([]byte(strings.Replace(s, "{step: 2, kind: ", "{kind: try, step: 2, x: ", 1)))
		f.Add([]byte(strings.Replace(s, ", node: ", ", no: ", 2)))
		f.Add([]byte(strings.Replace(s, ", depth: ", ", depths: ", 1)))
		// Values the shortcut must leave to the general reader.
		f.Add([]byte(strings.Replace(s, "cost: 1,", "cost: 2147483648,", 1)))
		f.Add([]byte(strings.Replace(s, "node: 1,", "node: 01,", 1)))
		f.Add([]byte(strings.Replace(s, "}\n", "} \n", 3)))
	}
	f.Add([]byte(`{"format": "backtrack-steps/1", "problem": "nqueens", "size": 1, "steps": [], "summary": {}}`))
	f.Add([]byte("format: backtrack-steps/1\na: &a [x, x]\nb: &b [*a, *a]\nsize: *b\nsteps:\nsummary:\n  <<: *b\n"))
	f.Fuzz(func(t *testing.T, data []byte) {
		logLinesAgree(t, data)
		// Read's shortcut for the Writer's own lines changes nothing.
		readPathsAgree(t, data)
		// Into a tree, whose errors Read reports too: no panic, and
		// every error one plain line.
		if _, _, err := Read(bytes.NewReader(data), tracer.NewTree()); err != nil {
			logPlainError(t, err)
		}
		rec := &logRecorder{}
		h, sum, err := Read(bytes.NewReader(data), rec)
		if err != nil {
			logPlainError(t, err)
			return
		}
		var buf bytes.Buffer
		i := 0
		// A log of an older version is written back in this one: its
		// events, slots filled in, are the same.
		older := h.Format
		h.Format = Format
		lw, err := NewWriter(&buf, h, func(*tracer.Event) string { i++; return rec.notes[i-1] })
		if err != nil {
			t.Fatalf("a header that reads does not write: %v", err)
		}
		for k := range rec.events {
			lw.Event(&rec.events[k])
		}
		if err := lw.Close(sum); err != nil {
			t.Fatalf("a log that reads does not write: %v", err)
		}
		again := &logRecorder{}
		h2, sum2, err := Read(bytes.NewReader(buf.Bytes()), again)
		if err != nil {
			t.Fatalf("a log written back does not read: %v\n%s", err, buf.Bytes())
		}
		h.Format = older
		h2.Format = older
		hd, hd2 := h, h2
		hd.Definition, hd2.Definition = nil, nil
		if hd2 != hd || h2.Definition == nil || (h.Definition != nil && !reflect.DeepEqual(h2.Definition, h.Definition)) || !reflect.DeepEqual(sum2, sum) {
			t.Fatalf("header or summary changed:\n%+v\n%+v\n%+v\n%+v", h, h2, sum, sum2)
		}
		if !reflect.DeepEqual(again, rec) {
			t.Fatalf("steps or notes changed")
		}
	})
}

// logLinesAgree checks that every line the fast reader takes apart is taken
// apart the same by yaml.v3.
func logLinesAgree(t *testing.T, data []byte) {
	var lbs []logBoard
	for _, def := range tracer.Problems() {
		lbs = append(lbs, logAnyBoard(def, 16))
	}
	// One fast reader for all the lines, as Read has: what one line
	// leaves in its buffers must not leak into the next.
	var fast stepReader
	for _, line := range bytes.Split(data, []byte("\n")) {
		line = bytes.TrimSuffix(line, []byte("\r"))
		var slow stepReader
		ok, err := fast.scan(line)
		if !ok || err != nil {
			continue
		}
		if err := stepFieldsYAML(line, &slow.f); err != nil {
			t.Fatalf("the fast reader takes a line yaml.v3 refuses (%v): %q", err, line)
		}
		if fast.f.set != slow.f.set {
			t.Fatalf("keys differ: %q", line)
		}
		for k := range fast.f.v {
			if !fast.f.has(k) {
				continue
			}
			fv, sv := fast.f.v[k], slow.f.v[k]
			if fv.kind != sv.kind || fv.n != sv.n || fv.b != sv.b || fv.pair != sv.pair || (fv.kind != valPair && !bytes.Equal(fv.s, sv.s)) {
				t.Fatalf("%s: fast %+v, yaml.v3 %+v in %q", stepKeyNames[k], fv, sv, line)
			}
		}
		for i := range lbs {
			fe, fn, ferr := fast.f.event(&lbs[i])
			se, sn, serr := slow.f.event(&lbs[i])
			if fe != se || !bytes.Equal(fn, sn) || fmt.Sprint(ferr) != fmt.Sprint(serr) {
				t.Fatalf("events differ for %s: %q", lbs[i].moves.def.Name, line)
			}
		}
	}
}

// logHeapSampler samples the heap in use every few steps.
type logHeapSampler struct {
	every, n int64
	max      uint64
}

func (h *logHeapSampler) Event(*tracer.Event) {
	if h.n++; h.n%h.every == 0 {
		h.sample()
	}
}

func (h *logHeapSampler) sample() {
	var ms runtime.MemStats
	runtime.ReadMemStats(&ms)
	h.max = max(h.max, ms.HeapInuse)
}

func logHeapInUse() uint64 {
	runtime.GC()
	var ms runtime.MemStats
	runtime.ReadMemStats(&ms)
	return ms.HeapInuse
}

// TestLogMemory writes and reads the log of 10-queens, every solution
// (about 838k steps), and shows that the heap stays flat on both sides.
func TestLogMemory(t *testing.T) {
	if testing.Short() {
		t.Skip("a 10-queens log: run without -short")
	}
	const MiB = 1 << 20
	dropSharedLogs() // the heap measured is this test's
	run := func(w io.Writer, sinks ...tracer.Sink) (*tracer.Result, tracer.Summary, time.Duration) {
		p, err := nqueens.NewNQueens(10, tracer.CheckScan)
		if err != nil {
			t.Fatal(err)
		}
		opts := tracer.Options{Stop: tracer.StopAll}
		lw, err := NewWriter(w, HeaderFor(p.Info(), opts), nil)
		if err != nil {
			t.Fatal(err)
		}
		st := &tracer.Stats{}
		opts.Sinks = append([]tracer.Sink{st, lw}, sinks...)
		start := time.Now()
		res, err := tracer.Run(context.Background(), p, opts)
		if err != nil {
			t.Fatal(err)
		}
		sum := tracer.Summarize(p.Info(), opts, res, st)
		if err := lw.Close(sum); err != nil {
			t.Fatal(err)
		}
		return res, sum, time.Since(start)
	}
	// The search alone, for the write rate's sake.
	p, _ := nqueens.NewNQueens(10, tracer.CheckScan)
	start := time.Now()
	tracer.Run(context.Background(), p, tracer.Options{Stop: tracer.StopAll, Sinks: []tracer.Sink{&tracer.Stats{}}})
	bare := time.Since(start)

	base := logHeapInUse()
	hs := &logHeapSampler{every: 50000}
	res, _, took := run(io.Discard, hs)
	hs.sample()
	writeRate := float64(res.Steps) / (took - bare).Seconds()
	t.Logf("write: %d steps in %v (search alone %v): %.2fM steps/s for the log; heap in use %.1f MiB before, at most %.1f MiB during",
		res.Steps, took.Round(time.Millisecond), bare.Round(time.Millisecond), writeRate/1e6, float64(base)/MiB, float64(hs.max)/MiB)
	if hs.max > base+8*MiB {
		t.Errorf("writing grew the heap by %.1f MiB", float64(hs.max-base)/MiB)
	}
	if res.Steps < 800_000 {
		t.Errorf("only %d steps", res.Steps)
	}

	var buf bytes.Buffer
	_, want, _ := run(&buf)
	logSize := buf.Len()
	base = logHeapInUse() // the log itself is on the heap
	hs = &logHeapSampler{every: 50000}
	start = time.Now()
	_, sum, err := Read(bytes.NewReader(buf.Bytes()), hs)
	took = time.Since(start)
	if err != nil {
		t.Fatal(err)
	}
	hs.sample()
	t.Logf("read: %d steps (%.1f MiB of log) in %v: %.2fM steps/s; heap in use %.1f MiB before (the log included), at most %.1f MiB during",
		sum.Stats.Steps, float64(logSize)/MiB, took.Round(time.Millisecond), float64(sum.Stats.Steps)/took.Seconds()/1e6,
		float64(base)/MiB, float64(hs.max)/MiB)
	if hs.max > base+8*MiB {
		t.Errorf("reading grew the heap by %.1f MiB", float64(hs.max-base)/MiB)
	}
	if hs.max > 150*MiB {
		t.Errorf("the heap reached %.1f MiB", float64(hs.max)/MiB)
	}
	want.Solutions, sum.Solutions = nil, nil
	if !reflect.DeepEqual(sum, want) {
		t.Errorf("summary read back differs:\n got %+v\nwant %+v", sum, want)
	}
}

// TestLogWriteAllocs shows that writing a step allocates nothing, once
// each move has been spelled (the first time costs one string a move).
func TestLogWriteAllocs(t *testing.T) {
	for _, c := range []logCase{logCases[5], logCases[12], logCases[len(logCases)-1]} {
		lr := runLogged(t, c, nil)
		lw, err := NewWriter(io.Discard, lr.header, nil)
		if err != nil {
			t.Fatal(err)
		}
		for i := range lr.events {
			lw.Event(&lr.events[i])
		}
		i := 0
		allocs := testing.AllocsPerRun(10000, func() {
			lw.Event(&lr.events[i%len(lr.events)])
			i++
		})
		if allocs != 0 {
			t.Errorf("%s: %v allocations per step written", c.name, allocs)
		}
	}
}

func BenchmarkLogWrite(b *testing.B) {
	for _, c := range []logCase{logCases[5], logCases[12], logCases[len(logCases)-1]} {
		b.Run(c.name, func(b *testing.B) {
			lr := runLogged(b, c, nil)
			lw, err := NewWriter(io.Discard, lr.header, nil)
			if err != nil {
				b.Fatal(err)
			}
			b.ReportAllocs()
			b.ResetTimer()
			for i := 0; i < b.N; i++ {
				lw.Event(&lr.events[i%len(lr.events)])
			}
			b.ReportMetric(float64(b.N)/b.Elapsed().Seconds(), "steps/s")
		})
	}
}

// BenchmarkLogRead reads whole step logs back: without notes, with tricky
// notes (escapes of every kind), and with the tracer's own notes in
// English and Chinese on whole runs (8-queens, all solutions: 39,667 steps;
// LeetCode 37: 96,246 steps), where the header's cost is spread thin. lc37
// is a short log (3,000 steps), so its header is a good part of the time.
func BenchmarkLogRead(b *testing.B) {
	lc37 := logCase{name: "lc37-whole", problem: logSudoku(sudoku.LeetCode37, sudoku.OrderScan2D, tracer.CheckScan)}
	type readCase struct {
		c     logCase
		notes string // "", "tricky", "en" or "zh"
	}
	cases := []readCase{{logCases[5], ""}, {logCases[5], "tricky"}, {logCases[12], ""}, {logCases[12], "tricky"},
		{logCases[5], "en"}, {logCases[5], "zh"}, {lc37, "en"}, {lc37, "zh"}}
	for _, rc := range cases {
		name := rc.c.name
		if rc.notes != "" {
			name += "-" + rc.notes
		}
		b.Run(name, func(b *testing.B) {
			var note func(*tracer.Event) string
			switch rc.notes {
			case "tricky":
				note = logTrickyNote
			case "en", "zh":
				p, err := rc.c.problem()
				if err != nil {
					b.Fatal(err)
				}
				note = tracer.NewNarrator(p.Info(), HeaderFor(p.Info(), rc.c.opts).Strategy, tracer.Lang(rc.notes)).Note
			}
			lr := runLogged(b, rc.c, note)
			b.SetBytes(int64(len(lr.log)))
			b.ReportAllocs()
			b.ResetTimer()
			for i := 0; i < b.N; i++ {
				if _, _, err := Read(bytes.NewReader(lr.log), nil); err != nil {
					b.Fatal(err)
				}
			}
			steps := float64(b.N) * float64(len(lr.events))
			b.ReportMetric(steps/b.Elapsed().Seconds(), "steps/s")
			b.ReportMetric(0, "ns/op")
		})
	}
}

// TestLogNarrated logs runs with the tracer's own notes, in English and
// Chinese, and reads the notes back unchanged.
func TestLogNarrated(t *testing.T) {
	for _, c := range []logCase{logCases[1], logCases[7], logCases[9], logCases[13]} {
		for _, lang := range tracer.Langs {
			t.Run(c.name+"-"+string(lang), func(t *testing.T) {
				p, err := c.problem()
				if err != nil {
					t.Fatal(err)
				}
				h := HeaderFor(p.Info(), c.opts)
				live := tracer.NewNarrator(p.Info(), h.Strategy, lang)
				lr := runLoggedIn(t, c, live.Note, string(lang))
				again := tracer.NewNarrator(p.Info(), h.Strategy, lang)
				rec := &logRecorder{}
				if _, _, err := Read(bytes.NewReader(lr.log), rec); err != nil {
					t.Fatal(err)
				}
				for i := range rec.events {
					if want := again.Note(&lr.events[i]); rec.notes[i] != want {
						t.Fatalf("note of step %d: got %q, want %q", i+1, rec.notes[i], want)
					}
				}
			})
		}
	}
}

// The log of 2-queens (no solution), written as the search runs.
func ExampleNewWriter() {
	p, _ := nqueens.NewNQueens(2, tracer.CheckScan)
	opts := tracer.Options{Stop: tracer.StopAll}
	h := HeaderFor(p.Info(), opts)
	h.Tool = "backtrack example"

	var buf bytes.Buffer
	lw, err := NewWriter(&buf, h, nil) // no notes; see tracer.Narrator for them
	if err != nil {
		fmt.Println(err)
		return
	}
	st := &tracer.Stats{}
	opts.Sinks = []tracer.Sink{st, lw}
	res, _ := tracer.Run(context.Background(), p, opts)
	if err := lw.Close(tracer.Summarize(p.Info(), opts, res, st)); err != nil {
		fmt.Println(err)
		return
	}
	// The header, its definition block cut short, and the first steps.
	lines := strings.Split(buf.String(), "\n")
	fmt.Println(strings.Join(lines[:14], "\n"))
	fmt.Println("  …")
	i := slices.Index(lines, "steps:")
	fmt.Println(strings.Join(lines[i:i+4], "\n"))
	// Output:
	// # backtrack step log: every step of one search (see README)
	// format: backtrack-steps/3
	// tool: backtrack example
	// problem: nqueens
	// size: 2
	// instance: "n=2"
	// strategy: {order: rows, check: scan, when: before, stop: all}
	// lang: ""
	// definition:
	//   title: {en: N-Queens, zh: N 皇后}
	//   label: {en: n=2, zh: n=2}
	//   board:
	//     rows: 2
	//     cols: 2
	//   …
	// steps:
	//   - {step: 1, kind: call, node: 0, depth: 0, parent: -1, slot: [0, -1]}
	//   - {step: 2, kind: try, node: 0, depth: 0, move: r0=c0}
	//   - {step: 3, kind: place, node: 0, depth: 0, move: r0=c0, cost: 0}
}

// Reading a log back: the steps rebuild the search tree, and the summary
// comes back with the counts.
func ExampleRead() {
	log, err := os.ReadFile("testdata/steplog-nqueens4-first.yaml")
	if err != nil {
		fmt.Println(err)
		return
	}
	tree := tracer.NewTree()
	h, sum, err := Read(bytes.NewReader(log), tree)
	if err != nil {
		fmt.Println(err)
		return
	}
	calls, pruned := tree.Counts()
	fmt.Println(h.Problem, h.Instance, h.Strategy)
	fmt.Println(sum.Status, sum.Stats.Steps, "steps,", calls, "calls,", pruned, "pruned")
	fmt.Println(sum.Solution)
	// Output:
	// nqueens n=4 order=rows check=scan when=before stop=first
	// solved 79 steps, 9 calls, 18 pruned
	// [.Q.. ...Q Q... ..Q.]
}

// FuzzLogNote writes any text as a note: the fast reader and yaml.v3 both
// read the line, and both give the text back (each byte that is not UTF-8
// becomes U+FFFD).
func FuzzLogNote(f *testing.F) {
	for _, s := range logTrickyNotes {
		f.Add(s)
	}
	f.Add("\xff\xfe bad \xc3")
	p, _ := nqueens.NewNQueens(4, tracer.CheckScan)
	h := HeaderFor(p.Info(), tracer.Options{})
	lw, err := NewWriter(io.Discard, h, nil)
	if err != nil {
		f.Fatal(err)
	}
	e := tracer.Event{Step: 1, Kind: tracer.KindTry, Parent: -1, Cell: tracer.Pos{Row: 1, Col: 2}, Value: 2,
		Witness: tracer.NoPos, From: tracer.NoPos}
	lb := newLogBoard(logProblemOf(f, h))
	f.Fuzz(func(t *testing.T, note string) {
		line := lw.appendStep(nil, &e, note)
		line = line[:len(line)-1] // the newline
		want := string([]rune(note))
		var fast, slow stepReader
		if ok, err := fast.scan(line); !ok || err != nil {
			t.Fatalf("the writer's line is outside the fast subset: %s", line)
		}
		if err := stepFieldsYAML(line, &slow.f); err != nil {
			t.Fatalf("yaml.v3: %v in %s", err, line)
		}
		for _, sr := range []*stepReader{&fast, &slow} {
			got, n, err := sr.f.event(&lb)
			if err != nil || got != e || string(n) != want {
				t.Fatalf("read %+v %q (%v), want %q from %s", got, n, err, want, line)
			}
		}
	})
}

// logNoteTree is a tracer.Tree that also keeps the notes Read hands it.
type logNoteTree struct {
	*tracer.Tree
	notes []string
}

func (n *logNoteTree) EventNote(e *tracer.Event, note string) {
	n.Tree.Event(e)
	n.notes = append(n.notes, note)
}

// TestLogPermutations writes the step log of `permutations n=3`, built as
// the command line builds it (tracer.Spec.Build), with a tracer.Narrator's
// notes in each language, and reads it back: the same header, summary,
// tree and notes.
func TestLogPermutations(t *testing.T) {
	for _, lang := range tracer.Langs {
		t.Run(string(lang), func(t *testing.T) {
			p, opts, err := tracer.Spec{Problem: "permutations", N: 3}.Build()
			if err != nil {
				t.Fatal(err)
			}
			h := HeaderFor(p.Info(), opts)
			h.Tool, h.Lang = "backtrack (test)", string(lang)
			var buf bytes.Buffer
			lw, err := NewWriter(&buf, h, tracer.NewNarrator(p.Info(), h.Strategy, lang).Note)
			if err != nil {
				t.Fatal(err)
			}
			live, st, rec := tracer.NewTree(), &tracer.Stats{}, &logRecorder{}
			opts.Sinks = []tracer.Sink{live, st, rec, lw}
			res, err := tracer.Run(context.Background(), p, opts)
			if err != nil {
				t.Fatal(err)
			}
			sum := tracer.Summarize(p.Info(), opts, res, st)
			if err := lw.Close(sum); err != nil {
				t.Fatal(err)
			}
			if sum.Status != tracer.StatusComplete || sum.Stats.Solutions != 6 || !reflect.DeepEqual(sum.Solution, []string{"123"}) {
				t.Fatalf("the run: %s, %d solutions, first %v: want complete, 6, [123]", sum.Status, sum.Stats.Solutions, sum.Solution)
			}
			if !strings.Contains(buf.String(), "move: p2=3") {
				t.Errorf("no move p2=3 in the log:\n%s", buf.String())
			}

			tree := &logNoteTree{Tree: tracer.NewTree()}
			gh, got, err := Read(bytes.NewReader(buf.Bytes()), tree)
			if err != nil {
				t.Fatal(err)
			}
			if gh.Definition == nil {
				t.Errorf("header: no definition block")
			}
			if gh.Definition = nil; gh != h {
				t.Errorf("header:\n got %+v\nwant %+v", gh, h)
			}
			if !reflect.DeepEqual(got, sum) {
				t.Errorf("summary:\n got %+v\nwant %+v", got, sum)
			}
			if !reflect.DeepEqual(tree.Tree, live) {
				t.Errorf("the tree read back differs from the live tree")
			}
			again := tracer.NewNarrator(p.Info(), h.Strategy, lang)
			if len(tree.notes) != len(rec.events) {
				t.Fatalf("%d notes read, %d steps run", len(tree.notes), len(rec.events))
			}
			for i := range rec.events {
				if want := again.Note(&rec.events[i]); tree.notes[i] != want {
					t.Fatalf("note of step %d: got %q, want %q", i+1, tree.notes[i], want)
				}
			}
		})
	}
}

// logMoveHeaders are instances of each registered problem whose every move
// TestLogMoves writes: small, and the largest values (Sudoku's A-G).
func logMoveHeaders(t *testing.T) []Header {
	var hs []Header
	for _, def := range tracer.Problems() {
		hs = append(hs, logOddHeader(t, def))
		var spec tracer.Spec
		switch {
		case def.Size != nil:
			spec = tracer.Spec{Problem: def.Name, N: def.Size.Max}
		case def == sudoku.SudokuDef:
			spec = tracer.Spec{Problem: def.Name, Puzzle: strings.Repeat(".", 256)}
		default:
			continue
		}
		p, opts, err := spec.Build()
		if err != nil {
			t.Fatal(err)
		}
		hs = append(hs, HeaderFor(p.Info(), opts))
	}
	return hs
}

// TestLogMoves writes a try of every value at every cell of each
// registered problem's board, and reads each line back with both readers:
// the same cell and value come back, as a move where the problem's Move
// spells one that its ParseMove reads back, else as cell and value.
func TestLogMoves(t *testing.T) {
	for _, h := range logMoveHeaders(t) {
		lp := logProblemOf(t, h)
		lb := newLogBoard(lp)
		lw, err := NewWriter(io.Discard, h, nil)
		if err != nil {
			t.Fatal(err)
		}
		moves, spellable := 0, false
		for r := 0; r < lp.start.Rows; r++ {
			for c := 0; c < lp.start.Cols; c++ {
				lo, hi := valueBounds(lp)
				for v := lo - 1; v <= hi+1; v++ {
					e := tracer.Event{Step: 1, Kind: tracer.KindTry, Parent: -1, Cell: tracer.Pos{Row: r, Col: c}, Value: v,
						Witness: tracer.NoPos, From: tracer.NoPos}
					// yaml.v3 has no memory: the second pass's line, when
					// it is the first's byte for byte, is taken apart as
					// the first pass took it.
					var firstLine []byte
					var firstSlow stepFields
					for pass := 0; pass < 2; pass++ { // the second from the writer's and reader's memory
						line := lw.appendStep(nil, &e, "")
						line = line[:len(line)-1]
						text := lp.def.Move(e.Cell, v)
						pc, pv, perr := lp.def.ParseMove(text, lp.info.Size)
						isMove := bytes.Contains(line, []byte("move: "))
						if perr == nil && pc == e.Cell && pv == v {
							spellable = true
						}
						if isMove != (perr == nil && pc == e.Cell && pv == v) {
							t.Fatalf("%s: %s: ParseMove(%q): %v %d %v", h.Problem, line, text, pc, pv, perr)
						}
						if isMove && pass == 0 {
							moves++
						}
						var fast, slow stepReader
						if ok, err := fast.scan(line); !ok || err != nil {
							t.Fatalf("%s: the writer's line is outside the fast subset: %s", h.Problem, line)
						}
						if pass == 1 && bytes.Equal(line, firstLine) {
							slow.f = firstSlow
						} else if err := stepFieldsYAML(line, &slow.f); err != nil {
							t.Fatalf("%s: yaml.v3: %v in %s", h.Problem, err, line)
						}
						firstLine, firstSlow = line, slow.f
						for _, sr := range []*stepReader{&fast, &slow} {
							got, _, err := sr.f.event(&lb)
							if v < lo || v > hi {
								if err == nil {
									t.Fatalf("%s: %s reads with no error", h.Problem, line)
								}
								continue
							}
							if err != nil || got != e {
								t.Fatalf("%s: %s reads as %+v (%v)", h.Problem, line, got, err)
							}
						}
					}
				}
			}
		}
		// A list problem's move reads its number alone ("1"), which does
		// not say its position: its log writes cell and value instead.
		if moves == 0 && spellable {
			t.Errorf("%s: no move was written as one", h.Problem)
		}
	}
}

// FuzzMoves holds the reader's moves to def.ParseMove, the one parser of
// moves, for every registered problem: the same cell and value, or the
// same error, read once and then again (from the reader's memory).
func FuzzMoves(f *testing.F) {
	for _, s := range []string{"r0=c1", "r3=c3", "(0,2)=4", "(15,15)=G", "p2=3", "p9=10", " r1=c0 ", "(01,2)=3", "p09=1",
		"r-1=c0", "p2=+1", "(0,0)=0", "", "p", "r1=c0\x00", "（0,1)=2", "p0=1 ", "r1 = c0"} {
		f.Add(s, uint8(4))
		f.Add(s, uint8(16))
	}
	f.Fuzz(func(t *testing.T, text string, size uint8) {
		n := int(size%30) + 1
		for _, def := range tracer.Problems() {
			mr := moveReader{def: def, size: n, known: map[string]moveAt{}}
			wc, wv, werr := def.ParseMove(text, n)
			for pass := 0; pass < 2; pass++ {
				c, v, err := mr.parse([]byte(text))
				if (err == nil) != (werr == nil) || (err == nil && (c != wc || v != wv)) || (err != nil && err.Error() != werr.Error()) {
					t.Fatalf("%s size %d %q: read %v %d %v, ParseMove %v %d %v", def.Name, n, text, c, v, err, wc, wv, werr)
				}
			}
		}
	})
}

// appendQuotedPlain is appendQuoted without its fast paths, one rune at a
// time: FuzzQuoted checks that both write the same bytes.
func appendQuotedPlain(b []byte, s string) []byte {
	b = append(b, '"')
	for i := 0; i < len(s); {
		r, size := utf8.DecodeRuneInString(s[i:])
		switch {
		case r == utf8.RuneError && size == 1:
			b = append(b, "\uFFFD"...)
		case rawInQuotes(r):
			b = append(b, s[i:i+size]...)
		case r == '"':
			b = append(b, `\"`...)
		case r == '\\':
			b = append(b, `\\`...)
		case r == '\n':
			b = append(b, `\n`...)
		case r == '\t':
			b = append(b, `\t`...)
		case r < 0x100:
			b = append(b, '\\', 'x', hexDigits[r>>4], hexDigits[r&15])
		default:
			b = append(b, '\\', 'u', hexDigits[r>>12&15], hexDigits[r>>8&15], hexDigits[r>>4&15], hexDigits[r&15])
		}
		i += size
	}
	return append(b, '"')
}

// FuzzQuoted checks appendQuoted's eight-bytes-at-a-time and Chinese
// fast paths against the plain rune loop.
func FuzzQuoted(f *testing.F) {
	for _, s := range logTrickyNotes {
		f.Add(s)
	}
	f.Add("a queen at (2,1) would share column 1 with the queen at (0,1): prune (剪枝)")
	f.Add("(2,1) 放皇后会与 (0,1) 的皇后同列：剪枝\u2028\x7f\"\\\t\n\x01\xe4\xb8")
	f.Fuzz(func(t *testing.T, s string) {
		if got, want := appendQuoted(nil, s), appendQuotedPlain(nil, s); string(got) != string(want) {
			t.Fatalf("%q: got %s, want %s", s, got, want)
		}
	})
}

// TestRaw3 checks raw3 on every three bytes that start with 0xE0 to 0xEF
// against utf8.DecodeRune and rawInQuotes.
func TestRaw3(t *testing.T) {
	for c0 := 0xe0; c0 <= 0xef; c0++ {
		for c1 := 0; c1 < 256; c1++ {
			for c2 := 0; c2 < 256; c2++ {
				b := []byte{byte(c0), byte(c1), byte(c2)}
				r, size := utf8.DecodeRune(b)
				want := size == 3 && rawInQuotes(r) // (U+FFFD itself is valid: size 3)
				if got := raw3(b[0], b[1], b[2]); got != want {
					t.Fatalf("% x: raw3 %v, want %v", b, got, want)
				}
			}
		}
	}
}
