package graphviz_test

import (
	"bytes"
	"context"
	"fmt"
	"image/png"
	"log"
	"regexp"

	"github.com/backtrack-edu/backtrack/render/graphviz"
)

// A tree whose layout was computed elsewhere: every node is pinned with
// pos="x,y!" (points, y upward) and Graphviz only draws it.
func ExampleRenderer_Render() {
	ctx := context.Background()
	r, err := graphviz.New(ctx)
	if err != nil {
		log.Fatal(err)
	}
	defer r.Close()

	dot := []byte(`digraph search {
	  splines=line;
	  node [shape=circle, width=0.5, fixedsize=true];
	  root [pos="72,144!", style=filled, fillcolor=palegreen];
	  a [pos="36,72!"];
	  b [pos="108,72!", style=dashed];
	  root -> a; root -> b;
	}`)

	var svg bytes.Buffer
	if err := r.Render(ctx, dot, graphviz.LayoutPinned, graphviz.SVG, &svg); err != nil {
		log.Fatal(err)
	}
	// The positions are kept: SVG's y axis points down.
	for _, m := range regexp.MustCompile(`<title>(\w+)</title>\s*<ellipse[^>]* cx="([\d.]+)" cy="(-?[\d.]+)"`).FindAllStringSubmatch(svg.String(), -1) {
		fmt.Printf("%s at %s,%s\n", m[1], m[2], m[3])
	}

	format, err := graphviz.ParseFormat("tree.png")
	if err != nil {
		log.Fatal(err)
	}
	var pic bytes.Buffer
	if err := r.Render(ctx, dot, graphviz.LayoutPinned, format, &pic); err != nil {
		log.Fatal(err)
	}
	cfg, err := png.DecodeConfig(&pic)
	if err != nil {
		log.Fatal(err)
	}
	fmt.Printf("%s: %dx%d pixels\n", format, cfg.Width, cfg.Height)
	// Output:
	// root at 72,-144
	// a at 36,-72
	// b at 108,-72
	// png: 116x116 pixels
}
