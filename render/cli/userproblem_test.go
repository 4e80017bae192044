package cli

import (
	"bytes"
	"context"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"strconv"
	"strings"
	"testing"

	"github.com/backtrack-edu/backtrack/tracer"
	"github.com/backtrack-edu/backtrack/tracer/problems/all"
	"github.com/backtrack-edu/backtrack/tracer/problems/combsum"
)

// bits is a problem of a user's own, as small as a problem is: the binary
// strings of a given length with no two 1s side by side (slot i is the
// i-th digit, 0 or 1; a 1 after a 1 breaks the rule "adjacent"). Its
// length comes from its own flag, --length, which writes "length N" into
// its instance text.
type bits struct {
	n    int
	path []int // -1: not decided
}

const bitsAdjacent tracer.Rule = 1

func parseBits(text string) (int, error) {
	f := strings.Fields(text)
	if len(f) != 2 || f[0] != "length" {
		return 0, fmt.Errorf("%q: want length N, e.g. length 3", text)
	}
	n, err := strconv.Atoi(f[1])
	if err != nil || n < 1 || n > 8 {
		return 0, fmt.Errorf("length %q: want 1 to 8", f[1])
	}
	return n, nil
}

func (p *bits) Info() tracer.Info {
	return tracer.Info{Def: bitsDef, Problem: bitsDef.Name, Size: p.n, Instance: "length " + strconv.Itoa(p.n),
		Order: combsum.OrderStart, Check: tracer.CheckScan, Rules: []tracer.Rule{bitsAdjacent}}
}

func (p *bits) Next(depth int, _ tracer.Pos) (tracer.Pos, bool) {
	return tracer.Pos{Row: 0, Col: depth}, depth < p.n
}
func (p *bits) LastScan() (tracer.Scan, bool)          { return tracer.Scan{}, false }
func (p *bits) Candidates(tracer.Pos) (int, int)       { return 0, 1 }
func (p *bits) Cell(slot tracer.Pos, _ int) tracer.Pos { return slot }
func (p *bits) Place(slot tracer.Pos, v int)           { p.path[slot.Col] = v }
func (p *bits) Undo(slot tracer.Pos, _ int)            { p.path[slot.Col] = -1 }
func (p *bits) Check(slot tracer.Pos, v int, _ bool) tracer.Verdict {
	if i := slot.Col; v == 1 && i > 0 && p.path[i-1] == 1 {
		return tracer.Verdict{Rule: bitsAdjacent, Witness: tracer.Pos{Row: 0, Col: i - 1}, Cost: 1}
	}
	return tracer.Verdict{Cost: 1}
}

func (p *bits) Validate() (tracer.Verdict, tracer.Pos, int) {
	for i := 1; i < p.n; i++ {
		if p.path[i] == 1 && p.path[i-1] == 1 {
			return tracer.Verdict{Rule: bitsAdjacent, Witness: tracer.Pos{Row: 0, Col: i - 1}, Cost: i}, tracer.Pos{Row: 0, Col: i}, 1
		}
	}
	return tracer.Verdict{Cost: p.n}, tracer.NoPos, 0
}

func (p *bits) Rows() []string {
	b := make([]byte, p.n)
	for i, v := range p.path {
		b[i] = bitGlyph(v)
	}
	return []string{string(b)}
}

func bitGlyph(v int) byte {
	if v < 0 {
		return '.'
	}
	return byte('0' + v)
}

var bitsDef = &tracer.Def{
	Name:  "bits",
	Title: tracer.Text{EN: "Bit strings", ZH: "二进制串"},
	Rules: []tracer.RuleWords{{Rule: bitsAdjacent, Key: "adjacent",
		Name: tracer.Text{EN: "two 1s side by side", ZH: "两个 1 相邻"}, Short: tracer.Text{EN: "11", ZH: "11"}}},
	Orders: []tracer.Order{combsum.OrderStart},
	Checks: []tracer.Check{tracer.CheckScan},
	Stop:   tracer.StopAll,
	Values: func(int) (int, int) { return 0, 1 },
	Puzzle: &tracer.PuzzleSetting{Default: "length 3", Parse: func(s string) (any, error) { return parseBits(s) }},
	Flags: []tracer.FlagSpec{{Name: "length", Kind: tracer.FlagNumber, Min: 1, Max: 8,
		Help: "how many digits (default 3)"}},
	New: func(s tracer.Spec) (tracer.Problem, error) {
		n, err := parseBits(s.Puzzle)
		if err != nil {
			return nil, err
		}
		p := &bits{n: n, path: make([]int, n)}
		for i := range p.path {
			p.path[i] = -1
		}
		return p, nil
	},
	Start: func(info tracer.Info) (*tracer.Board, error) { return tracer.NewBoard(1, info.Size, bitGlyph), nil },
	Move:  func(cell tracer.Pos, v int) string { return fmt.Sprintf("b%d=%d", cell.Col, v) },
	ParseMove: func(s string, size int) (tracer.Pos, int, error) {
		var i, v int
		if _, err := fmt.Sscanf(strings.TrimSpace(s), "b%d=%d", &i, &v); err != nil || i < 0 || i >= size || v < 0 || v > 1 {
			return tracer.NoPos, 0, fmt.Errorf("%q is not a move: want b<digit>=0 or 1", s)
		}
		return tracer.Pos{Row: 0, Col: i}, v, nil
	},
	MoveHint: tracer.Text{EN: "moves are written b<digit>=0 or 1, e.g. b2=1", ZH: "一步写作 b<位>=0 或 1，例如 b2=1"},
	Label:    func(info tracer.Info, _ tracer.Lang) string { return info.Instance },
	Words:    tracer.PlainWords(tracer.Text{EN: "digit", ZH: "数字"}, tracer.Text{EN: "next digit", ZH: "下一位"}),
	Code: tracer.CodeParts{Signature: "func solve(i int) {", Slot: func(tracer.Order) string { return "" }, Full: "i == n",
		Loop: func(int) string { return "for b := 0; b <= 1; b++ {" }, Args: "i, b", Recurse: "solve(i+1)", Value: "b"},
}

// userProblemEnv, set, has the test binary run TestUserProblemInProcess:
// a problem registered stays in the process's registry, so the tests that
// register one run in a process of their own (TestUserProblem), and every
// other test sees the built-ins alone.
const userProblemEnv = "BACKTRACK_TEST_USER_PROBLEM"

// TestUserProblem: a problem defined outside the module's problems,
// passed to cli.Run, gets the whole command line: help lists it, trace -h
// shows its own flag, trace runs it with that flag and logs it, render
// reads the log back into a DOT and a player page; a second problem of a
// taken name, or one declaring a flag a command has, is refused before
// any command runs. Run in a process of its own (userProblemEnv).
func TestUserProblem(t *testing.T) {
	if testing.Short() {
		t.Skip("runs the test binary again")
	}
	self, err := os.Executable()
	if err != nil {
		t.Fatal(err)
	}
	cmd := exec.Command(self, "-test.run=^TestUserProblemInProcess$", "-test.count=1", "-test.v")
	cmd.Dir = pkgDir
	cmd.Env = append(os.Environ(), userProblemEnv+"=1")
	out, err := cmd.CombinedOutput()
	if err != nil || !bytes.Contains(out, []byte("--- PASS: TestUserProblemInProcess")) {
		t.Fatalf("TestUserProblemInProcess: %v\n%s", err, out)
	}
}

func TestUserProblemInProcess(t *testing.T) {
	if os.Getenv(userProblemEnv) == "" {
		t.Skip("run by TestUserProblem, in a process of its own")
	}
	dir := t.TempDir()
	run := func(t *testing.T, wantCode int, args ...string) (stdout, stderr string) {
		t.Helper()
		var out, errb bytes.Buffer
		if code := Run(context.Background(), args, strings.NewReader(""), &out, &errb, bitsDef); code != wantCode {
			t.Fatalf("%s: exit %d, want %d; stderr %q", strings.Join(args, " "), code, wantCode, errb.String())
		}
		return out.String(), errb.String()
	}

	t.Run("help lists it", func(t *testing.T) {
		out, _ := run(t, 0, "help")
		if !strings.Contains(out, ", bits.\n") || !strings.Contains(out, "The problems: "+builtinNames()[0]) {
			t.Errorf("help does not list bits after the built-ins:\n%s", out)
		}
	})
	t.Run("trace -h shows its flag", func(t *testing.T) {
		out, _ := run(t, 0, "trace", "-h")
		for _, want := range []string{"backtrack trace " + strings.Join(builtinNames(), "|") + "|bits [flags]",
			"  --length int\n        bits: how many digits (default 3)\n"} {
			if !strings.Contains(out, want) {
				t.Errorf("trace -h lacks %q:\n%s", want, out)
			}
		}
	})
	t.Run("completion offers it", func(t *testing.T) {
		out, _ := run(t, 0, "completion", "bash")
		if !strings.Contains(out, "bits) prob=bits") || !strings.Contains(out, "--length") {
			t.Errorf("the bash completion lacks bits or --length")
		}
	})
	log := filepath.Join(dir, "bits.yaml")
	t.Run("trace runs it with its flag", func(t *testing.T) {
		out, _ := run(t, 0, "trace", "bits", "--length", "4", "--show", "8", "--yaml", log)
		// Strings of 4 digits with no 11: Fibonacci's F(6) = 8.
		for _, want := range []string{"bits length 4", "8 solutions", "solution 8:\n1 0 1 0\n", "rejects 4 (two 1s side by side ×4)"} {
			if !strings.Contains(out, want) {
				t.Errorf("trace bits --length 4 lacks %q:\n%s", want, out)
			}
		}
	})
	t.Run("its flag's errors name the flag", func(t *testing.T) {
		_, errs := run(t, 2, "trace", "bits", "--length", "9")
		if !strings.Contains(errs, "--length 9 is out of range: want 1 to 8") {
			t.Errorf("stderr %q", errs)
		}
		_, errs = run(t, 2, "trace", "nqueens", "--length", "3")
		if !strings.Contains(errs, "--length: nqueens takes no --length; bits does") {
			t.Errorf("stderr %q", errs)
		}
		_, errs = run(t, 2, "trace", "bits", "--nums", "1,2")
		if !strings.Contains(errs, "--nums: bits takes no --nums; permutations, combination-sum and subsets do") {
			t.Errorf("stderr %q", errs)
		}
	})
	t.Run("render reads its log back", func(t *testing.T) {
		dot, html := filepath.Join(dir, "bits.dot"), filepath.Join(dir, "bits.html")
		run(t, 0, "render", log, "--dot", dot, "--html", html)
		b, err := os.ReadFile(dot)
		if err != nil || !bytes.Contains(b, []byte("b0=1")) {
			t.Errorf("render's DOT lacks the move b0=1 (err %v)", err)
		}
		if fi, err := os.Stat(html); err != nil || fi.Size() < 1000 {
			t.Errorf("render --html: %v", err)
		}
		if out := os.Getenv(userLogEnv); out != "" {
			// TestDescribedUserLog reads them in a process that does not
			// know bits.
			for _, f := range []string{log, dot, html} {
				b, err := os.ReadFile(f)
				if err == nil {
					err = os.WriteFile(filepath.Join(out, filepath.Base(f)), b, 0o644)
				}
				if err != nil {
					t.Fatal(err)
				}
			}
		}
	})
	t.Run("step runs it", func(t *testing.T) {
		out, _ := run(t, 0, "step", "bits", "--length", "2", "--to", "3", "--print")
		if !strings.Contains(out, "b0=") {
			t.Errorf("step --print lacks a move:\n%s", out)
		}
	})

	// Refused problems: nothing runs, exit 1, one line naming both.
	for _, tc := range []struct {
		name string
		def  func() *tracer.Def
		want string
	}{
		{"a taken name", func() *tracer.Def { d := *bitsDef; return &d }, `problem "bits" given to cli.Main: another problem (Bit strings) is named "bits": give the problem a name of its own`},
		{"a built-in's name", func() *tracer.Def { d := *bitsDef; d.Name = "sudoku"; return &d },
			`problem "sudoku" given to cli.Main: another problem (Sudoku) is named "sudoku"`},
		{"a built-in's alias", func() *tracer.Def { d := *bitsDef; d.Name, d.Aliases = "bits2", []string{"queens"}; return &d },
			`problem "bits2" given to cli.Main: "queens" is another name of nqueens (N-Queens)`},
		{"a command's own flag", func() *tracer.Def {
			d := *bitsDef
			d.Name, d.Flags = "bits3", []tracer.FlagSpec{{Name: "order", Help: "x"}}
			return &d
		}, `problem "bits3" given to cli.Main declares the flag --order, which trace has of its own`},
		{"a shared flag of another kind", func() *tracer.Def {
			d := *bitsDef
			d.Name, d.Flags = "bits4", []tracer.FlagSpec{{Name: "nums", Kind: tracer.FlagSwitch, Help: "x"}}
			return &d
		}, `declares --nums as a flag of another kind than permutations does`},
	} {
		t.Run(tc.name, func(t *testing.T) {
			var out, errb bytes.Buffer
			code := Run(context.Background(), []string{"trace", "bits"}, nil, &out, &errb, tc.def())
			if code != exitFailure || out.Len() > 0 || !strings.Contains(errb.String(), tc.want) || strings.Count(errb.String(), "\n") != 1 {
				t.Errorf("exit %d, stdout %q, stderr %q; want exit 1 and %q", code, out.String(), errb.String(), tc.want)
			}
		})
	}
	for _, name := range []string{"bits2", "bits3", "bits4"} {
		if _, err := tracer.Lookup(name); err == nil {
			t.Errorf("the refused problem %s was registered", name)
		}
	}
}

// builtinNames are the built-ins' names in the registry's order (package
// all's list), so that a new built-in changes no test here.
func builtinNames() []string {
	var names []string
	for _, d := range all.Problems() {
		names = append(names, d.Name)
	}
	return names
}
