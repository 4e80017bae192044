package stepper

import (
	"bytes"
	"context"
	"fmt"
	"net/url"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/chromedp/cdproto/emulation"
	"github.com/chromedp/chromedp"
	"github.com/chromedp/chromedp/kb"

	"github.com/backtrack-edu/backtrack/tracer"
)

// The player as a class sees it: on a projector at 1920×1080 or 1280×720,
// and on a phone 390 px wide. At every step the marked code line and the
// current (bottom) row of the call stack lie inside what their panes show;
// on the phone nothing is wider than the screen.

// writePlayerPage runs c and writes its page, as `trace --html` does,
// once per test binary (playerCache; the tests only read it); it returns
// the file and the run's steps.
func writePlayerPage(t *testing.T, c playerCase) (string, int64) {
	t.Helper()
	playerCache.mu.Lock()
	defer playerCache.mu.Unlock()
	if pg, ok := playerCache.pages[c.name]; ok {
		return pg.file, pg.steps
	}
	p, opts, err := c.spec.Build()
	if err != nil {
		t.Fatal(err)
	}
	info := p.Info()
	rec := NewRecording(info, tracer.StrategyOf(info, opts))
	opts.Sinks = []tracer.Sink{rec}
	if _, err := tracer.Run(context.Background(), p, opts); err != nil {
		t.Fatal(err)
	}
	var buf bytes.Buffer
	opt := HTMLOptions{Lang: tracer.LangEN, TreePane: true}
	if err := WriteHTML(&buf, rec, opt); err != nil {
		t.Fatal(err)
	}
	file := filepath.Join(playerCacheDir(t, "page-"+c.name), c.name+".html")
	if err := os.WriteFile(file, buf.Bytes(), 0o644); err != nil {
		t.Fatal(err)
	}
	if playerCache.pages == nil {
		playerCache.pages = map[string]cachedPage{}
	}
	playerCache.pages[c.name] = cachedPage{file, rec.Len()}
	return file, rec.Len()
}

// playerViewJS measures what the page shows at its step: whether the
// marked code line and the current stack row lie inside the visible part
// of their panes (the pane's inside, cut by every box around it that
// clips, and on a screen that does not scroll by the window), and how
// wide the document is.
const playerViewJS = `function (scrolls) {
	const vis = (el) => {
		const r = el.getBoundingClientRect();
		let box = {l: r.left + el.clientLeft, t: r.top + el.clientTop, r: r.left + el.clientLeft + el.clientWidth, b: r.top + el.clientTop + el.clientHeight};
		for (let a = el.parentElement; a && a !== document.documentElement; a = a.parentElement) {
			const s = getComputedStyle(a);
			if (s.overflowX === 'visible' && s.overflowY === 'visible') continue;
			const q = a.getBoundingClientRect();
			box = {l: Math.max(box.l, q.left), t: Math.max(box.t, q.top), r: Math.min(box.r, q.right), b: Math.min(box.b, q.bottom)};
		}
		if (!scrolls) {
			box = {l: Math.max(box.l, 0), t: Math.max(box.t, 0), r: Math.min(box.r, innerWidth), b: Math.min(box.b, innerHeight)};
		}
		return box;
	};
	const inside = (el, pane) => {
		const r = el.getBoundingClientRect(), v = vis(pane), e = 1;
		return {ok: r.top >= v.t - e && r.bottom <= v.b + e && r.left >= v.l - e && r.top < r.bottom,
			el: [r.top, r.bottom].map(Math.round), pane: [v.t, v.b].map(Math.round)};
	};
	const cur = document.querySelector('#code div.cur');
	const rows = document.querySelectorAll('#stack .row');
	const top = rows.length ? rows[rows.length - 1] : null;
	return {
		step: backtrackPlayer.step(),
		code: cur ? inside(cur, document.getElementById('code')) : null,
		stack: top ? inside(top, document.getElementById('stack')) : null,
		scrollWidth: document.documentElement.scrollWidth, innerWidth: innerWidth,
		cell: document.querySelector('#board .cell').getBoundingClientRect().width,
	};
}`

// playerView is what playerViewJS measures.
type playerView struct {
	Step        int64         `json:"step"`
	Code        *playerInside `json:"code"`
	Stack       *playerInside `json:"stack"`
	ScrollWidth float64       `json:"scrollWidth"`
	InnerWidth  float64       `json:"innerWidth"`
	Cell        float64       `json:"cell"`
}

type playerInside struct {
	OK   bool      `json:"ok"`
	El   []float64 `json:"el"`
	Pane []float64 `json:"pane"`
}

// playerSizes are the screens the layout test uses: two projectors and a
// phone (where the page scrolls).
var playerSizes = []struct {
	name    string
	w, h    int
	scrolls bool
}{
	{"1920×1080", 1920, 1080, false},
	{"1280×720", 1280, 720, false},
	{"390×844", 390, 844, true},
}

// problems lists what is wrong with the view v at size.
func (v *playerView) problems(scrolls bool) []string {
	var out []string
	if v.Code != nil && !v.Code.OK {
		out = append(out, fmt.Sprintf("the marked code line (y %v) is outside its pane's visible part (y %v)", v.Code.El, v.Code.Pane))
	}
	if v.Stack != nil && !v.Stack.OK {
		out = append(out, fmt.Sprintf("the current stack row (y %v) is outside its pane's visible part (y %v)", v.Stack.El, v.Stack.Pane))
	}
	if scrolls && v.ScrollWidth > v.InnerWidth {
		out = append(out, fmt.Sprintf("the page is %.0f px wide on a screen of %.0f: it scrolls sideways", v.ScrollWidth, v.InnerWidth))
	}
	return out
}

// TestPlayerLayout opens LeetCode 37's page (`trace sudoku --html`) at
// 1920×1080, 1280×720 and 390×844, in English and in Chinese, steps
// through 120 consecutive steps and opens the deep links #step=48000 and
// #step=96246, and 4-queens' page at every step: at each step the marked
// code line and the current stack row must lie inside what their panes
// show, and at 390 px the page must not scroll sideways.
func TestPlayerLayout(t *testing.T) {
	t.Parallel() // the browser tests take turns with each other, not with the rest (see main_test.go)
	b := newPlayerBrowser(t)
	lc37, lcSteps := writePlayerPage(t, playerLeet37)
	q4, q4Steps := writePlayerPage(t, playerQueens4)
	for _, size := range playerSizes {
		t.Run(strings.ReplaceAll(size.name, "×", "x"), func(t *testing.T) {
			b.do(t, "size the screen", emulation.SetDeviceMetricsOverride(int64(size.w), int64(size.h), 1, false))
			view := func(what string) []playerView {
				t.Helper()
				var vs []playerView
				b.eval(t, what, what, &vs)
				return vs
			}
			report := func(page string, vs []playerView) {
				t.Helper()
				bad := 0
				for _, v := range vs {
					ps := v.problems(size.scrolls)
					if len(ps) == 0 {
						continue
					}
					if bad++; bad <= 5 {
						t.Errorf("%s at %s, step %d: %s", page, size.name, v.Step, strings.Join(ps, "; "))
					}
					if bad == 1 {
						b.do(t, "go to the step", chromedp.Evaluate(fmt.Sprintf("backtrackPlayer.go(%d)", v.Step), nil))
						b.screenshot(t, fmt.Sprintf("layout-%s-%s-step%d", page, size.name, v.Step))
					}
				}
				if bad > 0 {
					t.Errorf("%s at %s: %d of %d steps shown wrong", page, size.name, bad, len(vs))
				}
			}
			open := func(file, fragment string) {
				t.Helper()
				u := url.URL{Scheme: "file", Path: file, Fragment: fragment}
				b.do(t, "open "+fragment, chromedp.Navigate("about:blank"), chromedp.Navigate(u.String()))
				if err := waitPage(b, `window.__btShown !== undefined && document.getElementById('loading').hidden`, 20*time.Second); err != nil {
					b.screenshot(t, "open")
					t.Fatalf("open %s at #%s: %v%s", filepath.Base(file), fragment, err, thrownText(b.exceptions()))
				}
			}
			steps := func(from, to int64) string {
				return quietAddress(fmt.Sprintf(`(() => { const f = %s, out = [];
					for (let k = %d; k <= %d; k++) { backtrackPlayer.go(k); out.push(f(%v)); }
					return out; })()`, playerViewJS, from, to, size.scrolls))
			}
			for _, lang := range []string{"en", "zh"} {
				// 120 consecutive steps, as a teacher presses →.
				open(lc37, "step=500&lang="+lang)
				report("LeetCode 37 ("+lang+")", view(steps(501, 620)))
				// Deep links, as opened.
				for _, k := range []int64{48000, lcSteps} {
					open(lc37, fmt.Sprintf("step=%d&lang=%s", k, lang))
					vs := view(fmt.Sprintf(`[(%s)(%v)]`, playerViewJS, size.scrolls))
					if vs[0].Step != k {
						t.Fatalf("#step=%d opened step %d", k, vs[0].Step)
					}
					report(fmt.Sprintf("LeetCode 37 #step=%d (%s)", k, lang), vs)
					if k == 48000 && lang == "en" {
						t.Logf("LeetCode 37 at %s: board cells %.0f px", size.name, vs[0].Cell)
					}
				}
			}
			// 4-queens: #step=40 opened, then every step.
			open(q4, "step=40&lang=en")
			report("4-queens #step=40", view(fmt.Sprintf(`[(%s)(%v)]`, playerViewJS, size.scrolls)))
			report("4-queens", view(steps(0, q4Steps)))
		})
	}
}

// TestPlayerTheme checks the projector theme: the page follows the
// system's dark preference when it opens, c switches between light and
// dark (the page's colours change with it), and the help lists c.
func TestPlayerTheme(t *testing.T) {
	t.Parallel() // the browser tests take turns with each other, not with the rest (see main_test.go)
	b := newPlayerBrowser(t)
	q4, _ := writePlayerPage(t, playerQueens4)
	open := func(dark bool) {
		t.Helper()
		scheme := "light"
		if dark {
			scheme = "dark"
		}
		b.do(t, "prefer "+scheme, emulation.SetEmulatedMedia().WithFeatures([]*emulation.MediaFeature{{Name: "prefers-color-scheme", Value: scheme}}))
		u := url.URL{Scheme: "file", Path: q4, Fragment: "step=40&lang=en"}
		b.do(t, "open", chromedp.Navigate("about:blank"), chromedp.Navigate(u.String()))
		if err := waitPage(b, `window.__btShown !== undefined && document.getElementById('loading').hidden`, 15*time.Second); err != nil {
			t.Fatalf("open: %v", err)
		}
	}
	type look struct {
		Theme string `json:"theme"`
		Body  string `json:"body"`
		Cell  string `json:"cell"`
	}
	state := func() look {
		var l look
		b.eval(t, "theme", `({theme: backtrackPlayer.theme(), body: getComputedStyle(document.body).backgroundColor,
			cell: getComputedStyle(document.querySelector('#board .cell:not(.dark)')).backgroundColor})`, &l)
		return l
	}
	want := func(what string, l look, theme, body string) {
		t.Helper()
		if l.Theme != theme || l.Body != body {
			b.screenshot(t, "theme-"+what)
			t.Errorf("%s: theme %q, page background %s; want %q, %s", what, l.Theme, l.Body, theme, body)
		}
	}
	open(false)
	want("opened with a light preference", state(), "light", "rgb(255, 255, 255)")
	b.key(t, "c")
	dark := state()
	want("c", dark, "dark", "rgb(11, 11, 11)")
	if dark.Cell == "rgb(255, 255, 255)" {
		t.Errorf("c: the board's cells stay white in the dark theme")
	}
	b.key(t, "c")
	want("c again", state(), "light", "rgb(255, 255, 255)")
	open(true)
	want("opened with a dark preference", state(), "dark", "rgb(11, 11, 11)")
	b.do(t, "click the theme button", chromedp.Click("#theme", chromedp.ByQuery))
	want("the theme button", state(), "light", "rgb(255, 255, 255)")
	b.key(t, "?")
	var help string
	b.eval(t, "help", `document.getElementById('helpbox').textContent`, &help)
	if !strings.Contains(help, "light / dark colours") {
		t.Errorf("the help does not list c: %q", help)
	}
	b.key(t, kb.Escape)
}

// TestPlayerMarks checks the page's smaller words and marks: the key
// names the solid mark by the step's kind (placed at a place step, the
// move that led to the call at a call or a return: nothing is placed
// then), in both languages; ✓ in the stack is drawn, not a font's glyph;
// the counters say calls.
func TestPlayerMarks(t *testing.T) {
	t.Parallel() // the browser tests take turns with each other, not with the rest (see main_test.go)
	b := newPlayerBrowser(t)
	q4, _ := writePlayerPage(t, playerQueens4)
	u := url.URL{Scheme: "file", Path: q4, Fragment: "step=0&lang=en"}
	b.do(t, "open", chromedp.Navigate(u.String()))
	if err := waitPage(b, `window.__btShown !== undefined && document.getElementById('loading').hidden`, 15*time.Second); err != nil {
		t.Fatalf("open: %v", err)
	}
	// The first step of each kind with a move on the board (the root's
	// call has none: its key names no move, TestPlayerKeyMatchesBoard).
	var kinds map[string]int
	b.eval(t, "kinds", quietAddress(`(() => { const out = {};
		for (let k = 1; k <= backtrackPlayer.steps(); k++) {
			backtrackPlayer.go(k);
			const kind = document.getElementById('kind').className;
			if (!(kind in out) && document.querySelector('#board .o-place')) out[kind] = k;
		}
		return out; })()`), &kinds)
	for _, c := range []struct{ kind, en, zh string }{
		{"k-place", "placed at this step", "本步放置"},
		{"k-call", "the move that led to this call", "引出本次调用的一步"},
		{"k-return", "the move that led to the returning call", "引出正在返回的调用的一步"},
	} {
		k, ok := kinds[c.kind]
		if !ok {
			t.Fatalf("no %s step in 4-queens: %v", c.kind, kinds)
		}
		for _, lang := range []string{"en", "zh"} {
			var key string
			b.eval(t, "key", fmt.Sprintf(`(location.hash = "#step=%d&lang=%s", new Promise(r => setTimeout(() => r(document.getElementById('key').textContent), 50)))`, k, lang), &key)
			want := c.en
			if lang == "zh" {
				want = c.zh
			}
			if !strings.Contains(key, want) {
				t.Errorf("step %d (%s, %s): the key says %q, want %q", k, c.kind, lang, key, want)
			}
			for _, other := range []string{"placed at this step", "本步放置"} {
				if c.kind != "k-place" && strings.Contains(key, other) {
					t.Errorf("step %d (%s, %s): the key says %q, when nothing was placed", k, c.kind, lang, other)
				}
			}
		}
	}
	var marks struct {
		Drawn    int    `json:"drawn"`
		Typed    int    `json:"typed"`
		Counters string `json:"counters"`
	}
	// At step 40 three calls of the stack each have a queen on the board.
	b.eval(t, "marks", `(location.hash = "#step=40&lang=en", new Promise(r => setTimeout(r, 50))).then(() => ({
		drawn: document.querySelectorAll('#stack .on svg.ck').length,
		typed: [...document.querySelectorAll('#stack .on')].filter(e => [...e.childNodes].some(n => n.nodeType === 3 && n.textContent.includes('✓'))).length,
		counters: document.getElementById('counters').textContent}))`, &marks)
	if marks.Drawn == 0 || marks.Typed > 0 {
		t.Errorf("✓ in the stack: %d drawn, %d as text; want them all drawn", marks.Drawn, marks.Typed)
	}
	if !strings.HasPrefix(marks.Counters, "calls 5 ") {
		t.Errorf("the counters say %q, want \"calls 5 …\"", marks.Counters)
	}
	if ex := b.exceptions(); len(ex) > 0 {
		t.Errorf("the page threw %s", strings.Join(ex, "; "))
	}
}
