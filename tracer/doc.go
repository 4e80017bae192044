// Package tracer is an instrumented backtracking framework for teaching.
//
// One template (Run) drives every problem: the problem supplies the slot to
// decide, the candidates, the check, place/undo and the end test; the
// framework owns the recursion, the order of check and place, and the stop
// rule. Every step is reported as an Event to any number of Sinks, so one
// search can feed a tree, a step log and counters at once. The package knows
// nothing of output formats: exporters live in package render.
//
// The contract between a problem and the framework (Def, Problem, Event,
// Board, Spec and the registry) is package tracer/problem; tracer
// re-exports each of its names (contract.go, written by go generate), so
// that a program may use either. The built-in problems are packages of
// their own under tracer/problems; tracer imports none of them.
package tracer

//go:generate go run ./internal/contractgen/gen
