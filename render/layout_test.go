package render

import (
	"bytes"
	"context"
	"fmt"
	"math"
	"math/rand/v2"
	"reflect"
	"sort"
	"strconv"
	"strings"
	"testing"

	"github.com/backtrack-edu/backtrack/render/graphviz"
	"github.com/backtrack-edu/backtrack/tracer"
	"github.com/backtrack-edu/backtrack/tracer/problems/sudoku"
)

// layoutCheck checks a tidy layout: on every level the boxes keep the
// children's order across (so subtrees never interleave) and never come
// closer than the sibling gap; every parent is centred over its first and
// last child (in its panel); every level is a band that holds its boxes,
// and the bands of a panel follow each other with the level gap between
// them; no two boxes overlap.
func layoutCheck(t *testing.T, name string, items []Item, w, h []float64, lay treeLayout) {
	t.Helper()
	const eps = 0.11 // positions are rounded to 0.1 pt
	lr := lay.Dir == LeftRight
	across := func(i int) (float64, float64) { // centre and size across the levels
		if lr {
			return lay.Height - lay.Y[i], h[i]
		}
		return lay.X[i], w[i]
	}
	along := func(i int) (float64, float64) { // centre and size along the depth axis
		if lr {
			return lay.X[i], w[i]
		}
		return lay.Y[i], h[i]
	}
	panel := func(d int) int {
		if lay.Panel == nil {
			return 0
		}
		return lay.Panel[d]
	}
	levels := map[int][]int{}
	for i := range items {
		levels[items[i].Depth] = append(levels[items[i].Depth], i)
		if lay.X[i]-w[i]/2 < -eps || lay.X[i]+w[i]/2 > lay.Width+eps || lay.Y[i]-h[i]/2 < -eps || lay.Y[i]+h[i]/2 > lay.Height+eps {
			t.Fatalf("%s: item %d at %.1f,%.1f (%.1f×%.1f) is outside %.1f×%.1f", name, i, lay.X[i], lay.Y[i], w[i], h[i], lay.Width, lay.Height)
		}
		c, s := along(i)
		d := items[i].Depth
		if c-s/2 < lay.Lo[d]-eps || c+s/2 > lay.Hi[d]+eps {
			t.Fatalf("%s: item %d (%.1f..%.1f) is outside its band %.1f..%.1f", name, i, c-s/2, c+s/2, lay.Lo[d], lay.Hi[d])
		}
	}
	for d, ids := range levels {
		// Items are in preorder: on one level, preorder is left to right
		// (top to bottom).
		for k := 1; k < len(ids); k++ {
			a, b := ids[k-1], ids[k]
			ca, sa := across(a)
			cb, sb := across(b)
			if need := (sa+sb)/2 + layoutSiblingGap; cb-ca < need-eps {
				t.Fatalf("%s: level %d: items %d and %d are %.1f apart, they need %.1f", name, d, a, b, cb-ca, need)
			}
		}
		c, _ := along(ids[0])
		for _, i := range ids {
			if ci, _ := along(i); ci != c {
				t.Fatalf("%s: level %d has centres %.1f and %.1f", name, d, c, ci)
			}
		}
		if next, ok := levels[d+1]; ok && len(next) > 0 && panel(d) == panel(d+1) {
			gap := lay.Lo[d] - lay.Hi[d+1]
			if lr {
				gap = lay.Lo[d+1] - lay.Hi[d]
			}
			if gap < layoutLevelGap-eps {
				t.Fatalf("%s: levels %d and %d are %.1f apart, want %d", name, d, d+1, gap, layoutLevelGap)
			}
		}
	}
	for i := range items {
		f := items[i].First
		if f < 0 || panel(items[f].Depth) != panel(items[i].Depth) {
			continue
		}
		l := f
		for c := f; c >= 0; c = items[c].Next {
			l = c
		}
		cf, _ := across(int(f))
		cl, _ := across(int(l))
		ci, _ := across(i)
		if mid := (cf + cl) / 2; math.Abs(ci-mid) > eps {
			t.Fatalf("%s: item %d at %.1f, its children span %.1f..%.1f (centre %.1f)", name, i, ci, cf, cl, mid)
		}
	}
	if len(items) <= 2000 {
		for i := range items {
			for j := i + 1; j < len(items); j++ {
				if layoutOverlap(lay, w, h, i, j, -eps) {
					t.Fatalf("%s: items %d and %d overlap", name, i, j)
				}
			}
		}
	}
}

// layoutOverlap reports whether the boxes of items i and j overlap by
// more than slack.
func layoutOverlap(lay treeLayout, w, h []float64, i, j int, slack float64) bool {
	return math.Abs(lay.X[i]-lay.X[j]) < (w[i]+w[j])/2+slack && math.Abs(lay.Y[i]-lay.Y[j]) < (h[i]+h[j])/2+slack
}

// diagramFor trims and labels a tree as WriteDOT does.
func diagramFor(t testing.TB, r dotRun, opt DiagramOptions) *diagram {
	t.Helper()
	tr, _, err := Trim(r.tree, opt)
	if err != nil {
		t.Fatal(err)
	}
	d, err := newDiagram(tr, r.leg, opt)
	if err != nil {
		t.Fatal(err)
	}
	d.labelAll()
	return d
}

// layoutKinds are the layouts tidy makes: top-down, left-right, and
// top-down in panels.
var layoutKinds = []struct {
	dir    Direction
	panels int
}{{TopDown, 1}, {LeftRight, 1}, {TopDown, 2}, {TopDown, 4}}

func TestTidyLayout(t *testing.T) {
	dotQ4, q6, dotQ8 := dotQueens(t, 4), dotQueens(t, 6), dotQueens(t, 8)
	dotS4 := dotSudoku(t, ".4......3.4...2.", sudoku.OrderScan2D)
	s9 := dotSudoku(t, sudoku.LeetCode37, sudoku.OrderLinear)
	for _, c := range []struct {
		name string
		r    dotRun
		opt  DiagramOptions
	}{
		{"queens4", dotQ4, DiagramOptions{}},
		{"queens4 boards", dotQ4, DiagramOptions{Boards: true}},
		{"queens6", q6, DiagramOptions{}},
		{"queens8 default", dotQ8, DiagramOptions{MaxNodes: DefaultMaxNodes}},
		{"queens8 focus", dotQ8, DiagramOptions{MaxNodes: DefaultMaxNodes, Focus: []string{"r0=c1"}, Depth: 3}},
		{"queens8 all", dotQ8, DiagramOptions{}},
		{"sudoku4 boards", dotS4, DiagramOptions{Boards: true}},
		{"sudoku9 boards", s9, DiagramOptions{MaxNodes: 300, Boards: true}},
	} {
		d := diagramFor(t, c.r, c.opt)
		for _, l := range layoutKinds {
			name := fmt.Sprintf("%s %s×%d", c.name, l.dir, l.panels)
			lay := tidy(d.tr.Items, d.w, d.h, l.dir, l.panels)
			layoutCheck(t, name, d.tr.Items, d.w, d.h, lay)
			again := tidy(d.tr.Items, d.w, d.h, l.dir, l.panels)
			if !reflect.DeepEqual(lay, again) {
				t.Errorf("%s: two layouts differ", name)
			}
		}
	}
}

// TestTidyRandom lays out random trees with random widths.
func TestTidyRandom(t *testing.T) {
	rng := rand.New(rand.NewPCG(1, 2))
	for k := 0; k < 300; k++ {
		items, w, h := randomTree(rng, 1+rng.IntN(200))
		for _, l := range layoutKinds {
			layoutCheck(t, fmt.Sprintf("random tree %d (%d items) %s×%d", k, len(items), l.dir, l.panels), items, w, h, tidy(items, w, h, l.dir, l.panels))
		}
	}
}

// TestTidyShapes lays out extreme shapes of 100k items: a path, a star
// and a comb (a spine with a leaf on each node). A quadratic layout would
// take minutes on them.
func TestTidyShapes(t *testing.T) {
	const n = 100_000
	shapes := map[string]func(i int) int32{
		"path": func(i int) int32 { return int32(i - 1) },
		"star": func(i int) int32 { return 0 },
		"comb": func(i int) int32 { // a spine with a leaf on each node
			if i%2 == 1 {
				return int32(max(i-2, 0))
			}
			return int32(i - 1)
		},
	}
	for _, name := range []string{"path", "star", "comb"} {
		parent := shapes[name]
		items := make([]Item, n)
		last := make([]int32, n)
		w := make([]float64, n)
		h := make([]float64, n)
		for i := range items {
			p := int32(-1)
			if i > 0 {
				p = parent(i)
			}
			items[i] = Item{Parent: p, First: -1, Next: -1}
			last[i] = -1
			w[i], h[i] = 30, 20
			if p >= 0 {
				items[i].Depth = items[p].Depth + 1
				if l := last[p]; l < 0 {
					items[p].First = int32(i)
				} else {
					items[l].Next = int32(i)
				}
				last[p] = int32(i)
			}
		}
		for _, l := range layoutKinds {
			layoutCheck(t, fmt.Sprintf("%s %s×%d", name, l.dir, l.panels), items, w, h, tidy(items, w, h, l.dir, l.panels))
		}
	}
}

// TestEstimatesCoverGraphviz compares the estimated node sizes with what
// Graphviz makes of the labels: an estimate may be a little bigger, never
// smaller, or pinned nodes would overlap. Graphviz is the program's own
// (render/graphviz), which measures text with fontmetrics, as the
// estimates do, so no installed font matters.
func TestEstimatesCoverGraphviz(t *testing.T) {
	dotQ4 := dotQueens(t, 4)
	dotS4 := dotSudoku(t, ".4......3.4...2.", sudoku.OrderScan2D)
	s9 := dotSudoku(t, sudoku.LeetCode37, sudoku.OrderLinear)
	zh := dotQ4
	zh.leg.Lang = tracer.LangZH
	for _, c := range []struct {
		name string
		r    dotRun
		opt  DiagramOptions
	}{
		{"queens4", dotQ4, DiagramOptions{}},
		{"queens4_zh", zh, DiagramOptions{}},
		{"queens4 boards", dotQ4, DiagramOptions{Boards: true}},
		{"queens8", dotQueens(t, 8), DiagramOptions{MaxNodes: DefaultMaxNodes}},
		{"sudoku4 boards", dotS4, DiagramOptions{Boards: true}},
		{"sudoku9 boards", s9, DiagramOptions{MaxNodes: DefaultMaxNodes, Boards: true}},
	} {
		t.Run(c.name, func(t *testing.T) {
			estimatesCoverGraphviz(t, c.name, c.r, c.opt)
		})
	}
}

// estimatesCoverGraphviz lays out one diagram with Graphviz's dot, in
// Graphviz's plain output, and checks that no node is bigger than its
// estimate.
func estimatesCoverGraphviz(t *testing.T, name string, r dotRun, opt DiagramOptions) {
	t.Helper()
	d := diagramFor(t, r, opt)
	var b bytes.Buffer
	if _, err := WriteDOT(&b, r.tree, r.leg, opt); err != nil {
		t.Fatal(err)
	}
	out, err := graphviz.Draw(context.Background(), b.Bytes(), graphviz.LayoutDot, graphviz.Plain)
	if err != nil {
		t.Fatalf("%s: %v", name, err)
	}
	size := map[string][2]float64{}
	for _, l := range strings.Split(string(out), "\n") {
		f := strings.Fields(l)
		if len(f) > 5 && f[0] == "node" {
			w, _ := strconv.ParseFloat(f[4], 64)
			h, _ := strconv.ParseFloat(f[5], 64)
			size[f[1]] = [2]float64{w * 72, h * 72}
		}
	}
	var over []float64
	for i := range d.tr.Items {
		id := string(d.id(nil, int32(i)))
		s, ok := size[id]
		if !ok {
			t.Fatalf("%s: dot did not lay out node %s", name, id)
		}
		// Graphviz writes inches with 2 decimals in plain: allow that.
		if s[0] > d.w[i]+0.8 || s[1] > d.h[i]+0.8 {
			t.Errorf("%s: node %s is %.1f×%.1f pt in Graphviz, estimated %.1f×%.1f", name, id, s[0], s[1], d.w[i], d.h[i])
		}
		over = append(over, d.w[i]-s[0])
	}
	sort.Float64s(over)
	t.Logf("%s: estimates exceed Graphviz's widths by %.1f pt at the median, %.1f at most", name, over[len(over)/2], over[len(over)-1])
}

func TestTextWidth(t *testing.T) {
	if a, b := layoutTextWidth("r0=c1", 10, false), layoutTextWidth("r0=c1", 10, true); a <= 0 || b <= a {
		t.Errorf("widths %v, %v", a, b)
	}
	if a, b := layoutTextWidth("iiii", 10, false), layoutTextWidth("MMMM", 10, false); a >= b {
		t.Errorf("iiii %v, MMMM %v", a, b)
	}
	if a, b := layoutTextWidth("同列", 10, false), layoutTextWidth("ab", 10, false); a <= b {
		t.Errorf("同列 %v, ab %v", a, b)
	}
}

// TestEdgesMissBoxes routes every edge of many trees, random ones and
// diagrams of real searches, in every kind of layout, and checks that no
// edge passes through a box other than its two ends', that it leaves its
// parent's box on its edge and ends with the arrow's tip on its child's.
func TestEdgesMissBoxes(t *testing.T) {
	// Pure layout and routing: it runs beside the other tests.
	t.Parallel()
	rng := rand.New(rand.NewPCG(3, 4))
	check := func(name string, items []Item, w, h []float64) {
		t.Helper()
		for _, l := range layoutKinds {
			lay := tidy(items, w, h, l.dir, l.panels)
			edgesMissBoxes(t, fmt.Sprintf("%s %s×%d", name, l.dir, l.panels), items, w, h, lay)
		}
	}
	for k := 0; k < 200; k++ {
		items, w, h := randomTree(rng, 1+rng.IntN(120))
		check(fmt.Sprintf("random tree %d (%d items)", k, len(items)), items, w, h)
	}
	q8 := dotQueens(t, 8)
	s9 := dotSudoku(t, sudoku.LeetCode37, sudoku.OrderScan2D)
	for _, c := range []struct {
		name string
		r    dotRun
		opt  DiagramOptions
	}{
		{"queens4", dotQueens(t, 4), DiagramOptions{}},
		{"queens4 boards", dotQueens(t, 4), DiagramOptions{Boards: true}},
		{"queens8", q8, DiagramOptions{MaxNodes: DefaultMaxNodes}},
		{"queens8 3 solutions", q8, DiagramOptions{MaxNodes: 40, Solutions: 3}},
		{"sudoku9 folded", s9, DiagramOptions{MaxNodes: 30, Fold: 2}},
		{"sudoku9 boards", s9, DiagramOptions{MaxNodes: 60, Boards: true, Fold: 3, FoldPaths: true}},
	} {
		d := diagramFor(t, c.r, c.opt)
		check(c.name, d.tr.Items, d.w, d.h)
	}
	// The check finds what the straight edges of the old layout did: the
	// root of 4-queens to a far child through its siblings' boxes.
	d := diagramFor(t, dotQueens(t, 4), DiagramOptions{})
	lay := tidy(d.tr.Items, d.w, d.h, TopDown, 1)
	crossed := 0
	for c := 1; c < len(d.tr.Items); c++ {
		p := int(d.tr.Items[c].Parent)
		for j := range d.tr.Items {
			a, b := layoutPoint{lay.X[p], lay.Y[p]}, layoutPoint{lay.X[c], lay.Y[c]}
			if j != p && j != c && segmentHitsBox(a, b, lay.X[j], lay.Y[j], d.w[j]/2, d.h[j]/2) {
				crossed++
			}
		}
	}
	if crossed == 0 {
		t.Errorf("straight edges of the whole 4-queens tree cross no box: the check would not see a crossing")
	}
}

// randomTree makes a random tree of up to n items in preorder, with
// random box sizes.
func randomTree(rng *rand.Rand, n int) ([]Item, []float64, []float64) {
	items := make([]Item, 0, n)
	last := []int32{}
	var grow func(parent int32, depth int)
	grow = func(parent int32, depth int) {
		i := int32(len(items))
		items = append(items, Item{Parent: parent, First: -1, Next: -1, Depth: depth})
		last = append(last, -1)
		if parent >= 0 {
			if l := last[parent]; l < 0 {
				items[parent].First = i
			} else {
				items[l].Next = i
			}
			last[parent] = i
		}
		kids := 0
		switch r := rng.IntN(10); {
		case r < 4:
		case r < 8:
			kids = 1 + rng.IntN(3)
		default:
			kids = 1 + rng.IntN(8)
		}
		for c := 0; c < kids && len(items) < n; c++ {
			grow(i, depth+1)
		}
	}
	grow(-1, 0)
	w := make([]float64, len(items))
	h := make([]float64, len(items))
	for i := range w {
		w[i] = float64(10 + rng.IntN(120))
		h[i] = float64(18 + rng.IntN(50))
	}
	return items, w, h
}

// edgesMissBoxes checks the routes of one layout's edges.
func edgesMissBoxes(t *testing.T, name string, items []Item, w, h []float64, lay treeLayout) {
	t.Helper()
	const eps = 0.2
	for c := 1; c < len(items); c++ {
		p := int(items[c].Parent)
		trunk := trunkOf(items, c)
		pts, tip := lay.route(p, c, w, h, trunk)
		if (len(pts)-1)%3 != 0 || len(pts) < 4 {
			t.Fatalf("%s: edge %d→%d has %d points, want 1+3k", name, p, c, len(pts))
		}
		if trunk == c && !onBoxEdge(lay, w, h, p, pts[0], eps) {
			t.Fatalf("%s: edge %d→%d starts at %v, not on its parent's box", name, p, c, pts[0])
		}
		if !onBoxEdge(lay, w, h, c, tip, eps) {
			t.Fatalf("%s: edge %d→%d ends at %v, not on its child's box", name, p, c, tip)
		}
		// The curve, flattened, and the arrow from its end to the tip.
		var line []layoutPoint
		for k := 0; k+3 < len(pts); k += 3 {
			for s := 0; s <= 16; s++ {
				line = append(line, bezierAt(pts[k:k+4], float64(s)/16))
			}
		}
		line = append(line, tip)
		// The line's bounding box: a box wholly outside it is not entered
		// by any of its segments (segmentHitsBox says so too, exactly: the
		// clipping's ratios round monotonically), so only the boxes that
		// reach into it are checked segment by segment.
		lo, hi := line[0], line[0]
		for _, q := range line[1:] {
			lo.X, lo.Y = min(lo.X, q.X), min(lo.Y, q.Y)
			hi.X, hi.Y = max(hi.X, q.X), max(hi.Y, q.Y)
		}
		for j := range items {
			if j == p || j == c {
				continue
			}
			if hw, hh := w[j]/2-eps, h[j]/2-eps; lay.X[j]-hw > hi.X || lay.X[j]+hw < lo.X || lay.Y[j]-hh > hi.Y || lay.Y[j]+hh < lo.Y {
				continue
			}
			for k := 1; k < len(line); k++ {
				if segmentHitsBox(line[k-1], line[k], lay.X[j], lay.Y[j], w[j]/2-eps, h[j]/2-eps) {
					t.Fatalf("%s: edge %d→%d runs through box %d (%.1f,%.1f %.0f×%.0f) between %v and %v",
						name, p, c, j, lay.X[j], lay.Y[j], w[j], h[j], line[k-1], line[k])
				}
			}
		}
	}
}

func bezierAt(p []layoutPoint, t float64) layoutPoint {
	u := 1 - t
	a, b, c, d := u*u*u, 3*u*u*t, 3*u*t*t, t*t*t
	return layoutPoint{a*p[0].X + b*p[1].X + c*p[2].X + d*p[3].X, a*p[0].Y + b*p[1].Y + c*p[2].Y + d*p[3].Y}
}

// onBoxEdge reports whether pt lies on the edge of item i's box.
func onBoxEdge(lay treeLayout, w, h []float64, i int, pt layoutPoint, eps float64) bool {
	dx, dy := math.Abs(pt.X-lay.X[i]), math.Abs(pt.Y-lay.Y[i])
	in := dx <= w[i]/2+eps && dy <= h[i]/2+eps
	return in && (math.Abs(dx-w[i]/2) <= eps || math.Abs(dy-h[i]/2) <= eps)
}

// segmentHitsBox reports whether the segment a–b enters the open box
// centred at cx,cy with half sizes hw, hh (Liang–Barsky clipping).
func segmentHitsBox(a, b layoutPoint, cx, cy, hw, hh float64) bool {
	if hw <= 0 || hh <= 0 {
		return false
	}
	t0, t1 := 0.0, 1.0
	dx, dy := b.X-a.X, b.Y-a.Y
	for _, e := range [4][2]float64{{-dx, a.X - (cx - hw)}, {dx, (cx + hw) - a.X}, {-dy, a.Y - (cy - hh)}, {dy, (cy + hh) - a.Y}} {
		p, q := e[0], e[1]
		if p == 0 {
			if q <= 0 {
				return false
			}
			continue
		}
		r := q / p
		if p < 0 {
			t0 = max(t0, r)
		} else {
			t1 = min(t1, r)
		}
		if t0 >= t1 {
			return false
		}
	}
	return true
}
