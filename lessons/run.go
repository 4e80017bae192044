package lessons

import (
	"bytes"
	"context"
	"fmt"

	"github.com/backtrack-edu/backtrack/render/export"
	"github.com/backtrack-edu/backtrack/render/stepper"
	"github.com/backtrack-edu/backtrack/tracer"
	"github.com/backtrack-edu/backtrack/tracer/problems/sudoku"
)

// MaxLogSteps is the size, in steps, up to which a lesson writes a run's
// whole step log; a bigger run gets its stats only (a log of LeetCode 37's
// search is about 96,000 lines: nobody reads it on a lesson page).
const MaxLogSteps = 20_000

// ran is a run a lesson made, with what its parts need from it.
type ran struct {
	spec *RunSpec
	out  Outcome
	tree *tracer.Tree
	rec  *stepper.Recording
	// picks are the steps the run's excerpts and views chose, by name;
	// lines are the excerpts' lines.
	picks map[string]int64
	lines map[string][]noteLine
	log   []byte // the step log, for a run of at most MaxLogSteps steps
	// player is the run's first steps for its player page (a run the page
	// discusses: one with a diagram, an excerpt or a view), with the tree
	// of those steps, unless the run has a whole tree already (tree).
	player *stepper.Recording
	info   tracer.Info
	// events are the events the run's picks chose, by name.
	events map[string]tracer.Event
	// blank is the first boxes of the run's tree, for its blank trees
	// (nil: none).
	blank *tracer.Tree
	// depths counts the run by depth, for its depth tables (nil: none).
	depths *depthSink
	// blame counts the run's prunes by rule two ways, for its
	// attribution tables (nil: none).
	blame *blameSink
}

// blameSink keeps the board of a 9×9 Sudoku run from its place and undo
// events and, for each pruned digit, finds the rule tutorial 004's
// isValid would report: its loop looks, for i = 0..8, at row cell i,
// then column cell i, then box cell i, and returns at the first repeat.
type blameSink struct {
	board     [81]byte
	framework map[tracer.Rule]int64 // the rule the run's event names
	loop      map[tracer.Rule]int64 // the rule the single loop finds first
	differ    int64                 // prunes blamed on different rules
}

func newBlameSink(puzzle string) *blameSink {
	b, _ := parsePrintedBoard(puzzle) // checked by Parse
	return &blameSink{board: b, framework: map[tracer.Rule]int64{}, loop: map[tracer.Rule]int64{}}
}

// Event follows the board and counts a prune both ways.
func (s *blameSink) Event(e *tracer.Event) {
	at := e.Cell.Row*9 + e.Cell.Col
	switch e.Kind {
	case tracer.KindPlace:
		s.board[at] = byte('0' + e.Value)
	case tracer.KindUndo:
		s.board[at] = '.'
	case tracer.KindReject:
		if e.Rule == tracer.RuleNone {
			return
		}
		rule := s.singleLoop(e.Cell.Row, e.Cell.Col, byte('0'+e.Value))
		s.framework[e.Rule]++
		s.loop[rule]++
		if rule != e.Rule {
			s.differ++
		}
	}
}

// singleLoop is tutorial 004's isValid on the board, the cell itself
// skipped (under --when after the digit is on it).
func (s *blameSink) singleLoop(r, c int, v byte) tracer.Rule {
	r0, c0 := r/3*3, c/3*3
	for i := 0; i < 9; i++ {
		if i != c && s.board[r*9+i] == v {
			return sudoku.SudokuRow
		}
		if i != r && s.board[i*9+c] == v {
			return sudoku.SudokuColumn
		}
		br, bc := r0+i/3, c0+i%3
		if (br != r || bc != c) && s.board[br*9+bc] == v {
			return sudoku.SudokuBox
		}
	}
	return tracer.RuleNone
}

// depthSink counts a run depth by depth: calls, the tries of the calls
// at that depth, how many were pruned, and how many calls returned with
// no solution found below them (their whole subtree undone for nothing).
type depthSink struct {
	calls, tries, rejects, dead []int64
	stack                       []int64 // solutions found when each open call began
	sols                        int64
}

func (d *depthSink) at(k int) {
	for len(d.calls) <= k {
		d.calls, d.tries, d.rejects, d.dead = append(d.calls, 0), append(d.tries, 0), append(d.rejects, 0), append(d.dead, 0)
	}
}

// Event counts e.
func (d *depthSink) Event(e *tracer.Event) {
	d.at(e.Depth)
	switch e.Kind {
	case tracer.KindCall:
		d.calls[e.Depth]++
		d.stack = append(d.stack, d.sols)
	case tracer.KindTry:
		d.tries[e.Depth]++
	case tracer.KindReject:
		d.rejects[e.Depth]++
	case tracer.KindSolution:
		d.sols++
	case tracer.KindReturn:
		if k := len(d.stack) - 1; k >= 0 {
			if d.stack[k] == d.sols {
				d.dead[e.Depth]++
			}
			d.stack = d.stack[:k]
		}
	}
}

// pickPart finds the step of a pick as the events go by.
type pickPart struct {
	spec  *PickSpec
	m     *matcher
	event tracer.Event
}

// playerSink feeds the first stepper.DefaultHTMLSteps events to a run's
// player recording and tree.
type playerSink struct {
	sinks []tracer.Sink
	n     int64
}

func (s *playerSink) Event(e *tracer.Event) {
	if s.n++; s.n <= stepper.DefaultHTMLSteps {
		for _, x := range s.sinks {
			x.Event(e)
		}
	}
}

// noteLine is one step of an excerpt.
type noteLine struct {
	step   int64
	kind   tracer.Kind
	note   string
	chosen bool
}

// matcher finds the step a Selector chooses as the events go by.
type matcher struct {
	sel    Selector
	kind   tracer.Kind
	seen   int   // events that matched so far
	target int64 // the chosen step, once known (0: not yet)
}

func newMatcher(sel Selector) *matcher {
	m := &matcher{sel: sel, target: sel.Step}
	if sel.Kind != "" {
		m.kind, _ = tracer.ParseKind(sel.Kind)
	}
	return m
}

// event looks at e and reports whether e is the chosen step.
func (m *matcher) event(e *tracer.Event, def *tracer.Def) bool {
	if m.target == 0 && m.sel.Step == 0 && e.Kind == m.kind &&
		(m.sel.Depth == nil || *m.sel.Depth == e.Depth) &&
		(m.sel.Move == "" || hasMove(e) && def.MoveLabel(e.Cell, e.Value) == m.sel.Move) {
		m.seen++
		if m.seen == max(1, m.sel.Nth) {
			m.target = e.Step + m.sel.Offset
		}
	}
	return m.target != 0 && e.Step == m.target
}

// hasMove reports whether the event's Cell and Value are a move.
func hasMove(e *tracer.Event) bool {
	switch e.Kind {
	case tracer.KindCall:
		return e.Value >= 0 && e.Cell.Row >= 0
	case tracer.KindTry, tracer.KindReject, tracer.KindPlace, tracer.KindUndo:
		return true
	}
	return false
}

// excerptSink collects the excerpts of one run: every event gets its note
// (a Narrator must see them all), the last notes are kept in a ring, and
// each excerpt takes its lines around its chosen step.
type excerptSink struct {
	def   *tracer.Def
	nar   *tracer.Narrator
	ring  []noteLine // the last len(ring) steps, by step % len(ring)
	parts []*excerptPart
	views []*viewPart
	picks []*pickPart
}

type excerptPart struct {
	spec  *ExcerptSpec
	m     *matcher
	lines []noteLine
	left  int // steps still to take after the chosen one; -1: not started
}

type viewPart struct {
	spec *ViewSpec
	m    *matcher
	step int64
}

// Event notes e, keeps it in the ring, and gives it to the excerpts and
// views that are waiting for their step or taking their lines.
func (x *excerptSink) Event(e *tracer.Event) {
	line := noteLine{step: e.Step, kind: e.Kind}
	if x.nar != nil {
		if x.finished() {
			// Every excerpt has its lines: the rest of the run needs no notes.
			x.nar = nil
		} else {
			line.note = x.nar.Note(e)
		}
	}
	for _, p := range x.parts {
		switch {
		case p.left > 0:
			p.lines = append(p.lines, line)
			p.left--
		case p.left < 0 && p.m.event(e, x.def):
			for k := e.Step - int64(p.spec.Before); k < e.Step; k++ {
				if k >= 1 {
					p.lines = append(p.lines, x.ring[k%int64(len(x.ring))])
				}
			}
			line.chosen = true
			p.lines = append(p.lines, line)
			line.chosen = false
			p.left = p.spec.After
		}
	}
	for _, v := range x.views {
		if v.step == 0 && v.m.event(e, x.def) {
			v.step = e.Step
		}
	}
	for _, k := range x.picks {
		if k.event.Step == 0 && k.m.event(e, x.def) {
			k.event = *e
		}
	}
	if len(x.ring) > 0 {
		x.ring[e.Step%int64(len(x.ring))] = line
	}
}

// finished reports whether every excerpt has all its lines.
func (x *excerptSink) finished() bool {
	for _, p := range x.parts {
		if p.left != 0 {
			return false
		}
	}
	return true
}

// execute makes the run, with the sinks that the lesson's parts need, and
// then, if it is small, again with a step log.
func (l *Lesson) execute(ctx context.Context, rs *RunSpec, lang tracer.Lang, tool string) (*ran, error) {
	r := &ran{spec: rs, picks: map[string]int64{}, lines: map[string][]noteLine{}, events: map[string]tracer.Event{}}
	p, opts, err := rs.Build()
	if err != nil {
		return nil, err
	}
	info := tracer.InfoOf(p)
	strategy := tracer.StrategyOf(info, opts)
	var sinks []tracer.Sink
	for _, d := range l.Spec.Diagrams {
		if d.Run == rs.Name && r.tree == nil {
			r.tree = tracer.NewTree()
			sinks = append(sinks, r.tree)
		}
	}
	x := &excerptSink{def: info.Def}
	before := 0
	for i := range l.Spec.Excerpts {
		e := &l.Spec.Excerpts[i]
		if e.Run == rs.Name {
			x.parts = append(x.parts, &excerptPart{spec: e, m: newMatcher(e.At), left: -1})
			before = max(before, e.Before)
		}
	}
	for i := range l.Spec.Views {
		v := &l.Spec.Views[i]
		if v.Run == rs.Name {
			x.views = append(x.views, &viewPart{spec: v, m: newMatcher(v.At)})
			if r.rec == nil {
				r.rec = stepper.NewRecording(info, strategy)
				sinks = append(sinks, r.rec)
			}
		}
	}
	for i := range l.Spec.Picks {
		k := &l.Spec.Picks[i]
		if k.Run == rs.Name {
			x.picks = append(x.picks, &pickPart{spec: k, m: newMatcher(k.At)})
		}
	}
	for _, a := range l.Spec.Attributions {
		if a.Run == rs.Name && r.blame == nil {
			r.blame = newBlameSink(rs.Puzzle)
			sinks = append(sinks, r.blame)
		}
	}
	for _, bt := range l.Spec.BlankTrees {
		if bt.Run == rs.Name {
			if r.blank == nil {
				r.blank = tracer.NewTree()
				sinks = append(sinks, eventsOnly{r.blank})
			}
			r.blank.MaxNodes = max(r.blank.MaxNodes, bt.Boxes)
		}
	}
	for _, d := range l.Spec.DepthTables {
		if d.Run == rs.Name && r.depths == nil {
			r.depths = &depthSink{}
			sinks = append(sinks, r.depths)
		}
	}
	r.info = info
	quoted := len(x.parts)+len(x.views) > 0
	if quoted || r.tree != nil {
		r.player = stepper.NewRecording(info, strategy)
		ps := &playerSink{sinks: []tracer.Sink{r.player}}
		sinks = append(sinks, ps)
	}
	if len(x.parts) > 0 {
		x.nar = tracer.NewNarrator(info, strategy, lang)
		x.ring = make([]noteLine, before+1)
	}
	if len(x.parts)+len(x.views)+len(x.picks) > 0 {
		sinks = append(sinks, x)
	}
	r.out, err = rs.Execute(ctx, sinks...)
	if err != nil {
		return nil, err
	}
	if !quoted && r.out.Summary.Stats.Steps > MaxLogSteps {
		// A run the page draws but quotes no step of gets a player only
		// when it is small, as it gets a step log.
		r.player = nil
	}
	if err := ctx.Err(); err != nil {
		return nil, err
	}
	if r.tree != nil {
		if err := r.tree.Err(); err != nil {
			return nil, fmt.Errorf("search tree: %w", err)
		}
	}
	for _, p := range x.parts {
		if p.left < 0 {
			return nil, fmt.Errorf("excerpt %s: no step of the run matches %s", p.spec.Name, describe(p.spec.At))
		}
		r.lines[p.spec.Name] = p.lines
		r.picks[p.spec.Name] = p.m.target
	}
	for _, v := range x.views {
		if v.step == 0 {
			return nil, fmt.Errorf("view %s: no step of the run matches %s", v.spec.Name, describe(v.spec.At))
		}
		r.picks[v.spec.Name] = v.step
	}
	for _, k := range x.picks {
		if k.event.Step == 0 {
			return nil, fmt.Errorf("pick %s: no step of the run matches %s", k.spec.Name, describe(k.spec.At))
		}
		r.picks[k.spec.Name] = k.event.Step
		r.events[k.spec.Name] = k.event
	}

	if r.out.Summary.Stats.Steps <= MaxLogSteps {
		var buf bytes.Buffer
		lw, err := export.NewLog(&buf, info, opts, tool, lang, nil)
		if err != nil {
			return nil, err
		}
		again, err := rs.Execute(ctx, lw)
		if err != nil {
			return nil, err
		}
		if err := lw.Close(again.Summary); err != nil {
			return nil, err
		}
		r.log = buf.Bytes()
	}
	return r, nil
}

// describe writes a selector back as the spec wrote it, for errors.
func describe(sel Selector) string {
	if sel.Step > 0 {
		return fmt.Sprintf("step %d", sel.Step)
	}
	s := "kind " + sel.Kind
	if sel.Move != "" {
		s += " move " + sel.Move
	}
	if sel.Depth != nil {
		s += fmt.Sprintf(" depth %d", *sel.Depth)
	}
	if sel.Nth > 1 {
		s += fmt.Sprintf(" (number %d)", sel.Nth)
	}
	return s
}
