package stepper

import (
	"bytes"
	"context"
	"fmt"
	"image"
	"image/png"
	"strings"
	"testing"

	"github.com/backtrack-edu/backtrack/tracer"

	"github.com/chromedp/cdproto/emulation"
	"github.com/chromedp/cdproto/page"
	"github.com/chromedp/chromedp"
)

// The screen while a question is open must not tell its answer: the
// timeline shows only the steps already seen (the rest one flat colour),
// and the rest of the page (the step, the note, the counters, the key,
// the stack, the tree, the code) shows what it shows at that step out of
// predict mode, which is step k and nothing of step k+1.

// predictShownJS returns the text the page shows outside the question
// bar: every visible text of the page, and the tree's. (The tree is drawn
// in the room the question bar leaves it, so the test draws it out of
// predict mode with the bar there too: see withBarJS.)
const predictShownJS = `(() => {
	// Left out: the question bar, the buttons (predict: on), the message
	// line, the timeline key's "not shown yet", and the candidates still
	// legal (the stack's choices, the board key's entry for them), which a
	// question hides (TestPlayerPredictHidesChoices).
	const els = ['quiz', 'tools', 'msg', 'tlfogkey'].map(id => document.getElementById(id))
		.concat([...document.querySelectorAll('#stack .chs, #key span:has(> .c-choice)')]).filter(e => e);
	const keep = els.map(e => e.style.display);
	els.forEach(e => { e.style.display = 'none'; });
	const text = document.body.innerText + '\n' + document.getElementById('svg').textContent;
	els.forEach((e, i) => { e.style.display = keep[i]; });
	return text;
})()`

// timelineShot is the timeline's bar as the screen shows it, and the x
// (in the shot's pixels) from which on the bar holds steps not seen yet.
func (b *playerBrowser) timelineShot(t *testing.T, k int64) (image.Image, int) {
	t.Helper()
	var r struct{ X, Y, W, H, Future float64 }
	b.eval(t, "the timeline's box", fmt.Sprintf(`(() => {
		const c = document.getElementById('tlbar'), r = c.getBoundingClientRect();
		const n = backtrackPlayer.steps(), bins = backtrackPlayer.timelineBins().length;
		const w = c.clientWidth, bin = Math.floor(%d * bins / n);
		return {x: r.left + c.clientLeft, y: r.top + c.clientTop, w: w, h: c.clientHeight, future: bin * w / bins};
	})()`, k), &r)
	var buf []byte
	b.do(t, "a shot of the timeline", chromedp.ActionFunc(func(ctx context.Context) error {
		var err error
		buf, err = page.CaptureScreenshot().WithClip(&page.Viewport{X: r.X, Y: r.Y, Width: r.W, Height: r.H, Scale: 1}).Do(ctx)
		return err
	}))
	img, err := png.Decode(bytes.NewReader(buf))
	if err != nil {
		t.Fatal(err)
	}
	return img, int(r.Future)
}

// futureProblem says how the bar from x on is not one flat colour
// (leaving out the 3-px mark of the current step at markX).
func futureProblem(img image.Image, x0, markX int) string {
	bd := img.Bounds()
	var ref [4]uint32
	set := false
	for x := bd.Min.X + x0 + 1; x < bd.Max.X-1; x++ {
		if x >= markX-3 && x <= markX+3 {
			continue
		}
		for y := bd.Min.Y + 1; y < bd.Max.Y-1; y++ {
			r, g, b, a := img.At(x, y).RGBA()
			p := [4]uint32{r >> 8, g >> 8, b >> 8, a >> 8}
			if !set {
				ref, set = p, true
			} else if p != ref {
				return fmt.Sprintf("the bar past the current step (x ≥ %d of %d) is not one colour: %v at x %d, y %d, %v at its start", x0, bd.Dx(), p, x, y, ref)
			}
		}
	}
	return ""
}

// TestPlayerPredictGiveawayBrowser opens every question of 4-queens and
// the first 40 of LeetCode 37, in English and Chinese at 1280×720, and
// checks that the screen does not give the answer away: the timeline
// past the current step is one flat colour, the counters are the
// current step's, and every text shown outside the question is what the
// page shows at that step out of predict mode (which has nothing of the
// next step: not its note, nor its counters).
func TestPlayerPredictGiveawayBrowser(t *testing.T) {
	t.Parallel() // the browser tests take turns with each other, not with the rest (see main_test.go)
	b := newPlayerBrowser(t)
	b.do(t, "size the screen", emulation.SetDeviceMetricsOverride(1280, 720, 1, false))
	for _, c := range []struct {
		pc   playerCase
		lang tracer.Lang
		max  int
	}{
		{playerQueens4, tracer.LangEN, 1000},
		{playerQueens4, tracer.LangZH, 1000},
		{playerLeet37, tracer.LangEN, 40},
		{playerLeet37, tracer.LangZH, 40},
	} {
		t.Run(c.pc.name+"-"+string(c.lang), func(t *testing.T) {
			r := makePlayerRun(t, c.pc, c.lang)
			b.open(t, r, "step=0&lang="+string(c.lang)+"&"+predictAll)
			var ks []int64
			b.eval(t, "the steps that ask", fmt.Sprintf(`(() => {
				const out = [];
				for (let k = 1; k < backtrackPlayer.steps() && out.length < %d; k++) {
					backtrackPlayer.go(k);
					if (backtrackPlayer.question()) out.push(k);
				}
				return out;
			})()`, c.max), &ks)
			if len(ks) == 0 {
				t.Fatalf("%s: no question", r.name)
			}
			type shown struct {
				Text     string `json:"text"`
				Counters string `json:"counters"`
				Quiz     string `json:"quiz"`
				Mark     float64
			}
			asked := map[int64]shown{}
			bad := 0
			for _, k := range ks {
				var s shown
				b.eval(t, "a question", fmt.Sprintf(`(() => {
					backtrackPlayer.go(%d);
					const q = backtrackPlayer.question();
					if (!q || q.k !== %d) return {text: 'no question open at step %d'};
					const m = document.getElementById('tlmark').getBoundingClientRect(), c = document.getElementById('tlbar').getBoundingClientRect();
					backtrackPlayer.redrawTree();
					return {text: %s, quiz: document.getElementById('quiz').innerHTML, counters: document.getElementById('counters').textContent, mark: m.left + m.width / 2 - c.left};
				})()`, k, k, k, predictShownJS), &s)
				asked[k] = s
				if s.Counters != r.counters(k, c.lang) {
					t.Errorf("%s: question at step %d: the counters say %q, step %d's are %q", r.name, k, s.Counters, k, r.counters(k, c.lang))
				}
				if next := r.note(k+1, c.lang); strings.Contains(s.Text, next) {
					t.Errorf("%s: question at step %d: the page shows the next step's note %q", r.name, k, next)
				}
				img, x0 := b.timelineShot(t, k)
				if p := futureProblem(img, x0, int(s.Mark)); p != "" {
					if bad++; bad <= 3 {
						t.Errorf("%s: question at step %d: %s", r.name, k, p)
						b.screenshot(t, fmt.Sprintf("%s-%s-q%d-timeline", r.name, c.lang, k))
					}
				}
			}
			if bad > 3 {
				t.Errorf("%s: %d of %d questions show the future on the timeline", r.name, bad, len(ks))
			}
			// The same steps out of predict mode: the same text.
			b.do(t, "predict mode off", chromedp.Click("#predict", chromedp.ByQuery))
			diff := 0
			for _, k := range ks {
				var text string
				b.eval(t, "a step", fmt.Sprintf(`(() => {
					backtrackPlayer.go(%d);
					const q = document.getElementById('quiz');
					q.innerHTML = %q; q.hidden = false;
					backtrackPlayer.redrawTree();
					const text = %s;
					q.hidden = true; q.innerHTML = '';
					return text;
				})()`, k, asked[k].Quiz, predictShownJS), &text)
				if text != asked[k].Text {
					if diff++; diff <= 3 {
						t.Errorf("%s: at step %d the page shows other text with a question open than without:\n%s", r.name, k, textDiff(asked[k].Text, text))
					}
				}
			}
			t.Logf("%s (%s): %d questions, the timeline's future flat at %d, the text the same as out of predict mode at %d",
				r.name, c.lang, len(ks), len(ks)-bad, len(ks)-diff)
		})
	}
	if xs := b.exceptions(); len(xs) > 0 {
		t.Errorf("the page threw %s", strings.Join(xs, "; "))
	}
}

// textDiff shows the lines that differ between a (with the question) and
// b (without).
func textDiff(a, b string) string {
	al, bl := strings.Split(a, "\n"), strings.Split(b, "\n")
	var out []string
	for i := 0; i < len(al) || i < len(bl); i++ {
		var x, y string
		if i < len(al) {
			x = al[i]
		}
		if i < len(bl) {
			y = bl[i]
		}
		if x != y {
			out = append(out, fmt.Sprintf("  with: %q\n  without: %q", x, y))
		}
		if len(out) >= 3 {
			break
		}
	}
	return strings.Join(out, "\n")
}

// predictMix is the kinds of question a student meets stepping through
// a run from its start in predict mode, every kind asking.
type predictMix struct {
	Kinds   map[string]int `json:"kinds"`
	Asked   int            `json:"asked"`
	Obvious []int64        `json:"obvious"` // try questions whose answer is the next candidate in order
	Labels  []string       `json:"labels"`  // return questions' options that do not name the call's move
}

// predictMixJS counts the questions at steps 1, 2, ... until max are met.
const predictMixJS = `((max) => {
	const P = backtrackPlayer, out = {kinds: {}, asked: 0, obvious: [], labels: []};
	for (let k = 1; k < P.steps() && out.asked < max; k++) {
		P.go(k);
		const q = P.question();
		if (!q) continue;
		out.asked++;
		out.kinds[q.kind] = (out.kinds[q.kind] || 0) + 1;
		if (q.kind === 'try' && q.options.length && q.options[0].value === q.answer) out.obvious.push(k);
		if (q.kind === 'return') {
			// The move into the call at depth d: the move of row d-1 at
			// the step that made the call (the root: the page's title).
			const rowsAt = j => { P.go(j); return [...document.querySelectorAll('#stack .row')].map(r => r.children[2].textContent); };
			q.options.forEach(o => {
				const d = +o.value.slice(1);
				if (d < 0) return;
				let move = document.getElementById('title').textContent;
				for (let j = k; d > 0 && j > 0; j--) {
					if (P.kindAt(j) !== 'call') continue;
					const rows = rowsAt(j);
					if (rows.length === d + 1) { move = rows[d - 1]; break; }
				}
				if (!o.label.endsWith(' ' + move) || o.label.includes('#')) out.labels.push('step ' + k + ': ' + o.label + ' (the call of ' + move + ')');
			});
			P.go(k);
		}
	}
	return out;
})`

// TestPlayerPredictMixBrowser pins the kinds of question predict mode
// asks a student stepping through 4-queens (every question), LeetCode
// 37 (the first 40) and permutations of 3 (every question), every kind
// asking: no kind more than 40 % of them, "which is tried next" only
// where the answer is not simply the next candidate in order (none of
// the three runs has one), and a return question naming each call by
// its move, as the tree does. A link that asks one or two kinds (a
// drill) asks every question of them.
func TestPlayerPredictMixBrowser(t *testing.T) {
	t.Parallel() // the browser tests take turns with each other, not with the rest (see main_test.go)
	b := newPlayerBrowser(t)
	for _, c := range []struct {
		pc   playerCase
		lang tracer.Lang
		ask  string // "": every kind
		max  int
		want map[string]int
	}{
		{playerQueens4, tracer.LangEN, "", 1000, map[string]int{"reject": 15, "return": 17, "solution": 2, "witness": 9}},
		{playerLeet37, tracer.LangZH, "", 40, map[string]int{"reject": 15, "return": 14, "witness": 11}},
		{playerPerms3, tracer.LangEN, "", 1000, map[string]int{"reject": 15, "return": 16, "solution": 6, "witness": 4}},
		// A drill of one or two kinds asks every question of them.
		{playerQueens4, tracer.LangEN, "mode=predict&ask=try,return", 1000, map[string]int{"return": 17, "try": 45}},
	} {
		r := makePlayerRun(t, c.pc, c.lang)
		ask := predictAll
		if c.ask != "" {
			ask = c.ask
		}
		b.open(t, r, "step=0&lang="+string(c.lang)+"&"+ask)
		var m predictMix
		b.eval(t, "the questions", fmt.Sprintf("%s(%d)", predictMixJS, c.max), &m)
		t.Logf("%s (%s, %s): %d questions: %v", r.name, c.lang, ask, m.Asked, m.Kinds)
		if fmt.Sprint(m.Kinds) != fmt.Sprint(c.want) {
			t.Errorf("%s (%s): the questions' kinds are %v, want %v", r.name, ask, m.Kinds, c.want)
		}
		if c.ask != "" {
			continue
		}
		for kind, n := range m.Kinds {
			if m.Asked >= 10 && n*10 > m.Asked*4 {
				t.Errorf("%s: %d of %d questions (%d %%) are %s questions, more than 40 %%", r.name, n, m.Asked, n*100/m.Asked, kind)
			}
		}
		if len(m.Obvious) > 0 {
			t.Errorf("%s: %d questions ask which candidate is tried next when it is the next in order (steps %v)", r.name, len(m.Obvious), m.Obvious[:min(5, len(m.Obvious))])
		}
		for i, l := range m.Labels {
			if i < 5 {
				t.Errorf("%s: a return question's option %s", r.name, l)
			}
		}
	}
	if xs := b.exceptions(); len(xs) > 0 {
		t.Errorf("the page threw %s", strings.Join(xs, "; "))
	}
}

// TestPlayerTimelineLegendBrowser measures the timeline's key at
// 1920×1080 and 1280×720 in English and Chinese (every text of it at 14
// px or more, the depth band named), and reads its depth band on
// LeetCode 37's 96,000 steps: each column's shade follows the mean depth
// of its steps (darker, deeper), over a range a class can see.
func TestPlayerTimelineLegendBrowser(t *testing.T) {
	t.Parallel() // the browser tests take turns with each other, not with the rest (see main_test.go)
	b := newPlayerBrowser(t)
	for _, pc := range []playerCase{playerQueens4, playerLeet37} {
		for _, lang := range []tracer.Lang{tracer.LangEN, tracer.LangZH} {
			r := makePlayerRun(t, pc, lang)
			for _, size := range []struct{ w, h int64 }{{1920, 1080}, {1280, 720}} {
				b.do(t, "size the screen", emulation.SetDeviceMetricsOverride(size.w, size.h, 1, false))
				b.open(t, r, fmt.Sprintf("step=%d&lang=%s", r.steps()/3, lang))
				var lg struct {
					Text  string    `json:"text"`
					Fonts []float64 `json:"fonts"`
				}
				b.eval(t, "the timeline's key", `(() => {
					const lg = document.getElementById('tllegend'), out = {text: lg.innerText, fonts: []};
					const walk = n => {
						if (n.nodeType === 3 && n.textContent.trim()) {
							const e = n.parentElement, r = e.getBoundingClientRect();
							out.fonts.push(r.height > 0 ? parseFloat(getComputedStyle(e).fontSize) : 0);
						}
						n.childNodes.forEach(walk);
					};
					walk(lg);
					return out;
				})()`, &lg)
				if len(lg.Fonts) == 0 {
					t.Errorf("%s (%s, %d×%d): the timeline has no key", r.name, lang, size.w, size.h)
				}
				for _, f := range lg.Fonts {
					if f < 14 {
						t.Errorf("%s (%s, %d×%d): a text of the timeline's key is %.1f px, want 14 or more (%q)", r.name, lang, size.w, size.h, f, lg.Text)
						break
					}
				}
				if word := map[tracer.Lang]string{tracer.LangEN: "depth", tracer.LangZH: "深度"}[lang]; !strings.Contains(lg.Text, word) {
					t.Errorf("%s (%s): the timeline's key %q does not name the depth band (%q)", r.name, lang, lg.Text, word)
				}
				t.Logf("%s (%s, %d×%d): the timeline's key %q at %v px", r.name, lang, size.w, size.h, lg.Text, lg.Fonts)
			}
		}
	}
	// The depth band of LeetCode 37, read off the canvas: a column's
	// darkness against its steps' mean depth.
	r := makePlayerRun(t, playerLeet37, tracer.LangEN)
	b.do(t, "size the screen", emulation.SetDeviceMetricsOverride(1920, 1080, 1, false))
	b.open(t, r, "step=1&lang=en")
	var cols []struct {
		Mean float64 `json:"mean"`
		Lum  float64 `json:"lum"`
	}
	b.eval(t, "the depth band", `(() => {
		const cv = document.getElementById('tlbar'), g = cv.getContext('2d'), bins = backtrackPlayer.timelineBins(), out = [];
		const bw = cv.width / bins.length, y = Math.floor(4 * cv.height / cv.clientHeight);
		bins.forEach((b, i) => {
			if (!b.all) return;
			const d = g.getImageData(Math.floor((i + 0.5) * bw), y, 1, 1).data;
			// The shade over the page's white: alpha-weighted luminance.
			const a = d[3] / 255, lum = (0.2126 * d[0] + 0.7152 * d[1] + 0.0722 * d[2]) * a + 255 * (1 - a);
			out.push({mean: b.depth / b.all, lum: lum});
		});
		return out;
	})()`, &cols)
	if len(cols) < 100 {
		t.Fatalf("%s: %d columns of the timeline to read", r.name, len(cols))
	}
	lo, hi, wrong := 255.0, 0.0, 0
	for i, c := range cols {
		lo, hi = min(lo, c.Lum), max(hi, c.Lum)
		for _, d := range cols[max(0, i-40):i] {
			// Two columns a depth of 3 apart: the deeper the darker.
			if (c.Mean > d.Mean+3 && c.Lum >= d.Lum) || (d.Mean > c.Mean+3 && d.Lum >= c.Lum) {
				wrong++
			}
		}
	}
	if wrong > 0 {
		t.Errorf("%s: %d pairs of the depth band's columns are not darker where the search is deeper", r.name, wrong)
	}
	if hi-lo < 80 {
		t.Errorf("%s: the depth band's shades span %.0f to %.0f of 255: too even to show the search's structure", r.name, lo, hi)
	}
	t.Logf("%s: %d columns of the depth band, luminance %.0f to %.0f, darker where deeper", r.name, len(cols), lo, hi)
}

// TestPlayerPredictHidesChoices: while a question is open, the candidates
// still legal are hidden (the stack's 可供选择的列表, the board's ○ marks
// and their key entry): a candidate in the list is placed, and the
// nearest call with choices left is where a dead end goes back to. Out
// of predict mode they show.
func TestPlayerPredictHidesChoices(t *testing.T) {
	t.Parallel() // the browser tests take turns with each other, not with the rest (see main_test.go)
	b := newPlayerBrowser(t)
	b.do(t, "size the screen", emulation.SetDeviceMetricsOverride(1280, 720, 1, false))
	r := makePlayerRun(t, playerQueens4, tracer.LangEN)
	b.open(t, r, "step=0&lang=en&"+predictAll)
	const seenJS = `(() => {
		const vis = e => getComputedStyle(e).visibility === 'visible' && getComputedStyle(e).display !== 'none';
		const chs = [...document.querySelectorAll('#stack .chs')].filter(e => vis(e) && e.textContent.trim() !== '').length;
		const rings = [...document.querySelectorAll('#board .cell.o-choice')].filter(e => getComputedStyle(e, '::after').content !== 'none').length;
		const keys = [...document.querySelectorAll('#key .c-choice')].filter(e => vis(e.parentElement)).length;
		return {chs, rings, keys};
	})()`
	type seen struct{ Chs, Rings, Keys int }
	var asked, shown int
	for k := int64(1); k < 187 && asked < 20; k++ {
		var q bool
		b.eval(t, "a step", fmt.Sprintf(`(() => { backtrackPlayer.go(%d); return !!backtrackPlayer.question(); })()`, k), &q)
		if !q {
			continue
		}
		asked++
		var s seen
		b.eval(t, "what shows", seenJS, &s)
		if s.Chs > 0 || s.Rings > 0 || s.Keys > 0 {
			t.Errorf("question at step %d: the legal candidates show (%d stack cells, %d ○ on the board, %d key entries)", k, s.Chs, s.Rings, s.Keys)
		}
	}
	if asked == 0 {
		t.Fatal("no question asked")
	}
	b.do(t, "predict mode off", chromedp.Click("#predict", chromedp.ByQuery))
	for k := int64(1); k < 60; k++ {
		var s seen
		b.eval(t, "a step", fmt.Sprintf(`(() => { backtrackPlayer.go(%d); return %s; })()`, k, seenJS), &s)
		if s.Chs > 0 && s.Rings > 0 {
			shown++
		}
	}
	if shown == 0 {
		t.Error("out of predict mode, no step of 4-queens shows its legal candidates: the test would not see them hidden")
	}
}
