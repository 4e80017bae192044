package steplog

import (
	"context"
	"io"
	"testing"

	"backtrack/tracer"
)

// BenchmarkLogNarrated runs a whole search with the step log as its only
// sink, notes in English or Chinese by the tracer's narrator, to
// io.Discard: what `trace --yaml` does but for the file's write calls.
func BenchmarkLogNarrated(b *testing.B) {
	for _, c := range []logCase{
		{name: "queens9-all", problem: logQueens(9, tracer.CheckScan), opts: tracer.Options{Stop: tracer.StopAll}},
		{name: "lc37-whole", problem: logSudoku(tracer.LeetCode37, tracer.OrderScan2D, tracer.CheckScan)},
	} {
		for _, lang := range tracer.Langs {
			b.Run(c.name+"-"+string(lang), func(b *testing.B) {
				steps := int64(0)
				for i := 0; i < b.N; i++ {
					steps += logNarrated(b, c, lang, io.Discard)
				}
				b.ReportMetric(float64(steps)/b.Elapsed().Seconds(), "steps/s")
				b.ReportMetric(0, "ns/op")
			})
		}
	}
}

// logNarrated runs c with a Writer to w, notes in lang, and returns the
// steps written.
func logNarrated(t testing.TB, c logCase, lang tracer.Lang, w io.Writer) int64 {
	t.Helper()
	p, err := c.problem()
	if err != nil {
		t.Fatal(err)
	}
	h := HeaderFor(p.Info(), c.opts)
	h.Tool, h.Lang = "backtrack (test)", string(lang)
	lw, err := NewWriter(w, h, tracer.NewNarrator(p.Info(), h.Strategy, lang).Note)
	if err != nil {
		t.Fatal(err)
	}
	st := &tracer.Stats{}
	opts := c.opts
	opts.Sinks = []tracer.Sink{st, lw}
	res, err := tracer.Run(context.Background(), p, opts)
	if err != nil {
		t.Fatal(err)
	}
	if err := lw.Close(tracer.Summarize(p.Info(), opts, res, st)); err != nil {
		t.Fatal(err)
	}
	return st.Steps
}
