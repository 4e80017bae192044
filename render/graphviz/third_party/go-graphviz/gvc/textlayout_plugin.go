package gvc

import (
	"context"
	"errors"
	"sync"

	"github.com/backtrack-edu/backtrack/render/graphviz/third_party/go-graphviz/internal/wasm"
)

// Patched for backtrack: a text layout plugin written in Go. Upstream
// go-graphviz binds Graphviz's textlayout plugin API but offers no way to
// install one, so Graphviz (built without Pango) sizes every label with its
// own table of font metrics: a handful of PostScript fonts, Times for any
// other name, and the width of a space for every non-ASCII character. With
// this plugin Graphviz asks Go how wide each piece of text is.

// TextMeasure returns the width, in points, of one line of text set in the
// font named fontName at fontSize points. bold and italic come from the
// HTML-like label's <B> and <I>. A negative width leaves that text to
// Graphviz's own estimate.
type TextMeasure func(text, fontName string, fontSize float64, bold, italic bool) float64

// TextLayoutPlugin installs a TextMeasure as Graphviz's text layout engine.
type TextLayoutPlugin struct {
	plugin *wasm.PluginAPI
}

func (p *TextLayoutPlugin) raw() *wasm.PluginAPI {
	return p.plugin
}

// Graphviz's textfont_t flags (HTML_BF, HTML_IF in htmltable.h).
const (
	textFontBold   = 1 << 0
	textFontItalic = 1 << 1
)

// Graphviz's LINESPACING, and the offsets its own estimator gives a line:
// the plugin keeps the heights of lines as they were.
const (
	textLineSpacing      = 1.20
	textCenterlineOffset = 0.1
)

// textLayoutEngine is the one text layout engine's pointer: Graphviz hands
// the textlayout callback only the text span, so the lookup that finds the
// Go callback cannot ask the engine for it.
var (
	textLayoutMu     sync.Mutex
	textLayoutEngine uint64
)

// NewTextLayoutPlugin returns a plugin that makes Graphviz measure text with
// measure. Pass it to NewWithPlugins; only one such plugin can be in use in
// a process, since Graphviz takes the best text layout plugin of a context
// and the callback cannot tell contexts apart.
func NewTextLayoutPlugin(ctx context.Context, measure TextMeasure) (*TextLayoutPlugin, error) {
	load()
	if measure == nil {
		return nil, errors.New("gvc: text layout plugin: nil measure")
	}
	textLayoutMu.Lock()
	defer textLayoutMu.Unlock()
	if textLayoutEngine != 0 {
		return nil, errors.New("gvc: text layout plugin: one is already installed")
	}
	plg, err := wasm.NewPluginAPI(ctx)
	if err != nil {
		return nil, err
	}
	if err := plg.SetApi(wasm.API_TEXTLAYOUT); err != nil {
		return nil, err
	}
	types, err := wasm.NewPluginInstalled(ctx)
	if err != nil {
		return nil, err
	}
	// Graphviz loads the text layout plugin of type "textlayout".
	if err := types.SetType("textlayout"); err != nil {
		return nil, err
	}
	if err := types.SetQuality(10); err != nil {
		return nil, err
	}
	engine, err := wasm.NewTextLayoutEngine(ctx)
	if err != nil {
		return nil, err
	}
	ptr := wasm.WasmPtr(engine)
	layout := func(ctx context.Context, span *wasm.Textspan, _ []string) (bool, error) {
		font := span.GetFont()
		if font == nil {
			return false, nil
		}
		size := font.GetSize()
		flags := font.GetFlags()
		w := measure(span.GetStr(), font.GetName(), size, flags&textFontBold != 0, flags&textFontItalic != 0)
		if w < 0 {
			return false, nil
		}
		p := span.GetSize()
		if p == nil {
			return false, nil
		}
		if err := p.SetX(w); err != nil {
			return false, err
		}
		if err := p.SetY(size * textLineSpacing); err != nil {
			return false, err
		}
		if err := span.SetSize(p); err != nil {
			return false, err
		}
		if err := span.SetYOffsetLayout(0); err != nil {
			return false, err
		}
		if err := span.SetYOffsetCenterLine(textCenterlineOffset * size); err != nil {
			return false, err
		}
		return true, nil
	}
	if err := engine.SetTextlayout(ctx, wasm.CreateCallbackFunc(layout, ptr)); err != nil {
		return nil, err
	}
	if err := types.SetEngine(engine); err != nil {
		return nil, err
	}
	term, err := wasm.PluginInstalledZero(ctx)
	if err != nil {
		return nil, err
	}
	if err := plg.SetTypes([]*wasm.PluginInstalled{types, term}); err != nil {
		return nil, err
	}
	textLayoutEngine = ptr
	return &TextLayoutPlugin{plugin: plg}, nil
}

func init() {
	wasm.Register_TextLayoutEngine_TextLayout(func(*wasm.Textspan, []string) (uint64, error) {
		textLayoutMu.Lock()
		defer textLayoutMu.Unlock()
		return textLayoutEngine, nil
	})
}
