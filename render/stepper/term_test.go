package stepper

import (
	"errors"
	"fmt"
	"os"
	"reflect"
	"strings"
	"testing"

	"github.com/backtrack-edu/backtrack/tracer"
)

func TestParseKeys(t *testing.T) {
	tests := []struct {
		in   string
		want []string
	}{
		{"n", []string{"n"}},
		{"nnb", []string{"n", "n", "b"}},
		{" ", []string{"space"}},
		{"\x1b[C\x1b[D\x1b[A\x1b[B", []string{"right", "left", "up", "down"}},
		{"\x1bOC\x1bOD", []string{"right", "left"}},
		{"\x1b[H\x1b[F\x1b[1~\x1b[4~\x1b[7~\x1b[8~\x1bOH\x1bOF", []string{"home", "end", "home", "end", "home", "end", "home", "end"}},
		{"g12\r", []string{"g", "1", "2", "enter"}},
		{"\x1b", []string{"esc"}},
		{"\x7f\x08", []string{"backspace", "backspace"}},
		{"\x03", []string{"ctrl-c"}},
		{"R$0?", []string{"R", "$", "0", "?"}},
		{"\x1b[5~x", []string{"x"}}, // Page Up: ignored
		{"\x1b[", []string{"esc"}},
	}
	for _, tt := range tests {
		if got := parseKeys([]byte(tt.in)); !reflect.DeepEqual(got, tt.want) {
			t.Errorf("parseKeys(%q) = %q, want %q", tt.in, got, tt.want)
		}
	}
}

// TestTypeKeyPrompt drives the g…Enter prompt of the interactive mode.
func TestTypeKeyPrompt(t *testing.T) {
	rec := stepGoldenRecs["queens4"](t)
	s := New(rec, Options{})
	typeAll := func(keys ...string) bool {
		for _, k := range keys {
			if s.typeKey(k) {
				return true
			}
		}
		return false
	}
	typeAll("g", "1", "2")
	if !strings.Contains(s.View(), "go to step: 12_") {
		t.Fatalf("prompt not shown:\n%s", s.View())
	}
	if s.Step() != 0 {
		t.Fatalf("moved before Enter: %d", s.Step())
	}
	typeAll("enter")
	if s.Step() != 12 || strings.Contains(s.View(), "go to step") {
		t.Fatalf("g12 Enter: step %d\n%s", s.Step(), s.View())
	}
	typeAll("g", "5", "backspace", "3", "enter")
	if s.Step() != 3 {
		t.Fatalf("g5 backspace 3 Enter: step %d", s.Step())
	}
	typeAll("g", "9", "esc")
	if s.Step() != 3 {
		t.Fatalf("Esc did not cancel: step %d", s.Step())
	}
	typeAll("g", "enter", "n")
	if s.Step() != 4 {
		t.Fatalf("an empty prompt then n: step %d", s.Step())
	}
	if !typeAll("ctrl-c") || !typeAll("g", "ctrl-c") {
		t.Errorf("Ctrl-C does not quit")
	}
	s = New(rec, Options{})
	if !typeAll("right", "right", "left", "q") || s.Step() != 1 {
		t.Errorf("arrows and q: step %d", s.Step())
	}
	// b after a jump, as the interactive mode types them: back to where
	// the jump started.
	for _, keys := range [][]string{
		{"n", "n", "g", "5", "0", "enter", "b"},
		{"n", "n", "r", "b"},
		{"n", "n", "r", "left"},
		{"n", "n", "end", "b"},
	} {
		s = New(rec, Options{})
		typeAll(keys...)
		if s.Step() != 2 {
			t.Errorf("%q: step %d, want 2", keys, s.Step())
		}
	}
}

// scriptViews splits RunScript's output into its views: the ruler's text
// (the key and the step) and the view under it.
func scriptViews(t *testing.T, out string) (rulers, views []string) {
	t.Helper()
	for _, v := range strings.Split(out, "==== ")[1:] {
		ruler, view, _ := strings.Cut(v, "\n")
		rulers = append(rulers, strings.TrimRight(ruler, "= "))
		views = append(views, strings.TrimSuffix(view, "\n"))
	}
	return rulers, views
}

func TestRunScript(t *testing.T) {
	rec := stepGoldenRecs["queens4"](t)
	s := New(rec, Options{Width: 80, Height: 24})
	script := "n\nn\n\n# a comment\nb\ng 10\n  l  \nq\nn\n"
	var out, warn strings.Builder
	if err := RunScript(s, strings.NewReader(script), &out, &warn); err != nil {
		t.Fatal(err)
	}
	rulers, views := scriptViews(t, out.String())
	want := []string{"start -> step 0/187", "n -> step 1/187", "n -> step 2/187", "b -> step 1/187", "g 10 -> step 10/187", "l -> step 10/187"}
	if strings.Join(rulers, "|") != strings.Join(want, "|") {
		t.Fatalf("rulers\n%q\nwant\n%q", rulers, want)
	}
	for i, v := range views {
		checkViewShape(t, v, 80, 24, rulers[i])
	}
	if !strings.Contains(views[5], "说明：") {
		t.Errorf("l did not switch to Chinese:\n%s", views[5])
	}
	// Stepping back in a script gives the screen of before, too.
	if views[1] != views[3] {
		t.Errorf("n n b differs from n")
	}
	if warn.Len() != 0 {
		t.Errorf("warnings for a good script: %q", warn.String())
	}
}

// TestRunScriptKeys runs one-key scripts from step 5 (after a jump there
// from step 2, so that b has a jump to undo) and checks where each key
// goes, or the warning for a line that is no key. Keys are the names of
// README's key table and the help panel, words in any case.
func TestRunScriptKeys(t *testing.T) {
	rec := stepGoldenRecs["queens4"](t)
	last := rec.Len()
	tests := []struct {
		line string
		step int64  // where the key goes (-1: no view; the line is skipped or quits)
		warn string // what the warning says ("": none)
	}{
		{"n", 6, ""}, {"space", 6, ""}, {"Space", 6, ""}, {"right", 6, ""}, {"RIGHT", 6, ""}, {"→", 6, ""},
		{"->", 6, ""}, {"down", 6, ""}, {"↓", 6, ""},
		{"b", 2, ""}, {"left", 2, ""}, {"←", 2, ""}, {"<-", 2, ""}, {"up", 2, ""}, {"↑", 2, ""},
		{"r", 6, ""}, {"R", 5, ""}, {"t", 21, ""}, // no reject before step 5: R stays
		{"home", 0, ""}, {"Home", 0, ""}, {"HOME", 0, ""}, {"0", 0, ""},
		{"end", last, ""}, {"End", last, ""}, {"$", last, ""},
		{"g12", 12, ""}, {"g 12", 12, ""}, {"g  12", 12, ""}, {"g999999", last, ""},
		{"l", 5, ""}, {"?", 5, ""},
		{"q", -1, ""}, {"Ctrl-C", -1, ""}, {"^C", -1, ""},
		{"zz", -1, `line 1: unknown key "zz", skipped (keys: n, space`},
		{"N", -1, `line 1: unknown key "N", skipped (keys are case-sensitive: did you mean "n"?)`},
		{"Q", -1, `did you mean "q"?`},
		{"B", -1, `did you mean "b"?`},
		{"g", -1, `unknown key "g", skipped (g needs a step number, as in g120)`},
		{"gabc", -1, `(g needs a step number, as in g120, not "abc")`},
		{"n n", -1, `unknown key "n n"`},
		{"enter", -1, `unknown key "enter"`},
	}
	for _, tt := range tests {
		t.Run(tt.line, func(t *testing.T) {
			s := New(rec, Options{})
			s.Goto(2)
			s.Key("g5")
			var out, warn strings.Builder
			if err := RunScript(s, strings.NewReader(tt.line+"\n"), &out, &warn); err != nil {
				t.Fatalf("RunScript: %v", err)
			}
			rulers, _ := scriptViews(t, out.String())
			switch {
			case tt.step < 0 && len(rulers) != 1:
				t.Errorf("%d views, want only the start: %q", len(rulers), rulers)
			case tt.step >= 0 && (len(rulers) != 2 || rulers[1] != fmt.Sprintf("%s -> step %d/%d", tt.line, tt.step, last)):
				t.Errorf("rulers %q, want the start and %q -> step %d", rulers, tt.line, tt.step)
			}
			if tt.warn == "" && warn.Len() != 0 || !strings.Contains(warn.String(), tt.warn) {
				t.Errorf("warning %q, want %q", warn.String(), tt.warn)
			}
			if tt.warn != "" && (strings.Count(warn.String(), "\n") != 1 || !strings.HasPrefix(warn.String(), "step script line 1: ")) {
				t.Errorf("warning %q: want one line naming the line", warn.String())
			}
		})
	}
}

// TestRunScriptGoesOn checks the review's cases: no keys at all still
// print the view one starts at; a bad line is skipped with a warning and
// the views go on; b after a run-to gives back the view from before it.
func TestRunScriptGoesOn(t *testing.T) {
	rec := stepGoldenRecs["queens4"](t)
	tests := []struct {
		name   string
		to     int64
		script string
		steps  []int64 // the step of each view, the start's first
		warns  []string
	}{
		{"no keys", 0, "", []int64{0}, nil},
		{"only blank lines and comments", 0, "\n# nothing\n   \n", []int64{0}, nil},
		{"no keys, from --to", 30, "", []int64{30}, nil},
		{"a bad line", 0, "n\nzz\nn\n", []int64{0, 1, 2}, []string{`line 2: unknown key "zz"`}},
		{"bad lines", 0, "N\nn\nQ\n→\nfoo\n", []int64{0, 1, 2}, []string{`line 1: unknown key "N"`, `line 3: unknown key "Q"`, `line 5: unknown key "foo"`}},
		{"n n r b", 0, "n\nn\nr\nb\n", []int64{0, 1, 2, 6, 2}, nil},
		{"quit in the middle", 0, "n\nq\nn\n", []int64{0, 1}, nil},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			s := New(rec, Options{})
			s.Goto(tt.to)
			var out, warn strings.Builder
			if err := RunScript(s, strings.NewReader(tt.script), &out, &warn); err != nil {
				t.Fatalf("RunScript: %v", err)
			}
			rulers, views := scriptViews(t, out.String())
			var steps []int64
			for _, r := range rulers {
				var k, n int64
				if _, err := fmt.Sscanf(r[strings.Index(r, "-> ")+3:], "step %d/%d", &k, &n); err != nil {
					t.Fatalf("ruler %q: %v", r, err)
				}
				steps = append(steps, k)
			}
			if fmt.Sprint(steps) != fmt.Sprint(tt.steps) {
				t.Errorf("views at steps %v, want %v", steps, tt.steps)
			}
			lines := strings.Split(strings.TrimSuffix(warn.String(), "\n"), "\n")
			if len(tt.warns) == 0 && warn.Len() != 0 || len(tt.warns) > 0 && len(lines) != len(tt.warns) {
				t.Fatalf("warnings %q, want %q", warn.String(), tt.warns)
			}
			for i, w := range tt.warns {
				if !strings.Contains(lines[i], w) {
					t.Errorf("warning %d %q, want %q", i, lines[i], w)
				}
			}
			if tt.name == "n n r b" && views[4] != views[2] {
				t.Errorf("n n r b: the last view is not the one before r:\n%s\n---\n%s", views[4], views[2])
			}
		})
	}
}

// TestRunScriptPermutations steps through Permutations of 3 from a script:
// the run-to keys find its rejects, undos and solutions, each view shows
// the row of positions with its marks, and the language switch and b work
// as for the grid problems.
func TestRunScriptPermutations(t *testing.T) {
	rec := stepGoldenRecs["perms3"](t)
	s := New(rec, Options{Width: 80, Height: 24})
	script := "n\nr\ns\nu\nt\nb\nl\ng 11\nend\nS\n"
	var out, warn strings.Builder
	if err := RunScript(s, strings.NewReader(script), &out, &warn); err != nil {
		t.Fatal(err)
	}
	if warn.Len() != 0 {
		t.Errorf("warnings for a good script: %q", warn.String())
	}
	rulers, views := scriptViews(t, out.String())
	want := []string{"start -> step 0/123", "n -> step 1/123", "r -> step 6/123", "s -> step 17/123",
		"u -> step 19/123", "t -> step 21/123", "b -> step 19/123", "l -> step 19/123",
		"g 11 -> step 11/123", "end -> step 123/123", "S -> step 107/123"}
	if strings.Join(rulers, "|") != strings.Join(want, "|") {
		t.Fatalf("rulers\n%q\nwant\n%q", rulers, want)
	}
	for i, v := range views {
		checkViewShape(t, v, 80, 24, rulers[i])
	}
	// What each view must show: the instance, the marks on the row, the
	// stack's path in the problem's moves, the note's words.
	has := map[int][]string{
		0:  {"permutations n=3 | check=scan when=before stop=all | step 0/123", "    0  1  2", " 0  .  .  .", "func solve(pos int) {"},
		1:  {" 0 ( ) .  . ", "> d0 #0 p0=?  choices: 1 2 3", "decide the number at position 0"},
		2:  {" 0 <1>[1] . ", "> d1 #1 p1=1 reject choices: 2 3  tried: ✗1 used", "already used at position 0", "rejects 1 (already on the path ×1)"},
		3:  {" 0  1  2  3 ", "> d3 #3 end  solution", "solutions 1"},
		4:  {" 0  1  2 ( )", "p2=3 undo choices: none  tried: ✗1,2 used ↩3"},
		6:  {" 0  1  2 ( )", "p2=3 undo choices: none  tried: ✗1,2 used ↩3"},
		7:  {"全排列 n=3", "可供选择：无", "已试：✗1,2 已用 ↩3", "说明：撤销选择：拿回位置 2 的 3"},
		8:  {" 0 <1> 2 [1]", "说明：位置 2 放 1：1 已在位置 0 用过，剪枝"},
		9:  {" 0  .  .  . ", "根调用结束", "解 6"},
		10: {" 0  3  2  1 ", "> d3 #15 终止 找到解", "找到第 6 个解"},
	}
	for i, subs := range has {
		for _, sub := range subs {
			if !strings.Contains(views[i], sub) {
				t.Errorf("%s: view lacks %q:\n%s", rulers[i], sub, views[i])
			}
		}
	}
	if views[4] != views[6] {
		t.Errorf("u t b: the view after b is not the one after u")
	}
}

// TestRunScriptTooSmall checks that a screen size too small for the view
// is an error before anything is written.
func TestRunScriptTooSmall(t *testing.T) {
	rec := stepGoldenRecs["queens4"](t)
	for _, size := range [][2]int{{10, 5}, {40, 10}, {80, 11}} {
		var out, warn strings.Builder
		err := RunScript(New(rec, Options{Width: size[0], Height: size[1]}), strings.NewReader("n\n"), &out, &warn)
		var tooSmall *TooSmallError
		if !errors.As(err, &tooSmall) || tooSmall.Width != size[0] || tooSmall.Height != size[1] {
			t.Errorf("%v: err = %v, want a *TooSmallError for that size", size, err)
		}
		if out.Len() != 0 || warn.Len() != 0 {
			t.Errorf("%v: wrote %q and warned %q before the error", size, out.String(), warn.String())
		}
	}
}

// TestLineCut checks that a line is cut to a width without splitting a
// wide character (textwidth's tests hold the widths themselves).
func TestLineCut(t *testing.T) {
	l := tline{{"ab", stPlain}, {"说明", stHead}, {"cd", stPlain}}
	for w := 0; w <= 8; w++ {
		c := l.cut(w)
		if c.width() > w {
			t.Errorf("cut(%d) is %d wide", w, c.width())
		}
	}
	if got := plainText(l.cut(3)); got != "ab" {
		t.Errorf("cut(3) = %q: a wide character must not be split", got)
	}
	rocket := tline{{"a\U0001F680b", stPlain}}
	if w := rocket.width(); w != 4 {
		t.Errorf("%q is %d columns wide, want 4", plainText(rocket), w)
	}
	if got := plainText(rocket.cut(2)); got != "a" {
		t.Errorf("cut(2) = %q: U+1F680 is two columns", got)
	}
}

func TestWrapText(t *testing.T) {
	tests := []struct {
		text string
		w    int
	}{
		{"note: a queen at (5,0) would share column 0 with the queen at (0,0): prune (剪枝)", 78},
		{"说明：(0,8) 填 6 与 (0,3) 的 6 同行重复：剪枝，这是一个很长很长很长很长很长很长的说明", 20},
		{"supercalifragilisticexpialidocious", 10},
		{"", 10},
	}
	for _, tt := range tests {
		lines := wrapText(tt.text, tt.w, stNote)
		var joined strings.Builder
		for _, l := range lines {
			if l.width() > tt.w {
				t.Errorf("wrapText(%q, %d): line %q is %d wide", tt.text, tt.w, plainText(l), l.width())
			}
			joined.WriteString(plainText(l))
		}
		if strings.ReplaceAll(joined.String(), " ", "") != strings.ReplaceAll(tt.text, " ", "") {
			t.Errorf("wrapText(%q, %d) lost text: %q", tt.text, tt.w, joined.String())
		}
	}
	// An English note keeps its bracketed Chinese term whole.
	lines := wrapText("note: a queen at (5,0) would share column 0 with the queen at (0,0): prune (剪枝)", 78, stNote)
	if len(lines) != 2 || plainText(lines[1]) != "(剪枝)" {
		t.Errorf("wrap split the bracketed term: %q", lines)
	}
	// Chinese breaks between characters, but not before its punctuation.
	for _, l := range wrapText("第 2 行的 4 列都试完了，都不行 → 返回 false（回溯）", 12, stNote) {
		if strings.HasPrefix(plainText(l), "，") || strings.HasPrefix(plainText(l), "）") {
			t.Errorf("a line starts with closing punctuation: %q", plainText(l))
		}
	}
}

func TestFrame(t *testing.T) {
	f := frame("a\nb\nc")
	if !strings.HasPrefix(f, ansiHome) || !strings.HasSuffix(f, ansiClearBelow) {
		t.Errorf("frame = %q", f)
	}
	if strings.Count(f, "\r\n") != 2 || strings.Count(f, "\n") != 2 {
		t.Errorf("frame must put \\r\\n between lines and none after the last: %q", f)
	}
}

func TestColorEnabled(t *testing.T) {
	f, err := os.CreateTemp(t.TempDir(), "out")
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	t.Setenv("TERM", "xterm-256color")
	if ColorEnabled(f) {
		t.Errorf("colour on a file")
	}
	if IsTerminal(f) {
		t.Errorf("a file is a terminal")
	}
	if w, h := TerminalSize(f); w != 80 || h != 24 {
		t.Errorf("TerminalSize(file) = %d×%d, want 80×24", w, h)
	}
	t.Setenv("NO_COLOR", "")
	if ColorEnabled(os.Stdout) {
		t.Errorf("colour with NO_COLOR set")
	}
	os.Unsetenv("NO_COLOR")
	t.Setenv("TERM", "dumb")
	if ColorEnabled(os.Stdout) {
		t.Errorf("colour with TERM=dumb")
	}
}

// TestNewDefaults checks the defaults of Options.
func TestNewDefaults(t *testing.T) {
	rec := stepGoldenRecs["queens4"](t)
	s := New(rec, Options{Lang: "fr"})
	if s.Lang() != tracer.LangEN {
		t.Errorf("lang %q, want en", s.Lang())
	}
	checkViewShape(t, s.View(), 80, 24, "defaults")
	s.SetSize(30, 10)
	checkViewShape(t, s.View(), 30, 10, "30×10")
	s.SetSize(5, 1)
	checkViewShape(t, s.View(), 5, 1, "5×1")
}
