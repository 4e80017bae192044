package main

// The built-in problems are registered by importing their list.
import _ "github.com/backtrack-edu/backtrack/tracer/problems/all"
