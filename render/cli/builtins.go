package cli

// The built-in problems are registered by importing their list: a program
// that calls Main gets them beside its own.
import _ "github.com/backtrack-edu/backtrack/tracer/problems/all"
