package render

import (
	"bytes"
	"regexp"
	"strconv"
	"strings"
	"testing"

	"github.com/backtrack-edu/backtrack/tracer"
	"github.com/backtrack-edu/backtrack/tracer/problems/sudoku"
)

// dotBox is a node of a pinned DOT picture: its centre and half sizes, in
// points, and whether its border is bold (on a solution's path).
type dotBox struct {
	x, y, hw, hh float64
	bold         bool
}

// dotEdge is an edge of a pinned DOT picture: its route (the points of a
// piecewise cubic Bézier), the arrow's tip, and whether it is drawn bold.
type dotEdge struct {
	from, to string
	pts      []layoutPoint
	tip      layoutPoint
	bold     bool
}

var (
	dotNodeRe = regexp.MustCompile(`(?m)^\t(\w+) \[.*pos="([-0-9.]+),([-0-9.]+)!", width=([0-9.]+), height=([0-9.]+)`)
	dotEdgeRe = regexp.MustCompile(`(?m)^\t(\w+) -> (\w+) \[(.*)\];$`)
	dotPosRe  = regexp.MustCompile(`pos="e,([^"]*)"`)
)

// parsePinnedDOT reads the boxes and edges of a DOT picture written with
// DiagramOptions.Layout.
func parsePinnedDOT(t *testing.T, dot string) (map[string]dotBox, []dotEdge) {
	t.Helper()
	f := func(s string) float64 {
		v, err := strconv.ParseFloat(s, 64)
		if err != nil {
			t.Fatal(err)
		}
		return v
	}
	boxes := map[string]dotBox{}
	for _, m := range dotNodeRe.FindAllStringSubmatch(dot, -1) {
		boxes[m[1]] = dotBox{f(m[2]), f(m[3]), f(m[4]) * 36, f(m[5]) * 36, strings.Contains(m[0], "penwidth=2.5")}
	}
	var edges []dotEdge
	for _, m := range dotEdgeRe.FindAllStringSubmatch(dot, -1) {
		p := dotPosRe.FindStringSubmatch(m[3])
		if p == nil {
			t.Fatalf("edge %s -> %s has no route: %s", m[1], m[2], m[3])
		}
		var pts []layoutPoint
		for _, xy := range strings.Fields(p[1]) {
			x, y, _ := strings.Cut(xy, ",")
			pts = append(pts, layoutPoint{f(x), f(y)})
		}
		edges = append(edges, dotEdge{from: m[1], to: m[2], pts: pts[1:], tip: pts[0], bold: strings.Contains(m[3], "penwidth=2.5")})
	}
	return boxes, edges
}

// TestBoardsRootBesideChildren draws the default --boards pictures of
// 4-queens and LeetCode 37, as the command line does, in both languages,
// and checks the root's edges: each stays within the rectangle that
// holds the root's box and its child's (no edge loops round the picture
// to its children), starts at the root's box (no edge hangs off another),
// and passes through no other box; only the edge to the child on the
// solution path is bold. The 4-queens picture was wrapped into two panels
// with the root alone in the first, at the far left, and a bold connector
// that ran down, right across the whole picture and up to its children,
// the dead end r0=c0 hanging off it.
func TestBoardsRootBesideChildren(t *testing.T) {
	q4 := dotQueens(t, 4)
	s9 := dotSudoku(t, sudoku.LeetCode37, sudoku.OrderScan2D)
	for _, c := range []struct {
		name string
		r    dotRun
	}{{"queens4", q4}, {"sudoku9", s9}} {
		for _, lang := range []tracer.Lang{tracer.LangEN, tracer.LangZH} {
			r := c.r
			r.leg.Lang = lang
			name := c.name + " " + string(lang)
			var b bytes.Buffer
			opt := DiagramOptions{MaxNodes: DefaultMaxNodes, Boards: true, Layout: true, Fit: Slide16x9}
			if _, err := WriteDOT(&b, r.tree, r.leg, opt); err != nil {
				t.Fatalf("%s: %v", name, err)
			}
			boxes, edges := parsePinnedDOT(t, b.String())
			root, ok := boxes["0"]
			if !ok || len(edges) == 0 {
				t.Fatalf("%s: no root or no edges in\n%s", name, b.String())
			}
			const slack = 1.0
			inside := func(p layoutPoint, bs ...dotBox) bool {
				lox, hix, loy, hiy := bs[0].x-bs[0].hw, bs[0].x+bs[0].hw, bs[0].y-bs[0].hh, bs[0].y+bs[0].hh
				for _, b := range bs[1:] {
					lox, hix = min(lox, b.x-b.hw), max(hix, b.x+b.hw)
					loy, hiy = min(loy, b.y-b.hh), max(hiy, b.y+b.hh)
				}
				return p.X >= lox-slack && p.X <= hix+slack && p.Y >= loy-slack && p.Y <= hiy+slack
			}
			bold, n := 0, 0
			for _, e := range edges {
				if e.from != "0" {
					continue
				}
				n++
				child, ok := boxes[e.to]
				if !ok {
					t.Fatalf("%s: edge to %s, a node with no box", name, e.to)
				}
				if e.bold {
					bold++
					if !child.bold {
						t.Errorf("%s: the edge to %s is bold, the box is not on a solution's path", name, e.to)
					}
				}
				// No detour: the route goes one way across and one way
				// along, as a line or an S from the root to the child.
				var route []layoutPoint
				for _, p := range append(e.pts, e.tip) {
					if len(route) == 0 || p != route[len(route)-1] {
						route = append(route, p)
					}
				}
				var sx, sy float64 // the way it has gone across and along so far
				for k := 1; k < len(route); k++ {
					dx, dy := route[k].X-route[k-1].X, route[k].Y-route[k-1].Y
					if dx*sx < 0 || dy*sy < 0 {
						t.Errorf("%s: the edge to %s turns back at %.1f,%.1f: it loops round to its child", name, e.to, route[k-1].X, route[k-1].Y)
						break
					}
					if dx != 0 {
						sx = dx
					}
					if dy != 0 {
						sy = dy
					}
				}
				if !inside(e.pts[0], root) {
					t.Errorf("%s: the edge to %s starts at %.1f,%.1f, away from the root's box (%.1f,%.1f ±%.1f,%.1f): it hangs off another edge", name, e.to, e.pts[0].X, e.pts[0].Y, root.x, root.y, root.hw, root.hh)
				}
				for _, p := range route {
					if !inside(p, root, child) {
						t.Errorf("%s: the edge to %s passes %.1f,%.1f, outside the root's and the child's boxes: it loops round the picture", name, e.to, p.X, p.Y)
						break
					}
				}
				for k := 0; k+3 < len(e.pts); k += 3 {
					for s := 0.0; s <= 1; s += 1.0 / 32 {
						p := bezierAt(e.pts[k:k+4], s)
						for id, o := range boxes {
							if id == "0" || id == e.to {
								continue
							}
							if p.X > o.x-o.hw+slack && p.X < o.x+o.hw-slack && p.Y > o.y-o.hh+slack && p.Y < o.y+o.hh-slack {
								t.Errorf("%s: the edge to %s passes through box %s at %.1f,%.1f", name, e.to, id, p.X, p.Y)
								s, k = 2, len(e.pts)
								break
							}
						}
					}
				}
			}
			if n < 2 || bold == 0 {
				t.Errorf("%s: %d edges out of the root, %d bold; want two or more, one bold at least (to the solution path's child)", name, n, bold)
			}
		}
	}
}
