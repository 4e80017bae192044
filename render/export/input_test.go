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
