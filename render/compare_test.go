package render

import (
	"bytes"
	"context"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/backtrack-edu/backtrack/render/internal/textwidth"
	"github.com/backtrack-edu/backtrack/tracer"
	"github.com/backtrack-edu/backtrack/tracer/problems/nqueens"
	"github.com/backtrack-edu/backtrack/tracer/problems/sudoku"
)

// compareSearch runs p with a Stats sink and returns it as a CompareRun
// with a made-up time (the real one changes from run to run).
func compareSearch(t testing.TB, p tracer.Problem, opts tracer.Options) CompareRun {
	t.Helper()
	st := &tracer.Stats{}
	opts.Sinks = []tracer.Sink{st}
	res, err := tracer.Run(context.Background(), p, opts)
	if err != nil {
		t.Fatal(err)
	}
	return CompareRun{Summary: tracer.Summarize(p.Info(), opts, res, st), Elapsed: 1234 * time.Microsecond}
}

// compareSpec builds the run spec describes (tracer.Spec.Build, as the
// command line does) and runs it.
func compareSpec(t testing.TB, spec tracer.Spec) CompareRun {
	t.Helper()
	p, opts, err := spec.Build()
	if err != nil {
		t.Fatal(err)
	}
	return compareSearch(t, p, opts)
}

func compareQueens(t testing.TB, n int, check tracer.Check, when tracer.When) CompareRun {
	t.Helper()
	p, err := nqueens.NewNQueens(n, check)
	if err != nil {
		t.Fatal(err)
	}
	return compareSearch(t, p, tracer.Options{Stop: tracer.StopAll, When: when, Limits: tracer.Limits{MaxSteps: 2_000_000}})
}

func compareSudoku(t testing.TB, puzzle string, order tracer.Order, check tracer.Check, when tracer.When) CompareRun {
	t.Helper()
	pz, err := sudoku.ParsePuzzle(puzzle)
	if err != nil {
		t.Fatal(err)
	}
	p, err := sudoku.NewSudoku(pz, order, check)
	if err != nil {
		t.Fatal(err)
	}
	return compareSearch(t, p, tracer.Options{Stop: tracer.StopFirst, When: when, Limits: tracer.Limits{MaxSteps: 2_000_000}})
}

// compareDefault is what `backtrack compare` runs: 8-queens, every
// solution, beside LeetCode 37's board.
func compareDefault(t testing.TB) []CompareRun {
	return []CompareRun{
		compareQueens(t, 8, tracer.CheckScan, tracer.WhenBefore),
		compareSudoku(t, sudoku.LeetCode37, sudoku.OrderScan2D, tracer.CheckScan, tracer.WhenBefore),
	}
}

// compareGolden compares got with testdata/name, or rewrites it with -update.
func compareGolden(t *testing.T, name string, got []byte) {
	t.Helper()
	path := filepath.Join("testdata", name)
	if *update {
		if err := os.WriteFile(path, got, 0o644); err != nil {
			t.Fatal(err)
		}
		return
	}
	want, err := os.ReadFile(path)
	if err != nil {
		t.Fatalf("%v (run with -update to create it)", err)
	}
	if !bytes.Equal(got, want) {
		t.Errorf("%s differs (run with -update if the change is meant):\ngot:\n%s", path, got)
	}
}

// TestCompareGolden checks the side-by-side table and the nodes-per-depth
// histogram of `backtrack compare --no-time`, as text and as Markdown, in
// both languages.
func TestCompareGolden(t *testing.T) {
	runs := compareDefault(t)
	for _, tt := range []struct {
		name string
		opt  CompareOptions
	}{
		{"compare_default.txt", CompareOptions{NoTime: true}},
		{"compare_default_zh.txt", CompareOptions{NoTime: true, Lang: tracer.LangZH}},
		{"compare_default.md", CompareOptions{NoTime: true, Markdown: true}},
	} {
		t.Run(tt.name, func(t *testing.T) {
			var b bytes.Buffer
			if err := WriteCompare(&b, runs, tt.opt); err != nil {
				t.Fatal(err)
			}
			b.WriteString("\n")
			if err := WriteDepthProfile(&b, runs, tt.opt); err != nil {
				t.Fatal(err)
			}
			compareGolden(t, tt.name, b.Bytes())
		})
	}
}

// TestComparePermutationsGolden: Permutations beside N-Queens, n=4 both.
// N-Queens is the permutations of the columns with the diagonal rules
// added: the same 1-D shape and loop width, fewer solutions, and a
// column rule where Permutations has "used".
func TestComparePermutationsGolden(t *testing.T) {
	runs := []CompareRun{
		compareSpec(t, tracer.Spec{Problem: "permutations", N: 4}),
		compareSpec(t, tracer.Spec{Problem: "nqueens", N: 4}),
	}
	for _, tt := range []struct {
		name string
		opt  CompareOptions
	}{
		{"compare_permutations4_nqueens4.txt", CompareOptions{NoTime: true}},
		{"compare_permutations4_nqueens4_zh.md", CompareOptions{NoTime: true, Markdown: true, Lang: tracer.LangZH}},
	} {
		t.Run(tt.name, func(t *testing.T) {
			var b bytes.Buffer
			if err := WriteCompare(&b, runs, tt.opt); err != nil {
				t.Fatal(err)
			}
			b.WriteString("\n")
			if err := WriteDepthProfile(&b, runs, tt.opt); err != nil {
				t.Fatal(err)
			}
			b.WriteString("\n")
			if err := WriteStrategyTable(&b, runs[:1], tt.opt); err != nil {
				t.Fatal(err)
			}
			compareGolden(t, tt.name, b.Bytes())
		})
	}
}

// TestStrategyTableGolden checks the tables of `backtrack compare
// --strategies nqueens -n 6 --no-time` and `--strategies sudoku --no-time`
// (LeetCode 37's board, where every check at the leaf hits the step limit).
func TestStrategyTableGolden(t *testing.T) {
	var queens []CompareRun
	for _, c := range nqueens.NQueensChecks {
		for _, w := range tracer.Whens {
			queens = append(queens, compareQueens(t, 6, c, w))
		}
	}
	var sudokuRuns []CompareRun
	for _, o := range sudoku.SudokuOrders {
		for _, c := range sudoku.SudokuChecks {
			for _, w := range tracer.Whens {
				sudokuRuns = append(sudokuRuns, compareSudoku(t, sudoku.LeetCode37, o, c, w))
			}
		}
	}
	for _, tt := range []struct {
		name string
		runs []CompareRun
		opt  CompareOptions
	}{
		{"strategies_nqueens6.txt", queens, CompareOptions{NoTime: true}},
		{"strategies_sudoku.txt", sudokuRuns, CompareOptions{NoTime: true}},
		{"strategies_sudoku_zh.md", sudokuRuns, CompareOptions{NoTime: true, Markdown: true, Lang: tracer.LangZH}},
	} {
		t.Run(tt.name, func(t *testing.T) {
			var b bytes.Buffer
			if err := WriteStrategyTable(&b, tt.runs, tt.opt); err != nil {
				t.Fatal(err)
			}
			compareGolden(t, tt.name, b.Bytes())
		})
	}
}

// TestCompareClaims checks what the tables must show against the runs:
// the depths and sizes the lessons quote, that every check gives the same
// tree at a different cost, and that a run stopped by a limit says which.
func TestCompareClaims(t *testing.T) {
	runs := compareDefault(t)
	q, s := runs[0].Summary.Stats, runs[1].Summary.Stats
	if q.Nodes != 2057 || q.MaxDepth != 8 || s.Nodes != 4209 || s.MaxDepth != 51 {
		t.Errorf("8-queens %d nodes depth %d, LeetCode %d nodes depth %d; want 2057/8 and 4209/51", q.Nodes, q.MaxDepth, s.Nodes, s.MaxDepth)
	}
	var b bytes.Buffer
	if err := WriteCompare(&b, runs, CompareOptions{}); err != nil {
		t.Fatal(err)
	}
	for _, want := range []string{"1-D: one row per call", "2-D: each call scans for its cell", "8 columns", "9 digits", "time", "1.2 ms", "rejects · box         -"} {
		if !strings.Contains(b.String(), want) {
			t.Errorf("table lacks %q:\n%s", want, b.String())
		}
	}
	leaf := compareSudoku(t, sudoku.LeetCode37, sudoku.OrderLinear, tracer.CheckScan, tracer.WhenLeaf)
	b.Reset()
	if err := WriteStrategyTable(&b, []CompareRun{leaf}, CompareOptions{NoTime: true}); err != nil {
		t.Fatal(err)
	}
	if !strings.Contains(b.String(), "limit (steps)") || !strings.Contains(b.String(), "--max-steps") || strings.Contains(b.String(), "time") {
		t.Errorf("a limited run must say which limit stopped it, and no time with NoTime:\n%s", b.String())
	}
}

// TestStrategyTableLimits: under a strategy table, each limit that stopped
// a run is explained once, in its own words.
func TestStrategyTableLimits(t *testing.T) {
	run := func(limit tracer.LimitReason) CompareRun {
		return CompareRun{Summary: tracer.Summary{Problem: "nqueens", Size: 6, Instance: "n=6", Status: tracer.StatusLimit, Limit: limit,
			Strategy: tracer.Strategy{Order: nqueens.OrderRows, Check: tracer.CheckScan, When: tracer.WhenBefore, Stop: tracer.StopAll}}}
	}
	done := CompareRun{Summary: tracer.Summary{Problem: "nqueens", Size: 6, Instance: "n=6", Status: tracer.StatusComplete}}
	for _, tt := range []struct {
		runs []CompareRun
		lang tracer.Lang
		want []string
	}{
		{[]CompareRun{done}, tracer.LangEN, nil},
		{[]CompareRun{run(tracer.LimitSteps), run(tracer.LimitSteps)}, tracer.LangEN,
			[]string{"limit (steps): the run was stopped by the step limit (--max-steps); its counts are those at the stop."}},
		{[]CompareRun{run(tracer.LimitCanceled), done}, tracer.LangEN,
			[]string{"limit (canceled): the run was interrupted (Ctrl-C or a signal); its counts are those at the stop."}},
		{[]CompareRun{run(tracer.LimitSize), run(tracer.LimitTime)}, tracer.LangEN, []string{
			"limit (size): the run was stopped because its recording reached the size limit (--max-output); its counts are those at the stop.",
			"limit (time): the run was stopped by the time limit (--timeout); its counts are those at the stop."}},
		{[]CompareRun{run(tracer.LimitCalls)}, tracer.LangZH, []string{"达到调用次数上限：该策略达到调用次数上限（--max-calls）被停止；计数为停止时的值。"}},
		{[]CompareRun{run(tracer.LimitCanceled)}, tracer.LangZH, []string{"达到上限（中断）：该策略被中断（Ctrl-C 或信号）；计数为停止时的值。"}},
	} {
		var b bytes.Buffer
		if err := WriteStrategyTable(&b, tt.runs, CompareOptions{NoTime: true, Lang: tt.lang}); err != nil {
			t.Fatal(err)
		}
		var notes []string
		for _, l := range strings.Split(b.String(), "\n") {
			if strings.HasPrefix(l, "limit (") || strings.HasPrefix(l, "达到") {
				notes = append(notes, l)
			}
		}
		if strings.Join(notes, "\n") != strings.Join(tt.want, "\n") {
			t.Errorf("notes:\n%s\nwant:\n%s", strings.Join(notes, "\n"), strings.Join(tt.want, "\n"))
		}
	}
}

func TestFormatElapsed(t *testing.T) {
	tests := []struct {
		d    time.Duration
		want string
	}{
		{0, "0 µs"},
		{85 * time.Microsecond, "85 µs"},
		{999 * time.Microsecond, "999 µs"},
		{time.Millisecond, "1.0 ms"},
		{12345 * time.Microsecond, "12.3 ms"},
		{1250 * time.Millisecond, "1.25 s"},
	}
	for _, tt := range tests {
		if got := FormatElapsed(tt.d); got != tt.want {
			t.Errorf("FormatElapsed(%v) = %q, want %q", tt.d, got, tt.want)
		}
	}
}

func TestBar(t *testing.T) {
	tests := []struct {
		n, most int64
		want    string
	}{
		{0, 10, ""},
		{5, 0, ""},
		{10, 10, strings.Repeat("█", profileBar)},
		{5, 10, strings.Repeat("█", profileBar/2)},
		{1, 1000, "▏"}, // any node shows
		{1, 16, "█▌"},
	}
	for _, tt := range tests {
		if got := bar(tt.n, tt.most); got != tt.want {
			t.Errorf("bar(%d, %d) = %q, want %q", tt.n, tt.most, got, tt.want)
		}
	}
}

// TestDepthProfileScale: the bars of all the columns share one scale,
// which the heading gives, so 1 node and 46 nodes look different even in
// different columns (a 4×4 Sudoku beside 6-queens), and a level of one
// node still shows.
func TestDepthProfileScale(t *testing.T) {
	run := func(problem string, perDepth ...int64) CompareRun {
		return CompareRun{Summary: tracer.Summary{Problem: problem, Size: 6, Instance: "n=6", Stats: tracer.Stats{PerDepth: perDepth}}}
	}
	for _, tt := range []struct {
		name    string
		runs    []CompareRun
		lang    tracer.Lang
		heading string
		bars    [][]string // per depth, the bar of each run
	}{
		{"two columns", []CompareRun{run("nqueens", 1, 6, 46), run("nqueens", 1, 2)}, tracer.LangEN,
			"calls per depth (one scale for all columns: a full bar is 46 calls)",
			[][]string{{bar(1, 46), bar(1, 46)}, {bar(6, 46), bar(2, 46)}, {strings.Repeat("█", profileBar), ""}}},
		{"one column", []CompareRun{run("nqueens", 1, 2)}, tracer.LangEN, "calls per depth (a full bar is 2 calls)",
			[][]string{{strings.Repeat("█", profileBar/2)}, {strings.Repeat("█", profileBar)}}},
		{"one node", []CompareRun{run("nqueens", 1), run("nqueens", 1)}, tracer.LangEN,
			"calls per depth (one scale for all columns: a full bar is 1 call)",
			[][]string{{strings.Repeat("█", profileBar), strings.Repeat("█", profileBar)}}},
		{"zh", []CompareRun{run("nqueens", 3, 40), run("nqueens", 1)}, tracer.LangZH,
			"每层调用数（各列比例相同：最长的一条表示 40 次调用）",
			[][]string{{bar(3, 40), bar(1, 40)}, {strings.Repeat("█", profileBar), ""}}},
	} {
		t.Run(tt.name, func(t *testing.T) {
			var b bytes.Buffer
			if err := WriteDepthProfile(&b, tt.runs, CompareOptions{Lang: tt.lang}); err != nil {
				t.Fatal(err)
			}
			lines := strings.Split(strings.TrimSuffix(b.String(), "\n"), "\n")
			if lines[0] != tt.heading {
				t.Errorf("heading %q, want %q", lines[0], tt.heading)
			}
			rows := lines[2:]
			if len(rows) != len(tt.bars) {
				t.Fatalf("%d depth lines, want %d:\n%s", len(rows), len(tt.bars), b.String())
			}
			for d, want := range tt.bars {
				var got []string
				for _, f := range strings.Fields(rows[d])[1:] {
					if strings.ContainsAny(f, "█▏▎▍▌▋▊▉") {
						got = append(got, f)
					}
				}
				var nonEmpty []string
				for _, w := range want {
					if w != "" {
						nonEmpty = append(nonEmpty, w)
					}
				}
				if strings.Join(got, " ") != strings.Join(nonEmpty, " ") {
					t.Errorf("depth %d: bars %q, want %q:\n%s", d, got, nonEmpty, b.String())
				}
			}
		})
	}
	if bar(1, 46) == bar(46, 46) || bar(1, 46) == "" {
		t.Errorf("1 node of 46 draws %q, 46 draw %q", bar(1, 46), bar(46, 46))
	}
}

// TestTableAlign checks that text columns line up by display width, CJK
// characters counting two.
func TestTableAlign(t *testing.T) {
	tb := &table{head: []string{"名字", "n"}, right: []bool{false, true}, rows: [][]string{{"ab", "1"}, {"中文字", "100"}}}
	var b bytes.Buffer
	if err := tb.write(&b, false); err != nil {
		t.Fatal(err)
	}
	want := "名字      n\nab        1\n中文字  100\n"
	if b.String() != want {
		t.Errorf("got\n%s\nwant\n%s", b.String(), want)
	}
	b.Reset()
	tb.rows = append(tb.rows, []string{"a|b", "2"})
	if err := tb.write(&b, true); err != nil {
		t.Fatal(err)
	}
	if !strings.Contains(b.String(), "|---|---:|") || !strings.Contains(b.String(), `a\|b`) {
		t.Errorf("markdown table:\n%s", b.String())
	}
}

func ExampleWriteCompare() {
	var runs []CompareRun
	for _, n := range []int{4, 5} {
		p, _ := nqueens.NewNQueens(n, tracer.CheckScan)
		st := &tracer.Stats{}
		opts := tracer.Options{Stop: tracer.StopAll, Sinks: []tracer.Sink{st}}
		res, _ := tracer.Run(context.Background(), p, opts)
		runs = append(runs, CompareRun{Summary: tracer.Summarize(p.Info(), opts, res, st)})
	}
	var b strings.Builder
	WriteCompare(&b, runs, CompareOptions{NoTime: true})
	for _, line := range strings.Split(b.String(), "\n")[:12] {
		fmt.Println(strings.TrimRight(line, " "))
	}
	// Output:
	//                       N-Queens n=4           N-Queens n=5
	// recursion shape       1-D: one row per call  1-D: one row per call
	// order                 rows                   rows
	// check                 scan                   scan
	// when                  before                 before
	// stop                  all                    all
	// loop width per level  4 columns              5 columns
	// depth                 4                      5
	// status                complete               complete
	// solutions             2                      10
	// calls                 17                     54
	// tries                 60                     220
}

// TestStrategyRows: the table written a row at a time starts with its
// title and header before any run ends, holds the same cells as
// WriteStrategyTable's, and its rows line up (each line as wide as the
// header) although no row was known when the widths were chosen; in
// English and Chinese, with and without the time.
func TestStrategyRows(t *testing.T) {
	var queens, sudokuRuns []CompareRun
	for _, c := range nqueens.NQueensChecks {
		for _, w := range tracer.Whens {
			queens = append(queens, compareQueens(t, 6, c, w))
		}
	}
	for _, c := range sudoku.SudokuChecks {
		for _, w := range tracer.Whens {
			sudokuRuns = append(sudokuRuns, compareSudoku(t, sudoku.LeetCode37, sudoku.OrderMRV, c, w))
		}
	}
	for _, tt := range []struct {
		name string
		runs []CompareRun
		opt  CompareOptions
	}{
		{"6-queens", queens, CompareOptions{NoTime: true}},
		{"sudoku", sudokuRuns, CompareOptions{NoTime: true}},
		{"sudoku zh", sudokuRuns, CompareOptions{NoTime: true, Lang: tracer.LangZH}},
		{"6-queens timed", queens, CompareOptions{}},
	} {
		t.Run(tt.name, func(t *testing.T) {
			var plan []tracer.Summary
			for _, r := range tt.runs {
				plan = append(plan, tracer.Summary{Def: r.Summary.Def, Problem: r.Summary.Problem, Size: r.Summary.Size,
					Instance: r.Summary.Instance, Strategy: r.Summary.Strategy, Rules: r.Summary.Rules})
			}
			var b bytes.Buffer
			rows, err := NewStrategyRows(&b, plan, 2_000_000, tt.opt)
			if err != nil {
				t.Fatal(err)
			}
			if n := strings.Count(b.String(), "\n"); n != 2 {
				t.Fatalf("before any row: %d lines, want the title and the header:\n%s", n, b.String())
			}
			for _, r := range tt.runs {
				if err := rows.Row(r); err != nil {
					t.Fatal(err)
				}
			}
			if err := rows.Close(); err != nil {
				t.Fatal(err)
			}
			var whole bytes.Buffer
			if err := WriteStrategyTable(&whole, tt.runs, tt.opt); err != nil {
				t.Fatal(err)
			}
			got, want := strings.Split(b.String(), "\n"), strings.Split(whole.String(), "\n")
			if len(got) != len(want) {
				t.Fatalf("%d lines, want %d:\n%s\nwant:\n%s", len(got), len(want), b.String(), whole.String())
			}
			for i := range got {
				if strings.Join(strings.Fields(got[i]), " ") != strings.Join(strings.Fields(want[i]), " ") {
					t.Errorf("line %d: %q, want the cells of %q", i+1, got[i], want[i])
				}
			}
			width := textwidth.Cols(got[1])
			for i, l := range got[2 : 2+len(tt.runs)] {
				if textwidth.Cols(l) != width {
					t.Errorf("row %d is %d columns, the header %d:\n%s", i+1, textwidth.Cols(l), width, b.String())
				}
			}
		})
	}
}
