package sudoku

import (
	"context"
	"strings"
	"testing"

	"github.com/backtrack-edu/backtrack/tracer"
	"github.com/backtrack-edu/backtrack/tracer/problem"
	"github.com/backtrack-edu/backtrack/tracer/problems/nqueens"
)

// TestScanCheckCosts checks the scan checks, whose costs are worked out from
// where each walk stopped, against a reference that walks and counts square
// by square: every slot and candidate of boards along real searches, with
// the candidate placed (place-then-check) and not.
func TestScanCheckCosts(t *testing.T) {
	// Sudoku: the row, the column and the box, the cell itself skipped.
	refSudoku := func(s *Sudoku, r, c, v int) problem.Verdict {
		n, cost := s.n, 0
		for j := 0; j < n; j++ {
			if j == c {
				continue
			}
			cost++
			if s.cells[r*n+j] == v {
				return problem.Verdict{Rule: SudokuRow, Witness: problem.Pos{Row: r, Col: j}, Cost: cost}
			}
		}
		for i := 0; i < n; i++ {
			if i == r {
				continue
			}
			cost++
			if s.cells[i*n+c] == v {
				return problem.Verdict{Rule: SudokuColumn, Witness: problem.Pos{Row: i, Col: c}, Cost: cost}
			}
		}
		r0, c0 := r/s.box*s.box, c/s.box*s.box
		for i := r0; i < r0+s.box; i++ {
			for j := c0; j < c0+s.box; j++ {
				if i == r && j == c {
					continue
				}
				cost++
				if s.cells[i*n+j] == v {
					return problem.Verdict{Rule: SudokuBox, Witness: problem.Pos{Row: i, Col: j}, Cost: cost}
				}
			}
		}
		return problem.Verdict{Cost: cost}
	}
	for _, pz := range []string{LeetCode37, ".4......3.4...2.", "1...............", strings.Repeat(".", 256)} {
		s := newSudoku(t, pz, OrderLinear, problem.CheckScan)
		checked := 0
		// problem.Check every blank cell and digit at every 50th call of a search.
		calls := 0
		_, err := tracer.Run(context.Background(), s, problem.Options{Limits: problem.Limits{MaxCalls: 2000}, Sinks: []problem.Sink{problem.SinkFunc(func(e *problem.Event) {
			if e.Kind != problem.KindCall {
				return
			}
			if calls++; calls%50 != 1 {
				return
			}
			for i, d := range s.cells {
				r, c := i/s.n, i%s.n
				for v := 1; v <= s.n; v++ {
					placed := d == 0
					if placed {
						s.cells[i] = v
					}
					got, want := s.Check(problem.Pos{Row: r, Col: c}, v, placed), refSudoku(s, r, c, v)
					if placed {
						s.cells[i] = 0
					}
					if got != want {
						t.Fatalf("%s: %d at %v (placed %v): got %+v, want %+v", pz, v, problem.Pos{Row: r, Col: c}, placed, got, want)
					}
					checked++
				}
			}
		})}})
		if err != nil {
			t.Fatal(err)
		}
		if checked == 0 {
			t.Fatalf("%s: nothing checked", pz)
		}
	}

	// N-Queens: up the column, then up-right, then up-left.
	refQueens := func(q *nqueens.NQueens, r, v int) problem.Verdict {
		rows := q.Rows()
		queen := make([]int, len(rows))
		for i, row := range rows {
			queen[i] = strings.IndexByte(row, 'Q')
		}
		cost := 0
		for i := r - 1; i >= 0; i-- {
			cost++
			if queen[i] == v {
				return problem.Verdict{Rule: nqueens.NQueensColumn, Witness: problem.Pos{Row: i, Col: v}, Cost: cost}
			}
		}
		for i, j := r-1, v+1; i >= 0 && j < len(rows); i, j = i-1, j+1 {
			cost++
			if queen[i] == j {
				return problem.Verdict{Rule: nqueens.NQueensAntiDiagonal, Witness: problem.Pos{Row: i, Col: j}, Cost: cost}
			}
		}
		for i, j := r-1, v-1; i >= 0 && j >= 0; i, j = i-1, j-1 {
			cost++
			if queen[i] == j {
				return problem.Verdict{Rule: nqueens.NQueensDiagonal, Witness: problem.Pos{Row: i, Col: j}, Cost: cost}
			}
		}
		return problem.Verdict{Cost: cost}
	}
	for _, n := range []int{1, 4, 6, 8} {
		q := newQueens(t, n, problem.CheckScan)
		checked := 0
		_, err := tracer.Run(context.Background(), q, problem.Options{Stop: problem.StopAll, Sinks: []problem.Sink{problem.SinkFunc(func(e *problem.Event) {
			if e.Kind != problem.KindCall || e.Depth >= n {
				return
			}
			for v := 0; v < n; v++ {
				if got, want := q.Check(problem.Pos{Row: e.Depth, Col: -1}, v, false), refQueens(q, e.Depth, v); got != want {
					t.Fatalf("%d-queens: column %d at row %d: got %+v, want %+v", n, v, e.Depth, got, want)
				}
				checked++
			}
		})}})
		if err != nil {
			t.Fatal(err)
		}
		if checked == 0 {
			t.Fatalf("%d-queens: nothing checked", n)
		}
	}
}

// newQueens sets up an n-queens search.
func newQueens(t testing.TB, n int, check problem.Check) *nqueens.NQueens {
	t.Helper()
	q, err := nqueens.NewNQueens(n, check)
	if err != nil {
		t.Fatal(err)
	}
	return q
}
