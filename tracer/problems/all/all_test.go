package all

import (
	"slices"
	"testing"

	"github.com/backtrack-edu/backtrack/tracer/problem"
)

// TestProblemsAreTheRegistered checks that the list is every built-in,
// registered by importing it, in the registry's order (by rank).
func TestProblemsAreTheRegistered(t *testing.T) {
	var names []string
	for _, d := range Problems() {
		names = append(names, d.Name)
		if got, err := problem.Lookup(d.Name); err != nil || got != d {
			t.Errorf("%s: registered as %v (%v), want its Def", d.Name, got, err)
		}
	}
	if want := problem.ProblemNames(); !slices.Equal(names, want) {
		t.Errorf("Problems() = %v, want the registry's %v", names, want)
	}
	if want := []string{"nqueens", "sudoku", "permutations", "combination-sum", "subsets", "wordsearch"}; !slices.Equal(names, want) {
		t.Errorf("Problems() = %v, want %v", names, want)
	}
}
