package stepper

import (
	"bytes"
	"fmt"
	"net/url"
	"os"
	"path/filepath"
	"testing"
	"time"

	"github.com/chromedp/chromedp"
	"github.com/chromedp/chromedp/kb"

	"github.com/backtrack-edu/backtrack/tracer"
)

// lockState is what the lockstep page shows: each side's step and kind (as
// its player says), the step the side's head shows, the counts row, and
// the divergence marker.
type lockState struct {
	Steps    [2]int64    `json:"steps"`
	Kinds    [2]string   `json:"kinds"`
	Heads    [2]string   `json:"heads"`
	Parted   [2]bool     `json:"parted"`
	Counts   [2][]string `json:"counts"`
	Fork     string      `json:"fork"` // the marker's data-step ("" when hidden)
	ForkHere bool        `json:"forkHere"`
	ForkText string      `json:"forkText"`
}

const lockStateJS = `(() => {
	const P = backtrackLockstep.players(), f = document.getElementById('fork');
	const side = i => document.getElementById(i ? 'sideB' : 'sideA').querySelector('.where');
	const row = i => [...document.querySelectorAll('#counts tbody tr')[i].querySelectorAll('td')].map(td => td.textContent);
	return {
		steps: [P[0].step(), P[1].step()], kinds: [P[0].kind(), P[1].kind()],
		heads: [side(0).dataset.step, side(1).dataset.step],
		parted: [side(0).classList.contains('parted'), side(1).classList.contains('parted')],
		counts: [row(0), row(1)],
		fork: f.hidden ? '' : f.dataset.step, forkHere: f.classList.contains('here'), forkText: f.textContent,
	};
})()`

// nextOf returns the first step after k of one of kinds in events (k if
// there is none).
func nextOf(events []tracer.Event, k int64, kinds ...tracer.Kind) int64 {
	for j := k + 1; j <= int64(len(events)); j++ {
		for _, kind := range kinds {
			if events[j-1].Kind == kind {
				return j
			}
		}
	}
	return k
}

// countsAt are the counts a player shows at step k (calls, tries,
// backtracks, solutions, rejects), from a Stats fed the events so far.
func countsAt(events []tracer.Event, k int64) []string {
	st := &tracer.Stats{}
	for i := int64(0); i < k; i++ {
		st.Event(&events[i])
	}
	return []string{fmt.Sprint(st.Nodes), fmt.Sprint(st.Tries), fmt.Sprint(st.Backtracks), fmt.Sprint(st.Solutions), fmt.Sprint(st.RejectTotal())}
}

// TestLockstepBrowser steps lockstep pages in Chromium: 8-queens vs
// LeetCode 37 (no marker: two problems), and LeetCode 37 with --check scan
// vs counts and with and without "return false" (a marker at the step the
// events show they part). Both sides' steps, kinds and counts are held to
// the tracer's events after every move.
func TestLockstepBrowser(t *testing.T) {
	t.Parallel() // the browser tests take turns with each other, not with the rest (see main_test.go)
	b := newPlayerBrowser(t)
	dir := t.TempDir()
	withCheck := func(s tracer.Spec, c tracer.Check) tracer.Spec { s.Check = c; return s }
	withDrop := func(s tracer.Spec, d tracer.Drop) tracer.Spec { s.Drop = d; return s }
	for _, c := range []struct {
		name string
		a, b tracer.Spec
		lang tracer.Lang
	}{
		{"queens-sudoku", tracer.Spec{Problem: "nqueens", N: 8}, lc37, tracer.LangEN},
		{"scan-counts", withCheck(lc37, tracer.CheckScan), withCheck(lc37, tracer.CheckCounts), tracer.LangZH},
		{"return-false", lc37, withDrop(lc37, tracer.DropReturnFalse), tracer.LangEN},
	} {
		t.Run(c.name, func(t *testing.T) {
			runs := [2]lockRun{recordLockRun(t, c.a), recordLockRun(t, c.b)}
			file := filepath.Join(dir, c.name+".html")
			if err := os.WriteFile(file, lockPage(t, runs[0], runs[1], c.lang), 0o644); err != nil {
				t.Fatal(err)
			}
			u := url.URL{Scheme: "file", Path: file}
			b.do(t, "open "+c.name, chromedp.Navigate("about:blank"), chromedp.Navigate(u.String()))
			if err := b.poll(`document.body.dataset.ready === "1"`, 30*time.Second); err != nil {
				b.screenshot(t, c.name)
				t.Fatalf("the lockstep page did not get both players ready: %v%s", err, thrownText(b.exceptions()))
			}
			want := [2]int64{}
			check := func(what string) lockState {
				t.Helper()
				var st lockState
				if err := b.poll(fmt.Sprintf(`backtrackLockstep.players()[0].step() === %d && backtrackLockstep.players()[1].step() === %d`, want[0], want[1]), 3*time.Second); err != nil {
					b.screenshot(t, c.name+"-"+what)
				}
				b.eval(t, what, lockStateJS, &st)
				for i := range 2 {
					k := want[i]
					kind := ""
					if k > 0 {
						kind = runs[i].events[k-1].Kind.String()
					}
					if st.Steps[i] != k || st.Kinds[i] != kind || st.Heads[i] != fmt.Sprint(k) {
						t.Errorf("%s: side %d at step %d (%q, head %q), want step %d (%s)", what, i+1, st.Steps[i], st.Kinds[i], st.Heads[i], k, kind)
					}
					if got, w := st.Counts[i], countsAt(runs[i].events, k); fmt.Sprint(got) != fmt.Sprint(w) {
						t.Errorf("%s: side %d's counts %v, want %v", what, i+1, got, w)
					}
				}
				if x := b.exceptions(); len(x) > 0 {
					t.Errorf("%s: the page threw%s", what, thrownText(x))
				}
				return st
			}
			st := check("opened")
			dv := Diverge(runs[0].rec, runs[1].rec, false, false)
			moves, work := firstDifference(runs[0].events, runs[1].events)
			switch c.name {
			case "queens-sudoku":
				if st.Fork != "" {
					t.Errorf("two problems: a divergence marker at step %s", st.Fork)
				}
			case "scan-counts":
				if moves != 0 || work == 0 || st.Fork != fmt.Sprint(work) || dv.Moves {
					t.Errorf("scan vs counts: the marker at step %q (%q), want the step where the checks' work first differs, %d", st.Fork, st.ForkText, work)
				}
			case "return-false":
				if moves == 0 || st.Fork != fmt.Sprint(moves) || !dv.Moves {
					t.Errorf("with and without return false: the marker at step %q (%q), want the step where the moves part, %d", st.Fork, st.ForkText, moves)
				}
			}

			// One step each, three times, then back one.
			for range 3 {
				b.key(t, kb.ArrowRight)
				want = [2]int64{want[0] + 1, want[1] + 1}
				check("→")
			}
			b.key(t, kb.ArrowLeft)
			want = [2]int64{want[0] - 1, want[1] - 1}
			check("←")
			// Each side to its next event of a kind: the keys, then the menu and
			// its buttons.
			for _, kc := range []struct {
				key  string
				kind tracer.Kind
			}{{"r", tracer.KindReject}, {"c", tracer.KindCall}, {"u", tracer.KindUndo}, {"r", tracer.KindReject}} {
				b.key(t, kc.key)
				want = [2]int64{nextOf(runs[0].events, want[0], kc.kind), nextOf(runs[1].events, want[1], kc.kind)}
				check("key " + kc.key)
			}
			b.eval(t, "choose reject", `(() => { const s = document.getElementById('kindsel'); s.value = 'reject'; document.getElementById('nextkind').click(); return true; })()`, new(bool))
			want = [2]int64{nextOf(runs[0].events, want[0], tracer.KindReject), nextOf(runs[1].events, want[1], tracer.KindReject)}
			check("next reject")
			if st.Fork == "" {
				return
			}
			// To the marker: both sides at the step where they part.
			b.key(t, "d")
			want = [2]int64{dv.Step, dv.Step}
			st = check("to the marker")
			if !st.ForkHere || !st.Parted[0] || !st.Parted[1] {
				b.screenshot(t, c.name+"-marker")
				t.Errorf("at the marker: the marker not lit (%v) or the sides not marked parted (%v)", st.ForkHere, st.Parted)
			}
			b.key(t, kb.ArrowLeft)
			want = [2]int64{dv.Step - 1, dv.Step - 1}
			if st = check("before the marker"); st.Parted[0] || st.Parted[1] || st.ForkHere {
				t.Errorf("before the marker: sides marked parted %v, marker lit %v", st.Parted, st.ForkHere)
			}
		})
	}
}

// TestEmbedBrowser: a player opened at #embed shows no header, keeps the
// step and its kind in its controls, and keeps embed in its address as it
// moves; without #embed the header is there.
func TestEmbedBrowser(t *testing.T) {
	t.Parallel() // the browser tests take turns with each other, not with the rest (see main_test.go)
	b := newPlayerBrowser(t)
	r := recordLockRun(t, tracer.Spec{Problem: "nqueens", N: 4})
	var page bytes.Buffer
	if err := WriteHTML(&page, r.rec, HTMLOptions{Lang: tracer.LangEN, TreePane: true}); err != nil {
		t.Fatal(err)
	}
	file := filepath.Join(t.TempDir(), "q4.html")
	if err := os.WriteFile(file, page.Bytes(), 0o644); err != nil {
		t.Fatal(err)
	}
	type embedState struct {
		Header string `json:"header"`
		Where  string `json:"where"`
		Step   int64  `json:"step"`
		Hash   string `json:"hash"`
	}
	const js = `({header: getComputedStyle(document.getElementById('top')).display,
		where: document.getElementById('where').parentNode.id, step: backtrackPlayer.step(), hash: location.hash})`
	for _, c := range []struct {
		fragment string
		embed    bool
	}{{"step=5&embed", true}, {"step=5", false}} {
		u := url.URL{Scheme: "file", Path: file, Fragment: c.fragment}
		b.do(t, "open #"+c.fragment, chromedp.Navigate("about:blank"), chromedp.Navigate(u.String()))
		if err := b.poll(`window.backtrackPlayer && backtrackPlayer.step() === 5`, 15*time.Second); err != nil {
			b.screenshot(t, "embed")
			t.Fatalf("#%s: the page did not open at step 5: %v%s", c.fragment, err, thrownText(b.exceptions()))
		}
		b.key(t, kb.ArrowRight)
		var st embedState
		b.eval(t, "embed state", js, &st)
		wantHeader, wantWhere, wantHash := "flex", "top", "#step=6&lang=en"
		if c.embed {
			wantHeader, wantWhere, wantHash = "none", "controls", "#step=6&lang=en&embed"
		}
		if st.Header != wantHeader || st.Where != wantWhere || st.Step != 6 || st.Hash != wantHash {
			b.screenshot(t, "embed")
			t.Errorf("#%s after →: header display %q, step shown in #%s, step %d, address %q; want %q, #%s, 6, %q",
				c.fragment, st.Header, st.Where, st.Step, st.Hash, wantHeader, wantWhere, wantHash)
		}
	}
}
