package cli

import (
	"fmt"
	"io/fs"
	"os"
	"path/filepath"
	"regexp"
	"strconv"
	"strings"
	"testing"

	"github.com/backtrack-edu/backtrack/lessons"
)

// readmeText is README.md and the manual's pages (docs/*.md), one after
// the other.
func readmeText(t *testing.T) string {
	t.Helper()
	var all strings.Builder
	for _, f := range manualFiles(t) {
		b, err := os.ReadFile(f)
		if err != nil {
			t.Fatalf("read %s: %v", f, err)
		}
		all.Write(b)
		all.WriteString("\n")
	}
	return all.String()
}

// manualFiles are README.md and docs/*.md.
func manualFiles(t *testing.T) []string {
	t.Helper()
	docs, err := filepath.Glob("docs/*.md")
	if err != nil || len(docs) == 0 {
		t.Fatalf("no docs/*.md: %v", err)
	}
	return append([]string{"README.md"}, docs...)
}

// readmeFigures finds re in the README and returns its groups as numbers
// (commas dropped; a number word such as "nine" read as 9). The test
// fails if the sentence is gone: a figure the README states must stay
// checked, so a rewording changes this test too.
func readmeFigures(t *testing.T, readme, re string) []float64 {
	t.Helper()
	m := regexp.MustCompile(re).FindStringSubmatch(readme)
	if m == nil {
		t.Fatalf("README.md and docs/ no longer hold %q: the figure this test checks moved; update the test with it", re)
	}
	words := map[string]float64{"one": 1, "two": 2, "three": 3, "four": 4, "five": 5, "six": 6, "seven": 7,
		"eight": 8, "nine": 9, "ten": 10, "eleven": 11, "twelve": 12}
	var out []float64
	for _, g := range m[1:] {
		if v, ok := words[g]; ok {
			out = append(out, v)
			continue
		}
		v, err := strconv.ParseFloat(strings.ReplaceAll(g, ",", ""), 64)
		if err != nil {
			t.Fatalf("README figure %q in %q is not a number", g, m[0])
		}
		out = append(out, v)
	}
	return out
}

// fileSize is the size of path in bytes.
func fileSize(t *testing.T, path string) float64 {
	t.Helper()
	fi, err := os.Stat(path)
	if err != nil {
		t.Fatal(err)
	}
	return float64(fi.Size())
}

// treeSize is the number of files under dir and their bytes.
func treeSize(t *testing.T, dir string) (files int, bytes int64) {
	t.Helper()
	err := filepath.WalkDir(dir, func(p string, d fs.DirEntry, err error) error {
		if err != nil || d.IsDir() {
			return err
		}
		fi, err := d.Info()
		if err != nil {
			return err
		}
		files++
		bytes += fi.Size()
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}
	return files, bytes
}

// mustRun runs the command line in process and fails on a non-zero exit.
func mustRun(t *testing.T, args ...string) string {
	t.Helper()
	code, out, errOut := runCLI(t, "", args...)
	if code != 0 {
		t.Fatalf("%s: exit %d: %s", strings.Join(args, " "), code, errOut)
	}
	return out
}

// svgPt reads the width and height in pt of an SVG picture.
func svgPt(t *testing.T, path string) (w, h float64) {
	t.Helper()
	b, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	m := regexp.MustCompile(`<svg[^>]*width="([\d.]+)pt" height="([\d.]+)pt"`).FindSubmatch(b)
	if m == nil {
		t.Fatalf("%s: no width and height in pt", path)
	}
	w, _ = strconv.ParseFloat(string(m[1]), 64)
	h, _ = strconv.ParseFloat(string(m[2]), 64)
	return w, h
}

// frameSteps lists the step each frame in dir draws ("after step K", or
// the last step for the closing frame), in frame order.
func frameSteps(t *testing.T, dir string) []int {
	t.Helper()
	names, err := filepath.Glob(filepath.Join(dir, "frame-*.svg"))
	if err != nil {
		t.Fatal(err)
	}
	after := regexp.MustCompile(`>after step (\d+)`)
	open := regexp.MustCompile(`>open at step (\d+)<`)
	var steps []int
	for _, n := range names {
		b, err := os.ReadFile(n)
		if err != nil {
			t.Fatal(err)
		}
		m := after.FindSubmatch(b)
		if m == nil {
			m = open.FindSubmatch(b)
		}
		if m == nil {
			t.Fatalf("%s: no step in the frame", n)
		}
		k, _ := strconv.Atoi(string(m[1]))
		steps = append(steps, k)
	}
	return steps
}

// near reports whether got is within tol (a fraction) of the README's want.
func near(got, want, tol float64) bool {
	if tol == 0 {
		return got == want
	}
	d := got - want
	if d < 0 {
		d = -d
	}
	return d <= tol*want
}

// TestREADMEFigures holds the figures the README states about the
// tool's own outputs (frame counts, page and GIF sizes, picture sizes,
// the number of lessons, the site's files) to what the tool does now:
// counts exactly, sizes in bytes within 10 % (the README rounds them and
// the page's script grows by a few bytes from change to change). The
// README's dated measurements (the performance tables, the history of a
// change) are not checked here: they say when they were taken.
func TestREADMEFigures(t *testing.T) {
	readme := readmeText(t)
	const size = 0.10
	type claim struct {
		name    string
		re      string
		tol     []float64 // per figure; 0 means exact
		measure func(t *testing.T, dir string) []float64
	}
	claims := []claim{
		{
			name: "q4 page",
			re:   `trace nqueens -n 4 --html out/q4\.html +# (\d+) KB`,
			tol:  []float64{size},
			measure: func(t *testing.T, dir string) []float64 {
				mustRun(t, "trace", "nqueens", "-n", "4", "--html", filepath.Join(dir, "q4.html"))
				return []float64{fileSize(t, filepath.Join(dir, "q4.html")) / 1e3}
			},
		},
		{
			name: "LeetCode 37 page",
			re:   `trace sudoku --html out/lc37\.html --lang zh +# LeetCode 37's whole run: ([\d,]+) steps, ([\d.]+) MB`,
			tol:  []float64{0, size},
			measure: func(t *testing.T, dir string) []float64 {
				p := filepath.Join(dir, "lc37.html")
				out := mustRun(t, "trace", "sudoku", "--html", p, "--lang", "zh", "--stats", "-")
				m := regexp.MustCompile(`(?m)^\s*steps: (\d+)`).FindStringSubmatch(out)
				if m == nil {
					t.Fatalf("no steps in the stats:\n%s", out)
				}
				steps, _ := strconv.ParseFloat(m[1], 64)
				return []float64{steps, fileSize(t, p) / 1e6}
			},
		},
		{
			name: "4-queens frames",
			re:   `4-queens: (\d+) frames by default`,
			tol:  []float64{0},
			measure: func(t *testing.T, dir string) []float64 {
				f := filepath.Join(dir, "f")
				mustRun(t, "trace", "nqueens", "-n", "4", "--frames", f)
				return []float64{float64(len(frameSteps(t, f)))}
			},
		},
		{
			name: "4-queens frames of rejects and their GIF",
			re: `--every reject` + "`" + `: (\d+)\s+frames \((\d+) rejects and the last step; the other (\d+) rejects only raise a count in a group of\s+pruned tries\)` +
				`[^.]*, a ([\d.]+) MB GIF`,
			tol: []float64{0, 0, 0, size},
			measure: func(t *testing.T, dir string) []float64 {
				f, g, y := filepath.Join(dir, "f"), filepath.Join(dir, "q4.gif"), filepath.Join(dir, "q4.yaml")
				mustRun(t, "trace", "nqueens", "-n", "4", "--every", "reject", "--frames", f, "--gif", g, "--yaml", y)
				steps := frameSteps(t, f)
				kinds := logKinds(t, y)
				rejects, framed := 0, 0
				for _, k := range kinds {
					if k == "reject" {
						rejects++
					}
				}
				for _, s := range steps {
					if kinds[s] == "reject" {
						framed++
					}
				}
				if last := steps[len(steps)-1]; kinds[last] == "reject" || last != len(kinds)-1 {
					t.Errorf("the last frame draws step %d (%s), want the last step %d", last, kinds[last], len(kinds)-1)
				}
				return []float64{float64(len(steps)), float64(framed), float64(rejects - framed), fileSize(t, g) / 1e6}
			},
		},
		{
			name: "8-queens frames",
			re:   `8-queens by default: (\d+) frames[^.]*?steps? ([\d,]+) to ([\d,]+)\), then the end \(step ([\d,]+)\)`,
			tol:  []float64{0, 0, 0, 0},
			measure: func(t *testing.T, dir string) []float64 {
				f := filepath.Join(dir, "f")
				mustRun(t, "trace", "nqueens", "-n", "8", "--frames", f)
				s := frameSteps(t, f)
				return []float64{float64(len(s)), float64(s[0]), float64(s[len(s)-2]), float64(s[len(s)-1])}
			},
		},
		{
			name: "the whole 4-queens tree",
			re:   `drawn one by one, the (\d+) boxes need (\d+)×(\d+) pt`,
			tol:  []float64{0, 0.01, 0.01},
			measure: func(t *testing.T, dir string) []float64 {
				svg, dot := filepath.Join(dir, "w.svg"), filepath.Join(dir, "w.dot")
				mustRun(t, "trace", "nqueens", "-n", "4", "--max-nodes", "0", "--svg", svg, "--dot", dot)
				b, err := os.ReadFile(dot)
				if err != nil {
					t.Fatal(err)
				}
				// Count the boxes the DOT draws: its call and pruned-leaf
				// statements (an id, then its attributes).
				boxes := len(regexp.MustCompile(`(?m)^\t(\d+|s\d+) \[label=`).FindAll(b, -1))
				w, h := svgPt(t, svg)
				return []float64{float64(boxes), w, h}
			},
		},
		{
			name: "lessons (the list)",
			re:   `lesson build --all -o out/site +# the (\w+) lessons`,
			tol:  []float64{0},
			measure: func(t *testing.T, dir string) []float64 {
				return []float64{float64(lessonCount(t))}
			},
		},
		{
			name: "lessons (the build)",
			re:   `Building all (\w+)\s+takes`,
			tol:  []float64{0},
			measure: func(t *testing.T, dir string) []float64 {
				return []float64{float64(lessonCount(t))}
			},
		},
		{
			name: "lockstep pages",
			re:   `The default pair is ([\d.]+) MB, LeetCode 37's scan vs counts ([\d.]+) MB`,
			tol:  []float64{size, size},
			measure: func(t *testing.T, dir string) []float64 {
				a, b := filepath.Join(dir, "a.html"), filepath.Join(dir, "b.html")
				mustRun(t, "compare", "--html", a)
				mustRun(t, "compare", "--strategies", "sudoku", "--left", "check=scan", "--right", "check=counts", "--html", b)
				return []float64{fileSize(t, a) / 1e6, fileSize(t, b) / 1e6}
			},
		},
		{
			name: "the site without the playground",
			re:   `The (\w+) lessons in both languages make a site of ([\d,]+) files and ([\d.]+) MB without the\s+playground`,
			tol:  []float64{0, 0, size},
			measure: func(t *testing.T, dir string) []float64 {
				s := filepath.Join(dir, "site")
				mustRun(t, "lesson", "build", "--all", "--site", s, "--no-playground")
				files, bytes := treeSize(t, s)
				return []float64{float64(lessonCount(t)), float64(files), float64(bytes) / (1 << 20)}
			},
		},
	}
	for _, c := range claims {
		t.Run(c.name, func(t *testing.T) {
			t.Parallel()
			want := readmeFigures(t, readme, c.re)
			got := c.measure(t, t.TempDir())
			if len(got) != len(want) || len(c.tol) != len(want) {
				t.Fatalf("%d figures measured, %d in the README, %d tolerances", len(got), len(want), len(c.tol))
			}
			for i := range want {
				if !near(got[i], want[i], c.tol[i]) {
					t.Errorf("figure %d of %q: README says %s, the tool gives %s (tolerance %g)",
						i+1, c.re, fmtFig(want[i]), fmtFig(got[i]), c.tol[i])
				}
			}
		})
	}
}

// fmtFig prints a figure as the README would.
func fmtFig(v float64) string {
	if v == float64(int64(v)) {
		return strconv.FormatInt(int64(v), 10)
	}
	return fmt.Sprintf("%.3g", v)
}

// logKinds reads a step log's kinds, indexed by step (kinds[0] is empty).
func logKinds(t *testing.T, path string) []string {
	t.Helper()
	b, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	kinds := []string{""}
	re := regexp.MustCompile(`(?m)^  - \{step: (\d+), kind: (\w+)`)
	for _, m := range re.FindAllSubmatch(b, -1) {
		k, _ := strconv.Atoi(string(m[1]))
		if k != len(kinds) {
			t.Fatalf("%s: step %d after %d", path, k, len(kinds)-1)
		}
		kinds = append(kinds, string(m[2]))
	}
	if len(kinds) == 1 {
		t.Fatalf("%s: no steps read", path)
	}
	return kinds
}

// lessonCount is the number of lessons built into the binary.
func lessonCount(t *testing.T) int {
	t.Helper()
	all, err := lessons.All()
	if err != nil {
		t.Fatal(err)
	}
	return len(all)
}

// TestREADMEQuickStart holds the Quick start's sample output to what
// `trace nqueens -n 4` prints: every line the README shows, in order
// ("…" stands for lines left out).
func TestREADMEQuickStart(t *testing.T) {
	readme := readmeText(t)
	m := regexp.MustCompile("It prints both\nsolutions and the counts:\n\n```\n((?s).*?)```").FindStringSubmatch(readme)
	if m == nil {
		t.Fatal("README.md no longer shows the Quick start's output: update this test with it")
	}
	out := mustRun(t, "trace", "nqueens", "-n", "4")
	got := strings.Split(out, "\n")
	i := 0
	for _, want := range strings.Split(strings.TrimRight(m[1], "\n"), "\n") {
		if want == "…" {
			continue
		}
		for i < len(got) && got[i] != want {
			i++
		}
		if i == len(got) {
			t.Fatalf("the README's Quick start line %q is not in the output (in order):\n%s", want, out)
		}
		i++
	}
}
