package cli

import (
	"flag"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

var update = flag.Bool("update", false, "rewrite the golden help texts in testdata/help")

// TestHelpGolden pins the help of the commands that take a problem, whose
// problem flags (--nums, --target, --reuse, --dedup) are built from the
// registered problems' Def.Flags: the golden files were the help before
// the flags moved onto the Defs, except where the move changed it on
// purpose (the problems that declare a flag are named in the order of the
// problem list, --dedup's help no longer says --nums, and compare's --nums
// has trace's help). -update rewrites them.
func TestHelpGolden(t *testing.T) {
	for _, args := range [][]string{{"help"}, {"help", "trace"}, {"step", "-h"}, {"compare", "-h"}} {
		name := strings.Join(args, "-") + ".txt"
		t.Run(name, func(t *testing.T) {
			code, out, errs := runCLI(t, "", args...)
			if code != exitOK || errs != "" {
				t.Fatalf("exit %d, stderr %q", code, errs)
			}
			path := filepath.Join(pkgDir, "testdata", "help", name)
			if *update {
				if err := os.MkdirAll(filepath.Dir(path), 0o755); err != nil {
					t.Fatal(err)
				}
				if err := os.WriteFile(path, []byte(out), 0o644); err != nil {
					t.Fatal(err)
				}
			}
			want, err := os.ReadFile(path)
			if err != nil {
				t.Fatalf("%v (run with -update to write it)", err)
			}
			if out != string(want) {
				t.Errorf("%s differs from %s:\n%s", strings.Join(args, " "), path, out)
			}
		})
	}
}
