package render

import (
	"math"
	"strconv"
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
	layoutLevelGap   = 36 // between the bottom of one level and the top of the next
)

// treeLayout is where every item of a trimmed tree goes: the centre of its
// box, in points.
type treeLayout struct {
	X, Y          []float64
	Width, Height float64 // the bounding box, from (0,0)
}

// tidy lays out items (in preorder, linked as Trimmed.Items) whose boxes
// are w×h points.
func tidy(items []Item, w, h []float64) treeLayout {
	n := len(items)
	l := &tidier{items: items, w: w}
	f := make([]float64, 4*n)
	l.prelim, l.mod, l.shift, l.change = f[:n:n], f[n:2*n:2*n], f[2*n:3*n:3*n], f[3*n:]
	in := make([]int32, 5*n)
	l.thread, l.ancestor, l.number, l.prev, l.last = in[:n:n], in[n:2*n:2*n], in[2*n:3*n:3*n], in[3*n:4*n:4*n], in[4*n:]
	for v := range items {
		l.thread[v], l.ancestor[v], l.prev[v], l.last[v] = -1, int32(v), -1, -1
	}
	maxDepth, maxH := 0, 0.0
	for v := range items {
		maxDepth = max(maxDepth, items[v].Depth)
		maxH = max(maxH, h[v])
		k, prev := int32(1), int32(-1)
		for c := items[v].First; c >= 0; c = items[c].Next {
			l.number[c], l.prev[c] = k, prev
			k, prev = k+1, c
		}
		l.last[v] = prev
	}
	if n == 0 {
		return treeLayout{}
	}
	l.firstWalk(0)

	// Second walk: a node's x is its prelim plus the mods of its
	// ancestors. Items are in preorder, so parents come first.
	out := treeLayout{X: make([]float64, n), Y: make([]float64, n)}
	acc := l.shift // reuse: the summed mods of the ancestors
	minX, maxX := math.Inf(1), math.Inf(-1)
	for v := range items {
		if p := items[v].Parent; p >= 0 {
			acc[v] = acc[p] + l.mod[p]
		} else {
			acc[v] = 0
		}
		x := l.prelim[v] + acc[v]
		out.X[v] = x
		minX = min(minX, x-w[v]/2)
		maxX = max(maxX, x+w[v]/2)
	}
	step := math.Ceil(maxH) + layoutLevelGap
	for v := range items {
		out.X[v] = layoutRound(out.X[v] - minX)
		out.Y[v] = float64(maxDepth-items[v].Depth)*step + math.Ceil(maxH/2)
	}
	out.Width = layoutRound(maxX - minX)
	out.Height = float64(maxDepth)*step + math.Ceil(maxH)
	return out
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

// Estimating how big Graphviz will draw a label. The estimates must not be
// smaller than what Graphviz draws, or pinned nodes would overlap; they may
// be a little bigger. Text is Helvetica (Liberation Sans and the Graphviz
// estimator share its metrics); symbols and Chinese count as a full em.
// Graphviz with Pango draws text up to about 15% and a few points wider than
// the font's metrics say (hinting), so the estimate adds that much.

// layoutHelvetica holds the widths of ASCII 32..126 in Helvetica, in 1/1000 em.
var layoutHelvetica = [95]uint16{
	278, 278, 355, 556, 556, 889, 667, 191, 333, 333, 389, 584, 278, 333, 278, 278, // ' '../
	556, 556, 556, 556, 556, 556, 556, 556, 556, 556, // 0-9
	278, 278, 584, 584, 584, 556, 1015, // :;<=>?@
	667, 667, 722, 722, 667, 611, 778, 722, 278, 500, 667, 556, 833, // A-M
	722, 778, 667, 778, 722, 667, 611, 722, 667, 944, 667, 667, 611, // N-Z
	278, 278, 278, 469, 556, 333, // [\]^_`
	556, 556, 500, 556, 556, 278, 556, 556, 222, 222, 500, 222, 833, // a-m
	556, 556, 556, 556, 333, 500, 278, 556, 500, 722, 500, 500, 500, // n-z
	334, 260, 334, 584, // {|}~
}

// layoutTextWidth estimates the width of one line of text in points.
func layoutTextWidth(s string, size float64, bold bool) float64 {
	em := 0.0
	for _, r := range s {
		switch {
		case r >= 32 && r < 127:
			em += float64(layoutHelvetica[r-32]) / 1000
		case r >= 0x2E80: // CJK and wider
			em += 1.05
		default: // symbols: ✗ ↗ ↖ … ♛ ×
			em += 1.0
		}
	}
	if bold {
		em *= 1.1
	}
	return math.Ceil(em*size*1.15 + 4)
}
