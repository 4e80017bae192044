// Package all is the one list of the built-in problems. Importing it
// registers every one of them (package problem's registry, which the
// command line, the lessons, the step-log reader and the renderers look
// problems up in); Problems returns their Defs.
//
// A program with problems of its own imports this package for the
// built-ins and registers its own beside them (problem.Register).
package all

import (
	"sort"

	"github.com/backtrack-edu/backtrack/tracer/problem"
	"github.com/backtrack-edu/backtrack/tracer/problems/combsum"
	"github.com/backtrack-edu/backtrack/tracer/problems/nqueens"
	"github.com/backtrack-edu/backtrack/tracer/problems/permutations"
	"github.com/backtrack-edu/backtrack/tracer/problems/subsets"
	"github.com/backtrack-edu/backtrack/tracer/problems/sudoku"
	"github.com/backtrack-edu/backtrack/tracer/problems/wordsearch"
)

// builtins lists the built-in problems. A new built-in is one more line
// here, and its own package.
var builtins = []*problem.Def{
	nqueens.NQueensDef,
	sudoku.SudokuDef,
	permutations.PermutationsDef,
	combsum.CombSumDef,
	subsets.SubsetsDef,
	wordsearch.Def,
}

// Problems returns the built-in problems' Defs by Rank, then by name (the
// order of problem.ProblemNames).
func Problems() []*problem.Def {
	ds := append([]*problem.Def(nil), builtins...)
	sort.SliceStable(ds, func(i, j int) bool {
		ri, rj := rankOf(ds[i]), rankOf(ds[j])
		if ri != rj {
			return ri < rj
		}
		return ds[i].Name < ds[j].Name
	})
	return ds
}

func rankOf(d *problem.Def) int {
	if d.Rank <= 0 {
		return 1 << 30
	}
	return d.Rank
}
