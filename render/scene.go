package render

import (
	"fmt"
	"math"
	"sort"
	"strconv"
	"strings"

	"github.com/backtrack-edu/backtrack/tracer"
)

// A Scene is a diagram's boxes and edges, laid out as the tidy layout lays
// out the diagram of the whole run, for a page that draws them itself and
// shows each box from the step that made it (the HTML player). It has no
// legend and no boards: the page shows those its own way.
type Scene struct {
	Width, Height float64 // the bounding box, in points, from (0,0); y grows downward
	Boxes         []SceneBox
	Edges         []SceneEdge

	tree *tracer.Tree
	own  map[int32]int // tree node -> the box that draws it (a call, a pruned leaf, a fold)
	// aggs are the group and elided boxes by the tree nodes they stand
	// for, Nodes[lo:hi], in order (the runs do not overlap).
	aggs []sceneAgg
}

// sceneAgg is a group or elided box and the tree nodes it stands for.
type sceneAgg struct {
	lo, hi int32
	box    int
}

// SceneBox is one box of a Scene.
type SceneBox struct {
	ID   string // the DOT id: 12 (call 12), s57 (pruned at step 57), g57, e57, f12
	Kind ItemKind
	// Class is how the box looks once the search is past it, a class of
	// SceneCSS: call, solution, path, dead, cut, open, wrong, lost, pruned,
	// placed (--when after), leaf (--when leaf), group, elided, fold.
	Class string
	// Node is the tree index (Tree.Node) of the call or pruned leaf; for a
	// group or an elided box, of the call it hangs under (it stands for
	// a run of that call's children). Call is that
	// node's call number (Event.Node), -1 for a pruned leaf.
	Node, Call int32
	X, Y, W, H float64 // centre and size, points
	Lines      []string
	FontSize   float64
	// Step is the first step at which the box has something in it: the
	// call or reject event, or the first of those a group, an elided box
	// or a fold stands for. End is a call's return step (0: never
	// returned); SolStep the first step a solution at or below it was found
	// (0: none).
	Step, End, SolStep int64
	// For a group box: Members are the steps of the rejects it holds, in
	// order, and Counted[k-1] its label once k of them have happened
	// (the last is Lines), as --at-step counts so far.
	Members []int64
	Counted [][]string
}

// SceneEdge joins two boxes (indices into Scene.Boxes); Path is its SVG
// path in the Scene's coordinates, ending where its arrowhead's tip goes.
type SceneEdge struct {
	From, To int
	Path     string
	Class    string // edge, pruned, group, elided, cut, path (on a solution's path)
	Tip      [2]float64
	Dir      [2]float64 // unit vector of the arrowhead, toward the tip
}

// BuildScene trims t as opt asks (as WriteDOT does, without fitting to a
// slide and without boards) and lays it out. leg supplies the problem and
// the language of the labels.
func BuildScene(t *tracer.Tree, leg Legend, opt DiagramOptions) (*Scene, TrimReport, error) {
	opt = legendDef(opt, leg)
	opt.Layout, opt.Boards, opt.Fit, opt.AtStep, opt.Legend = true, false, Slide{}, 0, LegendNone
	d, rep, err := plan(t, leg, opt, nil)
	if err != nil {
		return nil, rep, err
	}
	if d.lay == nil {
		return nil, rep, fmt.Errorf("scene: no layout")
	}
	lay := d.lay
	sc := &Scene{Width: lay.Width, Height: lay.Height, tree: t,
		own: map[int32]int{}}
	items := d.tr.Items
	index := make([]int, len(items)) // item -> box, -1 hidden
	for i := range items {
		it := &items[i]
		index[i] = -1
		if it.Hidden {
			continue
		}
		n := t.Node(it.Node)
		var id []byte
		id = d.id(id, int32(i))
		box := SceneBox{ID: string(id), Kind: it.Kind, Class: d.sceneClass(it), Node: it.Node, Call: n.Call,
			X: lay.X[i], Y: lay.Height - lay.Y[i], W: d.w[i], H: d.h[i],
			Lines: strings.Split(string(d.labelOf(i)), "\n"), FontSize: dotFontLeaf,
			Step: n.Step, End: n.End, SolStep: n.SolStep}
		if it.Kind == ItemCall {
			box.FontSize = dotFontCall
		}
		if it.Kind == ItemGroup || it.Kind == ItemElided {
			// The run's first node is its first step (depth-first order).
			box.Step, box.End, box.SolStep = t.Step(it.Lo), 0, 0
		}
		if it.Kind == ItemGroup {
			var a Aggregate
			for c := it.Lo; c < it.Hi; c++ {
				m := t.Node(c)
				a.Leaves++
				a.ByRule[m.Rule]++
				box.Members = append(box.Members, m.Step)
				box.Counted = append(box.Counted, d.aggLines(it, &a))
			}
		}
		if it.Kind == ItemFold {
			box.End = t.Node(it.Tail).End
		}
		index[i] = len(sc.Boxes)
		switch it.Kind {
		case ItemCall, ItemPruned:
			sc.own[it.Node] = index[i]
		case ItemFold:
			for n := it.Tail; n >= 0 && n != it.Node; n = t.Parent(n) {
				sc.own[n] = index[i]
			}
			sc.own[it.Node] = index[i]
		case ItemGroup, ItemElided:
			sc.aggs = append(sc.aggs, sceneAgg{it.Lo, it.Hi, index[i]})
		}
		sc.Boxes = append(sc.Boxes, box)
	}
	for i := 1; i < len(items); i++ {
		it := &items[i]
		if index[i] < 0 || it.Parent < 0 || index[it.Parent] < 0 {
			continue
		}
		pts, tip := lay.route(int(it.Parent), i, d.w, d.h, trunkOf(items, i))
		var b strings.Builder
		for j, p := range pts {
			switch {
			case j == 0:
				b.WriteString("M")
			case j == 1:
				b.WriteString("C")
			default:
				b.WriteString(" ")
			}
			fmt.Fprintf(&b, "%s,%s", sceneNum(p.X), sceneNum(lay.Height-p.Y))
		}
		last := pts[len(pts)-1]
		dx, dy := tip.X-last.X, -(tip.Y - last.Y)
		if l := math.Hypot(dx, dy); l > 0 {
			dx, dy = dx/l, dy/l
		}
		sc.Edges = append(sc.Edges, SceneEdge{From: index[it.Parent], To: index[i], Path: b.String(), Class: sceneEdgeClass(it),
			Tip: [2]float64{tip.X, lay.Height - tip.Y}, Dir: [2]float64{dx, dy}})
	}
	return sc, rep, nil
}

// BoxOf returns the box that stands for tree node i: its own box, or the
// group, elided box or fold it went into, or else the box of the nearest
// ancestor drawn; -1 if none.
func (sc *Scene) BoxOf(i int32) int {
	t := sc.tree
	for x := i; x >= 0 && int(x) < t.Len(); x = t.Parent(x) {
		if b, ok := sc.own[x]; ok {
			return b
		}
		// The run that holds x, if any: the last one starting at or
		// before it.
		k := sort.Search(len(sc.aggs), func(k int) bool { return sc.aggs[k].lo > x }) - 1
		if k >= 0 && x < sc.aggs[k].hi {
			return sc.aggs[k].box
		}
	}
	return -1
}

// sceneClass is the class of a box as the diagram of the whole run draws
// it.
func (d *diagram) sceneClass(it *Item) string {
	switch it.Kind {
	case ItemPruned:
		switch {
		case d.leaf:
			return "leaf"
		case d.after:
			return "placed"
		}
		return "pruned"
	case ItemGroup:
		if d.leaf {
			return "leafgroup"
		}
		return "group"
	case ItemElided:
		return "elided"
	case ItemFold:
		return "fold"
	}
	switch it.Status {
	case tracer.NodeSolution:
		return "solution"
	case tracer.NodeWrong:
		return "wrong"
	case tracer.NodeOnPath:
		return "path"
	case tracer.NodeDeadEnd:
		return "dead"
	case tracer.NodeCut:
		return "cut"
	case tracer.NodeOpen:
		return "open"
	}
	return "call"
}

func sceneEdgeClass(c *Item) string {
	switch c.Kind {
	case ItemPruned:
		return "pruned"
	case ItemGroup:
		return "group"
	case ItemElided:
		return "elided"
	}
	switch c.Status {
	case tracer.NodeSolution, tracer.NodeOnPath:
		return "path"
	case tracer.NodeCut:
		return "cut"
	}
	return "edge"
}

// SceneCSS is the style sheet of a Scene drawn as SVG: boxes are <rect>
// elements with the class of their box ("b-" + Class), edges <path>
// elements ("e-" + Class), in the diagrams' colours. A call still running
// at the step shown has class b-running, the innermost one b-active too.
func SceneCSS() string {
	type rule struct{ sel, css string }
	rs := []rule{
		{".b-call", "fill:#fff;stroke:" + dotColorLine},
		{".b-solution", "fill:" + dotColorSolution + ";stroke:" + dotColorLine + ";stroke-width:" + dotPenPath},
		{".b-wrong", "fill:" + dotColorWrong + ";stroke:" + dotColorLine + ";stroke-width:" + dotPenPath},
		{".b-path", "fill:#fff;stroke:" + dotColorLine + ";stroke-width:" + dotPenPath},
		{".b-dead", "fill:" + dotColorDeadFill + ";stroke:" + dotColorDeadLine},
		{".t-dead", "fill:" + dotColorDeadFont},
		{".b-cut", "fill:#fff;stroke:" + dotColorCut + ";stroke-width:1.5;stroke-dasharray:5,2"},
		{".b-open", "fill:" + dotColorOpen + ";stroke:" + dotColorLine},
		{".b-pruned,.b-group,.b-placed", "fill:" + dotColorPrunedBg + ";stroke:" + dotColorPruned},
		{".b-group,.b-placed,.b-leafgroup", "stroke-dasharray:5,2"},
		{".t-pruned,.t-group,.t-placed", "fill:" + dotColorPruned},
		{".b-leaf,.b-leafgroup", "fill:" + dotColorLeafBg + ";stroke:" + dotColorLeaf},
		{".t-leaf,.t-leafgroup", "fill:" + dotColorLeaf},
		{".b-elided", "fill:#fff;stroke:" + dotColorElided + ";stroke-dasharray:5,2"},
		{".t-elided", "fill:" + dotColorElidedTxt},
		{".b-fold", "fill:" + dotColorFold + ";stroke:" + dotColorFoldLine},
		{".b-running", "fill:" + dotColorOpen + ";stroke:" + dotColorLine + ";stroke-width:" + dotPenPath + ";stroke-dasharray:none"},
		{".b-active", "stroke-width:" + dotPenActive},
		{".e-edge", "stroke:" + dotColorEdge},
		{".e-pruned", "stroke:" + dotColorPruned},
		{".e-group", "stroke:" + dotColorPruned + ";stroke-dasharray:5,2"},
		{".e-elided", "stroke:" + dotColorElided + ";stroke-dasharray:5,2"},
		{".e-cut", "stroke:" + dotColorCut + ";stroke-dasharray:5,2"},
		{".e-path", "stroke:" + dotColorPathEdge + ";stroke-width:" + dotPenPath},
	}
	var b strings.Builder
	for _, r := range rs {
		b.WriteString(r.sel + "{" + r.css + "}\n")
	}
	return b.String()
}

// sceneNum writes a coordinate as the DOT does: to a tenth of a point.
func sceneNum(v float64) string { return strconv.FormatFloat(layoutRound(v), 'f', -1, 64) }
