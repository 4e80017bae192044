package tracer

import (
	"context"
	"fmt"
	"testing"
	"unsafe"

	"github.com/backtrack-edu/backtrack/tracer/problems/sudoku"
)

// TestTreeShape builds trees from several searches and checks them against
// Stats: one call node per call event, one pruned leaf per reject, and the
// links between them.
func TestTreeShape(t *testing.T) {
	small := puzzleLines(t, "sudoku4.txt")[0]
	tests := []struct {
		name string
		mk   func() Problem
		opts Options
	}{
		{"4-queens/before/all", func() Problem { return newQueens(t, 4, CheckScan) }, Options{Stop: StopAll}},
		{"6-queens/after/first", func() Problem { return newQueens(t, 6, CheckArrays) }, Options{When: WhenAfter}},
		{"4-queens/leaf/all", func() Problem { return newQueens(t, 4, CheckScan) }, Options{When: WhenLeaf, Stop: StopAll}},
		{"sudoku4/before/first", func() Problem { return newSudoku(t, small, sudoku.OrderLinear, CheckScan) }, Options{}},
		{"leetcode/scan2d/first", func() Problem { return newSudoku(t, leetcode37, sudoku.OrderScan2D, CheckScan) }, Options{}},
		{"leetcode/mrv/all", func() Problem { return newSudoku(t, leetcode37, sudoku.OrderMRV, CheckCounts) }, Options{Stop: StopAll}},
		{"leetcode/limit", func() Problem { return newSudoku(t, leetcode37, sudoku.OrderLinear, CheckCounts) }, Options{Limits: Limits{MaxSteps: 10000}}},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			r := runTraced(t, tc.mk(), tc.opts, true)
			tr := r.tree
			calls, pruned := tr.Counts()
			if int64(calls) != r.stats.Nodes || int64(pruned) != r.stats.RejectTotal() {
				t.Errorf("tree: %d calls, %d pruned; stats: %d nodes, %d rejects", calls, pruned, r.stats.Nodes, r.stats.RejectTotal())
			}
			if tr.Steps != r.res.Steps {
				t.Errorf("tree saw %d events: want %d", tr.Steps, r.res.Steps)
			}
			var byRule [NumRules]int64
			perDepth := make([]int64, len(r.stats.PerDepth))
			for i := range int32(tr.Len()) {
				n := tr.Node(i)
				if n.Kind == NodePruned {
					byRule[n.Rule]++
				} else {
					perDepth[n.Depth]++
					if got := tr.CallIndex(int(n.Call)); got != int32(i) {
						t.Fatalf("CallIndex(%d) = %d: want %d", n.Call, got, i)
					}
				}
				if i > 0 && (n.Parent < 0 || tr.Node(n.Parent).Depth != n.Depth-1 || tr.Node(n.Parent).Kind != NodeCall) {
					t.Fatalf("node %d at depth %d has parent %d", i, n.Depth, n.Parent)
				}
				if p := tr.Path(int32(i)); p[0] != 0 || p[len(p)-1] != int32(i) || len(p) != int(n.Depth)+1 {
					t.Fatalf("Path(%d) = %v", i, p)
				}
				// Children come in the order of their steps.
				var last int64
				for _, c := range tr.Children(int32(i)) {
					if tr.Node(c).Parent != int32(i) || tr.Node(c).Step <= last {
						t.Fatalf("node %d: child %d out of order", i, c)
					}
					last = tr.Node(c).Step
				}
			}
			if byRule != r.stats.Rejects {
				t.Errorf("pruned leaves by rule %v: want %v", byRule, r.stats.Rejects)
			}
			for d := range perDepth {
				if perDepth[d] != r.stats.PerDepth[d] {
					t.Errorf("calls per depth %v: want %v", perDepth, r.stats.PerDepth)
					break
				}
			}
		})
	}
	if CallIndex := NewTree().CallIndex(0); CallIndex != -1 {
		t.Errorf("empty tree: CallIndex(0) = %d: want -1", CallIndex)
	}
}

// statusCounts counts the nodes of a tree by status after step k (0: the end).
func statusCounts(tr *Tree, k int64) map[NodeStatus]int {
	m := map[NodeStatus]int{}
	for i := range int32(tr.Len()) {
		m[tr.StatusAt(int32(i), k)]++
	}
	return m
}

// TestTreeStatuses checks how nodes end: solutions, the paths to them, dead
// ends, pruned leaves, and calls cut by a limit.
func TestTreeStatuses(t *testing.T) {
	r := runTraced(t, newQueens(t, 4, CheckScan), Options{Stop: StopAll}, true)
	got := statusCounts(r.tree, 0)
	// Solutions (1,3,0,2) and (2,0,3,1) share only the root: 1 + 3 + 3 calls
	// lead to them; the other 8 of 17 calls are dead ends.
	want := map[NodeStatus]int{NodeSolution: 2, NodeOnPath: 7, NodeDeadEnd: 8, NodeRejected: int(r.stats.RejectTotal())}
	if fmt.Sprint(got) != fmt.Sprint(want) {
		t.Errorf("4-queens statuses %v: want %v", got, want)
	}
	for i := range int32(r.tree.Len()) {
		n := r.tree.Node(i)
		if (r.tree.Status(int32(i)) == NodeSolution) != (n.Kind == NodeCall && n.Depth == 4) {
			t.Errorf("node %d at depth %d: status %s", i, n.Depth, r.tree.Status(int32(i)))
		}
	}

	// First solution: the 52 calls on the path are kept, the rest are dead.
	r = runTraced(t, newSudoku(t, leetcode37, sudoku.OrderLinear, CheckCounts), Options{}, true)
	got = statusCounts(r.tree, 0)
	want = map[NodeStatus]int{NodeSolution: 1, NodeOnPath: 51, NodeDeadEnd: 4209 - 52, NodeRejected: int(r.stats.RejectTotal())}
	if fmt.Sprint(got) != fmt.Sprint(want) {
		t.Errorf("leetcode statuses %v: want %v", got, want)
	}

	// A limit: the calls open at the limit are cut, one per level.
	var last lastEvent
	r = runTraced(t, newSudoku(t, leetcode37, sudoku.OrderLinear, CheckCounts), Options{Limits: Limits{MaxSteps: 5000}, Sinks: []Sink{&last}}, true)
	got = statusCounts(r.tree, 0)
	if got[NodeCut] != last.e.Depth+1 || got[NodeOpen] != 0 || got[NodeSolution] != 0 {
		t.Errorf("limit at depth %d: statuses %v: want %d cut", last.e.Depth, got, last.e.Depth+1)
	}
}

// TestTreeStatusAt replays 4-queens and checks the statuses as they stood
// at earlier steps: StatusAt(i, k) must equal the status in a tree built
// from the first k events only, and calls not yet made are open. Early on,
// before the first solution, the calls then running are open.
func TestTreeStatusAt(t *testing.T) {
	var rec recorder
	r := runTraced(t, newQueens(t, 4, CheckScan), Options{Stop: StopAll, Sinks: []Sink{&rec}}, true)
	tr := r.tree
	firstSolution := r.stats.FirstSolutionStep
	for _, k := range []int64{1, 2, 10, 40, firstSolution - 1, firstSolution, 100, r.res.Steps - 1} {
		part := NewTree()
		var running []int // the calls running after step k
		for _, e := range rec.events[:k] {
			part.Event(&e)
			switch e.Kind {
			case KindCall:
				running = append(running, e.Node)
			case KindReturn:
				running = running[:len(running)-1]
			}
		}
		for i := range int32(part.Len()) {
			if st, want := tr.StatusAt(int32(i), k), part.Status(int32(i)); st != want {
				t.Errorf("step %d: node %d: status %s, want %s", k, i, st, want)
			}
		}
		for i := int32(part.Len()); i < int32(tr.Len()); i++ {
			if tr.Node(i).Kind == NodeCall {
				if st := tr.StatusAt(int32(i), k); st != NodeOpen {
					t.Errorf("step %d: call node %d made at step %d: status %s: want open", k, i, tr.Node(i).Step, st)
				}
			}
		}
		if k < firstSolution {
			if len(running) == 0 {
				t.Fatalf("step %d: no call running", k)
			}
			for _, c := range running {
				if st := tr.StatusAt(tr.CallIndex(c), k); st != NodeOpen {
					t.Errorf("step %d: call %d is running, status %s: want open", k, c, st)
				}
			}
		}
	}
}

// TestTreeStatusAtPrunedLeaf: StatusAt's doc says "A node not yet created at
// step k reports NodeOpen", but a pruned leaf reports NodeRejected at every
// step (tree.go, StatusAt: the NodePruned case comes before any step test).
func TestTreeStatusAtPrunedLeaf(t *testing.T) {
	r := runTraced(t, newQueens(t, 4, CheckScan), Options{Stop: StopAll}, true)
	for i := range int32(r.tree.Len()) {
		n := r.tree.Node(i)
		if n.Kind != NodePruned {
			continue
		}
		if st := r.tree.StatusAt(int32(i), n.Step-1); st != NodeOpen {
			t.Fatalf("pruned leaf %d made at step %d: StatusAt(step %d) = %s: want open (not yet created)", i, n.Step, n.Step-1, st)
		}
	}
}

// TestTreeErr feeds a Tree streams it cannot build and checks Err.
func TestTreeErr(t *testing.T) {
	root := evCall(0, -1, 0, NoPos, -1)
	for _, tc := range []struct {
		name   string
		events []Event
	}{
		{"reject with no call", numbered(evMove(KindReject, 0, 0, Pos{Row: 0, Col: 0}, 1))},
		{"call out of order", numbered(root, evCall(2, 0, 1, Pos{Row: 0, Col: 0}, 1))},
		{"second root", numbered(root, evRet(0, 0, false), evCall(1, -1, 0, NoPos, -1))},
	} {
		tr := NewTree()
		for i := range tc.events {
			tr.Event(&tc.events[i])
		}
		if tr.Err() == nil {
			t.Errorf("%s: no error", tc.name)
		}
	}
}

// TestNodeSize: a tree stores a node in 24 bytes and a call's own fields
// in 24 more (issue 13: bytes per recorded event); a field added in the
// wrong place pads them.
func TestNodeSize(t *testing.T) {
	if got := unsafe.Sizeof(node{}); got != 24 {
		t.Errorf("a node is %d bytes, want 24", got)
	}
	if got := unsafe.Sizeof(callRec{}); got != 24 {
		t.Errorf("a callRec is %d bytes, want 24", got)
	}
}

// TestTreeLinks checks the links a tree works out rather than stores: a
// node's first child and next sibling must be those read off the parent of
// every node, on whole trees, trees cut by a limit, and trees with passes.
func TestTreeLinks(t *testing.T) {
	for _, c := range []struct {
		name string
		p    Problem
		opts Options
	}{
		{"queens6", newQueens(t, 6, CheckScan), Options{Stop: StopAll}},
		{"queens8 cut", newQueens(t, 8, CheckScan), Options{Stop: StopAll, Limits: Limits{MaxSteps: 3000}}},
		{"sudoku4 cells", newSudoku(t, ".4......3.4...2.", sudoku.OrderCells, CheckScan), Options{Stop: StopAll}},
		{"leetcode after", newSudoku(t, leetcode37, sudoku.OrderLinear, CheckScan), Options{When: WhenAfter}},
	} {
		t.Run(c.name, func(t *testing.T) {
			r := runTraced(t, c.p, c.opts, true)
			tr := r.tree
			m := int32(tr.Len())
			first, next, last := make([]int32, m), make([]int32, m), make([]int32, m)
			for i := range m {
				first[i], next[i], last[i] = -1, -1, -1
			}
			for i := range m {
				p := tr.Parent(i)
				if p < 0 {
					continue
				}
				if first[p] < 0 {
					first[p] = i
				} else {
					next[last[p]] = i
				}
				last[p] = i
			}
			for i := range m {
				if f, x := tr.FirstChild(i), tr.NextSibling(i); f != first[i] || x != next[i] {
					t.Fatalf("node %d: first %d next %d, want %d and %d", i, f, x, first[i], next[i])
				}
			}
		})
	}
}

// TestTreeCap: a capped tree stops the search that records it, with
// LimitTree, soon after it is full (within pollEvery steps), with or
// without a context to poll, through the lean loop (a Stats and a Tree
// only) and through the hooks (an event sink too); the limit event names
// the reason; and the tree is consistent, the search's last calls cut.
func TestTreeCap(t *testing.T) {
	for _, c := range []struct {
		name     string
		maxBytes int64
		maxNodes int
		hooked   bool
	}{
		{"bytes/lean", 100 << 10, 0, false},
		{"bytes/hooked", 100 << 10, 0, true},
		{"nodes/lean", 0, 5000, false},
		{"nodes/hooked", 0, 5000, true},
	} {
		t.Run(c.name, func(t *testing.T) {
			st, tr, rec := &Stats{}, NewTree(), &recorder{}
			tr.MaxBytes, tr.MaxNodes = c.maxBytes, c.maxNodes
			opts := Options{Stop: StopAll, Sinks: []Sink{st, tr}}
			if c.hooked {
				opts.Sinks = append(opts.Sinks, rec)
			}
			// 10-queens: 348,151 nodes in all, far past either cap.
			res, err := Run(context.Background(), newQueens(t, 10, CheckScan), opts)
			if err != nil {
				t.Fatal(err)
			}
			if res.Status != StatusLimit || res.Limit != LimitTree || st.Limit != LimitTree {
				t.Fatalf("status %s, limit %q (stats %q): want limit, tree", res.Status, res.Limit, st.Limit)
			}
			if !tr.Full() || tr.Err() != nil {
				t.Errorf("Full() = %v, Err() = %v: want a full tree and no error", tr.Full(), tr.Err())
			}
			// Full within pollEvery steps of the stop: at most that many
			// nodes past the cap.
			switch {
			case c.maxNodes > 0 && (tr.Len() <= c.maxNodes || tr.Len() > c.maxNodes+pollEvery):
				t.Errorf("%d nodes: want more than %d, at most %d", tr.Len(), c.maxNodes, c.maxNodes+pollEvery)
			case c.maxBytes > 0 && (tr.Bytes() < c.maxBytes || tr.Bytes() > c.maxBytes+2*(nodeBytes+callBytes)<<chunkBits):
				t.Errorf("%d bytes: want at least %d, at most two chunks more", tr.Bytes(), c.maxBytes)
			}
			if calls, _ := tr.Counts(); int64(calls) != res.Nodes || tr.Steps != res.Steps || tr.LimitStep != res.Steps {
				t.Errorf("tree: %d calls, %d steps, limit at step %d; search: %d calls, %d steps", calls, tr.Steps, tr.LimitStep, res.Nodes, res.Steps)
			}
			cut := 0
			for i := range int32(tr.Len()) {
				if tr.Status(i) == NodeCut {
					cut++
				}
			}
			if cut == 0 {
				t.Errorf("no call is cut")
			}
			if c.hooked {
				last := rec.events[len(rec.events)-1]
				if last.Kind != KindLimit || last.Limit != LimitTree {
					t.Errorf("the last event is %s (limit %q), want the limit event of the tree cap", last.Kind, last.Limit)
				}
			}
		})
	}
}

// TestTreeCapFedEvents: a capped tree fed events one by one (as from a step
// log) stops recording when full, at FullAt, and keeps counting the steps;
// what it holds is the tree of the steps before FullAt.
func TestTreeCapFedEvents(t *testing.T) {
	rec := &recorder{}
	runTraced(t, newQueens(t, 8, CheckScan), Options{Stop: StopAll, Sinks: []Sink{rec}}, false)
	whole, capped := NewTree(), NewTree()
	capped.MaxNodes = 1000
	for i := range rec.events {
		whole.Event(&rec.events[i])
		capped.Event(&rec.events[i])
	}
	if capped.Steps != whole.Steps || capped.FullAt == 0 || capped.Len() != 1001 || !capped.Full() {
		t.Fatalf("capped tree: %d steps (want %d), full at step %d, %d nodes (want 1001)", capped.Steps, whole.Steps, capped.FullAt, capped.Len())
	}
	for i := range int32(capped.Len()) {
		a, b := capped.Node(i), whole.Node(i)
		if a.Step != b.Step || a.Parent != b.Parent || a.Kind != b.Kind || b.Step >= capped.FullAt {
			t.Fatalf("node %d: %+v in the capped tree, %+v in the whole one (full at step %d)", i, a, b, capped.FullAt)
		}
		if want := whole.StatusAt(i, capped.FullAt-1); capped.StatusAt(i, capped.FullAt-1) != want {
			t.Fatalf("node %d at step %d: %s, want %s", i, capped.FullAt-1, capped.StatusAt(i, capped.FullAt-1), want)
		}
	}
	if whole.Node(1001).Step != capped.FullAt {
		t.Errorf("full at step %d: want the step of node 1001, %d", capped.FullAt, whole.Node(1001).Step)
	}
}

// TestTreeBytes: Bytes counts the storage chunks, 24 bytes a node and 24
// more a call.
func TestTreeBytes(t *testing.T) {
	tr := NewTree()
	if tr.Bytes() != 0 || tr.Full() {
		t.Fatalf("an empty tree: %d bytes, full %v", tr.Bytes(), tr.Full())
	}
	runTracedInto(t, tr, newQueens(t, 6, CheckScan))
	calls, pruned := tr.Counts()
	chunk := int64(1) << chunkBits
	want := (int64(calls+pruned)+chunk-1)/chunk*chunk*24 + (int64(calls)+chunk-1)/chunk*chunk*24
	if tr.Bytes() != want {
		t.Errorf("%d nodes, %d calls: %d bytes, want %d", calls+pruned, calls, tr.Bytes(), want)
	}
}

// runTracedInto runs p, every solution, into tr.
func runTracedInto(t *testing.T, tr *Tree, p Problem) {
	t.Helper()
	if _, err := Run(context.Background(), p, Options{Stop: StopAll, Sinks: []Sink{tr}}); err != nil {
		t.Fatal(err)
	}
}
