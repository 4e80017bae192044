package render

import (
	"bytes"
	"fmt"
	"image/color"
	"io"
	"math"
	"strconv"
	"sync"

	"golang.org/x/image/font/gofont/goregular"
	"golang.org/x/image/font/opentype"
	"gonum.org/v1/plot"
	"gonum.org/v1/plot/font"
	"gonum.org/v1/plot/plotter"
	"gonum.org/v1/plot/text"
	"gonum.org/v1/plot/vg"
	"gonum.org/v1/plot/vg/draw"
	"gonum.org/v1/plot/vg/vgsvg"

	"github.com/backtrack-edu/backtrack/render/internal/fontmetrics"
	"github.com/backtrack-edu/backtrack/tracer"
	"github.com/backtrack-edu/backtrack/tracer/words"
)

// The chart of nodes per depth: the shape of each search tree as a line,
// drawn with gonum's plot package (this is the only file that imports it).

// ChartOptions say how a chart is drawn.
type ChartOptions struct {
	Lang  tracer.Lang // the language of the axes and the legend
	Title string      // the chart's title (default: "nodes per depth")
	// Width and Height are the picture's size in centimetres (default 16×9).
	Width, Height float64
}

// chartColors are the series' colours, in order; they repeat past the end.
var chartColors = []color.RGBA{
	{R: 0x1a, G: 0x56, B: 0xb0, A: 0xff}, // blue
	{R: 0xc0, G: 0x39, B: 0x2b, A: 0xff}, // red
	{R: 0x27, G: 0x8a, B: 0x3c, A: 0xff}, // green
	{R: 0xe6, G: 0x7e, B: 0x22, A: 0xff}, // orange
}

// chartFonts is Go Regular, the diagrams' font (see
// render/internal/fontmetrics), as gonum's plot looks fonts up.
// The SVG carries them (vgsvg.EmbedFonts), so a viewer draws the chart in
// them, and other characters (Chinese) in its own sans-serif.
var chartFonts = sync.OnceValues(func() (*font.Cache, error) {
	reg, err := opentype.Parse(goregular.TTF)
	if err != nil {
		return nil, err
	}
	return font.NewCache(font.Collection{{Font: font.Font{Typeface: "Go"}, Face: reg}}), nil
})

// The chart's text sizes and room, points.
const (
	chartTitleSize  = 13.0
	chartLabelSize  = 11.0
	chartTickSize   = 10.0
	chartLegendSize = 11.0
	chartMargin     = 8.0 // around the picture
)

// WriteDepthChart draws the nodes per depth of each run as one series of a
// line chart (depth across, nodes up), named as RunName names the run, and
// writes it to w as SVG. Its text is in the diagrams' sans font; the title
// is made smaller until it fits the width, and the legend goes below the
// chart, off the lines. The picture is made whole before anything is
// written.
func WriteDepthChart(w io.Writer, runs []CompareRun, opt ChartOptions) error {
	if len(runs) == 0 {
		return fmt.Errorf("the depth chart needs at least one run")
	}
	fonts, err := chartFonts()
	if err != nil {
		return fmt.Errorf("chart: the Go fonts: %w", err)
	}
	width, height := opt.Width, opt.Height
	if width <= 0 {
		width = 16
	}
	if height <= 0 {
		height = 9
	}
	W, H := vg.Length(width)*vg.Centimeter, vg.Length(height)*vg.Centimeter
	hdlr := text.Plain{Fonts: fonts}
	// setFont keeps a text style's alignment and rotation (plot.New's)
	// and gives it Go Regular at size points.
	setFont := func(st *text.Style, size float64) {
		st.Font = font.From(font.Font{Typeface: "Go"}, vg.Points(size))
		st.Handler = hdlr
	}
	o := CompareOptions{Lang: opt.Lang}
	p := plot.New()
	p.Title.Text = opt.Title
	if p.Title.Text == "" {
		p.Title.Text = words.CompareNodesPerDepth.In(o.Lang)
	}
	// The title's size: the largest, down to 8 pt, whose width (measured
	// as the diagrams measure text, Chinese at 1 em) fits.
	size := chartTitleSize
	for size > 8 && fontmetrics.Width(p.Title.Text, size, false) > float64(W.Points())-2*chartMargin {
		size--
	}
	setFont(&p.Title.TextStyle, size)
	p.Title.Padding = vg.Points(6)
	p.X.Label.Text = words.CompareDepth2.In(o.Lang)
	p.Y.Label.Text = words.CompareNodes2.In(o.Lang)
	setFont(&p.X.Label.TextStyle, chartLabelSize)
	setFont(&p.Y.Label.TextStyle, chartLabelSize)
	setFont(&p.X.Tick.Label, chartTickSize)
	setFont(&p.Y.Tick.Label, chartTickSize)
	p.X.Min, p.Y.Min = 0, 0
	p.X.Tick.Marker = wholeTicks(10)
	p.Y.Tick.Marker = wholeTicks(6)
	p.Add(plotter.NewGrid())
	var most int64
	for _, r := range runs {
		for _, n := range r.Summary.Stats.PerDepth {
			most = max(most, n)
		}
	}
	p.Y.Max = float64(most) * 1.05
	legend := plot.NewLegend()
	setFont(&legend.TextStyle, chartLegendSize)
	legend.Left, legend.Top = true, true
	legend.ThumbnailWidth = vg.Points(24)
	for i, r := range runs {
		pd := r.Summary.Stats.PerDepth
		xys := make(plotter.XYs, len(pd))
		for d, n := range pd {
			xys[d] = plotter.XY{X: float64(d), Y: float64(n)}
		}
		if len(xys) == 0 {
			xys = plotter.XYs{{}}
		}
		line, points, err := plotter.NewLinePoints(xys)
		if err != nil {
			return fmt.Errorf("chart: %w", err)
		}
		c := chartColors[i%len(chartColors)]
		line.Color = c
		line.Width = vg.Points(1.5)
		points.Color = c
		points.Radius = vg.Points(2)
		p.Add(line, points)
		// Each run says how its search ended ("searched the whole tree:
		// 92 solutions", "stopped at the first solution"): two curves of
		// different stop rules are not alike.
		legend.Add(RunName(r.Summary, opt.Lang)+words.DotSep.In(opt.Lang)+StatusLine(r.Summary, opt.Lang), line, points)
	}
	canvas := vgsvg.NewWith(vgsvg.UseWH(W, H), vgsvg.EmbedFonts(true))
	dc := draw.New(canvas)
	dc = draw.Crop(dc, vg.Points(chartMargin), -vg.Points(chartMargin), vg.Points(chartMargin), -vg.Points(chartMargin))
	// The legend: one line a run, below the chart.
	lineH := vg.Points(chartLegendSize * 1.4)
	legendH := lineH * vg.Length(len(runs))
	below := draw.Crop(dc, 0, 0, 0, -(dc.Max.Y - dc.Min.Y - legendH))
	p.Draw(draw.Crop(dc, 0, 0, legendH+vg.Points(6), 0))
	legend.Draw(below)
	var buf bytes.Buffer
	if _, err := canvas.WriteTo(&buf); err != nil {
		return fmt.Errorf("chart: %w", err)
	}
	if _, err := w.Write(buf.Bytes()); err != nil {
		return err // the writer's error, which names its file if it has one
	}
	return nil
}

// wholeTicks marks whole numbers: a label every 1, 2, 5, 10, 20, ...
// units, whichever gives at most most labels, and an unlabelled tick half
// way between when that is a whole number too.
func wholeTicks(most int) plot.TickerFunc {
	return func(lo, hi float64) []plot.Tick {
		step := 1.0
		for k := 0; (hi-lo)/step > float64(most); k++ {
			step *= []float64{2, 2.5, 2}[k%3] // 1, 2, 5, 10, 20, 50, ...
		}
		var ticks []plot.Tick
		for v := math.Ceil(lo/step) * step; v <= hi; v += step {
			ticks = append(ticks, plot.Tick{Value: v, Label: strconv.FormatFloat(v, 'f', 0, 64)})
			if half := v + step/2; step >= 2 && half <= hi && step/2 == math.Trunc(step/2) {
				ticks = append(ticks, plot.Tick{Value: half})
			}
		}
		return ticks
	}
}
