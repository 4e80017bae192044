package steplog

import "github.com/backtrack-edu/backtrack/tracer"

// This file reads logs of the format's first version, whose call steps
// do not say the slot the call decides (tracer.Event.Slot): the one place
// that works it out, so that every reader of a log gets it from the
// events.

// FormatV1 is the first version of the step-log format, which Read still
// reads: its call steps carry no slot, and Read fills it in (see
// v1Slots).
const FormatV1 = "backtrack-steps/1"

// v1Slots fills in the slot of each call of a version-1 log, as the run
// that wrote it had it: it replays the log's moves on a fresh instance of
// the header's problem and asks that instance's Next, as tracer.Run does.
// A problem that finds its slots by scanning (Sudoku) gets none: its scan
// steps say them, in every version.
type v1Slots struct {
	p     tracer.Problem
	slots []tracer.Pos // slots[d]: the slot of the open call at depth d
}

// newV1Slots returns the filler of lp's log, or nil when the problem
// scans or its instance cannot be built again.
func newV1Slots(lp *logProblem) *v1Slots {
	p, _, err := lp.spec.Build()
	if err != nil {
		return nil
	}
	if _, scans := p.LastScan(); scans {
		return nil
	}
	return &v1Slots{p: p}
}

// event fills in e's slot if it is a call, and replays its move.
func (v *v1Slots) event(e *tracer.Event) {
	if v == nil || e.Depth < 0 {
		return
	}
	switch e.Kind {
	case tracer.KindCall:
		prev := tracer.NoPos
		if e.Depth > 0 && e.Depth-1 < len(v.slots) {
			prev = v.slots[e.Depth-1]
		}
		slot, ok := v.p.Next(e.Depth, prev)
		if !ok {
			slot = tracer.NoPos
		}
		v.slots = append(v.slots[:min(e.Depth, len(v.slots))], slot)
		e.Slot = slot
	case tracer.KindPlace, tracer.KindUndo:
		if e.Depth >= len(v.slots) || v.slots[e.Depth] == tracer.NoPos {
			return
		}
		if e.Kind == tracer.KindPlace {
			v.p.Place(v.slots[e.Depth], e.Value)
		} else {
			v.p.Undo(v.slots[e.Depth], e.Value)
		}
	}
}
