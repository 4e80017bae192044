package tracer_test

import (
	"context"
	"fmt"
	"slices"
	"strings"
	"testing"

	"github.com/backtrack-edu/backtrack/tracer"
	"github.com/backtrack-edu/backtrack/tracer/problems/nqueens"
	"github.com/backtrack-edu/backtrack/tracer/problems/permutations"
	"github.com/backtrack-edu/backtrack/tracer/problems/sudoku"
)

// bruteConflicts finds the clashes of v at cell by scanning the whole
// board, as a reader would check a board by hand, independently of the
// problems' code. N-Queens looks only at the rows above (tutorial 004:
// only they hold queens; under --when leaf the rows below are not the
// check's business); Permutations at the positions before; Sudoku at every
// other cell of the row, the column and the box.
func bruteConflicts(problem string, b *tracer.Board, cell tracer.Pos, v int) []tracer.Conflict {
	var out []tracer.Conflict
	for i := range b.Rows {
		for j := range b.Cols {
			p := tracer.Pos{Row: i, Col: j}
			w, ok := b.At(p)
			if !ok || p == cell {
				continue
			}
			switch problem {
			case "nqueens":
				if i >= cell.Row {
					continue
				}
				if j == cell.Col {
					out = append(out, tracer.Conflict{Rule: nqueens.NQueensColumn, Witness: p})
				}
				if i+j == cell.Row+cell.Col {
					out = append(out, tracer.Conflict{Rule: nqueens.NQueensAntiDiagonal, Witness: p})
				}
				if i-j == cell.Row-cell.Col {
					out = append(out, tracer.Conflict{Rule: nqueens.NQueensDiagonal, Witness: p})
				}
			case "permutations":
				if j < cell.Col && w == v {
					out = append(out, tracer.Conflict{Rule: permutations.PermutationsUsed, Witness: p})
				}
			case "sudoku":
				if w != v {
					continue
				}
				box := sudoku.BoxSide(b.Rows)
				if i == cell.Row {
					out = append(out, tracer.Conflict{Rule: sudoku.SudokuRow, Witness: p})
				}
				if j == cell.Col {
					out = append(out, tracer.Conflict{Rule: sudoku.SudokuColumn, Witness: p})
				}
				if i/box == cell.Row/box && j/box == cell.Col/box {
					out = append(out, tracer.Conflict{Rule: sudoku.SudokuBox, Witness: p})
				}
			}
		}
	}
	return out
}

// sameSet reports whether a and b hold the same clashes, in any order.
func sameSet(a, b []tracer.Conflict) bool {
	key := func(c tracer.Conflict) string { return fmt.Sprintf("%s%s", c.Rule, c.Witness) }
	ka, kb := make([]string, len(a)), make([]string, len(b))
	for i := range a {
		ka[i] = key(a[i])
	}
	for i := range b {
		kb[i] = key(b[i])
	}
	slices.Sort(ka)
	slices.Sort(kb)
	return slices.Equal(ka, kb)
}

// conflictChecker replays a search onto a board and checks Def.Conflicts
// against bruteConflicts at every try and every reject.
type conflictChecker struct {
	t       *testing.T
	name    string
	def     *tracer.Def
	board   *tracer.Board
	prev    tracer.Event
	when    tracer.When
	rejects int
	multi   int // rejects with more than one attacking cell
	placed  int // places checked legal
}

func (c *conflictChecker) Event(e *tracer.Event) {
	defer func() { c.board.Apply(e); c.prev = *e }()
	switch e.Kind {
	case tracer.KindReject:
		c.rejects++
		want := bruteConflicts(c.def.Name, c.board, e.Cell, e.Value)
		got := c.def.Conflicts(c.board, e.Cell, e.Value)
		switch {
		case !sameSet(got, want):
			c.t.Fatalf("%s step %d: Conflicts(%s=%d) = %v, the board says %v\n%s", c.name, e.Step, e.Cell, e.Value, got, want, strings.Join(c.board.RowStrings(), "\n"))
		case len(got) == 0 || got[0] != (tracer.Conflict{Rule: e.Rule, Witness: e.Witness}):
			c.t.Fatalf("%s step %d: Conflicts(%s=%d) = %v, the reject names %s %s first", c.name, e.Step, e.Cell, e.Value, got, e.Rule, e.Witness)
		}
		// AppendConflictsOf appends the same clashes after what dst holds.
		pre := tracer.Conflict{Rule: tracer.RuleNone, Witness: tracer.NoPos}
		if app := c.def.AppendConflictsOf([]tracer.Conflict{pre}, c.board, e.Cell, e.Value); app[0] != pre || !slices.Equal(app[1:], got) {
			c.t.Fatalf("%s step %d: AppendConflictsOf(%s=%d) = %v, want %v after %v", c.name, e.Step, e.Cell, e.Value, app, got, pre)
		}
		if all := c.def.RejectConflicts(c.board, e); len(all) != len(got) || all[0] != got[0] {
			c.t.Fatalf("%s step %d: RejectConflicts = %v, want %v", c.name, e.Step, all, got)
		}
		cells := map[tracer.Pos]bool{}
		for _, g := range got {
			cells[g.Witness] = true
		}
		if len(cells) > 1 {
			c.multi++
		}
	}
	// A candidate placed by a check that passed (before placing: the place
	// follows its try; after placing: no reject follows the place) breaks
	// no rule, by Legal and by the board. The cell itself is skipped, so
	// the board may hold it. Under --when leaf no check runs in the loop.
	if p := c.prev; p.Kind == tracer.KindPlace && c.when != tracer.WhenLeaf && e.Kind != tracer.KindReject {
		if legal, known := c.def.Legal(c.board, p.Cell, p.Value); !known || !legal {
			c.t.Fatalf("%s step %d: Legal(%s=%d) = %v, %v; the check let it through", c.name, p.Step, p.Cell, p.Value, legal, known)
		}
		if want := bruteConflicts(c.def.Name, c.board, p.Cell, p.Value); len(want) != 0 {
			c.t.Fatalf("%s step %d: placed %s=%d, the board says %v", c.name, p.Step, p.Cell, p.Value, want)
		}
		c.placed++
	}
}

// TestConflictsAgainstTheBoard runs 5-queens and a 4×4 Sudoku (and
// 4-permutations) under every check and check timing, and compares
// Def.Conflicts at every reject with a scan of the board by hand: the
// same clashes, the reject's own first; and every candidate the search
// placed after checking is legal by both.
func TestConflictsAgainstTheBoard(t *testing.T) {
	sudoku4 := ".4......3.4...2."
	tests := []struct {
		spec      tracer.Spec
		stop      tracer.Stop
		wantMulti bool // some reject has more than one attacking cell
	}{
		{tracer.Spec{Problem: "nqueens", N: 5}, tracer.StopAll, true},
		{tracer.Spec{Problem: "nqueens", N: 5, Check: tracer.CheckArrays}, tracer.StopAll, true},
		{tracer.Spec{Problem: "nqueens", N: 5, When: tracer.WhenAfter}, tracer.StopAll, true},
		{tracer.Spec{Problem: "nqueens", N: 5, Check: tracer.CheckArrays, When: tracer.WhenAfter}, tracer.StopAll, true},
		{tracer.Spec{Problem: "nqueens", N: 5, When: tracer.WhenLeaf}, tracer.StopAll, true},
		{tracer.Spec{Problem: "sudoku", Puzzle: sudoku4}, tracer.StopFirst, true},
		{tracer.Spec{Problem: "sudoku", Puzzle: sudoku4}, tracer.StopAll, true},
		{tracer.Spec{Problem: "sudoku", Puzzle: sudoku4, Check: tracer.CheckBoard}, tracer.StopAll, true},
		{tracer.Spec{Problem: "sudoku", Puzzle: sudoku4, Check: tracer.CheckCounts, Order: sudoku.OrderMRV}, tracer.StopAll, true},
		{tracer.Spec{Problem: "sudoku", Puzzle: sudoku4, When: tracer.WhenAfter}, tracer.StopAll, true},
		{tracer.Spec{Problem: "sudoku", Puzzle: sudoku4, Check: tracer.CheckCounts, When: tracer.WhenAfter}, tracer.StopAll, true},
		{tracer.Spec{Problem: "sudoku", Puzzle: sudoku4, Order: sudoku.OrderCells}, tracer.StopAll, true},
		{tracer.Spec{Problem: "sudoku", Puzzle: sudoku4, When: tracer.WhenLeaf, Limits: tracer.Limits{MaxSteps: 200_000}}, tracer.StopFirst, true},
		{tracer.Spec{Problem: "permutations", N: 4}, tracer.StopAll, false},
		{tracer.Spec{Problem: "permutations", N: 4, Check: tracer.CheckArrays, When: tracer.WhenAfter}, tracer.StopAll, false},
		{tracer.Spec{Problem: "permutations", N: 4, When: tracer.WhenLeaf}, tracer.StopAll, false},
	}
	for _, tt := range tests {
		spec := tt.spec
		spec.Stop = tt.stop
		size := fmt.Sprintf("n=%d", spec.N)
		if spec.N == 0 {
			size = "4×4"
		}
		name := fmt.Sprintf("%s %s %s/%s/%s/%s", spec.Problem, size, spec.Order, spec.Check, spec.When, spec.Stop)
		t.Run(name, func(t *testing.T) {
			p, opts, err := spec.Build()
			if err != nil {
				t.Fatal(err)
			}
			def := p.Info().Def
			if def.Conflicts == nil {
				t.Fatalf("%s has no Conflicts", def.Name)
			}
			start, err := def.Start(p.Info())
			if err != nil {
				t.Fatal(err)
			}
			c := &conflictChecker{t: t, name: name, def: def, board: start, when: opts.When}
			opts.Sinks = []tracer.Sink{c}
			if _, err := tracer.Run(context.Background(), p, opts); err != nil {
				t.Fatal(err)
			}
			if c.rejects == 0 {
				t.Fatal("no reject")
			}
			if c.placed == 0 && spec.When != tracer.WhenLeaf {
				t.Error("no place checked")
			}
			if tt.wantMulti != (c.multi > 0) {
				t.Errorf("%d of %d rejects have more than one attacking cell; want some: %v", c.multi, c.rejects, tt.wantMulti)
			}
			t.Logf("%d rejects, %d with more than one attacking cell; %d places legal", c.rejects, c.multi, c.placed)
		})
	}
}

// TestConflictsTutorial004 is tutorial 004's worked example: with queens
// at [0,1], [1,3], [2,0], the square [3,1] clashes with all three queens,
// in the order the check meets them (the column, then ↗, then ↖), and of
// row 3 only [3,2] is legal.
func TestConflictsTutorial004(t *testing.T) {
	def := nqueens.NQueensDef
	b := tracer.NewBoard(4, 4, func(int) byte { return 'Q' })
	for _, q := range []tracer.Pos{{Row: 0, Col: 1}, {Row: 1, Col: 3}, {Row: 2, Col: 0}} {
		b.Place(q, q.Col)
	}
	got := def.Conflicts(b, tracer.Pos{Row: 3, Col: 1}, 1)
	want := []tracer.Conflict{
		{Rule: nqueens.NQueensColumn, Witness: tracer.Pos{Row: 0, Col: 1}},
		{Rule: nqueens.NQueensAntiDiagonal, Witness: tracer.Pos{Row: 1, Col: 3}},
		{Rule: nqueens.NQueensDiagonal, Witness: tracer.Pos{Row: 2, Col: 0}},
	}
	if !slices.Equal(got, want) {
		t.Errorf("Conflicts([3,1]) = %v, want %v", got, want)
	}
	var legal []int
	for c := range 4 {
		if ok, known := def.Legal(b, tracer.Pos{Row: 3, Col: c}, c); ok && known {
			legal = append(legal, c)
		}
	}
	if !slices.Equal(legal, []int{2}) {
		t.Errorf("legal columns of row 3 = %v, want [2]", legal)
	}
	// A reject that names another clash than Conflicts finds first (a
	// board that is not the search's) keeps its own first; one Conflicts
	// cannot find at all stands alone.
	e := &tracer.Event{Kind: tracer.KindReject, Cell: tracer.Pos{Row: 3, Col: 1}, Value: 1, Rule: nqueens.NQueensDiagonal, Witness: tracer.Pos{Row: 2, Col: 0}}
	if got := def.RejectConflicts(b, e); len(got) != 3 || got[0].Witness != e.Witness {
		t.Errorf("RejectConflicts with ↖ named = %v, want (2,0) first and all three", got)
	}
	e.Witness = tracer.Pos{Row: 0, Col: 3}
	if got := def.RejectConflicts(b, e); len(got) != 1 || got[0].Witness != e.Witness {
		t.Errorf("RejectConflicts of a clash not on the board = %v, want it alone", got)
	}
}

// TestRejectNoteNamesEveryAttacker checks the notes of tutorial 004's
// [3,1] in the all-solutions 4-queens search: the first clash worded as
// before, then the other two queens, in both languages.
func TestRejectNoteNamesEveryAttacker(t *testing.T) {
	tests := []struct {
		when   tracer.When
		en, zh string
	}{
		{tracer.WhenBefore,
			"a queen at (3,1) would share column 1 with the queen at (0,1); also attacked by (1,3) ↗ and (2,0) ↖: prune (剪枝)",
			"(3,1) 放皇后会与 (0,1) 的皇后同列，还会被 (1,3) 的皇后（右上对角线 ↗）和 (2,0) 的皇后（左上对角线 ↖）攻击：剪枝"},
		{tracer.WhenAfter,
			"the new queen (3,1) shares column 1 with (0,1); also attacked by (1,3) ↗ and (2,0) ↖: prune (剪枝), undo it",
			"先放后查：(3,1) 的皇后与 (0,1) 的皇后同列，还被 (1,3) 的皇后（右上对角线 ↗）和 (2,0) 的皇后（左上对角线 ↖）攻击，剪枝，随后撤销"},
	}
	for _, tt := range tests {
		p, opts, err := tracer.Spec{Problem: "nqueens", N: 4, When: tt.when, Stop: tracer.StopAll}.Build()
		if err != nil {
			t.Fatal(err)
		}
		st := tracer.StrategyOf(p.Info(), opts)
		en, zh := tracer.NewNarrator(p.Info(), st, tracer.LangEN), tracer.NewNarrator(p.Info(), st, tracer.LangZH)
		var gotEN, gotZH []string
		opts.Sinks = []tracer.Sink{tracer.SinkFunc(func(e *tracer.Event) {
			ne, nz := en.Note(e), zh.Note(e)
			if e.Kind == tracer.KindReject && e.Cell == (tracer.Pos{Row: 3, Col: 1}) {
				gotEN, gotZH = append(gotEN, ne), append(gotZH, nz)
			}
		})}
		if _, err := tracer.Run(context.Background(), p, opts); err != nil {
			t.Fatal(err)
		}
		if !slices.Contains(gotEN, tt.en) || !slices.Contains(gotZH, tt.zh) {
			t.Errorf("when %s: the notes of [3,1]'s rejects are\n%q\n%q\nwant among them\n%q\n%q", tt.when, gotEN, gotZH, tt.en, tt.zh)
		}
	}
}
