package stepper

import (
	"context"
	"fmt"
	"net/url"
	"strings"
	"testing"
	"time"

	"github.com/chromedp/cdproto/emulation"
	"github.com/chromedp/cdproto/input"
	"github.com/chromedp/chromedp"
)

// On a phone (390×844) a student steps without scrolling: the board, the
// note and the next/previous controls are on screen together, the
// controls fixed at the bottom; a swipe on the board or a tap on the note
// steps; predict mode's question is on screen when it opens (issue 33,
// P2 and Q2: the controls were 1,744–2,203 px down the page, the question
// 700 px below the fold).

// phoneViewJS reports the rectangles of the board, the note, the next
// and previous buttons and the question (when shown), and the window's.
const phoneViewJS = `(() => {
	const r = (id) => {
		const e = document.getElementById(id);
		if (!e || e.hidden) return null;
		const b = e.getBoundingClientRect();
		return [b.left, b.top, b.right, b.bottom].map(Math.round);
	};
	return {step: backtrackPlayer.step(), w: innerWidth, h: innerHeight, board: r('board'), note: r('note'),
		next: r('next'), back: r('back'), controls: r('controls'), quiz: r('quiz'), asking: !!backtrackPlayer.question()};
})()`

type phoneView struct {
	Step     int64     `json:"step"`
	W        float64   `json:"w"`
	H        float64   `json:"h"`
	Board    []float64 `json:"board"`
	Note     []float64 `json:"note"`
	Next     []float64 `json:"next"`
	Back     []float64 `json:"back"`
	Controls []float64 `json:"controls"`
	Quiz     []float64 `json:"quiz"`
	Asking   bool      `json:"asking"`
}

// outside names the parts of the view that are not wholly on screen; the
// board, the note and the question must also lie above the controls.
func (v *phoneView) outside() []string {
	var out []string
	bottom := v.H
	if v.Controls != nil {
		bottom = v.Controls[1]
	}
	in := func(name string, r []float64, limit float64) {
		switch {
		case r == nil:
			out = append(out, name+" is missing")
		case r[0] < -0.5 || r[1] < -0.5 || r[2] > v.W+0.5 || r[3] > limit+0.5 || r[2] <= r[0]:
			out = append(out, fmt.Sprintf("%s at %v is not on the %.0f×%.0f screen above y=%.0f", name, r, v.W, v.H, limit))
		}
	}
	in("the board", v.Board, bottom)
	in("the note", v.Note, bottom)
	in("the next button", v.Next, v.H)
	in("the previous button", v.Back, v.H)
	if v.Asking {
		in("the question", v.Quiz, bottom)
	}
	return out
}

// touch sends one finger's touch from (x0, y0) to (x1, y1).
func touch(x0, y0, x1, y1 float64) chromedp.ActionFunc {
	return func(ctx context.Context) error {
		if err := input.DispatchTouchEvent(input.TouchStart, []*input.TouchPoint{{X: x0, Y: y0}}).Do(ctx); err != nil {
			return err
		}
		if x1 != x0 || y1 != y0 {
			for i := 1; i <= 4; i++ {
				f := float64(i) / 4
				p := []*input.TouchPoint{{X: x0 + f*(x1-x0), Y: y0 + f*(y1-y0)}}
				if err := input.DispatchTouchEvent(input.TouchMove, p).Do(ctx); err != nil {
					return err
				}
			}
		}
		return input.DispatchTouchEvent(input.TouchEnd, []*input.TouchPoint{}).Do(ctx)
	}
}

// TestPlayerPhone opens 4-queens' and LeetCode 37's pages at 390×844 in
// English and Chinese and checks, at several steps, that the board, the
// note and the controls are on screen together; that a swipe left on the
// board steps on, a swipe right steps back and a tap on the note steps
// on; and that in predict mode each question is on screen when it opens.
func TestPlayerPhone(t *testing.T) {
	t.Parallel() // the browser tests take turns with each other, not with the rest (see main_test.go)
	b := newPlayerBrowser(t)
	b.do(t, "a phone's screen", emulation.SetDeviceMetricsOverride(390, 844, 1, true),
		emulation.SetTouchEmulationEnabled(true).WithMaxTouchPoints(1))
	for _, c := range []playerCase{playerQueens4, playerLeet37} {
		file, n := writePlayerPage(t, c)
		for _, lang := range []string{"en", "zh"} {
			what := fmt.Sprintf("%s at 390×844 (%s)", c.name, lang)
			view := func(when string) phoneView {
				t.Helper()
				var v phoneView
				b.eval(t, what+" "+when, phoneViewJS, &v)
				if bad := v.outside(); len(bad) > 0 {
					b.screenshot(t, fmt.Sprintf("phone-%s-%s-step%d", c.name, lang, v.Step))
					t.Errorf("%s, %s (step %d): %s", what, when, v.Step, strings.Join(bad, "; "))
				}
				return v
			}
			for _, k := range []int64{1, 40, n / 2, n} {
				u := url.URL{Scheme: "file", Path: file, Fragment: fmt.Sprintf("step=%d&lang=%s", k, lang)}
				b.do(t, "open "+what, chromedp.Navigate("about:blank"), chromedp.Navigate(u.String()))
				if err := waitPage(b, `window.__btShown !== undefined && document.getElementById('loading').hidden`, 30*time.Second); err != nil {
					t.Fatalf("open %s: %v%s", what, err, thrownText(b.exceptions()))
				}
				view(fmt.Sprintf("opened at step %d", k))
			}
			// Gestures, from step 40.
			b.do(t, "step 40", chromedp.Evaluate("backtrackPlayer.go(40)", nil))
			v := view("at step 40")
			bx, by := (v.Board[0]+v.Board[2])/2, (v.Board[1]+v.Board[3])/2
			gestures := []struct {
				name           string
				x0, y0, x1, y1 float64
				want           int64
			}{
				{"a swipe left on the board", bx + 80, by, bx - 80, by + 10, 41},
				{"a swipe right on the board", bx - 80, by, bx + 80, by - 10, 40},
				{"a tap on the note", (v.Note[0] + v.Note[2]) / 2, (v.Note[1] + v.Note[3]) / 2, (v.Note[0] + v.Note[2]) / 2, (v.Note[1] + v.Note[3]) / 2, 41},
			}
			for _, g := range gestures {
				b.do(t, g.name, touch(g.x0, g.y0, g.x1, g.y1))
				if err := b.poll(fmt.Sprintf("backtrackPlayer.step() === %d", g.want), 3*time.Second); err != nil {
					var k int64
					b.eval(t, "the step", "backtrackPlayer.step()", &k)
					t.Errorf("%s: %s: the page is at step %d, want %d", what, g.name, k, g.want)
					b.do(t, "step 41", chromedp.Evaluate(fmt.Sprintf("backtrackPlayer.go(%d)", g.want), nil))
				}
				view("after " + g.name)
			}
			// Predict mode: step on until five questions have opened; each is
			// on screen.
			b.do(t, "step 0", chromedp.Evaluate("backtrackPlayer.go(0); scrollTo(0, 0)", nil))
			b.key(t, "q")
			asked := 0
			for i := 0; i < 200 && asked < 5; i++ {
				var v phoneView
				b.eval(t, what+" in predict mode", phoneViewJS, &v)
				if v.Asking {
					asked++
					view(fmt.Sprintf("question %d open", asked))
					// Scroll the page away, then answer: the next question
					// comes back into view.
					// A question answered on the board (which piece does it
					// clash with?) has no answer button: skip it.
					b.do(t, "answer", chromedp.Evaluate("scrollTo(0, document.documentElement.scrollHeight); (document.querySelector('#quiz button.ans') || [...document.querySelectorAll('#quiz button')].pop()).click()", nil))
				}
				b.do(t, "tap next", chromedp.Evaluate("document.getElementById('next').click()", nil))
			}
			if asked == 0 {
				t.Errorf("%s: no question opened in predict mode", what)
			}
			for _, x := range b.exceptions() {
				t.Errorf("%s: the page threw %s", what, x)
			}
		}
	}
}
