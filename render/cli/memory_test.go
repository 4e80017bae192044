package cli

// Every run bounded in memory (issue 21, point 2; the second newcomer
// trial's N3): the search tree kept for the diagrams has a cap,
// --max-tree, that stops the search cleanly, and a whole tree too big for
// --max-nodes 0 is refused as soon as the search has recorded that many
// boxes, not after the whole tree is built.

import (
	"bytes"
	"math"
	"os"
	"path/filepath"
	"regexp"
	"runtime/debug"
	"strconv"
	"strings"
	"testing"

	"gopkg.in/yaml.v3"
)

// TestMaxTreeStopsTheSearch: a run whose tree reaches --max-tree ends with
// status limit, the reason named in the report (English and Chinese), in
// the stats (limit: tree) and in a warning, and its diagram is drawn.
func TestMaxTreeStopsTheSearch(t *testing.T) {
	for _, c := range []struct {
		lang, report string
	}{
		{"en", "stopped because the search tree reached its size limit (--max-tree) after "},
		{"zh", "搜索树达到大小上限（--max-tree），在第 "},
	} {
		t.Run(c.lang, func(t *testing.T) {
			dir := t.TempDir()
			dot, stats := filepath.Join(dir, "q.dot"), filepath.Join(dir, "q.yaml")
			// 10-queens, every solution: 348,151 boxes, some 9 MB of tree.
			code, out, errs := runCLI(t, "", "trace", "nqueens", "-n", "10", "--max-steps", "0", "--max-tree", "200k",
				"--dot", dot, "--stats", stats, "--lang", c.lang)
			if code != 0 {
				t.Fatalf("exit %d, stderr %q", code, errs)
			}
			if !strings.Contains(out, c.report) {
				t.Errorf("the report does not say the tree limit stopped the search (%q):\n%s", c.report, out)
			}
			if !strings.Contains(errs, "--max-tree 200k") || strings.Count(errs, "\n") != 1 {
				t.Errorf("stderr %q: want one warning naming --max-tree 200k", errs)
			}
			var st struct {
				Status string `yaml:"status"`
				Limit  string `yaml:"limit"`
				Steps  int64  `yaml:"steps"`
			}
			b, err := os.ReadFile(stats)
			if err != nil {
				t.Fatal(err)
			}
			if err := yaml.Unmarshal(b, &st); err != nil {
				t.Fatal(err)
			}
			// 200 KiB is about 6,000 boxes: the search stops within its
			// first 200,000 of 9.6 million steps.
			if st.Status != "limit" || st.Limit != "tree" || st.Steps <= 0 || st.Steps > 200_000 {
				t.Errorf("stats: status %q, limit %q, %d steps: want limit, tree, a few thousand steps", st.Status, st.Limit, st.Steps)
			}
			if d, err := os.ReadFile(dot); err != nil || !strings.Contains(string(d), "--max-tree") {
				t.Errorf("the DOT's legend does not name --max-tree (%v)", err)
			}
		})
	}
}

// TestMaxTreeRender: render draws a log whose tree passes --max-tree as the
// tree stood then, and says so.
func TestMaxTreeRender(t *testing.T) {
	dir := t.TempDir()
	log, dot := filepath.Join(dir, "q8.yaml"), filepath.Join(dir, "q8.dot")
	if code, _, errs := runCLI(t, "", "trace", "nqueens", "--yaml", log); code != 0 {
		t.Fatalf("trace: exit %d, stderr %q", code, errs)
	}
	code, _, errs := runCLI(t, "", "render", log, "--max-tree", "40k", "--dot", dot)
	if code != 0 {
		t.Fatalf("render: exit %d, stderr %q", code, errs)
	}
	m := regexp.MustCompile(`reached --max-tree 40k at step (\d+) of 39667, so the diagrams show it as it stood after step (\d+)`).FindStringSubmatch(errs)
	if m == nil {
		t.Fatalf("stderr %q: want a warning naming --max-tree and the step", errs)
	}
	k, _ := strconv.ParseInt(m[2], 10, 64)
	d, err := os.ReadFile(dot)
	if err != nil {
		t.Fatal(err)
	}
	if want := "after step " + m[2] + " of 39667"; k <= 0 || !strings.Contains(string(d), want) {
		t.Errorf("the DOT's legend lacks %q", want)
	}
}

// TestWholeTreeRefusedAtTheCount: --max-nodes 0 on a tree past the most
// boxes a picture (400,000) or a DOT (2,000,000) may have is refused as
// soon as the search has recorded that many, naming the step: the search
// stops there, long before its end (9-permutations: 986,410 calls and
// 4,625,361 pruned tries, 15,169,179 steps), and writes nothing.
func TestWholeTreeRefusedAtTheCount(t *testing.T) {
	for _, c := range []struct {
		flag, boxes string
		most        int64 // the step the refusal must come by
	}{
		{"--svg", "400000", 1_500_000},
		{"--dot", "2000000", 7_000_000},
	} {
		t.Run(c.flag, func(t *testing.T) {
			dir := t.TempDir()
			out, stats := filepath.Join(dir, "p9.out"), filepath.Join(dir, "p9.yaml")
			code, stdout, errs := runCLI(t, "", "trace", "permutations", "-n", "9", "--max-steps", "0", "--max-nodes", "0",
				c.flag, out, "--stats", stats)
			if code != 2 || stdout != "" {
				t.Errorf("exit %d, want 2; stdout %q", code, stdout)
			}
			m := regexp.MustCompile(`^backtrack: ` + c.flag + `: the tree passed ` + c.boxes + ` boxes at step (\d+), more than --max-nodes 0 `).FindStringSubmatch(errs)
			if m == nil || strings.Count(errs, "\n") != 1 {
				t.Fatalf("stderr %q: want one line saying the tree passed %s boxes at a step", errs, c.boxes)
			}
			if k, _ := strconv.ParseInt(m[1], 10, 64); k > c.most {
				t.Errorf("refused at step %d: want by step %d, where the tree passes %s boxes", k, c.most, c.boxes)
			}
			for _, p := range []string{out, stats} {
				if _, err := os.Stat(p); err == nil {
					t.Errorf("%s was written", filepath.Base(p))
				}
			}
		})
	}
}

// BenchmarkMemory runs the commands of the second newcomer trial's memory
// table (N3, N12) in process, as a user types them, one run per
// iteration, and reports the process's peak resident memory (peak-MB,
// see benchPeak; it includes what the test binary holds already, such as
// Graphviz once loaded, so it is above the command's own peak). One at a
// time:
//
//	go test -run '^$' -bench 'Memory/queens14-svg' -benchtime 1x .
//
// queens14-svg and permutations10-dot stop at the default --max-tree;
// permutations10-all-svg is refused when its tree passes 400,000 boxes;
// page-default is the default 200,000-step player page, page-largest the
// largest a page may hold (2,000,000 steps). The target: under 1 GB each,
// the default page under 300 MB. The soft memory limit is main's.
func BenchmarkMemory(b *testing.B) {
	// As main sets it.
	defer debug.SetMemoryLimit(debug.SetMemoryLimit(-1))
	setMemoryLimit(memoryLimit)
	dir := b.TempDir()
	for _, c := range []struct {
		name string
		args []string
		code int // the exit code the command ends with
	}{
		{"queens14-svg", []string{"trace", "nqueens", "-n", "14", "--max-steps", "0", "--svg", dir + "/m14.svg"}, 0},
		{"permutations10-dot", []string{"trace", "permutations", "-n", "10", "--max-steps", "0", "--dot", dir + "/p10.dot"}, 0},
		{"permutations10-all-svg", []string{"trace", "permutations", "-n", "10", "--max-steps", "0", "--max-nodes", "0", "--svg", dir + "/p10.svg"}, 2},
		{"page-default", []string{"trace", "nqueens", "-n", "10", "--max-steps", "0", "--html", dir + "/q10.html"}, 0},
		{"page-largest", []string{"trace", "nqueens", "-n", "11", "--max-steps", "2000000", "--html", dir + "/q11.html"}, 0},
	} {
		b.Run(c.name, func(b *testing.B) {
			benchPeak(b, func() {
				var out, errs bytes.Buffer
				if code := run(c.args, strings.NewReader(""), &out, &errs); code != c.code {
					b.Fatalf("%v: exit %d, want %d: %s", c.args, code, c.code, errs.String())
				}
			})
		})
	}
}

// TestMemoryLimitLifted: a flag that raises a cap (--max-tree 0 or above
// its default, --max-nodes above 400,000, step --max-steps above the
// default) lifts main's soft memory limit, which would otherwise slow
// such a run down; the default flags keep it.
func TestMemoryLimitLifted(t *testing.T) {
	if os.Getenv("GOMEMLIMIT") != "" {
		t.Skip("GOMEMLIMIT is set: the runtime's limit is the user's")
	}
	defer debug.SetMemoryLimit(debug.SetMemoryLimit(-1))
	dir := t.TempDir()
	for _, c := range []struct {
		args   []string
		lifted bool
	}{
		{[]string{"trace", "nqueens", "-n", "5", "--dot", filepath.Join(dir, "a.dot")}, false},
		{[]string{"trace", "nqueens", "-n", "5", "--dot", filepath.Join(dir, "b.dot"), "--max-nodes", "0", "--max-tree", "128M"}, false},
		{[]string{"trace", "nqueens", "-n", "5", "--dot", filepath.Join(dir, "c.dot"), "--max-tree", "0"}, true},
		{[]string{"trace", "nqueens", "-n", "5", "--dot", filepath.Join(dir, "d.dot"), "--max-tree", "1G"}, true},
		{[]string{"trace", "nqueens", "-n", "5", "--dot", filepath.Join(dir, "e.dot"), "--max-nodes", "500000"}, true},
		{[]string{"step", "nqueens", "-n", "5", "--print"}, false},
		{[]string{"step", "nqueens", "-n", "5", "--print", "--max-steps", "20000000"}, true},
	} {
		setMemoryLimit(memoryLimit)
		if code, _, errs := runCLI(t, "", c.args...); code != 0 {
			t.Fatalf("%v: exit %d, stderr %q", c.args, code, errs)
		}
		if got := debug.SetMemoryLimit(-1); (got == math.MaxInt64) != c.lifted {
			t.Errorf("%v: the soft memory limit is %d after the run, want it lifted: %v", c.args, got, c.lifted)
		}
	}
}
