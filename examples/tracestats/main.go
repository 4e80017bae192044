// Command tracestats shows the tracer library on its own: it traces 6-queens
// and the LeetCode 37 Sudoku, prints the counts, and prints the first steps
// of the Sudoku search as they happen.
//
//	go run ./examples/tracestats
package main

import (
	"context"
	"fmt"
	"log"

	"backtrack/tracer"
)

func main() {
	log.SetFlags(0)
	log.SetPrefix("tracestats: ")
	ctx := context.Background()

	// N-Queens: one row per call, every solution.
	queens, err := tracer.NewNQueens(6, tracer.CheckScan)
	if err != nil {
		log.Fatal(err)
	}
	var qs tracer.Stats
	res, err := tracer.Run(ctx, queens, tracer.Options{Stop: tracer.StopAll, Sinks: []tracer.Sink{&qs}})
	if err != nil {
		log.Fatal(err)
	}
	fmt.Printf("6-queens: %s, %d solutions, %d nodes, %d tries, %d rejects\n",
		res.Status, res.Solutions, qs.Nodes, qs.Tries, qs.RejectTotal())

	// Sudoku: two sinks listen to one search: counters, and a printer of
	// the first eight steps.
	puzzle, err := tracer.ParsePuzzle(tracer.LeetCode37)
	if err != nil {
		log.Fatal(err)
	}
	sudoku, err := tracer.NewSudoku(puzzle, tracer.OrderScan2D, tracer.CheckScan)
	if err != nil {
		log.Fatal(err)
	}
	var ss tracer.Stats
	printer := tracer.SinkFunc(func(e *tracer.Event) {
		if e.Step <= 8 {
			fmt.Printf("  step %d: %-6s node %d depth %d cell %v value %d %s\n",
				e.Step, e.Kind, e.Node, e.Depth, e.Cell, e.Value, e.Rule)
		}
	})
	res, err = tracer.Run(ctx, sudoku, tracer.Options{Sinks: []tracer.Sink{&ss, printer}})
	if err != nil {
		log.Fatal(err)
	}
	fmt.Printf("LeetCode 37: %s, %d nodes, %d tries, rejects row %d column %d box %d\n",
		res.Status, ss.Nodes, ss.Tries, ss.Rejects[tracer.RuleRow], ss.Rejects[tracer.RuleColumn], ss.Rejects[tracer.RuleBox])
	for _, row := range res.Final {
		fmt.Println("  " + row)
	}
}
