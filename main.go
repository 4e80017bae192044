// Command backtrack traces backtracking searches for teaching: N-Queens as
// one-dimensional recursion and Sudoku as two-dimensional recursion, the
// list problems of 代码随想录's backtracking chapter (permutations,
// combination sum, subsets), with the strategies of well-known tutorials.
//
// Usage:
//
//	backtrack trace nqueens|sudoku|... [flags]
//
// Run `backtrack help` for the commands and `backtrack trace -h` for flags.
// The command set is the library package render/cli: a program of one's
// own runs it with its own problems beside these, as
// cli.Main(os.Args, myProblem).
package main

import (
	"os"

	"github.com/backtrack-edu/backtrack/render/cli"
)

func main() { os.Exit(cli.Main(os.Args)) }
