package graphviz

import (
	"bytes"
	"compress/zlib"
	"encoding/base64"
	"encoding/binary"
	"errors"
	"regexp"
	"sort"
	"sync"

	"github.com/backtrack-edu/backtrack/render/internal/fontmetrics"
)

// Fonts in SVG pictures: Graphviz sizes every label with the Go fonts'
// metrics (measureText), so the SVG must draw with the Go fonts too, in
// whatever browser or program opens it. embedFonts makes the picture carry
// them.

// svgFontFamily is the font-family every text of an SVG picture gets: the
// embedded Go fonts, then CJK fonts for the characters they lack (Debian's
// and Ubuntu's WenQuanYi Micro Hei and Noto Sans CJK, macOS's PingFang,
// Windows' Microsoft YaHei: all draw ideographs and fullwidth punctuation
// 1 em wide, as fontmetrics counts them), then the viewer's sans-serif.
// The PNG painter falls back in the same order (cjkFontPaths).
const svgFontFamily = `'` + fontmetrics.Family + `','WenQuanYi Micro Hei','Noto Sans CJK SC','PingFang SC','Microsoft YaHei',sans-serif`

// fontFamilyAttr matches the font-family attributes Graphviz writes on
// its text elements, with the space before them. Graphviz escapes quotes in
// text, so it cannot match inside a label.
var fontFamilyAttr = regexp.MustCompile(` font-family="[^"]*"`)

// svgFontStyle is the <defs> element embedFonts puts first in the picture:
// @font-face rules that carry Go Regular and Go Bold as WOFF data URIs under
// the family name fontmetrics.Family. It is made once; it is about 200 KB.
var svgFontStyle = sync.OnceValue(func() []byte {
	var b bytes.Buffer
	b.WriteString("\n<defs>\n<style type=\"text/css\"><![CDATA[\n")
	for _, f := range []struct {
		ttf    []byte
		weight string
	}{{fontmetrics.RegularTTF, "normal"}, {fontmetrics.BoldTTF, "bold"}} {
		woff, err := ttfToWOFF(f.ttf)
		if err != nil {
			panic("graphviz: embedded Go font: " + err.Error())
		}
		b.WriteString(`@font-face { font-family: '` + fontmetrics.Family + `'; font-weight: ` + f.weight + `; font-style: normal; src: url(data:font/woff;base64,`)
		b.WriteString(base64.StdEncoding.EncodeToString(woff))
		b.WriteString(") format('woff'); }\n")
	}
	b.WriteString("]]></style>\n</defs>")
	return b.Bytes()
})

// embedFonts returns the SVG picture svg (as Graphviz writes it) drawn in
// the Go fonts whatever the viewer has installed: the <svg> element gets
// font-family svgFontFamily, which every text inherits (their own
// font-family attributes are removed), and the @font-face rules of
// svgFontStyle go first inside it. The same picture always gives the same
// bytes. svg must hold an <svg> start tag (checkSVG has made sure).
func embedFonts(svg []byte) []byte {
	start := bytes.Index(svg, []byte("<svg"))
	if start < 0 {
		return svg
	}
	end := bytes.IndexByte(svg[start:], '>')
	if end < 0 {
		return svg
	}
	end += start
	style := svgFontStyle()
	body := fontFamilyAttr.ReplaceAllLiteral(svg[end+1:], nil)
	family := ` font-family="` + svgFontFamily + `">`
	out := make([]byte, 0, end+len(family)+len(style)+len(body))
	out = append(out, svg[:end]...)
	out = append(out, family...)
	out = append(out, style...)
	return append(out, body...)
}

// ttfToWOFF wraps a TrueType font in WOFF 1.0 (W3C, 2012): the same
// tables, each compressed with zlib where that makes it smaller, which
// roughly halves the Go fonts. Every browser reads WOFF 1.0. The output
// depends only on the input.
func ttfToWOFF(ttf []byte) ([]byte, error) {
	if len(ttf) < 12 {
		return nil, errors.New("woff: font too short")
	}
	flavor := binary.BigEndian.Uint32(ttf)
	n := int(binary.BigEndian.Uint16(ttf[4:]))
	if 12+16*n > len(ttf) {
		return nil, errors.New("woff: table directory runs past the end")
	}
	type table struct {
		tag, checksum    uint32
		orig, compressed []byte
	}
	tables := make([]table, n)
	sfntSize := 12 + 16*n
	for i := range tables {
		rec := ttf[12+16*i:]
		off, length := binary.BigEndian.Uint32(rec[8:]), binary.BigEndian.Uint32(rec[12:])
		if uint64(off)+uint64(length) > uint64(len(ttf)) {
			return nil, errors.New("woff: table runs past the end")
		}
		t := table{tag: binary.BigEndian.Uint32(rec), checksum: binary.BigEndian.Uint32(rec[4:]), orig: ttf[off : off+length]}
		var z bytes.Buffer
		w, _ := zlib.NewWriterLevel(&z, zlib.BestCompression)
		w.Write(t.orig)
		w.Close()
		t.compressed = t.orig
		if z.Len() < len(t.orig) {
			t.compressed = z.Bytes()
		}
		tables[i] = t
		sfntSize += pad4(len(t.orig))
	}
	// WOFF wants the directory in ascending tag order, as sfnt does.
	sort.Slice(tables, func(i, j int) bool { return tables[i].tag < tables[j].tag })

	const headerSize, entrySize = 44, 20
	size := headerSize + entrySize*n
	for _, t := range tables {
		size += pad4(len(t.compressed))
	}
	out := make([]byte, headerSize+entrySize*n, size)
	be := binary.BigEndian
	be.PutUint32(out[0:], 0x774F4646) // "wOFF"
	be.PutUint32(out[4:], flavor)
	be.PutUint32(out[8:], uint32(size))
	be.PutUint16(out[12:], uint16(n))
	be.PutUint32(out[16:], uint32(sfntSize))
	be.PutUint16(out[20:], 1) // font version 1.0; metadata and private data: none
	for i, t := range tables {
		e := out[headerSize+entrySize*i:]
		be.PutUint32(e[0:], t.tag)
		be.PutUint32(e[4:], uint32(len(out)))
		be.PutUint32(e[8:], uint32(len(t.compressed)))
		be.PutUint32(e[12:], uint32(len(t.orig)))
		be.PutUint32(e[16:], t.checksum)
		out = append(out, t.compressed...)
		for len(out)%4 != 0 {
			out = append(out, 0)
		}
	}
	return out, nil
}

func pad4(n int) int { return (n + 3) &^ 3 }
