package problem

import (
	"unicode/utf8"

	"github.com/backtrack-edu/backtrack/tracer/words"
)

// Lang is the language of notes: LangEN ("en") or LangZH ("zh")
// (words.Lang, the catalog's).
type Lang = words.Lang

// The languages notes are written in (words.LangEN, words.LangZH).
const (
	LangEN = words.LangEN // English, with the tutorials' Chinese term in brackets where it helps
	LangZH = words.LangZH // Chinese, in the vocabulary of the tutorials
)

// Langs lists the valid values of Lang.
var Langs = []Lang{LangEN, LangZH}

// ParseLang returns the Lang named s, or an error listing the valid values.
func ParseLang(s string) (Lang, error) { return ParseEnum("lang", s, Langs) }

// ZHSpace readies s to stand next to Chinese words in a Chinese note (zh):
// a space before it (lead) where it starts, and after it (trail) where it
// ends, with a digit, a Latin letter or a bracket, as Chinese typesetting
// spaces them: "由 (0,8) 的 8 进入", "由 (0,0) 的皇后进入", "由位置 0 的 1 进入".
func ZHSpace(s string, zh, lead, trail bool) string {
	if !zh || s == "" {
		return s
	}
	latin := func(r rune) bool { return r < 0x2E80 && r != utf8.RuneError }
	if r, _ := utf8.DecodeRuneInString(s); lead && latin(r) {
		s = " " + s
	}
	if r, _ := utf8.DecodeLastRuneInString(s); trail && latin(r) {
		s += " "
	}
	return s
}
