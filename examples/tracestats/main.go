// Command tracestats shows the tracer library on its own: it traces 6-queens
// and the LeetCode 37 Sudoku, prints what each search counted, and prints
// the first steps of the Sudoku search as they happen, with the note the
// library writes for each.
//
//	go run ./examples/tracestats
package main

import (
	"context"
	"fmt"
	"io"
	"log"
	"os"
	"strings"

	"github.com/backtrack-edu/backtrack/tracer"
	"github.com/backtrack-edu/backtrack/tracer/problems/nqueens"
	"github.com/backtrack-edu/backtrack/tracer/problems/sudoku"
)

func main() {
	log.SetFlags(0)
	log.SetPrefix("tracestats: ")
	if err := run(os.Stdout); err != nil {
		log.Fatal(err)
	}
}

// shownSteps is how many steps of the Sudoku search are printed.
const shownSteps = 8

// run traces both searches and writes what they did to w.
func run(w io.Writer) error {
	ctx := context.Background()

	// N-Queens: one row per call, every solution.
	queens, err := nqueens.NewNQueens(6, tracer.CheckScan)
	if err != nil {
		return err
	}
	var qs tracer.Stats
	res, err := tracer.Run(ctx, queens, tracer.Options{Stop: tracer.StopAll, Sinks: []tracer.Sink{&qs}})
	if err != nil {
		return err
	}
	fmt.Fprintf(w, "6-queens, every solution: %s\n", ending(res))
	fmt.Fprintf(w, "  %s · %s · %s, %d of them pruned\n", count(res.Solutions, "solution"), count(qs.Nodes, "call"),
		count(qs.Tries, "try"), qs.RejectTotal())
	fmt.Fprintf(w, "  pruned by rule: %s\n\n", byRule(queens.Info(), &qs))

	// Sudoku: two sinks listen to one search: the counters, and a printer
	// of the first steps with the library's note for each. A Narrator must
	// see every event, in order, so it is fed all of them.
	puzzle, err := sudoku.ParsePuzzle(sudoku.LeetCode37)
	if err != nil {
		return err
	}
	sudoku, err := sudoku.NewSudoku(puzzle, sudoku.OrderScan2D, tracer.CheckScan)
	if err != nil {
		return err
	}
	var ss tracer.Stats
	narrator := tracer.NewNarrator(sudoku.Info(), tracer.Strategy{}, tracer.LangEN)
	var steps strings.Builder
	printer := tracer.SinkFunc(func(e *tracer.Event) {
		note := narrator.Note(e)
		if e.Step <= shownSteps {
			fmt.Fprintf(&steps, "    %d  %-7s depth %d  %s\n", e.Step, e.Kind, e.Depth, note)
		}
	})
	res, err = tracer.Run(ctx, sudoku, tracer.Options{Sinks: []tracer.Sink{&ss, printer}})
	if err != nil {
		return err
	}
	fmt.Fprintf(w, "LeetCode 37's Sudoku: %s\n", ending(res))
	fmt.Fprintf(w, "  %s · %s, %d of them pruned\n", count(ss.Nodes, "call"), count(ss.Tries, "try"), ss.RejectTotal())
	fmt.Fprintf(w, "  pruned by rule: %s\n", byRule(sudoku.Info(), &ss))
	fmt.Fprintf(w, "  its first %d steps:\n%s", shownSteps, steps.String())
	fmt.Fprintln(w, "  the solution:")
	for _, row := range res.Final {
		fmt.Fprintln(w, "    "+strings.Join(strings.Split(row, ""), " "))
	}
	return nil
}

// ending says how a search ended, in words.
func ending(res *tracer.Result) string {
	switch res.Status {
	case tracer.StatusComplete:
		return "searched the whole tree"
	case tracer.StatusSolved:
		return "solved (stopped at the first solution)"
	}
	return string(res.Status)
}

// byRule lists the pruned tries by rule, in the order the problem checks
// the rules, named as the diagrams name them: "column 10, upper-right
// diagonal ↗ 3".
func byRule(info tracer.Info, st *tracer.Stats) string {
	parts := make([]string, len(info.Rules))
	for i, r := range info.Rules {
		parts[i] = tracer.RuleCount(info.Def.RuleName(r, tracer.LangEN), st.Rejects[r], tracer.LangEN)
	}
	return strings.Join(parts, ", ")
}

// count writes n with its noun, in the plural unless n is 1: "1 call",
// "894 tries".
func count(n int64, noun string) string {
	if n != 1 {
		if strings.HasSuffix(noun, "y") {
			noun = strings.TrimSuffix(noun, "y") + "ie"
		}
		noun += "s"
	}
	return fmt.Sprintf("%d %s", n, noun)
}
