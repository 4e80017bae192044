package steplog

import (
	"bytes"
	"encoding/json"
	"fmt"
	"os"
	"path/filepath"
	"regexp"
	"slices"
	"strings"
	"testing"
	"unicode/utf8"

	"gopkg.in/yaml.v3"

	"github.com/backtrack-edu/backtrack/tracer"
)

// This file checks step logs against the format's JSON Schema
// (schema/backtrack-steps-3.schema.json) with a validator of the subset of
// JSON Schema the schema uses: type, const, enum, properties, required,
// additionalProperties (false or a schema), items, minItems, maxItems,
// minLength, maxLength, minimum, maximum, pattern, oneOf and $ref to
// #/$defs. It is a test's own: the module takes no dependency for it, and
// a keyword outside the subset fails the test (so the schema cannot grow
// a rule that is not checked).

type schemaValidator struct {
	root map[string]any
}

var schemaKeywords = []string{"$schema", "$id", "title", "description", "$defs", "type", "const", "enum", "properties",
	"required", "additionalProperties", "items", "minItems", "maxItems", "minLength", "maxLength", "minimum", "maximum",
	"pattern", "oneOf", "$ref"}

// validate returns the first place where v breaks schema s, "" if none.
func (sv *schemaValidator) validate(s map[string]any, v any, at string) string {
	for k := range s {
		if !slices.Contains(schemaKeywords, k) {
			return fmt.Sprintf("%s: the schema uses %q, which this validator does not know", at, k)
		}
	}
	if ref, ok := s["$ref"].(string); ok {
		name, ok := strings.CutPrefix(ref, "#/$defs/")
		def, _ := sv.root["$defs"].(map[string]any)[name].(map[string]any)
		if !ok || def == nil {
			return fmt.Sprintf("%s: unknown $ref %q", at, ref)
		}
		return sv.validate(def, v, at)
	}
	if c, ok := s["const"]; ok && !jsonEqual(c, v) {
		return fmt.Sprintf("%s: %v, want %v", at, v, c)
	}
	if e, ok := s["enum"].([]any); ok && !slices.ContainsFunc(e, func(x any) bool { return jsonEqual(x, v) }) {
		return fmt.Sprintf("%s: %v is not one of %v", at, v, e)
	}
	if os, ok := s["oneOf"].([]any); ok {
		n := 0
		for _, o := range os {
			if sv.validate(o.(map[string]any), v, at) == "" {
				n++
			}
		}
		if n != 1 {
			return fmt.Sprintf("%s: %v matches %d of oneOf, want 1", at, v, n)
		}
	}
	if t, ok := s["type"].(string); ok && !jsonType(t, v) {
		return fmt.Sprintf("%s: %v (%T) is not of type %s", at, v, v, t)
	}
	num := func(k string) (float64, bool) { f, ok := s[k].(float64); return f, ok }
	switch x := v.(type) {
	case string:
		n := float64(utf8.RuneCountInString(x))
		if m, ok := num("minLength"); ok && n < m {
			return fmt.Sprintf("%s: %q is shorter than %v", at, x, m)
		}
		if m, ok := num("maxLength"); ok && n > m {
			return fmt.Sprintf("%s: %q is longer than %v", at, x, m)
		}
		if p, ok := s["pattern"].(string); ok && !regexp.MustCompile(p).MatchString(x) {
			return fmt.Sprintf("%s: %q does not match %s", at, x, p)
		}
	case int:
		if m, ok := num("minimum"); ok && float64(x) < m {
			return fmt.Sprintf("%s: %d is below %v", at, x, m)
		}
		if m, ok := num("maximum"); ok && float64(x) > m {
			return fmt.Sprintf("%s: %d is above %v", at, x, m)
		}
	case []any:
		if m, ok := num("minItems"); ok && float64(len(x)) < m {
			return fmt.Sprintf("%s: %d items, want %v or more", at, len(x), m)
		}
		if m, ok := num("maxItems"); ok && float64(len(x)) > m {
			return fmt.Sprintf("%s: %d items, want %v or fewer", at, len(x), m)
		}
		if it, ok := s["items"].(map[string]any); ok {
			for i, e := range x {
				if msg := sv.validate(it, e, fmt.Sprintf("%s[%d]", at, i)); msg != "" {
					return msg
				}
			}
		}
	case map[string]any:
		req, _ := s["required"].([]any)
		for _, r := range req {
			if _, ok := x[r.(string)]; !ok {
				return fmt.Sprintf("%s: missing %q", at, r)
			}
		}
		props, _ := s["properties"].(map[string]any)
		keys := make([]string, 0, len(x))
		for k := range x {
			keys = append(keys, k)
		}
		slices.Sort(keys)
		for _, k := range keys {
			if p, ok := props[k].(map[string]any); ok {
				if msg := sv.validate(p, x[k], at+"."+k); msg != "" {
					return msg
				}
				continue
			}
			switch ap := s["additionalProperties"].(type) {
			case bool:
				if !ap {
					return fmt.Sprintf("%s: unknown key %q", at, k)
				}
			case map[string]any:
				if msg := sv.validate(ap, x[k], at+"."+k); msg != "" {
					return msg
				}
			}
		}
	}
	return ""
}

func jsonType(t string, v any) bool {
	switch t {
	case "object":
		_, ok := v.(map[string]any)
		return ok
	case "array":
		_, ok := v.([]any)
		return ok
	case "string":
		_, ok := v.(string)
		return ok
	case "integer":
		_, ok := v.(int)
		return ok
	case "boolean":
		_, ok := v.(bool)
		return ok
	}
	return false
}

// jsonEqual compares a schema's JSON value with a YAML one.
func jsonEqual(a, b any) bool {
	if f, ok := a.(float64); ok {
		i, ok := b.(int)
		return ok && float64(i) == f
	}
	return a == b
}

func loadSchema(t *testing.T) *schemaValidator {
	t.Helper()
	b, err := os.ReadFile(filepath.Join("schema", "backtrack-steps-3.schema.json"))
	if err != nil {
		t.Fatal(err)
	}
	var root map[string]any
	if err := json.Unmarshal(b, &root); err != nil {
		t.Fatalf("the schema is not JSON: %v", err)
	}
	return &schemaValidator{root: root}
}

// validateLog decodes a log with yaml.v3 and validates it.
func validateLog(t *testing.T, sv *schemaValidator, log []byte) string {
	t.Helper()
	var doc map[string]any
	if err := yaml.Unmarshal(log, &doc); err != nil {
		t.Fatalf("the log is not YAML: %v", err)
	}
	return sv.validate(sv.root, doc, "log")
}

// TestSchemaValidatesGoldenLogs validates every golden log of this version
// (testdata/*.yaml) and a log with a leaves table against the schema, and
// checks that the schema refuses what the reader refuses: a word missing,
// an unknown key, a wrong kind, an older format.
func TestSchemaValidatesGoldenLogs(t *testing.T) {
	sv := loadSchema(t)
	files, err := filepath.Glob(filepath.Join("testdata", "*.yaml"))
	if err != nil || len(files) == 0 {
		t.Fatalf("no golden logs (%v)", err)
	}
	for _, f := range files {
		b, err := os.ReadFile(f)
		if err != nil {
			t.Fatal(err)
		}
		if msg := validateLog(t, sv, b); msg != "" {
			t.Errorf("%s: %s", f, msg)
		}
	}
	log := logReadGolden(t, "steplog-nqueens4-first.yaml")
	for _, tc := range []struct{ name, from, to, want string }{
		{"a rule's Chinese name", "name: {en: column, zh: 同列}", "name: {en: column}", `log.definition.rules[0].name: missing "zh"`},
		{"an unknown key", "  stop: all\n", "  stop: all\n  speed: fast\n", `log.definition: unknown key "speed"`},
		{"a kind", "kind: try", "kind: jump", `log.steps[1].kind: jump is not one of`},
		{"the format", "format: " + Format, "format: " + FormatV2, `log.format: backtrack-steps/2, want backtrack-steps/3`},
		{"a leaf", "\nsummary:\n", "\nleaves:\n  - {path: [], words: {en: x, zh: y}}\nsummary:\n", `log.leaves[0].path: 0 items`},
	} {
		t.Run(tc.name, func(t *testing.T) {
			if !strings.Contains(log, tc.from) {
				t.Fatalf("no %q in the golden log", tc.from)
			}
			msg := validateLog(t, sv, []byte(strings.Replace(log, tc.from, tc.to, 1)))
			if !strings.HasPrefix(msg, tc.want) {
				t.Errorf("got %q, want %q…", msg, tc.want)
			}
		})
	}
}

// TestLeavesTable: a log of Combination Sum (the built-in whose Def words
// its pruned leaves, "over by 2", gives each call its own candidates and
// marks a repeat along a branch, 树枝) has leaves, loops and marks tables
// after its summary, valid under the schema, and its Def's notes,
// candidates and marks come back through the described Def of the log
// renamed, path by path.
func TestLeavesTable(t *testing.T) {
	c := logCase{problem: func() (tracer.Problem, error) {
		p, _, err := tracer.Spec{Problem: "combination-sum"}.Build()
		return p, err
	}, opts: tracer.Options{Stop: tracer.StopAll}}
	lr := runLogged(t, c, nil)
	if !bytes.Contains(lr.log, []byte("\nleaves:\n  - {path: [")) {
		t.Fatalf("no leaves table in the log:\n%s", lr.log[max(0, len(lr.log)-800):])
	}
	if msg := validateLog(t, loadSchema(t), lr.log); msg != "" {
		t.Errorf("%s", msg)
	}
	_, sum, err := Read(strings.NewReader(renamed(string(lr.log), lr.header.Problem, "sums-elsewhere")), nil)
	if err != nil {
		t.Fatal(err)
	}
	own := lr.sum.Def
	if own == nil {
		own = logProblemOf(t, lr.header).def
	}
	n := 0
	for i := int32(0); i < int32(lr.tree.Len()); i++ {
		nd := lr.tree.Node(i)
		var path []int
		for a := i; a >= 0 && lr.tree.Parent(a) >= 0; a = lr.tree.Parent(a) {
			path = append(path, int(lr.tree.Node(a).Value))
		}
		slices.Reverse(path)
		if nd.Kind == tracer.NodeCall {
			wlo, whi, wend := own.CallLoop(path)
			glo, ghi, gend := sum.Def.CallLoop(path)
			if wlo != glo || whi != ghi || wend != gend {
				t.Fatalf("call %v: the described Def loops %d..%d %v, the registered %d..%d %v", path, glo, ghi, gend, wlo, whi, wend)
			}
			wm, wok := own.CallMark(path)
			gm, gok := sum.Def.CallMark(path)
			if wm != gm || wok != gok {
				t.Fatalf("call %v: the described Def marks %v %v, the registered %v %v", path, gm, gok, wm, wok)
			}
		}
		if nd.Rule == tracer.RuleNone || lr.tree.Parent(i) < 0 {
			continue
		}
		want, wok := own.LeafNote(nd.Rule, path)
		got, gok := sum.Def.LeafNote(nd.Rule, path)
		if want != got || wok != gok {
			t.Fatalf("leaf %v: the described Def says %v %v, the registered %v %v", path, got, gok, want, wok)
		}
		n++
	}
	if n == 0 {
		t.Fatal("no pruned leaves")
	}
}
