package lessons

import (
	"context"
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
// trace command's flags; empty fields take the defaults of `backtrack
// trace` (N-Queens: n=8, every solution; Sudoku: LeetCode 37's board, order
// scan2d, the first solution; check scan, when before).
type Search struct {
	Problem  string `yaml:"problem"`   // nqueens or sudoku
	N        int    `yaml:"n"`         // nqueens: the board size
	Puzzle   string `yaml:"puzzle"`    // sudoku: the puzzle text (any form tracer.ParsePuzzle reads)
	Order    string `yaml:"order"`     // sudoku: scan2d, linear or mrv
	Check    string `yaml:"check"`     // scan; sudoku: board, counts; nqueens: arrays
	When     string `yaml:"when"`      // before, after or leaf
	Stop     string `yaml:"stop"`      // first, all or no-return
	MaxSteps int64  `yaml:"max_steps"` // 0: DefaultMaxSteps; -1: no limit
}

// Outcome is what a search did: its summary (instance, strategy, status and
// counts) and how long it took.
type Outcome struct {
	Summary tracer.Summary
	Elapsed time.Duration
}

// Build checks the search and makes its problem and run options. Errors
// name the field that is wrong.
func (s Search) Build() (tracer.Problem, tracer.Options, error) {
	var opts tracer.Options
	when := tracer.WhenBefore
	if s.When != "" {
		w, err := tracer.ParseWhen(s.When)
		if err != nil {
			return nil, opts, err
		}
		when = w
	}
	opts.When = when
	switch {
	case s.MaxSteps == 0:
		opts.Limits.MaxSteps = DefaultMaxSteps
	case s.MaxSteps > 0:
		opts.Limits.MaxSteps = s.MaxSteps
	case s.MaxSteps < -1:
		return nil, opts, fmt.Errorf("max_steps %d: want a positive limit, 0 for the default or -1 for none", s.MaxSteps)
	}
	if s.Stop != "" {
		st, err := tracer.ParseStop(s.Stop)
		if err != nil {
			return nil, opts, err
		}
		opts.Stop = st
	}
	switch s.Problem {
	case "nqueens":
		if s.Puzzle != "" || s.Order != "" {
			return nil, opts, fmt.Errorf("nqueens: puzzle and order apply to sudoku only")
		}
		if opts.Stop == "" {
			opts.Stop = tracer.StopAll
		}
		n := s.N
		if n == 0 {
			n = 8
		}
		check, err := tracer.ParseCheck(orDefault(s.Check, "scan"), tracer.NQueensChecks)
		if err != nil {
			return nil, opts, fmt.Errorf("nqueens: %w", err)
		}
		p, err := tracer.NewNQueens(n, check)
		return p, opts, err
	case "sudoku":
		if s.N != 0 {
			return nil, opts, fmt.Errorf("sudoku: n applies to nqueens only; give a puzzle")
		}
		if opts.Stop == "" {
			opts.Stop = tracer.StopFirst
		}
		order, err := tracer.ParseOrder(orDefault(s.Order, "scan2d"), tracer.SudokuOrders)
		if err != nil {
			return nil, opts, fmt.Errorf("sudoku: %w", err)
		}
		check, err := tracer.ParseCheck(orDefault(s.Check, "scan"), tracer.SudokuChecks)
		if err != nil {
			return nil, opts, fmt.Errorf("sudoku: %w", err)
		}
		pz, err := tracer.ParsePuzzle(orDefault(s.Puzzle, tracer.LeetCode37))
		if err != nil {
			return nil, opts, fmt.Errorf("sudoku: %w", err)
		}
		p, err := tracer.NewSudoku(pz, order, check)
		return p, opts, err
	case "":
		return nil, opts, fmt.Errorf("no problem given: want nqueens or sudoku")
	}
	return nil, opts, fmt.Errorf("unknown problem %q: want nqueens or sudoku", s.Problem)
}

func orDefault(s, def string) string {
	if s == "" {
		return def
	}
	return s
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
	if _, _, err := base.Build(); err != nil {
		return nil, err
	}
	orders := []string{""} // N-Queens has one order: a row per level
	checks := tracer.NQueensChecks
	if base.Problem == "sudoku" {
		orders = nil
		for _, o := range tracer.SudokuOrders {
			orders = append(orders, string(o))
		}
		checks = tracer.SudokuChecks
	}
	var out []Search
	for _, o := range orders {
		for _, c := range checks {
			for _, w := range tracer.Whens {
				s := base
				s.Order, s.Check, s.When = o, string(c), string(w)
				out = append(out, s)
			}
		}
	}
	return out, nil
}
