// Package textwidth measures text in terminal columns, for the tables of
// package render and the screen of package stepper: two columns for East
// Asian wide and fullwidth characters, none for combining marks and
// control characters, one for the rest. The widths are the Unicode data of
// golang.org/x/text/width.
package textwidth

import (
	"unicode"
	"unicode/utf8"

	"golang.org/x/text/width"
)

// RuneCols returns the columns r takes in a terminal: 2 for East Asian
// wide and fullwidth characters (CJK, Hangul, fullwidth forms, emoji such
// as U+1F680), 0 for control characters, zero-width spaces and joiners, and
// combining marks (which draw on the character before them), 1 otherwise. Ambiguous characters
// (↗, ·, …) count as 1, as most terminals draw them.
func RuneCols(r rune) int {
	switch {
	case r < 0x20 || r >= 0x7f && r < 0xa0: // C0 and C1 controls, DEL
		return 0
	case r < 0x300:
		return 1 // the rest of Latin-1 and Latin: no lookups
	case r >= 0x200b && r <= 0x200f: // zero-width space, joiners, direction marks
		return 0
	case unicode.In(r, unicode.Mn, unicode.Me):
		return 0
	}
	switch width.LookupRune(r).Kind() {
	case width.EastAsianWide, width.EastAsianFullwidth:
		return 2
	}
	return 1
}

// Cols returns the display columns of s, ANSI escape sequences (ESC [ …
// final byte) excluded.
func Cols(s string) int {
	w := 0
	for i := 0; i < len(s); {
		c := s[i]
		switch {
		case c == 0x1b:
			// Skip a CSI sequence: ESC [ parameters final.
			j := i + 1
			if j < len(s) && s[j] == '[' {
				j++
				for j < len(s) && (s[j] < 0x40 || s[j] > 0x7e) {
					j++
				}
			}
			i = j + 1
			continue
		case c < 0x80:
			if c >= 0x20 && c != 0x7f { // ASCII: the common case
				w++
			}
			i++
			continue
		}
		r, n := utf8.DecodeRuneInString(s[i:])
		w += RuneCols(r)
		i += n
	}
	return w
}
