package cli

// The second fault battery (../shared/reviews/newcomer-trial-2.md, rows
// N6–N22): folder outputs, permissions as the shell's ">" has them,
// descriptors named as files, interrupts in every phase, and failed runs
// that commit nothing.

import (
	"bytes"
	"os"
	"os/exec"
	"path/filepath"
	"sort"
	"strings"
	"syscall"
	"testing"
	"time"
)

// safetyList lists the entries under dir, folders marked with "/", sorted.
func safetyList(t *testing.T, dir string) []string {
	t.Helper()
	var names []string
	filepath.WalkDir(dir, func(p string, d os.DirEntry, err error) error {
		if err != nil || p == dir {
			return nil
		}
		rel, _ := filepath.Rel(dir, p)
		if d.IsDir() {
			rel += "/"
		}
		names = append(names, rel)
		return nil
	})
	sort.Strings(names)
	return names
}

// TestSafetyFramesFolder: --frames replaces a folder of its own earlier
// frames, whatever their number or format (N13); refuses, before the
// search, a folder holding anything else, naming it (N6, N18); with
// --force writes beside the other files and deletes only frames (N6); and
// refuses a file output inside the frames folder without showing a
// temporary name (N18).
func TestSafetyFramesFolder(t *testing.T) {
	dir := t.TempDir()
	fr := filepath.Join(dir, "fr")
	// Earlier frames, then fewer frames, then fewer PNG frames: each
	// replaces the last.
	for _, c := range []struct {
		args []string
		ext  string
	}{
		{nil, ".svg"},
		{[]string{"--every", "10"}, ".svg"},
		{[]string{"--every", "20", "--frames-format", "png"}, ".png"},
	} {
		args := append([]string{"trace", "nqueens", "-n", "4", "--frames", fr}, c.args...)
		code, _, stderr := runCLI(t, "", args...)
		if code != 0 {
			t.Fatalf("%v: exit %d: %s", c.args, code, stderr)
		}
		for _, n := range safetyList(t, fr) {
			if !strings.HasPrefix(n, "frame-") || !strings.HasSuffix(n, c.ext) {
				t.Errorf("%v: the folder holds %s, want only %s frames", c.args, n, c.ext)
			}
		}
	}

	// A folder of someone's files: refused before the search (a 12-queens
	// search with no step limit would take minutes), named, untouched.
	home := filepath.Join(dir, "home")
	for p, s := range map[string]string{"Documents/thesis/ch1.tex": "chapter", ".ssh/id_rsa": "key", "frame-0001.svg": "old frame"} {
		os.MkdirAll(filepath.Join(home, filepath.Dir(p)), 0o755)
		if err := os.WriteFile(filepath.Join(home, p), []byte(s), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	before := faultSnapshot(t, home)
	start := time.Now()
	code, _, stderr := runCLI(t, "", "trace", "nqueens", "-n", "12", "--max-steps", "0", "--frames", home)
	if d := time.Since(start); d > 5*time.Second {
		t.Errorf("the refusal came after %v: the folder is checked after the search", d)
	}
	if code != 2 {
		t.Errorf("exit %d, want 2", code)
	}
	faultCheckLine(t, stderr, "--frames", home, ".ssh/", "Documents/", "--force")
	faultUnchanged(t, before, faultSnapshot(t, home))
	faultNoTemps(t, dir)

	// --force: the frames are written, the old frame replaced, the rest
	// kept.
	code, _, stderr = runCLI(t, "", "trace", "nqueens", "-n", "4", "--frames", home, "--force", "--every", "20")
	if code != 0 {
		t.Fatalf("--force: exit %d: %s", code, stderr)
	}
	got := safetyList(t, home)
	want := []string{".ssh/", ".ssh/id_rsa", "Documents/", "Documents/thesis/", "Documents/thesis/ch1.tex"}
	for _, w := range want {
		if i := sort.SearchStrings(got, w); i == len(got) || got[i] != w {
			t.Errorf("--force deleted %s: the folder holds %v", w, got)
		}
	}
	if b, _ := os.ReadFile(filepath.Join(home, "frame-0001.svg")); !bytes.HasPrefix(b, []byte("<?xml")) && !bytes.Contains(b, []byte("<svg")) {
		t.Errorf("frame-0001.svg was not replaced: %q", b[:min(len(b), 40)])
	}
	faultNoTemps(t, dir)

	// A picture inside the frames folder: refused, no temporary name.
	for _, args := range [][]string{
		{"--frames", fr, "--svg", filepath.Join(fr, "frame-0001.svg")},
		{"--svg", filepath.Join(fr, "frame-0001.svg"), "--frames", fr},
	} {
		before := faultSnapshot(t, dir)
		code, _, stderr := runCLI(t, "", append([]string{"trace", "nqueens", "-n", "4"}, args...)...)
		if code != 2 {
			t.Errorf("%v: exit %d, want 2", args, code)
		}
		faultCheckLine(t, stderr, "--svg", "--frames", "lies in")
		faultUnchanged(t, before, faultSnapshot(t, dir))
	}
}

// safetyRunner runs the built program as a user for whom a file or folder
// with mode 0444 or 0555 is read-only: the user nobody when the tests run
// as root (root may write anything, as the shell's ">" may), else the
// user running the tests. It returns the runner and a folder under which
// that user can reach everything.
func safetyRunner(t *testing.T) (run func(args ...string) (int, string), base string) {
	t.Helper()
	if os.Geteuid() == 0 {
		runNobody, base := faultAsNobody(t)
		home := faultWorldWritable(t, base, "home")
		env := []string{"HOME=" + home, "TMPDIR=" + home}
		return func(args ...string) (int, string) {
			code, _, stderr := runNobody(env, args...)
			return code, stderr
		}, base
	}
	bin := testBinary(t)
	base = t.TempDir()
	return func(args ...string) (int, string) {
		cmd := exec.Command(bin, args...)
		cmd.Dir = base
		var stderr bytes.Buffer
		cmd.Stderr = &stderr
		return faultExit(t, cmd.Run()), stderr.String()
	}, base
}

// TestSafetyReadOnly: a file or folder the user cannot write is not
// replaced by rename: exit 1, "permission denied", before the work, with
// nothing changed and no temporary left (N7; and N18: a read-only --frames
// parent fails before the drawing).
func TestSafetyReadOnly(t *testing.T) {
	t.Parallel() // it mostly waits on other processes (see inProcess)
	run, base := safetyRunner(t)
	// Every user may make files here, so only the modes below protect.
	open := filepath.Join(base, "open")
	if err := os.Mkdir(open, 0o777); err != nil {
		t.Fatal(err)
	}
	os.Chmod(open, 0o777)
	locked := filepath.Join(open, "locked.svg")
	if err := os.WriteFile(locked, []byte("keep"), 0o444); err != nil {
		t.Fatal(err)
	}
	emptyRO := filepath.Join(open, "empty-ro")
	os.Mkdir(emptyRO, 0o755)
	fullRO := filepath.Join(open, "full-ro")
	os.Mkdir(fullRO, 0o755)
	os.WriteFile(filepath.Join(fullRO, "teacher.txt"), []byte("notes"), 0o644)
	roParent := filepath.Join(open, "ro-parent")
	os.Mkdir(roParent, 0o755)
	for _, d := range []string{emptyRO, fullRO, roParent} {
		if err := os.Chmod(d, 0o555); err != nil {
			t.Fatal(err)
		}
	}
	t.Cleanup(func() {
		for _, d := range []string{emptyRO, fullRO, roParent} {
			os.Chmod(d, 0o755)
		}
	})
	tests := []struct {
		name string
		args []string
		want []string
	}{
		{"0444 file", []string{"--svg", locked}, []string{"--svg", "locked.svg", "permission denied"}},
		{"0444 file as the log", []string{"--yaml", locked}, []string{"--yaml", "locked.svg", "permission denied"}},
		{"0555 empty folder", []string{"--frames", emptyRO}, []string{"--frames", "empty-ro", "permission denied"}},
		{"0555 folder, forced", []string{"--frames", fullRO, "--force"}, []string{"--frames", "full-ro", "permission denied"}},
		{"0555 parent", []string{"--frames", filepath.Join(roParent, "fr")}, []string{"--frames", "ro-parent/fr", "permission denied"}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			before := faultSnapshot(t, open)
			start := time.Now()
			// 11-queens with no step limit: minutes of work, were the
			// check made after it.
			code, stderr := run(append([]string{"trace", "nqueens", "-n", "11", "--max-steps", "0"}, tt.args...)...)
			if d := time.Since(start); d > 10*time.Second {
				t.Errorf("the refusal came after %v", d)
			}
			if code != 1 {
				t.Errorf("exit %d, want 1; stderr %q", code, stderr)
			}
			faultCheckLine(t, stderr, tt.want...)
			faultUnchanged(t, before, faultSnapshot(t, open))
			faultNoTemps(t, open)
		})
	}
}

// TestSafetyFailedRunCommitsNothing: a run that fails after drawing its
// frames (the GIF's reader goes away) leaves no frames folder, no log and
// no temporary (N8).
func TestSafetyFailedRunCommitsNothing(t *testing.T) {
	t.Parallel() // it mostly waits on other processes (see inProcess)
	bin := testBinary(t)
	dir := t.TempDir()
	fifo := filepath.Join(dir, "g.gif")
	if err := syscall.Mkfifo(fifo, 0o600); err != nil {
		t.Skipf("cannot make a FIFO: %v", err)
	}
	// The reader comes and goes at once: the GIF's first write fails.
	go func() {
		if f, err := os.Open(fifo); err == nil {
			f.Close()
		}
	}()
	// Five frames (steps 40, 80, 120, 160 and the last) are enough to commit.
	cmd := exec.Command(bin, "trace", "nqueens", "-n", "4", "--frames", "fr", "--gif", "g.gif", "--yaml", "q.yaml", "--every", "40")
	cmd.Dir = dir
	var stderr bytes.Buffer
	cmd.Stderr = &stderr
	code := faultExit(t, cmd.Run())
	if code != 1 {
		t.Errorf("exit %d, want 1; stderr %q", code, stderr.String())
	}
	faultCheckLine(t, stderr.String(), "--gif", "g.gif")
	for _, n := range []string{"fr", "q.yaml"} {
		if _, err := os.Lstat(filepath.Join(dir, n)); err == nil {
			t.Errorf("%s was committed by a failed run", n)
		}
	}
	faultNoTemps(t, dir)
}

// TestSafetyDescriptorsByName: /dev/stderr, /dev/fd/N and links to them
// are written through the descriptor the shell gave, as ">&N" would:
// never truncated, never replaced (item 3 of issue 21).
func TestSafetyDescriptorsByName(t *testing.T) {
	t.Parallel() // it mostly waits on other processes (see inProcess)
	bin := testBinary(t)
	dir := t.TempDir()
	link := filepath.Join(dir, "err-link")
	if err := os.Symlink("/dev/stderr", link); err != nil {
		t.Fatal(err)
	}
	tests := []struct {
		name string
		args []string
		fd   int // the descriptor the file is given as: 2 or 3
	}{
		{"/dev/stderr", []string{"--stats", "/dev/stderr"}, 2},
		{"/dev/fd/2", []string{"--stats", "/dev/fd/2"}, 2},
		{"/proc/self/fd/2", []string{"--stats", "/proc/self/fd/2"}, 2},
		{"a link to /dev/stderr", []string{"--stats", link}, 2},
		{"/dev/fd/3", []string{"--yaml", "/dev/fd/3"}, 3},
		{"/proc/self/fd/3", []string{"--stats", "/proc/self/fd/3"}, 3},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			out := filepath.Join(dir, "out.txt")
			if err := os.WriteFile(out, []byte("keep\n"), 0o644); err != nil {
				t.Fatal(err)
			}
			// Opened for appending, as the shell's ">>" does.
			f, err := os.OpenFile(out, os.O_WRONLY|os.O_APPEND, 0)
			if err != nil {
				t.Fatal(err)
			}
			defer f.Close()
			cmd := exec.Command(bin, append([]string{"trace", "nqueens", "-n", "4"}, tt.args...)...)
			cmd.Dir = dir
			var stderr bytes.Buffer
			if tt.fd == 2 {
				cmd.Stderr = f
			} else {
				cmd.Stderr = &stderr
				cmd.ExtraFiles = []*os.File{f}
			}
			if code := faultExit(t, cmd.Run()); code != 0 {
				t.Fatalf("exit %d; stderr %q", code, stderr.String())
			}
			b, err := os.ReadFile(out)
			if err != nil {
				t.Fatal(err)
			}
			if !strings.HasPrefix(string(b), "keep\n") {
				t.Errorf("the file's earlier content is gone: %q", b[:min(len(b), 60)])
			}
			if !strings.Contains(string(b), "status: complete") {
				t.Errorf("the output is not in the file: %q", b)
			}
			if fi, err := os.Lstat(link); err != nil || fi.Mode()&os.ModeSymlink == 0 {
				t.Errorf("the link was replaced")
			}
			faultNoTemps(t, dir)
		})
	}
}

// safetyTempGrows reports whether a temporary file of the output name in
// dir has any bytes: the phase that writes it is under way.
func safetyTempGrows(dir, name string) bool {
	ms, _ := filepath.Glob(filepath.Join(dir, "."+name+".*.tmp"))
	for _, m := range ms {
		if fi, err := os.Stat(m); err == nil && fi.Size() > 0 {
			return true
		}
	}
	return false
}

// TestSafetyInterruptEveryPhase: SIGINT while the player page is made,
// while the GIF is encoded, and while an output FIFO waits for its reader
// gives exit 130 at once, with the interrupted output left out and named
// (N9, N10, N11).
func TestSafetyInterruptEveryPhase(t *testing.T) {
	t.Parallel() // it mostly waits on other processes (see inProcess)
	if testing.Short() {
		t.Skip("signals the real program")
	}
	tests := []struct {
		name  string
		args  []string
		out   string                // the output left out
		ready func(dir string) bool // the phase is under way
		setup func(t *testing.T, dir string)
	}{
		{
			name:  "page making",
			args:  []string{"trace", "nqueens", "-n", "10", "--max-steps", "0", "--html", "p.html"},
			out:   "p.html",
			ready: func(dir string) bool { return safetyTempGrows(dir, "p.html") },
		},
		{
			name:  "GIF encoding",
			args:  []string{"trace", "sudoku", "--gif", "g.gif", "--every", "1000"},
			out:   "g.gif",
			ready: func(dir string) bool { return safetyTempGrows(dir, "g.gif") },
		},
		{
			name:  "FIFO wait",
			args:  []string{"trace", "nqueens", "-n", "4", "--yaml", "ff"},
			out:   "",
			setup: func(t *testing.T, dir string) { syscall.Mkfifo(filepath.Join(dir, "ff"), 0o600) },
		},
		{
			name: "FIFO wait, render",
			args: []string{"render", "q.yaml", "--svg", "ff"},
			out:  "",
			setup: func(t *testing.T, dir string) {
				syscall.Mkfifo(filepath.Join(dir, "ff"), 0o600)
				if code, _, stderr := runCLI(t, "", "trace", "nqueens", "-n", "4", "--yaml", filepath.Join(dir, "q.yaml")); code != 0 {
					t.Fatal(stderr)
				}
			},
		},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			dir := t.TempDir()
			if tt.setup != nil {
				tt.setup(t, dir)
			}
			cmd, _, stderr := faultStart(t, dir, tt.args...)
			if tt.ready == nil {
				faultAwaitBlocked(t, cmd, blockFIFO) // nothing it prints shows the wait
			} else {
				deadline := time.Now().Add(120 * time.Second)
				for !tt.ready(dir) {
					if time.Now().After(deadline) || cmd.ProcessState != nil {
						t.Fatalf("the phase did not start; stderr %q", stderr)
					}
					time.Sleep(10 * time.Millisecond)
				}
			}
			if err := cmd.Process.Signal(syscall.SIGINT); err != nil {
				t.Fatal(err)
			}
			start := time.Now()
			code := faultWait(t, cmd, 20*time.Second)
			d := time.Since(start)
			t.Logf("exit %d %v after the signal", code, d)
			// The target is half a second; a loaded machine gets slack.
			if d > 2*time.Second {
				t.Errorf("took %v to stop, want under 0.5 s", d)
			}
			if code != 130 {
				t.Errorf("exit %d, want 130; stderr %q", code, stderr)
			}
			if tt.out != "" {
				faultCheckLine(t, stderr.String(), "interrupted", tt.out, "not drawn")
				if _, err := os.Stat(filepath.Join(dir, tt.out)); err == nil {
					t.Errorf("%s was written", tt.out)
				}
			} else {
				faultCheckLine(t, stderr.String(), "interrupted", "nothing was written")
			}
			faultNoTemps(t, dir)
		})
	}
}

// TestSafetyMessages: plain words, no internal prefixes (N19); an empty
// output name refused (N21); a run that stops before its first call is
// reported, its diagrams left out and named, exit 0 (N17).
func TestSafetyMessages(t *testing.T) {
	dir := t.TempDir()
	p := func(n string) string { return filepath.Join(dir, n) }
	tests := []struct {
		name   string
		args   []string
		code   int
		want   []string // in stderr
		report bool     // the report is printed
	}{
		{"empty --html", []string{"trace", "nqueens", "-n", "4", "--html", ""}, 2, []string{"--html is empty"}, false},
		{"empty --frames", []string{"trace", "nqueens", "-n", "4", "--frames", ""}, 2, []string{"--frames is empty"}, false},
		{"empty -o", []string{"lesson", "build", "--all", "-o", ""}, 2, []string{"-o is empty"}, false},
		{"--lang fr", []string{"trace", "nqueens", "-n", "4", "--lang", "fr"}, 2, []string{`--lang: unknown value "fr": want en or zh`}, false},
		// The player's tree follows the step: --at-step shapes no page.
		{"--at-step with only --html", []string{"trace", "nqueens", "-n", "4", "--html", p("at.html"), "--at-step", "5000"}, 0, []string{"warning: --at-step is used only by --dot, --svg and --png", "the --html page steps through every step"}, false},
		{"--at-step past the end, gif", []string{"trace", "nqueens", "-n", "4", "--gif", p("a.gif"), "--at-step", "5000"}, 2, []string{"--at-step 5000 is beyond the last step 187"}, false},
		{"stopped before the first call", []string{"trace", "nqueens", "-n", "4", "--timeout", "1ns", "--svg", p("t.svg"), "--frames", p("fr"), "--html", p("t.html")}, 0,
			[]string{"before its first call", "--svg " + p("t.svg"), "--frames " + p("fr"), "not written"}, true},
		{"stopped before the first call, DOT", []string{"trace", "nqueens", "-n", "4", "--max-output", "1", "--yaml", p("one.yaml"), "--dot", p("t.dot")}, 0,
			[]string{"before its first call", "--dot"}, true},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			code, stdout, stderr := runCLI(t, "", tt.args...)
			if code != tt.code {
				t.Errorf("exit %d, want %d; stderr %q", code, tt.code, stderr)
			}
			for _, w := range tt.want {
				if !strings.Contains(stderr, w) {
					t.Errorf("stderr %q lacks %q", stderr, w)
				}
			}
			for _, bad := range []string{"trim:", "tracer:", "context canceled"} {
				if strings.Contains(stderr, bad) {
					t.Errorf("stderr %q shows the internal %q", stderr, bad)
				}
			}
			if tt.report != strings.Contains(stdout, "status: limit") {
				t.Errorf("report printed %v, want %v:\n%s", !tt.report, tt.report, stdout)
			}
		})
	}
	for _, n := range []string{"t.svg", "fr", "t.dot", "a.html", "a.gif"} {
		if _, err := os.Lstat(p(n)); err == nil {
			t.Errorf("%s was written", n)
		}
	}
	if _, err := os.Stat(p("t.html")); err != nil {
		t.Errorf("the page of a run with no call: %v", err)
	}
	faultNoTemps(t, dir)
}

// TestSafetyUnusedFlagWarnings: a flag that only an output not asked for
// uses, or a --delay a GIF cannot keep, is warned about (R4, N21).
func TestSafetyUnusedFlagWarnings(t *testing.T) {
	dir := t.TempDir()
	p := func(n string) string { return filepath.Join(dir, n) }
	tests := []struct {
		args []string
		want string // "" for no warning
	}{
		{[]string{"--svg", p("a.svg"), "--scale", "3"}, "--scale is used only by"},
		{[]string{"--png", p("a.png"), "--scale", "3"}, ""},
		{[]string{"--force"}, "--force is used only by --frames"},
		{[]string{"--quiz"}, "--quiz is used only by --html"},
		{[]string{"--html", p("q.html"), "--quiz"}, ""},
		{[]string{"--frames", p("f1"), "--every", "100", "--delay", "1s"}, "--delay is used only by --gif"},
		{[]string{"--gif", p("a.gif"), "--every", "100", "--frames-format", "png"}, "--frames-format is used only by --frames"},
		{[]string{"--frames", p("f2"), "--every", "100", "--at-step", "50"}, "--at-step is used only by"},
		{[]string{"--svg", p("b.svg"), "--at-step", "50"}, ""},
		{[]string{"--max-output", "1G"}, "--max-output bounds only the step log"},
		{[]string{"--gif", p("b.gif"), "--every", "100", "--delay", "1ns"}, "so it lasts 20ms"},
		{[]string{"--gif", p("c.gif"), "--every", "100", "--delay", "100ms"}, ""},
	}
	for _, tt := range tests {
		code, _, stderr := runCLI(t, "", append([]string{"trace", "nqueens", "-n", "4"}, tt.args...)...)
		if code != 0 {
			t.Errorf("%v: exit %d: %s", tt.args, code, stderr)
		}
		if tt.want == "" && strings.Contains(stderr, "warning") || tt.want != "" && !strings.Contains(stderr, tt.want) {
			t.Errorf("%v: stderr %q, want %q", tt.args, stderr, tt.want)
		}
	}
	code, _, stderr := runCLI(t, "", "trace", "nqueens", "-n", "4", "--yaml", p("q.yaml"))
	if code != 0 {
		t.Fatal(stderr)
	}
	if _, _, stderr := runCLI(t, "", "render", p("q.yaml"), "--svg", p("r.svg"), "--max-steps", "10"); !strings.Contains(stderr, "--max-steps bounds only the --html page") {
		t.Errorf("render --max-steps without --html: stderr %q", stderr)
	}
}

// TestSafetyLogWithUnknownLang: a hand-edited log's unknown language is
// warned about, not silently drawn in English (N21).
func TestSafetyLogWithUnknownLang(t *testing.T) {
	dir := t.TempDir()
	log := filepath.Join(dir, "q.yaml")
	if code, _, stderr := runCLI(t, "", "trace", "nqueens", "-n", "4", "--yaml", log); code != 0 {
		t.Fatal(stderr)
	}
	b, err := os.ReadFile(log)
	if err != nil {
		t.Fatal(err)
	}
	edited := bytes.Replace(b, []byte("\nlang: en\n"), []byte("\nlang: fr\n"), 1)
	if bytes.Equal(edited, b) {
		t.Fatal("the log has no lang: en line")
	}
	os.WriteFile(log, edited, 0o644)
	code, _, stderr := runCLI(t, "", "render", log, "--svg", filepath.Join(dir, "q.svg"))
	if code != 0 || !strings.Contains(stderr, "lang: fr, which is not en or zh") {
		t.Errorf("exit %d, stderr %q: want a warning about lang: fr", code, stderr)
	}
}
