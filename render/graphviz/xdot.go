package graphviz

import (
	"bytes"
	"errors"
	"fmt"
	"math"
	"strconv"
	"strings"
)

// This file reads Graphviz's xdot output: DOT text, as Graphviz writes it
// after a layout, whose graphs, nodes and edges carry their drawing
// operations in the attributes _draw_, _ldraw_, _hdraw_, _tdraw_, _hldraw_
// and _tldraw_ (https://graphviz.org/docs/outputs/canon/#xdot).

// objKind says what a drawn object is.
type objKind uint8

const (
	kindGraph objKind = iota // the root graph or a subgraph (cluster)
	kindNode
	kindEdge
)

// drawAttrs are the attributes holding drawing operations, in the order
// they are painted: an edge's line before its arrowheads, labels last.
var drawAttrs = [...]string{"_draw_", "_tdraw_", "_hdraw_", "_ldraw_", "_tldraw_", "_hldraw_"}

// object is one graph, node or edge with its drawing operations.
type object struct {
	kind objKind
	name string                 // for error messages
	ops  [len(drawAttrs)]string // xdot operations, by drawAttrs index
}

// drawing is what painting needs from an xdot document.
type drawing struct {
	attrs   map[string]string // attributes of the root graph that painting reads
	objects []object          // graphs, nodes and edges with drawing operations, in document order
}

// graphAttrs are the root graph attributes that painting reads.
var graphAttrs = map[string]bool{
	"bb": true, "dpi": true, "resolution": true, "pad": true, "size": true, "outputorder": true,
}

// readXdot reads an xdot document written by Graphviz.
func readXdot(src []byte) (*drawing, error) {
	p := &dotParser{lex: dotLexer{src: src, line: 1}}
	d := &drawing{attrs: map[string]string{}}
	if err := p.graph(d); err != nil {
		return nil, fmt.Errorf("graphviz: read xdot: line %d: %w", p.lex.line, err)
	}
	return d, nil
}

// dotParser reads the DOT subset that Graphviz writes (it accepts any DOT,
// but keeps only what painting needs).
type dotParser struct {
	lex     dotLexer
	peeked  *dotToken
	lastEnd int // where the last token next returned ends
}

type tokKind uint8

const (
	tokEOF    tokKind = iota
	tokID             // bare, quoted or HTML identifier
	tokEdgeOp         // -> or --
	tokPunct          // one of { } [ ] = ; , :
)

type dotToken struct {
	kind       tokKind
	punct      byte
	raw        []byte // the identifier as written, quotes included
	start, end int    // where the token is in the source
}

func (p *dotParser) next() (dotToken, error) {
	if p.peeked != nil {
		t := *p.peeked
		p.peeked = nil
		p.lastEnd = t.end
		return t, nil
	}
	t, err := p.lex.next()
	p.lastEnd = t.end
	return t, err
}

func (p *dotParser) peek() (dotToken, error) {
	if p.peeked == nil {
		t, err := p.lex.next()
		if err != nil {
			return t, err
		}
		p.peeked = &t
	}
	return *p.peeked, nil
}

func (p *dotParser) expect(punct byte) error {
	t, err := p.next()
	if err != nil {
		return err
	}
	if t.kind != tokPunct || t.punct != punct {
		return fmt.Errorf("want %q, found %s", punct, t)
	}
	return nil
}

func (t dotToken) String() string {
	switch t.kind {
	case tokEOF:
		return "end of input"
	case tokPunct:
		return strconv.Quote(string(t.punct))
	}
	return strconv.Quote(string(head(t.raw)))
}

func (t dotToken) is(keyword string) bool {
	return t.kind == tokID && strings.EqualFold(string(t.raw), keyword)
}

// graph reads [strict] (graph|digraph) [ID] { stmts }.
func (p *dotParser) graph(d *drawing) error {
	t, err := p.next()
	if err != nil {
		return err
	}
	if t.is("strict") {
		if t, err = p.next(); err != nil {
			return err
		}
	}
	if !t.is("graph") && !t.is("digraph") {
		return fmt.Errorf("want graph or digraph, found %s", t)
	}
	name := ""
	if t, err = p.peek(); err != nil {
		return err
	}
	if t.kind == tokID {
		p.next()
		name = unquote(t.raw)
	}
	if err := p.expect('{'); err != nil {
		return err
	}
	if err := p.stmts(d, name, true); err != nil {
		return err
	}
	if t, err = p.next(); err != nil {
		return err
	}
	if t.kind != tokEOF {
		return fmt.Errorf("want end of input, found %s", t)
	}
	return nil
}

// stmts reads statements up to and including the closing brace of the
// (sub)graph called name.
func (p *dotParser) stmts(d *drawing, name string, root bool) error {
	g := object{kind: kindGraph, name: "graph " + name}
	var keep map[string]string
	if root {
		keep = d.attrs
	}
	at := len(d.objects)
	d.objects = append(d.objects, object{}) // the graph's place, filled in below
	for {
		t, err := p.next()
		if err != nil {
			return err
		}
		switch {
		case t.kind == tokEOF:
			return errors.New("unexpected end of input")
		case t.kind == tokPunct && t.punct == '}':
			d.objects[at] = g
			return nil
		case t.kind == tokPunct && t.punct == ';':
		case t.kind == tokPunct && t.punct == '{':
			if err := p.subgraphRest(d, ""); err != nil {
				return err
			}
		case t.is("subgraph"):
			if err := p.subgraph(d); err != nil {
				return err
			}
		case t.is("graph"):
			if err := p.attrList(&g, keep); err != nil {
				return err
			}
		case t.is("node"), t.is("edge"):
			// Defaults never hold drawing operations.
			if err := p.attrList(nil, nil); err != nil {
				return err
			}
		case t.kind == tokID:
			if err := p.nodeOrEdge(d, &g, keep, t); err != nil {
				return err
			}
		default:
			return fmt.Errorf("unexpected %s", t)
		}
	}
}

// subgraph reads the rest of subgraph [ID] { stmts }.
func (p *dotParser) subgraph(d *drawing) error {
	t, err := p.next()
	if err != nil {
		return err
	}
	name := ""
	if t.kind == tokID {
		name = unquote(t.raw)
		if t, err = p.next(); err != nil {
			return err
		}
	}
	if t.kind != tokPunct || t.punct != '{' {
		return fmt.Errorf("want '{' after subgraph, found %s", t)
	}
	return p.subgraphRest(d, name)
}

func (p *dotParser) subgraphRest(d *drawing, name string) error {
	return p.stmts(d, name, false)
}

// nodeOrEdge reads a statement that starts with the identifier first: a
// graph attribute (ID = ID), a node or an edge chain, with attributes.
func (p *dotParser) nodeOrEdge(d *drawing, g *object, keep map[string]string, first dotToken) error {
	t, err := p.peek()
	if err != nil {
		return err
	}
	if t.kind == tokPunct && t.punct == '=' {
		p.next()
		v, err := p.next()
		if err != nil {
			return err
		}
		if v.kind != tokID {
			return fmt.Errorf("want a value after %s =, found %s", first, v)
		}
		setAttr(g, keep, first.raw, v.raw)
		return nil
	}
	if err := p.port(); err != nil {
		return err
	}
	o := object{kind: kindNode, name: "node " + unquote(first.raw)}
	for {
		t, err := p.peek()
		if err != nil {
			return err
		}
		if t.kind != tokEdgeOp {
			break
		}
		p.next()
		o.kind = kindEdge
		h, err := p.next()
		if err != nil {
			return err
		}
		switch {
		case h.kind == tokID && !h.is("subgraph"):
			o.name += " -> " + unquote(h.raw)
			if err := p.port(); err != nil {
				return err
			}
		case h.is("subgraph"):
			if err := p.subgraph(d); err != nil {
				return err
			}
		case h.kind == tokPunct && h.punct == '{':
			if err := p.subgraphRest(d, ""); err != nil {
				return err
			}
		default:
			return fmt.Errorf("want a node after edge operator, found %s", h)
		}
	}
	if err := p.attrList(&o, nil); err != nil {
		return err
	}
	if o.ops != ([len(drawAttrs)]string{}) {
		d.objects = append(d.objects, o)
	}
	return nil
}

// port skips an optional :port[:compass] after a node name.
func (p *dotParser) port() error {
	for range 2 {
		t, err := p.peek()
		if err != nil {
			return err
		}
		if t.kind != tokPunct || t.punct != ':' {
			return nil
		}
		p.next()
		if t, err = p.next(); err != nil {
			return err
		}
		if t.kind != tokID {
			return fmt.Errorf("want a port name after ':', found %s", t)
		}
	}
	return nil
}

// attrList reads any number of [ a=b, ... ] lists, storing drawing
// operations in o (if not nil) and the attributes painting reads in keep
// (if not nil).
func (p *dotParser) attrList(o *object, keep map[string]string) error {
	for {
		t, err := p.peek()
		if err != nil {
			return err
		}
		if t.kind != tokPunct || t.punct != '[' {
			return nil
		}
		p.next()
		for {
			k, err := p.next()
			if err != nil {
				return err
			}
			if k.kind == tokPunct && (k.punct == ',' || k.punct == ';') {
				continue
			}
			if k.kind == tokPunct && k.punct == ']' {
				break
			}
			if k.kind != tokID {
				return fmt.Errorf("want an attribute name, found %s", k)
			}
			if err := p.expect('='); err != nil {
				return err
			}
			v, err := p.next()
			if err != nil {
				return err
			}
			if v.kind != tokID {
				return fmt.Errorf("want a value for %s, found %s", k, v)
			}
			setAttr(o, keep, k.raw, v.raw)
		}
	}
}

func setAttr(o *object, keep map[string]string, key, val []byte) {
	if len(key) > 0 && key[0] == '_' && o != nil {
		for i, name := range drawAttrs {
			if string(key) == name {
				o.ops[i] = unquote(val)
				return
			}
		}
	}
	if keep != nil && graphAttrs[string(key)] {
		keep[string(key)] = unquote(val)
	}
}

// unquote returns the value of a DOT identifier: a quoted string loses its
// quotes, its escaped quotes and its line continuations (backslash,
// newline), as Graphviz's reader does; other identifiers are returned as
// written.
func unquote(raw []byte) string {
	if len(raw) < 2 || raw[0] != '"' {
		return string(raw)
	}
	body := raw[1 : len(raw)-1]
	if bytes.IndexByte(body, '\\') < 0 {
		return string(body)
	}
	var b strings.Builder
	b.Grow(len(body))
	for i := 0; i < len(body); i++ {
		c := body[i]
		if c == '\\' && i+1 < len(body) {
			switch body[i+1] {
			case '"':
				b.WriteByte('"')
				i++
				continue
			case '\n':
				i++
				continue
			case '\r':
				i++
				if i+1 < len(body) && body[i+1] == '\n' {
					i++
				}
				continue
			}
		}
		b.WriteByte(c)
	}
	return b.String()
}

// dotLexer splits DOT text into tokens.
type dotLexer struct {
	src  []byte
	pos  int
	line int
}

func (l *dotLexer) next() (dotToken, error) {
	if err := l.skipSpace(); err != nil {
		return dotToken{}, err
	}
	start := l.pos
	t, err := l.token()
	t.start, t.end = start, l.pos
	return t, err
}

// token reads the token at l.pos, white space and comments skipped.
func (l *dotLexer) token() (dotToken, error) {
	if err := l.skipSpace(); err != nil {
		return dotToken{}, err
	}
	if l.pos >= len(l.src) {
		return dotToken{kind: tokEOF}, nil
	}
	start := l.pos
	c := l.src[l.pos]
	switch {
	case strings.IndexByte("{}[]=;,:", c) >= 0:
		l.pos++
		return dotToken{kind: tokPunct, punct: c}, nil
	case c == '-' && l.pos+1 < len(l.src) && (l.src[l.pos+1] == '>' || l.src[l.pos+1] == '-'):
		l.pos += 2
		return dotToken{kind: tokEdgeOp, raw: l.src[start:l.pos]}, nil
	case c == '"':
		l.pos++
		for l.pos < len(l.src) {
			switch l.src[l.pos] {
			case '\\':
				l.pos++
			case '"':
				l.pos++
				return dotToken{kind: tokID, raw: l.src[start:l.pos]}, nil
			case '\n':
				l.line++
			}
			l.pos++
		}
		return dotToken{}, errors.New("unterminated quoted string")
	case c == '<':
		depth := 0
		for l.pos < len(l.src) {
			switch l.src[l.pos] {
			case '<':
				depth++
			case '>':
				depth--
			case '\n':
				l.line++
			}
			l.pos++
			if depth == 0 {
				return dotToken{kind: tokID, raw: l.src[start:l.pos]}, nil
			}
		}
		return dotToken{}, errors.New("unterminated HTML string")
	case isIDByte(c):
		for l.pos < len(l.src) && isIDByte(l.src[l.pos]) {
			if l.src[l.pos] == '-' && l.pos+1 < len(l.src) && (l.src[l.pos+1] == '>' || l.src[l.pos+1] == '-') {
				break
			}
			l.pos++
		}
		return dotToken{kind: tokID, raw: l.src[start:l.pos]}, nil
	}
	return dotToken{}, fmt.Errorf("unexpected character %q", c)
}

func isIDByte(c byte) bool {
	return c >= 'a' && c <= 'z' || c >= 'A' && c <= 'Z' || c >= '0' && c <= '9' ||
		c == '_' || c == '.' || c == '-' || c >= 0x80
}

// skipSpace skips white space and comments.
func (l *dotLexer) skipSpace() error {
	lineStart := l.pos == 0 || l.src[l.pos-1] == '\n'
	for l.pos < len(l.src) {
		c := l.src[l.pos]
		switch {
		case c == '\n':
			l.line++
			l.pos++
			lineStart = true
			continue
		case c == ' ' || c == '\t' || c == '\r':
			l.pos++
			continue
		case c == '#' && lineStart:
			l.skipLine()
		case c == '/' && l.pos+1 < len(l.src) && l.src[l.pos+1] == '/':
			l.skipLine()
		case c == '/' && l.pos+1 < len(l.src) && l.src[l.pos+1] == '*':
			end := bytes.Index(l.src[l.pos+2:], []byte("*/"))
			if end < 0 {
				return errors.New("unterminated comment")
			}
			l.line += bytes.Count(l.src[l.pos:l.pos+2+end], []byte("\n"))
			l.pos += 2 + end + 2
		default:
			return nil
		}
		lineStart = false
	}
	return nil
}

func (l *dotLexer) skipLine() {
	for l.pos < len(l.src) && l.src[l.pos] != '\n' {
		l.pos++
	}
}

// opReader reads one attribute's xdot operations.
type opReader struct {
	s string
	i int
}

// op returns the next operation letter, or 0 at the end.
func (r *opReader) op() (byte, error) {
	r.space()
	if r.i >= len(r.s) {
		return 0, nil
	}
	c := r.s[r.i]
	r.i++
	if r.i < len(r.s) && r.s[r.i] != ' ' && r.s[r.i] != '\t' && r.s[r.i] != '\n' {
		return 0, fmt.Errorf("at byte %d: want an operation, found %q", r.i-1, r.word(r.i-1))
	}
	return c, nil
}

func (r *opReader) space() {
	for r.i < len(r.s) && (r.s[r.i] == ' ' || r.s[r.i] == '\t' || r.s[r.i] == '\n' || r.s[r.i] == '\r') {
		r.i++
	}
}

func (r *opReader) word(from int) string {
	end := from
	for end < len(r.s) && r.s[end] != ' ' && end-from < 20 {
		end++
	}
	return r.s[from:end]
}

// num reads a number.
func (r *opReader) num() (float64, error) {
	r.space()
	start := r.i
	for r.i < len(r.s) && r.s[r.i] != ' ' && r.s[r.i] != '\t' && r.s[r.i] != '\n' && r.s[r.i] != ']' && r.s[r.i] != ')' {
		r.i++
	}
	v, err := strconv.ParseFloat(r.s[start:r.i], 64)
	if err != nil || math.IsInf(v, 0) || math.IsNaN(v) {
		return 0, fmt.Errorf("at byte %d: want a number, found %q", start, r.s[start:r.i])
	}
	return v, nil
}

// count reads a non-negative integer no larger than max.
func (r *opReader) count(max int) (int, error) {
	v, err := r.num()
	if err != nil {
		return 0, err
	}
	if v < 0 || v > float64(max) || v != float64(int(v)) {
		return 0, fmt.Errorf("at byte %d: bad count %v", r.i, v)
	}
	return int(v), nil
}

// str reads a string written as "n -bytes".
func (r *opReader) str() (string, error) {
	n, err := r.count(len(r.s))
	if err != nil {
		return "", err
	}
	r.space()
	if r.i >= len(r.s) || r.s[r.i] != '-' {
		return "", fmt.Errorf("at byte %d: want '-' before a string", r.i)
	}
	r.i++
	if r.i+n > len(r.s) {
		return "", fmt.Errorf("at byte %d: string of %d bytes runs past the end", r.i, n)
	}
	s := r.s[r.i : r.i+n]
	r.i += n
	return s, nil
}

// points reads a count and that many x y pairs, mapped by tr.
func (r *opReader) points(tr func(x, y float64) pt) ([]pt, error) {
	n, err := r.count(len(r.s) / 2)
	if err != nil {
		return nil, err
	}
	ps := make([]pt, n)
	for i := range ps {
		x, err := r.num()
		if err != nil {
			return nil, err
		}
		y, err := r.num()
		if err != nil {
			return nil, err
		}
		ps[i] = tr(x, y)
	}
	return ps, nil
}
