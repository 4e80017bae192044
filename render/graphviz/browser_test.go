package graphviz

import (
	"context"
	"fmt"
	"html"
	"math"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"

	"github.com/chromedp/cdproto/runtime"
	"github.com/chromedp/chromedp"

	btrender "github.com/backtrack-edu/backtrack/render"
	"github.com/backtrack-edu/backtrack/render/internal/browsertest"
	"github.com/backtrack-edu/backtrack/render/internal/fontmetrics"
	"github.com/backtrack-edu/backtrack/tracer"
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
// two nodes overlap. It also draws control pictures whose boxes are sized
// for narrower text (browserControls), and requires the check to catch
// those whose texts the browser, measured, draws clearly too wide for
// their boxes.
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
	// The check can fail: pictures whose boxes were sized for narrower
	// text than the browser draws. Whether a text then leaves its box
	// depends on the font the browser draws it in, so each control first
	// measures, in the browser, how much wider the texts are drawn than
	// the widths their boxes were sized for, and expects the check to
	// catch the picture only when they are clearly too wide; otherwise it
	// skips, saying so.
	for _, i := range []int{0, 5} {
		d := browserDiagrams[i]
		for _, c := range browserControls {
			t.Run("control-"+c.name+"-"+d.name, func(t *testing.T) {
				if d.lang == tracer.LangZH && cjk != "" {
					t.Skip(cjk)
				}
				name := "control-" + c.name + "-" + d.name
				rep := b.check(t, name, c.svg(t, d))
				if len(rep.Texts) == 0 {
					t.Fatalf("the browser found no texts in %s", name)
				}
				wide, widest := rep.widthAgainst(t, c.measure)
				if wide < controlTooWide {
					t.Skipf("Chromium draws this picture's texts %.1f%% as wide as %s, which sized their boxes (widest against it: %s): not wide enough for a text to be sure to leave its box, so this control cannot show the check failing here",
						100*wide, c.sizedBy, widest)
				}
				if len(rep.Problems) == 0 {
					b.screenshot(t, name)
					t.Fatalf("Chromium draws this picture's texts %.1f%% as wide as %s, which sized their boxes (widest against it: %s), yet the check found nothing wrong (%d texts)",
						100*wide, c.sizedBy, widest, len(rep.Texts))
				}
				t.Logf("as expected: drawn %.1f%% as wide as %s, %d texts leave their boxes, e.g. %s: %q",
					100*wide, c.sizedBy, len(rep.Problems), rep.Problems[0].Where, rep.Problems[0].Text)
			})
		}
	}
}

// controlTooWide is how much wider, in all, a control picture's texts
// must be drawn than the widths their boxes were sized for, for the check
// to be sure to catch it: 10 % puts a legend chip's 100-point text 10
// points past its width, more than the chip (or a node, 2 × 0.06 in) pads
// it.
const controlTooWide = 1.10

// browserControl is a picture the check must catch when the browser draws
// its texts too wide for their boxes.
type browserControl struct {
	name    string
	sizedBy string // what sized the boxes, for messages
	// measure is how wide Graphviz takes a text to be (as measureText);
	// -1 leaves it to Graphviz's own estimate.
	measure func(text, font string, size float64, bold, italic bool) float64
	embed   bool // the Go fonts embedded in the SVG
}

var browserControls = []browserControl{
	// The embedded Go fonts in boxes sized for 80 % of their width: too
	// wide on every machine (fontmetrics measures the Go fonts as drawn),
	// unless the Chinese falls back on a narrow font.
	{"narrow-boxes", "80% of fontmetrics' width", func(text, _ string, size float64, bold, _ bool) float64 {
		return 0.8 * fontmetrics.Width(text, size, bold)
	}, true},
	// As Graphviz drew the pictures before it measured text with
	// fontmetrics: its own estimate (its Times table, for a font it does
	// not know), no fonts embedded, so the browser draws its default
	// font. That is too wide where the default is DejaVu Serif, and fits
	// where it is Liberation Serif (Debian's fonts-liberation), which has
	// Times's metrics.
	{"before", "Graphviz's own estimate", func(string, string, float64, bool, bool) float64 { return -1 }, false},
}

// svg draws d as the control draws it.
func (c browserControl) svg(t *testing.T, d browserDiagram) []byte {
	old, oldEmbed := measureText, embedSVGFonts
	defer func() { measureText, embedSVGFonts = old, oldEmbed }()
	measureText, embedSVGFonts = c.measure, c.embed
	return browserSVG(t, d)
}

// widthAgainst returns how wide the browser drew rep's texts in all, as a
// fraction of the widths Graphviz takes them to be with measure (the
// widths it sized their boxes with), and the text furthest past its
// width, for messages. Graphviz itself gives the widths: each text is the
// label of a box with no margin in its plain output.
func (rep *browserReport) widthAgainst(t *testing.T, measure func(string, string, float64, bool, bool) float64) (float64, string) {
	t.Helper()
	type key struct {
		s    string
		size float64
		bold bool
	}
	ids := map[key]string{}
	var dot strings.Builder
	dot.WriteString(`digraph { node [shape=box, margin=0, width=0.01, height=0.01, fontname="` + fontmetrics.Family + `"];` + "\n")
	for _, tx := range rep.Texts {
		k := key{tx.S, tx.Size, tx.Bold}
		if _, ok := ids[k]; ok || strings.TrimSpace(tx.S) == "" {
			continue
		}
		id := fmt.Sprintf("t%d", len(ids))
		ids[k] = id
		label := `"` + strings.NewReplacer(`\`, `\\`, `"`, `\"`).Replace(tx.S) + `"`
		if tx.Bold {
			label = "<<B>" + html.EscapeString(tx.S) + "</B>>"
		}
		fmt.Fprintf(&dot, "  %s [label=%s, fontsize=%g];\n", id, label, tx.Size)
	}
	dot.WriteString("}\n")
	old := measureText
	measureText = measure
	sized := plainWidths(t, render(t, renderer(t), dot.String(), LayoutDot, Plain))
	measureText = old
	var drawn, total float64
	worst, of := math.Inf(-1), ""
	for _, tx := range rep.Texts {
		id, ok := ids[key{tx.S, tx.Size, tx.Bold}]
		if !ok {
			continue
		}
		drawn += tx.W
		total += sized[id]
		if d := tx.W - sized[id]; d > worst {
			worst, of = d, fmt.Sprintf("%q, %.2f pt drawn, %.2f sized", tx.S, tx.W, sized[id])
		}
	}
	if total == 0 {
		t.Fatal("Graphviz takes the texts to be 0 pt wide in all")
	}
	return drawn / total, of
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
