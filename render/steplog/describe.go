package steplog

import (
	"errors"
	"fmt"
	"regexp"
	"slices"
	"strconv"
	"strings"
	"unicode/utf8"

	"gopkg.in/yaml.v3"

	"github.com/backtrack-edu/backtrack/tracer"
)

// This file is the header's definition block (format version 3): what a
// reader needs to draw and narrate a problem it was not built with,
// written from the run's bound Def, and the Def a reader builds from it
// (DefFromHeader). The format is specified in docs/step-log-format.md and
// render/steplog/schema/backtrack-steps-3.schema.json.

// Words is a phrase in English and Chinese, as a definition block writes
// it: {en: …, zh: …}.
type Words struct {
	EN string `yaml:"en" json:"en"`
	ZH string `yaml:"zh" json:"zh"`
}

func wordsOf(t tracer.Text) Words { return Words{EN: t.EN, ZH: t.ZH} }

func (w Words) text() tracer.Text { return tracer.Text{EN: w.EN, ZH: w.ZH} }

func (w Words) empty() bool { return w.EN == "" && w.ZH == "" }

// MarshalYAML writes the phrase on one line, {en: …, zh: …}.
func (w Words) MarshalYAML() (any, error) {
	n := newMapping().add("en", strNode(w.EN)).add("zh", strNode(w.ZH)).n
	n.Style = yaml.FlowStyle
	return n, nil
}

func strNode(s string) *yaml.Node {
	return &yaml.Node{Kind: yaml.ScalarNode, Value: s, Style: quoteIfNeeded(s)}
}

// Definition is the header's definition block: a problem described as
// data. Every key is in docs/step-log-format.md.
type Definition struct {
	Title     Words     `yaml:"title"`
	Label     Words     `yaml:"label"`
	Board     DefBoard  `yaml:"board"`
	Values    DefValues `yaml:"values"`
	Moves     DefMoves  `yaml:"moves"`
	Rules     []DefRule `yaml:"rules"`
	Orders    []string  `yaml:"orders,flow"`
	Checks    []string  `yaml:"checks,flow"`
	Whens     []string  `yaml:"whens,flow"`
	Stop      string    `yaml:"stop"`
	Traits    DefTraits `yaml:"traits"`
	EveryNode bool      `yaml:"every_node,omitempty"`
	Words     DefWords  `yaml:"words"`
	Code      DefCode   `yaml:"code"`

	// leaves are the notes of pruned leaves by path (pathKey), from the
	// log's leaves table: Read fills them in after the summary, for the
	// described Def's LeafNote.
	leaves map[string]tracer.Text
	// marks are the marks of call boxes by path, from the marks table.
	marks map[string]tracer.Text
	// loops are the calls' candidate ranges by path, from the loops table.
	loops map[string]LoopRow
}

// DefBoard is the board: its size, what a cell shows, what one call
// decides, its boxes and its fixed layer (givens).
type DefBoard struct {
	Rows   int    `yaml:"rows"`
	Cols   int    `yaml:"cols"`
	Slot   string `yaml:"slot"`             // row, cell, index or from
	Pieces bool   `yaml:"pieces,omitempty"` // every value drawn with one glyph, a piece
	// Glyph is the piece's character in board rows (pieces only).
	Glyph      string  `yaml:"glyph,omitempty"`
	Piece      Words   `yaml:"piece,omitempty"`
	PieceGlyph string  `yaml:"piece_glyph,omitempty"`
	Box        int     `yaml:"box,omitempty"`
	Givens     [][]int `yaml:"givens,omitempty,flow"` // [row, col, value]: the givens
	// Fixed is the board's fixed layer, text that is not a move's value
	// (a word search's letters): a row of cells' texts for each row, ""
	// for a cell with none.
	Fixed [][]string `yaml:"fixed,omitempty,flow"`
}

// DefValues are the candidate values lo..hi of every slot, the character a
// board row writes each with (glyphs, one a value from lo) and its word
// in notes and moves (words, one a value from lo).
type DefValues struct {
	Lo     int      `yaml:"lo"`
	Hi     int      `yaml:"hi"`
	Glyphs string   `yaml:"glyphs"`
	Words  []string `yaml:"words,flow"`
	// Last is the last candidate value, as the notes name it.
	Last int `yaml:"last"`
}

// DefMoves is the move notation: a pattern, or a table of every move's
// text, or neither (the log's steps then give cell and value).
type DefMoves struct {
	// Pattern is the move's text with {row}, {col} and {value} (the
	// value's word) in it: "r{row}=c{value}". Without {col} the column
	// is the value (a board whose slots are rows); without {row} the row
	// is 0.
	Pattern string `yaml:"pattern,omitempty"`
	// Table lists moves whose texts no pattern writes: [row, col, value]
	// and the text.
	Table []DefMove `yaml:"table,omitempty"`
	// LabelsOnly is set when the problem's own parser does not read its
	// moves back (a list's move shows its number): the notation names
	// moves in pictures, and the steps give cell and value.
	LabelsOnly bool  `yaml:"labels_only,omitempty"`
	Hint       Words `yaml:"hint"`
}

// DefMove is one move of a table.
type DefMove struct {
	Row   int    `yaml:"row"`
	Col   int    `yaml:"col"`
	Value int    `yaml:"value"`
	Text  string `yaml:"text"`
}

// MarshalYAML writes a move on one line.
func (m DefMove) MarshalYAML() (any, error) {
	n := newMapping().int("row", int64(m.Row)).int("col", int64(m.Col)).int("value", int64(m.Value)).str("text", m.Text).n
	n.Style = yaml.FlowStyle
	return n, nil
}

// DefRule is one rule (tracer.RuleWords).
type DefRule struct {
	Number  int    `yaml:"number"`
	Key     string `yaml:"key"`
	Name    Words  `yaml:"name"`
	Short   Words  `yaml:"short"`
	Mark    Words  `yaml:"mark,omitempty"`
	Witness string `yaml:"witness"` // cell, sibling or none
	With    Words  `yaml:"with,omitempty"`
	Color   string `yaml:"color,omitempty"`
	Fill    string `yaml:"fill,omitempty"`
	Code    string `yaml:"code,omitempty"`
	Loop    bool   `yaml:"loop,omitempty"`
}

// DefTraits are the traits of the log's order (tracer.OrderTraits).
type DefTraits struct {
	Options bool `yaml:"options,omitempty"`
	Passes  bool `yaml:"passes,omitempty"`
	Loops   bool `yaml:"loops,omitempty"`
}

// DefWords are the words the notes, the legend and the stack need.
type DefWords struct {
	Candidate     Words `yaml:"candidate"`
	NextCandidate Words `yaml:"next_candidate"`
	// Solution is what a solution's note says of the board ("all 8
	// queens placed, no attacks").
	Solution Words `yaml:"solution"`
	// Shape is the recursion's shape under the log's order, optional.
	Shape Words `yaml:"shape,omitempty"`
	// Slots names the slots a call decides where the move does not
	// ("position 3"): [row, col] and the words. Optional.
	Slots []DefSlot `yaml:"slots,omitempty"`
}

// DefSlot is the words of one slot.
type DefSlot struct {
	Row   int   `yaml:"row"`
	Col   int   `yaml:"col"`
	Words Words `yaml:"words"`
}

// MarshalYAML writes a slot's words on one line.
func (s DefSlot) MarshalYAML() (any, error) {
	w, _ := s.Words.MarshalYAML()
	n := newMapping().int("row", int64(s.Row)).int("col", int64(s.Col)).add("words", w.(*yaml.Node)).n
	n.Style = yaml.FlowStyle
	return n, nil
}

// DefCode is the template code the stepper shows for the log's order and
// instance: the shared template's pieces, or the problem's own lines with
// their roles.
type DefCode struct {
	Signature string        `yaml:"signature,omitempty"`
	Slot      string        `yaml:"slot,omitempty"`
	Full      string        `yaml:"full,omitempty"`
	Loop      string        `yaml:"loop,omitempty"`
	Args      string        `yaml:"args,omitempty"`
	Recurse   string        `yaml:"recurse,omitempty"`
	Value     string        `yaml:"value,omitempty"`
	Lines     []DefCodeLine `yaml:"lines,omitempty"`
}

// DefCodeLine is one line of a problem's own template code.
type DefCodeLine struct {
	Text string `yaml:"text"`
	Role string `yaml:"role,omitempty"`
}

// MarshalYAML writes a code line on one line.
func (l DefCodeLine) MarshalYAML() (any, error) {
	m := newMapping().str("text", l.Text)
	if l.Role != "" {
		m.str("role", l.Role)
	}
	m.n.Style = yaml.FlowStyle
	return m.n, nil
}

var slotNames = []string{tracer.SlotCell: "cell", tracer.SlotRow: "row", tracer.SlotIndex: "index", tracer.SlotFrom: "from"}

var witnessNames = []string{tracer.WitnessCell: "cell", tracer.WitnessSibling: "sibling", tracer.WitnessNone: "none"}

// codeRoleNames name the code roles (tracer.CodeRole) in a log.
var codeRoleNames = []string{
	tracer.CodeNone: "", tracer.CodeCall: "call", tracer.CodeScan: "scan", tracer.CodeEnd: "end", tracer.CodeLoop: "loop",
	tracer.CodeCheck: "check", tracer.CodePlace: "place", tracer.CodeRecurse: "recurse", tracer.CodeUndo: "undo",
	tracer.CodeUndoReject: "undo_reject", tracer.CodeLoopEnd: "loop_end", tracer.CodeReturn: "return",
	tracer.CodePass: "pass", tracer.CodeWrap: "wrap",
}

// maxMoveRows bounds a definition's move table.
const maxMoveRows = 4096

// describe writes the definition block of lp's instance under strategy
// st, from its bound Def.
func describe(lp *logProblem, st tracer.Strategy) *Definition {
	d, info := lp.def, lp.info
	size := info.Size
	df := &Definition{
		Title:     wordsOf(d.Title),
		Label:     Words{EN: d.Label(info, tracer.LangEN), ZH: d.Label(info, tracer.LangZH)},
		Stop:      string(d.Stop),
		EveryNode: d.EveryNode,
	}
	b := &df.Board
	b.Rows, b.Cols = lp.start.Rows, lp.start.Cols
	b.Slot = slotNames[d.Board.Slot]
	if d.Board.Pieces {
		b.Pieces, b.Glyph, b.Piece = true, string(rune(d.Board.Glyph)), wordsOf(d.Board.Piece)
	}
	b.PieceGlyph = d.Board.PieceGlyph
	b.Box = d.Box(size)
	for r := 0; r < b.Rows; r++ {
		for c := 0; c < b.Cols; c++ {
			p := tracer.Pos{Row: r, Col: c}
			if v, ok := lp.start.At(p); ok && lp.start.Given(p) {
				b.Givens = append(b.Givens, []int{r, c, v})
			}
		}
	}
	if lp.start.HasFixed() {
		for r := 0; r < b.Rows; r++ {
			row := make([]string, b.Cols)
			for c := range row {
				row[c] = lp.start.Fixed(tracer.Pos{Row: r, Col: c})
			}
			b.Fixed = append(b.Fixed, row)
		}
	}
	v := &df.Values
	v.Lo, v.Hi = d.ValueRange(size)
	var glyphs []byte
	for x := v.Lo; x <= v.Hi; x++ {
		glyphs = append(glyphs, lp.start.Glyph(x))
		w := strconv.Itoa(x)
		if d.Words.Value != nil {
			w = d.Words.Value(x)
		}
		v.Words = append(v.Words, w)
	}
	v.Glyphs = string(glyphs)
	v.Last = v.Hi
	if d.Words.Last != nil {
		v.Last = d.Words.Last(size)
	}
	df.Moves = describeMoves(lp, v)
	for _, r := range d.Rules {
		df.Rules = append(df.Rules, DefRule{Number: int(r.Rule), Key: r.Key, Name: wordsOf(r.Name), Short: wordsOf(r.Short),
			Mark: wordsOf(r.Mark), Witness: witnessNames[r.Witness], With: wordsOf(r.With), Color: r.Color, Fill: r.Fill,
			Code: r.Code, Loop: r.Loop})
	}
	for _, o := range d.Orders {
		df.Orders = append(df.Orders, string(o))
	}
	for _, c := range d.Checks {
		df.Checks = append(df.Checks, string(c))
	}
	for _, w := range d.WhenList() {
		df.Whens = append(df.Whens, string(w))
	}
	t := d.OrderTraits(st.Order)
	df.Traits = DefTraits{Options: t.Options, Passes: t.Passes, Loops: t.Loops}
	df.Words.Candidate, df.Words.NextCandidate = wordsOf(d.Words.Candidate), wordsOf(d.Words.NextCandidate)
	if d.Words.Full != nil {
		df.Words.Solution = wordsOf(d.Words.Full(size))
	}
	if d.Shape != nil {
		df.Words.Shape = wordsOf(d.Shape(st.Order))
	}
	if d.Words.Slot != nil {
		for r := 0; r < b.Rows; r++ {
			if d.Board.Slot == tracer.SlotRow {
				df.Words.Slots = append(df.Words.Slots, DefSlot{Row: r, Col: -1, Words: wordsOf(d.Words.Slot(tracer.Pos{Row: r, Col: -1}))})
				continue
			}
			for c := 0; c < b.Cols; c++ {
				p := tracer.Pos{Row: r, Col: c}
				df.Words.Slots = append(df.Words.Slots, DefSlot{Row: r, Col: c, Words: wordsOf(d.Words.Slot(p))})
			}
		}
	}
	cp := d.Code
	df.Code = DefCode{Signature: cp.Signature, Full: cp.Full, Args: cp.Args, Recurse: cp.Recurse, Value: cp.Value}
	if cp.Slot != nil {
		df.Code.Slot = cp.Slot(st.Order)
	}
	if cp.Loop != nil {
		df.Code.Loop = cp.Loop(size)
	}
	if cp.Own != nil {
		for _, l := range cp.Own(size, st) {
			df.Code.Lines = append(df.Code.Lines, DefCodeLine{Text: l.Text, Role: codeRoleNames[l.Role]})
		}
	}
	return df
}

// movesOf calls f with every move the instance may make that its Def's
// ParseMove reads back (the moves the writer spells): each slot's cell
// for each value.
func movesOf(lp *logProblem, lo, hi int, f func(cell tracer.Pos, v int, text string) bool) {
	movesOfAll(lp, lo, hi, true, f)
}

// movesOfAll is movesOf; with readable false it calls f with every move
// the instance may make, read back or not.
func movesOfAll(lp *logProblem, lo, hi int, readable bool, f func(cell tracer.Pos, v int, text string) bool) {
	d := lp.def
	for r := 0; r < lp.start.Rows; r++ {
		for c := 0; c < lp.start.Cols; c++ {
			slot := tracer.Pos{Row: r, Col: c}
			if d.Board.Slot == tracer.SlotRow {
				if c > 0 {
					break
				}
				slot.Col = -1
			}
			for v := lo; v <= hi; v++ {
				cell := d.MoveCell(slot, v)
				s := d.Move(cell, v)
				if !utf8.ValidString(s) {
					continue
				}
				if pc, pv, err := d.ParseMove(s, lp.info.Size); readable && (err != nil || pc != cell || pv != v) {
					continue
				}
				if !f(cell, v, s) {
					return
				}
			}
		}
	}
}

// describeMoves finds the notation of lp's moves: a pattern that writes
// every move as Def.Move does, else a table of them, else none.
func describeMoves(lp *logProblem, v *DefValues) DefMoves {
	dm := DefMoves{Hint: wordsOf(lp.def.MoveHint)}
	any := false
	movesOf(lp, v.Lo, v.Hi, func(tracer.Pos, int, string) bool { any = true; return false })
	if any {
		notation(lp, v, true, &dm)
		return dm
	}
	// No move reads back: the steps give cell and value, and the
	// notation names moves in pictures only.
	dm.LabelsOnly = true
	notation(lp, v, false, &dm)
	return dm
}

// notation finds a pattern that writes every move as Def.Move does, else
// a table of them (readable: the moves ParseMove reads back; else every
// move).
func notation(lp *logProblem, v *DefValues, readable bool, dm *DefMoves) {
	var pats []string
	movesOfAll(lp, v.Lo, v.Hi, readable, func(cell tracer.Pos, x int, s string) bool {
		for _, p := range patternsFor(s, cell, v.Words[x-v.Lo]) {
			if !slices.Contains(pats, p) {
				pats = append(pats, p)
			}
		}
		return len(pats) < 64
	})
	for _, p := range pats {
		ok, any := true, false
		movesOfAll(lp, v.Lo, v.Hi, readable, func(cell tracer.Pos, x int, s string) bool {
			any = true
			ok = applyPattern(p, cell, v.Words[x-v.Lo]) == s && (!readable || patternCell(p, lp.def.Board.Slot, cell, x))
			return ok
		})
		if ok && any {
			dm.Pattern = p
			return
		}
	}
	var table []DefMove
	seen := map[string]bool{}
	movesOfAll(lp, v.Lo, v.Hi, readable, func(cell tracer.Pos, x int, s string) bool {
		if k := fmt.Sprint(cell, x); !seen[k] {
			seen[k] = true
			table = append(table, DefMove{Row: cell.Row, Col: cell.Col, Value: x, Text: s})
		}
		return len(table) <= maxMoveRows
	})
	if len(table) <= maxMoveRows {
		dm.Table = table
	}
}

// patternCell reports whether pattern p reads back cell for value x: a
// pattern without {col} is for a board whose slots are rows (the column
// is the value), one without {row} for row 0.
func patternCell(p string, slot tracer.SlotKind, cell tracer.Pos, x int) bool {
	if !strings.Contains(p, "{col}") && (slot != tracer.SlotRow || cell.Col != x) {
		return false
	}
	if !strings.Contains(p, "{row}") && cell.Row != 0 {
		return false
	}
	return true
}

// patternsFor returns the patterns that could have written s for move
// (cell, value word w): s with the row, the column and the value's word
// replaced by their placeholders where they appear once each.
func patternsFor(s string, cell tracer.Pos, w string) []string {
	esc := strings.NewReplacer("{", "{{", "}", "}}").Replace
	parts := []struct{ text, ph string }{{w, "{value}"}, {strconv.Itoa(cell.Row), "{row}"}, {strconv.Itoa(cell.Col), "{col}"}}
	var out []string
	// Try each subset of the placeholders, the value first.
	for mask := 7; mask > 0; mask -= 2 { // the value always: odd masks
		rest, pat, ok := s, "", true
		// Replace left to right by position of each part's one occurrence.
		type hit struct {
			at   int
			text string
			ph   string
		}
		var hits []hit
		for i, p := range parts {
			if mask&(1<<i) == 0 {
				continue
			}
			if p.text == "" || strings.Count(s, p.text) != 1 {
				ok = false
				break
			}
			hits = append(hits, hit{strings.Index(s, p.text), p.text, p.ph})
		}
		if !ok {
			continue
		}
		slices.SortFunc(hits, func(a, b hit) int { return a.at - b.at })
		at := 0
		for _, h := range hits {
			if h.at < at {
				ok = false
				break
			}
			pat += esc(rest[at:h.at]) + h.ph
			at = h.at + len(h.text)
		}
		if ok {
			out = append(out, pat+esc(rest[at:]))
		}
	}
	return out
}

// applyPattern writes move (cell, value word w) by pattern p.
func applyPattern(p string, cell tracer.Pos, w string) string {
	var b strings.Builder
	for i := 0; i < len(p); i++ {
		switch {
		case strings.HasPrefix(p[i:], "{{"):
			b.WriteByte('{')
			i++
		case strings.HasPrefix(p[i:], "}}"):
			b.WriteByte('}')
			i++
		case strings.HasPrefix(p[i:], "{row}"):
			b.WriteString(strconv.Itoa(cell.Row))
			i += len("{row}") - 1
		case strings.HasPrefix(p[i:], "{col}"):
			b.WriteString(strconv.Itoa(cell.Col))
			i += len("{col}") - 1
		case strings.HasPrefix(p[i:], "{value}"):
			b.WriteString(w)
			i += len("{value}") - 1
		default:
			b.WriteByte(p[i])
		}
	}
	return b.String()
}

// patternRegexp compiles pattern p into an anchored expression whose
// groups are the placeholders, in order, and the names of those groups.
func patternRegexp(p string, words []string) (*regexp.Regexp, []string, error) {
	var b strings.Builder
	var names []string
	b.WriteString("^")
	alts := make([]string, len(words))
	for i, w := range words {
		alts[i] = regexp.QuoteMeta(w)
	}
	// Longest first, so that "10" is not read as "1" and a "0" left over.
	slices.SortStableFunc(alts, func(a, b string) int { return len(b) - len(a) })
	for i := 0; i < len(p); i++ {
		switch {
		case strings.HasPrefix(p[i:], "{{"):
			b.WriteString(regexp.QuoteMeta("{"))
			i++
		case strings.HasPrefix(p[i:], "}}"):
			b.WriteString(regexp.QuoteMeta("}"))
			i++
		case strings.HasPrefix(p[i:], "{row}"), strings.HasPrefix(p[i:], "{col}"):
			names = append(names, p[i+1:i+4])
			b.WriteString(`(0|[1-9][0-9]*)`)
			i += 4
		case strings.HasPrefix(p[i:], "{value}"):
			names = append(names, "value")
			b.WriteString("(" + strings.Join(alts, "|") + ")")
			i += len("{value}") - 1
		case p[i] == '{' || p[i] == '}':
			return nil, nil, fmt.Errorf("a lone %q (write %q)", p[i], strings.Repeat(string(p[i]), 2))
		default:
			b.WriteString(regexp.QuoteMeta(p[i : i+1]))
		}
	}
	b.WriteString("$")
	if !slices.Contains(names, "value") {
		return nil, nil, errors.New("no {value}")
	}
	re, err := regexp.Compile(b.String())
	return re, names, err
}

// maxLeaves bounds a log's leaves table: past it, a reader names a pruned
// leaf by its rule's words.
const maxLeaves = 5000

// LeafRow is one row of a log's leaves table (format version 3, after
// the summary): the note of the pruned leaf at the end of path (the
// values of the moves from the root, the candidate last), as the writing
// problem's Def words it (tracer.Def.LeafNote: "ab: not a palindrome").
type LeafRow struct {
	Path  []int `yaml:"path"`
	Words Words `yaml:"words"`
}

// MarshalYAML writes a row on one line.
func (l LeafRow) MarshalYAML() (any, error) {
	p := &yaml.Node{Kind: yaml.SequenceNode, Style: yaml.FlowStyle}
	for _, v := range l.Path {
		p.Content = append(p.Content, &yaml.Node{Kind: yaml.ScalarNode, Tag: "!!int", Value: strconv.Itoa(v)})
	}
	w, _ := l.Words.MarshalYAML()
	n := newMapping().add("path", p).add("words", w.(*yaml.Node)).n
	n.Style = yaml.FlowStyle
	return n, nil
}

// leafTable is the leaves table a Writer collects, and the marks table
// (tracer.Def.CallMark: the call box's mark by the path of moves that led
// to it, "树枝").
type leafTable struct {
	rows  []LeafRow
	marks []LeafRow
	loops []LoopRow
}

// LoopRow is one row of a log's loops table (format version 3, after the
// summary): what the call at the end of path (the values of the moves
// from the root) loops over, as the writing problem's Def says
// (tracer.Def.CallLoop): the candidates lo..hi, or end (the end
// condition: no loop).
type LoopRow struct {
	Path []int `yaml:"path"`
	Lo   int   `yaml:"lo"`
	Hi   int   `yaml:"hi"`
	End  bool  `yaml:"end,omitempty"`
}

// MarshalYAML writes a row on one line.
func (l LoopRow) MarshalYAML() (any, error) {
	p := &yaml.Node{Kind: yaml.SequenceNode, Style: yaml.FlowStyle}
	for _, v := range l.Path {
		p.Content = append(p.Content, &yaml.Node{Kind: yaml.ScalarNode, Tag: "!!int", Value: strconv.Itoa(v)})
	}
	m := newMapping().add("path", p).int("lo", int64(l.Lo)).int("hi", int64(l.Hi))
	if l.End {
		m.add("end", &yaml.Node{Kind: yaml.ScalarNode, Tag: "!!bool", Value: "true"})
	}
	m.n.Style = yaml.FlowStyle
	return m.n, nil
}

func (t *leafTable) add(path []int, w Words) { t.rows = append(t.rows, LeafRow{Path: path, Words: w}) }

// pathKey is a path as a map key.
func pathKey(path []int) string {
	b := make([]byte, 0, len(path)*3)
	for _, v := range path {
		b = strconv.AppendInt(b, int64(v), 10)
		b = append(b, ',')
	}
	return string(b)
}
