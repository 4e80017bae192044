package tracer

import (
	"encoding/binary"
	"fmt"
	"slices"
	"strconv"
	"strings"

	"github.com/backtrack-edu/backtrack/tracer/words"
)

// Narrator writes one short note per event of one search: what happened and
// why, in the tutorials' terms. It learns the problem from Info and the
// check timing and stop rule from Strategy; the rest (which call is open,
// which slot it decides, what the last event was) it learns from the events
// themselves, so it must see every event of the search, in order. A Narrator
// is cheap: Note does a few comparisons and one Sprintf; only a reject does
// more, rebuilding the board of the open calls (the start board and their
// moves) to name every cell the candidate clashes with (Def.Conflicts).
type Narrator struct {
	def   *Def
	w     *Words
	size  int
	order Order
	when  When
	stop  Stop
	drop  Drop // DropReturnFalse: an exhausted call scans on
	zh    bool
	start *Board // the start board, for the value of a given (nil: none)
	// work is the board of the open calls: start with the move of every
	// open call on it, kept as calls are made and return, for finding
	// every clash of a reject (see moreConflicts). nil unless the problem
	// has Def.Conflicts.
	work *Board
	// wrong is set once a call returned true over a board with blanks
	// (--drop return-false): the true that goes up the chain is wrong.
	wrong bool
	// givens[i] is the number of given cells before cell i in reading
	// order (Sudoku), so a scan can say how many givens it skipped.
	givens []int

	frames    []frame // the open calls, root first
	prev      Event   // the previous event (Step 0: none yet)
	solutions int64
	calls     int64
	// retSols is how many solutions the last call to return found below
	// it: with --all, a branch that returns false may still have held some.
	retSols int64
	// named[r] says that a note has named rule r already: the first note
	// that names it uses its Intro (Sudoku's "同宫（3×3 九宫格）重复").
	named [NumRules]bool

	// The notes of a try and of a place depend on the move alone: they
	// are kept by move (moveKey), up to memoMoves of each, as most moves
	// are tried many times over; tryNext and noneLeft are the ends of an
	// undo's note.
	tryNotes, placeNotes map[uint64]*keptNote
	tryNext, noneLeft    string
	// The note of a reject depends on its clash alone (the check timing,
	// the move, the rule, the witness and the other clashes): kept by
	// clash, up to memoRejects, keyed by the bytes rejectKey writes in
	// keyBuf.
	rejectNotes map[string]*keptNote
	keyBuf      []byte
	moreBuf     []Conflict // moreConflicts' answer, reused
	allBuf      []Conflict // every clash of a reject (Def.AppendConflictsOf), reused
	// What a call decides depends on its CallFacts alone, and the move
	// that led to it is named the same way each time: both are kept too.
	decideNotes map[CallFacts]string
	afterNotes  map[uint64]string
	// An undo's note depends on its move and on how the step before
	// ended the branch (undoKey); an exhausted call's on its cell and the
	// solutions below it; a failed call's return on the move that led to
	// it and what its caller has left (returnKey). All are kept.
	undoNotes      map[undoKey]*keptNote
	exhaustedNotes map[exhaustedKey]*keptNote
	returnNotes    map[returnKey]*keptNote
	buf            []byte // a call's note, built

	// form appends a note in the form AppendNote writes (SetForm; nil:
	// as it is); kept is the kept note the last note came from (nil:
	// one made anew), whose form is made once and then copied.
	form func(dst []byte, s string) []byte
	kept *keptNote
}

// keptNote is a note a Narrator keeps, with its form (SetForm) once
// AppendNote has written it.
type keptNote struct {
	s string
	f []byte
}

// undoKey is what an undo's note depends on.
type undoKey struct {
	move uint64
	kind uint8 // which ending of the branch (see noteUndo)
	rule Rule  // the rule of the reject before, for kind undoRejected
	sols int64 // the solutions of the branch, for kind undoDone
	stop Stop
}

// exhaustedKey is what an exhausted call's note depends on.
type exhaustedKey struct {
	cell  Pos
	below int64
	stop  Stop
}

// returnKey is what the return of a failed call that a move led to
// depends on: the move, the solutions below it, whether the caller found
// some before, and the template.
type returnKey struct {
	move        uint64
	below       int64
	callerFound bool
	stop        Stop
}

// memoKeep returns the note m holds for key, or makes it with f and
// keeps it while m has room; n.kept is then the entry (nil: not kept).
func memoKeep[K comparable](n *Narrator, m *map[K]*keptNote, key K, f func() string) string {
	if k, ok := (*m)[key]; ok {
		n.kept = k
		return k.s
	}
	s := f()
	if *m == nil {
		*m = map[K]*keptNote{}
	}
	if len(*m) < memoMoves {
		k := &keptNote{s: s}
		(*m)[key] = k
		n.kept = k
	}
	return s
}

// memoRejects bounds the reject notes a Narrator keeps.
const memoRejects = 1 << 18

// memoMoves bounds the try and place notes a Narrator keeps.
const memoMoves = 1 << 16

// moveKey packs a move for the note memos.
func moveKey(cell Pos, v int) uint64 {
	return uint64(uint32(cell.Row))<<42 | uint64(uint32(cell.Col)&0x1fffff)<<21 | uint64(uint32(v)&0x1fffff)
}

// memo returns the note m holds for key, or makes it with f and keeps it
// while m has room.
func memo(m *map[uint64]string, key uint64, f func() string) string {
	if s, ok := (*m)[key]; ok {
		return s
	}
	s := f()
	if *m == nil {
		*m = map[uint64]string{}
	}
	if len(*m) < memoMoves {
		(*m)[key] = s
	}
	return s
}

// frame is one open call.
type frame struct {
	node   int
	move   Pos   // the move that led here (NoPos at the root)
	mv     int   // its value (-1 at the root and after a pass)
	sols   int64 // solutions found before the call started
	slot   Pos   // the slot its call or its last scan names (NoPos: none yet, or none left)
	pass   bool  // its scan passes: nothing to decide at the slot
	looped bool  // it scanned on after an exhausted (--drop return-false)
}

// NewNarrator returns a narrator for the search of the problem described by
// info with the given strategy. An unknown lang falls back to English; an
// empty When or Stop means the defaults of Run (before, first).
func NewNarrator(info Info, strategy Strategy, lang Lang) *Narrator {
	def := info.Def
	if def == nil {
		def, _ = Lookup(info.Problem)
	}
	if def == nil {
		def = plainDef
	}
	strategy = strategy.Filled(info)
	n := &Narrator{
		def:   def,
		w:     &def.Words,
		size:  info.Size,
		order: strategy.Order,
		when:  strategy.When,
		stop:  strategy.Stop,
		drop:  strategy.Drop,
		zh:    lang == LangZH,
	}
	if b, err := startOf(def, info); err == nil && b != nil {
		n.start = b
		if def.Conflicts != nil {
			n.work = b.Clone()
		}
		// Givens before each cell in reading order, for scans.
		cells := b.Rows * b.Cols
		n.givens = make([]int, cells+1)
		for i := 0; i < cells; i++ {
			n.givens[i+1] = n.givens[i]
			if b.Given(Pos{Row: i / b.Cols, Col: i % b.Cols}) {
				n.givens[i+1]++
			}
		}
	}
	return n
}

// RuleNamed tells n that rule r was named by a note before the events it
// is about to see: a reader that narrates from the middle of a search (the
// stepper, which does not replay every event) and knows the rule was met
// before calls it, so the rule is introduced only once, as in a full replay.
func (n *Narrator) RuleNamed(r Rule) {
	if r < NumRules {
		n.named[r] = true
	}
}

// WrongReturned tells n that, before the events it is about to see, a
// call returned true over a board with blanks (--drop return-false): the
// trues that follow it up the chain are wrong too. Like RuleNamed, it is
// for a reader that narrates from the middle of a search.
func (n *Narrator) WrongReturned() { n.wrong = true }

// ruleWords returns the words of rule r for a note, its Name replaced by
// its Intro the first time a note names it.
func (n *Narrator) ruleWords(r Rule) RuleWords {
	w := n.def.RuleWordsOf(r)
	if r < NumRules && !n.named[r] {
		n.named[r] = true
		w.Name = n.def.IntroWords(r, n.size)
	}
	return w
}

// thing names a move in notes: what it put where, in the cell form the
// problem's own notes use ("the queen at (1,2)", "(0,8) 的 8"), so that a
// call, its return and the undo that follows write the move the same way;
// the Def's move label ("r1=c2") only for a problem without Words.Thing.
func (n *Narrator) thing(cell Pos, v int) Text {
	if n.w.Thing == nil {
		m := n.def.MoveLabel(cell, v)
		return Text{EN: m, ZH: m}
	}
	return n.w.Thing(v, cell)
}

// in returns t in the narrator's language.
func (n *Narrator) in(t Text) string { return n.text(words.Text(t)) }

// Note returns the note for e, one line with no newline, and updates the
// narrator's view of the search. Call it for every event, in order; a
// narrator that missed the start of a search still writes a note for each
// event, with less context.
func (n *Narrator) Note(e *Event) string {
	if e == nil {
		return ""
	}
	s := n.note(e)
	n.update(e)
	return s
}

// SetForm sets the form AppendNote writes notes in: form appends the note
// s to dst as its caller writes it (a step log, say, as a quoted scalar).
// The notes n keeps (those of tries, places, most rejects, undos and
// returns) are put in that form once, and then copied. nil (the start)
// appends notes as they are.
func (n *Narrator) SetForm(form func(dst []byte, s string) []byte) {
	n.form = form
	// The notes kept so far may hold another form: kept anew.
	n.tryNotes, n.placeNotes, n.rejectNotes = nil, nil, nil
	n.undoNotes, n.exhaustedNotes, n.returnNotes = nil, nil, nil
}

// AppendNote appends the note for e, in the form SetForm set, to dst and
// returns the extended slice, as Note does with no string made for a note
// n keeps. An empty note appends nothing, whatever the form. It updates
// the narrator's view of the search as Note does: call one of them for
// every event, in order.
func (n *Narrator) AppendNote(dst []byte, e *Event) []byte {
	if e == nil {
		return dst
	}
	n.kept = nil
	s := n.note(e)
	switch k := n.kept; {
	case s == "":
	case n.form == nil:
		dst = append(dst, s...)
	case k != nil && k.s == s:
		if k.f == nil {
			k.f = n.form(nil, s)
		}
		dst = append(dst, k.f...)
	default:
		dst = n.form(dst, s)
	}
	n.update(e)
	return dst
}

// update follows the search: the open calls, the solutions, the last event.
func (n *Narrator) update(e *Event) {
	switch e.Kind {
	case KindCall:
		n.calls++
		// Its slot as the call says it (a scanning problem's scan, next,
		// says it then).
		n.frames = append(n.frames, frame{node: e.Node, move: e.Cell, mv: e.Value, sols: n.solutions, slot: e.Slot})
		if n.work != nil && e.Value >= 0 && e.Cell != NoPos {
			n.work.Place(e.Cell, e.Value)
		}
	case KindScan:
		if f := n.top(e); f != nil {
			f.looped = f.looped || n.prev.Kind == KindExhausted && n.prev.Node == e.Node
			f.slot, f.pass = e.Cell, e.Pass
		}
	case KindReject:
		// The events themselves tell the check timing, should the strategy
		// given to NewNarrator be wrong: see noteReject.
		switch p := &n.prev; {
		case p.Kind == KindPlace && p.Node == e.Node && p.Cell == e.Cell && p.Value == e.Value:
			n.when = WhenAfter
		case p.Step != 0 && p.Node == e.Node && (p.Kind == KindCall || p.Kind == KindScan):
			n.when = WhenLeaf
		}
	case KindUndo:
		// A move undone after its call returned true: not the first-solution rule.
		if n.prev.Kind == KindReturn && n.prev.OK && n.stop == StopFirst {
			n.stop = StopAll
		}
	case KindSolution:
		n.solutions++
	case KindReturn:
		if e.OK && n.ranPastEnd(e) {
			n.wrong = true
		}
		n.retSols = 0
		for i := len(n.frames) - 1; i >= 0; i-- {
			if n.frames[i].node == e.Node {
				n.retSols = n.solutions - n.frames[i].sols
				if n.work != nil {
					n.takeBack(n.frames[i:], n.frames[:i])
				}
				n.frames = n.frames[:i]
				break
			}
		}
	}
	n.prev = *e
}

// takeBack takes the moves of the calls gone (returned) off the work
// board: each cell gets back its start value, or the move of a call still
// open on it, as if the board were built anew from the open calls.
func (n *Narrator) takeBack(gone, open []frame) {
	for j := len(gone) - 1; j >= 0; j-- {
		f := gone[j]
		if f.mv < 0 || f.move == NoPos {
			continue
		}
		n.work.Restore(f.move, n.start)
		for _, o := range open {
			if o.mv >= 0 && o.move == f.move {
				n.work.Place(o.move, o.mv)
			}
		}
	}
}

// top returns the open call e belongs to, or nil if the narrator has not
// seen it.
func (n *Narrator) top(e *Event) *frame {
	for i := len(n.frames) - 1; i >= 0; i-- {
		if n.frames[i].node == e.Node {
			return &n.frames[i]
		}
	}
	return nil
}

// text returns a phrase of the catalog in the narrator's language.
func (n *Narrator) text(t words.Text) string {
	if n.zh {
		return t.ZH
	}
	return t.EN
}

// say formats a phrase of the catalog in the narrator's language; the
// Chinese may use explicit indexes (%[2]s) to reorder the arguments.
func (n *Narrator) say(t words.Text, args ...any) string {
	return fmt.Sprintf(n.text(t), args...)
}

func (n *Narrator) note(e *Event) string {
	switch e.Kind {
	case KindCall:
		return n.noteCall(e)
	case KindScan:
		return n.noteScan(e)
	case KindTry:
		return memoKeep(n, &n.tryNotes, moveKey(e.Cell, e.Value), func() string { return n.in(n.w.Try(e.Cell, e.Value)) })
	case KindReject:
		return n.noteReject(e)
	case KindPlace:
		return n.notePlace(e)
	case KindUndo:
		return n.noteUndo(e)
	case KindSolution:
		return n.noteSolution(e)
	case KindExhausted:
		return n.noteExhausted(e)
	case KindReturn:
		return n.noteReturn(e)
	case KindLimit:
		return n.noteLimit(e)
	}
	return n.say(words.NoteEventStep, e.Kind, e.Step)
}

// val writes a candidate value.
func (n *Narrator) val(v int) string { return n.w.Value(v) }

// candidate names what a call tries: "digit"/"column", "数字"/"列".
func (n *Narrator) candidate() string { return n.in(n.w.Candidate) }

// nextCandidate is "the next digit"/"the next column", "下一个数字"/"下一列".
func (n *Narrator) nextCandidate() string { return n.in(n.w.NextCandidate) }

// solutionsText is "1 solution", "2 solutions" / "1 个解".
func (n *Narrator) solutionsText(k int64) string {
	if n.zh {
		return n.solutionsIn(k, LangZH)
	}
	return n.solutionsIn(k, LangEN)
}

// solutionsIn is solutionsText in lang.
func (n *Narrator) solutionsIn(k int64, lang Lang) string {
	return words.Count(lang, k, words.Solutions)
}

// lastCandidate is the last value tried at a slot.
func (n *Narrator) lastCandidate() int { return n.w.Last(n.size) }

// void reports a template that returns nothing: every solution is wanted
// (tutorial 004's dfs), or the return value is dropped.
func (n *Narrator) void() bool { return Strategy{Stop: n.stop}.Void() }

// voided is a Words sentence under the narrator's template: "→ return
// false" becomes "→ return" where the function returns nothing.
func (n *Narrator) voided(s string) string {
	if !n.void() {
		return s
	}
	s = strings.Replace(s, words.NoteArrowReturnFalse.EN, words.NoteArrowReturn.EN, 1)
	return strings.Replace(s, words.NoteArrowReturnFalse.ZH, words.NoteArrowReturn.ZH, 1)
}

// ranPastEnd reports a return right after the call's own loops ran past
// the last cell (--drop return-false): the event before is its scan, after
// an exhausted, that found no slot.
func (n *Narrator) ranPastEnd(e *Event) bool {
	p := &n.prev
	if p.Step == 0 || p.Kind != KindScan || p.Node != e.Node || p.Cell != NoPos {
		return false
	}
	f := n.top(e)
	return f != nil && f.looped
}

// parentSlot is the slot the caller of call e decides (NoPos: unknown).
func (n *Narrator) parentSlot(e *Event) Pos {
	for i := len(n.frames) - 1; i >= 0; i-- {
		if n.frames[i].node == e.Parent {
			return n.frames[i].slot
		}
	}
	return NoPos
}

// blanks counts the blank cells a scan past the end leaves behind: the
// cells of the start board that no move fills now. It is -1 when the
// narrator cannot tell (no board).
func (n *Narrator) blanks() int {
	if n.start == nil {
		return -1
	}
	k := 0
	for r := range n.start.Rows {
		for c := range n.start.Cols {
			if !n.start.Given(Pos{Row: r, Col: c}) {
				k++
			}
		}
	}
	for _, f := range n.frames {
		if f.mv >= 0 && f.move != NoPos {
			k--
		}
	}
	return k
}

func (n *Narrator) noteCall(e *Event) string {
	// Appended, not fmt: every call has a note. What a call decides
	// and how a move is named are kept (decideNotes, afterNotes).
	b := n.buf[:0]
	b = append(b, n.text(words.NoteCall)...)
	b = strconv.AppendInt(b, int64(e.Node), 10)
	switch {
	case e.Depth == 0:
		b = append(b, n.text(words.NoteRootDepth)...)
		b = strconv.AppendInt(b, int64(e.Depth), 10)
		b = append(b, n.text(words.NoteCloseParen)...)
	case e.Value < 0:
		// A call after a pass: "return helper(row, col+1)", no move.
		prev := n.parentSlot(e)
		what := n.in(n.w.Decide(CallFacts{Depth: e.Depth, Size: n.size, Order: n.order, Prev: prev, Slot: e.Slot}))
		return n.say(words.NoteCallDepthNoMoveMade, e.Node, e.Depth, what)
	default:
		// "由 … 进入": the move that led here ("上一步" is the stepper's
		// key for the previous step).
		after := memo(&n.afterNotes, moveKey(e.Cell, e.Value), func() string {
			return zhSpace(n.in(n.thing(e.Cell, e.Value)), n.zh, true, true)
		})
		b = append(b, n.text(words.NoteDepth)...)
		b = strconv.AppendInt(b, int64(e.Depth), 10)
		pre, post, _ := strings.Cut(n.text(words.NoteAfter), "%s")
		b = append(b, pre...)
		b = append(b, after...)
		b = append(b, post...)
	}
	if t, ok := n.onPath(n.when, e); ok {
		// What the call decides, said from its path: at Combination
		// Sum's end the sum is the target, and it chooses nothing.
		b = append(b, n.text(words.NoteColon)...)
		b = append(b, t...)
		n.buf = b
		return string(b)
	}
	c := CallFacts{Depth: e.Depth, Size: n.size, Order: n.order, Root: e.Value < 0, Prev: e.Cell, Slot: e.Slot}
	what, ok := n.decideNotes[c]
	if !ok {
		what = n.in(n.w.Decide(c))
		if n.decideNotes == nil {
			n.decideNotes = map[CallFacts]string{}
		}
		if len(n.decideNotes) < memoMoves {
			n.decideNotes[c] = what
		}
	}
	b = append(b, n.text(words.NoteColon)...)
	b = append(b, what...)
	n.buf = b
	return string(b)
}

func (n *Narrator) noteScan(e *Event) string {
	p := &n.prev
	if p.Step != 0 && p.Kind == KindExhausted && p.Node == e.Node {
		return n.noteScanOn(e, p.Cell)
	}
	if e.Pass {
		return n.notePass(e)
	}
	if e.Cell.Row < 0 {
		if e.From.Row < 0 {
			return n.text(words.NoteNoCellLeftAfterLast)
		}
		return n.say(words.NoteScanFromNoEmptyCell, e.From, n.filled(e, false))
	}
	if n.def.OrderTraits(n.order).Options || e.Value > 0 {
		switch e.Value {
		case 0:
			return n.say(words.NoteMrvDecideNoDigitFits, e.Cell)
		case 1:
			return n.say(words.NoteMrvDecideOnly1Digit, e.Cell)
		}
		return n.say(words.NoteMrvDecideOnlyDigitsFit, e.Cell, e.Value)
	}
	if n.def.OrderTraits(n.order).Passes {
		// A call that stands on its own cell: the scan looked at it alone.
		return n.say(words.NoteEmptyDecideHere, e.Cell)
	}
	if e.Skipped == 0 {
		return n.say(words.NoteScanFromEmptyDecide, e.From)
	}
	return n.say(words.NoteScanFromSkipDecide,
		e.From, n.filled(e, true), e.Cell)
}

// noteScanOn is the note of a scan after an exhausted at left: the
// template has no "return false", so its loops go on past the blank left.
func (n *Narrator) noteScanOn(e *Event, left Pos) string {
	head := n.say(words.NoteNoReturnFalseAfterDigit, left)
	if e.Cell.Row < 0 {
		if n.void() {
			return head + n.text(words.NotePastLastCellFunctionEnds)
		}
		return head + n.text(words.NotePastLastCellLastLine)
	}
	if e.Skipped == 0 {
		return head + n.say(words.NoteNextEmptyCell, e.Cell)
	}
	return head + n.say(words.NoteSkipDecide, n.filled(e, true), e.Cell)
}

// notePass is the note of a scan that finds nothing to decide at its slot
// (order cells): a given, or the end of a row.
func (n *Narrator) notePass(e *Event) string {
	at := e.Cell
	if at.Col >= n.size {
		return n.say(words.NoteColumnPastEndRowGo, at.Col, at.Row, at.Row+1)
	}
	v := ""
	if n.start != nil {
		if d, ok := n.start.At(at); ok && n.start.Given(at) {
			v = " " + n.val(d)
		}
	}
	return n.say(words.NoteHoldsGivenNothingFillGo, at, v, at.Row, at.Col+1)
}

// filled says which filled cells a scan passed over, telling givens from
// cells filled by earlier moves when the puzzle is known: "2 givens",
// "5 filled cells (3 givens, 2 placed earlier)" / "2 个预设数字", ...; without
// total, a mix is only "3 givens, 2 placed earlier".
func (n *Narrator) filled(e *Event, total bool) string {
	k := e.Skipped
	givens := -1
	if n.givens != nil && e.From.Row >= 0 && e.Cost > 0 {
		lo := e.From.Row*n.size + e.From.Col
		hi := lo + e.Cost
		if lo >= 0 && hi < len(n.givens) {
			givens = n.givens[hi] - n.givens[lo]
		}
	}
	cells := n.count(k, words.NoteFilledCell)
	switch {
	case givens == k:
		return n.count(k, words.NoteGiven)
	case givens == 0:
		return n.count(k, words.NoteCellFilledEarlier)
	case givens > 0 && givens < k && total:
		return n.say(words.NotePlacedEarlier, cells,
			n.count(givens, words.NoteGiven), k-givens)
	case givens > 0 && givens < k:
		return n.say(words.NotePlacedEarlier2,
			n.count(givens, words.NoteGiven), k-givens)
	}
	return cells
}

// count writes a count with its noun: "1 given", "2 givens", "2 个预设数字".
func (n *Narrator) count(k int, w words.Noun) string {
	if n.zh {
		return words.Count(LangZH, k, w)
	}
	return words.Count(LangEN, k, w)
}

// onPath returns the note Words.OnPath writes for e with the path of the
// open calls' moves, if the problem has one for it.
func (n *Narrator) onPath(when When, e *Event) (string, bool) {
	if n.w.OnPath == nil {
		return "", false
	}
	path := make([]int, 0, len(n.frames))
	for _, f := range n.frames {
		if f.mv >= 0 && f.move != NoPos {
			path = append(path, f.mv)
		}
	}
	t, ok := n.w.OnPath(when, e, path)
	if !ok {
		return "", false
	}
	return n.in(t), true
}

func (n *Narrator) noteReject(e *Event) string {
	// The event before tells the check timing; with none seen, the strategy.
	p := &n.prev
	known := p.Step != 0
	leaf := known && p.Node == e.Node && (p.Kind == KindCall || p.Kind == KindScan) || !known && n.when == WhenLeaf
	after := known && p.Kind == KindPlace && p.Node == e.Node && p.Cell == e.Cell && p.Value == e.Value ||
		!known && n.when == WhenAfter
	when := WhenBefore
	switch {
	case leaf:
		// No try before it: the leaf validation of a full board (--when leaf).
		when = WhenLeaf
	case after:
		// Placed first, checked after (--when after): it is undone next.
		when = WhenAfter
	}
	if s, ok := n.onPath(when, e); ok {
		if e.Rule < NumRules {
			n.named[e.Rule] = true
		}
		return n.voided(s)
	}
	intro := e.Rule < NumRules && !n.named[e.Rule] // its first naming: not kept
	more := n.moreConflicts(e)
	if intro {
		return n.rejectNote(when, e, n.ruleWords(e.Rule), more)
	}
	// The rule's words are wanted only to write a note not kept: after
	// its intro they are the same each time (ruleWords).
	n.keyBuf = rejectKey(n.keyBuf[:0], when, e, more)
	if k, ok := n.rejectNotes[string(n.keyBuf)]; ok {
		n.kept = k
		return k.s
	}
	s := n.rejectNote(when, e, n.ruleWords(e.Rule), more)
	if n.rejectNotes == nil {
		n.rejectNotes = map[string]*keptNote{}
	}
	if len(n.rejectNotes) < memoRejects {
		k := &keptNote{s: s}
		n.rejectNotes[string(n.keyBuf)] = k
		n.kept = k
	}
	return s
}

// rejectNote words a reject with its clash and the others.
func (n *Narrator) rejectNote(when When, e *Event, rule RuleWords, more []Conflict) string {
	if len(more) > 0 {
		if n.w.RejectAll != nil {
			return n.voided(n.in(n.w.RejectAll(when, e, rule, more)))
		}
		return n.voided(n.in(n.w.Reject(when, e, rule))) + n.alsoPlain(more)
	}
	return n.voided(n.in(n.w.Reject(when, e, rule)))
}

// rejectKey appends to b what a reject's note depends on (see
// Words.Reject): the timing, the move, the rule, the witness and the
// other clashes.
func rejectKey(b []byte, when When, e *Event, more []Conflict) []byte {
	b = append(b, when[0], byte(e.Rule))
	for _, x := range [...]int{e.Cell.Row, e.Cell.Col, e.Value, e.Witness.Row, e.Witness.Col} {
		b = binary.AppendVarint(b, int64(x))
	}
	for _, c := range more {
		b = append(b, byte(c.Rule))
		b = binary.AppendVarint(b, int64(c.Witness.Row))
		b = binary.AppendVarint(b, int64(c.Witness.Col))
	}
	return b
}

// moreConflicts returns the clashes of reject e after its own (see
// Def.RejectConflicts), one for each other attacking cell, on the board
// of the open calls: the start board with the move of every open call
// replayed (the candidate itself, on the board under --when after, is
// skipped by Def.Conflicts). Only a reject of a problem with
// Def.Conflicts does this work.
func (n *Narrator) moreConflicts(e *Event) []Conflict {
	if n.work == nil || e.Kind != KindReject {
		return nil
	}
	// Def.RejectConflicts, without its copy: the reject's own clash
	// first, then the others in checking order.
	own := Conflict{Rule: e.Rule, Witness: e.Witness}
	n.allBuf = n.def.AppendConflictsOf(n.allBuf[:0], n.work, e.Cell, e.Value)
	all := n.allBuf
	i := slices.Index(all, own)
	if i < 0 {
		return nil
	}
	// Each attacking cell once, under the first rule that finds it: a
	// Sudoku digit in the same row and box is one clash to a reader.
	more := n.moreBuf[:0]
	for _, part := range [2][]Conflict{all[:i], all[i+1:]} {
		for _, c := range part {
			if c.Witness != own.Witness && !slices.ContainsFunc(more, func(d Conflict) bool { return d.Witness == c.Witness }) {
				more = append(more, c)
			}
		}
	}
	n.moreBuf = more
	return more
}

// alsoPlain names the other clashes of a reject for a problem whose
// Words have no RejectAll: "; also clashes with (1,3) (rule) and (2,0)
// (rule)" / "；还与 (1,3)（规则）和 (2,0)（规则）冲突".
func (n *Narrator) alsoPlain(more []Conflict) string {
	en, zh := make([]string, len(more)), make([]string, len(more))
	for i, c := range more {
		w := n.def.RuleWordsOf(c.Rule).Name
		en[i] = fmt.Sprintf(words.NoteWitnessRule.EN, c.Witness, w.EN)
		zh[i] = fmt.Sprintf(words.NoteWitnessRule.ZH, c.Witness, w.ZH)
	}
	if n.zh {
		return fmt.Sprintf(words.NoteAlsoClashes.ZH, listZH(zh))
	}
	return fmt.Sprintf(words.NoteAlsoClashes.EN, listEN(en))
}

func (n *Narrator) notePlace(e *Event) string {
	return memoKeep(n, &n.placeNotes, moveKey(e.Cell, e.Value), func() string { return n.in(n.w.Place(n.when, e, n.size)) })
}

// The endings of a branch an undo's note names.
const (
	undoFailed   = iota // the branch failed
	undoRejected        // the check failed (after a reject of the move)
	undoLost            // a solution lost: no return value stops the search
	undoMore            // after a solution, for more
	undoDone            // the branch is searched, with solutions in it
)

func (n *Narrator) noteUndo(e *Event) string {
	k := undoKey{move: moveKey(e.Cell, e.Value), stop: n.stop}
	p := &n.prev
	switch {
	case p.Step != 0 && p.Kind == KindReject && p.Node == e.Node && p.Cell == e.Cell:
		k.kind, k.rule = undoRejected, p.Rule
		if p.Rule < NumRules && !n.named[p.Rule] {
			// The first note to name the rule (its intro): not kept.
			return n.undoNote(e)
		}
	case p.Step != 0 && p.Kind == KindReturn && p.OK && n.stop == StopNoReturn:
		k.kind = undoLost
	case p.Step != 0 && p.Kind == KindReturn && p.OK:
		k.kind = undoMore
	case p.Step != 0 && p.Kind == KindReturn && n.retSols > 0:
		k.kind, k.sols = undoDone, n.retSols
	}
	return memoKeep(n, &n.undoNotes, k, func() string { return n.undoNote(e) })
}

// undoNote words an undo (noteUndo keeps what it writes).
func (n *Narrator) undoNote(e *Event) string {
	what := n.in(n.w.Undo(e))
	if n.tryNext == "" {
		n.tryNext = n.say(words.NoteTry, n.nextCandidate())
		n.noneLeft = n.say(words.NoteNoLeft, n.candidate(), n.nextCandidate())
	}
	next := n.tryNext
	if e.Value >= n.lastCandidate() {
		next = n.noneLeft
	}
	// The Chinese undo is "撤销选择：拿回 …（回溯）", a colon of its own:
	// what follows it comes after a semicolon.
	p := &n.prev
	switch {
	case p.Step != 0 && p.Kind == KindReject && p.Node == e.Node && p.Cell == e.Cell:
		var rule Text
		if p.Rule != RuleNone {
			rule = n.ruleWords(p.Rule).Name
		}
		return what + n.say(words.NoteCheckFailed,
			rule.EN, next, rule.ZH)
	case p.Step != 0 && p.Kind == KindReturn && p.OK && n.stop == StopNoReturn:
		return what + n.text(words.NoteNothingStoppedSearchSoSolution)
	case p.Step != 0 && p.Kind == KindReturn && p.OK:
		return what + n.say(words.NoteForMoreSolutions, next)
	case p.Step != 0 && p.Kind == KindReturn && n.retSols > 0:
		return what + n.say(words.NoteThatBranchDone,
			n.solutionsText(n.retSols), next)
	}
	return what + n.say(words.NoteThatBranchFailed, next)
}

func (n *Narrator) noteSolution(e *Event) string {
	var full string
	switch {
	case n.when == WhenLeaf || e.Cost > 0:
		full = n.text(words.NoteWholeBoardCheckPasses)
	default:
		if s, ok := n.onPath(n.when, e); ok {
			full = s
			break
		}
		full = n.in(n.w.Full(n.size))
	}
	switch n.stop {
	case StopAll:
		return full + n.say(words.NoteSolutionRecordReturnSearchGoes, n.solutions+1)
	case StopNoReturn:
		return full + n.text(words.NoteSolutionFoundButNoReturn)
	}
	return full + n.text(words.NoteSolutionFoundReturnTrue)
}

func (n *Narrator) noteExhausted(e *Event) string {
	below := int64(0)
	if f := n.top(e); f != nil {
		below = n.solutions - f.sols
	}
	if n.drop == DropReturnFalse {
		return n.exhaustedNote(e, below)
	}
	return memoKeep(n, &n.exhaustedNotes, exhaustedKey{e.Cell, below, n.stop}, func() string { return n.exhaustedNote(e, below) })
}

// exhaustedNote words an exhausted call with below solutions under it.
func (n *Narrator) exhaustedNote(e *Event, below int64) string {
	var belowText Text
	if below > 0 {
		belowText = Text{EN: n.solutionsIn(below, LangEN), ZH: n.solutionsIn(below, LangZH)}
	}
	if n.drop == DropReturnFalse {
		if below > 0 {
			// One of the candidates led to a full board that was then
			// undone: "failed" would say the opposite of what the
			// stepper's ↩ on the same screen shows.
			return n.say(words.NoteAllTriedFoundBelowThem,
				n.size, n.candidate(), e.Cell, n.in(n.w.Candidate), belowText.EN, belowText.ZH)
		}
		return n.say(words.NoteAllFailedNoReturnFalse,
			n.size, n.candidate(), e.Cell, n.in(n.w.Candidate))
	}
	return n.voided(n.in(n.w.Exhausted(e, n.size, belowText)))
}

func (n *Narrator) noteReturn(e *Event) string {
	f := n.top(e)
	if e.OK || e.Depth == 0 || f == nil || f.pass || f.mv < 0 {
		return n.returnNote(e, f)
	}
	// A call a move led to returns false (or nothing): its note depends
	// on that move and the solutions found, not on the call.
	k := returnKey{move: moveKey(f.move, f.mv), below: n.solutions - f.sols, stop: n.stop}
	if i := len(n.frames) - 1; i >= 1 && &n.frames[i] == f {
		k.callerFound = n.solutions > n.frames[i-1].sols
	}
	return memoKeep(n, &n.returnNotes, k, func() string { return n.returnNote(e, f) })
}

// returnNote words the return e of the open call f (nil: not seen).
func (n *Narrator) returnNote(e *Event, f *frame) string {
	root := e.Depth == 0
	move := "" // in Chinese spaced to follow a word: "撤销 (1,3) 的皇后", "撤销位置 1 的 2"
	kept := "" // in Chinese spaced to come before one: "(8,5) 的 6 留在", "(1,3) 的皇后留在"
	last := false
	below := int64(0)
	callerSols := int64(0) // solutions the caller has found so far
	if f != nil {
		below = n.solutions - f.sols
		if f.mv >= 0 {
			t := n.in(n.thing(f.move, f.mv))
			move, kept = zhSpace(t, n.zh, true, false), zhSpace(t, n.zh, false, true)
			last = f.mv >= n.lastCandidate()
		}
		if i := len(n.frames) - 1; i >= 1 && &n.frames[i] == f {
			callerSols = n.solutions - n.frames[i-1].sols
		}
	}
	if e.OK && n.ranPastEnd(e) {
		left := ""
		if k := n.blanks(); k >= 0 {
			left = n.say(words.NoteWithBlankCells, n.count(k, words.NoteBlankCell))
		}
		if root {
			return n.say(words.NoteRootReturnsTrueSearchStops, left)
		}
		return n.say(words.NoteReturnTrueBoardNotSolved, left)
	}
	if f != nil && f.pass && !root {
		if n.void() {
			return n.text(words.NoteReturnNextPositionCallDone)
		}
		return n.say(words.NoteReturnPassOnWhatNext, e.OK)
	}
	if e.OK && f != nil && f.mv < 0 && !root {
		// A call no move led to (order cells: after a given or a row's
		// end): its caller has nothing to keep or undo, it passes the
		// result on.
		switch {
		case n.wrong:
			return n.text(words.NoteReturnTrueUpChainOn)
		case n.stop == StopNoReturn:
			return n.text(words.NoteReturnWithNoValueCaller)
		case n.stop == StopAll:
			return n.text(words.NoteReturnCallerMadeNoMove)
		}
		return n.text(words.NoteReturnTrueCallerMadeNo)
	}
	if e.OK && n.wrong {
		if root {
			return n.text(words.NoteRootReturnsTrueSearchStops2)
		}
		return n.say(words.NoteReturnTrueUpChainStays, kept)
	}
	if f != nil && f.pass && root && !n.void() {
		if e.OK {
			return n.text(words.NoteRootReturnsTrueSearchStops3)
		}
		return n.text(words.NoteRootReturnsFalseSearchComplete)
	}
	if e.OK {
		switch {
		case root:
			if n.stop == StopFirst {
				return n.text(words.NoteRootReturnsTrueSearchStops3)
			}
			return n.text(words.NoteRootReturnsTrueBoardWas)
		case n.stop == StopNoReturn:
			return n.say(words.NoteReturnButWithNoValue, move)
		case n.stop == StopAll:
			return n.say(words.NoteReturnCallerUndoesLooksFor, move)
		case n.prev.Kind == KindSolution && n.prev.Node == e.Node:
			return n.say(words.NoteReturnTrueCallerKeepsReturns, move)
		}
		return n.say(words.NoteReturnTrueUpChainStays2, kept)
	}
	if root {
		switch {
		case n.stop == StopNoReturn && n.solutions > 0:
			// No return value: the root ends, it returns nothing.
			return n.say(words.NoteRootCallEndsSearchOver, n.solutionsText(n.solutions))
		case n.stop != StopFirst && n.solutions > 0:
			// Every solution was wanted: the search is complete, and the
			// function returns nothing that would tell of them.
			return n.say(words.NoteRootCallEndsSearchComplete, n.solutionsText(n.solutions))
		case n.stop != StopFirst:
			return n.text(words.NoteRootCallEndsSearchComplete2)
		}
		return n.text(words.NoteRootReturnsFalseSearchComplete)
	}
	ret := n.text(words.NoteReturnFalse)
	if n.void() {
		ret = n.text(words.NoteReturn)
	}
	if move == "" {
		return ret + n.text(words.NoteCallerBacktracks)
	}
	if below > 0 {
		// A branch that holds a solution did not fail: it is searched.
		head := n.say(words.NoteReturnBelow, n.solutionsText(below))
		if last {
			return head + n.say(words.NoteCallerUndoesItsLastEnds, move, n.candidate(), n.nextCandidate())
		}
		return head + n.say(words.NoteCallerUndoesTries, move, n.nextCandidate())
	}
	head := ret
	if last && callerSols > 0 {
		// The caller's last candidate failed, but it found solutions before.
		return head + n.say(words.NoteCallerUndoesItsLastEnds, move, n.candidate(), n.nextCandidate())
	}
	if last {
		if n.void() {
			return head + n.say(words.NoteCallerUndoesItsLastEnds2, move, n.candidate(), n.nextCandidate())
		}
		return head + n.say(words.NoteCallerUndoesItsLastFails, move, n.candidate(), n.nextCandidate())
	}
	return head + n.say(words.NoteCallerUndoesTries, move, n.nextCandidate())
}

func (n *Narrator) noteLimit(e *Event) string {
	switch e.Limit {
	case LimitSteps:
		return n.say(words.NoteStepLimitReachedStepSearch, e.Step)
	case LimitCalls:
		return n.say(words.NoteCallLimitSearchStopsAfter, n.calls)
	case LimitTime:
		return n.say(words.NoteTimeLimitPassedStepSearch, e.Step)
	case LimitCanceled:
		return n.say(words.NoteCanceledStepCtrlCOr, e.Step)
	case LimitSize:
		return n.say(words.NoteSizeLimitReachedStepRecording, e.Step)
	case LimitTree:
		return n.say(words.NoteTreeSizeLimitReachedStep, e.Step)
	}
	return n.say(words.NoteLimitStoppedSearchStep, e.Step)
}

// startOf is def.Start(info), or no board for a Def without one.
func startOf(def *Def, info Info) (*Board, error) {
	if def.Start == nil {
		return nil, nil
	}
	return def.Start(info)
}
