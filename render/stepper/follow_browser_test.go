package stepper

import (
	"context"
	"net/url"
	"os"
	"path/filepath"
	"testing"
	"time"

	"github.com/chromedp/cdproto/page"
	"github.com/chromedp/chromedp"

	"github.com/backtrack-edu/backtrack/render/internal/browsertest"
	"github.com/backtrack-edu/backtrack/tracer"
)

// TestPlayerFollowsBrowser opens pages in a browser whose language is
// Chinese: a page made with FollowBrowser opens in Chinese unless its link
// names a language; a page made in English without it stays English.
func TestPlayerFollowsBrowser(t *testing.T) {
	t.Parallel() // the browser tests take turns with each other, not with the rest (see main_test.go)
	path := browsertest.Chromium(t, "the player's language")
	p, opts, err := tracer.Spec{Problem: "nqueens", N: 4}.Build()
	if err != nil {
		t.Fatal(err)
	}
	info := p.Info()
	rec := NewRecording(info, tracer.StrategyOf(info, opts))
	opts.Sinks = []tracer.Sink{rec}
	if _, err := tracer.Run(context.Background(), p, opts); err != nil {
		t.Fatal(err)
	}
	dir := t.TempDir()
	write := func(name string, follow bool) string {
		f, err := os.Create(filepath.Join(dir, name))
		if err != nil {
			t.Fatal(err)
		}
		defer f.Close()
		if err := WriteHTML(f, rec, HTMLOptions{Lang: tracer.LangEN, FollowBrowser: follow}); err != nil {
			t.Fatal(err)
		}
		return f.Name()
	}
	follow, fixed := write("follow.html", true), write("fixed.html", false)
	ctx := browsertest.Context(t, path, 1200, 800)
	if err := chromedp.Run(ctx, chromedp.ActionFunc(func(ctx context.Context) error {
		_, err := page.AddScriptToEvaluateOnNewDocument(`Object.defineProperty(navigator, "languages", {get: () => ["zh-CN", "zh"]});
Object.defineProperty(navigator, "language", {get: () => "zh-CN"});`).Do(ctx)
		return err
	})); err != nil {
		t.Fatal(err)
	}
	for _, tc := range []struct {
		file, fragment, want string
	}{
		{follow, "", "zh"},
		{follow, "step=3&lang=en", "en"},
		{fixed, "", "en"},
		{fixed, "lang=zh", "zh"},
	} {
		u := url.URL{Scheme: "file", Path: tc.file, Fragment: tc.fragment}
		var lang, htmlLang string
		err := chromedp.Run(ctx, chromedp.Navigate("about:blank"), chromedp.Navigate(u.String()), chromedp.WaitReady("#loading", chromedp.ByID),
			chromedp.Poll(`window.backtrackPlayer && window.backtrackPlayer.steps() > 0 && document.getElementById("loading").hidden`, nil, chromedp.WithPollingTimeout(20*time.Second)),
			chromedp.Evaluate(`backtrackPlayer.lang()`, &lang),
			chromedp.Evaluate(`document.documentElement.lang`, &htmlLang))
		if err != nil {
			t.Fatalf("%s#%s: %v", filepath.Base(tc.file), tc.fragment, err)
		}
		if lang != tc.want || htmlLang != tc.want {
			t.Errorf("%s#%s in a Chinese browser: the page shows %s (html lang %s), want %s", filepath.Base(tc.file), tc.fragment, lang, htmlLang, tc.want)
		}
	}
}
