package export

import (
	"bufio"
	"bytes"
	"context"
	"errors"
	"fmt"
	"image"
	"image/color"
	"image/draw"
	"image/png"
	"io"
	"path/filepath"
	"runtime"
	"strings"
	"sync"
	"time"

	"github.com/backtrack-edu/backtrack/render"
	"github.com/backtrack-edu/backtrack/render/graphviz"
	"github.com/backtrack-edu/backtrack/render/outfile"
	"github.com/backtrack-edu/backtrack/tracer"
	"github.com/backtrack-edu/backtrack/tracer/words"
)

// diagramOutputs are the diagram files a run writes.
type diagramOutputs struct {
	dot, svg, png *outfile.File
	gif           *outfile.File
	frames        *outfile.Folder // Frames: nil if not asked for
	html          *player         // HTML: nil if not asked for
	opt           *Options
	framesSkipped bool     // an interrupt left Frames unwritten
	empty         []string // the outputs left out because the tree is empty
	// notes, if set, gives the notes of the steps the frames are drawn
	// at, for their captions (nil: no captions).
	notes func(ctx context.Context, steps []int64) (func(step int64) string, error)
}

// openDiagrams opens the diagram outputs of opt into set, before any
// work is done.
func openDiagrams(ctx context.Context, opt *Options, set *outfile.Set) (*diagramOutputs, error) {
	if opt.SVG == "-" || opt.PNG == "-" || opt.GIF == "-" || opt.Frames == "-" {
		return nil, inputf("--svg, --png, --gif and --frames need a file or folder; only --dot, --html, --stats and --yaml write to stdout (-)")
	}
	d := diagramOutputs{opt: opt}
	// The GIF may go into the frames folder itself (--frames f --gif
	// f/a.gif), made with it; no other output may lie in that folder.
	gifInFrames := opt.GIF != "" && opt.Frames != "" && filepath.Dir(absPath(opt.GIF)) == absPath(opt.Frames)
	framesOwn := render.IsFrameName
	if gifInFrames {
		base := filepath.Base(opt.GIF)
		if render.IsFrameName(base) {
			return nil, &outfile.Error{Bad: true, Err: fmt.Errorf("--gif %s is a frame's name in --frames %s: give the GIF another name", opt.GIF, opt.Frames)}
		}
		framesOwn = func(n string) bool { return render.IsFrameName(n) || n == base }
	}
	for _, o := range []struct{ label, name string }{{"--gif", opt.GIF}, {"--dot", opt.DOT}, {"--svg", opt.SVG}, {"--png", opt.PNG}, {"--html", opt.HTML}} {
		if o.name == "" || o.name == "-" || opt.Frames == "" || o.label == "--gif" && gifInFrames {
			continue
		}
		if p, f := absPath(o.name), absPath(opt.Frames); p == f || strings.HasPrefix(p, f+string(filepath.Separator)) {
			return nil, &outfile.Error{Bad: true, Err: fmt.Errorf("%s %s lies in --frames %s: give each its own place", o.label, o.name, opt.Frames)}
		}
	}
	var err error
	if !gifInFrames {
		if d.gif, err = opt.create(ctx, set, opt.GIF, "--gif"); err != nil {
			return nil, err
		}
	}
	if d.dot, err = opt.create(ctx, set, opt.DOT, "--dot"); err != nil {
		return nil, err
	}
	if d.svg, err = opt.create(ctx, set, opt.SVG, "--svg"); err != nil {
		return nil, err
	}
	if d.png, err = opt.create(ctx, set, opt.PNG, "--png"); err != nil {
		return nil, err
	}
	if opt.HTML != "" {
		out, err := opt.create(ctx, set, opt.HTML, "--html")
		if err != nil {
			return nil, err
		}
		d.html = &player{out: out, Limit: opt.htmlSteps(), followBrowser: !opt.LangGiven, quiz: opt.Quiz}
	}
	// The frames go into a temporary folder as they are drawn, and into
	// place with the other outputs; the folder is checked now.
	if d.frames, err = set.Folder("--frames", opt.Frames, framesOwn, opt.Force); err != nil {
		return nil, err
	}
	if gifInFrames {
		if d.gif, err = set.CreateIn(d.frames, opt.GIF, "--gif"); err != nil {
			return nil, err
		}
	}
	return &d, nil
}

// absPath is name made absolute and clean ("" stays ""), for telling
// whether one output lies in another's folder.
func absPath(name string) string {
	if name == "" {
		return ""
	}
	if p, err := filepath.Abs(name); err == nil {
		return p
	}
	return filepath.Clean(name)
}

// write draws the tree into every diagram output. It returns the outputs
// it had to leave undrawn because ctx ended (Ctrl-C during drawing).
func (d *diagramOutputs) write(ctx context.Context, t *tracer.Tree, leg render.Legend, opt render.DiagramOptions) (skipped []*outfile.File, err error) {
	if t.Len() == 0 {
		// The run stopped before its first call (--timeout 1ns): no tree
		// to draw, which is no error; the outputs are left out, named.
		for _, o := range []*outfile.File{d.dot, d.svg, d.png, d.gif} {
			if o != nil {
				o.Abort()
				d.empty = append(d.empty, o.Label()+" "+o.Name())
			}
		}
		if d.frames != nil {
			d.frames.Abort()
			d.empty = append(d.empty, "--frames "+d.opt.Frames)
		}
		return nil, nil
	}
	if limit, label, cost := d.opt.boxLimit(); limit > 0 && opt.MaxNodes == 0 {
		if t.MaxNodes > 0 && t.Len() > t.MaxNodes {
			// The search, or the reading of the log, stopped recording
			// as soon as the tree passed the limit.
			at := t.FullAt
			if at == 0 {
				at = t.LimitStep
			}
			return nil, inputf("%s: the tree passed %d boxes at step %d, more than --max-nodes 0 %s (%s), so the run stopped there: %s",
				label, limit, at, cost.verb, cost.memory, cost.hint)
		}
		if calls, pruned := t.Counts(); calls+pruned > limit {
			// Too many boxes in all: trim (a fraction of the DOT's cost)
			// to see whether --depth, --focus or --at-step bring it under.
			if opt.Problem == "" {
				opt.Problem = leg.Summary.Problem
			}
			trimming := task(d.opt.Progress, 0, words.Text{}, words.ProgressTrimming)
			_, rep, err := render.Trim(t, opt)
			trimming.End()
			if err != nil {
				return nil, dotError(err)
			}
			if boxes := rep.Statements; boxes > limit {
				return nil, inputf("%s: the tree is %d boxes, more than --max-nodes 0 %s (%d; %s): %s",
					label, boxes, cost.verb, limit, cost.memory, cost.hint)
			}
			runtime.GC() // the count's trimming, some 25 bytes a node, before the diagram's
		}
	}
	var pics []*outfile.File
	for _, o := range []*outfile.File{d.svg, d.png} {
		if o != nil {
			pics = append(pics, o)
		}
	}
	// The DOT goes straight into --dot unless a picture is drawn from it
	// too: the text of a whole tree's DOT is some 250 bytes a box.
	var dot bytes.Buffer
	var w io.Writer = &dot
	switch {
	case len(pics) == 0 && d.dot != nil:
		w = bufio.NewWriterSize(d.dot, 1<<16)
	case len(pics) == 0:
		w = io.Discard // frames only: WriteDOT still checks the options
	}
	opt.Readable = d.opt.readable()
	laying := task(d.opt.Progress, 0, words.Text{}, words.ProgressTrimming)
	_, err = render.WriteDOT(w, t, leg, opt)
	laying.End()
	if err != nil {
		var oe *outfile.Error
		var big *render.UnreadableError
		switch {
		case errors.As(err, &oe):
			return nil, oe // names the output; a writer's prefix adds nothing
		case errors.As(err, &big):
			return nil, d.opt.unreadable(big)
		}
		return nil, inputf("%v", err)
	}
	if bw, ok := w.(*bufio.Writer); ok {
		if err := bw.Flush(); err != nil {
			return nil, err
		}
	} else if d.dot != nil {
		if _, err := d.dot.Write(dot.Bytes()); err != nil {
			return nil, err
		}
	}
	layout := graphviz.LayoutDot
	if opt.Layout {
		layout = graphviz.LayoutPinned
	}
	if skipped, err = d.writePictures(ctx, dot.Bytes(), pics, layout); err != nil || len(skipped) > 0 {
		if err == nil && (d.frames != nil || d.gif != nil) {
			// An interrupt: the frames and the GIF are left out too.
			d.framesSkipped = d.frames != nil
			d.frames.Abort()
			if d.gif != nil {
				skipped = append(skipped, d.gif)
			}
		}
		return skipped, err
	}
	return d.writeFrames(ctx, t, leg, opt, layout)
}

// writePictures draws dot into the --svg and --png outputs pics.
func (d *diagramOutputs) writePictures(ctx context.Context, dot []byte, pics []*outfile.File, layout graphviz.Layout) (skipped []*outfile.File, err error) {
	if len(pics) == 0 {
		return nil, nil
	}
	if ctx.Err() != nil {
		return pics, nil
	}
	// Graphviz cannot be stopped mid-layout, so it runs aside and an
	// interrupt leaves it behind: the picture is skipped, not half-made.
	done := make(chan error, 1)
	bufs := make([][]byte, len(pics))
	go func() {
		for i, o := range pics {
			var pic []byte
			var err error
			drawing := task(d.opt.Progress, 0, words.Text{}, words.ProgressDrawing, o.Label()+" "+o.Name())
			if o.Label() == "--png" {
				pic, err = graphviz.DrawPNG(ctx, dot, layout, float64(d.opt.scale()))
			} else {
				pic, err = graphviz.Draw(ctx, dot, layout, graphviz.SVG)
			}
			drawing.End()
			if err != nil {
				done <- fmt.Errorf("%s %s: %w", o.Label(), o.Name(), err)
				return
			}
			bufs[i] = pic
		}
		done <- nil
	}()
	select {
	case err := <-done:
		if ctx.Err() != nil {
			return pics, nil
		}
		if err != nil {
			return nil, err
		}
	case <-ctx.Done():
		return pics, nil
	}
	for i, o := range pics {
		if _, err := o.Write(bufs[i]); err != nil {
			return nil, err
		}
	}
	return nil, nil
}

// drawFrame draws one frame, the DOT dot of step k, into the --frames
// folder (SVG or PNG frames, also kept in pngs[i] to be padded to the
// largest frame's size) and packs[i] (for the GIF), and counts its colours
// into hist; mu guards pngs, packs, sizes and hist.
func (d *diagramOutputs) drawFrame(ctx context.Context, dot []byte, layout graphviz.Layout, i int, k int64, svgFrames, pngFrames bool, mu *sync.Mutex, pngs [][]byte, packs []*render.PackedFrame, sizes []image.Point, hist map[color.RGBA]int) error {
	if ctx.Err() != nil {
		return ctx.Err()
	}
	if svgFrames {
		pic, err := graphviz.Draw(ctx, dot, layout, graphviz.SVG)
		if err != nil {
			return fmt.Errorf("--frames %s: step %d: %w", d.opt.Frames, k, err)
		}
		if err := d.frames.Add(render.FrameName(i, "svg"), pic); err != nil {
			return err
		}
	}
	if !pngFrames && d.gif == nil {
		return nil
	}
	img, err := graphviz.DrawImage(ctx, dot, layout, float64(d.opt.scale()))
	if err != nil {
		return fmt.Errorf("frame at step %d: %w", k, err)
	}
	var packed *render.PackedFrame
	if d.gif != nil {
		packed = render.PackFrame(img)
	}
	var pic []byte
	if pngFrames {
		if pic, err = graphviz.EncodePNG(img); err != nil {
			return fmt.Errorf("frame at step %d: %w", k, err)
		}
		if err := d.frames.Add(render.FrameName(i, "png"), pic); err != nil {
			return err
		}
	}
	mu.Lock()
	defer mu.Unlock()
	if packed != nil {
		packed.AddHistogram(hist)
		packs[i] = packed
	}
	if pngFrames {
		pngs[i] = pic
	}
	sizes[i] = img.Bounds().Size()
	graphviz.Recycle(img) // packed and encoded: the next frame paints into it
	return nil
}

// noteEmpty says which outputs an empty tree left out, if any.
func (d *diagramOutputs) noteEmpty(stderr io.Writer) {
	if d != nil && len(d.empty) > 0 {
		fmt.Fprintf(stderr, "backtrack: the run stopped before its first call, so there is no tree to draw: %s not written\n", strings.Join(d.empty, ", "))
	}
}

// missing names the outputs besides files that an interrupt left out.
func (d *diagramOutputs) missing() []string {
	if d == nil || !d.framesSkipped {
		return nil
	}
	return []string{"--frames " + d.opt.Frames}
}

// writeFrames draws the --frames and the --gif: the run at the steps
// --every picks (render.FrameSteps: those at which the tree changes),
// each with the layout of the whole run (--at-step) and, if d.notes is
// set, the step's note as its caption. Frames
// are drawn one after the other (Graphviz runs one drawing at a time in the
// process anyway), and only their encoded bytes are kept: the GIF's frames
// packed as runs of exact colours (render.PackedFrame), unpacked one at a
// time when it is written, so memory is the packed frames plus the GIF's
// one byte a pixel. An interrupt stops between frames and writes neither.
func (d *diagramOutputs) writeFrames(ctx context.Context, t *tracer.Tree, leg render.Legend, opt render.DiagramOptions, layout graphviz.Layout) (skipped []*outfile.File, err error) {
	o := d.opt
	if o.Frames == "" && d.gif == nil {
		return nil, nil
	}
	every, _ := render.ParseEvery(o.Every) // checked in Check
	if d.notes != nil {
		opt.CaptionLines = render.DefaultCaptionLines
	}
	choosing := task(o.Progress, 0, words.Text{}, words.ProgressChoosing)
	steps, err := render.FrameSteps(t, leg, opt, every)
	choosing.End()
	if err != nil {
		return nil, inputf("--every: %v", err)
	}
	note := func(int64) string { return "" }
	if d.notes != nil && ctx.Err() == nil {
		if note, err = d.notes(ctx, steps); err != nil {
			return nil, err
		}
	}
	stop := func() ([]*outfile.File, error) {
		d.framesSkipped = o.Frames != ""
		d.frames.Abort()
		if d.gif != nil {
			return []*outfile.File{d.gif}, nil
		}
		return nil, nil
	}
	if ctx.Err() != nil {
		return stop()
	}
	svgFrames := o.Frames != "" && o.framesFormat() == "svg"
	pngFrames := o.Frames != "" && o.framesFormat() == "png"
	pngs := make([][]byte, len(steps))               // PNG frames (--frames png)
	packs := make([]*render.PackedFrame, len(steps)) // the GIF's frames
	sizes := make([]image.Point, len(steps))
	hist := map[color.RGBA]int{}
	drawing := task(o.Progress, int64(len(steps)), words.ProgressUnitFrames, words.ProgressFrames)
	done := make(chan error, 1)
	go func() {
		done <- func() error {
			// The DOTs are written in order here; up to `workers` frames
			// are drawn at once (Graphviz itself runs one at a time, the
			// painting in parallel), each into its own slot, so the
			// output does not depend on the order they finish in, and
			// at most `workers` pictures are in memory.
			workers := min(runtime.GOMAXPROCS(0), 4)
			if calls, pruned := t.Counts(); opt.MaxNodes == 0 && calls+pruned > bigFrameBoxes {
				// A whole tree of this size takes hundreds of MB to
				// draw: one frame at a time keeps the run under 1 GB.
				workers = 1
			}
			sem := make(chan struct{}, workers)
			var wg sync.WaitGroup
			var mu sync.Mutex
			errs := make([]error, len(steps))
			series := render.NewSeries(t, leg) // the run's layout, planned once
			for i, k := range steps {
				if ctx.Err() != nil {
					break
				}
				fo := opt
				fo.AtStep, fo.Extent, fo.Caption = k, true, note(k)
				var dot bytes.Buffer
				if _, err := series.WriteDOT(&dot, fo); err != nil {
					errs[i] = dotError(err)
					break
				}
				sem <- struct{}{}
				wg.Add(1)
				go func() {
					defer wg.Done()
					defer func() { <-sem }()
					errs[i] = d.drawFrame(ctx, dot.Bytes(), layout, i, k, svgFrames, pngFrames, &mu, pngs, packs, sizes, hist)
					if errs[i] == nil {
						drawing.Add(1)
					}
				}()
			}
			wg.Wait()
			for _, err := range errs {
				if err != nil {
					return err
				}
			}
			return ctx.Err()
		}()
	}()
	select {
	case err := <-done:
		if ctx.Err() != nil {
			return stop()
		}
		if err != nil {
			return nil, err
		}
	case <-ctx.Done():
		return stop()
	}
	drawing.End()
	// A legend wider or taller than the tree (--focus, --max-nodes) can
	// change a picture's size from step to step: PNG frames and the GIF
	// are all made the size of the largest, the smaller ones drawn on
	// white at the top left.
	var size image.Point
	if d.gif != nil || pngFrames {
		for _, sz := range sizes {
			size = image.Pt(max(size.X, sz.X), max(size.Y, sz.Y))
		}
		for i, sz := range sizes {
			if sz == size {
				continue
			}
			if d.gif != nil {
				// the white margin, for the palette (WriteGIF draws the
				// smaller frame on white)
				hist[color.RGBA{255, 255, 255, 255}] += size.X*size.Y - sz.X*sz.Y
			}
			if !pngFrames {
				continue
			}
			img, err := png.Decode(bytes.NewReader(pngs[i]))
			if err != nil {
				return nil, fmt.Errorf("frame %d: %w", i+1, err)
			}
			canvas := image.NewRGBA(image.Rectangle{Max: size})
			draw.Draw(canvas, canvas.Bounds(), image.White, image.Point{}, draw.Src)
			draw.Draw(canvas, img.Bounds(), img, img.Bounds().Min, draw.Src)
			if pngs[i], err = graphviz.EncodePNG(canvas); err != nil {
				return nil, err
			}
			if err := d.frames.Add(render.FrameName(i, "png"), pngs[i]); err != nil {
				return nil, err
			}
		}
	}
	if d.gif != nil {
		last := max(4*o.delay(), 2*time.Second)
		encoding := task(o.Progress, int64(len(steps)), words.ProgressUnitFrames, words.ProgressWriting, "--gif "+o.GIF)
		defer encoding.End()
		frame := func(i int) (image.Image, error) {
			if ctx.Err() != nil {
				return nil, ctx.Err()
			}
			encoding.Set(int64(i))
			img := packs[i]
			packs[i] = nil
			return img, nil
		}
		err := aside(ctx, d.gif, func() error {
			err := render.WriteGIF(d.gif, len(steps), frame, render.GIFPalette(hist),
				render.GIFOptions{Delay: o.delay(), Last: last, Size: size})
			if err == nil {
				encoding.Set(int64(len(steps)))
			}
			return err
		})
		if errors.Is(err, errLeftOut) {
			return []*outfile.File{d.gif}, nil
		}
		if err != nil {
			return nil, err
		}
	}
	return nil, nil
}

// readable names the pictures drawn from the diagram, for the check of
// their size (render.Readable).
func (o *Options) readable() render.Readable {
	var r render.Readable
	if o.PNG != "" || o.GIF != "" || o.Frames != "" && o.framesFormat() == "png" {
		r.Raster = float64(o.scale())
	}
	r.Vector = o.SVG != "" || o.Frames != "" && o.framesFormat() == "svg"
	r.Boards = o.Diagram.Boards
	return r
}

// unreadable is the error of a picture too big to be read: it names the
// output, as the user gave it, and the flags that draw less.
func (o *Options) unreadable(e *render.UnreadableError) error {
	label, name := "--svg", o.SVG
	switch {
	case e.Raster > 0 && o.PNG != "":
		label, name = "--png", o.PNG
	case e.Raster > 0 && o.GIF != "":
		label, name = "--gif", o.GIF
	case e.Raster > 0 || o.SVG == "":
		label, name = "--frames", o.Frames
	}
	svg := ""
	if e.Raster > 0 && o.SVG == "" && e.Picture.Readable(render.Readable{Vector: true, Boards: o.Diagram.Boards}, e.Boxes) == nil {
		svg = " --svg for a drawing to zoom into,"
	}
	return inputf("%s %s: %v: give --depth or --focus to draw a part, a smaller --max-nodes,%s or --dot for the text", label, name, e, svg)
}

// boxCost words what a box costs, for the messages of the box limits.
type boxCost struct{ verb, memory, hint string }

var (
	pictureCost = boxCost{"draws", "a picture takes about 3 KB of memory a box",
		"give --max-nodes N to draw N boxes anyway, --depth or --focus to draw a part, or --dot for the text"}
	dotCost = boxCost{"writes", "a DOT takes about 350 bytes of memory a box",
		"give --max-nodes N to write N boxes anyway, or --depth or --focus to write a part"}
)

// boxLimit is the most boxes MaxNodes 0 may give the diagrams asked for
// (0: no diagram), the output it is for, and what a box costs: a picture
// (SVG, PNG, GIF, frames) at most MaxDrawBoxes or MaxFrameBoxes, a DOT
// alone at most MaxDOTBoxes.
func (o *Options) boxLimit() (int, string, boxCost) {
	switch {
	case o.SVG != "":
		return MaxDrawBoxes, "--svg", pictureCost
	case o.PNG != "":
		return MaxDrawBoxes, "--png", pictureCost
	case o.GIF != "":
		return MaxFrameBoxes, "--gif", pictureCost
	case o.Frames != "":
		return MaxFrameBoxes, "--frames", pictureCost
	case o.DOT != "":
		return MaxDOTBoxes, "--dot", dotCost
	}
	return 0, "", boxCost{}
}

// wholeTree reports whether MaxNodes 0 asks for every box of the tree:
// without a depth, a focus or a step, each of which may keep fewer boxes
// than the tree holds.
func (o *Options) wholeTree() bool {
	d := &o.Diagram
	return d.MaxNodes == 0 && d.Depth == 0 && len(d.Focus) == 0 && d.AtStep == 0
}

// newTree returns the tree the diagrams are drawn from, capped by MaxTree,
// and, when MaxNodes 0 asks for the whole tree, at the most boxes the
// diagrams may have (boxLimit): a tree past that is refused, and a search
// stops as soon as its tree passes it, not after it built the whole tree.
func (o *Options) newTree() *tracer.Tree {
	t := tracer.NewTree()
	t.MaxBytes = o.MaxTree
	if limit, _, _ := o.boxLimit(); o.wholeTree() {
		t.MaxNodes = limit
	}
	return t
}
