package graphviz

import "github.com/backtrack-edu/backtrack/render/internal/fontmetrics"

// measureText is how wide Graphviz takes a line of text to be, in points:
// as the Go fonts draw it (fontmetrics.Width), whatever font the DOT
// names, since the SVG pictures declare the Go fonts for all their text
// (see embedFonts) and the PNG painter draws with them. A negative width
// would leave the text to Graphviz's own estimate: tests set that to draw
// the pictures as they were before.
var measureText = func(text, _ string, size float64, bold, _ bool) float64 {
	return fontmetrics.Width(text, size, bold)
}

// embedSVGFonts says whether SVG pictures carry the Go fonts (embedFonts).
// Only tests turn it off, with measureText, to draw pictures as they were
// before.
var embedSVGFonts = true
