package tracer

import (
	"context"
	"reflect"
	"testing"

	"github.com/backtrack-edu/backtrack/tracer/problems/nqueens"
	"github.com/backtrack-edu/backtrack/tracer/problems/sudoku"
)

// TestDirectSinksMatchEvents checks Run's fast paths: a Stats and a Tree
// among the sinks are fed directly, without Events. They must end exactly
// as the same sinks fed with the Events (wrapped, so Run cannot tell them).
// And a run with no sinks (callOff) must give the same Result.
func TestDirectSinksMatchEvents(t *testing.T) {
	type instance struct {
		name string
		make func() Problem
		opts Options
	}
	var cases []instance
	for _, when := range Whens {
		for _, stop := range Stops {
			for _, check := range nqueens.NQueensChecks {
				cases = append(cases, instance{"queens5 " + string(check) + " " + string(when) + " " + string(stop),
					func() Problem { return newQueens(t, 5, check) }, Options{When: when, Stop: stop, Limits: Limits{MaxSteps: 100_000}}})
			}
			for _, order := range sudoku.SudokuOrders {
				cases = append(cases, instance{"sudoku4 " + string(order) + " " + string(when) + " " + string(stop),
					func() Problem { return newSudoku(t, ".4......3.4...2.", order, CheckCounts) }, Options{When: when, Stop: stop, Limits: Limits{MaxSteps: 100_000}}})
			}
		}
	}
	cases = append(cases,
		instance{"leetcode scan2d", func() Problem { return newSudoku(t, sudoku.LeetCode37, sudoku.OrderScan2D, CheckScan) }, Options{}},
		instance{"leetcode leaf limit", func() Problem { return newSudoku(t, sudoku.LeetCode37, sudoku.OrderLinear, CheckScan) },
			Options{When: WhenLeaf, Limits: Limits{MaxSteps: 5000}}},
		instance{"queens8 call limit", func() Problem { return newQueens(t, 8, CheckScan) },
			Options{Stop: StopAll, Limits: Limits{MaxCalls: 300}}},
		// Without "return false" the general template runs (a looper),
		// and a Stats without event sinks still derives its tries.
		instance{"leetcode drop return-false", func() Problem { return newSudoku(t, sudoku.LeetCode37, sudoku.OrderScan2D, CheckScan) },
			Options{Drop: DropReturnFalse, Limits: Limits{MaxSteps: 20000}}},
	)
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			direct, directTree := &Stats{}, NewTree()
			o := c.opts
			o.Sinks = []Sink{direct, directTree}
			r1, err := Run(context.Background(), c.make(), o)
			if err != nil {
				t.Fatal(err)
			}
			viaEvents, eventTree := &Stats{}, NewTree()
			o.Sinks = []Sink{SinkFunc(viaEvents.Event), SinkFunc(eventTree.Event)}
			r2, err := Run(context.Background(), c.make(), o)
			if err != nil {
				t.Fatal(err)
			}
			if !reflect.DeepEqual(direct, viaEvents) {
				t.Errorf("stats differ:\ndirect %+v\nevents %+v", *direct, *viaEvents)
			}
			// A Stats alone (every trace) is not told of tries: they are
			// counted from the places and rejects at the end.
			alone := &Stats{}
			o.Sinks = []Sink{alone}
			counted, err := Run(context.Background(), c.make(), o)
			if err != nil {
				t.Fatal(err)
			}
			counted.Elapsed, r2.Elapsed = 0, 0
			if !reflect.DeepEqual(counted, r2) {
				t.Errorf("counting differs:\ncounted %+v\nevents  %+v", *counted, *r2)
			}
			if !reflect.DeepEqual(alone, viaEvents) {
				t.Errorf("a Stats alone differs:\nalone  %+v\nevents %+v", *alone, *viaEvents)
			}
			// No sink at all: callOff, the template without hooks.
			o.Sinks = nil
			off, err := Run(context.Background(), c.make(), o)
			if err != nil {
				t.Fatal(err)
			}
			off.Elapsed = 0
			if !reflect.DeepEqual(off, r2) {
				t.Errorf("tracing off differs:\noff    %+v\nevents %+v", *off, *r2)
			}
			if r1.Steps != r2.Steps || r1.Status != r2.Status || direct.Steps != r1.Steps {
				t.Errorf("results differ: %v / %v, stats steps %d", r1, r2, direct.Steps)
			}
			if eventTree.Err() != nil {
				t.Fatal(eventTree.Err())
			}
			if directTree.Steps != eventTree.Steps || directTree.LimitStep != eventTree.LimitStep {
				t.Errorf("tree steps %d/%d, limit step %d/%d", directTree.Steps, eventTree.Steps, directTree.LimitStep, eventTree.LimitStep)
			}
			compareTrees(t, directTree, eventTree, true)
			for i := range int32(directTree.Len()) {
				if directTree.Node(i) != eventTree.Node(i) {
					t.Fatalf("node %d differs: %+v / %+v", i, directTree.Node(i), eventTree.Node(i))
				}
			}
		})
	}
}
