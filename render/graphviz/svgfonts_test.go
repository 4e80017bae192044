package graphviz

import (
	"bytes"
	"compress/zlib"
	"encoding/binary"
	"encoding/xml"
	"io"
	"math"
	"regexp"
	"strconv"
	"strings"
	"testing"

	"github.com/backtrack-edu/backtrack/render/internal/fontmetrics"
)

// TestTextMeasuredInGo checks that Graphviz sizes labels with
// fontmetrics.Width, plain and HTML-like, regular and bold, Latin and
// Chinese, and that without it (a negative measure) it falls back on its
// own estimate, which is far off for Chinese.
func TestTextMeasuredInGo(t *testing.T) {
	const dot = `digraph { node [shape=box, margin=0, width=0.01, height=0.01, fontname="` + fontmetrics.Family + `", fontsize=10];
	  a [label="r0=c1"];
	  b [label="同行重复 5，同列重复 1", fontsize=8];
	  c [label=<<B>✗ r1=c0</B>>];
	  d [label="数独 9×9，51 个空格"]; }`
	want := map[string]float64{
		"a": fontmetrics.Width("r0=c1", 10, false),
		"b": fontmetrics.Width("同行重复 5，同列重复 1", 8, false),
		"c": fontmetrics.Width("✗ r1=c0", 10, true),
		"d": fontmetrics.Width("数独 9×9，51 个空格", 10, false),
	}
	r := renderer(t)
	got := plainWidths(t, render(t, r, dot, LayoutDot, Plain))
	for id, w := range want {
		// Graphviz writes inches with 5 digits in plain.
		if g := got[id]; math.Abs(g-w) > 0.05 {
			t.Errorf("node %s is %.2f pt wide, fontmetrics measures its text %.2f", id, g, w)
		}
	}

	old := measureText
	measureText = func(string, string, float64, bool, bool) float64 { return -1 }
	est := plainWidths(t, render(t, r, dot, LayoutDot, Plain))
	measureText = old
	if est["d"] > want["d"]*0.9 {
		t.Errorf("with Graphviz's own estimate the Chinese label is %.2f pt wide, fontmetrics %.2f: is the text layout plugin still in use?", est["d"], want["d"])
	}
}

// plainWidths returns the node widths, in points, of Graphviz's plain
// output.
func plainWidths(t *testing.T, plain []byte) map[string]float64 {
	t.Helper()
	ws := map[string]float64{}
	for _, l := range strings.Split(string(plain), "\n") {
		f := strings.Fields(l)
		if len(f) > 5 && f[0] == "node" {
			w, err := strconv.ParseFloat(f[4], 64)
			if err != nil {
				t.Fatalf("plain output: %q: %v", l, err)
			}
			ws[f[1]] = w * 72
		}
	}
	if len(ws) == 0 {
		t.Fatalf("plain output has no nodes:\n%s", plain)
	}
	return ws
}

// TestSVGCarriesTheGoFonts checks the SVG pictures: one font-family, on
// the <svg> element, that starts with the embedded Go fonts and goes on to
// the CJK fonts; none on the texts; @font-face rules for Go Regular and Go
// Bold; well-formed XML; the same bytes every time.
func TestSVGCarriesTheGoFonts(t *testing.T) {
	const dot = `digraph { label=<<B>数独</B> 9×9>; node [shape=box, fontname="` + fontmetrics.Family + `"];
	  a [label="r0=c1"]; b [label=<<B>✗ 同列</B>>]; a -> b; }`
	r := renderer(t)
	svg := render(t, r, dot, LayoutDot, SVG)
	if again := render(t, r, dot, LayoutDot, SVG); !bytes.Equal(svg, again) {
		t.Error("the same DOT gave two different SVG pictures")
	}
	if err := checkSVG(svg); err != nil {
		t.Fatal(err)
	}
	s := string(svg)
	root := regexp.MustCompile(`<svg[^>]*>`).FindString(s)
	if !strings.Contains(root, ` font-family="`+svgFontFamily+`"`) {
		t.Errorf("the <svg> element does not give the font family %s: %s", svgFontFamily, root)
	}
	if !strings.HasPrefix(svgFontFamily, `'BT Go','WenQuanYi Micro Hei','Noto Sans CJK SC','PingFang SC','Microsoft YaHei',sans-serif`) {
		t.Errorf("font family %s", svgFontFamily)
	}
	if n := strings.Count(s, "font-family="); n != 1 {
		t.Errorf("%d font-family attributes, want the one on <svg>", n)
	}
	for _, w := range []string{"normal", "bold"} {
		rule := `@font-face { font-family: '` + fontmetrics.Family + `'; font-weight: ` + w + `; font-style: normal; src: url(data:font/woff;base64,`
		if strings.Count(s, rule) != 1 {
			t.Errorf("no @font-face rule for the %s Go font", w)
		}
	}
	if !strings.Contains(s, `font-weight="bold"`) || !strings.Contains(s, ">数独</text>") {
		t.Error("the bold Chinese text is missing")
	}
	dec := xml.NewDecoder(bytes.NewReader(svg))
	dec.Strict = true
	dec.Entity = xml.HTMLEntity
	for {
		_, err := dec.Token()
		if err == io.EOF {
			break
		}
		if err != nil {
			t.Fatalf("the SVG picture is not well-formed XML: %v", err)
		}
	}
	t.Logf("the fonts add %d bytes to every SVG picture (Go Regular and Go Bold, %d and %d bytes as TrueType)",
		len(svgFontStyle())+len(` font-family="`+svgFontFamily+`"`), len(fontmetrics.RegularTTF), len(fontmetrics.BoldTTF))
}

// TestWOFF reads the WOFF files back: every table of the TrueType font,
// byte for byte, with its checksum, in tag order, and the sizes the header
// gives.
func TestWOFF(t *testing.T) {
	for _, ttf := range [][]byte{fontmetrics.RegularTTF, fontmetrics.BoldTTF} {
		woff, err := ttfToWOFF(ttf)
		if err != nil {
			t.Fatal(err)
		}
		be := binary.BigEndian
		if string(woff[:4]) != "wOFF" || be.Uint32(woff[4:]) != be.Uint32(ttf) {
			t.Fatalf("header %x", woff[:8])
		}
		if int(be.Uint32(woff[8:])) != len(woff) || len(woff)%4 != 0 {
			t.Errorf("length %d in the header, %d in all", be.Uint32(woff[8:]), len(woff))
		}
		n := int(be.Uint16(woff[12:]))
		if n != int(be.Uint16(ttf[4:])) {
			t.Fatalf("%d tables, the font has %d", n, be.Uint16(ttf[4:]))
		}
		orig := map[uint32][]byte{}
		sfntSize := 12 + 16*n
		for i := range n {
			rec := ttf[12+16*i:]
			off, l := be.Uint32(rec[8:]), be.Uint32(rec[12:])
			orig[be.Uint32(rec)] = ttf[off : off+l]
			sfntSize += pad4(int(l))
		}
		if got := int(be.Uint32(woff[16:])); got != sfntSize {
			t.Errorf("totalSfntSize %d, want %d", got, sfntSize)
		}
		var last uint32
		for i := range n {
			e := woff[44+20*i:]
			tag, off, clen, olen := be.Uint32(e), be.Uint32(e[4:]), be.Uint32(e[8:]), be.Uint32(e[12:])
			if i > 0 && tag <= last {
				t.Errorf("table %d out of tag order", i)
			}
			last = tag
			if off%4 != 0 || off+clen > uint32(len(woff)) {
				t.Fatalf("table %d at %d, %d bytes", i, off, clen)
			}
			data := woff[off : off+clen]
			if clen < olen {
				z, err := zlib.NewReader(bytes.NewReader(data))
				if err != nil {
					t.Fatal(err)
				}
				if data, err = io.ReadAll(z); err != nil {
					t.Fatal(err)
				}
			}
			if !bytes.Equal(data, orig[tag]) {
				t.Errorf("table %q does not come back as it was", be.AppendUint32(nil, tag))
			}
			if be.Uint32(e[16:]) != tableChecksum(orig[tag]) && string(be.AppendUint32(nil, tag)) != "head" {
				t.Errorf("table %q: checksum %x, want %x", be.AppendUint32(nil, tag), be.Uint32(e[16:]), tableChecksum(orig[tag]))
			}
		}
		t.Logf("TrueType %d bytes, WOFF %d (%.0f%%)", len(ttf), len(woff), math.Round(100*float64(len(woff))/float64(len(ttf))))
	}
}

// tableChecksum is the sfnt checksum of a table: the sum of its big-endian
// 32-bit words, the last one padded with zeros.
func tableChecksum(b []byte) uint32 {
	var sum uint32
	for len(b)%4 != 0 {
		b = append(b[:len(b):len(b)], 0)
	}
	for i := 0; i < len(b); i += 4 {
		sum += binary.BigEndian.Uint32(b[i:])
	}
	return sum
}

// TestPNGFontsForTheGoFamily checks that the PNG painter draws the family
// the SVG pictures name with Go Regular and, for <B>, Go Bold.
func TestPNGFontsForTheGoFamily(t *testing.T) {
	if got := styleOf(fontmetrics.Family, 0); got != (fontStyle{}) {
		t.Errorf("styleOf(%q, 0) = %+v, want Go Regular", fontmetrics.Family, got)
	}
	if got := styleOf(fontmetrics.Family, 1); got != (fontStyle{bold: true}) {
		t.Errorf("styleOf(%q, bold) = %+v, want Go Bold", fontmetrics.Family, got)
	}
	if cjkFontPaths[0] != "/usr/share/fonts/truetype/wqy/wqy-microhei.ttc" || !strings.Contains(svgFontFamily, "'WenQuanYi Micro Hei','Noto Sans CJK SC'") {
		t.Error("the PNG painter and the SVG pictures no longer fall back on WenQuanYi Micro Hei, then Noto Sans CJK, in that order")
	}
}
