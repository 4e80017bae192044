// Command backtrack traces backtracking searches for teaching: N-Queens as
// one-dimensional recursion and Sudoku as two-dimensional recursion, with
// the strategies of five well-known tutorials.
//
// Usage:
//
//	backtrack trace nqueens|sudoku [flags]
//
// Run `backtrack help` for the commands and `backtrack trace -h` for flags.
package main

import (
	"bufio"
	"bytes"
	"context"
	"errors"
	"flag"
	"fmt"
	"io"
	"os"
	"os/signal"
	"path/filepath"
	"regexp"
	"strings"
	"syscall"
	"time"

	"backtrack/lessons"
	"backtrack/render"
	"backtrack/render/graphviz"
	"backtrack/tracer"
)

// Exit codes.
const (
	exitOK          = 0
	exitFailure     = 1   // the run failed (an output could not be written, ...)
	exitUsage       = 2   // bad input: flags, puzzles, files
	exitInterrupted = 130 // Ctrl-C or SIGTERM stopped the search; outputs are complete
)

// version is the tool's version, written into step logs.
const version = "0.1.0"

// usageError is bad input from the user: exit code 2.
type usageError struct{ msg string }

func (e *usageError) Error() string { return e.msg }

func usagef(format string, args ...any) error {
	return &usageError{fmt.Sprintf(format, args...)}
}

// errInterrupted reports that a signal stopped the search.
var errInterrupted = errors.New("interrupted")

const helpText = `backtrack traces backtracking searches for teaching.

Commands:
  trace nqueens|sudoku [flags]   run a search, print the solution and its counts;
                                 --dot/--svg/--png draw the search tree, --yaml logs every step
  render LOG.yaml [flags]        draw the search tree again from a saved step log
  step nqueens|sudoku [flags]    step through the recursion in a terminal, forward and back
  lesson list | build NAME|--all -o DIR   list the lessons, or build their pages, diagrams and logs
  compare [--strategies sudoku|nqueens]   N-Queens beside Sudoku, or every strategy on one instance
  help                           show this help

Run 'backtrack trace -h' for the flags. Examples:
  backtrack trace nqueens -n 4
  backtrack trace sudoku --order mrv --stats -
`

func main() {
	os.Exit(run(os.Args[1:], os.Stdin, os.Stdout, os.Stderr))
}

// run is the whole program, so tests can drive it.
func run(args []string, stdin io.Reader, stdout, stderr io.Writer) int {
	ctx, stop := signal.NotifyContext(context.Background(), os.Interrupt, syscall.SIGTERM)
	defer stop()
	err := dispatch(ctx, args, stdin, stdout, stderr)
	var ue *usageError
	switch {
	case err == nil:
		return exitOK
	case errors.Is(err, flag.ErrHelp):
		return exitOK
	case errors.Is(err, errInterrupted):
		fmt.Fprintln(stderr, "backtrack: interrupted; the outputs written so far are complete")
		return exitInterrupted
	case errors.As(err, &ue):
		fmt.Fprintf(stderr, "backtrack: %v\n", err)
		return exitUsage
	default:
		fmt.Fprintf(stderr, "backtrack: %v\n", err)
		return exitFailure
	}
}

func dispatch(ctx context.Context, args []string, stdin io.Reader, stdout, stderr io.Writer) error {
	if len(args) == 0 {
		fmt.Fprint(stderr, helpText)
		return usagef("no command given: want trace, render, step, lesson, compare or help")
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
	case "help", "-h", "-help", "--help":
		fmt.Fprint(stdout, helpText)
		return nil
	}
	return usagef("unknown command %q: want trace, render, step, lesson, compare or help", args[0])
}

// problemFlags are the flags that choose a problem, an instance and a strategy.
type problemFlags struct {
	n        int
	puzzle   string
	order    string
	check    string
	when     string
	first    bool
	all      bool
	noReturn bool
	maxSteps int64
	maxCalls int64
	timeout  time.Duration
}

func (pf *problemFlags) register(fs *flag.FlagSet) {
	fs.IntVar(&pf.n, "n", 8, "nqueens: board size (1-30)")
	fs.StringVar(&pf.puzzle, "puzzle", "", "sudoku: a puzzle string, a file, or - for stdin (default: LeetCode 37's board)")
	fs.StringVar(&pf.order, "order", "", "sudoku: which cell next: scan2d (default), linear or mrv")
	fs.StringVar(&pf.check, "check", "scan", "how a candidate is checked: scan; sudoku: board, counts; nqueens: arrays")
	fs.StringVar(&pf.when, "when", "before", "when the check runs: before (check, place), after (place, check) or leaf (at a full board)")
	fs.BoolVar(&pf.first, "first", false, "stop at the first solution (sudoku's default)")
	fs.BoolVar(&pf.all, "all", false, "find every solution, or prove there is none (nqueens's default)")
	fs.BoolVar(&pf.noReturn, "no-return", false, "tutorial 003's first version: no return value, so the solution is found and then undone (status lost)")
	fs.Int64Var(&pf.maxSteps, "max-steps", tracer.DefaultMaxSteps, "stop after this many steps (0: no limit)")
	fs.Int64Var(&pf.maxCalls, "max-calls", 0, "stop after this many calls (0: no limit)")
	fs.DurationVar(&pf.timeout, "timeout", 0, "stop after this much time, e.g. 10s (0: no limit)")
}

// build makes the problem and the run options the flags describe.
func (pf *problemFlags) build(fs *flag.FlagSet, problem string, stdin io.Reader) (tracer.Problem, tracer.Options, error) {
	set := map[string]bool{}
	fs.Visit(func(f *flag.Flag) { set[f.Name] = true })
	var opts tracer.Options
	when, err := tracer.ParseWhen(pf.when)
	if err != nil {
		return nil, opts, usagef("%v", err)
	}
	opts.When = when
	opts.Limits = tracer.Limits{MaxSteps: pf.maxSteps, MaxCalls: pf.maxCalls, Timeout: pf.timeout}
	if pf.maxSteps < 0 || pf.maxCalls < 0 || pf.timeout < 0 {
		return nil, opts, usagef("--max-steps, --max-calls and --timeout must not be negative")
	}
	switch {
	case pf.first && pf.all:
		return nil, opts, usagef("--first and --all contradict each other: give one")
	case pf.noReturn && (pf.first || pf.all):
		return nil, opts, usagef("--no-return is a stop rule of its own: drop --first/--all")
	case pf.noReturn:
		opts.Stop = tracer.StopNoReturn
	case pf.first:
		opts.Stop = tracer.StopFirst
	case pf.all:
		opts.Stop = tracer.StopAll
	}

	switch problem {
	case "nqueens", "queens":
		for _, name := range []string{"puzzle", "order"} {
			if set[name] {
				return nil, opts, usagef("--%s applies to sudoku only", name)
			}
		}
		if opts.Stop == "" {
			opts.Stop = tracer.StopAll
		}
		if pf.n < 1 || pf.n > tracer.MaxQueens {
			return nil, opts, usagef("-n %d is out of range: want 1 to %d", pf.n, tracer.MaxQueens)
		}
		check, err := tracer.ParseCheck(pf.check, tracer.NQueensChecks)
		if err != nil {
			return nil, opts, usagef("nqueens: %v", err)
		}
		p, err := tracer.NewNQueens(pf.n, check)
		if err != nil {
			return nil, opts, usagef("%v", err)
		}
		return p, opts, nil
	case "sudoku":
		if set["n"] {
			return nil, opts, usagef("-n applies to nqueens only; give a sudoku with --puzzle")
		}
		if opts.Stop == "" {
			opts.Stop = tracer.StopFirst
		}
		order := tracer.OrderScan2D
		if pf.order != "" {
			if order, err = tracer.ParseOrder(pf.order, tracer.SudokuOrders); err != nil {
				return nil, opts, usagef("sudoku: %v", err)
			}
		}
		check, err := tracer.ParseCheck(pf.check, tracer.SudokuChecks)
		if err != nil {
			return nil, opts, usagef("sudoku: %v", err)
		}
		pz, err := loadPuzzle(pf.puzzle, stdin)
		if err != nil {
			return nil, opts, err
		}
		p, err := tracer.NewSudoku(pz, order, check)
		if err != nil {
			return nil, opts, usagef("%v", err)
		}
		return p, opts, nil
	case "":
		return nil, opts, usagef("no problem given: want nqueens or sudoku")
	}
	return nil, opts, usagef("unknown problem %q: want nqueens or sudoku", problem)
}

// loadPuzzle reads --puzzle: empty for the default board, "-" for stdin, a
// file path, or the puzzle itself.
func loadPuzzle(arg string, stdin io.Reader) (*tracer.Puzzle, error) {
	text, where := arg, "--puzzle"
	switch {
	case arg == "":
		text, where = tracer.LeetCode37, "the default puzzle"
	case arg == "-":
		b, err := io.ReadAll(stdin)
		if err != nil {
			return nil, fmt.Errorf("reading the puzzle from stdin: %w", err)
		}
		text, where = string(b), "stdin"
	default:
		b, err := os.ReadFile(arg)
		if err == nil {
			text, where = string(b), arg
		} else if looksLikePath(arg) {
			if errors.Is(err, os.ErrNotExist) {
				return nil, usagef("puzzle file %q does not exist", arg)
			}
			return nil, usagef("puzzle file %q: %v", arg, err)
		}
	}
	p, err := tracer.ParsePuzzle(text)
	if err != nil {
		return nil, usagef("%s: %v", where, err)
	}
	return p, nil
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
	stderr io.Writer
}

// newCommand returns a flag set that reports errors as one usage line and
// prints its help only when asked (-h).
func newCommand(name string, stderr io.Writer, usage string) *command {
	fs := flag.NewFlagSet(name, flag.ContinueOnError)
	fs.SetOutput(io.Discard)
	fs.Usage = func() {} // the flag package calls it on every error
	return &command{FlagSet: fs, usage: usage, stderr: stderr}
}

// parse parses args, letting flags and positional arguments mix.
func (c *command) parse(args []string) ([]string, error) {
	pos, err := parseInterspersed(c.FlagSet, args)
	if errors.Is(err, flag.ErrHelp) {
		fmt.Fprintf(c.stderr, "usage: %s\n\nflags:\n", c.usage)
		c.SetOutput(c.stderr)
		c.PrintDefaults()
		c.SetOutput(io.Discard)
		return nil, err
	}
	if err != nil {
		return nil, usagef("%v (see 'backtrack %s -h')", err, c.Name())
	}
	return pos, nil
}

// problem parses args, which name one problem, and builds it with its
// options from the problem flags.
func (c *command) problem(args []string, pf *problemFlags, stdin io.Reader) (tracer.Problem, tracer.Options, error) {
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
	return pf.build(c.FlagSet, problem, stdin)
}

// exportFlags choose the diagrams and the step log, and how diagrams are
// trimmed. trace and render share them.
type exportFlags struct {
	dot, svg, png string
	lang          string
	maxNodes      int
	depth         int
	focus         string
	atStep        int64
	boards        bool
	layout        string
}

func (ef *exportFlags) register(fs *flag.FlagSet) {
	fs.StringVar(&ef.dot, "dot", "", "write the search tree as Graphviz DOT to this file (- for stdout)")
	fs.StringVar(&ef.svg, "svg", "", "draw the search tree as SVG to this file")
	fs.StringVar(&ef.png, "png", "", "draw the search tree as PNG to this file")
	fs.StringVar(&ef.lang, "lang", "", "language of notes and legends: en or zh (default en; render: the log's)")
	fs.IntVar(&ef.maxNodes, "max-nodes", render.DefaultMaxNodes, "node budget of a diagram (0: draw everything; solution paths are always drawn)")
	fs.IntVar(&ef.depth, "depth", 0, "draw levels down to this depth (0: all)")
	fs.StringVar(&ef.focus, "focus", "", "expand only the branch under these moves, e.g. r0=c1 or (0,2)=4/(0,3)=6")
	fs.Int64Var(&ef.atStep, "at-step", 0, "draw the tree as it stood after this step (0: the end)")
	fs.BoolVar(&ef.boards, "boards", false, "draw small boards inside the nodes")
	fs.StringVar(&ef.layout, "layout", "tidy", "diagram layout: tidy (our tree layout, fast) or dot (Graphviz's own, slow on big trees)")
}

// diagrams reports whether any diagram was asked for.
func (ef *exportFlags) diagrams() bool { return ef.dot != "" || ef.svg != "" || ef.png != "" }

// options checks the flags and returns the diagram options.
func (ef *exportFlags) options() (render.DiagramOptions, error) {
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
	if ef.focus != "" {
		f, err := render.ParseFocus(ef.focus)
		if err != nil {
			return opt, usagef("--focus: %v", err)
		}
		opt.Focus = f
	}
	return opt, nil
}

// language returns --lang, or def when it was not given.
func (ef *exportFlags) language(def tracer.Lang) (tracer.Lang, error) {
	if ef.lang == "" {
		return def, nil
	}
	l, err := tracer.ParseLang(ef.lang)
	if err != nil {
		return "", usagef("%v", err)
	}
	return l, nil
}

// diagramOutputs opens the diagram files the flags name.
type diagramOutputs struct{ dot, svg, png *output }

func (ef *exportFlags) open(stdout io.Writer) (*diagramOutputs, error) {
	var d diagramOutputs
	var err error
	if d.dot, err = newOutput(ef.dot, "--dot", stdout); err != nil {
		return nil, err
	}
	if d.svg, err = newOutput(ef.svg, "--svg", stdout); err != nil {
		d.abort()
		return nil, err
	}
	if d.png, err = newOutput(ef.png, "--png", stdout); err != nil {
		d.abort()
		return nil, err
	}
	return &d, nil
}

func (d *diagramOutputs) abort() {
	d.dot.abort()
	d.svg.abort()
	d.png.abort()
}

// write draws the tree into every diagram output.
func (d *diagramOutputs) write(ctx context.Context, t *tracer.Tree, leg render.Legend, opt render.DiagramOptions) error {
	var dot bytes.Buffer
	if _, err := render.WriteDOT(&dot, t, leg, opt); err != nil {
		return usagef("%v", err)
	}
	if d.dot.active() {
		if _, err := d.dot.Write(dot.Bytes()); err != nil {
			return fmt.Errorf("--dot %s: %w", d.dot.path, err)
		}
		if err := d.dot.commit(); err != nil {
			return err
		}
	}
	if !d.svg.active() && !d.png.active() {
		return nil
	}
	gv, err := graphviz.New(ctx)
	if err != nil {
		return err
	}
	defer gv.Close()
	layout := graphviz.LayoutDot
	if opt.Layout {
		layout = graphviz.LayoutPinned
	}
	for _, o := range []struct {
		out    *output
		format graphviz.Format
	}{{d.svg, graphviz.SVG}, {d.png, graphviz.PNG}} {
		if !o.out.active() {
			continue
		}
		if err := gv.Render(ctx, dot.Bytes(), layout, o.format, o.out); err != nil {
			return fmt.Errorf("%s %s: %w", o.out.flag, o.out.path, err)
		}
		if err := o.out.commit(); err != nil {
			return err
		}
	}
	return nil
}

func cmdTrace(ctx context.Context, args []string, stdin io.Reader, stdout, stderr io.Writer) error {
	fs := newCommand("trace", stderr, "backtrack trace nqueens|sudoku [flags]")
	var pf problemFlags
	pf.register(fs.FlagSet)
	var ef exportFlags
	ef.register(fs.FlagSet)
	statsPath := fs.String("stats", "", "write the summary as YAML to this file (- for stdout)")
	yamlPath := fs.String("yaml", "", "write every step, with a note, as a YAML step log to this file (- for stdout)")
	show := fs.Int("show", 3, "how many solution boards to print")
	p, opts, err := fs.problem(args, &pf, stdin)
	if err != nil {
		return err
	}
	lang, err := ef.language(tracer.LangEN)
	if err != nil {
		return err
	}
	dopt, err := ef.options()
	if err != nil {
		return err
	}
	toStdout := 0
	for _, path := range []string{*statsPath, *yamlPath, ef.dot} {
		if path == "-" {
			toStdout++
		}
	}
	if toStdout > 1 || ef.svg == "-" || ef.png == "-" {
		return usagef("only one of --stats, --yaml and --dot can write to stdout (-); --svg and --png need a file")
	}

	// Open every output before the search, so a bad path costs no work.
	stats, err := newOutput(*statsPath, "--stats", stdout)
	if err != nil {
		return err
	}
	defer stats.abort()
	steps, err := newOutput(*yamlPath, "--yaml", stdout)
	if err != nil {
		return err
	}
	defer steps.abort()
	diagrams, err := ef.open(stdout)
	if err != nil {
		return err
	}
	defer diagrams.abort()

	info := p.Info()
	st := &tracer.Stats{}
	opts.Sinks = []tracer.Sink{st}
	var tree *tracer.Tree
	if ef.diagrams() {
		tree = tracer.NewTree()
		opts.Sinks = append(opts.Sinks, tree)
	}
	var log *render.LogWriter
	var logBuf *bufio.Writer
	if steps.active() {
		h := render.LogHeaderFor(info, opts)
		h.Tool, h.Lang = "backtrack "+version, string(lang)
		nar := tracer.NewNarrator(info, h.Strategy, lang)
		logBuf = bufio.NewWriterSize(steps, 1<<16)
		if log, err = render.NewLogWriter(logBuf, h, nar.Note); err != nil {
			return err
		}
		opts.Sinks = append(opts.Sinks, log)
	}

	res, err := tracer.Run(ctx, p, opts)
	if err != nil {
		return err
	}
	sum := tracer.Summarize(info, opts, res, st)

	if log != nil {
		if err := log.Close(sum); err != nil {
			return fmt.Errorf("--yaml %s: %w", *yamlPath, err)
		}
		if err := logBuf.Flush(); err != nil {
			return fmt.Errorf("--yaml %s: %w", *yamlPath, err)
		}
		if err := steps.commit(); err != nil {
			return err
		}
	}
	if stats.active() {
		if err := render.WriteStats(stats, sum); err != nil {
			return err
		}
		if err := stats.commit(); err != nil {
			return err
		}
	}
	if tree != nil {
		if err := tree.Err(); err != nil {
			return fmt.Errorf("search tree: %w", err)
		}
		if err := diagrams.write(ctx, tree, render.Legend{Summary: sum, Lang: lang}, dopt); err != nil {
			return err
		}
	}
	if toStdout == 0 {
		if err := render.WriteReport(stdout, sum, *show, lang); err != nil {
			return err
		}
	}
	if res.Limit == tracer.LimitCanceled {
		return errInterrupted
	}
	return nil
}

func cmdRender(ctx context.Context, args []string, stdin io.Reader, stdout, stderr io.Writer) error {
	fs := newCommand("render", stderr, "backtrack render LOG.yaml [--dot/--svg/--png FILE] [trimming flags]")
	var ef exportFlags
	ef.register(fs.FlagSet)
	pos, err := fs.parse(args)
	if err != nil {
		return err
	}
	if len(pos) != 1 {
		return usagef("render takes one step log (a file written by trace --yaml, or - for stdin)")
	}
	if !ef.diagrams() {
		return usagef("render needs at least one of --dot, --svg, --png")
	}
	if ef.svg == "-" || ef.png == "-" {
		return usagef("--svg and --png need a file")
	}
	dopt, err := ef.options()
	if err != nil {
		return err
	}
	var in io.Reader = stdin
	name := "stdin"
	if pos[0] != "-" {
		f, err := os.Open(pos[0])
		if err != nil {
			if errors.Is(err, os.ErrNotExist) {
				return usagef("step log %q does not exist", pos[0])
			}
			return usagef("step log %q: %v", pos[0], err)
		}
		defer f.Close()
		in, name = f, pos[0]
	}
	diagrams, err := ef.open(stdout)
	if err != nil {
		return err
	}
	defer diagrams.abort()

	tree := tracer.NewTree()
	st := &tracer.Stats{}
	h, sum, err := render.ReadLog(bufio.NewReaderSize(in, 1<<16), sinks{tree, st})
	if err != nil {
		return usagef("%s: %v", name, err)
	}
	if err := tree.Err(); err != nil {
		return usagef("%s: %v", name, err)
	}
	// The counts come from the steps themselves, as in the live run.
	sum.Stats, sum.Limit = *st, st.Limit
	lang, err := ef.language(tracer.Lang(h.Lang))
	if err != nil {
		return err
	}
	if lang == "" {
		lang = tracer.LangEN
	}
	return diagrams.write(ctx, tree, render.Legend{Summary: sum, Lang: lang}, dopt)
}

func cmdStep(ctx context.Context, args []string, stdin io.Reader, stdout, stderr io.Writer) error {
	fs := newCommand("step", stderr, "backtrack step nqueens|sudoku [flags]")
	var pf problemFlags
	pf.register(fs.FlagSet)
	langFlag := fs.String("lang", "en", "language of the notes: en or zh")
	to := fs.Int64("to", 0, "start at this step")
	print := fs.Bool("print", false, "print the view at --to as plain text and exit (for handouts)")
	width := fs.Int("width", 0, "screen width in columns (default: the terminal's, or 80)")
	height := fs.Int("height", 0, "screen height in lines (default: the terminal's, or 24)")
	p, opts, err := fs.problem(args, &pf, stdin)
	if err != nil {
		return err
	}
	lang, err := tracer.ParseLang(*langFlag)
	if err != nil {
		return usagef("%v", err)
	}
	if *to < 0 || *width < 0 || *height < 0 {
		return usagef("--to, --width and --height must not be negative")
	}
	info := p.Info()
	rec := render.NewRecording(info, render.LogHeaderFor(info, opts).Strategy)
	opts.Sinks = []tracer.Sink{rec}
	res, err := tracer.Run(ctx, p, opts)
	if err != nil {
		return err
	}
	if res.Limit == tracer.LimitCanceled {
		return errInterrupted
	}
	if *to > rec.Len() {
		return usagef("--to %d is beyond the last step %d", *to, rec.Len())
	}
	sopt := render.StepOptions{Lang: lang, Width: *width, Height: *height}
	in, inFile := stdin.(*os.File)
	out, outFile := stdout.(*os.File)
	interactive := !*print && inFile && outFile && render.IsTerminal(in) && render.IsTerminal(out)
	if interactive {
		w, h := render.TerminalSize(out)
		if sopt.Width == 0 {
			sopt.Width = w
		}
		if sopt.Height == 0 {
			sopt.Height = h
		}
		sopt.Color = render.ColorEnabled(out)
	}
	s := render.NewStepper(rec, sopt)
	s.Goto(*to)
	switch {
	case *print:
		_, err := io.WriteString(stdout, strings.TrimRight(s.View(), "\n")+"\n")
		return err
	case interactive:
		return render.RunInteractive(ctx, s, in, out)
	}
	return render.RunScript(s, stdin, stdout)
}

// sinks fans one event out to several sinks.
type sinks []tracer.Sink

func (s sinks) Event(e *tracer.Event) {
	for _, k := range s {
		k.Event(e)
	}
}

// output is a file written whole or not at all: the bytes go to a
// temporary file in the same folder, renamed into place by commit.
type output struct {
	path, flag string
	stdout     io.Writer
	tmp        *os.File
	done       bool
}

// newOutput checks the path before the search runs, so a bad path costs no
// work. An empty path means the output is off; "-" means stdout.
func newOutput(path, flagName string, stdout io.Writer) (*output, error) {
	o := &output{path: path, flag: flagName, stdout: stdout}
	if path == "" || path == "-" {
		return o, nil
	}
	dir := filepath.Dir(path)
	if fi, err := os.Stat(dir); err != nil || !fi.IsDir() {
		return nil, usagef("%s %s: folder %s does not exist", flagName, path, dir)
	}
	if fi, err := os.Stat(path); err == nil && fi.IsDir() {
		return nil, usagef("%s %s: is a folder, want a file name", flagName, path)
	}
	tmp, err := os.CreateTemp(dir, "."+filepath.Base(path)+".*.tmp")
	if err != nil {
		return nil, usagef("%s %s: %v", flagName, path, err)
	}
	if err := tmp.Chmod(0o644); err != nil {
		tmp.Close()
		os.Remove(tmp.Name())
		return nil, fmt.Errorf("%s %s: %w", flagName, path, err)
	}
	o.tmp = tmp
	return o, nil
}

func (o *output) active() bool { return o.path != "" }

// Write writes to the temporary file, or to stdout for "-".
func (o *output) Write(b []byte) (int, error) {
	if o.tmp == nil {
		return o.stdout.Write(b)
	}
	return o.tmp.Write(b)
}

// commit puts the finished file in place.
func (o *output) commit() error {
	if o.tmp == nil || o.done {
		return nil
	}
	o.done = true
	if err := o.tmp.Close(); err != nil {
		os.Remove(o.tmp.Name())
		return fmt.Errorf("%s %s: %w", o.flag, o.path, err)
	}
	if err := os.Rename(o.tmp.Name(), o.path); err != nil {
		os.Remove(o.tmp.Name())
		return fmt.Errorf("%s %s: %w", o.flag, o.path, err)
	}
	return nil
}

// abort removes the temporary file if commit did not run.
func (o *output) abort() {
	if o == nil || o.tmp == nil || o.done {
		return
	}
	o.done = true
	o.tmp.Close()
	os.Remove(o.tmp.Name())
}

// cmdLesson lists the lessons, or builds them: per lesson a folder with its
// Markdown page, diagrams, stats and step logs.
func cmdLesson(ctx context.Context, args []string, _ io.Reader, stdout, stderr io.Writer) error {
	const usage = "backtrack lesson list [--lang en|zh] | backtrack lesson build NAME...|--all -o DIR [--lang en|zh]"
	if len(args) == 0 || (args[0] != "list" && args[0] != "build") {
		if len(args) > 0 && (args[0] == "-h" || args[0] == "-help" || args[0] == "--help") {
			fmt.Fprintf(stderr, "usage: %s\n", usage)
			return flag.ErrHelp
		}
		return usagef("lesson needs list or build: %s", usage)
	}
	fs := newCommand("lesson "+args[0], stderr, usage)
	langFlag := fs.String("lang", "en", "language of the titles, pages, notes and legends: en or zh")
	all := fs.Bool("all", false, "build: every lesson")
	out := fs.String("o", "", "build: the folder to write the lessons into (made if its parent exists)")
	pos, err := fs.parse(args[1:])
	if err != nil {
		return err
	}
	lang, err := tracer.ParseLang(*langFlag)
	if err != nil {
		return usagef("%v", err)
	}
	if args[0] == "list" {
		if len(pos) > 0 || *all || *out != "" {
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
			fmt.Fprintf(stdout, "%-*s  %s\n", width, l.Name, l.Title(lang))
		}
		return nil
	}
	switch {
	case *all && len(pos) > 0:
		return usagef("lesson build: give lesson names or --all, not both")
	case !*all && len(pos) == 0:
		return usagef("lesson build: name a lesson or give --all (see 'backtrack lesson list')")
	case *out == "":
		return usagef("lesson build: -o DIR is required")
	}
	ls, err := lessons.Lookup(pos...)
	if err != nil {
		return usagef("%v", err)
	}
	if fi, err := os.Stat(*out); err != nil {
		if !errors.Is(err, os.ErrNotExist) {
			return usagef("-o %s: %v", *out, err)
		}
		if err := os.Mkdir(*out, 0o755); err != nil {
			return usagef("-o %s: folder %s does not exist", *out, filepath.Dir(*out))
		}
	} else if !fi.IsDir() {
		return usagef("-o %s: is a file, want a folder", *out)
	}
	start := time.Now()
	for _, l := range ls {
		made, err := l.Build(ctx, *out, lessons.Options{Lang: lang, Tool: "backtrack " + version})
		if ctx.Err() != nil {
			return errInterrupted
		}
		if err != nil {
			return err
		}
		fmt.Fprintf(stdout, "%s: %d files, %d steps searched, %.2f s\n",
			filepath.Join(*out, l.Name), len(made.Files), made.Steps, made.Elapsed.Seconds())
	}
	if len(ls) > 1 {
		fmt.Fprintf(stdout, "%d lessons in %.2f s\n", len(ls), time.Since(start).Seconds())
	}
	return nil
}

// cmdCompare runs N-Queens beside Sudoku and prints them side by side, or
// (--strategies) runs every strategy on one instance and tabulates them.
func cmdCompare(ctx context.Context, args []string, stdin io.Reader, stdout, stderr io.Writer) error {
	fs := newCommand("compare", stderr, "backtrack compare [-n N] [--puzzle P] [--svg FILE] [--no-time] | backtrack compare --strategies sudoku|nqueens [-n N | --puzzle P] [--no-time]")
	n := fs.Int("n", 8, "nqueens: board size (1-30)")
	puzzle := fs.String("puzzle", "", "sudoku: a puzzle string, a file, or - for stdin (default: LeetCode 37's board)")
	strategies := fs.String("strategies", "", "run every strategy of this problem on one instance: sudoku or nqueens")
	svg := fs.String("svg", "", "draw the nodes per depth of both searches as an SVG chart to this file")
	noTime := fs.Bool("no-time", false, "leave out the time, so the output is the same on every run")
	maxSteps := fs.Int64("max-steps", lessons.DefaultMaxSteps, "stop each run after this many steps (0: no limit)")
	langFlag := fs.String("lang", "en", "language of the table: en or zh")
	pos, err := fs.parse(args)
	if err != nil {
		return err
	}
	if len(pos) > 0 {
		return usagef("compare takes no arguments, got %q (see 'backtrack compare -h')", strings.Join(pos, " "))
	}
	set := map[string]bool{}
	fs.Visit(func(f *flag.Flag) { set[f.Name] = true })
	lang, err := tracer.ParseLang(*langFlag)
	if err != nil {
		return usagef("%v", err)
	}
	if *maxSteps < 0 {
		return usagef("--max-steps must not be negative")
	}
	limit := *maxSteps
	if limit == 0 {
		limit = -1 // lessons.Search: no limit
	}
	if *n < 1 || *n > tracer.MaxQueens {
		return usagef("-n %d is out of range: want 1 to %d", *n, tracer.MaxQueens)
	}
	queens := lessons.Search{Problem: "nqueens", N: *n, MaxSteps: limit}
	sudoku := lessons.Search{Problem: "sudoku", MaxSteps: limit}
	if *strategies != "nqueens" {
		pz, err := loadPuzzle(*puzzle, stdin)
		if err != nil {
			return err
		}
		sudoku.Puzzle = pz.String()
	}
	opt := render.CompareOptions{Lang: lang, NoTime: *noTime}

	var searches []lessons.Search
	switch *strategies {
	case "":
		searches = []lessons.Search{queens, sudoku}
	case "sudoku", "nqueens":
		if *svg != "" {
			return usagef("--svg draws the comparison of N-Queens and Sudoku: drop --strategies")
		}
		base := sudoku
		if *strategies == "nqueens" {
			base = queens
			if set["puzzle"] {
				return usagef("--puzzle applies to sudoku only")
			}
		} else if set["n"] {
			return usagef("-n applies to nqueens only; give a sudoku with --puzzle")
		}
		if searches, err = lessons.Strategies(base); err != nil {
			return usagef("%v", err)
		}
	default:
		return usagef("unknown --strategies value %q: want sudoku or nqueens", *strategies)
	}
	if *svg == "-" {
		return usagef("--svg needs a file")
	}
	chart, err := newOutput(*svg, "--svg", stdout)
	if err != nil {
		return err
	}
	defer chart.abort()

	var runs []render.CompareRun
	for _, s := range searches {
		o, err := s.Execute(ctx)
		if err != nil {
			return usagef("%v", err)
		}
		if o.Summary.Limit == tracer.LimitCanceled {
			return errInterrupted
		}
		runs = append(runs, render.CompareRun{Summary: o.Summary, Elapsed: o.Elapsed})
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
	if chart.active() {
		if err := render.WriteDepthChart(chart, runs, render.ChartOptions{Lang: lang}); err != nil {
			return fmt.Errorf("--svg %s: %w", *svg, err)
		}
		if err := chart.commit(); err != nil {
			return err
		}
	}
	_, err = stdout.Write(b.Bytes())
	return err
}
