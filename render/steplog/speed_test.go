package steplog

import (
	"bytes"
	"context"
	"io"
	"sort"
	"testing"
	"time"

	"github.com/backtrack-edu/backtrack/tracer"
	"github.com/backtrack-edu/backtrack/tracer/problems/sudoku"
)

// BenchmarkLogNarrated runs a whole search with the step log as its only
// sink, notes in English or Chinese by the tracer's narrator appended to
// the lines (NewNarratedWriter), to io.Discard: what `trace --yaml` does
// but for the file's write calls. The "-strings" runs hand the writer
// Note's strings instead (NewWriter), as before issue 26's appending
// narrator; each round runs both, alternating which goes first, and
// reports the median ratio of appended time over strings time:
//
//	go test -run '^$' -bench LogNarrated -benchtime 10x ./render/steplog
func BenchmarkLogNarrated(b *testing.B) {
	for _, c := range []logCase{
		{name: "queens9-all", problem: logQueens(9, tracer.CheckScan), opts: tracer.Options{Stop: tracer.StopAll}},
		{name: "lc37-whole", problem: logSudoku(sudoku.LeetCode37, sudoku.OrderScan2D, tracer.CheckScan)},
	} {
		for _, lang := range tracer.Langs {
			b.Run(c.name+"-"+string(lang), func(b *testing.B) {
				var steps int64
				var app, str time.Duration
				ratios := make([]float64, 0, b.N)
				for i := 0; i < b.N; i++ {
					var ta, ts time.Duration
					for j := 0; j < 2; j++ {
						appending := (i+j)%2 == 0
						t0 := time.Now()
						k := logNarrated(b, c, lang, io.Discard, appending)
						d := time.Since(t0)
						if appending {
							ta, steps = d, steps+k
						} else {
							ts = d
						}
					}
					app, str = app+ta, str+ts
					ratios = append(ratios, float64(ta)/float64(ts))
				}
				sort.Float64s(ratios)
				b.ReportMetric(float64(steps)/app.Seconds(), "steps/s")
				b.ReportMetric(float64(steps)/str.Seconds(), "strings-steps/s")
				b.ReportMetric(ratios[len(ratios)/2], "ratio-median")
				b.ReportMetric(0, "ns/op")
			})
		}
	}
}

// logNarrated runs c with a Writer to w, notes in lang (appended by the
// narrator, NewNarratedWriter, or as Note's strings, NewWriter), and
// returns the steps written.
func logNarrated(t testing.TB, c logCase, lang tracer.Lang, w io.Writer, appending bool) int64 {
	t.Helper()
	p, err := c.problem()
	if err != nil {
		t.Fatal(err)
	}
	h := HeaderFor(p.Info(), c.opts)
	h.Tool, h.Lang = "backtrack (test)", string(lang)
	n := tracer.NewNarrator(p.Info(), h.Strategy, lang)
	var lw *Writer
	if appending {
		lw, err = NewNarratedWriter(w, h, n)
	} else {
		lw, err = NewWriter(w, h, n.Note)
	}
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

// BenchmarkReadLog reads whole step logs with Read's shortcut for the
// Writer's own lines (fastStep) and without it (the reader before issue
// 26's speed-up: every line taken apart into fields), alternating which
// goes first, into no sink. It reports the shortcut's rate (steps/s, the
// median round), the old one's (old-steps/s) and the median of new time
// over old (ratio-median, with ratio-p10 and ratio-p90):
//
//	go test -run '^$' -bench ReadLog -benchtime 20x ./render/steplog
func BenchmarkReadLog(b *testing.B) {
	for _, c := range []struct {
		name  string
		c     logCase
		notes string // "", "en" or "zh"
	}{
		{"queens9-all", logCase{problem: logQueens(9, tracer.CheckScan), opts: tracer.Options{Stop: tracer.StopAll}}, ""},
		{"queens9-all-en", logCase{problem: logQueens(9, tracer.CheckScan), opts: tracer.Options{Stop: tracer.StopAll}}, "en"},
		{"queens9-all-zh", logCase{problem: logQueens(9, tracer.CheckScan), opts: tracer.Options{Stop: tracer.StopAll}}, "zh"},
		{"lc37-whole-en", logCase{problem: logSudoku(sudoku.LeetCode37, sudoku.OrderScan2D, tracer.CheckScan)}, "en"},
	} {
		b.Run(c.name, func(b *testing.B) {
			var note func(*tracer.Event) string
			if c.notes != "" {
				p, err := c.c.problem()
				if err != nil {
					b.Fatal(err)
				}
				note = tracer.NewNarrator(p.Info(), HeaderFor(p.Info(), c.c.opts).Strategy, tracer.Lang(c.notes)).Note
			}
			lr := runLogged(b, c.c, note)
			steps := float64(len(lr.events))
			readOnce := func(fast bool) time.Duration {
				start := time.Now()
				if _, _, err := read(bytes.NewReader(lr.log), nil, readOptions{fast: fast, moves: true}); err != nil {
					b.Fatal(err)
				}
				return time.Since(start)
			}
			var ratios, news, olds []float64
			i := 0
			for b.Loop() {
				var n, o time.Duration
				if i%2 == 0 {
					n, o = readOnce(true), readOnce(false)
				} else {
					o, n = readOnce(false), readOnce(true)
				}
				i++
				ratios = append(ratios, float64(n)/float64(o))
				news, olds = append(news, steps/n.Seconds()), append(olds, steps/o.Seconds())
			}
			b.ReportMetric(medianOf(news), "steps/s")
			b.ReportMetric(medianOf(olds), "old-steps/s")
			b.ReportMetric(medianOf(ratios), "ratio-median")
			sort.Float64s(ratios)
			b.ReportMetric(ratios[len(ratios)/10], "ratio-p10")
			b.ReportMetric(ratios[(len(ratios)-1)*9/10], "ratio-p90")
			b.ReportMetric(0, "ns/op")
		})
	}
}

// medianOf returns the median of xs (which it sorts).
func medianOf(xs []float64) float64 {
	sort.Float64s(xs)
	return xs[len(xs)/2]
}
