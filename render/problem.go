package render

import (
	"errors"
	"fmt"
	"strings"

	"github.com/backtrack-edu/backtrack/tracer"
	"github.com/backtrack-edu/backtrack/tracer/words"
)

// What this package asks of a problem, in one place: its Def (looked up
// by the name a summary or a step log carries), the Info of a run rebuilt
// from a summary for the Def's functions, and how its board is drawn
// (derived from the Def's start board; see boardLook).

// problemDef returns the registered problem called name, or a plain
// stand-in for a name the registry does not know (a summary made by hand,
// a log of a problem this program does not define): moves written
// (row,col)=value, the instance as it is, no board.
func problemDef(name string) *tracer.Def {
	if d, err := tracer.Lookup(name); err == nil {
		return d
	}
	title := name
	if title == "" {
		title = "problem"
	}
	return &tracer.Def{
		Name:  name,
		Title: tracer.Text{EN: title, ZH: title},
		Move:  func(cell tracer.Pos, v int) string { return fmt.Sprintf("%s=%d", cell, v) },
		ParseMove: func(s string, _ int) (tracer.Pos, int, error) {
			return tracer.NoPos, 0, fmt.Errorf("%q: %s has no move notation", s, title)
		},
		Label: func(info tracer.Info, _ tracer.Lang) string { return info.Instance },
		Start: func(tracer.Info) (*tracer.Board, error) { return nil, fmt.Errorf("%s has no board", title) },
		Words: tracer.PlainWords(tracer.Text(words.PlainValue), tracer.Text(words.PlainNextValue)),
	}
}

// sumDef returns the Def of the run sum describes, as its instance speaks:
// the run's own (Summary.Def), or for a summary without one the problem
// looked up by name and bound to the instance (tracer.Def.Of). A box of a
// combination reads the instance's own numbers, not the default
// instance's.
func sumDef(sum *tracer.Summary) *tracer.Def {
	if sum.Def != nil {
		return sum.Def
	}
	d := problemDef(sum.Problem)
	return d.Of(runInfo(d, sum))
}

// legendDef fills in the options' problem from the legend's run: its name
// when opt names none, and its own Def when opt gives none and names that
// problem.
func legendDef(opt DiagramOptions, leg Legend) DiagramOptions {
	if opt.Problem == "" {
		opt.Problem = leg.Summary.Problem
	}
	if opt.Def == nil && opt.Problem == leg.Summary.Problem {
		opt.Def = leg.Summary.Def
	}
	return opt
}

// runInfo rebuilds the Info of the run sum describes, for the Def's
// functions (Label, Start).
func runInfo(d *tracer.Def, sum *tracer.Summary) tracer.Info {
	return tracer.Info{Def: d, Problem: sum.Problem, Size: sum.Size, Instance: sum.Instance,
		Order: sum.Strategy.Order, Check: sum.Strategy.Check, Rules: sum.Rules}
}

// RunName names a run's instance for people by the problem's title and
// label: "N-Queens n=8", "Sudoku 9×9, 51 blanks", "Permutations n=3"
// ("N 皇后 n=8", "数独 9×9，51 个空格", "全排列 n=3").
func RunName(sum tracer.Summary, lang tracer.Lang) string {
	d := sumDef(&sum)
	return d.Title.In(lang) + " " + runLabel(d, &sum, lang)
}

// runLabel names a run's instance for people: "n=8", "9×9, 51 blanks".
func runLabel(d *tracer.Def, sum *tracer.Summary, lang tracer.Lang) string {
	return d.Label(runInfo(d, sum), lang)
}

// focusSize is the size focus moves are read with before the instance is
// known: every cell and value a tree can hold (tracer.Node keeps them in
// int8). A move off the instance's board is then no move of the tree.
const focusSize = 127

// moveDef returns the registered problem whose notation s is written in,
// or nil.
func moveDef(s string) *tracer.Def {
	for _, d := range tracer.Problems() {
		if _, _, err := d.ParseMove(s, focusSize); err == nil {
			return d
		}
	}
	return nil
}

// notAMove is the error for text that is no problem's move: it says how
// each problem writes its moves.
func notAMove(s string) error {
	var hints []string
	for _, d := range tracer.Problems() {
		if d.MoveHint.EN != "" {
			hints = append(hints, d.MoveHint.EN)
		}
	}
	if len(hints) == 0 {
		return fmt.Errorf("%q is not a move", s)
	}
	return fmt.Errorf("%q is not a move: %s", s, strings.Join(hints, "; "))
}

// witnessValue returns the value standing at the cell pruned leaf i
// clashes with: the move on its path that filled the cell, else the
// start board's given there (start may be nil), else the rejected value
// itself (a Sudoku's clash is with the same digit).
func witnessValue(t *tracer.Tree, i int32, start *tracer.Board) int {
	n := t.Node(i)
	w := n.Witness()
	for a := n.Parent; a >= 0 && t.Parent(a) >= 0; a = t.Parent(a) {
		if cell, v := t.Move(a); cell == w {
			return v
		}
	}
	if start != nil {
		if v, ok := start.At(w); ok {
			return v
		}
	}
	return int(n.Value)
}

// boardLook is how a diagram draws a problem's board, derived from what
// the Def offers.
type boardLook struct {
	start *tracer.Board // the starting board: empty, or a puzzle's givens
	// pieces is set when the board draws every value with one glyph
	// (N-Queens' Q): a cell holds a piece, and where it stands is the
	// value. Otherwise a cell shows its value (Sudoku's digits,
	// Permutations' numbers).
	pieces bool
	piece  string // what a piece is drawn as: ♛ for Q
	box    int    // the side of the boxes shaded (Sudoku 3), 0 for none
}

// chessPieces draws a piece glyph as its chess figure.
var chessPieces = map[byte]string{'K': "♚", 'Q': "♛", 'R': "♜", 'B': "♝", 'N': "♞", 'P': "♟"}

// lookOf is how the board of the run info describes is drawn, as the Def
// declares it (tracer.BoardSpec): nothing is guessed from glyphs.
func lookOf(d *tracer.Def, info tracer.Info) (boardLook, error) {
	start, err := d.Start(info)
	if err != nil {
		return boardLook{}, err
	}
	if start == nil || start.Rows < 1 || start.Cols < 1 {
		return boardLook{}, errors.New("the problem has no board")
	}
	lk := boardLook{start: start, box: d.Box(info.Size), pieces: d.Board.Pieces}
	if lk.pieces {
		lk.piece = string(d.Board.Glyph)
		if p, ok := chessPieces[d.Board.Glyph]; ok {
			lk.piece = p
		}
	}
	return lk, nil
}

// valueText writes a value as the problem's words do: "7", "A", "10".
func valueText(d *tracer.Def, v int) string {
	if d.Words.Value != nil {
		return d.Words.Value(v)
	}
	return fmt.Sprint(v)
}
