package cli

import (
	"bytes"
	"runtime"
	"runtime/debug"
	"strings"
	"testing"
)

func TestWriteVersion(t *testing.T) {
	for _, tc := range []struct {
		name string
		f    buildFacts
		want []string
	}{
		{"stamped", buildFacts{module: "(devel)", revision: "0123abcd", time: "2026-11-26T23:00:00Z", goVer: "go1.26.8"},
			[]string{"backtrack " + version + "\n", "module:  (devel)\n", "commit:  0123abcd (2026-11-26T23:00:00Z)\n", "go:      go1.26.8\n"}},
		{"modified", buildFacts{module: "v1.0.0", revision: "0123abcd", modified: true, goVer: "go1.26.8"},
			[]string{"module:  v1.0.0\n", "commit:  0123abcd, modified: the tree had uncommitted changes\n"}},
		{"no stamp", buildFacts{goVer: "go1.26.8"},
			[]string{"module:  unknown\n", "commit:  unknown (built without VCS information"}},
	} {
		t.Run(tc.name, func(t *testing.T) {
			var b bytes.Buffer
			if err := writeVersion(&b, tc.f); err != nil {
				t.Fatal(err)
			}
			for _, w := range tc.want {
				if !strings.Contains(b.String(), w) {
					t.Errorf("version output\n%s\nlacks %q", b.String(), w)
				}
			}
		})
	}
}

// TestVersionInAProgram: in a program of its own that runs cli.Main,
// version names backtrack's module version (a dependency's) and the
// program; before, it printed the program's version as backtrack's.
func TestVersionInAProgram(t *testing.T) {
	for _, tc := range []struct {
		name string
		bi   *debug.BuildInfo
		want string
	}{
		{"backtrack itself", &debug.BuildInfo{Main: debug.Module{Path: modulePath, Version: "v0.2.0"}}, "module:  v0.2.0\n"},
		{"a program", &debug.BuildInfo{Main: debug.Module{Path: "example.com/palin", Version: "(devel)"},
			Deps: []*debug.Module{{Path: "golang.org/x/text", Version: "v0.22.0"}, {Path: modulePath, Version: "v0.2.0"}}},
			"module:  v0.2.0, in the program example.com/palin (devel)\n"},
		{"a program with a replace", &debug.BuildInfo{Main: debug.Module{Path: "example.com/palin", Version: "(devel)"},
			Deps: []*debug.Module{{Path: modulePath, Version: "v0.2.0", Replace: &debug.Module{Path: "../backtrack"}}}},
			"module:  v0.2.0 => ../backtrack, in the program example.com/palin (devel)\n"},
		{"no build information", nil, "module:  unknown\n"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			var b bytes.Buffer
			if err := writeVersion(&b, factsOf(tc.bi)); err != nil {
				t.Fatal(err)
			}
			if !strings.Contains(b.String(), tc.want) {
				t.Errorf("version printed\n%s\nwant %q", b.String(), tc.want)
			}
		})
	}
}

// TestVersionCommand runs the command: the tool's version first, the Go
// version last.
func TestVersionCommand(t *testing.T) {
	var out, errb bytes.Buffer
	if code := run([]string{"version"}, nil, &out, &errb); code != exitOK {
		t.Fatalf("exit %d: %s", code, errb.String())
	}
	lines := strings.Split(strings.TrimSuffix(out.String(), "\n"), "\n")
	if len(lines) != 4 || lines[0] != "backtrack "+version || lines[3] != "go:      "+runtime.Version() {
		t.Errorf("version printed %q", out.String())
	}
}
