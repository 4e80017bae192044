package graphviz

import (
	"bytes"
	"context"
	"fmt"
	"image"
	"image/color"
	"math"
	"os"
	"strings"
	"testing"

	gographviz "github.com/backtrack-edu/backtrack/render/graphviz/third_party/go-graphviz"
)

// pixelDOT is a small pinned tree whose geometry the pixel checks know: a
// filled root, a dashed child, a boxed child with an HTML-like table, a
// thick black edge and a bold blue one, all straight.
const pixelDOT = `digraph pix {
  splines=line; %s
  node [fontname=Helvetica, fontsize=14, fixedsize=true, width=1, height=0.5];
  root  [pos="100,200!", label="AB", style=filled, fillcolor="#88dd88"];
  left  [pos="20,60!", label="dash", style=dashed];
  right [pos="180,60!", shape=box, width=1.2, height=0.6,
         label=<<table border="0" cellborder="1" cellspacing="2"><tr><td bgcolor="red">1</td><td>2</td></tr></table>>];
  root -> left  [penwidth=3];
  root -> right [style=bold, color=blue];
}`

// Geometry of pixelDOT, in points.
const (
	rootX, rootY   = 100.0, 200.0
	leftX, leftY   = 20.0, 60.0
	rightX, rightY = 180.0, 60.0
	ellRX, ellRY   = 36.0, 18.0 // width=1, height=0.5
	boxHW, boxHH   = 43.2, 21.6 // width=1.2, height=0.6
)

// reporter is the part of testing.TB the pixel checks use, so that they can
// also be run on a picture that must fail them.
type reporter interface {
	Helper()
	Errorf(format string, args ...any)
}

// failures records the failed checks instead of failing a test.
type failures []string

func (f *failures) Helper() {}
func (f *failures) Errorf(format string, args ...any) {
	*f = append(*f, fmt.Sprintf(format, args...))
}

// checkPixels checks by pixels that a picture of pixelDOT has what it must.
func checkPixels(t reporter, m pixmap) {
	t.Helper()
	// The edges' lines, sampled well away from the nodes.
	for _, e := range []struct {
		name           string
		x0, y0, x1, y1 float64
	}{
		{"root -> left", rootX, rootY, leftX, leftY},
		{"root -> right", rootX, rootY, rightX, rightY},
	} {
		missing := 0
		for i := 0; i <= 20; i++ {
			f := 0.3 + 0.4*float64(i)/20
			x, y := e.x0+(e.x1-e.x0)*f, e.y0+(e.y1-e.y0)*f
			if !m.near(x, y, 1.5, dark) {
				missing++
			}
		}
		if missing > 0 {
			t.Errorf("edge %s: line missing at %d of 21 points", e.name, missing)
		}
	}
	// Line widths: penwidth=3 and bold (2), across the middle of the edges.
	for _, e := range []struct {
		name           string
		x0, y0, x1, y1 float64
		want           float64
	}{
		{"root -> left", rootX, rootY, leftX, leftY, 3},
		{"root -> right", rootX, rootY, rightX, rightY, 2},
	} {
		mx, my := (e.x0+e.x1)/2, (e.y0+e.y1)/2
		l := math.Hypot(e.x1-e.x0, e.y1-e.y0)
		nx, ny := -(e.y1-e.y0)/l, (e.x1-e.x0)/l
		step := 0.25
		ink := 0.0
		for s := -5.0; s <= 5; s += step {
			if dark(m.at(mx+nx*s, my+ny*s)) {
				ink += step
			}
		}
		if ink < e.want-1 || ink > e.want+2 {
			t.Errorf("edge %s: line is %.2f points wide, want about %v", e.name, ink, e.want)
		}
	}
	// The root's outline, all around.
	missing := 0
	for a := 0; a < 360; a += 10 {
		r := float64(a) * math.Pi / 180
		if !m.near(rootX+ellRX*math.Cos(r), rootY+ellRY*math.Sin(r), 1.5, dark) {
			missing++
		}
	}
	if missing > 0 {
		t.Errorf("root: outline missing at %d of 36 points", missing)
	}
	// The root's fill, beside its label.
	if c := m.at(rootX+22, rootY); !closeColor(c, color.NRGBA{0x88, 0xdd, 0x88, 255}, 16) {
		t.Errorf("root: fill is %v, want #88dd88", c)
	}
	// The root's label, dark inside the node.
	if n := countInk(m, rootX-12, rootY-5, rootX+12, rootY+7, dark); n < 10 {
		t.Errorf("root: label has %d dark samples, want some", n)
	}
	// The dashed outline: ink with gaps.
	on := 0
	for a := 0; a < 360; a += 3 {
		r := float64(a) * math.Pi / 180
		if m.near(leftX+ellRX*math.Cos(r), leftY+ellRY*math.Sin(r), 0.6, dark) {
			on++
		}
	}
	if f := float64(on) / 120; f < 0.4 || f > 0.95 {
		t.Errorf("left: dashed outline is inked at %.0f%% of its points, want dashes", f*100)
	}
	if n := countInk(m, leftX-15, leftY-5, leftX+15, leftY+7, dark); n < 10 {
		t.Errorf("left: label has %d dark samples, want some", n)
	}
	// The box's outline, along its top side.
	missing = 0
	for x := rightX - boxHW + 3; x <= rightX+boxHW-3; x += 3 {
		if !m.near(x, rightY+boxHH, 1.5, dark) {
			missing++
		}
	}
	if missing > 0 {
		t.Errorf("right: box outline missing at %d points of its top side", missing)
	}
	// The table: a red cell with a dark border and text.
	red := func(c color.NRGBA) bool { return closeColor(c, color.NRGBA{255, 0, 0, 255}, 40) }
	if n := countInk(m, rightX-20, rightY-10, rightX+20, rightY+10, red); n < 10 {
		t.Errorf("right: red table cell has %d samples, want some", n)
	}
	if n := countInk(m, rightX-20, rightY-10, rightX+20, rightY+10, dark); n < 20 {
		t.Errorf("right: table borders and text have %d dark samples, want some", n)
	}
	// The blue arrowhead, beside the line just before the box.
	l := math.Hypot(rootX-rightX, rootY-rightY)
	dx, dy := (rootX-rightX)/l, (rootY-rightY)/l
	s := boxHH / dy
	tipX, tipY := rightX+dx*s, rightY+dy*s
	bx, by := tipX+dx*11, tipY+dy*11
	blue := func(c color.NRGBA) bool { return c.A > 128 && c.B > 150 && c.R < 100 && c.G < 100 }
	if !m.near(bx-dy*2, by+dx*2, 0.4, blue) || !m.near(bx+dy*2, by-dx*2, 0.4, blue) {
		t.Errorf("root -> right: no filled arrowhead near (%.1f, %.1f)", bx, by)
	}
}

// countInk counts the samples in a box (points) that pass test.
func countInk(m pixmap, x0, y0, x1, y1 float64, test func(color.NRGBA) bool) int {
	n := 0
	step := 0.5 / math.Max(m.sx, m.sy)
	for x := x0; x <= x1; x += step {
		for y := y0; y <= y1; y += step {
			if test(m.at(x, y)) {
				n++
			}
		}
	}
	return n
}

// pixelBB lays pixelDOT out and returns its bounding box.
func pixelBB(t *testing.T, r *Renderer, dot string) [4]float64 {
	t.Helper()
	x, err := r.graphviz(context.Background(), []byte(dot), LayoutPinned, "nop2", "xdot")
	if err != nil {
		t.Fatal(err)
	}
	d, err := readXdot(x)
	if err != nil {
		t.Fatal(err)
	}
	bb, err := floats(d.attrs["bb"], 4)
	if err != nil {
		t.Fatal(err)
	}
	return [4]float64(bb)
}

func TestPNGPixels(t *testing.T) {
	r := renderer(t)
	for _, tc := range []struct {
		extra      string
		wantPerPt  float64
		wantFormat string
	}{
		{"", 1, "72 dpi by default"},
		{"dpi=144;", 2, "dpi=144"},
	} {
		t.Run(tc.wantFormat, func(t *testing.T) {
			dot := fmt.Sprintf(pixelDOT, tc.extra)
			bb := pixelBB(t, r, dot)
			img := decodePNG(t, render(t, r, dot, LayoutPinned, PNG))
			m := newPixmap(img, bb)
			if math.Abs(m.sx-tc.wantPerPt) > 0.02 || math.Abs(m.sy-tc.wantPerPt) > 0.02 {
				t.Errorf("%v pixels for a %v drawing: %.3f x %.3f pixels per point, want %v",
					img.Bounds().Size(), bb, m.sx, m.sy, tc.wantPerPt)
			}
			if c := color.NRGBAModel.Convert(img.At(0, 0)).(color.NRGBA); c != (color.NRGBA{255, 255, 255, 255}) {
				t.Errorf("background is %v, want white", c)
			}
			checkPixels(t, m)
		})
	}
}

// TestStockPNGFailsPixelChecks runs the pixel checks on go-graphviz's own
// PNG renderer, which leaves out node outlines and edge lines (upstream
// issue 106): the checks must catch that, or they prove nothing.
func TestStockPNGFailsPixelChecks(t *testing.T) {
	dot := fmt.Sprintf(pixelDOT, "")
	bb := pixelBB(t, renderer(t), dot)
	var buf bytes.Buffer
	func() {
		wasmMu.Lock()
		defer wasmMu.Unlock()
		ctx := context.Background()
		gv, err := gographviz.New(ctx)
		if err != nil {
			t.Fatal(err)
		}
		defer gv.Close()
		g, err := gographviz.ParseBytes([]byte(dot))
		if err != nil {
			t.Fatal(err)
		}
		defer g.Close()
		g.SetNoTranslate(true)
		if err := gv.SetLayout(gographviz.NOP2).Render(ctx, g, gographviz.PNG, &buf); err != nil {
			t.Fatal(err)
		}
	}()
	var f failures
	checkPixels(&f, newPixmap(decodePNG(t, buf.Bytes()), bb))
	all := strings.Join(f, "\n")
	for _, want := range []string{"edge root -> left: line missing", "root: outline missing", "right: box outline missing"} {
		if !strings.Contains(all, want) {
			t.Errorf("the pixel checks did not report %q on go-graphviz's PNG; they reported:\n%s", want, all)
		}
	}
	t.Logf("on go-graphviz's own PNG the pixel checks report:\n%s", all)
}

func TestPNGSizeLimits(t *testing.T) {
	for _, tc := range []struct {
		name  string
		attrs map[string]string
		w, h  int
	}{
		{"plain", map[string]string{"bb": "0,0,100,50"}, 108, 58},
		{"dpi", map[string]string{"bb": "0,0,100,50", "dpi": "144"}, 216, 116},
		{"resolution", map[string]string{"bb": "0,0,100,50", "resolution": "36"}, 54, 29},
		{"pad", map[string]string{"bb": "0,0,100,50", "pad": "0.5"}, 172, 122},
		{"size shrinks", map[string]string{"bb": "0,0,200,100", "size": "1,1"}, 80, 44},
		{"size without ! does not grow", map[string]string{"bb": "0,0,100,50", "size": "10,10"}, 108, 58},
		{"size! grows", map[string]string{"bb": "0,0,72,36", "size": "2,2!"}, 152, 80},
		{"wide", map[string]string{"bb": "0,0,100000,100"}, maxSide, 36},
		{"tall", map[string]string{"bb": "0,0,100,100000"}, 36, maxSide},
		{"big", map[string]string{"bb": "0,0,20000,20000"}, 8192, 8192},
		{"empty", map[string]string{"bb": "0,0,0,0"}, 8, 8},
	} {
		t.Run(tc.name, func(t *testing.T) {
			g, err := geometryOf(tc.attrs)
			if err != nil {
				t.Fatal(err)
			}
			if g.w != tc.w || g.h != tc.h {
				t.Errorf("picture is %dx%d, want %dx%d", g.w, g.h, tc.w, tc.h)
			}
			if g.w*g.h > maxPixels {
				t.Errorf("picture has %d pixels, more than %d", g.w*g.h, maxPixels)
			}
		})
	}
	if _, err := geometryOf(map[string]string{}); err == nil {
		t.Error("geometry without bb: no error")
	}
}

// TestPNGChinese draws a Chinese label. With a CJK font installed (see the
// package documentation) its characters must be real glyphs, not the empty
// boxes of the Go font; without one the picture must still be made.
func TestPNGChinese(t *testing.T) {
	r := renderer(t)
	const dot = `digraph { node [fontname=Helvetica, fontsize=20];
	  a [pos="0,0!", label="中文", shape=box, width=1.5, height=0.8, fixedsize=true]; }`
	img := decodePNG(t, render(t, r, dot, LayoutPinned, PNG))
	hasCJK := false
	for _, f := range fallbackFonts() {
		if x, err := f.GlyphIndex(nil, '中'); err == nil && x != 0 {
			hasCJK = true
		}
	}
	for _, path := range cjkFontPaths {
		if _, err := os.Stat(path); err == nil && !hasCJK {
			t.Errorf("%s is installed but gives no glyph for 中", path)
		}
	}
	// Compare with two characters the Go font lacks in every font here:
	// private-use code points, drawn as empty boxes.
	boxes := decodePNG(t, render(t, r, strings.Replace(dot, "中文", "\ue000\ue001", 1), LayoutPinned, PNG))
	if img.Bounds() != boxes.Bounds() {
		t.Fatalf("pictures differ in size: %v and %v", img.Bounds(), boxes.Bounds())
	}
	if n := countDark(img); n == 0 {
		t.Errorf("the Chinese label left no ink")
	}
	diff := 0
	b := img.Bounds()
	for y := b.Min.Y; y < b.Max.Y; y++ {
		for x := b.Min.X; x < b.Max.X; x++ {
			if img.At(x, y) != boxes.At(x, y) {
				diff++
			}
		}
	}
	t.Logf("CJK font found: %v; pixels that differ from empty boxes: %d", hasCJK, diff)
	if hasCJK && diff < 30 {
		t.Errorf("with a CJK font, 中文 is drawn as empty boxes (%d pixels differ)", diff)
	}
}

func countDark(img image.Image) int {
	n := 0
	b := img.Bounds()
	for y := b.Min.Y; y < b.Max.Y; y++ {
		for x := b.Min.X; x < b.Max.X; x++ {
			if dark(color.NRGBAModel.Convert(img.At(x, y)).(color.NRGBA)) {
				n++
			}
		}
	}
	return n
}
