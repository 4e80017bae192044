package tracer

import (
	"context"
	"testing"

	"github.com/backtrack-edu/backtrack/tracer/problems/nqueens"
)

// sampling is a problem that looks at a search's Progress from inside
// it, at its 10,000th check, as another goroutine would.
type sampling struct {
	Problem
	p      *Progress
	checks int
	seen   int64
}

func (s *sampling) Check(slot Pos, v int, placed bool) Verdict {
	s.checks++
	if s.checks == 10000 {
		s.seen = s.p.Steps()
	}
	return s.Problem.Check(slot, v, placed)
}

// TestProgress: Run keeps Options.Progress up to date while it runs, in
// the lean loops (no sink, or a Stats) and with an event sink, with a
// context that can end or none, and gives the final counts at the end.
func TestProgress(t *testing.T) {
	cancelable, cancel := context.WithCancel(context.Background())
	defer cancel()
	for _, c := range []struct {
		name  string
		ctx   context.Context
		sinks func() []Sink
	}{
		{"no sink", context.Background(), func() []Sink { return nil }},
		{"stats", context.Background(), func() []Sink { return []Sink{&Stats{}} }},
		{"events", context.Background(), func() []Sink { return []Sink{SinkFunc(func(*Event) {})} }},
		{"cancelable", cancelable, func() []Sink { return []Sink{&Stats{}} }},
	} {
		q, err := nqueens.NewNQueens(8, CheckScan)
		if err != nil {
			t.Fatal(err)
		}
		s := &sampling{Problem: q, p: &Progress{}}
		res, err := Run(c.ctx, s, Options{Stop: StopAll, Sinks: c.sinks(), Progress: s.p})
		if err != nil {
			t.Fatal(err)
		}
		if s.seen < 10000 || s.seen >= res.Steps {
			t.Errorf("%s: at the 10,000th check Progress said %d steps, want some 10,000 or more, less than the %d in all", c.name, s.seen, res.Steps)
		}
		if s.p.Steps() != res.Steps || s.p.Calls() != res.Nodes {
			t.Errorf("%s: at the end Progress says %d steps, %d calls; the result %d, %d", c.name, s.p.Steps(), s.p.Calls(), res.Steps, res.Nodes)
		}
	}
}
