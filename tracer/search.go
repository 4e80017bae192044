package tracer

import (
	"context"
	"errors"
	"fmt"
	"time"
)

// Result is the outcome of Run. Detailed counts come from a Stats sink.
type Result struct {
	Status    Status
	Solutions int64      // solutions found (all of them, even those not kept)
	Boards    [][]string // the first solutions, as row strings
	Final     []string   // the board as the search left it
	Steps     int64      // events, the limit event included
	Nodes     int64      // calls, the root included
	Limit     LimitReason
	Elapsed   time.Duration
}

// Run searches p with the shared backtracking template.
func Run(ctx context.Context, p Problem, opts Options) (*Result, error) {
	filled := Strategy{When: opts.When, Stop: opts.Stop}.Filled(Info{})
	opts.When, opts.Stop = filled.When, filled.Stop
	if _, err := ParseWhen(string(opts.When)); err != nil {
		return nil, err
	}
	if _, err := ParseStop(string(opts.Stop)); err != nil {
		return nil, err
	}
	var looper LoopScanner
	switch opts.Drop {
	case DropNone:
	case DropReturnValue:
		if opts.Stop == StopAll {
			return nil, &SettingError{Setting: "drop", Err: errors.New("return-value: every solution is wanted, and that template returns nothing already")}
		}
		opts.Stop = StopNoReturn
	case DropReturnFalse:
		var ok bool
		if looper, ok = p.(LoopScanner); !ok {
			return nil, &SettingError{Setting: "drop", Err: fmt.Errorf("return-false: %s has no loops inside its recursion to go on with", p.Info().Problem)}
		}
	default:
		_, err := ParseDrop(string(opts.Drop))
		return nil, err
	}
	if opts.KeepSolutions == 0 {
		opts.KeepSolutions = DefaultKeepSolutions
	}
	if opts.Limits.MaxSteps < 0 || opts.Limits.MaxCalls < 0 || opts.Limits.Timeout < 0 {
		return nil, errors.New("limits must not be negative")
	}
	if opts.Limits.Timeout > 0 {
		var cancel context.CancelFunc
		ctx, cancel = context.WithTimeout(ctx, opts.Limits.Timeout)
		defer cancel()
	}
	s := &search{
		p:        p,
		when:     whenModes[opts.When],
		stop:     opts.Stop,
		ctx:      ctx,
		done:     ctx.Done(),
		maxSteps: opts.Limits.MaxSteps,
		maxCalls: opts.Limits.MaxCalls,
		keep:     opts.KeepSolutions,
		progress: opts.Progress,
	}
	_, s.scans = p.LastScan()
	s.looper = looper
	if ps, ok := p.(Passer); ok && ps.PassesSlots() {
		s.passer = ps
	}
	if d := p.Info().Def; d != nil {
		s.every = d.EveryNode
	}
	// One Stats and one Tree are fed directly, without building Events;
	// every other sink gets the Events.
	for _, k := range opts.Sinks {
		switch k := k.(type) {
		case *Stats:
			if s.st == nil {
				s.st = k
				continue
			}
		case *Tree:
			if s.tr == nil {
				s.tr = k
				continue
			}
		}
		s.sinks = append(s.sinks, k)
	}
	s.capped = s.tr != nil && (s.tr.MaxBytes > 0 || s.tr.MaxNodes > 0)
	s.on = len(s.sinks) > 0
	s.traced = s.on || s.st != nil || s.tr != nil
	s.hooked = s.on
	// stepBound and callBound start at 0: the first call runs the slow
	// check, which looks at the context and sets the real bounds.
	start := time.Now()
	// Unless an event sink listens, a Stats is not told of tries and
	// undos: every try is followed by its place (or, checked before
	// placing, by its reject), and every place is undone but those kept
	// (found, or cut by a limit), so both are counted from those at the
	// end. (A Tree has no use for them.)
	var placed0, rejected0 int64
	deriveTries := s.st != nil && !s.hooked
	if deriveTries {
		placed0, rejected0 = s.st.Placements, s.st.RejectTotal()
	}
	// With no Events wanted, a lean loop of the template (loops.go).
	lean := !s.hooked && s.looper == nil && !s.every // the lean loops do not record every node
	switch {
	case lean && s.st == nil && s.tr == nil:
		s.steps, _ = s.callOff(0, NoPos, 0)
	case lean && s.tr == nil:
		s.steps, _ = s.callCount(0, NoPos, 0)
	case lean && s.st != nil:
		s.steps, _ = s.callTree(0, NoPos, NoPos, -1, 0)
	default:
		s.call(-1, 0, NoPos, NoPos, -1)
	}
	if s.st != nil {
		s.st.Steps += s.steps
	}
	if deriveTries {
		tries := s.st.Placements - placed0
		if s.when == modeBefore {
			tries += s.st.RejectTotal() - rejected0
		}
		s.st.Tries += tries
		s.st.Backtracks += s.st.Placements - placed0 - s.kept
	}
	if s.tr != nil {
		s.tr.Steps += s.steps
	}
	s.progress.Set(s.steps, s.nodes)
	r := &Result{
		Solutions: s.solutions,
		Boards:    s.boards,
		Final:     p.Rows(),
		Steps:     s.steps,
		Nodes:     s.nodes,
		Limit:     s.limit,
		Elapsed:   time.Since(start),
	}
	switch {
	case s.limit != LimitNone:
		r.Status = StatusLimit
	case s.wrong:
		r.Status = StatusWrong
	case s.solutions > 0 && s.stop == StopFirst:
		r.Status = StatusSolved
	case s.solutions > 0 && s.stop == StopNoReturn:
		r.Status = StatusLost
	default:
		r.Status = StatusComplete
	}
	return r, nil
}

// outcome is what a call tells its caller.
type outcome uint8

const (
	goOn    outcome = iota // return false: the caller tries its next candidate
	found                  // return true: a solution was found and the search stops
	stopped                // a limit hit: unwind without further events
)

// whenMode is When as a small integer, for the hot loop.
type whenMode uint8

const (
	modeBefore whenMode = iota
	modeAfter
	modeLeaf
)

var whenModes = map[When]whenMode{WhenBefore: modeBefore, WhenAfter: modeAfter, WhenLeaf: modeLeaf}

// pollEvery is how many steps pass between two looks at the context.
const pollEvery = 1024

type search struct {
	p      Problem
	when   whenMode
	stop   Stop
	sinks  []Sink // the sinks that get Events
	on     bool   // len(sinks) > 0
	st     *Stats // a Stats sink, fed directly
	tr     *Tree  // a Tree sink, fed directly
	scans  bool   // the problem reports scans (one step per call)
	traced bool   // any sink at all: the hooks run
	hooked bool   // an event sink: tries and undos are hooked too (a Stats derives them; a Tree has no use for them)
	kept   int64  // places not undone: their call found a solution or was cut by a limit
	ev     Event
	// looper is set when the "return false" after the candidate loop is
	// dropped: an exhausted call scans on (DropReturnFalse).
	looper LoopScanner
	// passer is set for a problem with slots that have nothing to decide.
	passer Passer
	// every is set for a problem whose every call records its path as a
	// solution before its loop (Def.EveryNode: Subsets).
	every  bool
	lastOK bool // the value the last call to return returned
	wrong  bool // the root returned true over a board that is not solved

	ctx  context.Context
	done <-chan struct{}
	// capped is set when the tree fed directly has a cap: the slow check
	// then runs every pollEvery steps, context or not, to look at it.
	capped bool
	// progress, if set, is told the counts at each slow check, which then
	// runs every pollEvery steps, context or not.
	progress *Progress

	steps, nodes       int64
	maxSteps, maxCalls int64
	// stepBound and callBound are the next step and call counts at which
	// the slow limit check runs: the nearest of a limit and the next poll
	// of the context. The fast check is two comparisons.
	stepBound, callBound int64
	limit                LimitReason

	solutions int64
	boards    [][]string
	keep      int
}

// send hands s.ev, numbered, to every sink.
func (s *search) send() {
	s.ev.Step = s.steps
	for _, k := range s.sinks {
		k.Event(&s.ev)
	}
}

// setEvent fills s.ev with the fields every event has; unset cells are NoPos.
func (s *search) setEvent(k Kind, node, depth int) {
	s.ev = Event{Kind: k, Node: node, Depth: depth, Parent: -1, Cell: NoPos, Slot: NoPos, Witness: NoPos, From: NoPos}
}

// emitMove reports an event about candidate v at slot.
func (s *search) emitMove(k Kind, node, depth int, slot Pos, v int, rule Rule, witness Pos, cost int) {
	cell := s.p.Cell(slot, v)
	s.setEvent(k, node, depth)
	s.ev.Cell, s.ev.Value, s.ev.Rule, s.ev.Cost = cell, v, rule, cost
	if rule != RuleNone {
		s.ev.Witness = witness
	}
	s.send()
}

// setBounds computes where the next slow limit check happens.
func (s *search) setBounds() {
	s.stepBound = s.steps + pollEvery
	if s.done == nil && !s.capped && s.progress == nil {
		s.stepBound = 1<<63 - 1
	}
	if s.maxSteps > 0 && s.maxSteps < s.stepBound {
		s.stepBound = s.maxSteps
	}
	s.callBound = 1<<63 - 1
	if s.maxCalls > 0 {
		s.callBound = s.maxCalls
	}
}

// overLimit reports whether a limit has been reached, and records which.
// Callers test s.steps >= s.stepBound || s.nodes >= s.callBound first, so
// the common case costs two comparisons.
func (s *search) overLimit(node, depth int) bool {
	switch {
	case s.maxSteps > 0 && s.steps >= s.maxSteps:
		s.limit = LimitSteps
	case s.maxCalls > 0 && s.nodes >= s.maxCalls:
		s.limit = LimitCalls
	case s.capped && s.tr.Full():
		s.limit = LimitTree
	default:
		select {
		case <-s.done:
			s.limit = LimitCanceled
			switch {
			case errors.Is(context.Cause(s.ctx), ErrSizeLimit):
				s.limit = LimitSize
			case errors.Is(s.ctx.Err(), context.DeadlineExceeded):
				s.limit = LimitTime
			}
		default:
			s.progress.Set(s.steps, s.nodes)
			s.setBounds()
			return false
		}
	}
	s.steps++
	if s.traced {
		s.hookLimit(node, depth)
	}
	return true
}

// The hooks below report one step each. A Stats or Tree among the sinks is
// fed directly (no Event is built for it); other sinks get the Event. With no
// sinks at all a hook is a counter increment and two untaken branches.

// hookCall reports call id; slot is the slot its Next found (NoPos at the
// end condition), which the event carries when the problem does not scan
// for it (a scan event says it then).
func (s *search) hookCall(id, parent, depth int, move Pos, mv int, slot Pos) {
	if s.st != nil {
		s.st.countCall(depth)
	}
	if s.tr != nil {
		s.tr.call(s.steps, id, depth, move, mv)
	}
	if s.on {
		s.setEvent(KindCall, id, depth)
		s.ev.Parent, s.ev.Cell, s.ev.Value = parent, move, mv
		if !s.scans {
			s.ev.Slot = slot
		}
		s.send()
	}
}

func (s *search) hookScan(id, depth int, slot Pos, ok bool) {
	if s.st == nil && !s.on {
		return
	}
	sc, _ := s.p.LastScan()
	if s.st != nil {
		s.st.ScanCost += int64(sc.Cost)
	}
	if s.on {
		s.setEvent(KindScan, id, depth)
		if ok {
			s.ev.Cell = slot
		}
		s.ev.From, s.ev.Skipped, s.ev.Cost, s.ev.Value, s.ev.Pass = sc.From, sc.Skipped, sc.Cost, sc.Options, sc.Pass
		s.send()
	}
}

// hookMove reports a try, place or undo of candidate v at slot.
func (s *search) hookMove(k Kind, id, depth int, slot Pos, v, cost int) {
	if s.st != nil {
		switch k {
		case KindTry:
			s.st.Tries++
		case KindPlace:
			s.st.Placements++
			s.st.CheckCost += int64(cost)
		case KindUndo:
			s.st.Backtracks++
		}
	}
	if s.on {
		s.emitMove(k, id, depth, slot, v, RuleNone, NoPos, cost)
	}
}

// hookReject reports a candidate that breaks a rule. cell and value name
// the move (for the leaf validation, the offending cell).
func (s *search) hookReject(id, depth int, cell Pos, value int, vd Verdict) {
	if s.st != nil {
		s.st.Rejects[vd.Rule]++
		s.st.CheckCost += int64(vd.Cost)
	}
	if s.tr != nil {
		s.tr.reject(s.steps, cell, value, vd.Rule, vd.Witness, vd.Cost)
	}
	if s.on {
		s.setEvent(KindReject, id, depth)
		s.ev.Cell, s.ev.Value, s.ev.Rule, s.ev.Witness, s.ev.Cost = cell, value, vd.Rule, vd.Witness, vd.Cost
		s.send()
	}
}

func (s *search) hookSolution(id, depth, cost int) {
	if s.st != nil {
		s.st.countSolution(s.steps, cost)
	}
	if s.tr != nil {
		s.tr.solution(s.steps)
	}
	if s.on {
		s.setEvent(KindSolution, id, depth)
		s.ev.Cost = cost
		s.send()
	}
}

func (s *search) hookExhausted(id, depth int, slot Pos) {
	if s.on {
		s.setEvent(KindExhausted, id, depth)
		s.ev.Cell = slot
		s.send()
	}
}

// ret reports the return of a call.
func (s *search) ret(id, depth int, ok bool) outcome {
	s.steps++
	s.lastOK = ok
	if s.traced {
		s.hookReturn(id, depth, ok)
	}
	return goOn
}

func (s *search) hookReturn(id, depth int, ok bool) {
	if s.tr != nil {
		s.tr.ret(s.steps, ok)
	}
	if s.on {
		s.setEvent(KindReturn, id, depth)
		s.ev.OK = ok
		s.send()
	}
}

func (s *search) hookLimit(node, depth int) {
	if s.st != nil {
		s.st.Limit = s.limit
	}
	if s.tr != nil {
		s.tr.LimitStep = s.steps
	}
	if s.on {
		s.setEvent(KindLimit, node, depth)
		s.ev.Limit = s.limit
		s.send()
	}
}

// call runs one node of the search tree: the shared template.
func (s *search) call(parent, depth int, prev, move Pos, mv int) outcome {
	if (s.steps >= s.stepBound || s.nodes >= s.callBound) && s.overLimit(parent, depth-1) {
		return stopped
	}
	id := int(s.nodes)
	s.nodes++
	s.steps++
	// 1. Where is the decision? (a scan inside the call: 2-D recursion)
	// Asked before the call is reported, so that its event says the slot.
	slot, ok := s.p.Next(depth, prev)
	if s.traced {
		at := slot
		if !ok {
			at = NoPos
		}
		s.hookCall(id, parent, depth, move, mv, at)
	}
	if s.scans {
		s.steps++
		if s.traced {
			s.hookScan(id, depth, slot, ok)
		}
	}

	// 2. End condition: nothing left to decide.
	if !ok {
		var cost int
		if s.when == modeLeaf {
			vd, cell, value := s.p.Validate()
			cost = vd.Cost
			if vd.Rule != RuleNone {
				s.steps++
				if s.traced {
					s.hookReject(id, depth, cell, value, vd)
				}
				return s.ret(id, depth, false)
			}
		}
		s.solutions++
		if len(s.boards) < s.keep {
			s.boards = append(s.boards, s.p.Rows())
		}
		s.steps++
		if s.traced {
			s.hookSolution(id, depth, cost)
		}
		s.ret(id, depth, true)
		if s.stop == StopFirst {
			return found
		}
		return goOn
	}

	// Subsets: result.push_back(path) at the top of every call, and the
	// loop goes on.
	if s.every {
		s.solutions++
		if len(s.boards) < s.keep {
			s.boards = append(s.boards, s.p.Rows())
		}
		s.steps++
		if s.traced {
			s.hookSolution(id, depth, 0)
		}
		if s.stop == StopFirst {
			s.ret(id, depth, true)
			return found
		}
	}

	// A slot with nothing to decide (a given, the end of a row): "return
	// helper(row, col+1)", one call with no move.
	if s.passer != nil && s.passer.Pass(slot) {
		switch s.call(id, depth+1, slot, NoPos, -1) {
		case found:
			s.ret(id, depth, true)
			return found
		case stopped:
			return stopped
		}
		return s.ret(id, depth, s.lastOK)
	}

	for {
		// 3. Try every candidate: check and place in the strategy's order.
		lo, hi := s.p.Candidates(slot)
		for v := lo; v <= hi; v++ {
			if (s.steps >= s.stepBound || s.nodes >= s.callBound) && s.overLimit(id, depth) {
				return stopped
			}
			s.steps++
			if s.hooked {
				s.hookMove(KindTry, id, depth, slot, v, 0)
			}
			switch s.when {
			case modeBefore:
				vd := s.p.Check(slot, v, false)
				if vd.Rule != RuleNone {
					s.steps++
					if s.traced {
						s.hookReject(id, depth, s.cellOf(slot, v), v, vd)
					}
					continue
				}
				s.p.Place(slot, v)
				s.steps++
				if s.traced {
					s.hookMove(KindPlace, id, depth, slot, v, vd.Cost)
				}
			case modeAfter:
				s.p.Place(slot, v)
				vd := s.p.Check(slot, v, true)
				if vd.Rule != RuleNone {
					// The failed check's cost goes on the reject.
					s.steps++
					if s.traced {
						s.hookMove(KindPlace, id, depth, slot, v, 0)
					}
					s.steps++
					if s.traced {
						s.hookReject(id, depth, s.cellOf(slot, v), v, vd)
					}
					s.p.Undo(slot, v)
					s.steps++
					if s.hooked {
						s.hookMove(KindUndo, id, depth, slot, v, 0)
					}
					continue
				}
				s.steps++
				if s.traced {
					s.hookMove(KindPlace, id, depth, slot, v, vd.Cost)
				}
			default: // modeLeaf
				s.p.Place(slot, v)
				s.steps++
				if s.traced {
					s.hookMove(KindPlace, id, depth, slot, v, 0)
				}
			}

			switch s.call(id, depth+1, slot, s.cellOf(slot, v), v) {
			case found:
				// The tutorial's "if (backtracking(board)) return true;": the
				// move stays on the board and every ancestor returns true.
				s.kept++
				s.ret(id, depth, true)
				return found
			case stopped:
				s.kept++
				return stopped
			}
			s.p.Undo(slot, v)
			s.steps++
			if s.hooked {
				s.hookMove(KindUndo, id, depth, slot, v, 0)
			}
		}
		// 4. Every candidate failed: return false (回溯).
		s.steps++
		if s.traced {
			s.hookExhausted(id, depth, slot)
		}
		if s.looper == nil {
			return s.ret(id, depth, false)
		}
		// No "return false": the call's loops go on to the next blank and
		// leave this one empty.
		slot, ok = s.looper.NextAfter(slot)
		s.steps++
		if s.traced {
			s.hookScan(id, depth, slot, ok)
		}
		if !ok {
			break
		}
	}
	// The loops ran past the last cell: the function's last line, "return
	// true" (the board is not solved: it has blanks), or the end of a
	// function that returns nothing.
	if s.stop == StopFirst {
		s.wrong = true
		s.ret(id, depth, true)
		return found
	}
	return s.ret(id, depth, false)
}

// cellOf returns the move's cell, only when someone records it.
func (s *search) cellOf(slot Pos, v int) Pos {
	if s.on || s.tr != nil {
		return s.p.Cell(slot, v)
	}
	return NoPos
}

// String describes a Result in one line.
func (r *Result) String() string {
	return fmt.Sprintf("%s: %d solutions, %d nodes, %d steps", r.Status, r.Solutions, r.Nodes, r.Steps)
}
