package wasm

import (
	"context"
	"fmt"
	"sync"

	"github.com/tetratelabs/wazero/api"
)

// Patched for backtrack (change 4): exported functions are looked up once
// and reused. Upstream called ExportedFunction for every call into the
// module, and in wazero each lookup makes a new call engine with its own
// stack, so reading one field of a Graphviz struct cost a lookup, an
// allocation of several kilobytes and a call: about 90 µs per label for the
// text layout callback, which reads six fields and writes five. A function
// is taken from funcs for one call and given back after it, so a call made
// while the same function is running (Graphviz calling back into Go, which
// calls into Graphviz again) gets a function of its own.
var funcs = struct {
	sync.Mutex
	free map[string][]api.Function
}{free: map[string][]api.Function{}}

// callExported calls the module's exported function name with args and
// returns a copy of its results (wazero reuses the slice it returns for
// the function's next call).
func (m *WasmModule) callExported(ctx context.Context, name string, args ...uint64) ([]uint64, error) {
	funcs.Lock()
	var f api.Function
	if free := funcs.free[name]; len(free) > 0 {
		f = free[len(free)-1]
		funcs.free[name] = free[:len(free)-1]
	}
	funcs.Unlock()
	if f == nil {
		f = m.api().ExportedFunction(name)
		if f == nil {
			return nil, fmt.Errorf("wasm: no exported function %q", name)
		}
	}
	ret, err := f.Call(ctx, args...)
	if len(ret) > 0 {
		ret = append([]uint64(nil), ret...)
	}
	funcs.Lock()
	funcs.free[name] = append(funcs.free[name], f)
	funcs.Unlock()
	return ret, err
}
