package cli

import (
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// TestCompareDedupAxis: compare --strategies of a list with repeats has a
// row for each de-duplication style the problem takes.
func TestCompareDedupAxis(t *testing.T) {
	tests := []struct {
		args    []string
		code    int
		want    []string
		wantNot []string
	}{
		{[]string{"compare", "--strategies", "combination-sum", "--no-time"}, 0,
			[]string{"dedup  status", "before  used   complete               4", "before  start  complete               4", "before  none   complete               6"}, nil},
		{[]string{"compare", "--strategies", "permutations", "--nums", "1,1,2", "--no-time"}, 0,
			[]string{"before  used   complete               3", "before  none   complete               6"}, []string{"start"}},
		{[]string{"compare", "--strategies", "subsets", "--nums", "1,2,2", "--no-time", "--lang", "zh"}, 0,
			[]string{"去重", "used", "start", "none"}, nil},
		{[]string{"compare", "--strategies", "permutations", "-n", "3", "--no-time"}, 0, []string{"when    status"}, []string{"dedup"}},
		{[]string{"compare", "--strategies", "nqueens", "--nums", "1,2"}, 2, []string{"--nums: nqueens takes no --nums; permutations, combination-sum and subsets do"}, nil},
		{[]string{"compare", "--strategies", "subsets", "--nums", "1,2", "--puzzle", "nums 1,2"}, 2, []string{"leave out --puzzle"}, nil},
	}
	for _, tt := range tests {
		t.Run(strings.Join(tt.args, " "), func(t *testing.T) {
			code, stdout, stderr := runCLI(t, "", tt.args...)
			out := stdout + stderr
			if code != tt.code {
				t.Fatalf("exit %d, want %d: %s", code, tt.code, out)
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
		})
	}
}

// TestDiagramErrorExitCodes: a diagram option that does not fit the tree
// is bad input (exit 2); a DOT that cannot be written is the run's
// failure (exit 1), not a usage error.
func TestDiagramErrorExitCodes(t *testing.T) {
	if _, err := os.Stat("/dev/full"); err != nil {
		t.Skip("no /dev/full")
	}
	dot := filepath.Join(t.TempDir(), "x.dot")
	tests := []struct {
		args []string
		code int
		want string
	}{
		{[]string{"trace", "nqueens", "-n", "4", "--focus", "r0=c9", "--dot", dot}, 2, "focus move r0=c9: no such move"},
		{[]string{"trace", "nqueens", "-n", "4", "--at-step", "9999", "--dot", dot}, 2, "--at-step 9999 is beyond the last step"},
		{[]string{"trace", "nqueens", "-n", "7", "--max-nodes", "0", "--dot", "/dev/full"}, 1, "no space left on device"},
	}
	for _, tt := range tests {
		t.Run(strings.Join(tt.args, " "), func(t *testing.T) {
			code, _, stderr := runCLI(t, "", tt.args...)
			if code != tt.code || !strings.Contains(stderr, tt.want) {
				t.Errorf("exit %d, stderr %q; want exit %d and %q", code, stderr, tt.code, tt.want)
			}
		})
	}
}
