package render

import (
	"math"
	"strings"
	"unicode"
	"unicode/utf8"
)

// The caption of a frame: the step's note, in a tinted box of the legend
// under the run's status, as many lines high whatever the note says, so
// that no frame of a run moves (DiagramOptions.Caption).

// DefaultCaptionLines is how many lines --frames and --gif keep for a
// step's note: the notes of the built-in problems take one or two at the
// narrowest legend (dotLegendMinW) in English and in Chinese.
const DefaultCaptionLines = 2

// The caption's font and box.
const (
	dotFontCaption     = 12.0
	dotColorCaptionBg  = "#eef3fa" // the caption's box
	dotCaptionPadding  = 3.0       // CELLPADDING of the caption's cell, points
	dotCaptionLineGrow = 1.2       // a line of text is this many times its font size high
)

// captionHeight is the height of a caption cell of n lines, points, its
// padding included.
func captionHeight(n int) float64 {
	return math.Ceil(float64(n)*dotFontCaption*dotCaptionLineGrow + 2*dotCaptionPadding + 2)
}

// captionLabelRoom is how much narrower than the legend's wrapping width
// the caption's cell is: the legend table's spacing on each side (2 pt)
// and the room Graphviz leaves around a graph's label (8 pt), so that a
// caption does not make the picture wider than its tree.
const captionLabelRoom = 2*2 + 2*8

// captionWidth is the width of the caption's cell in a legend wrapped at
// wrapW points.
func captionWidth(wrapW float64) float64 { return math.Floor(wrapW) - captionLabelRoom }

// captionLine makes the legend's caption line: a box of a fixed size, w
// points wide and d.opt.CaptionLines lines high, holding the caption
// wrapped into those lines.
func (d *diagram) captionLine(w float64) legendLine {
	n := d.opt.CaptionLines
	inner := w - 2*dotCaptionPadding - 2
	return legendLine{kind: legendCaption, caption: wrapCaptionBy(d.measure, d.opt.Caption, inner, dotFontCaption, n), w: w, h: captionHeight(n)}
}

// wrapCaption breaks s into at most n lines no wider than w points at font
// size: between words, and between any two Chinese characters (but never
// before a closing mark such as ，or ）). If s needs more lines, the last
// one ends in "…". Runs of spaces count as one.
func wrapCaption(s string, w, size float64, n int) []string {
	return wrapCaptionBy(graphvizText{}, s, w, size, n)
}

// wrapCaptionBy is wrapCaption measuring text with m.
func wrapCaptionBy(m textMeasure, s string, w, size float64, n int) []string {
	s = strings.Join(strings.Fields(s), " ")
	if s == "" || n <= 0 {
		return nil
	}
	width := func(t string) float64 { return m.TextWidth(t, size, false) }
	units := captionUnits(s)
	var lines []string
	cur := ""
	for i := 0; i < len(units); i++ {
		u := units[i]
		try := cur + u
		if cur == "" {
			try = strings.TrimLeft(u, " ")
		}
		if width(strings.TrimRight(try, " ")) <= w {
			cur = try
			continue
		}
		if cur == "" {
			// One unit wider than a line: break it between characters.
			fit, rest := cutToWidth(try, w, width)
			if rest == "" {
				cur = fit
				continue
			}
			lines = append(lines, fit)
			units[i] = rest
			i--
		} else {
			lines = append(lines, strings.TrimRight(cur, " "))
			cur = ""
			i--
		}
		if len(lines) == n {
			// Out of lines: the last one says that the note goes on.
			last := lines[n-1]
			for last != "" && width(last+"…") > w {
				_, sz := utf8.DecodeLastRuneInString(last)
				last = strings.TrimRight(last[:len(last)-sz], " ")
			}
			lines[n-1] = last + "…"
			return lines
		}
	}
	if cur = strings.TrimRight(cur, " "); cur != "" {
		lines = append(lines, cur)
	}
	return lines
}

// cutToWidth splits s after as many characters as fit in w points (at
// least one).
func cutToWidth(s string, w float64, width func(string) float64) (fit, rest string) {
	end := 0
	for i, r := range s {
		next := i + utf8.RuneLen(r)
		if end > 0 && width(s[:next]) > w {
			break
		}
		end = next
	}
	return s[:end], s[end:]
}

// captionUnits splits s into the pieces a line may break after: between
// words (a word keeps the space after it), and before or after a Chinese
// character, but never before a closing mark (，：）…) or after an opening
// one (（《).
func captionUnits(s string) []string {
	var units []string
	start := 0
	var prev rune
	for i, r := range s {
		if i > start && (prev == ' ' || (isWide(prev) || isWide(r)) && !noLineStart(r) && !noLineEnd(prev)) {
			units = append(units, s[start:i])
			start = i
		}
		prev = r
	}
	return append(units, s[start:])
}

// isWide reports whether r is a Chinese, Japanese or Korean character, or
// a fullwidth mark: text that breaks between any two characters.
func isWide(r rune) bool {
	return unicode.In(r, unicode.Han, unicode.Hiragana, unicode.Katakana, unicode.Hangul) ||
		r >= 0x3000 && r <= 0x303f || r >= 0xff00 && r <= 0xffef
}

// noLineStart reports whether r may not begin a line: a closing mark.
func noLineStart(r rune) bool {
	return strings.ContainsRune("，。、：；！？）》」』】…,.:;!?)", r)
}

// noLineEnd reports whether r may not end a line: an opening mark.
func noLineEnd(r rune) bool { return strings.ContainsRune("（《「『【(", r) }
