package stepper

import "github.com/backtrack-edu/backtrack/tracer"

// pick returns en or zh in the stepper's language: the tests write what
// they expect in both languages inline (the stepper itself reads the
// catalog, package words).
func (s *Stepper) pick(en, zh string) string {
	if s.lang == tracer.LangZH {
		return zh
	}
	return en
}
