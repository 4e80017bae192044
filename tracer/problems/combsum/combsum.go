package combsum

import (
	"errors"
	"fmt"
	"strconv"

	"github.com/backtrack-edu/backtrack/tracer/problem"
	"github.com/backtrack-edu/backtrack/tracer/problems/listkit"
)

// CombSumDefault is LeetCode 40's first example (组合总和II): the
// candidates [10,1,2,7,6,1,5], each used once, and the target 8.
var CombSumDefault = listkit.SortedNumbers(listkit.Numbers{Given: []int{10, 1, 2, 7, 6, 1, 5}, Target: 8, Dedup: listkit.DedupUsed})

// OrderStart is the one order of the list problems: the call at depth d
// chooses the number at position d of the path, from index start on
// (Permutations of a list: from index 0).
const OrderStart problem.Order = "start"

// CombSum is Combination Sum (LeetCode 40, and 39 with Reuse) as
// 代码随想录 writes it: sort the candidates, then
//
//	for i := start; i < n && sum+c[i] <= target; i++ {
//	    if <树层去重> { continue }
//	    path = append(path, c[i]); backtracking(i+1, sum+c[i]) // i with reuse
//	}
//
// The board is the path: one row of positions, position d holding the
// number the call at depth d took. A move's value is the index of the
// number in the sorted list. The loop condition fails once per call, at
// the first number that passes the target: that try is the reject over,
// and the loop ends there (the numbers after it are no smaller).
type CombSum struct {
	in   listkit.Numbers
	cols int   // positions on the board
	path []int // the indices taken, one a position
	used []int // how many times each index is on the path
	sum  int
	def  *problem.Def
}

// combSumCols is the number of positions a path can need: every number
// once, or (reuse) as many of the smallest as fit, plus the position of
// the try that passes the target.
func combSumCols(in listkit.Numbers) int {
	if !in.Reuse {
		return len(in.Sorted)
	}
	return in.Target/in.Sorted[0] + 1
}

// NewCombSum returns the search of one instance.
func NewCombSum(in listkit.Numbers) (*CombSum, error) {
	if in.Target < 1 {
		return nil, &problem.SettingError{Setting: "puzzle", Err: &listkit.NumbersError{Word: "target", Value: strconv.Itoa(in.Target), Err: errors.New("a target from 1 up is needed")}}
	}
	if in.Reuse && in.Dedup == listkit.DedupUsed && in.Repeats() {
		return nil, &problem.SettingError{Setting: "puzzle", Err: &listkit.NumbersError{Word: "dedup", Value: "used", Err: errors.New("not with reuse: a number taken again is on the branch (used[i] == true), so an equal one after it passes the test and answers repeat; use dedup start")}}
	}
	if c := combSumCols(in); c > 4*listkit.MaxNumbers {
		return nil, &problem.SettingError{Setting: "puzzle", Err: &listkit.NumbersError{Word: "target", Value: strconv.Itoa(in.Target), Err: fmt.Errorf("with reuse, a path of up to %d numbers (the smallest is %d): want at most %d", c, in.Sorted[0], 4*listkit.MaxNumbers)}}
	}
	return &CombSum{in: in, cols: combSumCols(in), used: make([]int, len(in.Sorted))}, nil
}

// Info describes the instance; its Def speaks of this instance's numbers.
func (p *CombSum) Info() problem.Info {
	info := problem.Info{Def: CombSumDef, Problem: CombSumDef.Name, Size: p.cols, Instance: p.in.String(),
		Order: OrderStart, Check: problem.CheckScan, Rules: []problem.Rule{CombSumOver, CombSumSameLevel}}
	if p.def == nil {
		p.def = CombSumDef.Of(info)
	}
	info.Def = p.def
	return info
}

func (p *CombSum) start() int {
	if len(p.path) == 0 {
		return 0
	}
	if p.in.Reuse {
		return p.path[len(p.path)-1]
	}
	return p.path[len(p.path)-1] + 1
}

// Next: the end condition is sum == target; otherwise the call chooses
// the number at position depth: past the last when every number is on
// the path (its loop is then empty), as the call's event says.
func (p *CombSum) Next(depth int, _ problem.Pos) (problem.Pos, bool) {
	if p.sum == p.in.Target {
		return problem.NoPos, false
	}
	return problem.Pos{Row: 0, Col: depth}, true
}

// LastScan: the slot is found without a scan.
func (p *CombSum) LastScan() (problem.Scan, bool) { return problem.Scan{}, false }

// Candidates returns start .. the first index whose number passes the
// target (the loop condition fails there), or the last index.
func (p *CombSum) Candidates(problem.Pos) (int, int) {
	lo := p.start()
	for i := lo; i < len(p.in.Sorted); i++ {
		if p.sum+p.in.Sorted[i] > p.in.Target {
			return lo, i
		}
	}
	return lo, len(p.in.Sorted) - 1
}

// Cell: the number goes in the position decided.
func (p *CombSum) Cell(slot problem.Pos, _ int) problem.Pos { return slot }

// Check tests in 代码随想录's order: the loop condition, then 树层去重.
// placed (--when after): index i is on the path already.
func (p *CombSum) Check(_ problem.Pos, i int, placed bool) problem.Verdict {
	sum, start, used := p.sum, p.start(), p.used
	if placed {
		sum -= p.in.Sorted[i]
		start = p.startBefore()
	}
	if sum+p.in.Sorted[i] > p.in.Target {
		return problem.Verdict{Rule: CombSumOver, Witness: problem.NoPos, Cost: 1}
	}
	if p.in.Dedup == listkit.DedupNone || i == 0 || p.in.Sorted[i] != p.in.Sorted[i-1] {
		return problem.Verdict{Cost: 2}
	}
	same := i > start
	if p.in.Dedup == listkit.DedupUsed {
		same = used[i-1] == 0
	}
	if same {
		return problem.Verdict{Rule: CombSumSameLevel, Witness: problem.Pos{Row: 0, Col: len(p.path) - btoi(placed)}, Cost: 3}
	}
	return problem.Verdict{Cost: 3}
}

// startBefore is start as the call saw it before its candidate was
// placed (--when after).
func (p *CombSum) startBefore() int {
	n := len(p.path)
	if n < 2 {
		return 0
	}
	if p.in.Reuse {
		return p.path[n-2]
	}
	return p.path[n-2] + 1
}

func btoi(b bool) int {
	if b {
		return 1
	}
	return 0
}

// Place takes index i; Undo takes it back.
func (p *CombSum) Place(_ problem.Pos, i int) {
	p.used[i]++
	p.sum += p.in.Sorted[i]
	p.path = append(p.path, i)
}

// Undo takes the last index off the path.
func (p *CombSum) Undo(_ problem.Pos, i int) {
	p.used[i]--
	p.sum -= p.in.Sorted[i]
	p.path = p.path[:len(p.path)-1]
}

// Validate is never reached: the Def's Whens leave out leaf.
func (p *CombSum) Validate() (problem.Verdict, problem.Pos, int) {
	return problem.Verdict{}, problem.NoPos, 0
}

// Rows returns the path: position d shows the number taken there.
func (p *CombSum) Rows() []string {
	b := make([]byte, p.cols)
	for d := range b {
		b[d] = '.'
		if d < len(p.path) {
			b[d] = p.in.Glyph(p.path[d])
		}
	}
	return []string{string(b)}
}

// The Combination Sum rules, numbered within Combination Sum (see Rule).
const (
	CombSumSameLevel problem.Rule = 1 + iota // 树层去重: an equal number was tried before at this level
	CombSumOver                              // the sum would pass the target: the loop ends
)

// overWords is the rule over: the loop condition sum + c[i] <= target
// fails, a bound with no witness.
var overWords = problem.RuleWords{Rule: CombSumOver, Key: "over",
	Name:    problem.Text{EN: "over the target", ZH: "超过目标和"},
	Short:   problem.Text{EN: "over", ZH: "超过"},
	Mark:    problem.Text{EN: ">", ZH: "超"},
	Witness: problem.WitnessNone,
	Loop:    true,
}

// CombSumDef describes Combination Sum.
var CombSumDef = &problem.Def{
	Name:    "combination-sum",
	Aliases: []string{"combsum"},
	Title:   problem.Text{EN: "Combination Sum", ZH: "组合总和"},
	Rank:    4,
	Rules:   []problem.RuleWords{overWords, listkit.SameLevelWords(CombSumSameLevel)},
	Orders:  []problem.Order{OrderStart},
	Checks:  []problem.Check{problem.CheckScan},
	Whens:   []problem.When{problem.WhenBefore, problem.WhenAfter},
	Stop:    problem.StopAll,
	Board:   problem.BoardSpec{Slot: problem.SlotCell},
	Puzzle: &problem.PuzzleSetting{Default: CombSumDefault.String(), Parse: func(s string) (any, error) {
		return listkit.ParseNumbers(s, CombSumDefault)
	}},
	Flags: []problem.FlagSpec{
		listkit.NumsFlag,
		{Name: "target", Kind: problem.FlagNumber, Min: 1, Max: listkit.MaxTarget, Compare: true,
			Help: fmt.Sprintf("the target sum (default %d)", CombSumDefault.Target)},
		{Name: "reuse", Kind: problem.FlagSwitch, Help: "a number may be taken again (LeetCode 39)"},
		listkit.DedupFlag,
	},
	New: func(s problem.Spec) (problem.Problem, error) {
		in, ok := s.Parsed.(listkit.Numbers)
		if !ok {
			var err error
			if in, err = listkit.ParseNumbers(s.Puzzle, CombSumDefault); err != nil {
				return nil, err
			}
		}
		return NewCombSum(in)
	},
	Shape: func(problem.Order) problem.Text {
		return problem.Text{EN: "1-D: one number per call", ZH: "一维：每层选一个数"}
	},
	Values:    func(int) (int, int) { return 0, listkit.MaxNumbers - 1 },
	ParseMove: listkit.ListParseMove("combination-sum", 0),
	MoveHint:  problem.Text{EN: "a combination-sum move reads its number; a focus or log writes p<position>=i<index>, e.g. p0=i1", ZH: "组合总和的一步显示它的数；聚焦或步骤日志写作 p<位置>=i<排序后下标>，例如 p0=i1"},

	Solution: func(rows []string) string { return listkit.ListText(listkit.RowNumbers(rows)) },
	Code: problem.CodeParts{
		Signature: "func backtracking(start, sum int) {",
		Slot:      func(problem.Order) string { return "" },
		Full:      "sum == target",
		Loop:      func(int) string { return "for i := start; i < n && sum+c[i] <= target; i++ {" },
		Args:      "i",
		Recurse:   "backtracking(i+1, sum+c[i])",
		Value:     "i",
	},
	Words: listkit.ListWords(CombSumDefault, 0, problem.Text{EN: "number", ZH: "数"}),
}

func init() {
	// Set here, not in the literal: they refer to CombSumDef.
	CombSumDef.ForInstance = combSumFor
	CombSumDef.Start = func(info problem.Info) (*problem.Board, error) { return combSumFor(info).Start(info) }
	CombSumDef.Label = func(info problem.Info, lang problem.Lang) string { return combSumFor(info).Label(info, lang) }
	CombSumDef.Move = listkit.ListMove(CombSumDefault, 0)
	problem.MustRegister(CombSumDef)
}

// combSumFor is CombSumDef.ForInstance: the Def whose words, moves, label
// and board name the instance's own numbers.
func combSumFor(info problem.Info) *problem.Def {
	in, ok := listkit.NumbersOf(info, CombSumDefault)
	if !ok {
		in = CombSumDefault
	}
	d := *CombSumDef
	n := len(in.Sorted)
	cols := combSumCols(in)
	d.Values = func(int) (int, int) { return 0, n - 1 }
	d.Start = func(problem.Info) (*problem.Board, error) { return problem.NewBoard(1, cols, in.Glyph), nil }
	d.Move = listkit.ListMove(in, 0)
	d.Label = func(_ problem.Info, lang problem.Lang) string {
		reuse := ""
		if in.Reuse {
			reuse = problem.Text{EN: ", reuse", ZH: "，可重复选"}.In(lang)
		}
		if lang == problem.LangZH {
			return fmt.Sprintf("[%s]，目标和 %d%s，去重 %s", listkit.IntList(in.Sorted, ","), in.Target, reuse, in.Dedup)
		}
		return fmt.Sprintf("[%s], target %d%s, dedup %s", listkit.IntList(in.Sorted, ","), in.Target, reuse, in.Dedup)
	}
	d.Rules = []problem.RuleWords{overWords, listkit.SameLevelWords(CombSumSameLevel)}
	d.Rules[1].Code = listkit.DedupCode(in.Dedup, "c")
	w := listkit.ListWords(in, 0, problem.Text{EN: "number", ZH: "数"})
	w.Decide = func(c problem.CallFacts) problem.Text {
		return problem.Text{EN: fmt.Sprintf("choose number %d of the combination", c.Depth+1), ZH: fmt.Sprintf("选组合的第 %d 个数", c.Depth+1)}
	}
	w.Full = func(int) problem.Text {
		return problem.Text{EN: fmt.Sprintf("the sum is the target %d", in.Target), ZH: fmt.Sprintf("和等于目标 %d", in.Target)}
	}
	w.OnPath = func(when problem.When, e *problem.Event, path []int) (problem.Text, bool) {
		nums := make([]int, 0, len(path)+1)
		for _, v := range path {
			if v >= 0 && v < n {
				nums = append(nums, in.Sorted[v])
			}
		}
		switch {
		case e.Kind == problem.KindReject && e.Rule == CombSumOver && e.Value >= 0 && e.Value < n:
			if when == problem.WhenAfter && len(nums) > 0 {
				nums = nums[:len(nums)-1]
			}
			nums = append(nums, in.Sorted[e.Value])
			return problem.Text{EN: fmt.Sprintf("%s > %d: over the target; the numbers after %d are no smaller, so the loop ends (剪枝)", listkit.SumText(nums), in.Target, in.Sorted[e.Value]), ZH: fmt.Sprintf("%s > %d：超过目标和；%d 后面的数不会更小，循环结束（剪枝）", listkit.SumText(nums), in.Target, in.Sorted[e.Value])},
				true
		case e.Kind == problem.KindCall && e.Value >= 0 && e.Value < n:
			nums = append(nums, in.Sorted[e.Value])
			sum := 0
			for _, v := range nums {
				sum += v
			}
			if sum == in.Target {
				return problem.Text{EN: fmt.Sprintf("%s, the target: nothing more to choose", listkit.SumText(nums)), ZH: fmt.Sprintf("%s，已等于目标和：不再选数", listkit.SumText(nums))},
					true
			}
		case e.Kind == problem.KindSolution:
			return problem.Text{EN: fmt.Sprintf("%s, the target: %s", listkit.SumText(nums), listkit.ListText(nums)), ZH: fmt.Sprintf("%s，等于目标和：%s", listkit.SumText(nums), listkit.ListText(nums))},
				true
		}
		return problem.Text{}, false
	}
	d.Words = w
	d.CallMark = listkit.BranchMark(in, 0)
	d.LeafNote = func(r problem.Rule, path []int) (problem.Text, bool) {
		if r != CombSumOver {
			return problem.Text{}, false
		}
		sum := 0
		for _, v := range path {
			if v >= 0 && v < n {
				sum += in.Sorted[v]
			}
		}
		return problem.Text{EN: fmt.Sprintf("over by %d", sum-in.Target), ZH: fmt.Sprintf("超出 %d", sum-in.Target)}, true
	}
	// The call on path ends at sum == target (Next); else its loop goes
	// from start to the index where sum+c[i] <= target fails, whose try
	// is the reject over, or to the last (Candidates).
	d.CallLoop = func(path []int) (int, int, bool) {
		sum, start := 0, 0
		for _, i := range path {
			if i < 0 || i >= n {
				continue
			}
			sum += in.Sorted[i]
			start = i + 1
			if in.Reuse {
				start = i
			}
		}
		if sum == in.Target {
			return 0, -1, true
		}
		for i := start; i < n; i++ {
			if sum+in.Sorted[i] > in.Target {
				return start, i, false
			}
		}
		return start, n - 1, false
	}
	d.Code.Recurse = "backtracking(i+1, sum+c[i])"
	if in.Reuse {
		d.Code.Recurse = "backtracking(i, sum+c[i]) // i: c[i] may be taken again"
	}
	return &d
}
