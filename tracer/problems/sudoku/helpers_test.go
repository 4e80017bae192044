package sudoku

import (
	"testing"

	"github.com/backtrack-edu/backtrack/tracer"
	"github.com/backtrack-edu/backtrack/tracer/internal/probtest"
	"github.com/backtrack-edu/backtrack/tracer/problem"
)

// The shared helpers (tracer/internal/probtest), under the names this
// package's tests use.
const (
	leetcode37         = probtest.LeetCode37
	leetcode37Solution = probtest.LeetCode37Solution
)

var (
	dataPath     = probtest.DataPath
	readData     = probtest.ReadData
	dataLines    = probtest.DataLines
	puzzleLines  = probtest.PuzzleLines
	tsvTable     = probtest.TSVTable
	atoi64       = probtest.Atoi64
	joinRows     = probtest.JoinRows
	validSudoku  = probtest.ValidSudoku
	compareTrees = probtest.CompareTrees
	equalStats   = probtest.EqualStats
)

// traced is a run with its sinks.
type traced struct {
	res   *tracer.Result
	stats *tracer.Stats
	tree  *tracer.Tree // nil unless asked for
}

// runTraced runs p with a Stats and a Checker attached (and a Tree when
// tree is set): see probtest.RunTraced.
func runTraced(t testing.TB, p problem.Problem, opts problem.Options, tree bool) traced {
	t.Helper()
	r := probtest.RunTraced(t, p, opts, tree)
	return traced{r.Res, r.Stats, r.Tree}
}

// recorder keeps a copy of every event.
type recorder struct{ events []problem.Event }

func (r *recorder) Event(e *problem.Event) { r.events = append(r.events, *e) }

// newSudoku parses text and sets up a search.
func newSudoku(t testing.TB, text string, order problem.Order, check problem.Check) *Sudoku {
	t.Helper()
	p, err := ParsePuzzle(text)
	if err != nil {
		t.Fatal(err)
	}
	s, err := NewSudoku(p, order, check)
	if err != nil {
		t.Fatal(err)
	}
	return s
}
