package outfile_test

import (
	"context"
	"errors"
	"fmt"
	"os"
	"path/filepath"

	"github.com/backtrack-edu/backtrack/render/outfile"
)

// A command opens all its outputs through one Set before doing any work,
// so a bad or repeated path costs nothing, and commits them at the end.
func ExampleSet() {
	dir, err := os.MkdirTemp("", "outfile-example")
	if err != nil {
		panic(err)
	}
	defer os.RemoveAll(dir)
	defer outfile.RemoveTemps() // no temporary survives a panic

	ctx := context.Background()
	var outs outfile.Set
	defer outs.Abort() // throws away whatever was not committed

	svg, err := outs.Create(ctx, filepath.Join(dir, "steps.svg"), "--svg", os.Stdout)
	if err != nil {
		panic(err)
	}
	text, err := outs.Create(ctx, "-", "--text", os.Stdout)
	if err != nil {
		panic(err)
	}
	// A second output on stdout is refused: it is a mistake on the command line.
	_, err = outs.Create(ctx, "-", "--dot", os.Stdout)
	var oe *outfile.Error
	fmt.Println(err, errors.As(err, &oe) && oe.Bad)

	fmt.Fprintln(svg, "<svg/>")
	fmt.Fprintln(text, "solve(0)")
	if err := outs.Commit(); err != nil {
		panic(err)
	}
	b, _ := os.ReadFile(filepath.Join(dir, "steps.svg"))
	fmt.Print(string(b))
	// Output:
	// --text - and --dot - both write to stdout (-): give each its own true
	// solve(0)
	// <svg/>
}
