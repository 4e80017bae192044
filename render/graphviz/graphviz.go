// Package graphviz turns DOT text into SVG and PNG pictures, in process,
// with no Graphviz installed: Graphviz itself runs as WebAssembly inside
// github.com/goccy/go-graphviz (our patched copy in third_party/go-graphviz), the
// only place in the product that imports it.
//
// SVG comes from Graphviz, with the fonts added (see below). PNG does not
// use go-graphviz's own PNG renderer, which leaves out node outlines and
// edge lines (upstream issue 106) and is slow; instead Graphviz writes xdot,
// the DOT text annotated with every drawing operation, and this package
// paints those operations itself in pure Go (see [Renderer.Render]).
//
// Render never writes a partial picture: the whole result is made in memory
// and checked before the first byte reaches the writer.
//
// # Big pinned drawings
//
// A pinned drawing (LayoutPinned) of at least 1,000 nodes whose nodes are
// all plain boxes with fixed sizes and whose edges all carry their spline
// in pos (the tidy layout without --boards) is not given to Graphviz
// whole: this package writes the boxes' and edges' SVG elements, or xdot
// operations for PNG, itself, and Graphviz draws only the background and
// the graph's label over the same bounding box. The result is what Graphviz
// draws, element for element and pixel for pixel (tests compare them on
// the diagrams of every kind of run), in a tenth of the time for SVG: the
// whole 9-queens tree, 72,379 boxes, took Graphviz about 25 s and 1.2 GB.
// Anything else in the DOT (HTML labels, other shapes, styles or
// attributes, subgraphs) leaves the whole drawing to Graphviz.
//
// # Text measured with the font that draws it
//
// Graphviz sizes every label by measuring its text. This package makes it
// measure with render/internal/fontmetrics, which sums the advances of the
// Go fonts (Go Regular and Go Bold, from golang.org/x/image) and counts
// Chinese at 1 em, as the CJK fonts draw it, whatever font name the DOT
// gives. Both kinds of picture then draw with those fonts:
//
//   - An SVG picture carries Go Regular and Go Bold inside it, as WOFF data
//     in @font-face rules under the family name fontmetrics.Family ("BT
//     Go"), and all its text asks for that family, then WenQuanYi Micro Hei,
//     Noto Sans CJK SC, PingFang SC and Microsoft YaHei for the characters
//     the Go fonts lack, then sans-serif. This adds about 180 KB to every
//     SVG picture. A viewer that ignores @font-face (some editors and
//     converters) draws in a font of its own and may overrun the boxes.
//   - A PNG picture is painted with the same Go fonts and the same CJK
//     fallback (see the next section).
//
// # Fonts in PNG pictures
//
// Every Graphviz font name maps to one of the Go fonts embedded in
// golang.org/x/image: names with "mono", "courier" or "consol" to Go Mono,
// all others ("BT Go", Times, Helvetica, Arial...) to Go Regular; "bold",
// "italic" or "oblique" in the name, or the bold and italic of HTML-like
// labels, pick the bold and italic faces. Text wider than Graphviz's
// measure of it is narrowed to that width, so it stays inside its node.
//
// The Go fonts cover Latin, Greek and Cyrillic but not Chinese, Japanese or
// Korean. For a character the Go font lacks, the first system font found at
// a few well-known paths is used: WenQuanYi Micro Hei or Zen Hei, Noto Sans
// CJK, Droid Sans Fallback, AR PL UMing (Debian and Ubuntu packages
// fonts-wqy-microhei, fonts-wqy-zenhei, fonts-noto-cjk, fonts-droid-fallback,
// fonts-arphic-uming, and their places on Arch, Fedora, macOS and Windows),
// then DejaVu Sans for other symbols. These fonts are read only when a label
// needs them, once per process. With none installed, such characters are
// drawn as empty boxes: the picture is still made and no error is returned.
// Nothing is ever downloaded.
package graphviz

import (
	"bytes"
	"context"
	"errors"
	"fmt"
	"image"
	"io"
	"path/filepath"
	"strings"
	"sync"

	gographviz "github.com/backtrack-edu/backtrack/render/graphviz/third_party/go-graphviz"
	"github.com/backtrack-edu/backtrack/render/graphviz/third_party/go-graphviz/gvc"
)

// Format is an output picture format.
type Format string

// The formats Render can write.
const (
	SVG Format = "svg" // SVG 1.1, written by Graphviz
	PNG Format = "png" // 8-bit RGB PNG, painted by this package from Graphviz's xdot

	// Plain is not a picture but Graphviz's plain text output: the
	// layout's size, and every node's centre, size and label and every
	// edge's points, in inches. It is there for tests that check a layout
	// against Graphviz's measures; ParseFormat does not offer it.
	Plain Format = "plain"
)

var formats = []Format{SVG, PNG}

// ParseFormat returns the format named by s, which may be a bare format name
// ("svg"), an extension (".png") or a file name ("tree.SVG"); case does not
// matter. The error lists the valid formats.
func ParseFormat(s string) (Format, error) {
	name := strings.ToLower(strings.TrimSpace(s))
	if ext := filepath.Ext(name); ext != "" {
		name = ext[1:]
	}
	for _, f := range formats {
		if name == string(f) {
			return f, nil
		}
	}
	return "", fmt.Errorf("graphviz: unknown picture format %q: want one of %s", s, list(formats))
}

// Layout says who places the nodes.
//
// With [LayoutDot] Graphviz's dot engine computes the whole layout; its time
// grows fast with the number of nodes.
//
// With [LayoutPinned] every node must carry pos="x,y!" in points (y grows
// upward, as in Graphviz); Graphviz keeps these positions exactly, only
// routes the edges and draws (the nop2 engine, which is what neato -n2 does,
// with notranslate=true forced so that no offset is added). Leave splines
// unset or set it to line or false: straight edges take milliseconds for
// thousands of nodes, while splines=true makes Graphviz route around every
// node, which took 0.6 s for 50 nodes and 15-24 s for 200 nodes here.
type Layout string

// The layouts Render accepts.
const (
	LayoutDot    Layout = "dot"
	LayoutPinned Layout = "pinned"
)

var layouts = []Layout{LayoutDot, LayoutPinned}

// engine returns the Graphviz layout engine for l.
func (l Layout) engine() (string, error) {
	switch l {
	case LayoutDot:
		return "dot", nil
	case LayoutPinned:
		return "nop2", nil
	}
	return "", fmt.Errorf("graphviz: unknown layout %q: want one of %s", l, list(layouts))
}

func list[T ~string](vs []T) string {
	s := make([]string, len(vs))
	for i, v := range vs {
		s[i] = string(v)
	}
	return strings.Join(s, ", ")
}

// wasmMu serialises every call into Graphviz. go-graphviz v0.2.10 keeps a
// single WebAssembly module for the whole process (instantiated when its
// package initialises), so two Renderers share it too: a lock per Renderer
// would not be enough.
var wasmMu sync.Mutex

// shared is the process's one Graphviz context, made by the first New and
// never freed; guarded by wasmMu. Every Renderer uses it, because in
// go-graphviz v0.2.10 making another context fails ("failed to create
// graphviz context", again and again) once Graphviz has reported an error
// after a render of a few hundred nodes, while the existing context goes on
// working.
var shared *gvc.Context

// textPlugin makes Graphviz measure text with measureText; made by the first
// New, guarded by wasmMu.
var textPlugin *gvc.TextLayoutPlugin

// Renderer turns DOT into pictures. It is safe for concurrent use: calls
// into Graphviz take turns (one WebAssembly instance serves the whole
// process), while the Go side of PNG painting runs in parallel.
type Renderer struct {
	closed bool // guarded by wasmMu
}

// New returns a Renderer. The first call in a process loads Graphviz: it
// compiles go-graphviz's WebAssembly module (0.6-0.9 s of CPU, or about
// 0.05 s when wazero's compilation cache in the user's cache folder,
// os.UserCacheDir()/backtrack/go-graphviz-wazero, already holds the result)
// and starts a Graphviz context, which all Renderers then share. A program
// that never calls New never loads Graphviz: the copy of go-graphviz this
// module uses is patched to load on first use rather than at start-up (see
// third_party/go-graphviz/PATCHED.md).
func New(ctx context.Context) (*Renderer, error) {
	if err := ctx.Err(); err != nil {
		return nil, fmt.Errorf("graphviz: new renderer: %w", err)
	}
	wasmMu.Lock()
	defer wasmMu.Unlock()
	if shared == nil {
		err := catch(func() error {
			// Graphviz's own svg and xdot renderers are all that is
			// used, so go-graphviz's PNG and JPEG plugins stay out. The
			// one Go plugin is the text layout: Graphviz measures text
			// with the Go fonts (see measureText). It is made once: a
			// process has room for one.
			if textPlugin == nil {
				tl, err := gvc.NewTextLayoutPlugin(ctx, func(text, fontName string, size float64, bold, italic bool) float64 {
					return measureText(text, fontName, size, bold, italic)
				})
				if err != nil {
					return err
				}
				textPlugin = tl
			}
			c, err := gvc.NewWithPlugins(ctx, textPlugin)
			shared = c
			return err
		})
		if err != nil {
			shared = nil
			return nil, fmt.Errorf("graphviz: new renderer: %w", err)
		}
	}
	return &Renderer{}, nil
}

// Close ends the Renderer: Render fails after Close. The Graphviz context
// shared by all Renderers stays for the life of the process. Close always
// returns nil; a second Close does nothing.
func (r *Renderer) Close() error {
	wasmMu.Lock()
	defer wasmMu.Unlock()
	r.closed = true
	return nil
}

// Render lays out the graph written in dot as layout says and writes it to w
// as a picture in format.
//
// The picture is made whole in memory and checked (an SVG must start with
// "<?xml" or "<svg" and end with "</svg>", a PNG must decode) before
// anything is written, so w never receives an empty or partial picture.
// An SVG picture carries the fonts its text was measured with (see the
// package documentation); the same DOT always gives the same bytes.
// Errors in the DOT text, unknown layouts or formats, and a pinned layout
// with a node that has no pos come back as errors.
//
// PNG pictures are painted by this package from Graphviz's xdot output:
// shapes with their outlines and fills, edges with their lines and
// arrowheads, dashed, dotted and bold styles, gradients and text. The
// background is white; the resolution is 72 dpi unless the graph's dpi (or
// resolution) attribute says otherwise, and the size attribute scales the
// drawing as in Graphviz. A picture wider or taller than 32767 pixels, or
// bigger than 64 megapixels, is scaled down to fit, as Graphviz does for
// its bitmaps. PNG ignores the rotate and landscape attributes and does not
// draw images inside nodes. Text uses the Go fonts, with a system font for
// characters they lack, such as Chinese (see the package documentation).
//
// ctx is checked before Graphviz starts and before painting; a Graphviz
// call that has started runs to its end, and holds up every other Render in
// the process meanwhile (a dot layout of thousands of nodes takes seconds
// to minutes).
func (r *Renderer) Render(ctx context.Context, dot []byte, layout Layout, format Format, w io.Writer) error {
	out, err := r.picture(ctx, dot, layout, format)
	if err != nil {
		return err
	}
	if _, err := w.Write(out); err != nil {
		return fmt.Errorf("graphviz: write %s: %w", format, err)
	}
	return nil
}

// picture is Render's picture, made whole in memory and checked.
func (r *Renderer) picture(ctx context.Context, dot []byte, layout Layout, format Format) ([]byte, error) {
	engine, err := layout.engine()
	if err != nil {
		return nil, err
	}
	var out []byte
	switch format {
	case SVG:
		out, err = r.svg(ctx, dot, layout, engine)
		if err != nil {
			return nil, err
		}
	case Plain:
		out, err = r.graphviz(ctx, dot, layout, engine, "plain")
		if err != nil {
			return nil, err
		}
	case PNG:
		d, err := r.drawing(ctx, dot, layout, engine)
		if err != nil {
			return nil, err
		}
		if err := ctx.Err(); err != nil {
			return nil, fmt.Errorf("graphviz: render png: %w", err)
		}
		img, err := d.paint()
		if err != nil {
			return nil, err
		}
		if out, err = EncodePNG(img); err != nil {
			return nil, err
		}
	default:
		return nil, fmt.Errorf("graphviz: unknown picture format %q: want one of %s", format, list(formats))
	}
	if err := ctx.Err(); err != nil {
		return nil, fmt.Errorf("graphviz: render %s: %w", format, err)
	}
	return out, nil
}

// svg returns the SVG picture of dot, fonts embedded. A big pinned
// drawing of plain boxes has its boxes and edges written by this package
// (see fastParse); anything else is Graphviz's picture.
func (r *Renderer) svg(ctx context.Context, dot []byte, layout Layout, engine string) ([]byte, error) {
	if layout == LayoutPinned {
		if g := fastParse(dot); g != nil {
			frame, err := r.graphviz(ctx, g.frame(), layout, engine, "svg")
			if err == nil {
				err = checkSVG(frame)
			}
			if err == nil {
				if embedSVGFonts {
					frame = embedFonts(frame)
				}
				return g.svg(frame)
			}
			// A frame Graphviz does not draw: the whole DOT goes to
			// Graphviz, which reports what is wrong with it, if anything.
		}
	}
	out, err := r.graphviz(ctx, dot, layout, engine, "svg")
	if err != nil {
		return nil, err
	}
	if err := checkSVG(out); err != nil {
		return nil, err
	}
	if embedSVGFonts {
		out = embedFonts(out)
	}
	return out, nil
}

// drawing returns what the PNG painter draws for dot: Graphviz's xdot
// output, read, or for a big pinned drawing of plain boxes, Graphviz's
// drawing of the frame with the boxes and edges added (see fastParse).
func (r *Renderer) drawing(ctx context.Context, dot []byte, layout Layout, engine string) (*drawing, error) {
	if layout == LayoutPinned {
		if g := fastParse(dot); g != nil {
			xd, err := r.graphviz(ctx, g.frame(), layout, engine, "xdot")
			if err == nil {
				var d *drawing
				if d, err = readXdot(xd); err == nil {
					return g.drawing(d), nil
				}
			}
		}
	}
	xd, err := r.graphviz(ctx, dot, layout, engine, "xdot")
	if err != nil {
		return nil, err
	}
	return readXdot(xd)
}

// graphviz parses dot, lays it out with engine and returns Graphviz's output
// in the Graphviz format gvFormat ("svg" or "xdot").
func (r *Renderer) graphviz(ctx context.Context, dot []byte, layout Layout, engine, gvFormat string) ([]byte, error) {
	if err := ctx.Err(); err != nil {
		return nil, fmt.Errorf("graphviz: render: %w", err)
	}
	// Graphviz reports an empty input with the message of the previous
	// error, if any, so empty input is caught here.
	if len(bytes.TrimSpace(dot)) == 0 {
		return nil, errors.New("graphviz: parse DOT: empty input")
	}
	wasmMu.Lock()
	defer wasmMu.Unlock()
	if r.closed {
		return nil, errors.New("graphviz: render: renderer is closed")
	}
	var out bytes.Buffer
	err := catch(func() error {
		// Graphviz's scanner goes on counting lines from the previous
		// input. The line directive "# 1" makes its error messages count
		// from this input's first line again; the newline before it puts
		// the directive at the start of a line, which it must be.
		g, err := gographviz.ParseBytes(append([]byte("\n# 1\n"), dot...))
		if err != nil {
			return fmt.Errorf("parse DOT: %w", trimErr(err))
		}
		if g == nil {
			return errors.New("parse DOT: Graphviz returned no graph")
		}
		defer g.Close()
		if layout == LayoutPinned {
			// Keep the given positions as they are: without this,
			// nop2 moves the drawing so its corner is at the origin.
			if err := g.SafeSet("notranslate", "true", "false"); err != nil {
				return fmt.Errorf("pinned layout: %w", trimErr(err))
			}
		}
		if err := shared.Layout(ctx, g, engine); err != nil {
			return fmt.Errorf("%s layout: %w", layout, trimErr(err))
		}
		defer shared.FreeLayout(ctx, g)
		if layout == LayoutPinned {
			if err := checkPinned(g); err != nil {
				return err
			}
		}
		// RenderData drops Graphviz's result code, so an empty output is
		// the only sign of failure. A failed render also makes the next
		// one fail once (go-graphviz reads a stale length), so a failure
		// is tried again before it is believed.
		for try := 0; ; try++ {
			out.Reset()
			err := shared.RenderData(ctx, g, gvFormat, &out)
			switch {
			case err == nil && out.Len() > 0:
				return nil
			case try == 0:
				continue
			case err != nil:
				return fmt.Errorf("render %s: %w", gvFormat, trimErr(err))
			default:
				return fmt.Errorf("render %s: Graphviz wrote nothing", gvFormat)
			}
		}
	})
	if err != nil {
		return nil, fmt.Errorf("graphviz: %w", err)
	}
	return out.Bytes(), nil
}

// checkPinned reports a pinned layout that Graphviz gave up on. When a node
// has no pos, nop2 leaves every node at the origin with an empty bounding
// box and no edges, and says nothing through go-graphviz; an empty box with
// nodes in the graph can only mean that.
func checkPinned(g *gographviz.Graph) error {
	n, err := g.NodeNum()
	if err != nil {
		return fmt.Errorf("pinned layout: count nodes: %w", trimErr(err))
	}
	if n == 0 {
		return nil
	}
	bb := strings.FieldsFunc(g.GetStr("bb"), func(r rune) bool { return r == ',' || r == ' ' })
	if len(bb) == 0 {
		return nil // no box to judge by
	}
	for _, f := range bb {
		if strings.Trim(f, "0.-") != "" {
			return nil
		}
	}
	return errors.New(`pinned layout: Graphviz could not place the nodes: every node needs pos="x,y!"`)
}

// catch runs f and turns a panic inside go-graphviz into an error.
func catch(f func() error) (err error) {
	defer func() {
		if p := recover(); p != nil {
			err = fmt.Errorf("go-graphviz panicked: %v", p)
		}
	}()
	return f()
}

// trimErr strips the newline Graphviz ends its messages with.
func trimErr(err error) error {
	msg := strings.TrimSpace(err.Error())
	if msg == err.Error() {
		return err
	}
	return errors.New(msg)
}

// checkSVG makes sure out looks like a whole SVG document.
func checkSVG(out []byte) error {
	t := bytes.TrimSpace(out)
	if len(t) == 0 {
		return errors.New("graphviz: render svg: Graphviz wrote nothing")
	}
	if !bytes.HasPrefix(t, []byte("<?xml")) && !bytes.HasPrefix(t, []byte("<svg")) {
		return fmt.Errorf("graphviz: render svg: output does not start with <?xml or <svg: %q", head(t))
	}
	if !bytes.HasSuffix(t, []byte("</svg>")) {
		return errors.New("graphviz: render svg: output does not end with </svg>")
	}
	return nil
}

func head(b []byte) []byte {
	if len(b) > 40 {
		return b[:40]
	}
	return b
}

// Draw lays out dot as layout says and returns the picture in format: the
// one DOT-to-picture step of the command line and the lessons. It loads
// Graphviz on first use and shares its one context (see New).
func Draw(ctx context.Context, dot []byte, layout Layout, format Format) ([]byte, error) {
	r, err := New(ctx)
	if err != nil {
		return nil, err
	}
	defer r.Close()
	return r.picture(ctx, dot, layout, format)
}

// DrawImage lays out dot as layout says and paints it as the PNG format
// does, with scale pixels for every pixel of a plain PNG (scale 2 doubles
// the width, the height and the resolution of lines and text: text is
// drawn at twice the size, not enlarged). It returns the picture itself,
// for callers that encode it their own way (EncodePNG, an animated GIF).
func DrawImage(ctx context.Context, dot []byte, layout Layout, scale float64) (*image.RGBA, error) {
	if !(scale > 0 && scale <= 8) {
		return nil, fmt.Errorf("graphviz: scale %g: want more than 0 and at most 8", scale)
	}
	engine, err := layout.engine()
	if err != nil {
		return nil, err
	}
	r, err := New(ctx)
	if err != nil {
		return nil, err
	}
	defer r.Close()
	d, err := r.drawing(ctx, dot, layout, engine)
	if err != nil {
		return nil, err
	}
	if err := ctx.Err(); err != nil {
		return nil, fmt.Errorf("graphviz: render png: %w", err)
	}
	return d.paintAt(scale)
}

// DrawPNG is Draw for PNG at a scale (see DrawImage): scale 1 gives the
// same bytes as Draw.
func DrawPNG(ctx context.Context, dot []byte, layout Layout, scale float64) ([]byte, error) {
	img, err := DrawImage(ctx, dot, layout, scale)
	if err != nil {
		return nil, err
	}
	if err := ctx.Err(); err != nil {
		return nil, fmt.Errorf("graphviz: render png: %w", err)
	}
	return EncodePNG(img)
}
