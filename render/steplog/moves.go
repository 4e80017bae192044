package steplog

import (
	"fmt"
	"unicode/utf8"

	"github.com/backtrack-edu/backtrack/tracer"
)

// This file spells and reads moves. A problem's Def has the one formatter
// (Move) and its exact inverse (ParseMove); both go through fmt and
// allocate, so the writer and the reader remember what they have spelled
// or read, and their hot paths allocate nothing once a move has been seen.

// maxMoveTable bounds the writer's table of moves (cells × values): past
// it (a board far larger than any lesson's) moves are spelled afresh each
// time.
const maxMoveTable = 1 << 16

// moveSpell is one entry of the writer's table.
type moveSpell struct {
	state uint8  // spellUnknown until the move is first written
	field string // ", move: r0=c0" or `, move: "(4,5)=7"`
}

const (
	spellUnknown = iota
	spellMove    // field holds the move
	spellNoMove  // Move's text does not read back as this cell and value
)

// moveWriter spells moves as the problem's Def.Move does, and only those
// that its ParseMove reads back as the same cell and value: any other
// (cell, value) goes into the log as cell and value fields.
type moveWriter struct {
	def        *tracer.Def
	size       int // the instance's size, as ParseMove wants it
	rows, cols int
	lo, values int         // the table's values are lo … lo+values-1
	table      []moveSpell // [(row*cols+col)*values+v-lo]; nil if too big
}

func newMoveWriter(lp *logProblem) moveWriter {
	mw := moveWriter{def: lp.def, size: lp.info.Size, rows: lp.start.Rows, cols: lp.start.Cols}
	lo, hi := valueBounds(lp)
	mw.lo, mw.values = lo, hi-lo+1
	if n := mw.rows * mw.cols * mw.values; n > 0 && n <= maxMoveTable {
		mw.table = make([]moveSpell, n)
	}
	return mw
}

// appendMove appends ", move: …" for (cell, v), if the move can be spelled.
func (mw *moveWriter) appendMove(b []byte, cell tracer.Pos, v int) ([]byte, bool) {
	if cell.Row < 0 || cell.Col < 0 {
		return b, false
	}
	if i := v - mw.lo; cell.Row < mw.rows && cell.Col < mw.cols && i >= 0 && i < mw.values && mw.table != nil {
		sp := &mw.table[(cell.Row*mw.cols+cell.Col)*mw.values+i]
		if sp.state == spellUnknown {
			*sp = mw.spell(cell, v)
		}
		if sp.state == spellNoMove {
			return b, false
		}
		return append(b, sp.field...), true
	}
	sp := mw.spell(cell, v)
	if sp.state == spellNoMove {
		return b, false
	}
	return append(b, sp.field...), true
}

// spell writes the move field of (cell, v) with Def.Move: plain when the
// fast reader and YAML both read the text as itself (isPlainToken), else
// double-quoted.
func (mw *moveWriter) spell(cell tracer.Pos, v int) moveSpell {
	s := mw.def.Move(cell, v)
	if c, w, err := mw.def.ParseMove(s, mw.size); err != nil || c != cell || w != v || !utf8.ValidString(s) {
		return moveSpell{state: spellNoMove}
	}
	b := []byte(", move: ")
	if isPlainToken([]byte(s)) {
		b = append(b, s...)
	} else {
		b = appendQuoted(b, s)
	}
	return moveSpell{state: spellMove, field: string(b)}
}

// maxKnownMoves bounds the moves a reader remembers.
const maxKnownMoves = 1 << 16

type moveAt struct {
	cell tracer.Pos
	v    int
}

// moveReader reads moves with the problem's Def.ParseMove, the one parser
// of moves. It remembers the moves it has read that are spelled as
// Def.Move spells them (at most one text per move, so the memory is
// bounded by the board), and hands those back without calling ParseMove
// again: a log's moves are nearly all the same few texts.
type moveReader struct {
	def   *tracer.Def
	size  int
	known map[string]moveAt
}

func newMoveReader(lp *logProblem) moveReader {
	return moveReader{def: lp.def, size: lp.info.Size, known: map[string]moveAt{}}
}

// parse reads the text of a move: what def.ParseMove(s, size) says.
func (mr *moveReader) parse(s []byte) (tracer.Pos, int, error) {
	if m, ok := mr.known[string(s)]; ok {
		return m.cell, m.v, nil
	}
	text := string(s)
	cell, v, err := mr.def.ParseMove(text, mr.size)
	if err != nil {
		return tracer.NoPos, 0, err
	}
	if len(mr.known) < maxKnownMoves && mr.def.Move(cell, v) == text {
		mr.known[text] = moveAt{cell, v}
	}
	return cell, v, nil
}

// moveError words a move ParseMove refused, cut to one short line.
func moveError(err error) error {
	msg := err.Error()
	const most = 160
	if r := []rune(msg); len(r) > most {
		msg = string(r[:most]) + "…"
	}
	return fmt.Errorf("move: %s", msg)
}
