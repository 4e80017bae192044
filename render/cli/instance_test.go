package cli

import (
	"bytes"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"testing"

	"github.com/backtrack-edu/backtrack/tracer"
)

// TestInstanceRoundTrip: a run's step log carries its instance whole, so
// render LOG draws and narrates exactly what trace did: the same DOT
// (boards included), the same player page (its notes, board and stack),
// for every registered problem and several instances of each, custom
// numbers among them (a problem not named here: its default instance).
func TestInstanceRoundTrip(t *testing.T) {
	cases := map[string][][]string{
		"nqueens":         {{"-n", "4"}, {"-n", "5", "--when", "after"}},
		"sudoku":          {{"--puzzle", "examples/puzzles/4x4.txt", "--order", "linear"}, {"--puzzle", "examples/puzzles/4x4.txt", "--order", "mrv", "--check", "counts"}},
		"permutations":    {{"-n", "3"}, {"--nums", "1,1,2"}, {"--nums", "2,1,2,1", "--dedup", "none", "--when", "after"}, {"--nums", "3,1,2", "--check", "arrays"}},
		"combination-sum": {{}, {"--nums", "4,1,2,3", "--target", "5"}, {"--nums", "2,3,6,7", "--target", "7", "--reuse"}, {"--dedup", "start", "--when", "after"}, {"--nums", "2,5,2,1,2", "--target", "5", "--dedup", "none"}},
		"subsets":         {{}, {"--nums", "3,1,3", "--dedup", "none"}, {"--nums", "1,2,2,2", "--dedup", "start"}},
	}
	for _, name := range tracer.ProblemNames() {
		if _, ok := cases[name]; !ok && !strings.HasPrefix(name, "test") {
			// A problem added since (a new built-in): its default
			// instance, so that adding one changes no test here.
			cases[name] = [][]string{{}}
		}
	}
	dir := t.TempDir()
	i := 0
	for problem, instances := range cases {
		for _, inst := range instances {
			for _, lang := range []string{"en", "zh"} {
				i++
				args := append([]string{problem}, inst...)
				t.Run(strings.Join(args, " ")+" "+lang, func(t *testing.T) {
					sub := filepath.Join(dir, strconv.Itoa(i))
					if err := os.Mkdir(sub, 0o755); err != nil {
						t.Fatal(err)
					}
					p := func(s string) string { return filepath.Join(sub, s) }
					log, dotA, dotB, htmlA, htmlB := p("run.yaml"), p("a.dot"), p("b.dot"), p("a.html"), p("b.html")
					trace := append(append([]string{"trace"}, args...), "--yaml", log, "--dot", dotA, "--html", htmlA, "--boards", "--lang", lang)
					if code, _, errs := runCLI(t, "", trace...); code != 0 {
						t.Fatalf("trace: exit %d: %s", code, errs)
					}
					if code, _, errs := runCLI(t, "", "render", log, "--dot", dotB, "--html", htmlB, "--boards", "--lang", lang); code != 0 {
						t.Fatalf("render: exit %d: %s", code, errs)
					}
					for _, pair := range [][2]string{{dotA, dotB}, {htmlA, htmlB}} {
						a, _ := os.ReadFile(pair[0])
						b, _ := os.ReadFile(pair[1])
						if len(a) == 0 || !bytes.Equal(a, b) {
							t.Errorf("render's %s differs from trace's (%d vs %d bytes)", filepath.Ext(pair[0]), len(a), len(b))
						}
					}
				})
			}
		}
	}
}

// TestListInstanceWords: a custom list is drawn and narrated with its own
// numbers, from the run and from its log (the review's F2: --puzzle
// "4 1 2 3 sum 5" drew the default instance's numbers).
func TestListInstanceWords(t *testing.T) {
	dir := t.TempDir()
	log := filepath.Join(dir, "c.yaml")
	code, out, errs := runCLI(t, "", "trace", "combination-sum", "--nums", "4,1,2,3", "--target", "5", "--yaml", log)
	if code != 0 {
		t.Fatalf("trace: exit %d: %s", code, errs)
	}
	for _, want := range []string{"[1,2,3,4], target 5", "solution 1: [1,4]", "solution 2: [2,3]"} {
		if !strings.Contains(out, want) {
			t.Errorf("report lacks %q:\n%s", want, out)
		}
	}
	text, _ := os.ReadFile(log)
	for _, want := range []string{`instance: "nums 4,1,2,3 target 5 dedup used"`, "take 3 (index 2)", "1 + 4 = 5, the target: [1,4]"} {
		if !strings.Contains(string(text), want) {
			t.Errorf("step log lacks %q", want)
		}
	}
	code, dot, errs := runCLI(t, "", "render", log, "--dot", "-")
	if code != 0 {
		t.Fatalf("render: exit %d: %s", code, errs)
	}
	if !strings.Contains(dot, `label="3"`) || strings.Contains(dot, `label="10"`) {
		t.Errorf("render LOG: the boxes do not read the log's numbers:\n%.1500s", dot)
	}
}

// TestListInstanceFocus: a focus on a custom list is read with the run's
// own Def (DiagramOptions.Def), from the run and from its log: the moves
// p<position>=i<index> name the instance's indices, and an error lists
// the moves there are in the instance's numbers, not the default
// instance's ([1,1,2,5,6,7,10]).
func TestListInstanceFocus(t *testing.T) {
	dir := t.TempDir()
	log := filepath.Join(dir, "c.yaml")
	code, _, errs := runCLI(t, "", "trace", "combination-sum", "--nums", "9,1,2,3", "--target", "5", "--yaml", log)
	if code != 0 {
		t.Fatalf("trace: exit %d: %s", code, errs)
	}
	for _, args := range [][]string{
		{"trace", "combination-sum", "--nums", "9,1,2,3", "--target", "5"},
		{"render", log},
	} {
		code, dot, errs := runCLI(t, "", append(args, "--focus", "p0=i0/p1=i1", "--dot", "-")...)
		if code != 0 {
			t.Fatalf("%s --focus p0=i0/p1=i1: exit %d: %s", args[0], code, errs)
		}
		if !strings.Contains(dot, `label="2"`) {
			t.Errorf("%s --focus: the focus box does not read 2:\n%.1500s", args[0], dot)
		}
		code, _, errs = runCLI(t, "", append(args, "--focus", "p0=i0/p1=i9", "--dot", "-")...)
		if code == 0 || !strings.Contains(errs, "its moves: 2, 3") {
			t.Errorf("%s --focus p0=i0/p1=i9: exit %d, %q: want the moves under p0=i0 in the instance's numbers (2, 3)", args[0], code, errs)
		}
	}
}
