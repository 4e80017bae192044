package stepper_test

import (
	"bytes"
	"context"
	"fmt"
	"regexp"

	"backtrack/render/stepper"
	"backtrack/tracer"
)

// ExampleWriteHTML records a 4-queens search and writes its player: one
// HTML file that steps through the run in a browser, offline.
func ExampleWriteHTML() {
	p, opts, err := tracer.Spec{Problem: "nqueens", N: 4}.Build()
	if err != nil {
		panic(err)
	}
	info := p.Info()
	rec := stepper.NewRecording(info, tracer.StrategyOf(info, opts))
	opts.Sinks = []tracer.Sink{rec}
	if _, err := tracer.Run(context.Background(), p, opts); err != nil {
		panic(err)
	}
	var page bytes.Buffer
	err = stepper.WriteHTML(&page, rec, stepper.HTMLOptions{Lang: tracer.LangEN, TreePane: true})
	if err != nil {
		panic(err)
	}
	fmt.Println(regexp.MustCompile(`<title>(.*)</title>`).FindStringSubmatch(page.String())[1])
	fmt.Println(rec.Len(), "steps")
	// Output:
	// N-Queens n=4
	// 187 steps
}
