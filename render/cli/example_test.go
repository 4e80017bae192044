package cli_test

import (
	"context"
	"fmt"
	"os"
	"strings"

	"github.com/backtrack-edu/backtrack/render/cli"
	"github.com/backtrack-edu/backtrack/tracer"
)

// myProblem is a program's own problem: a Def as examples/subsetsum
// defines one, with its flags in Flags (tracer.FlagSpec).
var myProblem *tracer.Def

// A program of one's own whose command line is backtrack's, with its own
// problem beside the built-ins: `myprog trace myproblem`, `myprog render
// LOG.yaml`, `myprog completion bash`, and help that lists it.
func ExampleMain() {
	os.Exit(cli.Main(os.Args, myProblem))
}

// Run runs one command as Main would, on streams of the caller's choice,
// and returns the exit code.
func ExampleRun() {
	var errs strings.Builder
	code := cli.Run(context.Background(), []string{"trace", "nqueens", "-n", "4", "--show", "1"}, nil, os.Stdout, &errs)
	fmt.Println("exit code", code)
	// Output:
	// nqueens n=4 · order=rows check=scan when=before stop=all
	// status: complete · searched the whole tree: 2 solutions
	//
	// solution 1:
	// . Q . .
	// . . . Q
	// Q . . .
	// . . Q .
	//
	// (1 more solution not shown)
	//
	// calls 17 · tries 60 · rejects 44 (column ×28, upper-right diagonal ↗ ×9, upper-left diagonal ↖ ×7) · placements 16 · backtracks 16
	// max depth 4 · steps 187 · check cost 141 · scan cost 0
	// exit code 0
}
