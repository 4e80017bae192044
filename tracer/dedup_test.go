package tracer

import (
	"context"
	"fmt"
	"slices"
	"sort"
	"strings"
	"testing"

	"github.com/backtrack-edu/backtrack/tracer/problems/combsum"
	"github.com/backtrack-edu/backtrack/tracer/problems/listkit"
)

// The list problems (combination-sum, subsets, permutations --nums)
// against answers computed here without the package: every combination,
// subset or arrangement enumerated by brute force over index sets, then
// de-duplicated as sets of numbers, as LeetCode 39/40/47/90 state them.

// bruteCombos returns every multiset of nums (each index once, or any
// number of times with reuse) summing to target, sorted, as "[1,1,6]".
func bruteCombos(nums []int, target int, reuse bool) (uniq []string, raw int) {
	s := slices.Sorted(slices.Values(nums))
	seen := map[string]bool{}
	var walk func(i, sum int, path []int)
	walk = func(i, sum int, path []int) {
		if sum == target {
			raw++
			k := listkit.ListText(path)
			if !seen[k] {
				seen[k] = true
				uniq = append(uniq, k)
			}
			return
		}
		if i == len(s) || sum > target {
			return
		}
		// Take s[i] (again, with reuse), or move past it.
		if sum+s[i] <= target {
			next := i + 1
			if reuse {
				next = i
			}
			walk(next, sum+s[i], append(path, s[i]))
		}
		walk(i+1, sum, path)
	}
	walk(0, 0, nil)
	sort.Strings(uniq)
	return uniq, raw
}

// bruteSubsets returns every subset of nums (as sorted number lists),
// the repeats removed, and how many index subsets there are (2^n).
func bruteSubsets(nums []int) (uniq []string, raw int) {
	s := slices.Sorted(slices.Values(nums))
	seen := map[string]bool{}
	for mask := 0; mask < 1<<len(s); mask++ {
		var sub []int
		for i := range s {
			if mask&(1<<i) != 0 {
				sub = append(sub, s[i])
			}
		}
		raw++
		if k := listkit.ListText(sub); !seen[k] {
			seen[k] = true
			uniq = append(uniq, k)
		}
	}
	sort.Strings(uniq)
	return uniq, raw
}

// brutePerms returns every arrangement of nums, the repeats removed, and
// n! (the arrangements of the indices).
func brutePerms(nums []int) (uniq []string, raw int) {
	seen := map[string]bool{}
	var walk func(path []int, used []bool)
	walk = func(path []int, used []bool) {
		if len(path) == len(nums) {
			raw++
			if k := listkit.ListText(path); !seen[k] {
				seen[k] = true
				uniq = append(uniq, k)
			}
			return
		}
		for i, v := range nums {
			if !used[i] {
				used[i] = true
				walk(append(path, v), used)
				used[i] = false
			}
		}
	}
	walk(nil, make([]bool, len(nums)))
	sort.Strings(uniq)
	return uniq, raw
}

// runList runs a list problem and returns its solutions as lists (sorted
// lists for combinations and subsets), in the order found, and the run's
// stats; every event goes through a Checker too.
func runList(t *testing.T, spec Spec) ([]string, *Stats) {
	t.Helper()
	p, opts, err := spec.Build()
	if err != nil {
		t.Fatalf("%+v: %v", spec, err)
	}
	st := &Stats{}
	ck := &Checker{EveryNode: p.Info().Def.EveryNode}
	opts.Sinks = []Sink{st, ck}
	opts.KeepSolutions = 1 << 20
	res, err := Run(context.Background(), p, opts)
	if err != nil {
		t.Fatal(err)
	}
	if err := ck.Finish(); err != nil {
		t.Fatalf("%+v: the event stream: %v", spec, err)
	}
	def := p.Info().Def
	var got []string
	for _, rows := range res.Boards {
		got = append(got, def.SolutionText(rows))
	}
	return got, st
}

func sortedCopy(s []string) []string { return slices.Sorted(slices.Values(s)) }

func TestListProblemsAgainstBruteForce(t *testing.T) {
	type tc struct {
		problem, instance string
		want              func() ([]string, int)
	}
	nums := func(s string) []int {
		in, err := listkit.ParseNumbers("nums "+s, listkit.Numbers{Target: 1, Dedup: listkit.DedupNone})
		if err != nil {
			t.Fatal(err)
		}
		return in.Given
	}
	var cases []tc
	for _, c := range []struct {
		nums   string
		target int
	}{{"10,1,2,7,6,1,5", 8}, {"2,5,2,1,2", 5}, {"1,1,1,1", 2}, {"3,1,3,5,1,1", 8}, {"4,1,2,3", 5}, {"7", 3}} {
		c := c
		cases = append(cases, tc{"combination-sum", fmt.Sprintf("nums %s target %d", c.nums, c.target),
			func() ([]string, int) { return bruteCombos(nums(c.nums), c.target, false) }})
	}
	for _, c := range []struct {
		nums   string
		target int
	}{{"2,3,6,7", 7}, {"2,3,5", 8}, {"2", 1}} {
		c := c
		cases = append(cases, tc{"combination-sum", fmt.Sprintf("nums %s target %d reuse", c.nums, c.target),
			func() ([]string, int) { return bruteCombos(nums(c.nums), c.target, true) }})
	}
	for _, s := range []string{"1,2,2", "3", "4,4,4,1,4", "1,2,3", "5,5"} {
		s := s
		cases = append(cases, tc{"subsets", "nums " + s, func() ([]string, int) { return bruteSubsets(nums(s)) }})
	}
	for _, s := range []string{"1,1,2", "1,2,3", "3,3,1,3", "2,2,1,1"} {
		s := s
		cases = append(cases, tc{"permutations", "nums " + s, func() ([]string, int) { return brutePerms(nums(s)) }})
	}
	for _, c := range cases {
		uniq, raw := c.want()
		for _, dedup := range listkit.Dedups {
			if dedup == listkit.DedupStart && c.problem == "permutations" {
				continue // refused: see TestListProblemsRefuse
			}
			if dedup == listkit.DedupUsed && strings.HasSuffix(c.instance, "reuse") && ParseNumbersRepeat(t, c.instance) {
				continue
			}
			for _, when := range []When{WhenBefore, WhenAfter} {
				name := fmt.Sprintf("%s %s dedup %s when %s", c.problem, c.instance, dedup, when)
				t.Run(name, func(t *testing.T) {
					got, st := runList(t, Spec{Problem: c.problem, Puzzle: c.instance + " dedup " + string(dedup), When: when})
					if dedup == listkit.DedupNone {
						// Every index set is an answer: the repeats show.
						if len(got) != raw {
							t.Errorf("%d answers, want %d (every arrangement of the indices)", len(got), raw)
						}
						if u := slices.Compact(sortedCopy(got)); !slices.Equal(u, uniq) {
							t.Errorf("distinct answers %v, want %v", u, uniq)
						}
						return
					}
					if !slices.Equal(sortedCopy(got), uniq) {
						t.Errorf("answers %v, want %v", got, uniq)
					}
					if st.Solutions != int64(len(uniq)) {
						t.Errorf("stats: %d solutions, want %d", st.Solutions, len(uniq))
					}
				})
			}
		}
	}
}

// ParseNumbersRepeat reports whether the instance's numbers repeat.
func ParseNumbersRepeat(t *testing.T, instance string) bool {
	in, err := listkit.ParseNumbers(instance, combsum.CombSumDefault)
	if err != nil {
		t.Fatal(err)
	}
	return in.Repeats()
}

// TestListProblemsPinned pins the examples: solutions in the order
// found and the counts of each kind of prune.
func TestListProblemsPinned(t *testing.T) {
	tests := []struct {
		spec               Spec
		solutions          []string
		calls, over, level int64
		used               int64
	}{
		{Spec{Problem: "combination-sum"}, []string{"[1,1,6]", "[1,2,5]", "[1,7]", "[2,6]"}, 17, 13, 1, 0},
		{Spec{Problem: "combination-sum", Puzzle: "dedup start"}, []string{"[1,1,6]", "[1,2,5]", "[1,7]", "[2,6]"}, 17, 13, 1, 0},
		{Spec{Problem: "combination-sum", Puzzle: "nums 2,3,6,7 target 7 reuse"}, []string{"[2,2,3]", "[7]"}, 10, 7, 0, 0},
		{Spec{Problem: "subsets"}, []string{"[]", "[1]", "[1,2]", "[1,2,2]", "[2]", "[2,2]"}, 6, 0, 2, 0},
		{Spec{Problem: "permutations", Puzzle: "nums 1,1,2"}, []string{"[1,1,2]", "[1,2,1]", "[2,1,1]"}, 9, 0, 2, 8},
	}
	for _, tt := range tests {
		got, st := runList(t, tt.spec)
		if !slices.Equal(got, tt.solutions) {
			t.Errorf("%+v: solutions %v, want %v", tt.spec, got, tt.solutions)
		}
		// Rules are numbered within each problem: count them by key,
		// with the instance's own Def (the rules of a list of numbers).
		p, _, err := tt.spec.Build()
		if err != nil {
			t.Fatal(err)
		}
		d := p.Info().Def
		by := func(key string) int64 {
			if r, err := d.ParseRule(key); err == nil && r != RuleNone {
				return st.Rejects[r]
			}
			return 0
		}
		if st.Nodes != tt.calls || by("over") != tt.over || by("same_level") != tt.level || by("used") != tt.used {
			t.Errorf("%+v: %d calls, over %d, same_level %d, used %d; want %d, %d, %d, %d", tt.spec,
				st.Nodes, by("over"), by("same_level"), by("used"), tt.calls, tt.over, tt.level, tt.used)
		}
	}
	// -n N is what it was: the numbers 1..n.
	if got, _ := runList(t, Spec{Problem: "permutations", N: 3}); len(got) != 6 || got[0] != "123" {
		t.Errorf("permutations -n 3: %v", got)
	}
}

func TestListProblemsRefuse(t *testing.T) {
	tests := []struct {
		spec    Spec
		setting string
		says    string
	}{
		{Spec{Problem: "combination-sum", When: WhenLeaf}, "when", "does not support when leaf"},
		{Spec{Problem: "subsets", When: WhenLeaf}, "when", "does not support when leaf"},
		{Spec{Problem: "permutations", Puzzle: "nums 1,1,2", When: WhenLeaf}, "when", "dedup used skips at each level"},
		{Spec{Problem: "permutations", Puzzle: "nums 1,1,2 dedup start"}, "puzzle", "starts at 0"},
		{Spec{Problem: "combination-sum", Puzzle: "nums 1,1 target 2 reuse"}, "puzzle", "use dedup start"},
		{Spec{Problem: "combination-sum", Puzzle: "nums 1,x target 2"}, "puzzle", `"x" is not a whole number`},
		{Spec{Problem: "combination-sum", Puzzle: "nums 1,2 dedup maybe"}, "puzzle", "want used, start or none"},
		{Spec{Problem: "subsets", Puzzle: "nums 1,2 target 3"}, "puzzle", "no target"},
		{Spec{Problem: "subsets", Puzzle: "nums 1,2,3,4,5,6,7,8,9,10,11,12,13"}, "puzzle", "want 1 to 12"},
	}
	for _, tt := range tests {
		_, _, err := tt.spec.Build()
		var se *SettingError
		if err == nil || !errorsAs(err, &se) || se.Setting != tt.setting || !strings.Contains(err.Error(), tt.says) {
			t.Errorf("%+v: error %v: want a %s error saying %q", tt.spec, err, tt.setting, tt.says)
		}
	}
	// Permutations of a list still runs with when leaf and no de-dup.
	if got, _ := runList(t, Spec{Problem: "permutations", Puzzle: "nums 1,1,2 dedup none", When: WhenLeaf}); len(got) != 6 {
		t.Errorf("permutations nums 1,1,2 dedup none when leaf: %v, want 6", got)
	}
}

func errorsAs(err error, se **SettingError) bool {
	for err != nil {
		if s, ok := err.(*SettingError); ok {
			*se = s
			return true
		}
		u, ok := err.(interface{ Unwrap() error })
		if !ok {
			return false
		}
		err = u.Unwrap()
	}
	return false
}

// TestListInstanceText: the instance a run writes into a log reads back
// as the same instance, every part spelled out.
func TestListInstanceText(t *testing.T) {
	for _, s := range []string{"", "nums 2,3,6,7 target 7 reuse", "dedup none", "nums 3 1 2 target 4 dedup start"} {
		p, _, err := Spec{Problem: "combination-sum", Puzzle: s}.Build()
		if s == "" {
			p, _, err = Spec{Problem: "combination-sum"}.Build()
		}
		if err != nil {
			t.Fatal(err)
		}
		text := p.Info().Instance
		q, _, err := Spec{Problem: "combination-sum", Puzzle: text}.Build()
		if err != nil || q.Info().Instance != text {
			t.Errorf("%q: instance %q reads back as %v, %v", s, text, q, err)
		}
		if !strings.Contains(text, "nums ") || !strings.Contains(text, "target ") || !strings.Contains(text, "dedup ") {
			t.Errorf("%q: instance %q does not spell every part", s, text)
		}
	}
	if got := listkit.NumbersInstance("1,1,2", 0, false, "none"); got != "nums 1,1,2 dedup none" {
		t.Errorf("NumbersInstance = %q", got)
	}
}

// TestListMarks: a move reads its number, an allowed repeat along a
// branch is marked, and the rule 树层去重 has a look of its own.
func TestListMarks(t *testing.T) {
	p, _, err := Spec{Problem: "combination-sum"}.Build()
	if err != nil {
		t.Fatal(err)
	}
	d := p.Info().Def
	if got := d.Move(Pos{Row: 0, Col: 1}, 1); got != "1" { // sorted [1,1,2,5,6,7,10]
		t.Errorf("Move(index 1) = %q, want 1", got)
	}
	if got := d.Move(Pos{Row: 0, Col: 0}, 6); got != "10" {
		t.Errorf("Move(index 6) = %q, want 10", got)
	}
	if m, ok := d.CallMark([]int{0, 1}); !ok || m.ZH != "树枝" {
		t.Errorf("CallMark(0,1) = %v, %v: want 树枝", m, ok)
	}
	if _, ok := d.CallMark([]int{1}); ok {
		t.Errorf("CallMark(1): index 0 is not on the path, no mark")
	}
	if n, ok := d.LeafNote(combsum.CombSumOver, []int{0, 1, 5}); !ok || n.EN != "over by 1" {
		t.Errorf("LeafNote(over, 1+1+7) = %v, want over by 1", n)
	}
	rw := d.RuleWordsOf(combsum.CombSumSameLevel)
	if rw.Color == "" || rw.Mark.ZH != "层" || rw.Witness != WitnessSibling || strings.Contains(rw.With.EN, "clash") || !strings.Contains(rw.Code, "!used[i-1]") {
		t.Errorf("same_level words %+v: want a colour, the mark 层, a sibling witness, no clash, its own code line", rw)
	}
	// The words of another instance are that instance's.
	q, _, _ := Spec{Problem: "combination-sum", Puzzle: "nums 4,1,2,3 target 5"}.Build()
	if got := q.Info().Def.Move(Pos{Row: 0, Col: 0}, 2); got != "3" {
		t.Errorf("nums 4,1,2,3: Move(index 2) = %q, want 3", got)
	}
	if got := q.Info().Def.Label(q.Info(), LangEN); got != "[1,2,3,4], target 5, dedup used" {
		t.Errorf("Label = %q", got)
	}
}
