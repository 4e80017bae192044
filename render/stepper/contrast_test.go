package stepper

import (
	"fmt"
	"math"
	"regexp"
	"slices"
	"sort"
	"strconv"
	"strings"
	"testing"

	"backtrack/tracer"
)

// Contrast on a projector: every mark the stepper and the player draw
// keeps a WCAG contrast of at least 4.5:1 (the floor of WCAG 2's level AA
// for text), computed from the colours they emit.

// minContrast is the least contrast a mark may have.
const minContrast = 4.5

// rgb is a colour, 0-255 a channel.
type rgb [3]float64

var (
	white = rgb{255, 255, 255}
	black = rgb{0, 0, 0}
)

// luminance is the colour's relative luminance (WCAG 2).
func (c rgb) luminance() float64 {
	lin := func(v float64) float64 {
		v /= 255
		if v <= 0.04045 {
			return v / 12.92
		}
		return math.Pow((v+0.055)/1.055, 2.4)
	}
	return 0.2126*lin(c[0]) + 0.7152*lin(c[1]) + 0.0722*lin(c[2])
}

// contrast is the WCAG contrast ratio of two colours, from 1 to 21.
func contrast(a, b rgb) float64 {
	la, lb := a.luminance(), b.luminance()
	if la < lb {
		la, lb = lb, la
	}
	return (la + 0.05) / (lb + 0.05)
}

// xterm256 is the RGB of a 256-colour index from 16 on, by xterm's
// formula: a 6×6×6 cube (levels 0, 95, 135, 175, 215, 255), then 24
// greys from 8 to 238. The first 16 are the terminal's own choice: ok
// is false for them.
func xterm256(i int) (c rgb, ok bool) {
	switch {
	case i < 16 || i > 255:
		return rgb{}, false
	case i < 232:
		levels := [6]float64{0, 95, 135, 175, 215, 255}
		j := i - 16
		return rgb{levels[j/36], levels[j/6%6], levels[j%6]}, true
	}
	g := float64(8 + 10*(i-232))
	return rgb{g, g, g}, true
}

// sgrColor is a colour as SGR sets it: the terminal's default, one of
// the 16 the terminal chooses, or a known RGB.
type sgrColor struct {
	kind int // 0 default, 1 one of the 16 ANSI colours, 2 RGB
	c    rgb
}

// sgrState is the rendition a character is drawn with.
type sgrState struct {
	fg, bg               sgrColor
	bold, dim, reverse   bool
	blink, hidden, other bool
}

// apply reads the parameters of one SGR sequence ("1;38;5;16").
func (st *sgrState) apply(params string) error {
	var ps []int
	for _, p := range strings.Split(params, ";") {
		if p == "" {
			ps = append(ps, 0)
			continue
		}
		v, err := strconv.Atoi(p)
		if err != nil {
			return fmt.Errorf("SGR %q: %v", params, err)
		}
		ps = append(ps, v)
	}
	for i := 0; i < len(ps); i++ {
		p := ps[i]
		switch {
		case p == 0:
			*st = sgrState{}
		case p == 1:
			st.bold = true
		case p == 2:
			st.dim = true
		case p == 5 || p == 6:
			st.blink = true
		case p == 7:
			st.reverse = true
		case p == 8:
			st.hidden = true
		case p == 22:
			st.bold, st.dim = false, false
		case p == 27:
			st.reverse = false
		case p == 39:
			st.fg = sgrColor{}
		case p == 49:
			st.bg = sgrColor{}
		case p >= 30 && p <= 37 || p >= 90 && p <= 97:
			st.fg = sgrColor{kind: 1}
		case p >= 40 && p <= 47 || p >= 100 && p <= 107:
			st.bg = sgrColor{kind: 1}
		case p == 38 || p == 48:
			var c sgrColor
			switch {
			case i+2 < len(ps) && ps[i+1] == 5:
				if rc, ok := xterm256(ps[i+2]); ok {
					c = sgrColor{kind: 2, c: rc}
				} else {
					c = sgrColor{kind: 1}
				}
				i += 2
			case i+4 < len(ps) && ps[i+1] == 2:
				c = sgrColor{kind: 2, c: rgb{float64(ps[i+2]), float64(ps[i+3]), float64(ps[i+4])}}
				i += 4
			default:
				return fmt.Errorf("SGR %q: a colour without its value", params)
			}
			if p == 38 {
				st.fg = c
			} else {
				st.bg = c
			}
		default:
			st.other = true
		}
	}
	return nil
}

// sgrRuns reads the text a terminal would draw from s and calls yield
// with each run of visible characters and the rendition it is drawn in.
func sgrRuns(s string, yield func(text string, st sgrState)) error {
	var st sgrState
	var run strings.Builder
	flush := func() {
		if strings.TrimSpace(run.String()) != "" {
			yield(run.String(), st)
		}
		run.Reset()
	}
	for i := 0; i < len(s); {
		if s[i] != 0x1b {
			r := s[i : i+1]
			if s[i] >= 0x80 {
				// a whole UTF-8 sequence
				j := i + 1
				for j < len(s) && s[j]&0xc0 == 0x80 {
					j++
				}
				r = s[i:j]
			}
			if r == "\n" {
				flush()
			} else {
				run.WriteString(r)
			}
			i += len(r)
			continue
		}
		if i+1 >= len(s) || s[i+1] != '[' {
			return fmt.Errorf("an escape that is no CSI at byte %d", i)
		}
		j := i + 2
		for j < len(s) && (s[j] < 0x40 || s[j] > 0x7e) {
			j++
		}
		if j >= len(s) {
			return fmt.Errorf("an unfinished escape at byte %d", i)
		}
		if s[j] == 'm' {
			flush()
			if err := st.apply(s[i+2 : j]); err != nil {
				return err
			}
		}
		i = j + 1
	}
	flush()
	return nil
}

// sgrContrast is how a rendition reads on a terminal: its contrast on a
// white and on a black background (where the text takes the terminal's
// own colour on its own background, 21: the terminal's choice), and why
// it cannot be measured, if so.
func sgrContrast(st sgrState) (onWhite, onBlack float64, problem string) {
	switch {
	case st.dim:
		return 0, 0, "dim (SGR 2): the terminal halves the text's colour"
	case st.blink, st.hidden, st.other:
		return 0, 0, "a rendition the test does not know"
	case st.fg.kind == 1 || st.bg.kind == 1:
		return 0, 0, "one of the 16 ANSI colours, which each terminal chooses"
	}
	fg, bg := st.fg, st.bg
	if st.reverse {
		fg, bg = bg, fg
	}
	// On a light terminal the default text is dark on white; on a dark
	// one light on black.
	on := func(paper rgb) float64 {
		ink, back := fg.c, bg.c
		if fg.kind == 0 {
			ink = rgb{255 - paper[0], 255 - paper[1], 255 - paper[2]}
		}
		if bg.kind == 0 {
			back = paper
		}
		return contrast(ink, back)
	}
	return on(white), on(black), ""
}

// TestStepContrast renders views of every kind of step in colour, in
// both languages, with the help, a message and the go-to prompt, parses
// the SGR sequences they write, and checks every run of text: nothing dim
// (the review found Sudoku's givens dimmed, the faintest thing on
// screen), none of the 16 colours a terminal chooses (ANSI blue is 2.2:1
// on xterm's black), and a contrast of at least 4.5:1 on a white and on
// a black terminal. Every style of the view is seen.
func TestStepContrast(t *testing.T) {
	type seen struct {
		example string
		white   float64
		black   float64
	}
	runs := map[sgrState]*seen{}
	styles := map[style]bool{}
	bad := 0
	fail := func(format string, args ...any) {
		t.Helper()
		if bad++; bad <= 20 {
			t.Errorf(format, args...)
		}
	}
	check := func(what, v string) {
		t.Helper()
		err := sgrRuns(v, func(text string, st sgrState) {
			w, b, problem := sgrContrast(st)
			if problem != "" {
				fail("%s: %q is drawn %s", what, strings.TrimSpace(text), problem)
				return
			}
			if w < minContrast || b < minContrast {
				fail("%s: %q has a contrast of %.2f:1 on white, %.2f:1 on black; want at least %.1f:1 on both", what, strings.TrimSpace(text), w, b, minContrast)
			}
			if runs[st] == nil {
				runs[st] = &seen{example: strings.TrimSpace(text), white: w, black: b}
			}
		})
		if err != nil {
			t.Fatalf("%s: %v", what, err)
		}
		if m := blankBlock.FindString(v); m != "" {
			fail("%s: %q colours a background with nothing on it", what, m)
		}
		for st, code := range sgr {
			if code != "" && strings.Contains(v, "\x1b["+code+"m") {
				styles[style(st)] = true
			}
		}
	}
	for _, name := range []string{"queens4", "sudoku4", "perms3"} {
		rec := stepGoldenRecs[name](t)
		for _, lang := range tracer.Langs {
			s := New(rec, Options{Lang: lang, Color: true})
			for _, k := range stepSample(rec, 12) {
				s.Goto(k)
				check(fmt.Sprintf("%s %s step %d", name, lang, k), s.View())
			}
			s.Key("?")
			check(fmt.Sprintf("%s %s help", name, lang), s.View())
			s.Key("esc")
			s.Key("end")
			s.Key("s") // no later solution: a message
			check(fmt.Sprintf("%s %s message", name, lang), s.View())
			s.typeKey("g")
			check(fmt.Sprintf("%s %s prompt", name, lang), s.View())
		}
	}
	if bad > 20 {
		t.Errorf("… %d runs of text in all fall short", bad)
	}
	for st, code := range sgr {
		if code != "" && style(st) != stNote && !styles[style(st)] {
			t.Errorf("style %d (SGR %q) was not seen in any view", st, code)
		}
	}
	var lines []string
	for st, x := range runs {
		lines = append(lines, fmt.Sprintf("%-22q white %5.2f  black %5.2f  e.g. %q", sgrParams(st), x.white, x.black, x.example))
	}
	sort.Strings(lines)
	t.Logf("the renditions of the step views, with their contrast on white and on black:\n%s", strings.Join(lines, "\n"))
}

// blankBlock finds spaces alone on a background colour: a block of
// colour that marks nothing.
var blankBlock = regexp.MustCompile("\x1b\\[[0-9;]*48;[0-9;]+m +\x1b")

// sgrParams writes a rendition back as SGR parameters, for the log.
func sgrParams(st sgrState) string {
	var ps []string
	if st.bold {
		ps = append(ps, "1")
	}
	if st.reverse {
		ps = append(ps, "7")
	}
	color := func(base int, c sgrColor) {
		if c.kind == 2 {
			for i := 16; i < 256; i++ {
				if x, _ := xterm256(i); x == c.c {
					ps = append(ps, fmt.Sprintf("%d;5;%d", base, i))
					return
				}
			}
			ps = append(ps, fmt.Sprintf("%d;2;%.0f;%.0f;%.0f", base, c.c[0], c.c[1], c.c[2]))
		}
	}
	color(38, st.fg)
	color(48, st.bg)
	return strings.Join(ps, ";")
}

// TestSGRRuns checks the SGR reader on the sequences of the old palette:
// the 16 ANSI colours and dim are refused, 256 colours measured.
func TestSGRRuns(t *testing.T) {
	var got []string
	err := sgrRuns("\x1b[2m5\x1b[0m \x1b[34mQ\x1b[0m \x1b[1;38;5;16;48;5;220m[7]\x1b[0m \x1b[7m> 5\x1b[0m plain", func(text string, st sgrState) {
		w, b, problem := sgrContrast(st)
		if problem != "" {
			got = append(got, text+": refused")
			return
		}
		got = append(got, fmt.Sprintf("%s: %.1f %.1f", text, w, b))
	})
	if err != nil {
		t.Fatal(err)
	}
	want := []string{"5: refused", "Q: refused", "[7]: 15.0 15.0", "> 5: 21.0 21.0", " plain: 21.0 21.0"}
	if !slices.Equal(got, want) {
		t.Errorf("runs %q, want %q", got, want)
	}
	if c := contrast(rgb{0x1a, 0x56, 0xb0}, white); math.Abs(c-7.0) > 0.05 {
		t.Errorf("#1a56b0 on white: %.2f, want 7.0", c)
	}
}
