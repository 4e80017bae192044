package stepper

import (
	"fmt"
	"reflect"
	"regexp"
	"slices"
	"strings"
	"testing"
	"unicode"

	"backtrack/render/internal/textwidth"
	"backtrack/tracer"
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
		// 4-queens, a reject: the candidate, the queen it clashes with, the
		// columns left in the row being decided, the columns already tried.
		{"queens reject", queens, 15, tracer.KindReject, map[[2]int]string{
			{2, 1}: "[Q]", {1, 2}: "<Q>", {2, 2}: "( )", {2, 3}: "( )", {2, 0}: " . ", {0, 0}: " Q "}},
		{"queens place", queens, 10, tracer.KindPlace, map[[2]int]string{{1, 2}: "[Q]", {1, 3}: "( )", {0, 0}: " Q "}},
		// Sudoku 4×4, a reject by the box: candidate, clash, givens plain,
		// digits of the search with a +.
		{"sudoku reject", sudoku, 28, tracer.KindReject, map[[2]int]string{
			{1, 1}: "[1]", {0, 0}: "<1>", {0, 1}: " 4 ", {0, 2}: " 3+", {1, 2}: " . "}},
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
				cand := string(tracer.DigitChar(e.Value))
				w, _ := s.rec.boardAt(k).At(e.Witness)
				clash := string(tracer.DigitChar(w))
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
	rec := stepSudoku(t, tracer.LeetCode37, tracer.OrderScan2D, tracer.Options{Limits: tracer.Limits{MaxSteps: 3 * stepCheckpoint}})
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

func TestStackFrames(t *testing.T) {
	queens := stepGoldenRecs["queens4"](t)
	sudoku := stepGoldenRecs["sudoku4"](t)
	perms := stepGoldenRecs["perms3"](t)
	type fr struct {
		path  string // the move label, or "end"
		state frameState
		left  []int
	}
	tests := []struct {
		rec  *Recording
		k    int64
		want []fr
	}{
		{queens, 15, []fr{{"r0=c0", fsPlaced, []int{1, 2, 3}}, {"r1=c2", fsPlaced, []int{3}}, {"r2=c1", fsReject, []int{2, 3}}}},
		{queens, 20, []fr{{"r0=c0", fsPlaced, []int{1, 2, 3}}, {"r1=c2", fsPlaced, []int{3}}, {"", fsExhausted, nil}}},
		{queens, 21, []fr{{"r0=c0", fsPlaced, []int{1, 2, 3}}, {"r1=c2", fsPlaced, []int{3}}, {"", fsReturn, nil}}},
		{queens, 22, []fr{{"r0=c0", fsPlaced, []int{1, 2, 3}}, {"r1=c2", fsUndone, []int{3}}}},
		{queens, 74, []fr{{"r0=c1", fsPlaced, []int{2, 3}}, {"r1=c3", fsPlaced, nil}, {"r2=c0", fsPlaced, []int{1, 2, 3}},
			{"r3=c2", fsPlaced, []int{3}}, {"end", fsSolution, nil}}},
		{sudoku, 5, []fr{{"(0,0)=1", fsPlaced, []int{2, 3, 4}}, {"", fsNew, []int{1, 2, 3, 4}}}},
		{sudoku, 28, []fr{{"(0,0)=1", fsPlaced, []int{2, 3, 4}}, {"(0,2)=3", fsPlaced, []int{4}}, {"(0,3)=2", fsPlaced, []int{3, 4}},
			{"(1,0)=2", fsPlaced, []int{3, 4}}, {"(1,1)=1", fsReject, []int{2, 3, 4}}}},
		{sudoku, rec4Last(sudoku), []fr{{"(0,0)=1", fsReturn, []int{2, 3, 4}}}},
		// Permutations: the numbers 1..n left at each position.
		{perms, 1, []fr{{"", fsNew, []int{1, 2, 3}}}},
		{perms, 11, []fr{{"p0=1", fsPlaced, []int{2, 3}}, {"p1=2", fsPlaced, []int{3}}, {"p2=1", fsReject, []int{2, 3}}}},
		{perms, 17, []fr{{"p0=1", fsPlaced, []int{2, 3}}, {"p1=2", fsPlaced, []int{3}}, {"p2=3", fsPlaced, nil}, {"end", fsSolution, nil}}},
		{perms, 20, []fr{{"p0=1", fsPlaced, []int{2, 3}}, {"p1=2", fsPlaced, []int{3}}, {"", fsExhausted, nil}}},
		{perms, rec4Last(perms), []fr{{"", fsReturn, nil}}},
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
			got = append(got, fr{path, f.state, f.left})
		}
		if !reflect.DeepEqual(got, tt.want) {
			t.Errorf("%s step %d: frames\n got %+v\nwant %+v", tt.rec.info.Problem, tt.k, got, tt.want)
		}
	}
}

func rec4Last(r *Recording) int64 { return r.Len() }

// stackMore reads the count of calls left out from stack lines: a line
// "... k more", or "(... k more)" in the header or after the innermost call.
var stackMore = regexp.MustCompile(`\.\.\. (\d+) more|……另有 (\d+) 层`)

// TestStackOverflow checks that a stack deeper than the room shows the
// root, "... k more" and the innermost calls; that with less room the count
// moves into the header, or after the innermost call; and that the calls
// shown and counted add up, at every number of lines.
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
				if strings.HasPrefix(l, "  d") || strings.HasPrefix(l, "> d") {
					shown++
				}
				if m := stackMore.FindStringSubmatch(l); m != nil {
					fmt.Sscan(m[1]+m[2], &more)
				}
			}
			if shown+more != len(st.frames) {
				t.Errorf("%s stackLines(%d): %d shown + %d more != %d frames:\n%s", lang, n, shown, more, len(st.frames), all)
			}
			if !strings.HasPrefix(text[len(text)-1], "> d") {
				t.Errorf("%s stackLines(%d): the innermost call is not last:\n%s", lang, n, all)
			}
			if n >= 4 && !strings.HasPrefix(text[1], "  d0 ") {
				t.Errorf("%s stackLines(%d): the root is not first:\n%s", lang, n, all)
			}
			if n >= 2 && !strings.HasPrefix(text[0], s.pick("call stack", "调用栈")) && !strings.HasPrefix(text[0], "stack") {
				t.Errorf("%s stackLines(%d): no header:\n%s", lang, n, all)
			}
		}
	}
}

// TestStackMoreOnScreen checks the views of the deepest step of each big
// board at 80×24 (where 16×16 leaves the stack two lines) and a few other
// sizes: when calls are left out, the screen says how many, for N-Queens
// and Sudoku alike.
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
				m := stackMore.FindStringSubmatch(v)
				switch {
				case shown == frames && m != nil:
					t.Errorf("%s %v print=%v: every call shown, yet %q:\n%s", name, size, print, m[0], v)
				case shown < frames && m == nil:
					t.Errorf("%s %v print=%v: %d of %d calls shown and no \"more\":\n%s", name, size, print, shown, frames, v)
				case m != nil && m[1] != fmt.Sprint(frames-shown):
					t.Errorf("%s %v print=%v: %q, but %d of %d calls shown:\n%s", name, size, print, m[0], shown, frames, v)
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
		if def.Puzzle != nil {
			limit = 36
		}
		for _, when := range tracer.Whens {
			for _, stop := range tracer.Stops {
				for _, order := range def.Orders {
					for _, drop := range []tracer.Drop{tracer.DropNone, tracer.DropReturnFalse} {
						if drop != tracer.DropNone && order != tracer.OrderScan2D {
							continue
						}
						name := fmt.Sprintf("%s/%s/%s/%s/%s", def.Name, order, when, stop, drop)
						code := templateCode(def.Code, 4, tracer.Strategy{Order: order, When: when, Stop: stop, Drop: drop})
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
							tag := eventTag(rec.strategy, &e, &prev)
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
	code := templateCode(tracer.CodeParts{}, 3, tracer.Strategy{Order: tracer.OrderRows, When: tracer.WhenBefore, Stop: tracer.StopAll})
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
	code = templateCode(tracer.CodeParts{Signature: "func walk(i int) bool {", Value: "x"}, 3, tracer.Strategy{When: tracer.WhenAfter, Stop: tracer.StopFirst})
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
	if !strings.Contains(v, "["+string(tracer.DigitChar(e.Value))) || !strings.Contains(v, "<") {
		t.Fatalf("reject marks missing:\n%s", v)
	}
	if strings.Contains(v, "["+string(tracer.DigitChar(e.Value))+"]") {
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
