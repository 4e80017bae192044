package outfile_test

import (
	"context"
	"os"
	"path/filepath"
	"strings"
	"syscall"
	"testing"
	"time"

	"github.com/backtrack-edu/backtrack/render/outfile"
)

// TestZeroArguments: an empty name, a nil stdout, a nil own or a nil
// context is an error or its default, never a panic, and an empty folder
// name is never the working folder.
func TestZeroArguments(t *testing.T) {
	dir := t.TempDir()
	// An empty folder name once meant the working folder: let it be one
	// that may be written.
	t.Chdir(t.TempDir())
	fifo := filepath.Join(dir, "pipe")
	if err := syscall.Mkfifo(fifo, 0o644); err != nil {
		t.Fatalf("mkfifo: %v", err)
	}
	tests := []struct {
		name string
		call func() error
		want string // a part of the error; "" wants none
	}{
		{"Create - with no stdout", func() error { _, err := outfile.Create(context.Background(), "-", "--dot", nil); return err },
			"--dot -: no writer was given for stdout"},
		{"Set.Create /dev/stdout with no stdout", func() error {
			var s outfile.Set
			_, err := s.Create(context.Background(), "/dev/stdout", "--html", nil)
			return err
		}, "--html /dev/stdout: no writer was given for stdout"},
		{"Create a FIFO with a nil ctx", func() error {
			go func() {
				time.Sleep(50 * time.Millisecond)
				if f, err := os.Open(fifo); err == nil {
					f.Close()
				}
			}()
			f, err := outfile.Create(nil, fifo, "--dot", nil) //nolint:staticcheck // a nil context is what is tested
			if err == nil {
				f.Abort()
			}
			return err
		}, ""},
		{"OpenFolder with no name", func() error {
			_, err := outfile.OpenFolder("--frames", "", func(string) bool { return true }, true)
			return err
		},
			`--frames "": the folder name is empty`},
		{"WriteFolder with no name", func() error { return outfile.WriteFolder("", map[string][]byte{"a.txt": nil}, true) },
			"the folder name is empty"},
		{"OpenFolder with a nil own: no name is its own", func() error {
			f, err := outfile.OpenFolder("--frames", filepath.Join(dir, "frames"), nil, false)
			if err != nil {
				return err
			}
			defer f.Abort()
			return f.Add("frame-0001.svg", []byte("<svg/>"))
		}, `bad file name "frame-0001.svg"`},
		{"OpenFolder with a nil own, over a folder", func() error {
			old := filepath.Join(dir, "old")
			if err := os.Mkdir(old, 0o755); err != nil {
				return err
			}
			if err := os.WriteFile(filepath.Join(old, "frame-0001.svg"), nil, 0o644); err != nil {
				return err
			}
			_, err := outfile.OpenFolder("--frames", old, nil, false)
			return err
		}, "holds files this build did not write (frame-0001.svg)"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			var err error
			func() {
				defer func() {
					if r := recover(); r != nil {
						t.Fatalf("panic: %v", r)
					}
				}()
				err = tt.call()
			}()
			switch {
			case tt.want == "" && err != nil:
				t.Errorf("err %v, want none", err)
			case tt.want != "" && (err == nil || !strings.Contains(err.Error(), tt.want)):
				t.Errorf("err %v, want one saying %q", err, tt.want)
			}
		})
	}
}
