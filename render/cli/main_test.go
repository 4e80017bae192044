package cli

import (
	"bytes"
	"image/gif"
	"io"
	"os"
	"path/filepath"
	"strings"
	"sync"
	"testing"

	"gopkg.in/yaml.v3"

	"github.com/backtrack-edu/backtrack/tracer/problem"
)

// runCLI runs the program in process and returns its exit code and output.
func runCLI(t *testing.T, stdin string, args ...string) (code int, stdout, stderr string) {
	t.Helper()
	var out, errb bytes.Buffer
	code = runInProcess(args, strings.NewReader(stdin), &out, &errb)
	return code, out.String(), errb.String()
}

// inProcess lets one run at a time into this process: run ends by
// removing every temporary file the process registered
// (outfile.RemoveTemps), another run's too. Tests that run in parallel
// (t.Parallel) call run only through runInProcess.
var inProcess sync.Mutex

// runInProcess is run, alone in this process.
func runInProcess(args []string, stdin io.Reader, stdout, stderr io.Writer) int {
	inProcess.Lock()
	defer inProcess.Unlock()
	return run(args, stdin, stdout, stderr)
}

func TestTraceDefaults(t *testing.T) {
	tests := []struct {
		args []string
		want []string
	}{
		{[]string{"trace", "nqueens", "-n", "4"}, []string{"status: complete", "2 solutions", "calls 17 ", "tries 60 ", ". Q . ."}},
		{[]string{"trace", "-n", "4", "nqueens"}, []string{"calls 17 "}},
		{[]string{"trace", "nqueens"}, []string{"92 solutions", "calls 2057 ", "tries 15720 ", "(89 more solutions not shown)"}},
		{[]string{"trace", "sudoku"}, []string{"status: solved", "calls 4209 ", "tries 37652 ", "5 3 4 | 6 7 8 | 9 1 2"}},
		{[]string{"trace", "sudoku", "--no-return"}, []string{"status: lost", "solution was undone", "5 3 . | . 7 ."}},
		{[]string{"trace", "sudoku", "--order", "mrv", "--check", "counts"}, []string{"status: solved", "order=mrv check=counts"}},
		{[]string{"trace", "sudoku", "--when", "leaf"}, []string{"status: limit", "stopped by the step limit (--max-steps)"}},
		{[]string{"trace", "sudoku", "--puzzle", "examples/puzzles/16x16.txt", "--order", "mrv"}, []string{"status: solved", "16×16"}},
		{[]string{"trace", "sudoku", "--puzzle", "examples/puzzles/leetcode37.json"}, []string{"calls 4209 "}},
		{[]string{"trace", "nqueens", "-n", "8", "--first"}, []string{"status: solved", "stop=first"}},
		{[]string{"trace", "nqueens", "-n", "3"}, []string{"status: complete", "no solution"}},
	}
	for _, tt := range tests {
		t.Run(strings.Join(tt.args, " "), func(t *testing.T) {
			code, out, errs := runCLI(t, "", tt.args...)
			if code != 0 {
				t.Fatalf("exit %d, stderr %q", code, errs)
			}
			for _, w := range tt.want {
				if !strings.Contains(out, w) {
					t.Errorf("output lacks %q:\n%s", w, out)
				}
			}
		})
	}
}

func TestTracePuzzleFromStdin(t *testing.T) {
	grid := "5 3 . | . 7 . | . . .\n6 . . | 1 9 5 | . . .\n. 9 8 | . . . | . 6 .\n------+-------+------\n" +
		"8 . . | . 6 . | . . 3\n4 . . | 8 . 3 | . . 1\n7 . . | . 2 . | . . 6\n------+-------+------\n" +
		". 6 . | . . . | 2 8 .\n. . . | 4 1 9 | . . 5\n. . . | . 8 . | . 7 9\n"
	code, out, errs := runCLI(t, grid, "trace", "sudoku", "--puzzle", "-")
	if code != 0 || !strings.Contains(out, "calls 4209 ") {
		t.Fatalf("exit %d, stderr %q, out:\n%s", code, errs, out)
	}
}

// statsKeys are the keys of --stats, in order: a contract.
var statsKeys = []string{"problem", "size", "strategy", "status", "solutions", "nodes", "tries", "rejects",
	"placements", "backtracks", "max_depth", "steps", "check_cost", "scan_cost", "solution"}

func TestStatsFile(t *testing.T) {
	dir := t.TempDir()
	path := filepath.Join(dir, "s.yaml")
	code, out, errs := runCLI(t, "", "trace", "nqueens", "--stats", path)
	if code != 0 {
		t.Fatalf("exit %d: %s", code, errs)
	}
	if !strings.Contains(out, "status: complete") {
		t.Errorf("report missing from stdout:\n%s", out)
	}
	b, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	var doc yaml.Node
	if err := yaml.Unmarshal(b, &doc); err != nil {
		t.Fatal(err)
	}
	m := doc.Content[0]
	var keys []string
	for i := 0; i < len(m.Content); i += 2 {
		keys = append(keys, m.Content[i].Value)
	}
	if strings.Join(keys, ",") != strings.Join(statsKeys, ",") {
		t.Errorf("keys = %v, want %v", keys, statsKeys)
	}
	var s struct {
		Problem  string
		Size     int
		Strategy struct{ Order, Check, When, Stop string }
		Status   string
		Nodes    int
		Tries    int
		Rejects  map[string]int
		Solution []string
	}
	if err := yaml.Unmarshal(b, &s); err != nil {
		t.Fatal(err)
	}
	if s.Problem != "nqueens" || s.Size != 8 || s.Status != "complete" || s.Nodes != 2057 || s.Tries != 15720 {
		t.Errorf("stats = %+v", s)
	}
	if s.Strategy.Order != "rows" || s.Strategy.Check != "scan" || s.Strategy.When != "before" || s.Strategy.Stop != "all" {
		t.Errorf("strategy = %+v", s.Strategy)
	}
	if s.Rejects["total"] != s.Rejects["column"]+s.Rejects["diagonal"]+s.Rejects["anti_diagonal"] || len(s.Rejects) != 4 {
		t.Errorf("rejects = %v", s.Rejects)
	}
	if len(s.Solution) != 8 || s.Solution[0] != "Q......." {
		t.Errorf("solution = %v", s.Solution)
	}
	entries, _ := os.ReadDir(dir)
	if len(entries) != 1 {
		t.Errorf("temporary files left behind: %v", entries)
	}
}

func TestStatsStdoutIsOnlyYAML(t *testing.T) {
	code, out, _ := runCLI(t, "", "trace", "sudoku", "--stats", "-")
	if code != 0 {
		t.Fatal(code)
	}
	var m map[string]any
	if err := yaml.Unmarshal([]byte(out), &m); err != nil {
		t.Fatalf("stdout is not YAML: %v\n%s", err, out)
	}
	if m["nodes"] != 4209 || m["tries"] != 37652 || m["status"] != "solved" {
		t.Errorf("stats = %v", m)
	}
}

func TestBadInput(t *testing.T) {
	missing := filepath.Join(t.TempDir(), "nope.txt")
	tests := []struct {
		name string
		args []string
		want []string
	}{
		{"no command", nil, []string{"no command"}},
		{"unknown command", []string{"frobnicate"}, []string{`unknown command "frobnicate"`}},
		{"unknown problem", []string{"trace", "chess"}, []string{`unknown problem "chess"`, problem.JoinValues(builtinNames())}},
		{"no problem", []string{"trace"}, []string{"no problem given"}},
		{"n too small", []string{"trace", "nqueens", "-n", "0"}, []string{"-n 0", "1 to 30"}},
		{"n too large", []string{"trace", "nqueens", "-n", "31"}, []string{"-n 31", "1 to 30"}},
		{"bad check", []string{"trace", "nqueens", "--check", "board"}, []string{`"board"`, "scan or arrays"}},
		{"bad order", []string{"trace", "sudoku", "--order", "random"}, []string{`"random"`, "scan2d, linear, mrv or cells"}},
		{"bad when", []string{"trace", "sudoku", "--when", "never"}, []string{`"never"`, "before, after or leaf"}},
		{"bad drop", []string{"trace", "sudoku", "--drop", "return-true"}, []string{`"return-true"`, "return-false or return-value"}},
		{"drop return-false off scan2d", []string{"trace", "sudoku", "--order", "cells", "--drop", "return-false"}, []string{"--drop", "only order scan2d", "not order cells"}},
		{"drop return-false on queens", []string{"trace", "nqueens", "--drop", "return-false"}, []string{"--drop", "not order rows"}},
		{"drop return-value and all", []string{"trace", "sudoku", "--drop", "return-value", "--all"}, []string{"--drop return-value", "--first/--all"}},
		{"unknown flag", []string{"trace", "sudoku", "--colour"}, []string{"-colour"}},
		{"short puzzle", []string{"trace", "sudoku", "--puzzle", "53..7"}, []string{"5 cells", "81 (9×9)"}},
		{"bad char", []string{"trace", "sudoku", "--puzzle", strings.Replace(tracerLeetCode, ".", "x", 1)},
			[]string{"row 1, column 3", `'x'`}},
		{"clash", []string{"trace", "sudoku", "--puzzle", "55" + tracerLeetCode[2:]},
			[]string{"clash", "row 1, column 1", "row 1, column 2", "row"}},
		{"missing file", []string{"trace", "sudoku", "--puzzle", missing}, []string{missing, "does not exist"}},
		{"stats folder", []string{"trace", "nqueens", "--stats", filepath.Join(missing, "s.yaml")}, []string{"does not exist"}},
		{"first and all", []string{"trace", "nqueens", "--first", "--all"}, []string{"--first and --all"}},
		{"puzzle for queens", []string{"trace", "nqueens", "--puzzle", "x"}, []string{"nqueens takes no puzzle"}},
		{"negative limit", []string{"trace", "nqueens", "--max-steps", "-1"}, []string{"negative"}},
		{"bad fit", []string{"trace", "nqueens", "--dot", "-", "--fit", "16:10"}, []string{"--fit", `"16:10"`, "16:9, 4:3 or none"}},
		{"bad legend", []string{"trace", "nqueens", "--dot", "-", "--legend", "long"}, []string{"--legend", `"long"`, "full, short or none"}},
		{"bad scale", []string{"trace", "nqueens", "--png", missing + ".png", "--scale", "4"}, []string{"--scale", "1, 2 or 3"}},
		{"zero scale", []string{"trace", "nqueens", "--png", missing + ".png", "--scale", "0"}, []string{"--scale", "1, 2 or 3"}},
		{"bad every", []string{"trace", "nqueens", "--gif", missing + ".gif", "--every", "undo"}, []string{"--every", `"undo"`, "reject, backtrack, solution"}},
		{"zero every", []string{"trace", "nqueens", "--gif", missing + ".gif", "--every", "0"}, []string{"--every", `"0"`}},
		{"bad frames format", []string{"trace", "nqueens", "--frames", missing, "--frames-format", "gif"}, []string{"--frames-format", `"gif"`, "svg or png"}},
		{"zero delay", []string{"trace", "nqueens", "--gif", missing + ".gif", "--delay", "0s"}, []string{"--delay", "more than 0"}},
		{"bad delay", []string{"trace", "nqueens", "--gif", missing + ".gif", "--delay", "0.5"}, []string{"-delay", "give a unit"}},
		{"frames in missing folder", []string{"trace", "nqueens", "--frames", filepath.Join(missing, "f")}, []string{"--frames", "does not exist"}},
		{"gif to stdout", []string{"trace", "nqueens", "--gif", "-"}, []string{"--gif", "need a file"}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			code, out, errs := runCLI(t, "", tt.args...)
			if code != 2 {
				t.Errorf("exit %d, want 2", code)
			}
			if tt.name != "no command" {
				if n := strings.Count(strings.TrimRight(errs, "\n"), "\n"); n != 0 {
					t.Errorf("stderr has %d lines, want 1:\n%s", n+1, errs)
				}
				if out != "" {
					t.Errorf("stdout not empty: %q", out)
				}
			}
			for _, w := range tt.want {
				if !strings.Contains(errs, w) {
					t.Errorf("stderr %q lacks %q", errs, w)
				}
			}
		})
	}
}

const tracerLeetCode = "53..7....6..195....98....6.8...6...34..8.3..17...2...6.6....28....419..5....8..79"

func TestNoSolutionIsAResult(t *testing.T) {
	// Valid givens, no solution: the last row needs a 1 at (8,8), but the
	// column already has one.
	p := "........1" + strings.Repeat(".", 63) + "23456789."
	code, out, errs := runCLI(t, "", "trace", "sudoku", "--puzzle", p, "--order", "mrv", "--all")
	if code != 0 {
		t.Fatalf("exit %d: %s", code, errs)
	}
	if !strings.Contains(out, "status: complete") || !strings.Contains(out, "no solution") {
		t.Errorf("output:\n%s", out)
	}
}

func TestCompareAndLessons(t *testing.T) {
	code, out, errs := runCLI(t, "", "compare", "--no-time")
	if code != 0 {
		t.Fatalf("compare: exit %d: %s", code, errs)
	}
	for _, w := range []string{"1-D", "2-D", "2057", "4209", "15720", "37652", "calls per depth"} {
		if !strings.Contains(out, w) {
			t.Errorf("compare output lacks %q:\n%s", w, out)
		}
	}
	code, out, errs = runCLI(t, "", "compare", "--strategies", "sudoku", "--no-time")
	if code != 0 || !strings.Contains(out, "mrv") || !strings.Contains(out, "limit") {
		t.Errorf("compare --strategies sudoku: exit %d, stderr %q, out:\n%s", code, errs, out)
	}
	code, out, _ = runCLI(t, "", "lesson", "list")
	if code != 0 || strings.Count(out, "\n") != 9 || !strings.Contains(out, "004-three-parts") || !strings.Contains(out, "dedup") {
		t.Errorf("lesson list: exit %d:\n%s", code, out)
	}
	dir := t.TempDir()
	code, errs = lesson004Into(t, dir) // lesson build 004-three-parts -o dir
	if code != 0 {
		t.Fatalf("lesson build: exit %d: %s", code, errs)
	}
	page, err := os.ReadFile(filepath.Join(dir, "en", "004-three-parts", "index.md"))
	if err != nil || !strings.Contains(string(page), "tree.svg") {
		t.Errorf("lesson page: %v\n%s", err, page)
	}
	// The exercises alone: a worksheet without the answers and a key.
	code, out, errs = runCLI(t, "", "lesson", "build", "004-three-parts", "-o", dir, "--exercises-only", "--lang", "zh")
	if code != 0 || !strings.Contains(out, "worksheet.md") {
		t.Fatalf("lesson build --exercises-only: exit %d, stdout %q, stderr %q", code, out, errs)
	}
	sheet, err1 := os.ReadFile(filepath.Join(dir, "zh", "exercises", "worksheet.md"))
	key, err2 := os.ReadFile(filepath.Join(dir, "zh", "exercises", "key.md"))
	if err1 != nil || err2 != nil || !strings.Contains(string(key), "17 次调用，2 个解") || strings.Contains(string(sheet), "17 次调用，2 个解") ||
		!strings.Contains(string(sheet), "4 皇后的全部解") {
		t.Errorf("worksheet and key: %v, %v\nworksheet:\n%s\nkey:\n%s", err1, err2, sheet, key)
	}
	code, out, errs = runCLI(t, "", "lesson", "build", "nope", "-o", dir)
	if code != 2 || out != "" || !strings.Contains(errs, `unknown lesson "nope"`) || strings.Count(strings.TrimSpace(errs), "\n") != 0 {
		t.Errorf("unknown lesson: exit %d, stdout %q, stderr %q", code, out, errs)
	}
}

func TestRenderRoundTrip(t *testing.T) {
	dir := t.TempDir()
	logPath, dot1, dot2 := filepath.Join(dir, "q.yaml"), filepath.Join(dir, "a.dot"), filepath.Join(dir, "b.dot")
	code, _, errs := runCLI(t, "", "trace", "nqueens", "-n", "6", "--yaml", logPath, "--dot", dot1, "--focus", "r0=c1", "--lang", "zh")
	if code != 0 {
		t.Fatalf("trace: exit %d: %s", code, errs)
	}
	code, _, errs = runCLI(t, "", "render", logPath, "--dot", dot2, "--focus", "r0=c1")
	if code != 0 {
		t.Fatalf("render: exit %d: %s", code, errs)
	}
	a, _ := os.ReadFile(dot1)
	b, _ := os.ReadFile(dot2)
	if len(a) == 0 || !bytes.Equal(a, b) {
		t.Errorf("render's DOT differs from trace's (%d vs %d bytes)", len(a), len(b))
	}
	// A malformed step names its line and step, in one line, exit 2.
	log, _ := os.ReadFile(logPath)
	bad := strings.Replace(string(log), "kind: reject", "kind: jump", 1)
	badPath := filepath.Join(dir, "bad.yaml")
	os.WriteFile(badPath, []byte(bad), 0o644)
	code, _, errs = runCLI(t, "", "render", badPath, "--dot", filepath.Join(dir, "c.dot"))
	if code != 2 || !strings.Contains(errs, "jump") || !strings.Contains(errs, "line") {
		t.Errorf("bad log: exit %d, stderr %q", code, errs)
	}
	if _, err := os.Stat(filepath.Join(dir, "c.dot")); err == nil {
		t.Errorf("a DOT file was written for a bad log")
	}
}

// TestDiagramFit: a default diagram is fitted to a 16:9 slide (its DOT
// says so), --fit 4:3 to a 4:3 one, --depth and --focus within the slide;
// --fit none, or an explicit --max-nodes, draws as before (every solution
// path); --legend
// short and none shorten the legend; render fits as trace does.
func TestDiagramFit(t *testing.T) {
	dot := func(args ...string) string {
		t.Helper()
		code, out, errs := runCLI(t, "", append(append([]string{"trace", "nqueens"}, args...), "--dot", "-")...)
		if code != 0 {
			t.Fatalf("%v: exit %d: %s", args, code, errs)
		}
		return out
	}
	def := dot()
	if !strings.Contains(def, "on a 1920×1080 slide") || !strings.Contains(def, "1 of 92 solutions drawn") {
		t.Errorf("default: not fitted to a 16:9 slide:\n%.600s", def)
	}
	if s := dot("--fit", "4:3"); !strings.Contains(s, "on a 1440×1080 slide") {
		t.Errorf("--fit 4:3: not fitted to a 4:3 slide:\n%.600s", s)
	}
	for _, args := range [][]string{{"--fit", "none"}, {"--max-nodes", "150"}} {
		if s := dot(args...); strings.Contains(s, "slide") || strings.Contains(s, "solutions drawn") {
			t.Errorf("%v: fitted, or fewer solution paths:\n%.600s", args, s)
		}
	}
	// A depth or a focus is fitted within.
	for _, args := range [][]string{{"--depth", "9"}, {"--focus", "r0=c0"}} {
		if s := dot(args...); !strings.Contains(s, "on a 1920×1080 slide") {
			t.Errorf("%v: not fitted:\n%.600s", args, s)
		}
	}
	if s := dot("--legend", "short"); strings.Contains(s, "complete: searched") || !strings.Contains(s, "<B>nqueens n=8</B>") {
		t.Errorf("--legend short: %.600s", s)
	}
	if s := dot("--legend", "none"); strings.Contains(s, "label=<<TABLE") {
		t.Errorf("--legend none: a legend:\n%.600s", s)
	}
	dir := t.TempDir()
	logPath := filepath.Join(dir, "q.yaml")
	if code, _, errs := runCLI(t, "", "trace", "nqueens", "--yaml", logPath); code != 0 {
		t.Fatalf("trace: exit %d: %s", code, errs)
	}
	code, out, errs := runCLI(t, "", "render", logPath, "--dot", "-")
	if code != 0 || out != def {
		t.Errorf("render: exit %d (%s): its DOT differs from trace's", code, errs)
	}
}

func TestTraceExportsAreComplete(t *testing.T) {
	dir := t.TempDir()
	svg, png, logPath := filepath.Join(dir, "t.svg"), filepath.Join(dir, "t.png"), filepath.Join(dir, "t.yaml")
	code, _, errs := runCLI(t, "", "trace", "sudoku", "--when", "leaf", "--max-steps", "20000", "--svg", svg, "--png", png, "--yaml", logPath)
	if code != 0 {
		t.Fatalf("exit %d: %s", code, errs)
	}
	for _, p := range []string{svg, png, logPath} {
		if fi, err := os.Stat(p); err != nil || fi.Size() == 0 {
			t.Errorf("%s: %v", p, err)
		}
	}
	var doc struct {
		Format  string
		Steps   []map[string]any
		Summary map[string]any
	}
	b, _ := os.ReadFile(logPath)
	if err := yaml.Unmarshal(b, &doc); err != nil {
		t.Fatal(err)
	}
	if doc.Summary["status"] != "limit" || doc.Steps[len(doc.Steps)-1]["kind"] != "limit" {
		t.Errorf("a limited run's log: status %v, last step %v", doc.Summary["status"], doc.Steps[len(doc.Steps)-1])
	}
}

// TestFrames writes --frames and --gif for 4-queens: one frame per
// solution and the last step, a folder that refuses other files unless
// --force, and a GIF of the same frames.
func TestFrames(t *testing.T) {
	dir := t.TempDir()
	frames, anim := filepath.Join(dir, "frames"), filepath.Join(dir, "run.gif")
	code, _, errs := runCLI(t, "", "trace", "nqueens", "-n", "4", "--frames", frames, "--frames-format", "png",
		"--every", "solution", "--gif", anim, "--delay", "0.3s", "--scale", "1")
	if code != 0 {
		t.Fatalf("exit %d: %s", code, errs)
	}
	entries, err := os.ReadDir(frames)
	if err != nil {
		t.Fatal(err)
	}
	var names []string
	for _, e := range entries {
		names = append(names, e.Name())
	}
	if want := "frame-0001.png frame-0002.png frame-0003.png"; strings.Join(names, " ") != want {
		t.Errorf("frames %v, want %s", names, want)
	}
	f, err := os.Open(anim)
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	g, err := gif.DecodeAll(f)
	if err != nil {
		t.Fatal(err)
	}
	if len(g.Image) != 3 || g.Delay[0] != 30 || g.Delay[2] != 200 {
		t.Errorf("GIF: %d frames, delays %v; want 3 frames, 30 then 200 (2 s on the last)", len(g.Image), g.Delay)
	}
	// Again, into a folder holding a file the frames are not: refused,
	// then replaced with --force.
	if err := os.WriteFile(filepath.Join(frames, "notes.txt"), []byte("mine"), 0o644); err != nil {
		t.Fatal(err)
	}
	code, _, errs = runCLI(t, "", "trace", "nqueens", "-n", "4", "--frames", frames, "--every", "solution")
	if code != 2 || !strings.Contains(errs, "notes.txt") || !strings.Contains(errs, "--force") {
		t.Errorf("foreign file: exit %d, %q; want 2 naming notes.txt and --force", code, errs)
	}
	if _, err := os.Stat(filepath.Join(frames, "notes.txt")); err != nil {
		t.Errorf("the refused folder lost its file: %v", err)
	}
	code, _, errs = runCLI(t, "", "trace", "nqueens", "-n", "4", "--frames", frames, "--every", "solution", "--force")
	if code != 0 {
		t.Fatalf("--force: exit %d: %s", code, errs)
	}
	if _, err := os.Stat(filepath.Join(frames, "frame-0003.svg")); err != nil {
		t.Errorf("--force: %v", err)
	}
}
