// Package cli is backtrack's command line as a library: the command set
// (trace, step, render, compare, lesson, completion, version, help) that
// the backtrack program runs, callable from any program's main with its
// own problems registered beside the built-ins, as go/analysis's
// multichecker.Main runs a set of analyzers:
//
//	func main() { os.Exit(cli.Main(os.Args, palin.Def)) }
//
// Run `backtrack help` for the commands and `backtrack trace -h` for flags.
// This package only wires: a table of commands, each parsing its flags
// (flags.go) into a spec and options for the packages that do the work:
// tracer searches, render/export runs a search or reads a step log and
// writes its outputs safely, render/stepper steps through it; the lesson
// command (lesson_cmd.go) calls lessons. A problem's own flags (--nums,
// --target, ...) are declared on its tracer.Def (Def.Flags): the flag
// sets, the help, the completion and the errors are built from the
// registered problems'.
package cli

import (
	"bufio"
	"context"
	"errors"
	"flag"
	"fmt"
	"io"
	"math"
	"os"
	"os/signal"
	"regexp"
	"runtime/debug"
	"slices"
	"strconv"
	"strings"
	"syscall"

	"github.com/backtrack-edu/backtrack/lessons/site/play"
	"github.com/backtrack-edu/backtrack/render/export"
	"github.com/backtrack-edu/backtrack/render/outfile"
	"github.com/backtrack-edu/backtrack/render/steplog"
	"github.com/backtrack-edu/backtrack/render/stepper"
	"github.com/backtrack-edu/backtrack/tracer"
	"github.com/backtrack-edu/backtrack/tracer/problems/listkit"
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

// Limits on what the tool reads and records; the outputs' own are
// render/export's.
const (
	// defaultMaxOutput bounds a step log (--max-output): enough for the
	// 11-queens log of the default step limit (about 675 MB).
	defaultMaxOutput = 1 << 30
	// maxStepperSteps bounds step's recording, which keeps every step in
	// memory (about 17 bytes each): 100 million steps, about 1.7 GB.
	maxStepperSteps = 100_000_000
)

// usageError is bad input from the user: exit code 2.
type usageError struct{ msg string }

func (e *usageError) Error() string { return e.msg }

func usagef(format string, args ...any) error {
	return &usageError{fmt.Sprintf(format, args...)}
}

// The interrupts: one that left nothing out, and one before any output
// was opened.
var (
	errInterrupted      = export.ErrInterrupted
	errInterruptedEarly = export.ErrInterruptedEarly
)

// runner runs one command with its arguments.
type runner func(ctx context.Context, args []string, stdin io.Reader, stdout, stderr io.Writer) error

// commandDef is one command of the tool, as pprof's command table has
// them: its names, its lines in the help, and what runs it.
type commandDef struct {
	names []string // the first is the name; the rest are other spellings
	help  string   // its lines in the help; "" for none
	run   runner
}

// commandTable is the tool's commands, in the order the help lists them.
func commandTable() []commandDef {
	return []commandDef{
		{[]string{"trace"}, `  trace PROBLEM [flags]          run a search, print the solution and its counts;
                                 --dot/--svg/--png draw the search tree, --html makes a
                                 step-by-step player page, --gif/--frames animate the tree,
                                 --yaml logs every step
`, cmdTrace},
		{[]string{"render"}, "  render LOG.yaml [flags]        draw the search tree again from a saved step log\n", cmdRender},
		{[]string{"step"}, "  step PROBLEM [flags]           step through the recursion in a terminal, forward and back\n", cmdStep},
		{[]string{"lesson"}, `  lesson list | build NAME|--all -o DIR   list the lessons, or build their pages, diagrams and logs
                                 (--site DIR: as a web site in both languages, with the playground)
`, cmdLesson},
		{[]string{"compare"}, `  compare [PROBLEM PROBLEM]      N-Queens beside Sudoku (or any two), or with --strategies
                                 every strategy of one problem on one instance
`, cmdCompare},
		{[]string{"version", "--version", "-version"}, "  version                        print the version, the commit it was built from and the Go version\n",
			func(_ context.Context, args []string, _ io.Reader, stdout, _ io.Writer) error {
				if len(args) > 0 {
					return usagef("version takes no arguments, got %q", strings.Join(args, " "))
				}
				return writeVersion(stdout, readBuildFacts())
			}},
		{[]string{"completion"}, "  completion bash|zsh|fish       print a shell completion script\n",
			func(_ context.Context, args []string, _ io.Reader, stdout, _ io.Writer) error {
				return cmdCompletion(args, stdout)
			}},
		{[]string{"help", "-h", "-help", "--help"}, "  help [COMMAND]                 show this help, or a command's flags\n", cmdHelp},
	}
}

// cmdHelp is `backtrack help [COMMAND]`: the tool's help, or a command's
// own (its -h). A word that is no command is an error, not the help.
func cmdHelp(ctx context.Context, args []string, stdin io.Reader, stdout, stderr io.Writer) error {
	switch {
	case len(args) == 0:
		_, err := fmt.Fprint(stdout, helpText())
		return err
	case len(args) > 1:
		return usagef("help takes one command, got %q", strings.Join(args, " "))
	}
	for _, c := range commandTable() {
		if !slices.Contains(c.names, args[0]) {
			continue
		}
		if c.names[0] == "help" || c.names[0] == "version" {
			// Their help is the tool's.
			_, err := fmt.Fprint(stdout, helpText())
			return err
		}
		return c.run(ctx, []string{"-h"}, stdin, stdout, stderr)
	}
	return usagef("unknown command %q: want trace, render, step, lesson, compare, version or help", args[0])
}

// helpText is the tool's help: its commands, from the table.
func helpText() string {
	var b strings.Builder
	b.WriteString("backtrack traces backtracking searches for teaching.\n\nCommands:\n")
	for _, c := range commandTable() {
		b.WriteString(c.help)
	}
	b.WriteString(`
The problems: ` + problemNames() + `.
Run 'backtrack COMMAND -h' for a command's flags; the manual is README.md and docs/
in backtrack's source (docs/README.md lists its pages). Examples:
  backtrack trace nqueens -n 4
  backtrack trace sudoku --order mrv --stats -
`)
	return b.String()
}

// Main runs the command set on args, given as os.Args (the program's name
// first), with stdin, stdout and stderr the process's, and returns the exit
// code for os.Exit: 0 done, 1 a failed run or write, 2 bad input, 130
// interrupted. An interrupt (Ctrl-C, SIGTERM, SIGHUP) stops the run with
// complete outputs or none. It sets the garbage collector's soft memory
// limit (see memoryLimit) unless GOMEMLIMIT is set.
//
// problems are registered beside the built-ins (tracer.Register), so every
// command knows them: trace and step run them, their flags (Def.Flags) are
// in the help and the completion, and render reads their step logs. A
// problem whose name or alias is taken by another problem is an error
// (exit 1), before any command runs.
func Main(args []string, problems ...*tracer.Def) int {
	setMemoryLimit(memoryLimit)
	ctx, stop := signal.NotifyContext(context.Background(), os.Interrupt, syscall.SIGTERM, syscall.SIGHUP)
	defer stop()
	if len(args) > 0 {
		args = args[1:]
	}
	return Run(ctx, args, os.Stdin, os.Stdout, os.Stderr, problems...)
}

// Run is Main for tests and for programs that embed the command set: args
// are the arguments after the program's name ("trace", "nqueens", "-n",
// "4"), ctx's end interrupts the run as Ctrl-C does for Main (exit code
// 130), and stdin, stdout and stderr stand for the process's (step runs
// interactively only when they are terminals). It neither handles signals
// nor sets the memory limit; Main does both. problems are registered as
// Main registers them; registering the same *tracer.Def again, in a second
// Run, is no error. Run one command at a time in a process: the end of a
// run removes every temporary file of render/outfile not yet committed
// (outfile.RemoveTemps), another run's too.
func Run(ctx context.Context, args []string, stdin io.Reader, stdout, stderr io.Writer, problems ...*tracer.Def) int {
	if err := registerProblems(problems); err != nil {
		fmt.Fprintf(stderr, "backtrack: %s\n", err)
		return exitFailure
	}
	return runContext(ctx, args, stdin, stdout, stderr)
}

// registerProblems registers the problems given to Main or Run beside the
// built-ins. A Def registered already (by an earlier Run) is skipped. A
// Def is refused, before it is registered, when another problem has its
// name or one of its aliases, or when it declares a flag (Def.Flags) that
// a command has of its own (--order) or that another problem declares as
// a flag of another kind: each error names both.
func registerProblems(problems []*tracer.Def) error {
	var own map[string]string
	for i, d := range problems {
		if d == nil {
			return fmt.Errorf("problem %d given to cli.Main is nil", i+1)
		}
		if got, err := tracer.Lookup(d.Name); err == nil && got == d {
			continue
		}
		for _, w := range append([]string{d.Name}, d.Aliases...) {
			if other, err := tracer.Lookup(w); err == nil && other != d {
				taken := fmt.Sprintf("%q is another name of %s (%s)", w, other.Name, other.Title.EN)
				if other.Name == w {
					taken = fmt.Sprintf("another problem (%s) is named %q", other.Title.EN, w)
				}
				return fmt.Errorf("problem %q given to cli.Main: %s: give the problem a name of its own", d.Name, taken)
			}
		}
		if own == nil {
			var err error
			if own, err = commandFlags(); err != nil {
				return err
			}
		}
		declared, err := declaredFlags(false)
		if err != nil {
			return err
		}
		for _, spec := range d.Flags {
			if cmd, ok := own[spec.Name]; ok {
				return fmt.Errorf("problem %q given to cli.Main declares the flag --%s, which %s has of its own: give the problem's flag another name", d.Name, spec.Name, cmd)
			}
			for _, f := range declared {
				if f.spec.Name == spec.Name && f.spec.Kind != spec.Kind {
					return fmt.Errorf("problem %q given to cli.Main declares --%s as a flag of another kind than %s does: give it another name", d.Name, spec.Name, f.problems[0].Name)
				}
			}
		}
		if err := tracer.Register(d); err != nil {
			return fmt.Errorf("problem %q given to cli.Main: %s", d.Name, strings.TrimPrefix(err.Error(), "tracer: "))
		}
	}
	return nil
}

// commandFlags returns the flags the problem commands (trace, step,
// compare) have of their own, each with the first command that has it,
// read from their help as the completion reads it: every flag of their -h
// but the problems' own (Def.Flags).
func commandFlags() (map[string]string, error) {
	declared, err := declaredFlags(false)
	if err != nil {
		return nil, err
	}
	problems := map[string]bool{}
	for _, f := range declared {
		problems[f.spec.Name] = true
	}
	own := map[string]string{"help": "every command"}
	for _, cmd := range []string{"trace", "step", "compare"} {
		var out strings.Builder
		if err := dispatch(context.Background(), []string{cmd, "-h"}, nil, &out, io.Discard); err != nil && !errors.Is(err, flag.ErrHelp) {
			return nil, fmt.Errorf("%s -h: %w", cmd, err)
		}
		for _, m := range helpFlag.FindAllStringSubmatch(out.String(), -1) {
			name := strings.TrimLeft(m[1], "-")
			if _, ok := own[name]; !ok && !problems[name] {
				own[name] = cmd
			}
		}
	}
	return own, nil
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

// run is the whole program with the built-in problems, so tests can drive
// it in process.
func run(args []string, stdin io.Reader, stdout, stderr io.Writer) int {
	return runContext(context.Background(), args, stdin, stdout, stderr)
}

// runContext runs the command args names. Temporary files never outlive
// it, not even after a panic.
func runContext(ctx context.Context, args []string, stdin io.Reader, stdout, stderr io.Writer) int {
	defer func() {
		outfile.RemoveTemps()
		if r := recover(); r != nil {
			panic(r)
		}
	}()
	out := &stdoutWriter{w: stdout}
	err := dispatch(ctx, args, stdin, out, stderr)
	if (err == nil || errors.Is(err, flag.ErrHelp)) && out.err != nil {
		err = out.err
	}
	var (
		ue  *usageError
		be  *export.InputError
		oe  *outfile.Error
		fe  *outfile.FolderError
		ie  *export.Interrupted
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
	case errors.As(err, &ue), errors.As(err, &be), errors.As(err, &fe), errors.As(err, &oe) && oe.Bad:
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

// dispatch runs the command args name.
func dispatch(ctx context.Context, args []string, stdin io.Reader, stdout, stderr io.Writer) error {
	if len(args) == 0 {
		fmt.Fprint(stderr, helpText())
		return usagef("no command given: want trace, render, step, lesson, compare, version or help")
	}
	for _, c := range commandTable() {
		for _, name := range c.names {
			if args[0] == name {
				return c.run(ctx, args[1:], stdin, stdout, stderr)
			}
		}
	}
	return usagef("unknown command %q: want trace, render, step, lesson, compare, version or help", args[0])
}

// command is a subcommand's flag set with its help text.
type command struct {
	*flag.FlagSet
	usage  string
	stdout io.Writer
	hints  map[string]string // what to give a problem's flag given empty (emptyHints for the rest)
}

// newCommand returns a flag set that reports errors as one usage line and
// prints its help, on stdout, only when asked (-h, --help or help).
func newCommand(name string, stdout io.Writer, usage string) *command {
	fs := flag.NewFlagSet(name, flag.ContinueOnError)
	fs.SetOutput(io.Discard)
	fs.Usage = func() {} // the flag package calls it on every error
	return &command{FlagSet: fs, usage: usage, stdout: stdout, hints: map[string]string{}}
}

// singleDash finds the flag package's "-name" in its error messages; the
// tool's flags are written --name, except the one-letter ones (-n, -o).
var singleDash = regexp.MustCompile(`(flag:? |defined: |argument: )-([a-z][a-z0-9-])`)

// parse parses args, letting flags and positional arguments mix. "help" as
// the first argument asks for the help too.
func (c *command) parse(args []string) ([]string, error) {
	if len(args) > 0 && args[0] == "help" {
		args = []string{"-h"}
	}
	c.VisitAll(func(f *flag.Flag) {
		if g, ok := f.Value.(flag.Getter); ok {
			switch g.Get().(type) {
			case int, int64, uint, uint64:
				f.Value = decimalValue{f.Value}
			}
		}
	})
	pos, err := parseInterspersed(c.FlagSet, args)
	if errors.Is(err, flag.ErrHelp) {
		c.printHelp()
		return nil, err
	}
	if err != nil {
		msg := singleDash.ReplaceAllString(err.Error(), "$1--$2")
		return nil, usagef("%s (see 'backtrack %s -h')", msg, c.Name())
	}
	// A flag given an empty value is an unset shell variable ("--html
	// $OUT", "--nums $NUMS"), not a request for the default: a default
	// applies only when the flag is left out.
	var empty error
	c.Visit(func(f *flag.Flag) {
		if f.Value.String() != "" || empty != nil {
			return
		}
		dash := "--"
		if len(f.Name) == 1 {
			dash = "-"
		}
		hint := emptyHints[f.Name]
		if h, ok := c.hints[f.Name]; ok {
			hint = h
		}
		switch {
		case pathFlags[f.Name]:
			hint = "give a file or folder name"
		case hint == "":
			hint = "give a value, or leave the flag out for its default"
		}
		empty = usagef("%s%s is empty: %s", dash, f.Name, hint)
	})
	return pos, empty
}

// decimalValue is a number flag of the flag package that takes decimal
// digits only, with an optional sign: the flag package reads "0x8" and
// "010" as 8 and "1_0" as 10, which nobody means on this command line
// ("010" is 10 here).
type decimalValue struct{ flag.Value }

// decimalDigits is what a decimalValue takes.
var decimalDigits = regexp.MustCompile(`^[+-]?[0-9]+$`)

func (d decimalValue) Set(s string) error {
	if !decimalDigits.MatchString(s) {
		return errors.New("want a whole number in decimal digits, such as 8")
	}
	v, err := strconv.ParseInt(s, 10, 64)
	if err != nil {
		return errors.New("value out of range")
	}
	return d.Value.Set(strconv.FormatInt(v, 10))
}

func (d decimalValue) String() string {
	if d.Value == nil {
		return ""
	}
	return d.Value.String()
}

// Get returns the number (flag.Getter).
func (d decimalValue) Get() any { return d.Value.(flag.Getter).Get() }

// pathFlags are the flags that name an output file or folder.
var pathFlags = map[string]bool{"dot": true, "svg": true, "png": true, "gif": true, "html": true, "frames": true, "yaml": true, "stats": true, "o": true}

// emptyHints say what to give a flag given an empty value, where more
// than "a value" helps.
var emptyHints = map[string]string{
	"puzzle": "give a puzzle, a file name, or - for stdin (leave the flag out for the default board)",
	"left":   "give key=value pairs such as check=scan (leave the flag out for the default strategy)",
	"right":  "give key=value pairs such as check=counts (leave the flag out for the default strategy)",
}

// printHelp writes the usage line and the flags, as --name, to stdout.
func (c *command) printHelp() {
	var b strings.Builder
	fmt.Fprintf(&b, "usage: %s\n\nflags:\n", c.usage)
	c.VisitAll(func(f *flag.Flag) {
		if d, ok := f.Value.(decimalValue); ok {
			g := *f
			g.Value = d.Value // the flag package names the type of its own values only
			f = &g
		}
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

// problem adds the problems' own flags (Def.Flags) after the command's,
// parses args, which name one problem, and builds it with its options
// from the problem flags.
func (c *command) problem(ctx context.Context, args []string, pf *problemFlags, stdin io.Reader) (tracer.Problem, tracer.Options, error) {
	extra, err := registerProblemFlags(c, false)
	if err != nil {
		return nil, tracer.Options{}, err
	}
	pf.extra = extra
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

// cmdTrace is `backtrack trace`: a search and its outputs.
func cmdTrace(ctx context.Context, args []string, stdin io.Reader, stdout, stderr io.Writer) error {
	fs := newCommand("trace", stdout, "backtrack trace "+problemList()+" [flags]\n\nThe problems: "+problemNames()+".")
	var pf problemFlags
	pf.register(fs.FlagSet)
	var ef exportFlags
	ef.register(fs.FlagSet)
	statsPath := fs.String("stats", "", "write the summary as YAML to this file (- for stdout)")
	yamlPath := fs.String("yaml", "", "write every step, with a note, as a YAML step log to this file (- for stdout)")
	maxOutput := sizeFlag(defaultMaxOutput)
	fs.Var(&maxOutput, "max-output", "stop the search when the step log reaches this size, e.g. 500M or 4G (0: no limit)")
	show := fs.Int("show", 3, "how many solution boards to print")
	_, opts, err := fs.problem(ctx, args, &pf, stdin)
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
	o := ef.outputs(dopt, lang, stdin, stdout, stderr)
	o.Stats, o.Log, o.MaxOutput = *statsPath, *yamlPath, int64(maxOutput)
	o.HTMLSteps = htmlLimit(&ef, opts.Limits.MaxSteps)
	o.Inputs = []export.Input{{Label: "--puzzle", Name: pf.puzzle, What: "the puzzle"}}
	o.Report, o.Show = true, *show
	o.Progress = newProgress(stderr, lang)
	_, err = export.Run(ctx, pf.spec, o)
	return err
}

// cmdRender is `backtrack render`: the outputs of a saved step log.
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
	lang, err := ef.language("") // a log's own language wins unless --lang is given
	if err != nil {
		return err
	}
	o := ef.outputs(dopt, lang, stdin, stdout, stderr)
	o.HTMLSteps = *htmlSteps
	o.Progress = newProgress(stderr, lang)
	_, err = export.Render(ctx, pos[0], o)
	return err
}

func cmdStep(ctx context.Context, args []string, stdin io.Reader, stdout, stderr io.Writer) error {
	fs := newCommand("step", stdout, "backtrack step "+problemList()+" [flags]\n\nThe problems: "+problemNames()+".")
	var pf problemFlags
	pf.register(fs.FlagSet)
	fs.Lookup("max-steps").Usage = fmt.Sprintf("stop after this many steps; the stepper keeps every step in memory, about 17 bytes each (1 to %d)", maxStepperSteps)
	langFlag := fs.String("lang", "", "language of the notes: "+langHelp)
	to := fs.Int64("to", 0, "start at this step")
	print := fs.Bool("print", false, "print the view at --to as plain text and exit (for handouts)")
	width := fs.Int("width", 0, "screen width in columns (default: the terminal's, or 80)")
	height := fs.Int("height", 0, "screen height in lines (default: the terminal's, or 24)")
	logPath := fs.String("log", "", "step through a saved step log (trace --yaml) in place of a search; its problem is the log's, described by the log if this program does not know it")
	p, opts, err := fs.problem(ctx, args, &pf, stdin)
	switch {
	case *logPath != "" && (p != nil || len(fs.Args()) > 0):
		return usagef("step --log takes its problem from the log: give a log or a problem, not both")
	case *logPath == "" && err != nil:
		return err
	}
	lang, err := parseLangFlag(*langFlag)
	if err != nil {
		return err
	}
	if *to < 0 || *width < 0 || *height < 0 {
		return usagef("--to, --width and --height must not be negative")
	}
	var rec *stepper.Recording
	if *logPath != "" {
		if rec, err = logRecording(*logPath); err != nil {
			return err
		}
	} else {
		if opts.Limits.MaxSteps == 0 || opts.Limits.MaxSteps > maxStepperSteps {
			return usagef("--max-steps %d: the stepper keeps every step in memory (about 17 bytes each), so it needs a limit from 1 to %d", opts.Limits.MaxSteps, maxStepperSteps)
		}
		if opts.Limits.MaxSteps > tracer.DefaultMaxSteps {
			liftMemoryLimit() // a recording of more steps than the default
		}
		info := p.Info()
		rec = stepper.NewRecording(info, tracer.StrategyOf(info, opts))
		opts.Sinks = []tracer.Sink{rec}
		res, err := tracer.Run(ctx, p, opts)
		if err != nil {
			return err
		}
		if res.Limit == tracer.LimitCanceled {
			return export.ErrInterruptedEarly
		}
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

// logRecording reads the step log in file name into a recording for the
// stepper: its problem is the one the header names (or, for a problem
// this program does not know, the one its definition block describes),
// its steps the log's, at most maxStepperSteps of them.
func logRecording(name string) (*stepper.Recording, error) {
	f, err := os.Open(name)
	if err != nil {
		var pe *os.PathError
		if errors.As(err, &pe) {
			err = pe.Err
		}
		return nil, fmt.Errorf("step log %q: %v", name, err)
	}
	defer f.Close()
	lr := &logRecorder{}
	if _, _, err := steplog.Read(bufio.NewReaderSize(f, 1<<16), lr); err != nil {
		return nil, fmt.Errorf("%s: %v", name, err)
	}
	if lr.rec == nil {
		return nil, fmt.Errorf("%s: no steps", name)
	}
	return lr.rec, nil
}

// logRecorder feeds a log's steps to a stepper's recording, made from the
// log's header (steplog.HeaderSink).
type logRecorder struct {
	rec   *stepper.Recording
	steps int64
}

func (l *logRecorder) LogHeader(h steplog.Header, info tracer.Info) {
	l.rec = stepper.NewRecording(info, h.Strategy)
	if _, err := tracer.Lookup(h.Problem); err != nil && h.Definition != nil {
		// Known only from the log: its own notes, in its language.
		if lang, err := tracer.ParseLang(h.Lang); err == nil && h.Lang != "" {
			l.rec.UseLogNotes(lang)
		}
	}
}

// EventNote records the event and keeps its note (steplog.NoteSink).
func (l *logRecorder) EventNote(e *tracer.Event, note string) {
	l.Event(e)
	if l.rec != nil && l.steps <= maxStepperSteps {
		l.rec.LogNote(note)
	}
}

func (l *logRecorder) Event(e *tracer.Event) {
	l.steps++
	if l.rec != nil && l.steps <= maxStepperSteps {
		l.rec.Event(e)
	}
}

// Err stops the reading of a log longer than the stepper keeps.
func (l *logRecorder) Err() error {
	if l.steps > maxStepperSteps {
		return fmt.Errorf("more than %d steps: the stepper keeps every step in memory", maxStepperSteps)
	}
	return nil
}

// comparePuzzleError words a puzzle compare could not give to defs[i]:
// which problem the --puzzle went to, why that one, and what it read.
func comparePuzzleError(arg, where string, defs []*tracer.Def, i int, err error) string {
	flag := "--puzzle"
	if where != "--puzzle" {
		flag += " " + arg
	}
	def := defs[i]
	as := "its puzzle"
	if _, ok := listkit.ListDefault(def); ok {
		as = "a list of numbers"
	} else if def.Puzzle.Default != "" {
		as = "a " + def.Title.EN + " puzzle"
	}
	var why []string
	for j, other := range defs {
		switch {
		case j == i:
		case other.Puzzle == nil:
			why = append(why, other.Name+" takes no puzzle")
		default:
			why = append(why, "--puzzle goes to "+other.Name+" too")
		}
	}
	reason := ""
	if len(why) > 0 {
		reason = " (" + strings.Join(why, "; ") + ")"
	}
	return fmt.Sprintf("%s: %s reads it as %s%s: %v", flag, def.Name, as, reason, err)
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
	maxSteps := fs.Int64("max-steps", export.DefaultMaxSteps, "stop each run after this many steps (0: no limit)")
	langFlag := fs.String("lang", "", "language of the table: "+langHelp)
	htmlPath := fs.String("html", "", "write one page with the two runs' players side by side, stepping together, to this file (- for stdout: then no table is printed)")
	left := fs.String("left", "", "the first side's strategy, as key=value joined by commas: order, check, when, stop, drop (e.g. check=scan)")
	right := fs.String("right", "", "the second side's strategy, as --left (e.g. check=counts, or drop=return-false)")
	instanceFlags, err := registerProblemFlags(fs, true)
	if err != nil {
		return err
	}
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
	given := givenProblemFlags(instanceFlags, set)
	if set["puzzle"] && len(given) > 0 {
		return usagef("%s and --puzzle both write the instance: leave out --puzzle", flagList(given))
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
	var defs []*tracer.Def
	for _, name := range problems {
		def, err := tracer.Lookup(name)
		if err != nil {
			flagName := ""
			if *strategies != "" {
				flagName = "--strategies: "
			}
			return usagef("%s%s", flagName, strings.TrimPrefix(err.Error(), "tracer: "))
		}
		defs = append(defs, def)
	}
	// The puzzle is read once, before the searches: stdin can be read
	// only once, and an empty file is refused whoever takes it.
	puzzleText, where := "", ""
	if set["puzzle"] {
		if puzzleText, where, err = export.ReadPuzzle(ctx, *puzzle, stdin); err != nil {
			return err
		}
	}
	// One search per problem; -n goes to the problems sized by n, --puzzle
	// to those that take a puzzle, each of a problem's own flags (--nums,
	// --target) to the problems that declare it.
	var bases []tracer.Spec
	usedN, usedPuzzle := false, false
	usedFlags := map[string]bool{}
	for i, def := range defs {
		s := tracer.Spec{Problem: def.Name, Limits: tracer.Limits{MaxSteps: *maxSteps}}
		var mine []*problemFlag
		for _, f := range given {
			if _, ok := declares(def, f.spec.Name); ok {
				mine = append(mine, f)
				usedFlags[f.spec.Name] = true
			}
		}
		fromFlags := false
		switch {
		case def.Size != nil && set["n"]:
			s.N, usedN = *n, true
		case def.Puzzle != nil && set["puzzle"]:
			if _, err := def.Puzzle.Parse(puzzleText); err != nil {
				return usagef("%s", comparePuzzleError(*puzzle, where, defs, i, err))
			}
			s.Puzzle, usedPuzzle = puzzleText, true
		case len(mine) > 0:
			text, err := instanceText(def, mine)
			if err != nil {
				return err
			}
			s.Puzzle, fromFlags = text, true
		}
		if _, _, err := tracer.Spec.Build(s); err != nil {
			if fromFlags {
				if ferr := listFlagError(err); ferr != nil {
					return ferr
				}
			}
			return usagef("%s: %v", def.Name, play.SpecError(err, where))
		}
		bases = append(bases, s)
	}
	takes := "takes"
	if len(problems) > 1 {
		takes = "take"
	}
	if set["n"] && !usedN {
		return usagef("-n: %s %s no size n", strings.Join(problems, " and "), takes)
	}
	if set["puzzle"] && !usedPuzzle {
		return usagef("--puzzle: %s %s no puzzle", strings.Join(problems, " and "), takes)
	}
	for _, f := range given {
		if !usedFlags[f.spec.Name] {
			return undeclared(f, problems)
		}
	}
	searches := bases
	switch {
	case *strategies != "" && *htmlPath != "":
		// The page shows two strategies of the one problem: --left and --right.
		if *left == *right {
			return usagef("--strategies with --html steps two strategies of %s: name them with --left and --right (e.g. --left check=scan --right check=counts)", bases[0].Problem)
		}
		searches = []tracer.Spec{bases[0], bases[0]}
	case *strategies != "" && (*left != "" || *right != ""):
		return usagef("--left and --right name the two sides of --html or of two problems: --strategies without --html runs every strategy")
	case *strategies != "":
		if *svg != "" {
			return usagef("--svg draws the comparison of two problems: drop --strategies")
		}
		if searches, err = bases[0].Strategies(); err != nil {
			return usagef("%v", err)
		}
	}
	if len(searches) == 2 {
		for i, side := range []struct{ flag, value string }{{"--left", *left}, {"--right", *right}} {
			if err := searches[i].SetKeys(side.value); err != nil {
				return usagef("%s %s: %v", side.flag, side.value, err)
			}
			if _, _, err := export.Build(searches[i]); err != nil {
				return usagef("%s %s: %v", side.flag, side.value, err)
			}
		}
	}
	htmlSteps := int64(stepper.DefaultHTMLSteps)
	if set["max-steps"] && *maxSteps > 0 {
		htmlSteps = min(*maxSteps, stepper.MaxHTMLSteps)
	}
	return export.Compare(ctx, searches, export.CompareOptions{
		SVG: *svg, HTML: *htmlPath, Strategies: *strategies != "",
		Lang: lang, LangGiven: *langFlag != "", NoTime: *noTime, HTMLSteps: htmlSteps,
		Inputs: []export.Input{{Label: "--puzzle", Name: *puzzle, What: "the puzzle"}},
		Stdin:  stdin, Stdout: stdout, Progress: newProgress(stderr, lang),
	})
}
