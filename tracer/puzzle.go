package tracer

import (
	"encoding/json"
	"fmt"
	"strings"
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

// cellChar is one character of the input with where it stood.
type cellChar struct {
	ch        rune
	line, col int // 1-based, in the input text
}

// ParsePuzzle reads a Sudoku puzzle (4×4, 9×9 or 16×16) in any of these forms:
//
//   - one line of 16, 81 or 256 cells, '.' or '0' for a blank;
//   - grid lines, one row a line, with or without spaces and '|', '-', '+'
//     separators (lines of separators only are skipped);
//   - LeetCode's JSON array: [["5","3","."...],...].
//
// Lines starting with '#' are comments. 16×16 puzzles write 10-16 as A-G.
// Errors name the row and column (1-based) of what is wrong.
func ParsePuzzle(text string) (*Puzzle, error) {
	var kept []string // the lines that are not comments
	for _, line := range strings.Split(text, "\n") {
		if !strings.HasPrefix(strings.TrimSpace(line), "#") {
			kept = append(kept, line)
		}
	}
	trimmed := strings.TrimSpace(strings.Join(kept, "\n"))
	if trimmed == "" {
		return nil, fmt.Errorf("puzzle is empty")
	}
	if strings.HasPrefix(trimmed, "[") {
		return parseJSONPuzzle(trimmed)
	}
	var rows [][]cellChar
	for i, line := range strings.Split(text, "\n") {
		line = strings.TrimRight(line, "\r")
		if strings.HasPrefix(strings.TrimSpace(line), "#") {
			continue
		}
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
	var cells []cellChar
	var n int
	if len(rows) == 1 {
		cells = rows[0]
		n = sizes[len(cells)]
		if n == 0 {
			return nil, fmt.Errorf("puzzle has %d cells: want 16 (4×4), 81 (9×9) or 256 (16×16)", len(cells))
		}
	} else {
		n = len(rows)
		if BoxSide(n) == 0 {
			return nil, fmt.Errorf("puzzle has %d rows: want 4, 9 or 16", n)
		}
		for r, row := range rows {
			if len(row) != n {
				return nil, fmt.Errorf("puzzle row %d (line %d) has %d cells: want %d", r+1, row[0].line, len(row), n)
			}
			cells = append(cells, row...)
		}
	}
	p := &Puzzle{Size: n, Box: BoxSide(n), Cells: make([]int, n*n)}
	for i, c := range cells {
		d := digitValue(c.ch)
		if d < 0 || d > n {
			return nil, fmt.Errorf("puzzle row %d, column %d: %s", i/n+1, i%n+1, badChar(c.ch, n))
		}
		p.Cells[i] = d
	}
	return p, nil
}

// badChar explains why ch cannot be a cell of an n×n puzzle.
func badChar(ch rune, n int) string {
	want := fmt.Sprintf("want 1-%d or '.'/'0' for a blank", n)
	if n == 16 {
		want = "want 1-9, A-G or '.'/'0' for a blank"
	}
	if d := digitValue(ch); d > n {
		return fmt.Sprintf("%q is out of range for a %d×%d puzzle: %s", ch, n, n, want)
	}
	return fmt.Sprintf("unknown character %q: %s", ch, want)
}

// parseJSONPuzzle reads LeetCode's [["5","3",".",...],...] form.
func parseJSONPuzzle(text string) (*Puzzle, error) {
	var grid [][]string
	if err := json.Unmarshal([]byte(text), &grid); err != nil {
		return nil, fmt.Errorf("puzzle JSON: %w", err)
	}
	n := len(grid)
	if BoxSide(n) == 0 {
		return nil, fmt.Errorf("puzzle JSON has %d rows: want 4, 9 or 16", n)
	}
	p := &Puzzle{Size: n, Box: BoxSide(n), Cells: make([]int, n*n)}
	for r, row := range grid {
		if len(row) != n {
			return nil, fmt.Errorf("puzzle JSON row %d has %d cells: want %d", r+1, len(row), n)
		}
		for c, s := range row {
			rs := []rune(s)
			if len(rs) != 1 {
				return nil, fmt.Errorf("puzzle row %d, column %d: cell %q must be one character", r+1, c+1, s)
			}
			d := digitValue(rs[0])
			if d < 0 || d > n {
				return nil, fmt.Errorf("puzzle row %d, column %d: %s", r+1, c+1, badChar(rs[0], n))
			}
			p.Cells[r*n+c] = d
		}
	}
	return p, nil
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
func Clash(n, box int, cells []int) (rule Rule, first, second Pos, cost int) {
	var seen [17]int // seen[d] = index+1 of the cell holding d in this unit
	unit := func(rule Rule, at func(k int) int) (Rule, Pos, Pos) {
		seen = [17]int{}
		for k := 0; k < n; k++ {
			i := at(k)
			cost++
			d := cells[i]
			if d == 0 {
				continue
			}
			if j := seen[d]; j != 0 {
				return rule, Pos{(j - 1) / n, (j - 1) % n}, Pos{i / n, i % n}
			}
			seen[d] = i + 1
		}
		return RuleNone, NoPos, NoPos
	}
	for r := 0; r < n; r++ {
		if rule, a, b := unit(RuleRow, func(k int) int { return r*n + k }); rule != RuleNone {
			return rule, a, b, cost
		}
	}
	for c := 0; c < n; c++ {
		if rule, a, b := unit(RuleColumn, func(k int) int { return k*n + c }); rule != RuleNone {
			return rule, a, b, cost
		}
	}
	for bi := 0; bi < n; bi++ {
		r0, c0 := bi/box*box, bi%box*box
		if rule, a, b := unit(RuleBox, func(k int) int { return (r0+k/box)*n + c0 + k%box }); rule != RuleNone {
			return rule, a, b, cost
		}
	}
	return RuleNone, NoPos, NoPos, cost
}

// Check reports givens that already clash, naming both cells (1-based) and
// the rule.
func (p *Puzzle) Check() error {
	rule, a, b, _ := Clash(p.Size, p.Box, p.Cells)
	if rule == RuleNone {
		return nil
	}
	d := p.Cells[b.Row*p.Size+b.Col]
	return fmt.Errorf("puzzle givens clash: %c at row %d, column %d and at row %d, column %d share a %s",
		DigitChar(d), a.Row+1, a.Col+1, b.Row+1, b.Col+1, ruleUnit(rule))
}

func ruleUnit(r Rule) string {
	if r == RuleBox {
		return "box"
	}
	return r.String()
}

// LeetCode37 is LeetCode 37's example board (also Wikipedia's Sudoku
// example), the default puzzle. Its naive search (blanks in reading order,
// digits from 1, check before place) makes 4209 calls and 37652 tries.
const LeetCode37 = "53..7....6..195....98....6.8...6...34..8.3..17...2...6.6....28....419..5....8..79"
