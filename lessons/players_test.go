package lessons

import (
	"bytes"
	"context"
	"strings"
	"testing"

	"github.com/backtrack-edu/backtrack/tracer"
)

// TestPlayersSameBytes: a lesson made in English and Chinese with its
// player pages shared (Options.players) has the files, players and
// lockstep pages included, of the lesson made in each language alone,
// whichever language is made first; and the shared pages are let go once
// both languages have taken them.
func TestPlayersSameBytes(t *testing.T) {
	ls, err := Lookup("000-2d-recursion")
	if err != nil {
		t.Fatal(err)
	}
	l := ls[0]
	ctx := context.Background()
	alone := map[tracer.Lang]*Made{}
	for _, lang := range []tracer.Lang{tracer.LangEN, tracer.LangZH} {
		if alone[lang], err = l.Make(ctx, Options{Lang: lang, Tool: "backtrack test"}); err != nil {
			t.Fatal(err)
		}
	}
	players, lockstep := 0, 0
	for name := range alone[tracer.LangEN].Files {
		if strings.HasSuffix(name, ".html") {
			players++
			if strings.HasPrefix(name, "lockstep-") {
				lockstep++
			}
		}
	}
	if players == 0 || lockstep == 0 {
		t.Fatalf("lesson %s has %d player pages, %d of them lockstep: want both", l.Name, players, lockstep)
	}
	for _, order := range [][]tracer.Lang{{tracer.LangEN, tracer.LangZH}, {tracer.LangZH, tracer.LangEN}} {
		ps := newPlayers(context.Background(), tracer.LangEN, tracer.LangZH)
		for _, lang := range order {
			m, err := l.Make(ctx, Options{Lang: lang, Tool: "backtrack test", players: ps})
			if err != nil {
				t.Fatal(err)
			}
			want := alone[lang]
			if len(m.Files) != len(want.Files) {
				t.Errorf("%v, %s: %d files, %d made alone", order, lang, len(m.Files), len(want.Files))
			}
			for name, b := range want.Files {
				if !bytes.Equal(m.Files[name], b) {
					t.Errorf("%v, %s: %s differs from the file made alone", order, lang, name)
				}
			}
		}
		ps.mu.Lock()
		if n := len(ps.runs); n != 0 {
			t.Errorf("%v: %d runs' pages still held after both languages took them", order, n)
		}
		ps.mu.Unlock()
	}
	t.Logf("lesson %s: %d player pages (%d lockstep) the same shared and alone, in both languages", l.Name, players, lockstep)
}
