package stepper

import (
	"fmt"
	"slices"
	"strconv"
	"strings"

	"github.com/backtrack-edu/backtrack/render/internal/textwidth"
	"github.com/backtrack-edu/backtrack/tracer"
	"github.com/backtrack-edu/backtrack/tracer/words"
)

// This file is the screen of `backtrack step`: a Stepper draws the view at
// any step K from K alone (the board, the call stack, the note, the
// counters and the template's code), so stepping back shows exactly the
// screen that was there before. The board and call-stack panels are in
// panels.go; the terminal side (raw mode, keys, redraws) is in term.go.

// Options configure a Stepper's screen.
type Options struct {
	Lang   tracer.Lang // the language of notes and labels: tracer.LangEN (default) or tracer.LangZH
	Width  int         // columns of the screen (default 80, or wider if the board needs it)
	Height int         // lines of the screen (default 24, or more if the view needs them)
	Color  bool        // use ANSI colours in addition to the text marks
	// Print makes a view for paper (--print, a handout): no key bar at the
	// bottom; its line goes to the view.
	Print bool
}

// Stepper is the stepping state: the current step and language, and how to
// draw it. The view is a function of the step, the language, the help
// toggle and the size alone, never of the keys that led there.
type Stepper struct {
	rec  *Recording
	opt  Options
	k    int64
	lang tracer.Lang
	help bool
	code []codeLine

	// msg is a one-off message for the help line ("no later reject"),
	// cleared by the next key; prompt is the number being typed after g
	// in interactive mode (prompting tells an empty prompt from none).
	msg       string
	prompt    string
	prompting bool

	// pq is predict mode and the timeline (predict.go).
	pq predictState

	// jumped is set by a key that jumped (r u s t, R U S T, g, home, end)
	// and cleared by any other move; jumpFrom is the step it jumped from,
	// where b goes back to.
	jumped   bool
	jumpFrom int64

	// Sizes the view needs, measured once: the narrowest width, and the
	// lines needed at each width asked about.
	minW int
	need map[int]int
}

// New returns a stepper at step 0 (nothing has happened yet).
func New(rec *Recording, opt Options) *Stepper {
	if opt.Lang != tracer.LangZH {
		opt.Lang = tracer.LangEN
	}
	growW, growH := opt.Width <= 0, opt.Height <= 0
	if growW {
		opt.Width = 80
	}
	if growH {
		opt.Height = 24
	}
	s := &Stepper{rec: rec, opt: opt, lang: opt.Lang}
	st := rec.strategy
	s.code = templateCode(rec.def.Code, rec.info.Size, st, rec.def.Rules)
	// A size not given fits the view: a tall board needs more than 80×24.
	if growW {
		s.opt.Width = max(s.opt.Width, s.minWidth())
	}
	if growH && s.opt.Width >= s.minWidth() {
		s.opt.Height = max(s.opt.Height, s.needLines(s.opt.Width))
	}
	return s
}

// Step returns the current step: 0 before the first event, Len after the last.
func (s *Stepper) Step() int64 { return s.k }

// Lang returns the current language.
func (s *Stepper) Lang() tracer.Lang { return s.lang }

// Goto moves to step k, clamped to 0..Len, and clears the message of the
// last key. It is not a key: a b after it goes to the step before k.
func (s *Stepper) Goto(k int64) {
	s.k = max(0, min(k, s.rec.Len()))
	s.jumped, s.msg = false, ""
}

// SetSize changes the screen size (on a terminal resize); sizes below 1
// keep the current value.
func (s *Stepper) SetSize(width, height int) {
	if width > 0 {
		s.opt.Width = width
	}
	if height > 0 {
		s.opt.Height = height
	}
}

// stepKeys lists the key names Key understands, besides "g" followed by a
// step number.
var stepKeys = map[string]bool{
	"n": true, "space": true, "right": true, "down": true, "b": true, "left": true, "up": true,
	"r": true, "u": true, "s": true, "t": true, "R": true, "U": true, "S": true, "T": true,
	"home": true, "end": true, "0": true, "$": true, "l": true, "?": true, "esc": true, "q": true,
	"p": true, "m": true,
}

// validKey reports whether Key understands key.
func validKey(key string) bool {
	if stepKeys[key] {
		return true
	}
	if num, ok := strings.CutPrefix(key, "g"); ok {
		_, err := strconv.ParseInt(num, 10, 64)
		return err == nil
	}
	// An answer in predict mode: a followed by it, as in a3 or ay.
	if a, ok := strings.CutPrefix(key, "a"); ok && a != "" && !strings.ContainsAny(a, " \t") {
		return true
	}
	return false
}

// runKinds maps the run-to keys to the event kind they stop at.
var runKinds = map[byte]tracer.Kind{
	'r': tracer.KindReject, 'u': tracer.KindUndo, 's': tracer.KindSolution, 't': tracer.KindReturn,
}

// Key acts on one key and reports whether it asks to quit. Key names:
// "n", "space", "right", "down" (next step); "b", "left", "up" (back: the
// previous step, or after a jump the step the jump left); "r", "u", "s",
// "t" (run on to the next reject, undo, solution, return) and "R", "U",
// "S", "T" (back to the previous one); "home", "end" (or "0", "$"); "l"
// (switch the language); "?" (toggle the help panel); "esc" (close the
// help); "q" (quit); and "g" followed by a number, "g120", to jump to that
// step. The run-to keys, g, home and end are jumps: a b right after one
// gives back exactly the view from before it; a b after a step or a b
// gives the previous step. Unknown keys do nothing. When a run-to key finds no such event, the step stays
// and the help line says so until the next key: the only part of the view
// that is not a function of the step, the language and the help toggle.
func (s *Stepper) Key(key string) (quit bool) {
	s.msg = ""
	if s.predictKey(key) {
		return false
	}
	defer s.predictArrive()
	from := s.k
	jump := false
	switch key {
	case "n", "space", "right", "down":
		s.k = min(s.k+1, s.rec.Len())
	case "b", "left", "up":
		if s.jumped {
			s.k = s.jumpFrom
		} else {
			s.k = max(s.k-1, 0)
		}
	case "r", "u", "s", "t":
		s.runTo(runKinds[key[0]], +1)
		jump = true
	case "R", "U", "S", "T":
		s.runTo(runKinds[key[0]+'a'-'A'], -1)
		jump = true
	case "home", "0":
		s.k, jump = 0, true
	case "end", "$":
		s.k, jump = s.rec.Len(), true
	case "l":
		if s.lang == tracer.LangZH {
			s.lang = tracer.LangEN
		} else {
			s.lang = tracer.LangZH
		}
	case "?":
		s.help = !s.help
	case "esc":
		s.help = false
	case "q":
		return true
	default:
		if num, ok := strings.CutPrefix(key, "g"); ok {
			if k, err := strconv.ParseInt(num, 10, 64); err == nil {
				s.k, jump = max(0, min(k, s.rec.Len())), true
			}
		}
	}
	// A jump that moved is remembered; any other move forgets the last
	// jump. Keys that do not move (l, ?, a run-to key that found nothing)
	// leave the memory as it was.
	switch {
	case s.k != from && jump:
		s.jumped, s.jumpFrom = true, from
	case s.k != from:
		s.jumped = false
	}
	return false
}

// runTo moves to the next (dir +1) or previous (dir -1) event of kind k,
// or stays and says so when there is none.
func (s *Stepper) runTo(kind tracer.Kind, dir int64) {
	for j := s.k + dir; j >= 1 && j <= s.rec.Len(); j += dir {
		if s.rec.At(j).Kind == kind {
			s.k = j
			return
		}
	}
	name := s.kindName(kind)
	if dir > 0 {
		s.msg = fmt.Sprintf(words.StepperNoLater.In(s.lang), name)
	} else {
		s.msg = fmt.Sprintf(words.StepperNoEarlier.In(s.lang), name)
	}
}

// kindName names an event kind in the view's language and the run's words:
// under --when leaf a reject is "整盘校验失败" / "whole-board check failed",
// for nothing is pruned (tracer.EventWords).
func (s *Stepper) kindName(k tracer.Kind) string {
	return tracer.EventWords(k, s.rec.strategy.When).In(s.lang)
}

// kindOr is a word for a kind of event: in English en's, in Chinese the
// kind's name (kindName: "剪枝", or "整盘校验失败" under --when leaf).
func (s *Stepper) kindOr(en words.Text, k tracer.Kind) string {
	if s.lang == tracer.LangZH {
		return s.kindName(k)
	}
	return en.EN
}

// View returns the whole screen at the current step as text: exactly
// Height lines (joined by "\n", no newline after the last) of at most Width
// display columns each (CJK characters count as 2), with ANSI colour codes
// only if Options.Color is set. On a screen smaller than the view
// needs (CheckSize), the screen says so instead of showing a cut view.
func (s *Stepper) View() string {
	var lines []tline
	if err := s.CheckSize(); err != nil {
		lines = s.tooSmallLines(err.(*TooSmallError))
	} else {
		lines = s.layout()
	}
	out := make([]string, len(lines))
	for i, l := range lines {
		out[i] = l.render(s.opt.Color)
	}
	return strings.Join(out, "\n")
}

// stepState is everything the screen shows about one step, derived from
// the step number alone.
type stepState struct {
	k      int64
	e      tracer.Event // event k (zero at step 0)
	prev   tracer.Event // event k-1 (zero if none)
	board  *tracer.Board
	stats  tracer.Stats
	frames []stackFrame
	note   string
	tag    codeTag
	line   int  // the line of code the step lights (-1: none)
	sizing bool // a state for measuring only (sizeState): the widest words
}

func (s *Stepper) state() *stepState {
	r := s.rec
	st := &stepState{k: s.k, board: r.boardAt(s.k), stats: r.statsAt(s.k), line: -1}
	if s.k >= 1 {
		st.e = r.At(s.k)
		st.prev = r.At(s.k - 1)
		st.note = r.noteAt(s.k, s.lang)
		st.tag = eventTag(r.strategy, r.traits(), &st.e, &st.prev)
		st.line = r.codeLine(s.code, st.tag, &st.e)
	}
	st.frames = r.frames(s.k)
	return st
}

// stepReserve is the lines the top block leaves for the panels under it
// at the least: the stack's header and innermost call, two lines of note,
// one of counters.
const stepReserve = 5

// layout builds the screen's lines: header; the board beside the code (the
// key to the board's marks where it costs least); the call stack; the
// note; the counters; padding; the key bar (not in print mode). It tries
// the roomiest board first and takes the first arrangement that fits.
func (s *Stepper) layout() []tline {
	W, H := s.opt.Width, s.opt.Height
	bar := 1
	if s.opt.Print {
		bar = 0
	}
	st := s.state()
	header := s.header(st, W)
	note := wrapText(s.noteText(st), W, stNote)
	counters := wrapItems(s.counterItems(st), W)

	var top []tline
	noteN, countN := min(len(note), 1), min(len(counters), 1)
	if s.help {
		// The help panel comes first; the rest only where there is room.
		top = s.helpPanel(W)
		if len(top) > H-1-bar {
			top = markCut(top[:max(0, H-1-bar)], W)
		}
		noteN, countN = 0, 0
	} else {
		top = s.topBlock(st, W, H-1-bar-stepReserve)
	}
	// What is left goes to the stack, the note and the counters, in that
	// order of need: at least the stack's header and top frame, one line of
	// note and counters; then the note in full, the counters in full, the
	// rest of the stack.
	extra := append(s.predictLines(W), s.timelineLines(W)...)
	room := H - 1 - bar - len(top) - len(extra)
	stackN := 0
	give := func(n *int, limit int) {
		for *n < limit && room-(stackN+noteN+countN) > 0 {
			*n++
		}
	}
	if s.help {
		give(&noteN, min(len(note), 1))
		give(&countN, min(len(counters), 1))
	}
	give(&stackN, 2)
	give(&noteN, min(len(note), 2))
	give(&countN, len(counters))
	give(&stackN, 4)
	give(&noteN, min(len(note), 4))
	give(&stackN, 1<<30)
	if room < stackN+noteN+countN {
		// Too small a screen: drop lines from the top block.
		stackN = max(0, room-noteN-countN)
	}
	stack := s.stackLines(st, W, stackN)
	shownNote, shownCounters := note[:noteN], counters[:countN]
	if noteN < len(note) && noteN > 0 {
		shownNote = markCut(shownNote, W)
	}
	if countN < len(counters) && countN > 0 {
		shownCounters = markCut(shownCounters, W)
	}

	lines := make([]tline, 0, H)
	lines = append(lines, header)
	lines = append(lines, top...)
	lines = append(lines, stack...)
	lines = append(lines, extra...)
	lines = append(lines, shownNote...)
	lines = append(lines, shownCounters...)
	for len(lines) < H-bar {
		lines = append(lines, nil)
	}
	if len(lines) > H-bar {
		lines = lines[:max(0, H-bar)]
	}
	if bar == 1 && H >= 1 {
		lines = append(lines, s.helpLine(W))
	}
	for i := range lines {
		lines[i] = lines[i].cut(W)
	}
	return lines
}

// markCut ends the last of lines with "…", to say that lines were left
// out after it.
func markCut(lines []tline, W int) []tline {
	if len(lines) == 0 {
		return lines
	}
	out := slices.Clone(lines)
	last := out[len(out)-1]
	if last.width() <= W-2 {
		out[len(out)-1] = append(slices.Clip(last), span{" …", stGrey})
		return out
	}
	// Cut to make room, back to the end of a word.
	last = slices.Clone(last.cut(max(0, W-2)))
	for len(last) > 0 {
		i := len(last) - 1
		if j := strings.LastIndex(last[i].s, " "); j >= 0 {
			last[i].s = last[i].s[:j]
			break
		}
		last = last[:i]
	}
	out[len(out)-1] = append(last, span{" …", stGrey})
	return out
}

// topChoices calls yield with each arrangement of the board, the code and
// the key that the view considers, roomiest first, and whether it uses the
// big board, until yield returns false. The board is always whole, with
// its row and column numbers. Which arrangements fit a width does not
// depend on the step: the code takes the width of the whole listing even
// when only a window of it is shown.
func (s *Stepper) topChoices(st *stepState, W int, yield func(block []tline, big bool) bool) {
	code := s.codeLines(st)
	cw := blockWidth(code)
	for _, bs := range boardStyles() {
		board := s.boardLines(st, bs)
		key := s.keyItems(bs, st)
		for _, window := range []int{0, 7, 5, 3} {
			if bs.cell == 5 && window > 0 {
				// The big board is never worth cutting the code for.
				break
			}
			c := code
			if window > 0 {
				c = codeWindow(code, window)
			}
			if !yield(arrange(board, c, cw, key, W), bs.cell == 5) {
				return
			}
		}
	}
}

// topBlock is the board and the template's code, side by side when they
// fit, with the key to the marks: the first arrangement of topChoices that
// fits W columns and maxH lines (the big board only if it leaves 8 lines
// more), or else the shortest one that fits W.
func (s *Stepper) topBlock(st *stepState, W, maxH int) []tline {
	var best []tline
	s.topChoices(st, W, func(block []tline, big bool) bool {
		if blockWidth(block) > W {
			return true
		}
		room := maxH
		if big {
			// The big board only when the stack keeps plenty of room.
			room -= 8
		}
		if len(block) <= room {
			best = block
			return false
		}
		if best == nil || len(block) < len(best) {
			best = block
		}
		return true
	})
	return best
}

// TooSmallError says that a screen is too small for the step view of a
// board: the board and the panels around it would be cut.
type TooSmallError struct {
	// NeedWidth×NeedHeight is a size that fits: at the given width (or the
	// narrowest the view allows, if that is wider) the lines the view
	// needs, and the narrowest width that needs no more lines.
	NeedWidth, NeedHeight int
	Width, Height         int // the size given
}

func (e *TooSmallError) Error() string {
	return fmt.Sprintf("terminal too small: need at least %d×%d for this board, have %d×%d",
		e.NeedWidth, e.NeedHeight, e.Width, e.Height)
}

// CheckSize returns a *TooSmallError if the Stepper's size cannot hold
// the view (in either language): the whole board with its row and column
// numbers, the template's code without cut lines (at least three of them),
// the key to the marks, the header, the stack's header and innermost call,
// two lines of note, one of counters and, unless printing, the key bar.
// Otherwise it returns nil.
func (s *Stepper) CheckSize() error {
	W, H := s.opt.Width, s.opt.Height
	if W >= s.minWidth() && H >= s.needLines(W) {
		return nil
	}
	w, h := s.MinSize(W)
	return &TooSmallError{NeedWidth: w, NeedHeight: h, Width: W, Height: H}
}

// MinSize returns the smallest size that holds the view on a screen at
// least width columns wide: the lines the view needs at that width (raised
// to the narrowest width the board and the code allow), and the narrowest
// width that needs no more lines.
func (s *Stepper) MinSize(width int) (w, h int) {
	w = max(width, s.minWidth())
	h = s.needLines(w)
	for w > s.minWidth() && s.needLines(w-1) <= h {
		w--
	}
	return w, h
}

// sizeState is a step state for measuring: sizes do not depend on the step.
func (s *Stepper) sizeState() *stepState {
	return &stepState{board: s.rec.start, sizing: true}
}

// minWidth is the narrowest screen the view allows: the compact board with
// its numbers, and the whole width of the code.
func (s *Stepper) minWidth() int {
	if s.minW == 0 {
		st := s.sizeState()
		// The code in the wider of the two languages: l switches live.
		lang := s.lang
		for _, l := range tracer.Langs {
			s.lang = l
			s.minW = max(s.minW, blockWidth(s.boardLines(st, boardStyle{cell: 2, labels: true})), blockWidth(s.codeLines(st)))
		}
		s.lang = lang
	}
	return s.minW
}

// needLines returns the lines the view needs at width W (at least
// minWidth), in the language that needs more: the header, the shortest top
// block, stepReserve and the key bar unless printing.
func (s *Stepper) needLines(W int) int {
	if h, ok := s.need[W]; ok {
		return h
	}
	lang := s.lang
	defer func() { s.lang = lang }()
	top := 0
	for _, l := range tracer.Langs {
		s.lang = l
		shortest := -1
		s.topChoices(s.sizeState(), W, func(block []tline, _ bool) bool {
			if blockWidth(block) <= W && (shortest < 0 || len(block) < shortest) {
				shortest = len(block)
			}
			return true
		})
		if shortest < 0 {
			shortest = 1 << 20 // nothing fits: W is below minWidth
		}
		top = max(top, shortest)
	}
	h := 1 + top + stepReserve
	if !s.opt.Print {
		h++
	}
	if s.need == nil {
		s.need = map[int]int{}
	}
	s.need[W] = h
	return h
}

// tooSmallLines is the screen of a terminal too small for the view: what
// it needs and has, wrapped to the width, padded to the height.
func (s *Stepper) tooSmallLines(e *TooSmallError) []tline {
	W, H := s.opt.Width, s.opt.Height
	text := fmt.Sprintf(words.StepperTooSmall.In(s.lang), e.NeedWidth, e.NeedHeight, e.Width, e.Height)
	if s.opt.Print {
		text = e.Error()
	}
	lines := wrapText(text, W, stHead)
	if len(lines) > H {
		lines = lines[:max(0, H)]
	}
	for len(lines) < H {
		lines = append(lines, nil)
	}
	for i := range lines {
		lines[i] = lines[i].cut(W)
	}
	return lines
}

// arrange puts the board and the code side by side (or one above the
// other when the width is short), and the key to the board's marks where it
// adds the fewest lines: under the board, under the code, or full width.
// cw is the width the code takes: the whole listing's, when code is a
// window of it.
func arrange(board, code []tline, cw int, key []tline, W int) []tline {
	const gap = 2
	bw := blockWidth(board)
	if bw+gap+cw <= W {
		type choice struct {
			left, right []tline
			below       []tline
		}
		var best []tline
		bestKey := 0
		try := func(c choice, keyLines int) {
			b := sideBySide(c.left, c.right, bw, gap)
			b = append(b, c.below...)
			if best == nil || len(b) < len(best) || len(b) == len(best) && keyLines < bestKey {
				best, bestKey = b, keyLines
			}
		}
		keyL := wrapItems(key, bw)
		keyR := wrapItems(key, W-bw-gap)
		keyW := wrapItems(key, W)
		// The fewest lines, then the fewest key lines; on a tie the first:
		// the key under the board, under the code, full width.
		if blockWidth(key) <= bw {
			try(choice{left: append(slices.Clip(board), keyL...), right: code}, len(keyL))
		}
		if blockWidth(key) <= W-bw-gap {
			try(choice{left: board, right: append(slices.Clip(code), keyR...)}, len(keyR))
		}
		try(choice{left: board, right: code, below: keyW}, len(keyW))
		return best
	}
	b := slices.Clone(board)
	b = append(b, wrapItems(key, W)...)
	return append(b, code...)
}

// sideBySide joins two columns, the left one padded to width lw plus gap.
func sideBySide(left, right []tline, lw, gap int) []tline {
	if len(left) > 0 {
		lw = max(lw, blockWidth(left))
	}
	h := max(len(left), len(right))
	out := make([]tline, h)
	for i := range h {
		var l tline
		if i < len(left) {
			l = left[i]
		}
		if i < len(right) {
			l = l.pad(lw + gap)
			l = append(slices.Clip(l), right[i]...)
		}
		out[i] = l
	}
	return out
}

func blockWidth(b []tline) int {
	w := 0
	for _, l := range b {
		w = max(w, l.width())
	}
	return w
}

// header is the first line: the instance, the strategy, the step and its
// kind, the language.
func (s *Stepper) header(st *stepState, W int) tline {
	r := s.rec
	inst := r.instanceName(s.lang)
	sg := r.strategy
	long := fmt.Sprintf("order=%s check=%s when=%s stop=%s", sg.Order, sg.Check, sg.When, sg.Stop)
	short := fmt.Sprintf("%s/%s/%s/%s", sg.Order, sg.Check, sg.When, sg.Stop)
	if len(r.def.Orders) == 1 {
		// A problem with one order: nothing to choose, nothing to say.
		long = fmt.Sprintf("check=%s when=%s stop=%s", sg.Check, sg.When, sg.Stop)
		short = fmt.Sprintf("%s/%s/%s", sg.Check, sg.When, sg.Stop)
	}
	kind := ""
	if st.k >= 1 {
		kind = " " + s.kindName(st.e.Kind)
	}
	step := fmt.Sprintf(words.StepperStepOf.In(s.lang), st.k, r.Len(), kind)
	lang := words.StepperLangTag.In(s.lang)
	for _, parts := range [][]string{{inst, long, step, lang}, {inst, short, step, lang}, {inst, step, lang}, {step}} {
		l := tline{{strings.Join(parts, " | "), stHead}}
		if l.width() <= W || len(parts) == 1 {
			return l
		}
	}
	return nil
}

// helpLine is the last line: the keys, or the g prompt, or a message.
func (s *Stepper) helpLine(W int) tline {
	if s.prompting {
		return tline{{words.StepperGoStep.In(s.lang) + s.prompt + "_", stHead},
			{words.StepperEnterGoEscCancel.In(s.lang), stPlain}}
	}
	// As the English bar, the kinds r/u/s/t run to (the help says next
	// and previous); "l:切换 English" is an action.
	reject := words.KindReject.EN
	if s.lang == tracer.LangZH {
		reject = s.kindName(tracer.KindReject)
	}
	var items [][3]string
	for _, it := range []struct {
		key         string
		long, short words.Text
	}{{"n", words.StepperBarNext, words.StepperBarNextShort}, {"b", words.StepperBarBack, words.StepperBarBackShort},
		{"r/u/s/t", words.StepperBarKinds, words.StepperBarKindsShort}, {"g", words.StepperBarJump, words.StepperBarJumpShort},
		{"l", words.StepperBarLang, words.StepperBarLangShort}, {"?", words.StepperBarHelp, words.StepperBarHelp},
		{"q", words.StepperBarQuit, words.StepperBarQuit}} {
		long := it.long.In(s.lang)
		if strings.Contains(long, "%s") {
			long = fmt.Sprintf(long, reject)
		}
		items = append(items, [3]string{it.key, long, it.short.In(s.lang)})
	}
	var l tline
	if s.msg != "" {
		l = tline{{s.msg, stFail}, {"   ", stPlain}}
	}
	// The roomiest form that fits: "n next  b back", "n:next b:back", then
	// the short words.
	for _, form := range []struct {
		word     int
		sep, gap string
	}{{1, " ", "  "}, {1, ":", " "}, {2, ":", " "}} {
		parts := make([]string, len(items))
		for i, it := range items {
			parts[i] = it[0] + form.sep + it[form.word]
		}
		t := append(slices.Clip(l), span{strings.Join(parts, form.gap), stGrey})
		if t.width() <= W {
			return t
		}
	}
	return append(l, span{"n b r u s t g l ? q", stGrey})
}

// helpPanel lists every key and the board's marks (the ? key), each key's
// text wrapped under itself when the screen is narrow.
func (s *Stepper) helpPanel(W int) []tline {
	// What a reject is: in English in brackets after the word ("prune",
	// or the failed whole-board check under --when leaf); in Chinese the
	// word itself, with "reject" in brackets.
	reject := words.StepperHelpPrune.EN
	if s.rec.strategy.When == tracer.WhenLeaf {
		reject = tracer.LeafFailWords.Name.EN
	}
	if s.lang == tracer.LangZH {
		reject = s.kindName(tracer.KindReject)
	}
	title, marks := words.StepperHelpKeys.In(s.lang), words.StepperHelpMarks.In(s.lang)
	var keys [][2]string
	for _, k := range [][2]words.Text{
		{words.StepperKeyNext, words.StepperKeyNextDoes},
		{words.StepperKeyBack, words.StepperKeyBackDoes},
		{words.StepperKeyReject, words.StepperKeyRejectDoes},
		{words.StepperKeyUndo, words.StepperKeyUndoDoes},
		{words.StepperKeySolution, words.StepperKeySolutionDoes},
		{words.StepperKeyReturn, words.StepperKeyReturnDoes},
		{words.StepperKeyJump, words.StepperKeyJumpDoes},
		{words.StepperKeyEnds, words.StepperKeyEndsDoes},
		{words.StepperKeyLang, words.StepperKeyLangDoes},
		{words.StepperKeyPredict, words.StepperKeyPredictDoes},
		{words.StepperKeyTimeline, words.StepperKeyTimelineDoes},
		{words.StepperKeyHelp, words.StepperKeyHelpDoes},
		{words.StepperKeyQuit, words.StepperKeyQuitDoes},
	} {
		does := k[1].In(s.lang)
		if strings.Contains(does, "%s") {
			does = fmt.Sprintf(does, reject)
		}
		keys = append(keys, [2]string{k[0].In(s.lang), does})
	}
	keyW := 0
	for _, k := range keys {
		keyW = max(keyW, textwidth.Cols(k[0]))
	}
	indent := 2 + keyW + 2
	lines := []tline{{{title, stPlain}}}
	for _, k := range keys {
		head := "  " + k[0] + strings.Repeat(" ", keyW-textwidth.Cols(k[0])+2)
		if W-indent < 12 {
			// Too narrow for two columns: the key's line, then its text.
			lines = append(lines, tline{{"  " + k[0], stPlain}})
			for _, l := range wrapText(k[1], max(1, W-4), stPlain) {
				lines = append(lines, append(tline{{"    ", stPlain}}, l...))
			}
			continue
		}
		for i, l := range wrapText(k[1], W-indent, stPlain) {
			if i > 0 {
				head = strings.Repeat(" ", indent)
			}
			lines = append(lines, append(tline{{head, stPlain}}, l...))
		}
	}
	lines = append(lines, nil, tline{{marks, stPlain}})
	for _, l := range wrapItems(s.keyItems(boardStyles()[0], nil), W-2) {
		lines = append(lines, append(tline{{"  ", stPlain}}, l...))
	}
	for _, l := range wrapItems(s.triedKeyItems(), W-2) {
		lines = append(lines, append(tline{{"  ", stPlain}}, l...))
	}
	return lines
}

// triedKeyItems explain the marks of the call stack's tried lists, for
// the help: ✗ with an example of the first rule's mark, alone and folded
// ("✗0 col, ✗0–2 col"), and the one-character tag a narrow screen writes
// ("✗0c"), then ✓ and ↩. The example shows the mark itself: in Chinese
// the mark already is the rule's word (✗0 同列), so "列=同列" would say
// nothing (teaching review 2, §4 row 17).
func (s *Stepper) triedKeyItems() []tline {
	failed := words.StepperRejectedByItsRule.In(s.lang)
	if len(s.rec.def.Rules) > 0 {
		r := s.rec.def.Rules[0].Rule
		if len(s.rec.info.Rules) > 0 {
			r = s.rec.info.Rules[0]
		}
		lo := s.rec.shape.lo
		m, t := s.ruleMark(r, triedWords), s.ruleMark(r, triedTags)
		one := "✗" + s.rec.valueText(lo) + " " + m
		run := "✗" + s.foldValues([]int{lo, lo + 1, lo + 2}) + " " + m
		ex := fmt.Sprintf(words.StepperMarkExample.In(s.lang), one, run)
		if t != m {
			ex += fmt.Sprintf(words.StepperMarkNarrow.In(s.lang), s.rec.valueText(lo)+t)
		}
		failed += fmt.Sprintf(words.DiagramInBrackets.In(s.lang), ex)
	}
	return []tline{
		{{words.StepperTried.In(s.lang), stPlain}, {"✗", stFail}, {" " + failed, stPlain}},
		{{"✓", stOn}, {words.StepperOnBoard.In(s.lang), stPlain}},
		{{"↩", stPlain}, {words.StepperCameBack.In(s.lang), stPlain}},
	}
}

// noteText is the note of the step, with the step number in front.
func (s *Stepper) noteText(st *stepState) string {
	if st.k == 0 {
		return words.StepperStep0NothingHasHappened.In(s.lang)
	}
	return words.StepperNote.In(s.lang) + st.note
}

// counterItems are the counts of events 1..k, one item each. The rejects
// name the rules of the run that have pruned so far, in the order its
// checks test them, each count after a × in both languages ("同列 ×11"): a
// bare count after a rule's name can read as a value ("同一层已试过相同的数
// 2"). A rule not met yet is left out (no "×0"), and with none the rejects
// have no brackets. The player's counters say the same (player.js).
func (s *Stepper) counterItems(st *stepState) []tline {
	c := &st.stats
	rules := make([]string, 0, len(s.rec.info.Rules))
	for _, r := range s.rec.info.Rules {
		if c.Rejects[r] > 0 {
			rules = append(rules, s.rec.def.RuleName(r, s.lang)+" ×"+strconv.FormatInt(c.Rejects[r], 10))
		}
	}
	byRule := ""
	if len(rules) > 0 {
		byRule = fmt.Sprintf(words.DiagramInBrackets.In(s.lang), strings.Join(rules, words.Comma.In(s.lang)))
	}
	item := func(w words.Text, v int64) tline {
		return tline{{w.In(s.lang) + " " + strconv.FormatInt(v, 10), stPlain}}
	}
	rejects := words.CompareRejects.EN
	if s.lang == tracer.LangZH {
		rejects = s.kindName(tracer.KindReject)
	}
	return []tline{
		item(words.StepperCalls, c.Nodes),
		item(words.CompareTries, c.Tries),
		item(words.RunBacktracks, c.Backtracks),
		item(words.CompareSolutions, c.Solutions),
		{{rejects + " " + strconv.FormatInt(c.RejectTotal(), 10) + byRule, stPlain}},
	}
}

// codeTag names the lines of the template's code that events point at:
// the roles of tracer.CodeLine, which a problem's own code
// (CodeParts.Own) gives its lines.
type codeTag = tracer.CodeRole

const (
	tagNone       = tracer.CodeNone
	tagCall       = tracer.CodeCall       // the function starts (call)
	tagScan       = tracer.CodeScan       // the slot is found (scan)
	tagEnd        = tracer.CodeEnd        // the end condition (solution, leaf validation)
	tagLoop       = tracer.CodeLoop       // the loop over the candidates (try)
	tagCheck      = tracer.CodeCheck      // the check fails (reject)
	tagPlace      = tracer.CodePlace      // place
	tagRecurse    = tracer.CodeRecurse    // the recursive call and what its result does
	tagUndo       = tracer.CodeUndo       // undo after the recursive call (backtrack)
	tagUndoReject = tracer.CodeUndoReject // undo after a failed check (place-then-check)
	tagLoopEnd    = tracer.CodeLoopEnd    // no candidate left (exhausted)
	tagReturn     = tracer.CodeReturn     // return false / the end of the function
	tagPass       = tracer.CodePass       // a slot with nothing to decide (a given): go on to the next
	tagWrap       = tracer.CodeWrap       // the end of a row: go on to the next
)

// codeLine is one line of the template's pseudo-Go.
type codeLine struct {
	text string
	tag  codeTag
	// rule is set on a rule's own line (tracer.RuleWords.Code): only a
	// reject by that rule lights it.
	rule tracer.Rule
}

// lineOf returns the index of the line of code that tag (and, for a
// reject, rule) lights: a rule's own line, or the first line of the tag
// that belongs to no rule; -1 for none.
func lineOf(code []codeLine, tag codeTag, rule tracer.Rule) int {
	if tag == tagNone {
		return -1
	}
	for i, c := range code {
		if c.tag == tag && (c.rule == tracer.RuleNone || c.rule == rule) {
			return i
		}
	}
	return -1
}

// templateCode is the shared template as search.go runs it, for one
// strategy, in 10 to 16 lines of pseudo-Go, with the problem's pieces put
// in (its CodeParts; generic ones for any it lacks): at most 36 columns
// for Sudoku (beside a 9×9 board in 80 columns) and 40 for N-Queens. A
// strategy whose shape is the problem's own (CodeParts.Own: Sudoku's
// tutorial shapes) gets the problem's code.
//
// A rule with its own template line (RuleWords.Code) gets that line, lit
// by its rejects only; a rule of the loop's own condition (RuleWords.Loop)
// lights the loop line; the generic "if !valid(...)" stays for the rules
// with neither.
func templateCode(parts tracer.CodeParts, n int, sg tracer.Strategy, rules []tracer.RuleWords) []codeLine {
	if parts.Own != nil {
		if own := parts.Own(n, sg); own != nil {
			c := make([]codeLine, len(own))
			for i, l := range own {
				c[i] = codeLine{text: l.Text, tag: l.Role}
			}
			return c
		}
	}
	p := codeParts(parts)
	var c []codeLine
	add := func(text string, tag codeTag) { c = append(c, codeLine{text: text, tag: tag}) }
	v, args, call := p.Value, p.Args, p.Recurse
	sig := p.Signature
	switch sg.Stop {
	case tracer.StopNoReturn:
		sig = strings.Replace(sig, " bool {", " {  // no result", 1)
	case tracer.StopAll:
		sig = strings.Replace(sig, " bool {", " {", 1)
	}
	add(sig, tagCall)
	if slot := p.Slot(sg.Order); slot != "" {
		add("    "+slot, tagScan)
	}
	full := p.Full
	switch {
	case sg.When == tracer.WhenLeaf:
		add("    if "+full+" {           // end", tagEnd)
		switch sg.Stop {
		case tracer.StopNoReturn:
			add("        check(board); return", tagEnd)
		case tracer.StopAll:
			add("        if valid(board) { save() }", tagEnd)
			add("        return", tagEnd)
		default:
			add("        return valid(board)", tagEnd)
		}
		add("    }", tagNone)
	case sg.Stop == tracer.StopNoReturn:
		add("    if "+full+" { return }  // end", tagEnd)
	case sg.Stop == tracer.StopAll:
		add("    if "+full+" { save(); return }", tagEnd)
	default:
		add("    if "+full+" { return true } // end", tagEnd)
	}
	add("    "+p.Loop(n), tagLoop)
	switch sg.When {
	case tracer.WhenAfter:
		add("        place("+args+") // first", tagPlace)
		add("        if !valid("+args+") {", tagCheck)
		add("            undo("+args+"); continue", tagUndoReject)
		add("        }", tagNone)
	case tracer.WhenLeaf:
		add("        place("+args+") // no check", tagPlace)
	default:
		generic := len(rules) == 0
		for _, rw := range rules {
			if rw.Code != "" {
				c = append(c, codeLine{"        " + rw.Code, tagCheck, rw.Rule})
			} else if !rw.Loop {
				generic = true
			}
		}
		if generic {
			add("        if !valid("+args+") {", tagCheck)
			add("            continue  // prune", tagNone)
			add("        }", tagNone)
		}
		add("        place("+args+") // choose", tagPlace)
	}
	switch sg.Stop {
	case tracer.StopFirst:
		add("        if "+call+" { return true }", tagRecurse)
	case tracer.StopAll:
		add("        "+call+" // find all", tagRecurse)
	default:
		add("        "+call+" // result lost", tagRecurse)
	}
	add("        undo("+args+") // backtrack", tagUndo)
	add("    }  // no "+v+" left", tagLoopEnd)
	if sg.Void() {
		add("}", tagReturn)
	} else {
		add("    return false", tagReturn)
		add("}", tagNone)
	}
	return c
}

// eventTag is the line of the template that event e executes; prev is the
// event before it (zero at step 1). The mapping is fixed by the kind, with
// some kinds looking at the event before: a reject with no try before it is
// the leaf validation; an undo right after a reject is place-then-check's
// undo; a return after a solution, a leaf reject or a scan that found no
// slot (the loops ran past the end) is the end condition's, a true return
// after a child's return is "if solve() { return true }", and a false one
// is the final "return false" (or, after a child's false return in order
// cells, the given's "return solve(r, c+1)"). A scan that passes is the
// given's line, or the end of the row's when it inspected no cell.
// codeLine is the line of code the step lights: a reject by a rule of the
// loop's condition (RuleWords.Loop) lights the loop line.
func (r *Recording) codeLine(code []codeLine, tag codeTag, e *tracer.Event) int {
	rule := tracer.RuleNone
	if e.Kind == tracer.KindReject && tag == tagCheck {
		rule = e.Rule
		if r.def.RuleWordsOf(rule).Loop {
			tag = tagLoop
		}
	}
	return lineOf(code, tag, rule)
}

func eventTag(sg tracer.Strategy, tr tracer.OrderTraits, e, prev *tracer.Event) codeTag {
	sameNode := prev.Step != 0 && prev.Node == e.Node
	switch e.Kind {
	case tracer.KindCall:
		return tagCall
	case tracer.KindScan:
		switch {
		case e.Pass && e.Cost == 0:
			return tagWrap
		case e.Pass:
			return tagPass
		case tr.Passes && e.Cell == tracer.NoPos:
			return tagEnd
		case tr.Passes:
			return tagPass // "if b[r][c] != 0": a blank, so on to the digits
		}
		return tagScan
	case tracer.KindTry:
		return tagLoop
	case tracer.KindReject:
		if sg.When == tracer.WhenLeaf {
			return tagEnd
		}
		return tagCheck
	case tracer.KindPlace:
		return tagPlace
	case tracer.KindUndo:
		if sameNode && prev.Kind == tracer.KindReject {
			return tagUndoReject
		}
		return tagUndo
	case tracer.KindSolution:
		return tagEnd
	case tracer.KindExhausted:
		return tagLoopEnd
	case tracer.KindReturn:
		switch {
		case sameNode && (prev.Kind == tracer.KindSolution || prev.Kind == tracer.KindReject || prev.Kind == tracer.KindScan):
			return tagEnd
		case tr.Passes && prev.Kind == tracer.KindReturn && !prev.OK:
			return tagPass
		case e.OK && !sg.Void():
			return tagRecurse
		}
		return tagReturn
	}
	return tagNone
}

// codeLines draws the template's code with the line of this step marked.
func (s *Stepper) codeLines(st *stepState) []tline {
	lines := make([]tline, 0, len(s.code))
	marked := false
	for i, c := range s.code {
		mark, style := " ", stPlain
		if st.k >= 1 && !marked && i == st.line {
			mark, style, marked = ">", stMark, true
		}
		lines = append(lines, tline{{fmt.Sprintf("%s%2d ", mark, i+1), style}, {codeText(c.text, s.lang), style}})
	}
	return lines
}

// codeCommentsZH are the template's comments in Chinese, in the tutorials'
// words (004's "// 撤销选择", 000's "// 回溯"), for the code under --lang
// zh; the code itself stays as it is.
var codeCommentsZH = func() map[string]string {
	m := make(map[string]string, len(words.CodeComments))
	for _, c := range words.CodeComments {
		m[c.EN] = c.ZH
	}
	return m
}()

// codeText is a line of the template's code in lang: in Chinese its
// comment translated ("// prune" → "// 剪枝", "// no col left" → "// 所有 col
// 都试完了"), a comment it does not know left in English.
func codeText(text string, lang tracer.Lang) string {
	i := strings.Index(text, "// ")
	if lang != tracer.LangZH || i < 0 {
		return text
	}
	comment := text[i+3:]
	if zh, ok := codeCommentsZH[comment]; ok {
		return text[:i+3] + zh
	}
	pre, post, _ := strings.Cut(words.CodeNoneLeft.EN, "%s")
	if v, ok := strings.CutPrefix(comment, pre); ok {
		if v, ok := strings.CutSuffix(v, post); ok {
			return text[:i+3] + fmt.Sprintf(words.CodeNoneLeft.ZH, v)
		}
	}
	return text
}

// codeWindow keeps about size lines of the code around the marked line.
func codeWindow(code []tline, size int) []tline {
	if size >= len(code) {
		return code
	}
	at := 0
	for i, l := range code {
		if len(l) > 0 && strings.HasPrefix(l[0].s, ">") {
			at = i
		}
	}
	lo := max(0, min(at-size/2, len(code)-size))
	return code[lo : lo+size]
}
