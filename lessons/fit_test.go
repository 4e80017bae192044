package lessons

import (
	"fmt"
	"regexp"
	"strings"
	"testing"

	"github.com/backtrack-edu/backtrack/render"
	"github.com/backtrack-edu/backtrack/tracer"
	"github.com/backtrack-edu/backtrack/tracer/words"
)

// svgPicture reads an SVG's size in points and its smallest font size.
func svgPicture(svg []byte) (render.Picture, bool) { return PictureOf(svg) }

// TestPicturesFitSlide checks every picture a lesson build makes (each
// diagram and chart, in both languages) against the rule the command
// line's default pictures pass: scaled to fit a 1920×1080 slide, its
// smallest text is at least 14 px high. A diagram whose spec says fit:
// none is let off, but its page must print the spec's wide_reason, and it
// must be too big for a slide in at least one language (or fit: none is
// not needed).
func TestPicturesFitSlide(t *testing.T) {
	slide := render.Slide16x9
	for _, l := range allLessons(t) {
		t.Run(l.Name, func(t *testing.T) {
			tooBig := map[string]bool{} // wide diagrams that do not fit in some language
			for _, lang := range tracer.Langs {
				m := makeLesson(t, l, lang)
				page := string(m.Files["index.md"])
				for _, name := range m.Names() {
					if !strings.HasSuffix(name, ".svg") {
						continue
					}
					p, ok := svgPicture(m.Files[name])
					if !ok {
						t.Errorf("%s (%s): no size or no font size in the SVG", name, lang)
						continue
					}
					t.Logf("%s %-18s %5.0f×%-5.0f pt %5.1f:1  smallest text %4.1f pt, %5.1f px on the slide", lang, name, p.Width, p.Height, p.Width/p.Height, p.MinFont, p.TextPx(slide))
					d := byName(l.Spec.Diagrams, strings.TrimSuffix(name, ".svg"), func(x *DiagramSpec) string { return x.Name })
					if d != nil && d.wide() {
						if reason := d.WideReason.In(lang); !strings.Contains(page, reason) {
							t.Errorf("%s (%s): the spec says fit: none, and the page does not give its reason %q", name, lang, reason)
						}
						tooBig[d.Name] = tooBig[d.Name] || !p.Fits(slide)
						continue
					}
					if !p.Fits(slide) {
						t.Errorf("%s (%s): %.0f×%.0f pt, smallest text %g pt: %.1f px high on a %.0f×%.0f slide, want %g (or fit: none with a wide_reason in the spec)",
							name, lang, p.Width, p.Height, p.MinFont, p.TextPx(slide), slide.W, slide.H, slide.MinTextPx)
					}
				}
			}
			for _, d := range l.Spec.Diagrams {
				if d.wide() && !tooBig[d.Name] {
					t.Errorf("%s.svg: the spec says fit: none, but the picture fits a slide in every language: drop fit and wide_reason", d.Name)
				}
			}
		})
	}
}

// TestDiagramSlide: a lesson's diagram is fitted by the command line's
// rule. With no trimming keys it fits a 16:9 slide, as `trace --svg` does
// with no trimming flags; max_nodes (even 0), depth or focus draw the tree
// as asked; fit names another slide or none.
func TestDiagramSlide(t *testing.T) {
	zero, budget := 0, 80
	for _, c := range []struct {
		name string
		d    DiagramSpec
		want render.Slide
	}{
		{"default", DiagramSpec{}, render.Slide16x9},
		{"at_step and boards", DiagramSpec{AtStep: 40, Boards: true}, render.Slide16x9},
		{"fit 4:3", DiagramSpec{Fit: "4:3"}, render.Slide4x3},
		{"fit none", DiagramSpec{Fit: "none"}, render.Slide{}},
		{"max_nodes", DiagramSpec{MaxNodes: &budget}, render.Slide{}},
		{"max_nodes 0", DiagramSpec{MaxNodes: &zero}, render.Slide{}},
		{"depth", DiagramSpec{Depth: 4}, render.Slide16x9},
		{"focus", DiagramSpec{Focus: "r0=c1"}, render.Slide16x9},
		{"focus and fit 4:3", DiagramSpec{Focus: "r0=c1", Fit: "4:3"}, render.Slide4x3},
	} {
		if got := c.d.slide(); got != c.want {
			t.Errorf("%s: slide %q, want %q", c.name, got.Name, c.want.Name)
		}
	}
}

var (
	// mdImageRE finds a Markdown picture, and the link around it if any;
	// its alt text may hold balanced brackets ("used[]").
	mdImageRE = regexp.MustCompile(`(\[)?!\[(?:[^\[\]]|\[[^\[\]]*\])*\]\(([^)\s]+)\)(?:\]\(([^)\s]+)\))?`)
	// mdLinkRE finds a Markdown link's target.
	mdLinkRE = regexp.MustCompile(`\]\(([^)\s]+\.svg)\)`)
)

// TestPictureLinks: every picture on a lesson page (issue 33 item 5) is a
// link to its SVG, which opens it at full size, and the line under it
// says so in the page's language with a link of its own. It also logs
// each picture's smallest text squeezed into the site's 920-px column.
func TestPictureLinks(t *testing.T) {
	pictures := 0
	for _, l := range allLessons(t) {
		for _, lang := range tracer.Langs {
			m := makeLesson(t, l, lang)
			page := string(m.Files["index.md"])
			open := words.LessonOpenFullSize.In(lang)
			for _, im := range mdImageRE.FindAllStringSubmatchIndex(page, -1) {
				pictures++
				src := page[im[4]:im[5]]
				what := fmt.Sprintf("%s (%s) %s", l.Name, lang, src)
				if m.Files[src] == nil {
					t.Errorf("%s: the page shows a picture the lesson did not make", what)
					continue
				}
				if p, ok := PictureOf(m.Files[src]); ok {
					t.Logf("%s: %4.0f px wide, smallest text %4.1f px at its natural size, %4.1f px in a 920-px column; %d px wide for 14 px",
						what, NaturalPx(p), TextPxAt(p, NaturalPx(p)), TextPxAt(p, min(NaturalPx(p), 920)), ReadablePx(p))
				}
				if im[2] < 0 || im[6] < 0 || page[im[6]:im[7]] != src {
					t.Errorf("%s: the picture is not a link to %s: %q", what, src, page[im[0]:im[1]])
					continue
				}
				// The caption, the paragraph after the picture, links the
				// picture at full size in words.
				rest := page[im[1]:]
				rest = strings.TrimLeft(rest, "\n")
				if i := strings.Index(rest, "\n\n"); i >= 0 {
					rest = rest[:i]
				}
				if !strings.Contains(rest, "["+open+"]("+src+")") {
					t.Errorf("%s: the caption does not link it as %q: %q", what, "["+open+"]("+src+")", rest)
				}
				for _, lk := range mdLinkRE.FindAllStringSubmatch(rest, -1) {
					if m.Files[lk[1]] == nil {
						t.Errorf("%s: the caption links %s, which the lesson did not make", what, lk[1])
					}
				}
			}
		}
	}
	if pictures == 0 {
		t.Fatal("no picture found on any page")
	}
	t.Logf("%d pictures", pictures)
}
