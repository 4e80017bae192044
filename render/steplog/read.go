package steplog

import (
	"bufio"
	"bytes"
	"errors"
	"fmt"
	"io"
	"strconv"
	"strings"

	"github.com/backtrack-edu/backtrack/tracer"
)

// This file reads a step log back: Read goes through the header, the
// steps and the summary line by line, and holds the summary to the steps.

// NoteSink is a tracer.Sink that also wants the note of each step. When the
// sink given to Read implements it, Read calls EventNote instead of
// Event; note is "" for a step without one.
type NoteSink interface {
	tracer.Sink
	EventNote(e *tracer.Event, note string)
}

// ErrSink is a tracer.Sink that can find a step it cannot take (as
// tracer.Tree does: a call numbered out of order, a return with no call
// open). When the sink given to Read implements it, Read calls Err
// after each step and stops at the first error, naming the step's line.
type ErrSink interface {
	tracer.Sink
	Err() error
}

// HeaderSink is a tracer.Sink that wants to know the run before its first
// step: when the sink given to Read implements it, Read calls LogHeader
// once, after the header is read and checked, with the header and the
// problem instance its settings describe (as tracer.Spec builds it).
type HeaderSink interface {
	tracer.Sink
	LogHeader(h Header, info tracer.Info)
}

// Limits that keep a reader's memory bounded on input that is no step log.
const (
	maxLogLine    = 1 << 20                     // one step line (a note can be long, not this long)
	maxLogHeader  = 1 << 20                     // the keys before "steps:"
	maxLogSummary = 4 << 20                     // the summary and the tables after it
	logKeepBoards = tracer.DefaultKeepSolutions // solution boards kept, as tracer.Run keeps by default
)

// Read reads a step log line by line, with memory that does not grow
// with the number of steps: it holds one line at a time, and the header and
// the summary (at most 1 MiB each). It hands every step to sink (which may
// be nil) as a tracer.Event, and returns the header and the summary. If
// sink is a NoteSink it gets each step's note too; if it is an ErrSink (as
// tracer.Tree is), Read stops at the first step the sink could not
// take, naming its line.
//
// The header and the summary are parsed with yaml.v3. A step line in the
// Writer's own layout is read by a shortcut straight into the event
// (fastStep); any other goes through a fast reader of the subset Writer
// writes, and a line outside it (hand-edited, say) is decoded by yaml.v3,
// one step a line. All three accept, refuse and word errors alike. The log is
// checked as it goes, and refused at the first line that is wrong: the
// format version, each step (kind, rule, cells on the board, …), steps
// numbered 1, 2, 3 … without gaps, and at the end a summary whose counts
// are those of the steps. Errors are one line that names the line of the
// file and the step: `step log line 57 (step 50): unknown kind "jump"`,
// `step log line 90 (summary): unknown key "trials" (want problem, …)`. On
// error, sink has seen the steps before the bad line.
//
// Under a template with no return value (the header's strategy is
// tracer.Strategy.Void: stop all or no-return) a return step has no ok:
// Read gives the event the OK the tracer gives it (tracer.VoidReturnOK,
// from the step before), and ignores an ok that an older log wrote there.
//
// The Summary comes back whole but for what a log does not hold:
// Problem, Size, Strategy, Status and Solution are the summary's keys;
// Instance comes from the header and Rules from the problem's Def; Stats are
// counted from the steps (so PerDepth, FirstSolutionStep and Limit are
// filled in, and equal the summary's keys where it has them); Limit is the
// limit step's; Final and Solutions are the boards replayed from the moves
// (Solutions keeps the first 10, tracer.Run's default).
func Read(r io.Reader, sink tracer.Sink) (Header, tracer.Summary, error) {
	if r == nil {
		return Header{}, tracer.Summary{}, errors.New("step log: the reader is nil")
	}
	return read(r, sink, readOptions{fast: true, moves: true})
}

// readOptions are read's switches; Read turns both on.
type readOptions struct {
	// fast: step lines in the Writer's own layout take the shortcut of
	// stepReader.fastStep (the tests turn it off to compare).
	fast bool
	// moves: the steps' moves are checked on the header's instance
	// (movesCheck; the tests of events tracer.Run never makes turn it
	// off).
	moves bool
}

// read is Read, with its switches.
func read(r io.Reader, sink tracer.Sink, ro readOptions) (Header, tracer.Summary, error) {
	fast := ro.fast
	var (
		h   Header
		sum tracer.Summary
	)
	sc := bufio.NewScanner(r)
	sc.Buffer(make([]byte, 0, 4<<10), maxLogLine) // grown as a line needs
	lineNo := 0
	scanErr := func() error {
		if err := sc.Err(); err != nil {
			if errors.Is(err, bufio.ErrTooLong) {
				return fmt.Errorf("step log line %d: longer than %d bytes", lineNo+1, maxLogLine)
			}
			return fmt.Errorf("step log: %w", err)
		}
		return nil
	}

	// 1. The header: everything before "steps:".
	var head []byte
	steps := false
	for sc.Scan() {
		lineNo++
		line := sc.Bytes()
		if isTopKey(line, "steps") {
			steps = true
			break
		}
		if len(head)+len(line) >= maxLogHeader {
			return h, sum, fmt.Errorf("step log: no \"steps:\" line in the first %s: not a step log", logPlural(int64(lineNo), "line"))
		}
		head = append(append(head, line...), '\n')
	}
	if err := scanErr(); err != nil {
		return h, sum, err
	}
	h, err := decodeLogHeader(head)
	if err != nil {
		return h, sum, logPartError("header", err)
	}
	lp, err := checkLogHeader(&h)
	if err != nil {
		return h, sum, fmt.Errorf("step log header: %w", err)
	}
	if !steps {
		return h, sum, errors.New("step log: no \"steps:\" line after the header")
	}
	head = nil
	if hs, ok := sink.(HeaderSink); ok {
		hs.LogHeader(h, lp.info)
	}

	// 2. The steps, up to "summary:".
	lb := newLogBoard(lp)
	replay := newLogReplay(lp)
	var moves *movesCheck
	var cands *candidateCheck
	if ro.moves {
		moves = newMovesCheck(lp, lp.problem, h.Strategy.When)
		if moves == nil {
			// Where the moves are not replayed on the instance (a word
			// search's land away from their slot), each try is held
			// to its call's candidates at least.
			cands = newCandidateCheck(lp)
		}
	}
	lp.problem = nil
	var v1 *v1Slots
	if h.Format == FormatV1 {
		v1 = newV1Slots(lp)
	}
	var (
		sr    stepReader
		st    tracer.Stats
		last  int64
		ns, _ = sink.(NoteSink)
		es, _ = sink.(ErrSink)
		e     tracer.Event // one for all steps: sinks get a pointer to it
		prev  tracer.Event // the step before e
		note  []byte
		void  = h.Strategy.Void()
	)
	defer sr.notes.release()
	summary := false
	for sc.Scan() {
		lineNo++
		line := sc.Bytes()
		var err error
		ok := false
		if fast {
			// A step as the Writer writes it, numbered next.
			note, ok = sr.fastStep(line, &lb, &e, last+1)
			ok = ok && e.Step == last+1
		}
		if !ok {
			if isBlankOrComment(line) {
				continue
			}
			if isTopKey(line, "summary") {
				summary = true
				break
			}
			err = sr.readStep(line)
			if err == nil {
				e, note, err = sr.f.event(&lb)
			}
			if err == nil && e.Step != last+1 {
				err = fmt.Errorf("want step %d: steps are numbered without gaps", last+1)
			}
		}
		if err != nil {
			where := fmt.Sprintf("after step %d", last)
			if last == 0 {
				where = "before step 1"
			}
			if n, ok := sr.f.stepNumber(); ok {
				where = fmt.Sprintf("step %d", n)
			} else if sr.guess > 0 {
				where = fmt.Sprintf("step %d", sr.guess)
			}
			if !sc.Scan() && sc.Err() == nil {
				err = fmt.Errorf("%w (the last line, with no summary after it: was the file cut short?)", err)
			}
			return h, sum, fmt.Errorf("step log line %d (%s): %w", lineNo, where, err)
		}
		v1.event(&e)
		if err := moves.event(&e); err != nil {
			return h, sum, fmt.Errorf("step log line %d (step %d): %w", lineNo, e.Step, err)
		}
		if err := cands.event(&e); err != nil {
			return h, sum, fmt.Errorf("step log line %d (step %d): %w", lineNo, e.Step, err)
		}
		if e.Step == 1 && ro.moves {
			if err := checkNoteLang(lp, &h, &e, note); err != nil {
				return h, sum, fmt.Errorf("step log line %d (step 1): %w", lineNo, err)
			}
		}
		if void && e.Kind == tracer.KindReturn {
			// A template with no return value: its returns carry no ok
			// (an older log's is ignored); the events say what the
			// tracer's OK is.
			e.OK = tracer.VoidReturnOK(&prev, &e)
		}
		prev = e
		last = e.Step
		st.Event(&e)
		replay.event(&e)
		switch {
		case ns != nil:
			ns.EventNote(&e, string(note))
		case sink != nil:
			sink.Event(&e)
		}
		if es != nil {
			if err := es.Err(); err != nil {
				return h, sum, fmt.Errorf("step log line %d (step %d): %s", lineNo, e.Step, sinkMessage(err, &e))
			}
		}
	}
	if err := scanErr(); err != nil {
		return h, sum, err
	}
	if !summary {
		return h, sum, fmt.Errorf("step log: no summary after line %d (step %d): the file was cut short?", lineNo, last)
	}

	// 3. The summary: the rest of the file, from the "summary:" line on,
	// parsed by yaml.v3, which counts its lines from that line.
	first := lineNo
	rest := make([]byte, 0, 4096)
	rest = append(append(rest, sc.Bytes()...), '\n')
	for sc.Scan() {
		lineNo++
		if len(rest)+len(sc.Bytes())+1 > maxLogSummary {
			return h, sum, fmt.Errorf("step log line %d: the summary (from line %d) is longer than %d bytes", lineNo, first, maxLogSummary)
		}
		rest = append(append(rest, sc.Bytes()...), '\n')
	}
	if err := scanErr(); err != nil {
		return h, sum, err
	}
	sum, lines, leaves, marks, loops, err := decodeLogTail(rest, first, &h, lp.def)
	if err != nil {
		return h, sum, logPartError("summary", err)
	}
	if lp.described && h.Definition != nil {
		h.Definition.setLeaves(leaves, marks, loops)
	}
	if key, err := sameCounts(&sum.Stats, &st, lb.ruleNames); err != nil {
		return h, sum, logPartError("summary", &logDocError{line: lines[key], msg: err.Error()})
	}
	if sum.Limit != tracer.LimitNone && sum.Limit != st.Limit {
		return h, sum, logPartError("summary", &logDocError{line: lines["limit"],
			msg: fmt.Sprintf("it says limit: %s, the steps end with %s", sum.Limit, limitOrNone(st.Limit))})
	}
	sum.Stats = st
	sum.Limit = st.Limit
	sum.Final = replay.rows()
	sum.Solutions = replay.boards
	if len(replay.boards) > 0 && !equalRows(sum.Solution, replay.boards[0]) {
		return h, sum, logPartError("summary", &logDocError{line: lines["solution"], msg: "the solution is not the board the steps reach"})
	}
	if len(replay.boards) == 0 && len(sum.Solution) > 0 {
		return h, sum, logPartError("summary", &logDocError{line: lines["solution"], msg: "a solution is given but the steps find none"})
	}
	return h, sum, nil
}

// limitOrNone names a limit reason, or says there was none.
func limitOrNone(l tracer.LimitReason) string {
	if l == tracer.LimitNone {
		return "no limit"
	}
	return "limit " + l.String()
}

// logPartError words an error in the header or the summary (part), with
// the line of the file when it is known.
func logPartError(part string, err error) error {
	var de *logDocError
	if errors.As(err, &de) && de.line > 0 {
		return fmt.Errorf("step log line %d (%s): %s", de.line, part, de.msg)
	}
	return fmt.Errorf("step log %s: %w", part, err)
}

// sinkMessage is the error of a sink that could not take step e, without
// the "step 12 (call): " a tracer.Tree puts in front (Read names the
// step itself).
func sinkMessage(err error, e *tracer.Event) string {
	msg := err.Error()
	if rest, ok := strings.CutPrefix(msg, fmt.Sprintf("step %d (%s): ", e.Step, e.Kind)); ok {
		return rest
	}
	return msg
}

// logPlural writes n and noun, plural unless n is 1: "1 line", "2 lines".
func logPlural(n int64, noun string) string {
	if n == 1 {
		return "1 " + noun
	}
	return strconv.FormatInt(n, 10) + " " + noun + "s"
}

// isTopKey reports whether line is the top-level key name with no value
// ("steps:", perhaps with a comment).
func isTopKey(line []byte, name string) bool {
	if !bytes.HasPrefix(line, []byte(name)) || !bytes.HasPrefix(line[len(name):], []byte(":")) {
		return false
	}
	return isBlankOrComment(line[len(name)+1:])
}

func isBlankOrComment(line []byte) bool {
	for _, c := range line {
		if c != ' ' && c != '\t' {
			return c == '#'
		}
	}
	return true
}

func equalRows(a, b []string) bool {
	if len(a) != len(b) {
		return false
	}
	for i := range a {
		if a[i] != b[i] {
			return false
		}
	}
	return true
}

// sameCounts compares the counts a summary states with those of the steps,
// and returns the key of the first that differs; keys are the problem's
// rule keys by Rule (tracer.Def.RuleKeys).
func sameCounts(said, got *tracer.Stats, keys []string) (string, error) {
	type count struct {
		key       string
		said, got int64
	}
	counts := []count{
		{"steps", said.Steps, got.Steps},
		{"nodes", said.Nodes, got.Nodes},
		{"tries", said.Tries, got.Tries},
		{"placements", said.Placements, got.Placements},
		{"backtracks", said.Backtracks, got.Backtracks},
		{"solutions", said.Solutions, got.Solutions},
		{"max_depth", int64(said.MaxDepth), int64(got.MaxDepth)},
		{"check_cost", said.CheckCost, got.CheckCost},
		{"scan_cost", said.ScanCost, got.ScanCost},
	}
	for r := tracer.Rule(1); r < tracer.NumRules; r++ {
		key := r.String()
		if int(r) < len(keys) && keys[r] != "" {
			key = keys[r]
		}
		counts = append(counts, count{"rejects." + key, said.Rejects[r], got.Rejects[r]})
	}
	for _, c := range counts {
		if c.said != c.got {
			return c.key, fmt.Errorf("it says %s: %d, the steps count %d", c.key, c.said, c.got)
		}
	}
	return "", nil
}
