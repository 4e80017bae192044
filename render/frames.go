package render

import (
	"fmt"
	"image"
	"image/color"
	"image/gif"
	"io"
	"sort"
	"strconv"
	"strings"
	"time"
)

// Frames of a run: --frames and --gif draw the run at a list of steps, each
// with --at-step's one fixed layout, so nothing moves between frames.

// MaxFrames is the most frames one run may draw.
const MaxFrames = 2000

// DefaultFrames is about how many frames --every's default gives.
const DefaultFrames = 60

// Every says which steps get a frame: every N steps, or one frame per event
// of a kind, of those that change the picture (see FrameSteps).
type Every struct {
	N    int64  // every N steps; 0 with Kind "": the default (at most DefaultFrames)
	Kind string // "reject", "backtrack" or "solution": one frame per such event
}

// EveryKinds are the event kinds Every accepts.
var EveryKinds = []string{"reject", "backtrack", "solution"}

// ParseEvery reads --every: a positive number of steps, or an event kind.
// "" is the default.
func ParseEvery(s string) (Every, error) {
	s = strings.TrimSpace(s)
	if s == "" {
		return Every{}, nil
	}
	for _, k := range EveryKinds {
		if s == k {
			return Every{Kind: k}, nil
		}
	}
	n, err := strconv.ParseInt(s, 10, 64)
	if err != nil || n <= 0 {
		return Every{}, fmt.Errorf("%q: want a number of steps (1 or more) or one of %s", s, strings.Join(EveryKinds, ", "))
	}
	return Every{N: n}, nil
}

// FrameName is the file name of frame i (from 0) in a --frames folder.
func FrameName(i int, ext string) string { return fmt.Sprintf("frame-%04d.%s", i+1, ext) }

// IsFrameName reports whether name is a frame's file name as FrameName
// makes it, in either format: "frame-0001.svg", "frame-12345.png". A
// --frames folder that holds only such files is one the tool wrote.
func IsFrameName(name string) bool {
	digits, ok := strings.CutPrefix(name, "frame-")
	if !ok {
		return false
	}
	digits, ok = strings.CutSuffix(digits, ".svg")
	if !ok {
		digits, ok = strings.CutSuffix(digits, ".png")
	}
	if !ok || len(digits) < 4 {
		return false
	}
	for _, c := range digits {
		if c < '0' || c > '9' {
			return false
		}
	}
	return true
}

// diagramColors are the colours the diagrams draw with: the GIF's palette
// keeps them exactly.
var diagramColors = []string{
	dotColorLine, dotColorSolution, dotColorWrong, dotColorDeadFill, dotColorDeadLine,
	dotColorDeadFont, dotColorOpen, dotColorCut, dotColorPrunedBg, dotColorPruned,
	dotColorLeafBg, dotColorLeaf, dotColorElided, dotColorElidedTxt, dotColorEdge,
	dotColorFold, dotColorFoldLine, dotColorPathEdge, dotColorMoveBg, dotColorClashBg,
	dotColorPlaced, dotColorDark, dotColorCaptionBg,
}

// GIFPalette returns a palette of 255 colours (the GIF adds a transparent one) for frames: black, white, 32
// greys (for the antialiasing of text), every colour the diagrams draw with
// (so the pink of a pruned leaf stays that pink), then the colours the
// frames use most, taken from hist (colour -> pixels), skipping any already
// close to one in the palette. The same hist gives the same palette.
func GIFPalette(hist map[color.RGBA]int) color.Palette {
	var pal color.Palette
	have := map[color.RGBA]bool{}
	add := func(c color.RGBA) {
		if !have[c] && len(pal) < 255 {
			have[c] = true
			pal = append(pal, c)
		}
	}
	add(color.RGBA{0, 0, 0, 255})
	add(color.RGBA{255, 255, 255, 255})
	for _, s := range diagramColors {
		v, _ := strconv.ParseUint(strings.TrimPrefix(s, "#"), 16, 32)
		add(color.RGBA{uint8(v >> 16), uint8(v >> 8), uint8(v), 255})
	}
	for i := 1; i < 32; i++ {
		g := uint8(i * 255 / 32)
		add(color.RGBA{g, g, g, 255})
	}
	type cc struct {
		c color.RGBA
		n int
	}
	var all []cc
	for c, n := range hist {
		if !have[c] {
			all = append(all, cc{c, n})
		}
	}
	sort.Slice(all, func(i, j int) bool {
		if all[i].n != all[j].n {
			return all[i].n > all[j].n
		}
		a, b := all[i].c, all[j].c
		return uint32(a.R)<<16|uint32(a.G)<<8|uint32(a.B) < uint32(b.R)<<16|uint32(b.G)<<8|uint32(b.B)
	})
	// Two passes: first only colours far from the palette, then any.
	for _, far := range []int{24, 0} {
		for _, x := range all {
			if len(pal) == 255 {
				return pal
			}
			if have[x.c] {
				continue
			}
			if far > 0 && dist2(pal[pal.Index(x.c)].(color.RGBA), x.c) < far*far {
				continue
			}
			add(x.c)
		}
	}
	return pal
}

func dist2(a, b color.RGBA) int {
	dr, dg, db := int(a.R)-int(b.R), int(a.G)-int(b.G), int(a.B)-int(b.B)
	return dr*dr + dg*dg + db*db
}

// AddHistogram counts img's colours into hist.
func AddHistogram(hist map[color.RGBA]int, img image.Image) {
	PackFrame(img).AddHistogram(hist)
}

// PackedFrame is a frame kept for a GIF in little memory and without
// losing a colour: its distinct colours, in the order they first appear,
// and its pixels, row after row, as runs of one colour. Diagrams are mostly
// runs of white and of a few fills, so a frame packs to a few hundred
// kilobytes; packing and unpacking cost a pass over the pixels, where
// encoding a PNG and decoding it again cost many. It is an image.Image.
type PackedFrame struct {
	W, H   int
	Colors []color.RGBA // distinct colours (alpha 255)
	Counts []int        // pixels of each colour
	ends   []uint32     // pixel offset (y*W+x) just after each run
	cols   []uint32     // each run's colour, an index into Colors
}

// colorTable finds a colour's number without a Go map: open addressing
// on the colour's 24 bits, with the last colour asked for remembered
// (pixels come in runs).
type colorTable struct {
	keys []uint32 // colour+1 (0 is empty)
	vals []uint32
	used int
}

func (t *colorTable) find(key uint32, add func() uint32) uint32 {
	if 2*(t.used+1) > len(t.keys) {
		old, oldv := t.keys, t.vals
		n := max(256, 2*len(t.keys))
		t.keys, t.vals, t.used = make([]uint32, n), make([]uint32, n), 0
		for i, k := range old {
			if k != 0 {
				t.put(k, oldv[i])
			}
		}
	}
	mask := uint32(len(t.keys) - 1)
	for h := (key * 0x9e3779b1) >> 8 & mask; ; h = (h + 1) & mask {
		switch t.keys[h] {
		case key:
			return t.vals[h]
		case 0:
			v := add()
			t.keys[h], t.vals[h] = key, v
			t.used++
			return v
		}
	}
}

func (t *colorTable) put(key, v uint32) {
	mask := uint32(len(t.keys) - 1)
	h := (key * 0x9e3779b1) >> 8 & mask
	for t.keys[h] != 0 {
		h = (h + 1) & mask
	}
	t.keys[h], t.vals[h] = key, v
	t.used++
}

// PackFrame packs img (any image; an *image.RGBA is read directly). Alpha
// is ignored, as the GIF ignores it.
func PackFrame(img image.Image) *PackedFrame {
	b := img.Bounds()
	f := &PackedFrame{W: b.Dx(), H: b.Dy()}
	var tab colorTable
	last, lastIdx := uint32(0), uint32(0) // key 0: no colour yet
	var off uint32
	add := func(key uint32) {
		if key != last {
			lastIdx = tab.find(key, func() uint32 {
				f.Colors = append(f.Colors, color.RGBA{uint8(key >> 16), uint8(key >> 8), uint8(key), 255})
				f.Counts = append(f.Counts, 0)
				return uint32(len(f.Colors) - 1)
			})
			// A new colour starts a new run (runs go on across rows).
			if len(f.cols) > 0 {
				f.ends = append(f.ends, off)
			}
			f.cols = append(f.cols, lastIdx)
			last = key
		}
		off++
	}
	if rgba, ok := img.(*image.RGBA); ok {
		for y := b.Min.Y; y < b.Max.Y; y++ {
			row := rgba.Pix[rgba.PixOffset(b.Min.X, y):rgba.PixOffset(b.Max.X, y)]
			for x := 0; x+3 < len(row); x += 4 {
				key := uint32(row[x])<<16 | uint32(row[x+1])<<8 | uint32(row[x+2]) + 1<<24
				if key == last {
					off++
					continue
				}
				add(key)
			}
		}
	} else {
		for y := b.Min.Y; y < b.Max.Y; y++ {
			for x := b.Min.X; x < b.Max.X; x++ {
				r, g, bl, _ := img.At(x, y).RGBA()
				add(uint32(r>>8)<<16 | uint32(g>>8)<<8 | uint32(bl>>8) + 1<<24)
			}
		}
	}
	if len(f.cols) > 0 {
		f.ends = append(f.ends, off)
	}
	start := uint32(0)
	for i, e := range f.ends {
		f.Counts[f.cols[i]] += int(e - start)
		start = e
	}
	return f
}

// AddHistogram counts the frame's colours into hist (colour -> pixels).
func (f *PackedFrame) AddHistogram(hist map[color.RGBA]int) {
	for i, c := range f.Colors {
		hist[c] += f.Counts[i]
	}
}

// ColorModel is RGBA's.
func (f *PackedFrame) ColorModel() color.Model { return color.RGBAModel }

// Bounds is the frame's rectangle, from (0, 0).
func (f *PackedFrame) Bounds() image.Rectangle { return image.Rect(0, 0, f.W, f.H) }

// At returns the colour at (x, y) (a binary search of the runs).
func (f *PackedFrame) At(x, y int) color.Color {
	if x < 0 || y < 0 || x >= f.W || y >= f.H {
		return color.RGBA{}
	}
	o := uint32(y*f.W + x)
	i := sort.Search(len(f.ends), func(i int) bool { return f.ends[i] > o })
	return f.Colors[f.cols[i]]
}

// unpack writes the frame's pixels into p (at most its bounds, from its
// top left), each colour turned into idx[colour number].
func (f *PackedFrame) unpack(p *image.Paletted, idx []uint8) {
	w, h := min(f.W, p.Rect.Dx()), min(f.H, p.Rect.Dy())
	start := 0
	for i, e := range f.ends {
		end := int(e)
		k := idx[f.cols[i]]
		for o := start; o < end; {
			y, x := o/f.W, o%f.W
			if y >= h {
				return
			}
			n := min(end-o, f.W-x) // to the run's end or the row's
			if x < w {
				row := p.Pix[y*p.Stride+x : y*p.Stride+min(x+n, w)]
				for j := range row {
					row[j] = k
				}
			}
			o += n
		}
		start = end
	}
}

// GIFOptions are an animation's timing.
type GIFOptions struct {
	Delay time.Duration // between frames
	Last  time.Duration // how long the last frame stays before the loop starts again
	Size  image.Point   // the picture's size; zero: the first frame's
}

// WriteGIF writes n frames as an animated GIF that loops forever: frame(i)
// returns frame i (called once per frame, in order, so frames need not all
// be held at once); pal is the palette (GIFPalette). Every pixel takes the
// nearest palette colour, without dithering, so the output is the same
// bytes for the same frames. Frames smaller than opt.Size are drawn on
// white at the top left; larger ones are cut.
func WriteGIF(w io.Writer, n int, frame func(i int) (image.Image, error), pal color.Palette, opt GIFOptions) error {
	if n == 0 {
		return fmt.Errorf("a GIF needs at least one frame")
	}
	cs := func(d time.Duration) int { return max(2, int((d+5*time.Millisecond)/(10*time.Millisecond))) }
	g := &gif.GIF{LoopCount: 0}
	if len(pal) > 255 {
		pal = pal[:255]
	}
	// Each distinct colour takes the nearest palette colour, found once.
	index := map[color.RGBA]uint8{}
	nearest := func(c color.RGBA) uint8 {
		k, ok := index[c]
		if !ok {
			k = uint8(pal.Index(c))
			index[c] = k
		}
		return k
	}
	// The palette's last entry is transparent, for what did not change.
	full := append(append(color.Palette{}, pal...), color.RGBA{})
	clear := uint8(len(pal))
	white := uint8(pal.Index(color.White))
	var bounds image.Rectangle
	var prev *image.Paletted
	var idx []uint8
	for i := 0; i < n; i++ {
		img, err := frame(i)
		if err != nil {
			return err
		}
		if i == 0 {
			bounds = image.Rect(0, 0, img.Bounds().Dx(), img.Bounds().Dy())
			if opt.Size.X > 0 && opt.Size.Y > 0 {
				bounds = image.Rectangle{Max: opt.Size}
			}
		}
		pf, ok := img.(*PackedFrame)
		if !ok {
			pf = PackFrame(img)
		}
		p := image.NewPaletted(bounds, full)
		if pf.W < bounds.Dx() || pf.H < bounds.Dy() {
			for j := range p.Pix {
				p.Pix[j] = white
			}
		}
		idx = idx[:0]
		for _, c := range pf.Colors {
			idx = append(idx, nearest(c))
		}
		pf.unpack(p, idx)
		d := cs(opt.Delay)
		if i == n-1 {
			d = cs(opt.Last)
		}
		// A frame after the first holds only the rectangle that changed,
		// drawn over the one before (most of a frame is the same).
		keep := p
		if prev != nil {
			r := changed(prev, p)
			if r.Empty() {
				r = image.Rect(0, 0, 1, 1)
			}
			// Pixels as they were are transparent, which compresses
			// better; the rectangle is copied so that only the last
			// whole frame is kept.
			keep = image.NewPaletted(r, full)
			for y := r.Min.Y; y < r.Max.Y; y++ {
				for x := r.Min.X; x < r.Max.X; x++ {
					o := y*p.Stride + x
					if c := p.Pix[o]; c != prev.Pix[o] {
						keep.Pix[keep.PixOffset(x, y)] = c
					} else {
						keep.Pix[keep.PixOffset(x, y)] = clear
					}
				}
			}
		}
		prev = p
		g.Image = append(g.Image, keep)
		g.Delay = append(g.Delay, d)
		g.Disposal = append(g.Disposal, gif.DisposalNone)
	}
	return gif.EncodeAll(w, g)
}

// changed returns the smallest rectangle holding every pixel where a and b
// (the same size) differ.
func changed(a, b *image.Paletted) image.Rectangle {
	r := image.Rectangle{}
	w, h := a.Bounds().Dx(), a.Bounds().Dy()
	x0, y0, x1, y1 := w, h, 0, 0
	for y := 0; y < h; y++ {
		ra, rb := a.Pix[y*a.Stride:y*a.Stride+w], b.Pix[y*b.Stride:y*b.Stride+w]
		for x := 0; x < w; x++ {
			if ra[x] != rb[x] {
				x0, x1 = min(x0, x), max(x1, x+1)
				y0, y1 = min(y0, y), max(y1, y+1)
			}
		}
	}
	if x1 > x0 {
		r = image.Rect(x0, y0, x1, y1)
	}
	return r
}
