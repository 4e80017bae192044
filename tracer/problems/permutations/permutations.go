package permutations

import (
	"errors"
	"fmt"
	"strconv"
	"strings"

	"github.com/backtrack-edu/backtrack/tracer/problem"
	"github.com/backtrack-edu/backtrack/tracer/problems/listkit"
)

// MaxPermutations is the largest n NewPermutations accepts. Under
// DefaultMaxSteps every solution is traced up to n = 8 (1,546,899 steps);
// n = 9 (15,169,179 steps) and n = 10 (164,162,423) stop at the step limit
// unless it is raised.
const MaxPermutations = 10

// permutationsWhy says why MaxPermutations is what it is, for the error
// message of a larger n.
const permutationsWhy = "10! is already 3,628,800 permutations, a search of about 160 million steps; " +
	"11 would be eleven times that, far past a lesson"

// OrderPositions is the one order of Permutations: the call at depth d
// decides position d (1-D recursion, like N-Queens' rows).
const OrderPositions problem.Order = "positions"

// PermutationsChecks lists the checks Permutations accepts: scan (look
// along the path) and arrays (a used[] array, O(1)).
var PermutationsChecks = []problem.Check{problem.CheckScan, problem.CheckArrays}

// PermutationsOrders lists the orders Permutations accepts: one position
// per level.
var PermutationsOrders = []problem.Order{OrderPositions}

// The Permutations rules, numbered within Permutations (see Rule).
const (
	PermutationsUsed      problem.Rule = 1 + iota // the number is already on the path (代码随想录's used 数组)
	PermutationsSameLevel                         // 树层去重 (a list with repeats): an equal number was tried before at this level
)

// PermutationsRules lists the Permutations rules of n=K: only used.
var PermutationsRules = []problem.Rule{PermutationsUsed}

// Permutations is LeetCode 46 (全排列) on the numbers 1..n as 1-D
// recursion: the call at depth d decides position d, and its candidates
// are the numbers 1..n in increasing order.
//
// The board is ONE ROW of n positions: position d is the cell Pos{0, d},
// and a move puts the number v there (cell Pos{0, d}, value v). Unlike
// N-Queens, whose slot is a whole row and whose candidate is a column, the
// slot here is the cell itself and the candidate is the value written in
// it, as in Sudoku. Row 0 keeps every generic reader right: Board draws a
// 1×n strip, Rows is one string, the tree's cells and witnesses are real
// cells.
type Permutations struct {
	n     int
	check problem.Check
	// list is set for a list of numbers (LeetCode 47, 全排列II): value v
	// is index v-1 of the sorted list, and equal numbers are kept from
	// repeating a permutation by the list's Dedup.
	list *listkit.Numbers
	def  *problem.Def
	path []int // path[d] = the number at position d, or 0
	// For CheckArrays: used[v] is the position+1 where v was placed first
	// (0 = unused). Only the first occupant is recorded, so with --when
	// after the witness of a clash is the earlier position.
	used []int
}

// NewPermutations returns an empty row of n positions (1 ≤ n ≤
// MaxPermutations) checked with check (scan or arrays).
func NewPermutations(n int, check problem.Check) (*Permutations, error) {
	if n < 1 || n > MaxPermutations {
		return nil, fmt.Errorf("n = %d is out of range: want 1 to %d (%s)", n, MaxPermutations, permutationsWhy)
	}
	if check == "" {
		check = problem.CheckScan
	}
	if _, err := problem.ParseCheck(string(check), PermutationsChecks); err != nil {
		return nil, problem.ForProblem("permutations", err)
	}
	p := &Permutations{n: n, check: check, path: make([]int, n)}
	if check == problem.CheckArrays {
		p.used = make([]int, n+1)
	}
	return p, nil
}

// PermutationsListDefault is LeetCode 47's example: the numbers [1,1,2].
var PermutationsListDefault = listkit.SortedNumbers(listkit.Numbers{Given: []int{1, 1, 2}, Dedup: listkit.DedupUsed})

// NewPermutationsList returns the permutations of a list of numbers, with
// repeats (LeetCode 47): the list's Dedup keeps equal numbers from
// repeating a permutation (used: 树层去重 with used[]; none: every
// arrangement, repeats and all). dedup start has no meaning here: a
// permutation's loop starts at 0 at every level.
func NewPermutationsList(in listkit.Numbers, check problem.Check, when problem.When) (*Permutations, error) {
	if len(in.Sorted) > MaxPermutations {
		return nil, &problem.SettingError{Setting: "puzzle", Err: listkit.NumbersErr("nums", "%d numbers: want 1 to %d (%s)", len(in.Sorted), MaxPermutations, permutationsWhy)}
	}
	if in.Dedup == listkit.DedupStart {
		return nil, &problem.SettingError{Setting: "puzzle", Err: &listkit.NumbersError{Word: "dedup", Value: "start", Err: errors.New("a permutation's loop starts at 0 at every level, so i > start says nothing; want used or none")}}
	}
	if in.Dedup == listkit.DedupUsed && when == problem.WhenLeaf {
		return nil, &problem.SettingError{Setting: "when", Err: fmt.Errorf("leaf: dedup used skips at each level (树层), and a check at the full row cannot; use --dedup none with when leaf")}
	}
	p, err := NewPermutations(len(in.Sorted), check)
	if err != nil {
		return nil, err
	}
	p.list = &in
	if p.used == nil {
		p.used = make([]int, p.n+1)
	}
	return p, nil
}

// Info describes the instance; a list's Def speaks of its own numbers.
func (p *Permutations) Info() problem.Info {
	info := problem.Info{Def: PermutationsDef, Problem: PermutationsDef.Name, Size: p.n, Instance: fmt.Sprintf("n=%d", p.n),
		Order: OrderPositions, Check: p.check, Rules: PermutationsRules}
	if p.list != nil {
		info.Instance = p.list.String()
		info.Rules = []problem.Rule{PermutationsSameLevel, PermutationsUsed}
		if p.def == nil {
			p.def = PermutationsDef.Of(info)
		}
		info.Def = p.def
	}
	return info
}

// Next returns position depth: one position per level. The row is full
// at depth n.
func (p *Permutations) Next(depth int, _ problem.Pos) (problem.Pos, bool) {
	if depth >= p.n {
		return problem.NoPos, false
	}
	return problem.Pos{Row: 0, Col: depth}, true
}

// LastScan reports that Permutations finds its slot without a scan.
func (p *Permutations) LastScan() (problem.Scan, bool) { return problem.Scan{}, false }

// Candidates returns the numbers 1..n.
func (p *Permutations) Candidates(problem.Pos) (int, int) { return 1, p.n }

// Cell returns the slot itself: the number goes in the position decided.
func (p *Permutations) Cell(slot problem.Pos, _ int) problem.Pos { return slot }

// Check tests number v at position slot.Col against the path before it.
func (p *Permutations) Check(slot problem.Pos, v int, _ bool) problem.Verdict {
	d := slot.Col
	if p.list != nil && p.list.Dedup == listkit.DedupUsed && v > 1 && p.list.Sorted[v-1] == p.list.Sorted[v-2] {
		// 代码随想录's order: 树层去重 first. used[] is kept for a list
		// whatever the check: index v-2 is off the path (used[i-1] ==
		// false): its equal number was tried at this position and taken
		// back.
		if w := p.used[v-1]; w == 0 || w == d+1 {
			return problem.Verdict{Rule: PermutationsSameLevel, Witness: problem.Pos{Row: 0, Col: d}, Cost: 1}
		}
	}
	if p.check == problem.CheckArrays {
		// One lookup in used[]: O(1).
		if w := p.used[v]; w != 0 && w != d+1 {
			return problem.Verdict{Rule: PermutationsUsed, Witness: problem.Pos{Row: 0, Col: w - 1}, Cost: 1}
		}
		return problem.Verdict{Cost: 1}
	}
	// The scan walks the path from position 0; its cost is the positions
	// it looked at. Position d itself (placed, with --when after) is not
	// part of the path before it.
	for j := 0; j < d; j++ {
		if p.path[j] == v {
			return problem.Verdict{Rule: PermutationsUsed, Witness: problem.Pos{Row: 0, Col: j}, Cost: j + 1}
		}
	}
	return problem.Verdict{Cost: d}
}

// Place puts number v at the slot's position.
func (p *Permutations) Place(slot problem.Pos, v int) {
	d := slot.Col
	p.path[d] = v
	if p.used != nil && p.used[v] == 0 {
		p.used[v] = d + 1
	}
}

// Undo clears the slot's position.
func (p *Permutations) Undo(slot problem.Pos, v int) {
	d := slot.Col
	p.path[d] = 0
	if p.used != nil && p.used[v] == d+1 {
		p.used[v] = 0
	}
}

// Validate checks a full row position by position, each number against
// the positions before it (by scanning, whatever the check), and reports
// the first repeat: the offending move is its later position, the witness
// the earlier one.
func (p *Permutations) Validate() (problem.Verdict, problem.Pos, int) {
	scan := *p
	scan.check = problem.CheckScan
	total := 0
	for d := 0; d < p.n; d++ {
		vd := scan.Check(problem.Pos{Row: 0, Col: d}, p.path[d], true)
		total += vd.Cost
		if vd.Rule != problem.RuleNone {
			vd.Cost = total
			return vd, problem.Pos{Row: 0, Col: d}, p.path[d]
		}
	}
	return problem.Verdict{Cost: total}, problem.NoPos, 0
}

// Rows returns the row as one string, one glyph a position written by
// DigitChar: '1'..'9', 'A' for 10, '.' for an empty position. (Moves and
// notes write the numbers in decimal: "p9=10".)
func (p *Permutations) Rows() []string {
	b := make([]byte, p.n)
	for d, v := range p.path {
		b[d] = listkit.DigitChar(v)
		if p.list != nil && v > 0 {
			b[d] = p.list.Glyph(v - 1)
		}
	}
	return []string{string(b)}
}

// permutationsFor is PermutationsDef.ForInstance: for a list of numbers,
// the Def whose moves, words, board and solutions name its numbers; for
// n=K, the Def itself.
func permutationsFor(info problem.Info) *problem.Def {
	in, ok := listkit.NumbersOf(info, PermutationsListDefault)
	if !ok {
		return nil
	}
	d := *PermutationsDef
	n := len(in.Sorted)
	glyph := func(v int) byte { return in.Glyph(v - 1) }
	d.Start = func(problem.Info) (*problem.Board, error) { return problem.NewBoard(1, n, glyph), nil }
	d.Move = listkit.ListMove(in, 1)
	d.ParseMove = listkit.ListParseMove("permutations", 1)
	d.Label = func(_ problem.Info, lang problem.Lang) string {
		if lang == problem.LangZH {
			return fmt.Sprintf("[%s]，去重 %s", listkit.IntList(in.Sorted, ","), in.Dedup)
		}
		return fmt.Sprintf("[%s], dedup %s", listkit.IntList(in.Sorted, ","), in.Dedup)
	}
	d.Solution = func(rows []string) string { return listkit.ListText(listkit.RowNumbers(rows)) }
	d.Rules = []problem.RuleWords{listkit.SameLevelWords(PermutationsSameLevel), d.Rules[0]}
	d.Rules[0].Code = listkit.DedupCode(in.Dedup, "nums")
	d.Rules[1].Witness = problem.WitnessCell
	w := listkit.ListWords(in, 1, problem.Text{EN: "number", ZH: "数"})
	w.Full = func(size int) problem.Text {
		return problem.Text{EN: fmt.Sprintf("all %d positions filled", size), ZH: fmt.Sprintf("%d 个位置都放好了", size)}
	}
	w.OnPath = func(when problem.When, e *problem.Event, path []int) (problem.Text, bool) {
		if e.Kind != problem.KindSolution {
			return problem.Text{}, false
		}
		nums := make([]int, 0, len(path))
		for _, v := range path {
			if v >= 1 && v <= n {
				nums = append(nums, in.Sorted[v-1])
			}
		}
		return problem.Text{EN: fmt.Sprintf("all %d positions filled: %s", n, listkit.ListText(nums)), ZH: fmt.Sprintf("%d 个位置都放好了：%s", n, listkit.ListText(nums))}, true
	}
	d.Words = w
	d.CallMark = listkit.BranchMark(in, 1)
	d.Code.Loop = func(int) string { return "for i := 0; i < len(nums); i++ {" }
	d.Code.Args, d.Code.Value = "pos, i", "i"
	return &d
}

// PermutationsDef describes Permutations to everything but the search loop.
var PermutationsDef = &problem.Def{
	Name:  "permutations",
	Title: problem.Text{EN: "Permutations", ZH: "全排列"},
	Rank:  3,
	Rules: []problem.RuleWords{
		{Rule: PermutationsUsed, Key: "used", Name: problem.Text{EN: "already on the path", ZH: "已在路径中"}, Short: problem.Text{EN: "used", ZH: "已用过"}, Mark: problem.Text{EN: "used", ZH: "已用"}},
	},
	Conflicts: permutationsConflicts,
	Orders:    PermutationsOrders,
	Checks:    PermutationsChecks,
	Stop:      problem.StopAll,
	Board:     problem.BoardSpec{Slot: problem.SlotCell},
	Size:      &problem.SizeSetting{Default: 4, Min: 1, Max: MaxPermutations, Why: permutationsWhy},
	Puzzle: &problem.PuzzleSetting{Default: PermutationsListDefault.String(), Parse: func(s string) (any, error) {
		return listkit.ParseNumbers(s, PermutationsListDefault)
	}},
	Flags: []problem.FlagSpec{listkit.NumsFlag, listkit.DedupFlag},
	New: func(s problem.Spec) (problem.Problem, error) {
		if in, ok := s.Parsed.(listkit.Numbers); ok && s.Puzzle != "" {
			return NewPermutationsList(in, s.Check, s.When)
		}
		return NewPermutations(s.N, s.Check)
	},
	Shape: func(problem.Order) problem.Text {
		return problem.Text{EN: "1-D: one position per call", ZH: "一维：每层一个位置"}
	},
	Values: func(n int) (int, int) { return 1, n },
	Start: func(info problem.Info) (*problem.Board, error) {
		if info.Size < 1 {
			return nil, fmt.Errorf("permutations: size %d: want 1 to %d", info.Size, MaxPermutations)
		}
		return problem.NewBoard(1, info.Size, listkit.DigitChar), nil
	},
	// "p2=3": position 2 holds 3. Distinct from N-Queens' r0=c1 and
	// Sudoku's (0,2)=4; numbers are decimal, 10 included.
	Move: func(cell problem.Pos, v int) string { return fmt.Sprintf("p%d=%d", cell.Col, v) },
	ParseMove: func(s string, size int) (problem.Pos, int, error) {
		bad := fmt.Errorf("%q is not a Permutations move: want p<position>=<number>, e.g. p0=1", s)
		pos, num, ok := strings.Cut(strings.TrimSpace(s), "=")
		pos, num = strings.TrimSpace(pos), strings.TrimSpace(num)
		if !ok || !strings.HasPrefix(pos, "p") {
			return problem.NoPos, 0, bad
		}
		d, err1 := strconv.Atoi(pos[1:])
		v, err2 := strconv.Atoi(num)
		// Only what Move writes: no sign, no leading zero.
		if err1 != nil || err2 != nil || strconv.Itoa(d) != pos[1:] || strconv.Itoa(v) != num || d < 0 {
			return problem.NoPos, 0, bad
		}
		if d >= size {
			return problem.NoPos, 0, fmt.Errorf("%q: position %d is off the row: want 0 to %d", s, d, size-1)
		}
		if v < 1 || v > size {
			return problem.NoPos, 0, fmt.Errorf("%q: %d is not one of the numbers 1 to %d", s, v, size)
		}
		return problem.Pos{Row: 0, Col: d}, v, nil
	},
	MoveHint: problem.Text{EN: "Permutations moves are written p<position>=<number> (p2=3 puts 3 at position 2)", ZH: "全排列的一步写作 p<位置>=<数字>（p2=3 表示在位置 2 放 3）"},

	Label: func(info problem.Info, _ problem.Lang) string { return info.Instance },
	// The template code's pieces, in N-Queens' shape (filled so that no
	// nil function of a zero CodeParts is ever called).
	Code: problem.CodeParts{
		Signature: "func solve(pos int) bool {",
		Slot:      func(problem.Order) string { return "" },
		Full:      "pos == n",
		Loop:      func(size int) string { return fmt.Sprintf("for v := 1; v <= %d; v++ {", size) },
		Args:      "pos, v",
		Recurse:   "solve(pos+1)",
		Value:     "v",
	},
	Words: problem.Words{
		Value:         strconv.Itoa,
		Candidate:     problem.Text{EN: "number", ZH: "数字"},
		NextCandidate: problem.Text{EN: "the next number", ZH: "下一个数字"},
		Last:          func(size int) int { return size },
		Thing: func(v int, at problem.Pos) problem.Text {
			return problem.Text{EN: fmt.Sprintf("the %d at position %d", v, at.Col), ZH: fmt.Sprintf("位置 %d 的 %d", at.Col, v)}
		},
		Try: func(cell problem.Pos, v int) problem.Text {
			return problem.Text{EN: fmt.Sprintf("try %d at position %d", v, cell.Col), ZH: fmt.Sprintf("尝试在位置 %d 放 %d", cell.Col, v)}
		},
		Decide: func(c problem.CallFacts) problem.Text {
			if c.Depth >= c.Size {
				return problem.Text{EN: fmt.Sprintf("all %d positions filled → end condition (终止条件)", c.Size), ZH: fmt.Sprintf("%d 个位置都放好了 → 到达终止条件", c.Size)}

			}
			return problem.Text{EN: fmt.Sprintf("decide the number at position %d", c.Depth), ZH: fmt.Sprintf("决定位置 %d 放哪个数", c.Depth)}
		},
		Reject: func(when problem.When, e *problem.Event, rule problem.RuleWords) problem.Text {
			return permutationsReject(when, e, rule, nil)
		},
		RejectAll: permutationsReject,
		Place: func(when problem.When, e *problem.Event, size int) problem.Text {
			v, at := e.Value, e.Cell.Col
			switch when {
			case problem.WhenAfter:
				return problem.Text{EN: fmt.Sprintf("place %d at position %d (做出选择) first; the check comes after", v, at), ZH: fmt.Sprintf("先在位置 %d 放 %d（做出选择），放好再检查", at, v)}

			case problem.WhenLeaf:
				return problem.Text{EN: fmt.Sprintf("place %d at position %d (做出选择) unchecked: only the full row is validated", v, at), ZH: fmt.Sprintf("在位置 %d 放 %d（做出选择），不检查，等所有位置放满再整盘校验", at, v)}

			}
			if at+1 >= size {
				return problem.Text{EN: fmt.Sprintf("%d is unused: place it at position %d (做出选择), the last one, and recurse", v, at), ZH: fmt.Sprintf("%d 还没用过：在位置 %d 放 %d（做出选择），这是最后一个位置，递归", v, at, v)}

			}
			return problem.Text{EN: fmt.Sprintf("%d is unused: place it at position %d (做出选择) and recurse to position %d", v, at, at+1), ZH: fmt.Sprintf("%d 还没用过：在位置 %d 放 %d（做出选择），递归到位置 %d", v, at, v, at+1)}

		},
		Undo: func(e *problem.Event) problem.Text {
			return problem.Text{EN: fmt.Sprintf("undo the %d at position %d (撤销选择, 回溯)", e.Value, e.Cell.Col), ZH: fmt.Sprintf("撤销选择：拿回位置 %d 的 %d（回溯）", e.Cell.Col, e.Value)}

		},
		Full: func(size int) problem.Text {
			return problem.Text{EN: fmt.Sprintf("all %d positions filled, no number twice", size), ZH: fmt.Sprintf("%d 个位置都放好了，没有重复的数", size)}

		},
		Exhausted: func(e *problem.Event, size int, below problem.Text) problem.Text {
			at := e.Cell.Col
			if below.EN != "" {
				return problem.Text{EN: fmt.Sprintf("all %[1]d numbers at position %[2]d tried (%[3]s below) → return false", size, at, below.EN), ZH: fmt.Sprintf("位置 %[2]d 的 %[1]d 个数字都试完了（下面找到 %[3]s）→ 返回 false", size, at, below.ZH)}

			}
			return problem.Text{EN: fmt.Sprintf("no number fits position %[2]d (all %[1]d failed) → return false (回溯)", size, at), ZH: fmt.Sprintf("位置 %[2]d 的 %[1]d 个数字都试完了，都不行 → 返回 false（回溯）", size, at)}

		},
	},
}

func init() {
	PermutationsDef.ForInstance = permutationsFor // set here: it refers to PermutationsDef
	problem.MustRegister(PermutationsDef)
}

// permutationsConflicts is PermutationsDef.Conflicts: every position
// before cell's that holds v, from position 0, as the scan walks the
// path. (Under --when leaf the positions after it are full too; the
// check does not look there.)
func permutationsConflicts(b *problem.Board, cell problem.Pos, v int) []problem.Conflict {
	var out []problem.Conflict
	for j := 0; j < cell.Col && j < b.Cols; j++ {
		if w, ok := b.At(problem.Pos{Row: cell.Row, Col: j}); ok && w == v {
			out = append(out, problem.Conflict{Rule: PermutationsUsed, Witness: problem.Pos{Row: cell.Row, Col: j}})
		}
	}
	return out
}

// permutationsReject is the Permutations reject note (Words.RejectAll).
// The path before a rejected number never holds it twice (the leaf
// validation names the first repeat), so more is empty in every search
// of the template; a note for more positions is written all the same.
func permutationsReject(when problem.When, e *problem.Event, rule problem.RuleWords, more []problem.Conflict) problem.Text {
	v, at, w := e.Value, e.Cell.Col, e.Witness.Col
	// The clash: "is already used at position 0" / "已在位置 0 用过".
	en := fmt.Sprintf("is already used at position %d", w)
	zh := fmt.Sprintf("%d 已在位置 %d 用过", v, w)
	if e.Rule != PermutationsUsed {
		en = fmt.Sprintf("clashes with position %d (%s)", w, rule.Name.EN)
		zh = fmt.Sprintf("%d 与位置 %d 冲突（%s）", v, w, rule.Name.ZH)
	}
	if len(more) > 0 {
		// "; also at position 2" / "，在位置 2 也用过".
		pos := make([]string, len(more))
		for i, c := range more {
			pos[i] = strconv.Itoa(c.Witness.Col)
		}
		noun := "position"
		if len(more) > 1 {
			noun = "positions"
		}
		en += fmt.Sprintf("; also at %s %s", noun, problem.ListEN(pos))
		zh += fmt.Sprintf("，在位置 %s 也用过", strings.Join(pos, "、"))
	}
	switch when {
	case problem.WhenLeaf:
		return problem.Text{EN: fmt.Sprintf("%s: the %d at position %d %s → return false", problem.LeafFailWords.Name.EN, v, at, en), ZH: fmt.Sprintf("%s：位置 %d 的 %s → 返回 false", problem.LeafFailWords.Name.ZH, at, zh)}

	case problem.WhenAfter:
		return problem.Text{EN: fmt.Sprintf("the %d just placed at position %d %s: prune (剪枝), undo it", v, at, en), ZH: fmt.Sprintf("先放后查：位置 %d 放了 %d，%s，剪枝，随后撤销", at, v, zh)}

	}
	return problem.Text{EN: fmt.Sprintf("%d at position %d %s: prune (剪枝)", v, at, en), ZH: fmt.Sprintf("位置 %d 放 %d：%s，剪枝", at, v, zh)}

}
