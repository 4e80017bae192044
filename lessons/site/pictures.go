package site

import (
	"fmt"
	"math"
	"regexp"
	"strings"

	"github.com/backtrack-edu/backtrack/lessons"
	"github.com/backtrack-edu/backtrack/render"
	"github.com/backtrack-edu/backtrack/tracer"
	"github.com/backtrack-edu/backtrack/tracer/words"
)

// Column is the width, in CSS pixels, of a page's text column at its
// widest (site.css: main's max-width): a picture wider than that is
// squeezed into it.
const Column = 920

// pictureRE finds a lesson picture as goldmark renders the Markdown a
// lesson page writes for it, [![alt](x.svg)](x.svg): a paragraph holding
// only the picture, a link to itself.
var pictureRE = regexp.MustCompile(`<p><a href="([^"/]+\.svg)"><img src="([^"/]+\.svg)" alt="([^"]*)"></a></p>`)

// readablePictures makes every lesson picture of a page's HTML readable
// (issue 33 item 5). A lesson picture is fitted to a slide, so in the
// page's column its smallest text is 3.6 to 13 px high. Each picture
// becomes a figure that shows it at the width where its smallest text is
// render.MinTextPx (14) px high, in a box that scrolls sideways where the
// column is narrower (a phone, or a wide tree); a picture wider than that
// in the widest column is also shown whole above it, squeezed, for its
// shape. Both are links to the SVG, which opens it at full size.
func readablePictures(page string, files map[string][]byte, lang tracer.Lang) string {
	return pictureRE.ReplaceAllStringFunc(page, func(m string) string {
		g := pictureRE.FindStringSubmatch(m)
		href, src, alt := g[1], g[2], g[3]
		p, ok := lessons.PictureOf(files[src])
		if href != src || !ok {
			return m
		}
		readable := lessons.ReadablePx(p)
		height := func(w float64) int { return int(math.Round(w * p.Height / p.Width)) }
		var b strings.Builder
		b.WriteString("<figure class=\"picture\">\n")
		note := fmt.Sprintf(words.SitePictureNarrow.In(lang), int(render.MinTextPx))
		class := "readable-note narrow"
		if readable > Column {
			natural := lessons.NaturalPx(p)
			fmt.Fprintf(&b, "<a class=\"whole\" href=\"%s\"><img src=\"%s\" alt=\"%s\" width=\"%d\" height=\"%d\"></a>\n",
				href, src, alt, int(math.Round(natural)), height(natural))
			note = fmt.Sprintf(words.SitePictureReadable.In(lang), int(render.MinTextPx))
			class = "readable-note"
		}
		fmt.Fprintf(&b, "<p class=\"%s\">%s</p>\n", class, note)
		fmt.Fprintf(&b, "<div class=\"readable\" tabindex=\"0\"><a href=\"%s\"><img src=\"%s\" alt=\"%s\" width=\"%d\" height=\"%d\"></a></div>\n",
			href, src, alt, readable, height(float64(readable)))
		b.WriteString("</figure>")
		return b.String()
	})
}
