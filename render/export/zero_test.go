package export_test

import (
	"bytes"
	"context"
	"fmt"
	"math"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/backtrack-edu/backtrack/render"
	"github.com/backtrack-edu/backtrack/render/export"
	"github.com/backtrack-edu/backtrack/render/outfile"
	"github.com/backtrack-edu/backtrack/render/steplog"
	"github.com/backtrack-edu/backtrack/tracer"
)

// noPanic runs f in the test's goroutine and turns a panic into a test
// failure. A panic in a goroutine the call started cannot be recovered
// here: it ends the test binary, which fails the test as surely.
func noPanic(t *testing.T, f func() error) (err error) {
	t.Helper()
	defer func() {
		if r := recover(); r != nil {
			t.Errorf("panic: %v", r)
			err = fmt.Errorf("panic: %v", r)
		}
	}()
	return f()
}

// stepLog writes the step log of 4-queens into dir and returns its path.
func stepLog(t *testing.T, dir string) string {
	t.Helper()
	log := filepath.Join(dir, "q4.yaml")
	if _, err := export.Run(context.Background(), tracer.Spec{Problem: "nqueens", N: 4}, export.Options{Outputs: export.Outputs{Log: log}}); err != nil {
		t.Fatal(err)
	}
	return log
}

// TestZeroAndOddOptions: the library never crashes its caller. A zero or
// odd field of Options, CompareOptions or tracer.Spec (a nil Stdout or
// Stdin where an output or the log is "-", Report with no Stdout, a nil
// context, a language the tool has not, a nil sink) is its documented
// default or a returned error that names it; never a panic, in the
// caller's goroutine or in one the call started.
func TestZeroAndOddOptions(t *testing.T) {
	dir := t.TempDir()
	log := stepLog(t, dir)
	q4 := tracer.Spec{Problem: "nqueens", N: 4}
	file := func(name string) string { return filepath.Join(dir, name) }
	run := func(spec tracer.Spec, opt export.Options) func() error {
		return func() error { _, err := export.Run(context.Background(), spec, opt); return err }
	}
	render_ := func(log string, opt export.Options) func() error {
		return func() error { _, err := export.Render(context.Background(), log, opt); return err }
	}
	var out bytes.Buffer
	tests := []struct {
		name string
		call func() error
		want string // a part of the error; "" wants none
	}{
		// A nil Stdout where an output is "-".
		{"Run --html - with no Stdout", run(q4, export.Options{Outputs: export.Outputs{HTML: "-"}}), "--html -: Options.Stdout is nil"},
		{"Run --dot - with no Stdout", run(q4, export.Options{Outputs: export.Outputs{DOT: "-"}}), "--dot -: Options.Stdout is nil"},
		{"Run --stats - with no Stdout", run(q4, export.Options{Outputs: export.Outputs{Stats: "-"}}), "--stats -: Options.Stdout is nil"},
		{"Run --yaml - with no Stdout", run(q4, export.Options{Outputs: export.Outputs{Log: "-"}}), "--yaml -: Options.Stdout is nil"},
		{"Run --dot /dev/stdout with no Stdout", run(q4, export.Options{Outputs: export.Outputs{DOT: "/dev/stdout"}}), "--dot /dev/stdout: Options.Stdout is nil"},
		{"Run Report with no Stdout", run(q4, export.Options{Report: true}), "Options.Report: Options.Stdout is nil"},
		{"Render --html - with no Stdout", render_(log, export.Options{Outputs: export.Outputs{HTML: "-"}}), "--html -: Options.Stdout is nil"},
		// A nil Stdin where the log is "-".
		{"Render log - with no Stdin", render_("-", export.Options{Outputs: export.Outputs{SVG: file("a.svg")}}), "step log -: Options.Stdin is nil"},
		{"Run input - with no Stdin", run(q4, export.Options{Inputs: []export.Input{{Label: "--puzzle", Name: "-"}}}), ""},
		// A nil context is context.Background().
		{"Run nil ctx", func() error {
			_, err := export.Run(nil, q4, export.Options{Outputs: export.Outputs{DOT: file("b.dot")}})
			return err
		}, ""},
		{"Render nil ctx", func() error {
			_, err := export.Render(nil, log, export.Options{Outputs: export.Outputs{DOT: file("c.dot")}})
			return err
		}, ""},
		{"Compare nil ctx", func() error {
			return export.Compare(nil, []tracer.Spec{q4, q4}, export.CompareOptions{Stdout: &out})
		}, ""},
		{"Search nil ctx", func() error { _, err := export.Search(nil, q4); return err }, ""},
		{"ReadPuzzle nil ctx", func() error { _, _, err := export.ReadPuzzle(nil, "1,2", nil); return err }, ""},
		// Languages the tool has not.
		{"Run Lang fr", run(q4, export.Options{Lang: "fr"}), `--lang: unknown value "fr": want en or zh`},
		{"Render Lang fr", render_(log, export.Options{Outputs: export.Outputs{DOT: file("d.dot")}, Lang: "fr", LangGiven: true}), `--lang: unknown value "fr"`},
		{"Compare Lang fr", func() error {
			return export.Compare(context.Background(), []tracer.Spec{q4, q4}, export.CompareOptions{Lang: "fr", Stdout: &out})
		}, `--lang: unknown value "fr"`},
		// Sinks.
		{"Run a nil sink", run(q4, export.Options{Sinks: []tracer.Sink{nil}}), "Options.Sinks[0] is nil"},
		// Compare.
		{"Compare no Stdout", func() error {
			return export.Compare(context.Background(), []tracer.Spec{q4, q4}, export.CompareOptions{})
		}, "CompareOptions.Stdout is nil"},
		{"Compare no runs", func() error {
			return export.Compare(context.Background(), nil, export.CompareOptions{Stdout: &out})
		}, "no runs to compare"},
		{"Compare --html of one run", func() error {
			return export.Compare(context.Background(), []tracer.Spec{q4}, export.CompareOptions{HTML: file("e.html"), Stdout: &out})
		}, "--html steps two runs side by side, not 1"},
		// Readers and writers given nothing to read or write.
		{"ReadPuzzle - with no stdin", func() error { _, _, err := export.ReadPuzzle(context.Background(), "-", nil); return err }, "stdin is nil"},
		{"NewLog to no writer", func() error {
			p, opts, err := q4.Build()
			if err != nil {
				return err
			}
			_, err = export.NewLog(nil, p.Info(), opts, "", "", nil)
			return err
		}, "step log: the writer is nil"},
		{"steplog.Read of no reader", func() error { _, _, err := steplog.Read(nil, tracer.SinkFunc(func(*tracer.Event) {})); return err }, "step log: the reader is nil"},
		{"steplog.Read into no sink", func() error {
			f, err := os.Open(log)
			if err != nil {
				return err
			}
			defer f.Close()
			_, _, err = steplog.Read(f, nil)
			return err
		}, ""},
		{"steplog.WriteStats to no writer", func() error { return steplog.WriteStats(nil, tracer.Summary{}) }, "stats: the writer is nil"},
		{"outfile.Create - with no stdout", func() error {
			_, err := outfile.Create(context.Background(), "-", "--dot", nil)
			return err
		}, "--dot -: no writer was given for stdout"},
		// Zero and odd specs.
		{"Run zero Spec", run(tracer.Spec{}, export.Options{}), "problem"},
		{"Run zero Options", run(q4, export.Options{}), ""},
		{"Run Parsed 42 (Build sets it)", run(tracer.Spec{Problem: "nqueens", N: 4, Parsed: 42}, export.Options{}), ""},
		{"Run sudoku Parsed 42", run(tracer.Spec{Problem: "sudoku", Parsed: 42, Limits: tracer.Limits{MaxSteps: 100}}, export.Options{}), ""},
		{"Run negative limits", run(tracer.Spec{Problem: "nqueens", Limits: tracer.Limits{MaxSteps: -1}}, export.Options{}), "negative"},
		{"Run zero Diagram into every picture", run(q4, export.Options{Outputs: export.Outputs{DOT: file("f.dot"), SVG: file("f.svg"), PNG: file("f.png"), HTML: file("f.html")}}), ""},
		{"Run odd Delay", run(q4, export.Options{Delay: -time.Second}), "--delay"},
		{"Run odd Scale", run(q4, export.Options{Scale: -1}), "--scale"},
		{"Run odd FramesFormat", run(q4, export.Options{FramesFormat: "jpg"}), "--frames-format"},
		{"Run odd Every", run(q4, export.Options{Every: "x"}), "--every"},
		{"Run odd Diagram Direction", run(q4, export.Options{Outputs: export.Outputs{SVG: file("h.svg")}, Diagram: render.DiagramOptions{Direction: 99}}), "direction 99 is neither"},
		{"Run odd Diagram Legend", run(q4, export.Options{Outputs: export.Outputs{DOT: file("h.dot")}, Diagram: render.DiagramOptions{Legend: 77}}), "legend mode 77"},
		{"Run odd Diagram Wrap", run(q4, export.Options{Outputs: export.Outputs{DOT: file("h.dot")}, Diagram: render.DiagramOptions{Wrap: -1}}), "wrap -1 is negative"},
		{"Run odd Diagram Fit NaN", run(q4, export.Options{Outputs: export.Outputs{DOT: file("h.dot")}, Diagram: render.DiagramOptions{MaxNodes: 150, Fit: render.Slide{W: math.NaN(), H: 100, MinTextPx: 14}}}), "fit NaN×100 px"},
		{"Run Notes giving no note function", run(q4, export.Options{Outputs: export.Outputs{GIF: file("i.gif"), Log: file("i.yaml")}, Diagram: render.DiagramOptions{MaxNodes: 150},
			Notes: func(tracer.Info, tracer.Strategy, tracer.Lang) func(*tracer.Event) string { return nil }}), ""},
		{"Render zero Options", render_(log, export.Options{}), "render needs at least one of"},
		{"Render no log", render_("", export.Options{Outputs: export.Outputs{DOT: file("g.dot")}}), "step log"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			err := noPanic(t, tt.call)
			switch {
			case tt.want == "" && err != nil:
				t.Errorf("err %v, want none", err)
			case tt.want != "" && err == nil:
				t.Errorf("no error, want one saying %q", tt.want)
			case tt.want != "" && !strings.Contains(err.Error(), tt.want):
				t.Errorf("err %q, want it to say %q", err, tt.want)
			}
		})
	}
}

// FuzzOptions: whatever a caller puts in Options and the Spec, Run and
// Render return (a result or an error); they never panic. Each output is
// a file of t.TempDir or "-" (then Stdout is sometimes nil).
func FuzzOptions(f *testing.F) {
	f.Add("nqueens", 4, "", uint16(0xffff), 150, 0, "", int64(0), 0, "", "", false, false)
	f.Add("nqueens", 4, "", uint16(1<<3), 0, 2, "r0=c1", int64(5), 2, "", "zh", true, true)
	f.Add("sudoku", 0, "", uint16(1<<8|1<<0), 10, 0, "", int64(0), 3, "every:3", "fr", false, false)
	f.Add("combination-sum", 0, "2,3,6,7 target 7", uint16(1<<9|1<<1), 20, 0, "p0=i1", int64(0), 1, "", "", true, false)
	f.Add("", -1, "junk", uint16(1<<10|1<<2), -1, -1, "?", int64(-1), 9, "sometimes", "", false, true)
	f.Fuzz(func(t *testing.T, problem string, n int, puzzle string, bits uint16, maxNodes, depth int, focus string, atStep int64, scale int, every, lang string, boards, haveStdio bool) {
		dir := t.TempDir()
		spec := tracer.Spec{Problem: problem, N: n, Puzzle: puzzle, Limits: tracer.Limits{MaxSteps: 5000}}
		var stdout bytes.Buffer
		opt := export.Options{
			Diagram: render.DiagramOptions{MaxNodes: maxNodes, Depth: depth, AtStep: atStep, Boards: boards, Layout: bits&1<<11 != 0},
			Scale:   scale, Every: every, Lang: tracer.Lang(lang), LangGiven: lang != "",
			Report: bits&1<<12 != 0, MaxTree: 1 << 20, Delay: time.Millisecond,
		}
		if focus != "" {
			opt.Diagram.Focus = strings.Split(focus, "/")
		}
		if haveStdio {
			opt.Stdout, opt.Stdin = &stdout, strings.NewReader("")
		}
		// Bits 0-7: the outputs; 8-10: which of them are "-".
		outs := []*string{&opt.Stats, &opt.Log, &opt.DOT, &opt.SVG, &opt.PNG, &opt.HTML, &opt.GIF, &opt.Frames}
		names := []string{"s.yaml", "l.yaml", "t.dot", "t.svg", "t.png", "p.html", "a.gif", "frames"}
		for i, o := range outs {
			if bits&(1<<i) != 0 {
				*o = filepath.Join(dir, names[i])
			}
		}
		for i, o := range []*string{&opt.Stats, &opt.DOT, &opt.HTML} {
			if bits&(1<<(8+i)) != 0 {
				*o = "-"
			}
		}
		ctx, cancel := context.WithTimeout(context.Background(), 5*time.Second)
		defer cancel()
		res, err := export.Run(ctx, spec, opt)
		if err == nil && res == nil {
			t.Fatal("Run: no result and no error")
		}
		if err != nil && err.Error() == "" {
			t.Fatal("Run: an error that says nothing")
		}
		if opt.Log == "" || strings.HasPrefix(opt.Log, "-") || err != nil {
			return
		}
		// The log it wrote, read back, with the same options.
		opt.Log, opt.Stats = "", ""
		if _, err := export.Render(ctx, filepath.Join(dir, "l.yaml"), opt); err != nil && err.Error() == "" {
			t.Fatal("Render: an error that says nothing")
		}
	})
}
