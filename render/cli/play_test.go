package cli

import (
	"bytes"
	"context"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"testing"

	"github.com/backtrack-edu/backtrack/lessons/site/play"
)

// TestPlaySameAsTrace: the playground's engine, run natively, makes the
// page `trace --html` makes for the same flags, and bad input gets the
// command's error line.
func TestPlaySameAsTrace(t *testing.T) {
	for _, tc := range []struct {
		req  play.Request
		args []string
	}{
		{play.Request{Problem: "nqueens", N: 4, Lang: "en", MaxSteps: 1000}, []string{"nqueens", "-n", "4", "--lang", "en"}},
		{play.Request{Problem: "permutations", N: 3, Lang: "zh", MaxSteps: 50000}, []string{"permutations", "-n", "3", "--lang", "zh"}},
		{play.Request{Problem: "nqueens", N: 6, Check: "arrays", Lang: "zh", MaxSteps: 300}, []string{"nqueens", "-n", "6", "--check", "arrays", "--lang", "zh"}},
		{play.Request{Problem: "sudoku", Order: "mrv", Lang: "en", MaxSteps: 1000000}, []string{"sudoku", "--order", "mrv", "--lang", "en"}},
		{play.Request{Problem: "nqueens", N: 31, Lang: "en", MaxSteps: 10}, []string{"nqueens", "-n", "31", "--lang", "en"}},
		{play.Request{Problem: "sudoku", Puzzle: "53..7", Lang: "en", MaxSteps: 10}, []string{"sudoku", "--puzzle", "53..7", "--lang", "en"}},
		{play.Request{Problem: "sudoku", Order: "diagonal", Lang: "en", MaxSteps: 10}, []string{"sudoku", "--order", "diagonal", "--lang", "en"}},
		{play.Request{Problem: "chess", Lang: "en", MaxSteps: 10}, []string{"chess", "--lang", "en"}},
		// Empty and junk instances: the same line in both (issue 32).
		{play.Request{Problem: "nqueens", Puzzle: " ", Lang: "en", MaxSteps: 10}, []string{"nqueens", "--puzzle", " ", "--lang", "en"}},
		{play.Request{Problem: "subsets", Puzzle: "\n", Lang: "en", MaxSteps: 10}, []string{"subsets", "--puzzle", "\n", "--lang", "en"}},
		{play.Request{Problem: "combination-sum", Puzzle: "# only a comment", Lang: "en", MaxSteps: 10}, []string{"combination-sum", "--puzzle", "# only a comment", "--lang", "en"}},
		{play.Request{Problem: "combination-sum", Puzzle: "nums 1,2 nums 3 target 3", Lang: "en", MaxSteps: 10}, []string{"combination-sum", "--puzzle", "nums 1,2 nums 3 target 3", "--lang", "en"}},
		{play.Request{Problem: "subsets", Puzzle: "nums 1,,2", Lang: "en", MaxSteps: 10}, []string{"subsets", "--puzzle", "nums 1,,2", "--lang", "en"}},
		{play.Request{Problem: "combination-sum", Puzzle: "nums 1,2 target 3", Lang: "en", MaxSteps: 100}, []string{"combination-sum", "--puzzle", "nums 1,2 target 3", "--lang", "en"}},
	} {
		t.Run(strings.Join(tc.args, " "), func(t *testing.T) {
			out := filepath.Join(t.TempDir(), "page.html")
			args := append([]string{"trace"}, tc.args...)
			args = append(args, "--max-steps", strconv.FormatInt(tc.req.MaxSteps, 10), "--html", out)
			var o, e bytes.Buffer
			code := run(args, nil, &o, &e)
			page, err := play.Page(context.Background(), tc.req)
			if code != exitOK {
				want := strings.TrimSuffix(strings.TrimPrefix(e.String(), "backtrack: "), "\n")
				if err == nil || err.Error() != want {
					t.Errorf("the command says %q, the playground %v", want, err)
				}
				return
			}
			if err != nil {
				t.Fatalf("the command made a page, the playground: %v", err)
			}
			want, rerr := os.ReadFile(out)
			if rerr != nil {
				t.Fatal(rerr)
			}
			if !bytes.Equal(page, want) {
				t.Errorf("the playground's page (%d bytes) differs from trace --html's (%d bytes)", len(page), len(want))
			}
		})
	}
	if _, err := play.Page(context.Background(), play.Request{Problem: "nqueens", Lang: "en", MaxSteps: 0}); err == nil {
		t.Errorf("a request of no step limit ran")
	}
}
