package cli

// The small defects of issue 32 (item 8 and the internal words of item
// 2): each table row is one reproduction of the review
// (../shared/reviews/newcomer-trial-3.md, sections 3.3 and 5), pinned to
// what a user should see.

import (
	"bytes"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"strconv"
	"strings"
	"testing"
)

// internalPrefix matches the words a package puts before an error that a
// user should never see: "dot: write:", "chart: write:", "lockstep:",
// "step script:".
var internalPrefix = regexp.MustCompile(`(?:^|\s)(dot|chart|lockstep|html|gif|scene|graphviz|step script|step log|stats): (write: |side \d: )?`)

// TestSmallWriteErrorsNameTheFlag: a write that fails (a full device) is
// one line naming the flag as typed and the output as given, with no
// package's prefix before it.
func TestSmallWriteErrorsNameTheFlag(t *testing.T) {
	dir := t.TempDir()
	full := faultDevice(t, dir, "full")
	log := filepath.Join(dir, "q4.yaml")
	if code, _, errs := runCLI(t, "", "trace", "nqueens", "-n", "4", "--yaml", log); code != 0 {
		t.Fatalf("writing the log: exit %d: %s", code, errs)
	}
	svg := filepath.Join(dir, "x.svg")
	tests := []struct {
		args []string // FULL stands for the full device
		flag string
	}{
		{[]string{"trace", "nqueens", "-n", "4", "--dot", "FULL"}, "--dot"},
		{[]string{"trace", "nqueens", "-n", "4", "--dot", "FULL", "--svg", svg}, "--dot"},
		{[]string{"render", log, "--dot", "FULL"}, "--dot"},
		{[]string{"trace", "nqueens", "-n", "4", "--max-nodes", "0", "--dot", "FULL"}, "--dot"},
		{[]string{"compare", "--svg", "FULL"}, "--svg"},
		{[]string{"compare", "--html", "FULL"}, "--html"},
		{[]string{"compare", "nqueens", "permutations", "-n", "4", "--html", "FULL"}, "--html"},
		{[]string{"trace", "nqueens", "-n", "4", "--html", "FULL"}, "--html"},
		{[]string{"trace", "nqueens", "-n", "4", "--yaml", "FULL"}, "--yaml"},
		{[]string{"trace", "nqueens", "-n", "4", "--stats", "FULL"}, "--stats"},
	}
	for _, tt := range tests {
		args := make([]string, len(tt.args))
		for i, a := range tt.args {
			args[i] = strings.ReplaceAll(a, "FULL", full)
		}
		t.Run(strings.Join(tt.args, " "), func(t *testing.T) {
			code, _, errs := runCLI(t, "", args...)
			if code != 1 {
				t.Errorf("exit %d, want 1; stderr %q", code, errs)
			}
			want := "backtrack: " + tt.flag + ": cannot write " + full + ": no space left on device\n"
			if errs != want {
				t.Errorf("stderr %q\nwant   %q", errs, want)
			}
			if m := internalPrefix.FindString(errs); m != "" {
				t.Errorf("stderr %q holds the internal prefix %q", errs, m)
			}
			faultIsDevice(t, full)
		})
	}
}

// TestSmallStepKeyLines: piped keys are one command a line; a line far
// too long to be a key is skipped with one warning naming its line and
// size (as an unknown key is), not a Go scanner error; a UTF-8 byte order
// mark before the first key is not part of it.
func TestSmallStepKeyLines(t *testing.T) {
	long := strings.Repeat("n", 5_000_000)
	tests := []struct {
		name     string
		stdin    string
		code     int
		step     string // the ruler of the last view holds it
		warn     string // "" for no warning
		warnings int
	}{
		{"bom", "\xef\xbb\xbfn\n", 0, "-> step 1/", "", 0},
		{"bom then keys", "\xef\xbb\xbfn\nn\n", 0, "-> step 2/", "", 0},
		{"bom alone", "\xef\xbb\xbf\nn\n", 0, "-> step 1/", "", 0},
		{"bom, CRLF", "\xef\xbb\xbfn\r\nn\r\n", 0, "-> step 2/", "", 0},
		{"long line", long, 0, "-> step 0/", "step script line 1: 5,000,000 bytes, too long for a key (a key is one short line), skipped", 1},
		{"long line then keys", long + "\nn\nn\n", 0, "-> step 2/", "step script line 1: 5,000,000 bytes, too long for a key", 1},
		{"keys, long line, keys", "n\n" + long + "\r\nn\n", 0, "-> step 2/", "step script line 2: 5,000,000 bytes", 1},
		{"a BOM later is a key's junk", "n\n\xef\xbb\xbfn\n", 0, "-> step 1/", `step script line 2: unknown key "\ufeffn"`, 1},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			code, out, errs := runCLI(t, tt.stdin, "step", "nqueens", "-n", "4")
			if code != tt.code {
				t.Fatalf("exit %d, want %d; stderr %.300q", code, tt.code, errs)
			}
			rulers := regexp.MustCompile(`(?m)^==== .*$`).FindAllString(out, -1)
			if len(rulers) == 0 || !strings.Contains(rulers[len(rulers)-1], tt.step) {
				t.Errorf("last ruler %q, want %q in it", rulers[len(rulers)-1:], tt.step)
			}
			if strings.Contains(errs, "bufio") || strings.Contains(errs, "token too long") {
				t.Errorf("stderr shows Go internals: %.300q", errs)
			}
			lines := strings.Split(strings.TrimSuffix(errs, "\n"), "\n")
			if errs == "" {
				lines = nil
			}
			if len(lines) != tt.warnings {
				t.Errorf("%d lines on stderr, want %d: %.500q", len(lines), tt.warnings, errs)
			}
			if tt.warn != "" && !strings.Contains(errs, tt.warn) {
				t.Errorf("stderr %.300q lacks %q", errs, tt.warn)
			}
			if len(errs) > 1000 {
				t.Errorf("stderr is %d bytes: the long line is echoed", len(errs))
			}
		})
	}
}

// TestSmallAtStepWarnings: --at-step shapes only --dot, --svg and --png
// (the --html page and the frames step through the run on their own), and
// every warning about it says so alike.
func TestSmallAtStepWarnings(t *testing.T) {
	dir := t.TempDir()
	const want = "backtrack: warning: --at-step is used only by --dot, --svg and --png"
	tests := []struct {
		flags []string
		warn  []string // the lines stderr holds, in any order
	}{
		{[]string{"--at-step", "50", "--html", "h.html"}, []string{want}},
		{[]string{"--at-step", "50", "--frames", "f"}, []string{want}},
		{[]string{"--at-step", "50", "--gif", "g.gif"}, []string{want}},
		{[]string{"--at-step", "50", "--frames", "f2", "--html", "h2.html"}, []string{want}},
		{[]string{"--at-step", "50"}, []string{want}},
		{[]string{"--at-step", "50", "--depth", "2", "--html", "h3.html"}, []string{want, "backtrack: warning: --depth only shapes a diagram"}},
		{[]string{"--depth", "2", "--html", "h4.html"}, []string{"backtrack: warning: --depth only shapes a diagram (--svg, --png, --dot, --gif, --frames), and none was asked for: --html's tree follows the step"}},
		{[]string{"--at-step", "50", "--svg", "a.svg"}, nil},
		{[]string{"--at-step", "50", "--frames", "f3", "--svg", "b.svg"}, nil},
	}
	for _, tt := range tests {
		t.Run(strings.Join(tt.flags, " "), func(t *testing.T) {
			args := []string{"trace", "nqueens", "-n", "4"}
			for i, f := range tt.flags {
				if i > 0 && strings.HasPrefix(tt.flags[i-1], "--") && tt.flags[i-1] != "--at-step" && tt.flags[i-1] != "--depth" {
					f = filepath.Join(dir, f)
				}
				args = append(args, f)
			}
			code, _, errs := runCLI(t, "", args...)
			if code != 0 {
				t.Fatalf("exit %d: %s", code, errs)
			}
			lines := strings.Split(strings.TrimSuffix(errs, "\n"), "\n")
			if errs == "" {
				lines = nil
			}
			if len(lines) != len(tt.warn) {
				t.Errorf("stderr has %d lines, want %d:\n%s", len(lines), len(tt.warn), errs)
			}
			for _, w := range tt.warn {
				if !strings.Contains(errs, w) {
					t.Errorf("stderr lacks %q:\n%s", w, errs)
				}
			}
			for _, l := range lines {
				if strings.Contains(l, "--at-step") && (strings.Contains(l, "and --html") || strings.Contains(l, "--html's tree")) {
					t.Errorf("a warning says --html uses --at-step: %q", l)
				}
			}
		})
	}
}

// TestSmallGIFInFramesFolder: --gif may go into the --frames folder the
// run makes (or replaces); a later run with the same flags, or with
// --force, keeps working; a GIF named like a frame, or deeper in the
// folder, is refused before any work.
func TestSmallGIFInFramesFolder(t *testing.T) {
	dir := t.TempDir()
	f := filepath.Join(dir, "f")
	gif := filepath.Join(f, "a.gif")
	frames := func() []string {
		es, _ := os.ReadDir(f)
		var ns []string
		for _, e := range es {
			ns = append(ns, e.Name())
		}
		return ns
	}
	run := func(wantCode int, args ...string) string {
		t.Helper()
		code, _, errs := runCLI(t, "", append([]string{"trace", "nqueens", "-n", "4"}, args...)...)
		if code != wantCode {
			t.Fatalf("%q: exit %d, want %d; stderr %q", args, code, wantCode, errs)
		}
		return errs
	}
	// The first run makes the folder, the GIF inside it.
	run(0, "--frames", f, "--gif", gif)
	first := frames()
	if !contains(first, "a.gif") || !contains(first, "frame-0001.svg") {
		t.Fatalf("the folder holds %q, want the frames and a.gif", first)
	}
	if b, err := os.ReadFile(gif); err != nil || !strings.HasPrefix(string(b), "GIF89a") {
		t.Fatalf("%s is not a GIF (%v)", gif, err)
	}
	// The same command again replaces both.
	run(0, "--frames", f, "--gif", gif, "--every", "solution")
	if ns := frames(); !contains(ns, "a.gif") || len(ns) >= len(first) {
		t.Errorf("after the second run the folder holds %q, want fewer frames and a.gif", ns)
	}
	// A later run without the GIF: a.gif is not a frame. Refused without
	// --force (named), kept with it.
	errs := run(2, "--frames", f)
	faultCheckLine(t, errs, "--frames", "a.gif", "--force")
	run(0, "--frames", f, "--force")
	if !contains(frames(), "a.gif") {
		t.Errorf("--frames --force removed a.gif: %q", frames())
	}
	faultNoTemps(t, dir)
	// Refused, before any work.
	for _, tt := range []struct {
		args []string
		want []string
	}{
		{[]string{"--frames", f, "--gif", filepath.Join(f, "frame-0001.svg")}, []string{"--gif", "frame"}},
		{[]string{"--frames", f, "--gif", filepath.Join(f, "sub", "a.gif")}, []string{"--gif", "lies in --frames"}},
		{[]string{"--frames", filepath.Join(dir, "g"), "--svg", filepath.Join(dir, "g", "a.svg")}, []string{"--svg", "lies in --frames"}},
	} {
		code, _, errs := runCLI(t, "", append([]string{"trace", "nqueens", "-n", "4"}, tt.args...)...)
		if code != 2 {
			t.Errorf("%q: exit %d, want 2; stderr %q", tt.args, code, errs)
		}
		faultCheckLine(t, errs, tt.want...)
	}
	faultNoTemps(t, dir)
}

// TestSmallOutputWithTrailingSlash: an output file named with a trailing
// slash names a folder: refused, and nothing is written.
func TestSmallOutputWithTrailingSlash(t *testing.T) {
	dir := t.TempDir()
	old := filepath.Join(dir, "old.svg")
	if err := os.WriteFile(old, []byte("keep"), 0o644); err != nil {
		t.Fatal(err)
	}
	for _, flag := range []string{"--svg", "--png", "--dot", "--html", "--yaml", "--stats", "--gif"} {
		for _, name := range []string{filepath.Join(dir, "new.out") + "/", old + "/"} {
			t.Run(flag+" "+filepath.Base(name)+"/", func(t *testing.T) {
				before := faultSnapshot(t, dir)
				code, _, errs := runCLI(t, "", "trace", "nqueens", "-n", "4", flag, name)
				if code != 2 {
					t.Errorf("exit %d, want 2; stderr %q", code, errs)
				}
				faultCheckLine(t, errs, flag+" "+name, "ends in /")
				faultUnchanged(t, before, faultSnapshot(t, dir))
			})
		}
	}
}

// TestSmallProblemNamesAndNumbers: -n and the other number flags take
// decimal digits only (Go's 0x8, 010, 1_0 are refused, saying so); the
// alias "queens" is named in the help; a single-letter flag is written
// -n in messages.
func TestSmallProblemNamesAndNumbers(t *testing.T) {
	tests := []struct {
		args []string
		code int
		want string // in stderr, or in stdout for exit 0
	}{
		{[]string{"trace", "nqueens", "-n", "0x8"}, 2, `invalid value "0x8" for flag -n: want a whole number in decimal digits, such as 8`},
		{[]string{"trace", "nqueens", "-n", "010"}, 0, "nqueens n=10"},
		{[]string{"trace", "nqueens", "-n", "1_0"}, 2, `invalid value "1_0" for flag -n`},
		{[]string{"trace", "nqueens", "-n", "abc"}, 2, `invalid value "abc" for flag -n: want a whole number in decimal digits`},
		{[]string{"trace", "nqueens", "-n", "99999999999999999999"}, 2, `invalid value "99999999999999999999" for flag -n: value out of range`},
		{[]string{"trace", "nqueens", "-n", "4", "--depth", "0x2", "--svg", "x.svg"}, 2, `invalid value "0x2" for flag --depth`},
		{[]string{"trace", "nqueens", "-n", "4", "--at-step", "1e3", "--svg", "x.svg"}, 2, `invalid value "1e3" for flag --at-step`},
		{[]string{"step", "nqueens", "-n", "4", "--to", "0x3", "--print"}, 2, `invalid value "0x3" for flag --to`},
		{[]string{"compare", "-n", "0x6"}, 2, `invalid value "0x6" for flag -n`},
		{[]string{"trace", "nqueens", "-n", "8"}, 0, "nqueens n=8"},
		{[]string{"trace", "nqueens", "-n", "+8"}, 0, "nqueens n=8"},
		{[]string{"trace", "queens", "-n", "4"}, 0, "nqueens n=4"},
		{[]string{"trace", "-h"}, 0, "nqueens (or queens)"},
		{[]string{"help"}, 0, "nqueens (or queens)"},
	}
	for _, tt := range tests {
		t.Run(strings.Join(tt.args, " "), func(t *testing.T) {
			dir := t.TempDir()
			args := make([]string, len(tt.args))
			for i, a := range tt.args {
				if strings.HasSuffix(a, ".svg") {
					a = filepath.Join(dir, a)
				}
				args[i] = a
			}
			code, out, errs := runCLI(t, "", args...)
			if code != tt.code {
				t.Fatalf("exit %d, want %d; stderr %q", code, tt.code, errs)
			}
			if tt.code == 0 {
				if !strings.Contains(out, tt.want) {
					t.Errorf("stdout lacks %q:\n%.600s", tt.want, out)
				}
				return
			}
			faultCheckLine(t, errs, tt.want)
		})
	}
}

// TestSmallHelpAndWords: trace -h says nothing of render's --lang; the
// report and the notes count blank cells in the singular for one.
func TestSmallHelpAndWords(t *testing.T) {
	code, out, errs := runCLI(t, "", "trace", "-h")
	if code != 0 {
		t.Fatalf("trace -h: exit %d: %s", code, errs)
	}
	if strings.Contains(out, "render:") || strings.Contains(out, "the log's") {
		t.Errorf("trace -h speaks of render's --lang:\n%s", grepLine(out, "--lang"))
	}
	code, out, _ = runCLI(t, "", "render", "-h")
	if code != 0 || !strings.Contains(grepLine(out, "--lang"), "default: the log's language") {
		t.Errorf("render -h: exit %d, --lang %q", code, grepLine(out, "--lang"))
	}
	for _, lang := range []string{"en", "zh"} {
		log := filepath.Join(t.TempDir(), "w.yaml")
		code, out, errs := runCLI(t, "", "trace", "sudoku", "--drop", "return-false", "--when", "leaf", "--lang", lang, "--yaml", log)
		if code != 0 {
			t.Fatalf("exit %d: %s", code, errs)
		}
		b, err := os.ReadFile(log)
		if err != nil {
			t.Fatal(err)
		}
		text := out + string(b)
		for _, bad := range []string{"1 cells", "1 blank cells"} {
			if strings.Contains(text, bad) {
				t.Errorf("--lang %s: %q in the report or the log", lang, bad)
			}
		}
		want := map[string][]string{
			"en": {"returned true with 1 cell still blank", "with 1 blank cell: the board is not solved"},
			"zh": {"可棋盘上还有 1 个空格", "棋盘上还有 1 个空格"},
		}[lang]
		for _, w := range want {
			if !strings.Contains(text, w) {
				t.Errorf("--lang %s: %q is missing", lang, w)
			}
		}
	}
}

// grepLine returns the line of s holding sub and the line after it (a
// flag's help), or "".
func grepLine(s, sub string) string {
	lines := strings.Split(s, "\n")
	for i, l := range lines {
		if strings.Contains(l, sub) {
			if i+1 < len(lines) {
				return l + "\n" + lines[i+1]
			}
			return l
		}
	}
	return ""
}

// TestSmallCompletionPerProblem: bash completes --dedup's values, and the
// values of --order, --check, --when and --dedup of the problem on the
// line only (every problem's when none is on it yet).
func TestSmallCompletionPerProblem(t *testing.T) {
	bash, err := exec.LookPath("bash")
	if err != nil {
		t.Skip("needs bash")
	}
	var out, errb bytes.Buffer
	if code := run([]string{"completion", "bash"}, nil, &out, &errb); code != exitOK {
		t.Fatalf("completion bash: exit %d: %s", code, errb.String())
	}
	script := filepath.Join(t.TempDir(), "backtrack.bash")
	if err := os.WriteFile(script, out.Bytes(), 0o644); err != nil {
		t.Fatal(err)
	}
	for _, tc := range []struct {
		line string // the words typed; the last is completed
		want []string
		not  []string
	}{
		{"backtrack trace combination-sum --dedup ", []string{"used", "start", "none"}, nil},
		{"backtrack trace subsets --nums 1,2,2 --dedup s", []string{"start"}, []string{"used"}},
		{"backtrack step permutations --dedup ", []string{"used", "start", "none"}, nil},
		{"backtrack trace --dedup ", []string{"used", "start", "none"}, nil},
		{"backtrack trace sudoku --dedup ", nil, []string{"used", "start", "none"}},
		{"backtrack trace nqueens --dedup ", nil, []string{"used"}},
		{"backtrack trace sudoku --order ", []string{"scan2d", "mrv", "cells"}, []string{"rows"}},
		{"backtrack trace nqueens --order ", []string{"rows"}, []string{"mrv", "scan2d"}},
		{"backtrack trace queens --order ", []string{"rows"}, []string{"mrv"}},
		{"backtrack trace --order ", []string{"rows", "mrv"}, nil},
		{"backtrack trace -n 4 nqueens --check ", []string{"scan", "arrays"}, []string{"board", "counts"}},
		{"backtrack trace sudoku --check ", []string{"scan", "board", "counts"}, []string{"arrays"}},
		{"backtrack step sudoku --order m", []string{"mrv"}, nil},
		{"backtrack trace --order mrv sudoku --check c", []string{"counts"}, nil},
		{"backtrack trace combination-sum --when ", []string{"before", "after"}, []string{"leaf"}},
		{"backtrack trace sudoku --when ", []string{"before", "after", "leaf"}, nil},
		{"backtrack compare --strategies sudoku --lang ", []string{"en", "zh"}, nil},
		{"backtrack trace sudoku --lang z", []string{"zh"}, nil},
	} {
		words := strings.Split(tc.line, " ")
		arr := ""
		for _, w := range words {
			arr += " '" + w + "'"
		}
		prog := "source " + script + "\nCOMP_WORDS=(" + arr + ")\nCOMP_CWORD=" + strconv.Itoa(len(words)-1) + "\n_backtrack\nprintf '%s\\n' \"${COMPREPLY[@]}\"\n"
		got, err := exec.Command(bash, "-c", prog).CombinedOutput()
		if err != nil {
			t.Fatalf("%q: %v\n%s", tc.line, err, got)
		}
		offered := strings.Fields(string(got))
		for _, w := range tc.want {
			if !contains(offered, w) {
				t.Errorf("completing %q offered %q, want %q among them", tc.line, offered, w)
			}
		}
		for _, w := range tc.not {
			if contains(offered, w) {
				t.Errorf("completing %q offered %q, want no %q", tc.line, offered, w)
			}
		}
	}
	// fish (not run here unless installed): the same per-problem lines.
	out.Reset()
	if code := run([]string{"completion", "fish"}, nil, &out, &errb); code != exitOK {
		t.Fatalf("completion fish: exit %d: %s", code, errb.String())
	}
	for _, w := range []string{
		`-n "__fish_seen_subcommand_from trace; and __fish_seen_subcommand_from sudoku" -l order -x -a "scan2d linear mrv cells"`,
		`-n "__fish_seen_subcommand_from trace; and __fish_seen_subcommand_from nqueens queens" -l order -x -a "rows"`,
		`-n "__fish_seen_subcommand_from step; and __fish_seen_subcommand_from subsets" -l dedup -x -a "used start none"`,
	} {
		if !strings.Contains(out.String(), w) {
			t.Errorf("completion fish lacks %s", w)
		}
	}
}
