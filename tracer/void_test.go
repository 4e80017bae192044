package tracer_test

import (
	"context"
	"testing"

	"github.com/backtrack-edu/backtrack/tracer"
	"github.com/backtrack-edu/backtrack/tracer/problems/sudoku"
)

// TestVoidReturnOK: under every template with no return value (every
// solution wanted, or the value dropped), each return's OK is what
// VoidReturnOK works out from the event before it, as a step log's reader
// does (the log leaves ok out there). Templates that return bool are not
// held to it: there OK is the value returned.
func TestVoidReturnOK(t *testing.T) {
	for _, spec := range []tracer.Spec{
		{Problem: "nqueens", N: 5, Stop: tracer.StopAll},
		{Problem: "nqueens", N: 5, Stop: tracer.StopAll, When: tracer.WhenAfter},
		{Problem: "nqueens", N: 4, Stop: tracer.StopAll, When: tracer.WhenLeaf},
		{Problem: "nqueens", N: 5, Drop: tracer.DropReturnValue},
		{Problem: "sudoku", Puzzle: sudoku4, Stop: tracer.StopAll},
		{Problem: "sudoku", Puzzle: sudoku4, Stop: tracer.StopAll, Order: sudoku.OrderCells},
		// With the check at the leaves every filling of the blanks is a
		// leaf: sudoku4's 12 blanks make 156 million events (7 s), this
		// puzzle (sudoku4 with four more cells of its solution given)
		// 8 blanks and 611,664 events, through the same MRV order, leaf
		// checks, dead ends and one solution.
		{Problem: "sudoku", Puzzle: "14...3..3.41..23", Stop: tracer.StopAll, Order: sudoku.OrderMRV, When: tracer.WhenLeaf},
		{Problem: "sudoku", Puzzle: sudoku4, Drop: tracer.DropReturnValue, Order: sudoku.OrderCells},
		{Problem: "sudoku", Puzzle: sudoku4, Drop: tracer.DropReturnValue, Order: sudoku.OrderScan2D},
		{Problem: "permutations", N: 4, Stop: tracer.StopAll},
		{Problem: "permutations", N: 3, Drop: tracer.DropReturnValue, When: tracer.WhenLeaf},
	} {
		p, opts, err := spec.Build()
		if err != nil {
			t.Fatalf("%+v: %v", spec, err)
		}
		if !tracer.StrategyOf(p.Info(), opts).Void() {
			t.Fatalf("%+v: not a template with no return value", spec)
		}
		var prev tracer.Event
		returns, oks := 0, 0
		opts.Sinks = []tracer.Sink{tracer.SinkFunc(func(e *tracer.Event) {
			if e.Kind == tracer.KindReturn {
				returns++
				if e.OK {
					oks++
				}
				if got := tracer.VoidReturnOK(&prev, e); got != e.OK {
					t.Errorf("%+v: step %d returns OK %v after a %s of node %d, VoidReturnOK says %v", spec, e.Step, e.OK, prev.Kind, prev.Node, got)
				}
			}
			prev = *e
		})}
		if _, err := tracer.Run(context.Background(), p, opts); err != nil {
			t.Fatalf("%+v: %v", spec, err)
		}
		if returns == 0 || oks == 0 {
			t.Errorf("%+v: %d returns, %d with OK: the run shows too little", spec, returns, oks)
		}
	}
}
