package render

import (
	"bytes"
	"context"
	"regexp"
	"slices"
	"strings"
	"testing"

	"github.com/backtrack-edu/backtrack/render/graphviz"
	"github.com/backtrack-edu/backtrack/tracer"
	"github.com/backtrack-edu/backtrack/tracer/problems/nqueens"
)

// frameOpts are the options the command line draws frames with.
func frameOpts() DiagramOptions {
	return DiagramOptions{MaxNodes: DefaultMaxNodes, Layout: true, Fit: Slide16x9, CaptionLines: DefaultCaptionLines}
}

// frameDOT writes the frame of step k of the run of s. A Series plans
// the whole run once for all its frames, as --frames does; its frames are
// WriteDOT's byte for byte (TestSeriesSameDOT).
func frameDOT(t testing.TB, s *Series, opt DiagramOptions, k int64) []byte {
	t.Helper()
	opt.AtStep, opt.Extent = k, true
	var b bytes.Buffer
	if _, err := s.WriteDOT(&b, opt); err != nil {
		t.Fatal(err)
	}
	return b.Bytes()
}

var (
	dotNodeStmt  = regexp.MustCompile(`^\t([a-z]?)\d+ \[`)
	dotEdgeStmt  = regexp.MustCompile(`^\t\S+ -> \S+`)
	dotQuotedLbl = regexp.MustCompile(`label="(?:[^"\\]|\\.)*"`)
)

// visibleDOT is what a viewer sees of the tree in a frame's DOT: its node
// statements (a box, its place, size and style) and its edges, each once,
// in order, with the labels of the aggregates (g: collapsed pruned tries,
// e: elided subtrees, f: folded chains) left out, for a count changing
// inside one of them is not a change of the picture a viewer follows. The
// legend is left out too (its step and counts change at every step).
func visibleDOT(dot []byte) string {
	var out []string
	for _, l := range strings.Split(string(dot), "\n") {
		if m := dotNodeStmt.FindStringSubmatch(l); m != nil {
			if m[1] != "" && m[1] != "s" {
				l = dotQuotedLbl.ReplaceAllString(l, `label=…`)
			}
			out = append(out, l)
		} else if dotEdgeStmt.MatchString(l) {
			out = append(out, l)
		}
	}
	return strings.Join(out, "\n")
}

// TestFrameStepsChangeThePicture checks that every frame shows the tree
// changed since the frame before (visibleDOT): with --every reject, most
// of 4-queens' rejects only raise a count in a group of pruned tries, and
// those are left out.
func TestFrameStepsChangeThePicture(t *testing.T) {
	runs := []struct {
		name string
		r    dotRun
	}{{"queens4", dotQueens(t, 4)}, {"perm3-zh", dotP3zh(t)}, {"queens5-limited", dotLimited(t, 5, 300)}}
	for _, run := range runs {
		s := NewSeries(run.r.tree, run.r.leg)
		for _, e := range []Every{{}, {Kind: "reject"}, {Kind: "backtrack"}, {Kind: "solution"}, {N: 1}, {N: 7}} {
			steps, err := FrameSteps(run.r.tree, run.r.leg, frameOpts(), e)
			if err != nil {
				t.Fatalf("%s %+v: %v", run.name, e, err)
			}
			prev := ""
			for i, k := range steps {
				v := visibleDOT(frameDOT(t, s, frameOpts(), k))
				if i > 0 && v == prev {
					t.Errorf("%s %+v: frame %d (step %d) draws the tree as frame %d (step %d) does", run.name, e, i+1, k, i, steps[i-1])
				}
				prev = v
			}
		}
	}
}

// TestDrawnChangesFollowTrim holds the steps at which FrameSteps sees the
// picture change (drawnChanges) to the trimming itself: at every step of
// these runs where an item of the picture appears or changes its look
// (look: Trim at that step), drawnChanges has that step, and it has no
// other.
func TestDrawnChangesFollowTrim(t *testing.T) {
	folded := dotS9(t) // LeetCode 37: folded chains and elided subtrees
	cases := []struct {
		name string
		r    dotRun
		opt  DiagramOptions
	}{
		{"queens4", dotQueens(t, 4), frameOpts()},
		{"queens6", dotQueens(t, 6), frameOpts()},
		{"perm3", dotP3(t), frameOpts()},
		{"limited", dotLimited(t, 6, 500), frameOpts()},
		{"depth2", dotQueens(t, 5), DiagramOptions{Depth: 2, Layout: true}},
		{"focus", dotQueens(t, 6), DiagramOptions{MaxNodes: 40, Focus: []string{"r0=c1"}, Layout: true}},
		{"leaf", dotS4leaf(t), frameOpts()},
		{"sudoku9", folded, DiagramOptions{MaxNodes: DefaultMaxNodes, Layout: true, Fit: Slide16x9}},
	}
	for _, c := range cases {
		opt := c.opt
		opt.Problem = c.r.leg.Summary.Problem
		d, _, err := plan(c.r.tree, c.r.leg, opt, nil)
		if err != nil {
			t.Fatal(err)
		}
		changes := drawnChanges(d.tr)
		has := map[int64]bool{}
		for _, s := range changes {
			has[s] = true
		}
		last := c.r.tree.Steps
		if c.name == "sudoku9" {
			last = 3000 // enough to see folds and elided boxes appear
		}
		tm := newTrimmer(c.r.tree, d.opt) // one for every step, as keepChanged trims
		prev, err := look(tm, d.opt, 1)
		if err != nil {
			t.Fatal(err)
		}
		missed, extra := 0, 0
		for k := int64(2); k <= last; k++ {
			l, err := look(tm, d.opt, k)
			if err != nil {
				t.Fatal(err)
			}
			switch diff := !bytes.Equal(l, prev); {
			case diff && !has[k]:
				missed++
				if missed <= 3 {
					t.Errorf("%s: the picture changes at step %d, and drawnChanges does not say so", c.name, k)
				}
			case !diff && has[k]:
				extra++
			}
			prev = l
		}
		if missed > 0 || extra > 0 {
			t.Errorf("%s: %d changes missed, %d steps seen as changes that change nothing", c.name, missed, extra)
		}
	}
}

// TestFrameSteps checks the frames --every chooses on 4-queens (187
// steps, 44 rejects, 17 calls, 2 solutions): each of the kind asked for,
// in order, the last step last.
func TestFrameSteps(t *testing.T) {
	r := dotQueens(t, 4)
	last := r.tree.Steps
	kindSteps := map[string]map[int64]bool{"reject": {}, "backtrack": {}, "solution": {}}
	for i := range int32(r.tree.Len()) {
		n := r.tree.Node(i)
		switch {
		case n.Kind == tracer.NodePruned:
			kindSteps["reject"][n.Step] = true
		default:
			kindSteps["backtrack"][n.End] = true
			if n.Solved {
				kindSteps["solution"][n.SolStep] = true
			}
		}
	}
	all, err := FrameSteps(r.tree, r.leg, frameOpts(), Every{N: 1})
	if err != nil {
		t.Fatal(err)
	}
	for _, tc := range []struct {
		every Every
		want  []int64 // nil: not checked
	}{
		{Every{}, nil},
		{Every{N: 100}, []int64{100, 187}},
		{Every{N: 187}, []int64{187}},
		{Every{Kind: "reject"}, nil},
		{Every{Kind: "backtrack"}, nil},
		{Every{Kind: "solution"}, []int64{74, 114, 187}},
	} {
		steps, err := FrameSteps(r.tree, r.leg, frameOpts(), tc.every)
		if err != nil {
			t.Fatalf("%+v: %v", tc.every, err)
		}
		if tc.want != nil && !slices.Equal(steps, tc.want) {
			t.Errorf("%+v: frames at %v, want %v", tc.every, steps, tc.want)
		}
		if len(steps) > DefaultFrames || steps[len(steps)-1] != last {
			t.Errorf("%+v: %d frames, the last at step %d; want at most %d, the last at %d", tc.every, len(steps), steps[len(steps)-1], DefaultFrames, last)
		}
		for i, k := range steps {
			if i > 0 && k <= steps[i-1] {
				t.Errorf("%+v: steps out of order: %v", tc.every, steps)
			}
			if k == last {
				continue
			}
			if m := kindSteps[tc.every.Kind]; m != nil && !m[k] {
				t.Errorf("%+v: frame at step %d, which is no %s", tc.every, k, tc.every.Kind)
			}
			if tc.every.N > 0 && k%tc.every.N != 0 {
				t.Errorf("%+v: frame at step %d", tc.every, k)
			}
		}
	}
	// Every step that changes the picture: at most DefaultFrames of them
	// here, so that is the default too.
	if def, _ := FrameSteps(r.tree, r.leg, frameOpts(), Every{}); !slices.Equal(def, all) {
		t.Errorf("default frames %v, want every change %v", def, all)
	}
	if len(all) < 40 {
		t.Errorf("4-queens: %d steps change the picture, want at least 40 (17 calls, 16 returns, …)", len(all))
	}
}

// TestFrameStepsSpread checks the default on 8-queens, whose picture
// changes at more steps than DefaultFrames: that many, spread over them.
func TestFrameStepsSpread(t *testing.T) {
	r := dotQueens(t, 8)
	opt := DiagramOptions{MaxNodes: 60, Solutions: 1, Layout: true} // more changes than DefaultFrames
	def, err := FrameSteps(r.tree, r.leg, opt, Every{})
	if err != nil {
		t.Fatal(err)
	}
	all, err := FrameSteps(r.tree, r.leg, opt, Every{N: 1})
	if err != nil {
		t.Fatal(err)
	}
	if len(all) <= DefaultFrames || len(def) != DefaultFrames {
		t.Fatalf("%d steps change the picture, %d frames by default; want more than %d, and %[3]d", len(all), len(def), DefaultFrames)
	}
	in := map[int64]bool{}
	for _, k := range all {
		in[k] = true
	}
	for _, k := range def {
		if !in[k] {
			t.Errorf("default frame at step %d, where the picture does not change", k)
		}
	}
	if def[0] != all[0] || def[len(def)-1] != r.tree.Steps {
		t.Errorf("default frames from step %d to %d, want from %d (the root) to %d", def[0], def[len(def)-1], all[0], r.tree.Steps)
	}
}

// TestFrameStepsTooMany checks that a run whose chosen frames are more
// than MaxFrames is refused, with what to do.
func TestFrameStepsTooMany(t *testing.T) {
	r := dotQueens(t, 7)
	_, err := FrameSteps(r.tree, r.leg, DiagramOptions{Layout: true}, Every{Kind: "reject"})
	if err == nil || !strings.Contains(err.Error(), "more than 2000") || !strings.Contains(err.Error(), "--every N") {
		t.Errorf("every reject of 7-queens, whole tree: %v", err)
	}
}

// TestFrameCaption checks a frame's caption: its lines in the legend, cut
// with "…" when the note needs more, and a picture of one size whatever
// the note says, in DOT and in Graphviz's SVG.
func TestFrameCaption(t *testing.T) {
	long := strings.Repeat("a queen at (2,2) would share the upper-right diagonal ↗ with the queen at (1,3); ", 6)
	longZH := strings.Repeat("(3,1) 放皇后会与 (0,1) 的皇后同列，还会被 (1,3) 的皇后（右上对角线 ↗）攻击：剪枝。", 6)
	for _, r := range []dotRun{dotQueens(t, 4), dotP3zh(t)} {
		var size Picture
		var svgSize string
		for i, caption := range []string{"", "try column 0 in row 2: a queen at (2,0)", "尝试第 2 行第 0 列", long, longZH} {
			opt := frameOpts()
			opt.AtStep, opt.Extent, opt.Caption = 60, true, caption
			dot, rep := dotWrite(t, r, opt)
			if i == 0 {
				size = rep.Picture
			} else if rep.Picture.Width != size.Width || rep.Picture.Height != size.Height {
				t.Errorf("caption %d: picture %v×%v, with no caption %v×%v", i, rep.Picture.Width, rep.Picture.Height, size.Width, size.Height)
			}
			s := string(dot)
			if !strings.Contains(s, `BGCOLOR="`+dotColorCaptionBg+`"`) {
				t.Errorf("caption %d: no caption box in the DOT", i)
			}
			switch i {
			case 1, 2:
				var b strings.Builder
				dotEscapeHTML(&b, caption)
				if !strings.Contains(s, b.String()) {
					t.Errorf("caption %q not in the DOT", caption)
				}
			case 3, 4:
				if !strings.Contains(s, "…</FONT>") || strings.Count(s, `<BR ALIGN="LEFT"/>`) != DefaultCaptionLines-1 {
					t.Errorf("caption %d: want %d lines, the last cut with …", i, DefaultCaptionLines)
				}
			}
			svg, err := graphviz.Draw(context.Background(), dot, graphviz.LayoutPinned, graphviz.SVG)
			if err != nil {
				t.Fatal(err)
			}
			got := svgRootSize(svg)
			if i == 0 {
				svgSize = got
			} else if got != svgSize {
				t.Errorf("caption %d: SVG %s, with no caption %s", i, got, svgSize)
			}
		}
	}
	// No caption lines: no caption box.
	dot, _ := dotWrite(t, dotQueens(t, 4), DiagramOptions{MaxNodes: DefaultMaxNodes, Caption: "a note"})
	if strings.Contains(string(dot), dotColorCaptionBg) || strings.Contains(string(dot), "a note") {
		t.Error("a caption drawn with CaptionLines 0")
	}
	// --legend none: the caption alone.
	opt := frameOpts()
	opt.Legend, opt.Caption = LegendNone, "a note"
	dot, _ = dotWrite(t, dotQueens(t, 4), opt)
	if !strings.Contains(string(dot), ">a note</FONT>") || strings.Contains(string(dot), "strategy") {
		t.Error("--legend none: want the caption alone")
	}
}

var svgSizeAttr = regexp.MustCompile(`<svg width="([^"]+)" height="([^"]+)"`)

// svgRootSize is an SVG picture's width and height.
func svgRootSize(svg []byte) string {
	m := svgSizeAttr.FindSubmatch(svg)
	if m == nil {
		return "?"
	}
	return string(m[1]) + "×" + string(m[2])
}

// TestWrapCaption checks how a caption is broken into lines: between
// words, between Chinese characters but not before a closing mark, no
// line wider than asked, and a cut marked with "…".
func TestWrapCaption(t *testing.T) {
	for _, c := range []struct {
		s     string
		w     float64
		n     int
		lines int
		cut   bool
	}{
		{"", 200, 2, 0, false},
		{"  try   column 0  ", 400, 2, 1, false},
		{"a queen at (2,2) would share the upper-right diagonal ↗ with the queen at (1,3); also attacked by (0,0) ↖: prune (剪枝)", 420, 2, 2, false},
		{"a queen at (2,2) would share the upper-right diagonal ↗ with the queen at (1,3); also attacked by (0,0) ↖: prune (剪枝)", 200, 2, 2, true},
		{"(3,1) 放皇后会与 (0,1) 的皇后同列，还会被 (1,3) 的皇后（右上对角线 ↗）和 (2,0) 的皇后（左上对角线 ↖）攻击：剪枝", 300, 3, 3, false},
		{"(3,1) 放皇后会与 (0,1) 的皇后同列，还会被 (1,3) 的皇后（右上对角线 ↗）和 (2,0) 的皇后（左上对角线 ↖）攻击：剪枝", 150, 2, 2, true},
		{strings.Repeat("x", 200), 100, 2, 2, true},
	} {
		lines := wrapCaption(c.s, c.w, dotFontCaption, c.n)
		if len(lines) != c.lines {
			t.Errorf("%q at %v pt: %d lines %q, want %d", c.s, c.w, len(lines), lines, c.lines)
			continue
		}
		cut := len(lines) > 0 && strings.HasSuffix(lines[len(lines)-1], "…")
		if cut != c.cut {
			t.Errorf("%q at %v pt: %q cut %v, want %v", c.s, c.w, lines, cut, c.cut)
		}
		for _, l := range lines {
			if w := layoutTextWidth(l, dotFontCaption, false); w > c.w {
				t.Errorf("%q: line %q is %.0f pt, wider than %v", c.s, l, w, c.w)
			}
			if l != strings.TrimSpace(l) || strings.ContainsAny(l[:1], "，：）;") {
				t.Errorf("%q: line %q", c.s, l)
			}
		}
		if !cut {
			joined := strings.Join(strings.Fields(strings.Join(lines, "")), "")
			if want := strings.Join(strings.Fields(c.s), ""); joined != want {
				t.Errorf("%q: lines %q lose text", c.s, lines)
			}
		}
	}
}

// TestFrameNotes checks the sink that keeps the notes of the frames'
// steps: narrated, from a log's notes, and with a limit narrated as the
// one that stopped the run.
func TestFrameNotes(t *testing.T) {
	p, err := nqueens.NewNQueens(4, tracer.CheckScan)
	if err != nil {
		t.Fatal(err)
	}
	info := p.Info()
	opts := tracer.Options{Stop: tracer.StopAll, Limits: tracer.Limits{MaxCalls: 5}}
	// Every note, as a step log writes them.
	var all []string
	nar := tracer.NewNarrator(info, tracer.StrategyOf(info, opts), tracer.LangZH)
	opts.Sinks = []tracer.Sink{tracer.SinkFunc(func(e *tracer.Event) { all = append(all, nar.Note(e)) })}
	res, err := tracer.Run(context.Background(), p, opts)
	if err != nil {
		t.Fatal(err)
	}
	last := int64(len(all))
	// Again, keeping three steps' notes, stopped by a step limit.
	p, _ = nqueens.NewNQueens(4, tracer.CheckScan)
	want := []int64{last, 3, 11}
	fn := NewFrameNotes(want, tracer.NewNarrator(info, tracer.StrategyOf(info, opts), tracer.LangZH).Note)
	fn.Limit = res.Limit
	again := tracer.Options{Stop: tracer.StopAll, Limits: tracer.Limits{MaxSteps: last - 1}, Sinks: []tracer.Sink{fn}}
	if _, err := tracer.Run(context.Background(), p, again); err != nil {
		t.Fatal(err)
	}
	for _, k := range want {
		if got := fn.Note(k); got != all[k-1] || got == "" {
			t.Errorf("step %d: note %q, want %q", k, got, all[k-1])
		}
	}
	if !strings.Contains(fn.Note(last), "调用次数上限") || fn.Note(4) != "" || !fn.Done() {
		t.Errorf("last note %q, step 4's %q, done %v", fn.Note(last), fn.Note(4), fn.Done())
	}
	// From a log's notes.
	fl := NewFrameNotes([]int64{2}, nil)
	for i, n := range []string{"one", "two", "three"} {
		fl.EventNote(&tracer.Event{Step: int64(i + 1)}, n)
	}
	if fl.Note(2) != "two" || fl.Note(1) != "" {
		t.Errorf("from a log: %q %q", fl.Note(1), fl.Note(2))
	}
	// Every note, up to a size.
	a := NewAllNotes(100)
	for i, n := range []string{"one", "two"} {
		a.EventNote(&tracer.Event{Step: int64(i + 1)}, n)
	}
	if a.Note(2) != "two" || a.Full() {
		t.Errorf("all notes: %q, full %v", a.Note(2), a.Full())
	}
	a.EventNote(&tracer.Event{Step: 3}, strings.Repeat("x", 100))
	if a.Note(2) != "" || !a.Full() {
		t.Errorf("all notes past the size: %q, full %v", a.Note(2), a.Full())
	}
}
