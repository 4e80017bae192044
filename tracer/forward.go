package tracer

import "github.com/backtrack-edu/backtrack/tracer/problem"

// The narrator's phrasing helpers are the contract's (package problem),
// where a problem's own words use them too.
func zhSpace(s string, zh, lead, trail bool) string { return problem.ZHSpace(s, zh, lead, trail) }
func listEN(items []string) string                  { return problem.ListEN(items) }
func listZH(items []string) string                  { return problem.ListZH(items) }
