package stepper

import (
	"regexp"
	"strings"
	"testing"

	"github.com/backtrack-edu/backtrack/tracer"
)

// TestWordSearchViews checks LeetCode 79 (wordsearch) in the stepper and
// the player: the board shows the grid's letters (the fixed layer) with
// the path marked, the stack names each call's move by the cell it steps
// to, and lists as untried only the candidates of its own call (start
// cells at the root, the four directions below), never the one range of
// every value; the player's board data holds the letters.
func TestWordSearchViews(t *testing.T) {
	run := recordRun(t, tracer.Spec{Problem: "wordsearch", Puzzle: "ABCE SFCS ADEE / SEE"})
	s := New(run.rec, Options{Width: 80, Height: 24})
	// Step 30: start (1,3) placed, the call of letter 1 open.
	s.Goto(30)
	v := s.View()
	for _, want := range []string{
		" 0  A  B  C  E", " 1  S  F  C [S]", " 2  A  D  E  E", // the letters, the path's cell marked
		"start(1,3)", // the root's move, named by its cell
		"untried: U R D L",
		"(1,3)→?", // the open call steps from (1,3) to a cell still to choose
	} {
		if !strings.Contains(v, want) {
			t.Errorf("step 30: the view lacks %q:\n%s", want, v)
		}
	}
	// The root's untried are cells; the call below lists no cell.
	for _, line := range strings.Split(v, "\n") {
		switch {
		case strings.Contains(line, "d0 ") && strings.Contains(line, "untried:"):
			u := line[strings.Index(line, "untried:"):]
			if regexp.MustCompile(`untried: [URDL] `).MatchString(u) || !strings.Contains(u, "(2,0)") {
				t.Errorf("the root's untried should be start cells: %q", line)
			}
		case strings.Contains(line, "d1 ") && strings.Contains(line, "untried:"):
			if strings.Contains(line[strings.Index(line, "untried:"):], "(") {
				t.Errorf("the call of letter 1 lists a start cell: %q", line)
			}
		}
	}
	// No cell is marked as the slot: a word search's call steps from
	// its slot to a neighbour (BoardSpec.Slot SlotFrom), it decides no
	// cell of its own; at the root, (0,0) is no cell being decided.
	for _, k := range []int64{1, 30} {
		s.Goto(k)
		st := s.state()
		if m := s.marks(st); m.slot != tracer.NoPos {
			t.Errorf("step %d: the board marks %v as the slot", k, m.slot)
		}
	}
	// Further on: a path of two, both on the board marked placed.
	for k := int64(31); k <= run.rec.Len(); k++ {
		s.Goto(k)
		if v := s.View(); strings.Contains(v, "S+") && strings.Contains(v, "E+") {
			goto placed
		}
	}
	t.Error("no step shows two letters of the path marked placed (S+ and E+)")
placed:
	d := readPage(t, run.page(t, HTMLOptions{}))
	glyphs := strings.Join(d.Board.Glyphs, "")
	for _, l := range []string{"A", "B", "C", "E", "S", "F", "D"} {
		if !strings.Contains(glyphs, l) {
			t.Errorf("the player's glyphs %q lack the letter %s", d.Board.Glyphs, l)
		}
	}
	if len(d.Board.Start) != 12 {
		t.Fatalf("the player's start board has %d cells, want 12", len(d.Board.Start))
	}
	// Cell (1,0) at step 0 shows S: its glyph is the letter, not blank.
	if g := d.Board.Start[4] >> 6; g <= 0 || g >= len(d.Board.Glyphs) || d.Board.Glyphs[g] != "S" {
		t.Errorf("the player's start cell (1,0) shows glyph %d of %q, want S", g, d.Board.Glyphs)
	}
	// ... plain, as the fixed layer: not a move placed.
	if base := (d.Board.Start[4] >> 3) & 7; base != cellFixed {
		t.Errorf("the player's start cell (1,0) has base %d, want cellFixed (%d)", base, cellFixed)
	}
}
