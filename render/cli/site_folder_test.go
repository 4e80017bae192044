package cli

// `lesson build --site DIR` keeps the promises `-o` and `--frames` keep:
// the folder is checked before any work, --force keeps what is not the
// tool's, a folder the user may not write is never renamed away, and no
// message names a temporary folder. Each case runs the program as a
// process of its own (testBinary), in a folder of its own, so "." and "-"
// mean that folder.

import (
	"bytes"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"syscall"
	"testing"
	"time"
)

// siteRun runs the program in dir and returns its exit code, stderr and
// how long it took.
func siteRun(t *testing.T, dir string, args ...string) (code int, stderr string, took time.Duration) {
	t.Helper()
	cmd := exec.Command(testBinary(t), args...)
	cmd.Dir = dir
	var errb bytes.Buffer
	cmd.Stderr = &errb
	start := time.Now()
	err := cmd.Run()
	return faultExit(t, err), errb.String(), time.Since(start)
}

// TestSiteFolder: what the --site folder holds, checked before any work.
// A refusal comes in under a second (the whole build takes 4 s and more),
// with exit code 2, naming what is in the way; --force writes beside
// others' files and keeps them, subfolders and dotfiles too.
func TestSiteFolder(t *testing.T) {
	t.Parallel() // it mostly waits on other processes (see inProcess)
	tests := []struct {
		name   string
		before map[string]string // files made in the test's folder first
		in     string            // the folder (in the test's) to run in
		first  []string          // a command run before, which must succeed
		args   []string
		code   int
		want   []string // in the one stderr line (exit != 0)
		kept   []string // files of before still there, unchanged
		made   []string // files there after
		absent []string // files or folders not there after
	}{
		{name: "--force keeps others' files", before: map[string]string{"teach/sub/ch1.tex": "thesis", "teach/.key": "k", "teach/notes.md": "n"},
			args: []string{"lesson", "build", "dedup", "--site", "teach", "--no-playground", "--force"},
			kept: []string{"teach/sub/ch1.tex", "teach/.key", "teach/notes.md"}, made: []string{"teach/index.html", "teach/en/dedup/index.html"}},
		{name: "others' files refused before the work", before: map[string]string{"teach/sub/ch1.tex": "thesis", "teach/.key": "k"},
			args: []string{"lesson", "build", "--all", "--site", "teach", "--no-playground"}, code: 2,
			want: []string{"--site teach", "sub/", ".key", "--force"}, kept: []string{"teach/sub/ch1.tex", "teach/.key"}, absent: []string{"teach/index.html"}},
		{name: "others' files refused, one line though the playground cannot be made here", before: map[string]string{"teach/.key": "k"},
			args: []string{"lesson", "build", "--all", "--site", "teach"}, code: 2,
			want: []string{"--site teach", ".key"}, kept: []string{"teach/.key"}},
		{name: "another's file at a site name, forced", before: map[string]string{"pub/index.html": "my page"},
			args: []string{"lesson", "build", "--all", "--site", "pub", "--no-playground", "--force"}, code: 2,
			want: []string{"--site pub", "index.html", "move them away"}, kept: []string{"pub/index.html"}, absent: []string{"pub/en"}},
		{name: "a file in the way of a site folder, forced", before: map[string]string{"pub/en": "x"},
			args: []string{"lesson", "build", "--all", "--site", "pub", "--no-playground", "--force"}, code: 2,
			want: []string{"--site pub", "en"}, kept: []string{"pub/en"}},
		{name: "the README's sequence: -o, then --site, into one folder",
			first: []string{"lesson", "build", "dedup", "-o", "out/site"},
			args:  []string{"lesson", "build", "dedup", "--site", "out/site", "--no-playground"},
			made:  []string{"out/site/index.html", "out/site/en/dedup/index.html", "out/site/en/dedup/index.md"}},
		{name: "--site . in an empty folder", before: map[string]string{"here/": ""}, in: "here",
			args: []string{"lesson", "build", "dedup", "--site", ".", "--no-playground"}, made: []string{"index.html", "en/dedup/index.html"}},
		{name: "--site - is not stdout", args: []string{"lesson", "build", "dedup", "--site", "-", "--no-playground"}, code: 2,
			want: []string{"--site -", "folder"}, absent: []string{"-"}},
		{name: "a lesson named twice, -o", args: []string{"lesson", "build", "dedup", "dedup", "-o", "d"}, code: 2,
			want: []string{"dedup", "twice"}, absent: []string{"d"}},
		{name: "a lesson named twice, --site", args: []string{"lesson", "build", "dedup", "dedup", "--site", "s", "--no-playground"}, code: 2,
			want: []string{"dedup", "twice"}, absent: []string{"s"}},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			dir := t.TempDir()
			for p, b := range tc.before {
				full := filepath.Join(dir, filepath.FromSlash(p))
				if strings.HasSuffix(p, "/") {
					os.MkdirAll(full, 0o755)
					continue
				}
				os.MkdirAll(filepath.Dir(full), 0o755)
				if err := os.WriteFile(full, []byte(b), 0o644); err != nil {
					t.Fatal(err)
				}
			}
			run := filepath.Join(dir, tc.in)
			if tc.first != nil {
				os.MkdirAll(filepath.Join(dir, "out"), 0o755)
				if code, errs, _ := siteRun(t, run, tc.first...); code != 0 {
					t.Fatalf("%v: exit %d, %s", tc.first, code, errs)
				}
			}
			code, errs, took := siteRun(t, run, tc.args...)
			if code != tc.code {
				t.Errorf("exit %d, want %d; stderr %q", code, tc.code, errs)
			}
			if tc.code != 0 {
				faultCheckLine(t, errs, tc.want...)
				if took > time.Second {
					t.Errorf("refused after %v, want before any work (under a second)", took)
				}
			} else if errs != "" {
				t.Errorf("stderr %q, want none", errs)
			}
			for _, p := range tc.kept {
				if b, err := os.ReadFile(filepath.Join(run, p)); err != nil || string(b) != tc.before[p] {
					t.Errorf("%s holds %q (%v), want %q kept", p, b, err, tc.before[p])
				}
			}
			for _, p := range tc.made {
				if _, err := os.Stat(filepath.Join(run, p)); err != nil {
					t.Errorf("%s was not made: %v", p, err)
				}
			}
			for _, p := range tc.absent {
				if _, err := os.Lstat(filepath.Join(run, p)); err == nil {
					t.Errorf("%s is there", p)
				}
			}
			faultNoTemps(t, dir)
		})
	}
}

// TestSiteFolderReadOnly: as the user nobody, a site folder the user may
// not write (root's, mode 0555, in a folder everyone may write) is refused
// before any work and left where it is, not renamed away; a folder in a
// read-only parent is refused naming that parent. No temporary folder is
// left, and no message names one.
func TestSiteFolderReadOnly(t *testing.T) {
	t.Parallel() // it mostly waits on other processes (see inProcess)
	runNobody, base := faultAsNobody(t)
	home := faultWorldWritable(t, base, "home")
	pub := filepath.Join(base, "pub")
	if err := os.Mkdir(pub, 0o777); err != nil {
		t.Fatal(err)
	}
	os.Chmod(pub, 0o777) // not sticky: nobody may rename root's folders in it
	rosite := filepath.Join(pub, "rosite")
	os.Mkdir(rosite, 0o755)
	if err := os.WriteFile(filepath.Join(rosite, ".backtrack-site"), []byte("A course site built by `backtrack lesson build --site`: a new build replaces this folder.\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	os.WriteFile(filepath.Join(rosite, "index.html"), []byte("root's site"), 0o644)
	os.Chmod(rosite, 0o555)
	ro := filepath.Join(base, "ro")
	os.Mkdir(ro, 0o555)
	env := []string{"HOME=" + home, "TMPDIR=" + home}
	for _, tc := range []struct {
		name string
		args []string
		want []string
	}{
		{"root's site folder", []string{"lesson", "build", "--all", "--site", "pub/rosite", "--no-playground"},
			[]string{"--site pub/rosite: cannot write in folder pub/rosite: permission denied"}},
		{"root's site folder, forced", []string{"lesson", "build", "--all", "--site", "pub/rosite", "--no-playground", "--force"},
			[]string{"--site pub/rosite: cannot write in folder pub/rosite: permission denied"}},
		{"a read-only parent", []string{"lesson", "build", "--all", "--site", "ro/s", "--no-playground"},
			[]string{"--site ro/s: cannot write in folder ro: permission denied"}},
	} {
		t.Run(tc.name, func(t *testing.T) {
			start := time.Now()
			code, _, errs := runNobody(env, tc.args...)
			if code != 1 {
				t.Errorf("exit %d, want 1", code)
			}
			faultCheckLine(t, errs, tc.want...)
			if d := time.Since(start); d > 2*time.Second {
				t.Errorf("refused after %v, want before any work", d)
			}
			if b, err := os.ReadFile(filepath.Join(rosite, "index.html")); err != nil || string(b) != "root's site" {
				t.Errorf("root's site: %q, %v", b, err)
			}
			for _, d := range []string{pub, ro, base} {
				entries, _ := os.ReadDir(d)
				for _, e := range entries {
					if strings.Contains(e.Name(), ".tmp") {
						t.Errorf("%s left in %s", e.Name(), d)
					}
				}
			}
		})
	}
}

// TestSitePlaygroundOutsideSource: run outside backtrack's source folder,
// where the playground cannot be compiled, the site is built without it,
// with one warning line that says how to have it; the compile is not
// tried (it would fail only after its work).
func TestSitePlaygroundOutsideSource(t *testing.T) {
	t.Parallel() // it mostly waits on other processes (see inProcess)
	dir := t.TempDir()
	code, errs, took := siteRun(t, dir, "lesson", "build", "dedup", "--site", "s")
	if code != 0 {
		t.Fatalf("exit %d, stderr %q", code, errs)
	}
	line := strings.TrimSuffix(errs, "\n")
	if strings.Contains(line, "\n") || !strings.HasPrefix(line, "backtrack: warning: --site: no playground") ||
		!strings.Contains(line, "source folder") || !strings.Contains(line, "--no-playground") {
		t.Errorf("stderr %q, want one warning line saying how to have the playground", errs)
	}
	if _, err := os.Stat(filepath.Join(dir, "s", "en", "dedup", "index.html")); err != nil {
		t.Errorf("no site: %v", err)
	}
	if _, err := os.Stat(filepath.Join(dir, "s", "playground")); err == nil {
		t.Errorf("the site has a playground folder")
	}
	if took > 20*time.Second {
		t.Errorf("took %v", took)
	}
	faultNoTemps(t, dir)
}

// TestSiteSignalEarly: Ctrl-C in the first half second of a site build
// stops it within 250 ms, with exit code 130 and nothing written. (The
// lessons' first runs and lesson 002's printed run once kept it going for
// 0.8-2 s.) The delays count from the start of the work, when the site's
// temporary folder appears (the program has set up its signals by then).
// A delay that misses once, on a loaded machine, gets a second try.
func TestSiteSignalEarly(t *testing.T) {
	t.Parallel() // it mostly waits on other processes (see inProcess)
	bin := testBinary(t)
	for _, delay := range []time.Duration{50 * time.Millisecond, 200 * time.Millisecond, 400 * time.Millisecond} {
		var took []time.Duration
		for try := 0; try < 2; try++ {
			dir := t.TempDir()
			cmd := exec.Command(bin, "lesson", "build", "--all", "--site", "s", "--no-playground")
			cmd.Dir = dir
			var stderr bytes.Buffer
			cmd.Stderr = &stderr
			if err := cmd.Start(); err != nil {
				t.Fatal(err)
			}
			deadline := time.Now().Add(20 * time.Second)
			for !siteTempMade(dir) {
				if time.Now().After(deadline) {
					t.Fatalf("the build did not start; stderr %q", stderr.String())
				}
				time.Sleep(5 * time.Millisecond)
			}
			time.Sleep(delay)
			if err := cmd.Process.Signal(syscall.SIGINT); err != nil {
				t.Fatal(err)
			}
			start := time.Now()
			code := faultWait(t, cmd, 20*time.Second)
			d := time.Since(start)
			if code != 130 {
				t.Errorf("SIGINT at %v: exit %d, want 130; stderr %q", delay, code, stderr.String())
			}
			if _, err := os.Stat(filepath.Join(dir, "s")); err == nil {
				t.Errorf("SIGINT at %v: the site was written", delay)
			}
			faultNoTemps(t, dir)
			took = append(took, d)
			if d <= 250*time.Millisecond {
				break
			}
		}
		t.Logf("SIGINT %v into the work: stopped after %v", delay, took)
		if d := took[len(took)-1]; d > 250*time.Millisecond {
			t.Errorf("SIGINT at %v: stopped after %v, want within 250 ms", delay, took)
		}
	}
}

// siteTempMade reports whether dir holds the site's temporary folder.
func siteTempMade(dir string) bool {
	entries, _ := os.ReadDir(dir)
	for _, e := range entries {
		if strings.HasSuffix(e.Name(), ".tmp") {
			return true
		}
	}
	return false
}
