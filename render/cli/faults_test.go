package cli

// The fault battery: the bad inputs and hostile outputs of the newcomer
// review (../shared/reviews/newcomer-trial.md, sections 1 and 3), each
// pinned to the behaviour the tool promises. Exit codes: 0 ok, 1 a failed
// write or run, 2 bad input, 130 interrupted; every error is one line on
// stderr that starts "backtrack: " and names no Go type and no temporary
// file.
//
// Most tests run the program in process (runCLI, faultRun). The ones about
// signals, stdout on a device, and other users run the program as a
// process of its own (testBinary): this test binary, linked under the name
// backtrack, which TestMain turns into the program.

import (
	"bufio"
	"bytes"
	"errors"
	"fmt"
	"io"
	"io/fs"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"runtime"
	"strings"
	"sync"
	"syscall"
	"testing"
	"time"

	"github.com/backtrack-edu/backtrack/render/steplog"
	"github.com/backtrack-edu/backtrack/tracer"
)

// TestMain moves to the repository's root, points the user cache folder at
// a temporary folder and removes it, and the link that testBinary made, at
// the end. Run under the name backtrack (testBinary's link), the test
// binary is the program itself (Main).
func TestMain(m *testing.M) {
	if filepath.Base(os.Args[0]) == programName {
		os.Exit(Main(os.Args))
	}
	// The tests run the commands as a user does in the repository's root
	// (examples/puzzles/..., README.md, docs/), two folders above this
	// package's: go test starts them in the package's folder (pkgDir).
	var err error
	if pkgDir, err = os.Getwd(); err != nil {
		fmt.Fprintln(os.Stderr, err)
		os.Exit(2)
	}
	if err := os.Chdir(filepath.Join("..", "..")); err != nil {
		fmt.Fprintln(os.Stderr, err)
		os.Exit(2)
	}
	if _, err := os.Stat("go.mod"); err != nil {
		fmt.Fprintln(os.Stderr, "TestMain: the repository's root has no go.mod:", err)
		os.Exit(2)
	}
	// Go's build cache defaults to $XDG_CACHE_HOME/go-build: read where it
	// is before moving XDG_CACHE_HOME. The playground's compile (`lesson
	// build --site`, site_browser_test.go) runs `go build` with this
	// process's environment: name the real cache there, or it recompiles
	// the standard library for GOOS=js from an empty cache (a minute and
	// more of the suite).
	if out, err := exec.Command("go", "env", "GOCACHE").Output(); err == nil {
		goCache = strings.TrimSpace(string(out))
	}
	if goCache != "" {
		os.Setenv("GOCACHE", goCache)
	}
	// go-graphviz keeps its compiled WebAssembly in the user cache folder:
	// point it at a temporary folder, so the tests write nothing elsewhere.
	// The commands take their language from the locale: the tests expect
	// English unless they ask for Chinese.
	for _, v := range localeVars {
		os.Unsetenv(v)
	}
	cache, err := os.MkdirTemp("", "backtrack-test-cache-")
	if err == nil {
		os.Setenv("XDG_CACHE_HOME", cache)
	}
	code := m.Run()
	closeSiteBrowser()
	if builtBinary.dir != "" {
		os.RemoveAll(builtBinary.dir)
	}
	if cache != "" {
		os.RemoveAll(cache)
	}
	for _, d := range builtSites {
		os.RemoveAll(d)
	}
	if lesson004.dir != "" {
		os.RemoveAll(lesson004.dir)
	}
	os.Exit(code)
}

// pkgDir is this package's folder, where its testdata/ is: TestMain
// moves the tests to the repository's root.
var pkgDir string

// goCache is Go's build cache as it was before TestMain moved
// XDG_CACHE_HOME ("" when `go env` failed).
var goCache string

// programName is the name under which the test binary runs as the
// program (TestMain, testBinary).
const programName = "backtrack"

// builtBinary is the program, made once for every test that needs it.
var builtBinary struct {
	once     sync.Once
	dir, bin string
	err      error
}

// testBinary returns the path of the program (buildBinary). It skips
// under -short.
func testBinary(t *testing.T) string {
	t.Helper()
	if testing.Short() {
		t.Skip("builds the program")
	}
	return buildBinary(t)
}

// buildBinary makes the program once per test binary and returns its
// path: this test binary, hard-linked (or copied) as backtrack into a
// folder that every user can read and run (the tests as nobody need
// that). Run under that name, TestMain runs main and nothing else, so the
// process is the program with its own signals, descriptors and exit code,
// without a second compile and link of the package (`go build`, seconds
// of CPU).
func buildBinary(t *testing.T) string {
	t.Helper()
	b := &builtBinary
	b.once.Do(func() {
		self, err := os.Executable()
		if err != nil {
			b.err = err
			return
		}
		dir, err := os.MkdirTemp("", "backtrack-bin-")
		if err != nil {
			b.err = err
			return
		}
		b.dir = dir
		if err := os.Chmod(dir, 0o755); err != nil {
			b.err = err
			return
		}
		bin := filepath.Join(dir, programName)
		if fi, err := os.Stat(self); err != nil || fi.Mode().Perm()&0o555 != 0o555 || os.Link(self, bin) != nil {
			if err := copyExecutable(self, bin); err != nil {
				b.err = fmt.Errorf("copy the test binary: %v", err)
				return
			}
		}
		b.bin = bin
	})
	if b.err != nil {
		t.Fatal(b.err)
	}
	return b.bin
}

// copyExecutable copies the file from to a new file to, mode 0755.
func copyExecutable(from, to string) error {
	in, err := os.Open(from)
	if err != nil {
		return err
	}
	defer in.Close()
	out, err := os.OpenFile(to, os.O_WRONLY|os.O_CREATE|os.O_EXCL, 0o755)
	if err != nil {
		return err
	}
	if _, err := io.Copy(out, in); err != nil {
		out.Close()
		return err
	}
	if err := out.Close(); err != nil {
		return err
	}
	return os.Chmod(to, 0o755)
}

// faultRun runs the program in process with any stdin and stdout.
func faultRun(t *testing.T, stdin io.Reader, stdout io.Writer, args ...string) (code int, stderr string) {
	t.Helper()
	var errb bytes.Buffer
	code = runInProcess(args, stdin, stdout, &errb)
	return code, errb.String()
}

// faultExit returns the exit code of a finished command, or -1 when it did
// not exit (killed by a signal).
func faultExit(t *testing.T, err error) int {
	t.Helper()
	var exit *exec.ExitError
	switch {
	case err == nil:
		return 0
	case errors.As(err, &exit):
		return exit.ExitCode()
	}
	t.Fatalf("running the program: %v", err)
	return -1
}

// faultGoInternals matches what a plain message must not show: Go type names,
// struct dumps, panics.
var faultGoInternals = regexp.MustCompile(`\*?\b[a-z]+\.[A-Z][A-Za-z]*(Error|Flag)\b|struct \{|Go value of type|goroutine \d|panic:`)

// faultCheckLine checks stderr is one error line in the tool's style, holding
// every string of want.
func faultCheckLine(t *testing.T, stderr string, want ...string) {
	t.Helper()
	line := strings.TrimSuffix(stderr, "\n")
	switch {
	case line == "":
		t.Errorf("stderr is empty, want one error line holding %q", want)
		return
	case strings.Contains(line, "\n"):
		t.Errorf("stderr has %d lines, want one:\n%s", strings.Count(line, "\n")+1, stderr)
	case !strings.HasPrefix(line, "backtrack: "):
		t.Errorf("stderr %q does not start with \"backtrack: \"", line)
	}
	if strings.Contains(line, ".tmp") {
		t.Errorf("stderr %q names a temporary file", line)
	}
	if m := faultGoInternals.FindString(line); m != "" {
		t.Errorf("stderr %q shows Go internals (%q)", line, m)
	}
	for _, w := range want {
		if !strings.Contains(line, w) {
			t.Errorf("stderr %q lacks %q", line, w)
		}
	}
}

// faultTempName matches the temporary files and folders of render/outfile.
var faultTempName = regexp.MustCompile(`^\..*\.tmp(\.old)?$`)

// faultNoTemps checks that no temporary file or folder is left anywhere
// under dir.
func faultNoTemps(t *testing.T, dir string) {
	t.Helper()
	filepath.WalkDir(dir, func(p string, d fs.DirEntry, err error) error {
		if err == nil && (faultTempName.MatchString(d.Name()) || strings.HasSuffix(d.Name(), ".tmp")) {
			t.Errorf("temporary file left behind: %s", p)
		}
		return nil
	})
}

// faultSnapshot describes every entry under dir (type, mode, size, contents,
// link target), so a test can check that a refused run changed nothing.
func faultSnapshot(t *testing.T, dir string) map[string]string {
	t.Helper()
	s := map[string]string{}
	err := filepath.WalkDir(dir, func(p string, d fs.DirEntry, err error) error {
		if err != nil {
			return err
		}
		fi, err := os.Lstat(p)
		if err != nil {
			return err
		}
		desc := fi.Mode().String()
		switch {
		case fi.IsDir():
			// A folder's time changes when a temporary file comes and goes.
		case fi.Mode()&fs.ModeSymlink != 0:
			to, _ := os.Readlink(p)
			desc += " -> " + to
		case fi.Mode().IsRegular():
			b, _ := os.ReadFile(p)
			desc += fmt.Sprintf(" %d %v %s", fi.Size(), fi.ModTime().UnixNano(), b)
		}
		s[p] = desc
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}
	return s
}

func faultUnchanged(t *testing.T, before, after map[string]string) {
	t.Helper()
	for p, d := range after {
		if b, ok := before[p]; !ok {
			t.Errorf("%s was created", p)
		} else if b != d {
			t.Errorf("%s was changed:\nbefore %.200s\nafter  %.200s", p, b, d)
		}
	}
	for p := range before {
		if _, ok := after[p]; !ok {
			t.Errorf("%s was removed", p)
		}
	}
}

// faultReadLog reads a step log back with steplog.Read: it fails unless
// the log is complete, with its summary.
func faultReadLog(t *testing.T, path string) (steplog.Header, tracer.Summary, *tracer.Stats) {
	t.Helper()
	f, err := os.Open(path)
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	st := &tracer.Stats{}
	h, sum, err := steplog.Read(bufio.NewReaderSize(f, 1<<16), st)
	if err != nil {
		t.Fatalf("%s is not a complete step log: %v", path, err)
	}
	return h, sum, st
}

// faultDevice makes a private character device with the numbers of
// /dev/null (minor 3) or /dev/full (minor 7) in dir, so a bug cannot
// destroy the machine's own. Without the right to make devices it falls
// back on the real one, which then cannot be replaced either.
func faultDevice(t *testing.T, dir, name string) string {
	t.Helper()
	minor := map[string]int{"null": 3, "full": 7}[name]
	p := filepath.Join(dir, name)
	// Linux's device number: major 1 in bits 8-19, the minor in bits 0-7.
	if err := syscall.Mknod(p, syscall.S_IFCHR|0o666, 1<<8|minor); err == nil {
		if f, err := os.OpenFile(p, os.O_WRONLY, 0); err == nil {
			f.Close()
			return p
		}
		os.Remove(p)
	}
	real := "/dev/" + name
	if fi, err := os.Lstat(real); err != nil || fi.Mode()&fs.ModeCharDevice == 0 {
		t.Skipf("no private device (mknod failed) and %s is not a character device", real)
	}
	return real
}

func faultIsDevice(t *testing.T, p string) {
	t.Helper()
	fi, err := os.Lstat(p)
	if err != nil {
		t.Fatal(err)
	}
	if fi.Mode()&os.ModeCharDevice == 0 {
		t.Errorf("%s is no longer a character device: mode %v, %d bytes", p, fi.Mode(), fi.Size())
	}
}

// --- 1. Outputs ---------------------------------------------------------

func TestFaultOutputToDevice(t *testing.T) {
	dir := t.TempDir()
	null, full := faultDevice(t, dir, "null"), faultDevice(t, dir, "full")
	tests := []struct {
		flags []string // NULL and FULL stand for the devices
		code  int
		want  []string
	}{
		{[]string{"--yaml", "NULL"}, 0, nil},
		{[]string{"--stats", "NULL"}, 0, nil},
		{[]string{"--dot", "NULL"}, 0, nil},
		{[]string{"--svg", "NULL"}, 0, nil},
		{[]string{"--png", "NULL"}, 0, nil},
		{[]string{"--yaml", "NULL", "--stats", "NULL"}, 0, nil}, // two devices are two outputs
		{[]string{"--yaml", "FULL"}, 1, []string{"--yaml"}},
		{[]string{"--stats", "FULL"}, 1, []string{"--stats"}},
		{[]string{"--dot", "FULL"}, 1, []string{"--dot"}},
		{[]string{"--svg", "FULL"}, 1, []string{"--svg"}},
		{[]string{"--png", "FULL"}, 1, []string{"--png"}},
	}
	for _, tt := range tests {
		t.Run(strings.Join(tt.flags, " "), func(t *testing.T) {
			args := []string{"trace", "nqueens", "-n", "4"}
			for _, f := range tt.flags {
				args = append(args, strings.NewReplacer("NULL", null, "FULL", full).Replace(f))
			}
			code, _, errs := runCLI(t, "", args...)
			if code != tt.code {
				t.Errorf("exit %d, want %d; stderr %q", code, tt.code, errs)
			}
			if tt.code == 0 && errs != "" {
				t.Errorf("stderr %q, want none", errs)
			}
			if tt.code != 0 {
				faultCheckLine(t, errs, append([]string{full, "no space left on device"}, tt.want...)...)
			}
			faultIsDevice(t, null)
			faultIsDevice(t, full)
			faultNoTemps(t, dir)
			faultNoTemps(t, "/dev")
		})
	}
}

func TestFaultOutputToFIFO(t *testing.T) {
	dir := t.TempDir()
	fifo := filepath.Join(dir, "steps.fifo")
	if err := syscall.Mkfifo(fifo, 0o644); err != nil {
		t.Skipf("mkfifo: %v", err)
	}
	type read struct {
		b   []byte
		err error
	}
	got := make(chan read, 1)
	go func() {
		f, err := os.Open(fifo) // waits for the program to open it
		if err != nil {
			got <- read{nil, err}
			return
		}
		defer f.Close()
		b, err := io.ReadAll(f)
		got <- read{b, err}
	}()
	code, _, errs := runCLI(t, "", "trace", "nqueens", "-n", "6", "--yaml", fifo)
	if code != 0 {
		t.Errorf("exit %d, stderr %q", code, errs)
	}
	var r read
	select {
	case r = <-got:
	case <-time.After(10 * time.Second):
		// The program never opened the FIFO: open it ourselves so the
		// reader's open returns, then give up.
		if w, err := os.OpenFile(fifo, os.O_WRONLY|syscall.O_NONBLOCK, 0); err == nil {
			w.Close()
		}
		t.Fatal("the reader of the FIFO got nothing")
	}
	if r.err != nil {
		t.Fatal(r.err)
	}
	// The reader got the whole log: the same bytes as a regular file gets.
	regular := filepath.Join(dir, "steps.yaml")
	if code, _, errs := runCLI(t, "", "trace", "nqueens", "-n", "6", "--yaml", regular); code != 0 {
		t.Fatalf("exit %d, stderr %q", code, errs)
	}
	want, _ := os.ReadFile(regular)
	if !bytes.Equal(r.b, want) {
		t.Errorf("the FIFO's reader got %d bytes, a file gets %d", len(r.b), len(want))
	}
	if fi, err := os.Lstat(fifo); err != nil || fi.Mode()&fs.ModeNamedPipe == 0 {
		t.Errorf("the FIFO is no longer a FIFO: %v %v", fi.Mode(), err)
	}
	faultNoTemps(t, dir)
}

func TestFaultOutputThroughSymlink(t *testing.T) {
	tests := []struct {
		flag, content string
		exists        bool // the link's target exists before the run
	}{
		{"--svg", "<svg", true},
		{"--svg", "<svg", false},
		{"--dot", "digraph", true},
		{"--dot", "digraph", false},
		{"--yaml", "format: " + steplog.Format, true},
		{"--stats", "status: complete", true},
	}
	for _, tt := range tests {
		t.Run(fmt.Sprintf("%s target exists %v", tt.flag, tt.exists), func(t *testing.T) {
			dir := t.TempDir()
			link, target := filepath.Join(dir, "out.file"), filepath.Join(dir, "target.file")
			if tt.exists {
				if err := os.WriteFile(target, []byte("old"), 0o644); err != nil {
					t.Fatal(err)
				}
			}
			if err := os.Symlink("target.file", link); err != nil {
				t.Fatal(err)
			}
			code, _, errs := runCLI(t, "", "trace", "nqueens", "-n", "4", tt.flag, link)
			if code != 0 {
				t.Fatalf("exit %d, stderr %q", code, errs)
			}
			if fi, err := os.Lstat(link); err != nil || fi.Mode()&fs.ModeSymlink == 0 {
				t.Errorf("out.file is no longer a link: %v %v", fi.Mode(), err)
			}
			if to, _ := os.Readlink(link); to != "target.file" {
				t.Errorf("the link points to %q now", to)
			}
			if b, err := os.ReadFile(target); err != nil || !strings.Contains(string(b), tt.content) {
				t.Errorf("the target does not hold the output (%q): %v\n%.200s", tt.content, err, b)
			}
			faultNoTemps(t, dir)
		})
	}
}

// TestFaultSameFileTwice: two outputs naming one file are refused before
// the search runs (stdout stays empty: the report comes after the search),
// and nothing is created or changed.
func TestFaultSameFileTwice(t *testing.T) {
	tests := []struct {
		name  string
		setup func(dir string) error
		flags []string
		want  []string // in the message, besides the two flags
	}{
		{"same name", nil, []string{"--svg", "same.out", "--yaml", "same.out"}, []string{"--svg", "--yaml", "same.out"}},
		{"dot slash", nil, []string{"--yaml", "a", "--stats", "./a"}, []string{"--yaml", "--stats"}},
		{"through a folder and back", func(dir string) error { return os.Mkdir(filepath.Join(dir, "sub"), 0o755) },
			[]string{"--dot", "x.dot", "--svg", "sub/../x.dot"}, []string{"--dot", "--svg"}},
		{"an existing file and a link to it", func(dir string) error {
			if err := os.WriteFile(filepath.Join(dir, "real.yaml"), []byte("keep me\n"), 0o644); err != nil {
				return err
			}
			return os.Symlink("real.yaml", filepath.Join(dir, "link.yaml"))
		}, []string{"--yaml", "real.yaml", "--dot", "link.yaml"}, []string{"--yaml", "--dot"}},
		{"a new file and a link to it", func(dir string) error {
			return os.Symlink("s.yaml", filepath.Join(dir, "l.yaml"))
		}, []string{"--stats", "s.yaml", "--yaml", "l.yaml"}, []string{"--stats", "--yaml"}},
		{"a hard link", func(dir string) error {
			if err := os.WriteFile(filepath.Join(dir, "h1"), []byte("keep me\n"), 0o600); err != nil {
				return err
			}
			return os.Link(filepath.Join(dir, "h1"), filepath.Join(dir, "h2"))
		}, []string{"--yaml", "h1", "--stats", "h2"}, []string{"--yaml", "--stats"}},
		{"a diagram and the step log", nil, []string{"--yaml", "t.out", "--png", "t.out"}, []string{"--yaml", "--png"}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			dir := t.TempDir()
			if tt.setup != nil {
				if err := tt.setup(dir); err != nil {
					t.Fatal(err)
				}
			}
			t.Chdir(dir)
			before := faultSnapshot(t, dir)
			args := append([]string{"trace", "nqueens", "-n", "4"}, tt.flags...)
			code, out, errs := runCLI(t, "", args...)
			if code != 2 {
				t.Errorf("exit %d, want 2", code)
			}
			faultCheckLine(t, errs, append([]string{"same file"}, tt.want...)...)
			if out != "" {
				t.Errorf("stdout %q: the search ran", out)
			}
			faultUnchanged(t, before, faultSnapshot(t, dir))
			faultNoTemps(t, dir)
		})
	}
}

func TestFaultOutputFolder(t *testing.T) {
	tests := []struct {
		name string
		flag string
		path string // relative to a temporary folder with a folder "d" and a file "f"
		want []string
	}{
		{"missing folder svg", "--svg", "nope/x.svg", []string{"--svg", "nope", "does not exist"}},
		{"missing folder yaml", "--yaml", "nope/x.yaml", []string{"--yaml", "does not exist"}},
		{"missing folder stats", "--stats", "nope/deeper/s.yaml", []string{"--stats", "does not exist"}},
		{"folder as the file svg", "--svg", "d", []string{"--svg", "folder"}},
		{"folder as the file dot", "--dot", "d", []string{"--dot", "folder"}},
		{"folder as the file yaml", "--yaml", "d/", []string{"--yaml", "folder"}},
		{"file as a folder", "--yaml", "f/x.yaml", []string{"--yaml"}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			dir := t.TempDir()
			os.Mkdir(filepath.Join(dir, "d"), 0o755)
			os.WriteFile(filepath.Join(dir, "f"), []byte("a file\n"), 0o644)
			t.Chdir(dir)
			before := faultSnapshot(t, dir)
			code, out, errs := runCLI(t, "", "trace", "nqueens", "-n", "4", tt.flag, tt.path)
			if code != 2 {
				t.Errorf("exit %d, want 2", code)
			}
			faultCheckLine(t, errs, tt.want...)
			if out != "" {
				t.Errorf("stdout %q: the search ran", out)
			}
			faultUnchanged(t, before, faultSnapshot(t, dir))
			faultNoTemps(t, dir)
		})
	}
}

// TestFaultReplacedFileKeepsMode: replacing an existing output keeps its
// permission bits.
func TestFaultReplacedFileKeepsMode(t *testing.T) {
	for _, flag := range []string{"--yaml", "--stats", "--dot", "--svg"} {
		for _, mode := range []fs.FileMode{0o600, 0o640, 0o755} {
			t.Run(fmt.Sprintf("%s %o", flag, mode), func(t *testing.T) {
				dir := t.TempDir()
				p := filepath.Join(dir, "out")
				if err := os.WriteFile(p, []byte("old"), 0o644); err != nil {
					t.Fatal(err)
				}
				if err := os.Chmod(p, mode); err != nil {
					t.Fatal(err)
				}
				code, _, errs := runCLI(t, "", "trace", "nqueens", "-n", "4", flag, p)
				if code != 0 {
					t.Fatalf("exit %d, stderr %q", code, errs)
				}
				fi, err := os.Stat(p)
				if err != nil {
					t.Fatal(err)
				}
				if fi.Mode().Perm() != mode {
					t.Errorf("mode %o after the run, want %o", fi.Mode().Perm(), mode)
				}
				if b, _ := os.ReadFile(p); string(b) == "old" {
					t.Errorf("the file was not replaced")
				}
				faultNoTemps(t, dir)
			})
		}
	}
}

// --- 2. Bad input -------------------------------------------------------

func TestFaultBadInput(t *testing.T) {
	dir := t.TempDir()
	leet, err := os.ReadFile("examples/puzzles/leetcode37.txt")
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
	utf16 := []byte{0xFF, 0xFE} // little-endian with its byte-order mark
	for _, r := range string(leet) {
		utf16 = append(utf16, byte(r), byte(r>>8))
	}
	utf16noBOM := utf16[2:]
	nulEnd := write("nul-end.txt", []byte(tracerLeetCode+"\x00"))
	nulMid := write("nul-mid.txt", []byte(tracerLeetCode[:30]+"\x00"+tracerLeetCode[30:]))
	long := write("long.txt", bytes.Repeat([]byte("."), 100_000))
	tests := []struct {
		name  string
		args  []string
		want  []string
		avoid []string // must not be in the message
	}{
		{"show negative", []string{"trace", "nqueens", "-n", "4", "--show", "-1"}, []string{"--show", "negative"}, nil},
		{"empty puzzle", []string{"trace", "sudoku", "--puzzle", ""}, []string{"--puzzle", "empty"}, nil},
		{"blank puzzle", []string{"trace", "sudoku", "--puzzle", "  "}, []string{"--puzzle"}, nil},
		{"timeout without unit", []string{"trace", "sudoku", "--timeout", "10"}, []string{"--timeout", "10s"}, nil},
		{"unknown flag", []string{"trace", "sudoku", "--bogus"}, []string{"--bogus"}, []string{" -bogus"}},
		{"unknown flag single dash", []string{"trace", "sudoku", "-bogus"}, []string{"--bogus"}, nil},
		{"flag without value", []string{"trace", "nqueens", "--max-steps"}, []string{"--max-steps"}, nil},
		{"unknown flag render", []string{"render", "x.yaml", "--bogus"}, []string{"--bogus"}, nil},
		{"UTF-16 with BOM", []string{"trace", "sudoku", "--puzzle", write("u16.txt", utf16)}, []string{"UTF-16"}, []string{"cells", "rows"}},
		{"UTF-16 without BOM", []string{"trace", "sudoku", "--puzzle", write("u16nb.txt", utf16noBOM)}, []string{"UTF-16"}, []string{"cells", "rows"}},
		{"NUL at the end", []string{"trace", "sudoku", "--puzzle", nulEnd}, []string{"NUL"}, []string{"cells"}},
		{"NUL inside", []string{"trace", "sudoku", "--puzzle", nulMid}, []string{"NUL"}, []string{"cells"}},
		{"long file", []string{"trace", "sudoku", "--puzzle", long}, []string{"longer than", "64 KiB"}, []string{"cells"}},
		{"/dev/zero", []string{"trace", "sudoku", "--puzzle", "/dev/zero"}, []string{"longer than"}, []string{"cells"}},
		{"compare /dev/zero", []string{"compare", "--puzzle", "/dev/zero"}, []string{"longer than"}, nil},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			start := time.Now()
			code, out, errs := runCLI(t, "", tt.args...)
			if d := time.Since(start); d > 3*time.Second {
				t.Errorf("took %v", d)
			}
			if code != 2 {
				t.Errorf("exit %d, want 2", code)
			}
			if out != "" {
				t.Errorf("stdout %q", out)
			}
			faultCheckLine(t, errs, tt.want...)
			for _, a := range tt.avoid {
				if strings.Contains(errs, a) {
					t.Errorf("stderr %q says %q", errs, a)
				}
			}
		})
	}
}

// faultEndless is stdin that never ends: dots for ever. It counts what was read.
type faultEndless struct{ n int64 }

func (e *faultEndless) Read(p []byte) (int, error) {
	for i := range p {
		p[i] = '.'
	}
	e.n += int64(len(p))
	return len(p), nil
}

func TestFaultLongPuzzleOnStdin(t *testing.T) {
	t.Run("100 KB", func(t *testing.T) {
		code, out, errs := runCLI(t, strings.Repeat(".", 100_000), "trace", "sudoku", "--puzzle", "-")
		if code != 2 || out != "" {
			t.Errorf("exit %d, want 2; stdout %q", code, out)
		}
		faultCheckLine(t, errs, "stdin", "longer than")
	})
	t.Run("endless", func(t *testing.T) {
		in := &faultEndless{}
		start := time.Now()
		code, errs := faultRun(t, in, io.Discard, "trace", "sudoku", "--puzzle", "-")
		if d := time.Since(start); d > 3*time.Second {
			t.Errorf("took %v", d)
		}
		if code != 2 {
			t.Errorf("exit %d, want 2", code)
		}
		faultCheckLine(t, errs, "stdin", "longer than")
		if in.n > 1<<20 {
			t.Errorf("read %d bytes of stdin, want about 64 KiB", in.n)
		}
	})
}

func TestFaultPuzzleWithBOM(t *testing.T) {
	dir := t.TempDir()
	grid, err := os.ReadFile("examples/puzzles/leetcode37.txt")
	if err != nil {
		t.Fatal(err)
	}
	const bom = "\xef\xbb\xbf"
	for _, tt := range []struct {
		name, text string
	}{
		{"grid with comments", string(grid)},
		{"one line", tracerLeetCode + "\n"},
		{"CRLF grid", strings.ReplaceAll(string(grid), "\n", "\r\n")},
	} {
		t.Run(tt.name, func(t *testing.T) {
			plain, withBOM := filepath.Join(dir, "plain.txt"), filepath.Join(dir, "bom.txt")
			os.WriteFile(plain, []byte(tt.text), 0o644)
			os.WriteFile(withBOM, []byte(bom+tt.text), 0o644)
			code, want, errs := runCLI(t, "", "trace", "sudoku", "--puzzle", plain)
			if code != 0 {
				t.Fatalf("without a BOM: exit %d, stderr %q", code, errs)
			}
			code, got, errs := runCLI(t, "", "trace", "sudoku", "--puzzle", withBOM)
			if code != 0 {
				t.Fatalf("with a BOM: exit %d, stderr %q", code, errs)
			}
			if got != want {
				t.Errorf("with a BOM the output differs:\n%s\nwithout:\n%s", got, want)
			}
			code, got, errs = runCLI(t, bom+tt.text, "trace", "sudoku", "--puzzle", "-")
			if code != 0 || got != want {
				t.Errorf("with a BOM on stdin: exit %d, stderr %q, output:\n%s", code, errs, got)
			}
		})
	}
}

// --- 3. Interrupts (the real binary) ------------------------------------

// faultStart starts the binary; stdin is a pipe that stays open until the
// test ends.
func faultStart(t *testing.T, dir string, args ...string) (cmd *exec.Cmd, stdout, stderr *bytes.Buffer) {
	t.Helper()
	cmd = exec.Command(testBinary(t), args...)
	cmd.Dir = dir
	stdout, stderr = &bytes.Buffer{}, &bytes.Buffer{}
	cmd.Stdout, cmd.Stderr = stdout, stderr
	in, err := cmd.StdinPipe()
	if err != nil {
		t.Fatal(err)
	}
	if err := cmd.Start(); err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() {
		in.Close()
		if cmd.ProcessState == nil {
			cmd.Process.Kill()
			cmd.Wait()
		}
	})
	return cmd, stdout, stderr
}

// faultBlock is a wait of the program that nothing it prints shows.
type faultBlock int

const (
	blockStdin faultBlock = iota // reading its stdin, a pipe
	blockFIFO                    // opening a FIFO until a reader comes
)

func (b faultBlock) String() string {
	if b == blockStdin {
		return "reading stdin"
	}
	return "waiting for the FIFO's reader"
}

// faultSyscalls are the numbers of read and openat where this is known.
var faultSyscalls = map[string][2]string{
	"amd64": {"0", "257"}, "386": {"3", "295"},
	"arm64": {"63", "56"}, "riscv64": {"63", "56"}, "loong64": {"63", "56"},
}

// faultAwaitBlocked waits until a thread of cmd's process is blocked in
// the wait b: the program gets there only after run has installed its
// signal handler, so a signal sent then is the interrupt being tested.
// The kernel shows the wait in /proc (each thread's wchan and syscall);
// where it does not, this waits 700 ms, time enough to start.
func faultAwaitBlocked(t *testing.T, cmd *exec.Cmd, b faultBlock) {
	t.Helper()
	deadline := time.Now().Add(60 * time.Second)
	for {
		blocked, known := procBlocked(cmd.Process.Pid, b)
		switch {
		case blocked:
			return
		case !known:
			time.Sleep(700 * time.Millisecond)
			return
		case time.Now().After(deadline):
			t.Fatalf("the program was never seen %s", b)
		}
		time.Sleep(5 * time.Millisecond)
	}
}

// procBlocked reports whether a thread of process pid is blocked in the
// wait b, and whether /proc can tell (false also once the process has
// ended: the test then sees why).
func procBlocked(pid int, b faultBlock) (blocked, known bool) {
	base := fmt.Sprintf("/proc/%d", pid)
	if st, err := os.ReadFile(base + "/stat"); err != nil {
		return false, false
	} else if i := bytes.LastIndexByte(st, ')'); i < 0 || i+2 >= len(st) || st[i+2] == 'Z' || st[i+2] == 'X' {
		return false, false
	}
	tasks, err := os.ReadDir(base + "/task")
	if err != nil {
		return false, false
	}
	nums, numsKnown := faultSyscalls[runtime.GOARCH]
	for _, task := range tasks {
		dir := base + "/task/" + task.Name()
		if w, err := os.ReadFile(dir + "/wchan"); err == nil && len(w) > 0 && string(w) != "0" {
			known = true
			wchan := string(w)
			if b == blockStdin && (strings.Contains(wchan, "pipe_read") || strings.Contains(wchan, "pipe_wait")) ||
				b == blockFIFO && (wchan == "wait_for_partner" || wchan == "fifo_open") {
				return true, true
			}
		}
		if sc, err := os.ReadFile(dir + "/syscall"); err == nil && numsKnown {
			known = true
			f := strings.Fields(string(sc))
			if len(f) >= 2 && (b == blockStdin && f[0] == nums[0] && f[1] == "0x0" || b == blockFIFO && f[0] == nums[1]) {
				return true, true
			}
		}
	}
	return false, known
}

// faultWait waits for cmd, at most limit, and returns its exit code.
func faultWait(t *testing.T, cmd *exec.Cmd, limit time.Duration) int {
	t.Helper()
	done := make(chan error, 1)
	go func() { done <- cmd.Wait() }()
	select {
	case err := <-done:
		return faultExit(t, err)
	case <-time.After(limit):
		cmd.Process.Kill()
		<-done
		t.Fatalf("still running %v after the signal", limit)
	}
	return -1
}

func TestFaultInterruptWhileReadingStdin(t *testing.T) {
	t.Parallel() // it mostly waits on other processes (see inProcess)
	if testing.Short() {
		t.Skip("signals the real program")
	}
	tests := []struct {
		name string
		sig  syscall.Signal
		args []string
	}{
		{"trace SIGINT", syscall.SIGINT, []string{"trace", "sudoku", "--puzzle", "-"}},
		{"trace SIGTERM", syscall.SIGTERM, []string{"trace", "sudoku", "--puzzle", "-"}},
		{"compare SIGINT", syscall.SIGINT, []string{"compare", "--puzzle", "-"}},
		{"render SIGINT", syscall.SIGINT, []string{"render", "-", "--dot", "out.dot"}},
		{"render SIGTERM", syscall.SIGTERM, []string{"render", "-", "--dot", "out.dot"}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			dir := t.TempDir()
			cmd, _, stderr := faultStart(t, dir, tt.args...)
			// Nothing it prints shows that the program waits on stdin:
			// the kernel does.
			faultAwaitBlocked(t, cmd, blockStdin)
			if err := cmd.Process.Signal(tt.sig); err != nil {
				t.Fatal(err)
			}
			start := time.Now()
			code := faultWait(t, cmd, 5*time.Second)
			if d := time.Since(start); d > 2*time.Second {
				t.Errorf("took %v to stop", d)
			}
			if code != 130 {
				t.Errorf("exit %d, want 130; stderr %q", code, stderr)
			}
			faultCheckLine(t, stderr.String(), "interrupted")
			if _, err := os.Stat(filepath.Join(dir, "out.dot")); err == nil {
				t.Errorf("out.dot was written")
			}
			faultNoTemps(t, dir)
		})
	}
}

// TestFaultInterruptWhileDrawing: an interrupt during a search that would
// be drawn ends with 130, the report, a complete step log, and no picture.
func TestFaultInterruptWhileDrawing(t *testing.T) {
	t.Parallel() // it mostly waits on other processes (see inProcess)
	if testing.Short() {
		t.Skip("signals the real program running 12-queens")
	}
	for _, sig := range []syscall.Signal{syscall.SIGINT, syscall.SIGTERM} {
		t.Run(sig.String(), func(t *testing.T) {
			dir := t.TempDir()
			cmd, stdout, stderr := faultStart(t, dir, "trace", "nqueens", "-n", "12", "--yaml", "y", "--svg", "s.svg", "--stats", "st")
			// Wait until the search is well under way: the log's temporary
			// file holds a megabyte of steps.
			deadline := time.Now().Add(30 * time.Second)
			for !logGrownTo(dir, 1<<20) {
				if time.Now().After(deadline) {
					t.Fatalf("the search did not start writing its log; stderr %q", stderr)
				}
				time.Sleep(10 * time.Millisecond)
			}
			if err := cmd.Process.Signal(sig); err != nil {
				t.Fatal(err)
			}
			start := time.Now()
			code := faultWait(t, cmd, 20*time.Second)
			if d := time.Since(start); d > 2*time.Second {
				t.Errorf("took %v to stop", d)
			}
			if code != 130 {
				t.Errorf("exit %d, want 130; stderr %q", code, stderr)
			}
			faultCheckLine(t, stderr.String(), "interrupted", "--svg", "s.svg", "not drawn")
			if !strings.Contains(stdout.String(), "status: limit") || !strings.Contains(stdout.String(), "calls ") {
				t.Errorf("stdout lacks the report:\n%s", stdout)
			}
			_, sum, st := faultReadLog(t, filepath.Join(dir, "y"))
			if sum.Status != tracer.StatusLimit || sum.Limit != tracer.LimitCanceled {
				t.Errorf("the log's summary: status %v, limit %v; want limit, canceled", sum.Status, sum.Limit)
			}
			if st.Limit != tracer.LimitCanceled {
				t.Errorf("the log's last step: limit %v, want canceled", st.Limit)
			}
			if b, err := os.ReadFile(filepath.Join(dir, "st")); err != nil || !strings.Contains(string(b), "status: limit") {
				t.Errorf("stats: %v\n%s", err, b)
			}
			if _, err := os.Stat(filepath.Join(dir, "s.svg")); err == nil {
				t.Errorf("s.svg was written")
			}
			faultNoTemps(t, dir)
		})
	}
}

// --- 4. Version and help ------------------------------------------------

func TestFaultVersionAndHelp(t *testing.T) {
	for _, args := range [][]string{{"--version"}, {"version"}, {"-version"}} {
		t.Run(strings.Join(args, " "), func(t *testing.T) {
			code, out, errs := runCLI(t, "", args...)
			if code != 0 || !strings.HasPrefix(out, "backtrack "+version+"\nmodule:  ") || !strings.Contains(out, "\ncommit:  ") || errs != "" {
				t.Errorf("exit %d, stdout %q, stderr %q; want 0, %q then the module, the commit and the Go version", code, out, errs, "backtrack "+version+"\n")
			}
		})
	}
	singleDashLong := regexp.MustCompile(`(?m)^\s+-[a-z][a-z-]+`)
	for _, args := range [][]string{
		{"trace", "-h"}, {"trace", "--help"}, {"trace", "help"},
		{"render", "-h"}, {"step", "-h"}, {"compare", "-h"}, {"lesson", "build", "-h"},
	} {
		t.Run(strings.Join(args, " "), func(t *testing.T) {
			code, out, errs := runCLI(t, "", args...)
			if code != 0 {
				t.Errorf("exit %d, want 0", code)
			}
			if errs != "" {
				t.Errorf("stderr %q: help belongs on stdout", errs)
			}
			if !strings.Contains(out, "usage: backtrack "+args[0]) {
				t.Errorf("stdout lacks the usage line:\n%s", out)
			}
			if m := singleDashLong.FindString(out); m != "" {
				t.Errorf("help writes a flag with one dash (%q):\n%s", strings.TrimSpace(m), out)
			}
			if args[0] == "trace" || args[0] == "step" || args[0] == "compare" {
				if !strings.Contains(out, "--max-steps") {
					t.Errorf("help lacks --max-steps:\n%s", out)
				}
			}
		})
	}
	t.Run("trace -h and trace help agree", func(t *testing.T) {
		_, a, _ := runCLI(t, "", "trace", "-h")
		_, b, _ := runCLI(t, "", "trace", "help")
		if a != b {
			t.Errorf("trace -h:\n%s\ntrace help:\n%s", a, b)
		}
	})
}

// --- 5. Lessons ---------------------------------------------------------

func TestFaultLessonListToFullDevice(t *testing.T) {
	t.Parallel() // it mostly waits on other processes (see inProcess)
	full := faultDevice(t, t.TempDir(), "full")
	t.Run("in process", func(t *testing.T) {
		f, err := os.OpenFile(full, os.O_WRONLY, 0)
		if err != nil {
			t.Fatal(err)
		}
		defer f.Close()
		code, errs := faultRun(t, strings.NewReader(""), f, "lesson", "list")
		if code != 1 {
			t.Errorf("exit %d, want 1", code)
		}
		faultCheckLine(t, errs, "no space left on device")
	})
	t.Run("binary", func(t *testing.T) {
		bin := testBinary(t)
		for _, args := range [][]string{{"lesson", "list"}, {"--version"}, {"help"}, {"trace", "-h"}, {"render", "-h"}, {"step", "-h"}, {"compare", "-h"}, {"lesson", "-h"}, {"trace", "nqueens", "-n", "4"}} {
			f, err := os.OpenFile(full, os.O_WRONLY, 0)
			if err != nil {
				t.Fatal(err)
			}
			cmd := exec.Command(bin, args...)
			var stderr bytes.Buffer
			cmd.Stdout, cmd.Stderr = f, &stderr
			code := faultExit(t, cmd.Run())
			f.Close()
			if code != 1 {
				t.Errorf("%s > full: exit %d, want 1; stderr %q", strings.Join(args, " "), code, stderr.String())
				continue
			}
			faultCheckLine(t, stderr.String(), "no space left on device")
		}
	})
	faultIsDevice(t, full)
}

// lesson004 is `lesson build 004-three-parts -o DIR` into an empty
// folder, built once for the tests that start from it.
var lesson004 struct {
	once sync.Once
	dir  string
	code int
	errs string
	err  error
}

// lesson004Into gives dst, an empty folder, what `lesson build
// 004-three-parts -o dst` writes there, and returns that build's exit
// code and stderr: the build runs once per test binary (into a folder
// TestMain removes), and each caller gets a copy.
func lesson004Into(t *testing.T, dst string) (code int, errs string) {
	t.Helper()
	l := &lesson004
	l.once.Do(func() {
		if l.dir, l.err = os.MkdirTemp("", "backtrack-lesson-test-"); l.err != nil {
			return
		}
		l.code, _, l.errs = runCLI(t, "", "lesson", "build", "004-three-parts", "-o", l.dir)
	})
	if l.err != nil {
		t.Fatal(l.err)
	}
	if err := copyTree(l.dir, dst); err != nil {
		t.Fatal(err)
	}
	return l.code, l.errs
}

// copyTree copies the folders and files under from into to, modes kept.
func copyTree(from, to string) error {
	return filepath.WalkDir(from, func(p string, d fs.DirEntry, err error) error {
		if err != nil {
			return err
		}
		rel, _ := filepath.Rel(from, p)
		q := filepath.Join(to, rel)
		fi, err := d.Info()
		if err != nil {
			return err
		}
		if d.IsDir() {
			return os.MkdirAll(q, fi.Mode().Perm())
		}
		b, err := os.ReadFile(p)
		if err != nil {
			return err
		}
		return os.WriteFile(q, b, fi.Mode().Perm())
	})
}

func TestFaultLessonBuild(t *testing.T) {
	dir := t.TempDir()
	en := filepath.Join(dir, "en", "004-three-parts")
	zh := filepath.Join(dir, "zh", "004-three-parts")
	build := func(extra ...string) (int, string) {
		t.Helper()
		code, _, errs := runCLI(t, "", append([]string{"lesson", "build", "004-three-parts", "-o", dir}, extra...)...)
		return code, errs
	}
	if code, errs := lesson004Into(t, dir); code != 0 {
		t.Fatalf("build: exit %d, stderr %q", code, errs)
	}
	if _, err := os.Stat(filepath.Join(en, "index.md")); err != nil {
		t.Fatalf("no English page: %v", err)
	}
	enBefore := faultSnapshot(t, filepath.Join(dir, "en"))

	// Chinese goes beside English and leaves it alone.
	if code, errs := build("--lang", "zh"); code != 0 {
		t.Fatalf("build --lang zh: exit %d, stderr %q", code, errs)
	}
	if _, err := os.Stat(filepath.Join(zh, "index.md")); err != nil {
		t.Errorf("no Chinese page: %v", err)
	}
	faultUnchanged(t, enBefore, faultSnapshot(t, filepath.Join(dir, "en")))

	// A rebuild into a lesson folder that holds a teacher's file is refused.
	notes := filepath.Join(en, "notes.md")
	if err := os.WriteFile(notes, []byte("my notes\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	withNotes := faultSnapshot(t, filepath.Join(dir, "en"))
	code, errs := build()
	if code != 2 {
		t.Errorf("rebuild over notes.md: exit %d, want 2", code)
	}
	faultCheckLine(t, errs, "notes.md", "--force")
	if b, err := os.ReadFile(notes); err != nil || string(b) != "my notes\n" {
		t.Errorf("notes.md did not survive: %v %q", err, b)
	}
	faultUnchanged(t, withNotes, faultSnapshot(t, filepath.Join(dir, "en")))

	// A rebuild of a folder holding only the build's own files is fine.
	if code, errs := build("--lang", "zh"); code != 0 {
		t.Errorf("zh rebuild: exit %d, stderr %q", code, errs)
	}

	// --force writes the lesson beside the notes: it deletes only the
	// build's own files (newcomer trial 2, N6).
	if code, errs := build("--force"); code != 0 {
		t.Fatalf("build --force: exit %d, stderr %q", code, errs)
	}
	if b, err := os.ReadFile(notes); err != nil || string(b) != "my notes\n" {
		t.Errorf("notes.md after --force: %v %q, want it kept", err, b)
	}
	if _, err := os.Stat(filepath.Join(en, "index.md")); err != nil {
		t.Errorf("no English page after --force: %v", err)
	}
	faultNoTemps(t, dir)
}

// --- 6. Diagram flags with no diagram -----------------------------------

func TestFaultShapeFlagsWithoutDiagram(t *testing.T) {
	tests := [][]string{
		{"--focus", "r0=c1"},
		{"--boards"},
		{"--depth", "2"},
		{"--at-step", "5"},
		{"--max-nodes", "10"},
		{"--layout", "dot"},
	}
	for _, flags := range tests {
		t.Run(strings.Join(flags, " "), func(t *testing.T) {
			code, out, errs := runCLI(t, "", append([]string{"trace", "nqueens", "-n", "4"}, flags...)...)
			if code != 0 {
				t.Fatalf("exit %d, stderr %q", code, errs)
			}
			faultCheckLine(t, errs, "warning:", flags[0])
			if !strings.Contains(out, "status: complete") {
				t.Errorf("no report:\n%s", out)
			}
			// With a diagram the flag is used, and nothing is said.
			dot := filepath.Join(t.TempDir(), "x.dot")
			code, _, errs = runCLI(t, "", append([]string{"trace", "nqueens", "-n", "4", "--dot", dot}, flags...)...)
			if code != 0 || errs != "" {
				t.Errorf("with --dot: exit %d, stderr %q", code, errs)
			}
		})
	}
	t.Run("two flags", func(t *testing.T) {
		code, _, errs := runCLI(t, "", "trace", "nqueens", "-n", "4", "--focus", "r0=c1", "--depth", "2")
		if code != 0 {
			t.Fatalf("exit %d", code)
		}
		faultCheckLine(t, errs, "warning:", "--focus", "--depth")
	})
	// The flags that only choose frames, with no --frames or --gif.
	for _, flags := range [][]string{{"--every", "reject"}, {"--delay", "1s"}, {"--frames-format", "png"}} {
		t.Run(strings.Join(flags, " "), func(t *testing.T) {
			code, _, errs := runCLI(t, "", append([]string{"trace", "nqueens", "-n", "4", "--dot", filepath.Join(t.TempDir(), "x.dot")}, flags...)...)
			if code != 0 {
				t.Fatalf("exit %d, stderr %q", code, errs)
			}
			faultCheckLine(t, errs, "warning:", flags[0], "--frames DIR or --gif FILE")
		})
	}
}

// --- 7. Size limits -----------------------------------------------------

func TestFaultMaxOutput(t *testing.T) {
	if testing.Short() {
		t.Skip("10-queens")
	}
	dir := t.TempDir()
	y := filepath.Join(dir, "y")
	code, out, errs := runCLI(t, "", "trace", "nqueens", "-n", "10", "--yaml", y, "--max-output", "1M")
	if code != 0 {
		t.Fatalf("exit %d, stderr %q", code, errs)
	}
	faultCheckLine(t, errs, "--max-output")
	if !strings.Contains(out, "status: limit") {
		t.Errorf("report:\n%s", out)
	}
	fi, err := os.Stat(y)
	if err != nil {
		t.Fatal(err)
	}
	// At most 1 MiB, one write buffer (64 KiB), a few steps and the summary.
	if fi.Size() < 1<<20 || fi.Size() > 1<<20+128<<10 {
		t.Errorf("the log is %d bytes, want a little over 1 MiB (%d)", fi.Size(), 1<<20)
	}
	_, sum, st := faultReadLog(t, y)
	if sum.Status != tracer.StatusLimit || sum.Limit != tracer.LimitSize || st.Limit != tracer.LimitSize {
		t.Errorf("summary status %v limit %v, last step's limit %v; want limit, size", sum.Status, sum.Limit, st.Limit)
	}
	faultNoTemps(t, dir)
}

func TestFaultStepNeedsStepLimit(t *testing.T) {
	for _, v := range []string{"0", "100000001"} {
		code, out, errs := runCLI(t, "", "step", "nqueens", "--max-steps", v, "--print")
		if code != 2 || out != "" {
			t.Errorf("--max-steps %s: exit %d, want 2; stdout %q", v, code, out)
		}
		faultCheckLine(t, errs, "--max-steps")
	}
}

// TestFaultWholeTreeTooBig: --max-nodes 0 on 11-queens (1.8 million boxes)
// is refused, quickly, before Graphviz is started. Quickly means: in
// about the time a trimmed diagram of the same search takes as DOT, so
// the test holds on a loaded machine too.
func TestFaultWholeTreeTooBig(t *testing.T) {
	if testing.Short() {
		t.Skip("11-queens")
	}
	dir := t.TempDir()
	start := time.Now()
	if code, _, errs := runCLI(t, "", "trace", "nqueens", "-n", "11", "--dot", filepath.Join(dir, "ref.dot")); code != 0 {
		t.Fatalf("the reference run: exit %d, stderr %q", code, errs)
	}
	ref := time.Since(start)
	os.Remove(filepath.Join(dir, "ref.dot"))
	svg := filepath.Join(dir, "x.svg")
	start = time.Now()
	code, out, errs := runCLI(t, "", "trace", "nqueens", "-n", "11", "--max-nodes", "0", "--svg", svg)
	d := time.Since(start)
	if code != 2 || out != "" {
		t.Errorf("exit %d, want 2; stdout %q", code, out)
	}
	faultCheckLine(t, errs, "--max-nodes", "boxes")
	if !regexp.MustCompile(`\d{6,} boxes`).MatchString(errs) {
		t.Errorf("stderr %q does not give the box count", errs)
	}
	if d > 2*ref+time.Second {
		t.Errorf("took %v to refuse; a trimmed DOT of the same search takes %v", d, ref)
	}
	if _, err := os.Stat(svg); err == nil {
		t.Errorf("x.svg was written")
	}
	faultNoTemps(t, dir)
}

// --- 8. Other users -----------------------------------------------------

// faultAsNobody returns a function that runs the binary as the user nobody
// with env set (HOME, TMPDIR, ...), and a folder tree the user can reach.
// It skips unless the tests run as root and runuser works.
func faultAsNobody(t *testing.T) (run func(env []string, args ...string) (int, string, string), base string) {
	t.Helper()
	if os.Geteuid() != 0 {
		t.Skip("needs root to run the program as another user")
	}
	bin := testBinary(t)
	runuser, err := exec.LookPath("runuser")
	if err != nil {
		t.Skip("runuser is not installed")
	}
	if out, err := exec.Command(runuser, "-u", "nobody", "--", bin, "--version").CombinedOutput(); err != nil {
		t.Skipf("runuser -u nobody does not work here: %v\n%s", err, out)
	}
	base = t.TempDir()
	// t.TempDir's folders are 0700: open the way down for nobody.
	for _, d := range []string{filepath.Dir(base), base} {
		if err := os.Chmod(d, 0o755); err != nil {
			t.Fatal(err)
		}
	}
	run = func(env []string, args ...string) (int, string, string) {
		t.Helper()
		argv := append([]string{"-u", "nobody", "--", "env", "-u", "XDG_CACHE_HOME"}, env...)
		argv = append(argv, bin)
		cmd := exec.Command(runuser, append(argv, args...)...)
		cmd.Dir = base
		var stdout, stderr bytes.Buffer
		cmd.Stdout, cmd.Stderr = &stdout, &stderr
		return faultExit(t, cmd.Run()), stdout.String(), stderr.String()
	}
	return run, base
}

// faultWorldWritable makes a folder under base that every user can write.
func faultWorldWritable(t *testing.T, base, name string) string {
	t.Helper()
	d := filepath.Join(base, name)
	if err := os.Mkdir(d, 0o777); err != nil {
		t.Fatal(err)
	}
	if err := os.Chmod(d, 0o777|fs.ModeSticky); err != nil {
		t.Fatal(err)
	}
	return d
}

func TestFaultReadOnlyFolder(t *testing.T) {
	t.Parallel() // it mostly waits on other processes (see inProcess)
	runNobody, base := faultAsNobody(t)
	home := faultWorldWritable(t, base, "home")
	ro := filepath.Join(base, "ro")
	if err := os.Mkdir(ro, 0o555); err != nil {
		t.Fatal(err)
	}
	env := []string{"HOME=" + home, "TMPDIR=" + home}
	tests := []struct {
		name string
		args []string
		want []string
	}{
		{"svg", []string{"trace", "nqueens", "-n", "4", "--svg", "ro/x.svg"}, []string{"--svg", "cannot write", "ro/x.svg", "permission denied"}},
		{"yaml", []string{"trace", "nqueens", "-n", "4", "--yaml", "ro/x.yaml"}, []string{"--yaml", "cannot write", "ro/x.yaml", "permission denied"}},
		{"stats", []string{"trace", "nqueens", "-n", "4", "--stats", ro + "/s.yaml"}, []string{"--stats", "cannot write", "permission denied"}},
		{"compare svg", []string{"compare", "--svg", "ro/c.svg"}, []string{"cannot write", "ro/c.svg", "permission denied"}},
		{"lesson build", []string{"lesson", "build", "004-three-parts", "-o", "ro/site"}, []string{"cannot write", "ro/site", "permission denied"}},
		{"lesson build into ro", []string{"lesson", "build", "004-three-parts", "-o", "ro"}, []string{"cannot write", "permission denied"}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			code, _, errs := runNobody(env, tt.args...)
			if code != 1 {
				t.Errorf("exit %d, want 1", code)
			}
			faultCheckLine(t, errs, tt.want...)
			if strings.Contains(errs, "does not exist") {
				t.Errorf("stderr %q says the folder does not exist", errs)
			}
			if entries, _ := os.ReadDir(ro); len(entries) != 0 {
				t.Errorf("the read-only folder holds %v", entries)
			}
		})
	}
}

// TestFaultSecondUserDraws: after root has drawn a picture (and so made
// Graphviz's compilation cache), another user can draw too. The old bug:
// the cache was one folder in /tmp, made 0700 by whoever came first.
func TestFaultSecondUserDraws(t *testing.T) {
	t.Parallel() // it mostly waits on other processes (see inProcess)
	runNobody, base := faultAsNobody(t)
	// Root draws first.
	rootOut := filepath.Join(t.TempDir(), "root.svg")
	cmd := exec.Command(testBinary(t), "trace", "nqueens", "-n", "4", "--svg", rootOut)
	if out, err := cmd.CombinedOutput(); err != nil {
		t.Fatalf("root's run: %v\n%s", err, out)
	}
	out := faultWorldWritable(t, base, "out")
	home := faultWorldWritable(t, base, "home")
	// A TMPDIR holding a root-only go-graphviz folder, as the old version
	// left behind.
	tmp := faultWorldWritable(t, base, "tmp")
	if err := os.Mkdir(filepath.Join(tmp, "go-graphviz"), 0o700); err != nil {
		t.Fatal(err)
	}
	tests := []struct {
		name string
		env  []string
	}{
		{"own HOME", []string{"HOME=" + home}},
		{"HOME not writable", []string{"HOME=/nonexistent"}},
		{"root's HOME", []string{"HOME=" + os.Getenv("HOME")}},
		{"root-only cache in TMPDIR", []string{"HOME=" + home, "TMPDIR=" + tmp}},
	}
	for i, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			svg := filepath.Join(out, fmt.Sprintf("x%d.svg", i))
			code, stdout, errs := runNobody(tt.env, "trace", "nqueens", "-n", "4", "--svg", svg)
			if code != 0 || errs != "" {
				t.Errorf("exit %d, stderr %q", code, errs)
			}
			if !strings.Contains(stdout, "status: complete") {
				t.Errorf("no report:\n%s", stdout)
			}
			if b, err := os.ReadFile(svg); err != nil || !bytes.Contains(b, []byte("<svg")) {
				t.Errorf("no SVG: %v", err)
			}
			// help and version never touched Graphviz, but check them too.
			if code, _, errs := runNobody(tt.env, "--help"); code != 0 {
				t.Errorf("--help: exit %d, stderr %q", code, errs)
			}
		})
	}
	faultNoTemps(t, out)
}

// TestFaultGraphvizLoadsOnlyToDraw checks that Graphviz's WebAssembly is
// compiled only when a picture is drawn: a trace with no picture leaves
// the user cache folder untouched (so it paid nothing for Graphviz), a
// trace with --svg fills it.
func TestFaultGraphvizLoadsOnlyToDraw(t *testing.T) {
	t.Parallel() // it mostly waits on other processes (see inProcess)
	bin := testBinary(t)
	dir := t.TempDir()
	cache := filepath.Join(dir, "cache")
	if err := os.Mkdir(cache, 0o700); err != nil {
		t.Fatal(err)
	}
	runWith := func(args ...string) {
		t.Helper()
		cmd := exec.Command(bin, args...)
		cmd.Env = append(os.Environ(), "XDG_CACHE_HOME="+cache)
		if out, err := cmd.CombinedOutput(); err != nil {
			t.Fatalf("%v: %v\n%s", args, err, out)
		}
	}
	for _, args := range [][]string{
		{"trace", "nqueens", "-n", "4"},
		{"trace", "sudoku", "--yaml", filepath.Join(dir, "s.yaml"), "--dot", filepath.Join(dir, "s.dot")},
		{"--help"},
	} {
		runWith(args...)
		if entries, _ := os.ReadDir(cache); len(entries) != 0 {
			t.Fatalf("%v drew no picture but wrote %v into the cache folder: Graphviz was loaded", args, entries)
		}
	}
	runWith("trace", "nqueens", "-n", "4", "--svg", filepath.Join(dir, "q4.svg"))
	if _, err := os.Stat(filepath.Join(cache, "backtrack", "go-graphviz-wazero")); err != nil {
		t.Errorf("after drawing an SVG the Graphviz cache is missing: %v", err)
	}
}

// --- 4. Inputs and stdout by name (second trial, N1 and N5) ----------------

// faultInputs writes the inputs of TestFaultOutputIsAnInput into dir: the
// step log q4.yaml of 4-queens, the puzzle puz.txt (LeetCode 37), and
// sub/q4.yaml, a copy of the log in a folder.
func faultInputs(t *testing.T, dir string) {
	t.Helper()
	var log bytes.Buffer
	if code, errs := faultRun(t, strings.NewReader(""), &log, "trace", "nqueens", "-n", "4", "--yaml", "-"); code != 0 {
		t.Fatalf("exit %d, stderr %q", code, errs)
	}
	puz, err := os.ReadFile("examples/puzzles/leetcode37.txt")
	if err != nil {
		t.Fatal(err)
	}
	if err := os.Mkdir(filepath.Join(dir, "sub"), 0o755); err != nil {
		t.Fatal(err)
	}
	for name, b := range map[string][]byte{"q4.yaml": log.Bytes(), "sub/q4.yaml": log.Bytes(), "puz.txt": puz} {
		if err := os.WriteFile(filepath.Join(dir, name), b, 0o644); err != nil {
			t.Fatal(err)
		}
	}
}

// TestFaultOutputIsAnInput: an output that is a file the command reads
// (the step log, the puzzle, stdin redirected from a file) is refused
// before any work, whatever its spelling (relative or absolute, a link, a
// hard link, /dev/fd/N, /proc/self/fd/N): exit 2, one line naming the
// output and the input, and the input as it was.
func TestFaultOutputIsAnInput(t *testing.T) {
	if _, err := os.Stat("/proc/self/fd"); err != nil {
		t.Skip("no /proc/self/fd")
	}
	tests := []struct {
		name  string
		args  []string // FD is the descriptor of a file the test opens on OPEN; ABS the test's folder
		open  string   // the file FD reads ("" for none)
		stdin string   // the file stdin reads ("" for none)
		want  []string
	}{
		{"render --html the log", []string{"render", "q4.yaml", "--html", "q4.yaml"}, "", "",
			[]string{"--html: q4.yaml is the step log being read; choose another name"}},
		{"render --svg ./log", []string{"render", "q4.yaml", "--svg", "./q4.yaml"}, "", "",
			[]string{"--svg: ./q4.yaml is the step log being read (q4.yaml)"}},
		{"render --gif absolute", []string{"render", "q4.yaml", "--gif", "ABS/q4.yaml"}, "", "",
			[]string{"--gif: ", "/q4.yaml is the step log being read (q4.yaml)"}},
		{"render --dot a link to the log", []string{"render", "q4.yaml", "--dot", "link.yaml"}, "", "",
			[]string{"--dot: link.yaml is the step log being read (q4.yaml)"}},
		{"render a link, --png the log", []string{"render", "link.yaml", "--png", "q4.yaml"}, "", "",
			[]string{"--png: q4.yaml is the step log being read (link.yaml)"}},
		{"render --dot a hard link", []string{"render", "q4.yaml", "--dot", "hard.yaml"}, "", "",
			[]string{"--dot: hard.yaml is the step log being read (q4.yaml)"}},
		{"render --dot /dev/fd/N", []string{"render", "q4.yaml", "--dot", "/dev/fd/FD"}, "q4.yaml", "",
			[]string{"--dot: /dev/fd/", "is the step log being read (q4.yaml)"}},
		{"render --svg /proc/self/fd/N", []string{"render", "q4.yaml", "--svg", "/proc/self/fd/FD"}, "q4.yaml", "",
			[]string{"--svg: /proc/self/fd/", "is the step log being read (q4.yaml)"}},
		{"render stdin, --svg the log", []string{"render", "-", "--svg", "q4.yaml"}, "", "q4.yaml",
			[]string{"--svg: q4.yaml is the step log being read (-, read from stdin)"}},
		{"render --frames the log's folder", []string{"render", "sub/q4.yaml", "--frames", "sub", "--force"}, "", "",
			[]string{"--frames sub: holds the step log being read (sub/q4.yaml); choose another folder"}},
		{"trace --yaml the puzzle", []string{"trace", "sudoku", "--puzzle", "puz.txt", "--yaml", "puz.txt"}, "", "",
			[]string{"--yaml: puz.txt is the puzzle being read (--puzzle puz.txt); choose another name"}},
		{"trace --stats ./puzzle", []string{"trace", "sudoku", "--puzzle", "puz.txt", "--stats", "./puz.txt"}, "", "",
			[]string{"--stats: ./puz.txt is the puzzle being read (--puzzle puz.txt)"}},
		{"trace stdin, --yaml the puzzle", []string{"trace", "sudoku", "--puzzle", "-", "--yaml", "puz.txt"}, "", "puz.txt",
			[]string{"--yaml: puz.txt is the puzzle being read (--puzzle -, read from stdin)"}},
		{"trace --html /dev/fd/N", []string{"trace", "sudoku", "--puzzle", "puz.txt", "--html", "/dev/fd/FD"}, "puz.txt", "",
			[]string{"--html: /dev/fd/", "is the puzzle being read (--puzzle puz.txt)"}},
		{"compare --svg the puzzle", []string{"compare", "--puzzle", "puz.txt", "--svg", "puz.txt"}, "", "",
			[]string{"--svg: puz.txt is the puzzle being read (--puzzle puz.txt)"}},
		{"compare --svg a link to the puzzle", []string{"compare", "nqueens", "sudoku", "--puzzle", "puz.txt", "--svg", "link.txt"}, "", "",
			[]string{"--svg: link.txt is the puzzle being read (--puzzle puz.txt)"}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			dir := t.TempDir()
			faultInputs(t, dir)
			for link, to := range map[string]string{"link.yaml": "q4.yaml", "link.txt": "puz.txt"} {
				if err := os.Symlink(to, filepath.Join(dir, link)); err != nil {
					t.Fatal(err)
				}
			}
			if err := os.Link(filepath.Join(dir, "q4.yaml"), filepath.Join(dir, "hard.yaml")); err != nil {
				t.Fatal(err)
			}
			t.Chdir(dir)
			before := faultSnapshot(t, dir)
			fd := "none"
			if tt.open != "" {
				f, err := os.Open(tt.open)
				if err != nil {
					t.Fatal(err)
				}
				defer f.Close()
				fd = fmt.Sprint(f.Fd())
			}
			var stdin io.Reader = strings.NewReader("")
			if tt.stdin != "" {
				f, err := os.Open(tt.stdin)
				if err != nil {
					t.Fatal(err)
				}
				defer f.Close()
				stdin = f
			}
			args := make([]string, len(tt.args))
			for i, a := range tt.args {
				args[i] = strings.NewReplacer("FD", fd, "ABS", dir).Replace(a)
			}
			var out bytes.Buffer
			code, errs := faultRun(t, stdin, &out, args...)
			if code != 2 {
				t.Errorf("exit %d, want 2; stderr %q", code, errs)
			}
			faultCheckLine(t, errs, tt.want...)
			if out.Len() != 0 {
				t.Errorf("stdout %q: the work ran", out.String())
			}
			faultUnchanged(t, before, faultSnapshot(t, dir))
			faultNoTemps(t, dir)
		})
	}
}

// TestFaultStdinOrStdoutIsAnInput: the real program, with stdin or stdout
// a file it reads. /dev/stdin names the puzzle or log redirected in, and
// "-" or /dev/stdout the log that stdout appends to: all refused, before
// any work, the file left as it was.
func TestFaultStdinOrStdoutIsAnInput(t *testing.T) {
	t.Parallel() // it mostly waits on other processes (see inProcess)
	bin := testBinary(t)
	tests := []struct {
		name   string
		args   []string
		stdin  string // the file stdin reads
		stdout string // the file stdout appends to ("" for a buffer)
		want   []string
	}{
		{"trace --yaml /dev/stdin", []string{"trace", "sudoku", "--puzzle", "-", "--yaml", "/dev/stdin"}, "puz.txt", "",
			[]string{"--yaml: /dev/stdin is the puzzle being read (--puzzle -, read from stdin)"}},
		{"render --svg /dev/stdin", []string{"render", "-", "--svg", "/dev/stdin"}, "q4.yaml", "",
			[]string{"--svg: /dev/stdin is the step log being read (-, read from stdin)"}},
		{"render --dot - >> the log", []string{"render", "q4.yaml", "--dot", "-"}, "", "q4.yaml",
			[]string{"--dot: stdout (-) is the step log being read (q4.yaml)"}},
		{"render --dot /dev/stdout >> the log", []string{"render", "q4.yaml", "--dot", "/dev/stdout"}, "", "q4.yaml",
			[]string{"--dot: /dev/stdout is the step log being read (q4.yaml)"}},
		{"trace --stats /dev/fd/1 >> the puzzle", []string{"trace", "sudoku", "--puzzle", "puz.txt", "--stats", "/dev/fd/1"}, "", "puz.txt",
			[]string{"--stats: /dev/fd/1 is the puzzle being read (--puzzle puz.txt)"}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			dir := t.TempDir()
			faultInputs(t, dir)
			before := faultSnapshot(t, dir)
			cmd := exec.Command(bin, tt.args...)
			cmd.Dir = dir
			var stdout, stderr bytes.Buffer
			cmd.Stdout, cmd.Stderr = &stdout, &stderr
			if tt.stdin != "" {
				f, err := os.Open(filepath.Join(dir, tt.stdin))
				if err != nil {
					t.Fatal(err)
				}
				defer f.Close()
				cmd.Stdin = f
			}
			if tt.stdout != "" {
				f, err := os.OpenFile(filepath.Join(dir, tt.stdout), os.O_WRONLY|os.O_APPEND, 0)
				if err != nil {
					t.Fatal(err)
				}
				defer f.Close()
				cmd.Stdout = f
			}
			code := faultExit(t, cmd.Run())
			if code != 2 {
				t.Errorf("exit %d, want 2; stderr %q", code, stderr.String())
			}
			faultCheckLine(t, stderr.String(), tt.want...)
			if stdout.Len() != 0 {
				t.Errorf("stdout %q: the work ran", stdout.String())
			}
			faultUnchanged(t, before, faultSnapshot(t, dir))
			faultNoTemps(t, dir)
		})
	}
}

// TestFaultStdoutByName: the names of stdout (/dev/stdout, /dev/fd/1,
// /proc/self/fd/1, links to them, the file stdout is) are stdout, as "-"
// is: written through the shell's own stdout, so ">>" appends and is never
// truncated, the file is not replaced, and no report is printed into
// the output.
func TestFaultStdoutByName(t *testing.T) {
	t.Parallel() // it mostly waits on other processes (see inProcess)
	bin := testBinary(t)
	if _, err := os.Stat("/proc/self/fd/1"); err != nil {
		t.Skip("no /proc/self/fd")
	}
	// What "-" gives: the output alone.
	want := map[string]string{}
	for _, flag := range []string{"--stats", "--yaml", "--dot"} {
		code, out, errs := runCLI(t, "", "trace", "nqueens", "-n", "4", flag, "-")
		if code != 0 {
			t.Fatalf("%s -: exit %d, stderr %q", flag, code, errs)
		}
		want[flag] = out
	}
	names := []string{"/dev/stdout", "/dev/fd/1", "/proc/self/fd/1", "LINK>/dev/stdout", "LINK>/proc/self/fd/1", "FILE", "LINK>FILE"}
	for _, flag := range []string{"--stats", "--yaml", "--dot"} {
		for _, name := range names {
			for _, mode := range []string{">>", ">", "|"} {
				if name == "FILE" || name == "LINK>FILE" {
					if mode == "|" {
						continue
					}
				}
				t.Run(fmt.Sprintf("%s %s %s out.txt", flag, name, mode), func(t *testing.T) {
					dir := t.TempDir()
					p := filepath.Join(dir, "out.txt")
					if err := os.WriteFile(p, []byte("keep\n"), 0o644); err != nil {
						t.Fatal(err)
					}
					arg := name
					switch {
					case name == "FILE":
						arg = p
					case strings.HasPrefix(name, "LINK>"):
						to := strings.TrimPrefix(name, "LINK>")
						if to == "FILE" {
							to = p
						}
						arg = filepath.Join(dir, "so")
						if err := os.Symlink(to, arg); err != nil {
							t.Fatal(err)
						}
					}
					cmd := exec.Command(bin, "trace", "nqueens", "-n", "4", flag, arg)
					cmd.Dir = dir
					var stderr, pipe bytes.Buffer
					cmd.Stderr = &stderr
					var f *os.File
					switch mode {
					case ">>", ">":
						flags := os.O_WRONLY | os.O_APPEND
						if mode == ">" {
							flags = os.O_WRONLY | os.O_TRUNC
						}
						var err error
						if f, err = os.OpenFile(p, flags, 0); err != nil {
							t.Fatal(err)
						}
						defer f.Close()
						cmd.Stdout = f
					default:
						cmd.Stdout = &pipe
					}
					var inode os.FileInfo
					if f != nil {
						inode, _ = f.Stat()
					}
					if code := faultExit(t, cmd.Run()); code != 0 {
						t.Fatalf("exit %d, stderr %q", code, stderr.String())
					}
					if stderr.Len() != 0 {
						t.Errorf("stderr %q", stderr.String())
					}
					var got, wantOut string
					switch mode {
					case ">>":
						got, wantOut = readFileString(t, p), "keep\n"+want[flag]
					case ">":
						got, wantOut = readFileString(t, p), want[flag]
					default:
						got, wantOut = pipe.String(), want[flag]
						if b := readFileString(t, p); b != "keep\n" {
							t.Errorf("out.txt holds %q, want it untouched", b)
						}
					}
					if got != wantOut {
						t.Errorf("got %d bytes, want %d (the output alone, as with %s -):\n%.300s", len(got), len(wantOut), flag, got)
					}
					if inode != nil {
						if now, err := os.Stat(p); err != nil || !os.SameFile(inode, now) {
							t.Errorf("out.txt was replaced: the shell's stdout now writes to a deleted file (%v)", err)
						}
					}
					faultNoTemps(t, dir)
				})
			}
		}
	}
	// Two outputs on stdout, whatever their names, are refused.
	for _, args := range [][]string{
		{"--stats", "/dev/stdout", "--yaml", "-"},
		{"--yaml", "/dev/fd/1", "--dot", "/proc/self/fd/1"},
	} {
		t.Run(strings.Join(args, " "), func(t *testing.T) {
			cmd := exec.Command(bin, append([]string{"trace", "nqueens", "-n", "4"}, args...)...)
			var stdout, stderr bytes.Buffer
			cmd.Stdout, cmd.Stderr = &stdout, &stderr
			if code := faultExit(t, cmd.Run()); code != 2 {
				t.Errorf("exit %d, want 2", code)
			}
			faultCheckLine(t, stderr.String(), args[0], args[2], "both write to stdout")
			if stdout.Len() != 0 {
				t.Errorf("stdout %q", stdout.String())
			}
		})
	}
}

func readFileString(t *testing.T, p string) string {
	t.Helper()
	b, err := os.ReadFile(p)
	if err != nil {
		t.Fatal(err)
	}
	return string(b)
}
