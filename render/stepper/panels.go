package stepper

import (
	"fmt"
	"slices"
	"strconv"
	"strings"
	"unicode/utf8"

	"github.com/backtrack-edu/backtrack/render/internal/textwidth"
	"github.com/backtrack-edu/backtrack/tracer"
	"github.com/backtrack-edu/backtrack/tracer/words"
)

// This file draws the two pictures of the step view that stand for the
// search's state: the board with the step's marks, and the call stack
// with the three parts of backtracking (the path so far, the choices
// still available, the end condition) and what each call has tried.

// boardStyle is how big a board is drawn.
type boardStyle struct {
	cell   int  // columns per cell: 5 (" [7] ") for a projector, 3 ("[7]"), or 2 ("[7") for a compact board
	labels bool // row and column numbers
	hsep   bool // a line between boxes (a board with boxes: Sudoku)
	tall   bool // an empty line between rows, for square-looking cells
}

// boardStyles lists the board styles of the step view from the roomiest to
// the most compact. Every one shows the whole board with its row and column
// numbers, which the notes use: a screen too small for the last one is too
// small for the view (Stepper.CheckSize).
func boardStyles() []boardStyle {
	return []boardStyle{
		{cell: 5, labels: true, hsep: true, tall: true},
		{cell: 3, labels: true, hsep: true},
		{cell: 3, labels: true},
		{cell: 2, labels: true},
	}
}

// cellMark is what a cell of the step's board shows besides its content.
type cellMark uint8

const (
	markNone      cellMark = iota
	markCandidate          // the candidate this step is about: [7]
	markClash              // a cell the candidate clashes with: <5>
	markSlot               // the empty slot being decided, or on a board of pieces a choice in the row: ( )
)

// boardMarks says where the step's marks go.
type boardMarks struct {
	cand, slot tracer.Pos
	clashes    []tracer.Pos // every cell a rejected candidate clashes with
	candValue  int
	candStyle  style
	slotRow    int   // a board of pieces: the row being decided (-1: none)
	choices    []int // a board of pieces: the columns of slotRow still to choose (stackFrame.choices)
}

// marks finds the marks of the step: the candidate and every cell it
// clashes with, the slot being decided, and on a board of pieces the row
// being decided and its choices.
func (s *Stepper) marks(st *stepState) boardMarks {
	m := boardMarks{cand: tracer.NoPos, slot: tracer.NoPos, slotRow: -1, candStyle: stTry}
	if st.k == 0 {
		return m
	}
	e := &st.e
	switch e.Kind {
	case tracer.KindTry, tracer.KindReject, tracer.KindPlace:
		m.cand, m.candValue = e.Cell, e.Value
		if e.Kind == tracer.KindPlace {
			m.candStyle = stPlace
		}
		if e.Kind == tracer.KindReject {
			// Every attacker, not only the one the check stopped at.
			for _, c := range s.rec.def.RejectConflicts(st.board, e) {
				m.clashes = append(m.clashes, c.Witness)
			}
		}
	case tracer.KindCall, tracer.KindReturn:
		// The move that led to this call: the one the call keeps or that
		// its caller will undo.
		if c, ok := s.rec.callOf(e.Node); ok && c.Value >= 0 {
			m.cand, m.candValue, m.candStyle = c.Cell, c.Value, stPlace
		}
	}
	if len(st.frames) > 0 {
		top := st.frames[len(st.frames)-1]
		if !top.end && top.slot.Row >= 0 && top.state != fsReturn && top.state != fsStopped {
			if s.rec.shape.pieces {
				m.slotRow = top.slot.Row
				m.choices = top.choices
			} else if top.slot != m.cand && s.rec.def.Board.Slot != tracer.SlotFrom {
				// (A slot a move steps from is no cell being decided.)
				m.slot = top.slot
			}
		}
	}
	return m
}

// boardLines draws the board of the step in style bs.
func (s *Stepper) boardLines(st *stepState, bs boardStyle) []tline {
	r := s.rec
	rows, cols := r.shape.rows, r.shape.cols
	m := s.marks(st)
	box := r.shape.box
	dw := len(strconv.Itoa(rows - 1))
	glyphs := st.board.RowStrings()
	var lines []tline
	label := func(row int) tline {
		if !bs.labels {
			if row >= 0 && row == m.slotRow {
				return tline{{">", stSlot}}
			}
			return tline{{" ", stPlain}}
		}
		if row < 0 {
			return tline{{strings.Repeat(" ", dw+2), stPlain}}
		}
		// ">" on its colour; the other rows' space plain (a space in
		// the slot's colour would be a block of it).
		mark := span{" ", stPlain}
		if row == m.slotRow {
			mark = span{">", stSlot}
		}
		return tline{mark, {fmt.Sprintf("%*d ", dw, row), stGrey}}
	}
	vsep := func(c int) bool { return box > 0 && c > 0 && c%box == 0 }
	if bs.labels {
		l := label(-1)
		var b strings.Builder
		for c := range cols {
			if vsep(c) {
				b.WriteString(" ")
			}
			switch {
			case bs.cell == 5:
				fmt.Fprintf(&b, "%3d  ", c)
			case bs.cell == 3:
				fmt.Fprintf(&b, "%2d ", c)
			case cols > 10 && c%2 == 1:
				// Two-digit numbers in two-column cells would run
				// together: number every other column, like a ruler.
				b.WriteString("  ")
			default:
				fmt.Fprintf(&b, "%2d", c)
			}
		}
		lines = append(lines, append(l, span{strings.TrimRight(b.String(), " "), stGrey}))
	}
	for row := range rows {
		if bs.hsep && vsep(row) {
			var b strings.Builder
			b.WriteString(strings.Repeat(" ", label(-1).width()))
			for c := range cols {
				if vsep(c) {
					b.WriteString("+")
				}
				b.WriteString(strings.Repeat("-", bs.cell))
			}
			lines = append(lines, tline{{b.String(), stGrey}})
		} else if bs.tall && row > 0 {
			lines = append(lines, nil)
		}
		l := label(row)
		for c := range cols {
			if vsep(c) {
				l = append(l, span{"|", stGrey})
			}
			l = append(l, s.cellSpan(st, m, glyphs, row, c, bs.cell))
		}
		lines = append(lines, l)
	}
	return lines
}

// cellSpan draws one cell: 3 columns ("[7]", "<5>", "( )", " 5+", " 5 ",
// " . ") or 2 in a compact board ("[7", "<5", "()", "+5", " 5", " .").
// glyphs are the board's rows (tracer.Board.RowStrings).
func (s *Stepper) cellSpan(st *stepState, m boardMarks, glyphs []string, row, col, width int) span {
	r := s.rec
	p := tracer.Pos{Row: row, Col: col}
	mark, set, given := s.cellLook(st, m, p)
	content, sty := ".", stPlain
	if set {
		content, sty = glyphs[row][col:col+1], stSet
		if given {
			sty = stGiven
		}
	}
	if f := r.start.Fixed(p); f != "" && mark != markCandidate {
		// The fixed layer (a word search's letter) shows under the
		// moves: a move's cell keeps its text, marked as placed.
		content = f
	}
	switch mark {
	case markCandidate:
		content, sty = r.glyph(m.candValue), m.candStyle
		if f := r.start.Fixed(p); f != "" {
			content = f
		}
	case markClash:
		sty = stClash
	case markSlot:
		sty = stSlot
	}
	if mark == markSlot && r.start.Fixed(p) == "" {
		content = " "
	}
	open, closeM := " ", " "
	switch mark {
	case markCandidate:
		open, closeM = "[", "]"
	case markClash:
		open, closeM = "<", ">"
	case markSlot:
		open, closeM = "(", ")"
	default:
		if set && !given && (r.shape.givens || r.shape.fixed) {
			closeM = "+"
		}
	}
	if width == 5 {
		return span{" " + open + content + closeM + " ", sty}
	}
	if width == 2 {
		switch {
		case mark == markSlot:
			return span{"()", sty}
		case mark != markNone:
			return span{open + content, sty}
		case closeM == "+":
			return span{"+" + content, sty}
		}
		return span{" " + content, sty}
	}
	return span{open + content + closeM, sty}
}

// cellLook is what the cell at p of the step's board shows: its mark, and
// whether it holds a value and whether that is a given.
func (s *Stepper) cellLook(st *stepState, m boardMarks, p tracer.Pos) (mark cellMark, set, given bool) {
	_, set = st.board.At(p)
	given = st.board.Given(p)
	switch {
	case p == m.cand:
		mark = markCandidate
	case slices.Contains(m.clashes, p):
		mark = markClash
	case p == m.slot && !set:
		mark = markSlot
	case s.rec.shape.pieces && p.Row == m.slotRow && !set && slices.Contains(m.choices, p.Col):
		mark = markSlot
	}
	return mark, set, given
}

// keyKind is what a key entry explains.
type keyKind uint8

const (
	keyCand  keyKind = iota // [ ]: the candidate, or the last move
	keyClash                // < >: a clash
	keySlot                 // ( ): the slot, or a choice in the row
	keyRow                  // >: the row being decided (a board of pieces)
	keyGiven                // a given, unmarked
	keySet                  // a value or piece placed by the search, unmarked
	numKeyKinds
)

// keyKinds says which marks the step's board draws, by keyKind.
func (s *Stepper) keyKinds(st *stepState) (drawn [numKeyKinds]bool) {
	m := s.marks(st)
	drawn[keyRow] = m.slotRow >= 0
	for row := range s.rec.shape.rows {
		for col := range s.rec.shape.cols {
			mark, set, given := s.cellLook(st, m, tracer.Pos{Row: row, Col: col})
			switch {
			case mark == markCandidate:
				drawn[keyCand] = true
			case mark == markClash:
				drawn[keyClash] = true
			case mark == markSlot:
				drawn[keySlot] = true
			case set && given:
				drawn[keyGiven] = true
			case set:
				drawn[keySet] = true
			}
		}
	}
	return drawn
}

// keyItems explains the board's marks, one item each. What [ ] marks
// depends on the step (st; nil for the help, which says both): at a try or
// a reject the candidate; at a place or a call the move just made (the
// one that led to the call); at a return the move the caller made. A
// state for measuring gets the widest of these, so that the key never
// needs more room than measured. At a step, an entry for a mark the board
// does not draw (the candidate at a call of the root, a clash but at a
// reject) is blank (stBlank): it keeps its room, so that nothing moves
// from step to step, and says nothing.
func (s *Stepper) keyItems(bs boardStyle, st *stepState) []tline {
	c := func(three, two string) string {
		if bs.cell == 2 {
			return two
		}
		return three
	}
	type item struct {
		mark string
		st   style
		en   string
		zh   string
		kind keyKind
	}
	var items []item
	sh := &s.rec.shape
	noun := s.rec.def.Words.Candidate // "digit" / "数字"
	if sh.pieces {
		noun = sh.piece // the Def's BoardSpec.Piece
	}
	// The candidate's words: trying, just placed, the caller's move. In
	// Chinese a word is written with the noun (%[1]s), the word for
	// placed (%[2]s: 放入 a number, 填入 a digit into a puzzle's cell)
	// and the verb (%[3]s: 放, 填).
	verb, placed := words.StepperVerbPlace.ZH, words.StepperVerbPlaced.ZH
	if sh.givens {
		verb, placed = words.StepperVerbFill.ZH, words.StepperVerbFilled.ZH
	}
	say := func(t words.Text) item {
		it := item{en: t.EN, zh: t.ZH}
		if strings.Contains(t.ZH, "%") {
			it.zh = fmt.Sprintf(t.ZH, noun.ZH, placed, verb)
		}
		return it
	}
	// In English "last move" for both the move just made and the
	// caller's: no wider than "candidate", so the key keeps its place.
	trying, just, caller := say(words.StepperMarkTrying), say(words.StepperMarkJust), say(words.StepperMarkCaller)
	if sh.pieces {
		trying, just, caller = say(words.StepperMarkTryingPiece), say(words.StepperMarkJustPiece), say(words.StepperMarkCallerPiece)
	}
	// The candidate's mark in the colour the board gives it at this step:
	// a try's, or the last move's.
	var cand item
	candSt := stTry
	switch {
	case st == nil:
		cand = item{en: trying.en + " / " + just.en, zh: trying.zh + " / " + just.zh}
	case st.sizing:
		for _, w := range []item{trying, just, caller} {
			if textwidth.Cols(w.en) > textwidth.Cols(cand.en) {
				cand.en = w.en
			}
			if textwidth.Cols(w.zh) > textwidth.Cols(cand.zh) {
				cand.zh = w.zh
			}
		}
	default:
		// What marks() put in [ ]: a try's candidate, or the last move.
		cand = trying
		if m := s.marks(st); m.cand != tracer.NoPos && m.candStyle == stPlace {
			cand, candSt = just, stPlace
			if st.e.Kind == tracer.KindReturn {
				cand = caller
			}
		}
	}
	// ( ) on a board of pieces: the legal columns not tried yet, tutorial
	// 004's 可供选择的列表, or only the untried ones when the problem
	// cannot tell legal from illegal.
	choices := s.choicesWords()
	switch {
	case sh.pieces:
		g := s.rec.glyph(sh.lo)
		items = []item{
			{c("["+g+"]", "["+g), candSt, cand.en, cand.zh, keyCand},
			{c("<"+g+">", "<"+g), stClash, "clash", say(words.StepperMarkClash).zh, keyClash},
			{g, stSet, noun.EN, noun.ZH, keySet},
			{">", stSlot, words.StepperMarkRow.EN, words.StepperMarkRow.ZH, keyRow},
			{c("( )", "()"), stSlot, choices.EN, choices.ZH, keySlot},
		}
	case sh.givens:
		// On the screen "与之冲突" (it clashes), "要填的空格" and
		// "搜索中填入", short enough for the Chinese key to keep all five
		// marks in three lines under a 9×9 board at 80×24, and in one
		// line of 80 columns under a 4×4 board and its code; the help
		// says "与之冲突的数字", "本层要填的空格", "搜索中填入的数字".
		clash, slot, set := say(words.StepperMarkClash), say(words.StepperMarkSlotCell), say(words.StepperMarkSet)
		if st != nil {
			clash, slot, set = say(words.StepperMarkClashShort), say(words.StepperMarkSlotCellShort), say(words.StepperMarkSetShort)
		}
		items = []item{
			{c("[7]", "[7"), candSt, cand.en, cand.zh, keyCand},
			{c("<5>", "<5"), stClash, clash.en, clash.zh, keyClash},
			{c("( )", "()"), stSlot, slot.en, slot.zh, keySlot},
			{"5", stGiven, words.StepperMarkGiven.EN, words.StepperMarkGiven.ZH, keyGiven},
			{c("5+", "+5"), stSet, set.en, set.zh, keySet},
		}
	default:
		// Examples from the problem's own values.
		v, clash := s.rec.glyph(min(sh.lo+1, sh.hi)), s.rec.glyph(sh.lo)
		set := clash
		if f := s.rec.start.Fixed(tracer.Pos{}); sh.fixed && f != "" {
			// The board shows the fixed layer's text (a word search's
			// letters), a move's cell marked with "+".
			v, clash, set = f, f, c(f+"+", "+"+f)
		}
		items = []item{
			{c("["+v+"]", "["+v), candSt, cand.en, cand.zh, keyCand},
			{c("<"+clash+">", "<"+clash), stClash, "clash", say(words.StepperMarkClash).zh, keyClash},
			{c("( )", "()"), stSlot, words.StepperMarkSlot.EN, words.StepperMarkSlot.ZH, keySlot},
			{set, stSet, words.StepperMarkPlaced.EN, words.StepperMarkPlaced.ZH, keySet},
		}
	}
	drawn := [numKeyKinds]bool{}
	for k := range drawn {
		drawn[k] = st == nil || st.sizing
	}
	if st != nil && !st.sizing {
		drawn = s.keyKinds(st)
	}
	lines := make([]tline, 0, len(items))
	for _, it := range items {
		l := tline{{it.mark, it.st}, {" " + words.Text{EN: it.en, ZH: it.zh}.In(s.lang), stPlain}}
		if !drawn[it.kind] {
			l = tline{{it.mark, stBlank}, {l[1].s, stBlank}}
		}
		lines = append(lines, l)
	}
	return lines
}

// frameState is what a call on the stack is doing with its slot.
type frameState uint8

const (
	fsNew       frameState = iota // just called: no candidate yet
	fsPlaced                      // its candidate is on the board, a deeper call is working
	fsTry                         // considering a candidate
	fsReject                      // the candidate broke a rule
	fsUndone                      // the candidate was just taken back
	fsExhausted                   // no candidate left
	fsSolution                    // the end condition: the board is full and valid
	fsInvalid                     // the end condition, but the full board is invalid (--when leaf)
	fsReturn                      // returning
	fsStopped                     // a limit stopped the search here
)

// stackFrame is one open call as the step view shows it.
type stackFrame struct {
	node, depth int
	slot        tracer.Pos // the slot it decides (NoPos: not found yet)
	end         bool       // nothing left to decide: the end condition
	pass        bool       // nothing to decide at the slot (a given, the end of a row): it passes on
	value       int        // its current candidate (-1: none)
	cell        tracer.Pos // the cell of that candidate, as its event names it
	state       frameState
	ok          bool // fsReturn: the value returned (see tracer.VoidReturnOK for a void template)
	// below is, at fsReturn, how many solutions were found below the call
	// (at the end condition, none: the solution is the call itself): a
	// template with no return value says so instead of a value.
	below int64
	// legal are the candidates legal at its slot on its board: the start
	// and the moves of the calls above it, the board its loop goes on
	// with once the calls below it return (its own move and theirs
	// undone). Every candidate when the problem cannot tell (no
	// Def.Conflicts).
	legal []int
	// choices are the legal candidates it has not tried yet: tutorial
	// 004's 可供选择的列表 (every untried one when legality is unknown).
	choices []int
	tried   []triedCand // what it has tried at its slot, in order
}

// triedMark is how a tried candidate fared.
type triedMark uint8

const (
	triedFailed triedMark = iota // ✗ the check rejected it (its rule beside it)
	triedOn                      // ✓ placed, and on the board: the path goes through it
	triedBack                    // ↩ placed, its branch came back, and it was undone
)

// triedCand is one candidate a call tried at its slot.
type triedCand struct {
	value int
	mark  triedMark
	rule  tracer.Rule // triedFailed: the rule the check named
}

// legalKnown reports whether the problem tells legal candidates from the
// rest (Def.Conflicts) and the search checks them as it goes (not --when
// leaf, which tries every value and checks the full board): the stack's
// choices are then the legal ones, else every value not tried yet, as
// the search will try them.
func (r *Recording) legalKnown() bool {
	return r.def.Conflicts != nil && r.strategy.When != tracer.WhenLeaf
}

// frames returns the calls open at step k, root first: the calls that have
// started and not returned before event k (a call returning at k included).
// Each frame's choices and tried candidates are worked out here, from the
// recorded events and the board, never in the search.
func (r *Recording) frames(k int64) []stackFrame { return r.framesKnown(k, nil) }

// frameMemo is what framesKnown remembers from one step to the next of a
// walk over the steps (the player's): the frames below the top, which
// depend only on their call and the call it made ({node, the node of the
// call below} -> the frame), and each call's legal candidates at a slot,
// which depend only on the board it stands on (its path's moves). The
// frames it returns share one array, which the next call overwrites.
type frameMemo struct {
	below map[[2]int]stackFrame
	legal map[int]legalAt // by node; forget a call's when it returns
	buf   []stackFrame
	n     int            // the frames in buf, from the call before
	own   []tracer.Event // triedOf's buffer
}

// legalAt is the legal candidates at a slot.
type legalAt struct {
	slot  tracer.Pos
	legal []int
}

func newFrameMemo() *frameMemo {
	return &frameMemo{below: map[[2]int]stackFrame{}, legal: map[int]legalAt{}}
}

// forget drops what the memo holds about call node, child of parent, which
// returned.
func (m *frameMemo) forget(parent, node int) {
	delete(m.below, [2]int{parent, node})
	delete(m.legal, node)
}

// framesKnown is frames, with what known remembers taken from it and
// added to it (nil: nothing remembered).
func (r *Recording) framesKnown(k int64, known *frameMemo) []stackFrame {
	if k < 1 {
		return nil
	}
	e := r.At(k)
	calls := r.chain(e.Node)
	var fs []stackFrame
	if known != nil {
		if cap(known.buf) < len(calls) {
			buf := make([]stackFrame, len(calls), 2*len(calls))
			copy(buf, known.buf[:known.n])
			known.buf = buf
		}
		fs = known.buf[:len(calls)]
		defer func() { known.n = len(calls) }()
	} else {
		fs = make([]stackFrame, len(calls))
	}
	// The path of moves each call stands on (their values, root first),
	// made when the Def says what a call's loop tries from it.
	var path []int
	// The board each call stands on: the start, then the move that led to
	// each call down to it; made when a call's legal candidates are not
	// known yet.
	var board *tracer.Board
	boardAt := -1 // the call whose board it is
	boardOf := func(i int) *tracer.Board {
		if board == nil {
			board, boardAt = r.start.Clone(), 0
		}
		for ; boardAt < i; boardAt++ {
			if c := calls[boardAt+1]; c.Value >= 0 {
				board.Place(c.Cell, c.Value)
			}
		}
		return board
	}
	for i, c := range calls {
		var key [2]int
		if known != nil && i < len(calls)-1 {
			if i+1 < known.n && fs[i].node == c.Node && fs[i+1].node == calls[i+1].Node {
				// Below the top the call before too, under the same call:
				// fs[i] still holds that frame, known.below[key].
				continue
			}
			key = [2]int{c.Node, calls[i+1].Node}
			if f, ok := known.below[key]; ok {
				fs[i] = f
				continue
			}
		}
		f := stackFrame{node: c.Node, depth: c.Depth, slot: tracer.NoPos, value: -1}
		// The candidates its loop tries: the Def's one range for every
		// slot, or what it says of a call on this path.
		lo, hi := r.shape.lo, r.shape.hi
		// The slot, as the events say it: the call's own (NoPos at the end
		// condition), or its scan's for a problem that scans for it.
		if !r.scans {
			f.slot, f.end = c.Slot, c.Slot == tracer.NoPos
		} else if sc, ok := r.scanOf(c.Step, k); ok {
			f.slot, f.end, f.pass = sc.Cell, sc.Cell.Row < 0, sc.Pass
		}
		if r.def.CallLoop != nil && !f.end {
			path = path[:0]
			for _, m := range calls[1 : i+1] {
				path = append(path, m.Value)
			}
			lo, hi, _ = r.def.CallLoop(path)
		}
		// Its own events end where the call below it starts, or at k.
		last := k
		if i < len(calls)-1 {
			f.value, f.cell, f.state = calls[i+1].Value, calls[i+1].Cell, fsPlaced
			last = calls[i+1].Step - 1
		} else {
			r.topState(&f, &e, k)
		}
		if f.end || f.pass {
			fs[i] = f
			continue
		}
		var rescan tracer.Event
		var scratch *[]tracer.Event
		if known != nil {
			scratch = &known.own
		}
		f.tried, rescan = r.triedOf(c, last, scratch)
		if rescan.Step > c.Step+1 {
			// It scanned on after its candidates all failed (--drop
			// return-false): the slot is the one that scan found.
			f.slot, f.end, f.pass = rescan.Cell, rescan.Cell.Row < 0, rescan.Pass
			if f.end || f.pass {
				f.tried = nil
				fs[i] = f
				continue
			}
		}
		if f.slot.Row >= 0 {
			var legal []int
			ok := false
			if known != nil {
				var at legalAt
				at, ok = known.legal[c.Node]
				ok = ok && at.slot == f.slot
				legal = at.legal
			}
			if !ok {
				legal = nil
				b := boardOf(i)
				all := !r.legalKnown()
				for v := lo; v <= hi; v++ {
					if ok, _ := r.def.Legal(b, r.cellOf(f.slot, v), v); ok || all {
						legal = append(legal, v)
					}
				}
				if known != nil {
					known.legal[c.Node] = legalAt{f.slot, legal}
				}
			}
			f.legal = legal
		}
		if f.state != fsExhausted && f.state != fsStopped && !(f.state == fsReturn && !f.ok) {
			for _, v := range f.legal {
				if v > f.value {
					f.choices = append(f.choices, v)
				}
			}
		}
		fs[i] = f
		if known != nil && i < len(calls)-1 {
			known.below[key] = f
		}
	}
	return fs
}

// triedOf returns what the call c has tried at its slot by step last (an
// event of c, or the one before a call it made): its try, reject, place
// and undo events since its call or its latest scan, read backwards,
// each finished call it made skipped whole (from its return to its call
// event). The candidate under a try not yet decided is not in it. scan is
// that latest scan by step last (zero if none).
//
// scratch, if not nil, is a buffer for the events, used again from call to
// call.
func (r *Recording) triedOf(c tracer.Event, last int64, scratch *[]tracer.Event) (tried []triedCand, scan tracer.Event) {
	var own []tracer.Event // newest first
	if scratch != nil {
		own = (*scratch)[:0]
		defer func() { *scratch = own[:0] }()
	}
	for j := last; j > c.Step; j-- {
		e := r.At(j)
		if e.Node != c.Node {
			if e.Kind == tracer.KindReturn {
				if sub, ok := r.callOf(e.Node); ok && sub.Parent == c.Node && sub.Step > c.Step && sub.Step < j {
					j = sub.Step // the loop steps on to the event before that call
					continue
				}
			}
			break
		}
		if e.Kind == tracer.KindScan {
			scan = e
			break
		}
		own = append(own, e)
	}
	var out []triedCand
	pending := -1 // the candidate of the last try, until decided
	for i := len(own) - 1; i >= 0; i-- {
		e := &own[i]
		n := len(out)
		switch e.Kind {
		case tracer.KindTry:
			pending = e.Value
		case tracer.KindReject:
			switch {
			case n > 0 && out[n-1].value == e.Value && out[n-1].mark == triedOn:
				// Placed first, checked after (--when after).
				out[n-1].mark, out[n-1].rule = triedFailed, e.Rule
			case pending == e.Value:
				out = append(out, triedCand{value: e.Value, mark: triedFailed, rule: e.Rule})
			}
			pending = -1
		case tracer.KindPlace:
			out = append(out, triedCand{value: e.Value, mark: triedOn})
			pending = -1
		case tracer.KindUndo:
			if n > 0 && out[n-1].value == e.Value && out[n-1].mark == triedOn {
				out[n-1].mark = triedBack
			}
		}
	}
	return out, scan
}

// topState fills in what the innermost call is doing at event e (step k).
func (r *Recording) topState(f *stackFrame, e *tracer.Event, k int64) {
	switch e.Kind {
	case tracer.KindCall, tracer.KindScan:
		f.state = fsNew
	case tracer.KindTry:
		f.value, f.cell, f.state = e.Value, e.Cell, fsTry
	case tracer.KindReject:
		if r.strategy.When == tracer.WhenLeaf {
			f.state, f.end = fsInvalid, true
		} else {
			f.value, f.cell, f.state = e.Value, e.Cell, fsReject
		}
	case tracer.KindPlace:
		f.value, f.cell, f.state = e.Value, e.Cell, fsPlaced
	case tracer.KindUndo:
		f.value, f.cell, f.state = e.Value, e.Cell, fsUndone
	case tracer.KindSolution:
		f.state = fsSolution
		// A call that records its path before its loop (Subsets: every
		// node is a solution) is at its end only if its Def says so.
		if !r.def.EveryNode || r.def.CallLoop == nil {
			f.end = true
		}
	case tracer.KindExhausted:
		f.state = fsExhausted
	case tracer.KindReturn:
		f.state, f.ok = fsReturn, e.OK
		if c, ok := r.callOf(e.Node); ok && !f.end {
			f.below = r.solutionsBefore(k) - r.solutionsBefore(c.Step)
		}
		if prev := r.At(k - 1); prev.Kind == tracer.KindReturn && prev.Node != e.Node {
			if c, ok := r.callOf(prev.Node); ok {
				f.value, f.cell = c.Value, c.Cell
			}
		}
	case tracer.KindLimit:
		f.state = fsStopped
	}
}

// stackLines draws the call stack in n lines: a header naming the three
// parts of backtracking, then one line per open call, root first. When the
// stack is deeper than the room, the deepest calls keep their rows and
// the calls above them share one line, their path abbreviated ("d0-d22:
// (0,2)=2 … (3,6)=4 (3,7)=2", or "... k more" when not even that fits);
// with room for only the header and one call, the header counts the calls
// left out; with one line, the innermost call does.
func (s *Stepper) stackLines(st *stepState, W, n int) []tline {
	if n <= 0 {
		return nil
	}
	fs := st.frames
	if len(fs) == 0 {
		var lines []tline
		if n >= 2 {
			lines = append(lines, s.stackHeader(W, 0))
		}
		return append(lines, tline{{words.StepperNoCallOpen.In(s.lang), stGrey}})
	}
	rows := s.frameRows(fs, W-2)
	row := func(i int) tline {
		mark := "  "
		sty := stPlain
		if i == len(fs)-1 {
			mark, sty = "> ", stMark
		}
		return append(tline{{mark, sty}}, rows[i]...)
	}
	more := func(k int) tline {
		return tline{{fmt.Sprintf(words.StepperMoreLevels.In(s.lang), k), stGrey}}
	}
	last := len(fs) - 1
	var lines []tline
	switch {
	case len(fs)+1 <= n:
		lines = append(lines, s.stackHeader(W, 0))
		for i := range fs {
			lines = append(lines, row(i))
		}
	case len(fs) == 1:
		// n is 1: the call without the header.
		lines = append(lines, row(0))
	case n >= 3:
		// The header, the path of the calls above in one line, the
		// deepest n-2 calls.
		hidden := len(fs) - (n - 2)
		path := s.pathLine(fs[:hidden], W)
		if path == nil {
			path = more(hidden)
		}
		lines = append(lines, s.stackHeader(W, 0), path)
		for i := hidden; i < len(fs); i++ {
			lines = append(lines, row(i))
		}
	case n == 2:
		lines = append(lines, s.stackHeader(W, last), row(last))
	default:
		l := row(last)
		tail := tline{{"  " + fmt.Sprintf(words.StepperMoreLevelsAbove.In(s.lang), last), stGrey}}
		if l.width()+tail.width() > W {
			l = l.cut(max(0, W-tail.width()))
		}
		lines = append(lines, append(l, tail...))
	}
	return lines
}

// pathLine abbreviates the calls fs (the root and those under it, none
// the innermost) to one line of at most W columns: their depths, then
// their moves, the path so far: "  d0-d22: (0,2)=2 … (3,6)=4 (3,7)=2",
// the first move and as many of the last as fit. It is nil when not even
// the first and the last move fit.
func (s *Stepper) pathLine(fs []stackFrame, W int) tline {
	head := fmt.Sprintf("  d%d-d%d%s", fs[0].depth, fs[len(fs)-1].depth, words.NoteColon.In(s.lang))
	moves := make([]string, len(fs))
	for i, f := range fs {
		moves[i] = s.framePath(f)
	}
	room := W - textwidth.Cols(head)
	if w := textwidth.Cols(strings.Join(moves, " ")); w <= room {
		return tline{{head, stGrey}, {strings.Join(moves, " "), stPlain}}
	}
	// The first move, "…", then the last ones, as many as fit.
	tail := []string{}
	used := textwidth.Cols(moves[0]) + 2 // "(0,2)=2 …"
	for i := len(moves) - 1; i > 0; i-- {
		w := 1 + textwidth.Cols(moves[i])
		if used+w > room {
			break
		}
		used += w
		tail = append([]string{moves[i]}, tail...)
	}
	if len(tail) == 0 {
		return nil
	}
	return tline{{head, stGrey}, {moves[0], stPlain}, {" …", stGrey}, {" " + strings.Join(tail, " "), stPlain}}
}

// stackHeader names the three parts of backtracking as the stack shows
// them (the path, the choices, the end condition) and the tried list, and
// the calls left out above the ones shown when hidden > 0; the longest
// form that fits W.
func (s *Stepper) stackHeader(W, hidden int) tline {
	title, sep := words.StepperCallStack.In(s.lang), words.NoteColon.In(s.lang)
	short := words.StepperStack.In(s.lang)
	var long, mid, tiny []string // the parts after the title
	end, endLong := s.rec.endWords()
	// Tutorial 004's words: 可供选择的列表; the rows say 可供选择.
	list, word := s.choiceListWords().In(s.lang), s.choicesWords().In(s.lang)
	head := func(t words.Text, list string, end tracer.Text) string {
		return fmt.Sprintf(t.In(s.lang), list, end.In(s.lang))
	}
	long = []string{head(words.StepperHeadLong, list, endLong), head(words.StepperHeadLong, list, end)}
	mid = []string{head(words.StepperHeadMid, list, end)}
	tiny = []string{head(words.StepperHeadTiny, word, end)}
	if s.lang == tracer.LangZH {
		// Chinese has no middle form: the short path is among the long.
		long, mid = append(long, mid...), nil
	}
	count := func(t string) string {
		if hidden == 0 {
			return t
		}
		return t + fmt.Sprintf(words.StepperMoreLevelsHidden.In(s.lang), hidden)
	}
	var forms []string
	for _, f := range long {
		forms = append(forms, count(title)+sep+f)
	}
	// The parts in full before the title in full.
	forms = append(forms, count(short)+sep+long[len(long)-1])
	for _, f := range mid {
		forms = append(forms, count(short)+sep+f)
	}
	for _, f := range tiny {
		forms = append(forms, count(short)+sep+f)
	}
	forms = append(forms, count(short)+sep)
	for _, f := range forms {
		if textwidth.Cols(f) <= W {
			return tline{{f, stHead}}
		}
	}
	return tline{{forms[len(forms)-1], stHead}}
}

// choicesWords names the ( ) mark of a board of pieces and the label of
// a frame's choices: the legal candidates not tried yet ("choices" /
// "可供选择"), or the untried ones when legality is unknown.
func (s *Stepper) choicesWords() tracer.Text {
	if s.rec.legalKnown() {
		return tracer.Text(words.StepperChoices)
	}
	return tracer.Text(words.StepperUntried)
}

// choiceListWords name the stack's column of choices in its header:
// "choices (legal, untried)" / "可供选择的列表" (tutorial 004's words), or
// "untried" / "未试的候选" when legality is not known or not checked.
func (s *Stepper) choiceListWords() tracer.Text {
	if s.rec.legalKnown() {
		return tracer.Text(words.StepperHeadChoices)
	}
	return tracer.Text(words.StepperHeadUntried)
}

// triedDetail is how much a tried list says of each failed candidate.
// At every detail, failed candidates in a row that one rule rejected are
// folded into one mark, their values as ranges ("✗1–5 同行"), so that a
// value is never read as the rule's ("✗1 2 3 同行" read "1 failed; 2,
// 3 …"); a screen's stack uses one detail for all its rows.
type triedDetail uint8

const (
	triedWords triedDetail = iota // "✗1–5 row ✗6 col", "✗1–5 同行", "✗0 ↗"
	triedTags                     // "✗1–5r", "✗1–5行", "✗0↗": one character of the rule
	triedBare                     // "✗1–8": no rule
)

// ruleMark returns the rule's mark for a tried list (RuleWords.Mark, or
// its Short, or its name), or at detail triedTags one character of it:
// the first of the English, the last of the Chinese ("r", "行").
func (s *Stepper) ruleMark(r tracer.Rule, detail triedDetail) string {
	w := s.rec.def.RuleWordsOf(r)
	m := w.Mark.In(s.lang)
	if m == "" {
		m = w.Short.In(s.lang)
	}
	if m == "" {
		m = r.String()
	}
	if detail != triedTags || utf8.RuneCountInString(m) <= 1 {
		return m
	}
	if s.lang == tracer.LangZH {
		last, _ := utf8.DecodeLastRuneInString(m)
		return string(last)
	}
	first, _ := utf8.DecodeRuneInString(m)
	return string(first)
}

// triedSpans writes a tried list at the given detail: "✗0 col ✗1 ↗ ✓2",
// a failed candidate with its rule, failures in a row by one rule (any
// rule at triedBare) folded into one mark ("✗1–5 row", "✗0,2 col"), ✓ on
// the one on the board, ↩ on one whose branch came back.
func (s *Stepper) triedSpans(tried []triedCand, detail triedDetail) tline {
	l := tline{{words.StepperTried.In(s.lang), stPlain}}
	for i := 0; i < len(tried); i++ {
		t := tried[i]
		if i > 0 {
			l = append(l, span{" ", stPlain})
		}
		v := s.rec.valueText(t.value)
		switch t.mark {
		case triedFailed:
			j := i + 1
			for j < len(tried) && tried[j].mark == triedFailed && (detail == triedBare || tried[j].rule == t.rule) {
				j++
			}
			vals := make([]int, 0, j-i)
			for _, c := range tried[i:j] {
				vals = append(vals, c.value)
			}
			i = j - 1
			text := "✗" + s.foldValues(vals)
			switch detail {
			case triedWords:
				text += " " + s.ruleMark(t.rule, detail)
			case triedTags:
				text += s.ruleMark(t.rule, detail)
			}
			l = append(l, span{text, stFail})
		case triedOn:
			l = append(l, span{"✓" + v, stOn})
		default:
			l = append(l, span{"↩" + v, stPlain})
		}
	}
	return l
}

// foldValues writes values tried in a row as ranges: three or more
// consecutive ones as "1–5", the rest joined by commas ("0,2", "1–3,5").
func (s *Stepper) foldValues(vals []int) string {
	var b strings.Builder
	for i := 0; i < len(vals); {
		j := i + 1
		for j < len(vals) && vals[j] == vals[j-1]+1 {
			j++
		}
		if i > 0 {
			b.WriteByte(',')
		}
		b.WriteString(s.rec.valueText(vals[i]))
		switch {
		case j-i >= 3:
			b.WriteString("–" + s.rec.valueText(vals[j-1]))
		case j-i == 2:
			b.WriteString("," + s.rec.valueText(vals[j-1]))
		}
		i = j
	}
	return b.String()
}

// frameRows draws each frame in at most W columns: its columns, aligned
// (depth, node, the slot and its value: the path, what the call is
// doing), then its choices and what it has tried. A row too wide first
// drops the alignment of its tried list, then says less of each failed
// candidate (a run of failures by one rule names it once, then a rule is
// one character, then none), and is cut, with "…" at the end, only when
// even that is too wide. A return that says how many solutions lie below
// it ("return (1 solution below)", which the note says too) says only
// "return" when that lets the tried lists say more.
func (s *Stepper) frameRows(fs []stackFrame, W int) []tline {
	rows, less := s.frameRowsAt(fs, W)
	if less == 0 {
		return rows
	}
	var short []stackFrame
	for i, f := range fs {
		if f.state == fsReturn && f.below > 0 {
			if short == nil {
				short = slices.Clone(fs)
			}
			short[i].below = 0
		}
	}
	if short == nil {
		return rows
	}
	if rs, l := s.frameRowsAt(short, W); l < less {
		return rs
	}
	return rows
}

// frameRowsAt is frameRows with the frames' labels as they are; less
// counts how much less the rows say than they could: each step of detail
// a row's tried list drops, and one more for a row cut.
func (s *Stepper) frameRowsAt(fs []stackFrame, W int) (rows []tline, less int) {
	r := s.rec
	cols := make([][4]string, len(fs))
	var w [4]int
	for i, f := range fs {
		cols[i] = [4]string{fmt.Sprintf("d%d", f.depth), fmt.Sprintf("#%d", f.node), s.framePath(f), s.frameStateText(f)}
		for j := range w {
			w[j] = max(w[j], textwidth.Cols(cols[i][j]))
		}
	}
	label := s.choicesWords().In(s.lang) + words.NoteColon.In(s.lang)
	choices := make([]string, len(fs))
	cw := 0 // the widest choices, for the tried lists to line up
	for i, f := range fs {
		switch {
		case f.end || f.pass || f.slot.Row < 0:
		case len(f.choices) == 0:
			choices[i] = label + words.StepperNone.In(s.lang)
		default:
			vals := make([]string, len(f.choices))
			for j, v := range f.choices {
				vals[j] = r.valueText(v)
			}
			choices[i] = label + strings.Join(vals, " ")
		}
		if len(f.tried) > 0 {
			cw = max(cw, textwidth.Cols(choices[i]))
		}
	}
	heads := make([]tline, len(fs))
	for i := range fs {
		var b strings.Builder
		for j, c := range cols[i] {
			b.WriteString(c)
			b.WriteString(strings.Repeat(" ", w[j]-textwidth.Cols(c)+1))
		}
		heads[i] = tline{{b.String(), stPlain}, {choices[i], stPlain}}
	}
	// One detail for every row: the most that lets all of them fit, the
	// tried lists lined up if they still fit so.
	withTried := 0
	for _, f := range fs {
		if len(f.tried) > 0 {
			withTried++
		}
	}
	for _, detail := range []triedDetail{triedWords, triedTags, triedBare} {
		less = int(detail) * withTried // each step of detail dropped, on every row
		for _, pad := range []bool{true, false} {
			rows = make([]tline, len(fs))
			fit := true
			for i, f := range fs {
				if len(f.tried) == 0 {
					rows[i] = heads[i]
					continue
				}
				gap := 2
				if pad {
					gap += cw - textwidth.Cols(choices[i])
				}
				if choices[i] == "" {
					gap = 0
				}
				rows[i] = append(append(slices.Clip(heads[i]), span{strings.Repeat(" ", gap), stPlain}), s.triedSpans(f.tried, detail)...)
				fit = fit && rows[i].width() <= W
			}
			if fit {
				return rows, less
			}
		}
	}
	for i, row := range rows {
		if row.width() > W {
			rows[i] = append(row.cut(max(0, W-1)), span{"…", stPlain})
			less++
		}
	}
	return rows, less
}

// framePath is the frame's place on the path: its move (or the slot it
// is deciding), "end", or at order cells the given or the row's end it
// passes over.
func (s *Stepper) framePath(f stackFrame) string {
	r := s.rec
	switch {
	case f.end && r.Strategy().Drop == tracer.DropReturnFalse:
		// Without "return false" the call whose loops ran off the board
		// need not stand on a full board: not the end condition.
		return words.StepperPastLastCell.In(s.lang)
	case f.end:
		return words.StepperEnd.In(s.lang)
	case f.pass && f.slot.Col >= r.shape.cols:
		// Order cells: the end of a row, a call of its own.
		return fmt.Sprintf(words.StepperRowEnd.In(s.lang), f.slot.Row, f.slot.Col)
	case f.pass:
		// Order cells: a given, passed over with no move.
		if v, ok := r.start.At(f.slot); ok {
			return r.moveLabel(f.slot, v) + words.StepperGiven.In(s.lang)
		}
		return fmt.Sprintf(words.StepperGiven2.In(s.lang), f.slot)
	case f.value >= 0:
		return r.moveLabel(f.cell, f.value)
	case f.slot.Row >= 0 && r.def.Board.Slot == tracer.SlotFrom:
		// A step from the slot to a cell still to choose: "(1,3)→?"; the
		// root steps from nowhere ("?").
		if f.depth == 0 {
			return "?"
		}
		return f.slot.String() + "→?"
	case f.slot.Row >= 0 && r.def.Words.Slot != nil:
		// A list's "position 3=?": its move (the number) does not say
		// where it goes.
		return r.def.Words.Slot(f.slot).In(s.lang) + "=?"
	case f.slot.Row >= 0:
		return r.openMove(f.slot)
	}
	return "?"
}

// frameStateText says in a word or two what a call is doing.
func (s *Stepper) frameStateText(f stackFrame) string {
	kind := s.kindName
	switch f.state {
	case fsPlaced:
		return ""
	case fsTry:
		return kind(tracer.KindTry)
	case fsReject:
		return kind(tracer.KindReject)
	case fsUndone:
		return kind(tracer.KindUndo)
	case fsExhausted:
		return kind(tracer.KindExhausted)
	case fsSolution:
		return kind(tracer.KindSolution)
	case fsInvalid:
		return tracer.LeafFailWords.Name.In(s.lang)
	case fsReturn:
		return tracer.ReturnWords(s.rec.strategy, f.ok, f.below).In(s.lang)
	case fsStopped:
		return kind(tracer.KindLimit)
	}
	return ""
}
