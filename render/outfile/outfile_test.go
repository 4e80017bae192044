package outfile_test

import (
	"bytes"
	"context"
	"errors"
	"fmt"
	"io"
	"io/fs"
	"net"
	"os"
	"os/exec"
	"path/filepath"
	"reflect"
	"sort"
	"strings"
	"syscall"
	"testing"
	"time"

	"github.com/backtrack-edu/backtrack/render/outfile"
)

// childEnv makes the test binary act as a small command (see TestMain), for
// the tests that need a process whose stdout is a pipe or a file.
const childEnv = "OUTFILE_TEST_CHILD"

func TestMain(m *testing.M) {
	switch os.Getenv(childEnv) {
	case "":
		os.Exit(m.Run())
	case "devstdout":
		// Write "hello" to the output named /dev/stdout, as a command given
		// --svg /dev/stdout does.
		o, err := outfile.Create(context.Background(), "/dev/stdout", "--svg", os.Stdout)
		if err == nil {
			_, err = o.Write([]byte("hello"))
		}
		if err == nil {
			err = o.Commit()
		}
		if err != nil {
			fmt.Fprintln(os.Stderr, err)
			os.Exit(1)
		}
		os.Exit(0)
	case "stdoutname":
		if err := childStdoutName(); err != nil {
			fmt.Fprintln(os.Stderr, err)
			os.Exit(1)
		}
		os.Exit(0)
	default:
		fmt.Fprintln(os.Stderr, "unknown child", os.Getenv(childEnv))
		os.Exit(2)
	}
}

// checkNoTemps fails when a temporary of this package is registered under
// dir or lies anywhere in it.
func checkNoTemps(t *testing.T, dir string) {
	t.Helper()
	for _, p := range outfile.Temps() {
		if strings.HasPrefix(p, dir) {
			t.Errorf("temporary still registered: %s", p)
		}
	}
	filepath.WalkDir(dir, func(p string, d fs.DirEntry, err error) error {
		if err != nil {
			return nil
		}
		if n := d.Name(); strings.HasPrefix(n, ".") && (strings.HasSuffix(n, ".tmp") || strings.HasSuffix(n, ".tmp.old")) {
			t.Errorf("temporary left on disk: %s", p)
		}
		return nil
	})
}

func readFile(t *testing.T, p string) string {
	t.Helper()
	b, err := os.ReadFile(p)
	if err != nil {
		t.Fatal(err)
	}
	return string(b)
}

func writeFile(t *testing.T, p, content string, mode fs.FileMode) {
	t.Helper()
	if err := os.WriteFile(p, []byte(content), mode); err != nil {
		t.Fatal(err)
	}
	if err := os.Chmod(p, mode); err != nil { // past the umask
		t.Fatal(err)
	}
}

func symlink(t *testing.T, to, at string) {
	t.Helper()
	if err := os.Symlink(to, at); err != nil {
		t.Fatal(err)
	}
}

func mkdir(t *testing.T, p string) {
	t.Helper()
	if err := os.MkdirAll(p, 0o755); err != nil {
		t.Fatal(err)
	}
}

// asError returns err as an *outfile.Error, failing the test when it is not.
func asError(t *testing.T, err error) *outfile.Error {
	t.Helper()
	var oe *outfile.Error
	if !errors.As(err, &oe) {
		t.Fatalf("error %v (%T) is not an *outfile.Error", err, err)
	}
	return oe
}

// checkMessage checks that an error message names what it must and never a
// temporary file.
func checkMessage(t *testing.T, err error, wants ...string) {
	t.Helper()
	msg := err.Error()
	for _, w := range wants {
		if !strings.Contains(msg, w) {
			t.Errorf("message %q does not name %q", msg, w)
		}
	}
	if strings.Contains(msg, ".tmp") {
		t.Errorf("message %q names a temporary file", msg)
	}
}

func TestErrorMessage(t *testing.T) {
	cause := errors.New("no space left on device")
	tests := []struct {
		e    outfile.Error
		want string
	}{
		{outfile.Error{Err: cause}, "no space left on device"},
		{outfile.Error{Label: "--svg", Err: cause}, "no space left on device"},
		{outfile.Error{Label: "--svg", Name: "a.svg", Err: cause, Bad: true}, "--svg a.svg: no space left on device"},
		{outfile.Error{Name: "a.svg", Err: cause, Bad: true}, "a.svg: no space left on device"},
		{outfile.Error{Label: "--svg", Name: "a.svg", Err: cause}, "--svg: cannot write a.svg: no space left on device"},
		{outfile.Error{Name: "a.svg", Err: cause}, "cannot write a.svg: no space left on device"},
	}
	for _, tt := range tests {
		if got := tt.e.Error(); got != tt.want {
			t.Errorf("%+v: got %q, want %q", tt.e, got, tt.want)
		}
		if !errors.Is(&tt.e, cause) {
			t.Errorf("%+v: does not unwrap to its cause", tt.e)
		}
	}
}

func TestResolve(t *testing.T) {
	dir := t.TempDir()
	mkdir(t, filepath.Join(dir, "sub"))
	writeFile(t, filepath.Join(dir, "file"), "x", 0o644)
	symlink(t, "file", filepath.Join(dir, "rel"))
	symlink(t, filepath.Join(dir, "file"), filepath.Join(dir, "abs"))
	symlink(t, "../file", filepath.Join(dir, "sub", "up"))
	symlink(t, "sub/up", filepath.Join(dir, "chain"))
	symlink(t, "nothing", filepath.Join(dir, "dangling"))
	symlink(t, "loop2", filepath.Join(dir, "loop1"))
	symlink(t, "loop1", filepath.Join(dir, "loop2"))
	symlink(t, "self", filepath.Join(dir, "self"))

	tests := []struct {
		name, want string
		wantErr    bool
	}{
		{"file", "file", false},
		{"new", "new", false},
		{"rel", "file", false},
		{"abs", "file", false},
		{"sub/up", "file", false},
		{"chain", "file", false},
		{"dangling", "nothing", false},
		{"loop1", "", true},
		{"self", "", true},
	}
	for _, tt := range tests {
		got, err := outfile.Resolve(filepath.Join(dir, tt.name))
		if tt.wantErr {
			if err == nil {
				t.Errorf("Resolve(%s) = %q, want an error", tt.name, got)
			}
			continue
		}
		if err != nil {
			t.Errorf("Resolve(%s): %v", tt.name, err)
			continue
		}
		if want := filepath.Join(dir, tt.want); filepath.Clean(got) != want {
			t.Errorf("Resolve(%s) = %q, want %q", tt.name, got, want)
		}
	}
}

// TestCreateRegular writes paths that end at a regular file or at nothing:
// new paths, existing files, and links to either, each both committed and
// aborted.
func TestCreateRegular(t *testing.T) {
	const old, data = "old content\n", "new content\n"
	tests := []struct {
		name string
		// setup makes the files and returns the path to give Create, the
		// path whose content changes, and the links that must stay links.
		setup    func(t *testing.T, dir string) (name, target string, links []string)
		existed  bool
		wantMode fs.FileMode
	}{
		{
			name: "new path",
			setup: func(t *testing.T, dir string) (string, string, []string) {
				p := filepath.Join(dir, "out.svg")
				return p, p, nil
			},
			wantMode: 0o644,
		},
		{
			name: "existing file 0600",
			setup: func(t *testing.T, dir string) (string, string, []string) {
				p := filepath.Join(dir, "out.svg")
				writeFile(t, p, old, 0o600)
				return p, p, nil
			},
			existed:  true,
			wantMode: 0o600,
		},
		{
			name: "existing file 0755",
			setup: func(t *testing.T, dir string) (string, string, []string) {
				p := filepath.Join(dir, "out.sh")
				writeFile(t, p, old, 0o755)
				return p, p, nil
			},
			existed:  true,
			wantMode: 0o755,
		},
		{
			name: "existing file 0444",
			setup: func(t *testing.T, dir string) (string, string, []string) {
				p := filepath.Join(dir, "out.svg")
				writeFile(t, p, old, 0o444)
				return p, p, nil
			},
			existed:  true,
			wantMode: 0o444,
		},
		{
			name: "relative link to an existing file",
			setup: func(t *testing.T, dir string) (string, string, []string) {
				target, link := filepath.Join(dir, "real.svg"), filepath.Join(dir, "link.svg")
				writeFile(t, target, old, 0o640)
				symlink(t, "real.svg", link)
				return link, target, []string{link}
			},
			existed:  true,
			wantMode: 0o640,
		},
		{
			name: "absolute link to an existing file in another folder",
			setup: func(t *testing.T, dir string) (string, string, []string) {
				mkdir(t, filepath.Join(dir, "elsewhere"))
				target, link := filepath.Join(dir, "elsewhere", "real.svg"), filepath.Join(dir, "link.svg")
				writeFile(t, target, old, 0o644)
				symlink(t, target, link)
				return link, target, []string{link}
			},
			existed:  true,
			wantMode: 0o644,
		},
		{
			name: "relative link going up a folder",
			setup: func(t *testing.T, dir string) (string, string, []string) {
				mkdir(t, filepath.Join(dir, "sub"))
				target, link := filepath.Join(dir, "real.svg"), filepath.Join(dir, "sub", "link.svg")
				writeFile(t, target, old, 0o644)
				symlink(t, "../real.svg", link)
				return link, target, []string{link}
			},
			existed:  true,
			wantMode: 0o644,
		},
		{
			name: "dangling relative link",
			setup: func(t *testing.T, dir string) (string, string, []string) {
				target, link := filepath.Join(dir, "real.svg"), filepath.Join(dir, "link.svg")
				symlink(t, "real.svg", link)
				return link, target, []string{link}
			},
			wantMode: 0o644,
		},
		{
			name: "dangling absolute link into another folder",
			setup: func(t *testing.T, dir string) (string, string, []string) {
				mkdir(t, filepath.Join(dir, "elsewhere"))
				target, link := filepath.Join(dir, "elsewhere", "real.svg"), filepath.Join(dir, "link.svg")
				symlink(t, target, link)
				return link, target, []string{link}
			},
			wantMode: 0o644,
		},
		{
			name: "link chain to an existing file",
			setup: func(t *testing.T, dir string) (string, string, []string) {
				mkdir(t, filepath.Join(dir, "a", "b"))
				target := filepath.Join(dir, "a", "b", "real.svg")
				l1, l2, l3 := filepath.Join(dir, "l1"), filepath.Join(dir, "a", "l2"), filepath.Join(dir, "a", "b", "l3")
				writeFile(t, target, old, 0o600)
				symlink(t, "real.svg", l3)
				symlink(t, filepath.Join(dir, "a", "b", "l3"), l2)
				symlink(t, "a/l2", l1)
				return l1, target, []string{l1, l2, l3}
			},
			existed:  true,
			wantMode: 0o600,
		},
		{
			name: "link chain ending nowhere",
			setup: func(t *testing.T, dir string) (string, string, []string) {
				mkdir(t, filepath.Join(dir, "a"))
				target := filepath.Join(dir, "a", "real.svg")
				l1, l2 := filepath.Join(dir, "l1"), filepath.Join(dir, "a", "l2")
				symlink(t, "real.svg", l2)
				symlink(t, "a/l2", l1)
				return l1, target, []string{l1, l2}
			},
			wantMode: 0o644,
		},
		{
			name: "path through a linked folder",
			setup: func(t *testing.T, dir string) (string, string, []string) {
				mkdir(t, filepath.Join(dir, "real"))
				target := filepath.Join(dir, "real", "out.svg")
				writeFile(t, target, old, 0o644)
				symlink(t, "real", filepath.Join(dir, "lnk"))
				return filepath.Join(dir, "lnk", "out.svg"), target, []string{filepath.Join(dir, "lnk")}
			},
			existed:  true,
			wantMode: 0o644,
		},
	}
	for _, tt := range tests {
		for _, commit := range []bool{true, false} {
			what := "commit"
			if !commit {
				what = "abort"
			}
			t.Run(tt.name+"/"+what, func(t *testing.T) {
				dir := t.TempDir()
				name, target, links := tt.setup(t, dir)
				o, err := outfile.Create(context.Background(), name, "--svg", nil)
				if err != nil {
					t.Fatal(err)
				}
				if o.Direct() {
					t.Error("Direct() is true for a regular file")
				}
				if o.Name() != name || o.Label() != "--svg" {
					t.Errorf("Name, Label = %q, %q", o.Name(), o.Label())
				}
				if n, err := o.Write([]byte(data[:4])); err != nil || n != 4 {
					t.Fatalf("Write = %d, %v", n, err)
				}
				if _, err := o.Write([]byte(data[4:])); err != nil {
					t.Fatal(err)
				}
				// Before Commit the target is as it was.
				if tt.existed {
					if got := readFile(t, target); got != old {
						t.Errorf("before Commit the target holds %q, want the old %q", got, old)
					}
				} else if _, err := os.Lstat(target); !errors.Is(err, fs.ErrNotExist) {
					t.Errorf("before Commit the target exists (%v)", err)
				}
				if len(outfile.Temps()) == 0 {
					t.Error("no temporary registered while writing")
				}
				want, wantMode := data, tt.wantMode
				if commit {
					if err := o.Commit(); err != nil {
						t.Fatal(err)
					}
					if err := o.Commit(); err != nil {
						t.Errorf("second Commit: %v", err)
					}
					o.Abort() // after Commit: does nothing
				} else {
					o.Abort()
					o.Abort()
					want = old
				}
				fi, err := os.Lstat(target)
				switch {
				case !commit && !tt.existed:
					if !errors.Is(err, fs.ErrNotExist) {
						t.Errorf("after Abort the target exists (%v)", err)
					}
				case err != nil:
					t.Fatal(err)
				default:
					if !fi.Mode().IsRegular() {
						t.Errorf("target mode %v, want a regular file", fi.Mode())
					}
					if fi.Mode().Perm() != wantMode {
						t.Errorf("target mode %v, want %v", fi.Mode().Perm(), wantMode)
					}
					if got := readFile(t, target); got != want {
						t.Errorf("target holds %q, want %q", got, want)
					}
					if got := readFile(t, name); got != want {
						t.Errorf("%s reads %q, want %q", name, got, want)
					}
				}
				for _, l := range links {
					if fi, err := os.Lstat(l); err != nil || fi.Mode()&fs.ModeSymlink == 0 {
						t.Errorf("%s is no longer a link (%v, %v)", l, fi, err)
					}
				}
				checkNoTemps(t, dir)
			})
		}
	}
}

// TestCreateRelativeNames writes names relative to the working folder.
func TestCreateRelativeNames(t *testing.T) {
	dir := t.TempDir()
	t.Chdir(dir)
	mkdir(t, "sub")
	for _, name := range []string{"out.svg", "./out2.svg", "sub/out.svg", "sub/../out3.svg"} {
		o, err := outfile.Create(context.Background(), name, "--svg", nil)
		if err != nil {
			t.Fatalf("%s: %v", name, err)
		}
		io.WriteString(o, name)
		if err := o.Commit(); err != nil {
			t.Fatalf("%s: %v", name, err)
		}
		if got := readFile(t, name); got != name {
			t.Errorf("%s holds %q", name, got)
		}
	}
	checkNoTemps(t, dir)
}

// TestCreateBadPaths checks paths that are wrong on the command line: each
// is an *Error with Bad set that names the path as given, costs nothing and
// leaves no temporary.
func TestCreateBadPaths(t *testing.T) {
	tests := []struct {
		name  string
		setup func(t *testing.T, dir string) string
		wants []string // what the message names besides the path
	}{
		{
			name: "folder",
			setup: func(t *testing.T, dir string) string {
				mkdir(t, filepath.Join(dir, "lesson"))
				return filepath.Join(dir, "lesson")
			},
			wants: []string{"folder"},
		},
		{
			name: "link to a folder",
			setup: func(t *testing.T, dir string) string {
				mkdir(t, filepath.Join(dir, "lesson"))
				symlink(t, "lesson", filepath.Join(dir, "link"))
				return filepath.Join(dir, "link")
			},
			wants: []string{"folder"},
		},
		{
			name:  "missing parent folder",
			setup: func(t *testing.T, dir string) string { return filepath.Join(dir, "missing", "out.svg") },
			wants: []string{"does not exist", "folder "},
		},
		{
			name:  "missing grandparent folder",
			setup: func(t *testing.T, dir string) string { return filepath.Join(dir, "a", "b", "out.svg") },
			wants: []string{"does not exist"},
		},
		{
			name: "socket",
			setup: func(t *testing.T, dir string) string {
				p := filepath.Join(dir, "sock")
				l, err := net.Listen("unix", p)
				if err != nil {
					t.Skipf("no unix socket: %v", err)
				}
				t.Cleanup(func() { l.Close() })
				return p
			},
			wants: []string{"socket"},
		},
		{
			name: "link to a socket",
			setup: func(t *testing.T, dir string) string {
				p := filepath.Join(dir, "sock")
				l, err := net.Listen("unix", p)
				if err != nil {
					t.Skipf("no unix socket: %v", err)
				}
				t.Cleanup(func() { l.Close() })
				symlink(t, "sock", filepath.Join(dir, "link"))
				return filepath.Join(dir, "link")
			},
			wants: []string{"socket"},
		},
		{
			name: "link loop",
			setup: func(t *testing.T, dir string) string {
				symlink(t, "b", filepath.Join(dir, "a"))
				symlink(t, "a", filepath.Join(dir, "b"))
				return filepath.Join(dir, "a")
			},
			wants: []string{"symbolic links"},
		},
		{
			name: "link to itself",
			setup: func(t *testing.T, dir string) string {
				symlink(t, "self", filepath.Join(dir, "self"))
				return filepath.Join(dir, "self")
			},
			wants: []string{"symbolic links"},
		},
		{
			name:  "empty name",
			setup: func(t *testing.T, dir string) string { return "" },
			wants: []string{`""`, "empty"},
		},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			dir := t.TempDir()
			name := tt.setup(t, dir)
			before := listDir(t, dir)
			o, err := outfile.Create(context.Background(), name, "--svg", nil)
			if err == nil {
				o.Abort()
				t.Fatalf("Create(%q) succeeded", name)
			}
			oe := asError(t, err)
			if !oe.Bad {
				t.Errorf("Bad is false for %v", err)
			}
			if oe.Label != "--svg" {
				t.Errorf("Label = %q", oe.Label)
			}
			want := append([]string{"--svg"}, tt.wants...)
			if name != "" {
				want = append(want, name)
			}
			checkMessage(t, err, want...)
			checkNoTemps(t, dir)
			if after := listDir(t, dir); !reflect.DeepEqual(before, after) {
				t.Errorf("the folder changed: %v, then %v", before, after)
			}
		})
	}
}

// listDir lists every path under dir with its mode type.
func listDir(t *testing.T, dir string) []string {
	t.Helper()
	var ps []string
	filepath.WalkDir(dir, func(p string, d fs.DirEntry, err error) error {
		if err == nil {
			ps = append(ps, fmt.Sprintf("%s %v", p, d.Type()))
		}
		return nil
	})
	return ps
}

// TestCreateReadOnlyFolder: a folder that cannot be written is an error
// naming the path, not a temporary name.
func TestCreateReadOnlyFolder(t *testing.T) {
	if os.Geteuid() == 0 {
		t.Skip("root writes to read-only folders; the missing-folder case in TestCreateBadPaths covers the error path")
	}
	dir := t.TempDir()
	ro := filepath.Join(dir, "ro")
	mkdir(t, ro)
	writeFile(t, filepath.Join(ro, "out.svg"), "old", 0o644)
	if err := os.Chmod(ro, 0o555); err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { os.Chmod(ro, 0o755) })
	for _, name := range []string{filepath.Join(ro, "out.svg"), filepath.Join(ro, "new.svg")} {
		_, err := outfile.Create(context.Background(), name, "--svg", nil)
		if err == nil {
			t.Fatalf("Create(%s) in a read-only folder succeeded", name)
		}
		asError(t, err)
		checkMessage(t, err, name, "permission denied")
	}
	if got := readFile(t, filepath.Join(ro, "out.svg")); got != "old" {
		t.Errorf("the file holds %q", got)
	}
	checkNoTemps(t, dir)
}

// TestCreateParentIsFile: a path whose folder is a regular file is a
// mistake on the command line, like a missing folder.
func TestCreateParentIsFile(t *testing.T) {
	dir := t.TempDir()
	writeFile(t, filepath.Join(dir, "notes.txt"), "x", 0o644)
	name := filepath.Join(dir, "notes.txt", "out.svg")
	_, err := outfile.Create(context.Background(), name, "--svg", nil)
	if err == nil {
		t.Fatal("Create succeeded")
	}
	if oe := asError(t, err); !oe.Bad {
		t.Errorf("Bad is false for %v", err)
	}
	checkMessage(t, err, name, "not a folder")
	checkNoTemps(t, dir)
}

// TestCreateDanglingLinkMissingFolder: a link to a file in a folder that
// does not exist is Bad, and the message names the missing folder.
func TestCreateDanglingLinkMissingFolder(t *testing.T) {
	dir := t.TempDir()
	link := filepath.Join(dir, "link.svg")
	missing := filepath.Join(dir, "missing")
	symlink(t, filepath.Join(missing, "real.svg"), link)
	_, err := outfile.Create(context.Background(), link, "--svg", nil)
	if err == nil {
		t.Fatal("Create succeeded")
	}
	if oe := asError(t, err); !oe.Bad {
		t.Errorf("Bad is false for %v", err)
	}
	checkMessage(t, err, link, "does not exist")
	checkNoTemps(t, dir)

	checkMessage(t, err, missing)
}

// TestLinkDotDotAfterLinkedFolder: a link whose text goes through a linked
// folder and then "..", which the kernel resolves after following the
// folder link, not lexically.
func TestLinkDotDotAfterLinkedFolder(t *testing.T) {
	dir := t.TempDir()
	mkdir(t, filepath.Join(dir, "other", "deep"))
	symlink(t, "other/deep", filepath.Join(dir, "sub"))
	real := filepath.Join(dir, "other", "x")
	writeFile(t, real, "old", 0o644)
	link := filepath.Join(dir, "link")
	symlink(t, "sub/../x", link)
	if got := readFile(t, link); got != "old" {
		t.Fatalf("the kernel reads %q through the link, want the setup's \"old\"", got)
	}
	o, err := outfile.Create(context.Background(), link, "--svg", nil)
	if err != nil {
		t.Fatal(err)
	}
	io.WriteString(o, "new")
	if err := o.Commit(); err != nil {
		t.Fatal(err)
	}
	if got := readFile(t, link); got != "new" {
		t.Errorf("the link reads %q after Commit, want \"new\"", got)
	}
	if _, err := os.Lstat(filepath.Join(dir, "x")); err == nil {
		t.Errorf("Commit made %s, a file no reader of the link sees", filepath.Join(dir, "x"))
	}
	checkNoTemps(t, dir)
}

func TestCreateFIFO(t *testing.T) {
	dir := t.TempDir()
	fifo := filepath.Join(dir, "pipe")
	if err := syscall.Mkfifo(fifo, 0o644); err != nil {
		t.Skipf("mkfifo: %v", err)
	}
	link := filepath.Join(dir, "link")
	symlink(t, "pipe", link)
	for _, name := range []string{fifo, link} {
		got := make(chan string, 1)
		go func() {
			f, err := os.Open(fifo)
			if err != nil {
				got <- "open: " + err.Error()
				return
			}
			b, err := io.ReadAll(f)
			// Closed before it reports: were it still open when the next
			// round's Create opens the FIFO, that open would not wait for
			// the next reader, and the bytes would go to this one.
			f.Close()
			if err != nil {
				got <- "read: " + err.Error()
				return
			}
			got <- string(b)
		}()
		ctx, cancel := context.WithTimeout(context.Background(), 10*time.Second)
		o, err := outfile.Create(ctx, name, "--trace", nil)
		cancel()
		if err != nil {
			t.Fatalf("%s: %v", name, err)
		}
		if !o.Direct() {
			t.Errorf("%s: Direct() is false for a FIFO", name)
		}
		if len(outfile.Temps()) != 0 {
			t.Errorf("%s: temporaries %v for a FIFO", name, outfile.Temps())
		}
		io.WriteString(o, "through ")
		io.WriteString(o, "the pipe")
		if err := o.Commit(); err != nil {
			t.Fatal(err)
		}
		select {
		case s := <-got:
			if s != "through the pipe" {
				t.Errorf("%s: the reader got %q", name, s)
			}
		case <-time.After(10 * time.Second):
			t.Fatalf("%s: the reader got no EOF after Commit", name)
		}
		if fi, err := os.Lstat(fifo); err != nil || fi.Mode()&fs.ModeNamedPipe == 0 {
			t.Errorf("after Commit %s is %v (%v), want a FIFO", fifo, fi, err)
		}
		if fi, err := os.Lstat(link); err != nil || fi.Mode()&fs.ModeSymlink == 0 {
			t.Errorf("after Commit %s is %v (%v), want a link", link, fi, err)
		}
	}
	checkNoTemps(t, dir)
}

// TestCreateFIFONoReader: opening a FIFO nobody reads waits, and ctx ends
// the wait.
func TestCreateFIFONoReader(t *testing.T) {
	dir := t.TempDir()
	fifo := filepath.Join(dir, "pipe")
	if err := syscall.Mkfifo(fifo, 0o644); err != nil {
		t.Skipf("mkfifo: %v", err)
	}
	t.Cleanup(func() {
		// Let the open still waiting in outfile finish (it then closes it).
		if r, err := os.OpenFile(fifo, os.O_RDONLY|syscall.O_NONBLOCK, 0); err == nil {
			time.Sleep(50 * time.Millisecond)
			r.Close()
		}
	})
	for _, cause := range []error{context.Canceled, context.DeadlineExceeded} {
		var ctx context.Context
		var cancel context.CancelFunc
		if cause == context.Canceled {
			ctx, cancel = context.WithCancel(context.Background())
			time.AfterFunc(50*time.Millisecond, cancel)
		} else {
			ctx, cancel = context.WithTimeout(context.Background(), 50*time.Millisecond)
		}
		start := time.Now()
		o, err := outfile.Create(ctx, fifo, "--trace", nil)
		took := time.Since(start)
		cancel()
		if err == nil {
			o.Abort()
			t.Fatal("Create on a FIFO with no reader succeeded")
		}
		if !errors.Is(err, cause) {
			t.Errorf("error %v, want %v", err, cause)
		}
		if took > 2*time.Second {
			t.Errorf("Create took %v after ctx ended", took)
		}
		if fi, err := os.Lstat(fifo); err != nil || fi.Mode()&fs.ModeNamedPipe == 0 {
			t.Errorf("%s is %v (%v), want a FIFO", fifo, fi, err)
		}
	}
	checkNoTemps(t, dir)
}

func TestCreateDevNull(t *testing.T) {
	dir := t.TempDir()
	link := filepath.Join(dir, "null")
	symlink(t, "/dev/null", link)
	for _, name := range []string{"/dev/null", link} {
		for _, commit := range []bool{true, false} {
			o, err := outfile.Create(context.Background(), name, "--svg", nil)
			if err != nil {
				t.Fatal(err)
			}
			if !o.Direct() {
				t.Errorf("%s: Direct() is false", name)
			}
			if n, err := io.WriteString(o, "discarded"); err != nil || n != 9 {
				t.Errorf("%s: Write = %d, %v", name, n, err)
			}
			if commit {
				if err := o.Commit(); err != nil {
					t.Errorf("%s: %v", name, err)
				}
			} else {
				o.Abort()
			}
			fi, err := os.Lstat("/dev/null")
			if err != nil || fi.Mode()&fs.ModeCharDevice == 0 || fi.Mode()&fs.ModeDevice == 0 {
				t.Fatalf("/dev/null is now %v (%v)", fi, err)
			}
		}
	}
	if fi, err := os.Lstat(link); err != nil || fi.Mode()&fs.ModeSymlink == 0 {
		t.Errorf("%s is %v (%v), want a link", link, fi, err)
	}
	checkNoTemps(t, dir)
}

func TestCreateDevFull(t *testing.T) {
	if _, err := os.Stat("/dev/full"); err != nil {
		t.Skip("no /dev/full")
	}
	o, err := outfile.Create(context.Background(), "/dev/full", "--svg", nil)
	if err != nil {
		t.Fatal(err)
	}
	if !o.Direct() {
		t.Error("Direct() is false")
	}
	_, werr := io.WriteString(o, "bytes")
	cerr := o.Commit()
	if werr == nil && cerr == nil {
		t.Fatal("writing /dev/full succeeded")
	}
	err = werr
	if err == nil {
		err = cerr
	}
	oe := asError(t, err)
	if oe.Bad {
		t.Error("Bad is true for a failed write")
	}
	if !errors.Is(err, syscall.ENOSPC) {
		t.Errorf("%v is not ENOSPC", err)
	}
	checkMessage(t, err, "/dev/full", "no space left on device", "--svg")
	if werr != nil {
		// The first error is kept: a later Write and Commit return it.
		if _, err := io.WriteString(o, "more"); err != werr {
			t.Errorf("second Write = %v, want the first error %v", err, werr)
		}
		if cerr != werr {
			t.Errorf("Commit = %v, want the write error %v", cerr, werr)
		}
		if err := o.Commit(); err != werr {
			t.Errorf("second Commit = %v, want the write error %v", err, werr)
		}
	}
	fi, err := os.Lstat("/dev/full")
	if err != nil || fi.Mode()&fs.ModeCharDevice == 0 {
		t.Errorf("/dev/full is now %v (%v)", fi, err)
	}
}

func TestCreateStdout(t *testing.T) {
	var buf bytes.Buffer
	o, err := outfile.Create(context.Background(), "-", "--svg", &buf)
	if err != nil {
		t.Fatal(err)
	}
	if !o.Direct() || o.Name() != "-" {
		t.Errorf("Direct, Name = %v, %q", o.Direct(), o.Name())
	}
	io.WriteString(o, "to ")
	io.WriteString(o, "stdout")
	if buf.String() != "to stdout" {
		t.Errorf("before Commit stdout got %q: want it written straight through", buf.String())
	}
	if err := o.Commit(); err != nil {
		t.Fatal(err)
	}
	o.Abort()
	if buf.String() != "to stdout" {
		t.Errorf("stdout got %q", buf.String())
	}

	// A failing stdout: the error names "-" and the label.
	o, err = outfile.Create(context.Background(), "-", "--svg", failWriter{syscall.EPIPE})
	if err != nil {
		t.Fatal(err)
	}
	_, err = io.WriteString(o, "x")
	if err == nil {
		t.Fatal("Write to a failing stdout succeeded")
	}
	checkMessage(t, err, "--svg", "-", "broken pipe")
	if cerr := o.Commit(); cerr != err {
		t.Errorf("Commit = %v, want the write error %v", cerr, err)
	}
}

type failWriter struct{ err error }

func (w failWriter) Write([]byte) (int, error) { return 0, w.err }

// TestDevStdout writes to the name /dev/stdout from a process whose stdout
// is a pipe, and one whose stdout is a file: the bytes must go to that
// stdout, and the file must not be replaced behind the shell's back.
func TestDevStdout(t *testing.T) {
	if _, err := os.Stat("/proc/self/fd/1"); err != nil {
		t.Skip("no /proc/self/fd")
	}
	t.Run("pipe", func(t *testing.T) {
		cmd := exec.Command(os.Args[0])
		cmd.Env = append(os.Environ(), childEnv+"=devstdout")
		var stderr bytes.Buffer
		cmd.Stderr = &stderr
		out, err := cmd.Output()
		if err != nil {
			t.Fatalf("%v: %s", err, stderr.String())
		}
		if string(out) != "hello" {
			t.Errorf("stdout got %q", out)
		}
	})
	t.Run("file", func(t *testing.T) {
		dir := t.TempDir()
		p := filepath.Join(dir, "out.svg")
		f, err := os.Create(p)
		if err != nil {
			t.Fatal(err)
		}
		defer f.Close()
		cmd := exec.Command(os.Args[0])
		cmd.Env = append(os.Environ(), childEnv+"=devstdout")
		var stderr bytes.Buffer
		cmd.Stdout, cmd.Stderr = f, &stderr
		if err := cmd.Run(); err != nil {
			t.Fatalf("%v: %s", err, stderr.String())
		}
		fi, err := f.Stat()
		if err != nil {
			t.Fatal(err)
		}
		pi, err := os.Stat(p)
		if err != nil {
			t.Fatal(err)
		}
		if !os.SameFile(fi, pi) {
			t.Errorf("%s was replaced by a new file: the shell's stdout now writes to a deleted file", p)
		}
		if got := readFile(t, p); got != "hello" {
			t.Errorf("%s holds %q", p, got)
		}
		checkNoTemps(t, dir)
	})
}

// TestWriteErrors: errors after Create name the path as given and never a
// temporary, and leave no temporary behind.
func TestWriteErrors(t *testing.T) {
	tests := []struct {
		name string
		// fail makes o fail and returns the error seen.
		fail func(t *testing.T, o *outfile.File, target string) error
	}{
		{
			name: "Write after Commit",
			fail: func(t *testing.T, o *outfile.File, target string) error {
				if err := o.Commit(); err != nil {
					t.Fatal(err)
				}
				_, err := io.WriteString(o, "late")
				return err
			},
		},
		{
			name: "Write after Abort",
			fail: func(t *testing.T, o *outfile.File, target string) error {
				o.Abort()
				_, err := io.WriteString(o, "late")
				return err
			},
		},
		{
			name: "target turned into a folder before Commit",
			fail: func(t *testing.T, o *outfile.File, target string) error {
				os.Remove(target)
				mkdir(t, filepath.Join(target, "inside"))
				return o.Commit()
			},
		},
	}
	for _, tt := range tests {
		for _, existed := range []bool{false, true} {
			t.Run(fmt.Sprintf("%s/existed=%v", tt.name, existed), func(t *testing.T) {
				dir := t.TempDir()
				target := filepath.Join(dir, "out.svg")
				if existed {
					writeFile(t, target, "old", 0o644)
				}
				o, err := outfile.Create(context.Background(), target, "--svg", nil)
				if err != nil {
					t.Fatal(err)
				}
				io.WriteString(o, "new")
				err = tt.fail(t, o, target)
				if err == nil {
					t.Fatal("no error")
				}
				oe := asError(t, err)
				if oe.Bad {
					t.Errorf("Bad is true for %v", err)
				}
				checkMessage(t, err, "--svg", target)
				o.Abort()
				checkNoTemps(t, dir)
			})
		}
	}
}

func TestSet(t *testing.T) {
	tests := []struct {
		name string
		// setup returns the two outputs' names.
		setup   func(t *testing.T, dir string) (a, b string)
		refused bool
		stdout  bool // the refusal says "stdout"
	}{
		{
			name: "same new path",
			setup: func(t *testing.T, dir string) (string, string) {
				return filepath.Join(dir, "out"), filepath.Join(dir, "out")
			},
			refused: true,
		},
		{
			name: "same existing path",
			setup: func(t *testing.T, dir string) (string, string) {
				writeFile(t, filepath.Join(dir, "out"), "old", 0o644)
				return filepath.Join(dir, "out"), filepath.Join(dir, "out")
			},
			refused: true,
		},
		{
			name: "existing file and a link to it",
			setup: func(t *testing.T, dir string) (string, string) {
				writeFile(t, filepath.Join(dir, "out"), "old", 0o644)
				symlink(t, "out", filepath.Join(dir, "link"))
				return filepath.Join(dir, "out"), filepath.Join(dir, "link")
			},
			refused: true,
		},
		{
			name: "new path and a dangling link to it",
			setup: func(t *testing.T, dir string) (string, string) {
				symlink(t, "out", filepath.Join(dir, "link"))
				return filepath.Join(dir, "link"), filepath.Join(dir, "out")
			},
			refused: true,
		},
		{
			name: "two links to the same file",
			setup: func(t *testing.T, dir string) (string, string) {
				writeFile(t, filepath.Join(dir, "out"), "old", 0o644)
				symlink(t, "out", filepath.Join(dir, "l1"))
				symlink(t, filepath.Join(dir, "out"), filepath.Join(dir, "l2"))
				return filepath.Join(dir, "l1"), filepath.Join(dir, "l2")
			},
			refused: true,
		},
		{
			name: "./name and name, new",
			setup: func(t *testing.T, dir string) (string, string) {
				t.Chdir(dir)
				return "./out", "out"
			},
			refused: true,
		},
		{
			name: "./name and name, existing",
			setup: func(t *testing.T, dir string) (string, string) {
				t.Chdir(dir)
				writeFile(t, "out", "old", 0o644)
				return "out", "./out"
			},
			refused: true,
		},
		{
			name: "relative and absolute name",
			setup: func(t *testing.T, dir string) (string, string) {
				t.Chdir(dir)
				return "out", filepath.Join(dir, "out")
			},
			refused: true,
		},
		{
			name: "sub/../name and name",
			setup: func(t *testing.T, dir string) (string, string) {
				mkdir(t, filepath.Join(dir, "sub"))
				return filepath.Join(dir, "sub") + "/../out", filepath.Join(dir, "out")
			},
			refused: true,
		},
		{
			name: "hard link",
			setup: func(t *testing.T, dir string) (string, string) {
				writeFile(t, filepath.Join(dir, "out"), "old", 0o644)
				if err := os.Link(filepath.Join(dir, "out"), filepath.Join(dir, "hard")); err != nil {
					t.Fatal(err)
				}
				return filepath.Join(dir, "out"), filepath.Join(dir, "hard")
			},
			refused: true,
		},
		{
			name: "existing file through a linked folder",
			setup: func(t *testing.T, dir string) (string, string) {
				mkdir(t, filepath.Join(dir, "real"))
				writeFile(t, filepath.Join(dir, "real", "out"), "old", 0o644)
				symlink(t, "real", filepath.Join(dir, "lnk"))
				return filepath.Join(dir, "real", "out"), filepath.Join(dir, "lnk", "out")
			},
			refused: true,
		},
		{
			name:    "stdout twice",
			setup:   func(t *testing.T, dir string) (string, string) { return "-", "-" },
			refused: true,
			stdout:  true,
		},
		{
			name:  "/dev/null twice",
			setup: func(t *testing.T, dir string) (string, string) { return "/dev/null", "/dev/null" },
		},
		{
			name: "/dev/null and a link to it",
			setup: func(t *testing.T, dir string) (string, string) {
				symlink(t, "/dev/null", filepath.Join(dir, "null"))
				return "/dev/null", filepath.Join(dir, "null")
			},
		},
		{
			name: "two different files",
			setup: func(t *testing.T, dir string) (string, string) {
				writeFile(t, filepath.Join(dir, "b"), "old", 0o644)
				return filepath.Join(dir, "a"), filepath.Join(dir, "b")
			},
		},
		{
			name: "a file and stdout",
			setup: func(t *testing.T, dir string) (string, string) {
				return filepath.Join(dir, "a"), "-"
			},
		},
		{
			name: "two copies of a file",
			setup: func(t *testing.T, dir string) (string, string) {
				writeFile(t, filepath.Join(dir, "a"), "same", 0o644)
				writeFile(t, filepath.Join(dir, "b"), "same", 0o644)
				return filepath.Join(dir, "a"), filepath.Join(dir, "b")
			},
		},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			dir := t.TempDir()
			a, b := tt.setup(t, dir)
			var stdout bytes.Buffer
			var s outfile.Set
			oa, err := s.Create(context.Background(), a, "--svg", &stdout)
			if err != nil {
				t.Fatal(err)
			}
			ob, err := s.Create(context.Background(), b, "--png", &stdout)
			if !tt.refused {
				if err != nil {
					t.Fatalf("refused: %v", err)
				}
				io.WriteString(oa, "A")
				io.WriteString(ob, "B")
				if err := s.Commit(); err != nil {
					t.Fatal(err)
				}
				for _, p := range []struct{ name, want string }{{a, "A"}, {b, "B"}} {
					if p.name == "-" {
						if !strings.Contains(stdout.String(), p.want) {
							t.Errorf("stdout got %q", stdout.String())
						}
					} else if fi, err := os.Stat(p.name); err == nil && fi.Mode().IsRegular() {
						if got := readFile(t, p.name); got != p.want {
							t.Errorf("%s holds %q, want %q", p.name, got, p.want)
						}
					}
				}
				if fi, err := os.Lstat("/dev/null"); err != nil || fi.Mode()&fs.ModeCharDevice == 0 {
					t.Errorf("/dev/null is now %v (%v)", fi, err)
				}
				checkNoTemps(t, dir)
				return
			}
			if err == nil {
				ob.Abort()
				s.Abort()
				t.Fatalf("%s and %s both accepted", a, b)
			}
			if ob != nil {
				t.Error("a refused output is not nil")
			}
			if oe := asError(t, err); !oe.Bad {
				t.Errorf("Bad is false for %v", err)
			}
			want := []string{"--svg", "--png", a, b}
			if tt.stdout {
				want = append(want, "stdout")
			}
			checkMessage(t, err, want...)
			// The first output is still good.
			io.WriteString(oa, "A")
			if err := s.Commit(); err != nil {
				t.Fatal(err)
			}
			if a != "-" {
				if got := readFile(t, a); got != "A" {
					t.Errorf("%s holds %q", a, got)
				}
			}
			checkNoTemps(t, dir)
		})
	}
}

// TestSetNewFileThroughLinkedFolder: two names for one new file, through a
// linked folder, must be refused like two names for an existing file.
func TestSetNewFileThroughLinkedFolder(t *testing.T) {
	dir := t.TempDir()
	mkdir(t, filepath.Join(dir, "real"))
	symlink(t, "real", filepath.Join(dir, "lnk"))
	var s outfile.Set
	a, b := filepath.Join(dir, "real", "out"), filepath.Join(dir, "lnk", "out")
	if _, err := s.Create(context.Background(), a, "--svg", nil); err != nil {
		t.Fatal(err)
	}
	defer s.Abort()
	ob, err := s.Create(context.Background(), b, "--png", nil)
	if err == nil {
		ob.Abort()
		t.Fatalf("%s and %s, the same new file, both accepted", a, b)
	}
	checkMessage(t, err, "--svg", "--png")
}

func TestSetOff(t *testing.T) {
	var s outfile.Set
	o, err := s.Create(context.Background(), "", "--svg", nil)
	if o != nil || err != nil {
		t.Fatalf("Create(\"\") = %v, %v; want nil, nil", o, err)
	}
	if err := o.Commit(); err != nil {
		t.Errorf("Commit on nil: %v", err)
	}
	o.Abort()
	if err := s.Commit(); err != nil {
		t.Error(err)
	}
}

func TestSetCommit(t *testing.T) {
	dir := t.TempDir()
	var s outfile.Set
	var stdout bytes.Buffer
	names := []string{filepath.Join(dir, "a.svg"), filepath.Join(dir, "b.png"), "-", "/dev/null"}
	writeFile(t, names[1], "old", 0o600)
	var files []*outfile.File
	for i, n := range names {
		o, err := s.Create(context.Background(), n, fmt.Sprintf("--out%d", i), &stdout)
		if err != nil {
			t.Fatal(err)
		}
		files = append(files, o)
	}
	for i, o := range files {
		fmt.Fprintf(o, "output %d", i)
	}
	if got := readFile(t, names[1]); got != "old" {
		t.Errorf("before Commit %s holds %q", names[1], got)
	}
	if err := s.Commit(); err != nil {
		t.Fatal(err)
	}
	if got := readFile(t, names[0]); got != "output 0" {
		t.Errorf("%s holds %q", names[0], got)
	}
	if got := readFile(t, names[1]); got != "output 1" {
		t.Errorf("%s holds %q", names[1], got)
	}
	if fi, _ := os.Stat(names[1]); fi.Mode().Perm() != 0o600 {
		t.Errorf("%s mode %v, want 0600", names[1], fi.Mode().Perm())
	}
	if stdout.String() != "output 2" {
		t.Errorf("stdout got %q", stdout.String())
	}
	s.Abort() // after Commit: nothing changes
	if got := readFile(t, names[0]); got != "output 0" {
		t.Errorf("after Abort %s holds %q", names[0], got)
	}
	checkNoTemps(t, dir)
}

// TestSetCommitFails: a failed output stops the commit, and the outputs
// after it are aborted.
func TestSetCommitFails(t *testing.T) {
	if _, err := os.Stat("/dev/full"); err != nil {
		t.Skip("no /dev/full")
	}
	dir := t.TempDir()
	first, last := filepath.Join(dir, "first"), filepath.Join(dir, "last")
	writeFile(t, last, "old", 0o644)
	var s outfile.Set
	var files []*outfile.File
	for _, n := range []string{first, "/dev/full", last} {
		o, err := s.Create(context.Background(), n, "--"+filepath.Base(n), nil)
		if err != nil {
			t.Fatal(err)
		}
		files = append(files, o)
	}
	for _, o := range files {
		io.WriteString(o, "new")
	}
	err := s.Commit()
	if err == nil {
		t.Fatal("Commit succeeded")
	}
	checkMessage(t, err, "/dev/full", "no space left on device")
	if got := readFile(t, first); got != "new" {
		t.Errorf("%s, committed before the failure, holds %q", first, got)
	}
	if got := readFile(t, last); got != "old" {
		t.Errorf("%s, after the failure, holds %q; want it aborted", last, got)
	}
	checkNoTemps(t, dir)
}

func TestSetAbort(t *testing.T) {
	dir := t.TempDir()
	a, b := filepath.Join(dir, "a"), filepath.Join(dir, "b")
	writeFile(t, b, "old", 0o644)
	var s outfile.Set
	for _, n := range []string{a, b} {
		o, err := s.Create(context.Background(), n, "--x", nil)
		if err != nil {
			t.Fatal(err)
		}
		io.WriteString(o, "new")
	}
	s.Abort()
	if _, err := os.Lstat(a); !errors.Is(err, fs.ErrNotExist) {
		t.Errorf("%s exists after Abort", a)
	}
	if got := readFile(t, b); got != "old" {
		t.Errorf("%s holds %q after Abort", b, got)
	}
	checkNoTemps(t, dir)
}

// TestRemoveTemps: a command defers RemoveTemps, so a panic between Create
// and Commit leaves no temporary.
func TestRemoveTemps(t *testing.T) {
	dir := t.TempDir()
	a, b := filepath.Join(dir, "a.svg"), filepath.Join(dir, "b.svg")
	writeFile(t, b, "old", 0o644)
	var s outfile.Set
	func() {
		defer func() {
			if r := recover(); r != "boom" {
				t.Errorf("recovered %v", r)
			}
		}()
		defer outfile.RemoveTemps()
		for _, n := range []string{a, b} {
			o, err := s.Create(context.Background(), n, "--x", nil)
			if err != nil {
				t.Fatal(err)
			}
			io.WriteString(o, "new")
		}
		if n := len(outfile.Temps()); n != 2 {
			t.Errorf("%d temporaries registered, want 2", n)
		}
		if ents, _ := filepath.Glob(filepath.Join(dir, ".*.tmp")); len(ents) != 2 {
			t.Errorf("temporaries on disk: %v, want 2", ents)
		}
		panic("boom")
	}()
	checkNoTemps(t, dir)
	if len(outfile.Temps()) != 0 {
		t.Errorf("Temps() = %v after RemoveTemps", outfile.Temps())
	}
	if _, err := os.Lstat(a); !errors.Is(err, fs.ErrNotExist) {
		t.Errorf("%s exists", a)
	}
	if got := readFile(t, b); got != "old" {
		t.Errorf("%s holds %q", b, got)
	}
	s.Abort() // closes the files; the temporaries are gone already
	checkNoTemps(t, dir)
}

func TestWriteFolder(t *testing.T) {
	build1 := map[string][]byte{"index.html": []byte("<h1>1</h1>"), "step1.svg": []byte("<svg>1</svg>")}
	build2 := map[string][]byte{"index.html": []byte("<h1>2</h1>"), "step1.svg": []byte("<svg>2</svg>")}
	type want int
	const (
		ok         want = iota // path holds exactly files
		foreign                // *FolderError, path untouched
		bad                    // *Error with Bad, path untouched
		refused                // another error, path untouched
		notCreated             // an error, path does not exist
	)
	tests := []struct {
		name        string
		setup       func(t *testing.T, path string)
		files       map[string][]byte
		force       bool
		want        want
		wantForeign []string
		kept        map[string][]byte // ok: files that stay beside files (--force)
	}{
		{name: "new folder", files: build1, want: ok},
		{name: "new empty folder", files: map[string][]byte{}, want: ok},
		{
			name:  "replaces an empty folder",
			setup: func(t *testing.T, path string) { mkdir(t, path) },
			files: build1, want: ok,
		},
		{
			name:  "replaces the same build",
			setup: func(t *testing.T, path string) { writeFolder(t, path, build1) },
			files: build1, want: ok,
		},
		{
			name:  "replaces an earlier build",
			setup: func(t *testing.T, path string) { writeFolder(t, path, build1) },
			files: build2, want: ok,
		},
		{
			name:  "replaces a build with fewer files",
			setup: func(t *testing.T, path string) { writeFolder(t, path, map[string][]byte{"index.html": []byte("old")}) },
			files: build2, want: ok,
		},
		{
			name:  "a build with more files than this one",
			setup: func(t *testing.T, path string) { writeFolder(t, path, build1) },
			files: map[string][]byte{"index.html": []byte("only")}, want: foreign,
			wantForeign: []string{"step1.svg"},
		},
		{
			name: "a folder with a teacher's notes",
			setup: func(t *testing.T, path string) {
				writeFolder(t, path, build1)
				writeFile(t, filepath.Join(path, "teacher-notes.md"), "do not lose", 0o644)
			},
			files: build2, want: foreign, wantForeign: []string{"teacher-notes.md"},
		},
		{
			// --force writes beside the notes; it deletes only the
			// build's own files (newcomer trial 2, N6).
			name: "a folder with a teacher's notes, forced",
			setup: func(t *testing.T, path string) {
				writeFolder(t, path, build1)
				writeFile(t, filepath.Join(path, "teacher-notes.md"), "do not lose", 0o644)
			},
			files: build2, force: true, want: ok,
			kept: map[string][]byte{"teacher-notes.md": []byte("do not lose")},
		},
		{
			name: "a folder with subfolders and dotfiles, forced",
			setup: func(t *testing.T, path string) {
				mkdir(t, filepath.Join(path, "Documents", "thesis"))
				writeFile(t, filepath.Join(path, "step1.svg"), "old", 0o644)
				writeFile(t, filepath.Join(path, "Documents", "thesis", "ch1.tex"), "chapter", 0o644)
				writeFile(t, filepath.Join(path, ".ssh"), "key", 0o600)
			},
			files: build2, force: true, want: ok,
			kept: map[string][]byte{".ssh": []byte("key"), "Documents/thesis/ch1.tex": []byte("chapter")},
		},
		{
			name: "a subfolder named like a file, forced",
			setup: func(t *testing.T, path string) {
				mkdir(t, filepath.Join(path, "step1.svg"))
			},
			files: build2, force: true, want: foreign, wantForeign: []string{"step1.svg"},
		},
		{
			name: "a folder with a subfolder named like a file",
			setup: func(t *testing.T, path string) {
				mkdir(t, filepath.Join(path, "step1.svg"))
				writeFile(t, filepath.Join(path, "index.html"), "old", 0o644)
			},
			files: build2, want: foreign, wantForeign: []string{"step1.svg"},
		},
		{
			name: "a folder with a link named like a file",
			setup: func(t *testing.T, path string) {
				mkdir(t, path)
				writeFile(t, filepath.Join(filepath.Dir(path), "elsewhere"), "keep", 0o644)
				symlink(t, "../elsewhere", filepath.Join(path, "index.html"))
			},
			files: build2, want: foreign, wantForeign: []string{"index.html"},
		},
		{
			name: "a folder with hidden and nested foreign files",
			setup: func(t *testing.T, path string) {
				mkdir(t, filepath.Join(path, "drafts"))
				writeFile(t, filepath.Join(path, "drafts", "a.md"), "draft", 0o644)
				writeFile(t, filepath.Join(path, ".git"), "gitdir: x", 0o644)
				writeFile(t, filepath.Join(path, "index.html"), "old", 0o644)
			},
			files: build2, want: foreign, wantForeign: []string{".git", "drafts/"},
		},
		{
			name:  "a file at the path",
			setup: func(t *testing.T, path string) { writeFile(t, path, "a file", 0o644) },
			files: build1, want: bad,
		},
		{
			name:  "a file at the path, forced",
			setup: func(t *testing.T, path string) { writeFile(t, path, "a file", 0o644) },
			files: build1, force: true, want: bad,
		},
		{
			name: "a link to a folder at the path",
			setup: func(t *testing.T, path string) {
				writeFolder(t, path+"-real", build1)
				symlink(t, filepath.Base(path)+"-real", path)
			},
			files: build2, want: bad,
		},
		{name: "name ../x", files: map[string][]byte{"../x": nil}, want: notCreated},
		{name: "name a/b", files: map[string][]byte{"a/b": nil}, want: notCreated},
		{name: `name a\b`, files: map[string][]byte{`a\b`: nil}, want: notCreated},
		{name: "name /abs", files: map[string][]byte{"/abs": nil}, want: notCreated},
		{name: "empty name", files: map[string][]byte{"": nil}, want: notCreated},
		{name: "name .", files: map[string][]byte{".": nil}, want: notCreated},
		{name: "name ..", files: map[string][]byte{"..": nil}, want: notCreated},
		{
			name:  "bad name over an earlier build",
			setup: func(t *testing.T, path string) { writeFolder(t, path, build1) },
			files: map[string][]byte{"index.html": nil, "../x": nil}, want: refused,
		},
		{
			// A name the system refuses: the write fails midway, and the
			// temporary folder goes.
			name:  "unwritable name",
			files: map[string][]byte{"a.svg": []byte("a"), "b\x00.svg": []byte("b")}, want: notCreated,
		},
		{
			name:  "unwritable name over an earlier build",
			setup: func(t *testing.T, path string) { writeFolder(t, path, build1) },
			files: map[string][]byte{"index.html": nil, "b\x00.svg": []byte("b")}, want: refused,
		},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			parent := t.TempDir()
			path := filepath.Join(parent, "lesson")
			if tt.setup != nil {
				tt.setup(t, path)
			}
			before := snapshot(t, parent)
			err := outfile.WriteFolder(path, tt.files, tt.force)
			checkNoTemps(t, parent)
			if tt.want == ok {
				if err != nil {
					t.Fatal(err)
				}
				if tt.kept != nil {
					for n, b := range tt.kept {
						if got := readFile(t, filepath.Join(path, n)); got != string(b) {
							t.Errorf("%s holds %q, want %q kept", n, got, b)
						}
					}
					for n, b := range tt.files {
						if got := readFile(t, filepath.Join(path, n)); got != string(b) {
							t.Errorf("%s holds %q, want %q", n, got, b)
						}
					}
					return
				}
				checkFolder(t, path, tt.files)
				if fi, err := os.Lstat(path); err != nil {
					t.Error(err)
				} else if !fi.IsDir() || fi.Mode().Perm() != 0o755 {
					t.Errorf("folder mode %v, want a folder 0755", fi.Mode())
				}
				return
			}
			if err == nil {
				t.Fatal("WriteFolder succeeded")
			}
			if strings.Contains(err.Error(), ".tmp") {
				t.Errorf("message %q names a temporary", err)
			}
			if !strings.Contains(err.Error(), path) {
				t.Errorf("message %q does not name %s", err, path)
			}
			after := snapshot(t, parent)
			if !reflect.DeepEqual(before, after) {
				t.Errorf("the folder changed:\nbefore %v\nafter  %v", before, after)
			}
			switch tt.want {
			case foreign:
				var fe *outfile.FolderError
				if !errors.As(err, &fe) {
					t.Fatalf("error %v (%T), want a *FolderError", err, err)
				}
				if fe.Path != path || !reflect.DeepEqual(fe.Foreign, tt.wantForeign) {
					t.Errorf("FolderError %q %q, want %q %q", fe.Path, fe.Foreign, path, tt.wantForeign)
				}
				for _, f := range tt.wantForeign {
					if !strings.Contains(err.Error(), f) {
						t.Errorf("message %q does not name %s", err, f)
					}
				}
				if !fe.Force && !strings.Contains(err.Error(), "--force") {
					t.Errorf("message %q does not mention --force", err)
				}
			case bad:
				if oe := asError(t, err); !oe.Bad {
					t.Errorf("Bad is false for %v", err)
				}
			case notCreated:
				if _, err := os.Lstat(path); !errors.Is(err, fs.ErrNotExist) {
					t.Errorf("%s exists after a failed write", path)
				}
			}
		})
	}
}

// writeFolder writes files as the folder path with WriteFolder, as an
// earlier build would have.
func writeFolder(t *testing.T, path string, files map[string][]byte) {
	t.Helper()
	if err := outfile.WriteFolder(path, files, false); err != nil {
		t.Fatal(err)
	}
}

// checkFolder checks that path holds exactly files.
func checkFolder(t *testing.T, path string, files map[string][]byte) {
	t.Helper()
	ents, err := os.ReadDir(path)
	if err != nil {
		t.Fatal(err)
	}
	var got, want []string
	for _, e := range ents {
		got = append(got, e.Name())
		if !e.Type().IsRegular() {
			t.Errorf("%s is %v, want a file", e.Name(), e.Type())
		}
	}
	for n, b := range files {
		want = append(want, n)
		if s := readFile(t, filepath.Join(path, n)); s != string(b) {
			t.Errorf("%s holds %q, want %q", n, s, b)
		}
	}
	sort.Strings(want)
	if !reflect.DeepEqual(got, want) && len(got)+len(want) > 0 {
		t.Errorf("%s holds %q, want %q", path, got, want)
	}
}

// snapshot records every path under dir with its type and content.
func snapshot(t *testing.T, dir string) map[string]string {
	t.Helper()
	m := map[string]string{}
	filepath.WalkDir(dir, func(p string, d fs.DirEntry, err error) error {
		if err != nil {
			return nil
		}
		switch {
		case d.Type()&fs.ModeSymlink != 0:
			to, _ := os.Readlink(p)
			m[p] = "link " + to
		case d.Type().IsRegular():
			b, _ := os.ReadFile(p)
			m[p] = "file " + string(b)
		default:
			m[p] = d.Type().String()
		}
		return nil
	})
	return m
}

func TestWriteFolderMissingParent(t *testing.T) {
	parent := t.TempDir()
	path := filepath.Join(parent, "missing", "lesson")
	err := outfile.WriteFolder(path, map[string][]byte{"index.html": nil}, false)
	if err == nil {
		t.Fatal("WriteFolder into a missing folder succeeded")
	}
	checkMessage(t, err, path)
	checkNoTemps(t, parent)
	if _, err := os.Lstat(filepath.Join(parent, "missing")); !errors.Is(err, fs.ErrNotExist) {
		t.Error("the missing folder was made")
	}
	if oe := asError(t, err); !oe.Bad {
		t.Errorf("Bad is false for %v", err)
	}
}

// TestWriteFolderTrailingSlash: "lesson/", as shell completion types it,
// names the folder lesson.
func TestWriteFolderTrailingSlash(t *testing.T) {
	build := map[string][]byte{"index.html": []byte("1")}
	for _, existed := range []bool{false, true} {
		parent := t.TempDir()
		path := filepath.Join(parent, "lesson")
		if existed {
			writeFolder(t, path, map[string][]byte{"index.html": []byte("0")})
		}
		if err := outfile.WriteFolder(path+"/", build, false); err != nil {
			t.Errorf("existed=%v: %v", existed, err)
			continue
		}
		checkFolder(t, path, build)
		checkNoTemps(t, parent)
	}
}

func TestFolderErrorMessage(t *testing.T) {
	e := &outfile.FolderError{Path: "lesson", Foreign: []string{"a", "b", "c", "d", "e", "f", "g"}}
	want := "lesson holds files this build did not write (a, b, c, d, e and 2 more): move them away, or give --force to write beside them (only the build's own files are replaced)"
	if e.Error() != want {
		t.Errorf("got %q\nwant %q", e.Error(), want)
	}
	e.Foreign = []string{"teacher-notes.md"}
	if !strings.Contains(e.Error(), "(teacher-notes.md)") {
		t.Errorf("got %q", e.Error())
	}
}
