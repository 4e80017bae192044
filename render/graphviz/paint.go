package graphviz

import (
	"bytes"
	"errors"
	"fmt"
	"image"
	"image/color"
	"image/draw"
	"image/png"
	"math"
	"strconv"
	"strings"
	"sync"

	"github.com/golang/freetype/raster"
	"golang.org/x/image/font"
	"golang.org/x/image/math/fixed"
)

// This file paints an xdot drawing into an RGBA image, in pure Go: shapes
// are filled and stroked with the anti-aliasing rasteriser of
// github.com/golang/freetype/raster, text is drawn with golang.org/x/image
// fonts.

// Limits on the size of a PNG picture. Like Graphviz for its bitmaps, a
// bigger drawing is scaled down to fit rather than refused.
const (
	maxSide   = 32767   // pixels on either side
	maxPixels = 1 << 26 // 64 megapixels: 256 MB as RGBA
)

// Graphviz's defaults.
const (
	defaultDPI      = 72.0
	defaultPad      = 4.0 // points on every side
	defaultFontSize = 14.0
	defaultFont     = "Times-Roman"
)

// Dash patterns, in points, as Graphviz's SVG renderer writes them.
var (
	dashedPattern = []float64{5, 2}
	dottedPattern = []float64{1, 5}
)

// minTextPixels is the smallest font size, in pixels, worth drawing: below
// it a label is a smudge, and a huge drawing scaled down to fit would spend
// most of its time on them.
const minTextPixels = 1.5

// maxTextPixels caps the font size: a glyph's mask grows with its square.
const maxTextPixels = 2048

// xdotToPNG paints the xdot document src and returns it encoded as PNG.
func xdotToPNG(src []byte) ([]byte, error) {
	img, err := xdotToImage(src, 1)
	if err != nil {
		return nil, err
	}
	return EncodePNG(img)
}

// xdotToImage paints the xdot document src at scale times its resolution.
func xdotToImage(src []byte, scale float64) (*image.RGBA, error) {
	d, err := readXdot(src)
	if err != nil {
		return nil, err
	}
	return d.paintAt(scale)
}

// EncodePNG encodes a painted picture as PNG, as the PNG format is written.
func EncodePNG(img *image.RGBA) ([]byte, error) {
	var buf bytes.Buffer
	enc := png.Encoder{CompressionLevel: png.BestSpeed}
	if err := enc.Encode(&buf, img); err != nil {
		return nil, fmt.Errorf("graphviz: encode png: %w", err)
	}
	if err := checkPNG(buf.Bytes(), img.Bounds()); err != nil {
		return nil, err
	}
	return buf.Bytes(), nil
}

// checkPNG reads the header of out and makes sure it is a picture of the
// given size. (Decoding the whole picture again would double the time of a
// big PNG; image/png's encoder is trusted for the pixels.)
func checkPNG(out []byte, want image.Rectangle) error {
	if len(out) == 0 {
		return errors.New("graphviz: encode png: empty output")
	}
	cfg, err := png.DecodeConfig(bytes.NewReader(out))
	if err != nil {
		return fmt.Errorf("graphviz: encode png: the result does not decode: %w", err)
	}
	if cfg.Width != want.Dx() || cfg.Height != want.Dy() {
		return fmt.Errorf("graphviz: encode png: the result is %dx%d, want %dx%d", cfg.Width, cfg.Height, want.Dx(), want.Dy())
	}
	return nil
}

// pt is a point in pixels, y growing downward.
type pt struct{ x, y float64 }

// geometry maps Graphviz points (y upward) to pixels.
type geometry struct {
	unit       float64 // pixels per point
	llx, ury   float64 // the drawing's top left corner, in points
	offX, offY float64 // the padding, in pixels
	w, h       int     // the picture, in pixels
}

func (g geometry) pt(x, y float64) pt {
	return pt{(x-g.llx)*g.unit + g.offX, (g.ury-y)*g.unit + g.offY}
}

// geometryOf works out the picture's size and scale from the root graph's
// attributes bb, dpi (or resolution), pad and size.
func geometryOf(attrs map[string]string) (geometry, error) { return geometryAt(attrs, 1) }

// geometryAt is geometryOf with s pixels for every pixel the graph's
// resolution asks for (the PNG's --scale).
func geometryAt(attrs map[string]string, s float64) (geometry, error) {
	bb, err := floats(attrs["bb"], 4)
	if err != nil {
		return geometry{}, fmt.Errorf("graphviz: paint: graph attribute bb: %w", err)
	}
	dpi := defaultDPI
	for _, name := range []string{"resolution", "dpi"} {
		if v, err := strconv.ParseFloat(strings.TrimSpace(attrs[name]), 64); err == nil && v > 0 {
			dpi = v
		}
	}
	padX, padY := defaultPad, defaultPad
	if s := attrs["pad"]; s != "" {
		if p, err := floats(s, 2); err == nil {
			padX, padY = p[0]*72, p[1]*72
		} else if p, err := floats(s, 1); err == nil {
			padX, padY = p[0]*72, p[0]*72
		}
	}
	w, h := math.Max(bb[2]-bb[0], 0), math.Max(bb[3]-bb[1], 0)
	zoom := 1.0
	if s := strings.TrimSpace(attrs["size"]); s != "" {
		fill := strings.HasSuffix(s, "!")
		s = strings.TrimSuffix(s, "!")
		sz, err := floats(s, 2)
		if err != nil {
			if sz, err = floats(s, 1); err == nil {
				sz = append(sz, sz[0])
			}
		}
		if err == nil && sz[0] > 0 && sz[1] > 0 && w > 0 && h > 0 {
			sw, sh := sz[0]*72, sz[1]*72
			if w > sw || h > sh || fill && w < sw && h < sh {
				zoom = math.Min(sw/w, sh/h)
			}
		}
	}
	scale := dpi / 72 * s
	pw, ph := (w*zoom+2*padX)*scale, (h*zoom+2*padY)*scale
	// Fit the limits on pixels.
	fit := 1.0
	if pw > maxSide {
		fit = math.Min(fit, maxSide/pw)
	}
	if ph > maxSide {
		fit = math.Min(fit, maxSide/ph)
	}
	if pw*ph*fit*fit > maxPixels {
		fit = math.Min(fit, math.Sqrt(maxPixels/(pw*ph)))
	}
	scale *= fit
	return geometry{
		unit: zoom * scale,
		llx:  bb[0], ury: bb[3],
		offX: padX * scale, offY: padY * scale,
		w: max(1, min(maxSide, int(math.Ceil(pw*fit-1e-6)))),
		h: max(1, min(maxSide, int(math.Ceil(ph*fit-1e-6)))),
	}, nil
}

// floats parses n numbers separated by commas or spaces.
func floats(s string, n int) ([]float64, error) {
	fs := strings.FieldsFunc(s, func(r rune) bool { return r == ',' || r == ' ' })
	if len(fs) != n {
		return nil, fmt.Errorf("want %d numbers, found %q", n, s)
	}
	v := make([]float64, n)
	for i, f := range fs {
		var err error
		if v[i], err = strconv.ParseFloat(f, 64); err != nil {
			return nil, fmt.Errorf("want %d numbers, found %q", n, s)
		}
	}
	return v, nil
}

// paint draws d on a white background.
func (d *drawing) paint() (*image.RGBA, error) { return d.paintAt(1) }

// pixPool holds the pixels of pictures handed back by Recycle (*[]uint8).
var pixPool sync.Pool

// newRGBA is image.NewRGBA(image.Rect(0, 0, w, h)), its pixels taken from
// a recycled picture when one is big enough: their old values are left,
// for the caller to paint over (paintAt fills the picture white first).
func newRGBA(w, h int) *image.RGBA {
	n := 4 * w * h
	if b, ok := pixPool.Get().(*[]uint8); ok && cap(*b) >= n {
		return &image.RGBA{Pix: (*b)[:n], Stride: 4 * w, Rect: image.Rect(0, 0, w, h)}
	}
	return image.NewRGBA(image.Rect(0, 0, w, h))
}

// Recycle hands back a picture DrawImage returned that its caller no
// longer uses, nor anything made from it that shares its pixels: the next
// DrawImage may paint into its memory rather than allocate and clear
// another (a GIF's frames are dozens of pictures of one size).
func Recycle(img *image.RGBA) {
	if img != nil && cap(img.Pix) > 0 {
		pix := img.Pix[:0]
		pixPool.Put(&pix)
	}
}

// paintAt draws d on a white background with s pixels for each pixel of
// paint: lines, shapes and text are drawn at that resolution, not enlarged.
func (d *drawing) paintAt(s float64) (*image.RGBA, error) {
	geo, err := geometryAt(d.attrs, s)
	if err != nil {
		return nil, err
	}
	img := newRGBA(geo.w, geo.h)
	draw.Draw(img, img.Bounds(), image.White, image.Point{}, draw.Src)
	p := &painter{img: img, geo: geo, faces: newFaceCache(), solid: raster.NewRGBAPainter(img)}
	defer p.faces.close()

	// Graphs and clusters first, then nodes and edges in the order the
	// graph's outputorder asks for (by default, as Graphviz wrote them).
	first, second := kindNode, kindEdge
	var passes [][]objKind
	switch d.attrs["outputorder"] {
	case "edgesfirst":
		first, second = kindEdge, kindNode
		fallthrough
	case "nodesfirst":
		passes = [][]objKind{{kindGraph}, {first}, {second}}
	default:
		passes = [][]objKind{{kindGraph}, {kindNode, kindEdge}}
	}
	for _, kinds := range passes {
		for i := range d.objects {
			o := &d.objects[i]
			if o.kind != kinds[0] && (len(kinds) == 1 || o.kind != kinds[1]) {
				continue
			}
			for j, ops := range o.ops {
				if ops == "" {
					continue
				}
				if err := p.run(ops); err != nil {
					return nil, fmt.Errorf("graphviz: paint %s, %s: %w", o.name, drawAttrs[j], err)
				}
			}
		}
	}
	return img, nil
}

// fill is how an area is painted: a solid colour or a gradient.
type fill struct {
	c    color.NRGBA
	grad *gradient // if not nil, c is unused
}

// painter runs xdot operations. Its drawing state is reset for every
// attribute, as each of Graphviz's xdot attributes sets the state it uses.
type painter struct {
	img   *image.RGBA
	geo   geometry
	faces *faceCache
	ras   raster.Rasterizer
	solid *raster.RGBAPainter

	pen, fill fill
	width     float64   // line width, in points
	dash      []float64 // dash pattern, in points; nil for solid lines
	invis     bool
	fontName  string
	fontSize  float64 // in points
	fontFlags int     // xdot's t flags: 1 bold, 2 italic, 4 underline, 32 strike-through, 64 overline
	// painted is set once anything but white has been painted: until
	// then the picture is all white, and white painted over it (the
	// graph's background, the size of the picture) changes no pixel, so
	// it is skipped.
	painted bool
}

func (p *painter) reset() {
	black := fill{c: color.NRGBA{A: 255}}
	p.pen, p.fill = black, black
	p.width, p.dash, p.invis = 1, nil, false
	p.fontName, p.fontSize, p.fontFlags = defaultFont, defaultFontSize, 0
}

// run paints one attribute's operations.
func (p *painter) run(ops string) error {
	p.reset()
	r := &opReader{s: ops}
	for {
		op, err := r.op()
		if err != nil {
			return err
		}
		if op == 0 {
			return nil
		}
		if err := p.do(op, r); err != nil {
			return fmt.Errorf("operation %c: %w", op, err)
		}
	}
}

func (p *painter) do(op byte, r *opReader) error {
	switch op {
	case 'E', 'e':
		cx, cy, rx, ry, err := nums4(r)
		if err != nil {
			return err
		}
		p.shape(ellipse(p.geo.pt(cx, cy), rx*p.geo.unit, ry*p.geo.unit), op == 'E', true)
	case 'P', 'p':
		ps, err := r.points(p.geo.pt)
		if err != nil {
			return err
		}
		p.shape(ps, op == 'P', true)
	case 'L':
		ps, err := r.points(p.geo.pt)
		if err != nil {
			return err
		}
		p.shape(ps, false, false)
	case 'B', 'b':
		ps, err := r.points(p.geo.pt)
		if err != nil {
			return err
		}
		p.shape(flattenBezier(ps), op == 'b', op == 'b')
	case 'T':
		return p.text(r)
	case 't':
		n, err := r.count(127)
		if err != nil {
			return err
		}
		p.fontFlags = n
	case 'F':
		size, err := r.num()
		if err != nil {
			return err
		}
		name, err := r.str()
		if err != nil {
			return err
		}
		p.fontSize, p.fontName = size, name
	case 'C', 'c':
		s, err := r.str()
		if err != nil {
			return err
		}
		f, err := parseFill(s, p.geo)
		if err != nil {
			return err
		}
		if op == 'C' {
			p.fill = f
		} else {
			p.pen = f
		}
	case 'S':
		s, err := r.str()
		if err != nil {
			return err
		}
		p.style(s)
	case 'I':
		// An image: x y w h and a file name. Images are not drawn.
		if _, _, _, _, err := nums4(r); err != nil {
			return err
		}
		if _, err := r.str(); err != nil {
			return err
		}
	default:
		return errors.New("unknown operation")
	}
	return nil
}

func nums4(r *opReader) (a, b, c, d float64, err error) {
	var v [4]float64
	for i := range v {
		if v[i], err = r.num(); err != nil {
			return
		}
	}
	return v[0], v[1], v[2], v[3], nil
}

// style applies an S operation.
func (p *painter) style(s string) {
	switch {
	case s == "solid":
		p.dash = nil
	case s == "dashed":
		p.dash = dashedPattern
	case s == "dotted":
		p.dash = dottedPattern
	case s == "bold":
		p.width = 2
	case s == "invis" || s == "invisible":
		p.invis = true
	case strings.HasPrefix(s, "setlinewidth(") && strings.HasSuffix(s, ")"):
		if w, err := strconv.ParseFloat(s[len("setlinewidth("):len(s)-1], 64); err == nil && w >= 0 {
			p.width = w
		}
	}
	// Other styles (filled, rounded, diagonals, tapered...) reach xdot
	// already turned into shapes and fill colours.
}

// shape fills (if filled) and strokes a polygon or polyline given in
// pixels. A filled shape is painted with the fill colour and outlined with
// the pen colour, as Graphviz draws it.
func (p *painter) shape(ps []pt, filled, closed bool) {
	if p.invis || len(ps) == 0 {
		return
	}
	if !p.painted {
		// White over white, at any coverage, stays exactly white
		// (raster.RGBAPainter's blend of an opaque colour over itself).
		if (!filled || noneOrWhite(p.fill)) && noneOrWhite(p.pen) {
			return
		}
		p.painted = true
	}
	if filled && len(ps) > 2 {
		p.fillPolygon(ps, p.fill)
	}
	p.stroke(ps, closed)
}

// noneOrWhite says whether f paints nothing or opaque white.
func noneOrWhite(f fill) bool {
	return f.grad == nil && (f.c.A == 0 || f.c == color.NRGBA{255, 255, 255, 255})
}

// ellipse returns a polygon close to the ellipse at c with radii rx, ry
// (pixels): within a tenth of a pixel.
func ellipse(c pt, rx, ry float64) []pt {
	r := math.Max(math.Abs(rx), math.Abs(ry))
	n := 8
	if r > 0.1 {
		// The sagitta of a chord over angle 2π/n is r(1-cos(π/n)).
		n = int(math.Ceil(math.Pi / math.Acos(1-0.1/r)))
	}
	n = min(max(n, 8), 720)
	ps := make([]pt, n)
	for i := range ps {
		a := 2 * math.Pi * float64(i) / float64(n)
		ps[i] = pt{c.x + rx*math.Cos(a), c.y + ry*math.Sin(a)}
	}
	return ps
}

// flattenBezier turns a piecewise cubic Bézier (1+3k points) into a
// polyline.
func flattenBezier(ps []pt) []pt {
	if len(ps) < 4 {
		return ps
	}
	out := []pt{ps[0]}
	for i := 0; i+3 < len(ps); i += 3 {
		p0, p1, p2, p3 := ps[i], ps[i+1], ps[i+2], ps[i+3]
		l := dist(p0, p1) + dist(p1, p2) + dist(p2, p3)
		n := min(max(int(math.Ceil(math.Sqrt(l*2))), 1), 200)
		if dist(p0, p3)*1.0001 >= l { // straight
			n = 1
		}
		for k := 1; k <= n; k++ {
			t := float64(k) / float64(n)
			u := 1 - t
			a, b, c, d := u*u*u, 3*u*u*t, 3*u*t*t, t*t*t
			out = append(out, pt{
				a*p0.x + b*p1.x + c*p2.x + d*p3.x,
				a*p0.y + b*p1.y + c*p2.y + d*p3.y,
			})
		}
	}
	return out
}

func dist(a, b pt) float64 { return math.Hypot(b.x-a.x, b.y-a.y) }

// bounds returns the pixel rectangle covering ps grown by margin, clipped
// to the picture.
func (p *painter) bounds(ps []pt, margin float64) image.Rectangle {
	x0, y0, x1, y1 := math.Inf(1), math.Inf(1), math.Inf(-1), math.Inf(-1)
	for _, q := range ps {
		x0, y0 = math.Min(x0, q.x), math.Min(y0, q.y)
		x1, y1 = math.Max(x1, q.x), math.Max(y1, q.y)
	}
	r := image.Rect(int(math.Floor(x0-margin)), int(math.Floor(y0-margin)),
		int(math.Ceil(x1+margin))+1, int(math.Ceil(y1+margin))+1)
	return r.Intersect(p.img.Bounds())
}

// prepare sets the rasteriser up for a shape covering r: the rasteriser
// works in a window the size of r, not of the picture, so the cost of a
// shape does not grow with the picture's height.
func (p *painter) prepare(r image.Rectangle) {
	p.ras.SetBounds(r.Dx(), r.Dy())
	p.ras.Dx, p.ras.Dy = r.Min.X, r.Min.Y
}

func fix(q pt, r image.Rectangle) fixed.Point26_6 {
	return fixed.Point26_6{
		X: fixed.Int26_6(math.Round((q.x - float64(r.Min.X)) * 64)),
		Y: fixed.Int26_6(math.Round((q.y - float64(r.Min.Y)) * 64)),
	}
}

func (p *painter) fillPolygon(ps []pt, f fill) {
	if f.grad == nil && f.c.A == 0 {
		return
	}
	// Clipping keeps far-away points (Graphviz makes none, but a broken
	// drawing could) out of the rasteriser's fixed-point range.
	ps = clipPolygon(ps, p.view(2))
	if len(ps) < 3 {
		return
	}
	r := p.bounds(ps, 1)
	if r.Empty() {
		return
	}
	p.prepare(r)
	var path raster.Path
	path.Start(fix(ps[0], r))
	for _, q := range ps[1:] {
		path.Add1(fix(q, r))
	}
	path.Add1(fix(ps[0], r))
	p.ras.UseNonZeroWinding = true
	p.ras.AddPath(path)
	p.ras.Rasterize(p.painterFor(f))
}

// view returns the picture's rectangle, in pixels, grown by margin.
func (p *painter) view(margin float64) rect {
	return rect{-margin, -margin, float64(p.geo.w) + margin, float64(p.geo.h) + margin}
}

// minLinePixels keeps lines visible when a big drawing is scaled down.
const minLinePixels = 0.5

// stroke draws a polyline (closed: a polygon outline) with the pen.
func (p *painter) stroke(ps []pt, closed bool) {
	if p.pen.grad == nil && p.pen.c.A == 0 || p.width == 0 || len(ps) < 2 {
		return
	}
	width := math.Max(p.width*p.geo.unit, minLinePixels)
	if closed {
		// Start and end in the middle of the first side, so that the
		// butt ends meet on a straight line and the corners all get joins.
		mid := pt{(ps[0].x + ps[1].x) / 2, (ps[0].y + ps[1].y) / 2}
		ring := make([]pt, 0, len(ps)+2)
		ring = append(ring, mid)
		ring = append(ring, ps[1:]...)
		ring = append(ring, ps[0], mid)
		ps = ring
	}
	var pieces [][]pt
	for _, run := range clipPolyline(ps, p.view(width+2)) {
		if p.dash != nil {
			pieces = append(pieces, dashes(run, p.dash, p.geo.unit)...)
		} else {
			pieces = append(pieces, run.pts)
		}
	}
	var all []pt
	for _, piece := range pieces {
		all = append(all, piece...)
	}
	if len(all) == 0 {
		return
	}
	r := p.bounds(all, width/2+2)
	if r.Empty() {
		return
	}
	p.prepare(r)
	p.ras.UseNonZeroWinding = true
	for _, piece := range pieces {
		if len(piece) < 2 {
			continue
		}
		var path raster.Path
		path.Start(fix(piece[0], r))
		for _, q := range piece[1:] {
			path.Add1(fix(q, r))
		}
		p.ras.AddStroke(path, fixed.Int26_6(width*64), raster.ButtCapper, raster.RoundJoiner)
	}
	p.ras.Rasterize(p.painterFor(p.pen))
}

// rect is an axis-aligned rectangle in pixels.
type rect struct{ x0, y0, x1, y1 float64 }

// run is a visible stretch of a polyline and how far along the polyline
// it starts, which dash patterns need.
type run struct {
	pts   []pt
	start float64
}

// clipPolyline returns the parts of a polyline inside r.
func clipPolyline(ps []pt, r rect) []run {
	var runs []run
	var cur *run
	along := 0.0
	for i := 1; i < len(ps); i++ {
		a, b := ps[i-1], ps[i]
		l := dist(a, b)
		t0, t1, ok := clipSegment(a, b, r)
		if !ok {
			cur = nil
			along += l
			continue
		}
		pa := pt{a.x + (b.x-a.x)*t0, a.y + (b.y-a.y)*t0}
		pb := pt{a.x + (b.x-a.x)*t1, a.y + (b.y-a.y)*t1}
		if cur == nil || t0 > 0 {
			runs = append(runs, run{pts: []pt{pa}, start: along + l*t0})
			cur = &runs[len(runs)-1]
		}
		cur.pts = append(cur.pts, pb)
		if t1 < 1 {
			cur = nil
		}
		along += l
	}
	return runs
}

// clipSegment returns the part [t0, t1] of segment a-b inside r
// (Liang-Barsky).
func clipSegment(a, b pt, r rect) (t0, t1 float64, ok bool) {
	t0, t1 = 0, 1
	dx, dy := b.x-a.x, b.y-a.y
	for _, e := range [4][2]float64{{-dx, a.x - r.x0}, {dx, r.x1 - a.x}, {-dy, a.y - r.y0}, {dy, r.y1 - a.y}} {
		p, q := e[0], e[1]
		if p == 0 {
			if q < 0 {
				return 0, 0, false
			}
			continue
		}
		t := q / p
		if p < 0 {
			t0 = math.Max(t0, t)
		} else {
			t1 = math.Min(t1, t)
		}
		if t0 > t1 {
			return 0, 0, false
		}
	}
	return t0, t1, true
}

// clipPolygon returns the part of a polygon inside r (Sutherland-Hodgman).
func clipPolygon(ps []pt, r rect) []pt {
	inside := true
	for _, q := range ps {
		if q.x < r.x0 || q.x > r.x1 || q.y < r.y0 || q.y > r.y1 {
			inside = false
			break
		}
	}
	if inside {
		return ps
	}
	type edge struct {
		in  func(pt) bool
		cut func(a, b pt) pt
	}
	at := func(a, b pt, t float64) pt { return pt{a.x + (b.x-a.x)*t, a.y + (b.y-a.y)*t} }
	edges := []edge{
		{func(q pt) bool { return q.x >= r.x0 }, func(a, b pt) pt { return at(a, b, (r.x0-a.x)/(b.x-a.x)) }},
		{func(q pt) bool { return q.x <= r.x1 }, func(a, b pt) pt { return at(a, b, (r.x1-a.x)/(b.x-a.x)) }},
		{func(q pt) bool { return q.y >= r.y0 }, func(a, b pt) pt { return at(a, b, (r.y0-a.y)/(b.y-a.y)) }},
		{func(q pt) bool { return q.y <= r.y1 }, func(a, b pt) pt { return at(a, b, (r.y1-a.y)/(b.y-a.y)) }},
	}
	out := ps
	for _, e := range edges {
		in := out
		out = nil
		for i, b := range in {
			a := in[(i+len(in)-1)%len(in)]
			switch ain, bin := e.in(a), e.in(b); {
			case ain && bin:
				out = append(out, b)
			case ain:
				out = append(out, e.cut(a, b))
			case bin:
				out = append(out, e.cut(a, b), b)
			}
		}
		if len(out) == 0 {
			return nil
		}
	}
	return out
}

// dashes cuts a visible run of a polyline into the pieces a dash pattern
// (in points) draws, the pattern starting where the whole polyline starts.
func dashes(rn run, pattern []float64, unit float64) [][]pt {
	ps := rn.pts
	lens := make([]float64, len(pattern))
	period := 0.0
	for i, l := range pattern {
		lens[i] = math.Max(l*unit, 0.5)
		period += lens[i]
	}
	// Where in the pattern the run starts.
	phase := math.Mod(rn.start, period)
	k := 0 // pattern index (even: on)
	for phase >= lens[k] {
		phase -= lens[k]
		k = (k + 1) % len(lens)
	}
	left := lens[k] - phase // length left in pattern entry k
	var out [][]pt
	cur := []pt{ps[0]}
	for i := 1; i < len(ps); i++ {
		a, b := ps[i-1], ps[i]
		seg := dist(a, b)
		at := 0.0
		for seg-at > left {
			at += left
			t := at / seg
			q := pt{a.x + (b.x-a.x)*t, a.y + (b.y-a.y)*t}
			if k%2 == 0 {
				out = append(out, append(cur, q))
			}
			cur = []pt{q}
			k = (k + 1) % len(lens)
			left = lens[k]
		}
		left -= seg - at
		if k%2 == 0 {
			cur = append(cur, b)
		} else {
			cur = []pt{b}
		}
	}
	if k%2 == 0 && len(cur) > 1 {
		out = append(out, cur)
	}
	return out
}

func (p *painter) painterFor(f fill) raster.Painter {
	if f.grad != nil {
		return &gradientPainter{img: p.img, g: f.grad}
	}
	p.solid.SetColor(f.c)
	return p.solid
}

// text runs a T operation: x y justification width n -text.
func (p *painter) text(r *opReader) error {
	p.painted = true
	x, err := r.num()
	if err != nil {
		return err
	}
	y, err := r.num()
	if err != nil {
		return err
	}
	just, err := r.num()
	if err != nil {
		return err
	}
	width, err := r.num()
	if err != nil {
		return err
	}
	s, err := r.str()
	if err != nil {
		return err
	}
	if p.invis || s == "" || p.pen.grad == nil && p.pen.c.A == 0 {
		return nil
	}
	size := math.Min(p.fontSize*p.geo.unit, maxTextPixels)
	if size < minTextPixels {
		return nil
	}
	face := p.faces.face(p.fontName, p.fontFlags, size)
	w := fixedToFloat(font.MeasureString(face, s))
	// Graphviz sized the node for its measure of the text's width, which
	// is the Go fonts' (measureText): text drawn wider than that (a
	// fallback font wider than 1 em, or a measure from elsewhere) is
	// shrunk to that width so it stays inside.
	if limit := width * p.geo.unit; limit > 0 && w > limit*1.02 {
		size *= limit / w
		if size < minTextPixels {
			return nil
		}
		face = p.faces.face(p.fontName, p.fontFlags, size)
		w = fixedToFloat(font.MeasureString(face, s))
	}
	at := p.geo.pt(x, y)
	switch {
	case just < 0: // left
	case just > 0: // right
		at.x -= w
	default:
		at.x -= w / 2
	}
	if at.x > float64(p.geo.w)+size || at.x+w < -size || at.y-2*size > float64(p.geo.h) || at.y+size < 0 {
		return nil // outside the picture
	}
	col := p.pen.c
	if p.pen.grad != nil {
		col = p.pen.grad.stops[0].c
	}
	dr := font.Drawer{
		Dst:  p.img,
		Src:  image.NewUniform(col),
		Face: face,
		Dot:  fixed.Point26_6{X: fixed.Int26_6(at.x * 64), Y: fixed.Int26_6(at.y * 64)},
	}
	dr.DrawString(s)
	// Underline, strike-through and overline.
	thick := math.Max(size/14, 0.5)
	for _, l := range []struct {
		flag int
		dy   float64
	}{{4, size * 0.12}, {32, -size * 0.28}, {64, -size * 0.8}} {
		if p.fontFlags&l.flag != 0 {
			yy := at.y + l.dy
			p.fillPolygon([]pt{{at.x, yy - thick/2}, {at.x + w, yy - thick/2}, {at.x + w, yy + thick/2}, {at.x, yy + thick/2}}, fill{c: col})
		}
	}
	return nil
}

func fixedToFloat(v fixed.Int26_6) float64 { return float64(v) / 64 }

// parseFill reads an xdot colour: #rrggbb, #rrggbbaa, a few names, or a
// linear ([...]) or radial ((...)) gradient.
func parseFill(s string, geo geometry) (fill, error) {
	s = strings.TrimSpace(s)
	if strings.HasPrefix(s, "[") || strings.HasPrefix(s, "(") {
		g, err := parseGradient(s, geo)
		if err != nil {
			return fill{}, err
		}
		return fill{grad: g}, nil
	}
	c, err := parseColor(s)
	return fill{c: c}, err
}

func parseColor(s string) (color.NRGBA, error) {
	if strings.HasPrefix(s, "#") && (len(s) == 7 || len(s) == 9) {
		v, err := strconv.ParseUint(s[1:], 16, 32)
		if err == nil {
			if len(s) == 7 {
				return color.NRGBA{uint8(v >> 16), uint8(v >> 8), uint8(v), 255}, nil
			}
			return color.NRGBA{uint8(v >> 24), uint8(v >> 16), uint8(v >> 8), uint8(v)}, nil
		}
	}
	// Graphviz writes colours as #rrggbb[aa] in xdot; these names cover
	// older versions.
	switch strings.ToLower(s) {
	case "black":
		return color.NRGBA{A: 255}, nil
	case "white":
		return color.NRGBA{255, 255, 255, 255}, nil
	case "none", "transparent":
		return color.NRGBA{}, nil
	}
	return color.NRGBA{}, fmt.Errorf("unknown colour %q", s)
}

// gradient is a linear or radial gradient, in pixels.
type gradient struct {
	radial bool
	p0, p1 pt      // linear: from p0 to p1; radial: centre p0
	r0, r1 float64 // radial: radii
	stops  []stop
}

type stop struct {
	at float64
	c  color.NRGBA
}

// parseGradient reads [x0 y0 x1 y1 n stops...] or (x0 y0 r0 x1 y1 r1 n
// stops...), each stop being "v n -colour".
func parseGradient(s string, geo geometry) (*gradient, error) {
	g := &gradient{radial: s[0] == '('}
	end := byte(']')
	if g.radial {
		end = ')'
	}
	if s[len(s)-1] != end {
		return nil, fmt.Errorf("bad gradient %q", s)
	}
	r := &opReader{s: s[1 : len(s)-1]}
	n := 4
	if g.radial {
		n = 6
	}
	v := make([]float64, 0, n)
	for range n {
		f, err := r.num()
		if err != nil {
			return nil, fmt.Errorf("gradient: %w", err)
		}
		v = append(v, f)
	}
	if g.radial {
		g.p0, g.r0 = geo.pt(v[0], v[1]), v[2]*geo.unit
		g.p1, g.r1 = geo.pt(v[3], v[4]), v[5]*geo.unit
	} else {
		g.p0, g.p1 = geo.pt(v[0], v[1]), geo.pt(v[2], v[3])
	}
	stops, err := r.count(len(s))
	if err != nil {
		return nil, fmt.Errorf("gradient: %w", err)
	}
	for range stops {
		at, err := r.num()
		if err != nil {
			return nil, fmt.Errorf("gradient: %w", err)
		}
		cs, err := r.str()
		if err != nil {
			return nil, fmt.Errorf("gradient: %w", err)
		}
		c, err := parseColor(cs)
		if err != nil {
			return nil, fmt.Errorf("gradient: %w", err)
		}
		g.stops = append(g.stops, stop{at, c})
	}
	if len(g.stops) == 0 {
		return nil, fmt.Errorf("gradient without colours: %q", s)
	}
	return g, nil
}

// at returns the gradient's colour at pixel (x, y).
func (g *gradient) at(x, y float64) color.NRGBA {
	var t float64
	if g.radial {
		if g.r1 != g.r0 {
			t = (math.Hypot(x-g.p0.x, y-g.p0.y) - g.r0) / (g.r1 - g.r0)
		}
	} else {
		dx, dy := g.p1.x-g.p0.x, g.p1.y-g.p0.y
		if l2 := dx*dx + dy*dy; l2 > 0 {
			t = ((x-g.p0.x)*dx + (y-g.p0.y)*dy) / l2
		}
	}
	s := g.stops
	if t <= s[0].at {
		return s[0].c
	}
	for i := 1; i < len(s); i++ {
		if t <= s[i].at {
			f := (t - s[i-1].at) / (s[i].at - s[i-1].at)
			a, b := s[i-1].c, s[i].c
			mix := func(u, v uint8) uint8 { return uint8(math.Round(float64(u) + (float64(v)-float64(u))*f)) }
			return color.NRGBA{mix(a.R, b.R), mix(a.G, b.G), mix(a.B, b.B), mix(a.A, b.A)}
		}
	}
	return s[len(s)-1].c
}

// gradientPainter paints rasteriser spans with a gradient, compositing over
// what is there.
type gradientPainter struct {
	img *image.RGBA
	g   *gradient
}

func (gp *gradientPainter) Paint(ss []raster.Span, done bool) {
	b := gp.img.Bounds()
	for _, s := range ss {
		if s.Y < b.Min.Y || s.Y >= b.Max.Y {
			continue
		}
		x0, x1 := max(s.X0, b.Min.X), min(s.X1, b.Max.X)
		for x := x0; x < x1; x++ {
			c := gp.g.at(float64(x)+0.5, float64(s.Y)+0.5)
			// Coverage times the colour's own alpha, both 16-bit.
			a := uint32(s.Alpha) * uint32(c.A) * 0x101 / 0xffff
			i := gp.img.PixOffset(x, s.Y)
			px := gp.img.Pix[i : i+4 : i+4]
			for k, v := range [3]uint8{c.R, c.G, c.B} {
				src := uint32(v) * 0x101 * a / 0xffff // premultiplied
				dst := uint32(px[k]) * 0x101
				px[k] = uint8((src + dst*(0xffff-a)/0xffff) >> 8)
			}
			px[3] = uint8((a + uint32(px[3])*0x101*(0xffff-a)/0xffff) >> 8)
		}
	}
}
