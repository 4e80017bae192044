package graphviz

import (
	"bytes"
	"context"
	"errors"
	"fmt"
	"image/color"
	"math"
	"strings"
	"sync"
	"testing"
)

func TestParseFormat(t *testing.T) {
	for _, tc := range []struct {
		in   string
		want Format
		err  bool
	}{
		{"svg", SVG, false},
		{"png", PNG, false},
		{"PNG", PNG, false},
		{".svg", SVG, false},
		{"tree.SVG", SVG, false},
		{"out/tree.png", PNG, false},
		{" png ", PNG, false},
		{"jpg", "", true},
		{"tree.dot", "", true},
		{"", "", true},
		{"svgz", "", true},
	} {
		got, err := ParseFormat(tc.in)
		if tc.err {
			if err == nil {
				t.Errorf("ParseFormat(%q) = %q, want an error", tc.in, got)
			} else if !strings.HasPrefix(err.Error(), "graphviz: ") || !strings.Contains(err.Error(), "svg, png") {
				t.Errorf("ParseFormat(%q) error %q: want the graphviz: prefix and the valid formats", tc.in, err)
			}
			continue
		}
		if err != nil || got != tc.want {
			t.Errorf("ParseFormat(%q) = %q, %v; want %q", tc.in, got, err, tc.want)
		}
	}
}

// smallDOT is a 3-node tree with a filled green node, a dashed node, a bold
// edge and an HTML-like table label; positions are given for the pinned
// layout and ignored by dot.
const smallDOT = `digraph small {
  node [fontname=Helvetica];
  root [pos="100,200!", label="root", style=filled, fillcolor="#2ca02c"];
  dead [pos="40,100!", label="dead end", style=dashed, color=grey];
  board [pos="170,100!", shape=plaintext, label=<<table border="0" cellborder="1" cellspacing="0">
    <tr><td>1</td><td bgcolor="lightgrey">2</td></tr>
    <tr><td>3</td><td><b>4</b></td></tr></table>>];
  root -> dead;
  root -> board [style=bold, color="#2ca02c"];
}`

func TestRender(t *testing.T) {
	r := renderer(t)
	for _, tc := range []struct {
		name string
		dot  string
	}{
		{"small tree", smallDOT},
		{"small tree, straight edges", strings.Replace(smallDOT, "{", "{ splines=line;", 1)},
		{"empty graph", "digraph {}"},
		{"empty undirected graph", "graph g { }"},
		{"pixel tree", fmt.Sprintf(pixelDOT, "")},
	} {
		for _, layout := range layouts {
			for _, format := range formats {
				t.Run(fmt.Sprintf("%s/%s/%s", tc.name, layout, format), func(t *testing.T) {
					out := render(t, r, tc.dot, layout, format)
					switch format {
					case SVG:
						if err := checkSVG(out); err != nil {
							t.Fatal(err)
						}
						if tc.dot == smallDOT {
							for _, want := range []string{`fill="#2ca02c"`, `stroke-dasharray="5,2"`, `stroke-width="2"`, `>dead end</text>`, `fill="lightgrey"`} {
								if !bytes.Contains(out, []byte(want)) {
									t.Errorf("SVG has no %s", want)
								}
							}
						}
					case PNG:
						img := decodePNG(t, out)
						if img.Bounds().Empty() {
							t.Fatal("empty picture")
						}
						if tc.dot == smallDOT && countDark(img) < 100 {
							t.Errorf("PNG has %d dark pixels: lines and text are missing", countDark(img))
						}
						if tc.dot == smallDOT {
							green := 0
							b := img.Bounds()
							for y := b.Min.Y; y < b.Max.Y; y++ {
								for x := b.Min.X; x < b.Max.X; x++ {
									c := color.NRGBAModel.Convert(img.At(x, y)).(color.NRGBA)
									if closeColor(c, color.NRGBA{0x2c, 0xa0, 0x2c, 255}, 8) {
										green++
									}
								}
							}
							if green < 300 {
								t.Errorf("PNG has %d green pixels, want a filled green node", green)
							}
						}
					}
				})
			}
		}
	}
}

// TestPinnedPositions reads the node centres back from the SVG: the pinned
// layout must keep every position exactly, without moving the drawing.
func TestPinnedPositions(t *testing.T) {
	r := renderer(t)
	dot := `digraph { splines=line; node [shape=circle, width=0.4, fixedsize=true];
	  a [pos="-50,300!"]; b [pos="-120,228!"]; c [pos="20,228!"]; d [pos="20,156!", shape=box];
	  a -> b; a -> c; c -> d; }`
	want := map[string][2]float64{"a": {-50, 300}, "b": {-120, 228}, "c": {20, 228}, "d": {20, 156}}
	check := func(t *testing.T, nodes map[string]svgNode) (moved int) {
		if len(nodes) != len(want) {
			t.Fatalf("found %d nodes in the SVG, want %d", len(nodes), len(want))
		}
		for name, p := range want {
			n := nodes[name]
			if math.Abs(n.x-p[0]) > 0.01 || math.Abs(n.y-p[1]) > 0.01 {
				moved++
				t.Logf("node %s at (%g, %g), given (%g, %g)", name, n.x, n.y, p[0], p[1])
			}
		}
		return moved
	}
	t.Run("pinned", func(t *testing.T) {
		if moved := check(t, svgNodes(t, render(t, r, dot, LayoutPinned, SVG))); moved > 0 {
			t.Errorf("%d nodes moved", moved)
		}
	})
	t.Run("an explicit notranslate=false is overridden", func(t *testing.T) {
		dot := strings.Replace(dot, "{", "{ notranslate=false;", 1)
		if moved := check(t, svgNodes(t, render(t, r, dot, LayoutPinned, SVG))); moved > 0 {
			t.Errorf("%d nodes moved", moved)
		}
	})
	// The check must be able to fail: dot ignores pos.
	t.Run("dot moves them", func(t *testing.T) {
		if moved := check(t, svgNodes(t, render(t, r, dot, LayoutDot, SVG))); moved == 0 {
			t.Error("dot kept every position: the check proves nothing")
		}
	})
}

// TestPinnedBigTree checks positions on a bigger generated tree.
func TestPinnedBigTree(t *testing.T) {
	r := renderer(t)
	dot := pinnedTree(300)
	nodes := svgNodes(t, render(t, r, string(dot), LayoutPinned, SVG))
	if len(nodes) != 300 {
		t.Fatalf("found %d nodes in the SVG, want 300", len(nodes))
	}
	for _, line := range strings.Split(string(dot), "\n") {
		var name string
		var x, y float64
		if _, err := fmt.Sscanf(strings.TrimSpace(line), `%s [label=`, &name); err != nil || !strings.Contains(line, "pos=") {
			continue
		}
		pos := line[strings.Index(line, `pos="`)+5:]
		if _, err := fmt.Sscanf(pos, "%g,%g!", &x, &y); err != nil {
			t.Fatal(err)
		}
		if n := nodes[name]; math.Abs(n.x-x) > 0.01 || math.Abs(n.y-y) > 0.01 {
			t.Errorf("node %s at (%g, %g), given (%g, %g)", name, n.x, n.y, x, y)
		}
	}
}

// recorder is a writer that remembers whether it was written to.
type recorder struct{ writes int }

func (w *recorder) Write(p []byte) (int, error) {
	w.writes++
	return len(p), nil
}

func TestRenderErrors(t *testing.T) {
	r := renderer(t)
	ctx := context.Background()
	cancelled, cancel := context.WithCancel(ctx)
	cancel()
	for _, tc := range []struct {
		name   string
		ctx    context.Context
		dot    string
		layout Layout
		format Format
		want   string
	}{
		{"syntax error", ctx, "digraph { a -> ", LayoutDot, SVG, "graphviz: parse DOT: syntax error in line 1"},
		{"garbage", ctx, "this is not DOT", LayoutDot, PNG, "graphviz: parse DOT: syntax error"},
		{"wrong edge operator", ctx, "graph { a -> b }", LayoutPinned, SVG, "graphviz: parse DOT: syntax error"},
		{"empty input", ctx, "", LayoutDot, SVG, "graphviz: parse DOT: empty input"},
		{"blank input", ctx, " \n\t", LayoutDot, PNG, "graphviz: parse DOT: empty input"},
		{"unknown layout", ctx, "digraph {}", "neato", SVG, `graphviz: unknown layout "neato": want one of dot, pinned`},
		{"unknown format", ctx, "digraph {}", LayoutDot, "gif", `graphviz: unknown picture format "gif": want one of svg, png`},
		{"node without pos", ctx, `digraph { a [pos="1,2!"]; b; a -> b }`, LayoutPinned, SVG, "graphviz: pinned layout: Graphviz could not place the nodes"},
		{"no pos at all", ctx, `digraph { a -> b }`, LayoutPinned, PNG, "graphviz: pinned layout: Graphviz could not place the nodes"},
		{"cancelled", cancelled, "digraph {}", LayoutDot, SVG, "context canceled"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			var w recorder
			err := func() (err error) {
				defer func() {
					if p := recover(); p != nil {
						err = fmt.Errorf("panic: %v", p)
					}
				}()
				return r.Render(tc.ctx, []byte(tc.dot), tc.layout, tc.format, &w)
			}()
			if err == nil || !strings.Contains(err.Error(), tc.want) || strings.HasPrefix(err.Error(), "panic") {
				t.Errorf("error %v, want one with %q", err, tc.want)
			}
			if w.writes > 0 {
				t.Errorf("%d writes after an error", w.writes)
			}
		})
	}
	// Graphviz still works after all that.
	if out := render(t, r, "digraph { a -> b }", LayoutDot, SVG); checkSVG(out) != nil {
		t.Errorf("render after errors: %v", checkSVG(out))
	}
}

type failingWriter struct{}

func (failingWriter) Write([]byte) (int, error) { return 0, errors.New("disk full") }

func TestRenderWriteError(t *testing.T) {
	err := renderer(t).Render(context.Background(), []byte("digraph {a}"), LayoutDot, SVG, failingWriter{})
	if err == nil || !strings.Contains(err.Error(), "graphviz: write svg: disk full") {
		t.Errorf("error %v, want graphviz: write svg: disk full", err)
	}
}

func TestClose(t *testing.T) {
	r, err := New(context.Background())
	if err != nil {
		t.Fatal(err)
	}
	render(t, r, "digraph { a -> b }", LayoutDot, SVG)
	if err := r.Close(); err != nil {
		t.Fatal(err)
	}
	if err := r.Close(); err != nil {
		t.Errorf("second Close: %v", err)
	}
	var w recorder
	err = r.Render(context.Background(), []byte("digraph { a }"), LayoutDot, SVG, &w)
	if err == nil || !strings.Contains(err.Error(), "closed") {
		t.Errorf("Render after Close: error %v, want renderer is closed", err)
	}
	// Other renderers are not affected.
	render(t, renderer(t), "digraph { a -> b }", LayoutDot, PNG)
}

// TestConcurrent renders from several goroutines and two renderers at once;
// every result must equal the one rendered alone.
func TestConcurrent(t *testing.T) {
	r1 := renderer(t)
	r2, err := New(context.Background())
	if err != nil {
		t.Fatal(err)
	}
	defer r2.Close()
	type job struct {
		dot    string
		layout Layout
		format Format
	}
	var jobs []job
	for _, dot := range []string{smallDOT, fmt.Sprintf(pixelDOT, ""), string(pinnedTree(40))} {
		for _, l := range layouts {
			for _, f := range formats {
				jobs = append(jobs, job{dot, l, f})
			}
		}
	}
	want := make([][]byte, len(jobs))
	for i, j := range jobs {
		want[i] = render(t, r1, j.dot, j.layout, j.format)
	}
	var wg sync.WaitGroup
	errs := make(chan error, 100)
	for g := range 6 {
		wg.Add(1)
		go func() {
			defer wg.Done()
			r := r1
			if g%2 == 1 {
				r = r2
			}
			// Every job once a goroutine, each starting at its own job:
			// every job is rendered by goroutines on both renderers at
			// once.
			for k := range len(jobs) {
				i := (k + g) % len(jobs)
				j := jobs[i]
				var b bytes.Buffer
				if err := r.Render(context.Background(), []byte(j.dot), j.layout, j.format, &b); err != nil {
					errs <- err
					return
				}
				if !bytes.Equal(b.Bytes(), want[i]) {
					errs <- fmt.Errorf("goroutine %d: job %d (%s, %s) differs from the result rendered alone", g, i, j.layout, j.format)
					return
				}
			}
		}()
	}
	wg.Wait()
	close(errs)
	for err := range errs {
		t.Error(err)
	}
}
