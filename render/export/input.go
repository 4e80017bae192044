package export

import (
	"context"
	"errors"
	"fmt"
	"io"
	"os"
	"regexp"
	"strings"

	"github.com/backtrack-edu/backtrack/tracer/problems/sudoku"
)

// readCapped reads r whole, up to limit bytes, in a goroutine, so that ctx
// (Ctrl-C, SIGTERM) ends a read that waits on a terminal or a pipe.
// More than limit bytes is errTooLong.
func readCapped(ctx context.Context, open func() (io.ReadCloser, error), limit int64) ([]byte, error) {
	type result struct {
		b   []byte
		err error
	}
	ch := make(chan result, 1)
	go func() {
		r, err := open()
		if err != nil {
			ch <- result{nil, err}
			return
		}
		defer r.Close()
		b, err := io.ReadAll(io.LimitReader(r, limit+1))
		ch <- result{b, err}
	}()
	select {
	case res := <-ch:
		if res.err == nil && int64(len(res.b)) > limit {
			return nil, errTooLong
		}
		return res.b, res.err
	case <-ctx.Done():
		return nil, ErrInterruptedEarly
	}
}

var errTooLong = errors.New("too long")

// ReadPuzzle reads a puzzle as --puzzle names it: "-" for stdin, a file
// path, or the puzzle itself. It returns the text and where it came from,
// for messages. An empty (or blank) file or stdin is an InputError
// naming it. The read is capped at sudoku.MaxPuzzleBytes, and ctx ends
// a read that waits on a terminal or a pipe (ErrInterruptedEarly); a nil
// ctx is context.Background(). "-" with a nil stdin is an error.
func ReadPuzzle(ctx context.Context, arg string, stdin io.Reader) (text, where string, err error) {
	ctx = orBackground(ctx)
	if arg == "-" && stdin == nil {
		return "", "", inputf("--puzzle -: stdin is nil")
	}
	limit := int64(sudoku.MaxPuzzleBytes)
	tooLong := func(what string) error {
		return inputf("%s: the puzzle is longer than %d KiB: is this the right input?", what, limit>>10)
	}
	switch fi, statErr := os.Stat(arg); {
	case arg == "-":
		b, err := readCapped(ctx, func() (io.ReadCloser, error) { return io.NopCloser(stdin), nil }, limit)
		switch {
		case errors.Is(err, errTooLong):
			return "", "", tooLong("stdin")
		case err != nil && err != ErrInterruptedEarly:
			return "", "", fmt.Errorf("reading the puzzle from stdin: %w", err)
		case err != nil:
			return "", "", err
		case blank(b):
			return "", "", inputf("--puzzle -: stdin is %s: give the puzzle on stdin, or a puzzle or a file name as --puzzle's value", emptyOrBlank(b))
		}
		return string(b), "stdin", nil
	case statErr == nil && fi.IsDir():
		return "", "", inputf("--puzzle %s: is a folder, want a puzzle file", arg)
	case statErr == nil:
		b, err := readCapped(ctx, func() (io.ReadCloser, error) { return os.Open(arg) }, limit)
		switch {
		case errors.Is(err, errTooLong):
			return "", "", tooLong(arg)
		case err == ErrInterruptedEarly:
			return "", "", err
		case err != nil:
			return "", "", inputf("puzzle file %s: %v", arg, plainErr(err))
		case blank(b):
			return "", "", inputf("--puzzle %s: the file is %s: is it saved?", arg, emptyOrBlank(b))
		}
		return string(b), arg, nil
	case looksLikePath(arg):
		if errors.Is(statErr, os.ErrNotExist) {
			return "", "", inputf("puzzle file %q does not exist", arg)
		}
		return "", "", inputf("puzzle file %q: %v", arg, plainErr(statErr))
	}
	return arg, "--puzzle", nil
}

// blank reports whether an input holds nothing but white space (a
// byte-order mark included): no puzzle at all. An empty input is refused,
// never read as "no puzzle given" (the default instance).
func blank(b []byte) bool {
	return strings.TrimSpace(strings.TrimPrefix(string(b), "\ufeff")) == ""
}

// emptyOrBlank words a blank input: "empty", or "blank" for white space.
func emptyOrBlank(b []byte) string {
	if len(b) == 0 {
		return "empty"
	}
	return "blank (white space only)"
}

// looksLikePath tells a file name from a puzzle typed on the command line:
// a path has a folder separator or ends in an extension such as ".txt".
// A text of several lines, a list ("[1,2]"), or one with a separator
// standing alone between spaces ("ABCE SFCS ADEE / SEE": a grid, then a
// word) is a puzzle, whatever problem reads it.
func looksLikePath(s string) bool {
	if strings.ContainsAny(s, "\n\r") {
		return false
	}
	if strings.ContainsAny(s, "/\\") {
		for _, f := range strings.Fields(s) {
			if f == "/" || f == "\\" {
				return false
			}
		}
		return !strings.HasPrefix(strings.TrimSpace(s), "[")
	}
	ext := fileExt.FindString(s)
	return ext != "" && strings.TrimLeft(ext[1:], "123456789ABCDEFGabcdefg") != ""
}

// fileExt matches an extension; one made only of cell characters (the ".E"
// that ends many 16×16 puzzles) does not count.
var fileExt = regexp.MustCompile(`\.[A-Za-z][A-Za-z0-9]{1,5}$`)
