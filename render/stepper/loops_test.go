package stepper

import (
	"fmt"
	"slices"
	"strings"
	"testing"

	"github.com/backtrack-edu/backtrack/tracer"
	"github.com/backtrack-edu/backtrack/tracer/problems/sudoku"
)

// This file checks the stack against each problem's template loop
// (issue 33 item 11, teaching review 3 §8 #2): a call's list of
// candidates is what its loop will try, worked out here from the
// problem's own definition, never from the stepper's code.

// loopCase is one instance and how its loops go, by hand.
type loopCase struct {
	name string
	spec tracer.Spec
	// upTo, if set, checks only the first upTo steps (a long run).
	upTo int64
	// list is set for a problem whose board is a list of positions: its
	// open slot is written "position 3", never a grid cell "(0,3)".
	list bool
	// expect returns what the call standing on the path of moves (cells
	// and values, root first) lists at slot: end when the call is at its
	// end condition (no list), else the candidates, in loop order.
	expect func(cells []tracer.Pos, vals []int, slot tracer.Pos) (cands []int, end bool)
	// legal is set for a problem that lists only the candidates its check
	// will let through (tutorial 004's 可供选择的列表): its loop tries
	// more (and they fail); else the list is every value the loop tries.
	legal bool
}

// queensLoop: row len(path) tries every column; the list is those no
// queen above attacks (column or diagonal).
func queensLoop(n int) func([]tracer.Pos, []int, tracer.Pos) ([]int, bool) {
	return func(_ []tracer.Pos, cols []int, _ tracer.Pos) ([]int, bool) {
		row := len(cols)
		if row == n {
			return nil, true
		}
		var out []int
		for c := range n {
			ok := true
			for r, q := range cols {
				if q == c || row-r == c-q || row-r == q-c {
					ok = false
				}
			}
			if ok {
				out = append(out, c)
			}
		}
		return out, false
	}
}

// sudokuLoop: the digits 1..n not in the slot's row, column or box on the
// puzzle with the path's digits written in.
func sudokuLoop(puzzle string) func([]tracer.Pos, []int, tracer.Pos) ([]int, bool) {
	return func(cells []tracer.Pos, vals []int, slot tracer.Pos) ([]int, bool) {
		if slot.Row < 0 {
			return nil, true
		}
		n := 0
		for n*n < len(puzzle) {
			n++
		}
		box := 1
		for (box+1)*(box+1) <= n {
			box++
		}
		grid := make([]int, len(puzzle))
		for i, ch := range puzzle {
			if ch >= '1' && ch <= '9' {
				grid[i] = int(ch - '0')
			}
		}
		for i, c := range cells {
			grid[c.Row*n+c.Col] = vals[i]
		}
		var out []int
		for d := 1; d <= n; d++ {
			ok := true
			for i, g := range grid {
				r, c := i/n, i%n
				if g == d && (r == slot.Row || c == slot.Col || r/box == slot.Row/box && c/box == slot.Col/box) {
					ok = false
				}
			}
			if ok {
				out = append(out, d)
			}
		}
		return out, false
	}
}

// permsLoop: `for i := 0; i < len(nums); i++` with `if used[i] continue`:
// the values lo..lo+n-1 not on the path; none once every position is
// filled.
func permsLoop(n, lo int) func([]tracer.Pos, []int, tracer.Pos) ([]int, bool) {
	return func(_ []tracer.Pos, path []int, _ tracer.Pos) ([]int, bool) {
		if len(path) == n {
			return nil, true
		}
		var out []int
		for v := lo; v < lo+n; v++ {
			if !slices.Contains(path, v) {
				out = append(out, v)
			}
		}
		return out, false
	}
}

// combSumLoop is 代码随想录's 40 (39 with reuse): `if sum == target`
// ends the call; else `for i := start; i < n && sum+c[i] <= target; i++`,
// start the index after the last taken (the same with reuse). The list
// holds the index at which the loop condition fails (its try is the
// reject "over"), none after it.
func combSumLoop(sorted []int, target int, reuse bool) func([]tracer.Pos, []int, tracer.Pos) ([]int, bool) {
	return func(_ []tracer.Pos, path []int, _ tracer.Pos) ([]int, bool) {
		sum, start := 0, 0
		for _, i := range path {
			sum += sorted[i]
			start = i + 1
			if reuse {
				start = i
			}
		}
		if sum == target {
			return nil, true
		}
		var out []int
		for i := start; i < len(sorted); i++ {
			out = append(out, i)
			if sum+sorted[i] > target {
				break
			}
		}
		return out, false
	}
}

// subsetsLoop is 代码随想录's 78/90: `if start >= n` ends the call (after
// it records its path); else `for i := start; i < n; i++`.
func subsetsLoop(n int) func([]tracer.Pos, []int, tracer.Pos) ([]int, bool) {
	return func(_ []tracer.Pos, path []int, _ tracer.Pos) ([]int, bool) {
		start := 0
		if len(path) > 0 {
			start = path[len(path)-1] + 1
		}
		if start >= n {
			return nil, true
		}
		var out []int
		for i := start; i < n; i++ {
			out = append(out, i)
		}
		return out, false
	}
}

var loopCases = []loopCase{
	{name: "queens4", spec: tracer.Spec{Problem: "nqueens", N: 4}, expect: queensLoop(4), legal: true},
	{name: "queens5", spec: tracer.Spec{Problem: "nqueens", N: 5}, expect: queensLoop(5), legal: true},
	{name: "queens6 after", spec: tracer.Spec{Problem: "nqueens", N: 6, When: tracer.WhenAfter}, expect: queensLoop(6), legal: true},
	{name: "sudoku4", spec: tracer.Spec{Problem: "sudoku", Puzzle: stepSudoku4}, expect: sudokuLoop(stepSudoku4), legal: true},
	{name: "sudoku4 b", spec: tracer.Spec{Problem: "sudoku", Puzzle: "1...3..4..2..4.."}, expect: sudokuLoop("1...3..4..2..4.."), legal: true},
	{name: "leetcode37", spec: tracer.Spec{Problem: "sudoku"}, upTo: 3000, expect: sudokuLoop(sudoku.LeetCode37), legal: true},
	{name: "perms3", spec: tracer.Spec{Problem: "permutations", N: 3}, expect: permsLoop(3, 1), legal: true},
	{name: "perms4 arrays", spec: tracer.Spec{Problem: "permutations", N: 4, Check: tracer.CheckArrays}, expect: permsLoop(4, 1), legal: true},
	{name: "perms 1,2,3", spec: tracer.Spec{Problem: "permutations", Puzzle: "nums 1,2,3 dedup none"}, list: true, expect: permsLoop(3, 1), legal: true},
	{name: "perms 1,1,2 used", spec: tracer.Spec{Problem: "permutations", Puzzle: "nums 1,1,2 dedup used"}, list: true, expect: permsLoop(3, 1), legal: true},
	{name: "combsum default", spec: tracer.Spec{Problem: "combination-sum"}, list: true, expect: combSumLoop([]int{1, 1, 2, 5, 6, 7, 10}, 8, false)},
	{name: "combsum start", spec: tracer.Spec{Problem: "combination-sum", Puzzle: "nums 10,1,2,7,6,1,5 target 8 dedup start"}, list: true, expect: combSumLoop([]int{1, 1, 2, 5, 6, 7, 10}, 8, false)},
	{name: "combsum none after", spec: tracer.Spec{Problem: "combination-sum", Puzzle: "nums 2,5,3,3 target 8 dedup none", When: tracer.WhenAfter}, list: true, expect: combSumLoop([]int{2, 3, 3, 5}, 8, false)},
	{name: "combsum reuse", spec: tracer.Spec{Problem: "combination-sum", Puzzle: "nums 2,3,6,7 target 7 reuse dedup none"}, list: true, expect: combSumLoop([]int{2, 3, 6, 7}, 7, true)},
	{name: "combsum short", spec: tracer.Spec{Problem: "combination-sum", Puzzle: "nums 2,3 target 10 dedup none"}, list: true, expect: combSumLoop([]int{2, 3}, 10, false)},
	{name: "subsets default", spec: tracer.Spec{Problem: "subsets"}, list: true, expect: subsetsLoop(3)},
	{name: "subsets 1,2,3", spec: tracer.Spec{Problem: "subsets", Puzzle: "nums 1,2,3 dedup none"}, list: true, expect: subsetsLoop(3)},
	{name: "subsets 1,1,2,2 start", spec: tracer.Spec{Problem: "subsets", Puzzle: "nums 1,1,2,2 dedup start", When: tracer.WhenAfter}, list: true, expect: subsetsLoop(4)},
}

// TestStackListsTheLoopsCandidates checks every built-in problem's stack
// against its template's loop: at every call of a few instances each
// (for a problem that scans for its slot, at the scan), the new call's
// list is exactly the candidates its loop will try as the test works them
// out from the problem (only the legal ones where the list says "legal"),
// and none once the end condition holds. The recorded tries of the call
// agree: the list is every value the call's loop tries (or, for a legal
// list, those it tries and places are in it, and it tries every one in
// it). A list problem's open slot reads "position 3" / "位置 3", never a
// grid cell "(0,3)"; the player's page carries the same list.
func TestStackListsTheLoopsCandidates(t *testing.T) {
	for _, c := range loopCases {
		t.Run(c.name, func(t *testing.T) {
			r := recordRun(t, c.spec)
			rec := r.rec
			n := rec.Len()
			if c.upTo > 0 {
				n = min(n, c.upTo)
			}
			// Every call's tries and places, from the events.
			tries, places := map[int][]int{}, map[int][]int{}
			for k := int64(1); k <= rec.Len(); k++ {
				switch e := rec.At(k); e.Kind {
				case tracer.KindTry:
					tries[e.Node] = append(tries[e.Node], e.Value)
				case tracer.KindPlace:
					places[e.Node] = append(places[e.Node], e.Value)
				case tracer.KindReject:
					// Placed, then checked (--when after): not kept.
					if p := places[e.Node]; len(p) > 0 && p[len(p)-1] == e.Value && rec.strategy.When == tracer.WhenAfter {
						places[e.Node] = p[:len(p)-1]
					}
				}
			}
			complete := rec.At(rec.Len()).Kind == tracer.KindReturn && rec.strategy.Stop == tracer.StopAll

			var page *pageData
			if c.list {
				page = readPage(t, r.page(t, HTMLOptions{}))
			}
			en, zh := New(rec, Options{Lang: tracer.LangEN}), New(rec, Options{Lang: tracer.LangZH})
			var cells []tracer.Pos // the moves of the open calls, root first
			var vals []int
			var pstack []int // the page's stack (frame indices)
			bo, so := 0, 0
			checked, ends := 0, 0
			for k := int64(1); k <= n; k++ {
				e := rec.At(k)
				if page != nil {
					nb := page.BD[bo]
					bo += 1 + 2*nb
					keep, m := page.SK[so], page.SK[so+1]
					pstack = append(pstack[:keep], page.SK[so+2:so+2+m]...)
					so += 2 + m
				}
				switch e.Kind {
				case tracer.KindCall:
					if e.Parent >= 0 {
						cells, vals = append(cells, e.Cell), append(vals, e.Value)
					}
				case tracer.KindReturn:
					if len(cells) > 0 {
						cells, vals = cells[:len(cells)-1], vals[:len(vals)-1]
					}
				}
				at := e.Kind == tracer.KindCall && !rec.scans || e.Kind == tracer.KindScan && rec.At(k-1).Kind == tracer.KindCall
				if !at {
					continue
				}
				slot := tracer.Pos{Row: 0, Col: len(vals)}
				if e.Kind == tracer.KindScan {
					slot = e.Cell
				}
				want, end := c.expect(cells, vals, slot)
				fs := rec.frames(k)
				f := fs[len(fs)-1]
				if f.node != e.Node || f.state != fsNew {
					t.Fatalf("step %d: the top frame is #%d in state %d, want the new call #%d", k, f.node, f.state, e.Node)
				}
				if end {
					ends++
					if !f.end || len(f.choices) > 0 {
						t.Errorf("step %d, d%d #%d on %v: the end condition holds, but the stack shows slot %s with %v",
							k, f.depth, f.node, vals, f.slot, f.choices)
					}
				} else if f.end || !slices.Equal(f.choices, want) {
					t.Errorf("step %d, d%d #%d on %v: the stack lists %v (end %v), the loop tries %v",
						k, f.depth, f.node, vals, f.choices, f.end, want)
				}
				checked++
				if complete && !end {
					got := tries[e.Node]
					if !c.legal && !slices.Equal(got, want) {
						t.Errorf("step %d, #%d: the call's loop tried %v, the stack listed %v", k, e.Node, got, want)
					}
					if c.legal {
						for _, v := range want {
							if !slices.Contains(got, v) {
								t.Errorf("step %d, #%d: %d is listed, but the call never tried it (tried %v)", k, e.Node, v, got)
							}
						}
						for _, v := range places[e.Node] {
							if !slices.Contains(want, v) {
								t.Errorf("step %d, #%d: %d was placed, but not listed (%v)", k, e.Node, v, want)
							}
						}
					}
				}
				if !c.list {
					continue
				}
				// The words on the stack, and on the page.
				for _, s := range []*Stepper{en, zh} {
					s.Goto(k)
					text := strings.Join(linesText(s.stackLines(s.state(), 100, 30)), "\n")
					if strings.Contains(text, fmt.Sprintf("(0,%d)", len(vals))) {
						t.Errorf("step %d [%s]: a list slot written as a grid cell:\n%s", k, s.lang, text)
					}
					pos := map[tracer.Lang]string{tracer.LangEN: "position %d=?", tracer.LangZH: "位置 %d=?"}[s.lang]
					if open := fmt.Sprintf(pos, len(vals)); !end && !strings.Contains(text, open) {
						t.Errorf("step %d [%s]: the new call's slot is not %q:\n%s", k, s.lang, open, text)
					}
				}
				pf := page.Frames[pstack[len(pstack)-1]]
				vs := make([]string, len(want))
				for i, v := range want {
					vs[i] = rec.valueText(v)
				}
				if cs, ok := pf["c"]; end && ok || !end && (!ok && len(want) > 0 || ok && cs != strings.Join(vs, " ")) {
					t.Errorf("step %d: the page's new call lists %v (end %v), want %q", k, pf["c"], end, strings.Join(vs, " "))
				}
				if p := fmt.Sprint(pf["p"]); strings.Contains(p, "(0,") || !end && !strings.Contains(p, "position") {
					t.Errorf("step %d: the page's new call reads %s", k, p)
				}
			}
			if checked == 0 {
				t.Fatal("no call checked")
			}
			t.Logf("%d calls checked, %d at the end condition", checked, ends)
		})
	}
}

// linesText is the text of tlines.
func linesText(ls []tline) []string {
	out := make([]string, len(ls))
	for i, l := range ls {
		out[i] = plainText(l)
	}
	return out
}
