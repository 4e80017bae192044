package render

import (
	"fmt"
	"math"
	"reflect"
	"slices"
	"strings"
	"sync"

	"github.com/backtrack-edu/backtrack/tracer"
)

// Fitting a diagram to a slide. A picture W×H points whose smallest text
// is f points, scaled to fit a slide of SW×SH pixels, draws that text
// min(SW/W, SH/H)·f pixels high; Slide.MinTextPx is how high it must be.
// WriteDOT tries trimmings from the most to the least detailed and keeps
// the first that fits, with as many boxes as still fit:
//
//  1. the first few solution paths (3, then 2, then 1) drawn past the
//     budget, the others left to it;
//  2. no folding, then chains of 6, 3 and 2 calls with one call child
//     each folded into one node, then chains of 3 and 2 calls with one
//     call child drawn each (their other children counted in the fold);
//  3. for each, the biggest budget (up to MaxNodes) whose picture fits,
//     top-down, or else left-right, or else top-down wrapped into 2, 3 or
//     4 panels side by side.
//
// The sizes are the package's own estimates (layoutTextWidth, the legend's
// table), not Graphviz's; they are meant not to be smaller than what
// Graphviz draws.

// Slide is a target for a picture: a slide W×H pixels on which the
// smallest text must be at least MinTextPx pixels high once the picture is
// scaled to fit it. The zero value is no target.
type Slide struct {
	W, H, MinTextPx float64
	// Title is how many pixels at the top of the slide are kept for the
	// slide's own title: the picture is fitted to W×(H-Title).
	Title float64
	Name  string // as --fit writes it: "16:9"
}

// The slides --fit names: 80 px of each is left for a title.
var (
	Slide16x9 = Slide{W: 1920, H: 1080, MinTextPx: MinTextPx, Title: 80, Name: "16:9"}
	Slide4x3  = Slide{W: 1440, H: 1080, MinTextPx: MinTextPx, Title: 80, Name: "4:3"}
)

// ParseFit reads --fit: 16:9, 4:3 or none (the zero Slide).
func ParseFit(s string) (Slide, error) {
	switch strings.TrimSpace(s) {
	case "16:9":
		return Slide16x9, nil
	case "4:3":
		return Slide4x3, nil
	case "none":
		return Slide{}, nil
	}
	return Slide{}, fmt.Errorf("unknown fit %q: want 16:9, 4:3 or none", s)
}

// LegendMode is how much legend a diagram has.
type LegendMode uint8

// The legend modes.
const (
	LegendFull  LegendMode = iota // the run, its status and counts, what was left out, the key
	LegendShort                   // the run and the key
	LegendNone                    // none: the tree alone
)

// ParseLegend reads --legend: full, short or none.
func ParseLegend(s string) (LegendMode, error) {
	switch strings.TrimSpace(s) {
	case "full":
		return LegendFull, nil
	case "short":
		return LegendShort, nil
	case "none":
		return LegendNone, nil
	}
	return LegendFull, fmt.Errorf("unknown legend %q: want full, short or none", s)
}

// Picture is the size of a diagram as WriteDOT estimates it.
type Picture struct {
	Width, Height float64   // points: the tree and the legend, with Graphviz's margins
	MinFont       float64   // the smallest font size used, points
	Direction     Direction // where the tree grows
	Panels        int       // a wrapped top-down layout's panels (1: not wrapped)
	Fit           Slide     // the slide it was fitted to (zero: none)
}

// TextPx is how many pixels high the smallest text is once the picture is
// scaled to fit s.
func (p Picture) TextPx(s Slide) float64 {
	if p.Width <= 0 || p.Height <= 0 {
		return 0
	}
	return min(s.W/p.Width, (s.H-s.Title)/p.Height) * p.MinFont
}

// Fits reports whether the smallest text is at least s.MinTextPx high on s.
func (p Picture) Fits(s Slide) bool { return p.TextPx(s) >= s.MinTextPx }

// Graphviz's room around a drawing and between the legend and the tree,
// points.
const (
	pictureMargin    = 4 // on each side: Graphviz's pad
	pictureLegendGap = 8
	// pictureLabelPad is the room Graphviz adds across a graph's label,
	// the legend (PAD: 8 points each side): a legend that, so padded, is
	// wider than the tree widens the picture on both sides.
	pictureLabelPad = 16
)

// Series draws one run at many steps (--frames, --gif): the whole run's
// plan that every picture of it is laid out on (seriesPlan) and its last
// step's legend are made once, not once a picture. The pictures are the
// bytes WriteDOT writes. A Series is safe for use by several goroutines.
type Series struct {
	t   *tracer.Tree
	leg Legend

	mu        sync.Mutex
	key       DiagramOptions // the options planned for, AtStep and Caption cleared
	d         *diagram       // the whole run's plan; nil before the first picture
	lastLines int            // legend lines of the last step's picture (0: not known yet)
	// tm is the trimmer of the pictures (held under mu), made once for
	// the Problem and Def of tmKey: what it counts of the tree does not
	// change from one picture to the next.
	tm    *trimmer
	tmKey DiagramOptions // only Problem, Def and Focus set
}

// NewSeries returns a Series of the run of t, with the legend leg.
func NewSeries(t *tracer.Tree, leg Legend) *Series { return &Series{t: t, leg: leg} }

// trimmer returns the series' trimmer for opt's Problem, Def and Focus
// (s.mu held): a trimmer with no Def finds it from the focus moves once.
func (s *Series) trimmer(opt DiagramOptions) *trimmer {
	key := DiagramOptions{Problem: opt.Problem, Def: opt.Def, Focus: slices.Clone(opt.Focus)}
	if s.tm == nil || s.tmKey.Problem != key.Problem || s.tmKey.Def != key.Def || !slices.Equal(s.tmKey.Focus, key.Focus) {
		s.tm, s.tmKey = newTrimmer(s.t, key), key
	}
	return s.tm
}

// plan returns the whole run's plan for opt (seriesPlan, trimming with
// tm), made once for the options opt holds besides AtStep and Caption
// (the caption's box is the same size whatever its text).
func (s *Series) plan(tm *trimmer, opt DiagramOptions) (*diagram, error) {
	key := opt
	key.AtStep, key.Caption = 0, ""
	if s.d != nil && reflect.DeepEqual(key, s.key) {
		return s.d, nil
	}
	d, err := seriesPlan(tm, s.t, s.leg, opt)
	if err != nil {
		return nil, err
	}
	s.key, s.d, s.lastLines = key, d, 0
	return d, nil
}

// plan trims the tree as opt asks and lays it out, fitting it to opt.Fit
// if it names a slide. A picture at a step (opt.AtStep) takes the whole
// run's plan from series if it is not nil.
func plan(t *tracer.Tree, leg Legend, opt DiagramOptions, series *Series) (*diagram, TrimReport, error) {
	return planWith(nil, t, leg, opt, series)
}

// planWith is plan trimming with tm, a trimmer of t for opt's Problem and
// Def (nil: a new one). One trimmer trims for many options: what it
// counts of the whole tree is counted once.
func planWith(tm *trimmer, t *tracer.Tree, leg Legend, opt DiagramOptions, series *Series) (*diagram, TrimReport, error) {
	if err := trimOptionsOK(t, opt); err != nil {
		return nil, TrimReport{}, err
	}
	if opt.AtStep > 0 {
		// The picture of the whole run decides, so that every step is
		// drawn on its layout, with a legend of as many lines.
		var d *diagram
		var err error
		if series != nil {
			series.mu.Lock()
			defer series.mu.Unlock()
			tm = series.trimmer(opt)
			d, err = series.plan(tm, opt)
		} else {
			if tm == nil {
				tm = newTrimmer(t, opt)
			}
			d, err = seriesPlan(tm, t, leg, opt)
		}
		if err != nil {
			return nil, TrimReport{}, err
		}
		at := d.opt
		at.AtStep, at.Caption = opt.AtStep, opt.Caption
		dk, rep, err := tm.labelled(leg, at)
		if err != nil {
			return nil, rep, err
		}
		// As many legend lines as the longest of the series, the whole
		// run's or its last step's (every key, the biggest counts).
		dk.minLegendLines = d.legendLines
		if opt.AtStep != t.Steps {
			lines := 0
			if series != nil {
				lines = series.lastLines
			}
			if lines == 0 {
				last := d.opt
				last.AtStep = t.Steps
				dl, lrep, err := tm.labelled(leg, last)
				if err != nil {
					return nil, lrep, err
				}
				dl.minLegendLines = d.legendLines
				dl.place(lrep)
				lines = dl.legendLines
				if series != nil {
					series.lastLines = lines
				}
			}
			dk.minLegendLines = max(dk.minLegendLines, lines)
		}
		// The whole run's canvas at every step: nothing moves from one
		// slide to the next, and the root stays where it is.
		dk.opt.Extent = true
		return dk, dk.place(rep), nil
	}
	if tm == nil {
		tm = newTrimmer(t, opt)
	}
	if opt.Fit.W <= 0 || opt.Fit.H <= 0 {
		return tm.drawing(leg, opt)
	}
	ceiling := opt.MaxNodes
	if ceiling == 0 {
		ceiling = t.Len()
	}
	// The picture is about the first solution (the focus): its path and
	// the dead ends before it. Other solutions are drawn as the budget
	// allows, nearest first, like any call.
	keep := 0
	if tm.sols[0] > 0 { // the root's subtree is the whole tree
		keep = 1
	}
	var fallback *fitTry
	{
		for _, f := range []struct {
			fold         int
			paths, focus bool
		}{
			// Nothing folded; then chains of calls with one call child
			// each, off the path to the focus; then on it too (a chain
			// with one child a level hides no dead end); then chains with
			// one child drawn, their other subtrees counted in the fold.
			{0, false, false}, {6, false, false}, {3, false, false}, {2, false, false},
			{6, false, true}, {3, false, true}, {2, false, true},
			{3, true, false}, {2, true, false}, {3, true, true}, {2, true, true}} {
			o := opt
			o.Solutions, o.Fold, o.FoldPaths, o.foldFocus = keep, f.fold, f.paths, f.focus
			try, err := tm.fitAt(leg, o, 1)
			if err != nil {
				return nil, TrimReport{}, err
			}
			if !try.fits {
				if fallback == nil || try.px > fallback.px {
					fallback = try
				}
				continue
			}
			// The biggest budget that still fits.
			lo, hi := 1, ceiling
			best := try
			for lo < hi {
				mid := lo + (hi-lo+1)/2
				t, err := tm.fitAt(leg, o, mid)
				if err != nil {
					return nil, TrimReport{}, err
				}
				if t.fits {
					lo, best = mid, t
				} else {
					hi = mid - 1
				}
			}
			return best.d, best.rep, nil
		}
	}
	return fallback.d, fallback.rep, nil
}

// fitTry is one trimming tried for a slide.
type fitTry struct {
	d    *diagram
	rep  TrimReport
	fits bool
	px   float64 // the smallest text's height on the slide
}

// fitAt trims with opt and the budget, and lays the tree out top-down,
// left-right, and top-down wrapped into 2, 3 and 4 panels: the first that
// fits, or the one with the biggest text.
func (tm *trimmer) fitAt(leg Legend, opt DiagramOptions, budget int) (*fitTry, error) {
	opt.MaxNodes = budget
	d, rep, err := tm.labelled(leg, opt)
	if err != nil {
		return nil, err
	}
	// The same items labelled in the other language: a trimming fits
	// only if it fits in both, so that --lang en and --lang zh of one run
	// draw one tree.
	other := leg
	other.Lang = tracer.LangZH
	if leg.Lang == tracer.LangZH {
		other.Lang = tracer.LangEN
	}
	d2, err := newDiagram(d.tr, other, d.opt)
	if err != nil {
		return nil, err
	}
	d2.labelAll()
	// Every layout below has the one report and legend lines: the
	// legend's rows and key are made once, and its wrapping once a width.
	d.legMemo, d2.legMemo = &legendMemo{}, &legendMemo{}
	defer func() { d.legMemo = nil }()
	var best *fitTry
	var bestLay struct {
		dir  Direction
		wrap int
	}
	for _, l := range []struct {
		dir  Direction
		wrap int
	}{{TopDown, 1}, {LeftRight, 1}, {TopDown, 2}, {TopDown, 3}, {TopDown, 4}, {TopDown, 5}, {TopDown, 6}, {TopDown, 7}, {TopDown, 8}} {
		d.opt.Direction, d.opt.Wrap = l.dir, l.wrap
		d2.opt.Direction, d2.opt.Wrap = l.dir, l.wrap
		r := d.place(rep)
		px := r.Picture.TextPx(opt.Fit)
		if best != nil && !best.fits && px < opt.Fit.MinTextPx && px <= best.px {
			// Neither fits nor beats the best so far, whatever the other
			// language gives (it can only make the text smaller).
			continue
		}
		r2 := d2.place(rep)
		px = min(px, r2.Picture.TextPx(opt.Fit))
		try := &fitTry{d: d, rep: r, px: px, fits: px >= opt.Fit.MinTextPx}
		if best == nil || try.fits && !best.fits || try.px > best.px && !best.fits {
			best, bestLay = try, l
		}
		if try.fits {
			break
		}
	}
	if !best.fits {
		// The best is not the last layout placed: place it again.
		d.opt.Direction, d.opt.Wrap = bestLay.dir, bestLay.wrap
		best.rep = d.place(rep)
	}
	return best, nil
}

// drawing trims with opt, labels the items, lays them out in
// opt.Direction (wrapped into opt.Wrap panels), makes the legend and
// estimates the picture's size.
func (tm *trimmer) drawing(leg Legend, opt DiagramOptions) (*diagram, TrimReport, error) {
	d, rep, err := tm.labelled(leg, opt)
	if err != nil {
		return nil, rep, err
	}
	return d, d.place(rep), nil
}

// trimPass is the trim the pictures are made with. The tests swap in
// the old trim, which scans the whole tree on every pass
// (trim_scan_test.go), to compare with it and to measure against it.
var trimPass = (*trimmer).trim

// labelled trims with opt and labels the items.
func (tm *trimmer) labelled(leg Legend, opt DiagramOptions) (*diagram, TrimReport, error) {
	tr, rep, err := trimPass(tm, opt)
	if err != nil {
		return nil, rep, err
	}
	d, err := newDiagram(tr, leg, opt)
	if err != nil {
		return nil, rep, err
	}
	d.labelAll()
	return d, rep, nil
}

// place lays the labelled items out as d.opt says, makes the legend, and
// returns rep with the picture's estimated size.
func (d *diagram) place(rep TrimReport) TrimReport {
	lay := tidy(d.tr.Items, d.w, d.h, d.opt.Direction, d.opt.Wrap)
	d.lay = nil
	if d.opt.Layout {
		d.lay = &lay
	}
	rep.Picture = Picture{MinFont: d.minFont(), Direction: d.opt.Direction, Panels: max(1, len(lay.PanelLo)), Fit: d.opt.Fit}
	d.makeLegend(rep, lay.Width)
	w, h := lay.Width, lay.Height
	if len(d.legend.lines) > 0 {
		w = max(w, d.legW+pictureLabelPad)
		h += d.legH + pictureLegendGap
	}
	rep.Picture.Width, rep.Picture.Height = math.Ceil(w+2*pictureMargin), math.Ceil(h+2*pictureMargin)
	return rep
}

// minFont is the smallest font size in the drawing: the labels' fonts of
// the kinds of items drawn, the boards' and the legend's.
func (d *diagram) minFont() float64 {
	f := math.Inf(1)
	if d.opt.Legend != LegendNone {
		f = dotFontLegend
	}
	for i := range d.tr.Items {
		it := &d.tr.Items[i]
		switch {
		case it.Hidden:
		case d.board[i]:
			f = min(f, dotFontBoard)
		case it.Kind == ItemCall:
			f = min(f, dotFontCall)
		default:
			f = min(f, dotFontLeaf)
		}
	}
	return f
}

// SeriesFocus is how many steps, spread evenly over a run, a picture at a
// step is planned around when no --frames series gives its own: the
// calls running at those steps are drawn as boxes of their own, so that a
// slide at any step of the run shows its search near a drawn path.
const SeriesFocus = 12

// SeriesSteps returns SeriesFocus steps spread evenly over the search of
// t, before its last (where the picture's own focus is).
func SeriesSteps(t *tracer.Tree) []int64 {
	n := t.Steps
	if n <= 0 {
		return nil
	}
	var out []int64
	for k := 1; k <= SeriesFocus; k++ {
		s := n * int64(k) / (SeriesFocus + 1)
		if s > 0 && (len(out) == 0 || out[len(out)-1] != s) {
			out = append(out, s)
		}
	}
	return out
}

// seriesPlan plans the whole run's picture that a series of pictures at
// steps is drawn on (--at-step, --frames): around the series' focus steps
// (opt.FocusSteps, or else SeriesSteps spread over the run; never a
// picture's own step, so that every step of one run shares one layout and
// one canvas), fewer of them, every other one dropped, while the picture
// does not fit its slide without folding dead ends away. opt.AtStep is
// ignored. tm trims (nil: a new trimmer): every focus set tried is
// trimmed by the one trimmer.
func seriesPlan(tm *trimmer, t *tracer.Tree, leg Legend, opt DiagramOptions) (*diagram, error) {
	if tm == nil {
		tm = newTrimmer(t, opt)
	}
	end := opt
	end.AtStep = 0
	foci := opt.FocusSteps
	if len(foci) == 0 {
		foci = SeriesSteps(t)
	}
	// The first set of focus steps, from all to none, whose picture fits
	// without folding dead ends away (chains with one child drawn); or
	// else the first that fits at all, but for none: a picture at a step
	// is better with folds around its running call than without it.
	var folded, none *diagram
	for {
		end.FocusSteps = foci
		d, rep, err := planWith(tm, t, leg, end, nil)
		if err != nil {
			return nil, err
		}
		fits := opt.Fit.W <= 0 || rep.Picture.Fits(opt.Fit)
		switch {
		case len(foci) == 0:
			none = d
		case fits && !d.opt.FoldPaths:
			return d, nil
		case fits && folded == nil:
			folded = d
		}
		if len(foci) == 0 {
			break
		}
		var fewer []int64
		for i := len(foci) - 1; i >= 0; i -= 2 {
			fewer = append([]int64{foci[i]}, fewer...)
		}
		if len(fewer) == len(foci) {
			fewer = nil
		}
		foci = fewer
	}
	if folded != nil {
		return folded, nil
	}
	return none, nil
}
