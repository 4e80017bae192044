package wasm

import (
	"context"

	"github.com/tetratelabs/wazero/experimental"
)

// Patched for backtrack (change 5): the module's memory grows by doubling.
// Graphviz's malloc grows the WebAssembly memory a few pages at a time, and
// wazero's default memory appends each time, copying the whole memory: a
// drawing of 70,000 boxes spent about a third of its time in those copies
// and left a trail of dead copies for the garbage collector. Here the
// backing slice at least doubles when it must grow, so the copies add up to
// less than twice the final size, and the pages past the memory's length
// are not touched until the module uses them.
func withDoublingMemory(ctx context.Context) context.Context {
	return experimental.WithMemoryAllocator(ctx, experimental.MemoryAllocatorFunc(
		func(capacity, max uint64) experimental.LinearMemory {
			return &doublingMemory{buf: make([]byte, 0, capacity), max: max}
		}))
}

// doublingMemory is a WebAssembly linear memory backed by one slice that
// at least doubles its capacity when it grows, up to max bytes.
type doublingMemory struct {
	buf []byte
	max uint64
}

// Reallocate implements experimental.LinearMemory.
func (d *doublingMemory) Reallocate(size uint64) []byte {
	if size > d.max {
		return nil
	}
	if size <= uint64(cap(d.buf)) {
		d.buf = d.buf[:size]
		return d.buf
	}
	c := 2 * uint64(cap(d.buf))
	if c < size {
		c = size
	}
	if c > d.max {
		c = d.max
	}
	buf := make([]byte, size, c)
	copy(buf, d.buf)
	d.buf = buf
	return buf
}

// Free implements experimental.LinearMemory.
func (d *doublingMemory) Free() { d.buf = nil }
