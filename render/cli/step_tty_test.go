package cli

import (
	"errors"
	"os/exec"
	"path/filepath"
	"regexp"
	"runtime"
	"strings"
	"testing"
	"time"
)

// TestStepTTY drives the real program in a real terminal, as a teacher
// would: it runs `backtrack step` inside a detached tmux session of 80×24,
// presses keys with send-keys and reads the screen with capture-pane. It
// needs tmux (CI installs it); without it the test skips.
func TestStepTTY(t *testing.T) {
	t.Parallel() // it mostly waits on other processes (see inProcess)
	if runtime.GOOS == "windows" {
		t.Skip("the terminal test needs a Unix terminal")
	}
	tmux, err := exec.LookPath("tmux")
	if err != nil {
		t.Skip("tmux is not installed: the terminal test of `backtrack step` needs it (CI installs it)")
	}
	dir := t.TempDir()
	bin := buildBinary(t)
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
		" 0  Q  .  .  .",  // the board: the queen of row 0, the candidate of row 1
		">1 [Q] . ( )( )", // ( ): the columns the queen at (0,0) leaves legal
		"stack: path (choices made) | choices (legal, untried) | tried", // the stack
		"> d1 #1 r1=c0 try choices: 2 3",
		"note: try column 0 in row 1", // the note
		"func solve(row int) {",       // the code, with the step's line marked
		"> 3     for col := 0; col < n; col++ {",
		"calls 2  tries 2", // the counters
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

	// Run to the next reject; b goes back to exactly the screen before
	// the jump (README: "exactly the view that was there before").
	keys("q4", "n", "n", "n")
	before = waitFor("q4", "step 8/187")
	keys("q4", "r")
	screen = waitFor("q4", "step 13/187 reject")
	if !strings.Contains(screen, "<Q>") || !strings.Contains(screen, "[Q]") {
		t.Errorf("a reject without its marks:\n%s", screen)
	}
	keys("q4", "b")
	if after := waitFor("q4", "step 8/187"); after != before {
		t.Errorf("r then b did not give back the screen before r:\n--- before\n%s\n--- after\n%s", before, after)
	}
	// Jump with g…Enter.
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
	// Esc closes the help too.
	keys("q4", "?")
	waitFor("q4", "Keys")
	keys("q4", "Escape")
	for deadline := time.Now().Add(15 * time.Second); strings.Contains(capture("q4"), "Keys"); time.Sleep(50 * time.Millisecond) {
		if time.Now().After(deadline) {
			t.Fatalf("Esc did not close the help:\n%s", capture("q4"))
		}
	}
	// The colours as the terminal got them: 256-colour codes, nothing
	// dim (SGR 2), none of the 16 ANSI colours each terminal chooses.
	colored := tm("capture-pane", "-e", "-p", "-t", "q4")
	if !strings.Contains(colored, "38;5;") {
		t.Errorf("the colour screen has no 256-colour code:\n%q", colored)
	}
	for _, m := range regexp.MustCompile("\x1b\\[([0-9;]*)m").FindAllStringSubmatch(colored, -1) {
		ps := strings.Split(m[1], ";")
		for i := 0; i < len(ps); i++ {
			switch p := ps[i]; {
			case p == "38" || p == "48":
				i += 2 // 38;5;N
			case p == "2" || len(p) == 2 && (p[0] == '3' || p[0] == '4') && p[1] <= '7':
				t.Errorf("the screen is drawn with SGR %s (%q): dim or one of the 16 ANSI colours", p, m[0])
			}
		}
	}

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
	// Too small a terminal: one message instead of a cut view, until the
	// terminal is big enough again. (40 columns: the code in Chinese,
	// "// 二维", is one column wider, and l switches languages live;
	// there the view needs 22 lines with the key bar, and narrower one
	// more, for the Chinese key with 预设数字 wraps once more.)
	tm("resize-window", "-t", "lc", "-x", "40", "-y", "10")
	screen = waitFor("lc", "terminal too small")
	if flat := strings.Join(strings.Fields(screen), " "); !strings.Contains(flat, "need at least 40×22 for this board, have 40×10") {
		t.Errorf("at 40×10 the screen says:\n%s", screen)
	}
	checkScreenSize(t, screen, 40, 10)
	tm("resize-window", "-t", "lc", "-x", "80", "-y", "24")
	screen = waitFor("lc", "step 2000/")
	checkScreenSize(t, screen, 80, 24)
	keys("lc", "C-c")
	waitFor("lc", "EXIT=0")

	// --print: the view of one step, for handouts: no key bar, sizes
	// written with ×.
	out, err := exec.Command(bin, "step", "sudoku", "--to", "30", "--print").Output()
	if err != nil {
		t.Fatalf("step --print: %v", err)
	}
	printed := strings.TrimSuffix(string(out), "\n")
	checkScreenSize(t, printed, 80, 24)
	for _, want := range []string{"sudoku 9×9, 51 blanks", "step 30/", "note: ", "stack: path", "func solve() bool {", "calls 4"} {
		if !strings.Contains(printed, want) {
			t.Errorf("step --print lacks %q:\n%s", want, printed)
		}
	}
	for _, bar := range []string{"q:quit", "n:next", "n b r u s t g l ? q"} {
		if strings.Contains(printed, bar) {
			t.Errorf("step --print has the key bar (%q):\n%s", bar, printed)
		}
	}
	if strings.Contains(printed, "\x1b") {
		t.Errorf("step --print wrote escape codes")
	}

	// A 16×16 board at 80×24: unambiguous column numbers, and the calls
	// the stack leaves out are counted.
	out, err = exec.Command(bin, "step", "sudoku", "--puzzle", "examples/puzzles/16x16.txt", "--order", "mrv", "--to", "50", "--print").Output()
	if err != nil {
		t.Fatalf("step --print 16×16: %v", err)
	}
	printed = strings.TrimSuffix(string(out), "\n")
	checkScreenSize(t, printed, 80, 24)
	for _, want := range []string{"sudoku 16×16", "     0   2    4   6    8  10   12  14 ", "... 2 more", "> d2 #2 (5,9)=4"} {
		if !strings.Contains(printed, want) {
			t.Errorf("16×16 --print lacks %q:\n%s", want, printed)
		}
	}

	// A size too small for the board: one line on stderr, exit 2, nothing
	// on stdout. (The key's "( ) choices" wraps into one line fewer than
	// "( ) columns left" did: 39×17 and 39×18 before.)
	for _, tc := range []struct {
		args []string
		want string
	}{
		{[]string{"--width", "10", "--height", "5", "--print"}, "backtrack: terminal too small: need at least 39×16 for this board, have 10×5\n"},
		{[]string{"--width", "40", "--height", "10", "--print"}, "backtrack: terminal too small: need at least 39×16 for this board, have 40×10\n"},
		{[]string{"--width", "40", "--height", "10"}, "backtrack: terminal too small: need at least 39×17 for this board, have 40×10\n"},
	} {
		cmd := exec.Command(bin, append([]string{"step", "nqueens", "-n", "4"}, tc.args...)...)
		cmd.Stdin = strings.NewReader("n\n")
		var stdout, stderr strings.Builder
		cmd.Stdout, cmd.Stderr = &stdout, &stderr
		err := cmd.Run()
		if code := exitCode(err); code != 2 || stderr.String() != tc.want || stdout.Len() != 0 {
			t.Errorf("step %s: exit %d, stderr %q, stdout %d bytes; want exit 2, stderr %q, no stdout",
				strings.Join(tc.args, " "), code, stderr.String(), stdout.Len(), tc.want)
		}
	}
	// Without --width/--height, a board taller than 24 lines gets the
	// lines it needs.
	out, err = exec.Command(bin, "step", "nqueens", "-n", "20", "--max-steps", "1000", "--to", "500", "--print").Output()
	if err != nil {
		t.Fatalf("step nqueens -n 20 --print: %v", err)
	}
	if !strings.Contains(string(out), " 19  .") || !strings.Contains(string(out), "calls ") {
		t.Errorf("20-queens --print is not whole:\n%s", out)
	}

	// The script mode: keys from stdin, the starting view, then one view
	// after each key; unknown keys are skipped with a warning; b after a
	// jump goes back to the view before it.
	script := func(stdin string, args ...string) (views []string, stderr string) {
		t.Helper()
		cmd := exec.Command(bin, append([]string{"step", "nqueens", "-n", "4"}, args...)...)
		cmd.Stdin = strings.NewReader(stdin)
		var errb strings.Builder
		cmd.Stderr = &errb
		out, err := cmd.Output()
		if err != nil {
			t.Fatalf("step with the script %q: %v\n%s", stdin, err, errb.String())
		}
		return strings.Split(string(out), "==== ")[1:], errb.String()
	}
	body := func(v string) string { return strings.SplitN(v, "\n", 2)[1] }
	views, stderr := script("n\nn\nb\n")
	if len(views) != 4 || stderr != "" {
		t.Fatalf("the script gave %d views, want 4 (the start and 3 keys); stderr %q:\n%s", len(views), stderr, strings.Join(views, ""))
	}
	if !strings.HasPrefix(views[0], "start -> step 0/187") || body(views[1]) != body(views[3]) || !strings.Contains(views[2], "step 2/187") {
		t.Errorf("script n n b: views\n%s", strings.Join(views, ""))
	}
	if views, _ := script(""); len(views) != 1 || !strings.Contains(views[0], "step 0/187") {
		t.Errorf("an empty script: %d views, want the starting one:\n%s", len(views), strings.Join(views, ""))
	}
	if views, _ := script("", "--to", "30"); len(views) != 1 || !strings.Contains(views[0], "step 30/187") {
		t.Errorf("an empty script from --to 30: %d views, want step 30:\n%s", len(views), strings.Join(views, ""))
	}
	views, _ = script("n\nn\nr\nb\n")
	if len(views) != 5 || !strings.Contains(views[3], "step 6/187") || body(views[4]) != body(views[2]) {
		t.Errorf("script n n r b: want the last view to be step 2's:\n%s", strings.Join(views, ""))
	}
	views, stderr = script("zz\nHome\nN\n→\nEnd\nb\nQ\n")
	wantSteps := []string{"start -> step 0/", "Home -> step 0/", "→ -> step 1/", "End -> step 187/", "b -> step 1/"}
	if len(views) != len(wantSteps) {
		t.Fatalf("script with bad keys: %d views, want %d:\n%s", len(views), len(wantSteps), strings.Join(views, ""))
	}
	for i, w := range wantSteps {
		if !strings.HasPrefix(views[i], w) {
			t.Errorf("view %d starts %q, want %q", i, strings.SplitN(views[i], "\n", 2)[0], w)
		}
	}
	wantErr := "step script line 1: unknown key \"zz\", skipped (keys: n, space, right (→), b, left (←), r u s t, R U S T, g<step>, home, end, l, ?, esc, q; p (predict mode), a<answer>, m (timeline))\n" +
		"step script line 3: unknown key \"N\", skipped (keys are case-sensitive: did you mean \"n\"?)\n" +
		"step script line 7: unknown key \"Q\", skipped (keys are case-sensitive: did you mean \"q\"?)\n"
	if stderr != wantErr {
		t.Errorf("warnings:\n%s\nwant:\n%s", stderr, wantErr)
	}
}

// exitCode returns the exit code of a finished command's error.
func exitCode(err error) int {
	var ee *exec.ExitError
	if errors.As(err, &ee) {
		return ee.ExitCode()
	}
	if err != nil {
		return -1
	}
	return 0
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
