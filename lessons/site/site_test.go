package site

import (
	"context"
	"path"
	"reflect"
	"regexp"
	"strings"
	"testing"

	"github.com/backtrack-edu/backtrack/lessons"
	"github.com/backtrack-edu/backtrack/tracer"
)

// makeSite builds a site of one quick lesson, without the playground
// unless play is given.
func makeSite(t *testing.T, play *Playground) map[string][]byte {
	t.Helper()
	ls, err := lessons.Lookup("permutations")
	if err != nil {
		t.Fatal(err)
	}
	files, err := Make(context.Background(), Options{Lessons: ls, Tool: "backtrack test", License: []byte("MIT\n"),
		ThirdParty: []byte("# Notices\n\nSee [LICENSE](LICENSE).\n"), Playground: play})
	if err != nil {
		t.Fatal(err)
	}
	return files
}

// TestMakeDeterministic: the same lessons give the same bytes.
func TestMakeDeterministic(t *testing.T) {
	a, b := makeSite(t, nil), makeSite(t, nil)
	if !reflect.DeepEqual(a, b) {
		for _, n := range Names(a) {
			if string(a[n]) != string(b[n]) {
				t.Errorf("%s differs between two builds", n)
			}
		}
		t.Fatal("two builds differ")
	}
}

// ref finds the links, pictures, styles and scripts of a page.
var ref = regexp.MustCompile(`(?:href|src)="([^"]*)"`)

// TestRelativeLinks: every link of every page of the site (players aside,
// which link nowhere) is relative and names a file of the site, or is a
// web address the text cites.
func TestRelativeLinks(t *testing.T) {
	play := &Playground{Wasm: []byte("\x00asm"), WasmExec: []byte("// wasm_exec.js\n")}
	files := makeSite(t, play)
	for _, want := range []string{"index.html", "site.css", "licences.html", "en/index.html", "zh/index.html",
		"en/permutations/index.html", "zh/permutations/index.html", "en/playground.html", "zh/playground.html",
		"playground/playground.wasm", "playground/wasm_exec.js", "playground/playground-wasm.js"} {
		if files[want] == nil {
			t.Errorf("the site has no %s", want)
		}
	}
	for _, p := range Names(files) {
		if !strings.HasSuffix(p, ".html") || (strings.Count(p, "/") == 2 && !strings.HasSuffix(p, "/index.html")) {
			continue
		}
		for _, m := range ref.FindAllStringSubmatch(string(files[p]), -1) {
			href := strings.ReplaceAll(m[1], "&amp;", "&")
			switch {
			case strings.HasPrefix(href, "https://") || strings.HasPrefix(href, "http://"):
				continue
			case strings.HasPrefix(href, "/") || strings.Contains(href, "://"):
				t.Errorf("%s: link %q is not relative", p, href)
				continue
			case strings.HasPrefix(href, "#"):
				continue
			}
			if target := rel(p, href); files[target] == nil {
				t.Errorf("%s: link %q names %s, not in the site", p, href, target)
			}
		}
	}
	if !strings.Contains(string(files["en/permutations/index.html"]), `href="../playground.html#problem=permutations&amp;n=3`) {
		t.Errorf("the lesson page has no try-it link to its first run")
	}
	if !strings.Contains(string(files["licences.html"]), `href="#licence"`) {
		t.Errorf("licences.html: THIRD_PARTY.md's link to LICENSE is not the licence on the page")
	}
}

func TestTryHash(t *testing.T) {
	for _, tc := range []struct {
		s    lessons.Search
		lang tracer.Lang
		want string
	}{
		{lessons.Search{Problem: "nqueens", N: 4}, tracer.LangEN, "problem=nqueens&n=4&lang=en"},
		{lessons.Search{Problem: "sudoku", Order: "mrv", Check: "counts", Puzzle: "53..7"}, tracer.LangZH, "problem=sudoku&order=mrv&check=counts&puzzle=53..7&lang=zh"},
		{lessons.Search{Problem: "sudoku", Puzzle: "53..7\n6..19"}, tracer.LangEN, "problem=sudoku&lang=en"},
	} {
		if got := tryHash(tc.s, tc.lang); got != tc.want {
			t.Errorf("tryHash(%+v) = %q, want %q", tc.s, got, tc.want)
		}
	}
}

// rel joins a relative link for checks in tests: the target of href on the
// page at p, both slash paths in the site.
func rel(p, href string) string {
	if i := strings.IndexAny(href, "#?"); i >= 0 {
		href = href[:i]
	}
	if href == "" {
		return p
	}
	return path.Clean(path.Join(path.Dir(p), href))
}

// TestMakeFirstFailure: the lessons are made side by side, but the error
// is the first failing lesson's in the site's order (language by
// language, lesson by lesson), and no lesson is reported made; a site
// that builds reports its lessons in that order.
func TestMakeFirstFailure(t *testing.T) {
	base, err := lessons.Lookup("permutations")
	if err != nil {
		t.Fatal(err)
	}
	lesson := func(name, claim string) *lessons.Lesson {
		spec := base[0].Spec
		if claim != "" {
			spec.Claims = append(append([]string(nil), spec.Claims...), claim)
		}
		return &lessons.Lesson{Name: name, Spec: spec, Text: base[0].Text}
	}
	run := spec0Run(t, base[0])
	for _, c := range []struct {
		name string
		ls   []*lessons.Lesson
		want string // "": the site builds
	}{
		{"second and third fail", []*lessons.Lesson{lesson("a-good", ""), lesson("b-bad", run+".nodes == -1"), lesson("c-bad", run+".nodes == -2")},
			`lesson b-bad: claim "` + run + `.nodes == -1" does not hold`},
		{"last fails", []*lessons.Lesson{lesson("a-good", ""), lesson("b-good", ""), lesson("c-bad", run+".nodes == -2")},
			`lesson c-bad: claim "` + run + `.nodes == -2" does not hold`},
		{"first fails", []*lessons.Lesson{lesson("a-bad", run+".nodes == -3"), lesson("b-bad", run+".nodes == -1")},
			`lesson a-bad: claim "` + run + `.nodes == -3" does not hold`},
		{"none fails", []*lessons.Lesson{lesson("a-good", ""), lesson("b-good", ""), lesson("c-good", "")}, ""},
	} {
		t.Run(c.name, func(t *testing.T) {
			var order []string
			_, err := Make(context.Background(), Options{Lessons: c.ls, Tool: "backtrack test", License: []byte("MIT\n"),
				ThirdParty: []byte("# Notices\n"),
				Made:       func(lang tracer.Lang, m *lessons.Made) { order = append(order, string(lang)+"/"+m.Name) }})
			if c.want == "" {
				if err != nil {
					t.Fatal(err)
				}
				want := []string{"en/a-good", "en/b-good", "en/c-good", "zh/a-good", "zh/b-good", "zh/c-good"}
				if !reflect.DeepEqual(order, want) {
					t.Errorf("lessons reported made in the order %v, want %v", order, want)
				}
				return
			}
			if err == nil || !strings.Contains(err.Error(), c.want) {
				t.Fatalf("error %v, want %q", err, c.want)
			}
			if len(order) != 0 {
				t.Errorf("%v reported made", order)
			}
		})
	}
}

// spec0Run is the name of the lesson's first run, for a claim on it.
func spec0Run(t *testing.T, l *lessons.Lesson) string {
	t.Helper()
	if len(l.Spec.Runs) == 0 {
		t.Fatalf("lesson %s has no run", l.Name)
	}
	return l.Spec.Runs[0].Name
}
