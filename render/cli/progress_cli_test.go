package cli

import (
	"bytes"
	"os"
	"os/exec"
	"path/filepath"
	"runtime"
	"strings"
	"testing"
	"time"

	"github.com/backtrack-edu/backtrack/render/progress"
)

// fakeTerminal is a stderr the command line takes for a terminal: the
// progress line is drawn on it at every change, from the start.
type fakeTerminal struct{ bytes.Buffer }

func (*fakeTerminal) terminal() progress.Options {
	return progress.Options{After: -1, Manual: true, Width: 300}
}

// runTerminal runs the command line with a terminal for stderr.
func runTerminal(t *testing.T, args ...string) (code int, stdout, stderr string) {
	t.Helper()
	var out bytes.Buffer
	var errb fakeTerminal
	code = runInProcess(args, strings.NewReader(""), &out, &errb)
	return code, out.String(), errb.String()
}

// progressFinal is the final line a progress line left on stderr.
func progressFinal(t *testing.T, stderr string) string {
	t.Helper()
	i := strings.LastIndex(stderr, "\x1b[K")
	if i < 0 || !strings.HasSuffix(stderr, "\n") {
		t.Fatalf("no progress line left on the terminal: %q", stderr)
	}
	return strings.TrimSuffix(stderr[i+3:], "\n")
}

// TestProgressOnATerminal: on a terminal, trace with frames and a GIF,
// render of a log, compare --strategies (in Chinese too) and lesson
// build --site draw a progress line on stderr and leave one final line;
// stdout is the same as without a terminal, and without one stderr gets
// no progress at all.
func TestProgressOnATerminal(t *testing.T) {
	dir := t.TempDir()
	log := filepath.Join(dir, "q.yaml")
	if code, _, errs := runCLI(t, "", "trace", "nqueens", "-n", "5", "--yaml", log); code != 0 {
		t.Fatalf("trace --yaml: exit %d: %s", code, errs)
	}
	for _, c := range []struct {
		name string
		args func(run string) []string
		says []string // on the line as it goes
	}{
		{"trace frames gif", func(run string) []string {
			return []string{"trace", "nqueens", "-n", "4", "--every", "solution", "--frames", filepath.Join(dir, run+"-f"), "--gif", filepath.Join(dir, run+".gif")}
		}, []string{"searching: 0 of 10,000,000 steps", "drawing the frames: 1 of 3 frames", ".gif: 1 of 3 frames"}},
		{"render", func(run string) []string {
			return []string{"render", log, "--svg", filepath.Join(dir, run+".svg")}
		}, []string{"reading " + log + ": 0.0 of 0.1 MB", "drawing --svg " + filepath.Join(dir, "terminal.svg")}},
		{"compare strategies", func(string) []string {
			return []string{"compare", "--strategies", "nqueens", "-n", "6", "--no-time"}
		}, []string{"comparing: 0 of 6 runs", "comparing: 5 of 6 runs", "now rows arrays leaf: "}},
		{"compare zh", func(string) []string {
			return []string{"compare", "--strategies", "nqueens", "-n", "5", "--no-time", "--lang", "zh"}
		}, []string{"比较中：0 / 6 次运行", "当前 rows scan before："}},
		{"site", func(run string) []string {
			return []string{"lesson", "build", "dedup", "--no-playground", "--site", filepath.Join(dir, run+"-site")}
		}, []string{"making the lessons: 0 of 2 lessons", "making the lessons: 1 of 2 lessons"}},
	} {
		t.Run(c.name, func(t *testing.T) {
			code, plainOut, plainErr := runCLI(t, "", c.args("plain")...)
			if code != 0 {
				t.Fatalf("exit %d: %s", code, plainErr)
			}
			if plainErr != "" {
				t.Errorf("not on a terminal, stderr got %q", plainErr)
			}
			code, out, errs := runTerminal(t, c.args("terminal")...)
			if code != 0 {
				t.Fatalf("on a terminal: exit %d: %s", code, errs)
			}
			for _, w := range c.says {
				if !strings.Contains(errs, w) {
					t.Errorf("the line never said %q:\n%q", w, errs)
				}
			}
			if final := progressFinal(t, errs); !strings.Contains(final, " s in all") && !strings.Contains(final, "共用时") {
				t.Errorf("final line %q", final)
			}
			if strings.Count(errs, "\n") != 1 {
				t.Errorf("stderr has %d lines, want the final one:\n%q", strings.Count(errs, "\n"), errs)
			}
			norm := strings.NewReplacer("plain", "RUN", "terminal", "RUN")
			if c.name == "site" {
				// the times of each lesson differ from run to run
				plainOut, out = timeless(plainOut), timeless(out)
			}
			if norm.Replace(out) != norm.Replace(plainOut) {
				t.Errorf("stdout on a terminal:\n%s\nwithout:\n%s", out, plainOut)
			}
		})
	}
}

// timeless drops the numbers with a decimal point (times, sizes) from
// out.
func timeless(out string) string {
	f := strings.Fields(out)
	for i, w := range f {
		if strings.Contains(w, ".") && strings.ContainsAny(w, "0123456789") && !strings.Contains(w, "/") {
			f[i] = "N"
		}
	}
	return strings.Join(f, " ")
}

// TestNoProgressOffATerminal: the progress line is drawn only on a
// terminal: not on a file, a pipe or a buffer.
func TestNoProgressOffATerminal(t *testing.T) {
	f, err := os.Create(filepath.Join(t.TempDir(), "stderr.txt"))
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	r, w, err := os.Pipe()
	if err != nil {
		t.Fatal(err)
	}
	defer r.Close()
	defer w.Close()
	for _, stderr := range []any{f, w, &bytes.Buffer{}} {
		if p := newProgress(stderr.(interface{ Write([]byte) (int, error) }), "en"); p != nil {
			t.Errorf("a progress line on %T", stderr)
		}
	}
	if newProgress(&fakeTerminal{}, "en") == nil {
		t.Error("no progress line on a terminal")
	}
}

// TestProgressTTY runs the real program in a real terminal (a detached
// tmux session): compare --strategies of 12-queens with no step limit,
// whose check at the leaf never ends, prints its rows as they end on
// stdout and, from 2 s on, the progress line on stderr, both on the one
// screen without garbling either; Ctrl-C leaves the final line, then the
// interrupt's. It needs tmux (CI installs it); without it the test skips.
func TestProgressTTY(t *testing.T) {
	t.Parallel() // it mostly waits on another process
	if runtime.GOOS == "windows" {
		t.Skip("the terminal test needs a Unix terminal")
	}
	tmux, err := exec.LookPath("tmux")
	if err != nil {
		t.Skip("tmux is not installed: the terminal test of the progress line needs it (CI installs it)")
	}
	dir := t.TempDir()
	bin := buildBinary(t)
	sock := filepath.Join(dir, "tmux.sock")
	tm := func(args ...string) string {
		t.Helper()
		out, err := exec.Command(tmux, append([]string{"-S", sock, "-f", "/dev/null"}, args...)...).CombinedOutput()
		if err != nil {
			t.Fatalf("tmux %s: %v\n%s", strings.Join(args, " "), err, out)
		}
		return string(out)
	}
	t.Cleanup(func() { exec.Command(tmux, "-S", sock, "kill-server").Run() })
	tm("new-session", "-d", "-x", "160", "-y", "20", "-s", "cmp",
		// The shell traps Ctrl-C, so it lives on to report the exit code
		// (the program gets the default, a trap does not pass on exec).
		"sh -c "+shellQuote("trap : INT; "+shellQuote(bin)+" compare --strategies nqueens -n 12 --max-steps 0 --no-time; echo EXIT=$?; sleep 600"))
	waitFor := func(want string) string {
		t.Helper()
		deadline := time.Now().Add(60 * time.Second)
		for {
			screen := tm("capture-pane", "-p", "-t", "cmp")
			if strings.Contains(screen, want) {
				return screen
			}
			if time.Now().After(deadline) {
				t.Fatalf("the screen never showed %q; it shows:\n%s", want, screen)
			}
			time.Sleep(100 * time.Millisecond)
		}
	}
	screen := waitFor("comparing: 2 of 6 runs · ")
	lines := strings.Split(screen, "\n")
	if len(lines) < 5 || !strings.HasPrefix(lines[1], "order  check") ||
		!strings.HasPrefix(lines[2], "rows   scan    before  complete") || !strings.HasPrefix(lines[3], "rows   scan    after   complete") ||
		!strings.HasPrefix(lines[4], "comparing: 2 of 6 runs · ") || !strings.Contains(lines[4], " · now rows scan leaf: ") {
		t.Errorf("while the third run runs, the screen shows:\n%s", screen)
	}
	tm("send-keys", "-t", "cmp", "C-c")
	screen = waitFor("EXIT=")
	lines = strings.Split(screen, "\n")
	if len(lines) < 7 || !strings.HasPrefix(lines[4], "comparing: 2 of 6 runs · ") || !strings.HasSuffix(lines[4], " s in all") ||
		!strings.HasPrefix(lines[5], "backtrack: interrupted; the table shows the 2 of 6 runs that finished") || lines[6] != "EXIT=130" {
		t.Errorf("after Ctrl-C the screen shows:\n%s", screen)
	}
}
