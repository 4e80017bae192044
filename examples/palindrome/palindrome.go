// Package palindrome is LeetCode 131, palindrome partitioning (分割回文串),
// written as a user of backtrack writes a problem of their own: in a module
// of its own (example.com/palindrome), with only the exported API of
// github.com/backtrack-edu/backtrack. Its command, cmd/palindrome, is one
// line, cli.Main(os.Args, palindrome.Def), and has the whole command line
// of backtrack: trace, step, render, compare, lesson, completion, help.
//
// The search is 代码随想录's:
//
//	func backtracking(s string, startIndex int) {
//	    if startIndex >= len(s) { result = append(result, path); return }
//	    for i := startIndex; i < len(s); i++ {
//	        if !isPalindrome(s, startIndex, i) { continue }
//	        path = append(path, s[startIndex:i+1])
//	        backtracking(s, i+1)
//	        path = path[:len(path)-1]
//	    }
//	}
//
// The board is the string, one row of cells. The slot a call decides is the
// cell where its piece starts, (0, startIndex); a candidate is i, the index
// of the piece's last letter; the move aa[0..1] cuts s[0..1] off. The one
// rule, "not a palindrome" (不是回文串), has no witness: no other cell is to
// blame, the piece itself is not a palindrome.
package palindrome

import (
	"fmt"
	"strconv"
	"strings"

	"github.com/backtrack-edu/backtrack/tracer"
)

// OrderStart is the problem's one order: the call at depth d cuts the next
// piece from startIndex, as 代码随想录's backtracking(s, startIndex) does.
const OrderStart tracer.Order = "start"

// MaxLen bounds the string: "aaaa…a" of 16 letters has 2^15 partitions,
// a lot of tree to read already.
const MaxLen = 16

// Default is LeetCode's example 1: "aab" → [["a","a","b"],["aa","b"]].
const Default = "aab"

// NotPalindrome is the one rule: the piece s[startIndex..i] is not a
// palindrome.
const NotPalindrome tracer.Rule = 1

// Parse reads an instance: a string of 1 to MaxLen lower-case letters.
func Parse(text string) (string, error) {
	s := strings.TrimSpace(text)
	if s == "" {
		return "", fmt.Errorf("the string is empty: want 1 to %d lower-case letters, e.g. %s", MaxLen, Default)
	}
	if len(s) > MaxLen {
		return "", fmt.Errorf("%q has %d letters: want 1 to %d", s, len(s), MaxLen)
	}
	for i := 0; i < len(s); i++ {
		if c := s[i]; c < 'a' || c > 'z' {
			return "", fmt.Errorf("%q: %q is not a lower-case letter: want a to z only, e.g. %s", s, string(rune(c)), Default)
		}
	}
	return s, nil
}

// IsPalindrome reports whether s[lo..hi] reads the same both ways, and how
// many pairs of letters it compared.
func IsPalindrome(s string, lo, hi int) (ok bool, compared int) {
	for ; lo < hi; lo, hi = lo+1, hi-1 {
		compared++
		if s[lo] != s[hi] {
			return false, compared
		}
	}
	return true, compared
}

// Problem is one search: the string and the path of pieces cut so far,
// each by the index of its last letter.
type Problem struct {
	s    string
	ends []int       // ends[k]: the last index of piece k
	def  *tracer.Def // Def as this instance speaks (see Info)
}

// New returns the search of the string s (see Parse).
func New(s string) (*Problem, error) {
	s, err := Parse(s)
	if err != nil {
		return nil, err
	}
	return &Problem{s: s, ends: make([]int, 0, len(s))}, nil
}

// Info describes the instance. Its Def is Def.Of(info): the Def whose
// moves, words and solutions name this string's letters.
func (p *Problem) Info() tracer.Info {
	info := tracer.Info{Def: Def, Problem: Def.Name, Size: len(p.s), Instance: p.s,
		Order: OrderStart, Check: tracer.CheckScan, Rules: []tracer.Rule{NotPalindrome}}
	if p.def == nil {
		p.def = Def.Of(info)
	}
	info.Def = p.def
	return info
}

// start is startIndex: where the next piece begins.
func (p *Problem) start() int {
	if len(p.ends) == 0 {
		return 0
	}
	return p.ends[len(p.ends)-1] + 1
}

// Next: the call decides the piece starting at startIndex; at the end of
// the string nothing is left to cut.
func (p *Problem) Next(int, tracer.Pos) (tracer.Pos, bool) {
	if st := p.start(); st < len(p.s) {
		return tracer.Pos{Row: 0, Col: st}, true
	}
	return tracer.NoPos, false
}

// LastScan: the slot is found without a scan.
func (p *Problem) LastScan() (tracer.Scan, bool) { return tracer.Scan{}, false }

// Candidates: i from startIndex to len(s)-1.
func (p *Problem) Candidates(slot tracer.Pos) (int, int) { return slot.Col, len(p.s) - 1 }

// Cell: a move is written at the cell where its piece starts.
func (p *Problem) Cell(slot tracer.Pos, _ int) tracer.Pos { return slot }

// Check tests s[startIndex..i]; its cost is the pairs of letters compared.
func (p *Problem) Check(slot tracer.Pos, i int, _ bool) tracer.Verdict {
	ok, cost := IsPalindrome(p.s, slot.Col, i)
	if !ok {
		return tracer.Verdict{Rule: NotPalindrome, Witness: tracer.NoPos, Cost: cost}
	}
	return tracer.Verdict{Cost: cost}
}

// Place pushes the piece onto the path; Undo pops it.
func (p *Problem) Place(_ tracer.Pos, i int) { p.ends = append(p.ends, i) }

// Undo pops the last piece.
func (p *Problem) Undo(tracer.Pos, int) { p.ends = p.ends[:len(p.ends)-1] }

// Validate checks every piece of a full path: the first that is not a
// palindrome, by its start and end. (Def.Whens has only before: the search
// never asks.)
func (p *Problem) Validate() (tracer.Verdict, tracer.Pos, int) {
	st, cost := 0, 0
	for _, i := range p.ends {
		ok, c := IsPalindrome(p.s, st, i)
		cost += c
		if !ok {
			return tracer.Verdict{Rule: NotPalindrome, Witness: tracer.NoPos, Cost: cost}, tracer.Pos{Row: 0, Col: st}, i
		}
		st = i + 1
	}
	return tracer.Verdict{Cost: cost}, tracer.NoPos, 0
}

// Rows is the board as the step log's reader rebuilds it: the first letter
// of every piece at the cell where it starts, '.' for the letters inside a
// piece and past the cut ("aab" cut as "aa","b": "a.b").
func (p *Problem) Rows() []string {
	b := []byte(strings.Repeat(".", len(p.s)))
	st := 0
	for _, i := range p.ends {
		b[st] = glyph(p.s)(i)
		st = i + 1
	}
	return []string{string(b)}
}

// glyph writes move i at its piece's first cell: the letter s[i], the
// piece's last, which is its first too, as the piece is a palindrome.
func glyph(s string) func(i int) byte {
	return func(i int) byte {
		if i < 0 || i >= len(s) {
			return '?'
		}
		return s[i]
	}
}

// pieces splits s by the board row (see Rows): a piece starts at every
// cell that is not '.'.
func pieces(s, row string) []string {
	var ps []string
	st := -1
	for c := 0; c < len(row) && c < len(s); c++ {
		if row[c] == '.' {
			continue
		}
		if st >= 0 {
			ps = append(ps, s[st:c])
		}
		st = c
	}
	if st >= 0 {
		ps = append(ps, s[st:])
	}
	return ps
}

// list writes pieces as LeetCode does: ["aa","b"].
func list(ps []string) string {
	q := make([]string, len(ps))
	for k, p := range ps {
		q[k] = strconv.Quote(p)
	}
	return "[" + strings.Join(q, ",") + "]"
}

// move writes the move (start, i) of s: aa[0..1], the piece and where it
// lies. Without the instance (s is ""), the registered Def writes s[0..1].
// (No quotes: a label with a quote breaks the PNG and frame outputs, see
// the module's README.)
func move(s string, st, i int) string {
	if s == "" {
		return fmt.Sprintf("s[%d..%d]", st, i)
	}
	piece := "?"
	if st >= 0 && st <= i && i < len(s) {
		piece = s[st : i+1]
	}
	return fmt.Sprintf("%s[%d..%d]", piece, st, i)
}

// parseMove reads what move(s, …) writes, and only that: with the
// instance s, aa[0..1], whose piece must be s's letters there; without
// it, s[0..1].
func parseMove(s, text string, size int) (tracer.Pos, int, error) {
	want := "piece[start..end], e.g. aa[0..1]"
	if s == "" {
		want = "s[start..end], e.g. s[0..1]"
	}
	bad := func(why string) error {
		return fmt.Errorf("%q is not a palindrome-partitioning move (%s): want %s", text, why, want)
	}
	t := strings.TrimSpace(text)
	q := strings.IndexByte(t, '[')
	if q < 0 || !strings.HasSuffix(t, "]") {
		return tracer.NoPos, 0, bad("no [start..end]")
	}
	piece := t[:q]
	if s == "" && piece != "s" {
		return tracer.NoPos, 0, bad("not s[…]")
	}
	a, b, ok := strings.Cut(t[q+1:len(t)-1], "..")
	st, err1 := strconv.Atoi(a)
	i, err2 := strconv.Atoi(b)
	if !ok || err1 != nil || err2 != nil || strconv.Itoa(st) != a || strconv.Itoa(i) != b {
		return tracer.NoPos, 0, bad("start and end are not numbers")
	}
	switch {
	case st < 0 || i < st || i >= size:
		return tracer.NoPos, 0, fmt.Errorf("%q: [%d..%d] is not a piece of a string of %d letters", text, st, i, size)
	case s != "" && (i >= len(s) || s[st:i+1] != piece):
		return tracer.NoPos, 0, fmt.Errorf("%q: the piece [%d..%d] of %q is not %q", text, st, i, s, piece)
	}
	return tracer.Pos{Row: 0, Col: st}, i, nil
}

// Def describes the problem to everything but the search loop. Register it
// by passing it to cli.Main (cmd/palindrome), or with tracer.Register.
var Def = &tracer.Def{
	Name:    "palindrome",
	Aliases: []string{"palin", "leetcode131"},
	Title:   tracer.Text{EN: "Palindrome partitioning", ZH: "分割回文串"},
	Rules: []tracer.RuleWords{{
		Rule:    NotPalindrome,
		Key:     "not_palindrome",
		Name:    tracer.Text{EN: "not a palindrome", ZH: "不是回文串"},
		Short:   tracer.Text{EN: "not palindrome", ZH: "非回文"},
		Mark:    tracer.Text{EN: "≠", ZH: "非"},
		Witness: tracer.WitnessNone,
		Code:    "if !isPalindrome(s, startIndex, i) { continue }",
	}},
	Orders: []tracer.Order{OrderStart},
	Checks: []tracer.Check{tracer.CheckScan},
	// 代码随想录 checks the piece before it pushes it.
	Whens:  []tracer.When{tracer.WhenBefore},
	Stop:   tracer.StopAll,
	Board:  tracer.BoardSpec{Slot: tracer.SlotCell},
	Values: func(size int) (int, int) { return 0, size - 1 },
	Puzzle: &tracer.PuzzleSetting{Default: Default, Parse: func(text string) (any, error) { return Parse(text) }},
	New: func(spec tracer.Spec) (tracer.Problem, error) {
		if s, ok := spec.Parsed.(string); ok {
			return New(s)
		}
		return New(spec.Puzzle)
	},
	Shape: func(tracer.Order) tracer.Text {
		return tracer.Text{EN: "1-D: one piece per call, cut from startIndex", ZH: "一维：每层从 startIndex 切下一段"}
	},
	Start: func(info tracer.Info) (*tracer.Board, error) {
		s, err := Parse(info.Instance)
		if err != nil {
			return nil, err
		}
		return tracer.NewBoard(1, len(s), glyph(s)), nil
	},
	Move: func(cell tracer.Pos, i int) string { return move("", cell.Col, i) },
	ParseMove: func(text string, size int) (tracer.Pos, int, error) {
		return parseMove("", text, size)
	},
	MoveHint: tracer.Text{EN: "palindrome-partitioning moves are written piece[start..end], e.g. aa[0..1]",
		ZH: "分割回文串的一步写作 子串[起点..终点]，例如 aa[0..1]"},
	// No quotes in a label (see move): s=aab, as N-Queens' n=8.
	Label: func(info tracer.Info, _ tracer.Lang) string { return "s=" + info.Instance },
	Words: words(Default),
	Code: tracer.CodeParts{
		Signature: "func backtracking(s string, startIndex int) {",
		Slot:      func(tracer.Order) string { return "" },
		Full:      "startIndex >= len(s)",
		Loop:      func(int) string { return "for i := startIndex; i < len(s); i++ {" },
		Args:      "s[startIndex:i+1]",
		Recurse:   "backtracking(s, i+1)",
		Value:     "i",
	},
}

func init() { Def.ForInstance = forInstance }

// forInstance is Def.ForInstance: the Def whose moves, words, solutions and
// candidates name the letters of info's string.
func forInstance(info tracer.Info) *tracer.Def {
	s, err := Parse(info.Instance)
	if err != nil {
		return nil
	}
	d := *Def
	d.ForInstance = nil
	n := len(s)
	d.Move = func(cell tracer.Pos, i int) string { return move(s, cell.Col, i) }
	d.ParseMove = func(text string, size int) (tracer.Pos, int, error) { return parseMove(s, text, size) }
	d.Words = words(s)
	d.Solution = func(rows []string) string {
		if len(rows) != 1 {
			return strings.Join(rows, " ")
		}
		return list(pieces(s, rows[0]))
	}
	// The call standing on a path of pieces loops over i from the
	// startIndex after the last piece; at the end of s it records.
	d.CallLoop = func(path []int) (int, int, bool) {
		st := 0
		if len(path) > 0 {
			st = path[len(path)-1] + 1
		}
		return st, n - 1, st >= n
	}
	d.LeafNote = func(r tracer.Rule, path []int) (tracer.Text, bool) {
		if r != NotPalindrome || len(path) == 0 {
			return tracer.Text{}, false
		}
		st, i := 0, path[len(path)-1]
		if len(path) > 1 {
			st = path[len(path)-2] + 1
		}
		if st > i || i >= n {
			return tracer.Text{}, false
		}
		q := s[st : i+1]
		return tracer.Text{EN: q + ": not a palindrome", ZH: q + " 不是回文串"}, true
	}
	return &d
}
