package cli

import (
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// TestEmptyInput: an empty source (a file of nothing, an empty pipe, an
// empty flag value) is refused, naming the flag and the file or stdin,
// with exit 2: a default applies only when the user gave nothing
// (issue 32, item 1). Before, an empty --puzzle file solved LeetCode 37,
// --nums ” ran the default numbers and --target 0 ran target 8.
func TestEmptyInput(t *testing.T) {
	dir := t.TempDir()
	files := map[string]string{
		"EMPTY": "",
		"BLANK": "\n  \n\t\n",
		"LIST":  "# the numbers of LeetCode 39\nnums 2,3,6,7\ntarget 7\n",
	}
	for name, text := range files {
		if err := os.WriteFile(filepath.Join(dir, name), []byte(text), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	empty := filepath.Join(dir, "EMPTY")
	tests := []struct {
		name    string
		args    []string
		stdin   string
		code    int
		want    []string
		wantNot []string
	}{
		{"sudoku empty file", []string{"trace", "sudoku", "--puzzle", "EMPTY"}, "", 2, []string{"--puzzle " + empty + ": the file is empty"}, []string{"solved"}},
		{"sudoku empty stdin", []string{"trace", "sudoku", "--puzzle", "-"}, "", 2, []string{"--puzzle -: stdin is empty"}, []string{"solved"}},
		{"sudoku blank file", []string{"trace", "sudoku", "--puzzle", "BLANK"}, "", 2, []string{"the file is blank"}, []string{"solved"}},
		{"step empty file", []string{"step", "sudoku", "--puzzle", "EMPTY", "--print"}, "", 2, []string{"--puzzle " + empty + ": the file is empty"}, nil},
		{"compare empty file", []string{"compare", "--puzzle", "EMPTY", "--no-time"}, "", 2, []string{"--puzzle " + empty + ": the file is empty"}, nil},
		{"compare empty stdin", []string{"compare", "--puzzle", "-", "--no-time"}, "", 2, []string{"--puzzle -: stdin is empty"}, nil},
		{"combination-sum empty file", []string{"trace", "combination-sum", "--puzzle", "EMPTY"}, "", 2, []string{"--puzzle " + empty + ": the file is empty"}, []string{"solution"}},
		{"combination-sum blank file", []string{"trace", "combination-sum", "--puzzle", "BLANK"}, "", 2, []string{"the file is blank"}, []string{"solution"}},
		{"subsets empty stdin", []string{"trace", "subsets", "--puzzle", "-"}, "", 2, []string{"--puzzle -: stdin is empty"}, []string{"solution"}},
		{"empty --nums", []string{"trace", "combination-sum", "--nums", ""}, "", 2, []string{"--nums is empty"}, []string{"solution"}},
		{"--nums with an empty number", []string{"trace", "combination-sum", "--nums", "1,,2", "--target", "3"}, "", 2, []string{"--nums 1,,2: "}, []string{"solution"}},
		{"--nums ending in a comma", []string{"trace", "subsets", "--nums", "1,2,"}, "", 2, []string{"--nums 1,2,: "}, []string{"solution"}},
		{"--target 0", []string{"trace", "combination-sum", "--target", "0"}, "", 2, []string{"--target 0 is out of range: want 1 to 500"}, []string{"solution", "--nums"}},
		{"--target too big", []string{"trace", "combination-sum", "--target", "501"}, "", 2, []string{"--target 501 is out of range"}, []string{"--nums"}},
		{"empty --dedup", []string{"trace", "subsets", "--dedup", ""}, "", 2, []string{"--dedup is empty: want used, start or none"}, []string{"solution"}},
		{"empty --order", []string{"trace", "nqueens", "-n", "4", "--order", ""}, "", 2, []string{"--order is empty"}, []string{"solution"}},
		{"empty --left", []string{"compare", "nqueens", "sudoku", "--left", ""}, "", 2, []string{"--left is empty"}, nil},
		{"nums twice in --puzzle", []string{"trace", "combination-sum", "--puzzle", "nums 1,2 nums 3 target 3"}, "", 2, []string{"--puzzle: nums: given twice"}, []string{"solution"}},
		{"target twice in --puzzle", []string{"trace", "combination-sum", "--puzzle", "nums 1,2 target 3 target 4"}, "", 2, []string{"--puzzle: target: given twice"}, nil},
		{"empty number in --puzzle", []string{"trace", "subsets", "--puzzle", "nums 1,,2"}, "", 2, []string{"--puzzle: nums: "}, nil},
		{"key twice in --left", []string{"compare", "--strategies", "sudoku", "--left", "check=counts,check=scan", "--right", "check=scan", "--html", "DIR/x.html"}, "", 2, []string{"--left check=counts,check=scan: check: given twice"}, nil},
		{"--timeout below a nanosecond", []string{"trace", "nqueens", "-n", "4", "--timeout", "0.5ns"}, "", 2, []string{"--timeout", "0.5ns", "1ns"}, []string{"solutions"}},
		{"version with an argument", []string{"version", "extra"}, "", 2, []string{`version takes no arguments, got "extra"`}, nil},
		{"help of an unknown command", []string{"help", "bogus"}, "", 2, []string{`unknown command "bogus"`}, nil},

		// Still read: the list problems' own spellings.
		{"--nums with spaces", []string{"trace", "combination-sum", "--nums", "1, 2", "--target", "3"}, "", 0, []string{"solution 1: [1,2]"}, nil},
		{"--puzzle with spaces", []string{"trace", "combination-sum", "--puzzle", "nums 1, 2 target 3"}, "", 0, []string{"solution 1: [1,2]"}, nil},
		{"a list file with a comment", []string{"trace", "combination-sum", "--puzzle", "LIST"}, "", 0, []string{"solution 1: [7]"}, nil},
		{"help of a command", []string{"help", "trace"}, "", 0, []string{"usage: backtrack trace"}, nil},
		{"--timeout 1ns", []string{"trace", "nqueens", "-n", "4", "--timeout", "1ns"}, "", 0, nil, nil},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			args := make([]string, len(tt.args))
			for i, a := range tt.args {
				if _, ok := files[a]; ok {
					a = filepath.Join(dir, a)
				}
				args[i] = strings.Replace(a, "DIR/", dir+"/", 1)
			}
			code, stdout, stderr := runCLI(t, tt.stdin, args...)
			out := stdout + stderr
			if code != tt.code {
				t.Fatalf("exit %d, want %d:\n%s", code, tt.code, out)
			}
			for _, w := range tt.want {
				if !strings.Contains(out, w) {
					t.Errorf("no %q in\n%s", w, out)
				}
			}
			for _, w := range tt.wantNot {
				if strings.Contains(out, w) {
					t.Errorf("%q in\n%s", w, out)
				}
			}
			if tt.code == 2 && strings.Count(strings.TrimSpace(stderr), "\n") > 0 {
				t.Errorf("want one error line, got\n%s", stderr)
			}
		})
	}
}

// TestListFlagNames: an error about a list flag names the flag the user
// typed, and a list flag on a problem without numbers says the problem
// takes none (issue 32, item 2). Before, trace sudoku --dedup none said
// "--nums: puzzle line 1, column 4: unknown character 'u'", compare
// --nums 1,2 "sudoku: puzzle: … unknown character 'n'", and a --target
// error was labelled "--nums: target:".
func TestListFlagNames(t *testing.T) {
	tests := []struct {
		name    string
		args    []string
		want    []string
		wantNot []string
	}{
		{"dedup on sudoku", []string{"trace", "sudoku", "--dedup", "none"}, []string{"--dedup: sudoku takes no --dedup; permutations, combination-sum and subsets do"}, []string{"puzzle line", "--nums"}},
		{"nums on nqueens", []string{"trace", "nqueens", "--nums", "1,2"}, []string{"--nums: nqueens takes no --nums; permutations, combination-sum and subsets do"}, nil},
		{"nums and target on sudoku", []string{"step", "sudoku", "--nums", "1,2", "--target", "3"}, []string{"--nums: sudoku takes no --nums; permutations, combination-sum and subsets do"}, nil},
		{"compare nums", []string{"compare", "--nums", "1,2"}, []string{"--nums: nqueens and sudoku take no --nums; permutations, combination-sum and subsets do"}, []string{"unknown character", "puzzle:"}},
		{"compare nums on one list problem", []string{"compare", "sudoku", "subsets", "--nums", "1,x"}, []string{`--nums 1,x: "x" is not a whole number from 1 to 35`}, []string{"puzzle", "sudoku:"}},
		{"target on subsets", []string{"trace", "subsets", "--target", "5"}, []string{"--target: subsets takes no --target; combination-sum does"}, []string{"--nums"}},
		{"reuse on permutations", []string{"trace", "permutations", "--nums", "1,2", "--reuse"}, []string{"--reuse: permutations takes no --reuse; combination-sum does"}, []string{"--nums:"}},
		{"unknown dedup", []string{"trace", "subsets", "--dedup", "both"}, []string{`--dedup: unknown value "both": want used, start or none`}, []string{"--nums"}},
		{"dedup start on permutations", []string{"trace", "permutations", "--nums", "1,1,2", "--dedup", "start"}, []string{"--dedup start: a permutation's loop starts at 0"}, []string{"--nums:"}},
		{"too many numbers", []string{"trace", "permutations", "--nums", "1,2,3,4,5,6,7,8,9,10,11"}, []string{"--nums: 11 numbers: want 1 to 10"}, nil},
		{"number out of range", []string{"trace", "subsets", "--nums", "1,36"}, []string{`--nums 1,36: "36" is not a whole number from 1 to 35`}, nil},
		{"compare puzzle to the wrong problem", []string{"compare", "nqueens", "permutations", "--puzzle", "examples/puzzles/4x4.txt"},
			[]string{"--puzzle examples/puzzles/4x4.txt", "permutations", "nqueens takes no puzzle", "a list of numbers"}, []string{`unknown word "#"`}},
		{"compare puzzle to two problems", []string{"compare", "sudoku", "subsets", "--puzzle", "nums 1,2"},
			[]string{"--puzzle", "sudoku"}, nil},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			code, stdout, stderr := runCLI(t, "", tt.args...)
			out := stdout + stderr
			if code != 2 {
				t.Fatalf("exit %d, want 2:\n%s", code, out)
			}
			for _, w := range tt.want {
				if !strings.Contains(stderr, w) {
					t.Errorf("no %q in\n%s", w, stderr)
				}
			}
			for _, w := range tt.wantNot {
				if strings.Contains(stderr, w) {
					t.Errorf("%q in\n%s", w, stderr)
				}
			}
			if strings.Count(strings.TrimSpace(stderr), "\n") > 0 {
				t.Errorf("want one error line, got\n%s", stderr)
			}
		})
	}
}
