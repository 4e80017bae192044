package stepper_test

import (
	"bytes"
	"context"
	"fmt"
	"regexp"

	"github.com/backtrack-edu/backtrack/render/stepper"
	"github.com/backtrack-edu/backtrack/tracer"
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

// ExampleNewPlayers makes the player of a 3-permutations search in
// English and in Chinese at once: the steps are worked out once, and each
// page opens in its own language.
func ExampleNewPlayers() {
	p, opts, err := tracer.Spec{Problem: "permutations", N: 3}.Build()
	if err != nil {
		panic(err)
	}
	info := p.Info()
	rec := stepper.NewRecording(info, tracer.StrategyOf(info, opts))
	opts.Sinks = []tracer.Sink{rec}
	if _, err := tracer.Run(context.Background(), p, opts); err != nil {
		panic(err)
	}
	pages, err := stepper.NewPlayers(rec, stepper.HTMLOptions{TreePane: true}, tracer.LangEN, tracer.LangZH)
	if err != nil {
		panic(err)
	}
	lang := regexp.MustCompile(`<html lang="([a-z]+)"`)
	for _, pl := range pages {
		fmt.Println(lang.FindStringSubmatch(string(pl.Bytes()))[1])
	}
	// Output:
	// en
	// zh
}
