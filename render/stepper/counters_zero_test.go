package stepper

import (
	"fmt"
	"regexp"
	"strings"
	"testing"

	"github.com/backtrack-edu/backtrack/tracer"
)

// zeroCount is a count by rule of nothing: "column ×0", "同列重复 ×0".
var zeroCount = regexp.MustCompile(`×0\b`)

// TestCountersNoZero steps through every step of 4-queens and the first
// 300 of LeetCode 37, in both languages, and checks the terminal
// stepper's counters and its whole screen: no rule is counted ×0 (a rule
// not met yet is left out: "upper-right diagonal ↗ ×0" and "同列重复 ×0"
// were on screen from the first step on), the rules that have pruned are
// each named with their count, in the run's order, and with none pruned
// the rejects have no brackets.
func TestCountersNoZero(t *testing.T) {
	for _, c := range []struct {
		name  string
		rec   *Recording
		steps int64
	}{
		{"4-queens", stepQueens(t, 4, tracer.Options{Stop: tracer.StopAll}), 0},
		{"LeetCode 37", stepSudoku(t, tracer.LeetCode37, tracer.OrderScan2D, tracer.Options{}), 300},
	} {
		last := c.rec.Len()
		if c.steps > 0 {
			last = min(last, c.steps)
		}
		for _, lang := range tracer.Langs {
			open, sep, end := " (", ", ", ")"
			if lang == tracer.LangZH {
				open, sep, end = "（", "，", "）"
			}
			s := New(c.rec, Options{Lang: lang, Width: 160, Height: 50})
			for k := int64(0); k <= last; k++ {
				s.Goto(k)
				st := s.state()
				items := s.counterItems(st)
				var line strings.Builder
				for _, sp := range items[len(items)-1] {
					line.WriteString(sp.s)
				}
				var rules []string
				for _, r := range c.rec.info.Rules {
					if n := st.stats.Rejects[r]; n > 0 {
						rules = append(rules, fmt.Sprintf("%s ×%d", c.rec.def.RuleName(r, lang), n))
					}
				}
				want := ""
				if len(rules) > 0 {
					want = open + strings.Join(rules, sep) + end
				}
				if got := line.String(); !strings.HasSuffix(got, fmt.Sprintf(" %d%s", st.stats.RejectTotal(), want)) {
					t.Errorf("%s %s step %d: the counters say %q, want the rejects %d%s", c.name, lang, k, got, st.stats.RejectTotal(), want)
				}
				if v := s.View(); zeroCount.MatchString(v) {
					t.Fatalf("%s %s step %d: the screen counts ×0:\n%s", c.name, lang, k, v)
				}
			}
		}
	}
}
