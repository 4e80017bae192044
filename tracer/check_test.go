package tracer

import (
	"context"
	"fmt"
	"strings"
	"testing"

	"github.com/backtrack-edu/backtrack/tracer/problems/nqueens"
	"github.com/backtrack-edu/backtrack/tracer/problems/sudoku"
)

// strategyRuns lists small searches over every strategy combination the
// problems accept: 6-queens, a 4×4 Sudoku, and LeetCode 37 (before and
// after only: leaf would not end there).
func strategyRuns(t *testing.T) []struct {
	name string
	mk   func(t *testing.T) Problem
	opts Options
} {
	type run = struct {
		name string
		mk   func(t *testing.T) Problem
		opts Options
	}
	var runs []run
	for _, check := range nqueens.NQueensChecks {
		for _, when := range Whens {
			for _, stop := range Stops {
				runs = append(runs, run{fmt.Sprintf("6-queens/%s/%s/%s", check, when, stop),
					func(t *testing.T) Problem { return newQueens(t, 6, check) }, Options{When: when, Stop: stop}})
			}
		}
	}
	// The first 4×4 puzzle has 12 blanks: too many for --when leaf (4^12
	// boards), which gets a board with 5 blanks instead.
	small, fewBlanks := puzzleLines(t, "sudoku4.txt")[0], ".2343..221.3432."
	for _, order := range sudoku.SudokuOrders {
		for _, check := range sudoku.SudokuChecks {
			for _, when := range Whens {
				for _, stop := range Stops {
					pz := small
					if when == WhenLeaf {
						pz = fewBlanks
					}
					runs = append(runs, run{fmt.Sprintf("sudoku4/%s/%s/%s/%s", order, check, when, stop),
						func(t *testing.T) Problem { return newSudoku(t, pz, order, check) }, Options{When: when, Stop: stop}})
					if when == WhenLeaf {
						continue
					}
					runs = append(runs, run{fmt.Sprintf("leetcode/%s/%s/%s/%s", order, check, when, stop),
						func(t *testing.T) Problem { return newSudoku(t, leetcode37, order, check) }, Options{When: when, Stop: stop}})
				}
			}
		}
	}
	return runs
}

// TestCheckerStrategies runs the Checker over every strategy combination,
// whole and cut short by step and call limits, and expects no violation.
func TestCheckerStrategies(t *testing.T) {
	for _, r := range strategyRuns(t) {
		t.Run(r.name, func(t *testing.T) {
			full := runTraced(t, r.mk(t), r.opts, true) // runTraced fails on a violation
			if strings.HasPrefix(r.name, "leetcode/") {
				return // the small searches are cut short below; this one is large
			}
			for _, lim := range []Limits{{MaxSteps: full.res.Steps / 3}, {MaxSteps: full.res.Steps - 5}, {MaxCalls: full.res.Nodes/2 + 1}} {
				o := r.opts
				o.Limits = lim
				cut := runTraced(t, r.mk(t), o, true)
				// A third of the steps is always short of the end. (Steps - 5
				// may fall in the final unwind, which tests no limit.)
				if lim.MaxSteps == full.res.Steps/3 && cut.res.Status != StatusLimit {
					t.Errorf("limits %+v: %s", lim, cut.res)
				}
			}
		})
	}
}

// mutate returns the events with event i removed (dup false) or repeated
// (dup true), numbered again from 1.
func mutate(events []Event, i int, dup bool) []Event {
	out := append([]Event(nil), events[:i]...)
	if dup {
		out = append(out, events[i], events[i])
	}
	out = append(out, events[i+1:]...)
	for k := range out {
		out[k].Step = int64(k + 1)
	}
	return out
}

// checkStream feeds events to a new Checker and returns its verdict.
func checkStream(events []Event) error {
	var c Checker
	for i := range events {
		c.Event(&events[i])
	}
	return c.Finish()
}

// TestCheckerMutations removes, then repeats, each event of real streams
// in turn; the Checker must notice every time. (Scan events are left
// alone: a stream without them is a problem that does not scan.)
func TestCheckerMutations(t *testing.T) {
	small := puzzleLines(t, "sudoku4.txt")[0]
	tests := []struct {
		name string
		mk   func() Problem
		opts Options
	}{
		{"4-queens/before/all", func() Problem { return newQueens(t, 4, CheckScan) }, Options{Stop: StopAll}},
		{"4-queens/after/first", func() Problem { return newQueens(t, 4, CheckArrays) }, Options{When: WhenAfter}},
		{"4-queens/leaf/first", func() Problem { return newQueens(t, 4, CheckScan) }, Options{When: WhenLeaf}},
		{"4-queens/before/limit", func() Problem { return newQueens(t, 4, CheckScan) }, Options{Stop: StopAll, Limits: Limits{MaxSteps: 100}}},
		{"sudoku4/after/first", func() Problem { return newSudoku(t, small, sudoku.OrderLinear, CheckScan) }, Options{When: WhenAfter}},
		{"sudoku4/mrv/all", func() Problem { return newSudoku(t, small, sudoku.OrderMRV, CheckCounts) }, Options{Stop: StopAll}},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			var rec recorder
			tc.opts.Sinks = []Sink{&rec}
			if _, err := Run(context.Background(), tc.mk(), tc.opts); err != nil {
				t.Fatal(err)
			}
			if err := checkStream(rec.events); err != nil {
				t.Fatalf("the stream itself: %v", err)
			}
			for i, e := range rec.events {
				if e.Kind == KindScan {
					continue
				}
				for _, dup := range []bool{false, true} {
					if err := checkStream(mutate(rec.events, i, dup)); err == nil {
						t.Errorf("event %d (%s) removed or repeated (dup=%t): no violation reported", i+1, e.Kind, dup)
					} else if !strings.HasPrefix(err.Error(), "step ") && !strings.Contains(err.Error(), "ends at step") {
						t.Errorf("error %q names no step", err)
					}
				}
			}
		})
	}
}

// Hand-made streams. A search with one slot: digit 1 is rejected, 2 is
// placed, and the child finds the board full.
func evCall(node, parent, depth int, cell Pos, v int) Event {
	return Event{Kind: KindCall, Node: node, Parent: parent, Depth: depth, Cell: cell, Value: v, Witness: NoPos, From: NoPos}
}

func ev(k Kind, node, depth int) Event {
	return Event{Kind: k, Node: node, Parent: -1, Depth: depth, Cell: NoPos, Witness: NoPos, From: NoPos}
}

func evMove(k Kind, node, depth int, cell Pos, v int) Event {
	e := ev(k, node, depth)
	e.Cell, e.Value = cell, v
	if k == KindReject {
		e.Rule = sudoku.SudokuRow
	}
	return e
}

func evRet(node, depth int, ok bool) Event {
	e := ev(KindReturn, node, depth)
	e.OK = ok
	return e
}

// numbered numbers events 1, 2, 3, …
func numbered(es ...Event) []Event {
	for i := range es {
		es[i].Step = int64(i + 1)
	}
	return es
}

// TestCheckerBroken feeds hand-made streams that break one invariant each
// and checks the error names the step (and says what is wrong).
func TestCheckerBroken(t *testing.T) {
	a, b := Pos{Row: 0, Col: 0}, Pos{Row: 0, Col: 1}
	root := evCall(0, -1, 0, NoPos, -1)
	good := numbered(root,
		evMove(KindTry, 0, 0, a, 1), evMove(KindReject, 0, 0, a, 1),
		evMove(KindTry, 0, 0, a, 2), evMove(KindPlace, 0, 0, a, 2),
		evCall(1, 0, 1, a, 2), ev(KindSolution, 1, 1), evRet(1, 1, true),
		evRet(0, 0, true))
	if err := checkStream(good); err != nil {
		t.Fatalf("the good stream: %v", err)
	}
	limit := ev(KindLimit, 0, 0)
	limit.Limit = LimitSteps
	tests := []struct {
		name   string
		events []Event
		want   []string // parts of the error
	}{
		{"step gap", func() []Event {
			es := numbered(root, evMove(KindTry, 0, 0, a, 1), evMove(KindReject, 0, 0, a, 1))
			es[2].Step = 4
			return es
		}(), []string{"step 4 (reject)", "want 3"}},
		{"first event not a call", numbered(evMove(KindTry, 0, 0, a, 1)), []string{"step 1 (try)", "root call"}},
		{"root with a parent", numbered(evCall(0, 3, 0, NoPos, -1)), []string{"step 1 (call)", "root"}},
		{"try without verdict", numbered(root, evMove(KindTry, 0, 0, a, 1), evMove(KindTry, 0, 0, a, 2)),
			[]string{"step 3 (try)", "no verdict", "step 2"}},
		{"verdict on another move", numbered(root, evMove(KindTry, 0, 0, a, 1), evMove(KindPlace, 0, 0, a, 2)),
			[]string{"step 3 (place)", "(0,0)=2", "want (0,0)=1"}},
		{"place without try", numbered(root, evMove(KindPlace, 0, 0, a, 1)), []string{"step 2 (place)", "no move is pending"}},
		{"depth jump", numbered(root, evMove(KindTry, 0, 0, a, 1), evMove(KindPlace, 0, 0, a, 1), evCall(1, 0, 2, a, 1)),
			[]string{"step 4 (call)", "depth 2: want 1"}},
		{"event at the wrong depth", numbered(root, evMove(KindTry, 0, 1, a, 1)), []string{"step 2 (try)", "depth 1", "open call is node 0 at depth 0"}},
		{"call number skipped", numbered(root, evMove(KindTry, 0, 0, a, 1), evMove(KindPlace, 0, 0, a, 1), evCall(2, 0, 1, a, 1)),
			[]string{"step 4 (call)", "call number 2: want 1"}},
		{"wrong parent", numbered(root, evMove(KindTry, 0, 0, a, 1), evMove(KindPlace, 0, 0, a, 1), evCall(1, 5, 1, a, 1)),
			[]string{"step 4 (call)", "parent 5"}},
		{"call from another move", numbered(root, evMove(KindTry, 0, 0, a, 1), evMove(KindPlace, 0, 0, a, 1), evCall(1, 0, 1, b, 1)),
			[]string{"step 4 (call)", "move (0,1)=1"}},
		{"call without place", numbered(root, evMove(KindTry, 0, 0, a, 1), evCall(1, 0, 1, a, 1)),
			[]string{"step 3 (call)", "no move placed"}},
		{"missing undo", numbered(root, evMove(KindTry, 0, 0, a, 1), evMove(KindPlace, 0, 0, a, 1),
			evCall(1, 0, 1, a, 1), evMove(KindTry, 1, 1, b, 1), evMove(KindReject, 1, 1, b, 1), ev(KindExhausted, 1, 1), evRet(1, 1, false),
			evMove(KindTry, 0, 0, a, 2)),
			[]string{"step 9 (try)", "(0,0)=1", "not undone"}},
		{"undo of another move", numbered(root, evMove(KindTry, 0, 0, a, 1), evMove(KindPlace, 0, 0, a, 1),
			evCall(1, 0, 1, a, 1), ev(KindExhausted, 1, 1), evRet(1, 1, false), evMove(KindUndo, 0, 0, a, 3)),
			[]string{"step 7 (undo)", "(0,0)=3"}},
		{"undo under a kept move", numbered(root, evMove(KindTry, 0, 0, a, 1), evMove(KindPlace, 0, 0, a, 1),
			evCall(1, 0, 1, a, 1), evMove(KindTry, 1, 1, b, 2), evMove(KindPlace, 1, 1, b, 2),
			evCall(2, 1, 2, b, 2), ev(KindSolution, 2, 2), evRet(2, 2, true), evRet(1, 1, true),
			evMove(KindUndo, 0, 0, a, 1)),
			[]string{"step 11 (undo)", "placed at step 6", "still on the board"}},
		{"exhausted then return true", numbered(root, evMove(KindTry, 0, 0, a, 1), evMove(KindReject, 0, 0, a, 1), ev(KindExhausted, 0, 0), evRet(0, 0, true)),
			[]string{"step 5 (return)", "after exhausted", "want return false"}},
		{"solution then return false", numbered(root, ev(KindSolution, 0, 0), evRet(0, 0, false)),
			[]string{"step 3 (return)", "after solution", "want return true"}},
		{"solution after a try", numbered(root, evMove(KindTry, 0, 0, a, 1), evMove(KindReject, 0, 0, a, 1), ev(KindSolution, 0, 0)),
			[]string{"step 4 (solution)", "slot"}},
		{"return without ending", numbered(root, evRet(0, 0, false)), []string{"step 2 (return)", "no move is pending"}},
		{"return true without a solution below", numbered(root, evMove(KindTry, 0, 0, a, 1), evMove(KindPlace, 0, 0, a, 1),
			evCall(1, 0, 1, a, 1), ev(KindExhausted, 1, 1), evRet(1, 1, false), evRet(0, 0, true)),
			[]string{"step 7 (return)", "not undone"}},
		{"two returns", append(good[:len(good):len(good)], func() Event { e := evRet(0, 0, true); e.Step = 10; return e }()),
			[]string{"step 10 (return)", "after the root call returned"}},
		{"reject with no rule", numbered(root, evMove(KindTry, 0, 0, a, 1), ev(KindReject, 0, 0)),
			[]string{"step 3 (reject)", "no rule"}},
		{"leaf reject below a slot", numbered(root, func() Event { e := ev(KindScan, 0, 0); e.Cell = a; return e }(), evMove(KindReject, 0, 0, a, 1)),
			[]string{"step 3 (reject)", "no move is pending"}},
		{"scan after a try", numbered(root, evMove(KindTry, 0, 0, a, 1), evMove(KindReject, 0, 0, a, 1), ev(KindScan, 0, 0)),
			[]string{"step 4 (scan)", "nor right after its exhausted"}},
		{"try at a full board", numbered(root, ev(KindScan, 0, 0), evMove(KindTry, 0, 0, a, 1)),
			[]string{"step 3 (try)", "no slot"}},
		{"event after the limit", numbered(root, limit, evMove(KindTry, 0, 0, a, 1)), []string{"step 3 (try)", "after the limit at step 2"}},
		{"limit with a verdict pending", numbered(root, evMove(KindTry, 0, 0, a, 1), limit), []string{"step 3 (limit)", "no verdict"}},
		{"stream ends with calls open", numbered(root, evMove(KindTry, 0, 0, a, 1), evMove(KindReject, 0, 0, a, 1)),
			[]string{"ends at step 3", "1 call(s) open"}},
		{"empty stream", nil, []string{"no events"}},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			err := checkStream(tc.events)
			if err == nil {
				t.Fatalf("no violation reported")
			}
			for _, w := range tc.want {
				if !strings.Contains(err.Error(), w) {
					t.Errorf("error %q: want it to contain %q", err, w)
				}
			}
		})
	}
	// Err reports the first violation, and keeps it.
	var c Checker
	for _, e := range numbered(root, evMove(KindPlace, 0, 0, a, 1), evMove(KindTry, 0, 5, a, 1)) {
		c.Event(&e)
	}
	if c.Err() == nil || !strings.HasPrefix(c.Err().Error(), "step 2 (place)") || c.Finish() != c.Err() {
		t.Errorf("Err() = %v: want the step 2 violation, also from Finish", c.Err())
	}
}
