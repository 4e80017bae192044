// Package browsertest starts the Chromium that the browser tests drive
// (Debian's chromium package, which .ci/run installs), or skips the test.
package browsertest

import (
	"context"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/chromedp/chromedp"
)

// Chromium returns the path of the Chromium to drive, or skips the test,
// naming chromium and what the test checks (what, e.g. "the SVG
// pictures").
func Chromium(t testing.TB, what string) string {
	t.Helper()
	for _, name := range []string{"chromium", "chromium-browser"} {
		if p, err := exec.LookPath(name); err == nil {
			return p
		}
	}
	t.Skip("chromium is not installed: the browser test of " + what + " needs it (CI installs Debian's chromium)")
	return ""
}

// Context returns a chromedp context for a headless Chromium at path with
// a width×height window, ended when the test ends (and after 3 minutes at
// most). The browser starts with the first chromedp.Run.
func Context(t testing.TB, path string, width, height int) context.Context {
	t.Helper()
	ctx, cancel := context.WithTimeout(context.Background(), 3*time.Minute)
	t.Cleanup(cancel)
	opts := append(chromedp.DefaultExecAllocatorOptions[:],
		chromedp.ExecPath(path),
		chromedp.NoSandbox, // as root, Chromium's sandbox refuses to start
		chromedp.DisableGPU,
		chromedp.WindowSize(width, height),
	)
	actx, acancel := chromedp.NewExecAllocator(ctx, opts...)
	t.Cleanup(acancel)
	bctx, bcancel := chromedp.NewContext(actx)
	t.Cleanup(bcancel)
	return bctx
}

// shared holds the Chromiums that Tab opens tabs in, by window size:
// started on first use, lent to one test at a time and kept for the next
// when it ends, ended by Close. A test has a browser of its own while it
// runs because a browser draws only its front tab: a page in a tab behind
// another gets no animation frames, and a parallel test's page would not
// finish opening.
var shared struct {
	mu   sync.Mutex
	idle map[string][]*sharedBrowser
	all  []*sharedBrowser
}

type sharedBrowser struct {
	ctx    context.Context
	cancel func()
}

// Tab returns a chromedp context for a new tab of a headless Chromium at
// path with a width×height window, kept for the test binary's later tests
// that ask for the same size: starting Chromium costs more than most
// pages a test opens. Tests that run in parallel get browsers of their
// own. The tab is closed when the test ends (and after 3 minutes at
// most), and the browser goes back to be lent again. Tabs share no page
// state a test sets (each is a new page), but they share the browser's
// profile: a test that needs a profile of its own uses Context. TestMain
// calls Close after the tests.
func Tab(t testing.TB, path string, width, height int) context.Context {
	t.Helper()
	key := fmt.Sprintf("%s %dx%d", path, width, height)
	shared.mu.Lock()
	var b *sharedBrowser
	if n := len(shared.idle[key]); n > 0 {
		b = shared.idle[key][n-1]
		shared.idle[key] = shared.idle[key][:n-1]
	}
	shared.mu.Unlock()
	if b == nil {
		opts := append(chromedp.DefaultExecAllocatorOptions[:],
			chromedp.ExecPath(path),
			chromedp.NoSandbox, // as root, Chromium's sandbox refuses to start
			chromedp.DisableGPU,
			chromedp.WindowSize(width, height),
		)
		actx, acancel := chromedp.NewExecAllocator(context.Background(), opts...)
		bctx, bcancel := chromedp.NewContext(actx)
		b = &sharedBrowser{bctx, func() { bcancel(); acancel() }}
		shared.mu.Lock()
		shared.all = append(shared.all, b)
		shared.mu.Unlock()
		// The browser starts with its first target; its first tab stays
		// blank, so that closing a test's tab never closes the browser.
		if err := chromedp.Run(b.ctx); err != nil {
			t.Fatalf("start %s: %v", path, err)
		}
	}
	ctx, cancel := context.WithTimeout(b.ctx, 3*time.Minute)
	tctx, tcancel := chromedp.NewContext(ctx)
	t.Cleanup(func() {
		tcancel()
		cancel()
		shared.mu.Lock()
		if shared.idle == nil {
			shared.idle = map[string][]*sharedBrowser{}
		}
		shared.idle[key] = append(shared.idle[key], b)
		shared.mu.Unlock()
	})
	return tctx
}

// Close ends the Chromiums that Tab started, if any.
func Close() {
	shared.mu.Lock()
	defer shared.mu.Unlock()
	for _, b := range shared.all {
		b.cancel()
	}
	shared.all, shared.idle = nil, nil
}

// Screenshot saves the page ctx shows as dir/name.png, or under
// $BACKTRACK_SCREENSHOTS (which outlives the test's temp folder), and
// logs its path. Characters that do not belong in a file name become
// "-". A failure to save is logged, not fatal.
func Screenshot(t testing.TB, ctx context.Context, dir, name string) {
	t.Helper()
	var png []byte
	if err := chromedp.Run(ctx, chromedp.FullScreenshot(&png, 100)); err != nil {
		t.Logf("no screenshot: %v", err)
		return
	}
	if d := os.Getenv("BACKTRACK_SCREENSHOTS"); d != "" {
		dir = d
	}
	name = strings.Map(func(r rune) rune {
		if strings.ContainsRune(`/ #&="`, r) {
			return '-'
		}
		return r
	}, name)
	path := filepath.Join(dir, name+".png")
	if err := os.WriteFile(path, png, 0o644); err != nil {
		t.Logf("no screenshot: %v", err)
		return
	}
	t.Logf("screenshot: %s (set BACKTRACK_SCREENSHOTS=DIR to keep it)", path)
}
