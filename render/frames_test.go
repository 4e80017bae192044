package render

import (
	"bytes"
	"context"
	"image"
	"image/color"
	"image/draw"
	"image/gif"
	"strings"
	"testing"
	"time"

	"github.com/backtrack-edu/backtrack/render/graphviz"
)

func TestParseEvery(t *testing.T) {
	for _, s := range []string{"", "1", "25", "reject", "backtrack", "solution"} {
		if _, err := ParseEvery(s); err != nil {
			t.Errorf("ParseEvery(%q): %v", s, err)
		}
	}
	for _, s := range []string{"0", "-3", "undo", "1.5"} {
		if _, err := ParseEvery(s); err == nil {
			t.Errorf("ParseEvery(%q): no error", s)
		}
	}
}

// TestGIF draws 4-queens as an animated GIF and checks its frames (one
// size, whatever their captions), their delays and colours.
func TestGIF(t *testing.T) {
	r := dotQueens(t, 4)
	steps, err := FrameSteps(r.tree, r.leg, frameOpts(), Every{N: 40}) // 40, 80, 120, 160, 187
	if err != nil {
		t.Fatal(err)
	}
	hist := map[color.RGBA]int{}
	var frames []*image.RGBA
	for i, k := range steps {
		var dot bytes.Buffer
		opt := frameOpts()
		opt.AtStep, opt.Extent = k, true
		// Captions of any length: the frames keep one size.
		opt.Caption = strings.Repeat("a queen at (2,1) would share the upper-right diagonal ↗ with the queen at (1,2); ", i)
		if _, err := WriteDOT(&dot, r.tree, r.leg, opt); err != nil {
			t.Fatal(err)
		}
		img, err := graphviz.DrawImage(context.Background(), dot.Bytes(), graphviz.LayoutPinned, 1)
		if err != nil {
			t.Fatal(err)
		}
		if len(frames) > 0 && img.Bounds() != frames[0].Bounds() {
			t.Errorf("step %d: picture %v, the first is %v", k, img.Bounds(), frames[0].Bounds())
		}
		AddHistogram(hist, img)
		frames = append(frames, img)
	}
	write := func() []byte {
		var b bytes.Buffer
		err := WriteGIF(&b, len(frames), func(i int) (image.Image, error) { return frames[i], nil },
			GIFPalette(hist), GIFOptions{Delay: 500 * time.Millisecond, Last: 3 * time.Second})
		if err != nil {
			t.Fatal(err)
		}
		return b.Bytes()
	}
	out := write()
	if again := write(); !bytes.Equal(out, again) {
		t.Error("the same frames gave different GIF bytes")
	}
	g, err := gif.DecodeAll(bytes.NewReader(out))
	if err != nil {
		t.Fatal(err)
	}
	if len(g.Image) != len(steps) {
		t.Fatalf("%d frames, want %d", len(g.Image), len(steps))
	}
	for i, d := range g.Delay {
		want := 50
		if i == len(g.Delay)-1 {
			want = 300
		}
		if d != want {
			t.Errorf("frame %d: delay %d/100 s, want %d", i+1, d, want)
		}
	}
	if g.LoopCount != 0 {
		t.Errorf("loop count %d, want 0 (forever)", g.LoopCount)
	}
	// The frames as shown: each drawn over the one before.
	pink := color.RGBA{0xfd, 0xe4, 0xe1, 255} // dotColorPrunedBg, a pruned leaf's fill
	canvas := image.NewRGBA(frames[0].Bounds())
	var counts []int
	for i, p := range g.Image {
		draw.Draw(canvas, p.Bounds(), p, p.Bounds().Min, draw.Over)
		n, exact := 0, 0
		for j := 0; j < len(canvas.Pix); j += 4 {
			c := color.RGBA{canvas.Pix[j], canvas.Pix[j+1], canvas.Pix[j+2], canvas.Pix[j+3]}
			if c == pink {
				n++
			}
			if o := frames[i].Pix[j : j+3]; c.R == o[0] && c.G == o[1] && c.B == o[2] {
				exact++
			}
		}
		counts = append(counts, n)
		if exact < len(canvas.Pix)/4*9/10 {
			t.Errorf("frame %d: %d of %d pixels keep their exact colour", i+1, exact, len(canvas.Pix)/4)
		}
	}
	if counts[len(counts)-1] == 0 {
		t.Fatalf("no pixel of the pruned leaves' pink %v in the last frame", pink)
	}
	if counts[0] >= counts[len(counts)-1] {
		t.Errorf("pink pixels per frame %v: the first frame should show fewer pruned leaves than the last", counts)
	}
	t.Logf("%d frames %v, %d bytes, pink pixels %v", len(frames), frames[0].Bounds().Size(), len(out), counts)
}

// TestIsFrameName: the names FrameName makes, and no others, are a
// --frames folder's own.
func TestIsFrameName(t *testing.T) {
	for _, c := range []struct {
		name string
		want bool
	}{
		{FrameName(0, "svg"), true},
		{FrameName(41, "png"), true},
		{FrameName(12344, "svg"), true},
		{"frame-001.svg", false},
		{"frame-0001.gif", false},
		{"frame-000a.svg", false},
		{"frame-0001.svg.bak", false},
		{".frame-0001.svg", false},
		{"notes.md", false},
		{"frame-.svg", false},
	} {
		if got := IsFrameName(c.name); got != c.want {
			t.Errorf("IsFrameName(%q) = %v, want %v", c.name, got, c.want)
		}
	}
}
