package tracer_test

import (
	"context"
	"fmt"
	"strings"

	"github.com/backtrack-edu/backtrack/tracer"
	"github.com/backtrack-edu/backtrack/tracer/problems/nqueens"
	"github.com/backtrack-edu/backtrack/tracer/problems/permutations"
	"github.com/backtrack-edu/backtrack/tracer/problems/sudoku"
)

// Solve 4-queens, collecting every solution, and count the search with a
// Stats sink.
func ExampleRun() {
	q, err := nqueens.NewNQueens(4, tracer.CheckScan)
	if err != nil {
		fmt.Println(err)
		return
	}
	var st tracer.Stats
	res, err := tracer.Run(context.Background(), q, tracer.Options{Stop: tracer.StopAll, Sinks: []tracer.Sink{&st}})
	if err != nil {
		fmt.Println(err)
		return
	}
	for _, board := range res.Boards {
		fmt.Println(strings.Join(board, "\n"))
		fmt.Println()
	}
	fmt.Println(res)
	fmt.Printf("tries %d, placements %d, backtracks %d\n", st.Tries, st.Placements, st.Backtracks)
	for _, rule := range nqueens.NQueensRules {
		// A rule's number is N-Queens' own; its Def names it.
		fmt.Printf("rejected by %s: %d\n", nqueens.NQueensDef.RuleKey(rule), st.Rejects[rule])
	}
	fmt.Println("calls per depth:", st.PerDepth)
	// Output:
	// .Q..
	// ...Q
	// Q...
	// ..Q.
	//
	// ..Q.
	// Q...
	// ...Q
	// .Q..
	//
	// complete: 2 solutions, 17 nodes, 187 steps
	// tries 60, placements 16, backtracks 16
	// rejected by column: 28
	// rejected by anti_diagonal: 9
	// rejected by diagonal: 7
	// calls per depth: [1 4 6 4 2]
}

// Parse a 4×4 Sudoku written as a grid and solve it.
func ExampleParsePuzzle() {
	p, err := sudoku.ParsePuzzle(`
# a 4×4 puzzle
. 4 | . .
. . | . .
----+----
3 . | 4 .
. . | 2 .
`)
	if err != nil {
		fmt.Println(err)
		return
	}
	fmt.Println(p.Size, "×", p.Size, "with", p.Blanks(), "blanks:", p)
	s, err := sudoku.NewSudoku(p, sudoku.OrderLinear, tracer.CheckCounts)
	if err != nil {
		fmt.Println(err)
		return
	}
	res, err := tracer.Run(context.Background(), s, tracer.Options{})
	if err != nil {
		fmt.Println(err)
		return
	}
	fmt.Println(res.Status)
	fmt.Println(strings.Join(res.Final, "\n"))
	// Output:
	// 4 × 4 with 12 blanks: .4......3.4...2.
	// solved
	// 1432
	// 2314
	// 3241
	// 4123
}

// Print the first events of a search with a SinkFunc. A sink is handed a
// pointer it must not keep: copy the event if it is needed later.
func ExampleSinkFunc() {
	q, err := nqueens.NewNQueens(4, tracer.CheckScan)
	if err != nil {
		fmt.Println(err)
		return
	}
	print := tracer.SinkFunc(func(e *tracer.Event) {
		if e.Step > 8 {
			return
		}
		fmt.Printf("%d %-6s node %d depth %d", e.Step, e.Kind, e.Node, e.Depth)
		switch e.Kind {
		case tracer.KindTry, tracer.KindPlace:
			fmt.Printf(" queen at %s", e.Cell)
		case tracer.KindReject:
			fmt.Printf(" queen at %s: %s clash with %s", e.Cell, nqueens.NQueensDef.RuleKey(e.Rule), e.Witness)
		}
		fmt.Println()
	})
	if _, err := tracer.Run(context.Background(), q, tracer.Options{Sinks: []tracer.Sink{print}}); err != nil {
		fmt.Println(err)
	}
	// Output:
	// 1 call   node 0 depth 0
	// 2 try    node 0 depth 0 queen at (0,0)
	// 3 place  node 0 depth 0 queen at (0,0)
	// 4 call   node 1 depth 1
	// 5 try    node 1 depth 1 queen at (1,0)
	// 6 reject node 1 depth 1 queen at (1,0): column clash with (0,0)
	// 7 try    node 1 depth 1 queen at (1,1)
	// 8 reject node 1 depth 1 queen at (1,1): diagonal clash with (0,0)
}

// Check that a search's events keep the stream's invariants.
func ExampleChecker() {
	q, err := nqueens.NewNQueens(6, tracer.CheckArrays)
	if err != nil {
		fmt.Println(err)
		return
	}
	var chk tracer.Checker
	res, err := tracer.Run(context.Background(), q, tracer.Options{When: tracer.WhenAfter, Stop: tracer.StopAll, Sinks: []tracer.Sink{&chk}})
	if err != nil {
		fmt.Println(err)
		return
	}
	fmt.Println(res)
	fmt.Println("violations:", chk.Finish())
	// Output:
	// complete: 4 solutions, 153 nodes, 3883 steps
	// violations: <nil>
}

// List the permutations of 1..3 (LeetCode 46), checking with a used[]
// array, and narrate the first pruning in both languages.
func ExamplePermutations() {
	p, err := permutations.NewPermutations(3, tracer.CheckArrays)
	if err != nil {
		fmt.Println(err)
		return
	}
	info := p.Info()
	en := tracer.NewNarrator(info, tracer.Strategy{Stop: tracer.StopAll}, tracer.LangEN)
	zh := tracer.NewNarrator(info, tracer.Strategy{Stop: tracer.StopAll}, tracer.LangZH)
	var st tracer.Stats
	pruned := 0
	narrate := tracer.SinkFunc(func(e *tracer.Event) {
		a, b := en.Note(e), zh.Note(e)
		if e.Kind == tracer.KindReject && pruned == 0 {
			fmt.Println(a)
			fmt.Println(b)
			pruned++
		}
	})
	res, err := tracer.Run(context.Background(), p, tracer.Options{Stop: tracer.StopAll, Sinks: []tracer.Sink{&st, narrate}})
	if err != nil {
		fmt.Println(err)
		return
	}
	var perms []string
	for _, row := range res.Boards {
		perms = append(perms, row[0])
	}
	fmt.Println(strings.Join(perms, " "))
	fmt.Println(res)
	fmt.Printf("tries %d, rejected as %s: %d\n", st.Tries, permutations.PermutationsDef.RuleKey(permutations.PermutationsUsed), st.Rejects[permutations.PermutationsUsed])
	// Output:
	// 1 at position 1 is already used at position 0: prune (剪枝)
	// 位置 1 放 1：1 已在位置 0 用过，剪枝
	// 123 132 213 231 312 321
	// complete: 6 solutions, 16 nodes, 123 steps
	// tries 30, rejected as used: 15
}
