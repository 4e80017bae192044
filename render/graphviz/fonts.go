package graphviz

import (
	"encoding/binary"
	"image"
	"math"
	"os"
	"strings"
	"sync"

	"golang.org/x/image/font"
	"golang.org/x/image/font/gofont/gobold"
	"golang.org/x/image/font/gofont/gobolditalic"
	"golang.org/x/image/font/gofont/goitalic"
	"golang.org/x/image/font/gofont/gomono"
	"golang.org/x/image/font/gofont/gomonobold"
	"golang.org/x/image/font/gofont/gomonobolditalic"
	"golang.org/x/image/font/gofont/gomonoitalic"
	"golang.org/x/image/font/gofont/goregular"
	"golang.org/x/image/font/opentype"
	"golang.org/x/image/font/sfnt"
	"golang.org/x/image/math/fixed"
)

// Fonts for PNG text: see "Fonts in PNG pictures" in the package
// documentation.

// fontStyle selects one of the Go fonts.
type fontStyle struct{ mono, bold, italic bool }

var goFontData = map[fontStyle][]byte{
	{false, false, false}: goregular.TTF,
	{false, true, false}:  gobold.TTF,
	{false, false, true}:  goitalic.TTF,
	{false, true, true}:   gobolditalic.TTF,
	{true, false, false}:  gomono.TTF,
	{true, true, false}:   gomonobold.TTF,
	{true, false, true}:   gomonoitalic.TTF,
	{true, true, true}:    gomonobolditalic.TTF,
}

// goFonts parses the Go fonts once.
var goFonts = sync.OnceValue(func() map[fontStyle]*sfnt.Font {
	m := make(map[fontStyle]*sfnt.Font, len(goFontData))
	for st, data := range goFontData {
		f, err := opentype.Parse(data)
		if err != nil {
			panic("graphviz: embedded Go font does not parse: " + err.Error())
		}
		m[st] = f
	}
	return m
})

// styleOf maps a Graphviz font name and xdot font flags to a Go font.
func styleOf(name string, flags int) fontStyle {
	n := strings.ToLower(name)
	return fontStyle{
		mono:   strings.Contains(n, "mono") || strings.Contains(n, "courier") || strings.Contains(n, "consol"),
		bold:   flags&1 != 0 || strings.Contains(n, "bold") || strings.Contains(n, "black") || strings.Contains(n, "heavy"),
		italic: flags&2 != 0 || strings.Contains(n, "italic") || strings.Contains(n, "oblique"),
	}
}

// cjkFontPaths are well-known places of fonts with Chinese, Japanese and
// Korean characters, on Debian and Ubuntu first (the package that installs
// each is named), then other systems. The first one found is used.
var cjkFontPaths = []string{
	"/usr/share/fonts/truetype/wqy/wqy-microhei.ttc",                     // fonts-wqy-microhei
	"/usr/share/fonts/truetype/wqy/wqy-zenhei.ttc",                       // fonts-wqy-zenhei
	"/usr/share/fonts/opentype/noto/NotoSansCJK-Regular.ttc",             // fonts-noto-cjk
	"/usr/share/fonts/truetype/droid/DroidSansFallbackFull.ttf",          // fonts-droid-fallback
	"/usr/share/fonts/truetype/arphic/uming.ttc",                         // fonts-arphic-uming
	"/usr/share/fonts/noto-cjk/NotoSansCJK-Regular.ttc",                  // Arch
	"/usr/share/fonts/google-noto-cjk/NotoSansCJK-Regular.ttc",           // Fedora
	"/usr/share/fonts/google-droid-sans-fonts/DroidSansFallbackFull.ttf", // Fedora
	"/System/Library/Fonts/Hiragino Sans GB.ttc",                         // macOS
	"/System/Library/Fonts/STHeiti Light.ttc",                            // macOS
	"/Library/Fonts/Arial Unicode.ttf",                                   // macOS
	`C:\Windows\Fonts\msyh.ttc`,                                          // Windows
	`C:\Windows\Fonts\simsun.ttc`,                                        // Windows
}

// symbolFontPaths are fonts with many other symbols; all found are used.
var symbolFontPaths = []string{
	"/usr/share/fonts/truetype/dejavu/DejaVuSans.ttf", // fonts-dejavu-core
	"/usr/share/fonts/dejavu/DejaVuSans.ttf",
}

// fallbackFonts finds and parses the fallback fonts, once.
var fallbackFonts = sync.OnceValue(func() []*sfnt.Font {
	var fs []*sfnt.Font
	for _, path := range cjkFontPaths {
		if f := loadFont(path, "SC"); f != nil {
			fs = append(fs, f)
			break
		}
	}
	for _, path := range symbolFontPaths {
		if f := loadFont(path, ""); f != nil {
			fs = append(fs, f)
		}
	}
	return fs
})

// loadFont parses a font file or collection; in a collection it prefers
// the font whose family name contains prefer (Noto's collection puts the
// Japanese font first, its Simplified Chinese one later). A missing or
// broken file gives nil.
func loadFont(path, prefer string) *sfnt.Font {
	data, err := os.ReadFile(path)
	if err != nil {
		return nil
	}
	offsets := fontOffsets(data)
	var first *sfnt.Font
	for _, off := range offsets {
		f, err := opentype.Parse(realign(data, off))
		if err != nil {
			continue
		}
		if first == nil {
			first = f
		}
		if prefer == "" {
			break
		}
		if name, err := f.Name(nil, sfnt.NameIDFamily); err == nil && strings.Contains(name, prefer) {
			return f
		}
	}
	return first
}

// fontOffsets returns where each font of a font file starts: several in a
// collection (.ttc), one at 0 otherwise.
func fontOffsets(data []byte) []int {
	if len(data) < 12 || string(data[:4]) != "ttcf" {
		return []int{0}
	}
	n := int(binary.BigEndian.Uint32(data[8:]))
	var offs []int
	for i := range n {
		at := 12 + 4*i
		if at+4 > len(data) {
			break
		}
		offs = append(offs, int(binary.BigEndian.Uint32(data[at:])))
	}
	return offs
}

// realign copies the font starting at offset into a file of its own whose
// tables all start on four-byte boundaries, as golang.org/x/image/font/sfnt
// requires and some fonts (WenQuanYi Micro Hei among them) do not do. It
// returns nil if the font's table directory is broken.
func realign(data []byte, offset int) []byte {
	if offset < 0 || offset+12 > len(data) {
		return nil
	}
	n := int(binary.BigEndian.Uint16(data[offset+4:]))
	dir := offset + 12
	if dir+16*n > len(data) {
		return nil
	}
	out := make([]byte, 12+16*n, len(data)-offset+4*n)
	copy(out, data[offset:offset+12])
	for i := range n {
		rec := data[dir+16*i : dir+16*i+16]
		o, l := int(binary.BigEndian.Uint32(rec[8:])), int(binary.BigEndian.Uint32(rec[12:]))
		if o < 0 || l < 0 || o+l > len(data) {
			return nil
		}
		for len(out)%4 != 0 {
			out = append(out, 0)
		}
		copy(out[12+16*i:], rec[:8]) // tag and checksum
		binary.BigEndian.PutUint32(out[12+16*i+8:], uint32(len(out)))
		binary.BigEndian.PutUint32(out[12+16*i+12:], uint32(l))
		out = append(out, data[o:o+l]...)
	}
	return out
}

// faceCache keeps the font faces of one painting. Faces are not safe for
// concurrent use, so each painting has its own.
type faceCache struct {
	m map[faceKey]*multiFace
}

type faceKey struct {
	style fontStyle
	size  float64 // pixels, in quarters
}

func newFaceCache() *faceCache { return &faceCache{m: map[faceKey]*multiFace{}} }

// face returns the face for a Graphviz font name, xdot font flags and a
// size in pixels.
func (c *faceCache) face(name string, flags int, px float64) font.Face {
	k := faceKey{styleOf(name, flags), math.Max(math.Round(px*4)/4, 0.25)}
	f, ok := c.m[k]
	if !ok {
		f = newMultiFace(goFonts()[k.style], k.size)
		c.m[k] = f
	}
	return f
}

func (c *faceCache) close() {
	for _, f := range c.m {
		f.Close()
	}
}

// multiFace is a font.Face that draws each character with the first of its
// fonts that has it: a Go font, then the fallback fonts.
type multiFace struct {
	fonts []*sfnt.Font
	faces []font.Face // made when first needed, by fonts index
	size  float64
	buf   sfnt.Buffer
	which map[rune]int // fonts index per character
}

func newMultiFace(primary *sfnt.Font, size float64) *multiFace {
	return &multiFace{
		fonts: []*sfnt.Font{primary},
		faces: []font.Face{nil},
		size:  size,
		which: map[rune]int{},
	}
}

func (m *multiFace) faceAt(i int) font.Face {
	if m.faces[i] == nil {
		f, err := opentype.NewFace(m.fonts[i], &opentype.FaceOptions{Size: m.size, DPI: 72, Hinting: font.HintingNone})
		if err != nil {
			// Only a size opentype refuses gets here; the primary
			// face stands in.
			if i == 0 {
				panic("graphviz: Go font face: " + err.Error())
			}
			return m.faceAt(0)
		}
		m.faces[i] = f
	}
	return m.faces[i]
}

// pick returns the index of the font that draws r.
func (m *multiFace) pick(r rune) int {
	if i, ok := m.which[r]; ok {
		return i
	}
	i := 0
	if x, err := m.fonts[0].GlyphIndex(&m.buf, r); (err != nil || x == 0) && r > ' ' {
		if len(m.fonts) == 1 {
			for _, f := range fallbackFonts() {
				m.fonts = append(m.fonts, f)
				m.faces = append(m.faces, nil)
			}
		}
		for j := 1; j < len(m.fonts); j++ {
			if x, err := m.fonts[j].GlyphIndex(&m.buf, r); err == nil && x != 0 {
				i = j
				break
			}
		}
	}
	m.which[r] = i
	return i
}

func (m *multiFace) Glyph(dot fixed.Point26_6, r rune) (image.Rectangle, image.Image, image.Point, fixed.Int26_6, bool) {
	return m.faceAt(m.pick(r)).Glyph(dot, r)
}

func (m *multiFace) GlyphBounds(r rune) (fixed.Rectangle26_6, fixed.Int26_6, bool) {
	return m.faceAt(m.pick(r)).GlyphBounds(r)
}

func (m *multiFace) GlyphAdvance(r rune) (fixed.Int26_6, bool) {
	return m.faceAt(m.pick(r)).GlyphAdvance(r)
}

func (m *multiFace) Kern(r0, r1 rune) fixed.Int26_6 {
	if i := m.pick(r0); i == m.pick(r1) {
		return m.faceAt(i).Kern(r0, r1)
	}
	return 0
}

func (m *multiFace) Metrics() font.Metrics { return m.faceAt(0).Metrics() }

func (m *multiFace) Close() error {
	for _, f := range m.faces {
		if f != nil {
			f.Close()
		}
	}
	return nil
}
