package main

import (
	"os/exec"
	"path/filepath"
	"runtime"
	"strings"
	"testing"
	"time"
)

// TestStepTTY drives the real program in a real terminal, as a teacher
// would: it builds backtrack, runs `backtrack step` inside a detached tmux
// session of 80×24, presses keys with send-keys and reads the screen with
// capture-pane. It needs tmux (CI installs it); without it the test skips.
func TestStepTTY(t *testing.T) {
	if runtime.GOOS == "windows" {
		t.Skip("the terminal test needs a Unix terminal")
	}
	tmux, err := exec.LookPath("tmux")
	if err != nil {
		t.Skip("tmux is not installed: the terminal test of `backtrack step` needs it (CI installs it)")
	}
	dir := t.TempDir()
	bin := filepath.Join(dir, "backtrack")
	if out, err := exec.Command("go", "build", "-o", bin, ".").CombinedOutput(); err != nil {
		t.Fatalf("go build: %v\n%s", err, out)
	}
	// A private server: no user configuration, no clash with a running tmux.
	sock := filepath.Join(dir, "tmux.sock")
	tm := func(args ...string) string {
		t.Helper()
		cmd := exec.Command(tmux, append([]string{"-S", sock, "-f", "/dev/null"}, args...)...)
		out, err := cmd.CombinedOutput()
		if err != nil {
			t.Fatalf("tmux %s: %v\n%s", strings.Join(args, " "), err, out)
		}
		return string(out)
	}
	t.Cleanup(func() { exec.Command(tmux, "-S", sock, "kill-server").Run() })

	// start runs the command in a new 80×24 session; the shell around it
	// reports the exit code and keeps the pane open to be read.
	start := func(session, command string) {
		t.Helper()
		tm("new-session", "-d", "-x", "80", "-y", "24", "-s", session,
			"sh -c "+shellQuote(command+"; echo EXIT=$?; sleep 600"))
	}
	capture := func(session string) string {
		t.Helper()
		return strings.TrimRight(tm("capture-pane", "-p", "-t", session), "\n")
	}
	// waitFor polls the screen until it holds want.
	waitFor := func(session, want string) string {
		t.Helper()
		deadline := time.Now().Add(15 * time.Second)
		for {
			screen := capture(session)
			if strings.Contains(screen, want) {
				return screen
			}
			if time.Now().After(deadline) {
				t.Fatalf("the screen never showed %q; it shows:\n%s", want, screen)
			}
			time.Sleep(50 * time.Millisecond)
		}
	}
	keys := func(session string, k ...string) {
		t.Helper()
		tm(append([]string{"send-keys", "-t", session}, k...)...)
	}

	start("q4", shellQuote(bin)+" step nqueens -n 4")
	screen := waitFor("q4", "step 0/187")
	if got := tm("display-message", "-p", "-t", "q4", "#{alternate_on} #{cursor_flag}"); strings.TrimSpace(got) != "1 0" {
		t.Errorf("while stepping: alternate screen and cursor flags %q, want \"1 0\" (alternate screen on, cursor hidden)", strings.TrimSpace(got))
	}
	checkScreenSize(t, screen, 80, 24)

	// A few steps on: the screen shows every part of the view.
	keys("q4", "n", "n", "n", "n", "n")
	screen = waitFor("q4", "step 5/187")
	for _, want := range []string{
		" 0  Q  .  .  .", // the board: the queen of row 0, the candidate of row 1
		">1 [Q]( )( )( )",
		"call stack: path (choices made) | choices left", // the stack
		"> d1 #1 r1=c0 try left: 1 2 3",
		"note: try column 0 in row 1", // the note
		"func solve(row int) bool {",  // the code, with the step's line marked
		"> 3     for col := 0; col < n; col++ {",
		"nodes 2  tries 2", // the counters
		"q:quit",           // the help line
	} {
		if !strings.Contains(screen, want) {
			t.Errorf("step 5: the screen lacks %q:\n%s", want, screen)
		}
	}
	checkScreenSize(t, screen, 80, 24)

	// n then b: exactly the screen of before.
	before := screen
	keys("q4", "n")
	waitFor("q4", "step 6/187")
	keys("q4", "b")
	if after := waitFor("q4", "step 5/187"); after != before {
		t.Errorf("n then b changed the screen:\n--- before\n%s\n--- after\n%s", before, after)
	}
	// The arrow keys do the same.
	keys("q4", "Right")
	waitFor("q4", "step 6/187")
	keys("q4", "Left")
	if after := waitFor("q4", "step 5/187"); after != before {
		t.Errorf("Right then Left changed the screen:\n--- before\n%s\n--- after\n%s", before, after)
	}

	// Run to the next reject; jump with g…Enter.
	keys("q4", "r")
	screen = waitFor("q4", "step 6/187 reject")
	if !strings.Contains(screen, "<Q>") || !strings.Contains(screen, "[Q]") {
		t.Errorf("a reject without its marks:\n%s", screen)
	}
	keys("q4", "g", "1", "2")
	waitFor("q4", "go to step: 12_")
	keys("q4", "Enter")
	waitFor("q4", "step 12/187")

	// l: Chinese.
	keys("q4", "l")
	screen = waitFor("q4", "第 12/187 步")
	for _, want := range []string{"说明：", "调用栈", "q:退出"} {
		if !strings.Contains(screen, want) {
			t.Errorf("after l: the screen lacks %q:\n%s", want, screen)
		}
	}
	checkScreenSize(t, screen, 80, 24)

	// End, then the help panel.
	keys("q4", "End")
	waitFor("q4", "第 187/187 步")
	keys("q4", "?")
	waitFor("q4", "按键")
	keys("q4", "?", "l")
	waitFor("q4", "step 187/187")

	// q quits, leaves the alternate screen and shows the cursor again.
	keys("q4", "q")
	waitFor("q4", "EXIT=0")
	if got := tm("display-message", "-p", "-t", "q4", "#{alternate_on} #{cursor_flag}"); strings.TrimSpace(got) != "0 1" {
		t.Errorf("after q: alternate screen and cursor flags %q, want \"0 1\"", strings.TrimSpace(got))
	}

	// Ctrl-C quits too, and a resize redraws the view at the new size.
	start("lc", shellQuote(bin)+" step sudoku")
	waitFor("lc", "step 0/")
	keys("lc", "g", "2", "0", "0", "0", "Enter")
	screen = waitFor("lc", "step 2000/")
	checkScreenSize(t, screen, 80, 24)
	if !strings.Contains(screen, "[6]") || !strings.Contains(screen, "<6>") {
		t.Errorf("the 9×9 reject at step 2000 lacks its marks:\n%s", screen)
	}
	tm("resize-window", "-t", "lc", "-x", "120", "-y", "40")
	screen = waitFor("lc", "order=scan2d check=scan when=before stop=first") // the long header of a wide screen
	checkScreenSize(t, screen, 120, 40)
	keys("lc", "C-c")
	waitFor("lc", "EXIT=0")

	// --print: the view of one step, for handouts.
	out, err := exec.Command(bin, "step", "sudoku", "--to", "30", "--print").Output()
	if err != nil {
		t.Fatalf("step --print: %v", err)
	}
	printed := strings.TrimSuffix(string(out), "\n")
	checkScreenSize(t, printed, 80, 24)
	for _, want := range []string{"step 30/", "note: ", "call stack:", "func solve() bool {"} {
		if !strings.Contains(printed, want) {
			t.Errorf("step --print lacks %q:\n%s", want, printed)
		}
	}
	if strings.Contains(printed, "\x1b") {
		t.Errorf("step --print wrote escape codes")
	}

	// The script mode: keys from stdin, one view after each.
	cmd := exec.Command(bin, "step", "nqueens", "-n", "4")
	cmd.Stdin = strings.NewReader("n\nn\nb\n")
	out, err = cmd.Output()
	if err != nil {
		t.Fatalf("step with a script on stdin: %v", err)
	}
	views := strings.Split(string(out), "==== ")[1:]
	if len(views) != 3 {
		t.Fatalf("the script gave %d views, want 3:\n%s", len(views), out)
	}
	body := func(v string) string { return strings.SplitN(v, "\n", 2)[1] }
	if body(views[0]) != body(views[2]) {
		t.Errorf("script n n b: the third view differs from the first:\n%s\n---\n%s", views[0], views[2])
	}
	if !strings.Contains(views[1], "step 2/187") {
		t.Errorf("the second view is not step 2:\n%s", views[1])
	}
}

// checkScreenSize fails unless screen has at most h lines of at most w
// columns (CJK characters count 2), and the last line (the keys) is there.
func checkScreenSize(t *testing.T, screen string, w, h int) {
	t.Helper()
	lines := strings.Split(screen, "\n")
	if len(lines) > h {
		t.Errorf("%d lines, want at most %d", len(lines), h)
	}
	for i, l := range lines {
		if c := displayCols(l); c > w {
			t.Errorf("line %d is %d columns, want at most %d: %q", i+1, c, w, l)
		}
	}
}

// displayCols counts columns, 2 for CJK and fullwidth characters.
func displayCols(s string) int {
	n := 0
	for _, r := range s {
		switch {
		case r >= 0x1100 && r <= 0x115f, r >= 0x2e80 && r <= 0xa4cf, r >= 0xac00 && r <= 0xd7a3,
			r >= 0xf900 && r <= 0xfaff, r >= 0xfe30 && r <= 0xfe4f, r >= 0xff00 && r <= 0xff60, r >= 0xffe0 && r <= 0xffe6:
			n += 2
		default:
			n++
		}
	}
	return n
}

// shellQuote quotes s for sh.
func shellQuote(s string) string {
	return "'" + strings.ReplaceAll(s, "'", `'\''`) + "'"
}
