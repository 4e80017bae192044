package stepper

import (
	"fmt"
	"reflect"
	"regexp"
	"slices"
	"strings"
	"testing"
	"unicode"

	"github.com/backtrack-edu/backtrack/render/internal/textwidth"
	"github.com/backtrack-edu/backtrack/tracer"
	"github.com/backtrack-edu/backtrack/tracer/problems/nqueens"
	"github.com/backtrack-edu/backtrack/tracer/problems/sudoku"
)

// boardCell returns the text of cell (row, col) in a board drawn in the
// 3-column style with labels: the part of the row's line under the cell.
func boardCell(t *testing.T, s *Stepper, row, col int) string {
	t.Helper()
	st := s.state()
	bs := boardStyle{cell: 3, labels: true, hsep: true}
	lines := s.boardLines(st, bs)
	n := s.rec.shape.rows
	box := map[int]int{4: 2, 9: 3, 16: 4}[n]
	if s.rec.info.Problem != "sudoku" {
		box = 0
	}
	// Find the row's line: its label is the row number.
	for _, l := range lines[1:] {
		text := plainText(l)
		if !strings.HasPrefix(strings.TrimLeft(text, " >"), fmt.Sprintf("%d ", row)) {
			continue
		}
		at := len(fmt.Sprint(n-1)) + 2 + col*3
		if box > 0 {
			at += col / box
		}
		return text[at : at+3]
	}
	t.Fatalf("row %d not found", row)
	return ""
}

func plainText(l tline) string {
	var b strings.Builder
	for _, sp := range l {
		b.WriteString(sp.s)
	}
	return b.String()
}

func TestBoardMarks(t *testing.T) {
	queens := stepGoldenRecs["queens4"](t)
	sudoku := stepGoldenRecs["sudoku4"](t)
	perms := stepGoldenRecs["perms3"](t)
	tests := []struct {
		name  string
		rec   *Recording
		k     int64
		kind  tracer.Kind
		cells map[[2]int]string
	}{
		// 4-queens, a reject: the candidate, the queen it clashes with; no
		// ( ) in the row being decided, for under (0,0) and (1,2) no column
		// of row 2 is legal.
		{"queens reject", queens, 15, tracer.KindReject, map[[2]int]string{
			{2, 1}: "[Q]", {1, 2}: "<Q>", {2, 2}: " . ", {2, 3}: " . ", {2, 0}: " . ", {0, 0}: " Q "}},
		// Tutorial 004's [3,1]: all three queens attack it (column, ↗, ↖);
		// of the columns not tried only 2 is legal.
		{"queens tutorial reject", queens, 70, tracer.KindReject, map[[2]int]string{
			{3, 1}: "[Q]", {0, 1}: "<Q>", {1, 3}: "<Q>", {2, 0}: "<Q>", {3, 2}: "( )", {3, 3}: " . ", {3, 0}: " . "}},
		{"queens place", queens, 10, tracer.KindPlace, map[[2]int]string{{1, 2}: "[Q]", {1, 3}: "( )", {0, 0}: " Q "}},
		// Sudoku 4×4, a reject by the box: candidate, clash, givens plain,
		// digits of the search with a +.
		{"sudoku reject", sudoku, 28, tracer.KindReject, map[[2]int]string{
			{1, 1}: "[1]", {0, 0}: "<1>", {0, 1}: " 4 ", {0, 2}: " 3+", {1, 2}: " . "}},
		// A 2 at (1,3) repeats the row's 2 at (1,0) and the column's at (0,3).
		{"sudoku two attackers", sudoku, 42, tracer.KindReject, map[[2]int]string{
			{1, 3}: "[2]", {1, 0}: "<2>", {0, 3}: "<2>", {3, 2}: " 2 "}},
		// A scan found the slot; an undo empties it again.
		{"sudoku scan", sudoku, 26, tracer.KindScan, map[[2]int]string{{1, 1}: "( )"}},
		{"sudoku undo", sudoku, 63, tracer.KindUndo, map[[2]int]string{{2, 1}: "( )"}},
		{"sudoku try", sudoku, 27, tracer.KindTry, map[[2]int]string{{1, 1}: "[1]", {0, 0}: " 1+"}},
		// Permutations of 3: one row of positions. A reject: the number
		// tried, the position that already holds it; no "+" (no givens).
		{"perms reject", perms, 11, tracer.KindReject, map[[2]int]string{{0, 2}: "[1]", {0, 0}: "<1>", {0, 1}: " 2 "}},
		// A call: the move that led here, and the position it decides.
		{"perms call", perms, 9, tracer.KindCall, map[[2]int]string{{0, 0}: " 1 ", {0, 1}: "[2]", {0, 2}: "( )"}},
		{"perms undo", perms, 19, tracer.KindUndo, map[[2]int]string{{0, 2}: "( )", {0, 1}: " 2 "}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			if e := tt.rec.At(tt.k); e.Kind != tt.kind {
				t.Fatalf("step %d is a %s, want %s", tt.k, e.Kind, tt.kind)
			}
			s := New(tt.rec, Options{})
			s.Goto(tt.k)
			for p, want := range tt.cells {
				if got := boardCell(t, s, p[0], p[1]); got != want {
					t.Errorf("cell (%d,%d) = %q, want %q\n%s", p[0], p[1], got, want, s.View())
				}
			}
		})
	}
}

// TestBoardMarksOnEveryReject checks every reject of the big boards: the
// view marks the candidate and the clashing cell (and, for N-Queens, the
// row being decided), in whichever board style the screen uses.
func TestBoardMarksOnEveryReject(t *testing.T) {
	for name, rec := range stepBig(t) {
		for _, size := range [][2]int{{80, 24}, {120, 40}} {
			s := New(rec, Options{Width: size[0], Height: size[1]})
			count := 0
			for k := int64(1); k <= rec.Len() && count < 200; k++ {
				e := rec.At(k)
				if e.Kind != tracer.KindReject {
					continue
				}
				count++
				s.Goto(k)
				v := s.View()
				// The board without the header and the key's examples.
				board := strings.Join(strings.Split(v, "\n")[1:], "\n")
				board = regexp.MustCompile(`[\[<][0-9A-Z]\]?>? (candidate|clash)`).ReplaceAllString(board, "")
				board = strings.ReplaceAll(board, "b[r][c]", "") // the code pane's board
				queens := rec.info.Problem == "nqueens"
				cand := string(sudoku.DigitChar(e.Value))
				w, _ := s.rec.boardAt(k).At(e.Witness)
				clash := string(sudoku.DigitChar(w))
				if queens {
					cand, clash = "Q", "Q"
				}
				if !strings.Contains(board, "["+cand) || !strings.Contains(board, "<"+clash) {
					t.Fatalf("%s %v step %d: candidate [%s or clash <%s not marked:\n%s", name, size, k, cand, clash, v)
				}
				if queens && !strings.Contains(board, "\n>") {
					t.Fatalf("%s step %d: the row being decided is not marked:\n%s", name, k, v)
				}
				if !queens && strings.Count(board, "[") != 1 {
					t.Fatalf("%s step %d: %d candidates marked:\n%s", name, k, strings.Count(board, "["), v)
				}
			}
			if count == 0 {
				t.Fatalf("%s: no reject", name)
			}
		}
	}
}

// TestBoardAndStatsFromCheckpoints compares the board and counts of every
// step, taken from checkpoints, with a replay from the start.
func TestBoardAndStatsFromCheckpoints(t *testing.T) {
	rec := stepSudoku(t, sudoku.LeetCode37, sudoku.OrderScan2D, tracer.Options{Limits: tracer.Limits{MaxSteps: 3 * stepCheckpoint}})
	board := rec.start.Clone()
	var st tracer.Stats
	for k := int64(0); k <= rec.Len(); k++ {
		if k > 0 {
			e := rec.At(k)
			board.Apply(&e)
			st.Event(&e)
		}
		if got := rec.boardAt(k); !slices.Equal(got.RowStrings(), board.RowStrings()) {
			t.Fatalf("boardAt(%d) = %v, want %v", k, got.RowStrings(), board.RowStrings())
		}
		got := rec.statsAt(k)
		if len(got.PerDepth) == 0 && len(st.PerDepth) == 0 {
			got.PerDepth = st.PerDepth
		}
		if !reflect.DeepEqual(got, st) {
			t.Fatalf("statsAt(%d) = %+v, want %+v", k, got, st)
		}
	}
}

// TestStackFrames checks each open call's state, its choices (the legal
// candidates it has not tried, on the board it stands on) and what it
// has tried, worked out by hand from the boards. 4-queens: row 1 under a
// queen at (0,0) can take columns 2 and 3 only; row 2 under (0,0) and
// (1,2) can take none. The 4×4 Sudoku is ".4.. / .... / 3.4. / ..2.":
// (0,0) can take 1 or 2, (0,2) after (0,0)=1 only 3.
func TestStackFrames(t *testing.T) {
	queens := stepGoldenRecs["queens4"](t)
	sudoku := stepGoldenRecs["sudoku4"](t)
	perms := stepGoldenRecs["perms3"](t)
	type fr struct {
		path    string // the move label, or "end"
		state   frameState
		choices []int
		tried   string // "✗0 column ✓2 ↩3": each tried candidate and its rule
	}
	tests := []struct {
		rec  *Recording
		k    int64
		want []fr
	}{
		{queens, 15, []fr{{"r0=c0", fsPlaced, []int{1, 2, 3}, "✓0"}, {"r1=c2", fsPlaced, []int{3}, "✗0 column ✗1 diagonal ✓2"},
			{"r2=c1", fsReject, nil, "✗0 column ✗1 anti_diagonal"}}},
		{queens, 20, []fr{{"r0=c0", fsPlaced, []int{1, 2, 3}, "✓0"}, {"r1=c2", fsPlaced, []int{3}, "✗0 column ✗1 diagonal ✓2"},
			{"", fsExhausted, nil, "✗0 column ✗1 anti_diagonal ✗2 column ✗3 diagonal"}}},
		{queens, 21, []fr{{"r0=c0", fsPlaced, []int{1, 2, 3}, "✓0"}, {"r1=c2", fsPlaced, []int{3}, "✗0 column ✗1 diagonal ✓2"},
			{"", fsReturn, nil, "✗0 column ✗1 anti_diagonal ✗2 column ✗3 diagonal"}}},
		{queens, 22, []fr{{"r0=c0", fsPlaced, []int{1, 2, 3}, "✓0"}, {"r1=c2", fsUndone, []int{3}, "✗0 column ✗1 diagonal ↩2"}}},
		// The tutorial's board: [0,1], [1,3], [2,0], then [3,0] ✗, [3,1] ✗, [3,2] ✓.
		{queens, 74, []fr{{"r0=c1", fsPlaced, []int{2, 3}, "↩0 ✓1"}, {"r1=c3", fsPlaced, nil, "✗0 anti_diagonal ✗1 column ✗2 diagonal ✓3"},
			{"r2=c0", fsPlaced, nil, "✓0"}, {"r3=c2", fsPlaced, nil, "✗0 column ✗1 column ✓2"}, {"end", fsSolution, nil, ""}}},
		// Before its scan a call has no slot, so no choices.
		{sudoku, 5, []fr{{"(0,0)=1", fsPlaced, []int{2}, "✓1"}, {"", fsNew, nil, ""}}},
		{sudoku, 28, []fr{{"(0,0)=1", fsPlaced, []int{2}, "✓1"}, {"(0,2)=3", fsPlaced, nil, "✗1 row ✗2 column ✓3"},
			{"(0,3)=2", fsPlaced, nil, "✗1 row ✓2"}, {"(1,0)=2", fsPlaced, nil, "✗1 column ✓2"}, {"(1,1)=1", fsReject, []int{3}, "✗1 box"}}},
		{sudoku, rec4Last(sudoku), []fr{{"(0,0)=1", fsReturn, []int{2}, "✓1"}}},
		// Permutations: the numbers not on the path above.
		{perms, 1, []fr{{"", fsNew, []int{1, 2, 3}, ""}}},
		{perms, 11, []fr{{"p0=1", fsPlaced, []int{2, 3}, "✓1"}, {"p1=2", fsPlaced, []int{3}, "✗1 used ✓2"}, {"p2=1", fsReject, []int{3}, "✗1 used"}}},
		{perms, 17, []fr{{"p0=1", fsPlaced, []int{2, 3}, "✓1"}, {"p1=2", fsPlaced, []int{3}, "✗1 used ✓2"}, {"p2=3", fsPlaced, nil, "✗1 used ✗2 used ✓3"}, {"end", fsSolution, nil, ""}}},
		{perms, 20, []fr{{"p0=1", fsPlaced, []int{2, 3}, "✓1"}, {"p1=2", fsPlaced, []int{3}, "✗1 used ✓2"}, {"", fsExhausted, nil, "✗1 used ✗2 used ↩3"}}},
		{perms, rec4Last(perms), []fr{{"", fsReturn, nil, "↩1 ↩2 ↩3"}}},
	}
	for _, tt := range tests {
		fs := tt.rec.frames(tt.k)
		var got []fr
		for _, f := range fs {
			path := ""
			switch {
			case f.end:
				path = "end"
			case f.value >= 0:
				path = tt.rec.def.MoveLabel(tt.rec.cellOf(f.slot, f.value), f.value)
			}
			got = append(got, fr{path, f.state, f.choices, triedText(tt.rec.def, f.tried)})
		}
		if !reflect.DeepEqual(got, tt.want) {
			t.Errorf("%s step %d: frames\n got %+v\nwant %+v", tt.rec.info.Problem, tt.k, got, tt.want)
		}
	}
}

// triedText writes a tried list for a test, rules by def's keys:
// "✗0 column ✓2 ↩3".
func triedText(def *tracer.Def, tried []triedCand) string {
	parts := make([]string, len(tried))
	for i, c := range tried {
		switch c.mark {
		case triedFailed:
			parts[i] = fmt.Sprintf("✗%d %s", c.value, def.RuleKey(c.rule))
		case triedOn:
			parts[i] = fmt.Sprintf("✓%d", c.value)
		default:
			parts[i] = fmt.Sprintf("↩%d", c.value)
		}
	}
	return strings.Join(parts, " ")
}

func rec4Last(r *Recording) int64 { return r.Len() }

// stackMore reads the count of calls left out from stack lines: a line
// "... k more", or "(... k more)" in the header or after the innermost call.
var stackMore = regexp.MustCompile(`\.\.\. (\d+) more|……另有 (\d+) 层`)

// stackPath reads the depths of the calls a stack's path line abbreviates:
// "  d0-d22: (0,2)=2 … (3,7)=2".
var stackPath = regexp.MustCompile(`(?m)^  d(\d+)-d(\d+)[:：]`)

// stackLeftOut is how many calls the stack lines text leave without a
// row of their own, by the count ("... k more") or the path line.
func stackLeftOut(text string) int {
	if m := stackPath.FindStringSubmatch(text); m != nil {
		var lo, hi int
		fmt.Sscan(m[1], &lo)
		fmt.Sscan(m[2], &hi)
		return hi - lo + 1
	}
	if m := stackMore.FindStringSubmatch(text); m != nil {
		var k int
		fmt.Sscan(m[1]+m[2], &k)
		return k
	}
	return 0
}

// TestStackOverflow checks that a stack deeper than the room shows the
// path from the root in one line ("d0-d22: (0,2)=2 … (3,7)=2") and the
// innermost calls; that with less room the count moves into the header,
// or after the innermost call; and that the calls shown and counted add
// up, at every number of lines.
func TestStackOverflow(t *testing.T) {
	rec := stepBig(t)["sudoku9"]
	deep, deepK := 0, int64(0)
	for k := int64(1); k <= rec.Len(); k++ {
		if d := rec.At(k).Depth; d > deep {
			deep, deepK = d, k
		}
	}
	for _, lang := range tracer.Langs {
		s := New(rec, Options{Lang: lang})
		s.Goto(deepK)
		st := s.state()
		for _, n := range []int{1, 2, 3, 4, 5, 10, 100} {
			lines := s.stackLines(st, 80, n)
			if want := min(n, len(st.frames)+1); len(lines) != want {
				t.Fatalf("stackLines(%d) gave %d lines, want %d", n, len(lines), want)
			}
			text := make([]string, len(lines))
			for i, l := range lines {
				text[i] = plainText(l)
			}
			all := strings.Join(text, "\n")
			shown, more := 0, 0
			for _, l := range text {
				if stackPath.MatchString(l) {
					more += stackLeftOut(l)
					continue
				}
				if strings.HasPrefix(l, "  d") || strings.HasPrefix(l, "> d") {
					shown++
				}
				more += stackLeftOut(l)
			}
			if shown+more != len(st.frames) {
				t.Errorf("%s stackLines(%d): %d shown + %d more != %d frames:\n%s", lang, n, shown, more, len(st.frames), all)
			}
			if !strings.HasPrefix(text[len(text)-1], "> d") {
				t.Errorf("%s stackLines(%d): the innermost call is not last:\n%s", lang, n, all)
			}
			if n >= 3 && n <= len(st.frames) && !strings.HasPrefix(text[1], "  d0-") {
				t.Errorf("%s stackLines(%d): the path from the root is not first:\n%s", lang, n, all)
			}
			if n >= 3 && n <= len(st.frames) && !strings.HasPrefix(text[len(text)-2], "  d") {
				t.Errorf("%s stackLines(%d): the caller of the innermost call has no row:\n%s", lang, n, all)
			}
			if n >= 2 && !strings.HasPrefix(text[0], s.pick("call stack", "调用栈")) && !strings.HasPrefix(text[0], "stack") {
				t.Errorf("%s stackLines(%d): no header:\n%s", lang, n, all)
			}
		}
	}
}

// TestStackMoreOnScreen checks the views of the deepest step of each big
// board at 80×24 (where 16×16 leaves the stack two lines) and a few other
// sizes: when calls are left out, the screen says how many, or shows
// their path in one line, for N-Queens and Sudoku alike.
func TestStackMoreOnScreen(t *testing.T) {
	for name, rec := range stepBig(t) {
		deep, deepK := 0, int64(0)
		for k := int64(1); k <= rec.Len(); k++ {
			if d := rec.At(k).Depth; d > deep {
				deep, deepK = d, k
			}
		}
		for _, size := range [][2]int{{80, 24}, {100, 30}, {120, 40}} {
			for _, print := range []bool{false, true} {
				s := New(rec, Options{Width: size[0], Height: size[1], Print: print})
				s.Goto(deepK)
				if s.CheckSize() != nil {
					continue
				}
				v := s.View()
				shown := len(regexp.MustCompile(`(?m)^[ >] d\d+ +#`).FindAllString(v, -1))
				frames := len(s.state().frames)
				out := stackLeftOut(v)
				switch {
				case shown == frames && out > 0:
					t.Errorf("%s %v print=%v: every call shown, yet %d left out:\n%s", name, size, print, out, v)
				case shown < frames && out == 0:
					t.Errorf("%s %v print=%v: %d of %d calls shown and no path line or \"more\":\n%s", name, size, print, shown, frames, v)
				case shown+out != frames:
					t.Errorf("%s %v print=%v: %d left out, but %d of %d calls shown:\n%s", name, size, print, out, shown, frames, v)
				}
			}
		}
	}
}

// TestColumnNumbers checks the column numbers over every board style and
// size: each number stands over the last character of its column's cells
// (where the digit or queen is), so two-digit numbers of the compact board
// are never run together: there every other column is numbered.
func TestColumnNumbers(t *testing.T) {
	sudoku16 := stepBig(t)["sudoku16"]
	tests := []struct {
		name string
		rec  *Recording
	}{
		{"queens4", stepGoldenRecs["queens4"](t)},
		{"sudoku4", stepGoldenRecs["sudoku4"](t)},
		{"sudoku16", sudoku16},
		{"queens12", stepQueens(t, 12, tracer.Options{Limits: tracer.Limits{MaxSteps: 100}})},
		{"queens20", stepQueens(t, 20, tracer.Options{Limits: tracer.Limits{MaxSteps: 100}})},
	}
	for _, tt := range tests {
		s := New(tt.rec, Options{})
		st := s.sizeState()
		n := tt.rec.shape.cols
		for _, bs := range boardStyles() {
			lines := s.boardLines(st, bs)
			head := plainText(lines[0])
			row0 := plainText(lines[1])
			what := fmt.Sprintf("%s cell=%d", tt.name, bs.cell)
			// Where each column's content is: the "." of the empty
			// board (N-Queens), or under the givens and blanks (Sudoku).
			var at []int
			for i, r := range row0 {
				if i >= 3 && r != ' ' && r != '|' && r != '>' {
					at = append(at, i)
				}
			}
			if len(at) != n {
				t.Fatalf("%s: found %d cells in row 0 %q, want %d", what, len(at), row0, n)
			}
			numbers := regexp.MustCompile(`\d+`).FindAllStringIndex(head, -1)
			if bs.cell == 2 && n > 10 {
				if len(numbers) != (n+1)/2 {
					t.Errorf("%s: %d column numbers in %q, want every other column: %d", what, len(numbers), head, (n+1)/2)
				}
			} else if len(numbers) != n {
				t.Errorf("%s: %d column numbers in %q, want %d", what, len(numbers), head, n)
			}
			for _, m := range numbers {
				var c int
				fmt.Sscan(head[m[0]:m[1]], &c)
				if c >= n || at[c] != m[1]-1 {
					t.Errorf("%s: column number %d ends at %d, its column's content is at %d:\n%s\n%s", what, c, m[1]-1, at[min(c, n-1)], head, row0)
				}
				if m[0] > 0 && head[m[0]-1] != ' ' {
					t.Errorf("%s: column number %d runs into the one before it: %q", what, c, head)
				}
			}
		}
	}
}

// TestTemplateCode checks every listing of every problem: 10 to 14 lines
// that fit 36 columns (Sudoku, beside a 9×9 board) or 40 with the marker,
// and a line for every event the variant's searches make.
func TestTemplateCode(t *testing.T) {
	instances := map[string]tracer.Spec{
		"nqueens":      {N: 4},
		"sudoku":       {Puzzle: "1.3.2.14.24141.3"},
		"permutations": {N: 3},
	}
	for _, def := range tracer.Problems() {
		spec, ok := instances[def.Name]
		if !ok {
			continue
		}
		limit := 40
		if def.Board.BoxSide != nil {
			limit = 36 // beside a 9×9 board with its box separators
		}
		for _, when := range tracer.Whens {
			for _, stop := range tracer.Stops {
				for _, order := range def.Orders {
					for _, drop := range []tracer.Drop{tracer.DropNone, tracer.DropReturnFalse} {
						if drop != tracer.DropNone && order != sudoku.OrderScan2D {
							continue
						}
						name := fmt.Sprintf("%s/%s/%s/%s/%s", def.Name, order, when, stop, drop)
						code := templateCode(def.Code, 4, tracer.Strategy{Order: order, When: when, Stop: stop, Drop: drop}, def.Rules)
						if len(code) < 10 || len(code) > 16 {
							t.Errorf("%s: %d lines, want 10 to 16", name, len(code))
						}
						tags := map[codeTag]bool{}
						widest := 0
						for _, c := range code {
							if w := textwidth.Cols(c.text); w > limit {
								t.Errorf("%s: line %q is %d columns, want at most %d", name, c.text, w, limit)
							}
							widest = max(widest, textwidth.Cols(c.text))
							tags[c.tag] = true
						}
						// In Chinese every comment is Chinese, and the code keeps
						// to the same budget (the view measures both languages:
						// l switches live).
						for _, c := range code {
							zh := codeText(c.text, tracer.LangZH)
							if i := strings.Index(zh, "// "); i >= 0 && !hasHanText(zh[i:]) {
								t.Errorf("%s: comment left in English: %q", name, zh)
							}
							if w := textwidth.Cols(zh); w > limit || w > widest+1 {
								t.Errorf("%s: %q is %d columns: want at most %d, and at most one more than the English code (%d)", name, zh, w, limit, widest)
							}
						}
						sp := spec
						sp.Problem, sp.Order, sp.When, sp.Stop, sp.Drop = def.Name, order, when, stop, drop
						sp.Limits = tracer.Limits{MaxSteps: 50000}
						p, opts, err := sp.Build()
						if err != nil {
							t.Fatal(err)
						}
						rec := stepRecord(t, p, opts)
						for k := int64(1); k <= rec.Len(); k++ {
							e, prev := rec.At(k), rec.At(k-1)
							tag := eventTag(rec.strategy, rec.traits(), &e, &prev)
							if e.Kind != tracer.KindLimit && (tag == tagNone || !tags[tag]) {
								t.Fatalf("%s: step %d (%s) maps to no line of the code", name, k, e.Kind)
							}
						}
					}
				}
			}
		}
	}
}

// TestTemplateCodeGeneric checks the listing of a problem that supplies
// no pieces of the template (a zero CodeParts): generic ones take their
// places, and nothing nil is called.
func TestTemplateCodeGeneric(t *testing.T) {
	code := templateCode(tracer.CodeParts{}, 3, tracer.Strategy{Order: nqueens.OrderRows, When: tracer.WhenBefore, Stop: tracer.StopAll}, nil)
	var text []string
	for _, c := range code {
		text = append(text, c.text)
	}
	got := strings.Join(text, "\n")
	for _, want := range []string{"func solve(depth int) {", "    if depth == n { save(); return }",
		"    for v := lo; v <= hi; v++ {", "        if !valid(depth, v) {", "        solve(depth+1) // find all",
		"    }  // no v left"} {
		if !strings.Contains(got, want) {
			t.Errorf("generic listing lacks %q:\n%s", want, got)
		}
	}
	// Only some pieces: the others are generic.
	code = templateCode(tracer.CodeParts{Signature: "func walk(i int) bool {", Value: "x"}, 3, tracer.Strategy{When: tracer.WhenAfter, Stop: tracer.StopFirst}, nil)
	if code[0].text != "func walk(i int) bool {" || !strings.Contains(code[len(code)-3].text, "no x left") {
		t.Errorf("partial pieces: %+v", code)
	}
}

// TestCompactBoard checks the 16×16 board at 80×24: compact cells, all 16
// rows, the marks of a reject.
func TestCompactBoard(t *testing.T) {
	rec := stepBig(t)["sudoku16"]
	s := New(rec, Options{})
	s.Key("r")
	v := s.View()
	e := rec.At(s.Step())
	if !strings.Contains(v, "["+string(sudoku.DigitChar(e.Value))) || !strings.Contains(v, "<") {
		t.Fatalf("reject marks missing:\n%s", v)
	}
	if strings.Contains(v, "["+string(sudoku.DigitChar(e.Value))+"]") {
		t.Errorf("16×16 at 80×24 should use the compact board:\n%s", v)
	}
	for row := range 16 {
		if !strings.Contains(v, fmt.Sprintf("%2d  ", row)) && !strings.Contains(v, fmt.Sprintf("%2d ", row)) {
			t.Errorf("row %d missing:\n%s", row, v)
		}
	}
}

// hasHanText reports whether s has a Chinese character.
func hasHanText(s string) bool {
	for _, r := range s {
		if unicode.Is(unicode.Han, r) {
			return true
		}
	}
	return false
}

func TestCodeText(t *testing.T) {
	for _, tt := range []struct{ en, zh string }{
		{"            continue  // prune", "            continue  // 剪枝"},
		{"        undo(row, col) // backtrack", "        undo(row, col) // 撤销选择"},
		{"    }  // no col left", "    }  // 所有 col 都试完了"},
		{"        solve(row+1) // find all", "        solve(row+1) // 找出所有解"},
		{"    return false", "    return false"},
		{"x // something new", "x // something new"},
	} {
		if got := codeText(tt.en, tracer.LangZH); got != tt.zh {
			t.Errorf("codeText(%q, zh) = %q, want %q", tt.en, got, tt.zh)
		}
		if got := codeText(tt.en, tracer.LangEN); got != tt.en {
			t.Errorf("codeText(%q, en) = %q", tt.en, got)
		}
	}
}

// TestChoicesTutorial004 follows tutorial 004's worked example in the
// all-solutions 4-queens search: when the call for row 3 starts under
// [0,1], [1,3], [2,0], its only choice is column 2 (可供选择的列表 {2});
// the reject of [3,1] marks all three queens and its note names them; at
// the place of [3,2] the row has tried ✗0 and ✗1, both by the column.
func TestChoicesTutorial004(t *testing.T) {
	rec := stepGoldenRecs["queens4"](t)
	path := func(k int64) string {
		var moves []string
		for _, f := range rec.frames(k) {
			if f.state == fsPlaced {
				moves = append(moves, rec.def.MoveLabel(rec.cellOf(f.slot, f.value), f.value))
			}
		}
		return strings.Join(moves, " ")
	}
	var call int64
	for k := int64(1); k <= rec.Len() && call == 0; k++ {
		if e := rec.At(k); e.Kind == tracer.KindCall && e.Depth == 3 && path(k) == "r0=c1 r1=c3 r2=c0" {
			call = k
		}
	}
	if call == 0 {
		t.Fatal("no call for row 3 under r0=c1 r1=c3 r2=c0")
	}
	top := func(k int64) stackFrame { fs := rec.frames(k); return fs[len(fs)-1] }
	if f := top(call); !slices.Equal(f.legal, []int{2}) || !slices.Equal(f.choices, []int{2}) {
		t.Errorf("step %d, row 3: legal %v, choices %v; want [2] and [2]", call, f.legal, f.choices)
	}
	// The steps after the call: the tries of row 3.
	var reject, place int64
	for k := call + 1; k <= rec.Len() && place == 0; k++ {
		e := rec.At(k)
		switch {
		case e.Kind == tracer.KindReject && e.Cell == tracer.Pos{Row: 3, Col: 1}:
			reject = k
		case e.Kind == tracer.KindPlace && e.Cell == tracer.Pos{Row: 3, Col: 2}:
			place = k
		}
	}
	if reject == 0 || place == 0 {
		t.Fatalf("no reject of [3,1] (%d) or place of [3,2] (%d) after step %d", reject, place, call)
	}
	s := New(rec, Options{})
	s.Goto(reject)
	m := s.marks(s.state())
	want := []tracer.Pos{{Row: 0, Col: 1}, {Row: 1, Col: 3}, {Row: 2, Col: 0}}
	if !slices.Equal(m.clashes, want) {
		t.Errorf("step %d: clash marks on %v, want %v", reject, m.clashes, want)
	}
	for _, p := range want {
		if got := boardCell(t, s, p.Row, p.Col); got != "<Q>" {
			t.Errorf("step %d: cell %s = %q, want <Q>", reject, p, got)
		}
	}
	for lang, subs := range map[tracer.Lang][]string{
		tracer.LangEN: {"column 1 with the queen at (0,1)", "also attacked by (1,3) ↗ and (2,0) ↖"},
		tracer.LangZH: {"与 (0,1) 的皇后同列", "(1,3) 的皇后（右上对角线 ↗）", "(2,0) 的皇后（左上对角线 ↖）"},
	} {
		note := rec.noteAt(reject, lang)
		for _, sub := range subs {
			if !strings.Contains(note, sub) {
				t.Errorf("step %d [%s]: note %q lacks %q", reject, lang, note, sub)
			}
		}
	}
	if f := top(place); triedText(rec.def, f.tried) != "✗0 column ✗1 column ✓2" || len(f.choices) != 0 {
		t.Errorf("step %d, row 3: tried %q, choices %v; want \"✗0 column ✗1 column ✓2\" and none", place, triedText(rec.def, f.tried), f.choices)
	}
}

// TestChoicesLeetCode37 checks the legal digits of LeetCode 37 (scan2d,
// check before placing): at the root's first cell (0,2) they are 1, 2 and
// 4, as the board says (row 5 3 7, column 8, box 5 3 6 9 8); at the
// solution every call's digit is legal on its board, and a cell the
// board forces, such as (8,6), has that one digit and no choice left.
func TestChoicesLeetCode37(t *testing.T) {
	rec := stepBig(t)["sudoku9"]
	if e := rec.At(2); e.Kind != tracer.KindScan || e.Cell != (tracer.Pos{Row: 0, Col: 2}) {
		t.Fatalf("step 2 is %s %s, want the root's scan finding (0,2)", e.Kind, e.Cell)
	}
	for _, k := range []int64{2, 3} { // the scan, and the try of 1
		if f := rec.frames(k)[0]; !slices.Equal(f.legal, []int{1, 2, 4}) {
			t.Errorf("step %d: the root's legal digits at (0,2) are %v, want [1 2 4]", k, f.legal)
		}
	}
	if f := rec.frames(2)[0]; !slices.Equal(f.choices, []int{1, 2, 4}) {
		t.Errorf("step 2: the root's choices are %v, want [1 2 4]", f.choices)
	}
	if f := rec.frames(3)[0]; !slices.Equal(f.choices, []int{2, 4}) {
		t.Errorf("step 3 (trying 1): the root's choices are %v, want [2 4]", f.choices)
	}
	sol := rec.sols[0]
	forced := 0
	for _, f := range rec.frames(sol) {
		if f.end {
			continue
		}
		if !slices.Contains(f.legal, f.value) {
			t.Errorf("solution: %s=%d is not among its legal digits %v", f.slot, f.value, f.legal)
		}
		if len(f.legal) == 1 {
			forced++
			if len(f.choices) != 0 {
				t.Errorf("solution: forced cell %s has choices %v", f.slot, f.choices)
			}
		}
		if f.slot == (tracer.Pos{Row: 8, Col: 6}) && !slices.Equal(f.legal, []int{1}) {
			t.Errorf("solution: (8,6) has legal digits %v, want [1]", f.legal)
		}
	}
	if forced == 0 {
		t.Error("solution: no forced cell on the stack")
	}
}

// TestChoicesByHand checks every frame of every step of 5-queens and the
// 4×4 Sudoku (and 3-permutations): its legal candidates are exactly those
// a scan of its board by hand allows (the start board and the moves of the
// calls above it), its choices the legal ones past its candidate, and its
// tried list the try events of its own call, each ✗ with its reject's rule.
func TestChoicesByHand(t *testing.T) {
	recs := map[string]*Recording{
		"queens5":       stepQueens(t, 5, tracer.Options{Stop: tracer.StopAll}),
		"sudoku4":       stepGoldenRecs["sudoku4"](t),
		"perms3":        stepGoldenRecs["perms3"](t),
		"queens5 after": stepQueens(t, 5, tracer.Options{Stop: tracer.StopAll, When: tracer.WhenAfter}),
	}
	for name, rec := range recs {
		checked := 0
		for k := int64(1); k <= rec.Len(); k++ {
			calls := rec.chain(rec.At(k).Node)
			board := rec.start.Clone()
			for i, f := range rec.frames(k) {
				if c := calls[i]; i > 0 && c.Value >= 0 {
					board.Place(c.Cell, c.Value)
				}
				if f.end || f.slot.Row < 0 {
					continue
				}
				var legal []int
				for v := rec.shape.lo; v <= rec.shape.hi; v++ {
					if legalByHand(rec.info.Problem, board, rec.cellOf(f.slot, v), v) {
						legal = append(legal, v)
					}
				}
				if !slices.Equal(f.legal, legal) {
					t.Fatalf("%s step %d, d%d at %s: legal %v, by hand %v\n%s", name, k, f.depth, f.slot, f.legal, legal, strings.Join(board.RowStrings(), "\n"))
				}
				for _, c := range f.choices {
					if c <= f.value || !slices.Contains(legal, c) {
						t.Fatalf("%s step %d, d%d: choice %d is tried or not legal (value %d, legal %v)", name, k, f.depth, c, f.value, legal)
					}
				}
				for j, c := range f.tried {
					// Placed first, checked after (--when after): at its place
					// the top call's candidate is on the board unchecked.
					unchecked := rec.strategy.When == tracer.WhenAfter && rec.At(k).Kind == tracer.KindPlace &&
						f.node == rec.At(k).Node && j == len(f.tried)-1
					if unchecked {
						continue
					}
					if c.mark == triedFailed && slices.Contains(legal, c.value) {
						t.Fatalf("%s step %d, d%d: ✗%d, but it is legal on the board", name, k, f.depth, c.value)
					}
					if c.mark != triedFailed && !slices.Contains(legal, c.value) {
						t.Fatalf("%s step %d, d%d: %d was placed, but it is not legal on the board", name, k, f.depth, c.value)
					}
				}
				checked++
			}
		}
		if checked == 0 {
			t.Fatalf("%s: no frame checked", name)
		}
	}
}

// legalByHand reports whether v at cell breaks no rule on b, by scanning
// b: N-Queens against every queen in the rows above (on its column or a
// diagonal), Permutations against the positions before, Sudoku against
// the row, the column and the box.
func legalByHand(problem string, b *tracer.Board, cell tracer.Pos, v int) bool {
	for i := range b.Rows {
		for j := range b.Cols {
			p := tracer.Pos{Row: i, Col: j}
			w, ok := b.At(p)
			if !ok || p == cell {
				continue
			}
			switch problem {
			case "nqueens":
				di, dj := cell.Row-i, cell.Col-j
				if i < cell.Row && (dj == 0 || di == dj || di == -dj) {
					return false
				}
			case "permutations":
				if j < cell.Col && w == v {
					return false
				}
			case "sudoku":
				box := sudoku.BoxSide(b.Rows)
				if w == v && (i == cell.Row || j == cell.Col || i/box == cell.Row/box && j/box == cell.Col/box) {
					return false
				}
			}
		}
	}
	return true
}

// TestTriedOneEncoding checks LeetCode 37's step 79 at 80×24 (teaching
// review 2, §4 row 16): every tried list on the screen uses one encoding,
// failures in a row by one rule folded into a range with the rule named
// once ("✗1–5 同行 ✗6 同列 ✗7–9 同行"), never values run together after
// a ✗ ("✗1 2 3 同行") and never one row with rules beside one without.
func TestTriedOneEncoding(t *testing.T) {
	rec := stepSudoku(t, sudoku.LeetCode37, sudoku.OrderScan2D, tracer.Options{})
	wants := map[tracer.Lang]string{
		tracer.LangZH: "已试：✗1–5 同行 ✗6 同列 ✗7–9 同行",
		tracer.LangEN: "tried: ✗1–5 row ✗6 col ✗7–9 row",
	}
	bare := regexp.MustCompile(`✗[0-9]+ [0-9]`)
	ruled := regexp.MustCompile(`✗[0-9–,]+ ?[^ ✗✓↩0-9]`)
	for _, lang := range tracer.Langs {
		s := New(rec, Options{Lang: lang, Width: 80, Height: 24, Print: true})
		s.Goto(79)
		v := s.View()
		if !strings.Contains(v, wants[lang]) {
			t.Errorf("%s: the view lacks %q:\n%s", lang, wants[lang], v)
		}
		var with, without int
		for _, l := range strings.Split(v, "\n") {
			_, tried, ok := strings.Cut(l, s.pick("tried: ", "已试："))
			if !ok || !strings.Contains(tried, "✗") {
				continue
			}
			if bare.MatchString(tried) {
				t.Errorf("%s: values run together after a ✗: %q", lang, l)
			}
			if ruled.MatchString(tried) {
				with++
			} else {
				without++
			}
		}
		if with == 0 || without > 0 {
			t.Errorf("%s: %d tried lists name their rules, %d do not; want all of them to:\n%s", lang, with, without, v)
		}
	}
}

// TestFoldValues checks the ranges of a tried list.
func TestFoldValues(t *testing.T) {
	s := New(stepQueens(t, 4, tracer.Options{}), Options{Lang: tracer.LangEN})
	for _, c := range []struct {
		vals []int
		want string
	}{
		{[]int{1}, "1"},
		{[]int{1, 2}, "1,2"},
		{[]int{1, 2, 3}, "1–3"},
		{[]int{0, 2}, "0,2"},
		{[]int{1, 2, 3, 5}, "1–3,5"},
		{[]int{1, 2, 3, 4, 5, 7, 8, 9}, "1–5,7–9"},
	} {
		if got := s.foldValues(c.vals); got != c.want {
			t.Errorf("foldValues(%v) = %q, want %q", c.vals, got, c.want)
		}
	}
}

// TestTriedKeyExample checks the help's key of the tried marks (teaching
// review 2, §4 row 17): it shows a mark as the stack writes it ("如 ✗0
// 同列"), not a key of a mark by itself ("列=同列", which in Chinese says
// nothing: the mark already is 同列).
func TestTriedKeyExample(t *testing.T) {
	for _, c := range []struct {
		lang      tracer.Lang
		want, not []string
	}{
		{tracer.LangZH, []string{"剪枝及其规则（如 ✗0 同列、✗0–2 同列；窄屏：✗0列）"}, []string{"列=同列"}},
		{tracer.LangEN, []string{"rejected by its rule (e.g. ✗0 col, ✗0–2 col; narrow: ✗0c)"}, []string{"c=col"}},
	} {
		s := New(stepQueens(t, 4, tracer.Options{}), Options{Lang: c.lang, Width: 120, Height: 40})
		s.Key("?")
		v := s.View()
		for _, w := range c.want {
			if !strings.Contains(v, w) {
				t.Errorf("%s help lacks %q:\n%s", c.lang, w, v)
			}
		}
		for _, w := range c.not {
			if strings.Contains(v, w) {
				t.Errorf("%s help says %q:\n%s", c.lang, w, v)
			}
		}
	}
}

// TestCountersOneFormat checks the stepper's counters (teaching review 2,
// §4 row 15): the rules of the run in the order the checks test them
// (4-queens: column, ↗, ↖), each count after a ×, in both languages, as
// the player says them (TestPlayerBrowser checks the page against these).
func TestCountersOneFormat(t *testing.T) {
	rec := stepQueens(t, 4, tracer.Options{Stop: tracer.StopAll})
	wants := map[tracer.Lang]string{
		tracer.LangEN: "rejects 16 (column ×9, upper-right diagonal ↗ ×3, upper-left diagonal ↖ ×4)",
		tracer.LangZH: "剪枝 16（同列 ×9，右上对角线 ↗ ×3，左上对角线 ↖ ×4）",
	}
	for k := int64(1); k <= rec.Len(); k++ {
		if st := rec.statsAt(k); st.Nodes != 8 || st.Tries != 23 || st.RejectTotal() != 16 {
			continue
		}
		for _, lang := range tracer.Langs {
			s := New(rec, Options{Lang: lang, Width: 200, Height: 60})
			s.Goto(k)
			items := s.counterItems(s.state())
			var last strings.Builder
			for _, sp := range items[len(items)-1] {
				last.WriteString(sp.s)
			}
			if last.String() != wants[lang] {
				t.Errorf("%s step %d: the counters say %q, want %q", lang, k, last.String(), wants[lang])
			}
		}
		return
	}
	t.Fatal("no step with 8 calls, 23 tries and 16 rejects")
}

// TestLeafChoicesUntried checks a stage-1 run (--when leaf, teaching
// review 2, §6): the search tries every digit unchecked, so the stack's
// choices are the digits not tried yet, named so ("未试"), not the
// rule-legal ones ("可供选择：2 4").
func TestLeafChoicesUntried(t *testing.T) {
	rec := stepSudoku(t, sudoku.LeetCode37, sudoku.OrderScan2D, tracer.Options{When: tracer.WhenLeaf, Limits: tracer.Limits{MaxSteps: 1000}})
	for _, c := range []struct {
		lang      tracer.Lang
		want, not string
	}{
		{tracer.LangZH, "未试：2 3 4 5 6 7 8 9  已试：✓1", "可供选择"},
		{tracer.LangEN, "untried: 2 3 4 5 6 7 8 9  tried: ✓1", "choices:"},
	} {
		s := New(rec, Options{Lang: c.lang, Width: 100, Height: 30, Print: true})
		s.Goto(23)
		v := s.View()
		if !strings.Contains(v, c.want) {
			t.Errorf("%s: the view lacks %q:\n%s", c.lang, c.want, v)
		}
		if strings.Contains(v, c.not) {
			t.Errorf("%s: the view says %q:\n%s", c.lang, c.not, v)
		}
	}
}
