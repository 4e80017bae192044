package cli

import (
	"errors"
	"os"
	"strings"

	"github.com/backtrack-edu/backtrack/tracer"
)

// localeVars are the environment variables that name the user's language,
// in the order the C library reads them for messages: the first one set
// decides.
var localeVars = []string{"LC_ALL", "LC_MESSAGES", "LANG"}

// localeLang is the language the commands speak when --lang is not given:
// zh when the first of LC_ALL, LC_MESSAGES and LANG that is set names
// Chinese (zh_CN.UTF-8, zh_TW, zh), else en (C, POSIX, en_US, fr_FR...,
// or none set).
func localeLang() tracer.Lang { return langFromLocale(os.Getenv) }

// langFromLocale is localeLang reading the environment through getenv.
func langFromLocale(getenv func(string) string) tracer.Lang {
	for _, v := range localeVars {
		if s := getenv(v); s != "" {
			if strings.HasPrefix(strings.ToLower(s), "zh") {
				return tracer.LangZH
			}
			return tracer.LangEN
		}
	}
	return tracer.LangEN
}

// parseLangFlag parses a --lang flag's value; "" (not given) is the locale's
// language.
func parseLangFlag(s string) (tracer.Lang, error) {
	if s == "" {
		return localeLang(), nil
	}
	l, err := tracer.ParseLang(s)
	if err != nil {
		if inner := errors.Unwrap(err); inner != nil {
			err = inner // the value and what is wanted, without the package's prefix
		}
		return "", usagef("--lang: %v", err)
	}
	return l, nil
}

// langHelp ends the help of every --lang flag.
const langHelp = "en or zh (default: zh when LC_ALL, LC_MESSAGES or LANG, the first set, names Chinese, such as zh_CN.UTF-8; else en)"
