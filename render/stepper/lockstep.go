package stepper

import (
	"bufio"
	_ "embed"
	"encoding/json"
	"fmt"
	"io"
	"strings"

	"github.com/backtrack-edu/backtrack/tracer"
)

//go:embed lockstep/lockstep.html
var lockstepHTML string

//go:embed lockstep/lockstep.js
var lockstepJS string

//go:embed lockstep/lockstep.css
var lockstepCSS string

// LockstepSide is one of the two runs of a lockstep page: its recording
// and the options of its player (Lang and FollowBrowser come from
// LockstepOptions).
type LockstepSide struct {
	Rec *Recording
	// MaxSteps and Total are as in HTMLOptions.
	MaxSteps int64
	Total    int64
	// Player, if not nil, is the side's player page made already: used
	// when NewPlayer made it of Rec with the options this page gives a
	// side (its Lang and FollowBrowser, MaxSteps, Total, and TreePane when
	// Rec holds steps), made again otherwise.
	Player *Player
}

// LockstepOptions says what WriteLockstep puts in the page.
type LockstepOptions struct {
	Lang tracer.Lang // the language the page opens in (the page switches)
	// FollowBrowser: as in HTMLOptions, for the page and both players.
	FollowBrowser bool
}

// Divergence is where two recorded runs of the same problem instance part.
// Step is the first step where what the searches do differs (the kind of
// step, the call, cell, value, rule, witness, the value returned), or the
// step after the shorter run's last when one run is the start of the
// other: Moves is then true. Two runs that make the same moves throughout
// but check them differently (--check scan and counts) part where the work
// of a check first differs (Event.Cost): Moves is then false. Found is
// false when the runs search different instances, or when the steps both
// recordings hold are the same (Cut: a page's cut may hide a later
// difference).
type Divergence struct {
	Found bool
	Step  int64
	Moves bool // the moves differ (false: only the work of the checks)
	Cut   bool // the recordings were cut before they parted
}

// sameInstance tells whether a and b record searches of the same problem
// instance, so that their steps can be set against each other.
func sameInstance(a, b *Recording) bool {
	return a.info.Problem == b.info.Problem && a.info.Instance == b.info.Instance
}

// sameMove tells whether two events do the same thing; the step number and
// the work the check took (Cost) are left out.
func sameMove(x, y *tracer.Event) bool {
	return x.Kind == y.Kind && x.Node == y.Node && x.Parent == y.Parent && x.Depth == y.Depth &&
		x.Cell == y.Cell && x.Value == y.Value && x.Rule == y.Rule && x.Witness == y.Witness &&
		x.From == y.From && x.Skipped == y.Skipped && x.OK == y.OK && x.Pass == y.Pass && x.Limit == y.Limit
}

// Diverge finds where the recorded runs a and b part (see Divergence).
// cutA and cutB say the recording holds only the start of its run.
func Diverge(a, b *Recording, cutA, cutB bool) Divergence {
	if !sameInstance(a, b) {
		return Divergence{}
	}
	n := min(a.Len(), b.Len())
	var work int64 // the first step whose check took other work
	for k := int64(1); k <= n; k++ {
		x, y := a.At(k), b.At(k)
		if !sameMove(&x, &y) {
			return Divergence{Found: true, Step: k, Moves: true}
		}
		if work == 0 && x.Cost != y.Cost {
			work = k
		}
	}
	if a.Len() != b.Len() && !(a.Len() < b.Len() && cutA) && !(b.Len() < a.Len() && cutB) {
		return Divergence{Found: true, Step: n + 1, Moves: true}
	}
	if work > 0 {
		return Divergence{Found: true, Step: work, Cut: cutA || cutB}
	}
	return Divergence{Cut: cutA || cutB}
}

// lockstepData is what the lockstep page's script reads: the sides' titles
// and strategies, and where the runs part.
type lockstepData struct {
	Lang    string       `json:"lang"`
	Titles  [2][2]string `json:"titles"` // [side][lang]
	Strats  [2]string    `json:"strategies"`
	Steps   [2]int64     `json:"steps"`
	Diverge int64        `json:"diverge"` // 0: none found
	Moves   bool         `json:"moves"`   // the moves part at Diverge (false: only the checks' work)
	Same    bool         `json:"same"`    // the same instance: the steps can be set against each other
	Cut     bool         `json:"cut"`
	// Notes are the two sides' notes at the step where they part, in both
	// languages: [side][lang].
	Notes [2][2]string `json:"notes"`
	// Costs are the work of the two sides' checks at Diverge.
	Costs [2]int `json:"costs"`
}

// WriteLockstep writes the lockstep page of two recorded runs to w: the
// players of both side by side (each a whole player page, as WriteHTML
// writes it, in an iframe of its own), driven by one set of controls that
// moves both a step, or each to its next step of a kind; when both search
// the same instance, a marker shows the first step where they part. One
// HTML file with no outside references, the same bytes for the same runs
// and options.
func WriteLockstep(w io.Writer, a, b LockstepSide, opt LockstepOptions) error {
	lang := string(opt.Lang)
	if lang == "" {
		lang = string(tracer.LangEN)
	}
	d := lockstepData{Lang: lang, Same: sameInstance(a.Rec, b.Rec)}
	var frames [2][]byte
	for i, s := range []LockstepSide{a, b} {
		hopt := HTMLOptions{Lang: opt.Lang, FollowBrowser: opt.FollowBrowser, MaxSteps: s.MaxSteps, Total: s.Total, TreePane: s.Rec.Len() > 0}
		pl := s.Player
		if pl == nil || pl.rec != s.Rec || pl.opt != hopt {
			var err error
			if pl, err = NewPlayer(s.Rec, hopt); err != nil {
				return fmt.Errorf("the %s side of the page: %w", [2]string{"left", "right"}[i], err)
			}
		}
		frames[i] = pl.page
		d.Titles[i] = pl.title
		d.Strats[i] = pl.strategy
		d.Steps[i] = pl.steps
	}
	// A side is cut when its recording holds only the start of its run, or
	// its page fewer steps than its recording.
	cutA := a.Total > a.Rec.Len() || d.Steps[0] < a.Rec.Len()
	cutB := b.Total > b.Rec.Len() || d.Steps[1] < b.Rec.Len()
	dv := Diverge(a.Rec, b.Rec, cutA, cutB)
	if dv.Found && dv.Step <= min(d.Steps[0], d.Steps[1])+1 {
		d.Diverge, d.Moves = dv.Step, dv.Moves
		for i, s := range []LockstepSide{a, b} {
			if dv.Step <= s.Rec.Len() {
				d.Notes[i] = [2]string{s.Rec.noteAt(dv.Step, tracer.LangEN), s.Rec.noteAt(dv.Step, tracer.LangZH)}
				d.Costs[i] = s.Rec.At(dv.Step).Cost
			}
		}
	}
	d.Cut = dv.Cut
	head, err := json.Marshal(d)
	if err != nil {
		return fmt.Errorf("the page's data: %w", err)
	}
	bw := bufio.NewWriterSize(w, 64<<10)
	title := "backtrack: " + d.Titles[0][0] + " | " + d.Titles[1][0]
	if lang == string(tracer.LangZH) {
		title = "backtrack：" + d.Titles[0][1] + " | " + d.Titles[1][1]
	}
	err = fillTemplate(bw, lockstepHTML, func(name string) error {
		switch name {
		case "TITLE":
			bw.WriteString(htmlEscape(title))
		case "LANG":
			bw.WriteString(lang)
		case "FOLLOW":
			if opt.FollowBrowser {
				bw.WriteString(` data-follow="browser"`)
			}
		case "CSS":
			bw.WriteString(lockstepCSS)
		case "JS":
			bw.WriteString(lockstepJS)
		case "DATA":
			// JSON in a script element: "<" escaped, so "</script>" cannot end it.
			bw.WriteString(strings.ReplaceAll(string(head), "<", `\u003c`))
		case "LEFT":
			bw.WriteString(htmlEscape(string(frames[0])))
		case "RIGHT":
			bw.WriteString(htmlEscape(string(frames[1])))
		default:
			return fmt.Errorf("the page's template has an unknown part {{%s}}", name)
		}
		return nil
	})
	if err != nil {
		return err
	}
	return bw.Flush() // the writer's error, which names its file if it has one
}
