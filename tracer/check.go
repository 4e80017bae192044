package tracer

import "fmt"

// Checker validates an event stream as it arrives: a Sink that holds the
// invariants every search obeys, whatever its strategy, and reports the
// first event that breaks one. Tests attach it next to other sinks; it can
// also check a step log read back from a file.
//
// The invariants:
//
//   - steps are numbered 1, 2, 3, … with no gap;
//   - the first event is the root call (node 0, depth 0, no move), or a
//     limit when the search was stopped before it began;
//   - calls are numbered 0, 1, 2, … in the order they start; a child call's
//     Parent is the open call, its depth is one more, and its move is the
//     move its parent has just placed;
//   - every other event belongs to the open call (its Node and Depth);
//   - a scan comes first in its call; another comes only right after an
//     exhausted (a template without "return false" scans on);
//   - after a scan that passes (nothing to decide at its slot) comes one
//     child call with no move, and the call returns what the child
//     returned;
//   - every try gets its verdict, reject or place, before anything else;
//     with --when after a placed move may be rejected and is then undone;
//   - every place is undone, with the same cell and value, unless the call
//     that placed it returns true with the move kept (the solution path) or
//     a limit stops the search;
//   - solution and the leaf validation's reject come only at a call that
//     tried nothing and whose scan found no slot;
//   - exhausted is followed by return false, solution by return true, a
//     leaf validation's reject by return false (or by another scan, see
//     above); a call returns true otherwise only when the child it just
//     ran returned true, or when its scan after an exhausted found no slot
//     (the loops ran past the end: "return true" over a board with blanks);
//   - every call returns exactly once, except the calls open when a limit
//     event comes; a limit is the last event.
//
// A Checker keeps one small record per open call, so its memory grows with
// the depth of the search, not with the number of steps. The zero value is
// ready to use; use one Checker per stream.
type Checker struct {
	// EveryNode is set for a problem whose every call records its path as
	// a solution before its loop (Def.EveryNode: Subsets): a solution may
	// then come first in a call with a slot, and its loop follows.
	EveryNode bool

	step     int64 // the last step seen
	calls    int   // call events seen
	frames   []checkFrame
	rootDone bool  // the root call has returned
	limit    int64 // step of the limit event (0: none)
	err      error
}

// checkState is where an open call stands between two events.
type checkState uint8

const (
	stIdle     checkState = iota // between candidates (or at the start)
	stTried                      // a try awaits its verdict
	stPlaced                     // a move is on the board; its child call comes next
	stRejected                   // --when after: the placed move was rejected; undo comes next
	stInChild                    // the child call is running
	stChildRet                   // the child returned; undo (or return true) comes next
	stEnding                     // exhausted, solution or leaf reject: return comes next
)

// checkFrame is what the Checker remembers about one open call.
type checkFrame struct {
	node, depth int
	state       checkState
	busy        bool // an event other than call came in this call
	tried       bool // the call tried a candidate
	slot        bool // the call's scan found a slot
	full        bool // the call's scan found no slot: the board is full
	pass        bool // the call's scan passes: one child call with no move comes next
	looped      bool // the call scanned again after an exhausted
	cell        Pos  // the move being tried or placed
	value       int
	moveStep    int64 // step of the try of that move
	placeStep   int64 // step of its place
	want        bool  // stEnding: the value the return must carry
	childOK     bool  // stChildRet: the child returned true
	keptStep    int64 // stChildRet: step of a place below that is still on the board (0: none)
	ending      Kind  // stEnding: the event that ended the call
}

// Err returns the first violation seen, or nil. The message names the step
// and the kind of the offending event.
func (c *Checker) Err() error { return c.err }

// Finish checks that the stream ended properly: the root call returned, or
// a limit stopped the search. Call it after the last event; it returns the
// first violation of the whole stream, which Err reports from then on.
func (c *Checker) Finish() error {
	if c.err != nil {
		return c.err
	}
	switch {
	case c.step == 0:
		c.err = fmt.Errorf("the stream has no events")
	case !c.rootDone && c.limit == 0:
		f := &c.frames[len(c.frames)-1]
		c.err = fmt.Errorf("the stream ends at step %d with %d call(s) open (innermost: node %d at depth %d)",
			c.step, len(c.frames), f.node, f.depth)
	}
	return c.err
}

func (c *Checker) fail(e *Event, format string, args ...any) {
	if c.err == nil {
		c.err = fmt.Errorf("step %d (%s): %s", e.Step, e.Kind, fmt.Sprintf(format, args...))
	}
}

// Event checks one event against the stream so far.
func (c *Checker) Event(e *Event) {
	if c.err != nil {
		return
	}
	if e.Step != c.step+1 {
		c.fail(e, "step number %d: want %d", e.Step, c.step+1)
		return
	}
	c.step = e.Step
	switch {
	case c.limit != 0:
		c.fail(e, "event after the limit at step %d", c.limit)
		return
	case c.rootDone:
		c.fail(e, "event after the root call returned")
		return
	}
	if e.Kind == KindCall {
		c.call(e)
		return
	}
	if len(c.frames) == 0 {
		if e.Kind == KindLimit && c.calls == 0 {
			// Stopped before the root call began (a canceled context).
			c.limitEvent(e)
			return
		}
		c.fail(e, "the first event must be the root call")
		return
	}
	f := &c.frames[len(c.frames)-1]
	if e.Node != f.node || e.Depth != f.depth {
		c.fail(e, "event of node %d at depth %d, but the open call is node %d at depth %d", e.Node, e.Depth, f.node, f.depth)
		return
	}
	switch e.Kind {
	case KindScan:
		switch {
		case !f.busy:
		case f.state == stEnding && f.ending == KindExhausted && !e.Pass:
			f.state, f.looped = stIdle, true
		default:
			c.fail(e, "scan is neither the first event of call %d nor right after its exhausted", f.node)
			return
		}
		f.full = e.Cell == NoPos
		f.slot = !f.full
		f.pass = e.Pass
		if e.Pass && f.full {
			c.fail(e, "a scan that passes has no slot")
			return
		}
	case KindTry:
		if c.EveryNode && f.state == stEnding && f.ending == KindSolution && !f.tried {
			f.state = stIdle // the path is recorded; the loop goes on
		}
		if f.state != stIdle {
			c.failState(e, f)
			return
		}
		if f.full || f.pass {
			c.fail(e, "try at call %d, whose scan found no slot to decide", f.node)
			return
		}
		f.state, f.tried, f.cell, f.value, f.moveStep = stTried, true, e.Cell, e.Value, e.Step
	case KindReject:
		if e.Rule == RuleNone || e.Rule >= NumRules {
			c.fail(e, "reject with no rule (%s)", e.Rule)
			return
		}
		switch {
		case f.state == stTried && c.sameMove(e, f):
			f.state = stIdle
		case f.state == stPlaced && c.sameMove(e, f):
			f.state = stRejected // --when after: place, then check
		case f.state == stIdle && !f.tried && !f.slot:
			// --when leaf: the full board fails its validation.
			f.state, f.want, f.ending = stEnding, false, KindReject
		default:
			c.failState(e, f)
			return
		}
	case KindPlace:
		if f.state != stTried || !c.sameMove(e, f) {
			c.failState(e, f)
			return
		}
		f.state, f.placeStep = stPlaced, e.Step
	case KindUndo:
		switch {
		case f.state == stRejected && c.sameMove(e, f):
		case f.state == stChildRet && c.sameMove(e, f):
			if f.keptStep != 0 {
				c.fail(e, "undo at node %d, but the move placed at step %d below it is still on the board", f.node, f.keptStep)
				return
			}
		default:
			c.failState(e, f)
			return
		}
		f.state = stIdle
	case KindSolution, KindExhausted:
		if f.state != stIdle {
			c.failState(e, f)
			return
		}
		if f.pass {
			c.failState(e, f)
			return
		}
		if e.Kind == KindSolution && (f.tried || f.slot) {
			c.fail(e, "solution at call %d, which has a slot to decide", f.node)
			return
		}
		if e.Kind == KindExhausted && f.full {
			c.fail(e, "exhausted at call %d, whose scan found no slot", f.node)
			return
		}
		f.state, f.want, f.ending = stEnding, e.Kind == KindSolution, e.Kind
	case KindReturn:
		c.ret(e, f)
	case KindLimit:
		if f.state != stIdle && f.state != stPlaced {
			c.failState(e, f)
			return
		}
		c.limitEvent(e)
	default:
		c.fail(e, "unknown event kind")
		return
	}
	f.busy = true
}

// call checks a call event and opens its frame.
func (c *Checker) call(e *Event) {
	if e.Node != c.calls {
		c.fail(e, "call number %d: want %d", e.Node, c.calls)
		return
	}
	if len(c.frames) == 0 {
		if e.Parent != -1 || e.Depth != 0 || e.Cell != NoPos || e.Value != -1 {
			c.fail(e, "the root call has parent %d, depth %d, move %s=%d: want -1, 0, no move", e.Parent, e.Depth, e.Cell, e.Value)
			return
		}
	} else {
		f := &c.frames[len(c.frames)-1]
		switch {
		case f.pass && f.state == stIdle:
			if e.Cell != NoPos || e.Value != -1 {
				c.fail(e, "call %d comes from move %s=%d, but its parent, node %d, passes with no move", e.Node, e.Cell, e.Value, f.node)
				return
			}
		case f.state != stPlaced:
			c.fail(e, "call %d starts while its parent, node %d, has no move placed", e.Node, f.node)
			return
		case e.Parent != f.node:
			c.fail(e, "call %d has parent %d: want the open call, %d", e.Node, e.Parent, f.node)
			return
		case e.Depth != f.depth+1:
			c.fail(e, "call %d at depth %d: want %d (its parent's depth + 1)", e.Node, e.Depth, f.depth+1)
			return
		case !f.pass && (e.Cell != f.cell || e.Value != f.value):
			c.fail(e, "call %d comes from move %s=%d: want the move placed, %s=%d", e.Node, e.Cell, e.Value, f.cell, f.value)
			return
		}
		f.state, f.busy = stInChild, true
	}
	c.calls++
	c.frames = append(c.frames, checkFrame{node: e.Node, depth: e.Depth})
}

// ret checks a return event and closes the open call.
func (c *Checker) ret(e *Event, f *checkFrame) {
	kept := int64(0) // a place this call leaves on the board
	switch {
	case f.state == stEnding:
		if e.OK != f.want {
			c.fail(e, "return %t after %s at node %d: want return %t", e.OK, f.ending, f.node, f.want)
			return
		}
	case f.state == stIdle && f.looped && f.full:
		// The loops ran past the end: true or nothing, either is the code.
	case f.state == stChildRet && f.pass:
		if e.OK != f.childOK {
			c.fail(e, "return %t at node %d, which passes on its child's %t", e.OK, f.node, f.childOK)
			return
		}
		kept = f.keptStep
	case f.state == stChildRet && f.childOK:
		if !e.OK {
			c.fail(e, "return false at node %d before undoing its move", f.node)
			return
		}
		kept = f.placeStep
	default:
		c.failState(e, f)
		return
	}
	c.frames = c.frames[:len(c.frames)-1]
	if len(c.frames) == 0 {
		c.rootDone = true
		return
	}
	p := &c.frames[len(c.frames)-1]
	p.state, p.childOK, p.keptStep = stChildRet, e.OK, kept
}

// limitEvent records the limit that ends the stream.
func (c *Checker) limitEvent(e *Event) {
	if e.Limit == LimitNone {
		c.fail(e, "limit with no reason")
		return
	}
	if len(c.frames) == 0 && (e.Node != -1 || e.Depth != -1) {
		c.fail(e, "limit before the root call belongs to node %d at depth %d: want -1, -1", e.Node, e.Depth)
		return
	}
	c.limit = e.Step
}

// sameMove reports whether e is about the move the call is trying, and
// reports a violation if it is not.
func (c *Checker) sameMove(e *Event, f *checkFrame) bool {
	if e.Cell == f.cell && e.Value == f.value {
		return true
	}
	c.fail(e, "move %s=%d at node %d: want %s=%d, the move tried at step %d", e.Cell, e.Value, f.node, f.cell, f.value, f.moveStep)
	return false
}

// failState reports an event that cannot come where the open call stands.
func (c *Checker) failState(e *Event, f *checkFrame) {
	var where string
	switch f.state {
	case stIdle:
		where = "no move is pending"
	case stTried:
		where = fmt.Sprintf("the try of %s=%d at step %d has no verdict yet", f.cell, f.value, f.moveStep)
	case stPlaced:
		where = fmt.Sprintf("%s=%d is placed and its child call has not started", f.cell, f.value)
	case stRejected:
		where = fmt.Sprintf("the rejected move %s=%d is still on the board", f.cell, f.value)
	case stInChild:
		where = "its child call is still open"
	case stChildRet:
		where = fmt.Sprintf("the move %s=%d (try at step %d) is not undone", f.cell, f.value, f.moveStep)
	case stEnding:
		where = fmt.Sprintf("after %s it must return %t", f.ending, f.want)
	}
	c.fail(e, "unexpected at node %d: %s", f.node, where)
}
