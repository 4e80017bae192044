package stepper

import (
	"errors"
	"testing"

	"backtrack/tracer"
)

// failingWriter fails every write with its error.
type failingWriter struct{ err error }

func (w failingWriter) Write([]byte) (int, error) { return 0, w.err }

// TestWriteErrorsAreTheWriters: a writer that fails makes WriteHTML and
// WriteLockstep return its own error, with no prefix ("html:",
// "lockstep:") of theirs.
func TestWriteErrorsAreTheWriters(t *testing.T) {
	full := errors.New("--html: cannot write myfull: no space left on device")
	a := recordLockRun(t, tracer.Spec{Problem: "nqueens", N: 4})
	b := recordLockRun(t, tracer.Spec{Problem: "permutations", N: 3})
	for _, tt := range []struct {
		name  string
		write func() error
	}{
		{"WriteHTML", func() error { return WriteHTML(failingWriter{full}, a.rec, HTMLOptions{TreePane: true}) }},
		{"WriteLockstep", func() error {
			return WriteLockstep(failingWriter{full}, LockstepSide{Rec: a.rec}, LockstepSide{Rec: b.rec}, LockstepOptions{})
		}},
	} {
		if err := tt.write(); err != full {
			t.Errorf("%s: %v, want the writer's own error %q", tt.name, err, full)
		}
	}
}
