package stepper

import (
	"fmt"
	"maps"
	"regexp"
	"slices"
	"strings"
	"testing"

	"github.com/backtrack-edu/backtrack/tracer"
	"github.com/backtrack-edu/backtrack/tracer/problems/sudoku"
)

// zeroCount is a count by rule of nothing: "column ×0", "同列重复 ×0".
var zeroCount = regexp.MustCompile(`×0\b`)

// TestCountersNoZero steps through every step of 4-queens and the first
// 300 of LeetCode 37, in both languages, and checks the terminal
// stepper's counters and its whole screen: no rule is counted ×0 (a rule
// not met yet is left out: "upper-right diagonal ↗ ×0" and "同列重复 ×0"
// were on screen from the first step on), the rules that have pruned are
// each named with their count, in the run's order, and with none pruned
// the rejects have no brackets.
func TestCountersNoZero(t *testing.T) {
	for _, c := range []struct {
		name  string
		rec   *Recording
		steps int64
	}{
		{"4-queens", stepQueens(t, 4, tracer.Options{Stop: tracer.StopAll}), 0},
		{"LeetCode 37", stepSudoku(t, sudoku.LeetCode37, sudoku.OrderScan2D, tracer.Options{}), 300},
	} {
		last := c.rec.Len()
		if c.steps > 0 {
			last = min(last, c.steps)
		}
		for _, lang := range tracer.Langs {
			open, sep, end := " (", ", ", ")"
			if lang == tracer.LangZH {
				open, sep, end = "（", "，", "）"
			}
			s := New(c.rec, Options{Lang: lang, Width: 160, Height: 50})
			for k := int64(0); k <= last; k++ {
				s.Goto(k)
				st := s.state()
				items := s.counterItems(st)
				var line strings.Builder
				for _, sp := range items[len(items)-1] {
					line.WriteString(sp.s)
				}
				var rules []string
				for _, r := range c.rec.info.Rules {
					if n := st.stats.Rejects[r]; n > 0 {
						rules = append(rules, fmt.Sprintf("%s ×%d", c.rec.def.RuleName(r, lang), n))
					}
				}
				want := ""
				if len(rules) > 0 {
					want = open + strings.Join(rules, sep) + end
				}
				if got := line.String(); !strings.HasSuffix(got, fmt.Sprintf(" %d%s", st.stats.RejectTotal(), want)) {
					t.Errorf("%s %s step %d: the counters say %q, want the rejects %d%s", c.name, lang, k, got, st.stats.RejectTotal(), want)
				}
				if v := s.View(); zeroCount.MatchString(v) {
					t.Fatalf("%s %s step %d: the screen counts ×0:\n%s", c.name, lang, k, v)
				}
			}
		}
	}
}

// markKinds names the marks a board's or a key's spans show: "[" the
// candidate (or last move), "<" a clash, "(" the slot or a choice, ">" the
// row being decided, "given" and "set" unmarked values. Grey, plain and
// blank spans show none.
func markKinds(lines []tline) map[string]bool {
	kinds := map[string]bool{}
	for _, l := range lines {
		for _, sp := range l {
			t := strings.TrimSpace(sp.s)
			switch {
			case sp.st == stBlank || sp.st == stGrey || sp.st == stPlain || t == "":
			case strings.HasPrefix(t, "["):
				kinds["["] = true
			case strings.HasPrefix(t, "<"):
				kinds["<"] = true
			case strings.HasPrefix(t, "("):
				kinds["("] = true
			case t == ">":
				kinds[">"] = true
			case sp.st == stGiven:
				kinds["given"] = true
			case sp.st == stSet:
				kinds["set"] = true
			}
		}
	}
	return kinds
}

// TestKeyOnlyDrawnMarks steps through every step of 4-queens, 300 of
// LeetCode 37 and every step of the permutations of 3, in both languages,
// and holds the terminal stepper's key to its board: the key has an entry
// for each kind of mark the board draws at that step and for no other (a
// "[Q] candidate" entry at a call of the root, "<Q> clash" but at a
// reject, were there at every step). An entry not drawn is blank, so the
// key keeps its place.
func TestKeyOnlyDrawnMarks(t *testing.T) {
	for _, c := range []struct {
		name  string
		rec   *Recording
		steps int64
	}{
		{"4-queens", stepQueens(t, 4, tracer.Options{Stop: tracer.StopAll}), 0},
		{"LeetCode 37", stepSudoku(t, sudoku.LeetCode37, sudoku.OrderScan2D, tracer.Options{}), 300},
		{"permutations 3", stepPerms(t, 3, tracer.CheckScan, tracer.Options{}), 0},
	} {
		last := c.rec.Len()
		if c.steps > 0 {
			last = min(last, c.steps)
		}
		for _, lang := range tracer.Langs {
			s := New(c.rec, Options{Lang: lang, Width: 160, Height: 50})
			for _, bs := range []boardStyle{boardStyles()[1], boardStyles()[3]} {
				for k := int64(0); k <= last; k++ {
					s.Goto(k)
					st := s.state()
					board, key := markKinds(s.boardLines(st, bs)), markKinds(s.keyItems(bs, st))
					if !maps.Equal(board, key) {
						t.Fatalf("%s %s step %d (%s, cells of %d): the board draws %v, the key explains %v", c.name, lang, k, s.kindName(st.e.Kind), bs.cell, slices.Sorted(maps.Keys(board)), slices.Sorted(maps.Keys(key)))
					}
				}
			}
		}
	}
}
