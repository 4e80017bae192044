package steplog

import (
	"bytes"
	"errors"
	"fmt"
	"math"
	"math/bits"
	"unicode/utf8"

	"github.com/backtrack-edu/backtrack/tracer"
)

// This file takes step lines apart: the fast scanner of the subset of YAML
// that the Writer writes (yaml.v3 reads any other line: stepFieldsYAML in
// yaml.go), and the fields of a line turned back into a tracer.Event.

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
	keyPass
	keyLimit
	keySlot
	keyNote
	numStepKeys
)

var stepKeyNames = [numStepKeys]string{"step", "kind", "node", "depth", "parent", "move", "cell", "row",
	"value", "options", "rule", "witness", "from", "skipped", "cost", "ok", "pass", "limit", "slot", "note"}

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
	case "pass":
		return keyPass
	case "limit":
		return keyLimit
	case "slot":
		return keySlot
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
		Slot: tracer.NoPos, Witness: tracer.NoPos, From: tracer.NoPos}
	if e.Node, err = f.int(keyNode); err != nil {
		return e, nil, err
	}
	if e.Depth, err = f.int(keyDepth); err != nil {
		return e, nil, err
	}
	for set := f.set &^ (1<<keyParent - 1); set != 0; set &= set - 1 {
		k := bits.TrailingZeros32(set)
		switch k {
		case keyParent:
			e.Parent, err = f.int(k)
		case keyMove:
			if f.has(keyCell) || f.has(keyRow) || f.has(keyValue) || f.has(keyOptions) {
				return e, nil, errors.New("move and cell, row, value or options: give the move once")
			}
			e.Cell, e.Value, err = f.move(lb)
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
			r, err = f.name(k, lb.ruleNames, 1)
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
		case keyPass:
			v := &f.v[k]
			if v.kind != valBool {
				err = fmt.Errorf("pass: want true or false, got %s", v.describe())
			}
			e.Pass = v.b
		case keyLimit:
			var l int
			l, err = f.name(k, logLimitNames, 1)
			e.Limit = tracer.LimitReason(l)
		case keySlot:
			e.Slot, err = f.pos(k)
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

// move reads a move with the problem's ParseMove (through lb's memory of
// the moves it has read).
func (f *stepFields) move(lb *logBoard) (tracer.Pos, int, error) {
	v := &f.v[keyMove]
	if v.kind != valStr {
		return tracer.NoPos, 0, fmt.Errorf("move: want text, got %s (%s)", v.describe(), lb.moves.def.MoveHint.EN)
	}
	cell, val, err := lb.moves.parse(v.s)
	if err != nil {
		return tracer.NoPos, 0, moveError(err)
	}
	return cell, val, nil
}

// stepReader takes step lines apart. Its buffers are reused from line to
// line, so reading allocates nothing per step.
type stepReader struct {
	f       stepFields
	scratch []byte // decoded quoted strings
	guess   int64  // the step the fast reader saw on a line it then gave up (0: none)
	// For fastStep: the last move it read (lines in a row often hold
	// the same move), and the notes it has read.
	next      []byte // the decimal text of nextOf, the step Read wants next
	nextOf    int64
	lastMove  []byte
	lastCell  tracer.Pos
	lastValue int
	notes     noteSeen
}

// scan takes apart a step line written in the subset of YAML the writer
// uses: `- {key: value, key: value}`, values being integers in canonical
// decimal, lower-case words, plain moves (isPlainToken), [int, int] pairs and
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
		// The value goes straight into its key's place (add, without
		// the copy).
		k := stepKey(line[i:j])
		if k < 0 || sr.f.has(k) {
			return true, sr.f.add(line[i:j], stepVal{})
		}
		v := &sr.f.v[k]
		*v = stepVal{}
		if i, ok = sr.value(line, j+2, v); !ok {
			return false, nil
		}
		sr.f.set |= 1 << k
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
	// Most values are integers: read one straight away, ending at ',' or
	// '}' (else it is a token, below).
	if c := line[i]; c == '-' || c >= '0' && c <= '9' {
		if n, end, ok := canonicalInt(line, i); ok && end < len(line) && (line[end] == ',' || line[end] == '}') {
			v.kind, v.n, v.s = valInt, n, line[i:end]
			return end, true
		}
	}
	j := i
	for j < len(line) && line[j] != ',' && line[j] != '}' {
		j++
	}
	tok := line[i:j]
	v.s = tok
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
	case isPlainToken(tok):
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

// isPlainToken matches the plain (unquoted) move texts both readers take
// as the same string: a lower-case letter, then lower-case letters,
// digits, '_' and '=', with a digit or '=' among them ("r2=c0", "p2=3").
// YAML reads such a text as a string (no number, bool, null or date starts
// with a letter and holds a digit or '='), and a word of letters alone is
// isWord's.
func isPlainToken(b []byte) bool {
	if len(b) < 2 || b[0] < 'a' || b[0] > 'z' {
		return false
	}
	mark := false
	for _, c := range b[1:] {
		switch {
		case c >= '0' && c <= '9', c == '=':
			mark = true
		case c >= 'a' && c <= 'z', c == '_':
		default:
			return false
		}
	}
	return mark
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
			n := max(1, plainRun(line[i:])) // (plainRun stops at '"' and '\\')
			if escaped {
				sr.scratch = append(sr.scratch, line[i:i+n]...)
			}
			i += n
		case c >= 0xe0 && c <= 0xef && i+2 < len(line) && raw3(c, line[i+1], line[i+2]):
			// A Chinese character, a full-width sign or an arrow (raw3).
			if escaped {
				sr.scratch = append(sr.scratch, line[i:i+3]...)
			}
			i += 3
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
