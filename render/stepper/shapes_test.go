package stepper

import (
	"testing"

	"github.com/backtrack-edu/backtrack/tracer"
	"github.com/backtrack-edu/backtrack/tracer/problems/sudoku"
)

// TestNoteAtShapes checks noteAt against a full replay for the tutorials'
// shapes, whose notes depend on more than the open calls: the scans a call
// makes after an exhausted (--drop return-false), the wrong true that goes
// up the chain, and the calls that pass on (order cells).
func TestNoteAtShapes(t *testing.T) {
	small := "1...\n..1.\n.1..\n...1"
	for _, spec := range []tracer.Spec{
		{Problem: "sudoku", Drop: tracer.DropReturnFalse},
		{Problem: "sudoku", Puzzle: small, Drop: tracer.DropReturnFalse, Stop: tracer.StopNoReturn, Limits: tracer.Limits{MaxSteps: 3000}},
		{Problem: "sudoku", Puzzle: small, Drop: tracer.DropReturnFalse, When: tracer.WhenAfter},
		{Problem: "sudoku", Puzzle: small, Order: sudoku.OrderCells},
		{Problem: "sudoku", Puzzle: small, Order: sudoku.OrderCells, Stop: tracer.StopAll, When: tracer.WhenLeaf, Limits: tracer.Limits{MaxSteps: 3000}},
	} {
		p, opts, err := spec.Build()
		if err != nil {
			t.Fatal(err)
		}
		rec := stepRecord(t, p, opts)
		passes := 0
		for _, lang := range tracer.Langs {
			n := tracer.NewNarrator(rec.Info(), rec.Strategy(), lang)
			for k := int64(1); k <= rec.Len(); k++ {
				e := rec.At(k)
				if e.Pass {
					passes++
				}
				want := n.Note(&e)
				if got := rec.noteAt(k, lang); got != want {
					t.Fatalf("%s %s step %d (%s): note\n got %q\nwant %q", rec.Strategy(), lang, k, e.Kind, got, want)
				}
			}
		}
		if spec.Order == sudoku.OrderCells && passes == 0 {
			t.Errorf("%s: no scan passes: the recording lost Pass", rec.Strategy())
		}
		if len(rec.odd) > 0 && spec.Order != sudoku.OrderCells {
			t.Errorf("%s: %d events kept whole: they should pack", rec.Strategy(), len(rec.odd))
		}
	}
}
