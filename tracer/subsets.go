package tracer

import "fmt"

// SubsetsDefault is LeetCode 90's example (子集II): the numbers [1,2,2].
var SubsetsDefault = sortedNumbers(Numbers{Given: []int{1, 2, 2}, Dedup: DedupUsed})

// SubsetsSameLevel is the one Subsets rule, numbered within Subsets (see
// Rule): 树层去重, an equal number was tried before at this level.
const SubsetsSameLevel Rule = 1

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
	in   Numbers
	path []int  // the indices taken, one a position
	used []bool // whether each index is on the path
	def  *Def
}

// NewSubsets returns the search of one instance. dedup used and start
// give the same tree; none gives the repeated subsets too.
func NewSubsets(in Numbers) (*Subsets, error) {
	return &Subsets{in: in, used: make([]bool, len(in.Sorted))}, nil
}

// Info describes the instance; its Def speaks of this instance's numbers.
func (p *Subsets) Info() Info {
	info := Info{Def: SubsetsDef, Problem: SubsetsDef.Name, Size: len(p.in.Sorted), Instance: p.in.String(),
		Order: OrderStart, Check: CheckScan, Rules: []Rule{SubsetsSameLevel}}
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
func (p *Subsets) Next(depth int, _ Pos) (Pos, bool) {
	if p.start() >= len(p.in.Sorted) {
		return NoPos, false
	}
	return Pos{Row: 0, Col: depth}, true
}

// LastScan: the slot is found without a scan.
func (p *Subsets) LastScan() (Scan, bool) { return Scan{}, false }

// Candidates returns start .. n-1.
func (p *Subsets) Candidates(Pos) (int, int) { return p.start(), len(p.in.Sorted) - 1 }

// Cell: the number goes in the position decided.
func (p *Subsets) Cell(slot Pos, _ int) Pos { return slot }

// Check is 树层去重 alone: any index from start on may be taken.
// placed (--when after): index i is on the path already.
func (p *Subsets) Check(slot Pos, i int, placed bool) Verdict {
	if p.in.Dedup == DedupNone || i == 0 || p.in.Sorted[i] != p.in.Sorted[i-1] {
		return Verdict{Cost: 1}
	}
	start := p.start()
	if placed {
		start = 0
		if n := len(p.path); n > 1 {
			start = p.path[n-2] + 1
		}
	}
	same := i > start
	if p.in.Dedup == DedupUsed {
		same = !p.used[i-1]
	}
	if same {
		return Verdict{Rule: SubsetsSameLevel, Witness: slot, Cost: 2}
	}
	return Verdict{Cost: 2}
}

// Place takes index i; Undo takes it back.
func (p *Subsets) Place(_ Pos, i int) {
	p.used[i] = true
	p.path = append(p.path, i)
}

// Undo takes the last index off the path.
func (p *Subsets) Undo(_ Pos, i int) {
	p.used[i] = false
	p.path = p.path[:len(p.path)-1]
}

// Validate is never reached: the Def's Whens leave out leaf.
func (p *Subsets) Validate() (Verdict, Pos, int) { return Verdict{}, NoPos, 0 }

// Rows returns the path: position d shows the number taken there.
func (p *Subsets) Rows() []string {
	b := make([]byte, len(p.in.Sorted))
	for d := range b {
		b[d] = '.'
		if d < len(p.path) {
			b[d] = p.in.glyph(p.path[d])
		}
	}
	return []string{string(b)}
}

// SubsetsDef describes Subsets.
var SubsetsDef = &Def{
	Name:      "subsets",
	Title:     Text{EN: "Subsets", ZH: "子集"},
	Rank:      5,
	Rules:     []RuleWords{sameLevelWords(SubsetsSameLevel)},
	Orders:    []Order{OrderStart},
	Checks:    []Check{CheckScan},
	Whens:     []When{WhenBefore, WhenAfter},
	Stop:      StopAll,
	Board:     BoardSpec{Slot: SlotCell},
	EveryNode: true,
	Puzzle: &PuzzleSetting{Default: SubsetsDefault.String(), Parse: func(s string) (any, error) {
		return ParseNumbers(s, SubsetsDefault)
	}},
	New: func(s Spec) (Problem, error) {
		in, ok := s.Parsed.(Numbers)
		if !ok {
			var err error
			if in, err = ParseNumbers(s.Puzzle, SubsetsDefault); err != nil {
				return nil, err
			}
		}
		return NewSubsets(in)
	},
	Shape: func(Order) Text {
		return Text{EN: "1-D: one number per call, every node a subset", ZH: "一维：每层选一个数，每个节点都是一个子集"}
	},
	Values:    func(int) (int, int) { return 0, MaxNumbers - 1 },
	Move:      listMove(SubsetsDefault, 0),
	ParseMove: listParseMove("subsets", 0),
	MoveHint:  Text{EN: "a subsets move reads its number; a focus or log writes p<position>=i<index>, e.g. p0=i1", ZH: "子集的一步显示它的数；聚焦或步骤日志写作 p<位置>=i<排序后下标>，例如 p0=i1"},

	Solution: func(rows []string) string { return listText(rowNumbers(rows)) },
	Code: CodeParts{
		Signature: "func backtracking(start int) { result = append(result, path)",
		Slot:      func(Order) string { return "" },
		Full:      "start == n",
		Loop:      func(int) string { return "for i := start; i < n; i++ {" },
		Args:      "i",
		Recurse:   "backtracking(i+1)",
		Value:     "i",
	},
	Words: listWords(SubsetsDefault, 0, Text{EN: "number", ZH: "数"}),
}

func init() {
	// Set here, not in the literal: they refer to SubsetsDef.
	SubsetsDef.ForInstance = subsetsFor
	SubsetsDef.Start = func(info Info) (*Board, error) { return subsetsFor(info).Start(info) }
	SubsetsDef.Label = func(info Info, lang Lang) string { return subsetsFor(info).Label(info, lang) }
	MustRegister(SubsetsDef)
}

// subsetsFor is SubsetsDef.ForInstance: the Def whose words, moves, label
// and board name the instance's own numbers.
func subsetsFor(info Info) *Def {
	in, ok := numbersOf(info, SubsetsDefault)
	if !ok {
		in = SubsetsDefault
	}
	d := *SubsetsDef
	d.ForInstance = nil
	n := len(in.Sorted)
	d.Values = func(int) (int, int) { return 0, n - 1 }
	d.Start = func(Info) (*Board, error) { return NewBoard(1, n, in.glyph), nil }
	d.Move = listMove(in, 0)
	d.Label = func(_ Info, lang Lang) string {
		if lang == LangZH {
			return fmt.Sprintf("[%s]，去重 %s", intList(in.Sorted, ","), in.Dedup)
		}
		return fmt.Sprintf("[%s], dedup %s", intList(in.Sorted, ","), in.Dedup)
	}
	d.Rules = []RuleWords{sameLevelWords(SubsetsSameLevel)}
	d.Rules[0].Code = dedupCode(in.Dedup, "nums")
	w := listWords(in, 0, Text{EN: "number", ZH: "数"})
	w.Full = func(int) Text { return Text{EN: "no index left", ZH: "没有下标可选了"} }
	w.OnPath = func(when When, e *Event, path []int) (Text, bool) {
		if e.Kind == KindCall && e.Value == n-1 {
			// The index after the last taken is n: the loop has nothing
			// to choose from (start == n).
			return Text{EN: "no index left to choose (start == n)", ZH: "没有下标可选了（start == n）"}, true
		}
		if e.Kind != KindSolution {
			return Text{}, false
		}
		nums := make([]int, 0, len(path))
		for _, v := range path {
			if v >= 0 && v < n {
				nums = append(nums, in.Sorted[v])
			}
		}
		return Text{EN: fmt.Sprintf("every node is a subset: %s", listText(nums)), ZH: fmt.Sprintf("每个节点都是一个子集：%s", listText(nums))}, true
	}
	d.Words = w
	d.CallMark = branchMark(in, 0)
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
