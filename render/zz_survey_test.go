package render

import (
	"context"
	"regexp"
	"strconv"
	"testing"

	"backtrack/render/graphviz"
	"backtrack/tracer"
)

func TestZZSurvey(t *testing.T) {
	sizeRE := regexp.MustCompile(`<svg width="(\d+)pt" height="(\d+)pt"`)
	specs := []tracer.Spec{
		{Problem: "nqueens", N: 4}, {Problem: "nqueens", N: 5}, {Problem: "nqueens", N: 6}, {Problem: "nqueens", N: 8},
		{Problem: "sudoku"}, {Problem: "sudoku", Puzzle: ".4......3.4...2."},
		{Problem: "permutations", N: 3}, {Problem: "permutations", N: 4}, {Problem: "combination-sum"}, {Problem: "subsets"},
	}
	under, over, n := 0, 0, 0
	worst := 0.0
	for _, sp := range specs {
		r := dotSpec(t, sp)
		for _, lang := range []tracer.Lang{tracer.LangEN, tracer.LangZH} {
			r.leg.Lang = lang
			for _, boards := range []bool{false, true} {
				for _, fit := range []Slide{{}, Slide16x9} {
					opt := DiagramOptions{MaxNodes: DefaultMaxNodes, Layout: true, Fit: fit, Boards: boards}
					if fit.W == 0 {
						opt.Fit = Slide{}
					}
					dot, rep := dotWrite(t, r, opt)
					svg, err := graphviz.Draw(context.Background(), dot, graphviz.LayoutPinned, graphviz.SVG)
					if err != nil {
						t.Fatal(err)
					}
					m := sizeRE.FindSubmatch(svg)
					w, _ := strconv.ParseFloat(string(m[1]), 64)
					n++
					d := w - rep.Picture.Width
					if d > 2 {
						under++
						t.Logf("UNDER %s %s boards=%v fit=%v: estimated %.0f, Graphviz %.0f", sp.Problem, lang, boards, fit.W > 0, rep.Picture.Width, w)
					}
					if d < -2 {
						over++
					}
					worst = max(worst, d)
				}
			}
		}
	}
	t.Logf("SUMMARY %d pictures: %d underestimated by more than 2 pt (worst %.0f), %d overestimated", n, under, worst, over)
}
