package stepper

import (
	"context"
	"fmt"
	"strings"
	"testing"

	"github.com/backtrack-edu/backtrack/tracer"
	"github.com/backtrack-edu/backtrack/tracer/problems/nqueens"
)

// tailPair is a problem of this test alone, made to catch readers that
// guess from the depth or from an order's name: on a row of four cells
// it decides the last two, right to left (the call at depth d decides
// cell (0, 3-d), never the depth-th cell), with values 1 to 3. Its order
// is named "cells", as one of Sudoku's is, and it is no Sudoku. Its rule
// "cap" (the two values sum to at most 4) is a bound with no witness;
// "same" (a value equal to the one on its right) names that cell.
type tailPair struct {
	row [4]int
}

const (
	tailCap  tracer.Rule = 1
	tailSame tracer.Rule = 2
)

var tailPairDef = &tracer.Def{
	Name:   "tailpair",
	Title:  tracer.Text{EN: "Tail pair", ZH: "尾部两格"},
	Orders: []tracer.Order{"cells"},
	Checks: []tracer.Check{tracer.CheckScan},
	Whens:  []tracer.When{tracer.WhenBefore, tracer.WhenAfter},
	Stop:   tracer.StopAll,
	Rules: []tracer.RuleWords{
		{Rule: tailCap, Key: "cap", Name: tracer.Text{EN: "sum over 4", ZH: "和超过 4"}, Short: tracer.Text{EN: "cap", ZH: "超"},
			Witness: tracer.WitnessNone},
		{Rule: tailSame, Key: "same", Name: tracer.Text{EN: "same as its right", ZH: "与右边相同"}, Short: tracer.Text{EN: "same", ZH: "同"}},
	},
	Size:   &tracer.SizeSetting{Default: 4, Min: 4, Max: 4},
	Values: func(int) (int, int) { return 1, 3 },
	Start: func(tracer.Info) (*tracer.Board, error) {
		return tracer.NewBoard(1, 4, func(v int) byte { return byte('0' + v) }), nil
	},
	Move:  func(cell tracer.Pos, v int) string { return fmt.Sprintf("%s=%d", cell, v) },
	Label: func(tracer.Info, tracer.Lang) string { return "1×4" },
	Code: tracer.CodeParts{Signature: "func walk(k int) bool {", Full: "k == 2", Args: "3-k, v",
		Recurse: "walk(k+1)", Loop: func(int) string { return "for v := 1; v <= 3; v++ {" }},
	Words: tracer.PlainWords(tracer.Text{EN: "value", ZH: "值"}, tracer.Text{EN: "the next value", ZH: "下一个值"}),
}

func (p *tailPair) Info() tracer.Info {
	return tracer.Info{Def: tailPairDef, Problem: tailPairDef.Name, Size: 4, Instance: "1×4", Order: "cells",
		Check: tracer.CheckScan, Rules: []tracer.Rule{tailCap, tailSame}}
}

func (p *tailPair) Next(depth int, _ tracer.Pos) (tracer.Pos, bool) {
	if depth >= 2 {
		return tracer.NoPos, false
	}
	return tracer.Pos{Row: 0, Col: 3 - depth}, true
}

func (p *tailPair) LastScan() (tracer.Scan, bool)    { return tracer.Scan{}, false }
func (p *tailPair) Candidates(tracer.Pos) (int, int) { return 1, 3 }
func (p *tailPair) Cell(slot tracer.Pos, _ int) tracer.Pos {
	return slot
}

func (p *tailPair) Check(slot tracer.Pos, v int, _ bool) tracer.Verdict {
	if slot.Col == 2 && p.row[3]+v > 4 {
		return tracer.Verdict{Rule: tailCap, Witness: tracer.NoPos, Cost: 1}
	}
	if slot.Col == 2 && p.row[3] == v {
		return tracer.Verdict{Rule: tailSame, Witness: tracer.Pos{Row: 0, Col: 3}, Cost: 2}
	}
	return tracer.Verdict{Cost: 2}
}

func (p *tailPair) Place(slot tracer.Pos, v int) { p.row[slot.Col] = v }
func (p *tailPair) Undo(slot tracer.Pos, _ int)  { p.row[slot.Col] = 0 }
func (p *tailPair) Validate() (tracer.Verdict, tracer.Pos, int) {
	return tracer.Verdict{}, tracer.NoPos, 0
}

func (p *tailPair) Rows() []string {
	b := []byte("....")
	for i, v := range p.row {
		if v > 0 {
			b[i] = byte('0' + v)
		}
	}
	return []string{string(b)}
}

// TestSlotFromEvents runs tailPair, whose slots are not the depth-th
// cells and whose order is named as one of Sudoku's, through the stepper
// and the player: the stack shows the slots the calls decide, the code
// is its own (not the tutorials' Sudoku), and no note says a rule with
// no witness clashes with "-".
func TestSlotFromEvents(t *testing.T) {
	rec := stepRecord(t, &tailPair{}, tracer.Options{Stop: tracer.StopAll})
	// The slots the calls decide: (0,3) at the root, (0,2) below it;
	// never the first two cells, which no call decides.
	wrong := []string{"(0,0)=?", "(0,1)=?"}
	for _, lang := range tracer.Langs {
		s := New(rec, Options{Lang: lang, Width: 100, Height: 40})
		saw := map[string]bool{}
		for k := int64(1); k <= rec.Len(); k++ {
			s.Goto(k)
			v := s.View()
			what := fmt.Sprintf("%s step %d (%s)", lang, k, rec.At(k).Kind)
			for _, w := range wrong {
				if strings.Contains(v, w) {
					t.Fatalf("%s: the view shows %q, a slot no call decides:\n%s", what, w, v)
				}
			}
			for _, w := range []string{"(0,3)=?", "(0,2)=?"} {
				saw[w] = saw[w] || strings.Contains(v, w)
			}
			// Its own code, never tutorial 001's helper(row, col).
			if !strings.Contains(v, "func walk(k int)") || strings.Contains(v, "solve(r, c+1)") {
				t.Fatalf("%s: the view's code is not the problem's own:\n%s", what, v)
			}
			for _, bad := range []string{"clashes with -", "与 - 冲突", "slot 1", "第 1 个位置"} {
				if strings.Contains(v, bad) {
					t.Fatalf("%s: the view says %q:\n%s", what, bad, v)
				}
			}
		}
		for w, ok := range saw {
			if !ok {
				t.Errorf("%s: no view shows the open slot %q", lang, w)
			}
		}
		// The root's note names the slot it decides.
		s.Goto(1)
		want := map[tracer.Lang]string{tracer.LangEN: "decide (0,3)", tracer.LangZH: "决定 (0,3)"}[lang]
		if v := s.View(); !strings.Contains(v, want) {
			t.Errorf("%s step 1: the note lacks %q:\n%s", lang, want, v)
		}
	}
	// The cap's rejects: the note names the rule alone.
	n := tracer.NewNarrator(rec.Info(), rec.Strategy(), tracer.LangEN)
	caps := 0
	for k := int64(1); k <= rec.Len(); k++ {
		e := rec.At(k)
		note := n.Note(&e)
		if e.Kind == tracer.KindReject && e.Rule == tailCap {
			caps++
			if !strings.Contains(note, "sum over 4") || strings.Contains(note, " - ") {
				t.Errorf("step %d: the cap's note %q", k, note)
			}
		}
	}
	if caps == 0 {
		t.Fatal("no reject by the cap")
	}
	// The player's data: the same slots, the same code.
	pg, err := buildPlayer(context.Background(), rec, HTMLOptions{})
	if err != nil {
		t.Fatal(err)
	}
	d := pg.d
	var paths []string
	for _, p := range d.Paths {
		paths = append(paths, fmt.Sprint(p))
	}
	all := strings.Join(append(paths, d.Strs...), " | ")
	for _, w := range wrong {
		if strings.Contains(all, w) {
			t.Errorf("the player's frames hold %q, a slot no call decides: %s", w, all)
		}
	}
	if !strings.Contains(all, "(0,3)=?") || !strings.Contains(all, "(0,2)=?") {
		t.Errorf("the player's frames lack the open slots (0,3)=? and (0,2)=?: %s", all)
	}
	for _, code := range d.Code {
		if len(code) == 0 || !strings.Contains(code[0], "func walk(k int)") || strings.Contains(strings.Join(code, "\n"), "solve(r, c+1)") {
			t.Errorf("the player's code is not the problem's own: %q", code)
		}
	}
}

// TestPieceGlyphFromDef: the player draws a board's pieces with the
// glyph its Def declares (BoardSpec.PieceGlyph), never one chosen by the
// piece's English name, and with "●" when the Def declares none.
func TestPieceGlyphFromDef(t *testing.T) {
	for _, c := range []struct{ glyph, want string }{{"★", "★"}, {"", "●"}, {"♛", "♛"}} {
		q, err := nqueens.NewNQueens(4, tracer.CheckScan)
		if err != nil {
			t.Fatal(err)
		}
		def := *nqueens.NQueensDef // its piece is still called "queen"
		def.Board.PieceGlyph = c.glyph
		info := q.Info()
		info.Def = &def
		rec := NewRecording(info, tracer.Strategy{Stop: tracer.StopAll})
		d := &playerData{}
		if g := d.Board.Glyphs; len(g) != 0 {
			t.Fatalf("glyphs before: %q", g)
		}
		d.glyphIdx(rec, "Q")
		if got := d.Board.Glyphs; len(got) != 1 || got[0] != c.want {
			t.Errorf("PieceGlyph %q: the player's glyphs %q, want [%q]", c.glyph, got, c.want)
		}
	}
}

// dropTok is another problem of this test alone, whose moves land away
// from their slot: on a 2×2 board the call at depth d decides column d
// (its slot is the column's top cell, (0,d)), and value v drops a token
// to row v of it, cell (v,d). Its rule "level" refuses a token in the
// row of the one before it, whose cell is the witness.
type dropTok struct{ rows [2]int }

var dropTokDef = &tracer.Def{
	Name:   "droptok",
	Title:  tracer.Text{EN: "Drop tokens", ZH: "落子"},
	Orders: []tracer.Order{"columns"},
	Checks: []tracer.Check{tracer.CheckScan},
	Stop:   tracer.StopAll,
	Rules: []tracer.RuleWords{{Rule: 1, Key: "level", Name: tracer.Text{EN: "same row", ZH: "同行"},
		Short: tracer.Text{EN: "row", ZH: "行"}}},
	Size:   &tracer.SizeSetting{Default: 2, Min: 2, Max: 2},
	Values: func(int) (int, int) { return 0, 1 },
	Board: tracer.BoardSpec{Slot: tracer.SlotCell,
		Cell: func(slot tracer.Pos, v int) tracer.Pos { return tracer.Pos{Row: v, Col: slot.Col} }},
	Start: func(tracer.Info) (*tracer.Board, error) {
		return tracer.NewBoard(2, 2, func(v int) byte { return byte('a' + v) }), nil
	},
	Move:  func(cell tracer.Pos, v int) string { return fmt.Sprintf("c%d↓%d", cell.Col, cell.Row) },
	Label: func(tracer.Info, tracer.Lang) string { return "2×2" },
	Words: tracer.PlainWords(tracer.Text{EN: "row", ZH: "行"}, tracer.Text{EN: "the next row", ZH: "下一行"}),
}

func (p *dropTok) Info() tracer.Info {
	return tracer.Info{Def: dropTokDef, Problem: dropTokDef.Name, Size: 2, Instance: "2×2", Order: "columns",
		Check: tracer.CheckScan, Rules: []tracer.Rule{1}}
}

func (p *dropTok) Next(depth int, _ tracer.Pos) (tracer.Pos, bool) {
	return tracer.Pos{Row: 0, Col: depth}, depth < 2
}
func (p *dropTok) LastScan() (tracer.Scan, bool)    { return tracer.Scan{}, false }
func (p *dropTok) Candidates(tracer.Pos) (int, int) { return 0, 1 }
func (p *dropTok) Cell(slot tracer.Pos, v int) tracer.Pos {
	return tracer.Pos{Row: v, Col: slot.Col}
}
func (p *dropTok) Check(slot tracer.Pos, v int, _ bool) tracer.Verdict {
	if slot.Col == 1 && p.rows[0] == v {
		return tracer.Verdict{Rule: 1, Witness: tracer.Pos{Row: v, Col: 0}, Cost: 1}
	}
	return tracer.Verdict{Cost: 1}
}
func (p *dropTok) Place(slot tracer.Pos, v int) { p.rows[slot.Col] = v }
func (p *dropTok) Undo(tracer.Pos, int)         {}
func (p *dropTok) Validate() (tracer.Verdict, tracer.Pos, int) {
	return tracer.Verdict{}, tracer.NoPos, 0
}
func (p *dropTok) Rows() []string { return []string{"..", ".."} }

// TestMoveCellFromEvents: a move that lands away from its slot is named
// by its own cell, as its event says, on the stack of the stepper and the
// player, never by the slot (the old reading: "c0↓0" for the token
// dropped to row 1).
func TestMoveCellFromEvents(t *testing.T) {
	rec := stepRecord(t, &dropTok{}, tracer.Options{Stop: tracer.StopAll})
	s := New(rec, Options{Width: 100, Height: 30})
	saw := false
	for k := int64(1); k <= rec.Len(); k++ {
		e := rec.At(k)
		s.Goto(k)
		v := s.View()
		if e.Kind == tracer.KindCall && e.Depth == 1 {
			// The path's first move is the token that led here.
			want := fmt.Sprintf("c0↓%d", e.Value)
			stack := v[strings.Index(v, "call stack"):]
			if !strings.Contains(stack, "d0 #0 "+want) {
				t.Errorf("step %d: the stack lacks the move %q:\n%s", k, want, stack)
			}
			saw = saw || e.Value == 1
		}
	}
	if !saw {
		t.Fatal("no call after a token dropped to row 1")
	}
	pg, err := buildPlayer(context.Background(), rec, HTMLOptions{})
	if err != nil {
		t.Fatal(err)
	}
	var paths []string
	for _, p := range pg.d.Paths {
		paths = append(paths, fmt.Sprint(p))
	}
	if all := strings.Join(paths, " "); !strings.Contains(all, "c0↓1") || !strings.Contains(all, "c1↓0") {
		t.Errorf("the player's paths lack the moves c0↓1 and c1↓0: %s", all)
	}
}
