package outfile_test

import (
	"bytes"
	"context"
	"fmt"
	"io"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"

	"github.com/backtrack-edu/backtrack/render/outfile"
)

// TestSetRefusesAnInput: an output that is the same file as an input is
// refused, whatever its spelling, before anything is opened or made, and
// the input is left as it was.
func TestSetRefusesAnInput(t *testing.T) {
	if _, err := os.Stat("/proc/self/fd"); err != nil {
		t.Skip("no /proc/self/fd")
	}
	tests := []struct {
		name string
		// setup makes the input dir/in.yaml (and whatever else it needs)
		// and returns the output's name.
		setup func(t *testing.T, dir string, in *os.File) string
	}{
		{"the same name", func(t *testing.T, dir string, _ *os.File) string { return filepath.Join(dir, "in.yaml") }},
		{"relative", func(t *testing.T, dir string, _ *os.File) string { t.Chdir(dir); return "in.yaml" }},
		{"./name", func(t *testing.T, dir string, _ *os.File) string { t.Chdir(dir); return "./in.yaml" }},
		{"sub/../name", func(t *testing.T, dir string, _ *os.File) string {
			mkdir(t, filepath.Join(dir, "sub"))
			return filepath.Join(dir, "sub") + "/../in.yaml"
		}},
		{"a link to it", func(t *testing.T, dir string, _ *os.File) string {
			symlink(t, "in.yaml", filepath.Join(dir, "link.yaml"))
			return filepath.Join(dir, "link.yaml")
		}},
		{"through a linked folder", func(t *testing.T, dir string, _ *os.File) string {
			symlink(t, ".", filepath.Join(dir, "here"))
			return filepath.Join(dir, "here", "in.yaml")
		}},
		{"a hard link", func(t *testing.T, dir string, _ *os.File) string {
			if err := os.Link(filepath.Join(dir, "in.yaml"), filepath.Join(dir, "hard.yaml")); err != nil {
				t.Fatal(err)
			}
			return filepath.Join(dir, "hard.yaml")
		}},
		{"/dev/fd/N", func(t *testing.T, dir string, in *os.File) string { return fmt.Sprintf("/dev/fd/%d", in.Fd()) }},
		{"/proc/self/fd/N", func(t *testing.T, dir string, in *os.File) string {
			return fmt.Sprintf("/proc/self/fd/%d", in.Fd())
		}},
		{"/proc/PID/fd/N", func(t *testing.T, dir string, in *os.File) string {
			return fmt.Sprintf("/proc/%d/fd/%d", os.Getpid(), in.Fd())
		}},
		{"a link to /dev/fd/N", func(t *testing.T, dir string, in *os.File) string {
			symlink(t, fmt.Sprintf("/dev/fd/%d", in.Fd()), filepath.Join(dir, "fd.yaml"))
			return filepath.Join(dir, "fd.yaml")
		}},
	}
	for _, tt := range tests {
		for _, via := range []string{"name", "stdin"} {
			t.Run(tt.name+", input by "+via, func(t *testing.T) {
				dir := t.TempDir()
				input := filepath.Join(dir, "in.yaml")
				writeFile(t, input, "the only record\n", 0o644)
				before, _ := os.Stat(input)
				f, err := os.Open(input)
				if err != nil {
					t.Fatal(err)
				}
				defer f.Close()
				out := tt.setup(t, dir, f)
				var s outfile.Set
				defer s.Abort()
				inName, inLabel := input, ""
				if via == "stdin" {
					inName, inLabel = "-", "--puzzle"
				}
				if err := s.AddInput(inLabel, inName, "the step log", f); err != nil {
					t.Fatalf("AddInput: %v", err)
				}
				o, err := s.Create(context.Background(), out, "--svg", io.Discard)
				if err == nil {
					io.WriteString(o, "replaced")
					s.Commit()
					t.Fatalf("%s was accepted as an output; the input now holds %q", out, readFile(t, input))
				}
				if oe := asError(t, err); !oe.Bad {
					t.Errorf("Bad is false: refusing an output is a mistake on the command line")
				}
				checkMessage(t, err, "--svg", out, "the step log being read", "choose another name")
				if via == "stdin" {
					checkMessage(t, err, "--puzzle -", "stdin")
				}
				if got := readFile(t, input); got != "the only record\n" {
					t.Errorf("the input now holds %q", got)
				}
				if after, err := os.Stat(input); err != nil || !os.SameFile(before, after) {
					t.Errorf("the input was replaced: %v", err)
				}
				checkNoTemps(t, dir)
			})
		}
	}
}

// TestSetInputAfterOutput: an input added after an output of the same
// file is refused too.
func TestSetInputAfterOutput(t *testing.T) {
	dir := t.TempDir()
	p := filepath.Join(dir, "puz.txt")
	writeFile(t, p, "puzzle\n", 0o644)
	var s outfile.Set
	defer s.Abort()
	if _, err := s.Create(context.Background(), p, "--yaml", io.Discard); err != nil {
		t.Fatal(err)
	}
	err := s.AddInput("--puzzle", p, "the puzzle", nil)
	if err == nil {
		t.Fatal("AddInput accepted the file an output writes")
	}
	checkMessage(t, err, "--yaml", p, "the puzzle being read", "--puzzle "+p)
}

// TestSetInputsNotFiles: what is not a regular file is no input to
// protect: a puzzle typed on the command line, a missing file, a device,
// stdin that is not a file.
func TestSetInputsNotFiles(t *testing.T) {
	dir := t.TempDir()
	var s outfile.Set
	defer s.Abort()
	for _, in := range []struct {
		name  string
		stdin io.Reader
	}{
		{"53..7....6..195....98....6.8...6...34..8.3..17...2...6.6....28....419..5....8..79", nil},
		{filepath.Join(dir, "missing.txt"), nil},
		{"/dev/null", nil},
		{"-", strings.NewReader("puzzle")},
		{"-", nil},
	} {
		if err := s.AddInput("--puzzle", in.name, "the puzzle", in.stdin); err != nil {
			t.Errorf("AddInput(%q): %v", in.name, err)
		}
	}
	for _, out := range []string{filepath.Join(dir, "missing.txt"), "/dev/null", "-"} {
		if _, err := s.Create(context.Background(), out, "--yaml "+out, io.Discard); err != nil {
			t.Errorf("Create(%q): %v", out, err)
		}
	}
}

// TestSetCheckFolder: a folder an output replaces must not hold an input,
// at any depth, whatever the spelling.
func TestSetCheckFolder(t *testing.T) {
	dir := t.TempDir()
	mkdir(t, filepath.Join(dir, "frames", "logs"))
	input := filepath.Join(dir, "frames", "logs", "q4.yaml")
	writeFile(t, input, "log\n", 0o644)
	symlink(t, "frames", filepath.Join(dir, "lnk"))
	var s outfile.Set
	if err := s.AddInput("", input, "the step log", nil); err != nil {
		t.Fatal(err)
	}
	for _, folder := range []string{filepath.Join(dir, "frames"), filepath.Join(dir, "frames", "logs"), filepath.Join(dir, "lnk"), filepath.Join(dir, "frames", "logs") + "/"} {
		err := s.CheckFolder("--frames", folder)
		if err == nil {
			t.Errorf("%s holds the input, and was accepted", folder)
			continue
		}
		if oe := asError(t, err); !oe.Bad {
			t.Errorf("%s: Bad is false", folder)
		}
		checkMessage(t, err, "--frames", folder, "the step log being read", input)
	}
	for _, folder := range []string{filepath.Join(dir, "other"), filepath.Join(dir, "new"), dir + "/frames2"} {
		if err := s.CheckFolder("--frames", folder); err != nil {
			t.Errorf("%s: %v", folder, err)
		}
	}
}

// TestStdoutByName writes to names of the program's own stdout from a
// process whose stdout is a file opened for appending (as the shell's >>
// opens it) or a pipe: every one is written as "-" is, straight to fd 1,
// never truncated nor replaced, and the output says it is stdout.
func TestStdoutByName(t *testing.T) {
	if _, err := os.Stat("/proc/self/fd/1"); err != nil {
		t.Skip("no /proc/self/fd")
	}
	names := map[string]func(t *testing.T, dir, file string) string{
		"/dev/stdout":               func(*testing.T, string, string) string { return "/dev/stdout" },
		"/dev/fd/1":                 func(*testing.T, string, string) string { return "/dev/fd/1" },
		"/proc/self/fd/1":           func(*testing.T, string, string) string { return "/proc/self/fd/1" },
		"/dev/./stdout":             func(*testing.T, string, string) string { return "/dev/./stdout" },
		"a link to /dev/stdout":     func(t *testing.T, dir, _ string) string { return link(t, dir, "/dev/stdout") },
		"a link to /proc/self/fd/1": func(t *testing.T, dir, _ string) string { return link(t, dir, "/proc/self/fd/1") },
		"a link to a link":          func(t *testing.T, dir, _ string) string { return link(t, dir, link(t, dir, "/dev/fd/1")) },
	}
	for what, name := range names {
		t.Run(what+", appending to a file", func(t *testing.T) {
			dir := t.TempDir()
			p := filepath.Join(dir, "app.txt")
			writeFile(t, p, "keep\n", 0o644)
			f, err := os.OpenFile(p, os.O_WRONLY|os.O_APPEND, 0)
			if err != nil {
				t.Fatal(err)
			}
			defer f.Close()
			before, _ := f.Stat()
			errs, err := stdoutChild(t, name(t, dir, p), f)
			if err != nil {
				t.Fatalf("%v: %s", err, errs)
			}
			if got := readFile(t, p); got != "keep\nhello" {
				t.Errorf("%s holds %q, want %q", p, got, "keep\nhello")
			}
			if after, err := os.Stat(p); err != nil || !os.SameFile(before, after) {
				t.Errorf("%s was replaced (%v)", p, err)
			}
			if errs != "stdout\n" {
				t.Errorf("the child says %q, want stdout", errs)
			}
			checkNoTemps(t, dir)
		})
		t.Run(what+", a pipe", func(t *testing.T) {
			dir := t.TempDir()
			r, w, err := os.Pipe()
			if err != nil {
				t.Fatal(err)
			}
			got := make(chan string, 1)
			go func() {
				b, _ := io.ReadAll(r)
				r.Close()
				got <- string(b)
			}()
			errs, err := stdoutChild(t, name(t, dir, ""), w)
			w.Close()
			if err != nil {
				t.Fatalf("%v: %s", err, errs)
			}
			if s := <-got; s != "hello" {
				t.Errorf("the pipe got %q", s)
			}
			if errs != "stdout\n" {
				t.Errorf("the child says %q, want stdout", errs)
			}
			checkNoTemps(t, dir)
		})
	}
	// The file stdout writes to, by its own name or a link to it, is
	// stdout too: not replaced behind the shell's back.
	for _, what := range []string{"its name", "a link to it"} {
		t.Run("the file under "+what, func(t *testing.T) {
			dir := t.TempDir()
			p := filepath.Join(dir, "app.txt")
			writeFile(t, p, "keep\n", 0o644)
			f, err := os.OpenFile(p, os.O_WRONLY|os.O_APPEND, 0)
			if err != nil {
				t.Fatal(err)
			}
			defer f.Close()
			name := p
			if what == "a link to it" {
				name = link(t, dir, "app.txt")
			}
			errs, err := stdoutChild(t, name, f)
			if err != nil {
				t.Fatalf("%v: %s", err, errs)
			}
			if got := readFile(t, p); got != "keep\nhello" {
				t.Errorf("%s holds %q", p, got)
			}
			if errs != "stdout\n" {
				t.Errorf("the child says %q, want stdout", errs)
			}
		})
	}
	// A character device that stdout also is stays an output of its own:
	// --yaml /dev/null --stats /dev/null > /dev/null is three outputs.
	t.Run("/dev/null, stdout /dev/null", func(t *testing.T) {
		null, err := os.OpenFile("/dev/null", os.O_WRONLY, 0)
		if err != nil {
			t.Skip(err)
		}
		defer null.Close()
		errs, err := stdoutChild(t, "/dev/null", null)
		if err != nil {
			t.Fatalf("%v: %s", err, errs)
		}
		if errs != "not stdout\n" {
			t.Errorf("the child says %q, want not stdout", errs)
		}
	})
}

// link makes a new symbolic link in dir to to, and returns its path.
func link(t *testing.T, dir, to string) string {
	t.Helper()
	for i := 0; ; i++ {
		p := filepath.Join(dir, fmt.Sprintf("link%d", i))
		if err := os.Symlink(to, p); err == nil {
			return p
		} else if !os.IsExist(err) {
			t.Fatal(err)
		}
	}
}

// stdoutChild runs the test binary as a command that writes "hello" to the
// output name, with stdout; it returns what the child wrote to stderr:
// "stdout" or "not stdout", as the output says it is.
func stdoutChild(t *testing.T, name string, stdout *os.File) (string, error) {
	t.Helper()
	cmd := exec.Command(os.Args[0])
	cmd.Env = append(os.Environ(), childEnv+"=stdoutname", "OUTFILE_TEST_NAME="+name)
	var stderr bytes.Buffer
	cmd.Stdout, cmd.Stderr = stdout, &stderr
	err := cmd.Run()
	return stderr.String(), err
}

// childStdoutName is the child of TestStdoutByName: it writes "hello" to
// the output $OUTFILE_TEST_NAME through a Set, and says on stderr whether
// the output is stdout. Two outputs on stdout must be refused.
func childStdoutName() error {
	name := os.Getenv("OUTFILE_TEST_NAME")
	var s outfile.Set
	defer s.Abort()
	o, err := s.Create(context.Background(), name, "--stats", os.Stdout)
	if err != nil {
		return err
	}
	if o.Stdout() != s.Stdout() {
		return fmt.Errorf("File.Stdout() %v, Set.Stdout() %v", o.Stdout(), s.Stdout())
	}
	if o.Stdout() {
		if _, err := s.Create(context.Background(), "-", "--yaml", os.Stdout); err == nil {
			return fmt.Errorf("%s and - were both accepted as outputs", name)
		} else if !strings.Contains(err.Error(), "both write to stdout") {
			return fmt.Errorf("refusal %q does not say both write to stdout", err)
		}
		fmt.Fprintln(os.Stderr, "stdout")
	} else {
		fmt.Fprintln(os.Stderr, "not stdout")
	}
	if _, err := io.WriteString(o, "hello"); err != nil {
		return err
	}
	return s.Commit()
}

// TestSetFolder: a folder output is checked when it is opened, its files
// go to a temporary folder as they are added, and it is put in place with
// the set's other outputs, or not at all; a file output inside it is
// refused in either order (newcomer trial 2, N8, N18).
func TestSetFolder(t *testing.T) {
	ctx := context.Background()
	own := func(n string) bool { return strings.HasPrefix(n, "frame-") }
	dir := t.TempDir()
	fr := filepath.Join(dir, "fr")

	// Committed together.
	var s outfile.Set
	o, err := s.Create(ctx, filepath.Join(dir, "a.svg"), "--svg", io.Discard)
	if err != nil {
		t.Fatal(err)
	}
	f, err := s.Folder("--frames", fr, own, false)
	if err != nil {
		t.Fatal(err)
	}
	o.Write([]byte("svg"))
	if err := f.Add("frame-0001.svg", []byte("1")); err != nil {
		t.Fatal(err)
	}
	if err := f.Add("notes.md", []byte("x")); err == nil {
		t.Error("Add of a name not of the folder's own naming: no error")
	}
	if _, err := os.Stat(fr); err == nil {
		t.Error("the folder exists before Commit")
	}
	if err := s.Commit(); err != nil {
		t.Fatal(err)
	}
	if b, err := os.ReadFile(filepath.Join(fr, "frame-0001.svg")); err != nil || string(b) != "1" {
		t.Errorf("frame after Commit: %q, %v", b, err)
	}

	// Aborted: nothing changes, nothing is left.
	var s2 outfile.Set
	f2, err := s2.Folder("--frames", fr, own, false)
	if err != nil {
		t.Fatal(err)
	}
	f2.Add("frame-0002.svg", []byte("2"))
	s2.Abort()
	if names := folderNames(t, fr); len(names) != 1 || names[0] != "frame-0001.svg" {
		t.Errorf("after Abort the folder holds %v", names)
	}
	if tmps := outfile.Temps(); len(tmps) != 0 {
		t.Errorf("temporaries left: %v", tmps)
	}

	// A file inside the folder, either order.
	for _, first := range []string{"file", "folder"} {
		var s3 outfile.Set
		var err error
		if first == "file" {
			if _, err = s3.Create(ctx, filepath.Join(fr, "frame-0001.svg"), "--svg", io.Discard); err != nil {
				t.Fatal(err)
			}
			_, err = s3.Folder("--frames", fr, own, false)
		} else {
			if _, err = s3.Folder("--frames", fr, own, false); err != nil {
				t.Fatal(err)
			}
			_, err = s3.Create(ctx, filepath.Join(fr, "frame-0001.svg"), "--svg", io.Discard)
		}
		if err == nil || !strings.Contains(err.Error(), "lies in --frames") || strings.Contains(err.Error(), ".tmp") {
			t.Errorf("%s first: error %v, want one saying the file lies in the folder", first, err)
		}
		s3.Abort()
	}
	if tmps := outfile.Temps(); len(tmps) != 0 {
		t.Errorf("temporaries left: %v", tmps)
	}
}

// folderNames lists the names in dir.
func folderNames(t *testing.T, dir string) []string {
	t.Helper()
	es, err := os.ReadDir(dir)
	if err != nil {
		t.Fatal(err)
	}
	var names []string
	for _, e := range es {
		names = append(names, e.Name())
	}
	return names
}
