// Package export is the one run-and-export pipeline: it runs a search, or
// reads a finished step log, and writes what was asked of it (the counts,
// the step log, the search tree as DOT, SVG or PNG, the player page, the
// frames and the animated GIF, the report) with the safety the command
// line promises.
//
//   - Every output is opened before any work (a bad path costs no search)
//     and written whole or not at all: the bytes go to a temporary file,
//     renamed into place once every output of the run is complete
//     (render/outfile). A file the caller did not name is never replaced.
//   - No output may be a file the run reads (Options.Inputs, or the step
//     log Render reads), whatever its name.
//   - Memory stays bounded: the step log streams as the search runs, the
//     tree is capped (Options.MaxTree, the box limits of --max-nodes 0),
//     the player page keeps at most Options.HTMLSteps steps.
//   - An interrupt (ctx) stops every phase promptly: the search (its log
//     and stats still end with their summary), the drawing, the page; the
//     output being made is left out, and the error, an *Interrupted, says
//     which.
//
// Run wires the sinks of a live search once (tracer.Stats, tracer.Tree,
// the player's stepper.Recording, the narrator and steplog.Writer); the
// backtrack command, the lessons, compare and a user's own program all
// call it. Render does the same from a saved step log (steplog.Read).
//
// Outputs are labelled by the command line's flags ("--svg"), and its
// messages name them, so that an error says which output failed. An error
// that is the input's fault (a bad option, a tree too big for the box
// limit) is an *InputError; a write that fails is an *outfile.Error.
package export

import (
	"context"
	"errors"
	"fmt"
	"io"
	"strings"
	"time"

	"github.com/backtrack-edu/backtrack/render"
	"github.com/backtrack-edu/backtrack/render/outfile"
	"github.com/backtrack-edu/backtrack/render/progress"
	"github.com/backtrack-edu/backtrack/tracer"
	"github.com/backtrack-edu/backtrack/tracer/words"
)

// Memory and size limits of the outputs.
const (
	// MaxDrawBoxes is the most boxes MaxNodes 0 draws as SVG or PNG: a
	// whole tree takes about 3 KB of memory a box (the 10-queens tree,
	// 348,151 boxes, about 1 GB), so it is drawn and the 11-queens tree
	// (1.8 million boxes) is not. An explicit MaxNodes N draws up to N.
	MaxDrawBoxes = 400_000
	// MaxDOTBoxes is the most boxes MaxNodes 0 writes as DOT alone:
	// about 350 bytes of memory a box, with the tree (the 11-queens tree,
	// 1.8 million boxes, about 600 MB).
	MaxDOTBoxes = 2_000_000
	// MaxFrameBoxes is the most boxes MaxNodes 0 draws as frames or a
	// GIF: each frame is a whole drawing, one after the other, and a
	// frame of the 10-queens tree (348,151 boxes) took 1.3 GB; the
	// 9-queens tree (about 72,000) some 450 MB.
	MaxFrameBoxes = 200_000
	// bigFrameBoxes is the size of a whole tree (MaxNodes 0) whose
	// frames are drawn one at a time, not side by side: some 3 KB of
	// memory a box each.
	bigFrameBoxes = 20_000
	// DefaultMaxTree bounds the search tree kept for the diagrams: 256
	// MB, some 10 million boxes (24 bytes a box, 48 a call). Trimming and
	// drawing it take about as much again, so a run stays under 1 GB.
	DefaultMaxTree = 256 << 20
	// logReadBuffer is the buffer a step log is read through.
	logReadBuffer = 1 << 16
	// maxStdinNotes bounds the notes kept of a step log read from stdin
	// for the captions of frames (a file is read again instead).
	maxStdinNotes = 64 << 20
)

// DefaultMaxSteps is the step limit of a lesson's run and of each run of
// `backtrack compare` unless told otherwise: a search that explodes (a
// check at the leaf on a board with many blanks) stops here in a fraction
// of a second, so a whole lesson or table still builds in seconds.
const DefaultMaxSteps = 2_000_000

// Outputs names the files a run writes, as the user gave them: "" is not
// asked for, "-" is stdout (DOT, HTML, Stats and Log only). Frames is a
// folder.
type Outputs struct {
	Stats  string // the summary as YAML (--stats)
	Log    string // the step log with a note a step (--yaml)
	DOT    string // the search tree as Graphviz DOT (--dot)
	SVG    string // the search tree drawn as SVG (--svg)
	PNG    string // the search tree drawn as PNG (--png)
	HTML   string // the player page (--html)
	GIF    string // the frames as an animated GIF (--gif)
	Frames string // a folder of numbered frames (--frames)
}

// diagrams reports whether any diagram of the tree was asked for.
func (o Outputs) diagrams() bool {
	return o.DOT != "" || o.SVG != "" || o.PNG != "" || o.Frames != "" || o.GIF != ""
}

// Input is a file the run reads, which no output may be: Label is its
// flag ("--puzzle"; "" for an argument), Name its name as given, What
// what it is in a message ("the puzzle").
type Input struct {
	Label, Name, What string
}

// Options are everything a run writes and how. The zero value writes
// nothing; a zero field takes the default named on it.
type Options struct {
	Outputs
	// Diagram shapes the DOT, SVG, PNG and frames (render.DiagramOptions:
	// budget, depth, focus, step, boards, layout, fit, legend).
	Diagram render.DiagramOptions
	// Lang is the language of the notes, legends and report ("": en;
	// Render: the log's, unless LangGiven); one the tool has no words in
	// is an error.
	Lang tracer.Lang
	// LangGiven: Lang was chosen by the user. Otherwise the player page
	// opens in the browser's language, and Render takes the log's.
	LangGiven bool
	// Quiz opens the player page in predict mode.
	Quiz bool
	// FramesFormat is "svg" (the default) or "png".
	FramesFormat string
	// Every picks the steps that get a frame (render.ParseEvery; "":
	// up to 60 steps at which the tree changes).
	Every string
	// Delay is the time between the GIF's frames (0: half a second).
	Delay time.Duration
	// Scale is the pixels a point of PNG, GIF and PNG frames: 1, 2 or 3
	// (0: 2).
	Scale int
	// Force writes Frames into a folder holding other files too.
	Force bool
	// MaxTree caps the memory of the tree kept for the diagrams (0: no
	// cap); the command line's default is DefaultMaxTree.
	MaxTree int64
	// MaxOutput stops the search when the step log reaches this many
	// bytes (0: no limit).
	MaxOutput int64
	// HTMLSteps is the most steps the player page holds (0:
	// stepper.DefaultHTMLSteps).
	HTMLSteps int64
	// Tool is written into the step log's header ("backtrack 0.1.0").
	Tool string
	// Inputs are the files the run reads: no output may be one of them.
	Inputs []Input
	// Stdin is the standard input, for a log named "-" (nil: such a log
	// is an error).
	Stdin io.Reader
	// Stdout is where the outputs named "-" go, and the report (nil: an
	// output named "-", or Report, is an error).
	Stdout io.Writer
	// Stderr gets the notes on what was left out and why (nil: none).
	Stderr io.Writer
	// Report, if set, writes the report of the run (render.WriteReport)
	// with Show solution boards to Stdout, unless an output took stdout.
	Report bool
	Show   int
	// Sinks are more sinks the search feeds (Run only; a nil one is an
	// error).
	Sinks []tracer.Sink
	// Progress, if set, draws the run's progress line (a terminal's:
	// render/progress) as it searches, reads, draws and writes; Run and
	// Render close it when the work is done, before the report and the
	// notes on Stderr.
	Progress *progress.Reporter
	// Notes, if set, makes the note function of the step log and the
	// frames' captions in place of the narrator's (tracer.NewNarrator):
	// a problem of one's own can add what the Def's words cannot say.
	Notes func(info tracer.Info, sg tracer.Strategy, lang tracer.Lang) func(*tracer.Event) string
}

// notes returns the note function of a run of info with sg in lang.
func (o *Options) notes(info tracer.Info, sg tracer.Strategy, lang tracer.Lang) func(*tracer.Event) string {
	if o.Notes != nil {
		return o.Notes(info, sg, lang)
	}
	return tracer.NewNarrator(info, sg, lang).Note
}

// stderr returns where notes go (with the progress line taken away
// first, if one is up).
func (o *Options) stderr() io.Writer {
	if o.Stderr == nil {
		return io.Discard
	}
	return o.Progress.Wrap(o.Stderr)
}

// task begins a task of the progress line r (nil: none): what, in r's
// language, formatted with args; its total (0: unknown) and unit.
func task(r *progress.Reporter, total int64, unit words.Text, what words.Text, args ...any) *progress.Task {
	if r == nil {
		return nil
	}
	return r.Start(what.F(r.Lang(), args...), total, unit)
}

// scale returns Scale, 2 if unset.
func (o *Options) scale() int {
	if o.Scale == 0 {
		return 2
	}
	return o.Scale
}

// delay returns Delay, half a second if unset.
func (o *Options) delay() time.Duration {
	if o.Delay == 0 {
		return 500 * time.Millisecond
	}
	return o.Delay
}

// framesFormat returns FramesFormat, svg if unset.
func (o *Options) framesFormat() string {
	if o.FramesFormat == "" {
		return "svg"
	}
	return o.FramesFormat
}

// Check checks the options a caller filled by hand: an *InputError names
// what is wrong. Run and Render check them too.
func (o *Options) Check() error {
	switch {
	case o.Diagram.MaxNodes < 0 || o.Diagram.Depth < 0 || o.Diagram.AtStep < 0:
		return inputf("--max-nodes, --depth and --at-step must not be negative")
	case o.Scale != 0 && (o.Scale < 1 || o.Scale > 3):
		return inputf("--scale: %d: want 1, 2 or 3", o.Scale)
	case o.FramesFormat != "" && o.FramesFormat != "svg" && o.FramesFormat != "png":
		return inputf("--frames-format: %q: want svg or png", o.FramesFormat)
	case o.Delay < 0 || o.Delay > time.Minute:
		return inputf("--delay: %s: want more than 0 and at most 1m", o.Delay)
	case o.MaxTree < 0 || o.MaxOutput < 0 || o.HTMLSteps < 0:
		return inputf("a limit must not be negative")
	}
	if _, err := render.ParseEvery(o.Every); err != nil {
		return inputf("--every: %v", err)
	}
	if err := checkLang(o.Lang); err != nil {
		return err
	}
	if o.Stdout == nil {
		for _, out := range []struct{ label, name string }{
			{"--stats", o.Stats}, {"--yaml", o.Log}, {"--dot", o.DOT}, {"--html", o.HTML},
		} {
			if out.name == "-" {
				return noStdout(out.label, out.name)
			}
		}
		if o.Report {
			return inputf("Options.Report: Options.Stdout is nil")
		}
	}
	for i, s := range o.Sinks {
		if s == nil {
			return inputf("Options.Sinks[%d] is nil", i)
		}
	}
	return nil
}

// checkLang refuses a language the tool has no words in ("" is en).
func checkLang(lang tracer.Lang) error {
	if lang == "" {
		return nil
	}
	if _, err := tracer.ParseLang(string(lang)); err != nil {
		var se *tracer.SettingError
		if errors.As(err, &se) {
			err = se.Err
		}
		return inputf("--lang: %v", err)
	}
	return nil
}

// noStdout is the error of an output label name that writes to stdout
// when Options.Stdout is nil.
func noStdout(label, name string) error {
	return inputf("%s %s: Options.Stdout is nil", label, name)
}

// create opens the output name (label) into set, as outfile.Set.Create
// does, writing to o.Stdout if it names stdout; with no Stdout, that is
// an error naming the field.
func (o *Options) create(ctx context.Context, set *outfile.Set, name, label string) (*outfile.File, error) {
	f, err := set.Create(ctx, name, label, o.Stdout)
	if errors.Is(err, outfile.ErrNoStdout) {
		return nil, noStdout(label, name)
	}
	return f, err
}

// orBackground returns ctx, or context.Background() if ctx is nil: a nil
// context given to Run, Render, Compare, Search or ReadPuzzle is one that
// never ends.
func orBackground(ctx context.Context) context.Context {
	if ctx == nil {
		return context.Background()
	}
	return ctx
}

// Result is what a run did.
type Result struct {
	// Summary is the run's summary, counts included (for Render, counted
	// from the log's steps).
	Summary tracer.Summary
	// Limit is what stopped the search, if anything.
	Limit tracer.LimitReason
	// ToStdout: an output was written to stdout, so no report was.
	ToStdout bool
}

// InputError is bad input from the user: an option, a step log, a tree
// too big for what was asked of it. The command line exits 2 on it.
type InputError struct{ Msg string }

func (e *InputError) Error() string { return e.Msg }

// inputf returns an *InputError.
func inputf(format string, args ...any) error {
	return &InputError{fmt.Sprintf(format, args...)}
}

// Interrupted reports that a signal (ctx) stopped the run; What says what
// was left undone, if anything.
type Interrupted struct{ What string }

func (e *Interrupted) Error() string {
	if e.What != "" {
		return "interrupted; " + e.What
	}
	return "interrupted; the outputs written are complete"
}

// ErrInterrupted is an interrupt that left nothing out.
var ErrInterrupted = &Interrupted{}

// ErrInterruptedEarly is an interrupt before any output was opened.
var ErrInterruptedEarly = &Interrupted{What: "nothing was written"}

// interruptedError says which outputs an interrupt left out.
func interruptedError(skipped []*outfile.File, more ...string) error {
	if len(skipped) == 0 && len(more) == 0 {
		return ErrInterrupted
	}
	var names []string
	for _, o := range skipped {
		names = append(names, o.Label()+" "+o.Name())
	}
	names = append(names, more...)
	return &Interrupted{What: strings.Join(names, " and ") + " not drawn; the other outputs are complete"}
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

// dotError sorts an error of render.WriteDOT: a bad option (an unknown
// focus move, a step past the end: render.OptionError) is the input's
// fault, a write that failed names its output, and anything else (a
// drawing the renderer could not make) is the run's failure, not the
// user's.
func dotError(err error) error {
	var oe *outfile.Error
	var bad *render.OptionError
	switch {
	case errors.As(err, &oe):
		return oe // names the output; a writer's prefix adds nothing
	case errors.As(err, &bad):
		return &InputError{Msg: err.Error()}
	}
	return fmt.Errorf("drawing the search tree: %w", err)
}
