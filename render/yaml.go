package render

import (
	"bytes"
	"errors"
	"fmt"
	"io"
	"regexp"
	"strconv"
	"strings"

	"gopkg.in/yaml.v3"

	"backtrack/tracer"
)

// mapping builds a YAML mapping node from key/value pairs, keeping order.
type mapping struct{ n *yaml.Node }

func newMapping() mapping { return mapping{&yaml.Node{Kind: yaml.MappingNode}} }

func (m mapping) add(key string, v *yaml.Node) mapping {
	m.n.Content = append(m.n.Content, &yaml.Node{Kind: yaml.ScalarNode, Value: key}, v)
	return m
}

func (m mapping) str(key, v string) mapping {
	return m.add(key, &yaml.Node{Kind: yaml.ScalarNode, Value: v, Style: quoteIfNeeded(v)})
}

func (m mapping) int(key string, v int64) mapping {
	return m.add(key, &yaml.Node{Kind: yaml.ScalarNode, Tag: "!!int", Value: strconv.FormatInt(v, 10)})
}

// quoteIfNeeded quotes strings YAML would read as something else.
func quoteIfNeeded(s string) yaml.Style {
	var v any
	if err := yaml.Unmarshal([]byte(s), &v); err != nil {
		return yaml.DoubleQuotedStyle
	}
	if _, ok := v.(string); !ok || s == "" {
		return yaml.DoubleQuotedStyle
	}
	return 0
}

func seqOf(items []string) *yaml.Node {
	n := &yaml.Node{Kind: yaml.SequenceNode}
	for _, s := range items {
		n.Content = append(n.Content, &yaml.Node{Kind: yaml.ScalarNode, Value: s, Style: quoteIfNeeded(s)})
	}
	return n
}

// summaryNode is the summary as a YAML mapping with the keys of --stats, in
// order: problem, size, strategy, status, solutions, nodes, tries, rejects,
// placements, backtracks, max_depth, steps, check_cost, scan_cost, solution.
func summaryNode(sum tracer.Summary) *yaml.Node {
	st := &sum.Stats
	strat := newMapping().
		str("order", string(sum.Strategy.Order)).
		str("check", string(sum.Strategy.Check)).
		str("when", string(sum.Strategy.When)).
		str("stop", string(sum.Strategy.Stop))
	rejects := newMapping().int("total", st.RejectTotal())
	for _, r := range sum.Rules {
		rejects.int(r.String(), st.Rejects[r])
	}
	sol := seqOf(sum.Solution)
	if len(sum.Solution) == 0 {
		sol.Style = yaml.FlowStyle
	}
	return newMapping().
		str("problem", sum.Problem).
		int("size", int64(sum.Size)).
		add("strategy", strat.n).
		str("status", string(sum.Status)).
		int("solutions", st.Solutions).
		int("nodes", st.Nodes).
		int("tries", st.Tries).
		add("rejects", rejects.n).
		int("placements", st.Placements).
		int("backtracks", st.Backtracks).
		int("max_depth", int64(st.MaxDepth)).
		int("steps", st.Steps).
		int("check_cost", st.CheckCost).
		int("scan_cost", st.ScanCost).
		add("solution", sol).n
}

// WriteStats writes the summary of a run as the YAML document of --stats.
func WriteStats(w io.Writer, sum tracer.Summary) error {
	var buf bytes.Buffer
	enc := yaml.NewEncoder(&buf)
	enc.SetIndent(2)
	if err := enc.Encode(summaryNode(sum)); err != nil {
		return fmt.Errorf("stats: %w", err)
	}
	if err := enc.Close(); err != nil {
		return fmt.Errorf("stats: %w", err)
	}
	_, err := w.Write(buf.Bytes())
	return err
}

// ---- the step log's header and summary, and its reader of record ----

// encodeLogHeader writes the keys of a step log before its steps.
func encodeLogHeader(h LogHeader) ([]byte, error) {
	strat := newMapping().
		str("order", string(h.Strategy.Order)).
		str("check", string(h.Strategy.Check)).
		str("when", string(h.Strategy.When)).
		str("stop", string(h.Strategy.Stop))
	strat.n.Style = yaml.FlowStyle
	m := newMapping().
		str("format", h.Format).
		str("tool", h.Tool).
		str("problem", h.Problem).
		int("size", int64(h.Size)).
		add("instance", &yaml.Node{Kind: yaml.ScalarNode, Value: h.Instance, Style: yaml.DoubleQuotedStyle}).
		add("strategy", strat.n).
		str("lang", h.Lang)
	return encodeYAML(m.n)
}

// encodeLogSummary writes the summary key of a step log: the --stats keys.
func encodeLogSummary(sum tracer.Summary) ([]byte, error) {
	return encodeYAML(newMapping().add("summary", summaryNode(sum)).n)
}

func encodeYAML(n *yaml.Node) ([]byte, error) {
	var buf bytes.Buffer
	enc := yaml.NewEncoder(&buf)
	enc.SetIndent(2)
	if err := enc.Encode(n); err != nil {
		return nil, err
	}
	if err := enc.Close(); err != nil {
		return nil, err
	}
	return buf.Bytes(), nil
}

// logStrategy is the strategy as a log spells it.
type logStrategy struct {
	Order *string `yaml:"order"`
	Check *string `yaml:"check"`
	When  *string `yaml:"when"`
	Stop  *string `yaml:"stop"`
}

func (s *logStrategy) strategy(missing func(string) error) (tracer.Strategy, error) {
	for _, f := range []struct {
		key string
		v   *string
	}{{"order", s.Order}, {"check", s.Check}, {"when", s.When}, {"stop", s.Stop}} {
		if f.v == nil {
			return tracer.Strategy{}, missing("strategy." + f.key)
		}
	}
	return tracer.Strategy{Order: tracer.Order(*s.Order), Check: tracer.Check(*s.Check),
		When: tracer.When(*s.When), Stop: tracer.Stop(*s.Stop)}, nil
}

// decodeLogHeader reads the keys before a log's steps, the format first.
func decodeLogHeader(b []byte) (LogHeader, error) {
	var h LogHeader
	var probe struct {
		Format *string `yaml:"format"`
	}
	if err := yaml.Unmarshal(b, &probe); err != nil {
		return h, fmt.Errorf("not a step log: %v", yamlError(err))
	}
	switch {
	case probe.Format == nil:
		return h, errors.New(`no "format" key: not a step log`)
	case *probe.Format != LogFormat:
		return h, fmt.Errorf("format %q is not supported: want %s", *probe.Format, LogFormat)
	}
	var doc struct {
		Format   string       `yaml:"format"`
		Tool     string       `yaml:"tool"`
		Problem  *string      `yaml:"problem"`
		Size     *int         `yaml:"size"`
		Instance *string      `yaml:"instance"`
		Strategy *logStrategy `yaml:"strategy"`
		Lang     string       `yaml:"lang"`
	}
	dec := yaml.NewDecoder(bytes.NewReader(b))
	dec.KnownFields(true)
	if err := dec.Decode(&doc); err != nil {
		return h, fmt.Errorf("header: %v", yamlError(err))
	}
	missing := func(key string) error { return fmt.Errorf("header: missing %q", key) }
	switch {
	case doc.Problem == nil:
		return h, missing("problem")
	case doc.Size == nil:
		return h, missing("size")
	case doc.Instance == nil:
		return h, missing("instance")
	case doc.Strategy == nil:
		return h, missing("strategy")
	}
	st, err := doc.Strategy.strategy(missing)
	if err != nil {
		return h, err
	}
	return LogHeader{Format: doc.Format, Tool: doc.Tool, Problem: *doc.Problem, Size: *doc.Size,
		Instance: *doc.Instance, Strategy: st, Lang: doc.Lang}, nil
}

// decodeLogSummary reads the summary key of a log (b is the rest of the file
// from "summary:" on) and checks it against the header. Stats holds the
// summary's counts; the caller compares them with the steps.
func decodeLogSummary(b []byte, h *LogHeader) (tracer.Summary, error) {
	var sum tracer.Summary
	type keys struct {
		Problem    *string          `yaml:"problem"`
		Size       *int             `yaml:"size"`
		Strategy   *logStrategy     `yaml:"strategy"`
		Status     *string          `yaml:"status"`
		Solutions  *int64           `yaml:"solutions"`
		Nodes      *int64           `yaml:"nodes"`
		Tries      *int64           `yaml:"tries"`
		Rejects    map[string]int64 `yaml:"rejects"`
		Placements *int64           `yaml:"placements"`
		Backtracks *int64           `yaml:"backtracks"`
		MaxDepth   *int             `yaml:"max_depth"`
		Steps      *int64           `yaml:"steps"`
		CheckCost  *int64           `yaml:"check_cost"`
		ScanCost   *int64           `yaml:"scan_cost"`
		Solution   *[]string        `yaml:"solution"`
	}
	var doc struct {
		Summary *keys `yaml:"summary"`
	}
	dec := yaml.NewDecoder(bytes.NewReader(b))
	dec.KnownFields(true)
	if err := dec.Decode(&doc); err != nil {
		return sum, errors.New(yamlError(err))
	}
	k := doc.Summary
	if k == nil {
		return sum, errors.New("empty (was the file cut short?)")
	}
	missing := func(key string) error { return fmt.Errorf("missing %q", key) }
	ints := []struct {
		key string
		v   *int64
		to  *int64
	}{
		{"solutions", k.Solutions, &sum.Stats.Solutions}, {"nodes", k.Nodes, &sum.Stats.Nodes},
		{"tries", k.Tries, &sum.Stats.Tries}, {"placements", k.Placements, &sum.Stats.Placements},
		{"backtracks", k.Backtracks, &sum.Stats.Backtracks}, {"steps", k.Steps, &sum.Stats.Steps},
		{"check_cost", k.CheckCost, &sum.Stats.CheckCost}, {"scan_cost", k.ScanCost, &sum.Stats.ScanCost},
	}
	switch {
	case k.Problem == nil:
		return sum, missing("problem")
	case k.Size == nil:
		return sum, missing("size")
	case k.Strategy == nil:
		return sum, missing("strategy")
	case k.Status == nil:
		return sum, missing("status")
	case k.Rejects == nil:
		return sum, missing("rejects")
	case k.MaxDepth == nil:
		return sum, missing("max_depth")
	case k.Solution == nil:
		return sum, missing("solution")
	}
	for _, f := range ints {
		if f.v == nil {
			return sum, missing(f.key)
		}
		*f.to = *f.v
	}
	st, err := k.Strategy.strategy(missing)
	if err != nil {
		return sum, err
	}
	switch {
	case *k.Problem != h.Problem:
		return sum, fmt.Errorf("problem %q, but the header says %q", *k.Problem, h.Problem)
	case *k.Size != h.Size:
		return sum, fmt.Errorf("size %d, but the header says %d", *k.Size, h.Size)
	case st != h.Strategy:
		return sum, fmt.Errorf("strategy %v, but the header says %v", st, h.Strategy)
	}
	switch status := tracer.Status(*k.Status); status {
	case tracer.StatusSolved, tracer.StatusComplete, tracer.StatusLimit, tracer.StatusLost:
		sum.Status = status
	default:
		return sum, fmt.Errorf("unknown status %q", *k.Status)
	}
	sum.Rules = problemRules(h.Problem)
	if len(k.Rejects) != len(sum.Rules)+1 {
		return sum, fmt.Errorf("rejects: want total and %s", tracer.JoinValues(ruleNames(sum.Rules)))
	}
	var total int64
	for _, r := range sum.Rules {
		n, ok := k.Rejects[r.String()]
		if !ok {
			return sum, missing("rejects." + r.String())
		}
		sum.Stats.Rejects[r] = n
		total += n
	}
	if t, ok := k.Rejects["total"]; !ok || t != total {
		return sum, fmt.Errorf("rejects: total is not the sum of %s", tracer.JoinValues(ruleNames(sum.Rules)))
	}
	sum.Problem, sum.Size, sum.Instance, sum.Strategy = h.Problem, h.Size, h.Instance, st
	sum.Stats.MaxDepth = *k.MaxDepth
	if len(*k.Solution) > 0 {
		sum.Solution = *k.Solution
	}
	return sum, nil
}

func ruleNames(rules []tracer.Rule) []string {
	out := make([]string, len(rules))
	for i, r := range rules {
		out[i] = r.String()
	}
	return out
}

// yamlError words a yaml.v3 error for one line of output: without the
// "yaml: " in front, type errors joined, and a key a struct lacks named as
// an unknown key rather than by the Go type.
func yamlError(err error) string {
	var te *yaml.TypeError
	if errors.As(err, &te) {
		msgs := make([]string, len(te.Errors))
		for i, m := range te.Errors {
			msgs[i] = unknownField.ReplaceAllString(m, `unknown key "$1"`)
		}
		return strings.Join(msgs, "; ")
	}
	return strings.TrimPrefix(err.Error(), "yaml: ")
}

var unknownField = regexp.MustCompile(`field (\S+) not found in type \S+`)

// stepFieldsYAML takes a step line apart with yaml.v3: the reader of record
// for a line outside the fast reader's subset. The line must be one
// sequence item holding a mapping: "- {step: 1, kind: call, …}".
func stepFieldsYAML(line []byte, f *stepFields) error {
	var doc yaml.Node
	if err := yaml.Unmarshal(line, &doc); err != nil {
		return fmt.Errorf("not a step: %s", strings.TrimPrefix(yamlError(err), "line 1: "))
	}
	if len(doc.Content) != 1 || doc.Content[0].Kind != yaml.SequenceNode || len(doc.Content[0].Content) != 1 ||
		doc.Content[0].Content[0].Kind != yaml.MappingNode {
		return errors.New(`not a step: want "- {step: …, kind: …, node: …, depth: …}" or "summary:"`)
	}
	m := doc.Content[0].Content[0]
	for i := 0; i+1 < len(m.Content); i += 2 {
		k, v := m.Content[i], m.Content[i+1]
		if k.Kind != yaml.ScalarNode || k.ShortTag() != "!!str" {
			return fmt.Errorf("key %q is not a name", k.Value)
		}
		if err := f.add([]byte(k.Value), yamlStepVal(v)); err != nil {
			return err
		}
	}
	return nil
}

// yamlStepVal converts a value as yaml.v3 resolved it.
func yamlStepVal(n *yaml.Node) stepVal {
	if n.Kind == yaml.AliasNode && n.Alias != nil {
		n = n.Alias
	}
	v := stepVal{kind: valComplex, s: []byte(n.Value)}
	switch n.Kind {
	case yaml.ScalarNode:
		v.kind = valScalar
		switch n.ShortTag() {
		case "!!int":
			if n.Decode(&v.n) == nil {
				v.kind = valInt
			}
		case "!!str":
			v.kind = valStr
		case "!!bool":
			if n.Decode(&v.b) == nil {
				v.kind = valBool
			}
		case "!!null":
			v.kind = valNull
		}
	case yaml.SequenceNode:
		if len(n.Content) == 2 {
			a, b := yamlStepVal(n.Content[0]), yamlStepVal(n.Content[1])
			if a.kind == valInt && b.kind == valInt {
				v.kind, v.pair = valPair, [2]int64{a.n, b.n}
			}
		}
	}
	return v
}
