package site

import (
	"context"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/chromedp/chromedp"

	"github.com/backtrack-edu/backtrack/lessons"
	"github.com/backtrack-edu/backtrack/render"
)

// chromium returns the path of the Chromium to drive, or skips the test
// naming it.
func chromium(t *testing.T, what string) string {
	t.Helper()
	for _, name := range []string{"chromium", "chromium-browser"} {
		if p, err := exec.LookPath(name); err == nil {
			return p
		}
	}
	t.Skip("chromium is not installed: the browser test of " + what + " needs it (CI installs Debian's chromium)")
	return ""
}

// browser returns a chromedp context for a headless Chromium with a
// width×height window, ended when the test ends.
func browser(t *testing.T, path string, width, height int) context.Context {
	t.Helper()
	ctx, cancel := context.WithTimeout(context.Background(), 2*time.Minute)
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

// shownPicture is a picture of a lesson page as Chromium lays it out.
type shownPicture struct {
	Src    string  `json:"src"`
	Link   string  `json:"link"`   // the href of the link around it
	Width  float64 `json:"width"`  // CSS px on screen
	Box    float64 `json:"box"`    // the width of the box it is seen through (the column, or the scroll box)
	Loaded bool    `json:"loaded"` // drawn: naturalWidth > 0
}

// TestPicturesInBrowser (issue 33 item 5) opens lesson pages (000, 004,
// permutations, and dedup, whose subsets picture fits the column) of a built
// site in headless Chromium at 1920×1080 and 390×844, in English and
// Chinese, and checks every picture is a link to its SVG and is shown at
// least once with its smallest text at least 14 px high, measured on
// screen (the picture's width as laid out, times its smallest font over
// its width in points); and that no page is wider than the window.
func TestPicturesInBrowser(t *testing.T) {
	path := chromium(t, "the lesson pages' pictures")
	ls, err := lessons.Lookup("000-2d-recursion", "004-three-parts", "dedup", "permutations")
	if err != nil {
		t.Fatal(err)
	}
	files, err := Make(context.Background(), Options{Lessons: ls, Tool: "backtrack test", License: []byte("MIT\n"),
		ThirdParty: []byte("# Notices\n")})
	if err != nil {
		t.Fatal(err)
	}
	dir := t.TempDir()
	for name, b := range files {
		p := filepath.Join(dir, filepath.FromSlash(name))
		if err := os.MkdirAll(filepath.Dir(p), 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(p, b, 0o644); err != nil {
			t.Fatal(err)
		}
	}
	for _, size := range [][2]int{{1920, 1080}, {390, 844}} {
		ctx := browser(t, path, size[0], size[1])
		// A window is at least 500 px wide: a phone's width is emulated.
		if err := chromedp.Run(ctx, chromedp.EmulateViewport(int64(size[0]), int64(size[1]))); err != nil {
			t.Fatal(err)
		}
		for _, page := range []string{"en/000-2d-recursion", "zh/000-2d-recursion", "en/004-three-parts", "zh/004-three-parts", "en/permutations", "zh/permutations", "en/dedup", "zh/dedup"} {
			var shown []shownPicture
			var pageWidth, window float64
			err := chromedp.Run(ctx,
				chromedp.Navigate("file://"+filepath.ToSlash(filepath.Join(dir, page, "index.html"))),
				chromedp.Poll(`Array.from(document.images).every(i => i.complete)`, nil, chromedp.WithPollingTimeout(30*time.Second)),
				chromedp.Evaluate(`Array.from(document.querySelectorAll('img')).map(i => {
					const a = i.closest('a'), box = i.closest('.readable') || document.querySelector('main');
					const cs = getComputedStyle(box);
					return {src: i.getAttribute('src'), link: a ? a.getAttribute('href') : '',
						width: i.getBoundingClientRect().width, loaded: i.naturalWidth > 0,
						box: box.clientWidth - parseFloat(cs.paddingLeft) - parseFloat(cs.paddingRight)};
				})`, &shown),
				chromedp.Evaluate(`document.documentElement.scrollWidth`, &pageWidth),
				chromedp.Evaluate(`window.innerWidth`, &window),
			)
			if err != nil {
				t.Fatalf("%s at %dx%d: %v", page, size[0], size[1], err)
			}
			what := fmt.Sprintf("%s at %dx%d", page, size[0], size[1])
			if pageWidth > window {
				t.Errorf("%s: the page is %.0f px wide in a %.0f-px window", what, pageWidth, window)
			}
			best := map[string]float64{}
			for _, s := range shown {
				if !strings.HasSuffix(s.Src, ".svg") {
					continue
				}
				p, ok := lessons.PictureOf(files[page+"/"+s.Src])
				if !ok {
					t.Errorf("%s: %s: no size or font size in the SVG", what, s.Src)
					continue
				}
				if s.Link != s.Src {
					t.Errorf("%s: %s is not a link to itself (link %q)", what, s.Src, s.Link)
				}
				if !s.Loaded {
					t.Errorf("%s: %s does not draw", what, s.Src)
				}
				px := lessons.TextPxAt(p, s.Width)
				t.Logf("%s: %-12s %5.0f px wide, seen through %4.0f px: smallest text %4.1f px", what, s.Src, s.Width, s.Box, px)
				best[s.Src] = max(best[s.Src], px)
			}
			if want := map[int]float64{1920: Column, 390: 390 - 2*20}[size[0]]; len(shown) > 0 && shown[0].Box != want {
				t.Errorf("%s: the column is %.0f px wide, want %.0f", what, shown[0].Box, want)
			}
			if len(best) == 0 {
				t.Errorf("%s: no picture", what)
			}
			for src, px := range best {
				if px < render.MinTextPx-0.05 {
					t.Errorf("%s: %s: its smallest text is %.1f px high at most, want %d", what, src, px, render.MinTextPx)
				}
			}
			// BACKTRACK_SCREENSHOTS=DIR keeps what the window shows with
			// each picture scrolled to its top.
			if shots := os.Getenv("BACKTRACK_SCREENSHOTS"); shots != "" {
				for i := range len(best) {
					var png []byte
					sel := fmt.Sprintf("main > figure.picture:nth-of-type(%d)", i+1)
					if err := chromedp.Run(ctx, chromedp.ScrollIntoView(sel), chromedp.CaptureScreenshot(&png)); err != nil {
						t.Log(err)
						continue
					}
					name := fmt.Sprintf("%s-%d-fig%d.png", strings.ReplaceAll(page, "/", "-"), size[0], i+1)
					if err := os.WriteFile(filepath.Join(shots, name), png, 0o644); err != nil {
						t.Log(err)
					}
				}
			}
		}
	}
}
