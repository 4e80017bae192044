package cli

import (
	"bytes"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// TestLessonSiteFlags: --site's bad combinations are one usage line each.
func TestLessonSiteFlags(t *testing.T) {
	dir := t.TempDir()
	for _, tc := range []struct {
		args []string
		want string
	}{
		{[]string{"lesson", "build", "--all", "--site", dir, "-o", dir}, "give -o DIR (Markdown folders) or --site DIR (a web site), not both"},
		{[]string{"lesson", "build", "--all", "--site", dir, "--lang", "zh"}, "leave out --lang"},
		{[]string{"lesson", "build", "--all", "--no-playground", "-o", dir}, "--no-playground goes with --site"},
		{[]string{"lesson", "build", "--all"}, "-o DIR or --site DIR is required"},
		{[]string{"lesson", "build", "--all", "--site", filepath.Join(dir, "no", "site")}, "does not exist"},
	} {
		var out, errb bytes.Buffer
		code := run(tc.args, nil, &out, &errb)
		if code != exitUsage || !strings.Contains(errb.String(), tc.want) || strings.Count(errb.String(), "\n") != 1 {
			t.Errorf("%v: exit %d, stderr %q; want exit 2 and one line with %q", tc.args, code, errb.String(), tc.want)
		}
	}
}

// TestLegalCopies: the licence texts the course site embeds
// (license.txt, third_party.md in this package's folder, for go:embed)
// are the repository's LICENSE and THIRD_PARTY.md.
func TestLegalCopies(t *testing.T) {
	for _, c := range []struct {
		root     string
		embedded []byte
	}{{"LICENSE", licenseText}, {"THIRD_PARTY.md", thirdPartyText}} {
		b, err := os.ReadFile(c.root) // TestMain runs the tests in the repository's root
		if err != nil {
			t.Fatal(err)
		}
		if !bytes.Equal(b, c.embedded) {
			t.Errorf("render/cli's copy of %s differs from the root's: run go generate ./render/cli", c.root)
		}
	}
}
