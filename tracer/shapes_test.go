package tracer_test

import (
	"context"
	"testing"

	"github.com/backtrack-edu/backtrack/tracer"
	"github.com/backtrack-edu/backtrack/tracer/problems/sudoku"
)

// This file checks the tutorials' own code shapes (issue 10) against the
// tutorials' code transcribed here, independently of the framework: the
// loops-inside-the-recursion shape of tutorials 000 and 003 with their two
// removable lines, and the one-call-per-cell shape of tutorials 001 and 004.

// board9 is a 9×9 board for the transcriptions: 0 is '.'.
type board9 [9][9]int

func leetcode37(t *testing.T) board9 {
	t.Helper()
	var b board9
	if len(sudoku.LeetCode37) != 81 {
		t.Fatal("LeetCode37 is not 81 cells")
	}
	for i, ch := range sudoku.LeetCode37 {
		if ch != '.' {
			b[i/9][i%9] = int(ch - '0')
		}
	}
	return b
}

// valid is tutorial 000's isValid: may k go at (row, col)? Row, then
// column, then the 3×3 box.
func (b *board9) valid(row, col, k int) bool {
	for j := 0; j < 9; j++ {
		if b[row][j] == k {
			return false
		}
	}
	for i := 0; i < 9; i++ {
		if b[i][col] == k {
			return false
		}
	}
	r0, c0 := row/3*3, col/3*3
	for i := r0; i < r0+3; i++ {
		for j := c0; j < c0+3; j++ {
			if b[i][j] == k {
				return false
			}
		}
	}
	return true
}

func (b *board9) blanks() int {
	n := 0
	for _, row := range b {
		for _, d := range row {
			if d == 0 {
				n++
			}
		}
	}
	return n
}

// tutorial000 is tutorial 000's backtracking(board), with the "return
// false" after the digit loop kept or deleted (returnFalse).
type tutorial000 struct {
	b           board9
	returnFalse bool
	calls       int
}

func (s *tutorial000) backtracking() bool {
	s.calls++
	for i := 0; i < 9; i++ {
		for j := 0; j < 9; j++ {
			if s.b[i][j] != 0 {
				continue
			}
			for k := 1; k <= 9; k++ {
				if s.b.valid(i, j, k) {
					s.b[i][j] = k
					if s.backtracking() {
						return true
					}
					s.b[i][j] = 0
				}
			}
			if s.returnFalse {
				return false
			}
		}
	}
	return true
}

// tutorial003 is tutorial 003's first version: no return value and no
// return after the digit loop. It stops (panics out) after maxCalls calls.
type tutorial003 struct {
	b         board9
	calls     int
	maxCalls  int
	fullBoard bool // a call ever saw the board full
	maxDepth  int
}

type stop003 struct{}

func (s *tutorial003) backtracking(depth int) {
	if s.calls == s.maxCalls {
		panic(stop003{})
	}
	s.calls++
	s.maxDepth = max(s.maxDepth, depth)
	if s.b.blanks() == 0 {
		s.fullBoard = true
	}
	for i := 0; i < 9; i++ {
		for j := 0; j < 9; j++ {
			if s.b[i][j] != 0 {
				continue
			}
			for k := 1; k <= 9; k++ {
				if s.b.valid(i, j, k) {
					s.b[i][j] = k
					s.backtracking(depth + 1)
					s.b[i][j] = 0
				}
			}
		}
	}
}

func (s *tutorial003) run() {
	defer func() {
		if r := recover(); r != nil {
			if _, ok := r.(stop003); !ok {
				panic(r)
			}
		}
	}()
	s.backtracking(0)
}

// tutorial001 is tutorial 001's helper(board, row, col): one call per
// position, givens and the end of each row included; place, then check.
type tutorial001 struct {
	b        board9
	calls    int
	atBlanks int
	maxDepth int
}

func (s *tutorial001) helper(row, col, depth int) bool {
	s.calls++
	s.maxDepth = max(s.maxDepth, depth)
	if col >= 9 {
		return s.helper(row+1, 0, depth+1)
	}
	if row == 9 {
		return true
	}
	if s.b[row][col] == 0 {
		s.atBlanks++
		for k := 1; k <= 9; k++ {
			s.b[row][col] = k
			if s.validPlaced(row, col) {
				if s.helper(row, col+1, depth+1) {
					return true
				}
			}
			s.b[row][col] = 0
		}
	} else {
		return s.helper(row, col+1, depth+1)
	}
	return false
}

// validPlaced is tutorial 001's isValid: the digit just placed at (row,
// col) against its column, its row and its box, skipping itself.
func (s *tutorial001) validPlaced(row, col int) bool {
	v := s.b[row][col]
	for i := 0; i < 9; i++ {
		if i != row && s.b[i][col] == v {
			return false
		}
	}
	for j := 0; j < 9; j++ {
		if j != col && s.b[row][j] == v {
			return false
		}
	}
	for i := row / 3 * 3; i < row/3*3+3; i++ {
		for j := col / 3 * 3; j < col/3*3+3; j++ {
			if (i != row || j != col) && s.b[i][j] == v {
				return false
			}
		}
	}
	return true
}

// runSpec runs spec with a Stats sink and a Checker, and fails the test on
// an error or a broken event stream.
func runSpec(t *testing.T, spec tracer.Spec, sinks ...tracer.Sink) (*tracer.Result, *tracer.Stats) {
	t.Helper()
	p, opts, err := spec.Build()
	if err != nil {
		t.Fatal(err)
	}
	st := &tracer.Stats{}
	ck := &tracer.Checker{}
	opts.Sinks = append([]tracer.Sink{st, ck}, sinks...)
	res, err := tracer.Run(context.Background(), p, opts)
	if err != nil {
		t.Fatal(err)
	}
	if err := ck.Finish(); err != nil {
		t.Fatalf("%s: the event stream is broken: %v", spec.Drop, err)
	}
	return res, st
}

func blanksIn(rows []string) int {
	n := 0
	for _, r := range rows {
		for _, ch := range r {
			if ch == '.' {
				n++
			}
		}
	}
	return n
}

// TestDropReturnFalse: tutorial 000 says the "return false" after the
// digit loop 有讲究. Without it, the code returns true after 39 calls on
// LeetCode 37 with 13 blanks left; the framework must say the same, with
// status wrong.
func TestDropReturnFalse(t *testing.T) {
	ref := &tutorial000{b: leetcode37(t)}
	if !ref.backtracking() {
		t.Fatal("the transcription returned false")
	}
	if ref.calls != 39 || ref.b.blanks() != 13 {
		t.Fatalf("transcription of tutorial 000 without return false: %d calls, %d blanks; the issue measured 39 and 13", ref.calls, ref.b.blanks())
	}
	// The kept line gives the real search: 4209 calls, no blanks.
	good := &tutorial000{b: leetcode37(t), returnFalse: true}
	good.backtracking()
	if good.calls != 4209 || good.b.blanks() != 0 {
		t.Fatalf("tutorial 000 as written: %d calls, %d blanks: want 4209, 0", good.calls, good.b.blanks())
	}

	for _, when := range []tracer.When{tracer.WhenBefore, tracer.WhenAfter} {
		res, st := runSpec(t, tracer.Spec{Problem: "sudoku", Order: sudoku.OrderScan2D, When: when, Drop: tracer.DropReturnFalse})
		if res.Status != tracer.StatusWrong {
			t.Errorf("when %s: status %s: want wrong", when, res.Status)
		}
		if res.Nodes != int64(ref.calls) || blanksIn(res.Final) != ref.b.blanks() {
			t.Errorf("when %s: %d calls, %d blanks: the tutorial's code makes %d and leaves %d", when, res.Nodes, blanksIn(res.Final), ref.calls, ref.b.blanks())
		}
		if st.Solutions != 0 {
			t.Errorf("when %s: %d solutions counted on a board with blanks", when, st.Solutions)
		}
		var want []string
		for _, row := range ref.b {
			var s []byte
			for _, d := range row {
				s = append(s, sudoku.DigitChar(d))
			}
			want = append(want, string(s))
		}
		for i := range want {
			if res.Final[i] != want[i] {
				t.Errorf("when %s: final row %d is %s: the tutorial's code leaves %s", when, i, res.Final[i], want[i])
			}
		}
	}
}

// TestDropBothLines: tutorial 003's first version has neither "return
// false" nor a return value. In 50,000 calls it never fills the board.
// 50,000 calls check what 200,000 and 2,000,000 did (four and forty times
// the time): the transcription reaches its deepest call, depth 39 of the
// 51 blanks, by call 10,000 and goes no deeper up to call 2,000,000, with
// no full board on the way, so the framework is compared with it at that
// depth (which the test checks the transcription reaches).
func TestDropBothLines(t *testing.T) {
	if testing.Short() {
		t.Skip("50,000 calls twice: skipped with -short")
	}
	const calls = 50_000
	ref := &tutorial003{b: leetcode37(t), maxCalls: calls}
	ref.run()
	if ref.calls != calls || ref.fullBoard {
		t.Fatalf("transcription of tutorial 003: %d calls, full board seen %t: want %d calls and never full", ref.calls, ref.fullBoard, calls)
	}
	if ref.maxDepth != 39 {
		t.Fatalf("transcription of tutorial 003: deepest call %d in %d calls, want 39 (as in 2,000,000 calls)", ref.maxDepth, calls)
	}
	var full bool
	maxDepth := 0
	res, st := runSpec(t, tracer.Spec{Problem: "sudoku", Order: sudoku.OrderScan2D, Stop: tracer.StopNoReturn, Drop: tracer.DropReturnFalse,
		Limits: tracer.Limits{MaxCalls: calls}},
		tracer.SinkFunc(func(e *tracer.Event) {
			if e.Kind == tracer.KindSolution {
				full = true
			}
		}))
	maxDepth = st.MaxDepth
	if res.Status != tracer.StatusLimit || res.Limit != tracer.LimitCalls || res.Nodes != calls {
		t.Errorf("status %s (%s), %d calls: want limit (calls) after %d", res.Status, res.Limit, res.Nodes, calls)
	}
	if full || st.Solutions != 0 {
		t.Errorf("the framework found a full board in %d calls; the tutorial's code never does", calls)
	}
	if maxDepth != ref.maxDepth {
		t.Errorf("deepest call %d: the tutorial's code reaches %d in the same calls", maxDepth, ref.maxDepth)
	}
}

// TestOrderCells: tutorials 001 and 004 recurse once per position, givens
// and the row's end included: 6879 calls on LeetCode 37, depth 90, 4208 of
// them at blanks.
func TestOrderCells(t *testing.T) {
	ref := &tutorial001{b: leetcode37(t)}
	if !ref.helper(0, 0, 0) {
		t.Fatal("the transcription of tutorial 001 found no solution")
	}
	if ref.calls != 6879 || ref.maxDepth != 90 || ref.atBlanks != 4208 {
		t.Fatalf("transcription of tutorial 001: %d calls, depth %d, %d at blanks; the issue measured 6879, 90, 4208", ref.calls, ref.maxDepth, ref.atBlanks)
	}
	for _, when := range []tracer.When{tracer.WhenBefore, tracer.WhenAfter} {
		for _, stop := range []tracer.Stop{tracer.StopFirst, tracer.StopAll} {
			atBlanks, passes := 0, 0
			res, st := runSpec(t, tracer.Spec{Problem: "sudoku", Order: sudoku.OrderCells, When: when, Stop: stop},
				tracer.SinkFunc(func(e *tracer.Event) {
					if e.Kind == tracer.KindScan {
						switch {
						case e.Pass:
							passes++
						case e.Cell != tracer.NoPos:
							atBlanks++
						}
					}
				}))
			name := string(when) + "/" + string(stop)
			if stop == tracer.StopAll {
				// The puzzle has one solution: the whole tree is bigger.
				if res.Status != tracer.StatusComplete || st.Solutions != 1 {
					t.Errorf("%s: status %s, %d solutions: want complete, 1", name, res.Status, st.Solutions)
				}
				continue
			}
			if res.Status != tracer.StatusSolved || blanksIn(res.Final) != 0 {
				t.Errorf("%s: status %s with %d blanks: want solved", name, res.Status, blanksIn(res.Final))
			}
			if res.Nodes != int64(ref.calls) || st.MaxDepth != ref.maxDepth || atBlanks != ref.atBlanks {
				t.Errorf("%s: %d calls, depth %d, %d at blanks: the tutorial's code makes %d, %d, %d",
					name, res.Nodes, st.MaxDepth, atBlanks, ref.calls, ref.maxDepth, ref.atBlanks)
			}
			if passes != ref.calls-ref.atBlanks-1 {
				t.Errorf("%s: %d calls pass on (givens and row ends): want %d", name, passes, ref.calls-ref.atBlanks-1)
			}
		}
	}
}

// TestVoidTemplateNotes: a search for every solution runs a template that
// returns nothing (tutorial 004's dfs): no note says "return false" or
// "return true".
func TestVoidTemplateNotes(t *testing.T) {
	for _, spec := range []tracer.Spec{
		{Problem: "nqueens", N: 4},
		{Problem: "nqueens", N: 5, When: tracer.WhenLeaf},
		{Problem: "sudoku", Puzzle: "1...\n..1.\n.1..\n...1", Stop: tracer.StopAll},
		{Problem: "sudoku", Order: sudoku.OrderCells, Puzzle: "12..\n..1.\n.1..\n...1", Stop: tracer.StopAll},
	} {
		p, opts, err := spec.Build()
		if err != nil {
			t.Fatal(err)
		}
		st := tracer.StrategyOf(p.Info(), opts)
		if !st.Void() {
			t.Fatalf("%+v: the strategy is not void", spec)
		}
		en, zh := tracer.NewNarrator(p.Info(), st, tracer.LangEN), tracer.NewNarrator(p.Info(), st, tracer.LangZH)
		notes := 0
		opts.Sinks = []tracer.Sink{tracer.SinkFunc(func(e *tracer.Event) {
			a, b := en.Note(e), zh.Note(e)
			notes++
			for _, bad := range []string{"return false", "return true", "返回 false", "返回 true"} {
				if contains(a, bad) || contains(b, bad) {
					t.Errorf("%s %v step %d (%s): %q / %q says %q", spec.Problem, spec.Order, e.Step, e.Kind, a, b, bad)
				}
			}
		})}
		if _, err := tracer.Run(context.Background(), p, opts); err != nil {
			t.Fatal(err)
		}
		if notes == 0 {
			t.Fatal("no notes")
		}
	}
}

func contains(s, sub string) bool {
	for i := 0; i+len(sub) <= len(s); i++ {
		if s[i:i+len(sub)] == sub {
			return true
		}
	}
	return false
}

// TestShapeNotes: the notes of the tutorials' shapes say what happens, in
// both languages: which cell a call without "return false" leaves blank,
// that the true it returns is wrong, and where a call of order cells
// passes on.
func TestShapeNotes(t *testing.T) {
	type want struct {
		kind   tracer.Kind
		en, zh []string
	}
	tests := []struct {
		name string
		spec tracer.Spec
		want []want
	}{
		{"drop return-false", tracer.Spec{Problem: "sudoku", Drop: tracer.DropReturnFalse}, []want{
			{tracer.KindExhausted, []string{"(0,8)", "leave (0,8) blank"}, []string{"(0,8) 被留空", "没有 return false"}},
			{tracer.KindScan, []string{"(0,8) stays blank", "decide (1,1)"}, []string{"(0,8) 留空", "本层接着填 (1,1)"}},
			{tracer.KindReturn, []string{"root returns true", "not solved"}, []string{"根返回 true", "没有解出"}},
			{tracer.KindReturn, []string{"return true with 13 blank cells"}, []string{"还有 13 个空格"}},
		}},
		{"order cells", tracer.Spec{Problem: "sudoku", Order: sudoku.OrderCells}, []want{
			{tracer.KindCall, []string{"helper(0,0)", "one call for every cell"}, []string{"helper(0,0)", "每个格子一次调用"}},
			{tracer.KindScan, []string{"(0,0) holds the given 5", "helper(0,1)"}, []string{"(0,0) 是预设数字 5", "helper(0,1)"}},
			{tracer.KindScan, []string{"column 9 is past the end of row 0", "helper(1,0)"}, []string{"列号 9 已越过第 0 行的末尾", "helper(1,0)"}},
			{tracer.KindCall, []string{"no move made", "the start of row 1"}, []string{"上一层没有填数", "第 1 行的开头"}},
			{tracer.KindReturn, []string{"pass on what the next position's call returned"}, []string{"原样传上去"}},
			{tracer.KindReturn, []string{"return true: the caller made no move here and passes it on"}, []string{"上一层在这里没有填数"}},
		}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			p, opts, err := tt.spec.Build()
			if err != nil {
				t.Fatal(err)
			}
			st := tracer.StrategyOf(p.Info(), opts)
			en, zh := tracer.NewNarrator(p.Info(), st, tracer.LangEN), tracer.NewNarrator(p.Info(), st, tracer.LangZH)
			found := make([]bool, len(tt.want))
			opts.Sinks = []tracer.Sink{tracer.SinkFunc(func(e *tracer.Event) {
				a, b := en.Note(e), zh.Note(e)
				for i, w := range tt.want {
					if found[i] || e.Kind != w.kind {
						continue
					}
					ok := true
					for _, s := range w.en {
						ok = ok && contains(a, s)
					}
					for _, s := range w.zh {
						ok = ok && contains(b, s)
					}
					found[i] = ok
				}
			})}
			if _, err := tracer.Run(context.Background(), p, opts); err != nil {
				t.Fatal(err)
			}
			for i, w := range tt.want {
				if !found[i] {
					t.Errorf("no %s note says %q / %q", w.kind, w.en, w.zh)
				}
			}
		})
	}
}
