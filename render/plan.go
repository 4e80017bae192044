package render

import (
	"strings"

	"github.com/backtrack-edu/backtrack/tracer"
)

// A Plan is the picture of a search tree made ready for any output
// format: the tree trimmed as DiagramOptions ask (and fitted to a slide),
// each box labelled and measured, laid out, and the legend made. WriteDOT
// is NewPlan, then Plan.WriteDOT; another format reads the same Plan
// (Boxes, LegendLines, Report) and never goes through the DOT writer.
type Plan struct {
	d   *diagram
	rep TrimReport
}

// NewPlan plans the picture of t that WriteDOT(w, t, leg, opt) writes,
// and returns what trimming kept and left out, with the picture's
// estimated size. Its errors are WriteDOT's but for write errors: bad
// options name the option, and a picture too big to be read as
// opt.Readable says is an *UnreadableError.
func NewPlan(t *tracer.Tree, leg Legend, opt DiagramOptions) (*Plan, TrimReport, error) {
	return newPlan(t, leg, opt, nil)
}

// newPlan is NewPlan, taking a picture at a step's whole-run plan from
// series if it is not nil.
func newPlan(t *tracer.Tree, leg Legend, opt DiagramOptions, series *Series) (*Plan, TrimReport, error) {
	opt = legendDef(opt, leg)
	if opt.Boards && opt.Readable != (Readable{}) && opt.Fit == (Slide{}) && series == nil {
		// The boards only make a picture bigger, and planning them
		// costs a little more a box: a picture too big without them is
		// refused at the cost of its plan without them.
		bare := opt
		bare.Boards = false
		if _, rep, err := plan(t, leg, bare, nil); err == nil {
			if err := rep.Picture.Readable(opt.Readable, rep.Statements); err != nil {
				err.(*UnreadableError).AtLeast = true
				return nil, rep, err
			}
		}
	}
	d, rep, err := plan(t, leg, opt, series)
	if err != nil {
		return nil, rep, err
	}
	if err := rep.Picture.Readable(opt.Readable, rep.Statements); err != nil {
		return nil, rep, err
	}
	return &Plan{d: d, rep: rep}, rep, nil
}

// Report returns what trimming kept and left out, and the picture's
// estimated size.
func (p *Plan) Report() TrimReport { return p.rep }

// PlanBox is one box of a Plan, as drawn.
type PlanBox struct {
	ID     string // the DOT's node id: 12 (call 12), s57 (pruned at step 57), g57, e57, f12
	Kind   ItemKind
	Class  string // how it looks, a class of SceneCSS (Scene.Boxes' Class)
	Parent int    // the box it hangs under, an index into Boxes; -1 for the root
	// Lines is its text, line by line. A box with a board (Board) has
	// its board under the first line when the board is drawn whole
	// (--boards, up to 8×8); a bigger board is listed as its last moves.
	Lines    []string
	Board    bool
	FontSize float64 // of a box without a board, points
	// X, Y are its centre and W, H its size, points, with y growing
	// downward from the picture's top left (as Scene's); X and Y are 0
	// unless the plan was laid out (DiagramOptions.Layout).
	X, Y, W, H float64

	item int // its item of the trimming
}

// Boxes returns the plan's boxes in the order the DOT writes its items:
// a parent before its children.
func (p *Plan) Boxes() []PlanBox {
	d := p.d
	items := d.tr.Items
	index := make([]int, len(items))
	var out []PlanBox
	for i := range items {
		it := &items[i]
		index[i] = -1
		if it.Hidden {
			continue
		}
		b := PlanBox{ID: string(d.id(nil, int32(i))), Kind: it.Kind, Class: d.sceneClass(it), Parent: -1,
			Board: d.board[i], FontSize: dotFontLeaf, W: d.w[i], H: d.h[i], item: i}
		if it.Kind == ItemCall {
			b.FontSize = dotFontCall
		}
		if it.Parent >= 0 && index[it.Parent] >= 0 {
			b.Parent = index[it.Parent]
		}
		if b.Board {
			for _, r := range d.boxRowsOf(i) {
				b.Lines = append(b.Lines, r.text)
			}
		} else {
			b.Lines = strings.Split(string(d.labelOf(i)), "\n")
		}
		if d.lay != nil {
			b.X, b.Y = d.lay.X[i], d.lay.Height-d.lay.Y[i]
		}
		index[i] = len(out)
		out = append(out, b)
	}
	return out
}

// PlanSquare is one square of a board drawn in a box.
type PlanSquare struct {
	Row, Col int
	Fill     string // its background colour ("": none, white): a chequered or shaded square, the box's own move, a clash
	Text     string // what stands on it ("": nothing): a piece, a value, ✗ on a rejected square of pieces
	Color    string // the text's colour
	Bold     bool
}

// Board returns the board drawn whole in box b, one of Boxes: its rows,
// its columns and its squares row by row (the start board with the moves
// of b's path on it); 0, 0 and nil if b holds none drawn whole.
func (p *Plan) Board(b PlanBox) (rows, cols int, squares []PlanSquare) {
	d := p.d
	if !b.Board || d.boards != dotBoardGrid {
		return 0, 0, nil
	}
	d.eachCell(d.tr.Items[b.item].Node, func(at tracer.Pos, c boardCell) {
		squares = append(squares, PlanSquare{Row: at.Row, Col: at.Col, Fill: c.bg, Text: c.text, Color: c.color, Bold: c.bold})
	})
	return d.work.Rows, d.work.Cols, squares
}

// LegendLines returns the legend's text, line by line as wrapped: the
// run, its status and counts, what was left out, the caption's lines,
// and the key, one line of it a line, its entries joined by " | ".
func (p *Plan) LegendLines() []string {
	var out []string
	for _, l := range p.d.legend.lines {
		switch l.kind {
		case legendText:
			s := l.text
			if l.bold != "" {
				s = l.bold + " " + s
			}
			out = append(out, s)
		case legendCaption:
			out = append(out, l.caption...)
		case legendBlank:
			out = append(out, "")
		case legendChips:
			var t []string
			for _, c := range l.chips {
				t = append(t, c.text)
			}
			out = append(out, strings.Join(t, " | "))
		}
	}
	return out
}
