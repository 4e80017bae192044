package graphviz

import (
	"bytes"
	"context"
	"fmt"
	"image"
	"regexp"
	"sort"
	"sync"
	"testing"
	"time"

	btrender "github.com/backtrack-edu/backtrack/render"
	"github.com/backtrack-edu/backtrack/tracer"
	"github.com/backtrack-edu/backtrack/tracer/problems/sudoku"
)

// fastCase is a diagram drawn as the command line draws it.
type fastCase struct {
	name string
	spec tracer.Spec
	lang tracer.Lang
	opt  btrender.DiagramOptions
}

// fastCases cover every kind of box and edge the tidy layout draws: calls
// on and off solution paths, dead ends, pruned leaves and their groups,
// elided subtrees, cut calls, wrong and lost solutions, folded chains,
// passes of order cells, in English and Chinese, and a whole tree.
var fastCases = []fastCase{
	{"nqueens", tracer.Spec{Problem: "nqueens"}, tracer.LangEN, btrender.DiagramOptions{MaxNodes: btrender.DefaultMaxNodes, Layout: true, Fit: btrender.Slide16x9}},
	{"nqueens zh", tracer.Spec{Problem: "nqueens"}, tracer.LangZH, btrender.DiagramOptions{MaxNodes: btrender.DefaultMaxNodes, Layout: true, Fit: btrender.Slide16x9}},
	{"nqueens -n 6 whole", tracer.Spec{Problem: "nqueens", N: 6}, tracer.LangEN, btrender.DiagramOptions{Layout: true}},
	{"nqueens -n 6 --max-calls 40", tracer.Spec{Problem: "nqueens", N: 6, Limits: tracer.Limits{MaxCalls: 40}}, tracer.LangEN, btrender.DiagramOptions{MaxNodes: btrender.DefaultMaxNodes, Layout: true}},
	{"nqueens -n 5 --no-return", tracer.Spec{Problem: "nqueens", N: 5, Stop: tracer.StopNoReturn}, tracer.LangZH, btrender.DiagramOptions{Layout: true}},
	{"sudoku 400", tracer.Spec{Problem: "sudoku"}, tracer.LangEN, btrender.DiagramOptions{MaxNodes: 400, Layout: true}},
	{"sudoku fitted zh", tracer.Spec{Problem: "sudoku"}, tracer.LangZH, btrender.DiagramOptions{MaxNodes: btrender.DefaultMaxNodes, Layout: true, Fit: btrender.Slide16x9}},
	{"sudoku --drop return-false", tracer.Spec{Problem: "sudoku", Drop: tracer.DropReturnFalse}, tracer.LangEN, btrender.DiagramOptions{MaxNodes: btrender.DefaultMaxNodes, Layout: true}},
	{"sudoku 4×4 --order cells", tracer.Spec{Problem: "sudoku", Puzzle: ".4......3.4...2.", Order: sudoku.OrderCells}, tracer.LangEN, btrender.DiagramOptions{Layout: true}},
	{"nqueens -n 5 at step 120", tracer.Spec{Problem: "nqueens", N: 5}, tracer.LangEN, btrender.DiagramOptions{Layout: true, AtStep: 120, Extent: true}},
	{"permutations --when leaf", tracer.Spec{Problem: "permutations", When: tracer.WhenLeaf}, tracer.LangZH, btrender.DiagramOptions{MaxNodes: btrender.DefaultMaxNodes, Layout: true}},
}

// fastDOT traces c and writes its diagram's DOT.
func fastDOT(t testing.TB, c fastCase) []byte {
	t.Helper()
	// Traced and written once a binary: the tests draw each case's DOT
	// several ways (xdot ops, SVG, PNG), and it is the same bytes each time.
	key := fmt.Sprintf("%q %+v %s %+v", c.name, c.spec, c.lang, c.opt)
	fastDOTs.Lock()
	defer fastDOTs.Unlock()
	if b, ok := fastDOTs.m[key]; ok {
		return bytes.Clone(b)
	}
	b := fastDOTOf(t, c)
	if fastDOTs.m == nil {
		fastDOTs.m = map[string][]byte{}
	}
	fastDOTs.m[key] = b
	return bytes.Clone(b)
}

// fastDOTs holds the DOT of each case fastDOT has written.
var fastDOTs struct {
	sync.Mutex
	m map[string][]byte
}

// fastDOTOf traces c and writes its diagram's DOT.
func fastDOTOf(t testing.TB, c fastCase) []byte {
	t.Helper()
	p, opts, err := c.spec.Build()
	if err != nil {
		t.Fatal(err)
	}
	tree, st := tracer.NewTree(), &tracer.Stats{}
	opts.Sinks = []tracer.Sink{tree, st}
	res, err := tracer.Run(context.Background(), p, opts)
	if err != nil {
		t.Fatal(err)
	}
	var b bytes.Buffer
	leg := btrender.Legend{Summary: tracer.Summarize(p.Info(), opts, res, st), Lang: c.lang}
	if _, err := btrender.WriteDOT(&b, tree, leg, c.opt); err != nil {
		t.Fatal(err)
	}
	return b.Bytes()
}

// withFast sets fastMinNodes for the rest of the test.
func withFast(t testing.TB, n int) {
	old := fastMinNodes
	fastMinNodes = n
	t.Cleanup(func() { fastMinNodes = old })
}

// TestFastSameOps draws every case both ways and compares, object by
// object, the xdot operations Go writes with those Graphviz writes, and the
// frame's drawing (background, legend, size) with Graphviz's.
func TestFastSameOps(t *testing.T) {
	withFast(t, 0)
	r := renderer(t)
	ctx := context.Background()
	for _, c := range fastCases {
		t.Run(c.name, func(t *testing.T) {
			dot := fastDOT(t, c)
			g := fastParse(dot)
			if g == nil {
				t.Fatal("fastParse refused the diagram")
			}
			if c.opt.Extent && !bytes.Contains(dot, []byte("corner0 [")) {
				t.Error("the picture at a step has no invisible corners")
			}
			xd, err := r.graphviz(ctx, dot, LayoutPinned, "nop2", "xdot")
			if err != nil {
				t.Fatal(err)
			}
			want, err := readXdot(xd)
			if err != nil {
				t.Fatal(err)
			}
			fxd, err := r.graphviz(ctx, g.frame(), LayoutPinned, "nop2", "xdot")
			if err != nil {
				t.Fatal(err)
			}
			frame, err := readXdot(fxd)
			if err != nil {
				t.Fatal(err)
			}
			got := g.drawing(frame)
			for k, v := range want.attrs {
				if got.attrs[k] != v {
					t.Errorf("graph attribute %s = %q, Graphviz %q", k, got.attrs[k], v)
				}
			}
			byName := func(d *drawing) map[string]object {
				m := map[string]object{}
				for _, o := range d.objects {
					if o.kind == kindGraph {
						o.name = "graph"
					}
					m[o.name] = o
				}
				return m
			}
			gm, wm := byName(got), byName(want)
			if len(gm) != len(wm) {
				t.Errorf("%d objects drawn, Graphviz %d", len(gm), len(wm))
			}
			bad := 0
			for name, w := range wm {
				o, ok := gm[name]
				if !ok {
					t.Errorf("%s: not drawn", name)
					continue
				}
				for i := range w.ops {
					if o.ops[i] != w.ops[i] && bad < 8 {
						bad++
						t.Errorf("%s %s:\n got %q\nwant %q", name, drawAttrs[i], o.ops[i], w.ops[i])
					}
				}
			}
		})
	}
}

// svgGroups returns the <g> groups of a picture's nodes and edges keyed by
// their title, ids taken out, and what comes before the first of them.
var svgGroupRE = regexp.MustCompile(`(?s)<!-- [^\n]* -->\n<g id="[a-z]+\d+" (class="(?:node|edge)">\n<title>([^<]*)</title>\n.*?</g>\n)`)

func svgGroups(svg []byte) (map[string]string, string) {
	m := map[string]string{}
	for _, g := range svgGroupRE.FindAllSubmatch(svg, -1) {
		m[string(g[2])] = string(g[1])
	}
	head := svg
	if loc := svgGroupRE.FindIndex(svg); loc != nil {
		head = svg[:loc[0]]
	}
	return m, string(head)
}

// TestFastSameSVG compares the SVG pictures drawn both ways: the same
// header, legend and fonts, and the same elements in every node's and
// edge's group (their ids aside: Go numbers them in DOT order).
func TestFastSameSVG(t *testing.T) {
	ctx := context.Background()
	r := renderer(t)
	for _, c := range fastCases {
		t.Run(c.name, func(t *testing.T) {
			dot := fastDOT(t, c)
			var want, got bytes.Buffer
			withFast(t, 1<<30)
			if err := r.Render(ctx, dot, LayoutPinned, SVG, &want); err != nil {
				t.Fatal(err)
			}
			fastMinNodes = 0
			if err := r.Render(ctx, dot, LayoutPinned, SVG, &got); err != nil {
				t.Fatal(err)
			}
			gg, gh := svgGroups(got.Bytes())
			wg, wh := svgGroups(want.Bytes())
			if gh != wh {
				t.Errorf("the pictures start differently:\n got %s\nwant %s", firstDiff(gh, wh), firstDiff(wh, gh))
			}
			if len(gg) != len(wg) {
				t.Errorf("%d groups, Graphviz %d", len(gg), len(wg))
			}
			bad := 0
			for k, w := range wg {
				if gg[k] != w && bad < 8 {
					bad++
					t.Errorf("%s:\n got %q\nwant %q", k, gg[k], w)
				}
			}
			if !bytes.HasSuffix(got.Bytes(), []byte("</g>\n</svg>\n")) {
				t.Errorf("the picture ends %q", got.Bytes()[max(0, got.Len()-30):])
			}
		})
	}
}

// firstDiff is a, from a little before where it first differs from b.
func firstDiff(a, b string) string {
	i := 0
	for i < len(a) && i < len(b) && a[i] == b[i] {
		i++
	}
	a = a[max(0, i-40):]
	return a[:min(len(a), 160)]
}

// TestFastSamePNG paints the PNG pictures both ways: the same pixels.
func TestFastSamePNG(t *testing.T) {
	ctx := context.Background()
	for _, c := range fastCases[:6] {
		t.Run(c.name, func(t *testing.T) {
			dot := fastDOT(t, c)
			withFast(t, 1<<30)
			want, err := DrawImage(ctx, dot, LayoutPinned, 1)
			if err != nil {
				t.Fatal(err)
			}
			fastMinNodes = 0
			got, err := DrawImage(ctx, dot, LayoutPinned, 1)
			if err != nil {
				t.Fatal(err)
			}
			if got.Bounds() != want.Bounds() {
				t.Fatalf("%v, Graphviz %v", got.Bounds(), want.Bounds())
			}
			if !bytes.Equal(got.Pix, want.Pix) {
				t.Errorf("the pixels differ at %v", firstPixelDiff(got, want))
			}
		})
	}
}

func firstPixelDiff(a, b *image.RGBA) image.Point {
	for i := range a.Pix {
		if a.Pix[i] != b.Pix[i] {
			p := i / 4
			return image.Pt(p%a.Stride*4/4%a.Bounds().Dx(), p/(a.Stride/4))
		}
	}
	return image.Point{}
}

// TestFastRefuses: drawings fastDraw would not draw as Graphviz does go to
// Graphviz whole.
func TestFastRefuses(t *testing.T) {
	withFast(t, 0)
	boards := fastCases[0]
	boards.opt.Boards = true
	cases := map[string][]byte{
		"boards (HTML labels)":  fastDOT(t, boards),
		"a subgraph":            []byte(`digraph { graph [outputorder=edgesfirst]; subgraph x { a [shape=box, fixedsize=true, width=1, height=1, pos="1,1!"]; } }`),
		"an ellipse":            []byte(`digraph { graph [outputorder=edgesfirst]; a [shape=ellipse, fixedsize=true, width=1, height=1, pos="1,1!"]; }`),
		"no position":           []byte(`digraph { graph [outputorder=edgesfirst]; a [shape=box, fixedsize=true, width=1, height=1]; }`),
		"an edge label":         []byte(`digraph { graph [outputorder=edgesfirst]; node [shape=box, fixedsize=true, width=1, height=1]; a [pos="1,1!"]; b [pos="1,100!"]; a -> b [label=x, pos="e,1,64 1,37 1,50 1,50 1,60"]; }`),
		"an undirected graph":   []byte(`graph { graph [outputorder=edgesfirst]; a [shape=box, fixedsize=true, width=1, height=1, pos="1,1!"]; }`),
		"a left-justified line": []byte(`digraph { graph [outputorder=edgesfirst]; a [shape=box, label="x\l", fixedsize=true, width=1, height=1, pos="1,1!"]; }`),
		"a rotated graph":       []byte(`digraph { graph [outputorder=edgesfirst, rotate=90]; a [shape=box, fixedsize=true, width=1, height=1, pos="1,1!"]; }`),
	}
	names := make([]string, 0, len(cases))
	for k := range cases {
		names = append(names, k)
	}
	sort.Strings(names)
	for _, name := range names {
		if g := fastParse(cases[name]); g != nil {
			t.Errorf("%s: fastParse took it", name)
		}
	}
	ok := []byte(`digraph { graph [outputorder=edgesfirst]; a [shape=box, style=filled, color="#123456", fixedsize=true, width=1, height=1, pos="1,1!"]; }`)
	if fastParse(ok) == nil {
		t.Error("fastParse refused a plain box")
	}
}

// BenchmarkFastRatio draws the whole 6-queens tree (1,789 boxes) as SVG
// and as PNG both ways, alternating which goes first, and reports the
// median time of Go's drawing over Graphviz's whole drawing (ratio-median,
// with ratio-p10 and ratio-p90):
//
//	go test -run '^$' -bench FastRatio -benchtime 20x ./render/graphviz/
func BenchmarkFastRatio(b *testing.B) {
	ctx := context.Background()
	dot := fastDOT(b, fastCases[2])
	for _, f := range []Format{SVG, PNG} {
		b.Run(string(f), func(b *testing.B) {
			draw := func(minNodes int) time.Duration {
				fastMinNodes = minNodes
				start := time.Now()
				if _, err := Draw(ctx, dot, LayoutPinned, f); err != nil {
					b.Fatal(err)
				}
				return time.Since(start)
			}
			withFast(b, fastMinNodes)
			draw(0) // Graphviz loaded outside the rounds
			var ratios []float64
			i := 0
			for b.Loop() {
				var fast, whole time.Duration
				if i%2 == 0 {
					fast, whole = draw(0), draw(1<<30)
				} else {
					whole, fast = draw(1<<30), draw(0)
				}
				i++
				ratios = append(ratios, float64(fast)/float64(whole))
			}
			sort.Float64s(ratios)
			at := func(q float64) float64 { return ratios[int(q*float64(len(ratios)-1))] }
			b.ReportMetric(at(0.5), "ratio-median")
			b.ReportMetric(at(0.1), "ratio-p10")
			b.ReportMetric(at(0.9), "ratio-p90")
		})
	}
}

// FuzzFastParse: any DOT text either goes to Graphviz whole or splits
// into a frame and boxes and edges that Go draws, without a panic; the
// frame of a split is DOT Graphviz reads.
func FuzzFastParse(f *testing.F) {
	f.Add([]byte(`digraph { graph [outputorder=edgesfirst]; node [shape=box, fixedsize=true]; a [label="x\ny", width=1, height=1, pos="1,1!"]; b [width=1, height=1, pos="1,100!"]; a -> b [pos="e,1,64 1,37 1,50 1,50 1,60"]; }`))
	f.Add([]byte(`digraph { graph [outputorder=edgesfirst]; a [shape=box, style="rounded,filled,dashed", color="#123456", fillcolor=white, fixedsize=true, width=1, height=0.5, pos="1,1!"]; c [label="", style=invis, shape=point, width=0, height=0, pos="0,0!"]; }`))
	f.Add([]byte(`digraph { a -> b -> c; }`))
	f.Add([]byte(`digraph "x\"y" { label=<<B>a</B>>; a [shape=box, label="\N\\", fixedsize=true, width=1, height=1, pos="1,1"]; }`))
	f.Fuzz(func(t *testing.T, dot []byte) {
		old := fastMinNodes
		fastMinNodes = 0
		defer func() { fastMinNodes = old }()
		g := fastParse(dot)
		if g == nil {
			return
		}
		frame := g.frame()
		if !bytes.HasPrefix(frame, []byte("digraph ")) || !bytes.HasSuffix(frame, []byte("}\n")) {
			t.Fatalf("frame %q", frame)
		}
		if _, err := g.svg([]byte("<svg>\n<g>\n</g>\n</svg>\n")); err != nil {
			t.Fatal(err)
		}
		g.drawing(&drawing{attrs: map[string]string{}})
	})
}
