package lessons

import (
	"context"
	"slices"
	"sync"

	"github.com/backtrack-edu/backtrack/render/stepper"
	"github.com/backtrack-edu/backtrack/tracer"
)

// players shares the player pages of lessons made in several languages
// (MakeAll, Options.players): a run's pages are made for every language of the set
// at the first Make that needs one, the steps worked out once
// (stepper.NewPlayers), and each language's Make takes its own. A page
// holds both languages' words and notes and differs from the other
// language's only in the language it opens in, so the bytes are those a
// Make without it writes. A run's pages are let go once every
// language has taken them. Safe for concurrent use.
type players struct {
	ctx   context.Context // the pages are made until it ends
	langs []tracer.Lang
	mu    sync.Mutex
	runs  map[playersKey]*playersRun
}

// newPlayers returns a players for lessons made in langs, whose pages
// are made until ctx ends (the context of all the lessons: a page is
// shared by two of them).
func newPlayers(ctx context.Context, langs ...tracer.Lang) *players {
	return &players{ctx: ctx, langs: slices.Clone(langs), runs: map[playersKey]*playersRun{}}
}

// playersKey names a run's pages: the lesson, the run, and the page's
// options but its language.
type playersKey struct {
	lesson, run string
	opt         stepper.HTMLOptions
}

type playersRun struct {
	once  sync.Once
	rec   *stepper.Recording
	pages []*stepper.Player // in the order of players.langs
	err   error
	left  int // languages yet to take their page
}

// take returns the page of run run of lesson in opt.Lang, made of rec by
// the first Make that asked, and the recording it was made of (the same
// search as rec; a lockstep page's sides are taken as they are when their
// recording is the page's). ok is false when opt.Lang is not one of the
// set's languages.
func (ps *players) take(lesson, run string, rec *stepper.Recording, opt stepper.HTMLOptions) (pl *stepper.Player, made *stepper.Recording, ok bool, err error) {
	i := slices.Index(ps.langs, opt.Lang)
	if i < 0 {
		return nil, nil, false, nil
	}
	key := playersKey{lesson, run, opt}
	key.opt.Lang = ""
	ps.mu.Lock()
	r := ps.runs[key]
	if r == nil {
		r = &playersRun{left: len(ps.langs)}
		ps.runs[key] = r
	}
	ps.mu.Unlock()
	r.once.Do(func() {
		r.rec = rec
		r.pages, r.err = stepper.NewPlayersContext(ps.ctx, rec, opt, ps.langs...)
	})
	ps.mu.Lock()
	if r.left--; r.left == 0 {
		delete(ps.runs, key)
	}
	ps.mu.Unlock()
	if r.err != nil {
		return nil, nil, true, r.err
	}
	return r.pages[i], r.rec, true, nil
}
