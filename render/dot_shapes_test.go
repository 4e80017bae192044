package render

import (
	"strings"
	"testing"

	"github.com/backtrack-edu/backtrack/tracer"
)

// TestDOTShapesLegend checks what the legend and the call boxes say for
// the tutorials' buggy versions and the template with no return value:
// a call that returned true over blanks is drawn as wrong and its path is
// not called a solution's; a lost solution's path says it was undone; a
// dead end of a function that returns nothing does not "return false".
func TestDOTShapesLegend(t *testing.T) {
	tests := []struct {
		name       string
		spec       tracer.Spec
		lang       tracer.Lang
		want, not  []string
		wrongBoxes int
	}{
		{"drop return-false", tracer.Spec{Problem: "sudoku", Drop: tracer.DropReturnFalse}, tracer.LangEN,
			[]string{"returned true with blanks left: wrong", "bold: the path that returned true"}, []string{"solution's path"}, 1},
		{"drop return-false zh", tracer.Spec{Problem: "sudoku", Drop: tracer.DropReturnFalse}, tracer.LangZH,
			[]string{"返回 true 时还有空格：错误", "粗线：返回 true 的路径"}, []string{"粗线：解的路径"}, 1},
		{"no return value", tracer.Spec{Problem: "sudoku", Puzzle: ".4......3.4...2.", Stop: tracer.StopNoReturn}, tracer.LangEN,
			[]string{"bold: the path to a solution, undone later", "dead end: all failed, return (backtrack)"}, []string{"return false"}, 0},
		{"all solutions", tracer.Spec{Problem: "nqueens", N: 4}, tracer.LangZH,
			[]string{"粗线：解的路径", "死路：都试过了，返回（回溯）"}, []string{"返回 false"}, 0},
		{"first solution", tracer.Spec{Problem: "sudoku", Puzzle: ".4......3.4...2."}, tracer.LangEN,
			[]string{"bold: on a solution's path", "dead end: all failed, return false (backtrack)"}, nil, 0},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			r := dotSpec(t, tt.spec)
			r.leg.Lang = tt.lang
			for _, opt := range []DiagramOptions{{MaxNodes: 0}, {MaxNodes: 40}} {
				got, _ := dotWrite(t, r, opt)
				d := parseDOT(t, got)
				for _, w := range tt.want {
					if !strings.Contains(d.legend, w) {
						t.Errorf("legend lacks %q:\n%s", w, d.legend)
					}
				}
				for _, w := range tt.not {
					if strings.Contains(d.legend, w) {
						t.Errorf("legend says %q:\n%s", w, d.legend)
					}
				}
				wrong := 0
				for _, a := range d.attrs {
					if a["fillcolor"] == dotColorWrong {
						wrong++
					}
				}
				if wrong != tt.wrongBoxes {
					t.Errorf("max nodes %d: %d boxes drawn as wrong, want %d", opt.MaxNodes, wrong, tt.wrongBoxes)
				}
			}
		})
	}
}
