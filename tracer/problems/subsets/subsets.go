package subsets

import (
	"github.com/backtrack-edu/backtrack/tracer/problem"
	"github.com/backtrack-edu/backtrack/tracer/problems/combsum"
	"github.com/backtrack-edu/backtrack/tracer/problems/listkit"
)
import "fmt"

// SubsetsDefault is LeetCode 90's example (子集II): the numbers [1,2,2].
var SubsetsDefault = listkit.SortedNumbers(listkit.Numbers{Given: []int{1, 2, 2}, Dedup: listkit.DedupUsed})

// SubsetsSameLevel is the one Subsets rule, numbered within Subsets (see
// Rule): 树层去重, an equal number was tried before at this level.
const SubsetsSameLevel problem.Rule = 1

// Subsets is LeetCode 90 (子集II, and 78 on a list without repeats) as
// 代码随想录 writes it: sort, then
//
//	func backtracking(start int) {
//	    result = append(result, path)          // every node is a subset
//	    for i := start; i < n; i++ {
//	        if <树层去重> { continue }
//	        path = append(path, nums[i]); backtracking(i + 1)
//	    }
//	}
//
// The board is the path, one row of positions; a move's value is the
// index of its number in the sorted list. Every call records its path
// (Def.EveryNode) before its loop; a call with no index left (start == n)
// is a leaf, and its path is recorded as the end condition.
type Subsets struct {
	in   listkit.Numbers
	path []int  // the indices taken, one a position
	used []bool // whether each index is on the path
	def  *problem.Def
}

// NewSubsets returns the search of one instance. dedup used and start
// give the same tree; none gives the repeated subsets too.
func NewSubsets(in listkit.Numbers) (*Subsets, error) {
	return &Subsets{in: in, used: make([]bool, len(in.Sorted))}, nil
}

// Info describes the instance; its Def speaks of this instance's numbers.
func (p *Subsets) Info() problem.Info {
	info := problem.Info{Def: SubsetsDef, Problem: SubsetsDef.Name, Size: len(p.in.Sorted), Instance: p.in.String(),
		Order: combsum.OrderStart, Check: problem.CheckScan, Rules: []problem.Rule{SubsetsSameLevel}}
	if p.def == nil {
		p.def = SubsetsDef.Of(info)
	}
	info.Def = p.def
	return info
}

func (p *Subsets) start() int {
	if len(p.path) == 0 {
		return 0
	}
	return p.path[len(p.path)-1] + 1
}

// Next: a call with no index left is a leaf; otherwise it chooses the
// number at position depth.
func (p *Subsets) Next(depth int, _ problem.Pos) (problem.Pos, bool) {
	if p.start() >= len(p.in.Sorted) {
		return problem.NoPos, false
	}
	return problem.Pos{Row: 0, Col: depth}, true
}

// LastScan: the slot is found without a scan.
func (p *Subsets) LastScan() (problem.Scan, bool) { return problem.Scan{}, false }

// Candidates returns start .. n-1.
func (p *Subsets) Candidates(problem.Pos) (int, int) { return p.start(), len(p.in.Sorted) - 1 }

// Cell: the number goes in the position decided.
func (p *Subsets) Cell(slot problem.Pos, _ int) problem.Pos { return slot }

// Check is 树层去重 alone: any index from start on may be taken.
// placed (--when after): index i is on the path already.
func (p *Subsets) Check(slot problem.Pos, i int, placed bool) problem.Verdict {
	if p.in.Dedup == listkit.DedupNone || i == 0 || p.in.Sorted[i] != p.in.Sorted[i-1] {
		return problem.Verdict{Cost: 1}
	}
	start := p.start()
	if placed {
		start = 0
		if n := len(p.path); n > 1 {
			start = p.path[n-2] + 1
		}
	}
	same := i > start
	if p.in.Dedup == listkit.DedupUsed {
		same = !p.used[i-1]
	}
	if same {
		return problem.Verdict{Rule: SubsetsSameLevel, Witness: slot, Cost: 2}
	}
	return problem.Verdict{Cost: 2}
}

// Place takes index i; Undo takes it back.
func (p *Subsets) Place(_ problem.Pos, i int) {
	p.used[i] = true
	p.path = append(p.path, i)
}

// Undo takes the last index off the path.
func (p *Subsets) Undo(_ problem.Pos, i int) {
	p.used[i] = false
	p.path = p.path[:len(p.path)-1]
}

// Validate is never reached: the Def's Whens leave out leaf.
func (p *Subsets) Validate() (problem.Verdict, problem.Pos, int) {
	return problem.Verdict{}, problem.NoPos, 0
}

// Rows returns the path: position d shows the number taken there.
func (p *Subsets) Rows() []string {
	b := make([]byte, len(p.in.Sorted))
	for d := range b {
		b[d] = '.'
		if d < len(p.path) {
			b[d] = p.in.Glyph(p.path[d])
		}
	}
	return []string{string(b)}
}

// SubsetsDef describes Subsets.
var SubsetsDef = &problem.Def{
	Name:      "subsets",
	Title:     problem.Text{EN: "Subsets", ZH: "子集"},
	Rank:      5,
	Rules:     []problem.RuleWords{listkit.SameLevelWords(SubsetsSameLevel)},
	Orders:    []problem.Order{combsum.OrderStart},
	Checks:    []problem.Check{problem.CheckScan},
	Whens:     []problem.When{problem.WhenBefore, problem.WhenAfter},
	Stop:      problem.StopAll,
	Board:     problem.BoardSpec{Slot: problem.SlotCell},
	EveryNode: true,
	Puzzle: &problem.PuzzleSetting{Default: SubsetsDefault.String(), Parse: func(s string) (any, error) {
		return listkit.ParseNumbers(s, SubsetsDefault)
	}},
	Flags: []problem.FlagSpec{listkit.NumsFlag, listkit.DedupFlag},
	New: func(s problem.Spec) (problem.Problem, error) {
		in, ok := s.Parsed.(listkit.Numbers)
		if !ok {
			var err error
			if in, err = listkit.ParseNumbers(s.Puzzle, SubsetsDefault); err != nil {
				return nil, err
			}
		}
		return NewSubsets(in)
	},
	Shape: func(problem.Order) problem.Text {
		return problem.Text{EN: "1-D: one number per call, every node a subset", ZH: "一维：每层选一个数，每个节点都是一个子集"}
	},
	Values:    func(int) (int, int) { return 0, listkit.MaxNumbers - 1 },
	Move:      listkit.ListMove(SubsetsDefault, 0),
	ParseMove: listkit.ListParseMove("subsets", 0),
	MoveHint:  problem.Text{EN: "a subsets move reads its number; a focus or log writes p<position>=i<index>, e.g. p0=i1", ZH: "子集的一步显示它的数；聚焦或步骤日志写作 p<位置>=i<排序后下标>，例如 p0=i1"},

	Solution: func(rows []string) string { return listkit.ListText(listkit.RowNumbers(rows)) },
	Code: problem.CodeParts{
		Signature: "func backtracking(start int) { result = append(result, path)",
		Slot:      func(problem.Order) string { return "" },
		Full:      "start == n",
		Loop:      func(int) string { return "for i := start; i < n; i++ {" },
		Args:      "i",
		Recurse:   "backtracking(i+1)",
		Value:     "i",
	},
	Words: listkit.ListWords(SubsetsDefault, 0, problem.Text{EN: "number", ZH: "数"}),
}

func init() {
	// Set here, not in the literal: they refer to SubsetsDef.
	SubsetsDef.ForInstance = subsetsFor
	SubsetsDef.Start = func(info problem.Info) (*problem.Board, error) { return subsetsFor(info).Start(info) }
	SubsetsDef.Label = func(info problem.Info, lang problem.Lang) string { return subsetsFor(info).Label(info, lang) }
	problem.MustRegister(SubsetsDef)
}

// subsetsFor is SubsetsDef.ForInstance: the Def whose words, moves, label
// and board name the instance's own numbers.
func subsetsFor(info problem.Info) *problem.Def {
	in, ok := listkit.NumbersOf(info, SubsetsDefault)
	if !ok {
		in = SubsetsDefault
	}
	d := *SubsetsDef
	n := len(in.Sorted)
	d.Values = func(int) (int, int) { return 0, n - 1 }
	d.Start = func(problem.Info) (*problem.Board, error) { return problem.NewBoard(1, n, in.Glyph), nil }
	d.Move = listkit.ListMove(in, 0)
	d.Label = func(_ problem.Info, lang problem.Lang) string {
		if lang == problem.LangZH {
			return fmt.Sprintf("[%s]，去重 %s", listkit.IntList(in.Sorted, ","), in.Dedup)
		}
		return fmt.Sprintf("[%s], dedup %s", listkit.IntList(in.Sorted, ","), in.Dedup)
	}
	d.Rules = []problem.RuleWords{listkit.SameLevelWords(SubsetsSameLevel)}
	d.Rules[0].Code = listkit.DedupCode(in.Dedup, "nums")
	w := listkit.ListWords(in, 0, problem.Text{EN: "number", ZH: "数"})
	w.Full = func(int) problem.Text { return problem.Text{EN: "no index left", ZH: "没有下标可选了"} }
	w.OnPath = func(when problem.When, e *problem.Event, path []int) (problem.Text, bool) {
		if e.Kind == problem.KindCall && e.Value == n-1 {
			// The index after the last taken is n: the loop has nothing
			// to choose from (start == n).
			return problem.Text{EN: "no index left to choose (start == n)", ZH: "没有下标可选了（start == n）"}, true
		}
		if e.Kind != problem.KindSolution {
			return problem.Text{}, false
		}
		nums := make([]int, 0, len(path))
		for _, v := range path {
			if v >= 0 && v < n {
				nums = append(nums, in.Sorted[v])
			}
		}
		return problem.Text{EN: fmt.Sprintf("every node is a subset: %s", listkit.ListText(nums)), ZH: fmt.Sprintf("每个节点都是一个子集：%s", listkit.ListText(nums))}, true
	}
	d.Words = w
	d.CallMark = listkit.BranchMark(in, 0)
	// The call on path loops from start, the index after the last
	// taken; at start == n it records its path and ends (Next).
	d.CallLoop = func(path []int) (int, int, bool) {
		start := 0
		if len(path) > 0 {
			start = path[len(path)-1] + 1
		}
		return start, n - 1, start >= n
	}
	return &d
}
