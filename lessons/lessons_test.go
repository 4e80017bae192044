package lessons

import (
	"bytes"
	"context"
	"encoding/xml"
	"errors"
	"flag"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"testing"
	"time"

	"gopkg.in/yaml.v3"

	"github.com/backtrack-edu/backtrack/render"
	"github.com/backtrack-edu/backtrack/render/outfile"
	"github.com/backtrack-edu/backtrack/render/steplog"
	"github.com/backtrack-edu/backtrack/tracer"
)

// update rewrites the golden pages in testdata/ instead of comparing with
// them: go test ./lessons -run TestPages -update.
var update = flag.Bool("update", false, "rewrite the golden pages in testdata/")

// made caches Make's output per lesson and language: several tests read
// the same pages. The two languages of a lesson share its player pages
// (testPlayers), as a site build does; TestPlayersSameBytes holds them to
// the pages a Make alone writes.
var (
	made        = map[string]*Made{}
	testPlayers = newPlayers(context.Background(), tracer.LangEN, tracer.LangZH)
)

func makeLesson(t *testing.T, l *Lesson, lang tracer.Lang) *Made {
	t.Helper()
	key := l.Name + "." + string(lang)
	if m := made[key]; m != nil {
		return m
	}
	m, err := l.Make(context.Background(), Options{Lang: lang, Tool: "backtrack test", players: testPlayers})
	if err != nil {
		t.Fatalf("%s (%s): %v", l.Name, lang, err)
	}
	made[key] = m
	return m
}

func allLessons(t *testing.T) []*Lesson {
	t.Helper()
	ls, err := All()
	if err != nil {
		t.Fatal(err)
	}
	return ls
}

// TestPages builds every lesson in both languages and compares each page
// with its golden transcript: any change that alters a lesson shows up as
// a diff here.
func TestPages(t *testing.T) {
	for _, l := range allLessons(t) {
		for _, lang := range tracer.Langs {
			t.Run(l.Name+"/"+string(lang), func(t *testing.T) {
				m := makeLesson(t, l, lang)
				got := m.Files["index.md"]
				golden := filepath.Join("testdata", l.Name+"."+string(lang)+".md")
				if *update {
					if err := os.WriteFile(golden, got, 0o644); err != nil {
						t.Fatal(err)
					}
					return
				}
				want, err := os.ReadFile(golden)
				if err != nil {
					t.Fatalf("%v (run with -update to create it)", err)
				}
				if !bytes.Equal(got, want) {
					t.Errorf("%s differs from the page built now (run with -update if the change is meant):\n%s", golden, firstDiff(string(want), string(got)))
				}
			})
		}
	}
}

// firstDiff shows the first line where two texts differ, with its neighbours.
func firstDiff(want, got string) string {
	w, g := strings.Split(want, "\n"), strings.Split(got, "\n")
	for i := 0; i < max(len(w), len(g)); i++ {
		var a, b string
		if i < len(w) {
			a = w[i]
		}
		if i < len(g) {
			b = g[i]
		}
		if a != b {
			return fmt.Sprintf("line %d:\n  golden: %q\n  built:  %q", i+1, a, b)
		}
	}
	return "(same lines, different bytes)"
}

// TestFiles checks the files beside each page: every diagram is SVG with
// one node group per node the DOT drew, every chart is SVG naming its
// runs, every stats file is YAML with the counts, every step log reads
// back with the summary it ends with, and the page links each of them.
func TestFiles(t *testing.T) {
	nodeGroup := regexp.MustCompile(`<g id="node\d+" class="node">`)
	for _, l := range allLessons(t) {
		for _, lang := range tracer.Langs {
			t.Run(l.Name+"/"+string(lang), func(t *testing.T) {
				m := makeLesson(t, l, lang)
				page := string(m.Files["index.md"])
				for _, name := range m.Names() {
					data := m.Files[name]
					if name != "index.md" && !strings.Contains(page, "("+name+")") {
						t.Errorf("index.md does not link %s", name)
					}
					switch {
					case strings.HasSuffix(name, ".svg"):
						if err := wellFormed(data); err != nil {
							t.Errorf("%s: not well-formed XML: %v", name, err)
						}
						if n, ok := m.Nodes[name]; ok {
							if got := len(nodeGroup.FindAll(data, -1)); got != n {
								t.Errorf("%s: %d node groups, want %d (the DOT's node statements)", name, got, n)
							}
						}
					case strings.HasSuffix(name, ".stats.yaml"):
						var st struct {
							Status string `yaml:"status"`
							Nodes  int64  `yaml:"nodes"`
						}
						if err := yaml.Unmarshal(data, &st); err != nil || st.Status == "" || st.Nodes < 1 {
							t.Errorf("%s: want YAML with a status and nodes, got %+v, %v", name, st, err)
						}
					case strings.HasSuffix(name, ".yaml"):
						st := &tracer.Stats{}
						h, sum, err := steplog.Read(bytes.NewReader(data), st)
						if err != nil {
							t.Errorf("%s: %v", name, err)
							continue
						}
						if h.Lang != string(lang) || st.Steps > MaxLogSteps || st.Steps != sum.Stats.Steps {
							t.Errorf("%s: lang %q, %d steps read, summary %d, want lang %s and at most %d", name, h.Lang, st.Steps, sum.Stats.Steps, lang, MaxLogSteps)
						}
					case strings.HasPrefix(name, "lockstep-") && strings.HasSuffix(name, ".html"):
						// Two runs' players in lockstep: two whole player pages inside.
						if !bytes.HasPrefix(data, []byte("<!DOCTYPE html>")) || !bytes.Contains(data, []byte(`<script id="lockdata"`)) || bytes.Count(data, []byte("<iframe")) != 2 {
							t.Errorf("%s: not a lockstep page", name)
						}
					case strings.HasSuffix(name, ".html"):
						// A run's player: one page, its data inside, linked from index.md.
						if !bytes.HasPrefix(data, []byte("<!DOCTYPE html>")) || !bytes.Contains(data, []byte(`<script id="data" type="application/octet-stream"`)) {
							t.Errorf("%s: not a player page", name)
						}
						if !bytes.Contains(m.Files["index.md"], []byte("("+name)) {
							t.Errorf("%s: index.md does not link to it", name)
						}
					case name == "index.md":
					default:
						t.Errorf("unexpected file %s", name)
					}
				}
				for _, c := range l.Spec.Charts {
					svg := string(m.Files[c.Name+".svg"])
					for _, r := range c.Runs {
						want := render.RunName(findRun(t, l, lang, r), lang)
						if !strings.Contains(svg, xmlEscape(want)) {
							t.Errorf("chart %s does not name series %q", c.Name, want)
						}
					}
				}
			})
		}
	}
}

// findRun returns the summary of a run of a lesson, run again.
func findRun(t *testing.T, l *Lesson, lang tracer.Lang, name string) tracer.Summary {
	t.Helper()
	out, err := l.run(name).Execute(context.Background())
	if err != nil {
		t.Fatal(err)
	}
	return out.Summary
}

func wellFormed(data []byte) error {
	d := xml.NewDecoder(bytes.NewReader(data))
	d.Strict = true
	for {
		_, err := d.Token()
		if errors.Is(err, io.EOF) {
			return nil
		}
		if err != nil {
			return err
		}
	}
}

func xmlEscape(s string) string {
	var b strings.Builder
	xml.EscapeText(&b, []byte(s))
	return b.String()
}

// allowedNumbers are the only numbers the teaching text may spell out: the
// tutorials' numbers and the stages of tutorial 002, the names of the
// problems, the dimensions of the recursion, the order scan2d, the
// language tutorial 002's code is in (Python 3, whose / gives a float),
// the numbers of a Markdown list, and the index before i (i-1) that the
// de-duplication tests of 代码随想录 compare with. Every other number on a page must
// come from a run.
var allowedNumbers = regexp.MustCompile(`(?m)\b00[0-4]\b|\b[Ss]tage [123]\b|LeetCode (37|39|40|46|47|51|90)\b|\b[12]-D\b|\bscan2d\b|\bPython 3\b|^(> )?[1-9]\. |\bi-1\b|\bi\+1\b`)

// action matches a template action: {{...}}.
var action = regexp.MustCompile(`(?s)\{\{.*?\}\}`)

// codeSpan and formulaConstant let a page quote an index formula as the
// tutorials write it: inside a code span, a number right after /, //, *
// or % is a constant of the formula (the 3 and 9 of `(r/3)*3 + c/3`,
// `i%3`, `n // 9`), not a count. Any other digit in a code span, and
// every value the formulas give, is still a placeholder (page.Index,
// Grid, BoxCells, BoxLoop).
var (
	codeSpan        = regexp.MustCompile("`[^`\n]+`")
	formulaConstant = regexp.MustCompile(`(//|/|\*|%)\s*[0-9]+`)
)

// withoutFormulaConstants removes the constants of the formulas quoted in
// text's code spans (see codeSpan).
func withoutFormulaConstants(text string) string {
	return codeSpan.ReplaceAllStringFunc(text, func(span string) string {
		return formulaConstant.ReplaceAllString(span, "$1")
	})
}

// TestNoNumbersByHand checks that the teaching text types no number: every
// number on a page is a placeholder filled from a run. The titles, labels
// and captions of the specs are held to the same rule.
func TestNoNumbersByHand(t *testing.T) {
	digit := regexp.MustCompile(`[0-9０-９]+`)
	check := func(where, text string) {
		text = action.ReplaceAllString(text, "")
		text = withoutFormulaConstants(text)
		text = allowedNumbers.ReplaceAllString(text, "")
		for i, line := range strings.Split(text, "\n") {
			if d := digit.FindString(line); d != "" {
				t.Errorf("%s line %d: the number %q is typed by hand; take it from a run: %s", where, i+1, d, strings.TrimSpace(line))
			}
		}
	}
	for _, l := range allLessons(t) {
		for _, lang := range tracer.Langs {
			check(fmt.Sprintf("lessons/%s/lesson.%s.md", l.Name, lang), l.Text[lang])
			s := &l.Spec
			check(l.Name+" title", s.Title.In(lang))
			for _, r := range s.Runs {
				check(l.Name+" run "+r.Name+" label", r.Label.In(lang))
			}
			for _, d := range s.Diagrams {
				check(l.Name+" diagram "+d.Name+" caption", d.Caption.In(lang))
				check(l.Name+" diagram "+d.Name+" wide_reason", d.WideReason.In(lang))
			}
			for _, c := range s.Charts {
				check(l.Name+" chart "+c.Name+" caption", c.Caption.In(lang))
			}
			for i, x := range s.Exercises {
				check(fmt.Sprintf("%s exercise %d question", l.Name, i+1), x.Q.In(lang))
				check(fmt.Sprintf("%s exercise %d answer", l.Name, i+1), x.A.In(lang))
			}
		}
	}
}

// TestNumbersComeFromRuns renders a page with runs whose counts are all
// changed and checks that its numbers change with them.
func TestNumbersComeFromRuns(t *testing.T) {
	l, err := Lookup("004-three-parts")
	if err != nil {
		t.Fatal(err)
	}
	m := makeLesson(t, l[0], tracer.LangEN)
	page := strings.Join(strings.Fields(string(m.Files["index.md"])), " ")
	for _, want := range []string{"makes 17 calls", "considers 60 candidate", "44 are pruned", "these 2 boards", "depth 4"} {
		if !strings.Contains(page, want) {
			t.Errorf("page lacks %q", want)
		}
	}
	// Run the same text on a bigger board: every count must follow.
	spec := l[0].Spec
	spec.Runs = append([]RunSpec(nil), spec.Runs...)
	spec.Runs[0].N = 5
	spec.Claims = nil
	l5 := &Lesson{Name: "004-three-parts", Spec: spec, Text: l[0].Text}
	m5, err := l5.Make(context.Background(), Options{Lang: tracer.LangEN})
	if err != nil {
		t.Fatal(err)
	}
	page5 := strings.Join(strings.Fields(string(m5.Files["index.md"])), " ")
	for _, want := range []string{"board of side 5", "these 10 boards", "depth 5"} {
		if !strings.Contains(page5, want) {
			t.Errorf("page with n=5 lacks %q", want)
		}
	}
	for _, stale := range []string{"makes 17 calls", "these 2 boards"} {
		if strings.Contains(page5, stale) {
			t.Errorf("page with n=5 still says %q", stale)
		}
	}
}

// TestBuild writes a lesson to a folder, then again over it: the folder is
// replaced whole, with no temporary folder left behind. A folder holding a
// file the build did not write (a teacher's notes) is refused and left as
// it was, unless Force is set, which writes beside it.
func TestBuild(t *testing.T) {
	dir := t.TempDir()
	l, err := Lookup("004-three-parts")
	if err != nil {
		t.Fatal(err)
	}
	folder := filepath.Join(dir, "004-three-parts")
	m, err := l[0].Build(context.Background(), dir, Options{})
	if err != nil {
		t.Fatal(err)
	}
	// Built again over itself: every file in the folder is one the build
	// makes, so it is replaced without Force.
	if _, err := l[0].Build(context.Background(), dir, Options{}); err != nil {
		t.Fatalf("rebuilding over an earlier build: %v", err)
	}
	notes := filepath.Join(folder, "teacher-notes.md")
	if err := os.WriteFile(notes, []byte("mine"), 0o644); err != nil {
		t.Fatal(err)
	}
	_, err = l[0].Build(context.Background(), dir, Options{})
	var fe *outfile.FolderError
	if !errors.As(err, &fe) || !strings.Contains(err.Error(), "teacher-notes.md") || !strings.Contains(err.Error(), "--force") {
		t.Fatalf("building over a folder with a teacher's file: error %v, want a FolderError naming it", err)
	}
	if got, err := os.ReadFile(notes); err != nil || string(got) != "mine" {
		t.Errorf("the teacher's file after a refused build: %q, %v", got, err)
	}
	if _, err := l[0].Build(context.Background(), dir, Options{Force: true}); err != nil {
		t.Fatalf("building with Force: %v", err)
	}
	entries, err := os.ReadDir(dir)
	if err != nil {
		t.Fatal(err)
	}
	if len(entries) != 1 || entries[0].Name() != "004-three-parts" {
		t.Errorf("folder holds %v, want only 004-three-parts", entries)
	}
	// Force writes beside the teacher's file: it deletes only what the
	// build writes (newcomer trial 2, N6).
	if got, err := os.ReadFile(notes); err != nil || string(got) != "mine" {
		t.Errorf("with Force the teacher's file is %q, %v; want it kept", got, err)
	}
	for _, name := range m.Names() {
		got, err := os.ReadFile(filepath.Join(folder, name))
		if err != nil || !bytes.Equal(got, m.Files[name]) {
			t.Errorf("%s: not written as made (%v)", name, err)
		}
	}
	if _, err := l[0].Build(context.Background(), filepath.Join(dir, "missing"), Options{}); err == nil {
		t.Error("building into a folder that does not exist: no error")
	}
}

// TestBuildAllChecksFirst: a build of several lessons checks every lesson
// folder before it makes any lesson, and replaces none when one is
// refused (newcomer trial 2, N18: the seventh lesson was replaced before
// the eighth was refused).
func TestBuildAllChecksFirst(t *testing.T) {
	dir := t.TempDir()
	ls, err := Lookup("004-three-parts", "003-return-value")
	if err != nil {
		t.Fatal(err)
	}
	// An earlier build of the first (a file of its own naming), and a
	// teacher's file in the second.
	first := filepath.Join(dir, "004-three-parts")
	second := filepath.Join(dir, "003-return-value")
	for _, d := range []string{first, second} {
		if err := os.Mkdir(d, 0o755); err != nil {
			t.Fatal(err)
		}
	}
	os.WriteFile(filepath.Join(first, "index.md"), []byte("earlier build"), 0o644)
	os.WriteFile(filepath.Join(second, "notes.md"), []byte("mine"), 0o644)
	made := 0
	start := time.Now()
	err = BuildAll(context.Background(), ls, dir, Options{}, func(*Made) { made++ })
	var fe *outfile.FolderError
	if !errors.As(err, &fe) || !strings.Contains(err.Error(), "notes.md") {
		t.Fatalf("error %v, want a FolderError naming notes.md", err)
	}
	// Lesson 003 alone searches 4 million steps: the refusal comes first.
	if d := time.Since(start); d > 3*time.Second {
		t.Errorf("the refusal came after %v: a lesson was made first", d)
	}
	if made != 0 {
		t.Errorf("%d lessons reported built", made)
	}
	if b, _ := os.ReadFile(filepath.Join(first, "index.md")); string(b) != "earlier build" {
		t.Errorf("the first lesson's folder was replaced: index.md holds %.40q", b)
	}
	entries, _ := os.ReadDir(dir)
	if len(entries) != 2 {
		t.Errorf("the folder holds %v, want the two lesson folders only", entries)
	}
}

func TestLookup(t *testing.T) {
	ls, err := Lookup()
	if err != nil || len(ls) != 9 {
		t.Fatalf("Lookup() = %d lessons, %v; want 9", len(ls), err)
	}
	_, err = Lookup("004-three-parts", "nope")
	if err == nil || !strings.Contains(err.Error(), `unknown lesson "nope"`) || !strings.Contains(err.Error(), "000-2d-recursion") {
		t.Errorf("Lookup(nope) error = %v, want one naming it and listing the lessons", err)
	}
	for _, l := range ls {
		for _, lang := range tracer.Langs {
			if l.Title(lang) == "" || strings.Contains(l.Title(lang), "\n") {
				t.Errorf("%s: title in %s is %q, want one line", l.Name, lang, l.Title(lang))
			}
		}
	}
}

// TestSameDeadEnd checks what lesson 000's text says of its run without
// "return false": up to the step its excerpt shows, it is the search with
// the line, which meets its first dead end at that same step.
func TestSameDeadEnd(t *testing.T) {
	l, err := Lookup("000-2d-recursion")
	if err != nil {
		t.Fatal(err)
	}
	m := makeLesson(t, l[0], tracer.LangEN)
	page := string(m.Files["index.md"])
	with := regexp.MustCompile(`(?s)### All digits tried.*?\| \*\*(\d+)\*\* \| \*\*exhausted`).FindStringSubmatch(page)
	without := regexp.MustCompile(`(?s)### The same code without.*?\| \*\*(\d+)\*\* \| \*\*exhausted`).FindStringSubmatch(page)
	if with == nil || without == nil || with[1] != without[1] {
		t.Errorf("the first dead end with return false (%v) and without it (%v) are not at one step", with, without)
	}
}

// TestClaimsChecked makes a lesson whose claim no longer holds: the build
// must stop and say which claim and why.
func TestClaimsChecked(t *testing.T) {
	l, err := Lookup("004-three-parts")
	if err != nil {
		t.Fatal(err)
	}
	spec := l[0].Spec
	spec.Claims = []string{"queens.nodes == 18"}
	bad := &Lesson{Name: "004-three-parts", Spec: spec, Text: l[0].Text}
	_, err = bad.Make(context.Background(), Options{})
	if err == nil || !strings.Contains(err.Error(), `claim "queens.nodes == 18" does not hold: 17 == 18`) {
		t.Errorf("error = %v, want the failed claim with its values", err)
	}
}

// TestEveryPartShown checks that a part of the spec the text does not show
// is an error, as is a text that names a part the spec lacks.
func TestEveryPartShown(t *testing.T) {
	l, err := Lookup("004-three-parts")
	if err != nil {
		t.Fatal(err)
	}
	text := map[tracer.Lang]string{}
	for k, v := range l[0].Text {
		text[k] = strings.ReplaceAll(v, `{{.Diagram "tree"}}`, "")
	}
	bad := &Lesson{Name: "x", Spec: l[0].Spec, Text: text}
	if _, err := bad.Make(context.Background(), Options{}); err == nil || !strings.Contains(err.Error(), "does not show diagram tree") {
		t.Errorf("error = %v, want the diagram that is not shown", err)
	}
	for k, v := range l[0].Text {
		text[k] = v + `{{.Table "nope"}}`
	}
	bad = &Lesson{Name: "x", Spec: l[0].Spec, Text: text}
	if _, err := bad.Make(context.Background(), Options{}); err == nil || !strings.Contains(err.Error(), `unknown table "nope"`) {
		t.Errorf("error = %v, want the unknown table", err)
	}
}

const goodSpec = `
title: {en: "A title", zh: "标题"}
runs:
  - name: q
    problem: nqueens
    n: 4
claims:
  - q.nodes > 1
`

var goodText = map[tracer.Lang]string{tracer.LangEN: `{{.Run "q" "nodes"}}`, tracer.LangZH: `{{.Run "q" "nodes"}}`}

// TestParseStrict feeds bad specs to Parse: each error names the file and
// what is wrong.
func TestParseStrict(t *testing.T) {
	if _, err := Parse("x", "lessons/x/lesson.yaml", []byte(goodSpec), goodText); err != nil {
		t.Fatalf("good spec: %v", err)
	}
	tests := []struct {
		name, spec, want string
	}{
		{"unknown top key", goodSpec + "colour: red\n", `line 9: unknown key "colour"`},
		{"unknown run key", strings.Replace(goodSpec, "n: 4", "n: 4\n    size: 4", 1), `line 7: unknown key "size" in runs[0]`},
		{"unknown text key", strings.Replace(goodSpec, `zh: "标题"`, `zh: "标题", fr: "titre"`, 1), `unknown key "fr" in title`},
		{"unknown selector key", goodSpec + "excerpts:\n  - {name: e, run: q, at: {kind: call, row: 2}}\n", `unknown key "row" in excerpts[0].at`},
		{"not a mapping", "- a\n- b\n", "cannot unmarshal"},
		{"no runs", "title: {en: a, zh: b}\n", "a lesson needs at least one run"},
		{"no zh title", strings.Replace(goodSpec, `, zh: "标题"`, "", 1), "title: want both en and zh"},
		{"duplicate run", strings.Replace(goodSpec, "claims:", "  - {name: q, problem: nqueens}\nclaims:", 1), `runs: "q" is defined twice`},
		{"bad run name", strings.Replace(goodSpec, "name: q", "name: Q_1", 1), `name "Q_1"`},
		{"bad problem", strings.Replace(goodSpec, "problem: nqueens", "problem: chess", 1), `unknown problem "chess"`},
		{"bad check", strings.Replace(goodSpec, "n: 4", "n: 4\n    check: counts", 1), `check: nqueens: unknown value "counts"`},
		{"bad puzzle", strings.Replace(goodSpec, "problem: nqueens\n    n: 4", "problem: sudoku\n    puzzle: \"12\"", 1), "run q: puzzle: puzzle has 2 cells"},
		{"order for queens", strings.Replace(goodSpec, "n: 4", "n: 4\n    order: mrv", 1), "run q: order: nqueens: unknown value \"mrv\": want rows"},
		{"table of unknown run", goodSpec + "tables:\n  - {name: t, runs: [q, r], fields: [nodes]}\n", `table t: unknown run "r" (the runs are q)`},
		{"table of unknown field", goodSpec + "tables:\n  - {name: t, runs: [q], fields: [speed]}\n", `unknown field "speed"`},
		{"diagram of unknown run", goodSpec + "diagrams:\n  - {name: d, run: r}\n", `diagram d: unknown run "r"`},
		{"negative budget", goodSpec + "diagrams:\n  - {name: d, run: q, max_nodes: -1}\n", "must not be negative"},
		{"bad fit", goodSpec + "diagrams:\n  - {name: d, run: q, fit: 3:2}\n", `diagram d: fit: unknown fit "3:2"`},
		{"fit none without reason", goodSpec + "diagrams:\n  - {name: d, run: q, fit: none}\n", "diagram d: fit: none wants a wide_reason in en and zh"},
		{"wide reason in one language", goodSpec + "diagrams:\n  - {name: d, run: q, fit: none, wide_reason: {en: why}}\n", "diagram d: fit: none wants a wide_reason in en and zh"},
		{"wide reason without fit none", goodSpec + "diagrams:\n  - {name: d, run: q, wide_reason: {en: why, zh: 为什么}}\n", "diagram d: wide_reason is only for a diagram with fit: none"},
		{"same name twice", goodSpec + "diagrams:\n  - {name: d, run: q}\ncharts:\n  - {name: d, runs: [q]}\n", `the name "d" is already used by diagrams`},
		{"selector without kind", goodSpec + "views:\n  - {name: v, run: q, at: {nth: 2}}\n", "at: want a step or a kind"},
		{"blank tree of unknown run", goodSpec + "blank_trees:\n  - {name: b, run: r}\n", `blank tree b: unknown run "r"`},
		{"blank tree too big", goodSpec + "blank_trees:\n  - {name: b, run: q, boxes: 41}\n", "blank tree b: boxes: want 3 to 40, not 41"},
		{"blank tree all blank", goodSpec + "blank_trees:\n  - {name: b, run: q, boxes: 5, blanks: 5}\n", "blank tree b: blanks: want 1 to 4"},
		{"selector of unknown kind", goodSpec + "views:\n  - {name: v, run: q, at: {kind: jump}}\n", `unknown event kind "jump"`},
		{"step and kind", goodSpec + "views:\n  - {name: v, run: q, at: {step: 3, kind: call}}\n", "not both"},
		{"long excerpt", goodSpec + "excerpts:\n  - {name: e, run: q, at: {step: 3}, after: 50}\n", "40 steps at most"},
		{"claim without comparison", strings.Replace(goodSpec, "q.nodes > 1", "q.nodes", 1), "no comparison"},
		{"claim of unknown run", strings.Replace(goodSpec, "q.nodes > 1", "r.nodes > 1", 1), `unknown run "r"`},
		{"claim of unknown field", strings.Replace(goodSpec, "q.nodes > 1", "q.speed > 1", 1), `unknown field "speed"`},
		{"alias", goodSpec + "tables:\n  - &t {name: t, runs: [q], fields: [nodes]}\n  - *t\n", "aliases are not allowed"},
		{"duplicate key", goodSpec + "claims: []\n", `"claims" already defined`},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			_, err := Parse("x", "lessons/x/lesson.yaml", []byte(tt.spec), goodText)
			if err == nil {
				t.Fatalf("no error, want %q", tt.want)
			}
			if !strings.HasPrefix(err.Error(), "lessons/x/lesson.yaml: ") || !strings.Contains(err.Error(), tt.want) {
				t.Errorf("error = %q, want the file and %q", err, tt.want)
			}
		})
	}
	// The page templates are checked too.
	_, err := Parse("x", "lessons/x/lesson.yaml", []byte(goodSpec), map[tracer.Lang]string{tracer.LangEN: "{{.Run", tracer.LangZH: "x"})
	if err == nil || !strings.Contains(err.Error(), "lessons/x/lesson.en.md") {
		t.Errorf("bad template: error = %v, want one naming lesson.en.md", err)
	}
	_, err = Parse("x", "lessons/x/lesson.yaml", []byte(goodSpec), map[tracer.Lang]string{tracer.LangEN: "x"})
	if err == nil || !strings.Contains(err.Error(), "no zh text") {
		t.Errorf("missing text: error = %v, want one naming the language", err)
	}
}

func TestClaims(t *testing.T) {
	vals := map[string]value{
		"a.nodes": num(10), "b.nodes": num(20), "a.rejects": num(4), "a.status": text("lost"),
		"a.final": text("12/34"), "b.final": text("12/34"),
	}
	get := func(run, f string) (value, error) {
		v, ok := vals[run+"."+f]
		if !ok {
			return v, fmt.Errorf("no %s.%s", run, f)
		}
		return v, nil
	}
	tests := []struct {
		claim string
		holds bool
		shown string
		err   string
	}{
		{claim: "a.nodes < b.nodes", holds: true, shown: "10 < 20"},
		{claim: "a.nodes == b.nodes", holds: false, shown: "10 == 20"},
		{claim: "2 * a.nodes == b.nodes", holds: true, shown: "20 == 20"},
		{claim: "b.nodes - a.nodes > a.rejects + 5", holds: true, shown: "10 > 9"},
		{claim: "a.nodes >= 10", holds: true, shown: "10 >= 10"},
		{claim: "a.nodes != 10", holds: false, shown: "10 != 10"},
		{claim: "a.status == lost", holds: true, shown: "lost == lost"},
		{claim: "a.final == b.final", holds: true, shown: "12/… == 12/…"},
		{claim: "a.status < lost", err: "texts compare only with == and !="},
		{claim: "a.status == 3", err: "compares a number with a text"},
		{claim: "2 * a.status == 3", err: "a.status is not a number"},
		{claim: "c.nodes == 3", err: "no c.nodes"},
	}
	for _, tt := range tests {
		t.Run(tt.claim, func(t *testing.T) {
			c, err := parseClaim(tt.claim)
			if err != nil {
				t.Fatal(err)
			}
			ok, shown, err := c.holds(get)
			if tt.err != "" {
				if err == nil || !strings.Contains(err.Error(), tt.err) {
					t.Errorf("error = %v, want %q", err, tt.err)
				}
				return
			}
			if err != nil || ok != tt.holds || shown != tt.shown {
				t.Errorf("holds = %v, %q, %v; want %v, %q", ok, shown, err, tt.holds, tt.shown)
			}
		})
	}
	for _, bad := range []string{"a.nodes", "a.nodes == == b.nodes", "a.nodes < b.nodes < c.nodes", "x * a.nodes > 1", "2 * 3 > 1", "a.nodes + > 1", "a.nodes - == 1", "lost + a.nodes == 1", ".nodes > 1", "a.speed > 1", "== 1"} {
		if _, err := parseClaim(bad); err == nil {
			t.Errorf("parseClaim(%q): no error", bad)
		}
	}
}

func TestStrategies(t *testing.T) {
	tests := []struct {
		base Search
		n    int
		err  string
	}{
		{base: Search{Problem: "sudoku"}, n: 36},
		{base: Search{Problem: "nqueens", N: 6}, n: 6},
		{base: Search{Problem: "chess"}, err: `unknown problem "chess"`},
		{base: Search{Problem: "nqueens", N: 99}, err: "out of range"},
		{base: Search{Problem: "sudoku", Puzzle: "123"}, err: "puzzle: puzzle has 3 cells"},
	}
	for _, tt := range tests {
		ss, err := Strategies(tt.base)
		if tt.err != "" {
			if err == nil || !strings.Contains(err.Error(), tt.err) {
				t.Errorf("Strategies(%+v) error = %v, want %q", tt.base, err, tt.err)
			}
			continue
		}
		if err != nil || len(ss) != tt.n {
			t.Fatalf("Strategies(%+v) = %d searches, %v; want %d", tt.base, len(ss), err, tt.n)
		}
		seen := map[string]bool{}
		for _, s := range ss {
			p, opts, err := s.Build()
			if err != nil {
				t.Fatalf("%+v: %v", s, err)
			}
			key := fmt.Sprintf("%s %s %s", p.Info().Order, p.Info().Check, opts.When)
			if seen[key] {
				t.Errorf("strategy %s twice", key)
			}
			seen[key] = true
		}
	}
}

// TestSearchLimit runs a search that explodes: it stops at its limit with
// status limit, quickly.
func TestSearchLimit(t *testing.T) {
	out, err := Search{Problem: "sudoku", Order: "linear", When: "leaf", MaxSteps: Limit(5000)}.Execute(context.Background())
	if err != nil {
		t.Fatal(err)
	}
	if s := out.Summary; s.Status != tracer.StatusLimit || s.Limit != tracer.LimitSteps || s.Stats.Steps > 5010 {
		t.Errorf("status %s, limit %s, %d steps; want limit at about 5000 steps", s.Status, s.Limit, s.Stats.Steps)
	}
	if _, err := (Search{Problem: "nqueens", MaxSteps: Limit(-2)}).Execute(context.Background()); err == nil {
		t.Error("max_steps -2: no error")
	}
}

func ExampleSearch_Execute() {
	out, err := Search{Problem: "nqueens", N: 4}.Execute(context.Background())
	if err != nil {
		fmt.Println(err)
		return
	}
	st := out.Summary.Stats
	fmt.Println(out.Summary.Status, st.Nodes, "nodes,", st.Solutions, "solutions,", st.RejectTotal(), "pruned")
	// Output: complete 17 nodes, 2 solutions, 44 pruned
}

// ExampleMakeAll makes the permutations lesson in English and in Chinese
// at once, as a course site does: its players are made once for both.
func ExampleMakeAll() {
	ls, err := Lookup("permutations")
	if err != nil {
		fmt.Println(err)
		return
	}
	made, err := MakeAll(context.Background(), ls, []tracer.Lang{tracer.LangEN, tracer.LangZH}, Options{Tool: "backtrack example"})
	if err != nil {
		fmt.Println(err)
		return
	}
	for _, m := range made {
		fmt.Println(m[0].Name, m[0].Title)
	}
	// Output:
	// permutations Permutations: the three parts of backtracking, the used[] array, and N-Queens as permutations with diagonal rules
	// permutations 全排列：回溯三部曲、used 数组，以及 N 皇后为什么是“加了对角线规则的排列”
}
