package render

import (
	"context"
	"testing"

	"github.com/backtrack-edu/backtrack/tracer"
	"github.com/backtrack-edu/backtrack/tracer/problems/nqueens"
	"github.com/backtrack-edu/backtrack/tracer/problems/sudoku"
)

// dotRun is one traced search: its tree and the legend for its diagrams.
type dotRun struct {
	tree *tracer.Tree
	leg  Legend
}

// dotQueens searches n-queens for every solution.
func dotQueens(t testing.TB, n int) dotRun {
	t.Helper()
	p, err := nqueens.NewNQueens(n, tracer.CheckScan)
	if err != nil {
		t.Fatal(err)
	}
	return dotTrace(t, p, tracer.Options{Stop: tracer.StopAll})
}

// dotSudoku searches a Sudoku puzzle to its first solution.
func dotSudoku(t testing.TB, puzzle string, order tracer.Order) dotRun {
	t.Helper()
	pz, err := sudoku.ParsePuzzle(puzzle)
	if err != nil {
		t.Fatal(err)
	}
	p, err := sudoku.NewSudoku(pz, order, tracer.CheckScan)
	if err != nil {
		t.Fatal(err)
	}
	return dotTrace(t, p, tracer.Options{})
}

// dotSpec builds the run spec describes, as the command line does
// (tracer.Spec.Build: the problem's defaults filled in), and traces it.
func dotSpec(t testing.TB, spec tracer.Spec) dotRun {
	t.Helper()
	p, opts, err := spec.Build()
	if err != nil {
		t.Fatal(err)
	}
	return dotTrace(t, p, opts)
}

// dotTrace runs p with a tree and a stats sink.
func dotTrace(t testing.TB, p tracer.Problem, opts tracer.Options) dotRun {
	t.Helper()
	tree, st := tracer.NewTree(), &tracer.Stats{}
	opts.Sinks = []tracer.Sink{tree, st}
	res, err := tracer.Run(context.Background(), p, opts)
	if err != nil {
		t.Fatal(err)
	}
	if err := tree.Err(); err != nil {
		t.Fatal(err)
	}
	return dotRun{tree, Legend{Summary: tracer.Summarize(p.Info(), opts, res, st), Lang: tracer.LangEN}}
}
