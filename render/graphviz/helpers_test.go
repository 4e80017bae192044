package graphviz

import (
	"bytes"
	"context"
	"fmt"
	"image"
	"image/color"
	"image/png"
	"math"
	"regexp"
	"strconv"
	"sync"
	"testing"
)

// testRenderer is shared by the tests: New is cheap, but one is enough.
var testRenderer = sync.OnceValues(func() (*Renderer, error) {
	return New(context.Background())
})

func renderer(t testing.TB) *Renderer {
	t.Helper()
	r, err := testRenderer()
	if err != nil {
		t.Fatal(err)
	}
	return r
}

func render(t testing.TB, r *Renderer, dot string, layout Layout, format Format) []byte {
	t.Helper()
	var b bytes.Buffer
	if err := r.Render(context.Background(), []byte(dot), layout, format, &b); err != nil {
		t.Fatalf("Render(%s, %s): %v", layout, format, err)
	}
	return b.Bytes()
}

func decodePNG(t testing.TB, b []byte) image.Image {
	t.Helper()
	img, err := png.Decode(bytes.NewReader(b))
	if err != nil {
		t.Fatalf("PNG does not decode: %v", err)
	}
	return img
}

// pinnedTree returns the DOT text of a complete ternary tree of n nodes
// laid out tidily (leaves 54 points apart, parents centred over their
// children, levels 72 points apart), every node pinned with pos="x,y!", as
// the tree layout of another package writes it.
func pinnedTree(n int) []byte {
	depth := make([]int, n)
	for i := 1; i < n; i++ {
		depth[i] = depth[(i-1)/3] + 1
	}
	x := make([]float64, n)
	next := 0.0
	var place func(i int)
	place = func(i int) {
		first, last := 3*i+1, min(3*i+3, n-1)
		if first >= n {
			x[i] = next
			next += 54
			return
		}
		for c := first; c <= last; c++ {
			place(c)
		}
		x[i] = (x[first] + x[last]) / 2
	}
	place(0)
	var b bytes.Buffer
	b.WriteString("digraph tree {\n  splines=line;\n")
	b.WriteString("  node [shape=ellipse, fontname=Helvetica, fontsize=10, width=0.6, height=0.35, fixedsize=true];\n")
	for i := range n {
		style := ""
		switch {
		case i%7 == 0:
			style = `, style=filled, fillcolor="#a6dba0"`
		case i%11 == 0:
			style = `, style=dashed, color=grey50`
		}
		fmt.Fprintf(&b, "  n%d [label=\"%d\", pos=\"%g,%g!\"%s];\n", i, i, x[i], float64(-72*depth[i]), style)
	}
	for i := 1; i < n; i++ {
		fmt.Fprintf(&b, "  n%d -> n%d;\n", (i-1)/3, i)
	}
	b.WriteString("}\n")
	return b.Bytes()
}

// svgNode is a node as drawn in an SVG: its name and its centre in
// Graphviz points (y upward).
type svgNode struct {
	name string
	x, y float64
}

var svgNodeRE = regexp.MustCompile(`(?s)<g id="node\d+" class="node">\s*<title>([^<]*)</title>\s*<(?:ellipse|polygon)[^>]*?(?:cx="([-\d.]+)" cy="([-\d.]+)"|points="([^"]*)")`)

// svgNodes reads node centres back from an SVG written by Graphviz: an
// ellipse's centre, or the middle of a polygon's bounding box.
func svgNodes(t testing.TB, svg []byte) map[string]svgNode {
	t.Helper()
	nodes := map[string]svgNode{}
	for _, m := range svgNodeRE.FindAllSubmatch(svg, -1) {
		n := svgNode{name: string(m[1])}
		if len(m[2]) > 0 {
			n.x = atof(t, string(m[2]))
			n.y = -atof(t, string(m[3]))
		} else {
			x0, y0, x1, y1 := math.Inf(1), math.Inf(1), math.Inf(-1), math.Inf(-1)
			for _, p := range bytes.Fields(m[4]) {
				xy := bytes.Split(p, []byte(","))
				x, y := atof(t, string(xy[0])), -atof(t, string(xy[1]))
				x0, y0, x1, y1 = math.Min(x0, x), math.Min(y0, y), math.Max(x1, x), math.Max(y1, y)
			}
			n.x, n.y = (x0+x1)/2, (y0+y1)/2
		}
		nodes[n.name] = n
	}
	return nodes
}

func atof(t testing.TB, s string) float64 {
	t.Helper()
	v, err := strconv.ParseFloat(s, 64)
	if err != nil {
		t.Fatal(err)
	}
	return v
}

// pixmap maps Graphviz points to the pixels of a picture of a drawing with
// bounding box bb and 4 points of padding, whatever its resolution.
type pixmap struct {
	img        image.Image
	bb         [4]float64
	sx, sy     float64 // pixels per point
	padX, padY float64 // pixels
}

func newPixmap(img image.Image, bb [4]float64) pixmap {
	b := img.Bounds()
	sx := float64(b.Dx()) / (bb[2] - bb[0] + 2*defaultPad)
	sy := float64(b.Dy()) / (bb[3] - bb[1] + 2*defaultPad)
	return pixmap{img: img, bb: bb, sx: sx, sy: sy, padX: defaultPad * sx, padY: defaultPad * sy}
}

// at returns the colour at Graphviz point (x, y).
func (m pixmap) at(x, y float64) color.NRGBA {
	px := int(math.Floor((x-m.bb[0])*m.sx + m.padX))
	py := int(math.Floor((m.bb[3]-y)*m.sy + m.padY))
	return color.NRGBAModel.Convert(m.img.At(px, py)).(color.NRGBA)
}

// dark reports whether c is ink: dark and opaque.
func dark(c color.NRGBA) bool {
	return c.A > 128 && 0.299*float64(c.R)+0.587*float64(c.G)+0.114*float64(c.B) < 110
}

// near reports whether test holds for some pixel within r points of (x, y).
func (m pixmap) near(x, y, r float64, test func(color.NRGBA) bool) bool {
	step := 0.5 / math.Max(m.sx, m.sy)
	for dx := -r; dx <= r; dx += step {
		for dy := -r; dy <= r; dy += step {
			if test(m.at(x+dx, y+dy)) {
				return true
			}
		}
	}
	return false
}

func closeColor(a, b color.NRGBA, tol int) bool {
	d := func(u, v uint8) int { return max(int(u)-int(v), int(v)-int(u)) }
	return d(a.R, b.R) <= tol && d(a.G, b.G) <= tol && d(a.B, b.B) <= tol
}
