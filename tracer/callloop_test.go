package tracer_test

import (
	"testing"

	"github.com/backtrack-edu/backtrack/tracer"
)

// TestCallLoopIsTheSearchs checks Def.CallLoop, which renderers ask what
// a call's loop tries, against the problem itself: walking every call of
// a search (the checks' passes placed, as the template does), at each
// call CallLoop of its path says end exactly when Next finds no slot, and
// otherwise the range Candidates gives.
func TestCallLoopIsTheSearchs(t *testing.T) {
	for _, spec := range []tracer.Spec{
		{Problem: "combination-sum"},
		{Problem: "combination-sum", Puzzle: "nums 10,1,2,7,6,1,5 target 8 dedup start"},
		{Problem: "combination-sum", Puzzle: "nums 2,3,6,7 target 7 reuse dedup none"},
		{Problem: "combination-sum", Puzzle: "nums 2,3 target 10 dedup none"},
		{Problem: "combination-sum", Puzzle: "nums 3,5 target 1 dedup none"},
		{Problem: "subsets"},
		{Problem: "subsets", Puzzle: "nums 1,2,3,4 dedup none"},
	} {
		p, _, err := spec.Build()
		if err != nil {
			t.Fatal(err)
		}
		def := p.Info().Def
		if def.CallLoop == nil {
			t.Fatalf("%s %s: no CallLoop", spec.Problem, spec.Puzzle)
		}
		calls, ends := 0, 0
		var walk func(path []int, prev tracer.Pos)
		walk = func(path []int, prev tracer.Pos) {
			calls++
			slot, ok := p.Next(len(path), prev)
			lo, hi, end := def.CallLoop(path)
			if end != !ok {
				t.Fatalf("%s %s, path %v: CallLoop says end %v, Next finds a slot %v", spec.Problem, spec.Puzzle, path, end, ok)
			}
			if !ok {
				ends++
				return
			}
			if wlo, whi := p.Candidates(slot); (wlo <= whi || lo <= hi) && (wlo != lo || whi != hi) {
				t.Fatalf("%s %s, path %v: CallLoop says %d..%d, Candidates %d..%d", spec.Problem, spec.Puzzle, path, lo, hi, wlo, whi)
			}
			for v := lo; v <= hi; v++ {
				if p.Check(slot, v, false).Rule != tracer.RuleNone {
					continue
				}
				p.Place(slot, v)
				walk(append(path, v), p.Cell(slot, v))
				p.Undo(slot, v)
			}
		}
		walk(nil, tracer.NoPos)
		if calls < 1 {
			t.Errorf("%s %s: %d calls walked", spec.Problem, spec.Puzzle, calls)
		}
		t.Logf("%s %s: %d calls, %d at the end", spec.Problem, spec.Puzzle, calls, ends)
	}
}
