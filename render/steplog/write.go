package steplog

import (
	"bufio"
	"errors"
	"fmt"
	"io"
	"strconv"
	"strings"
	"unicode/utf8"
	"unsafe"

	"github.com/backtrack-edu/backtrack/tracer"
)

// This file writes a step log: the Writer, a tracer.Sink that puts each
// event on one line as it happens, and the line codec's writing half.

// Format names the version of the step-log format that Writer writes
// and Read reads: version 3, whose header describes its problem (a
// definition block, see Definition). Read reads FormatV2 and FormatV1
// too; a log of any other version is refused.
const Format = "backtrack-steps/3"

// FormatV2 is the second version of the step-log format, which Read
// still reads: its header has no definition block, so only a problem
// this program knows reads.
const FormatV2 = "backtrack-steps/2"

// logComment is the first line of every step log.
const logComment = "# backtrack step log: every step of one search (see README)\n"

// Writer streams a step log: it is a tracer.Sink that writes each event
// as one line while the search runs. Memory stays flat however many steps
// there are: lines go through one reused buffer into a bufio.Writer, with no
// allocation per step (the note function's own strings aside).
type Writer struct {
	bw   *bufio.Writer
	note func(*tracer.Event) string
	// appendNote, if not nil, appends each step's quoted note in place of
	// note (NewNarratedWriter): no string and no cache look-up a step.
	appendNote func(dst []byte, e *tracer.Event) []byte
	moves      moveWriter  // spells moves as the problem's Def.Move does
	board      logBoard    // the reader's checks of a step: the writer makes them too
	def        *tracer.Def // the header's problem, as its instance speaks
	rules      []string    // the keys of its rules, by Rule (tracer.Def.RuleKeys)
	mrv        bool        // scans report how many options the chosen cell has
	void       bool        // the template returns nothing (Strategy.Void): a return has no ok
	line       []byte
	quoted     noteCache // notes quoted before, by their string's memory
	// step is the decimal text of stepOf, the step of the last line:
	// the next step is most often one more, counted up in the text.
	step   []byte
	stepOf int64
	steps  int64
	err    error
	closed bool
	// leaves collects the Def's notes of pruned leaves (tracer.Def.
	// LeafNote) for the log's leaves table, when the Def has them; calls
	// holds the move value of each open call, by depth, for their paths.
	leaves *leafTable
	calls  []int
}

// NewWriter checks the header, writes it to w at once and returns a
// writer for the steps. note, if not nil, gives each step's note (for
// example a tracer.Narrator's Note); with nil the lines have no note. The
// Writer may keep the strings note returns (to quote a note it is handed
// again only once), so they must not change afterwards, as no Go string
// made without package unsafe does.
// The caller closes w after Close.
func NewWriter(w io.Writer, h Header, note func(*tracer.Event) string) (*Writer, error) {
	if w == nil {
		return nil, errors.New("step log: the writer is nil")
	}
	if h.Format == "" {
		h.Format = Format
	}
	if h.Format != Format {
		return nil, fmt.Errorf("step log: cannot write format %q: want %s", h.Format, Format)
	}
	lp, err := checkLogHeader(&h)
	if err != nil {
		return nil, fmt.Errorf("step log: %w", err)
	}
	if h.Definition == nil {
		h.Definition = describe(lp, h.Strategy)
	}
	head, err := encodeLogHeader(h)
	if err != nil {
		return nil, fmt.Errorf("step log: %w", err)
	}
	lw := &Writer{
		bw:    bufio.NewWriterSize(w, 64<<10),
		note:  note,
		moves: newMoveWriter(lp),
		board: newLogBoard(lp),
		def:   lp.def,
		rules: lp.def.RuleKeys(),
		mrv:   lp.def.OrderTraits(h.Strategy.Order).Options,
		void:  h.Strategy.Void(),
		line:  make([]byte, 0, 256),
	}
	if lp.def.LeafNote != nil || lp.def.CallMark != nil || lp.def.CallLoop != nil {
		lw.leaves = &leafTable{}
	}
	lw.bw.WriteString(logComment)
	lw.bw.Write(head)
	lw.bw.WriteString("steps:\n")
	if err := lw.bw.Flush(); err != nil {
		return nil, fmt.Errorf("step log: %w", err)
	}
	return lw, nil
}

// appendRoom is the free space of the buffer a line with an appended
// note is built in: most lines are a few hundred bytes.
const appendRoom = 2048

// NoteAppender is a source of notes that appends each step's note in a
// form it is given, as tracer.Narrator does (SetForm, AppendNote): the
// step log's notes then cost no string a step.
type NoteAppender interface {
	// SetForm sets how each note is appended to dst.
	SetForm(form func(dst []byte, s string) []byte)
	// AppendNote appends the note of e in that form ("" appends
	// nothing); it is called once for every step, in order.
	AppendNote(dst []byte, e *tracer.Event) []byte
}

// NewNarratedWriter is NewWriter with the notes of n, appended to each
// line already quoted: the same bytes as NewWriter with n's Note, faster.
func NewNarratedWriter(w io.Writer, h Header, n NoteAppender) (*Writer, error) {
	if n == nil {
		return nil, errors.New("step log: the note appender is nil")
	}
	lw, err := NewWriter(w, h, nil)
	if err != nil {
		return nil, err
	}
	n.SetForm(appendQuoted)
	lw.appendNote = n.AppendNote
	return lw, nil
}

// Event writes one step. An error (from w, or an event whose kind, rule or
// limit has no name) stops the writing; Close returns it. Events after
// Close are ignored.
func (lw *Writer) Event(e *tracer.Event) {
	if lw.err != nil || lw.closed {
		return
	}
	if err := lw.nameable(e); err != nil {
		lw.err = fmt.Errorf("step log: step %d: %w", e.Step, err)
		return
	}
	// What the reader refuses is not written: a log that cannot be read
	// back fails here, at its step, not later in render.
	if err := lw.board.check(e); err != nil {
		lw.err = fmt.Errorf("step log: step %d: %w", e.Step, err)
		return
	}
	if lw.leaves != nil {
		lw.leafEvent(e)
	}
	note := ""
	if lw.note != nil {
		note = lw.note(e)
	}
	// The line is built in the buffer's free space when it fits (Write
	// then copies nothing), else in lw.line. An appended note's length is
	// not known before: a longer line than the room grows out of the
	// buffer into a slice of its own, written the same.
	room := 512 + len(note)*2
	if lw.appendNote != nil {
		room = appendRoom
	}
	var b []byte
	if avail := lw.bw.AvailableBuffer(); cap(avail) >= room {
		b = lw.appendStep(avail, e, note)
	} else {
		lw.line = lw.appendStep(lw.line[:0], e, note)
		b = lw.line
	}
	lw.steps++
	if _, err := lw.bw.Write(b); err != nil {
		lw.err = fmt.Errorf("step log: %w", err)
	}
}

// Close writes the summary (the keys of --stats, see WriteStats) and flushes.
// Call it however the run ended: after a limit or Ctrl-C the file is still
// complete YAML, and the summary's status says how the search stopped. It
// returns the first error met while writing, and an error if the summary
// does not count the steps that were logged (the log would not read back).
func (lw *Writer) Close(sum tracer.Summary) error {
	if lw.closed {
		return errors.New("step log: closed twice")
	}
	lw.closed = true
	if sum.Def == nil {
		sum.Def = lw.def // its rules' keys are the log's problem's
	}
	tail, err := encodeLogSummary(sum, lw.leaves)
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

// leafEvent keeps the move of each open call, and the Def's note of a
// pruned leaf, by its path (the moves from the root, the candidate last,
// as a tree's pruned leaf has it).
func (lw *Writer) leafEvent(e *tracer.Event) {
	switch e.Kind {
	case tracer.KindCall:
		if e.Depth >= 0 && e.Depth <= len(lw.calls) {
			lw.calls = append(lw.calls[:e.Depth], e.Value)
			if lw.def.CallLoop != nil && len(lw.leaves.loops) < maxLeaves {
				path := append([]int(nil), lw.calls[1:]...)
				lo, hi, end := lw.def.CallLoop(path)
				lw.leaves.loops = append(lw.leaves.loops, LoopRow{Path: path, Lo: lo, Hi: hi, End: end})
			}
			if lw.def.CallMark != nil && e.Depth > 0 && len(lw.leaves.marks) < maxLeaves {
				path := append([]int(nil), lw.calls[1:]...)
				if t, ok := lw.def.CallMark(path); ok {
					lw.leaves.marks = append(lw.leaves.marks, LeafRow{Path: path, Words: Words{EN: t.EN, ZH: t.ZH}})
				}
			}
		}
	case tracer.KindReject:
		if lw.def.LeafNote == nil || e.Depth < 0 || e.Depth >= len(lw.calls) || len(lw.leaves.rows) >= maxLeaves {
			return
		}
		path := append(append([]int(nil), lw.calls[1:e.Depth+1]...), e.Value)
		if t, ok := lw.def.LeafNote(e.Rule, path); ok {
			lw.leaves.add(path, Words{EN: t.EN, ZH: t.ZH})
		}
	}
}

// The names of kinds and limit reasons, as tracer spells them.
var (
	logKindNames  = enumNames(func(i int) string { return tracer.Kind(i).String() }, "Kind(")
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
func (lw *Writer) nameable(e *tracer.Event) error {
	switch {
	case int(e.Kind) >= len(logKindNames):
		return fmt.Errorf("kind %d has no name", e.Kind)
	case int(e.Rule) >= len(lw.rules) || e.Rule != tracer.RuleNone && lw.rules[e.Rule] == "":
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
func (lw *Writer) appendStep(b []byte, e *tracer.Event, note string) []byte {
	var own uint16
	if int(e.Kind) < len(ownFields) {
		own = ownFields[e.Kind]
	}
	b = append(b, "  - {step: "...)
	b = append(b, lw.stepText(e.Step)...)
	b = append(b, ", kind: "...)
	b = append(b, logKindNames[e.Kind]...)
	b = appendIntField(b, ", node: ", e.Node)
	b = appendIntField(b, ", depth: ", e.Depth)
	if own&ownParent != 0 || e.Parent != -1 {
		b = appendIntField(b, ", parent: ", e.Parent)
	}
	nov := noValue(e.Kind)
	moved := false
	if own&ownMove != 0 && (e.Cell != tracer.NoPos || e.Value != nov) {
		b, moved = lw.moves.appendMove(b, e.Cell, e.Value)
	}
	if !moved {
		switch {
		case e.Cell.Row >= 0 && e.Cell.Col == -1:
			b = appendIntField(b, ", row: ", e.Cell.Row)
		case own&ownCell != 0 || e.Cell != tracer.NoPos:
			b = appendPosField(b, ", cell: ", e.Cell)
		}
		if e.Value != nov && own&ownOptions == 0 {
			b = appendIntField(b, ", value: ", e.Value)
		}
	}
	if e.Slot != tracer.NoPos {
		b = appendPosField(b, ", slot: ", e.Slot)
	}
	if e.Rule != tracer.RuleNone {
		b = append(b, ", rule: "...)
		b = append(b, lw.rules[e.Rule]...)
	}
	if own&ownWitness != 0 || e.Witness != tracer.NoPos {
		b = appendPosField(b, ", witness: ", e.Witness)
	}
	if own&ownFrom != 0 || e.From != tracer.NoPos {
		b = appendPosField(b, ", from: ", e.From)
	}
	if own&ownSkipped != 0 || e.Skipped != 0 {
		b = appendIntField(b, ", skipped: ", e.Skipped)
	}
	if own&ownCost != 0 || e.Cost != 0 {
		b = appendIntField(b, ", cost: ", e.Cost)
	}
	if own&ownOptions != 0 && (lw.mrv || e.Value != 0) {
		b = appendIntField(b, ", options: ", e.Value)
	}
	if (own&ownOK != 0 || e.OK) && !(lw.void && e.Kind == tracer.KindReturn) {
		// A function with no return value returns nothing: no ok.
		b = append(b, ", ok: "...)
		b = strconv.AppendBool(b, e.OK)
	}
	if e.Pass {
		b = append(b, ", pass: true"...)
	}
	if e.Limit != tracer.LimitNone {
		b = append(b, ", limit: "...)
		b = append(b, logLimitNames[e.Limit]...)
	}
	switch {
	case lw.appendNote != nil:
		b = append(b, ", note: "...)
		at := len(b)
		if b = lw.appendNote(b, e); len(b) == at {
			b = b[:at-len(", note: ")] // no note
		}
	case note != "":
		b = append(b, ", note: "...)
		b = lw.quoted.append(b, note)
	}
	return append(b, "}\n"...)
}

// stepText returns step in decimal, as strconv writes it.
func (lw *Writer) stepText(step int64) []byte {
	if step == lw.stepOf+1 && step > 1 {
		// One more than the last: add 1 to the last digit, carrying.
		i := len(lw.step) - 1
		for ; i >= 0 && lw.step[i] == '9'; i-- {
			lw.step[i] = '0'
		}
		if i >= 0 {
			lw.step[i]++
			lw.stepOf = step
			return lw.step
		}
	}
	lw.step, lw.stepOf = strconv.AppendInt(lw.step[:0], step, 10), step
	return lw.step
}

// appendIntField appends key, the text ", name: " of a field, and v.
func appendIntField(b []byte, key string, v int) []byte {
	return appendInt(append(b, key...), v)
}

// appendInt appends v in decimal, as strconv.AppendInt writes it: most
// numbers of a step (depths, costs, cells) are below 100 and take two
// bytes from a table.
func appendInt(b []byte, v int) []byte {
	switch {
	case v >= 0 && v < 10:
		return append(b, byte('0'+v))
	case v >= 10 && v < 100:
		return append(b, smallInts[2*v], smallInts[2*v+1])
	}
	return strconv.AppendInt(b, int64(v), 10)
}

const smallInts = "00010203040506070809" + "10111213141516171819" + "20212223242526272829" + "30313233343536373839" +
	"40414243444546474849" + "50515253545556575859" + "60616263646566676869" + "70717273747576777879" +
	"80818283848586878889" + "90919293949596979899"

// appendPosField appends key, the text ", name: " of a field, and p:
// "none" or "[row, col]".
func appendPosField(b []byte, key string, p tracer.Pos) []byte {
	b = append(b, key...)
	if p == tracer.NoPos {
		return append(b, "none"...)
	}
	b = append(b, '[')
	b = appendInt(b, p.Row)
	b = append(b, ", "...)
	b = appendInt(b, p.Col)
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

// raw3 reports whether c0 c1 c2 is the UTF-8 of a character from U+0800
// to U+FFFF that rawInQuotes lets through (every one but a surrogate,
// U+2028, U+2029, U+FEFF, U+FFFE and U+FFFF): Chinese text is mostly
// these, so both the writer and the reader take them in one step.
func raw3(c0, c1, c2 byte) bool {
	if c1&0xc0 != 0x80 || c2&0xc0 != 0x80 {
		return false
	}
	switch c0 {
	case 0xe0:
		return c1 >= 0xa0 // shorter forms are not UTF-8
	case 0xed:
		return c1 < 0xa0 // surrogates
	case 0xe2:
		return c1 != 0x80 || c2 != 0xa8 && c2 != 0xa9 // U+2028, U+2029
	case 0xef:
		return !(c1 == 0xbb && c2 == 0xbf) && !(c1 == 0xbf && c2 >= 0xbe) // U+FEFF, U+FFFE, U+FFFF
	}
	return c0 > 0xe0 && c0 <= 0xef
}

// plainRun returns how many bytes s starts with that are printable ASCII
// other than '"' and '\\' (written and read as they are): eight at a
// time, then one by one.
func plainRun[T string | []byte](s T) int {
	const ones, highs = 0x0101010101010101, 0x8080808080808080
	i := 0
	for ; i+8 <= len(s); i += 8 {
		x := uint64(s[i]) | uint64(s[i+1])<<8 | uint64(s[i+2])<<16 | uint64(s[i+3])<<24 |
			uint64(s[i+4])<<32 | uint64(s[i+5])<<40 | uint64(s[i+6])<<48 | uint64(s[i+7])<<56
		// The high bit of a byte is set in some term where that byte is
		// 0x80 or above, below 0x20, or 0x7f, '"' or '\\' (x^c has a zero
		// byte where x has c; a term may also flag bytes above one it
		// flags rightly, which does not matter here).
		bad := x&highs | (x-ones*0x20)&^x&highs |
			(x^ones*0x7f-ones)&^(x^ones*0x7f)&highs |
			(x^ones*'"'-ones)&^(x^ones*'"')&highs |
			(x^ones*'\\'-ones)&^(x^ones*'\\')&highs
		if bad != 0 {
			break
		}
	}
	for ; i < len(s); i++ {
		if c := s[i]; c < 0x20 || c >= 0x7f || c == '"' || c == '\\' {
			break
		}
	}
	return i
}

// noteCache keeps the quoted text of the notes written lately, found by
// the memory of the note's string: a narrator hands back the very same
// string for notes it keeps (the try of a move, the reject of one clash),
// and quoting it again is a good part of writing a step. An entry holds its
// string, so the memory cannot be freed and reused for other text while
// the entry is there: the same pointer and length are the same bytes.
// 8,192 entries hold the kept notes of a whole 9-queens search (about 90 %
// of its steps are found here; the rest are mostly calls, each a note of
// its own), at about 1 MB once full.
type noteCache [noteCacheSize]struct {
	s string
	q []byte
}

const (
	noteCacheBits = 13
	noteCacheSize = 1 << noteCacheBits
)

// append appends note quoted (appendQuoted), from the cache when the same
// string was quoted before.
func (c *noteCache) append(b []byte, note string) []byte {
	p := unsafe.StringData(note)
	h := (uint64(uintptr(unsafe.Pointer(p))) ^ uint64(len(note))<<48) * 0x9E3779B97F4A7C15
	i := h >> (64 - noteCacheBits)
	ent := &c[i]
	if len(ent.s) == len(note) && unsafe.StringData(ent.s) == p {
		return append(b, ent.q...)
	}
	start := len(b)
	b = appendQuoted(b, note)
	ent.s, ent.q = note, append(ent.q[:0], b[start:]...)
	return b
}

// appendQuoted appends s as a YAML double-quoted scalar: `"` and `\` and
// anything rawInQuotes refuses are escaped (\", \\, \n, \t, \xHH, \uHHHH);
// the rest, Chinese and arrows included, is written as it is. Bytes that
// are not UTF-8 become U+FFFD, since YAML text is Unicode.
func appendQuoted(b []byte, s string) []byte {
	b = append(b, '"')
	start := 0
	for i := 0; i < len(s); {
		c := s[i]
		if c < 0x80 {
			// Printable ASCII but '"' and '\\' (most of an English note).
			if n := plainRun(s[i:]); n > 0 {
				i += n
				continue
			}
		} else if c >= 0xe0 && c <= 0xef && i+2 < len(s) && raw3(c, s[i+1], s[i+2]) {
			// A Chinese character, a full-width sign or an arrow in
			// one step.
			i += 3
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
