package lessons

import (
	"context"
	"errors"
	"fmt"
	"time"

	"backtrack/tracer"
)

// DefaultMaxSteps is the step limit of a lesson's run and of each run of
// `backtrack compare` unless told otherwise: a search that explodes (a
// check at the leaf on a board with many blanks) stops here in a fraction
// of a second, so a whole lesson or table still builds in seconds.
const DefaultMaxSteps = 2_000_000

// Search is one search: a problem instance, a strategy and a step limit.
// Its fields are the keys of a run in a lesson spec and the values of the
// trace command's flags; empty fields take the problem's defaults (see
// tracer.Def: N-Queens n=8 and every solution; Sudoku LeetCode 37's board,
// order scan2d and the first solution; check scan, when before).
type Search struct {
	Problem string `yaml:"problem"` // a registered problem: nqueens, sudoku, permutations
	N       int    `yaml:"n"`       // the size, for problems sized by n
	Puzzle  string `yaml:"puzzle"`  // the puzzle text, for problems that take one
	Order   string `yaml:"order"`   // one of the problem's orders
	Check   string `yaml:"check"`   // one of the problem's checks
	When    string `yaml:"when"`    // before, after or leaf
	Stop    string `yaml:"stop"`    // first, all or no-return
	Drop    string `yaml:"drop"`    // a template line removed: return-false (order scan2d) or return-value (= stop no-return)
	// MaxSteps is the step limit: nil (the key left out) means
	// DefaultMaxSteps, 0 no limit, as everywhere else.
	MaxSteps *int64 `yaml:"max_steps"`
}

// Limit returns a step limit for Search.MaxSteps.
func Limit(steps int64) *int64 { return &steps }

// Outcome is what a search did: its summary (instance, strategy, status and
// counts) and how long it took.
type Outcome struct {
	Summary tracer.Summary
	Elapsed time.Duration
}

// Spec returns the search as a tracer.Spec, the one builder of runs.
func (s Search) Spec() tracer.Spec {
	steps := int64(DefaultMaxSteps)
	if s.MaxSteps != nil {
		steps = *s.MaxSteps
	}
	return tracer.Spec{
		Problem: s.Problem, N: s.N, Puzzle: s.Puzzle,
		Order: tracer.Order(s.Order), Check: tracer.Check(s.Check),
		When: tracer.When(s.When), Stop: tracer.Stop(s.Stop), Drop: tracer.Drop(s.Drop),
		Limits: tracer.Limits{MaxSteps: steps},
	}
}

// Build checks the search and makes its problem and run options. Errors
// name the key that is wrong ("check: nqueens: unknown value ...").
func (s Search) Build() (tracer.Problem, tracer.Options, error) {
	if s.MaxSteps != nil && *s.MaxSteps < 0 {
		return nil, tracer.Options{}, fmt.Errorf("max_steps %d: want a positive limit, or 0 for none", *s.MaxSteps)
	}
	p, opts, err := s.Spec().Build()
	var se *tracer.SettingError
	if errors.As(err, &se) {
		// A lesson's keys are the settings' names: say the key, not "tracer".
		return nil, opts, fmt.Errorf("%s: %w", se.Setting, se.Err)
	}
	return p, opts, err
}

// Execute runs the search, feeding every event to sinks as well as to its
// own counters. A limit is a result (status limit), not an error; so is a
// canceled context (status limit, the summary's Limit says canceled).
func (s Search) Execute(ctx context.Context, sinks ...tracer.Sink) (Outcome, error) {
	p, opts, err := s.Build()
	if err != nil {
		return Outcome{}, err
	}
	st := &tracer.Stats{}
	opts.Sinks = append([]tracer.Sink{st}, sinks...)
	res, err := tracer.Run(ctx, p, opts)
	if err != nil {
		return Outcome{}, err
	}
	return Outcome{Summary: tracer.Summarize(p.Info(), opts, res, st), Elapsed: res.Elapsed}, nil
}

// Strategies returns one search per strategy the problem of base has, on
// base's instance with base's stop rule and limit: for Sudoku every order
// (scan2d, linear, mrv) with every check (scan, board, counts) and every
// timing (before, after, leaf); for N-Queens every check (scan, arrays)
// with every timing. The order is the table's: order, then check, then
// when.
func Strategies(base Search) ([]Search, error) {
	p, _, err := base.Build()
	if err != nil {
		return nil, err
	}
	def := p.Info().Def
	var out []Search
	for _, o := range def.Orders {
		for _, c := range def.Checks {
			for _, w := range def.WhenList() {
				s := base
				s.Order, s.Check, s.When = string(o), string(c), string(w)
				out = append(out, s)
			}
		}
	}
	return out, nil
}
