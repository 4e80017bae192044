package export

import (
	"errors"
	"testing"

	"github.com/backtrack-edu/backtrack/render"
	"github.com/backtrack-edu/backtrack/render/outfile"
)

// TestDotError: a diagram error is bad input only when an option is at
// fault; a failed write keeps naming its output; anything else is the
// run's failure (the command line's exit 1, not 2).
func TestDotError(t *testing.T) {
	write := &outfile.Error{Label: "--dot", Name: "x.dot", Err: errors.New("no space left on device")}
	tests := []struct {
		name   string
		err    error
		input  bool
		output bool
		msg    string
	}{
		{"a focus move not in the tree", &render.OptionError{Err: errors.New("focus move r0=c9: no such move under the root")}, true, false,
			"focus move r0=c9: no such move under the root"},
		{"a write that failed", write, false, true, write.Error()},
		{"a drawing the renderer could not make", errors.New("dot: boards: the legend's instance"), false, false,
			"drawing the search tree: dot: boards: the legend's instance"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			err := dotError(tt.err)
			var ie *InputError
			var oe *outfile.Error
			if got := errors.As(err, &ie); got != tt.input {
				t.Errorf("input error %v, want %v", got, tt.input)
			}
			if got := errors.As(err, &oe); got != tt.output {
				t.Errorf("output error %v, want %v", got, tt.output)
			}
			if err.Error() != tt.msg {
				t.Errorf("message %q, want %q", err, tt.msg)
			}
		})
	}
}
