package cli

import (
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// TestHTML: trace --html and render LOG --html write the same page of a
// run; --max-steps chooses how many steps a page holds; bad outputs are
// one clear error line and no file.
func TestHTML(t *testing.T) {
	dir := t.TempDir()
	page, logPath, again := filepath.Join(dir, "q.html"), filepath.Join(dir, "q.yaml"), filepath.Join(dir, "again.html")
	code, _, errs := runCLI(t, "", "trace", "nqueens", "-n", "5", "--html", page, "--yaml", logPath, "--lang", "zh")
	if code != 0 {
		t.Fatalf("trace --html: exit %d: %s", code, errs)
	}
	a, err := os.ReadFile(page)
	if err != nil || !strings.HasPrefix(string(a), "<!DOCTYPE html>") || !strings.Contains(string(a), `<html lang="zh">`) {
		t.Fatalf("trace --html wrote %d bytes, %v", len(a), err)
	}
	code, _, errs = runCLI(t, "", "render", logPath, "--html", again)
	if code != 0 {
		t.Fatalf("render --html: exit %d: %s", code, errs)
	}
	if b, _ := os.ReadFile(again); string(b) != string(a) {
		t.Errorf("render --html of the run's log differs from trace --html (%d and %d bytes)", len(b), len(a))
	}

	// --max-steps chooses the page's size: the search stops there, and the
	// page holds it all; render cuts a longer log, and the page says so.
	short := filepath.Join(dir, "short.html")
	if code, _, errs = runCLI(t, "", "trace", "nqueens", "-n", "5", "--html", short, "--max-steps", "60"); code != 0 {
		t.Fatalf("trace --max-steps 60 --html: exit %d: %s", code, errs)
	}
	cut := filepath.Join(dir, "cut.html")
	if code, _, errs = runCLI(t, "", "render", logPath, "--html", cut, "--max-steps", "60"); code != 0 {
		t.Fatalf("render --max-steps 60 --html: exit %d: %s", code, errs)
	}
	if st, err := os.Stat(cut); err != nil || st.Size() >= int64(len(a)) {
		t.Errorf("a page of 60 steps is no smaller than the whole run's: %v", err)
	}

	for _, c := range []struct {
		name string
		args []string
		want string
	}{
		{"a folder", []string{"trace", "nqueens", "--html", dir}, dir},
		{"no folder", []string{"trace", "nqueens", "--html", filepath.Join(dir, "nope", "x.html")}, "nope"},
		{"render steps", []string{"render", logPath, "--html", filepath.Join(dir, "x.html"), "--max-steps", "0"}, "--max-steps 0"},
		{"bad focus", []string{"trace", "nqueens", "-n", "4", "--svg", filepath.Join(dir, "y.svg"), "--html", filepath.Join(dir, "y.html"), "--focus", "r0=c9"}, "r0=c9"},
	} {
		code, out, errs := runCLI(t, "", c.args...)
		if code == 0 || !strings.Contains(errs, c.want) || strings.Count(strings.TrimSpace(errs), "\n") != 0 {
			t.Errorf("%s: exit %d, stdout %q, stderr %q: want one line naming %q", c.name, code, out, errs, c.want)
		}
	}
	// The player's tree follows the step: --focus alone shapes no page,
	// and says so.
	z := filepath.Join(dir, "z.html")
	if code, _, errs := runCLI(t, "", "trace", "nqueens", "-n", "4", "--html", z, "--focus", "r0=c1"); code != 0 || !strings.Contains(errs, "warning: --focus only shapes a diagram") {
		t.Errorf("--html with --focus: exit %d, stderr %q: want the page and a warning that --focus shapes only a diagram", code, errs)
	}
	for _, name := range []string{"x.html", "y.html", "y.svg"} {
		if _, err := os.Stat(filepath.Join(dir, name)); err == nil {
			t.Errorf("%s was written after an error", name)
		}
	}
}

// TestHTMLStdout: --html - writes the same bytes as --html FILE to
// standard output, and nothing else (no report) goes there, for trace and
// for render LOG.
func TestHTMLStdout(t *testing.T) {
	dir := t.TempDir()
	logPath := filepath.Join(dir, "run.yaml")
	for _, c := range []struct {
		name string
		args []string
	}{
		{"trace", []string{"trace", "nqueens", "-n", "4", "--lang", "zh"}},
		{"trace sudoku", []string{"trace", "sudoku", "--max-steps", "300", "--yaml", logPath}},
		{"render", []string{"render", logPath}},
	} {
		page := filepath.Join(dir, c.name+".html")
		if code, _, errs := runCLI(t, "", append(c.args, "--html", page)...); code != 0 {
			t.Fatalf("%s --html FILE: exit %d: %s", c.name, code, errs)
		}
		want, err := os.ReadFile(page)
		if err != nil {
			t.Fatal(err)
		}
		args := append([]string{}, c.args...)
		if c.name == "trace sudoku" {
			args = args[:len(args)-2] // the log was written above
		}
		code, out, errs := runCLI(t, "", append(args, "--html", "-")...)
		if code != 0 {
			t.Fatalf("%s --html -: exit %d: %s", c.name, code, errs)
		}
		if out != string(want) {
			t.Errorf("%s: --html - wrote %d bytes to stdout, --html FILE %d bytes: want the same page and nothing else", c.name, len(out), len(want))
		}
	}
}

// TestCompareHTML: compare --html writes the lockstep page to a file (the
// table still printed) or to stdout (the page only, the same bytes); the
// ways of naming the sides that cannot make a page are one error line and
// no file.
func TestCompareHTML(t *testing.T) {
	dir := t.TempDir()
	page := filepath.Join(dir, "checks.html")
	args := []string{"compare", "--strategies", "nqueens", "-n", "5", "--left", "check=scan", "--right", "check=arrays,stop=first", "--no-time"}
	code, table, errs := runCLI(t, "", append(args, "--html", page)...)
	if code != 0 || !strings.Contains(table, "arrays") {
		t.Fatalf("compare --html FILE: exit %d, stdout %q, stderr %q: want the table of both strategies", code, table, errs)
	}
	want, err := os.ReadFile(page)
	if err != nil {
		t.Fatal(err)
	}
	if !strings.Contains(string(want), "<iframe") || !strings.Contains(string(want), `"same":true`) {
		t.Errorf("the page is not a lockstep page of one instance (%d bytes)", len(want))
	}
	code, out, errs := runCLI(t, "", append(args, "--html", "-")...)
	if code != 0 || out != string(want) {
		t.Errorf("compare --html -: exit %d, %d bytes to stdout (stderr %q): want the page's %d bytes and nothing else", code, len(out), errs, len(want))
	}
	for _, c := range []struct {
		name string
		args []string
		want string
	}{
		{"no sides", []string{"compare", "--strategies", "sudoku"}, "--left and --right"},
		{"sides without html", []string{"compare", "--strategies", "sudoku", "--left", "check=scan"}, "--left and --right"},
		{"bad key", []string{"compare", "--right", "colour=red"}, `"colour"`},
		{"bad value", []string{"compare", "--strategies", "sudoku", "--left", "check=nope"}, `"nope"`},
		{"no pair", []string{"compare", "--right", "check"}, "key=value"},
	} {
		file := filepath.Join(dir, c.name+".html")
		args := c.args
		if c.name != "sides without html" {
			args = append(args, "--html", file)
		}
		code, out, errs := runCLI(t, "", args...)
		if code == 0 || !strings.Contains(errs, c.want) || strings.Count(strings.TrimSpace(errs), "\n") != 0 || out != "" {
			t.Errorf("%s: exit %d, stdout %q, stderr %q: want one line naming %q", c.name, code, out, errs, c.want)
		}
		if _, err := os.Stat(file); err == nil {
			t.Errorf("%s: %s was written after an error", c.name, file)
		}
	}
}
