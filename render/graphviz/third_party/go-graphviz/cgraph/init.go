package cgraph

import (
	"context"
	"sync"

	"github.com/backtrack-edu/backtrack/render/graphviz/third_party/go-graphviz/internal/wasm"
)

var (
	Directed         *Desc
	StrictDirected   *Desc
	UnDirected       *Desc
	StrictUnDirected *Desc
)

var loadOnce sync.Once

// Load starts the Graphviz WebAssembly module and sets the graph
// descriptors (Directed, ...), once per process.
//
// Patched for backtrack: upstream does this in init, which made every
// program that links go-graphviz compile the module at start-up. The
// package's entry points (ParseBytes, ParseFile, Open, and gvc.New) call
// Load; the descriptors are nil until then.
func Load() {
	loadOnce.Do(func() {
		wasm.Load()
		if err := setGlobalVars(context.Background()); err != nil {
			panic(err)
		}
		setEnums()
	})
}

// setEnums sets the package's enum values from the loaded module; they are
// zero until Load.
func setEnums() {
	GRAPH = ObjectTag(wasm.GRAPH)
	NODE = ObjectTag(wasm.NODE)
	OUTEDGE = ObjectTag(wasm.OUT_EDGE)
	INEDGE = ObjectTag(wasm.IN_EDGE)
	EDGE = ObjectTag(wasm.EDGE)
}

func setGlobalVars(ctx context.Context) error {
	// Set MAX to prevent outputting internally generated errors or warnings with agerr to the stderr.
	wasm.SetError(ctx, wasm.MAX)

	directed, err := wasm.NewGraphDescriptor(ctx)
	if err != nil {
		return err
	}
	directed.SetDirected(1)
	directed.SetMaingraph(1)

	strictDirected, err := wasm.NewGraphDescriptor(ctx)
	if err != nil {
		return err
	}
	strictDirected.SetDirected(1)
	strictDirected.SetStrict(1)
	strictDirected.SetMaingraph(1)

	undirected, err := wasm.NewGraphDescriptor(ctx)
	if err != nil {
		return err
	}
	undirected.SetMaingraph(1)

	strictUndirected, err := wasm.NewGraphDescriptor(ctx)
	if err != nil {
		return err
	}
	strictUndirected.SetStrict(1)
	strictUndirected.SetMaingraph(1)

	Directed = toDesc(directed)
	StrictDirected = toDesc(strictDirected)
	UnDirected = toDesc(undirected)
	StrictUnDirected = toDesc(strictUndirected)

	return nil
}
