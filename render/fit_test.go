package render

import (
	"bytes"
	"context"
	"fmt"
	"math"
	"reflect"
	"regexp"
	"runtime"
	"strconv"
	"strings"
	"sync"
	"testing"

	"github.com/backtrack-edu/backtrack/render/graphviz"
	"github.com/backtrack-edu/backtrack/tracer"
	"github.com/backtrack-edu/backtrack/tracer/problems/sudoku"
)

// fitRuns are the searches `backtrack trace` draws with the default
// diagram flags, one per problem and strategy: N-Queens (n = 8, the
// default, and 4), Sudoku (LeetCode 37, the default, and a 4×4 puzzle) and
// Permutations (n = 4), with every order, check, time of the check and
// dropped line. heavy marks the runs the default step limit stops (10
// million steps, some seconds and some hundred MB each): -short leaves
// them out.
var fitRuns = []struct {
	name  string
	spec  tracer.Spec
	heavy bool
}{
	{"nqueens", tracer.Spec{Problem: "nqueens"}, false},
	{"nqueens --check arrays", tracer.Spec{Problem: "nqueens", Check: tracer.CheckArrays}, false},
	{"nqueens --when after", tracer.Spec{Problem: "nqueens", When: tracer.WhenAfter}, false},
	{"nqueens --when leaf", tracer.Spec{Problem: "nqueens", When: tracer.WhenLeaf}, true},
	{"nqueens --no-return", tracer.Spec{Problem: "nqueens", Stop: tracer.StopNoReturn}, false},
	{"nqueens --first", tracer.Spec{Problem: "nqueens", Stop: tracer.StopFirst}, false},
	{"nqueens -n 4", tracer.Spec{Problem: "nqueens", N: 4}, false},
	{"nqueens -n 4 --when after", tracer.Spec{Problem: "nqueens", N: 4, When: tracer.WhenAfter}, false},
	{"nqueens -n 4 --when leaf", tracer.Spec{Problem: "nqueens", N: 4, When: tracer.WhenLeaf}, false},
	{"nqueens -n 4 --no-return", tracer.Spec{Problem: "nqueens", N: 4, Stop: tracer.StopNoReturn}, false},
	{"sudoku", tracer.Spec{Problem: "sudoku"}, false},
	{"sudoku --order linear", tracer.Spec{Problem: "sudoku", Order: sudoku.OrderLinear}, false},
	{"sudoku --order mrv", tracer.Spec{Problem: "sudoku", Order: sudoku.OrderMRV}, false},
	{"sudoku --order cells", tracer.Spec{Problem: "sudoku", Order: sudoku.OrderCells}, false},
	{"sudoku --order cells --when after", tracer.Spec{Problem: "sudoku", Order: sudoku.OrderCells, When: tracer.WhenAfter}, false},
	{"sudoku --check board", tracer.Spec{Problem: "sudoku", Check: tracer.CheckBoard}, false},
	{"sudoku --check counts", tracer.Spec{Problem: "sudoku", Check: tracer.CheckCounts}, false},
	{"sudoku --when after", tracer.Spec{Problem: "sudoku", When: tracer.WhenAfter}, false},
	{"sudoku --when leaf", tracer.Spec{Problem: "sudoku", When: tracer.WhenLeaf}, true},
	{"sudoku --drop return-false", tracer.Spec{Problem: "sudoku", Drop: tracer.DropReturnFalse}, false},
	{"sudoku --no-return", tracer.Spec{Problem: "sudoku", Stop: tracer.StopNoReturn}, false},
	{"sudoku --drop return-false,return-value", tracer.Spec{Problem: "sudoku", Drop: tracer.DropReturnFalse, Stop: tracer.StopNoReturn}, false},
	{"sudoku --all", tracer.Spec{Problem: "sudoku", Stop: tracer.StopAll}, false},
	{"sudoku 4×4", tracer.Spec{Problem: "sudoku", Puzzle: fitPuzzle4}, false},
	{"sudoku 4×4 --order linear", tracer.Spec{Problem: "sudoku", Puzzle: fitPuzzle4, Order: sudoku.OrderLinear}, false},
	{"sudoku 4×4 --order mrv", tracer.Spec{Problem: "sudoku", Puzzle: fitPuzzle4, Order: sudoku.OrderMRV}, false},
	{"sudoku 4×4 --order cells", tracer.Spec{Problem: "sudoku", Puzzle: fitPuzzle4, Order: sudoku.OrderCells}, false},
	{"sudoku 4×4 --order cells --when after", tracer.Spec{Problem: "sudoku", Puzzle: fitPuzzle4, Order: sudoku.OrderCells, When: tracer.WhenAfter}, false},
	{"sudoku 4×4 --when after", tracer.Spec{Problem: "sudoku", Puzzle: fitPuzzle4, When: tracer.WhenAfter}, false},
	{"sudoku 4×4 --when leaf", tracer.Spec{Problem: "sudoku", Puzzle: fitPuzzle4, When: tracer.WhenLeaf}, false},
	{"sudoku 4×4 --drop return-false", tracer.Spec{Problem: "sudoku", Puzzle: fitPuzzle4, Drop: tracer.DropReturnFalse}, false},
	{"sudoku 4×4 --no-return", tracer.Spec{Problem: "sudoku", Puzzle: fitPuzzle4, Stop: tracer.StopNoReturn}, false},
	{"sudoku 4×4 --drop return-false,return-value", tracer.Spec{Problem: "sudoku", Puzzle: fitPuzzle4, Drop: tracer.DropReturnFalse, Stop: tracer.StopNoReturn}, false},
	{"sudoku 4×4 --all", tracer.Spec{Problem: "sudoku", Puzzle: fitPuzzle4, Stop: tracer.StopAll}, false},
	{"permutations", tracer.Spec{Problem: "permutations"}, false},
	{"permutations --check arrays", tracer.Spec{Problem: "permutations", Check: tracer.CheckArrays}, false},
	{"permutations --when after", tracer.Spec{Problem: "permutations", When: tracer.WhenAfter}, false},
	{"permutations --when leaf", tracer.Spec{Problem: "permutations", When: tracer.WhenLeaf}, false},
	{"permutations --no-return", tracer.Spec{Problem: "permutations", Stop: tracer.StopNoReturn}, false},
}

// fitPuzzle4 is the 4×4 puzzle of lesson 003 and the goldens.
const fitPuzzle4 = ".4......3.4...2."

// TestFitSlide draws every default picture (each run of fitRuns, with and
// without boards, in English and Chinese) as the command line does, fitted
// to a 16:9 slide, and checks that its smallest text is at least 14 px
// high once the picture is scaled to 1920×1080. The picture's size is the
// package's estimate; the test checks it against the DOT: the smallest
// font the DOT uses, and the tree's extent from the pinned positions,
// sizes and edge routes.
func TestFitSlide(t *testing.T) {
	// Independent of the other tests (no package state written): it runs
	// beside them.
	t.Parallel()
	for _, run := range fitRuns {
		if run.heavy && testing.Short() {
			t.Logf("%s: left out with -short", run.name)
			continue
		}
		// Traced when a picture is not in fitShared already.
		var r dotRun
		traced := false
		runOf := func() dotRun {
			if !traced {
				r, traced = fitRun(t, run.name, run.spec, true), true
			}
			return r
		}
		for _, boards := range []bool{false, true} {
			for _, lang := range []tracer.Lang{tracer.LangEN, tracer.LangZH} {
				name := fmt.Sprintf("%s boards=%v %s", run.name, boards, lang)
				opt := DiagramOptions{MaxNodes: DefaultMaxNodes, Layout: true, Boards: boards, Fit: Slide16x9}
				got, rep := fitPicture(t, run.name, lang, runOf, opt, true)
				p := rep.Picture
				t.Logf("%-50s %5.0f×%-5.0f pt %-11s ×%d  %4.1f px", name, p.Width, p.Height, p.Direction, p.Panels, p.TextPx(Slide16x9))
				if !p.Fits(Slide16x9) {
					t.Errorf("%s: %.0f×%.0f pt, smallest text %g pt: %.1f px high on a 1920×1080 slide, want 14",
						name, p.Width, p.Height, p.MinFont, p.TextPx(Slide16x9))
				}
				fitCheckDOT(t, name, got, rep)
			}
		}
		r = dotRun{}
		fitShared.Lock()
		delete(fitShared.runs, run.name)
		fitShared.Unlock()
		runtime.GC()
	}
}

// fitShared holds the runs TestFitTellsTheSearch traced and the pictures
// it drew, by run name, for TestFitSlide (which runs after it, in
// parallel with the other tests) to check again rather than trace and draw
// again: the same search with the same options gives the same bytes.
var fitShared struct {
	sync.Mutex
	runs map[string]dotRun
	pics map[string]fitPic
}

type fitPic struct {
	dot []byte
	rep TrimReport
}

// fitRun traces the run of fitRuns called name (spec) with the command
// line's default step limit, or takes it from fitShared; take removes it
// from there (its last user: the memory goes).
func fitRun(t testing.TB, name string, spec tracer.Spec, take bool) dotRun {
	t.Helper()
	fitShared.Lock()
	defer fitShared.Unlock()
	if r, ok := fitShared.runs[name]; ok {
		if take {
			delete(fitShared.runs, name)
		}
		return r
	}
	spec.Limits.MaxSteps = 10_000_000 // the command line's default
	r := dotSpec(t, spec)
	if !take {
		if fitShared.runs == nil {
			fitShared.runs = map[string]dotRun{}
		}
		fitShared.runs[name] = r
	}
	return r
}

// fitPicture is dotWrite in lang of the run of fitRuns called name
// (run returns it), taken from fitShared if drawn there (take: removed
// from there).
func fitPicture(t testing.TB, name string, lang tracer.Lang, run func() dotRun, opt DiagramOptions, take bool) ([]byte, TrimReport) {
	t.Helper()
	key := fmt.Sprintf("%s %s %+v", name, lang, opt)
	fitShared.Lock()
	p, ok := fitShared.pics[key]
	if ok && take {
		delete(fitShared.pics, key)
	}
	fitShared.Unlock()
	if ok {
		return p.dot, p.rep
	}
	r := run()
	r.leg.Lang = lang
	dot, rep := dotWrite(t, r, opt)
	if !take {
		fitStore(name, lang, opt, dot, rep)
	}
	return dot, rep
}

// fitStore keeps the picture dot (and its report) of the run of fitRuns
// called name, drawn in lang with opt by WriteDOT, for fitPicture.
func fitStore(name string, lang tracer.Lang, opt DiagramOptions, dot []byte, rep TrimReport) {
	key := fmt.Sprintf("%s %s %+v", name, lang, opt)
	fitShared.Lock()
	defer fitShared.Unlock()
	if fitShared.pics == nil {
		fitShared.pics = map[string]fitPic{}
	}
	if _, ok := fitShared.pics[key]; !ok {
		fitShared.pics[key] = fitPic{bytes.Clone(dot), rep}
	}
}

// fitRunName returns the name of the run of fitRuns that spec (with the
// command line's step limit) is, or "".
func fitRunName(spec tracer.Spec) string {
	for _, run := range fitRuns {
		s := run.spec
		s.Limits.MaxSteps = 10_000_000
		if reflect.DeepEqual(s, spec) {
			return run.name
		}
	}
	return ""
}

var (
	fitFontRE = regexp.MustCompile(`(?:fontsize=|POINT-SIZE=")(\d+(?:\.\d+)?)`)
	fitPosRE  = regexp.MustCompile(`pos="(-?[\d.]+),(-?[\d.]+)!", width=([\d.]+), height=([\d.]+)`)
	fitEdgeRE = regexp.MustCompile(`pos="e,([^"]*)"`)
)

// fitCheckDOT checks a fitted picture's report against its DOT: the
// smallest font size in it, and that the nodes and edges lie within the
// picture less its margins and legend.
func fitCheckDOT(t *testing.T, name string, dot []byte, rep TrimReport) {
	t.Helper()
	p := rep.Picture
	minFont := math.Inf(1)
	maxX, maxY := 0.0, 0.0
	for _, l := range strings.Split(string(dot), "\n") {
		if strings.HasPrefix(strings.TrimSpace(l), "//") {
			continue
		}
		for _, m := range fitFontRE.FindAllStringSubmatch(l, -1) {
			f, _ := strconv.ParseFloat(m[1], 64)
			minFont = min(minFont, f)
		}
		if m := fitPosRE.FindStringSubmatch(l); m != nil {
			var v [4]float64
			for k := range v {
				v[k], _ = strconv.ParseFloat(m[k+1], 64)
			}
			w, h := v[2]*72, v[3]*72
			if v[0]-w/2 < -0.1 || v[1]-h/2 < -0.1 {
				t.Errorf("%s: a node at %.1f,%.1f (%.0f×%.0f) is left of or below 0", name, v[0], v[1], w, h)
			}
			maxX, maxY = max(maxX, v[0]+w/2), max(maxY, v[1]+h/2)
		}
		if m := fitEdgeRE.FindStringSubmatch(l); m != nil {
			for _, pt := range strings.Fields(m[1]) {
				x, y, _ := strings.Cut(pt, ",")
				fx, _ := strconv.ParseFloat(x, 64)
				fy, _ := strconv.ParseFloat(y, 64)
				if fx < -0.1 || fy < -0.1 {
					t.Errorf("%s: an edge goes to %.1f,%.1f, left of or below 0", name, fx, fy)
				}
				maxX, maxY = max(maxX, fx), max(maxY, fy)
			}
		}
	}
	if minFont != p.MinFont {
		t.Errorf("%s: the DOT's smallest font is %g pt, the report says %g", name, minFont, p.MinFont)
	}
	if maxX > p.Width-2*pictureMargin+0.1 || maxY > p.Height-2*pictureMargin+0.1 {
		t.Errorf("%s: the tree reaches %.1f×%.1f pt, the picture is %.0f×%.0f with its margins", name, maxX, maxY, p.Width, p.Height)
	}
	if rep.SolutionsKept < rep.Solutions {
		want := fmt.Sprintf("%d of %d solutions drawn", rep.SolutionsKept, rep.Solutions)
		if !bytes.Contains(dot, []byte(want)) && !bytes.Contains(dot, []byte(fmt.Sprintf("画出 %d 个解中的 %d 个", rep.Solutions, rep.SolutionsKept))) {
			t.Errorf("%s: the legend does not say %q", name, want)
		}
	}
}

// TestFitTargets: a 4:3 slide is narrower, so a picture fitted to it is
// no wider for its height than 16:9's; --fit none (the zero Slide) draws
// as before, every solution path past the budget; the estimate of the
// picture's size is not smaller than what Graphviz draws.
func TestFitTargets(t *testing.T) {
	q8 := dotQueens(t, 8)
	s9 := dotSudoku(t, sudoku.LeetCode37, sudoku.OrderScan2D)
	for _, c := range []struct {
		name string
		r    dotRun
	}{{"queens8", q8}, {"sudoku9", s9}} {
		for _, slide := range []Slide{Slide16x9, Slide4x3} {
			_, rep := dotWrite(t, c.r, DiagramOptions{MaxNodes: DefaultMaxNodes, Layout: true, Fit: slide})
			p := rep.Picture
			if !p.Fits(slide) || p.Fit != slide {
				t.Errorf("%s %s: %.0f×%.0f pt, %.1f px", c.name, slide.Name, p.Width, p.Height, p.TextPx(slide))
			}
		}
		_, rep := dotWrite(t, c.r, DiagramOptions{MaxNodes: DefaultMaxNodes, Layout: true})
		if rep.SolutionsKept != rep.Solutions || rep.FoldedChains != 0 || rep.Picture.Direction != TopDown || rep.Picture.Panels != 1 {
			t.Errorf("%s with no fit: %+v", c.name, rep)
		}
	}
	// 8-queens fitted: the picture is about the first of its 92
	// solutions.
	_, rep := dotWrite(t, q8, DiagramOptions{MaxNodes: DefaultMaxNodes, Layout: true, Fit: Slide16x9})
	if rep.SolutionsKept != 1 || rep.Solutions != 92 {
		t.Errorf("8-queens fitted: %d of %d solutions drawn, want 1 of 92", rep.SolutionsKept, rep.Solutions)
	}
	// The estimate against Graphviz's SVG: its width and height in pt.
	sizeRE := regexp.MustCompile(`<svg width="(\d+)pt" height="(\d+)pt"`)
	for _, c := range []struct {
		name string
		r    dotRun
		opt  DiagramOptions
	}{
		{"queens8", q8, DiagramOptions{MaxNodes: DefaultMaxNodes, Layout: true, Fit: Slide16x9}},
		{"queens4 boards", dotQueens(t, 4), DiagramOptions{MaxNodes: DefaultMaxNodes, Layout: true, Fit: Slide16x9, Boards: true}},
		{"sudoku9 zh", dotS9zh(t), DiagramOptions{MaxNodes: DefaultMaxNodes, Layout: true, Fit: Slide16x9}},
	} {
		dot, rep := dotWrite(t, c.r, c.opt)
		svg, err := graphviz.Draw(context.Background(), dot, graphviz.LayoutPinned, graphviz.SVG)
		if err != nil {
			t.Fatalf("%s: %v", c.name, err)
		}
		m := sizeRE.FindSubmatch(svg)
		if m == nil {
			t.Fatalf("%s: no size in the SVG", c.name)
		}
		w, _ := strconv.ParseFloat(string(m[1]), 64)
		h, _ := strconv.ParseFloat(string(m[2]), 64)
		p := rep.Picture
		t.Logf("%s: estimated %.0f×%.0f pt, Graphviz %.0f×%.0f", c.name, p.Width, p.Height, w, h)
		if w > p.Width+2 || h > p.Height+2 {
			t.Errorf("%s: Graphviz draws %.0f×%.0f pt, more than the estimate %.0f×%.0f", c.name, w, h, p.Width, p.Height)
		}
		if w < p.Width*0.85 || h < p.Height*0.85 {
			t.Errorf("%s: Graphviz draws %.0f×%.0f pt, far less than the estimate %.0f×%.0f", c.name, w, h, p.Width, p.Height)
		}
	}
}

// TestFitTellsTheSearch checks what a default picture tells a class
// (issue "Pictures that tell the search"): in English and Chinese, the
// default 8-queens and Sudoku pictures show at least three dead ends
// (grey boxes: a dead-end call, or dead ends folded), the two languages
// draw the same boxes and edges, children stand in the order the search
// tried them, and the legend's "k of N solutions drawn" counts the
// solution boxes drawn.
func TestFitTellsTheSearch(t *testing.T) {
	nodeRE := regexp.MustCompile(`(?m)^\t(\w+) \[label=`)
	edgeRE := regexp.MustCompile(`(?m)^\t(\w+) -> (\w+)`)
	for _, c := range fitRuns {
		switch c.name {
		case "nqueens", "nqueens -n 4", "nqueens --when after", "sudoku", "sudoku --order mrv", "sudoku --order cells",
			"sudoku 4×4", "sudoku 4×4 --when leaf", "permutations", "permutations --no-return":
		default:
			continue // the searches of a few seconds each are left to TestFitSlide
		}
		r := fitRun(t, c.name, c.spec, false) // TestFitSlide checks its pictures again
		opt := DiagramOptions{MaxNodes: DefaultMaxNodes, Layout: true, Fit: Slide16x9}
		var shape [2]string
		for k, lang := range []tracer.Lang{tracer.LangEN, tracer.LangZH} {
			r.leg.Lang = lang
			dot, rep := fitPicture(t, c.name, lang, func() dotRun { return r }, opt, false)
			body := string(dot)
			if i := strings.Index(body, "\t// call nodes"); i >= 0 {
				body = body[i:] // past the legend
			}
			var ids []string
			for _, m := range nodeRE.FindAllStringSubmatch(body, -1) {
				ids = append(ids, m[1])
			}
			for _, m := range edgeRE.FindAllStringSubmatch(body, -1) {
				ids = append(ids, m[1]+"->"+m[2])
			}
			shape[k] = strings.Join(ids, " ")
			dead := strings.Count(body, `fillcolor="`+dotColorDeadFill+`"`)
			sols := strings.Count(body, `fillcolor="`+dotColorSolution+`"`)
			if (c.name == "nqueens" || c.name == "sudoku") && dead < 3 {
				t.Errorf("%s %s: %d dead ends drawn, want at least 3", c.name, lang, dead)
			}
			hasDead := false
			for i := range int32(r.tree.Len()) {
				hasDead = hasDead || r.tree.Kind(i) == tracer.NodeCall && r.tree.Status(i) == tracer.NodeDeadEnd
			}
			if hasDead && dead == 0 {
				t.Errorf("%s %s: the run has dead ends, the picture shows none", c.name, lang)
			}
			legend := parseDOT(t, dot).legend
			claims := strings.Contains(legend, " solutions drawn") || strings.Contains(legend, "画出 ")
			if claims != (sols < rep.Solutions) || rep.SolutionsKept != sols {
				t.Errorf("%s %s: %d solution boxes drawn of %d, report says %d, the legend claims fewer: %v", c.name, lang, sols, rep.Solutions, rep.SolutionsKept, claims)
			}
		}
		if shape[0] != shape[1] {
			t.Errorf("%s: English and Chinese draw different trees:\n en %s\n zh %s", c.name, shape[0], shape[1])
		}
	}
}

// TestTrimSearchOrder checks that the children of every item stand in
// the order the search made them: the first tree node each stands for
// comes later than the last one of the sibling before it.
func TestTrimSearchOrder(t *testing.T) {
	for _, r := range []dotRun{dotQueens(t, 4), dotQueens(t, 8), dotSudoku(t, sudoku.LeetCode37, sudoku.OrderScan2D)} {
		for _, budget := range []int{10, 40, DefaultMaxNodes} {
			tr, _, err := Trim(r.tree, DiagramOptions{MaxNodes: budget, Solutions: 1})
			if err != nil {
				t.Fatal(err)
			}
			first := func(it *Item) int32 {
				if it.Kind == ItemGroup || it.Kind == ItemElided {
					return it.Lo
				}
				return it.Node
			}
			for i := range tr.Items {
				prev := int32(-1)
				for c := tr.Items[i].First; c >= 0; c = tr.Items[c].Next {
					f := first(&tr.Items[c])
					if f <= prev {
						t.Errorf("%s budget %d: item %d's child %d (node %d) stands after node %d, made later", r.leg.Summary.Problem, budget, i, c, f, prev)
					}
					prev = f
					if it := &tr.Items[c]; it.Kind == ItemGroup || it.Kind == ItemElided {
						prev = it.Hi - 1
					}
				}
			}
		}
	}
}

// TestFitEstimateIsGraphvizWidth: the picture's estimated width is the
// width Graphviz draws, also where the legend is about as wide as the tree
// or wider (Graphviz pads a graph's label by 8 pt each side, and widens
// the picture on both sides for it). These are pictures the estimate
// missed by 13–16 pt before it counted that room.
func TestFitEstimateIsGraphvizWidth(t *testing.T) {
	sizeRE := regexp.MustCompile(`<svg width="(\d+)pt" height="(\d+)pt"`)
	for _, c := range []struct {
		name   string
		spec   tracer.Spec
		lang   tracer.Lang
		boards bool
		fit    Slide
	}{
		{"subsets", tracer.Spec{Problem: "subsets"}, tracer.LangEN, false, Slide{}},
		{"subsets fitted zh", tracer.Spec{Problem: "subsets"}, tracer.LangZH, false, Slide16x9},
		{"subsets boards zh", tracer.Spec{Problem: "subsets"}, tracer.LangZH, true, Slide{}},
		{"4x4 sudoku boards", tracer.Spec{Problem: "sudoku", Puzzle: ".4......3.4...2."}, tracer.LangEN, true, Slide16x9},
		{"4-queens boards fitted", tracer.Spec{Problem: "nqueens", N: 4}, tracer.LangEN, true, Slide16x9},
	} {
		t.Run(c.name, func(t *testing.T) {
			r := dotSpec(t, c.spec)
			r.leg.Lang = c.lang
			dot, rep := dotWrite(t, r, DiagramOptions{MaxNodes: DefaultMaxNodes, Layout: true, Fit: c.fit, Boards: c.boards})
			svg, err := graphviz.Draw(context.Background(), dot, graphviz.LayoutPinned, graphviz.SVG)
			if err != nil {
				t.Fatal(err)
			}
			m := sizeRE.FindSubmatch(svg)
			if m == nil {
				t.Fatal("no size in the SVG")
			}
			w, _ := strconv.ParseFloat(string(m[1]), 64)
			if d := w - rep.Picture.Width; d > 2 || d < -2 {
				t.Errorf("estimated %.0f pt wide, Graphviz draws %.0f pt", rep.Picture.Width, w)
			}
		})
	}
}
