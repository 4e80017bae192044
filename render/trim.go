package render

import (
	"errors"
	"fmt"
	"math"
	"sort"
	"strings"

	"backtrack/tracer"
)

// Trimming a search tree for a diagram, the way pprof trims a profile graph:
// a few explicit steps, each of which says what it left out.
//
//  1. The view: with AtStep K only the nodes that existed after step K.
//     Nodes are appended to tracer.Tree.Nodes in step order, so they are a
//     prefix of the slice, and a subtree is a contiguous run of it (the tree
//     is built depth-first).
//  2. What must be drawn: the root, the focus path and its siblings, every
//     solution path, the call stack at step K (open or cut nodes), all cut at
//     Depth.
//  3. The budget: call nodes breadth-first from the root (or from the end
//     of the focus path), shallow levels first, left to right, while the
//     node statements fit in MaxNodes.
//  4. Pruned leaves: drawn one by one under the parents where they fit
//     (shallow parents first), otherwise collapsed into one group node per
//     parent with counts by rule.
//  5. Elision: every drawn call whose children are not all drawn gets one
//     elided node saying how many tree nodes it hides.
//
// Every tree node in view ends up in exactly one place: drawn as itself,
// inside a collapsed group, or inside an elided subtree, so
// Shown + CollapsedLeaves + ElidedNodes == Total.

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
	// the statuses of that moment (0: at the end).
	AtStep int64
	// Boards draws small boards inside the nodes.
	Boards bool
	// Layout computes a tidy tree layout and pins every node's position
	// (pos="x,y!") so that Graphviz only routes and draws.
	Layout bool
	// Problem names the problem the tree is of (its Def's Name, as
	// tracer.Summary.Problem does): a focus move must be written in its
	// notation (Def.ParseMove), and an error about one lists the moves
	// there are in it. WriteDOT takes it from the legend when it is empty;
	// with none, the problem whose notation the first focus move is in is
	// taken.
	Problem string
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
)

// Item is one node of a trimmed tree. Items are linked by index like
// tracer.Node.
type Item struct {
	Kind ItemKind
	// Node is the index in Tree.Nodes of the call or pruned leaf; for a
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
}

// Aggregate counts what a group or an elided node stands for.
type Aggregate struct {
	Leaves    int                  // pruned leaves (a group's, or an elided node's direct ones)
	ByRule    [tracer.NumRules]int // Leaves by rule
	Subtrees  int                  // elided: call subtrees left out
	Nodes     int                  // tree nodes left out in all
	Solutions int                  // elided: solutions among them
}

// Trimmed is the part of a search tree a diagram draws: items in preorder
// (Items[0] is the root, children in the order they were tried).
type Trimmed struct {
	Tree   *tracer.Tree
	Items  []Item
	Aggs   []Aggregate
	AtStep int64 // the step drawn; 0: the end
	// Visible is how many of Tree.Nodes existed after AtStep (a prefix).
	Visible int
}

// Trim cuts t down to what opt asks for. It is the pure model step of a
// diagram: no DOT in it. Errors name the bad option: an unknown focus move
// or a step beyond the last one.
func Trim(t *tracer.Tree, opt DiagramOptions) (*Trimmed, TrimReport, error) {
	var rep TrimReport
	switch {
	case t == nil || len(t.Nodes) == 0:
		return nil, rep, errors.New("trim: the tree is empty")
	case t.Err() != nil:
		return nil, rep, fmt.Errorf("trim: %w", t.Err())
	case opt.MaxNodes < 0:
		return nil, rep, fmt.Errorf("trim: node budget %d is negative (0 draws everything)", opt.MaxNodes)
	case opt.Depth < 0:
		return nil, rep, fmt.Errorf("trim: depth %d is negative (0 draws every level)", opt.Depth)
	case opt.AtStep < 0:
		return nil, rep, fmt.Errorf("trim: step %d is negative (0 draws the end)", opt.AtStep)
	case opt.AtStep > t.Steps:
		return nil, rep, fmt.Errorf("trim: step %d is beyond the last step %d", opt.AtStep, t.Steps)
	}
	tm := newTrimmer(t, opt)
	if err := tm.focus(opt.Focus); err != nil {
		return nil, rep, err
	}
	tm.mustDraw()
	tm.budget()
	tm.leaves()
	tr := tm.build()
	return tr, tm.rep, nil
}

// trimmer holds the state of one Trim.
type trimmer struct {
	t     *tracer.Tree
	nodes []tracer.Node
	k     int64 // AtStep
	m     int32 // nodes in view: Nodes[:m]
	depth int   // Depth (0: all)
	limit int   // the budget; math.MaxInt for none

	problem string      // the problem named by the options ("": the first focus move's)
	def     *tracer.Def // whose notation focus moves are in, once known

	size    []int32 // subtree sizes, in view
	sols    []int32 // solutions in the subtree, in view
	nCall   []int32 // call children in view
	nPruned []int32 // pruned children in view
	nDrawn  []int32 // call children drawn
	state   []uint8 // drawn, closed, leaves

	start     int32   // where the budget starts: the root or the end of the focus path
	focusPath []int32 // the root, then one node per focus move
	used      int     // node statements so far
	rep       TrimReport
}

const (
	trimDrawn  uint8 = 1 << iota // the call is drawn
	trimClosed                   // drawn, but none of its children: they all go to its elided node
	trimLeaves                   // its pruned leaves are drawn one by one
)

func newTrimmer(t *tracer.Tree, opt DiagramOptions) *trimmer {
	nodes := t.Nodes
	m := int32(len(nodes))
	if opt.AtStep > 0 {
		m = int32(sort.Search(len(nodes), func(i int) bool { return nodes[i].Step > opt.AtStep }))
	}
	tm := &trimmer{t: t, nodes: nodes, k: opt.AtStep, m: m, depth: opt.Depth, limit: opt.MaxNodes, problem: opt.Problem}
	if tm.limit == 0 {
		tm.limit = math.MaxInt
	}
	buf := make([]int32, 5*m)
	tm.size, tm.sols, tm.nCall, tm.nPruned, tm.nDrawn = buf[:m:m], buf[m:2*m:2*m], buf[2*m:3*m:3*m], buf[3*m:4*m:4*m], buf[4*m:]
	tm.state = make([]uint8, m)
	// Children come after their parents in Nodes: one backward pass sums
	// every subtree.
	for i := m - 1; i >= 0; i-- {
		n := &nodes[i]
		tm.size[i]++
		if n.Kind == tracer.NodeCall && tm.solvedAt(i) {
			tm.sols[i]++
		}
		if p := n.Parent; p >= 0 {
			tm.size[p] += tm.size[i]
			tm.sols[p] += tm.sols[i]
			if n.Kind == tracer.NodePruned {
				tm.nPruned[p]++
				tm.rep.TotalPruned++
			} else {
				tm.nCall[p]++
			}
		}
	}
	tm.rep.Total = int(m)
	tm.rep.TotalCalls = int(m) - tm.rep.TotalPruned
	tm.rep.AtStep, tm.rep.Steps = opt.AtStep, t.Steps
	tm.rep.Depth = opt.Depth
	tm.rep.Budget = opt.MaxNodes
	tm.rep.Focus = append([]string(nil), opt.Focus...)
	return tm
}

// solvedAt reports whether call i found a solution by the step drawn.
func (tm *trimmer) solvedAt(i int32) bool {
	n := &tm.nodes[i]
	return n.Solved && n.SolStep > 0 && (tm.k <= 0 || n.SolStep <= tm.k)
}

// wrongAt reports whether call i returned true over an unsolved board by
// the step drawn (--drop return-false): its path is drawn like a
// solution's, so the picture shows where the wrong true came from.
func (tm *trimmer) wrongAt(i int32) bool {
	n := &tm.nodes[i]
	return n.Wrong && n.SolStep > 0 && (tm.k <= 0 || n.SolStep <= tm.k)
}

// children calls f for each child of i in view, in order.
func (tm *trimmer) children(i int32, f func(c int32)) {
	for c := tm.nodes[i].First; c >= 0 && c < tm.m; c = tm.nodes[c].Next {
		f(c)
	}
}

func (tm *trimmer) drawn(i int32) bool { return tm.state[i]&trimDrawn != 0 }

// level is the level a node is drawn at.
func (tm *trimmer) level(i int32) int { return int(tm.nodes[i].Depth) }

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
	d := 0
	switch {
	case tm.nPruned[i] == 0:
	case st&trimLeaves != 0:
		d += int(tm.nPruned[i])
	default:
		d++
	}
	if tm.nDrawn[i] < tm.nCall[i] {
		d++
	}
	return d
}

// draw marks call i drawn, with the state it starts in, and returns how
// many node statements that adds.
func (tm *trimmer) draw(i int32) int {
	if tm.drawn(i) {
		return 0
	}
	delta := 0
	if p := tm.nodes[i].Parent; p >= 0 {
		before := tm.deco(p)
		tm.nDrawn[p]++
		delta += tm.deco(p) - before
	}
	st := trimDrawn
	if tm.depth > 0 && tm.level(i) >= tm.depth {
		st |= trimClosed
	}
	if tm.nPruned[i] == 1 || tm.limit == math.MaxInt {
		st |= trimLeaves // one leaf costs what its group would
	}
	tm.state[i] = st
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
	for ; i >= 0 && !tm.drawn(i); i = tm.nodes[i].Parent {
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
		tm.children(at, func(c int32) {
			if n := &tm.nodes[c]; n.Kind == tracer.NodeCall {
				have = append(have, tm.moveLabel(n))
			}
		})
		cell, v, err := tm.def.ParseMove(label, focusSize)
		if err != nil {
			// A move in another notation (or none): how this problem
			// writes its moves, and the moves there are.
			return fmt.Errorf("focus move %s: %s; %s", label, tm.def.MoveHint.EN, focusMovesUnder(where, have, tm.k))
		}
		next := int32(-1)
		var pruned int32 = -1
		tm.children(at, func(c int32) {
			n := &tm.nodes[c]
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
			n := &tm.nodes[pruned]
			return fmt.Errorf("focus move %s under %s was pruned (%s, clashing with %s): it has no subtree",
				label, where, tm.def.RuleName(n.Rule, tracer.LangEN), tm.witnessLabel(pruned))
		default:
			return fmt.Errorf("focus move %s: no such move under %s%s", label, where, focusListMoves(have, tm.k))
		}
		at = next
		tm.focusPath = append(tm.focusPath, at)
		where = label
	}
	if tm.depth > 0 && tm.level(at) > tm.depth {
		return fmt.Errorf("focus %s is at depth %d, deeper than depth %d", where, tm.level(at), tm.depth)
	}
	tm.start = at
	return nil
}

// findDef finds the problem the focus moves are in: the one the options
// name, or else the one whose notation label is written in.
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
func (tm *trimmer) moveLabel(n *tracer.Node) string {
	return tm.def.MoveLabel(n.Cell(), int(n.Value))
}

// witnessLabel names what pruned leaf i clashes with, in the problem's
// words: "the queen at (0,1)", "the 4 at (0,5)".
func (tm *trimmer) witnessLabel(i int32) string {
	return tm.def.Words.Thing(witnessValue(tm.t, i, nil), tm.nodes[i].Witness()).EN
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
			if tm.nodes[c].Kind == tracer.NodeCall && !tm.drawn(c) {
				tm.used += tm.draw(c)
				tm.used += tm.close(c)
			}
		})
	}
	// Solution paths and the call stack at the step drawn, inside the
	// branch in play, cut at Depth.
	lo, hi := tm.start, tm.start+tm.size[tm.start]
	for i := lo; i < hi; i++ {
		if tm.nodes[i].Kind == tracer.NodeCall && (tm.solvedAt(i) || tm.wrongAt(i)) {
			tm.drawPath(tm.cutAtDepth(i))
		}
	}
	if a := tm.active(); a >= lo && a < hi {
		tm.drawPath(tm.cutAtDepth(a))
	}
	if tm.limit != math.MaxInt && tm.used > tm.limit {
		tm.rep.OverBudget = tm.used - tm.limit
	}
}

// cutAtDepth returns i, or its ancestor at Depth if i is deeper.
func (tm *trimmer) cutAtDepth(i int32) int32 {
	for tm.depth > 0 && tm.level(i) > tm.depth {
		i = tm.nodes[i].Parent
	}
	return i
}

// unreturned reports whether call i had not returned by the step drawn:
// it was on the call stack then (running, or cut by a limit).
func (tm *trimmer) unreturned(i int32) bool {
	end := tm.nodes[i].End
	return end == 0 || tm.k > 0 && end > tm.k
}

// running reports whether call i was on the call stack at the step drawn
// with the search still going (not stopped by a limit by then). Its status
// can be open, or on_path and solution once a solution below it was found.
func (tm *trimmer) running(i int32) bool {
	lim := tm.t.LimitStep
	return tm.k > 0 && tm.unreturned(i) && (lim == 0 || lim > tm.k)
}

// active returns the call on top of the stack at the step drawn (running,
// or cut by a limit), or -1 if the search had returned. The calls created
// after it by then have returned; those still on the stack are its
// ancestors.
func (tm *trimmer) active() int32 {
	last := tm.m - 1
	for last >= 0 && tm.nodes[last].Kind != tracer.NodeCall {
		last--
	}
	for i := last; i >= 0; i = tm.nodes[i].Parent {
		if tm.unreturned(i) {
			return i
		}
	}
	return -1
}

// budget draws calls breadth-first from the start while they fit.
func (tm *trimmer) budget() {
	queue := []int32{tm.start}
	for q := 0; q < len(queue); q++ {
		v := queue[q]
		if !tm.drawn(v) {
			if tm.used+tm.cost(v) > tm.limit {
				break
			}
			tm.used += tm.draw(v)
		}
		if tm.state[v]&trimClosed != 0 {
			continue
		}
		tm.children(v, func(c int32) {
			if tm.nodes[c].Kind == tracer.NodeCall {
				queue = append(queue, c)
			}
		})
	}
}

// cost is what drawing call i (whose parent is drawn) would add, without
// drawing it.
func (tm *trimmer) cost(i int32) int {
	p := tm.nodes[i].Parent
	d := 1
	if tm.nDrawn[p]+1 == tm.nCall[p] && tm.state[p]&trimClosed == 0 {
		d-- // the parent's elided node goes
	}
	closed := tm.depth > 0 && tm.level(i) >= tm.depth
	switch {
	case closed && tm.nCall[i]+tm.nPruned[i] > 0:
		d++
	case closed:
	default:
		if tm.nPruned[i] > 0 {
			d++
		}
		if tm.nCall[i] > 0 {
			d++
		}
	}
	return d
}

// leaves draws pruned leaves one by one under the drawn calls where they
// fit, shallow calls first.
func (tm *trimmer) leaves() {
	if tm.limit == math.MaxInt {
		return
	}
	queue := []int32{0}
	for q := 0; q < len(queue); q++ {
		v := queue[q]
		st := tm.state[v]
		if st&trimClosed != 0 {
			continue
		}
		if st&trimLeaves == 0 && tm.nPruned[v] > 1 && tm.used+int(tm.nPruned[v])-1 <= tm.limit {
			tm.state[v] |= trimLeaves
			tm.used += int(tm.nPruned[v]) - 1
		}
		tm.children(v, func(c int32) {
			if tm.drawn(c) {
				queue = append(queue, c)
			}
		})
	}
}

// build lays the drawn part out as items, in preorder.
func (tm *trimmer) build() *Trimmed {
	tr := &Trimmed{Tree: tm.t, AtStep: tm.k, Visible: int(tm.m)}
	tr.Items = make([]Item, 0, tm.used)
	last := make([]int32, 0, tm.used) // last child of each item
	add := func(it Item) int32 {
		i := int32(len(tr.Items))
		it.First, it.Next = -1, -1
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
	active := tm.active()
	if active >= 0 && !tm.running(active) {
		active = -1
	}
	var walk func(v, parent int32)
	walk = func(v, parent int32) {
		st := tm.t.StatusAt(v, tm.k)
		me := add(Item{Kind: ItemCall, Node: v, Parent: parent, Depth: tm.level(v), Status: st, Agg: -1,
			Active: v == active, Running: tm.running(v), NotExpanded: tm.state[v]&trimClosed != 0,
			SolutionPath: st == tracer.NodeSolution || st == tracer.NodeOnPath || st == tracer.NodeWrong})
		tm.rep.ShownCalls++
		group, mark := int32(-1), int32(-1)
		aggOf := func(slot *int32, kind ItemKind) *Aggregate {
			if *slot < 0 {
				tr.Aggs = append(tr.Aggs, Aggregate{})
				*slot = add(Item{Kind: kind, Node: v, Parent: me, Depth: tm.level(v) + 1, Agg: int32(len(tr.Aggs) - 1)})
			}
			return &tr.Aggs[tr.Items[*slot].Agg]
		}
		st8 := tm.state[v]
		tm.children(v, func(c int32) {
			n := &tm.nodes[c]
			switch {
			case n.Kind == tracer.NodePruned && st8&trimClosed == 0 && st8&trimLeaves != 0:
				add(Item{Kind: ItemPruned, Node: c, Parent: me, Depth: int(n.Depth), Status: tracer.NodeRejected, Agg: -1})
				tm.rep.ShownPruned++
			case n.Kind == tracer.NodePruned && st8&trimClosed == 0:
				a := aggOf(&group, ItemGroup)
				a.Leaves++
				a.Nodes++
				a.ByRule[n.Rule]++
			case n.Kind == tracer.NodeCall && tm.drawn(c):
				walk(c, me)
			default: // left out: into the elided node
				a := aggOf(&mark, ItemElided)
				a.Nodes += int(tm.size[c])
				a.Solutions += int(tm.sols[c])
				if n.Kind == tracer.NodePruned {
					a.Leaves++
					a.ByRule[n.Rule]++
				} else {
					a.Subtrees++
				}
			}
		})
		if group >= 0 {
			a := &tr.Aggs[tr.Items[group].Agg]
			tm.rep.CollapsedGroups++
			tm.rep.CollapsedLeaves += a.Leaves
		}
		if mark >= 0 {
			a := &tr.Aggs[tr.Items[mark].Agg]
			tm.rep.ElidedMarks++
			tm.rep.ElidedSubtrees += a.Subtrees + a.Leaves
			tm.rep.ElidedNodes += a.Nodes
			tm.rep.ElidedSolutions += a.Solutions
		}
	}
	walk(0, -1)
	tm.rep.Shown = tm.rep.ShownCalls + tm.rep.ShownPruned
	tm.rep.Statements = len(tr.Items)
	return tr
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
		out = append(out, def.Move(cell, v))
	}
	if len(out) == 0 {
		return nil, nil
	}
	return out, nil
}
