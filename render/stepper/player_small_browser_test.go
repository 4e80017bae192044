package stepper

import (
	"encoding/json"
	"fmt"
	"slices"
	"testing"
	"time"

	"github.com/chromedp/chromedp"

	"github.com/backtrack-edu/backtrack/tracer"
)

// TestPlayerThemeLabel opens the 4-queens page in Chromium and reads the
// theme button: it names, in words, the theme a click switches to ("dark"
// / "深色" on the light theme, "light" / "浅色" on the dark one), in the
// page's language, and the words fit in the button. It showed a bare
// half-moon glyph.
func TestPlayerThemeLabel(t *testing.T) {
	t.Parallel() // the browser tests take turns with each other, not with the rest (see main_test.go)
	b := newPlayerBrowser(t)
	r := makePlayerRun(t, playerQueens4, tracer.LangEN)
	type button struct {
		Text   string  `json:"text"`
		Theme  string  `json:"theme"`
		Fits   bool    `json:"fits"`
		FontPx float64 `json:"fontPx"`
	}
	read := func() button {
		var bt button
		b.eval(t, "the theme button", `(() => {
			const e = document.getElementById('theme');
			return {text: e.textContent, theme: document.documentElement.dataset.theme,
				fits: e.scrollWidth <= e.clientWidth + 1 && e.getBoundingClientRect().width > 0,
				fontPx: parseFloat(getComputedStyle(e).fontSize)};
		})()`, &bt)
		return bt
	}
	label := map[tracer.Lang]map[string]string{
		tracer.LangEN: {"light": "◐ dark", "dark": "◐ light"},
		tracer.LangZH: {"light": "◐ 深色", "dark": "◐ 浅色"},
	}
	for _, lang := range tracer.Langs {
		b.open(t, r, fmt.Sprintf("step=5&lang=%s", lang))
		for i := 0; i < 3; i++ {
			bt := read()
			if want := label[lang][bt.Theme]; bt.Text != want || !bt.Fits || bt.FontPx < 14 {
				b.screenshot(t, fmt.Sprintf("theme-%s-%d", lang, i))
				t.Errorf("%s, on the %s theme after %d clicks: the theme button says %q (fits: %v, %.0f px), want %q, whole, at 14 px or more", lang, bt.Theme, i, bt.Text, bt.Fits, bt.FontPx, want)
			}
			was := bt.Theme
			b.do(t, "click the theme button", chromedp.Click("#theme", chromedp.ByQuery))
			if err := b.poll(fmt.Sprintf(`document.documentElement.dataset.theme !== %q`, was), 2*time.Second); err != nil {
				t.Fatalf("%s: a click on the theme button left the %s theme: %v", lang, was, err)
			}
		}
		// The language button relabels it.
		before := read()
		b.do(t, "click the language button", chromedp.Click("#lang", chromedp.ByQuery))
		other := tracer.LangZH
		if lang == tracer.LangZH {
			other = tracer.LangEN
		}
		b.waitStep(t, "after the language button", 5, other)
		if bt := read(); bt.Theme != before.Theme || bt.Text != label[other][bt.Theme] {
			t.Errorf("%s → %s on the %s theme: the theme button says %q, want %q", lang, other, bt.Theme, bt.Text, label[other][bt.Theme])
		}
	}
	for _, x := range b.exceptions() {
		t.Errorf("the page threw %s", x)
	}
}

// playerKeyJS goes to every step in ks and returns, at each, the kinds
// of mark the board draws (a cell's o-… class, else its base: given,
// placed) and the kinds the key explains (its chips' c-… classes, its
// samples: given, placed), each sorted.
const playerKeyJS = `(ks => {
	const out = [];
	const chip = {"c-try": "o-try", "c-place": "o-place", "c-clash": "o-clash", "c-slot": "o-slot", "c-choice": "o-choice"};
	for (const k of ks) {
		backtrackPlayer.go(k);
		const board = new Set(), key = new Set();
		for (const c of document.querySelectorAll('#board .cell')) {
			const over = [...c.classList].find(x => x.startsWith('o-'));
			if (over) board.add(over);
			else if (c.classList.contains('given')) board.add('given');
			else if (c.classList.contains('placed')) board.add('placed');
		}
		for (const e of document.querySelectorAll('#key .chip')) {
			for (const x of e.classList) if (chip[x]) key.add(chip[x]);
		}
		for (const e of document.querySelectorAll('#key b.sample')) key.add(e.classList.contains('placed') ? 'placed' : 'given');
		out.push({k: k, board: [...board].sort(), key: [...key].sort(), text: document.getElementById('key').textContent});
	}
	return out;
})`

// TestPlayerKeyMatchesBoard steps the player's pages of 4-queens (every
// step) and LeetCode 37 (its first 300), in both languages, in Chromium,
// and holds the key under the board to the board: an entry for each kind
// of mark the board draws at that step, and for no other. The key listed
// "placed at this step" on try and reject steps, where nothing is
// placed, and every other mark at every step. (On a board of queens
// every queen is the piece itself: the key has no entry for a queen
// placed earlier.)
func TestPlayerKeyMatchesBoard(t *testing.T) {
	t.Parallel() // the browser tests take turns with each other, not with the rest (see main_test.go)
	b := newPlayerBrowser(t)
	for _, c := range []struct {
		pc    playerCase
		steps int64
	}{{playerQueens4, 0}, {playerLeet37, 300}} {
		r := makePlayerRun(t, c.pc, tracer.LangEN)
		last := r.steps()
		if c.steps > 0 {
			last = min(last, c.steps)
		}
		var ks []int64
		for k := int64(0); k <= last; k++ {
			ks = append(ks, k)
		}
		for _, lang := range tracer.Langs {
			b.open(t, r, fmt.Sprintf("step=0&lang=%s", lang))
			var got []struct {
				K     int64    `json:"k"`
				Board []string `json:"board"`
				Key   []string `json:"key"`
				Text  string   `json:"text"`
			}
			ksJS, _ := json.Marshal(ks)
			b.eval(t, "step and read the key", playerKeyJS+"("+string(ksJS)+")", &got)
			if len(got) != len(ks) {
				t.Fatalf("%s %s: read %d steps, want %d", r.name, lang, len(got), len(ks))
			}
			bad := 0
			for _, g := range got {
				board := slices.DeleteFunc(slices.Clone(g.Board), func(s string) bool { return r.queens && s == "placed" })
				if !slices.Equal(board, g.Key) {
					if bad++; bad <= 5 {
						t.Errorf("%s %s step %d (%s): the board draws %v, the key explains %v: %q", r.name, lang, g.K, r.kindOf(g.K), g.Board, g.Key, g.Text)
					}
				}
			}
			if bad > 0 {
				t.Errorf("%s %s: the key and the board differ at %d of %d steps", r.name, lang, bad, len(ks))
			}
		}
	}
	for _, x := range b.exceptions() {
		t.Errorf("the page threw %s", x)
	}
}

// kindOf names the kind of step k's event ("call", "try", …; "start" for
// step 0).
func (r *playerRun) kindOf(k int64) string {
	if k == 0 {
		return "start"
	}
	return r.events[k-1].Kind.String()
}
