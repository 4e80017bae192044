package render

import (
	"bytes"
	"fmt"
	"io"
	"strconv"

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
