package steplog

import (
	"errors"
	"fmt"
	"slices"
	"strconv"

	"github.com/backtrack-edu/backtrack/tracer"
)

// This file builds the Def a reader draws and narrates a described
// problem with: the header's definition block (Definition) as a
// tracer.Def, with no search.

// ErrDescribed is what the New of a described Def returns: a problem
// read from a step log's definition block can be drawn, narrated and
// played, not searched.
var ErrDescribed = errors.New("a problem described by its step log has no search: run the program that wrote the log")

// DefFromHeader returns the Def a reader of a log with header h draws and
// narrates its problem with when this program does not know it: the
// header's definition block (format backtrack-steps/3) as a Def whose New
// returns an error naming ErrDescribed. An error names the key at fault,
// "definition.rules[0].name.zh: missing".
func DefFromHeader(h Header) (*tracer.Def, error) {
	if h.Definition == nil {
		return nil, fmt.Errorf("no definition block: problem %s is not one this program knows, and a log of format %s does not describe it", quoteShort(h.Problem), h.Format)
	}
	return h.Definition.def(h)
}

// check holds a definition to what a reader needs: every key a reader
// uses present, every word in both languages. The error names the key.
func (df *Definition) check() error {
	type need struct {
		key string
		ok  bool
	}
	words := func(key string, w Words) []need {
		return []need{{key + ".en", w.EN != ""}, {key + ".zh", w.ZH != ""}}
	}
	var ns []need
	ns = append(ns, words("definition.title", df.Title)...)
	ns = append(ns, words("definition.label", df.Label)...)
	b := df.Board
	ns = append(ns, need{"definition.board.rows", b.Rows > 0}, need{"definition.board.cols", b.Cols > 0},
		need{"definition.board.slot", slices.Contains(slotNames, b.Slot)})
	if b.Pieces {
		ns = append(ns, need{"definition.board.glyph", len(b.Glyph) == 1})
		ns = append(ns, words("definition.board.piece", b.Piece)...)
	}
	v := df.Values
	n := v.Hi - v.Lo + 1
	ns = append(ns, need{"definition.values.hi", n >= 1 && n <= 1<<12},
		need{"definition.values.glyphs", len(v.Glyphs) == n},
		need{"definition.values.words", len(v.Words) == n})
	ns = append(ns, words("definition.moves.hint", df.Moves.Hint)...)
	ns = append(ns, need{"definition.rules", len(df.Rules) > 0})
	for i, r := range df.Rules {
		k := fmt.Sprintf("definition.rules[%d]", i)
		ns = append(ns, need{k + ".number", r.Number >= 1 && r.Number < int(tracer.NumRules)}, need{k + ".key", ruleKeyOK(r.Key)},
			need{k + ".witness", slices.Contains(witnessNames, r.Witness)})
		ns = append(ns, words(k+".name", r.Name)...)
		ns = append(ns, words(k+".short", r.Short)...)
		if !r.Mark.empty() {
			ns = append(ns, words(k+".mark", r.Mark)...)
		}
		if !r.With.empty() {
			ns = append(ns, words(k+".with", r.With)...)
		}
	}
	ns = append(ns, need{"definition.orders", len(df.Orders) > 0}, need{"definition.checks", len(df.Checks) > 0})
	ns = append(ns, words("definition.words.candidate", df.Words.Candidate)...)
	ns = append(ns, words("definition.words.next_candidate", df.Words.NextCandidate)...)
	ns = append(ns, words("definition.words.solution", df.Words.Solution)...)
	for i, s := range df.Words.Slots {
		ns = append(ns, words(fmt.Sprintf("definition.words.slots[%d].words", i), s.Words)...)
	}
	for i, l := range df.Code.Lines {
		ns = append(ns, need{fmt.Sprintf("definition.code.lines[%d].role", i), slices.Contains(codeRoleNames, l.Role)})
	}
	for _, x := range ns {
		if !x.ok {
			return fmt.Errorf("%s: missing or not valid", x.key)
		}
	}
	if len(b.Fixed) > 0 && len(b.Fixed) != b.Rows {
		return fmt.Errorf("definition.board.fixed: %d rows, want %d", len(b.Fixed), b.Rows)
	}
	for i, row := range b.Fixed {
		if len(row) != b.Cols {
			return fmt.Errorf("definition.board.fixed[%d]: %d cells, want %d", i, len(row), b.Cols)
		}
	}
	for i, g := range b.Givens {
		if len(g) != 3 || g[0] < 0 || g[0] >= b.Rows || g[1] < 0 || g[1] >= b.Cols || g[2] < v.Lo || g[2] > v.Hi {
			return fmt.Errorf("definition.board.givens[%d]: want [row, col, value] on the %d×%d board, value %d to %d", i, b.Rows, b.Cols, v.Lo, v.Hi)
		}
	}
	return nil
}

// ruleKeyOK reports whether key can be a rule's key (tracer's own rule).
func ruleKeyOK(key string) bool {
	for i, c := range key {
		switch {
		case c >= 'a' && c <= 'z':
		case i > 0 && (c >= '0' && c <= '9' || c == '_'):
		default:
			return false
		}
	}
	return key != ""
}

// def builds the described Def of a log with header h.
func (df *Definition) def(h Header) (*tracer.Def, error) {
	if err := df.check(); err != nil {
		return nil, err
	}
	v := df.Values
	glyph := func(x int) byte {
		if x < v.Lo || x > v.Hi {
			return '?'
		}
		return v.Glyphs[x-v.Lo]
	}
	word := func(x int) string {
		if x < v.Lo || x > v.Hi {
			return strconv.Itoa(x)
		}
		return v.Words[x-v.Lo]
	}
	b := df.Board
	d := &tracer.Def{
		Name:      h.Problem,
		Title:     df.Title.text(),
		Stop:      tracer.Stop(df.Stop),
		EveryNode: df.EveryNode,
		Values:    func(int) (int, int) { return v.Lo, v.Hi },
		MoveHint:  df.Moves.Hint.text(),
		Label: func(_ tracer.Info, lang tracer.Lang) string {
			return df.Label.text().In(lang)
		},
		New: func(tracer.Spec) (tracer.Problem, error) {
			return nil, fmt.Errorf("problem %s: %w", h.Problem, ErrDescribed)
		},
	}
	d.Board.Slot = tracer.SlotKind(slices.Index(slotNames, b.Slot))
	if b.Pieces {
		d.Board.Pieces, d.Board.Glyph, d.Board.Piece = true, b.Glyph[0], b.Piece.text()
		glyph = func(int) byte { return b.Glyph[0] }
	}
	d.Board.PieceGlyph = b.PieceGlyph
	if b.Box > 0 {
		d.Board.BoxSide = func(int) int { return b.Box }
	}
	givens, fixed := b.Givens, b.Fixed
	d.Start = func(tracer.Info) (*tracer.Board, error) {
		bd := tracer.NewBoard(b.Rows, b.Cols, glyph)
		for _, g := range givens {
			bd.Give(tracer.Pos{Row: g[0], Col: g[1]}, g[2])
		}
		for r, row := range fixed {
			for c, f := range row {
				if f != "" {
					bd.SetFixed(tracer.Pos{Row: r, Col: c}, f)
				}
			}
		}
		return bd, nil
	}
	for _, r := range df.Rules {
		d.Rules = append(d.Rules, tracer.RuleWords{Rule: tracer.Rule(r.Number), Key: r.Key, Name: r.Name.text(), Short: r.Short.text(),
			Mark: r.Mark.text(), Witness: tracer.WitnessKind(slices.Index(witnessNames, r.Witness)), With: r.With.text(),
			Color: r.Color, Fill: r.Fill, Code: r.Code, Loop: r.Loop})
	}
	for _, o := range df.Orders {
		d.Orders = append(d.Orders, tracer.Order(o))
	}
	for _, c := range df.Checks {
		d.Checks = append(d.Checks, tracer.Check(c))
	}
	for _, w := range df.Whens {
		d.Whens = append(d.Whens, tracer.When(w))
	}
	traits := tracer.OrderTraits{Options: df.Traits.Options, Passes: df.Traits.Passes, Loops: df.Traits.Loops}
	order := h.Strategy.Order
	d.Traits = func(o tracer.Order) tracer.OrderTraits {
		if o == order {
			return traits
		}
		return tracer.OrderTraits{}
	}
	if !df.Words.Shape.empty() {
		shape := df.Words.Shape.text()
		d.Shape = func(tracer.Order) tracer.Text { return shape }
	}
	d.CallLoop = func(path []int) (int, int, bool) {
		if l, ok := df.loops[pathKey(path)]; ok {
			return l.Lo, l.Hi, l.End
		}
		return v.Lo, v.Hi, false
	}
	d.CallMark = func(path []int) (tracer.Text, bool) {
		t, ok := df.marks[pathKey(path)]
		return t, ok
	}
	d.LeafNote = func(_ tracer.Rule, path []int) (tracer.Text, bool) {
		t, ok := df.leaves[pathKey(path)]
		return t, ok
	}
	if err := df.moves(d, word); err != nil {
		return nil, err
	}
	w := tracer.PlainWords(df.Words.Candidate.text(), df.Words.NextCandidate.text())
	w.Value = word
	last := v.Last
	w.Last = func(int) int { return last }
	full := df.Words.Solution.text()
	w.Full = func(int) tracer.Text { return full }
	if len(df.Words.Slots) > 0 {
		slots := map[tracer.Pos]tracer.Text{}
		for _, s := range df.Words.Slots {
			slots[tracer.Pos{Row: s.Row, Col: s.Col}] = s.Words.text()
		}
		w.Slot = func(p tracer.Pos) tracer.Text {
			if t, ok := slots[p]; ok {
				return t
			}
			return tracer.Text{EN: fmt.Sprintf("(%d,%d)", p.Row, p.Col), ZH: fmt.Sprintf("(%d,%d)", p.Row, p.Col)}
		}
	}
	d.Words = w
	c := df.Code
	d.Code = tracer.CodeParts{Signature: c.Signature, Full: c.Full, Args: c.Args, Recurse: c.Recurse, Value: c.Value,
		Slot: func(tracer.Order) string { return c.Slot },
		Loop: func(int) string { return c.Loop }}
	if len(c.Lines) > 0 {
		lines := make([]tracer.CodeLine, len(c.Lines))
		for i, l := range c.Lines {
			lines[i] = tracer.CodeLine{Text: l.Text, Role: tracer.CodeRole(slices.Index(codeRoleNames, l.Role))}
		}
		d.Code.Own = func(int, tracer.Strategy) []tracer.CodeLine { return slices.Clone(lines) }
	}
	return d, nil
}

// setLeaves gives the described Def the notes of the log's leaves table
// and the marks of its marks table.
func (df *Definition) setLeaves(rows, marks []LeafRow, loops []LoopRow) {
	df.loops = make(map[string]LoopRow, len(loops))
	for _, l := range loops {
		df.loops[pathKey(l.Path)] = l
	}
	df.leaves = make(map[string]tracer.Text, len(rows))
	for _, r := range rows {
		df.leaves[pathKey(r.Path)] = r.Words.text()
	}
	df.marks = make(map[string]tracer.Text, len(marks))
	for _, r := range marks {
		df.marks[pathKey(r.Path)] = r.Words.text()
	}
}

// moves gives d the move notation of the definition: its pattern, or
// its table, or (neither) a notation that writes no move a reader takes
// back, so that the log's steps give cell and value.
func (df *Definition) moves(d *tracer.Def, word func(int) string) error {
	m := df.Moves
	v := df.Values
	if m.LabelsOnly {
		defer func() {
			d.ParseMove = func(s string, _ int) (tracer.Pos, int, error) {
				return tracer.NoPos, 0, fmt.Errorf("%q: the definition's notation names moves in pictures only: a step gives cell and value", s)
			}
		}()
	}
	switch {
	case m.Pattern != "":
		re, names, err := patternRegexp(m.Pattern, v.Words)
		if err != nil && m.LabelsOnly {
			err = nil
		}
		if err != nil {
			return fmt.Errorf("definition.moves.pattern: %v", err)
		}
		rowSlots := d.Board.Slot == tracer.SlotRow
		d.Move = func(cell tracer.Pos, x int) string { return applyPattern(m.Pattern, cell, word(x)) }
		d.ParseMove = func(s string, _ int) (tracer.Pos, int, error) {
			g := re.FindStringSubmatch(s)
			if g == nil {
				return tracer.NoPos, 0, fmt.Errorf("%q is not a move: %s", s, d.MoveHint.EN)
			}
			cell, x := tracer.Pos{Col: -1}, 0
			for i, name := range names {
				switch name {
				case "row":
					cell.Row, _ = strconv.Atoi(g[i+1])
				case "col":
					cell.Col, _ = strconv.Atoi(g[i+1])
				case "value":
					x = v.Lo + slices.Index(v.Words, g[i+1])
				}
			}
			if cell.Col < 0 {
				if !rowSlots {
					cell.Col = 0
				} else {
					cell.Col = x
				}
			}
			return cell, x, nil
		}
	case len(m.Table) > 0:
		type key struct {
			cell tracer.Pos
			v    int
		}
		texts := make(map[key]string, len(m.Table))
		moves := make(map[string]key, len(m.Table))
		for i, t := range m.Table {
			k := key{tracer.Pos{Row: t.Row, Col: t.Col}, t.Value}
			if _, dup := moves[t.Text]; dup && !m.LabelsOnly || t.Text == "" {
				return fmt.Errorf("definition.moves.table[%d]: text %s is empty or given twice", i, quoteShort(t.Text))
			}
			texts[k], moves[t.Text] = t.Text, k
		}
		d.Move = func(cell tracer.Pos, x int) string {
			if s, ok := texts[key{cell, x}]; ok {
				return s
			}
			return fmt.Sprintf("(%d,%d)=%d", cell.Row, cell.Col, x)
		}
		d.ParseMove = func(s string, _ int) (tracer.Pos, int, error) {
			if k, ok := moves[s]; ok {
				return k.cell, k.v, nil
			}
			return tracer.NoPos, 0, fmt.Errorf("%q is not a move of the definition's table: %s", s, d.MoveHint.EN)
		}
	default:
		d.Move = func(cell tracer.Pos, x int) string { return fmt.Sprintf("(%d,%d)=%s", cell.Row, cell.Col, word(x)) }
		d.ParseMove = func(s string, _ int) (tracer.Pos, int, error) {
			return tracer.NoPos, 0, fmt.Errorf("%q: the definition declares no move notation: a step gives cell and value", s)
		}
	}
	return nil
}
