package textwidth

import "testing"

func TestCols(t *testing.T) {
	tests := []struct {
		name string
		s    string
		cols int
	}{
		{"empty", "", 0},
		{"ASCII", "abc 123", 7},
		{"tab and newline", "\t\n", 0},
		{"DEL and C1", "a\x7f\u0085b", 2},
		{"CJK", "说明：", 6},
		{"CJK and ASCII", "(0,1) 的皇后", 12},
		{"CJK extension B", "\U00020000", 2},
		{"Hangul", "한국", 4},
		{"fullwidth Latin", "ＡＢ", 4},
		{"halfwidth katakana", "ｱｲ", 2},
		{"ideographic space", "\u3000", 2},
		{"rocket U+1F680", "\U0001F680", 2},
		{"transport U+1F6FF range", "\U0001F6D1\U0001F6EB", 4},
		{"emoji U+1F600", "\U0001F600", 2},
		{"ambiguous arrows", "↗ ↖", 3},
		{"ambiguous marks", "·…×", 3},
		{"box drawing", "─│", 2},
		{"combining acute", "e\u0301", 1},
		{"combining on CJK", "的\u0301", 2},
		{"enclosing keycap", "1\u20e3", 1},
		{"variation selector", "\u2705\ufe0f", 2},
		{"zero-width joiner", "a\u200db", 2},
		{"ANSI colour", "\x1b[1;31m<5>\x1b[0m", 3},
		{"ANSI around CJK", "\x1b[7m皇后\x1b[0m", 4},
		{"not UTF-8", "a\xffb", 3},
	}
	for _, tt := range tests {
		if got := Cols(tt.s); got != tt.cols {
			t.Errorf("%s: Cols(%q) = %d, want %d", tt.name, tt.s, got, tt.cols)
		}
		sum := 0
		for _, r := range tt.s {
			sum += RuneCols(r)
		}
		if !containsESC(tt.s) && sum != tt.cols {
			t.Errorf("%s: RuneCols over %q sums to %d, want %d", tt.name, tt.s, sum, tt.cols)
		}
	}
}

func containsESC(s string) bool {
	for i := range len(s) {
		if s[i] == 0x1b {
			return true
		}
	}
	return false
}

func TestRuneCols(t *testing.T) {
	tests := []struct {
		r    rune
		cols int
	}{
		{'a', 1}, {' ', 1}, {0, 0}, {'\t', 0}, {0x7f, 0}, {0xa0, 1}, {'é', 1},
		{'皇', 2}, {'，', 2}, {'：', 2}, {'（', 2}, {0x1100, 2}, {0xac00, 2},
		{0x1f680, 2}, {0x1f6ff, 1}, {0x1f6f8, 2}, {0x1f300, 2}, {0x1f9ff, 2},
		{0x0301, 0}, {0x20dd, 0}, {0x200b, 0},
		{'↗', 1}, {'…', 1}, {'─', 1}, {0xfffd, 1},
	}
	for _, tt := range tests {
		if got := RuneCols(tt.r); got != tt.cols {
			t.Errorf("RuneCols(%U %q) = %d, want %d", tt.r, tt.r, got, tt.cols)
		}
	}
}
