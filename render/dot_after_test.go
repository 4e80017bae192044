package render

import (
	"fmt"
	"strings"
	"testing"

	"github.com/backtrack-edu/backtrack/tracer"
	"github.com/backtrack-edu/backtrack/tracer/problems/sudoku"
)

// dotS4cells is the 4×4 Sudoku of the other goldens searched in tutorial
// 001's shape: helper(row, col), one call per position (givens and the
// ends of rows pass on), the digit placed before it is checked.
func dotS4cells(t testing.TB, when tracer.When, lang tracer.Lang) dotRun {
	r := dotSpec(t, tracer.Spec{Problem: "sudoku", Puzzle: ".4......3.4...2.", Order: sudoku.OrderCells, When: when})
	r.leg.Lang = lang
	return r
}

// TestDOTPlacedUndone checks that under --when after every rejected leaf
// says it was placed, checked and undone, is drawn dashed, and that the
// legend says what dashed means; and that under --when before the same
// tree keeps its plain pruned leaves.
func TestDOTPlacedUndone(t *testing.T) {
	for _, lang := range []tracer.Lang{tracer.LangEN, tracer.LangZH} {
		words := map[tracer.Lang][3]string{ // leaf line, group head, legend key
			tracer.LangEN: {"placed, checked, undone", "placed, undone", "✗ dashed: placed, then checked"},
			tracer.LangZH: {"先放后查，撤销", "先放后查、撤销", "✗ 虚线：先放后查"},
		}[lang]
		for _, opt := range []DiagramOptions{{MaxNodes: 0}, {MaxNodes: 12}, {MaxNodes: 0, Boards: true}} {
			for _, when := range []tracer.When{tracer.WhenAfter, tracer.WhenBefore} {
				name := fmt.Sprintf("%s %s %+v", lang, when, opt)
				got, _ := dotWrite(t, dotS4cells(t, when, lang), opt)
				d := parseDOT(t, got)
				after := when == tracer.WhenAfter
				leaves, groups := 0, 0
				for id, a := range d.attrs {
					switch dotKindOf(id) {
					case 's':
						leaves++
						if strings.Contains(a["label"], words[0]) != after {
							t.Errorf("%s: leaf %s: %q", name, id, a["label"])
						}
					case 'g':
						groups++
						if strings.Contains(a["label"], words[1]) != after {
							t.Errorf("%s: group %s: %q", name, id, a["label"])
						}
					}
				}
				if leaves == 0 || opt.MaxNodes > 0 && groups == 0 {
					t.Fatalf("%s: %d leaves and %d groups drawn: the test draws nothing to check", name, leaves, groups)
				}
				if strings.Contains(d.legend, words[2]) != after {
					t.Errorf("%s: legend: %s", name, d.legend)
				}
				dashed := strings.Contains(string(got), "// candidates placed, checked and undone (--when after)\n\t"+dotAttrPlacedUndone+"\n")
				if dashed != after {
					t.Errorf("%s: the leaves' section is dashed %v, want %v", name, dashed, after)
				}
			}
		}
	}
}

// TestDOTPassLabels checks the labels of the calls that order cells makes
// with no move: each names what its caller passed over, as the step log's
// scan event with Pass says it (a given and its digit, or the end of a
// row), never "root".
func TestDOTPassLabels(t *testing.T) {
	for _, lang := range []tracer.Lang{tracer.LangEN, tracer.LangZH} {
		r := dotS4cells(t, tracer.WhenAfter, lang)
		// The pass scans, replayed: call number -> the position it passed.
		p, opts, err := tracer.Spec{Problem: "sudoku", Puzzle: ".4......3.4...2.", Order: sudoku.OrderCells, When: tracer.WhenAfter}.Build()
		if err != nil {
			t.Fatal(err)
		}
		passed := map[int]tracer.Pos{}
		opts.Sinks = []tracer.Sink{tracer.SinkFunc(func(e *tracer.Event) {
			if e.Kind == tracer.KindScan && e.Pass {
				passed[e.Node] = e.Cell
			}
		})}
		if _, err := tracer.Run(t.Context(), p, opts); err != nil {
			t.Fatal(err)
		}
		start, err := sudoku.ParsePuzzle(".4......3.4...2.")
		if err != nil {
			t.Fatal(err)
		}
		got, _ := dotWrite(t, r, DiagramOptions{MaxNodes: 0})
		d := parseDOT(t, got)
		seen := 0
		for i := range int32(r.tree.Len()) {
			n := r.tree.Node(i)
			if n.Kind != tracer.NodeCall || n.Parent < 0 || n.Value >= 0 {
				continue
			}
			parent := int(r.tree.Node(n.Parent).Call)
			at, ok := passed[parent]
			if !ok {
				t.Fatalf("call %d has no move, but its caller %d made no pass scan", n.Call, parent)
			}
			var want string
			switch {
			case at.Col == 4 && lang == tracer.LangEN:
				want = fmt.Sprintf("end of row %d: ", at.Row)
			case at.Col == 4:
				want = fmt.Sprintf("第 %d 行到头", at.Row)
			default:
				v := start.Cells[at.Row*4+at.Col]
				want = fmt.Sprintf("(%d,%d)=%d", at.Row, at.Col, v)
				if !strings.Contains(d.attrs[fmt.Sprint(n.Call)]["label"], map[tracer.Lang]string{tracer.LangEN: "skip given ", tracer.LangZH: "跳过预设数字 "}[lang]) {
					t.Errorf("%s: call %d: %q does not say it skips a given", lang, n.Call, d.attrs[fmt.Sprint(n.Call)]["label"])
				}
			}
			if label := d.attrs[fmt.Sprint(n.Call)]["label"]; !strings.Contains(label, want) || strings.Contains(label, "root") {
				t.Errorf("%s: call %d (after a pass at %v): label %q, want it to name %q", lang, n.Call, at, label, want)
			}
			seen++
		}
		if seen < len(passed) || seen == 0 {
			t.Errorf("%s: %d calls with no move, %d pass scans", lang, seen, len(passed))
		}
	}
}
