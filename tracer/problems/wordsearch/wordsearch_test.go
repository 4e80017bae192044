package wordsearch_test

import (
	"context"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/backtrack-edu/backtrack/render"
	"github.com/backtrack-edu/backtrack/render/export"
	"github.com/backtrack-edu/backtrack/render/steplog"
	"github.com/backtrack-edu/backtrack/tracer"
	"github.com/backtrack-edu/backtrack/tracer/problem"
	_ "github.com/backtrack-edu/backtrack/tracer/problems/all"
	"github.com/backtrack-edu/backtrack/tracer/problems/wordsearch"
)

// exist is LeetCode 79 as a plain DFS, written apart from the problem: the
// answer the search must give.
func exist(grid []string, word string) bool {
	rows, cols := len(grid), len(grid[0])
	seen := make([][]bool, rows)
	for i := range seen {
		seen[i] = make([]bool, cols)
	}
	var dfs func(i, j, k int) bool
	dfs = func(i, j, k int) bool {
		if i < 0 || i >= rows || j < 0 || j >= cols || seen[i][j] || grid[i][j] != word[k] {
			return false
		}
		if k == len(word)-1 {
			return true
		}
		seen[i][j] = true
		defer func() { seen[i][j] = false }()
		return dfs(i-1, j, k+1) || dfs(i, j+1, k+1) || dfs(i+1, j, k+1) || dfs(i, j-1, k+1)
	}
	for i := range rows {
		for j := range cols {
			if dfs(i, j, 0) {
				return true
			}
		}
	}
	return false
}

// instances are true and false ones: LeetCode's three examples, 1×1, a
// word longer than the grid, repeated letters, a word that needs a cell
// twice, a path that turns back.
var instances = []string{
	wordsearch.Default,               // LeetCode example 1: true
	"ABCE SFCS ADEE / SEE",           // example 2: true
	"ABCE SFCS ADEE / ABCB",          // example 3: false (B twice)
	"A / A",                          // 1×1, true
	"A / B",                          // 1×1, false
	"AB / ABA",                       // longer than the grid: false
	"AA AA / AAAA",                   // repeated letters: true
	"AA AA / AAAAA",                  // longer than the grid: false
	"AAA AAA AAA / AAAAAAAAA",        // every cell, repeated: true
	"CAA AAA BCD / AAB",              // LeetCode's tricky one: true
	"ab cd / abdc",                   // lower case, a turn: true
	"ab cd / abcd",                   // no diagonal: false
	"ABCE SFES ADEE / ABCESEEEFS",    // a long winding path: true
	"aaaa aaaa aaaa / aaaaaaaaaaaab", // a dead end after a long search: false
}

func run(t *testing.T, text string, sinks ...tracer.Sink) (*tracer.Result, tracer.Problem) {
	t.Helper()
	p, opts, err := tracer.Spec{Problem: "wordsearch", Puzzle: text}.Build()
	if err != nil {
		t.Fatalf("%s: %v", text, err)
	}
	opts.Sinks = sinks
	res, err := tracer.Run(context.Background(), p, opts)
	if err != nil {
		t.Fatalf("%s: %v", text, err)
	}
	return res, p
}

// TestAnswersAgainstBruteForce pins the search's answer against a plain
// DFS over every instance, with the event checker on its events.
func TestAnswersAgainstBruteForce(t *testing.T) {
	for _, text := range instances {
		in, err := wordsearch.Parse(text)
		if err != nil {
			t.Fatal(err)
		}
		var c tracer.Checker
		res, _ := run(t, text, &c)
		if err := c.Finish(); err != nil {
			t.Errorf("%s: the event checker: %v", text, err)
		}
		if got, want := res.Solutions > 0, exist(in.Grid, in.Word); got != want {
			t.Errorf("%s: the search says %v, the plain DFS %v", text, got, want)
		}
	}
}

// TestMoveRoundTrip checks that the bound Def's ParseMove reads exactly
// what Move writes for every cell and every candidate of every slot, on
// grids of several shapes, and refuses a cell off the grid.
func TestMoveRoundTrip(t *testing.T) {
	for _, text := range []string{"A / A", "ABCE SFCS ADEE / SEE", "ABCDEF ABCDEF ABCDEF ABCDEF ABCDEF ABCDEF / AB", "AB CD EF / AB"} {
		p, _, err := tracer.Spec{Problem: "wordsearch", Puzzle: text}.Build()
		if err != nil {
			t.Fatal(err)
		}
		info := problem.InfoOf(p)
		d := info.Def
		b, err := d.Start(info)
		if err != nil {
			t.Fatal(err)
		}
		lo, hi := d.ValueRange(info.Size)
		for r := range b.Rows {
			for c := range b.Cols {
				slot := problem.Pos{Row: r, Col: c}
				for v := lo; v <= hi; v++ {
					cell := d.MoveCell(slot, v)
					s := d.Move(cell, v)
					gc, gv, err := d.ParseMove(s, info.Size)
					if err != nil || gc != cell || gv != v {
						t.Fatalf("%s: Move(%v, %d) = %q reads back as %v, %d, %v", text, cell, v, s, gc, gv, err)
					}
				}
			}
		}
		if _, _, err := d.ParseMove("start"+problem.Pos{Row: b.Rows, Col: 0}.String(), info.Size); err == nil {
			t.Errorf("%s: a start off the grid was read", text)
		}
	}
}

// TestLettersOnBoard checks the fixed layer: the start board holds the
// grid's letters and no value.
func TestLettersOnBoard(t *testing.T) {
	p, _, err := tracer.Spec{Problem: "wordsearch"}.Build()
	if err != nil {
		t.Fatal(err)
	}
	info := problem.InfoOf(p)
	b, err := info.Def.Start(info)
	if err != nil {
		t.Fatal(err)
	}
	var got []string
	for r := range b.Rows {
		row := ""
		for c := range b.Cols {
			row += b.Fixed(problem.Pos{Row: r, Col: c})
			if _, set := b.At(problem.Pos{Row: r, Col: c}); set {
				t.Errorf("(%d,%d) holds a value on the start board", r, c)
			}
		}
		got = append(got, row)
	}
	if strings.Join(got, " ") != "ABCE SFCS ADEE" {
		t.Errorf("fixed layer %q: want the grid ABCE SFCS ADEE", got)
	}
}

// TestLogRendersSameDOT checks trace → log → render: the DOT drawn from
// the step log is the DOT the run drew, boards with letters included, in
// English and Chinese.
func TestLogRendersSameDOT(t *testing.T) {
	dir := t.TempDir()
	for _, lang := range tracer.Langs {
		for _, text := range []string{wordsearch.Default, "ABCE SFCS ADEE / ABCB"} {
			dot1 := filepath.Join(dir, "run.dot")
			log := filepath.Join(dir, "run.yaml")
			dot2 := filepath.Join(dir, "render.dot")
			opt := export.Options{Outputs: export.Outputs{DOT: dot1, Log: log}, Lang: lang, LangGiven: true}
			opt.Diagram.Boards = true
			if _, err := export.Run(context.Background(), tracer.Spec{Problem: "wordsearch", Puzzle: text}, opt); err != nil {
				t.Fatalf("%s %s: run: %v", lang, text, err)
			}
			ropt := export.Options{Outputs: export.Outputs{DOT: dot2}, Lang: lang, LangGiven: true}
			ropt.Diagram.Boards = true
			if _, err := export.Render(context.Background(), log, ropt); err != nil {
				t.Fatalf("%s %s: render: %v", lang, text, err)
			}
			a, _ := os.ReadFile(dot1)
			b, _ := os.ReadFile(dot2)
			if string(a) != string(b) || len(a) == 0 {
				t.Errorf("%s %s: the DOT rendered from the log differs from the run's", lang, text)
			}
			// The boards show the grid's letters: the S of row 1 and the
			// F beside it are in every board, on the path or not.
			if !strings.Contains(string(a), ">S</FONT>") || !strings.Contains(string(a), ">F</FONT>") {
				t.Errorf("%s %s: the DOT's boards lack the grid's letters", lang, text)
			}
			// The legend names the edge rule once where its mark is its
			// name (越界), not "✗ 越界 越界".
			if strings.Contains(string(a), "✗ 越界 越界") {
				t.Errorf("%s %s: the legend names the edge rule twice", lang, text)
			}
		}
	}
}

// TestFocusAnyGrid checks that a focus path names a start cell of a grid
// wider than the default instance's: the registered Def knows a word
// search move on any cell, the bound Def reads its value.
func TestFocusAnyGrid(t *testing.T) {
	dot := filepath.Join(t.TempDir(), "f.dot")
	opt := export.Options{Outputs: export.Outputs{DOT: dot}}
	focus, err := render.ParseFocus("start(1,5)/L(1,4)")
	if err != nil {
		t.Fatal(err)
	}
	opt.Diagram.Focus = focus
	if _, err := export.Run(context.Background(), tracer.Spec{Problem: "wordsearch", Puzzle: "ABCDEF GHIJKL / LK"}, opt); err != nil {
		t.Fatalf("focus start(1,5)/L(1,4) on a 2×6 grid: %v", err)
	}
}

// TestLogHoldsTriesToTheirCall checks that the step-log reader holds a
// word search's tries to their own call's candidates (Def.CallLoop): a
// direction tried at the root, where only start cells are candidates, is
// refused though it is within the one range of every value.
func TestLogHoldsTriesToTheirCall(t *testing.T) {
	dir := t.TempDir()
	log := filepath.Join(dir, "run.yaml")
	if _, err := export.Run(context.Background(), tracer.Spec{Problem: "wordsearch"}, export.Options{Outputs: export.Outputs{Log: log}}); err != nil {
		t.Fatal(err)
	}
	b, err := os.ReadFile(log)
	if err != nil {
		t.Fatal(err)
	}
	if _, _, err := steplog.Read(strings.NewReader(string(b)), tracer.NewTree()); err != nil {
		t.Fatalf("the log as written: %v", err)
	}
	const try = `{step: 2, kind: try, node: 0, depth: 0, move: "start(0,0)"`
	if !strings.Contains(string(b), try) {
		t.Fatalf("the log has no %s", try)
	}
	bad := strings.Replace(string(b), try, `{step: 2, kind: try, node: 0, depth: 0, move: "D(1,0)"`, 1)
	_, _, err = steplog.Read(strings.NewReader(bad), tracer.NewTree())
	if err == nil || !strings.Contains(err.Error(), "step 2") || !strings.Contains(err.Error(), "not a candidate of its call") {
		t.Errorf("a direction tried at the root: error %v, want step 2 and not a candidate of its call", err)
	}
}

// TestPuzzleForms checks both forms of an instance: the command line's
// one line with "/" (not taken for a path) and a file of the grid's rows,
// "/" and the word on lines of their own.
func TestPuzzleForms(t *testing.T) {
	file := filepath.Join(t.TempDir(), "see.txt")
	if err := os.WriteFile(file, []byte("ABCE\nSFCS\nADEE\n/\nSEE\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	for _, arg := range []string{"ABCE SFCS ADEE / SEE", file} {
		text, _, err := export.ReadPuzzle(context.Background(), arg, nil)
		if err != nil {
			t.Fatalf("%s: %v", arg, err)
		}
		in, err := wordsearch.Parse(text)
		if err != nil {
			t.Fatalf("%s: %v", arg, err)
		}
		if in.String() != "ABCE SFCS ADEE / SEE" {
			t.Errorf("%s: read as %q", arg, in.String())
		}
	}
	for _, bad := range []string{"ABCE SFCS", "ABC SF / A", "AB CD / A B", "A1 / A", "AB / ", "ABCDEFG / A", "A / ABCDEFGHIJKLMNOP"} {
		if _, err := wordsearch.Parse(bad); err == nil {
			t.Errorf("%q: read without an error", bad)
		}
	}
}
