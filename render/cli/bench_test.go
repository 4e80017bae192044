package cli

import (
	"bytes"
	"context"
	"os"
	"runtime/debug"
	"strconv"
	"strings"
	"testing"

	"github.com/backtrack-edu/backtrack/render"
	"github.com/backtrack-edu/backtrack/render/graphviz"
	"github.com/backtrack-edu/backtrack/tracer"
	"github.com/backtrack-edu/backtrack/tracer/problems/sudoku"
)

// benchTrace traces spec as `backtrack trace` does and returns its tree and
// legend.
func benchTrace(b *testing.B, spec tracer.Spec, lang tracer.Lang) (*tracer.Tree, render.Legend) {
	b.Helper()
	p, opts, err := spec.Build()
	if err != nil {
		b.Fatal(err)
	}
	st, tree := &tracer.Stats{}, tracer.NewTree()
	opts.Sinks = []tracer.Sink{st, tree}
	res, err := tracer.Run(context.Background(), p, opts)
	if err != nil {
		b.Fatal(err)
	}
	return tree, render.Legend{Summary: tracer.Summarize(p.Info(), opts, res, st), Lang: lang}
}

// benchDraw writes tree's DOT and draws it, as `trace --svg/--png` does.
func benchDraw(b *testing.B, tree *tracer.Tree, leg render.Legend, opt render.DiagramOptions, format graphviz.Format) []byte {
	var dot bytes.Buffer
	if _, err := render.WriteDOT(&dot, tree, leg, opt); err != nil {
		b.Fatal(err)
	}
	var pic []byte
	var err error
	if format == graphviz.PNG {
		pic, err = graphviz.DrawPNG(context.Background(), dot.Bytes(), graphviz.LayoutPinned, 2)
	} else {
		pic, err = graphviz.Draw(context.Background(), dot.Bytes(), graphviz.LayoutPinned, format)
	}
	if err != nil {
		b.Fatal(err)
	}
	return pic
}

var benchFormats = []struct {
	name   string
	format graphviz.Format
}{{"svg", graphviz.SVG}, {"png", graphviz.PNG}}

// BenchmarkDiagram measures the diagram step of `trace --svg/--png` with
// the default diagram flags (fitted to a 16:9 slide, PNG at scale 2): the
// DOT and the picture, from a recorded tree. The README's target: under
// 0.5 s each.
func BenchmarkDiagram(b *testing.B) {
	if _, err := graphviz.Draw(context.Background(), []byte("digraph{a}"), graphviz.LayoutDot, graphviz.SVG); err != nil {
		b.Fatal(err) // load Graphviz outside the timings
	}
	for _, c := range []struct {
		name string
		spec tracer.Spec
		lang tracer.Lang
	}{
		{"queens8", tracer.Spec{Problem: "nqueens"}, tracer.LangEN},
		{"queens8-zh", tracer.Spec{Problem: "nqueens"}, tracer.LangZH},
		{"leetcode37", tracer.Spec{Problem: "sudoku"}, tracer.LangEN},
		{"leetcode37-mrv", tracer.Spec{Problem: "sudoku", Order: sudoku.OrderMRV}, tracer.LangEN},
		{"permutations4", tracer.Spec{Problem: "permutations"}, tracer.LangEN},
	} {
		tree, leg := benchTrace(b, c.spec, c.lang)
		for _, boards := range []bool{false, true} {
			for _, f := range benchFormats {
				name := c.name + "/" + f.name
				if boards {
					name = c.name + "-boards/" + f.name
				}
				b.Run(name, func(b *testing.B) {
					opt := render.DiagramOptions{MaxNodes: render.DefaultMaxNodes, Layout: true, Boards: boards, Fit: render.Slide16x9}
					for b.Loop() {
						benchDraw(b, tree, leg, opt, f.format)
					}
				})
			}
		}
	}
}

// BenchmarkWholeTree measures `trace nqueens -n N --max-nodes 0 --svg`
// (or --png) end to end: the search with its tree, the DOT and the
// picture. It reports the process's peak resident memory during the run
// (peak-MB, from Linux's VmHWM, reset before each run; 0 elsewhere). Run
// one at a time, with -benchtime 1x:
//
//	go test -run '^$' -bench 'WholeTree/queens9/svg' -benchtime 1x .
//
// The README's targets: 9-queens under 8 s and 600 MB, 10-queens under
// 40 s and 1.5 GB.
func BenchmarkWholeTree(b *testing.B) {
	if _, err := graphviz.Draw(context.Background(), []byte("digraph{a}"), graphviz.LayoutDot, graphviz.SVG); err != nil {
		b.Fatal(err)
	}
	for _, n := range []int{8, 9, 10} {
		for _, f := range benchFormats {
			b.Run("queens"+strconv.Itoa(n)+"/"+f.name, func(b *testing.B) {
				benchPeak(b, func() {
					tree, leg := benchTrace(b, tracer.Spec{Problem: "nqueens", N: n}, tracer.LangEN)
					if pic := benchDraw(b, tree, leg, render.DiagramOptions{Layout: true}, f.format); len(pic) == 0 {
						b.Fatal("no picture")
					}
				})
			})
		}
	}
}

// benchPeak runs f once an iteration, each time from memory given back
// and a reset peak, and reports the highest peak resident memory
// (peak-MB).
func benchPeak(b *testing.B, f func()) {
	peak := 0.0
	for b.Loop() {
		b.StopTimer()
		debug.FreeOSMemory()
		resetPeak()
		b.StartTimer()
		f()
		peak = max(peak, peakMB())
	}
	b.ReportMetric(peak, "peak-MB")
}

// resetPeak resets the process's peak resident memory (Linux).
func resetPeak() { _ = os.WriteFile("/proc/self/clear_refs", []byte("5"), 0) }

// peakMB is the process's peak resident memory since resetPeak, in MB
// (Linux; 0 elsewhere).
func peakMB() float64 {
	b, err := os.ReadFile("/proc/self/status")
	if err != nil {
		return 0
	}
	for _, l := range strings.Split(string(b), "\n") {
		if v, ok := strings.CutPrefix(l, "VmHWM:"); ok {
			kb, err := strconv.ParseFloat(strings.TrimSpace(strings.TrimSuffix(strings.TrimSpace(v), "kB")), 64)
			if err == nil {
				return kb / 1024
			}
		}
	}
	return 0
}

// BenchmarkScale runs the commands of issue 13's scale targets in
// process, as a user types them, one run per iteration:
//
//	go test -run '^$' -bench Scale -benchtime 3x .
//
// queens13-count is `trace nqueens -n 13 --max-steps 0` (target: under
// 0.9 s); tree10M records a tree of 10 million events and writes its DOT
// (target: under 1 GB, peak-MB); step10M opens a 10-million-step run in
// the stepper and prints its last step (under 3 s); queens11-yaml writes
// the 11-queens step log with notes (3 million steps/s). The README's
// end-to-end table gives /usr/bin/time of the built command, which these
// follow within the test binary's own overhead.
func BenchmarkScale(b *testing.B) {
	dir := b.TempDir()
	for _, c := range []struct {
		name  string
		args  []string
		steps float64 // steps a run makes, for steps/s (0: not reported)
	}{
		{"queens13-count", []string{"trace", "nqueens", "-n", "13", "--max-steps", "0"}, 0},
		{"tree10M", []string{"trace", "nqueens", "-n", "12", "--max-steps", "10000000", "--dot", dir + "/t.dot"}, 0},
		{"step10M", []string{"step", "nqueens", "-n", "12", "--max-steps", "10000000", "--to", "9999999", "--print"}, 0},
		{"queens11-yaml", []string{"trace", "nqueens", "-n", "11", "--yaml", os.DevNull}, 4_281_115},
	} {
		b.Run(c.name, func(b *testing.B) {
			benchPeak(b, func() {
				var out, errs bytes.Buffer
				if code := run(c.args, strings.NewReader(""), &out, &errs); code != 0 {
					b.Fatalf("%v: exit %d: %s", c.args, code, errs.String())
				}
			})
			if c.steps > 0 {
				b.ReportMetric(c.steps*float64(b.N)/b.Elapsed().Seconds(), "steps/s")
			}
		})
	}
}
