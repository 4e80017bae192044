package export

import (
	"context"
	"errors"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// TestReadPuzzleEmpty: an empty or blank puzzle file or stdin is an
// InputError naming it (issue 32: an empty file solved LeetCode 37);
// a puzzle with something in it is read as it is.
func TestReadPuzzleEmpty(t *testing.T) {
	dir := t.TempDir()
	write := func(name, text string) string {
		p := filepath.Join(dir, name)
		if err := os.WriteFile(p, []byte(text), 0o644); err != nil {
			t.Fatal(err)
		}
		return p
	}
	empty, blank, bom, ok := write("empty.txt", ""), write("blank.txt", "\n \t\r\n"), write("bom.txt", "\ufeff\n"), write("ok.txt", "nums 1,2\n")
	tests := []struct {
		arg, stdin string
		want       string // the error; "" for none
		where      string
	}{
		{empty, "", "--puzzle " + empty + ": the file is empty", ""},
		{blank, "", "--puzzle " + blank + ": the file is blank", ""},
		{bom, "", "--puzzle " + bom + ": the file is blank", ""},
		{"-", "", "--puzzle -: stdin is empty", ""},
		{"-", "\n\n", "--puzzle -: stdin is blank", ""},
		{ok, "", "", ok},
		{"-", "nums 1,2", "", "stdin"},
		{"nums 1,2", "", "", "--puzzle"},
	}
	for _, tt := range tests {
		text, where, err := ReadPuzzle(context.Background(), tt.arg, strings.NewReader(tt.stdin))
		var ie *InputError
		switch {
		case tt.want != "" && (err == nil || !errors.As(err, &ie) || !strings.HasPrefix(err.Error(), tt.want)):
			t.Errorf("%s: %q, %v; want an InputError %q", tt.arg, text, err, tt.want)
		case tt.want == "" && (err != nil || where != tt.where || strings.TrimSpace(text) == ""):
			t.Errorf("%s: %q from %q, %v; want it read from %q", tt.arg, text, where, err, tt.where)
		}
	}
}

// TestLooksLikePath pins how a --puzzle value is told from a file name.
func TestLooksLikePath(t *testing.T) {
	for _, c := range []struct {
		in   string
		path bool
	}{
		{"examples/puzzles/leetcode37.txt", true},
		{"p.txt", true},
		{`C:\puzzles\p.txt`, true},
		{"my puzzles/p 1.txt", true},
		{"ABCE SFCS ADEE / SEE", false}, // a grid, then a word
		{"ABCE SFCS ADEE \\ SEE", false},
		{"[1,2,2]", false},
		{"[1, 2] / 3", false},
		{"53..7....\n6..195.../", false}, // several lines are a puzzle
		{"..3.2.6..9..3.5..1..18.64....81.29..7.......8..67.82....26.95..8..2.3..9..5.1.3..", false},
		{"1...2...3.E", false},
	} {
		if got := looksLikePath(c.in); got != c.path {
			t.Errorf("looksLikePath(%q) = %v, want %v", c.in, got, c.path)
		}
	}
}
