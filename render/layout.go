package render

import (
	"math"
	"strconv"

	"github.com/backtrack-edu/backtrack/render/internal/fontmetrics"
)

// A tidy tree layout for a trimmed search tree, so that Graphviz only has to
// route and draw (its own dot layout takes minutes on tens of thousands of
// nodes). This is the Reingold–Tilford layout in the linear-time form of
// Buchheim, Jünger and Leipert ("Improving Walker's algorithm to run in
// linear time", 2002), with node widths: children stay in the order they
// were tried, each parent is centred over its first and last child, and
// neighbouring subtrees are pushed apart until no two nodes of one level
// come closer than a gap. All sizes are in points; y grows upward, as in
// Graphviz, so the root is on top.

// Gaps between nodes, in points.
const (
	layoutSiblingGap = 8  // between two children of one node
	layoutCousinGap  = 16 // between neighbours with different parents
	layoutLevelGap   = 24 // between one level's band and the next: where the edges bend
	layoutArrow      = 5  // the length of an arrowhead (arrowsize 0.5)
)

// Direction is where a tidy layout grows from the root.
type Direction uint8

// The directions.
const (
	TopDown   Direction = iota // levels are rows, the root on top
	LeftRight                  // levels are columns, the root on the left
)

func (d Direction) String() string {
	if d == LeftRight {
		return "left-right"
	}
	return "top-down"
}

// treeLayout is where every item of a trimmed tree goes: the centre of its
// box, in points (y grows upward, as in Graphviz).
type treeLayout struct {
	X, Y          []float64
	Width, Height float64 // the bounding box, from (0,0)
	Dir           Direction
	// Every level is a band across the picture that holds its boxes,
	// centred: Lo and Hi are its edges on the depth axis (y for TopDown,
	// Lo the bottom; x for LeftRight, Lo the left). Between two bands is a
	// gap with no box in it, where the edges bend.
	Lo, Hi []float64
	Depth  []int // each item's level
	// A top-down layout may wrap: its levels go into panels side by side,
	// each starting at the top (below a gap for the edges that come into
	// it). Panel[d] is level d's panel; PanelLo[j] and PanelHi[j] are
	// panel j's left and right edges. A panel starts at a level where only
	// one box of the level above has children, so the edges from one panel
	// to the next all leave one box.
	Panel            []int
	PanelLo, PanelHi []float64
}

// layoutPanelGap is the room between two panels of a wrapped layout.
const layoutPanelGap = 32

// tidy lays out items (in preorder, linked as Trimmed.Items) whose boxes
// are w×h points, growing in direction dir. Each level takes the room its
// biggest box needs along the depth axis. A top-down layout with panels > 1
// wraps its levels into up to that many panels side by side.
func tidy(items []Item, w, h []float64, dir Direction, panels int) treeLayout {
	lay := tidy1(items, w, h, dir)
	if dir == TopDown && panels > 1 && len(items) > 1 {
		lay.wrap(items, w, h, panels)
	}
	return lay
}

// wrap cuts a top-down layout into up to k panels side by side.
func (lay *treeLayout) wrap(items []Item, w, h []float64, k int) {
	levels := len(lay.Lo)
	// A level can start a panel if only one box of the level above has
	// children.
	parents := make([]int, levels)
	for i := range items {
		if items[i].First >= 0 {
			parents[items[i].Depth]++
		}
	}
	top := lay.Hi[0]
	var cuts []int
	for j := 1; j < k; j++ {
		want := top - top*float64(j)/float64(k) // the ideal top of panel j
		best := -1
		prev := 0
		if len(cuts) > 0 {
			prev = cuts[len(cuts)-1]
		}
		// Every panel holds two levels at least: a panel of one level
		// would be the root alone at the far left (or one row), its
		// edges looping over the whole slide to the next panel.
		for d := prev + 2; d < levels; d++ {
			if parents[d-1] == 1 && (best < 0 || math.Abs(lay.Hi[d]-want) < math.Abs(lay.Hi[best]-want)) {
				best = d
			}
		}
		if best < 0 {
			break
		}
		cuts = append(cuts, best)
	}
	if len(cuts) == 0 {
		return
	}
	lay.Panel = make([]int, levels)
	for d, j := 0, 0; d < levels; d++ {
		if j < len(cuts) && d == cuts[j] {
			j++
		}
		lay.Panel[d] = j
	}
	np := len(cuts) + 1
	lo, hi := make([]float64, np), make([]float64, np)
	for j := range lo {
		lo[j], hi[j] = math.Inf(1), math.Inf(-1)
	}
	for i := range items {
		j := lay.Panel[items[i].Depth]
		lo[j] = min(lo[j], lay.X[i]-w[i]/2)
		hi[j] = max(hi[j], lay.X[i]+w[i]/2)
	}
	// Shift each panel right of the one before, and up to the top, less
	// a gap for the edges that come in.
	dx, dy := make([]float64, np), make([]float64, np)
	right := 0.0
	lay.PanelLo, lay.PanelHi = make([]float64, np), make([]float64, np)
	for j := range np {
		dx[j] = right - lo[j]
		if j > 0 {
			dx[j] += layoutPanelGap
			first := cuts[j-1]
			dy[j] = top - lay.Hi[first] - layoutLevelGap
		}
		lay.PanelLo[j], lay.PanelHi[j] = lo[j]+dx[j], hi[j]+dx[j]
		right = lay.PanelHi[j]
	}
	bottom := math.Inf(1)
	for d := range levels {
		j := lay.Panel[d]
		lay.Lo[d] += dy[j]
		lay.Hi[d] += dy[j]
		bottom = min(bottom, lay.Lo[d])
		if d+1 < levels && lay.Panel[d+1] != j {
			// Room below a panel for the edges that leave it (see route).
			bottom = min(bottom, lay.Lo[d]-layoutLevelGap/2)
		}
	}
	for i := range items {
		j := lay.Panel[items[i].Depth]
		lay.X[i] = layoutRound(lay.X[i] + dx[j])
		lay.Y[i] = layoutRound(lay.Y[i] + dy[j])
	}
	// Move all up from y = bottom to 0.
	for d := range levels {
		lay.Lo[d] -= bottom
		lay.Hi[d] -= bottom
	}
	for i := range items {
		lay.Y[i] = layoutRound(lay.Y[i] - bottom)
	}
	lay.Width, lay.Height = layoutRound(right), top-bottom
}

// tidy1 is tidy without panels.
func tidy1(items []Item, w, h []float64, dir Direction) treeLayout {
	n := len(items)
	if n == 0 {
		return treeLayout{Dir: dir}
	}
	breadth, along := w, h // the sizes across the levels and along the depth axis
	if dir == LeftRight {
		breadth, along = h, w
	}
	l := &tidier{items: items, w: breadth}
	f := make([]float64, 4*n)
	l.prelim, l.mod, l.shift, l.change = f[:n:n], f[n:2*n:2*n], f[2*n:3*n:3*n], f[3*n:]
	in := make([]int32, 5*n)
	l.thread, l.ancestor, l.number, l.prev, l.last = in[:n:n], in[n:2*n:2*n], in[2*n:3*n:3*n], in[3*n:4*n:4*n], in[4*n:]
	for v := range items {
		l.thread[v], l.ancestor[v], l.prev[v], l.last[v] = -1, int32(v), -1, -1
	}
	maxDepth := 0
	for v := range items {
		maxDepth = max(maxDepth, items[v].Depth)
		k, prev := int32(1), int32(-1)
		for c := items[v].First; c >= 0; c = items[c].Next {
			l.number[c], l.prev[c] = k, prev
			k, prev = k+1, c
		}
		l.last[v] = prev
	}
	l.firstWalk(0)

	// Second walk: a node's place across is its prelim plus the mods of
	// its ancestors. Items are in preorder, so parents come first.
	out := treeLayout{X: make([]float64, n), Y: make([]float64, n), Dir: dir, Depth: make([]int, n)}
	across := make([]float64, n)
	acc := l.shift // reuse: the summed mods of the ancestors
	minX, maxX := math.Inf(1), math.Inf(-1)
	for v := range items {
		if p := items[v].Parent; p >= 0 {
			acc[v] = acc[p] + l.mod[p]
		} else {
			acc[v] = 0
		}
		x := l.prelim[v] + acc[v]
		across[v] = x
		minX = min(minX, x-breadth[v]/2)
		maxX = max(maxX, x+breadth[v]/2)
	}
	// The bands: each level as deep as its biggest box.
	ext := make([]float64, maxDepth+1)
	for v := range items {
		out.Depth[v] = items[v].Depth
		ext[items[v].Depth] = max(ext[items[v].Depth], math.Ceil(along[v]))
	}
	start := make([]float64, maxDepth+1)
	for d := 1; d <= maxDepth; d++ {
		start[d] = start[d-1] + ext[d-1] + layoutLevelGap
	}
	total := start[maxDepth] + ext[maxDepth]
	out.Lo, out.Hi = make([]float64, maxDepth+1), make([]float64, maxDepth+1)
	for d := range ext {
		if dir == LeftRight {
			out.Lo[d], out.Hi[d] = start[d], start[d]+ext[d]
		} else { // y grows upward: level 0 on top
			out.Lo[d], out.Hi[d] = total-start[d]-ext[d], total-start[d]
		}
	}
	span := layoutRound(maxX - minX)
	for v := range items {
		a := layoutRound(across[v] - minX)
		c := layoutRound(start[items[v].Depth] + ext[items[v].Depth]/2)
		if dir == LeftRight {
			out.X[v], out.Y[v] = c, layoutRound(span-a) // the first child on top
		} else {
			out.X[v], out.Y[v] = a, layoutRound(total-c)
		}
	}
	out.Width, out.Height = span, total
	if dir == LeftRight {
		out.Width, out.Height = total, span
	}
	return out
}

// layoutPoint is a point of an edge's route, in points.
type layoutPoint struct{ X, Y float64 }

// route is the way the edge from item p to item c goes, as the points of a
// piecewise cubic Bézier (1+3k points) that ends where the arrowhead
// starts, and the tip of the arrowhead. It leaves p's box on the side that
// faces the next level, runs straight to the edge of p's band, crosses the
// gap between the bands in one S-shaped curve, and runs straight into c's
// box from the side that faces p. A band holds only its level's boxes,
// side by side, so the straight parts touch no box but p and c; the curve
// stays inside its control points' hull, the gap, where there is no box.
//
// Edges out of one box share their first stretch (and, into the next
// panel, the whole way round): only the trunk draws it, the others start
// where they leave it, so that no edge runs over another and a solution's
// path stays one unbroken bold line (see trunkOf).
func (lay *treeLayout) route(p, c int, w, h []float64, trunk int) (pts []layoutPoint, tip layoutPoint) {
	dp, dc := lay.Depth[p], lay.Depth[c]
	line := func(a, b layoutPoint) {
		if a != b {
			pts = append(pts, a, b, b)
		}
	}
	if lay.Dir == LeftRight {
		s := layoutPoint{lay.X[p] + w[p]/2, lay.Y[p]}
		a := layoutPoint{lay.Hi[dp], lay.Y[p]}
		tip = layoutPoint{lay.X[c] - w[c]/2, lay.Y[c]}
		end := layoutPoint{tip.X - layoutArrow, tip.Y}
		b := layoutPoint{min(lay.Lo[dc], end.X), tip.Y}
		mid := (a.X + b.X) / 2
		if c != trunk {
			s = a
		}
		pts = append(pts, s)
		line(s, a)
		pts = append(pts, layoutPoint{mid, a.Y}, layoutPoint{mid, b.Y}, b)
		line(b, end)
		return pts, tip
	}
	s := layoutPoint{lay.X[p], lay.Y[p] - h[p]/2}
	a := layoutPoint{lay.X[p], lay.Lo[dp]}
	tip = layoutPoint{lay.X[c], lay.Y[c] + h[c]/2}
	if lay.Panel != nil && lay.Panel[dp] != lay.Panel[dc] {
		// Into the next panel: down below p's band (the last of its
		// panel), right to the gap between the panels, up it to above
		// the next panel's first band, right over c, and down into c.
		j := lay.Panel[dp]
		below := lay.Lo[dp] - layoutLevelGap/2
		gx := lay.PanelHi[j] + layoutPanelGap/2
		above := lay.Hi[dc] + layoutLevelGap/2
		end := layoutPoint{tip.X, tip.Y + layoutArrow}
		if c != trunk {
			// From the trunk's way round, where it passes nearest.
			x0 := max(gx, min(tip.X, lay.X[trunk]))
			pts = append(pts, layoutPoint{x0, above})
			line(layoutPoint{x0, above}, layoutPoint{tip.X, above})
			line(layoutPoint{tip.X, above}, end)
			return pts, tip
		}
		pts = append(pts, s)
		line(s, layoutPoint{s.X, below})
		line(layoutPoint{s.X, below}, layoutPoint{gx, below})
		line(layoutPoint{gx, below}, layoutPoint{gx, above})
		line(layoutPoint{gx, above}, layoutPoint{tip.X, above})
		line(layoutPoint{tip.X, above}, end)
		return pts, tip
	}
	end := layoutPoint{tip.X, tip.Y + layoutArrow}
	b := layoutPoint{tip.X, max(lay.Hi[dc], end.Y)}
	mid := (a.Y + b.Y) / 2
	if c != trunk {
		s = a
	}
	pts = append(pts, s)
	line(s, a)
	pts = append(pts, layoutPoint{a.X, mid}, layoutPoint{b.X, mid}, b)
	line(b, end)
	return pts, tip
}

// trunkOf returns the child of item c's parent whose edge is the trunk:
// the one on a solution's path shown, or, where none is, the first.
func trunkOf(items []Item, c int) int {
	p := items[c].Parent
	if p < 0 {
		return c
	}
	for k := items[p].First; k >= 0; k = items[k].Next {
		if it := &items[k]; it.SolutionPath && (it.Kind == ItemCall || it.Kind == ItemFold) && !it.Hidden {
			return int(k)
		}
	}
	return int(items[p].First)
}

// layoutSpline writes a route as a DOT edge position: "e,x,y x0,y0 x1,y1 …".
func layoutSpline(b []byte, pts []layoutPoint, tip layoutPoint) []byte {
	b = append(b, "e,"...)
	b = strconv.AppendFloat(b, layoutRound(tip.X), 'f', 1, 64)
	b = append(b, ',')
	b = strconv.AppendFloat(b, layoutRound(tip.Y), 'f', 1, 64)
	for _, p := range pts {
		b = append(b, ' ')
		b = strconv.AppendFloat(b, layoutRound(p.X), 'f', 1, 64)
		b = append(b, ',')
		b = strconv.AppendFloat(b, layoutRound(p.Y), 'f', 1, 64)
	}
	return b
}

// layoutRound rounds to a tenth of a point, the precision written into the DOT,
// and never gives -0.
func layoutRound(x float64) float64 {
	r := math.Round(x*10) / 10
	if r == 0 {
		return 0
	}
	return r
}

// layoutPos writes a pinned position: "x,y!".
func layoutPos(b []byte, x, y float64) []byte {
	b = strconv.AppendFloat(b, x, 'f', 1, 64)
	b = append(b, ',')
	b = strconv.AppendFloat(b, y, 'f', 1, 64)
	return append(b, '!')
}

// tidier holds the state of Buchheim's algorithm, one slot per item.
type tidier struct {
	items                      []Item
	w                          []float64
	prelim, mod, shift, change []float64
	thread, ancestor           []int32
	number, prev, last         []int32
}

// dist is how far apart the centres of two neighbours on one level must be.
func (l *tidier) dist(a, b int32) float64 {
	gap := float64(layoutCousinGap)
	if l.items[a].Parent == l.items[b].Parent {
		gap = layoutSiblingGap
	}
	return (l.w[a]+l.w[b])/2 + gap
}

func (l *tidier) nextLeft(v int32) int32 {
	if c := l.items[v].First; c >= 0 {
		return c
	}
	return l.thread[v]
}

func (l *tidier) nextRight(v int32) int32 {
	if c := l.last[v]; c >= 0 {
		return c
	}
	return l.thread[v]
}

// firstWalk places v's subtree relative to v, bottom up.
func (l *tidier) firstWalk(v int32) {
	first := l.items[v].First
	if first < 0 {
		if p := l.prev[v]; p >= 0 {
			l.prelim[v] = l.prelim[p] + l.dist(p, v)
		}
		return
	}
	def := first
	for c := first; c >= 0; c = l.items[c].Next {
		l.firstWalk(c)
		def = l.apportion(c, def)
	}
	l.executeShifts(v)
	mid := (l.prelim[first] + l.prelim[l.last[v]]) / 2
	if p := l.prev[v]; p >= 0 {
		l.prelim[v] = l.prelim[p] + l.dist(p, v)
		l.mod[v] = l.prelim[v] - mid
	} else {
		l.prelim[v] = mid
	}
}

// apportion pushes v's subtree right until it clears the subtrees of its
// left siblings, spreading the push over the siblings in between.
func (l *tidier) apportion(v, def int32) int32 {
	w := l.prev[v]
	if w < 0 {
		return def
	}
	vir, vor := v, v                                // inside and outside right contour
	vil, vol := w, l.items[l.items[v].Parent].First // inside and outside left contour
	sir, sor := l.mod[vir], l.mod[vor]
	sil, sol := l.mod[vil], l.mod[vol]
	for l.nextRight(vil) >= 0 && l.nextLeft(vir) >= 0 {
		vil, vir = l.nextRight(vil), l.nextLeft(vir)
		vol, vor = l.nextLeft(vol), l.nextRight(vor)
		l.ancestor[vor] = v
		if shift := (l.prelim[vil] + sil) - (l.prelim[vir] + sir) + l.dist(vil, vir); shift > 0 {
			l.moveSubtree(l.ancestorOf(vil, v, def), v, shift)
			sir += shift
			sor += shift
		}
		sil += l.mod[vil]
		sir += l.mod[vir]
		sol += l.mod[vol]
		sor += l.mod[vor]
	}
	if l.nextRight(vil) >= 0 && l.nextRight(vor) < 0 {
		l.thread[vor] = l.nextRight(vil)
		l.mod[vor] += sil - sor
		return def
	}
	if l.nextLeft(vir) >= 0 && l.nextLeft(vol) < 0 {
		l.thread[vol] = l.nextLeft(vir)
		l.mod[vol] += sir - sol
	}
	return v
}

// ancestorOf returns the sibling of v whose subtree holds vil.
func (l *tidier) ancestorOf(vil, v, def int32) int32 {
	if a := l.ancestor[vil]; l.items[a].Parent == l.items[v].Parent {
		return a
	}
	return def
}

func (l *tidier) moveSubtree(wl, wr int32, shift float64) {
	subtrees := float64(l.number[wr] - l.number[wl])
	l.change[wr] -= shift / subtrees
	l.shift[wr] += shift
	l.change[wl] += shift / subtrees
	l.prelim[wr] += shift
	l.mod[wr] += shift
}

// executeShifts applies the pushes recorded by moveSubtree to v's children.
func (l *tidier) executeShifts(v int32) {
	shift, change := 0.0, 0.0
	for c := l.last[v]; c >= 0; c = l.prev[c] {
		l.prelim[c] += shift
		l.mod[c] += shift
		change += l.change[c]
		shift += l.shift[c] + change
	}
}

// Estimating how big Graphviz will draw a label. Graphviz measures text
// with fontmetrics.Width (render/graphviz installs it as Graphviz's text
// layout), so the estimate is that same width: the Go fonts' advances, CJK
// and the symbols the Go fonts lack at 1 em, and a small margin.

// textMeasure gives the width of one line of text as the output will
// draw it: what a diagram's boxes, legend and fit are sized by.
type textMeasure interface {
	TextWidth(s string, size float64, bold bool) float64
}

// planMeasure measures the text of the diagrams planned: Graphviz's
// widths, for the pictures are drawn by Graphviz. The tests swap in
// another to check that the sizes come from it.
var planMeasure textMeasure = graphvizText{}

// graphvizText measures text as Graphviz draws it (layoutTextWidth).
type graphvizText struct{}

// TextWidth returns layoutTextWidth(s, size, bold).
func (graphvizText) TextWidth(s string, size float64, bold bool) float64 {
	return layoutTextWidth(s, size, bold)
}

// layoutTextWidth returns the width of one line of text in points, as
// Graphviz will measure it.
func layoutTextWidth(s string, size float64, bold bool) float64 {
	return fontmetrics.Width(s, size, bold)
}
