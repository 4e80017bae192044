package render

import (
	"context"
	"io"
	"strings"
	"testing"

	"github.com/backtrack-edu/backtrack/tracer"
	"github.com/backtrack-edu/backtrack/tracer/problems/nqueens"
)

// FuzzParseFocus feeds --focus any text: it never panics; what it accepts
// is canonical (joining the moves and parsing again gives the same moves),
// and trimming a real tree with it either works or names the bad move.
func FuzzParseFocus(f *testing.F) {
	for _, s := range []string{"r0=c1", "r0=c1/r1=c3", "root/r0=c2", "(0,2)=4/(0,3)=6", " (0, 2) = 4 ", "R0=C1", "", "/", "r0=c1//r1=c3", "(0,2)=G", "r99=c99", "(1,1)=1/r0=c0"} {
		f.Add(s)
	}
	p, err := nqueens.NewNQueens(5, tracer.CheckScan)
	if err != nil {
		f.Fatal(err)
	}
	tree := tracer.NewTree()
	if _, err := tracer.Run(context.Background(), p, tracer.Options{Stop: tracer.StopAll, Sinks: []tracer.Sink{tree}}); err != nil {
		f.Fatal(err)
	}
	f.Fuzz(func(t *testing.T, s string) {
		moves, err := ParseFocus(s)
		if err != nil {
			if strings.Contains(err.Error(), "\n") {
				t.Errorf("error is not one line: %q", err)
			}
			return
		}
		again, err := ParseFocus(strings.Join(moves, FocusSeparator))
		if err != nil || strings.Join(again, FocusSeparator) != strings.Join(moves, FocusSeparator) {
			t.Fatalf("%q: parsed to %q, which parses to %q (%v)", s, moves, again, err)
		}
		if _, err := WriteDOT(io.Discard, tree, Legend{Summary: tracer.Summary{Problem: "nqueens", Size: 5, Instance: "n=5"}}, DiagramOptions{MaxNodes: 40, Focus: moves}); err != nil && strings.Contains(err.Error(), "\n") {
			t.Errorf("trim error is not one line: %q", err)
		}
	})
}
