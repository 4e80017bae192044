package render

import (
	"bytes"
	"context"
	"errors"
	"fmt"
	"io"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"strconv"
	"strings"
	"sync"
	"testing"

	"github.com/backtrack-edu/backtrack/tracer"
	"github.com/backtrack-edu/backtrack/tracer/problems/nqueens"
	"github.com/backtrack-edu/backtrack/tracer/problems/sudoku"
)

// The golden diagrams. Run `go test ./render -run TestDOTGolden -update` to
// rewrite them after a change that is meant (the update flag is declared in
// golden_test.go).
var dotGoldens = []struct {
	file string
	run  func(t testing.TB) dotRun
	opt  DiagramOptions
}{
	{"queens4.dot", dotQ4, DiagramOptions{MaxNodes: DefaultMaxNodes}},
	{"queens4-boards.dot", dotQ4, DiagramOptions{MaxNodes: DefaultMaxNodes, Boards: true}},
	{"queens4-step40.dot", dotQ4, DiagramOptions{MaxNodes: DefaultMaxNodes, AtStep: 40}},
	{"queens4-zh-step100-layout.dot", dotQ4zh, DiagramOptions{MaxNodes: DefaultMaxNodes, AtStep: 100, Layout: true}},
	{"queens8.dot", dotQ8, DiagramOptions{MaxNodes: DefaultMaxNodes}},
	{"queens8-focus-r0c1-depth3.dot", dotQ8, DiagramOptions{MaxNodes: DefaultMaxNodes, Focus: []string{"r0=c1"}, Depth: 3}},
	{"sudoku4-scan2d-boards.dot", dotS4, DiagramOptions{MaxNodes: DefaultMaxNodes, Boards: true}},
	{"permutations3.dot", dotP3, DiagramOptions{MaxNodes: DefaultMaxNodes}},
	{"permutations3-boards.dot", dotP3, DiagramOptions{MaxNodes: DefaultMaxNodes, Boards: true}},
	{"permutations3-zh-boards-layout.dot", dotP3zh, DiagramOptions{MaxNodes: DefaultMaxNodes, Boards: true, Layout: true}},
	{"sudoku4-leaf.dot", dotS4leaf, DiagramOptions{MaxNodes: 20}},
	{"sudoku4-leaf-zh-boards.dot", dotS4leafZH, DiagramOptions{MaxNodes: DefaultMaxNodes, Boards: true}},
	// Tutorial 001's shape: one call per position, place, then check.
	{"sudoku4-cells-after.dot", dotS4cellsAfter, DiagramOptions{MaxNodes: 30}},
	{"sudoku4-cells-after-zh-boards.dot", dotS4cellsAfterZH, DiagramOptions{MaxNodes: DefaultMaxNodes, Boards: true}},
	// Fitted to a slide, as the command line draws by default: the first
	// solution paths, folded chains, a wrapped layout, one layout for all
	// steps.
	{"queens8-fit.dot", dotQ8, DiagramOptions{MaxNodes: DefaultMaxNodes, Layout: true, Fit: Slide16x9}},
	{"sudoku9-fit-zh-boards.dot", dotS9zh, DiagramOptions{MaxNodes: DefaultMaxNodes, Layout: true, Fit: Slide16x9, Boards: true}},
	{"sudoku9-fit-4x3.dot", dotS9, DiagramOptions{MaxNodes: DefaultMaxNodes, Layout: true, Fit: Slide4x3}},
	{"queens4-fit-step60.dot", dotQ4, DiagramOptions{MaxNodes: DefaultMaxNodes, Layout: true, Fit: Slide16x9, AtStep: 60}},
}

func dotS9(t testing.TB) dotRun { return dotSudoku(t, sudoku.LeetCode37, sudoku.OrderScan2D) }
func dotS9zh(t testing.TB) dotRun {
	r := dotS9(t)
	r.leg.Lang = tracer.LangZH
	return r
}

func dotS4cellsAfter(t testing.TB) dotRun { return dotS4cells(t, tracer.WhenAfter, tracer.LangEN) }
func dotS4cellsAfterZH(t testing.TB) dotRun {
	return dotS4cells(t, tracer.WhenAfter, tracer.LangZH)
}

// dotS4leaf is a 4×4 Sudoku with two blanks validated only when full
// (--when leaf): its rejects are failed whole-board checks.
func dotS4leaf(t testing.TB) dotRun {
	return dotSpec(t, tracer.Spec{Problem: "sudoku", Puzzle: "12..341221434321", When: tracer.WhenLeaf})
}
func dotS4leafZH(t testing.TB) dotRun {
	r := dotS4leaf(t)
	r.leg.Lang = tracer.LangZH
	return r
}

// TestDOTLeafFailures checks that a diagram of --when leaf never calls its
// failed whole-board checks pruned, in labels, groups and the legend.
func TestDOTLeafFailures(t *testing.T) {
	for _, r := range []dotRun{dotS4leaf(t), dotS4leafZH(t)} {
		for _, opt := range []DiagramOptions{{MaxNodes: 0}, {MaxNodes: 8}, {MaxNodes: 0, Boards: true}} {
			got, _ := dotWrite(t, r, opt)
			d := parseDOT(t, got)
			name := tracer.LeafFailWords.Name.In(r.leg.Lang)
			count := tracer.LeafFailWords.Count.One
			if r.leg.Lang == tracer.LangZH {
				count = "个满棋盘校验失败"
			}
			for _, bad := range []string{"pruned", "剪枝"} {
				if strings.Contains(d.legend, bad) {
					t.Errorf("%s %+v: the legend says %q: %s", r.leg.Lang, opt, bad, d.legend)
				}
				for id, a := range d.attrs {
					if strings.Contains(a["label"], bad) {
						t.Errorf("%s %+v: %s says %q: %q", r.leg.Lang, opt, id, bad, a["label"])
					}
				}
			}
			if !strings.Contains(d.legend, count) {
				t.Errorf("%s %+v: the legend lacks %q: %s", r.leg.Lang, opt, count, d.legend)
			}
			drawn := false
			for id := range d.attrs {
				drawn = drawn || dotKindOf(id) == 's' || dotKindOf(id) == 'g'
			}
			if drawn != strings.Contains(d.legend, "✗ "+name) {
				t.Errorf("%s %+v: failed checks drawn %v, but the key %q: %s", r.leg.Lang, opt, drawn, "✗ "+name, d.legend)
			}
			for id, a := range d.attrs {
				if k := dotKindOf(id); (k == 's' && !strings.Contains(a["label"], name)) || (k == 'g' && !strings.Contains(a["label"], count)) {
					t.Errorf("%s %+v: %s does not say %q: %q", r.leg.Lang, opt, id, name, a["label"])
				}
			}
		}
	}
}

func dotQ4(t testing.TB) dotRun { return dotQueens(t, 4) }
func dotQ8(t testing.TB) dotRun { return dotQueens(t, 8) }
func dotQ4zh(t testing.TB) dotRun {
	r := dotQueens(t, 4)
	r.leg.Lang = tracer.LangZH
	return r
}
func dotS4(t testing.TB) dotRun { return dotSudoku(t, ".4......3.4...2.", sudoku.OrderScan2D) }
func dotP3(t testing.TB) dotRun { return dotSpec(t, tracer.Spec{Problem: "permutations", N: 3}) }
func dotP3zh(t testing.TB) dotRun {
	r := dotP3(t)
	r.leg.Lang = tracer.LangZH
	return r
}

func dotWrite(t testing.TB, r dotRun, opt DiagramOptions) ([]byte, TrimReport) {
	t.Helper()
	var b bytes.Buffer
	rep, err := WriteDOT(&b, r.tree, r.leg, opt)
	if err != nil {
		t.Fatal(err)
	}
	return b.Bytes(), rep
}

func TestDOTGolden(t *testing.T) {
	for _, g := range dotGoldens {
		t.Run(g.file, func(t *testing.T) {
			got, rep := dotWrite(t, g.run(t), g.opt)
			d := parseDOT(t, got)
			nodes := 0
			for _, id := range d.nodes {
				if !strings.HasPrefix(id, "corner") { // the run's canvas at a step
					nodes++
				}
			}
			if nodes != rep.Statements || len(d.edges) != rep.Statements-1 {
				t.Errorf("%d node statements and %d edges; the report says %d nodes", len(d.nodes), len(d.edges), rep.Statements)
			}
			path := filepath.Join("testdata", g.file)
			if *update {
				if err := os.WriteFile(path, got, 0o644); err != nil {
					t.Fatal(err)
				}
			}
			want, err := os.ReadFile(path)
			if err != nil {
				t.Fatalf("%v (run with -update to make it)", err)
			}
			if !bytes.Equal(got, want) {
				t.Errorf("%s differs from the DOT written now (run with -update if the change is meant):\n%s", path, dotFirstDiff(want, got))
			}
			dotRenderGraphviz(t, path, g.opt.Layout)
		})
	}
}

// dotFirstDiff shows the first line where two texts differ.
func dotFirstDiff(want, got []byte) string {
	wl, gl := strings.Split(string(want), "\n"), strings.Split(string(got), "\n")
	for i := 0; i < max(len(wl), len(gl)); i++ {
		var w, g string
		if i < len(wl) {
			w = wl[i]
		}
		if i < len(gl) {
			g = gl[i]
		}
		if w != g {
			return fmt.Sprintf("line %d:\nwant %.300s\ngot  %.300s", i+1, w, g)
		}
	}
	return "(same lines)"
}

// dotRenderGraphviz runs dot -Tsvg on a DOT file when Graphviz is
// installed, and neato -n2 (the pinned layout) when positions are written.
func dotRenderGraphviz(t *testing.T, path string, pinned bool) {
	t.Helper()
	dot, err := exec.LookPath("dot")
	if err != nil {
		t.Log("dot is not installed: not rendered")
		return
	}
	if out, err := exec.Command(dot, "-Tsvg", "-o", os.DevNull, path).CombinedOutput(); err != nil || len(dotWarnings(out)) > 0 {
		t.Errorf("dot -Tsvg %s: %v\n%s", path, err, out)
	}
	if !pinned {
		return
	}
	if neato, err := exec.LookPath("neato"); err == nil {
		if out, err := exec.Command(neato, "-n2", "-Tsvg", "-o", os.DevNull, path).CombinedOutput(); err != nil || len(dotWarnings(out)) > 0 {
			t.Errorf("neato -n2 -Tsvg %s: %v\n%s", path, err, out)
		}
	}
}

// dotWarnings returns the lines of a system Graphviz's output that report
// a problem with the DOT. Label-size warnings are not among them: the DOT
// pins node sizes measured with the Go fonts (render/internal/fontmetrics),
// which the product's own Graphviz uses, while a system Graphviz measures
// the family "BT Go" with whatever font fontconfig finds for it.
func dotWarnings(out []byte) []string {
	var bad []string
	lines := strings.Split(strings.TrimSpace(string(out)), "\n")
	for i := 0; i < len(lines); i++ {
		l := strings.TrimSpace(lines[i])
		switch {
		case l == "":
		case strings.Contains(l, "size too small for label"), strings.HasPrefix(l, "in label of "):
		case strings.Contains(l, "table size too small for content"):
		default:
			bad = append(bad, l)
		}
	}
	return bad
}

func TestDOTDeterministic(t *testing.T) {
	for _, opt := range []DiagramOptions{
		{MaxNodes: DefaultMaxNodes, Boards: true, Layout: true},
		{MaxNodes: 40, AtStep: 20000, Layout: true},
		{Focus: []string{"r0=c3", "r1=c5"}, Layout: true},
		{MaxNodes: DefaultMaxNodes, Layout: true, Fit: Slide16x9, Boards: true},
	} {
		// Two searches, two trees: the same bytes.
		a, _ := dotWrite(t, dotQueens(t, 8), opt)
		b, _ := dotWrite(t, dotQueens(t, 8), opt)
		if !bytes.Equal(a, b) {
			t.Errorf("%+v: two runs differ:\n%s", opt, dotFirstDiff(a, b))
		}
	}
}

func TestDOTCounts(t *testing.T) {
	r8 := dotQueens(t, 8)

	// Untrimmed: every call and every pruned leaf.
	got, rep := dotWrite(t, r8, DiagramOptions{Layout: true})
	d := parseDOT(t, got)
	if len(d.nodes) != 15721 || len(d.edges) != 15720 || rep.Shown != 15721 {
		t.Errorf("8-queens untrimmed: %d nodes, %d edges (report %d shown); want 15721 and 15720", len(d.nodes), len(d.edges), rep.Shown)
	}
	if !strings.Contains(d.legend, "showing all 15721 boxes (2057 calls + 13664 pruned tries)") {
		t.Errorf("legend %q does not say it shows all 15721 boxes", d.legend)
	}

	// 4-queens with the default budget: the whole tree.
	got, _ = dotWrite(t, dotQueens(t, 4), DiagramOptions{MaxNodes: DefaultMaxNodes})
	if d := parseDOT(t, got); len(d.nodes) != 61 || len(d.edges) != 60 {
		t.Errorf("4-queens: %d nodes, %d edges; want 61 and 60", len(d.nodes), len(d.edges))
	}

	// 8-queens trimmed: the 92 solutions, and a legend that adds up.
	for _, opt := range []DiagramOptions{
		{MaxNodes: DefaultMaxNodes},
		{MaxNodes: DefaultMaxNodes, Focus: []string{"r0=c1"}, Depth: 3},
		{MaxNodes: 400, AtStep: 20000},
	} {
		got, rep := dotWrite(t, r8, opt)
		d := parseDOT(t, got)
		kinds := map[byte]int{}
		for _, id := range d.nodes {
			kinds[dotKindOf(id)]++
		}
		m := regexp.MustCompile(`showing (\d+) of (\d+) boxes \((\d+) calls \+ (\d+) pruned tries\)`).FindStringSubmatch(d.legend)
		if m == nil {
			t.Fatalf("%+v: no \"showing X of Y boxes (C calls + P pruned tries)\" in the legend %q", opt, d.legend)
		}
		shown, total := dotAtoi(t, m[1]), dotAtoi(t, m[2])
		if calls, pruned := dotAtoi(t, m[3]), dotAtoi(t, m[4]); calls+pruned != total || calls != rep.TotalCalls {
			t.Errorf("%+v: legend: %d boxes = %d calls + %d pruned tries; report %+v", opt, total, calls, pruned, rep)
		}
		if shown != kinds['c']+kinds['s'] || shown != rep.Shown || total != rep.Total {
			t.Errorf("%+v: legend shows %d of %d; the DOT has %d calls and %d pruned leaves; report %+v",
				opt, shown, total, kinds['c'], kinds['s'], rep)
		}
		if opt.AtStep == 0 && total != 15721 {
			t.Errorf("%+v: legend total %d, want 15721", opt, total)
		}
		if len(d.nodes) != shown+kinds['g']+kinds['e'] || kinds['g'] != rep.CollapsedGroups || kinds['e'] != rep.ElidedMarks {
			t.Errorf("%+v: %d nodes: %d shown, %d groups, %d elided; report %+v", opt, len(d.nodes), shown, kinds['g'], kinds['e'], rep)
		}
		sols := 0
		for _, id := range d.nodes {
			if dotKindOf(id) == 'c' && d.attrs[id]["fillcolor"] == dotColorSolution {
				sols++
			}
		}
		if opt.Focus == nil && opt.AtStep == 0 && sols != 92 {
			t.Errorf("%+v: %d solution nodes, want 92", opt, sols)
		}
		if opt.Focus != nil && sols+rep.ElidedSolutions != 92 {
			t.Errorf("%+v: %d solutions drawn + %d elided, want 92", opt, sols, rep.ElidedSolutions)
		}

		// Collapsed groups add up to the leaves they replace, by rule too;
		// elided nodes add up to what the legend says.
		leaves, elided, elidedSols := 0, 0, 0
		for _, id := range d.nodes {
			lines := strings.Split(d.attrs[id]["label"], "\n")
			switch dotKindOf(id) {
			case 'g':
				var k int
				if _, err := fmt.Sscanf(lines[0], "✗ %d pruned", &k); err != nil {
					t.Fatalf("group %s label %q: %v", id, lines, err)
				}
				byRule := 0
				for _, part := range strings.Split(lines[1], ", ") {
					// A count, never a coordinate: "column ×4".
					f := strings.Fields(part)
					n, ok := strings.CutPrefix(f[len(f)-1], "×")
					if !ok {
						t.Errorf("group %s: %q is not a count like \"row ×4\"", id, part)
					}
					byRule += dotAtoi(t, n)
				}
				if byRule != k {
					t.Errorf("group %s: %d pruned, %d by rule: %q", id, k, byRule, lines)
				}
				leaves += k
			case 'e':
				// "… 2 dead ends: 79 calls" / "✗ 557 pruned", "… later:
				// 111 calls, 3 solutions", "↩ r2=c6: dead end" / "12
				// calls, ✗ 90 pruned": the calls, the solutions and the
				// pruned tries add up to the boxes left out.
				calls, sols, pruned := -1, 0, 0
				for _, part := range strings.FieldsFunc(strings.Join(lines, ","), func(r rune) bool { return r == ',' || r == ':' }) {
					f := strings.Fields(part)
					switch {
					case len(f) >= 2 && (f[1] == "calls" || f[1] == "call") && calls < 0:
						calls = dotAtoi(t, f[0])
					case len(f) >= 2 && (f[1] == "solutions" || f[1] == "solution") && f[0] != "no":
						sols = dotAtoi(t, f[0])
					case len(f) >= 3 && f[0] == "✗" && f[2] == "pruned":
						pruned = dotAtoi(t, f[1])
					}
				}
				if calls < 0 {
					t.Fatalf("elided %s label %q: no calls counted", id, lines)
				}
				elided += calls + pruned
				elidedSols += sols
			}
		}
		if leaves != rep.CollapsedLeaves || elided != rep.ElidedNodes || elidedSols != rep.ElidedSolutions {
			t.Errorf("%+v: groups hold %d leaves, elided nodes %d nodes (%d solutions); report %+v", opt, leaves, elided, elidedSols, rep)
		}
		if shown+leaves+elided != total {
			t.Errorf("%+v: %d shown + %d collapsed + %d elided != %d", opt, shown, leaves, elided, total)
		}
		if rep.CollapsedGroups > 0 && !strings.Contains(d.legend, fmt.Sprintf("%d pruned leaves collapsed into %d groups", rep.CollapsedLeaves, rep.CollapsedGroups)) {
			t.Errorf("%+v: legend %q does not say how many leaves were collapsed", opt, d.legend)
		}
		if rep.ElidedMarks > 0 && !strings.Contains(d.legend, fmt.Sprintf("%d subtrees elided (%d boxes", rep.ElidedSubtrees, rep.ElidedNodes)) {
			t.Errorf("%+v: legend %q does not say what was elided", opt, d.legend)
		}
		if opt.AtStep > 0 && !strings.Contains(d.legend, fmt.Sprintf("after step %d of %d", opt.AtStep, r8.tree.Steps)) {
			t.Errorf("%+v: legend %q does not say the step", opt, d.legend)
		}
	}
}

func dotAtoi(t *testing.T, s string) int {
	t.Helper()
	n, err := strconv.Atoi(s)
	if err != nil {
		t.Fatal(err)
	}
	return n
}

// dotKindOf tells a call id (c) from a pruned leaf (s), a group (g) and an
// elided node (e).
func dotKindOf(id string) byte {
	if id[0] >= '0' && id[0] <= '9' {
		return 'c'
	}
	return id[0]
}

func TestDOTLegend(t *testing.T) {
	r := dotQueens(t, 4)
	got, _ := dotWrite(t, r, DiagramOptions{MaxNodes: DefaultMaxNodes})
	d := parseDOT(t, got)
	for _, want := range []string{"nqueens n=4", "order=rows check=scan when=before stop=all", "complete",
		"17 calls", "60 tries", "44 rejects (column ×28, upper-right diagonal ↗ ×9, upper-left diagonal ↖ ×7)", "2 solutions",
		"showing all 61 boxes (17 calls + 44 pruned tries)", "dead end", "✗ pruned"} {
		if !strings.Contains(d.legend, want) {
			t.Errorf("legend lacks %q: %s", want, d.legend)
		}
	}
	r.leg.Lang = tracer.LangZH
	got, _ = dotWrite(t, r, DiagramOptions{MaxNodes: 20})
	d = parseDOT(t, got)
	for _, want := range []string{"N 皇后 n=4", "搜索完毕", "17 次调用", "60 次尝试", "44 次剪枝（同列 ×28", "2 个解", "次回溯",
		"共 61 个方框（17 次调用 + 44 次剪枝），显示其中 ", "合并为"} {
		if !strings.Contains(d.legend, want) {
			t.Errorf("zh legend lacks %q: %s", want, d.legend)
		}
	}
	// A Sudoku legend gives the size and the blanks, not the puzzle.
	s := dotSudoku(t, sudoku.LeetCode37, sudoku.OrderLinear)
	got, _ = dotWrite(t, s, DiagramOptions{MaxNodes: DefaultMaxNodes})
	d = parseDOT(t, got)
	if !strings.Contains(d.legend, "sudoku 9×9, 51 blanks") || strings.Contains(d.legend, sudoku.LeetCode37) {
		t.Errorf("sudoku legend %q", d.legend)
	}
	// A limit: cut nodes, dashed orange, in the key.
	l := dotLimited(t, 8, 5000)
	got, _ = dotWrite(t, l, DiagramOptions{MaxNodes: DefaultMaxNodes})
	d = parseDOT(t, got)
	cut := 0
	for _, id := range d.nodes {
		if strings.Contains(d.attrs[id]["style"], "dashed") && d.attrs[id]["color"] == dotColorCut {
			cut++
		}
	}
	if cut == 0 || !strings.Contains(d.legend, "limit: stopped by the step limit (--max-steps) after 5001 steps, 5 solutions so far") || !strings.Contains(d.legend, "cut, left open by the limit") {
		t.Errorf("limited run: %d cut nodes, legend %s", cut, d.legend)
	}
	// Each way a search can be stopped is named as such.
	for _, c := range []struct {
		limit tracer.LimitReason
		lang  tracer.Lang
		want  string
	}{
		{tracer.LimitCanceled, tracer.LangEN, "limit: interrupted (Ctrl-C or a signal) after 5001 steps, 5 solutions so far"},
		{tracer.LimitCanceled, tracer.LangZH, "中途停止：被中断（Ctrl-C 或信号），在第 5001 步停止，已找到 5 个解"},
		{tracer.LimitSize, tracer.LangEN, "limit: stopped because the recording reached its size limit (--max-output) after 5001 steps, 5 solutions so far"},
		{tracer.LimitSize, tracer.LangZH, "中途停止：记录达到大小上限（--max-output），在第 5001 步停止，已找到 5 个解"},
		{tracer.LimitTime, tracer.LangZH, "中途停止：达到时间上限（--timeout），在第 5001 步停止，已找到 5 个解"},
	} {
		lc := l
		lc.leg.Summary.Limit, lc.leg.Lang = c.limit, c.lang
		got, _ = dotWrite(t, lc, DiagramOptions{MaxNodes: DefaultMaxNodes})
		if d := parseDOT(t, got); !strings.Contains(d.legend, c.want) {
			t.Errorf("%s %s: legend lacks %q:\n%s", c.limit, c.lang, c.want, d.legend)
		}
	}
}

func TestDOTBoards(t *testing.T) {
	// 4-queens: a board of 16 squares in every call and pruned leaf, with
	// as many queens as the depth (the pruned leaf's rejected square is ✗).
	r := dotQueens(t, 4)
	got, _ := dotWrite(t, r, DiagramOptions{Boards: true})
	d := parseDOT(t, got)
	for _, id := range d.nodes {
		label := d.attrs[id]["label"]
		if cells := strings.Count(label, `<TD FIXEDSIZE="TRUE"`); cells != 16 {
			t.Errorf("node %s: %d squares", id, cells)
		}
		queens, want := strings.Count(label, "♛"), 0
		if dotKindOf(id) == 'c' {
			call := dotAtoi(t, id)
			want = int(r.tree.Node(r.tree.CallIndex(call)).Depth)
		} else {
			step := dotAtoi(t, id[1:])
			for nodeIndex := range int32(r.tree.Len()) {
				n := r.tree.Node(nodeIndex)
				if n.Step == int64(step) {
					want = int(n.Depth) - 1
				}
			}
			if !strings.Contains(label, "✗") {
				t.Errorf("pruned %s has no ✗", id)
			}
		}
		if queens != want {
			t.Errorf("node %s: %d queens, want %d", id, queens, want)
		}
	}
	// 9×9: the moves along the path, not the board.
	s := dotSudoku(t, sudoku.LeetCode37, sudoku.OrderLinear)
	got, _ = dotWrite(t, s, DiagramOptions{MaxNodes: 60, Boards: true})
	d = parseDOT(t, got)
	if strings.Contains(string(got), `<TD FIXEDSIZE="TRUE"`) || !strings.Contains(string(got), "moves before") {
		t.Errorf("9×9 boards: want the last moves, not a grid")
	}
	// Escaping: nothing in a label breaks the HTML (parseDOT checks the
	// angle brackets balance).
	if _, err := WriteDOT(io.Discard, s.tree, Legend{Summary: s.leg.Summary}, DiagramOptions{Boards: true, MaxNodes: 10}); err != nil {
		t.Error(err)
	}
	// Permutations: a row of n cells, with as many numbers as the depth
	// (a pruned leaf: its parent's and its rejected number), also for
	// n = 10, whose 10 is written as the moves write it.
	for _, n := range []int{3, 10} {
		p := dotSpec(t, tracer.Spec{Problem: "permutations", N: n, Limits: tracer.Limits{MaxSteps: 3000}})
		got, _ = dotWrite(t, p, DiagramOptions{Boards: true, MaxNodes: 60})
		d = parseDOT(t, got)
		number := regexp.MustCompile(`<B>(\d+)</B></FONT></TD>`)
		for _, id := range d.nodes {
			label := d.attrs[id]["label"]
			if k := dotKindOf(id); k == 'g' || k == 'e' {
				continue
			}
			if cells := strings.Count(label, `<TD FIXEDSIZE="TRUE" WIDTH="13" HEIGHT="13"`); cells != n {
				t.Errorf("permutations n=%d: node %s: %d cells", n, id, cells)
			}
			if strings.Contains(label, "♛") || strings.Contains(label, "✗</FONT>") {
				t.Errorf("permutations n=%d: node %s draws pieces: %s", n, id, label)
			}
			want := 0
			if dotKindOf(id) == 'c' {
				want = int(p.tree.Node(p.tree.CallIndex(dotAtoi(t, id))).Depth)
			} else {
				for nodeIndex := range int32(p.tree.Len()) {
					m := p.tree.Node(nodeIndex)
					if m.Step == int64(dotAtoi(t, id[1:])) {
						want = int(m.Depth)
					}
				}
			}
			if got := len(number.FindAllString(label, -1)); got != want {
				t.Errorf("permutations n=%d: node %s: %d numbers, want %d", n, id, got, want)
			}
		}
		if n == 10 && !strings.Contains(string(got), "<B>10</B>") {
			t.Errorf("permutations n=10: the first solution's 10 is not drawn")
		}
	}
	// No board for a problem the registry does not know.
	unknown := r.leg
	unknown.Summary.Problem, unknown.Summary.Def = "chess", nil // a summary made by hand, of no known problem
	if _, err := WriteDOT(io.Discard, r.tree, unknown, DiagramOptions{Boards: true}); err == nil || !strings.Contains(err.Error(), "dot: boards") {
		t.Errorf("boards of an unknown problem: %v", err)
	}
	bad := s.leg
	bad.Summary.Instance = "not a puzzle"
	if _, err := WriteDOT(io.Discard, s.tree, bad, DiagramOptions{Boards: true}); err == nil || !strings.Contains(err.Error(), "dot: boards") {
		t.Errorf("a bad puzzle in the legend: %v", err)
	}
}

// dotFailWriter fails after n bytes.
type dotFailWriter struct{ n int }

func (w *dotFailWriter) Write(p []byte) (int, error) {
	if len(p) > w.n {
		k := w.n
		w.n = 0
		return k, errors.New("disk full")
	}
	w.n -= len(p)
	return len(p), nil
}

func TestDOTErrors(t *testing.T) {
	r := dotQueens(t, 8)
	if _, err := WriteDOT(&dotFailWriter{n: 1000}, r.tree, r.leg, DiagramOptions{}); err == nil || !strings.Contains(err.Error(), "disk full") {
		t.Errorf("a failing writer: %v", err)
	}
	if _, err := WriteDOT(io.Discard, r.tree, r.leg, DiagramOptions{Focus: []string{"r0=c8"}}); err == nil || !strings.Contains(err.Error(), "r0=c8") {
		t.Errorf("unknown focus move: %v", err)
	}
	if _, err := WriteDOT(io.Discard, r.tree, r.leg, DiagramOptions{AtStep: 1 << 40}); err == nil || !strings.Contains(err.Error(), "1099511627776") {
		t.Errorf("step past the end: %v", err)
	}
}

// dotGraph is what parseDOT read.
type dotGraph struct {
	nodes  []string                     // node ids, in order
	attrs  map[string]map[string]string // node id -> attributes (strings unquoted)
	edges  [][2]string
	legend string // the graph label's text, tags removed
}

// parseDOT checks DOT text with a small parser for the subset WriteDOT
// writes, and fails the test on anything else: braces, brackets, quotes
// and HTML angle brackets balanced, one statement a line ending in ';',
// node ids unique, every edge endpoint a declared node.
func parseDOT(t testing.TB, text []byte) dotGraph {
	t.Helper()
	g := dotGraph{attrs: map[string]map[string]string{}}
	lines := strings.Split(string(text), "\n")
	if lines[len(lines)-1] != "" {
		t.Fatalf("DOT does not end with a newline")
	}
	lines = lines[:len(lines)-1]
	depth := 0
	for n, line := range lines {
		fail := func(format string, args ...any) {
			t.Helper()
			t.Fatalf("DOT line %d: %s\n%.200s", n+1, fmt.Sprintf(format, args...), line)
		}
		s := strings.TrimSpace(line)
		switch {
		case strings.HasPrefix(s, "//"):
			continue
		case s == "digraph search {":
			if depth != 0 {
				fail("a second graph")
			}
			depth++
			continue
		case s == "}":
			depth--
			if depth != 0 || n != len(lines)-1 {
				fail("unbalanced brace or text after the graph")
			}
			continue
		}
		if depth != 1 {
			fail("statement outside the graph")
		}
		toks, err := dotTokens(s)
		if err != nil {
			fail("%v", err)
		}
		if len(toks) < 2 || toks[len(toks)-1] != ";" {
			fail("a statement must end with ';' on its line")
		}
		toks = toks[:len(toks)-1]
		for _, tk := range toks {
			if tk == ";" || tk == "{" || tk == "}" {
				fail("more than one statement on a line")
			}
		}
		// The statement, then an optional attribute list.
		head, attrs := toks, []string(nil)
		for i, tk := range toks {
			if tk == "[" {
				head, attrs = toks[:i], toks[i:]
				break
			}
		}
		kv := map[string]string{}
		if attrs != nil {
			if attrs[len(attrs)-1] != "]" {
				fail("attribute list does not end with ']'")
			}
			a := attrs[1 : len(attrs)-1]
			for i := 0; i < len(a); {
				if i+2 >= len(a) || a[i+1] != "=" || !isDOTID(a[i]) {
					fail("attribute %v is not name=value", a[i:min(i+3, len(a))])
				}
				if _, dup := kv[a[i]]; dup {
					fail("attribute %s twice", a[i])
				}
				kv[a[i]] = dotUnquote(a[i+2])
				i += 3
				if i < len(a) {
					if a[i] != "," {
						fail("attributes not separated by ','")
					}
					i++
				}
			}
		}
		switch {
		case len(head) == 3 && head[1] == "=" && attrs == nil: // graph attribute: label=<...>
			if head[0] == "label" {
				g.legend = dotStripTags(dotUnquote(head[2]))
			}
		case len(head) == 1 && (head[0] == "graph" || head[0] == "node" || head[0] == "edge"):
			if attrs == nil {
				fail("%s without attributes", head[0])
			}
		case len(head) == 1:
			id := head[0]
			if !isDOTID(id) {
				fail("bad node id %q", id)
			}
			if _, dup := g.attrs[id]; dup {
				fail("node %s declared twice", id)
			}
			g.nodes = append(g.nodes, id)
			g.attrs[id] = kv
		case len(head) == 3 && head[1] == "->":
			for _, id := range []string{head[0], head[2]} {
				if _, ok := g.attrs[id]; !ok {
					fail("edge endpoint %s is not a declared node", id)
				}
			}
			g.edges = append(g.edges, [2]string{head[0], head[2]})
		default:
			fail("not a statement: %q", head)
		}
	}
	if depth != 0 {
		t.Fatalf("DOT: unbalanced braces")
	}
	return g
}

// dotTokens splits one statement into tokens: ids, quoted strings, HTML
// strings, and punctuation.
func dotTokens(s string) ([]string, error) {
	var out []string
	for i := 0; i < len(s); {
		c := s[i]
		switch {
		case c == ' ' || c == '\t':
			i++
		case c == '"':
			j := i + 1
			for ; j < len(s) && s[j] != '"'; j++ {
				if s[j] == '\\' {
					j++
				}
			}
			if j >= len(s) {
				return nil, errors.New("unbalanced quote")
			}
			out = append(out, s[i:j+1])
			i = j + 1
		case c == '<':
			depth, j := 0, i
			for ; j < len(s); j++ {
				if s[j] == '<' {
					depth++
				} else if s[j] == '>' {
					depth--
					if depth == 0 {
						break
					}
				}
			}
			if j >= len(s) {
				return nil, errors.New("unbalanced HTML angle brackets")
			}
			if err := dotCheckHTML(s[i+1 : j]); err != nil {
				return nil, err
			}
			out = append(out, s[i:j+1])
			i = j + 1
		case c == '-' && i+1 < len(s) && s[i+1] == '>':
			out = append(out, "->")
			i += 2
		case strings.IndexByte("[]{};,=", c) >= 0:
			out = append(out, string(c))
			i++
		default:
			j := i
			for j < len(s) && strings.IndexByte(" \t\"<[]{};,=", s[j]) < 0 && !(s[j] == '-' && j+1 < len(s) && s[j+1] == '>') {
				j++
			}
			out = append(out, s[i:j])
			i = j
		}
	}
	return out, nil
}

var (
	dotHTMLTag    = regexp.MustCompile(`<(/?)([A-Za-z]+)[^<>]*?(/?)>`)
	dotHTMLEntity = regexp.MustCompile(`^&(amp|lt|gt|quot|#\d+);$`)
)

// dotCheckHTML checks that the tags of an HTML-like label nest, and that no
// bare '&' is left unescaped.
func dotCheckHTML(s string) error {
	var stack []string
	for _, m := range dotHTMLTag.FindAllStringSubmatch(s, -1) {
		name := strings.ToUpper(m[2])
		switch {
		case m[3] == "/": // <BR/>
		case m[1] == "":
			stack = append(stack, name)
		case len(stack) == 0 || stack[len(stack)-1] != name:
			return fmt.Errorf("HTML label: </%s> closes %v", name, stack)
		default:
			stack = stack[:len(stack)-1]
		}
	}
	if len(stack) > 0 {
		return fmt.Errorf("HTML label: %v not closed", stack)
	}
	text := dotHTMLTag.ReplaceAllString(s, "")
	if strings.ContainsAny(text, "<>") {
		return errors.New("HTML label: a bare < or >")
	}
	for i := strings.IndexByte(text, '&'); i >= 0; i = strings.IndexByte(text, '&') {
		end := strings.IndexByte(text[i:], ';')
		if end < 0 || !dotHTMLEntity.MatchString(text[i:i+end+1]) {
			return errors.New("HTML label: an unescaped &")
		}
		text = text[i+end+1:]
	}
	return nil
}

var dotID = regexp.MustCompile(`^([A-Za-z_][A-Za-z_0-9]*|-?[0-9]+(\.[0-9]*)?)$`)

func isDOTID(s string) bool { return dotID.MatchString(s) }

// dotUnquote returns an attribute value as Graphviz reads it.
func dotUnquote(v string) string {
	switch {
	case strings.HasPrefix(v, `"`):
		v = v[1 : len(v)-1]
		v = strings.ReplaceAll(v, `\"`, `"`)
		v = strings.ReplaceAll(v, `\n`, "\n")
		return strings.ReplaceAll(v, `\\`, `\`)
	case strings.HasPrefix(v, "<"):
		return v[1 : len(v)-1]
	}
	return v
}

// dotStripTags keeps the text of an HTML label, rows separated by newlines.
func dotStripTags(s string) string {
	s = strings.ReplaceAll(s, "</TR>", "\n")
	s = dotHTMLTag.ReplaceAllString(s, "")
	return strings.NewReplacer("&lt;", "<", "&gt;", ">", "&quot;", `"`, "&amp;", "&").Replace(s)
}

func TestParseDOTRejects(t *testing.T) {
	good := "digraph search {\n\t0 [label=\"a\"];\n\t1 [label=<<B>b</B>>];\n\t0 -> 1;\n}\n"
	parseDOT(t, []byte(good))
	for _, bad := range []string{
		"digraph search {\n\t0 [label=\"a];\n}\n",              // quote
		"digraph search {\n\t0 [label=\"a\"]\n}\n",             // no ;
		"digraph search {\n\t0 [label=\"a\"];\n\t0 -> 1;\n}\n", // undeclared
		"digraph search {\n\t0 [label=\"a\"];\n\t0 [label=\"b\"];\n}\n",
		"digraph search {\n\t0 [label=<<B>b</I>>];\n}\n",
		"digraph search {\n\t0 [label=<a & b>];\n}\n",
		"digraph search {\n\t0 [label=\"a\"];\n",
	} {
		ft := &dotFakeT{}
		func() {
			defer func() { recover() }()
			parseDOT(ft, []byte(bad))
		}()
		if !ft.failed {
			t.Errorf("parseDOT accepted %q", bad)
		}
	}
}

// dotFakeT records a failure instead of failing the test.
type dotFakeT struct {
	testing.TB
	failed bool
}

func (f *dotFakeT) Helper() {}
func (f *dotFakeT) Fatalf(string, ...any) {
	f.failed = true
	panic("fatal")
}

var dotTenQueens = sync.OnceValue(func() dotRun {
	p, err := nqueens.NewNQueens(10, tracer.CheckArrays)
	if err != nil {
		panic(err)
	}
	tree, st := tracer.NewTree(), &tracer.Stats{}
	opts := tracer.Options{Stop: tracer.StopAll, Sinks: []tracer.Sink{tree, st}}
	res, err := tracer.Run(context.Background(), p, opts)
	if err != nil {
		panic(err)
	}
	return dotRun{tree, Legend{Summary: tracer.Summarize(p.Info(), opts, res, st), Lang: tracer.LangEN}}
})

// BenchmarkWriteDOT writes the whole 10-queens tree: 35539 calls and
// 313,327 pruned leaves.
func BenchmarkWriteDOT(b *testing.B) {
	r := dotTenQueens()
	for _, c := range []struct {
		name string
		opt  DiagramOptions
	}{{"all", DiagramOptions{}}, {"all+layout", DiagramOptions{Layout: true}}, {"default", DiagramOptions{MaxNodes: DefaultMaxNodes, Layout: true}}} {
		b.Run(c.name, func(b *testing.B) {
			var n dotCountWriter
			b.ReportAllocs()
			for b.Loop() {
				rep, err := WriteDOT(&n, r.tree, r.leg, c.opt)
				if err != nil {
					b.Fatal(err)
				}
				b.ReportMetric(float64(rep.Statements), "nodes")
			}
			b.ReportMetric(float64(n)/float64(b.N), "bytes/op")
		})
	}
}

type dotCountWriter int64

func (w *dotCountWriter) Write(p []byte) (int, error) {
	*w += dotCountWriter(len(p))
	return len(p), nil
}

// BenchmarkTrim trims the 10-queens tree to the default budget.
func BenchmarkTrim(b *testing.B) {
	r := dotTenQueens()
	b.ReportAllocs()
	for b.Loop() {
		if _, _, err := Trim(r.tree, DiagramOptions{MaxNodes: DefaultMaxNodes}); err != nil {
			b.Fatal(err)
		}
	}
}

// TestDOTSmallTrees draws trees of one, two and a handful of nodes, and a
// 16×16 Sudoku with boards.
func TestDOTSmallTrees(t *testing.T) {
	full := "1234341221434321"
	p16 := strings.Repeat(".", 256)
	for _, r := range []dotRun{dotQueens(t, 1), dotQueens(t, 2), dotQueens(t, 3), dotSudoku(t, full, sudoku.OrderScan2D)} {
		for _, opt := range []DiagramOptions{{}, {MaxNodes: 1, Boards: true, Layout: true}, {AtStep: 1, Layout: true}} {
			got, rep := dotWrite(t, r, opt)
			d := parseDOT(t, got)
			n := 0
			for _, id := range d.nodes {
				if !strings.HasPrefix(id, "corner") { // the run's extent at a step
					n++
				}
			}
			if n != rep.Statements {
				t.Errorf("%s %s: %d nodes, report %+v", r.leg.Summary.Problem, r.leg.Summary.Instance, len(d.nodes), rep)
			}
		}
	}
	pz, err := sudoku.ParsePuzzle(p16)
	if err != nil {
		t.Fatal(err)
	}
	s, err := sudoku.NewSudoku(pz, sudoku.OrderLinear, tracer.CheckCounts)
	if err != nil {
		t.Fatal(err)
	}
	r := dotTrace(t, s, tracer.Options{})
	got, rep := dotWrite(t, r, DiagramOptions{MaxNodes: DefaultMaxNodes, Boards: true, Layout: true})
	if d := parseDOT(t, got); len(d.nodes) != rep.Statements || !strings.Contains(string(got), "(15,15)=") {
		t.Errorf("16×16: %d nodes, report %+v", len(d.nodes), rep)
	}
}

// TestDOTLegendModes: --legend full has the run, its status, counts and
// what was left out, and the key; short the run and the key; none no
// legend, and then the picture is no bigger than the tree.
func TestDOTLegendModes(t *testing.T) {
	r := dotQueens(t, 8)
	for _, mode := range []LegendMode{LegendFull, LegendShort, LegendNone} {
		opt := DiagramOptions{MaxNodes: DefaultMaxNodes, Layout: true, Fit: Slide16x9, Legend: mode}
		got, rep := dotWrite(t, r, opt)
		d := parseDOT(t, got)
		has := func(s string) bool { return strings.Contains(d.legend, s) }
		switch mode {
		case LegendFull:
			if !has("nqueens n=8 ·") || !has("complete: searched the whole tree") || !has("2057 calls") || !has("showing ") || !has("solution") {
				t.Errorf("full: %s", d.legend)
			}
		case LegendShort:
			if !has("nqueens n=8 ·") || has("complete:") || has("2057 calls") || has("showing ") || !has("bold: on a solution's path") {
				t.Errorf("short: %s", d.legend)
			}
		case LegendNone:
			if d.legend != "" || strings.Contains(string(got), "label=<<TABLE") {
				t.Errorf("none: a legend %s", d.legend)
			}
			if !rep.Picture.Fits(Slide16x9) {
				t.Errorf("none: %+v", rep.Picture)
			}
		}
	}
}

// TestDOTBoardKey: with --boards the key explains the boards' colours:
// the node's own move (yellow), the moves placed on the path (blue), the
// givens (black) and a rejected candidate with what it clashes with
// (pink); N-Queens has no givens and draws its queens.
func TestDOTBoardKey(t *testing.T) {
	for _, c := range []struct {
		name string
		r    dotRun
		opt  DiagramOptions
		want []string
		not  []string
	}{
		{"queens4", dotQueens(t, 4), DiagramOptions{Boards: true},
			[]string{`BGCOLOR="` + dotColorMoveBg + `">yellow: this call's ♛`, `BGCOLOR="` + dotColorClashBg + `">pink ✗: the rejected square and the ♛ it clashes with`},
			[]string{"given", "placed on the path"}},
		{"sudoku4", dotS4(t), DiagramOptions{Boards: true},
			[]string{`>yellow: this call's move`, `<FONT COLOR="` + dotColorPlaced + `"><B>blue</B></FONT>: placed on the path`,
				`<FONT COLOR="black"><B>black</B></FONT>: given`, `>pink: the rejected candidate and what it clashes with`}, nil},
		{"sudoku4 zh", dotS4cellsAfterZH(t), DiagramOptions{Boards: true},
			[]string{"黄底：本次调用的一步", "蓝色</B></FONT>：路径上已填入的数", "黑色</B></FONT>：预设数字", "粉底：被拒绝的候选"}, nil},
		{"sudoku9 moves", dotS9(t), DiagramOptions{Boards: true, MaxNodes: 40},
			[]string{">yellow: this call's move", "<B>blue</B></FONT>: the moves before it on its path"}, []string{"given", "pink"}},
		{"no boards", dotS4(t), DiagramOptions{}, nil, []string{"yellow", "blue", "pink"}},
	} {
		got, _ := dotWrite(t, c.r, c.opt)
		legend := ""
		for _, l := range strings.Split(string(got), "\n") {
			if strings.HasPrefix(l, "\tlabel=<") {
				legend = l
			}
		}
		for _, w := range c.want {
			if !strings.Contains(legend, w) {
				t.Errorf("%s: the key lacks %q: %s", c.name, w, legend)
			}
		}
		for _, w := range c.not {
			if strings.Contains(legend, w) {
				t.Errorf("%s: the key says %q: %s", c.name, w, legend)
			}
		}
	}
}

// TestDOTRuleCounts: counts by rule read as counts ("row ×7"), nowhere as
// "row 7, column 1", which reads as a cell.
func TestDOTRuleCounts(t *testing.T) {
	cell := regexp.MustCompile(`\b(row|column|box|diagonal [↗↖]|used)( \(\S+ \S+\))? \d+, `)
	for _, r := range []dotRun{dotQueens(t, 8), dotS9(t), dotS4(t), dotP3(t)} {
		for _, opt := range []DiagramOptions{{MaxNodes: 40}, {MaxNodes: DefaultMaxNodes, Fit: Slide16x9, Layout: true}, {MaxNodes: 60, Boards: true}} {
			got, _ := dotWrite(t, r, opt)
			if m := cell.Find(got); m != nil {
				t.Errorf("%s %+v: %q reads as a cell", r.leg.Summary.Problem, opt, m)
			}
			if !bytes.Contains(got, []byte(" ×")) {
				t.Errorf("%s %+v: no count written ×N", r.leg.Summary.Problem, opt)
			}
		}
	}
}
