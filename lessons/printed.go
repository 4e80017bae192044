package lessons

import (
	"context"
	"fmt"
	"strconv"
	"strings"

	"github.com/backtrack-edu/backtrack/render"
	"github.com/backtrack-edu/backtrack/tracer"
	"github.com/backtrack-edu/backtrack/tracer/words"
)

// Some tutorial code does not run as the tracer's template runs it: it
// has bugs that make it a different search, which no strategy of the
// template reproduces. A lesson that must say what a student who types
// the code in gets runs a transcription of that code here, as printed,
// with only the repair that lets it run at all, and counts what it does.

// printedCodes are the transcriptions a spec's printed part can name.
var printedCodes = map[string]func(ctx context.Context, start [81]byte, maxCalls int64) (*printedRun, error){
	// Tutorial 002's first stage, with / read as // (as printed, `n / 9`
	// is a float in Python 3 and the first board[x][y] raises):
	//
	//	def dfs(board, n, ret):
	//	    if n == 81:
	//	        if validateBoard(board): ret = board.copy()
	//	        return
	//	    x, y = n // 9, n % 9
	//	    if board[x][y] != '.':
	//	        dfs(board, n+1, ret)        # no return after this call
	//	    for i in range(9):
	//	        c = str(i+1)
	//	        board[x][y] = c
	//	        dfs(board, n+1, ret)
	//	        board[x][y] = '.'
	//
	// With no return after the call for a given, the digit loop then
	// writes every digit over the given and leaves its cell '.'.
	"002-stage1": runStage1Printed,
	// Tutorial 001's helper and isValid, as printed: the column first,
	// then the row, then the box, each returning at the first repeat.
	// Its check cost is the cells isValid compares (its own cell not
	// counted), as the tracer counts a scan check:
	//
	//	for(int i=0;i<9;i++) if(i!=row&&board[i][col]==board[row][col]) return false;
	//	for(int j=0;j<9;j++) if(j!=col&&board[row][col]==board[row][j]) return false;
	//	for(i in box) for(j in box) if((i!=row||j!=col)&&board[i][j]==board[row][col]) return false;
	"001-isvalid": runIsValidPrinted,
}

// printedRun is what a transcription did.
type printedRun struct {
	start, board [81]byte // the puzzle, and the board when the run stopped
	calls        int64    // calls of dfs, the first included
	fullBoards   int64    // calls with n == 81: a full board validated
	valid        int64    // full boards that passed validateBoard
	limited      bool     // stopped by the call limit
	maxCalls     int64
	erasedEver   [81]bool // givens the run set to '.' at some time
	// The first write over a given: at which call, where, the given and
	// the digit written (firstCall 0: none).
	firstCall          int64
	firstCell          tracer.Pos
	firstGiven, firstD byte
	// What the isValid calls did (001-isvalid): how many there were,
	// the cells they compared, the cells a walk of the whole column, row
	// and box every time would compare, and which loop returned false
	// (column, row, box).
	checks, checkCost, fullCost int64
	rejects                     [3]int64
}

// parsePrintedBoard reads an 81-character puzzle ('.' or '0' for a blank).
func parsePrintedBoard(s string) ([81]byte, error) {
	var b [81]byte
	s = strings.ReplaceAll(s, "/", "")
	if len(s) != 81 {
		return b, fmt.Errorf("puzzle: want 81 cells, got %d", len(s))
	}
	for i := 0; i < 81; i++ {
		c := s[i]
		switch {
		case c == '.' || c == '0':
			b[i] = '.'
		case c >= '1' && c <= '9':
			b[i] = c
		default:
			return b, fmt.Errorf("puzzle: cell %d is %q, want 1-9 or .", i, c)
		}
	}
	return b, nil
}

// runStage1Printed runs tutorial 002's stage 1 as printed (see
// printedCodes) for at most maxCalls calls. It watches ctx every
// printedCheck calls: a million calls take about half a second.
func runStage1Printed(ctx context.Context, start [81]byte, maxCalls int64) (*printedRun, error) {
	r := &printedRun{start: start, board: start, maxCalls: maxCalls}
	var dfs func(n int) bool // false: the call limit or ctx stopped the run
	dfs = func(n int) bool {
		r.calls++
		if r.calls > maxCalls {
			r.calls, r.limited = maxCalls, true
			return false
		}
		if r.calls%printedCheck == 0 && ctx.Err() != nil {
			return false
		}
		if n == 81 {
			r.fullBoards++
			if validBoard(&r.board) {
				r.valid++
			}
			return true
		}
		if r.board[n] != '.' {
			if !dfs(n + 1) {
				return false
			}
		}
		for i := 0; i < 9; i++ {
			c := byte('1' + i)
			if r.firstCall == 0 && r.start[n] != '.' && r.board[n] == r.start[n] {
				r.firstCall, r.firstCell, r.firstGiven, r.firstD = r.calls, tracer.Pos{Row: n / 9, Col: n % 9}, r.start[n], c
			}
			r.board[n] = c
			if !dfs(n + 1) {
				return false
			}
			r.board[n] = '.'
		}
		if r.start[n] != '.' {
			r.erasedEver[n] = true
		}
		return true
	}
	dfs(0)
	if err := ctx.Err(); err != nil {
		return nil, err
	}
	return r, nil
}

// runIsValidPrinted runs tutorial 001's helper(board, 0, 0) as printed
// (see printedCodes), counting the cells isValid compares, for at most
// maxCalls calls of helper.
func runIsValidPrinted(ctx context.Context, start [81]byte, maxCalls int64) (*printedRun, error) {
	r := &printedRun{start: start, board: start, maxCalls: maxCalls}
	b := &r.board
	isValid := func(row, col int) bool {
		r.checks++
		r.fullCost += 24
		v := b[row*9+col]
		for i := 0; i < 9; i++ { // the column
			if i != row {
				r.checkCost++
				if b[i*9+col] == v {
					r.rejects[0]++
					return false
				}
			}
		}
		for j := 0; j < 9; j++ { // the row
			if j != col {
				r.checkCost++
				if b[row*9+j] == v {
					r.rejects[1]++
					return false
				}
			}
		}
		for i := row / 3 * 3; i < row/3*3+3; i++ { // the box
			for j := col / 3 * 3; j < col/3*3+3; j++ {
				if i != row || j != col {
					r.checkCost++
					if b[i*9+j] == v {
						r.rejects[2]++
						return false
					}
				}
			}
		}
		return true
	}
	stopped := false
	var helper func(row, col int) bool
	helper = func(row, col int) bool {
		r.calls++
		if r.calls > maxCalls {
			r.calls, r.limited, stopped = maxCalls, true, true
			return false
		}
		if r.calls%printedCheck == 0 && ctx.Err() != nil {
			stopped = true
			return false
		}
		if col >= 9 {
			return helper(row+1, 0)
		}
		if row == 9 {
			return true
		}
		if b[row*9+col] != '.' {
			return helper(row, col+1)
		}
		for k := 1; k <= 9; k++ {
			b[row*9+col] = byte('0' + k)
			if isValid(row, col) && helper(row, col+1) {
				return true
			}
			if stopped {
				return false
			}
			b[row*9+col] = '.'
		}
		return false
	}
	if helper(0, 0) {
		r.valid = 1
	}
	if err := ctx.Err(); err != nil {
		return nil, err
	}
	return r, nil
}

// printedCheck is how many calls of a printed run go between two looks
// at its context.
const printedCheck = 1 << 12

// validBoard is tutorial 002's validateBoard on a full board: every row,
// column and box holds each digit once.
func validBoard(b *[81]byte) bool {
	for u := 0; u < 9; u++ {
		var row, col, box [10]bool
		for k := 0; k < 9; k++ {
			cells := [3]int{u*9 + k, k*9 + u, (u/3*3+k/3)*9 + u%3*3 + k%3}
			for j, seen := range []*[10]bool{&row, &col, &box} {
				d := b[cells[j]]
				if d < '1' || d > '9' || seen[d-'0'] {
					return false
				}
				seen[d-'0'] = true
			}
		}
	}
	return true
}

// givensChanged counts the givens the stopped board no longer holds:
// erased ('.') and overwritten with another digit.
func (r *printedRun) givensChanged() (erased, other int64) {
	for i, c := range r.start {
		switch {
		case c == '.' || r.board[i] == c:
		case r.board[i] == '.':
			erased++
		default:
			other++
		}
	}
	return erased, other
}

// field returns a number or a word of the run for a page.
func (r *printedRun) field(f string) (string, error) {
	erased, other := r.givensChanged()
	n := func(v int64) (string, error) { return strconv.FormatInt(v, 10), nil }
	switch f {
	case "calls":
		return n(r.calls)
	case "max_calls":
		return n(r.maxCalls)
	case "full_boards":
		return n(r.fullBoards)
	case "valid":
		return n(r.valid)
	case "failed":
		return n(r.fullBoards - r.valid)
	case "erased":
		return n(erased)
	case "overwritten":
		return n(other)
	case "changed":
		return n(erased + other)
	case "erased_ever":
		var k int64
		for _, e := range r.erasedEver {
			if e {
				k++
			}
		}
		return n(k)
	case "blanks":
		var k int64
		for _, c := range r.start {
			if c == '.' {
				k++
			}
		}
		return n(k)
	case "first_call":
		return n(r.firstCall)
	case "first_cell":
		return r.firstCell.String(), nil
	case "first_given":
		return string(r.firstGiven), nil
	case "first_digit":
		return string(r.firstD), nil
	case "checks":
		return n(r.checks)
	case "check_cost":
		return n(r.checkCost)
	case "check_cost_full":
		return n(r.fullCost)
	case "check_saved":
		return n(r.fullCost - r.checkCost)
	case "check_share":
		if r.fullCost == 0 {
			return "0%", nil
		}
		return fmt.Sprintf("%d%%", (200*r.checkCost+r.fullCost)/(2*r.fullCost)), nil
	case "rejects_col":
		return n(r.rejects[0])
	case "rejects_row":
		return n(r.rejects[1])
	case "rejects_box":
		return n(r.rejects[2])
	}
	return "", fmt.Errorf("unknown field %q of a printed run (want calls, max_calls, full_boards, valid, failed, erased, overwritten, changed, erased_ever, blanks, first_call, first_cell, first_given, first_digit, checks, check_cost, check_cost_full, check_saved, check_share, rejects_col, rejects_row, rejects_box)", f)
}

// rows returns a board as the row strings render.Board draws.
func rows(b [81]byte) []string {
	out := make([]string, 9)
	for r := range out {
		out[r] = string(b[r*9 : r*9+9])
	}
	return out
}

// Printed returns field f of a printed run (see printedRun.field). A
// figure of the run on the page shows it, as its board does.
func (p *page) Printed(name, f string) (string, error) {
	r := p.printed[name]
	if err := p.use("printed", name, r != nil); err != nil {
		return "", err
	}
	return r.field(f)
}

// PrintedBoard shows a printed run's board where the call limit stopped
// it, and lists the givens it no longer holds ("(8,8) 9→." erased,
// "(8,7) 7→3" overwritten). Showing it is what the page must do with a
// printed part.
func (p *page) PrintedBoard(name string) (string, error) {
	r := p.printed[name]
	if err := p.use("printed", name, r != nil); err != nil {
		return "", err
	}
	var b strings.Builder
	b.WriteString(render.Board("sudoku", rows(r.board)))
	var changed []string
	for i, c := range r.start {
		if c != '.' && r.board[i] != c {
			at := tracer.Pos{Row: i / 9, Col: i % 9}
			changed = append(changed, fmt.Sprintf("%s %c→%c", at, c, r.board[i]))
		}
	}
	b.WriteString("\n" + words.LessonGivensChanged.In(p.lang) + strings.Join(changed, words.Comma.In(p.lang)) + "\n")
	return codeBlock(b.String()), nil
}
