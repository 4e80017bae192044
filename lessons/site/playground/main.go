//go:build js && wasm

// Command playground is the course site's playground engine, built with
// GOOS=js GOARCH=wasm: it sets globalThis.backtrackPlay(request,
// progress), which runs a search in the browser and resolves to its
// player page (see package play), and globalThis.backtrackProblems, the
// problems' settings as JSON for the form. The site build compiles it
// (see package site).
package main

import (
	"context"
	"encoding/json"
	"strconv"
	"syscall/js"
	"time"

	"github.com/backtrack-edu/backtrack/lessons/site/play"
	"github.com/backtrack-edu/backtrack/tracer"
)

func main() {
	js.Global().Set("backtrackProblems", js.FuncOf(problems))
	js.Global().Set("backtrackPlay", js.FuncOf(runPlay))
	if ready := js.Global().Get("backtrackReady"); ready.Type() == js.TypeFunction {
		ready.Invoke()
	}
	select {} // the functions stay callable
}

// problemJSON is a problem's settings for the playground's form.
type problemJSON struct {
	Name   string    `json:"name"`
	Title  [2]string `json:"title"`
	Orders []string  `json:"orders"`
	Checks []string  `json:"checks"`
	Size   []int     `json:"size,omitempty"` // default, min, max
	Puzzle string    `json:"puzzle,omitempty"`
}

func problems(js.Value, []js.Value) any {
	var out []problemJSON
	for _, d := range tracer.Problems() {
		p := problemJSON{Name: d.Name, Title: [2]string{d.Title.EN, d.Title.ZH}}
		for _, o := range d.Orders {
			p.Orders = append(p.Orders, string(o))
		}
		for _, c := range d.Checks {
			p.Checks = append(p.Checks, string(c))
		}
		if d.Size != nil {
			p.Size = []int{d.Size.Default, d.Size.Min, d.Size.Max}
		}
		if d.Puzzle != nil {
			p.Puzzle = d.Puzzle.Default
		}
		out = append(out, p)
	}
	b, err := json.Marshal(out)
	if err != nil {
		return js.Null()
	}
	return string(b)
}

// runPlay is backtrackPlay(request, progress): a promise of the page, or
// of the one-line error. The search runs in a goroutine that sleeps a
// moment at every progress call, so the browser repaints in between.
func runPlay(_ js.Value, args []js.Value) any {
	if len(args) < 1 {
		return js.Undefined()
	}
	o := args[0]
	var progress js.Value
	if len(args) > 1 && args[1].Type() == js.TypeFunction {
		progress = args[1]
	}
	// Every field as text, as the form holds it: play.FormPage reads
	// them as the command reads its flags (a number sent as a number is
	// written back in decimal).
	str := func(k string) string {
		switch v := o.Get(k); v.Type() {
		case js.TypeString:
			return v.String()
		case js.TypeNumber:
			return strconv.FormatFloat(v.Float(), 'f', -1, 64)
		}
		return ""
	}
	form := play.Form{Problem: str("problem"), N: str("n"), Puzzle: str("puzzle"), Order: str("order"),
		Check: str("check"), Lang: str("lang"), MaxSteps: str("maxSteps"), UI: str("ui")}
	if !progress.IsUndefined() {
		form.Progress = func(steps int64) {
			progress.Invoke(float64(steps))
			time.Sleep(time.Millisecond) // back to the browser's event loop
		}
	}
	var handler js.Func
	handler = js.FuncOf(func(_ js.Value, pa []js.Value) any {
		resolve, reject := pa[0], pa[1]
		go func() {
			defer handler.Release()
			page, err := play.FormPage(context.Background(), form)
			if err != nil {
				reject.Invoke(js.Global().Get("Error").New(err.Error()))
				return
			}
			resolve.Invoke(string(page))
		}()
		return nil
	})
	return js.Global().Get("Promise").New(handler)
}
