package render

import (
	"context"
	"strings"
	"testing"

	"github.com/backtrack-edu/backtrack/tracer"
)

// TestStrategyTableDedup: runs that differ in their de-duplication style
// get a dedup column, and the title names the list alone; runs that do
// not get none.
func TestStrategyTableDedup(t *testing.T) {
	run := func(spec tracer.Spec) CompareRun {
		t.Helper()
		p, opts, err := spec.Build()
		if err != nil {
			t.Fatal(err)
		}
		st := &tracer.Stats{}
		opts.Sinks = []tracer.Sink{st}
		res, err := tracer.Run(context.Background(), p, opts)
		if err != nil {
			t.Fatal(err)
		}
		return CompareRun{Summary: tracer.Summarize(p.Info(), opts, res, st)}
	}
	styles := []CompareRun{
		run(tracer.Spec{Problem: "combination-sum", Puzzle: "dedup used"}),
		run(tracer.Spec{Problem: "combination-sum", Puzzle: "dedup none"}),
	}
	tests := []struct {
		name    string
		runs    []CompareRun
		lang    tracer.Lang
		want    []string
		wantNot []string
	}{
		{"two styles", styles, tracer.LangEN,
			[]string{"Combination Sum [1,1,2,5,6,7,10], target 8 · stop: all", "when    dedup  status", "before  used   complete          4", "before  none   complete          6"},
			[]string{"target 8, dedup"}},
		{"two styles, zh", styles, tracer.LangZH, []string{"检查时机  去重"}, []string{"，去重 used"}},
		{"one style", styles[:1], tracer.LangEN, []string{"target 8, dedup used · stop: all"}, []string{"dedup  status"}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			var b strings.Builder
			if err := WriteStrategyTable(&b, tt.runs, CompareOptions{Lang: tt.lang, NoTime: true}); err != nil {
				t.Fatal(err)
			}
			for _, w := range tt.want {
				if !strings.Contains(b.String(), w) {
					t.Errorf("no %q in\n%s", w, b.String())
				}
			}
			for _, w := range tt.wantNot {
				if strings.Contains(b.String(), w) {
					t.Errorf("%q in\n%s", w, b.String())
				}
			}
		})
	}
}
