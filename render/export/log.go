package export

import (
	"bufio"
	"context"
	"errors"
	"fmt"
	"io"
	"os"

	"github.com/backtrack-edu/backtrack/render"
	"github.com/backtrack-edu/backtrack/render/outfile"
	"github.com/backtrack-edu/backtrack/render/steplog"
	"github.com/backtrack-edu/backtrack/tracer"
	"github.com/backtrack-edu/backtrack/tracer/words"
)

// NewLog returns the step-log writer of a run of info with opts, writing
// to w: its header (the instance, the strategy, tool and lang) and a note a
// step from notes (nil: the narrator's, tracer.NewNarrator, in lang). It
// is one more sink of the search; Close it with the run's summary.
func NewLog(w io.Writer, info tracer.Info, opts tracer.Options, tool string, lang tracer.Lang, notes func(tracer.Info, tracer.Strategy, tracer.Lang) func(*tracer.Event) string) (*steplog.Writer, error) {
	h := steplog.HeaderFor(info, opts)
	h.Tool, h.Lang = tool, string(lang)
	if notes == nil {
		// The narrator appends its notes into the lines: no string a step.
		return steplog.NewNarratedWriter(w, h, tracer.NewNarrator(info, h.Strategy, lang))
	}
	o := Options{Notes: notes}
	return steplog.NewWriter(w, h, o.notes(info, h.Strategy, lang))
}

// plainErr drops the path from a file error: the message names it already.
func plainErr(err error) error {
	var pe *os.PathError
	if errors.As(err, &pe) {
		return pe.Err
	}
	return err
}

// outputErr returns the *outfile.Error in err, which names the output,
// if there is one: a writer's own prefix adds nothing to it.
func outputErr(err error) error {
	var oe *outfile.Error
	if errors.As(err, &oe) {
		return oe
	}
	return err
}

// narrateAgain gives the notes of a run's steps frames (the captions of
// the frames and the GIF), as the step log writes them: the frames are
// chosen once the run is over, so the same search runs again, on a board
// built anew, with a narrator that keeps only those steps' notes, and
// stops at the last of them. A run a limit stopped (limit) is stopped at
// the same step.
func narrateAgain(ctx context.Context, spec tracer.Spec, o *Options, lang tracer.Lang, limit tracer.LimitReason, frames []int64) (func(int64) string, error) {
	p, opts, err := spec.Build()
	if err != nil {
		return nil, err
	}
	info := tracer.InfoOf(p)
	notes := render.NewFrameNotes(frames, o.notes(info, steplog.HeaderFor(info, opts).Strategy, lang))
	last := notes.Last()
	opts.Limits = tracer.Limits{MaxSteps: last}
	if limit != tracer.LimitNone {
		// The limit event is the last step: a step limit stops the run
		// there, narrated with the limit that stopped it.
		opts.Limits.MaxSteps, notes.Limit = last-1, limit
	}
	if opts.Limits.MaxSteps < 1 {
		return notes.Note, nil
	}
	opts.Sinks = []tracer.Sink{notes}
	captions := task(o.Progress, opts.Limits.MaxSteps, words.ProgressUnitSteps, words.ProgressCaptions)
	defer captions.End()
	if captions != nil {
		opts.Progress = &tracer.Progress{}
		captions.Count(opts.Progress.Steps)
	}
	if _, err := tracer.Run(ctx, p, opts); err != nil {
		return nil, err
	}
	return notes.Note, nil
}

// notesAlongside reads a step log into sink and its notes into notes.
type notesAlongside struct {
	sink  tracer.Sink
	notes *render.FrameNotes
}

func (a notesAlongside) Event(e *tracer.Event) { a.sink.Event(e) }

func (a notesAlongside) EventNote(e *tracer.Event, note string) {
	if ns, ok := a.sink.(steplog.NoteSink); ok {
		ns.EventNote(e, note)
	} else {
		a.sink.Event(e)
	}
	a.notes.EventNote(e, note)
}

// LogHeader passes the log's header on to a sink that wants it.
func (a notesAlongside) LogHeader(h steplog.Header, info tracer.Info) {
	if hs, ok := a.sink.(steplog.HeaderSink); ok {
		hs.LogHeader(h, info)
	}
}

// Err passes on the sink's error, so that the log is read as it would be
// without the notes.
func (a notesAlongside) Err() error {
	if es, ok := a.sink.(interface{ Err() error }); ok {
		return es.Err()
	}
	return nil
}

// readNotesAgain reads the step log in file name again, up to the last
// of the steps frames, for their notes: the log's own, in logLang, or,
// for pictures in another language, notes narrated anew in lang from its
// steps.
func readNotesAgain(name string, logLang, lang tracer.Lang, sum tracer.Summary, frames []int64) (func(int64) string, error) {
	notes := render.NewFrameNotes(frames, nil)
	if lang != logLang {
		notes.Narrate = tracer.NewNarrator(LogInfo(sum), sum.Strategy, lang).Note
	}
	f, err := os.Open(name)
	if err != nil {
		return nil, fmt.Errorf("step log %q: %v", name, plainErr(err))
	}
	defer f.Close()
	_, _, err = steplog.Read(bufio.NewReaderSize(f, logReadBuffer), untilNotes{notes})
	if err != nil && !notes.Done() {
		return nil, fmt.Errorf("%s: %v", name, plainErr(err))
	}
	return notes.Note, nil
}

// untilNotes reads a step log's notes into notes, and stops the reading
// once it has every note it wants (Err).
type untilNotes struct{ notes *render.FrameNotes }

var errNotesDone = errors.New("every note wanted was read")

func (u untilNotes) Event(e *tracer.Event)                  { u.notes.Event(e) }
func (u untilNotes) EventNote(e *tracer.Event, note string) { u.notes.EventNote(e, note) }
func (u untilNotes) Err() error {
	if u.notes.Done() {
		return errNotesDone
	}
	return nil
}

// LogInfo is the run a step log describes, from its summary: the
// problem's registered Def, or, for a problem this program does not know,
// the Def the log's definition block describes (steplog.DefFromHeader),
// which Read puts in the summary.
func LogInfo(sum tracer.Summary) tracer.Info {
	d, err := tracer.Lookup(sum.Problem)
	if err != nil {
		d = sum.Def
	}
	return tracer.Info{Def: d, Problem: sum.Problem, Size: sum.Size, Instance: sum.Instance,
		Order: sum.Strategy.Order, Check: sum.Strategy.Check, Rules: sum.Rules}
}

// capWriter passes writes through and calls full once when more than max
// bytes (max > 0) have gone through.
type capWriter struct {
	w      io.Writer
	n, max int64
	full   func()
}

func (c *capWriter) Write(b []byte) (int, error) {
	n, err := c.w.Write(b)
	c.n += int64(n)
	if c.max > 0 && c.n > c.max && c.full != nil {
		c.full()
		c.full = nil
	}
	return n, err
}
