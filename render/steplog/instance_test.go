package steplog

import (
	"bytes"
	"context"
	"regexp"
	"strings"
	"testing"

	"github.com/backtrack-edu/backtrack/tracer"
	"github.com/backtrack-edu/backtrack/tracer/problems/listkit"
	"github.com/backtrack-edu/backtrack/tracer/problems/sudoku"
)

// logSpec runs spec with a Writer as its sink and returns the log, notes
// by the tracer's narrator in English.
func logSpec(t *testing.T, spec tracer.Spec) string {
	t.Helper()
	p, opts, err := spec.Build()
	if err != nil {
		t.Fatal(err)
	}
	var buf bytes.Buffer
	h := HeaderFor(p.Info(), opts)
	h.Tool, h.Lang = "backtrack (test)", "en"
	lw, err := NewNarratedWriter(&buf, h, tracer.NewNarrator(p.Info(), h.Strategy, tracer.LangEN))
	if err != nil {
		t.Fatal(err)
	}
	st := &tracer.Stats{}
	opts.Sinks = []tracer.Sink{st, lw}
	res, err := tracer.Run(context.Background(), p, opts)
	if err != nil {
		t.Fatal(err)
	}
	if err := lw.Close(tracer.Summarize(p.Info(), opts, res, st)); err != nil {
		t.Fatal(err)
	}
	return buf.String()
}

// TestLogInstanceEdited: a header edited to another instance of a list
// problem (its target, its numbers, its dedup style) is refused at the
// first step the instance's own check contradicts, with the line and the
// step (issue 32, item 7: a combination sum's header edited from target
// 8 to 9 was drawn with leaves "over by 0"). An edit that leaves the
// search the same (combination-sum's dedup used and start prune alike)
// is read. So is a header whose lang is not its notes' language.
func TestLogInstanceEdited(t *testing.T) {
	combSum := logSpec(t, tracer.Spec{Problem: "combination-sum"})
	combSumAfter := logSpec(t, tracer.Spec{Problem: "combination-sum", When: tracer.WhenAfter})
	subsets := logSpec(t, tracer.Spec{Problem: "subsets", Puzzle: "nums 1,2,2 dedup none"})
	subsetsUsed := logSpec(t, tracer.Spec{Problem: "subsets", Puzzle: "nums 1,2,2 dedup used"})
	perms := logSpec(t, tracer.Spec{Problem: "permutations", Puzzle: "nums 1,1,2 dedup used"})
	reuse := logSpec(t, tracer.Spec{Problem: "combination-sum", Puzzle: "nums 1,2 target 3"})
	tests := []struct {
		name     string
		log      string
		old, new string
		want     string // "" for a log read
	}{
		{"target 8 to 9", combSum, "target 8 ", "target 9 ", "a reject (over) of value 3 at (0,3) that the header's instance does not make"},
		{"target 8 to 7", combSum, "target 8 ", "target 7 ", "breaks over in the header's instance"},
		{"target when after", combSumAfter, "target 8 ", "target 9 ", "that the header's instance does not make"},
		{"a solution's target", reuse, "target 3 ", "target 4 ", "a solution that is not at the end condition"},
		{"numbers", combSum, "nums 10,1,2,7,6,1,5 ", "nums 10,1,2,7,6,1,4 ", "header's instance"},
		{"dedup used to none", combSum, "dedup used", "dedup none", "a reject (same_level)"},
		{"dedup used to start", combSum, "dedup used", "dedup start", ""},
		{"subsets dedup none to used", subsets, "dedup none", "dedup used", "breaks same_level"},
		{"subsets numbers", subsetsUsed, "nums 1,2,2 ", "nums 1,2,3 ", "a reject (same_level)"},
		{"permutations dedup", perms, "dedup used", "dedup none", "a reject (same_level)"},
		{"permutations numbers", perms, "nums 1,1,2 ", "nums 1,2,3 ", "header's instance"},
		// The notes' language (the review's lang: zh over English notes).
		{"lang en to zh", combSum, "lang: en", "lang: zh", "the header says lang: zh, but the notes are in en"},
		{"lang en to zh, sudoku", logSpec(t, tracer.Spec{Problem: "sudoku", Puzzle: logSudoku4}), "lang: en", "lang: zh", "the notes are in en"},
		{"a note edited by hand", combSum, "call 0 (root, depth 0)", "the first call", ""},
	}
	where := regexp.MustCompile(`^step log line \d+ \(step \d+\): `)
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			if !strings.Contains(tt.log, tt.old) {
				t.Fatalf("the log has no %q", tt.old)
			}
			log := strings.Replace(tt.log, tt.old, tt.new, 1)
			_, _, err := Read(strings.NewReader(log), tracer.NewTree())
			switch {
			case tt.want == "" && err != nil:
				t.Errorf("refused: %v", err)
			case tt.want != "" && (err == nil || !strings.Contains(err.Error(), tt.want) || !where.MatchString(err.Error())):
				t.Errorf("error %v: want a line and step, then %q", err, tt.want)
			}
		})
	}
}

// TestLogEveryStrategyReads: the moves check refuses no log tracer.Run
// writes: every strategy (order, check, when, dedup) of a small instance
// of every registered problem, under each stop rule, the template line
// drops, and a step limit that cuts the log.
func TestLogEveryStrategyReads(t *testing.T) {
	for _, def := range tracer.Problems() {
		var instances []tracer.Spec
		switch {
		case def == sudoku.SudokuDef:
			instances = []tracer.Spec{{Puzzle: logSudoku4}}
		case def.Size != nil:
			instances = []tracer.Spec{{N: 4}}
		}
		if _, ok := listkit.ListDefault(def); ok {
			instances = append(instances, tracer.Spec{Puzzle: def.Puzzle.Default})
		}
		for _, inst := range instances {
			inst.Problem = def.Name
			for _, stop := range []tracer.Stop{tracer.StopFirst, tracer.StopAll, tracer.StopNoReturn} {
				for _, drop := range []tracer.Drop{tracer.DropNone, tracer.DropReturnFalse} {
					base := inst
					base.Stop, base.Drop, base.Limits = stop, drop, tracer.Limits{MaxSteps: 3000}
					specs, err := base.Strategies()
					if err != nil {
						continue // a drop or stop rule the problem refuses
					}
					for _, s := range specs {
						if _, _, err := s.Build(); err != nil {
							continue
						}
						log := logSpec(t, s)
						if _, _, err := Read(strings.NewReader(log), nil); err != nil {
							t.Errorf("%s %s order %s check %s when %s stop %s drop %s: %v", s.Problem, s.Puzzle, s.Order, s.Check, s.When, s.Stop, s.Drop, err)
						}
					}
				}
			}
		}
	}
}
