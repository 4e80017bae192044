package play

import (
	"context"
	"errors"
	"fmt"
	"regexp"
	"strconv"
	"strings"

	"github.com/backtrack-edu/backtrack/tracer"
	"github.com/backtrack-edu/backtrack/tracer/words"
)

// Form is the playground's form as the page sends it: every field's text
// as typed or chosen, nothing read as a default by accident. An empty
// Puzzle, Order or Check is the problem's default (the page sends the
// puzzle only when it is not the example); N is required of a problem
// sized by n, as the form always shows it.
type Form struct {
	Problem, N, Puzzle, Order, Check, Lang, MaxSteps string
	// UI is the language of the playground page: its refusals are
	// written in it ("": English).
	UI string
	// Progress is Request.Progress.
	Progress func(steps int64)
}

// FormPage reads the form as the command reads its flags and runs it
// (Page). A bad field (a size of 0 or "abc", an unknown order, a step
// limit past MaxSteps) is refused with a *FieldError that names the field
// as the form does and then as the command does, in f.UI: it never runs
// the default instead.
func FormPage(ctx context.Context, f Form) ([]byte, error) {
	ui := uiLang(f.UI)
	label := func(err error) error {
		var fe *FieldError
		if errors.As(err, &fe) {
			fe.Labelled = true
		}
		return err
	}
	r := Request{Problem: f.Problem, Puzzle: f.Puzzle, Order: f.Order, Check: f.Check, Lang: f.Lang, UI: f.UI, Progress: f.Progress}
	steps, err := decimal(ui, "maxsteps", "--max-steps", f.MaxSteps)
	if err != nil {
		return nil, label(err)
	}
	r.MaxSteps = steps
	if def, err := tracer.Lookup(f.Problem); err == nil && (def.Size != nil || f.N != "") {
		n, err := decimal(ui, "n", "-n", f.N)
		if err != nil {
			return nil, label(err)
		}
		if n == 0 && def.Size != nil {
			// 0 is Request's default: here it is what was typed.
			return nil, label(refuse(ui, "n", words.PlayErrRange, "-n", 0, def.Size.Min, def.Size.Max))
		}
		r.N = int(max(min(n, 1<<30), -1<<30))
	}
	page, err := Page(ctx, r)
	return page, label(err)
}

// decimalDigits is what the command's number flags take.
var decimalDigits = regexp.MustCompile(`^[+-]?[0-9]+$`)

// decimal reads a number field as the command reads its flag.
func decimal(ui tracer.Lang, field, flag, s string) (int64, error) {
	v, err := strconv.ParseInt(s, 10, 64)
	if !decimalDigits.MatchString(s) || err != nil {
		return 0, refuse(ui, field, words.PlayErrNumber, s, flag)
	}
	return v, nil
}

// FieldError is a request the playground refuses: the form's field at
// fault and the command's line for it in English, with its Chinese.
type FieldError struct {
	// Field is the form's field: "problem", "n", "puzzle", "order",
	// "check", "lang" or "maxsteps".
	Field string
	// Msg is the command's line ("-n 0 is out of range: want 1 to 30")
	// and its Chinese.
	Msg tracer.Text
	// Lang is the language Error writes.
	Lang tracer.Lang
	// Labelled puts the form's name of the field first ("Size n: -n 0
	// …"): the playground page's refusals (FormPage).
	Labelled bool
}

// fieldLabels are the form's names of its fields.
var fieldLabels = map[string]words.Text{
	"problem": words.PlayProblem, "n": words.PlayN, "puzzle": words.PlayFieldPuzzle,
	"order": words.PlayFieldOrder, "check": words.PlayCheck, "lang": words.PlayLang, "maxsteps": words.PlaySteps,
}

// Error writes the refusal in e.Lang.
func (e *FieldError) Error() string {
	msg := e.Msg.In(e.Lang)
	if l, ok := fieldLabels[e.Field]; ok && e.Labelled {
		return words.PlayErrField.F(words.Lang(e.Lang), l.In(words.Lang(e.Lang)), msg)
	}
	return msg
}

// uiLang is the language of refusals: zh or English.
func uiLang(s string) tracer.Lang {
	if s == string(tracer.LangZH) {
		return tracer.LangZH
	}
	return tracer.LangEN
}

// values is a list of a field's values, written "a, b or c" / "a、b 或 c".
type values []string

// valuesIn lists vs.
func valuesIn[T ~string](vs []T) values {
	out := make(values, len(vs))
	for i, v := range vs {
		out[i] = string(v)
	}
	return out
}

func (v values) in(lang words.Lang) string {
	if len(v) < 2 {
		return strings.Join(v, "")
	}
	return strings.Join(v[:len(v)-1], words.PlayComma.In(lang)) + words.PlayOr.In(lang) + v[len(v)-1]
}

// refuse words a FieldError from a catalog format, a values argument
// listed in each language.
func refuse(ui tracer.Lang, field string, t words.Text, args ...any) error {
	msg := make([]string, 2)
	for i, lang := range []words.Lang{words.LangEN, words.LangZH} {
		a := make([]any, len(args))
		for j, x := range args {
			if v, ok := x.(values); ok {
				x = v.in(lang)
			}
			a[j] = x
		}
		msg[i] = t.F(lang, a...)
	}
	return &FieldError{Field: field, Msg: tracer.Text{EN: msg[0], ZH: msg[1]}, Lang: ui}
}

// asCommand is the command's line err for field, which the playground
// has no Chinese of (a puzzle's many faults): in Chinese, said to be the
// command's.
func asCommand(ui tracer.Lang, field string, err error) error {
	return &FieldError{Field: field, Msg: tracer.Text{EN: err.Error(), ZH: fmt.Sprintf(words.PlayErrAsCommand.ZH, err.Error())}, Lang: ui}
}

// settingField is the form's field of a tracer.SettingError.
func settingField(err error) string {
	var se *tracer.SettingError
	if !errors.As(err, &se) {
		return ""
	}
	switch se.Setting {
	case "limits":
		return "maxsteps"
	case "n", "puzzle", "order", "check", "lang", "problem":
		return se.Setting
	}
	return se.Setting
}
