package cli

import (
	"io"
	"os"

	"golang.org/x/term"

	"github.com/backtrack-edu/backtrack/render/progress"
	"github.com/backtrack-edu/backtrack/tracer"
)

// terminal is a stderr that counts as a terminal without being one: a
// test's, which sets the line's options (its width, when it starts,
// whether it is redrawn at each change).
type terminal interface {
	io.Writer
	terminal() progress.Options
}

// newProgress returns the progress line of a job (render/progress), drawn
// on stderr in lang only when stderr is a terminal: a pipe, a file or CI
// get nothing (nil).
func newProgress(stderr io.Writer, lang tracer.Lang) *progress.Reporter {
	opt := progress.Options{Out: stderr, Lang: lang}
	switch w := stderr.(type) {
	case terminal:
		opt = w.terminal()
		opt.Out, opt.Lang = stderr, lang
	case *os.File:
		fd := int(w.Fd())
		if !term.IsTerminal(fd) {
			return nil
		}
		if cols, _, err := term.GetSize(fd); err == nil {
			opt.Width = cols
		}
	default:
		return nil
	}
	return progress.New(opt)
}
