package render

import (
	"bytes"
	"fmt"
	"math"
	"math/rand/v2"
	"os"
	"os/exec"
	"path/filepath"
	"reflect"
	"sort"
	"strconv"
	"strings"
	"testing"

	"backtrack/tracer"
)

// layoutCheck checks a tidy layout: on every level the boxes keep the
// children's order left to right (so subtrees never interleave) and never
// come closer than the sibling gap; every parent is centred over its first
// and last child; the root is on top and every level a fixed step below.
func layoutCheck(t *testing.T, name string, items []Item, w, h []float64, lay treeLayout) {
	t.Helper()
	const eps = 0.11 // positions are rounded to 0.1 pt
	levels := map[int][]int{}
	for i := range items {
		levels[items[i].Depth] = append(levels[items[i].Depth], i)
		if lay.X[i]-w[i]/2 < -eps || lay.X[i]+w[i]/2 > lay.Width+eps {
			t.Fatalf("%s: item %d at x %.1f (width %.1f) is outside 0..%.1f", name, i, lay.X[i], w[i], lay.Width)
		}
	}
	var step float64
	for d, ids := range levels {
		// Items are in preorder: on one level, preorder is left to right.
		for k := 1; k < len(ids); k++ {
			a, b := ids[k-1], ids[k]
			if need := (w[a]+w[b])/2 + layoutSiblingGap; lay.X[b]-lay.X[a] < need-eps {
				t.Fatalf("%s: level %d: items %d and %d are %.1f apart, they need %.1f", name, d, a, b, lay.X[b]-lay.X[a], need)
			}
		}
		y := lay.Y[ids[0]]
		for _, i := range ids {
			if lay.Y[i] != y {
				t.Fatalf("%s: level %d has y %.1f and %.1f", name, d, y, lay.Y[i])
			}
		}
		if d == 1 {
			step = lay.Y[0] - y
		}
	}
	for d, ids := range levels {
		if want := lay.Y[0] - float64(d)*step; math.Abs(lay.Y[ids[0]]-want) > eps {
			t.Fatalf("%s: level %d at y %.1f, want %.1f (a step of %.1f)", name, d, lay.Y[ids[0]], want, step)
		}
	}
	if len(levels) > 1 && step < layoutMax(h) {
		t.Fatalf("%s: levels %.1f apart, boxes %.1f high", name, step, layoutMax(h))
	}
	for i := range items {
		f := items[i].First
		if f < 0 {
			continue
		}
		l := f
		for c := f; c >= 0; c = items[c].Next {
			l = c
		}
		if mid := (lay.X[f] + lay.X[l]) / 2; math.Abs(lay.X[i]-mid) > eps {
			t.Fatalf("%s: item %d at x %.1f, its children span %.1f..%.1f (centre %.1f)", name, i, lay.X[i], lay.X[f], lay.X[l], mid)
		}
	}
}

func layoutMax(xs []float64) float64 {
	m := 0.0
	for _, x := range xs {
		m = max(m, x)
	}
	return m
}

// dotDrawerFor trims and labels a tree as WriteDOT does.
func dotDrawerFor(t testing.TB, r dotRun, opt DiagramOptions) *dotDrawer {
	t.Helper()
	tr, _, err := Trim(r.tree, opt)
	if err != nil {
		t.Fatal(err)
	}
	d, err := newDotDrawer(tr, r.leg, opt)
	if err != nil {
		t.Fatal(err)
	}
	d.labelAll()
	return d
}

func TestTidyLayout(t *testing.T) {
	dotQ4, q6, dotQ8 := dotQueens(t, 4), dotQueens(t, 6), dotQueens(t, 8)
	dotS4 := dotSudoku(t, ".4......3.4...2.", tracer.OrderScan2D)
	s9 := dotSudoku(t, tracer.LeetCode37, tracer.OrderLinear)
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
		d := dotDrawerFor(t, c.r, c.opt)
		lay := tidy(d.tr.Items, d.w, d.h)
		layoutCheck(t, c.name, d.tr.Items, d.w, d.h, lay)
		again := tidy(d.tr.Items, d.w, d.h)
		if !reflect.DeepEqual(lay, again) {
			t.Errorf("%s: two layouts differ", c.name)
		}
	}
}

// TestTidyRandom lays out random trees with random widths.
func TestTidyRandom(t *testing.T) {
	rng := rand.New(rand.NewPCG(1, 2))
	for k := 0; k < 300; k++ {
		n := 1 + rng.IntN(200)
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
			w[i] = 10 + float64(rng.IntN(120))
			h[i] = 18 + float64(rng.IntN(30))
		}
		layoutCheck(t, fmt.Sprintf("random tree %d (%d items)", k, len(items)), items, w, h, tidy(items, w, h))
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
		lay := tidy(items, w, h)
		layoutCheck(t, name, items, w, h, lay)
	}
}

// graphvizFont reports whether fontconfig, which Graphviz's dot measures
// text with, finds a font matching pattern (an fc-list pattern such as
// ":lang=zh"). If not, the reason says what is missing: need describes
// the font wanted, install a package that has one.
func graphvizFont(pattern, need, install string) (ok bool, reason string) {
	fcList, err := exec.LookPath("fc-list")
	if err != nil {
		return false, "fc-list is not installed, so the fonts Graphviz measures text with cannot be known"
	}
	out, err := exec.Command(fcList, pattern, "family").Output()
	if err != nil {
		return false, fmt.Sprintf("fc-list %s: %v", pattern, err)
	}
	if strings.TrimSpace(string(out)) == "" {
		return false, fmt.Sprintf("no %s for Graphviz: fc-list %s finds none, and without one Graphviz measures such text differently (install %s)", need, pattern, install)
	}
	return true, ""
}

// TestEstimatesCoverGraphviz compares the estimated node sizes with what
// Graphviz makes of the labels (when dot is installed): an estimate may be
// a little bigger, never smaller, or pinned nodes would overlap. Graphviz
// measures text with the fonts fontconfig finds, so the test needs a Latin
// font, and for the Chinese case a CJK one; without them it skips and
// says which is missing.
func TestEstimatesCoverGraphviz(t *testing.T) {
	dot, err := exec.LookPath("dot")
	if err != nil {
		t.Skip("dot is not installed")
	}
	// The labels' symbols: ✗ ♛ ↗ ↖ … ⋮ ×, as DejaVu Sans has them.
	for _, f := range [][3]string{
		{":lang=en", "Latin font", "fonts-dejavu-core"},
		{":charset=2717 265b 2197 2196 2026 22ee d7", "font with the symbols ✗ ♛ ↗ ↖ … ⋮ ×", "fonts-dejavu-core"},
	} {
		if ok, why := graphvizFont(f[0], f[1], f[2]); !ok {
			t.Skip(why)
		}
	}
	dotQ4 := dotQueens(t, 4)
	dotS4 := dotSudoku(t, ".4......3.4...2.", tracer.OrderScan2D)
	s9 := dotSudoku(t, tracer.LeetCode37, tracer.OrderLinear)
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
			if c.r.leg.Lang == tracer.LangZH {
				if ok, why := graphvizFont(":lang=zh", "CJK font", "fonts-wqy-microhei or fonts-noto-cjk"); !ok {
					t.Skip(why)
				}
			}
			estimatesCoverGraphviz(t, dot, c.name, c.r, c.opt)
		})
	}
}

// estimatesCoverGraphviz lays out one diagram with dot -Tplain and
// checks that no node is bigger than its estimate.
func estimatesCoverGraphviz(t *testing.T, dot, name string, r dotRun, opt DiagramOptions) {
	t.Helper()
	d := dotDrawerFor(t, r, opt)
	var b bytes.Buffer
	if _, err := WriteDOT(&b, r.tree, r.leg, opt); err != nil {
		t.Fatal(err)
	}
	path := filepath.Join(t.TempDir(), "g.dot")
	if err := os.WriteFile(path, b.Bytes(), 0o644); err != nil {
		t.Fatal(err)
	}
	out, err := exec.Command(dot, "-Tplain", path).Output()
	if err != nil {
		t.Fatalf("%s: dot -Tplain: %v", name, err)
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
		// Graphviz writes inches with 2 decimals in -Tplain: allow that.
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
