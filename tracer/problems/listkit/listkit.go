package listkit

import (
	"errors"
	"fmt"
	"slices"
	"strconv"
	"strings"

	"github.com/backtrack-edu/backtrack/tracer/problem"
	"github.com/backtrack-edu/backtrack/tracer/words"
)

// This file is what the list problems share (Combination Sum, Subsets and
// Permutations of a list): their instance, a list of numbers with a
// target, a reuse switch and a de-duplication style, written as one line
// ("nums 10,1,2,7,6,1,5 target 8 dedup used") that a step log's header
// carries whole, so that a log read back rebuilds exactly the run's
// instance.

// Dedup is how a list problem keeps equal numbers from giving the same
// answer twice (代码随想录's 去重).
type Dedup string

// The de-duplication styles.
const (
	// DedupUsed skips nums[i] when nums[i] == nums[i-1] and used[i-1] is
	// false: the equal number before it was tried at this level and taken
	// back (树层去重). used[i-1] true means it is on this branch (树枝),
	// and the repeat is allowed.
	DedupUsed Dedup = "used"
	// DedupStart skips nums[i] when i > start and nums[i] == nums[i-1]:
	// the loop of this call has passed an equal number already.
	DedupStart Dedup = "start"
	// DedupNone skips nothing: equal numbers give the same answer again.
	DedupNone Dedup = "none"
)

// Dedups lists the de-duplication styles, the default first.
var Dedups = []Dedup{DedupUsed, DedupStart, DedupNone}

// MaxNumbers bounds the numbers of a list instance, and MaxNumber each
// number (a cell shows a number as one character: 1-9, then A-Z).
const (
	MaxNumbers = 12
	MaxNumber  = 35
)

// Numbers is the instance of a list problem.
type Numbers struct {
	Given  []int // as given
	Sorted []int // sorted: the problems sort first, as 代码随想录 does, so equal numbers sit side by side
	Target int   // the target sum (Combination Sum); 0 for none
	Reuse  bool  // a number may be taken again (LeetCode 39)
	Dedup  Dedup
}

// MaxTarget bounds the target of a list instance (Combination Sum).
const MaxTarget = 500

// numbersWords are the words of a list instance's text.
var numbersWords = []string{"nums", "target", "reuse", "dedup"}

// The list problems' flags (Def.Flags): --nums and --dedup, which every
// list problem takes.
var (
	NumsFlag = problem.FlagSpec{Name: "nums", Kind: problem.FlagText, Compare: true,
		Help:  fmt.Sprintf("the numbers, e.g. 10,1,2,7,6,1,5 (1 to %d each, at most %d)", MaxNumber, MaxNumbers),
		Check: func(v string) error { _, err := ParseNumberList(v); return err },
		Empty: "give numbers such as 1,1,2 (leave the flag out for the default list)"}
	DedupFlag = problem.FlagSpec{Name: "dedup", Kind: problem.FlagText, Values: []string{string(DedupUsed), string(DedupStart), string(DedupNone)},
		Help: "how equal numbers are kept from repeating an answer: used (skip nums[i] == nums[i-1] && !used[i-1], 树层去重), start (i > start && nums[i] == nums[i-1]) or none"}
)

// NumbersError is an error in one part of a list instance: Word is the
// word of the instance's text at fault (nums, target, reuse or dedup;
// "" for the text as a whole), which a command line maps to the flag
// that set it (--nums, --target, --reuse, --dedup), and Value, if set,
// the value the error is about ("0" of target 0).
type NumbersError struct {
	Word  string
	Value string
	Err   error
}

func (e *NumbersError) Error() string {
	switch {
	case e.Word == "":
		return e.Err.Error()
	case e.Value != "":
		return e.Word + " " + e.Value + ": " + e.Err.Error()
	}
	return e.Word + ": " + e.Err.Error()
}

func (e *NumbersError) Unwrap() error { return e.Err }

func NumbersErr(word, format string, args ...any) error {
	return &NumbersError{Word: word, Err: fmt.Errorf(format, args...)}
}

// ParseNumberList reads a list of whole numbers 1..MaxNumber, commas or
// spaces between them ("1,1,2", "1, 1, 2", "1 1 2"): the value of
// --nums and of an instance's nums. An empty list, or an empty number
// (two commas in a row, or a comma first or last), is an error: it is a
// number left out, not a shorter list.
func ParseNumberList(s string) ([]int, error) {
	if strings.TrimSpace(s) == "" {
		return nil, errors.New("no numbers: give them as 1,1,2")
	}
	var out []int
	for _, part := range strings.Split(s, ",") {
		words := strings.Fields(part)
		if len(words) == 0 {
			return nil, errors.New("an empty number between commas (or a comma first or last): give them as 1,1,2")
		}
		for _, w := range words {
			v, err := strconv.Atoi(w)
			if err != nil || v < 1 || v > MaxNumber {
				return nil, fmt.Errorf("%q is not a whole number from 1 to %d", shortWord(w), MaxNumber)
			}
			out = append(out, v)
		}
	}
	if len(out) > MaxNumbers {
		return nil, fmt.Errorf("%d numbers: want 1 to %d", len(out), MaxNumbers)
	}
	return out, nil
}

// shortWord cuts a word to a length that fits in a one-line message.
func shortWord(w string) string {
	if r := []rune(w); len(r) > 24 {
		return string(r[:24]) + "…"
	}
	return w
}

// ParseNumbers reads a list instance: the words nums (a list of whole
// numbers 1..MaxNumber, commas or spaces between them), target, reuse
// and dedup, each optional and each at most once; what is left out comes
// from def. Lines starting with '#' are comments, as in a puzzle file. A
// text with no word at all is an error (the default instance is the
// empty Spec.Puzzle, not a blank one). A problem without a target
// (def.Target 0) refuses one, and reuse. Errors are *NumbersError values
// naming the word at fault.
func ParseNumbers(text string, def Numbers) (Numbers, error) {
	in := def
	in.Given = append([]int(nil), def.Given...)
	lines := strings.Split(strings.TrimPrefix(text, utf8BOM), "\n")
	for i, line := range lines {
		if isComment(line) {
			lines[i] = ""
		}
	}
	f := strings.Fields(strings.NewReplacer("=", " ", "[", " ", "]", " ").Replace(strings.Join(lines, "\n")))
	if len(f) == 0 {
		return Numbers{}, NumbersErr("", "the instance is empty: want nums, target, reuse or dedup (e.g. %q)", def.String())
	}
	seen := map[string]bool{}
	for i := 0; i < len(f); i++ {
		key := f[i]
		val := ""
		if !slices.Contains(numbersWords, key) {
			return Numbers{}, NumbersErr("", "unknown word %q: want nums, target, reuse or dedup (e.g. %q)", shortWord(key), def.String())
		}
		if seen[key] {
			return Numbers{}, NumbersErr(key, "given twice: give it once")
		}
		seen[key] = true
		if key != "reuse" {
			if i+1 >= len(f) {
				return Numbers{}, NumbersErr(key, "a value must follow it")
			}
			i++
			val = f[i]
		}
		switch key {
		case "nums":
			// "1,1,2", or "1 1 2" running on to the next word.
			for i+1 < len(f) && !slices.Contains(numbersWords, f[i+1]) {
				i++
				val += " " + f[i]
			}
			nums, err := ParseNumberList(val)
			if err != nil {
				return Numbers{}, &NumbersError{Word: "nums", Err: err}
			}
			in.Given = nums
		case "target":
			if def.Target == 0 {
				return Numbers{}, NumbersErr("target", "this problem has no target")
			}
			v, err := strconv.Atoi(val)
			if err != nil || v < 1 || v > MaxTarget {
				return Numbers{}, NumbersErr("target", "%q is not a whole number from 1 to %d", shortWord(val), MaxTarget)
			}
			in.Target = v
		case "reuse":
			if def.Target == 0 {
				return Numbers{}, NumbersErr("reuse", "only a combination sum reuses numbers")
			}
			in.Reuse = true
		case "dedup":
			d, err := ParseDedup(val)
			if err != nil {
				return Numbers{}, &NumbersError{Word: "dedup", Err: err}
			}
			in.Dedup = d
		}
	}
	if len(in.Given) < 1 || len(in.Given) > MaxNumbers {
		return Numbers{}, NumbersErr("nums", "%d numbers: want 1 to %d", len(in.Given), MaxNumbers)
	}
	in.Sorted = slices.Sorted(slices.Values(in.Given))
	return in, nil
}

// ParseDedup reads a de-duplication style: used, start or none.
func ParseDedup(s string) (Dedup, error) {
	d, err := problem.ParseEnum("dedup", s, Dedups)
	if err != nil {
		return "", fmt.Errorf("unknown style %q: want %s", shortWord(s), problem.JoinValues(Dedups))
	}
	return d, nil
}

// ListDefault returns the default instance of a problem whose instance
// is a list of numbers (combination-sum, subsets, permutations), and
// whether it is one: its default puzzle reads as Numbers. A default
// without a target (Target 0) means the problem has none.
func ListDefault(d *problem.Def) (Numbers, bool) {
	if d == nil || d.Puzzle == nil || d.Puzzle.Parse == nil {
		return Numbers{}, false
	}
	v, err := d.Puzzle.Parse(d.Puzzle.Default)
	if err != nil {
		return Numbers{}, false
	}
	in, ok := v.(Numbers)
	return in, ok
}

// SortedNumbers returns in with Sorted filled: a default instance.
func SortedNumbers(in Numbers) Numbers {
	in.Sorted = slices.Sorted(slices.Values(in.Given))
	return in
}

// String writes the instance as ParseNumbers reads it, every part spelled
// out: "nums 10,1,2,7,6,1,5 target 8 dedup used".
func (in Numbers) String() string {
	s := "nums " + IntList(in.Given, ",")
	if in.Target > 0 {
		s += " target " + strconv.Itoa(in.Target)
	}
	if in.Reuse {
		s += " reuse"
	}
	return s + " dedup " + string(in.Dedup)
}

// NumbersInstance writes the instance text of a command line's list flags
// (--nums, --target, --reuse, --dedup); an empty or zero value is left
// out, and ParseNumbers fills it from the problem's default.
func NumbersInstance(nums string, target int, reuse bool, dedup string) string {
	var parts []string
	if nums != "" {
		parts = append(parts, "nums "+nums)
	}
	if target != 0 {
		parts = append(parts, "target "+strconv.Itoa(target))
	}
	if reuse {
		parts = append(parts, "reuse")
	}
	if dedup != "" {
		parts = append(parts, "dedup "+dedup)
	}
	return strings.Join(parts, " ")
}

// Repeats reports whether the sorted list holds a number twice.
func (in Numbers) Repeats() bool {
	for i := 1; i < len(in.Sorted); i++ {
		if in.Sorted[i] == in.Sorted[i-1] {
			return true
		}
	}
	return false
}

// Glyph writes index v of the sorted list as its number (1-9, A-Z).
func (in Numbers) Glyph(v int) byte {
	if v < 0 || v >= len(in.Sorted) {
		return '?'
	}
	return DigitChar(in.Sorted[v])
}

// ListText writes numbers as a list: "[1,1,6]".
func ListText(vs []int) string { return "[" + IntList(vs, ",") + "]" }

func IntList(vs []int, sep string) string {
	s := make([]string, len(vs))
	for i, v := range vs {
		s[i] = strconv.Itoa(v)
	}
	return strings.Join(s, sep)
}

// RowNumbers reads a path row back as its numbers ("116...." → [1,1,6]).
func RowNumbers(rows []string) []int {
	var out []int
	for _, r := range rows {
		for i := 0; i < len(r); i++ {
			if v := digitValue(rune(r[i])); v > 0 {
				out = append(out, v)
			}
		}
	}
	return out
}

// SumText writes a running sum: "1 + 2 + 5 = 8".
func SumText(vs []int) string {
	total := 0
	for _, v := range vs {
		total += v
	}
	if len(vs) == 1 {
		return strconv.Itoa(total)
	}
	return IntList(vs, " + ") + " = " + strconv.Itoa(total)
}

// SameLevelWords are the words of 树层去重, the same for every list
// problem, which numbers it r: its own colour and mark, and "same as"
// where a clash would say "clash with".
func SameLevelWords(r problem.Rule) problem.RuleWords {
	return problem.RuleWords{Rule: r, Key: "same_level",
		Name:    problem.Text{EN: "equal number already tried at this level", ZH: "树层去重：同一层已试过相同的数"},
		Short:   problem.Text{EN: "same level", ZH: "树层去重"},
		Mark:    problem.Text{EN: "same level (层)", ZH: "层"},
		Witness: problem.WitnessSibling,
		With:    problem.Text{EN: "same as before:", ZH: "同层已试："},
		Color:   "#1f6fb2",
		Fill:    "#dcebf8",
	}
}

// BranchMark is Def.CallMark of the list problems: the last move of
// path (an index, base for index 0) repeats the number of the index
// before it, and that one is on the path (树枝: allowed).
func BranchMark(in Numbers, base int) func(path []int) (problem.Text, bool) {
	return func(path []int) (problem.Text, bool) {
		if len(path) == 0 {
			return problem.Text{}, false
		}
		i := path[len(path)-1] - base
		if i <= 0 || i >= len(in.Sorted) || in.Sorted[i] != in.Sorted[i-1] || !slices.Contains(path[:len(path)-1], i-1+base) {
			return problem.Text{}, false
		}
		return problem.Text{EN: "branch", ZH: "树枝"}, true
	}
}

// DedupCode is the template line of 树层去重 under each style, over the
// sorted array a (c, nums).
func DedupCode(d Dedup, a string) string {
	if d == DedupStart {
		return fmt.Sprintf("if i>start && %[1]s[i]==%[1]s[i-1] { continue } // 树层", a)
	}
	return fmt.Sprintf("if i>0 && %[1]s[i]==%[1]s[i-1] && !used[i-1] { continue } // 树层", a)
}

// ListWords are the Words every list problem starts from: the moves take
// numbers of the sorted list (value v is index v - base); place and
// reject notes name the number and, for an equal one, whether the one
// before it is on this branch (树枝, allowed) or was tried at this level
// (树层, skipped).
func ListWords(in Numbers, base int, thing problem.Text) problem.Words {
	num := func(v int) int {
		if i := v - base; i >= 0 && i < len(in.Sorted) {
			return in.Sorted[i]
		}
		return v
	}
	w := problem.PlainWords(problem.Text{EN: "number", ZH: "数"}, problem.Text{EN: "the next number", ZH: "下一个数"})
	w.Value = func(v int) string { return strconv.Itoa(num(v)) }
	w.Last = func(int) int { return len(in.Sorted) - 1 + base }
	w.Thing = func(v int, at problem.Pos) problem.Text {
		return problem.Text{EN: fmt.Sprintf("the %d at position %d", num(v), at.Col), ZH: fmt.Sprintf("位置 %d 的 %d", at.Col, num(v))}
	}
	w.Slot = func(slot problem.Pos) problem.Text { return problem.Text(words.ListSlot.Both(slot.Col)) }
	w.Try = func(cell problem.Pos, v int) problem.Text {
		return problem.Text{EN: fmt.Sprintf("try %d (index %d) at position %d", num(v), v-base, cell.Col), ZH: fmt.Sprintf("尝试在位置 %d 放 %d（下标 %d）", cell.Col, num(v), v-base)}

	}
	w.Decide = func(c problem.CallFacts) problem.Text {
		return problem.Text{EN: fmt.Sprintf("choose the %s at position %d", thing.EN, c.Depth), ZH: fmt.Sprintf("选位置 %d 的%s", c.Depth, thing.ZH)}
	}
	w.Reject = func(when problem.When, e *problem.Event, rule problem.RuleWords) problem.Text {
		v, at := num(e.Value), e.Cell.Col
		switch rule.Key {
		case "same_level":
			why := fmt.Sprintf("used[%d] == false", e.Value-base-1)
			if in.Dedup == DedupStart {
				why = "i > start"
			}
			return problem.Text{EN: fmt.Sprintf("%d (index %d) equals the %d tried just before at this level (%s: 树层去重): skip it, it would give the same answers again",
				v, e.Value-base, v, why), ZH: fmt.Sprintf("%d（下标 %d）与这一层刚试过的 %d 相同（%s，树层去重）：跳过，否则会得到重复的结果", v, e.Value-base, v, why)}

		case "used":
			return problem.Text{EN: fmt.Sprintf("index %d (the %d) is already on the path: skip it", e.Value-base, v), ZH: fmt.Sprintf("下标 %d（%d）已在路径中：跳过", e.Value-base, v)}

		case "over":
			return problem.Text{EN: fmt.Sprintf("adding %d passes the target %d: the loop ends (the numbers after it are no smaller: 剪枝)", v, in.Target), ZH: fmt.Sprintf("加上 %d 就超过目标和 %d：循环结束（后面的数不会更小，剪枝）", v, in.Target)}

		}
		return problem.Text{EN: fmt.Sprintf("%d at position %d breaks %s", v, at, rule.Name.EN), ZH: fmt.Sprintf("位置 %d 放 %d 违反%s", at, v, rule.Name.ZH)}
	}
	w.Place = func(when problem.When, e *problem.Event, size int) problem.Text {
		v, i := num(e.Value), e.Value-base
		if i > 0 && in.Sorted[i] == in.Sorted[i-1] && in.Dedup == DedupUsed {
			return problem.Text{EN: fmt.Sprintf("take %d (index %d): it equals index %d, but that one is on this branch (used[%d] == true, 树枝): allowed; recurse", v, i, i-1, i-1), ZH: fmt.Sprintf("选 %d（下标 %d）：它与下标 %d 相同，但那个在这条树枝上（used[%d] == true，树枝）：可以选；递归", v, i, i-1, i-1)}

		}
		return problem.Text{EN: fmt.Sprintf("take %d (index %d) at position %d (做出选择) and recurse", v, i, e.Cell.Col), ZH: fmt.Sprintf("在位置 %d 选 %d（下标 %d，做出选择），递归", e.Cell.Col, v, i)}

	}
	w.Undo = func(e *problem.Event) problem.Text {
		return problem.Text{EN: fmt.Sprintf("take %d (index %d) back (撤销选择, 回溯)", num(e.Value), e.Value-base), ZH: fmt.Sprintf("撤销选择：拿回 %d（下标 %d，回溯）", num(e.Value), e.Value-base)}

	}
	w.Exhausted = func(e *problem.Event, size int, below problem.Text) problem.Text {
		if below.EN != "" {
			return problem.Text{EN: fmt.Sprintf("every number at position %d tried (%s below) → return", e.Cell.Col, below.EN), ZH: fmt.Sprintf("位置 %d 的数都试完了（下面找到 %s）→ 返回", e.Cell.Col, below.ZH)}

		}
		return problem.Text{EN: fmt.Sprintf("no number left for position %d → return (回溯)", e.Cell.Col), ZH: fmt.Sprintf("位置 %d 没有数可选了 → 返回（回溯）", e.Cell.Col)}

	}
	return w
}

// ListMove writes a move of a list problem as its number alone, as
// 代码随想录's trees label their branches ("1", "1", "2"): base is the
// value of index 0.
func ListMove(in Numbers, base int) func(problem.Pos, int) string {
	return func(_ problem.Pos, v int) string {
		if i := v - base; i >= 0 && i < len(in.Sorted) {
			return strconv.Itoa(in.Sorted[i])
		}
		return "?" + strconv.Itoa(v)
	}
}

// ListParseMove reads a move written p<position>=i<index> (the index into
// the sorted list): a box reads its number alone, which does not say the
// position, so a step log writes such moves as a cell and a value.
func ListParseMove(name string, base int) func(string, int) (problem.Pos, int, error) {
	return func(s string, size int) (problem.Pos, int, error) {
		bad := fmt.Errorf("%q is not a %s move: want p<position>=i<index into the sorted list>, e.g. p0=i1", s, name)
		pos, idx, ok := strings.Cut(strings.TrimSpace(s), "=")
		pos, idx = strings.TrimSpace(pos), strings.TrimSpace(idx)
		if !ok || !strings.HasPrefix(pos, "p") || !strings.HasPrefix(idx, "i") {
			return problem.NoPos, 0, bad
		}
		d, err1 := strconv.Atoi(pos[1:])
		i, err2 := strconv.Atoi(idx[1:])
		if err1 != nil || err2 != nil || strconv.Itoa(d) != pos[1:] || strconv.Itoa(i) != idx[1:] || d < 0 || i < 0 {
			return problem.NoPos, 0, bad
		}
		if d >= size {
			return problem.NoPos, 0, fmt.Errorf("%q: position %d is off the row: want 0 to %d", s, d, size-1)
		}
		return problem.Pos{Row: 0, Col: d}, i + base, nil
	}
}

// NumbersOf reads the instance of info (its Instance text) with the
// problem's defaults.
func NumbersOf(info problem.Info, def Numbers) (Numbers, bool) {
	in, err := ParseNumbers(info.Instance, def)
	return in, err == nil
}

// DedupOf returns the de-duplication style a list instance's text names
// ("nums 1,1,2 dedup used": DedupUsed), "" if it names none.
func DedupOf(instance string) Dedup {
	return Dedup(problem.InstanceSetting(instance, "dedup"))
}

// Variants returns the instance's text under every de-duplication style
// (Dedups), in that order: the instances a table of strategies runs (see
// Spec.Strategies).
func (in Numbers) Variants() []string {
	out := make([]string, 0, len(Dedups))
	for _, dd := range Dedups {
		in.Dedup = dd
		out = append(out, in.String())
	}
	return out
}

// The list's text is read as a puzzle file is (package sudoku's parser):
// a byte-order mark at the start is dropped, lines starting with '#' are
// comments, and a number on a board row is written as a Sudoku digit.

// utf8BOM is the byte-order mark some editors write at the start of a
// UTF-8 file; it means nothing and is dropped.
const utf8BOM = "\ufeff"

// isComment reports whether line is a comment: '#' after any spaces.
func isComment(line string) bool {
	return strings.HasPrefix(strings.TrimSpace(line), "#")
}

// DigitChar returns how number d is written on a board row: 1-9, then A-Z
// for 10-35; '.' for 0.
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

// digitValue reads a board row's character as DigitChar writes 1 to 16
// (a Sudoku digit); 0 for '.' or '0', -1 for anything else.
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
