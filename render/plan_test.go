package render

import (
	"bytes"
	"go/ast"
	"go/parser"
	"go/token"
	"slices"
	"strconv"
	"strings"
	"testing"
)

// TestPlanIsWhatDOTWrites: a Plan written as DOT is WriteDOT's bytes, and
// its boxes, parents and legend are the DOT's nodes, edges and legend,
// over boards, slides, layouts, steps and both languages.
func TestPlanIsWhatDOTWrites(t *testing.T) {
	for _, c := range []struct {
		r   dotRun
		opt DiagramOptions
	}{
		{dotQ4(t), DiagramOptions{}},
		{dotQ4zh(t), DiagramOptions{Boards: true, Layout: true}},
		{dotQ8(t), DiagramOptions{MaxNodes: DefaultMaxNodes, Layout: true, Fit: Slide16x9}},
		{dotP3zh(t), DiagramOptions{Boards: true, Layout: true, Fit: Slide4x3, AtStep: 20, CaptionLines: 2, Caption: "一个说明"}},
		{dotS9(t), DiagramOptions{MaxNodes: 60, Boards: true, Layout: true}},
		{dotS4cellsAfter(t), DiagramOptions{Layout: true, Legend: LegendShort}},
		{dotS4leafZH(t), DiagramOptions{Legend: LegendNone}},
	} {
		name := c.r.leg.Summary.Problem + "/" + string(c.r.leg.Lang)
		want, wantRep := dotWrite(t, c.r, c.opt)
		p, rep, err := NewPlan(c.r.tree, c.r.leg, c.opt)
		if err != nil {
			t.Fatalf("%s %+v: %v", name, c.opt, err)
		}
		if rep.Picture != wantRep.Picture || p.Report().Shown != wantRep.Shown {
			t.Errorf("%s %+v: report %+v, WriteDOT's %+v", name, c.opt, rep, wantRep)
		}
		var got bytes.Buffer
		if err := p.WriteDOT(&got); err != nil {
			t.Fatal(err)
		}
		if !bytes.Equal(got.Bytes(), want) {
			t.Errorf("%s %+v: the plan's DOT is not WriteDOT's: %s", name, c.opt, dotFirstDiff(want, got.Bytes()))
		}
		g := parseDOT(t, want)
		var ids []string
		for _, id := range g.nodes {
			if !strings.HasPrefix(id, "corner") {
				ids = append(ids, id)
			}
		}
		boxes := p.Boxes()
		var boxIDs []string
		var edges [][2]string
		for _, b := range boxes {
			boxIDs = append(boxIDs, b.ID)
			if b.Parent >= 0 {
				edges = append(edges, [2]string{boxes[b.Parent].ID, b.ID})
			}
			if len(b.Lines) == 0 || b.Lines[0] == "" || b.W <= 0 || b.H <= 0 {
				t.Errorf("%s %+v: box %s: lines %q, size %v×%v", name, c.opt, b.ID, b.Lines, b.W, b.H)
			}
			if b.Board != c.opt.Boards && (b.Kind == ItemCall || b.Kind == ItemPruned) {
				t.Errorf("%s %+v: box %s: board %v", name, c.opt, b.ID, b.Board)
			}
			// A board drawn whole: its squares are the DOT's cells.
			if rows, cols, sq := p.Board(b); len(sq) != rows*cols || b.Board && p.d.boards == dotBoardGrid && len(sq) == 0 {
				t.Errorf("%s %+v: box %s: board %d×%d of %d squares", name, c.opt, b.ID, rows, cols, len(sq))
			} else if len(sq) > 0 {
				label := g.attrs[b.ID]["label"]
				if n := strings.Count(label, `<TD FIXEDSIZE="TRUE"`); n != len(sq) {
					t.Errorf("%s %+v: box %s: %d squares, %d cells in the DOT", name, c.opt, b.ID, len(sq), n)
				}
				for _, q := range sq {
					if q.Text != "" && !strings.Contains(label, ">"+q.Text+"<") {
						t.Errorf("%s %+v: box %s: square %+v not in the DOT's label", name, c.opt, b.ID, q)
					}
				}
			}
		}
		slices.Sort(ids)
		slices.Sort(boxIDs)
		if !slices.Equal(ids, boxIDs) {
			t.Errorf("%s %+v: boxes %v, DOT nodes %v", name, c.opt, boxIDs, ids)
		}
		cmp := func(a, b [2]string) int { return strings.Compare(a[0]+" "+a[1], b[0]+" "+b[1]) }
		slices.SortFunc(edges, cmp)
		dotEdges := slices.Clone(g.edges)
		slices.SortFunc(dotEdges, cmp)
		if !slices.Equal(edges, dotEdges) {
			t.Errorf("%s %+v: %d parent links, %d DOT edges", name, c.opt, len(edges), len(dotEdges))
		}
		lines := p.LegendLines()
		if (len(lines) == 0) != (g.legend == "") {
			t.Errorf("%s %+v: legend lines %q, DOT legend %q", name, c.opt, lines, g.legend)
		}
		for _, l := range lines {
			for _, part := range strings.Split(l, " | ") {
				if !strings.ContainsAny(part, "&<>\"") && !strings.Contains(g.legend, part) {
					t.Errorf("%s %+v: legend line %q is not in the DOT's legend %q", name, c.opt, part, g.legend)
				}
			}
		}
		if c.opt.CaptionLines > 0 && !slices.Contains(lines, c.opt.Caption) {
			t.Errorf("%s %+v: no caption in %q", name, c.opt, lines)
		}
	}
}

// TestPlanErrors: NewPlan refuses what WriteDOT refuses, with its error.
func TestPlanErrors(t *testing.T) {
	r := dotTenQueens()
	for _, opt := range []DiagramOptions{
		{AtStep: r.tree.Steps + 1},
		{Readable: Readable{Raster: 3}},
		{Boards: true, Readable: Readable{Raster: 3, Boards: true}},
	} {
		_, werr := WriteDOT(&bytes.Buffer{}, r.tree, r.leg, opt)
		p, _, err := NewPlan(r.tree, r.leg, opt)
		if err == nil || werr == nil || err.Error() != werr.Error() || p != nil {
			t.Errorf("%+v: NewPlan %v (plan %v), WriteDOT %v", opt, err, p, werr)
		}
	}
}

// TestRenderOneWay: the way through render runs one way, tree → trim →
// diagram → layout and fit → encoder, as pprof's graph → report → dot:
// no file of the model names anything the DOT writer (dot.go) declares,
// so that another output format reads a Plan and never goes through the
// DOT writer.
func TestRenderOneWay(t *testing.T) {
	fs := token.NewFileSet()
	parse := func(name string) *ast.File {
		f, err := parser.ParseFile(fs, name, nil, parser.SkipObjectResolution)
		if err != nil {
			t.Fatal(err)
		}
		return f
	}
	dot := map[string]bool{} // what dot.go declares: funcs, methods, types, consts, vars
	for _, decl := range parse("dot.go").Decls {
		switch d := decl.(type) {
		case *ast.FuncDecl:
			dot[d.Name.Name] = true
		case *ast.GenDecl:
			for _, s := range d.Specs {
				switch s := s.(type) {
				case *ast.TypeSpec:
					dot[s.Name.Name] = true
				case *ast.ValueSpec:
					for _, n := range s.Names {
						dot[n.Name] = true
					}
				}
			}
		}
	}
	if !dot["write"] || !dot["WriteDOT"] {
		t.Fatalf("dot.go declares %d names, not the DOT writer", len(dot))
	}
	for _, file := range []string{"diagram.go", "plan.go", "fit.go", "trim.go", "layout.go", "caption.go", "fitrule.go", "readable.go", "scene.go", "framesel.go"} {
		ast.Inspect(parse(file), func(n ast.Node) bool {
			if id, ok := n.(*ast.Ident); ok && dot[id.Name] {
				t.Errorf("%s: %s names %s of the DOT writer (dot.go)", fs.Position(id.Pos()), file, id.Name)
			}
			return true
		})
	}
}

// wideText measures text twice as wide as Graphviz draws it.
type wideText struct{}

func (wideText) TextWidth(s string, size float64, bold bool) float64 {
	return 2 * layoutTextWidth(s, size, bold)
}

// TestPlanSizesFromMeasure: a plan's sizes come from its text measure,
// not from the DOT it is written as: text measured twice as wide makes
// a slide's fit choose a smaller trimming, and the same trimming's every
// box of text, its legend and its picture wider; and the DOT writes the
// plan's sizes.
func TestPlanSizesFromMeasure(t *testing.T) {
	r := dotQ8(t)
	opt := DiagramOptions{MaxNodes: DefaultMaxNodes, Layout: true, Fit: Slide16x9, Boards: true}
	plain, rep, err := NewPlan(r.tree, r.leg, opt)
	if err != nil {
		t.Fatal(err)
	}
	planMeasure = wideText{}
	defer func() { planMeasure = graphvizText{} }()
	wide, wrep, err := NewPlan(r.tree, r.leg, opt)
	if err != nil {
		t.Fatal(err)
	}
	if wrep.Shown >= rep.Shown || plain.Report().Shown != rep.Shown || wide.Report().Shown != wrep.Shown {
		t.Errorf("wide text: %d boxes shown, %v; Graphviz's: %d, %v", wrep.Shown, wrep.Picture, rep.Shown, rep.Picture)
	}
	// The same trimming, measured both ways: every box of text is wider.
	opt.Fit, opt.MaxNodes, opt.Boards = Slide{}, 40, false
	planMeasure = graphvizText{}
	plain, _, err = NewPlan(r.tree, r.leg, opt)
	if err != nil {
		t.Fatal(err)
	}
	planMeasure = wideText{}
	wide, _, err = NewPlan(r.tree, r.leg, opt)
	if err != nil {
		t.Fatal(err)
	}
	if wide.d.legW <= plain.d.legW || wide.Report().Picture.Width <= plain.Report().Picture.Width {
		t.Errorf("wide text: legend %v pt wide, picture %v; Graphviz's %v, %v", wide.d.legW, wide.Report().Picture, plain.d.legW, plain.Report().Picture)
	}
	pb, wb := plain.Boxes(), wide.Boxes()
	if len(pb) != len(wb) {
		t.Fatalf("%d boxes measured wide, %d as Graphviz's", len(wb), len(pb))
	}
	for i := range pb {
		if wb[i].W <= pb[i].W {
			t.Errorf("box %s: %v pt wide measured wide, %v as Graphviz's", pb[i].ID, wb[i].W, pb[i].W)
		}
	}
	var dot bytes.Buffer
	if err := wide.WriteDOT(&dot); err != nil {
		t.Fatal(err)
	}
	g := parseDOT(t, dot.Bytes())
	for _, b := range wb {
		if got, want := g.attrs[b.ID]["width"], strconv.FormatFloat(b.W/72, 'f', 4, 64); got != want {
			t.Errorf("box %s: the DOT's width %s, the plan's %s", b.ID, got, want)
		}
	}
}
