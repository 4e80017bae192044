package lessons

import (
	"context"
	"regexp"
	"strings"
	"testing"

	"github.com/backtrack-edu/backtrack/tracer"
)

// TestExercises checks that every lesson ends with three to six
// exercises in each language, each answer folded in a <details> block,
// and that the worksheet holds the questions without the answers while
// the key holds both.
func TestExercises(t *testing.T) {
	for _, lang := range tracer.Langs {
		var ms []*Made
		for _, l := range allLessons(t) {
			m := makeLesson(t, l, lang)
			ms = append(ms, m)
			if n := len(m.Exercises); n < 3 || n > 6 {
				t.Errorf("%s (%s): %d exercises, want 3 to 6", l.Name, lang, n)
			}
			page := string(m.Files["index.md"])
			if got := strings.Count(page, "<details><summary>"); got != len(m.Exercises) {
				t.Errorf("%s (%s): %d folded answers on the page, want %d", l.Name, lang, got, len(m.Exercises))
			}
			for i, x := range m.Exercises {
				if x.Q == "" || x.A == "" || !strings.Contains(page, x.A) {
					t.Errorf("%s (%s) exercise %d: question %q, answer %q not on the page", l.Name, lang, i+1, x.Q, x.A)
				}
			}
		}
		sheet, key := string(Worksheet(ms, lang, false)), string(Worksheet(ms, lang, true))
		for _, m := range ms {
			for _, x := range m.Exercises {
				// (A question of several lines, a drawn tree, is indented
				// to stay in its list item.)
				if q := indent(x.Q); !strings.Contains(sheet, q) || !strings.Contains(key, q) {
					t.Errorf("%s (%s): question missing from the worksheet or the key: %q", m.Name, lang, x.Q)
				}
				if !strings.Contains(key, x.A) {
					t.Errorf("%s (%s): answer missing from the key: %q", m.Name, lang, x.A)
				}
				// An answer may repeat words of its question; a whole
				// answer must not be on the worksheet.
				if strings.Contains(sheet, x.A) {
					t.Errorf("%s (%s): the worksheet gives the answer away: %q", m.Name, lang, x.A)
				}
			}
		}
	}
}

// TestExerciseAnswersFromRuns makes lesson 004 with 5 queens instead of
// 4: the exercise about the number of calls must change its answer.
func TestExerciseAnswersFromRuns(t *testing.T) {
	ls, err := Lookup("004-three-parts")
	if err != nil {
		t.Fatal(err)
	}
	l := ls[0]
	m4 := makeLesson(t, l, tracer.LangEN)
	spec := l.Spec
	spec.Runs = append([]RunSpec(nil), spec.Runs...)
	spec.Runs[0].N = 5
	spec.Claims = nil
	// The picks name moves of the 4-queens run; keep those the 5-queens
	// run also makes.
	l5 := &Lesson{Name: l.Name, Spec: spec, Text: l.Text}
	m5, err := l5.Make(context.Background(), Options{Lang: tracer.LangEN, ExercisesOnly: true})
	if err != nil {
		t.Fatal(err)
	}
	a4, a5 := m4.Exercises[0].A, m5.Exercises[0].A
	if !strings.HasPrefix(a4, "17 calls, 2 solutions") || !strings.HasPrefix(a5, "54 calls, 10 solutions") {
		t.Errorf("answers: n=4 %q, n=5 %q; want 17 calls, 2 solutions and 54 calls, 10 solutions", a4, a5)
	}
	if len(m5.Files) != 0 {
		t.Errorf("ExercisesOnly made files %v", m5.Names())
	}
}

// TestStep328Note checks the key note of lesson 003: at the step where
// the first version has tried every digit of a cell after one of them led
// to the full board, the note must not say they all failed (the ↩ on the
// same screen shows one did not).
func TestStep328Note(t *testing.T) {
	ls, err := Lookup("003-return-value")
	if err != nil {
		t.Fatal(err)
	}
	for _, lang := range tracer.Langs {
		m := makeLesson(t, ls[0], lang)
		page := string(m.Files["index.md"])
		marker := map[tracer.Lang]string{tracer.LangEN: `no "return false" follows`, tracer.LangZH: "后面没有 return false"}[lang]
		found := false
		after := false // a full board came earlier in the same excerpt
		for _, line := range strings.Split(page, "\n") {
			if !strings.HasPrefix(line, "| ") {
				after = false
				continue
			}
			if strings.Contains(line, map[tracer.Lang]string{tracer.LangEN: "solution found", tracer.LangZH: "找到解"}[lang]) {
				after = true
			}
			if after && strings.Contains(line, marker) {
				found = true
				bad := map[tracer.Lang][]string{tracer.LangEN: {"failed"}, tracer.LangZH: {"都不行"}}[lang]
				for _, b := range bad {
					if strings.Contains(line, b) {
						t.Errorf("%s: the exhausted note after a full board says %q: %s", lang, b, line)
					}
				}
				if !strings.Contains(line, map[tracer.Lang]string{tracer.LangEN: "undone", tracer.LangZH: "撤销"}[lang]) {
					t.Errorf("%s: the exhausted note after a full board does not say the solution was undone: %s", lang, line)
				}
			}
		}
		if !found {
			t.Errorf("%s: no exhausted note after a full board in lesson 003's excerpts", lang)
		}
	}
}

// TestZHRowNumbering checks that no Chinese page numbers rows two ways:
// the notes write 第 3 行 counting from zero, so a page that also writes
// 第三行 (an ordinal from one) names two rows with the same words.
func TestZHRowNumbering(t *testing.T) {
	ordinal := regexp.MustCompile(`第[一二三四五六七八九十]+[行列]`)
	digits := regexp.MustCompile(`第 \d+ [行列]`)
	for _, l := range allLessons(t) {
		page := string(makeLesson(t, l, tracer.LangZH).Files["index.md"])
		if o, d := ordinal.FindString(page), digits.FindString(page); o != "" && d != "" {
			t.Errorf("%s (zh): rows numbered two ways on one page: %q (from one) and %q (from zero)", l.Name, o, d)
		}
	}
}

// TestLinearNotTutorialShape checks that lesson 000 does not call order
// linear the shape of tutorials 001 and 002, which lesson 001 measures
// as one call per position, a different count of calls.
func TestLinearNotTutorialShape(t *testing.T) {
	ls, err := Lookup("000-2d-recursion", "001-place-then-check")
	if err != nil {
		t.Fatal(err)
	}
	for _, lang := range tracer.Langs {
		p0 := string(makeLesson(t, ls[0], lang).Files["index.md"])
		p1 := string(makeLesson(t, ls[1], lang).Files["index.md"])
		bad := map[tracer.Lang]*regexp.Regexp{
			tracer.LangEN: regexp.MustCompile(`(?s)linear[^.]{0,40}the way tutorials 001 and 002`),
			tracer.LangZH: regexp.MustCompile(`linear[^。]{0,10}也就是教程 001 和 002`),
		}[lang]
		if bad.MatchString(p0) {
			t.Errorf("%s: lesson 000 says order linear is tutorials 001 and 002's shape", lang)
		}
		want := map[tracer.Lang]string{tracer.LangEN: "one call per position", tracer.LangZH: "对每个位置都调用一次"}[lang]
		if !strings.Contains(p0, want) || !strings.Contains(p0, "001") {
			t.Errorf("%s: lesson 000 does not say tutorials 001 and 002 make one call per position (%q)", lang, want)
		}
		// Lesson 001 measures that shape: its calls differ from linear's.
		if !strings.Contains(p1, "6879") || !strings.Contains(p1, "4209") {
			t.Errorf("%s: lesson 001 no longer compares 6879 calls with 4209", lang)
		}
	}
}

// TestZHInstanceWords checks that a Chinese page names a run's instance
// in Chinese: the dedup page printed `[1,1,2,5,6,7,10], target 8, dedup
// used` and `nums 1,1,2 dedup used` on the zh page. It now names the
// numbers and the target only.
func TestZHInstanceWords(t *testing.T) {
	ls, err := Lookup("dedup")
	if err != nil {
		t.Fatal(err)
	}
	page := string(makeLesson(t, ls[0], tracer.LangZH).Files["index.md"])
	for _, bad := range []string{"target 8", ", dedup ", "nums 1,1,2"} {
		if strings.Contains(page, bad) {
			t.Errorf("the zh dedup page says %q", bad)
		}
	}
	// The prose names the numbers, not the run's label (去重 used).
	for _, want := range []string{"数组 [1,1,2,5,6,7,10]，目标和 8", "[1,1,2] 的"} {
		if !strings.Contains(page, want) {
			t.Errorf("the zh dedup page lacks %q", want)
		}
	}
}

// TestLesson001TutorialOrder checks lesson 001 against tutorial 001's
// isValid, which walks the column first: the page and exercise 3's key
// give its cost (347585 cells, 38%), the 304659 of a row-first check is
// named as such, and no sentence says the order does not matter. Its
// place-then-check picture shows the top of the tree as top-before does
// (the givens of the first row, (0,2)=4), not 4 boxes with the first 59
// calls folded.
func TestLesson001TutorialOrder(t *testing.T) {
	ls, err := Lookup("001-place-then-check")
	if err != nil {
		t.Fatal(err)
	}
	for _, lang := range tracer.Langs {
		m := makeLesson(t, ls[0], lang)
		page := string(m.Files["index.md"])
		rowFirst := map[tracer.Lang]string{tracer.LangEN: "a row-first check", tracer.LangZH: "先查行的检查"}[lang]
		for _, line := range strings.Split(page, "\n") {
			if strings.HasPrefix(line, "|") && strings.Contains(line, "304659") && !strings.Contains(line, rowFirst) {
				t.Errorf("%s: a table row gives the row-first cost 304659 without saying %q: %s", lang, rowFirst, line)
			}
		}
		for _, bad := range []string{"The totals do not depend", "总数与检查的先后无关"} {
			if strings.Contains(page, bad) {
				t.Errorf("%s: the page still says %q", lang, bad)
			}
		}
		if !strings.Contains(page, "347585") || !strings.Contains(page, "38%") {
			t.Errorf("%s: the page does not give tutorial 001's column-first cost (347585, 38%%)", lang)
		}
		if a := m.Exercises[2].A; !strings.HasPrefix(a, "347585") || !strings.Contains(a, "556063") || !strings.Contains(a, "304659") {
			t.Errorf("%s: exercise 3's key %q, want tutorial 001's 347585 (556063 saved) and the row-first 304659", lang, a)
		}
		top, before := string(m.Files["top.svg"]), string(m.Files["top-before.svg"])
		for _, want := range []string{"(0,0)=5", "(0,1)=3", "(0,2)=4", "(0,8)=2"} {
			if !strings.Contains(top, want) || !strings.Contains(before, want) {
				t.Errorf("%s: top.svg and top-before.svg do not both draw %s at the top of the tree", lang, want)
			}
		}
		if m.Nodes["top.svg"] < m.Nodes["top-before.svg"] {
			t.Errorf("%s: top.svg draws %d boxes, top-before.svg %d; want the top of both trees", lang, m.Nodes["top.svg"], m.Nodes["top-before.svg"])
		}
	}
}

// TestLesson002ErasedByTheStop: the printed stage 1 first writes over a
// given at call 82, so the givens it erased were erased by the stop, not
// before that call ("在此之前" and "by then" said so).
func TestLesson002ErasedByTheStop(t *testing.T) {
	ls, err := Lookup("002-where-to-check")
	if err != nil {
		t.Fatal(err)
	}
	for _, c := range []struct {
		lang      tracer.Lang
		want, bad string
	}{
		{tracer.LangEN, "by the stop it had erased", "by then it had erased"},
		{tracer.LangZH, "到叫停时，它已把", "在此之前，它已把"},
	} {
		page := string(makeLesson(t, ls[0], c.lang).Files["index.md"])
		if !strings.Contains(page, c.want) || strings.Contains(page, c.bad) {
			t.Errorf("%s: want %q, not %q", c.lang, c.want, c.bad)
		}
	}
}

// TestExercisesReviewed pins the exercises teaching review 3 marked weak
// or wrong: no two lessons ask for the same figures (003·4 was 000·5),
// 001·4 no longer asks for the root's own next step, 000·1 and 003·2 say
// what the run does, and nqueens·1 tells the student to run the board the
// page does not show.
func TestExercisesReviewed(t *testing.T) {
	nums := regexp.MustCompile(`\d+`)
	for _, lang := range tracer.Langs {
		seen := map[string]string{}
		ex := map[string][]Exercise{}
		for _, l := range allLessons(t) {
			m := makeLesson(t, l, lang)
			ex[l.Name] = m.Exercises
			for i, x := range m.Exercises {
				key := strings.Join(nums.FindAllString(x.A, -1), " ")
				where := l.Name + "·" + string(rune('1'+i))
				// 004·4 asks 001·1's question of tutorial 004's dfs(board,
				// row, col), which has the same shape: the review found it
				// fine.
				if other, ok := seen[key]; ok && key != "" && !strings.HasPrefix(other, l.Name+"·") && where+other != "004-three-parts·4001-place-then-check·1" {
					t.Errorf("%s: %s asks for the same figures as %s (%s)", lang, where, other, key)
				}
				seen[key] = where
			}
		}
		for _, c := range []struct {
			lesson string
			i      int
			inQ    bool
			want   map[tracer.Lang]string
		}{
			{"000-2d-recursion", 0, false, map[tracer.Lang]string{tracer.LangEN: "every call but the last", tracer.LangZH: "除最后一次外"}},
			{"003-return-value", 1, false, map[tracer.Lang]string{tracer.LangEN: "finds its solution at step", tracer.LangZH: "步就找到了解"}},
			{"001-place-then-check", 3, false, map[tracer.Lang]string{tracer.LangEN: "the call past the last row", tracer.LangZH: "越过最后一行"}},
			{"nqueens-vs-sudoku", 0, true, map[tracer.Lang]string{tracer.LangEN: "`backtrack trace nqueens -n", tracer.LangZH: "`backtrack trace nqueens -n"}},
		} {
			xs := ex[c.lesson]
			if len(xs) <= c.i {
				t.Errorf("%s: %s has %d exercises", lang, c.lesson, len(xs))
				continue
			}
			text := xs[c.i].A
			if c.inQ {
				text = xs[c.i].Q
			}
			if !strings.Contains(text, c.want[lang]) {
				t.Errorf("%s: %s exercise %d: %q does not say %q", lang, c.lesson, c.i+1, text, c.want[lang])
			}
		}
	}
}

// TestDedupTeaches pins the dedup page's fixes of teaching review 3: the
// problems are named (LeetCode 39, 90, 47), 39 vs 40 (`i` vs `i+1`,
// --reuse), 47's branch test named as correct and slower, the same-level
// skips of permutations II in a table (exercise 3), no "dedup used" label
// in the prose, English words in the English picture, and no line break
// inside a paragraph of the Chinese template.
func TestDedupTeaches(t *testing.T) {
	ls, err := Lookup("dedup")
	if err != nil {
		t.Fatal(err)
	}
	for _, lang := range tracer.Langs {
		m := makeLesson(t, ls[0], lang)
		page := string(m.Files["index.md"])
		for _, want := range []string{"LeetCode 39", "LeetCode 90", "LeetCode 47", "backtracking(i, …)", "backtracking(i+1, …)", "--reuse", "`used[i-1] == true`"} {
			if !strings.Contains(page, want) {
				t.Errorf("%s: the page does not say %q", lang, want)
			}
		}
		var prose []string
		for _, line := range strings.Split(page, "\n") {
			if !strings.HasPrefix(line, "|") && !strings.HasPrefix(line, "*") && !strings.HasPrefix(line, "![") && !strings.HasPrefix(line, "[![") {
				prose = append(prose, line)
			}
		}
		for _, bad := range []string{"dedup used", "去重 used"} {
			if strings.Contains(strings.Join(prose, "\n"), bad) {
				t.Errorf("%s: the prose names the instance with its label %q", lang, bad)
			}
		}
		// The table of subsets II and permutations II gives the
		// same-level skips exercise 3 asks for: calls, rejects, skips,
		// solutions.
		if !strings.Contains(page, "| 9 | 10 | 2 | 3 |") {
			t.Errorf("%s: no table row gives permutations II's 2 same-level skips", lang)
		}
		if lang == tracer.LangEN {
			if svg := string(m.Files["both.svg"]); !strings.Contains(svg, "same level (层)") || strings.Contains(page, "blue leaf 层") {
				t.Errorf("en: the picture or its caption has 层 in place of English")
			}
		}
	}
	lines := strings.Split(ls[0].Text[tracer.LangZH], "\n")
	for i := 1; i < len(lines); i++ {
		prev, l := lines[i-1], lines[i]
		if prev != "" && l != "" && !strings.HasPrefix(prev, "#") && !strings.HasPrefix(prev, "{{") && !strings.HasPrefix(prev, "|") &&
			!strings.HasPrefix(l, "#") && !strings.HasPrefix(l, "{{") && !strings.HasPrefix(l, "- ") && !strings.HasPrefix(l, "|") {
			t.Errorf("zh template line %d breaks a paragraph: %q", i+1, l)
		}
	}
}

// TestScanPassesGivens: the scan that finds the board full counts the
// givens it passed, not the board's givens ("no empty cell (28 givens)"
// on a board of 76).
func TestScanPassesGivens(t *testing.T) {
	ls, err := Lookup("002-where-to-check")
	if err != nil {
		t.Fatal(err)
	}
	for lang, want := range map[tracer.Lang]string{tracer.LangEN: "from (5,8) past 28 givens: no empty cell", tracer.LangZH: "从 (5,8) 扫描，经过 28 个预设数字：没有空格"} {
		if page := string(makeLesson(t, ls[0], lang).Files["index.md"]); !strings.Contains(page, want) {
			t.Errorf("%s: the page does not say %q", lang, want)
		}
	}
}
