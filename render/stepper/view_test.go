package stepper

import (
	"context"
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"regexp"
	"runtime"
	"strings"
	"testing"
	"unsafe"

	"github.com/backtrack-edu/backtrack/render/internal/textwidth"
	"github.com/backtrack-edu/backtrack/tracer"
	"github.com/backtrack-edu/backtrack/tracer/problems/nqueens"
	"github.com/backtrack-edu/backtrack/tracer/problems/permutations"
	"github.com/backtrack-edu/backtrack/tracer/problems/sudoku"
)

// stepRecord runs a search into a Recording.
func stepRecord(t testing.TB, p tracer.Problem, opts tracer.Options) *Recording {
	t.Helper()
	rec := NewRecording(p.Info(), tracer.Strategy{Order: p.Info().Order, Check: p.Info().Check, When: opts.When, Stop: opts.Stop})
	opts.Sinks = append(opts.Sinks, rec)
	if _, err := tracer.Run(context.Background(), p, opts); err != nil {
		t.Fatal(err)
	}
	return rec
}

func stepQueens(t testing.TB, n int, opts tracer.Options) *Recording {
	t.Helper()
	p, err := nqueens.NewNQueens(n, tracer.CheckScan)
	if err != nil {
		t.Fatal(err)
	}
	return stepRecord(t, p, opts)
}

func stepSudoku(t testing.TB, puzzle string, order tracer.Order, opts tracer.Options) *Recording {
	t.Helper()
	pz, err := sudoku.ParsePuzzle(puzzle)
	if err != nil {
		t.Fatal(err)
	}
	p, err := sudoku.NewSudoku(pz, order, tracer.CheckScan)
	if err != nil {
		t.Fatal(err)
	}
	return stepRecord(t, p, opts)
}

// stepPerms records Permutations of n with the given check and options.
func stepPerms(t testing.TB, n int, check tracer.Check, opts tracer.Options) *Recording {
	t.Helper()
	p, err := permutations.NewPermutations(n, check)
	if err != nil {
		t.Fatal(err)
	}
	return stepRecord(t, p, opts)
}

// stepCase is one recorded search the tests step through.
type stepCase struct {
	name string
	rec  func(t testing.TB) *Recording
}

var stepCases = []stepCase{
	{"queens4-all", func(t testing.TB) *Recording { return stepQueens(t, 4, tracer.Options{Stop: tracer.StopAll}) }},
	{"queens4-first", func(t testing.TB) *Recording { return stepQueens(t, 4, tracer.Options{Stop: tracer.StopFirst}) }},
	{"queens4-noreturn", func(t testing.TB) *Recording {
		return stepQueens(t, 4, tracer.Options{Stop: tracer.StopNoReturn})
	}},
	{"queens4-after", func(t testing.TB) *Recording {
		return stepQueens(t, 4, tracer.Options{When: tracer.WhenAfter, Stop: tracer.StopAll})
	}},
	{"queens4-leaf", func(t testing.TB) *Recording {
		return stepQueens(t, 4, tracer.Options{When: tracer.WhenLeaf, Stop: tracer.StopAll})
	}},
	{"queens6-calls", func(t testing.TB) *Recording {
		return stepQueens(t, 6, tracer.Options{Stop: tracer.StopAll, Limits: tracer.Limits{MaxCalls: 40}})
	}},
	{"sudoku4-scan2d", func(t testing.TB) *Recording {
		return stepSudoku(t, stepSudoku4, sudoku.OrderScan2D, tracer.Options{})
	}},
	{"sudoku4-linear-all", func(t testing.TB) *Recording {
		return stepSudoku(t, stepSudoku4, sudoku.OrderLinear, tracer.Options{Stop: tracer.StopAll})
	}},
	{"sudoku4-mrv-noreturn", func(t testing.TB) *Recording {
		return stepSudoku(t, stepSudoku4, sudoku.OrderMRV, tracer.Options{Stop: tracer.StopNoReturn})
	}},
	{"sudoku4-after", func(t testing.TB) *Recording {
		return stepSudoku(t, stepSudoku4, sudoku.OrderScan2D, tracer.Options{When: tracer.WhenAfter})
	}},
	{"sudoku4-leaf-all", func(t testing.TB) *Recording {
		return stepSudoku(t, "1.3.2.14.24141.3", sudoku.OrderLinear, tracer.Options{When: tracer.WhenLeaf, Stop: tracer.StopAll})
	}},
	{"lc37-steps", func(t testing.TB) *Recording {
		return stepSudoku(t, sudoku.LeetCode37, sudoku.OrderScan2D, tracer.Options{Limits: tracer.Limits{MaxSteps: 3000}})
	}},
	{"perms3-all", func(t testing.TB) *Recording {
		return stepPerms(t, 3, tracer.CheckScan, tracer.Options{Stop: tracer.StopAll})
	}},
	{"perms3-first-arrays", func(t testing.TB) *Recording {
		return stepPerms(t, 3, tracer.CheckArrays, tracer.Options{})
	}},
	{"perms3-after", func(t testing.TB) *Recording {
		return stepPerms(t, 3, tracer.CheckScan, tracer.Options{When: tracer.WhenAfter, Stop: tracer.StopAll})
	}},
	{"perms3-leaf-noreturn", func(t testing.TB) *Recording {
		return stepPerms(t, 3, tracer.CheckScan, tracer.Options{When: tracer.WhenLeaf, Stop: tracer.StopNoReturn})
	}},
	{"perms5-calls", func(t testing.TB) *Recording {
		return stepPerms(t, 5, tracer.CheckArrays, tracer.Options{Stop: tracer.StopAll, Limits: tracer.Limits{MaxCalls: 40}})
	}},
}

// stepSudoku4 is the 4×4 puzzle of the goldens.
const stepSudoku4 = ".4......3.4...2."

// TestRecordingRoundTrip checks that At gives back every event of a
// search exactly, and that none needed the fallback for odd events.
func TestRecordingRoundTrip(t *testing.T) {
	runs := []struct {
		name    string
		problem func() (tracer.Problem, error)
		opts    tracer.Options
	}{
		{"queens8-all", func() (tracer.Problem, error) { return nqueens.NewNQueens(8, tracer.CheckArrays) }, tracer.Options{Stop: tracer.StopAll}},
		{"queens30-limit", func() (tracer.Problem, error) { return nqueens.NewNQueens(30, tracer.CheckScan) },
			tracer.Options{Stop: tracer.StopAll, Limits: tracer.Limits{MaxSteps: 5000}}},
		{"queens5-leaf", func() (tracer.Problem, error) { return nqueens.NewNQueens(5, tracer.CheckScan) },
			tracer.Options{When: tracer.WhenLeaf, Stop: tracer.StopAll}},
		{"lc37-after-counts", func() (tracer.Problem, error) {
			return stepPuzzle(sudoku.LeetCode37, sudoku.OrderLinear, tracer.CheckCounts)
		}, tracer.Options{When: tracer.WhenAfter, Limits: tracer.Limits{MaxSteps: 20000}}},
		{"lc37-board-mrv", func() (tracer.Problem, error) {
			return stepPuzzle(sudoku.LeetCode37, sudoku.OrderMRV, tracer.CheckBoard)
		}, tracer.Options{}},
		{"sudoku16-mrv", func() (tracer.Problem, error) {
			b, err := os.ReadFile("../../examples/puzzles/16x16.txt")
			if err != nil {
				return nil, err
			}
			return stepPuzzle(string(b), sudoku.OrderMRV, tracer.CheckScan)
		}, tracer.Options{}},
		{"sudoku4-leaf", func() (tracer.Problem, error) {
			return stepPuzzle("1.3.2.14.24141.3", sudoku.OrderLinear, tracer.CheckScan)
		}, tracer.Options{When: tracer.WhenLeaf, Stop: tracer.StopNoReturn}},
		{"perms6-all", func() (tracer.Problem, error) { return permutations.NewPermutations(6, tracer.CheckScan) },
			tracer.Options{Stop: tracer.StopAll}},
		{"perms10-limit", func() (tracer.Problem, error) { return permutations.NewPermutations(10, tracer.CheckArrays) },
			tracer.Options{When: tracer.WhenAfter, Stop: tracer.StopAll, Limits: tracer.Limits{MaxSteps: 5000}}},
	}
	for _, run := range runs {
		t.Run(run.name, func(t *testing.T) {
			p, err := run.problem()
			if err != nil {
				t.Fatal(err)
			}
			rec := NewRecording(p.Info(), tracer.Strategy{When: run.opts.When, Stop: run.opts.Stop})
			var want []tracer.Event
			keep := tracer.SinkFunc(func(e *tracer.Event) { want = append(want, *e) })
			run.opts.Sinks = []tracer.Sink{rec, keep}
			if _, err := tracer.Run(context.Background(), p, run.opts); err != nil {
				t.Fatal(err)
			}
			if rec.Len() != int64(len(want)) {
				t.Fatalf("Len %d, want %d", rec.Len(), len(want))
			}
			for i, w := range want {
				if got := rec.At(int64(i + 1)); got != w {
					t.Fatalf("At(%d) = %+v\nwant %+v", i+1, got, w)
				}
			}
			if len(rec.odd) != 0 {
				t.Errorf("%d events did not fit the packed form", len(rec.odd))
			}
			if e := rec.At(0); e != (tracer.Event{}) {
				t.Errorf("At(0) = %+v, want the zero Event", e)
			}
		})
	}
}

// TestRecordingOddEvents checks the fallback for events that do not fit
// 16 bytes.
func TestRecordingOddEvents(t *testing.T) {
	rec := NewRecording(tracer.Info{Problem: "nqueens", Size: 4, Instance: "n=4"}, tracer.Strategy{})
	evs := []tracer.Event{
		{Kind: tracer.KindCall, Node: 0, Parent: -1, Depth: 0, Cell: tracer.NoPos, Value: -1, Witness: tracer.NoPos, From: tracer.NoPos},
		{Kind: tracer.KindTry, Node: 0, Parent: -1, Cell: tracer.Pos{Row: 0, Col: 200}, Value: 200, Witness: tracer.NoPos, From: tracer.NoPos},
		{Kind: tracer.KindReject, Node: 0, Parent: -1, Cell: tracer.Pos{Row: 0, Col: 1}, Value: 1, Rule: nqueens.NQueensColumn,
			Witness: tracer.Pos{Row: 0, Col: 1}, Cost: 1 << 40, From: tracer.NoPos},
	}
	for i := range evs {
		rec.Event(&evs[i])
		evs[i].Step = int64(i + 1)
	}
	for i, w := range evs {
		if got := rec.At(int64(i + 1)); got != w {
			t.Errorf("At(%d) = %+v, want %+v", i+1, got, w)
		}
	}
	if len(rec.odd) != 2 {
		t.Errorf("%d odd events, want 2", len(rec.odd))
	}
}

func stepPuzzle(text string, order tracer.Order, check tracer.Check) (tracer.Problem, error) {
	pz, err := sudoku.ParsePuzzle(text)
	if err != nil {
		return nil, err
	}
	return sudoku.NewSudoku(pz, order, check)
}

// TestNoteAtMatchesReplay checks the shortcut of noteAt against a Narrator
// fed every event in order, at every step, in both languages.
func TestNoteAtMatchesReplay(t *testing.T) {
	for _, c := range stepCases {
		t.Run(c.name, func(t *testing.T) {
			rec := c.rec(t)
			for _, lang := range tracer.Langs {
				n := tracer.NewNarrator(rec.Info(), rec.Strategy(), lang)
				for k := int64(1); k <= rec.Len(); k++ {
					e := rec.At(k)
					want := n.Note(&e)
					if got := rec.noteAt(k, lang); got != want {
						t.Fatalf("%s step %d (%s): note\n got %q\nwant %q", lang, k, e.Kind, got, want)
					}
				}
			}
		})
	}
}

// stepGoldens are views compared with testdata/step_<name>.txt; run
// go test ./render -run TestStepGolden -update to rewrite them.
var stepGoldens = []struct {
	name string
	rec  string // a key of stepGoldenRecs
	k    int64
	kind tracer.Kind // the kind of event k, to catch a changed search early
	lang tracer.Lang
	w, h int
	help bool
}{
	{"queens4_k000", "queens4", 0, 0, tracer.LangEN, 80, 24, false},
	{"queens4_k015_reject", "queens4", 15, tracer.KindReject, tracer.LangEN, 80, 24, false},
	{"queens4_k015_reject_zh", "queens4", 15, tracer.KindReject, tracer.LangZH, 80, 24, false},
	{"queens4_k021_return", "queens4", 21, tracer.KindReturn, tracer.LangEN, 80, 24, false},
	{"queens4_k022_undo", "queens4", 22, tracer.KindUndo, tracer.LangEN, 80, 24, false},
	{"queens4_k074_solution", "queens4", 74, tracer.KindSolution, tracer.LangEN, 80, 24, false},
	{"queens4_k074_solution_zh", "queens4", 74, tracer.KindSolution, tracer.LangZH, 80, 24, false},
	{"queens4_k187_last", "queens4", 187, tracer.KindReturn, tracer.LangEN, 80, 24, false},
	{"queens4_k015_120x40", "queens4", 15, tracer.KindReject, tracer.LangEN, 120, 40, false},
	{"queens4_k015_help", "queens4", 15, tracer.KindReject, tracer.LangEN, 80, 24, true},
	{"sudoku4_k000", "sudoku4", 0, 0, tracer.LangEN, 80, 24, false},
	{"sudoku4_k026_scan", "sudoku4", 26, tracer.KindScan, tracer.LangEN, 80, 24, false},
	{"sudoku4_k028_reject", "sudoku4", 28, tracer.KindReject, tracer.LangEN, 80, 24, false},
	{"sudoku4_k028_reject_zh", "sudoku4", 28, tracer.KindReject, tracer.LangZH, 80, 24, false},
	{"sudoku4_k062_return", "sudoku4", 62, tracer.KindReturn, tracer.LangEN, 80, 24, false},
	{"sudoku4_k063_undo", "sudoku4", 63, tracer.KindUndo, tracer.LangEN, 80, 24, false},
	{"sudoku4_k094_solution", "sudoku4", 94, tracer.KindSolution, tracer.LangEN, 80, 24, false},
	{"sudoku4_k107_last", "sudoku4", 107, tracer.KindReturn, tracer.LangEN, 80, 24, false},
	{"sudoku4_k028_help_zh", "sudoku4", 28, tracer.KindReject, tracer.LangZH, 80, 24, true},
	{"perms3_k000", "perms3", 0, 0, tracer.LangEN, 80, 24, false},
	{"perms3_k001_call", "perms3", 1, tracer.KindCall, tracer.LangEN, 80, 24, false},
	{"perms3_k001_call_zh", "perms3", 1, tracer.KindCall, tracer.LangZH, 80, 24, false},
	{"perms3_k009_call", "perms3", 9, tracer.KindCall, tracer.LangEN, 80, 24, false},
	{"perms3_k010_try", "perms3", 10, tracer.KindTry, tracer.LangEN, 80, 24, false},
	{"perms3_k010_try_zh", "perms3", 10, tracer.KindTry, tracer.LangZH, 80, 24, false},
	{"perms3_k011_reject", "perms3", 11, tracer.KindReject, tracer.LangEN, 80, 24, false},
	{"perms3_k011_reject_zh", "perms3", 11, tracer.KindReject, tracer.LangZH, 80, 24, false},
	{"perms3_k015_place", "perms3", 15, tracer.KindPlace, tracer.LangEN, 80, 24, false},
	{"perms3_k015_place_zh", "perms3", 15, tracer.KindPlace, tracer.LangZH, 80, 24, false},
	{"perms3_k017_solution", "perms3", 17, tracer.KindSolution, tracer.LangEN, 80, 24, false},
	{"perms3_k017_solution_zh", "perms3", 17, tracer.KindSolution, tracer.LangZH, 80, 24, false},
	{"perms3_k019_undo", "perms3", 19, tracer.KindUndo, tracer.LangEN, 80, 24, false},
	{"perms3_k019_undo_zh", "perms3", 19, tracer.KindUndo, tracer.LangZH, 80, 24, false},
	{"perms3_k123_last", "perms3", 123, tracer.KindReturn, tracer.LangEN, 80, 24, false},
	{"perms3_k011_120x40", "perms3", 11, tracer.KindReject, tracer.LangEN, 120, 40, false},
	{"perms3_k011_help_zh", "perms3", 11, tracer.KindReject, tracer.LangZH, 80, 24, true},
}

var stepGoldenRecs = map[string]func(t testing.TB) *Recording{
	// 4-queens, all solutions (the default of `backtrack step nqueens -n 4`).
	"queens4": func(t testing.TB) *Recording { return stepQueens(t, 4, tracer.Options{Stop: tracer.StopAll}) },
	// The 4×4 Sudoku, scan2d, first solution (the defaults of `step sudoku`).
	"sudoku4": func(t testing.TB) *Recording {
		return stepSudoku(t, stepSudoku4, sudoku.OrderScan2D, tracer.Options{})
	},
	// Permutations of 3, all of them (the defaults of `step permutations -n 3`).
	"perms3": func(t testing.TB) *Recording {
		return stepPerms(t, 3, tracer.CheckScan, tracer.Options{Stop: tracer.StopAll})
	},
}

func TestStepGolden(t *testing.T) {
	recs := map[string]*Recording{}
	for _, g := range stepGoldens {
		t.Run(g.name, func(t *testing.T) {
			rec := recs[g.rec]
			if rec == nil {
				rec = stepGoldenRecs[g.rec](t)
				recs[g.rec] = rec
			}
			if g.k > 0 && rec.At(g.k).Kind != g.kind {
				t.Fatalf("step %d is a %s, want %s: the search changed; pick new steps", g.k, rec.At(g.k).Kind, g.kind)
			}
			s := New(rec, Options{Lang: g.lang, Width: g.w, Height: g.h})
			s.Goto(g.k)
			if g.help {
				s.Key("?")
			}
			got := s.View() + "\n"
			path := filepath.Join("testdata", "step_"+g.name+".txt")
			if *update {
				if err := os.WriteFile(path, []byte(got), 0o644); err != nil {
					t.Fatal(err)
				}
				return
			}
			want, err := os.ReadFile(path)
			if err != nil {
				t.Fatalf("%v (run with -update to create it)", err)
			}
			if got != string(want) {
				t.Errorf("view differs from %s (run with -update to accept):\n--- got\n%s--- want\n%s", path, got, want)
			}
		})
	}
}

// stepBig are the recordings that must fit the screen sizes: the LeetCode
// board, 8-queens, the 16×16 puzzle with mrv, and the longest row of
// Permutations (n = 10, where the numbers 10 are drawn "A").
func stepBig(t testing.TB) map[string]*Recording {
	t.Helper()
	b, err := os.ReadFile("../../examples/puzzles/16x16.txt")
	if err != nil {
		t.Fatal(err)
	}
	return map[string]*Recording{
		"sudoku9":  stepSudoku(t, sudoku.LeetCode37, sudoku.OrderScan2D, tracer.Options{}),
		"queens8":  stepQueens(t, 8, tracer.Options{Stop: tracer.StopAll}),
		"sudoku16": stepSudoku(t, string(b), sudoku.OrderMRV, tracer.Options{}),
		"perms10":  stepPerms(t, 10, tracer.CheckArrays, tracer.Options{Stop: tracer.StopAll, Limits: tracer.Limits{MaxSteps: 20000}}),
	}
}

// stepSample returns steps worth looking at: the first ones, one of every
// kind, the deepest, the last, and a spread in between.
func stepSample(rec *Recording, spread int) []int64 {
	ks := []int64{0, 1, 2, 3, rec.Len()}
	seen := map[tracer.Kind]int{}
	deep, deepK := -1, int64(0)
	for k := int64(1); k <= rec.Len(); k++ {
		e := rec.At(k)
		if seen[e.Kind] < 3 {
			seen[e.Kind]++
			ks = append(ks, k)
		}
		if e.Depth > deep {
			deep, deepK = e.Depth, k
		}
	}
	ks = append(ks, deepK)
	for i := 1; i < spread; i++ {
		ks = append(ks, rec.Len()*int64(i)/int64(spread))
	}
	return ks
}

// checkViewShape fails unless view is exactly h lines of at most w columns.
func checkViewShape(t *testing.T, view string, w, h int, what string) {
	t.Helper()
	lines := strings.Split(view, "\n")
	if len(lines) != h {
		t.Fatalf("%s: %d lines, want %d:\n%s", what, len(lines), h, view)
	}
	for i, l := range lines {
		if c := textwidth.Cols(l); c > w {
			t.Fatalf("%s: line %d is %d columns, want at most %d:\n%s", what, i+1, c, w, l)
		}
		if strings.ContainsAny(l, "\r\t") {
			t.Fatalf("%s: line %d holds a control character: %q", what, i+1, l)
		}
	}
}

func TestStepViewShape(t *testing.T) {
	for name, rec := range stepBig(t) {
		ks := stepSample(rec, 40)
		for _, size := range [][2]int{{80, 24}, {120, 40}, {100, 30}, {60, 20}} {
			for _, lang := range tracer.Langs {
				for _, color := range []bool{false, true} {
					s := New(rec, Options{Lang: lang, Width: size[0], Height: size[1], Color: color})
					for _, k := range ks {
						s.Goto(k)
						what := fmt.Sprintf("%s %dx%d %s color=%v step %d", name, size[0], size[1], lang, color, k)
						checkViewShape(t, s.View(), size[0], size[1], what)
						if k == ks[1] {
							s.Key("?")
							checkViewShape(t, s.View(), size[0], size[1], what+" help")
							s.Key("?")
						}
					}
				}
			}
		}
	}
}

// TestStepAllPartsVisible checks that 9×9 Sudoku and 8-queens show every
// part at 80×24: header, every board row, the key, the whole code listing
// with its marked line, the stack, the note, the counters and the help.
func TestStepAllPartsVisible(t *testing.T) {
	big := stepBig(t)
	for _, name := range []string{"sudoku9", "queens8", "perms10"} {
		rec := big[name]
		for _, lang := range tracer.Langs {
			s := New(rec, Options{Lang: lang, Width: 80, Height: 24})
			for _, k := range stepSample(rec, 20) {
				if k == 0 {
					continue
				}
				s.Goto(k)
				v := s.View()
				what := fmt.Sprintf("%s %s step %d", name, lang, k)
				// The key names the marks the board draws at the step
				// (TestKeyOnlyDrawnMarks): a clash at a reject.
				drawn := s.keyKinds(s.state())
				want := []string{
					fmt.Sprintf("%d/%d", k, rec.Len()), // header
					s.pick("path", "路径"),               // stack header (shortened at 80×24)
					s.pick("note: ", "说明："),            // note
					s.pick("calls ", "调用 "),            // counters
					s.pick("solutions ", "解 "),
					s.pick("rejects ", "剪枝 "),
					"q" + s.pick(":quit", ":退出"), // help
				}
				if drawn[keyClash] {
					want = append(want, s.pick("clash", "与之冲突")) // key
				}
				for _, c := range s.code {
					want = append(want, codeText(c.text, lang))
				}
				for _, w := range want {
					if !strings.Contains(v, w) {
						t.Fatalf("%s: view lacks %q:\n%s", what, w, v)
					}
				}
				if drawn[keyCand] && !keyNamesCandidate(v, lang) {
					t.Fatalf("%s: the key does not say what [ ] marks:\n%s", what, v)
				}
				lines := strings.Split(v, "\n")
				for row := range rec.shape.rows {
					label := fmt.Sprintf("%d ", row)
					found := false
					for _, l := range lines[1:] {
						if strings.HasPrefix(strings.TrimLeft(l, " >"), label) {
							found = true
						}
					}
					if !found {
						t.Fatalf("%s: board row %d missing:\n%s", what, row, v)
					}
				}
				if tag := eventTag(rec.strategy, rec.traits(), ptr(rec.At(k)), ptr(rec.At(k-1))); tag != tagNone &&
					!regexp.MustCompile(`(?m)>\s?\d+ `).MatchString(v) {
					t.Fatalf("%s: no marked code line:\n%s", what, v)
				}
				if !strings.Contains(v, "> d") {
					t.Fatalf("%s: no innermost call marked in the stack:\n%s", what, v)
				}
			}
		}
	}
}

func ptr[T any](v T) *T { return &v }

// TestStepBackIsExact checks that n then b (and b then n) gives back
// exactly the screen of before, at many steps.
func TestStepBackIsExact(t *testing.T) {
	recs := stepBig(t)
	recs["queens4"] = stepGoldenRecs["queens4"](t)
	recs["sudoku4"] = stepGoldenRecs["sudoku4"](t)
	for name, rec := range recs {
		for _, lang := range tracer.Langs {
			s := New(rec, Options{Lang: lang, Color: true})
			ks := stepSample(rec, 60)
			if rec.Len() < 300 {
				ks = ks[:0]
				for k := int64(0); k <= rec.Len(); k++ {
					ks = append(ks, k)
				}
			}
			for _, k := range ks {
				s.Goto(k)
				before := s.View()
				for _, keys := range [][2]string{{"n", "b"}, {"right", "left"}, {"space", "b"}} {
					if k == rec.Len() {
						continue
					}
					s.Key(keys[0])
					if s.Step() != k+1 {
						t.Fatalf("%s: %q at %d went to %d", name, keys[0], k, s.Step())
					}
					s.Key(keys[1])
					if after := s.View(); after != before {
						t.Fatalf("%s %s step %d: %s then %s changed the view:\n--- before\n%s\n--- after\n%s", name, lang, k, keys[0], keys[1], before, after)
					}
				}
				if k > 0 {
					s.Key("b")
					s.Key("n")
					if after := s.View(); after != before {
						t.Fatalf("%s %s step %d: b then n changed the view", name, lang, k)
					}
				}
				// A jump from elsewhere gives the same screen too.
				s.Goto(rec.Len() - k)
				s.Key(fmt.Sprintf("g%d", k))
				if after := s.View(); after != before {
					t.Fatalf("%s %s step %d: a jump gave another view", name, lang, k)
				}
			}
		}
	}
}

func TestStepRunTo(t *testing.T) {
	for name, rec := range stepBig(t) {
		s := New(rec, Options{})
		for _, k := range stepSample(rec, 30) {
			for key, kind := range map[string]tracer.Kind{"r": tracer.KindReject, "u": tracer.KindUndo, "s": tracer.KindSolution, "t": tracer.KindReturn} {
				// Forward: the first event of the kind after k.
				s.Goto(k)
				s.Key(key)
				want := k
				for j := k + 1; j <= rec.Len(); j++ {
					if rec.At(j).Kind == kind {
						want = j
						break
					}
				}
				if s.Step() != want {
					t.Fatalf("%s: %q from %d went to %d, want %d", name, key, k, s.Step(), want)
				}
				if want == k && !strings.Contains(s.View(), "no later "+kind.String()) {
					t.Fatalf("%s: %q from %d found nothing but did not say so", name, key, k)
				}
				// Backward: the last event of the kind before k.
				s.Goto(k)
				s.Key(strings.ToUpper(key))
				want = k
				for j := k - 1; j >= 1; j-- {
					if rec.At(j).Kind == kind {
						want = j
						break
					}
				}
				if s.Step() != want {
					t.Fatalf("%s: %q from %d went to %d, want %d", name, strings.ToUpper(key), k, s.Step(), want)
				}
			}
		}
	}
}

func TestStepKeys(t *testing.T) {
	rec := stepGoldenRecs["queens4"](t)
	s := New(rec, Options{})
	steps := []struct {
		key  string
		want int64
		quit bool
	}{
		{"n", 1, false}, {"space", 2, false}, {"right", 3, false}, {"b", 2, false}, {"left", 1, false},
		{"g120", 120, false}, {"g0", 0, false}, {"g999999", rec.Len(), false}, {"g-5", 0, false},
		{"end", rec.Len(), false}, {"home", 0, false}, {"$", rec.Len(), false}, {"0", 0, false},
		// b right after a jump (here "0") goes back to where it came from;
		// a second b is a plain step back.
		{"b", rec.Len(), false}, {"b", rec.Len() - 1, false},
		{"x", rec.Len() - 1, false}, {"g", rec.Len() - 1, false}, {"gabc", rec.Len() - 1, false}, {"q", rec.Len() - 1, true},
	}
	for _, st := range steps {
		if quit := s.Key(st.key); quit != st.quit || s.Step() != st.want {
			t.Fatalf("Key(%q): step %d quit %v, want step %d quit %v", st.key, s.Step(), quit, st.want, st.quit)
		}
	}
	s.Goto(rec.Len())
	s.Key("n")
	if s.Step() != rec.Len() {
		t.Errorf("n at the last step moved to %d", s.Step())
	}
}

func TestStepLanguage(t *testing.T) {
	rec := stepGoldenRecs["sudoku4"](t)
	s := New(rec, Options{})
	s.Goto(28)
	en := s.View()
	if !strings.Contains(en, "note: 1 at (1,1) clashes with the 1 at (0,0) in the same box") {
		t.Fatalf("English note missing:\n%s", en)
	}
	s.Key("l")
	if s.Lang() != tracer.LangZH {
		t.Fatalf("l: lang %s", s.Lang())
	}
	zh := s.View()
	n := tracer.NewNarrator(rec.Info(), rec.Strategy(), tracer.LangZH)
	var note string
	for k := int64(1); k <= 28; k++ {
		e := rec.At(k)
		note = n.Note(&e)
	}
	if !strings.Contains(zh, "说明："+note) || !strings.Contains(zh, "同宫重复") {
		t.Fatalf("Chinese note %q missing:\n%s", note, zh)
	}
	s.Key("l")
	if s.View() != en {
		t.Errorf("l twice did not give back the English view")
	}
}

func TestStepColor(t *testing.T) {
	rec := stepGoldenRecs["sudoku4"](t)
	plain := New(rec, Options{})
	color := New(rec, Options{Color: true})
	plain.Goto(28)
	color.Goto(28)
	if strings.Contains(plain.View(), "\x1b") {
		t.Errorf("escape codes without Color")
	}
	cv := color.View()
	for _, code := range []string{"\x1b[" + sgr[stTry] + "m[1]", "\x1b[" + sgr[stClash] + "m<1>", "\x1b[7m"} {
		if !strings.Contains(cv, code) {
			t.Errorf("colour view lacks %q", code)
		}
	}
	strip := regexp.MustCompile("\x1b\\[[0-9;]*m").ReplaceAllString(cv, "")
	if strip != plain.View() {
		t.Errorf("the colour view without its escape codes differs from the plain view:\n%s\n---\n%s", strip, plain.View())
	}
}

// TestRecordingBytesPerEvent measures the memory a recording keeps per
// event, indexes and checkpoints included: at most 32 bytes.
func TestRecordingBytesPerEvent(t *testing.T) {
	pz, err := sudoku.ParsePuzzle(sudoku.LeetCode37)
	if err != nil {
		t.Fatal(err)
	}
	p, err := sudoku.NewSudoku(pz, sudoku.OrderScan2D, tracer.CheckScan)
	if err != nil {
		t.Fatal(err)
	}
	var before, after runtime.MemStats
	runtime.GC()
	runtime.ReadMemStats(&before)
	rec := NewRecording(p.Info(), tracer.Strategy{})
	if _, err := tracer.Run(context.Background(), p, tracer.Options{Sinks: []tracer.Sink{rec}}); err != nil {
		t.Fatal(err)
	}
	runtime.GC()
	runtime.ReadMemStats(&after)
	per := float64(int64(after.HeapAlloc)-int64(before.HeapAlloc)) / float64(rec.Len())
	runtime.KeepAlive(rec)
	t.Logf("%d events, %.1f bytes per event kept", rec.Len(), per)
	if per > 32 {
		t.Errorf("%.1f bytes per recorded event, want at most 32", per)
	}
	if got := unsafe.Sizeof(packedEvent{}); got != 16 {
		t.Errorf("packedEvent is %d bytes, want 16", got)
	}
}

// BenchmarkRecording records the LeetCode search and reports the bytes a
// recording keeps per event (kept-B/event) next to what recording
// allocates, growth included (B/op).
func BenchmarkRecording(b *testing.B) {
	pz, err := sudoku.ParsePuzzle(sudoku.LeetCode37)
	if err != nil {
		b.Fatal(err)
	}
	b.ReportAllocs()
	var kept float64
	for b.Loop() {
		p, err := sudoku.NewSudoku(pz, sudoku.OrderScan2D, tracer.CheckScan)
		if err != nil {
			b.Fatal(err)
		}
		var before, after runtime.MemStats
		runtime.GC()
		runtime.ReadMemStats(&before)
		rec := NewRecording(p.Info(), tracer.Strategy{})
		if _, err := tracer.Run(context.Background(), p, tracer.Options{Sinks: []tracer.Sink{rec}}); err != nil {
			b.Fatal(err)
		}
		runtime.GC()
		runtime.ReadMemStats(&after)
		kept = float64(int64(after.HeapAlloc)-int64(before.HeapAlloc)) / float64(rec.Len())
		runtime.KeepAlive(rec)
	}
	b.ReportMetric(kept, "kept-B/event")
}

// BenchmarkStepView measures drawing one screen deep in the LeetCode search.
func BenchmarkStepView(b *testing.B) {
	rec := stepSudoku(b, sudoku.LeetCode37, sudoku.OrderScan2D, tracer.Options{})
	s := New(rec, Options{})
	k := rec.Len() / 2
	for b.Loop() {
		s.Goto(k)
		_ = s.View()
		k = k%rec.Len() + 997
	}
}

// TestStepBackAfterJump checks what b does after each kind of move: after
// a jump (r u s t, R U S T, g, home, end, 0, $) it goes back to where the
// jump started; after a step, a b, or a jump that did not move, one step
// back. l and ? do not move and keep the memory of the last jump.
func TestStepBackAfterJump(t *testing.T) {
	rec := stepGoldenRecs["queens4"](t)
	firstReject := int64(0)
	for k := int64(1); k <= rec.Len(); k++ {
		if rec.At(k).Kind == tracer.KindReject {
			firstReject = k
			break
		}
	}
	if firstReject != 6 {
		t.Fatalf("the first reject is at step %d, want 6: the search changed", firstReject)
	}
	tests := []struct {
		keys string
		want int64
	}{
		{"n n r b", 2},   // README's example: back to the view before the jump
		{"n n r b b", 1}, // then one step back
		{"n n r n b", 6}, // a step after the jump: b is one step back
		{"n n r l b", 2}, // l between the jump and b does not count
		{"n n r ? b", 2},
		{"n n r r b", 6},  // back over the last jump only
		{"g50 b", 0},      // g
		{"n g50 b b", 0},  // b after the jump, then a step back
		{"g50 R b", 50},   // a backward run-to is a jump too
		{"g50 U b", 50},   // ...
		{"n n home b", 2}, // home, end, 0, $
		{"n n end b", 2},
		{"n n 0 b", 2},
		{"n n $ b", 2},
		{"n n end r b", 2}, // a run-to that found nothing does not move: b undoes end
		{"end b", 0},
		{"n n end b b", 1},
		{"n n n g3 b", 2}, // a jump to where one stands does not move: one step back
		{"n n u b", 2},    // u, s, t
		{"n n s b", 2},
		{"n n t b", 2},
		{"n n left b", 0}, // left and up are b
		{"n n r left", 2},
		{"n n r up", 2},
		{"n n r right left", 6}, // right is n
	}
	for _, tt := range tests {
		t.Run(tt.keys, func(t *testing.T) {
			s := New(rec, Options{})
			for _, k := range strings.Fields(tt.keys) {
				s.Key(k)
			}
			if s.Step() != tt.want {
				t.Errorf("%s: step %d, want %d", tt.keys, s.Step(), tt.want)
			}
		})
	}
	// Goto is not a key: a b after it is one step back.
	s := New(rec, Options{})
	s.Key("g100")
	s.Goto(40)
	s.Key("b")
	if s.Step() != 39 {
		t.Errorf("g100, Goto(40), b: step %d, want 39", s.Step())
	}
}

// TestStepBackAfterJumpIsExact checks, at many steps of the big boards,
// that b after each jump gives back exactly the view from before it.
func TestStepBackAfterJumpIsExact(t *testing.T) {
	recs := stepBig(t)
	recs["queens4"] = stepGoldenRecs["queens4"](t)
	for name, rec := range recs {
		s := New(rec, Options{Color: true})
		jumps := []string{"r", "u", "s", "t", "R", "U", "S", "T", "home", "end", "0", "$",
			fmt.Sprintf("g%d", rec.Len()/3)}
		for _, k := range stepSample(rec, 20) {
			for _, j := range jumps {
				s.Goto(k)
				before := s.View()
				s.Key(j)
				if s.Step() == k {
					continue
				}
				s.Key("b")
				if s.Step() != k || s.View() != before {
					t.Fatalf("%s step %d: %s then b went to step %d, or changed the view:\n--- before\n%s\n--- after\n%s",
						name, k, j, s.Step(), before, s.View())
				}
			}
		}
	}
}

// TestStepPrintMode checks the view for paper: no key bar, and the same
// content otherwise, one line roomier.
func TestStepPrintMode(t *testing.T) {
	recs := stepBig(t)
	recs["queens4"] = stepGoldenRecs["queens4"](t)
	recs["sudoku4"] = stepGoldenRecs["sudoku4"](t)
	for name, rec := range recs {
		for _, lang := range tracer.Langs {
			screen := New(rec, Options{Lang: lang})
			paper := New(rec, Options{Lang: lang, Print: true})
			bar := screen.pick("q:quit", "q:退出")
			for _, k := range stepSample(rec, 10) {
				screen.Goto(k)
				paper.Goto(k)
				sv, pv := screen.View(), paper.View()
				what := fmt.Sprintf("%s %s step %d", name, lang, k)
				checkViewShape(t, pv, 80, 24, what)
				if !strings.Contains(sv, bar) {
					t.Fatalf("%s: the screen view lacks the key bar:\n%s", what, sv)
				}
				if strings.Contains(pv, bar) || strings.Contains(pv, "n b r u s t g l ? q") {
					t.Fatalf("%s: the print view has the key bar:\n%s", what, pv)
				}
				// Everything above the key bar is in the print view too.
				sl := strings.Split(sv, "\n")
				for _, l := range sl[:len(sl)-1] {
					// (A panel cut with "…" or a stack with "more" or a path
					// line may show more on paper, where the key bar's line
					// is free.)
					if l != "" && !strings.Contains(pv, l) && !strings.ContainsAny(l, "…层") && !strings.Contains(l, "more") && !stackPath.MatchString(l) {
						t.Fatalf("%s: the print view lacks the line %q:\n%s\n---\n%s", what, l, pv, sv)
					}
				}
			}
		}
	}
}

// TestStepHeaderSize checks that the header writes a Sudoku's size with
// ×, as the rest of the tool does.
func TestStepHeaderSize(t *testing.T) {
	big := stepBig(t)
	tests := []struct {
		rec  *Recording
		lang tracer.Lang
		want string
	}{
		{stepGoldenRecs["sudoku4"](t), tracer.LangEN, "sudoku 4×4, 12 blanks"},
		{big["sudoku9"], tracer.LangEN, "sudoku 9×9, 51 blanks"},
		{big["sudoku9"], tracer.LangZH, "数独 9×9，51 个空格"},
		{big["sudoku16"], tracer.LangEN, "sudoku 16×16, 132 blanks"},
	}
	for _, tt := range tests {
		s := New(tt.rec, Options{Lang: tt.lang})
		first := strings.SplitN(s.View(), "\n", 2)[0]
		if !strings.HasPrefix(first, tt.want) {
			t.Errorf("header %q, want it to start %q", first, tt.want)
		}
	}
}

// TestStepTooSmall checks sizes around the smallest the view allows:
// below it the screen says "terminal too small" with a size that fits,
// and that size is the smallest at its width and height.
func TestStepTooSmall(t *testing.T) {
	big := stepBig(t)
	queens20 := stepQueens(t, 20, tracer.Options{Stop: tracer.StopAll, Limits: tracer.Limits{MaxSteps: 2000}})
	tests := []struct {
		name  string
		rec   *Recording
		w, h  int
		print bool
		fits  bool
		needW int // 0: not checked
		needH int
	}{
		// The key's "( ) choices" / "( ) 可供选择" wraps into fewer lines than
		// "columns left" / "本行剩下的选择" did (17, 18 and 41 before).
		{"queens4 at 10×5, the review's", stepGoldenRecs["queens4"](t), 10, 5, true, false, 39, 16},
		{"queens4 at 40×10, the review's", stepGoldenRecs["queens4"](t), 40, 10, false, false, 39, 17},
		{"queens4 at 43×17", stepGoldenRecs["queens4"](t), 43, 17, false, true, 0, 0},
		{"queens4 at 43×16 on paper", stepGoldenRecs["queens4"](t), 43, 16, true, true, 0, 0},
		{"queens4 at 43×16", stepGoldenRecs["queens4"](t), 43, 16, false, false, 39, 17},
		{"queens4 at 42×40", stepGoldenRecs["queens4"](t), 42, 40, false, true, 0, 0},
		{"sudoku4 at 80×24", stepGoldenRecs["sudoku4"](t), 80, 24, false, true, 0, 0},
		{"sudoku9 at 80×24", big["sudoku9"], 80, 24, false, true, 0, 0},
		{"queens8 at 80×24", big["queens8"], 80, 24, false, true, 0, 0},
		{"sudoku16 at 80×24", big["sudoku16"], 80, 24, false, true, 0, 0},
		{"sudoku16 at 80×23", big["sudoku16"], 80, 23, false, false, 0, 24},
		{"sudoku16 at 60×20", big["sudoku16"], 60, 20, false, false, 0, 0},
		{"queens20 at 80×24", queens20, 80, 24, false, false, 0, 0},
		{"queens20 at 120×40", queens20, 120, 40, false, true, 0, 0},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			for _, lang := range tracer.Langs {
				s := New(tt.rec, Options{Lang: lang, Width: tt.w, Height: tt.h, Print: tt.print})
				s.Goto(tt.rec.Len() / 2)
				err := s.CheckSize()
				v := s.View()
				checkViewShape(t, v, tt.w, tt.h, tt.name)
				if tt.fits {
					if err != nil {
						t.Fatalf("%s: %v", lang, err)
					}
					if strings.Contains(v, "too small") || strings.Contains(v, "太小") {
						t.Fatalf("%s: a view that fits says too small:\n%s", lang, v)
					}
					continue
				}
				var tooSmall *TooSmallError
				if !errors.As(err, &tooSmall) {
					t.Fatalf("%s: CheckSize = %v, want a *TooSmallError", lang, err)
				}
				want := fmt.Sprintf("terminal too small: need at least %d×%d for this board, have %d×%d",
					tooSmall.NeedWidth, tooSmall.NeedHeight, tt.w, tt.h)
				if err.Error() != want {
					t.Errorf("%s: error %q, want %q", lang, err, want)
				}
				if tt.needW > 0 && tooSmall.NeedWidth != tt.needW || tt.needH > 0 && tooSmall.NeedHeight != tt.needH {
					t.Errorf("%s: need %d×%d, want %d×%d", lang, tooSmall.NeedWidth, tooSmall.NeedHeight, tt.needW, tt.needH)
				}
				// The screen says so, in the stepper's language.
				flat := strings.ReplaceAll(v, "\n", "")
				msg := map[tracer.Lang]string{tracer.LangEN: "terminal too small", tracer.LangZH: "终端太小"}[lang]
				if tt.w >= 40 && !strings.Contains(flat, msg) {
					t.Errorf("%s: the screen does not say it is too small:\n%s", lang, v)
				}
				// The size asked for fits, and is the smallest at its
				// width and at its height.
				fits := func(w, h int) bool {
					return New(tt.rec, Options{Lang: lang, Width: w, Height: h, Print: tt.print}).CheckSize() == nil
				}
				nw, nh := tooSmall.NeedWidth, tooSmall.NeedHeight
				if !fits(nw, nh) || fits(nw-1, nh) || fits(nw, nh-1) {
					t.Errorf("%s: need %d×%d: fits %v, one column less %v, one line less %v (want true, false, false)",
						lang, nw, nh, fits(nw, nh), fits(nw-1, nh), fits(nw, nh-1))
				}
			}
		})
	}
}

// TestStepMinSizeShowsAll checks the views at the smallest sizes that fit
// (at the narrowest width, at 80 and at 120 columns): the whole board with
// every row, its column numbers, the key, the marked line of code, the
// stack's innermost call, the note, the counters and the key bar, in no
// line wider than the screen; cut panels end with "…".
func TestStepMinSizeShowsAll(t *testing.T) {
	recs := stepBig(t)
	recs["queens4"] = stepGoldenRecs["queens4"](t)
	recs["sudoku4"] = stepGoldenRecs["sudoku4"](t)
	recs["queens12"] = stepQueens(t, 12, tracer.Options{Stop: tracer.StopAll, Limits: tracer.Limits{MaxSteps: 3000}})
	for name, rec := range recs {
		for _, width := range []int{1, 80, 120} {
			for _, print := range []bool{false, true} {
				probe := New(rec, Options{Width: 1, Height: 1, Print: print})
				w, h := probe.MinSize(width)
				for _, lang := range tracer.Langs {
					s := New(rec, Options{Lang: lang, Width: w, Height: h, Print: print})
					for _, k := range stepSample(rec, 8) {
						s.Goto(k)
						v := s.View()
						what := fmt.Sprintf("%s at %d×%d print=%v %s step %d", name, w, h, print, lang, k)
						checkViewShape(t, v, w, h, what)
						lines := strings.Split(v, "\n")
						for row := range rec.shape.rows {
							found := false
							for _, l := range lines[1:] {
								if strings.HasPrefix(strings.TrimLeft(l, " >"), fmt.Sprintf("%d ", row)) {
									found = true
								}
							}
							if !found {
								t.Fatalf("%s: board row %d missing:\n%s", what, row, v)
							}
						}
						if !regexp.MustCompile(`(?m)^ +0 +1? `).MatchString(v) {
							t.Fatalf("%s: no column numbers:\n%s", what, v)
						}
						// The key names the marks the board draws at
						// the step (TestKeyOnlyDrawnMarks).
						drawn := s.keyKinds(s.state())
						want := []string{s.pick("calls ", "调用 ")}
						if drawn[keyClash] {
							want = append(want, s.pick("clash", "与之冲突"))
						}
						if drawn[keyCand] && !keyNamesCandidate(v, s.lang) {
							t.Fatalf("%s: the key does not say what [ ] marks:\n%s", what, v)
						}
						if k > 0 {
							want = append(want, "> d", s.pick("note: ", "说明："))
						}
						if !print {
							want = append(want, "n b r u s t g l ? q")
						}
						for _, w := range want {
							if !strings.Contains(v, w) && !(w == "n b r u s t g l ? q" && strings.Contains(v, "q:")) {
								t.Fatalf("%s: view lacks %q:\n%s", what, w, v)
							}
						}
						if k > 0 && eventTag(rec.strategy, rec.traits(), ptr(rec.At(k)), ptr(rec.At(k-1))) != tagNone &&
							!regexp.MustCompile(`(?m)>\s?\d+ `).MatchString(v) {
							t.Fatalf("%s: no marked code line:\n%s", what, v)
						}
						// A line of code is whole or absent, never cut: where
						// its number and first characters are, all of it is.
						for i, c := range s.code {
							whole := fmt.Sprintf("%2d %s", i+1, codeText(c.text, s.lang))
							start := whole[:min(len(whole), 13)]
							for _, l := range lines {
								if strings.Contains(l, start) && !strings.Contains(l, whole) {
									t.Fatalf("%s: code line %d is cut: %q\n%s", what, i+1, l, v)
								}
							}
						}
					}
				}
			}
		}
	}
}

// TestNewGrows checks that sizes left at 0 grow to what the view
// needs, while sizes given stay as given.
func TestNewGrows(t *testing.T) {
	queens4 := stepGoldenRecs["queens4"](t)
	queens20 := stepQueens(t, 20, tracer.Options{Stop: tracer.StopAll, Limits: tracer.Limits{MaxSteps: 2000}})
	tests := []struct {
		name         string
		rec          *Recording
		opt          Options
		wantW, wantH int
		fits         bool
	}{
		{"queens4 default", queens4, Options{}, 80, 24, true},
		{"queens20 default", queens20, Options{}, 80, 32, true},
		{"queens20 default on paper", queens20, Options{Print: true}, 80, 31, true},
		{"queens20 height given", queens20, Options{Height: 24}, 80, 24, false},
		{"queens20 width given", queens20, Options{Width: 100}, 100, 28, true}, // the compact board beside the code
		{"queens20 width too small", queens20, Options{Width: 30}, 30, 24, false},
	}
	for _, tt := range tests {
		s := New(tt.rec, tt.opt)
		if s.opt.Width != tt.wantW || s.opt.Height != tt.wantH || (s.CheckSize() == nil) != tt.fits {
			t.Errorf("%s: %d×%d fits %v, want %d×%d fits %v", tt.name, s.opt.Width, s.opt.Height,
				s.CheckSize() == nil, tt.wantW, tt.wantH, tt.fits)
		}
	}
}

// stepUserProblem is Permutations under another Def: a user's problem, as
// a program outside tracer defines it, not registered.
type stepUserProblem struct {
	tracer.Problem
	def *tracer.Def // nil: an Info without a Def, of an unknown problem
}

func (u stepUserProblem) Info() tracer.Info {
	info := u.Problem.Info()
	info.Def, info.Problem = u.def, "mine"
	return info
}

// TestStepUserProblem steps through problems the stepper knows only by a
// Def that supplies no template pieces, no start board and plain words, or
// by no Def at all: generic pieces take their places, nothing nil is
// called, and every view has its shape.
func TestStepUserProblem(t *testing.T) {
	p, err := permutations.NewPermutations(3, tracer.CheckScan)
	if err != nil {
		t.Fatal(err)
	}
	mine := &tracer.Def{
		Name:   "mine",
		Title:  tracer.Text{EN: "Mine", ZH: "我的"},
		Rules:  permutations.PermutationsDef.Rules,
		Orders: permutations.PermutationsDef.Orders,
		Checks: permutations.PermutationsDef.Checks,
		Size:   &tracer.SizeSetting{Default: 3, Min: 1, Max: 5},
		// Start is set: tracer's Narrator calls it without a nil check.
		Start: func(info tracer.Info) (*tracer.Board, error) {
			return tracer.NewBoard(1, info.Size, func(v int) byte { return byte('a' + v - 1) }), nil
		},
		Move:  func(cell tracer.Pos, v int) string { return fmt.Sprintf("x%d<-%d", cell.Col, v) },
		Label: func(info tracer.Info, _ tracer.Lang) string { return fmt.Sprintf("size %d", info.Size) },
		Words: tracer.PlainWords(tracer.Text{EN: "value", ZH: "值"}, tracer.Text{EN: "the next value", ZH: "下一个值"}),
	}
	tests := []struct {
		name string
		def  *tracer.Def
		want []string // in the view of every step
	}{
		{"a Def without pieces", mine, []string{"mine size 3 | check=scan when=before stop=all", "func solve(depth int) {",
			"for v := lo; v <= hi; v++ {", "end: depth == n"}},
		{"no Def", nil, []string{"mine n=3 | ", "func solve(depth int) {"}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			rec := stepRecord(t, stepUserProblem{p, tt.def}, tracer.Options{Stop: tracer.StopAll})
			for _, lang := range tracer.Langs {
				s := New(rec, Options{Lang: lang, Width: 80, Height: 24})
				for _, k := range stepSample(rec, 10) {
					s.Goto(k)
					v := s.View()
					what := fmt.Sprintf("%s %s step %d", tt.name, lang, k)
					checkViewShape(t, v, 80, 24, what)
					if lang == tracer.LangEN {
						for _, w := range tt.want {
							if !strings.Contains(v, w) {
								t.Fatalf("%s: view lacks %q:\n%s", what, w, v)
							}
						}
					}
				}
			}
			// The moves on the stack are the Def's (or plain cells).
			s := New(rec, Options{})
			s.Goto(11)
			move := "(0,2)=1"
			if tt.def != nil {
				move = "x2<-1"
			}
			if v := s.View(); !strings.Contains(v, move) {
				t.Errorf("step 11: the stack lacks the move %q:\n%s", move, v)
			}
		})
	}
}

// TestStepLeafFailures checks that under --when leaf the stepper never
// calls a failed whole-board check a prune: the header, the stack, the
// counters, the key bar and the help say what happened.
func TestStepLeafFailures(t *testing.T) {
	rec := stepSudoku(t, "12..341221434321", sudoku.OrderScan2D, tracer.Options{When: tracer.WhenLeaf})
	var k int64
	for j := int64(1); j <= rec.Len(); j++ {
		if rec.At(j).Kind == tracer.KindReject {
			k = j
			break
		}
	}
	if k == 0 {
		t.Fatal("no reject")
	}
	for _, lang := range []tracer.Lang{tracer.LangEN, tracer.LangZH} {
		s := New(rec, Options{Lang: lang, Width: 100, Height: 40})
		s.Goto(k)
		view := s.View()
		name := tracer.LeafFailWords.Name.In(lang)
		if lang == tracer.LangZH {
			for _, want := range []string{"步 " + name, "> d2 #2 终止    " + name, name + " 1（", name + "/撤销/解/返回"} {
				if !strings.Contains(view, want) {
					t.Errorf("zh view lacks %q:\n%s", want, view)
				}
			}
			if strings.Contains(view, "剪枝") {
				t.Errorf("zh view says 剪枝:\n%s", view)
			}
		} else {
			for _, want := range []string{fmt.Sprintf("step %d/%d %s", k, rec.Len(), name), "end     " + name, "note: " + name} {
				if !strings.Contains(view, want) {
					t.Errorf("en view lacks %q:\n%s", want, view)
				}
			}
			if strings.Contains(view, "prune") {
				t.Errorf("en view says prune:\n%s", view)
			}
		}
		s.Key("?")
		if help := s.View(); !strings.Contains(help, name) {
			t.Errorf("%s help does not name %q:\n%s", lang, name, help)
		}
	}
}

// keyNamesCandidate reports whether a view's key says what [ ] marks: the
// candidate, the move just made or the caller's move, by step.
func keyNamesCandidate(view string, lang tracer.Lang) bool {
	words := []string{"candidate", "last move"}
	if lang == tracer.LangZH {
		words = []string{"正在尝试", "刚放下的", "刚填入的", "刚放入的", "上一层"}
	}
	for _, w := range words {
		if strings.Contains(view, w) {
			return true
		}
	}
	return false
}
