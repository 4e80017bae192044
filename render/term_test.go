package render

import (
	"os"
	"reflect"
	"strings"
	"testing"

	"backtrack/tracer"
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
	s := NewStepper(rec, StepOptions{})
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
	s = NewStepper(rec, StepOptions{})
	if !typeAll("right", "right", "left", "q") || s.Step() != 1 {
		t.Errorf("arrows and q: step %d", s.Step())
	}
}

func TestRunScript(t *testing.T) {
	rec := stepGoldenRecs["queens4"](t)
	s := NewStepper(rec, StepOptions{Width: 80, Height: 24})
	script := "n\nn\n\n# a comment\nb\ng 10\n  l  \nq\nn\n"
	var out strings.Builder
	if err := RunScript(s, strings.NewReader(script), &out); err != nil {
		t.Fatal(err)
	}
	views := strings.Split(out.String(), "==== ")[1:]
	wantSteps := []string{"n -> step 1/187", "n -> step 2/187", "b -> step 1/187", "g10 -> step 10/187", "l -> step 10/187"}
	if len(views) != len(wantSteps) {
		t.Fatalf("%d views, want %d:\n%s", len(views), len(wantSteps), out.String())
	}
	for i, v := range views {
		if !strings.HasPrefix(v, wantSteps[i]) {
			t.Errorf("view %d starts %q, want %q", i, v[:min(len(v), 30)], wantSteps[i])
		}
		lines := strings.Split(strings.TrimSuffix(v, "\n"), "\n")
		if len(lines) != 25 {
			t.Errorf("view %d: %d lines after the ruler, want 24", i, len(lines)-1)
		}
	}
	if !strings.Contains(views[4], "说明：") {
		t.Errorf("l did not switch to Chinese:\n%s", views[4])
	}
	// Stepping back in a script gives the screen of before, too.
	first := strings.SplitN(views[0], "\n", 2)[1]
	third := strings.SplitN(views[2], "\n", 2)[1]
	if first != third {
		t.Errorf("n n b differs from n")
	}

	var bad strings.Builder
	err := RunScript(NewStepper(rec, StepOptions{}), strings.NewReader("n\nzap\n"), &bad)
	if err == nil || !strings.Contains(err.Error(), "line 2") || !strings.Contains(err.Error(), `"zap"`) {
		t.Errorf("unknown command: err = %v", err)
	}
}

func TestTextCols(t *testing.T) {
	tests := []struct {
		s    string
		cols int
	}{
		{"abc", 3}, {"", 0}, {"说明：", 6}, {"(0,1) 的皇后", 12}, {"↗ ↖", 3},
		{"\x1b[1;31m<5>\x1b[0m", 3}, {"ＡＢ", 4}, {"\t", 0},
	}
	for _, tt := range tests {
		if got := textCols(tt.s); got != tt.cols {
			t.Errorf("textCols(%q) = %d, want %d", tt.s, got, tt.cols)
		}
	}
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

// TestNewStepperDefaults checks the defaults of StepOptions.
func TestNewStepperDefaults(t *testing.T) {
	rec := stepGoldenRecs["queens4"](t)
	s := NewStepper(rec, StepOptions{Lang: "fr"})
	if s.Lang() != tracer.LangEN {
		t.Errorf("lang %q, want en", s.Lang())
	}
	checkViewShape(t, s.View(), 80, 24, "defaults")
	s.SetSize(30, 10)
	checkViewShape(t, s.View(), 30, 10, "30×10")
	s.SetSize(5, 1)
	checkViewShape(t, s.View(), 5, 1, "5×1")
}
