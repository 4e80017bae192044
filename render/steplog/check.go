package steplog

import (
	"bytes"
	"errors"
	"fmt"
	"slices"

	"backtrack/tracer"
)

// This file holds what a log reads to the run it claims to be: the header
// names a run this tool can make, each step fits the board, and the moves
// replayed give the boards of the summary.

// logBoard is what the header says about the board: it bounds the cells,
// values and depths a step may name.
type logBoard struct {
	queens   bool
	size     int
	maxDepth int
	rules    []tracer.Rule // the rules the problem checks
}

func newLogBoard(h *Header) logBoard {
	b := logBoard{queens: h.Problem == "nqueens", size: h.Size, maxDepth: h.Size, rules: problemRules(h.Problem)}
	if !b.queens {
		b.maxDepth = h.Size * h.Size
	}
	return b
}

// checkPos reports a cell off the board. rowSlot allows an N-Queens row
// (column -1).
func (lb *logBoard) checkPos(key string, p tracer.Pos, rowSlot bool) error {
	if p == tracer.NoPos {
		return nil
	}
	minCol := 0
	if rowSlot && lb.queens {
		minCol = -1
	}
	if p.Row < 0 || p.Row >= lb.size || p.Col < minCol || p.Col >= lb.size {
		return fmt.Errorf("%s (%d,%d) is off the %d×%d board", key, p.Row, p.Col, lb.size, lb.size)
	}
	return nil
}

// check holds an event to the board: cells on it, values and depths in
// range, counts not negative. A tree or a counter fed from the log can then
// trust what it is given.
func (lb *logBoard) check(e *tracer.Event) error {
	if err := lb.checkPos("cell", e.Cell, e.Kind == tracer.KindExhausted); err != nil {
		return err
	}
	if err := lb.checkPos("witness", e.Witness, false); err != nil {
		return err
	}
	if err := lb.checkPos("from", e.From, false); err != nil {
		return err
	}
	if e.Rule != tracer.RuleNone && !slices.Contains(lb.rules, e.Rule) {
		return fmt.Errorf("rule %s is not one of %s", e.Rule, tracer.JoinValues(ruleNames(lb.rules)))
	}
	switch {
	case e.Kind == tracer.KindReject && e.Rule == tracer.RuleNone:
		return errors.New("a reject names no rule")
	case e.Node < -1:
		return fmt.Errorf("node %d is negative", e.Node)
	case e.Parent < -1:
		return fmt.Errorf("parent %d is negative", e.Parent)
	case e.Depth < -1 || e.Depth > lb.maxDepth || (e.Kind == tracer.KindCall && e.Depth < 0):
		return fmt.Errorf("depth %d is out of range 0..%d", e.Depth, lb.maxDepth)
	case e.Value < -1 || e.Value > lb.size:
		return fmt.Errorf("value %d is out of range for size %d", e.Value, lb.size)
	case e.Cost < 0:
		return fmt.Errorf("cost %d is negative", e.Cost)
	case e.Skipped < 0:
		return fmt.Errorf("skipped %d is negative", e.Skipped)
	}
	return nil
}

// checkLogHeader checks that a header describes a run this tool can make.
func checkLogHeader(h *Header) error {
	s := &h.Strategy
	if err := checkLogValue("strategy.when", s.When, tracer.Whens, ""); err != nil {
		return err
	}
	if err := checkLogValue("strategy.stop", s.Stop, tracer.Stops, ""); err != nil {
		return err
	}
	switch h.Problem {
	case "nqueens":
		if h.Size < 1 || h.Size > tracer.MaxQueens {
			return fmt.Errorf("size %d is out of range: want 1 to %d", h.Size, tracer.MaxQueens)
		}
		if want := fmt.Sprintf("n=%d", h.Size); h.Instance != want {
			return fmt.Errorf("instance %s: want %q", quoteShort(h.Instance), want)
		}
		if err := checkLogValue("strategy.order", s.Order, tracer.NQueensOrders, "nqueens"); err != nil {
			return err
		}
		if err := checkLogValue("strategy.check", s.Check, tracer.NQueensChecks, "nqueens"); err != nil {
			return err
		}
	case "sudoku":
		p, err := tracer.ParsePuzzle(h.Instance)
		if err != nil {
			return fmt.Errorf("instance: %w", err)
		}
		if p.Size != h.Size {
			return fmt.Errorf("size %d, but the instance is a %d×%d puzzle", h.Size, p.Size, p.Size)
		}
		if err := checkLogValue("strategy.order", s.Order, tracer.SudokuOrders, "sudoku"); err != nil {
			return err
		}
		if err := checkLogValue("strategy.check", s.Check, tracer.SudokuChecks, "sudoku"); err != nil {
			return err
		}
	default:
		return fmt.Errorf("unknown problem %s: want nqueens or sudoku", quoteShort(h.Problem))
	}
	return nil
}

// checkLogValue checks that v, the value of key, is one of valid (for
// problem, if not "").
func checkLogValue[T ~string](key string, v T, valid []T, problem string) error {
	if slices.Contains(valid, v) {
		return nil
	}
	if problem != "" {
		return fmt.Errorf("%s: %s is not a value for %s: want %s", key, quoteShort(string(v)), problem, tracer.JoinValues(valid))
	}
	return fmt.Errorf("%s: unknown value %s: want %s", key, quoteShort(string(v)), tracer.JoinValues(valid))
}

// problemRules returns the rules of a problem, in checking order.
func problemRules(problem string) []tracer.Rule {
	if problem == "nqueens" {
		return tracer.NQueensRules
	}
	return tracer.SudokuRules
}

// logReplay replays the moves of a log on a board, to rebuild the boards a
// Summary holds: the solutions and the board as the search left it.
type logReplay struct {
	queens bool
	n      int
	cells  []byte
	boards [][]string
}

func newLogReplay(h *Header) (*logReplay, error) {
	rp := &logReplay{queens: h.Problem == "nqueens", n: h.Size, cells: bytes.Repeat([]byte{'.'}, h.Size*h.Size)}
	if !rp.queens {
		p, err := tracer.ParsePuzzle(h.Instance)
		if err != nil {
			return nil, err
		}
		for i, d := range p.Cells {
			rp.cells[i] = tracer.DigitChar(d)
		}
	}
	return rp, nil
}

func (rp *logReplay) event(e *tracer.Event) {
	if e.Kind == tracer.KindSolution && len(rp.boards) < logKeepBoards {
		rp.boards = append(rp.boards, rp.rows())
	}
	p := e.Cell
	if p.Row < 0 || p.Row >= rp.n || p.Col < 0 || p.Col >= rp.n {
		return
	}
	switch e.Kind {
	case tracer.KindPlace:
		ch := byte('Q')
		if !rp.queens {
			ch = '?'
			if e.Value >= 1 && e.Value <= rp.n {
				ch = tracer.DigitChar(e.Value)
			}
		}
		rp.cells[p.Row*rp.n+p.Col] = ch
	case tracer.KindUndo:
		rp.cells[p.Row*rp.n+p.Col] = '.'
	}
}

func (rp *logReplay) rows() []string {
	rows := make([]string, rp.n)
	for r := range rows {
		rows[r] = string(rp.cells[r*rp.n : (r+1)*rp.n])
	}
	return rows
}
