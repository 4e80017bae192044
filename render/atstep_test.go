package render

import (
	"bytes"
	"context"
	"fmt"
	"regexp"
	"strings"
	"testing"

	"github.com/backtrack-edu/backtrack/tracer"
	"github.com/backtrack-edu/backtrack/tracer/problems/sudoku"
	"github.com/backtrack-edu/backtrack/tracer/words"
)

// atStepStats runs spec's search again and counts its first k events: the
// Stats a search stopped after step k would have.
func atStepStats(t *testing.T, spec tracer.Spec, k int64) tracer.Stats {
	t.Helper()
	p, opts, err := spec.Build()
	if err != nil {
		t.Fatal(err)
	}
	var st tracer.Stats
	opts.Sinks = []tracer.Sink{tracer.SinkFunc(func(e *tracer.Event) {
		if e.Step <= k {
			st.Event(e)
		}
	})}
	if _, err := tracer.Run(context.Background(), p, opts); err != nil {
		t.Fatal(err)
	}
	return st
}

var atStepPosRE = regexp.MustCompile(`(?m)^\t(\w+) \[.*pos="([-\d.]+,[-\d.]+)!"`)

// atStepPositions reads every node's pinned position from a DOT.
func atStepPositions(dot []byte) map[string]string {
	pos := map[string]string{}
	for _, m := range atStepPosRE.FindAllSubmatch(dot, -1) {
		pos[string(m[1])] = string(m[2])
	}
	return pos
}

// TestAtStepOneLayout draws runs at many steps, fitted to a slide as the
// command line does, and with the other options: every node drawn at a
// step stands where the picture of the whole run has it (the root
// included), the picture keeps its size, and the legend gives the counts
// of the search's first K events (calls, rejects by rule, solutions,
// steps), never the final totals.
func TestAtStepOneLayout(t *testing.T) {
	for _, c := range []struct {
		name string
		spec tracer.Spec
		lang tracer.Lang
		opt  DiagramOptions
	}{
		{"queens4", tracer.Spec{Problem: "nqueens", N: 4}, tracer.LangEN, DiagramOptions{MaxNodes: DefaultMaxNodes, Layout: true, Fit: Slide16x9}},
		{"queens4 boards zh", tracer.Spec{Problem: "nqueens", N: 4}, tracer.LangZH, DiagramOptions{MaxNodes: DefaultMaxNodes, Layout: true, Fit: Slide16x9, Boards: true}},
		{"queens8", tracer.Spec{Problem: "nqueens"}, tracer.LangEN, DiagramOptions{MaxNodes: DefaultMaxNodes, Layout: true, Fit: Slide16x9}},
		{"queens8 budget 60", tracer.Spec{Problem: "nqueens"}, tracer.LangEN, DiagramOptions{MaxNodes: 60, Layout: true}},
		{"sudoku9", tracer.Spec{Problem: "sudoku"}, tracer.LangEN, DiagramOptions{MaxNodes: DefaultMaxNodes, Layout: true, Fit: Slide16x9}},
		{"sudoku4 cells after zh", tracer.Spec{Problem: "sudoku", Puzzle: fitPuzzle4, Order: sudoku.OrderCells, When: tracer.WhenAfter}, tracer.LangZH,
			DiagramOptions{MaxNodes: DefaultMaxNodes, Layout: true, Fit: Slide16x9, Boards: true}},
		{"limited", tracer.Spec{Problem: "nqueens", N: 8, Limits: tracer.Limits{MaxSteps: 3000}}, tracer.LangEN, DiagramOptions{MaxNodes: DefaultMaxNodes, Layout: true, Fit: Slide16x9}},
	} {
		r := dotSpec(t, c.spec)
		r.leg.Lang = c.lang
		// The picture at the last step is the whole run's, planned as
		// every step's (around the series' steps): every other step must
		// draw on its layout.
		n := r.tree.Steps
		lastOpt := c.opt
		lastOpt.AtStep = n
		end, endRep := dotWrite(t, r, lastOpt)
		endPos := atStepPositions(end)
		var size Picture // the first step's
		corner := ""     // the far corner of the canvas
		for _, k := range []int64{1, 2, 7, 40, n / 3, n / 2, n - 1, n} {
			name := fmt.Sprintf("%s at step %d", c.name, k)
			opt := c.opt
			opt.AtStep = k
			got, rep := dotWrite(t, r, opt)
			pos := atStepPositions(got)
			if pos["0"] == "" || pos["0"] != endPos["0"] {
				t.Errorf("%s: the root at %q, at the end at %q", name, pos["0"], endPos["0"])
			}
			// Every step's picture spans the whole run's layout: the same
			// canvas, so that consecutive slides do not move.
			if pos["corner0"] != "0,0" || pos["corner1"] == "" || corner != "" && pos["corner1"] != corner {
				t.Errorf("%s: the canvas's corners at %q and %q, at the first step %q", name, pos["corner0"], pos["corner1"], corner)
			}
			corner = pos["corner1"]
			for id, p := range pos {
				if strings.HasPrefix(id, "corner") {
					continue // the extent's corners: below
				}
				if endPos[id] != p {
					t.Errorf("%s: node %s at %s, at the end at %q", name, id, p, endPos[id])
				}
			}
			// The same picture at every step: its legend keeps its lines
			// and its key (the end's picture has no key to open calls).
			if size.Width == 0 {
				size = rep.Picture
			}
			if rep.Picture.Width != size.Width || rep.Picture.Height != size.Height || rep.Picture.Width < endRep.Picture.Width || rep.Picture.Height < endRep.Picture.Height {
				t.Errorf("%s: picture %.0f×%.0f, at step 1 %.0f×%.0f, at the end %.0f×%.0f", name, rep.Picture.Width, rep.Picture.Height,
					size.Width, size.Height, endRep.Picture.Width, endRep.Picture.Height)
			}
			legend := parseDOT(t, got).legend
			st := atStepStats(t, c.spec, k)
			l := c.lang
			d := problemDef(r.leg.Summary.Problem)
			var rules []string
			var rejects int64
			for _, rl := range r.leg.Summary.Rules {
				if st.Rejects[rl] > 0 { // no "×0" counts
					rules = append(rules, tracer.RuleCount(d.RuleIntro(rl, r.leg.Summary.Size, l), st.Rejects[rl], l))
				}
				rejects += st.Rejects[rl]
			}
			if strings.Contains(legend, " ×0") || strings.Contains(legend, "×0，") {
				t.Errorf("%s: the legend counts a rule that pruned nothing: %s", name, legend)
			}
			for _, want := range []string{
				words.Count(l, st.Nodes, words.DiagramCall),
				strings.Join(rules, map[tracer.Lang]string{tracer.LangEN: ", ", tracer.LangZH: "，"}[l]),
				words.Count(l, st.Solutions, words.Solutions),
				words.Count(l, k, words.DiagramStep),
			} {
				if !strings.Contains(legend, want) {
					t.Errorf("%s: the legend lacks %q (the first %d events): %s", name, want, k, legend)
				}
			}
			if !strings.Contains(legend, fmt.Sprint(rejects)) {
				t.Errorf("%s: the legend lacks the %d rejects: %s", name, rejects, legend)
			}
			// Before the end, the run's final status and totals are not
			// the legend's.
			if k < n {
				for _, final := range []string{"complete:", "solved:", "limit:", "搜索完毕", "已解出", "中途停止", words.Count(l, r.leg.Summary.Stats.Nodes, words.DiagramCall)} {
					if strings.Contains(legend, final) && st.Nodes != r.leg.Summary.Stats.Nodes {
						t.Errorf("%s: the legend says %q: %s", name, final, legend)
					}
				}
			}
			// The nodes shown are those that existed then.
			if rep.Total != tracerNodesAt(r.tree, k) {
				t.Errorf("%s: %d boxes in view, the tree had %d", name, rep.Total, tracerNodesAt(r.tree, k))
			}
		}
	}
}

func tracerNodesAt(tree *tracer.Tree, k int64) int {
	n := 0
	for i := range int32(tree.Len()) {
		if tree.Step(i) <= k {
			n++
		}
	}
	return n
}

// TestAtStepRunningCallDrawn checks that a slide at a step shows where the
// search is: at the steps a series of slides is planned around, the call
// running is a box of its own (a numeric id, drawn thick), not hidden in a
// folded subtree, on LeetCode 37 (96,246 steps) and 8-queens.
func TestAtStepRunningCallDrawn(t *testing.T) {
	activeRE := regexp.MustCompile(`(?m)^\t\d+ \[label="[^"]*", [^\n]*penwidth=` + dotPenActive)
	for _, r := range []dotRun{dotSudoku(t, sudoku.LeetCode37, sudoku.OrderScan2D), dotQueens(t, 8)} {
		opt := DiagramOptions{MaxNodes: DefaultMaxNodes, Layout: true, Fit: Slide16x9, Problem: r.leg.Summary.Problem}
		d, err := seriesPlan(nil, r.tree, r.leg, opt)
		if err != nil {
			t.Fatal(err)
		}
		steps := d.opt.FocusSteps // those of SeriesSteps that fit the slide
		if len(steps) == 0 {
			t.Errorf("%s: no series step kept", r.leg.Summary.Problem)
		}
		for _, k := range steps {
			opt.AtStep = k
			if dot, _ := dotWrite(t, r, opt); !activeRE.Match(dot) {
				t.Errorf("%s at step %d: the running call is not a box of its own", r.leg.Summary.Problem, k)
			}
		}
	}
}

// TestAtStepDoneNotLater: in a picture of a step before the end (a frame,
// --at-step), a subtree drawn folded that is no longer running has been
// searched by then, so it reads "done", never "later" (which would say it
// is still to come); the whole run's picture keeps "later" (after the
// focus, in search order).
func TestAtStepDoneNotLater(t *testing.T) {
	r := dotQueens(t, 8)
	opt := DiagramOptions{MaxNodes: DefaultMaxNodes, Layout: true, Fit: Slide16x9, Problem: r.leg.Summary.Problem}
	whole, _ := dotWrite(t, r, opt)
	if !bytes.Contains(whole, []byte("… later: ")) {
		t.Fatalf("the whole 8-queens picture has no folded subtree after the focus: the test needs one")
	}
	for _, lang := range []tracer.Lang{tracer.LangEN, tracer.LangZH} {
		r.leg.Lang = lang
		for _, k := range []int64{5000, 20000, 36000} {
			opt.AtStep = k
			dot, _ := dotWrite(t, r, opt)
			later, done := words.DiagramLater.In(lang), words.DiagramDone.In(lang)
			if bytes.Contains(dot, []byte("… "+later)) {
				t.Errorf("%s at step %d: a folded subtree reads %q", lang, k, later)
			}
			if !bytes.Contains(dot, []byte("… "+done)) {
				t.Errorf("%s at step %d: no folded subtree reads %q", lang, k, done)
			}
		}
	}
}
