package export_test

import (
	"bytes"
	"context"
	"errors"
	"path/filepath"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/backtrack-edu/backtrack/render/export"
	"github.com/backtrack-edu/backtrack/render/progress"
	"github.com/backtrack-edu/backtrack/tracer"
)

// lineReporter is a progress line drawn at every change, from the first
// one (no 2 s wait), into a buffer: what a terminal would show, without
// one.
func lineReporter(out *syncBuffer) *progress.Reporter {
	return progress.New(progress.Options{Out: out, After: -1, Manual: true, Width: 200})
}

// syncBuffer is a buffer safe for the writes of several goroutines.
type syncBuffer struct {
	mu sync.Mutex
	b  bytes.Buffer
}

func (s *syncBuffer) Write(p []byte) (int, error) {
	s.mu.Lock()
	defer s.mu.Unlock()
	return s.b.Write(p)
}

func (s *syncBuffer) String() string {
	s.mu.Lock()
	defer s.mu.Unlock()
	return s.b.String()
}

// finalLine is the line a progress line leaves: the text after its last
// clear-line, up to the newline.
func finalLine(t *testing.T, out string) string {
	t.Helper()
	if !strings.HasSuffix(out, "\n") {
		t.Fatalf("the progress line left no final line: %q", out)
	}
	i := strings.LastIndex(out, "\x1b[K")
	return strings.TrimSuffix(out[i+len("\x1b[K"):], "\n")
}

// TestRunProgress: a run that draws frames and a GIF tells its progress
// line what it does (searching, drawing each frame, writing the GIF) and
// leaves one final line naming them; the outputs are the same as
// without it.
func TestRunProgress(t *testing.T) {
	dir := t.TempDir()
	var out syncBuffer
	var report bytes.Buffer
	_, err := export.Run(context.Background(), tracer.Spec{Problem: "nqueens", N: 4}, export.Options{
		Outputs:  export.Outputs{GIF: filepath.Join(dir, "q.gif"), Frames: filepath.Join(dir, "f")},
		Every:    "solution",
		Stdout:   &report,
		Report:   true,
		Progress: lineReporter(&out),
	})
	if err != nil {
		t.Fatal(err)
	}
	got := out.String()
	// 4-queens, every solution: 187 steps, frames at its 2 solutions and
	// its end.
	for _, want := range []string{"searching: 0 steps", "drawing the frames: 0 of 3 frames", "drawing the frames: 1 of 3 frames",
		"writing --gif " + filepath.Join(dir, "q.gif") + ": 1 of 3 frames"} {
		if !strings.Contains(got, want) {
			t.Errorf("the progress line never said %q:\n%q", want, got)
		}
	}
	// The tasks took less than a second: the final line names the
	// longest (the frames, surely) and the whole time.
	if final := finalLine(t, got); !strings.HasPrefix(final, "drawing the frames: 3 frames · ") || !strings.HasSuffix(final, " s in all") {
		t.Errorf("final line %q, want the frames' and the whole time", final)
	}
	if strings.Count(got, "\n") != 1 {
		t.Errorf("%d lines left, want one:\n%q", strings.Count(got, "\n"), got)
	}
	if !strings.Contains(report.String(), "solutions") {
		t.Errorf("no report:\n%s", report.String())
	}
}

// TestRenderProgress: reading a step log counts its bytes out of the
// file's size.
func TestRenderProgress(t *testing.T) {
	dir := t.TempDir()
	log := filepath.Join(dir, "q.yaml")
	if _, err := export.Run(context.Background(), tracer.Spec{Problem: "nqueens", N: 5}, export.Options{Outputs: export.Outputs{Log: log}}); err != nil {
		t.Fatal(err)
	}
	var out syncBuffer
	_, err := export.Render(context.Background(), log, export.Options{
		Outputs:  export.Outputs{DOT: filepath.Join(dir, "q.dot")},
		Progress: lineReporter(&out),
	})
	if err != nil {
		t.Fatal(err)
	}
	got := out.String()
	if !strings.Contains(got, "reading "+log+": 0.0 of 0.1 MB") {
		t.Errorf("the progress line never said it was reading %s:\n%q", log, got)
	}
	if final := finalLine(t, got); !strings.HasPrefix(final, "reading "+log+": 0.1 MB · ") && !strings.HasPrefix(final, "laying out the tree · ") {
		t.Errorf("final line %q, want the MB read", final)
	}
}

// TestCompareRowsAsTheyEnd: compare --strategies writes each row as its
// run ends. With no step limit, 10-queens' check at the leaf never ends:
// the rows of the runs before it are on stdout while it runs, which the
// test sees by interrupting the comparison as soon as the first row is
// written.
func TestCompareRowsAsTheyEnd(t *testing.T) {
	specs, err := tracer.Spec{Problem: "nqueens", N: 10, Stop: tracer.StopAll}.Strategies()
	if err != nil {
		t.Fatal(err)
	}
	ctx, cancel := context.WithTimeout(context.Background(), 20*time.Second)
	defer cancel()
	var rowsSeen bool
	var table bytes.Buffer
	stdout := writerFunc(func(b []byte) (int, error) {
		table.Write(b)
		if strings.Count(table.String(), "\n") >= 3 && !rowsSeen { // the title, the header, a row
			rowsSeen = true
			cancel()
		}
		return len(b), nil
	})
	var out syncBuffer
	err = export.Compare(ctx, specs, export.CompareOptions{Strategies: true, NoTime: true, Stdout: stdout, Progress: lineReporter(&out)})
	var ie *export.Interrupted
	if !errors.As(err, &ie) {
		t.Fatalf("Compare: %v, want an interrupt", err)
	}
	if !rowsSeen {
		t.Fatalf("no row was written before the interrupt (%v):\n%s", ctx.Err(), table.String())
	}
	lines := strings.Split(strings.TrimSpace(table.String()), "\n")
	if len(lines) < 3 || !strings.HasPrefix(lines[1], "order") || !strings.HasPrefix(lines[2], "rows   scan    before  complete") {
		t.Errorf("table:\n%s", table.String())
	}
	if !strings.Contains(ie.Error(), "runs that finished") {
		t.Errorf("interrupt %q", ie)
	}
	if got := out.String(); !strings.Contains(got, "comparing: 0 of 6 runs") || !strings.Contains(got, "now rows scan before: ") {
		t.Errorf("the progress line never said which run runs:\n%q", got)
	}
}

type writerFunc func([]byte) (int, error)

func (f writerFunc) Write(b []byte) (int, error) { return f(b) }
