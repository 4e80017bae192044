package cli

import (
	"bytes"
	"context"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"slices"
	"strings"
	"testing"

	"github.com/backtrack-edu/backtrack/tracer"
)

// userLogEnv, set to a folder, has TestUserProblemInProcess copy the
// step log of bits it writes, and the DOT and the player page it renders
// from it, into that folder.
const userLogEnv = "BACKTRACK_TEST_USER_LOG"

// TestDescribedUserLog: the step log of bits, a problem of this test
// file's own, written by a process that registers it, reads in this one,
// which does not know bits, through the log's definition block (format
// backtrack-steps/3): render gives the same DOT and player page bytes as
// the writing process's render, and an SVG; step --log steps through it.
func TestDescribedUserLog(t *testing.T) {
	if testing.Short() {
		t.Skip("runs the test binary again")
	}
	if _, err := tracer.Lookup("bits"); err == nil {
		t.Skip("bits is registered in this process")
	}
	self, err := os.Executable()
	if err != nil {
		t.Fatal(err)
	}
	out := t.TempDir()
	cmd := exec.Command(self, "-test.run=^TestUserProblemInProcess$/^(trace_runs_it_with_its_flag|render_reads_its_log_back)$", "-test.count=1", "-test.v")
	cmd.Dir = pkgDir
	cmd.Env = append(os.Environ(), userProblemEnv+"=1", userLogEnv+"="+out)
	if b, err := cmd.CombinedOutput(); err != nil || !bytes.Contains(b, []byte("--- PASS: TestUserProblemInProcess")) {
		t.Fatalf("TestUserProblemInProcess: %v\n%s", err, b)
	}
	log := filepath.Join(out, "bits.yaml")
	dot, html, svg := filepath.Join(out, "stock.dot"), filepath.Join(out, "stock.html"), filepath.Join(out, "stock.svg")
	var o, e bytes.Buffer
	if code := Run(context.Background(), []string{"render", log, "--dot", dot, "--html", html, "--svg", svg},
		strings.NewReader(""), &o, &e); code != 0 {
		t.Fatalf("render %s: exit %d: %s", log, code, e.String())
	}
	for _, pair := range [][2]string{{"bits.dot", "stock.dot"}, {"bits.html", "stock.html"}} {
		a, err1 := os.ReadFile(filepath.Join(out, pair[0]))
		b, err2 := os.ReadFile(filepath.Join(out, pair[1]))
		if err1 != nil || err2 != nil || !bytes.Equal(a, b) {
			t.Errorf("the stock render's %s differs from the %s of the process that knows bits (%v, %v)", pair[1], pair[0], err1, err2)
		}
	}
	if b, err := os.ReadFile(svg); err != nil || !bytes.Contains(b, []byte("b0=1")) {
		t.Errorf("render --svg lacks the move b0=1 (%v)", err)
	}
	if b, err := os.ReadFile(dot); err != nil || !bytes.Contains(b, []byte("two 1s side by side ×4")) {
		t.Errorf("render --dot's legend lacks the rule's words (%v)", err)
	}
	// The stepper steps through it: step --log.
	o.Reset()
	e.Reset()
	if code := Run(context.Background(), []string{"step", "--log", log, "--print", "--to", "12", "--lang", "zh"}, strings.NewReader(""), &o, &e); code != 0 {
		t.Fatalf("step --log %s: exit %d: %s", log, code, e.String())
	}
	for _, want := range []string{"二进制串 length 4", "第 12/119 步", "func solve(i int) {", "d3 #3 b3=0"} {
		if !strings.Contains(o.String(), want) {
			t.Errorf("step --log --print lacks %q:\n%s", want, o.String())
		}
	}
	if code := Run(context.Background(), []string{"step", "nqueens", "--log", log, "--print"}, strings.NewReader(""), &o, &e); code != exitUsage ||
		!strings.Contains(e.String(), "give a log or a problem, not both") {
		t.Errorf("step nqueens --log: exit %d, stderr %q", code, e.String())
	}
}

// TestDescribedBuiltinLogs renders the step log of each built-in once
// through its registered Def and once, the problem renamed (its name
// reversed: the same letters, so the same widths) so that this program
// does not know it, through the Def the log's definition block
// describes. The DOT is the same byte for byte. The player page is the
// same outside its data: the data differ where a described Def cannot
// know what only code knows (see docs/step-log-format.md): the notes of
// the other language than the log's, narrated with plain words from the
// declared nouns (the log's own language shows the log's notes); the
// legal candidates (Def.Conflicts is code: the stack says "untried", not
// "legal, untried"); and a title the built-in writes for its instance
// (N-Queens' 5 皇后).
func TestDescribedBuiltinLogs(t *testing.T) {
	dir := t.TempDir()
	scripts := regexp.MustCompile(`(?s)<script id="[^"]+"[^>]*>.*?</script>`)
	for _, args := range [][]string{
		{"nqueens", "-n", "5"}, {"sudoku", "--puzzle", ".4......3.4...2."}, {"sudoku"}, {"permutations", "-n", "3"}, {"combination-sum"}, {"subsets"},
		{"wordsearch"}, {"wordsearch", "--puzzle", "ABCE SFCS ADEE / SEE"}, {"wordsearch", "--puzzle", "ABCE SFCS ADEE / ABCB"},
	} {
		name := args[0]
		t.Run(name, func(t *testing.T) {
			log := filepath.Join(dir, name+".yaml")
			var o, e bytes.Buffer
			if code := Run(context.Background(), append(append([]string{"trace"}, args...), "--yaml", log), strings.NewReader(""), &o, &e); code != 0 {
				t.Fatalf("trace: exit %d: %s", code, e.String())
			}
			b, err := os.ReadFile(log)
			if err != nil {
				t.Fatal(err)
			}
			r := []rune(name)
			slices.Reverse(r)
			other := string(r)
			renamed := strings.Replace(strings.Replace(string(b), "\nproblem: "+name+"\n", "\nproblem: "+other+"\n", 1),
				"\n  problem: "+name+"\n", "\n  problem: "+other+"\n", 1)
			dlog := filepath.Join(dir, other+".yaml")
			if err := os.WriteFile(dlog, []byte(renamed), 0o644); err != nil {
				t.Fatal(err)
			}
			out := map[string][2]string{}
			for i, l := range []string{log, dlog} {
				dot, html := filepath.Join(dir, fmt.Sprint(name, i, ".dot")), filepath.Join(dir, fmt.Sprint(name, i, ".html"))
				if code := Run(context.Background(), []string{"render", l, "--dot", dot, "--html", html, "--boards"}, strings.NewReader(""), &o, &e); code != 0 {
					t.Fatalf("render %s: exit %d: %s", l, code, e.String())
				}
				for _, f := range []string{dot, html} {
					b, err := os.ReadFile(f)
					if err != nil {
						t.Fatal(err)
					}
					s := strings.ReplaceAll(string(b), other, name)
					p := out[filepath.Ext(f)]
					p[i] = s
					out[filepath.Ext(f)] = p
				}
			}
			if d := out[".dot"]; d[0] != d[1] {
				t.Errorf("the DOT through the described Def differs from the registered Def's")
			}
			if h := out[".html"]; scripts.ReplaceAllString(h[0], "") != scripts.ReplaceAllString(h[1], "") {
				t.Errorf("the player page through the described Def differs outside its data")
			}
		})
	}
}
