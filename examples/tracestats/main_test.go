package main

import (
	"os"
	"testing"
)

// Example checks what the program prints: the counts of both searches,
// the first steps of the Sudoku search with their notes, and its solution.
func Example() {
	if err := run(os.Stdout); err != nil {
		panic(err)
	}
	// Output:
	// 6-queens, every solution: searched the whole tree
	//   4 solutions · 153 calls · 894 tries, 742 of them pruned
	//   pruned by rule: column ×538, upper-right diagonal ↗ ×121, upper-left diagonal ↖ ×83
	//
	// LeetCode 37's Sudoku: solved (stopped at the first solution)
	//   4209 calls · 37652 tries, 33444 of them pruned
	//   pruned by rule: row ×26125, column ×5918, box ×1401
	//   its first 8 steps:
	//     1  call    depth 0  call 0 (root, depth 0): scan from (0,0) for an empty cell (2-D)
	//     2  scan    depth 0  scan from (0,0): skip 2 givens, decide (0,2)
	//     3  try     depth 0  try 1 at (0,2)
	//     4  place   depth 0  no clash: place 1 at (0,2) (做出选择) and recurse
	//     5  call    depth 1  call 1 at depth 1 after the 1 at (0,2): rescan from (0,0) for an empty cell (2-D)
	//     6  scan    depth 1  scan from (0,0): skip 3 filled cells (2 givens, 1 placed earlier), decide (0,3)
	//     7  try     depth 1  try 1 at (0,3)
	//     8  reject  depth 1  1 at (0,3) clashes with the 1 at (0,2) in row 0; also with (1,3) in column 3: prune (剪枝)
	//   the solution:
	//     5 3 4 6 7 8 9 1 2
	//     6 7 2 1 9 5 3 4 8
	//     1 9 8 3 4 2 5 6 7
	//     8 5 9 7 6 1 4 2 3
	//     4 2 6 8 5 3 7 9 1
	//     7 1 3 9 2 4 8 5 6
	//     9 6 1 5 3 7 2 8 4
	//     2 8 7 4 1 9 6 3 5
	//     3 4 5 2 8 6 1 7 9
}

func TestCount(t *testing.T) {
	for _, tt := range []struct {
		n    int64
		noun string
		want string
	}{
		{0, "call", "0 calls"},
		{1, "call", "1 call"},
		{2, "solution", "2 solutions"},
		{1, "try", "1 try"},
		{894, "try", "894 tries"},
	} {
		if got := count(tt.n, tt.noun); got != tt.want {
			t.Errorf("count(%d, %q) = %q, want %q", tt.n, tt.noun, got, tt.want)
		}
	}
}
