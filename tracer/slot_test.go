package tracer_test

import (
	"context"
	"strings"
	"testing"

	"github.com/backtrack-edu/backtrack/tracer"
	"github.com/backtrack-edu/backtrack/tracer/problems/nqueens"
	"github.com/backtrack-edu/backtrack/tracer/problems/sudoku"
)

// TestCallEventsCarrySlot: every call event says the slot its call
// decides, as the problem's Next found it, NoPos at the end condition;
// a problem that scans for its slot says it on the scan instead.
func TestCallEventsCarrySlot(t *testing.T) {
	for _, c := range []struct {
		name string
		spec tracer.Spec
		slot func(e *tracer.Event, n int) tracer.Pos // want, from the call and the size
	}{
		{"nqueens", tracer.Spec{Problem: "nqueens", N: 5}, func(e *tracer.Event, n int) tracer.Pos {
			if e.Depth < n {
				return tracer.Pos{Row: e.Depth, Col: -1}
			}
			return tracer.NoPos
		}},
		{"permutations", tracer.Spec{Problem: "permutations", N: 3}, func(e *tracer.Event, n int) tracer.Pos {
			if e.Depth < n {
				return tracer.Pos{Row: 0, Col: e.Depth}
			}
			return tracer.NoPos
		}},
		{"sudoku", tracer.Spec{Problem: "sudoku", Puzzle: ".4......3.4...2."}, func(*tracer.Event, int) tracer.Pos { return tracer.NoPos }},
	} {
		t.Run(c.name, func(t *testing.T) {
			p, opts, err := c.spec.Build()
			if err != nil {
				t.Fatal(err)
			}
			calls, scans := 0, 0
			var last tracer.Event
			opts.Sinks = []tracer.Sink{tracer.SinkFunc(func(e *tracer.Event) {
				switch e.Kind {
				case tracer.KindCall:
					calls++
					if want := c.slot(e, p.Info().Size); e.Slot != want {
						t.Errorf("step %d: call at depth %d has slot %v, want %v", e.Step, e.Depth, e.Slot, want)
					}
				case tracer.KindScan:
					scans++
					if last.Kind == tracer.KindCall && last.Slot != tracer.NoPos {
						t.Errorf("step %d: the call before a scan says slot %v too", e.Step, last.Slot)
					}
				default:
					if e.Slot != tracer.NoPos {
						t.Errorf("step %d: a %s has slot %v", e.Step, e.Kind, e.Slot)
					}
				}
				last = *e
			})}
			if _, err := tracer.Run(context.Background(), p, opts); err != nil {
				t.Fatal(err)
			}
			if calls == 0 || (c.name == "sudoku") != (scans > 0) {
				t.Fatalf("%d calls, %d scans", calls, scans)
			}
		})
	}
}

// TestPlainWordsSlotAndWitness: plain words name the slot a call's event
// carries (never one counted from the depth), and a rule with no witness
// by itself (never "clashes with -").
func TestPlainWordsSlotAndWitness(t *testing.T) {
	w := tracer.PlainWords(tracer.Text{EN: "value", ZH: "值"}, tracer.Text{EN: "the next value", ZH: "下一个值"})
	for _, c := range []struct {
		facts  tracer.CallFacts
		en, zh string
	}{
		{tracer.CallFacts{Depth: 1, Slot: tracer.Pos{Row: 0, Col: 2}}, "decide (0,2)", "决定 (0,2)"},
		{tracer.CallFacts{Depth: 0, Slot: tracer.Pos{Row: 3, Col: -1}}, "decide row 3", "决定第 3 行"},
		{tracer.CallFacts{Depth: 2, Slot: tracer.NoPos}, "see whether a slot is left to decide", "看看还有没有要决定的位置"},
	} {
		if got := w.Decide(c.facts); got.EN != c.en || got.ZH != c.zh {
			t.Errorf("Decide(%+v) = %q, want %q / %q", c.facts, got, c.en, c.zh)
		}
	}
	bound := tracer.RuleWords{Rule: 1, Key: "cap", Name: tracer.Text{EN: "over the cap", ZH: "超过上限"}, Witness: tracer.WitnessNone}
	clash := tracer.RuleWords{Rule: 2, Key: "row", Name: tracer.Text{EN: "row", ZH: "同行重复"}}
	for _, when := range tracer.Whens {
		e := &tracer.Event{Kind: tracer.KindReject, Cell: tracer.Pos{Row: 1, Col: 2}, Value: 3, Rule: 1, Witness: tracer.NoPos}
		got := w.Reject(when, e, bound)
		for _, s := range []string{got.EN, got.ZH} {
			if strings.Contains(s, " - ") || strings.Contains(s, "with -") || strings.Contains(s, "与 -") {
				t.Errorf("when %s: a witness-less reject says %q", when, s)
			}
		}
		if !strings.Contains(got.EN, "over the cap") || !strings.Contains(got.ZH, "超过上限") {
			t.Errorf("when %s: the reject %q does not name its rule", when, got)
		}
		e.Rule, e.Witness = 2, tracer.Pos{Row: 1, Col: 0}
		if got := w.Reject(when, e, clash); !strings.Contains(got.EN, "clashes with (1,0)") {
			t.Errorf("when %s: a reject with a witness says %q", when, got.EN)
		}
	}
}

// TestMoveCell: the cell of a candidate not tried yet is the Def's
// (BoardSpec.Cell), else a row's column on a board of row slots, else
// the slot.
func TestMoveCell(t *testing.T) {
	jump := &tracer.Def{Board: tracer.BoardSpec{Cell: func(slot tracer.Pos, v int) tracer.Pos {
		return tracer.Pos{Row: slot.Row + 1, Col: slot.Col + v}
	}}}
	for _, c := range []struct {
		def  *tracer.Def
		slot tracer.Pos
		v    int
		want tracer.Pos
	}{
		{nqueens.NQueensDef, tracer.Pos{Row: 2, Col: -1}, 3, tracer.Pos{Row: 2, Col: 3}},
		{sudoku.SudokuDef, tracer.Pos{Row: 4, Col: 5}, 7, tracer.Pos{Row: 4, Col: 5}},
		{jump, tracer.Pos{Row: 0, Col: 1}, 2, tracer.Pos{Row: 1, Col: 3}},
	} {
		if got := c.def.MoveCell(c.slot, c.v); got != c.want {
			t.Errorf("%s MoveCell(%v, %d) = %v, want %v", c.def.Name, c.slot, c.v, got, c.want)
		}
	}
}
