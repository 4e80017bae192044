package render

import (
	"container/heap"
	"errors"
	"fmt"
	"math"
	"slices"
	"sort"
	"strings"

	"github.com/backtrack-edu/backtrack/tracer"
)

// Trimming a search tree for a diagram, the way pprof trims a profile graph:
// a few explicit steps, each of which says what it left out.
//
//  1. The decisions are taken on the whole tree, at the end of the search,
//     whatever step is drawn: a series of pictures at steps K1, K2, …
//     draws one layout, and nothing moves between them.
//  2. What must be drawn: the root, the focus path and its siblings, the
//     solution paths (every one, or the first Solutions found), the call
//     stack at the end (cut nodes, when a limit stopped the search), all
//     cut at Depth.
//  3. The budget: call nodes breadth-first from the root (or from the end
//     of the focus path), shallow levels first, left to right, while the
//     node statements fit in MaxNodes.
//  4. Pruned leaves: drawn one by one under the parents where they fit
//     (shallow parents first), otherwise collapsed into one group node per
//     parent with counts by rule.
//  5. Elision: every drawn call whose children are not all drawn gets one
//     elided node saying how many tree nodes it hides.
//  6. Folding (Fold > 0): a chain of at least Fold drawn calls, each with
//     exactly one call child, becomes one node that says how many calls
//     (and pruned leaves) it holds.
//  7. The view: with AtStep K only the nodes that existed after step K are
//     shown; the others keep their place, hidden. A tracer.Tree numbers
//     its nodes in step order, so those are the first ones, and a subtree
//     is a contiguous run of them (the tree is built depth-first). Counts in groups, elided and folded nodes are those of
//     step K.
//
// Every tree node in view ends up in exactly one place: drawn as itself,
// inside a collapsed group, an elided subtree or a folded chain, so
// Shown + CollapsedLeaves + ElidedNodes + FoldedNodes == Total.

// DefaultMaxNodes is the node budget the command line uses unless told
// otherwise. 150 boxes of a short label fit a projected slide at a readable
// size (about 25 across the widest level), and Graphviz's own dot layout
// takes well under a second for them; the pinned layout of this package
// takes milliseconds. Solution paths are drawn even past the budget.
const DefaultMaxNodes = 150

// DiagramOptions say which part of a search tree a diagram draws and how.
// The zero value draws the whole tree at the end of the search, with no
// boards and no pinned layout.
type DiagramOptions struct {
	// MaxNodes is the node budget: how many node statements the diagram
	// may hold (calls, pruned leaves, collapsed groups and elided nodes
	// together). Solution paths, the focus path and the call stack at
	// AtStep are drawn even past it. 0 draws everything; the command line
	// passes DefaultMaxNodes unless told otherwise.
	MaxNodes int
	// Depth is the deepest level drawn (the root is level 0, a pruned leaf
	// is one level below its call); 0 draws every level. What lies deeper
	// is counted in elided nodes.
	Depth int
	// Focus is a branch to expand: move labels from the root, as the
	// problem's Def writes them (["r0=c1"], ["(0,2)=4", "(0,3)=6"]); see
	// ParseFocus. The nodes on the path are drawn, their siblings are drawn
	// but not expanded, and the subtree under the last move is expanded
	// within the budget. Empty: the whole tree is in play.
	Focus []string
	// AtStep draws the tree as it stood after step K of the search, with
	// the statuses and counts of that moment (0: at the end). What is
	// drawn and where is decided on the whole tree, so the pictures of one
	// run at different steps share one layout: a node that did not exist
	// yet is hidden and keeps its place.
	AtStep int64
	// FocusSteps are more steps the picture is about: the call running
	// at each is drawn as a box of its own with its path, and the budget
	// goes to what happened nearest any of them. --at-step K adds K, and
	// --frames every frame's step, so that each picture of the series
	// shows where its search is, on one layout for all of them.
	FocusSteps []int64
	// Solutions is how many solution paths are drawn even past the
	// budget: the first ones found (0: every one). The others are left to
	// the budget like any call.
	Solutions int
	// Fold folds every chain of at least Fold drawn calls that have one
	// call child each into one node that counts them (0: no folding; 1 is
	// taken as 2).
	Fold int
	// FoldPaths folds chains of calls that have one call child drawn
	// each too: their other children go into the fold's counts.
	FoldPaths bool
	// Fit is the slide the picture is made for: WriteDOT chooses
	// Solutions, Fold, MaxNodes (at most the one given) and the
	// direction so that, scaled to fit the slide, the smallest text is at
	// least Fit.MinTextPx high. The zero value fits nothing. Trim itself
	// ignores it.
	Fit Slide
	// Legend says how much of the legend is drawn.
	Legend LegendMode
	// Caption is a note drawn in the legend's caption (the step's note
	// of a frame of --frames or --gif), in CaptionLines lines: wrapped,
	// and cut with "…" if it needs more. The caption's box is the same
	// size whatever its text (empty too), so that every frame of a run
	// is the same size; CaptionLines 0 draws no caption. Trim ignores
	// both.
	Caption      string
	CaptionLines int
	// Extent, with AtStep and the tidy layout, adds two invisible points
	// at the corners of the whole run's layout, so that every step's
	// picture is the same size (Graphviz sizes a picture to what it
	// draws): --frames and --gif set it.
	Extent bool
	// Direction is where the tidy layout grows (TopDown by default; Fit
	// chooses it).
	Direction Direction
	// Wrap wraps a top-down tidy layout into up to Wrap panels side by
	// side (0 or 1: one; Fit chooses it).
	Wrap int
	// Boards draws small boards inside the nodes.
	Boards bool
	// Readable names the pictures to be drawn from the DOT: WriteDOT
	// refuses one too big to be read as them, with an *UnreadableError,
	// before it writes anything. Trim ignores it.
	Readable Readable
	// Layout computes a tidy tree layout and pins every node's position
	// (pos="x,y!") so that Graphviz only routes and draws.
	Layout bool
	// foldFocus lets folding fold the path to the focus too: the fit's
	// last resort, when the path's boxes alone do not fit the slide.
	foldFocus bool
	// Problem names the problem the tree is of (its Def's Name, as
	// tracer.Summary.Problem does): a focus move must be written in its
	// notation (Def.ParseMove), and an error about one lists the moves
	// there are in it. WriteDOT takes it from the legend when it is empty;
	// with none, the problem whose notation the first focus move is in is
	// taken.
	Problem string
	// Def, if set, is the run's own Def (tracer.Summary.Def: bound to its
	// instance), with which focus moves are read instead of looking
	// Problem up: a list's moves are its own numbers. WriteDOT takes it
	// from the legend when it is nil and Problem is the legend's.
	Def *tracer.Def
}

// TrimReport is what trimming kept and what it left out, for the legend.
// Every tree node in view is counted once: Shown + CollapsedLeaves +
// ElidedNodes == Total.
type TrimReport struct {
	Shown       int // tree nodes drawn as themselves: ShownCalls + ShownPruned
	ShownCalls  int
	ShownPruned int
	Total       int // tree nodes in view (those that existed after AtStep)
	TotalCalls  int
	TotalPruned int
	// CollapsedGroups pruned-leaf groups hold CollapsedLeaves leaves.
	CollapsedGroups, CollapsedLeaves int
	// ElidedMarks dashed elided nodes hide ElidedSubtrees children of drawn
	// calls (a pruned leaf is a subtree of one node), ElidedNodes tree
	// nodes in all, ElidedSolutions of them solutions.
	ElidedMarks, ElidedSubtrees, ElidedNodes, ElidedSolutions int
	// Statements is the number of node statements a diagram holds:
	// Shown + CollapsedGroups + ElidedMarks.
	Statements int
	// Budget is the MaxNodes in force (0: none); OverBudget is how far the
	// nodes that must be drawn went past it.
	Budget, OverBudget int
	AtStep, Steps      int64 // the step drawn (0: the end) and the steps of the search
	Depth              int   // the Depth in force (0: every level)
	Focus              []string
	// FoldedChains folded nodes hold FoldedCalls calls and FoldedLeaves
	// pruned leaves; FoldedNodes is their sum.
	FoldedChains, FoldedCalls, FoldedLeaves, FoldedNodes int
	// Solutions is the number of solutions in view in the branch in play
	// (the whole tree, or the focus branch), SolutionsKept how many of
	// them are drawn as boxes of their own (the ones whose paths were kept
	// whatever the budget, and any others the budget drew).
	Solutions, SolutionsKept int
	// Picture is the size WriteDOT estimated for the picture, and what
	// Fit chose; zero from Trim.
	Picture Picture
}

// AllShown reports whether every tree node in view is drawn as itself.
func (r TrimReport) AllShown() bool { return r.Shown == r.Total }

// ItemKind is what an item of a trimmed tree stands for.
type ItemKind uint8

// The item kinds.
const (
	ItemCall   ItemKind = iota // a call node
	ItemPruned                 // a pruned leaf, drawn as itself
	ItemGroup                  // the pruned leaves of one call, collapsed into one node
	ItemElided                 // subtrees under one call, left out
	ItemFold                   // a chain of calls with one call child each, folded into one node
)

// Item is one node of a trimmed tree. Items are linked by index like
// tracer.Node.
type Item struct {
	Kind ItemKind
	// Node is the tree index (Tree.Node) of the call or pruned leaf; for a
	// group or an elided node, the index of the call it hangs under.
	Node        int32
	Parent      int32 // index of the parent item; -1 at the root
	First, Next int32 // first child and next sibling; -1 if none
	Depth       int   // level in the tree: the root is 0
	Status      tracer.NodeStatus
	Active      bool  // the call running at AtStep (the top of the stack)
	Running     bool  // on the call stack at AtStep (Active and its ancestors)
	Agg         int32 // ItemGroup, ItemElided: index in Trimmed.Aggs; -1 otherwise
	// NotExpanded marks a drawn call whose children are all left out on
	// purpose: a sibling of the focus path, or a call at Depth.
	NotExpanded bool
	// SolutionPath marks a solution or an ancestor of one (at the step drawn).
	SolutionPath bool
	// Tail is, for ItemFold, the tree index of the last call of
	// the chain (Node is the first); the item's child hangs under it.
	// Otherwise Tail is Node.
	Tail int32
	// Hidden marks an item with nothing in it at the step drawn: a node
	// that did not exist yet, or an aggregate of none. It keeps its place
	// in the layout and is not written.
	Hidden bool
	// Lo and Hi are, for ItemGroup and ItemElided, the tree nodes the
	// item stands for: Nodes[Lo:Hi], a run of consecutive children of the
	// call Node with their subtrees (a tree is numbered depth-first, so
	// they are contiguous). An aggregate stands where its run stood in the
	// search: between the siblings tried before and after it.
	Lo, Hi int32
}

// Aggregate counts what a group or an elided node stands for.
type Aggregate struct {
	Leaves    int                  // pruned leaves (a group's, an elided node's direct ones, a fold's)
	ByRule    [tracer.NumRules]int // Leaves by rule
	Subtrees  int                  // elided: call subtrees left out
	Calls     int                  // fold: the calls of the chain
	Nodes     int                  // tree nodes left out in all
	Solutions int                  // elided: solutions among them
	// SubCalls is, for an elided node, how many calls its subtrees hold
	// (Nodes - SubCalls are pruned tries).
	SubCalls int
	// Open: a call in it had not returned at the step drawn (it was
	// running, or a limit cut it).
	Open bool
	// Later: it began after the picture's focus step (the first solution
	// drawn, or the step drawn): what the search did next, not on its way.
	Later bool
}

// Trimmed is the part of a search tree a diagram draws: items in preorder
// (Items[0] is the root, children in the order they were tried).
type Trimmed struct {
	Tree  *tracer.Tree
	Items []Item
	// Aggs counts what the aggregates hold at the step drawn; AggsEnd at
	// the end of the search (the same slice when the end is drawn). The
	// layout sizes the boxes by the end, so that it is one for all steps.
	Aggs, AggsEnd []Aggregate
	AtStep        int64 // the step drawn; 0: the end
	// Visible is how many of the tree's nodes existed after AtStep (the first ones).
	Visible int
}

// Trim cuts t down to what opt asks for. It is the pure model step of a
// diagram: no DOT in it. Errors name the bad option: an unknown focus move
// or a step beyond the last one.
func Trim(t *tracer.Tree, opt DiagramOptions) (*Trimmed, TrimReport, error) {
	if err := trimOptionsOK(t, opt); err != nil {
		return nil, TrimReport{}, err
	}
	return newTrimmer(t, opt).trim(opt)
}

// OptionError is a diagram option that does not fit the tree it is
// given: an unknown focus move, a step past the last one, a negative
// budget. It is the input's fault, not the drawing's.
type OptionError struct{ Err error }

func (e *OptionError) Error() string { return e.Err.Error() }

func (e *OptionError) Unwrap() error { return e.Err }

// trimOptionsOK checks the tree and the options Trim is given; a bad
// option is an *OptionError.
func trimOptionsOK(t *tracer.Tree, opt DiagramOptions) error {
	switch {
	case t == nil || t.Len() == 0:
		return errors.New("the tree is empty: the run stopped before its first call")
	case t.Err() != nil:
		return t.Err()
	}
	if err := optionsOK(t, opt); err != nil {
		return &OptionError{err}
	}
	return nil
}

// optionsOK checks the options against the tree.
func optionsOK(t *tracer.Tree, opt DiagramOptions) error {
	switch {
	case opt.MaxNodes < 0:
		return fmt.Errorf("node budget %d is negative (0 draws everything)", opt.MaxNodes)
	case opt.Depth < 0:
		return fmt.Errorf("depth %d is negative (0 draws every level)", opt.Depth)
	case opt.AtStep < 0:
		return fmt.Errorf("step %d is negative (0 draws the end)", opt.AtStep)
	case opt.AtStep > t.Steps:
		return fmt.Errorf("--at-step %d is beyond the last step %d", opt.AtStep, t.Steps)
	case opt.Solutions < 0:
		return fmt.Errorf("%d solution paths is negative (0 keeps every one)", opt.Solutions)
	case opt.Fold < 0:
		return fmt.Errorf("fold %d is negative (0 folds nothing)", opt.Fold)
	case opt.Wrap < 0:
		return fmt.Errorf("wrap %d is negative (0 wraps nothing)", opt.Wrap)
	case opt.CaptionLines < 0:
		return fmt.Errorf("%d caption lines is negative (0 draws no caption)", opt.CaptionLines)
	case opt.Direction != TopDown && opt.Direction != LeftRight:
		return fmt.Errorf("direction %d is neither top-down nor left-right", opt.Direction)
	case opt.Legend > LegendNone:
		return fmt.Errorf("legend mode %d is not full, short or none", opt.Legend)
	}
	for _, v := range []float64{opt.Fit.W, opt.Fit.H, opt.Fit.MinTextPx, opt.Fit.Title} {
		if math.IsNaN(v) || math.IsInf(v, 0) || v < 0 {
			return fmt.Errorf("fit %g×%g px, text %g px, title %g px: want sizes of 0 or more", opt.Fit.W, opt.Fit.H, opt.Fit.MinTextPx, opt.Fit.Title)
		}
	}
	return nil
}

// trimmer holds the state of trimming one tree. What it knows of the
// whole tree (subtree sizes, solutions, children) is counted once, so
// that WriteDOT can try many options on one tree (see fit.go).
type trimmer struct {
	t *tracer.Tree
	m int32 // all the nodes: decisions are taken at the end of the search

	problem string      // the problem named by the options ("": the first focus move's)
	def     *tracer.Def // whose notation focus moves are in, once known

	size    []int32 // subtree sizes
	nCalls  []int32 // calls in the subtree
	sols    []int32 // solutions in the subtree
	nCall   []int32 // call children
	nPruned []int32 // pruned children
	// marked are the calls that found a solution or returned a wrong
	// true (solved or wrong), in tree order: the ones mustDraw and
	// findFocus look for.
	marked []int32
	// markInfo is what mustDraw asks of each marked call, in the order
	// of marked: read off the tree once, not on every trim.
	markInfo []markInfo
	pruned   int // pruned leaves in the whole tree

	// One trim's state.
	k         int64   // AtStep
	mk        int32   // nodes in view at AtStep: Nodes[:mk]
	depth     int     // Depth (0: all)
	limit     int     // the budget; math.MaxInt for none
	solutions int     // solution paths drawn past the budget (0: all)
	fold      int     // the shortest chain folded (0: none)
	foldPaths bool    // fold calls with one call child drawn, too
	foldFocus bool    // fold the path to the focus, too
	nDrawn    []int32 // call children drawn
	state     []uint8 // drawn, closed, leaves
	// drawnList holds the calls drawn, in the order they were drawn:
	// only they have a state or drawn children, so that the next trim
	// clears them, and the budget and the leaves look at them, not at
	// every node of the tree.
	drawnList []int32
	start     int32   // where the budget starts: the root or the end of the focus path
	focusPath []int32 // the root, then one node per focus move
	used      int     // node statements so far
	rep       TrimReport
	// The focus: the call the picture is about (the first solution in
	// the branch in play, or the call a limit stopped, or the branch's
	// root) and the step it is about. The budget goes to what happened
	// nearest that step first.
	focusNode int32
	focusStep int64
	// more are the other focus steps (DiagramOptions.FocusSteps, within
	// the search).
	more []int64
}

// markInfo is a marked call's solution: whether it found one itself
// (Tree.Solved's here), at which step (at, > 0), and whether it returned
// a wrong true (trimmer.wrong).
type markInfo struct {
	at          int64
	here, wrong bool
}

const (
	trimDrawn  uint8 = 1 << iota // the call is drawn
	trimClosed                   // drawn, but none of its children: they all go to its elided node
	trimLeaves                   // its pruned leaves are drawn one by one
	trimPath                     // on the path to the focus: never folded unless foldFocus
)

func newTrimmer(t *tracer.Tree, opt DiagramOptions) *trimmer {
	m := int32(t.Len())
	tm := &trimmer{t: t, m: m, problem: opt.Problem, def: opt.Def}
	buf := make([]int32, 6*m)
	tm.size, tm.sols, tm.nCall, tm.nPruned, tm.nDrawn, tm.nCalls = buf[:m:m], buf[m:2*m:2*m], buf[2*m:3*m:3*m], buf[3*m:4*m:4*m], buf[4*m:5*m:5*m], buf[5*m:]
	tm.state = make([]uint8, m)
	// Children come after their parents: one backward pass sums every
	// subtree.
	for i := m - 1; i >= 0; i-- {
		tm.size[i]++
		kind := t.Kind(i)
		if kind == tracer.NodeCall {
			tm.nCalls[i]++
			// Only a call finds a solution (Solved is false, 0 for the
			// rest).
			if here, at := t.Solved(i); at > 0 {
				if here {
					tm.sols[i]++
				}
				if wrong := tm.wrong(i); here || wrong {
					tm.marked = append(tm.marked, i)
					tm.markInfo = append(tm.markInfo, markInfo{at, here, wrong})
				}
			}
		} else {
			tm.pruned++
		}
		if p := t.Parent(i); p >= 0 {
			tm.size[p] += tm.size[i]
			tm.sols[p] += tm.sols[i]
			tm.nCalls[p] += tm.nCalls[i]
			if kind == tracer.NodePruned {
				tm.nPruned[p]++
			} else {
				tm.nCall[p]++
			}
		}
	}
	slices.Reverse(tm.marked)
	slices.Reverse(tm.markInfo)
	return tm
}

// markedIn returns the marked calls among Nodes[lo:hi].
func (tm *trimmer) markedIn(lo, hi int32) []int32 {
	a, _ := slices.BinarySearch(tm.marked, lo)
	b, _ := slices.BinarySearch(tm.marked, hi)
	return tm.marked[a:b]
}

// trim runs one trim with opt (checked by trimOptionsOK).
func (tm *trimmer) trim(opt DiagramOptions) (*Trimmed, TrimReport, error) {
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
	// Only the calls the last trim drew have a state or drawn children.
	for _, i := range tm.drawnList {
		tm.state[i], tm.nDrawn[i] = 0, 0
	}
	tm.drawnList = tm.drawnList[:0]
	tm.used, tm.start, tm.focusPath = 0, 0, nil
	tm.rep = TrimReport{Total: int(tm.mk), AtStep: opt.AtStep, Steps: tm.t.Steps, Depth: opt.Depth, Budget: opt.MaxNodes,
		Focus: append([]string(nil), opt.Focus...)}
	if tm.mk == tm.m {
		tm.rep.TotalPruned = tm.pruned
	} else {
		for i := int32(0); i < tm.mk; i++ {
			if tm.t.Kind(i) == tracer.NodePruned {
				tm.rep.TotalPruned++
			}
		}
	}
	tm.rep.TotalCalls = tm.rep.Total - tm.rep.TotalPruned
	if err := tm.focus(opt.Focus); err != nil {
		return nil, tm.rep, &OptionError{err}
	}
	tm.findFocus()
	tm.more = tm.more[:0]
	for _, k := range opt.FocusSteps {
		if k > 0 && k <= tm.t.Steps {
			tm.more = append(tm.more, k)
		}
	}
	tm.mustDraw()
	tm.budget()
	tm.leaves()
	tr := tm.build()
	return tr, tm.rep, nil
}

// solved reports whether call i found a solution (by the end).
func (tm *trimmer) solved(i int32) bool {
	here, at := tm.t.Solved(i)
	return here && at > 0
}

// solvedAt reports whether call i found a solution by the step drawn.
func (tm *trimmer) solvedAt(i int32) bool {
	here, at := tm.t.Solved(i)
	return here && at > 0 && (tm.k <= 0 || at <= tm.k)
}

// wrong reports whether call i returned true over an unsolved board
// (--drop return-false): its path is drawn like a solution's, so the
// picture shows where the wrong true came from.
func (tm *trimmer) wrong(i int32) bool {
	n := tm.t.Node(i)
	return n.Wrong && n.SolStep > 0
}

// children calls f for each child of i, in order.
func (tm *trimmer) children(i int32, f func(c int32)) {
	for c := tm.t.FirstChild(i); c >= 0; c = tm.t.NextSibling(c) {
		f(c)
	}
}

func (tm *trimmer) drawn(i int32) bool { return tm.state[i]&trimDrawn != 0 }

// level is the level a node is drawn at.
func (tm *trimmer) level(i int32) int { return int(tm.t.Depth(i)) }

// deco is how many node statements call i's children add while i is drawn
// in its present state: its group or pruned leaves, and its elided node.
func (tm *trimmer) deco(i int32) int {
	st := tm.state[i]
	if st&trimClosed != 0 {
		if tm.nCall[i]+tm.nPruned[i] > 0 {
			return 1
		}
		return 0
	}
	// Every child drawn as itself is a statement, and so is every run of
	// consecutive children left out: a group of pruned tries, or an
	// elided node where a call's subtree is among them.
	d, in := 0, false
	for c := tm.t.FirstChild(i); c >= 0; c = tm.t.NextSibling(c) {
		if tm.shown(c, st) {
			d, in = d+1, false
		} else if !in {
			d, in = d+1, true
		}
	}
	return d - tm.shownCalls(i)
}

// shown reports whether child c of a call in state st is drawn as itself.
func (tm *trimmer) shown(c int32, st uint8) bool {
	if tm.t.Kind(c) == tracer.NodePruned {
		return st&(trimLeaves|trimClosed) == trimLeaves
	}
	return tm.drawn(c)
}

// shownCalls is how many of call i's children are calls drawn: they are
// counted as they are drawn, not in i's decoration.
func (tm *trimmer) shownCalls(i int32) int { return int(tm.nDrawn[i]) }

// draw marks call i drawn, with the state it starts in, and returns how
// many node statements that adds.
func (tm *trimmer) draw(i int32) int {
	if tm.drawn(i) {
		return 0
	}
	st := trimDrawn
	if tm.depth > 0 && tm.level(i) >= tm.depth {
		st |= trimClosed
	}
	if tm.nPruned[i] == 1 || tm.limit == math.MaxInt {
		st |= trimLeaves // one leaf costs what its group would
	}
	delta := 0
	if p := tm.t.Parent(i); p >= 0 {
		before := tm.deco(p)
		tm.nDrawn[p]++
		tm.state[i] = st
		delta += tm.deco(p) - before
	}
	tm.state[i] = st
	tm.drawnList = append(tm.drawnList, i)
	return delta + 1 + tm.deco(i)
}

// close keeps call i drawn but leaves all its children out.
func (tm *trimmer) close(i int32) int {
	before := tm.deco(i)
	tm.state[i] |= trimClosed
	return tm.deco(i) - before
}

// drawPath draws i and its ancestors.
func (tm *trimmer) drawPath(i int32) {
	var path []int32
	for ; i >= 0 && !tm.drawn(i); i = tm.t.Parent(i) {
		path = append(path, i)
	}
	for j := len(path) - 1; j >= 0; j-- {
		tm.used += tm.draw(path[j])
	}
}

// focus follows the focus moves from the root. The moves are read with
// the problem's Def (Def.ParseMove, the one parser of its notation).
func (tm *trimmer) focus(moves []string) error {
	tm.focusPath = []int32{0}
	at := int32(0)
	where := "the root"
	for k, label := range moves {
		if strings.TrimSpace(label) == "root" {
			if k == 0 {
				continue
			}
			return fmt.Errorf("focus move %d: %q can only come first", k+1, label)
		}
		if tm.def == nil {
			if err := tm.findDef(label); err != nil {
				return fmt.Errorf("focus move %d: %w", k+1, err)
			}
		}
		var have []string // the calls under at, for an error
		tm.moveChildren(at, func(c int32) {
			if n := tm.t.Node(c); n.Kind == tracer.NodeCall {
				have = append(have, tm.moveLabel(n))
			}
		})
		cell, v, err := tm.def.ParseMove(label, focusSize)
		if err != nil {
			// A move in another notation (or none): how this problem
			// writes its moves, and the moves there are.
			return fmt.Errorf("focus move %s: %s; %s", label, tm.def.MoveHint.EN, focusMovesUnder(where, have, 0))
		}
		next := int32(-1)
		var pruned int32 = -1
		tm.moveChildren(at, func(c int32) {
			n := tm.t.Node(c)
			if n.Cell() != cell || int(n.Value) != v {
				return
			}
			if n.Kind == tracer.NodeCall {
				next = c
			} else if pruned < 0 {
				pruned = c
			}
		})
		switch {
		case next >= 0:
		case pruned >= 0:
			n := tm.t.Node(pruned)
			return fmt.Errorf("focus move %s under %s was pruned (%s, clashing with %s): it has no subtree",
				label, where, tm.def.RuleName(n.Rule, tracer.LangEN), tm.witnessLabel(pruned))
		default:
			return fmt.Errorf("focus move %s: no such move under %s%s", label, where, focusListMoves(have, 0))
		}
		// The calls with no move between at and next (the givens of
		// --order cells) go on the path too.
		var chain []int32
		for c := next; c != at; c = tm.t.Parent(c) {
			chain = append(chain, c)
		}
		for j := len(chain) - 1; j >= 0; j-- {
			tm.focusPath = append(tm.focusPath, chain[j])
		}
		at = next
		where = label
	}
	if tm.depth > 0 && tm.level(at) > tm.depth {
		return fmt.Errorf("focus %s is at depth %d, deeper than depth %d", where, tm.level(at), tm.depth)
	}
	tm.start = at
	return nil
}

// moveChildren calls fn for each child of i, looking through the calls
// that were made with no move (a given cell, under --order cells: the
// recursion steps over it with one call), whose children count as i's: a
// focus path names only moves.
func (tm *trimmer) moveChildren(i int32, fn func(c int32)) {
	tm.children(i, func(c int32) {
		if n := tm.t.Node(c); n.Kind == tracer.NodeCall && n.Value < 0 {
			tm.moveChildren(c, fn)
			return
		}
		fn(c)
	})
}

// findDef finds the problem the focus moves are in when the options give
// no Def: the one they name, or else the one whose notation label is
// written in.
func (tm *trimmer) findDef(label string) error {
	if tm.problem != "" {
		d, err := tracer.Lookup(tm.problem)
		if err != nil {
			return errors.New(strings.TrimPrefix(err.Error(), "tracer: "))
		}
		tm.def = d
		return nil
	}
	if tm.def = moveDef(label); tm.def == nil {
		return notAMove(label)
	}
	return nil
}

// moveLabel is node n's move in the problem's notation.
func (tm *trimmer) moveLabel(n tracer.Node) string {
	return tm.def.MoveLabel(n.Cell(), int(n.Value))
}

// witnessLabel names what pruned leaf i clashes with, in the problem's
// words: "the queen at (0,1)", "the 4 at (0,5)".
func (tm *trimmer) witnessLabel(i int32) string {
	return tm.def.Words.Thing(witnessValue(tm.t, i, nil), tm.t.Node(i).Witness()).EN
}

// focusMovesUnder lists the moves under a node for an error: "the moves
// under the root: r0=c0, r0=c1".
func focusMovesUnder(where string, have []string, k int64) string {
	when := ""
	if k > 0 {
		when = fmt.Sprintf(" after step %d", k)
	}
	if len(have) == 0 {
		return "there are no calls under " + where + when
	}
	if len(have) > 12 {
		have = append(have[:12:12], "…")
	}
	return "the moves under " + where + when + ": " + strings.Join(have, ", ")
}

// focusListMoves says which moves there were instead, for an error.
func focusListMoves(have []string, k int64) string {
	when := ""
	if k > 0 {
		when = fmt.Sprintf(" after step %d", k)
	}
	switch {
	case len(have) == 0:
		return " (it has no calls below it" + when + ")"
	case len(have) > 12:
		have = append(have[:12:12], "…")
	}
	return " (its moves" + when + ": " + strings.Join(have, ", ") + ")"
}

// mustDraw draws what every diagram shows, budget or not.
func (tm *trimmer) mustDraw() {
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
	a, _ := slices.BinarySearch(tm.marked, lo)
	b, _ := slices.BinarySearch(tm.marked, hi)
	for j, i := range tm.marked[a:b] {
		// solvedAt, wrong and solved of i, as newTrimmer read them.
		m := &tm.markInfo[a+j]
		if m.here && (tm.k <= 0 || m.at <= tm.k) {
			tm.rep.Solutions++
		}
		switch {
		case m.wrong:
		case m.here && (tm.solutions == 0 || kept < tm.solutions):
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

// cutAtDepth returns i, or its ancestor at Depth if i is deeper.
func (tm *trimmer) cutAtDepth(i int32) int32 {
	for tm.depth > 0 && tm.level(i) > tm.depth {
		i = tm.t.Parent(i)
	}
	return i
}

// unreturned reports whether call i had not returned by step k (0: the
// end): it was on the call stack then (running, or cut by a limit).
func (tm *trimmer) unreturned(i int32, k int64) bool {
	end := tm.t.Node(i).End
	return end == 0 || k > 0 && end > k
}

// running reports whether call i was on the call stack at the step drawn
// with the search still going (not stopped by a limit by then). Its status
// can be open, or on_path and solution once a solution below it was found.
func (tm *trimmer) running(i int32) bool {
	lim := tm.t.LimitStep
	return tm.k > 0 && i < tm.mk && tm.unreturned(i, tm.k) && (lim == 0 || lim > tm.k)
}

// activeAt returns the call on top of the stack at step k (0: the end)
// whose nodes are Nodes[:m] (running, or cut by a limit), or -1 if the
// search had returned. The calls created after it by then have returned;
// those still on the stack are its ancestors.
func (tm *trimmer) activeAt(m int32, k int64) int32 {
	last := m - 1
	for last >= 0 && tm.t.Kind(last) != tracer.NodeCall {
		last--
	}
	for i := last; i >= 0; i = tm.t.Parent(i) {
		if tm.unreturned(i, k) {
			return i
		}
	}
	return -1
}

// findFocus finds the call the picture is about and its step, in the
// branch in play: the first solution found there (or the first wrong
// true, under --drop return-false); else the call a limit stopped; else
// the branch's root, at its end.
func (tm *trimmer) findFocus() {
	lo, hi := tm.start, tm.start+tm.size[tm.start]
	for _, i := range tm.markedIn(lo, hi) {
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

// distance is how far in time call or leaf c is from the focus step: how
// long before it c returned, or how long after it c began; 0 for what
// was running at the focus step. What came after is farther than
// anything before: the dead ends on the way come first.
func (tm *trimmer) distance(c int32) int64 {
	n := tm.t.Node(c)
	d := tm.distanceTo(n, tm.focusStep)
	for _, k := range tm.more {
		d = min(d, tm.distanceTo(n, k))
	}
	return d
}

// distanceTo is how far node n is from step k (see distance).
func (tm *trimmer) distanceTo(n tracer.Node, k int64) int64 {
	switch {
	case n.End > 0 && n.End <= k:
		return k - n.End
	case n.Step > k:
		return n.Step - k + tm.t.Steps + 1
	}
	return 0
}

// budget draws calls while they fit, nearest the focus step in time
// first (see distance): the path to the focus is drawn already, then the
// dead ends the search met just before it, then earlier ones, then what
// came after. A call is drawn only under a drawn parent, and a child is
// never nearer than its parent, so the drawn part stays one tree.
func (tm *trimmer) budget() {
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
	// The heap orders by distance and node alone: the order of the
	// pushes does not matter.
	for _, i := range tm.drawnList {
		if i >= lo && i < hi && tm.t.Kind(i) == tracer.NodeCall {
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

// openParent reports whether call i's parent is drawn and open (not
// closed), so that i may be drawn.
func (tm *trimmer) openParent(i int32) bool {
	p := tm.t.Parent(i)
	return p < 0 || tm.drawn(p) && tm.state[p]&trimClosed == 0
}

// distItem is a call waiting to be drawn, and its distance.
type distItem struct {
	dist int64
	node int32
}

// distQueue is a min-heap of calls by distance, then by node (search
// order), so that trimming is deterministic.
type distQueue []distItem

func (q distQueue) Len() int { return len(q) }
func (q distQueue) Less(i, j int) bool {
	return q[i].dist < q[j].dist || q[i].dist == q[j].dist && q[i].node < q[j].node
}
func (q distQueue) Swap(i, j int) { q[i], q[j] = q[j], q[i] }
func (q *distQueue) Push(x any)   { *q = append(*q, x.(distItem)) }
func (q *distQueue) Pop() any {
	old := *q
	x := old[len(old)-1]
	*q = old[:len(old)-1]
	return x
}

// cost is what drawing call i (whose parent is drawn) would add, without
// drawing it.
func (tm *trimmer) cost(i int32) int {
	d := tm.draw(i)
	tm.state[i] = 0
	tm.nDrawn[tm.t.Parent(i)]--
	tm.drawnList = tm.drawnList[:len(tm.drawnList)-1]
	return d
}

// leaves draws pruned leaves one by one under the drawn calls where they
// fit, the calls nearest the focus step first (the path to the focus,
// then the dead ends nearest it).
func (tm *trimmer) leaves() {
	if tm.limit == math.MaxInt {
		return
	}
	var calls []distItem
	for _, i := range tm.drawnList {
		if tm.t.Kind(i) == tracer.NodeCall && tm.state[i]&(trimClosed|trimLeaves) == 0 && tm.nPruned[i] > 0 {
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

// single reports whether drawn call i can be folded into a chain: it is
// not the root nor on the focus path, and it has exactly one call child,
// which is drawn (its pruned leaves go into the fold); with foldPaths,
// exactly one call child drawn (the others go into the fold too).
func (tm *trimmer) single(i int32) bool {
	if i == 0 || tm.nDrawn[i] != 1 || (!tm.foldPaths && tm.nCall[i] != 1) || tm.state[i]&trimClosed != 0 {
		return false
	}
	if tm.state[i]&trimPath != 0 && !tm.foldFocus {
		return false
	}
	for _, f := range tm.focusPath {
		if f == i {
			return false
		}
	}
	return true
}

// callChild returns call i's call child that is drawn, or -1.
func (tm *trimmer) callChild(i int32) int32 {
	for c := tm.t.FirstChild(i); c >= 0; c = tm.t.NextSibling(c) {
		if tm.t.Kind(c) == tracer.NodeCall && tm.drawn(c) {
			return c
		}
	}
	return -1
}

// chain returns the last call of the chain of single calls from i, and
// how many calls it holds (0 if i is not single).
func (tm *trimmer) chain(i int32) (int32, int) {
	last, k := i, 0
	for v := i; v >= 0 && tm.single(v); v = tm.callChild(v) {
		last, k = v, k+1
	}
	return last, k
}

// build lays the drawn part out as items, in preorder: every item the
// whole tree draws, those with nothing in them at the step drawn hidden.
func (tm *trimmer) build() *Trimmed {
	tr := &Trimmed{Tree: tm.t, AtStep: tm.k, Visible: int(tm.mk)}
	tr.Items = make([]Item, 0, tm.used)
	atEnd := tm.k <= 0 || tm.mk == tm.m
	last := make([]int32, 0, tm.used) // last child of each item
	add := func(it Item) int32 {
		i := int32(len(tr.Items))
		it.First, it.Next = -1, -1
		if it.Kind != ItemFold {
			it.Tail = it.Node
		}
		if it.Parent >= 0 {
			if l := last[it.Parent]; l < 0 {
				tr.Items[it.Parent].First = i
			} else {
				tr.Items[l].Next = i
			}
			last[it.Parent] = i
		}
		tr.Items = append(tr.Items, it)
		last = append(last, -1)
		return i
	}
	// The call on top of the stack at the step drawn, if the search was
	// still going: drawn as running, or the aggregate that holds it.
	active := tm.activeAt(tm.mk, tm.k)
	if active >= 0 && !tm.running(active) {
		active = -1
	}
	active0 := active
	newAgg := func(kind ItemKind, v, parent int32, depth int, end, at Aggregate) int32 {
		tr.Aggs = append(tr.Aggs, at)
		tr.AggsEnd = append(tr.AggsEnd, end)
		return add(Item{Kind: kind, Node: v, Parent: parent, Depth: depth, Agg: int32(len(tr.Aggs) - 1), Status: tracer.NodeOpen})
	}
	// count adds tree node c (and, whole, its subtree) to end, and to at
	// if it existed at the step drawn.
	count := func(end, at *Aggregate, c int32, whole bool) {
		n := tm.t.Node(c)
		for k, ag := range []*Aggregate{end, at} {
			if k == 1 && c >= tm.mk {
				break
			}
			switch {
			case n.Kind == tracer.NodePruned:
				ag.Leaves++
				ag.ByRule[n.Rule]++
				ag.Nodes++
			case whole:
				ag.Subtrees++
				size, sols, calls := int(tm.size[c]), int(tm.sols[c]), tm.callsIn(c, tm.m)
				if k == 1 && !atEnd {
					size, sols = tm.sizeAt(c)
					calls = tm.callsIn(c, tm.mk)
				}
				ag.Nodes += size
				ag.Solutions += sols
				ag.SubCalls += calls
			default: // a folded call
				ag.Calls++
				ag.Nodes++
			}
		}
	}
	var walk func(v, parent int32, depth int)
	walk = func(v, parent int32, depth int) {
		// A chain of calls with one call child each: one fold item.
		if tm.fold > 0 {
			if tail, k := tm.chain(v); k >= tm.fold {
				var end, at Aggregate
				running, isActive := false, false
				for u := v; ; u = tm.callChild(u) {
					count(&end, &at, u, false)
					tm.children(u, func(c int32) {
						switch n := tm.t.Node(c); {
						case n.Kind == tracer.NodePruned:
							count(&end, &at, c, false)
						case !tm.drawn(c): // with foldPaths: a subtree left out
							count(&end, &at, c, true)
							running = running || active >= c && active < c+tm.size[c]
						}
					})
					running = running || tm.running(u)
					isActive = isActive || u == active
					if u == tail {
						break
					}
				}
				f := newAgg(ItemFold, v, parent, depth, end, at)
				it := &tr.Items[f]
				it.Tail, it.Running, it.Active, it.Hidden = tail, running, isActive, v >= tm.mk
				it.Status = tm.t.StatusAt(tail, tm.k)
				it.SolutionPath = it.Status == tracer.NodeSolution || it.Status == tracer.NodeOnPath || it.Status == tracer.NodeWrong
				walk(tm.callChild(tail), f, depth+1)
				return
			}
		}
		st := tm.t.StatusAt(v, tm.k)
		me := add(Item{Kind: ItemCall, Node: v, Parent: parent, Depth: depth, Status: st, Agg: -1,
			Active: v == active, Running: tm.running(v), NotExpanded: tm.state[v]&trimClosed != 0,
			SolutionPath: st == tracer.NodeSolution || st == tracer.NodeOnPath || st == tracer.NodeWrong,
			Hidden:       v >= tm.mk})
		// The children in the order they were tried: each child drawn as
		// itself, and each run of consecutive children left out as one
		// aggregate standing where the run stood (a group when the run
		// holds only pruned tries, an elided node when it holds a call's
		// subtree), so that a reader going along a level reads the search
		// in the order it happened.
		st8 := tm.state[v]
		runLo, runHi := int32(-1), int32(-1)
		flush := func() {
			if runLo < 0 {
				return
			}
			var end, at Aggregate
			pruned := true
			active, running := false, false
			for c := runLo; c < runHi; c += tm.size[c] {
				n := tm.t.Node(c)
				if n.Kind == tracer.NodeCall {
					pruned = false
					in := active || tm.activeIn(active0, c)
					active = active || in
					running = running || in || tm.running(c)
				}
				count(&end, &at, c, true)
			}
			kind := ItemElided
			if pruned {
				kind = ItemGroup
			}
			if pruned && runHi == runLo+1 && st8&trimClosed == 0 {
				// One pruned try costs a box either way: drawn as itself.
				add(Item{Kind: ItemPruned, Node: runLo, Parent: me, Depth: depth + 1, Status: tm.t.StatusAt(runLo, tm.k), Agg: -1, Hidden: runLo >= tm.mk})
				runLo, runHi = -1, -1
				return
			}
			e := newAgg(kind, v, me, depth+1, end, at)
			it := &tr.Items[e]
			it.Lo, it.Hi = runLo, runHi
			it.Active, it.Running = active, running
			later := tm.t.Step(runLo) > tm.focusStep
			tr.Aggs[it.Agg].Later, tr.AggsEnd[it.Agg].Later = later, later
			tr.Aggs[it.Agg].Open = running
			tr.AggsEnd[it.Agg].Open = tm.t.LimitStep > 0 && tm.unreturnedIn(runLo, runHi)
			runLo, runHi = -1, -1
		}
		tm.children(v, func(c int32) {
			if !tm.shown(c, st8) {
				if runLo < 0 {
					runLo = c
				}
				runHi = c + tm.size[c]
				return
			}
			flush()
			if tm.t.Kind(c) == tracer.NodePruned {
				add(Item{Kind: ItemPruned, Node: c, Parent: me, Depth: depth + 1, Status: tm.t.StatusAt(c, tm.k), Agg: -1, Hidden: c >= tm.mk})
				return
			}
			walk(c, me, depth+1)
		})
		flush()
	}
	walk(0, -1, 0)
	// What is shown at the step drawn, and the report of it.
	r := &tm.rep
	for i := range tr.Items {
		it := &tr.Items[i]
		if it.Agg >= 0 {
			a := &tr.Aggs[it.Agg]
			it.Hidden = it.Hidden || a.Nodes == 0
		}
		if it.Hidden {
			continue
		}
		switch it.Kind {
		case ItemCall:
			r.ShownCalls++
			if it.Status == tracer.NodeSolution && tm.solvedAt(it.Node) && it.Node >= tm.start && it.Node < tm.start+tm.size[tm.start] {
				r.SolutionsKept++
			}
		case ItemPruned:
			r.ShownPruned++
		case ItemGroup:
			r.CollapsedGroups++
			r.CollapsedLeaves += tr.Aggs[it.Agg].Leaves
		case ItemElided:
			a := &tr.Aggs[it.Agg]
			r.ElidedMarks++
			r.ElidedSubtrees += a.Subtrees + a.Leaves
			r.ElidedNodes += a.Nodes
			r.ElidedSolutions += a.Solutions
		case ItemFold:
			a := &tr.Aggs[it.Agg]
			r.FoldedChains++
			r.FoldedCalls += a.Calls
			r.FoldedLeaves += a.Leaves
			r.FoldedNodes += a.Nodes
		}
		r.Statements++
	}
	r.Shown = r.ShownCalls + r.ShownPruned
	if atEnd {
		tr.Aggs = tr.AggsEnd
	}
	return tr
}

// activeIn reports whether the active call a is in c's subtree.
func (tm *trimmer) activeIn(a, c int32) bool { return a >= c && a < c+tm.size[c] }

// unreturnedIn reports whether a call among Nodes[lo:hi] never returned
// (a limit cut it): the calls left on the stack at the end are the last
// one's ancestors.
func (tm *trimmer) unreturnedIn(lo, hi int32) bool {
	a := tm.activeAt(tm.m, 0)
	return a >= lo && a < hi
}

// callsIn counts the calls of c's subtree among the first m nodes.
func (tm *trimmer) callsIn(c, m int32) int {
	if c+tm.size[c] <= m {
		return int(tm.nCalls[c])
	}
	n := 0
	for i, end := c, min(c+tm.size[c], m); i < end; i++ {
		if tm.t.Kind(i) == tracer.NodeCall {
			n++
		}
	}
	return n
}

// sizeAt counts the nodes of c's subtree, and the solutions among them,
// that existed at the step drawn.
func (tm *trimmer) sizeAt(c int32) (nodes, sols int) {
	end := c + tm.size[c]
	for i := c; i < end && i < tm.mk; i++ {
		nodes++
		if tm.t.Kind(i) == tracer.NodeCall && tm.solvedAt(i) {
			sols++
		}
	}
	return nodes, sols
}

// FocusSeparator separates the moves of a focus path: "r0=c1/r1=c3".
const FocusSeparator = "/"

// ParseFocus reads a focus path: moves from the root separated by "/", as
// the problem's Def writes them: "r0=c1/r1=c3" (N-Queens), "(0,2)=4/(0,3)=6"
// (Sudoku), "p0=2/p1=1" (Permutations). Each move is read by the Def's
// ParseMove, the parser the step log uses too, so a move is accepted here
// exactly when it is one a step log could hold; all the moves must be in
// one problem's notation. Spaces around a move are ignored and a leading
// "root/" is allowed. It returns the moves as the Def writes them; "" is
// no focus. Errors name the bad element. Whether the moves are on the
// board of the run is for Trim to say, which knows the tree.
func ParseFocus(s string) ([]string, error) {
	if strings.TrimSpace(s) == "" {
		return nil, nil
	}
	parts := strings.Split(s, FocusSeparator)
	out := make([]string, 0, len(parts))
	var def *tracer.Def // the problem whose notation the moves are in
	for i, p := range parts {
		switch strings.TrimSpace(p) {
		case "":
			return nil, fmt.Errorf("focus %q: element %d is empty", s, i+1)
		case "root":
			if i > 0 {
				return nil, fmt.Errorf("focus %q: element %d: root can only come first", s, i+1)
			}
			continue
		}
		if def == nil {
			if def = moveDef(p); def == nil {
				return nil, fmt.Errorf("focus %q: element %d: %w", s, i+1, notAMove(p))
			}
		}
		cell, v, err := def.ParseMove(p, focusSize)
		if err != nil {
			if other := moveDef(p); other != nil {
				return nil, fmt.Errorf("focus %q: element %d %q mixes %s and %s moves", s, i+1, p, def.Title.EN, other.Title.EN)
			}
			return nil, fmt.Errorf("focus %q: element %d: %w", s, i+1, err)
		}
		move := def.Move(cell, v)
		if _, _, err := def.ParseMove(move, focusSize); err != nil {
			// A list's move reads its number ("5"), which names no index
			// without the instance: keep the notation it was given in
			// ("p0=i3"), which Trim reads with the run's own Def.
			move = strings.TrimSpace(p)
		}
		out = append(out, move)
	}
	if len(out) == 0 {
		return nil, nil
	}
	return out, nil
}
