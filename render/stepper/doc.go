// Package stepper is `backtrack step`: stepping through a recorded search
// one event at a time, in a terminal or from a script.
//
// A Recording (recording.go) is a tracer.Sink that keeps every event of a
// run compactly; a Stepper (view.go) draws the screen at any step from the
// step alone: the header, the board and the call stack (panels.go), the
// note, the counters and the template's code. term.go is the terminal
// side: styled lines, raw mode, keys and redraws (RunInteractive), and the
// non-interactive script mode (RunScript). Display widths come from
// package textwidth (East Asian Width), shared with render's tables.
package stepper
