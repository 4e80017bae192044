package cli

import (
	"bytes"
	"os"
	"os/exec"
	"path/filepath"
	"strconv"
	"strings"
	"testing"
)

// TestCompletionBash checks that bash parses the script and that it
// completes what a user types.
func TestCompletionBash(t *testing.T) {
	bash, err := exec.LookPath("bash")
	if err != nil {
		t.Skip("needs bash")
	}
	var out, errb bytes.Buffer
	if code := run([]string{"completion", "bash"}, nil, &out, &errb); code != exitOK {
		t.Fatalf("completion bash: exit %d: %s", code, errb.String())
	}
	script := filepath.Join(t.TempDir(), "backtrack.bash")
	if err := os.WriteFile(script, out.Bytes(), 0o644); err != nil {
		t.Fatal(err)
	}
	if msg, err := exec.Command(bash, "-n", script).CombinedOutput(); err != nil {
		t.Fatalf("bash -n: %v\n%s", err, msg)
	}
	for _, tc := range []struct {
		line string // the words typed; the last is completed
		want []string
		not  []string
	}{
		{"backtrack tr", []string{"trace"}, []string{"render"}},
		{"backtrack trace nq", []string{"nqueens"}, nil},
		{"backtrack step s", []string{"sudoku"}, nil},
		{"backtrack trace sudoku --or", []string{"--order"}, nil},
		{"backtrack trace sudoku --order m", []string{"mrv"}, nil},
		{"backtrack trace nqueens --lang z", []string{"zh"}, nil},
		{"backtrack trace nqueens --fit ", []string{"16:9", "4:3", "none"}, nil},
		{"backtrack lesson build 00", []string{"000-2d-recursion", "004-three-parts"}, nil},
		{"backtrack lesson build --s", []string{"--site"}, nil},
		{"backtrack completion ", []string{"bash", "zsh", "fish"}, nil},
		{"backtrack trace -n ", nil, []string{"nqueens"}},
	} {
		words := strings.Split(tc.line, " ")
		arr := ""
		for _, w := range words {
			arr += " '" + w + "'"
		}
		prog := "source " + script + "\nCOMP_WORDS=(" + arr + ")\nCOMP_CWORD=" + strconv.Itoa(len(words)-1) + "\n_backtrack\nprintf '%s\\n' \"${COMPREPLY[@]}\"\n"
		got, err := exec.Command(bash, "-c", prog).CombinedOutput()
		if err != nil {
			t.Fatalf("%q: %v\n%s", tc.line, err, got)
		}
		offered := strings.Fields(string(got))
		for _, w := range tc.want {
			if !contains(offered, w) {
				t.Errorf("completing %q offered %q, want %q among them", tc.line, offered, w)
			}
		}
		for _, w := range tc.not {
			if contains(offered, w) {
				t.Errorf("completing %q offered %q, want no %q", tc.line, offered, w)
			}
		}
	}
}

func contains(ws []string, w string) bool {
	for _, x := range ws {
		if x == w {
			return true
		}
	}
	return false
}

// TestCompletionShells checks the zsh and fish scripts name every
// command, and that a bad shell is one usage error.
func TestCompletionShells(t *testing.T) {
	for _, sh := range []string{"zsh", "fish"} {
		var out, errb bytes.Buffer
		if code := run([]string{"completion", sh}, nil, &out, &errb); code != exitOK {
			t.Fatalf("completion %s: exit %d: %s", sh, code, errb.String())
		}
		flag := map[string]string{"zsh": "--order", "fish": "-l order"}[sh]
		for _, w := range []string{"trace", "render", "step", "lesson", "compare", "nqueens", "mrv", flag} {
			if !strings.Contains(out.String(), w) {
				t.Errorf("completion %s does not mention %q", sh, w)
			}
		}
		if sh == "fish" {
			if fish, err := exec.LookPath("fish"); err == nil {
				c := exec.Command(fish, "--no-execute")
				c.Stdin = &out
				if msg, err := c.CombinedOutput(); err != nil {
					t.Errorf("fish --no-execute: %v\n%s", err, msg)
				}
			}
		}
	}
	var out, errb bytes.Buffer
	if code := run([]string{"completion", "tcsh"}, nil, &out, &errb); code != exitUsage || out.Len() > 0 ||
		errb.String() != "backtrack: completion: unknown shell \"tcsh\": want bash, zsh or fish\n" {
		t.Errorf("completion tcsh: exit %d, stdout %q, stderr %q", code, out.String(), errb.String())
	}
}
