package tracer

import (
	"context"
	"encoding/json"
	"slices"
	"strings"
	"testing"
)

// leetcodeGrid is LeetCode 37 as a grid with every kind of separator,
// comments and blank lines.
const leetcodeGrid = `# LeetCode 37
5 3 . | . 7 . | . . .
6 . . | 1 9 5 | . . .
. 9 8 | . . . | . 6 .
------+-------+------
8 . . | . 6 . | . . 3
4 . . | 8 . 3 | . . 1
7 . . | . 2 . | . . 6
------+-------+------
# the last three rows
. 6 . | . . . | 2 8 .
. . . | 4 1 9 | . . 5
. . . | . 8 . | . 7 9

`

// leetcodeJSON returns LeetCode's own form of the board.
func leetcodeJSON(t *testing.T) string {
	var grid [][]string
	for r := 0; r < 9; r++ {
		var row []string
		for _, ch := range leetcode37[r*9 : r*9+9] {
			row = append(row, string(ch))
		}
		grid = append(grid, row)
	}
	b, err := json.Marshal(grid)
	if err != nil {
		t.Fatal(err)
	}
	return string(b)
}

// TestParsePuzzle reads every accepted form and checks the cells.
func TestParsePuzzle(t *testing.T) {
	janko := "D92.....G...43..4CF.....9D.2.6EB.E.1....F.8BC..AG56.....A3C....1.7G5A8....61....2...C....B7.......AE.964..G......F9.5.7.4............29....A.C..........645D.1......D....1.C.B7F.....E.C2G...8A9B..9.G52.....EF6.256..F.....D.B.E13.6.D........7A...8BC3....954."
	var jankoGrid strings.Builder
	for r := 0; r < 16; r++ {
		for c := 0; c < 16; c++ {
			if c > 0 && c%4 == 0 {
				jankoGrid.WriteString("| ")
			}
			jankoGrid.WriteString(strings.ToLower(janko[r*16+c:r*16+c+1]) + " ")
		}
		jankoGrid.WriteString("\n")
	}
	tests := []struct {
		name, text string
		size       int
		want       string // the cells on one line, as String writes them
	}{
		{"one line, dots", leetcode37, 9, leetcode37},
		{"one line, zeros", strings.ReplaceAll(leetcode37, ".", "0"), 9, leetcode37},
		{"one line, newline and spaces", "  " + leetcode37 + "\n", 9, leetcode37},
		{"grid with separators and comments", leetcodeGrid, 9, leetcode37},
		{"grid with CRLF", strings.ReplaceAll(leetcodeGrid, "\n", "\r\n"), 9, leetcode37},
		{"grid without spaces", strings.Join([]string{leetcode37[0:9], leetcode37[9:18], leetcode37[18:27],
			leetcode37[27:36], leetcode37[36:45], leetcode37[45:54], leetcode37[54:63], leetcode37[63:72], leetcode37[72:81]}, "\n"), 9, leetcode37},
		{"grid with tabs", strings.ReplaceAll(strings.ReplaceAll(leetcodeGrid, " ", "\t"), "|", ""), 9, leetcode37},
		{"one line with separators", "53..7....|6..195...|.98....6.|8...6...3|4..8.3..1|7...2...6|.6....28.|...419..5|....8..79", 9, leetcode37},
		{"LeetCode JSON", leetcodeJSON(t), 9, leetcode37},
		{"LeetCode JSON, spaced", "\n  " + strings.ReplaceAll(leetcodeJSON(t), ",", ", ") + "\n", 9, leetcode37},
		{"4×4 one line", ".4......3.4...2.", 4, ".4......3.4...2."},
		{"4×4 grid", "1 . | . 4\n. . | 2 .\n----+----\n. 2 | . .\n3 . | . 1\n", 4, "1..4..2..2..3..1"},
		{"4×4 JSON", `[["1",".",".","4"],[".",".","2","."],[".","2",".","."],["3",".",".","1"]]`, 4, "1..4..2..2..3..1"},
		{"16×16 one line", janko, 16, janko},
		{"16×16 lower-case grid", jankoGrid.String(), 16, janko},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			p, err := ParsePuzzle(tc.text)
			if err != nil {
				t.Fatal(err)
			}
			if p.Size != tc.size || p.Box*p.Box != tc.size || len(p.Cells) != tc.size*tc.size {
				t.Fatalf("size %d, box %d, %d cells: want %d", p.Size, p.Box, len(p.Cells), tc.size)
			}
			if got := p.String(); got != tc.want {
				t.Errorf("cells %s: want %s", got, tc.want)
			}
			if got, want := p.Blanks(), strings.Count(tc.want, "."); got != want {
				t.Errorf("Blanks() = %d: want %d", got, want)
			}
		})
	}
	// Digits 10-16 read as A-G.
	p, err := ParsePuzzle(janko)
	if err != nil {
		t.Fatal(err)
	}
	if p.Cells[0] != 13 || p.Cells[8] != 16 {
		t.Errorf("D and G read as %d and %d: want 13 and 16", p.Cells[0], p.Cells[8])
	}
}

// TestParsePuzzleErrors checks that every bad input gets an error naming
// what is wrong and where.
func TestParsePuzzleErrors(t *testing.T) {
	lines := strings.Split(strings.Trim(leetcodeGrid, "\n"), "\n")
	grid := func(edit func(lines []string) []string) string {
		return strings.Join(edit(slices.Clone(lines)), "\n")
	}
	tests := []struct {
		name, text string
		want       []string
	}{
		{"empty", " \n\t\n", []string{"empty"}},
		{"only comments", "# nothing\n", []string{"empty"}},
		{"one line too short", leetcode37[:80], []string{"80 cells", "want 16 (4×4), 81 (9×9) or 256 (16×16)"}},
		{"one line too long", leetcode37 + ".", []string{"82 cells"}},
		{"unknown character", leetcode37[:80] + "x", []string{"row 9, column 9", `unknown character 'x'`}},
		{"unknown character in a grid", grid(func(l []string) []string { l[2] = strings.Replace(l[2], "1", "?", 1); return l }),
			[]string{"row 2, column 4", `'?'`}},
		{"unknown character in JSON", strings.Replace(leetcodeJSON(t), `"7"`, `"z"`, 1), []string{"row 1, column 5", `'z'`}},
		{"digit out of range, 4×4", ".4......3.4...5.", []string{"row 4, column 3", "'5' is out of range for a 4×4 puzzle"}},
		{"letter out of range, 9×9", strings.Replace(leetcode37, "5", "A", 1), []string{"row 1, column 1", "'A' is out of range for a 9×9 puzzle"}},
		{"letter out of range, 16×16", strings.Repeat(".", 255) + "H", []string{"row 16, column 16", `unknown character 'H'`, "A-G"}},
		{"ragged grid row", grid(func(l []string) []string { l[3] = ". 9 8 | . . . | . 6"; return l }), []string{"row 3 (line 4) has 8 cells: want 9"}},
		{"too few rows", grid(func(l []string) []string { return l[:7] }), []string{"5 rows", "want 4, 9 or 16"}},
		{"bad JSON", `[["5","3"`, []string{"puzzle JSON"}},
		{"JSON numbers", `[[5,3]]`, []string{"puzzle JSON"}},
		{"JSON ragged row", strings.Replace(leetcodeJSON(t), `"3",`, "", 1), []string{"JSON row 1 has 8 cells: want 9"}},
		{"JSON long cell", strings.Replace(leetcodeJSON(t), `"3"`, `"33"`, 1), []string{"row 1, column 2", `"33"`, "one character"}},
		{"JSON wrong size", `[["1","2"],["3","4"]]`, []string{"2 rows"}},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			p, err := ParsePuzzle(tc.text)
			if err == nil {
				t.Fatalf("no error; parsed %s", p)
			}
			for _, w := range tc.want {
				if !strings.Contains(err.Error(), w) {
					t.Errorf("error %q: want it to contain %q", err, w)
				}
			}
			if strings.Contains(err.Error(), "\n") {
				t.Errorf("error %q is more than one line", err)
			}
		})
	}
}

// TestPuzzleClash checks that givens breaking a rule are refused, naming
// both cells and the rule, by Puzzle.Check and NewSudoku; and that a
// puzzle with no solution is a result, not an error.
func TestPuzzleClash(t *testing.T) {
	set := func(base string, i int, d byte) string { b := []byte(base); b[i] = d; return string(b) }
	tests := []struct {
		name, text string
		want       []string
	}{
		// LeetCode 37 has 5 at (1,1); put another 5 at (1,9), (9,1) and (3,3).
		{"row", set(leetcode37, 8, '5'), []string{"5 at row 1, column 1 and at row 1, column 9 share a row"}},
		{"column", set(leetcode37, 72, '5'), []string{"5 at row 1, column 1 and at row 9, column 1 share a column"}},
		{"box", set(leetcode37, 20, '5'), []string{"5 at row 1, column 1 and at row 3, column 3 share a box"}},
		{"4×4", "11..............", []string{"1 at row 1, column 1 and at row 1, column 2 share a row"}},
		{"16×16", "G" + strings.Repeat(".", 16) + "G" + strings.Repeat(".", 238), []string{"G at row 1, column 1 and at row 2, column 2 share a box"}},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			p, err := ParsePuzzle(tc.text)
			if err != nil {
				t.Fatal(err)
			}
			err = p.Check()
			if err == nil {
				t.Fatal("Check: no error")
			}
			for _, w := range tc.want {
				if !strings.Contains(err.Error(), w) {
					t.Errorf("Check: %q: want it to contain %q", err, w)
				}
			}
			if _, err2 := NewSudoku(p, OrderLinear, CheckScan); err2 == nil || err2.Error() != err.Error() {
				t.Errorf("NewSudoku: %v: want %v", err2, err)
			}
		})
	}
	// Valid givens but no solution: a result with status complete.
	// Cell (1,2) allows no digit: 1 in its row, 2 and 3 in its column, 4 in
	// its box.
	p, err := ParsePuzzle("1...4....2...3..")
	if err != nil {
		t.Fatal(err)
	}
	if err := p.Check(); err != nil {
		t.Fatal(err)
	}
	s, err := NewSudoku(p, OrderLinear, CheckScan)
	if err != nil {
		t.Fatal(err)
	}
	res, err := Run(context.Background(), s, Options{Stop: StopAll})
	if err != nil || res.Status != StatusComplete || res.Solutions != 0 {
		t.Errorf("no solution: %v, %v: want complete with 0 solutions", res, err)
	}
}

// FuzzParsePuzzle checks that the parser never panics, that whatever it
// accepts is a well-formed grid, and that String parses back to the same
// cells.
func FuzzParsePuzzle(f *testing.F) {
	f.Add(leetcode37)
	f.Add(leetcodeGrid)
	f.Add(strings.ReplaceAll(leetcodeGrid, "\n", "\r\n"))
	f.Add(`[["1",".",".","4"],[".",".","2","."],[".","2",".","."],["3",".",".","1"]]`)
	f.Add("1 . | . 4\n. . | 2 .\n----+----\n. 2 | . .\n3 . | . 1\n")
	f.Add("")
	f.Add("[")
	for _, name := range []string{"sudoku4.txt", "sudoku9-named.txt", "sudoku9-top95.txt", "sudoku16-janko20.txt", "sudoku9-solution-counts.txt"} {
		lines := dataLines(f, name)
		for _, l := range lines[:min(3, len(lines))] {
			f.Add(l)
		}
	}
	f.Fuzz(func(t *testing.T, text string) {
		p, err := ParsePuzzle(text)
		if err != nil {
			if p != nil {
				t.Errorf("error %v with a puzzle", err)
			}
			return
		}
		if p.Box*p.Box != p.Size || len(p.Cells) != p.Size*p.Size {
			t.Fatalf("size %d, box %d, %d cells", p.Size, p.Box, len(p.Cells))
		}
		for i, d := range p.Cells {
			if d < 0 || d > p.Size {
				t.Fatalf("cell %d = %d", i, d)
			}
		}
		again, err := ParsePuzzle(p.String())
		if err != nil {
			t.Fatalf("String() = %q does not parse: %v", p.String(), err)
		}
		if again.Size != p.Size || !slices.Equal(again.Cells, p.Cells) {
			t.Fatalf("round trip: %q became %q", p.String(), again.String())
		}
		if err := p.Check(); err == nil {
			if _, err := NewSudoku(p, OrderMRV, CheckCounts); err != nil {
				t.Fatalf("Check passes but NewSudoku fails: %v", err)
			}
		}
	})
}

// TestNewSudokuHandMadePuzzle: NewSudoku checks Size and len(Cells) but not
// Box or the cell values of a Puzzle built without ParsePuzzle, and panics
// (sudoku.go NewSudoku → puzzle.go Check/Clash) instead of returning an error.
func TestNewSudokuHandMadePuzzle(t *testing.T) {
	withCell := func(i, d int) []int { c := make([]int, 16); c[i] = d; return c }
	for _, tc := range []struct {
		name string
		p    *Puzzle
	}{
		{"no Box", &Puzzle{Size: 4, Cells: make([]int, 16)}},            // integer divide by zero
		{"wrong Box", &Puzzle{Size: 9, Box: 2, Cells: make([]int, 81)}}, // index out of range
		{"digit 20", &Puzzle{Size: 4, Box: 2, Cells: withCell(0, 20)}},  // index out of range
		{"digit -1", &Puzzle{Size: 4, Box: 2, Cells: withCell(0, -1)}},  // index out of range
		{"digit 5", &Puzzle{Size: 4, Box: 2, Cells: withCell(0, 5)}},    // accepted: counters of the next unit
	} {
		t.Run(tc.name, func(t *testing.T) {
			defer func() {
				if r := recover(); r != nil {
					t.Errorf("panic: %v", r)
				}
			}()
			if _, err := NewSudoku(tc.p, OrderLinear, CheckCounts); err == nil && tc.name != "no Box" {
				t.Errorf("no error")
			}
		})
	}
}

// TestParsePuzzleCommentBeforeJSON: ParsePuzzle's doc says lines starting
// with '#' are comments, but a comment before LeetCode's JSON form turns
// off the JSON reader (puzzle.go ParsePuzzle tests the trimmed text for a
// leading '[' before dropping comments): "puzzle has 343 cells".
func TestParsePuzzleCommentBeforeJSON(t *testing.T) {
	p, err := ParsePuzzle("# LeetCode 37\n" + leetcodeJSON(t))
	if err != nil || p.String() != leetcode37 {
		t.Errorf("got %v, %v: want LeetCode 37", p, err)
	}
}
