package stepper

import (
	"fmt"
	"net/url"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/chromedp/cdproto/emulation"
	"github.com/chromedp/chromedp"
)

// The tree pane never piles boxes on each other: fold and group boxes sit
// in their rows, beside their siblings, at every size (issue 33, P1: at
// 390×844 on LeetCode 37 boxes overlapped on 1,944 of the first 2,000
// steps, at 1280×720 on 88). And its text is at least 14 px at 1280×720
// (P3: it was 13).

// treeOverlapJS goes to each step of ks, draws the tree afresh (as a page
// opened at that step would) and reports the steps where two boxes'
// rectangles intersect, with the pair, the steps with a box wider than
// the pane, and the smallest text of any box.
const treeOverlapJS = `(ks) => {
	const P = backtrackPlayer, bad = [];
	let minFont = Infinity, steps = 0, wide = 0;
	const paneW = document.getElementById('tree').clientWidth;
	for (const k of ks) {
		P.go(k);
		P.redrawTree();
		steps++;
		const bs = P.treeBoxes();
		for (const b of bs) minFont = Math.min(minFont, b.font);
		if (bs.some(b => b.w > paneW + 0.5)) wide++;
		let hit = null;
		for (let i = 0; i < bs.length && !hit; i++) {
			const a = bs[i];
			for (let j = i + 1; j < bs.length; j++) {
				const c = bs[j];
				if (a.x < c.x + c.w - 0.5 && c.x < a.x + a.w - 0.5 && a.y < c.y + c.h - 0.5 && c.y < a.y + a.h - 0.5) {
					hit = [a, c].map(b => b.lines.join(' / ') + ' at ' + [b.x, b.y, b.w, b.h].map(Math.round).join(','));
					break;
				}
			}
		}
		if (hit) bad.push({step: k, pair: hit});
	}
	return {steps: steps, bad: bad, wide: wide, minFont: minFont === Infinity ? 0 : minFont};
}`

type treeOverlap struct {
	Steps int `json:"steps"`
	Bad   []struct {
		Step int64    `json:"step"`
		Pair []string `json:"pair"`
	} `json:"bad"`
	Wide    int     `json:"wide"` // steps with a box wider than the pane
	MinFont float64 `json:"minFont"`
}

// TestPlayerTreeOverlap opens LeetCode 37's page (its first 2,000 steps)
// and 4-queens' (every step) at 1920×1080, 1280×720 and 390×844, in
// English and Chinese, and checks at each step that no two tree boxes
// overlap and none is wider than the pane; at 1920×1080 and 1280×720 the
// tree's text is at least 14 px.
func TestPlayerTreeOverlap(t *testing.T) {
	t.Parallel() // the browser tests take turns with each other, not with the rest (see main_test.go)
	type page struct {
		name string
		file string
		n    int64
	}
	lc37, lcN := writePlayerPage(t, playerLeet37)
	q4, q4N := writePlayerPage(t, playerQueens4)
	pages := []page{{"LeetCode 37", lc37, min(lcN, 2000)}, {"4-queens", q4, q4N}}
	sizes := []struct {
		name  string
		w, h  int
		minPx float64
	}{{"1920×1080", 1920, 1080, 14}, {"1280×720", 1280, 720, 14}, {"390×844", 390, 844, 0}}
	for _, size := range sizes {
		// A browser tab of its own for each size: a tab lives 3 minutes
		// at most, and the three sizes take about that on a busy machine.
		t.Run(size.name, func(t *testing.T) {
			b := newPlayerBrowser(t)
			b.do(t, "reduce motion", emulation.SetEmulatedMedia().WithFeatures([]*emulation.MediaFeature{{Name: "prefers-reduced-motion", Value: "reduce"}}))
			b.do(t, "size the screen", emulation.SetDeviceMetricsOverride(int64(size.w), int64(size.h), 1, false))
			for _, pg := range pages {
				for _, lang := range []string{"en", "zh"} {
					what := fmt.Sprintf("%s at %s (%s)", pg.name, size.name, lang)
					u := url.URL{Scheme: "file", Path: pg.file, Fragment: "step=1&lang=" + lang}
					b.do(t, "open "+what, chromedp.Navigate("about:blank"), chromedp.Navigate(u.String()))
					if err := waitPage(b, `window.__btShown !== undefined && document.getElementById('loading').hidden`, 30*time.Second); err != nil {
						t.Fatalf("open %s: %v%s", filepath.Base(pg.file), err, thrownText(b.exceptions()))
					}
					var ov treeOverlap
					b.eval(t, what, quietAddress(fmt.Sprintf("(%s)(Array.from({length: %d}, (_, i) => i + 1))", treeOverlapJS, pg.n)), &ov)
					if ov.Steps != int(pg.n) {
						t.Fatalf("%s: %d steps measured, want %d", what, ov.Steps, pg.n)
					}
					if len(ov.Bad) > 0 {
						var ex []string
						for _, x := range ov.Bad[:min(3, len(ov.Bad))] {
							ex = append(ex, fmt.Sprintf("step %d: %s", x.Step, strings.Join(x.Pair, " over ")))
						}
						t.Errorf("%s: tree boxes overlap on %d of %d steps; %s", what, len(ov.Bad), ov.Steps, strings.Join(ex, "; "))
						b.do(t, "go to the step", chromedp.Evaluate(fmt.Sprintf("backtrackPlayer.go(%d); backtrackPlayer.redrawTree()", ov.Bad[0].Step), nil))
						b.screenshot(t, fmt.Sprintf("overlap-%s-%s-%s-step%d", pg.name, size.name, lang, ov.Bad[0].Step))
					}
					if ov.Wide > 0 {
						t.Errorf("%s: a tree box is wider than the pane on %d of %d steps", what, ov.Wide, ov.Steps)
					}
					if ov.MinFont < size.minPx-0.05 { // the SVG's scale is 1 within rounding
						t.Errorf("%s: the tree's smallest text is %.1f px, want at least %.0f", what, ov.MinFont, size.minPx)
					}
					t.Logf("%s: %d steps, %d with overlapping boxes; smallest tree text %.1f px", what, ov.Steps, len(ov.Bad), ov.MinFont)
					for _, x := range b.exceptions() {
						t.Errorf("%s: the page threw %s", what, x)
					}
				}
			}
		})
	}
}
