package steplog

import (
	"bufio"
	"bytes"
	"context"
	"os"
	"path/filepath"
	"reflect"
	"runtime"
	"testing"

	"github.com/backtrack-edu/backtrack/tracer"
	"github.com/backtrack-edu/backtrack/tracer/problems/nqueens"
)

// logCounter is a sink that only counts steps.
type logCounter struct{ n int64 }

func (c *logCounter) Event(*tracer.Event) { c.n++ }

// logReadAlloc reads log into a counting sink and returns the bytes and
// objects the read allocated (the least of three reads). The reads after
// the first only take noise out, so it stops early once enough(bytes,
// objects), the test's bound, holds of the least so far (nil: never): the
// least of three would hold it too.
func logReadAlloc(t *testing.T, read func() error, enough func(bytes, objects uint64) bool) (bytes, objects uint64) {
	t.Helper()
	bytes, objects = ^uint64(0), ^uint64(0)
	for i := range 3 {
		if i > 0 && enough != nil && enough(bytes, objects) {
			break
		}
		runtime.GC()
		var before, after runtime.MemStats
		runtime.ReadMemStats(&before)
		err := read()
		runtime.ReadMemStats(&after)
		if err != nil {
			t.Fatal(err)
		}
		bytes = min(bytes, after.TotalAlloc-before.TotalAlloc)
		objects = min(objects, after.Mallocs-before.Mallocs)
	}
	return bytes, objects
}

// TestLogReadAllocs reads the logs of one search stopped after 30,000 and
// after 300,000 steps: reading ten times the steps allocates no more.
func TestLogReadAllocs(t *testing.T) {
	logOf := func(steps int64) logRun {
		c := logCase{problem: logQueens(10, tracer.CheckScan),
			opts: tracer.Options{Stop: tracer.StopAll, Limits: tracer.Limits{MaxSteps: steps}}}
		return runLogged(t, c, logTrickyNote)
	}
	small, big := logOf(30_000), logOf(300_000)
	allocs := func(lr logRun, enough func(b, o uint64) bool) (uint64, uint64) {
		return logReadAlloc(t, func() error {
			c := &logCounter{}
			_, _, err := Read(bytes.NewReader(lr.log), c)
			if err == nil && c.n != int64(len(lr.events)) {
				t.Fatalf("%d steps read, %d written", c.n, len(lr.events))
			}
			return err
		}, enough)
	}
	sb, so := allocs(small, nil)
	bb, bo := allocs(big, func(b, o uint64) bool { return b <= sb+16<<10 && o <= so+100 })
	t.Logf("reading %d steps allocates %d bytes in %d objects; %d steps, %d bytes in %d objects",
		len(small.events), sb, so, len(big.events), bb, bo)
	// Nothing is allocated per step; what grows with the log (a line held
	// for every line read) would be 270,000 bytes or more here.
	if bb > sb+16<<10 || bo > so+100 {
		t.Errorf("reading %d more steps allocated %d more bytes in %d more objects",
			len(big.events)-len(small.events), int64(bb)-int64(sb), int64(bo)-int64(so))
	}
}

// TestLogLongRoundTrip writes the step log of 1.6 million steps of
// 11-queens (with the notes trace --yaml writes) into a file, reads it
// back into a tree equal to the live tree, with the live summary, so that
// it draws the same diagrams: B5 of the newcomer trial, where render
// refused every log of more than about a million lines. The reader's own
// allocations stay small.
func TestLogLongRoundTrip(t *testing.T) {
	if testing.Short() {
		t.Skip("a 1.6-million-step log: run without -short")
	}
	const steps = 1_600_000
	p, err := nqueens.NewNQueens(11, tracer.CheckScan)
	if err != nil {
		t.Fatal(err)
	}
	opts := tracer.Options{Stop: tracer.StopAll, Limits: tracer.Limits{MaxSteps: steps}}
	h := HeaderFor(p.Info(), opts)
	h.Tool, h.Lang = "backtrack (test)", string(tracer.LangEN)
	path := filepath.Join(t.TempDir(), "q11.yaml")
	f, err := os.Create(path)
	if err != nil {
		t.Fatal(err)
	}
	lw, err := NewWriter(f, h, tracer.NewNarrator(p.Info(), h.Strategy, tracer.LangEN).Note)
	if err != nil {
		t.Fatal(err)
	}
	live, st := tracer.NewTree(), &tracer.Stats{}
	opts.Sinks = []tracer.Sink{live, st, lw}
	res, err := tracer.Run(context.Background(), p, opts)
	if err != nil {
		t.Fatal(err)
	}
	liveSum := tracer.Summarize(p.Info(), opts, res, st)
	if err := lw.Close(liveSum); err != nil {
		t.Fatal(err)
	}
	if err := f.Close(); err != nil {
		t.Fatal(err)
	}
	if res.Steps < 1_500_000 || liveSum.Status != tracer.StatusLimit {
		t.Fatalf("%d steps, status %s: want at least 1.5 million and a limit", res.Steps, liveSum.Status)
	}

	read := func(sink tracer.Sink) (tracer.Summary, error) {
		f, err := os.Open(path)
		if err != nil {
			return tracer.Summary{}, err
		}
		defer f.Close()
		_, sum, err := Read(bufio.NewReaderSize(f, 64<<10), sink)
		return sum, err
	}

	// The reader alone holds a line, the header and the summary.
	ab, ao := logReadAlloc(t, func() error {
		c := &logCounter{}
		_, err := read(c)
		if err == nil && c.n != res.Steps {
			t.Fatalf("%d steps read, %d written", c.n, res.Steps)
		}
		return err
	}, func(b, _ uint64) bool { return b <= 4<<20 })
	t.Logf("reading %d steps into a counter allocates %d KiB in %d objects", res.Steps, ab>>10, ao)
	if ab > 4<<20 {
		t.Errorf("reading %d steps allocated %d KiB", res.Steps, ab>>10)
	}

	tree := tracer.NewTree()
	sum, err := read(tree)
	if err != nil {
		t.Fatal(err)
	}
	if err := tree.Err(); err != nil {
		t.Fatal(err)
	}
	if tree.Steps != res.Steps || tree.Len() != live.Len() {
		t.Fatalf("read %d steps and %d nodes, the run made %d and %d", tree.Steps, tree.Len(), res.Steps, live.Len())
	}
	// The diagrams are drawn from the tree and the summary alone (WriteDOT
	// is deterministic), so a tree and a summary equal to the live ones
	// draw the live diagrams. TestRenderRoundTrip (package main) compares
	// the DOT of a saved log itself.
	if !reflect.DeepEqual(tree, live) {
		t.Error("the tree read back differs from the live tree")
	}
	if !reflect.DeepEqual(sum, liveSum) {
		t.Errorf("the summary read back differs from the live one:\n got %+v\nwant %+v", sum, liveSum)
	}
}
