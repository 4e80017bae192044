package graphviz

import (
	"bytes"
	"fmt"
	"math"
	"sort"
	"strconv"
	"strings"
)

// This file draws big pinned drawings without handing every box to
// Graphviz. Graphviz runs here as WebAssembly: for a pinned layout it does
// no layout work, yet parsing, measuring and writing 70,000 boxes and
// their edges took it 25-30 s and over a gigabyte of memory. When every
// node of a pinned drawing is a plain box (the boxes of the tidy layout
// without --boards) and every edge a plain spline with a position, Go
// draws the boxes and edges itself, with the same operations Graphviz's
// xdot output has for them (tests compare the two, operation by operation,
// and the SVG elements too); Graphviz draws the rest: the graph's
// background and label (the legend, an HTML table), in a drawing that
// holds only two invisible nodes at the corners of the boxes' and edges'
// bounding box, so that its bounding box, and therefore its canvas and
// the label's place, are those of the whole drawing.

// fastMinNodes is the number of nodes from which a pinned drawing that
// qualifies is drawn by fastDraw. Smaller drawings go to Graphviz whole, so
// their bytes stay Graphviz's own; tests lower it to compare both.
var fastMinNodes = 1000

// Graphviz gives a node at least this size (MIN_NODEWIDTH and
// MIN_NODEHEIGHT, in points), even when asked for 0.
const (
	gvMinNodeWidth  = 0.72
	gvMinNodeHeight = 1.44
)

// fastCorner names the frame's two invisible corner nodes.
var fastCorner = [2]string{"_backtrack_corner_ll", "_backtrack_corner_ur"}

// fastGraph is a pinned drawing split for fastDraw.
type fastGraph struct {
	name       string
	graphStmts [][]byte // the root graph's own statements, as written
	nodes      []fastNode
	edges      []fastEdge
	outorder   string // the graph's outputorder
	svgSize    int    // about how many bytes the nodes and edges take in SVG
}

// fastNode is a plain box with a pinned position.
type fastNode struct {
	name                   string
	x, y, w, h             float64 // centre and size, in points
	rounded, filled, invis bool
	dash                   string // "", "dashed" or "dotted"
	pen, fill, fontColor   string // colours as written in the DOT
	penwidth               float64
	fontName               string
	fontSize               float64
	lines                  []string
}

// fastEdge is an edge whose spline is given by its pos.
type fastEdge struct {
	tail, head string
	pts        []pt // the spline's control points, Graphviz coordinates (y up)
	end        pt   // where the arrowhead points
	color      string
	dash       string
	penwidth   float64
	arrowsize  float64
}

// fastGraphAttrs are the root graph attributes a fast drawing may have:
// none of them changes how a pinned node or edge is drawn.
var fastGraphAttrs = map[string]bool{
	"fontname": true, "fontsize": true, "fontcolor": true, "ordering": true, "nodesep": true,
	"ranksep": true, "labelloc": true, "labeljust": true, "splines": true, "outputorder": true,
	"label": true, "bgcolor": true, "pad": true, "dpi": true, "resolution": true, "size": true,
	"margin": true, "notranslate": true, "rankdir": true, "newrank": true, "charset": true,
}

// fastParse reads dot and returns it split for fastDraw, or nil when the
// drawing has something fastDraw does not draw as Graphviz would
// (subgraphs, HTML labels, other shapes or attributes, an edge without a
// position, ...), or fewer than fastMinNodes nodes.
func fastParse(dot []byte) *fastGraph {
	if bytes.Count(dot, []byte("pos=")) < fastMinNodes {
		return nil
	}
	p := &dotParser{lex: dotLexer{src: dot, line: 1}}
	g, ok := p.fastGraph()
	if !ok || len(g.nodes) < fastMinNodes {
		return nil
	}
	g.svgSize = 3*len(dot) + 64<<10 // SVG takes about three times the DOT's bytes
	return g
}

// fastAttrs is one attribute list, or the defaults in force.
type fastAttrs []fastAttr

type fastAttr struct{ key, val string }

// get is the value of key: the last one set.
func (a fastAttrs) get(key string) (string, bool) {
	for i := len(a) - 1; i >= 0; i-- {
		if a[i].key == key {
			return a[i].val, true
		}
	}
	return "", false
}

// with is a followed by b: b's values win.
func (a fastAttrs) with(b fastAttrs) fastAttrs {
	return append(append(fastAttrs(nil), a...), b...)
}

// fastLookup looks key up in a statement's attributes, then in the
// defaults.
type fastLookup struct{ own, def fastAttrs }

func (l fastLookup) get(key string) (string, bool) {
	if v, ok := l.own.get(key); ok {
		return v, true
	}
	return l.def.get(key)
}

func (l fastLookup) val(key string) string {
	v, _ := l.get(key)
	return v
}

// only says whether every attribute set is one of known.
func (l fastLookup) only(known map[string]bool) bool {
	for _, a := range [2]fastAttrs{l.own, l.def} {
		for _, kv := range a {
			if !known[kv.key] {
				return false
			}
		}
	}
	return true
}

func (p *dotParser) fastGraph() (*fastGraph, bool) {
	t, err := p.next()
	if err != nil || !t.is("digraph") {
		return nil, false
	}
	g := &fastGraph{}
	if t, err = p.peek(); err != nil {
		return nil, false
	}
	if t.kind == tokID {
		p.next()
		g.name = unquote(t.raw)
	}
	if p.expect('{') != nil {
		return nil, false
	}
	nodeDef, edgeDef := fastAttrs{}, fastAttrs{}
	names := map[string]bool{fastCorner[0]: true, fastCorner[1]: true}
	seq := map[string]int{} // the order in which nodes are first named
	see := func(name string) {
		if _, ok := seq[name]; !ok {
			seq[name] = len(seq)
		}
	}
	for {
		t, err := p.next()
		start := t.start
		if err != nil {
			return nil, false
		}
		switch {
		case t.kind == tokPunct && t.punct == '}':
			if t, err := p.next(); err != nil || t.kind != tokEOF {
				return nil, false
			}
			if g.outorder != "edgesfirst" && g.outorder != "nodesfirst" {
				return nil, false
			}
			for _, e := range g.edges {
				if !names[e.tail] || !names[e.head] {
					return nil, false
				}
			}
			// Graphviz draws the edges tail by tail, in the order the
			// nodes first appeared, and each tail's edges by their heads'
			// order; the nodes in that order too.
			sort.SliceStable(g.edges, func(i, j int) bool {
				a, b := &g.edges[i], &g.edges[j]
				if a.tail != b.tail {
					return seq[a.tail] < seq[b.tail]
				}
				return seq[a.head] < seq[b.head]
			})
			sort.SliceStable(g.nodes, func(i, j int) bool { return seq[g.nodes[i].name] < seq[g.nodes[j].name] })
			return g, true
		case t.kind == tokPunct && t.punct == ';':
		case t.is("graph"):
			a, ok := p.fastAttrList()
			if !ok {
				return nil, false
			}
			for _, kv := range a {
				if !fastGraphAttrs[kv.key] {
					return nil, false
				}
				if kv.key == "outputorder" {
					g.outorder = kv.val
				}
			}
			g.graphStmts = append(g.graphStmts, p.lex.src[start:p.lastEnd])
		case t.is("node"), t.is("edge"):
			a, ok := p.fastAttrList()
			if !ok {
				return nil, false
			}
			if t.is("node") {
				nodeDef = nodeDef.with(a)
			} else {
				edgeDef = edgeDef.with(a)
			}
		case t.kind == tokID && !t.is("subgraph") && !t.is("strict"):
			next, err := p.peek()
			if err != nil {
				return nil, false
			}
			name := unquote(t.raw)
			switch {
			case next.kind == tokPunct && next.punct == '=':
				p.next()
				v, err := p.next()
				if err != nil || v.kind != tokID || !fastGraphAttrs[name] {
					return nil, false
				}
				if name == "outputorder" {
					g.outorder = unquote(v.raw)
				}
				g.graphStmts = append(g.graphStmts, p.lex.src[start:p.lastEnd])
			case next.kind == tokEdgeOp:
				p.next()
				h, err := p.next()
				if err != nil || h.kind != tokID || h.is("subgraph") || string(next.raw) != "->" {
					return nil, false
				}
				if n, err := p.peek(); err != nil || n.kind == tokEdgeOp || (n.kind == tokPunct && n.punct == ':') {
					return nil, false
				}
				a, ok := p.fastAttrList()
				if !ok {
					return nil, false
				}
				see(name)
				see(unquote(h.raw))
				e, ok := fastEdgeOf(name, unquote(h.raw), fastLookup{a, edgeDef})
				if !ok {
					return nil, false
				}
				g.edges = append(g.edges, e)
			default:
				if next.kind == tokPunct && next.punct == ':' {
					return nil, false
				}
				a, ok := p.fastAttrList()
				if !ok || names[name] {
					return nil, false
				}
				n, ok := fastNodeOf(name, fastLookup{a, nodeDef})
				if !ok {
					return nil, false
				}
				names[name] = true
				see(name)
				g.nodes = append(g.nodes, n)
			}
		default:
			return nil, false
		}
	}
}

// fastAttrList reads any number of [a=b, ...] lists.
func (p *dotParser) fastAttrList() (fastAttrs, bool) {
	var a fastAttrs
	for {
		t, err := p.peek()
		if err != nil {
			return nil, false
		}
		if t.kind != tokPunct || t.punct != '[' {
			return a, true
		}
		p.next()
		for {
			k, err := p.next()
			if err != nil {
				return nil, false
			}
			if k.kind == tokPunct && (k.punct == ',' || k.punct == ';') {
				continue
			}
			if k.kind == tokPunct && k.punct == ']' {
				break
			}
			if k.kind != tokID || p.expect('=') != nil {
				return nil, false
			}
			v, err := p.next()
			if err != nil || v.kind != tokID {
				return nil, false
			}
			val := "\x00html" // an HTML label: never drawn here
			if v.raw[0] != '<' {
				val = unquote(v.raw)
			}
			a = append(a, fastAttr{string(k.raw), val})
		}
	}
}

// fastNodeAttrs are the node attributes fastNodeOf understands.
var fastNodeAttrs = map[string]bool{
	"label": true, "shape": true, "style": true, "fillcolor": true, "color": true,
	"fontcolor": true, "penwidth": true, "fontname": true, "fontsize": true, "margin": true,
	"width": true, "height": true, "fixedsize": true, "pos": true,
}

func fastNodeOf(name string, a fastLookup) (fastNode, bool) {
	n := fastNode{name: name, pen: "black", fill: "lightgrey", fontColor: "black", penwidth: 1,
		fontName: "Times-Roman", fontSize: 14}
	if !a.only(fastNodeAttrs) {
		return n, false
	}
	var ok bool
	if n.x, n.y, ok = fastPos(a.val("pos")); !ok {
		return n, false
	}
	if a.val("style") == "invis" && a.val("shape") == "point" && a.val("width") == "0" && a.val("height") == "0" {
		// An invisible point of the smallest size, as the tidy layout
		// puts at the corners of a picture drawn at a step: it draws
		// nothing, but Graphviz counts it in the bounding box.
		n.invis, n.w, n.h = true, gvMinNodeWidth, gvMinNodeWidth
		return n, true
	}
	if a.val("shape") != "box" || a.val("fixedsize") != "true" {
		return n, false
	}
	w, err1 := strconv.ParseFloat(a.val("width"), 64)
	h, err2 := strconv.ParseFloat(a.val("height"), 64)
	if err1 != nil || err2 != nil || !(w > 0 && h > 0 && w < 1e6 && h < 1e6) {
		return n, false
	}
	n.w, n.h = w*72, h*72
	for _, s := range strings.Split(a.val("style"), ",") {
		switch strings.TrimSpace(s) {
		case "":
		case "rounded":
			n.rounded = true
		case "filled":
			n.filled = true
		case "dashed", "dotted":
			n.dash = strings.TrimSpace(s)
		default:
			return n, false
		}
	}
	for _, c := range []struct {
		key string
		to  *string
	}{{"color", &n.pen}, {"fillcolor", &n.fill}, {"fontcolor", &n.fontColor}} {
		if v, set := a.get(c.key); set {
			if xdotColor(v) == "" {
				return n, false
			}
			*c.to = v
		}
	}
	if _, set := a.get("fillcolor"); !set && n.filled {
		// Graphviz fills with color, or light grey, when fillcolor is
		// unset; light grey is left to it.
		if _, pen := a.get("color"); !pen {
			return n, false
		}
		n.fill = n.pen
	}
	if v, set := a.get("penwidth"); set {
		f, err := strconv.ParseFloat(v, 64)
		if err != nil || !(f >= 0 && f < 1e4) {
			return n, false
		}
		n.penwidth = f
	}
	if v, set := a.get("fontsize"); set {
		f, err := strconv.ParseFloat(v, 64)
		if err != nil || !(f >= 1 && f < 1e4) {
			return n, false
		}
		n.fontSize = f
	}
	if v, set := a.get("fontname"); set {
		n.fontName = v
	}
	label, set := a.get("label")
	if !set {
		label = `\N`
	}
	var lines []string
	var b strings.Builder
	for i := 0; i < len(label); i++ {
		c := label[i]
		if c == '\x00' {
			return n, false // an HTML label
		}
		if c != '\\' {
			b.WriteByte(c)
			continue
		}
		if i+1 == len(label) {
			return n, false
		}
		i++
		switch label[i] {
		case 'n':
			lines = append(lines, b.String())
			b.Reset()
		case '\\':
			b.WriteByte('\\')
		case 'N':
			b.WriteString(name)
		default:
			return n, false // \l, \r, \G, \E, ...: left to Graphviz
		}
	}
	if b.Len() > 0 || len(lines) == 0 {
		lines = append(lines, b.String())
	}
	n.lines = lines
	return n, true
}

// fastEdgeAttrs are the edge attributes fastEdgeOf understands.
var fastEdgeAttrs = map[string]bool{
	"pos": true, "color": true, "style": true, "penwidth": true, "arrowsize": true,
}

func fastEdgeOf(tail, head string, a fastLookup) (fastEdge, bool) {
	e := fastEdge{tail: tail, head: head, color: "black", penwidth: 1, arrowsize: 1}
	if !a.only(fastEdgeAttrs) {
		return e, false
	}
	if v, set := a.get("color"); set {
		if xdotColor(v) == "" {
			return e, false
		}
		e.color = v
	}
	switch style := a.val("style"); style {
	case "", "solid":
	case "dashed", "dotted":
		e.dash = style
	default:
		return e, false
	}
	for _, f := range []struct {
		key string
		to  *float64
	}{{"penwidth", &e.penwidth}, {"arrowsize", &e.arrowsize}} {
		if v, set := a.get(f.key); set {
			x, err := strconv.ParseFloat(v, 64)
			if err != nil || !(x >= 0 && x < 1e4) {
				return e, false
			}
			*f.to = x
		}
	}
	fields := strings.Fields(a.val("pos"))
	if len(fields) < 5 || !strings.HasPrefix(fields[0], "e,") || (len(fields)-2)%3 != 0 {
		return e, false
	}
	var ok bool
	if e.end.x, e.end.y, ok = fastPos(fields[0][2:]); !ok {
		return e, false
	}
	for _, f := range fields[1:] {
		var q pt
		if q.x, q.y, ok = fastPos(f); !ok {
			return e, false
		}
		e.pts = append(e.pts, q)
	}
	return e, true
}

// fastPos reads "x,y" or "x,y!".
func fastPos(s string) (x, y float64, ok bool) {
	s = strings.TrimSuffix(s, "!")
	xs, ys, found := strings.Cut(s, ",")
	if !found {
		return 0, 0, false
	}
	x, err1 := strconv.ParseFloat(xs, 64)
	y, err2 := strconv.ParseFloat(ys, 64)
	if err1 != nil || err2 != nil || math.IsNaN(x+y) || math.IsInf(x+y, 0) {
		return 0, 0, false
	}
	return x, y, true
}

// xdotColor is colour c as Graphviz writes it in xdot, or "" for a colour
// fastDraw leaves to Graphviz.
func xdotColor(c string) string {
	switch c {
	case "black":
		return "#000000"
	case "white":
		return "#ffffff"
	}
	if len(c) == 7 && c[0] == '#' {
		if _, err := strconv.ParseUint(c[1:], 16, 32); err == nil {
			return strings.ToLower(c)
		}
	}
	return ""
}

// bounds is the bounding box of the nodes and edges, as Graphviz computes
// it for a pinned layout.
func (g *fastGraph) bounds() (x0, y0, x1, y1 float64) {
	x0, y0, x1, y1 = math.Inf(1), math.Inf(1), math.Inf(-1), math.Inf(-1)
	add := func(x, y float64) {
		x0, y0, x1, y1 = math.Min(x0, x), math.Min(y0, y), math.Max(x1, x), math.Max(y1, y)
	}
	for _, n := range g.nodes {
		add(n.x-n.w/2, n.y-n.h/2)
		add(n.x+n.w/2, n.y+n.h/2)
	}
	for _, e := range g.edges {
		for _, q := range e.pts {
			add(q.x, q.y)
		}
		add(e.end.x, e.end.y)
	}
	return
}

// frame is the DOT Graphviz draws: the graph's own statements and two
// invisible nodes that give it the whole drawing's bounding box.
func (g *fastGraph) frame() []byte {
	x0, y0, x1, y1 := g.bounds()
	var b bytes.Buffer
	b.WriteString("digraph ")
	b.Write(dotQuoteID(g.name))
	b.WriteString(" {\n")
	for _, s := range g.graphStmts {
		b.WriteString("\t")
		b.Write(s)
		b.WriteString(";\n")
	}
	for i, c := range [2]pt{{x0 + gvMinNodeWidth/2, y0 + gvMinNodeHeight/2}, {x1 - gvMinNodeWidth/2, y1 - gvMinNodeHeight/2}} {
		fmt.Fprintf(&b, "\t%s [shape=none, style=invis, label=\"\", width=0, height=0, fixedsize=true, pos=\"%s,%s!\"];\n",
			fastCorner[i], strconv.FormatFloat(c.x, 'f', -1, 64), strconv.FormatFloat(c.y, 'f', -1, 64))
	}
	b.WriteString("}\n")
	return b.Bytes()
}

// dotQuoteID quotes a graph name for DOT.
func dotQuoteID(s string) []byte {
	return []byte(`"` + strings.ReplaceAll(strings.ReplaceAll(s, `\`, `\\`), `"`, `\"`) + `"`)
}

// gvNum writes v as Graphviz writes numbers in xdot and SVG: two decimals
// at most, no trailing zeros, no "-0".
func gvNum(b []byte, v float64) []byte {
	s := strconv.AppendFloat(b, v, 'f', 2, 64)
	n := s[len(b):]
	if bytes.IndexByte(n, '.') >= 0 {
		n = bytes.TrimRight(n, "0")
		n = bytes.TrimSuffix(n, []byte("."))
	}
	if string(n) == "-0" {
		n = n[1:]
	}
	if len(n) == 0 {
		n = append(n, '0')
	}
	return append(b, n...)
}

// shape is one path of a node or edge: a polygon or a piecewise Bézier.
type fastShape struct {
	bezier, filled bool
	pts            []pt
}

// nodeShape is the outline of node n, as Graphviz draws a box (rounded:
// with corners of radius min(12, shortest side/3), their control points
// halfway).
func (n *fastNode) shape() fastShape {
	l, r, b, t := n.x-n.w/2, n.x+n.w/2, n.y-n.h/2, n.y+n.h/2
	if !n.rounded {
		return fastShape{filled: n.filled, pts: []pt{{r, t}, {l, t}, {l, b}, {r, b}}}
	}
	rad := math.Min(12, math.Min(n.w, n.h)/3)
	h := rad / 2
	return fastShape{bezier: true, filled: n.filled, pts: []pt{
		{r - rad, t},
		{r - rad, t}, {l + rad, t}, {l + rad, t},
		{l + h, t}, {l, t - h}, {l, t - rad},
		{l, t - rad}, {l, b + rad}, {l, b + rad},
		{l, b + h}, {l + h, b}, {l + rad, b},
		{l + rad, b}, {r - rad, b}, {r - rad, b},
		{r - h, b}, {r, b + h}, {r, b + rad},
		{r, b + rad}, {r, t - rad}, {r, t - rad},
		{r, t - h}, {r - h, t}, {r - rad, t},
	}}
}

// fastText is one line of a label.
type fastText struct {
	x, y, width float64
	text        string
}

// texts are the lines of n's label, centred, as Graphviz places them.
func (n *fastNode) texts() []fastText {
	lh := n.fontSize * 1.2
	y := n.y + float64(len(n.lines))*lh/2 - 0.9*n.fontSize
	out := make([]fastText, len(n.lines))
	for i, s := range n.lines {
		out[i] = fastText{x: n.x, y: y, width: measureText(s, n.fontName, n.fontSize, false, false), text: s}
		y -= lh
	}
	return out
}

// arrow is the arrowhead of e: Graphviz's "normal" arrow, 10 points long
// and 3.5 wide each side at arrowsize 1, moved back from the end so that
// the pen does not overshoot it.
func (e *fastEdge) arrow() []pt {
	last := e.pts[len(e.pts)-1]
	dx, dy := e.end.x-last.x, e.end.y-last.y
	d := math.Hypot(dx, dy)
	if d == 0 {
		return nil
	}
	ux, uy := dx/d, dy/d
	length, half := 10*e.arrowsize, 3.5*e.arrowsize
	back := e.penwidth / 2 / math.Sin(math.Atan2(half, length))
	tip := pt{e.end.x - ux*back, e.end.y - uy*back}
	base := pt{tip.x - ux*length, tip.y - uy*length}
	return []pt{{base.x - uy*half, base.y + ux*half}, tip, {base.x + uy*half, base.y - ux*half}}
}

// xdotStyle writes the S operations Graphviz starts a shape's operations
// with: the pen width when it is not 1, then a dash style.
func xdotStyle(b []byte, penwidth float64, dash string) []byte {
	if penwidth != 1 {
		w := gvNum(nil, penwidth)
		b = xdotString(append(b, "S "...), "setlinewidth("+string(w)+")")
	}
	if dash != "" {
		b = xdotString(append(b, "S "...), dash)
	}
	return b
}

// xdotString writes s as xdot writes a string operand: its length in
// bytes, a space, a dash and the bytes, then a space.
func xdotString(b []byte, s string) []byte {
	b = strconv.AppendInt(b, int64(len(s)), 10)
	b = append(b, " -"...)
	b = append(b, s...)
	return append(b, ' ')
}

func xdotPoints(b []byte, op byte, pts []pt) []byte {
	b = append(b, op, ' ')
	b = strconv.AppendInt(b, int64(len(pts)), 10)
	b = append(b, ' ')
	for _, q := range pts {
		b = gvNum(b, q.x)
		b = append(b, ' ')
		b = gvNum(b, q.y)
		b = append(b, ' ')
	}
	return b
}

// xdotOps are the xdot operations of node n: its _draw_ and _ldraw_.
func (n *fastNode) xdotOps() (draw, ldraw string) {
	var b []byte
	b = xdotStyle(b, n.penwidth, n.dash)
	b = xdotString(append(b, "c "...), xdotColor(n.pen))
	sh := n.shape()
	if sh.filled {
		b = xdotString(append(b, "C "...), xdotColor(n.fill))
	}
	op := byte('p')
	switch {
	case sh.bezier && sh.filled:
		op = 'b'
	case sh.bezier:
		op = 'B'
	case sh.filled:
		op = 'P'
	}
	b = xdotPoints(b, op, sh.pts)
	draw = string(b)

	b = b[:0]
	for _, t := range n.texts() {
		b = append(b, "F "...)
		b = gvNum(b, n.fontSize)
		b = append(b, ' ')
		b = xdotString(b, n.fontName)
		b = xdotString(append(b, "c "...), xdotColor(n.fontColor))
		b = append(b, "T "...)
		b = gvNum(b, t.x)
		b = append(b, ' ')
		b = gvNum(b, t.y)
		b = append(b, " 0 "...)
		b = gvNum(b, t.width)
		b = append(b, ' ')
		b = xdotString(b, t.text)
	}
	return draw, string(b)
}

// xdotOps are the xdot operations of edge e: its _draw_ and _hdraw_.
func (e *fastEdge) xdotOps() (draw, hdraw string) {
	var b []byte
	b = xdotStyle(b, e.penwidth, e.dash)
	b = xdotString(append(b, "c "...), xdotColor(e.color))
	b = xdotPoints(b, 'B', e.pts)
	draw = string(b)
	head := e.arrow()
	if head == nil {
		return draw, ""
	}
	b = b[:0]
	b = xdotStyle(b, e.penwidth, "solid")
	b = xdotString(append(b, "c "...), xdotColor(e.color))
	b = xdotString(append(b, "C "...), xdotColor(e.color))
	b = xdotPoints(b, 'P', head)
	return draw, string(b)
}

// fastDrawing is the drawing painted for PNG: Graphviz's drawing of the
// frame with the nodes and edges added.
func (g *fastGraph) drawing(frame *drawing) *drawing {
	objs := make([]object, 0, len(frame.objects)+len(g.nodes)+len(g.edges))
	objs = append(objs, frame.objects...)
	for i := range g.edges {
		e := &g.edges[i]
		o := object{kind: kindEdge, name: "node " + e.tail + " -> " + e.head}
		o.ops[0], o.ops[2] = e.xdotOps()
		objs = append(objs, o)
	}
	for i := range g.nodes {
		n := &g.nodes[i]
		if n.invis {
			continue
		}
		o := object{kind: kindNode, name: "node " + n.name}
		o.ops[0], o.ops[3] = n.xdotOps()
		objs = append(objs, o)
	}
	frame.objects = objs
	return frame
}

// svgColor is colour c as Graphviz's SVG renderer writes it: names as
// they are, #rrggbb in lower case.
func svgColor(c string) string {
	if c[0] == '#' {
		return strings.ToLower(c)
	}
	return c
}

// svgEscape writes s as Graphviz escapes text for SVG: &, <, >, -, quotes
// and apostrophes as entities, and the second of two spaces as a no-break
// space (text only).
func svgEscape(b []byte, s string, text bool) []byte {
	for i := 0; i < len(s); i++ {
		switch c := s[i]; c {
		case '&':
			if svgIsEntity(s[i:]) {
				b = append(b, c)
			} else {
				b = append(b, "&amp;"...)
			}
		case '<':
			b = append(b, "&lt;"...)
		case '>':
			b = append(b, "&gt;"...)
		case '-':
			b = append(b, "&#45;"...)
		case '"':
			b = append(b, "&quot;"...)
		case '\'':
			b = append(b, "&#39;"...)
		case ' ':
			if text && i > 0 && s[i-1] == ' ' {
				b = append(b, "&#160;"...)
			} else {
				b = append(b, c)
			}
		default:
			b = append(b, c)
		}
	}
	return b
}

// svgIsEntity says whether s starts with an XML entity (&name; or &#n;),
// which Graphviz leaves as it is.
func svgIsEntity(s string) bool {
	end := strings.IndexByte(s, ';')
	if end < 2 || end > 10 {
		return false
	}
	body := s[1:end]
	if body[0] == '#' {
		body = strings.TrimPrefix(strings.TrimPrefix(body[1:], "x"), "X")
		if body == "" {
			return false
		}
		for i := 0; i < len(body); i++ {
			c := body[i]
			if !(c >= '0' && c <= '9' || c >= 'a' && c <= 'f' || c >= 'A' && c <= 'F') {
				return false
			}
		}
		return true
	}
	for i := 0; i < len(body); i++ {
		c := body[i]
		if !(c >= 'a' && c <= 'z' || c >= 'A' && c <= 'Z') {
			return false
		}
	}
	return true
}

// svgStroke writes the stroke attributes Graphviz writes after fill.
func svgStroke(b []byte, color string, penwidth float64, dash string) []byte {
	b = append(b, ` stroke="`...)
	b = append(b, svgColor(color)...)
	b = append(b, '"')
	if penwidth != 1 {
		b = append(b, ` stroke-width="`...)
		b = gvNum(b, penwidth)
		b = append(b, '"')
	}
	switch dash {
	case "dashed":
		b = append(b, ` stroke-dasharray="5,2"`...)
	case "dotted":
		b = append(b, ` stroke-dasharray="1,5"`...)
	}
	return b
}

func svgPoint(b []byte, q pt) []byte {
	b = gvNum(b, q.x)
	b = append(b, ',')
	return gvNum(b, -q.y)
}

// svgShape writes a <polygon> or a <path> for sh.
func svgShape(b []byte, sh fastShape, fill, pen string, penwidth float64, dash string) []byte {
	tag := "<polygon"
	if sh.bezier {
		tag = "<path"
	}
	b = append(b, tag...)
	b = append(b, ` fill="`...)
	if sh.filled {
		b = append(b, svgColor(fill)...)
	} else {
		b = append(b, "none"...)
	}
	b = append(b, '"')
	b = svgStroke(b, pen, penwidth, dash)
	if sh.bezier {
		b = append(b, ` d="M`...)
		for i, q := range sh.pts {
			switch i {
			case 0:
			case 1:
				b = append(b, 'C')
			default:
				b = append(b, ' ')
			}
			b = svgPoint(b, q)
		}
	} else {
		b = append(b, ` points="`...)
		for _, q := range append(sh.pts, sh.pts[0]) {
			b = svgPoint(b, q)
			b = append(b, ' ')
		}
		b = b[:len(b)-1]
	}
	return append(b, "\"/>\n"...)
}

// svg writes node n as Graphviz's SVG renderer does (without the
// font-family, which embedFonts removes anyway), with the id nodeN.
func (n *fastNode) svg(b []byte, id int) []byte {
	b = append(b, "<!-- "...)
	b = svgEscape(b, n.name, false)
	if n.invis {
		return append(b, " -->\n"...)
	}
	b = append(b, " -->\n<g id=\"node"...)
	b = strconv.AppendInt(b, int64(id), 10)
	b = append(b, "\" class=\"node\">\n<title>"...)
	b = svgEscape(b, n.name, false)
	b = append(b, "</title>\n"...)
	b = svgShape(b, n.shape(), n.fill, n.pen, n.penwidth, n.dash)
	for _, t := range n.texts() {
		b = append(b, `<text text-anchor="middle" x="`...)
		b = gvNum(b, t.x)
		b = append(b, `" y="`...)
		b = gvNum(b, -t.y)
		b = append(b, `" font-size="`...)
		b = strconv.AppendFloat(b, n.fontSize, 'f', 2, 64)
		b = append(b, '"')
		if n.fontColor != "black" {
			b = append(b, ` fill="`...)
			b = append(b, svgColor(n.fontColor)...)
			b = append(b, '"')
		}
		b = append(b, '>')
		b = svgEscape(b, t.text, true)
		b = append(b, "</text>\n"...)
	}
	return append(b, "</g>\n"...)
}

// svg writes edge e as Graphviz's SVG renderer does, with the id edgeN.
func (e *fastEdge) svg(b []byte, id int) []byte {
	name := e.tail + "->" + e.head
	b = append(b, "<!-- "...)
	b = svgEscape(b, name, false)
	b = append(b, " -->\n<g id=\"edge"...)
	b = strconv.AppendInt(b, int64(id), 10)
	b = append(b, "\" class=\"edge\">\n<title>"...)
	b = svgEscape(b, name, false)
	b = append(b, "</title>\n"...)
	b = svgShape(b, fastShape{bezier: true, pts: e.pts}, "", e.color, e.penwidth, e.dash)
	if head := e.arrow(); head != nil {
		b = svgShape(b, fastShape{filled: true, pts: head}, e.color, e.color, e.penwidth, "")
	}
	return append(b, "</g>\n"...)
}

// svg returns the SVG picture: Graphviz's picture of the frame (fonts
// embedded) with the edges and nodes written in before its end.
func (g *fastGraph) svg(frame []byte) ([]byte, error) {
	for _, c := range fastCorner {
		frame = bytes.Replace(frame, []byte("<!-- "+c+" -->\n"), nil, 1)
	}
	end := bytes.LastIndex(frame, []byte("</g>\n</svg>"))
	if end < 0 {
		return nil, fmt.Errorf("graphviz: svg: Graphviz's picture does not end with </g></svg>")
	}
	out := make([]byte, 0, len(frame)+g.svgSize)
	out = append(out, frame[:end]...)
	writeEdges := func() {
		for i := range g.edges {
			out = g.edges[i].svg(out, i+1)
		}
	}
	if g.outorder == "edgesfirst" {
		writeEdges()
	}
	for i := range g.nodes {
		out = g.nodes[i].svg(out, i+1)
	}
	if g.outorder != "edgesfirst" {
		writeEdges()
	}
	return append(out, frame[end:]...), nil
}
