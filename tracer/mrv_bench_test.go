package tracer

import (
	"context"
	"math/bits"
	"runtime"
	"slices"
	"testing"
	"time"

	"github.com/backtrack-edu/backtrack/tracer/problems/sudoku"
)

// Hard puzzles for the mrv comparison: Wikipedia's puzzle hard for brute
// force (examples/puzzles/hard-for-naive.txt, 45,268 mrv calls), Arto
// Inkala's 2012 puzzle (10,102) and Easter Monster (4,704).
var mrvHard = []string{
	"..............3.85..1.2.......5.7.....4...1...9.......5......73..2.1........4...9",
	"8..........36......7..9.2...5...7.......457.....1...3...1....68..85...1..9....4..",
	"1.......2.9.4...5...6...7...5.9.3.......7.......85..4.7.....6...3...9.8...2.....1",
}

// plainMRV is the mrv search written plainly: each call scans the cells in
// reading order for the blank with the fewest candidates (the first on a
// tie, stopping at one with none), then tries its free digits in order,
// to the first solution. Row, column and box masks, a box index per cell,
// and a popcount, as a hand-written solver has them.
type plainMRV struct {
	n                int
	cells            []int
	box              []int
	row, col, boxes  []uint32
	nodes, solutions int64
}

func newPlainMRV(p *sudoku.Puzzle) *plainMRV {
	n, b := p.Size, p.Box
	s := &plainMRV{n: n, cells: slices.Clone(p.Cells), box: make([]int, n*n),
		row: make([]uint32, n), col: make([]uint32, n), boxes: make([]uint32, n)}
	for i, d := range s.cells {
		r, c := i/n, i%n
		s.box[i] = r/b*b + c/b
		if d != 0 {
			s.row[r] |= 1 << d
			s.col[c] |= 1 << d
			s.boxes[s.box[i]] |= 1 << d
		}
	}
	return s
}

func (s *plainMRV) solve() bool {
	s.nodes++
	n := s.n
	best, bestN := -1, n+1
	for i, d := range s.cells {
		if d != 0 {
			continue
		}
		k := n - bits.OnesCount32((s.row[i/n]|s.col[i%n]|s.boxes[s.box[i]])>>1)
		if k < bestN {
			best, bestN = i, k
			if k == 0 {
				break
			}
		}
	}
	if best < 0 {
		s.solutions++
		return true
	}
	r, c, b := best/n, best%n, s.box[best]
	used := s.row[r] | s.col[c] | s.boxes[b]
	for d := 1; d <= n; d++ {
		if used&(1<<d) != 0 {
			continue
		}
		m := uint32(1) << d
		s.cells[best] = d
		s.row[r] |= m
		s.col[c] |= m
		s.boxes[b] |= m
		if s.solve() {
			return true
		}
		s.cells[best] = 0
		s.row[r] &^= m
		s.col[c] &^= m
		s.boxes[b] &^= m
	}
	return false
}

// TestPlainMRVSameCalls checks that the plain mrv solver makes as many
// calls as the framework's mrv with counts on every hard puzzle, so that
// BenchmarkMRVRatio compares equal work.
func TestPlainMRVSameCalls(t *testing.T) {
	for _, pz := range mrvHard {
		p, err := sudoku.ParsePuzzle(pz)
		if err != nil {
			t.Fatal(err)
		}
		plain := newPlainMRV(p)
		if !plain.solve() {
			t.Fatalf("%s: the plain solver found no solution", pz)
		}
		s, err := sudoku.NewSudoku(p, sudoku.OrderMRV, CheckCounts)
		if err != nil {
			t.Fatal(err)
		}
		res, err := Run(context.Background(), s, Options{Sinks: []Sink{&Stats{}}})
		if err != nil {
			t.Fatal(err)
		}
		if res.Nodes != plain.nodes || res.Solutions != 1 {
			t.Errorf("%s: framework %d calls, %d solutions; plain %d calls", pz, res.Nodes, res.Solutions, plain.nodes)
		}
	}
}

// BenchmarkMRVRatio measures `--order mrv --check counts` with counting
// (what `trace` runs) against plainMRV on the hard puzzles, as
// BenchmarkRatio does: each iteration runs both once, alternating which
// goes first, and the median ratio framework/plain is reported. It times
// the thread's CPU time (threadCPU; the wall clock off Linux), which a
// busy machine does not stretch. Issue 26's target: at most 1.5.
//
//	go test -run '^$' -bench MRVRatio -benchtime 21x ./tracer/
func BenchmarkMRVRatio(b *testing.B) {
	var ps []*sudoku.Puzzle
	for _, pz := range mrvHard {
		p, err := sudoku.ParsePuzzle(pz)
		if err != nil {
			b.Fatal(err)
		}
		ps = append(ps, p)
	}
	ctx := context.Background()
	plain := func() {
		for _, p := range ps {
			newPlainMRV(p).solve()
		}
	}
	framework := func() {
		for _, p := range ps {
			s, err := sudoku.NewSudoku(p, sudoku.OrderMRV, CheckCounts)
			if err != nil {
				b.Fatal(err)
			}
			if _, err := Run(ctx, s, Options{Sinks: []Sink{&Stats{}}}); err != nil {
				b.Fatal(err)
			}
		}
	}
	runtime.LockOSThread()
	defer runtime.UnlockOSThread()
	cpu := func(f func()) time.Duration {
		start := threadCPU()
		f()
		return threadCPU() - start
	}
	var ratios, plains []float64
	for i := 0; i < b.N; i++ {
		var tp, tf time.Duration
		if i%2 == 0 {
			tp, tf = cpu(plain), cpu(framework)
		} else {
			tf, tp = cpu(framework), cpu(plain)
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
	b.ReportMetric(plains[len(plains)/2], "plain-µs")
}
