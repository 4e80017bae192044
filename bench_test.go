package main

import (
	"bytes"
	"context"
	"testing"

	"backtrack/render"
	"backtrack/render/graphviz"
	"backtrack/tracer"
)

// queensDOT traces n-queens (all solutions) and returns the DOT of its
// diagram with the given node budget, as `trace --dot` writes it.
func queensDOT(b *testing.B, n, maxNodes int) []byte {
	b.Helper()
	p, err := tracer.NewNQueens(n, tracer.CheckScan)
	if err != nil {
		b.Fatal(err)
	}
	st, tree := &tracer.Stats{}, tracer.NewTree()
	opts := tracer.Options{Stop: tracer.StopAll, Sinks: []tracer.Sink{st, tree}}
	res, err := tracer.Run(context.Background(), p, opts)
	if err != nil {
		b.Fatal(err)
	}
	var dot bytes.Buffer
	leg := render.Legend{Summary: tracer.Summarize(p.Info(), opts, res, st), Lang: tracer.LangEN}
	if _, err := render.WriteDOT(&dot, tree, leg, render.DiagramOptions{MaxNodes: maxNodes, Layout: true}); err != nil {
		b.Fatal(err)
	}
	return dot.Bytes()
}

// BenchmarkDiagram measures the image step of the diagrams the README
// promises: the default (trimmed) 8-queens diagram and the whole 8-queens
// tree, pinned tidy layout, through go-graphviz.
func BenchmarkDiagram(b *testing.B) {
	ctx := context.Background()
	gv, err := graphviz.New(ctx)
	if err != nil {
		b.Fatal(err)
	}
	defer gv.Close()
	for _, bc := range []struct {
		name     string
		maxNodes int
		format   graphviz.Format
	}{
		{"queens8-default/svg", render.DefaultMaxNodes, graphviz.SVG},
		{"queens8-default/png", render.DefaultMaxNodes, graphviz.PNG},
		{"queens8-all/svg", 0, graphviz.SVG},
	} {
		b.Run(bc.name, func(b *testing.B) {
			dot := queensDOT(b, 8, bc.maxNodes)
			b.ResetTimer()
			for i := 0; i < b.N; i++ {
				var out bytes.Buffer
				if err := gv.Render(ctx, dot, graphviz.LayoutPinned, bc.format, &out); err != nil {
					b.Fatal(err)
				}
			}
		})
	}
}
