// Package fontmetrics measures text as the diagrams draw it, so that the
// boxes sized with it hold their text in a browser and in the PNG painter
// alike.
//
// The diagrams draw text in one font: the Go fonts of
// golang.org/x/image/font/gofont (Go Regular and Go Bold, under an open
// licence and embedded in this program), which SVG pictures carry inside
// them under the family name [Family] and the PNG painter draws with. The
// Go fonts cover Latin, Greek and Cyrillic and many symbols (· × … → − ≤ ≥
// █ ▌), and have no kerning, so a line of them is exactly as wide as the sum
// of its characters' advances, which [Width] reads from the fonts
// themselves (golang.org/x/image/font/sfnt).
//
// Characters the Go fonts lack are drawn by a fallback font: the browser
// takes the next family of the SVG's font list (WenQuanYi Micro Hei, Noto
// Sans CJK SC, PingFang SC, Microsoft YaHei, then its sans-serif) and the
// PNG painter the first CJK font installed, then DejaVu Sans. Width counts
// every such character as 1 em. For Chinese, Japanese and Korean that is
// exact: every ideograph, kana, Hangul syllable and fullwidth punctuation
// mark (，：（）；、。) is 1 em wide in all of those CJK fonts (the tests check
// WenQuanYi Micro Hei, the one Debian's fonts-wqy-microhei installs). For
// the symbols the Go fonts lack (✗ ↗ ↖ ⋮ ♛ ▉) it is an upper bound: they are
// at most 1 em in WenQuanYi Micro Hei and DejaVu Sans (✗ is 0.84 em in
// DejaVu Sans, ♛ 0.90). Control characters and combining marks count 0.
// Colour emoji can be wider than 1 em; the diagrams use none.
//
// Width adds a small safety margin to each line; see [MarginEm].
package fontmetrics

import (
	"math"
	"sync"
	"unicode"

	"golang.org/x/image/font"
	"golang.org/x/image/font/gofont/gobold"
	"golang.org/x/image/font/gofont/goregular"
	"golang.org/x/image/font/sfnt"
	"golang.org/x/image/math/fixed"
)

// Family is the font family name of the Go fonts in the diagrams: the DOT
// writes it as the fontname, the SVG pictures declare it with @font-face
// rules that carry Go Regular and Go Bold, and the PNG painter draws any
// font name that is not monospaced with the Go fonts.
const Family = "BT Go"

// The safety margin Width adds to a line: MarginFrac of its width plus
// MarginEm. Chromium lays SVG text out with the fonts' own advances, which
// Width sums exactly: in the browser test no text came out more than half
// a point wider than the sum (getBBox counts a little of the glyphs' ink).
// The margin, about one character more, covers that, a viewer that rounds
// glyph positions to whole pixels, and a fallback font that draws a symbol
// wider than the fonts checked here.
const (
	MarginEm   = 0.25
	MarginFrac = 0.02
)

// RegularTTF and BoldTTF are the fonts Width measures, as TrueType files:
// Go Regular and Go Bold.
var (
	RegularTTF = goregular.TTF
	BoldTTF    = gobold.TTF
)

// tableSize is how many code points, from U+0000, have their advances
// read from the Go fonts into a table; everything from U+3000 on (CJK and
// beyond) is 1 em, or 0 for a combining mark.
const tableSize = 0x3000

// advances holds, for each code point below tableSize, its advance in em
// in Go Regular ([0]) and Go Bold ([1]); 1 where the font lacks it, 0 for
// control characters and combining marks.
type advances [2][tableSize]float32

var table = sync.OnceValue(func() *advances {
	t := new(advances)
	for style, data := range [][]byte{RegularTTF, BoldTTF} {
		f, err := sfnt.Parse(data)
		if err != nil {
			panic("fontmetrics: embedded Go font does not parse: " + err.Error())
		}
		var buf sfnt.Buffer
		upem := fixed.Int26_6(f.UnitsPerEm())
		for r := rune(0); r < tableSize; r++ {
			if zeroWidth(r) {
				continue
			}
			t[style][r] = 1
			x, err := f.GlyphIndex(&buf, r)
			if err != nil || x == 0 {
				continue
			}
			// Asking for the advance at a size of one em in font
			// units gives it in font units, unrounded.
			a, err := f.GlyphAdvance(&buf, x, upem, font.HintingNone)
			if err != nil {
				continue
			}
			t[style][r] = float32(float64(a) / float64(upem))
		}
	}
	return t
})

// zeroWidth reports whether r takes no room on a line: control
// characters, zero-width spaces, joiners and direction marks, and
// combining marks (which draw on the character before them).
func zeroWidth(r rune) bool {
	switch {
	case r < 0x20 || r >= 0x7f && r < 0xa0:
		return true
	case r < 0x300:
		return false
	case r >= 0x200b && r <= 0x200f, r == 0xfeff:
		return true
	}
	return unicode.In(r, unicode.Mn, unicode.Me)
}

// RuneEm returns the advance of r in em: its advance in Go Regular or Go
// Bold, 1 for a character those fonts lack, 0 for a control character or a
// combining mark.
func RuneEm(r rune, bold bool) float64 {
	style := 0
	if bold {
		style = 1
	}
	if r >= 0 && r < tableSize {
		return float64(table()[style][r])
	}
	if zeroWidth(r) {
		return 0
	}
	return 1
}

// Width returns the width in points of one line of text s drawn at sizePt
// points, in Go Bold if bold and Go Regular otherwise: the sum of its
// characters' advances (see [RuneEm]), plus [MarginFrac] of that and
// [MarginEm], rounded up to a hundredth of a point. An empty line is 0
// wide; a newline counts as a control character, so give one line at a
// time.
func Width(s string, sizePt float64, bold bool) float64 {
	if s == "" || sizePt <= 0 {
		return 0
	}
	style := 0
	if bold {
		style = 1
	}
	t := &table()[style]
	em := 0.0
	for _, r := range s {
		if r >= 0 && r < tableSize {
			em += float64(t[r])
		} else {
			em += RuneEm(r, bold)
		}
	}
	// The conversions keep each product rounded on its own (no fused
	// multiply-add), so the width is the same on every machine.
	w := float64(em*(1+MarginFrac)) + MarginEm
	w = float64(w * sizePt)
	return math.Ceil(float64(w*100)) / 100
}
