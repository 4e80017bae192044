package stepper

import (
	"errors"
	"io"
	"slices"
	"strings"
	"testing"
	"testing/iotest"

	"github.com/backtrack-edu/backtrack/tracer"
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

// TestScriptReaderLines: the script reader gives each line without its
// line end, as bufio.Scanner would, and a line longer than MaxScriptLine
// as its length alone, whatever the size of the input's reads.
func TestScriptReaderLines(t *testing.T) {
	max := strings.Repeat("g", MaxScriptLine)
	tests := []struct {
		in   string
		text []string
		long []int64
	}{
		{"", nil, nil},
		{"n", []string{"n"}, []int64{0}},
		{"n\nb\r\n\n", []string{"n", "b", ""}, []int64{0, 0, 0}},
		{max + "\n" + max + "\r\n", []string{max, max}, []int64{0, 0}},
		{max + "x\nn", []string{"", "n"}, []int64{MaxScriptLine + 1, 0}},
		{max + "xy\r\n", []string{""}, []int64{MaxScriptLine + 2}},
		{strings.Repeat("n", 3*MaxScriptLine+5), []string{""}, []int64{3*MaxScriptLine + 5}},
	}
	for _, tt := range tests {
		for _, chunk := range []int{1, 7, 1 << 20} {
			sr := newScriptReader(iotest.OneByteReader(strings.NewReader(tt.in)))
			if chunk > 1 {
				sr = newScriptReader(&chunkReader{tt.in, chunk})
			}
			var text []string
			var long []int64
			for sr.Scan() {
				text, long = append(text, sr.Text()), append(long, sr.long)
			}
			if sr.Err() != nil || !slices.Equal(text, tt.text) || !slices.Equal(long, tt.long) {
				t.Errorf("%.20q (reads of %d): lines %.40q, long %v, err %v; want %.40q, %v", tt.in, chunk, text, long, sr.Err(), tt.text, tt.long)
			}
		}
	}
	if g := groupDigits(5000000); g != "5,000,000" {
		t.Errorf("groupDigits(5000000) = %q", g)
	}
}

// chunkReader reads s at most n bytes at a time.
type chunkReader struct {
	s string
	n int
}

func (r *chunkReader) Read(p []byte) (int, error) {
	if r.s == "" {
		return 0, io.EOF
	}
	k := copy(p[:min(len(p), r.n)], r.s)
	r.s = r.s[k:]
	return k, nil
}
