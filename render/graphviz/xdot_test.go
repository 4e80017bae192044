package graphviz

import (
	"math"
	"strings"
	"testing"
)

func TestUnquote(t *testing.T) {
	for _, tc := range []struct{ in, want string }{
		{`abc`, `abc`},
		{`-1.5`, `-1.5`},
		{`"abc"`, `abc`},
		{`""`, ``},
		{`"say \"hi\""`, `say "hi"`},
		{`"\N"`, `\N`},
		{`"left\l"`, `left\l`},
		{"\"long \\\nline\"", `long line`},
		{"\"crlf \\\r\nline\"", `crlf line`},
		{`<<b>html</b>>`, `<<b>html</b>>`},
		{`"中文"`, `中文`},
	} {
		if got := unquote([]byte(tc.in)); got != tc.want {
			t.Errorf("unquote(%q) = %q, want %q", tc.in, got, tc.want)
		}
	}
}

// xdotDoc has what Graphviz writes and a few things it could: a cluster,
// ports, an HTML label with > inside strings, comments, line continuations,
// several attribute lists, an edge chain and an anonymous subgraph.
const xdotDoc = `/* written by hand */
strict digraph "G" {
	graph [_draw_="c 9 -#fffffe00 C 7 -#ffffff P 4 0 0 0 100 200 100 200 0 ",
		bb="0,0,200,100",
		dpi=96,
		xdotversion=1.7
	];
	node [label="\N"];
	subgraph cluster_a {
		graph [_draw_="c 7 -#000000 p 4 1 1 1 99 99 99 99 1 ", bb="1,1,99,99"];
		a	[_draw_="c 7 -#000000 e 50 50 27 18 ",
			_ldraw_="F 14 11 -Times-Roman c 7 -#000000 T 50 45.8 0 15 7 -a \"q\" \
b "];
	}
	# a comment line
	b [label=<<b>x &gt; y</b>>, _draw_="c 7 -#000000 e 150 50 27 18 "] [color=red];
	a:p:n -> b:s	[_draw_="c 7 -#000000 B 4 77 50 100 50 110 50 123 50 ", // trailing comment
		_hdraw_="S 5 -solid c 7 -#000000 C 7 -#000000 P 3 123 53.5 133 50 123 46.5 "];
	a -> b -> { c d };
	e;
}
`

func TestReadXdot(t *testing.T) {
	d, err := readXdot([]byte(xdotDoc))
	if err != nil {
		t.Fatal(err)
	}
	if d.attrs["bb"] != "0,0,200,100" || d.attrs["dpi"] != "96" {
		t.Errorf("graph attributes %v", d.attrs)
	}
	if _, ok := d.attrs["xdotversion"]; ok {
		t.Errorf("kept xdotversion, which painting does not read")
	}
	var got []string
	for _, o := range d.objects {
		if o.ops == ([len(drawAttrs)]string{}) {
			continue
		}
		var ops []string
		for i, s := range o.ops {
			if s != "" {
				ops = append(ops, drawAttrs[i])
			}
		}
		got = append(got, o.name+": "+strings.Join(ops, " "))
	}
	want := []string{
		"graph G: _draw_",
		"graph cluster_a: _draw_",
		"node a: _draw_ _ldraw_",
		"node b: _draw_",
		"node a -> b: _draw_ _hdraw_",
	}
	if strings.Join(got, "\n") != strings.Join(want, "\n") {
		t.Errorf("objects:\n%s\nwant:\n%s", strings.Join(got, "\n"), strings.Join(want, "\n"))
	}
	for _, o := range d.objects {
		if o.name == "node a" {
			if want := `F 14 11 -Times-Roman c 7 -#000000 T 50 45.8 0 15 7 -a "q" b `; o.ops[3] != want {
				t.Errorf("a's _ldraw_ = %q, want %q", o.ops[3], want)
			}
		}
	}
	if _, err := d.paint(); err != nil {
		t.Errorf("paint: %v", err)
	}
}

func TestReadXdotErrors(t *testing.T) {
	for _, doc := range []string{
		``,
		`digraph`,
		`digraph {`,
		`digraph { a [b=] }`,
		`digraph { a [b="unterminated] }`,
		`digraph { a -> }`,
		`digraph { a [label=<<b>] }`,
		`digraph { } extra`,
		`digraph { /* unterminated }`,
		`digraph { a:? }`,
		`node { }`,
	} {
		if _, err := readXdot([]byte(doc)); err == nil {
			t.Errorf("readXdot(%q): no error", doc)
		} else if !strings.HasPrefix(err.Error(), "graphviz: read xdot: line ") {
			t.Errorf("readXdot(%q): error %q without prefix and line", doc, err)
		}
	}
}

func TestPaintErrors(t *testing.T) {
	for _, ops := range []string{
		`e 1 2 3`,          // too few numbers
		`P 2 0 0 1`,        // too few points
		`P -1`,             // negative count
		`T 1 2 0 5 9 -abc`, // string shorter than its count
		`F 14 3 Times`,     // no '-' before the string
		`c 4 -#12`,         // bad colour
		`C 10 -[0 0 1 1 0]`,
		`X 1 2`, // unknown operation
		`Ee 1 2 3 4`,
	} {
		doc := `digraph { graph [bb="0,0,10,10"]; a [_draw_="` + ops + `"]; }`
		d, err := readXdot([]byte(doc))
		if err != nil {
			t.Fatalf("readXdot(%q): %v", doc, err)
		}
		if _, err := d.paint(); err == nil {
			t.Errorf("paint(%q): no error", ops)
		} else if !strings.HasPrefix(err.Error(), "graphviz: paint node a, _draw_: ") {
			t.Errorf("paint(%q): error %q without context", ops, err)
		}
	}
}

func TestOpReaderStrings(t *testing.T) {
	r := &opReader{s: `T 1 2 -1 30 7 - 中文 F 10 5 -a b c `}
	for _, want := range []string{"T"} {
		if op, err := r.op(); err != nil || string(op) != want {
			t.Fatalf("op = %q, %v", op, err)
		}
	}
	for range 4 {
		if _, err := r.num(); err != nil {
			t.Fatal(err)
		}
	}
	if s, err := r.str(); err != nil || s != " 中文" {
		t.Errorf("str = %q, %v; want %q (7 bytes)", s, err, " 中文")
	}
	if op, err := r.op(); err != nil || op != 'F' {
		t.Fatalf("op = %q, %v", op, err)
	}
	r.num()
	if s, err := r.str(); err != nil || s != "a b c" {
		t.Errorf("str = %q, %v; want %q", s, err, "a b c")
	}
	if op, err := r.op(); err != nil || op != 0 {
		t.Errorf("at the end: op = %q, %v", op, err)
	}
}

func TestDashes(t *testing.T) {
	// A 100-pixel line, dashes of 5 on and 2 off at 1 pixel per point.
	pieces := dashes(run{pts: []pt{{0, 0}, {60, 0}, {60, 40}}}, []float64{5, 2}, 1)
	on := 0.0
	for _, p := range pieces {
		l := 0.0
		for i := 1; i < len(p); i++ {
			l += dist(p[i-1], p[i])
		}
		if l > 5+1e-9 {
			t.Errorf("dash of length %v, want at most 5", l)
		}
		on += l
	}
	// 14 whole periods of 7 and 2 more pixels, all on.
	if want := 14*5 + 2.0; math.Abs(on-want) > 1e-9 {
		t.Errorf("dashes cover %v pixels, want %v", on, want)
	}
	if len(pieces) != 15 {
		t.Errorf("%d dashes, want 15", len(pieces))
	}
}

// TestClipKeepsDashes checks that clipping a dashed line to the picture
// keeps its dashes where they were.
func TestClipKeepsDashes(t *testing.T) {
	line := []pt{{-1e9, 5}, {-1000, 5}, {1000, 5}}
	view := rect{0, 0, 100, 10}
	runs := clipPolyline(line, view)
	if len(runs) != 1 || runs[0].pts[0] != (pt{0, 5}) || runs[0].pts[len(runs[0].pts)-1] != (pt{100, 5}) {
		t.Fatalf("clipped runs %v, want one from (0, 5) to (100, 5)", runs)
	}
	clipped := dashes(runs[0], []float64{5, 2}, 1)
	whole := dashes(run{pts: []pt{{-1000, 5}, {1000, 5}}, start: 1e9 - 1000}, []float64{5, 2}, 1)
	var want [][2]float64
	for _, d := range whole {
		x0, x1 := math.Max(d[0].x, 0), math.Min(d[len(d)-1].x, 100)
		if x0 < x1 {
			want = append(want, [2]float64{x0, x1})
		}
	}
	if len(clipped) != len(want) {
		t.Fatalf("%d dashes in the picture, want %d", len(clipped), len(want))
	}
	for i, d := range clipped {
		if math.Abs(d[0].x-want[i][0]) > 1e-6 || math.Abs(d[len(d)-1].x-want[i][1]) > 1e-6 {
			t.Errorf("dash %d from %v to %v, want %v", i, d[0].x, d[len(d)-1].x, want[i])
		}
	}
	if got := clipPolygon([]pt{{-1e9, -1e9}, {1e9, -1e9}, {0, 1e9}}, view); len(got) < 3 {
		t.Errorf("a huge triangle over the picture clips to %v", got)
	} else {
		for _, q := range got {
			if q.x < view.x0-1e-6 || q.x > view.x1+1e-6 || q.y < view.y0-1e-6 || q.y > view.y1+1e-6 {
				t.Errorf("clipped polygon has %v outside %v", q, view)
			}
		}
	}
	if got := clipPolygon([]pt{{200, 200}, {300, 200}, {250, 300}}, view); got != nil {
		t.Errorf("a triangle outside the picture clips to %v", got)
	}
}

func TestEllipseIsClose(t *testing.T) {
	for _, r := range []float64{0.5, 3, 18, 400} {
		ps := ellipse(pt{0, 0}, r, r/2)
		for i := range ps {
			a, b := ps[i], ps[(i+1)%len(ps)]
			m := pt{(a.x + b.x) / 2, (a.y + b.y) / 2}
			// Distance from the chord's middle to the ellipse, roughly.
			e := 1 - math.Hypot(m.x/r, m.y/(r/2))
			if e*r > 0.11 {
				t.Fatalf("radius %v: chord %d is %.3f pixels inside the ellipse", r, i, e*r)
			}
		}
	}
}

// FuzzXdotToPNG feeds the xdot reader and painter anything: errors are
// fine, panics are not.
func FuzzXdotToPNG(f *testing.F) {
	f.Add([]byte(xdotDoc))
	f.Add([]byte(`digraph { graph [bb="0,0,10,10"]; a [_draw_="C 30 -(1 1 0 5 5 5 2 0 4 -#f00 1 4 -#00f) E 5 5 4 4"]; }`))
	f.Add([]byte(`digraph { graph [bb="0,0,10,10"]; a [_draw_="S 6 -dashed L 3 0 0 10 10 0 10 b 4 0 0 1 1 2 2 3 3"]; }`))
	f.Add([]byte(`graph { graph [bb="0,0,50,20", size="1,1!"]; a [_ldraw_="F 12 7 -Courier t 5 T 25 10 1 20 3 -abc"]; }`))
	f.Fuzz(func(t *testing.T, doc []byte) {
		d, err := readXdot(doc)
		if err != nil {
			return
		}
		g, err := geometryOf(d.attrs)
		if err != nil || g.w*g.h > 1<<20 {
			return
		}
		d.paint()
	})
}
