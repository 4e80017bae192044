package tracer

import (
	"fmt"
	"unsafe"
)

// NodeKind tells a call node from a pruned leaf.
type NodeKind uint8

// The node kinds.
const (
	NodeCall   NodeKind = iota // a recursive call
	NodePruned                 // a rejected candidate: a pruned branch
)

// NodeStatus is how a node ended.
type NodeStatus uint8

// The node statuses.
const (
	NodeOpen     NodeStatus = iota // still running (only when viewed at an earlier step)
	NodeSolution                   // the board was complete and valid here
	NodeOnPath                     // an ancestor of a solution
	NodeDeadEnd                    // every candidate failed: returned false
	NodeCut                        // left running when a limit stopped the search
	NodeRejected                   // a pruned leaf
	NodeWrong                      // returned true over a board that is not solved (--drop return-false)
)

var nodeStatusNames = []string{"open", "solution", "on_path", "dead_end", "cut", "pruned", "wrong"}

// String returns the status name ("solution", "dead_end", ...).
func (s NodeStatus) String() string {
	if int(s) < len(nodeStatusNames) {
		return nodeStatusNames[s]
	}
	return fmt.Sprintf("NodeStatus(%d)", s)
}

// Node is one node of a search tree, a call or a pruned candidate, as
// Tree.Node returns it: a view put together from the tree's packed storage.
// Nodes are numbered in step order (see Tree).
type Node struct {
	Call   int32 // the call number (Event.Node) for a call; -1 for a pruned leaf
	Parent int32 // index of the parent; -1 at the root (Tree.FirstChild and Tree.NextSibling go down and across)
	Kind   NodeKind
	Rule   Rule // pruned leaves: the rule broken
	Depth  int16
	Row    int8 // the move that led here: cell and value (-1 at the root)
	Col    int8
	Value  int8
	WRow   int8 // pruned leaves: the clashing cell
	WCol   int8
	Solved bool // the solution event happened at this call
	// Wrong is set at a call that returned true with no solution at or
	// below it: the loops of a template without "return false" ran past the
	// last cell (--drop return-false). Its ancestors are on the path to it.
	Wrong   bool
	Cost    int32 // pruned leaves: the check's cost
	Step    int64 // step of the call or reject event
	End     int64 // step of the return event (0: never returned); a pruned leaf's is its Step
	SolStep int64 // first step at which a solution at or below this node was found (0: none)
}

// Cell returns the move's cell.
func (n Node) Cell() Pos { return Pos{Row: int(n.Row), Col: int(n.Col)} }

// Witness returns the clashing cell of a pruned leaf.
func (n Node) Witness() Pos { return Pos{Row: int(n.WRow), Col: int(n.WCol)} }

// node is how a Tree stores a node: 24 bytes. Most nodes of a search tree
// are pruned leaves, which need nothing more; what only a call has (the
// steps of its return and of the first solution under it, where its
// subtree ends) is kept apart in a callRec. No links are stored: nodes
// are in depth-first order, so a call's first child is the node after
// it, and a node's next sibling is the node after its subtree, each if
// its parent says so.
type node struct {
	stepLo     uint32 // the step, low 32 bits
	parent     int32
	aux        int32 // a call: its call number; a pruned leaf: the check's cost
	depth      int16
	kind       NodeKind
	rule       Rule
	row, col   int8
	value      int8
	wrow, wcol int8
	flags      uint8 // nodeSolved, nodeWrong
	stepHi     uint8 // the step, bits 32 to 39
}

// maxTreeStep bounds the steps a Tree records: 2^40, a tree of some
// 30 TB.
const maxTreeStep = 1<<40 - 1

func (n *node) step() int64 { return int64(n.stepHi)<<32 | int64(n.stepLo) }

const (
	nodeSolved uint8 = 1 << iota
	nodeWrong
)

// openCall is a call still running: its node, its call number and its
// depth, at hand for the leaves and the return that come.
type openCall struct {
	node, call int32
	depth      int16
}

// callRec is what a Tree keeps of a call besides its node: 24 bytes.
type callRec struct {
	end, solStep int64
	node         int32 // the call's index among the nodes
	after        int32 // the index after its subtree, once it returned (0: still open)
}

// chunkBits sets the size of a tree's storage chunks: 1,024 nodes (32 KB).
const chunkBits = 10

// chunked stores a growing sequence in chunks of 1<<chunkBits elements,
// so that it never copies what it holds, and the memory it takes is at
// most one chunk more than it holds.
type chunked[T any] struct {
	chunks [][]T
	last   []T // the last chunk, at hand for grow
	n      int32
}

func (c *chunked[T]) push(v T) int32 {
	*c.grow() = v
	return c.n - 1
}

// grow adds a zero element and returns it.
func (c *chunked[T]) grow() *T {
	j := c.n & (1<<chunkBits - 1)
	if j == 0 {
		c.last = make([]T, 1<<chunkBits)
		c.chunks = append(c.chunks, c.last)
	}
	c.n++
	return &c.last[j]
}

func (c *chunked[T]) at(i int32) *T {
	return &c.chunks[i>>chunkBits][i&(1<<chunkBits-1)]
}

// Tree is the search tree built from events: a Sink. Nodes are numbered in
// step order and depth first, so the nodes that existed at step K are the
// first ones, a parent comes before its children, and a subtree is a
// contiguous run of nodes. Tree.Node returns one; a tree of millions of
// nodes is a handful of allocations, 24 bytes a pruned leaf and 48 a
// call. Build one per search; it is also rebuilt from a saved step log by
// feeding it the same events.
//
// A tree may be capped: MaxBytes bounds the memory its nodes take (Bytes),
// MaxNodes their number (Len). Run stops the search it records with
// LimitTree once the tree is Full (within pollEvery steps, so a tree
// passes its cap by at most that many nodes); a tree fed events one by one
// (Event, as from a step log) stops recording instead, at step FullAt, and
// counts the rest of the steps only.
type Tree struct {
	nodes     chunked[node]
	calls     chunked[callRec] // by call number
	stack     []openCall       // the active calls, the root first
	LimitStep int64            // step of the limit event (0: none)
	Steps     int64            // events seen
	// MaxBytes and MaxNodes cap the tree (0: no cap); see Full.
	MaxBytes int64
	MaxNodes int
	// FullAt is the step at which Event found the tree full and stopped
	// recording (0: it never did): the tree is the run's as it stood
	// after step FullAt-1.
	FullAt int64
	lastOK bool // the last event the tree saw was a return true
	err    error
}

// The memory of a node and of a call's record.
const (
	nodeBytes = int64(unsafe.Sizeof(node{}))
	callBytes = int64(unsafe.Sizeof(callRec{}))
)

// Bytes returns the memory the tree's nodes take: its storage chunks, 24
// bytes a node and 24 more a call (its open calls and chunk lists
// aside).
func (t *Tree) Bytes() int64 {
	return (int64(len(t.nodes.chunks))*nodeBytes + int64(len(t.calls.chunks))*callBytes) << chunkBits
}

// Full reports whether the tree has reached a cap: MaxBytes of memory
// (Bytes), or more than MaxNodes nodes.
func (t *Tree) Full() bool {
	return t.MaxBytes > 0 && t.Bytes() >= t.MaxBytes || t.MaxNodes > 0 && int(t.nodes.n) > t.MaxNodes
}

// NewTree returns an empty tree.
func NewTree() *Tree { return &Tree{} }

// Len returns the number of nodes, calls and pruned leaves.
func (t *Tree) Len() int { return int(t.nodes.n) }

// Node returns node i (0 <= i < Len()).
func (t *Tree) Node(i int32) Node {
	n := t.nodes.at(i)
	v := Node{Call: -1, Parent: n.parent, Kind: n.kind, Rule: n.rule, Depth: n.depth,
		Row: n.row, Col: n.col, Value: n.value, WRow: n.wrow, WCol: n.wcol,
		Solved: n.flags&nodeSolved != 0, Wrong: n.flags&nodeWrong != 0, Step: n.step()}
	if n.kind == NodeCall {
		c := t.calls.at(n.aux)
		v.Call, v.End, v.SolStep = n.aux, c.end, c.solStep
	} else {
		v.Cost, v.End = n.aux, v.Step
	}
	return v
}

// Parent returns the index of node i's parent (-1 at the root).
func (t *Tree) Parent(i int32) int32 { return t.nodes.at(i).parent }

// Step returns the step of node i's call or reject event.
func (t *Tree) Step(i int32) int64 { return t.nodes.at(i).step() }

// Kind returns whether node i is a call or a pruned leaf.
func (t *Tree) Kind(i int32) NodeKind { return t.nodes.at(i).kind }

// Depth returns node i's depth (the root's is 0).
func (t *Tree) Depth(i int32) int16 { return t.nodes.at(i).depth }

// NextSibling returns the index of node i's next sibling, or -1.
func (t *Tree) NextSibling(i int32) int32 {
	n := t.nodes.at(i)
	j := i + 1
	if n.kind == NodeCall {
		if j = t.calls.at(n.aux).after; j == 0 {
			return -1 // still open: nothing after it yet
		}
	}
	if j < t.nodes.n && t.nodes.at(j).parent == n.parent && n.parent >= 0 {
		return j
	}
	return -1
}

// FirstChild returns the index of node i's first child, or -1.
func (t *Tree) FirstChild(i int32) int32 {
	if t.nodes.at(i).kind != NodeCall || i+1 >= t.nodes.n || t.nodes.at(i+1).parent != i {
		return -1
	}
	return i + 1
}

// Move returns the move that led to node i: its cell and value.
func (t *Tree) Move(i int32) (Pos, int) {
	n := t.nodes.at(i)
	return Pos{Row: int(n.row), Col: int(n.col)}, int(n.value)
}

// Call returns node i's call number, or -1 for a pruned leaf.
func (t *Tree) Call(i int32) int32 {
	if n := t.nodes.at(i); n.kind == NodeCall {
		return n.aux
	}
	return -1
}

// Solved reports whether the solution event happened at node i, and the
// first step at which a solution at or below it was found (0: none).
func (t *Tree) Solved(i int32) (here bool, solStep int64) {
	n := t.nodes.at(i)
	if n.kind != NodeCall {
		return false, 0
	}
	return n.flags&nodeSolved != 0, t.calls.at(n.aux).solStep
}

// The accessors above read one field without putting a whole Node
// together: they are for loops over many nodes.

// Err reports the first inconsistency in the events fed to the tree (a
// reject with no call open, a call number out of order, ...).
func (t *Tree) Err() error { return t.err }

func (t *Tree) fail(e *Event, format string, args ...any) {
	if t.err == nil {
		t.err = fmt.Errorf("step %d (%s): %s", e.Step, e.Kind, fmt.Sprintf(format, args...))
	}
}

// add makes room for a node at step, the last child of its parent (the
// innermost open call), and returns it with its step set.
func (t *Tree) add(step int64) (int32, *node) {
	if uint64(step) > maxTreeStep && t.err == nil {
		t.err = fmt.Errorf("step %d: a tree records at most %d steps", step, int64(maxTreeStep))
	}
	i := t.nodes.n
	n := t.nodes.grow()
	n.stepLo, n.stepHi = uint32(step), uint8(step>>32)
	return i, n
}

// Event adds one event to the tree. Once the tree is Full it records no
// more: FullAt says from which step.
func (t *Tree) Event(e *Event) {
	t.Steps++
	if t.err != nil || t.FullAt > 0 {
		return
	}
	if (e.Kind == KindCall || e.Kind == KindReject) && (t.MaxBytes > 0 || t.MaxNodes > 0) && t.Full() {
		t.FullAt = e.Step
		return
	}
	switch e.Kind {
	case KindCall:
		if e.Node != int(t.calls.n) {
			t.fail(e, "call %d out of order: want %d", e.Node, t.calls.n)
			return
		}
		if len(t.stack) == 0 && t.calls.n > 0 {
			t.fail(e, "a second root")
			return
		}
		t.call(e.Step, e.Node, e.Depth, e.Cell, e.Value)
	case KindReject:
		if len(t.stack) == 0 {
			t.fail(e, "no call is open")
			return
		}
		t.reject(e.Step, e.Cell, e.Value, e.Rule, e.Witness, e.Cost)
	case KindSolution:
		if len(t.stack) == 0 {
			t.fail(e, "no call is open")
			return
		}
		t.solution(e.Step)
	case KindReturn:
		if len(t.stack) == 0 {
			t.fail(e, "no call is open")
			return
		}
		t.ret(e.Step, e.OK)
	case KindLimit:
		t.LimitStep = e.Step
	}
}

// call adds call number id, a child of the open call. (Run feeds a Tree
// through these methods directly; Event checks the stream, then uses them.)
func (t *Tree) call(step int64, id, depth int, move Pos, value int) {
	parent := int32(-1)
	if len(t.stack) > 0 {
		parent = t.stack[len(t.stack)-1].node
	}
	i, n := t.add(step)
	n.parent, n.aux, n.kind, n.rule, n.depth, n.flags = parent, int32(id), NodeCall, RuleNone, int16(depth), 0
	n.row, n.col, n.value, n.wrow, n.wcol = int8(move.Row), int8(move.Col), int8(value), -1, -1
	t.calls.push(callRec{node: i})
	t.stack = append(t.stack, openCall{node: i, call: int32(id), depth: int16(depth)})
	t.lastOK = false
}

// reject adds a pruned leaf under the open call.
func (t *Tree) reject(step int64, cell Pos, value int, rule Rule, witness Pos, cost int) {
	top := &t.stack[len(t.stack)-1]
	_, n := t.add(step)
	n.parent, n.aux, n.kind, n.rule, n.depth, n.flags = top.node, int32(cost), NodePruned, rule, top.depth+1, 0
	n.row, n.col, n.value, n.wrow, n.wcol = int8(cell.Row), int8(cell.Col), int8(value), int8(witness.Row), int8(witness.Col)
	t.lastOK = false
}

// markPath sets SolStep to step on call node i and its ancestors, up to
// the first that has one.
func (t *Tree) markPath(i int32, step int64) {
	for i >= 0 {
		n := t.nodes.at(i)
		c := t.calls.at(n.aux)
		if c.solStep != 0 {
			return
		}
		c.solStep = step
		i = n.parent
	}
}

// solution marks the open call as a solution and its ancestors as on the
// path to one.
func (t *Tree) solution(step int64) {
	i := t.stack[len(t.stack)-1].node
	t.nodes.at(i).flags |= nodeSolved
	t.markPath(i, step)
	t.lastOK = false
}

// ret closes the open call, which returned ok. A call that returns true
// with no solution found at it and no child returning true just before is
// wrong: it and its ancestors are marked as a solution path would be.
func (t *Tree) ret(step int64, ok bool) {
	top := t.stack[len(t.stack)-1]
	c := t.calls.at(top.call)
	c.end, c.after = step, t.nodes.n
	if ok && !t.lastOK {
		if n := t.nodes.at(top.node); n.flags&nodeSolved == 0 {
			n.flags |= nodeWrong
			t.markPath(top.node, step)
		}
	}
	t.stack = t.stack[:len(t.stack)-1]
	t.lastOK = ok
}

// Status returns how node i ended.
func (t *Tree) Status(i int32) NodeStatus { return t.StatusAt(i, 0) }

// StatusAt returns node i's status as it stood after step k (k <= 0: at the
// end). A node not yet created at step k reports NodeOpen.
func (t *Tree) StatusAt(i int32, k int64) NodeStatus {
	n := t.Node(i)
	at := func(s int64) bool { return s > 0 && (k <= 0 || s <= k) }
	switch {
	case n.Kind == NodePruned && k > 0 && n.Step > k:
		return NodeOpen
	case n.Kind == NodePruned:
		return NodeRejected
	case n.Solved && at(n.SolStep):
		return NodeSolution
	case n.Wrong && at(n.SolStep):
		return NodeWrong
	case at(n.SolStep):
		return NodeOnPath
	case at(n.End):
		return NodeDeadEnd
	case t.LimitStep > 0 && (k <= 0 || t.LimitStep <= k):
		return NodeCut
	}
	return NodeOpen
}

// CallIndex returns the node index of call number c, or -1.
func (t *Tree) CallIndex(c int) int32 {
	if c < 0 || c >= int(t.calls.n) {
		return -1
	}
	return t.calls.at(int32(c)).node
}

// Children returns the indices of node i's children, in order.
func (t *Tree) Children(i int32) []int32 {
	var out []int32
	if t.nodes.at(i).kind != NodeCall {
		return nil
	}
	for c := t.FirstChild(i); c >= 0; c = t.NextSibling(c) {
		out = append(out, c)
	}
	return out
}

// Path returns the indices from the root down to node i.
func (t *Tree) Path(i int32) []int32 {
	var p []int32
	for ; i >= 0; i = t.nodes.at(i).parent {
		p = append(p, i)
	}
	for a, b := 0, len(p)-1; a < b; a, b = a+1, b-1 {
		p[a], p[b] = p[b], p[a]
	}
	return p
}

// Counts returns the number of call nodes and pruned leaves.
func (t *Tree) Counts() (calls, pruned int) {
	return int(t.calls.n), int(t.nodes.n - t.calls.n)
}
