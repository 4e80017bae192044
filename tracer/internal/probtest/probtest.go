// Package probtest holds the helpers the built-in problems' tests share:
// the public data sets, a traced run with the event checker attached, and
// independent checks of answers. It is for tests only.
package probtest

import (
	"context"
	"fmt"
	"os"
	"path/filepath"
	"slices"
	"strconv"
	"strings"
	"testing"

	"github.com/backtrack-edu/backtrack/tracer"
	"github.com/backtrack-edu/backtrack/tracer/problem"
)

// The LeetCode 37 board, also in ../shared/data/LeetCode37.txt, and its
// solution. The naive search (linear or scan2d, check before placing, stop
// at the first solution) makes 4209 calls and 37652 tries.
const (
	LeetCode37         = "53..7....6..195....98....6.8...6...34..8.3..17...2...6.6....28....419..5....8..79"
	LeetCode37Solution = "534678912672195348198342567859761423426853791713924856961537284287419635345286179"
)

// DataPath returns the path of a file in ../shared/data, which tests may
// read but the product must not need.
func DataPath(name string) string {
	dir, err := os.Getwd()
	if err != nil {
		return name
	}
	for d := dir; ; d = filepath.Dir(d) {
		if _, err := os.Stat(filepath.Join(d, "go.mod")); err == nil {
			return filepath.Join(d, "..", "shared", "data", name)
		}
		if filepath.Dir(d) == d {
			return name
		}
	}
}

// ReadData returns a data file's text, skipping the test if it is missing.
func ReadData(t testing.TB, name string) string {
	t.Helper()
	b, err := os.ReadFile(DataPath(name))
	if os.IsNotExist(err) {
		t.Skipf("data file %s is missing", DataPath(name))
	}
	if err != nil {
		t.Fatal(err)
	}
	return string(b)
}

// DataLines returns the non-empty lines of a data file that are not
// comments, without a trailing \r.
func DataLines(t testing.TB, name string) []string {
	t.Helper()
	var out []string
	for _, line := range strings.Split(ReadData(t, name), "\n") {
		line = strings.TrimRight(line, "\r")
		if strings.TrimSpace(line) == "" || strings.HasPrefix(line, "#") {
			continue
		}
		out = append(out, line)
	}
	return out
}

// PuzzleLines returns the puzzles of a one-puzzle-a-line file: the first
// field of each line (sudoku9-named.txt has a name after it).
func PuzzleLines(t testing.TB, name string) []string {
	t.Helper()
	lines := DataLines(t, name)
	for i, l := range lines {
		lines[i] = strings.Fields(l)[0]
	}
	return lines
}

// TSVTable reads a tab-separated file with a header line into maps from
// column name to value.
func TSVTable(t testing.TB, name string) []map[string]string {
	t.Helper()
	lines := DataLines(t, name)
	head := strings.Split(lines[0], "\t")
	var rows []map[string]string
	for _, l := range lines[1:] {
		f := strings.Split(l, "\t")
		if len(f) != len(head) {
			t.Fatalf("%s: line %q has %d fields: want %d", name, l, len(f), len(head))
		}
		row := map[string]string{}
		for i, h := range head {
			row[h] = f[i]
		}
		rows = append(rows, row)
	}
	return rows
}

// Atoi64 reads an integer field of a data file.
func Atoi64(t testing.TB, s string) int64 {
	t.Helper()
	n, err := strconv.ParseInt(s, 10, 64)
	if err != nil {
		t.Fatal(err)
	}
	return n
}

// Traced is a run with its sinks.
type Traced struct {
	Res   *tracer.Result
	Stats *tracer.Stats
	Tree  *tracer.Tree // nil unless asked for
}

// RunTraced runs p with a Stats and a Checker attached (and a Tree when
// tree is set), fails the test on any stream violation, and checks that
// Result and Stats agree.
func RunTraced(t testing.TB, p problem.Problem, opts problem.Options, tree bool) Traced {
	t.Helper()
	var r Traced
	r.Stats = &tracer.Stats{}
	chk := &tracer.Checker{}
	opts.Sinks = append([]problem.Sink{r.Stats, chk}, opts.Sinks...)
	if tree {
		r.Tree = tracer.NewTree()
		opts.Sinks = append(opts.Sinks, r.Tree)
	}
	res, err := tracer.Run(context.Background(), p, opts)
	if err != nil {
		t.Fatal(err)
	}
	r.Res = res
	if err := chk.Finish(); err != nil {
		t.Fatalf("checker: %v", err)
	}
	if tree && r.Tree.Err() != nil {
		t.Fatalf("tree: %v", r.Tree.Err())
	}
	if res.Steps != r.Stats.Steps || res.Nodes != r.Stats.Nodes || res.Solutions != r.Stats.Solutions || res.Limit != r.Stats.Limit {
		t.Fatalf("Result (steps %d, nodes %d, solutions %d, limit %q) and Stats (%d, %d, %d, %q) disagree",
			res.Steps, res.Nodes, res.Solutions, res.Limit, r.Stats.Steps, r.Stats.Nodes, r.Stats.Solutions, r.Stats.Limit)
	}
	return r
}

// Recorder keeps a copy of every event.
type Recorder struct{ Events []problem.Event }

func (r *Recorder) Event(e *problem.Event) { r.Events = append(r.Events, *e) }

// JoinRows puts a board's rows on one line.
func JoinRows(rows []string) string { return strings.Join(rows, "") }

// ValidSudoku checks, without using the package, that solution is a full
// n×n grid keeping puzzle's givens with every digit once per row, column
// and box. Both are one-line strings ('.' or '0' for blanks in puzzle).
func ValidSudoku(puzzle, solution string) error {
	n := map[int]int{16: 4, 81: 9, 256: 16}[len(solution)]
	if n == 0 || len(puzzle) != len(solution) {
		return fmt.Errorf("solution has %d cells, puzzle %d", len(solution), len(puzzle))
	}
	const digits = "123456789ABCDEFG"
	box := map[int]int{4: 2, 9: 3, 16: 4}[n]
	val := make([]int, n*n)
	for i := range solution {
		d := strings.IndexByte(digits[:n], solution[i])
		if d < 0 {
			return fmt.Errorf("cell %d is %q: not a digit 1..%d", i, solution[i], n)
		}
		val[i] = d + 1
		if g := puzzle[i]; g != '.' && g != '0' && g != solution[i] {
			return fmt.Errorf("cell %d: given %c changed to %c", i, g, solution[i])
		}
	}
	for u := 0; u < n; u++ {
		var row, col, bx [17]bool
		for k := 0; k < n; k++ {
			r, c := (u/box)*box+k/box, (u%box)*box+k%box
			for _, x := range []struct {
				seen *[17]bool
				v    int
				what string
			}{{&row, val[u*n+k], "row"}, {&col, val[k*n+u], "column"}, {&bx, val[r*n+c], "box"}} {
				if x.seen[x.v] {
					return fmt.Errorf("%s %d repeats %d", x.what, u+1, x.v)
				}
				x.seen[x.v] = true
			}
		}
	}
	return nil
}

// CompareTrees fails unless a and b have the same nodes, field by field.
// With sameCost false the cost of pruned leaves may differ (different
// check methods).
func CompareTrees(t testing.TB, a, b *tracer.Tree, sameCost bool) {
	t.Helper()
	if a.Len() != b.Len() {
		t.Fatalf("trees have %d and %d nodes", a.Len(), b.Len())
	}
	for i := range int32(a.Len()) {
		x, y := a.Node(i), b.Node(i)
		if !sameCost {
			x.Cost, y.Cost = 0, 0
		}
		if x != y {
			t.Fatalf("node %d differs:\n%+v\n%+v", i, x, y)
		}
		if a.Status(int32(i)) != b.Status(int32(i)) {
			t.Fatalf("node %d: status %s and %s", i, a.Status(int32(i)), b.Status(int32(i)))
		}
	}
}

// EqualStats compares two Stats field by field.
func EqualStats(a, b *tracer.Stats) bool {
	return a.Nodes == b.Nodes && a.Tries == b.Tries && a.Rejects == b.Rejects && a.Placements == b.Placements &&
		a.Backtracks == b.Backtracks && a.Solutions == b.Solutions && a.MaxDepth == b.MaxDepth && a.Steps == b.Steps &&
		a.CheckCost == b.CheckCost && a.ScanCost == b.ScanCost && slices.Equal(a.PerDepth, b.PerDepth) &&
		a.Limit == b.Limit && a.FirstSolutionStep == b.FirstSolutionStep
}
