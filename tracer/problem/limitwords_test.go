package problem

import (
	"strings"
	"testing"
)

// TestLimitWordsComplete checks the one table of limit words: every reason
// has its name, label, report line and compare note in both languages, a
// flag where a flag sets it, and no two reasons share a word.
func TestLimitWordsComplete(t *testing.T) {
	seen := map[string]LimitReason{}
	for l := LimitReason(1); l < numLimitReasons; l++ {
		w := LimitWordsOf(l)
		for _, x := range []Text{w.Name, w.Stop, w.Compare} {
			if x.EN == "" || x.ZH == "" {
				t.Errorf("%v: a word is missing in a language: %+v", l, w)
			}
			if o, ok := seen[x.EN]; ok {
				t.Errorf("%v and %v share %q", l, o, x.EN)
			}
			seen[x.EN] = l
		}
		if w.Label == "" || (w.Flag == "") != (l == LimitCanceled) || (w.Flag != "" && !strings.Contains(w.Label, w.Flag)) {
			t.Errorf("%v: label %q, flag %q", l, w.Label, w.Flag)
		}
	}
	if LimitWordsOf(numLimitReasons+3) != LimitWordsOf(LimitNone) {
		t.Error("an unknown reason does not get the words of a nameless limit")
	}
}
