package steplog

import (
	"errors"
	"fmt"
	"slices"

	"github.com/backtrack-edu/backtrack/tracer"
)

// This file holds what a log reads to the run it claims to be: the header
// names a run this tool can make, each step fits the board, and the moves
// replayed give the boards of the summary.

// logProblem is the run a header names, as the reading program's
// registry knows it: the problem's Def, the instance built from the
// header through tracer.Spec.Build, and its starting board.
type logProblem struct {
	def   *tracer.Def
	info  tracer.Info   // the instance as its problem describes it
	start *tracer.Board // the board before the first step (a Sudoku's givens)
	// rowSlots is set when a call decides a whole row rather than a cell
	// (N-Queens: the slot of depth d is row d, column -1), so that an
	// exhausted step names a row.
	rowSlots bool
	// problem is the instance itself, as tracer.Run would search it: the
	// steps' moves are checked on it (movesCheck).
	problem tracer.Problem
	// spec builds the instance again (a version-1 log's slots: v1Slots).
	spec tracer.Spec
	// described: the problem is not one this program knows; def is the
	// one the header's definition block describes.
	described bool
}

// logBoard is what the header says about the board: it bounds the cells,
// values and depths a step may name, and reads its moves.
type logBoard struct {
	rows, cols int
	size       int // the instance's size
	minValue   int // values are minValue … maxValue (see valueBounds)
	maxValue   int
	rowSlots   bool
	maxDepth   int
	rules      []tracer.Rule // the rules the problem checks
	ruleNames  []string      // the keys of the problem's rules, by Rule (tracer.Def.RuleKeys)
	moves      moveReader
}

func newLogBoard(lp *logProblem) logBoard {
	b := logBoard{rows: lp.start.Rows, cols: lp.start.Cols, size: lp.info.Size, rowSlots: lp.rowSlots,
		rules: lp.def.RuleList(), ruleNames: lp.def.RuleKeys(), moves: newMoveReader(lp)}
	b.minValue, b.maxValue = valueBounds(lp)
	// A call decides one slot: a row, or a cell.
	// One call per position, the end of each row included (order cells).
	b.maxDepth = b.rows*(b.cols+1) + 1
	if b.rowSlots {
		b.maxDepth = b.rows
	}
	return b
}

// checkPos reports a cell off the board. rowSlot allows a row (column -1)
// on a board whose slots are rows.
func (lb *logBoard) checkPos(key string, p tracer.Pos, rowSlot bool) error {
	if p == tracer.NoPos {
		return nil
	}
	minCol := 0
	if rowSlot && lb.rowSlots {
		minCol = -1
	}
	if p.Row < 0 || p.Row >= lb.rows || p.Col < minCol || p.Col >= lb.cols {
		return fmt.Errorf("%s (%d,%d) is off the %d×%d board", key, p.Row, p.Col, lb.rows, lb.cols)
	}
	return nil
}

// check holds an event to the board: cells on it, values and depths in
// range, counts not negative. A tree or a counter fed from the log can then
// trust what it is given.
func (lb *logBoard) check(e *tracer.Event) error {
	cell, from := e.Cell, e.From
	if e.Kind == tracer.KindScan && e.Pass && cell.Col == lb.cols && cell.Row >= 0 && cell.Row < lb.rows {
		// A pass at the end of a row (order cells): column n is its own call.
		cell, from = tracer.Pos{Row: cell.Row}, tracer.Pos{Row: from.Row}
		if e.From != e.Cell {
			return fmt.Errorf("a pass at the end of row %d starts its scan at (%d,%d), not there", e.Cell.Row, e.From.Row, e.From.Col)
		}
	}
	if e.Pass && e.Kind != tracer.KindScan {
		return fmt.Errorf("pass on a %s: only a scan passes", e.Kind)
	}
	if e.Kind == tracer.KindExhausted && cell.Row >= 0 && cell.Col == lb.cols && !lb.rowSlots {
		// The position after the last (a list whose numbers are all on
		// the path): its call's loop is empty.
		cell.Col--
	}
	if err := lb.checkPos("cell", cell, e.Kind == tracer.KindExhausted); err != nil {
		return err
	}
	if err := lb.checkPos("witness", e.Witness, false); err != nil {
		return err
	}
	if err := lb.checkPos("from", from, false); err != nil {
		return err
	}
	slot := e.Slot
	if slot.Row >= 0 && slot.Col == lb.cols && !lb.rowSlots {
		slot.Col-- // the position after the last, as for an exhausted
	}
	if err := lb.checkPos("slot", slot, true); err != nil {
		return err
	}
	if e.Rule != tracer.RuleNone && !slices.Contains(lb.rules, e.Rule) {
		return fmt.Errorf("rule %d is not one of %s", e.Rule, tracer.JoinValues(ruleKeys(lb.ruleNames, lb.rules)))
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
	case e.Value < lb.minValue || e.Value > lb.maxValue:
		return fmt.Errorf("value %d is out of range %d..%d", e.Value, lb.minValue, lb.maxValue)
	case e.Cost < 0:
		return fmt.Errorf("cost %d is negative", e.Cost)
	case e.Skipped < 0:
		return fmt.Errorf("skipped %d is negative", e.Skipped)
	}
	return nil
}

// valueBounds returns the least and the greatest value an event of the
// instance may hold: its candidates (Def.ValueRange), -1 (a call's "no
// move"), and up to the size (a scan's count of options).
func valueBounds(lp *logProblem) (lo, hi int) {
	lo, hi = lp.def.ValueRange(lp.info.Size)
	return min(lo, -1), max(hi, lp.info.Size)
}

// checkLogHeader checks that a header describes a run this program can
// make, and returns it: the problem is looked up in the registry, and the
// instance and strategy are built by tracer.Spec.Build, as a run's are.
func checkLogHeader(h *Header) (*logProblem, error) {
	s := &h.Strategy
	if err := checkLogValue("strategy.when", s.When, tracer.Whens, ""); err != nil {
		return nil, err
	}
	if err := checkLogValue("strategy.stop", s.Stop, tracer.Stops, ""); err != nil {
		return nil, err
	}
	def, err := tracer.Lookup(h.Problem)
	if err != nil {
		if h.Definition != nil {
			// A problem defined in another program, which the log
			// describes: drawn and narrated from its definition.
			return describedLogProblem(h)
		}
		// A problem defined in another program: this one cannot check
		// its steps, nor word them.
		return nil, fmt.Errorf("unknown problem %s: this program knows %s, and a log of format %s does not describe its problem", quoteShort(h.Problem), tracer.JoinValues(tracer.ProblemNames()), h.Format)
	}
	if def.Name != h.Problem {
		return nil, fmt.Errorf("problem %s: a step log calls it %s", quoteShort(h.Problem), def.Name)
	}
	if err := checkLogValue("strategy.order", s.Order, def.Orders, def.Name); err != nil {
		return nil, err
	}
	if err := checkLogValue("strategy.check", s.Check, def.Checks, def.Name); err != nil {
		return nil, err
	}
	if s.Drop != tracer.DropNone {
		if err := checkLogValue("strategy.drop", s.Drop, []tracer.Drop{tracer.DropReturnFalse}, ""); err != nil {
			return nil, err
		}
	}
	spec := tracer.Spec{Problem: def.Name, Order: s.Order, Check: s.Check, When: s.When, Stop: s.Stop, Drop: s.Drop}
	if def.Size != nil && (def.Puzzle == nil || !puzzleReads(def, h.Instance)) {
		// Checked here: Build would take 0 for the default size.
		if h.Size < def.Size.Min || h.Size > def.Size.Max {
			return nil, fmt.Errorf("size %d is out of range: want %d to %d", h.Size, def.Size.Min, def.Size.Max)
		}
		spec.N = h.Size
	} else {
		if h.Instance == "" {
			// Build would take "" for the default puzzle.
			return nil, errors.New("instance: empty: want the puzzle")
		}
		spec.Puzzle = h.Instance
	}
	p, _, err := spec.Build()
	if err != nil {
		return nil, headerSettingError(err)
	}
	// The instance's own Def (tracer.InfoOf): its moves, words and board
	// name the log's numbers, not the default instance's.
	info := tracer.InfoOf(p)
	lp := &logProblem{def: info.Def, info: info, problem: p, spec: spec}
	if lp.start, err = lp.def.Start(lp.info); err != nil {
		return nil, fmt.Errorf("instance: %w", err)
	}
	switch {
	case def.Size != nil && h.Instance != lp.info.Instance:
		return nil, fmt.Errorf("instance %s: want %q", quoteShort(h.Instance), lp.info.Instance)
	case lp.info.Size != h.Size:
		return nil, fmt.Errorf("size %d, but the instance is a %d×%d puzzle", h.Size, lp.start.Rows, lp.start.Cols)
	}
	lp.rowSlots = def.Board.Slot == tracer.SlotRow
	return lp, nil
}

// describedLogProblem is the run a header describes in its definition
// block, for a problem this program does not know: its steps are held to
// the described board and rules, not to a search (there is none).
func describedLogProblem(h *Header) (*logProblem, error) {
	def, err := DefFromHeader(*h)
	if err != nil {
		return nil, err
	}
	s := &h.Strategy
	if err := checkLogValue("strategy.order", s.Order, def.Orders, def.Name); err != nil {
		return nil, err
	}
	if err := checkLogValue("strategy.check", s.Check, def.Checks, def.Name); err != nil {
		return nil, err
	}
	info := tracer.Info{Def: def, Problem: def.Name, Size: h.Size, Instance: h.Instance, Order: s.Order, Check: s.Check, Rules: def.RuleList()}
	lp := &logProblem{def: def, info: info, rowSlots: def.Board.Slot == tracer.SlotRow, described: true}
	if lp.start, err = def.Start(info); err != nil {
		return nil, fmt.Errorf("definition: %w", err)
	}
	return lp, nil
}

// puzzleReads reports whether the problem's puzzle parser reads text: a
// problem sized by n that also takes a puzzle (Permutations: n=3, or a
// list of numbers) is rebuilt from the puzzle when the header's instance
// is one.
func puzzleReads(def *tracer.Def, text string) bool {
	if def.Puzzle.Parse == nil {
		return text != ""
	}
	_, err := def.Puzzle.Parse(text)
	return err == nil
}

// headerSettingError words an error of tracer.Spec.Build with the
// header's key for the setting at fault.
func headerSettingError(err error) error {
	var se *tracer.SettingError
	if !errors.As(err, &se) {
		return err
	}
	key := se.Setting
	switch key {
	case "n":
		key = "size"
	case "puzzle":
		key = "instance"
	case "order", "check", "when", "stop", "drop":
		key = "strategy." + key
	}
	return fmt.Errorf("%s: %w", key, se.Err)
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

// logReplay replays the moves of a log on the problem's board, to rebuild
// the boards a Summary holds: the solutions and the board as the search
// left it.
type logReplay struct {
	board  *tracer.Board
	boards [][]string
}

func newLogReplay(lp *logProblem) *logReplay {
	return &logReplay{board: lp.start.Clone()}
}

func (rp *logReplay) event(e *tracer.Event) {
	if e.Kind == tracer.KindSolution && len(rp.boards) < logKeepBoards {
		rp.boards = append(rp.boards, rp.board.RowStrings())
	}
	rp.board.Apply(e)
}

func (rp *logReplay) rows() []string { return rp.board.RowStrings() }

// candidateCheck holds each try of a log to its own call's candidates,
// where the problem says them per call (tracer.Def.CallLoop, bound to the
// header's instance: a word search's start cells at the root, four
// directions below) rather than one range for every slot. It keeps the
// move of each open call by depth (the root's -1): the path a try's call
// stands on.
type candidateCheck struct {
	callLoop func(path []int) (lo, hi int, end bool)
	vals     []int
}

// newCandidateCheck returns the check of lp's log, or nil for a problem
// whose calls all try one range (no CallLoop).
func newCandidateCheck(lp *logProblem) *candidateCheck {
	if lp.def.CallLoop == nil {
		return nil
	}
	return &candidateCheck{callLoop: lp.def.CallLoop}
}

// event checks a try against its call's candidates, and keeps the path.
func (c *candidateCheck) event(e *tracer.Event) error {
	if c == nil {
		return nil
	}
	switch e.Kind {
	case tracer.KindCall:
		if e.Depth >= 0 && e.Depth <= len(c.vals) {
			c.vals = append(c.vals[:e.Depth], e.Value)
		}
	case tracer.KindTry:
		if e.Depth < 0 || e.Depth >= len(c.vals) {
			return nil // no call of its depth is open: the event checker says so
		}
		lo, hi, end := c.callLoop(c.vals[1 : e.Depth+1])
		if end {
			return fmt.Errorf("value %d is tried by a call at the end condition of the header's instance, which tries nothing", e.Value)
		}
		if e.Value < lo || e.Value > hi {
			return fmt.Errorf("value %d is not a candidate of its call in the header's instance: want %d to %d", e.Value, lo, hi)
		}
	}
	return nil
}

// movesCheck holds a log's moves to the header's instance: it replays
// them on the problem the header builds (the one tracer.Run would search)
// and asks that problem's own check about each one, so that a header
// edited to another instance (a combination sum's target, a list's
// numbers or its dedup style) is refused at the first step it
// contradicts, not drawn with leaves "over by 0". A reject must be what
// the check says of its move; a place under when before must pass the
// check, and under when after pass it unless a reject follows; an undo
// takes back the last move placed; a solution stands at the end
// condition (or, under when leaf, on a board that breaks no rule).
//
// It runs for problems whose slot is a cell (Sudoku, the list problems,
// Permutations), where a step's cell is the slot the problem's check
// takes; N-Queens' instance is its size alone, which the header's
// other keys already pin.
type movesCheck struct {
	p      tracer.Problem
	when   tracer.When
	lo, hi int  // the candidate values
	every  bool // every call is a solution (Def.EveryNode)
	passes bool // the instance has slots with nothing to decide (tracer.Passer)
	moves  []tracer.Pos
	values []int
	// pending is a place under when after whose check is not known yet:
	// a reject of the same move next, or else the check must pass.
	pending     bool
	pendingCell tracer.Pos
	pendingVal  int
}

// newMovesCheck returns the check of lp's log, or nil for a problem it
// does not check.
func newMovesCheck(lp *logProblem, p tracer.Problem, when tracer.When) *movesCheck {
	if p == nil || lp.def.Board.Slot != tracer.SlotCell || lp.def.Board.Cell != nil {
		// Not where a move's cell is its slot (a problem whose moves
		// land away from their slot declares BoardSpec.Cell).
		return nil
	}
	c := &movesCheck{p: p, when: when, every: lp.def.EveryNode}
	c.lo, c.hi = lp.def.ValueRange(lp.info.Size)
	if ps, ok := p.(tracer.Passer); ok && ps.PassesSlots() {
		c.passes = true
	}
	return c
}

// event checks e against the instance and replays its move.
func (c *movesCheck) event(e *tracer.Event) error {
	if c == nil {
		return nil
	}
	if c.pending {
		c.pending = false
		if !(e.Kind == tracer.KindReject && e.Cell == c.pendingCell && e.Value == c.pendingVal) {
			if vd := c.p.Check(c.pendingCell, c.pendingVal, true); vd.Rule != tracer.RuleNone {
				return c.wrong("the place before it", c.pendingCell, c.pendingVal, vd.Rule)
			}
		}
	}
	switch e.Kind {
	case tracer.KindPlace, tracer.KindUndo, tracer.KindReject, tracer.KindTry:
		if e.Value < c.lo || e.Value > c.hi {
			return fmt.Errorf("value %d is not a candidate of the header's instance: want %d to %d", e.Value, c.lo, c.hi)
		}
	}
	switch e.Kind {
	case tracer.KindPlace:
		switch c.when {
		case tracer.WhenBefore:
			if vd := c.p.Check(e.Cell, e.Value, false); vd.Rule != tracer.RuleNone {
				return c.wrong("this place", e.Cell, e.Value, vd.Rule)
			}
		case tracer.WhenAfter:
			c.pending, c.pendingCell, c.pendingVal = true, e.Cell, e.Value
		}
		c.p.Place(e.Cell, e.Value)
		c.moves, c.values = append(c.moves, e.Cell), append(c.values, e.Value)
	case tracer.KindUndo:
		n := len(c.moves)
		if n == 0 || c.moves[n-1] != e.Cell || c.values[n-1] != e.Value {
			return fmt.Errorf("an undo of value %d at (%d,%d), which is not the last move placed", e.Value, e.Cell.Row, e.Cell.Col)
		}
		c.p.Undo(e.Cell, e.Value)
		c.moves, c.values = c.moves[:n-1], c.values[:n-1]
	case tracer.KindReject:
		if c.when == tracer.WhenLeaf {
			vd, cell, v := c.p.Validate()
			if vd.Rule != e.Rule || cell != e.Cell || v != e.Value {
				return fmt.Errorf("a reject of the full board that the header's instance does not make (its check says %s)", c.ruleName(vd.Rule))
			}
			break
		}
		if vd := c.p.Check(e.Cell, e.Value, c.when == tracer.WhenAfter); vd.Rule != e.Rule {
			return fmt.Errorf("a reject (%s) of value %d at (%d,%d) that the header's instance does not make (its check says %s): was the header edited?",
				c.ruleName(e.Rule), e.Value, e.Cell.Row, e.Cell.Col, c.ruleName(vd.Rule))
		}
	case tracer.KindSolution:
		switch {
		case c.when == tracer.WhenLeaf:
			if vd, _, _ := c.p.Validate(); vd.Rule != tracer.RuleNone {
				return fmt.Errorf("a solution on a board that breaks %s in the header's instance: was the header edited?", c.ruleName(vd.Rule))
			}
		case c.every || c.passes:
			// Every call is a solution, or the end is found by passes.
		default:
			if _, more := c.p.Next(e.Depth, tracer.NoPos); more {
				return errors.New("a solution that is not at the end condition of the header's instance: was the header edited?")
			}
		}
	}
	return nil
}

// wrong words a place the instance's check refuses.
func (c *movesCheck) wrong(what string, cell tracer.Pos, v int, r tracer.Rule) error {
	return fmt.Errorf("%s (value %d at (%d,%d)) breaks %s in the header's instance: was the header edited?", what, v, cell.Row, cell.Col, c.ruleName(r))
}

// ruleName names a rule of the instance by its key, "no rule" for none.
func (c *movesCheck) ruleName(r tracer.Rule) string {
	if r == tracer.RuleNone {
		return "no rule"
	}
	return c.p.Info().Def.RuleKey(r) // a rule's key is the same for every instance
}

// checkNoteLang refuses a header whose lang is not the language of the
// notes: step 1's note is word for word what the narrator writes in the
// other language (a header edited from en to zh over English notes). A
// note edited by hand, or none, is not judged.
func checkNoteLang(lp *logProblem, h *Header, e *tracer.Event, note []byte) error {
	lang, err := tracer.ParseLang(h.Lang)
	if err != nil || h.Lang == "" || len(note) == 0 {
		return nil
	}
	for _, other := range tracer.Langs {
		if other == lang {
			continue
		}
		if n := tracer.NewNarrator(lp.info, h.Strategy.Filled(lp.info), other); n.Note(e) == string(note) {
			return fmt.Errorf("the header says lang: %s, but the notes are in %s: was the header edited?", h.Lang, other)
		}
	}
	return nil
}
