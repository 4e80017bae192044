package main

import (
	"context"
	"fmt"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"github.com/backtrack-edu/backtrack/render/export"
	"github.com/backtrack-edu/backtrack/render/steplog"
	"github.com/backtrack-edu/backtrack/tracer"
)

// Example runs the program on its default instance: the report it prints
// and the counts it writes to stats.yaml.
func Example() {
	dir, err := os.MkdirTemp("", "subsetsum-test-")
	if err != nil {
		panic(err)
	}
	defer os.RemoveAll(dir)
	if _, err := run(context.Background(), dir, "", tracer.LangEN, os.Stdout); err != nil {
		panic(err)
	}
	stats, err := os.ReadFile(filepath.Join(dir, "stats.yaml"))
	if err != nil {
		panic(err)
	}
	fmt.Printf("\nstats.yaml:\n%s", stats)
	// Output:
	// subsetsum {3, 5, 6, 7}, sum 15 · order=items check=scan when=before stop=all
	// status: complete · searched the whole tree: 1 solution
	//
	// solution 1:
	// 1 1 0 1
	//
	// calls 11 · tries 20 · rejects 10 (sum over the target ×3, target out of reach ×7) · placements 10 · backtracks 10
	// max depth 4 · steps 83 · check cost 60 · scan cost 0
	// subsets: {3, 5, 7} = 15
	//
	// stats.yaml:
	// problem: subsetsum
	// size: 4
	// strategy:
	//   order: items
	//   check: scan
	//   when: before
	//   stop: all
	// status: complete
	// solutions: 1
	// nodes: 11
	// tries: 20
	// rejects:
	//   total: 10
	//   over: 3
	//   short: 7
	// placements: 10
	// backtracks: 10
	// max_depth: 4
	// steps: 83
	// check_cost: 60
	// scan_cost: 0
	// solution:
	//   - "1101"
}

// Example_notes prints the notes of the first steps, as the step log
// holds them, and those of the solution in Chinese.
func Example_notes() {
	spec := tracer.Spec{Problem: subsetSumDef.Name}
	p, opts, err := spec.Build()
	if err != nil {
		panic(err)
	}
	st := tracer.StrategyOf(p.Info(), opts)
	en, zh := notes(p.Info(), st, tracer.LangEN), notes(p.Info(), st, tracer.LangZH)
	printer := tracer.SinkFunc(func(e *tracer.Event) {
		noteEN, noteZH := en(e), zh(e) // every event, so that both follow the search
		switch {
		case e.Step <= 8 || e.Step == 17 || e.Step == 18:
			fmt.Printf("%2d %-9s %s\n", e.Step, e.Kind, noteEN)
		case e.Step >= 57 && e.Step <= 60:
			fmt.Printf("%2d %-9s %s\n", e.Step, e.Kind, noteZH)
		}
	})
	// No outputs: the pipeline only runs the search, feeding the printer.
	if _, err := export.Run(context.Background(), spec, export.Options{Sinks: []tracer.Sink{printer}}); err != nil {
		panic(err)
	}
	// Output:
	//  1 call      call 0 (root, depth 0): decide item 0 (3): leave it out, or take it
	//  2 try       try leaving item 0 (3) out: the sum stays 0
	//  3 place     leave item 0 (3) out (做出选择) and recurse to item 1
	//  4 call      call 1 at depth 1 after leaving item 0 (3) out: decide item 1 (5): leave it out, or take it
	//  5 try       try leaving item 1 (5) out: the sum stays 0
	//  6 reject    leaving item 1 (5) out, even every item after it (6 + 7 = 13) cannot make 15: prune (剪枝)
	//  7 try       try taking item 1 (5): sum 0 + 5 = 5
	//  8 place     take item 1 (5) (做出选择) and recurse to item 2
	// 17 try       try taking item 3 (7): sum 11 + 7 = 18
	// 18 reject    taking item 3 (7), the sum would pass 15: prune (剪枝)
	// 57 try       尝试选第 3 项（7）：和 8 + 7 = 15
	// 58 place     选第 3 项（7）（做出选择），这是最后一项，递归
	// 59 call      调用 9（深度 4，由选第 3 项（7）进入）：4 项都决定了 → 到达终止条件
	// 60 solution  每一项都决定了，和正好是 15：找到第 1 个解 → 记下它，返回，继续搜索
}

// TestStepLog reads the step log back: the same counts as the search,
// and a note on every step.
func TestStepLog(t *testing.T) {
	dir := t.TempDir()
	wrote, err := run(context.Background(), dir, "", tracer.LangEN, new(strings.Builder))
	if err != nil {
		t.Fatal(err)
	}
	if first, _, _ := strings.Cut(wrote, "\n"); strings.Contains(first, "not written") {
		t.Fatalf("the step log was not written: %s", first)
	}
	f, err := os.Open(filepath.Join(dir, "steps.yaml"))
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	tree := tracer.NewTree()
	h, sum, err := steplog.Read(f, tree)
	if err != nil {
		t.Fatal(err)
	}
	if h.Problem != "subsetsum" || h.Instance != defaultInstance || sum.Status != tracer.StatusComplete {
		t.Errorf("header %+v, status %s", h, sum.Status)
	}
	if got := sum.Stats; got.Nodes != 11 || got.Rejects[ruleOver] != 3 || got.Rejects[ruleShort] != 7 || got.Steps != 83 {
		t.Errorf("read back: %+v", got)
	}
	if calls, pruned := tree.Counts(); calls != 11 || pruned != 10 {
		t.Errorf("tree read back: %d calls, %d pruned", calls, pruned)
	}
	log, _ := os.ReadFile(filepath.Join(dir, "steps.yaml"))
	for _, want := range []string{"move: x3=1", "rule: over", "rule: short", `note: "try taking item 3 (7): sum 8 + 7 = 15"`} {
		if !strings.Contains(string(log), want) {
			t.Errorf("the step log has no %q", want)
		}
	}
}

// TestOutputs checks the picture and the stepper's view: moves, rules and
// the template code read as this problem writes them.
func TestOutputs(t *testing.T) {
	dir := t.TempDir()
	if _, err := run(context.Background(), dir, "", tracer.LangEN, new(strings.Builder)); err != nil {
		t.Fatal(err)
	}
	svg, err := os.ReadFile(filepath.Join(dir, "tree.svg"))
	if err != nil {
		t.Fatal(err)
	}
	for _, want := range []string{"subsetsum {3, 5, 6, 7}, sum 15", "x0=0", "x3=1", "✗ x1=0", "sum over the target", "target out of reach", "showing all 21 boxes"} {
		if !strings.Contains(string(svg), want) {
			t.Errorf("tree.svg has no %q", want)
		}
	}
	step, err := os.ReadFile(filepath.Join(dir, "step.txt"))
	if err != nil {
		t.Fatal(err)
	}
	for _, want := range []string{"func solve(i int) {", "for x := 0; x <= 1; x++ {", "d1 #1 x1=0", "cannot make"} {
		if !strings.Contains(string(step), want) {
			t.Errorf("step.txt has no %q:\n%s", want, step)
		}
	}
}

// TestAgainstAllSubsets holds every strategy to a count of all subsets:
// the same solutions, in the same order, whatever the check and its
// timing.
func TestAgainstAllSubsets(t *testing.T) {
	for _, inst := range []string{defaultInstance, "2 4 6 8 sum 10", "1 1 1 1 1 sum 2", "5 sum 5", "5 sum 4", "3 4 sum 0", "1 2 3 4 5 6 7 8 sum 12"} {
		in := mustParse(inst)
		var want []string
		for mask := 0; mask < 1<<len(in.items); mask++ {
			b, total := make([]byte, len(in.items)), 0
			for i := range in.items {
				b[i] = '0'
				if mask&(1<<(len(in.items)-1-i)) != 0 { // x0 is the high bit: the search's order
					b[i] = '1'
					total += in.items[i]
				}
			}
			if total == in.target {
				want = append(want, string(b))
			}
		}
		for _, check := range checks {
			for _, when := range tracer.Whens {
				spec := tracer.Spec{Problem: "subsetsum", Puzzle: inst, Check: check, When: when}
				p, opts, err := spec.Build()
				if err != nil {
					t.Fatal(err)
				}
				opts.KeepSolutions = 1 << 10
				res, err := tracer.Run(context.Background(), p, opts)
				if err != nil {
					t.Fatal(err)
				}
				var got []string
				for _, rows := range res.Boards {
					got = append(got, rows[0])
				}
				if res.Status != tracer.StatusComplete || !slices.Equal(got, want) {
					t.Errorf("%s check=%s when=%s: %s, solutions %v, want %v", inst, check, when, res.Status, got, want)
				}
			}
		}
	}
}

func TestMoves(t *testing.T) {
	d := subsetSumDef
	for i := 0; i < 4; i++ {
		for v := 0; v <= 1; v++ {
			s := d.Move(tracer.Pos{Row: 0, Col: i}, v)
			cell, got, err := d.ParseMove(s, 4)
			if err != nil || cell != (tracer.Pos{Row: 0, Col: i}) || got != v {
				t.Errorf("ParseMove(%q) = %v, %d, %v", s, cell, got, err)
			}
		}
	}
	for _, bad := range []string{"", "x", "x1", "x1=2", "x-1=0", "x01=1", "y1=1", "x4=1", "x1=01", "(0,1)=1"} {
		if _, _, err := d.ParseMove(bad, 4); err == nil {
			t.Errorf("ParseMove(%q): no error", bad)
		}
	}
}

func TestParseInstance(t *testing.T) {
	for text, want := range map[string]string{
		"3 5 6 7 sum 15":       "3 5 6 7 sum 15",
		"{3, 5, 6, 7} sum 15":  "3 5 6 7 sum 15",
		"  1,2  sum 0 ":        "1 2 sum 0",
		"16 15 14 13 12 sum 1": "16 15 14 13 12 sum 1",
	} {
		in, err := parseInstance(text)
		if err != nil || in.String() != want {
			t.Errorf("parseInstance(%q) = %q, %v, want %q", text, in, err, want)
		}
	}
	for _, bad := range []string{"", "3 5 6 7", "sum 15", "3 0 sum 3", "3 -1 sum 3", "3 x sum 3", "3 sum -1", "3 sum x",
		"1 2 3 4 5 6 7 8 9 10 11 12 13 14 15 16 17 sum 5"} {
		if _, err := parseInstance(bad); err == nil {
			t.Errorf("parseInstance(%q): no error", bad)
		}
	}
}
