package cli

import (
	"bytes"
	"context"
	"os"
	"os/exec"
	"path/filepath"
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
// the writing process's render, and an SVG.
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
}
