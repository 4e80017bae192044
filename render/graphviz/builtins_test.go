package graphviz

// The tests run the built-in problems: importing their list registers them.
import _ "github.com/backtrack-edu/backtrack/tracer/problems/all"
