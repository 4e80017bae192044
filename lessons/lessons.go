// Package lessons turns the five tutorials the project mirrors into lessons
// that cannot rot: each lesson is a spec (which instance, which strategies,
// which diagrams, tables, step-log excerpts and stepper views) and a page
// template in English and Chinese whose every number is a placeholder
// filled from the runs. Building a lesson runs its searches, checks the
// claims its text makes about them, draws its diagrams and writes the page;
// the tests compare every page with a golden transcript, as robpike.io/ivy
// checks its narrated demo.
//
// A lesson lives in a folder of this package, embedded in the binary:
//
//	000-2d-recursion/lesson.yaml    the spec (see Spec)
//	000-2d-recursion/lesson.en.md   the English page template (see page)
//	000-2d-recursion/lesson.zh.md   the Chinese page template
package lessons

import (
	"embed"
	"fmt"
	"io/fs"
	"path"
	"sort"
	"sync"

	"github.com/backtrack-edu/backtrack/tracer"
)

// files holds every lesson's spec and text.
//
//go:embed */lesson.yaml */lesson.*.md
var files embed.FS

// All returns every lesson, parsed from the embedded specs, in name order.
func All() ([]*Lesson, error) { return loadAll() }

var loadAll = sync.OnceValues(func() ([]*Lesson, error) { return Load(files) })

// Load parses every lesson in fsys: each folder holding a lesson.yaml.
// It is how All reads the embedded lessons, and how tests read others.
func Load(fsys fs.FS) ([]*Lesson, error) {
	specs, err := fs.Glob(fsys, "*/lesson.yaml")
	if err != nil {
		return nil, err
	}
	sort.Strings(specs)
	var out []*Lesson
	for _, sp := range specs {
		name := path.Dir(sp)
		data, err := fs.ReadFile(fsys, sp)
		if err != nil {
			return nil, err
		}
		text := map[tracer.Lang]string{}
		for _, lang := range tracer.Langs {
			b, err := fs.ReadFile(fsys, path.Join(name, fmt.Sprintf("lesson.%s.md", lang)))
			if err != nil {
				return nil, fmt.Errorf("lessons/%s: %w", name, err)
			}
			text[lang] = string(b)
		}
		l, err := Parse(name, "lessons/"+sp, data, text)
		if err != nil {
			return nil, err
		}
		out = append(out, l)
	}
	if len(out) == 0 {
		return nil, fmt.Errorf("lessons: no lesson found")
	}
	return out, nil
}

// Title returns the lesson's one-line title in lang.
func (l *Lesson) Title(lang tracer.Lang) string { return l.Spec.Title.In(lang) }
