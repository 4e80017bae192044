package cli

import (
	"errors"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"syscall"
	"testing"
	"time"

	"gopkg.in/yaml.v3"
)

// TestInterruptedRunKeepsCompleteOutputs runs the real program, starts a
// hopeless search with no step limit that logs every step, stops it with
// SIGTERM and checks the step log is complete YAML whose summary says the
// run was stopped, and that the stats file was written too.
func TestInterruptedRunKeepsCompleteOutputs(t *testing.T) {
	t.Parallel() // it mostly waits on other processes (see inProcess)
	if testing.Short() {
		t.Skip("builds the program")
	}
	dir := t.TempDir()
	bin := testBinary(t)
	logPath, statsPath := filepath.Join(dir, "run.yaml"), filepath.Join(dir, "run.stats.yaml")
	cmd := exec.Command(bin, "trace", "sudoku", "--when", "leaf", "--max-steps", "0", "--yaml", logPath, "--stats", statsPath)
	var stderr strings.Builder
	cmd.Stderr = &stderr
	if err := cmd.Start(); err != nil {
		t.Fatal(err)
	}
	// Wait until the search is under way: the log's temporary file grows.
	// (The program may take a moment to start: go-graphviz compiles its
	// WebAssembly on a first run.)
	deadline := time.Now().Add(30 * time.Second)
	for !logGrowing(dir) {
		if time.Now().After(deadline) {
			cmd.Process.Kill()
			t.Fatal("the search did not start writing its log")
		}
		time.Sleep(20 * time.Millisecond)
	}
	if err := cmd.Process.Signal(syscall.SIGTERM); err != nil {
		t.Fatal(err)
	}
	err := cmd.Wait()
	var exit *exec.ExitError
	if !errors.As(err, &exit) || exit.ExitCode() != 130 {
		t.Fatalf("exit: %v, want code 130; stderr %q", err, stderr.String())
	}
	if !strings.Contains(stderr.String(), "interrupted") || strings.Count(strings.TrimSpace(stderr.String()), "\n") != 0 {
		t.Errorf("stderr %q: want one line saying it was interrupted", stderr.String())
	}
	b, err := os.ReadFile(logPath)
	if err != nil {
		t.Fatal(err)
	}
	var doc struct {
		Format  string
		Steps   []map[string]any
		Summary map[string]any
	}
	if err := yaml.Unmarshal(b, &doc); err != nil {
		t.Fatalf("the log is not complete YAML: %v", err)
	}
	last := doc.Steps[len(doc.Steps)-1]
	if doc.Summary["status"] != "limit" || doc.Summary["limit"] != "canceled" || last["kind"] != "limit" || last["limit"] != "canceled" {
		t.Errorf("summary status %v, last step %v", doc.Summary["status"], last)
	}
	if doc.Summary["steps"] != len(doc.Steps) {
		t.Errorf("summary says %v steps, the log has %d", doc.Summary["steps"], len(doc.Steps))
	}
	if s, err := os.ReadFile(statsPath); err != nil || !strings.Contains(string(s), "status: limit\nlimit: canceled\n") {
		t.Errorf("stats file: %v\n%s", err, s)
	}
	entries, _ := os.ReadDir(dir)
	for _, e := range entries {
		if strings.HasSuffix(e.Name(), ".tmp") {
			t.Errorf("temporary file left behind: %s", e.Name())
		}
	}
}

// logGrowing reports whether a temporary output file in dir holds some steps.
func logGrowing(dir string) bool { return logGrownTo(dir, 64<<10) }

// logGrownTo reports whether a temporary output file in dir holds more
// than n bytes.
func logGrownTo(dir string, n int64) bool {
	entries, _ := os.ReadDir(dir)
	for _, e := range entries {
		if info, err := e.Info(); err == nil && strings.HasSuffix(e.Name(), ".tmp") && info.Size() > n {
			return true
		}
	}
	return false
}
