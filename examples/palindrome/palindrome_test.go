package palindrome_test

import (
	"bytes"
	"context"
	"os"
	"path/filepath"
	"slices"
	"strconv"
	"strings"
	"testing"

	"example.com/palindrome"
	"github.com/backtrack-edu/backtrack/render/cli"
	"github.com/backtrack-edu/backtrack/tracer"
)

// bruteForce returns every partition of s into palindromes, by trying
// every set of cuts (2^(len(s)-1) of them), written as LeetCode writes
// one: ["aa","b"].
func bruteForce(s string) []string {
	var out []string
	for mask := 0; mask < 1<<(len(s)-1); mask++ {
		var ps []string
		st, ok := 0, true
		for i := 0; i < len(s) && ok; i++ {
			if i == len(s)-1 || mask&(1<<i) != 0 {
				if p, _ := palindrome.IsPalindrome(s, st, i); !p {
					ok = false
				}
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

// strings10 are the instances the search is held to the brute force on.
var strings10 = []string{"a", "aa", "ab", "aab", "aaaa", "abc", "abba", "racecar", "abacaba", "banana", "aabbaa", "noonabbad", "zzzzzzzzzz"}

// TestSolutionsMatchBruteForce: the search finds exactly the partitions a
// brute force over every set of cuts finds, each once, in 代码随想录's
// order (the shorter first piece first), and its events pass the
// library's checker.
func TestSolutionsMatchBruteForce(t *testing.T) {
	for _, s := range strings10 {
		t.Run(s, func(t *testing.T) {
			p, err := palindrome.New(s)
			if err != nil {
				t.Fatal(err)
			}
			var c tracer.Checker
			res, err := tracer.Run(context.Background(), p, tracer.Options{Stop: tracer.StopAll, KeepSolutions: 1 << 16, Sinks: []tracer.Sink{&c}})
			if err != nil {
				t.Fatal(err)
			}
			if err := c.Finish(); err != nil {
				t.Errorf("checker: %v", err)
			}
			def := p.Info().Def
			var got []string
			for _, b := range res.Boards {
				got = append(got, def.SolutionText(b))
			}
			sorted := slices.Clone(got)
			slices.Sort(sorted)
			if want := bruteForce(s); !slices.Equal(sorted, want) || res.Solutions != int64(len(want)) {
				t.Errorf("%d solutions %v, want %d %v", res.Solutions, got, len(want), want)
			}
			if s == "aab" && !slices.Equal(got, []string{`["a","a","b"]`, `["aa","b"]`}) {
				t.Errorf("aab: %v, want LeetCode's [[\"a\",\"a\",\"b\"],[\"aa\",\"b\"]] in that order", got)
			}
		})
	}
}

// TestMoveRoundTrip: ParseMove reads back exactly what Move writes, for
// every piece of an instance, by the instance's Def and by the registered
// one; and it refuses what Move never writes, naming the notation.
func TestMoveRoundTrip(t *testing.T) {
	const s = "abacaba"
	p, err := palindrome.New(s)
	if err != nil {
		t.Fatal(err)
	}
	inst := p.Info().Def
	for _, d := range []*tracer.Def{inst, palindrome.Def} {
		for st := 0; st < len(s); st++ {
			for i := st; i < len(s); i++ {
				cell := tracer.Pos{Row: 0, Col: st}
				m := d.Move(cell, i)
				c, v, err := d.ParseMove(m, len(s))
				if err != nil || c != cell || v != i {
					t.Errorf("ParseMove(%q) = %v, %d, %v; want %v, %d", m, c, v, err, cell, i)
				}
			}
		}
	}
	if m := inst.Move(tracer.Pos{Row: 0, Col: 2}, 4); m != `aca[2..4]` {
		t.Errorf("Move(s[2..4]) = %s, want aca[2..4]", m)
	}
	if m := palindrome.Def.Move(tracer.Pos{Row: 0, Col: 2}, 4); m != `s[2..4]` {
		t.Errorf("the registered Def's Move(s[2..4]) = %s, want s[2..4]", m)
	}
	for _, bad := range []string{`ba[0..1]`, `s[0..1]`, `aca[2..3]`, `"aca"[2..4]`, `aca[2..7]`, `a[1..0]`, `aca[02..4]`, `aca`, `aca[2..4`, ``} {
		if _, _, err := inst.ParseMove(bad, len(s)); err == nil {
			t.Errorf("ParseMove(%q) read it as a move of %q", bad, s)
		}
	}
}

// TestParse: an instance is 1 to MaxLen lower-case letters; anything else
// is refused in one line that says what to give.
func TestParse(t *testing.T) {
	for _, tc := range []struct{ in, want string }{
		{"aab", ""},
		{"  racecar ", ""},
		{"", "the string is empty: want 1 to 16 lower-case letters"},
		{"aB", `"B" is not a lower-case letter`},
		{"a b", `" " is not a lower-case letter`},
		{strings.Repeat("a", 17), "has 17 letters: want 1 to 16"},
	} {
		_, err := palindrome.Parse(tc.in)
		switch {
		case tc.want == "" && err != nil:
			t.Errorf("Parse(%q): %v", tc.in, err)
		case tc.want != "" && (err == nil || !strings.Contains(err.Error(), tc.want) || strings.Contains(err.Error(), "\n")):
			t.Errorf("Parse(%q) = %v, want one line with %q", tc.in, err, tc.want)
		}
	}
}

// TestNotes: every note names the piece, the reject has no witness
// ("clashes with -" nowhere), and the call names its startIndex, in both
// languages.
func TestNotes(t *testing.T) {
	p, err := palindrome.New("aab")
	if err != nil {
		t.Fatal(err)
	}
	info := p.Info()
	for _, tc := range []struct {
		lang tracer.Lang
		want []string
	}{
		{tracer.LangEN, []string{`"ab" = s[1..2] is not a palindrome: skip it (continue)`, "cut the next piece, from startIndex 2",
			`"aa" = s[0..1] is a palindrome: push it onto the path`, `record ["aa","b"]`, "startIndex 3 == len(s)"}},
		{tracer.LangZH, []string{`"ab"（s[1..2]）不是回文串：跳过（continue）`, "从 startIndex 2 开始切下一段",
			`"aa"（s[0..1]）是回文串：放入 path`, `记录 ["aa","b"]`, "startIndex 3 == len(s)"}},
	} {
		n := tracer.NewNarrator(info, tracer.Strategy{Order: info.Order, Check: info.Check, When: tracer.WhenBefore, Stop: tracer.StopAll}, tc.lang)
		var notes []string
		sink := tracer.SinkFunc(func(e *tracer.Event) { notes = append(notes, n.Note(e)) })
		q, _ := palindrome.New("aab")
		if _, err := tracer.Run(context.Background(), q, tracer.Options{Stop: tracer.StopAll, Sinks: []tracer.Sink{sink}}); err != nil {
			t.Fatal(err)
		}
		all := strings.Join(notes, "\n")
		for _, w := range tc.want {
			if !strings.Contains(all, w) {
				t.Errorf("%s notes lack %q:\n%s", tc.lang, w, all)
			}
		}
		if m := palindrome.Def.Move(tracer.Pos{Row: 0, Col: 2}, 4); m != `s[2..4]` {
			t.Errorf("the registered Def's Move(s[2..4]) = %s, want s[2..4]", m)
		}
		for _, bad := range []string{"with -", "-1", "与 -", "NoPos"} {
			if strings.Contains(all, bad) {
				t.Errorf("%s notes say %q:\n%s", tc.lang, bad, all)
			}
		}
	}
}

// TestCommandLine: cli.Run with palindrome.Def is backtrack's command line
// with the problem beside the built-ins: trace reports LeetCode's two
// answers for "aab", writes a log, render reads it back into the same DOT.
func TestCommandLine(t *testing.T) {
	dir := t.TempDir()
	run := func(t *testing.T, want int, args ...string) string {
		t.Helper()
		var out, errb bytes.Buffer
		if code := cli.Run(context.Background(), args, strings.NewReader(""), &out, &errb, palindrome.Def); code != want {
			t.Fatalf("%s: exit %d, want %d; stderr %s", strings.Join(args, " "), code, want, errb.String())
		}
		return out.String() + errb.String()
	}
	log, dot1, dot2 := filepath.Join(dir, "s.yaml"), filepath.Join(dir, "1.dot"), filepath.Join(dir, "2.dot")
	out := run(t, 0, "trace", "palindrome", "--yaml", log, "--dot", dot1)
	for _, w := range []string{"2 solutions", `solution 1: ["a","a","b"]`, `solution 2: ["aa","b"]`, "rejects 2 (not a palindrome ×2)"} {
		if !strings.Contains(out, w) {
			t.Errorf("trace lacks %q:\n%s", w, out)
		}
	}
	run(t, 0, "render", log, "--dot", dot2)
	a, err1 := os.ReadFile(dot1)
	b, err2 := os.ReadFile(dot2)
	if err1 != nil || err2 != nil || !bytes.Equal(a, b) || !bytes.Contains(a, []byte(`aa[0..1]`)) {
		t.Errorf("render's DOT differs from trace's, or lacks the move aa[0..1] (%v, %v)", err1, err2)
	}
	if out := run(t, 2, "trace", "palindrome", "--puzzle", ""); strings.Count(strings.TrimSpace(out), "\n") != 0 {
		t.Errorf("an empty string is refused in more than one line:\n%s", out)
	}
}

// TestStackNamesTheSlot: at step 30 of "abaab", call 6 stands after the
// piece aa[2..3], so it cuts from startIndex 4, and the stepper's stack
// should say so. Today the stepper and the player work the slot out from
// the call's depth (3), and say startIndex 3: skipped until call events
// carry their slot (issue 34, item 2); it checks the stack then.
func TestStackNamesTheSlot(t *testing.T) {
	var out, errb bytes.Buffer
	args := []string{"step", "palindrome", "--puzzle", "abaab", "--to", "30", "--print"}
	if code := cli.Run(context.Background(), args, strings.NewReader(""), &out, &errb, palindrome.Def); code != 0 {
		t.Fatalf("%s: exit %d: %s", strings.Join(args, " "), code, errb.String())
	}
	if !strings.Contains(out.String(), `call 6 at depth 3 after the piece "aa" = s[2..3]`) {
		t.Fatalf("step 30 is not call 6 from startIndex 4:\n%s", out.String())
	}
	if strings.Contains(out.String(), "> d3 #6 startIndex 3") {
		t.Skipf("not yet: the stepper derives a call's slot from its depth (issue 34, item 2), and names startIndex 3 for call 6, which cuts from 4:\n%s", out.String())
	}
	if !strings.Contains(out.String(), "> d3 #6 startIndex 4") {
		t.Errorf("the stack does not name call 6's slot, startIndex 4:\n%s", out.String())
	}
}
