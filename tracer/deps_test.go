package tracer

import (
	"os/exec"
	"strings"
	"testing"
)

// TestNoProblemImported checks that the framework, the contract and the
// stepper build on the contract alone: none of them imports a concrete
// problem (tracer/problems/...), even by way of another package. Only a
// program's main, the lessons, the pipeline and tests import the built-ins
// (tracer/problems/all).
func TestNoProblemImported(t *testing.T) {
	gobin, err := exec.LookPath("go")
	if err != nil {
		t.Skip("no go command to list the imports with")
	}
	const mod = "github.com/backtrack-edu/backtrack/"
	for _, pkg := range []string{"tracer", "tracer/problem", "render/stepper"} {
		out, err := exec.Command(gobin, "list", "-deps", mod+pkg).Output()
		if err != nil {
			t.Fatalf("go list -deps %s: %v", pkg, err)
		}
		for _, dep := range strings.Fields(string(out)) {
			if strings.HasPrefix(dep, mod+"tracer/problems/") {
				t.Errorf("%s imports %s: it must build on the contract (tracer/problem) alone", pkg, dep)
			}
		}
	}
}
