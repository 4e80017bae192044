package export_test

import (
	"bytes"
	"context"
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/backtrack-edu/backtrack/render"
	"github.com/backtrack-edu/backtrack/render/export"
	"github.com/backtrack-edu/backtrack/render/outfile"
	"github.com/backtrack-edu/backtrack/tracer"
	"github.com/backtrack-edu/backtrack/tracer/problems/sudoku"
)

// Example runs 4-queens and writes its counts, its step log and its
// search tree as DOT into a folder, each file whole or not at all; the
// report goes to stdout.
func Example() {
	dir, err := os.MkdirTemp("", "export-example-")
	if err != nil {
		panic(err)
	}
	defer os.RemoveAll(dir)
	res, err := export.Run(context.Background(), tracer.Spec{Problem: "nqueens", N: 4}, export.Options{
		Outputs: export.Outputs{
			Stats: filepath.Join(dir, "stats.yaml"),
			Log:   filepath.Join(dir, "steps.yaml"),
			DOT:   filepath.Join(dir, "tree.dot"),
		},
		Diagram: render.DiagramOptions{MaxNodes: render.DefaultMaxNodes, Layout: true},
		Lang:    tracer.LangEN,
		Stdout:  os.Stdout,
	})
	if err != nil {
		panic(err)
	}
	fmt.Println(res.Summary.Status, res.Summary.Stats.Solutions, "solutions,", res.Summary.Stats.Nodes, "calls")
	// The step log reads back into the same pictures.
	var dot bytes.Buffer
	if _, err := export.Render(context.Background(), filepath.Join(dir, "steps.yaml"), export.Options{
		Outputs: export.Outputs{DOT: "-"},
		Diagram: render.DiagramOptions{MaxNodes: render.DefaultMaxNodes, Layout: true},
		Stdout:  &dot,
	}); err != nil {
		panic(err)
	}
	same, _ := os.ReadFile(filepath.Join(dir, "tree.dot"))
	fmt.Println("the log draws the same tree:", bytes.Equal(dot.Bytes(), same))
	// Output:
	// complete 2 solutions, 17 calls
	// the log draws the same tree: true
}

// TestRunOutputsNeverInputs: an output naming an input is refused before
// the search, and the input is left as it was.
func TestRunOutputsNeverInputs(t *testing.T) {
	dir := t.TempDir()
	in := filepath.Join(dir, "puzzle.txt")
	if err := os.WriteFile(in, []byte(sudoku.LeetCode37), 0o644); err != nil {
		t.Fatal(err)
	}
	_, err := export.Run(context.Background(), tracer.Spec{Problem: "sudoku", Puzzle: sudoku.LeetCode37}, export.Options{
		Outputs: export.Outputs{SVG: in},
		Inputs:  []export.Input{{Label: "--puzzle", Name: in, What: "the puzzle"}},
	})
	var bad *outfile.Error
	if !errors.As(err, &bad) || !bad.Bad {
		t.Fatalf("an output naming the puzzle: err %v, want a bad-input outfile.Error", err)
	}
	if b, _ := os.ReadFile(in); string(b) != sudoku.LeetCode37 {
		t.Errorf("the puzzle was changed: %q", b)
	}
}

// TestRunInterrupted: a canceled run still writes its step log whole,
// with its summary, and says it was interrupted.
func TestRunInterrupted(t *testing.T) {
	dir := t.TempDir()
	ctx, cancel := context.WithCancel(context.Background())
	n := 0
	stop := tracer.SinkFunc(func(*tracer.Event) {
		if n++; n == 50 {
			cancel()
		}
	})
	log := filepath.Join(dir, "steps.yaml")
	res, err := export.Run(ctx, tracer.Spec{Problem: "nqueens", N: 8}, export.Options{
		Outputs: export.Outputs{Log: log}, Sinks: []tracer.Sink{stop},
	})
	var ie *export.Interrupted
	if !errors.As(err, &ie) {
		t.Fatalf("err %v, want *export.Interrupted", err)
	}
	if res == nil || res.Summary.Status != tracer.StatusLimit {
		t.Fatalf("result %+v, want status limit", res)
	}
	b, err := os.ReadFile(log)
	if err != nil || !strings.Contains(string(b), "status: limit") {
		t.Errorf("the step log has no summary: %v", err)
	}
}

// TestErrorKinds: which errors are the input's fault (the command line's
// exit 2) and which are the run's (exit 1).
func TestErrorKinds(t *testing.T) {
	dir := t.TempDir()
	tests := []struct {
		name  string
		opt   export.Options
		input bool // an *export.InputError
	}{
		{"focus on no such move", export.Options{Outputs: export.Outputs{DOT: filepath.Join(dir, "a.dot")},
			Diagram: render.DiagramOptions{Focus: []string{"r0=c9"}, Layout: true}}, true},
		{"a step past the end", export.Options{Outputs: export.Outputs{DOT: filepath.Join(dir, "b.dot")},
			Diagram: render.DiagramOptions{AtStep: 1 << 40, Layout: true}}, true},
		{"a bad scale", export.Options{Outputs: export.Outputs{PNG: filepath.Join(dir, "c.png")}, Scale: 9}, true},
		{"a bad --every", export.Options{Outputs: export.Outputs{GIF: filepath.Join(dir, "d.gif")}, Every: "sometimes"}, true},
		{"a picture to stdout", export.Options{Outputs: export.Outputs{SVG: "-"}}, true},
		{"the DOT cannot be written", export.Options{Outputs: export.Outputs{DOT: "-"}, Stdout: failWriter{}}, false},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			_, err := export.Run(context.Background(), tracer.Spec{Problem: "nqueens", N: 4}, tt.opt)
			if err == nil {
				t.Fatal("no error")
			}
			var ie *export.InputError
			if got := errors.As(err, &ie); got != tt.input {
				t.Errorf("%v: input error %v, want %v", err, got, tt.input)
			}
		})
	}
}

// failWriter fails every write, as a closed pipe does.
type failWriter struct{}

func (failWriter) Write([]byte) (int, error) { return 0, errors.New("broken pipe") }

// TestRenderNeedsAnOutput: Render with nothing to write is bad input.
func TestRenderNeedsAnOutput(t *testing.T) {
	_, err := export.Render(context.Background(), "x.yaml", export.Options{})
	var ie *export.InputError
	if !errors.As(err, &ie) {
		t.Errorf("err %v, want *export.InputError", err)
	}
}
