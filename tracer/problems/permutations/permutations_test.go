package permutations

import (
	"errors"
	"fmt"
	"slices"
	"strings"
	"testing"
	"unicode"
	"unicode/utf8"

	"github.com/backtrack-edu/backtrack/tracer"
	"github.com/backtrack-edu/backtrack/tracer/problem"
	"github.com/backtrack-edu/backtrack/tracer/problems/nqueens"
	"github.com/backtrack-edu/backtrack/tracer/problems/sudoku"
)

// permProfile is a permutation search written without the package: a
// plain recursion over positions with a used[] array that tries 1..n at
// each position, counting calls (per depth), tries and rejects, and
// returning the permutations in the order found.
type permProfile struct {
	perDepth              []int64
	nodes, tries, rejects int64
	solutions             [][]int
}

func permutationsProfile(n int) permProfile {
	var p permProfile
	p.perDepth = make([]int64, n+1)
	used := make([]bool, n+1)
	var path []int
	var rec func()
	rec = func() {
		p.nodes++
		p.perDepth[len(path)]++
		if len(path) == n {
			p.solutions = append(p.solutions, slices.Clone(path))
			return
		}
		for v := 1; v <= n; v++ {
			p.tries++
			if used[v] {
				p.rejects++
				continue
			}
			used[v] = true
			path = append(path, v)
			rec()
			path = path[:len(path)-1]
			used[v] = false
		}
	}
	rec()
	return p
}

// permNodes is Σ_{k=0..n} n!/(n−k)!: the calls at depth k are the
// arrangements of k of the n numbers.
func permNodes(n int) int64 {
	total, term := int64(1), int64(1)
	for k := 1; k <= n; k++ {
		term *= int64(n - k + 1)
		total += term
	}
	return total
}

func factorial(n int) int64 {
	f := int64(1)
	for k := 2; k <= n; k++ {
		f *= int64(k)
	}
	return f
}

// permRow writes a permutation as Rows does.
func permRow(path []int) string {
	b := make([]byte, len(path))
	for i, v := range path {
		b[i] = sudoku.DigitChar(v)
	}
	return string(b)
}

func newPerm(t testing.TB, n int, check problem.Check) *Permutations {
	t.Helper()
	p, err := NewPermutations(n, check)
	if err != nil {
		t.Fatal(err)
	}
	return p
}

// TestPermutationsCounts checks the search (check before placing, all
// solutions) for n = 1..8 and both checks against the formula for the
// nodes, an independent search and, for n = 3 and 4, figures worked out
// by hand.
func TestPermutationsCounts(t *testing.T) {
	tests := []struct {
		n                               int
		solutions, nodes, tries, reject int64 // 0: not given by hand
	}{
		{n: 1}, {n: 2},
		{3, 6, 16, 30, 15},
		{4, 24, 65, 164, 100},
		{n: 5}, {n: 6}, {n: 7}, {n: 8},
	}
	for _, tc := range tests {
		indep := permutationsProfile(tc.n)
		if indep.nodes != permNodes(tc.n) || int64(len(indep.solutions)) != factorial(tc.n) {
			t.Fatalf("n=%d: independent search: %d nodes, %d solutions: want %d, %d",
				tc.n, indep.nodes, len(indep.solutions), permNodes(tc.n), factorial(tc.n))
		}
		if tc.nodes != 0 && (indep.nodes != tc.nodes || indep.tries != tc.tries || indep.rejects != tc.reject ||
			int64(len(indep.solutions)) != tc.solutions) {
			t.Fatalf("n=%d: independent search: %d solutions, %d nodes, %d tries, %d rejects: want %d, %d, %d, %d",
				tc.n, len(indep.solutions), indep.nodes, indep.tries, indep.rejects, tc.solutions, tc.nodes, tc.tries, tc.reject)
		}
		for _, check := range PermutationsChecks {
			t.Run(fmt.Sprintf("n=%d/%s", tc.n, check), func(t *testing.T) {
				r := runTraced(t, newPerm(t, tc.n, check), problem.Options{Stop: problem.StopAll, KeepSolutions: 24}, false)
				st := r.stats
				if r.res.Status != problem.StatusComplete {
					t.Errorf("status %s: want complete", r.res.Status)
				}
				if r.res.Solutions != factorial(tc.n) {
					t.Errorf("solutions = %d: want %d", r.res.Solutions, factorial(tc.n))
				}
				if st.Nodes != permNodes(tc.n) || st.Nodes != indep.nodes {
					t.Errorf("nodes = %d: want %d", st.Nodes, permNodes(tc.n))
				}
				if !slices.Equal(st.PerDepth, indep.perDepth) {
					t.Errorf("nodes per depth = %v: want %v", st.PerDepth, indep.perDepth)
				}
				if st.Tries != indep.tries || st.RejectTotal() != indep.rejects || st.Rejects[PermutationsUsed] != indep.rejects {
					t.Errorf("tries %d, rejects %d (used %d): want %d, %d", st.Tries, st.RejectTotal(), st.Rejects[PermutationsUsed],
						indep.tries, indep.rejects)
				}
				if st.Placements != st.Nodes-1 || st.Backtracks != st.Placements || st.MaxDepth != tc.n {
					t.Errorf("placements %d, backtracks %d, max depth %d: want %d, %d, %d",
						st.Placements, st.Backtracks, st.MaxDepth, st.Nodes-1, st.Nodes-1, tc.n)
				}
				for i, b := range r.res.Boards {
					if want := permRow(indep.solutions[i]); len(b) != 1 || b[0] != want {
						t.Fatalf("solution %d = %q: want [%s]", i+1, b, want)
					}
				}
			})
		}
	}
}

// TestPermutationsScanVsArrays checks that the two checks build the same
// tree, prune for the same reasons and differ only in cost (arrays' being
// lower), for every --when.
func TestPermutationsScanVsArrays(t *testing.T) {
	for _, when := range problem.Whens {
		for _, n := range []int{3, 4, 6} {
			if when == problem.WhenLeaf && n > 4 {
				continue
			}
			t.Run(fmt.Sprintf("%s/n=%d", when, n), func(t *testing.T) {
				opts := problem.Options{When: when, Stop: problem.StopAll}
				a := runTraced(t, newPerm(t, n, problem.CheckScan), opts, true)
				b := runTraced(t, newPerm(t, n, problem.CheckArrays), opts, true)
				sa, sb := *a.stats, *b.stats
				switch {
				case when == problem.WhenLeaf && sa.CheckCost != sb.CheckCost:
					// The leaf validation scans the row for both.
					t.Errorf("leaf check cost %d and %d: want equal", sa.CheckCost, sb.CheckCost)
				case when != problem.WhenLeaf && sb.CheckCost >= sa.CheckCost:
					t.Errorf("check cost: scan %d, arrays %d: want arrays lower", sa.CheckCost, sb.CheckCost)
				}
				sa.CheckCost, sb.CheckCost = 0, 0
				if !equalStats(&sa, &sb) {
					t.Errorf("stats differ:\nscan   %+v\narrays %+v", sa, sb)
				}
				compareTrees(t, a.tree, b.tree, when == problem.WhenLeaf)
				if !slices.EqualFunc(a.res.Boards, b.res.Boards, slices.Equal) {
					t.Errorf("solutions differ")
				}
			})
		}
	}
}

// TestPermutationsFirst checks --first: the search goes straight down to
// [1 2 … n] and stops, with n+1 calls.
func TestPermutationsFirst(t *testing.T) {
	for _, n := range []int{1, 2, 3, 5, 8, 10} {
		for _, check := range PermutationsChecks {
			t.Run(fmt.Sprintf("n=%d/%s", n, check), func(t *testing.T) {
				r := runTraced(t, newPerm(t, n, check), problem.Options{Stop: problem.StopFirst}, false)
				want := "123456789A"[:n]
				if r.res.Status != problem.StatusSolved || r.res.Solutions != 1 || r.res.Nodes != int64(n+1) {
					t.Errorf("%v: want solved, 1 solution, %d nodes", r.res, n+1)
				}
				if len(r.res.Boards) != 1 || !slices.Equal(r.res.Boards[0], []string{want}) || !slices.Equal(r.res.Final, []string{want}) {
					t.Errorf("solution %q, final %q: want [%s]", r.res.Boards, r.res.Final, want)
				}
			})
		}
	}
	// The spec's default is every solution; stop=first asks for one.
	for _, tc := range []struct {
		stop  problem.Stop
		nodes int64
	}{{"", permNodes(4)}, {problem.StopFirst, 5}} {
		p, opts, err := problem.Spec{Problem: "permutations", Stop: tc.stop}.Build()
		if err != nil {
			t.Fatal(err)
		}
		r := runTraced(t, p, opts, false)
		if r.res.Nodes != tc.nodes {
			t.Errorf("stop %q: %d nodes: want %d", tc.stop, r.res.Nodes, tc.nodes)
		}
	}
}

// TestPermutationsWhens checks that --when before, after and leaf find the
// same solutions in the same order, and the sizes of their trees.
func TestPermutationsWhens(t *testing.T) {
	for _, n := range []int{1, 2, 3, 4} {
		indep := permutationsProfile(n)
		var want [][]string
		for _, s := range indep.solutions {
			want = append(want, []string{permRow(s)})
		}
		for _, when := range problem.Whens {
			for _, check := range PermutationsChecks {
				t.Run(fmt.Sprintf("n=%d/%s/%s", n, when, check), func(t *testing.T) {
					r := runTraced(t, newPerm(t, n, check), problem.Options{When: when, Stop: problem.StopAll, KeepSolutions: 100}, false)
					if r.res.Status != problem.StatusComplete || !slices.EqualFunc(r.res.Boards, want, slices.Equal) {
						t.Errorf("%v, solutions %q: want complete, %q", r.res, r.res.Boards, want)
					}
					st := r.stats
					switch when {
					case problem.WhenLeaf:
						// Nothing is pruned until the row is full: n^k calls at depth k,
						// and every full row but the n! permutations is rejected there.
						nodes, pow := int64(0), int64(1)
						for k := 0; k <= n; k++ {
							nodes += pow
							pow *= int64(n)
						}
						full := pow / int64(n)
						if st.Nodes != nodes || st.Rejects[PermutationsUsed] != full-factorial(n) {
							t.Errorf("nodes %d, rejects %d: want %d, %d", st.Nodes, st.Rejects[PermutationsUsed], nodes, full-factorial(n))
						}
					default:
						if st.Nodes != indep.nodes || st.Tries != indep.tries || st.Rejects[PermutationsUsed] != indep.rejects {
							t.Errorf("nodes %d, tries %d, rejects %d: want %d, %d, %d",
								st.Nodes, st.Tries, st.Rejects[PermutationsUsed], indep.nodes, indep.tries, indep.rejects)
						}
					}
				})
			}
		}
	}
}

// TestPermutationsCheck puts numbers on the path by hand and checks the
// verdict, witness and cost of both checks, before and after placing.
func TestPermutationsCheck(t *testing.T) {
	tests := []struct {
		path      []int // the numbers at positions 0, 1, …
		v         int   // the candidate at the next position
		want      problem.Rule
		witness   problem.Pos
		scanCost  int
		arrayCost int
	}{
		{nil, 1, problem.RuleNone, problem.NoPos, 0, 1},
		{[]int{3, 1}, 3, PermutationsUsed, problem.Pos{Row: 0, Col: 0}, 1, 1},
		{[]int{3, 1}, 1, PermutationsUsed, problem.Pos{Row: 0, Col: 1}, 2, 1},
		{[]int{3, 1}, 2, problem.RuleNone, problem.NoPos, 2, 1},
		{[]int{4, 2, 5, 1}, 5, PermutationsUsed, problem.Pos{Row: 0, Col: 2}, 3, 1},
		{[]int{4, 2, 5, 1}, 3, problem.RuleNone, problem.NoPos, 4, 1},
	}
	for _, tc := range tests {
		for _, check := range PermutationsChecks {
			for _, placed := range []bool{false, true} {
				p := newPerm(t, 5, check)
				for d, v := range tc.path {
					p.Place(problem.Pos{Row: 0, Col: d}, v)
				}
				slot := problem.Pos{Row: 0, Col: len(tc.path)}
				if placed {
					p.Place(slot, tc.v)
				}
				vd := p.Check(slot, tc.v, placed)
				cost := tc.scanCost
				if check == problem.CheckArrays {
					cost = tc.arrayCost
				}
				if vd.Rule != tc.want || (tc.want != problem.RuleNone && vd.Witness != tc.witness) || vd.Cost != cost {
					t.Errorf("%s, placed=%t: path %v, candidate %d: got %q at %s cost %d, want %q at %s cost %d",
						check, placed, tc.path, tc.v, vd.Rule, vd.Witness, vd.Cost, tc.want, tc.witness, cost)
				}
				if placed {
					// Undo leaves the earlier number marked used.
					p.Undo(slot, tc.v)
					if vd := p.Check(slot, tc.v, false); vd.Rule != tc.want {
						t.Errorf("%s: after undo: got %q, want %q", check, vd.Rule, tc.want)
					}
				}
			}
		}
	}
}

// TestPermutationsValidate checks the leaf validation on full rows.
func TestPermutationsValidate(t *testing.T) {
	tests := []struct {
		path    []int
		want    problem.Rule
		cell    problem.Pos // the later position of the first repeat
		witness problem.Pos
		value   int
		cost    int
	}{
		{[]int{1, 2, 3, 4}, problem.RuleNone, problem.NoPos, problem.NoPos, 0, 0 + 1 + 2 + 3},
		{[]int{1, 2, 1, 2}, PermutationsUsed, problem.Pos{Row: 0, Col: 2}, problem.Pos{Row: 0, Col: 0}, 1, 0 + 1 + 1},
		{[]int{2, 1, 3, 3}, PermutationsUsed, problem.Pos{Row: 0, Col: 3}, problem.Pos{Row: 0, Col: 2}, 3, 0 + 1 + 2 + 3},
		{[]int{4, 4, 4, 4}, PermutationsUsed, problem.Pos{Row: 0, Col: 1}, problem.Pos{Row: 0, Col: 0}, 4, 0 + 1},
	}
	for _, tc := range tests {
		for _, check := range PermutationsChecks {
			p := newPerm(t, len(tc.path), check)
			for d, v := range tc.path {
				p.Place(problem.Pos{Row: 0, Col: d}, v)
			}
			vd, cell, v := p.Validate()
			if vd.Rule != tc.want || cell != tc.cell || vd.Cost != tc.cost ||
				(tc.want != problem.RuleNone && (vd.Witness != tc.witness || v != tc.value)) {
				t.Errorf("%s: %v: got %q at %s (%d) against %s, cost %d: want %q at %s (%d) against %s, cost %d",
					check, tc.path, vd.Rule, cell, v, vd.Witness, vd.Cost, tc.want, tc.cell, tc.value, tc.witness, tc.cost)
			}
		}
	}
}

// TestPermutationsSpec checks building from a spec: defaults, the size
// bound (n > 10 names n and the bound), checks and orders.
func TestPermutationsSpec(t *testing.T) {
	p, opts, err := problem.Spec{Problem: "permutations"}.Build()
	if err != nil {
		t.Fatal(err)
	}
	info := p.Info()
	if info.Def != PermutationsDef || info.Problem != "permutations" || info.Size != 4 || info.Instance != "n=4" ||
		info.Order != OrderPositions || info.Check != problem.CheckScan || !slices.Equal(info.Rules, []problem.Rule{PermutationsUsed}) {
		t.Errorf("default info %+v", info)
	}
	if opts.Stop != problem.StopAll || opts.When != problem.WhenBefore {
		t.Errorf("default options %+v: want stop all, when before", opts)
	}
	if got := PermutationsDef.Label(info, problem.LangZH); got != "n=4" {
		t.Errorf("label %q: want n=4", got)
	}
	tests := []struct {
		spec    problem.Spec
		setting string
		says    []string
	}{
		{problem.Spec{Problem: "permutations", N: 11}, "n", []string{"11", "1 to 10"}},
		{problem.Spec{Problem: "permutations", N: -1}, "n", []string{"-1", "1 to 10"}},
		{problem.Spec{Problem: "permutations", Puzzle: "123"}, "puzzle", []string{`unknown word "123"`, "nums"}},
		{problem.Spec{Problem: "permutations", Puzzle: "nums 1,1,2", N: 3}, "n", []string{"takes no size n"}},
		{problem.Spec{Problem: "permutations", Check: problem.CheckCounts}, "check", []string{"permutations", "scan or arrays"}},
		{problem.Spec{Problem: "permutations", Order: nqueens.OrderRows}, "order", []string{"permutations", "positions"}},
	}
	for _, tc := range tests {
		_, _, err := tc.spec.Build()
		var se *problem.SettingError
		if !errors.As(err, &se) || se.Setting != tc.setting {
			t.Errorf("%+v: error %v: want a %s setting error", tc.spec, err, tc.setting)
			continue
		}
		for _, s := range tc.says {
			if !strings.Contains(err.Error(), s) {
				t.Errorf("%+v: error %q does not say %q", tc.spec, err, s)
			}
		}
	}
	for _, n := range []int{0, 11, 100} {
		if _, err := NewPermutations(n, problem.CheckScan); err == nil || !strings.Contains(err.Error(), fmt.Sprint(n)) ||
			!strings.Contains(err.Error(), "1 to 10") {
			t.Errorf("NewPermutations(%d): error %v: want one naming %d and the bound", n, err, n)
		}
	}
	if _, err := NewPermutations(4, problem.CheckBoard); err == nil || !strings.Contains(err.Error(), "permutations") {
		t.Errorf("NewPermutations(4, board): error %v", err)
	}
	for _, n := range []int{1, 10} {
		if _, _, err := (problem.Spec{Problem: "permutations", N: n}).Build(); err != nil {
			t.Errorf("n=%d: %v", n, err)
		}
	}
}

// TestPermutationsDef checks the registration, the rule, the start board
// and the move notation, which ParseMove reads back exactly.
func TestPermutationsDef(t *testing.T) {
	d, err := problem.Lookup("permutations")
	if err != nil || d != PermutationsDef {
		t.Fatalf("Lookup: %v, %v", d, err)
	}
	if !slices.Contains(problem.ProblemNames(), "permutations") {
		t.Errorf("ProblemNames() = %v", problem.ProblemNames())
	}
	if r, err := d.ParseRule("used"); err != nil || r != PermutationsUsed || d.RuleKey(PermutationsUsed) != "used" {
		t.Errorf("rule used: %v, %v", r, err)
	}
	b, err := d.Start(problem.Info{Size: 4})
	if err != nil || b.Rows != 1 || b.Cols != 4 || !slices.Equal(b.RowStrings(), []string{"...."}) {
		t.Fatalf("start board %+v, %v", b, err)
	}
	b.Place(problem.Pos{Row: 0, Col: 1}, 10)
	if got := b.RowStrings(); !slices.Equal(got, []string{".A.."}) {
		t.Errorf("board with 10 at position 1: %q", got)
	}
	for _, n := range []int{1, 4, 10} {
		for pos := 0; pos < n; pos++ {
			for v := 1; v <= n; v++ {
				s := d.Move(problem.Pos{Row: 0, Col: pos}, v)
				cell, got, err := d.ParseMove(s, n)
				if err != nil || cell != (problem.Pos{Row: 0, Col: pos}) || got != v {
					t.Errorf("n=%d: ParseMove(%q) = %v, %d, %v", n, s, cell, got, err)
				}
			}
		}
	}
	if got := d.Move(problem.Pos{Row: 0, Col: 2}, 3); got != "p2=3" {
		t.Errorf("Move = %q: want p2=3", got)
	}
	if got := d.MoveLabel(problem.NoPos, -1); got != "root" {
		t.Errorf("MoveLabel(root) = %q", got)
	}
	for _, s := range []string{" p2=3 ", "p2 = 3"} {
		if cell, v, err := d.ParseMove(s, 4); err != nil || cell != (problem.Pos{Row: 0, Col: 2}) || v != 3 {
			t.Errorf("ParseMove(%q) = %v, %d, %v", s, cell, v, err)
		}
	}
	for _, tc := range []struct{ s, says string }{
		{"", "p<position>=<number>"}, {"p2", "p<position>=<number>"}, {"2=3", "p<position>=<number>"},
		{"r2=c3", "p<position>=<number>"}, {"(0,2)=3", "p<position>=<number>"}, {"p=3", "p<position>=<number>"},
		{"p2=", "p<position>=<number>"}, {"p02=3", "p<position>=<number>"}, {"p2=+3", "p<position>=<number>"},
		{"p-1=3", "p<position>=<number>"}, {"P2=3", "p<position>=<number>"}, {"p2=3=4", "p<position>=<number>"},
		{"p2=A", "p<position>=<number>"},
		{"p4=1", "position 4 is off the row: want 0 to 3"},
		{"p0=0", "not one of the numbers 1 to 4"}, {"p0=5", "not one of the numbers 1 to 4"},
	} {
		if _, _, err := d.ParseMove(tc.s, 4); err == nil || !strings.Contains(err.Error(), tc.says) {
			t.Errorf("ParseMove(%q): error %v: want one saying %q", tc.s, err, tc.says)
		}
	}
	if !strings.Contains(d.MoveHint.EN, "p2=3") || !strings.Contains(d.MoveHint.ZH, "p2=3") {
		t.Errorf("MoveHint %+v", d.MoveHint)
	}
}

// permNotes runs a search of n, narrates every event in both languages
// and returns the events and the notes.
func permNotes(t *testing.T, n int, when problem.When, stop problem.Stop) (events []problem.Event, en, zh []string) {
	t.Helper()
	p := newPerm(t, n, problem.CheckScan)
	rec := &recorder{}
	runTraced(t, p, problem.Options{When: when, Stop: stop, Sinks: []problem.Sink{rec}}, false)
	st := problem.Strategy{When: when, Stop: stop}
	ne, nz := tracer.NewNarrator(p.Info(), st, problem.LangEN), tracer.NewNarrator(p.Info(), st, problem.LangZH)
	for i := range rec.events {
		en = append(en, ne.Note(&rec.events[i]))
		zh = append(zh, nz.Note(&rec.events[i]))
	}
	return rec.events, en, zh
}

// TestPermutationsNotes narrates whole searches: every note is one short
// line, Chinese in Chinese, and says nothing of queens or digits; a few
// notes are checked word for word.
func TestPermutationsNotes(t *testing.T) {
	hasHan := func(s string) bool {
		return strings.IndexFunc(s, func(r rune) bool { return unicode.Is(unicode.Han, r) }) >= 0
	}
	for _, when := range problem.Whens {
		for _, stop := range []problem.Stop{problem.StopAll, problem.StopFirst} {
			events, en, zh := permNotes(t, 3, when, stop)
			for i := range events {
				where := fmt.Sprintf("%s/%s step %d (%s)", when, stop, events[i].Step, events[i].Kind)
				for _, note := range []string{en[i], zh[i]} {
					switch {
					case note == "" || strings.ContainsAny(note, "\r\n") || strings.Contains(note, "%!"):
						t.Errorf("%s: bad note %q", where, note)
					case strings.Contains(strings.ToLower(note), "queen") || strings.Contains(strings.ToLower(note), "digit") ||
						strings.Contains(note, "皇后"):
						t.Errorf("%s: note speaks of another problem: %q", where, note)
					}
				}
				if utf8.RuneCountInString(en[i]) > 100 {
					t.Errorf("%s: English note has %d runes: %q", where, utf8.RuneCountInString(en[i]), en[i])
				}
				if !hasHan(zh[i]) || en[i] == zh[i] {
					t.Errorf("%s: Chinese note %q (English %q)", where, zh[i], en[i])
				}
			}
		}
	}
	// n = 10 has the longest numbers and positions.
	_, en, _ := permNotes(t, 10, problem.WhenAfter, problem.StopFirst)
	for _, note := range en {
		if utf8.RuneCountInString(note) > 100 {
			t.Errorf("n=10: English note has %d runes: %q", utf8.RuneCountInString(note), note)
		}
	}

	// Word for word: notes of n = 3 with each --when.
	tests := []struct {
		when   problem.When
		kind   problem.Kind
		skip   int // how many events of the kind come first
		en, zh string
	}{
		{problem.WhenBefore, problem.KindCall, 0, "call 0 (root, depth 0): decide the number at position 0", "调用 0（根，深度 0）：决定位置 0 放哪个数"},
		{problem.WhenBefore, problem.KindCall, 1, "call 1 at depth 1 after the 1 at position 0: decide the number at position 1", "调用 1（深度 1，由位置 0 的 1 进入）：决定位置 1 放哪个数"},
		{problem.WhenBefore, problem.KindCall, 3, "call 3 at depth 3 after the 3 at position 2: all 3 positions filled → end condition (终止条件)",
			"调用 3（深度 3，由位置 2 的 3 进入）：3 个位置都放好了 → 到达终止条件"},
		{problem.WhenBefore, problem.KindTry, 0, "try 1 at position 0", "尝试在位置 0 放 1"},
		{problem.WhenBefore, problem.KindPlace, 0, "1 is unused: place it at position 0 (做出选择) and recurse to position 1",
			"1 还没用过：在位置 0 放 1（做出选择），递归到位置 1"},
		{problem.WhenBefore, problem.KindPlace, 2, "3 is unused: place it at position 2 (做出选择), the last one, and recurse",
			"3 还没用过：在位置 2 放 3（做出选择），这是最后一个位置，递归"},
		{problem.WhenBefore, problem.KindReject, 0, "1 at position 1 is already used at position 0: prune (剪枝)", "位置 1 放 1：1 已在位置 0 用过，剪枝"},
		{problem.WhenBefore, problem.KindSolution, 0, "all 3 positions filled, no number twice: solution 1 → record it and return; the search goes on",
			"3 个位置都放好了，没有重复的数：找到第 1 个解 → 记下它，返回，继续搜索"},
		{problem.WhenBefore, problem.KindUndo, 0, "undo the 3 at position 2 (撤销选择, 回溯) for more solutions; no number left",
			"撤销选择：拿回位置 2 的 3（回溯），继续找其他解；已没有下一个数字可试"},
		{problem.WhenBefore, problem.KindExhausted, 0, "all 3 numbers at position 2 tried (1 solution below) → return",
			"位置 2 的 3 个数字都试完了（下面找到 1 个解）→ 返回"},
		{problem.WhenAfter, problem.KindPlace, 0, "place 1 at position 0 (做出选择) first; the check comes after", "先在位置 0 放 1（做出选择），放好再检查"},
		{problem.WhenAfter, problem.KindReject, 0, "the 1 just placed at position 1 is already used at position 0: prune (剪枝), undo it",
			"先放后查：位置 1 放了 1，1 已在位置 0 用过，剪枝，随后撤销"},
		{problem.WhenLeaf, problem.KindReject, 0, "whole-board check failed: the 1 at position 1 is already used at position 0 → return",
			"整盘校验失败：位置 1 的 1 已在位置 0 用过 → 返回"},
	}
	for _, tc := range tests {
		events, en, zh := permNotes(t, 3, tc.when, problem.StopAll)
		var gotEN, gotZH string
		skip := tc.skip
		for i, e := range events {
			if e.Kind == tc.kind {
				if skip == 0 {
					gotEN, gotZH = en[i], zh[i]
					break
				}
				skip--
			}
		}
		if gotEN != tc.en || gotZH != tc.zh {
			t.Errorf("%s %s #%d:\n got %q\n     %q\nwant %q\n     %q", tc.when, tc.kind, tc.skip, gotEN, gotZH, tc.en, tc.zh)
		}
	}
}
