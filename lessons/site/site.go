// Package site builds the course site: a static folder of HTML pages any
// web host (or none: file://) serves, with an index of the lessons in
// English and Chinese, every lesson page rendered from its Markdown with
// its pictures and players, the licences, and the playground, where the
// tracer runs in the student's browser, compiled to WebAssembly.
//
// The folder:
//
//	index.html               opens en/ or zh/ by the browser's language
//	site.css                 the pages' style
//	licences.html            LICENSE and THIRD_PARTY.md
//	en/index.html            the lessons, in English (zh/: in Chinese)
//	en/playground.html       the playground, in English
//	en/NAME/index.html       a lesson, with its index.md, pictures, players, logs
//	playground/playground.wasm, wasm_exec.js, playground-wasm.js
//
// Every link is relative, so the folder works from any place it is copied
// to; the same lessons and toolchain give the same bytes.
package site

import (
	"bytes"
	"context"
	"fmt"
	"html"
	"sort"
	"strings"

	"github.com/yuin/goldmark"
	"github.com/yuin/goldmark/extension"
	"github.com/yuin/goldmark/parser"
	gmhtml "github.com/yuin/goldmark/renderer/html"

	"github.com/backtrack-edu/backtrack/lessons"
	"github.com/backtrack-edu/backtrack/tracer"
	"github.com/backtrack-edu/backtrack/tracer/words"
)

// Options say what goes into the site.
type Options struct {
	Lessons []*lessons.Lesson
	Tool    string // the program named in step logs, e.g. "backtrack 0.1.0"
	// License and ThirdParty are the texts of LICENSE and THIRD_PARTY.md,
	// shown on licences.html.
	License, ThirdParty []byte
	// Playground is the compiled playground (BuildPlayground); nil: a site
	// without one, and without "try it" links.
	Playground *Playground
	// Made, if set, is told of each lesson made, for a progress line.
	Made func(lang tracer.Lang, m *lessons.Made)
}

// Langs are the site's languages, in the order its switches list them.
var Langs = []tracer.Lang{tracer.LangEN, tracer.LangZH}

// Make builds the whole site in memory: file paths (slash-separated,
// relative to the site's folder) to their bytes.
func Make(ctx context.Context, opt Options) (map[string][]byte, error) {
	if len(opt.Lessons) == 0 {
		return nil, fmt.Errorf("site: no lessons")
	}
	files := map[string][]byte{}
	files["site.css"] = []byte(siteCSS)
	files["index.html"] = rootPage()
	lic, err := licencesPage(opt.License, opt.ThirdParty)
	if err != nil {
		return nil, err
	}
	files["licences.html"] = lic
	// The lessons of both languages are made side by side, a run's
	// player pages once for both.
	made, err := lessons.MakeAll(ctx, opt.Lessons, Langs, lessons.Options{Tool: opt.Tool})
	if err != nil {
		return nil, err
	}
	for i, lang := range Langs {
		var entries []indexEntry
		for j, l := range opt.Lessons {
			m := made[i][j]
			page, err := lessonPage(l, lang, m.Files, opt.Playground != nil)
			if err != nil {
				return nil, fmt.Errorf("lesson %s (%s): %w", l.Name, lang, err)
			}
			if opt.Made != nil {
				opt.Made(lang, m)
			}
			dir := string(lang) + "/" + l.Name + "/"
			for name, b := range m.Files {
				files[dir+name] = b
			}
			files[dir+"index.html"] = page
			players := 0
			for name := range m.Files {
				if strings.HasSuffix(name, ".html") {
					players++
				}
			}
			entries = append(entries, indexEntry{name: l.Name, title: l.Title(lang), players: players})
		}
		files[string(lang)+"/index.html"] = indexPage(lang, entries, opt.Playground != nil)
		if opt.Playground != nil {
			files[string(lang)+"/playground.html"] = playgroundPage(lang)
		}
	}
	if p := opt.Playground; p != nil {
		files["playground/playground.wasm"] = p.Wasm
		files["playground/wasm_exec.js"] = p.WasmExec
		files["playground/playground-wasm.js"] = p.scriptCopy()
	}
	return files, nil
}

// Names returns the site's file paths in order.
func Names(files map[string][]byte) []string {
	names := make([]string, 0, len(files))
	for n := range files {
		names = append(names, n)
	}
	sort.Strings(names)
	return names
}

// md renders the site's Markdown: GitHub's tables and strikethrough,
// headings with ids, and the lessons' own HTML passed through (it is
// ours).
var md = goldmark.New(
	goldmark.WithExtensions(extension.GFM),
	goldmark.WithParserOptions(parser.WithAutoHeadingID()),
	goldmark.WithRendererOptions(gmhtml.WithUnsafe()),
)

// other is the site's other language.
func other(lang tracer.Lang) tracer.Lang {
	if lang == tracer.LangZH {
		return tracer.LangEN
	}
	return tracer.LangZH
}

// frame wraps a page's body: head, the navigation line, the footer. root
// is the relative way up to the site's folder ("", "../", "../../").
func frame(lang tracer.Lang, root, title, nav, body string) []byte {
	var b strings.Builder
	htmlLang := "en"
	if lang == tracer.LangZH {
		htmlLang = "zh-CN"
	}
	fmt.Fprintf(&b, "<!DOCTYPE html>\n<html lang=\"%s\">\n<head>\n<meta charset=\"utf-8\">\n"+
		"<meta name=\"viewport\" content=\"width=device-width, initial-scale=1\">\n"+
		"<meta name=\"generator\" content=\"backtrack\">\n<title>%s</title>\n"+
		"<link rel=\"stylesheet\" href=\"%ssite.css\">\n</head>\n<body>\n", htmlLang, html.EscapeString(title), root)
	if nav != "" {
		fmt.Fprintf(&b, "<nav>%s</nav>\n", nav)
	}
	b.WriteString("<main>\n")
	b.WriteString(body)
	b.WriteString("</main>\n")
	fmt.Fprintf(&b, "<footer>%s</footer>\n", fmt.Sprintf(words.SiteFooter.In(lang), root))
	b.WriteString("</body>\n</html>\n")
	return []byte(b.String())
}

// rootPage opens the index in the browser's language, and links both.
func rootPage() []byte {
	body := `<h1>backtrack</h1>
<p><a href="en/index.html" hreflang="en">` + words.SiteLessonsInLang.EN + `</a> · <a href="zh/index.html" hreflang="zh">` + words.SiteLessonsInLang.ZH + `</a></p>
<script>
// The browser's language picks the index (zh for Chinese, else en).
(function () {
  var ls = navigator.languages && navigator.languages.length ? navigator.languages : [navigator.language || ""];
  location.replace(/^zh/i.test(ls[0] || "") ? "zh/index.html" : "en/index.html");
})();
</script>
`
	return frame(tracer.LangEN, "", "backtrack", "", body)
}

// indexEntry is a lesson on the index.
type indexEntry struct {
	name, title string
	players     int
}

func indexPage(lang tracer.Lang, entries []indexEntry, playground bool) []byte {
	var b strings.Builder
	fmt.Fprintf(&b, "<h1>%s</h1>\n<p>%s</p>\n", html.EscapeString(words.SiteTitle.In(lang)), html.EscapeString(words.SiteIntro.In(lang)))
	if playground {
		fmt.Fprintf(&b, "<p>%s</p>\n<p class=\"try\"><a href=\"playground.html\">%s →</a></p>\n", html.EscapeString(words.SiteIntroPlay.In(lang)), words.SiteTry.In(lang))
	}
	fmt.Fprintf(&b, "<h2>%s</h2>\n<ol class=\"lessons\">\n", words.SiteLessons.In(lang))
	for _, e := range entries {
		fmt.Fprintf(&b, "<li><a href=\"%s/index.html\">%s</a> <span class=\"muted\">%s", e.name, html.EscapeString(e.title), e.name)
		if e.players > 0 {
			fmt.Fprintf(&b, " · %s", words.Count(lang, e.players, words.SitePlayers))
		}
		b.WriteString("</span></li>\n")
	}
	b.WriteString("</ol>\n")
	nav := fmt.Sprintf("<a href=\"index.html\">%s</a> <a class=\"lang\" href=\"../%s/index.html\" hreflang=\"%s\">%s</a>",
		words.SiteAllLessons.In(lang), other(lang), other(lang), words.LangName.In(other(lang)))
	return frame(lang, "../", words.SiteTitle.In(lang), nav, b.String())
}

// lessonPage renders a lesson's index.md (one of its files) as its page,
// its pictures readable (see readablePictures), with the way back, the
// other language, and a "try it" link that opens the playground on the
// lesson's first run.
func lessonPage(l *lessons.Lesson, lang tracer.Lang, files map[string][]byte, playground bool) ([]byte, error) {
	var converted bytes.Buffer
	if err := md.Convert(files["index.md"], &converted); err != nil {
		return nil, fmt.Errorf("markdown: %w", err)
	}
	body := bytes.NewBufferString(readablePictures(converted.String(), files, lang))
	if playground && len(l.Spec.Runs) > 0 {
		fmt.Fprintf(body, "<p class=\"try\"><a href=\"../playground.html#%s\">%s →</a></p>\n",
			html.EscapeString(tryHash(l.Spec.Runs[0].Search, lang)), words.SiteTry.In(lang))
	}
	nav := fmt.Sprintf("<a href=\"../index.html\">← %s</a> <a class=\"lang\" href=\"../../%s/%s/index.html\" hreflang=\"%s\">%s</a>",
		words.SiteAllLessons.In(lang), other(lang), l.Name, other(lang), words.LangName.In(other(lang)))
	return frame(lang, "../../", l.Title(lang), nav, body.String()), nil
}

// tryHash is the playground's address fragment for a lesson's run: the
// problem and its settings, as the playground's form reads them.
func tryHash(s lessons.Search, lang tracer.Lang) string {
	parts := []string{"problem=" + s.Problem}
	if s.N != 0 {
		parts = append(parts, fmt.Sprintf("n=%d", s.N))
	}
	if s.Order != "" {
		parts = append(parts, "order="+s.Order)
	}
	if s.Check != "" {
		parts = append(parts, "check="+s.Check)
	}
	if s.Puzzle != "" && !strings.ContainsAny(s.Puzzle, "\n&#") {
		parts = append(parts, "puzzle="+strings.ReplaceAll(s.Puzzle, " ", ""))
	}
	parts = append(parts, "lang="+string(lang))
	return strings.Join(parts, "&")
}

// licencesPage shows LICENSE and THIRD_PARTY.md.
func licencesPage(license, thirdParty []byte) ([]byte, error) {
	if len(license) == 0 || len(thirdParty) == 0 {
		return nil, fmt.Errorf("site: the licence texts are missing")
	}
	var tp bytes.Buffer
	text := bytes.ReplaceAll(thirdParty, []byte("](LICENSE)"), []byte("](#licence)"))
	if err := md.Convert(text, &tp); err != nil {
		return nil, fmt.Errorf("THIRD_PARTY.md: %w", err)
	}
	body := "<h1 id=\"licence\">" + words.SiteLicence.EN + " · " + words.SiteLicence.ZH + "</h1>\n<pre class=\"licence\">" + html.EscapeString(string(license)) + "</pre>\n" + tp.String()
	nav := `<a href="en/index.html">` + words.SiteLessons.EN + `</a> <a href="zh/index.html">` + words.SiteLessons.ZH + `</a>`
	return frame(tracer.LangEN, "", "Licence and third-party notices", nav, body), nil
}
