package stepper

import (
	"bytes"
	"context"
	"fmt"
	"os"
	"path/filepath"
	"slices"
	"strconv"
	"strings"
	"testing"

	"github.com/backtrack-edu/backtrack/tracer"

	"github.com/chromedp/cdproto/input"
	"github.com/chromedp/chromedp"
	"github.com/chromedp/chromedp/kb"
)

// predictQuestion is what backtrackPlayer.question() returns.
type predictQuestion struct {
	K       int64  `json:"k"`
	Kind    string `json:"kind"`
	Text    string `json:"text"`
	Answer  string `json:"answer"`
	Say     string `json:"say"`
	Options []struct {
		Label string `json:"label"`
		Value string `json:"value"`
	} `json:"options"`
	Cells  []int `json:"cells"`
	Depths []int `json:"depths"`
}

// predictAll asks every kind of question at every step that can ask.
const predictAll = "mode=predict&ask=try,reject,witness,return,solution"

func (b *playerBrowser) question(t *testing.T) *predictQuestion {
	t.Helper()
	var q *predictQuestion
	b.eval(t, "the question", `backtrackPlayer.question()`, &q)
	return q
}

// center is the middle of the element sel finds, in the page's px.
func (b *playerBrowser) center(t *testing.T, sel string) (float64, float64) {
	t.Helper()
	var xy []float64
	b.eval(t, "where is "+sel, `(() => {
		const e = document.querySelector(`+strconv.Quote(sel)+`);
		if (!e) return [];
		e.scrollIntoView({block: "nearest"});
		const r = e.getBoundingClientRect();
		return [r.left + r.width / 2, r.top + r.height / 2];
	})()`, &xy)
	if len(xy) != 2 {
		b.screenshot(t, "no-"+sel)
		t.Fatalf("no %s on the page", sel)
	}
	return xy[0], xy[1]
}

// tap touches the middle of the element sel finds, as a finger would.
func (b *playerBrowser) tap(t *testing.T, sel string) {
	t.Helper()
	x, y := b.center(t, sel)
	pt := []*input.TouchPoint{{X: x, Y: y}}
	b.do(t, "tap "+sel, chromedp.ActionFunc(func(ctx context.Context) error {
		if err := input.DispatchTouchEvent(input.TouchStart, pt).Do(ctx); err != nil {
			return err
		}
		return input.DispatchTouchEvent(input.TouchEnd, []*input.TouchPoint{}).Do(ctx)
	}))
}

// truth checks the question q against the step log: the answer the page
// holds is what the run did at step q.K+1.
func (r *playerRun) truth(q *predictQuestion, cols int) []string {
	var ps []string
	if q.K < 1 || q.K >= r.steps() {
		return []string{fmt.Sprintf("a question at step %d of %d", q.K, r.steps())}
	}
	e := r.events[q.K] // step q.K+1
	switch q.Kind {
	case "try":
		if e.Kind != tracer.KindTry {
			ps = append(ps, fmt.Sprintf("a question about the next try, but step %d is a %v", e.Step, e.Kind))
		}
		if r.queens {
			if want := e.Cell.Row*cols + e.Cell.Col; len(q.Cells) != 1 || q.Cells[0] != want {
				ps = append(ps, fmt.Sprintf("the answer's cell is %v, the log tries cell %d", q.Cells, want))
			}
		} else if want := strconv.Itoa(e.Value); q.Answer != want {
			ps = append(ps, fmt.Sprintf("the answer is %q, the log tries %s", q.Answer, want))
		}
		if len(q.Options) < 2 {
			ps = append(ps, fmt.Sprintf("a question of %d choices", len(q.Options)))
		}
	case "reject":
		want := "placed"
		if e.Kind == tracer.KindReject {
			want = fmt.Sprintf("r%d", e.Rule)
		} else if e.Kind != tracer.KindPlace {
			ps = append(ps, fmt.Sprintf("a question about placed or pruned, but step %d is a %v", e.Step, e.Kind))
		}
		if q.Answer != want {
			ps = append(ps, fmt.Sprintf("the answer is %q, the log says %q", q.Answer, want))
		}
	case "witness":
		want := e.Witness.Row*cols + e.Witness.Col
		if e.Kind != tracer.KindReject || !containsInt(q.Cells, want) {
			ps = append(ps, fmt.Sprintf("the witness cells are %v, step %d is a %v with witness %d", q.Cells, e.Step, e.Kind, want))
		}
	case "return":
		want := -1
		for _, x := range r.events[q.K:] {
			if x.Kind != tracer.KindReturn && x.Kind != tracer.KindUndo && x.Kind != tracer.KindExhausted {
				want = x.Depth
				break
			}
		}
		if q.Answer != fmt.Sprintf("d%d", want) {
			ps = append(ps, fmt.Sprintf("the search goes back to %q, the log to depth %d", q.Answer, want))
		}
		// "A dead end" only when the returning call met no solution: its
		// subtree's solutions by then, from the parents in the log.
		parent := map[int]int{}
		solved := false
		for _, x := range r.events[:q.K] {
			if x.Kind == tracer.KindCall {
				parent[x.Node] = x.Parent
			}
			if x.Kind == tracer.KindSolution {
				for n := x.Node; n >= 0 && !solved; n = parent[n] {
					solved = n == e.Node
					if n == 0 {
						break
					}
				}
			}
		}
		if dead := strings.HasPrefix(q.Text, "A dead end") || strings.HasPrefix(q.Text, "走到死路"); dead == solved {
			ps = append(ps, fmt.Sprintf("the return of call #%d (solutions below: %v) is asked as %q", e.Node, solved, q.Text))
		}
	case "solution":
		want := "no"
		if e.Kind == tracer.KindSolution {
			want = "yes"
		}
		if q.Answer != want {
			ps = append(ps, fmt.Sprintf("is it a solution: the page says %q, the log %q", q.Answer, want))
		}
	default:
		ps = append(ps, "a question of kind "+q.Kind)
	}
	return ps
}

func containsInt(xs []int, x int) bool {
	for _, y := range xs {
		if y == x {
			return true
		}
	}
	return false
}

// predictScore is the score line the page shows after right of asked.
func predictScore(right, asked int, lang tracer.Lang) string {
	if lang == tracer.LangZH {
		return fmt.Sprintf("答对 %d 题，共 %d 题", right, asked)
	}
	return fmt.Sprintf("%d of %d right", right, asked)
}

// answerHow is how a test answers: by a click on an answer, a digit key,
// a tap, or a click on the board or the stack.
type answerHow int

const (
	byClick answerHow = iota
	byKey
	byTap
	byBoard
)

// predictPlay steps r's page forward in predict mode from step 0 in lang
// and answers the questions it meets, right and wrong in turn, in the
// ways hows take turns at, until it has answered n (or the run ends). It
// checks each question against the step log, the step revealed, the
// verdict and the score, and returns the kinds it was asked.
func (b *playerBrowser) predictPlay(t *testing.T, r *playerRun, lang tracer.Lang, ask string, n int, cols int) map[string]int {
	t.Helper()
	b.open(t, r, "step=0&lang="+string(lang)+"&"+ask)
	kinds := map[string]int{}
	right, asked := 0, 0
	hows := []answerHow{byClick, byKey, byBoard, byTap}
	for k := int64(0); k < r.steps() && asked < n; {
		q := b.question(t)
		if q == nil {
			b.key(t, kb.ArrowRight)
			k++
			b.waitStep(t, "stepping in predict mode", k, lang)
			continue
		}
		if q.K != k {
			t.Fatalf("%s: a question about step %d at step %d", r.name, q.K+1, k)
		}
		for _, p := range r.truth(q, cols) {
			t.Errorf("%s, %s question at step %d: %s", r.name, q.Kind, k, p)
		}
		// The page holds the step until the question is answered.
		b.key(t, kb.ArrowRight)
		b.check(t, r, "a question holds the page", k, lang)
		good := asked%2 == 0
		pick := ""
		for _, o := range q.Options {
			if (o.Value == q.Answer) == good {
				pick = o.Value
				break
			}
		}
		how := hows[asked%len(hows)]
		if how == byBoard && len(q.Cells) == 0 && q.Kind != "return" {
			how = byClick
		}
		if pick == "" && how != byBoard {
			how = byBoard // a witness question: only the board answers
		}
		switch how {
		case byClick:
			x, y := b.center(t, fmt.Sprintf(`#quiz button.ans[data-v=%q]`, pick))
			b.do(t, "click an answer", chromedp.MouseClickXY(x, y))
		case byTap:
			b.tap(t, fmt.Sprintf(`#quiz button.ans[data-v=%q]`, pick))
		case byKey:
			i := 0
			for i < len(q.Options) && q.Options[i].Value != pick {
				i++
			}
			if i >= 9 {
				t.Fatalf("%s: answer %q is no. %d, past the digit keys", r.name, pick, i+1)
			}
			b.key(t, strconv.Itoa(i+1))
		case byBoard:
			sel := ""
			if q.Kind == "return" {
				d := -1
				if good && len(q.Depths) > 0 {
					d = q.Depths[0]
				} else if !good {
					d = 0
					if len(q.Depths) > 0 && q.Depths[0] == 0 {
						d = 1
					}
				}
				if d < 0 {
					// The search ends: no row answers; click the answer.
					x, y := b.center(t, `#quiz button.ans[data-v="d-1"]`)
					b.do(t, "click the end", chromedp.MouseClickXY(x, y))
					break
				}
				sel = fmt.Sprintf("#stack .row:nth-child(%d)", d+1)
			} else {
				c := q.Cells[0]
				if !good {
					c = 0
					for containsInt(q.Cells, c) {
						c++
					}
				}
				sel = fmt.Sprintf("#board .cell:nth-child(%d)", c+1)
			}
			if sel != "" {
				x, y := b.center(t, sel)
				b.do(t, "click "+sel, chromedp.MouseClickXY(x, y))
			}
		}
		asked++
		if good {
			right++
		}
		kinds[q.Kind]++
		k = q.K + 1
		b.check(t, r, fmt.Sprintf("the step revealed after a %s answer (%v)", map[bool]string{true: "right", false: "wrong"}[good], how), k, lang)
		var got struct{ Score, Verdict string }
		b.eval(t, "the score", `({score: document.getElementById('score').textContent, verdict: (document.getElementById('verdict') || {}).textContent || ''})`, &got)
		if want := predictScore(right, asked, lang); got.Score != want {
			t.Errorf("%s: after %d answers the score says %q, want %q", r.name, asked, got.Score, want)
		}
		if good != (strings.HasPrefix(got.Verdict, "Right") || strings.HasPrefix(got.Verdict, "答对了")) {
			t.Errorf("%s: a %v answer to %q, the verdict says %q", r.name, good, q.Text, got.Verdict)
		}
		if !good && !strings.Contains(got.Verdict, q.Say) {
			t.Errorf("%s: the verdict %q does not give the answer %q", r.name, got.Verdict, q.Say)
		}
	}
	if asked < n {
		t.Errorf("%s: only %d questions in the run, want %d", r.name, asked, n)
	}
	if xs := b.exceptions(); len(xs) > 0 {
		t.Errorf("%s: the page threw %s", r.name, strings.Join(xs, "; "))
	}
	return kinds
}

// TestPlayerPredictBrowser answers questions in predict mode, right and
// wrong, by mouse, keys, touch, board and stack, in en and zh, for
// 4-queens, LeetCode 37 and permutations.
func TestPlayerPredictBrowser(t *testing.T) {
	t.Parallel() // the browser tests take turns with each other, not with the rest (see main_test.go)
	b := newPlayerBrowser(t)
	t.Run("queens4", func(t *testing.T) {
		// Every kind in English; in Chinese only the dead ends and the
		// solutions ask, so that the first solution comes within 6.
		for _, c := range []struct {
			lang  tracer.Lang
			ask   string
			n     int
			kinds []string
		}{
			// No "which is tried next": 4-queens tries its columns in order
			// (see TestPlayerPredictMixBrowser).
			{tracer.LangEN, predictAll, 24, []string{"reject", "witness", "return"}},
			{tracer.LangZH, "mode=predict&ask=return,solution", 6, []string{"return", "solution"}},
		} {
			r := makePlayerRun(t, playerQueens4, c.lang)
			kinds := b.predictPlay(t, r, c.lang, c.ask, c.n, 4)
			for _, k := range c.kinds {
				if kinds[k] == 0 {
					t.Errorf("queens4 (%s): no %s question in %d", c.lang, k, c.n)
				}
			}
			t.Logf("queens4 (%s): %v", c.lang, kinds)
		}
	})
	t.Run("leetcode37", func(t *testing.T) {
		r := makePlayerRun(t, playerLeet37, tracer.LangZH)
		kinds := b.predictPlay(t, r, tracer.LangZH, "mode=predict&ask=try,reject,return", 10, 9)
		t.Logf("leetcode37 (zh): %v", kinds)
		r2 := makePlayerRun(t, playerLeet37, tracer.LangEN)
		kinds = b.predictPlay(t, r2, tracer.LangEN, "mode=predict&ask=reject,return&every=3", 6, 9)
		t.Logf("leetcode37 (en, every 3rd): %v", kinds)
		// Every kind: Sudoku's witness questions too (click the digit the
		// candidate clashes with).
		kinds = b.predictPlay(t, r, tracer.LangZH, predictAll, 12, 9)
		if kinds["witness"] == 0 || kinds["return"] == 0 {
			t.Errorf("leetcode37 (zh, every kind): no witness or return question in 12: %v", kinds)
		}
		t.Logf("leetcode37 (zh, every kind): %v", kinds)
	})
	t.Run("permutations", func(t *testing.T) {
		for _, lang := range []tracer.Lang{tracer.LangEN, tracer.LangZH} {
			r := makePlayerRun(t, playerPerms3, lang)
			kinds := b.predictPlay(t, r, lang, predictAll, 12, 3)
			t.Logf("permutations3 (%s): %v", lang, kinds)
		}
	})
	t.Run("never on screen", func(t *testing.T) { testPredictNeverShown(t, b) })
	t.Run("timeline", func(t *testing.T) { testTimeline(t, b) })
}

// testPredictNeverShown goes to every step of 4-queens in predict mode,
// every kind asking, and checks that a step that asks does not show its
// answer: the page shows step k (its note, not the next), the candidate
// to guess is not marked yet, the rule or the witness not shown, a
// question of one answer never asked.
func testPredictNeverShown(t *testing.T, b *playerBrowser) {
	r := makePlayerRun(t, playerQueens4, tracer.LangEN)
	b.open(t, r, "step=0&lang=en&"+predictAll)
	// Every step in one evaluation, as sweep does: what the page shows
	// after backtrackPlayer.go(k) and its question at k.
	var all []struct {
		Q  *predictQuestion `json:"q"`
		St playerState      `json:"st"`
	}
	b.eval(t, "every step in predict mode", fmt.Sprintf(`(() => {
		const state = %s, out = [];
		for (let k = 1; k < %d; k++) {
			backtrackPlayer.go(k);
			out.push({q: backtrackPlayer.question(), st: state()});
		}
		return out;
	})()`, playerStateFn, r.steps()), &all)
	if int64(len(all)) != r.steps()-1 {
		t.Fatalf("the page went to %d steps in predict mode, want %d", len(all), r.steps()-1)
	}
	asked := 0
	for k := int64(1); k < r.steps(); k++ {
		got := all[k-1]
		q, st := got.Q, got.St
		if q == nil {
			continue
		}
		asked++
		if st.Step != k || st.Note != r.note(k, tracer.LangEN) {
			t.Errorf("step %d asks %q but the page shows step %d, note %q", k, q.Text, st.Step, st.Note)
		}
		for _, p := range r.truth(q, 4) {
			t.Errorf("step %d: %s", k, p)
		}
		next := r.note(k+1, tracer.LangEN)
		if strings.Contains(st.Note, next) {
			t.Errorf("step %d: its note shows the next step's", k)
		}
		switch q.Kind {
		case "try":
			if c := st.Cells[q.Cells[0]].C; strings.Contains(c, "o-try") || strings.Contains(c, "placed") {
				t.Errorf("step %d asks which candidate is next, the board already marks it (%s)", k, c)
			}
		case "reject", "witness":
			for _, c := range st.Cells {
				if strings.Contains(c.C, "o-clash") {
					t.Errorf("step %d asks about the rule or witness, the board already marks a clash", k)
					break
				}
			}
			if strings.Contains(st.Note, "prune") || strings.Contains(st.Note, "no attack") {
				t.Errorf("step %d asks placed or pruned, its note %q says", k, st.Note)
			}
		case "return":
			if strings.Contains(st.Note, q.Say) {
				t.Errorf("step %d asks where the search goes back to, its note %q says %q", k, st.Note, q.Say)
			}
		case "solution":
			if strings.Contains(st.Note, "solution") {
				t.Errorf("step %d asks is it a solution, its note %q says", k, st.Note)
			}
		}
		if q.Kind != "witness" && len(q.Options) < 2 {
			t.Errorf("step %d asks %q with %d answers", k, q.Text, len(q.Options))
		}
	}
	if asked < 40 {
		t.Errorf("only %d of 4-queens' %d steps ask", asked, r.steps())
	}
	t.Logf("4-queens: %d of %d steps ask a question, none shows its answer", asked, r.steps())
}

// testTimeline checks the timeline's bins against the step log, its
// colours on the canvas, and that a click moves to the step under it.
func testTimeline(t *testing.T, b *playerBrowser) {
	for _, c := range []playerCase{playerQueens4, playerLeet37} {
		r := makePlayerRun(t, c, tracer.LangEN)
		b.open(t, r, "step=1&lang=en")
		type bin struct {
			Rules []int `json:"rules"`
			Ret   int   `json:"ret"`
			Sol   int   `json:"sol"`
			All   int   `json:"all"`
		}
		var bins []bin
		b.eval(t, "the timeline's bins", `backtrackPlayer.timelineBins()`, &bins)
		nb := int64(len(bins))
		if nb == 0 || nb > r.steps() {
			t.Fatalf("%s: %d bins for %d steps", r.name, nb, r.steps())
		}
		want := make([]bin, nb)
		for i := range want {
			want[i].Rules = make([]int, 16)
		}
		for j, e := range r.events {
			w := &want[int64(j)*nb/r.steps()]
			w.All++
			switch e.Kind {
			case tracer.KindReject:
				w.Rules[int(e.Rule)]++
			case tracer.KindReturn:
				w.Ret++
			case tracer.KindSolution:
				w.Sol++
			}
		}
		bad := 0
		for i := range bins {
			if fmt.Sprint(bins[i]) != fmt.Sprint(want[i]) {
				if bad++; bad <= 5 {
					t.Errorf("%s: bin %d of the timeline holds %+v, the step log %+v", r.name, i, bins[i], want[i])
				}
			}
		}
		// The colours, read off the canvas at the bottom of each bin.
		var px []struct {
			I   int    `json:"i"`
			RGB string `json:"rgb"`
		}
		b.eval(t, "the timeline's colours", `(() => {
			const cv = document.getElementById('tlbar'), g = cv.getContext('2d'), bins = backtrackPlayer.timelineBins(), out = [];
			const bw = cv.width / bins.length;
			bins.forEach((b, i) => {
				const x = Math.floor((i + 0.5) * bw);
				const d = g.getImageData(x, cv.height - 1, 1, 1).data;
				out.push({i: i, rgb: d[0] + "," + d[1] + "," + d[2]});
			});
			return out;
		})()`, &px)
		var colors struct {
			Rules []string `json:"rules"`
			Ret   string   `json:"ret"`
			Sol   string   `json:"sol"`
			Other string   `json:"other"`
		}
		b.eval(t, "the timeline's colours", `backtrackPlayer.timelineColors()`, &colors)
		sols, checked, wrong := 0, 0, 0
		for _, p := range px {
			w := want[p.I]
			if w.All == 0 {
				continue
			}
			checked++
			if w.Sol > 0 {
				sols++
				if p.RGB != colors.Sol {
					t.Errorf("%s: bin %d holds a solution, the bar is %s there, want green %s", r.name, p.I, p.RGB, colors.Sol)
				}
				continue
			}
			// The bin's column stacks its rejects by rule, then its
			// returns, then the other steps, from the bottom up: the
			// bottom pixel is the first there is.
			want := colors.Other
			if w.Ret > 0 {
				want = colors.Ret
			}
			for rule, n := range w.Rules {
				if n > 0 {
					want = colors.Rules[rule]
					break
				}
			}
			if p.RGB != want {
				if wrong++; wrong <= 5 {
					t.Errorf("%s: bin %d (%+v) is %s at its bottom, want %s", r.name, p.I, w, p.RGB, want)
				}
			}
		}
		if checked == 0 {
			t.Errorf("%s: no bin to check the colours of", r.name)
		}
		if len(r.kinds[tracer.KindSolution]) > 0 && sols == 0 {
			t.Errorf("%s: no bin of the timeline shows a solution", r.name)
		}
		// A click on the bar goes to the step under it.
		for _, f := range []float64{0.1, 0.5, 0.93} {
			var at struct{ X, Y, W, Left float64 }
			b.eval(t, "the bar", `(() => { const r = document.getElementById('tlbar').getBoundingClientRect(); return {x: 0, y: r.top + r.height / 2, w: r.width, left: r.left}; })()`, &at)
			x := at.Left + f*at.W
			k := int64((x-at.Left)*float64(r.steps())/at.W) + 1
			b.do(t, "click the timeline", chromedp.MouseClickXY(x, at.Y))
			b.check(t, r, fmt.Sprintf("a click at %.0f%% of the timeline", f*100), k, tracer.LangEN)
		}
		t.Logf("%s: %d bins match the step log; %d solution bins green, %d bins' colours checked", r.name, nb, sols, checked)
	}
}

// TestPlayerTimelineBigBrowser makes the biggest page the player holds
// (11-queens cut at 2,000,000 steps, as trace nqueens -n 11 --max-steps
// 2000000 --html makes it) and times its steps with the timeline drawn,
// and a click on the timeline: the target is 50 ms a step (logged; the
// test fails past ten times it, see playerSlack).
func TestPlayerTimelineBigBrowser(t *testing.T) {
	t.Parallel() // the browser tests take turns with each other, not with the rest (see main_test.go)
	if testing.Short() {
		t.Skip("a 2,000,000-step page: not in -short mode")
	}
	b := newPlayerBrowser(t)
	p, opts, err := tracer.Spec{Problem: "nqueens", N: 11}.Build()
	if err != nil {
		t.Fatal(err)
	}
	info := p.Info()
	rec := NewRecording(info, tracer.StrategyOf(info, opts))
	opts.Sinks = []tracer.Sink{rec}
	opts.Limits.MaxSteps = MaxHTMLSteps
	if _, err := tracer.Run(context.Background(), p, opts); err != nil {
		t.Fatal(err)
	}
	var buf bytes.Buffer
	if err := WriteHTML(&buf, rec, HTMLOptions{Lang: tracer.LangEN, TreePane: true, MaxSteps: MaxHTMLSteps}); err != nil {
		t.Fatal(err)
	}
	r := &playerRun{name: "queens11-2M", file: filepath.Join(t.TempDir(), "queens11.html"), size: buf.Len()}
	if err := os.WriteFile(r.file, buf.Bytes(), 0o644); err != nil {
		t.Fatal(err)
	}
	o := b.open(t, r, "step=1000000&lang=en")
	t.Logf("the %d-step page (%d bytes) opened in %.0f ms", rec.Len(), r.size, o.Shown)
	var tm struct {
		Fwd, Back, Quiz, Click []float64
		Bins                   int
		Bad                    []string
	}
	b.eval(t, "time the steps", `(() => {
		const P = backtrackPlayer, out = {fwd: [], back: [], quiz: [], click: [], bins: P.timelineBins().length, bad: []};
		const mark = document.getElementById('tlmark'), bar = document.getElementById('tlbar').getBoundingClientRect();
		const time = (f, k) => {
			const t0 = performance.now();
			f();
			document.getElementById('board').getBoundingClientRect(); // lay the page out
			const dt = performance.now() - t0;
			if (P.step() !== k) out.bad.push('want step ' + k + ', the page shows ' + P.step());
			return dt;
		};
		for (let i = 0; i < 30; i++) { const k = P.step() + 1; out.fwd.push(time(() => P.go(k), k)); }
		for (let i = 0; i < 30; i++) { const k = P.step() - 1; out.back.push(time(() => P.go(k), k)); }
		// In predict mode a step also works out its question (a look
		// ahead of a step or two, and back).
		document.getElementById('predict').click();
		for (let i = 0; i < 30; i++) { const k = P.step() + 7; out.quiz.push(time(() => P.go(k), k)); }
		document.getElementById('predict').click();
		const tl = document.getElementById('timeline');
		for (const f of [0.05, 0.3, 0.61, 0.9]) {
			const x = bar.left + f * bar.width, y = bar.top + bar.height / 2;
			const k = Math.floor((x - bar.left) * P.steps() / bar.width) + 1;
			out.click.push(time(() => {
				tl.dispatchEvent(new PointerEvent('pointerdown', {clientX: x, clientY: y, bubbles: true, pointerId: 1}));
				tl.dispatchEvent(new PointerEvent('pointerup', {clientX: x, clientY: y, bubbles: true, pointerId: 1}));
			}, k));
			const ml = mark.getBoundingClientRect().left + 1.5;
			if (Math.abs(ml - x) > 3) out.bad.push('a click at x ' + x.toFixed(0) + ' marks the timeline at ' + ml.toFixed(0));
		}
		return out;
	})()`, &tm)
	for _, s := range tm.Bad {
		t.Errorf("%s: %s", r.name, s)
	}
	med := func(xs []float64) (float64, float64) {
		ys := slices.Clone(xs)
		slices.Sort(ys)
		return ys[len(ys)/2], ys[len(ys)-1]
	}
	fm, fx := med(tm.Fwd)
	bm, bx := med(tm.Back)
	cm, cx := med(tm.Click)
	qm, qx := med(tm.Quiz)
	t.Logf("%d steps, %d timeline bins: a step forward median %.2f ms (max %.2f), back %.2f ms (max %.2f), in predict mode %.2f ms (max %.2f), a click on the timeline %.2f ms (max %.2f)",
		rec.Len(), tm.Bins, fm, fx, bm, bx, qm, qx, cm, cx)
	if fm > playerSlack*playerStepTarget || bm > playerSlack*playerStepTarget || cm > playerSlack*playerStepTarget || qm > playerSlack*playerStepTarget {
		t.Errorf("%s: a step takes %.2f ms forward, %.2f back, %.2f in predict mode, %.2f by the timeline (medians): the target is %d ms", r.name, fm, bm, qm, cm, playerStepTarget)
	}
}
