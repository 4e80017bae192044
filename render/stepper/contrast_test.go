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

	"github.com/backtrack-edu/backtrack/render"
	"github.com/backtrack-edu/backtrack/tracer"
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

// The page's colours: the theme blocks of player.css, ":root" (light) and
// ':root[data-theme="dark"]', each a list of custom properties; every
// other rule takes its colours from them (TestPlayerCSSColors).
var themeBlocks = map[string]string{"light": ":root {", "dark": `:root[data-theme="dark"] {`}

// pageMarks pairs each text colour of the page (a custom property) with a
// background it is drawn on.
var pageMarks = []struct{ what, fg, bg string }{
	{"text", "--fg", "--bg"},
	{"the strategy line", "--muted", "--bg"},
	{"a message (no later reject)", "--msg-fg", "--bg"},
	{"a button", "--fg", "--btn-bg"},
	{"a button under the pointer", "--fg", "--btn-hover"},
	{"the focus ring", "--focus", "--bg"},
	{"the step's kind", "--kind-fg", "--kind-bg"},
	{"the step's kind: reject", "--kind-reject-fg", "--kind-reject-bg"},
	{"the step's kind: call, place", "--kind-call-fg", "--kind-call-bg"},
	{"the step's kind: solution", "--kind-solution-fg", "--kind-solution-bg"},
	{"the step's kind: undo, return, exhausted", "--kind-back-fg", "--kind-back-bg"},
	{"the note that the page is cut", "--cut-fg", "--cut-bg"},
	{"a given", "--given-fg", "--cell-bg"},
	{"a given on a dark square", "--given-fg", "--cell-dark-bg"},
	{"a digit or queen placed", "--placed-fg", "--cell-bg"},
	{"a queen placed on a dark square", "--placed-fg", "--cell-dark-bg"},
	{"the candidate", "--try-fg", "--try-bg"},
	{"the candidate's outline", "--try-line", "--try-bg"},
	{"the move placed (or that led to the call)", "--place-fg", "--place-bg"},
	{"the move's outline", "--place-line", "--place-bg"},
	{"a clash", "--clash-fg", "--clash-bg"},
	{"a clash's outline", "--clash-line", "--clash-bg"},
	{"the slot's outline", "--slot-line", "--slot-bg"},
	{"a choice ○", "--choice-fg", "--choice-bg"},
	{"the key's given", "--given-fg", "--bg"},
	{"the key's placed", "--placed-fg", "--bg"},
	{"code", "--code-fg", "--code-bg"},
	{"line numbers", "--ln-fg", "--code-bg"},
	{"the marked line", "--cur-fg", "--cur-bg"},
	{"the step's box outline", "--curmark", "--tree-bg"},
	{"the stack", "--stack-fg", "--stack-bg"},
	{"the stack's ✗", "--fail-fg", "--stack-bg"},
	{"the stack's ✓", "--on-fg", "--stack-bg"},
	{"the stack's ↩", "--back-fg", "--stack-bg"},
	{"the current call's row", "--top-fg", "--top-bg"},
	{"its ✗", "--fail-fg", "--top-bg"},
	{"its ✓", "--on-fg", "--top-bg"},
	{"its ↩", "--back-fg", "--top-bg"},
	{"the note", "--note-fg", "--note-bg"},
	{"the counters", "--counters-fg", "--note-bg"},
	{"the help", "--fg", "--help-bg"},
	{"the help's keys", "--fg", "--kbd-bg"},
}

// cssVars reads the custom properties of the theme block that starts
// with head in css, var(--x) resolved.
func cssVars(t *testing.T, css, head string) map[string]string {
	t.Helper()
	i := strings.Index(css, "\n"+head)
	if i < 0 {
		t.Fatalf("player.css has no block %q", head)
	}
	body := css[i+1+len(head):]
	body = body[:strings.Index(body, "}")]
	vars := map[string]string{}
	for _, d := range strings.Split(body, ";") {
		name, value, ok := strings.Cut(strings.TrimSpace(d), ":")
		if ok && strings.HasPrefix(name, "--") {
			vars[name] = strings.TrimSpace(value)
		}
	}
	for name, v := range vars {
		for n := 0; strings.HasPrefix(v, "var(") && n < 10; n++ {
			v = vars[strings.TrimSuffix(strings.TrimPrefix(v, "var("), ")")]
		}
		vars[name] = v
	}
	return vars
}

// parseHex reads a CSS colour #rgb or #rrggbb.
func parseHex(s string) (rgb, bool) {
	s = strings.TrimPrefix(strings.TrimSpace(s), "#")
	if len(s) == 3 {
		s = string([]byte{s[0], s[0], s[1], s[1], s[2], s[2]})
	}
	if len(s) != 6 {
		return rgb{}, false
	}
	var c rgb
	for i := range 3 {
		v, err := strconv.ParseUint(s[2*i:2*i+2], 16, 8)
		if err != nil {
			return rgb{}, false
		}
		c[i] = float64(v)
	}
	return c, true
}

// sceneFills reads render.SceneCSS's rules: the fill of each box class
// ("b-call") and of each text class ("t-pruned").
func sceneFills(css string) map[string]string {
	fills := map[string]string{}
	for _, rule := range strings.Split(css, "}") {
		sel, body, ok := strings.Cut(rule, "{")
		if !ok {
			continue
		}
		for _, d := range strings.Split(body, ";") {
			if v, ok := strings.CutPrefix(strings.TrimSpace(d), "fill:"); ok {
				for _, s := range strings.Split(sel, ",") {
					fills[strings.TrimPrefix(strings.TrimSpace(s), ".")] = v
				}
			}
		}
	}
	return fills
}

// TestPlayerContrast reads the colours of the page's two themes from its
// style sheet and checks every mark against the background it is drawn
// on: at least 4.5:1, in the light theme and in the dark (projector) one.
// The tree's boxes keep the diagrams' fills (render.SceneCSS) in both,
// with their text.
func TestPlayerContrast(t *testing.T) {
	css := "\n" + playerCSS
	var lines []string
	for _, theme := range []string{"light", "dark"} {
		vars := cssVars(t, css, themeBlocks[theme])
		used := map[string]bool{}
		color := func(name string) rgb {
			t.Helper()
			used[name] = true
			c, ok := parseHex(vars[name])
			if !ok {
				t.Fatalf("%s theme: %s is %q, not a colour #rgb or #rrggbb", theme, name, vars[name])
			}
			return c
		}
		check := func(what, fgName, bgName string, fg, bg rgb) {
			t.Helper()
			c := contrast(fg, bg)
			lines = append(lines, fmt.Sprintf("%-5s %-42s %-18s on %-18s %5.2f", theme, what, fgName, bgName, c))
			if c < minContrast {
				t.Errorf("%s theme: %s (%s %s on %s %s) has a contrast of %.2f:1, want at least %.1f:1", theme, what, fgName, vars[fgName], bgName, vars[bgName], c, minContrast)
			}
		}
		for _, m := range pageMarks {
			check(m.what, m.fg, m.bg, color(m.fg), color(m.bg))
		}
		// The tree: each box's text on its fill, the text's colour the
		// page's where player.css sets one ("#svg text.t-pruned").
		fills := sceneFills(render.SceneCSS())
		for c, v := range treeTextVars(css) {
			fills[c] = "var:" + v
		}
		var classes []string
		for sel := range fills {
			if c, ok := strings.CutPrefix(sel, "b-"); ok {
				classes = append(classes, c)
			}
		}
		sort.Strings(classes)
		if len(classes) < 5 {
			t.Fatalf("render.SceneCSS gives %d box fills: %q", len(classes), classes)
		}
		for _, c := range classes {
			bg, ok := parseHex(fills["b-"+c])
			if !ok {
				t.Errorf("SceneCSS: b-%s's fill %q is no colour", c, fills["b-"+c])
				continue
			}
			fgName, fg := "--tree-fg", color("--tree-fg")
			if v, ok := fills["t-"+c]; ok {
				if name, ok := strings.CutPrefix(v, "var:"); ok {
					fgName, fg = name, color(name)
				} else if fg, ok = parseHex(v); ok {
					fgName = "t-" + c
				} else {
					t.Errorf("SceneCSS: t-%s's fill %q is no colour", c, v)
					continue
				}
			}
			check("a tree box: "+c, fgName, "b-"+c, fg, bg)
		}
		// Every text colour of the theme is checked.
		for name := range vars {
			if strings.HasSuffix(name, "-fg") && !used[name] {
				t.Errorf("%s theme: %s is checked against no background", theme, name)
			}
		}
	}
	sort.Strings(lines)
	t.Logf("the page's marks and their contrast:\n%s", strings.Join(lines, "\n"))
}

// treeTextVars reads the rules of player.css that colour the tree's text
// ("#svg text.t-pruned, … { fill: var(--tree-pruned-fg); }"): the
// custom property of each text class.
func treeTextVars(css string) map[string]string {
	out := map[string]string{}
	css = cssComment.ReplaceAllString(css, "")
	for _, rule := range strings.Split(css, "}") {
		sel, body, ok := strings.Cut(rule, "{")
		if !ok {
			continue
		}
		m := regexp.MustCompile(`fill:\s*var\((--[\w-]+)\)`).FindStringSubmatch(body)
		if m == nil {
			continue
		}
		for _, s := range strings.Split(sel, ",") {
			if c, ok := strings.CutPrefix(strings.TrimSpace(s), "#svg text."); ok {
				out[c] = m[1]
			}
		}
	}
	return out
}

// cssComment is a comment of a style sheet.
var cssComment = regexp.MustCompile(`(?s)/\*.*?\*/`)

// cssColorLiteral finds a colour written out: #rgb, #rrggbb, rgb(…),
// hsl(…) or a few names.
var cssColorLiteral = regexp.MustCompile(`#[0-9a-fA-F]{3}\b|#[0-9a-fA-F]{6}\b|\b(rgba?|hsla?)\(|(^|[^-\w])(white|black|red|green|blue|yellow|gray|grey)([^-\w]|$)`)

// TestPlayerCSSColors checks that the page's colours all come from its
// themes: no rule of player.css outside the two theme blocks writes a
// colour out, nor does the page's script or its HTML (so the contrast
// TestPlayerContrast measures is the contrast the page shows).
func TestPlayerCSSColors(t *testing.T) {
	css := "\n" + playerCSS
	for _, head := range themeBlocks {
		i := strings.Index(css, "\n"+head)
		if i < 0 {
			t.Fatalf("player.css has no block %q", head)
		}
		end := i + strings.Index(css[i:], "}")
		css = css[:i] + css[end+1:]
	}
	css = cssComment.ReplaceAllString(css, "")
	for _, rule := range strings.Split(css, "}") {
		_, body, _ := strings.Cut(rule, "{")
		if m := cssColorLiteral.FindString(body); m != "" {
			t.Errorf("player.css writes a colour out (%q), not from a theme: %s}", m, strings.TrimSpace(rule))
		}
	}
	for name, text := range map[string]string{"player.js": playerJS, "player.html": playerHTML} {
		text = regexp.MustCompile(`(?m)//.*$`).ReplaceAllString(text, "")
		if m := cssColorLiteral.FindString(text); m != "" {
			t.Errorf("%s writes a colour out: %q", name, m)
		}
	}
}
