package tracer_test

import (
	"context"
	"fmt"
	"os"
	"regexp"
	"strings"
	"testing"
	"unicode"
	"unicode/utf8"

	"github.com/backtrack-edu/backtrack/tracer"
	"github.com/backtrack-edu/backtrack/tracer/problems/nqueens"
	"github.com/backtrack-edu/backtrack/tracer/problems/sudoku"
)

// maxNoteRunes bounds an English note: one line a reader takes in at a
// glance (the aim is under 90; a few rule names with arrows run longer).
const maxNoteRunes = 100

// maxAlsoNoteRunes bounds an English reject note that names more than
// one attacker ("; also attacked by (1,3) ↗ and (2,0) ↖"): two lines of
// the stepper's 80 columns.
const maxAlsoNoteRunes = 145

const sudoku4 = ".4......3.4...2."

func hasHan(s string) bool {
	for _, r := range s {
		if unicode.Is(unicode.Han, r) {
			return true
		}
	}
	return false
}

// checkLine reports what is wrong with a note as a one-line note.
func checkLine(t *testing.T, where, note string, lang tracer.Lang) {
	t.Helper()
	switch {
	case note == "":
		t.Errorf("%s [%s]: empty note", where, lang)
	case strings.ContainsAny(note, "\n\r"):
		t.Errorf("%s [%s]: note has a line break: %q", where, lang, note)
	case strings.Contains(note, "%!"):
		t.Errorf("%s [%s]: note has a formatting error: %q", where, lang, note)
	case note != strings.TrimSpace(note):
		t.Errorf("%s [%s]: note has leading or trailing space: %q", where, lang, note)
	case lang == tracer.LangZH && !hasHan(note):
		t.Errorf("%s [zh]: note has no Chinese: %q", where, note)
	case lang == tracer.LangEN && !strings.Contains(note, "; also ") && utf8.RuneCountInString(note) > maxNoteRunes:
		t.Errorf("%s [en]: note has %d runes, want at most %d: %q", where, utf8.RuneCountInString(note), maxNoteRunes, note)
	case lang == tracer.LangEN && utf8.RuneCountInString(note) > maxAlsoNoteRunes:
		t.Errorf("%s [en]: note has %d runes, want at most %d: %q", where, utf8.RuneCountInString(note), maxAlsoNoteRunes, note)
	}
}

func queensInfo(t testing.TB, n int) tracer.Info {
	t.Helper()
	q, err := nqueens.NewNQueens(n, tracer.CheckScan)
	if err != nil {
		t.Fatal(err)
	}
	return q.Info()
}

func sudokuInfo(t testing.TB, puzzle string, order tracer.Order) tracer.Info {
	t.Helper()
	p, err := sudoku.ParsePuzzle(puzzle)
	if err != nil {
		t.Fatal(err)
	}
	s, err := sudoku.NewSudoku(p, order, tracer.CheckScan)
	if err != nil {
		t.Fatal(err)
	}
	return s.Info()
}

func TestParseLang(t *testing.T) {
	for _, l := range tracer.Langs {
		got, err := tracer.ParseLang(string(l))
		if err != nil || got != l {
			t.Errorf("ParseLang(%q) = %q, %v", l, got, err)
		}
	}
	for _, bad := range []string{"", "EN", "cn", "zh-CN", "fr"} {
		_, err := tracer.ParseLang(bad)
		if err == nil {
			t.Errorf("ParseLang(%q): no error", bad)
			continue
		}
		if !strings.Contains(err.Error(), "en or zh") {
			t.Errorf("ParseLang(%q) error %q does not list the valid values", bad, err)
		}
	}
}

func TestRuleName(t *testing.T) {
	tests := []struct {
		rule    tracer.Rule
		problem string
		en, zh  string
	}{
		{sudoku.SudokuRow, "sudoku", "row", "同行重复"},
		{sudoku.SudokuColumn, "sudoku", "column", "同列重复"},
		{sudoku.SudokuBox, "sudoku", "box", "同宫重复"},
		{nqueens.NQueensColumn, "nqueens", "column", "同列"},
		{nqueens.NQueensAntiDiagonal, "nqueens", "upper-right diagonal ↗", "右上对角线 ↗"},
		{nqueens.NQueensDiagonal, "nqueens", "upper-left diagonal ↖", "左上对角线 ↖"},
		{tracer.RuleNone, "sudoku", "", ""},
	}
	for _, tt := range tests {
		if got := mustDef(t, tt.problem).RuleName(tt.rule, tracer.LangEN); got != tt.en {
			t.Errorf("RuleName(%s, %s, en) = %q, want %q", tt.rule, tt.problem, got, tt.en)
		}
		if got := mustDef(t, tt.problem).RuleName(tt.rule, tracer.LangZH); got != tt.zh {
			t.Errorf("RuleName(%s, %s, zh) = %q, want %q", tt.rule, tt.problem, got, tt.zh)
		}
	}
	// Every rule of every registered problem has a name and a short name in
	// both languages, the Chinese one in Chinese.
	for _, d := range tracer.Problems() {
		for _, w := range d.Rules {
			for _, txt := range []tracer.Text{w.Name, w.Short} {
				if txt.EN == "" || txt.ZH == "" || txt.EN == txt.ZH || !hasHan(txt.ZH) {
					t.Errorf("%s rule %s: words %q / %q", d.Name, w.Rule, txt.EN, txt.ZH)
				}
			}
			if got := d.RuleName(w.Rule, tracer.LangZH); got != w.Name.ZH {
				t.Errorf("%s.RuleName(%s, zh) = %q, want %q", d.Name, w.Rule, got, w.Name.ZH)
			}
		}
	}
	// A rule the problem does not have is named by its number.
	if got := sudoku.SudokuDef.RuleName(5, tracer.LangZH); got != "Rule(5)" {
		t.Errorf("SudokuDef.RuleName(5) = %q, want the plain number", got)
	}
}

func TestMoveLabel(t *testing.T) {
	tests := []struct {
		problem string
		cell    tracer.Pos
		value   int
		want    string
	}{
		{"nqueens", tracer.Pos{Row: 2, Col: 0}, 0, "r2=c0"},
		{"nqueens", tracer.Pos{Row: 7, Col: 5}, 5, "r7=c5"},
		{"sudoku", tracer.Pos{Row: 4, Col: 5}, 7, "(4,5)=7"},
		{"sudoku", tracer.Pos{Row: 0, Col: 15}, 10, "(0,15)=A"},
		{"sudoku", tracer.Pos{Row: 15, Col: 0}, 16, "(15,0)=G"},
		{"sudoku", tracer.NoPos, -1, "root"},
		{"nqueens", tracer.NoPos, -1, "root"},
	}
	for _, tt := range tests {
		if got := mustDef(t, tt.problem).MoveLabel(tt.cell, tt.value); got != tt.want {
			t.Errorf("MoveLabel(%s, %v, %d) = %q, want %q", tt.problem, tt.cell, tt.value, got, tt.want)
		}
	}
}

func TestKindName(t *testing.T) {
	want := map[tracer.Kind]string{tracer.KindReject: "剪枝", tracer.KindUndo: "撤销", tracer.KindSolution: "找到解"}
	seen := map[string]tracer.Kind{}
	for _, k := range tracer.Kinds() {
		en, zh := tracer.KindName(k, tracer.LangEN), tracer.KindName(k, tracer.LangZH)
		if en != k.String() {
			t.Errorf("KindName(%s, en) = %q, want the step-log name", k, en)
		}
		if !hasHan(zh) || zh == en {
			t.Errorf("KindName(%s, zh) = %q", k, zh)
		}
		if w, ok := want[k]; ok && zh != w {
			t.Errorf("KindName(%s, zh) = %q, want %q", k, zh, w)
		}
		if o, dup := seen[zh]; dup {
			t.Errorf("KindName(%s, zh) = KindName(%s, zh) = %q", k, o, zh)
		}
		seen[zh] = k
	}
}

// mkEvent builds an event; cell and witness default to NoPos.
func mkEvent(step int64, k tracer.Kind, node, depth int) tracer.Event {
	return tracer.Event{Step: step, Kind: k, Node: node, Depth: depth, Parent: -1,
		Cell: tracer.NoPos, Witness: tracer.NoPos, From: tracer.NoPos}
}

func withMove(e tracer.Event, cell tracer.Pos, v int) tracer.Event {
	e.Cell, e.Value = cell, v
	return e
}

func cellAt(r, c int) tracer.Pos { return tracer.Pos{Row: r, Col: c} }

// narrate feeds setup to a fresh narrator in each language and returns the
// notes of last.
func narrate(info tracer.Info, st tracer.Strategy, setup []tracer.Event, last tracer.Event) (en, zh string) {
	for _, lang := range tracer.Langs {
		n := tracer.NewNarrator(info, st, lang)
		for i := range setup {
			n.Note(&setup[i])
		}
		note := n.Note(&last)
		if lang == tracer.LangEN {
			en = note
		} else {
			zh = note
		}
	}
	return en, zh
}

// Sequences that open calls, for the cases below.
func queensPrefix() []tracer.Event {
	root := mkEvent(1, tracer.KindCall, 0, 0)
	root.Value = -1
	c1 := withMove(mkEvent(4, tracer.KindCall, 1, 1), cellAt(0, 1), 1)
	c1.Parent = 0
	c2 := withMove(mkEvent(7, tracer.KindCall, 2, 2), cellAt(1, 3), 3)
	c2.Parent = 1
	return []tracer.Event{
		root,
		withMove(mkEvent(2, tracer.KindTry, 0, 0), cellAt(0, 1), 1),
		withMove(mkEvent(3, tracer.KindPlace, 0, 0), cellAt(0, 1), 1),
		c1,
		withMove(mkEvent(5, tracer.KindTry, 1, 1), cellAt(1, 3), 3),
		withMove(mkEvent(6, tracer.KindPlace, 1, 1), cellAt(1, 3), 3),
		c2,
	}
}

func sudokuPrefix() []tracer.Event {
	root := mkEvent(1, tracer.KindCall, 0, 0)
	root.Value = -1
	sc := mkEvent(2, tracer.KindScan, 0, 0)
	sc.Cell, sc.From, sc.Cost = cellAt(0, 0), cellAt(0, 0), 1
	c1 := withMove(mkEvent(5, tracer.KindCall, 1, 1), cellAt(0, 0), 1)
	c1.Parent = 0
	return []tracer.Event{root, sc,
		withMove(mkEvent(3, tracer.KindTry, 0, 0), cellAt(0, 0), 1),
		withMove(mkEvent(4, tracer.KindPlace, 0, 0), cellAt(0, 0), 1),
		c1,
	}
}

// TestNoteEveryKind narrates one event of every kind, for both problems:
// each note is one line, differs between the languages and uses the
// tutorials' terms in Chinese.
func TestNoteEveryKind(t *testing.T) {
	qinfo := queensInfo(t, 4)
	sinfo := sudokuInfo(t, sudoku4, sudoku.OrderScan2D)
	zhTerms := map[tracer.Kind][]string{
		tracer.KindReject:    {"剪枝"},
		tracer.KindUndo:      {"撤销|回溯"},
		tracer.KindExhausted: {"返回 false"},
		tracer.KindSolution:  {"返回 true"},
		tracer.KindReturn:    {"返回"},
	}
	for _, problem := range []string{"nqueens", "sudoku"} {
		info, prefix, cell, v, w := qinfo, queensPrefix(), cellAt(2, 0), 0, cellAt(1, 3)
		if problem == "sudoku" {
			info, prefix, cell, v, w = sinfo, sudokuPrefix(), cellAt(0, 2), 1, cellAt(0, 0)
		}
		last := prefix[len(prefix)-1]
		node, depth := last.Node, last.Depth
		for _, k := range tracer.Kinds() {
			e := withMove(mkEvent(100, k, node, depth), cell, v)
			setup := prefix
			switch k {
			case tracer.KindCall:
				e.Node, e.Depth, e.Parent = node+1, depth+1, node
				setup = append(append([]tracer.Event(nil), prefix...), withMove(mkEvent(99, tracer.KindPlace, node, depth), cell, v))
			case tracer.KindScan:
				e.Cell, e.From, e.Skipped, e.Cost = cellAt(0, 2), cellAt(0, 0), 2, 3
			case tracer.KindReject:
				e.Rule, e.Witness = nqueens.NQueensDiagonal, w
				if problem == "sudoku" {
					e.Rule = sudoku.SudokuRow
				}
				setup = append(append([]tracer.Event(nil), prefix...), withMove(mkEvent(99, tracer.KindTry, node, depth), cell, v))
			case tracer.KindExhausted:
				e.Cell = cellAt(2, -1)
				if problem == "sudoku" {
					e.Cell = cell
				}
			case tracer.KindLimit:
				e.Limit = tracer.LimitSteps
			}
			en, zh := narrate(info, tracer.Strategy{}, setup, e)
			where := fmt.Sprintf("%s %s", problem, k)
			checkLine(t, where, en, tracer.LangEN)
			checkLine(t, where, zh, tracer.LangZH)
			if en == zh {
				t.Errorf("%s: the same note in both languages: %q", where, en)
			}
			for _, term := range zhTerms[k] {
				if !containsAny(zh, strings.Split(term, "|")) {
					t.Errorf("%s [zh]: %q lacks %s", where, zh, term)
				}
			}
		}
	}
}

func containsAny(s string, subs []string) bool {
	for _, sub := range subs {
		if strings.Contains(s, sub) {
			return true
		}
	}
	return false
}

// TestNoteEveryRule narrates a reject for every rule of each problem, in
// each check timing: the note names the candidate's cell, the clashing cell
// and the rule.
func TestNoteEveryRule(t *testing.T) {
	type problem struct {
		info   tracer.Info
		prefix []tracer.Event
		rules  []tracer.Rule
		cell   tracer.Pos
		v      int
		wit    tracer.Pos
	}
	problems := []problem{
		{queensInfo(t, 4), queensPrefix(), nqueens.NQueensRules, cellAt(2, 2), 2, cellAt(1, 3)},
		{sudokuInfo(t, sudoku4, sudoku.OrderScan2D), sudokuPrefix(), sudoku.SudokuRules, cellAt(0, 2), 1, cellAt(0, 0)},
	}
	for _, p := range problems {
		last := p.prefix[len(p.prefix)-1]
		node, depth := last.Node, last.Depth
		for _, rule := range p.rules {
			for _, when := range tracer.Whens {
				setup := append([]tracer.Event(nil), p.prefix...)
				ndepth := depth
				switch when {
				case tracer.WhenBefore:
					setup = append(setup, withMove(mkEvent(50, tracer.KindTry, node, depth), p.cell, p.v))
				case tracer.WhenAfter:
					setup = append(setup, withMove(mkEvent(50, tracer.KindTry, node, depth), p.cell, p.v),
						withMove(mkEvent(51, tracer.KindPlace, node, depth), p.cell, p.v))
				case tracer.WhenLeaf:
					// The leaf validation happens in a full-board call, with no try.
					setup = append(setup, withMove(mkEvent(50, tracer.KindTry, node, depth), p.cell, p.v),
						withMove(mkEvent(51, tracer.KindPlace, node, depth), p.cell, p.v))
					full := withMove(mkEvent(52, tracer.KindCall, node+1, depth+1), p.cell, p.v)
					full.Parent = node
					setup = append(setup, full)
					node, ndepth = node+1, depth+1
				}
				e := withMove(mkEvent(60, tracer.KindReject, node, ndepth), p.cell, p.v)
				e.Rule, e.Witness = rule, p.wit
				en, zh := narrate(p.info, tracer.Strategy{When: when}, setup, e)
				node = last.Node
				where := fmt.Sprintf("%s reject %s when=%s", p.info.Problem, rule, when)
				checkLine(t, where, en, tracer.LangEN)
				checkLine(t, where, zh, tracer.LangZH)
				if en == zh {
					t.Errorf("%s: the same note in both languages: %q", where, en)
				}
				for _, s := range []string{p.cell.String(), p.wit.String(), p.info.Def.RuleName(rule, tracer.LangEN)} {
					if !strings.Contains(en, s) {
						t.Errorf("%s [en]: %q lacks %q", where, en, s)
					}
				}
				// The first note naming a rule introduces it (Sudoku's box:
				// "同宫（2×2 宫）重复"); a fresh narrator has named none.
				for _, s := range []string{p.cell.String(), p.wit.String(), p.info.Def.RuleIntro(rule, p.info.Size, tracer.LangZH)} {
					if !strings.Contains(zh, s) {
						t.Errorf("%s [zh]: %q lacks %q", where, zh, s)
					}
				}
				if p.info.Def == sudoku.SudokuDef && rule == sudoku.SudokuBox && !strings.Contains(zh, "宫") {
					t.Errorf("%s [zh]: %q does not say 宫", where, zh)
				}
				switch when {
				case tracer.WhenLeaf:
					// Not a prune: the board was filled without any check.
					if !strings.HasPrefix(en, tracer.LeafFailWords.Name.EN) || !strings.Contains(en, "return false") ||
						!strings.HasPrefix(zh, tracer.LeafFailWords.Name.ZH) || !strings.Contains(zh, "返回 false") ||
						strings.Contains(en, "prune") || strings.Contains(zh, "剪枝") {
						t.Errorf("%s: not a leaf-validation note: %q / %q", where, en, zh)
					}
				case tracer.WhenAfter:
					if !strings.Contains(en, "undo") || !strings.Contains(zh, "撤销") || !strings.Contains(zh, "剪枝") {
						t.Errorf("%s: the note does not say the placed candidate is undone: %q / %q", where, en, zh)
					}
				default:
					if !strings.Contains(en, "prune") || !strings.Contains(zh, "剪枝") {
						t.Errorf("%s: the note does not say prune: %q / %q", where, en, zh)
					}
				}
			}
		}
	}
}

// TestNoteCases pins the special cases: what each note must say, in both
// languages.
func TestNoteCases(t *testing.T) {
	qinfo := queensInfo(t, 4)
	sinfo := sudokuInfo(t, sudoku4, sudoku.OrderScan2D)
	linfo := sudokuInfo(t, sudoku4, sudoku.OrderLinear)
	minfo := sudokuInfo(t, sudoku4, sudoku.OrderMRV)
	all := tracer.Strategy{Stop: tracer.StopAll}
	noReturn := tracer.Strategy{Stop: tracer.StopNoReturn}
	qp, sp := queensPrefix(), sudokuPrefix()
	with := func(prefix []tracer.Event, more ...tracer.Event) []tracer.Event {
		return append(append([]tracer.Event(nil), prefix...), more...)
	}
	scan := func(cell, from tracer.Pos, skipped, cost, options int) tracer.Event {
		e := mkEvent(50, tracer.KindScan, 1, 1)
		e.Cell, e.From, e.Skipped, e.Cost, e.Value = cell, from, skipped, cost, options
		return e
	}
	ret := func(node, depth int, ok bool) tracer.Event {
		e := mkEvent(60, tracer.KindReturn, node, depth)
		e.OK = ok
		return e
	}
	limit := func(r tracer.LimitReason) tracer.Event {
		e := mkEvent(1001, tracer.KindLimit, 2, 2)
		e.Limit = r
		return e
	}
	sol := mkEvent(80, tracer.KindSolution, 2, 2)
	// A full-board queens call (depth 4) with its solution.
	full := withMove(mkEvent(70, tracer.KindCall, 3, 4), cellAt(3, 2), 2)
	full.Parent = 2
	fullSol := mkEvent(71, tracer.KindSolution, 3, 4)
	qroot := qp[0]

	tests := []struct {
		name   string
		info   tracer.Info
		st     tracer.Strategy
		setup  []tracer.Event
		e      tracer.Event
		en, zh []string // every one must appear
	}{
		{"queens root call", qinfo, all, nil, qroot, []string{"root", "row 0"}, []string{"根", "第 0 行"}},
		{"queens child call", qinfo, all, qp[:6], qp[6], []string{"call 2", "depth 2", "after the queen at (1,3)", "row 2"}, []string{"调用 2", "由 (1,3) 的皇后进入", "第 2 行"}},
		{"queens full call", qinfo, all, with(qp, withMove(mkEvent(60, tracer.KindCall, 3, 3), cellAt(2, 0), 0)), full,
			[]string{"the queen at (3,2)", "end condition"}, []string{"(3,2) 的皇后", "终止条件"}},
		{"sudoku scan2d call", sinfo, tracer.Strategy{}, sp[:4], sp[4], []string{"after the 1 at (0,0)", "rescan from (0,0)"}, []string{"由 (0,0) 的 1 进入", "二维递归"}},
		{"sudoku linear call", linfo, tracer.Strategy{}, sp[:4], sp[4], []string{"after the 1 at (0,0)", "next empty cell after (0,0)"}, []string{"由 (0,0) 的 1 进入", "下一个空格"}},
		{"sudoku mrv call", minfo, tracer.Strategy{}, sp[:4], sp[4], []string{"fewest"}, []string{"最少"}},
		{"queens try", qinfo, all, qp, withMove(mkEvent(50, tracer.KindTry, 2, 2), cellAt(2, 3), 3), []string{"column 3", "row 2", "(2,3)"}, []string{"第 2 行", "第 3 列", "(2,3)"}},
		{"sudoku try", sinfo, tracer.Strategy{}, sp, withMove(mkEvent(50, tracer.KindTry, 1, 1), cellAt(0, 2), 3), []string{"try 3 at (0,2)"}, []string{"(0,2)", "3"}},

		// scan: givens are told apart from cells placed earlier.
		{"scan skips givens", linfo, tracer.Strategy{}, sp, scan(cellAt(0, 2), cellAt(0, 1), 1, 2, 0), []string{"1 given", "(0,2)"}, []string{"预设数字", "跳过", "(0,2)"}},
		{"scan skips givens and moves", sinfo, tracer.Strategy{}, sp, scan(cellAt(0, 2), cellAt(0, 0), 2, 3, 0),
			[]string{"2 filled cells", "1 given", "1 placed earlier", "(0,2)"}, []string{"跳过", "预设数字", "本层要填的空格是 (0,2)"}},
		{"scan finds its start empty", sinfo, tracer.Strategy{}, sp[:1], scan(cellAt(0, 0), cellAt(0, 0), 0, 1, 0), []string{"(0,0)", "empty"}, []string{"(0,0)", "它本身就是空格，本层就填它"}},
		{"scan full board", sinfo, tracer.Strategy{}, sp, scan(tracer.NoPos, cellAt(0, 0), 16, 16, 0),
			[]string{"no empty cell", "4 givens", "12 placed earlier", "end condition"}, []string{"没有空格", "预设数字", "终止条件"}},
		{"scan past the last cell", linfo, tracer.Strategy{}, sp, scan(tracer.NoPos, tracer.NoPos, 0, 0, 0), []string{"board is full", "end condition"}, []string{"已满", "终止条件"}},
		{"mrv scan", minfo, tracer.Strategy{}, sp, scan(cellAt(2, 3), cellAt(0, 0), 3, 12, 2), []string{"mrv", "(2,3)", "only 2 digits", "fewest"}, []string{"(2,3)", "2 个候选数字", "最少"}},
		{"mrv scan, one digit", minfo, tracer.Strategy{}, sp, scan(cellAt(2, 3), cellAt(0, 0), 3, 12, 1), []string{"(2,3)", "only 1 digit"}, []string{"(2,3)", "1 个数字"}},
		{"mrv scan, no digit", minfo, tracer.Strategy{}, sp, scan(cellAt(2, 3), cellAt(0, 0), 3, 12, 0), []string{"(2,3)", "no digit", "pruned"}, []string{"(2,3)", "剪枝"}},

		// place, in each check timing.
		{"queens place before", qinfo, all, qp, withMove(mkEvent(50, tracer.KindPlace, 2, 2), cellAt(2, 0), 0), []string{"place a queen at (2,0)", "row 3"}, []string{"(2,0)", "做出选择", "第 3 行"}},
		{"sudoku place before", sinfo, tracer.Strategy{}, sp, withMove(mkEvent(50, tracer.KindPlace, 1, 1), cellAt(0, 2), 3), []string{"place 3 at (0,2)", "recurse"}, []string{"(0,2)", "放置 3", "做出选择"}},
		{"sudoku place after", sinfo, tracer.Strategy{When: tracer.WhenAfter}, sp, withMove(mkEvent(50, tracer.KindPlace, 1, 1), cellAt(0, 2), 3), []string{"place 3 at (0,2)", "first", "check comes after"}, []string{"(0,2)", "先", "再检查"}},
		{"sudoku place leaf", sinfo, tracer.Strategy{When: tracer.WhenLeaf}, sp, withMove(mkEvent(50, tracer.KindPlace, 1, 1), cellAt(0, 2), 3), []string{"place 3 at (0,2)", "unchecked", "full board"}, []string{"(0,2)", "不检查", "填满"}},

		// undo, after each of the things that cause it.
		{"undo after a failed branch", sinfo, tracer.Strategy{}, with(sp, ret(1, 1, false)), withMove(mkEvent(61, tracer.KindUndo, 0, 0), cellAt(0, 0), 1),
			[]string{"undo 1 at (0,0)", "failed", "next digit"}, []string{"撤销选择：拿回 (0,0) 的 1（回溯）", "走不通", "下一个数字"}},
		{"undo of the last digit", sinfo, tracer.Strategy{}, with(sp, ret(1, 1, false)), withMove(mkEvent(61, tracer.KindUndo, 0, 0), cellAt(0, 0), 4),
			[]string{"undo 4 at (0,0)", "no digit left"}, []string{"撤销", "已没有"}},
		{"undo after a clash", sinfo, tracer.Strategy{When: tracer.WhenAfter},
			with(sp, withMove(mkEvent(50, tracer.KindTry, 1, 1), cellAt(0, 2), 1), withMove(mkEvent(51, tracer.KindPlace, 1, 1), cellAt(0, 2), 1),
				tracer.Event{Step: 52, Kind: tracer.KindReject, Node: 1, Depth: 1, Parent: -1, Cell: cellAt(0, 2), Value: 1, Rule: sudoku.SudokuBox, Witness: cellAt(1, 1)}),
			withMove(mkEvent(53, tracer.KindUndo, 1, 1), cellAt(0, 2), 1), []string{"undo 1 at (0,2)", "check failed", "box"}, []string{"撤销选择", "检查不通过（同宫重复）"}},
		{"queens undo after a solution, all", qinfo, all, with(qp, ret(3, 3, true)), withMove(mkEvent(61, tracer.KindUndo, 2, 2), cellAt(2, 0), 0),
			[]string{"(2,0)", "more solutions"}, []string{"撤销", "(2,0)", "其他解"}},
		{"queens undo after a solution, no-return", qinfo, noReturn, with(qp, ret(3, 3, true)), withMove(mkEvent(61, tracer.KindUndo, 2, 2), cellAt(2, 0), 0),
			[]string{"(2,0)", "solution is lost"}, []string{"撤销", "这个解"}},

		// solution, by stop rule.
		{"queens solution, first", qinfo, tracer.Strategy{Stop: tracer.StopFirst}, with(qp, full), fullSol, []string{"4 queens", "solution found", "return true"}, []string{"返回 true", "找到解"}},
		{"queens solution, all", qinfo, all, with(qp, full), fullSol, []string{"solution 1", "record it and return", "search goes on"}, []string{"第 1 个解", "记下它，返回，继续搜索"}},
		{"queens solution, no-return", qinfo, noReturn, with(qp, full), fullSol, []string{"no return value", "stop"}, []string{"没有返回值", "撤销"}},
		{"sudoku solution", sinfo, tracer.Strategy{}, sp, sol, []string{"full and valid", "return true"}, []string{"已满且合法", "返回 true"}},
		{"sudoku solution, leaf", sinfo, tracer.Strategy{When: tracer.WhenLeaf}, sp, sol, []string{"whole-board check passes", "return true"}, []string{"整盘校验通过", "返回 true"}},

		// exhausted.
		{"queens exhausted", qinfo, all, qp, tracer.Event{Step: 90, Kind: tracer.KindExhausted, Node: 2, Depth: 2, Parent: -1, Cell: cellAt(2, -1)},
			[]string{"row 2", "→ return (回溯)"}, []string{"第 2 行", "都试完了", "都不行", "→ 返回（回溯）"}},
		{"sudoku exhausted", sinfo, tracer.Strategy{}, sp, tracer.Event{Step: 90, Kind: tracer.KindExhausted, Node: 1, Depth: 1, Parent: -1, Cell: cellAt(0, 2)},
			[]string{"all 4 digits at (0,2) failed", "return false"}, []string{"(0,2)", "4 个数字", "都不行", "返回 false", "回溯"}},
		{"queens exhausted with solutions below", qinfo, all, with(qp, full, fullSol, ret(3, 4, true)),
			tracer.Event{Step: 90, Kind: tracer.KindExhausted, Node: 2, Depth: 2, Parent: -1, Cell: cellAt(2, -1)},
			[]string{"row 2", "1 solution below", "→ return"}, []string{"第 2 行", "1 个解", "→ 返回"}},

		// return, with what the caller does next.
		{"return false", qinfo, all, qp, ret(2, 2, false), []string{"return: the caller undoes the queen at (1,3)", "last column", "ends too"},
			[]string{"返回：上一层撤销 (1,3) 的皇后", "也结束"}},
		{"return false, caller has more", sinfo, tracer.Strategy{}, sp, ret(1, 1, false), []string{"return false", "undoes the 1 at (0,0)", "next digit"}, []string{"返回 false", "撤销 (0,0) 的 1", "下一个数字"}},
		{"return of a branch with a solution", qinfo, all, with(qp, full, fullSol, ret(3, 4, true)), ret(2, 2, false),
			[]string{"return (1 solution below)", "undoes the queen at (1,3)", "last column", "ends"}, []string{"这条分支搜完了（其中有 1 个解）", "撤销 (1,3) 的皇后", "也结束"}},
		{"return false to a caller with a solution", qinfo, all,
			with(qp[:3], withMove(mkEvent(30, tracer.KindCall, 2, 2), cellAt(1, 0), 0), full, fullSol, ret(3, 4, true), ret(2, 2, false),
				withMove(mkEvent(61, tracer.KindUndo, 1, 1), cellAt(1, 0), 0), withMove(mkEvent(62, tracer.KindCall, 4, 2), cellAt(1, 3), 3)),
			ret(4, 2, false), []string{"return: ", "the queen at (1,3)", "ends"}, []string{"返回：", "(1,3) 的皇后", "也结束"}},
		{"return true at the solution, first", qinfo, tracer.Strategy{Stop: tracer.StopFirst}, with(qp, full, fullSol), ret(3, 4, true),
			[]string{"return true", "keeps the queen at (3,2)", "returns true too"}, []string{"返回 true", "保留 (3,2) 的皇后"}},
		{"return true up the chain", qinfo, tracer.Strategy{Stop: tracer.StopFirst}, with(qp, full, fullSol, ret(3, 4, true)), ret(2, 2, true),
			[]string{"return true", "the queen at (1,3) stays"}, []string{"返回 true", "(1,3) 的皇后"}},
		{"root returns true", qinfo, tracer.Strategy{Stop: tracer.StopFirst}, qp[:1], ret(0, 0, true), []string{"root returns true", "stops"}, []string{"根返回 true"}},
		{"return true, all", qinfo, all, with(qp, full, fullSol), ret(3, 4, true), []string{"return: ", "undoes the queen at (3,2)", "more solutions"}, []string{"返回：", "撤销 (3,2) 的皇后"}},
		{"return, no-return", qinfo, noReturn, with(qp, full, fullSol), ret(3, 4, true), []string{"no value", "undoes the queen at (3,2)"}, []string{"没有返回值", "撤销 (3,2) 的皇后"}},
		{"root returns false, first", sinfo, tracer.Strategy{}, sp[:1], ret(0, 0, false), []string{"root returns false", "no solution"}, []string{"根返回 false", "无解"}},
		{"root call ends, all", qinfo, all, with(qp[:1], full, fullSol), ret(0, 0, false), []string{"the root call ends", "search complete", "1 solution found"},
			[]string{"根调用结束：搜索完毕，共找到 1 个解"}},
		{"root call ends, all, none", qinfo, all, qp[:1], ret(0, 0, false), []string{"the root call ends", "no solution"}, []string{"根调用结束", "无解"}},

		// limits.
		{"step limit", qinfo, all, qp, limit(tracer.LimitSteps), []string{"step limit", "1001", "unfinished"}, []string{"步数上限", "1001"}},
		{"call limit", qinfo, all, qp, limit(tracer.LimitCalls), []string{"call limit", "3 calls"}, []string{"调用次数上限", "3 次调用"}},
		{"time limit", qinfo, all, qp, limit(tracer.LimitTime), []string{"time limit"}, []string{"时间上限"}},
		{"canceled", qinfo, all, qp, limit(tracer.LimitCanceled), []string{"canceled"}, []string{"取消"}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			en, zh := narrate(tt.info, tt.st, tt.setup, tt.e)
			checkLine(t, tt.name, en, tracer.LangEN)
			checkLine(t, tt.name, zh, tracer.LangZH)
			if en == zh {
				t.Errorf("the same note in both languages: %q", en)
			}
			for _, s := range tt.en {
				if !containsAny(en, strings.Split(s, "|")) {
					t.Errorf("en note %q lacks %q", en, s)
				}
			}
			for _, s := range tt.zh {
				if !containsAny(zh, strings.Split(s, "|")) {
					t.Errorf("zh note %q lacks %q", zh, s)
				}
			}
		})
	}
}

// noteChecker is a Sink that narrates every event of a real search in both
// languages and checks each note against the event and against the board,
// which it replays: a reject note's clashing cell must really hold the
// candidate's digit (or a queen).
type noteChecker struct {
	t      *testing.T
	name   string
	info   tracer.Info
	void   bool // the template returns nothing: no note says true or false
	en, zh *tracer.Narrator
	board  []int // Sudoku digits, or the queen's column per row (-1: none)
	size   int
	counts map[tracer.Kind]int
	errs   int
	// the first notes of each kind, for the run's own assertions.
	notes map[tracer.Kind][][2]string
}

func newNoteChecker(t *testing.T, name string, p tracer.Problem, st tracer.Strategy) *noteChecker {
	info := p.Info()
	c := &noteChecker{t: t, name: name, info: info, void: st.Void(),
		en: tracer.NewNarrator(info, st, tracer.LangEN), zh: tracer.NewNarrator(info, st, tracer.LangZH),
		size: info.Size, counts: map[tracer.Kind]int{}, notes: map[tracer.Kind][][2]string{}}
	if info.Problem == "sudoku" {
		pz, err := sudoku.ParsePuzzle(info.Instance)
		if err != nil {
			t.Fatal(err)
		}
		c.board = append([]int(nil), pz.Cells...)
	} else {
		c.board = make([]int, info.Size)
		for i := range c.board {
			c.board[i] = -1
		}
	}
	return c
}

func (c *noteChecker) errorf(e *tracer.Event, format string, args ...any) {
	c.t.Helper()
	if c.errs++; c.errs <= 20 {
		c.t.Errorf("%s step %d (%s): %s", c.name, e.Step, e.Kind, fmt.Sprintf(format, args...))
	}
}

// holds reports whether the board has v (a digit, or a queen) at p.
func (c *noteChecker) holds(p tracer.Pos, v int) bool {
	if p.Row < 0 || p.Row >= c.size || p.Col < 0 || p.Col >= c.size {
		return false
	}
	if c.info.Problem == "nqueens" {
		return c.board[p.Row] == p.Col
	}
	return c.board[p.Row*c.size+p.Col] == v
}

func (c *noteChecker) set(p tracer.Pos, v int) {
	if c.info.Problem == "nqueens" {
		c.board[p.Row] = v
	} else {
		c.board[p.Row*c.size+p.Col] = v
	}
}

func (c *noteChecker) Event(e *tracer.Event) {
	en, zh := c.en.Note(e), c.zh.Note(e)
	c.counts[e.Kind]++
	if len(c.notes[e.Kind]) < 5000 {
		c.notes[e.Kind] = append(c.notes[e.Kind], [2]string{en, zh})
	}
	where := fmt.Sprintf("%s step %d (%s)", c.name, e.Step, e.Kind)
	if c.errs < 20 {
		checkLine(c.t, where, en, tracer.LangEN)
		checkLine(c.t, where, zh, tracer.LangZH)
	}
	if en == zh {
		c.errorf(e, "the same note in both languages: %q", en)
	}
	// What each note must mention: the same coordinates as the event.
	var must, mustEN, mustZH []string
	queens := c.info.Problem == "nqueens"
	digit := func(v int) string { return string(sudoku.DigitChar(v)) }
	switch e.Kind {
	case tracer.KindCall:
		// The move that led here, in the cell form of the other notes.
		if e.Value >= 0 {
			must = append(must, e.Cell.String())
			if !queens && !strings.Contains(en, "the "+digit(e.Value)+" at "+e.Cell.String()) {
				c.errorf(e, "en note %q does not say the %s at %s", en, digit(e.Value), e.Cell)
			}
			if strings.Contains(zh, "上一步") || !strings.Contains(zh, "进入") {
				c.errorf(e, "zh note %q does not say 由 … 进入", zh)
			}
		}
	case tracer.KindScan:
		if e.Cell.Row >= 0 {
			must = append(must, e.Cell.String())
		} else if !strings.Contains(en, "end condition") || !strings.Contains(zh, "终止条件") {
			c.errorf(e, "a scan that finds no cell must name the end condition: %q / %q", en, zh)
		}
	case tracer.KindTry, tracer.KindPlace, tracer.KindUndo:
		must = append(must, e.Cell.String())
		if !queens {
			if !strings.Contains(en, digit(e.Value)+" at "+e.Cell.String()) {
				c.errorf(e, "en note %q does not say %s at %s", en, digit(e.Value), e.Cell)
			}
		}
	case tracer.KindReject:
		must = append(must, e.Cell.String(), e.Witness.String())
		if !c.holds(e.Witness, e.Value) {
			c.errorf(e, "the clashing cell %s does not hold %d: the note would be wrong", e.Witness, e.Value)
		}
		if !queens && !strings.Contains(en, "the "+digit(e.Value)+" at "+e.Witness.String()) {
			c.errorf(e, "en note %q does not name the clashing digit", en)
		}
	case tracer.KindExhausted:
		if queens {
			mustEN = append(mustEN, fmt.Sprintf("row %d", e.Cell.Row))
			mustZH = append(mustZH, fmt.Sprintf("第 %d 行", e.Cell.Row))
		} else {
			must = append(must, e.Cell.String())
		}
		switch {
		case c.void && (strings.Contains(zh, "false") || !strings.Contains(zh, "→ 返回")):
			c.errorf(e, "zh note %q of a template with no return value must say → 返回, not false", zh)
		case !c.void && !strings.Contains(zh, "返回 false"):
			c.errorf(e, "zh note %q lacks 返回 false", zh)
		}
	case tracer.KindSolution:
		switch {
		case c.void && (strings.Contains(zh, "返回 true") && !strings.Contains(zh, "不会返回 true") || !strings.Contains(zh, "返回")):
			c.errorf(e, "zh note %q of a template with no return value must say 返回, not true", zh)
		case !c.void && !strings.Contains(zh, "返回 true"):
			c.errorf(e, "zh note %q lacks 返回 true", zh)
		}
	case tracer.KindReturn:
		switch {
		case c.void && e.Depth > 0 && (strings.Contains(en, "true") || strings.Contains(en, "false")):
			c.errorf(e, "en note %q of a template with no return value says true or false", en)
		case c.void:
		case e.OK:
			if !strings.Contains(en, "true") && !strings.Contains(en, "no value") {
				c.errorf(e, "en note %q does not say true", en)
			}
		case strings.Contains(en, " below)") || strings.HasPrefix(en, "the root call ends"):
			// A branch that holds a solution, or the end of an
			// all-solutions search, did not fail.
			if strings.Contains(en, "false") || strings.Contains(en, "fail") ||
				strings.Contains(zh, "false") || !strings.Contains(zh, "个解") {
				c.errorf(e, "a return with solutions says false or fail: %q / %q", en, zh)
			}
		default:
			if !strings.Contains(en, "false") {
				c.errorf(e, "en note %q does not say false", en)
			}
		}
	case tracer.KindLimit:
		if !strings.Contains(en, "limit") && !strings.Contains(en, "cancel") {
			c.errorf(e, "en note %q does not name the limit", en)
		}
	}
	for _, s := range append(must, mustEN...) {
		if !strings.Contains(en, s) {
			c.errorf(e, "en note %q lacks %q", en, s)
		}
	}
	for _, s := range append(must, mustZH...) {
		if !strings.Contains(zh, s) {
			c.errorf(e, "zh note %q lacks %q", zh, s)
		}
	}
	// Replay the board after the checks: an after-mode reject sees its
	// candidate on the board, as the search does.
	switch e.Kind {
	case tracer.KindPlace:
		c.set(e.Cell, e.Value)
	case tracer.KindUndo:
		c.set(e.Cell, map[bool]int{true: -1, false: 0}[queens])
	}
}

func runNotes(t *testing.T, name string, p tracer.Problem, st tracer.Strategy, lim tracer.Limits) (*noteChecker, *tracer.Result) {
	t.Helper()
	c := newNoteChecker(t, name, p, st)
	r, err := tracer.Run(context.Background(), p, tracer.Options{When: st.When, Stop: st.Stop, Limits: lim, Sinks: []tracer.Sink{c}})
	if err != nil {
		t.Fatal(err)
	}
	return c, r
}

// someNote reports whether a note of kind k contains every one of subs.
func (c *noteChecker) someNote(k tracer.Kind, lang int, subs ...string) bool {
	for _, pair := range c.notes[k] {
		ok := true
		for _, s := range subs {
			ok = ok && strings.Contains(pair[lang], s)
		}
		if ok {
			return true
		}
	}
	return false
}

func TestNotesRealSearches(t *testing.T) {
	const en, zh = 0, 1
	newQueens := func(n int) tracer.Problem {
		q, err := nqueens.NewNQueens(n, tracer.CheckScan)
		if err != nil {
			t.Fatal(err)
		}
		return q
	}
	newSudoku := func(puzzle string, order tracer.Order, check tracer.Check) tracer.Problem {
		p, err := sudoku.ParsePuzzle(puzzle)
		if err != nil {
			t.Fatal(err)
		}
		s, err := sudoku.NewSudoku(p, order, check)
		if err != nil {
			t.Fatal(err)
		}
		return s
	}

	t.Run("4-queens all solutions", func(t *testing.T) {
		c, r := runNotes(t, "4-queens", newQueens(4), tracer.Strategy{Stop: tracer.StopAll}, tracer.Limits{})
		if r.Solutions != 2 || c.counts[tracer.KindSolution] != 2 {
			t.Fatalf("solutions = %d, notes %d", r.Solutions, c.counts[tracer.KindSolution])
		}
		if !c.someNote(tracer.KindSolution, en, "solution 2") || !c.someNote(tracer.KindSolution, zh, "第 2 个解") {
			t.Errorf("no note numbers the second solution: %q", c.notes[tracer.KindSolution])
		}
		if !c.someNote(tracer.KindReturn, en, "the root call ends", "2 solutions found") ||
			!c.someNote(tracer.KindReturn, zh, "根调用结束：搜索完毕，共找到 2 个解") {
			t.Errorf("the root's return does not sum up the search")
		}
		for _, rule := range nqueens.NQueensRules {
			if !c.someNote(tracer.KindReject, zh, "剪枝", nqueens.NQueensDef.RuleName(rule, tracer.LangZH)) {
				t.Errorf("no zh reject note for %s", rule)
			}
		}
		if !c.someNote(tracer.KindExhausted, en, "solutions below") {
			t.Errorf("the root's exhausted note does not say solutions were found below it")
		}
	})

	t.Run("4-queens no-return", func(t *testing.T) {
		c, r := runNotes(t, "4-queens no-return", newQueens(4), tracer.Strategy{Stop: tracer.StopNoReturn}, tracer.Limits{})
		if r.Status != tracer.StatusLost {
			t.Fatalf("status %s", r.Status)
		}
		if !c.someNote(tracer.KindUndo, en, "solution is lost") || !c.someNote(tracer.KindSolution, zh, "没有返回值") {
			t.Errorf("no-return notes do not say the solution is lost")
		}
	})

	t.Run("4x4 sudoku scan2d", func(t *testing.T) {
		c, r := runNotes(t, "4x4", newSudoku(sudoku4, sudoku.OrderScan2D, tracer.CheckScan), tracer.Strategy{}, tracer.Limits{})
		if r.Status != tracer.StatusSolved {
			t.Fatalf("status %s", r.Status)
		}
		if !c.someNote(tracer.KindScan, zh, "预设数字") || !c.someNote(tracer.KindScan, en, "given") {
			t.Errorf("no scan note says it skipped givens")
		}
		if !c.someNote(tracer.KindScan, en, "end condition") {
			t.Errorf("no scan note finds the board full")
		}
		if !c.someNote(tracer.KindReturn, en, "root returns true") {
			t.Errorf("the root does not return true")
		}
	})

	t.Run("4x4 sudoku mrv", func(t *testing.T) {
		c, _ := runNotes(t, "4x4 mrv", newSudoku(sudoku4, sudoku.OrderMRV, tracer.CheckCounts), tracer.Strategy{Order: sudoku.OrderMRV}, tracer.Limits{})
		if !c.someNote(tracer.KindScan, en, "mrv", "digit") {
			t.Errorf("no mrv scan note: %q", c.notes[tracer.KindScan])
		}
	})

	t.Run("LeetCode 37 when=after", func(t *testing.T) {
		// The whole search (about 0.2 M events) unless -short.
		var lim tracer.Limits
		want := tracer.StatusSolved
		if testing.Short() {
			lim.MaxSteps, want = 20000, tracer.StatusLimit
		}
		c, r := runNotes(t, "lc37 after", newSudoku(sudoku.LeetCode37, sudoku.OrderLinear, tracer.CheckScan),
			tracer.Strategy{When: tracer.WhenAfter}, lim)
		if r.Status != want {
			t.Fatalf("status %s, want %s", r.Status, want)
		}
		if !c.someNote(tracer.KindReject, en, "just placed", "undo it") || !c.someNote(tracer.KindReject, zh, "先放后查", "撤销") {
			t.Errorf("after-mode rejects do not say the digit was placed first")
		}
		if !c.someNote(tracer.KindUndo, en, "check failed") {
			t.Errorf("after-mode undos do not say the check failed")
		}
		for _, rule := range sudoku.SudokuRules {
			if !c.someNote(tracer.KindReject, zh, sudoku.SudokuDef.RuleName(rule, tracer.LangZH)) {
				t.Errorf("no zh reject note for %s", rule)
			}
		}
		if !c.someNote(tracer.KindPlace, en, "first") {
			t.Errorf("after-mode places do not say place first")
		}
	})

	t.Run("LeetCode 37 when=leaf with a step limit", func(t *testing.T) {
		c, r := runNotes(t, "lc37 leaf", newSudoku(sudoku.LeetCode37, sudoku.OrderLinear, tracer.CheckScan),
			tracer.Strategy{When: tracer.WhenLeaf}, tracer.Limits{MaxSteps: 3000})
		if r.Status != tracer.StatusLimit {
			t.Fatalf("status %s", r.Status)
		}
		if c.counts[tracer.KindReject] == 0 || c.counts[tracer.KindTry] == 0 {
			t.Fatalf("counts %v", c.counts)
		}
		if !c.someNote(tracer.KindReject, en, tracer.LeafFailWords.Name.EN, "return false") ||
			!c.someNote(tracer.KindReject, zh, tracer.LeafFailWords.Name.ZH, "返回 false") {
			t.Errorf("leaf rejects are not told as a full-board validation: %q", c.notes[tracer.KindReject][:1])
		}
		if c.someNote(tracer.KindReject, en, "prune") || c.someNote(tracer.KindReject, zh, "剪枝") {
			t.Errorf("a leaf validation is called a prune")
		}
		if !c.someNote(tracer.KindLimit, en, "step limit") || !c.someNote(tracer.KindLimit, zh, "步数上限") {
			t.Errorf("limit note: %q", c.notes[tracer.KindLimit])
		}
	})

	t.Run("16x16 mrv", func(t *testing.T) {
		text, err := os.ReadFile("../examples/puzzles/16x16.txt")
		if err != nil {
			t.Skip(err)
		}
		c, _ := runNotes(t, "16x16", newSudoku(string(text), sudoku.OrderMRV, tracer.CheckCounts),
			tracer.Strategy{Order: sudoku.OrderMRV}, tracer.Limits{MaxSteps: 20000})
		if !c.someNote(tracer.KindSolution, en, "return true") {
			t.Errorf("no solution note: %q", c.notes[tracer.KindSolution])
		}
		// Digits 10-16 are written A-G, as in the puzzle.
		letter := regexp.MustCompile(`(try [A-G] at|\)=[A-G]:)`)
		found := 0
		for _, k := range []tracer.Kind{tracer.KindTry, tracer.KindCall} {
			for _, pair := range c.notes[k] {
				if letter.MatchString(pair[en]) {
					found++
				}
			}
		}
		if found == 0 {
			t.Errorf("no note writes the digits 10-16 as A-G")
		}
	})
}

// TestNarratorLearnsFromEvents gives the narrator the default strategy for
// searches that use another: the events correct it.
func TestNarratorLearnsFromEvents(t *testing.T) {
	notes := func(p tracer.Problem, opts tracer.Options) []string {
		n := tracer.NewNarrator(p.Info(), tracer.Strategy{}, tracer.LangEN)
		var out []string
		opts.Sinks = []tracer.Sink{tracer.SinkFunc(func(e *tracer.Event) { out = append(out, e.Kind.String()+": "+n.Note(e)) })}
		if _, err := tracer.Run(context.Background(), p, opts); err != nil {
			t.Fatal(err)
		}
		return out
	}
	last := func(notes []string, prefix string) string {
		for i := len(notes) - 1; i >= 0; i-- {
			if strings.HasPrefix(notes[i], prefix) {
				return notes[i]
			}
		}
		return ""
	}
	q, _ := nqueens.NewNQueens(4, tracer.CheckScan)
	got := notes(q, tracer.Options{Stop: tracer.StopAll})
	if l := last(got, "solution"); !strings.Contains(l, "solution 2") {
		t.Errorf("once a solution was undone, the next one is not counted: %q", l)
	}
	p, _ := sudoku.ParsePuzzle(sudoku4)
	s, _ := sudoku.NewSudoku(p, sudoku.OrderLinear, tracer.CheckScan)
	got = notes(s, tracer.Options{When: tracer.WhenAfter})
	if l := last(got, "place"); !strings.Contains(l, "first") {
		t.Errorf("the last place note does not say place first: %q", l)
	}
	q, _ = nqueens.NewNQueens(4, tracer.CheckScan)
	got = notes(q, tracer.Options{When: tracer.WhenLeaf, Stop: tracer.StopAll})
	if l := last(got, "place"); !strings.Contains(l, "unchecked") {
		t.Errorf("the last place note does not say unchecked: %q", l)
	}
}

// ExampleNewNarrator narrates the first steps of 4-queens in English and
// Chinese.
func ExampleNewNarrator() {
	q, _ := nqueens.NewNQueens(4, tracer.CheckScan)
	st := tracer.Strategy{Order: nqueens.OrderRows, Check: tracer.CheckScan, When: tracer.WhenBefore, Stop: tracer.StopAll}
	en := tracer.NewNarrator(q.Info(), st, tracer.LangEN)
	zh := tracer.NewNarrator(q.Info(), st, tracer.LangZH)
	sink := tracer.SinkFunc(func(e *tracer.Event) {
		a, b := en.Note(e), zh.Note(e)
		if e.Step <= 6 {
			fmt.Printf("%d %s: %s\n  %s\n", e.Step, e.Kind, a, b)
		}
	})
	tracer.Run(context.Background(), q, tracer.Options{Stop: st.Stop, Sinks: []tracer.Sink{sink}})
	// Output:
	// 1 call: call 0 (root, depth 0): decide the column of row 0
	//   调用 0（根，深度 0）：决定第 0 行的皇后放哪一列
	// 2 try: try column 0 in row 0: a queen at (0,0)
	//   尝试第 0 行第 0 列：把皇后放在 (0,0)
	// 3 place: no attack: place a queen at (0,0) (做出选择) and recurse to row 1
	//   没有冲突：在 (0,0) 放皇后（做出选择），递归到第 1 行
	// 4 call: call 1 at depth 1 after the queen at (0,0): decide the column of row 1
	//   调用 1（深度 1，由 (0,0) 的皇后进入）：决定第 1 行的皇后放哪一列
	// 5 try: try column 0 in row 1: a queen at (1,0)
	//   尝试第 1 行第 0 列：把皇后放在 (1,0)
	// 6 reject: a queen at (1,0) would share column 0 with the queen at (0,0): prune (剪枝)
	//   (1,0) 放皇后会与 (0,0) 的皇后同列：剪枝
}

// mustDef looks a problem up in the registry.
func mustDef(t *testing.T, name string) *tracer.Def {
	t.Helper()
	d, err := tracer.Lookup(name)
	if err != nil {
		t.Fatal(err)
	}
	return d
}

// TestNotesIntroduceTheBox checks that a log names Sudoku's box in full
// (九宫格) in the first note that names it, and briefly after that, and
// that RuleNamed lets a narrator that starts in the middle do the same.
func TestNotesIntroduceTheBox(t *testing.T) {
	p, err := sudoku.ParsePuzzle(sudoku.LeetCode37)
	if err != nil {
		t.Fatal(err)
	}
	s, err := sudoku.NewSudoku(p, sudoku.OrderScan2D, tracer.CheckScan)
	if err != nil {
		t.Fatal(err)
	}
	nar := tracer.NewNarrator(s.Info(), tracer.Strategy{}, tracer.LangZH)
	var box []string
	sink := tracer.SinkFunc(func(e *tracer.Event) {
		note := nar.Note(e)
		if e.Kind == tracer.KindReject && e.Rule == sudoku.SudokuBox && len(box) < 3 {
			box = append(box, note)
		}
	})
	if _, err := tracer.Run(context.Background(), s, tracer.Options{Sinks: []tracer.Sink{sink}, Limits: tracer.Limits{MaxSteps: 20000}}); err != nil {
		t.Fatal(err)
	}
	if len(box) < 2 {
		t.Fatalf("box rejects: %q", box)
	}
	if !strings.Contains(box[0], "同宫（3×3 九宫格）重复") {
		t.Errorf("the first box note does not introduce 九宫格: %q", box[0])
	}
	for _, n := range box[1:] {
		if strings.Contains(n, "九宫格") || !strings.Contains(n, "同宫重复") {
			t.Errorf("a later box note is not the short form: %q", n)
		}
	}
	if got := sudoku.SudokuDef.RuleIntro(sudoku.SudokuBox, 4, tracer.LangZH); got != "同宫（2×2 宫）重复" {
		t.Errorf("4×4 intro = %q", got)
	}
	if got := sudoku.SudokuDef.RuleIntro(sudoku.SudokuRow, 9, tracer.LangZH); got != "同行重复" {
		t.Errorf("row intro = %q", got)
	}

	// A narrator told that the box was named writes the short form.
	late := tracer.NewNarrator(s.Info(), tracer.Strategy{}, tracer.LangZH)
	late.RuleNamed(sudoku.SudokuBox)
	e := tracer.Event{Step: 9, Kind: tracer.KindReject, Node: 1, Depth: 1, Parent: -1, Cell: tracer.Pos{Row: 0, Col: 2},
		Value: 6, Rule: sudoku.SudokuBox, Witness: tracer.Pos{Row: 1, Col: 1}}
	if n := late.Note(&e); strings.Contains(n, "九宫格") || !strings.Contains(n, "同宫重复") {
		t.Errorf("after RuleNamed: %q", n)
	}
}
