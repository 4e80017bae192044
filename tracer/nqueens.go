package tracer

import (
	"fmt"
	"strings"
)

// MaxQueens is the largest board NewNQueens accepts. Past it even the first
// solution takes the naive search far longer than a lesson lasts, and no
// diagram or board print is readable.
const MaxQueens = 30

// NQueensChecks lists the checks N-Queens accepts.
var NQueensChecks = []Check{CheckScan, CheckArrays}

// NQueensOrders lists the orders N-Queens accepts: one row per level.
var NQueensOrders = []Order{OrderRows}

// NQueensRules lists the N-Queens rules in the order the checks test them,
// as tutorial 004 does: the column above, then the upper-right diagonal
// (row+col constant), then the upper-left diagonal (row−col constant).
var NQueensRules = []Rule{RuleColumn, RuleAntiDiagonal, RuleDiagonal}

// NQueens is the N-Queens problem as 1-D recursion: the call at depth d
// decides row d, and its candidates are the columns 0..n-1.
type NQueens struct {
	n     int
	check Check
	queen []int // queen[row] = column, or -1
	// For CheckArrays: the row+1 of the first queen on each column and
	// diagonal (0 = free). Only the first occupant is recorded, so the
	// witness of a clash is always a queen above.
	col, anti, diag []int
}

// NewNQueens returns an empty n×n board checked with check (scan or arrays).
func NewNQueens(n int, check Check) (*NQueens, error) {
	if n < 1 || n > MaxQueens {
		return nil, fmt.Errorf("n = %d is out of range: want 1 to %d", n, MaxQueens)
	}
	if check == "" {
		check = CheckScan
	}
	if _, err := ParseCheck(string(check), NQueensChecks); err != nil {
		return nil, fmt.Errorf("nqueens: %w", err)
	}
	q := &NQueens{n: n, check: check, queen: make([]int, n)}
	for i := range q.queen {
		q.queen[i] = -1
	}
	if check == CheckArrays {
		q.col = make([]int, n)
		q.anti = make([]int, 2*n-1)
		q.diag = make([]int, 2*n-1)
	}
	return q, nil
}

// Info describes the instance.
func (q *NQueens) Info() Info {
	return Info{Problem: "nqueens", Size: q.n, Instance: fmt.Sprintf("n=%d", q.n),
		Order: OrderRows, Check: q.check, Rules: NQueensRules}
}

// Next returns row depth: one row per level. The board is full at depth n.
func (q *NQueens) Next(depth int, _ Pos) (Pos, bool) {
	return Pos{depth, -1}, depth < q.n
}

// LastScan reports that N-Queens finds its slot without a scan.
func (q *NQueens) LastScan() (Scan, bool) { return Scan{}, false }

// Candidates returns the columns 0..n-1.
func (q *NQueens) Candidates(Pos) (int, int) { return 0, q.n - 1 }

// Cell returns the square of a queen in column v of the slot's row.
func (q *NQueens) Cell(slot Pos, v int) Pos { return Pos{slot.Row, v} }

// Check tests a queen at (slot.Row, v) against the queens above it.
func (q *NQueens) Check(slot Pos, v int, _ bool) Verdict {
	if q.check == CheckArrays {
		return q.checkArrays(slot.Row, v)
	}
	// The scan walks up the column, then up the upper-right diagonal, then
	// up the upper-left diagonal; its cost is the squares it looked at. It
	// is written out here rather than called: Check runs for every try.
	r, cost := slot.Row, 0
	for i := r - 1; i >= 0; i-- {
		cost++
		if q.queen[i] == v {
			return Verdict{Rule: RuleColumn, Witness: Pos{i, v}, Cost: cost}
		}
	}
	for i, j := r-1, v+1; i >= 0 && j < q.n; i, j = i-1, j+1 {
		cost++
		if q.queen[i] == j {
			return Verdict{Rule: RuleAntiDiagonal, Witness: Pos{i, j}, Cost: cost}
		}
	}
	for i, j := r-1, v-1; i >= 0 && j >= 0; i, j = i-1, j-1 {
		cost++
		if q.queen[i] == j {
			return Verdict{Rule: RuleDiagonal, Witness: Pos{i, j}, Cost: cost}
		}
	}
	return Verdict{Cost: cost}
}

// checkArrays looks up three flags: O(1), cost 1 per lookup.
func (q *NQueens) checkArrays(r, c int) Verdict {
	if w := q.col[c]; w != 0 && w != r+1 {
		return Verdict{Rule: RuleColumn, Witness: Pos{w - 1, c}, Cost: 1}
	}
	if w := q.anti[r+c]; w != 0 && w != r+1 {
		return Verdict{Rule: RuleAntiDiagonal, Witness: Pos{w - 1, r + c - (w - 1)}, Cost: 2}
	}
	if w := q.diag[r-c+q.n-1]; w != 0 && w != r+1 {
		return Verdict{Rule: RuleDiagonal, Witness: Pos{w - 1, (w - 1) - (r - c)}, Cost: 3}
	}
	return Verdict{Cost: 3}
}

// Place puts a queen in column v of the slot's row.
func (q *NQueens) Place(slot Pos, v int) {
	r := slot.Row
	q.queen[r] = v
	if q.col != nil {
		claim(q.col, v, r)
		claim(q.anti, r+v, r)
		claim(q.diag, r-v+q.n-1, r)
	}
}

// Undo removes the queen from the slot's row.
func (q *NQueens) Undo(slot Pos, v int) {
	r := slot.Row
	q.queen[r] = -1
	if q.col != nil {
		release(q.col, v, r)
		release(q.anti, r+v, r)
		release(q.diag, r-v+q.n-1, r)
	}
}

func claim(a []int, i, r int) {
	if a[i] == 0 {
		a[i] = r + 1
	}
}

func release(a []int, i, r int) {
	if a[i] == r+1 {
		a[i] = 0
	}
}

// Validate checks a full board row by row, each queen against the queens
// above it, and reports the first clash.
func (q *NQueens) Validate() (Verdict, Pos, int) {
	scan := *q // the same board, checked by scanning whatever --check says
	scan.check = CheckScan
	total := 0
	for r := 0; r < q.n; r++ {
		vd := scan.Check(Pos{r, -1}, q.queen[r], true)
		total += vd.Cost
		if vd.Rule != RuleNone {
			vd.Cost = total
			return vd, Pos{r, q.queen[r]}, q.queen[r]
		}
	}
	return Verdict{Cost: total}, NoPos, 0
}

// Rows returns the board as LeetCode 51 prints it: "Q" for a queen, "." else.
func (q *NQueens) Rows() []string {
	rows := make([]string, q.n)
	var b strings.Builder
	for r := range rows {
		b.Reset()
		for c := 0; c < q.n; c++ {
			if q.queen[r] == c {
				b.WriteByte('Q')
			} else {
				b.WriteByte('.')
			}
		}
		rows[r] = b.String()
	}
	return rows
}
