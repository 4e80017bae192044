package stepper

import (
	"fmt"
	"maps"
	"slices"
	"strconv"
	"strings"

	"github.com/backtrack-edu/backtrack/tracer"
	"github.com/backtrack-edu/backtrack/tracer/words"
)

// Predict mode (the p key) and the timeline (the m key) of the terminal
// stepper, as the player has them: before a step whose answer is not on
// the screen, the stepper asks about it on a prompt line (which candidate
// is tried next, placed or pruned and by which rule, where the search
// goes back to after a dead end, is this board a solution), checks the
// answer against the recorded run, shows the step and keeps a score. The
// timeline is one line of characters over the whole run, binned to the
// screen's width, with the current step marked.

// quizKind is a kind of question predict mode asks.
type quizKind int

const (
	quizTry      quizKind = iota // which candidate is tried next
	quizReject                   // placed, or pruned by which rule
	quizReturn                   // where the search goes back to
	quizSolution                 // is this board a solution
)

// question is what predict mode asks at step k about step k+1.
type question struct {
	k      int64
	kind   quizKind
	answer string   // the answer as typed
	words  string   // the answer in words, for the verdict
	rules  []string // quizReject: the rules offered, 1 the first
	solved bool     // quizReturn: the returning call met a solution below it (no dead end)
}

// predictState is the stepper's predict mode and timeline.
type predictState struct {
	on       bool
	q        *question
	at       int64 // the step q was worked out for (-1: none)
	done     map[int64]bool
	typed    string
	right    int
	asked    int
	verdict  string
	verdOK   bool
	timeline bool
	bins     []byte // the timeline's characters, for binsW columns
	binsW    int
}

// solvedBelow reports whether the call on top at step k has met a
// solution in its subtree by then, so that its return is no dead end: back
// from k to the call's own call event, over the calls nested in it.
func solvedBelow(r *Recording, k int64) bool {
	for j, lvl := k, 0; j >= 1; j-- {
		switch r.At(j).Kind {
		case tracer.KindSolution:
			return true
		case tracer.KindReturn:
			lvl++
		case tracer.KindCall:
			if lvl == 0 {
				return false
			}
			lvl--
		}
	}
	return false
}

// questionAt is the question predict mode asks at step k, or nil where
// the screen already shows the answer (a choice of one) or no question
// fits.
func (s *Stepper) questionAt(k int64) *question {
	r := s.rec
	if k < 1 || k >= r.Len() {
		return nil
	}
	cur, next := r.At(k), r.At(k+1)
	switch {
	case next.Kind == tracer.KindTry:
		fs := r.frames(k)
		if len(fs) == 0 {
			return nil
		}
		top := fs[len(fs)-1]
		cands := map[int]bool{next.Value: true}
		for _, v := range top.choices {
			cands[v] = true
		}
		for _, t := range top.tried {
			if t.value != next.Value {
				delete(cands, t.value)
			}
		}
		if len(cands) < 2 {
			return nil
		}
		// Only where the answer is not simply the next candidate in
		// order (the smallest, or the one after the last tried): that is
		// the for loop's order, a drill, not a thought.
		if n := len(top.tried); n > 0 && next.Value == top.tried[n-1].value+1 || n == 0 && next.Value == slices.Min(slices.Collect(maps.Keys(cands))) {
			return nil
		}
		v := r.valueText(next.Value)
		return &question{k: k, kind: quizTry, answer: v, words: v}
	case cur.Kind == tracer.KindTry && (next.Kind == tracer.KindReject || next.Kind == tracer.KindPlace):
		// Only the first try after a dead end (or the start) asks, as in
		// the player: a run of tries does not drown the backtracks, and
		// which tries ask does not depend on their answers.
		if !s.firstTryAfterDeadEnd(k) {
			return nil
		}
		q := &question{k: k, kind: quizReject, answer: "0", words: words.StepperPlaced.In(s.lang)}
		for i, rw := range r.def.Rules {
			q.rules = append(q.rules, rw.Name.In(s.lang))
			if next.Kind == tracer.KindReject && rw.Rule == next.Rule {
				q.answer = strconv.Itoa(i + 1)
				q.words = words.StepperPruned.In(s.lang) + rw.Name.In(s.lang)
			}
		}
		if next.Kind == tracer.KindReject && q.answer == "0" {
			return nil // a rule the problem does not list
		}
		return q
	case next.Kind == tracer.KindReturn && cur.Kind != tracer.KindReturn:
		depth := -1
		for j := k + 1; j <= r.Len(); j++ {
			e := r.At(j)
			if e.Kind != tracer.KindReturn && e.Kind != tracer.KindUndo && e.Kind != tracer.KindExhausted {
				depth = e.Depth
				break
			}
		}
		w := fmt.Sprintf(words.StepperDepth.In(s.lang), depth)
		if depth < 0 {
			w = words.StepperSearchEnds.In(s.lang)
		}
		return &question{k: k, kind: quizReturn, answer: strconv.Itoa(depth), words: w, solved: solvedBelow(r, k)}
	case next.Kind == tracer.KindSolution && cur.Kind != tracer.KindSolution:
		return &question{k: k, kind: quizSolution, answer: "y", words: words.StepperYes.In(s.lang)}
	}
	return nil
}

// firstTryAfterDeadEnd reports whether the try at step k (placed or
// pruned next) is the first since the last dead end (a step before a
// return) or the start.
func (s *Stepper) firstTryAfterDeadEnd(k int64) bool {
	r := s.rec
	for j := k - 1; j >= 1; j-- {
		e, f := r.At(j), r.At(j+1)
		if f.Kind == tracer.KindReturn && e.Kind != tracer.KindReturn {
			return true
		}
		if e.Kind == tracer.KindTry && (f.Kind == tracer.KindReject || f.Kind == tracer.KindPlace) {
			return false
		}
	}
	return true
}

// predictArrive works out the question of the current step, once.
func (s *Stepper) predictArrive() {
	p := &s.pq
	if p.at == s.k {
		return
	}
	p.at, p.q, p.typed = s.k, nil, ""
	if !p.on || p.done[s.k] {
		return
	}
	p.q = s.questionAt(s.k)
}

// predictKey handles a key in predict mode before Key does: the keys of
// an answer, Enter, Esc (skip), and a step forward while a question
// waits. It reports whether it took the key.
func (s *Stepper) predictKey(key string) bool {
	p := &s.pq
	if key == "p" {
		p.on = !p.on
		p.at, p.q, p.verdict = -1, nil, ""
		if p.done == nil {
			p.done = map[int64]bool{}
		}
		s.predictArrive()
		return true
	}
	if key == "m" {
		p.timeline = !p.timeline
		return true
	}
	if !p.on || p.q == nil {
		return false
	}
	if a, ok := strings.CutPrefix(key, "a"); ok && a != "" {
		s.predictAnswer(a)
		return true
	}
	switch {
	case key == "enter":
		if p.typed != "" {
			s.predictAnswer(p.typed)
		}
		return true
	case key == "esc":
		p.done[p.q.k] = true
		p.q, p.verdict, p.typed = nil, "", ""
		s.k++
		p.at = -1
		s.predictArrive()
		return true
	case key == "backspace":
		if p.typed != "" {
			p.typed = p.typed[:len(p.typed)-1]
		}
		return true
	case key == "space" || key == "right" || key == "down" || key == "n" && p.q.kind != quizSolution:
		s.msg = words.StepperAnswerFirstTypePressEnter.In(s.lang)
		return true
	case key == "n" && p.q.kind == quizSolution, key == "y",
		len(key) == 1 && (key[0] >= '0' && key[0] <= '9' || key[0] == '-'):
		if len(p.typed) < 12 {
			p.typed += key
		}
		return true
	}
	return false
}

// predictAnswer checks answer a, scores it and shows the step asked about.
func (s *Stepper) predictAnswer(a string) {
	p := &s.pq
	q := p.q
	a = strings.ToLower(strings.TrimSpace(a))
	ok := a == q.answer
	if q.kind == quizSolution {
		ok = (a == "y" || a == "yes" || a == words.StepperYesAnswer.ZH) == (q.answer == "y")
	}
	if q.kind == quizTry && !ok {
		// The candidate as a number: a column, a digit.
		ok = a == strings.ToLower(q.answer)
	}
	p.asked++
	if ok {
		p.right++
		p.verdict = words.StepperRight.In(s.lang)
	} else {
		p.verdict = fmt.Sprintf(words.StepperNotQuite.In(s.lang), q.words)
	}
	p.verdOK = ok
	p.done[q.k] = true
	p.q, p.typed = nil, ""
	s.k = q.k + 1
	p.at = -1
	s.predictArrive()
}

// predictLines are predict mode's lines above the note: the score and
// the verdict of the last answer, then the question and what is typed.
func (s *Stepper) predictLines(W int) []tline {
	p := &s.pq
	if !p.on {
		return nil
	}
	score := fmt.Sprintf(words.StepperScore.In(s.lang), p.right, p.asked)
	l := tline{{words.StepperPredict.In(s.lang) + score, stHead}}
	if p.verdict != "" {
		st := stFail
		if p.verdOK {
			st = stHead
		}
		l = append(l, span{"   " + p.verdict, st})
	}
	lines := []tline{l}
	if q := p.q; q != nil {
		var text string
		switch q.kind {
		case quizTry:
			text = words.StepperWhichCandidateTriedNextType.In(s.lang)
		case quizReject:
			opts := []string{"0 " + words.StepperPlaced.In(s.lang)}
			for i, r := range q.rules {
				opts = append(opts, fmt.Sprintf("%d %s", i+1, words.StepperPruned.In(s.lang)+r))
			}
			text = words.StepperPlacedOrPruned.In(s.lang) + strings.Join(opts, words.Comma.In(s.lang)) + words.NoteColon.In(s.lang)
		case quizReturn:
			text = words.StepperDeadEndBackWhichDepth.In(s.lang)
			if q.solved {
				text = words.StepperCallDoneBackWhichDepth.In(s.lang)
			}
		case quizSolution:
			text = words.StepperThisBoardSolutionYN.In(s.lang)
		}
		lines = append(lines, wrapText(text+p.typed+"_", W, stNote)...)
	}
	return lines
}

// timelineChars are the timeline's characters: a solution, a return, the
// other steps; a bin of rejects shows its commonest rule's number (1 the
// problem's first rule).
const (
	tlSolution = '*'
	tlReturn   = '<'
	tlOther    = '.'
	tlHere     = '|'
	tlFog      = ' ' // predict mode: a step not shown yet
)

// timelineLines are the timeline's two lines: the bar, binned to W-2
// columns between [ and ], the current step's column marked |, and its
// key.
func (s *Stepper) timelineLines(W int) []tline {
	p := &s.pq
	if !p.timeline || W < 12 {
		return nil
	}
	n := W - 2
	if p.binsW != n {
		p.bins, p.binsW = s.timelineBins(n), n
	}
	bar := slices.Clone(p.bins)
	if k := s.k; k >= 1 && len(bar) > 0 {
		bar[timelineBin(k, s.rec.Len(), len(bar))] = tlHere
	}
	// In predict mode the steps not shown yet are hidden: from the first
	// column that holds one, the bar tells nothing of what comes next.
	if n := s.rec.Len(); p.on && s.k < n && len(bar) > 0 {
		for i := timelineBin(s.k+1, n, len(bar)); i < len(bar); i++ {
			if bar[i] != tlHere {
				bar[i] = tlFog
			}
		}
	}
	key := []string{}
	for i, rw := range s.rec.def.Rules {
		key = append(key, fmt.Sprintf("%d %s", i+1, rw.Short.In(s.lang)))
	}
	key = append(key, words.StepperReturn.In(s.lang), words.StepperSolution.In(s.lang), words.StepperHere.In(s.lang))
	return []tline{
		{{"[", stGrey}, {string(bar), stPlain}, {"]", stGrey}},
		{{words.StepperTimeline.In(s.lang) + strings.Join(key, "  "), stGrey}},
	}
}

// timelineBin is the column of step k (1-based) among b columns of a run
// of n steps.
func timelineBin(k, n int64, b int) int {
	if n <= 0 {
		return 0
	}
	return min(b-1, int((k-1)*int64(b)/n))
}

// timelineBins bins the run's steps into b characters.
func (s *Stepper) timelineBins(b int) []byte {
	r := s.rec
	n := r.Len()
	b = max(1, min(b, int(max(n, 1))))
	type bin struct {
		rules      map[int]int
		ret, sol   int
		rejects, s int
	}
	bins := make([]bin, b)
	ruleNo := map[tracer.Rule]int{}
	for i, rw := range r.def.Rules {
		ruleNo[rw.Rule] = i + 1
	}
	for k := int64(1); k <= n; k++ {
		e := r.At(k)
		bn := &bins[timelineBin(k, n, b)]
		bn.s++
		switch e.Kind {
		case tracer.KindReject:
			if bn.rules == nil {
				bn.rules = map[int]int{}
			}
			bn.rules[ruleNo[e.Rule]]++
			bn.rejects++
		case tracer.KindReturn:
			bn.ret++
		case tracer.KindSolution:
			bn.sol++
		}
	}
	out := make([]byte, b)
	for i, bn := range bins {
		switch {
		case bn.sol > 0:
			out[i] = tlSolution
		case bn.rejects > 0 && bn.rejects >= bn.ret:
			best, most := 0, -1
			for no, c := range bn.rules {
				if c > most || c == most && no < best {
					best, most = no, c
				}
			}
			if best >= 1 && best <= 9 {
				out[i] = byte('0' + best)
			} else {
				out[i] = 'x'
			}
		case bn.ret > 0:
			out[i] = tlReturn
		case bn.s > 0:
			out[i] = tlOther
		default:
			out[i] = ' '
		}
	}
	return out
}
