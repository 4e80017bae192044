package graphviz

import (
	"bytes"
	"context"
	"testing"
)

// TestRecycle: a picture painted into the memory of a recycled one, left
// dirty (every byte 0x5a), has the same pixels as one painted afresh, at
// the same size and at a smaller one.
func TestRecycle(t *testing.T) {
	ctx := context.Background()
	for _, c := range []struct {
		name       string
		big, small []byte
	}{
		{"same size", pinnedTree(6), pinnedTree(6)},
		{"smaller", pinnedTree(7), pinnedTree(5)},
	} {
		t.Run(c.name, func(t *testing.T) {
			want, err := DrawImage(ctx, c.small, LayoutPinned, 2)
			if err != nil {
				t.Fatal(err)
			}
			old, err := DrawImage(ctx, c.big, LayoutPinned, 2)
			if err != nil {
				t.Fatal(err)
			}
			for i := range old.Pix {
				old.Pix[i] = 0x5a
			}
			Recycle(old)
			got, err := DrawImage(ctx, c.small, LayoutPinned, 2)
			if err != nil {
				t.Fatal(err)
			}
			if got.Rect != want.Rect || got.Stride != want.Stride || !bytes.Equal(got.Pix, want.Pix) {
				t.Errorf("a picture painted into recycled memory differs from one painted afresh (%v, %v)", got.Rect, want.Rect)
			}
		})
	}
}
