// Command backtrack traces backtracking searches for teaching: N-Queens as
// one-dimensional recursion and Sudoku as two-dimensional recursion, with
// the strategies of five well-known tutorials.
//
// Usage:
//
//	backtrack trace nqueens|sudoku [flags]
//
// Run `backtrack help` for the commands and `backtrack trace -h` for flags.
// This file only wires flags to the packages that do the work: tracer
// searches, render draws and reports, render/outfile writes files safely,
// lessons builds the lesson pages.
package main

import (
	"bufio"
	"bytes"
	"cmp"
	"context"
	"errors"
	"flag"
	"fmt"
	"image"
	"image/color"
	"image/draw"
	"image/png"
	"io"
	"math"
	"os"
	"os/signal"
	"path/filepath"
	"regexp"
	"runtime"
	"runtime/debug"
	"strconv"
	"strings"
	"sync"
	"syscall"
	"time"

	"backtrack/lessons"
	"backtrack/render"
	"backtrack/render/graphviz"
	"backtrack/render/outfile"
	"backtrack/render/steplog"
	"backtrack/render/stepper"
	"backtrack/site/play"
	"backtrack/tracer"
)

// Exit codes.
const (
	exitOK          = 0
	exitFailure     = 1   // the run failed (an output could not be written, ...)
	exitUsage       = 2   // bad input: flags, puzzles, files
	exitInterrupted = 130 // Ctrl-C or SIGTERM stopped the run; outputs are complete or absent
)

// version is the tool's version, written into step logs.
const version = "0.1.0"

// Limits on what the tool reads and records.
const (
	// defaultMaxOutput bounds a step log (--max-output): enough for the
	// 11-queens log of the default step limit (about 675 MB).
	defaultMaxOutput = 1 << 30
	// maxStepperSteps bounds step's recording, which keeps every step in
	// memory (about 17 bytes each): 100 million steps, about 1.7 GB.
	maxStepperSteps = 100_000_000
	// maxDrawBoxes is the most boxes --max-nodes 0 draws as SVG or PNG: a
	// whole tree takes about 3 KB of memory a box (the 10-queens tree,
	// 348,151 boxes, about 1 GB), so it is drawn and the 11-queens tree
	// (1.8 million boxes) is not.
	// An explicit --max-nodes N draws up to N boxes.
	maxDrawBoxes = 400_000
	// maxDOTBoxes is the most boxes --max-nodes 0 writes as DOT alone:
	// about 350 bytes of memory a box, with the tree (the 11-queens tree,
	// 1.8 million boxes, about 600 MB).
	maxDOTBoxes = 2_000_000
	// defaultMaxTree bounds the search tree kept for the diagrams
	// (--max-tree): 256 MB, some 10 million boxes (24 bytes a box, 48 a
	// call). Trimming and drawing it take about as much again, so a run
	// stays under 1 GB.
	defaultMaxTree = 256 << 20
	// maxFrameBoxes is the most boxes --max-nodes 0 draws as --frames or
	// --gif: each frame is a whole drawing, one after the other, and a
	// frame of the 10-queens tree (348,151 boxes) took 1.3 GB; the
	// 9-queens tree (about 72,000) some 450 MB.
	maxFrameBoxes = 200_000
	// bigFrameBoxes is the size of a whole tree (--max-nodes 0) whose
	// frames are drawn one at a time, not side by side: some 3 KB of
	// memory a box each.
	bigFrameBoxes = 20_000
	// logReadBuffer is the buffer a step log is read through.
	logReadBuffer = 1 << 16
)

// usageError is bad input from the user: exit code 2.
type usageError struct{ msg string }

func (e *usageError) Error() string { return e.msg }

func usagef(format string, args ...any) error {
	return &usageError{fmt.Sprintf(format, args...)}
}

// interrupted reports that a signal stopped the run; what says what was
// left undone, if anything.
type interrupted struct{ what string }

func (e *interrupted) Error() string {
	if e.what != "" {
		return "interrupted; " + e.what
	}
	return "interrupted; the outputs written are complete"
}

var errInterrupted = &interrupted{}

// errInterruptedEarly is an interrupt before any output was opened.
var errInterruptedEarly = &interrupted{what: "nothing was written"}

var helpText = `backtrack traces backtracking searches for teaching.

Commands:
  trace PROBLEM [flags]          run a search, print the solution and its counts;
                                 --dot/--svg/--png draw the search tree, --html makes a
                                 step-by-step player page, --gif/--frames animate the tree,
                                 --yaml logs every step
  render LOG.yaml [flags]        draw the search tree again from a saved step log
  step PROBLEM [flags]           step through the recursion in a terminal, forward and back
  lesson list | build NAME|--all -o DIR   list the lessons, or build their pages, diagrams and logs
                                 (--site DIR: as a web site in both languages, with the playground)
  compare [PROBLEM PROBLEM]      N-Queens beside Sudoku (or any two), or with --strategies
                                 every strategy of one problem on one instance
  version                        print the version, the commit it was built from and the Go version
  completion bash|zsh|fish       print a shell completion script
  help                           show this help

The problems: ` + strings.Join(tracer.ProblemNames(), ", ") + `.
Run 'backtrack COMMAND -h' for a command's flags. Examples:
  backtrack trace nqueens -n 4
  backtrack trace sudoku --order mrv --stats -
`

func main() {
	setMemoryLimit(memoryLimit)
	os.Exit(run(os.Args[1:], os.Stdin, os.Stdout, os.Stderr))
}

// memoryLimit is the soft limit the garbage collector keeps the program's
// memory under (debug.SetMemoryLimit): it collects harder as the heap
// nears it, so that one phase's garbage (a trimming of the tree) does not
// pile onto the next phase's data (a DOT of a million boxes) past 1 GB. A
// flag that raises a cap lifts it (liftMemoryLimit); so does GOMEMLIMIT,
// which the runtime obeys instead.
const memoryLimit = 800 << 20

// setMemoryLimit sets the soft memory limit to n bytes, unless GOMEMLIMIT
// is set.
func setMemoryLimit(n int64) {
	if os.Getenv("GOMEMLIMIT") == "" {
		debug.SetMemoryLimit(n)
	}
}

// liftMemoryLimit lifts the soft memory limit: a flag raised a cap, so the
// run may need more, and would only be slowed by a collector that keeps
// trying to stay under it.
func liftMemoryLimit() { setMemoryLimit(math.MaxInt64) }

// raisesCap reports whether the flags raise a memory cap: --max-tree 0 or
// above its default, or --max-nodes above what --max-nodes 0 may draw.
func (ef *exportFlags) raisesCap() bool {
	return ef.maxTree == 0 || ef.maxTree > defaultMaxTree || ef.maxNodes > maxDrawBoxes
}

// run is the whole program, so tests can drive it. Temporary files never
// outlive it, not even after a panic.
func run(args []string, stdin io.Reader, stdout, stderr io.Writer) int {
	defer func() {
		outfile.RemoveTemps()
		if r := recover(); r != nil {
			panic(r)
		}
	}()
	ctx, stop := signal.NotifyContext(context.Background(), os.Interrupt, syscall.SIGTERM, syscall.SIGHUP)
	defer stop()
	out := &stdoutWriter{w: stdout}
	err := dispatch(ctx, args, stdin, out, stderr)
	if (err == nil || errors.Is(err, flag.ErrHelp)) && out.err != nil {
		err = out.err
	}
	var (
		ue  *usageError
		oe  *outfile.Error
		fe  *outfile.FolderError
		ie  *interrupted
		msg string
	)
	if err != nil {
		msg = err.Error()
	}
	switch {
	case err == nil:
		return exitOK
	case errors.Is(err, flag.ErrHelp):
		return exitOK
	case errors.As(err, &ie):
		fmt.Fprintf(stderr, "backtrack: %s\n", msg)
		return exitInterrupted
	case errors.Is(err, context.Canceled) && ctx.Err() != nil:
		// An interrupt while an output (a FIFO) waited for its reader,
		// before any work.
		fmt.Fprintf(stderr, "backtrack: %s\n", errInterruptedEarly)
		return exitInterrupted
	case errors.As(err, &ue), errors.As(err, &fe), errors.As(err, &oe) && oe.Bad:
		fmt.Fprintf(stderr, "backtrack: %s\n", msg)
		return exitUsage
	default:
		fmt.Fprintf(stderr, "backtrack: %s\n", msg)
		return exitFailure
	}
}

// stdoutWriter keeps the first error writing to stdout (a full disk, a
// closed pipe), so a command that printed is not reported as a success.
type stdoutWriter struct {
	w   io.Writer
	err error
}

func (s *stdoutWriter) Write(b []byte) (int, error) {
	if s.err != nil {
		return 0, s.err
	}
	n, err := s.w.Write(b)
	if err != nil {
		var pe *os.PathError
		if errors.As(err, &pe) {
			err = pe.Err
		}
		s.err = fmt.Errorf("cannot write to stdout: %w", err)
		return n, s.err
	}
	return n, nil
}

func dispatch(ctx context.Context, args []string, stdin io.Reader, stdout, stderr io.Writer) error {
	if len(args) == 0 {
		fmt.Fprint(stderr, helpText)
		return usagef("no command given: want trace, render, step, lesson, compare, version or help")
	}
	switch args[0] {
	case "trace":
		return cmdTrace(ctx, args[1:], stdin, stdout, stderr)
	case "render":
		return cmdRender(ctx, args[1:], stdin, stdout, stderr)
	case "step":
		return cmdStep(ctx, args[1:], stdin, stdout, stderr)
	case "lesson":
		return cmdLesson(ctx, args[1:], stdin, stdout, stderr)
	case "compare":
		return cmdCompare(ctx, args[1:], stdin, stdout, stderr)
	case "version", "--version", "-version":
		return writeVersion(stdout, readBuildFacts())
	case "completion":
		return cmdCompletion(args[1:], stdout)
	case "help", "-h", "-help", "--help":
		_, err := fmt.Fprint(stdout, helpText)
		return err
	}
	return usagef("unknown command %q: want trace, render, step, lesson, compare, version or help", args[0])
}

// problemFlags are the flags that choose a problem, an instance and a strategy.
type problemFlags struct {
	n        int
	puzzle   string
	nums     string // the list problems' instance: --nums, --target, --reuse, --dedup
	target   int
	reuse    bool
	dedup    string
	order    string
	check    string
	when     string
	first    bool
	all      bool
	noReturn bool
	drop     dropFlag
	maxSteps int64
	maxCalls int64
	timeout  durationFlag
	// spec is the run the flags built: build sets it, and a second run of
	// the same search (the notes of --frames and --gif) builds it again.
	spec tracer.Spec
}

func (pf *problemFlags) register(fs *flag.FlagSet) {
	fs.IntVar(&pf.n, "n", 0, "the size, for problems sized by n ("+sizeHelp()+")")
	fs.StringVar(&pf.puzzle, "puzzle", "", "the instance, for problems that take one: sudoku's puzzle string, a file, or - for stdin (default: LeetCode 37's board); a list problem's \"nums 1,1,2 dedup used\"")
	fs.StringVar(&pf.nums, "nums", "", "combination-sum, subsets, permutations: the numbers, e.g. 10,1,2,7,6,1,5 (1 to 35 each, at most 12)")
	fs.IntVar(&pf.target, "target", 0, "combination-sum: the target sum (default 8)")
	fs.BoolVar(&pf.reuse, "reuse", false, "combination-sum: a number may be taken again (LeetCode 39)")
	fs.StringVar(&pf.dedup, "dedup", "", "combination-sum, subsets, permutations --nums: how equal numbers are kept from repeating an answer: used (skip nums[i] == nums[i-1] && !used[i-1], 树层去重), start (i > start && nums[i] == nums[i-1]) or none")
	fs.StringVar(&pf.order, "order", "", "which slot next: "+valuesHelp(func(d *tracer.Def) []string { return strs(d.Orders) }))
	fs.StringVar(&pf.check, "check", "", "how a candidate is checked: "+valuesHelp(func(d *tracer.Def) []string { return strs(d.Checks) }))
	fs.StringVar(&pf.when, "when", "before", "when the check runs: before (check, place), after (place, check) or leaf (at a full board)")
	fs.BoolVar(&pf.first, "first", false, "stop at the first solution (sudoku's default)")
	fs.BoolVar(&pf.all, "all", false, "find every solution, or prove there is none (nqueens's and permutations' default)")
	fs.BoolVar(&pf.noReturn, "no-return", false, "the same as --drop return-value")
	fs.Var(&pf.drop, "drop", "remove a line of the template, as a tutorial's buggy version does: return-false (sudoku --order scan2d: a call whose digits all fail goes on to the next blank; status wrong when it returns true) or return-value (no return value: the solution is found, then undone; status lost); repeat or join with commas for both (tutorial 003's first version)")
	fs.Int64Var(&pf.maxSteps, "max-steps", tracer.DefaultMaxSteps, "stop after this many steps (0: no limit)")
	fs.Int64Var(&pf.maxCalls, "max-calls", 0, "stop after this many calls (0: no limit)")
	fs.Var(&pf.timeout, "timeout", "stop the search after this much time, e.g. 10s or 2m (0: no limit); drawing and page making come after it, and Ctrl-C stops them")
}

// dropFlag is --drop: the template lines to remove, repeated or joined
// with commas.
type dropFlag struct {
	returnFalse, value bool
}

func (d *dropFlag) String() string {
	var parts []string
	if d.returnFalse {
		parts = append(parts, string(tracer.DropReturnFalse))
	}
	if d.value {
		parts = append(parts, string(tracer.DropReturnValue))
	}
	return strings.Join(parts, ",")
}

func (d *dropFlag) Set(s string) error {
	for _, part := range strings.Split(s, ",") {
		v, err := tracer.ParseDrop(strings.TrimSpace(part))
		if err != nil {
			return fmt.Errorf("unknown line %q: want %s", part, tracer.JoinValues(tracer.Drops))
		}
		switch v {
		case tracer.DropReturnFalse:
			d.returnFalse = true
		case tracer.DropReturnValue:
			d.value = true
		}
	}
	return nil
}

// sizeHelp lists the sizes each problem sized by n accepts: "nqueens 1-30 (default 8), ...".
func sizeHelp() string {
	var parts []string
	for _, d := range tracer.Problems() {
		if d.Size != nil {
			parts = append(parts, fmt.Sprintf("%s %d-%d, default %d", d.Name, d.Size.Min, d.Size.Max, d.Size.Default))
		}
	}
	return strings.Join(parts, "; ")
}

// valuesHelp lists a setting's values per problem, the default first:
// "nqueens: rows; sudoku: scan2d, linear, mrv".
func valuesHelp(values func(*tracer.Def) []string) string {
	var parts []string
	for _, d := range tracer.Problems() {
		parts = append(parts, d.Name+": "+strings.Join(values(d), ", "))
	}
	return strings.Join(parts, "; ") + " (the first is the default)"
}

func strs[T ~string](vs []T) []string {
	out := make([]string, len(vs))
	for i, v := range vs {
		out[i] = string(v)
	}
	return out
}

// problemList is the problems for usage lines: "nqueens|sudoku|permutations".
func problemList() string { return strings.Join(tracer.ProblemNames(), "|") }

// specError turns a tracer.SettingError into a usage error naming the
// flag (play.SpecError, the playground's words too); where names the
// puzzle's source for puzzle errors.
func specError(err error, where string) error {
	var se *tracer.SettingError
	if !errors.As(err, &se) {
		return err
	}
	return usagef("%v", play.SpecError(err, where))
}

// build makes the problem and the run options the flags describe, through
// tracer.Spec, the one builder. A puzzle read from stdin or a file is read
// with a size cap, and ctx ends the wait.
func (pf *problemFlags) build(ctx context.Context, fs *flag.FlagSet, problem string, stdin io.Reader) (tracer.Problem, tracer.Options, error) {
	set := map[string]bool{}
	fs.Visit(func(f *flag.Flag) { set[f.Name] = true })
	spec := tracer.Spec{
		Problem: problem,
		Order:   tracer.Order(pf.order),
		Check:   tracer.Check(pf.check),
		When:    tracer.When(pf.when),
		Limits:  tracer.Limits{MaxSteps: pf.maxSteps, MaxCalls: pf.maxCalls, Timeout: time.Duration(pf.timeout)},
	}
	if pf.drop.returnFalse {
		spec.Drop = tracer.DropReturnFalse
	}
	switch {
	case pf.first && pf.all:
		return nil, tracer.Options{}, usagef("--first and --all contradict each other: give one")
	case (pf.noReturn || pf.drop.value) && (pf.first || pf.all):
		return nil, tracer.Options{}, usagef("--drop return-value (--no-return) is a stop rule of its own: leave out --first/--all")
	case pf.noReturn || pf.drop.value:
		spec.Stop = tracer.StopNoReturn
	case pf.first:
		spec.Stop = tracer.StopFirst
	case pf.all:
		spec.Stop = tracer.StopAll
	}
	def, err := tracer.Lookup(problem)
	if err != nil {
		return nil, tracer.Options{}, usagef("%s", strings.TrimPrefix(err.Error(), "tracer: "))
	}
	if set["n"] {
		if pf.n == 0 && def.Size != nil {
			return nil, tracer.Options{}, usagef("-n 0 is out of range: want %d to %d", def.Size.Min, def.Size.Max)
		}
		spec.N = pf.n
	}
	where := ""
	if set["puzzle"] {
		if strings.TrimSpace(pf.puzzle) == "" {
			return nil, tracer.Options{}, usagef("--puzzle is empty: give a puzzle, a file name, or - for stdin (leave the flag out for the default board)")
		}
		if def.Puzzle == nil {
			return nil, tracer.Options{}, usagef("--puzzle: %s takes no puzzle; give its size with -n", def.Name)
		}
		text, w, err := readPuzzle(ctx, pf.puzzle, stdin)
		if err != nil {
			return nil, tracer.Options{}, err
		}
		spec.Puzzle, where = text, w
	}
	if set["nums"] || set["target"] || set["reuse"] || set["dedup"] {
		switch {
		case set["puzzle"]:
			return nil, tracer.Options{}, usagef("--nums, --target, --reuse and --dedup write the instance: leave out --puzzle")
		case def.Puzzle == nil:
			return nil, tracer.Options{}, usagef("--nums, --target, --reuse, --dedup: %s takes no list of numbers", def.Name)
		case set["n"]:
			return nil, tracer.Options{}, usagef("-n and --nums contradict each other: give one")
		}
		spec.Puzzle, where = tracer.NumbersInstance(pf.nums, pf.target, pf.reuse, pf.dedup), "--nums"
	}
	p, opts, err := spec.Build()
	if err != nil {
		return nil, opts, specError(err, where)
	}
	pf.spec = spec
	return p, opts, nil
}

// durationFlag is a time.Duration flag whose error says what to write.
type durationFlag time.Duration

func (d *durationFlag) String() string { return time.Duration(*d).String() }

func (d *durationFlag) Set(s string) error {
	v, err := time.ParseDuration(s)
	if err != nil {
		if _, nerr := strconv.ParseFloat(s, 64); nerr == nil && s != "0" {
			return fmt.Errorf("give a unit, e.g. %ss", s)
		}
		return errors.New("want a duration such as 10s, 2m or 1m30s")
	}
	*d = durationFlag(v)
	return nil
}

// sizeFlag is a size in bytes, written as 1G, 512M, 64k or a plain number.
type sizeFlag int64

func (s *sizeFlag) String() string {
	v := int64(*s)
	for _, u := range []struct {
		suffix string
		n      int64
	}{{"G", 1 << 30}, {"M", 1 << 20}, {"k", 1 << 10}} {
		if v >= u.n && v%u.n == 0 {
			return strconv.FormatInt(v/u.n, 10) + u.suffix
		}
	}
	return strconv.FormatInt(v, 10)
}

func (s *sizeFlag) Set(v string) error {
	mult := int64(1)
	num := strings.TrimSuffix(strings.TrimSuffix(v, "B"), "i")
	if num != "" {
		switch num[len(num)-1] {
		case 'k', 'K':
			mult = 1 << 10
		case 'm', 'M':
			mult = 1 << 20
		case 'g', 'G':
			mult = 1 << 30
		case 't', 'T':
			mult = 1 << 40
		}
		if mult > 1 {
			num = num[:len(num)-1]
		}
	}
	n, err := strconv.ParseInt(num, 10, 64)
	if err != nil || n < 0 || n > (1<<62)/mult {
		return errors.New("want a size such as 500M or 2G (0: no limit)")
	}
	*s = sizeFlag(n * mult)
	return nil
}

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
		return nil, errInterruptedEarly
	}
}

var errTooLong = errors.New("too long")

// readPuzzle reads --puzzle: "-" for stdin, a file path, or the puzzle
// itself. It returns the text and where it came from, for messages.
func readPuzzle(ctx context.Context, arg string, stdin io.Reader) (text, where string, err error) {
	limit := int64(tracer.MaxPuzzleBytes)
	tooLong := func(what string) error {
		return usagef("%s: the puzzle is longer than %d KiB: is this the right input?", what, limit>>10)
	}
	switch fi, statErr := os.Stat(arg); {
	case arg == "-":
		b, err := readCapped(ctx, func() (io.ReadCloser, error) { return io.NopCloser(stdin), nil }, limit)
		switch {
		case errors.Is(err, errTooLong):
			return "", "", tooLong("stdin")
		case err != nil && err != errInterruptedEarly:
			return "", "", fmt.Errorf("reading the puzzle from stdin: %w", err)
		case err != nil:
			return "", "", err
		}
		return string(b), "stdin", nil
	case statErr == nil && fi.IsDir():
		return "", "", usagef("--puzzle %s: is a folder, want a puzzle file", arg)
	case statErr == nil:
		b, err := readCapped(ctx, func() (io.ReadCloser, error) { return os.Open(arg) }, limit)
		switch {
		case errors.Is(err, errTooLong):
			return "", "", tooLong(arg)
		case err == errInterruptedEarly:
			return "", "", err
		case err != nil:
			return "", "", usagef("puzzle file %s: %v", arg, plainErr(err))
		}
		return string(b), arg, nil
	case looksLikePath(arg):
		if errors.Is(statErr, os.ErrNotExist) {
			return "", "", usagef("puzzle file %q does not exist", arg)
		}
		return "", "", usagef("puzzle file %q: %v", arg, plainErr(statErr))
	}
	return arg, "--puzzle", nil
}

// plainErr drops the path from a file error: the message names it already.
func plainErr(err error) error {
	var pe *os.PathError
	if errors.As(err, &pe) {
		return pe.Err
	}
	return err
}

// looksLikePath tells a file name from a puzzle typed on the command line:
// a path has a folder separator or ends in an extension such as ".txt".
func looksLikePath(s string) bool {
	if strings.ContainsAny(s, "/\\") {
		return !strings.HasPrefix(strings.TrimSpace(s), "[")
	}
	ext := fileExt.FindString(s)
	return ext != "" && strings.TrimLeft(ext[1:], "123456789ABCDEFGabcdefg") != ""
}

// fileExt matches an extension; one made only of cell characters (the ".E"
// that ends many 16×16 puzzles) does not count.
var fileExt = regexp.MustCompile(`\.[A-Za-z][A-Za-z0-9]{1,5}$`)

// parseInterspersed parses flags that may come before or after positional
// arguments ("trace nqueens -n 4" and "trace -n 4 nqueens").
func parseInterspersed(fs *flag.FlagSet, args []string) ([]string, error) {
	var pos []string
	for {
		if err := fs.Parse(args); err != nil {
			return nil, err
		}
		rest := fs.Args()
		if len(rest) == 0 {
			return pos, nil
		}
		pos = append(pos, rest[0])
		args = rest[1:]
	}
}

// command is a subcommand's flag set with its help text.
type command struct {
	*flag.FlagSet
	usage  string
	stdout io.Writer
}

// newCommand returns a flag set that reports errors as one usage line and
// prints its help, on stdout, only when asked (-h, --help or help).
func newCommand(name string, stdout io.Writer, usage string) *command {
	fs := flag.NewFlagSet(name, flag.ContinueOnError)
	fs.SetOutput(io.Discard)
	fs.Usage = func() {} // the flag package calls it on every error
	return &command{FlagSet: fs, usage: usage, stdout: stdout}
}

// singleDash finds the flag package's "-name" in its error messages; the
// tool's flags are written --name.
var singleDash = regexp.MustCompile(`(flag:? |defined: )-([a-z])`)

// parse parses args, letting flags and positional arguments mix. "help" as
// the first argument asks for the help too.
func (c *command) parse(args []string) ([]string, error) {
	if len(args) > 0 && args[0] == "help" {
		args = []string{"-h"}
	}
	pos, err := parseInterspersed(c.FlagSet, args)
	if errors.Is(err, flag.ErrHelp) {
		c.printHelp()
		return nil, err
	}
	if err != nil {
		msg := singleDash.ReplaceAllString(err.Error(), "$1--$2")
		if strings.HasPrefix(msg, "flag needs an argument: -") {
			msg = strings.Replace(msg, ": -", ": --", 1)
		}
		return nil, usagef("%s (see 'backtrack %s -h')", msg, c.Name())
	}
	// An output named by an empty string is an unset shell variable
	// ("--html $OUT"), not a request for no output.
	var empty error
	c.Visit(func(f *flag.Flag) {
		if pathFlags[f.Name] && f.Value.String() == "" && empty == nil {
			dash := "--"
			if len(f.Name) == 1 {
				dash = "-"
			}
			empty = usagef("%s%s is empty: give a file or folder name", dash, f.Name)
		}
	})
	return pos, empty
}

// pathFlags are the flags that name an output file or folder.
var pathFlags = map[string]bool{"dot": true, "svg": true, "png": true, "gif": true, "html": true, "frames": true, "yaml": true, "stats": true, "o": true}

// printHelp writes the usage line and the flags, as --name, to stdout.
func (c *command) printHelp() {
	var b strings.Builder
	fmt.Fprintf(&b, "usage: %s\n\nflags:\n", c.usage)
	c.VisitAll(func(f *flag.Flag) {
		name, usage := flag.UnquoteUsage(f)
		dash := "--"
		if len(f.Name) == 1 {
			dash = "-"
		}
		fmt.Fprintf(&b, "  %s%s", dash, f.Name)
		if name != "" {
			fmt.Fprintf(&b, " %s", name)
		}
		fmt.Fprintf(&b, "\n        %s", usage)
		if f.DefValue != "" && f.DefValue != "false" && f.DefValue != "0" && f.DefValue != "0s" {
			fmt.Fprintf(&b, " (default %s)", f.DefValue)
		}
		b.WriteString("\n")
	})
	io.WriteString(c.stdout, b.String())
}

// problem parses args, which name one problem, and builds it with its
// options from the problem flags.
func (c *command) problem(ctx context.Context, args []string, pf *problemFlags, stdin io.Reader) (tracer.Problem, tracer.Options, error) {
	pos, err := c.parse(args)
	if err != nil {
		return nil, tracer.Options{}, err
	}
	if len(pos) > 1 {
		return nil, tracer.Options{}, usagef("%s takes one problem, got %q", c.Name(), strings.Join(pos, " "))
	}
	problem := ""
	if len(pos) == 1 {
		problem = pos[0]
	}
	return pf.build(ctx, c.FlagSet, problem, stdin)
}

// exportFlags choose the diagrams, and how diagrams are trimmed. trace and
// render share them.
type exportFlags struct {
	dot, svg, png string
	lang          string
	maxNodes      int
	depth         int
	focus         string
	atStep        int64
	boards        bool
	layout        string
	fit           string
	legend        string
	frames        string // --frames DIR
	html          string // --html FILE
	framesFormat  string
	every         string
	gif           string
	delay         durationFlag
	scale         int
	force         bool
	maxTree       sizeFlag // --max-tree
	quiz          bool     // --quiz: the --html page opens in predict mode
	set           map[string]bool
}

// shapeFlags are the flags that only change a diagram.
var shapeFlags = []string{"max-nodes", "depth", "focus", "at-step", "boards", "layout", "fit", "legend"}

func (ef *exportFlags) register(fs *flag.FlagSet) {
	fs.StringVar(&ef.dot, "dot", "", "write the search tree as Graphviz DOT to this file (- for stdout)")
	fs.StringVar(&ef.svg, "svg", "", "draw the search tree as SVG to this file")
	fs.StringVar(&ef.png, "png", "", "draw the search tree as PNG to this file")
	fs.StringVar(&ef.lang, "lang", "", "language of the report, notes and legends: "+langHelp+"; render: the log's, if it has one")
	fs.IntVar(&ef.maxNodes, "max-nodes", render.DefaultMaxNodes, "box budget of a diagram (0: draw everything, up to 400000 boxes for SVG and PNG; solution paths are always drawn)")
	fs.IntVar(&ef.depth, "depth", 0, "draw levels down to this depth (0: all)")
	fs.StringVar(&ef.focus, "focus", "", "expand only the branch under these moves, e.g. r0=c1 or (0,2)=4/(0,3)=6")
	fs.Int64Var(&ef.atStep, "at-step", 0, "draw the tree as it stood after this step (0: the end)")
	fs.BoolVar(&ef.boards, "boards", false, "draw small boards inside the boxes")
	fs.StringVar(&ef.layout, "layout", "tidy", "diagram layout: tidy (our tree layout, fast) or dot (Graphviz's own, slow on big trees)")
	fs.StringVar(&ef.fit, "fit", "16:9", "make the diagram fit a slide with room for a title, its smallest text at least 14 px high once scaled to 1920×1000 (16:9 less an 80 px title) or 1440×1000 (4:3): the first solution's path and the dead ends nearest it, chains of calls with one child folded, top-down, left-right or in panels; none: no fitting (an explicit --max-nodes also turns it off; --depth and --focus are fitted within)")
	fs.StringVar(&ef.legend, "legend", "full", "diagram legend: full (the run, its counts, what was left out, the key), short (the run and the key) or none")
	fs.StringVar(&ef.frames, "frames", "", "write the run as numbered frames frame-0001.svg, ... into this folder, all on the one layout of the whole run, each with its step's note as a caption")
	fs.StringVar(&ef.framesFormat, "frames-format", "svg", "format of the --frames: svg or png")
	fs.StringVar(&ef.every, "every", "", "which steps get a frame (--frames, --gif): every N steps, or one per event: reject, backtrack (each return from a call) or solution; of those, only steps at which the tree looks different from the frame before (default: up to 60 such steps); the last step is always the last frame")
	fs.StringVar(&ef.gif, "gif", "", "draw the run as an animated GIF of the --frames pictures to this file")
	ef.delay = durationFlag(500 * time.Millisecond)
	fs.Var(&ef.delay, "delay", "time between the frames of --gif, e.g. 0.5s (the last frame stays 4 times as long, at least 2s)")
	fs.IntVar(&ef.scale, "scale", 2, "pixels per point of --png, --gif and PNG frames: 1, 2 or 3 (2: the smallest text, 9 pt, is 18 px at the picture's natural size)")
	fs.BoolVar(&ef.force, "force", false, "write --frames into a folder that holds other files too: only frames (frame-NNNN.svg/png) are replaced, the rest stays")
	ef.maxTree = sizeFlag(defaultMaxTree)
	fs.Var(&ef.maxTree, "max-tree", "cap the memory of the search tree kept for --dot, --svg, --png, --gif and --frames, e.g. 512M or 2G (0: no cap; trimming and drawing take about as much again): trace stops the search there (status limit), render draws the tree as it stood then")
	fs.StringVar(&ef.html, "html", "", fmt.Sprintf("write the run as one self-contained HTML page to this file: the player, with the board, the search tree, the call stack, the code and the notes, stepped forward and back in a browser (at most %d steps, or --max-steps)", stepper.DefaultHTMLSteps))
	fs.BoolVar(&ef.quiz, "quiz", false, "open the --html page in predict mode: before a step is shown the page asks what comes next (which candidate, placed or pruned and by which rule, where the search goes back to, is it a solution), checks the answer and keeps a score; #ask=try,reject,return,solution and #every=N in the page's link choose which steps ask")
}

// newTree returns the tree the diagrams are drawn from, capped by
// --max-tree, and, when --max-nodes 0 asks for the whole tree, at the most
// boxes the diagrams may have (boxLimit): a tree past that is refused, and
// a search stops as soon as its tree passes it, not after it built the
// whole tree. Call it after options.
func (ef *exportFlags) newTree() *tracer.Tree {
	t := tracer.NewTree()
	t.MaxBytes = int64(ef.maxTree)
	if limit, _, _ := ef.boxLimit(); ef.wholeTree() {
		t.MaxNodes = limit
	}
	return t
}

// boxCost words what a box costs, for the messages of the box limits.
type boxCost struct{ verb, memory, hint string }

var (
	pictureCost = boxCost{"draws", "a picture takes about 3 KB of memory a box",
		"give --max-nodes N to draw N boxes anyway, --depth or --focus to draw a part, or --dot for the text"}
	dotCost = boxCost{"writes", "a DOT takes about 350 bytes of memory a box",
		"give --max-nodes N to write N boxes anyway, or --depth or --focus to write a part"}
)

// boxLimit is the most boxes --max-nodes 0 may give the diagrams asked
// for (0: no diagram), the flag it is for, and what a box costs: a picture
// (--svg, --png, --gif, --frames) at most maxDrawBoxes, a DOT alone at
// most maxDOTBoxes.
func (ef *exportFlags) boxLimit() (int, string, boxCost) {
	switch {
	case ef.svg != "":
		return maxDrawBoxes, "--svg", pictureCost
	case ef.png != "":
		return maxDrawBoxes, "--png", pictureCost
	case ef.gif != "":
		return maxFrameBoxes, "--gif", pictureCost
	case ef.frames != "":
		return maxFrameBoxes, "--frames", pictureCost
	case ef.dot != "":
		return maxDOTBoxes, "--dot", dotCost
	}
	return 0, "", boxCost{}
}

// wholeTree reports whether --max-nodes 0 asks for every box of the tree:
// without --depth, --focus or --at-step, each of which may keep fewer
// boxes than the tree holds.
func (ef *exportFlags) wholeTree() bool {
	return ef.maxNodes == 0 && ef.depth == 0 && ef.focus == "" && ef.atStep == 0
}

// diagrams reports whether any diagram was asked for.
func (ef *exportFlags) diagrams() bool {
	return ef.dot != "" || ef.svg != "" || ef.png != "" || ef.frames != "" || ef.gif != ""
}

// options checks the flags and returns the diagram options. Shape flags
// given with no diagram to shape get a warning on stderr.
func (ef *exportFlags) options(fs *flag.FlagSet, stderr io.Writer) (render.DiagramOptions, error) {
	ef.set = map[string]bool{}
	fs.Visit(func(f *flag.Flag) { ef.set[f.Name] = true })
	opt := render.DiagramOptions{MaxNodes: ef.maxNodes, Depth: ef.depth, AtStep: ef.atStep, Boards: ef.boards}
	if ef.maxNodes < 0 || ef.depth < 0 || ef.atStep < 0 {
		return opt, usagef("--max-nodes, --depth and --at-step must not be negative")
	}
	switch ef.layout {
	case "tidy":
		opt.Layout = true
	case "dot":
	default:
		return opt, usagef("unknown --layout value %q: want tidy or dot", ef.layout)
	}
	fit, err := render.ParseFit(ef.fit)
	if err != nil {
		return opt, usagef("--fit: %v", err)
	}
	opt.Fit = render.GivenTrimming{MaxNodes: ef.set["max-nodes"], Depth: ef.set["depth"], Focus: ef.set["focus"]}.Fit(fit)
	if opt.Legend, err = render.ParseLegend(ef.legend); err != nil {
		return opt, usagef("--legend: %v", err)
	}
	if ef.scale < 1 || ef.scale > 3 {
		return opt, usagef("--scale: %d: want 1, 2 or 3", ef.scale)
	}
	if ef.framesFormat != "svg" && ef.framesFormat != "png" {
		return opt, usagef("--frames-format: %q: want svg or png", ef.framesFormat)
	}
	if _, err := render.ParseEvery(ef.every); err != nil {
		return opt, usagef("--every: %v", err)
	}
	if ef.delay <= 0 || time.Duration(ef.delay) > time.Minute {
		return opt, usagef("--delay: %s: want more than 0 and at most 1m", time.Duration(ef.delay))
	}
	if ef.focus != "" {
		f, err := render.ParseFocus(ef.focus)
		if err != nil {
			return opt, usagef("--focus: %v", err)
		}
		opt.Focus = f
	}
	if !ef.diagrams() {
		var unused []string
		for _, name := range shapeFlags {
			if ef.set[name] {
				unused = append(unused, "--"+name)
			}
		}
		if len(unused) > 0 {
			verb := "only shapes"
			if len(unused) > 1 {
				verb = "only shape"
			}
			if ef.html != "" {
				// The player's tree works itself out around each step.
				fmt.Fprintf(stderr, "backtrack: warning: %s %s a diagram (--svg, --png, --dot, --gif, --frames), and none was asked for: --html's tree follows the step\n", strings.Join(unused, ", "), verb)
			} else {
				fmt.Fprintf(stderr, "backtrack: warning: %s %s a diagram, and none was asked for: add --svg, --png or --dot\n", strings.Join(unused, ", "), verb)
			}
		}
	}
	if ef.frames == "" && ef.gif == "" {
		var unused []string
		for _, name := range frameFlags {
			if ef.set[name] {
				unused = append(unused, "--"+name)
			}
		}
		if len(unused) > 0 {
			fmt.Fprintf(stderr, "backtrack: warning: %s only choose frames, and none were asked for: add --frames DIR or --gif FILE\n", strings.Join(unused, ", "))
		}
	}
	if d := time.Duration(ef.delay); ef.set["delay"] && ef.gif != "" && (d < 20*time.Millisecond || d%(10*time.Millisecond) != 0) {
		// A GIF counts delays in hundredths of a second, and browsers
		// draw less than two of them slower (render.WriteGIF).
		got := max(20*time.Millisecond, (d+5*time.Millisecond)/(10*time.Millisecond)*(10*time.Millisecond))
		fmt.Fprintf(stderr, "backtrack: warning: --delay %s: a GIF frame lasts a whole number of hundredths of a second, at least 2, so it lasts %s\n", d, got)
	}
	// Flags that only one kind of output uses, given without it.
	frames := ef.frames != "" || ef.gif != ""
	for _, u := range []struct {
		flag, users string
		unused      bool
	}{
		{"scale", "--png, --gif and PNG --frames", ef.png == "" && ef.gif == "" && (ef.frames == "" || ef.framesFormat != "png")},
		{"force", "--frames", ef.frames == ""},
		{"quiz", "--html", ef.html == ""},
		{"delay", "--gif", frames && ef.gif == ""},
		{"frames-format", "--frames", frames && ef.frames == ""},
		{"at-step", "--dot, --svg, --png and --html (--frames and --gif draw the steps --every picks)", frames && ef.dot == "" && ef.svg == "" && ef.png == "" && ef.html == ""},
	} {
		if ef.set[u.flag] && u.unused {
			fmt.Fprintf(stderr, "backtrack: warning: --%s is used only by %s, and none was asked for\n", u.flag, u.users)
		}
	}
	return opt, nil
}

// flagSet reports whether the flag name was given on the command line.
func flagSet(fs *flag.FlagSet, name string) bool {
	set := false
	fs.Visit(func(f *flag.Flag) { set = set || f.Name == name })
	return set
}

// frameFlags are the flags that only choose the frames of --frames and --gif.
var frameFlags = []string{"every", "delay", "frames-format"}

// language returns --lang; when it was not given, def, or for def ""
// the locale's language (localeLang).
func (ef *exportFlags) language(def tracer.Lang) (tracer.Lang, error) {
	if ef.lang == "" && def != "" {
		return def, nil
	}
	return parseLangFlag(ef.lang)
}

// diagramOutputs are the diagram files the flags name.
type diagramOutputs struct {
	dot, svg, png *outfile.File
	gif           *outfile.File
	frames        *outfile.Folder // --frames: nil if not asked for
	html          *htmlPage       // --html: nil if not asked for
	ef            *exportFlags
	framesSkipped bool     // an interrupt left --frames unwritten
	empty         []string // the outputs left out because the tree is empty
	// notes, if set, gives the notes of the steps the frames of --frames
	// and --gif are drawn at, for their captions (nil: no captions).
	notes func(ctx context.Context, steps []int64) (func(step int64) string, error)
}

// open opens the diagram outputs into set, before any work is done.
func (ef *exportFlags) open(ctx context.Context, set *outfile.Set, stdout io.Writer) (*diagramOutputs, error) {
	if ef.svg == "-" || ef.png == "-" || ef.gif == "-" || ef.frames == "-" {
		return nil, usagef("--svg, --png, --gif and --frames need a file or folder; only --dot, --html, --stats and --yaml write to stdout (-)")
	}
	d := diagramOutputs{ef: ef}
	var err error
	if d.gif, err = set.Create(ctx, ef.gif, "--gif", stdout); err != nil {
		return nil, err
	}
	if d.dot, err = set.Create(ctx, ef.dot, "--dot", stdout); err != nil {
		return nil, err
	}
	if d.svg, err = set.Create(ctx, ef.svg, "--svg", stdout); err != nil {
		return nil, err
	}
	if d.png, err = set.Create(ctx, ef.png, "--png", stdout); err != nil {
		return nil, err
	}
	if ef.html != "" {
		out, err := set.Create(ctx, ef.html, "--html", stdout)
		if err != nil {
			return nil, err
		}
		d.html = &htmlPage{out: out, followBrowser: ef.lang == "", quiz: ef.quiz}
	}
	// The frames go into a temporary folder as they are drawn, and into
	// place with the other outputs; the folder is checked now.
	if d.frames, err = set.Folder("--frames", ef.frames, render.IsFrameName, ef.force); err != nil {
		return nil, err
	}
	return &d, nil
}

// write draws the tree into every diagram output. It returns the outputs
// it had to leave undrawn because ctx ended (Ctrl-C during drawing).
func (d *diagramOutputs) write(ctx context.Context, t *tracer.Tree, leg render.Legend, opt render.DiagramOptions) (skipped []*outfile.File, err error) {
	if t.Len() == 0 {
		// The run stopped before its first call (--timeout 1ns): no tree
		// to draw, which is no error; the outputs are left out, named.
		for _, o := range []*outfile.File{d.dot, d.svg, d.png, d.gif} {
			if o != nil {
				o.Abort()
				d.empty = append(d.empty, o.Label()+" "+o.Name())
			}
		}
		if d.frames != nil {
			d.frames.Abort()
			d.empty = append(d.empty, "--frames "+d.ef.frames)
		}
		return nil, nil
	}
	if limit, label, cost := d.ef.boxLimit(); limit > 0 && opt.MaxNodes == 0 {
		if t.MaxNodes > 0 && t.Len() > t.MaxNodes {
			// The search, or the reading of the log, stopped recording
			// as soon as the tree passed the limit.
			at := t.FullAt
			if at == 0 {
				at = t.LimitStep
			}
			return nil, usagef("%s: the tree passed %d boxes at step %d, more than --max-nodes 0 %s (%s), so the run stopped there: %s",
				label, limit, at, cost.verb, cost.memory, cost.hint)
		}
		if calls, pruned := t.Counts(); calls+pruned > limit {
			// Too many boxes in all: trim (a fraction of the DOT's cost)
			// to see whether --depth, --focus or --at-step bring it under.
			if opt.Problem == "" {
				opt.Problem = leg.Summary.Problem
			}
			_, rep, err := render.Trim(t, opt)
			if err != nil {
				return nil, usagef("%v", err)
			}
			if boxes := rep.Statements; boxes > limit {
				return nil, usagef("%s: the tree is %d boxes, more than --max-nodes 0 %s (%d; %s): %s",
					label, boxes, cost.verb, limit, cost.memory, cost.hint)
			}
			runtime.GC() // the count's trimming, some 25 bytes a node, before the diagram's
		}
	}
	var pics []*outfile.File
	for _, o := range []*outfile.File{d.svg, d.png} {
		if o != nil {
			pics = append(pics, o)
		}
	}
	// The DOT goes straight into --dot unless a picture is drawn from it
	// too: the text of a whole tree's DOT is some 250 bytes a box.
	var dot bytes.Buffer
	var w io.Writer = &dot
	switch {
	case len(pics) == 0 && d.dot != nil:
		w = bufio.NewWriterSize(d.dot, 1<<16)
	case len(pics) == 0:
		w = io.Discard // frames only: WriteDOT still checks the options
	}
	if _, err := render.WriteDOT(w, t, leg, opt); err != nil {
		var oe *outfile.Error
		if errors.As(err, &oe) {
			return nil, err
		}
		return nil, usagef("%v", err)
	}
	if bw, ok := w.(*bufio.Writer); ok {
		if err := bw.Flush(); err != nil {
			return nil, err
		}
	} else if d.dot != nil {
		if _, err := d.dot.Write(dot.Bytes()); err != nil {
			return nil, err
		}
	}
	layout := graphviz.LayoutDot
	if opt.Layout {
		layout = graphviz.LayoutPinned
	}
	if skipped, err = d.writePictures(ctx, dot.Bytes(), pics, layout); err != nil || len(skipped) > 0 {
		if err == nil && (d.frames != nil || d.gif != nil) {
			// An interrupt: the frames and the GIF are left out too.
			d.framesSkipped = d.frames != nil
			d.frames.Abort()
			if d.gif != nil {
				skipped = append(skipped, d.gif)
			}
		}
		return skipped, err
	}
	return d.writeFrames(ctx, t, leg, opt, layout)
}

// writePictures draws dot into the --svg and --png outputs pics.
func (d *diagramOutputs) writePictures(ctx context.Context, dot []byte, pics []*outfile.File, layout graphviz.Layout) (skipped []*outfile.File, err error) {
	if len(pics) == 0 {
		return nil, nil
	}
	if ctx.Err() != nil {
		return pics, nil
	}
	// Graphviz cannot be stopped mid-layout, so it runs aside and an
	// interrupt leaves it behind: the picture is skipped, not half-made.
	done := make(chan error, 1)
	bufs := make([][]byte, len(pics))
	go func() {
		for i, o := range pics {
			var pic []byte
			var err error
			if o.Label() == "--png" {
				pic, err = graphviz.DrawPNG(ctx, dot, layout, float64(d.ef.scale))
			} else {
				pic, err = graphviz.Draw(ctx, dot, layout, graphviz.SVG)
			}
			if err != nil {
				done <- fmt.Errorf("%s %s: %w", o.Label(), o.Name(), err)
				return
			}
			bufs[i] = pic
		}
		done <- nil
	}()
	select {
	case err := <-done:
		if ctx.Err() != nil {
			return pics, nil
		}
		if err != nil {
			return nil, err
		}
	case <-ctx.Done():
		return pics, nil
	}
	for i, o := range pics {
		if _, err := o.Write(bufs[i]); err != nil {
			return nil, err
		}
	}
	return nil, nil
}

// interruptedError says which outputs an interrupt left out.
func interruptedError(skipped []*outfile.File, more ...string) error {
	if len(skipped) == 0 && len(more) == 0 {
		return errInterrupted
	}
	var names []string
	for _, o := range skipped {
		names = append(names, o.Label()+" "+o.Name())
	}
	names = append(names, more...)
	return &interrupted{what: strings.Join(names, " and ") + " not drawn; the other outputs are complete"}
}

func cmdTrace(ctx context.Context, args []string, stdin io.Reader, stdout, stderr io.Writer) error {
	fs := newCommand("trace", stdout, "backtrack trace "+problemList()+" [flags]")
	var pf problemFlags
	pf.register(fs.FlagSet)
	var ef exportFlags
	ef.register(fs.FlagSet)
	statsPath := fs.String("stats", "", "write the summary as YAML to this file (- for stdout)")
	yamlPath := fs.String("yaml", "", "write every step, with a note, as a YAML step log to this file (- for stdout)")
	maxOutput := sizeFlag(defaultMaxOutput)
	fs.Var(&maxOutput, "max-output", "stop the search when the step log reaches this size, e.g. 500M or 4G (0: no limit)")
	show := fs.Int("show", 3, "how many solution boards to print")
	p, opts, err := fs.problem(ctx, args, &pf, stdin)
	if err != nil {
		return err
	}
	if *yamlPath == "" && flagSet(fs.FlagSet, "max-output") {
		fmt.Fprintln(stderr, "backtrack: warning: --max-output bounds only the step log, and none was asked for: add --yaml FILE")
	}
	lang, err := ef.language("")
	if err != nil {
		return err
	}
	dopt, err := ef.options(fs.FlagSet, stderr)
	if err != nil {
		return err
	}
	if ef.raisesCap() {
		liftMemoryLimit()
	}
	if *show < 0 {
		return usagef("--show must not be negative")
	}

	// Open every output before the search, so a bad path costs no work,
	// and none replaces the puzzle.
	var outs outfile.Set
	defer outs.Abort()
	if err := outs.AddInput("--puzzle", pf.puzzle, "the puzzle", stdin); err != nil {
		return err
	}
	stats, err := outs.Create(ctx, *statsPath, "--stats", stdout)
	if err != nil {
		return err
	}
	steps, err := outs.Create(ctx, *yamlPath, "--yaml", stdout)
	if err != nil {
		return err
	}
	diagrams, err := ef.open(ctx, &outs, stdout)
	if err != nil {
		return err
	}
	toStdout := outs.Stdout() // "-", /dev/stdout, ...

	info := p.Info()
	st := &tracer.Stats{}
	opts.Sinks = []tracer.Sink{st}
	var tree *tracer.Tree
	if ef.diagrams() {
		tree = ef.newTree()
		opts.Sinks = append(opts.Sinks, tree)
	}
	if diagrams.html != nil {
		diagrams.html.limit = htmlLimit(&ef, opts.Limits.MaxSteps)
		diagrams.html.begin(info, tracer.StrategyOf(info, opts))
		opts.Sinks = append(opts.Sinks, diagrams.html)
	}
	var log *steplog.Writer
	var logBuf *bufio.Writer
	searchCtx := ctx
	if steps != nil {
		var cancel context.CancelCauseFunc
		searchCtx, cancel = context.WithCancelCause(ctx)
		defer cancel(nil)
		h := steplog.HeaderFor(info, opts)
		h.Tool, h.Lang = "backtrack "+version, string(lang)
		nar := tracer.NewNarrator(info, h.Strategy, lang)
		logBuf = bufio.NewWriterSize(&capWriter{w: steps, max: int64(maxOutput), full: func() { cancel(tracer.ErrSizeLimit) }}, 1<<16)
		if log, err = steplog.NewWriter(logBuf, h, nar.Note); err != nil {
			var oe *outfile.Error
			if errors.As(err, &oe) {
				return oe // names the output; the log's own prefix adds nothing
			}
			return err
		}
		opts.Sinks = append(opts.Sinks, log)
	}

	res, err := tracer.Run(searchCtx, p, opts)
	if err != nil {
		return err
	}
	sum := tracer.Summarize(info, opts, res, st)

	if log != nil {
		err := log.Close(sum)
		if err == nil {
			err = logBuf.Flush()
		}
		if err != nil {
			var oe *outfile.Error
			if errors.As(err, &oe) {
				return oe // names the output; the log's own prefix adds nothing
			}
			return err
		}
	}
	if stats != nil {
		if err := steplog.WriteStats(stats, sum); err != nil {
			return err
		}
	}
	var skipped []*outfile.File
	leg := render.Legend{Summary: sum, Lang: lang}
	if tree != nil {
		if err := tree.Err(); err != nil {
			return fmt.Errorf("search tree: %w", err)
		}
		diagrams.notes = func(ctx context.Context, frames []int64) (func(int64) string, error) {
			return narrateAgain(ctx, &pf, lang, res.Limit, frames)
		}
		if skipped, err = diagrams.write(ctx, tree, leg, dopt); err != nil {
			return err
		}
		for _, o := range skipped {
			o.Abort()
		}
		// The tree, up to --max-tree, and its trimmings are garbage now:
		// collected before the page is made rather than grown into.
		tree = nil
		runtime.GC()
	}
	if diagrams.html != nil {
		left, err := diagrams.html.write(ctx, info, tracer.StrategyOf(info, opts), leg)
		if err != nil {
			return err
		}
		skipped = append(skipped, left...)
	}
	if err := outs.Commit(); err != nil {
		return err
	}
	diagrams.noteEmpty(stderr)
	if res.Limit == tracer.LimitSize {
		fmt.Fprintf(stderr, "backtrack: the step log reached --max-output %s, so the search stopped there; give a larger --max-output (or 0) to log more\n", maxOutput.String())
	}
	if res.Limit == tracer.LimitTree {
		fmt.Fprintf(stderr, "backtrack: the search tree reached --max-tree %s, so the search stopped there; give a larger --max-tree (or 0) to record more\n", ef.maxTree.String())
	}
	if !toStdout {
		if err := render.WriteReport(stdout, sum, *show, lang); err != nil {
			return err
		}
	}
	if res.Limit == tracer.LimitCanceled || ctx.Err() != nil {
		return interruptedError(skipped, diagrams.missing()...)
	}
	return nil
}

// htmlPage is --html: a sink that records the run's first steps, then
// writes the player page.
type htmlPage struct {
	out   *outfile.File
	limit int64 // the most steps the page holds
	// rec records the steps the page holds, compactly (about 20 bytes a
	// step); begin makes it.
	rec   *stepper.Recording
	total int64
	// followBrowser: no --lang was given, so the page opens in the
	// browser's language unless its link names one.
	followBrowser bool
	// quiz: the page opens in predict mode (--quiz).
	quiz bool
}

// begin starts the recording of a run of the problem info describes.
func (h *htmlPage) begin(info tracer.Info, sg tracer.Strategy) {
	h.rec = stepper.NewRecording(info, sg)
}

// Event records e, if the page has room for it; it counts every step.
func (h *htmlPage) Event(e *tracer.Event) {
	h.total++
	if h.total > h.limit || h.rec == nil {
		return
	}
	h.rec.Event(e)
}

// logSinks are the sinks render feeds a step log to; the page, if any,
// begins its recording with the log's header.
type logSinks struct {
	all  tracer.Sink // a MultiSink
	page *htmlPage
}

func (s *logSinks) Event(e *tracer.Event) { s.all.Event(e) }

// Err reports the first error of a sink, as the MultiSink does.
func (s *logSinks) Err() error { return s.all.(interface{ Err() error }).Err() }

// LogHeader begins the page's recording (steplog.HeaderSink).
func (s *logSinks) LogHeader(h steplog.Header, info tracer.Info) {
	if s.page != nil {
		s.page.begin(info, h.Strategy)
	}
}

// htmlLimit is the most steps --html holds: --max-steps if given (up to
// stepper.MaxHTMLSteps), else stepper.DefaultHTMLSteps.
func htmlLimit(ef *exportFlags, maxSteps int64) int64 {
	if ef.set["max-steps"] && maxSteps > 0 {
		return min(maxSteps, stepper.MaxHTMLSteps)
	}
	return stepper.DefaultHTMLSteps
}

// write makes the page from the steps kept and writes it, straight into
// its file. The page works its tree pane out from its steps; a page of no
// step has none. An interrupt (ctx) leaves the page out at once, returned
// in skipped.
func (h *htmlPage) write(ctx context.Context, info tracer.Info, sg tracer.Strategy, leg render.Legend) (skipped []*outfile.File, err error) {
	rec := h.rec
	if rec == nil {
		rec = stepper.NewRecording(info, sg) // a log that ended before its steps
	}
	hopt := stepper.HTMLOptions{Lang: leg.Lang, FollowBrowser: h.followBrowser, MaxSteps: h.limit, Total: h.total, TreePane: rec.Len() > 0, Predict: h.quiz}
	if err := aside(ctx, h.out, func() error { return stepper.WriteHTML(h.out, rec, hopt) }); err != nil {
		if errors.Is(err, errLeftOut) {
			return []*outfile.File{h.out}, nil
		}
		var oe *outfile.Error
		if errors.As(err, &oe) {
			return nil, oe // names the output; the page's own prefix adds nothing
		}
		return nil, err
	}
	return nil, nil
}

// errLeftOut is aside's answer when an interrupt left its output out.
var errLeftOut = errors.New("left out")

// aside runs work, which writes out, aside, so that an interrupt (ctx)
// need not wait for it: out is aborted at once, the next write of work
// fails, and aside returns errLeftOut. An interrupt before work starts
// leaves out out too.
func aside(ctx context.Context, out *outfile.File, work func() error) error {
	if ctx.Err() != nil {
		out.Abort()
		return errLeftOut
	}
	done := make(chan error, 1)
	go func() { done <- work() }()
	select {
	case err := <-done:
		if ctx.Err() != nil {
			out.Abort()
			return errLeftOut
		}
		return err
	case <-ctx.Done():
		out.Abort()
		return errLeftOut
	}
}

// narrateAgain gives the notes of a run's steps frames (the captions of
// --frames and --gif), as --yaml writes them: the frames are chosen once
// the run is over, so the same search runs again, on a board built anew,
// with a narrator that keeps only those steps' notes, and stops at the
// last of them. A run a limit stopped (limit) is stopped at the same step.
func narrateAgain(ctx context.Context, pf *problemFlags, lang tracer.Lang, limit tracer.LimitReason, frames []int64) (func(int64) string, error) {
	p, opts, err := pf.spec.Build()
	if err != nil {
		return nil, err
	}
	info := p.Info()
	nar := tracer.NewNarrator(info, steplog.HeaderFor(info, opts).Strategy, lang)
	notes := render.NewFrameNotes(frames, nar.Note)
	last := notes.Last()
	opts.Limits = tracer.Limits{MaxSteps: last}
	if limit != tracer.LimitNone {
		// The limit event is the last step: a step limit stops the run
		// there, narrated with the limit that stopped it.
		opts.Limits.MaxSteps, notes.Limit = last-1, limit
	}
	if opts.Limits.MaxSteps < 1 {
		return notes.Note, nil
	}
	opts.Sinks = []tracer.Sink{notes}
	if _, err := tracer.Run(ctx, p, opts); err != nil {
		return nil, err
	}
	return notes.Note, nil
}

// maxStdinNotes bounds the notes kept of a step log read from stdin for
// the captions of --frames and --gif (a file is read again instead).
const maxStdinNotes = 64 << 20

// notesAlongside reads a step log into sink and its notes into notes.
type notesAlongside struct {
	sink  tracer.Sink
	notes *render.FrameNotes
}

func (a notesAlongside) Event(e *tracer.Event) { a.sink.Event(e) }

func (a notesAlongside) EventNote(e *tracer.Event, note string) {
	a.sink.Event(e)
	a.notes.EventNote(e, note)
}

// Err passes on the sink's error, so that the log is read as it would be
// without the notes.
// LogHeader passes the log's header on to a sink that wants it.
func (a notesAlongside) LogHeader(h steplog.Header, info tracer.Info) {
	if hs, ok := a.sink.(steplog.HeaderSink); ok {
		hs.LogHeader(h, info)
	}
}

func (a notesAlongside) Err() error {
	if es, ok := a.sink.(interface{ Err() error }); ok {
		return es.Err()
	}
	return nil
}

// readNotesAgain reads the step log in file name again, up to the last
// of the steps frames, for their notes: the log's own, in logLang, or,
// for pictures in another language, notes narrated anew in lang from its
// steps.
func readNotesAgain(name string, logLang, lang tracer.Lang, sum tracer.Summary, frames []int64) (func(int64) string, error) {
	notes := render.NewFrameNotes(frames, nil)
	if lang != logLang {
		notes.Narrate = tracer.NewNarrator(logInfo(sum), sum.Strategy, lang).Note
	}
	f, err := os.Open(name)
	if err != nil {
		return nil, fmt.Errorf("step log %q: %v", name, plainErr(err))
	}
	defer f.Close()
	_, _, err = steplog.Read(bufio.NewReaderSize(f, logReadBuffer), untilNotes{notes})
	if err != nil && !notes.Done() {
		return nil, fmt.Errorf("%s: %v", name, plainErr(err))
	}
	return notes.Note, nil
}

// untilNotes reads a step log's notes into notes, and stops the reading
// once it has every note it wants (Err).
type untilNotes struct{ notes *render.FrameNotes }

var errNotesDone = errors.New("every note wanted was read")

func (u untilNotes) Event(e *tracer.Event)                  { u.notes.Event(e) }
func (u untilNotes) EventNote(e *tracer.Event, note string) { u.notes.EventNote(e, note) }
func (u untilNotes) Err() error {
	if u.notes.Done() {
		return errNotesDone
	}
	return nil
}

// logInfo is the run a step log describes, from its summary.
func logInfo(sum tracer.Summary) tracer.Info {
	d, _ := tracer.Lookup(sum.Problem)
	return tracer.Info{Def: d, Problem: sum.Problem, Size: sum.Size, Instance: sum.Instance,
		Order: sum.Strategy.Order, Check: sum.Strategy.Check, Rules: sum.Rules}
}

// capWriter passes writes through and calls full once when more than max
// bytes (max > 0) have gone through.
type capWriter struct {
	w      io.Writer
	n, max int64
	full   func()
}

func (c *capWriter) Write(b []byte) (int, error) {
	n, err := c.w.Write(b)
	c.n += int64(n)
	if c.max > 0 && c.n > c.max && c.full != nil {
		c.full()
		c.full = nil
	}
	return n, err
}

func cmdRender(ctx context.Context, args []string, stdin io.Reader, stdout, stderr io.Writer) error {
	fs := newCommand("render", stdout, "backtrack render LOG.yaml [--dot/--svg/--png/--html FILE] [trimming flags]")
	var ef exportFlags
	ef.register(fs.FlagSet)
	fs.Lookup("lang").Usage = "language of the notes and legends: en or zh (default: the log's language)"
	htmlSteps := fs.Int64("max-steps", stepper.DefaultHTMLSteps, "the most steps --html holds; a longer log is cut there, and the page says so")
	pos, err := fs.parse(args)
	if err != nil {
		return err
	}
	if len(pos) != 1 {
		return usagef("render takes one step log (a file written by trace --yaml, or - for stdin)")
	}
	if !ef.diagrams() && ef.html == "" {
		return usagef("render needs at least one of --dot, --svg, --png, --gif, --frames, --html")
	}
	if ef.html == "" && flagSet(fs.FlagSet, "max-steps") {
		fmt.Fprintln(stderr, "backtrack: warning: render's --max-steps bounds only the --html page, and none was asked for")
	}
	if *htmlSteps < 1 || *htmlSteps > stepper.MaxHTMLSteps {
		return usagef("--max-steps %d: want 1 to %d", *htmlSteps, stepper.MaxHTMLSteps)
	}
	dopt, err := ef.options(fs.FlagSet, stderr)
	if err != nil {
		return err
	}
	if ef.raisesCap() {
		liftMemoryLimit()
	}
	var outs outfile.Set
	defer outs.Abort()
	if err := outs.AddInput("", pos[0], "the step log", stdin); err != nil {
		return err
	}
	diagrams, err := ef.open(ctx, &outs, stdout)
	if err != nil {
		return err
	}

	name := "stdin"
	open := func() (io.ReadCloser, error) { return io.NopCloser(stdin), nil }
	if pos[0] != "-" {
		name = pos[0]
		fi, err := os.Stat(name)
		switch {
		case errors.Is(err, os.ErrNotExist):
			return usagef("step log %q does not exist", name)
		case err != nil:
			return usagef("step log %q: %v", name, plainErr(err))
		case fi.IsDir():
			return usagef("step log %q is a folder", name)
		}
		open = func() (io.ReadCloser, error) { return os.Open(name) }
	}
	// The log is read aside, so Ctrl-C ends a read that waits on a pipe.
	tree := ef.newTree()
	st := &tracer.Stats{}
	type read struct {
		h   steplog.Header
		sum tracer.Summary
		err error
	}
	done := make(chan read, 1)
	// The notes of a log on stdin, which cannot be read again, are kept
	// as it is read, for the frames' captions.
	var stdinNotes *render.FrameNotes
	if pos[0] == "-" && (ef.frames != "" || ef.gif != "") {
		stdinNotes = render.NewAllNotes(maxStdinNotes)
	}
	go func() {
		r, err := open()
		if err != nil {
			done <- read{err: err}
			return
		}
		defer r.Close()
		sinks := []tracer.Sink{tree, st}
		if diagrams.html != nil {
			diagrams.html.limit = *htmlSteps
			sinks = append(sinks, diagrams.html)
		}
		var sink tracer.Sink = &logSinks{all: tracer.MultiSink(sinks...), page: diagrams.html}
		if stdinNotes != nil {
			sink = notesAlongside{sink, stdinNotes}
		}
		h, sum, err := steplog.Read(bufio.NewReaderSize(r, logReadBuffer), sink)
		done <- read{h, sum, err}
	}()
	var got read
	select {
	case got = <-done:
	case <-ctx.Done():
		return errInterruptedEarly
	}
	if got.err != nil {
		return usagef("%s: %v", name, plainErr(got.err))
	}
	if err := tree.Err(); err != nil {
		return usagef("%s: %v", name, err)
	}
	// The counts come from the steps themselves, as in the live run.
	sum := got.sum
	sum.Stats, sum.Limit = *st, st.Limit
	if got.h.Lang != "" {
		if _, err := tracer.ParseLang(got.h.Lang); err != nil {
			// A hand-edited log: its notes are kept, the pictures'
			// words need a language this tool has.
			fmt.Fprintf(stderr, "backtrack: warning: %s says lang: %s, which is not en or zh: the pictures are in %s\n", name, got.h.Lang, cmp.Or(ef.lang, "en"))
			got.h.Lang = ""
		}
	}
	lang, err := ef.language(tracer.Lang(got.h.Lang))
	if err != nil {
		return err
	}
	if diagrams.html != nil && got.h.Lang != "" {
		diagrams.html.followBrowser = false // the page keeps the log's language, as trace's keeps --lang
	}
	leg := render.Legend{Summary: sum, Lang: lang}
	var skipped []*outfile.File
	switch logLang := tracer.Lang(got.h.Lang); {
	case logLang == "": // a log without notes: frames without captions
	case stdinNotes == nil:
		diagrams.notes = func(ctx context.Context, frames []int64) (func(int64) string, error) {
			return readNotesAgain(name, logLang, lang, sum, frames)
		}
	case stdinNotes.Full():
		fmt.Fprintf(stderr, "backtrack: the notes of the log on stdin are more than %d MiB, too many to keep: the frames have no captions (give the log as a file to have them)\n", maxStdinNotes>>20)
	case logLang != lang:
		fmt.Fprintf(stderr, "backtrack: the notes of the log on stdin are in %s, the pictures in %s: the frames have no captions (give the log as a file to have them narrated in %s)\n", logLang, lang, lang)
	default:
		diagrams.notes = func(context.Context, []int64) (func(int64) string, error) { return stdinNotes.Note, nil }
	}
	// A tree that reached --max-tree stopped recording: it is drawn as it
	// stood then.
	wopt, cut := dopt, int64(0)
	if k := tree.FullAt - 1; tree.FullAt > 0 && (wopt.AtStep == 0 || wopt.AtStep > k) {
		wopt.AtStep, cut = k, k
	}
	if ef.diagrams() {
		if skipped, err = diagrams.write(ctx, tree, leg, wopt); err != nil {
			return err
		}
	}
	for _, o := range skipped {
		o.Abort()
	}
	if diagrams.html != nil {
		info := logInfo(sum)
		left, err := diagrams.html.write(ctx, info, sum.Strategy, leg)
		if err != nil {
			return err
		}
		skipped = append(skipped, left...)
	}
	if err := outs.Commit(); err != nil {
		return err
	}
	diagrams.noteEmpty(stderr)
	if cut > 0 && ef.diagrams() {
		fmt.Fprintf(stderr, "backtrack: the search tree reached --max-tree %s at step %d of %d, so the diagrams show it as it stood after step %d (as --at-step %d would); give a larger --max-tree (or 0) to draw it all\n",
			ef.maxTree.String(), cut+1, tree.Steps, cut, cut)
	}
	if ctx.Err() != nil {
		return interruptedError(skipped, diagrams.missing()...)
	}
	return nil
}

func cmdStep(ctx context.Context, args []string, stdin io.Reader, stdout, stderr io.Writer) error {
	fs := newCommand("step", stdout, "backtrack step "+problemList()+" [flags]")
	var pf problemFlags
	pf.register(fs.FlagSet)
	fs.Lookup("max-steps").Usage = fmt.Sprintf("stop after this many steps; the stepper keeps every step in memory, about 17 bytes each (1 to %d)", maxStepperSteps)
	langFlag := fs.String("lang", "", "language of the notes: "+langHelp)
	to := fs.Int64("to", 0, "start at this step")
	print := fs.Bool("print", false, "print the view at --to as plain text and exit (for handouts)")
	width := fs.Int("width", 0, "screen width in columns (default: the terminal's, or 80)")
	height := fs.Int("height", 0, "screen height in lines (default: the terminal's, or 24)")
	p, opts, err := fs.problem(ctx, args, &pf, stdin)
	if err != nil {
		return err
	}
	lang, err := parseLangFlag(*langFlag)
	if err != nil {
		return err
	}
	if *to < 0 || *width < 0 || *height < 0 {
		return usagef("--to, --width and --height must not be negative")
	}
	if opts.Limits.MaxSteps == 0 || opts.Limits.MaxSteps > maxStepperSteps {
		return usagef("--max-steps %d: the stepper keeps every step in memory (about 17 bytes each), so it needs a limit from 1 to %d", opts.Limits.MaxSteps, maxStepperSteps)
	}
	if opts.Limits.MaxSteps > tracer.DefaultMaxSteps {
		liftMemoryLimit() // a recording of more steps than the default
	}
	info := p.Info()
	rec := stepper.NewRecording(info, tracer.StrategyOf(info, opts))
	opts.Sinks = []tracer.Sink{rec}
	res, err := tracer.Run(ctx, p, opts)
	if err != nil {
		return err
	}
	if res.Limit == tracer.LimitCanceled {
		return errInterruptedEarly
	}
	if *to > rec.Len() {
		return usagef("--to %d is beyond the last step %d", *to, rec.Len())
	}
	sopt := stepper.Options{Lang: lang, Width: *width, Height: *height}
	in, inFile := stdin.(*os.File)
	var outFile *os.File
	if w, ok := stdout.(*stdoutWriter); ok {
		outFile, _ = w.w.(*os.File)
	} else {
		outFile, _ = stdout.(*os.File)
	}
	interactive := !*print && inFile && outFile != nil && stepper.IsTerminal(in) && stepper.IsTerminal(outFile)
	if interactive {
		w, h := stepper.TerminalSize(outFile)
		if sopt.Width == 0 {
			sopt.Width = w
		}
		if sopt.Height == 0 {
			sopt.Height = h
		}
		sopt.Color = stepper.ColorEnabled(outFile)
	}
	sopt.Print = *print
	s := stepper.New(rec, sopt)
	s.Goto(*to)
	if !interactive {
		// Only a size asked for with --width/--height can be too small:
		// stepper.New grows the default 80×24 to what the board needs.
		if err := s.CheckSize(); err != nil {
			return usagef("%v", err)
		}
	}
	switch {
	case *print:
		_, err := io.WriteString(stdout, strings.TrimRight(s.View(), "\n")+"\n")
		return err
	case interactive:
		return stepper.RunInteractive(ctx, s, in, outFile)
	}
	return stepper.RunScript(s, stdin, stdout, stderr)
}

// cmdLesson lists the lessons, or builds them: per lesson a folder with its
// Markdown page, diagrams, stats and step logs, under a folder per language.
func cmdLesson(ctx context.Context, args []string, _ io.Reader, stdout, stderr io.Writer) error {
	const usage = "backtrack lesson list [--lang en|zh] | backtrack lesson build NAME...|--all -o DIR [--lang en|zh] [--force] [--exercises-only] | backtrack lesson build NAME...|--all --site DIR [--no-playground] [--force]"
	if len(args) == 0 || (args[0] != "list" && args[0] != "build") {
		if len(args) > 0 && (args[0] == "-h" || args[0] == "-help" || args[0] == "--help" || args[0] == "help") {
			_, err := fmt.Fprintf(stdout, "usage: %s\n\nRun 'backtrack lesson build -h' for the flags.\n", usage)
			if err != nil {
				return err
			}
			return flag.ErrHelp
		}
		return usagef("lesson needs list or build: %s", usage)
	}
	fs := newCommand("lesson "+args[0], stdout, usage)
	langFlag := fs.String("lang", "", "language of the titles, pages, notes and legends: "+langHelp)
	all := fs.Bool("all", false, "build: every lesson")
	out := fs.String("o", "", "build: the folder to write into (made if its parent exists); lessons go to DIR/LANG/NAME")
	force := fs.Bool("force", false, "build: replace a lesson folder even if it holds files the build did not write")
	siteDir := fs.String("site", "", "build: a static HTML course site of the lessons, in English and Chinese, into this folder (made if its parent exists): an index, every lesson as a page with its pictures and players, the licences and the playground; relative links only, so it works from any web host or from file://")
	noPlay := fs.Bool("no-playground", false, "build --site: leave out the playground (it is compiled with the Go toolchain, in backtrack's source folder)")
	exOnly := fs.Bool("exercises-only", false, "build: write only the lessons' exercises, as DIR/LANG/exercises/worksheet.md (no answers) and key.md (the answers, from the runs)")
	pos, err := fs.parse(args[1:])
	if err != nil {
		return err
	}
	lang, err := parseLangFlag(*langFlag)
	if err != nil {
		return err
	}
	if args[0] == "list" {
		if len(pos) > 0 || *all || *out != "" || *force || *siteDir != "" || *noPlay || *exOnly {
			return usagef("lesson list takes no arguments but --lang")
		}
		ls, err := lessons.All()
		if err != nil {
			return err
		}
		width := 0
		for _, l := range ls {
			width = max(width, len(l.Name))
		}
		for _, l := range ls {
			if _, err := fmt.Fprintf(stdout, "%-*s  %s\n", width, l.Name, l.Title(lang)); err != nil {
				return err
			}
		}
		return nil
	}
	switch {
	case *all && len(pos) > 0:
		return usagef("lesson build: give lesson names or --all, not both")
	case !*all && len(pos) == 0:
		return usagef("lesson build: name a lesson or give --all (see 'backtrack lesson list')")
	case *siteDir != "" && *out != "":
		return usagef("lesson build: give -o DIR (Markdown folders) or --site DIR (a web site), not both")
	case *out == "" && *siteDir == "":
		return usagef("lesson build: -o DIR or --site DIR is required")
	case *noPlay && *siteDir == "":
		return usagef("lesson build: --no-playground goes with --site")
	case *exOnly && *siteDir != "":
		return usagef("lesson build: --exercises-only goes with -o DIR, not --site")
	case *siteDir != "" && *langFlag != "":
		return usagef("lesson build --site makes the site in English and Chinese: leave out --lang")
	}
	ls, err := lessons.Lookup(pos...)
	if err != nil {
		return usagef("%v", err)
	}
	if *siteDir != "" {
		return buildSite(ctx, ls, *siteDir, *force, !*noPlay, stdout)
	}
	dir := filepath.Join(*out, string(lang))
	made, err := makeFolders(*out, dir)
	if err != nil {
		return err
	}
	built := false
	defer func() {
		if !built {
			// A failed build leaves no empty folder it made.
			for i := len(made) - 1; i >= 0; i-- {
				os.Remove(made[i])
			}
		}
	}()
	start := time.Now()
	if *exOnly {
		var ms []*lessons.Made
		for _, l := range ls {
			made, err := l.Make(ctx, lessons.Options{Lang: lang, Tool: "backtrack " + version, ExercisesOnly: true})
			if ctx.Err() != nil {
				return errInterrupted
			}
			if err != nil {
				return err
			}
			ms = append(ms, made)
		}
		folder := filepath.Join(dir, "exercises")
		files := map[string][]byte{"worksheet.md": lessons.Worksheet(ms, lang, false), "key.md": lessons.Worksheet(ms, lang, true)}
		if err := outfile.WriteFolder(folder, files, *force); err != nil {
			return err
		}
		n := 0
		for _, m := range ms {
			n += len(m.Exercises)
		}
		built = true
		fmt.Fprintf(stdout, "%s: worksheet.md and key.md, %d exercises from %d lessons, %.2f s\n", folder, n, len(ms), time.Since(start).Seconds())
		return nil
	}
	// Every lesson folder is checked before the first lesson is made, and
	// none is replaced unless all are made.
	err = lessons.BuildAll(ctx, ls, dir, lessons.Options{Lang: lang, Tool: "backtrack " + version, Force: *force}, func(made *lessons.Made) {
		fmt.Fprintf(stdout, "%s: %d files, %d steps searched, %.2f s\n",
			filepath.Join(dir, made.Name), len(made.Files), made.Steps, made.Elapsed.Seconds())
	})
	if ctx.Err() != nil {
		return errInterruptedEarly
	}
	if err != nil {
		return err
	}
	built = true
	if len(ls) > 1 {
		fmt.Fprintf(stdout, "%d lessons in %.2f s\n", len(ls), time.Since(start).Seconds())
	}
	return nil
}

// makeFolders makes -o DIR (whose parent must exist) and its language
// folder inside it, and returns those it made.
func makeFolders(out, dir string) (made []string, err error) {
	out = filepath.Clean(out) // "site/", as shell completion types it, is site
	fi, err := os.Stat(out)
	switch {
	case err == nil && !fi.IsDir():
		return made, usagef("-o %s: is a file, want a folder", out)
	case errors.Is(err, os.ErrNotExist):
		if pi, perr := os.Stat(filepath.Dir(out)); perr != nil || !pi.IsDir() {
			return made, usagef("-o %s: folder %s does not exist", out, filepath.Dir(out))
		}
		if err := os.Mkdir(out, 0o755); err != nil {
			return made, &outfile.Error{Label: "-o", Name: out, Err: plainErr(err)}
		}
		made = append(made, out)
	case err != nil:
		return made, &outfile.Error{Label: "-o", Name: out, Err: plainErr(err)}
	}
	if err := os.Mkdir(dir, 0o755); err == nil {
		made = append(made, dir)
	} else if !errors.Is(err, os.ErrExist) {
		return made, &outfile.Error{Label: "-o", Name: dir, Err: plainErr(err)}
	}
	if fi, err := os.Stat(dir); err != nil || !fi.IsDir() {
		return made, usagef("-o %s: %s is not a folder", out, dir)
	}
	return made, nil
}

// cmdCompare runs two problems side by side (N-Queens beside Sudoku unless
// told otherwise), or (--strategies) every strategy of one problem on one
// instance, and tabulates them.
func cmdCompare(ctx context.Context, args []string, stdin io.Reader, stdout, stderr io.Writer) error {
	fs := newCommand("compare", stdout, "backtrack compare [PROBLEM PROBLEM] [-n N] [--puzzle P] [--left S] [--right S] [--svg FILE] [--html FILE] [--no-time] | backtrack compare --strategies PROBLEM [-n N | --puzzle P] [--no-time] | backtrack compare --strategies PROBLEM --left S --right S --html FILE")
	n := fs.Int("n", 0, "the size, for problems sized by n ("+sizeHelp()+")")
	puzzle := fs.String("puzzle", "", "sudoku: a puzzle string, a file, or - for stdin (default: LeetCode 37's board)")
	strategies := fs.String("strategies", "", "run every strategy of this problem on one instance: "+strings.Join(tracer.ProblemNames(), ", "))
	svg := fs.String("svg", "", "draw the nodes per depth of both searches as an SVG chart to this file")
	noTime := fs.Bool("no-time", false, "leave out the time, so the output is the same on every run")
	maxSteps := fs.Int64("max-steps", lessons.DefaultMaxSteps, "stop each run after this many steps (0: no limit)")
	langFlag := fs.String("lang", "", "language of the table: "+langHelp)
	htmlPath := fs.String("html", "", "write one page with the two runs' players side by side, stepping together, to this file (- for stdout: then no table is printed)")
	left := fs.String("left", "", "the first side's strategy, as key=value joined by commas: order, check, when, stop, drop (e.g. check=scan)")
	right := fs.String("right", "", "the second side's strategy, as --left (e.g. check=counts, or drop=return-false)")
	pos, err := fs.parse(args)
	if err != nil {
		return err
	}
	set := map[string]bool{}
	fs.Visit(func(f *flag.Flag) { set[f.Name] = true })
	lang, err := parseLangFlag(*langFlag)
	if err != nil {
		return err
	}
	if *maxSteps < 0 {
		return usagef("--max-steps must not be negative")
	}
	if set["n"] && *n < 1 {
		return usagef("-n %d is out of range: give a size of at least 1", *n)
	}
	if set["puzzle"] && strings.TrimSpace(*puzzle) == "" {
		return usagef("--puzzle is empty: give a puzzle, a file name, or - for stdin (leave the flag out for the default board)")
	}
	problems := pos
	switch {
	case *strategies != "" && len(pos) > 0:
		return usagef("--strategies takes its problem as its value: drop %q", strings.Join(pos, " "))
	case *strategies != "":
		problems = []string{*strategies}
	case len(pos) == 0:
		problems = []string{"nqueens", "sudoku"}
	case len(pos) != 2:
		return usagef("compare takes two problems, got %q (see 'backtrack compare -h')", strings.Join(pos, " "))
	}
	// One search per problem; -n goes to the problems sized by n, --puzzle
	// to those that take a puzzle.
	var bases []lessons.Search
	usedN, usedPuzzle := false, false
	for _, name := range problems {
		def, err := tracer.Lookup(name)
		if err != nil {
			flagName := ""
			if *strategies != "" {
				flagName = "--strategies: "
			}
			return usagef("%s%s", flagName, strings.TrimPrefix(err.Error(), "tracer: "))
		}
		s := lessons.Search{Problem: def.Name, MaxSteps: lessons.Limit(*maxSteps)}
		switch {
		case def.Size != nil && set["n"]:
			s.N, usedN = *n, true
		case def.Puzzle != nil && set["puzzle"]:
			text, where, err := readPuzzle(ctx, *puzzle, stdin)
			if err != nil {
				return err
			}
			if _, err := def.Puzzle.Parse(text); err != nil {
				return usagef("%s: %v", where, err)
			}
			s.Puzzle, usedPuzzle = text, true
		}
		if _, _, err := s.Build(); err != nil {
			return usagef("%s: %v", def.Name, err)
		}
		bases = append(bases, s)
	}
	if set["n"] && !usedN {
		return usagef("-n: %s takes no size n", strings.Join(problems, " and "))
	}
	if set["puzzle"] && !usedPuzzle {
		return usagef("--puzzle: %s takes no puzzle", strings.Join(problems, " and "))
	}
	opt := render.CompareOptions{Lang: lang, NoTime: *noTime}

	searches := bases
	switch {
	case *strategies != "" && *htmlPath != "":
		// The page shows two strategies of the one problem: --left and --right.
		if *left == *right {
			return usagef("--strategies with --html steps two strategies of %s: name them with --left and --right (e.g. --left check=scan --right check=counts)", bases[0].Problem)
		}
		searches = []lessons.Search{bases[0], bases[0]}
	case *strategies != "" && (*left != "" || *right != ""):
		return usagef("--left and --right name the two sides of --html or of two problems: --strategies without --html runs every strategy")
	case *strategies != "":
		if *svg != "" {
			return usagef("--svg draws the comparison of two problems: drop --strategies")
		}
		if searches, err = lessons.Strategies(bases[0]); err != nil {
			return usagef("%v", err)
		}
	}
	if len(searches) == 2 {
		for i, side := range []struct{ flag, value string }{{"--left", *left}, {"--right", *right}} {
			if err := setSide(&searches[i], side.value); err != nil {
				return usagef("%s %s: %v", side.flag, side.value, err)
			}
			if _, _, err := searches[i].Build(); err != nil {
				return usagef("%s %s: %v", side.flag, side.value, err)
			}
		}
	}
	if *svg == "-" {
		return usagef("--svg needs a file")
	}
	var outs outfile.Set
	defer outs.Abort()
	if err := outs.AddInput("--puzzle", *puzzle, "the puzzle", stdin); err != nil {
		return err
	}
	chart, err := outs.Create(ctx, *svg, "--svg", stdout)
	if err != nil {
		return err
	}
	if chart.Stdout() {
		return usagef("--svg %s: that is stdout, where the table goes: give a file", *svg)
	}
	page, err := outs.Create(ctx, *htmlPath, "--html", stdout)
	if err != nil {
		return err
	}
	var pages []*htmlPage
	if page != nil {
		limit := int64(stepper.DefaultHTMLSteps)
		if set["max-steps"] && *maxSteps > 0 {
			limit = min(*maxSteps, stepper.MaxHTMLSteps)
		}
		for range searches {
			pages = append(pages, &htmlPage{out: page, limit: limit, followBrowser: *langFlag == ""})
		}
	}

	var runs []render.CompareRun
	stopped := false
	for i, s := range searches {
		var sinks []tracer.Sink
		if pages != nil {
			p, opts, err := s.Build()
			if err != nil {
				return usagef("%v", err)
			}
			pages[i].begin(p.Info(), tracer.StrategyOf(p.Info(), opts))
			sinks = append(sinks, pages[i])
		}
		o, err := s.Execute(ctx, sinks...)
		if err != nil {
			return usagef("%v", err)
		}
		if o.Summary.Limit == tracer.LimitCanceled {
			stopped = true
			break
		}
		runs = append(runs, render.CompareRun{Summary: o.Summary, Elapsed: o.Elapsed})
	}
	if stopped {
		// The strategy table is worth its finished rows; the side-by-side
		// comparison is not worth half of itself.
		if *strategies != "" && len(runs) > 0 {
			var b bytes.Buffer
			if err := render.WriteStrategyTable(&b, runs, opt); err != nil {
				return err
			}
			if _, err := stdout.Write(b.Bytes()); err != nil {
				return err
			}
			return &interrupted{what: fmt.Sprintf("the table shows the %d of %d runs that finished", len(runs), len(searches))}
		}
		return &interrupted{what: "no run finished, so nothing is printed"}
	}
	if page != nil {
		side := func(h *htmlPage) stepper.LockstepSide {
			return stepper.LockstepSide{Rec: h.rec, MaxSteps: h.limit, Total: h.total}
		}
		lopt := stepper.LockstepOptions{Lang: lang, FollowBrowser: *langFlag == ""}
		if err := aside(ctx, page, func() error { return stepper.WriteLockstep(page, side(pages[0]), side(pages[1]), lopt) }); err != nil {
			if errors.Is(err, errLeftOut) {
				return &interrupted{what: "the page is left out"}
			}
			return err
		}
	}
	if page.Stdout() {
		// The page went to stdout: no table after it.
		return outs.Commit()
	}
	var b bytes.Buffer
	if *strategies != "" {
		err = render.WriteStrategyTable(&b, runs, opt)
	} else {
		err = render.WriteCompare(&b, runs, opt)
		if err == nil {
			b.WriteString("\n")
			err = render.WriteDepthProfile(&b, runs, opt)
		}
	}
	if err != nil {
		return err
	}
	if chart != nil {
		if err := render.WriteDepthChart(chart, runs, render.ChartOptions{Lang: lang}); err != nil {
			return err
		}
	}
	if err := outs.Commit(); err != nil {
		return err
	}
	_, err = stdout.Write(b.Bytes())
	return err
}

// setSide sets the strategy of one side of compare from --left or
// --right: key=value pairs joined by commas, the keys of a lesson's run
// (order, check, when, stop, drop). The values are checked when the search
// is built.
func setSide(s *lessons.Search, spec string) error {
	if strings.TrimSpace(spec) == "" {
		return nil
	}
	for _, part := range strings.Split(spec, ",") {
		key, value, ok := strings.Cut(strings.TrimSpace(part), "=")
		key, value = strings.TrimSpace(key), strings.TrimSpace(value)
		if !ok || value == "" {
			return fmt.Errorf("%q: want key=value (order, check, when, stop or drop)", part)
		}
		switch key {
		case "order":
			s.Order = value
		case "check":
			s.Check = value
		case "when":
			s.When = value
		case "stop":
			s.Stop = value
		case "drop":
			s.Drop = value
		default:
			return fmt.Errorf("unknown key %q: want order, check, when, stop or drop", key)
		}
	}
	return nil
}

// drawFrame draws one frame, the DOT dot of step k, into the --frames
// folder (SVG or PNG frames, also kept in pngs[i] to be padded to the
// largest frame's size) and packs[i] (for the GIF), and counts its colours
// into hist; mu guards pngs, packs, sizes and hist.
func (d *diagramOutputs) drawFrame(ctx context.Context, dot []byte, layout graphviz.Layout, i int, k int64, svgFrames, pngFrames bool, mu *sync.Mutex, pngs [][]byte, packs []*render.PackedFrame, sizes []image.Point, hist map[color.RGBA]int) error {
	if ctx.Err() != nil {
		return ctx.Err()
	}
	if svgFrames {
		pic, err := graphviz.Draw(ctx, dot, layout, graphviz.SVG)
		if err != nil {
			return fmt.Errorf("--frames %s: step %d: %w", d.ef.frames, k, err)
		}
		if err := d.frames.Add(render.FrameName(i, "svg"), pic); err != nil {
			return err
		}
	}
	if !pngFrames && d.gif == nil {
		return nil
	}
	img, err := graphviz.DrawImage(ctx, dot, layout, float64(d.ef.scale))
	if err != nil {
		return fmt.Errorf("frame at step %d: %w", k, err)
	}
	var packed *render.PackedFrame
	if d.gif != nil {
		packed = render.PackFrame(img)
	}
	var pic []byte
	if pngFrames {
		if pic, err = graphviz.EncodePNG(img); err != nil {
			return fmt.Errorf("frame at step %d: %w", k, err)
		}
		if err := d.frames.Add(render.FrameName(i, "png"), pic); err != nil {
			return err
		}
	}
	mu.Lock()
	defer mu.Unlock()
	if packed != nil {
		packed.AddHistogram(hist)
		packs[i] = packed
	}
	if pngFrames {
		pngs[i] = pic
	}
	sizes[i] = img.Bounds().Size()
	graphviz.Recycle(img) // packed and encoded: the next frame paints into it
	return nil
}

// noteEmpty says which outputs an empty tree left out, if any.
func (d *diagramOutputs) noteEmpty(stderr io.Writer) {
	if len(d.empty) > 0 {
		fmt.Fprintf(stderr, "backtrack: the run stopped before its first call, so there is no tree to draw: %s not written\n", strings.Join(d.empty, ", "))
	}
}

// missing names the outputs besides files that an interrupt left out.
func (d *diagramOutputs) missing() []string {
	if d == nil || !d.framesSkipped {
		return nil
	}
	return []string{"--frames " + d.ef.frames}
}

// writeFrames draws the --frames and the --gif: the run at the steps
// --every picks (render.FrameSteps: those at which the tree changes),
// each with the layout of the whole run (--at-step) and, if d.notes is
// set, the step's note as its caption. Frames
// are drawn one after the other (Graphviz runs one drawing at a time in the
// process anyway), and only their encoded bytes are kept: the GIF's frames
// packed as runs of exact colours (render.PackedFrame), unpacked one at a
// time when it is written, so memory is the packed frames plus the GIF's
// one byte a pixel. An interrupt stops between frames and writes neither.
func (d *diagramOutputs) writeFrames(ctx context.Context, t *tracer.Tree, leg render.Legend, opt render.DiagramOptions, layout graphviz.Layout) (skipped []*outfile.File, err error) {
	ef := d.ef
	if ef.frames == "" && d.gif == nil {
		return nil, nil
	}
	every, _ := render.ParseEvery(ef.every) // checked in options
	if d.notes != nil {
		opt.CaptionLines = render.DefaultCaptionLines
	}
	steps, err := render.FrameSteps(t, leg, opt, every)
	if err != nil {
		return nil, usagef("--every: %v", err)
	}
	note := func(int64) string { return "" }
	if d.notes != nil && ctx.Err() == nil {
		if note, err = d.notes(ctx, steps); err != nil {
			return nil, err
		}
	}
	stop := func() ([]*outfile.File, error) {
		d.framesSkipped = ef.frames != ""
		d.frames.Abort()
		if d.gif != nil {
			return []*outfile.File{d.gif}, nil
		}
		return nil, nil
	}
	if ctx.Err() != nil {
		return stop()
	}
	svgFrames := ef.frames != "" && ef.framesFormat == "svg"
	pngFrames := ef.frames != "" && ef.framesFormat == "png"
	pngs := make([][]byte, len(steps))               // PNG frames (--frames png)
	packs := make([]*render.PackedFrame, len(steps)) // the GIF's frames
	sizes := make([]image.Point, len(steps))
	hist := map[color.RGBA]int{}
	done := make(chan error, 1)
	go func() {
		done <- func() error {
			// The DOTs are written in order here; up to `workers` frames
			// are drawn at once (Graphviz itself runs one at a time, the
			// painting in parallel), each into its own slot, so the
			// output does not depend on the order they finish in, and
			// at most `workers` pictures are in memory.
			workers := min(runtime.GOMAXPROCS(0), 4)
			if calls, pruned := t.Counts(); opt.MaxNodes == 0 && calls+pruned > bigFrameBoxes {
				// A whole tree of this size takes hundreds of MB to
				// draw: one frame at a time keeps the run under 1 GB.
				workers = 1
			}
			sem := make(chan struct{}, workers)
			var wg sync.WaitGroup
			var mu sync.Mutex
			errs := make([]error, len(steps))
			series := render.NewSeries(t, leg) // the run's layout, planned once
			for i, k := range steps {
				if ctx.Err() != nil {
					break
				}
				o := opt
				o.AtStep, o.Extent, o.Caption = k, true, note(k)
				var dot bytes.Buffer
				if _, err := series.WriteDOT(&dot, o); err != nil {
					errs[i] = usagef("%v", err)
					break
				}
				sem <- struct{}{}
				wg.Add(1)
				go func() {
					defer wg.Done()
					defer func() { <-sem }()
					errs[i] = d.drawFrame(ctx, dot.Bytes(), layout, i, k, svgFrames, pngFrames, &mu, pngs, packs, sizes, hist)
				}()
			}
			wg.Wait()
			for _, err := range errs {
				if err != nil {
					return err
				}
			}
			return ctx.Err()
		}()
	}()
	select {
	case err := <-done:
		if ctx.Err() != nil {
			return stop()
		}
		if err != nil {
			return nil, err
		}
	case <-ctx.Done():
		return stop()
	}
	// A legend wider or taller than the tree (--focus, --max-nodes) can
	// change a picture's size from step to step: PNG frames and the GIF
	// are all made the size of the largest, the smaller ones drawn on
	// white at the top left.
	var size image.Point
	if d.gif != nil || pngFrames {
		for _, sz := range sizes {
			size = image.Pt(max(size.X, sz.X), max(size.Y, sz.Y))
		}
		for i, sz := range sizes {
			if sz == size {
				continue
			}
			if d.gif != nil {
				// the white margin, for the palette (WriteGIF draws the
				// smaller frame on white)
				hist[color.RGBA{255, 255, 255, 255}] += size.X*size.Y - sz.X*sz.Y
			}
			if !pngFrames {
				continue
			}
			img, err := png.Decode(bytes.NewReader(pngs[i]))
			if err != nil {
				return nil, fmt.Errorf("frame %d: %w", i+1, err)
			}
			canvas := image.NewRGBA(image.Rectangle{Max: size})
			draw.Draw(canvas, canvas.Bounds(), image.White, image.Point{}, draw.Src)
			draw.Draw(canvas, img.Bounds(), img, img.Bounds().Min, draw.Src)
			if pngs[i], err = graphviz.EncodePNG(canvas); err != nil {
				return nil, err
			}
			if err := d.frames.Add(render.FrameName(i, "png"), pngs[i]); err != nil {
				return nil, err
			}
		}
	}
	if d.gif != nil {
		last := max(4*time.Duration(ef.delay), 2*time.Second)
		frame := func(i int) (image.Image, error) {
			if ctx.Err() != nil {
				return nil, ctx.Err()
			}
			img := packs[i]
			packs[i] = nil
			return img, nil
		}
		err := aside(ctx, d.gif, func() error {
			return render.WriteGIF(d.gif, len(steps), frame, render.GIFPalette(hist),
				render.GIFOptions{Delay: time.Duration(ef.delay), Last: last, Size: size})
		})
		if errors.Is(err, errLeftOut) {
			return []*outfile.File{d.gif}, nil
		}
		if err != nil {
			return nil, err
		}
	}
	return nil, nil
}
