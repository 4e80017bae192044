package cli

import (
	"bytes"
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"testing"
)

// docCommand is one `go run . …` command the README or a docs page shows.
type docCommand struct {
	file    string // where it is shown
	line    string // as shown, with its comment
	args    []string
	stdin   string
	stdout  string // a file its stdout is redirected to ("": none)
	comment string
}

// shellWords splits a command line as a shell would for the commands the
// manual shows: words, and '…' or "…" quoted words.
func shellWords(s string) []string {
	var words []string
	var cur strings.Builder
	in, quote := false, byte(0)
	for i := 0; i < len(s); i++ {
		c := s[i]
		switch {
		case quote != 0 && c == quote:
			quote = 0
		case quote != 0:
			cur.WriteByte(c)
		case c == '\'' || c == '"':
			quote, in = c, true
		case c == ' ' || c == '\t':
			if in {
				words = append(words, cur.String())
				cur.Reset()
				in = false
			}
		default:
			cur.WriteByte(c)
			in = true
		}
	}
	if in {
		words = append(words, cur.String())
	}
	return words
}

// unescape reads printf's \n in a piped script.
func unescape(s string) string { return strings.ReplaceAll(s, `\n`, "\n") }

// docCommands finds every `go run . ` command of the manual: the lines of
// its code blocks, and the commands in its inline code.
func docCommands(t *testing.T) []docCommand {
	t.Helper()
	inline := regexp.MustCompile("`(go run \\. [^`]+)`")
	var cmds []docCommand
	for _, f := range manualFiles(t) {
		b, err := os.ReadFile(f)
		if err != nil {
			t.Fatal(err)
		}
		inBlock := false
		for _, l := range strings.Split(string(b), "\n") {
			if strings.HasPrefix(l, "```") {
				inBlock = !inBlock
				continue
			}
			var found []string
			if inBlock {
				if i := strings.Index(l, "go run . "); i >= 0 && !strings.Contains(l[:i], "run:") {
					found = append(found, strings.TrimSpace(l))
				}
			} else {
				for _, m := range inline.FindAllStringSubmatch(l, -1) {
					found = append(found, m[1])
				}
			}
			for _, c := range found {
				cmds = append(cmds, parseDocCommand(t, f, c))
			}
		}
	}
	return cmds
}

// parseDocCommand reads one shown command: an optional `printf '…' |`
// before it, `> FILE` after it, and a `# comment`.
func parseDocCommand(t *testing.T, file, line string) docCommand {
	t.Helper()
	c := docCommand{file: file, line: line}
	cmd := line
	if i := strings.Index(cmd, " # "); i >= 0 {
		c.comment = strings.TrimSpace(cmd[i+3:])
		cmd = cmd[:i]
	}
	if i := strings.Index(cmd, "| go run . "); i >= 0 {
		w := shellWords(cmd[:i])
		if len(w) != 2 || w[0] != "printf" {
			t.Fatalf("%s: %q: only printf '…' | may feed a command", file, line)
		}
		c.stdin = unescape(w[1])
		cmd = cmd[i+2:]
	}
	if i := strings.Index(cmd, " > "); i >= 0 {
		c.stdout = strings.TrimSpace(cmd[i+3:])
		cmd = cmd[:i]
	}
	w := shellWords(cmd)
	if len(w) < 3 || w[0] != "go" || w[1] != "run" || w[2] != "." {
		t.Fatalf("%s: %q is not a go run . command", file, line)
	}
	c.args = w[3:]
	return c
}

// TestDocCommands runs every `go run .` command that README.md and the
// manual in docs/ show, in a folder of its own (out/ made first, as the
// README says; the repository's examples/ beside it), and checks that it
// exits 0 and prints the answers its comment lists ([1,1,6] …). The
// site's playground is left out (--no-playground): compiling it takes a
// Go toolchain build of its own, which TestPlayground covers.
func TestDocCommands(t *testing.T) {
	cmds := docCommands(t)
	if len(cmds) < 50 {
		t.Fatalf("found %d commands in the manual, want more than 50: is the parser broken?", len(cmds))
	}
	root, err := os.Getwd()
	if err != nil {
		t.Fatal(err)
	}
	// One run for the commands that differ only in the name of their
	// output under out/ (the lesson builds are shown several times), with
	// every comment's answers checked.
	outName := regexp.MustCompile(`(^| )(out|docs)/[^ ]*`)
	keyOf := func(c docCommand) string {
		return outName.ReplaceAllString(strings.Join(c.args, " "), "${1}OUT") + "|" + c.stdin
	}
	comments := map[string][]string{}
	var unique []docCommand
	for _, c := range cmds {
		k := keyOf(c)
		if _, ok := comments[k]; !ok {
			unique = append(unique, c)
		}
		comments[k] = append(comments[k], c.comment)
	}
	answers := regexp.MustCompile(`\[[\d,]*\]`)
	for _, c := range unique {
		c.comment = strings.Join(comments[keyOf(c)], " ")
		t.Run(c.file+": "+strings.Join(c.args, " "), func(t *testing.T) {
			dir := t.TempDir()
			if err := os.Mkdir(filepath.Join(dir, "out"), 0o755); err != nil {
				t.Fatal(err)
			}
			args := make([]string, 0, len(c.args)+1)
			for _, a := range c.args {
				switch {
				case strings.HasPrefix(a, "out/") || strings.HasPrefix(a, "docs/") || a == "site":
					// Outputs go to the test's own folder.
					a = filepath.Join(dir, a)
					if err := os.MkdirAll(filepath.Dir(a), 0o755); err != nil {
						t.Fatal(err)
					}
				case strings.HasPrefix(a, "examples/"):
					a = filepath.Join(root, a)
				}
				args = append(args, a)
			}
			if slicesHas(args, "--site") && !slicesHas(args, "--no-playground") {
				args = append(args, "--no-playground")
			}
			// A log drawn again is made first, as the manual's earlier
			// command made it.
			for _, a := range args {
				if strings.HasSuffix(a, ".yaml") && filepath.Dir(a) == filepath.Join(dir, "out") && (len(args) > 1 && args[0] == "render") && a == args[1] {
					spec := []string{"trace", "nqueens", "--yaml", a}
					if strings.Contains(a, "q4") {
						spec = append(spec, "-n", "4")
					}
					mustRun(t, spec...)
				}
			}
			if args[0] == "trace" && answers.MatchString(c.comment) && !slicesHas(args, "--show") {
				// The comment lists every answer; the report prints 3.
				args = append(args, "--show", "100")
			}
			var out, errb bytes.Buffer
			code := runInProcess(args, strings.NewReader(c.stdin), &out, &errb)
			if code != 0 {
				t.Fatalf("%s: %q exits %d, not 0 as shown: %s", c.file, c.line, code, errb.String())
			}
			if c.stdout != "" && out.Len() == 0 {
				t.Errorf("%s: %q printed nothing for > %s", c.file, c.line, c.stdout)
			}
			for _, a := range answers.FindAllString(c.comment, -1) {
				if !strings.Contains(out.String(), a) {
					t.Errorf("%s: %q: the comment gives %s, which the output does not hold:\n%s", c.file, c.line, a, out.String())
				}
			}
		})
	}
}

// slicesHas reports whether s holds v.
func slicesHas(s []string, v string) bool {
	for _, x := range s {
		if x == v {
			return true
		}
	}
	return false
}

// TestREADMEPicture holds the README's picture to what the command under
// it draws now.
func TestREADMEPicture(t *testing.T) {
	want, err := os.ReadFile("docs/q4.svg")
	if err != nil {
		t.Fatal(err)
	}
	got := filepath.Join(t.TempDir(), "q4.svg")
	mustRun(t, "trace", "nqueens", "-n", "4", "--svg", got)
	b, err := os.ReadFile(got)
	if err != nil {
		t.Fatal(err)
	}
	if !bytes.Equal(b, want) {
		t.Errorf("docs/q4.svg is not what `trace nqueens -n 4 --svg` draws now: run it again (go run . trace nqueens -n 4 --svg docs/q4.svg)")
	}
}
