package site

import (
	"context"
	"fmt"
	"regexp"
	"sort"
	"strconv"
	"strings"
	"testing"

	"github.com/backtrack-edu/backtrack/lessons"
	"github.com/backtrack-edu/backtrack/render"
)

// Phone is the text column of a 390×844 phone: the window less main's
// padding (20 px a side) and a scrollbar (15 px).
const phoneColumn = 390 - 2*20 - 15

var (
	figureRE   = regexp.MustCompile(`(?s)<figure class="picture">.*?</figure>`)
	imgTagRE   = regexp.MustCompile(`<img [^>]*>`)
	attrRE     = regexp.MustCompile(`([a-z]+)="([^"]*)"`)
	readableRE = regexp.MustCompile(`(?s)<div class="readable"[^>]*><a href="([^"]+)"><img [^>]*></a></div>`)
)

// attrs reads a tag's attributes.
func attrs(tag string) map[string]string {
	out := map[string]string{}
	for _, m := range attrRE.FindAllStringSubmatch(tag, -1) {
		out[m[1]] = m[2]
	}
	return out
}

// shownPx is how wide a browser shows an <img> of an SVG picture in a
// column of the given width: its width attribute inside a .readable box
// (which scrolls, and does not squeeze it), else its natural width, at
// most the column's (site.css: img { max-width: 100% }).
func shownPx(p render.Picture, img map[string]string, readable bool, column float64) float64 {
	if readable {
		w, _ := strconv.ParseFloat(img["width"], 64)
		return w
	}
	return min(lessons.NaturalPx(p), column)
}

// TestPicturesReadable (issue 33 item 5): on every lesson page of the
// site, in both languages, every SVG picture is a link to itself (which
// opens it at full size), and each picture is shown at least once with
// its smallest text render.MinTextPx (14) px high, in the widest column
// (920 px) and in a phone's (335 px). Before, all 32 were squeezed into
// the column: 3.6 to 13.3 px. The sizes come from the SVGs' width
// attributes and font sizes, as a browser draws them; TestPicturesInBrowser
// measures them in Chromium.
func TestPicturesReadable(t *testing.T) {
	ls, err := lessons.All()
	if err != nil {
		t.Fatal(err)
	}
	files, err := Make(context.Background(), Options{Lessons: ls, Tool: "backtrack test", License: []byte("MIT\n"),
		ThirdParty: []byte("# Notices\n")})
	if err != nil {
		t.Fatal(err)
	}
	pictures := 0
	for _, name := range Names(files) {
		if !strings.HasSuffix(name, "/index.html") || strings.Count(name, "/") != 2 {
			continue
		}
		dir := name[:strings.LastIndex(name, "/")+1]
		page := string(files[name])
		best := map[string][2]float64{} // each picture's largest smallest text shown, at 920 and 335 px
		before := map[string]float64{}
		// Every <img> of an SVG: a link to its picture, and how high its
		// smallest text is where it stands.
		for _, tag := range imgTagRE.FindAllStringIndex(page, -1) {
			img := attrs(page[tag[0]:tag[1]])
			src := img["src"]
			if !strings.HasSuffix(src, ".svg") {
				continue
			}
			what := fmt.Sprintf("%s%s", dir, src)
			p, ok := lessons.PictureOf(files[dir+src])
			if !ok {
				t.Errorf("%s: the page shows a picture with no size or no font size", what)
				continue
			}
			link := page[max(0, tag[0]-200):tag[0]]
			if !strings.HasSuffix(link, `<a href="`+src+`">`) && !strings.HasSuffix(link, `<a class="whole" href="`+src+`">`) {
				t.Errorf("%s: the picture is not a link to itself: …%s", what, page[max(0, tag[0]-60):tag[1]])
			}
			readable := strings.HasSuffix(link, `<div class="readable" tabindex="0"><a href="`+src+`">`)
			before[src] = lessons.TextPxAt(p, min(lessons.NaturalPx(p), Column))
			b := best[src]
			for i, column := range []float64{Column, phoneColumn} {
				b[i] = max(b[i], lessons.TextPxAt(p, shownPx(p, img, readable, column)))
			}
			best[src] = b
		}
		for _, src := range sortedKeys(best) {
			b := best[src]
			pictures++
			t.Logf("%-42s squeezed into the column: %4.1f px; shown readable: %4.1f px at 920, %4.1f px at 335", dir+src, before[src], b[0], b[1])
			if b[0] < render.MinTextPx || b[1] < render.MinTextPx {
				t.Errorf("%s%s: its smallest text is %.1f px high in a %d-px column and %.1f px in a phone's (%d px), want %d: no readable picture beside it",
					dir, src, b[0], Column, b[1], phoneColumn, render.MinTextPx)
			}
		}
		// The readable box is a link to the picture too.
		for _, m := range readableRE.FindAllStringSubmatch(page, -1) {
			if !strings.HasSuffix(m[1], ".svg") {
				t.Errorf("%s: a readable box links %s", name, m[1])
			}
		}
		if n := len(figureRE.FindAllString(page, -1)); n != len(best) {
			t.Errorf("%s: %d figures for %d pictures", name, n, len(best))
		}
	}
	if pictures != 32 {
		t.Errorf("%d pictures on the lesson pages, want the 32 of the review (classroom-visuals-2 S1)", pictures)
	}
}

func sortedKeys[V any](m map[string]V) []string {
	keys := make([]string, 0, len(m))
	for k := range m {
		keys = append(keys, k)
	}
	sort.Strings(keys)
	return keys
}
