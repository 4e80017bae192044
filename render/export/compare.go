package export

import (
	"bytes"
	"context"
	"errors"
	"fmt"
	"io"
	"sync"
	"time"

	"github.com/backtrack-edu/backtrack/render"
	"github.com/backtrack-edu/backtrack/render/outfile"
	"github.com/backtrack-edu/backtrack/render/progress"
	"github.com/backtrack-edu/backtrack/render/stepper"
	"github.com/backtrack-edu/backtrack/tracer"
	"github.com/backtrack-edu/backtrack/tracer/words"
)

// Build checks spec and makes its problem and run options, as
// tracer.Spec.Build does, with errors naming the setting as a spec's key
// ("check: nqueens: unknown value ..."), not the package.
func Build(spec tracer.Spec) (tracer.Problem, tracer.Options, error) {
	p, opts, err := spec.Build()
	var se *tracer.SettingError
	if errors.As(err, &se) {
		return nil, opts, fmt.Errorf("%s: %w", se.Setting, se.Err)
	}
	return p, opts, err
}

// Outcome is what a search did: its summary (instance, strategy, status
// and counts) and how long it took.
type Outcome struct {
	Summary tracer.Summary
	Elapsed time.Duration
}

// Search runs spec, feeding every event to sinks as well as to its own
// counters, and writes nothing. A limit is a result (status limit), not
// an error; so is a canceled context (status limit, the summary's Limit
// says canceled). Errors name the spec's key (Build). A nil ctx is
// context.Background(); a nil sink is an error.
func Search(ctx context.Context, spec tracer.Spec, sinks ...tracer.Sink) (Outcome, error) {
	ctx = orBackground(ctx)
	for i, s := range sinks {
		if s == nil {
			return Outcome{}, fmt.Errorf("sink %d of %d is nil", i+1, len(sinks))
		}
	}
	return search(ctx, spec, nil, sinks...)
}

// search is Search, keeping progress (if set) up to date.
func search(ctx context.Context, spec tracer.Spec, progress *tracer.Progress, sinks ...tracer.Sink) (Outcome, error) {
	p, opts, err := Build(spec)
	if err != nil {
		return Outcome{}, err
	}
	opts.Progress = progress
	st := &tracer.Stats{}
	opts.Sinks = append([]tracer.Sink{st}, sinks...)
	res, err := tracer.Run(ctx, p, opts)
	if err != nil {
		return Outcome{}, err
	}
	return Outcome{Summary: tracer.Summarize(tracer.InfoOf(p), opts, res, st), Elapsed: res.Elapsed}, nil
}

// CompareOptions are what Compare writes.
type CompareOptions struct {
	// SVG is the depth chart of two runs (not of a strategy table).
	SVG string
	// HTML is one page with the two runs' players side by side, stepping
	// together ("-": stdout, and no table is printed).
	HTML string
	// Strategies: the runs are the strategies of one problem, tabled one
	// a row (render.WriteStrategyTable), not two problems side by side.
	Strategies bool
	Lang       tracer.Lang
	LangGiven  bool // Lang was chosen: the page does not follow the browser's
	NoTime     bool // leave out the times, so the table is the same each run
	// HTMLSteps is the most steps each side of the page holds (0:
	// stepper.DefaultHTMLSteps).
	HTMLSteps int64
	Inputs    []Input
	Stdin     io.Reader
	Stdout    io.Writer // the table, and outputs named "-"
	// Progress, if set, draws a progress line (a terminal's:
	// render/progress) while the runs run: how many ended, which one is
	// running and its steps. Compare closes it before it returns.
	Progress *progress.Reporter
}

// Compare runs specs one after the other and writes their table to
// opt.Stdout: two problems side by side with their depth profile (and
// opt.SVG's chart), or, with opt.Strategies, one row a strategy, each
// written as its run ends. With opt.HTML, the two runs' players go on one
// page (and a strategy table waits for it). An interrupt keeps a strategy
// table's finished rows. A nil ctx is context.Background(); a nil
// opt.Stdout is an error.
func Compare(ctx context.Context, specs []tracer.Spec, opt CompareOptions) error {
	defer opt.Progress.Close()
	ctx = orBackground(ctx)
	switch {
	case opt.Stdout == nil:
		return inputf("CompareOptions.Stdout is nil: the table goes there")
	case len(specs) == 0:
		return inputf("no runs to compare")
	case opt.HTML != "" && len(specs) != 2:
		return inputf("--html steps two runs side by side, not %d", len(specs))
	}
	if err := checkLang(opt.Lang); err != nil {
		return err
	}
	if opt.SVG == "-" {
		return inputf("--svg needs a file")
	}
	var outs outfile.Set
	defer outs.Abort()
	for _, in := range opt.Inputs {
		if err := outs.AddInput(in.Label, in.Name, in.What, opt.Stdin); err != nil {
			return err
		}
	}
	chart, err := outs.Create(ctx, opt.SVG, "--svg", opt.Stdout)
	if err != nil {
		return err
	}
	if chart.Stdout() {
		return inputf("--svg %s: that is stdout, where the table goes: give a file", opt.SVG)
	}
	page, err := outs.Create(ctx, opt.HTML, "--html", opt.Stdout)
	if err != nil {
		return err
	}
	var pages []*player
	if page != nil {
		for range specs {
			pages = append(pages, &player{out: page, Limit: opt.HTMLSteps})
		}
	}

	copt := render.CompareOptions{Lang: opt.Lang, NoTime: opt.NoTime}
	stdout := opt.Progress.Wrap(opt.Stdout)
	// A strategy table is written a row at a time, as each run ends,
	// unless a page comes first.
	var rows *render.StrategyRows
	if opt.Strategies && page == nil && len(specs) > 0 {
		var plan []tracer.Summary
		for _, s := range specs {
			p, opts, err := Build(s)
			if err != nil {
				return inputf("%v", err)
			}
			plan = append(plan, tracer.Summarize(tracer.InfoOf(p), opts, &tracer.Result{}, &tracer.Stats{}))
		}
		if rows, err = render.NewStrategyRows(stdout, plan, specs[0].Limits.MaxSteps, copt); err != nil {
			return err
		}
	}
	running := task(opt.Progress, int64(len(specs)), words.ProgressUnitRuns, words.ProgressRuns)
	var now struct {
		sync.Mutex
		name  string
		steps *tracer.Progress
	}
	running.NoEstimate() // one run may take a millisecond, the next forever
	if running != nil {
		lang := opt.Progress.Lang()
		running.Detail(func() string {
			now.Lock()
			defer now.Unlock()
			if now.steps == nil {
				return ""
			}
			return words.ProgressRunNow.F(lang, now.name, words.ProgressCount.F(lang, progress.Group(now.steps.Steps()), words.ProgressUnitSteps.In(lang)))
		})
	}
	var runs []render.CompareRun
	stopped := false
	for i, s := range specs {
		var sinks []tracer.Sink
		p, opts, err := Build(s)
		if err != nil {
			return inputf("%v", err)
		}
		if pages != nil {
			pages[i].begin(tracer.InfoOf(p), tracer.StrategyOf(tracer.InfoOf(p), opts))
			sinks = append(sinks, pages[i])
		}
		var steps *tracer.Progress
		if running != nil {
			steps = &tracer.Progress{}
			sum := tracer.Summarize(tracer.InfoOf(p), opts, &tracer.Result{}, &tracer.Stats{})
			now.Lock()
			now.name, now.steps = runName(sum, specs), steps
			now.Unlock()
		}
		o, err := search(ctx, s, steps, sinks...)
		if err != nil {
			return inputf("%v", err)
		}
		if o.Summary.Limit == tracer.LimitCanceled {
			stopped = true
			break
		}
		run := render.CompareRun{Summary: o.Summary, Elapsed: o.Elapsed}
		runs = append(runs, run)
		running.Add(1)
		if rows != nil {
			if err := rows.Row(run); err != nil {
				return err
			}
		}
	}
	running.End()
	if stopped {
		// The strategy table is worth its finished rows; the side-by-side
		// comparison is not worth half of itself.
		if rows != nil {
			opt.Progress.Close()
			if err := rows.Close(); err != nil {
				return err
			}
			return &Interrupted{What: fmt.Sprintf("the table shows the %d of %d runs that finished", len(runs), len(specs))}
		}
		if opt.Strategies && len(runs) > 0 {
			var b bytes.Buffer
			if err := render.WriteStrategyTable(&b, runs, copt); err != nil {
				return err
			}
			if _, err := stdout.Write(b.Bytes()); err != nil {
				return err
			}
			return &Interrupted{What: fmt.Sprintf("the table shows the %d of %d runs that finished", len(runs), len(specs))}
		}
		return &Interrupted{What: "no run finished, so nothing is printed"}
	}
	if rows != nil {
		opt.Progress.Close()
		return rows.Close()
	}
	if page != nil {
		lopt := stepper.LockstepOptions{Lang: opt.Lang, FollowBrowser: !opt.LangGiven}
		if err := aside(ctx, page, func() error { return stepper.WriteLockstep(page, pages[0].side(), pages[1].side(), lopt) }); err != nil {
			if errors.Is(err, errLeftOut) {
				return &Interrupted{What: "the page is left out"}
			}
			return outputErr(err)
		}
	}
	if page.Stdout() {
		// The page went to stdout: no table after it.
		return outs.Commit()
	}
	var b bytes.Buffer
	if opt.Strategies {
		err = render.WriteStrategyTable(&b, runs, copt)
	} else {
		err = render.WriteCompare(&b, runs, copt)
		if err == nil {
			b.WriteString("\n")
			err = render.WriteDepthProfile(&b, runs, copt)
		}
	}
	if err != nil {
		return err
	}
	if chart != nil {
		if err := render.WriteDepthChart(chart, runs, render.ChartOptions{Lang: opt.Lang}); err != nil {
			return outputErr(err)
		}
	}
	opt.Progress.Close()
	if err := outs.Commit(); err != nil {
		return err
	}
	_, err = opt.Stdout.Write(b.Bytes())
	return err
}

// runName names a run of specs on the progress line: its strategy, as the
// table's first columns do ("rows scan leaf"), or its problem when the
// runs are of different problems.
func runName(sum tracer.Summary, specs []tracer.Spec) string {
	if len(specs) > 1 && specs[0].Problem != specs[1].Problem {
		return sum.Problem
	}
	name := fmt.Sprintf("%s %s %s", sum.Strategy.Order, sum.Strategy.Check, sum.Strategy.When)
	if d := tracer.InstanceSetting(sum.Instance, "dedup"); d != "" {
		name += " " + string(d)
	}
	return name
}
