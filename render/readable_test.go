package render

import (
	"bytes"
	"errors"
	"strings"
	"testing"
)

// TestPictureReadable: a raster may be shrunk to its limits only while its
// smallest text stays MinTextPx high (unshrunk, its text is as the scale
// asks); a vector drawing is bounded by its side and its area.
func TestPictureReadable(t *testing.T) {
	pic := func(w, h float64) Picture { return Picture{Width: w, Height: h, MinFont: 9} }
	tests := []struct {
		name string
		p    Picture
		r    Readable
		ok   bool
	}{
		{"nothing to draw", pic(1e9, 1e9), Readable{}, true},
		{"the whole 4-queens tree as SVG", pic(2142, 336), Readable{Vector: true}, true},
		{"the whole 4-queens tree as PNG", pic(2142, 336), Readable{Raster: 2}, true},
		{"the whole 5-queens tree as PNG", pic(6529, 388), Readable{Raster: 2}, true},
		{"the whole 6-queens tree as PNG: text 10.9 px", pic(26933, 440), Readable{Raster: 2}, false},
		{"the whole 6-queens tree as PNG at scale 3: the same", pic(26933, 440), Readable{Raster: 3}, false},
		{"the whole 6-queens tree as PNG at scale 1: not shrunk", pic(26933, 440), Readable{Raster: 1}, true},
		{"the whole 6-queens tree as SVG", pic(26933, 440), Readable{Vector: true}, true},
		{"the whole 7-queens tree with boards as SVG", pic(145172, 1256), Readable{Vector: true, Boards: true}, true},
		{"the whole 8-queens tree as PNG: text 0.6 px", pic(491227, 544), Readable{Raster: 2}, false},
		{"the whole 8-queens tree as SVG: zoomed, not shrunk", pic(491227, 544), Readable{Vector: true}, true},
		{"the whole 8-queens tree with boards as SVG", pic(673949, 1507), Readable{Vector: true, Boards: true}, false},
		{"shrunk a little at scale 3: text 26 px", pic(12000, 400), Readable{Raster: 3}, true},
		{"tall and wide: 64 megapixels", pic(6000, 6000), Readable{Raster: 2}, false},
		{"a vector drawing with boards of too many square points", pic(20000, 20000), Readable{Vector: true, Boards: true}, false},
		{"a vector drawing without boards of as many", pic(20000, 20000), Readable{Vector: true}, true},
		{"both kinds, the raster refused", pic(26933, 440), Readable{Raster: 2, Vector: true}, false},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			err := tt.p.Readable(tt.r, 100)
			if (err == nil) != tt.ok {
				t.Fatalf("err %v, want readable %v", err, tt.ok)
			}
			var ue *UnreadableError
			if err != nil && !errors.As(err, &ue) {
				t.Errorf("err %T, want *UnreadableError", err)
			}
		})
	}
}

// TestWriteDOTRefusesUnreadable: WriteDOT refuses the whole 8-queens tree
// (15,721 boxes, 491,227 pt wide) as a PNG or an SVG, from the plan's
// estimate, before it writes a byte, and says what the picture would
// need; the DOT alone is written, and so is the whole 4-queens tree as
// either picture.
func TestWriteDOTRefusesUnreadable(t *testing.T) {
	q8, q4 := dotQueens(t, 8), dotQueens(t, 4)
	tests := []struct {
		name string
		run  dotRun
		opt  DiagramOptions
		want string // "" wants the DOT written
	}{
		{"8-queens PNG", q8, DiagramOptions{Layout: true, Readable: Readable{Raster: 2}},
			"the picture would be 491,227×544 pt (15,721 boxes), 982,454×1,088 px at --scale 2: shrunk to fit 32,767 px a side and 64 megapixels, its smallest text would be 0.6 px high, under 14"},
		{"8-queens SVG: zoomed, so drawn", q8, DiagramOptions{Layout: true, Readable: Readable{Vector: true}}, ""},
		{"8-queens boards SVG: refused on its plan without boards", q8, DiagramOptions{Layout: true, Boards: true, Readable: Readable{Vector: true, Boards: true}},
			"the picture would be more than 491,227×544 pt (15,721 boxes) with its boards, more than an SVG"},
		{"8-queens boards PNG", q8, DiagramOptions{Layout: true, Boards: true, Readable: Readable{Raster: 2}}, "its smallest text would be at most 0.6 px high"},
		{"5-queens boards PNG", dotQueens(t, 5), DiagramOptions{Layout: true, Boards: true, Readable: Readable{Raster: 2}}, ""},
		{"8-queens DOT", q8, DiagramOptions{Layout: true}, ""},
		{"8-queens fitted PNG", q8, DiagramOptions{Layout: true, MaxNodes: DefaultMaxNodes, Fit: Slide16x9, Readable: Readable{Raster: 2}}, ""},
		{"4-queens PNG", q4, DiagramOptions{Layout: true, Readable: Readable{Raster: 2}}, ""},
		{"4-queens SVG", q4, DiagramOptions{Layout: true, Readable: Readable{Vector: true}}, ""},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			var b bytes.Buffer
			_, err := WriteDOT(&b, tt.run.tree, tt.run.leg, tt.opt)
			if tt.want == "" {
				if err != nil || b.Len() == 0 {
					t.Fatalf("err %v, %d bytes: want the DOT", err, b.Len())
				}
				return
			}
			var ue *UnreadableError
			if !errors.As(err, &ue) || !strings.Contains(err.Error(), tt.want) {
				t.Fatalf("err %v, want an *UnreadableError saying %q", err, tt.want)
			}
			if b.Len() != 0 {
				t.Errorf("%d bytes written before the refusal", b.Len())
			}
		})
	}
}
