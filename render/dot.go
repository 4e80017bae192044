package render

import (
	"bufio"
	"fmt"
	"io"
	"math"
	"strconv"
	"strings"
	"unicode/utf8"

	"github.com/backtrack-edu/backtrack/tracer"
)

// The DOT of a search tree, written by hand like pprof's dotgraph.go and
// gonum's encoding/dot: the same tree and options give the same bytes
// (nothing is taken from a map, coordinates have one decimal), and the text
// stays readable, in sections, one statement a line, attributes in a fixed
// order.
//
// Node ids:
//
//	12      a call node: its call number, the `node` of the step log (root 0)
//	s57     a pruned leaf: the step of its reject event
//	g57     pruned leaves collapsed into one node, the first pruned at step 57
//	e57     subtrees elided into one node, the first of them begun at step 57
//
// Styles that carry meaning, with a key in the legend: solutions filled
// green; the solution path (root to each solution) in bold; dead ends
// (exhausted, return false) grey; pruned leaves red with ✗ (under --when
// after, where the digit was written to the board before the check and
// taken back after it, dashed and labelled "placed, checked, undone"; under
// --when leaf, failed whole-board checks: purple with ✗, and never called
// pruned, for nothing was); cut nodes (left
// when a limit stopped the search) dashed orange; open nodes (drawn at an
// earlier step) yellow, the one running at that step outlined thick;
// elided subtrees dashed grey.

// WriteDOT trims t as opt asks (see Trim; with opt.Fit, as the slide
// asks, see fit.go) and writes it to w as a Graphviz DOT digraph, with a
// legend from leg that says what was left out. It returns what trimming
// kept and left out, and the picture's estimated size. Bad options are
// errors naming the option; so are write errors. A picture too big to be
// read as opt.Readable says is an *UnreadableError, and nothing is
// written.
func WriteDOT(w io.Writer, t *tracer.Tree, leg Legend, opt DiagramOptions) (TrimReport, error) {
	return writeDOT(w, t, leg, opt, nil)
}

// writeDOT is WriteDOT, taking a picture at a step's whole-run plan from
// series if it is not nil: it plans the picture (newPlan), then encodes
// the plan as DOT.
func writeDOT(w io.Writer, t *tracer.Tree, leg Legend, opt DiagramOptions, series *Series) (TrimReport, error) {
	p, rep, err := newPlan(t, leg, opt, series)
	if err != nil {
		return rep, err
	}
	return rep, p.WriteDOT(w)
}

// WriteDOT writes the plan to w as a Graphviz DOT digraph (see the
// package's WriteDOT). Its errors are w's.
func (p *Plan) WriteDOT(w io.Writer) error {
	bw := bufio.NewWriterSize(w, 64<<10)
	p.d.write(bw, p.rep)
	return bw.Flush() // the writer's error, which names its file if it has one
}

// ruleLook returns the extra attributes of pruned leaf i whose rule has a
// look of its own (tracer.RuleWords.Color), "" otherwise.
func (d *diagram) ruleLook(i int32) string {
	rw := d.def.RuleWordsOf(d.t.Node(i).Rule)
	if rw.Color == "" || d.leaf {
		return ""
	}
	return `color="` + rw.Color + `", fontcolor="` + rw.Color + `", fillcolor="` + rw.Fill + `"`
}

// dotEscapeHTML escapes text for a Graphviz HTML-like label.
func dotEscapeHTML(b *strings.Builder, s string) {
	if !strings.ContainsAny(s, "&<>\"\n") && utf8.ValidString(s) {
		b.WriteString(s) // nothing to escape: the same bytes
		return
	}
	for _, r := range s {
		switch r {
		case '&':
			b.WriteString("&amp;")
		case '<':
			b.WriteString("&lt;")
		case '>':
			b.WriteString("&gt;")
		case '"':
			b.WriteString("&quot;")
		case '\n':
			b.WriteString("<BR/>")
		default:
			b.WriteRune(r)
		}
	}
}

// boardHTML writes item i's label, drawn with a board, as a Graphviz
// HTML-like label (without the <>).
func (d *diagram) boardHTML(b *strings.Builder, i int) {
	b.WriteString(`<TABLE BORDER="0" CELLBORDER="0" CELLSPACING="1" CELLPADDING="0">`)
	for k, r := range d.boxRowsOf(i) {
		b.WriteString(`<TR><TD`)
		if r.bg != "" {
			b.WriteString(` BGCOLOR="` + r.bg + `"`)
		}
		b.WriteString(`>`)
		open := `<FONT POINT-SIZE="` + strconv.FormatFloat(r.size, 'f', -1, 64) + `"`
		if r.color != "" {
			open += ` COLOR="` + r.color + `"`
		}
		b.WriteString(open + ">")
		if r.bold {
			b.WriteString("<B>")
		}
		dotEscapeHTML(b, r.text)
		if r.bold {
			b.WriteString("</B>")
		}
		b.WriteString("</FONT></TD></TR>")
		if k == 0 && d.boards == dotBoardGrid {
			d.gridHTML(b, d.tr.Items[i].Node)
		}
	}
	b.WriteString(`</TABLE>`)
}

// gridHTML writes the board at tree node v as a nested table.
func (d *diagram) gridHTML(b *strings.Builder, v int32) {
	cs := strconv.FormatFloat(d.gridCell(), 'f', -1, 64)
	width, height := d.gridSize()
	ws, hs := strconv.FormatFloat(width, 'f', -1, 64), strconv.FormatFloat(height, 'f', -1, 64)
	// A fixed size keeps the squares square when a line of text is wider.
	b.WriteString(`<TR><TD><TABLE FIXEDSIZE="TRUE" WIDTH="` + ws + `" HEIGHT="` + hs + `" BORDER="1" CELLBORDER="0" CELLSPACING="0" CELLPADDING="0" COLOR="` + dotColorDeadLine + `" BGCOLOR="white">`)
	d.eachCell(v, func(p tracer.Pos, c boardCell) {
		if p.Col == 0 {
			b.WriteString("<TR>")
		}
		b.WriteString(`<TD FIXEDSIZE="TRUE" WIDTH="` + cs + `" HEIGHT="` + cs + `"`)
		if c.bg != "" {
			b.WriteString(` BGCOLOR="` + c.bg + `"`)
		}
		b.WriteString(">")
		cellHTML(b, c)
		b.WriteString("</TD>")
		if p.Col == d.work.Cols-1 {
			b.WriteString("</TR>")
		}
	})
	b.WriteString("</TABLE></TD></TR>")
}

// cellHTML writes what stands on one board square.
func cellHTML(b *strings.Builder, c boardCell) {
	if c.text == "" {
		return
	}
	b.WriteString(`<FONT POINT-SIZE="9" COLOR="` + c.color + `">`)
	if c.bold {
		b.WriteString("<B>")
	}
	dotEscapeHTML(b, c.text)
	if c.bold {
		b.WriteString("</B>")
	}
	b.WriteString(`</FONT>`)
}

// dotQuote writes s as a DOT quoted string.
func dotQuote(b []byte, s []byte) []byte {
	b = append(b, '"')
	for i := 0; i < len(s); i++ {
		switch c := s[i]; c {
		case '"', '\\':
			b = append(b, '\\', c)
		case '\n':
			b = append(b, '\\', 'n')
		default:
			b = append(b, c)
		}
	}
	return append(b, '"')
}

// The attributes of each section, set once with a node statement.
const (
	dotAttrCall   = `node [shape=box, style="rounded,filled", fillcolor=white, color="` + dotColorLine + `", penwidth=1, fontname="` + dotFontName + `", fontsize=10, fontcolor=black, margin="0.06,0.03", width=0.3, height=0.25];`
	dotAttrPruned = `node [shape=box, style=filled, fillcolor="` + dotColorPrunedBg + `", color="` + dotColorPruned + `", penwidth=1, fontname="` + dotFontName + `", fontsize=9, fontcolor="` + dotColorPruned + `", margin="0.06,0.03", width=0.3, height=0.25];`
	dotAttrGroup  = `node [shape=box, style="filled,dashed", fillcolor="` + dotColorPrunedBg + `", color="` + dotColorPruned + `", penwidth=1, fontname="` + dotFontName + `", fontsize=9, fontcolor="` + dotColorPruned + `", margin="0.06,0.03", width=0.3, height=0.25];`
	// Candidates placed, checked and undone (--when after): dashed, for
	// they stood on the board only while they were checked.
	dotAttrPlacedUndone = `node [shape=box, style="filled,dashed", fillcolor="` + dotColorPrunedBg + `", color="` + dotColorPruned + `", penwidth=1.2, fontname="` + dotFontName + `", fontsize=9, fontcolor="` + dotColorPruned + `", margin="0.06,0.03", width=0.3, height=0.25];`
	// Failed whole-board checks (--when leaf), one by one and collapsed.
	dotAttrLeafFail  = `node [shape=box, style=filled, fillcolor="` + dotColorLeafBg + `", color="` + dotColorLeaf + `", penwidth=1, fontname="` + dotFontName + `", fontsize=9, fontcolor="` + dotColorLeaf + `", margin="0.06,0.03", width=0.3, height=0.25];`
	dotAttrLeafGroup = `node [shape=box, style="filled,dashed", fillcolor="` + dotColorLeafBg + `", color="` + dotColorLeaf + `", penwidth=1, fontname="` + dotFontName + `", fontsize=9, fontcolor="` + dotColorLeaf + `", margin="0.06,0.03", width=0.3, height=0.25];`
	dotAttrElided    = `node [shape=box, style="rounded,dashed", fillcolor=white, color="` + dotColorElided + `", penwidth=1, fontname="` + dotFontName + `", fontsize=9, fontcolor="` + dotColorElidedTxt + `", margin="0.06,0.03", width=0.3, height=0.25];`
	dotAttrFold      = `node [shape=box, style="rounded,filled", fillcolor="` + dotColorFold + `", color="` + dotColorFoldLine + `", penwidth=1, fontname="` + dotFontName + `", fontsize=9, fontcolor=black, margin="0.06,0.03", width=0.3, height=0.25];`
	dotAttrEdge      = `edge [color="` + dotColorEdge + `", penwidth=1, arrowsize=0.5];`
)

// dotCallAttrs is what a call node's status adds to the section's
// defaults, in a fixed order: style, fillcolor, color, penwidth, fontcolor.
func dotCallAttrs(it *Item) string {
	var style, fill, color, pen, font string
	switch it.Status {
	case tracer.NodeSolution:
		fill, pen = dotColorSolution, dotPenPath
	case tracer.NodeWrong:
		fill, pen = dotColorWrong, dotPenPath
	case tracer.NodeOnPath:
		pen = dotPenPath
		if it.Running { // a solution was found below, and it is still running
			fill = dotColorOpen
		}
	case tracer.NodeDeadEnd:
		fill, color, font = dotColorDeadFill, dotColorDeadLine, dotColorDeadFont
	case tracer.NodeCut:
		style, color, pen = "rounded,filled,dashed", dotColorCut, "1.5"
	case tracer.NodeOpen:
		fill = dotColorOpen
	}
	if it.Active {
		pen = dotPenActive
	}
	var b strings.Builder
	add := func(name, v string, quote bool) {
		if v == "" {
			return
		}
		if b.Len() > 0 {
			b.WriteString(", ")
		}
		b.WriteString(name + "=")
		if quote {
			v = `"` + v + `"`
		}
		b.WriteString(v)
	}
	add("style", style, true)
	add("fillcolor", fill, true)
	add("color", color, true)
	add("penwidth", pen, false)
	add("fontcolor", font, true)
	return b.String()
}

// dotEdgeAttrs is what the edge into item c adds to the defaults; fail is
// the colour of rejected leaves (diagram.failColor).
func dotEdgeAttrs(c *Item, fail string) string {
	switch c.Kind {
	case ItemPruned:
		return `color="` + fail + `"`
	case ItemGroup:
		return `color="` + fail + `", style=dashed`
	case ItemElided:
		return `color="` + dotColorElided + `", style=dashed`
	}
	switch c.Status {
	case tracer.NodeSolution, tracer.NodeOnPath:
		return `color="` + dotColorPathEdge + `", penwidth=` + dotPenPath
	case tracer.NodeCut:
		return `color="` + dotColorCut + `", style=dashed`
	}
	return ""
}

// write writes the whole digraph. Write errors surface at Flush.
func (d *diagram) write(w *bufio.Writer, rep TrimReport) {
	items := d.tr.Items
	var b []byte
	line := func(s string) {
		w.WriteString(s)
		w.WriteByte('\n')
	}
	line("// Search tree of " + d.sum.Problem + " " + dotOneLine(d.sum.Instance) + ", " + d.sum.Strategy.String() + ".")
	line("// " + d.trimLine(rep, tracer.LangEN) + ".")
	if p := rep.Picture; p.Width > 0 {
		fit := ""
		if p.Fit.W > 0 {
			fit = fmt.Sprintf(", %.0f px high on a %.0f×%.0f slide", p.TextPx(p.Fit), p.Fit.W, p.Fit.H)
			if p.Fit.Title > 0 {
				fit += fmt.Sprintf(" below a %.0f px title", p.Fit.Title)
			}
		}
		dir := p.Direction.String()
		if p.Panels > 1 {
			dir += fmt.Sprintf(" in %d panels", p.Panels)
		}
		line(fmt.Sprintf("// Picture %.0f×%.0f pt, %s, smallest text %g pt%s.", p.Width, p.Height, dir, p.MinFont, fit))
	}
	line("// Ids: 12 = call 12 (the step log's node), s57 = pruned at step 57, g57 / e57 = pruned leaves collapsed / subtrees elided, from step 57 on, f12 = the calls from 12 down, folded.")
	line("digraph search {")
	line("\t// graph")
	g := `	graph [fontname="` + dotFontName + `", fontsize=10, ordering=out, nodesep=0.12, ranksep=0.35, labelloc=t, labeljust=l`
	if d.lay != nil {
		// Positions and sizes are pinned, and so are the edges' routes
		// (see treeLayout.route), drawn under the nodes; Graphviz keeps
		// every edge's pos, and splines=line keeps it fast should one lack it.
		g += `, splines=line, outputorder=edgesfirst`
	} else if d.opt.Direction == LeftRight {
		g += `, rankdir=LR`
	}
	line(g + "];")
	if d.lay != nil && d.tr.AtStep > 0 && d.opt.Extent {
		// Graphviz sizes the picture to what it draws: two invisible
		// points at the corners of the whole run's layout keep every
		// step's picture the same size (--frames, --gif).
		line("\t// the whole run's extent")
		line(`	corner0 [label="", style=invis, shape=point, width=0, height=0, pos="0,0!"];`)
		line(fmt.Sprintf(`	corner1 [label="", style=invis, shape=point, width=0, height=0, pos="%s"];`, layoutPos(nil, d.lay.Width, d.lay.Height)))
	}
	if len(d.legend.lines) > 0 {
		line("\t// legend")
		line("\tlabel=<" + d.legendHTML() + ">;")
	}

	var hb strings.Builder
	node := func(i int32, extra string) {
		b = append(b[:0], '\t')
		b = d.id(b, i)
		b = append(b, " [label="...)
		if d.board[i] {
			hb.Reset()
			d.boardHTML(&hb, int(i))
			b = append(b, '<')
			b = append(b, hb.String()...)
			b = append(b, '>')
		} else {
			b = dotQuote(b, d.labelOf(int(i)))
		}
		if extra != "" {
			b = append(b, ", "...)
			b = append(b, extra...)
		}
		if d.lay != nil {
			b = append(b, `, pos="`...)
			b = layoutPos(b, d.lay.X[i], d.lay.Y[i])
			b = append(b, `", width=`...)
			b = strconv.AppendFloat(b, d.w[i]/72, 'f', 4, 64)
			b = append(b, ", height="...)
			b = strconv.AppendFloat(b, d.h[i]/72, 'f', 4, 64)
			b = append(b, ", fixedsize=true"...)
		}
		b = append(b, "];\n"...)
		w.Write(b)
	}
	sections := []struct {
		kind    ItemKind
		comment string
		attrs   string
	}{
		{ItemCall, "// call nodes", dotAttrCall},
		{ItemFold, "// folded chains of calls with one call child each", dotAttrFold},
		{ItemPruned, "// pruned leaves", dotAttrPruned},
		{ItemGroup, "// collapsed pruned leaves", dotAttrGroup},
		{ItemElided, "// elided subtrees", dotAttrElided},
	}
	switch {
	case d.leaf:
		sections[2].comment, sections[2].attrs = "// failed whole-board checks (--when leaf)", dotAttrLeafFail
		sections[3].comment, sections[3].attrs = "// collapsed failed whole-board checks", dotAttrLeafGroup
	case d.after:
		sections[2].comment, sections[2].attrs = "// candidates placed, checked and undone (--when after)", dotAttrPlacedUndone
		sections[3].comment = "// collapsed candidates placed, checked and undone"
	}
	for _, s := range sections {
		header := false
		for i := range items {
			it := &items[i]
			if it.Kind != s.kind || it.Hidden {
				continue
			}
			if !header {
				line("\t" + s.comment)
				line("\t" + s.attrs)
				header = true
			}
			extra := ""
			switch {
			case it.Kind == ItemCall || it.Kind == ItemFold:
				extra = dotCallAttrs(it)
			case it.Kind == ItemPruned && d.ruleLook(it.Node) != "":
				extra = d.ruleLook(it.Node)
			case it.Kind == ItemElided && deadAgg(&d.tr.Aggs[it.Agg]):
				// Dead ends, folded: grey as a dead end, dashed as elided.
				extra = `style="rounded,filled,dashed", fillcolor="` + dotColorDeadFill + `"`
			case it.Active || it.Running:
				// The call running at the step drawn is inside.
				extra = "penwidth=" + dotPenActive
				if !it.Active {
					extra = "penwidth=" + dotPenPath
				}
			}
			node(int32(i), extra)
		}
	}
	// Edges: the plain ones first, the solution paths' last, so that
	// where routes share a stretch (out of a parent) the bold one is on
	// top.
	header := false
	for pass := 0; pass < 2; pass++ {
		for i := 1; i < len(items); i++ {
			it := &items[i]
			if it.Hidden || (pass == 1) != (it.SolutionPath && (it.Kind == ItemCall || it.Kind == ItemFold)) {
				continue
			}
			if !header {
				line("\t// edges")
				line("\t" + dotAttrEdge)
				header = true
			}
			b = append(b[:0], '\t')
			b = d.id(b, it.Parent)
			b = append(b, " -> "...)
			b = d.id(b, int32(i))
			a := dotEdgeAttrs(it, d.failColor())
			if it.Kind == ItemPruned && !d.leaf {
				if rw := d.def.RuleWordsOf(d.t.Node(it.Node).Rule); rw.Color != "" {
					a = `color="` + rw.Color + `"`
				}
			}
			if d.lay != nil {
				pts, tip := d.lay.route(int(it.Parent), i, d.w, d.h, trunkOf(items, i))
				if a != "" {
					a += ", "
				}
				a += `pos="` + string(layoutSpline(nil, pts, tip)) + `"`
			}
			if a != "" {
				b = append(b, " ["...)
				b = append(b, a...)
				b = append(b, ']')
			}
			b = append(b, ";\n"...)
			w.Write(b)
		}
	}
	line("}")
}

// trimLine says what trimming kept and left out.
func (d *diagram) trimLine(rep TrimReport, lang tracer.Lang) string {
	sep := "; "
	if lang == tracer.LangZH {
		sep = "；"
	}
	return strings.Join(d.trimParts(rep, lang), sep)
}

// legendHTML writes the legend as a Graphviz HTML-like label (without the
// <>).
func (d *diagram) legendHTML() string {
	var b strings.Builder
	b.WriteString(`<TABLE BORDER="0" CELLBORDER="0" CELLSPACING="2" CELLPADDING="1">`)
	for _, l := range d.legend.lines {
		switch l.kind {
		case legendText:
			b.WriteString(`<TR><TD ALIGN="LEFT">`)
			if l.bold != "" {
				b.WriteString("<B>")
				dotEscapeHTML(&b, l.bold)
				b.WriteString("</B> ")
			}
			dotEscapeHTML(&b, l.text)
			b.WriteString("</TD></TR>")
		case legendCaption:
			d.captionHTML(&b, l)
		case legendBlank:
			b.WriteString(`<TR><TD ALIGN="LEFT"> </TD></TR>`)
		case legendChips:
			// A table in a cell is stretched to the cell's width unless its
			// size is fixed: fix it at its own, so that a short line of chips
			// keeps its chips' widths.
			b.WriteString(`<TR><TD ALIGN="LEFT"><TABLE BORDER="0" CELLBORDER="1" CELLSPACING="4" CELLPADDING="3" ALIGN="LEFT" FIXEDSIZE="TRUE" WIDTH="` +
				strconv.FormatFloat(l.w, 'f', -1, 64) + `" HEIGHT="` + strconv.FormatFloat(math.Ceil(dotFontLegend*1.2+6+2*3+8), 'f', -1, 64) + `"><TR>`)
			for _, c := range l.chips {
				b.WriteString("<TD" + chipAttrs(c) + ">")
				if c.lead != "" {
					b.WriteString(`<FONT COLOR="` + c.leadColor + `"><B>`)
					dotEscapeHTML(&b, c.lead)
					b.WriteString(`</B></FONT>`)
					dotEscapeHTML(&b, c.text[len(c.lead):])
				} else {
					dotEscapeHTML(&b, c.text)
				}
				b.WriteString("</TD>")
			}
			b.WriteString(`</TR></TABLE></TD></TR>`)
		}
	}
	b.WriteString(`</TABLE>`)
	return b.String()
}

// chipAttrs is a key chip's look as the attributes of an HTML table cell.
func chipAttrs(c keyChip) string {
	s := ""
	if c.fill != "" {
		s += ` BGCOLOR="` + c.fill + `"`
	}
	if c.line != "" {
		s += ` COLOR="` + c.line + `"`
	}
	if c.border != 1 {
		s += ` BORDER="` + strconv.FormatFloat(c.border, 'f', -1, 64) + `"`
	}
	return s
}

// WriteDOT writes the picture of the run that opt asks for, as WriteDOT
// does (opt.AtStep > 0: at that step).
func (s *Series) WriteDOT(w io.Writer, opt DiagramOptions) (TrimReport, error) {
	return writeDOT(w, s.t, s.leg, opt, s)
}

// captionHTML writes the legend's caption line l as a row of a Graphviz
// HTML-like table: a cell of l's fixed size.
func (d *diagram) captionHTML(b *strings.Builder, l legendLine) {
	b.WriteString(`<TR><TD ALIGN="LEFT" VALIGN="TOP" BALIGN="LEFT" FIXEDSIZE="TRUE" CELLPADDING="` +
		strconv.FormatFloat(dotCaptionPadding, 'f', -1, 64) + `" BGCOLOR="` + dotColorCaptionBg + `" WIDTH="` +
		strconv.FormatFloat(math.Floor(l.w), 'f', -1, 64) + `" HEIGHT="` + strconv.FormatFloat(l.h, 'f', -1, 64) +
		`"><FONT POINT-SIZE="` + strconv.FormatFloat(dotFontCaption, 'f', -1, 64) + `">`)
	if len(l.caption) == 0 {
		b.WriteString(" ")
	}
	for i, t := range l.caption {
		if i > 0 {
			b.WriteString(`<BR ALIGN="LEFT"/>`)
		}
		dotEscapeHTML(b, t)
	}
	b.WriteString(`</FONT></TD></TR>`)
}
