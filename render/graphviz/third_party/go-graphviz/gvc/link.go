package gvc

import (
	_ "unsafe"

	"github.com/backtrack-edu/backtrack/render/graphviz/third_party/go-graphviz/cdt"
	"github.com/backtrack-edu/backtrack/render/graphviz/third_party/go-graphviz/cgraph"
	"github.com/backtrack-edu/backtrack/render/graphviz/third_party/go-graphviz/internal/wasm"
)

//go:linkname toGraph github.com/backtrack-edu/backtrack/render/graphviz/third_party/go-graphviz/cgraph.toGraph
func toGraph(*wasm.Graph) *cgraph.Graph

//go:linkname toGraphWasm github.com/backtrack-edu/backtrack/render/graphviz/third_party/go-graphviz/cgraph.toGraphWasm
func toGraphWasm(*cgraph.Graph) *wasm.Graph

//go:linkname toNode github.com/backtrack-edu/backtrack/render/graphviz/third_party/go-graphviz/cgraph.toNode
func toNode(*wasm.Node) *cgraph.Node

//go:linkname toEdge github.com/backtrack-edu/backtrack/render/graphviz/third_party/go-graphviz/cgraph.toEdge
func toEdge(*wasm.Edge) *cgraph.Edge

//go:linkname toDictLink github.com/backtrack-edu/backtrack/render/graphviz/third_party/go-graphviz/cdt.toLink
func toDictLink(*wasm.DictLink) *cdt.Link

//go:linkname toDictLinkWasm github.com/backtrack-edu/backtrack/render/graphviz/third_party/go-graphviz/cdt.toLinkWasm
func toDictLinkWasm(*cdt.Link) *wasm.DictLink
