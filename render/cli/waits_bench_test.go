package cli

import (
	"bytes"
	"strings"
	"testing"
)

// BenchmarkWaits runs the commands of issue 26, where a teacher waits, in
// process, one run per iteration, and reports each run's time and the
// process's peak memory (peak-MB):
//
//	go test -run '^$' -bench Waits -benchtime 3x .
//
// gif4 and gif8 are `trace nqueens -n 4|8 --gif` (targets: 2 s and 4 s of
// CPU), html-leetcode37 `trace sudoku --html` (1 s, 150 MB) and lessons
// `lesson build --all` in English (5 s, 300 MB); site is `lesson build
// --all --site` without the playground, both languages (no target; 4 s
// when measured). The first run of the
// test binary compiles Graphviz's WebAssembly into the cache (the warm-up
// iteration of -benchtime pays it).
func BenchmarkWaits(b *testing.B) {
	dir := b.TempDir()
	for _, c := range []struct {
		name string
		args []string
	}{
		{"gif4", []string{"trace", "nqueens", "-n", "4", "--gif", dir + "/q4.gif", "--force"}},
		{"gif8", []string{"trace", "nqueens", "-n", "8", "--gif", dir + "/q8.gif", "--force"}},
		{"html-leetcode37", []string{"trace", "sudoku", "--html", dir + "/lc.html", "--force"}},
		{"lessons", []string{"lesson", "build", "--all", "-o", dir + "/lessons", "--force"}},
		{"site", []string{"lesson", "build", "--all", "--site", dir + "/site", "--no-playground"}},
	} {
		b.Run(c.name, func(b *testing.B) {
			benchPeak(b, func() {
				var out, errs bytes.Buffer
				if code := run(c.args, strings.NewReader(""), &out, &errs); code != 0 {
					b.Fatalf("%v: exit %d: %s", c.args, code, errs.String())
				}
			})
		})
	}
}
