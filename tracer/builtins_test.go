package tracer

// The tests run the built-in problems, which register themselves: their
// packages import the contract, never tracer, so tracer's own tests may
// import them (not their list, problems/all, which a test here could not).
import (
	_ "github.com/backtrack-edu/backtrack/tracer/problems/combsum"
	_ "github.com/backtrack-edu/backtrack/tracer/problems/nqueens"
	_ "github.com/backtrack-edu/backtrack/tracer/problems/permutations"
	_ "github.com/backtrack-edu/backtrack/tracer/problems/subsets"
	_ "github.com/backtrack-edu/backtrack/tracer/problems/sudoku"
)
