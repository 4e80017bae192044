package sudoku

import (
	"fmt"
	"math/bits"
	"strconv"
	"strings"

	"github.com/backtrack-edu/backtrack/tracer/problem"
)

// SudokuChecks lists the checks Sudoku accepts.
var SudokuChecks = []problem.Check{problem.CheckScan, problem.CheckBoard, problem.CheckCounts}

// SudokuOrders lists the orders Sudoku accepts.
var SudokuOrders = []problem.Order{OrderScan2D, OrderLinear, OrderMRV, OrderCells}

// Sudoku's orders: which empty cell a call decides.
const (
	OrderScan2D problem.Order = "scan2d" // every call rescans from the top-left (2-D recursion, tutorial 000)
	OrderLinear problem.Order = "linear" // the first empty cell after the parent's cell (tutorials 001, 002, 004)
	OrderMRV    problem.Order = "mrv"    // the empty cell with the fewest candidates
	OrderCells  problem.Order = "cells"  // one call per cell, givens and the row's end included (tutorials 001, 004: helper(row, col))
)

// The Sudoku rules, numbered within Sudoku (see Rule).
const (
	SudokuRow    problem.Rule = 1 + iota // the digit already stands in the row
	SudokuColumn                         // the digit already stands in the column
	SudokuBox                            // the digit already stands in the box (宫)
)

// SudokuRules lists the Sudoku rules in the order the checks test them.
var SudokuRules = []problem.Rule{SudokuRow, SudokuColumn, SudokuBox}

// Sudoku is the Sudoku problem as 2-D recursion: each call finds its cell by
// a scan over rows and columns, then tries the digits 1..n there.
type Sudoku struct {
	n, box int
	cells  []int // n*n, 0 = blank
	puzzle string
	order  problem.Order
	check  problem.Check
	// kind is check as a small number: Check switches on it every try.
	kind checkKind
	// What the last Next did: scan, or for a reading-order scan (the
	// common case, done every call) only where it started and the blank
	// it stopped at (-1: none), so that Next does no division for it.
	scan                 problem.Scan
	scanStart, scanBlank int // scanStart < 0: scan holds it all
	// Counters for CheckCounts and OrderMRV, per unit and digit:
	// how many of the digit the unit holds, and where the first one stands
	// (index+1), so a clash can name its cell in O(1).
	counted                   bool
	rowN, colN, boxN          []int
	rowAt, colAt, boxAt       []int
	rowMask, colMask, boxMask []uint32 // bit d set: digit d is in the unit (for mrv)
	// units holds each cell's row, column and box, worked out once: the
	// mrv scan and the counters look them up for every cell instead of
	// dividing.
	units []cellUnits
}

// cellUnits is a cell's row, column and box.
type cellUnits struct{ r, c, b int32 }

// NewSudoku returns the puzzle ready to search with the given order and
// check. Givens that already clash are an error naming both cells.
func NewSudoku(p *Puzzle, order problem.Order, check problem.Check) (*Sudoku, error) {
	if order == "" {
		order = OrderScan2D
	}
	if check == "" {
		check = problem.CheckScan
	}
	if _, err := problem.ParseOrder(string(order), SudokuOrders); err != nil {
		return nil, problem.ForProblem("sudoku", err)
	}
	if _, err := problem.ParseCheck(string(check), SudokuChecks); err != nil {
		return nil, problem.ForProblem("sudoku", err)
	}
	if BoxSide(p.Size) == 0 || len(p.Cells) != p.Size*p.Size {
		return nil, fmt.Errorf("sudoku: a %d×%d grid with %d cells is not a puzzle", p.Size, p.Size, len(p.Cells))
	}
	if p.Box != BoxSide(p.Size) {
		return nil, fmt.Errorf("sudoku: a %d×%d grid has %d×%d boxes, not %d×%d", p.Size, p.Size, BoxSide(p.Size), BoxSide(p.Size), p.Box, p.Box)
	}
	for i, d := range p.Cells {
		if d < 0 || d > p.Size {
			return nil, fmt.Errorf("sudoku: row %d, column %d holds %d: want 0 (blank) to %d", i/p.Size+1, i%p.Size+1, d, p.Size)
		}
	}
	if err := p.Check(); err != nil {
		return nil, err
	}
	n := p.Size
	s := &Sudoku{n: n, box: BoxSide(n), cells: append([]int(nil), p.Cells...), puzzle: p.String(), order: order, check: check, scanStart: -1}
	switch check {
	case problem.CheckCounts:
		s.kind = kindCounts
	case problem.CheckBoard:
		s.kind = kindBoard
	}
	if check == problem.CheckCounts || order == OrderMRV {
		s.counted = true
		m := n * (n + 1)
		s.rowN, s.colN, s.boxN = make([]int, m), make([]int, m), make([]int, m)
		s.rowAt, s.colAt, s.boxAt = make([]int, m), make([]int, m), make([]int, m)
		s.rowMask, s.colMask, s.boxMask = make([]uint32, n), make([]uint32, n), make([]uint32, n)
		s.units = make([]cellUnits, n*n)
		for i := range s.units {
			r, c := i/n, i%n
			s.units[i] = cellUnits{int32(r), int32(c), int32(s.boxOf(r, c))}
		}
		for i, d := range s.cells {
			if d != 0 {
				s.count(i, d, +1)
			}
		}
	}
	return s, nil
}

// Info describes the instance.
func (s *Sudoku) Info() problem.Info {
	return problem.Info{Def: SudokuDef, Problem: SudokuDef.Name, Size: s.n, Instance: s.puzzle, Order: s.order, Check: s.check, Rules: SudokuRules}
}

// checkKind is a Sudoku's check as a small number.
type checkKind uint8

const (
	kindScan checkKind = iota
	kindCounts
	kindBoard
)

func (s *Sudoku) boxOf(r, c int) int { return r/s.box*s.box + c/s.box }

// Next finds the cell to decide. scan2d rescans from the top-left corner
// (tutorial 000's two nested loops inside the recursion); linear starts
// after the parent's cell; mrv picks the blank with the fewest candidates;
// cells takes the cell after the parent's, given or blank, or the end of
// the row (tutorials 001 and 004: helper(row, col+1), and col == 9 goes
// to the next row).
func (s *Sudoku) Next(_ int, prev problem.Pos) (problem.Pos, bool) {
	start := 0
	switch s.order {
	case OrderMRV:
		return s.nextMRV()
	case OrderCells:
		return s.nextCell(prev)
	case OrderLinear:
		if prev.Row >= 0 {
			start = prev.Row*s.n + prev.Col + 1
		}
	}
	return s.scanFrom(start)
}

// scanFrom finds the first blank at cell index start or after, in reading
// order, and records the scan: where it started, the filled cells it
// skipped, the cells it inspected.
func (s *Sudoku) scanFrom(start int) (problem.Pos, bool) {
	s.scanStart = start
	for i := start; i < len(s.cells); i++ {
		if s.cells[i] == 0 {
			s.scanBlank = i
			return problem.Pos{Row: i / s.n, Col: i % s.n}, true
		}
	}
	s.scanBlank = -1
	return problem.NoPos, false
}

// nextCell is Next for order cells: the position after prev in reading
// order, where column n is the end of a row (a call of its own); past the
// last row, the board is full.
func (s *Sudoku) nextCell(prev problem.Pos) (problem.Pos, bool) {
	s.scanStart = -1
	r, c := 0, 0
	switch {
	case prev.Row < 0:
	case prev.Col >= s.n:
		r = prev.Row + 1
	default:
		r, c = prev.Row, prev.Col+1
	}
	at := problem.Pos{Row: r, Col: c}
	switch {
	case r >= s.n:
		s.scan = problem.Scan{From: problem.NoPos}
		return problem.NoPos, false
	case c == s.n:
		s.scan = problem.Scan{From: at, Pass: true}
	case s.cells[r*s.n+c] != 0:
		s.scan = problem.Scan{From: at, Skipped: 1, Cost: 1, Pass: true}
	default:
		s.scan = problem.Scan{From: at, Cost: 1}
	}
	return at, true
}

// Pass reports whether a call of order cells has nothing to decide at
// slot: a given, or the end of a row. It goes on to the next position.
func (s *Sudoku) Pass(slot problem.Pos) bool {
	return slot.Col >= s.n || s.cells[slot.Row*s.n+slot.Col] != 0
}

// PassesSlots reports whether Pass can say yes: with order cells.
func (s *Sudoku) PassesSlots() bool { return s.order == OrderCells }

// NextAfter goes on with the call's own scan after slot, in reading order
// (order scan2d without "return false": the loops move on to the next
// blank and leave slot empty).
func (s *Sudoku) NextAfter(slot problem.Pos) (problem.Pos, bool) {
	return s.scanFrom(slot.Row*s.n + slot.Col + 1)
}

// Blanks returns the number of blank cells on the board.
func (s *Sudoku) Blanks() int {
	k := 0
	for _, d := range s.cells {
		if d == 0 {
			k++
		}
	}
	return k
}

// LastScan reports what the last Next did: where its scan started, the
// filled cells it skipped and the cells it inspected.
func (s *Sudoku) LastScan() (problem.Scan, bool) {
	if s.scanStart < 0 {
		return s.scan, true
	}
	if s.scanBlank < 0 {
		k := len(s.cells) - s.scanStart
		return problem.Scan{From: s.pos(s.scanStart), Skipped: k, Cost: k}, true
	}
	k := s.scanBlank - s.scanStart
	return problem.Scan{From: s.pos(s.scanStart), Skipped: k, Cost: k + 1}, true
}

func (s *Sudoku) pos(i int) problem.Pos {
	if i < 0 || i >= len(s.cells) {
		return problem.NoPos
	}
	return problem.Pos{Row: i / s.n, Col: i % s.n}
}

// nextMRV inspects every cell and returns the blank that allows the fewest
// digits, the first in reading order on a tie; a blank with no choice at all
// ends the scan early (nothing can be fewer).
func (s *Sudoku) nextMRV() (problem.Pos, bool) {
	s.scanStart = -1
	sc := problem.Scan{From: problem.Pos{Row: 0, Col: 0}}
	best, bestN := -1, s.n+1
	// Cost counts the cells looked at, Skipped the filled ones among them.
	cells, units := s.cells, s.units[:len(s.cells)]
	rowMask, colMask, boxMask := s.rowMask, s.colMask, s.boxMask
	blanks := 0
	looked := len(cells)
	for i, d := range cells {
		if d != 0 {
			continue
		}
		blanks++
		u := units[i]
		used := rowMask[u.r] | colMask[u.c] | boxMask[u.b]
		k := s.n - bits.OnesCount32(used>>1)
		if k < bestN {
			best, bestN = i, k
			if k == 0 {
				looked = i + 1
				break
			}
		}
	}
	sc.Cost += looked
	sc.Skipped += looked - blanks
	if best >= 0 {
		sc.Options = bestN
	}
	s.scan = sc
	return s.pos(best), best >= 0
}

// Candidates returns the digits 1..n.
func (s *Sudoku) Candidates(problem.Pos) (int, int) { return 1, s.n }

// Cell returns the slot itself: a digit goes in the cell being decided.
func (s *Sudoku) Cell(slot problem.Pos, _ int) problem.Pos { return slot }

// Check tests digit v at slot against its row, then column, then box.
func (s *Sudoku) Check(slot problem.Pos, v int, placed bool) problem.Verdict {
	switch s.kind {
	case kindCounts:
		return s.checkCounts(slot.Row, slot.Col, v, placed)
	case kindBoard:
		return s.checkBoard(slot.Row, slot.Col, v, placed)
	}
	return s.checkScan(slot.Row, slot.Col, v)
}

// checkScan walks the row, the column and the box, skipping the cell itself.
// Its cost is the cells it looked at, worked out from where each walk
// stopped rather than counted cell by cell: Check runs for every try.
func (s *Sudoku) checkScan(r, c, v int) problem.Verdict {
	n, cells := s.n, s.cells
	row := cells[r*n : r*n+n]
	for j, d := range row {
		if d == v && j != c {
			cost := j + 1
			if j > c {
				cost--
			}
			return problem.Verdict{Rule: SudokuRow, Witness: problem.Pos{Row: r, Col: j}, Cost: cost}
		}
	}
	cost := n - 1
	for i, k := 0, c; i < n; i, k = i+1, k+n {
		if cells[k] == v && i != r {
			at := i + 1
			if i > r {
				at--
			}
			return problem.Verdict{Rule: SudokuColumn, Witness: problem.Pos{Row: i, Col: c}, Cost: cost + at}
		}
	}
	cost += n - 1
	box := s.box
	r0, c0 := r/box*box, c/box*box
	seen := 0 // box cells looked at, the cell itself not counted
	for i := r0; i < r0+box; i++ {
		line := cells[i*n+c0 : i*n+c0+box]
		for j, d := range line {
			if i == r && c0+j == c {
				continue
			}
			seen++
			if d == v {
				return problem.Verdict{Rule: SudokuBox, Witness: problem.Pos{Row: i, Col: c0 + j}, Cost: cost + seen}
			}
		}
	}
	return problem.Verdict{Cost: cost + box*box - 1}
}

// checkBoard validates the whole board with v at (r, c), the way tutorial
// 002's second stage does before each placement.
func (s *Sudoku) checkBoard(r, c, v int, placed bool) problem.Verdict {
	i := r*s.n + c
	if !placed {
		s.cells[i] = v
		defer func() { s.cells[i] = 0 }()
	}
	rule, a, b, cost := Clash(s.n, s.box, s.cells)
	if rule == problem.RuleNone {
		return problem.Verdict{Cost: cost}
	}
	w := a
	if a == (problem.Pos{Row: r, Col: c}) {
		w = b
	}
	return problem.Verdict{Rule: rule, Witness: w, Cost: cost}
}

// checkCounts looks up the row, column and box counters: O(1).
func (s *Sudoku) checkCounts(r, c, v int, placed bool) problem.Verdict {
	limit := 0 // how many of v a unit may already hold
	if placed {
		limit = 1
	}
	k := v
	if s.rowN[r*(s.n+1)+k] > limit {
		at := s.rowAt[r*(s.n+1)+k] - 1
		return problem.Verdict{Rule: SudokuRow, Witness: s.pos(at), Cost: 1}
	}
	if s.colN[c*(s.n+1)+k] > limit {
		at := s.colAt[c*(s.n+1)+k] - 1
		return problem.Verdict{Rule: SudokuColumn, Witness: s.pos(at), Cost: 2}
	}
	b := int(s.units[r*s.n+c].b)
	if s.boxN[b*(s.n+1)+k] > limit {
		at := s.boxAt[b*(s.n+1)+k] - 1
		return problem.Verdict{Rule: SudokuBox, Witness: s.pos(at), Cost: 3}
	}
	return problem.Verdict{Cost: 3}
}

// count adds delta to the counters of digit d at cell i.
func (s *Sudoku) count(i, d, delta int) {
	u := s.units[i]
	r, c, b := int(u.r), int(u.c), int(u.b)
	m := s.n + 1
	bump(s.rowN, s.rowAt, s.rowMask, r, m, d, i, delta)
	bump(s.colN, s.colAt, s.colMask, c, m, d, i, delta)
	bump(s.boxN, s.boxAt, s.boxMask, b, m, d, i, delta)
}

func bump(num, at []int, mask []uint32, unit, m, d, i, delta int) {
	k := unit*m + d
	num[k] += delta
	switch {
	case delta > 0 && num[k] == 1:
		at[k] = i + 1
		mask[unit] |= 1 << d
	case delta < 0 && num[k] == 0:
		at[k] = 0
		mask[unit] &^= 1 << d
	}
}

// Place writes digit v in the slot.
func (s *Sudoku) Place(slot problem.Pos, v int) {
	i := slot.Row*s.n + slot.Col
	s.cells[i] = v
	if s.counted {
		s.count(i, v, +1)
	}
}

// Undo clears the slot.
func (s *Sudoku) Undo(slot problem.Pos, v int) {
	i := slot.Row*s.n + slot.Col
	s.cells[i] = 0
	if s.counted {
		s.count(i, v, -1)
	}
}

// Validate checks the full board: every row, then every column, then every
// box, and names the first repeated digit.
func (s *Sudoku) Validate() (problem.Verdict, problem.Pos, int) {
	rule, a, b, cost := Clash(s.n, s.box, s.cells)
	if rule == problem.RuleNone {
		return problem.Verdict{Cost: cost}, problem.NoPos, 0
	}
	return problem.Verdict{Rule: rule, Witness: a, Cost: cost}, b, s.cells[b.Row*s.n+b.Col]
}

// Rows returns the board as row strings, '.' for a blank.
func (s *Sudoku) Rows() []string {
	rows := make([]string, s.n)
	for r := range rows {
		b := make([]byte, s.n)
		for c := range b {
			b[c] = DigitChar(s.cells[r*s.n+c])
		}
		rows[r] = string(b)
	}
	return rows
}

// SudokuDef describes Sudoku to everything but the search loop.
var SudokuDef = &problem.Def{
	Name:            "sudoku",
	Title:           problem.Text{EN: "Sudoku", ZH: "数独"},
	Rank:            2,
	Rules:           sudokuRuleWords,
	Traits:          sudokuTraits,
	Conflicts:       sudokuConflicts,
	AppendConflicts: sudokuAppendConflicts,
	RuleIntros:      sudokuRuleIntro,
	Orders:          SudokuOrders,
	Checks:          SudokuChecks,
	Stop:            problem.StopFirst,
	Board:           problem.BoardSpec{Slot: problem.SlotCell, BoxSide: BoxSide},
	Puzzle: &problem.PuzzleSetting{
		Default: LeetCode37,
		Parse: func(text string) (any, error) {
			p, err := ParsePuzzle(text)
			if err != nil {
				return nil, err
			}
			if err := p.Check(); err != nil {
				return nil, err
			}
			return p, nil
		},
	},
	New: func(s problem.Spec) (problem.Problem, error) {
		p, ok := s.Parsed.(*Puzzle)
		if !ok {
			var err error
			if p, err = ParsePuzzle(s.Puzzle); err != nil {
				return nil, err
			}
		}
		return NewSudoku(p, s.Order, s.Check)
	},
	Shape: func(o problem.Order) problem.Text {
		switch o {
		case OrderLinear:
			return problem.Text{EN: "2-D: the next cell in reading order", ZH: "二维：按行序取下一个格子"}
		case OrderMRV:
			return problem.Text{EN: "2-D: the cell with fewest candidates", ZH: "二维：取候选最少的格子"}
		}
		return problem.Text{EN: "2-D: each call scans for its cell", ZH: "二维：每次调用扫描找空格"}
	},
	Values: func(n int) (int, int) { return 1, n },
	Start: func(info problem.Info) (*problem.Board, error) {
		p, err := ParsePuzzle(info.Instance)
		if err != nil {
			return nil, err
		}
		if p.Size != info.Size {
			return nil, fmt.Errorf("the puzzle is %d×%d, not %d×%d", p.Size, p.Size, info.Size, info.Size)
		}
		b := problem.NewBoard(p.Size, p.Size, DigitChar)
		for i, d := range p.Cells {
			if d != 0 {
				b.Give(problem.Pos{Row: i / p.Size, Col: i % p.Size}, d)
			}
		}
		return b, nil
	},
	Move: func(cell problem.Pos, v int) string {
		return fmt.Sprintf("(%d,%d)=%c", cell.Row, cell.Col, DigitChar(v))
	},
	ParseMove: func(s string, size int) (problem.Pos, int, error) {
		var r, c int
		var d rune
		var rest string
		if n, _ := fmt.Sscanf(strings.TrimSpace(s)+"\x00", "(%d,%d)=%c%s", &r, &c, &d, &rest); n != 4 || rest != "\x00" {
			return problem.NoPos, 0, fmt.Errorf("%q is not a Sudoku move: want (row,column)=digit, e.g. (0,2)=4", s)
		}
		v := digitValue(d)
		if v >= 1 && strings.TrimSpace(s) != fmt.Sprintf("(%d,%d)=%c", r, c, DigitChar(v)) {
			return problem.NoPos, 0, fmt.Errorf("%q is not a Sudoku move: want (row,column)=digit, e.g. (0,2)=4", s)
		}
		if r < 0 || r >= size || c < 0 || c >= size {
			return problem.NoPos, 0, fmt.Errorf("%q is off the %d×%d board", s, size, size)
		}
		if v < 1 || v > size {
			return problem.NoPos, 0, fmt.Errorf("%q: %c is not a digit of a %d×%d Sudoku", s, d, size, size)
		}
		return problem.Pos{Row: r, Col: c}, v, nil
	},
	MoveHint: problem.Text{EN: "Sudoku moves are written (row,column)=digit ((0,2)=4 is a 4 in row 0, column 2)", ZH: "数独的一步写作 (行,列)=数字（(0,2)=4 表示在第 0 行第 2 列填 4）"},

	Label: func(info problem.Info, lang problem.Lang) string {
		blanks := strings.Count(info.Instance, ".") + strings.Count(info.Instance, "0")
		if lang == problem.LangZH {
			return fmt.Sprintf("%d×%d，%d 个空格", info.Size, info.Size, blanks)
		}
		if blanks == 1 {
			return fmt.Sprintf("%d×%d, 1 blank", info.Size, info.Size)
		}
		return fmt.Sprintf("%d×%d, %d blanks", info.Size, info.Size, blanks)
	},
	Code: problem.CodeParts{
		Signature: "func solve() bool {",
		Slot: func(o problem.Order) string {
			switch o {
			case OrderLinear:
				return "cell, ok := nextEmpty(prev)"
			case OrderMRV:
				return "cell, ok := fewestChoices()"
			}
			return "cell, ok := firstEmpty() // 2-D"
		},
		Full:    "!ok",
		Loop:    func(size int) string { return fmt.Sprintf("for d := 1; d <= %d; d++ {", size) },
		Args:    "cell, d",
		Recurse: "solve()",
		Value:   "d",
		Own:     sudokuCode,
	},
	Words: problem.Words{
		Value:         func(v int) string { return string(DigitChar(v)) },
		Candidate:     problem.Text{EN: "digit", ZH: "数字"},
		NextCandidate: problem.Text{EN: "the next digit", ZH: "下一个数字"},
		Last:          func(size int) int { return size },
		Thing: func(v int, at problem.Pos) problem.Text {
			d := string(DigitChar(v))
			a := at.String() // (not fmt: reject notes name the clashing digit)
			return problem.Text{EN: "the " + d + " at " + a, ZH: a + " 的 " + d}
		},
		Try: func(cell problem.Pos, v int) problem.Text {
			d := string(DigitChar(v))
			c := cell.String() // (not fmt: every try has a note)
			return problem.Text{EN: "try " + d + " at " + c, ZH: "尝试在 " + c + " 填 " + d}
		},
		Decide: func(c problem.CallFacts) problem.Text {
			switch {
			case c.Order == OrderCells && c.Root:
				return problem.Text{EN: "helper(0,0): one call for every cell, givens and the end of each row too (tutorial 001)", ZH: "helper(0,0)：每个格子一次调用，预设数字和每行的行末也算（教程 001）"}

			case c.Order == OrderCells:
				if c.Prev.Col >= c.Size {
					r := c.Prev.Row + 1
					if r >= c.Size {
						// Rows run from 0 to size-1: row r is past the last.
						return problem.Text{EN: fmt.Sprintf("helper(%d,0): row %d is past the last row, the board is full", r, r), ZH: fmt.Sprintf("helper(%d,0)：行号 %d 已越过最后一行，棋盘填满", r, r)}

					}
					return problem.Text{EN: fmt.Sprintf("helper(%d,0): the start of row %d", r, r), ZH: fmt.Sprintf("helper(%d,0)：第 %d 行的开头", r, r)}

				}
				r, col := c.Prev.Row, c.Prev.Col+1
				return problem.Text{EN: fmt.Sprintf("helper(%d,%d): the position after %s", r, col, c.Prev), ZH: fmt.Sprintf("helper(%d,%d)：%s 之后的下一个位置", r, col, c.Prev)}

			case c.Order == OrderMRV:
				return problem.Text{EN: "find the empty cell with the fewest candidates", ZH: "找候选数字最少的空格"}
			case c.Order == OrderLinear && !c.Root:
				return problem.Text{EN: fmt.Sprintf("find the next empty cell after %s", c.Prev), ZH: fmt.Sprintf("从 %s 之后找下一个空格", c.Prev)}
			case c.Order == OrderLinear:
				return problem.Text{EN: "find the first empty cell", ZH: "找第一个空格"}
			case c.Root:
				return problem.Text{EN: "scan from (0,0) for an empty cell (2-D)", ZH: "从 (0,0) 扫描找空格（二维递归）"}
			}
			return problem.Text{EN: "rescan from (0,0) for an empty cell (2-D)", ZH: "从 (0,0) 重新扫描找空格（二维递归）"}
		},
		Reject: func(when problem.When, e *problem.Event, rule problem.RuleWords) problem.Text {
			return sudokuReject(when, e, rule, nil)
		},
		RejectAll: sudokuReject,
		Place: func(when problem.When, e *problem.Event, _ int) problem.Text {
			d := string(DigitChar(e.Value))
			switch when {
			case problem.WhenAfter:
				return problem.Text{EN: fmt.Sprintf("place %[1]s at %[2]s (做出选择) first; the check comes after", d, e.Cell), ZH: fmt.Sprintf("先在 %[2]s 放置 %[1]s（做出选择），放好再检查", d, e.Cell)}

			case problem.WhenLeaf:
				return problem.Text{EN: fmt.Sprintf("place %[1]s at %[2]s (做出选择) unchecked: only the full board is validated", d, e.Cell), ZH: fmt.Sprintf("在 %[2]s 放置 %[1]s（做出选择），不检查，等棋盘填满再整盘校验", d, e.Cell)}

			}
			c := e.Cell.String()
			return problem.Text{EN: "no clash: place " + d + " at " + c + " (做出选择) and recurse", ZH: "没有冲突：在 " + c + " 放置 " + d + "（做出选择），递归进入下一层"}

		},
		Undo: func(e *problem.Event) problem.Text {
			d := string(DigitChar(e.Value))
			c := e.Cell.String()
			return problem.Text{EN: "undo " + d + " at " + c + " (撤销选择, 回溯)", ZH: "撤销选择：拿回 " + c + " 的 " + d + "（回溯）"}
		},
		Full: func(int) problem.Text {
			return problem.Text{EN: "the board is full and valid", ZH: "棋盘已满且合法"}
		},
		Exhausted: func(e *problem.Event, size int, below problem.Text) problem.Text {
			if below.EN != "" {
				return problem.Text{EN: fmt.Sprintf("all %[1]d digits at %[2]s tried (%[3]s below) → return false", size, e.Cell, below.EN), ZH: fmt.Sprintf("%[2]s 的 %[1]d 个数字都试完了（下面找到 %[3]s）→ 返回 false", size, e.Cell, below.ZH)}

			}
			return problem.Text{EN: fmt.Sprintf("all %[1]d digits at %[2]s failed → return false (回溯)", size, e.Cell), ZH: fmt.Sprintf("%[2]s 的 %[1]d 个数字都试完了，都不行 → 返回 false（回溯）", size, e.Cell)}

		},
	},
}

func init() { problem.MustRegister(SudokuDef) }

// sudokuAlsoCells is the most other clashing cells a Sudoku reject note
// names: only the validation of a full board (--when leaf) finds more
// than two, and the stepper's board marks them all.
const sudokuAlsoCells = 3

// sudokuAlso names the other cells digit d at cell clashes with, grouped
// by rule in checking order: "; also with (3,2) in column 2 and (1,1) in
// the same box" / "，还与 (3,2) 的 4 同列重复、与 (1,1) 的 4 同宫重复";
// past sudokuAlsoCells cells, "and 4 more" / "，另有 4 处重复".
func sudokuAlso(d string, cell problem.Pos, more []problem.Conflict, where func(problem.Rule, problem.Pos, problem.RuleWords) string) problem.Text {
	var en, zh []string
	for i := 0; i < len(more) && i < sudokuAlsoCells; {
		r := more[i].Rule
		var cells []string
		for ; i < len(more) && i < sudokuAlsoCells && more[i].Rule == r; i++ {
			cells = append(cells, more[i].Witness.String())
		}
		w := problem.RuleWordsIn(sudokuRuleWords, r)
		en = append(en, strings.Join(cells, " ")+" "+where(r, cell, w))
		zh = append(zh, "与 "+strings.Join(cells, "、")+" 的 "+d+" "+w.Name.ZH)
	}
	t := problem.Text{EN: "; also with ", ZH: "，还" + strings.Join(zh, "、")}
	if k := len(more) - sudokuAlsoCells; k > 0 {
		en = append(en, fmt.Sprintf("%d more", k))
		t.ZH += fmt.Sprintf("，另有 %d 处重复", k)
	}
	t.EN += problem.ListEN(en)
	return t
}

// sudokuTraits are the traits of Sudoku's orders: a scan under mrv says
// how many digits its cell allows; a call under cells may stand on a
// given or a row's end and pass over it.
func sudokuTraits(o problem.Order) problem.OrderTraits {
	return problem.OrderTraits{Options: o == OrderMRV, Passes: o == OrderCells, Loops: o == OrderScan2D}
}

// sudokuRuleWords are the Sudoku rules in checking order, in the
// tutorials' words (同行重复 / 同列重复 / 同宫重复).
var sudokuRuleWords = []problem.RuleWords{
	{Rule: SudokuRow, Key: "row", Name: problem.Text{EN: "row", ZH: "同行重复"}, Short: problem.Text{EN: "row", ZH: "同行重复"}, Mark: problem.Text{EN: "row", ZH: "同行"}},
	{Rule: SudokuColumn, Key: "column", Name: problem.Text{EN: "column", ZH: "同列重复"}, Short: problem.Text{EN: "column", ZH: "同列重复"}, Mark: problem.Text{EN: "col", ZH: "同列"}},
	{Rule: SudokuBox, Key: "box", Name: problem.Text{EN: "box", ZH: "同宫重复"}, Short: problem.Text{EN: "box", ZH: "同宫重复"}, Mark: problem.Text{EN: "box", ZH: "同宫"}},
}

// sudokuConflicts is SudokuDef.Conflicts: every other cell holding v in
// cell's row (left to right), then its column (top to bottom), then its
// box (in reading order), as the check scans them.
func sudokuConflicts(b *problem.Board, cell problem.Pos, v int) []problem.Conflict {
	return sudokuAppendConflicts(nil, b, cell, v)
}

// sudokuAppendConflicts is SudokuDef.AppendConflicts: sudokuConflicts
// appended to out.
func sudokuAppendConflicts(out []problem.Conflict, b *problem.Board, cell problem.Pos, v int) []problem.Conflict {
	at := func(out []problem.Conflict, rule problem.Rule, p problem.Pos) []problem.Conflict {
		if p == cell {
			return out
		}
		if d, ok := b.At(p); ok && d == v {
			out = append(out, problem.Conflict{Rule: rule, Witness: p})
		}
		return out
	}
	for j := 0; j < b.Cols; j++ {
		out = at(out, SudokuRow, problem.Pos{Row: cell.Row, Col: j})
	}
	for i := 0; i < b.Rows; i++ {
		out = at(out, SudokuColumn, problem.Pos{Row: i, Col: cell.Col})
	}
	if box := BoxSide(b.Rows); box > 0 {
		r0, c0 := cell.Row/box*box, cell.Col/box*box
		for i := r0; i < r0+box; i++ {
			for j := c0; j < c0+box; j++ {
				out = at(out, SudokuBox, problem.Pos{Row: i, Col: j})
			}
		}
	}
	return out
}

// sudokuReject is the Sudoku reject note (Words.RejectAll): the clash the
// check found, then every other cell the digit repeats in.
func sudokuReject(when problem.When, e *problem.Event, rule problem.RuleWords, more []problem.Conflict) problem.Text {
	d := string(DigitChar(e.Value))
	// where says where a clash is: "in row 0", "in the same box".
	where := func(r problem.Rule, at problem.Pos, words problem.RuleWords) string {
		switch r {
		case SudokuRow:
			return "in row " + strconv.Itoa(at.Row)
		case SudokuColumn:
			return "in column " + strconv.Itoa(at.Col)
		case SudokuBox:
			return "in the same box"
		}
		return "on the " + words.Name.EN
	}
	// Concatenation, not fmt: a reject's note is written at most steps.
	w := e.Witness.String()
	clashEN := "clashes with the " + d + " at " + w + " " + where(e.Rule, e.Cell, rule)
	clashZH := "与 " + w + " 的 " + d + " " + rule.Name.ZH
	if len(more) > 0 {
		a := sudokuAlso(d, e.Cell, more, where)
		clashEN += a.EN
		clashZH += a.ZH
	}
	switch when {
	case problem.WhenLeaf:
		return problem.Text{EN: fmt.Sprintf("%[4]s: the %[1]s at %[2]s %[3]s → return false", d, e.Cell, clashEN, problem.LeafFailWords.Name.EN), ZH: fmt.Sprintf("%[4]s：%[2]s 的 %[1]s %[3]s → 返回 false", d, e.Cell, clashZH, problem.LeafFailWords.Name.ZH)}

	case problem.WhenAfter:
		return problem.Text{EN: fmt.Sprintf("the %[1]s just placed at %[2]s %[3]s: prune (剪枝), undo it", d, e.Cell, clashEN), ZH: fmt.Sprintf("先放后查：%[2]s 的 %[1]s %[3]s，剪枝，随后撤销", d, e.Cell, clashZH)}

	}
	cell := e.Cell.String()
	return problem.Text{EN: d + " at " + cell + " " + clashEN + ": prune (剪枝)", ZH: cell + " 填 " + d + " " + clashZH + "：剪枝"}
}

// sudokuRuleIntro names the box rule where an output names it first: all
// five tutorials call the 3×3 box 九宫格 (a 4×4 Sudoku's 2×2 box is 宫).
func sudokuRuleIntro(r problem.Rule, size int) (problem.Text, bool) {
	if r != SudokuBox {
		return problem.Text{}, false
	}
	side := 1
	for (side+1)*(side+1) <= size {
		side++
	}
	if side == 3 {
		return problem.Text{EN: "box", ZH: "同宫（3×3 九宫格）重复"}, true
	}
	return problem.Text{EN: "box", ZH: fmt.Sprintf("同宫（%d×%d 宫）重复", side, side)}, true
}

// BoxSide returns the side of a box: 3 for 9×9 (GridBoard).
func (s *Sudoku) BoxSide() int { return s.box }

// sudokuCode is Sudoku's own template code (CodeParts.Own) for the
// tutorials' two Sudoku shapes, in their own form with two-space indents
// (to fit beside the board in the stepper), nil for the other orders,
// which take the shared template: order scan2d
// is tutorial 000's backtracking(board), two loops over the cells inside
// the recursion, "return false" after the digit loop and "return true"
// after the loops (--drop return-false leaves the first out); order
// cells is tutorial 001's helper(row, col), one call per position.
func sudokuCode(n int, sg problem.Strategy) []problem.CodeLine {
	if sg.Order != OrderScan2D && sg.Order != OrderCells {
		return nil
	}
	var c []problem.CodeLine
	add := func(text string, role problem.CodeRole) { c = append(c, problem.CodeLine{Text: text, Role: role}) }
	void := sg.Void()
	sig, rec := "func solve() bool {", "solve()"
	if sg.Order == OrderCells {
		sig, rec = "func solve(r, c int) bool {", "solve(r, c+1)"
	}
	switch {
	case sg.Stop == problem.StopNoReturn:
		sig = strings.Replace(sig, " bool {", " { // no result", 1)
	case void:
		sig = strings.Replace(sig, " bool {", " {", 1)
	}
	add(sig, problem.CodeCall)
	in := "  "
	// The end: tutorial 000 returns true after its loops, tutorial 001
	// when the row passes the last.
	end := func(indent string) {
		switch {
		case sg.When == problem.WhenLeaf && sg.Stop == problem.StopFirst:
			add(indent+"return valid(board) // end", problem.CodeEnd)
		case sg.When == problem.WhenLeaf && sg.Stop == problem.StopAll:
			add(indent+"if valid(board) { save() }", problem.CodeEnd)
		case sg.When == problem.WhenLeaf:
			add(indent+"check(board) // end", problem.CodeEnd)
		case sg.Stop == problem.StopAll:
			add(indent+"save() // end", problem.CodeEnd)
		case sg.Stop == problem.StopNoReturn:
			add(indent+"// end: no value", problem.CodeEnd)
		default:
			add(indent+"return true // end", problem.CodeEnd)
		}
	}
	if sg.Order == OrderCells {
		wrap := fmt.Sprintf("  if c == %d { return solve(r+1, 0) }", n)
		if void {
			wrap = fmt.Sprintf("  if c == %d { solve(r+1,0); return }", n)
		}
		add(wrap, problem.CodeWrap)
		switch {
		case sg.When == problem.WhenLeaf:
			add(fmt.Sprintf("  if r == %d {", n), problem.CodeEnd)
			end("    ")
			if void {
				add("    return", problem.CodeEnd)
			}
			add("  }", problem.CodeNone)
		case sg.Stop == problem.StopAll:
			add(fmt.Sprintf("  if r == %d { save(); return }", n), problem.CodeEnd)
		case sg.Stop == problem.StopNoReturn:
			add(fmt.Sprintf("  if r == %d { return } // end", n), problem.CodeEnd)
		default:
			add(fmt.Sprintf("  if r == %d { return true } // end", n), problem.CodeEnd)
		}
		add("  if b[r][c] != 0 { // given", problem.CodePass)
		if void {
			add("    solve(r, c+1); return", problem.CodePass)
		} else {
			add("    return solve(r, c+1)", problem.CodePass)
		}
		add("  }", problem.CodeNone)
	} else {
		add(fmt.Sprintf("  for r := 0; r < %d; r++ {", n), problem.CodeScan)
		add(fmt.Sprintf("  for c := 0; c < %d; c++ { // 2-D", n), problem.CodeScan)
		add("    if b[r][c] != 0 { continue }", problem.CodeScan)
		in = "    "
	}
	add(in+fmt.Sprintf("for d := 1; d <= %d; d++ {", n), problem.CodeLoop)
	switch sg.When {
	case problem.WhenAfter:
		add(in+"  place(r, c, d) // first", problem.CodePlace)
		add(in+"  if !valid(r, c, d) {", problem.CodeCheck)
		add(in+"    undo(r, c, d); continue", problem.CodeUndoReject)
		add(in+"  }", problem.CodeNone)
	case problem.WhenLeaf:
		add(in+"  place(r, c, d) // no check", problem.CodePlace)
	default:
		add(in+"  if !valid(r, c, d) {", problem.CodeCheck)
		add(in+"    continue  // prune", problem.CodeNone)
		add(in+"  }", problem.CodeNone)
		add(in+"  place(r, c, d) // choose", problem.CodePlace)
	}
	switch sg.Stop {
	case problem.StopFirst:
		add(in+"  if "+rec+" { return true }", problem.CodeRecurse)
	case problem.StopAll:
		add(in+"  "+rec+" // find all", problem.CodeRecurse)
	default:
		add(in+"  "+rec+" // result lost", problem.CodeRecurse)
	}
	add(in+"  undo(r, c, d) // backtrack", problem.CodeUndo)
	add(in+"}  // no d left", problem.CodeLoopEnd)
	switch {
	case sg.Drop == problem.DropReturnFalse:
		add(in+"// (no return false)", problem.CodeNone)
	case void && sg.Order == OrderScan2D:
		add(in+"return", problem.CodeReturn)
	case void:
	default:
		add(in+"return false", problem.CodeReturn)
	}
	if sg.Order == OrderScan2D {
		add("  }}", problem.CodeNone)
		end("  ")
	}
	if void && sg.Order == OrderCells {
		add("}", problem.CodeReturn)
	} else {
		add("}", problem.CodeNone)
	}
	return c
}
