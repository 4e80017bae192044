package examples_test

import (
	"bytes"
	"context"
	"errors"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"slices"
	"strconv"
	"strings"
	"testing"

	"github.com/backtrack-edu/backtrack/render/cli"
)

// TestPalindromeModule builds examples/palindrome, LeetCode 131 in a module
// of its own (example.com/palindrome), as a user builds theirs: a copy in a
// temporary folder, go.mod's one replace pointed at this repository, only
// the module cache (GOPROXY=off, GOWORK=off, -mod=mod), and go.mod and
// go.sum must come out of the build unchanged (nothing missing from them).
// Its own tests pass, and its binary, cli.Main with palindrome.Def, has the
// whole command line: trace finds LeetCode's answers for "aab" and what a
// brute force finds for 14 more strings
// (the partitions it shows, and how many); an empty string is refused in one
// line; trace writes the SVG, the step log and the player page; step
// prints a step; render reads the log back into the same DOT and SVG, and
// a PNG, frames, a GIF and the player.
func TestPalindromeModule(t *testing.T) {
	if testing.Short() {
		t.Skip("builds a module of its own")
	}
	goBin, err := exec.LookPath("go")
	if err != nil {
		t.Skip("no go command on PATH: cannot build examples/palindrome as a module of its own")
	}
	root, err := filepath.Abs("..")
	if err != nil {
		t.Fatal(err)
	}
	src := filepath.Join(root, "examples", "palindrome")
	gomod, err := os.ReadFile(filepath.Join(src, "go.mod"))
	if err != nil {
		t.Fatal(err)
	}
	const replace = "replace github.com/backtrack-edu/backtrack => ../.."
	var replaces []string
	for _, l := range strings.Split(string(gomod), "\n") {
		if f := strings.Fields(l); len(f) > 0 && f[0] == "replace" {
			replaces = append(replaces, strings.TrimSpace(l))
		}
	}
	if !slices.Equal(replaces, []string{replace}) {
		t.Fatalf("examples/palindrome/go.mod's replace lines are %q, want only %q: a user's module copies nothing else from backtrack's go.mod", replaces, replace)
	}

	// The copy, its replace pointed at this repository.
	dir := filepath.Join(t.TempDir(), "palindrome")
	if err := copyDir(src, dir); err != nil {
		t.Fatal(err)
	}
	mod := bytes.Replace(gomod, []byte("=> ../.."), []byte("=> "+root), 1)
	if err := os.WriteFile(filepath.Join(dir, "go.mod"), mod, 0o644); err != nil {
		t.Fatal(err)
	}
	sum, err := os.ReadFile(filepath.Join(dir, "go.sum"))
	if err != nil {
		t.Fatalf("examples/palindrome has no go.sum: %v", err)
	}
	env := append(os.Environ(), "GOFLAGS=-mod=mod -buildvcs=false", "GOPROXY=off", "GOWORK=off")
	goCmd := func(args ...string) {
		t.Helper()
		cmd := exec.Command(goBin, args...)
		cmd.Dir, cmd.Env = dir, env
		if out, err := cmd.CombinedOutput(); err != nil {
			t.Fatalf("go %s in a copy of examples/palindrome: %v\n%s", strings.Join(args, " "), err, out)
		}
	}
	bin := filepath.Join(dir, "palindrome-bin")
	// The module cache of a fresh machine may lack a module the example
	// needs that this module's own build did not: fetch it as a user's
	// first build would (GOPROXY as set), then build offline.
	fetch := exec.Command(goBin, "mod", "download")
	fetch.Dir, fetch.Env = dir, append(os.Environ(), "GOFLAGS=-mod=mod", "GOWORK=off")
	if out, err := fetch.CombinedOutput(); err != nil {
		t.Logf("go mod download in a copy of examples/palindrome (no network?): %v\n%s", err, out)
	}
	goCmd("build", "-o", bin, "./cmd/palindrome")
	goCmd("vet", "./...")
	goCmd("test", "-count=1", "./...")
	for name, was := range map[string][]byte{"go.mod": mod, "go.sum": sum} {
		if now, err := os.ReadFile(filepath.Join(dir, name)); err != nil || !bytes.Equal(now, was) {
			t.Errorf("building examples/palindrome changed its %s (run go mod tidy there, offline): %v\n%s", name, err, now)
		}
	}

	out := t.TempDir()
	run := func(t *testing.T, want int, args ...string) (stdout, stderr string) {
		t.Helper()
		cmd := exec.Command(bin, args...)
		cmd.Dir = out
		var o, e bytes.Buffer
		cmd.Stdout, cmd.Stderr = &o, &e
		err := cmd.Run()
		code := 0
		var ee *exec.ExitError
		if errors.As(err, &ee) {
			code = ee.ExitCode()
		} else if err != nil {
			t.Fatal(err)
		}
		if code != want {
			t.Fatalf("palindrome %s: exit %d, want %d\nstdout %s\nstderr %s", strings.Join(args, " "), code, want, o.String(), e.String())
		}
		return o.String(), e.String()
	}

	t.Run("trace aab", func(t *testing.T) {
		o, _ := run(t, 0, "trace", "palindrome")
		for _, w := range []string{"palindrome s=aab", "2 solutions", "solution 1: [\"a\",\"a\",\"b\"]\n", "solution 2: [\"aa\",\"b\"]\n",
			"rejects 2 (not a palindrome ×2)"} {
			if !strings.Contains(o, w) {
				t.Errorf("trace palindrome lacks %q:\n%s", w, o)
			}
		}
	})
	t.Run("trace equals brute force", func(t *testing.T) {
		sol := regexp.MustCompile(`(?m)^solution \d+: (\[.*\])$`)
		for _, s := range []string{"a", "aa", "ab", "aaaa", "abc", "abba", "racecar", "abacaba", "banana", "aabbaa", "noonabbad",
			"abcdefg", "zzzzzzzzzz", "abaaba"} {
			o, _ := run(t, 0, "trace", "palindrome", "--puzzle", s, "--show", "10000")
			var got []string
			for _, m := range sol.FindAllStringSubmatch(o, -1) {
				got = append(got, m[1])
			}
			// The report shows the first solutions only (at most 10, as
			// the search keeps them): every one shown is a partition, each
			// once, and the count is the brute force's.
			want := partitions(s)
			slices.Sort(got)
			shown := slices.Compact(slices.Clone(got))
			ok := len(shown) == len(got) && len(got) == min(len(want), 10)
			for _, g := range got {
				ok = ok && slices.Contains(want, g)
			}
			if !ok || !strings.Contains(o, "searched the whole tree: "+strconv.Itoa(len(want))+" solution") {
				t.Errorf("%s: trace found %v, a brute force %d: %v\n%s", s, got, len(want), want, o)
			}
		}
	})
	t.Run("an empty string is refused in one line", func(t *testing.T) {
		o, e := run(t, 2, "trace", "palindrome", "--puzzle", "")
		if o != "" || strings.Count(e, "\n") != 1 || !strings.Contains(e, "--puzzle") {
			t.Errorf("stdout %q, stderr %q: want one line naming --puzzle", o, e)
		}
		_, e = run(t, 2, "trace", "palindrome", "--puzzle", "aB")
		if strings.Count(e, "\n") != 1 || !strings.Contains(e, `"B" is not a lower-case letter`) {
			t.Errorf("stderr %q", e)
		}
	})

	log := filepath.Join(out, "aab.yaml")
	t.Run("trace writes every output", func(t *testing.T) {
		run(t, 0, "trace", "palindrome", "--svg", "aab.svg", "--yaml", log, "--html", "aab.html", "--dot", "aab.dot")
		for name, want := range map[string][]string{
			"aab.yaml": {"problem: palindrome\n", "instance: \"aab\"\n", "rule: not_palindrome, witness: none",
				`\"ab\" = s[1..2] is not a palindrome: skip it (continue)`},
			"aab.svg":  {">aa[0..1]<", ">ab: not a palindrome<"},
			"aab.dot":  {`label="aa[0..1]"`},
			"aab.html": {"<title>Palindrome partitioning s=aab</title>", `id="n-en-0"`, `id="n-zh-0"`},
		} {
			b, err := os.ReadFile(filepath.Join(out, name))
			if err != nil {
				t.Fatal(err)
			}
			for _, w := range want {
				if !bytes.Contains(b, []byte(w)) {
					t.Errorf("%s lacks %q", name, w)
				}
			}
		}
	})
	t.Run("step prints a step", func(t *testing.T) {
		o, _ := run(t, 0, "step", "palindrome", "--to", "18", "--print")
		for _, w := range []string{"step 18/37 reject", "ab[1..2] reject", "if !isPalindrome(s, startIndex, i) { continue }",
			`note: "ab" = s[1..2] is not a palindrome: skip it (continue)`} {
			if !strings.Contains(o, w) {
				t.Errorf("step --print lacks %q:\n%s", w, o)
			}
		}
		o, _ = run(t, 0, "step", "palindrome", "--to", "18", "--print", "--lang", "zh")
		if !strings.Contains(o, `"ab"（s[1..2]）不是回文串：跳过（continue）`) {
			t.Errorf("step --print --lang zh lacks the reject's note:\n%s", o)
		}
	})
	t.Run("render reads the log back", func(t *testing.T) {
		run(t, 0, "render", log, "--svg", "r.svg", "--dot", "r.dot", "--png", "r.png", "--frames", "frames", "--gif", "r.gif", "--html", "r.html")
		if fs, err := os.ReadDir(filepath.Join(out, "frames")); err != nil || len(fs) < 10 {
			t.Errorf("render --frames: %d frames, %v", len(fs), err)
		}
		for _, name := range []string{"r.png", "r.gif", "r.html", "frames/frame-0001.svg"} {
			if fi, err := os.Stat(filepath.Join(out, name)); err != nil || fi.Size() < 1000 {
				t.Errorf("render --png --frames --gif --html: %s: %v", name, err)
			}
		}
		for _, pair := range [][2]string{{"aab.dot", "r.dot"}, {"aab.svg", "r.svg"}} {
			a, err1 := os.ReadFile(filepath.Join(out, pair[0]))
			b, err2 := os.ReadFile(filepath.Join(out, pair[1]))
			if err1 != nil || err2 != nil || !bytes.Equal(a, b) {
				t.Errorf("render's %s differs from trace's %s (%v, %v)", pair[1], pair[0], err1, err2)
			}
		}
	})
	t.Run("the stock backtrack render reads the log", func(t *testing.T) {
		var o, e bytes.Buffer
		dot := filepath.Join(out, "stock.dot")
		svg := filepath.Join(out, "stock.svg")
		if code := cli.Run(context.Background(), []string{"render", log, "--dot", dot, "--svg", svg, "--html", filepath.Join(out, "stock.html"),
			"--png", filepath.Join(out, "stock.png")}, strings.NewReader(""), &o, &e); code != 0 {
			t.Fatalf("backtrack render %s: exit %d: %s", log, code, e.String())
		}
		if b, err := os.ReadFile(svg); err != nil || !bytes.Equal(b, mustRead(t, filepath.Join(out, "r.svg"))) {
			t.Errorf("the stock render's SVG differs from the example's own (%v)", err)
		}
		a, err1 := os.ReadFile(filepath.Join(out, "aab.dot"))
		b, err2 := os.ReadFile(dot)
		if err1 != nil || err2 != nil || !bytes.Equal(a, b) {
			t.Errorf("the stock render's DOT differs from the example's own (%v, %v)", err1, err2)
		}
		// The stock stepper steps through it with the log's own notes
		// (in the log's language) and the calls' own candidates.
		if !bytes.Contains(mustRead(t, log), []byte("\nlang: en\n")) {
			t.Fatalf("the log is not in English")
		}
		o.Reset()
		if code := cli.Run(context.Background(), []string{"step", "--log", log, "--print", "--to", "18", "--lang", "en"}, strings.NewReader(""), &o, &e); code != 0 {
			t.Fatalf("backtrack step --log %s: exit %d: %s", log, code, e.String())
		}
		for _, w := range []string{`note: "ab" = s[1..2] is not a palindrome: skip it (continue)`, "d0 #0 a[0..0]         untried: 1 2"} {
			if !strings.Contains(o.String(), w) {
				t.Errorf("the stock step --log lacks %q:\n%s", w, o.String())
			}
		}
	})
}

func mustRead(t *testing.T, name string) []byte {
	t.Helper()
	b, err := os.ReadFile(name)
	if err != nil {
		t.Fatal(err)
	}
	return b
}

// partitions returns every partition of s into palindromes, found by
// trying every set of cuts, written as LeetCode writes one: ["aa","b"].
func partitions(s string) []string {
	palin := func(p string) bool {
		for i, j := 0, len(p)-1; i < j; i, j = i+1, j-1 {
			if p[i] != p[j] {
				return false
			}
		}
		return true
	}
	var out []string
	for mask := 0; mask < 1<<(len(s)-1); mask++ {
		var ps []string
		st, ok := 0, true
		for i := 0; i < len(s); i++ {
			if i == len(s)-1 || mask&(1<<i) != 0 {
				ok = ok && palin(s[st:i+1])
				ps = append(ps, strconv.Quote(s[st:i+1]))
				st = i + 1
			}
		}
		if ok {
			out = append(out, "["+strings.Join(ps, ",")+"]")
		}
	}
	slices.Sort(out)
	return out
}

// copyDir copies the files under from into to.
func copyDir(from, to string) error {
	return filepath.WalkDir(from, func(p string, d os.DirEntry, err error) error {
		if err != nil {
			return err
		}
		rel, err := filepath.Rel(from, p)
		if err != nil {
			return err
		}
		q := filepath.Join(to, rel)
		if d.IsDir() {
			return os.MkdirAll(q, 0o755)
		}
		b, err := os.ReadFile(p)
		if err != nil {
			return err
		}
		return os.WriteFile(q, b, 0o644)
	})
}
