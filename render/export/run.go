package export

import (
	"bufio"
	"cmp"
	"context"
	"errors"
	"fmt"
	"io"
	"os"
	"runtime"
	"strconv"

	"github.com/backtrack-edu/backtrack/render"
	"github.com/backtrack-edu/backtrack/render/outfile"
	"github.com/backtrack-edu/backtrack/render/progress"
	"github.com/backtrack-edu/backtrack/render/steplog"
	"github.com/backtrack-edu/backtrack/tracer"
	"github.com/backtrack-edu/backtrack/tracer/words"
)

// Run runs the search spec describes and writes the outputs opt names.
// Every output is opened before the search; none is replaced unless all
// are written. The search stops at spec's limits, at opt.MaxOutput bytes
// of step log, at opt.MaxTree bytes of tree, or when ctx ends: a limit is
// a result (Result.Limit), an interrupt is an *Interrupted error once the
// outputs are complete (those it left out are named). A nil ctx is
// context.Background().
func Run(ctx context.Context, spec tracer.Spec, opt Options) (*Result, error) {
	defer opt.Progress.Close()
	ctx = orBackground(ctx)
	if err := opt.Check(); err != nil {
		return nil, err
	}
	p, opts, err := spec.Build()
	if err != nil {
		return nil, err
	}
	lang := cmp.Or(opt.Lang, tracer.LangEN)

	// Open every output before the search, so a bad path costs no work,
	// and none replaces an input.
	var outs outfile.Set
	defer outs.Abort()
	for _, in := range opt.Inputs {
		if err := outs.AddInput(in.Label, in.Name, in.What, opt.Stdin); err != nil {
			return nil, err
		}
	}
	stats, err := opt.create(ctx, &outs, opt.Stats, "--stats")
	if err != nil {
		return nil, err
	}
	steps, err := opt.create(ctx, &outs, opt.Log, "--yaml")
	if err != nil {
		return nil, err
	}
	diagrams, err := openDiagrams(ctx, &opt, &outs)
	if err != nil {
		return nil, err
	}
	toStdout := outs.Stdout() // "-", /dev/stdout, ...

	info := tracer.InfoOf(p)
	sg := tracer.StrategyOf(info, opts)
	st := &tracer.Stats{}
	opts.Sinks = append([]tracer.Sink{st}, opt.Sinks...)
	var tree *tracer.Tree
	if opt.diagrams() {
		tree = opt.newTree()
		opts.Sinks = append(opts.Sinks, tree)
	}
	if diagrams.html != nil {
		diagrams.html.begin(info, sg)
		opts.Sinks = append(opts.Sinks, diagrams.html)
	}
	var log *steplog.Writer
	var logBuf *bufio.Writer
	searchCtx := ctx
	if steps != nil {
		var cancel context.CancelCauseFunc
		searchCtx, cancel = context.WithCancelCause(ctx)
		defer cancel(nil)
		logBuf = bufio.NewWriterSize(&capWriter{w: steps, max: opt.MaxOutput, full: func() { cancel(tracer.ErrSizeLimit) }}, 1<<16)
		if log, err = NewLog(logBuf, info, opts, opt.Tool, lang, opt.Notes); err != nil {
			return nil, outputErr(err)
		}
		opts.Sinks = append(opts.Sinks, log)
	}

	searching := task(opt.Progress, opts.Limits.MaxSteps, words.ProgressUnitSteps, words.ProgressSearching)
	searching.NoEstimate() // the step limit is a bound: most searches end well before it
	if searching != nil {
		opts.Progress = &tracer.Progress{}
		searching.Count(opts.Progress.Steps)
	}
	res, err := tracer.Run(searchCtx, p, opts)
	searching.End()
	if err != nil {
		return nil, err
	}
	sum := tracer.Summarize(info, opts, res, st)

	if log != nil {
		err := log.Close(sum)
		if err == nil {
			err = logBuf.Flush()
		}
		if err != nil {
			return nil, outputErr(err)
		}
	}
	if stats != nil {
		if err := steplog.WriteStats(stats, sum); err != nil {
			return nil, err
		}
	}
	var skipped []*outfile.File
	leg := render.Legend{Summary: sum, Lang: lang}
	if tree != nil {
		if err := tree.Err(); err != nil {
			return nil, fmt.Errorf("search tree: %w", err)
		}
		diagrams.notes = func(ctx context.Context, frames []int64) (func(int64) string, error) {
			return narrateAgain(ctx, spec, &opt, lang, res.Limit, frames)
		}
		if skipped, err = diagrams.write(ctx, tree, leg, opt.Diagram); err != nil {
			return nil, err
		}
		for _, o := range skipped {
			o.Abort()
		}
		// The tree, up to MaxTree, and its trimmings are garbage now:
		// collected before the page is made rather than grown into.
		tree = nil
		runtime.GC()
	}
	if diagrams.html != nil {
		page := task(opt.Progress, 0, words.Text{}, words.ProgressPage, "--html "+opt.HTML)
		left, err := diagrams.html.write(ctx, info, sg, leg)
		page.End()
		if err != nil {
			return nil, err
		}
		skipped = append(skipped, left...)
	}
	opt.Progress.Close() // before the report and the notes
	if err := outs.Commit(); err != nil {
		return nil, err
	}
	stderr := opt.stderr()
	diagrams.noteEmpty(stderr)
	if res.Limit == tracer.LimitSize {
		fmt.Fprintf(stderr, "backtrack: the step log reached --max-output %s, so the search stopped there; give a larger --max-output (or 0) to log more\n", Size(opt.MaxOutput))
	}
	if res.Limit == tracer.LimitTree {
		fmt.Fprintf(stderr, "backtrack: the search tree reached --max-tree %s, so the search stopped there; give a larger --max-tree (or 0) to record more\n", Size(opt.MaxTree))
	}
	if opt.Report && !toStdout {
		if err := render.WriteReport(opt.Stdout, sum, opt.Show, lang); err != nil {
			return nil, err
		}
	}
	r := &Result{Summary: sum, Limit: res.Limit, ToStdout: toStdout}
	if res.Limit == tracer.LimitCanceled || ctx.Err() != nil {
		return r, interruptedError(skipped, diagrams.missing()...)
	}
	return r, nil
}

// Size writes a size in bytes as the command line reads it: 1G, 512M,
// 64k or a plain number.
func Size(v int64) string {
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

// Render reads the step log in the file log ("-": opt.Stdin), as `trace
// --yaml` wrote it, and writes the diagrams and the player page opt names,
// as Run would have written them from the live search. A tree that
// reached opt.MaxTree is drawn as it stood then. The language is the
// log's, unless opt.LangGiven. A nil ctx is context.Background().
func Render(ctx context.Context, log string, opt Options) (*Result, error) {
	defer opt.Progress.Close()
	ctx = orBackground(ctx)
	if err := opt.Check(); err != nil {
		return nil, err
	}
	if log == "-" && opt.Stdin == nil {
		return nil, inputf("step log -: Options.Stdin is nil")
	}
	if !opt.diagrams() && opt.HTML == "" {
		return nil, inputf("render needs at least one of --dot, --svg, --png, --gif, --frames, --html")
	}
	var outs outfile.Set
	defer outs.Abort()
	if err := outs.AddInput("", log, "the step log", opt.Stdin); err != nil {
		return nil, err
	}
	diagrams, err := openDiagrams(ctx, &opt, &outs)
	if err != nil {
		return nil, err
	}

	name := "stdin"
	open := func() (io.ReadCloser, error) { return io.NopCloser(opt.Stdin), nil }
	var size int64 // of the log, if a file
	if log != "-" {
		name = log
		fi, err := os.Stat(name)
		switch {
		case errors.Is(err, os.ErrNotExist):
			return nil, inputf("step log %q does not exist", name)
		case err != nil:
			return nil, inputf("step log %q: %v", name, plainErr(err))
		case fi.IsDir():
			return nil, inputf("step log %q is a folder", name)
		}
		if fi.Mode().IsRegular() {
			size = fi.Size()
		}
		open = func() (io.ReadCloser, error) { return os.Open(name) }
	}
	// The log is read aside, so an interrupt ends a read that waits on a
	// pipe.
	tree := opt.newTree()
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
	if log == "-" && (opt.Frames != "" || opt.GIF != "") {
		stdinNotes = render.NewAllNotes(maxStdinNotes)
	}
	reading := opt.Progress.StartBytes(words.ProgressReading.F(opt.Progress.Lang(), name), size)
	go func() {
		r, err := open()
		if err != nil {
			done <- read{err: err}
			return
		}
		defer r.Close()
		var in io.Reader = r
		if reading != nil {
			in = &countingReader{r: r, t: reading}
		}
		sinks := []tracer.Sink{tree, st}
		if diagrams.html != nil {
			sinks = append(sinks, diagrams.html)
		}
		var sink tracer.Sink = &logSinks{all: tracer.MultiSink(sinks...), page: diagrams.html}
		if stdinNotes != nil {
			sink = notesAlongside{sink, stdinNotes}
		}
		h, sum, err := steplog.Read(bufio.NewReaderSize(in, logReadBuffer), sink)
		done <- read{h, sum, err}
	}()
	var got read
	select {
	case got = <-done:
	case <-ctx.Done():
		return nil, ErrInterruptedEarly
	}
	reading.End()
	if got.err != nil {
		return nil, inputf("%s: %v", name, plainErr(got.err))
	}
	if err := tree.Err(); err != nil {
		return nil, inputf("%s: %v", name, err)
	}
	// The counts come from the steps themselves, as in the live run.
	sum := got.sum
	sum.Stats, sum.Limit = *st, st.Limit
	stderr := opt.stderr()
	if got.h.Lang != "" {
		if _, err := tracer.ParseLang(got.h.Lang); err != nil {
			// A hand-edited log: its notes are kept, the pictures'
			// words need a language this tool has.
			words := "en"
			if opt.LangGiven {
				words = string(opt.Lang)
			}
			fmt.Fprintf(stderr, "backtrack: warning: %s says lang: %s, which is not en or zh: the pictures are in %s\n", name, got.h.Lang, words)
			got.h.Lang = ""
		}
	}
	lang := opt.Lang
	if !opt.LangGiven && got.h.Lang != "" {
		lang = tracer.Lang(got.h.Lang)
	}
	lang = cmp.Or(lang, tracer.LangEN)
	if diagrams.html != nil && got.h.Lang != "" {
		diagrams.html.followBrowser = false // the page keeps the log's language, as trace's keeps its own
	}
	leg := render.Legend{Summary: sum, Lang: lang}
	var skipped []*outfile.File
	switch logLang := tracer.Lang(got.h.Lang); {
	case logLang == "": // a log without notes: frames without captions
	case stdinNotes == nil:
		diagrams.notes = func(ctx context.Context, frames []int64) (func(int64) string, error) {
			again := opt.Progress.StartBytes(words.ProgressReading.F(opt.Progress.Lang(), name), size)
			defer again.End()
			return readNotesAgain(name, logLang, lang, sum, frames)
		}
	case stdinNotes.Full():
		fmt.Fprintf(stderr, "backtrack: the notes of the log on stdin are more than %d MiB, too many to keep: the frames have no captions (give the log as a file to have them)\n", maxStdinNotes>>20)
	case logLang != lang:
		fmt.Fprintf(stderr, "backtrack: the notes of the log on stdin are in %s, the pictures in %s: the frames have no captions (give the log as a file to have them narrated in %s)\n", logLang, lang, lang)
	default:
		diagrams.notes = func(context.Context, []int64) (func(int64) string, error) { return stdinNotes.Note, nil }
	}
	// A tree that reached MaxTree stopped recording: it is drawn as it
	// stood then.
	wopt, cut := opt.Diagram, int64(0)
	if k := tree.FullAt - 1; tree.FullAt > 0 && (wopt.AtStep == 0 || wopt.AtStep > k) {
		wopt.AtStep, cut = k, k
	}
	if opt.diagrams() {
		if skipped, err = diagrams.write(ctx, tree, leg, wopt); err != nil {
			return nil, err
		}
	}
	for _, o := range skipped {
		o.Abort()
	}
	if diagrams.html != nil {
		page := task(opt.Progress, 0, words.Text{}, words.ProgressPage, "--html "+opt.HTML)
		left, err := diagrams.html.write(ctx, LogInfo(sum), sum.Strategy, leg)
		page.End()
		if err != nil {
			return nil, err
		}
		skipped = append(skipped, left...)
	}
	opt.Progress.Close() // before the notes
	if err := outs.Commit(); err != nil {
		return nil, err
	}
	diagrams.noteEmpty(stderr)
	if cut > 0 && opt.diagrams() {
		fmt.Fprintf(stderr, "backtrack: the search tree reached --max-tree %s at step %d of %d, so the diagrams show it as it stood after step %d (as --at-step %d would); give a larger --max-tree (or 0) to draw it all\n",
			Size(opt.MaxTree), cut+1, tree.Steps, cut, cut)
	}
	r := &Result{Summary: sum, Limit: sum.Limit, ToStdout: outs.Stdout()}
	if ctx.Err() != nil {
		return r, interruptedError(skipped, diagrams.missing()...)
	}
	return r, nil
}

// countingReader counts the bytes read through it into a progress task.
type countingReader struct {
	r io.Reader
	t *progress.Task
}

func (c *countingReader) Read(b []byte) (int, error) {
	n, err := c.r.Read(b)
	c.t.Add(int64(n))
	return n, err
}
