package cli

import (
	"bytes"
	"runtime"
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
