package lessons

import (
	"context"
	"errors"
	"testing"
	"time"

	"github.com/backtrack-edu/backtrack/tracer/problems/sudoku"
)

// TestPrintedStage1 runs tutorial 002's stage 1 as printed on a board
// with two blanks: it never finds a valid board in the call limit, and
// it writes over the last given first.
func TestPrintedStage1(t *testing.T) {
	start, err := parsePrintedBoard("53467891.6721953.8198342567859761423426853791713924856961537284287419635345286179")
	if err != nil {
		t.Fatal(err)
	}
	r, err := runStage1Printed(context.Background(), start, 100_000)
	if err != nil {
		t.Fatal(err)
	}
	if !r.limited || r.calls != 100_000 {
		t.Errorf("limited %v after %d calls, want the limit after 100000", r.limited, r.calls)
	}
	if r.valid != 0 || r.fullBoards == 0 {
		t.Errorf("%d full boards, %d valid; want some, none valid", r.fullBoards, r.valid)
	}
	if r.firstCall == 0 || r.firstCell.Row != 8 || r.firstCell.Col != 8 {
		t.Errorf("first overwrite at call %d, cell %v; want one, at (8,8)", r.firstCall, r.firstCell)
	}
	if got, _ := r.field("erased_ever"); got == "0" {
		t.Error("no given erased")
	}
	if validBoard(&[81]byte{}) {
		t.Error("an empty board is valid")
	}
	sol, _ := parsePrintedBoard("534678912672195348198342567859761423426853791713924856961537284287419635345286179")
	if !validBoard(&sol) {
		t.Error("LeetCode 37's solution is not valid")
	}
	if _, err := parsePrintedBoard("12"); err == nil {
		t.Error("a short puzzle: no error")
	}
}

// TestPrintedStops: a printed run stops soon after its context ends (a
// million calls take about half a second; Ctrl-C must not wait for them).
func TestPrintedStops(t *testing.T) {
	start, err := parsePrintedBoard("53467891.6721953.8198342567859761423426853791713924856961537284287419635345286179")
	if err != nil {
		t.Fatal(err)
	}
	ctx, cancel := context.WithCancel(context.Background())
	cancel()
	began := time.Now()
	r, err := runStage1Printed(ctx, start, 1_000_000_000)
	if d := time.Since(began); !errors.Is(err, context.Canceled) || r != nil || d > 50*time.Millisecond {
		t.Errorf("canceled run: %v, %v after %v; want context.Canceled at once", r, err, d)
	}
}

// TestPrintedIsValid runs tutorial 001's helper and isValid as printed on
// LeetCode 37: the same search as the tracer's order cells, when after
// (6879 calls, 37652 checks, 903648 cells for whole walks), but its
// column-first isValid compares 347585 cells, not the row-first 304659.
func TestPrintedIsValid(t *testing.T) {
	start, err := parsePrintedBoard(sudoku.LeetCode37)
	if err != nil {
		t.Fatal(err)
	}
	r, err := runIsValidPrinted(context.Background(), start, 10_000_000)
	if err != nil {
		t.Fatal(err)
	}
	for _, c := range []struct {
		field, want string
	}{
		{"calls", "6879"}, {"checks", "37652"}, {"check_cost_full", "903648"},
		{"check_cost", "347585"}, {"check_saved", "556063"}, {"check_share", "38%"},
	} {
		if got, err := r.field(c.field); err != nil || got != c.want {
			t.Errorf("%s = %q, %v; want %s", c.field, got, err, c.want)
		}
	}
	if r.rejects[0]+r.rejects[1]+r.rejects[2] != 33444 || r.valid != 1 || !validBoard(&r.board) {
		t.Errorf("rejects %v, solved %d, board valid %v; want 33444 rejects and the solution", r.rejects, r.valid, validBoard(&r.board))
	}
	r, err = runIsValidPrinted(context.Background(), start, 100)
	if err != nil || !r.limited || r.calls != 100 {
		t.Errorf("limit 100: %v, %v; want stopped at 100 calls", r, err)
	}
}
