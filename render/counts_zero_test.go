package render

import (
	"regexp"
	"testing"

	"github.com/backtrack-edu/backtrack/tracer"
	"github.com/backtrack-edu/backtrack/tracer/problems/sudoku"
)

// TestFramesNoZeroCount draws the frames of 4-queens (every step) and of
// LeetCode 37 (every 10th of its first 300 steps), in both languages, as
// --frames and --gif do: no count by rule in a frame's legend reads ×0 (a
// rule that pruned nothing yet is left out), as in the terminal stepper's
// and the player's counters (TestCountersNoZero, TestPlayerBrowser).
func TestFramesNoZeroCount(t *testing.T) {
	zero := regexp.MustCompile(`×0\b`)
	q4 := dotQueens(t, 4)
	s9 := dotSudoku(t, sudoku.LeetCode37, sudoku.OrderScan2D)
	for _, c := range []struct {
		name        string
		r           dotRun
		last, every int64
	}{{"4-queens", q4, q4.tree.Steps, 1}, {"LeetCode 37", s9, 300, 10}} {
		for _, lang := range tracer.Langs {
			r := c.r
			r.leg.Lang = lang
			s := NewSeries(r.tree, r.leg)
			for k := int64(1); k <= c.last; k += c.every {
				if m := zero.Find(frameDOT(t, s, frameOpts(), k)); m != nil {
					t.Errorf("%s %s: the frame of step %d counts %q", c.name, lang, k, m)
				}
			}
		}
	}
}
