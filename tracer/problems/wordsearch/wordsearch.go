// Package wordsearch is LeetCode 79, word search (单词搜索), as a
// built-in problem: is the word on the letter grid, along a path of cells
// that are next to each other (up, down, left, right), each cell used at
// most once?
//
// The model: the call at depth k places letter k of the word. The root's
// candidates are the start cells (value 4 + the cell's index in reading
// order); below it, the four directions up, right, down and left from the
// cell of letter k-1 (values 0 to 3), in the order of LeetCode's usual
// dirs array. A call's slot is the cell it steps from (the root's is
// (0,0), where its scan of start cells begins); a move's cell is the cell
// it steps to. The candidates of a call come from the bound instance
// (Def.CallLoop): the grid's cells at the root, four directions below.
// Three rules, checked in the order the usual dfs checks them: off the
// board (越界), already on the path (已访问), wrong letter (字母不对). A
// step off the board has no cell to land on: its try is written at the
// cell it steps from, and its reject names the direction.
//
// The search stops at the first path (LeetCode returns a bool).
package wordsearch

import (
	"errors"
	"fmt"
	"strconv"
	"strings"

	"github.com/backtrack-edu/backtrack/tracer/problem"
)

// The rules, numbered within word search.
const (
	RuleEdge    problem.Rule = 1 + iota // the step leaves the board (越界)
	RuleVisited                         // the cell is already on the path (已访问)
	RuleLetter                          // the cell holds another letter than the word's next (字母不对)
)

// OrderPath is the one order: the call at depth k places letter k next to
// letter k-1.
const OrderPath problem.Order = "path"

// The directions, as values: up, right, down, left. A start cell is
// value startBase + its index in reading order.
const (
	dirUp = iota
	dirRight
	dirDown
	dirLeft
	startBase
)

var dirs = [4]problem.Pos{{Row: -1}, {Col: 1}, {Row: 1}, {Col: -1}}

// dirNames are the directions in moves ("D(2,3)") and in both languages.
var (
	dirLetters = [4]string{"U", "R", "D", "L"}
	dirWords   = [4]problem.Text{{EN: "up", ZH: "上"}, {EN: "right", ZH: "右"}, {EN: "down", ZH: "下"}, {EN: "left", ZH: "左"}}
)

// Limits of an instance: LeetCode 79's constraints.
const (
	MaxSide = 6  // rows and columns: 1 to 6
	MaxWord = 15 // the word: 1 to 15 letters
)

// Default is LeetCode 79's example 1: the word is on the grid.
const Default = "ABCE SFCS ADEE / ABCCED"

// Instance is a grid of letters and a word.
type Instance struct {
	Grid []string // the rows, each of the same length
	Word string
}

// Rows and Cols return the grid's size.
func (in Instance) Rows() int { return len(in.Grid) }

// Cols returns the number of columns.
func (in Instance) Cols() int { return len(in.Grid[0]) }

// String writes the instance as Parse reads it: "ABCE SFCS ADEE / ABCCED".
func (in Instance) String() string { return strings.Join(in.Grid, " ") + " / " + in.Word }

func isLetter(c byte) bool { return c >= 'A' && c <= 'Z' || c >= 'a' && c <= 'z' }

// Parse reads an instance: the grid's rows separated by spaces (or lines,
// as in a file), then "/", then the word. Letters are English letters,
// upper or lower case (LeetCode 79's), as given.
func Parse(text string) (Instance, error) {
	grid, word, ok := strings.Cut(text, "/")
	if !ok || strings.Contains(word, "/") {
		return Instance{}, fmt.Errorf("word search %q: want the grid's rows, then / and the word, e.g. %q", text, Default)
	}
	in := Instance{Grid: strings.Fields(grid)}
	ws := strings.Fields(word)
	if len(ws) != 1 {
		return Instance{}, fmt.Errorf("word search %q: want one word after /, e.g. ABCCED", text)
	}
	in.Word = ws[0]
	if len(in.Grid) < 1 || len(in.Grid) > MaxSide {
		return Instance{}, fmt.Errorf("word search: %d rows: want 1 to %d", len(in.Grid), MaxSide)
	}
	for i, r := range in.Grid {
		if len(r) != len(in.Grid[0]) {
			return Instance{}, fmt.Errorf("word search: row %d %q has %d letters, row 0 has %d: want rows of one length", i, r, len(r), len(in.Grid[0]))
		}
		if len(r) > MaxSide {
			return Instance{}, fmt.Errorf("word search: rows of %d letters: want 1 to %d", len(r), MaxSide)
		}
	}
	if len(in.Word) > MaxWord {
		return Instance{}, fmt.Errorf("word search: the word has %d letters: want 1 to %d", len(in.Word), MaxWord)
	}
	for _, s := range append(append([]string(nil), in.Grid...), in.Word) {
		for i := 0; i < len(s); i++ {
			if !isLetter(s[i]) {
				return Instance{}, fmt.Errorf("word search: %q: %q is not an English letter", s, s[i])
			}
		}
	}
	return in, nil
}

// WordSearch is one search: the grid, the word and the path so far.
type WordSearch struct {
	in      Instance
	rows    int
	cols    int
	path    []problem.Pos // the cell of each letter placed
	val     []int         // the value of the move that reached each cell, by index
	visited []bool
	def     *problem.Def
}

// New returns the search of in.
func New(in Instance) *WordSearch {
	n := in.Rows() * in.Cols()
	return &WordSearch{in: in, rows: in.Rows(), cols: in.Cols(), val: make([]int, n), visited: make([]bool, n)}
}

// Info describes the instance; its Def is bound to the grid.
func (p *WordSearch) Info() problem.Info {
	info := problem.Info{Def: Def, Problem: Def.Name, Size: p.rows * p.cols, Instance: p.in.String(),
		Order: OrderPath, Check: problem.CheckArrays, Rules: []problem.Rule{RuleEdge, RuleVisited, RuleLetter}}
	if p.def == nil {
		p.def = Def.Of(info)
	}
	info.Def = p.def
	return info
}

// Next returns the slot of the call at depth: the cell of letter depth-1
// ((0,0) at the root), or none once every letter is placed.
func (p *WordSearch) Next(depth int, _ problem.Pos) (problem.Pos, bool) {
	switch {
	case depth >= len(p.in.Word):
		return problem.NoPos, false
	case depth == 0:
		return problem.Pos{}, true
	}
	return p.path[depth-1], true
}

// LastScan reports that word search finds its slot without a scan.
func (p *WordSearch) LastScan() (problem.Scan, bool) { return problem.Scan{}, false }

// Candidates returns the start cells at the root, the four directions
// below.
func (p *WordSearch) Candidates(problem.Pos) (int, int) {
	if len(p.path) == 0 {
		return startBase, startBase + p.rows*p.cols - 1
	}
	return dirUp, dirLeft
}

// target returns the cell candidate v at slot steps to, and whether it is
// on the board.
func target(slot problem.Pos, v, rows, cols int) (problem.Pos, bool) {
	if v >= startBase {
		i := v - startBase
		return problem.Pos{Row: i / cols, Col: i % cols}, i < rows*cols
	}
	t := problem.Pos{Row: slot.Row + dirs[v].Row, Col: slot.Col + dirs[v].Col}
	return t, t.Row >= 0 && t.Row < rows && t.Col >= 0 && t.Col < cols
}

// Cell returns the cell v steps to; a step off the board is written at
// the cell it steps from.
func (p *WordSearch) Cell(slot problem.Pos, v int) problem.Pos {
	if t, ok := target(slot, v, p.rows, p.cols); ok {
		return t
	}
	return slot
}

// Check tests the step v from slot for letter len(path): on the board,
// not on the path, the word's letter.
func (p *WordSearch) Check(slot problem.Pos, v int, _ bool) problem.Verdict {
	t, ok := target(slot, v, p.rows, p.cols)
	if !ok {
		return problem.Verdict{Rule: RuleEdge, Witness: problem.NoPos, Cost: 1}
	}
	i := t.Row*p.cols + t.Col
	if p.visited[i] {
		return problem.Verdict{Rule: RuleVisited, Witness: t, Cost: 2}
	}
	if p.in.Grid[t.Row][t.Col] != p.in.Word[len(p.path)] {
		return problem.Verdict{Rule: RuleLetter, Witness: problem.NoPos, Cost: 3}
	}
	return problem.Verdict{Cost: 3}
}

// Place marks the cell v steps to as visited, letter len(path).
func (p *WordSearch) Place(slot problem.Pos, v int) {
	t := p.Cell(slot, v)
	i := t.Row*p.cols + t.Col
	p.path = append(p.path, t)
	p.visited[i], p.val[i] = true, v
}

// Undo takes the last letter back.
func (p *WordSearch) Undo(problem.Pos, int) {
	t := p.path[len(p.path)-1]
	p.path = p.path[:len(p.path)-1]
	p.visited[t.Row*p.cols+t.Col] = false
}

// Validate has nothing to check: the rules are checked at each try (the
// problem takes --when before only).
func (p *WordSearch) Validate() (problem.Verdict, problem.Pos, int) {
	return problem.Verdict{}, problem.NoPos, 0
}

// Rows returns the grid with the path: each cell on it shows its move's
// glyph (Glyph), the others '.'.
func (p *WordSearch) Rows() []string {
	out := make([]string, p.rows)
	for r := range out {
		b := make([]byte, p.cols)
		for c := range b {
			b[c] = '.'
			if i := r*p.cols + c; p.visited[i] {
				b[c] = Glyph(p.val[i])
			}
		}
		out[r] = string(b)
	}
	return out
}

// Glyph is the character a board writes a move with: its direction's
// letter, '*' for a start.
func Glyph(v int) byte {
	switch {
	case v >= startBase:
		return '*'
	case v >= 0:
		return dirLetters[v][0]
	}
	return '?'
}

// grid is the instance a Def is bound to: the default instance for the
// registered Def. An open grid (the registered Def's) reads a move on any
// cell of the largest grid, so that a move of any instance is known for a
// word search move before the instance is (a --focus path); its value is
// the default instance's, and the bound Def reads it again.
type grid struct {
	rows, cols int
	open       bool
}

// move writes a move: "start(1,3)" for a start cell, "D(2,3)" for a step
// down to (2,3) (a step off the board is written at the cell it leaves).
func move(cell problem.Pos, v int) string {
	if v >= startBase {
		return "start" + cell.String()
	}
	if v < 0 || v >= startBase {
		return "?" + cell.String()
	}
	return dirLetters[v] + cell.String()
}

// parseMove reads exactly what move writes, on a rows×cols grid.
func (g grid) parseMove(s string) (problem.Pos, int, error) {
	s = strings.TrimSpace(s)
	bad := fmt.Errorf("%q is not a word search move: want start(<row>,<col>) or U, R, D or L then (<row>,<col>), e.g. start(0,0) or D(1,0)", s)
	open := strings.IndexByte(s, '(')
	if open < 0 || !strings.HasSuffix(s, ")") {
		return problem.NoPos, 0, bad
	}
	head, body := s[:open], s[open+1:len(s)-1]
	rs, cs, ok := strings.Cut(body, ",")
	r, err1 := strconv.Atoi(rs)
	c, err2 := strconv.Atoi(cs)
	if !ok || err1 != nil || err2 != nil || strconv.Itoa(r) != rs || strconv.Itoa(c) != cs {
		return problem.NoPos, 0, bad
	}
	rows, cols := g.rows, g.cols
	if g.open {
		rows, cols = MaxSide, MaxSide
	}
	if r < 0 || r >= rows || c < 0 || c >= cols {
		return problem.NoPos, 0, fmt.Errorf("%q: (%d,%d) is off the %d×%d grid", s, r, c, g.rows, g.cols)
	}
	cell := problem.Pos{Row: r, Col: c}
	if head == "start" {
		return cell, startBase + r*g.cols + c, nil
	}
	for v, l := range dirLetters {
		if head == l {
			return cell, v, nil
		}
	}
	return problem.NoPos, 0, bad
}

// instanceOf reads the instance info describes: the default for none.
func instanceOf(info problem.Info) (Instance, bool) {
	text := info.Instance
	if text == "" {
		text = Default
	}
	in, err := Parse(text)
	return in, err == nil
}

// start returns the start board of in: its letters in the fixed layer.
func start(in Instance) *problem.Board {
	b := problem.NewBoard(in.Rows(), in.Cols(), Glyph)
	for r, row := range in.Grid {
		for c := 0; c < len(row); c++ {
			b.SetFixed(problem.Pos{Row: r, Col: c}, row[c:c+1])
		}
	}
	return b
}

// bind is Def.ForInstance: the Def whose moves, candidates, words and
// board are the instance's.
func bind(info problem.Info) *problem.Def {
	in, ok := instanceOf(info)
	if !ok {
		return nil
	}
	d := *Def
	g := grid{rows: in.Rows(), cols: in.Cols()}
	n := g.rows * g.cols
	d.Start = func(problem.Info) (*problem.Board, error) { return start(in), nil }
	d.ParseMove = func(s string, _ int) (problem.Pos, int, error) { return g.parseMove(s) }
	d.Values = func(int) (int, int) { return dirUp, startBase + n - 1 }
	d.Board.Cell = func(slot problem.Pos, v int) problem.Pos {
		if t, ok := target(slot, v, g.rows, g.cols); ok {
			return t
		}
		return slot
	}
	d.CallLoop = func(path []int) (int, int, bool) {
		switch {
		case len(path) >= len(in.Word):
			return 0, -1, true
		case len(path) == 0:
			return startBase, startBase + n - 1, false
		}
		return dirUp, dirLeft, false
	}
	d.Solution = func(rows []string) string { return pathLetters(in, rows) }
	d.Label = func(_ problem.Info, lang problem.Lang) string { return label(in, lang) }
	d.Words = wordsOf(in, g)
	d.Code.Full = fmt.Sprintf("k == %d", len(in.Word))
	return &d
}

// pathLetters writes a solution's rows (Rows) with the grid's letters on
// the path and '.' elsewhere: "ABC. ..C. .DE.".
func pathLetters(in Instance, rows []string) string {
	out := make([]string, len(rows))
	for r, row := range rows {
		b := []byte(row)
		for c := range b {
			if b[c] != '.' && r < in.Rows() && c < in.Cols() {
				b[c] = in.Grid[r][c]
			}
		}
		out[r] = string(b)
	}
	return strings.Join(out, " ")
}

func label(in Instance, lang problem.Lang) string {
	if lang == problem.LangZH {
		return fmt.Sprintf("%d×%d 网格，单词 %s", in.Rows(), in.Cols(), in.Word)
	}
	return fmt.Sprintf("%d×%d grid, word %s", in.Rows(), in.Cols(), in.Word)
}

// value writes a candidate: a direction's letter, or a start cell.
func (g grid) value(v int) string {
	if v >= startBase {
		i := v - startBase
		return problem.Pos{Row: i / g.cols, Col: i % g.cols}.String()
	}
	if v >= 0 && v < startBase {
		return dirLetters[v]
	}
	return strconv.Itoa(v)
}

// wordsOf are the notes' words for in.
func wordsOf(in Instance, g grid) problem.Words {
	w := problem.PlainWords(problem.Text{EN: "next cell", ZH: "下一格"}, problem.Text{EN: "the next direction", ZH: "下一个方向"})
	letter := func(at problem.Pos) string { return in.Grid[at.Row][at.Col : at.Col+1] }
	w.Value = g.value
	w.Last = func(int) int { return dirLeft }
	w.Thing = func(v int, at problem.Pos) problem.Text {
		return problem.Text{EN: fmt.Sprintf("the %s at %s", letter(at), at), ZH: fmt.Sprintf("%s 处的 %s", at, letter(at))}
	}
	w.Try = func(cell problem.Pos, v int) problem.Text {
		if v >= startBase {
			return problem.Text{EN: fmt.Sprintf("try starting at %s", cell), ZH: fmt.Sprintf("尝试从 %s 出发", cell)}
		}
		return problem.Text{EN: fmt.Sprintf("try a step %s (%s)", dirWords[v].EN, move(cell, v)), ZH: fmt.Sprintf("尝试向%s走一步（%s）", dirWords[v].ZH, move(cell, v))}
	}
	w.Decide = func(c problem.CallFacts) problem.Text {
		switch {
		case c.Slot == problem.NoPos:
			return problem.Text{EN: fmt.Sprintf("all %d letters of %s found → end condition (终止条件)", len(in.Word), in.Word), ZH: fmt.Sprintf("%s 的 %d 个字母都找到了 → 到达终止条件", in.Word, len(in.Word))}
		case c.Root:
			return problem.Text{EN: fmt.Sprintf("find letter 0 (%c): try every cell as the start", in.Word[0]), ZH: fmt.Sprintf("找第 0 个字母（%c）：每一格都试作起点", in.Word[0])}
		}
		return problem.Text{EN: fmt.Sprintf("find letter %d (%c) next to %s", c.Depth, in.Word[c.Depth], c.Slot), ZH: fmt.Sprintf("在 %s 旁边找第 %d 个字母（%c）", c.Slot, c.Depth, in.Word[c.Depth])}
	}
	w.Reject = func(when problem.When, e *problem.Event, rule problem.RuleWords) problem.Text {
		m := move(e.Cell, e.Value)
		switch rule.Rule {
		case RuleEdge:
			return problem.Text{EN: fmt.Sprintf("a step %s from %s leaves the board (越界) → prune", dirWords[max(e.Value, 0)%4].EN, e.Cell), ZH: fmt.Sprintf("从 %s 向%s走出了网格（越界）→ 剪枝", e.Cell, dirWords[max(e.Value, 0)%4].ZH)}
		case RuleVisited:
			return problem.Text{EN: fmt.Sprintf("%s: %s is already on the path (已访问) → prune", m, e.Cell), ZH: fmt.Sprintf("%s：%s 已在路径上（已访问）→ 剪枝", m, e.Cell)}
		}
		k := 0
		if e.Depth >= 0 {
			k = min(e.Depth, len(in.Word)-1)
		}
		return problem.Text{EN: fmt.Sprintf("%s: %s holds %s, not %c (字母不对) → prune", m, e.Cell, letter(e.Cell), in.Word[k]), ZH: fmt.Sprintf("%s：%s 是 %s，不是 %c（字母不对）→ 剪枝", m, e.Cell, letter(e.Cell), in.Word[k])}
	}
	w.RejectAll = nil
	w.Place = func(when problem.When, e *problem.Event, size int) problem.Text {
		return problem.Text{EN: fmt.Sprintf("%s holds %s: mark it visited (做出选择) and recurse", e.Cell, letter(e.Cell)), ZH: fmt.Sprintf("%s 是 %s：标记已访问（做出选择），递归", e.Cell, letter(e.Cell))}
	}
	w.Undo = func(e *problem.Event) problem.Text {
		return problem.Text{EN: fmt.Sprintf("unmark %s (撤销选择, 回溯)", e.Cell), ZH: fmt.Sprintf("撤销选择：取消 %s 的已访问标记（回溯）", e.Cell)}
	}
	w.Full = func(int) problem.Text {
		return problem.Text{EN: fmt.Sprintf("%s is on the grid", in.Word), ZH: fmt.Sprintf("网格中能找到 %s", in.Word)}
	}
	w.Exhausted = func(e *problem.Event, _ int, below problem.Text) problem.Text {
		return problem.Text{EN: fmt.Sprintf("no way on from %s", e.Cell), ZH: fmt.Sprintf("从 %s 走不下去了", e.Cell)}
	}
	return w
}

func init() {
	Def.ForInstance = bind // set here: it refers to Def
	problem.MustRegister(Def)
}

// Def describes word search to everything but the search loop. Its
// moves, candidates, words and board are those of the default instance
// until bound to one (ForInstance, through problem.InfoOf).
var Def = &problem.Def{
	Name:    "wordsearch",
	Aliases: []string{"word-search"},
	Title:   problem.Text{EN: "Word search", ZH: "单词搜索"},
	Rank:    6,
	Rules: []problem.RuleWords{
		{Rule: RuleEdge, Key: "edge", Name: problem.Text{EN: "off the board", ZH: "越界"}, Short: problem.Text{EN: "edge", ZH: "越界"}, Mark: problem.Text{EN: "edge", ZH: "越界"},
			Witness: problem.WitnessNone, Color: "#7a7a7a", Fill: "#eeeeee", Code: "if !inBoard(x, y) { continue }"},
		{Rule: RuleVisited, Key: "visited", Name: problem.Text{EN: "already on the path", ZH: "已访问"}, Short: problem.Text{EN: "visited", ZH: "已访问"}, Mark: problem.Text{EN: "seen", ZH: "已访"},
			Code: "if visited[x][y] { continue }"},
		{Rule: RuleLetter, Key: "letter", Name: problem.Text{EN: "wrong letter", ZH: "字母不对"}, Short: problem.Text{EN: "letter", ZH: "字母"}, Mark: problem.Text{EN: "abc", ZH: "字母"},
			Witness: problem.WitnessNone, Code: "if board[x][y] != word[k] { continue }"},
	},
	Orders: []problem.Order{OrderPath},
	Checks: []problem.Check{problem.CheckArrays},
	Whens:  []problem.When{problem.WhenBefore},
	Stop:   problem.StopFirst,
	Board:  problem.BoardSpec{Slot: problem.SlotFrom, Cell: cellOf},
	Puzzle: &problem.PuzzleSetting{Default: Default, Parse: func(s string) (any, error) { return Parse(s) }},
	New: func(s problem.Spec) (problem.Problem, error) {
		in, ok := s.Parsed.(Instance)
		if !ok {
			var err error
			if in, err = Parse(s.Puzzle); err != nil {
				return nil, err
			}
		}
		return New(in), nil
	},
	Shape: func(problem.Order) problem.Text {
		return problem.Text{EN: "a path: one letter per call, next to the last", ZH: "一条路径：每层一个字母，挨着上一个"}
	},
	Start: func(info problem.Info) (*problem.Board, error) {
		in, ok := instanceOf(info)
		if !ok {
			return nil, errors.New("wordsearch: cannot read the instance " + strconv.Quote(info.Instance))
		}
		return start(in), nil
	},
	Values: func(int) (int, int) { return dirUp, startBase + defaultGrid.rows*defaultGrid.cols - 1 },
	Move:   move,
	ParseMove: func(s string, _ int) (problem.Pos, int, error) {
		return grid{defaultGrid.rows, defaultGrid.cols, true}.parseMove(s)
	},
	MoveHint: problem.Text{EN: "word search moves are written start(<row>,<col>) or a direction U, R, D or L then the cell it steps to, e.g. D(2,3)", ZH: "单词搜索的一步写作 start(<行>,<列>)，或方向 U、R、D、L 加上走到的格子，如 D(2,3)"},
	Label:    func(info problem.Info, lang problem.Lang) string { return info.Instance },
	Solution: func(rows []string) string { return strings.Join(rows, " ") },
	Code: problem.CodeParts{
		Signature: "func dfs(k, i, j int) bool {",
		Slot:      func(problem.Order) string { return "" },
		Full:      "k == len(word)",
		Loop:      func(int) string { return "for _, d := range dirs { // k=0: every cell" },
		Args:      "x, y",
		Recurse:   "dfs(k+1, x, y)",
		Value:     "d",
	},
	Words: wordsOf(mustParse(Default), defaultGrid),
}

var defaultGrid = grid{rows: 3, cols: 4}

func mustParse(s string) Instance {
	in, err := Parse(s)
	if err != nil {
		panic(err)
	}
	return in
}

// cellOf is BoardSpec.Cell for readers without the instance: a start's
// cell needs the grid's width, which the bound Def's CallLoop and moves
// know; here the default grid's.
func cellOf(slot problem.Pos, v int) problem.Pos {
	if t, ok := target(slot, v, defaultGrid.rows, defaultGrid.cols); ok {
		return t
	}
	return slot
}
