package graphviz

import (
	"context"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"

	"github.com/chromedp/cdproto/runtime"
	"github.com/chromedp/chromedp"

	btrender "backtrack/render"
	"backtrack/render/internal/browsertest"
	"backtrack/render/internal/fontmetrics"
	"backtrack/tracer"
)

// The SVG pictures in a real browser: headless Chromium (Debian's chromium
// package, which .ci/run installs) opens each picture, and the page's own
// layout says where every text landed. No text may leave the box of its
// node, a legend chip's text its chip, or run into the next text on its
// line; and no text may be wider than fontmetrics says, since that width is
// what Graphviz sized the boxes with.

// browserPath returns the Chromium to drive, or skips the test.
func browserPath(t *testing.T) string { return browsertest.Chromium(t, "the SVG pictures") }

// browserDiagram is one picture the browser test opens.
type browserDiagram struct {
	name   string
	spec   tracer.Spec
	boards bool
	lang   tracer.Lang
}

var browserDiagrams = func() []browserDiagram {
	var ds []browserDiagram
	for _, lang := range []tracer.Lang{tracer.LangEN, tracer.LangZH} {
		ds = append(ds,
			browserDiagram{"nqueens4-" + string(lang), tracer.Spec{Problem: "nqueens", N: 4}, false, lang},
			browserDiagram{"nqueens4-boards-" + string(lang), tracer.Spec{Problem: "nqueens", N: 4}, true, lang},
			// The default Sudoku puzzle is LeetCode 37.
			browserDiagram{"sudoku-leetcode37-" + string(lang), tracer.Spec{Problem: "sudoku"}, false, lang},
		)
	}
	return ds
}()

// browserSVG draws d as the command line's trace does with --svg: the
// default diagram options, the tidy layout, pinned in Graphviz.
func browserSVG(t *testing.T, d browserDiagram) []byte {
	t.Helper()
	opt := btrender.DiagramOptions{MaxNodes: btrender.DefaultMaxNodes, Boards: d.boards, Layout: true}
	svg, err := Draw(context.Background(), fastDOT(t, fastCase{d.name, d.spec, d.lang, opt}), LayoutPinned, SVG)
	if err != nil {
		t.Fatal(err)
	}
	return svg
}

// browserCheckJS runs in the SVG document once its fonts are ready. It
// returns the state of the Go font faces, every text with its size, weight
// and box, and the problems found. Boxes are getBBox() results, in the
// picture's own units (points); a text's box is its glyph cells: the
// advances across, the font's ascent and descent up and down.
const browserCheckJS = `(async () => {
	await document.fonts.ready;
	const tol = 0.5;
	const box = e => { const b = e.getBBox(); return {x: b.x, y: b.y, w: b.width, h: b.height}; };
	const inside = (a, b) => a.x >= b.x - tol && a.y >= b.y - tol && a.x + a.w <= b.x + b.w + tol && a.y + a.h <= b.y + b.h + tol;
	const area = b => b.w * b.h;
	const r = {faces: [], texts: [], problems: [], nodes: 0};
	for (const f of document.fonts) r.faces.push(f.family.replace(/["']/g, '') + ' ' + f.weight + ' ' + f.status);
	const record = (t, b) => {
		const cs = getComputedStyle(t);
		r.texts.push({s: t.textContent, size: parseFloat(t.getAttribute('font-size')), bold: cs.fontWeight >= 600, w: b.w, family: cs.fontFamily});
	};
	// Nodes: every text inside the node's outline, the biggest shape of
	// its group (a board's cells are shapes too).
	const outlines = [];
	for (const g of document.querySelectorAll('g.node')) {
		const shapes = [...g.querySelectorAll('polygon, path, ellipse, rect')].map(box);
		if (!shapes.length) continue;
		r.nodes++;
		const outline = shapes.reduce((a, b) => area(a) >= area(b) ? a : b);
		const id = g.querySelector('title') ? g.querySelector('title').textContent : g.id;
		outlines.push({id: id, b: outline});
		for (const t of g.querySelectorAll('text')) {
			const b = box(t);
			record(t, b);
			if (!inside(b, outline)) r.problems.push({where: 'node ' + id, text: t.textContent, box: b, cell: outline});
		}
	}
	// No two nodes overlap: the tidy layout placed them with its own
	// estimate of their labels, and Graphviz sized them by measuring.
	outlines.sort((a, b) => a.b.x - b.b.x);
	for (let i = 0; i < outlines.length; i++) {
		const a = outlines[i];
		for (let j = i + 1; j < outlines.length && outlines[j].b.x < a.b.x + a.b.w - tol; j++) {
			const b = outlines[j];
			if (b.b.y < a.b.y + a.b.h - tol && a.b.y < b.b.y + b.b.h - tol) r.problems.push({where: 'nodes ' + a.id + ' and ' + b.id + ' overlap', text: '', box: a.b, cell: b.b});
		}
	}
	// The legend: texts and shapes of the graph itself. A text that a
	// chip holds must stay in the chip; any other in the picture.
	const graph = document.querySelector('g.graph');
	const gtexts = [...graph.children].filter(e => e.tagName === 'text');
	const shapes = [...graph.children].filter(e => e.tagName === 'polygon' || e.tagName === 'path').map(box);
	const page = shapes.reduce((a, b) => area(a) >= area(b) ? a : b);
	const lines = new Map();
	for (const t of gtexts) {
		const b = box(t);
		record(t, b);
		const cx = b.x + b.w / 2, cy = b.y + b.h / 2;
		let cell = page;
		for (const s of shapes) {
			if (s !== page && cx >= s.x && cx <= s.x + s.w && cy >= s.y && cy <= s.y + s.h && area(s) < area(cell)) cell = s;
		}
		if (!inside(b, cell)) r.problems.push({where: cell === page ? 'legend' : 'legend chip', text: t.textContent, box: b, cell: cell});
		const y = t.getAttribute('y');
		if (!lines.has(y)) lines.set(y, []);
		lines.get(y).push({t: t.textContent, b: b});
	}
	// Texts on one line of the legend (the title's bold name and the
	// strategy after it) must not run into each other.
	for (const line of lines.values()) {
		line.sort((a, b) => a.b.x - b.b.x);
		for (let i = 1; i < line.length; i++) {
			const a = line[i - 1], b = line[i];
			if (a.b.x + a.b.w > b.b.x + tol) r.problems.push({where: 'legend line', text: a.t + ' | ' + b.t, box: a.b, cell: b.b});
		}
	}
	return r;
})()`

// browserReport is what browserCheckJS returns.
type browserReport struct {
	Faces []string `json:"faces"`
	Texts []struct {
		S      string  `json:"s"`
		Size   float64 `json:"size"`
		Bold   bool    `json:"bold"`
		W      float64 `json:"w"`
		Family string  `json:"family"`
	} `json:"texts"`
	Problems []struct {
		Where string    `json:"where"`
		Text  string    `json:"text"`
		Box   browserBB `json:"box"`
		Cell  browserBB `json:"cell"`
	} `json:"problems"`
	Nodes int `json:"nodes"`
}

type browserBB struct{ X, Y, W, H float64 }

func (b browserBB) String() string {
	return fmt.Sprintf("x %.1f..%.1f y %.1f..%.1f", b.X, b.X+b.W, b.Y, b.Y+b.H)
}

// browser is one headless Chromium for the whole test.
type browser struct {
	ctx context.Context
	dir string
}

func newBrowser(t *testing.T) *browser {
	path := browserPath(t)
	bctx := browsertest.Context(t, path, 1600, 1000)
	if err := chromedp.Run(bctx); err != nil {
		t.Fatalf("start %s: %v", path, err)
	}
	return &browser{ctx: bctx, dir: t.TempDir()}
}

// check opens svg and returns what browserCheckJS found. On problems it
// saves a screenshot and logs where.
func (b *browser) check(t *testing.T, name string, svg []byte) browserReport {
	t.Helper()
	file := filepath.Join(b.dir, name+".svg")
	if err := os.WriteFile(file, svg, 0o644); err != nil {
		t.Fatal(err)
	}
	var rep browserReport
	err := chromedp.Run(b.ctx,
		chromedp.Navigate("file://"+file),
		chromedp.Evaluate(browserCheckJS, &rep, func(p *runtime.EvaluateParams) *runtime.EvaluateParams {
			return p.WithAwaitPromise(true)
		}),
	)
	if err != nil {
		t.Fatalf("%s in the browser: %v", name, err)
	}
	return rep
}

// screenshot saves the page on show as a PNG and logs its path.
func (b *browser) screenshot(t *testing.T, name string) {
	t.Helper()
	browsertest.Screenshot(t, b.ctx, b.dir, name)
}

// problemLines lists what rep found wrong, texts wider than fontmetrics
// says included.
func (rep *browserReport) problemLines() []string {
	var out []string
	for _, p := range rep.Problems {
		out = append(out, fmt.Sprintf("%s: %q at %s leaves %s", p.Where, p.Text, p.Box, p.Cell))
	}
	for _, tx := range rep.Texts {
		if want := fontmetrics.Width(tx.S, tx.Size, tx.Bold); tx.W > want+0.01 {
			out = append(out, fmt.Sprintf("%q (%g pt, bold %v) is %.2f pt wide in the browser, fontmetrics says %.2f", tx.S, tx.Size, tx.Bold, tx.W, want))
		}
	}
	return out
}

// TestBrowserTextInsideBoxes opens the SVG pictures of N-Queens n=4 (with
// and without boards) and of LeetCode 37, in English and Chinese, in
// headless Chromium, and checks that every text stays inside its node, its
// legend chip and its legend line, in the embedded Go fonts, and that no
// two nodes overlap. It also draws two pictures as they were before
// (Graphviz's own Helvetica estimate, no fonts embedded) and requires the
// check to catch them.
func TestBrowserTextInsideBoxes(t *testing.T) {
	if testing.Short() {
		t.Skip("the browser test takes a few seconds")
	}
	b := newBrowser(t)
	cjk := cjkFontForBrowser()
	for _, d := range browserDiagrams {
		t.Run(d.name, func(t *testing.T) {
			if d.lang == tracer.LangZH && cjk != "" {
				t.Skip(cjk)
			}
			rep := b.check(t, d.name, browserSVG(t, d))
			if rep.Nodes == 0 || len(rep.Texts) == 0 {
				t.Fatalf("the browser found %d nodes and %d texts", rep.Nodes, len(rep.Texts))
			}
			for _, want := range []string{fontmetrics.Family + " normal loaded", fontmetrics.Family + " bold loaded"} {
				if !containsString(rep.Faces, want) {
					t.Errorf("font faces %v: want %q", rep.Faces, want)
				}
			}
			for _, tx := range rep.Texts {
				if !strings.HasPrefix(tx.Family, `"`+fontmetrics.Family+`"`) {
					t.Errorf("%q is drawn in %s, want %s first", tx.S, tx.Family, fontmetrics.Family)
					break
				}
			}
			// How close the browser came to the measure, for the log.
			worst, of := -1e9, ""
			for _, tx := range rep.Texts {
				exact := fontmetrics.Width(tx.S, tx.Size, tx.Bold)
				if d := tx.W - exact; d > worst {
					worst, of = d, tx.S
				}
			}
			t.Logf("%d nodes, %d texts; the widest text against its measure: %q, %+.2f pt", rep.Nodes, len(rep.Texts), of, worst)
			if ps := rep.problemLines(); len(ps) > 0 {
				for _, p := range ps {
					t.Error(p)
				}
				b.screenshot(t, d.name)
			}
		})
	}
	// The check can fail: pictures as Graphviz drew them before, measured
	// with its own Helvetica table and declaring Helvetica.
	for _, i := range []int{0, 5} {
		d := browserDiagrams[i]
		t.Run("before-helvetica-"+d.name, func(t *testing.T) {
			rep := b.check(t, "before-"+d.name, browserSVGBefore(t, d))
			if len(rep.Problems) == 0 {
				t.Fatalf("the check found nothing wrong with Graphviz's Helvetica estimate in Chromium (%d texts)", len(rep.Texts))
			}
			t.Logf("as expected, %d texts leave their boxes, e.g. %s: %q", len(rep.Problems), rep.Problems[0].Where, rep.Problems[0].Text)
		})
	}
}

// browserSVGBefore draws d as Graphviz drew it before it measured text
// with fontmetrics: with its own font tables, and no fonts embedded.
func browserSVGBefore(t *testing.T, d browserDiagram) []byte {
	old, oldEmbed := measureText, embedSVGFonts
	defer func() { measureText, embedSVGFonts = old, oldEmbed }()
	measureText = func(string, string, float64, bool, bool) float64 { return -1 }
	embedSVGFonts = false
	return browserSVG(t, d)
}

// cjkFontForBrowser says why Chinese cannot be checked in the browser
// here, or "" if it can: Chromium finds its fonts through fontconfig, and
// the pictures fall back on WenQuanYi Micro Hei or Noto Sans CJK.
func cjkFontForBrowser() string {
	fcList, err := exec.LookPath("fc-list")
	if err != nil {
		return "fc-list is not installed, so the CJK fonts Chromium would use cannot be known"
	}
	out, err := exec.Command(fcList, ":lang=zh", "family").Output()
	if err != nil {
		return fmt.Sprintf("fc-list :lang=zh: %v", err)
	}
	for _, fam := range []string{"WenQuanYi Micro Hei", "Noto Sans CJK SC"} {
		if strings.Contains(string(out), fam) {
			return ""
		}
	}
	return "neither WenQuanYi Micro Hei nor Noto Sans CJK SC is installed: Chinese text cannot be checked in Chromium (install fonts-wqy-microhei)"
}

func containsString(ss []string, s string) bool {
	for _, x := range ss {
		if x == s {
			return true
		}
	}
	return false
}
