package stepper

import (
	"bytes"
	"fmt"
	"strconv"
	"strings"
	"testing"

	"github.com/backtrack-edu/backtrack/tracer"
	"github.com/backtrack-edu/backtrack/tracer/words"
)

// TestStepperPredict drives predict mode of the terminal stepper as the
// interactive mode does (typeKey), over 4-queens: every question's answer
// is what the run did next, a right and a wrong answer are scored, the
// step asked about is shown after, and no question is asked where a
// choice of one shows the answer.
func TestStepperPredict(t *testing.T) {
	rec := stepGoldenRecs["queens4"](t)
	for _, lang := range []tracer.Lang{tracer.LangEN, tracer.LangZH} {
		s := New(rec, Options{Lang: lang, Width: 100, Height: 40})
		typeAll := func(keys ...string) {
			for _, k := range keys {
				if s.typeKey(k) {
					t.Fatalf("%s: %q quit", lang, k)
				}
			}
		}
		typeAll("p")
		right, asked := 0, 0
		kinds := map[quizKind]int{}
		for s.Step() < rec.Len() {
			q := s.pq.q
			if q == nil {
				typeAll("n")
				continue
			}
			k := q.k
			next := rec.At(k + 1)
			// The answer is the run's.
			switch q.kind {
			case quizTry:
				if next.Kind != tracer.KindTry || q.answer != strconv.Itoa(next.Value) {
					t.Errorf("%s step %d: try question answers %q, step %d is %v of %d", lang, k, q.answer, k+1, next.Kind, next.Value)
				}
			case quizReject:
				if (q.answer == "0") != (next.Kind == tracer.KindPlace) {
					t.Errorf("%s step %d: placed-or-pruned answers %q, step %d is a %v", lang, k, q.answer, k+1, next.Kind)
				}
			case quizReturn:
				if next.Kind != tracer.KindReturn {
					t.Errorf("%s step %d: a return question before a %v", lang, k, next.Kind)
				}
				// "A dead end" only when the returning call met no
				// solution below it: from the log's parents.
				parent, solved := map[int]int{}, false
				for j := int64(1); j <= k; j++ {
					e := rec.At(j)
					if e.Kind == tracer.KindCall {
						parent[e.Node] = e.Parent
					}
					for n := e.Node; e.Kind == tracer.KindSolution && n >= 0 && !solved; n = parent[n] {
						solved = n == next.Node
						if n == 0 {
							break
						}
					}
				}
				var text strings.Builder
				for _, l := range s.predictLines(200) {
					for _, sp := range l {
						text.WriteString(sp.s)
					}
				}
				dead := words.StepperDeadEndBackWhichDepth.In(lang)
				if strings.Contains(text.String(), string([]rune(dead)[:6])) == solved {
					t.Errorf("%s step %d: the return of call #%d (solutions below: %v) is asked as %q", lang, k, next.Node, solved, text.String())
				}
			case quizSolution:
				if next.Kind != tracer.KindSolution {
					t.Errorf("%s step %d: a solution question before a %v", lang, k, next.Kind)
				}
			}
			kinds[q.kind]++
			// A question holds the step (→: n answers "no" to "is it a
			// solution?").
			typeAll("right")
			if s.Step() != k || !strings.Contains(s.View(), map[tracer.Lang]string{tracer.LangEN: "answer first", tracer.LangZH: "请先回答"}[lang]) {
				t.Fatalf("%s: → with a question waiting moved to step %d (from %d) or said nothing", lang, s.Step(), k)
			}
			good := asked%3 != 2
			ans := q.answer
			if !good {
				ans = "7" // no depth, rule, column or digit of 4-queens
			}
			if q.kind == quizSolution {
				ans = map[bool]string{true: "y", false: "n"}[good]
			}
			for _, c := range ans {
				typeAll(string(c))
			}
			typeAll("enter")
			asked++
			if good {
				right++
			}
			if s.Step() != k+1 {
				t.Fatalf("%s: an answer at step %d moved to %d, want %d", lang, k, s.Step(), k+1)
			}
			v := s.View()
			score := fmt.Sprintf("%d of %d right", right, asked)
			if lang == tracer.LangZH {
				score = fmt.Sprintf("答对 %d 题，共 %d 题", right, asked)
			}
			if !strings.Contains(v, score) {
				t.Fatalf("%s: after %d answers the view does not say %q:\n%s", lang, asked, score, v)
			}
			if !good && !strings.Contains(v, q.words) {
				t.Errorf("%s: a wrong answer at step %d, the view does not give the answer %q", lang, k, q.words)
			}
			if want := rec.noteAt(k+1, lang); !strings.Contains(strings.Join(strings.Fields(v), " "), strings.Join(strings.Fields(want), " ")[:min(20, len(want))]) {
				t.Errorf("%s: the step revealed does not show its note %q", lang, want)
			}
		}
		// No "which is tried next": 4-queens tries its columns in order.
		if kinds[quizTry] > 0 {
			t.Errorf("%s: %d questions ask which column 4-queens tries next, always the next in order", lang, kinds[quizTry])
		}
		for _, k := range []quizKind{quizReject, quizReturn, quizSolution} {
			if kinds[k] == 0 {
				t.Errorf("%s: no question of kind %d over 4-queens", lang, k)
			}
		}
		t.Logf("%s: %d questions over %d steps, %d right (kinds %v)", lang, asked, rec.Len(), right, kinds)
	}
	// A try question is never asked with one candidate left: the frame's
	// choices, less what it tried, plus the next try.
	s := New(rec, Options{})
	for k := int64(1); k < rec.Len(); k++ {
		q := s.questionAt(k)
		if q == nil || q.kind != quizTry {
			continue
		}
		fs := rec.frames(k)
		top := fs[len(fs)-1]
		if len(top.choices) == 1 && top.choices[0] == rec.At(k+1).Value {
			t.Errorf("step %d asks which candidate is next, its only choice", k)
		}
	}
}

// TestStepperPredictScript answers by the script's a<answer> lines and
// shows the timeline (m): one line binned to the width, its characters
// those of the run's events, the current step marked.
func TestStepperPredictScript(t *testing.T) {
	rec := stepGoldenRecs["queens4"](t)
	s := New(rec, Options{Width: 80, Height: 40})
	var out, warn bytes.Buffer
	// Step 2 tries column 0 of row 0: placed (0); step 20 is the first
	// dead end: the search goes back to depth 1.
	script := "g2\np\nm\na 0\ng19\nn\na 1\n"
	if err := RunScript(s, strings.NewReader(script), &out, &warn); err != nil {
		t.Fatal(err)
	}
	if warn.Len() > 0 {
		t.Errorf("warnings: %s", warn.String())
	}
	v := out.String()
	last := v[strings.LastIndex(v, "===="):]
	if !strings.Contains(last, "2 of 2 right") || s.Step() != 21 {
		t.Errorf("after a 0 at step 2 and a 1 at step 20: step %d\n%s", s.Step(), last)
	}
	// The timeline: W-2 columns of 4-queens' steps.
	var bar string
	for _, l := range strings.Split(last, "\n") {
		if strings.HasPrefix(l, "[") && strings.HasSuffix(l, "]") {
			bar = l[1 : len(l)-1]
		}
	}
	if len(bar) != 78 {
		t.Fatalf("no timeline of 78 columns in\n%s", last)
	}
	want := s.timelineBins(78)
	n := rec.Len()
	here := timelineBin(s.Step(), n, 78)
	// Predict mode is on: the columns of steps not shown yet are blank.
	future := timelineBin(s.Step()+1, n, 78)
	for i := range want {
		if i == here {
			if bar[i] != tlHere {
				t.Errorf("the current step's column %d shows %q, want %q", i, bar[i], tlHere)
			}
			continue
		}
		if i >= future {
			if bar[i] != tlFog {
				t.Errorf("column %d, past the current step %d, shows %q in predict mode: it tells what comes next", i, s.Step(), bar[i])
			}
			continue
		}
		if bar[i] != want[i] {
			t.Errorf("column %d shows %q, want %q", i, bar[i], want[i])
		}
	}
	// Each column against the step log: a solution in it shows *, else a
	// reject shows its rule's number, a return <.
	for i := range want {
		var sol, rej, ret bool
		for k := int64(1); k <= n; k++ {
			if timelineBin(k, n, 78) != i {
				continue
			}
			switch rec.At(k).Kind {
			case tracer.KindSolution:
				sol = true
			case tracer.KindReject:
				rej = true
			case tracer.KindReturn:
				ret = true
			}
		}
		c := want[i]
		switch {
		case sol && c != tlSolution, !sol && c == tlSolution:
			t.Errorf("column %d: solution %v, shows %q", i, sol, c)
		case !sol && rej && !(c >= '1' && c <= '9') && c != tlReturn:
			t.Errorf("column %d holds a reject, shows %q", i, c)
		case !sol && !rej && ret && c != tlReturn:
			t.Errorf("column %d holds a return, shows %q", i, c)
		}
	}
}
