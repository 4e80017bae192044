package lessons

import (
	"context"
	"regexp"
	"strings"
	"testing"

	"github.com/backtrack-edu/backtrack/tracer"
)

// TestBlankTreeFromRuns checks the "fill in the missing boxes" exercises
// against runs the test makes itself: every line of the drawn tree is the
// box the search made in that place (a tree's nodes are numbered depth
// first, in step order, as the outline lists them), and each blank's
// answer is the box the run made there. Lesson 004 is also made with 5
// queens: its tree and its key must change with the run.
func TestBlankTreeFromRuns(t *testing.T) {
	for _, c := range []struct {
		lesson, tree string
		n            int // the run's n, if not the lesson's
	}{
		{"004-three-parts", "first-boxes", 0},
		{"004-three-parts", "first-boxes", 5},
		{"permutations", "first-boxes", 0},
	} {
		ls, err := Lookup(c.lesson)
		if err != nil {
			t.Fatal(err)
		}
		l := ls[0]
		spec := l.Spec
		bt := byName(spec.BlankTrees, c.tree, func(x *BlankTreeSpec) string { return x.Name })
		if bt == nil {
			t.Fatalf("%s: no blank tree %s", c.lesson, c.tree)
		}
		spec.Runs = append([]RunSpec(nil), spec.Runs...)
		rs := byName(spec.Runs, bt.Run, func(x *RunSpec) string { return x.Name })
		if c.n > 0 {
			rs.N = c.n
			spec.Claims = nil
			spec.Exercises = onlyBlankTree(spec.Exercises, c.tree)
		}
		for _, lang := range tracer.Langs {
			m, err := (&Lesson{Name: l.Name, Spec: spec, Text: l.Text}).Make(context.Background(), Options{Lang: lang, ExercisesOnly: true})
			if err != nil {
				t.Fatalf("%s n=%d (%s): %v", c.lesson, c.n, lang, err)
			}
			var x *Exercise
			for i := range m.Exercises {
				if strings.Contains(m.Exercises[i].Q, "```") {
					x = &m.Exercises[i]
				}
			}
			if x == nil {
				t.Fatalf("%s (%s): no exercise draws a tree", c.lesson, lang)
			}
			want := independentBoxes(t, rs, lang)
			lines := outline(x.Q)
			if len(lines) != bt.Boxes {
				t.Fatalf("%s n=%d (%s): the tree draws %d boxes, want %d:\n%s", c.lesson, c.n, lang, len(lines), bt.Boxes, x.Q)
			}
			blank := regexp.MustCompile(`^\[(\d+)\]$`)
			var key []string
			for i, l := range lines {
				if b := blank.FindStringSubmatch(l); b != nil {
					key = append(key, "["+b[1]+"] "+want[i])
				} else if l != want[i] {
					t.Errorf("%s n=%d (%s): box %d reads %q, the run made %q", c.lesson, c.n, lang, i, l, want[i])
				}
			}
			if len(key) != bt.Blanks {
				t.Errorf("%s n=%d (%s): %d blanks, want %d", c.lesson, c.n, lang, len(key), bt.Blanks)
			}
			sep := "; "
			if lang == tracer.LangZH {
				sep = "；"
			}
			if got := strings.Join(key, sep); x.A != got {
				t.Errorf("%s n=%d (%s): the key says %q, the run %q", c.lesson, c.n, lang, x.A, got)
			}
		}
	}
}

// onlyBlankTree keeps the exercises that draw the blank tree name.
func onlyBlankTree(xs []ExerciseSpec, name string) []ExerciseSpec {
	var out []ExerciseSpec
	for _, x := range xs {
		if strings.Contains(x.Q.EN, `BlankTree \"`+name) || strings.Contains(x.Q.EN, `BlankTree "`+name) {
			out = append(out, x)
		}
	}
	return out
}

// outline returns the boxes of the tree drawn in a question's code block,
// one a line, without the lines that join them.
func outline(q string) []string {
	_, body, _ := strings.Cut(q, "```")
	body, _, _ = strings.Cut(body, "```")
	var out []string
	for _, l := range strings.Split(body, "\n") {
		l = strings.TrimLeft(l, " │├└─")
		if l != "" {
			out = append(out, l)
		}
	}
	return out
}

// independentBoxes runs the search of rs with a whole tree and labels its
// nodes in their order: the root, each call's move (✓ on a solution) and
// each pruned try as ✗, its move and its rule's mark.
func independentBoxes(t *testing.T, rs *RunSpec, lang tracer.Lang) []string {
	t.Helper()
	p, opts, err := rs.Build()
	if err != nil {
		t.Fatal(err)
	}
	tree := tracer.NewTree()
	opts.Sinks = []tracer.Sink{tree}
	if _, err := tracer.Run(context.Background(), p, opts); err != nil {
		t.Fatal(err)
	}
	def := p.Info().Def
	var out []string
	for i := range tree.Len() {
		nd := tree.Node(int32(i))
		switch {
		case nd.Parent < 0:
			out = append(out, map[tracer.Lang]string{tracer.LangEN: "(root)", tracer.LangZH: "（根）"}[lang])
		case nd.Kind == tracer.NodePruned:
			w := def.RuleWordsOf(nd.Rule)
			mark := w.Mark.In(lang)
			if mark == "" {
				mark = w.Short.In(lang)
			}
			out = append(out, "✗ "+def.Move(nd.Cell(), int(nd.Value))+" "+mark)
		case nd.Solved:
			out = append(out, def.Move(nd.Cell(), int(nd.Value))+" ✓")
		default:
			out = append(out, def.Move(nd.Cell(), int(nd.Value)))
		}
	}
	return out
}
