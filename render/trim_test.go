package render

import (
	"fmt"
	"io"
	"math"
	"reflect"
	"strings"
	"testing"

	"github.com/backtrack-edu/backtrack/tracer"
	"github.com/backtrack-edu/backtrack/tracer/problems/nqueens"
	"github.com/backtrack-edu/backtrack/tracer/problems/sudoku"
)

// trimCheck checks the invariants every trimmed tree holds: the items are
// a tree in preorder whose calls hang under their parent calls, every tree
// node in view is drawn, collapsed or elided exactly once, and the report
// adds up.
func trimCheck(t *testing.T, name string, tree *tracer.Tree, tr *Trimmed, rep TrimReport, opt DiagramOptions) {
	t.Helper()
	fail := func(format string, args ...any) {
		t.Helper()
		t.Fatalf("%s: %s", name, fmt.Sprintf(format, args...))
	}
	if len(tr.Items) == 0 || tr.Items[0].Kind != ItemCall || tr.Items[0].Node != 0 {
		fail("the first item is not the root")
	}
	shown := 0
	for i := range tr.Items {
		if !tr.Items[i].Hidden {
			shown++
		}
	}
	if rep.Statements != shown {
		fail("Statements %d, items shown %d", rep.Statements, shown)
	}
	if got := rep.Shown + rep.CollapsedLeaves + rep.ElidedNodes + rep.FoldedNodes; got != rep.Total {
		fail("shown %d + collapsed %d + elided %d + folded %d = %d, want the total %d", rep.Shown, rep.CollapsedLeaves, rep.ElidedNodes, rep.FoldedNodes, got, rep.Total)
	}
	if rep.Statements != rep.Shown+rep.CollapsedGroups+rep.ElidedMarks+rep.FoldedChains {
		fail("statements %d != shown %d + groups %d + marks %d + folds %d", rep.Statements, rep.Shown, rep.CollapsedGroups, rep.ElidedMarks, rep.FoldedChains)
	}
	if rep.FoldedNodes != rep.FoldedCalls+rep.FoldedLeaves+trimFoldedElided(tr) {
		fail("folded %d nodes, %d calls + %d leaves + what folds elide", rep.FoldedNodes, rep.FoldedCalls, rep.FoldedLeaves)
	}
	if rep.TotalCalls+rep.TotalPruned != rep.Total {
		fail("calls %d + pruned %d != total %d", rep.TotalCalls, rep.TotalPruned, rep.Total)
	}
	// The budget is spent on the whole tree: at an earlier step fewer of
	// its items are shown.
	atEnd := tr.Visible == tree.Len()
	if atEnd && opt.MaxNodes > 0 && rep.OverBudget == 0 && rep.Statements > opt.MaxNodes {
		fail("%d statements over the budget %d, but OverBudget is 0", rep.Statements, opt.MaxNodes)
	}
	if atEnd && opt.MaxNodes > 0 && rep.OverBudget > 0 && rep.Statements < opt.MaxNodes && opt.Fold == 0 {
		fail("OverBudget %d but only %d statements for a budget of %d", rep.OverBudget, rep.Statements, opt.MaxNodes)
	}
	seen := make([]bool, tr.Visible) // tree nodes accounted for
	var markSubtree func(i int32)
	markSubtree = func(i int32) { // marks a whole subtree
		if seen[i] {
			fail("node %d accounted for twice", i)
		}
		seen[i] = true
		for c := tree.FirstChild(i); c >= 0 && int(c) < tr.Visible; c = tree.NextSibling(c) {
			markSubtree(c)
		}
	}
	var calls, pruned, groups, leaves, marks, elided, folds int
	for i := range tr.Items {
		it := &tr.Items[i]
		if it.Parent >= int32(i) {
			fail("item %d: parent %d does not come first", i, it.Parent)
		}
		if it.Parent >= 0 {
			p := &tr.Items[it.Parent]
			if p.Kind != ItemCall && p.Kind != ItemFold {
				fail("item %d hangs under a %v item", i, p.Kind)
			}
			if it.Depth != p.Depth+1 {
				fail("item %d at depth %d under depth %d", i, it.Depth, p.Depth)
			}
			if !it.Hidden && p.Hidden {
				fail("item %d is shown under hidden item %d", i, it.Parent)
			}
		}
		if opt.Depth > 0 && (it.Kind == ItemCall || it.Kind == ItemPruned) && int(tree.Depth(it.Node)) > opt.Depth {
			fail("item %d drawn at depth %d, deeper than %d", i, tree.Depth(it.Node), opt.Depth)
		}
		n := tree.Node(it.Node)
		if (it.Kind == ItemCall || it.Kind == ItemPruned) && it.Hidden != (int(it.Node) >= tr.Visible) {
			fail("item %d (node %d) hidden %v, %d nodes in view", i, it.Node, it.Hidden, tr.Visible)
		}
		if it.Hidden {
			continue
		}
		switch it.Kind {
		case ItemCall, ItemPruned:
			if seen[it.Node] {
				fail("node %d drawn twice", it.Node)
			}
			seen[it.Node] = true
			if (n.Kind == tracer.NodeCall) != (it.Kind == ItemCall) {
				fail("item %d: kind %v for a node of kind %v", i, it.Kind, n.Kind)
			}
			if it.Parent >= 0 && tr.Items[it.Parent].Tail != n.Parent {
				fail("item %d: drawn under node %d, its parent is %d", i, tr.Items[it.Parent].Tail, n.Parent)
			}
			if st := tree.StatusAt(it.Node, opt.AtStep); st != it.Status {
				fail("item %d: status %v, the tree says %v", i, it.Status, st)
			}
			if it.Kind == ItemCall {
				calls++
			} else {
				pruned++
			}
		case ItemGroup:
			a := &tr.Aggs[it.Agg]
			groups++
			leaves += a.Leaves
			sum := 0
			for _, k := range a.ByRule {
				sum += k
			}
			if sum != a.Leaves || a.Nodes != a.Leaves || a.Leaves < 1 {
				fail("group %d: %d leaves, %d by rule, %d nodes", i, a.Leaves, sum, a.Nodes)
			}
			// A run of consecutive pruned children of its call.
			k := 0
			for c := it.Lo; c < it.Hi && int(c) < tr.Visible; c++ {
				if tree.Kind(c) != tracer.NodePruned || tree.Parent(c) != it.Node {
					fail("group %d: node %d in it is no pruned try of call %d", i, c, it.Node)
				}
				markSubtree(c)
				k++
			}
			if k != a.Leaves {
				fail("group %d: %d leaves, its run has %d", i, a.Leaves, k)
			}
		case ItemElided:
			a := &tr.Aggs[it.Agg]
			marks++
			elided += a.Nodes
		case ItemFold:
			// The calls from Node down to Tail, one call child each, and
			// their pruned leaves (and, folding paths, the subtrees left
			// out).
			a := &tr.Aggs[it.Agg]
			folds++
			k := 0
			for v := it.Tail; ; v = tree.Parent(v) {
				if int(v) < tr.Visible {
					if seen[v] {
						fail("folded call %d accounted for twice", v)
					}
					seen[v] = true
					k++
				}
				for c := tree.FirstChild(v); c >= 0 && int(c) < tr.Visible; c = tree.NextSibling(c) {
					if tree.Kind(c) == tracer.NodePruned || !trimDrawnUnder(tr, c) && !trimOnChain(tree, it, c) {
						markSubtree(c)
					}
				}
				if v == it.Node {
					break
				}
				if v < 0 {
					fail("fold %d: its tail %d is not below its head %d", i, it.Tail, it.Node)
				}
			}
			if k != a.Calls {
				fail("fold %d: %d calls, its chain has %d", i, a.Calls, k)
			}
		}
	}
	// What is neither drawn nor in a group must be in an elided node: the
	// subtrees under calls whose children are not all drawn.
	for i := range tr.Items {
		it := &tr.Items[i]
		if it.Kind != ItemElided || it.Hidden {
			continue
		}
		a := &tr.Aggs[it.Agg]
		// A run of consecutive children of its call, with their subtrees,
		// none drawn.
		k := 0
		for c := it.Lo; c < it.Hi && int(c) < tr.Visible; c = tree.NextSibling(c) {
			if tree.Parent(c) != it.Node || seen[c] {
				fail("elided item %d: node %d in it is a child of %d, drawn %v", i, c, tree.Parent(c), seen[c])
				break
			}
			k += trimSubtreeSize(tree, c, tr.Visible)
			markSubtree(c)
			if tree.NextSibling(c) < 0 {
				break
			}
		}
		if k != a.Nodes {
			fail("elided item %d: %d nodes, the subtrees left out hold %d", i, a.Nodes, k)
		}
	}
	for i, s := range seen {
		if !s {
			fail("node %d (%v) is neither drawn, collapsed nor elided", i, tree.Node(int32(i)).Kind)
		}
	}
	if calls != rep.ShownCalls || pruned != rep.ShownPruned || groups != rep.CollapsedGroups ||
		leaves != rep.CollapsedLeaves || marks != rep.ElidedMarks || elided != rep.ElidedNodes || folds != rep.FoldedChains {
		fail("items count %d calls, %d pruned, %d groups (%d leaves), %d marks (%d nodes); report %+v",
			calls, pruned, groups, leaves, marks, elided, rep)
	}
}

// trimDrawnUnder reports whether tree node c is drawn as an item itself.
func trimDrawnUnder(tr *Trimmed, c int32) bool {
	for i := range tr.Items {
		if it := &tr.Items[i]; (it.Kind == ItemCall || it.Kind == ItemPruned) && it.Node == c {
			return true
		}
	}
	return false
}

// trimOnChain reports whether call c is one of fold it's calls.
func trimOnChain(tree *tracer.Tree, it *Item, c int32) bool {
	for v := it.Tail; v >= 0; v = tree.Parent(v) {
		if v == c {
			return true
		}
		if v == it.Node {
			break
		}
	}
	return false
}

// trimFoldedElided counts the nodes that folds of paths leave out.
func trimFoldedElided(tr *Trimmed) int {
	k := 0
	for i := range tr.Items {
		if it := &tr.Items[i]; it.Kind == ItemFold && !it.Hidden {
			a := &tr.Aggs[it.Agg]
			k += a.Nodes - a.Calls - a.Leaves
		}
	}
	return k
}

func trimSubtreeSize(tree *tracer.Tree, i int32, visible int) int {
	k := 1
	for c := tree.FirstChild(i); c >= 0 && int(c) < visible; c = tree.NextSibling(c) {
		k += trimSubtreeSize(tree, c, visible)
	}
	return k
}

func TestTrimInvariants(t *testing.T) {
	runs := map[string]dotRun{
		"queens4":  dotQueens(t, 4),
		"queens6":  dotQueens(t, 6),
		"queens8":  dotQueens(t, 8),
		"sudoku4":  dotSudoku(t, ".4......3.4...2.", sudoku.OrderScan2D),
		"sudoku9":  dotSudoku(t, sudoku.LeetCode37, sudoku.OrderLinear),
		"limited8": dotLimited(t, 8, 5000),
		"perm4":    dotSpec(t, tracer.Spec{Problem: "permutations", N: 4}),
	}
	focus := map[string][]string{
		"queens4": {"r0=c1"}, "queens6": {"r0=c1", "r1=c3"}, "queens8": {"r0=c1"},
		"sudoku4": {"(0,0)=1"}, "sudoku9": {"(0,2)=4", "(0,3)=6"}, "limited8": {"r0=c0"}, "perm4": {"p0=3", "p1=1"},
	}
	for _, name := range []string{"queens4", "queens6", "queens8", "sudoku4", "sudoku9", "limited8", "perm4"} {
		r := runs[name]
		for _, budget := range []int{0, 1, 10, 40, DefaultMaxNodes, 1000} {
			for _, depth := range []int{0, 1, 3} {
				for k, step := range []int64{0, 40, r.tree.Steps / 2} {
					for _, fo := range [][]string{nil, focus[name]} {
						opt := DiagramOptions{MaxNodes: budget, Depth: depth, AtStep: step, Focus: fo}
						// Fewer solution paths, and folds.
						switch (k + budget + depth) % 4 {
						case 1:
							opt.Solutions = 1
						case 2:
							opt.Fold = 2
						case 3:
							opt.Solutions, opt.Fold, opt.FoldPaths = 2, 3, true
						}
						label := fmt.Sprintf("%s %+v", name, opt)
						tr, rep, err := Trim(r.tree, opt)
						if depth > 0 && fo != nil && len(fo) > depth {
							if err == nil {
								t.Errorf("%s: want an error for a focus deeper than the depth", label)
							}
							continue
						}
						if err != nil {
							t.Fatalf("%s: %v", label, err)
						}
						trimCheck(t, label, r.tree, tr, rep, opt)
					}
				}
			}
		}
	}
}

// dotLimited is an N-Queens search stopped by a step limit: it leaves cut
// nodes.
func dotLimited(t testing.TB, n int, steps int64) dotRun {
	t.Helper()
	p, err := nqueens.NewNQueens(n, tracer.CheckScan)
	if err != nil {
		t.Fatal(err)
	}
	return dotTrace(t, p, tracer.Options{Stop: tracer.StopAll, Limits: tracer.Limits{MaxSteps: steps}})
}

func TestTrimEverything(t *testing.T) {
	for _, c := range []struct {
		n             int
		calls, pruned int
	}{{4, 17, 44}, {8, 2057, 13664}} {
		r := dotQueens(t, c.n)
		tr, rep, err := Trim(r.tree, DiagramOptions{})
		if err != nil {
			t.Fatal(err)
		}
		if rep.ShownCalls != c.calls || rep.ShownPruned != c.pruned || rep.Total != c.calls+c.pruned ||
			!rep.AllShown() || len(tr.Items) != c.calls+c.pruned {
			t.Errorf("%d-queens untrimmed: %+v, %d items; want %d calls and %d pruned", c.n, rep, len(tr.Items), c.calls, c.pruned)
		}
	}
	// The whole 4-queens tree fits the default budget.
	r := dotQueens(t, 4)
	_, rep, err := Trim(r.tree, DiagramOptions{MaxNodes: DefaultMaxNodes})
	if err != nil {
		t.Fatal(err)
	}
	if !rep.AllShown() || rep.Shown != 61 || rep.Statements != 61 {
		t.Errorf("4-queens with the default budget: %+v, want all 61 nodes", rep)
	}
}

// TestTrimSolutionsKept: every solution and its path is drawn, whatever
// the budget.
func TestTrimSolutionsKept(t *testing.T) {
	r := dotQueens(t, 8)
	for _, budget := range []int{1, 50, DefaultMaxNodes} {
		tr, rep, err := Trim(r.tree, DiagramOptions{MaxNodes: budget})
		if err != nil {
			t.Fatal(err)
		}
		sols := 0
		for i := range tr.Items {
			if it := &tr.Items[i]; it.Kind == ItemCall && it.Status == tracer.NodeSolution {
				sols++
			}
		}
		if sols != 92 || rep.ElidedSolutions != 0 {
			t.Errorf("budget %d: %d solutions drawn, %d elided; want 92 and 0", budget, sols, rep.ElidedSolutions)
		}
		if rep.OverBudget == 0 {
			t.Errorf("budget %d: the 92 solution paths fit? %+v", budget, rep)
		}
	}
}

// TestTrimBreadthFirst: past what must be drawn, the budget goes to calls
// in breadth-first order: the calls drawn are a prefix of that order.
// TestTrimNearestFirst checks the budget's order: after the path to the
// focus (the first solution), calls are drawn nearest the focus step in
// time first, dead ends before it ahead of anything after it: no call
// left out under a drawn call is nearer than a call drawn. Nearness is
// worked out here from the tree's steps, independently of the trimmer.
func TestTrimNearestFirst(t *testing.T) {
	// 6-queens, its first solution's path drawn past the budget.
	r := dotQueens(t, 6)
	var focus int64
	for i := range int32(r.tree.Len()) {
		if n := r.tree.Node(i); n.Kind == tracer.NodeCall && n.Solved {
			focus = n.Step
			break
		}
	}
	// far: how far a call is from the focus step; before it ends, after
	// it begins, and everything after lies beyond everything before.
	far := func(i int32) int64 {
		n := r.tree.Node(i)
		switch {
		case n.End > 0 && n.End <= focus:
			return focus - n.End
		case n.Step > focus:
			return n.Step - focus + r.tree.Steps + 1
		}
		return 0
	}
	for _, budget := range []int{5, 12, 30, 60, 100} {
		tr, _, err := Trim(r.tree, DiagramOptions{MaxNodes: budget, Solutions: 1})
		if err != nil {
			t.Fatal(err)
		}
		drawn := map[int32]bool{}
		for i := range tr.Items {
			if it := &tr.Items[i]; it.Kind == ItemCall {
				drawn[it.Node] = true
			}
		}
		// The first solution's path must be drawn.
		forced := map[int32]bool{}
		for i := range int32(r.tree.Len()) {
			if n := r.tree.Node(i); n.Kind == tracer.NodeCall && n.Solved {
				for _, p := range r.tree.Path(int32(i)) {
					forced[p] = true
					if !drawn[p] {
						t.Errorf("budget %d: call %d on the first solution's path not drawn", budget, p)
					}
				}
				break
			}
		}
		farthest, nearestLeft := int64(-1), int64(math.MaxInt64)
		for i := range int32(r.tree.Len()) {
			if r.tree.Kind(i) != tracer.NodeCall || forced[i] {
				continue
			}
			switch {
			case drawn[i]:
				farthest = max(farthest, far(i))
			case drawn[r.tree.Parent(i)]:
				nearestLeft = min(nearestLeft, far(i))
			}
		}
		if farthest > nearestLeft {
			t.Errorf("budget %d: a call %d steps from the focus is drawn, one %d steps from it left out", budget, farthest, nearestLeft)
		}
		if budget >= 30 && farthest < 0 {
			t.Errorf("budget %d: no dead end drawn beside the path", budget)
		}
	}
}

func TestTrimAtStep(t *testing.T) {
	r := dotQueens(t, 4)
	tr, rep, err := Trim(r.tree, DiagramOptions{AtStep: 40})
	if err != nil {
		t.Fatal(err)
	}
	want := 0
	for nodeIndex := range int32(r.tree.Len()) {
		n := r.tree.Node(nodeIndex)
		if n.Step <= 40 {
			want++
		}
	}
	if rep.Total != want || rep.Shown != want || rep.AtStep != 40 {
		t.Errorf("at step 40: %+v, want %d nodes", rep, want)
	}
	// The items are those of the whole tree, the later ones hidden.
	end, _, _ := Trim(r.tree, DiagramOptions{})
	if len(tr.Items) != len(end.Items) {
		t.Errorf("at step 40: %d items, at the end %d", len(tr.Items), len(end.Items))
	}
	var active []int32
	for i := range tr.Items {
		it := &tr.Items[i]
		if it.Hidden != (it.Node >= int32(want)) || it.Node != end.Items[i].Node {
			t.Errorf("item %d: node %d hidden %v at step 40 (node %d at the end)", i, it.Node, it.Hidden, end.Items[i].Node)
		}
		if it.Hidden {
			continue
		}
		if it.Active {
			active = append(active, it.Node)
			if it.Status != tracer.NodeOpen {
				t.Errorf("the active call %d is %v", it.Node, it.Status)
			}
		}
	}
	// The active call is the deepest open one: every open call is on its path.
	if len(active) != 1 {
		t.Fatalf("active calls %v, want one", active)
	}
	onPath := map[int32]bool{}
	for _, i := range r.tree.Path(active[0]) {
		onPath[i] = true
	}
	for i := range tr.Items {
		if it := &tr.Items[i]; it.Kind == ItemCall && !it.Hidden && it.Status == tracer.NodeOpen && !onPath[it.Node] {
			t.Errorf("open call %d is not on the active call's path", it.Node)
		}
	}
	// Later, with a solution found: the calls still running are the
	// active call's path, whatever their status.
	for _, k := range []int64{100, firstSolutionStep(r.tree)} {
		tr, _, err = Trim(r.tree, DiagramOptions{AtStep: k})
		if err != nil {
			t.Fatal(err)
		}
		var top int32 = -1
		running := map[int32]bool{}
		for i := range tr.Items {
			it := &tr.Items[i]
			if it.Running {
				running[it.Node] = true
			}
			if it.Active {
				top = it.Node
			}
		}
		if top < 0 {
			t.Fatalf("step %d: no active call", k)
		}
		path := r.tree.Path(top)
		if len(path) != len(running) {
			t.Errorf("step %d: %d calls running, the active call's path has %d", k, len(running), len(path))
		}
		for _, i := range path {
			if !running[i] {
				t.Errorf("step %d: call %d on the stack is not running", k, i)
			}
		}
		if n := r.tree.Node(top); k == firstSolutionStep(r.tree) && !n.Solved {
			t.Errorf("step %d: the solution event's call is not the active one", k)
		}
	}
	// At the end nothing is open.
	tr, _, _ = Trim(r.tree, DiagramOptions{AtStep: r.tree.Steps})
	for i := range tr.Items {
		if it := &tr.Items[i]; it.Status == tracer.NodeOpen || it.Active || it.Running {
			t.Errorf("item %d open at the last step", i)
		}
	}
}

func TestTrimFocus(t *testing.T) {
	r := dotQueens(t, 8)
	tr, rep, err := Trim(r.tree, DiagramOptions{MaxNodes: DefaultMaxNodes, Focus: []string{"r0=c1"}, Depth: 3})
	if err != nil {
		t.Fatal(err)
	}
	var top []string
	for c := tr.Items[0].First; c >= 0; c = tr.Items[c].Next {
		it := &tr.Items[c]
		n := r.tree.Node(it.Node)
		label := nqueens.NQueensDef.MoveLabel(n.Cell(), int(n.Value))
		top = append(top, label)
		if label == "r0=c1" {
			if it.NotExpanded || it.First < 0 {
				t.Errorf("the focus r0=c1 is not expanded")
			}
			continue
		}
		// A sibling of the path: drawn, with one elided node under it.
		f := it.First
		if !it.NotExpanded || f < 0 || tr.Items[f].Kind != ItemElided || tr.Items[f].Next >= 0 {
			t.Errorf("sibling %s: want it drawn with one elided child", label)
		}
	}
	if want := "r0=c0 r0=c1 r0=c2 r0=c3 r0=c4 r0=c5 r0=c6 r0=c7"; strings.Join(top, " ") != want {
		t.Errorf("children of the root %v, want %s", top, want)
	}
	if !reflect.DeepEqual(rep.Focus, []string{"r0=c1"}) || rep.Depth != 3 {
		t.Errorf("report %+v", rep)
	}
	// Sudoku: two moves deep.
	s := dotSudoku(t, sudoku.LeetCode37, sudoku.OrderLinear)
	tr, _, err = Trim(s.tree, DiagramOptions{MaxNodes: 60, Focus: []string{"(0,2)=4", "(0,3)=6"}})
	if err != nil {
		t.Fatal(err)
	}
	path := []string{}
	for i := int32(0); i >= 0; {
		var next int32 = -1
		for c := tr.Items[i].First; c >= 0; c = tr.Items[c].Next {
			it := &tr.Items[c]
			n := s.tree.Node(it.Node)
			if it.Kind == ItemCall && !it.NotExpanded && it.First >= 0 {
				if next >= 0 && len(path) < 2 {
					t.Errorf("two expanded calls under the focus path at depth %d", len(path))
				}
				if next < 0 {
					next = c
					path = append(path, sudoku.SudokuDef.MoveLabel(n.Cell(), int(n.Value)))
				}
			}
		}
		i = next
		if len(path) == 2 {
			break
		}
	}
	if strings.Join(path, "/") != "(0,2)=4/(0,3)=6" {
		t.Errorf("expanded path %v", path)
	}
}

func TestTrimErrors(t *testing.T) {
	r := dotQueens(t, 4)
	for _, c := range []struct {
		opt  DiagramOptions
		want string
	}{
		{DiagramOptions{Focus: []string{"r0=c9"}}, `focus move r0=c9: no such move under the root (its moves: r0=c0, r0=c1, r0=c2, r0=c3)`},
		{DiagramOptions{Focus: []string{"r0=c1", "r1=c7"}}, `no such move under r0=c1`},
		{DiagramOptions{Focus: []string{"r0=c1", "r1=c1"}}, `focus move r1=c1 under r0=c1 was pruned (column`},
		{DiagramOptions{Focus: []string{"x"}}, `focus move 1: "x" is not a move: N-Queens moves are written r<row>=c<column>`},
		{DiagramOptions{Focus: []string{"R0=C1"}}, `focus move 1: "R0=C1" is not a move`},
		{DiagramOptions{Focus: []string{"r0=c1"}, Problem: "chess"}, `focus move 1: unknown problem "chess"`},
		{DiagramOptions{Focus: []string{"r0=c1", "r1=c3"}, Depth: 1}, `deeper than depth 1`},
		{DiagramOptions{AtStep: 188}, `--at-step 188 is beyond the last step 187`},
		{DiagramOptions{AtStep: -1}, `step -1 is negative`},
		{DiagramOptions{MaxNodes: -5}, `node budget -5 is negative`},
		{DiagramOptions{Depth: -1}, `depth -1 is negative`},
		{DiagramOptions{Focus: []string{"r0=c1", "r1=c1"}, Problem: "nqueens"},
			`focus move r1=c1 under r0=c1 was pruned (column, clashing with the queen at (0,1)): it has no subtree`},
		{DiagramOptions{Focus: []string{"r0=c1", "r1=c0"}, Problem: "nqueens"}, `was pruned (upper-right diagonal ↗, clashing with the queen at (0,1))`},
		// A move in Sudoku's notation: the moves listed are N-Queens', with
		// N-Queens' hint (Def.MoveHint).
		{DiagramOptions{Focus: []string{"(0,2)=1"}, Problem: "nqueens"},
			`focus move (0,2)=1: N-Queens moves are written r<row>=c<column> (r0=c1 is the queen of row 0 in column 1); the moves under the root: r0=c0, r0=c1, r0=c2, r0=c3`},
		// Only what the Def's Move writes: no capitals, no inner spaces.
		{DiagramOptions{Focus: []string{"R0=C1"}, Problem: "nqueens"}, `focus move R0=C1: N-Queens moves are written`},
		{DiagramOptions{Focus: []string{"r0=c1", "(1,3)=3"}, Problem: "nqueens"}, `; the moves under r0=c1: r1=c3`},
		// A focus is found in the whole tree, whatever the step drawn.
		{DiagramOptions{Focus: []string{"(0,2)=1"}, Problem: "nqueens", AtStep: 1}, `; the moves under the root: r0=c0, r0=c1, r0=c2, r0=c3`},
		{DiagramOptions{Solutions: -1}, `solution paths is negative`},
		{DiagramOptions{Fold: -1}, `fold -1 is negative`},
	} {
		_, _, err := Trim(r.tree, c.opt)
		if err == nil || !strings.Contains(err.Error(), c.want) {
			t.Errorf("Trim(%+v) = %v, want an error containing %q", c.opt, err, c.want)
		}
	}
	// Sudoku: the root decides cell (0,2) of LeetCode 37: 1 and 2 are
	// tried, 3 stands in row 0, 4 leads to the solution (5 to 9 are never
	// tried).
	s := dotSudoku(t, sudoku.LeetCode37, sudoku.OrderScan2D)
	for _, c := range []struct {
		opt  DiagramOptions
		want string
	}{
		{DiagramOptions{Focus: []string{"r0=c1"}, Problem: "sudoku"},
			`focus move r0=c1: Sudoku moves are written (row,column)=digit ((0,2)=4 is a 4 in row 0, column 2); the moves under the root: (0,2)=1, (0,2)=2, (0,2)=4`},
		{DiagramOptions{Focus: []string{"r0=c2"}, Problem: "sudoku"}, `the moves under the root: (0,2)=1, (0,2)=2, (0,2)=4`},
		{DiagramOptions{Focus: []string{"(0,2)=3"}, Problem: "sudoku"},
			`focus move (0,2)=3 under the root was pruned (row, clashing with the 3 at (0,1)): it has no subtree`},
		{DiagramOptions{Focus: []string{"(0,2)=9"}, Problem: "sudoku"}, `no such move under the root (its moves: (0,2)=1, (0,2)=2, (0,2)=4)`},
	} {
		_, _, err := Trim(s.tree, c.opt)
		if err == nil || !strings.Contains(err.Error(), c.want) {
			t.Errorf("Trim(%+v) = %v, want an error containing %q", c.opt, err, c.want)
		}
	}
	// Permutations: moves p<position>=<number>, witnesses in its words.
	p := dotSpec(t, tracer.Spec{Problem: "permutations", N: 3})
	for _, c := range []struct {
		opt  DiagramOptions
		want string
	}{
		{DiagramOptions{Focus: []string{"p0=2", "p1=2"}, Problem: "permutations"},
			`focus move p1=2 under p0=2 was pruned (already on the path, clashing with the 2 at position 0): it has no subtree`},
		{DiagramOptions{Focus: []string{"p0=2", "p1=2"}}, `clashing with the 2 at position 0`},
		{DiagramOptions{Focus: []string{"r0=c1"}, Problem: "permutations"},
			`focus move r0=c1: Permutations moves are written p<position>=<number> (p2=3 puts 3 at position 2); the moves under the root: p0=1, p0=2, p0=3`},
		{DiagramOptions{Focus: []string{"p0=4"}, Problem: "permutations"}, `focus move p0=4: no such move under the root (its moves: p0=1, p0=2, p0=3)`},
		{DiagramOptions{Focus: []string{"p0=1", "p1=3", "p2=2", "p3=4"}}, `no such move under p2=2 (it has no calls below it)`},
	} {
		_, _, err := Trim(p.tree, c.opt)
		if err == nil || !strings.Contains(err.Error(), c.want) {
			t.Errorf("Trim(%+v) = %v, want an error containing %q", c.opt, err, c.want)
		}
	}
	// WriteDOT takes the problem from the legend.
	if _, err := WriteDOT(io.Discard, p.tree, p.leg, DiagramOptions{Focus: []string{"(0,2)=4"}}); err == nil ||
		!strings.Contains(err.Error(), "Permutations moves are written") {
		t.Errorf("WriteDOT with a Sudoku move on a Permutations tree: %v", err)
	}
	if _, err := WriteDOT(io.Discard, s.tree, s.leg, DiagramOptions{Focus: []string{"r0=c1"}}); err == nil ||
		!strings.Contains(err.Error(), "(0,2)=1, (0,2)=2, (0,2)=4") {
		t.Errorf("WriteDOT with a queens move on a Sudoku tree: %v", err)
	}
	if _, _, err := Trim(tracer.NewTree(), DiagramOptions{}); err == nil {
		t.Error("an empty tree gave no error")
	}
}

func TestParseFocus(t *testing.T) {
	for _, c := range []struct {
		in   string
		want []string
		err  string
	}{
		{"", nil, ""},
		{"  ", nil, ""},
		{"r0=c1", []string{"r0=c1"}, ""},
		{"r0=c1/r1=c3", []string{"r0=c1", "r1=c3"}, ""},
		{"root/r0=c1/ r1=c3 ", []string{"r0=c1", "r1=c3"}, ""},
		{" root /r0=c1", []string{"r0=c1"}, ""},
		{"(0,2)=4/(0,3)=6", []string{"(0,2)=4", "(0,3)=6"}, ""},
		{"(3,15)=G/(3,14)=A", []string{"(3,15)=G", "(3,14)=A"}, ""},
		{"p0=2/p1=1/p2=10", []string{"p0=2", "p1=1", "p2=10"}, ""},
		{"root", nil, ""},
		{"r0=c1//r1=c3", nil, `element 2 is empty`},
		// One parser, the Def's: only what its Move writes.
		{"r0=c1/r1c3", nil, `element 2: "r1c3" is not an N-Queens move`},
		{"R0=C1", nil, `element 1: "R0=C1" is not a move: N-Queens moves are written r<row>=c<column>`},
		{"r1 = c3", nil, `element 1: "r1 = c3" is not a move`},
		{"(0, 2)=4", nil, `element 1: "(0, 2)=4" is not a move`},
		{"(3,15)=g", nil, `is not a move`},
		{"(3,14)=10", nil, `is not a move`},
		{"p01=1", nil, `element 1: "p01=1" is not a move`},
		{"p0=1/p1=01", nil, `element 2: "p1=01" is not a Permutations move`},
		{"r0=c1/(1,1)=3", nil, `element 2 "(1,1)=3" mixes N-Queens and Sudoku moves`},
		{"p0=1/r1=c1", nil, `element 2 "r1=c1" mixes Permutations and N-Queens moves`},
		{"(0,2)=0", nil, `element 1: "(0,2)=0" is not a move`},
		{"(0,2)=17", nil, `is not a move`},
		{"r-1=c0", nil, `is not a move`},
		{"r0=c1/root", nil, `element 2: root can only come first`},
	} {
		got, err := ParseFocus(c.in)
		switch {
		case c.err != "" && (err == nil || !strings.Contains(err.Error(), c.err)):
			t.Errorf("ParseFocus(%q) error %v, want one containing %q", c.in, err, c.err)
		case c.err == "" && err != nil:
			t.Errorf("ParseFocus(%q): %v", c.in, err)
		case c.err == "" && !reflect.DeepEqual(got, c.want):
			t.Errorf("ParseFocus(%q) = %q, want %q", c.in, got, c.want)
		}
	}
}

// TestParseFocusMoveLabel: ParseFocus reads back every label a Def's
// Move writes.
func TestParseFocusMoveLabel(t *testing.T) {
	for _, c := range []struct {
		problem string
		cell    tracer.Pos
		v       int
	}{
		{"nqueens", tracer.Pos{Row: 2, Col: 0}, 0},
		{"nqueens", tracer.Pos{Row: 12, Col: 11}, 11},
		{"sudoku", tracer.Pos{Row: 4, Col: 5}, 7},
		{"sudoku", tracer.Pos{Row: 15, Col: 15}, 16},
		{"permutations", tracer.Pos{Row: 0, Col: 2}, 3},
		{"permutations", tracer.Pos{Row: 0, Col: 9}, 10},
	} {
		d, err := tracer.Lookup(c.problem)
		if err != nil {
			t.Fatal(err)
		}
		l := d.Move(c.cell, c.v)
		got, err := ParseFocus(l)
		if err != nil || len(got) != 1 || got[0] != l {
			t.Errorf("ParseFocus(%q) = %q, %v", l, got, err)
		}
	}
}

// firstSolutionStep is the step at which a search first found a solution.
func firstSolutionStep(tree *tracer.Tree) int64 {
	for nodeIndex := range int32(tree.Len()) {
		n := tree.Node(nodeIndex)
		if n.Solved {
			return n.SolStep
		}
	}
	return 0
}

// TestTrimFocusThroughGivens: under --order cells a given cell is a call
// with no move (the recursion steps over it), so a focus path names only
// moves and looks through such calls (newcomer trial 2, N14: every move
// was refused, "its moves: root").
func TestTrimFocusThroughGivens(t *testing.T) {
	s := dotSudoku(t, sudoku.LeetCode37, sudoku.OrderCells)
	for _, focus := range [][]string{{"(0,2)=4"}, {"(0,2)=4", "(0,3)=6"}} {
		tr, rep, err := Trim(s.tree, DiagramOptions{MaxNodes: 60, Focus: focus})
		if err != nil {
			t.Fatalf("focus %v: %v", focus, err)
		}
		if !reflect.DeepEqual(rep.Focus, focus) {
			t.Errorf("focus %v: report says %v", focus, rep.Focus)
		}
		// The last move of the focus is a drawn, expanded call.
		want := focus[len(focus)-1]
		found := false
		for _, it := range tr.Items {
			n := s.tree.Node(it.Node)
			if it.Kind == ItemCall && n.Value >= 0 && sudoku.SudokuDef.MoveLabel(n.Cell(), int(n.Value)) == want && !it.NotExpanded {
				found = true
			}
		}
		if !found {
			t.Errorf("focus %v: %s is not drawn expanded", focus, want)
		}
	}
	// A move that is not there still names the moves there are, not "root".
	_, _, err := Trim(s.tree, DiagramOptions{MaxNodes: 60, Focus: []string{"(0,2)=9"}})
	if err == nil || strings.Contains(err.Error(), "its moves: root") || !strings.Contains(err.Error(), "(0,2)=4") {
		t.Errorf("focus (0,2)=9: %v, want the moves under the root listed, (0,2)=4 among them", err)
	}
}
