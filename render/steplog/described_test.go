package steplog

import (
	"bytes"
	"errors"
	"reflect"
	"strings"
	"testing"

	"github.com/backtrack-edu/backtrack/tracer"
)

// renamed returns log with its problem called name in the header and the
// summary: a problem this program does not know, which reads through the
// log's definition block.
func renamed(log, from, name string) string {
	log = strings.Replace(log, "\nproblem: "+from+"\n", "\nproblem: "+name+"\n", 1)
	return strings.Replace(log, "\n  problem: "+from+"\n", "\n  problem: "+name+"\n", 1)
}

// TestDescribedReads reads each golden log (N-Queens, Sudoku with its
// givens, Permutations) once through its registered Def and once, its
// problem renamed, through the Def its definition block describes: the
// same events, notes and summary, and the described Def draws the same
// board and moves.
func TestDescribedReads(t *testing.T) {
	for _, g := range logGoldens {
		t.Run(g.file, func(t *testing.T) {
			log := logReadGolden(t, g.file)
			h, _, err := Read(strings.NewReader(log), nil)
			if err != nil {
				t.Fatal(err)
			}
			want, got := &logRecorder{}, &logRecorder{}
			_, wsum, err := Read(strings.NewReader(log), want)
			if err != nil {
				t.Fatal(err)
			}
			other := h.Problem + "-described"
			dh, gsum, err := Read(strings.NewReader(renamed(log, h.Problem, other)), got)
			if err != nil {
				t.Fatalf("the log read through its definition: %v", err)
			}
			if !reflect.DeepEqual(got, want) {
				t.Errorf("the events or notes read through the definition differ")
			}
			d := gsum.Def
			if d == nil || d.Name != other {
				t.Fatalf("the summary's Def is %v, want the described %s", d, other)
			}
			if _, err := d.New(tracer.Spec{}); !errors.Is(err, ErrDescribed) {
				t.Errorf("the described Def's New: %v, want ErrDescribed", err)
			}
			wsum.Def, gsum.Def, gsum.Problem = nil, nil, wsum.Problem
			if !reflect.DeepEqual(gsum, wsum) {
				t.Errorf("summary:\n got %+v\nwant %+v", gsum, wsum)
			}
			// The board, the moves and the words, as the registered Def
			// bound to the instance has them.
			lp := logProblemOf(t, h)
			bd, _ := d.Start(tracer.Info{})
			if !reflect.DeepEqual(bd.RowStrings(), lp.start.RowStrings()) {
				t.Errorf("start board %q, want %q", bd.RowStrings(), lp.start.RowStrings())
			}
			lo, hi := lp.def.ValueRange(lp.info.Size)
			for r := 0; r < lp.start.Rows; r++ {
				for c := 0; c < lp.start.Cols; c++ {
					for v := lo; v <= hi; v++ {
						cell := tracer.Pos{Row: r, Col: c}
						if lp.def.Board.Slot == tracer.SlotRow {
							cell.Col = v
						}
						s := lp.def.Move(cell, v)
						if pc, pv, err := lp.def.ParseMove(s, lp.info.Size); err != nil || pc != cell || pv != v {
							continue // not a move the writer spells
						}
						if got := d.Move(cell, v); got != s {
							t.Fatalf("move (%d,%d)=%d: the described Def writes %q, want %q", r, c, v, got, s)
						}
						if pc, pv, err := d.ParseMove(s, lp.info.Size); err != nil || pc != cell || pv != v {
							t.Fatalf("the described Def reads %q as (%v, %d, %v)", s, pc, pv, err)
						}
					}
				}
			}
			for _, lang := range tracer.Langs {
				if got, want := d.Label(dh.info(), lang), lp.def.Label(lp.info, lang); got != want {
					t.Errorf("label in %s %q, want %q", lang, got, want)
				}
			}
			if !reflect.DeepEqual(d.Rules[0].Name, lp.def.Rules[0].Name) || d.Board.Slot != lp.def.Board.Slot || d.Box(lp.info.Size) != lp.def.Box(lp.info.Size) {
				t.Errorf("the rules, the slot or the boxes differ")
			}
		})
	}
}

// info is the instance a header names (for a described Def's Label,
// which reads none of it).
func (h Header) info() tracer.Info {
	return tracer.Info{Problem: h.Problem, Size: h.Size, Instance: h.Instance}
}

// TestOlderLogsRead: the golden logs as version 2 wrote them (no
// definition block) read to the same events and summary as this
// version's; a v2 log of a problem this program does not know is refused
// saying it does not describe its problem; a definition block in a v2 log
// is refused.
func TestOlderLogsRead(t *testing.T) {
	for _, g := range logGoldens {
		t.Run(g.file, func(t *testing.T) {
			v3 := logReadGolden(t, g.file)
			v2 := logReadGolden(t, "v2/"+g.file)
			if asV2(v3) != v2 {
				t.Fatalf("testdata/v2/%s and the log of this version differ in more than the format and the definition", g.file)
			}
			want, got := &logRecorder{}, &logRecorder{}
			h3, sum3, err := Read(strings.NewReader(v3), want)
			if err != nil {
				t.Fatal(err)
			}
			h2, sum2, err := Read(strings.NewReader(v2), got)
			if err != nil {
				t.Fatalf("a version-2 log: %v", err)
			}
			if h2.Format != FormatV2 || h2.Definition != nil {
				t.Errorf("format %q, definition %v: want %s and none", h2.Format, h2.Definition, FormatV2)
			}
			h3.Format, h3.Definition = FormatV2, nil
			if h2 != h3 || !reflect.DeepEqual(sum2, sum3) || !reflect.DeepEqual(got, want) {
				t.Errorf("the version-2 log reads otherwise than this version's")
			}
			_, _, err = Read(strings.NewReader(renamed(v2, h2.Problem, "elsewhere")), nil)
			if err == nil || !strings.Contains(err.Error(), `unknown problem "elsewhere"`) || !strings.Contains(err.Error(), "does not describe its problem") {
				t.Errorf("a v2 log of an unknown problem: %v", err)
			}
			mixed := strings.Replace(v3, "format: "+Format+"\n", "format: "+FormatV2+"\n", 1)
			if _, _, err := Read(strings.NewReader(mixed), nil); err == nil || !strings.Contains(err.Error(), "definition: a log of format backtrack-steps/2 has none") {
				t.Errorf("a definition in a v2 log: %v", err)
			}
		})
	}
}

// TestDefinitionRefused: a definition block with a word missing, a key
// unknown or a value of the wrong type is refused in one line naming the
// key, for a problem this program does not know.
func TestDefinitionRefused(t *testing.T) {
	log := renamed(logReadGolden(t, "steplog-nqueens4-first.yaml"), "nqueens", "queens-elsewhere")
	for _, tc := range []struct {
		name, from, to, want string
	}{
		{"a rule's Chinese name", "name: {en: column, zh: 同列}", "name: {en: column}", "step log header: definition.rules[0].name.zh: missing or not valid"},
		{"a rule's Chinese name empty", "name: {en: column, zh: 同列}", `name: {en: column, zh: ""}`, "step log header: definition.rules[0].name.zh: missing or not valid"},
		{"the title", "  title: {en: N-Queens, zh: N 皇后}\n", "", "step log header: definition.title.en: missing or not valid"},
		{"the solution words", "    solution: {en: 'all 4 queens placed, no attacks', zh: 4 个皇后都放好了，互不攻击}\n", "",
			"step log header: definition.words.solution.en: missing or not valid"},
		{"a witness kind", "witness: cell", "witness: wall", "step log header: definition.rules[0].witness: missing or not valid"},
		{"an unknown key", "  stop: all\n", "  stop: all\n  speed: fast\n", `step log line 52 (header): definition: unknown key "speed"`},
		{"a type", "    rows: 4\n", "    rows: four\n", "step log line 13 (header): definition: cannot unmarshal !!str `four` into int"},
		{"a pattern", "pattern: r{row}=c{value}", "pattern: r{row}=c{col}", "step log header: definition.moves.pattern: no {value}"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			if !strings.Contains(log, tc.from) {
				t.Fatalf("the golden log has no %q", tc.from)
			}
			_, _, err := Read(strings.NewReader(strings.Replace(log, tc.from, tc.to, 1)), nil)
			if err == nil || err.Error() != tc.want {
				t.Errorf("got  %v\nwant %s", err, tc.want)
			}
			if err != nil && strings.Contains(err.Error(), "\n") {
				t.Errorf("the error is more than one line")
			}
		})
	}
	// The same block for a problem this program knows is not needed: a
	// word missing there is no error.
	if _, _, err := Read(bytes.NewReader([]byte(strings.Replace(logReadGolden(t, "steplog-nqueens4-first.yaml"), "name: {en: column, zh: 同列}", "name: {en: column}", 1))), nil); err != nil {
		t.Errorf("a built-in's log with a word missing from its definition: %v", err)
	}
}
