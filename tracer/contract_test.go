package tracer

import (
	"bytes"
	"os"
	"testing"

	"github.com/backtrack-edu/backtrack/tracer/internal/contractgen"
)

// TestContractReexported checks that contract.go re-exports every
// exported name of package problem as it is now: run go generate
// ./tracer after adding one.
func TestContractReexported(t *testing.T) {
	want, err := contractgen.Generate("problem", "github.com/backtrack-edu/backtrack/tracer/problem", "problem")
	if err != nil {
		t.Fatal(err)
	}
	got, err := os.ReadFile("contract.go")
	if err != nil {
		t.Fatal(err)
	}
	if !bytes.Equal(got, want) {
		t.Errorf("contract.go is stale: run go generate ./tracer")
	}
}
