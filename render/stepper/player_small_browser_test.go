package stepper

import (
	"fmt"
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
