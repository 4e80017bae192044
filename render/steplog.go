package render

// The step log (backtrack trace … --yaml FILE): one YAML document that holds
// every step of one search, written while the search runs and readable back.
//
//	# backtrack step log: every step of one search (see README)
//	format: backtrack-steps/1
//	tool: backtrack 0.1
//	problem: nqueens
//	size: 4
//	instance: "n=4"
//	strategy: {order: rows, check: scan, when: before, stop: first}
//	lang: en
//	steps:
//	  - {step: 1, kind: call, node: 0, depth: 0, parent: -1, note: "…"}
//	  - {step: 2, kind: try, node: 0, depth: 0, move: r0=c0, note: "…"}
//	  …
//	summary:
//	  problem: nqueens
//	  …                 (the keys of --stats)
//
// The header and the summary are written and read by yaml.v3 (yaml.go). The
// steps, which are nearly all of a log, go through the small line codec in
// this file: one step a line, as a YAML flow mapping in a fixed subset of
// YAML (plain words and integers, [row, col] pairs, double-quoted notes).
// yaml.v3 stays the reader of record: a step line outside that subset is
// handed to it, and the tests hold the two readers to the same answers.
//
// A step line is step, kind, node and depth, then the fields its kind sets,
// in this order, then the note:
//
//	call       parent, move (none at the root)
//	scan       cell (the slot found, or none), from, skipped, cost, options (mrv)
//	try, undo  move
//	place      move, cost
//	reject     move, rule, witness, cost
//	solution   cost
//	exhausted  cell, or row for an N-Queens row
//	return     ok
//	limit      limit
//
// A move is written as tracer.MoveLabel does: "r2=c0" for a queen (row 2,
// column 0; the value is the column) and "(4,5)=7" for a Sudoku digit, with
// 10-16 as A-G. A cell is [row, col], or none. A field an event sets outside
// its kind's list (never the case for tracer.Run's events) is written too,
// under its own key (parent, cell, value, rule, witness, from, skipped, cost,
// ok, limit), so that no event is changed by a trip through a log. Fields
// left out read back as "not set": parent -1, cells none, value 0 (-1 for a
// call, the root's "no move"), rule none, counts 0, ok false.

import (
	"bufio"
	"bytes"
	"errors"
	"fmt"
	"io"
	"math"
	"slices"
	"strconv"
	"strings"
	"unicode/utf8"

	"backtrack/tracer"
)

// LogFormat names the version of the step-log format that LogWriter writes
// and ReadLog reads. A log of any other version is refused.
const LogFormat = "backtrack-steps/1"

// logComment is the first line of every step log.
const logComment = "# backtrack step log: every step of one search (see README)\n"

// LogHeader describes the run a step log records: the keys before its steps.
type LogHeader struct {
	Format   string          // LogFormat; NewLogWriter fills it in when empty
	Tool     string          // the program that wrote the log and its version, e.g. "backtrack 0.1"
	Problem  string          // "nqueens" or "sudoku"
	Size     int             // n for N-Queens; 4, 9 or 16 for Sudoku
	Instance string          // "n=8", or the Sudoku puzzle on one line
	Strategy tracer.Strategy // every axis, defaults filled in
	Lang     string          // the language of the notes ("en", "zh"), or "" without notes
}

// LogHeaderFor returns the header of a log of a run of a problem described
// by info with opts, the strategy's defaults filled in as tracer.Summarize
// does. Tool and Lang are left for the caller.
func LogHeaderFor(info tracer.Info, opts tracer.Options) LogHeader {
	st := tracer.Strategy{Order: info.Order, Check: info.Check, When: opts.When, Stop: opts.Stop}
	if st.When == "" {
		st.When = tracer.WhenBefore
	}
	if st.Stop == "" {
		st.Stop = tracer.StopFirst
	}
	return LogHeader{Format: LogFormat, Problem: info.Problem, Size: info.Size, Instance: info.Instance, Strategy: st}
}

// NoteSink is a tracer.Sink that also wants the note of each step. When the
// sink given to ReadLog implements it, ReadLog calls EventNote instead of
// Event; note is "" for a step without one.
type NoteSink interface {
	tracer.Sink
	EventNote(e *tracer.Event, note string)
}

// ErrSink is a tracer.Sink that can find a step it cannot take (as
// tracer.Tree does: a call numbered out of order, a return with no call
// open). When the sink given to ReadLog implements it, ReadLog calls Err
// after each step and stops at the first error, naming the step's line.
type ErrSink interface {
	tracer.Sink
	Err() error
}

// LogWriter streams a step log: it is a tracer.Sink that writes each event
// as one line while the search runs. Memory stays flat however many steps
// there are: lines go through one reused buffer into a bufio.Writer, with no
// allocation per step (the note function's own strings aside).
type LogWriter struct {
	bw     *bufio.Writer
	note   func(*tracer.Event) string
	queens bool // moves are queens ("r2=c0"), not digits ("(4,5)=7")
	mrv    bool // scans report how many options the chosen cell has
	line   []byte
	steps  int64
	err    error
	closed bool
}

// NewLogWriter checks the header, writes it to w at once and returns a
// writer for the steps. note, if not nil, gives each step's note (for
// example a tracer.Narrator's Note); with nil the lines have no note.
// The caller closes w after Close.
func NewLogWriter(w io.Writer, h LogHeader, note func(*tracer.Event) string) (*LogWriter, error) {
	if h.Format == "" {
		h.Format = LogFormat
	}
	if h.Format != LogFormat {
		return nil, fmt.Errorf("step log: cannot write format %q: want %s", h.Format, LogFormat)
	}
	if err := checkLogHeader(&h); err != nil {
		return nil, fmt.Errorf("step log: %w", err)
	}
	head, err := encodeLogHeader(h)
	if err != nil {
		return nil, fmt.Errorf("step log: %w", err)
	}
	lw := &LogWriter{
		bw:     bufio.NewWriterSize(w, 64<<10),
		note:   note,
		queens: h.Problem == "nqueens",
		mrv:    h.Strategy.Order == tracer.OrderMRV,
		line:   make([]byte, 0, 256),
	}
	lw.bw.WriteString(logComment)
	lw.bw.Write(head)
	lw.bw.WriteString("steps:\n")
	if err := lw.bw.Flush(); err != nil {
		return nil, fmt.Errorf("step log: %w", err)
	}
	return lw, nil
}

// Event writes one step. An error (from w, or an event whose kind, rule or
// limit has no name) stops the writing; Close returns it. Events after
// Close are ignored.
func (lw *LogWriter) Event(e *tracer.Event) {
	if lw.err != nil || lw.closed {
		return
	}
	if err := nameable(e); err != nil {
		lw.err = fmt.Errorf("step log: step %d: %w", e.Step, err)
		return
	}
	note := ""
	if lw.note != nil {
		note = lw.note(e)
	}
	lw.line = lw.appendStep(lw.line[:0], e, note)
	lw.steps++
	if _, err := lw.bw.Write(lw.line); err != nil {
		lw.err = fmt.Errorf("step log: %w", err)
	}
}

// Close writes the summary (the keys of --stats, see WriteStats) and flushes.
// Call it however the run ended: after a limit or Ctrl-C the file is still
// complete YAML, and the summary's status says how the search stopped. It
// returns the first error met while writing, and an error if the summary
// does not count the steps that were logged (the log would not read back).
func (lw *LogWriter) Close(sum tracer.Summary) error {
	if lw.closed {
		return errors.New("step log: closed twice")
	}
	lw.closed = true
	tail, err := encodeLogSummary(sum)
	if err != nil && lw.err == nil {
		lw.err = fmt.Errorf("step log: %w", err)
	}
	if err == nil {
		if _, err := lw.bw.Write(tail); err != nil && lw.err == nil {
			lw.err = fmt.Errorf("step log: %w", err)
		}
	}
	if err := lw.bw.Flush(); err != nil && lw.err == nil {
		lw.err = fmt.Errorf("step log: %w", err)
	}
	if lw.err == nil && sum.Stats.Steps != lw.steps {
		lw.err = fmt.Errorf("step log: the summary counts %s, but the log holds %s", logPlural(sum.Stats.Steps, "step"), logPlural(lw.steps, "step"))
	}
	return lw.err
}

// The names of kinds, rules and limit reasons, as tracer spells them.
var (
	logKindNames  = enumNames(func(i int) string { return tracer.Kind(i).String() }, "Kind(")
	logRuleNames  = enumNames(func(i int) string { return tracer.Rule(i).String() }, "Rule(")
	logLimitNames = enumNames(func(i int) string { return tracer.LimitReason(i).String() }, "LimitReason(")
)

// enumNames lists name(0), name(1), … up to the first that is no name (the
// String methods write "Kind(12)" for a value out of range).
func enumNames(name func(int) string, bad string) []string {
	var out []string
	for i := 0; i < 256 && !strings.HasPrefix(name(i), bad); i++ {
		out = append(out, name(i))
	}
	return out
}

// nameable reports an event that a log cannot spell.
func nameable(e *tracer.Event) error {
	switch {
	case int(e.Kind) >= len(logKindNames):
		return fmt.Errorf("kind %d has no name", e.Kind)
	case int(e.Rule) >= len(logRuleNames):
		return fmt.Errorf("rule %d has no name", e.Rule)
	case int(e.Limit) >= len(logLimitNames):
		return fmt.Errorf("limit reason %d has no name", e.Limit)
	}
	return nil
}

// The fields each kind writes even when they hold their "not set" value.
const (
	ownParent = 1 << iota
	ownMove
	ownCell
	ownOptions
	ownWitness
	ownFrom
	ownSkipped
	ownCost
	ownOK
)

var ownFields = [...]uint16{
	tracer.KindCall:      ownParent | ownMove,
	tracer.KindScan:      ownCell | ownFrom | ownSkipped | ownCost | ownOptions,
	tracer.KindTry:       ownMove,
	tracer.KindReject:    ownMove | ownWitness | ownCost, // and the rule, when it has one
	tracer.KindPlace:     ownMove | ownCost,
	tracer.KindUndo:      ownMove,
	tracer.KindSolution:  ownCost,
	tracer.KindExhausted: ownCell,
	tracer.KindReturn:    ownOK,
	tracer.KindLimit:     0, // the limit, when it has one
}

// noValue is Event.Value's "not set": -1 for a call (the root's "no move"), else 0.
func noValue(k tracer.Kind) int {
	if k == tracer.KindCall {
		return -1
	}
	return 0
}

// appendStep appends e as one step line.
func (lw *LogWriter) appendStep(b []byte, e *tracer.Event, note string) []byte {
	var own uint16
	if int(e.Kind) < len(ownFields) {
		own = ownFields[e.Kind]
	}
	b = append(b, "  - {step: "...)
	b = strconv.AppendInt(b, e.Step, 10)
	b = append(b, ", kind: "...)
	b = append(b, logKindNames[e.Kind]...)
	b = appendIntField(b, "node", e.Node)
	b = appendIntField(b, "depth", e.Depth)
	if own&ownParent != 0 || e.Parent != -1 {
		b = appendIntField(b, "parent", e.Parent)
	}
	nov := noValue(e.Kind)
	moved := false
	if own&ownMove != 0 && (e.Cell != tracer.NoPos || e.Value != nov) {
		b, moved = lw.appendMove(b, e.Cell, e.Value)
	}
	if !moved {
		switch {
		case e.Cell.Row >= 0 && e.Cell.Col == -1:
			b = appendIntField(b, "row", e.Cell.Row)
		case own&ownCell != 0 || e.Cell != tracer.NoPos:
			b = appendPosField(b, "cell", e.Cell)
		}
		if e.Value != nov && own&ownOptions == 0 {
			b = appendIntField(b, "value", e.Value)
		}
	}
	if e.Rule != tracer.RuleNone {
		b = append(b, ", rule: "...)
		b = append(b, logRuleNames[e.Rule]...)
	}
	if own&ownWitness != 0 || e.Witness != tracer.NoPos {
		b = appendPosField(b, "witness", e.Witness)
	}
	if own&ownFrom != 0 || e.From != tracer.NoPos {
		b = appendPosField(b, "from", e.From)
	}
	if own&ownSkipped != 0 || e.Skipped != 0 {
		b = appendIntField(b, "skipped", e.Skipped)
	}
	if own&ownCost != 0 || e.Cost != 0 {
		b = appendIntField(b, "cost", e.Cost)
	}
	if own&ownOptions != 0 && (lw.mrv || e.Value != 0) {
		b = appendIntField(b, "options", e.Value)
	}
	if own&ownOK != 0 || e.OK {
		b = append(b, ", ok: "...)
		b = strconv.AppendBool(b, e.OK)
	}
	if e.Limit != tracer.LimitNone {
		b = append(b, ", limit: "...)
		b = append(b, logLimitNames[e.Limit]...)
	}
	if note != "" {
		b = append(b, ", note: "...)
		b = appendQuoted(b, note)
	}
	return append(b, "}\n"...)
}

// appendMove appends the move (cell, v) as tracer.MoveLabel spells it, if
// the problem's spelling can say it: a queen's value is its column, a
// Sudoku value is a digit 1-16.
func (lw *LogWriter) appendMove(b []byte, cell tracer.Pos, v int) ([]byte, bool) {
	if cell.Row < 0 || cell.Col < 0 {
		return b, false
	}
	if lw.queens {
		if cell.Col != v {
			return b, false
		}
		b = append(b, ", move: r"...)
		b = strconv.AppendInt(b, int64(cell.Row), 10)
		b = append(b, "=c"...)
		return strconv.AppendInt(b, int64(v), 10), true
	}
	if v < 1 || v > 16 {
		return b, false
	}
	b = append(b, ", move: \"("...)
	b = strconv.AppendInt(b, int64(cell.Row), 10)
	b = append(b, ',')
	b = strconv.AppendInt(b, int64(cell.Col), 10)
	b = append(b, ")="...)
	return append(b, tracer.DigitChar(v), '"'), true
}

func appendIntField(b []byte, key string, v int) []byte {
	b = append(b, ", "...)
	b = append(b, key...)
	b = append(b, ": "...)
	return strconv.AppendInt(b, int64(v), 10)
}

func appendPosField(b []byte, key string, p tracer.Pos) []byte {
	b = append(b, ", "...)
	b = append(b, key...)
	if p == tracer.NoPos {
		return append(b, ": none"...)
	}
	b = append(b, ": ["...)
	b = strconv.AppendInt(b, int64(p.Row), 10)
	b = append(b, ", "...)
	b = strconv.AppendInt(b, int64(p.Col), 10)
	return append(b, ']')
}

// rawInQuotes reports whether a character may stand unescaped inside a
// double-quoted YAML scalar on one line and read back as itself: printable
// (YAML 1.1's set, which yaml.v3 enforces), not a line break (NEL, LS and PS
// are breaks to YAML and would fold) and not a byte-order mark.
func rawInQuotes(r rune) bool {
	switch {
	case r < 0x20 || r == 0x7f || r == '"' || r == '\\':
		return false
	case r < 0x80:
		return true
	case r < 0xa0: // C1 controls, NEL among them
		return false
	case r == 0x2028 || r == 0x2029 || r == 0xfeff || r == 0xfffe || r == 0xffff:
		return false
	}
	return true
}

const hexDigits = "0123456789ABCDEF"

// appendQuoted appends s as a YAML double-quoted scalar: `"` and `\` and
// anything rawInQuotes refuses are escaped (\", \\, \n, \t, \xHH, \uHHHH);
// the rest, Chinese and arrows included, is written as it is. Bytes that
// are not UTF-8 become U+FFFD, since YAML text is Unicode.
func appendQuoted(b []byte, s string) []byte {
	b = append(b, '"')
	start := 0
	for i := 0; i < len(s); {
		c := s[i]
		if c >= 0x20 && c < 0x7f && c != '"' && c != '\\' {
			i++
			continue
		}
		r, size := rune(c), 1
		if c >= 0x80 {
			r, size = utf8.DecodeRuneInString(s[i:])
			if r == utf8.RuneError && size == 1 {
				b = append(b, s[start:i]...)
				b = append(b, "\uFFFD"...)
				i++
				start = i
				continue
			}
			if rawInQuotes(r) {
				i += size
				continue
			}
		}
		b = append(b, s[start:i]...)
		switch {
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
		start = i
	}
	b = append(b, s[start:]...)
	return append(b, '"')
}

// ---- reading ----

// The keys a step line may hold.
const (
	keyStep = iota
	keyKind
	keyNode
	keyDepth
	keyParent
	keyMove
	keyCell
	keyRow
	keyValue
	keyOptions
	keyRule
	keyWitness
	keyFrom
	keySkipped
	keyCost
	keyOK
	keyLimit
	keyNote
	numStepKeys
)

var stepKeyNames = [numStepKeys]string{"step", "kind", "node", "depth", "parent", "move", "cell", "row",
	"value", "options", "rule", "witness", "from", "skipped", "cost", "ok", "limit", "note"}

func stepKey(name []byte) int {
	switch string(name) {
	case "step":
		return keyStep
	case "kind":
		return keyKind
	case "node":
		return keyNode
	case "depth":
		return keyDepth
	case "parent":
		return keyParent
	case "move":
		return keyMove
	case "cell":
		return keyCell
	case "row":
		return keyRow
	case "value":
		return keyValue
	case "options":
		return keyOptions
	case "rule":
		return keyRule
	case "witness":
		return keyWitness
	case "from":
		return keyFrom
	case "skipped":
		return keySkipped
	case "cost":
		return keyCost
	case "ok":
		return keyOK
	case "limit":
		return keyLimit
	case "note":
		return keyNote
	}
	return -1
}

// valKind is what kind of YAML value a step field holds.
type valKind uint8

const (
	valInt     valKind = iota + 1 // an integer (!!int)
	valStr                        // a string (!!str), plain or quoted
	valBool                       // true or false
	valNull                       // nothing (!!null)
	valPair                       // a list of two integers: [row, col]
	valScalar                     // any other scalar (a float, a timestamp, a tagged value)
	valComplex                    // any other list, or a mapping
)

// stepVal is one value of a step line, as either reader found it. s is the
// scalar's text (decoded, for a quoted string).
type stepVal struct {
	kind valKind
	n    int64
	pair [2]int64
	b    bool
	s    []byte
}

// describe names the value for an error message.
func (v *stepVal) describe() string {
	switch v.kind {
	case valStr:
		return quoteShort(string(v.s))
	case valNull:
		return "nothing"
	case valPair:
		return fmt.Sprintf("[%d, %d]", v.pair[0], v.pair[1])
	case valComplex:
		return "a list or mapping"
	case valScalar:
		return quoteShort(string(v.s))
	}
	return cutShort(string(v.s))
}

// stepFields is a step line taken apart: the values by key.
type stepFields struct {
	set uint32
	v   [numStepKeys]stepVal
}

func (f *stepFields) has(k int) bool { return f.set&(1<<k) != 0 }

// add records the value of one key.
func (f *stepFields) add(name []byte, v stepVal) error {
	k := stepKey(name)
	if k < 0 {
		return fmt.Errorf("unknown key %s", quoteShort(string(name)))
	}
	if f.has(k) {
		return fmt.Errorf("key %q given twice", name)
	}
	f.set |= 1 << k
	f.v[k] = v
	return nil
}

// logBoard is what the header says about the board: it bounds the cells,
// values and depths a step may name.
type logBoard struct {
	queens   bool
	size     int
	maxDepth int
	rules    []tracer.Rule // the rules the problem checks
}

func newLogBoard(h *LogHeader) logBoard {
	b := logBoard{queens: h.Problem == "nqueens", size: h.Size, maxDepth: h.Size, rules: problemRules(h.Problem)}
	if !b.queens {
		b.maxDepth = h.Size * h.Size
	}
	return b
}

// checkPos reports a cell off the board. rowSlot allows an N-Queens row
// (column -1).
func (lb *logBoard) checkPos(key string, p tracer.Pos, rowSlot bool) error {
	if p == tracer.NoPos {
		return nil
	}
	minCol := 0
	if rowSlot && lb.queens {
		minCol = -1
	}
	if p.Row < 0 || p.Row >= lb.size || p.Col < minCol || p.Col >= lb.size {
		return fmt.Errorf("%s (%d,%d) is off the %d×%d board", key, p.Row, p.Col, lb.size, lb.size)
	}
	return nil
}

func (f *stepFields) int(k int) (int, error) {
	v := &f.v[k]
	if v.kind != valInt {
		return 0, fmt.Errorf("%s: want an integer, got %s", stepKeyNames[k], v.describe())
	}
	if v.n < math.MinInt32 || v.n > math.MaxInt32 {
		return 0, fmt.Errorf("%s: %d is out of range", stepKeyNames[k], v.n)
	}
	return int(v.n), nil
}

func (f *stepFields) pos(k int) (tracer.Pos, error) {
	v := &f.v[k]
	switch {
	case v.kind == valPair:
		if v.pair[0] < math.MinInt32 || v.pair[0] > math.MaxInt32 || v.pair[1] < math.MinInt32 || v.pair[1] > math.MaxInt32 {
			return tracer.NoPos, fmt.Errorf("%s: %s is out of range", stepKeyNames[k], v.describe())
		}
		return tracer.Pos{Row: int(v.pair[0]), Col: int(v.pair[1])}, nil
	case v.kind == valStr && string(v.s) == "none":
		return tracer.NoPos, nil
	}
	return tracer.NoPos, fmt.Errorf("%s: want [row, col] or none, got %s", stepKeyNames[k], v.describe())
}

// name looks the value of key k up in names (index 0 is the "none" value
// of rules and limits, which a log never spells).
func (f *stepFields) name(k int, names []string, first int) (int, error) {
	v := &f.v[k]
	if v.kind == valStr {
		for i := first; i < len(names); i++ {
			if string(v.s) == names[i] {
				return i, nil
			}
		}
	}
	return 0, fmt.Errorf("unknown %s %s", stepKeyNames[k], v.describe())
}

// stepNumber returns the step a line names, if it names one.
func (f *stepFields) stepNumber() (int64, bool) {
	if f.has(keyStep) && f.v[keyStep].kind == valInt {
		return f.v[keyStep].n, true
	}
	return 0, false
}

// event builds the event the fields describe, and returns its note.
func (f *stepFields) event(lb *logBoard) (e tracer.Event, note []byte, err error) {
	for _, k := range [...]int{keyStep, keyKind, keyNode, keyDepth} {
		if !f.has(k) {
			return e, nil, fmt.Errorf("missing %q", stepKeyNames[k])
		}
	}
	step, ok := f.stepNumber()
	if !ok {
		return e, nil, fmt.Errorf("step: want an integer, got %s", f.v[keyStep].describe())
	}
	if step < 1 {
		return e, nil, fmt.Errorf("step %d: steps count from 1", step)
	}
	kind, err := f.name(keyKind, logKindNames, 0)
	if err != nil {
		return e, nil, err
	}
	e = tracer.Event{Step: step, Kind: tracer.Kind(kind), Parent: -1, Cell: tracer.NoPos, Value: noValue(tracer.Kind(kind)),
		Witness: tracer.NoPos, From: tracer.NoPos}
	if e.Node, err = f.int(keyNode); err != nil {
		return e, nil, err
	}
	if e.Depth, err = f.int(keyDepth); err != nil {
		return e, nil, err
	}
	for k := keyParent; k < numStepKeys; k++ {
		if !f.has(k) {
			continue
		}
		switch k {
		case keyParent:
			e.Parent, err = f.int(k)
		case keyMove:
			if f.has(keyCell) || f.has(keyRow) || f.has(keyValue) || f.has(keyOptions) {
				return e, nil, errors.New("move and cell, row, value or options: give the move once")
			}
			e.Cell, e.Value, err = f.move()
		case keyCell:
			if f.has(keyRow) {
				return e, nil, errors.New("cell and row: give the cell once")
			}
			e.Cell, err = f.pos(k)
		case keyRow:
			e.Cell.Col = -1
			e.Cell.Row, err = f.int(k)
		case keyValue:
			if f.has(keyOptions) {
				return e, nil, errors.New("value and options: give the value once")
			}
			e.Value, err = f.int(k)
		case keyOptions:
			e.Value, err = f.int(k)
		case keyRule:
			var r int
			r, err = f.name(k, logRuleNames, 1)
			e.Rule = tracer.Rule(r)
		case keyWitness:
			e.Witness, err = f.pos(k)
		case keyFrom:
			e.From, err = f.pos(k)
		case keySkipped:
			e.Skipped, err = f.int(k)
		case keyCost:
			e.Cost, err = f.int(k)
		case keyOK:
			v := &f.v[k]
			if v.kind != valBool {
				err = fmt.Errorf("ok: want true or false, got %s", v.describe())
			}
			e.OK = v.b
		case keyLimit:
			var l int
			l, err = f.name(k, logLimitNames, 1)
			e.Limit = tracer.LimitReason(l)
		case keyNote:
			switch v := &f.v[k]; v.kind {
			case valNull:
			case valPair, valComplex:
				err = fmt.Errorf("note: want text, got %s", v.describe())
			default:
				note = v.s
			}
		}
		if err != nil {
			return e, nil, err
		}
	}
	return e, note, lb.check(&e)
}

// move reads a move: "r2=c0" (a queen: the value is the column) or
// "(4,5)=7" (a digit, 10-16 as A-G).
func (f *stepFields) move() (tracer.Pos, int, error) {
	v := &f.v[keyMove]
	bad := func() (tracer.Pos, int, error) {
		return tracer.NoPos, 0, fmt.Errorf("bad move %s: want r<row>=c<col> or \"(<row>,<col>)=<digit>\"", v.describe())
	}
	if v.kind != valStr {
		return bad()
	}
	s := v.s
	num := func() (int, bool) {
		i, n := 0, 0
		for i < len(s) && s[i] >= '0' && s[i] <= '9' && i < 6 {
			n = n*10 + int(s[i]-'0')
			i++
		}
		if i == 0 || (i > 1 && s[0] == '0') || (i < len(s) && s[i] >= '0' && s[i] <= '9') {
			return 0, false
		}
		s = s[i:]
		return n, true
	}
	eat := func(t string) bool {
		if !bytes.HasPrefix(s, []byte(t)) {
			return false
		}
		s = s[len(t):]
		return true
	}
	if eat("r") {
		r, ok1 := num()
		ok2 := eat("=c")
		c, ok3 := num()
		if !ok1 || !ok2 || !ok3 || len(s) != 0 {
			return bad()
		}
		return tracer.Pos{Row: r, Col: c}, c, nil
	}
	if !eat("(") {
		return bad()
	}
	r, ok1 := num()
	ok2 := eat(",")
	c, ok3 := num()
	ok4 := eat(")=")
	if !ok1 || !ok2 || !ok3 || !ok4 || len(s) != 1 {
		return bad()
	}
	d := 0
	switch ch := s[0]; {
	case ch >= '1' && ch <= '9':
		d = int(ch - '0')
	case ch >= 'A' && ch <= 'G':
		d = int(ch-'A') + 10
	default:
		return bad()
	}
	return tracer.Pos{Row: r, Col: c}, d, nil
}

// check holds an event to the board: cells on it, values and depths in
// range, counts not negative. A tree or a counter fed from the log can then
// trust what it is given.
func (lb *logBoard) check(e *tracer.Event) error {
	if err := lb.checkPos("cell", e.Cell, e.Kind == tracer.KindExhausted); err != nil {
		return err
	}
	if err := lb.checkPos("witness", e.Witness, false); err != nil {
		return err
	}
	if err := lb.checkPos("from", e.From, false); err != nil {
		return err
	}
	if e.Rule != tracer.RuleNone && !slices.Contains(lb.rules, e.Rule) {
		return fmt.Errorf("rule %s is not one of %s", e.Rule, tracer.JoinValues(ruleNames(lb.rules)))
	}
	switch {
	case e.Kind == tracer.KindReject && e.Rule == tracer.RuleNone:
		return errors.New("a reject names no rule")
	case e.Node < -1:
		return fmt.Errorf("node %d is negative", e.Node)
	case e.Parent < -1:
		return fmt.Errorf("parent %d is negative", e.Parent)
	case e.Depth < -1 || e.Depth > lb.maxDepth || (e.Kind == tracer.KindCall && e.Depth < 0):
		return fmt.Errorf("depth %d is out of range 0..%d", e.Depth, lb.maxDepth)
	case e.Value < -1 || e.Value > lb.size:
		return fmt.Errorf("value %d is out of range for size %d", e.Value, lb.size)
	case e.Cost < 0:
		return fmt.Errorf("cost %d is negative", e.Cost)
	case e.Skipped < 0:
		return fmt.Errorf("skipped %d is negative", e.Skipped)
	}
	return nil
}

// stepReader takes step lines apart. Its buffers are reused from line to
// line, so reading allocates nothing per step.
type stepReader struct {
	f       stepFields
	scratch []byte // decoded quoted strings
	guess   int64  // the step the fast reader saw on a line it then gave up (0: none)
}

// scan takes apart a step line written in the subset of YAML the writer
// uses: `- {key: value, key: value}`, values being integers in canonical
// decimal, lower-case words, queen moves, [int, int] pairs and
// double-quoted strings with the writer's escapes. ok is false for a line
// outside the subset, which the caller then hands to yaml.v3. err reports
// an unknown or repeated key.
func (sr *stepReader) scan(line []byte) (ok bool, err error) {
	sr.f.set = 0
	sr.guess = 0
	sr.scratch = sr.scratch[:0]
	i := 0
	for i < len(line) && line[i] == ' ' {
		i++
	}
	if !bytes.HasPrefix(line[i:], []byte("- {")) {
		return false, nil
	}
	i += 3
	for {
		j := i
		for j < len(line) && (line[j] >= 'a' && line[j] <= 'z' || line[j] == '_') {
			j++
		}
		if j == i || j+1 >= len(line) || line[j] != ':' || line[j+1] != ' ' {
			return false, nil
		}
		key := line[i:j]
		var v stepVal
		if i, ok = sr.value(line, j+2, &v); !ok {
			return false, nil
		}
		if err := sr.f.add(key, v); err != nil {
			return true, err
		}
		if i+1 < len(line) && line[i] == ',' && line[i+1] == ' ' {
			i += 2
			continue
		}
		if i < len(line) && line[i] == '}' {
			i++
			break
		}
		return false, nil
	}
	for i < len(line) && (line[i] == ' ' || line[i] == '\t') {
		i++
	}
	return i == len(line), nil
}

// value reads one value at line[i:] and returns where it ends.
func (sr *stepReader) value(line []byte, i int, v *stepVal) (int, bool) {
	if i >= len(line) {
		return i, false
	}
	switch line[i] {
	case '"':
		return sr.quoted(line, i+1, v)
	case '[':
		v.kind = valPair
		var ok bool
		if v.pair[0], i, ok = canonicalInt(line, i+1); !ok || !bytes.HasPrefix(line[i:], []byte(", ")) {
			return i, false
		}
		if v.pair[1], i, ok = canonicalInt(line, i+2); !ok || i >= len(line) || line[i] != ']' {
			return i, false
		}
		return i + 1, true
	}
	j := i
	for j < len(line) && line[j] != ',' && line[j] != '}' {
		j++
	}
	tok := line[i:j]
	v.s = tok
	if n, end, ok := canonicalInt(line[:j], i); ok && end == j {
		v.kind, v.n = valInt, n
		return j, true
	}
	switch {
	case isWord(tok):
		switch string(tok) {
		case "true", "false":
			v.kind, v.b = valBool, tok[0] == 't'
		case "null":
			v.kind = valNull
		default:
			v.kind = valStr
		}
		return j, true
	case isQueenMove(tok):
		v.kind = valStr
		return j, true
	}
	return j, false
}

// canonicalInt reads an integer written as strconv writes it: 0, or an
// optional minus and digits without a leading zero. YAML reads other
// spellings (0x1F, 0o17, 1_000, +5, 017) in ways better left to yaml.v3.
func canonicalInt(b []byte, i int) (n int64, end int, ok bool) {
	neg := i < len(b) && b[i] == '-'
	if neg {
		i++
	}
	j := i
	for j < len(b) && b[j] >= '0' && b[j] <= '9' {
		j++
	}
	if j == i || j-i > 18 || (b[i] == '0' && (j-i > 1 || neg)) {
		return 0, j, false
	}
	for _, c := range b[i:j] {
		n = n*10 + int64(c-'0')
	}
	if neg {
		n = -n
	}
	return n, j, true
}

func isWord(b []byte) bool {
	if len(b) == 0 {
		return false
	}
	for _, c := range b {
		if !(c >= 'a' && c <= 'z' || c == '_') {
			return false
		}
	}
	return true
}

// isQueenMove matches r<digits>=c<digits>.
func isQueenMove(b []byte) bool {
	digits := func(i int) int {
		j := i
		for j < len(b) && b[j] >= '0' && b[j] <= '9' {
			j++
		}
		if j == i {
			return -1
		}
		return j
	}
	if len(b) < 5 || b[0] != 'r' {
		return false
	}
	i := digits(1)
	if i < 0 || i+2 > len(b) || b[i] != '=' || b[i+1] != 'c' {
		return false
	}
	return digits(i+2) == len(b)
}

// quoted reads a double-quoted string whose opening quote ends at i. It
// knows the escapes the writer uses (\" \\ \n \t \xHH \uHHHH) and the
// characters it leaves raw; anything else (other escapes, control
// characters, bytes that are not UTF-8) is left to yaml.v3.
func (sr *stepReader) quoted(line []byte, i int, v *stepVal) (int, bool) {
	v.kind = valStr
	start := i
	escaped := false
	mark := len(sr.scratch)
	for i < len(line) {
		c := line[i]
		switch {
		case c == '"':
			if escaped {
				v.s = sr.scratch[mark:]
			} else {
				v.s = line[start:i]
			}
			return i + 1, true
		case c == '\\':
			if !escaped {
				sr.scratch = append(sr.scratch, line[start:i]...)
				escaped = true
			}
			if i+1 >= len(line) {
				return i, false
			}
			n := 0
			switch line[i+1] {
			case '"', '\\':
				sr.scratch = append(sr.scratch, line[i+1])
			case 'n':
				sr.scratch = append(sr.scratch, '\n')
			case 't':
				sr.scratch = append(sr.scratch, '\t')
			case 'x':
				n = 2
			case 'u':
				n = 4
			default:
				return i, false
			}
			i += 2
			if n > 0 {
				if i+n > len(line) {
					return i, false
				}
				r := rune(0)
				for _, h := range line[i : i+n] {
					d := hexValue(h)
					if d < 0 {
						return i, false
					}
					r = r<<4 | rune(d)
				}
				if r >= 0xd800 && r <= 0xdfff {
					return i, false
				}
				sr.scratch = utf8.AppendRune(sr.scratch, r)
				i += n
			}
		case c < 0x80:
			if c < 0x20 || c == 0x7f {
				return i, false
			}
			if escaped {
				sr.scratch = append(sr.scratch, c)
			}
			i++
		default:
			r, size := utf8.DecodeRune(line[i:])
			if (r == utf8.RuneError && size == 1) || !rawInQuotes(r) {
				return i, false
			}
			if escaped {
				sr.scratch = append(sr.scratch, line[i:i+size]...)
			}
			i += size
		}
	}
	return i, false
}

func hexValue(c byte) int {
	switch {
	case c >= '0' && c <= '9':
		return int(c - '0')
	case c >= 'a' && c <= 'f':
		return int(c-'a') + 10
	case c >= 'A' && c <= 'F':
		return int(c-'A') + 10
	}
	return -1
}

// readStep takes a step line apart with the fast scanner, or with yaml.v3
// when the line is outside the scanner's subset.
func (sr *stepReader) readStep(line []byte) error {
	ok, err := sr.scan(line)
	if err != nil || ok {
		return err
	}
	sr.guess, _ = sr.f.stepNumber()
	sr.f.set = 0
	return stepFieldsYAML(line, &sr.f)
}

// Limits that keep a reader's memory bounded on input that is no step log.
const (
	maxLogLine    = 1 << 20                     // one step line (a note can be long, not this long)
	maxLogHeader  = 1 << 20                     // the keys before "steps:"
	maxLogSummary = 1 << 20                     // the summary
	logKeepBoards = tracer.DefaultKeepSolutions // solution boards kept, as tracer.Run keeps by default
)

// ReadLog reads a step log line by line, with memory that does not grow
// with the number of steps: it holds one line at a time, and the header and
// the summary (at most 1 MiB each). It hands every step to sink (which may
// be nil) as a tracer.Event, and returns the header and the summary. If
// sink is a NoteSink it gets each step's note too; if it is an ErrSink (as
// tracer.Tree is), ReadLog stops at the first step the sink could not
// take, naming its line.
//
// The header and the summary are parsed with yaml.v3; each step line goes
// through a fast reader of the subset LogWriter writes, and a line outside
// it (hand-edited, say) is decoded by yaml.v3, one step a line. The log is
// checked as it goes, and refused at the first line that is wrong: the
// format version, each step (kind, rule, cells on the board, …), steps
// numbered 1, 2, 3 … without gaps, and at the end a summary whose counts
// are those of the steps. Errors are one line that names the line of the
// file and the step: `step log line 57 (step 50): unknown kind "jump"`,
// `step log line 90 (summary): unknown key "trials" (want problem, …)`. On
// error, sink has seen the steps before the bad line.
//
// The Summary comes back whole but for what a log does not hold:
// Problem, Size, Strategy, Status and Solution are the summary's keys;
// Instance comes from the header and Rules from the problem; Stats are
// counted from the steps (so PerDepth, FirstSolutionStep and Limit are
// filled in, and equal the summary's keys where it has them); Limit is the
// limit step's; Final and Solutions are the boards replayed from the moves
// (Solutions keeps the first 10, tracer.Run's default).
func ReadLog(r io.Reader, sink tracer.Sink) (LogHeader, tracer.Summary, error) {
	var (
		h   LogHeader
		sum tracer.Summary
	)
	sc := bufio.NewScanner(r)
	sc.Buffer(make([]byte, 0, 64<<10), maxLogLine)
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
	if err := checkLogHeader(&h); err != nil {
		return h, sum, fmt.Errorf("step log header: %w", err)
	}
	if !steps {
		return h, sum, errors.New("step log: no \"steps:\" line after the header")
	}
	head = nil

	// 2. The steps, up to "summary:".
	lb := newLogBoard(&h)
	replay, err := newLogReplay(&h)
	if err != nil {
		return h, sum, fmt.Errorf("step log header: %w", err)
	}
	var (
		sr    stepReader
		st    tracer.Stats
		last  int64
		ns, _ = sink.(NoteSink)
		es, _ = sink.(ErrSink)
		e     tracer.Event // one for all steps: sinks get a pointer to it
		note  []byte
	)
	summary := false
	for sc.Scan() {
		lineNo++
		line := sc.Bytes()
		if isBlankOrComment(line) {
			continue
		}
		if isTopKey(line, "summary") {
			summary = true
			break
		}
		err := sr.readStep(line)
		if err == nil {
			e, note, err = sr.f.event(&lb)
		}
		if err == nil && e.Step != last+1 {
			err = fmt.Errorf("want step %d: steps are numbered without gaps", last+1)
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
	sum, lines, err := decodeLogSummary(rest, first, &h)
	if err != nil {
		return h, sum, logPartError("summary", err)
	}
	if key, err := sameCounts(&sum.Stats, &st); err != nil {
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
// the "step 12 (call): " a tracer.Tree puts in front (ReadLog names the
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
	t := bytes.TrimLeft(line, " \t")
	return len(t) == 0 || t[0] == '#'
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
// and returns the key of the first that differs.
func sameCounts(said, got *tracer.Stats) (string, error) {
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
		counts = append(counts, count{"rejects." + r.String(), said.Rejects[r], got.Rejects[r]})
	}
	for _, c := range counts {
		if c.said != c.got {
			return c.key, fmt.Errorf("it says %s: %d, the steps count %d", c.key, c.said, c.got)
		}
	}
	return "", nil
}

// checkLogHeader checks that a header describes a run this tool can make.
func checkLogHeader(h *LogHeader) error {
	s := &h.Strategy
	if err := checkLogValue("strategy.when", s.When, tracer.Whens, ""); err != nil {
		return err
	}
	if err := checkLogValue("strategy.stop", s.Stop, tracer.Stops, ""); err != nil {
		return err
	}
	switch h.Problem {
	case "nqueens":
		if h.Size < 1 || h.Size > tracer.MaxQueens {
			return fmt.Errorf("size %d is out of range: want 1 to %d", h.Size, tracer.MaxQueens)
		}
		if want := fmt.Sprintf("n=%d", h.Size); h.Instance != want {
			return fmt.Errorf("instance %s: want %q", quoteShort(h.Instance), want)
		}
		if err := checkLogValue("strategy.order", s.Order, tracer.NQueensOrders, "nqueens"); err != nil {
			return err
		}
		if err := checkLogValue("strategy.check", s.Check, tracer.NQueensChecks, "nqueens"); err != nil {
			return err
		}
	case "sudoku":
		p, err := tracer.ParsePuzzle(h.Instance)
		if err != nil {
			return fmt.Errorf("instance: %w", err)
		}
		if p.Size != h.Size {
			return fmt.Errorf("size %d, but the instance is a %d×%d puzzle", h.Size, p.Size, p.Size)
		}
		if err := checkLogValue("strategy.order", s.Order, tracer.SudokuOrders, "sudoku"); err != nil {
			return err
		}
		if err := checkLogValue("strategy.check", s.Check, tracer.SudokuChecks, "sudoku"); err != nil {
			return err
		}
	default:
		return fmt.Errorf("unknown problem %s: want nqueens or sudoku", quoteShort(h.Problem))
	}
	return nil
}

// checkLogValue checks that v, the value of key, is one of valid (for
// problem, if not "").
func checkLogValue[T ~string](key string, v T, valid []T, problem string) error {
	if slices.Contains(valid, v) {
		return nil
	}
	if problem != "" {
		return fmt.Errorf("%s: %s is not a value for %s: want %s", key, quoteShort(string(v)), problem, tracer.JoinValues(valid))
	}
	return fmt.Errorf("%s: unknown value %s: want %s", key, quoteShort(string(v)), tracer.JoinValues(valid))
}

// problemRules returns the rules of a problem, in checking order.
func problemRules(problem string) []tracer.Rule {
	if problem == "nqueens" {
		return tracer.NQueensRules
	}
	return tracer.SudokuRules
}

// logReplay replays the moves of a log on a board, to rebuild the boards a
// Summary holds: the solutions and the board as the search left it.
type logReplay struct {
	queens bool
	n      int
	cells  []byte
	boards [][]string
}

func newLogReplay(h *LogHeader) (*logReplay, error) {
	rp := &logReplay{queens: h.Problem == "nqueens", n: h.Size, cells: bytes.Repeat([]byte{'.'}, h.Size*h.Size)}
	if !rp.queens {
		p, err := tracer.ParsePuzzle(h.Instance)
		if err != nil {
			return nil, err
		}
		for i, d := range p.Cells {
			rp.cells[i] = tracer.DigitChar(d)
		}
	}
	return rp, nil
}

func (rp *logReplay) event(e *tracer.Event) {
	if e.Kind == tracer.KindSolution && len(rp.boards) < logKeepBoards {
		rp.boards = append(rp.boards, rp.rows())
	}
	p := e.Cell
	if p.Row < 0 || p.Row >= rp.n || p.Col < 0 || p.Col >= rp.n {
		return
	}
	switch e.Kind {
	case tracer.KindPlace:
		ch := byte('Q')
		if !rp.queens {
			ch = '?'
			if e.Value >= 1 && e.Value <= rp.n {
				ch = tracer.DigitChar(e.Value)
			}
		}
		rp.cells[p.Row*rp.n+p.Col] = ch
	case tracer.KindUndo:
		rp.cells[p.Row*rp.n+p.Col] = '.'
	}
}

func (rp *logReplay) rows() []string {
	rows := make([]string, rp.n)
	for r := range rows {
		rows[r] = string(rp.cells[r*rp.n : (r+1)*rp.n])
	}
	return rows
}
