package all

import (
	"encoding/json"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"
)

// TestNewProblemPackage adds a problem as a contributor adds a built-in:
// a new package under tracer/problems (testdata/tiny.go.txt) and one line
// in this package's list, and nothing else. It compiles the command line
// with those two changes as an overlay (go build -overlay: the module's
// files stay as they are) and checks that the new problem traces, steps,
// and renders its own step log to the same diagram.
func TestNewProblemPackage(t *testing.T) {
	if testing.Short() {
		t.Skip("builds the command line")
	}
	goTool, err := exec.LookPath("go")
	if err != nil {
		t.Skip("no go tool on PATH")
	}
	root, err := filepath.Abs(filepath.Join("..", "..", ".."))
	if err != nil {
		t.Fatal(err)
	}
	if _, err := os.Stat(filepath.Join(root, "go.mod")); err != nil {
		t.Fatalf("no module root at %s: %v", root, err)
	}
	dir := t.TempDir()
	// The list, one import and one line longer.
	src, err := os.ReadFile("all.go")
	if err != nil {
		t.Fatal(err)
	}
	list := string(src)
	const imp = "\t\"github.com/backtrack-edu/backtrack/tracer/problem\"\n"
	if !strings.Contains(list, imp) || !strings.Contains(list, "var builtins = []*problem.Def{\n") {
		t.Fatal("all.go has no import of package problem or no builtins list to add to")
	}
	list = strings.Replace(list, imp, imp+"\ttiny \"github.com/backtrack-edu/backtrack/tracer/problems/tinytest\"\n", 1)
	list = strings.Replace(list, "var builtins = []*problem.Def{\n", "var builtins = []*problem.Def{\n\ttiny.Def,\n", 1)
	tiny, err := os.ReadFile(filepath.Join("testdata", "tiny.go.txt"))
	if err != nil {
		t.Fatal(err)
	}
	write := func(name string, b []byte) string {
		p := filepath.Join(dir, name)
		if err := os.WriteFile(p, b, 0o644); err != nil {
			t.Fatal(err)
		}
		return p
	}
	overlay := map[string]map[string]string{"Replace": {
		filepath.Join(root, "tracer", "problems", "all", "all.go"):       write("all.go", []byte(list)),
		filepath.Join(root, "tracer", "problems", "tinytest", "tiny.go"): write("tiny.go", tiny),
	}}
	ov, _ := json.Marshal(overlay)
	bin := filepath.Join(dir, "bt")
	build := exec.Command(goTool, "build", "-overlay", write("overlay.json", ov), "-o", bin, ".")
	build.Dir = root
	if out, err := build.CombinedOutput(); err != nil {
		t.Fatalf("go build with the new package and one line in all.go: %v\n%s", err, out)
	}
	bt := func(args ...string) string {
		t.Helper()
		cmd := exec.Command(bin, args...)
		cmd.Dir = dir
		out, err := cmd.CombinedOutput()
		if err != nil {
			t.Fatalf("backtrack %s: %v\n%s", strings.Join(args, " "), err, out)
		}
		return string(out)
	}
	if out := bt("trace", "tiny", "-n", "3"); !strings.Contains(out, "5 solutions") || !strings.Contains(out, "0 1 0") {
		t.Errorf("trace tiny -n 3: want its 5 solutions, 0 1 0 among them:\n%s", out)
	}
	bt("trace", "tiny", "-n", "3", "--yaml", "tiny.yaml", "--dot", "run.dot", "--lang", "zh")
	bt("render", "tiny.yaml", "--dot", "log.dot")
	a, _ := os.ReadFile(filepath.Join(dir, "run.dot"))
	b, _ := os.ReadFile(filepath.Join(dir, "log.dot"))
	if len(a) == 0 || string(a) != string(b) {
		t.Errorf("the DOT rendered from tiny's step log differs from the run's")
	}
	if out := bt("step", "tiny", "-n", "3", "--print", "--to", "6"); !strings.Contains(out, "b0=0") {
		t.Errorf("step tiny --print: the stack lacks the move b0=0:\n%s", out)
	}
	if out := bt("help"); !strings.Contains(out, "tiny") {
		t.Errorf("help does not list the new problem:\n%s", out)
	}
}
