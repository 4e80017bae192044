package render

import (
	"bytes"
	"context"
	"fmt"
	"image"
	"image/color"
	"image/gif"
	"strings"
	"testing"
	"time"

	"github.com/backtrack-edu/backtrack/render/graphviz"
)

// TestSeriesSameDOT checks that a Series, which plans the whole run once,
// writes every frame's DOT byte for byte as WriteDOT plans it afresh, with
// captions of any length, for N-Queens and for Sudoku, and again after
// options change (the plan is made again).
func TestSeriesSameDOT(t *testing.T) {
	for _, tc := range []struct {
		name  string
		r     dotRun
		opt   DiagramOptions
		every Every
	}{
		{"queens4", dotQueens(t, 4), frameOpts(), Every{}},
		{"queens5-short", dotQueens(t, 5), func() DiagramOptions { o := frameOpts(); o.Legend = LegendShort; return o }(), Every{Kind: "solution"}},
		{"queens6-boards", dotQueens(t, 6), func() DiagramOptions { o := frameOpts(); o.Boards = true; return o }(), Every{N: 300}},
	} {
		t.Run(tc.name, func(t *testing.T) {
			steps, err := FrameSteps(tc.r.tree, tc.r.leg, tc.opt, tc.every)
			if err != nil {
				t.Fatal(err)
			}
			s := NewSeries(tc.r.tree, tc.r.leg)
			for round, opt := range []DiagramOptions{tc.opt, func() DiagramOptions { o := tc.opt; o.MaxNodes = 30; return o }()} {
				for i, k := range steps {
					o := opt
					o.AtStep, o.Extent = k, true
					o.Caption = strings.Repeat(fmt.Sprintf("note %d of step %d; ", i, k), i%4)
					var want, got bytes.Buffer
					if _, err := WriteDOT(&want, tc.r.tree, tc.r.leg, o); err != nil {
						t.Fatal(err)
					}
					if _, err := s.WriteDOT(&got, o); err != nil {
						t.Fatal(err)
					}
					if !bytes.Equal(want.Bytes(), got.Bytes()) {
						t.Fatalf("round %d, step %d: the Series' DOT differs from WriteDOT's", round, k)
					}
				}
			}
		})
	}
}

// TestPackFrame checks that a packed frame keeps every pixel's colour and
// counts the colours as a map would, for a drawn picture and for a small
// one with runs across rows and a colour coming back.
func TestPackFrame(t *testing.T) {
	var dot bytes.Buffer
	r := dotQueens(t, 4)
	o := frameOpts()
	o.AtStep, o.Extent = 60, true
	if _, err := WriteDOT(&dot, r.tree, r.leg, o); err != nil {
		t.Fatal(err)
	}
	drawn, err := graphviz.DrawImage(context.Background(), dot.Bytes(), graphviz.LayoutPinned, 1)
	if err != nil {
		t.Fatal(err)
	}
	small := image.NewRGBA(image.Rect(0, 0, 3, 3))
	for i, c := range []color.RGBA{{1, 2, 3, 255}, {1, 2, 3, 255}, {9, 9, 9, 255}, {9, 9, 9, 255}, {1, 2, 3, 255}, {0, 0, 0, 255}, {0, 0, 0, 255}, {0, 0, 0, 255}, {255, 255, 255, 255}} {
		small.SetRGBA(i%3, i/3, c)
	}
	for name, img := range map[string]*image.RGBA{"drawn": drawn, "small": small} {
		t.Run(name, func(t *testing.T) {
			f := PackFrame(img)
			want := map[color.RGBA]int{}
			b := img.Bounds()
			for y := b.Min.Y; y < b.Max.Y; y++ {
				for x := b.Min.X; x < b.Max.X; x++ {
					c := img.RGBAAt(x, y)
					c.A = 255
					want[c]++
					if got := f.At(x-b.Min.X, y-b.Min.Y); got != c {
						t.Fatalf("(%d,%d): packed %v, picture %v", x, y, got, c)
					}
				}
			}
			got := map[color.RGBA]int{}
			f.AddHistogram(got)
			if len(got) != len(want) {
				t.Fatalf("%d colours, want %d", len(got), len(want))
			}
			for c, n := range want {
				if got[c] != n {
					t.Errorf("colour %v: %d pixels, want %d", c, got[c], n)
				}
			}
			// Packing what PackFrame returns (the image.Image path) gives
			// the same frame.
			again := PackFrame(f)
			if fmt.Sprint(again.Colors, again.Counts) != fmt.Sprint(f.Colors, f.Counts) {
				t.Error("packing the packed frame again changed it")
			}
		})
	}
}

// TestGIFSameAsPixelByPixel checks WriteGIF against the plain way of
// making a GIF's frame: every pixel looked up in the palette one at a time.
func TestGIFSameAsPixelByPixel(t *testing.T) {
	r := dotQueens(t, 4)
	steps, err := FrameSteps(r.tree, r.leg, frameOpts(), Every{N: 40})
	if err != nil {
		t.Fatal(err)
	}
	hist := map[color.RGBA]int{}
	var frames []*image.RGBA
	for _, k := range steps {
		var dot bytes.Buffer
		o := frameOpts()
		o.AtStep, o.Extent = k, true
		if _, err := WriteDOT(&dot, r.tree, r.leg, o); err != nil {
			t.Fatal(err)
		}
		img, err := graphviz.DrawImage(context.Background(), dot.Bytes(), graphviz.LayoutPinned, 1)
		if err != nil {
			t.Fatal(err)
		}
		AddHistogram(hist, img)
		frames = append(frames, img)
	}
	pal := GIFPalette(hist)
	var b bytes.Buffer
	if err := WriteGIF(&b, len(frames), func(i int) (image.Image, error) { return PackFrame(frames[i]), nil }, pal, GIFOptions{Delay: time.Second}); err != nil {
		t.Fatal(err)
	}
	g, err := gif.DecodeAll(&b)
	if err != nil {
		t.Fatal(err)
	}
	nearest := map[color.RGBA]uint8{} // pal.Index of each colour, once
	canvas := image.NewPaletted(frames[0].Bounds(), g.Image[0].Palette)
	for i, p := range g.Image {
		for y := p.Rect.Min.Y; y < p.Rect.Max.Y; y++ {
			for x := p.Rect.Min.X; x < p.Rect.Max.X; x++ {
				if k := p.ColorIndexAt(x, y); int(k) < len(pal) {
					canvas.SetColorIndex(x, y, k)
				}
			}
		}
		f := frames[i]
		for y := 0; y < f.Rect.Dy(); y++ {
			for x := 0; x < f.Rect.Dx(); x++ {
				c := f.RGBAAt(x, y)
				c.A = 255
				want, ok := nearest[c]
				if !ok {
					want = uint8(pal.Index(c))
					nearest[c] = want
				}
				if canvas.ColorIndexAt(x, y) != want {
					t.Fatalf("frame %d (%d,%d): palette colour %d, want %d", i+1, x, y, canvas.ColorIndexAt(x, y), want)
				}
			}
		}
	}
}
