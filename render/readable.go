package render

import (
	"fmt"
	"math"
)

// Pictures that cannot be read are not drawn. A picture is drawn as a
// raster (PNG, a GIF, PNG frames) or as a vector drawing (SVG, SVG
// frames), and each has its limit:
//
//   - A raster is at most MaxRasterSide pixels on a side and
//     MaxRasterPixels in all (render/graphviz's limits): a bigger drawing
//     is shrunk to fit, and it may be shrunk only while its smallest text
//     stays MinTextPx high. The whole 8-queens tree, 491,227 pt wide, would
//     be a 32767×37 px strip with text 0.6 px high.
//   - A vector drawing is zoomed rather than shrunk, so its text is
//     always as big as it was set: any size can be read, and its memory
//     is bounded by the box limits of the command line (about 3 KB a
//     box). With boards in the boxes, a drawing is bounded too: at most
//     MaxVectorSide points on a side (ten times the widest raster) and
//     MaxVectorArea in all, which bounds the memory Graphviz takes to
//     draw the boards (the whole 7-queens tree with its boards,
//     145,172×1,256 pt, took 450 MB; the 8-queens one, 673,949×1,507 pt,
//     1.0 GB).
//
// The size is the plan's estimate (Picture), known before a word of DOT is
// written, so an unreadable picture costs no drawing.

// Limits of the pictures drawn (see above).
const (
	// MaxRasterSide and MaxRasterPixels are render/graphviz's limits on
	// a PNG: pixels on either side, and in all (64 megapixels).
	MaxRasterSide   = 32767
	MaxRasterPixels = 1 << 26
	// MinTextPx is how high, in pixels, the smallest text of a picture
	// must be: on a slide it is fitted to (Slide.MinTextPx), and in a
	// raster shrunk to its limits.
	MinTextPx = 14
	// MaxVectorSide is the most points an SVG may be on a side.
	MaxVectorSide = 10 * MaxRasterSide
	// MaxVectorArea is the most square points an SVG may cover.
	MaxVectorArea = 200e6
)

// Readable names the kinds of picture a diagram is drawn as, so that
// WriteDOT refuses, before it writes anything, a picture that could not
// be read as one of them (Picture.Readable). The zero value checks
// nothing: the DOT is text, and any size of it can be read.
type Readable struct {
	// Raster is the pixels a point of the raster pictures (PNG, a GIF,
	// PNG frames) drawn from the diagram: the --scale (0: none drawn).
	Raster float64
	// Vector: an SVG (or SVG frames) is drawn from the diagram.
	Vector bool
	// Boards: the boxes hold boards, whose drawing bounds a vector
	// picture's size (see above).
	Boards bool
}

// UnreadableError is a picture too big to be read as the kind it is to be
// drawn as: WriteDOT's error when DiagramOptions.Readable refuses it.
type UnreadableError struct {
	Picture Picture
	Boxes   int // the diagram's boxes (node statements)
	// Raster is the pixels a point of the refused raster (0: the vector
	// drawing is refused); RasterPx is how wide and high it would be,
	// unshrunk, and TextPx how high its smallest text, shrunk to fit.
	Raster   float64
	RasterPx [2]float64
	TextPx   float64
	// AtLeast: the sizes are those of the picture without its boards,
	// which would be bigger still.
	AtLeast bool
}

func (e *UnreadableError) Error() string {
	p := e.Picture
	over, most := "", ""
	if e.AtLeast {
		over, most = "more than ", "at most "
	}
	size := fmt.Sprintf("the picture would be %s%s×%s pt (%s boxes)", over, thousands(p.Width), thousands(p.Height), thousands(float64(e.Boxes)))
	if e.AtLeast {
		size += " with its boards"
	}
	if e.Raster > 0 {
		return fmt.Sprintf("%s, %s%s×%s px at --scale %g: shrunk to fit %s px a side and %d megapixels, its smallest text would be %s%.1f px high, under %d",
			size, over, thousands(e.RasterPx[0]), thousands(e.RasterPx[1]), e.Raster, thousands(MaxRasterSide), MaxRasterPixels>>20, most, e.TextPx, MinTextPx)
	}
	return fmt.Sprintf("%s, more than an SVG with boards may be drawn in bounded memory (%s pt a side, %s million pt² in all)",
		size, thousands(MaxVectorSide), thousands(MaxVectorArea/1e6))
}

// Readable returns an *UnreadableError (with boxes, the diagram's boxes)
// if p could not be read drawn as r says, nil otherwise.
func (p Picture) Readable(r Readable, boxes int) error {
	if p.Width <= 0 || p.Height <= 0 {
		return nil
	}
	if r.Vector && r.Boards && (max(p.Width, p.Height) > MaxVectorSide || p.Width*p.Height > MaxVectorArea) {
		return &UnreadableError{Picture: p, Boxes: boxes}
	}
	if r.Raster > 0 {
		w, h := p.Width*r.Raster, p.Height*r.Raster
		fit := min(1, MaxRasterSide/w, MaxRasterSide/h, math.Sqrt(MaxRasterPixels/(w*h)))
		// Shrunk is fine while the text stays readable; unshrunk, the
		// text is as the scale asks.
		if text := p.MinFont * r.Raster * fit; fit < 1 && text < MinTextPx {
			return &UnreadableError{Picture: p, Boxes: boxes, Raster: r.Raster, RasterPx: [2]float64{w, h}, TextPx: text}
		}
	}
	return nil
}

// thousands writes v, rounded up to a whole number, with commas between
// its thousands: 491,227.
func thousands(v float64) string {
	s := fmt.Sprintf("%.0f", math.Ceil(v))
	for i := len(s) - 3; i > 0; i -= 3 {
		s = s[:i] + "," + s[i:]
	}
	return s
}
