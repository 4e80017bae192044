package sudoku

import (
	"encoding/json"
	"errors"
	"fmt"
	"strconv"
	"strings"
	"unicode"
	"unicode/utf8"

	"github.com/backtrack-edu/backtrack/tracer/problem"
)

// Puzzle is a Sudoku grid as read from the user: Size×Size cells holding
// 0 (blank) or a digit 1..Size.
type Puzzle struct {
	Size  int // 4, 9 or 16
	Box   int // 2, 3 or 4: the side of a box (宫)
	Cells []int
}

// sizes maps a cell count to the side of the grid.
var sizes = map[int]int{16: 4, 81: 9, 256: 16}

// BoxSide returns the side of a Sudoku box (宫) for a grid side: 2, 3 or 4
// for 4, 9 or 16, and 0 for any other size.
func BoxSide(n int) int {
	switch n {
	case 4:
		return 2
	case 9:
		return 3
	case 16:
		return 4
	}
	return 0
}

// DigitChar returns how digit d is written: 1-9, then A-G for 10-16; '.' for 0.
func DigitChar(d int) byte {
	switch {
	case d == 0:
		return '.'
	case d <= 9:
		return byte('0' + d)
	default:
		return byte('A' + d - 10)
	}
}

// digitValue reads one cell character: 0 for a blank, -1 if it is no digit.
func digitValue(ch rune) int {
	switch {
	case ch == '.' || ch == '0':
		return 0
	case ch >= '1' && ch <= '9':
		return int(ch - '0')
	case ch >= 'A' && ch <= 'G':
		return int(ch-'A') + 10
	case ch >= 'a' && ch <= 'g':
		return int(ch-'a') + 10
	}
	return -1
}

// MaxPuzzleBytes is the longest puzzle text ParsePuzzle accepts, in bytes.
// The largest accepted layout, a 16×16 grid with a space between cells,
// '|' between boxes and a separator line between bands, takes about 800
// bytes; LeetCode's JSON form of a 16×16, pretty-printed one cell a line,
// about 4 KB. 64 KiB leaves room for pages of comments while keeping the
// read instant. A caller reading a file or stdin should stop after
// MaxPuzzleBytes+1 bytes and pass what it read to ParsePuzzle, which then
// reports the puzzle as too long; reading on would let a wrong --puzzle
// such as /dev/zero take all memory.
const MaxPuzzleBytes = 64 << 10

// utf8BOM is the byte-order mark some editors write at the start of a UTF-8
// file; it means nothing and is dropped.
const utf8BOM = "\ufeff"

// cellChar is one character of the input with where it stood.
type cellChar struct {
	ch        rune
	line, col int // 1-based, in the input text; col counts characters
}

// ParsePuzzle reads a Sudoku puzzle (4×4, 9×9 or 16×16) in any of these forms:
//
//   - one line of 16, 81 or 256 cells, '.' or '0' for a blank;
//   - grid lines, one row a line, with or without spaces and '|', '-', '+'
//     separators (lines of separators only are skipped);
//   - LeetCode's JSON array: [["5","3","."...],...]. A cell may also be a
//     JSON number, 0 for a blank: [[5,3,0,...],...].
//
// Lines starting with '#' are comments. 16×16 puzzles write 10-16 as A-G
// (or a-g). Lines may end in LF, CRLF or CR; a leading UTF-8 byte-order
// mark is dropped. The text must be UTF-8 and at most MaxPuzzleBytes long.
//
// Every error is one line naming what is wrong and where: the row and
// column (1-based) of a cell, or the line and column of the text. A
// character that cannot be part of any puzzle is reported before the
// cells are counted.
func ParsePuzzle(text string) (*Puzzle, error) {
	if len(text) > MaxPuzzleBytes {
		return nil, fmt.Errorf("puzzle is longer than %d KiB: is this the right file?", MaxPuzzleBytes>>10)
	}
	if enc := wideEncoding(text); enc != "" {
		return nil, fmt.Errorf("the puzzle is %s text: save it as UTF-8", enc)
	}
	text = strings.TrimPrefix(text, utf8BOM)
	text = strings.ReplaceAll(text, "\r\n", "\n")
	text = strings.ReplaceAll(text, "\r", "\n")
	lines := strings.Split(text, "\n")
	for i, line := range lines {
		if isComment(line) {
			// Comments are skipped unread, so their encoding does not
			// matter; a word of Latin-1 there is harmless.
			lines[i] = ""
			continue
		}
		if col, b, ok := invalidUTF8(line); ok {
			return nil, fmt.Errorf("puzzle line %d, column %d: byte 0x%02X is not UTF-8: save the puzzle as UTF-8 text", i+1, col, b)
		}
	}
	body := strings.Join(lines, "\n") // the text with comment lines emptied
	switch trimmed := strings.TrimSpace(body); {
	case trimmed == "":
		return nil, fmt.Errorf("puzzle is empty")
	case trimmed[0] == '[':
		return parseJSONPuzzle(body)
	case trimmed[0] == '{':
		return nil, fmt.Errorf("a JSON puzzle is an array of rows, got an object")
	}

	var rows [][]cellChar
	for i, line := range lines {
		var row []cellChar
		col := 0
		for _, ch := range line {
			col++
			switch ch {
			case ' ', '\t', '|', '-', '+':
				continue
			}
			row = append(row, cellChar{ch, i + 1, col})
		}
		if len(row) > 0 {
			rows = append(rows, row)
		}
	}
	if len(rows) == 0 {
		return nil, fmt.Errorf("puzzle has no cells, only the separators ' ', '|', '-' and '+'")
	}
	// The side of the grid if its shape is right, else 0.
	n := 0
	if len(rows) == 1 {
		n = sizes[len(rows[0])]
	} else if BoxSide(len(rows)) != 0 {
		n = len(rows)
	}
	// A character that is no cell in any size first: a stray byte would
	// otherwise show up only as a wrong count.
	for r, row := range rows {
		for c, cc := range row {
			if digitValue(cc.ch) < 0 {
				return nil, fmt.Errorf("puzzle %s: %s", charPlace(rows, r, c, n), badChar(cc.ch, n))
			}
		}
	}
	var cells []cellChar
	if len(rows) == 1 {
		cells = rows[0]
		if n == 0 {
			return nil, fmt.Errorf("puzzle has %s: want 16 (4×4), 81 (9×9) or 256 (16×16)", plural(len(cells), "cell"))
		}
	} else {
		if n == 0 {
			return nil, fmt.Errorf("puzzle has %s: want 4, 9 or 16", plural(len(rows), "row"))
		}
		for r, row := range rows {
			if len(row) != n {
				return nil, fmt.Errorf("puzzle row %d (line %d) has %s: want %d", r+1, row[0].line, plural(len(row), "cell"), n)
			}
			cells = append(cells, row...)
		}
	}
	p := &Puzzle{Size: n, Box: BoxSide(n), Cells: make([]int, n*n)}
	for i, c := range cells {
		d := digitValue(c.ch)
		if d > n {
			return nil, fmt.Errorf("puzzle row %d, column %d: %s", i/n+1, i%n+1, badChar(c.ch, n))
		}
		p.Cells[i] = d
	}
	return p, nil
}

// isComment tells whether a line is a comment: its first character that is
// not a space is '#'.
func isComment(line string) bool {
	return strings.HasPrefix(strings.TrimSpace(line), "#")
}

// wideEncoding recognises text saved as UTF-16 or UTF-32 instead of UTF-8:
// by its byte-order mark, or, without one, by the NUL byte that stands
// beside every ASCII character in UTF-16. It returns "UTF-16", "UTF-32" or
// "" for neither. A NUL here and there is not enough; ParsePuzzle reports
// such a NUL as a bad character.
func wideEncoding(text string) string {
	switch {
	case strings.HasPrefix(text, "\xff\xfe\x00\x00"), strings.HasPrefix(text, "\x00\x00\xfe\xff"):
		return "UTF-32"
	case strings.HasPrefix(text, "\xff\xfe"), strings.HasPrefix(text, "\xfe\xff"):
		return "UTF-16"
	}
	pairs, little, big := len(text)/2, 0, 0
	for i := 0; i+1 < len(text); i += 2 {
		switch a, b := text[i], text[i+1]; {
		case a != 0 && b == 0:
			little++
		case a == 0 && b != 0:
			big++
		}
	}
	if pairs >= 2 && (2*little >= pairs || 2*big >= pairs) {
		return "UTF-16"
	}
	return ""
}

// invalidUTF8 finds the first byte of line that is not UTF-8: its column
// (1-based, counting characters) and value, and whether there is one.
func invalidUTF8(line string) (col int, b byte, ok bool) {
	if utf8.ValidString(line) {
		return 0, 0, false
	}
	for i := 0; i < len(line); {
		col++
		r, size := utf8.DecodeRuneInString(line[i:])
		if r == utf8.RuneError && size == 1 {
			return col, line[i], true
		}
		i += size
	}
	return 0, 0, false
}

// charPlace says where cell c of row r stands, for an error message: as a
// cell of the grid when the grid's shape is known (n > 0) or it has several
// rows, else as a line and column of the text. rows[r][c] is the cell.
func charPlace(rows [][]cellChar, r, c, n int) string {
	cc := rows[r][c]
	switch {
	case len(rows) > 1 && cc.line != r+1:
		return fmt.Sprintf("row %d, column %d (line %d)", r+1, c+1, cc.line)
	case len(rows) > 1:
		return fmt.Sprintf("row %d, column %d", r+1, c+1)
	case n > 0:
		return fmt.Sprintf("row %d, column %d", c/n+1, c%n+1)
	}
	return fmt.Sprintf("line %d, column %d", cc.line, cc.col)
}

// badChar explains why ch cannot be a cell of an n×n puzzle; n is 0 when
// the size is not known.
func badChar(ch rune, n int) string {
	want := fmt.Sprintf("want 1-%d or '.'/'0' for a blank", n)
	if n == 16 || n == 0 {
		want = "want 1-9, A-G or '.'/'0' for a blank"
	}
	if d := digitValue(ch); d > n && n > 0 {
		return fmt.Sprintf("%q is out of range for a %d×%d puzzle: %s", ch, n, n, want)
	}
	return describeChar(ch) + ": " + want
}

// describeChar names a character that is no cell, so that an invisible one
// can be found: "unknown character 'x'", "a NUL byte (U+0000)".
func describeChar(ch rune) string {
	switch {
	case ch == 0:
		return "a NUL byte (U+0000)"
	case ch == '\ufeff':
		return "a byte-order mark (U+FEFF) inside the text"
	case unicode.IsControl(ch):
		return fmt.Sprintf("control character U+%04X", ch)
	case unicode.IsSpace(ch):
		return fmt.Sprintf("space character U+%04X (only ' ' and tab separate cells)", ch)
	case !unicode.IsPrint(ch):
		return fmt.Sprintf("invisible character U+%04X", ch)
	}
	return fmt.Sprintf("unknown character %q", ch)
}

// plural writes a count with its noun: "1 row", "2 rows", "0 rows".
func plural(k int, noun string) string {
	if k == 1 {
		return "1 " + noun
	}
	return fmt.Sprintf("%d %ss", k, noun)
}

// jsonCell is one cell of a JSON puzzle: its digit, and the character it
// was written as (0 when it was a JSON number).
type jsonCell struct {
	d  int
	ch rune
}

// parseJSONPuzzle reads LeetCode's [["5","3",".",...],...] form; a cell
// may also be a JSON number. text is the puzzle with its comment lines
// emptied, so that byte offsets give the right line.
func parseJSONPuzzle(text string) (*Puzzle, error) {
	var rows []json.RawMessage
	if err := json.Unmarshal([]byte(text), &rows); err != nil {
		return nil, jsonSyntaxError(text, err)
	}
	// Every cell first, so that a wrong kind of value is reported before
	// the rows are counted.
	grid := make([][]jsonCell, len(rows))
	for r, raw := range rows {
		var cells []json.RawMessage
		if raw[0] != '[' || json.Unmarshal(raw, &cells) != nil {
			return nil, fmt.Errorf("puzzle JSON row %d: want an array of cells such as [\"5\",\"3\",\".\"], got %s", r+1, jsonKind(raw))
		}
		grid[r] = make([]jsonCell, len(cells))
		for c, raw := range cells {
			cell, msg := readJSONCell(raw)
			if msg != "" {
				return nil, fmt.Errorf("puzzle JSON row %d, column %d: %s", r+1, c+1, msg)
			}
			grid[r][c] = cell
		}
	}
	n := len(grid)
	if BoxSide(n) == 0 {
		return nil, fmt.Errorf("puzzle JSON has %s: want 4, 9 or 16", plural(n, "row"))
	}
	p := &Puzzle{Size: n, Box: BoxSide(n), Cells: make([]int, n*n)}
	for r, row := range grid {
		if len(row) != n {
			return nil, fmt.Errorf("puzzle JSON row %d has %s: want %d", r+1, plural(len(row), "cell"), n)
		}
		for c, cell := range row {
			if cell.d > n {
				msg := fmt.Sprintf("the number %d is out of range for a %d×%d puzzle: want 0-%d, 0 for a blank", cell.d, n, n, n)
				if cell.ch != 0 {
					msg = badChar(cell.ch, n)
				}
				return nil, fmt.Errorf("puzzle JSON row %d, column %d: %s", r+1, c+1, msg)
			}
			p.Cells[r*n+c] = cell.d
		}
	}
	return p, nil
}

// readJSONCell reads one cell of a JSON puzzle: a one-character string or
// a whole number 0-16. It returns why the cell is wrong, or "".
func readJSONCell(raw json.RawMessage) (jsonCell, string) {
	const want = `want a one-character string such as "5" or ".", or a number 0-16 (0 for a blank)`
	switch {
	case raw[0] == '"':
		var s string
		if err := json.Unmarshal(raw, &s); err != nil {
			return jsonCell{}, "unreadable string " + string(raw) // cannot happen: raw is valid JSON
		}
		if utf8.RuneCountInString(s) != 1 {
			return jsonCell{}, fmt.Sprintf("cell %s must be one character such as \"5\" or \".\"", shortJSON(raw))
		}
		ch, _ := utf8.DecodeRuneInString(s)
		d := digitValue(ch)
		if d < 0 {
			return jsonCell{}, badChar(ch, 0)
		}
		return jsonCell{d, ch}, ""
	case raw[0] == '-' || raw[0] >= '0' && raw[0] <= '9':
		d, err := strconv.Atoi(string(raw))
		if err != nil || d < 0 || d > 16 {
			return jsonCell{}, want + ", got the number " + shortJSON(raw)
		}
		return jsonCell{d: d}, ""
	}
	return jsonCell{}, want + ", got " + jsonKind(raw)
}

// jsonKind names a JSON value for an error message: "the number 5",
// "an object", "null".
func jsonKind(raw json.RawMessage) string {
	switch raw[0] {
	case '[':
		return "an array"
	case '{':
		return "an object"
	case '"':
		return "the string " + shortJSON(raw)
	case 't', 'f', 'n':
		return string(raw)
	}
	return "the number " + shortJSON(raw)
}

// shortJSON returns a JSON value's text, cut to a length that fits in a
// one-line message; a cut string keeps its closing quote.
func shortJSON(raw json.RawMessage) string {
	const max = 24
	rs := []rune(string(raw))
	if len(rs) <= max {
		return string(raw)
	}
	cut := string(rs[:max]) + "…"
	if raw[0] == '"' {
		cut += `"`
	}
	return cut
}

// jsonSyntaxError turns an error from reading a JSON puzzle into one line
// with the line and column of the text where it happened.
func jsonSyntaxError(text string, err error) error {
	var se *json.SyntaxError
	if !errors.As(err, &se) {
		return fmt.Errorf("puzzle JSON: %v", err)
	}
	if se.Offset >= int64(len(text)) {
		return fmt.Errorf("puzzle JSON stops in the middle: a closing ']' or '\"' is missing")
	}
	// Offset counts the bytes read, the bad one included.
	line, col := textPos(text, int(se.Offset)-1)
	msg := se.Error()
	if strings.Contains(msg, "exceeded max depth") {
		msg = "arrays nested too deeply"
	}
	return fmt.Errorf("puzzle JSON line %d, column %d: %s", line, col, msg)
}

// textPos returns the line and column (1-based; the column counts
// characters) of byte offset off in text.
func textPos(text string, off int) (line, col int) {
	off = max(0, min(off, len(text)))
	before := text[:off]
	start := strings.LastIndexByte(before, '\n') + 1
	return strings.Count(before, "\n") + 1, utf8.RuneCountInString(before[start:]) + 1
}

// String returns the puzzle on one line, '.' for blanks.
func (p *Puzzle) String() string {
	b := make([]byte, len(p.Cells))
	for i, d := range p.Cells {
		b[i] = DigitChar(d)
	}
	return string(b)
}

// Blanks returns the number of empty cells.
func (p *Puzzle) Blanks() int {
	k := 0
	for _, d := range p.Cells {
		if d == 0 {
			k++
		}
	}
	return k
}

// Clash finds two cells holding the same digit in one row, column or box,
// checking every row first, then every column, then every box, each in
// reading order. second is the later cell of the pair in that order. It
// returns RuleNone when the grid is consistent; cost is the cells inspected.
func Clash(n, box int, cells []int) (rule problem.Rule, first, second problem.Pos, cost int) {
	var seen [17]int // seen[d] = index+1 of the cell holding d in this unit
	unit := func(rule problem.Rule, at func(k int) int) (problem.Rule, problem.Pos, problem.Pos) {
		seen = [17]int{}
		for k := 0; k < n; k++ {
			i := at(k)
			cost++
			d := cells[i]
			if d == 0 {
				continue
			}
			if j := seen[d]; j != 0 {
				return rule, problem.Pos{Row: (j - 1) / n, Col: (j - 1) % n}, problem.Pos{Row: i / n, Col: i % n}
			}
			seen[d] = i + 1
		}
		return problem.RuleNone, problem.NoPos, problem.NoPos
	}
	for r := 0; r < n; r++ {
		if rule, a, b := unit(SudokuRow, func(k int) int { return r*n + k }); rule != problem.RuleNone {
			return rule, a, b, cost
		}
	}
	for c := 0; c < n; c++ {
		if rule, a, b := unit(SudokuColumn, func(k int) int { return k*n + c }); rule != problem.RuleNone {
			return rule, a, b, cost
		}
	}
	for bi := 0; bi < n; bi++ {
		r0, c0 := bi/box*box, bi%box*box
		if rule, a, b := unit(SudokuBox, func(k int) int { return (r0+k/box)*n + c0 + k%box }); rule != problem.RuleNone {
			return rule, a, b, cost
		}
	}
	return problem.RuleNone, problem.NoPos, problem.NoPos, cost
}

// Check reports givens that already clash, naming both cells (1-based) and
// the rule.
func (p *Puzzle) Check() error {
	rule, a, b, _ := Clash(p.Size, p.Box, p.Cells)
	if rule == problem.RuleNone {
		return nil
	}
	d := p.Cells[b.Row*p.Size+b.Col]
	return fmt.Errorf("puzzle givens clash: %c at row %d, column %d and at row %d, column %d share a %s",
		DigitChar(d), a.Row+1, a.Col+1, b.Row+1, b.Col+1, ruleUnit(rule))
}

// ruleUnit is the unit of a Sudoku rule in that error: its key.
func ruleUnit(r problem.Rule) string {
	return problem.RuleWordsIn(sudokuRuleWords, r).Key
}

// LeetCode37 is LeetCode 37's example board (also Wikipedia's Sudoku
// example), the default puzzle. Its naive search (blanks in reading order,
// digits from 1, check before place) makes 4209 calls and 37652 tries.
const LeetCode37 = "53..7....6..195....98....6.8...6...34..8.3..17...2...6.6....28....419..5....8..79"
