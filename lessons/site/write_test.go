package site

import (
	"errors"
	"io/fs"
	"os"
	"os/exec"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"github.com/backtrack-edu/backtrack/lessons"
	"github.com/backtrack-edu/backtrack/render/outfile"
)

// writeTestFiles is a small site of lesson dedup (no playground): the
// names a site build writes, with made-up bytes.
func writeTestFiles(body string) map[string][]byte {
	files := map[string][]byte{}
	for _, n := range []string{"index.html", "site.css", "licences.html", "en/index.html", "zh/index.html",
		"en/dedup/index.html", "en/dedup/index.md", "zh/dedup/index.html", "zh/dedup/index.md"} {
		files[n] = []byte(body + " " + n)
	}
	return files
}

// writeTree makes the files of tree (slash path -> contents; a path
// ending in / is an empty folder) under dir.
func writeTree(t *testing.T, dir string, tree map[string]string) {
	t.Helper()
	for p, b := range tree {
		full := filepath.Join(dir, filepath.FromSlash(p))
		if strings.HasSuffix(p, "/") {
			if err := os.MkdirAll(full, 0o755); err != nil {
				t.Fatal(err)
			}
			continue
		}
		if err := os.MkdirAll(filepath.Dir(full), 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(full, []byte(b), 0o644); err != nil {
			t.Fatal(err)
		}
	}
}

// readTree returns every file under dir, slash path -> contents.
func readTree(t *testing.T, dir string) map[string]string {
	t.Helper()
	got := map[string]string{}
	filepath.WalkDir(dir, func(p string, d fs.DirEntry, err error) error {
		if err != nil || d.IsDir() {
			return err
		}
		rel, _ := filepath.Rel(dir, p)
		b, _ := os.ReadFile(p)
		got[filepath.ToSlash(rel)] = string(b)
		return nil
	})
	return got
}

// TestFolder: what a site folder holds decides what Open and Write do.
// Someone else's files are refused before any work, or with force kept,
// never deleted; the files of an earlier site (those Marker lists) and of
// `lesson build -o` are the tool's own; no temporary folder is left.
func TestFolder(t *testing.T) {
	ls, err := lessons.Lookup("dedup")
	if err != nil {
		t.Fatal(err)
	}
	legacy := "A course site built by `backtrack lesson build --site`: a new build replaces this folder.\n"
	tests := []struct {
		name   string
		before map[string]string // nil: the folder does not exist
		force  bool
		refuse []string // Open refuses, naming these
		gone   []string // files of before that are gone after (the rest is kept or written)
	}{
		{name: "new folder"},
		{name: "empty folder", before: map[string]string{}},
		{name: "an earlier site", before: map[string]string{Marker: "# x\nen/dedup/old.svg\nindex.html\n", "en/dedup/old.svg": "old", "index.html": "old"},
			gone: []string{"en/dedup/old.svg"}},
		{name: "an earlier site with a teacher's note", before: map[string]string{Marker: "# x\nindex.html\n", "index.html": "old", "notes.md": "mine"},
			refuse: []string{"notes.md", "--force"}},
		{name: "an earlier site with a teacher's note, forced", before: map[string]string{Marker: "# x\nindex.html\nen/dedup/old.svg\n", "index.html": "old", "en/dedup/old.svg": "old", "notes.md": "mine"},
			force: true, gone: []string{"en/dedup/old.svg"}},
		{name: "a folder of others' files", before: map[string]string{"sub/ch1.tex": "thesis", ".key": "k", "notes.md": "n"},
			refuse: []string{"sub/", ".key", "notes.md"}},
		{name: "a folder of others' files, forced", before: map[string]string{"sub/ch1.tex": "thesis", ".key": "k", "notes.md": "n", "en/notes.md": "n", "en/dedup/mine.md": "m", "empty/": ""},
			force: true},
		{name: "another's file at a site name, forced", before: map[string]string{"index.html": "my home page"},
			force: true, refuse: []string{"index.html", "move them away"}},
		{name: "a folder at a site file's name, forced", before: map[string]string{"site.css/": ""},
			force: true, refuse: []string{"site.css/"}},
		{name: "a file at a site folder's name, forced", before: map[string]string{"en": "x"},
			force: true, refuse: []string{"en"}},
		{name: "lesson build -o's folder", before: map[string]string{"en/dedup/index.md": "md", "en/dedup/both.svg": "svg", "zh/dedup/index.md": "md"}},
		{name: "lesson build -o's folder with a worksheet", before: map[string]string{"en/dedup/index.md": "md", "en/exercises/worksheet.md": "w", "en/exercises/key.md": "k"}},
		{name: "lesson build -o's folder of another lesson", before: map[string]string{"en/permutations/index.md": "md"}},
		{name: "a stopped build's temporary folder", before: map[string]string{Marker: "# x\nindex.html\n", "index.html": "old", ".backtrack-site.123.tmp/en/index.html": "junk"},
			gone: []string{".backtrack-site.123.tmp/en/index.html"}},
		{name: "a stopped build's temporary folder, beside a note, forced", before: map[string]string{"notes.md": "n", ".backtrack-site.123.tmp/en/index.html": "junk"},
			force: true, gone: []string{".backtrack-site.123.tmp/en/index.html"}},
		{name: "a site built before the list", before: map[string]string{Marker: legacy, "index.html": "old", "en/permutations/index.html": "old"},
			gone: []string{"en/permutations/index.html"}},
		{name: "a site built before the list, and a note", before: map[string]string{Marker: legacy, "index.html": "old", "en/notes.md": "n"},
			refuse: []string{"en/notes.md"}},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			parent := t.TempDir()
			dir := filepath.Join(parent, "site")
			if tc.before != nil {
				os.Mkdir(dir, 0o755)
				writeTree(t, dir, tc.before)
			}
			f, err := Open("--site", dir, ls, false, tc.force)
			if tc.refuse != nil {
				var fe *outfile.FolderError
				if !errors.As(err, &fe) {
					t.Fatalf("Open: %v, want a refusal naming %q", err, tc.refuse)
				}
				for _, w := range tc.refuse {
					if !strings.Contains(err.Error(), w) {
						t.Errorf("refusal %q does not name %q", err, w)
					}
				}
			} else {
				if err != nil {
					t.Fatalf("Open: %v", err)
				}
				files := writeTestFiles("new")
				if err := f.Write(files); err != nil {
					t.Fatalf("Write: %v", err)
				}
				got := readTree(t, dir)
				for n, b := range files {
					if got[n] != string(b) {
						t.Errorf("%s holds %q, want %q", n, got[n], b)
					}
				}
				listed, legacy, err := readMarker(filepath.Join(dir, Marker))
				if err != nil || legacy || !slices.Equal(listed, Names(files)) {
					t.Errorf("the marker lists %v (legacy %v, %v), want %v", listed, legacy, err, Names(files))
				}
			}
			// Of what was there, only the earlier site's files that the new
			// one does not write are gone; the rest is as it was.
			got := readTree(t, dir)
			for n, b := range tc.before {
				_, written := writeTestFiles("")[n]
				switch {
				case strings.HasSuffix(n, "/"):
				case tc.refuse != nil:
					if got[n] != b {
						t.Errorf("the refused folder's %s holds %q, want %q", n, got[n], b)
					}
				case n == Marker || written:
				case slices.Contains(tc.gone, n):
					if _, ok := got[n]; ok {
						t.Errorf("%s of the earlier site is still there", n)
					}
				case got[n] != b:
					t.Errorf("%s holds %q, want it kept (%q)", n, got[n], b)
				}
			}
			for _, d := range []string{parent, dir} {
				entries, _ := os.ReadDir(d)
				for _, e := range entries {
					if strings.HasSuffix(e.Name(), ".tmp") || strings.HasSuffix(e.Name(), ".old") {
						t.Errorf("a temporary folder is left: %s", filepath.Join(d, e.Name()))
					}
				}
			}
		})
	}
}

// TestFolderWorkingFolder: a site into "." (or a folder that holds the
// working folder) is written in place, not renamed away from under the
// shell; the second build replaces the first one's files.
func TestFolderWorkingFolder(t *testing.T) {
	ls, err := lessons.Lookup("dedup")
	if err != nil {
		t.Fatal(err)
	}
	dir := t.TempDir()
	t.Chdir(dir)
	for i, body := range []string{"one", "two"} {
		f, err := Open("--site", ".", ls, false, false)
		if err != nil {
			t.Fatalf("build %d: Open: %v", i+1, err)
		}
		if err := f.Write(writeTestFiles(body)); err != nil {
			t.Fatalf("build %d: Write: %v", i+1, err)
		}
		if b, err := os.ReadFile("en/dedup/index.md"); err != nil || string(b) != body+" en/dedup/index.md" {
			t.Errorf("build %d: en/dedup/index.md holds %q (%v)", i+1, b, err)
		}
	}
	wd, err := os.Getwd()
	if err != nil {
		t.Fatal(err)
	}
	if fi, err := os.Stat(filepath.Join(wd, "index.html")); err != nil || !fi.Mode().IsRegular() {
		t.Errorf("the working folder does not hold the site: %v", err)
	}
	entries, _ := os.ReadDir(".")
	for _, e := range entries {
		if strings.HasSuffix(e.Name(), ".tmp") {
			t.Errorf("a temporary folder is left: %s", e.Name())
		}
	}
}

// TestFolderBadNames: a folder that cannot be a site is refused by Open,
// as the user named it (Bad), and nothing is made.
func TestFolderBadNames(t *testing.T) {
	ls, err := lessons.Lookup("dedup")
	if err != nil {
		t.Fatal(err)
	}
	parent := t.TempDir()
	os.WriteFile(filepath.Join(parent, "file"), []byte("x"), 0o644)
	os.Mkdir(filepath.Join(parent, "real"), 0o755)
	os.Symlink("real", filepath.Join(parent, "link"))
	for _, tc := range []struct{ name, want string }{
		{"no/site", "folder " + filepath.Join(parent, "no") + " does not exist"},
		{"file", "is a file, want a folder"},
		{"link", "is a link to a folder: give the folder itself"},
	} {
		name := filepath.Join(parent, tc.name)
		_, err := Open("--site", name, ls, false, true)
		var se *Error
		if !errors.As(err, &se) || !se.Bad || err.Error() != "--site "+name+": "+tc.want {
			t.Errorf("%s: %v, want a Bad *Error %q", tc.name, err, tc.want)
		}
	}
	entries, _ := os.ReadDir(parent)
	if len(entries) != 3 {
		t.Errorf("the parent holds %d entries, want the 3 it had", len(entries))
	}
}

// TestPlaygroundSource: the playground can be compiled in backtrack's
// source (this package's folder lies in it), not in another folder; the
// answer comes without running anything.
func TestPlaygroundSource(t *testing.T) {
	if _, err := exec.LookPath("go"); err != nil {
		t.Skip("go is not in PATH")
	}
	if err := PlaygroundSource("."); err != nil {
		t.Errorf("in the source: %v", err)
	}
	other := t.TempDir()
	if err := PlaygroundSource(other); err == nil || !strings.Contains(err.Error(), "not in backtrack's source") {
		t.Errorf("in %s: %v, want not in backtrack's source", other, err)
	}
	os.WriteFile(filepath.Join(other, "go.mod"), []byte("module example.com/other\n"), 0o644)
	if err := PlaygroundSource(other); err == nil {
		t.Errorf("in another module: no error")
	}
	t.Setenv("PATH", "")
	if err := PlaygroundSource("."); err == nil || !strings.Contains(err.Error(), "go is not in PATH") {
		t.Errorf("without go in PATH: %v", err)
	}
}

// TestFolderMadeMeanwhile: a folder another program made while the site
// was built is not written over, and the message says so.
func TestFolderMadeMeanwhile(t *testing.T) {
	ls, err := lessons.Lookup("dedup")
	if err != nil {
		t.Fatal(err)
	}
	parent := t.TempDir()
	dir := filepath.Join(parent, "s")
	f, err := Open("--site", dir, ls, false, false)
	if err != nil {
		t.Fatal(err)
	}
	writeTree(t, dir, map[string]string{"theirs.txt": "t"})
	err = f.Write(writeTestFiles("new"))
	if err == nil || !strings.Contains(err.Error(), "another program made this folder") || strings.Contains(err.Error(), ".tmp") {
		t.Errorf("Write: %v", err)
	}
	if got := readTree(t, dir); len(got) != 1 || got["theirs.txt"] != "t" {
		t.Errorf("the other program's folder holds %v", got)
	}
	if entries, _ := os.ReadDir(parent); len(entries) != 1 {
		t.Errorf("the parent holds %d entries, want 1", len(entries))
	}
}
