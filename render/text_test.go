package render

import (
	"bytes"
	"regexp"
	"strings"
	"testing"

	"github.com/backtrack-edu/backtrack/tracer"
	"github.com/backtrack-edu/backtrack/tracer/problems/nqueens"
	"github.com/backtrack-edu/backtrack/tracer/problems/sudoku"
)

// reportRun runs a search with a Stats sink and returns its summary.
func reportRun(t *testing.T, p tracer.Problem, opts tracer.Options) tracer.Summary {
	t.Helper()
	return compareSearch(t, p, opts).Summary
}

func reportQueens(t *testing.T, n int) tracer.Summary {
	t.Helper()
	p, err := nqueens.NewNQueens(n, tracer.CheckScan)
	if err != nil {
		t.Fatal(err)
	}
	return reportRun(t, p, tracer.Options{Stop: tracer.StopAll})
}

func reportSudoku(t *testing.T, puzzle string, opts tracer.Options) tracer.Summary {
	t.Helper()
	pz, err := sudoku.ParsePuzzle(puzzle)
	if err != nil {
		t.Fatal(err)
	}
	p, err := sudoku.NewSudoku(pz, sudoku.OrderScan2D, tracer.CheckScan)
	if err != nil {
		t.Fatal(err)
	}
	return reportRun(t, p, opts)
}

// reportSpec builds the run spec describes (tracer.Spec.Build, as the
// command line does) and returns its summary.
func reportSpec(t *testing.T, spec tracer.Spec) tracer.Summary {
	t.Helper()
	return compareSpec(t, spec).Summary
}

// TestReportGolden checks what `backtrack trace` prints, in English and in
// Chinese, for each way a search can end. report_queens4.txt is the
// README's Quick start output and must not change.
func TestReportGolden(t *testing.T) {
	q4 := reportQueens(t, 4)
	s4 := reportSudoku(t, ".4......3.4...2.", tracer.Options{})
	leaf := reportSudoku(t, sudoku.LeetCode37, tracer.Options{When: tracer.WhenLeaf, Limits: tracer.Limits{MaxSteps: 1000}})
	lost := reportSudoku(t, ".4......3.4...2.", tracer.Options{Stop: tracer.StopNoReturn})
	p3 := reportSpec(t, tracer.Spec{Problem: "permutations", N: 3})
	for _, tt := range []struct {
		name string
		sum  tracer.Summary
		show int
		lang tracer.Lang
	}{
		{"report_queens4.txt", q4, 3, tracer.LangEN},
		{"report_queens4_zh.txt", q4, 3, tracer.LangZH},
		{"report_queens4_show1.txt", q4, 1, tracer.LangEN},
		{"report_queens4_show1_zh.txt", q4, 1, tracer.LangZH},
		{"report_sudoku4.txt", s4, 3, tracer.LangEN},
		{"report_sudoku4_zh.txt", s4, 3, tracer.LangZH},
		{"report_sudoku_limit.txt", leaf, 3, tracer.LangEN},
		{"report_sudoku_limit_zh.txt", leaf, 3, tracer.LangZH},
		{"report_sudoku4_lost.txt", lost, 3, tracer.LangEN},
		{"report_sudoku4_lost_zh.txt", lost, 3, tracer.LangZH},
		// Permutations: the solutions as rows of numbers, "1 2 3".
		{"report_permutations3.txt", p3, 6, tracer.LangEN},
		{"report_permutations3_zh.txt", p3, 2, tracer.LangZH},
	} {
		t.Run(tt.name, func(t *testing.T) {
			var b bytes.Buffer
			if err := WriteReport(&b, tt.sum, tt.show, tt.lang); err != nil {
				t.Fatal(err)
			}
			compareGolden(t, tt.name, b.Bytes())
		})
	}
}

// TestReportChinese: a Chinese report has no English words left in it but
// the strategy's flag values and the status, which are the names the
// flags and --stats use, and the N of "N 皇后".
func TestReportChinese(t *testing.T) {
	for _, sum := range []tracer.Summary{
		reportQueens(t, 4),
		reportSudoku(t, sudoku.LeetCode37, tracer.Options{When: tracer.WhenLeaf, Limits: tracer.Limits{MaxSteps: 1000}}),
		reportSpec(t, tracer.Spec{Problem: "permutations", N: 3}),
	} {
		var b bytes.Buffer
		if err := WriteReport(&b, sum, 3, tracer.LangZH); err != nil {
			t.Fatal(err)
		}
		text := b.String()
		for _, flagWord := range []string{"order=" + string(sum.Strategy.Order), "check=scan", "when=" + string(sum.Strategy.When),
			"stop=" + string(sum.Strategy.Stop), string(sum.Status), "--max-steps", "n=4", "n=3", "N 皇后"} {
			text = strings.ReplaceAll(text, flagWord, "")
		}
		board := regexp.MustCompile(`^[.Q1-9A-G |+-]*$`) // board lines: queens are Q
		for _, line := range strings.Split(text, "\n") {
			if board.MatchString(line) {
				continue
			}
			if strings.IndexFunc(line, func(r rune) bool { return r >= 'a' && r <= 'z' || r >= 'A' && r <= 'Z' }) >= 0 {
				t.Errorf("Latin letters left in a line of the Chinese report: %q", line)
			}
		}
	}
}

// TestStatusLine checks the status line of every way a search ends, with
// one and with several solutions and steps: proper English plurals, an
// interrupt and a recording's size limit named as such.
func TestStatusLine(t *testing.T) {
	sum := func(status tracer.Status, limit tracer.LimitReason, solutions, steps int64) tracer.Summary {
		return tracer.Summary{Status: status, Limit: limit, Stats: tracer.Stats{Solutions: solutions, Steps: steps}}
	}
	for _, tt := range []struct {
		sum    tracer.Summary
		en, zh string
	}{
		{sum(tracer.StatusSolved, 0, 1, 99), "stopped at the first solution", "找到第一个解就停止"},
		{sum(tracer.StatusComplete, 0, 0, 99), "searched the whole tree: no solution", "整棵树都搜完了，无解"},
		{sum(tracer.StatusComplete, 0, 1, 99), "searched the whole tree: 1 solution", "整棵树都搜完了，共 1 个解"},
		{sum(tracer.StatusComplete, 0, 92, 99), "searched the whole tree: 92 solutions", "整棵树都搜完了，共 92 个解"},
		{sum(tracer.StatusLost, 0, 1, 99), "found 1 solution, but with no return value the search went on and undid it",
			"找到过 1 个解，但函数没有返回值，搜索没有停下，又把解撤销了"},
		{sum(tracer.StatusLost, 0, 2, 99), "found 2 solutions, but with no return value the search went on and undid them",
			"找到过 2 个解，但函数没有返回值，搜索没有停下，又把解撤销了"},
		{sum(tracer.StatusLimit, tracer.LimitSteps, 0, 10000002), "stopped by the step limit (--max-steps) after 10000002 steps, 0 solutions so far",
			"达到步数上限（--max-steps），在第 10000002 步停止，还没有找到解"},
		{sum(tracer.StatusLimit, tracer.LimitCalls, 1, 50), "stopped by the call limit (--max-calls) after 50 steps, 1 solution so far",
			"达到调用次数上限（--max-calls），在第 50 步停止，此时已找到 1 个解"},
		{sum(tracer.StatusLimit, tracer.LimitTime, 3, 7), "stopped by the time limit (--timeout) after 7 steps, 3 solutions so far",
			"达到时间上限（--timeout），在第 7 步停止，此时已找到 3 个解"},
		{sum(tracer.StatusLimit, tracer.LimitCanceled, 0, 1), "interrupted (Ctrl-C or a signal) after 1 step, 0 solutions so far",
			"被中断（Ctrl-C 或信号），在第 1 步停止，还没有找到解"},
		{sum(tracer.StatusLimit, tracer.LimitSize, 2, 52000),
			"stopped because the recording reached its size limit (--max-output) after 52000 steps, 2 solutions so far",
			"记录达到大小上限（--max-output），在第 52000 步停止，此时已找到 2 个解"},
		{sum(tracer.StatusLimit, tracer.LimitTree, 5398, 23868321),
			"stopped because the search tree reached its size limit (--max-tree) after 23868321 steps, 5398 solutions so far",
			"搜索树达到大小上限（--max-tree），在第 23868321 步停止，此时已找到 5398 个解"},
		{sum(tracer.StatusLimit, tracer.LimitNone, 0, 5), "stopped by a limit after 5 steps, 0 solutions so far",
			"触及上限，在第 5 步停止，还没有找到解"},
	} {
		if got := StatusLine(tt.sum, tracer.LangEN); got != tt.en {
			t.Errorf("StatusLine(%s, %s, en) = %q, want %q", tt.sum.Status, tt.sum.Limit, got, tt.en)
		}
		if got := StatusLine(tt.sum, tracer.LangZH); got != tt.zh {
			t.Errorf("StatusLine(%s, %s, zh) = %q, want %q", tt.sum.Status, tt.sum.Limit, got, tt.zh)
		}
	}
}

// TestReportShowNegative: a negative number of boards to show prints none
// rather than failing.
func TestReportShowNegative(t *testing.T) {
	var b bytes.Buffer
	if err := WriteReport(&b, reportQueens(t, 4), -1, tracer.LangEN); err != nil {
		t.Fatal(err)
	}
	if strings.Contains(b.String(), "solution 1:") || !strings.Contains(b.String(), "(2 more solutions not shown)") {
		t.Errorf("--show -1:\n%s", b.String())
	}
}

// TestBoard: a board is printed with a space between squares, a board
// with boxes (Sudoku) with box separators, and a row of Permutations as a
// row of numbers.
func TestBoard(t *testing.T) {
	for _, c := range []struct {
		problem string
		rows    []string
		want    string
	}{
		{"permutations", []string{"312"}, "3 1 2\n"},
		{"permutations", []string{"1"}, "1\n"},
		{"nqueens", []string{".Q..", "...Q", "Q...", "..Q."}, ". Q . .\n. . . Q\nQ . . .\n. . Q .\n"},
		{"sudoku", []string{"1234", "3412", "2143", "4321"}, "1 2 | 3 4\n3 4 | 1 2\n----+----\n2 1 | 4 3\n4 3 | 2 1\n"},
		// N-Queens has no boxes, whatever its size.
		{"nqueens", []string{"Q...", "..Q.", ".Q..", "...Q"}, "Q . . .\n. . Q .\n. Q . .\n. . . Q\n"},
		{"unknown", []string{"12", "21"}, "1 2\n2 1\n"},
		{"sudoku", nil, ""},
	} {
		if got := Board(c.problem, c.rows); got != c.want {
			t.Errorf("Board(%s, %q) =\n%s\nwant\n%s", c.problem, c.rows, got, c.want)
		}
	}
}

// TestReportIntroducesTheBox checks that outputs naming Sudoku's rules once
// (the Chinese report, a diagram's legend, a compare table) call the box
// 九宫格 there, and a diagram's groups keep the short name.
func TestReportIntroducesTheBox(t *testing.T) {
	lc := reportSudoku(t, sudoku.LeetCode37, tracer.Options{})
	var b bytes.Buffer
	if err := WriteReport(&b, lc, 1, tracer.LangZH); err != nil {
		t.Fatal(err)
	}
	if !strings.Contains(b.String(), "同宫（3×3 九宫格）重复 ×1401") {
		t.Errorf("the zh report does not introduce the box:\n%s", b.String())
	}
	b.Reset()
	if err := WriteReport(&b, lc, 1, tracer.LangEN); err != nil {
		t.Fatal(err)
	}
	if strings.Contains(b.String(), "九宫格") || !strings.Contains(b.String(), "box ×1401") {
		t.Errorf("the en report:\n%s", b.String())
	}
	r := dotSudoku(t, sudoku.LeetCode37, sudoku.OrderScan2D)
	r.leg.Lang = tracer.LangZH
	got, _ := dotWrite(t, r, DiagramOptions{MaxNodes: 400})
	d := parseDOT(t, got)
	if strings.Count(d.legend, "九宫格") != 1 {
		t.Errorf("the zh legend names 九宫格 %d times: %s", strings.Count(d.legend, "九宫格"), d.legend)
	}
	for id, a := range d.attrs {
		if strings.Contains(a["label"], "九宫格") {
			t.Errorf("%s repeats the long name: %q", id, a["label"])
		}
	}
}

// TestLimitWordsForEveryReason: every limit reason has its own words in
// the report, the legends and the notes, in English and Chinese, and names
// the flag that sets it (an interrupt names Ctrl-C), so that a reason
// added later is not reported as a bare "limit".
func TestLimitWordsForEveryReason(t *testing.T) {
	for l := tracer.LimitSteps; l <= tracer.LimitTree; l++ {
		w := tracer.LimitWordsOf(l)
		flag := w.Flag
		if l == tracer.LimitCanceled {
			flag = "Ctrl-C"
		}
		en, zh := StopLine(l, 7, tracer.LangEN), StopLine(l, 7, tracer.LangZH)
		name := LimitName(l)
		if !strings.Contains(en, flag) || !strings.Contains(zh, flag) || !strings.Contains(name, flag) || w.Name.EN == "limit" || w.Name.ZH == "上限" {
			t.Errorf("limit %q: StopLine %q / %q, LimitName %q, words %+v: want each to name %s", l, en, zh, name, w, flag)
		}
		nar := tracer.NewNarrator(tracer.Info{Problem: "nqueens", Size: 4}, tracer.Strategy{}, tracer.LangZH)
		if note := nar.Note(&tracer.Event{Step: 7, Kind: tracer.KindLimit, Limit: l}); strings.Contains(note, "触及上限") {
			t.Errorf("limit %q: the note %q is the generic one", l, note)
		}
	}
	if got := tracer.LimitTree.String(); got != "tree" {
		t.Errorf("LimitTree is named %q in files, want tree", got)
	}
	if l, err := tracer.ParseLimitReason("tree"); err != nil || l != tracer.LimitTree {
		t.Errorf("ParseLimitReason(tree) = %v, %v", l, err)
	}
}
