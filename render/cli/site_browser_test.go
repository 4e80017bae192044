package cli

import (
	"bytes"
	"compress/gzip"
	"context"
	"fmt"
	"net/url"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/chromedp/cdproto/runtime"
	"github.com/chromedp/chromedp"

	"github.com/backtrack-edu/backtrack/lessons/site/play"
	"github.com/backtrack-edu/backtrack/tracer"
)

// The course site in a real browser: `lesson build --site` of two quick
// lessons, crawled from file:// in headless Chromium, and its playground
// run on N-Queens, LeetCode 37 and a bad puzzle.

// siteBuild is the site the browser tests share: building it compiles the
// playground (a minute or more on a loaded machine).
var siteBuild struct {
	once sync.Once
	dir  string
	out  string
	err  error
}

// testSite builds the site once for the test binary, into a folder
// TestMain removes.
func testSite(t *testing.T) string {
	t.Helper()
	siteBuild.once.Do(func() {
		dir, err := os.MkdirTemp("", "backtrack-site-test-")
		if err != nil {
			siteBuild.err = err
			return
		}
		builtSites = append(builtSites, dir)
		siteBuild.dir = filepath.Join(dir, "site")
		var out, errb bytes.Buffer
		if code := runInProcess([]string{"lesson", "build", "permutations", "nqueens-vs-sudoku", "--site", siteBuild.dir}, nil, &out, &errb); code != exitOK {
			siteBuild.err = fmt.Errorf("lesson build --site: exit %d: %s", code, errb.String())
		}
		siteBuild.out = out.String()
	})
	if siteBuild.err != nil {
		t.Fatal(siteBuild.err)
	}
	return siteBuild.dir
}

// builtSites are the folders testSite made, removed by TestMain.
var builtSites []string

// siteChromium is the headless Chromium the site's browser tests share:
// started on first use, ended by TestMain (closeSiteBrowser). Each test
// opens a tab of its own in it.
var siteChromium struct {
	mu     sync.Mutex
	ctx    context.Context
	cancel func()
}

// siteBrowser opens a tab of the shared headless Chromium (closed when the
// test ends), or skips the test naming it. It returns the tab's context
// and the exceptions its pages throw.
func siteBrowser(t *testing.T, what string) (context.Context, *[]string) {
	t.Helper()
	path := ""
	for _, name := range []string{"chromium", "chromium-browser"} {
		if p, err := exec.LookPath(name); err == nil {
			path = p
			break
		}
	}
	if path == "" {
		t.Skip("chromium is not installed: the browser test of " + what + " needs it")
	}
	siteChromium.mu.Lock()
	started := siteChromium.ctx != nil
	if !started {
		opts := append(chromedp.DefaultExecAllocatorOptions[:], chromedp.ExecPath(path), chromedp.NoSandbox,
			chromedp.DisableGPU, chromedp.WindowSize(1280, 900))
		actx, acancel := chromedp.NewExecAllocator(context.Background(), opts...)
		bctx, bcancel := chromedp.NewContext(actx)
		siteChromium.ctx, siteChromium.cancel = bctx, func() { bcancel(); acancel() }
		// The browser starts with its first target, a blank tab that
		// stays open, so that closing a test's tab never closes it.
		if err := chromedp.Run(bctx); err != nil {
			siteChromium.mu.Unlock()
			t.Fatalf("start %s: %v", path, err)
		}
	}
	browser := siteChromium.ctx
	siteChromium.mu.Unlock()
	ctx, cancel := context.WithTimeout(browser, 8*time.Minute)
	t.Cleanup(cancel)
	tctx, tcancel := chromedp.NewContext(ctx)
	t.Cleanup(tcancel)
	var mu sync.Mutex
	thrown := &[]string{}
	chromedp.ListenTarget(tctx, func(ev any) {
		if ev, ok := ev.(*runtime.EventExceptionThrown); ok {
			d := ev.ExceptionDetails
			msg := d.Text
			if d.Exception != nil && d.Exception.Description != "" {
				msg = d.Exception.Description
			}
			mu.Lock()
			*thrown = append(*thrown, msg)
			mu.Unlock()
		}
	})
	return tctx, thrown
}

// closeSiteBrowser ends the Chromium siteBrowser started, if any.
func closeSiteBrowser() {
	siteChromium.mu.Lock()
	defer siteChromium.mu.Unlock()
	if siteChromium.cancel != nil {
		siteChromium.cancel()
		siteChromium.ctx, siteChromium.cancel = nil, nil
	}
}

// pageFacts are what the crawl reads from a page.
type pageFacts struct {
	Title  string   `json:"title"`
	Links  []string `json:"links"`
	Images []struct {
		Src string `json:"src"`
		OK  bool   `json:"ok"`
	} `json:"images"`
	Assets []string `json:"assets"` // stylesheets and scripts
}

const pageFactsJS = `(function () {
  return {
    title: document.title,
    links: Array.from(document.querySelectorAll("a[href]")).map(function (a) { return a.href; }),
    images: Array.from(document.images).map(function (i) { return { src: i.src, ok: i.complete && i.naturalWidth > 0 }; }),
    assets: Array.from(document.querySelectorAll("link[rel=stylesheet], script[src]")).map(function (e) { return e.href || e.src; })
  };
})()`

// TestSiteCrawl opens every page of the site from file:// (the index, the
// lessons, the players, the playground and the licences, in both
// languages), and checks that every link, picture, style and script it
// names is a file of the site, every picture draws, and no page throws.
func TestSiteCrawl(t *testing.T) {
	t.Parallel() // it mostly waits on other processes (see inProcess)
	if testing.Short() {
		t.Skip("builds the site and the playground")
	}
	ctx, thrown := siteBrowser(t, "the course site")
	dir := testSite(t)
	root, err := filepath.Abs(dir)
	if err != nil {
		t.Fatal(err)
	}
	rootURL := "file://" + filepath.ToSlash(root) + "/"
	// local returns the site path a file:// URL names, or "" for another place.
	local := func(u string) string {
		p, err := url.Parse(u)
		if err != nil || p.Scheme != "file" || !strings.HasPrefix(p.Path, filepath.ToSlash(root)+"/") {
			return ""
		}
		return strings.TrimPrefix(p.Path, filepath.ToSlash(root)+"/")
	}
	queue := []string{"index.html", "en/index.html", "zh/index.html"}
	seen := map[string]bool{}
	pages := 0
	for len(queue) > 0 {
		p := queue[0]
		queue = queue[1:]
		if seen[p] {
			continue
		}
		seen[p] = true
		if _, err := os.Stat(filepath.Join(root, filepath.FromSlash(p))); err != nil {
			t.Errorf("%s: %v", p, err)
			continue
		}
		player := strings.Count(p, "/") == 2 && !strings.HasSuffix(p, "/index.html")
		var facts pageFacts
		actions := []chromedp.Action{chromedp.Navigate(rootURL + p)}
		if player {
			// A player is ready when its loading line is hidden; it
			// says "backtrack: ERROR" there when it fails.
			actions = append(actions, chromedp.Poll(`(function () { var l = document.getElementById("loading"); return l && (l.hidden || /^backtrack:/.test(l.textContent)); })()`, nil, chromedp.WithPollingTimeout(30*time.Second)))
		}
		actions = append(actions, chromedp.Evaluate(pageFactsJS, &facts))
		if err := chromedp.Run(ctx, actions...); err != nil {
			t.Errorf("%s does not open: %v", p, err)
			continue
		}
		pages++
		if player {
			var loading string
			if err := chromedp.Run(ctx, chromedp.Evaluate(`document.getElementById("loading").hidden ? "" : document.getElementById("loading").textContent`, &loading)); err != nil || loading != "" {
				t.Errorf("%s: the player does not start: %q %v", p, loading, err)
			}
		}
		if p == "index.html" {
			continue // it moves on to en/ or zh/ at once
		}
		if facts.Title == "" {
			t.Errorf("%s has no title", p)
		}
		for _, img := range facts.Images {
			if !img.OK {
				t.Errorf("%s: picture %s does not draw", p, img.Src)
			}
		}
		for _, a := range facts.Assets {
			if l := local(a); l == "" {
				t.Errorf("%s: %s is not in the site (the site must work offline)", p, a)
			} else if _, err := os.Stat(filepath.Join(root, filepath.FromSlash(l))); err != nil {
				t.Errorf("%s: %s is missing", p, a)
			}
		}
		for _, a := range facts.Links {
			if strings.HasPrefix(a, "http://") || strings.HasPrefix(a, "https://") || strings.HasPrefix(a, "blob:") {
				continue // a source the text cites
			}
			l := local(a)
			if l == "" {
				t.Errorf("%s: link %s leaves the site", p, a)
				continue
			}
			if _, err := os.Stat(filepath.Join(root, filepath.FromSlash(l))); err != nil {
				t.Errorf("%s: broken link %s", p, a)
				continue
			}
			if strings.HasSuffix(l, ".html") && !seen[l] {
				queue = append(queue, l)
			}
		}
	}
	for _, must := range []string{"en/index.html", "zh/index.html", "en/permutations/index.html", "zh/permutations/index.html",
		"en/permutations/p3.html", "zh/permutations/p3.html", "en/playground.html", "zh/playground.html", "licences.html"} {
		if !seen[must] {
			t.Errorf("the crawl never reached %s", must)
		}
	}
	if len(*thrown) > 0 {
		t.Errorf("the pages threw: %s", strings.Join(*thrown, "; "))
	}
	t.Logf("%d pages opened", pages)
}

// TestPlayground runs the playground from file:// in headless Chromium:
// 4-queens and LeetCode 37 give the bytes `trace --html` writes, and a bad
// puzzle the command's one-line error.
func TestPlayground(t *testing.T) {
	t.Parallel() // it mostly waits on other processes (see inProcess)
	if testing.Short() {
		t.Skip("builds the site and the playground")
	}
	ctx, thrown := siteBrowser(t, "the playground")
	dir := testSite(t)
	root, err := filepath.Abs(dir)
	if err != nil {
		t.Fatal(err)
	}

	// What a first visit transfers, gzipped as a static host serves it:
	// at gzip's default level, the one web servers use. (Best compression
	// takes three times the CPU, over a second for the WebAssembly, to
	// send 0.2% less: the budget holds at the default level only if it
	// holds at the best.)
	var sent int
	for _, f := range []string{"en/playground.html", "site.css", "playground/wasm_exec.js", "playground/playground.wasm"} {
		b, err := os.ReadFile(filepath.Join(root, f))
		if err != nil {
			t.Fatal(err)
		}
		var z bytes.Buffer
		zw, _ := gzip.NewWriterLevel(&z, gzip.DefaultCompression)
		zw.Write(b)
		zw.Close()
		sent += z.Len()
		if f == "playground/playground.wasm" {
			t.Logf("playground.wasm: %.2f MB, %.2f MB gzipped", float64(len(b))/1e6, float64(z.Len())/1e6)
		}
	}
	t.Logf("a first visit transfers %.2f MB gzipped", float64(sent)/1e6)
	if sent > 6e6 {
		t.Errorf("a first visit transfers %d bytes gzipped, over the 6 MB budget", sent)
	}

	start := time.Now()
	if err := chromedp.Run(ctx,
		chromedp.Navigate("file://"+filepath.ToSlash(root)+"/en/playground.html"),
		chromedp.Poll(`window.playground && (window.playground.ready || window.playground.error !== "")`, nil, chromedp.WithPollingTimeout(2*time.Minute)),
	); err != nil {
		t.Fatalf("the playground does not load: %v", err)
	}
	var loadErr string
	chromedp.Run(ctx, chromedp.Evaluate(`window.playground.error`, &loadErr))
	if loadErr != "" {
		t.Fatalf("the playground does not load: %s", loadErr)
	}
	t.Logf("the WebAssembly loaded in %.1f s", time.Since(start).Seconds())

	type result struct {
		Page     string  `json:"page"`
		Error    string  `json:"error"`
		MS       float64 `json:"ms"`
		Progress int64   `json:"progress"` // the last step count the progress line showed
	}
	// runPlay fills the form, runs it and waits for the page or the error.
	runPlay := func(what, set string, budget time.Duration) result {
		t.Helper()
		js := `(function () {
  var f = function (id, v) { var e = document.getElementById(id); e.value = v; if (e.onchange) { e.onchange(); } };
  window.playground.page = ""; window.playground.error = "";
  ` + set + `
  document.getElementById("run").click();
  return true;
})()`
		var r result
		var ok bool
		if err := chromedp.Run(ctx,
			chromedp.Evaluate(js, &ok),
			chromedp.Poll(`!window.playground.busy && (window.playground.page !== "" || window.playground.error !== "")`, nil, chromedp.WithPollingTimeout(3*time.Minute)),
			chromedp.Evaluate(`({page: window.playground.page, error: window.playground.error, ms: window.playground.ms, progress: window.playground.progress})`, &r),
		); err != nil {
			t.Fatalf("%s: %v", what, err)
		}
		t.Logf("%s: %.1f s in the browser (budget %s; the machine may be loaded)", what, r.MS/1000, budget)
		if time.Duration(r.MS)*time.Millisecond > budget {
			t.Logf("%s: over its budget of %s", what, budget)
		}
		return r
	}
	cli := func(args ...string) []byte {
		t.Helper()
		out := filepath.Join(t.TempDir(), "page.html")
		var o, e bytes.Buffer
		if code := runInProcess(append(append([]string{"trace"}, args...), "--html", out), nil, &o, &e); code != exitOK {
			t.Fatalf("trace %v: exit %d: %s", args, code, e.String())
		}
		b, err := os.ReadFile(out)
		if err != nil {
			t.Fatal(err)
		}
		return b
	}

	r := runPlay("4-queens", `f("problem", "nqueens"); f("n", "4"); f("lang", "en"); f("maxsteps", "1000000");`, 2*time.Second)
	if r.Error != "" {
		t.Fatalf("4-queens: %s", r.Error)
	}
	if want := cli("nqueens", "-n", "4", "--lang", "en", "--max-steps", "1000000"); r.Page != string(want) {
		t.Errorf("4-queens: the playground's page (%d bytes) differs from trace --html's (%d bytes)", len(r.Page), len(want))
	}

	r = runPlay("LeetCode 37", `f("problem", "sudoku"); f("lang", "zh"); f("maxsteps", "1000000");`, 15*time.Second)
	if r.Error != "" {
		t.Fatalf("LeetCode 37: %s", r.Error)
	}
	if r.Progress < play.ProgressEvery {
		t.Errorf("LeetCode 37: the progress line went no further than %d steps", r.Progress)
	}
	if want := cli("sudoku", "--lang", "zh", "--max-steps", "1000000"); r.Page != string(want) {
		t.Errorf("LeetCode 37: the playground's page (%d bytes) differs from trace --html's (%d bytes)", len(r.Page), len(want))
	}

	const bad = "53..7....6..195....98....6.8...6...34..8.3..17...2...6.6....28....419..5....8..7"
	r = runPlay("a bad puzzle", `f("problem", "sudoku"); f("puzzle", "`+bad+`");`, 2*time.Second)
	var o, e bytes.Buffer
	if code := runInProcess([]string{"trace", "sudoku", "--puzzle", bad}, nil, &o, &e); code != exitUsage {
		t.Fatalf("trace --puzzle BAD: exit %d", code)
	}
	// The command's line, after the form's name of the field.
	if want := "Puzzle: " + strings.TrimSuffix(strings.TrimPrefix(e.String(), "backtrack: "), "\n"); r.Error != want || r.Page != "" {
		t.Errorf("a bad puzzle: the playground says %q, the command %q", r.Error, want)
	}

	// A bad field is refused by its name, in the page's language, never
	// run as the default 8-queens (issue 33 item 6): "abc" typed as n on
	// the English page; a problem the address names that the list lacks,
	// then n 0, on the Chinese page.
	r = runPlay("n abc", `f("problem", "nqueens"); f("n", "abc"); f("maxsteps", "1000");`, 2*time.Second)
	if want := `Size n: invalid value "abc" for flag -n: want a whole number in decimal digits, such as 8`; r.Error != want || r.Page != "" {
		t.Errorf("n abc: the playground says %q (a page of %d bytes), want %q", r.Error, len(r.Page), want)
	}
	if err := chromedp.Run(ctx,
		chromedp.Navigate("file://"+filepath.ToSlash(root)+"/zh/playground.html#problem=chess"),
		chromedp.Poll(`window.playground && (window.playground.ready || window.playground.error !== "")`, nil, chromedp.WithPollingTimeout(2*time.Minute)),
	); err != nil {
		t.Fatalf("the Chinese playground does not load: %v", err)
	}
	r = runPlay("#problem=chess", ``, 2*time.Second)
	ns := tracer.ProblemNames()
	if want := `问题：没有 "chess" 这个问题：可选 ` + strings.Join(ns[:len(ns)-1], "、") + " 或 " + ns[len(ns)-1]; r.Error != want || r.Page != "" {
		t.Errorf("#problem=chess: the playground says %q (a page of %d bytes), want %q", r.Error, len(r.Page), want)
	}
	r = runPlay("n 0", `f("problem", "nqueens"); f("n", "0");`, 2*time.Second)
	if want := `规模 n：-n 0 超出范围：应为 1 到 30`; r.Error != want || r.Page != "" {
		t.Errorf("n 0: the playground says %q (a page of %d bytes), want %q", r.Error, len(r.Page), want)
	}
	if len(*thrown) > 0 {
		t.Errorf("the playground threw: %s", strings.Join(*thrown, "; "))
	}
}
