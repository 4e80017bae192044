package render

import (
	"bytes"
	"fmt"
	"slices"
	"sort"

	"github.com/backtrack-edu/backtrack/tracer"
)

// Choosing the frames of --frames and --gif. A frame is worth drawing when
// the picture changed since the frame before in a way a viewer sees: a box
// appeared (a call, a pruned try, a group of pruned tries, an elided
// subtree, a folded chain), or a drawn call changed its look (it found a
// solution, or one below it; it returned, as a dead end or off a
// solution's path; a limit cut it). A number changing inside a group, an
// elided or a folded box is not such a change, nor is the thick outline of
// the running call moving on (it moves at nearly every step).
//
// The choice is made on the picture of the whole run (the items WriteDOT
// plans for it, which every frame shares): each item says when it changes,
// from its tree node (Step: made; SolStep: a solution at or below it; End:
// returned) or, for a group or an elided box, from the first tree node it
// holds. Those steps are the candidates; each frame chosen is then held to
// the trimming itself (Trim at its step): one that shows the same boxes in
// the same looks as the frame before is left out.

// FrameSteps returns the steps to draw, in order, for the run of tree t
// drawn as opt and leg ask (as WriteDOT takes them; opt.AtStep and
// opt.Caption are not used, opt.CaptionLines is, for the room it takes):
//
//   - by default, up to DefaultFrames steps at which the picture changes
//     (all of them if there are no more; else that many, evenly spread
//     over them);
//   - with e.N, every N steps, each step kept only if the picture changed
//     since the frame before;
//   - with e.Kind, the step of each event of that kind (each pruned
//     candidate for reject, each return from a call for backtrack, each
//     solution), each kept only if the picture changed since the frame
//     before.
//
// The last step is always the last frame (in place of the frame before it
// if nothing a viewer sees changed in between). More than MaxFrames frames
// is an error.
func FrameSteps(t *tracer.Tree, leg Legend, opt DiagramOptions, e Every) ([]int64, error) {
	last := t.Steps
	if last <= 0 {
		return nil, fmt.Errorf("the run has no steps to draw")
	}
	if opt.Problem == "" {
		opt.Problem = leg.Summary.Problem
	}
	end := opt
	end.AtStep, end.Caption = 0, ""
	d, err := seriesPlan(nil, t, leg, end) // the layout every frame is drawn on
	if err != nil {
		return nil, err
	}
	changes := drawnChanges(d.tr)
	// A change at the last step is the last frame's.
	for len(changes) > 0 && changes[len(changes)-1] >= last {
		changes = changes[:len(changes)-1]
	}
	var cand []int64
	switch {
	case e.Kind == "" && e.N <= 0:
		cand = spread(changes, DefaultFrames-1)
	case e.Kind == "":
		n := e.N
		cand = firstAtOrAfter(changes, func(yield func(int64)) {
			// Only the multiples of N at or after a change matter.
			for _, c := range changes {
				yield(((c-1)/n + 1) * n)
			}
		})
	default:
		cand = firstAtOrAfter(changes, func(yield func(int64)) { eventSteps(t, e.Kind, yield) })
	}
	for len(cand) > 0 && cand[len(cand)-1] >= last {
		cand = cand[:len(cand)-1]
	}
	steps, err := keepChanged(t, d.opt, cand, last)
	if err != nil {
		return nil, err
	}
	if len(steps) > MaxFrames {
		what := fmt.Sprintf("every %d steps", e.N)
		if e.Kind != "" {
			what = "one frame per " + e.Kind
		}
		return nil, fmt.Errorf("%s gives %d frames that change the picture, more than %d: give a larger --every N, or --focus a branch", what, len(steps), MaxFrames)
	}
	return steps, nil
}

// drawnChanges returns the steps, in order and each once, at which an
// item of tr (the picture of the whole run) appears or may change its
// look: a call or a pruned try when it is made, a call when a solution is
// found at or below it, when it returns and when a limit cuts it; a
// folded chain as its first call appears and returns and as its last
// call changes; a group or an elided box when the first tree node it
// holds is made.
func drawnChanges(tr *Trimmed) []int64 {
	t := tr.Tree
	var steps []int64
	add := func(s int64) {
		if s > 0 {
			steps = append(steps, s)
		}
	}
	calls := func(v int32) {
		n := t.Node(v)
		add(n.SolStep)
		add(n.End)
		if n.End == 0 {
			add(t.LimitStep)
		}
	}
	for i := range tr.Items {
		it := &tr.Items[i]
		switch {
		case it.Kind == ItemCall:
			add(t.Step(it.Node))
			calls(it.Node)
		case it.Kind == ItemPruned:
			add(t.Step(it.Node))
		case it.Kind == ItemFold:
			add(t.Step(it.Node))
			add(t.Node(it.Node).End) // the chain stops running
			calls(it.Tail)
		case it.Agg >= 0:
			if it.Kind == ItemElided {
				// Its look follows its calls (deadAgg): grey while none
				// runs and none found a solution, plain while one runs.
				dead, sols := false, false
				for c := it.Lo; c >= 0 && c < it.Hi; c = t.NextSibling(c) {
					if t.Kind(c) != tracer.NodeCall {
						continue
					}
					n := t.Node(c)
					if dead {
						add(n.Step) // running again
					}
					dead = false
					sols = sols || n.SolStep > 0
					switch {
					case sols:
					case n.End > 0:
						add(n.End)
						dead = true
					case t.LimitStep > 0:
						add(t.LimitStep) // cut: no longer running
						dead = true
					}
				}
			}
			// It appears with the first node of its run.
			add(t.Step(it.Lo))
		}
	}
	slices.Sort(steps)
	return slices.Compact(steps)
}

// eventSteps calls yield with the step of each event of kind in t, in no
// particular order: each pruned candidate (reject), each return from a
// call (backtrack), each solution.
func eventSteps(t *tracer.Tree, kind string, yield func(int64)) {
	for i := range int32(t.Len()) {
		switch kind {
		case "reject":
			if t.Kind(i) == tracer.NodePruned {
				yield(t.Step(i))
			}
		case "backtrack":
			if t.Kind(i) == tracer.NodeCall {
				yield(t.Node(i).End)
			}
		case "solution":
			if here, at := t.Solved(i); here && at > 0 {
				yield(at)
			}
		}
	}
}

// firstAtOrAfter returns, in order and each once, the first of the steps
// events yields at or after each change: the frames that show every change
// as soon as an event of the kind asked for comes. It holds one step per
// change, however many events there are.
func firstAtOrAfter(changes []int64, events func(yield func(int64))) []int64 {
	const none = int64(1<<63 - 1)
	// best[b] is the first event with b changes at or before it.
	best := make([]int64, len(changes)+1)
	for i := range best {
		best[i] = none
	}
	events(func(s int64) {
		if s <= 0 {
			return
		}
		b := sort.Search(len(changes), func(j int) bool { return changes[j] > s })
		best[b] = min(best[b], s)
	})
	var out []int64
	next := none
	for j := len(changes) - 1; j >= 0; j-- {
		next = min(next, best[j+1])
		if next != none && (len(out) == 0 || out[len(out)-1] != next) {
			out = append(out, next)
		}
	}
	slices.Reverse(out)
	return out
}

// spread returns up to n of steps, the first among them, evenly spread
// over them.
func spread(steps []int64, n int) []int64 {
	if len(steps) <= n {
		return steps
	}
	out := make([]int64, 0, n)
	for i := range n {
		out = append(out, steps[i*len(steps)/n])
	}
	return out
}

// keepChanged returns cand (in order) then last, leaving out each step
// whose picture, trimmed with opt (the whole run's trimming), shows the
// same boxes in the same looks as the frame kept before it (see look);
// the last step takes the place of a frame before it that looks the same.
func keepChanged(t *tracer.Tree, opt DiagramOptions, cand []int64, last int64) ([]int64, error) {
	var out []int64
	var prev []byte
	tm := newTrimmer(t, opt) // one trimmer for every step: it counts the tree once
	for _, k := range append(cand, last) {
		l, err := look(tm, opt, k)
		if err != nil {
			return nil, err
		}
		switch {
		case prev != nil && bytes.Equal(l, prev) && k == last:
			out[len(out)-1] = last
		case prev != nil && bytes.Equal(l, prev):
		default:
			out = append(out, k)
		}
		prev = l
	}
	return out, nil
}

// look is what a viewer sees of each item of the picture at step k: one
// byte each, 0 for an item not drawn yet; else its status, and for a call
// or a folded chain whether it is still running (a call on a solution's
// path is filled yellow while it runs), and for an elided box whether it
// holds only dead ends (grey). The outline of the running call and the
// counts inside aggregates are left out. tm is a trimmer of the tree for
// opt (newTrimmer): it trims as Trim does.
func look(tm *trimmer, opt DiagramOptions, k int64) ([]byte, error) {
	opt.AtStep = k
	if err := trimOptionsOK(tm.t, opt); err != nil {
		return nil, err
	}
	tr, _, err := tm.trim(opt)
	if err != nil {
		return nil, err
	}
	l := make([]byte, len(tr.Items))
	for i := range tr.Items {
		it := &tr.Items[i]
		if it.Hidden {
			continue
		}
		b := 1 | byte(it.Status)<<1
		if it.Running && (it.Kind == ItemCall || it.Kind == ItemFold) {
			b |= 1 << 7
		}
		if it.Kind == ItemElided && deadAgg(&tr.Aggs[it.Agg]) {
			b |= 1 << 6 // grey: dead ends, folded
		}
		l[i] = b
	}
	return l, nil
}
