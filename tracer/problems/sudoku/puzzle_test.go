package sudoku

import (
	"bytes"
	"context"
	"encoding/json"
	"os"
	"path/filepath"
	"regexp"
	"slices"
	"strconv"
	"strings"
	"testing"
	"unicode/utf8"

	"github.com/backtrack-edu/backtrack/tracer"
	"github.com/backtrack-edu/backtrack/tracer/problem"
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

// janko is a 16×16 puzzle from janko.at, one line, 10-16 written as A-G.
const janko = "D92.....G...43..4CF.....9D.2.6EB.E.1....F.8BC..AG56.....A3C....1.7G5A8....61....2...C....B7.......AE.964..G......F9.5.7.4............29....A.C..........645D.1......D....1.C.B7F.....E.C2G...8A9B..9.G52.....EF6.256..F.....D.B.E13.6.D........7A...8BC3....954."

// numberJSON writes a one-line puzzle of side n in the JSON form with
// numbers for cells, 0 for a blank.
func numberJSON(t *testing.T, line string, n int) string {
	grid := make([][]int, n)
	for i, ch := range line {
		d := digitValue(ch)
		if d < 0 {
			t.Fatalf("numberJSON: %q is no cell", ch)
		}
		grid[i/n] = append(grid[i/n], d)
	}
	b, err := json.Marshal(grid)
	if err != nil {
		t.Fatal(err)
	}
	return string(b)
}

// utf16 encodes ASCII text as UTF-16, little- or big-endian, without a
// byte-order mark.
func utf16(text string, little bool) string {
	var b strings.Builder
	for i := 0; i < len(text); i++ {
		if little {
			b.WriteByte(text[i])
			b.WriteByte(0)
		} else {
			b.WriteByte(0)
			b.WriteByte(text[i])
		}
	}
	return b.String()
}

// TestParsePuzzle reads every accepted form and checks the cells.
func TestParsePuzzle(t *testing.T) {
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
		// A UTF-8 byte-order mark is dropped, so a comment after it is
		// still a comment.
		{"grid with a UTF-8 BOM", "\ufeff" + leetcodeGrid, 9, leetcode37},
		{"one line with a UTF-8 BOM", "\ufeff" + leetcode37 + "\n", 9, leetcode37},
		{"JSON with a UTF-8 BOM", "\ufeff" + leetcodeJSON(t), 9, leetcode37},
		{"grid with CR line ends", strings.ReplaceAll(leetcodeGrid, "\n", "\r"), 9, leetcode37},
		{"JSON numbers", numberJSON(t, leetcode37, 9), 9, leetcode37},
		{"JSON numbers, 16×16", numberJSON(t, janko, 16), 16, janko},
		{"JSON numbers and strings mixed", strings.Replace(leetcodeJSON(t), `"5"`, "5", 2), 9, leetcode37},
		{"JSON pretty-printed with comments", "# LeetCode 37\n" + indentJSON(t, leetcodeJSON(t)) + "\n# end\n", 9, leetcode37},
		// Comments are skipped unread: a Latin-1 byte there is harmless.
		{"Latin-1 in a comment", "# R\xe4tsel\n" + leetcode37, 9, leetcode37},
		{"exactly MaxPuzzleBytes", "#" + strings.Repeat("x", MaxPuzzleBytes-len(leetcode37)-2) + "\n" + leetcode37, 9, leetcode37},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			if len(tc.text) > MaxPuzzleBytes {
				t.Fatalf("test text is %d bytes, over MaxPuzzleBytes", len(tc.text))
			}
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

// indentJSON pretty-prints JSON text one value a line.
func indentJSON(t *testing.T, text string) string {
	var b bytes.Buffer
	if err := json.Indent(&b, []byte(text), "", "    "); err != nil {
		t.Fatal(err)
	}
	return b.String()
}

// TestParsePuzzleErrors checks that every bad input gets one plain line
// naming what is wrong and where. want holds parts of the message; most
// are the whole message, so that a change of wording is seen.
func TestParsePuzzleErrors(t *testing.T) {
	lines := strings.Split(strings.Trim(leetcodeGrid, "\n"), "\n")
	grid := func(edit func(lines []string) []string) string {
		return strings.Join(edit(slices.Clone(lines)), "\n")
	}
	exampleGrid := readExample(t, "leetcode37.txt")
	bom := "\xef\xbb\xbf"
	tests := []struct {
		name, text string
		want       []string
	}{
		{"empty", " \n\t\n", []string{"puzzle is empty"}},
		{"only comments", "# nothing\n", []string{"puzzle is empty"}},
		{"only a BOM", bom, []string{"puzzle is empty"}},
		{"only separators", "---+---\n | \n", []string{"puzzle has no cells, only the separators"}},
		{"one line too short", leetcode37[:80], []string{"puzzle has 80 cells: want 16 (4×4), 81 (9×9) or 256 (16×16)"}},
		{"one line too long", leetcode37 + ".", []string{"puzzle has 82 cells: want"}},
		{"one cell", "5", []string{"puzzle has 1 cell: want"}},
		{"unknown character", leetcode37[:80] + "x", []string{"puzzle row 9, column 9: unknown character 'x': want 1-9 or '.'/'0' for a blank"}},
		{"unknown character in a grid", grid(func(l []string) []string { l[2] = strings.Replace(l[2], "1", "?", 1); return l }),
			[]string{"puzzle row 2, column 4 (line 3): unknown character '?': want 1-9 or '.'/'0' for a blank"}},
		{"unknown character in JSON", strings.Replace(leetcodeJSON(t), `"7"`, `"z"`, 1),
			[]string{"puzzle JSON row 1, column 5: unknown character 'z': want 1-9, A-G or '.'/'0' for a blank"}},
		{"digit out of range, 4×4", ".4......3.4...5.", []string{"puzzle row 4, column 3: '5' is out of range for a 4×4 puzzle: want 1-4 or '.'/'0' for a blank"}},
		{"letter out of range, 9×9", strings.Replace(leetcode37, "5", "A", 1), []string{"row 1, column 1", "'A' is out of range for a 9×9 puzzle"}},
		{"letter out of range, 16×16", strings.Repeat(".", 255) + "H", []string{"puzzle row 16, column 16: unknown character 'H': want 1-9, A-G or '.'/'0' for a blank"}},
		{"ragged grid row", grid(func(l []string) []string { l[3] = ". 9 8 | . . . | . 6"; return l }), []string{"puzzle row 3 (line 4) has 8 cells: want 9"}},
		{"grid row of one cell", grid(func(l []string) []string { l[3] = "."; return l }), []string{"puzzle row 3 (line 4) has 1 cell: want 9"}},
		{"too few rows", grid(func(l []string) []string { return l[:7] }), []string{"puzzle has 5 rows: want 4, 9 or 16"}},

		// W7: encodings. A bad character is named before cells or rows
		// are counted, with the line and column of the text when the
		// shape is unknown.
		{"UTF-16 with BOM", "\xff\xfe" + utf16(exampleGrid, true), []string{"the puzzle is UTF-16 text: save it as UTF-8"}},
		{"UTF-16 big-endian with BOM", "\xfe\xff" + utf16(leetcode37, false), []string{"the puzzle is UTF-16 text: save it as UTF-8"}},
		{"UTF-16 without BOM", utf16(leetcode37, true), []string{"the puzzle is UTF-16 text: save it as UTF-8"}},
		{"UTF-16 big-endian without BOM", utf16(exampleGrid, false), []string{"the puzzle is UTF-16 text: save it as UTF-8"}},
		{"UTF-32 with BOM", "\xff\xfe\x00\x00" + "5\x00\x00\x00", []string{"the puzzle is UTF-32 text: save it as UTF-8"}},
		{"NUL inside a one-line puzzle", leetcode37[:40] + "\x00" + leetcode37[40:],
			[]string{"puzzle line 1, column 41: a NUL byte (U+0000): want 1-9, A-G or '.'/'0' for a blank"}},
		{"NUL for a cell", leetcode37[:40] + "\x00" + leetcode37[41:], []string{"puzzle row 5, column 5: a NUL byte (U+0000): want 1-9 or '.'/'0' for a blank"}},
		{"NUL after a grid row", grid(func(l []string) []string { l[1] += "\x00"; return l }),
			[]string{"puzzle row 1, column 10 (line 2): a NUL byte (U+0000)"}},
		{"control character", "\x07" + leetcode37, []string{"puzzle line 1, column 1: control character U+0007: want"}},
		{"BOM inside the text", leetcode37[:9] + "\n" + bom + leetcode37[9:],
			[]string{"puzzle row 2, column 1: a byte-order mark (U+FEFF) inside the text"}},
		{"BOM inside a one-line puzzle", leetcode37[:9] + bom + leetcode37[9:],
			[]string{"puzzle line 1, column 10: a byte-order mark (U+FEFF) inside the text"}},
		{"BOM in a grid of 10 rows", grid(func(l []string) []string { l[5] = bom + l[5]; return l }),
			[]string{"puzzle row 4, column 1 (line 6): a byte-order mark (U+FEFF) inside the text"}},
		{"ideographic space", strings.Replace(leetcode37, ".", "\u3000", 1),
			[]string{"puzzle row 1, column 3: space character U+3000 (only ' ' and tab separate cells)"}},
		{"zero-width space", leetcode37 + "\u200b", []string{"puzzle line 1, column 82: invisible character U+200B"}},
		{"invalid UTF-8", "# comment\n" + leetcode37[:9] + "\n" + leetcode37[9:20] + "\xe4" + leetcode37[20:],
			[]string{"puzzle line 3, column 12: byte 0xE4 is not UTF-8: save the puzzle as UTF-8 text"}},
		{"invalid UTF-8 after a multi-byte character", "５\xff", []string{"puzzle line 1, column 2: byte 0xFF is not UTF-8"}},

		// R12: JSON, in plain words.
		{"bad JSON", `[["5","3"`, []string{`puzzle JSON stops in the middle: a closing ']' or '"' is missing`}},
		{"JSON syntax error", "# LeetCode 37\n[[\"5\",\"3\"]\n  [\"x\"]]", []string{"puzzle JSON line 3, column 3: invalid character '[' after array element"}},
		{"JSON nested too deeply", strings.Repeat("[", 20000), []string{"puzzle JSON line 1, column 10001: arrays nested too deeply"}},
		{"JSON object", `{"board": 1}`, []string{"a JSON puzzle is an array of rows, got an object"}},
		{"JSON object after a comment", "# mine\n  {\"board\": [[\"5\"]]}", []string{"a JSON puzzle is an array of rows, got an object"}},
		{"JSON numbers, too few rows", `[[5,3]]`, []string{"puzzle JSON has 1 row: want 4, 9 or 16"}},
		{"JSON number out of range", strings.Replace(leetcodeJSON(t), `"7"`, "10", 1),
			[]string{"puzzle JSON row 1, column 5: the number 10 is out of range for a 9×9 puzzle: want 0-9, 0 for a blank"}},
		{"JSON number 17", strings.Replace(leetcodeJSON(t), `"7"`, "17", 1),
			[]string{`puzzle JSON row 1, column 5: want a one-character string such as "5" or ".", or a number 0-16 (0 for a blank), got the number 17`}},
		{"JSON negative number", strings.Replace(leetcodeJSON(t), `"7"`, "-1", 1), []string{"row 1, column 5", "got the number -1"}},
		{"JSON fraction", strings.Replace(leetcodeJSON(t), `"7"`, "5.5", 1), []string{"row 1, column 5", "got the number 5.5"}},
		{"JSON null", strings.Replace(leetcodeJSON(t), `"7"`, "null", 1), []string{"row 1, column 5", "got null"}},
		{"JSON true", strings.Replace(leetcodeJSON(t), `"7"`, "true", 1), []string{"row 1, column 5", "got true"}},
		{"JSON array cell", strings.Replace(leetcodeJSON(t), `"7"`, `["7"]`, 1), []string{"row 1, column 5", "got an array"}},
		{"JSON object cell", strings.Replace(leetcodeJSON(t), `"7"`, `{}`, 1), []string{"row 1, column 5", "got an object"}},
		{"JSON row is a string", `["53..7....", "6..195..."]`,
			[]string{`puzzle JSON row 1: want an array of cells such as ["5","3","."], got the string "53..7...."`}},
		{"JSON row is a number", `[[1,2,3,4], 5]`, []string{"puzzle JSON row 2: want an array of cells", "got the number 5"}},
		{"JSON cell checked before rows are counted", `[["5","x"]]`, []string{"puzzle JSON row 1, column 2: unknown character 'x'"}},
		{"JSON ragged row", strings.Replace(leetcodeJSON(t), `"3",`, "", 1), []string{"puzzle JSON row 1 has 8 cells: want 9"}},
		{"JSON row of one cell", `[["1"],[],[],[]]`, []string{"puzzle JSON row 1 has 1 cell: want 4"}},
		{"JSON long cell", strings.Replace(leetcodeJSON(t), `"3"`, `"33"`, 1), []string{`puzzle JSON row 1, column 2: cell "33" must be one character such as "5" or "."`}},
		{"JSON very long cell", strings.Replace(leetcodeJSON(t), `"3"`, `"`+strings.Repeat("3", 100)+`"`, 1), []string{`cell "33333333333333333333333…" must be one character`}},
		{"JSON empty cell", strings.Replace(leetcodeJSON(t), `"3"`, `""`, 1), []string{`cell "" must be one character`}},
		{"JSON NUL cell", strings.Replace(leetcodeJSON(t), `"3"`, `"\u0000"`, 1), []string{"puzzle JSON row 1, column 2: a NUL byte (U+0000)"}},
		{"JSON letter out of range", strings.Replace(leetcodeJSON(t), `"3"`, `"a"`, 1), []string{"puzzle JSON row 1, column 2: 'a' is out of range for a 9×9 puzzle"}},
		{"JSON wrong size", `[["1","2"],["3","4"]]`, []string{"puzzle JSON has 2 rows: want 4, 9 or 16"}},
		{"JSON no rows", `[]`, []string{"puzzle JSON has 0 rows: want 4, 9 or 16"}},

		// B6: a bound on the text.
		{"longer than MaxPuzzleBytes", leetcode37 + "\n#" + strings.Repeat("x", MaxPuzzleBytes), []string{"puzzle is longer than 64 KiB: is this the right file?"}},
		{"long run of NUL bytes", strings.Repeat("\x00", MaxPuzzleBytes+1), []string{"puzzle is longer than 64 KiB"}},
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
			if msg := plainMessage(err.Error()); msg != "" {
				t.Errorf("error %q: %s", err, msg)
			}
		})
	}
}

// TestMaxPuzzleBytesDoc keeps the size named in the too-long message in
// step with the constant.
func TestMaxPuzzleBytesDoc(t *testing.T) {
	_, err := ParsePuzzle(strings.Repeat(".", MaxPuzzleBytes+1))
	want := "puzzle is longer than " + strconv.Itoa(MaxPuzzleBytes/1024) + " KiB"
	if err == nil || !strings.HasPrefix(err.Error(), want) {
		t.Errorf("got %v: want %q…", err, want)
	}
}

// leakedInternals matches what a user should never read in a message: Go
// type names, encoding/json's prefix, a singular count with a plural noun.
var leakedInternals = regexp.MustCompile(`json: |Go value|Go type|\bstruct\b|\b1 (rows|cells|characters)\b|\(s\)`)

// plainMessage says what is wrong with an error message meant for a
// user, or "" if nothing is: it must be one line of plain words.
func plainMessage(msg string) string {
	switch {
	case strings.Contains(msg, "\n"):
		return "more than one line"
	case leakedInternals.MatchString(msg):
		return "leaks " + strconv.Quote(leakedInternals.FindString(msg))
	case !utf8.ValidString(msg):
		return "not UTF-8"
	}
	return ""
}

// readExample returns the text of a file in examples/puzzles at the
// module root.
func readExample(t *testing.T, name string) string {
	t.Helper()
	b, err := os.ReadFile(filepath.Join("..", "..", "..", "examples", "puzzles", name))
	if err != nil {
		t.Fatal(err)
	}
	return string(b)
}

// TestUTF16NotGuessedFromOneNUL: a stray NUL or two is a bad character,
// not a sign of UTF-16; and a puzzle saved as UTF-16 is recognised
// whatever its line ends.
func TestUTF16NotGuessedFromOneNUL(t *testing.T) {
	tests := []struct {
		name, text string
		utf16      bool
	}{
		{"one NUL", leetcode37 + "\x00", false},
		{"two NULs", "\x00" + leetcode37 + "\x00", false},
		{"all NULs", strings.Repeat("\x00", 100), false},
		{"one character and a NUL", utf16("5", true), false}, // too short to tell
		{"two characters of UTF-16", utf16("5.", true), true},
		{"UTF-16 one line", utf16(leetcode37, true), true},
		{"UTF-16 CRLF grid", utf16(strings.ReplaceAll(leetcodeGrid, "\n", "\r\n"), true), true},
		{"UTF-16 big-endian grid", utf16(leetcodeGrid, false), true},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			_, err := ParsePuzzle(tc.text)
			if err == nil {
				t.Fatal("no error")
			}
			if got := strings.Contains(err.Error(), "UTF-16"); got != tc.utf16 {
				t.Errorf("error %q: UTF-16 named %v, want %v", err, got, tc.utf16)
			}
		})
	}
}

// TestExamplePuzzles: every file in examples/puzzles parses, also saved
// with a UTF-8 byte-order mark and with CRLF line ends.
func TestExamplePuzzles(t *testing.T) {
	names, err := filepath.Glob(filepath.Join("..", "..", "..", "examples", "puzzles", "*"))
	if err != nil || len(names) == 0 {
		t.Fatalf("no example puzzles: %v", err)
	}
	for _, name := range names {
		b, err := os.ReadFile(name)
		if err != nil {
			t.Fatal(err)
		}
		text := string(b)
		want, err := ParsePuzzle(text)
		if err != nil {
			t.Errorf("%s: %v", name, err)
			continue
		}
		for _, variant := range []string{"\ufeff" + text, strings.ReplaceAll(text, "\n", "\r\n")} {
			p, err := ParsePuzzle(variant)
			if err != nil || p.String() != want.String() {
				t.Errorf("%s %q…: got %v, %v: want %s", name, variant[:min(len(variant), 12)], p, err, want)
			}
		}
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
			if _, err2 := NewSudoku(p, OrderLinear, problem.CheckScan); err2 == nil || err2.Error() != err.Error() {
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
	s, err := NewSudoku(p, OrderLinear, problem.CheckScan)
	if err != nil {
		t.Fatal(err)
	}
	res, err := tracer.Run(context.Background(), s, problem.Options{Stop: problem.StopAll})
	if err != nil || res.Status != problem.StatusComplete || res.Solutions != 0 {
		t.Errorf("no solution: %v, %v: want complete with 0 solutions", res, err)
	}
}

// TestExamplePuzzleComments runs the searches that the comments of
// examples/puzzles describe and checks both the counts and that the
// comment still states them, so neither can drift from the other.
func TestExamplePuzzleComments(t *testing.T) {
	tests := []struct {
		file      string
		order     problem.Order
		stop      problem.Stop
		maxSteps  int64
		status    problem.Status
		calls     int64  // 0: not checked
		solutions int64  // checked with StopAll
		claim     string // text the comment must contain
	}{
		{"4x4.txt", OrderScan2D, problem.StopAll, 0, problem.StatusComplete, 23, 1, "with one solution"},
		{"leetcode37.txt", OrderScan2D, problem.StopFirst, 0, problem.StatusSolved, 4209, 0, "makes 4209 calls"},
		{"leetcode37.txt", OrderLinear, problem.StopFirst, 0, problem.StatusSolved, 4209, 0, "makes 4209 calls"},
		{"hard-for-naive.txt", OrderScan2D, problem.StopFirst, problem.DefaultMaxSteps, problem.StatusLimit, 0, 0, "stops with status limit"},
		{"hard-for-naive.txt", OrderMRV, problem.StopFirst, problem.DefaultMaxSteps, problem.StatusSolved, 45268, 0, "--order mrv\n# solves it in 45,268 calls"},
		{"16x16.txt", OrderScan2D, problem.StopFirst, problem.DefaultMaxSteps, problem.StatusSolved, 83760, 0, "--order scan2d and --order linear both make 83,760 calls"},
		{"16x16.txt", OrderLinear, problem.StopFirst, problem.DefaultMaxSteps, problem.StatusSolved, 83760, 0, "--order scan2d and --order linear both make 83,760 calls"},
		{"16x16.txt", OrderMRV, problem.StopFirst, problem.DefaultMaxSteps, problem.StatusSolved, 133, 0, "--order mrv solves it in 133 calls"},
		{"16x16.txt", OrderMRV, problem.StopAll, 0, problem.StatusComplete, 0, 1, "It has one solution"},
	}
	for _, tc := range tests {
		t.Run(tc.file+" "+string(tc.order)+" "+string(tc.stop), func(t *testing.T) {
			text := readExample(t, tc.file)
			if !strings.Contains(text, tc.claim) {
				t.Errorf("%s: the comment no longer says %q", tc.file, tc.claim)
			}
			p, err := ParsePuzzle(text)
			if err != nil {
				t.Fatal(err)
			}
			s, err := NewSudoku(p, tc.order, problem.CheckScan)
			if err != nil {
				t.Fatal(err)
			}
			res, err := tracer.Run(context.Background(), s, problem.Options{Stop: tc.stop, Limits: problem.Limits{MaxSteps: tc.maxSteps}})
			if err != nil {
				t.Fatal(err)
			}
			if res.Status != tc.status || (tc.calls != 0 && res.Nodes != tc.calls) || (tc.stop == problem.StopAll && res.Solutions != tc.solutions) {
				t.Errorf("status %s, %d calls, %d solutions: want %s, %d calls, %d solutions",
					res.Status, res.Nodes, res.Solutions, tc.status, tc.calls, tc.solutions)
			}
		})
	}
	// The naive search of hard-for-naive.txt takes half a minute, so its
	// count is checked against the reference table that TestNaiveCounts
	// checks the tracer against for smaller trees.
	t.Run("hard-for-naive.txt naive count", func(t *testing.T) {
		const claim = "needs 69,175,317\n# calls"
		text := readExample(t, "hard-for-naive.txt")
		if !strings.Contains(text, claim) {
			t.Errorf("the comment no longer says %q", claim)
		}
		p, err := ParsePuzzle(text)
		if err != nil {
			t.Fatal(err)
		}
		puzzles := puzzleLines(t, "sudoku9-named.txt")
		for _, row := range tsvTable(t, "sudoku9-named.naive-counts.tsv") {
			if idx := int(atoi64(t, row["idx"])); puzzles[idx] == p.String() {
				if got := row["nodes_first"]; got != "69175317" {
					t.Errorf("reference naive count %s calls: the comment says 69,175,317", got)
				}
				return
			}
		}
		t.Errorf("puzzle %s is not in sudoku9-named.txt", p)
	})
}

// FuzzParsePuzzle checks that the parser never panics, that every error
// is one line of UTF-8 starting with what it is about, that whatever it
// accepts is a well-formed grid, and that String parses back to the same
// cells.
func FuzzParsePuzzle(f *testing.F) {
	f.Add(leetcode37)
	f.Add(leetcodeGrid)
	f.Add(strings.ReplaceAll(leetcodeGrid, "\n", "\r\n"))
	f.Add(strings.ReplaceAll(leetcodeGrid, "\n", "\r"))
	f.Add(`[["1",".",".","4"],[".",".","2","."],[".","2",".","."],["3",".",".","1"]]`)
	f.Add("1 . | . 4\n. . | 2 .\n----+----\n. 2 | . .\n3 . | . 1\n")
	f.Add("")
	f.Add("[")
	// Encodings (W7).
	f.Add("\ufeff" + leetcodeGrid)
	f.Add("\ufeff" + leetcode37)
	f.Add("\xff\xfe" + utf16(leetcodeGrid, true))
	f.Add("\xfe\xff" + utf16(leetcode37, false))
	f.Add(utf16(leetcode37, true))
	f.Add(leetcode37[:40] + "\x00" + leetcode37[40:])
	f.Add(leetcode37[:40] + "\x00" + leetcode37[41:])
	f.Add("# R\xe4tsel\n" + leetcode37)
	f.Add(leetcode37[:20] + "\xe4" + leetcode37[21:])
	f.Add(leetcode37[:9] + "\n\ufeff" + leetcode37[9:])
	// JSON numbers, objects and other values (R12).
	f.Add(`[[1,0,0,4],[0,0,2,0],[0,2,0,0],[3,0,0,1]]`)
	f.Add(`[[1,".",0,"4"],[0,0,2,0],[0,2,0,0],[3,0,0,16]]`)
	f.Add(`[[5,3]]`)
	f.Add(`{"board": 1}`)
	f.Add(`[{"row": 1}, null, true, "53..", [[1]], [-1, 5.5, 1e1]]`)
	f.Add("# LeetCode 37\n[[\"5\",\"3\"]\n  [\"x\"]]")
	f.Add(`[["` + strings.Repeat("3", 40) + `"]]`)
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
			msg := err.Error()
			if strings.Contains(msg, "\n") || !utf8.ValidString(msg) {
				t.Errorf("error %q is not one line of UTF-8", msg)
			}
			if !strings.HasPrefix(msg, "puzzle ") && !strings.HasPrefix(msg, "the puzzle ") && !strings.HasPrefix(msg, "a JSON puzzle ") {
				t.Errorf("error %q does not say it is about the puzzle", msg)
			}
			return
		}
		if len(text) > MaxPuzzleBytes {
			t.Fatalf("%d bytes accepted: want at most MaxPuzzleBytes", len(text))
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
			if _, err := NewSudoku(p, OrderMRV, problem.CheckCounts); err != nil {
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
			if _, err := NewSudoku(tc.p, OrderLinear, problem.CheckCounts); err == nil && tc.name != "no Box" {
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
