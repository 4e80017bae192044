package tracer

import "fmt"

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

// Node is one node of a search tree: a call, or a pruned candidate. Nodes are
// kept in one slice and linked by index, so a tree of millions of nodes is a
// handful of allocations.
type Node struct {
	Call   int32 // the call number (Event.Node) for a call; -1 for a pruned leaf
	Parent int32 // index of the parent in Tree.Nodes; -1 at the root
	First  int32 // first child, -1 if none
	Next   int32 // next sibling, -1 if none
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
	End     int64 // step of the return event (0: never returned)
	SolStep int64 // first step at which a solution at or below this node was found (0: none)
	// (56 bytes: the fields are in this order so that they pack.)
}

// Cell returns the move's cell.
func (n *Node) Cell() Pos { return Pos{int(n.Row), int(n.Col)} }

// Witness returns the clashing cell of a pruned leaf.
func (n *Node) Witness() Pos { return Pos{int(n.WRow), int(n.WCol)} }

// Tree is the search tree built from events: a Sink. Nodes are appended in
// step order and depth first, so the nodes that existed at step K are a
// prefix of Nodes, a parent comes before its children, and a subtree is a
// contiguous run of Nodes. Build one per search;
// it is also rebuilt from a saved step log by feeding it the same events.
type Tree struct {
	Nodes     []Node
	calls     []int32 // call number -> index in Nodes
	stack     []int32 // the active calls
	lastChild []int32 // for each active call, its last child so far (-1: none), for appending
	LimitStep int64   // step of the limit event (0: none)
	Steps     int64   // events seen
	lastOK    bool    // the last event the tree saw was a return true
	err       error
}

// NewTree returns an empty tree.
func NewTree() *Tree { return &Tree{} }

// Err reports the first inconsistency in the events fed to the tree (a
// reject with no call open, a call number out of order, ...).
func (t *Tree) Err() error { return t.err }

func (t *Tree) fail(e *Event, format string, args ...any) {
	if t.err == nil {
		t.err = fmt.Errorf("step %d (%s): %s", e.Step, e.Kind, fmt.Sprintf(format, args...))
	}
}

// treeQuadruple is the size, in nodes, up to which a tree's node array
// grows fourfold (14 MB of nodes).
const treeQuadruple = 1 << 18

func (t *Tree) add(n Node) int32 {
	i := int32(len(t.Nodes))
	if len(t.Nodes) == cap(t.Nodes) {
		// Grow fourfold while the tree is small (up to treeQuadruple
		// nodes), then double: append grows big slices by a quarter,
		// which copies a large tree many times over, and each copy of a
		// small tree is most of its cost.
		c := 2 * cap(t.Nodes)
		if cap(t.Nodes) < treeQuadruple {
			c = 4 * cap(t.Nodes)
		}
		grown := make([]Node, len(t.Nodes), max(4096, c))
		copy(grown, t.Nodes)
		t.Nodes = grown
	}
	n.First, n.Next = -1, -1
	if n.Parent >= 0 {
		// Children are only ever added to the innermost open call.
		top := len(t.stack) - 1
		if last := t.lastChild[top]; last < 0 {
			t.Nodes[n.Parent].First = i
		} else {
			t.Nodes[last].Next = i
		}
		t.lastChild[top] = i
	}
	t.Nodes = append(t.Nodes, n)
	return i
}

// Event adds one event to the tree.
func (t *Tree) Event(e *Event) {
	t.Steps++
	if t.err != nil {
		return
	}
	switch e.Kind {
	case KindCall:
		if e.Node != len(t.calls) {
			t.fail(e, "call %d out of order: want %d", e.Node, len(t.calls))
			return
		}
		if len(t.stack) == 0 && len(t.calls) > 0 {
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
		parent = t.stack[len(t.stack)-1]
	}
	i := t.add(Node{Call: int32(id), Parent: parent, Kind: NodeCall, Depth: int16(depth),
		Row: int8(move.Row), Col: int8(move.Col), Value: int8(value), WRow: -1, WCol: -1, Step: step})
	t.calls = append(t.calls, i)
	t.stack = append(t.stack, i)
	t.lastChild = append(t.lastChild, -1)
	t.lastOK = false
}

// reject adds a pruned leaf under the open call.
func (t *Tree) reject(step int64, cell Pos, value int, rule Rule, witness Pos, cost int) {
	p := t.stack[len(t.stack)-1]
	t.add(Node{Call: -1, Parent: p, Kind: NodePruned, Rule: rule, Depth: t.Nodes[p].Depth + 1,
		Row: int8(cell.Row), Col: int8(cell.Col), Value: int8(value),
		WRow: int8(witness.Row), WCol: int8(witness.Col), Step: step, End: step, Cost: int32(cost)})
	t.lastOK = false
}

// solution marks the open call as a solution and its ancestors as on the
// path to one.
func (t *Tree) solution(step int64) {
	i := t.stack[len(t.stack)-1]
	t.Nodes[i].Solved = true
	for ; i >= 0 && t.Nodes[i].SolStep == 0; i = t.Nodes[i].Parent {
		t.Nodes[i].SolStep = step
	}
	t.lastOK = false
}

// ret closes the open call, which returned ok. A call that returns true
// with no solution found at it and no child returning true just before is
// wrong: it and its ancestors are marked as a solution path would be.
func (t *Tree) ret(step int64, ok bool) {
	p := t.stack[len(t.stack)-1]
	n := &t.Nodes[p]
	n.End = step
	if ok && !n.Solved && !t.lastOK {
		n.Wrong = true
		for i := p; i >= 0 && t.Nodes[i].SolStep == 0; i = t.Nodes[i].Parent {
			t.Nodes[i].SolStep = step
		}
	}
	t.stack = t.stack[:len(t.stack)-1]
	t.lastChild = t.lastChild[:len(t.lastChild)-1]
	t.lastOK = ok
}

// Status returns how node i ended.
func (t *Tree) Status(i int32) NodeStatus { return t.StatusAt(i, 0) }

// StatusAt returns node i's status as it stood after step k (k <= 0: at the
// end). A node not yet created at step k reports NodeOpen.
func (t *Tree) StatusAt(i int32, k int64) NodeStatus {
	n := &t.Nodes[i]
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

// CallIndex returns the index in Nodes of call number c, or -1.
func (t *Tree) CallIndex(c int) int32 {
	if c < 0 || c >= len(t.calls) {
		return -1
	}
	return t.calls[c]
}

// Children returns the indices of node i's children, in order.
func (t *Tree) Children(i int32) []int32 {
	var out []int32
	for c := t.Nodes[i].First; c >= 0; c = t.Nodes[c].Next {
		out = append(out, c)
	}
	return out
}

// Path returns the indices from the root down to node i.
func (t *Tree) Path(i int32) []int32 {
	var p []int32
	for ; i >= 0; i = t.Nodes[i].Parent {
		p = append(p, i)
	}
	for a, b := 0, len(p)-1; a < b; a, b = a+1, b-1 {
		p[a], p[b] = p[b], p[a]
	}
	return p
}

// Counts returns the number of call nodes and pruned leaves.
func (t *Tree) Counts() (calls, pruned int) {
	return len(t.calls), len(t.Nodes) - len(t.calls)
}
