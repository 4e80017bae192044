package lessons

import (
	"bytes"
	"errors"
	"fmt"
	"reflect"
	"regexp"
	"slices"
	"strings"

	"github.com/backtrack-edu/backtrack/render"
	"github.com/backtrack-edu/backtrack/tracer"
	"github.com/backtrack-edu/backtrack/tracer/problems/sudoku"
	"gopkg.in/yaml.v3"
)

// Spec is a lesson's spec, read from its lesson.yaml: the instance and
// strategies to run, and what the page shows of them. The teaching text is
// not here but in lesson.en.md and lesson.zh.md beside it.
type Spec struct {
	// Tutorial is the number of the tutorial the lesson follows ("000"
	// to "004"), or empty for a lesson of the project's own.
	Tutorial string `yaml:"tutorial"`
	// Title is the lesson's one-line title.
	Title Text `yaml:"title"`
	// Puzzles names puzzles that runs refer to by name. The name
	// "leetcode37" is always known: LeetCode 37's board.
	Puzzles map[string]string `yaml:"puzzles"`
	// Runs are the searches the lesson makes, each under a name.
	Runs []RunSpec `yaml:"runs"`
	// Tables compare runs: one row per run, one column per field.
	Tables []TableSpec `yaml:"tables"`
	// Diagrams draw a run's search tree as SVG.
	Diagrams []DiagramSpec `yaml:"diagrams"`
	// Charts draw the nodes per depth of runs as an SVG chart.
	Charts []ChartSpec `yaml:"charts"`
	// Excerpts quote the step log around a chosen step.
	Excerpts []ExcerptSpec `yaml:"excerpts"`
	// Views show the stepper's screen (board, call stack, note) at a step.
	Views []ViewSpec `yaml:"views"`
	// DepthTables show, depth by depth, how a run's tries were pruned and
	// how many of its calls found no solution below them.
	DepthTables []DepthTableSpec `yaml:"depth_tables"`
	// Attributions compare, for a Sudoku run, which rule each pruned
	// digit is blamed on by the framework's check (row, then column,
	// then box) and by tutorial 004's single loop, which looks at row
	// cell i, column cell i and box cell i together for i = 0..8.
	Attributions []AttributionSpec `yaml:"attributions"`
	// Printed are tutorial code run as printed, bugs and all (see
	// printed.go): what a student who types it in gets.
	Printed []PrintedSpec `yaml:"printed"`
	// Picks choose steps of runs for the exercises without showing them:
	// an exercise asks about the step, its answer names it.
	Picks []PickSpec `yaml:"picks"`
	// BlankTrees are small trees for "fill in the missing boxes"
	// exercises: the first boxes of a run's search tree, some of them
	// blanked, their labels the answer (see blanktree.go).
	BlankTrees []BlankTreeSpec `yaml:"blank_trees"`
	// Exercises end the page: questions a teacher asks, each with its
	// answer, both templates filled from the runs like the page.
	Exercises []ExerciseSpec `yaml:"exercises"`
	// Claims are what the text says about the runs, as comparisons that
	// building the lesson checks, such as "after.placements > before.placements".
	Claims []string `yaml:"claims"`
}

// DepthTableSpec is a table of a run by depth: calls, tries, pruned tries
// and their share, and calls that found no solution below them.
type DepthTableSpec struct {
	Name string `yaml:"name"`
	Run  string `yaml:"run"`
}

// AttributionSpec is a table of a Sudoku run's prunes by rule, counted
// two ways (see Spec.Attributions).
type AttributionSpec struct {
	Name string `yaml:"name"`
	Run  string `yaml:"run"`
}

// PrintedSpec runs a tutorial's code as printed (Code names it, see
// printedCodes) on a puzzle, stopped after MaxCalls calls.
type PrintedSpec struct {
	Name     string `yaml:"name"`
	Code     string `yaml:"code"`
	Puzzle   string `yaml:"puzzle"`
	MaxCalls int64  `yaml:"max_calls"`
}

// PickSpec is a step of a run chosen for an exercise (see Selector).
type PickSpec struct {
	Name string   `yaml:"name"`
	Run  string   `yaml:"run"`
	At   Selector `yaml:"at"`
}

// BlankTreeSpec is the first Boxes boxes of a run's search tree (calls
// and pruned tries, in the order the search made them), Blanks of them
// blanked and numbered: {{.BlankTree "name"}} draws it,
// {{.BlankKey "name"}} gives each blank's box.
type BlankTreeSpec struct {
	Name   string `yaml:"name"`
	Run    string `yaml:"run"`
	Boxes  int    `yaml:"boxes"`  // 3 to 40 (default 12)
	Blanks int    `yaml:"blanks"` // 1 to Boxes-1 (default 4)
}

// ExerciseSpec is one exercise: a question and its answer, each a
// template in both languages whose numbers come from the runs.
type ExerciseSpec struct {
	Q Text `yaml:"q"`
	A Text `yaml:"a"`
}

// Text is a short text in every language of the lessons.
type Text struct {
	EN string `yaml:"en"`
	ZH string `yaml:"zh"`
}

// In returns the text in lang (English for any other language).
func (t Text) In(lang tracer.Lang) string {
	if lang == tracer.LangZH {
		return t.ZH
	}
	return t.EN
}

// RunSpec is a named search of a lesson. Puzzle may name one of the spec's
// puzzles (or "leetcode37") instead of spelling the puzzle out.
type RunSpec struct {
	Name   string `yaml:"name"`
	Label  Text   `yaml:"label"` // what tables call the run (default: its strategy)
	Search `yaml:",inline"`
}

// TableSpec is a table of runs: one row per run, one column per field (see
// Fields for the names).
type TableSpec struct {
	Name   string   `yaml:"name"`
	Runs   []string `yaml:"runs"`
	Fields []string `yaml:"fields"`
}

// DiagramSpec is a search-tree diagram of one run, trimmed as
// `backtrack trace --svg` trims with the same options: fitted to a 16:9
// slide unless it gives max_nodes, depth or focus (see
// render.GivenTrimming) or says fit: none.
type DiagramSpec struct {
	Name    string `yaml:"name"`
	Run     string `yaml:"run"`
	Caption Text   `yaml:"caption"`
	// MaxNodes is the node budget (absent: render.DefaultMaxNodes; 0: all).
	MaxNodes *int   `yaml:"max_nodes"`
	Depth    int    `yaml:"depth"`
	Focus    string `yaml:"focus"`
	AtStep   int64  `yaml:"at_step"`
	Boards   bool   `yaml:"boards"`
	// Fit is the slide the picture is fitted to, as --fit writes it:
	// 16:9 (the default), 4:3, or none for a picture that must be drawn
	// bigger than a slide, which then needs a WideReason.
	Fit string `yaml:"fit"`
	// WideReason says why a picture with fit: none is not fitted to a
	// slide; the page prints it next to the picture.
	WideReason Text `yaml:"wide_reason"`
}

// slide returns the slide the diagram is fitted to, by the command
// line's rule: the zero Slide when fit is none or the trimming is given
// by hand.
func (d *DiagramSpec) slide() render.Slide {
	fit := render.Slide16x9
	if d.Fit != "" {
		fit, _ = render.ParseFit(d.Fit) // checked by Parse
	}
	return render.GivenTrimming{MaxNodes: d.MaxNodes != nil, Depth: d.Depth != 0, Focus: d.Focus != ""}.Fit(fit)
}

// wide reports whether the spec says the picture is drawn bigger than a
// slide (fit: none).
func (d *DiagramSpec) wide() bool { return strings.TrimSpace(d.Fit) == "none" }

// ChartSpec is a chart of the nodes per depth of several runs.
type ChartSpec struct {
	Name    string   `yaml:"name"`
	Runs    []string `yaml:"runs"`
	Caption Text     `yaml:"caption"`
}

// ExcerptSpec quotes the notes of a run's step log: Before steps before the
// chosen step, the step, and After steps after it.
type ExcerptSpec struct {
	Name   string   `yaml:"name"`
	Run    string   `yaml:"run"`
	At     Selector `yaml:"at"`
	Before int      `yaml:"before"`
	After  int      `yaml:"after"`
}

// ViewSpec is the stepper's screen at a chosen step of a run: the board,
// the call stack (the path, the legal choices not yet tried and the tried ones), the note and the
// counters.
type ViewSpec struct {
	Name   string   `yaml:"name"`
	Run    string   `yaml:"run"`
	At     Selector `yaml:"at"`
	Width  int      `yaml:"width"`  // default 80
	Height int      `yaml:"height"` // default 24
}

// Selector chooses a step of a run: the Nth event (default the first) of
// Kind whose move is Move and depth Depth (each optional), then Offset
// steps on; or Step itself.
type Selector struct {
	Step   int64  `yaml:"step"`
	Kind   string `yaml:"kind"`
	Move   string `yaml:"move"`
	Depth  *int   `yaml:"depth"`
	Nth    int    `yaml:"nth"`
	Offset int64  `yaml:"offset"`
}

// Lesson is a spec with its name and its page templates.
type Lesson struct {
	Name string // the folder name, e.g. "000-2d-recursion"
	Spec Spec
	// Text holds the page template of each language: the narration, in
	// which every number is a placeholder filled from the runs.
	Text map[tracer.Lang]string
	file string // where the spec came from, for errors
}

// namePattern is what a name inside a spec looks like: runs, tables and
// the other parts become file names.
var namePattern = regexp.MustCompile(`^[a-z0-9][a-z0-9-]*$`)

// Parse reads a lesson: its spec (YAML) and its page template for each
// language. file names the spec in errors. Parsing is strict: an unknown
// key, a missing or duplicated name, a reference to a run that does not
// exist, a bad strategy or puzzle, a claim that does not parse: each is an
// error naming the file and what is wrong.
func Parse(name, file string, spec []byte, text map[tracer.Lang]string) (*Lesson, error) {
	l := &Lesson{Name: name, Text: text, file: file}
	if err := decodeStrict(file, spec, &l.Spec); err != nil {
		return nil, err
	}
	if err := l.check(); err != nil {
		return nil, fmt.Errorf("%s: %w", file, err)
	}
	for _, lang := range tracer.Langs {
		if strings.TrimSpace(text[lang]) == "" {
			return nil, fmt.Errorf("%s: no %s text (lesson.%s.md)", file, lang, lang)
		}
		if _, err := parseTemplate(l, lang); err != nil {
			return nil, err
		}
	}
	return l, nil
}

// decodeStrict decodes data into v, refusing keys v has no field for.
func decodeStrict(file string, data []byte, v any) error {
	var doc yaml.Node
	dec := yaml.NewDecoder(bytes.NewReader(data))
	if err := dec.Decode(&doc); err != nil {
		return fmt.Errorf("%s: %w", file, err)
	}
	if len(doc.Content) == 0 {
		return fmt.Errorf("%s: empty spec", file)
	}
	root := doc.Content[0]
	if err := checkKeys(root, reflect.TypeOf(v).Elem(), ""); err != nil {
		return fmt.Errorf("%s: %w", file, err)
	}
	if err := root.Decode(v); err != nil {
		return fmt.Errorf("%s: %w", file, err)
	}
	return nil
}

// checkKeys walks a YAML node against the Go type it decodes into and
// reports the first mapping key that type has no field for, with its line.
func checkKeys(n *yaml.Node, t reflect.Type, path string) error {
	for t.Kind() == reflect.Pointer {
		t = t.Elem()
	}
	if n.Kind == yaml.AliasNode {
		return fmt.Errorf("line %d: aliases are not allowed in a lesson spec", n.Line)
	}
	switch t.Kind() {
	case reflect.Struct:
		if n.Kind != yaml.MappingNode {
			return nil // Decode reports the type error
		}
		fields := yamlFields(t)
		for i := 0; i+1 < len(n.Content); i += 2 {
			k, v := n.Content[i], n.Content[i+1]
			ft, ok := fields[k.Value]
			if !ok {
				return fmt.Errorf("line %d: unknown key %q%s (want %s)", k.Line, k.Value, where(path), strings.Join(sortedKeys(fields), ", "))
			}
			if err := checkKeys(v, ft, join(path, k.Value)); err != nil {
				return err
			}
		}
	case reflect.Slice:
		if n.Kind != yaml.SequenceNode {
			return nil
		}
		for i, c := range n.Content {
			if err := checkKeys(c, t.Elem(), fmt.Sprintf("%s[%d]", path, i)); err != nil {
				return err
			}
		}
	case reflect.Map:
		if n.Kind != yaml.MappingNode {
			return nil
		}
		for i := 1; i < len(n.Content); i += 2 {
			if err := checkKeys(n.Content[i], t.Elem(), join(path, n.Content[i-1].Value)); err != nil {
				return err
			}
		}
	}
	return nil
}

func where(path string) string {
	if path == "" {
		return ""
	}
	return " in " + path
}

func join(path, key string) string {
	if path == "" {
		return key
	}
	return path + "." + key
}

// yamlFields maps the YAML keys of struct type t to their field types,
// following inline fields.
func yamlFields(t reflect.Type) map[string]reflect.Type {
	m := map[string]reflect.Type{}
	for i := 0; i < t.NumField(); i++ {
		f := t.Field(i)
		if !f.IsExported() {
			continue
		}
		tag := f.Tag.Get("yaml")
		name, opts, _ := strings.Cut(tag, ",")
		if opts == "inline" {
			for k, v := range yamlFields(f.Type) {
				m[k] = v
			}
			continue
		}
		if name == "-" {
			continue
		}
		if name == "" {
			name = strings.ToLower(f.Name)
		}
		m[name] = f.Type
	}
	return m
}

func sortedKeys[V any](m map[string]V) []string {
	ks := make([]string, 0, len(m))
	for k := range m {
		ks = append(ks, k)
	}
	slices.Sort(ks)
	return ks
}

// check validates a decoded spec: names, references, strategies, claims.
func (l *Lesson) check() error {
	s := &l.Spec
	if s.Title.EN == "" || s.Title.ZH == "" {
		return errors.New("title: want both en and zh")
	}
	if len(s.Runs) == 0 {
		return errors.New("runs: a lesson needs at least one run")
	}
	runs := map[string]*RunSpec{}
	for i := range s.Runs {
		r := &s.Runs[i]
		if err := checkName("runs", r.Name); err != nil {
			return err
		}
		if runs[r.Name] != nil {
			return fmt.Errorf("runs: %q is defined twice", r.Name)
		}
		runs[r.Name] = r
		if p, ok := s.Puzzles[r.Puzzle]; ok {
			r.Puzzle = p
		} else if r.Puzzle == "leetcode37" {
			r.Puzzle = sudoku.LeetCode37
		}
		if _, _, err := r.Build(); err != nil {
			return fmt.Errorf("run %s: %w", r.Name, err)
		}
	}
	ref := func(part, name, run string) error {
		if runs[run] == nil {
			return fmt.Errorf("%s %s: unknown run %q (the runs are %s)", part, name, run, strings.Join(runNames(s), ", "))
		}
		return nil
	}
	seen := map[string]string{} // file-name parts must not collide
	named := func(part, name string) error {
		if err := checkName(part, name); err != nil {
			return err
		}
		if p, ok := seen[name]; ok {
			return fmt.Errorf("%s: the name %q is already used by %s", part, name, p)
		}
		seen[name] = part
		return nil
	}
	for _, t := range s.Tables {
		if err := named("tables", t.Name); err != nil {
			return err
		}
		if len(t.Runs) == 0 || len(t.Fields) == 0 {
			return fmt.Errorf("table %s: want runs and fields", t.Name)
		}
		for _, r := range t.Runs {
			if err := ref("table", t.Name, r); err != nil {
				return err
			}
		}
		for _, f := range t.Fields {
			if _, ok := fieldLabels[f]; !ok && !isRuleField(f) {
				return fmt.Errorf("table %s: unknown field %q (want %s)", t.Name, f, strings.Join(FieldNames(), ", "))
			}
		}
	}
	for _, d := range s.Diagrams {
		if err := named("diagrams", d.Name); err != nil {
			return err
		}
		if err := ref("diagram", d.Name, d.Run); err != nil {
			return err
		}
		if (d.MaxNodes != nil && *d.MaxNodes < 0) || d.Depth < 0 || d.AtStep < 0 {
			return fmt.Errorf("diagram %s: max_nodes, depth and at_step must not be negative", d.Name)
		}
		if d.Fit != "" {
			if _, err := render.ParseFit(d.Fit); err != nil {
				return fmt.Errorf("diagram %s: fit: %w", d.Name, err)
			}
		}
		hasReason := d.WideReason.EN != "" || d.WideReason.ZH != ""
		switch {
		case d.wide() && (d.WideReason.EN == "" || d.WideReason.ZH == ""):
			return fmt.Errorf("diagram %s: fit: none wants a wide_reason in en and zh (why the picture is not fitted to a slide)", d.Name)
		case !d.wide() && hasReason:
			return fmt.Errorf("diagram %s: wide_reason is only for a diagram with fit: none", d.Name)
		}
	}
	for _, c := range s.Charts {
		if err := named("charts", c.Name); err != nil {
			return err
		}
		if len(c.Runs) == 0 {
			return fmt.Errorf("chart %s: want runs", c.Name)
		}
		for _, r := range c.Runs {
			if err := ref("chart", c.Name, r); err != nil {
				return err
			}
		}
	}
	for _, e := range s.Excerpts {
		if err := named("excerpts", e.Name); err != nil {
			return err
		}
		if err := ref("excerpt", e.Name, e.Run); err != nil {
			return err
		}
		if err := e.At.check(); err != nil {
			return fmt.Errorf("excerpt %s: %w", e.Name, err)
		}
		if e.Before < 0 || e.After < 0 || e.Before+e.After > 40 {
			return fmt.Errorf("excerpt %s: before and after must be 0 or more, 40 steps at most in all", e.Name)
		}
	}
	for _, v := range s.Views {
		if err := named("views", v.Name); err != nil {
			return err
		}
		if err := ref("view", v.Name, v.Run); err != nil {
			return err
		}
		if err := v.At.check(); err != nil {
			return fmt.Errorf("view %s: %w", v.Name, err)
		}
		if v.Width < 0 || v.Height < 0 {
			return fmt.Errorf("view %s: width and height must not be negative", v.Name)
		}
	}
	for _, d := range s.DepthTables {
		if err := named("depth_tables", d.Name); err != nil {
			return err
		}
		if err := ref("depth table", d.Name, d.Run); err != nil {
			return err
		}
	}
	for _, a := range s.Attributions {
		if err := named("attributions", a.Name); err != nil {
			return err
		}
		if err := ref("attribution", a.Name, a.Run); err != nil {
			return err
		}
		if r := runs[a.Run]; r.Problem != "sudoku" {
			return fmt.Errorf("attribution %s: run %s is not a Sudoku run", a.Name, a.Run)
		} else if _, err := parsePrintedBoard(r.Puzzle); err != nil {
			return fmt.Errorf("attribution %s: run %s: want a 9×9 puzzle: %w", a.Name, a.Run, err)
		}
	}
	for i := range s.Printed {
		pr := &s.Printed[i]
		if err := named("printed", pr.Name); err != nil {
			return err
		}
		if _, ok := printedCodes[pr.Code]; !ok {
			return fmt.Errorf("printed %s: unknown code %q (want %s)", pr.Name, pr.Code, strings.Join(sortedKeys(printedCodes), ", "))
		}
		if p, ok := s.Puzzles[pr.Puzzle]; ok {
			pr.Puzzle = p
		} else if pr.Puzzle == "leetcode37" {
			pr.Puzzle = sudoku.LeetCode37
		}
		if _, err := parsePrintedBoard(pr.Puzzle); err != nil {
			return fmt.Errorf("printed %s: %w", pr.Name, err)
		}
		if pr.MaxCalls <= 0 {
			return fmt.Errorf("printed %s: max_calls: want a positive call limit (the printed code may never finish)", pr.Name)
		}
	}
	for _, pk := range s.Picks {
		if err := named("picks", pk.Name); err != nil {
			return err
		}
		if err := ref("pick", pk.Name, pk.Run); err != nil {
			return err
		}
		if err := pk.At.check(); err != nil {
			return fmt.Errorf("pick %s: %w", pk.Name, err)
		}
	}
	for i := range s.BlankTrees {
		bt := &s.BlankTrees[i]
		if err := named("blank_trees", bt.Name); err != nil {
			return err
		}
		if err := ref("blank tree", bt.Name, bt.Run); err != nil {
			return err
		}
		if bt.Boxes == 0 {
			bt.Boxes = defaultBlankBoxes
		}
		if bt.Blanks == 0 {
			bt.Blanks = min(defaultBlanks, bt.Boxes-1)
		}
		if bt.Boxes < 3 || bt.Boxes > maxBlankBoxes {
			return fmt.Errorf("blank tree %s: boxes: want 3 to %d, not %d", bt.Name, maxBlankBoxes, bt.Boxes)
		}
		if bt.Blanks < 1 || bt.Blanks >= bt.Boxes {
			return fmt.Errorf("blank tree %s: blanks: want 1 to %d (fewer than the boxes), not %d", bt.Name, bt.Boxes-1, bt.Blanks)
		}
	}
	for i, x := range s.Exercises {
		if x.Q.EN == "" || x.Q.ZH == "" || x.A.EN == "" || x.A.ZH == "" {
			return fmt.Errorf("exercise %d: want q and a, each in en and zh", i+1)
		}
	}
	for _, c := range s.Claims {
		cl, err := parseClaim(c)
		if err != nil {
			return fmt.Errorf("claim %q: %w", c, err)
		}
		for _, t := range append(slices.Clone(cl.left), cl.right...) {
			if t.run != "" {
				if err := ref("claim", strconvQuote(c), t.run); err != nil {
					return err
				}
			}
		}
	}
	return nil
}

func strconvQuote(s string) string { return fmt.Sprintf("%q", s) }

func checkName(part, name string) error {
	if !namePattern.MatchString(name) {
		return fmt.Errorf("%s: name %q: want lower-case letters, digits and dashes", part, name)
	}
	return nil
}

func runNames(s *Spec) []string {
	var ns []string
	for _, r := range s.Runs {
		ns = append(ns, r.Name)
	}
	return ns
}

// check validates a selector on its own; whether it matches a step is
// known only when the run is made.
func (sel Selector) check() error {
	if sel.Step < 0 || sel.Nth < 0 || sel.Offset < 0 {
		return errors.New("at: step, nth and offset must not be negative")
	}
	if sel.Step > 0 && (sel.Kind != "" || sel.Move != "" || sel.Depth != nil || sel.Nth != 0) {
		return errors.New("at: give a step, or a kind (with move, depth, nth), not both")
	}
	if sel.Step == 0 && sel.Kind == "" {
		return errors.New("at: want a step or a kind")
	}
	if sel.Kind != "" {
		if _, err := tracer.ParseKind(sel.Kind); err != nil {
			return fmt.Errorf("at: %w", err)
		}
	}
	return nil
}

// run returns the run called name.
func (l *Lesson) run(name string) *RunSpec {
	for i := range l.Spec.Runs {
		if l.Spec.Runs[i].Name == name {
			return &l.Spec.Runs[i]
		}
	}
	return nil
}
