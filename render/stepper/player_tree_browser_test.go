package stepper

import (
	"fmt"
	"net/url"
	"path/filepath"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/chromedp/cdproto/emulation"
	"github.com/chromedp/cdproto/runtime"
	"github.com/chromedp/chromedp"

	"github.com/backtrack-edu/backtrack/tracer"
)

// The tree pane follows the search: at every step the step's own box (the
// current call, the pruned try, the solution) is a real box of the tree,
// not a group or a fold, drawn inside the pane, with text a class can
// read from the back of the room: at least 14 px at 1920×1080, 12 px at
// 1280×720. Boxes on screen at two steps in a row keep their place: the
// test measures how far they move and logs the median.

var playerPerms3 = playerCase{"permutations3", tracer.Spec{Problem: "permutations", N: 3}, false}

// treePaneJS goes to each step of ks and reports the pane at it: the
// current box (how many boxes are marked, whether it is a group or a
// fold, its rectangle and text size against the pane's visible
// rectangle), the box count, and the boxes' movement since the step
// before (for each box there at both steps, by its key).
const treePaneJS = `(ks) => {
	const P = backtrackPlayer, out = [];
	const tree = document.getElementById('tree');
	let last = null;
	for (const k of ks) {
		P.go(k);
		const pr = tree.getBoundingClientRect();
		const vis = {l: Math.max(pr.left + tree.clientLeft, 0), t: Math.max(pr.top + tree.clientTop, 0),
			r: Math.min(pr.left + tree.clientLeft + tree.clientWidth, innerWidth), b: Math.min(pr.top + tree.clientTop + tree.clientHeight, innerHeight)};
		const boxes = P.treeBoxes(), cur = boxes.filter(b => b.cur);
		const at = new Map(boxes.map(b => [b.key, b]));
		const moves = [];
		if (last && k === last.k + 1) {
			for (const [key, b] of at) {
				const a = last.at.get(key);
				if (a) moves.push(Math.hypot(b.x - a.x, b.y - a.y));
			}
		}
		let minFont = Infinity, lo = Infinity, hi = -Infinity;
		for (const b of boxes) { minFont = Math.min(minFont, b.font); lo = Math.min(lo, b.y); hi = Math.max(hi, b.y + b.h); }
		const c = cur[0];
		out.push({step: P.step(), marked: cur.length, anim: document.getElementById('svg').classList.contains('anim'), boxes: boxes.length, moves: moves,
			group: c ? c.group : false, cls: c ? c.cls : '', label: c ? c.lines.join(' / ') : '',
			inside: c ? (c.x >= vis.l - 0.5 && c.y >= vis.t - 0.5 && c.x + c.w <= vis.r + 0.5 && c.y + c.h <= vis.b + 0.5 && c.w > 0) : false,
			font: c ? c.font : 0, minFont: boxes.length ? minFont : 0,
			used: boxes.length ? (hi - lo) / (vis.b - vis.t) : 0,
			box: c ? [c.x, c.y, c.w, c.h].map(Math.round) : [], pane: [vis.l, vis.t, vis.r, vis.b].map(Math.round)});
		last = {k: k, at: at};
	}
	return out;
}`

// quietAddress wraps js, an expression that steps the page through many
// steps in one evaluation, so that the page writes its address once, at
// the end, instead of at each step. The player puts the step in the
// address at each step (history.replaceState), and each write is a
// message the browser process handles, some 10 ms of its CPU: most of
// the CPU of a sweep. The tests that sweep with it hold the page's tree,
// layout and marks to their truth, never its address (TestPlayerBrowser
// checks the address at every step); the page's own code runs as it
// would, its writes kept and the last one made when the sweep ends.
func quietAddress(js string) string {
	return `(() => {
	const h = history;
	let last = null;
	h.replaceState = function (...args) { last = args; };
	try {
		return (` + js + `);
	} finally {
		delete h.replaceState;
		if (last) h.replaceState(...last);
	}
})()`
}

// waitPage waits, for at most timeout, until the JavaScript expression
// js is true in the page b has opened: in one evaluation that checks
// every 10 ms in the page, not b.poll's evaluation every 5 ms (each a
// round trip through the browser process). If the page's context goes
// away meanwhile (it was still loading), b.poll waits for what is left.
func waitPage(b *playerBrowser, js string, timeout time.Duration) error {
	end := time.Now().Add(timeout)
	var ok bool
	err := chromedp.Run(b.ctx, chromedp.Evaluate(fmt.Sprintf(`new Promise(done => {
		const end = performance.now() + %d;
		const check = () => {
			let ok = false;
			try { ok = !!(%s); } catch (e) { /* not yet */ }
			if (ok || performance.now() > end) { done(ok); } else { setTimeout(check, 10); }
		};
		check();
	})`, timeout.Milliseconds(), js), &ok, func(p *runtime.EvaluateParams) *runtime.EvaluateParams {
		return p.WithAwaitPromise(true)
	}))
	if err == nil && ok {
		return nil
	}
	if err == nil {
		return fmt.Errorf("not so after %v: %s", timeout, js)
	}
	return b.poll(js, max(time.Until(end), 10*time.Millisecond))
}

// treePane is what treePaneJS reports of one step.
type treePane struct {
	Step   int64     `json:"step"`
	Marked int       `json:"marked"`
	Anim   bool      `json:"anim"`
	Boxes  int       `json:"boxes"`
	Moves  []float64 `json:"moves"`
	Group  bool      `json:"group"`
	Class  string    `json:"cls"`
	Label  string    `json:"label"`
	Inside bool      `json:"inside"`
	Font   float64   `json:"font"`
	Min    float64   `json:"minFont"`
	Used   float64   `json:"used"`
	Box    []float64 `json:"box"`
	Pane   []float64 `json:"pane"`
}

// problems lists what is wrong with the pane at a step, for text of at
// least minPx.
func (p *treePane) problems(minPx float64) []string {
	var out []string
	switch {
	case p.Marked != 1:
		out = append(out, fmt.Sprintf("%d boxes marked as the step's own, want 1", p.Marked))
	case p.Group:
		out = append(out, fmt.Sprintf("the step's box is a group or a fold (%q), not a box of its own", p.Label))
	case !p.Inside:
		out = append(out, fmt.Sprintf("the step's box %q at %v lies outside the pane's visible rectangle %v", p.Label, p.Box, p.Pane))
	}
	if p.Marked == 1 && p.Font < minPx {
		out = append(out, fmt.Sprintf("the step's box %q has %.1f px text, want at least %.0f", p.Label, p.Font, minPx))
	}
	if p.Min < minPx {
		out = append(out, fmt.Sprintf("the pane's smallest text is %.1f px, want at least %.0f", p.Min, minPx))
	}
	return out
}

// TestPlayerTreePane opens LeetCode 37's page (ten steps spread over the
// run, then 200 in a row), 4-queens' and permutations n=3's (every step) at 1920×1080 and
// 1280×720 in English and Chinese, and holds the tree pane at each step
// to the class's needs (treePane.problems). It logs the median movement
// of the boxes on screen at two steps in a row, and checks that fit (f)
// keeps the step's box readable.
func TestPlayerTreePane(t *testing.T) {
	t.Parallel() // the browser tests take turns with each other, not with the rest (see main_test.go)
	b := newPlayerBrowser(t)
	// The boxes' place is read at once after each step: no animation.
	b.do(t, "reduce motion", emulation.SetEmulatedMedia().WithFeatures([]*emulation.MediaFeature{{Name: "prefers-reduced-motion", Value: "reduce"}}))
	type page struct {
		name  string
		file  string
		steps []int64
	}
	var pages []page
	lc37, lcN := writePlayerPage(t, playerLeet37)
	var ten []int64
	for i := int64(1); i <= 10; i++ {
		ten = append(ten, max(1, lcN*i/10-i*37%101)) // spread, not only round numbers
	}
	// Then 200 steps in a row from the middle of the run, as a teacher
	// presses →: the boxes' movement is measured over them.
	for k := lcN / 2; k < lcN/2+200; k++ {
		ten = append(ten, k)
	}
	pages = append(pages, page{"LeetCode 37", lc37, ten})
	for _, c := range []playerCase{playerQueens4, playerPerms3} {
		f, n := writePlayerPage(t, c)
		var all []int64
		for k := int64(1); k <= n; k++ {
			all = append(all, k)
		}
		pages = append(pages, page{c.name, f, all})
	}
	sizes := []struct {
		name  string
		w, h  int
		minPx float64
	}{{"1920×1080", 1920, 1080, 14}, {"1280×720", 1280, 720, 12}}
	for _, size := range sizes {
		b.do(t, "size the screen", emulation.SetDeviceMetricsOverride(int64(size.w), int64(size.h), 1, false))
		for _, pg := range pages {
			for _, lang := range []string{"en", "zh"} {
				what := fmt.Sprintf("%s at %s (%s)", pg.name, size.name, lang)
				u := url.URL{Scheme: "file", Path: pg.file, Fragment: fmt.Sprintf("step=%d&lang=%s", pg.steps[0], lang)}
				b.do(t, "open "+what, chromedp.Navigate("about:blank"), chromedp.Navigate(u.String()))
				if err := waitPage(b, `window.__btShown !== undefined && document.getElementById('loading').hidden`, 30*time.Second); err != nil {
					b.screenshot(t, "open")
					t.Fatalf("open %s: %v%s", filepath.Base(pg.file), err, thrownText(b.exceptions()))
				}
				var ps []treePane
				ks := strings.Trim(strings.Join(strings.Fields(fmt.Sprint(pg.steps)), ","), "[]")
				b.eval(t, what, quietAddress(fmt.Sprintf("(%s)([%s])", treePaneJS, ks)), &ps)
				if len(ps) != len(pg.steps) {
					t.Fatalf("%s: %d steps measured, want %d", what, len(ps), len(pg.steps))
				}
				bad := 0
				var moves []float64
				var fonts, used []float64
				for i, p := range ps {
					if p.Step != pg.steps[i] {
						t.Fatalf("%s: went to step %d, the page shows %d", what, pg.steps[i], p.Step)
					}
					if p.Anim {
						t.Errorf("%s, step %d: the boxes move in an animation under prefers-reduced-motion", what, p.Step)
					}
					moves = append(moves, p.Moves...)
					fonts = append(fonts, p.Font)
					used = append(used, p.Used)
					if pr := p.problems(size.minPx); len(pr) > 0 {
						if bad++; bad <= 5 {
							t.Errorf("%s, step %d: %s", what, p.Step, strings.Join(pr, "; "))
						}
						if bad == 1 {
							b.do(t, "go to the step", chromedp.Evaluate(fmt.Sprintf("backtrackPlayer.go(%d)", p.Step), nil))
							b.screenshot(t, fmt.Sprintf("tree-%s-%s-%s-step%d", pg.name, size.name, lang, p.Step))
						}
					}
				}
				if bad > 0 {
					t.Errorf("%s: %d of %d steps shown wrong", what, bad, len(ps))
				}
				slices.Sort(fonts)
				slices.Sort(used)
				if len(moves) > 0 {
					slices.Sort(moves)
					still := 0
					for _, m := range moves {
						if m < 0.5 {
							still++
						}
					}
					t.Logf("%s: %d steps; the step's text %.1f–%.1f px; the boxes on screen at two steps in a row moved %.1f px (median of %d), %.0f%% not at all, 90th percentile %.1f px; the tree's height over the pane's: median %.0f%%",
						what, len(ps), fonts[0], fonts[len(fonts)-1], moves[len(moves)/2], len(moves), 100*float64(still)/float64(len(moves)), moves[len(moves)*9/10], 100*used[len(used)/2])
				} else {
					t.Logf("%s: %d steps; the step's text %.1f–%.1f px; the tree's height over the pane's: median %.0f%%", what, len(ps), fonts[0], fonts[len(fonts)-1], 100*used[len(used)/2])
				}
				// Fit, at a step in the middle: the step's box stays a
				// readable box of its own in the pane.
				mid := pg.steps[len(pg.steps)/2]
				b.do(t, "zoom in, then fit", chromedp.Evaluate(fmt.Sprintf("backtrackPlayer.go(%d)", mid), nil))
				b.key(t, "+")
				b.key(t, "+")
				b.key(t, "f")
				var fit []treePane
				b.eval(t, what+" after fit", fmt.Sprintf("(%s)([%d])", treePaneJS, mid), &fit)
				if pr := fit[0].problems(size.minPx); len(pr) > 0 {
					t.Errorf("%s, step %d after +, + and f: %s", what, mid, strings.Join(pr, "; "))
				}
				for _, x := range b.exceptions() {
					t.Errorf("%s: the page threw %s", what, x)
				}
			}
		}
	}
	// With motion allowed, a step that moves many boxes far moves them in
	// an animation: some of LeetCode 37's 200 steps in a row do.
	b.do(t, "allow motion", emulation.SetEmulatedMedia().WithFeatures([]*emulation.MediaFeature{{Name: "prefers-reduced-motion", Value: "no-preference"}}))
	b.do(t, "size the screen", emulation.SetDeviceMetricsOverride(1920, 1080, 1, false))
	u := url.URL{Scheme: "file", Path: lc37, Fragment: fmt.Sprintf("step=%d&lang=en", lcN/2)}
	b.do(t, "open LeetCode 37", chromedp.Navigate("about:blank"), chromedp.Navigate(u.String()))
	if err := waitPage(b, `window.__btShown !== undefined && document.getElementById('loading').hidden`, 30*time.Second); err != nil {
		t.Fatalf("open: %v", err)
	}
	var ps []treePane
	b.eval(t, "200 steps", quietAddress(fmt.Sprintf("(%s)(Array.from({length: 200}, (_, i) => %d + i))", treePaneJS, lcN/2)), &ps)
	anim := 0
	for _, p := range ps {
		if p.Anim {
			anim++
		}
	}
	if anim == 0 || anim > len(ps)/4 {
		t.Errorf("LeetCode 37, %d steps from %d with motion allowed: %d moved their boxes in an animation, want some, and not most", len(ps), lcN/2, anim)
	}
	t.Logf("LeetCode 37 with motion allowed: %d of %d steps in a row animate", anim, len(ps))
}

// treeSigJS returns the tree pane's picture as text: its edges in their
// order (the later drawn on top), and its boxes, each with everything
// that draws it, sorted (boxes do not overlap, so their order draws
// nothing).
const treeSigJS = `() => {
	const svg = document.getElementById('svg');
	const attrs = (e, names) => names.map(n => e.getAttribute(n) ?? '').join(' ');
	const edges = [...svg.querySelectorAll('g.edges > path')].map(p => attrs(p, ['d', 'class']));
	const boxes = [...svg.querySelectorAll('g.boxes > g')].map(g => [
		attrs(g, ['transform', 'class']),
		attrs(g.querySelector('rect'), ['width', 'height', 'rx', 'class']),
		...[...g.querySelectorAll('text')].map(t => attrs(t, ['x', 'y', 'font-size', 'class', 'textLength']) + ' ' + t.textContent),
		g.querySelector('title').textContent,
	].join(' | ')).sort();
	return {edges: edges, boxes: boxes};
}`

// TestPlayerTreeKeptAsDrawnAfresh: a step keeps the tree's boxes and
// edges it can, changing only what moved; at every step the pane holds
// what drawing the tree afresh at that step draws. It goes through
// 4-queens and permutations of 3 step by step, in both languages, and
// 200 steps of LeetCode 37 in a row and ten spread over it.
func TestPlayerTreeKeptAsDrawnAfresh(t *testing.T) {
	t.Parallel() // the browser tests take turns with each other, not with the rest (see main_test.go)
	b := newPlayerBrowser(t)
	b.do(t, "reduce motion", emulation.SetEmulatedMedia().WithFeatures([]*emulation.MediaFeature{{Name: "prefers-reduced-motion", Value: "reduce"}}))
	type sig struct {
		Edges []string `json:"edges"`
		Boxes []string `json:"boxes"`
	}
	check := func(c playerCase, lang string, ks []int64) {
		t.Helper()
		file, _ := writePlayerPage(t, c)
		what := fmt.Sprintf("%s (%s)", c.name, lang)
		u := url.URL{Scheme: "file", Path: file, Fragment: fmt.Sprintf("step=%d&lang=%s", ks[0], lang)}
		b.do(t, "open "+what, chromedp.Navigate("about:blank"), chromedp.Navigate(u.String()))
		if err := waitPage(b, `window.__btShown !== undefined && document.getElementById('loading').hidden`, 30*time.Second); err != nil {
			t.Fatalf("open %s: %v%s", what, err, thrownText(b.exceptions()))
		}
		ksJS := strings.Trim(strings.Join(strings.Fields(fmt.Sprint(ks)), ","), "[]")
		var got struct{ Kept, Fresh []sig }
		b.eval(t, what, quietAddress(fmt.Sprintf(`(() => {
			const P = backtrackPlayer, sig = %s, ks = [%s], out = {kept: [], fresh: []};
			for (const k of ks) { P.go(k); out.kept.push(sig()); }
			for (const k of ks) { P.go(k); P.redrawTree(); out.fresh.push(sig()); }
			return out;
		})()`, treeSigJS, ksJS)), &got)
		if len(got.Kept) != len(ks) || len(got.Fresh) != len(ks) {
			t.Fatalf("%s: %d and %d steps drawn, want %d", what, len(got.Kept), len(got.Fresh), len(ks))
		}
		bad, edges := 0, 0
		for i, k := range ks {
			kept, fresh := got.Kept[i], got.Fresh[i]
			edges += len(fresh.Edges)
			if slices.Equal(kept.Edges, fresh.Edges) && slices.Equal(kept.Boxes, fresh.Boxes) {
				continue
			}
			if bad++; bad <= 3 {
				t.Errorf("%s, step %d: the tree kept from the step before differs from the tree drawn afresh:\nkept  edges %q\nfresh edges %q\nkept  boxes %q\nfresh boxes %q",
					what, k, kept.Edges, fresh.Edges, kept.Boxes, fresh.Boxes)
			}
		}
		if edges == 0 {
			t.Errorf("%s: no edge drawn at any step", what)
		}
		if bad > 0 {
			t.Errorf("%s: %d of %d steps differ", what, bad, len(ks))
		}
		for _, x := range b.exceptions() {
			t.Errorf("%s: the page threw %s", what, x)
		}
		t.Logf("%s: %d steps, each tree as drawn afresh (%d edges in all)", what, len(ks), edges)
	}
	for _, c := range []playerCase{playerQueens4, playerPerms3} {
		_, n := writePlayerPage(t, c)
		var all []int64
		for k := int64(1); k <= n; k++ {
			all = append(all, k)
		}
		for _, lang := range []string{"en", "zh"} {
			check(c, lang, all)
		}
	}
	_, lcN := writePlayerPage(t, playerLeet37)
	var lc []int64
	for k := lcN / 3; k < lcN/3+200; k++ {
		lc = append(lc, k)
	}
	for i := int64(1); i <= 10; i++ {
		lc = append(lc, max(1, lcN*i/10-i*41%97))
	}
	check(playerLeet37, "en", lc)
}
