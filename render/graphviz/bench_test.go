package graphviz

import (
	"context"
	"fmt"
	"io"
	"testing"

	"github.com/backtrack-edu/backtrack/render/graphviz/third_party/go-graphviz/gvc"
)

// BenchmarkNew measures what New costs the first time in a process:
// making a Graphviz context (and freeing it). Later calls to New reuse it.
func BenchmarkNew(b *testing.B) {
	ctx := context.Background()
	wasmMu.Lock()
	defer wasmMu.Unlock()
	for b.Loop() {
		c, err := gvc.NewWithPlugins(ctx)
		if err != nil {
			b.Fatal(err)
		}
		c.Close()
	}
}

var benchTrees = map[int][]byte{}

func benchTree(n int) []byte {
	if benchTrees[n] == nil {
		benchTrees[n] = pinnedTree(n)
	}
	return benchTrees[n]
}

func benchRender(b *testing.B, layout Layout, format Format, n int) {
	r := renderer(b)
	dot := benchTree(n)
	ctx := context.Background()
	b.SetBytes(int64(len(dot)))
	for b.Loop() {
		if err := r.Render(ctx, dot, layout, format, io.Discard); err != nil {
			b.Fatal(err)
		}
	}
}

func BenchmarkSVG(b *testing.B) {
	for _, n := range []int{2000, 8000} {
		b.Run(fmt.Sprintf("pinned-%d", n), func(b *testing.B) { benchRender(b, LayoutPinned, SVG, n) })
	}
	b.Run("dot-2000", func(b *testing.B) { benchRender(b, LayoutDot, SVG, 2000) })
}

func BenchmarkPNG(b *testing.B) {
	for _, n := range []int{2000, 8000} {
		b.Run(fmt.Sprintf("pinned-%d", n), func(b *testing.B) { benchRender(b, LayoutPinned, PNG, n) })
	}
}

// BenchmarkPNGStages splits PNG rendering: Graphviz writing xdot (parse,
// layout, render, under the lock), then the Go side (read xdot, paint,
// encode and check the PNG), which runs outside the lock.
func BenchmarkPNGStages(b *testing.B) {
	r := renderer(b)
	ctx := context.Background()
	for _, n := range []int{2000, 8000} {
		dot := benchTree(n)
		b.Run(fmt.Sprintf("xdot-%d", n), func(b *testing.B) {
			for b.Loop() {
				if _, err := r.graphviz(ctx, dot, LayoutPinned, "nop2", "xdot"); err != nil {
					b.Fatal(err)
				}
			}
		})
		xdot, err := r.graphviz(ctx, dot, LayoutPinned, "nop2", "xdot")
		if err != nil {
			b.Fatal(err)
		}
		b.Run(fmt.Sprintf("paint-%d", n), func(b *testing.B) {
			for b.Loop() {
				if _, err := xdotToPNG(xdot); err != nil {
					b.Fatal(err)
				}
			}
		})
	}
}
