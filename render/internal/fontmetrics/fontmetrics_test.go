package fontmetrics

import (
	"encoding/binary"
	"math"
	"os"
	"testing"

	"golang.org/x/image/font"
	"golang.org/x/image/font/opentype"
	"golang.org/x/image/font/sfnt"
	"golang.org/x/image/math/fixed"
)

// Go Regular and Go Bold advances, in units of 1/2048 em, read off the
// fonts' hmtx tables; the tests below check the package against them and
// against the fonts as golang.org/x/image draws them.
func TestRuneEm(t *testing.T) {
	tests := []struct {
		r    rune
		bold bool
		want float64
		what string
	}{
		{'a', false, 1139.0 / 2048, "Latin from Go Regular"},
		{'a', true, 1139.0 / 2048, "Latin from Go Bold"},
		{'b', true, 1251.0 / 2048, "Go Bold is wider"},
		{' ', false, 569.0 / 2048, "space"},
		{'0', false, 1139.0 / 2048, "digits are all one width"},
		{'9', false, 1139.0 / 2048, "digits are all one width"},
		{'×', false, 1196.0 / 2048, "Latin-1 sign"},
		{'→', false, 1, "an arrow the Go fonts have"},
		{'↗', false, 1, "an arrow the Go fonts lack: 1 em"},
		{'✗', true, 1, "a dingbat the Go fonts lack: 1 em"},
		{'♛', false, 1, "a chess piece the Go fonts lack: 1 em"},
		{'⋮', false, 1, "a symbol only DejaVu has: 1 em"},
		{'数', false, 1, "CJK ideograph"},
		{'，', false, 1, "fullwidth comma"},
		{'。', false, 1, "ideographic full stop"},
		{'５', false, 1, "fullwidth digit"},
		{'한', false, 1, "Hangul"},
		{'\n', false, 0, "control character"},
		{'\u0301', false, 0, "combining accent"},
		{'\u200b', false, 0, "zero-width space"},
		{'\U0001F600', false, 1, "outside the table"},
	}
	for _, tt := range tests {
		if got := RuneEm(tt.r, tt.bold); math.Abs(got-tt.want) > 1e-6 {
			t.Errorf("RuneEm(%q, bold %v) = %.4f, want %.4f (%s)", tt.r, tt.bold, got, tt.want, tt.what)
		}
	}
}

func TestWidth(t *testing.T) {
	margin := func(em, size float64) float64 {
		return math.Ceil((em*(1+MarginFrac)+MarginEm)*size*100-1e-9) / 100
	}
	tests := []struct {
		s    string
		size float64
		bold bool
		want float64
	}{
		{"", 10, false, 0},
		{"abc", 0, false, 0},
		{"0", 10, false, margin(1139.0/2048, 10)},
		{"r0=c1", 10, false, margin((682+1139+1196+1024+1139)/2048.0, 10)},
		{"数独 9×9", 11, false, margin(2+(569+1139+1196+1139)/2048.0, 11)},
		{"✗ r1=c0", 10, true, margin(1+(569+797+1139+1196+1139+1139)/2048.0, 10)},
		{"冲突：r0=c0", 8, false, margin(3+(682+1139+1196+1024+1139)/2048.0, 8)},
	}
	for _, tt := range tests {
		if got := Width(tt.s, tt.size, tt.bold); math.Abs(got-tt.want) > 0.011 {
			t.Errorf("Width(%q, %g, bold %v) = %.2f, want %.2f", tt.s, tt.size, tt.bold, got, tt.want)
		}
	}
	if r, b := Width("bold text", 10, false), Width("bold text", 10, true); b <= r {
		t.Errorf("bold %.2f is not wider than regular %.2f", b, r)
	}
	if a, b := Width("r0=c1", 8, false), Width("r0=c1", 16, false); math.Abs(b-2*a) > 0.02 {
		t.Errorf("Width does not scale with the size: %.2f at 8 pt, %.2f at 16 pt", a, b)
	}
}

// TestWidthCoversTheGoFonts checks Width against the Go fonts as
// golang.org/x/image lays text out (font.MeasureString, kerning included):
// never narrower, and no more than the margin wider.
func TestWidthCoversTheGoFonts(t *testing.T) {
	lines := []string{
		"nqueens n=4 · strategy order=rows check=scan when=before stop=all",
		"17 calls · 60 tries · 44 pruned (column 28, upper-right diagonal 9) · 2 solutions",
		"dead end: all failed, return false (backtrack)",
		"AVAWAYTaToVaWa LT fi ffl 1234567890",
		"(0,5)=8", "r3=c2", "box 7, row 2", "−≤≥…–µΣü",
	}
	for _, bold := range []bool{false, true} {
		data := RegularTTF
		if bold {
			data = BoldTTF
		}
		f, err := opentype.Parse(data)
		if err != nil {
			t.Fatal(err)
		}
		const size = 64 // large, so that 26.6 fixed point rounding is small
		face, err := opentype.NewFace(f, &opentype.FaceOptions{Size: size, DPI: 72, Hinting: font.HintingNone})
		if err != nil {
			t.Fatal(err)
		}
		for _, s := range lines {
			got := Width(s, size, bold)
			drawn := float64(font.MeasureString(face, s)) / 64
			if got < drawn {
				t.Errorf("Width(%q, bold %v) = %.2f, less than the Go font's %.2f", s, bold, got, drawn)
			}
			if most := drawn*(1+MarginFrac) + MarginEm*size + 0.5; got > most {
				t.Errorf("Width(%q, bold %v) = %.2f, more than the Go font's %.2f and the margin", s, bold, got, drawn)
			}
		}
		face.Close()
	}
}

// The CJK fonts the pictures fall back on, with the Debian package that
// installs each.
var cjkFonts = []struct{ path, pkg string }{
	{"/usr/share/fonts/truetype/wqy/wqy-microhei.ttc", "fonts-wqy-microhei"},
	{"/usr/share/fonts/opentype/noto/NotoSansCJK-Regular.ttc", "fonts-noto-cjk"},
}

// TestCJKIsOneEm checks, in the CJK fonts installed here, that every CJK
// ideograph, kana, Hangul syllable and fullwidth form is 1 em wide, as
// Width counts it. Combining marks (the kana voicing marks U+3099 and
// U+309A) are left out: they draw on the character before them, and Width
// counts them 0.
func TestCJKIsOneEm(t *testing.T) {
	ranges := []struct {
		lo, hi rune
		name   string
	}{
		{0x3001, 0x303F, "CJK punctuation"},
		{0x3040, 0x30FF, "kana"},
		{0x4E00, 0x9FFF, "CJK ideographs"},
		{0xAC00, 0xD7A3, "Hangul syllables"},
		{0xF900, 0xFAFF, "CJK compatibility ideographs"},
		{0xFF01, 0xFF60, "fullwidth forms"},
	}
	found := false
	for _, cf := range cjkFonts {
		f := loadFirst(t, cf.path)
		if f == nil {
			continue
		}
		found = true
		var buf sfnt.Buffer
		for _, rg := range ranges {
			n := 0
			for r := rg.lo; r <= rg.hi; r++ {
				em, ok := advance(f, &buf, r)
				if !ok || zeroWidth(r) {
					continue
				}
				n++
				if em != 1 || RuneEm(r, false) != 1 {
					t.Errorf("%s: %q (U+%04X) is %.3f em; Width counts %.3f", cf.path, r, r, em, RuneEm(r, false))
				}
			}
			if n == 0 {
				t.Errorf("%s has none of the %s", cf.path, rg.name)
			}
		}
	}
	if !found {
		t.Skipf("no CJK font installed: the check needs %s (Debian package %s)", cjkFonts[0].path, cjkFonts[0].pkg)
	}
}

// TestFallbackSymbolsFitOneEm checks that the symbols the diagrams use and
// the Go fonts lack are at most 1 em in the fallback fonts installed here
// (the PNG painter's, and the browser's sans-serif on Debian), so that
// counting them as 1 em is safe.
func TestFallbackSymbolsFitOneEm(t *testing.T) {
	const symbols = "✗↗↖⋮♚♛♜♝♞♟▉▊▋▍▎▏"
	paths := []string{cjkFonts[0].path, cjkFonts[1].path, "/usr/share/fonts/truetype/dejavu/DejaVuSans.ttf"}
	found := false
	for _, path := range paths {
		f := loadFirst(t, path)
		if f == nil {
			continue
		}
		found = true
		var buf sfnt.Buffer
		for _, r := range symbols {
			if _, inGo := advance(mustParse(t, RegularTTF), &buf, r); inGo {
				t.Errorf("%q is in Go Regular now: drop it from this list", r)
			}
			if em, ok := advance(f, &buf, r); ok && em > 1 {
				t.Errorf("%s draws %q %.3f em wide, more than the 1 em Width counts", path, r, em)
			}
		}
	}
	if !found {
		t.Skip("no fallback font installed (fonts-wqy-microhei, fonts-dejavu-core)")
	}
}

func mustParse(t *testing.T, data []byte) *sfnt.Font {
	t.Helper()
	f, err := sfnt.Parse(data)
	if err != nil {
		t.Fatal(err)
	}
	return f
}

// advance returns r's advance in f, in em.
func advance(f *sfnt.Font, buf *sfnt.Buffer, r rune) (float64, bool) {
	x, err := f.GlyphIndex(buf, r)
	if err != nil || x == 0 {
		return 0, false
	}
	upem := f.UnitsPerEm()
	a, err := f.GlyphAdvance(buf, x, fixed.Int26_6(upem), font.HintingNone)
	if err != nil {
		return 0, false
	}
	return float64(a) / float64(upem), true
}

// loadFirst parses a font file, or the first font of a collection; nil if
// it is not there. sfnt needs every table on a four-byte boundary, which
// WenQuanYi Micro Hei's collection does not keep, so the font is copied
// out with its tables realigned first.
func loadFirst(t *testing.T, path string) *sfnt.Font {
	t.Helper()
	data, err := os.ReadFile(path)
	if err != nil {
		return nil
	}
	off := 0
	if len(data) >= 16 && string(data[:4]) == "ttcf" {
		off = int(binary.BigEndian.Uint32(data[12:]))
	}
	f, err := sfnt.Parse(realign(t, data, off))
	if err != nil {
		t.Fatalf("%s: %v", path, err)
	}
	return f
}

func realign(t *testing.T, data []byte, off int) []byte {
	t.Helper()
	if off+12 > len(data) {
		t.Fatal("font header runs past the end")
	}
	n := int(binary.BigEndian.Uint16(data[off+4:]))
	if off+12+16*n > len(data) {
		t.Fatal("table directory runs past the end")
	}
	out := make([]byte, 12+16*n)
	copy(out, data[off:off+12])
	for i := range n {
		rec := data[off+12+16*i:]
		o, l := int(binary.BigEndian.Uint32(rec[8:])), int(binary.BigEndian.Uint32(rec[12:]))
		if o+l > len(data) {
			t.Fatal("table runs past the end")
		}
		for len(out)%4 != 0 {
			out = append(out, 0)
		}
		copy(out[12+16*i:], rec[:8])
		binary.BigEndian.PutUint32(out[12+16*i+8:], uint32(len(out)))
		binary.BigEndian.PutUint32(out[12+16*i+12:], uint32(l))
		out = append(out, data[o:o+l]...)
	}
	return out
}

func BenchmarkWidth(b *testing.B) {
	for b.Loop() {
		Width("17 calls · 60 tries · 44 pruned (column 28, ↗ 9, ↖ 7) · 数独", 10, false)
	}
}
