package stepper

import (
	"fmt"
	"net/url"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/chromedp/cdproto/emulation"
	"github.com/chromedp/chromedp"

	"github.com/backtrack-edu/backtrack/tracer"
)

// The lockstep page as a class reads it (issue 33, L1–L3): the stack's
// "tried" column has its room (it was 23 px wide, its reasons clipped),
// the code is not cut on the right, and every text of the page and of
// both sides is at least 14 px at 1920×1080 and 12 px at 1280×720 (the
// sides were scaled to 0.653 there: 8.5 px tree text).

// lockLayoutJS measures the page: the smallest text on screen in the page
// and in each side (its size times the side's scale), each side's code
// pane's overflow, and each stack row's "tried" cell (its width, and
// whether its text is clipped).
const lockLayoutJS = `(() => {
	const small = (doc, scale, clip) => {
		let min = Infinity, what = '';
		const w = doc.createTreeWalker(doc.body, NodeFilter.SHOW_TEXT);
		for (let n = w.nextNode(); n; n = w.nextNode()) {
			if (!n.textContent.trim()) continue;
			const e = n.parentElement;
			if (!e || e.closest('script,style,[hidden]')) continue;
			const s = doc.defaultView.getComputedStyle(e);
			if (s.display === 'none' || s.visibility === 'hidden') continue;
			const r = e.getBoundingClientRect();
			if (r.width === 0 || r.height === 0) continue;
			if (clip && (r.bottom <= 0 || r.top >= clip.h || r.right <= 0 || r.left >= clip.w)) continue;
			const px = parseFloat(s.fontSize) * scale;
			if (px < min) { min = px; what = e.tagName.toLowerCase() + (e.id ? '#' + e.id : '') + (e.className && e.className.baseVal === undefined ? '.' + e.className : '') + ' "' + n.textContent.trim().slice(0, 30) + '"'; }
		}
		return {px: min, what: what};
	};
	const sides = [...document.querySelectorAll('.side iframe')].map(f => {
		const doc = f.contentDocument, scale = f.getBoundingClientRect().width / f.offsetWidth;
		const tree = doc.querySelector('#svg text');
		let treePx = 0;
		if (tree) treePx = parseFloat(getComputedStyle(tree).fontSize) * doc.getElementById('svg').getScreenCTM().a * scale;
		const code = doc.getElementById('code');
		const tried = [...doc.querySelectorAll('#stack .row > span:nth-child(6)')].filter(s => s.textContent.trim()).map(s => ({
			w: s.getBoundingClientRect().width * scale, clipped: s.scrollWidth > s.clientWidth + 1 || s.scrollHeight > s.clientHeight + 1,
			text: s.textContent}));
		const paneW = doc.getElementById('tree').clientWidth;
		const wide = f.contentWindow.backtrackPlayer.treeBoxes().filter(b => b.w > paneW + 0.5).map(b => b.lines.join(' / '));
		return {text: small(doc, scale, {w: f.offsetWidth, h: f.offsetHeight}), tree: treePx, wide: wide,
			codeCut: code.scrollWidth > code.clientWidth + 1, codeW: [code.scrollWidth, code.clientWidth], tried: tried};
	});
	return {page: small(document, 1, null), sides: sides};
})()`

type lockLayout struct {
	Page  lockText `json:"page"`
	Sides []struct {
		Text    lockText  `json:"text"`
		Tree    float64   `json:"tree"`
		Wide    []string  `json:"wide"` // tree boxes wider than the pane
		CodeCut bool      `json:"codeCut"`
		CodeW   []float64 `json:"codeW"`
		Tried   []struct {
			W       float64 `json:"w"`
			Clipped bool    `json:"clipped"`
			Text    string  `json:"text"`
		} `json:"tried"`
	} `json:"sides"`
}

type lockText struct {
	Px   float64 `json:"px"`
	What string  `json:"what"`
}

// TestLockstepLayout opens two lockstep pages (8-queens beside LeetCode
// 37, and LeetCode 37 with two checks) at 1920×1080 and 1280×720, in
// English and Chinese, at steps 30 and 200, and holds them to L1–L3.
func TestLockstepLayout(t *testing.T) {
	t.Parallel() // the browser tests take turns with each other, not with the rest (see main_test.go)
	dir := t.TempDir()
	withCheck := func(s tracer.Spec, c tracer.Check) tracer.Spec { s.Check = c; return s }
	var files []string
	for _, c := range []struct {
		name string
		a, b tracer.Spec
	}{
		{"queens-sudoku", tracer.Spec{Problem: "nqueens", N: 8}, lc37},
		{"scan-counts", withCheck(lc37, tracer.CheckScan), withCheck(lc37, tracer.CheckCounts)},
	} {
		file := filepath.Join(dir, c.name+".html")
		if err := os.WriteFile(file, lockPage(t, recordLockRun(t, c.a), recordLockRun(t, c.b), tracer.LangEN), 0o644); err != nil {
			t.Fatal(err)
		}
		files = append(files, file)
	}
	for _, size := range []struct {
		name  string
		w, h  int
		minPx float64
	}{{"1920×1080", 1920, 1080, 14}, {"1280×720", 1280, 720, 12}} {
		for _, file := range files {
			// A browser tab of its own for each size and page: a tab
			// lives 3 minutes at most.
			t.Run(size.name+"/"+strings.TrimSuffix(filepath.Base(file), ".html"), func(t *testing.T) {
				b := newPlayerBrowser(t)
				b.do(t, "size the screen", emulation.SetDeviceMetricsOverride(int64(size.w), int64(size.h), 1, false))
				for _, lang := range []string{"en", "zh"} {
					for _, k := range []int{30, 200} {
						what := fmt.Sprintf("%s at %s (%s), step %d", strings.TrimSuffix(filepath.Base(file), ".html"), size.name, lang, k)
						u := url.URL{Scheme: "file", Path: file, Fragment: fmt.Sprintf("step=%d&lang=%s", k, lang)}
						b.do(t, "open "+what, chromedp.Navigate("about:blank"), chromedp.Navigate(u.String()))
						if err := b.poll(fmt.Sprintf(`document.body.dataset.ready === "1" && backtrackLockstep.players()[0].step() === %d && backtrackLockstep.players()[0].lang() === %q`, k, lang), 30*time.Second); err != nil {
							b.screenshot(t, what)
							t.Fatalf("%s: the page did not get ready: %v%s", what, err, thrownText(b.exceptions()))
						}
						time.Sleep(300 * time.Millisecond) // the sides' fit on resize
						var m lockLayout
						b.eval(t, what, lockLayoutJS, &m)
						var bad []string
						if m.Page.Px < size.minPx-0.05 {
							bad = append(bad, fmt.Sprintf("the page's text %s is %.1f px", m.Page.What, m.Page.Px))
						}
						for i, s := range m.Sides {
							if s.Text.Px < size.minPx-0.05 {
								bad = append(bad, fmt.Sprintf("side %d's text %s is %.1f px", i+1, s.Text.What, s.Text.Px))
							}
							if s.Tree < size.minPx-0.05 {
								bad = append(bad, fmt.Sprintf("side %d's tree text is %.1f px", i+1, s.Tree))
							}
							if len(s.Wide) > 0 {
								bad = append(bad, fmt.Sprintf("side %d's tree box %q is wider than its pane", i+1, s.Wide[0]))
							}
							if s.CodeCut {
								bad = append(bad, fmt.Sprintf("side %d's code is cut: %.0f px of lines in a %.0f px pane", i+1, s.CodeW[0], s.CodeW[1]))
							}
							for _, c := range s.Tried {
								if c.Clipped || c.W < 60 {
									bad = append(bad, fmt.Sprintf("side %d's stack: the tried cell %q is %.0f px wide (clipped: %v)", i+1, c.Text, c.W, c.Clipped))
									break
								}
							}
						}
						if len(bad) > 0 {
							b.screenshot(t, "lockstep-"+what)
							t.Errorf("%s, want text ≥ %.0f px, the code whole, the tried column readable: %s", what, size.minPx, strings.Join(bad, "; "))
						}
						t.Logf("%s: smallest text: page %.1f px, sides %.1f / %.1f px, trees %.1f / %.1f px", what, m.Page.Px, m.Sides[0].Text.Px, m.Sides[1].Text.Px, m.Sides[0].Tree, m.Sides[1].Tree)
						if x := b.exceptions(); len(x) > 0 {
							t.Errorf("%s: the page threw%s", what, thrownText(x))
						}
					}
				}
			})
		}
	}
}
