package lessons

import (
	"context"
	"strings"
	"testing"
)

// TestFieldsOfBoards checks the fields about a run's board: final_blanks
// (the cells the search handed back empty), box_side, and calls, the
// tables' name for nodes.
func TestFieldsOfBoards(t *testing.T) {
	const small = ".4......3.4...2."
	tests := []struct {
		search Search
		field  string
		want   string
		err    string
	}{
		{search: Search{Problem: "sudoku", Puzzle: small}, field: "final_blanks", want: "0"},
		// Without "return false" the 4×4 search returns true over two
		// blanks (the CLI says the same: status wrong, 2 cells blank).
		{search: Search{Problem: "sudoku", Puzzle: small, Drop: "return-false"}, field: "final_blanks", want: "2"},
		// A lost solution is undone: every blank of the puzzle is back.
		{search: Search{Problem: "sudoku", Puzzle: small, Stop: "no-return"}, field: "final_blanks", want: "12"},
		{search: Search{Problem: "sudoku", Puzzle: small}, field: "box_side", want: "2"},
		{search: Search{Problem: "sudoku"}, field: "box_side", want: "3"},
		{search: Search{Problem: "sudoku", Puzzle: small}, field: "calls", want: "14"},
		{search: Search{Problem: "sudoku", Puzzle: small}, field: "nodes", want: "14"},
		{search: Search{Problem: "nqueens", N: 4}, field: "calls", want: "17"},
		{search: Search{Problem: "nqueens", N: 4}, field: "final_blanks", err: "nqueens has no blanks"},
		{search: Search{Problem: "nqueens", N: 4}, field: "box_side", err: "nqueens has no boxes"},
	}
	for _, tt := range tests {
		rs := &RunSpec{Name: "r", Search: tt.search}
		out, err := rs.Execute(context.Background())
		if err != nil {
			t.Fatal(err)
		}
		v, err := field(rs, &out, tt.field)
		if tt.err != "" {
			if err == nil || !strings.Contains(err.Error(), tt.err) {
				t.Errorf("%+v %s: error %v, want %q", tt.search, tt.field, err, tt.err)
			}
			continue
		}
		if err != nil || v.String() != tt.want {
			t.Errorf("%+v %s = %s, %v; want %s", tt.search, tt.field, v, err, tt.want)
		}
	}
	if _, ok := fieldLabels["scan_per_call"]; !ok {
		t.Error("scan_per_call has no label")
	}
}
