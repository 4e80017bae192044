package play

import (
	"context"
	"errors"
	"strings"
	"testing"
	"unicode"

	"github.com/backtrack-edu/backtrack/tracer"
)

// good is a form the playground runs: 4-queens, as the page sends it.
func good() Form {
	return Form{Problem: "nqueens", N: "4", Lang: "en", MaxSteps: "1000"}
}

// TestFormRefusesBadFields: every field of the playground's form, given a
// bad value as the page sends it (the field's text), is refused by name,
// never run as the default (8-queens): the error names the form's field
// and the command's flag, with the command's English on an English page
// and in Chinese on a Chinese one.
func TestFormRefusesBadFields(t *testing.T) {
	for _, c := range []struct {
		name  string
		set   func(*Form)
		field string
		en    string // the English line, after "Label: "
		zh    string // in the Chinese line
	}{
		{"n 0", func(f *Form) { f.N = "0" }, "n", "-n 0 is out of range: want 1 to 30", "-n 0 超出范围：应为 1 到 30"},
		{"n abc", func(f *Form) { f.N = "abc" }, "n", `invalid value "abc" for flag -n: want a whole number in decimal digits, such as 8`, `-n 的值 "abc" 不是整数`},
		{"n empty", func(f *Form) { f.N = "" }, "n", `invalid value "" for flag -n`, `-n 的值 "" 不是整数`},
		{"n -3", func(f *Form) { f.N = "-3" }, "n", "-n -3 is out of range: want 1 to 30", "-n -3 超出范围"},
		{"n 31", func(f *Form) { f.N = "31" }, "n", "-n 31 is out of range: want 1 to 30", "-n 31 超出范围：应为 1 到 30"},
		{"n 1.5", func(f *Form) { f.N = "1.5" }, "n", `invalid value "1.5" for flag -n`, `"1.5" 不是整数`},
		{"n huge", func(f *Form) { f.N = "99999999999999999999" }, "n", `invalid value "99999999999999999999" for flag -n`, "不是整数"},
		{"permutations n 0", func(f *Form) { f.Problem, f.N = "permutations", "0" }, "n", "-n 0 is out of range: want 1 to 10", "-n 0 超出范围：应为 1 到 10"},
		{"sudoku n", func(f *Form) { f.Problem, f.N = "sudoku", "4" }, "n", "-n: sudoku takes no size n: give a puzzle", "没有规模 n"},
		{"problem", func(f *Form) { f.Problem = "chess" }, "problem", `unknown problem "chess": want ` + problemsEN(), `没有 "chess" 这个问题：可选 ` + problemsZH()},
		{"no problem", func(f *Form) { f.Problem = "" }, "problem", "no problem given", "（命令行的英文提示）"},
		{"order", func(f *Form) { f.Order = "diagonal" }, "order", `--order: nqueens: unknown value "diagonal": want rows`, `--order：nqueens 没有 "diagonal" 这个选项：可选 rows`},
		{"check", func(f *Form) { f.Check = "counts" }, "check", `--check: nqueens: unknown value "counts": want scan or arrays`, `可选 scan 或 arrays`},
		{"lang", func(f *Form) { f.Lang = "fr" }, "lang", `--lang: unknown value "fr": want en or zh`, `--lang：没有 "fr" 这种语言：可选 en 或 zh`},
		{"lang empty", func(f *Form) { f.Lang = "" }, "lang", `--lang: unknown value "": want en or zh`, `没有 "" 这种语言`},
		{"steps 0", func(f *Form) { f.MaxSteps = "0" }, "maxsteps", "--max-steps 0: the playground runs from 1 to 2000000 steps", "--max-steps 0：练习场只能运行 1 到 2000000 步"},
		{"steps abc", func(f *Form) { f.MaxSteps = "abc" }, "maxsteps", `invalid value "abc" for flag --max-steps`, `--max-steps 的值 "abc" 不是整数`},
		{"steps empty", func(f *Form) { f.MaxSteps = "" }, "maxsteps", `invalid value "" for flag --max-steps`, "不是整数"},
		{"steps over", func(f *Form) { f.MaxSteps = "2000001" }, "maxsteps", "--max-steps 2000001: the playground runs from 1 to 2000000 steps", "只能运行 1 到 2000000 步"},
		{"puzzle of nqueens", func(f *Form) { f.Puzzle = "abc" }, "puzzle", "--puzzle: nqueens takes no puzzle; give its size with -n", "题目：--puzzle: nqueens takes no puzzle; give its size with -n（命令行的英文提示）"},
		{"puzzle blank", func(f *Form) { f.Problem, f.N, f.Puzzle = "sudoku", "", " " }, "puzzle", "--puzzle is empty", "（命令行的英文提示）"},
		{"puzzle abc", func(f *Form) { f.Problem, f.N, f.Puzzle = "sudoku", "", "abc" }, "puzzle", "--puzzle: puzzle has 3 cells: want 16 (4×4), 81 (9×9) or 256 (16×16)", "题目：--puzzle: puzzle has 3 cells"},
		{"nums", func(f *Form) { f.Problem, f.N, f.Puzzle = "subsets", "", "nums 1,x" }, "puzzle", `--puzzle: nums: "x" is not a whole number from 1 to 35`, "（命令行的英文提示）"},
	} {
		t.Run(c.name, func(t *testing.T) {
			labels := map[string][2]string{
				"n": {"Size n: ", "规模 n："}, "problem": {"Problem: ", "问题："}, "order": {"Order: ", "顺序："},
				"check": {"Check: ", "检查方式："}, "lang": {"Language of the player: ", "播放器语言："},
				"maxsteps": {"Step limit: ", "步数上限："}, "puzzle": {"Puzzle: ", "题目："},
			}[c.field]
			for i, ui := range []string{"en", "zh"} {
				f := good()
				c.set(&f)
				f.UI = ui
				page, err := FormPage(context.Background(), f)
				if err == nil {
					t.Fatalf("[%s] ran (a page of %d bytes), want a refusal", ui, len(page))
				}
				var fe *FieldError
				if !errors.As(err, &fe) || fe.Field != c.field {
					t.Fatalf("[%s] %T %q, want a FieldError of field %q", ui, err, err, c.field)
				}
				msg := err.Error()
				if !strings.HasPrefix(msg, labels[i]) {
					t.Errorf("[%s] %q does not start with the field's name %q", ui, msg, labels[i])
				}
				want := c.en
				if ui == "zh" {
					want = c.zh
				}
				if !strings.Contains(msg, want) {
					t.Errorf("[%s] %q lacks %q", ui, msg, want)
				}
				if han := strings.ContainsFunc(msg, func(r rune) bool { return unicode.Is(unicode.Han, r) }); han != (ui == "zh") {
					t.Errorf("[%s] %q: Chinese %v", ui, msg, han)
				}
			}
		})
	}
}

// TestFormRuns: good forms run, each field read as the command reads it:
// the size typed is the size run (never 8 in its place).
func TestFormRuns(t *testing.T) {
	for _, c := range []struct {
		form Form
		want string // in the page
	}{
		{good(), "<title>N-Queens n=4</title>"},
		{Form{Problem: "nqueens", N: "+5", Lang: "zh", MaxSteps: "500", UI: "zh"}, "<title>5 皇后</title>"},
		{Form{Problem: "permutations", N: "3", Order: "positions", Check: "arrays", Lang: "en", MaxSteps: "100"}, "<title>Permutations n=3</title>"},
		{Form{Problem: "sudoku", Lang: "en", MaxSteps: "200"}, "<title>Sudoku"},
		{Form{Problem: "combination-sum", Puzzle: "nums 2,3,5 target 8 dedup none", Lang: "en", MaxSteps: "300"}, "[2,3,5], target 8"},
	} {
		page, err := FormPage(context.Background(), c.form)
		if err != nil {
			t.Errorf("%+v: %v", c.form, err)
			continue
		}
		if !strings.Contains(string(page), c.want) {
			t.Errorf("%+v: the page lacks %q", c.form, c.want)
		}
	}
}

// problemsEN and problemsZH write the registered problems' names as the
// message lists them: "nqueens, sudoku … or wordsearch", "nqueens、sudoku…
// 或 wordsearch".
func problemsEN() string {
	ns := tracer.ProblemNames()
	return strings.Join(ns[:len(ns)-1], ", ") + " or " + ns[len(ns)-1]
}

func problemsZH() string {
	ns := tracer.ProblemNames()
	return strings.Join(ns[:len(ns)-1], "、") + " 或 " + ns[len(ns)-1]
}
