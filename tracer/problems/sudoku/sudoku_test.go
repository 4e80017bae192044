package sudoku

import (
	"context"
	"fmt"
	"path/filepath"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/backtrack-edu/backtrack/tracer"
	"github.com/backtrack-edu/backtrack/tracer/problem"
	"github.com/backtrack-edu/backtrack/tracer/problems/nqueens"
)

// TestLeetCode37 checks the naive search on LeetCode 37's board: the same
// nodes, tries and solution for both naive orders and every check method.
func TestLeetCode37(t *testing.T) {
	if got := strings.TrimSpace(readData(t, "leetcode37.txt")); got != leetcode37 {
		t.Fatalf("leetcode37.txt holds %q: want %q", got, leetcode37)
	}
	for _, order := range []problem.Order{OrderLinear, OrderScan2D} {
		for _, check := range SudokuChecks {
			t.Run(fmt.Sprintf("%s/%s", order, check), func(t *testing.T) {
				r := runTraced(t, newSudoku(t, leetcode37, order, check), problem.Options{When: problem.WhenBefore, Stop: problem.StopFirst}, false)
				if r.res.Status != problem.StatusSolved {
					t.Errorf("status %s: want solved", r.res.Status)
				}
				if r.stats.Nodes != 4209 || r.stats.Tries != 37652 {
					t.Errorf("nodes %d, tries %d: want 4209, 37652", r.stats.Nodes, r.stats.Tries)
				}
				if r.res.Solutions != 1 || len(r.res.Boards) != 1 || joinRows(r.res.Boards[0]) != leetcode37Solution {
					t.Errorf("solutions %d, boards %q: want %s", r.res.Solutions, r.res.Boards, leetcode37Solution)
				}
				if got := joinRows(r.res.Final); got != leetcode37Solution {
					t.Errorf("final board %s: want the solution", got)
				}
				if r.stats.MaxDepth != 51 {
					t.Errorf("max depth %d: want 51 (one level per blank)", r.stats.MaxDepth)
				}
			})
		}
	}
}

// TestNaiveCounts checks nodes and tries to the first solution against the
// *.naive-counts.tsv files, for every puzzle whose naive tree has at most
// 300,000 nodes (order linear, check counts: the same tree as scan, faster).
func TestNaiveCounts(t *testing.T) {
	files, err := filepath.Glob(dataPath("*.naive-counts.tsv"))
	if err != nil || len(files) == 0 {
		t.Skip("no *.naive-counts.tsv files in ../shared/data")
	}
	limit := int64(300_000)
	if testing.Short() {
		limit = 20_000
	}
	checked := 0
	for _, file := range files {
		base := filepath.Base(file)
		puzzles := puzzleLines(t, strings.TrimSuffix(base, ".naive-counts.tsv")+".txt")
		for _, row := range tsvTable(t, base) {
			idx := int(atoi64(t, row["idx"]))
			nodes, tries := atoi64(t, row["nodes_first"]), atoi64(t, row["tries_first"])
			if nodes > limit {
				continue
			}
			checked++
			t.Run(fmt.Sprintf("%s/%d", strings.TrimSuffix(base, ".naive-counts.tsv"), idx), func(t *testing.T) {
				t.Parallel()
				p, err := ParsePuzzle(puzzles[idx])
				if err != nil {
					t.Fatal(err)
				}
				if got, want := int64(p.Blanks()), atoi64(t, row["empties"]); got != want {
					t.Fatalf("puzzle %d has %d blanks: the file says %d (wrong line?)", idx, got, want)
				}
				s, err := NewSudoku(p, OrderLinear, problem.CheckCounts)
				if err != nil {
					t.Fatal(err)
				}
				var st tracer.Stats
				res, err := tracer.Run(context.Background(), s, problem.Options{Sinks: []problem.Sink{&st}})
				if err != nil {
					t.Fatal(err)
				}
				if res.Status != problem.StatusSolved || st.Nodes != nodes || st.Tries != tries {
					t.Errorf("%s: nodes %d, tries %d: want %d, %d", res.Status, st.Nodes, st.Tries, nodes, tries)
				}
				if err := validSudoku(puzzles[idx], joinRows(res.Final)); err != nil {
					t.Errorf("solution %s: %v", joinRows(res.Final), err)
				}
			})
		}
	}
	t.Logf("%d puzzles checked", checked)
}

// TestSolutionCounts checks --all on sudoku9-solution-counts.txt
// (puzzle:count:solution; puzzle:0 when there is none) with the fast strategy (mrv, counts): the number
// of solutions, status complete (also with 0 solutions), and the solution
// itself when there is one.
func TestSolutionCounts(t *testing.T) {
	lines := dataLines(t, "sudoku9-solution-counts.txt")
	for i, line := range lines {
		f := strings.Split(line, ":") // puzzle:count:solution, or puzzle:0
		if len(f) == 2 {
			f = append(f, "")
		}
		if len(f) != 3 {
			t.Fatalf("line %d: %q is not puzzle:count:solution", i+1, line)
		}
		want := atoi64(t, f[1])
		t.Run(fmt.Sprintf("%d/%d", i+1, want), func(t *testing.T) {
			if testing.Short() && i%4 != 0 {
				t.Skip("-short: every fourth puzzle only")
			}
			s := newSudoku(t, f[0], OrderMRV, problem.CheckCounts)
			res, err := tracer.Run(context.Background(), s, problem.Options{Stop: problem.StopAll, KeepSolutions: 1, Limits: problem.Limits{Timeout: time.Second}})
			if err != nil {
				t.Fatal(err)
			}
			if res.Status == problem.StatusLimit {
				t.Skipf("more than 1 s: %s", res)
			}
			if res.Status != problem.StatusComplete || res.Solutions != want {
				t.Errorf("%s: want complete with %d solutions", res, want)
			}
			if want == 0 && len(res.Boards) != 0 {
				t.Errorf("boards %q: want none", res.Boards)
			}
			if want > 0 {
				if err := validSudoku(f[0], joinRows(res.Boards[0])); err != nil {
					t.Errorf("first solution %s: %v", joinRows(res.Boards[0]), err)
				}
			}
			if want == 1 && joinRows(res.Boards[0]) != f[2] {
				t.Errorf("solution %s: want %s", joinRows(res.Boards[0]), f[2])
			}
			// Every move is undone at the end of an exhaustive search.
			if got := joinRows(res.Final); got != strings.ReplaceAll(f[0], "0", ".") {
				t.Errorf("final board %s: want the puzzle back", got)
			}
		})
	}
}

// TestSudoku4 solves every 4×4 puzzle with every order and check, checks the
// solution with validSudoku, and that each has exactly one solution.
func TestSudoku4(t *testing.T) {
	for i, pz := range puzzleLines(t, "sudoku4.txt") {
		var first string
		for _, order := range SudokuOrders {
			for _, check := range SudokuChecks {
				t.Run(fmt.Sprintf("%d/%s/%s", i, order, check), func(t *testing.T) {
					r := runTraced(t, newSudoku(t, pz, order, check), problem.Options{Stop: problem.StopAll}, false)
					if r.res.Status != problem.StatusComplete || r.res.Solutions != 1 {
						t.Fatalf("%s: want complete with one solution", r.res)
					}
					sol := joinRows(r.res.Boards[0])
					if err := validSudoku(pz, sol); err != nil {
						t.Fatalf("solution %s: %v", sol, err)
					}
					if first == "" {
						first = sol
					} else if sol != first {
						t.Errorf("solution %s: another strategy found %s", sol, first)
					}
				})
			}
		}
	}
}

// TestSudoku16 solves the first three 16×16 puzzles with the mrv order (the
// naive orders are hopeless there) and checks the solutions.
func TestSudoku16(t *testing.T) {
	puzzles := puzzleLines(t, "sudoku16-janko20.txt")
	for i, pz := range puzzles[:3] {
		t.Run(fmt.Sprint(i), func(t *testing.T) {
			t.Parallel()
			if testing.Short() && i == 0 {
				t.Skip("-short: puzzle 0 takes about a second")
			}
			s := newSudoku(t, pz, OrderMRV, problem.CheckCounts)
			res, err := tracer.Run(context.Background(), s, problem.Options{})
			if err != nil {
				t.Fatal(err)
			}
			if res.Status != problem.StatusSolved {
				t.Fatalf("%s: want solved", res)
			}
			if err := validSudoku(pz, joinRows(res.Final)); err != nil {
				t.Errorf("solution %s: %v", joinRows(res.Final), err)
			}
			if !strings.ContainsAny(joinRows(res.Final), "ABCDEFG") {
				t.Errorf("solution %s writes no digit above 9", joinRows(res.Final))
			}
		})
	}
}

// invariantPuzzles are small searches for the strategy invariants.
func invariantPuzzles(t *testing.T) []string {
	out := []string{leetcode37}
	out = append(out, puzzleLines(t, "sudoku4.txt")[:3]...)
	return append(out, puzzleLines(t, "sudoku9-easy50.txt")[:2]...)
}

// TestSudokuCheckMethods checks that scan, board and counts build the same
// tree (node by node), prune for the same rules and differ only in cost:
// board > scan > counts.
func TestSudokuCheckMethods(t *testing.T) {
	for i, pz := range invariantPuzzles(t) {
		for _, when := range []problem.When{problem.WhenBefore, problem.WhenAfter} {
			for _, stop := range []problem.Stop{problem.StopFirst, problem.StopAll} {
				t.Run(fmt.Sprintf("%d/%s/%s", i, when, stop), func(t *testing.T) {
					opts := problem.Options{When: when, Stop: stop}
					checks := []problem.Check{problem.CheckBoard, problem.CheckScan, problem.CheckCounts} // by falling cost
					var runs []traced
					for _, check := range checks {
						runs = append(runs, runTraced(t, newSudoku(t, pz, OrderLinear, check), opts, true))
					}
					for k := 1; k < len(runs); k++ {
						if hi, lo := runs[k-1].stats.CheckCost, runs[k].stats.CheckCost; hi <= lo {
							t.Errorf("check cost: %s %d is not above %s %d", checks[k-1], hi, checks[k], lo)
						}
						a, b := *runs[0].stats, *runs[k].stats
						a.CheckCost, b.CheckCost = 0, 0
						if !equalStats(&a, &b) {
							t.Errorf("stats differ:\n%s    %+v\n%s %+v", checks[0], a, checks[k], b)
						}
						compareTrees(t, runs[0].tree, runs[k].tree, false)
					}
				})
			}
		}
	}
}

// TestSudokuOrders checks that scan2d and linear build the same tree and
// differ only in what the scan costs, scan2d's being larger.
func TestSudokuOrders(t *testing.T) {
	for i, pz := range invariantPuzzles(t) {
		for _, check := range SudokuChecks {
			t.Run(fmt.Sprintf("%d/%s", i, check), func(t *testing.T) {
				opts := problem.Options{Stop: problem.StopAll}
				a := runTraced(t, newSudoku(t, pz, OrderScan2D, check), opts, true)
				b := runTraced(t, newSudoku(t, pz, OrderLinear, check), opts, true)
				sa, sb := *a.stats, *b.stats
				if sa.ScanCost <= sb.ScanCost {
					t.Errorf("scan cost: scan2d %d, linear %d: want scan2d larger", sa.ScanCost, sb.ScanCost)
				}
				sa.ScanCost, sb.ScanCost = 0, 0
				if !equalStats(&sa, &sb) {
					t.Errorf("stats differ:\nscan2d %+v\nlinear %+v", sa, sb)
				}
				compareTrees(t, a.tree, b.tree, true)
			})
		}
	}
}

// TestWhenAfter checks that placing before checking visits the same calls
// and tries, places every candidate, and undoes each rejected one.
func TestWhenAfter(t *testing.T) {
	type instance struct {
		name string
		mk   func(t *testing.T) problem.Problem
	}
	var instances []instance
	for _, check := range SudokuChecks {
		for _, order := range SudokuOrders {
			instances = append(instances, instance{fmt.Sprintf("leetcode/%s/%s", order, check),
				func(t *testing.T) problem.Problem { return newSudoku(t, leetcode37, order, check) }})
		}
	}
	for _, check := range nqueens.NQueensChecks {
		instances = append(instances, instance{fmt.Sprintf("8-queens/%s", check),
			func(t *testing.T) problem.Problem { return newQueens(t, 8, check) }})
	}
	for _, in := range instances {
		for _, stop := range []problem.Stop{problem.StopFirst, problem.StopAll} {
			t.Run(in.name+"/"+string(stop), func(t *testing.T) {
				before := runTraced(t, in.mk(t), problem.Options{When: problem.WhenBefore, Stop: stop}, true)
				after := runTraced(t, in.mk(t), problem.Options{When: problem.WhenAfter, Stop: stop}, true)
				b, a := before.stats, after.stats
				if a.Nodes != b.Nodes || a.Tries != b.Tries || a.Rejects != b.Rejects || a.Solutions != b.Solutions ||
					!slices.Equal(a.PerDepth, b.PerDepth) || a.CheckCost != b.CheckCost {
					t.Errorf("after: %+v\nbefore: %+v", *a, *b)
				}
				if a.Placements != a.Tries {
					t.Errorf("after: placements %d, tries %d: want equal", a.Placements, a.Tries)
				}
				if a.Backtracks != b.Backtracks+a.RejectTotal() {
					t.Errorf("after: backtracks %d: want %d + %d rejects", a.Backtracks, b.Backtracks, a.RejectTotal())
				}
				if !slices.EqualFunc(after.res.Boards, before.res.Boards, slices.Equal) || after.res.Status != before.res.Status {
					t.Errorf("after: %s, before: %s", after.res, before.res)
				}
				// The trees differ only in the step numbers.
				ca, pa := after.tree.Counts()
				cb, pb := before.tree.Counts()
				if ca != cb || pa != pb {
					t.Errorf("tree: after %d calls, %d pruned; before %d, %d", ca, pa, cb, pb)
				}
			})
		}
	}
}

// TestWhenLeaf checks that validating only full boards finds the same
// solutions, on searches small enough to enumerate every board.
func TestWhenLeaf(t *testing.T) {
	t.Run("4-queens", func(t *testing.T) {
		for _, check := range nqueens.NQueensChecks {
			leaf := runTraced(t, newQueens(t, 4, check), problem.Options{When: problem.WhenLeaf, Stop: problem.StopAll}, true)
			before := runTraced(t, newQueens(t, 4, check), problem.Options{Stop: problem.StopAll}, false)
			if leaf.stats.Nodes != 1+4+16+64+256 || leaf.res.Solutions != 2 {
				t.Errorf("%s: nodes %d, solutions %d: want 341, 2", check, leaf.stats.Nodes, leaf.res.Solutions)
			}
			if !slices.EqualFunc(leaf.res.Boards, before.res.Boards, slices.Equal) {
				t.Errorf("%s: leaf solutions %q, before %q", check, leaf.res.Boards, before.res.Boards)
			}
			// Each of the 254 wrong full boards ends in one reject.
			if leaf.stats.RejectTotal() != 256-2 || leaf.stats.Tries != 4+16+64+256 {
				t.Errorf("%s: rejects %d, tries %d: want 254, 340", check, leaf.stats.RejectTotal(), leaf.stats.Tries)
			}
		}
	})
	// The first 4×4 puzzle's solution with five cells blanked.
	full := joinRows(runTraced(t, newSudoku(t, puzzleLines(t, "sudoku4.txt")[0], OrderMRV, problem.CheckCounts), problem.Options{}, false).res.Final)
	small := []byte(full)
	for _, i := range []int{0, 5, 6, 10, 15} {
		small[i] = '.'
	}
	for _, order := range []problem.Order{OrderScan2D, OrderLinear} {
		for _, stop := range []problem.Stop{problem.StopFirst, problem.StopAll} {
			t.Run(fmt.Sprintf("sudoku4/%s/%s", order, stop), func(t *testing.T) {
				leaf := runTraced(t, newSudoku(t, string(small), order, problem.CheckScan), problem.Options{When: problem.WhenLeaf, Stop: stop}, true)
				before := runTraced(t, newSudoku(t, string(small), order, problem.CheckScan), problem.Options{Stop: stop}, false)
				if !slices.EqualFunc(leaf.res.Boards, before.res.Boards, slices.Equal) || leaf.res.Status != before.res.Status {
					t.Errorf("leaf %s %q, before %s %q", leaf.res, leaf.res.Boards, before.res, before.res.Boards)
				}
				if joinRows(leaf.res.Boards[0]) != full {
					t.Errorf("solution %s: want %s", joinRows(leaf.res.Boards[0]), full)
				}
				if stop == problem.StopAll && leaf.stats.Nodes != 1+4+16+64+256+1024 {
					t.Errorf("nodes %d: want 1365 (4 digits in 5 cells)", leaf.stats.Nodes)
				}
			})
		}
	}
}

// TestMRV checks that the fewest-candidates order solves LeetCode 37 and the
// named and top95 puzzles with fewer calls than the naive order, whose
// counts come from the data files. It does not always: two puzzles are
// listed as exceptions, and the test checks they still are.
func TestMRV(t *testing.T) {
	lin := runTraced(t, newSudoku(t, leetcode37, OrderLinear, problem.CheckCounts), problem.Options{}, false)
	mrv := runTraced(t, newSudoku(t, leetcode37, OrderMRV, problem.CheckCounts), problem.Options{}, false)
	if mrv.res.Status != problem.StatusSolved || joinRows(mrv.res.Final) != leetcode37Solution || mrv.stats.Nodes >= lin.stats.Nodes {
		t.Errorf("leetcode: mrv %s, linear %s", mrv.res, lin.res)
	}
	// Puzzles where this mrv (ties go to the first cell in reading order,
	// digits are tried 1..9) needs more calls than the naive order.
	exceptions := map[string]bool{
		"sudoku9-named/13": true, // norvig_hard1, not a proper puzzle: 5,365,242 calls against 419,195
		"sudoku9-top95/5":  true, // 298,451 calls against 291,406
	}
	for _, name := range []string{"sudoku9-named", "sudoku9-top95"} {
		puzzles := puzzleLines(t, name+".txt")
		for _, row := range tsvTable(t, name+".naive-counts.tsv") {
			idx := int(atoi64(t, row["idx"]))
			key := fmt.Sprintf("%s/%d", name, idx)
			naive := atoi64(t, row["nodes_first"])
			t.Run(key, func(t *testing.T) {
				t.Parallel()
				s := newSudoku(t, puzzles[idx], OrderMRV, problem.CheckCounts)
				// Stop mrv once it has made as many calls as the naive order.
				res, err := tracer.Run(context.Background(), s, problem.Options{Limits: problem.Limits{MaxCalls: naive}})
				if err != nil {
					t.Fatal(err)
				}
				fewer := res.Status == problem.StatusSolved
				if fewer == exceptions[key] {
					t.Errorf("mrv %s; naive %d calls; listed as an exception: %t", res, naive, exceptions[key])
				}
				if fewer {
					if err := validSudoku(puzzles[idx], joinRows(res.Final)); err != nil {
						t.Error(err)
					}
				}
			})
		}
	}
}

// TestStopRules checks the three stop rules on LeetCode 37: what status they
// end with and what board they leave.
func TestStopRules(t *testing.T) {
	puzzle := leetcode37 // blanks are '.' on the board too
	for _, when := range []problem.When{problem.WhenBefore, problem.WhenAfter} {
		for _, tc := range []struct {
			stop      problem.Stop
			status    problem.Status
			solutions int64
			final     string
		}{
			{problem.StopFirst, problem.StatusSolved, 1, leetcode37Solution},
			{problem.StopAll, problem.StatusComplete, 1, puzzle},
			{problem.StopNoReturn, problem.StatusLost, 1, puzzle},
		} {
			t.Run(fmt.Sprintf("%s/%s", when, tc.stop), func(t *testing.T) {
				r := runTraced(t, newSudoku(t, leetcode37, OrderScan2D, problem.CheckScan), problem.Options{When: when, Stop: tc.stop}, true)
				if r.res.Status != tc.status || r.res.Solutions < tc.solutions {
					t.Errorf("%s: want %s with %d solution(s)", r.res, tc.status, tc.solutions)
				}
				if got := joinRows(r.res.Final); got != tc.final {
					t.Errorf("final board %s: want %s", got, tc.final)
				}
				if len(r.res.Boards) == 0 || joinRows(r.res.Boards[0]) != leetcode37Solution {
					t.Errorf("boards %q: want the solution", r.res.Boards)
				}
				if tc.stop == problem.StopFirst {
					// Every call on the path returns true: the root too.
					root := r.tree.Node(0)
					if r.tree.Status(0) != tracer.NodeOnPath || root.End != r.res.Steps {
						t.Errorf("root: status %s, end %d: want on_path, returning at the last step %d", r.tree.Status(0), root.End, r.res.Steps)
					}
				}
			})
		}
	}
}

// TestSudokuRuleOrder sets up boards where a digit breaks one, two or three
// rules and checks that every check method names the first in SudokuRules
// order (row, column, box) and the same witness, before and after the
// digit is placed; so does the leaf validation.
func TestSudokuRuleOrder(t *testing.T) {
	if !slices.Equal(SudokuRules, []problem.Rule{SudokuRow, SudokuColumn, SudokuBox}) {
		t.Fatalf("SudokuRules = %v: want row, column, box", SudokuRules)
	}
	type given struct{ r, c, d int }
	tests := []struct {
		size    int
		givens  []given
		cell    problem.Pos
		digit   int
		want    problem.Rule
		witness problem.Pos
	}{
		{9, []given{{0, 0, 5}, {4, 4, 5}}, problem.Pos{Row: 0, Col: 4}, 5, SudokuRow, problem.Pos{Row: 0, Col: 0}},
		{9, []given{{1, 1, 7}, {5, 2, 7}}, problem.Pos{Row: 2, Col: 2}, 7, SudokuColumn, problem.Pos{Row: 5, Col: 2}},
		{9, []given{{0, 8, 3}, {8, 0, 3}, {1, 1, 3}}, problem.Pos{Row: 0, Col: 0}, 3, SudokuRow, problem.Pos{Row: 0, Col: 8}},
		{9, []given{{2, 5, 9}}, problem.Pos{Row: 0, Col: 3}, 9, SudokuBox, problem.Pos{Row: 2, Col: 5}},
		{9, []given{{8, 3, 2}, {5, 8, 2}}, problem.Pos{Row: 8, Col: 8}, 2, SudokuRow, problem.Pos{Row: 8, Col: 3}},
		{9, []given{{2, 5, 9}}, problem.Pos{Row: 4, Col: 4}, 9, problem.RuleNone, problem.NoPos}, // no clash
		{4, []given{{0, 3, 4}, {3, 0, 4}, {1, 1, 4}}, problem.Pos{Row: 0, Col: 0}, 4, SudokuRow, problem.Pos{Row: 0, Col: 3}},
		{16, []given{{15, 0, 16}, {1, 1, 16}}, problem.Pos{Row: 0, Col: 0}, 16, SudokuColumn, problem.Pos{Row: 15, Col: 0}},
		{16, []given{{0, 15, 16}, {15, 0, 16}, {3, 3, 16}}, problem.Pos{Row: 0, Col: 0}, 16, SudokuRow, problem.Pos{Row: 0, Col: 15}},
	}
	for _, tc := range tests {
		n := tc.size
		cells := make([]byte, n*n)
		for i := range cells {
			cells[i] = '.'
		}
		for _, g := range tc.givens {
			cells[g.r*n+g.c] = DigitChar(g.d)
		}
		for _, check := range SudokuChecks {
			for _, placed := range []bool{false, true} {
				s := newSudoku(t, string(cells), OrderLinear, check)
				if placed {
					s.Place(tc.cell, tc.digit)
				}
				vd := s.Check(tc.cell, tc.digit, placed)
				if vd.Rule != tc.want || (tc.want != problem.RuleNone && vd.Witness != tc.witness) {
					t.Errorf("%d×%d %s placed=%t: %d at %s: got %q at %s, want %q at %s",
						n, n, check, placed, tc.digit, tc.cell, vd.Rule, vd.Witness, tc.want, tc.witness)
				}
				if placed && check == problem.CheckScan {
					// The leaf validation reports the same rule for the full
					// board's clash (the only one on this board).
					if vd, _, _ := s.Validate(); vd.Rule != tc.want {
						t.Errorf("%d×%d validate: %q: want %q", n, n, vd.Rule, tc.want)
					}
				}
			}
		}
	}
}
