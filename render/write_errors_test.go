package render

import (
	"errors"
	"testing"
)

// failingWriter fails every write with its error.
type failingWriter struct{ err error }

func (w failingWriter) Write([]byte) (int, error) { return 0, w.err }

// TestWriteErrorsAreTheWriters: a writer that fails makes WriteDOT and
// WriteDepthChart return its own error, with no prefix of theirs: the
// writer (an output file) names itself, and the command shows that one
// line as it is.
func TestWriteErrorsAreTheWriters(t *testing.T) {
	full := errors.New("--x: cannot write myfull: no space left on device")
	r := dotQueens(t, 4)
	runs := compareDefault(t)
	for _, tt := range []struct {
		name  string
		write func() error
	}{
		{"WriteDOT", func() error { _, err := WriteDOT(failingWriter{full}, r.tree, r.leg, DiagramOptions{}); return err }},
		{"WriteDepthChart", func() error { return WriteDepthChart(failingWriter{full}, runs, ChartOptions{}) }},
	} {
		if err := tt.write(); err != full {
			t.Errorf("%s: %v, want the writer's own error %q", tt.name, err, full)
		}
	}
}
