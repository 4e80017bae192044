package render

import (
	"context"
	"sync"
	"syscall"
	"testing"
	"time"

	"github.com/backtrack-edu/backtrack/tracer"
)

// dotBigQueens is `trace nqueens -n 12` with the command line's default
// step limit: a tree of 10 million events (about 3.6 million nodes), the
// biggest a default run draws.
var dotBigQueens = sync.OnceValue(func() dotRun {
	p, opts, err := tracer.Spec{Problem: "nqueens", N: 12, Limits: tracer.Limits{MaxSteps: tracer.DefaultMaxSteps}}.Build()
	if err != nil {
		panic(err)
	}
	tree, st := tracer.NewTree(), &tracer.Stats{}
	opts.Sinks = []tracer.Sink{tree, st}
	res, err := tracer.Run(context.Background(), p, opts)
	if err != nil {
		panic(err)
	}
	return dotRun{tree, Legend{Summary: tracer.Summarize(p.Info(), opts, res, st), Lang: tracer.LangEN}}
})

// BenchmarkFitBig fits the default picture of the 10-million-event tree
// to a 16:9 slide, as `trace nqueens -n 12 --dot F` does: "list" with the
// trim, "scan" with the old trim that scanned the whole tree on every
// pass (trim_scan_test.go). With -count N the two alternate.
func BenchmarkFitBig(b *testing.B) {
	r := dotBigQueens()
	opt := DiagramOptions{MaxNodes: DefaultMaxNodes, Layout: true, Fit: Slide16x9}
	for _, c := range []struct {
		name string
		pass func(*trimmer, DiagramOptions) (*Trimmed, TrimReport, error)
	}{{"scan", (*trimmer).trimScan}, {"list", (*trimmer).trim}} {
		b.Run(c.name, func(b *testing.B) {
			trimPass = c.pass
			defer func() { trimPass = (*trimmer).trim }()
			var n dotCountWriter
			b.ReportAllocs()
			cpu0 := processCPU()
			for b.Loop() {
				if _, err := WriteDOT(&n, r.tree, r.leg, opt); err != nil {
					b.Fatal(err)
				}
			}
			// The process's CPU time, which a loaded machine (shared with
			// other work) stretches less than the wall time.
			b.ReportMetric(float64(processCPU()-cpu0)/float64(b.N), "cpu-ns/op")
		})
	}
}

// processCPU is the CPU time (user and system) the process has used.
func processCPU() time.Duration {
	var ru syscall.Rusage
	if err := syscall.Getrusage(syscall.RUSAGE_SELF, &ru); err != nil {
		return 0
	}
	return time.Duration(ru.Utime.Nano() + ru.Stime.Nano())
}
