package render

import (
	"bytes"
	"container/heap"
	"fmt"
	"math"
	"math/rand/v2"
	"reflect"
	"slices"
	"sort"
	"testing"

	"github.com/backtrack-edu/backtrack/tracer"
	"github.com/backtrack-edu/backtrack/tracer/problems/sudoku"
)

// The trim as it was before it kept a list of the calls it drew: it
// cleared and scanned the whole tree on every pass (five passes over
// 3.6 million nodes for each of the hundred trims that fitting the
// 10-million-event tree makes). It is kept here as the baseline that
// TestTrimSameAsScan compares the trim with and BenchmarkFitBig measures
// it against. draw and cost are the trim's own: the list they keep is
// cleared here.

// trimScan is the old trim: runs one trim with opt (checked by trimOptionsOK).
func (tm *trimmer) trimScan(opt DiagramOptions) (*Trimmed, TrimReport, error) {
	tm.k, tm.depth, tm.limit, tm.solutions, tm.fold, tm.foldPaths = opt.AtStep, opt.Depth, opt.MaxNodes, opt.Solutions, opt.Fold, opt.FoldPaths
	tm.foldFocus = opt.foldFocus
	if tm.limit == 0 {
		tm.limit = math.MaxInt
	}
	if tm.fold == 1 {
		tm.fold = 2
	}
	tm.mk = tm.m
	if opt.AtStep > 0 {
		tm.mk = int32(sort.Search(int(tm.m), func(i int) bool { return tm.t.Step(int32(i)) > opt.AtStep }))
	}
	clear(tm.nDrawn)
	clear(tm.state)
	tm.drawnList = tm.drawnList[:0]
	tm.used, tm.start, tm.focusPath = 0, 0, nil
	tm.rep = TrimReport{Total: int(tm.mk), AtStep: opt.AtStep, Steps: tm.t.Steps, Depth: opt.Depth, Budget: opt.MaxNodes,
		Focus: append([]string(nil), opt.Focus...)}
	for i := int32(0); i < tm.mk; i++ {
		if tm.t.Kind(i) == tracer.NodePruned {
			tm.rep.TotalPruned++
		}
	}
	tm.rep.TotalCalls = tm.rep.Total - tm.rep.TotalPruned
	if err := tm.focus(opt.Focus); err != nil {
		return nil, tm.rep, err
	}
	tm.findFocusScan()
	tm.more = tm.more[:0]
	for _, k := range opt.FocusSteps {
		if k > 0 && k <= tm.t.Steps {
			tm.more = append(tm.more, k)
		}
	}
	tm.mustDrawScan()
	tm.budgetScan()
	tm.leavesScan()
	tr := tm.build()
	return tr, tm.rep, nil
}

// mustDrawScan is the old mustDraw: draws what every diagram shows, budget or not.
func (tm *trimmer) mustDrawScan() {
	tm.drawPath(0)
	fp := tm.focusPath
	tm.drawPath(fp[len(fp)-1])
	// Siblings of the focus path: shown, not expanded.
	for _, p := range fp[:len(fp)-1] {
		tm.children(p, func(c int32) {
			if tm.t.Kind(c) == tracer.NodeCall && !tm.drawn(c) {
				tm.used += tm.draw(c)
				tm.used += tm.close(c)
			}
		})
	}
	// Solution paths (the first tm.solutions ones found) and the call
	// stack at the end (calls cut by a limit), inside the branch in play,
	// cut at Depth. Nodes are in step order, and a solution is found when
	// its call is made: the first solutions come first.
	lo, hi := tm.start, tm.start+tm.size[tm.start]
	kept := 0
	for i := lo; i < hi; i++ {
		if tm.t.Kind(i) != tracer.NodeCall {
			continue
		}
		if tm.solvedAt(i) {
			tm.rep.Solutions++
		}
		switch {
		case tm.wrong(i):
		case tm.solved(i) && (tm.solutions == 0 || kept < tm.solutions):
			kept++
		default:
			continue
		}
		tm.drawPath(tm.cutAtDepth(i))
	}
	if a := tm.activeAt(tm.m, 0); a >= lo && a < hi {
		tm.drawPath(tm.cutAtDepth(a))
	}
	foci := []int32{tm.focusNode}
	for _, k := range tm.more {
		// The call running at step k, among the nodes made by then.
		mk := int32(sort.Search(int(tm.m), func(i int) bool { return tm.t.Step(int32(i)) > k }))
		if a := tm.activeAt(mk, k); a >= lo && a < hi {
			foci = append(foci, a)
		}
	}
	for _, f := range foci {
		tm.drawPath(tm.cutAtDepth(f))
		for v := tm.cutAtDepth(f); v >= 0; v = tm.t.Parent(v) {
			tm.state[v] |= trimPath
		}
	}
	if tm.limit != math.MaxInt && tm.used > tm.limit {
		tm.rep.OverBudget = tm.used - tm.limit
	}
}

// findFocusScan is the old findFocus: finds the call the picture is about and its step, in the
// branch in play: the first solution found there (or the first wrong
// true, under --drop return-false); else the call a limit stopped; else
// the branch's root, at its end.
func (tm *trimmer) findFocusScan() {
	lo, hi := tm.start, tm.start+tm.size[tm.start]
	for i := lo; i < hi; i++ {
		if tm.t.Kind(i) != tracer.NodeCall {
			continue
		}
		if here, at := tm.t.Solved(i); here && at > 0 {
			tm.focusNode, tm.focusStep = i, at
			return
		}
		if tm.wrong(i) {
			tm.focusNode, tm.focusStep = i, tm.t.Node(i).SolStep
			return
		}
	}
	if a := tm.activeAt(tm.m, 0); a >= lo && a < hi {
		tm.focusNode, tm.focusStep = a, tm.t.Steps
		return
	}
	tm.focusNode, tm.focusStep = tm.start, tm.t.Node(tm.start).End
	if tm.focusStep == 0 {
		tm.focusStep = tm.t.Steps
	}
}

// budgetScan is the old budget: draws calls while they fit, nearest the focus step in time
// first (see distance): the path to the focus is drawn already, then the
// dead ends the search met just before it, then earlier ones, then what
// came after. A call is drawn only under a drawn parent, and a child is
// never nearer than its parent, so the drawn part stays one tree.
func (tm *trimmer) budgetScan() {
	lo, hi := tm.start, tm.start+tm.size[tm.start]
	if tm.limit == math.MaxInt {
		for i := lo; i < hi; i++ {
			if tm.t.Kind(i) == tracer.NodeCall && !tm.drawn(i) && tm.openParent(i) {
				tm.used += tm.draw(i)
			}
		}
		return
	}
	q := &distQueue{}
	push := func(v int32) {
		if tm.state[v]&trimClosed != 0 {
			return
		}
		tm.children(v, func(c int32) {
			if tm.t.Kind(c) == tracer.NodeCall && !tm.drawn(c) {
				heap.Push(q, distItem{tm.distance(c), c})
			}
		})
	}
	for i := lo; i < hi; i++ {
		if tm.t.Kind(i) == tracer.NodeCall && tm.drawn(i) {
			push(i)
		}
	}
	for q.Len() > 0 {
		v := heap.Pop(q).(distItem).node
		if tm.drawn(v) {
			continue
		}
		if tm.used+tm.cost(v) > tm.limit {
			break
		}
		tm.used += tm.draw(v)
		push(v)
	}
}

// leavesScan is the old leaves: draws pruned leaves one by one under the drawn calls where they
// fit, the calls nearest the focus step first (the path to the focus,
// then the dead ends nearest it).
func (tm *trimmer) leavesScan() {
	if tm.limit == math.MaxInt {
		return
	}
	var calls []distItem
	for i := int32(0); i < tm.m; i++ {
		if tm.t.Kind(i) == tracer.NodeCall && tm.drawn(i) && tm.state[i]&(trimClosed|trimLeaves) == 0 && tm.nPruned[i] > 0 {
			calls = append(calls, distItem{tm.distance(i), i})
		}
	}
	sort.Slice(calls, func(a, b int) bool { return distQueue(calls).Less(a, b) })
	for _, c := range calls {
		v := c.node
		before := tm.deco(v)
		tm.state[v] |= trimLeaves
		delta := tm.deco(v) - before
		if tm.used+delta > tm.limit {
			tm.state[v] &^= trimLeaves
			continue
		}
		tm.used += delta
	}
}

// scanRuns are the trees the trim is compared with the old one on:
// every problem, solved, complete, wrong (--drop return-false) and cut
// by a limit (calls left on the stack), with and without givens on the
// path (--order cells).
func scanRuns(t testing.TB) []dotRun {
	var out []dotRun
	for _, spec := range scanSpecs() {
		out = append(out, dotSpec(t, spec))
	}
	return out
}

// scanSpecs are the searches of scanRuns, the step limit filled in.
func scanSpecs() []tracer.Spec {
	var out []tracer.Spec
	for _, spec := range []tracer.Spec{
		{Problem: "nqueens", N: 4},
		{Problem: "nqueens", N: 6, Stop: tracer.StopAll},
		{Problem: "nqueens"},
		{Problem: "nqueens", Stop: tracer.StopFirst},
		{Problem: "nqueens", When: tracer.WhenLeaf, Limits: tracer.Limits{MaxSteps: 20_000}},
		{Problem: "sudoku"},
		{Problem: "sudoku", Order: sudoku.OrderCells},
		{Problem: "sudoku", Puzzle: fitPuzzle4, Order: sudoku.OrderMRV, Stop: tracer.StopAll},
		{Problem: "sudoku", Puzzle: fitPuzzle4, Drop: tracer.DropReturnFalse, Stop: tracer.StopNoReturn, Limits: tracer.Limits{MaxSteps: 30_000}},
		{Problem: "permutations", N: 4},
	} {
		if spec.Limits.MaxSteps == 0 {
			spec.Limits.MaxSteps = tracer.DefaultMaxSteps // the command line's default
		}
		out = append(out, spec)
	}
	return out
}

// scanOptions returns n trimming options for r drawn at random (seeded):
// budgets, depths, folds, solution paths, steps, focus steps and focus
// paths.
func scanOptions(r dotRun, n int, seed uint64) []DiagramOptions {
	rnd := rand.New(rand.NewPCG(seed, 7))
	t := r.tree
	def, _ := tracer.Lookup(r.leg.Summary.Problem)
	maxDepth := 0
	for i := range int32(t.Len()) {
		maxDepth = max(maxDepth, int(t.Depth(i)))
	}
	var calls []int32
	for i := range int32(t.Len()) {
		if t.Kind(i) == tracer.NodeCall {
			calls = append(calls, i)
		}
	}
	step := func() int64 { return 1 + rnd.Int64N(t.Steps) }
	var out []DiagramOptions
	for range n {
		var o DiagramOptions
		o.Problem = r.leg.Summary.Problem
		switch rnd.IntN(10) {
		case 0: // everything
		case 1, 2, 3:
			o.MaxNodes = 1 + rnd.IntN(8)
		default:
			o.MaxNodes = 1 + rnd.IntN(300)
		}
		if rnd.IntN(4) == 0 {
			o.Depth = 1 + rnd.IntN(maxDepth+1)
		}
		o.Fold = []int{0, 0, 1, 2, 3, 6}[rnd.IntN(6)]
		o.FoldPaths = rnd.IntN(3) == 0
		o.foldFocus = rnd.IntN(3) == 0
		o.Solutions = rnd.IntN(4)
		if rnd.IntN(3) == 0 {
			o.AtStep = step()
		}
		for range rnd.IntN(4) {
			o.FocusSteps = append(o.FocusSteps, step())
		}
		if def != nil && rnd.IntN(3) == 0 {
			// The moves to a call drawn at random, looking through the
			// calls made with no move.
			var moves []string
			for v := calls[rnd.IntN(len(calls))]; v > 0; v = t.Parent(v) {
				if n := t.Node(v); n.Value >= 0 {
					moves = append(moves, def.MoveLabel(n.Cell(), int(n.Value)))
				}
			}
			slices.Reverse(moves)
			o.Focus = moves
		}
		out = append(out, o)
	}
	return out
}

// TestTrimSameAsScan checks that the trim, which clears and looks at only
// the calls it drew, trims exactly as the old trim that scanned the whole
// tree on every pass: the same items, counts and report, for every tree of
// scanRuns and 100 options drawn at random each, one trimmer used for all
// of a tree's options (as the fit uses it); and that the pictures fitted
// to a slide, and a series of pictures at steps, are the same bytes.
func TestTrimSameAsScan(t *testing.T) {
	specs := scanSpecs()
	for k, r := range scanRuns(t) {
		name := r.leg.Summary.Problem + " " + r.leg.Summary.Instance
		// The run's name in fitRuns, if it is one: TestFitSlide checks the
		// pictures fitted to 16:9 drawn here again.
		fitName := fitRunName(specs[k])
		tm, old := newTrimmer(r.tree, DiagramOptions{Problem: r.leg.Summary.Problem, Def: r.leg.Summary.Def}), newTrimmer(r.tree, DiagramOptions{Problem: r.leg.Summary.Problem, Def: r.leg.Summary.Def})
		if got := tm.size[0]; got != int32(r.tree.Len()) {
			t.Fatalf("%s: the root's subtree holds %d of %d nodes", name, got, r.tree.Len())
		}
		for i, o := range scanOptions(r, 100, uint64(k)) {
			if err := trimOptionsOK(r.tree, o); err != nil {
				t.Fatalf("%s option %d: %v", name, i, err)
			}
			got, grep, gerr := tm.trim(o)
			want, wrep, werr := old.trimScan(o)
			if fmt.Sprint(gerr) != fmt.Sprint(werr) {
				t.Fatalf("%s option %d %+v: error %v, the old trim's %v", name, i, o, gerr, werr)
			}
			if gerr != nil {
				continue
			}
			if !reflect.DeepEqual(grep, wrep) {
				t.Errorf("%s option %d %+v:\nreport %+v\nold    %+v", name, i, o, grep, wrep)
			}
			if !slices.Equal(got.Items, want.Items) || !slices.Equal(got.Aggs, want.Aggs) ||
				!slices.Equal(got.AggsEnd, want.AggsEnd) || got.AtStep != want.AtStep || got.Visible != want.Visible {
				t.Errorf("%s option %d %+v: the items differ from the old trim's", name, i, o)
			}
		}
		// Whole pictures, fitted and at steps, in both languages.
		var opts []DiagramOptions
		for _, boards := range []bool{false, true} {
			opts = append(opts, DiagramOptions{MaxNodes: DefaultMaxNodes, Layout: true, Boards: boards, Fit: Slide16x9})
		}
		opts = append(opts, DiagramOptions{MaxNodes: DefaultMaxNodes, Layout: true, Fit: Slide4x3},
			DiagramOptions{MaxNodes: DefaultMaxNodes, Layout: true, Fit: Slide16x9, AtStep: r.tree.Steps / 3, Extent: true})
		for _, lang := range tracer.Langs {
			r.leg.Lang = lang
			for _, o := range opts {
				var got, want bytes.Buffer
				rep, err := WriteDOT(&got, r.tree, r.leg, o)
				if err != nil {
					t.Fatal(err)
				}
				if fitName != "" && o.Fit == Slide16x9 && o.AtStep == 0 {
					fitStore(fitName, lang, o, got.Bytes(), rep)
				}
				trimPass = (*trimmer).trimScan
				_, err = WriteDOT(&want, r.tree, r.leg, o)
				trimPass = (*trimmer).trim
				if err != nil {
					t.Fatal(err)
				}
				if !bytes.Equal(got.Bytes(), want.Bytes()) {
					t.Errorf("%s %s %+v: the DOT differs from the old trim's", name, lang, o)
				}
			}
		}
	}
}
