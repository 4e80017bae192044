package words

import (
	"fmt"
	"strconv"
	"strings"
)

// Lang is the language of the words: LangEN ("en") or LangZH ("zh").
type Lang string

// The languages the words are written in.
const (
	LangEN Lang = "en" // English, with the tutorials' Chinese term in brackets where it helps
	LangZH Lang = "zh" // Chinese, in the vocabulary of the tutorials (剪枝, 回溯, 宫, ...)
)

// Text is a phrase in English and Chinese.
type Text struct{ EN, ZH string }

// In returns the phrase in lang (English unless lang is LangZH).
func (t Text) In(lang Lang) string {
	if lang == LangZH {
		return t.ZH
	}
	return t.EN
}

// F formats the phrase in lang with args (fmt.Sprintf).
func (t Text) F(lang Lang, args ...any) string {
	return fmt.Sprintf(t.In(lang), args...)
}

// Both formats the phrase in both languages with the same args.
func (t Text) Both(args ...any) Text {
	return Text{fmt.Sprintf(t.EN, args...), fmt.Sprintf(t.ZH, args...)}
}

// Noun is a counted noun: in English its singular and plural ("pruned
// try", "pruned tries"), in Chinese a format with one %d ("%d 次剪枝").
type Noun struct {
	One, Many string // English: "1 pruned try", "2 pruned tries"
	ZH        string // Chinese format, with one %d: "%d 次剪枝"
}

// Count writes n of the noun w in lang: "1 call", "3 calls", "3 次调用".
func Count[T int | int64](lang Lang, n T, w Noun) string {
	if lang == LangZH {
		return fmt.Sprintf(w.ZH, n)
	}
	if n == 1 {
		return "1 " + w.One
	}
	return strconv.FormatInt(int64(n), 10) + " " + w.Many
}

// Of is Count in both languages.
func (w Noun) Of(n int64) Text {
	return Text{Count(LangEN, n, w), Count(LangZH, n, w)}
}

// Plural is the English plural of a noun, as the counts write it: "try"
// "tries", "box" "boxes", "leaf" "leaves", "move before" "moves before",
// else with an s.
func Plural(noun string) string {
	switch {
	case strings.HasSuffix(noun, "y"):
		return noun[:len(noun)-1] + "ies"
	case strings.HasSuffix(noun, "x"):
		return noun + "es"
	case strings.HasSuffix(noun, "leaf"):
		return noun[:len(noun)-1] + "ves"
	case strings.HasSuffix(noun, " before"):
		return strings.TrimSuffix(noun, " before") + "s before"
	}
	return noun + "s"
}
