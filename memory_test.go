package main

// Every run bounded in memory (issue 21, point 2; the second newcomer
// trial's N3): the search tree kept for the diagrams has a cap,
// --max-tree, that stops the search cleanly, and a whole tree too big for
// --max-nodes 0 is refused as soon as the search has recorded that many
// boxes, not after the whole tree is built.

import (
	"os"
	"path/filepath"
	"regexp"
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
