package stepper

import (
	"bytes"
	"context"
	"regexp"
	"strconv"
	"testing"

	"github.com/backtrack-edu/backtrack/tracer"
)

// eventLog keeps every event of a run, as the tracer sends it.
type eventLog struct{ events []tracer.Event }

func (l *eventLog) Event(e *tracer.Event) { l.events = append(l.events, *e) }

// lockRun is a run recorded for a lockstep page, with its events as the
// tracer sent them (the truth the recording's are held to).
type lockRun struct {
	rec    *Recording
	events []tracer.Event
}

func recordLockRun(t testing.TB, spec tracer.Spec) lockRun {
	t.Helper()
	p, opts, err := spec.Build()
	if err != nil {
		t.Fatal(err)
	}
	info := p.Info()
	rec := NewRecording(info, tracer.StrategyOf(info, opts))
	log := &eventLog{}
	opts.Sinks = []tracer.Sink{rec, log}
	if _, err := tracer.Run(context.Background(), p, opts); err != nil {
		t.Fatal(err)
	}
	return lockRun{rec: rec, events: log.events}
}

// firstDifference finds, from the tracer's own events, the first step
// whose events differ in anything but their step number and cost (moves),
// and the first whose cost differs (work); 0 for none.
func firstDifference(a, b []tracer.Event) (moves, work int64) {
	for i := 0; i < min(len(a), len(b)); i++ {
		x, y := a[i], b[i]
		cx, cy := x.Cost, y.Cost
		x.Step, y.Step, x.Cost, y.Cost = 0, 0, 0, 0
		if x != y {
			return int64(i + 1), work
		}
		if work == 0 && cx != cy {
			work = int64(i + 1)
		}
	}
	if len(a) != len(b) {
		return int64(min(len(a), len(b)) + 1), work
	}
	return 0, work
}

var lc37 = tracer.Spec{Problem: "sudoku"}

// TestDiverge: the step where two runs part, against the tracer's events.
func TestDiverge(t *testing.T) {
	withCheck := func(s tracer.Spec, c tracer.Check) tracer.Spec { s.Check = c; return s }
	withDrop := func(s tracer.Spec, d tracer.Drop) tracer.Spec { s.Drop = d; return s }
	for _, c := range []struct {
		name       string
		a, b       tracer.Spec
		found      bool
		moves      bool
		wantStepAt func(moves, work int64) int64
	}{
		{"8-queens vs LeetCode 37", tracer.Spec{Problem: "nqueens", N: 8}, lc37, false, false, nil},
		{"the same run twice", lc37, lc37, false, false, nil},
		{"check scan vs counts", withCheck(lc37, tracer.CheckScan), withCheck(lc37, tracer.CheckCounts), true, false,
			func(_, work int64) int64 { return work }},
		{"with and without return false", lc37, withDrop(lc37, tracer.DropReturnFalse), true, true,
			func(moves, _ int64) int64 { return moves }},
		{"4-queens: all vs first", tracer.Spec{Problem: "nqueens", N: 4, Stop: tracer.StopAll}, tracer.Spec{Problem: "nqueens", N: 4, Stop: tracer.StopFirst}, true, true,
			func(moves, _ int64) int64 { return moves }},
	} {
		t.Run(c.name, func(t *testing.T) {
			a, b := recordLockRun(t, c.a), recordLockRun(t, c.b)
			got := Diverge(a.rec, b.rec, false, false)
			if got.Found != c.found || got.Moves != c.moves || got.Cut {
				t.Fatalf("Diverge = %+v, want found %v, moves %v", got, c.found, c.moves)
			}
			if !c.found {
				return
			}
			moves, work := firstDifference(a.events, b.events)
			if !c.moves && moves != 0 {
				t.Errorf("the moves part at step %d, but Diverge says only the work differs", moves)
			}
			if want := c.wantStepAt(moves, work); got.Step != want || want == 0 {
				t.Errorf("Diverge at step %d, want %d (the events: moves part at %d, work at %d)", got.Step, want, moves, work)
			}
		})
	}
}

// lockPage writes the lockstep page of two runs.
func lockPage(t testing.TB, a, b lockRun, lang tracer.Lang) []byte {
	t.Helper()
	var buf bytes.Buffer
	if err := WriteLockstep(&buf, LockstepSide{Rec: a.rec}, LockstepSide{Rec: b.rec}, LockstepOptions{Lang: lang}); err != nil {
		t.Fatal(err)
	}
	return buf.Bytes()
}

// TestLockstepPage: the page is the same bytes each time, names no outside
// address, and carries the divergence Diverge finds.
func TestLockstepPage(t *testing.T) {
	a := recordLockRun(t, tracer.Spec{Problem: "nqueens", N: 5})
	b := recordLockRun(t, tracer.Spec{Problem: "nqueens", N: 5, Check: tracer.CheckArrays, Stop: tracer.StopFirst})
	page := lockPage(t, a, b, tracer.LangZH)
	if again := lockPage(t, a, b, tracer.LangZH); !bytes.Equal(page, again) {
		t.Fatal("two lockstep pages of the same runs differ")
	}
	for _, bad := range []string{"<link", "@import", "url(", " src=", "href=", "https://"} {
		if bytes.Contains(page, []byte(bad)) {
			t.Errorf("the page holds %q: want one offline file", bad)
		}
	}
	for _, m := range regexp.MustCompile(`http://[^&"]*`).FindAll(page, -1) {
		if string(m) != "http://www.w3.org/2000/svg" {
			t.Errorf("the page names %s: want only the SVG namespace", m)
		}
	}
	if n := bytes.Count(page, []byte("<iframe")); n != 2 {
		t.Errorf("the page has %d iframes, want 2", n)
	}
	dv := Diverge(a.rec, b.rec, false, false)
	if !dv.Found {
		t.Fatal("5-queens all and first: no divergence found")
	}
	want := regexp.MustCompile(`"diverge":` + strconv.FormatInt(dv.Step, 10) + `,"moves":true`)
	if !want.Match(page) {
		t.Errorf("the page's data does not say the runs part at step %d", dv.Step)
	}
}
