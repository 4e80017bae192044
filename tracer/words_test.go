package tracer_test

import (
	"testing"

	"github.com/backtrack-edu/backtrack/tracer"
)

func TestRuleCount(t *testing.T) {
	for _, tt := range []struct {
		name string
		n    int64
		lang tracer.Lang
		want string
	}{
		{"row", 4, tracer.LangEN, "row ×4"},
		{"upper-right diagonal ↗", 0, tracer.LangEN, "upper-right diagonal ↗ ×0"},
		{"同宫重复", 7, tracer.LangZH, "同宫重复 ×7"},
	} {
		if got := tracer.RuleCount(tt.name, tt.n, tt.lang); got != tt.want {
			t.Errorf("RuleCount(%q, %d, %s) = %q, want %q", tt.name, tt.n, tt.lang, got, tt.want)
		}
	}
}

func TestEventWords(t *testing.T) {
	if got := tracer.EventWords(tracer.KindReject, tracer.WhenLeaf); got != tracer.LeafFailWords.Name {
		t.Errorf("a leaf reject is %+v, want %+v", got, tracer.LeafFailWords.Name)
	}
	for _, w := range []tracer.When{tracer.WhenBefore, tracer.WhenAfter, ""} {
		if got := tracer.EventWords(tracer.KindReject, w); got != tracer.KindWords(tracer.KindReject) || got.ZH != "剪枝" {
			t.Errorf("a reject under when=%q is %+v", w, got)
		}
	}
	if got := tracer.EventWords(tracer.KindUndo, tracer.WhenLeaf); got != tracer.KindWords(tracer.KindUndo) {
		t.Errorf("an undo under when=leaf is %+v", got)
	}
}
