// Package browsertest starts the Chromium that the browser tests drive
// (Debian's chromium package, which .ci/run installs), or skips the test.
package browsertest

import (
	"context"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
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
