package export

import (
	"context"
	"errors"

	"github.com/backtrack-edu/backtrack/render"
	"github.com/backtrack-edu/backtrack/render/outfile"
	"github.com/backtrack-edu/backtrack/render/steplog"
	"github.com/backtrack-edu/backtrack/render/stepper"
	"github.com/backtrack-edu/backtrack/tracer"
)

// player is the player page's sink: it records a run's first Limit steps
// compactly (about 20 bytes a step, stepper.Recording) and counts every
// step, for a page that says how many it left out.
type player struct {
	out *outfile.File
	// Limit is the most steps the page holds.
	Limit int64
	// rec records the steps the page holds; begin makes it.
	rec   *stepper.Recording
	total int64
	// followBrowser: no language was chosen, so the page opens in the
	// browser's language unless its link names one.
	followBrowser bool
	// quiz: the page opens in predict mode.
	quiz bool
}

// begin starts the recording of a run of the problem info describes.
func (h *player) begin(info tracer.Info, sg tracer.Strategy) {
	h.rec = stepper.NewRecording(info, sg)
}

// Event records e, if the page has room for it; it counts every step.
func (h *player) Event(e *tracer.Event) {
	h.total++
	if h.total > h.limit() || h.rec == nil {
		return
	}
	h.rec.Event(e)
}

// limit returns Limit, stepper.DefaultHTMLSteps if unset.
func (h *player) limit() int64 {
	if h.Limit <= 0 {
		return stepper.DefaultHTMLSteps
	}
	return h.Limit
}

// side is the player as one side of a lockstep page.
func (h *player) side() stepper.LockstepSide {
	return stepper.LockstepSide{Rec: h.rec, MaxSteps: h.limit(), Total: h.total}
}

// htmlSteps returns HTMLSteps, stepper.DefaultHTMLSteps if unset.
func (o *Options) htmlSteps() int64 {
	if o.HTMLSteps <= 0 {
		return stepper.DefaultHTMLSteps
	}
	return o.HTMLSteps
}

// write makes the page from the steps kept and writes it, straight into
// its file. The page works its tree pane out from its steps; a page of no
// step has none. An interrupt (ctx) leaves the page out at once, returned
// in skipped.
func (h *player) write(ctx context.Context, info tracer.Info, sg tracer.Strategy, leg render.Legend) (skipped []*outfile.File, err error) {
	rec := h.rec
	if rec == nil {
		rec = stepper.NewRecording(info, sg) // a log that ended before its steps
	}
	hopt := stepper.HTMLOptions{Lang: leg.Lang, FollowBrowser: h.followBrowser, MaxSteps: h.limit(), Total: h.total, TreePane: rec.Len() > 0, Predict: h.quiz}
	if err := aside(ctx, h.out, func() error { return stepper.WriteHTML(h.out, rec, hopt) }); err != nil {
		if errors.Is(err, errLeftOut) {
			return []*outfile.File{h.out}, nil
		}
		var oe *outfile.Error
		if errors.As(err, &oe) {
			return nil, oe // names the output; the page's own prefix adds nothing
		}
		return nil, err
	}
	return nil, nil
}

// logSinks are the sinks Render feeds a step log to; the page, if any,
// begins its recording with the log's header.
type logSinks struct {
	all  tracer.Sink // a MultiSink
	page *player
}

func (s *logSinks) Event(e *tracer.Event) { s.all.Event(e) }

// Err reports the first error of a sink, as the MultiSink does.
func (s *logSinks) Err() error { return s.all.(interface{ Err() error }).Err() }

// LogHeader begins the page's recording (steplog.HeaderSink). For a
// problem this program knows only from the log's definition block, the
// page keeps the log's own notes in the log's language.
func (s *logSinks) LogHeader(h steplog.Header, info tracer.Info) {
	if s.page != nil {
		s.page.begin(info, h.Strategy)
		if lang, err := tracer.ParseLang(h.Lang); err == nil && h.Lang != "" && logDescribed(h) {
			s.page.rec.UseLogNotes(lang)
		}
	}
}

// EventNote passes the event on, and its note to the page (steplog.NoteSink).
func (s *logSinks) EventNote(e *tracer.Event, note string) {
	s.all.Event(e)
	if s.page != nil && s.page.rec != nil {
		s.page.rec.LogNote(note)
	}
}

// logDescribed reports whether the log's problem is one this program
// knows only from its definition block.
func logDescribed(h steplog.Header) bool {
	_, err := tracer.Lookup(h.Problem)
	return err != nil && h.Definition != nil
}
