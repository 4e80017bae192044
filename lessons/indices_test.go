package lessons

import (
	"context"
	"slices"
	"strings"
	"testing"

	"github.com/backtrack-edu/backtrack/tracer"
	"github.com/backtrack-edu/backtrack/tracer/problems/sudoku"
)

// TestIndexFormulas checks the tutorials' index formulas, as indices.go
// computes them, against the framework's own idea of a box (sudoku.Clash,
// which the searches' board check uses): for every cell p of a 9×9 and a
// 4×4 grid, the loop [(r/3)*3 + i/3][(c/3)*3 + i%3] visits exactly the
// cells that clash with p by the box rule or share p's box number, each
// once, starting at the corner; and the cell number reads back.
func TestIndexFormulas(t *testing.T) {
	for _, n := range []int{4, 9} {
		g := geometry{n: n, box: sudoku.BoxSide(n)}
		for k := 0; k < n*n; k++ {
			p := g.cellOf(k)
			if g.number(p) != k {
				t.Fatalf("%d×%d: cell number %d reads back as %v, number %d", n, n, k, p, g.number(p))
			}
			var visited []tracer.Pos
			for i := 0; i < n; i++ {
				visited = append(visited, g.visit(p, i))
			}
			if visited[0] != g.corner(p) {
				t.Errorf("%d×%d %v: the loop starts at %v, the corner is %v", n, n, p, visited[0], g.corner(p))
			}
			for q := 0; q < n*n; q++ {
				c := g.cellOf(q)
				in := slices.Contains(visited, c)
				if in != (g.boxOf(c) == g.boxOf(p)) {
					t.Errorf("%d×%d %v: loop visits %v: %t, same box number: %t", n, n, p, c, in, !in)
				}
				if c == p || c.Row == p.Row || c.Col == p.Col {
					continue
				}
				// The same digit at p and c: the framework's check finds a
				// box clash exactly when c is in p's box.
				cells := make([]int, n*n)
				cells[k], cells[q] = 1, 1
				rule, _, _, _ := sudoku.Clash(n, g.box, cells)
				if (rule == sudoku.SudokuBox) != in {
					t.Errorf("%d×%d %v and %v: sudoku.Clash says %v, the loop visits it: %t", n, n, p, c, rule, in)
				}
			}
			slices.SortFunc(visited, func(a, b tracer.Pos) int { return g.number(a) - g.number(b) })
			if len(slices.Compact(visited)) != n {
				t.Errorf("%d×%d %v: the loop visits a cell twice", n, n, p)
			}
		}
	}
}

// TestIndexPage runs the index helpers on a page: the worked example of
// tutorial 004, the grids, and the errors for bad arguments.
func TestIndexPage(t *testing.T) {
	l, err := Lookup("indices")
	if err != nil {
		t.Fatal(err)
	}
	p := &page{l: l[0], lang: tracer.LangEN, runs: map[string]*ran{}, used: map[string]bool{}}
	small := &RunSpec{Name: "small", Search: Search{Problem: "sudoku", Puzzle: ".4......3.4...2."}}
	queens := &RunSpec{Name: "q", Search: Search{Problem: "nqueens", N: 4}}
	for _, rs := range []*RunSpec{l[0].run("lc"), small, queens} {
		out, err := rs.Execute(context.Background())
		if err != nil {
			t.Fatal(err)
		}
		p.runs[rs.Name] = &ran{spec: rs, out: out}
	}
	for _, tt := range []struct{ run, what, cell, want string }{
		{"lc", "box", "4,5", "4"},
		{"lc", "box1", "4,5", "5"},
		{"lc", "corner", "4,5", "(3,3)"},
		{"lc", "number", "4,5", "41"},
		{"lc", "cell", "41", "(4,5)"},
		{"lc", "cell", "80", "(8,8)"},
		{"lc", "box", "8,8", "8"},
		{"small", "box", "3,1", "2"},
		{"small", "corner", "3,1", "(2,0)"},
		{"small", "number", "3,1", "13"},
	} {
		got, err := p.Index(tt.run, tt.what, tt.cell)
		if err != nil || got != tt.want {
			t.Errorf("Index(%s, %s, %s) = %q, %v; want %q", tt.run, tt.what, tt.cell, got, err, tt.want)
		}
	}
	for _, bad := range []struct{ run, what, cell, want string }{
		{"lc", "box", "9,0", "from 0 to 8"},
		{"lc", "box", "81", "from 0 to 80"},
		{"lc", "box", "x", "want r,c"},
		{"lc", "diagonal", "1,1", "want box, box1"},
		{"small", "box", "4,0", "from 0 to 3"},
		{"q", "box", "1,1", "has no boxes"},
		{"nope", "box", "1,1", "unknown run"},
	} {
		if _, err := p.Index(bad.run, bad.what, bad.cell); err == nil || !strings.Contains(err.Error(), bad.want) {
			t.Errorf("Index(%s, %s, %s): error %v, want %q", bad.run, bad.what, bad.cell, err, bad.want)
		}
	}

	// Tutorial 004's example: from (4,5) the loop lights the nine cells of
	// box 4, the corner (3,3) as i = 0 and (4,5) itself, marked, as i = 5.
	cells, err := p.BoxCells("lc", "4,5")
	if err != nil {
		t.Fatal(err)
	}
	rows := strings.Split(cells, "\n")
	for i, want := range map[int]string{
		3: "0  .  .  .  | .  .  .  | .  .  .",
		7: "3  .  .  .  | 0  1  2  | .  .  .",
		8: "4  .  .  .  | 3  4 [5] | .  .  .",
		9: "5  .  .  .  | 6  7  8  | .  .  .",
	} {
		if rows[i] != want {
			t.Errorf("BoxCells line %d = %q, want %q\n%s", i, rows[i], want, cells)
		}
	}
	loop, err := p.BoxLoop("lc", "4,5")
	if err != nil {
		t.Fatal(err)
	}
	for _, want := range []string{"cell `[3 + i/3][3 + i%3]`", "| 0 | 0 | 0 | (3,3) |", "| 5 | 1 | 2 | **(4,5)** |", "| 8 | 2 | 2 | (5,5) |"} {
		if !strings.Contains(loop, want) {
			t.Errorf("BoxLoop lacks %q:\n%s", want, loop)
		}
	}
	grid, err := p.Grid("small", "box", "3,1")
	if err != nil {
		t.Fatal(err)
	}
	if want := "3  2 [2] | 3  3"; !strings.Contains(grid, want) {
		t.Errorf("Grid(small, box) lacks %q:\n%s", want, grid)
	}
	grid, err = p.Grid("lc", "number")
	if err != nil {
		t.Fatal(err)
	}
	if want := "8  72  73  74  | 75  76  77  | 78  79  80"; !strings.Contains(grid, want) {
		t.Errorf("Grid(lc, number) lacks %q:\n%s", want, grid)
	}
	if _, err := p.Grid("lc", "colour"); err == nil {
		t.Error("Grid(lc, colour): no error")
	}
}

// TestBoxRejectsInLoop checks the indices lesson's claim that the
// framework's box check walks the cells of tutorial 004's loop: in the
// lesson's run, every value pruned by the box rule clashes with a cell the
// loop visits from the pruned cell.
func TestBoxRejectsInLoop(t *testing.T) {
	l, err := Lookup("indices")
	if err != nil {
		t.Fatal(err)
	}
	g := geometry{n: 9, box: 3}
	n := 0
	_, err = l[0].run("lc").Execute(context.Background(), tracer.SinkFunc(func(e *tracer.Event) {
		if e.Kind != tracer.KindReject || e.Rule != sudoku.SudokuBox {
			return
		}
		n++
		for i := 0; i < 9; i++ {
			if g.visit(e.Cell, i) == e.Witness && e.Witness != e.Cell {
				return
			}
		}
		t.Errorf("step %d: %v clashes by box with %v, which the loop from %v does not visit", e.Step, e.Cell, e.Witness, e.Cell)
	}))
	if err != nil {
		t.Fatal(err)
	}
	if n == 0 {
		t.Fatal("no box rejects")
	}
}

// TestFormulaConstants checks the number rule's exception: the constants
// of an index formula in a code span, and nothing else.
func TestFormulaConstants(t *testing.T) {
	for in, want := range map[string]string{
		"`(r/3)*3 + c/3`":         "`(r/)* + c/`",
		"`n // 9, n % 9`":         "`n //, n %`",
		"`board[r][i%3]` 3 cells": "`board[r][i%]` 3 cells",
		"`for i := 0; i < 9`":     "`for i := 0; i < 9`",
		"(r/3)*3 outside a span":  "(r/3)*3 outside a span",
	} {
		if got := withoutFormulaConstants(in); got != want {
			t.Errorf("withoutFormulaConstants(%q) = %q, want %q", in, got, want)
		}
	}
}
