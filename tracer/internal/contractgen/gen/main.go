// Command gen writes tracer/contract.go (see package contractgen): run it
// with go generate ./tracer.
package main

import (
	"log"
	"os"

	"github.com/backtrack-edu/backtrack/tracer/internal/contractgen"
)

func main() {
	src, err := contractgen.Generate("problem", "github.com/backtrack-edu/backtrack/tracer/problem", "problem")
	if err != nil {
		log.Fatal(err)
	}
	if err := os.WriteFile("contract.go", src, 0o644); err != nil {
		log.Fatal(err)
	}
}
