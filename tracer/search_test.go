package tracer

import (
	"context"
	"fmt"
	"strings"
	"testing"
	"time"

	"github.com/backtrack-edu/backtrack/tracer/problems/nqueens"
	"github.com/backtrack-edu/backtrack/tracer/problems/sudoku"
)

// hardPuzzle is Wikipedia's "hard for brute force" board: 69,175,317 naive
// calls, so any limit stops it.
const hardPuzzle = "..............3.85..1.2.......5.7.....4...1...9.......5......73..2.1........4...9"

// lastEvent records the last event of a stream and how many came.
type lastEvent struct {
	e Event
	n int64
}

func (l *lastEvent) Event(e *Event) { l.e, l.n = *e, l.n+1 }

// TestMaxSteps checks that Limits.MaxSteps stops the search with status
// limit and a final limit event, a few steps past the limit. The limit is
// tested before each try and each call, and the events between two tests
// are at most: try, place, reject, undo (--when after), or a chain of
// exhausted, return, undo per level when several levels run out of
// candidates at once. So Steps - MaxSteps is between 1 (the limit event)
// and 3 × depth + 5; observed at most 8 (before), 10 (after) and 16 (leaf)
// on 8-queens and LeetCode 37 for every MaxSteps below 30,000.
//
// A limit reached during the final unwind (solution, then return true at
// every level) is never tested: that search ends solved, a few steps past
// MaxSteps.
func TestMaxSteps(t *testing.T) {
	for _, when := range Whens {
		for _, max := range []int64{1, 2, 3, 10, 77, 131, 1000, 5917, 12345, 50000} {
			t.Run(fmt.Sprintf("%s/%d", when, max), func(t *testing.T) {
				var last lastEvent
				r := runTraced(t, newSudoku(t, leetcode37, sudoku.OrderLinear, CheckScan),
					Options{When: when, Limits: Limits{MaxSteps: max}, Sinks: []Sink{&last}}, true)
				if r.res.Status != StatusLimit || r.res.Limit != LimitSteps {
					t.Fatalf("%s, limit %q: want status limit, limit steps", r.res, r.res.Limit)
				}
				if last.e.Kind != KindLimit || last.e.Limit != LimitSteps || last.e.Step != r.res.Steps {
					t.Errorf("last event %+v: want a limit event at step %d", last.e, r.res.Steps)
				}
				bound := max + 3*int64(r.stats.MaxDepth) + 5
				if r.res.Steps <= max || r.res.Steps > bound {
					t.Errorf("steps %d: want %d < steps <= %d", r.res.Steps, max, bound)
				}
				if r.tree.LimitStep != r.res.Steps {
					t.Errorf("tree: limit step %d: want %d", r.tree.LimitStep, r.res.Steps)
				}
				// The calls still open are cut; the root among them.
				if st := r.tree.Status(0); st != NodeCut {
					t.Errorf("root status %s: want cut", st)
				}
			})
		}
	}
}

// TestMaxCalls checks that Limits.MaxCalls stops the search after exactly
// that many calls.
func TestMaxCalls(t *testing.T) {
	for _, max := range []int64{1, 2, 50, 4208} {
		for _, when := range Whens {
			t.Run(fmt.Sprintf("%s/%d", when, max), func(t *testing.T) {
				var last lastEvent
				r := runTraced(t, newSudoku(t, leetcode37, sudoku.OrderScan2D, CheckCounts),
					Options{When: when, Limits: Limits{MaxCalls: max}, Sinks: []Sink{&last}}, false)
				if r.res.Status != StatusLimit || r.res.Limit != LimitCalls || r.res.Nodes != max {
					t.Errorf("%s, limit %q: want status limit, limit calls, %d nodes", r.res, r.res.Limit, max)
				}
				if last.e.Kind != KindLimit || last.e.Limit != LimitCalls {
					t.Errorf("last event %+v: want a calls limit", last.e)
				}
			})
		}
	}
	// A limit the search never reaches changes nothing.
	r := runTraced(t, newSudoku(t, leetcode37, sudoku.OrderScan2D, CheckCounts), Options{Limits: Limits{MaxCalls: 4209, MaxSteps: 96246}}, false)
	if r.res.Status != StatusSolved || r.res.Nodes != 4209 {
		t.Errorf("%s: want solved with 4209 nodes", r.res)
	}
}

// TestTimeAndCancel checks the wall-clock limit, a context deadline and a
// context cancellation: each stops the search with status limit, the right
// reason and a final limit event.
func TestTimeAndCancel(t *testing.T) {
	tests := []struct {
		name  string
		setup func(opts *Options) (context.Context, context.CancelFunc)
		want  LimitReason
	}{
		{"timeout", func(opts *Options) (context.Context, context.CancelFunc) {
			opts.Limits.Timeout = 20 * time.Millisecond
			return context.WithCancel(context.Background())
		}, LimitTime},
		{"deadline", func(opts *Options) (context.Context, context.CancelFunc) {
			return context.WithTimeout(context.Background(), 20*time.Millisecond)
		}, LimitTime},
		{"cancel-later", func(opts *Options) (context.Context, context.CancelFunc) {
			ctx, cancel := context.WithCancel(context.Background())
			time.AfterFunc(20*time.Millisecond, cancel)
			return ctx, cancel
		}, LimitCanceled},
		{"cancel-at-step", func(opts *Options) (context.Context, context.CancelFunc) {
			// A sink cancels at step 5000, as Ctrl-C would.
			ctx, cancel := context.WithCancel(context.Background())
			opts.Sinks = append(opts.Sinks, SinkFunc(func(e *Event) {
				if e.Step == 5000 {
					cancel()
				}
			}))
			return ctx, cancel
		}, LimitCanceled},
	}
	for _, tc := range tests {
		for _, traceOn := range []bool{false, true} {
			t.Run(fmt.Sprintf("%s/trace=%t", tc.name, traceOn), func(t *testing.T) {
				var opts Options
				ctx, cancel := tc.setup(&opts)
				defer cancel()
				var last lastEvent
				chk := &Checker{}
				if traceOn || len(opts.Sinks) > 0 {
					opts.Sinks = append(opts.Sinks, &last, chk)
				}
				res, err := Run(ctx, newSudoku(t, hardPuzzle, sudoku.OrderLinear, CheckScan), opts)
				if err != nil {
					t.Fatal(err)
				}
				if res.Status != StatusLimit || res.Limit != tc.want {
					t.Fatalf("%s, limit %q: want status limit, limit %q", res, res.Limit, tc.want)
				}
				if res.Elapsed > 5*time.Second {
					t.Errorf("stopped after %s", res.Elapsed)
				}
				if len(opts.Sinks) == 0 {
					return
				}
				if err := chk.Finish(); err != nil {
					t.Error(err)
				}
				if last.e.Kind != KindLimit || last.e.Limit != tc.want || last.n != res.Steps {
					t.Errorf("last event %+v after %d events: want a %q limit at step %d", last.e, last.n, tc.want, res.Steps)
				}
				if tc.name == "cancel-at-step" && (res.Steps < 5000 || res.Steps > 5000+4096) {
					// The context is polled about every thousand steps.
					t.Errorf("canceled at step 5000, stopped at step %d", res.Steps)
				}
			})
		}
	}
	// A context canceled before Run stops it before the root call: the
	// stream is one limit event.
	ctx, cancel := context.WithCancel(context.Background())
	cancel()
	var rec recorder
	chk := &Checker{}
	tree := NewTree()
	res, err := Run(ctx, newQueens(t, 8, CheckScan), Options{Sinks: []Sink{&rec, chk, tree}})
	if err != nil {
		t.Fatal(err)
	}
	if res.Status != StatusLimit || res.Limit != LimitCanceled || res.Nodes != 0 || res.Steps != 1 || len(rec.events) != 1 || rec.events[0].Kind != KindLimit {
		t.Errorf("canceled before the start: %s, events %+v", res, rec.events)
	}
	if err := chk.Finish(); err != nil {
		t.Errorf("checker: %v", err)
	}
	if tree.Err() != nil || tree.Len() != 0 || tree.LimitStep != 1 {
		t.Errorf("tree: err %v, %d nodes, limit step %d", tree.Err(), tree.Len(), tree.LimitStep)
	}
}

// TestLeafDefaultLimit checks that the leaf-only check on a 51-blank board
// (9^51 boards) stops at DefaultMaxSteps.
func TestLeafDefaultLimit(t *testing.T) {
	if testing.Short() {
		t.Skip("-short: ten million steps")
	}
	res, err := Run(context.Background(), newSudoku(t, leetcode37, sudoku.OrderLinear, CheckCounts),
		Options{When: WhenLeaf, Limits: Limits{MaxSteps: DefaultMaxSteps}})
	if err != nil {
		t.Fatal(err)
	}
	if res.Status != StatusLimit || res.Limit != LimitSteps || res.Steps <= DefaultMaxSteps || res.Solutions != 0 {
		t.Errorf("%s, limit %q: want status limit at about %d steps, no solution", res, res.Limit, int64(DefaultMaxSteps))
	}
}

// TestRunOptions checks the options Run refuses and the defaults it fills.
func TestRunOptions(t *testing.T) {
	bad := []struct {
		opts Options
		want string
	}{
		{Options{When: "later"}, `tracer: when: unknown value "later"`},
		{Options{Stop: "never"}, `tracer: stop: unknown value "never"`},
		{Options{Limits: Limits{MaxSteps: -1}}, "negative"},
		{Options{Limits: Limits{MaxCalls: -1}}, "negative"},
		{Options{Limits: Limits{Timeout: -time.Second}}, "negative"},
	}
	for _, tc := range bad {
		_, err := Run(context.Background(), newQueens(t, 4, CheckScan), tc.opts)
		if err == nil || !strings.Contains(err.Error(), tc.want) {
			t.Errorf("%+v: error %v: want one containing %q", tc.opts, err, tc.want)
		}
	}
	// Defaults: check before placing, stop at the first solution, keep 10.
	r := runTraced(t, newQueens(t, 4, CheckScan), Options{}, false)
	if r.res.Status != StatusSolved || r.stats.Placements != r.stats.Nodes-1 {
		t.Errorf("defaults: %s, %d placements: want solved, check before placing", r.res, r.stats.Placements)
	}
	r = runTraced(t, newQueens(t, 8, CheckArrays), Options{Stop: StopAll}, false)
	if len(r.res.Boards) != 10 || r.res.Solutions != 92 {
		t.Errorf("kept %d boards of %d: want 10 of 92", len(r.res.Boards), r.res.Solutions)
	}
	r = runTraced(t, newQueens(t, 8, CheckArrays), Options{Stop: StopAll, KeepSolutions: 100}, false)
	if len(r.res.Boards) != 92 || !strings.Contains(r.res.String(), "complete: 92 solutions, 2057 nodes") {
		t.Errorf("kept %d boards: want 92; %s", len(r.res.Boards), r.res)
	}
	if _, err := nqueens.NewNQueens(0, CheckScan); err == nil {
		t.Error("NewNQueens(0): no error")
	}
	if _, err := nqueens.NewNQueens(4, CheckBoard); err == nil || !strings.Contains(err.Error(), "scan or arrays") {
		t.Errorf("NewNQueens(4, board): %v", err)
	}
	p, _ := sudoku.ParsePuzzle(leetcode37)
	if _, err := sudoku.NewSudoku(p, nqueens.OrderRows, CheckScan); err == nil || !strings.Contains(err.Error(), "tracer: order: sudoku: unknown value") {
		t.Errorf("NewSudoku(rows): %v", err)
	}
	if _, err := sudoku.NewSudoku(p, sudoku.OrderLinear, CheckArrays); err == nil || !strings.Contains(err.Error(), "tracer: check: sudoku: unknown value") {
		t.Errorf("NewSudoku(arrays): %v", err)
	}
}
