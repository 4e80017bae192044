package render

import (
	"fmt"
	"math"
	"slices"
	"strconv"
	"strings"

	"github.com/backtrack-edu/backtrack/render/internal/fontmetrics"
	"github.com/backtrack-edu/backtrack/tracer"
	"github.com/backtrack-edu/backtrack/tracer/words"
)

// The diagram of a search tree, planned: the trimmed tree's boxes
// labelled and measured, laid out, and its legend made and measured, in
// no output format's terms. The way through render is one way, as
// pprof's goes graph → report → dot:
//
//	tree → trim (trim.go) → label and measure (diagram.go) → lay out
//	(layout.go) and fit (fit.go) → encode (dot.go: DOT; scene.go: the
//	player's Scene)
//
// The encoders read a diagram; the diagram, the trim and the fit never
// call an encoder. Sizes come from a textMeasure (the widths Graphviz
// will draw text at), not from the encoded labels.

// Legend is what the diagram's legend says about the run. The caller fills
// it from a live run (tracer.Summarize) or from a saved log's header and
// summary.
type Legend struct {
	Summary tracer.Summary
	Lang    tracer.Lang // LangEN or LangZH; anything else is English
}

// Colours and pen widths that carry meaning.
const (
	dotColorLine      = "#444444"
	dotColorSolution  = "#b8e6a8" // fill of a solution
	dotColorWrong     = "#f9c784" // fill of a call that returned true over an unsolved board (--drop return-false)
	dotColorDeadFill  = "#ececec"
	dotColorDeadLine  = "#9a9a9a"
	dotColorDeadFont  = "#555555"
	dotColorOpen      = "#fff2a8" // fill of an open call
	dotColorCut       = "#e67e22"
	dotColorPrunedBg  = "#fde4e1"
	dotColorPruned    = "#c0392b"
	dotColorLeafBg    = "#efe3f5" // a failed whole-board check (--when leaf): it prunes nothing
	dotColorLeaf      = "#7d3c98"
	dotColorElided    = "#8a8a8a"
	dotColorElidedTxt = "#555555"
	dotColorEdge      = "#777777"
	dotColorFold      = "#eaf0f8" // fill of a folded chain of calls
	dotColorFoldLine  = "#5b6f8a"
	dotColorPathEdge  = "#222222"
	dotColorMoveBg    = "#ffe066" // board: the node's own move
	dotColorClashBg   = "#f5b7b1" // board: the rejected square and the cell it clashes with
	dotColorPlaced    = "#1a56b0" // board: digits placed on the path
	dotColorDark      = "#d0d0d0" // board: dark squares, shaded boxes
	dotPenPath        = "2.5"
	dotPenActive      = "3.5"
)

// Fonts and node margins, shared with the size estimates.
const (
	dotFontName      = fontmetrics.Family
	dotFontCall      = 10.0
	dotFontLeaf      = 9.0
	dotFontBoard     = 9.0
	dotMarginX       = 0.06 * 72 // points; written as inches
	dotMarginY       = 0.03 * 72
	dotMinW          = 0.3 * 72
	dotMinH          = 0.25 * 72
	dotPieceCell     = 11.0 // a square of a board of pieces (N-Queens)
	dotValueCell     = 13.0 // a cell of a board of values (Sudoku, Permutations)
	dotMaxBoardCells = 64   // the biggest board drawn whole: 8×8 (N-Queens up to 8, 4×4 Sudoku, a row of up to 64 numbers)
	dotPathMoves     = 4    // moves listed for a bigger board (9×9 or 16×16 Sudoku, N-Queens past 8)
)

// dotBoardKind is what --boards draws for one problem.
type dotBoardKind uint8

const (
	dotBoardNone  dotBoardKind = iota
	dotBoardGrid               // the whole board (up to dotMaxBoardCells cells)
	dotBoardMoves              // the last moves on the path (bigger boards)
)

// diagram writes one diagram.
type diagram struct {
	tr      *Trimmed
	t       *tracer.Tree
	sum     *tracer.Summary
	opt     DiagramOptions
	def     *tracer.Def
	zh      bool
	leaf    bool // --when leaf: every reject is a failed check of the full board, not a pruned try
	after   bool // --when after: every rejected candidate was placed, checked and undone
	cells   bool // --order cells: calls with no move pass over a given or a row's end
	boards  dotBoardKind
	look    boardLook     // with boards: how the board is drawn
	work    *tracer.Board // with boards: the start board, the path replayed onto it for one node at a time
	start   *tracer.Board // the start board for witnesses, once asked for (see startBoard)
	started bool

	arena []byte // the text labels' lines, one label after the other, lines joined by '\n'
	off   []int  // item i's text label is arena[off[i]:off[i+1]]
	// board[i] says item i is drawn with a board (--boards): its lines
	// are rows[rowOff[i]:rowOff[i+1]], the board (when boards is
	// dotBoardGrid) under the first of them.
	board   []bool
	rows    []boxRow
	rowOff  []int
	measure textMeasure // the width of a line of text, as the output draws it
	w, h    []float64   // per item, points: the size of its box, whole points
	lay     *treeLayout
	scratch []int

	legend     legendPlan // the legend (no lines: none)
	legW, legH float64    // its estimated size, points
	// legendLines is how many lines of text the legend has;
	// minLegendLines the fewest it may have (blank lines make up the
	// rest): a step's legend is as high as the whole run's.
	legendLines, minLegendLines int
	// legMemo, while not nil, keeps the legends made for one report at
	// one minLegendLines (set by fitAt, which places one trimming in
	// many layouts): the rows and key, and the legend for each wrapping
	// width.
	legMemo *legendMemo
}

// legendMemo is what makeLegend made for one report: the rows, the key,
// where the caption goes, and the legends made from them, one per width.
type legendMemo struct {
	made      bool
	rows      []legendRow
	chips     []keyChip
	captionAt int
	byWidth   []legendMade
}

// legendMade is one legend makeLegend made, for the width wrapW.
type legendMade struct {
	wrapW       float64
	legend      legendPlan
	legW, legH  float64
	legendLines int
}

func newDiagram(tr *Trimmed, leg Legend, opt DiagramOptions) (*diagram, error) {
	def := sumDef(&leg.Summary)
	d := &diagram{tr: tr, t: tr.Tree, sum: &leg.Summary, opt: opt, def: def, zh: leg.Lang == tracer.LangZH, measure: planMeasure,
		leaf:  leg.Summary.Strategy.When == tracer.WhenLeaf,
		after: leg.Summary.Strategy.When == tracer.WhenAfter,
		cells: def.OrderTraits(leg.Summary.Strategy.Order).Passes && leg.Summary.Size > 0}
	if !opt.Boards {
		return d, nil
	}
	lk, err := lookOf(d.def, runInfo(d.def, d.sum))
	if err != nil {
		return nil, fmt.Errorf("dot: boards: the legend's instance %q of %s: %w", dotOneLine(d.sum.Instance), d.def.Name, err)
	}
	d.look, d.work = lk, lk.start.Clone()
	d.start, d.started = lk.start, true
	d.boards = dotBoardMoves
	if lk.start.Rows*lk.start.Cols <= dotMaxBoardCells {
		d.boards = dotBoardGrid
	}
	return d, nil
}

// startBoard returns the run's start board (a puzzle's givens), or nil if
// the legend's instance gives none.
func (d *diagram) startBoard() *tracer.Board {
	if !d.started {
		d.started = true
		if b, err := d.def.Start(runInfo(d.def, d.sum)); err == nil {
			d.start = b
		}
	}
	return d.start
}

func (d *diagram) lang() tracer.Lang {
	if d.zh {
		return tracer.LangZH
	}
	return tracer.LangEN
}

// failColor is the colour of a rejected leaf: red for a pruned try, purple
// for a failed whole-board check (--when leaf).
func (d *diagram) failColor() string {
	if d.leaf {
		return dotColorLeaf
	}
	return dotColorPruned
}

// failCount counts rejected leaves in the run's words: "3 pruned tries" /
// "3 次剪枝", or under --when leaf "3 failed whole-board checks" / "3 个满棋盘校验失败".
func (d *diagram) failCount(lang tracer.Lang, n int) string {
	if d.leaf {
		return words.Count(lang, n, tracer.LeafFailWords.Count)
	}
	return words.Count(lang, n, words.DiagramPrunedTry)
}

// failGroup heads a group of rejected leaves: "✗ 7 pruned" / "✗ 剪枝 7 个",
// under --when after "✗ 7 placed, undone" / "✗ 先放后查、撤销 7 个", or
// "✗ 7 failed whole-board checks" / "✗ 7 个满棋盘校验失败".
func (d *diagram) failGroup(n int) string {
	switch {
	case d.leaf:
		return "✗ " + d.failCount(d.lang(), n)
	case d.after:
		return fmt.Sprintf(words.DiagramPlacedUndone.In(d.lang()), n)
	}
	return fmt.Sprintf(words.DiagramPruned.In(d.lang()), n)
}

// afterWords is the line a rejected leaf carries under --when after: the
// candidate was written to the board, checked there, and taken back.
func (d *diagram) afterWords() string {
	return words.DiagramPlacedCheckedUndone.In(d.lang())
}

// move is the label of tree node i's move.
func (d *diagram) move(i int32) string {
	n := d.t.Node(i)
	if n.Parent < 0 && n.Kind == tracer.NodeCall {
		return d.rootName()
	}
	if isPass(n) {
		return d.passLabel(n)
	}
	label := d.def.MoveLabel(n.Cell(), int(n.Value))
	if n.Kind == tracer.NodeCall && d.def.CallMark != nil {
		if t, ok := d.def.CallMark(d.pathOf(i)); ok {
			label += " " + t.In(d.lang()) // an allowed repeat along the branch: "1 树枝"
		}
	}
	return label
}

// pathOf returns the values of the moves from the root down to node i (i's
// own move last; a pruned leaf's candidate last).
func (d *diagram) pathOf(i int32) []int {
	var path []int
	for a := i; a >= 0 && d.t.Parent(a) >= 0; a = d.t.Parent(a) {
		path = append(path, int(d.t.Node(a).Value))
	}
	slices.Reverse(path)
	return path
}

// leafNote is the Def's second line of pruned leaf i from its path
// (tracer.Def.LeafNote), if it has one.
func (d *diagram) leafNote(i int32) (string, bool) {
	if d.def.LeafNote == nil {
		return "", false
	}
	t, ok := d.def.LeafNote(d.t.Node(i).Rule, d.pathOf(i))
	return t.In(d.lang()), ok
}

// isPass reports whether n is a call made with no move: under --order
// cells, the call a given or a row's end passes on to ("return
// helper(row, col+1)").
func isPass(n tracer.Node) bool {
	return n.Kind == tracer.NodeCall && n.Parent >= 0 && n.Value < 0
}

// passLabel names what the parent of pass call n stepped over: "skip given
// (0,0)=5" / "跳过预设数字 (0,0)=5", or "end of row 0: next row" / "第 0 行到头，
// 换下一行" ("board full" after the last row: n is the end condition).
// With order cells the call at depth k stands at position k of the reading
// order in which every row has one more position, its end (column Size):
// the parent, at depth k-1, passed over position k-1.
func (d *diagram) passLabel(n tracer.Node) string {
	if !d.cells || n.Depth < 1 {
		return words.DiagramPass.In(d.lang())
	}
	k, size := int(n.Depth)-1, d.sum.Size
	at := tracer.Pos{Row: k / (size + 1), Col: k % (size + 1)}
	switch {
	case at.Col == size && at.Row == size-1:
		return fmt.Sprintf(words.DiagramEndRowBoardFull.In(d.lang()), at.Row)
	case at.Col == size:
		return fmt.Sprintf(words.DiagramEndRowNextRow.In(d.lang()), at.Row)
	}
	if b := d.startBoard(); b != nil {
		if v, ok := b.At(at); ok && b.Given(at) {
			return words.DiagramSkipGiven.In(d.lang()) + d.def.MoveLabel(at, v)
		}
	}
	return fmt.Sprintf(words.DiagramSkip.In(d.lang()), at.Row, at.Col)
}

// witness is the label of what pruned leaf i clashes with: the move that
// put the queen or the digit standing there ("r0=c1", "(0,1)=3").
func (d *diagram) witness(i int32) string {
	n := d.t.Node(i)
	if n.WRow < 0 {
		return ""
	}
	return d.def.MoveLabel(n.Witness(), witnessValue(d.t, i, d.startBoard()))
}

// rootName names the root: the problem and its instance, briefly
// ("permutations n=3", "sudoku 9×9, 51 blanks"; "全排列 n=3"). English
// names the problem by its Def's Name, the command-line word the step log
// uses too; Chinese by its title.
func (d *diagram) rootName() string {
	name := d.def.Name
	if d.zh {
		name = d.def.Title.ZH
	}
	return name + " " + runLabel(d.def, d.sum, d.lang())
}

// labelAll makes every item's label and estimates its size.
func (d *diagram) labelAll() {
	items := d.tr.Items
	n := len(items)
	d.arena = make([]byte, 0, n*24)
	d.off = make([]int, n+1)
	d.board = make([]bool, n)
	d.w = make([]float64, n)
	d.h = make([]float64, n)
	if d.boards != dotBoardNone {
		d.rows = make([]boxRow, 0, n*2)
		d.rowOff = make([]int, n+1)
	}
	for i := range items {
		d.off[i] = len(d.arena)
		if d.rowOff != nil {
			d.rowOff[i] = len(d.rows)
		}
		it := &items[i]
		switch {
		case d.boards != dotBoardNone && (it.Kind == ItemCall || it.Kind == ItemPruned):
			d.boardLabel(i)
		case it.Kind == ItemCall:
			d.setText(i, dotFontCall, d.move(it.Node))
		case it.Kind == ItemPruned:
			// The move, then the rule and what it clashes with, in two
			// short lines: "✗ r1=c1" over "↖ diagonal: r0=c0".
			n := d.t.Node(it.Node)
			rw := d.def.RuleWordsOf(n.Rule)
			why := rw.Short.In(d.lang())
			if wt := d.witness(it.Node); wt != "" {
				why += words.NoteColon.In(d.lang()) + wt
				if rw.With.EN != "" {
					// The rule's own word for its witness: 树层去重 is no
					// clash ("same as before: 1" / "同层已试：1").
					why = rw.With.In(d.lang()) + " " + wt
				}
			}
			if t, ok := d.leafNote(it.Node); ok {
				why = t // from the path: "over by 2" / "超出 2"
			}
			first := "✗ " + d.move(it.Node)
			if rw.Color != "" && rw.Mark.EN != "" {
				first += " " + rw.Mark.In(d.lang()) // a rule of its own look: "✗ 1 层"
			}
			lines := []string{first, why}
			switch {
			case d.leaf:
				// The full board failed its check at this cell: say so
				// first, then where and why.
				lines = []string{"✗ " + tracer.LeafFailWords.Name.In(d.lang()), d.move(it.Node) + words.NoteColon.In(d.lang()) + d.def.RuleName(n.Rule, d.lang())}
				if wt := d.witness(it.Node); wt != "" {
					lines = append(lines, words.DiagramClash.In(d.lang())+wt)
				}
			case d.after:
				// The digit stood on the board while it was checked.
				lines = []string{lines[0], d.afterWords(), why}
			}
			d.setText(i, dotFontLeaf, lines...)
		default:
			// An aggregate: its box is sized by what it holds at the end,
			// so that the layout is one for every step drawn, and labelled
			// with what it holds at the step drawn.
			if d.tr.AtStep > 0 {
				visible := d.tr.Visible
				d.tr.Visible = d.t.Len() // the end's label, for its size
				d.setText(i, dotFontLeaf, d.aggLines(it, &d.tr.AggsEnd[it.Agg])...)
				d.tr.Visible = visible
				d.arena = d.arena[:d.off[i]]
				w, h := d.w[i], d.h[i]
				d.setText(i, dotFontLeaf, d.aggLines(it, &d.tr.Aggs[it.Agg])...)
				d.w[i], d.h[i] = w, h
				continue
			}
			d.setText(i, dotFontLeaf, d.aggLines(it, &d.tr.Aggs[it.Agg])...)
		}
	}
	d.off[n] = len(d.arena)
	if d.rowOff != nil {
		d.rowOff[n] = len(d.rows)
	}
}

// aggLines is the label of a group, an elided or a folded node holding a.
func (d *diagram) aggLines(it *Item, a *Aggregate) []string {
	switch it.Kind {
	case ItemGroup:
		return []string{d.failGroup(a.Leaves), strings.Join(d.byRule(&a.ByRule, true), words.Comma.In(d.lang()))}
	case ItemFold:
		return d.foldLines(it, a)
	}
	return d.elidedLines(it, a)
}

// foldLines is the label of a folded chain of calls: how many calls it
// holds, its first and last moves, and its pruned leaves.
func (d *diagram) foldLines(it *Item, a *Aggregate) []string {
	lines := []string{fmt.Sprintf(words.DiagramCallsEachWithOneChild.In(d.lang()), a.Calls)}
	if d.tr.AggsEnd[it.Agg].Subtrees > 0 { // the same words at every step
		lines[0] = fmt.Sprintf(words.DiagramCallsOneChildEachDrawn.In(d.lang()), a.Calls)
	}
	// The moves of the chain's calls that made one (a pass call makes none).
	first, last := int32(-1), int32(-1)
	for v := it.Tail; ; v = d.t.Parent(v) {
		if v < int32(d.tr.Visible) && !isPass(d.t.Node(v)) {
			if last < 0 {
				last = v
			}
			first = v
		}
		if v == it.Node {
			break
		}
	}
	switch {
	case first < 0:
	case first == last:
		lines = append(lines, d.move(first))
	default:
		lines = append(lines, d.move(first)+" … "+d.move(last))
	}
	if a.Leaves > 0 {
		lines = append(lines, d.failGroup(a.Leaves))
	}
	if a.Subtrees > 0 {
		s := fmt.Sprintf(words.DiagramElided.In(d.lang()), words.Count(d.lang(), a.Subtrees, words.DiagramOtherSubtree),
			words.Count(d.lang(), a.Nodes-a.Calls-a.Leaves, words.DiagramBox))
		lines = append(lines, s)
		if a.Solutions > 0 {
			lines = append(lines, words.Count(d.lang(), a.Solutions, words.Solutions))
		}
	}
	return lines
}

// labelOf returns item i's label: DOT text, or HTML without the <>.
func (d *diagram) labelOf(i int) []byte { return d.arena[d.off[i]:d.off[i+1]] }

// byRule lists the non-zero counts by rule in the problem's order, as
// counts (tracer.RuleCount), with the rules' names ("column ×3",
// "upper-right diagonal ↗ ×2") or, short, their short names
// (RuleWords.Short: "↗ diagonal ×2").
func (d *diagram) byRule(c *[tracer.NumRules]int, short bool) []string {
	var out []string
	for _, r := range d.rules() {
		if c[r] == 0 {
			continue
		}
		name := d.def.RuleName(r, d.lang())
		if short {
			name = d.def.RuleWordsOf(r).Short.In(d.lang())
		}
		out = append(out, tracer.RuleCount(name, int64(c[r]), d.lang()))
	}
	return out
}

// rules returns the problem's rules in checking order, then any other.
func (d *diagram) rules() []tracer.Rule {
	rs := append([]tracer.Rule(nil), d.sum.Rules...)
	for r := tracer.Rule(1); r < tracer.NumRules; r++ {
		found := false
		for _, q := range rs {
			found = found || q == r
		}
		if !found {
			rs = append(rs, r)
		}
	}
	return rs
}

// elidedLines says what an elided node holds in the class's words: one
// dead end by its move ("↩ (6,2)=4: dead end" over "6 calls, ✗ 56
// pruned"), several by their number and calls ("… 2 dead ends: 104
// calls" / "… 回溯 2 次：104 次调用"), and what holds solutions or came
// after the focus by when ("… later: 1829 calls, 88 solutions" / "… 之后：
// 1829 次调用，88 个解"), then the pruned tries among them.
func (d *diagram) elidedLines(it *Item, a *Aggregate) []string {
	calls := words.Count(d.lang(), a.SubCalls, words.DiagramCall)
	pruned := a.Nodes - a.SubCalls
	sep := words.Comma.In(d.lang())
	if deadAgg(a) && a.Subtrees == 1 && !a.Later {
		// The one call of the run, by its move.
		c := it.Lo
		for c < it.Hi && d.t.Kind(c) != tracer.NodeCall {
			c++
		}
		second := calls
		if pruned > 0 {
			second += sep + d.failGroup(pruned)
		}
		return []string{"↩ " + d.move(c) + words.DiagramDeadEnd.In(d.lang()), second}
	}
	// In a picture of a step (a frame, --at-step), a subtree that is not
	// running has been searched by then: "done", not "later".
	later := words.DiagramLater.In(d.lang())
	if d.tr.AtStep > 0 {
		later = words.DiagramDone.In(d.lang())
	}
	var head string
	switch {
	case a.Open:
		head = words.DiagramRunning.In(d.lang()) + calls
	case a.Solutions > 0:
		head = calls + sep + words.Count(d.lang(), a.Solutions, words.Solutions)
		if a.Later {
			head = later + head
		} else {
			head = words.DiagramEarlier.In(d.lang()) + head
		}
	case a.Later:
		head = later + calls + words.DiagramNoSolution.In(d.lang())
	case a.Subtrees > 1:
		head = fmt.Sprintf(words.DiagramDeadEnds.In(d.lang()), a.Subtrees, calls)
	default:
		head = words.DiagramDeadEnd2.In(d.lang()) + calls
	}
	lines := []string{"… " + head}
	if pruned > 0 {
		lines = append(lines, d.failGroup(pruned))
	}
	return lines
}

// deadAgg reports whether an elided node holds only dead ends: subtrees
// that returned with no solution at the step drawn.
func deadAgg(a *Aggregate) bool { return a.Subtrees > 0 && a.Solutions == 0 && !a.Open }

// setText gives item i a plain text label and its size.
func (d *diagram) setText(i int, font float64, lines ...string) {
	w := 0.0
	for k, l := range lines {
		if k > 0 {
			d.arena = append(d.arena, '\n')
		}
		d.arena = append(d.arena, l...)
		w = max(w, d.measure.TextWidth(l, font, false))
	}
	d.w[i] = math.Ceil(max(w+2*dotMarginX, dotMinW))
	d.h[i] = math.Ceil(max(float64(len(lines))*font*1.2+2+2*dotMarginY, dotMinH))
}

// boxRow is one line of text in a box with a board.
type boxRow struct {
	text  string
	size  float64
	color string
	bold  bool
	bg    string
}

// boardLabel gives item i (a call or a pruned leaf) a label with a board
// (up to dotMaxBoardCells cells: N-Queens up to 8×8, 4×4 Sudoku, a row of
// numbers), or, for bigger boards, with the last moves on its path: its
// lines of text (the board goes under the first when boards is
// dotBoardGrid) and its size.
func (d *diagram) boardLabel(i int) {
	it := &d.tr.Items[i]
	n := d.t.Node(it.Node)
	pruned := n.Kind == tracer.NodePruned
	own := boxRow{text: d.move(it.Node), size: dotFontCall}
	var bottom []boxRow
	if pruned {
		fail := d.failColor()
		own = boxRow{text: "✗ " + d.move(it.Node), size: dotFontCall, color: fail, bold: true}
		rule := d.def.RuleName(n.Rule, d.lang())
		if d.leaf {
			own.text = "✗ " + tracer.LeafFailWords.Name.In(d.lang())
			rule = d.move(it.Node) + words.NoteColon.In(d.lang()) + rule
		}
		if d.after {
			bottom = append(bottom, boxRow{text: d.afterWords(), size: dotFontBoard, color: fail})
		}
		bottom = append(bottom, boxRow{text: rule, size: dotFontBoard, color: fail})
		if wt := d.witness(it.Node); wt != "" {
			bottom = append(bottom, boxRow{text: words.DiagramClash.In(d.lang()) + wt, size: dotFontBoard, color: fail})
		}
	}
	width, height := 0.0, 1.0
	add := func(r boxRow) {
		d.rows = append(d.rows, r)
		width = max(width, d.measure.TextWidth(r.text, r.size, r.bold))
		height += r.size*1.2 + 2 + 1
	}
	if d.boards == dotBoardGrid {
		add(own)
		bw, bh := d.gridSize()
		width = max(width, bw)
		height += bh + 1
	} else {
		for _, r := range d.pathRows(it.Node) {
			add(r)
		}
		if it.Parent >= 0 && !pruned && !isPass(n) {
			own.bg, own.bold = dotColorMoveBg, true
		}
		add(own)
	}
	for _, r := range bottom {
		add(r)
	}
	d.board[i] = true
	d.w[i] = math.Ceil(max(width+2+2*dotMarginX, dotMinW))
	d.h[i] = math.Ceil(max(height+2*dotMarginY, dotMinH))
}

// boxRowsOf returns the lines of text of item i, drawn with a board.
func (d *diagram) boxRowsOf(i int) []boxRow { return d.rows[d.rowOff[i]:d.rowOff[i+1]] }

// pathRows lists the moves made before node v's own, oldest first: the
// last pathMoves-1 of them, after a line counting the earlier ones.
func (d *diagram) pathRows(v int32) []boxRow {
	var path []int32 // v's ancestors, bottom up, the root and calls with no move (isPass) left out
	for i := d.t.Parent(v); i >= 0 && d.t.Parent(i) >= 0; i = d.t.Parent(i) {
		if !isPass(d.t.Node(i)) {
			path = append(path, i)
		}
	}
	var rows []boxRow
	shown := min(len(path), dotPathMoves-1)
	if len(path) > shown {
		rows = append(rows, boxRow{text: "⋮ " + words.Count(d.lang(), len(path)-shown, words.DiagramMoveBefore), size: dotFontBoard, color: dotColorDeadFont})
	}
	for k := shown - 1; k >= 0; k-- {
		rows = append(rows, boxRow{text: d.move(path[k]), size: dotFontBoard, color: dotColorPlaced})
	}
	return rows
}

// gridCell returns the size of a square of the board, points.
func (d *diagram) gridCell() float64 {
	if d.look.pieces {
		return dotPieceCell
	}
	return dotValueCell
}

// gridSize returns the size of a drawn board, points.
func (d *diagram) gridSize() (float64, float64) {
	cell := d.gridCell()
	return float64(d.work.Cols)*cell + 2, float64(d.work.Rows)*cell + 2
}

// boardCell is one square of the board drawn at a node: its background
// ("": none) and what stands on it ("": nothing), in its colour, bold or
// not: a pruned leaf's rejected candidate (a ✗ on a board of pieces), a
// piece, a given value or a value placed on the path.
type boardCell struct {
	bg, text, color string
	bold            bool
}

// eachCell replays the moves on the path to tree node v onto the start
// board (a puzzle's givens) and calls yield for every square, row by row:
// a board of pieces (N-Queens) is chequered; a board of values shaded by
// its boxes if it has any. The node's own move is highlighted; a pruned
// leaf shows its candidate and the cell it clashes with.
func (d *diagram) eachCell(v int32, yield func(p tracer.Pos, c boardCell)) {
	bd, lk := d.work, &d.look
	node := d.t.Node(v)
	start := v
	if node.Kind == tracer.NodePruned {
		start = node.Parent
	}
	// Replay the path onto the start board; undo it when drawn.
	placed := d.scratch[:0]
	for i := start; i >= 0 && d.t.Parent(i) >= 0; i = d.t.Parent(i) {
		m := d.t.Node(i)
		bd.Place(m.Cell(), int(m.Value))
		placed = append(placed, int(i))
	}
	d.scratch = placed
	defer func() {
		for _, i := range placed {
			bd.Undo(d.t.Node(int32(i)).Cell())
		}
	}()
	own, clash := tracer.NoPos, tracer.NoPos
	if node.Parent >= 0 && node.Row >= 0 && node.Col >= 0 {
		own = node.Cell()
	}
	if node.Kind == tracer.NodePruned && node.WRow >= 0 && node.WCol >= 0 {
		clash = node.Witness()
	}
	for r := 0; r < bd.Rows; r++ {
		for c := 0; c < bd.Cols; c++ {
			p := tracer.Pos{Row: r, Col: c}
			var cell boardCell
			if lk.pieces && (r+c)%2 == 1 || lk.box > 0 && (r/lk.box+c/lk.box)%2 == 1 {
				cell.bg = dotColorDark
			}
			rejected := p == own && node.Kind == tracer.NodePruned
			switch {
			case rejected, p == clash:
				cell.bg = dotColorClashBg
			case p == own:
				cell.bg = dotColorMoveBg
			}
			v, ok := bd.At(p)
			if f := bd.Fixed(p); f != "" {
				// The fixed layer (a word search's letter) is the cell's
				// text; a move on it colours it as a value placed.
				switch {
				case rejected:
					cell.text, cell.color, cell.bold = f, d.failColor(), true
				case ok:
					cell.text, cell.color, cell.bold = f, dotColorPlaced, true
				default:
					cell.text, cell.color = f, "black"
				}
				yield(p, cell)
				continue
			}
			switch {
			case rejected && lk.pieces:
				cell.text, cell.color = "✗", d.failColor()
			case rejected:
				cell.text, cell.color, cell.bold = valueText(d.def, int(node.Value)), d.failColor(), true
			case !ok:
			case lk.pieces:
				cell.text, cell.color = lk.piece, "black"
			case !bd.Given(p):
				cell.text, cell.color, cell.bold = valueText(d.def, v), dotColorPlaced, true
			default:
				cell.text, cell.color = valueText(d.def, v), "black"
			}
			yield(p, cell)
		}
	}
}

// id writes item i's node id.
func (d *diagram) id(b []byte, i int32) []byte {
	it := &d.tr.Items[i]
	switch it.Kind {
	case ItemPruned:
		return strconv.AppendInt(append(b, 's'), d.t.Step(it.Node), 10)
	case ItemGroup:
		return strconv.AppendInt(append(b, 'g'), d.t.Step(it.Lo), 10)
	case ItemElided:
		return strconv.AppendInt(append(b, 'e'), d.t.Step(it.Lo), 10)
	case ItemFold:
		return strconv.AppendInt(append(b, 'f'), int64(d.t.Call(it.Node)), 10)
	}
	return strconv.AppendInt(b, int64(d.t.Call(it.Node)), 10)
}

// trimParts says what trimming kept and left out, one part each.
func (d *diagram) trimParts(rep TrimReport, lang tracer.Lang) []string {
	// A box is a call or a pruned try (a failed whole-board check under
	// --when leaf): what the whole tree would draw.
	boxes := fmt.Sprintf(words.DiagramBoxes.In(lang), words.Count(lang, rep.Total, words.DiagramBox),
		words.Count(lang, rep.TotalCalls, words.DiagramCall), d.failCount(lang, rep.TotalPruned))
	var parts []string
	switch {
	case rep.AllShown():
		parts = append(parts, words.DiagramShowingAll.In(lang)+boxes)
	default:
		parts = append(parts, fmt.Sprintf(words.DiagramShowingOf.In(lang), boxes, rep.Shown))
	}
	if rep.CollapsedGroups > 0 {
		leaves, into := words.Count(lang, rep.CollapsedLeaves, words.DiagramPrunedLeaf), words.DiagramCollapsedInto
		if d.leaf {
			leaves, into = d.failCount(lang, rep.CollapsedLeaves), words.DiagramCollapsedIntoLeaf
		}
		parts = append(parts, fmt.Sprintf(into.In(lang),
			leaves, words.Count(lang, rep.CollapsedGroups, words.DiagramGroup)))
	}
	if rep.FoldedChains > 0 {
		parts = append(parts, fmt.Sprintf(words.DiagramFoldedInto.In(lang),
			words.Count(lang, rep.FoldedCalls, words.DiagramCall), words.Count(lang, rep.FoldedChains, words.DiagramChain)))
	}
	if rep.SolutionsKept < rep.Solutions {
		parts = append(parts, fmt.Sprintf(words.DiagramDrawn.In(lang), rep.SolutionsKept,
			words.Count(lang, rep.Solutions, words.DiagramSolutionsDrawn)))
	}
	if rep.ElidedMarks > 0 {
		s := fmt.Sprintf(words.DiagramElided2.In(lang), words.Count(lang, rep.ElidedSubtrees, words.DiagramSubtree),
			words.Count(lang, rep.ElidedNodes, words.DiagramBox))
		if rep.ElidedSolutions > 0 {
			s += words.DiagramWithSolutions.In(lang) + words.Count(lang, rep.ElidedSolutions, words.Solutions)
		}
		parts = append(parts, s+words.NoteCloseParen.In(lang))
	}
	if len(rep.Focus) > 0 {
		parts = append(parts, words.DiagramFocus.In(lang)+strings.Join(rep.Focus, FocusSeparator))
	}
	if rep.Depth > 0 {
		parts = append(parts, fmt.Sprintf(words.DiagramDepth.In(lang), rep.Depth))
	}
	if rep.OverBudget > 0 && rep.Picture.Fit.W == 0 { // a budget the fit chose is not the reader's
		parts = append(parts, fmt.Sprintf(words.DiagramSolutionPathsDrawnPastBudget.In(lang), rep.Budget))
	}
	return parts
}

// statusLine explains how the search ended, or, at a step before the
// end, that it was still going.
func (d *diagram) statusLine() string {
	s := d.sum
	if k := d.tr.AtStep; k > 0 && k < d.t.Steps {
		return fmt.Sprintf(words.DiagramAfterStepStillSearching.In(d.lang()), k, d.t.Steps)
	}
	sols := words.Count(d.lang(), s.Stats.Solutions, words.Solutions)
	switch s.Status {
	case tracer.StatusSolved:
		return words.DiagramSolvedStoppedFirstSolution.In(d.lang())
	case tracer.StatusComplete:
		return words.DiagramCompleteSearchedWholeTree.In(d.lang()) + sols
	case tracer.StatusLost:
		return fmt.Sprintf(words.DiagramLostFoundButWithNo.In(d.lang()), sols)
	case tracer.StatusWrong:
		return words.DiagramWrong.In(d.lang()) + StatusLine(*s, d.lang())
	case tracer.StatusLimit:
		// The limit's own words (StopLine): an interrupt, the size of the
		// recording and the limits set by flags each say what stopped it.
		return words.DiagramLimit.In(d.lang()) + StopLine(s.Limit, s.Stats.Steps, d.lang()) +
			fmt.Sprintf(words.DiagramSoFar.In(d.lang()), sols)
	}
	return string(s.Status)
}

// counts gives the run's counts, one part each. It names the rules first
// in the diagram, so in full (Def.RuleIntro: "同宫（3×3 九宫格）重复"); the
// leaves and groups below use the usual names. At a step before the end
// it gives the counts so far (see countsAt).
func (d *diagram) counts() []string {
	if d.tr.AtStep > 0 {
		return d.countsAt()
	}
	st := &d.sum.Stats
	var rules []string
	for _, r := range d.sum.Rules {
		if st.Rejects[r] > 0 { // a rule that pruned nothing is not counted (no "×0")
			rules = append(rules, tracer.RuleCount(d.def.RuleIntro(r, d.sum.Size, d.lang()), st.Rejects[r], d.lang()))
		}
	}
	l := d.lang()
	rejects := words.Count(l, st.RejectTotal(), words.DiagramReject)
	if d.leaf {
		rejects = d.failCount(l, int(st.RejectTotal()))
	}
	return []string{words.Count(l, st.Nodes, words.DiagramCall), words.Count(l, st.Tries, words.DiagramTry),
		rejects + d.ruleList(rules), words.Count(l, st.Solutions, words.Solutions),
		words.Count(l, st.Backtracks, words.DiagramBacktrack), words.Count(l, st.Steps, words.DiagramStep)}
}

// ruleList puts counts by rule in brackets: " (row ×3, column ×1)".
func (d *diagram) ruleList(rules []string) string {
	rs := strings.Join(rules, words.Comma.In(d.lang()))
	if rs != "" {
		rs = fmt.Sprintf(words.DiagramInBrackets.In(d.lang()), rs)
	}
	return rs
}

// countsAt gives the counts of the search after the step drawn, read off
// the tree's nodes that existed then: the calls, the rejects by rule and
// the solutions, which are the Stats of the search's first AtStep events
// (Nodes, Rejects, Solutions), and the steps.
func (d *diagram) countsAt() []string {
	var calls, sols, pruned int
	var byRule [tracer.NumRules]int64
	for i := range int32(d.tr.Visible) {
		n := d.t.Node(i)
		if n.Kind == tracer.NodePruned {
			pruned++
			byRule[n.Rule]++
			continue
		}
		calls++
		if n.Solved && n.SolStep > 0 && n.SolStep <= d.tr.AtStep {
			sols++
		}
	}
	l := d.lang()
	var rules []string
	for _, r := range d.sum.Rules {
		if byRule[r] > 0 {
			rules = append(rules, tracer.RuleCount(d.def.RuleIntro(r, d.sum.Size, l), byRule[r], l))
		}
	}
	rejects := words.Count(l, pruned, words.DiagramReject)
	if d.leaf {
		rejects = d.failCount(l, pruned)
	}
	return []string{words.Count(l, calls, words.DiagramCall), rejects + d.ruleList(rules),
		words.Count(l, sols, words.Solutions), words.Count(l, d.tr.AtStep, words.DiagramStep)}
}

// A legend row: a bold lead, then parts that may go on separate lines
// when the legend is wrapped.
type legendRow struct {
	bold  string
	parts []string
	sep   string // between parts on one line
}

// keyChip is one cell of the key: a look, and what it means.
type keyChip struct {
	fill, line string  // its fill and its border's colour ("": none, the default)
	border     float64 // its border, points
	text       string
	// lead, if set, is text's start, drawn bold in leadColor (the
	// colour a board's text has for what the rest says).
	lead, leadColor string
	// sizeText, if set, sizes the chip instead of text: the widest text it
	// takes at any step, so that the key wraps alike at every step.
	sizeText string
}

// Fonts of the legend, shared with its size estimate.
const (
	dotFontLegend = 10.0
	dotLegendMinW = 420.0 // the legend wraps at the drawing's width, or this if narrower
)

// legendPlan is a legend as made and measured: its lines, top to bottom.
type legendPlan struct {
	lines []legendLine
}

// legendLineKind is what a line of the legend holds.
type legendLineKind uint8

const (
	legendText    legendLineKind = iota // a bold lead (may be "") and text
	legendCaption                       // the caption's box
	legendBlank                         // an empty line, to make up minLegendLines
	legendChips                         // a line of the key's chips
)

// legendLine is one line of a legend.
type legendLine struct {
	kind       legendLineKind
	bold, text string    // legendText
	caption    []string  // legendCaption: its lines
	w, h       float64   // legendCaption: its box; legendChips: its width (h unused)
	chips      []keyChip // legendChips
}

// makeLegend makes the legend: the run, the counts, what trimming
// left out, and a key to the styles that appear, wrapped at wrapW points
// (as --legend asks: short is the title and the key, none is nothing),
// and estimates its size. A caption (DiagramOptions.CaptionLines) comes
// under the run's title and status, whatever --legend says: a box as wide
// as the legend may be, of a fixed height.
func (d *diagram) makeLegend(rep TrimReport, wrapW float64) {
	d.legend, d.legW, d.legH = legendPlan{}, 0, 0
	if d.opt.Legend == LegendNone && d.opt.CaptionLines <= 0 {
		return
	}
	var rows []legendRow
	var chips []keyChip
	captionAt := 0 // the caption comes before rows[captionAt]
	m := d.legMemo
	if m != nil && m.made {
		rows, chips, captionAt = m.rows, m.chips, m.captionAt
		for _, l := range m.byWidth {
			if l.wrapW == max(wrapW, dotLegendMinW) {
				d.legend, d.legW, d.legH, d.legendLines = l.legend, l.legW, l.legH, l.legendLines
				return
			}
		}
	} else if d.opt.Legend != LegendNone {
		rows = []legendRow{{bold: d.rootName(), parts: []string{"· " + words.DiagramStrategy.In(d.lang()) + d.sum.Strategy.String()}}}
		captionAt = 1
		if d.opt.Legend == LegendFull {
			rows = append(rows,
				legendRow{parts: []string{d.statusLine()}},
				legendRow{parts: d.counts(), sep: " · "},
				legendRow{parts: d.trimParts(rep, d.lang()), sep: words.Semicolon.In(d.lang())})
			captionAt = 2
		}
		chips = d.keyChips()
	}
	if m != nil && !m.made {
		m.made, m.rows, m.chips, m.captionAt = true, rows, chips, captionAt
	}
	wrapW = max(wrapW, dotLegendMinW)

	var lines []legendLine
	// Graphviz's HTML tables: a cell is its content plus its padding and
	// border on each side; a table adds its spacing around every cell.
	const lineH = dotFontLegend * 1.2
	maxW, h, nrows := 0.0, 0.0, 0
	caption := func() {
		// Its box is as wide as the legend's wrapping allows, whatever
		// the note, so that the legend's size does not depend on it.
		cw := captionWidth(wrapW)
		l := d.captionLine(cw)
		lines = append(lines, l)
		h += l.h + 2
		maxW = max(maxW, cw+2)
		nrows++
	}
	for k, r := range rows {
		if k == captionAt && d.opt.CaptionLines > 0 {
			caption()
		}
		// At a step, lines wrap a little short of the canvas: the
		// estimate of a line's width is not Graphviz's to the point, and a
		// line that came out wider would widen this step's picture alone.
		rowW := wrapW
		if d.tr.AtStep > 0 {
			rowW = wrapW * 0.92
		}
		for _, l := range d.legendWrap(r, rowW) {
			w := 0.0
			if l.bold != "" {
				w += d.measure.TextWidth(l.bold+" ", dotFontLegend, true)
			}
			text := strings.Join(l.parts, l.sep)
			lines = append(lines, legendLine{kind: legendText, bold: l.bold, text: text})
			w += d.measure.TextWidth(text, dotFontLegend, false)
			maxW = max(maxW, w+2)
			h += lineH + 2
			nrows++
		}
	}
	if captionAt >= len(rows) && d.opt.CaptionLines > 0 {
		caption()
	}
	for ; nrows < d.minLegendLines; nrows++ {
		lines = append(lines, legendLine{kind: legendBlank})
		h += lineH + 2
	}
	d.legendLines = nrows
	// The key: one line of chips after another.
	for len(chips) > 0 {
		n, w := 0, 4.0
		for n < len(chips) {
			sized := chips[n].text
			if chips[n].sizeText != "" {
				sized = chips[n].sizeText
			}
			cw := d.measure.TextWidth(sized, dotFontLegend, false) + 6 + 2*chips[n].border + 4
			if n > 0 && w+cw > wrapW {
				break
			}
			w += cw
			n++
		}
		lines = append(lines, legendLine{kind: legendChips, chips: chips[:n], w: math.Ceil(w)})
		maxW = max(maxW, math.Ceil(w)+2)
		h += math.Ceil(lineH+6+2*3+8) + 2
		nrows++
		chips = chips[n:]
	}
	d.legend = legendPlan{lines: lines}
	d.legW = math.Ceil(maxW + 4)
	d.legH = math.Ceil(h + float64(nrows+1)*2)
	if m != nil {
		m.byWidth = append(m.byWidth, legendMade{wrapW, d.legend, d.legW, d.legH, d.legendLines})
	}
}

// legendWrap breaks a row into lines no wider than w points, between its
// parts (a part wider than w gets a line of its own).
func (d *diagram) legendWrap(r legendRow, w float64) []legendRow {
	var out []legendRow
	cur := legendRow{bold: r.bold, sep: r.sep}
	curW := 0.0
	if r.bold != "" {
		curW = d.measure.TextWidth(r.bold+" ", dotFontLegend, true)
	}
	for _, p := range r.parts {
		pw := d.measure.TextWidth(p, dotFontLegend, false)
		if len(cur.parts) > 0 {
			pw += d.measure.TextWidth(r.sep, dotFontLegend, false) - 4
		}
		if len(cur.parts) > 0 && curW+pw > w {
			out = append(out, cur)
			cur = legendRow{sep: r.sep}
			curW, pw = 0, d.measure.TextWidth(p, dotFontLegend, false)
		}
		cur.parts = append(cur.parts, p)
		curW += pw
	}
	return append(out, cur)
}

// keyChips lists the key: only the styles that appear (at the step drawn,
// or, drawing a step, at any step, so that the legend keeps its size from
// one step to the next).
func (d *diagram) keyChips() []keyChip {
	var has [11]bool
	const (
		kSolution = iota
		kPath
		kDead
		kPruned
		kCut
		kOpen
		kActive
		kElided
		kWrong
		kFold
		kDeadFold
	)
	stepped := d.tr.AtStep > 0
	var own []tracer.Rule // pruned by a rule with a look of its own (RuleWords.Color)
	for i := range d.tr.Items {
		it := &d.tr.Items[i]
		if it.Kind == ItemPruned && !d.leaf && (stepped || !it.Hidden) {
			if r := d.t.Node(it.Node).Rule; d.def.RuleWordsOf(r).Color != "" {
				if !slices.Contains(own, r) {
					own = append(own, r)
				}
				continue
			}
		}
		switch it.Kind {
		case ItemPruned, ItemGroup:
			has[kPruned] = has[kPruned] || stepped || !it.Hidden
		case ItemElided:
			// At a step, an elided node of dead ends is still running
			// or not there: both keys, for the legend's size.
			if dead := deadAgg(&d.tr.AggsEnd[it.Agg]); dead {
				has[kDeadFold] = has[kDeadFold] || stepped || !it.Hidden
				has[kElided] = has[kElided] || stepped
			} else {
				has[kElided] = has[kElided] || stepped || !it.Hidden
			}
		case ItemFold:
			has[kFold] = has[kFold] || stepped || !it.Hidden
		}
		if it.Kind != ItemCall && it.Kind != ItemFold {
			continue
		}
		st := it.Status
		if stepped {
			st = d.t.Status(it.Tail) // the key holds what any step shows
		}
		switch st {
		case tracer.NodeSolution:
			has[kSolution] = true
		case tracer.NodeWrong:
			has[kWrong] = true
		case tracer.NodeOnPath:
			has[kPath] = true
		case tracer.NodeDeadEnd:
			has[kDead] = true
		case tracer.NodeCut:
			has[kCut] = true
		}
	}
	has[kOpen] = stepped // at every step, even the last, for the legend's size
	has[kActive] = has[kOpen]
	var out []keyChip
	key := func(fill, line string, border float64, text string) {
		out = append(out, keyChip{fill: fill, line: line, border: border, text: text})
	}
	if has[kSolution] {
		key(dotColorSolution, "", 2, words.DiagramSolution2.In(d.lang()))
	}
	if has[kWrong] {
		key(dotColorWrong, "", 2, words.DiagramReturnedTrueWithBlanksLeft.In(d.lang()))
	}
	switch {
	case d.sum.Status == tracer.StatusWrong && !has[kSolution]:
		key("", "", 2, words.DiagramBoldPathThatReturnedTrue.In(d.lang()))
	case (has[kPath] || has[kSolution]) && d.sum.Status == tracer.StatusLost:
		key("", "", 2, words.DiagramBoldPathSolutionUndoneLater.In(d.lang()))
	case has[kPath] || has[kSolution]:
		key("", "", 2, words.DiagramBoldOnSolutionPath.In(d.lang()))
	}
	if has[kDead] {
		dead := tracer.Text(words.DiagramDeadEndAllFailedReturn)
		if d.sum.Strategy.Void() {
			// No return value: the function just returns (tutorial 004's dfs).
			dead = tracer.Text(words.DiagramDeadEndAllFailedReturn2)
		}
		key(dotColorDeadFill, dotColorDeadLine, 1, dead.In(d.lang()))
	}
	switch {
	case has[kPruned] && d.leaf:
		key(dotColorLeafBg, dotColorLeaf, 1, words.DiagramWholeBoardCheckFailedFull.In(d.lang()))
	case has[kPruned] && d.after:
		// No dashed cell here either (see the cut key): the words say it.
		key(dotColorPrunedBg, dotColorPruned, 1, words.DiagramDashedPlacedThenCheckedBreaks.In(d.lang()))
	case has[kPruned]:
		key(dotColorPrunedBg, dotColorPruned, 1, words.DiagramPrunedBreaksRule.In(d.lang()))
	}
	slices.Sort(own)
	for _, r := range own {
		rw := d.def.RuleWordsOf(r)
		text := "✗ " + rw.Mark.In(d.lang()) + " " + rw.Name.In(d.lang())
		if rw.Mark.In(d.lang()) == rw.Name.In(d.lang()) {
			text = "✗ " + rw.Name.In(d.lang()) // a mark that is the name: once ("✗ 越界")
		}
		key(rw.Fill, rw.Color, 1, text)
	}
	if has[kCut] {
		// No STYLE="dashed" here: Graphviz writes a garbled style string
		// for dashed HTML cells into xdot, which breaks the PNG painter.
		key("", dotColorCut, 1, words.DiagramDashedCutLeftOpenBy.In(d.lang()))
	}
	if has[kOpen] {
		open := words.DiagramOpenStep.In(d.lang())
		key(dotColorOpen, "", 1, fmt.Sprintf(open, d.tr.AtStep))
		out[len(out)-1].sizeText = fmt.Sprintf(open, d.t.Steps)
	}
	if has[kActive] {
		key(dotColorOpen, "", 3, words.DiagramRunning2.In(d.lang()))
	}
	if has[kFold] {
		key(dotColorFold, dotColorFoldLine, 1, words.DiagramCallsWithOneChildEach.In(d.lang()))
	}
	if has[kDeadFold] {
		key(dotColorDeadFill, dotColorElided, 1, words.DiagramGreyDashedDeadEndsFolded.In(d.lang()))
	}
	if has[kElided] {
		key("", dotColorElided, 1, words.DiagramDashedSubtreesFolded.In(d.lang()))
	}
	return append(out, d.boardChips(stepped)...)
}

// boardChips is the key to the colours of the boards (--boards): the
// node's own move, the moves placed before it on its path, the givens, and
// a rejected candidate with what it clashes with.
func (d *diagram) boardChips(stepped bool) []keyChip {
	if d.boards == dotBoardNone {
		return nil
	}
	var calls, pruned bool
	for i := range d.tr.Items {
		it := &d.tr.Items[i]
		if it.Hidden && !stepped {
			continue
		}
		calls = calls || it.Kind == ItemCall && it.Parent >= 0 && !isPass(d.t.Node(it.Node))
		pruned = pruned || it.Kind == ItemPruned
	}
	var out []keyChip
	colored := func(color, bold, rest string) keyChip {
		return keyChip{text: bold + rest, lead: bold, leadColor: color, border: 1}
	}
	own := words.DiagramYellowThisCallMove.In(d.lang())
	if d.boards == dotBoardMoves {
		if calls {
			out = append(out, keyChip{fill: dotColorMoveBg, text: own, border: 1},
				colored(dotColorPlaced, words.DiagramBlue.In(d.lang()), words.DiagramMovesBeforeOnItsPath.In(d.lang())))
		}
		return out
	}
	if calls {
		if d.look.pieces {
			own = fmt.Sprintf(words.DiagramYellowThisCallsPiece.In(d.lang()), d.look.piece)
		}
		out = append(out, keyChip{fill: dotColorMoveBg, text: own, border: 1})
		if !d.look.pieces {
			out = append(out, colored(dotColorPlaced, words.DiagramBlue.In(d.lang()), words.DiagramPlacedOnPath.In(d.lang())))
		}
	}
	if !d.look.pieces && d.look.start != nil && boardHasGivens(d.look.start) {
		out = append(out, colored("black", words.DiagramBlack.In(d.lang()), words.DiagramGiven.In(d.lang())))
	}
	if pruned {
		what := words.DiagramPinkRejectedCandidateWhatClashes.In(d.lang())
		if d.look.pieces {
			what = fmt.Sprintf(words.DiagramPinkRejectedSquarePiece.In(d.lang()), d.look.piece)
		}
		out = append(out, keyChip{fill: dotColorClashBg, text: what, border: 1})
	}
	return out
}

// boardHasGivens reports whether a start board holds any given.
func boardHasGivens(b *tracer.Board) bool {
	for r := 0; r < b.Rows; r++ {
		for c := 0; c < b.Cols; c++ {
			if b.Given(tracer.Pos{Row: r, Col: c}) {
				return true
			}
		}
	}
	return false
}

// dotOneLine keeps a long instance (a puzzle) out of a comment's way.
func dotOneLine(s string) string {
	s = strings.ReplaceAll(s, "\n", " ")
	if len(s) > 90 {
		s = s[:87] + "..."
	}
	return s
}
