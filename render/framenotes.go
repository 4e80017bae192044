package render

import (
	"slices"

	"github.com/backtrack-edu/backtrack/tracer"
)

// FrameNotes is a tracer.Sink that keeps the notes of a few steps of a
// run: the captions of its frames (DiagramOptions.Caption). It sees every
// step, in order, and keeps the note of each step it was asked for, so
// its memory is those notes whatever the length of the run.
//
// The notes come from Narrate, called for every event as a step log's
// writer calls it (a tracer.Narrator's Note, which must see every event),
// or, with Narrate nil, from the steps of a saved log: EventNote, which
// steplog.Read calls for a sink that has it.
type FrameNotes struct {
	// Narrate gives the note of each event (nil: the notes come with
	// EventNote).
	Narrate func(*tracer.Event) string
	// Limit, if set, is the limit that stopped the run the frames are of:
	// a limit event is narrated as stopped by it. (A run made again to
	// narrate it is stopped at the same step by a step limit.)
	Limit tracer.LimitReason

	steps []int64 // the steps wanted, in order
	notes []string
	next  int // the next wanted step's index

	// NewAllNotes: every step's note, notes[step-1], up to max bytes.
	all       bool
	size, max int
	full      bool
}

// NewAllNotes returns a sink that keeps the note of every step, up to
// max bytes of them in all: for a saved log that cannot be read twice
// (stdin), whose frames are chosen only once it has been read. Past max
// it keeps none (Full).
func NewAllNotes(max int) *FrameNotes { return &FrameNotes{all: true, max: max} }

// Full reports whether a NewAllNotes sink went past its size and so
// kept no note.
func (f *FrameNotes) Full() bool { return f.full }

// NewFrameNotes returns a sink that keeps the notes of steps (in any
// order), each narrated by narrate (nil: given by EventNote).
func NewFrameNotes(steps []int64, narrate func(*tracer.Event) string) *FrameNotes {
	s := slices.Clone(steps)
	slices.Sort(s)
	s = slices.Compact(s)
	return &FrameNotes{Narrate: narrate, steps: s, notes: make([]string, len(s))}
}

// Event narrates e and keeps its note if its step is wanted.
func (f *FrameNotes) Event(e *tracer.Event) {
	if f.Narrate == nil {
		f.EventNote(e, "")
		return
	}
	if e.Kind == tracer.KindLimit && f.Limit != tracer.LimitNone && e.Limit != f.Limit {
		c := *e
		c.Limit = f.Limit
		e = &c
	}
	f.keep(e.Step, f.Narrate(e))
}

// EventNote keeps note, e's note in a saved log, if e's step is wanted
// (with Narrate set, e is narrated anew: Event).
func (f *FrameNotes) EventNote(e *tracer.Event, note string) {
	if f.Narrate != nil {
		f.Event(e)
		return
	}
	f.keep(e.Step, note)
}

func (f *FrameNotes) keep(step int64, note string) {
	if f.all {
		if f.full {
			return
		}
		// A string's header counts too.
		if f.size += len(note) + 16; f.size > f.max || step != int64(len(f.notes))+1 {
			f.full, f.notes = true, nil
			return
		}
		f.notes = append(f.notes, note)
		return
	}
	for f.next < len(f.steps) && f.steps[f.next] < step {
		f.next++
	}
	if f.next < len(f.steps) && f.steps[f.next] == step {
		f.notes[f.next] = note
		f.next++
	}
}

// Done reports whether every wanted step has been seen: the rest of the
// run can be skipped.
func (f *FrameNotes) Done() bool { return !f.all && f.next >= len(f.steps) }

// Last is the last step wanted (0: none).
func (f *FrameNotes) Last() int64 {
	if len(f.steps) == 0 {
		return 0
	}
	return f.steps[len(f.steps)-1]
}

// Note returns the note kept for step ("" if none).
func (f *FrameNotes) Note(step int64) string {
	if f.all {
		if step >= 1 && step <= int64(len(f.notes)) {
			return f.notes[step-1]
		}
		return ""
	}
	if i, ok := slices.BinarySearch(f.steps, step); ok {
		return f.notes[i]
	}
	return ""
}
