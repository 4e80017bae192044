package outfile_test

import (
	"context"
	"errors"
	"os"
	"path/filepath"
	"testing"

	"github.com/backtrack-edu/backtrack/render/outfile"
)

// TestCreateTrailingSlash: a file output named with a trailing slash names
// a folder; Create refuses it (Bad) and writes nothing, whether a file of
// that name exists or not.
func TestCreateTrailingSlash(t *testing.T) {
	dir := t.TempDir()
	old := filepath.Join(dir, "old.svg")
	if err := os.WriteFile(old, []byte("keep"), 0o644); err != nil {
		t.Fatal(err)
	}
	for _, name := range []string{filepath.Join(dir, "new.svg") + "/", old + "/", dir + "/"} {
		o, err := outfile.Create(context.Background(), name, "--svg", nil)
		var oe *outfile.Error
		if err == nil || !errors.As(err, &oe) || !oe.Bad {
			o.Abort()
			t.Errorf("Create(%q): %v, want a Bad *Error", name, err)
			continue
		}
		checkMessage(t, err, "--svg "+name, "ends in /")
	}
	if es, _ := os.ReadDir(dir); len(es) != 1 {
		t.Errorf("the folder holds %d entries, want old.svg alone", len(es))
	}
	if b, _ := os.ReadFile(old); string(b) != "keep" {
		t.Errorf("old.svg holds %q", b)
	}
}
