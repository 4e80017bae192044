package tracer

import (
	"context"
	"fmt"
	"runtime"
	"runtime/debug"
	"slices"
	"testing"
	"time"

	"github.com/backtrack-edu/backtrack/tracer/problems/nqueens"
	"github.com/backtrack-edu/backtrack/tracer/problems/sudoku"
)

// The benchmarks compare, on the same search, four ways to run it:
//
//	plain  a hand-written solver of the same algorithm, no framework
//	off    the framework with tracing off (no sinks)
//	count  the framework with a Stats sink
//	tree   the framework with a Stats and a Tree sink
//
// so off/plain is the price of the template and its hooks, count/plain the
// price of producing events, and tree/plain the price of recording the
// whole search tree. Run them with
//
//	go test -run '^$' -bench . -benchmem -count 5 ./tracer/
//
// TestPlainSolvers checks that the plain solvers count what the framework
// counts, so the comparison is between equal amounts of work.

// plainQueens is the row-by-row N-Queens search with the scan check
// (column, then upper-right, then upper-left diagonal), all solutions.
type plainQueens struct {
	n                int
	queen            []int
	nodes, solutions int64
	tries            int64
}

func newPlainQueens(n int) *plainQueens {
	q := &plainQueens{n: n, queen: make([]int, n)}
	for i := range q.queen {
		q.queen[i] = -1
	}
	return q
}

// solve places a queen in every column of row that no queen above
// attacks, and goes on to the next row. The check is written out in the
// loop, as a hand-written solver would have it (the compiler does not
// inline a function with three loops): the framework is measured against
// the fastest honest version of its own algorithm.
func (q *plainQueens) solve(row int) {
	q.nodes++
	if row == q.n {
		q.solutions++
		return
	}
	n, queen := q.n, q.queen
next:
	for c := 0; c < n; c++ {
		q.tries++
		for i := row - 1; i >= 0; i-- {
			if queen[i] == c {
				continue next
			}
		}
		for i, j := row-1, c+1; i >= 0 && j < n; i, j = i-1, j+1 {
			if queen[i] == j {
				continue next
			}
		}
		for i, j := row-1, c-1; i >= 0 && j >= 0; i, j = i-1, j-1 {
			if queen[i] == j {
				continue next
			}
		}
		queen[row] = c
		q.solve(row + 1)
		queen[row] = -1
	}
}

// plainSudoku is the naive Sudoku search: the first blank (rescanned from
// the top-left corner, or from the cell after the parent's), digits 1..n,
// the scan check before placing (row, column, box).
type plainSudoku struct {
	n, box                  int
	cells                   []int
	scan2d, all             bool
	nodes, tries, solutions int64
	first                   []int // the first solution
}

func newPlainSudoku(p *sudoku.Puzzle, scan2d, all bool) *plainSudoku {
	return &plainSudoku{n: p.Size, box: p.Box, cells: slices.Clone(p.Cells), scan2d: scan2d, all: all}
}

// solve decides the first blank after cell prev (-1 at the root) and
// reports whether the search stops. The check (row, column, box, in that
// order, as the framework's scan check) is written out in the loop.
func (s *plainSudoku) solve(prev int) bool {
	s.nodes++
	i := prev + 1
	if s.scan2d {
		i = 0
	}
	cells, n := s.cells, s.n
	for i < len(cells) && cells[i] != 0 {
		i++
	}
	if i == len(cells) {
		s.solutions++
		if s.first == nil {
			s.first = slices.Clone(cells)
		}
		return !s.all
	}
	r, c := i/n, i%n
	r0, c0 := r/s.box*s.box, c/s.box*s.box
next:
	for v := 1; v <= n; v++ {
		s.tries++
		for j := 0; j < n; j++ {
			if j != c && cells[r*n+j] == v {
				continue next
			}
		}
		for k := 0; k < n; k++ {
			if k != r && cells[k*n+c] == v {
				continue next
			}
		}
		for k := r0; k < r0+s.box; k++ {
			for j := c0; j < c0+s.box; j++ {
				if (k != r || j != c) && cells[k*n+j] == v {
					continue next
				}
			}
		}
		cells[i] = v
		if s.solve(i) {
			return true
		}
		cells[i] = 0
	}
	return false
}

func (s *plainSudoku) firstString() string {
	return (&sudoku.Puzzle{Size: s.n, Box: s.box, Cells: s.first}).String()
}

// TestPlainSolvers checks that the plain solvers of the benchmarks give the
// framework's solutions, nodes and tries.
func TestPlainSolvers(t *testing.T) {
	q := newPlainQueens(8)
	q.solve(0)
	r := runTraced(t, newQueens(t, 8, CheckScan), Options{Stop: StopAll}, false)
	if q.solutions != 92 || q.nodes != r.stats.Nodes || q.tries != r.stats.Tries || q.solutions != r.res.Solutions {
		t.Errorf("8-queens: plain %d solutions, %d nodes, %d tries; framework %d, %d, %d",
			q.solutions, q.nodes, q.tries, r.res.Solutions, r.stats.Nodes, r.stats.Tries)
	}
	for _, order := range []Order{sudoku.OrderScan2D, sudoku.OrderLinear} {
		for _, stop := range []Stop{StopFirst, StopAll} {
			p, err := sudoku.ParsePuzzle(leetcode37)
			if err != nil {
				t.Fatal(err)
			}
			s := newPlainSudoku(p, order == sudoku.OrderScan2D, stop == StopAll)
			s.solve(-1)
			r := runTraced(t, newSudoku(t, leetcode37, order, CheckScan), Options{Stop: stop}, false)
			if s.nodes != r.stats.Nodes || s.tries != r.stats.Tries || s.solutions != r.res.Solutions ||
				s.firstString() != joinRows(r.res.Boards[0]) {
				t.Errorf("%s %s: plain %d nodes, %d tries, %d solutions; framework %d, %d, %d",
					order, stop, s.nodes, s.tries, s.solutions, r.stats.Nodes, r.stats.Tries, r.res.Solutions)
			}
		}
	}
}

// allocMeter measures the bytes allocated per event around a benchmark
// loop: B/op divided by the events of one op.
type allocMeter struct{ before runtime.MemStats }

func startAllocMeter(b *testing.B) *allocMeter {
	m := &allocMeter{}
	runtime.GC()
	runtime.ReadMemStats(&m.before)
	b.ResetTimer()
	return m
}

func (m *allocMeter) report(b *testing.B, steps int64) {
	b.StopTimer()
	var after runtime.MemStats
	runtime.ReadMemStats(&after)
	if steps > 0 {
		perOp := float64(after.TotalAlloc-m.before.TotalAlloc) / float64(b.N)
		b.ReportMetric(perOp/float64(steps), "B/event")
	}
}

// benchFramework runs the framework b.N times on fresh problems made by mk
// (as the plain solvers set up their state inside the loop),
// with the sinks that mode asks for, and reports events per op.
func benchFramework(b *testing.B, mode string, mk func() Problem, opts Options) {
	var steps int64
	ctx := context.Background()
	m := startAllocMeter(b)
	for i := 0; i < b.N; i++ {
		o := opts
		switch mode {
		case "count":
			o.Sinks = []Sink{&Stats{}}
		case "tree":
			o.Sinks = []Sink{&Stats{}, NewTree()}
		}
		res, err := Run(ctx, mk(), o)
		if err != nil {
			b.Fatal(err)
		}
		steps = res.Steps
	}
	b.ReportMetric(float64(steps), "events/op")
	if mode == "tree" {
		m.report(b, steps)
	} else {
		b.StopTimer()
	}
}

// BenchmarkQueens8 is 8-queens, all solutions, check scan.
func BenchmarkQueens8(b *testing.B) {
	b.Run("plain", func(b *testing.B) {
		for i := 0; i < b.N; i++ {
			q := newPlainQueens(8)
			q.solve(0)
			if q.solutions != 92 {
				b.Fatal(q.solutions)
			}
		}
	})
	mk := func() Problem {
		q, err := nqueens.NewNQueens(8, CheckScan)
		if err != nil {
			b.Fatal(err)
		}
		return q
	}
	for _, mode := range []string{"off", "count", "tree"} {
		b.Run(mode, func(b *testing.B) { benchFramework(b, mode, mk, Options{Stop: StopAll}) })
	}
}

// BenchmarkLeetCode37 is the LeetCode 37 board, check scan, first
// solution, with the scan2d and the linear order.
func BenchmarkLeetCode37(b *testing.B) {
	p, err := sudoku.ParsePuzzle(leetcode37)
	if err != nil {
		b.Fatal(err)
	}
	for _, order := range []Order{sudoku.OrderScan2D, sudoku.OrderLinear} {
		b.Run(string(order)+"/plain", func(b *testing.B) {
			for i := 0; i < b.N; i++ {
				s := newPlainSudoku(p, order == sudoku.OrderScan2D, false)
				s.solve(-1)
				if s.nodes != 4209 {
					b.Fatal(s.nodes)
				}
			}
		})
		mk := func() Problem {
			s, err := sudoku.NewSudoku(p, order, CheckScan)
			if err != nil {
				b.Fatal(err)
			}
			return s
		}
		for _, mode := range []string{"off", "count", "tree"} {
			b.Run(string(order)+"/"+mode, func(b *testing.B) { benchFramework(b, mode, mk, Options{}) })
		}
	}
}

// BenchmarkRatio measures the framework against the plain solver of the
// same search as a ratio, on a noisy machine: every iteration is one round
// that runs the plain solver and the framework once each, alternating
// which goes first, and times both; background load then hits both sides
// alike. It reports the median ratio framework/plain over the rounds and
// its spread (the 10th and 90th percentiles), per search and mode:
//
//	go test -run '^$' -bench Ratio -benchtime 301x ./tracer/
//
// README's performance table gives these medians.
func BenchmarkRatio(b *testing.B) {
	p, err := sudoku.ParsePuzzle(leetcode37)
	if err != nil {
		b.Fatal(err)
	}
	type search struct {
		name  string
		plain func()
		mk    func() Problem
		opts  Options
	}
	searches := []search{
		{"queens8",
			func() {
				q := newPlainQueens(8)
				q.solve(0)
				if q.solutions != 92 {
					b.Fatal(q.solutions)
				}
			},
			func() Problem {
				q, err := nqueens.NewNQueens(8, CheckScan)
				if err != nil {
					b.Fatal(err)
				}
				return q
			}, Options{Stop: StopAll}},
	}
	for _, order := range []Order{sudoku.OrderScan2D, sudoku.OrderLinear} {
		searches = append(searches, search{"leetcode37-" + string(order),
			func() {
				s := newPlainSudoku(p, order == sudoku.OrderScan2D, false)
				s.solve(-1)
				if s.nodes != 4209 {
					b.Fatal(s.nodes)
				}
			},
			func() Problem {
				s, err := sudoku.NewSudoku(p, order, CheckScan)
				if err != nil {
					b.Fatal(err)
				}
				return s
			}, Options{}})
	}
	ctx := context.Background()
	for _, s := range searches {
		for _, mode := range []string{"off", "count", "tree"} {
			b.Run(s.name+"/"+mode, func(b *testing.B) {
				framework := func() {
					o := s.opts
					switch mode {
					case "count":
						o.Sinks = []Sink{&Stats{}}
					case "tree":
						o.Sinks = []Sink{&Stats{}, NewTree()}
					}
					if _, err := Run(ctx, s.mk(), o); err != nil {
						b.Fatal(err)
					}
				}
				// Start clean: the memory an earlier sub-benchmark freed
				// (a tree mode's) is given back now, not while this one runs.
				debug.FreeOSMemory()
				ratios := make([]float64, 0, b.N)
				plains := make([]float64, 0, b.N)
				for i := 0; i < b.N; i++ {
					var tp, tf time.Duration
					if i%2 == 0 {
						tp = timed(s.plain)
						tf = timed(framework)
					} else {
						tf = timed(framework)
						tp = timed(s.plain)
					}
					ratios = append(ratios, float64(tf)/float64(tp))
					plains = append(plains, float64(tp.Microseconds()))
				}
				slices.Sort(ratios)
				slices.Sort(plains)
				at := func(q float64) float64 { return ratios[int(q*float64(len(ratios)-1))] }
				b.ReportMetric(at(0.5), "ratio-median")
				b.ReportMetric(at(0.1), "ratio-p10")
				b.ReportMetric(at(0.9), "ratio-p90")
				// The plain solver's own median time, to tell a slower
				// framework from a faster plain solver (code placement
				// moves either by several percent between builds).
				b.ReportMetric(plains[len(plains)/2], "plain-µs")
			})
		}
	}
}

// timed returns how long f takes.
func timed(f func()) time.Duration {
	start := time.Now()
	f()
	return time.Since(start)
}

// BenchmarkNarrate measures the notes of a step log: a Narrator fed every
// event of 8-queens (all solutions) and of LeetCode 37, in English and in
// Chinese, reporting steps per second. Issue 13's target for a step log
// with notes, written: 3 million steps/s.
func BenchmarkNarrate(b *testing.B) {
	for _, c := range []struct {
		name string
		spec Spec
	}{{"queens8", Spec{Problem: "nqueens"}}, {"leetcode37", Spec{Problem: "sudoku"}}} {
		p, opts, err := c.spec.Build()
		if err != nil {
			b.Fatal(err)
		}
		var events []Event
		opts.Sinks = []Sink{SinkFunc(func(e *Event) { events = append(events, *e) })}
		if _, err := Run(context.Background(), p, opts); err != nil {
			b.Fatal(err)
		}
		for _, lang := range []Lang{LangEN, LangZH} {
			b.Run(c.name+"/"+string(lang), func(b *testing.B) {
				n := 0
				for b.Loop() {
					nar := NewNarrator(p.Info(), StrategyOf(p.Info(), opts), lang)
					for i := range events {
						n += len(nar.Note(&events[i]))
					}
				}
				b.ReportMetric(float64(len(events))*float64(b.N)/b.Elapsed().Seconds(), "steps/s")
			})
		}
	}
}

// TestNaiveCountsAll runs a few puzzles to the end of the tree (StopAll) and
// checks nodes, tries and solutions against the plain solver of the
// benchmarks and the solution count in the data.
//
// The *.naive-counts.tsv columns nodes_all and tries_all equal nodes_first
// and tries_first on every line: they are not counts of a search that goes
// on after the first solution (on LeetCode 37 that search makes 4632 calls,
// not 4209: after the solution every level still tries its remaining
// digits). So they are only checked to be at most the full tree.
func TestNaiveCountsAll(t *testing.T) {
	cases := []struct {
		file string
		idx  int
	}{
		{"sudoku9-easy50", 0}, {"sudoku9-easy50", 1}, {"sudoku9-named", 0}, {"sudoku9-hardest11", 7},
	}
	for _, tc := range cases {
		t.Run(fmt.Sprintf("%s/%d", tc.file, tc.idx), func(t *testing.T) {
			puzzles := puzzleLines(t, tc.file+".txt")
			row := tsvTable(t, tc.file+".naive-counts.tsv")[tc.idx]
			p, err := sudoku.ParsePuzzle(puzzles[tc.idx])
			if err != nil {
				t.Fatal(err)
			}
			plain := newPlainSudoku(p, false, true)
			plain.solve(-1)
			r := runTraced(t, newSudoku(t, puzzles[tc.idx], sudoku.OrderLinear, CheckCounts), Options{Stop: StopAll}, false)
			if r.res.Status != StatusComplete {
				t.Errorf("status %s: want complete", r.res.Status)
			}
			if r.stats.Nodes != plain.nodes || r.stats.Tries != plain.tries || r.res.Solutions != plain.solutions {
				t.Errorf("nodes %d, tries %d, solutions %d: the plain solver gives %d, %d, %d",
					r.stats.Nodes, r.stats.Tries, r.res.Solutions, plain.nodes, plain.tries, plain.solutions)
			}
			if want := atoi64(t, row["solutions"]); r.res.Solutions != want {
				t.Errorf("solutions %d: the file says %d", r.res.Solutions, want)
			}
			if n := atoi64(t, row["nodes_all"]); n > r.stats.Nodes || n < atoi64(t, row["nodes_first"]) {
				t.Errorf("file: nodes_all %d is outside [nodes_first, full tree %d]", n, r.stats.Nodes)
			}
		})
	}
}
