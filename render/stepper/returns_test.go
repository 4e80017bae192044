package stepper

import (
	"bytes"
	"regexp"
	"strings"
	"testing"

	"github.com/backtrack-edu/backtrack/render/steplog"
	"github.com/backtrack-edu/backtrack/tracer"
	"github.com/backtrack-edu/backtrack/tracer/problems/sudoku"
)

// TestReturnLabels: a function with no return value (every solution
// wanted, or --drop return-value) returns nothing, and nothing a person
// reads says it returned true or false: the stack of the stepper and of
// the player says "return" / "返回" (with the solutions found below, where
// there are some), and the step log's return has no ok. A template that
// returns bool keeps "return true" / "return false" and ok. One table,
// every template, the three outputs.
func TestReturnLabels(t *testing.T) {
	for _, c := range []struct {
		name string
		spec tracer.Spec
		void bool
		// want are labels the top stack row must carry at some steps,
		// in English and Chinese (the player's, which never shortens).
		want map[int64][2]string
	}{
		{"nqueens all", tracer.Spec{Problem: "nqueens", N: 4, Stop: tracer.StopAll}, true, map[int64][2]string{
			21:  {"return", "返回"},
			75:  {"return", "返回"}, // the solution's own call: the solution is the call, not below it
			89:  {"return (1 solution below)", "返回（下面找到 1 个解）"},
			187: {"return (2 solutions below)", "返回（下面找到 2 个解）"},
		}},
		{"nqueens first", tracer.Spec{Problem: "nqueens", N: 4, Stop: tracer.StopFirst}, false, map[int64][2]string{
			21: {"return false", "返回 false"},
		}},
		{"sudoku first", tracer.Spec{Problem: "sudoku", Puzzle: stepSudoku4}, false, nil},
		{"sudoku all, order cells", tracer.Spec{Problem: "sudoku", Puzzle: stepSudoku4, Order: sudoku.OrderCells, Stop: tracer.StopAll}, true, nil},
		{"sudoku --drop return-value", tracer.Spec{Problem: "sudoku", Puzzle: stepSudoku4, Drop: tracer.DropReturnValue}, true, nil},
		{"sudoku --drop return-false", tracer.Spec{Problem: "sudoku", Puzzle: stepSudoku4, Order: sudoku.OrderScan2D, Drop: tracer.DropReturnFalse}, false, nil},
		{"permutations all", tracer.Spec{Problem: "permutations", N: 3, Stop: tracer.StopAll}, true, nil},
	} {
		t.Run(c.name, func(t *testing.T) {
			r := recordRun(t, c.spec)
			if got := r.rec.Strategy().Void(); got != c.void {
				t.Fatalf("Strategy.Void() = %v, want %v", got, c.void)
			}
			checkStepperReturns(t, r.rec, c.void)
			checkPlayerReturns(t, r, c.void, c.want)
			checkLogReturns(t, r, c.spec, c.void)
		})
	}
}

// trueFalse finds a boolean spelled out.
var trueFalse = regexp.MustCompile(`\b(true|false)\b`)

// checkStepperReturns looks at the stepper's stack at every return step,
// in both languages: the top row says what the call returns, or under a
// void template only that it returns; no row ever says true or false
// there.
func checkStepperReturns(t *testing.T, rec *Recording, void bool) {
	t.Helper()
	for _, lang := range []tracer.Lang{tracer.LangEN, tracer.LangZH} {
		s := New(rec, Options{Lang: lang, Width: 100, Height: 40})
		word := tracer.KindName(tracer.KindReturn, lang)
		returns, trues := 0, 0
		for k := int64(1); k <= rec.Len(); k++ {
			e := rec.At(k)
			if e.Kind != tracer.KindReturn {
				continue
			}
			returns++
			s.Goto(k)
			var top string
			var rows []string
			for _, l := range strings.Split(s.View(), "\n") {
				if strings.HasPrefix(l, "> d") || strings.HasPrefix(l, "  d") {
					rows = append(rows, l)
				}
				if strings.HasPrefix(l, "> d") {
					top = l
				}
			}
			if !strings.Contains(top, word) {
				t.Fatalf("%s step %d: the top stack row %q does not say %q", lang, k, top, word)
			}
			if void {
				for _, row := range rows {
					if m := trueFalse.FindString(row); m != "" {
						t.Fatalf("%s step %d: a function with no return value, but a stack row says %q: %q", lang, k, m, row)
					}
				}
				continue
			}
			want := word + " " + map[bool]string{true: "true", false: "false"}[e.OK]
			if !strings.Contains(top, want) {
				t.Fatalf("%s step %d: the top stack row %q does not say %q", lang, k, top, want)
			}
			if e.OK {
				trues++
			}
		}
		if returns == 0 || (!void && trues == 0) {
			t.Fatalf("%s: %d return steps, %d of them true: the run shows too little", lang, returns, trues)
		}
	}
}

// checkPlayerReturns replays the player's stack as its script does and
// looks at the top frame of every return step: its label is the
// stepper's, in both languages, and true or false only when the template
// returns bool.
func checkPlayerReturns(t *testing.T, r htmlRun, void bool, want map[int64][2]string) {
	t.Helper()
	d := readPage(t, r.page(t, HTMLOptions{}))
	st := [2]*Stepper{New(r.rec, Options{Lang: tracer.LangEN}), New(r.rec, Options{Lang: tracer.LangZH})}
	var stack []int
	so := 0
	seen := 0
	for k := int64(1); k <= d.Steps; k++ {
		keep, m := d.SK[so], d.SK[so+1]
		stack = append(stack[:keep], d.SK[so+2:so+2+m]...)
		so += 2 + m
		e := r.rec.At(k)
		if e.Kind != tracer.KindReturn {
			continue
		}
		top := d.Frames[stack[len(stack)-1]]
		ri, ok := top["r"].(float64)
		if !ok {
			t.Fatalf("step %d: the top frame %v has no return label", k, top)
		}
		frames := r.rec.frames(k)
		for i, s := range st {
			label := d.Words[i].Returns[int(ri)]
			if own := s.frameStateText(frames[len(frames)-1]); label != own {
				t.Fatalf("step %d: the player says %q, the stepper %q", k, label, own)
			}
			if w, ok := want[k]; ok {
				seen++
				if label != w[i] {
					t.Fatalf("step %d: the player says %q, want %q", k, label, w[i])
				}
			}
			said := trueFalse.FindString(label)
			switch {
			case void && said != "":
				t.Fatalf("step %d: a function with no return value, but the player says %q", k, label)
			case !void && said != map[bool]string{true: "true", false: "false"}[e.OK]:
				t.Fatalf("step %d: the call returns %v, but the player says %q", k, e.OK, label)
			}
		}
	}
	if seen != 2*len(want) {
		t.Fatalf("%d of the %d labels wanted were checked", seen, 2*len(want))
	}
}

// checkLogReturns writes the run's step log: a return step carries ok
// exactly when the template returns bool. Read back, the log gives the
// run's events, ok or not; so does a log of a void template written
// before, with ok on its returns.
func checkLogReturns(t *testing.T, r htmlRun, spec tracer.Spec, void bool) {
	t.Helper()
	p, opts, err := spec.Build()
	if err != nil {
		t.Fatal(err)
	}
	h := steplog.HeaderFor(p.Info(), opts)
	h.Tool = "test"
	var buf bytes.Buffer
	lw, err := steplog.NewWriter(&buf, h, nil)
	if err != nil {
		t.Fatal(err)
	}
	var events []tracer.Event
	for k := int64(1); k <= r.rec.Len(); k++ {
		e := r.rec.At(k)
		events = append(events, e)
		lw.Event(&e)
	}
	if err := lw.Close(r.sum); err != nil {
		t.Fatal(err)
	}
	log := buf.String()
	var old strings.Builder // the log as it was written before: ok on every return
	for _, l := range strings.SplitAfter(log, "\n") {
		if !strings.Contains(l, "kind: return,") {
			old.WriteString(l)
			continue
		}
		e := events[stepOf(t, l)-1]
		if has := strings.Contains(l, ", ok: "); has == void {
			t.Fatalf("a template returning %s, a return line with ok %v: %s", map[bool]string{true: "nothing", false: "bool"}[void], has, l)
		}
		if void {
			l = strings.Replace(l, "}\n", ", ok: "+map[bool]string{true: "true", false: "false"}[e.OK]+"}\n", 1)
		}
		old.WriteString(l)
	}
	for name, text := range map[string]string{"the log": log, "an older log": old.String()} {
		var got []tracer.Event
		if _, _, err := steplog.Read(strings.NewReader(text), tracer.SinkFunc(func(e *tracer.Event) { got = append(got, *e) })); err != nil {
			t.Fatalf("%s: %v", name, err)
		}
		if len(got) != len(events) {
			t.Fatalf("%s reads back %d events, want %d", name, len(got), len(events))
		}
		for i := range got {
			if got[i] != events[i] {
				t.Fatalf("%s reads back step %d as %+v, want %+v", name, i+1, got[i], events[i])
			}
		}
	}
}

// stepOf is the step number of a step line.
func stepOf(t *testing.T, line string) int {
	t.Helper()
	var k int
	i := strings.Index(line, "{step: ")
	if i < 0 {
		t.Fatalf("not a step line: %s", line)
	}
	for _, c := range line[i+len("{step: "):] {
		if c < '0' || c > '9' {
			break
		}
		k = 10*k + int(c-'0')
	}
	return k
}
