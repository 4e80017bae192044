// Package play makes a player page the way `backtrack trace PROBLEM
// --html FILE --max-steps N --lang L` does, from a request a web page can
// send: the engine of the course site's playground, which runs it
// compiled to WebAssembly in the student's browser. It imports no font
// look-up and no Graphviz, so it builds for GOOS=js GOARCH=wasm.
package play

import (
	"bytes"
	"context"
	"errors"
	"fmt"
	"slices"
	"strings"

	"github.com/backtrack-edu/backtrack/render/stepper"
	"github.com/backtrack-edu/backtrack/tracer"
	"github.com/backtrack-edu/backtrack/tracer/problems/sudoku"
	"github.com/backtrack-edu/backtrack/tracer/words"
)

// Request is one run: what the playground's form says, as the command's
// flags would.
type Request struct {
	Problem string // "nqueens", "sudoku", "permutations" (or an alias)
	N       int    // -n; 0: the problem's default
	Puzzle  string // --puzzle, the text itself; "": the problem's default
	Order   string // --order; "": the default
	Check   string // --check; "": the default
	Lang    string // --lang: en or zh
	// UI is the language its refusals are written in: the playground
	// page's ("": English, the command's own lines).
	UI string
	// MaxSteps is --max-steps: the search stops there, and the page holds
	// at most that many steps (stepper.MaxHTMLSteps at most). It must be
	// from 1 to MaxSteps: an unbounded search could hang the tab.
	MaxSteps int64
	// Progress, if set, is called every ProgressEvery steps with the
	// steps made so far; the browser repaints its progress line then.
	Progress func(steps int64)
}

// MaxSteps is the most steps a request may ask for: the page holds every
// step it searches up to stepper.MaxHTMLSteps, so a longer search only
// costs time.
const MaxSteps = stepper.MaxHTMLSteps

// ProgressEvery is how many steps pass between two Progress calls.
const ProgressEvery = 1 << 14

// Page runs the request and returns its player page, byte for byte what
// `backtrack trace` writes for the same flags. A bad request is a
// *FieldError worded as the command words it (the flag and what is
// wrong), in r.UI.
func Page(ctx context.Context, r Request) ([]byte, error) {
	ui := uiLang(r.UI)
	lang, err := tracer.ParseLang(r.Lang)
	if err != nil {
		return nil, refuse(ui, "lang", words.PlayErrLang, r.Lang, valuesIn(tracer.Langs))
	}
	if r.MaxSteps < 1 || r.MaxSteps > MaxSteps {
		return nil, refuse(ui, "maxsteps", words.PlayErrSteps, r.MaxSteps, MaxSteps)
	}
	def, err := tracer.Lookup(r.Problem)
	if err != nil {
		if r.Problem == "" {
			return nil, asCommand(ui, "problem", errors.New(strings.TrimPrefix(err.Error(), "tracer: ")))
		}
		return nil, refuse(ui, "problem", words.PlayErrProblem, r.Problem, valuesIn(tracer.ProblemNames()))
	}
	// What the search would refuse, said here in both languages with
	// the command's English: the size, the order, the check.
	switch {
	case r.N != 0 && def.Size == nil:
		return nil, refuse(ui, "n", words.PlayErrNoSize, def.Name)
	case r.N != 0 && (r.N < def.Size.Min || r.N > def.Size.Max):
		return nil, refuse(ui, "n", words.PlayErrRange, "-n", r.N, def.Size.Min, def.Size.Max)
	case r.Order != "" && !slices.Contains(def.Orders, tracer.Order(r.Order)):
		return nil, refuse(ui, "order", words.PlayErrValue, "--order", def.Name, r.Order, valuesIn(def.Orders))
	case r.Check != "" && !slices.Contains(def.Checks, tracer.Check(r.Check)):
		return nil, refuse(ui, "check", words.PlayErrValue, "--check", def.Name, r.Check, valuesIn(def.Checks))
	}
	spec := tracer.Spec{Problem: r.Problem, Order: tracer.Order(r.Order), Check: tracer.Check(r.Check),
		When: tracer.WhenBefore, Limits: tracer.Limits{MaxSteps: r.MaxSteps}}
	spec.N = r.N // 0: the default size
	where := ""
	if r.Puzzle != "" {
		// Checked in the command's order (flags.go): an empty puzzle is
		// refused first, never read as the default.
		if strings.TrimSpace(r.Puzzle) == "" {
			return nil, asCommand(ui, "puzzle", errors.New("--puzzle is empty: give a puzzle, a file name, or - for stdin (leave the flag out for the default board)"))
		}
		if def.Puzzle == nil {
			return nil, asCommand(ui, "puzzle", fmt.Errorf("--puzzle: %s takes no puzzle; give its size with -n", def.Name))
		}
		if len(r.Puzzle) > sudoku.MaxPuzzleBytes {
			return nil, asCommand(ui, "puzzle", fmt.Errorf("--puzzle: the puzzle is longer than %d KiB: is this the right input?", sudoku.MaxPuzzleBytes>>10))
		}
		spec.Puzzle, where = r.Puzzle, "--puzzle"
	}
	p, opts, err := spec.Build()
	if err != nil {
		return nil, asCommand(ui, settingField(err), SpecError(err, where))
	}
	info := tracer.InfoOf(p)
	sg := tracer.StrategyOf(info, opts)
	st := &tracer.Stats{}
	pg := &page{rec: stepper.NewRecording(info, sg), limit: r.MaxSteps, progress: r.Progress}
	opts.Sinks = []tracer.Sink{st, pg}
	res, err := tracer.Run(ctx, p, opts)
	if err != nil {
		return nil, err
	}
	if res.Limit == tracer.LimitCanceled {
		return nil, errors.New("interrupted; nothing was written")
	}
	var b bytes.Buffer
	hopt := stepper.HTMLOptions{Lang: lang, MaxSteps: pg.limit, Total: pg.total, TreePane: pg.rec.Len() > 0}
	if err := stepper.WriteHTML(&b, pg.rec, hopt); err != nil {
		return nil, err
	}
	return b.Bytes(), nil
}

// page records the steps the page holds; it counts every step, and
// reports progress.
type page struct {
	rec      *stepper.Recording
	limit    int64
	total    int64
	progress func(int64)
}

// Event is tracer.Sink.
func (p *page) Event(e *tracer.Event) {
	p.total++
	if p.progress != nil && p.total%ProgressEvery == 0 {
		p.progress(p.total)
	}
	if p.total > p.limit {
		return
	}
	p.rec.Event(e)
}

// settingFlags names the flag of each setting of a tracer.Spec.
var settingFlags = map[string]string{
	"n": "-n", "puzzle": "--puzzle", "order": "--order", "check": "--check", "when": "--when",
	"stop": "--first/--all/--no-return", "drop": "--drop", "limits": "--max-steps, --max-calls and --timeout",
}

// SpecError words a tracer.SettingError as the command line does: the
// flag that set it, then what is wrong ("-n 31 is out of range: want 1 to
// 30", "--order: ..."); where names the puzzle's source for a puzzle's
// errors. Any other error is returned as it is. The command and the
// playground share it, so a bad input gets the same line in both.
func SpecError(err error, where string) error {
	var se *tracer.SettingError
	if !errors.As(err, &se) {
		return err
	}
	switch se.Setting {
	case "problem":
		return se.Err
	case "puzzle":
		if where != "" {
			return fmt.Errorf("%s: %v", where, se.Err)
		}
	}
	name := settingFlags[se.Setting]
	if name == "" {
		name = se.Setting
	}
	if msg := se.Err.Error(); se.Setting == "n" && msg != "" && (msg[0] >= '0' && msg[0] <= '9' || msg[0] == '-') {
		return fmt.Errorf("%s %s", name, msg)
	}
	return fmt.Errorf("%s: %v", name, se.Err)
}
