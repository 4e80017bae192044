package graphviz

import (
	"os"
	"testing"
)

// TestMain points the user cache folder, where go-graphviz keeps its
// compiled WebAssembly, at a temporary folder, so the tests write nothing
// outside the temporary folders.
func TestMain(m *testing.M) {
	dir, err := os.MkdirTemp("", "backtrack-test-cache-")
	if err == nil {
		os.Setenv("XDG_CACHE_HOME", dir)
	}
	code := m.Run()
	if err == nil {
		os.RemoveAll(dir)
	}
	os.Exit(code)
}
