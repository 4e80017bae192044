package nqueens

import (
	"fmt"
	"slices"
	"strings"
	"testing"

	"github.com/backtrack-edu/backtrack/tracer/problem"
)

// TestNQueensCounts checks solutions, nodes and tries of the row-by-row
// search (check before placing, all solutions) for both check methods.
func TestNQueensCounts(t *testing.T) {
	tests := []struct {
		n                int
		solutions, nodes int64 // nodes: calls, the root included (0: not checked)
		tries            int64 // 0: not checked
	}{
		{1, 1, 2, 1}, {2, 0, 3, 6}, {3, 0, 6, 18}, {4, 2, 17, 60}, {5, 10, 54, 0},
		{6, 4, 153, 0}, {7, 40, 552, 0}, {8, 92, 2057, 15720}, {9, 352, 0, 0}, {10, 724, 0, 0},
	}
	for _, tc := range tests {
		for _, check := range NQueensChecks {
			t.Run(fmt.Sprintf("n=%d/%s", tc.n, check), func(t *testing.T) {
				r := runTraced(t, newQueens(t, tc.n, check), problem.Options{Stop: problem.StopAll}, false)
				if r.res.Status != problem.StatusComplete {
					t.Errorf("status %s: want complete", r.res.Status)
				}
				if r.res.Solutions != tc.solutions {
					t.Errorf("solutions = %d: want %d", r.res.Solutions, tc.solutions)
				}
				if tc.nodes != 0 && r.stats.Nodes != tc.nodes {
					t.Errorf("nodes = %d: want %d", r.stats.Nodes, tc.nodes)
				}
				if tc.tries != 0 && r.stats.Tries != tc.tries {
					t.Errorf("tries = %d: want %d", r.stats.Tries, tc.tries)
				}
				// Each call below depth n tries every column once.
				inner := r.stats.Nodes
				if len(r.stats.PerDepth) > tc.n {
					inner -= r.stats.PerDepth[tc.n]
				}
				if r.stats.Tries != inner*int64(tc.n) {
					t.Errorf("tries = %d: want n × (calls above depth n) = %d", r.stats.Tries, inner*int64(tc.n))
				}
				if r.stats.Placements != r.stats.Nodes-1 || r.stats.Tries != r.stats.Placements+r.stats.RejectTotal() {
					t.Errorf("placements %d, rejects %d, tries %d, nodes %d do not add up",
						r.stats.Placements, r.stats.RejectTotal(), r.stats.Tries, r.stats.Nodes)
				}
			})
		}
	}
}

// queensProfile is an N-Queens search written without the package: bit
// masks for the attacked columns and diagonals, counting the calls made at
// each depth (the root at depth 0) and the solutions.
func queensProfile(n int) (perDepth []int64, solutions int64) {
	perDepth = make([]int64, n+1)
	full := uint32(1)<<n - 1
	var rec func(row int, cols, left, right uint32)
	rec = func(row int, cols, left, right uint32) {
		perDepth[row]++
		if row == n {
			solutions++
			return
		}
		for free := full &^ (cols | left | right); free != 0; free &= free - 1 {
			bit := free & -free
			rec(row+1, cols|bit, (left|bit)<<1&full, (right|bit)>>1)
		}
	}
	rec(0, 0, 0, 0)
	// Trailing depths no call reached are not part of the profile.
	for len(perDepth) > 1 && perDepth[len(perDepth)-1] == 0 {
		perDepth = perDepth[:len(perDepth)-1]
	}
	return perDepth, solutions
}

// TestNQueensTreeSizes checks nodes and nodes per depth for n = 1..11
// against ../shared/data/nqueens-tree-sizes.tsv (OEIS A319284) and against
// queensProfile, an independent search.
func TestNQueensTreeSizes(t *testing.T) {
	rows := tsvTable(t, "nqueens-tree-sizes.tsv")
	seen := 0
	for _, row := range rows {
		n := int(atoi64(t, row["n"]))
		if n > 11 {
			continue
		}
		seen++
		t.Run(fmt.Sprintf("n=%d", n), func(t *testing.T) {
			var want []int64
			for _, f := range strings.Fields(strings.Trim(row["profile"], "[]")) {
				want = append(want, atoi64(t, f))
			}
			// The file's profile lists depth n even when no call gets there.
			for len(want) > 1 && want[len(want)-1] == 0 {
				want = want[:len(want)-1]
			}
			indep, indepSolutions := queensProfile(n)
			if !slices.Equal(indep, want) {
				t.Fatalf("independent search: profile %v, file %v", indep, want)
			}
			r := runTraced(t, newQueens(t, n, problem.CheckArrays), problem.Options{Stop: problem.StopAll}, false)
			if !slices.Equal(r.stats.PerDepth, want) {
				t.Errorf("nodes per depth = %v: want %v", r.stats.PerDepth, want)
			}
			if got, w := r.stats.Nodes, atoi64(t, row["total_nodes(incl_root)"]); got != w {
				t.Errorf("nodes = %d: want %d", got, w)
			}
			if got, w := r.res.Solutions, atoi64(t, row["solutions"]); got != w || got != indepSolutions {
				t.Errorf("solutions = %d: want %d (independent search: %d)", got, w, indepSolutions)
			}
		})
	}
	if seen != 11 {
		t.Errorf("the file has %d rows for n = 1..11: want 11", seen)
	}
}

// TestNQueensScanVsArrays checks that the two check methods build the same
// tree, prune for the same reasons and differ only in cost, for every
// --when.
func TestNQueensScanVsArrays(t *testing.T) {
	for _, when := range problem.Whens {
		for _, n := range []int{4, 6, 8} {
			if when == problem.WhenLeaf && n > 6 {
				continue
			}
			t.Run(fmt.Sprintf("%s/n=%d", when, n), func(t *testing.T) {
				opts := problem.Options{When: when, Stop: problem.StopAll}
				a := runTraced(t, newQueens(t, n, problem.CheckScan), opts, true)
				b := runTraced(t, newQueens(t, n, problem.CheckArrays), opts, true)
				sa, sb := *a.stats, *b.stats
				if when != problem.WhenLeaf && sa.CheckCost == sb.CheckCost {
					t.Errorf("check cost %d for both: want a difference", sa.CheckCost)
				}
				if when == problem.WhenLeaf {
					// The leaf validation walks the board the same way for both.
					if sa.CheckCost != sb.CheckCost {
						t.Errorf("leaf check cost %d and %d: want equal", sa.CheckCost, sb.CheckCost)
					}
				}
				sa.CheckCost, sb.CheckCost = 0, 0
				if !equalStats(&sa, &sb) {
					t.Errorf("stats differ:\nscan   %+v\narrays %+v", sa, sb)
				}
				compareTrees(t, a.tree, b.tree, when == problem.WhenLeaf)
				if !slices.EqualFunc(a.res.Boards, b.res.Boards, slices.Equal) {
					t.Errorf("solutions differ")
				}
			})
		}
	}
}

// TestNQueensRuleOrder places queens by hand so that a candidate breaks
// one, two or three rules, and checks that every check method names the
// first broken rule in NQueensRules order (column, anti_diagonal,
// diagonal) with the same witness, before and after the candidate is
// placed (--when before and after).
func TestNQueensRuleOrder(t *testing.T) {
	if !slices.Equal(NQueensRules, []problem.Rule{NQueensColumn, NQueensAntiDiagonal, NQueensDiagonal}) {
		t.Fatalf("NQueensRules = %v: want column, anti_diagonal, diagonal", NQueensRules)
	}
	tests := []struct {
		queens  []int // queens[r] = column of the queen in row r
		col     int   // the candidate's column, in the next row
		breaks  []problem.Rule
		want    problem.Rule
		witness problem.Pos
	}{
		// Queens (0,2), (1,4), (2,1) on 6×6; candidates in row 3.
		{[]int{2, 4, 1}, 0, []problem.Rule{NQueensAntiDiagonal}, NQueensAntiDiagonal, problem.Pos{Row: 2, Col: 1}},
		{[]int{2, 4, 1}, 1, []problem.Rule{NQueensColumn}, NQueensColumn, problem.Pos{Row: 2, Col: 1}},
		{[]int{2, 4, 1}, 2, []problem.Rule{NQueensColumn, NQueensAntiDiagonal, NQueensDiagonal}, NQueensColumn, problem.Pos{Row: 0, Col: 2}},
		{[]int{2, 4, 1}, 3, nil, problem.RuleNone, problem.NoPos},
		{[]int{2, 4, 1}, 4, []problem.Rule{NQueensColumn}, NQueensColumn, problem.Pos{Row: 1, Col: 4}},
		{[]int{2, 4, 1}, 5, []problem.Rule{NQueensDiagonal}, NQueensDiagonal, problem.Pos{Row: 0, Col: 2}},
		// Queens (0,0), (1,3); candidate (2,2) is on both diagonals.
		{[]int{0, 3}, 2, []problem.Rule{NQueensAntiDiagonal, NQueensDiagonal}, NQueensAntiDiagonal, problem.Pos{Row: 1, Col: 3}},
		// Queens (0,3), (1,0) and (2,4) or (2,2); candidate (3,3) is on column 3
		// and on one diagonal.
		{[]int{3, 0, 4}, 3, []problem.Rule{NQueensColumn, NQueensAntiDiagonal}, NQueensColumn, problem.Pos{Row: 0, Col: 3}},
		{[]int{3, 0, 2}, 3, []problem.Rule{NQueensColumn, NQueensDiagonal}, NQueensColumn, problem.Pos{Row: 0, Col: 3}},
	}
	for _, tc := range tests {
		row := len(tc.queens)
		// Guard the table: derive the broken rules with an independent walk.
		var broken []problem.Rule
		for r, qc := range tc.queens {
			switch {
			case qc == tc.col:
				broken = append(broken, NQueensColumn)
			case r+qc == row+tc.col:
				broken = append(broken, NQueensAntiDiagonal)
			case r-qc == row-tc.col:
				broken = append(broken, NQueensDiagonal)
			}
		}
		slices.Sort(broken)
		wantBroken := slices.Sorted(slices.Values(tc.breaks))
		if !slices.Equal(broken, wantBroken) {
			t.Fatalf("table: queens %v, candidate (%d,%d) breaks %v, not %v", tc.queens, row, tc.col, broken, tc.breaks)
		}
		for _, check := range NQueensChecks {
			for _, placed := range []bool{false, true} {
				q := newQueens(t, 6, check)
				for r, qc := range tc.queens {
					q.Place(problem.Pos{Row: r, Col: -1}, qc)
				}
				if placed {
					q.Place(problem.Pos{Row: row, Col: -1}, tc.col)
				}
				vd := q.Check(problem.Pos{Row: row, Col: -1}, tc.col, placed)
				if vd.Rule != tc.want || (tc.want != problem.RuleNone && vd.Witness != tc.witness) {
					t.Errorf("%s, placed=%t: queens %v, candidate (%d,%d): got %q at %s, want %q at %s",
						check, placed, tc.queens, row, tc.col, vd.Rule, vd.Witness, tc.want, tc.witness)
				}
			}
		}
	}
}
