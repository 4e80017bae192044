package stepper

import (
	"fmt"
	"strings"

	"github.com/backtrack-edu/backtrack/tracer"
	"github.com/backtrack-edu/backtrack/tracer/words"
)

// This file is what the step view knows of a problem, all of it asked of
// the problem's tracer.Def (never of its name): the board's shape, the
// glyphs of its values, the candidate range, the words of the board's key
// and of the stack's end condition, and the pieces of the template code.

// shape is a problem's board as the step view draws it.
type shape struct {
	rows, cols int
	// box is the side of the boxes drawn with separators (3 for a 9×9
	// Sudoku), 0 for none: the tracer.GridBoard of the instance.
	box int
	// pieces is set for a board whose values all look alike (a queen):
	// the value of a move is the column its piece stands in. Otherwise a
	// move writes its value in its cell. Which slot a call decides, the
	// events say (its call's Slot, or its scan's cell).
	pieces bool
	// piece names what stands on a board of pieces (BoardSpec.Piece).
	piece tracer.Text
	// givens is set for a problem whose boards start with given values
	// (a puzzle): the values the search placed are marked "+".
	givens bool
	// fixed is set for a board with a fixed layer (tracer.Board.SetFixed:
	// a word search's letters): a cell shows its fixed text, a move's
	// cell the same text marked as placed.
	fixed bool
	// lo..hi are the candidates of a call: the size values ending at
	// Words.Last(size).
	lo, hi int
	// glyphs[v-lo] is the board's one-character glyph of value v.
	glyphs []string
}

// fallbackDef describes a problem whose Def is unknown (an Info without
// one, of a problem the registry does not know): values as numbers, cells
// as (row,col), a square board.
func fallbackDef(name string) *tracer.Def {
	if name == "" {
		name = "problem"
	}
	d := &tracer.Def{
		Name:  name,
		Title: tracer.Text{EN: name, ZH: name},
		Move:  func(cell tracer.Pos, v int) string { return fmt.Sprintf("%s=%d", cell, v) },
	}
	d.Words = tracer.PlainWords(tracer.Text(words.PlainValue), tracer.Text(words.PlainNextValue))
	return d
}

// defOf returns the Def of the problem info describes: info.Def, or the
// registered problem of that name, or a plain one.
func defOf(info tracer.Info) *tracer.Def {
	if info.Def != nil {
		return info.Def
	}
	if d, err := tracer.Lookup(info.Problem); err == nil {
		return d
	}
	return fallbackDef(info.Problem)
}

// startBoard returns the starting board of the instance (Def.Start), or an
// empty square board of the instance's size when the Def has none or it
// fails.
func startBoard(def *tracer.Def, info tracer.Info) *tracer.Board {
	if def.Start != nil {
		if b, err := def.Start(info); err == nil && b != nil && b.Rows >= 1 && b.Cols >= 1 {
			return b
		}
	}
	n := max(info.Size, 1)
	return tracer.NewBoard(n, n, func(v int) byte {
		if v >= 0 && v <= 9 {
			return byte('0' + v)
		}
		return '?'
	})
}

// newShape is the board's shape as the Def declares it
// (tracer.BoardSpec) and the start board draws it.
func newShape(def *tracer.Def, info tracer.Info, start *tracer.Board) shape {
	sh := shape{rows: start.Rows, cols: start.Cols}
	size := max(info.Size, 1)
	sh.lo, sh.hi = def.ValueRange(size)
	for v := sh.lo; v <= sh.hi; v++ {
		sh.glyphs = append(sh.glyphs, string(start.Glyph(v)))
	}
	sh.pieces = def.Board.Pieces
	sh.piece = def.Board.Piece
	if sh.piece.EN == "" {
		sh.piece = tracer.Text(words.StepperPiece)
	}
	for r := range sh.rows {
		for c := range sh.cols {
			sh.givens = sh.givens || start.Given(tracer.Pos{Row: r, Col: c})
		}
	}
	sh.fixed = start.HasFixed()
	sh.box = def.Box(info.Size)
	return sh
}

// glyph returns the board's glyph of value v.
func (r *Recording) glyph(v int) string {
	if i := v - r.shape.lo; i >= 0 && i < len(r.shape.glyphs) {
		return r.shape.glyphs[i]
	}
	return string(r.start.Glyph(v))
}

// cellOf returns the cell a move of value v at slot fills, as the
// problem's Def says (tracer.Def.MoveCell): for a candidate not tried yet.
// A move made is read from its event, which names its cell.
func (r *Recording) cellOf(slot tracer.Pos, v int) tracer.Pos {
	return r.def.MoveCell(slot, v)
}

// traits are what the problem says of the recorded run's order
// (tracer.OrderTraits), never guessed from the order's name.
func (r *Recording) traits() tracer.OrderTraits {
	return r.def.OrderTraits(r.strategy.Order)
}

// valueText writes a candidate value as the problem's words do.
func (r *Recording) valueText(v int) string {
	if r.def.Words.Value != nil {
		return r.def.Words.Value(v)
	}
	return fmt.Sprint(v)
}

// moveLabel writes a move as the Def does.
func (r *Recording) moveLabel(cell tracer.Pos, v int) string {
	if r.def.Move == nil {
		return fmt.Sprintf("%s=%d", cell, v)
	}
	return r.def.MoveLabel(cell, v)
}

// openMove writes the move of slot with its value still to decide: the
// Def's move with "?" after its last "=" ("r1=?", "(1,2)=?", "p0=?").
func (r *Recording) openMove(slot tracer.Pos) string {
	if m := r.moveLabel(r.cellOf(slot, r.shape.lo), r.shape.lo); strings.Contains(m, "=") {
		return m[:strings.LastIndex(m, "=")] + "=?"
	}
	return slot.String() + "=?"
}

// codeParts returns the Def's pieces of the template code with generic
// ones for any it lacks.
func codeParts(p tracer.CodeParts) tracer.CodeParts {
	if p.Signature == "" {
		p.Signature = "func solve(depth int) bool {"
	}
	if p.Slot == nil {
		p.Slot = func(tracer.Order) string { return "" }
	}
	if p.Full == "" {
		p.Full = "depth == n"
	}
	if p.Loop == nil {
		p.Loop = func(int) string { return "for v := lo; v <= hi; v++ {" }
	}
	if p.Args == "" {
		p.Args = "depth, v"
	}
	if p.Recurse == "" {
		p.Recurse = "solve(depth+1)"
	}
	if p.Value == "" {
		p.Value = "v"
	}
	return p
}

// endWords are the stack header's end condition, short and long: a
// scanning problem ends when its scan finds no empty cell; one deciding a
// slot per level ends at the template's end condition ("row == n"), which
// on a board of pieces the long form explains ("every row has a queen").
func (r *Recording) endWords() (short, long tracer.Text) {
	if r.scans {
		return tracer.Text(words.StepperNoEmptyCell),
			tracer.Text(words.StepperNoEmptyCellBoardFull)
	}
	full := codeParts(r.def.Code).Full
	short = tracer.Text{EN: full, ZH: full}
	if !r.shape.pieces {
		return short, short
	}
	p := r.shape.piece
	return short, tracer.Text{EN: fmt.Sprintf(words.StepperEveryRowHas.EN, full, p.EN), ZH: fmt.Sprintf(words.StepperEveryRowHas.ZH, full, p.ZH)}
}

// instanceName is the header's instance: the problem's name and label
// ("permutations n=3", "sudoku 4×4, 10 blanks"); in Chinese its title and
// label ("数独 4×4，10 个空格"), the size put in for a title's N: N-Queens'
// "N 皇后" of n=4 is "4 皇后".
func (r *Recording) instanceName(lang tracer.Lang) string {
	label := r.info.Instance
	if r.def.Label != nil {
		label = r.def.Label(r.info, lang)
	}
	if lang != tracer.LangZH {
		return strings.TrimSpace(r.def.Name + " " + label)
	}
	title := r.def.Title.ZH
	if title == "" {
		title = r.def.Name
	}
	if rest, ok := strings.CutPrefix(title, "N "); ok && r.def.Size != nil {
		return fmt.Sprintf("%d %s", r.info.Size, rest)
	}
	return strings.TrimSpace(title + " " + label)
}
