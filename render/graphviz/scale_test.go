package graphviz

import (
	"context"
	"image"
	"testing"
)

// TestDrawImageScale paints one drawing at scales 1, 2 and 3: the picture
// grows by the scale, and the larger ones are drawn at their resolution,
// not enlarged: they are not a nearest-neighbour copy of scale 1, and their
// text and lines have relatively fewer half-tone (antialiased) pixels.
func TestDrawImageScale(t *testing.T) {
	dot := pinnedTree(6)
	var imgs []*image.RGBA
	for s := 1; s <= 3; s++ {
		img, err := DrawImage(context.Background(), dot, LayoutPinned, float64(s))
		if err != nil {
			t.Fatal(err)
		}
		imgs = append(imgs, img)
	}
	w1, h1 := imgs[0].Bounds().Dx(), imgs[0].Bounds().Dy()
	for i, img := range imgs {
		s := i + 1
		w, h := img.Bounds().Dx(), img.Bounds().Dy()
		if w < s*w1-s || w > s*w1 || h < s*h1-s || h > s*h1 {
			t.Errorf("scale %d: %dx%d, want about %dx%d", s, w, h, s*w1, s*h1)
		}
	}
	// Not a nearest-neighbour enlargement: many 2×2 blocks of scale 2
	// are not one colour.
	two := imgs[1]
	mixed, blocks := 0, 0
	for y := 0; y+1 < two.Bounds().Dy(); y += 2 {
		for x := 0; x+1 < two.Bounds().Dx(); x += 2 {
			blocks++
			c := two.RGBAAt(x, y)
			if two.RGBAAt(x+1, y) != c || two.RGBAAt(x, y+1) != c || two.RGBAAt(x+1, y+1) != c {
				mixed++
			}
		}
	}
	if mixed < blocks/100 {
		t.Errorf("scale 2: only %d of %d 2×2 blocks are mixed: looks enlarged, not drawn", mixed, blocks)
	}
	// Sharper: the share of half-tone pixels among the inked ones falls.
	soft := func(img *image.RGBA) float64 {
		half, ink := 0, 0
		for i := 0; i < len(img.Pix); i += 4 {
			l := (int(img.Pix[i]) + int(img.Pix[i+1]) + int(img.Pix[i+2])) / 3
			if l < 235 {
				ink++
				if l > 40 {
					half++
				}
			}
		}
		return float64(half) / float64(max(ink, 1))
	}
	s1, s2, s3 := soft(imgs[0]), soft(imgs[1]), soft(imgs[2])
	if !(s2 < s1 && s3 < s2) {
		t.Errorf("half-tone share of inked pixels at scales 1, 2, 3: %.3f, %.3f, %.3f; want it to fall", s1, s2, s3)
	}
	t.Logf("sizes %v %v %v; half-tone share %.3f %.3f %.3f", imgs[0].Bounds().Size(), imgs[1].Bounds().Size(), imgs[2].Bounds().Size(), s1, s2, s3)
	if _, err := DrawImage(context.Background(), dot, LayoutPinned, 0); err == nil {
		t.Error("scale 0: no error")
	}
}

// TestDrawPNGScaleOne checks that DrawPNG at scale 1 is Draw's PNG.
func TestDrawPNGScaleOne(t *testing.T) {
	dot := pinnedTree(4)
	a, err := Draw(context.Background(), dot, LayoutPinned, PNG)
	if err != nil {
		t.Fatal(err)
	}
	b, err := DrawPNG(context.Background(), dot, LayoutPinned, 1)
	if err != nil {
		t.Fatal(err)
	}
	if string(a) != string(b) {
		t.Error("DrawPNG at scale 1 differs from Draw's PNG")
	}
}
