package tracer

import (
	"fmt"
	"strings"
	"testing"

	"github.com/backtrack-edu/backtrack/tracer/problems/listkit"
)

// TestSpecStrategies: every order × check × when, and, for a list of
// numbers, every de-duplication style the problem takes.
func TestSpecStrategies(t *testing.T) {
	tests := []struct {
		spec   Spec
		n      int
		dedups string // the styles met, in order of first meeting
		err    string
	}{
		{spec: Spec{Problem: "sudoku"}, n: 36},
		{spec: Spec{Problem: "nqueens", N: 6}, n: 6},
		{spec: Spec{Problem: "permutations", N: 3}, n: 6},
		// used, start, none at every check and timing.
		{spec: Spec{Problem: "combination-sum"}, n: 6, dedups: "used start none"}, // before and after
		{spec: Spec{Problem: "subsets", Puzzle: "nums 1,2,2"}, dedups: "used start none"},
		// Permutations take no dedup start, nor dedup used at the leaf.
		{spec: Spec{Problem: "permutations", Puzzle: "nums 1,1,2"}, n: 10, dedups: "used none"},
		{spec: Spec{Problem: "chess"}, err: `unknown problem "chess"`},
		{spec: Spec{Problem: "nqueens", N: 99}, err: "out of range"},
	}
	for _, tt := range tests {
		t.Run(fmt.Sprintf("%s %d %s", tt.spec.Problem, tt.spec.N, tt.spec.Puzzle), func(t *testing.T) {
			ss, err := tt.spec.Strategies()
			if tt.err != "" {
				if err == nil || !strings.Contains(err.Error(), tt.err) {
					t.Errorf("error %v, want %q", err, tt.err)
				}
				return
			}
			if err != nil || (tt.n > 0 && len(ss) != tt.n) {
				t.Fatalf("%d specs, %v; want %d", len(ss), err, tt.n)
			}
			seen := map[string]bool{}
			var dedups []string
			for _, s := range ss {
				p, opts, err := s.Build()
				if err != nil {
					t.Fatalf("%+v: %v", s, err)
				}
				d := string(listkit.DedupOf(p.Info().Instance))
				if d == "" {
					d = string(listkit.DedupOf(s.Puzzle))
				}
				key := fmt.Sprintf("%s %s %s %s", p.Info().Order, p.Info().Check, opts.When, d)
				if seen[key] {
					t.Errorf("strategy %s twice", key)
				}
				seen[key] = true
				if d != "" && !strings.Contains(" "+strings.Join(dedups, " ")+" ", " "+d+" ") {
					dedups = append(dedups, d)
				}
			}
			if got := strings.Join(dedups, " "); got != tt.dedups {
				t.Errorf("dedup styles %q, want %q", got, tt.dedups)
			}
		})
	}
}

func mustDef(t *testing.T, name string) *Def {
	t.Helper()
	d, err := Lookup(name)
	if err != nil {
		t.Fatal(err)
	}
	return d
}

func TestSetKeys(t *testing.T) {
	tests := []struct {
		text string
		want Spec
		err  string
	}{
		{"", Spec{}, ""},
		{"check=counts", Spec{Check: "counts"}, ""},
		{" order = mrv , when=after,stop=all,drop=return-false", Spec{Order: "mrv", When: "after", Stop: "all", Drop: "return-false"}, ""},
		{"check", Spec{}, "want key=value"},
		{"colour=red", Spec{}, `unknown key "colour"`},
	}
	for _, tt := range tests {
		var s Spec
		err := s.SetKeys(tt.text)
		if tt.err != "" {
			if err == nil || !strings.Contains(err.Error(), tt.err) {
				t.Errorf("SetKeys(%q) error %v, want %q", tt.text, err, tt.err)
			}
			continue
		}
		if err != nil || fmt.Sprint(s) != fmt.Sprint(tt.want) {
			t.Errorf("SetKeys(%q) = %+v, %v; want %+v", tt.text, s, err, tt.want)
		}
	}
}

func TestDedupOf(t *testing.T) {
	for in, want := range map[string]listkit.Dedup{
		"nums 1,1,2 dedup used":            listkit.DedupUsed,
		"nums 10,1,2 target 8 dedup start": listkit.DedupStart,
		"nums 1,2":                         "",
		"dedup":                            "",
		"":                                 "",
	} {
		if got := listkit.DedupOf(in); got != want {
			t.Errorf("DedupOf(%q) = %q, want %q", in, got, want)
		}
	}
}

// TestStrategyFilled: the one place a run's defaults are filled.
func TestStrategyFilled(t *testing.T) {
	q := mustDef(t, "nqueens")
	tests := []struct {
		name string
		in   Strategy
		info Info
		want Strategy
	}{
		{"all empty, no instance", Strategy{}, Info{}, Strategy{When: WhenBefore, Stop: StopFirst}},
		{"the instance's order and check", Strategy{}, Info{Order: "linear", Check: "counts"}, Strategy{Order: "linear", Check: "counts", When: WhenBefore, Stop: StopFirst}},
		{"the Def's first ones", Strategy{}, Info{Def: q}, Strategy{Order: q.Orders[0], Check: q.Checks[0], When: WhenBefore, Stop: StopFirst}},
		{"given values stay", Strategy{Order: "x", Check: "y", When: WhenLeaf, Stop: StopAll}, Info{Def: q}, Strategy{Order: "x", Check: "y", When: WhenLeaf, Stop: StopAll}},
		{"drop return-value is stop no-return", Strategy{Drop: DropReturnValue}, Info{}, Strategy{When: WhenBefore, Stop: StopNoReturn}},
	}
	for _, tt := range tests {
		if got := tt.in.Filled(tt.info); got != tt.want {
			t.Errorf("%s: %+v, want %+v", tt.name, got, tt.want)
		}
	}
}
