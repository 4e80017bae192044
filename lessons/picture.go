package lessons

import (
	"math"
	"regexp"
	"strconv"

	"github.com/backtrack-edu/backtrack/render"
)

var (
	svgSizeRE = regexp.MustCompile(`<svg width="([\d.]+)pt" height="([\d.]+)pt"`)
	// Graphviz writes font-size="9.00"; the charts write font-size:10px
	// in a style. Both are in the SVG's user units, which are its points.
	svgFontRE = regexp.MustCompile(`font-size(?:="|:)([\d.]+)`)
)

// PictureOf reads a lesson picture's size in points (its width and height
// attributes) and its smallest font size, in the same units: the picture's
// smallest text, drawn D CSS pixels wide, is MinFont·D/Width pixels high.
// It reports false for an SVG with no size in points or no font size.
func PictureOf(svg []byte) (render.Picture, bool) {
	m := svgSizeRE.FindSubmatch(svg)
	if m == nil {
		return render.Picture{}, false
	}
	var p render.Picture
	p.Width, _ = strconv.ParseFloat(string(m[1]), 64)
	p.Height, _ = strconv.ParseFloat(string(m[2]), 64)
	for _, f := range svgFontRE.FindAllSubmatch(svg, -1) {
		v, err := strconv.ParseFloat(string(f[1]), 64)
		if err == nil && (p.MinFont == 0 || v < p.MinFont) {
			p.MinFont = v
		}
	}
	return p, p.MinFont > 0 && p.Width > 0 && p.Height > 0
}

// PointPx is how many CSS pixels a point is: a browser shows an SVG
// W points wide at W·4/3 pixels, its natural size.
const PointPx = 4.0 / 3

// NaturalPx is the width in CSS pixels a browser gives the picture at its
// natural size (an <img> with no width, or the SVG opened on its own).
func NaturalPx(p render.Picture) float64 { return p.Width * PointPx }

// TextPxAt is how many pixels high the picture's smallest text is when the
// picture is shown width CSS pixels wide.
func TextPxAt(p render.Picture, width float64) float64 {
	if p.Width <= 0 {
		return 0
	}
	return p.MinFont * width / p.Width
}

// ReadablePx is the narrowest width, in whole CSS pixels, at which the
// picture's smallest text is render.MinTextPx (14) pixels high.
func ReadablePx(p render.Picture) int {
	if p.MinFont <= 0 {
		return 0
	}
	return int(math.Ceil(render.MinTextPx * p.Width / p.MinFont))
}
