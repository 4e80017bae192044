package nqueens

import (
	"fmt"
	"strconv"
	"strings"

	"github.com/backtrack-edu/backtrack/tracer/problem"
)

// MaxQueens is the largest board NewNQueens accepts. Past it even the first
// solution takes the naive search far longer than a lesson lasts, and no
// diagram or board print is readable.
const MaxQueens = 30

// NQueensChecks lists the checks N-Queens accepts.
var NQueensChecks = []problem.Check{problem.CheckScan, problem.CheckArrays}

// NQueensOrders lists the orders N-Queens accepts: one row per level.
var NQueensOrders = []problem.Order{OrderRows}

// OrderRows is N-Queens' one order: the row below the last queen (1-D
// recursion).
const OrderRows problem.Order = "rows"

// The N-Queens rules, numbered within N-Queens (see Rule). The numbers
// keep the order reports list the rules in: column, then ↖, then ↗.
const (
	NQueensColumn       problem.Rule = 1 + iota // a queen already stands in the column
	NQueensDiagonal                             // a queen on the same row−col diagonal (upper-left ↖ when looking up)
	NQueensAntiDiagonal                         // a queen on the same row+col diagonal (upper-right ↗ when looking up)
)

// NQueensRules lists the N-Queens rules in the order the checks test them,
// as tutorial 004 does: the column above, then the upper-right diagonal
// (row+col constant), then the upper-left diagonal (row−col constant).
var NQueensRules = []problem.Rule{NQueensColumn, NQueensAntiDiagonal, NQueensDiagonal}

// NQueens is the N-Queens problem as 1-D recursion: the call at depth d
// decides row d, and its candidates are the columns 0..n-1.
type NQueens struct {
	n      int
	check  problem.Check
	arrays bool  // check == CheckArrays (a flag: Check runs for every try)
	queen  []int // queen[row] = column, or -1
	// For CheckArrays: the row+1 of the first queen on each column and
	// diagonal (0 = free). Only the first occupant is recorded, so the
	// witness of a clash is always a queen above.
	col, anti, diag []int
}

// NewNQueens returns an empty n×n board checked with check (scan or arrays).
func NewNQueens(n int, check problem.Check) (*NQueens, error) {
	if n < 1 || n > MaxQueens {
		return nil, fmt.Errorf("n = %d is out of range: want 1 to %d", n, MaxQueens)
	}
	if check == "" {
		check = problem.CheckScan
	}
	if _, err := problem.ParseCheck(string(check), NQueensChecks); err != nil {
		return nil, problem.ForProblem("nqueens", err)
	}
	q := &NQueens{n: n, check: check, arrays: check == problem.CheckArrays, queen: make([]int, n)}
	for i := range q.queen {
		q.queen[i] = -1
	}
	if check == problem.CheckArrays {
		q.col = make([]int, n)
		q.anti = make([]int, 2*n-1)
		q.diag = make([]int, 2*n-1)
	}
	return q, nil
}

// Info describes the instance.
func (q *NQueens) Info() problem.Info {
	return problem.Info{Def: NQueensDef, Problem: NQueensDef.Name, Size: q.n, Instance: fmt.Sprintf("n=%d", q.n),
		Order: OrderRows, Check: q.check, Rules: NQueensRules}
}

// Next returns row depth: one row per level. The board is full at depth n.
func (q *NQueens) Next(depth int, _ problem.Pos) (problem.Pos, bool) {
	return problem.Pos{Row: depth, Col: -1}, depth < q.n
}

// LastScan reports that N-Queens finds its slot without a scan.
func (q *NQueens) LastScan() (problem.Scan, bool) { return problem.Scan{}, false }

// Candidates returns the columns 0..n-1.
func (q *NQueens) Candidates(problem.Pos) (int, int) { return 0, q.n - 1 }

// Cell returns the square of a queen in column v of the slot's row.
func (q *NQueens) Cell(slot problem.Pos, v int) problem.Pos {
	return problem.Pos{Row: slot.Row, Col: v}
}

// Check tests a queen at (slot.Row, v) against the queens above it.
func (q *NQueens) Check(slot problem.Pos, v int, _ bool) problem.Verdict {
	if q.arrays {
		return q.checkArrays(slot.Row, v)
	}
	// The scan walks up the column, then up the upper-right diagonal, then
	// up the upper-left diagonal; its cost is the squares it looked at,
	// worked out from where each walk stopped rather than counted square by
	// square. It is written out here rather than called: Check runs for
	// every try.
	r, n, queen := slot.Row, q.n, q.queen[:slot.Row]
	for i := r - 1; i >= 0; i-- {
		if queen[i] == v {
			return problem.Verdict{Rule: NQueensColumn, Witness: problem.Pos{Row: i, Col: v}, Cost: r - i}
		}
	}
	cost := r
	for i, j := r-1, v+1; i >= 0 && j < n; i, j = i-1, j+1 {
		if queen[i] == j {
			return problem.Verdict{Rule: NQueensAntiDiagonal, Witness: problem.Pos{Row: i, Col: j}, Cost: cost + r - i}
		}
	}
	cost += min(r, n-1-v)
	for i, j := r-1, v-1; i >= 0 && j >= 0; i, j = i-1, j-1 {
		if queen[i] == j {
			return problem.Verdict{Rule: NQueensDiagonal, Witness: problem.Pos{Row: i, Col: j}, Cost: cost + r - i}
		}
	}
	return problem.Verdict{Cost: cost + min(r, v)}
}

// checkArrays looks up three flags: O(1), cost 1 per lookup.
func (q *NQueens) checkArrays(r, c int) problem.Verdict {
	if w := q.col[c]; w != 0 && w != r+1 {
		return problem.Verdict{Rule: NQueensColumn, Witness: problem.Pos{Row: w - 1, Col: c}, Cost: 1}
	}
	if w := q.anti[r+c]; w != 0 && w != r+1 {
		return problem.Verdict{Rule: NQueensAntiDiagonal, Witness: problem.Pos{Row: w - 1, Col: r + c - (w - 1)}, Cost: 2}
	}
	if w := q.diag[r-c+q.n-1]; w != 0 && w != r+1 {
		return problem.Verdict{Rule: NQueensDiagonal, Witness: problem.Pos{Row: w - 1, Col: (w - 1) - (r - c)}, Cost: 3}
	}
	return problem.Verdict{Cost: 3}
}

// Place puts a queen in column v of the slot's row.
func (q *NQueens) Place(slot problem.Pos, v int) {
	r := slot.Row
	q.queen[r] = v
	if q.col != nil {
		claim(q.col, v, r)
		claim(q.anti, r+v, r)
		claim(q.diag, r-v+q.n-1, r)
	}
}

// Undo removes the queen from the slot's row.
func (q *NQueens) Undo(slot problem.Pos, v int) {
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
func (q *NQueens) Validate() (problem.Verdict, problem.Pos, int) {
	scan := *q // the same board, checked by scanning whatever --check says
	scan.check, scan.arrays = problem.CheckScan, false
	total := 0
	for r := 0; r < q.n; r++ {
		vd := scan.Check(problem.Pos{Row: r, Col: -1}, q.queen[r], true)
		total += vd.Cost
		if vd.Rule != problem.RuleNone {
			vd.Cost = total
			return vd, problem.Pos{Row: r, Col: q.queen[r]}, q.queen[r]
		}
	}
	return problem.Verdict{Cost: total}, problem.NoPos, 0
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

// NQueensDef describes N-Queens to everything but the search loop.
var NQueensDef = &problem.Def{
	Name:            "nqueens",
	Aliases:         []string{"queens"},
	Title:           problem.Text{EN: "N-Queens", ZH: "N 皇后"},
	Rank:            1,
	Rules:           nqueensRuleWords,
	Conflicts:       nqueensConflicts,
	AppendConflicts: nqueensAppendConflicts,
	Orders:          NQueensOrders,
	Checks:          NQueensChecks,
	Stop:            problem.StopAll,
	Board:           problem.BoardSpec{Pieces: true, Glyph: 'Q', Piece: problem.Text{EN: "queen", ZH: "皇后"}, PieceGlyph: "♛", Slot: problem.SlotRow},
	Size:            &problem.SizeSetting{Default: 8, Min: 1, Max: MaxQueens},
	New: func(s problem.Spec) (problem.Problem, error) {
		return NewNQueens(s.N, s.Check)
	},
	Shape: func(problem.Order) problem.Text {
		return problem.Text{EN: "1-D: one row per call", ZH: "一维：每层一行"}
	},
	Values: func(n int) (int, int) { return 0, n - 1 },
	Start: func(info problem.Info) (*problem.Board, error) {
		return problem.NewBoard(info.Size, info.Size, func(int) byte { return 'Q' }), nil
	},
	Move: func(cell problem.Pos, v int) string { return fmt.Sprintf("r%d=c%d", cell.Row, v) },
	ParseMove: func(s string, size int) (problem.Pos, int, error) {
		var r, c int
		var rest string
		if n, _ := fmt.Sscanf(strings.TrimSpace(s)+"\x00", "r%d=c%d%s", &r, &c, &rest); n != 3 || rest != "\x00" {
			return problem.NoPos, 0, fmt.Errorf("%q is not an N-Queens move: want r<row>=c<column>, e.g. r0=c1", s)
		}
		if strings.TrimSpace(s) != fmt.Sprintf("r%d=c%d", r, c) {
			return problem.NoPos, 0, fmt.Errorf("%q is not an N-Queens move: want r<row>=c<column>, e.g. r0=c1", s)
		}
		if r < 0 || r >= size || c < 0 || c >= size {
			return problem.NoPos, 0, fmt.Errorf("%q is off the %d×%d board", s, size, size)
		}
		return problem.Pos{Row: r, Col: c}, c, nil
	},
	MoveHint: problem.Text{EN: "N-Queens moves are written r<row>=c<column> (r0=c1 is the queen of row 0 in column 1)", ZH: "N 皇后的一步写作 r<行>=c<列>（r0=c1 表示第 0 行的皇后放在第 1 列）"},

	Label: func(info problem.Info, _ problem.Lang) string { return info.Instance },
	Code: problem.CodeParts{
		Signature: "func solve(row int) bool {",
		Slot:      func(problem.Order) string { return "" },
		Full:      "row == n",
		Loop:      func(int) string { return "for col := 0; col < n; col++ {" },
		Args:      "row, col",
		Recurse:   "solve(row+1)",
		Value:     "col",
	},
	Words: problem.Words{
		Value:         strconv.Itoa,
		Candidate:     problem.Text{EN: "column", ZH: "列"},
		NextCandidate: problem.Text{EN: "the next column", ZH: "下一列"},
		Last:          func(size int) int { return size - 1 },
		Thing: func(_ int, at problem.Pos) problem.Text {
			a := at.String() // (not fmt: reject notes name the attacker)
			return problem.Text{EN: "the queen at " + a, ZH: a + " 的皇后"}
		},
		Try: func(cell problem.Pos, v int) problem.Text {
			// Not fmt: every try has a note.
			r, col, c := strconv.Itoa(cell.Row), strconv.Itoa(v), cell.String()
			return problem.Text{EN: "try column " + col + " in row " + r + ": a queen at " + c, ZH: "尝试第 " + r + " 行第 " + col + " 列：把皇后放在 " + c}

		},
		Decide: func(c problem.CallFacts) problem.Text {
			if c.Depth >= c.Size {
				return problem.Text{EN: fmt.Sprintf("all %d rows hold a queen → end condition (终止条件)", c.Size), ZH: fmt.Sprintf("%d 行都已放好皇后 → 到达终止条件", c.Size)}

			}
			return problem.Text{EN: fmt.Sprintf("decide the column of row %d", c.Depth), ZH: fmt.Sprintf("决定第 %d 行的皇后放哪一列", c.Depth)}
		},
		Reject: func(when problem.When, e *problem.Event, rule problem.RuleWords) problem.Text {
			return nqueensReject(when, e, rule, nil)
		},
		RejectAll: nqueensReject,
		Place: func(when problem.When, e *problem.Event, size int) problem.Text {
			switch when {
			case problem.WhenAfter:
				return problem.Text{EN: fmt.Sprintf("place a queen at %s (做出选择) first; the check comes after", e.Cell), ZH: fmt.Sprintf("先在 %s 放皇后（做出选择），放好再检查", e.Cell)}

			case problem.WhenLeaf:
				return problem.Text{EN: fmt.Sprintf("place a queen at %s (做出选择) unchecked: only the full board is validated", e.Cell), ZH: fmt.Sprintf("在 %s 放皇后（做出选择），不检查，等棋盘填满再整盘校验", e.Cell)}

			}
			next := e.Cell.Row + 1
			if next >= size {
				return problem.Text{EN: fmt.Sprintf("no attack: place a queen at %s (做出选择), the last row, and recurse", e.Cell), ZH: fmt.Sprintf("没有冲突：在 %s 放皇后（做出选择），这是最后一行，递归", e.Cell)}

			}
			c, r := e.Cell.String(), strconv.Itoa(next)
			return problem.Text{EN: "no attack: place a queen at " + c + " (做出选择) and recurse to row " + r, ZH: "没有冲突：在 " + c + " 放皇后（做出选择），递归到第 " + r + " 行"}

		},
		Undo: func(e *problem.Event) problem.Text {
			c := e.Cell.String()
			return problem.Text{EN: "undo the queen at " + c + " (撤销选择, 回溯)", ZH: "撤销选择：拿回 " + c + " 的皇后（回溯）"}
		},
		Full: func(size int) problem.Text {
			return problem.Text{EN: fmt.Sprintf("all %d queens placed, no attacks", size), ZH: fmt.Sprintf("%d 个皇后都放好了，互不攻击", size)}
		},
		Exhausted: func(e *problem.Event, size int, below problem.Text) problem.Text {
			if below.EN != "" {
				return problem.Text{EN: fmt.Sprintf("all %[1]d columns in row %[2]d tried (%[3]s below) → return false", size, e.Cell.Row, below.EN), ZH: fmt.Sprintf("第 %[2]d 行的 %[1]d 列都试完了（下面找到 %[3]s）→ 返回 false", size, e.Cell.Row, below.ZH)}

			}
			return problem.Text{EN: fmt.Sprintf("no column in row %[2]d works (all %[1]d failed) → return false (回溯)", size, e.Cell.Row), ZH: fmt.Sprintf("第 %[2]d 行的 %[1]d 列都试完了，都不行 → 返回 false（回溯）", size, e.Cell.Row)}

		},
	},
}

func init() { problem.MustRegister(NQueensDef) }

// nqueensRuleWords are the N-Queens rules in checking order, in the
// words of tutorial 004.
var nqueensRuleWords = []problem.RuleWords{
	{Rule: NQueensColumn, Key: "column", Name: problem.Text{EN: "column", ZH: "同列"}, Short: problem.Text{EN: "column", ZH: "同列"}, Mark: problem.Text{EN: "col", ZH: "同列"}},
	{Rule: NQueensAntiDiagonal, Key: "anti_diagonal", Name: problem.Text{EN: "upper-right diagonal ↗", ZH: "右上对角线 ↗"}, Short: problem.Text{EN: "↗ diagonal", ZH: "右上对角线 ↗"}, Mark: problem.Text{EN: "↗", ZH: "↗"}},
	{Rule: NQueensDiagonal, Key: "diagonal", Name: problem.Text{EN: "upper-left diagonal ↖", ZH: "左上对角线 ↖"}, Short: problem.Text{EN: "↖ diagonal", ZH: "左上对角线 ↖"}, Mark: problem.Text{EN: "↖", ZH: "↖"}},
}

// nqueensConflicts is NQueensDef.Conflicts: the queens a queen at cell
// would attack, looking only up, as the check does (the rows below are
// empty while the search runs; under --when leaf they are not the
// check's business): up the column, then up the upper-right diagonal ↗,
// then up the upper-left diagonal ↖, nearest first. A queen's column is
// its value, so v is cell.Col.
func nqueensConflicts(b *problem.Board, cell problem.Pos, v int) []problem.Conflict {
	return nqueensAppendConflicts(nil, b, cell, v)
}

// nqueensAppendConflicts is NQueensDef.AppendConflicts: nqueensConflicts
// appended to out.
func nqueensAppendConflicts(out []problem.Conflict, b *problem.Board, cell problem.Pos, _ int) []problem.Conflict {
	for _, d := range [...]struct {
		rule problem.Rule
		dc   int
	}{{NQueensColumn, 0}, {NQueensAntiDiagonal, +1}, {NQueensDiagonal, -1}} {
		for i, j := cell.Row-1, cell.Col+d.dc; i >= 0 && j >= 0 && j < b.Cols; i, j = i-1, j+d.dc {
			if _, ok := b.At(problem.Pos{Row: i, Col: j}); ok {
				out = append(out, problem.Conflict{Rule: d.rule, Witness: problem.Pos{Row: i, Col: j}})
			}
		}
	}
	return out
}

// nqueensReject is the N-Queens reject note (Words.RejectAll): the clash
// the check found, then any other queen that attacks the square.
func nqueensReject(when problem.When, e *problem.Event, rule problem.RuleWords, more []problem.Conflict) problem.Text {
	// The clash: "column 1 with the queen at (0,1)" (short: "with (0,1)").
	clash := func(short bool) problem.Text {
		// Concatenation, not fmt: a reject's note is written at most steps.
		var en string
		switch e.Rule {
		case NQueensColumn:
			en = "column " + strconv.Itoa(e.Cell.Col)
		default:
			en = "the " + rule.Name.EN
		}
		w := e.Witness.String()
		zh := "与 " + w + " 的皇后" + "同在" + rule.Name.ZH + " 上"
		if e.Rule == NQueensColumn {
			zh = "与 " + w + " 的皇后" + rule.Name.ZH
		}
		if short {
			return problem.Text{EN: en + " with " + w, ZH: zh}
		}
		return problem.Text{EN: en + " with the queen at " + w, ZH: zh}
	}
	// The other attackers: "; also attacked by (1,3) ↗ and (2,0) ↖" /
	// "，还会被 (1,3) 的皇后（右上对角线 ↗）和 (2,0) 的皇后（左上对角线 ↖）攻击".
	also := func(would bool) problem.Text {
		if len(more) == 0 {
			return problem.Text{}
		}
		en, zh := make([]string, len(more)), make([]string, len(more))
		for i, c := range more {
			w := problem.RuleWordsIn(nqueensRuleWords, c.Rule)
			switch c.Rule {
			case NQueensColumn:
				en[i] = c.Witness.String() + " in the same column"
			case NQueensAntiDiagonal, NQueensDiagonal:
				en[i] = c.Witness.String() + " " + w.Mark.EN
			default:
				en[i] = c.Witness.String() + " (" + w.Name.EN + ")"
			}
			zh[i] = c.Witness.String() + " 的皇后（" + w.Name.ZH + "）"
		}
		verb := "还被 "
		if would {
			verb = "还会被 "
		}
		return problem.Text{EN: "; also attacked by " + problem.ListEN(en), ZH: "，" + verb + problem.ListZH(zh) + "攻击"}
	}
	switch when {
	case problem.WhenLeaf:
		c, a := clash(true), also(false)
		return problem.Text{EN: fmt.Sprintf("%[3]s: queen %[1]s shares %[2]s%[4]s → return false", e.Cell, c.EN, problem.LeafFailWords.Name.EN, a.EN), ZH: fmt.Sprintf("%[3]s：%[1]s 的皇后%[2]s%[4]s → 返回 false", e.Cell, c.ZH, problem.LeafFailWords.Name.ZH, a.ZH)}

	case problem.WhenAfter:
		c, a := clash(true), also(false)
		return problem.Text{EN: fmt.Sprintf("the new queen %[1]s shares %[2]s%[3]s: prune (剪枝), undo it", e.Cell, c.EN, a.EN), ZH: fmt.Sprintf("先放后查：%[1]s 的皇后%[2]s%[3]s，剪枝，随后撤销", e.Cell, c.ZH, a.ZH)}

	}
	c, a := clash(false), also(true)
	cell := e.Cell.String()
	return problem.Text{EN: "a queen at " + cell + " would share " + c.EN + a.EN + ": prune (剪枝)", ZH: cell + " 放皇后会" + c.ZH + a.ZH + "：剪枝"}
}
