package stepper

import (
	"encoding/json"
	"testing"
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
