package lessons

import (
	"context"
	"fmt"

	"github.com/backtrack-edu/backtrack/render/export"
	"github.com/backtrack-edu/backtrack/tracer"
)

// DefaultMaxSteps is the step limit of a lesson's run and of each run of
// `backtrack compare` unless told otherwise (export.DefaultMaxSteps).
const DefaultMaxSteps = export.DefaultMaxSteps

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
type Outcome = export.Outcome

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
	return export.Build(s.Spec()) // errors say the key, not "tracer"
}

// Execute runs the search, feeding every event to sinks as well as to its
// own counters. A limit is a result (status limit), not an error; so is a
// canceled context (status limit, the summary's Limit says canceled).
func (s Search) Execute(ctx context.Context, sinks ...tracer.Sink) (Outcome, error) {
	if _, _, err := s.Build(); err != nil {
		return Outcome{}, err
	}
	return export.Search(ctx, s.Spec(), sinks...)
}

// Strategies returns one search per strategy the problem of base has, on
// base's instance with base's stop rule and limit (tracer.Spec.Strategies):
// for Sudoku every order (scan2d, linear, mrv) with every check (scan,
// board, counts) and every timing (before, after, leaf); for N-Queens every
// check (scan, arrays) with every timing; for a list of numbers every
// de-duplication style too. The order is the table's: order, then check,
// then when, then dedup.
func Strategies(base Search) ([]Search, error) {
	if _, _, err := base.Build(); err != nil {
		return nil, err
	}
	specs, err := base.Spec().Strategies()
	if err != nil {
		return nil, err
	}
	out := make([]Search, len(specs))
	for i, sp := range specs {
		s := base
		s.Order, s.Check, s.When, s.Puzzle = string(sp.Order), string(sp.Check), string(sp.When), sp.Puzzle
		out[i] = s
	}
	return out, nil
}
