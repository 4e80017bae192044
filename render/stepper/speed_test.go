package stepper

import (
	"encoding/json"
	"testing"

	"github.com/backtrack-edu/backtrack/tracer"
	"github.com/backtrack-edu/backtrack/tracer/problems/sudoku"
)

// TestAppendJSONString checks that appendJSONString writes what
// json.Marshal writes, byte for byte (the player's notes are in the
// page's bytes).
func TestAppendJSONString(t *testing.T) {
	for _, s := range []string{
		"", "plain", `"quoted" \ back`, "<b>&amp;</b>", "\b\f\n\r\t\x00\x01\x1f\x7f",
		"行 (1,2)=5 剪枝 ♛ ✓ ✗ ↩", "\u2028\u2029", "bad \xff utf-8 \xe2\x82", "tail é",
	} {
		want, _ := json.Marshal(s)
		if got := appendJSONString([]byte("x"), s); string(got) != "x"+string(want) {
			t.Errorf("appendJSONString(%q) = %s, want %s", s, got[1:], want)
		}
	}
}

// FuzzAppendJSONString compares appendJSONString with json.Marshal on any
// string.
func FuzzAppendJSONString(f *testing.F) {
	f.Add("a<b>\u2028\xff\n")
	f.Fuzz(func(t *testing.T, s string) {
		want, _ := json.Marshal(s)
		if got := appendJSONString(nil, s); string(got) != string(want) {
			t.Errorf("appendJSONString(%q) = %s, want %s", s, got, want)
		}
	})
}

// BenchmarkPlayer makes the player page of the LeetCode 37 search (96,246
// steps, `trace sudoku --html`'s page without the command around it):
// the steps worked out, the notes in both languages, gzip and base64.
//
//	go test -run '^$' -bench Player -benchtime 5x ./render/stepper/
func BenchmarkPlayer(b *testing.B) {
	rec := stepSudoku(b, sudoku.LeetCode37, sudoku.OrderScan2D, tracer.Options{})
	var size int
	for b.Loop() {
		pl, err := NewPlayer(rec, HTMLOptions{Lang: tracer.LangEN, TreePane: true})
		if err != nil {
			b.Fatal(err)
		}
		size = len(pl.Bytes())
	}
	b.ReportMetric(float64(size), "page-B")
	b.ReportMetric(float64(rec.Len())*float64(b.N)/b.Elapsed().Seconds(), "steps/s")
}
