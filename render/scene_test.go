package render

import (
	"reflect"
	"slices"
	"testing"

	"github.com/backtrack-edu/backtrack/tracer/problems/sudoku"
)

// TestSceneGroups: a group box appears with its first reject and counts
// its rejects as they come; with all of them its label is the diagram's.
func TestSceneGroups(t *testing.T) {
	for _, r := range []dotRun{dotQueens(t, 6), dotSudoku(t, sudoku.LeetCode37, sudoku.OrderScan2D)} {
		sc, _, err := BuildScene(r.tree, r.leg, DiagramOptions{MaxNodes: 150})
		if err != nil {
			t.Fatal(err)
		}
		groups := 0
		for _, b := range sc.Boxes {
			if b.Kind != ItemGroup {
				if b.Members != nil || b.Counted != nil {
					t.Errorf("box %s (kind %d) has members", b.ID, b.Kind)
				}
				continue
			}
			groups++
			if len(b.Members) == 0 || len(b.Counted) != len(b.Members) || !slices.IsSorted(b.Members) || b.Members[0] != b.Step {
				t.Fatalf("group %s: step %d, members %v, %d labels", b.ID, b.Step, b.Members, len(b.Counted))
			}
			if last := b.Counted[len(b.Counted)-1]; !reflect.DeepEqual(last, b.Lines) {
				t.Errorf("group %s: with every reject its label is %q, the diagram's %q", b.ID, last, b.Lines)
			}
		}
		if groups == 0 {
			t.Errorf("%s: no group box to check", r.leg.Summary.Problem)
		}
	}
}
