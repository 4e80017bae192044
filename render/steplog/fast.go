package steplog

import (
	"encoding/binary"
	"hash/maphash"
	"math"
	"strconv"
	"strings"
	"sync/atomic"

	"github.com/backtrack-edu/backtrack/tracer"
)

// This file reads a step line in the very layout the Writer writes (two
// spaces, "- {", the keys in the writer's order, each value spelled as the
// writer spells it) straight into a tracer.Event, without taking the line
// apart into fields first. It is only a shortcut: any line it does not
// take whole (another spacing or key order, a value spelled otherwise, a
// number out of range, a step the checks refuse) is read again by the
// general reader (stepReader.readStep, then stepFields.event), which
// words the error if there is one. So the shortcut never changes what
// Read accepts, refuses or says: TestFastAgrees and FuzzRead compare the
// two over the golden logs and mutations of them.

// fastLead starts every step line the Writer writes.
const fastLead = "  - {step: "

// lit reports whether line holds s at i.
func lit(line []byte, i int, s string) bool {
	return len(line)-i >= len(s) && string(line[i:i+len(s)]) == s
}

// fastKey is the text ", name: " of a key, with its first and last 8
// bytes as numbers (keys are 6 to 11 bytes long; key compares a shorter
// one by the word that ends where it ends, so its padding is never
// compared).
type fastKey struct {
	n         int
	letter    byte // the key's first letter: most keys differ in it
	head, end uint64
}

func newFastKey(s string) fastKey {
	pad := strings.Repeat("\xff", max(0, 8-len(s)))
	w := pad + s
	return fastKey{n: len(s), letter: s[2], head: binary.LittleEndian.Uint64([]byte(w)), end: binary.LittleEndian.Uint64([]byte(w[len(w)-8:]))}
}

// The keys of a step line after step.
var (
	keyKindText    = newFastKey(", kind: ")
	keyNodeText    = newFastKey(", node: ")
	keyDepthText   = newFastKey(", depth: ")
	keyParentText  = newFastKey(", parent: ")
	keyMoveText    = newFastKey(", move: ")
	keyRowText     = newFastKey(", row: ")
	keyCellText    = newFastKey(", cell: ")
	keyValueText   = newFastKey(", value: ")
	keyRuleText    = newFastKey(", rule: ")
	keyWitnessText = newFastKey(", witness: ")
	keyFromText    = newFastKey(", from: ")
	keySkippedText = newFastKey(", skipped: ")
	keyCostText    = newFastKey(", cost: ")
	keyOptionsText = newFastKey(", options: ")
	keyOKText      = newFastKey(", ok: ")
	keyPassText    = newFastKey(", pass: ")
	keyLimitText   = newFastKey(", limit: ")
	keySlotText    = newFastKey(", slot: ")
	keyNoteText    = newFastKey(`, note: "`)
)

// key reports whether line holds k at i: one byte compared for most keys
// that are not there, two words for one that is.
func key(line []byte, i int, k *fastKey) bool {
	if len(line)-i < k.n || line[i+2] != k.letter {
		return false
	}
	if k.n >= 8 {
		return binary.LittleEndian.Uint64(line[i:]) == k.head && binary.LittleEndian.Uint64(line[i+k.n-8:]) == k.end
	}
	// A short key: the word ending at its end (a key comes after the
	// step, 11 bytes or more into the line), its padding shifted off.
	sh := uint(8-k.n) * 8
	return binary.LittleEndian.Uint64(line[i+k.n-8:])>>sh == k.end>>sh
}

// fastInt reads an integer in canonical decimal that fits an int32, as
// stepFields.int wants it: what canonicalInt reads, in one pass.
func fastInt(line []byte, i int) (int, int, bool) {
	neg := i < len(line) && line[i] == '-'
	if neg {
		i++
	}
	j, n := i, 0
	for ; j < len(line) && j-i < 11; j++ {
		c := line[j] - '0'
		if c > 9 {
			break
		}
		n = n*10 + int(c)
	}
	switch {
	case j == i, j-i > 10, line[i] == '0' && (j-i > 1 || neg), j < len(line) && line[j]-'0' <= 9:
		// No digits, a leading zero, or more than an int32 holds:
		// left to the general reader.
		return 0, j, false
	}
	if neg {
		n = -n
	}
	if n < math.MinInt32 || n > math.MaxInt32 {
		return 0, j, false
	}
	return n, j, true
}

// fastPos reads "none" or "[row, col]", as stepFields.pos does.
func fastPos(line []byte, i int) (tracer.Pos, int, bool) {
	if lit(line, i, "none") {
		return tracer.NoPos, i + 4, true
	}
	if i >= len(line) || line[i] != '[' {
		return tracer.NoPos, i, false
	}
	r, i, ok := fastInt(line, i+1)
	if !ok || !lit(line, i, ", ") {
		return tracer.NoPos, i, false
	}
	c, i, ok := fastInt(line, i+2)
	if !ok || i >= len(line) || line[i] != ']' {
		return tracer.NoPos, i, false
	}
	return tracer.Pos{Row: r, Col: c}, i + 1, true
}

// fastWord reads a word (isWord) and returns where it ends.
func fastWord(line []byte, i int) ([]byte, int) {
	j := i
	for j < len(line) && (line[j] >= 'a' && line[j] <= 'z' || line[j] == '_') {
		j++
	}
	return line[i:j], j
}

// fastName reads a word and finds it in names (from first on), as
// stepFields.name does.
func fastName(line []byte, i int, names []string, first int) (int, int, bool) {
	w, j := fastWord(line, i)
	if len(w) == 0 {
		return 0, j, false
	}
	for k := first; k < len(names); k++ {
		if string(w) == names[k] {
			return k, j, true
		}
	}
	return 0, j, false
}

// fastKind reads the name of a kind (logKindNames), looking only at the
// names of its length that start with its letter.
func fastKind(line []byte, i int) (int, int, bool) {
	w, j := fastWord(line, i)
	if len(w) == 0 {
		return 0, j, false
	}
	for k, name := range logKindNames {
		if len(name) == len(w) && name[0] == w[0] && string(w) == name {
			return k, j, true
		}
	}
	return 0, j, false
}

// nextText returns step in decimal (as strconv writes it), from the text
// of the step before when step is one more.
func (sr *stepReader) nextText(step int64) []byte {
	if step == sr.nextOf+1 && step > 1 {
		i := len(sr.next) - 1
		for ; i >= 0 && sr.next[i] == '9'; i-- {
			sr.next[i] = '0'
		}
		if i >= 0 {
			sr.next[i]++
			sr.nextOf = step
			return sr.next
		}
	}
	if step != sr.nextOf || len(sr.next) == 0 {
		sr.next, sr.nextOf = strconv.AppendInt(sr.next[:0], step, 10), step
	}
	return sr.next
}

// fastBool reads true or false.
func fastBool(line []byte, i int) (bool, int, bool) {
	switch {
	case lit(line, i, "true"):
		return true, i + 4, true
	case lit(line, i, "false"):
		return false, i + 5, true
	}
	return false, i, false
}

// fastStep reads line into e if it is a step line in the Writer's layout
// that the general reader would take as the same event, and returns its
// note (a quoted note, decoded; nil when there is none). ok is false for
// any other line, which the caller reads the general way.
func (sr *stepReader) fastStep(line []byte, lb *logBoard, e *tracer.Event, next int64) (note []byte, ok bool) {
	if !lit(line, 0, fastLead) {
		return nil, false
	}
	sr.scratch = sr.scratch[:0]
	// The step: most often the one Read wants next, whose text is kept.
	step, i := next, len(fastLead)+len(sr.nextText(next))
	if len(line) < i || string(line[len(fastLead):i]) != string(sr.next) || !key(line, i, &keyKindText) {
		if step, i, ok = canonicalInt(line, len(fastLead)); !ok || step < 1 || !key(line, i, &keyKindText) {
			return nil, false
		}
	}
	kind, i, ok := fastKind(line, i+len(", kind: "))
	if !ok || !key(line, i, &keyNodeText) {
		return nil, false
	}
	k := tracer.Kind(kind)
	*e = tracer.Event{Step: step, Kind: k, Parent: -1, Cell: tracer.NoPos, Value: noValue(k),
		Slot: tracer.NoPos, Witness: tracer.NoPos, From: tracer.NoPos}
	if e.Node, i, ok = fastInt(line, i+len(", node: ")); !ok || !key(line, i, &keyDepthText) {
		return nil, false
	}
	if e.Depth, i, ok = fastInt(line, i+len(", depth: ")); !ok {
		return nil, false
	}
	if key(line, i, &keyParentText) {
		if e.Parent, i, ok = fastInt(line, i+len(", parent: ")); !ok {
			return nil, false
		}
	}
	// The move, or the cell (or row) and the value: one or the other,
	// as stepFields.event wants.
	moved, valued := false, false
	switch {
	case key(line, i, &keyMoveText):
		i += len(", move: ")
		var text []byte
		if i < len(line) && line[i] == '"' {
			var v stepVal
			if i, ok = sr.quoted(line, i+1, &v); !ok {
				return nil, false
			}
			text = v.s
		} else {
			j := i
			for j < len(line) && line[j] != ',' && line[j] != '}' {
				j++
			}
			text = line[i:j]
			switch {
			case isWord(text):
				if s := string(text); s == "true" || s == "false" || s == "null" {
					return nil, false
				}
			case !isPlainToken(text):
				return nil, false
			}
			i = j
		}
		if len(sr.lastMove) == 0 || string(text) != string(sr.lastMove) {
			cell, v, err := lb.moves.parse(text)
			if err != nil {
				return nil, false
			}
			sr.lastMove, sr.lastCell, sr.lastValue = append(sr.lastMove[:0], text...), cell, v
		}
		e.Cell, e.Value, moved = sr.lastCell, sr.lastValue, true
	case key(line, i, &keyRowText):
		if e.Cell.Row, i, ok = fastInt(line, i+len(", row: ")); !ok {
			return nil, false
		}
		e.Cell.Col = -1
	case key(line, i, &keyCellText):
		if e.Cell, i, ok = fastPos(line, i+len(", cell: ")); !ok {
			return nil, false
		}
	}
	if !moved && key(line, i, &keyValueText) {
		if e.Value, i, ok = fastInt(line, i+len(", value: ")); !ok {
			return nil, false
		}
		valued = true
	}
	if key(line, i, &keySlotText) {
		if e.Slot, i, ok = fastPos(line, i+len(", slot: ")); !ok {
			return nil, false
		}
	}
	if key(line, i, &keyRuleText) {
		var r int
		if r, i, ok = fastName(line, i+len(", rule: "), lb.ruleNames, 1); !ok {
			return nil, false
		}
		e.Rule = tracer.Rule(r)
	}
	if key(line, i, &keyWitnessText) {
		if e.Witness, i, ok = fastPos(line, i+len(", witness: ")); !ok {
			return nil, false
		}
	}
	if key(line, i, &keyFromText) {
		if e.From, i, ok = fastPos(line, i+len(", from: ")); !ok {
			return nil, false
		}
	}
	if key(line, i, &keySkippedText) {
		if e.Skipped, i, ok = fastInt(line, i+len(", skipped: ")); !ok {
			return nil, false
		}
	}
	if key(line, i, &keyCostText) {
		if e.Cost, i, ok = fastInt(line, i+len(", cost: ")); !ok {
			return nil, false
		}
	}
	if !moved && !valued && key(line, i, &keyOptionsText) {
		if e.Value, i, ok = fastInt(line, i+len(", options: ")); !ok {
			return nil, false
		}
	}
	if key(line, i, &keyOKText) {
		if e.OK, i, ok = fastBool(line, i+len(", ok: ")); !ok {
			return nil, false
		}
	}
	if key(line, i, &keyPassText) {
		if e.Pass, i, ok = fastBool(line, i+len(", pass: ")); !ok {
			return nil, false
		}
	}
	if key(line, i, &keyLimitText) {
		var l int
		if l, i, ok = fastName(line, i+len(", limit: "), logLimitNames, 1); !ok {
			return nil, false
		}
		e.Limit = tracer.LimitReason(l)
	}
	if key(line, i, &keyNoteText) {
		i += len(`, note: "`)
		if note = sr.notes.find(line, i); note != nil {
			i = len(line) - 1
		} else {
			var v stepVal
			mark := len(sr.scratch)
			start := i
			if i, ok = sr.quoted(line, i, &v); !ok {
				return nil, false
			}
			if len(sr.scratch) == mark {
				// Not escaped: the note is its text.
				sr.notes.keep(line[start : i-1])
			}
			note = v.s
		}
	}
	// The end of the line, and an event the board takes.
	if i+1 != len(line) || line[i] != '}' || lb.check(e) != nil {
		return nil, false
	}
	return note, true
}

// noteSeen remembers the texts of notes read lately that need no
// unescaping (most notes of a log are the same few hundred texts): a note
// found here is taken as it is, without the character checks of
// stepReader.quoted. Each slot of its table holds one note of up to
// noteSlot bytes, found by its hash. The table, 768 KiB, is taken once a
// log has shown noteSeenWait notes (a short log does without) and given
// back at the end of the log: a note's text read whole from one log is
// read whole from any other, so a table need not be emptied.
//
// One table is kept between logs (spareNoteTable), not a sync.Pool: a
// pool loses what was put on one processor when the reader's goroutine
// next runs on another, or at the second collection, so reading the same
// log twice allocated the table again now and then (the CI failure of
// TestLogReadAllocs). A process that reads logs keeps at most one table.
type noteSeen struct {
	t    *noteTable
	wait int // notes seen before the table is taken
}

type noteTable struct {
	seed  maphash.Seed
	text  [noteSlots * noteSlot]byte
	sizes [noteSlots]uint8 // a note's length + 1; 0: an empty slot
}

// spareNoteTable is the table the last log to end gave back; logs read
// at the same time each take their own.
var spareNoteTable atomic.Pointer[noteTable]

// noteSeenWait is how many notes a log shows before noteSeen takes a
// table (a variable for the tests, which take one at once).
var noteSeenWait = 1024

const (
	noteSlots = 1 << 12
	noteSlot  = 192
)

// slot returns the slot of note text b.
func (t *noteTable) slot(b []byte) int {
	return int(maphash.Bytes(t.seed, b) & (noteSlots - 1))
}

// find returns the note at line[i:] if the line ends with it, closed by
// `"}`, and its text is one kept before; else nil.
func (ns *noteSeen) find(line []byte, i int) []byte {
	end := len(line) - 2
	t := ns.t
	if t == nil || end < i || end-i >= noteSlot || line[end] != '"' || line[end+1] != '}' {
		return nil
	}
	b := line[i:end]
	k := t.slot(b)
	if int(t.sizes[k]) != len(b)+1 || string(t.text[k*noteSlot:k*noteSlot+len(b)]) != string(b) {
		return nil
	}
	return b
}

// keep remembers b, the text of a note that stepReader.quoted read whole,
// with nothing to unescape.
func (ns *noteSeen) keep(b []byte) {
	if len(b) >= noteSlot {
		return
	}
	if ns.t == nil {
		if ns.wait++; ns.wait < noteSeenWait {
			return
		}
		if ns.t = spareNoteTable.Swap(nil); ns.t == nil {
			ns.t = &noteTable{seed: maphash.MakeSeed()}
		}
	}
	k := ns.t.slot(b)
	copy(ns.t.text[k*noteSlot:], b)
	ns.t.sizes[k] = uint8(len(b) + 1)
}

// release gives the table back, to be the spare.
func (ns *noteSeen) release() {
	if ns.t != nil {
		spareNoteTable.Store(ns.t)
		ns.t = nil
	}
}
