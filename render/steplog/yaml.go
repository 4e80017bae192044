package steplog

import (
	"bytes"
	"errors"
	"fmt"
	"io"
	"math"
	"regexp"
	"slices"
	"strconv"
	"strings"
	"unicode/utf8"

	"gopkg.in/yaml.v3"

	"github.com/backtrack-edu/backtrack/tracer"
)

// This file is everything of a step log that yaml.v3 writes and reads: the
// header, the summary and the --stats document (the summary's keys), and
// the step lines outside the fast scanner's subset (the reader of record).

// Header describes the run a step log records: the keys before its steps.
type Header struct {
	Format   string          // Format; NewWriter fills it in when empty
	Tool     string          // the program that wrote the log and its version, e.g. "backtrack 0.1"
	Problem  string          // the name a problem is registered under (tracer.Def.Name)
	Size     int             // the instance's size (tracer.Info.Size): n, or a puzzle's side
	Instance string          // the instance as tracer.Info.Instance gives it: "n=8", a puzzle on one line
	Strategy tracer.Strategy // every axis, defaults filled in
	Lang     string          // the language of the notes ("en", "zh"), or "" without notes
	// Definition describes the problem to a reader that does not know it
	// (format version 3): NewWriter fills it in from the instance's
	// bound Def when it is nil. Read fills it in from the log; a log of
	// an older version has none.
	Definition *Definition
}

// HeaderFor returns the header of a log of a run of a problem described
// by info with opts. The strategy is the one tracer.Summarize gives the
// run, defaults filled in, so that the header and the summary agree. Tool
// and Lang are left for the caller.
func HeaderFor(info tracer.Info, opts tracer.Options) Header {
	st := tracer.Summarize(info, opts, &tracer.Result{}, &tracer.Stats{}).Strategy
	problem := info.Problem
	if info.Def != nil {
		problem = info.Def.Name
	}
	return Header{Format: Format, Problem: problem, Size: info.Size, Instance: info.Instance, Strategy: st}
}

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

// rowsOf is a board's rows as a YAML sequence, every row double-quoted
// alike: quoting only the rows YAML would misread ("...Q", "1432") would
// quote some rows of a board and not others.
func rowsOf(rows []string) *yaml.Node {
	n := &yaml.Node{Kind: yaml.SequenceNode}
	for _, s := range rows {
		n.Content = append(n.Content, &yaml.Node{Kind: yaml.ScalarNode, Value: s, Style: yaml.DoubleQuotedStyle})
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
	if sum.Strategy.Drop != tracer.DropNone {
		strat.str("drop", string(sum.Strategy.Drop))
	}
	rejects := newMapping().int("total", st.RejectTotal())
	for _, r := range sum.Rules {
		rejects.int(sum.RuleKey(r), st.Rejects[r])
	}
	sol := rowsOf(sum.Solution)
	if len(sum.Solution) == 0 {
		sol.Style = yaml.FlowStyle
	}
	m := newMapping().
		str("problem", sum.Problem).
		int("size", int64(sum.Size)).
		add("strategy", strat.n).
		str("status", string(sum.Status))
	if sum.Status == tracer.StatusLimit && sum.Limit != tracer.LimitNone {
		// Which limit: steps, calls, time, canceled (Ctrl-C) or size.
		m.str("limit", sum.Limit.String())
	}
	return m.
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
	if w == nil {
		return errors.New("stats: the writer is nil")
	}
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
func encodeLogHeader(h Header) ([]byte, error) {
	strat := newMapping().
		str("order", string(h.Strategy.Order)).
		str("check", string(h.Strategy.Check)).
		str("when", string(h.Strategy.When)).
		str("stop", string(h.Strategy.Stop))
	if h.Strategy.Drop != tracer.DropNone {
		strat.str("drop", string(h.Strategy.Drop))
	}
	strat.n.Style = yaml.FlowStyle
	m := newMapping().
		str("format", h.Format).
		str("tool", h.Tool).
		str("problem", h.Problem).
		int("size", int64(h.Size)).
		add("instance", &yaml.Node{Kind: yaml.ScalarNode, Value: h.Instance, Style: yaml.DoubleQuotedStyle}).
		add("strategy", strat.n).
		str("lang", h.Lang)
	if h.Definition != nil {
		var dn yaml.Node
		if err := dn.Encode(h.Definition); err != nil {
			return nil, fmt.Errorf("definition: %w", err)
		}
		m.add("definition", &dn)
	}
	return encodeYAML(m.n)
}

// encodeLogSummary writes the summary key of a step log: the --stats keys.
// and, after it, the leaves table of a Def with notes of pruned leaves.
func encodeLogSummary(sum tracer.Summary, leaves *leafTable) ([]byte, error) {
	m := newMapping().add("summary", summaryNode(sum))
	if leaves != nil && len(leaves.rows) > 0 {
		var n yaml.Node
		if err := n.Encode(leaves.rows); err != nil {
			return nil, err
		}
		m.add("leaves", &n)
	}
	if leaves != nil && len(leaves.loops) > 0 {
		var n yaml.Node
		if err := n.Encode(leaves.loops); err != nil {
			return nil, err
		}
		m.add("loops", &n)
	}
	if leaves != nil && len(leaves.marks) > 0 {
		var n yaml.Node
		if err := n.Encode(leaves.marks); err != nil {
			return nil, err
		}
		m.add("marks", &n)
	}
	return encodeYAML(m.n)
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

// ---- a step log's header and summary: reading ----
//
// The header and the summary are parsed by yaml.v3 into nodes, never
// decoded into Go structs: the keys and values are checked here, so that an
// error is one plain line that names the key and the line of the file, and
// an alias is looked up where it stands, never expanded.

// logDocError is an error in a log's header or summary. line is the line of
// the file it is on (0: not known).
type logDocError struct {
	line int
	msg  string
}

func (e *logDocError) Error() string { return e.msg }

// logDoc reads one YAML document of a step log: the header or the summary.
// off is added to yaml.v3's line numbers to make them the file's.
type logDoc struct {
	off int
}

// newLogDoc returns a reader for a document that starts on line first of
// the file.
func newLogDoc(first int) logDoc {
	// parse puts a blank line in front: yaml.v3 leaves the line out of an
	// error on the first line of what it parses.
	return logDoc{off: first - 2}
}

// errorf makes an error about node n (nil: about no line in particular).
func (d logDoc) errorf(n *yaml.Node, format string, args ...any) error {
	return &logDocError{line: d.line(n), msg: fmt.Sprintf(format, args...)}
}

// line returns the line of the file that n is on (0: not known).
func (d logDoc) line(n *yaml.Node) int {
	if n == nil || n.Line <= 0 {
		return 0
	}
	return n.Line + d.off
}

// parse parses b as one YAML document and returns its root node, or nil
// for a document with nothing in it. A second document (after a "---"
// line) that holds anything is an error.
func (d logDoc) parse(b []byte) (*yaml.Node, error) {
	// A byte-order mark may start a YAML stream; after the blank line put
	// in front of it, it would not.
	b = bytes.TrimPrefix(b, []byte("\ufeff"))
	if bytes.HasPrefix(b, []byte("\xfe\xff")) || bytes.HasPrefix(b, []byte("\xff\xfe")) {
		return nil, errors.New("the file is UTF-16 text: a step log is UTF-8")
	}
	dec := yaml.NewDecoder(io.MultiReader(strings.NewReader("\n"), bytes.NewReader(b)))
	var doc yaml.Node
	if err := dec.Decode(&doc); err != nil {
		if errors.Is(err, io.EOF) {
			return nil, nil
		}
		return nil, d.yamlError(err)
	}
	for {
		var next yaml.Node
		err := dec.Decode(&next)
		if errors.Is(err, io.EOF) {
			break
		}
		if err != nil {
			return nil, d.yamlError(err)
		}
		if n := docRoot(&next); n != nil && !isNullNode(n) {
			return nil, d.errorf(n, `a second YAML document (after a "---" line): a step log is one document`)
		}
	}
	return docRoot(&doc), nil
}

func docRoot(doc *yaml.Node) *yaml.Node {
	if doc.Kind == yaml.DocumentNode {
		if len(doc.Content) == 0 {
			return nil
		}
		return doc.Content[0]
	}
	return doc
}

// yamlError turns an error of yaml.v3's parser into one line, with the
// line of the file.
func (d logDoc) yamlError(err error) error {
	line, msg := yamlMessage(err)
	if line > 0 {
		line += d.off
	}
	return &logDocError{line: line, msg: msg}
}

// yamlMessage takes an error of yaml.v3's parser ("yaml: line 3: did not
// find expected key") apart: the line it names (0: none), counted from 1,
// and the message, on one line. The line is where the construct that
// failed starts (an unclosed "[" for "did not find expected ',' or ']'").
func yamlMessage(err error) (int, string) {
	msg := strings.TrimPrefix(err.Error(), "yaml: ")
	line := 0
	if rest, ok := strings.CutPrefix(msg, "line "); ok {
		if i := strings.Index(rest, ": "); i > 0 {
			if n, err := strconv.Atoi(rest[:i]); err == nil && n >= 0 {
				line, msg = n, rest[i+2:]
				if yamlParserProblems[msg] {
					line++ // yaml.v3 counts these from 0, the scanner's from 1
				}
			}
		}
	}
	return line, strings.Join(strings.Fields(msg), " ")
}

// yamlParserProblems are the errors of yaml.v3's parser (parserc.go), as
// opposed to its scanner's: for these it gives the line counted from 0.
var yamlParserProblems = map[string]bool{
	"did not find expected ',' or ']'":       true,
	"did not find expected ',' or '}'":       true,
	"did not find expected '-' indicator":    true,
	"did not find expected <document start>": true,
	"did not find expected <stream-start>":   true,
	"did not find expected key":              true,
	"did not find expected node content":     true,
	"found duplicate %TAG directive":         true,
	"found duplicate %YAML directive":        true,
	"found incompatible YAML document":       true,
	"found undefined tag handle":             true,
}

// unalias returns the node an alias stands for. The walk below never
// follows an alias twice into the same place, so no alias is expanded
// into copies (a "billion laughs" document costs what its text does).
func unalias(n *yaml.Node) *yaml.Node {
	if n.Kind == yaml.AliasNode && n.Alias != nil {
		return n.Alias
	}
	return n
}

func isNullNode(n *yaml.Node) bool {
	return n.Kind == yaml.ScalarNode && n.ShortTag() == "!!null"
}

// describeNode names a value for an error message, briefly.
func describeNode(n *yaml.Node) string {
	n = unalias(n)
	switch {
	case isNullNode(n):
		return "nothing"
	case n.Kind == yaml.ScalarNode:
		return quoteShort(n.Value)
	case n.Kind == yaml.SequenceNode:
		return "a list"
	case n.Kind == yaml.MappingNode:
		return "keys and values"
	}
	return "an alias"
}

// cutShort cuts s to 40 characters for an error message.
func cutShort(s string) string {
	const most = 40
	if utf8.RuneCountInString(s) <= most {
		return s
	}
	return string([]rune(s)[:most]) + "…"
}

// quoteShort quotes s for an error message, cut to 40 characters.
func quoteShort(s string) string {
	if c := cutShort(s); c != s {
		return strconv.Quote(strings.TrimSuffix(c, "…")) + "…"
	}
	return strconv.Quote(s)
}

// logField is a key of a mapping and its value: val with an alias
// resolved, at as written (errors about the value name at's line).
type logField struct {
	key, val, at *yaml.Node
}

func newLogField(key, val *yaml.Node) logField { return logField{key, unalias(val), val} }

// keyPath names key inside the mapping under parent ("" at the top).
func keyPath(parent, key string) string {
	if parent == "" {
		return key
	}
	return parent + "." + key
}

// lookup finds key in mapping n, not minding the other keys.
func lookup(n *yaml.Node, key string) (logField, bool) {
	if n == nil || n.Kind != yaml.MappingNode {
		return logField{}, false
	}
	for i := 0; i+1 < len(n.Content); i += 2 {
		if k := unalias(n.Content[i]); k.Kind == yaml.ScalarNode && k.Value == key {
			return newLogField(n.Content[i], n.Content[i+1]), true
		}
	}
	return logField{}, false
}

// fields takes mapping n (the value of key name) apart: each key must be
// one of keys, and appear once.
func (d logDoc) fields(n *yaml.Node, name string, keys []string) (map[string]logField, error) {
	at := n
	n = unalias(n)
	if n.Kind != yaml.MappingNode {
		if name == "" {
			return nil, d.errorf(at, "want keys and values, got %s", describeNode(n))
		}
		return nil, d.errorf(at, "%s: want keys and values, got %s", name, describeNode(n))
	}
	out := make(map[string]logField, len(keys))
	for i := 0; i+1 < len(n.Content); i += 2 {
		kn := n.Content[i]
		k := unalias(kn)
		if k.Kind != yaml.ScalarNode {
			return nil, d.errorf(kn, "a key is %s, not a name", describeNode(k))
		}
		if !slices.Contains(keys, k.Value) {
			return nil, d.errorf(kn, "unknown key %s (want %s)", quoteShort(keyPath(name, k.Value)), strings.Join(keys, ", "))
		}
		if f, ok := out[k.Value]; ok {
			return nil, d.errorf(kn, "key %q given twice (first on line %d)", keyPath(name, k.Value), d.line(f.key))
		}
		out[k.Value] = newLogField(kn, n.Content[i+1])
	}
	return out, nil
}

// need returns the field of a key that must be there, with a value.
func (d logDoc) need(m map[string]logField, parent *yaml.Node, name, key string) (logField, error) {
	f, ok := m[key]
	switch {
	case !ok:
		return f, d.errorf(parent, "missing %q", keyPath(name, key))
	case isNullNode(f.val):
		return f, d.errorf(f.key, "%s has no value", keyPath(name, key))
	}
	return f, nil
}

// text reads a value as text: any scalar, as yaml.v3 decodes it into a
// string (nothing is "").
func (d logDoc) text(f logField, key string) (string, error) {
	var s string
	if f.val.Kind != yaml.ScalarNode || f.val.Decode(&s) != nil {
		return "", d.errorf(f.at, "%s: want text, got %s", key, describeNode(f.val))
	}
	return s, nil
}

// integer reads a value as a whole number, as yaml.v3 decodes it into an
// int64.
func (d logDoc) integer(f logField, key string) (int64, error) {
	var n int64
	if f.val.Kind != yaml.ScalarNode || isNullNode(f.val) || f.val.Decode(&n) != nil {
		return 0, d.errorf(f.at, "%s: want a whole number, got %s", key, describeNode(f.val))
	}
	return n, nil
}

// smallInt reads a whole number that fits an int32 (a size, a depth).
func (d logDoc) smallInt(f logField, key string) (int, error) {
	n, err := d.integer(f, key)
	if err == nil && (n < math.MinInt32 || n > math.MaxInt32) {
		err = d.errorf(f.at, "%s: %d is out of range", key, n)
	}
	return int(n), err
}

// logStrategyKeys are the keys of a strategy; the last, drop, is written
// only when a line is dropped.
var logStrategyKeys = []string{"order", "check", "when", "stop", "drop"}

// strategy reads the strategy mapping under key f.
func (d logDoc) strategy(f logField) (tracer.Strategy, error) {
	var st tracer.Strategy
	m, err := d.fields(f.val, "strategy", logStrategyKeys)
	if err != nil {
		return st, err
	}
	for i, to := range []*string{(*string)(&st.Order), (*string)(&st.Check), (*string)(&st.When), (*string)(&st.Stop)} {
		key := logStrategyKeys[i]
		v, err := d.need(m, f.key, "strategy", key)
		if err != nil {
			return st, err
		}
		if *to, err = d.text(v, "strategy."+key); err != nil {
			return st, err
		}
	}
	if v, ok := m["drop"]; ok {
		var err error
		if *(*string)(&st.Drop), err = d.text(v, "strategy.drop"); err != nil {
			return st, err
		}
	}
	return st, nil
}

var logHeaderKeys = []string{"format", "tool", "problem", "size", "instance", "strategy", "lang", "definition"}

// decodeLogHeader reads the keys before a log's steps (the lines of the
// file from the first on), the format first.
func decodeLogHeader(b []byte) (Header, error) {
	var h Header
	d := newLogDoc(1)
	root, err := d.parse(b)
	if err != nil {
		return h, err
	}
	// The format first: a file that is no step log says so, whatever else
	// is wrong with it.
	format, ok := lookup(root, "format")
	if !ok {
		return h, errors.New(`no "format" key: not a step log`)
	}
	if h.Format, err = d.text(format, "format"); err != nil {
		return h, err
	}
	if h.Format != Format && h.Format != FormatV2 && h.Format != FormatV1 {
		return h, d.errorf(format.at, "format %s is not supported: want %s (or %s, %s)", quoteShort(h.Format), Format, FormatV2, FormatV1)
	}
	if f, ok := lookup(root, "steps"); ok {
		// A log written as JSON, or with the steps in a flow list.
		return h, d.errorf(f.key, `"steps:" must be a line of its own, with one step a line after it`)
	}
	m, err := d.fields(root, "", logHeaderKeys)
	if err != nil {
		return h, err
	}
	for _, s := range []struct {
		key      string
		to       *string
		required bool
	}{{"tool", &h.Tool, false}, {"problem", &h.Problem, true}, {"instance", &h.Instance, true}, {"lang", &h.Lang, false}} {
		f, ok := m[s.key]
		if s.required {
			if f, err = d.need(m, nil, "", s.key); err != nil {
				return h, err
			}
		} else if !ok {
			continue
		}
		if *s.to, err = d.text(f, s.key); err != nil {
			return h, err
		}
	}
	size, err := d.need(m, nil, "", "size")
	if err != nil {
		return h, err
	}
	if h.Size, err = d.smallInt(size, "size"); err != nil {
		return h, err
	}
	strat, err := d.need(m, nil, "", "strategy")
	if err != nil {
		return h, err
	}
	if h.Strategy, err = d.strategy(strat); err != nil {
		return h, err
	}
	if f, ok := m["definition"]; ok {
		if h.Format != Format {
			return h, d.errorf(f.key, "definition: a log of format %s has none (it came in %s)", h.Format, Format)
		}
		if h.Definition, err = d.definition(f); err != nil {
			return h, err
		}
	}
	return h, nil
}

// fieldNotFound is yaml.v3's word for an unknown key, which names a Go
// type.
var fieldNotFound = regexp.MustCompile(`^field (\S+) not found in type \S+$`)

// definition reads the definition block under key f: every key known,
// each of its type. What a reader needs of it is checked when the
// problem is one this program does not know (DefFromHeader).
func (d logDoc) definition(f logField) (*Definition, error) {
	if f.val.Kind != yaml.MappingNode {
		return nil, d.errorf(f.at, "definition: want keys and values, got %s", describeNode(f.val))
	}
	// yaml.v3 checks unknown keys only when it decodes a document, not a
	// node: the block goes through text once more.
	b, err := yaml.Marshal(f.val)
	if err != nil {
		return nil, d.errorf(f.at, "definition: %v", err)
	}
	dec := yaml.NewDecoder(bytes.NewReader(b))
	dec.KnownFields(true)
	var df Definition
	if err := dec.Decode(&df); err != nil {
		msg := strings.TrimPrefix(err.Error(), "yaml: unmarshal errors:\n")
		msg = strings.TrimSpace(strings.SplitN(msg, "\n", 2)[0])
		// yaml.v3's "line 3: …" counts from the block's first key.
		line := f.val.Line
		if rest, ok := strings.CutPrefix(msg, "line "); ok {
			if i := strings.Index(rest, ": "); i > 0 {
				if n, err := strconv.Atoi(rest[:i]); err == nil {
					line, msg = f.val.Line+n-1, rest[i+2:]
				}
			}
		}
		if m := fieldNotFound.FindStringSubmatch(msg); m != nil {
			msg = fmt.Sprintf("unknown key %q", m[1])
		}
		return nil, &logDocError{line: line + d.off, msg: "definition: " + msg}
	}
	return &df, nil
}

var logSummaryKeys = []string{"problem", "size", "strategy", "status", "limit", "solutions", "nodes", "tries", "rejects",
	"placements", "backtracks", "max_depth", "steps", "check_cost", "scan_cost", "solution"}

// decodeLogSummary reads the summary key of a log (b is the rest of the
// file from the "summary:" line on, which is line first of the file) and
// checks it against the header; rules are the problem's, in checking
// order (the keys of rejects). Stats holds the summary's counts; the
// caller compares them with the steps. lines gives the line of each key
// ("nodes", "rejects.row", "solution") for the caller's messages.
func decodeLogSummary(b []byte, first int, h *Header, def *tracer.Def) (sum tracer.Summary, lines map[string]int, err error) {
	sum, lines, _, _, _, err = decodeLogTail(b, first, h, def)
	return sum, lines, err
}

// decodeLogTail is decodeLogSummary, with the leaves table after the
// summary (format version 3).
func decodeLogTail(b []byte, first int, h *Header, def *tracer.Def) (sum tracer.Summary, lines map[string]int, leaves, marks []LeafRow, loops []LoopRow, err error) {
	sum, lines, root, d, err := decodeLogSummaryRoot(b, first, h, def)
	if err != nil || root == nil {
		return sum, lines, nil, nil, nil, err
	}
	for _, t := range []struct {
		key string
		to  any
	}{{"leaves", &leaves}, {"loops", &loops}, {"marks", &marks}} {
		f, ok := root[t.key]
		if !ok {
			continue
		}
		if h.Format != Format {
			return sum, lines, nil, nil, nil, d.errorf(f.key, "%s: a log of format %s has none (they came in %s)", t.key, h.Format, Format)
		}
		bs, err := yaml.Marshal(f.val)
		if err == nil {
			dec := yaml.NewDecoder(bytes.NewReader(bs))
			dec.KnownFields(true)
			err = dec.Decode(t.to)
		}
		if err != nil {
			msg := strings.TrimSpace(strings.SplitN(strings.TrimPrefix(err.Error(), "yaml: unmarshal errors:\n"), "\n", 2)[0])
			return sum, lines, nil, nil, nil, d.errorf(f.key, "%s: %s", t.key, msg)
		}
	}
	return sum, lines, leaves, marks, loops, nil
}

// decodeLogSummaryRoot reads the summary and returns the top keys of the
// document it is in.
func decodeLogSummaryRoot(b []byte, first int, h *Header, def *tracer.Def) (sum tracer.Summary, lines map[string]int, top map[string]logField, d logDoc, err error) {
	rules, keys := def.RuleList(), def.RuleKeys()
	d = newLogDoc(first)
	root, err := d.parse(b)
	if err != nil {
		return sum, nil, top, d, err
	}
	if root == nil {
		return sum, nil, top, d, errors.New("empty (was the file cut short?)")
	}
	top, err = d.fields(root, "", []string{"summary", "leaves", "loops", "marks"})
	if err != nil {
		return sum, nil, top, d, err
	}
	s, ok := top["summary"]
	if !ok || isNullNode(s.val) {
		return sum, nil, top, d, d.errorf(s.key, "empty (was the file cut short?)")
	}
	m, err := d.fields(s.val, "", logSummaryKeys)
	if err != nil {
		return sum, nil, top, d, err
	}
	lines = make(map[string]int, len(m)+len(rules)+1)
	for k, f := range m {
		lines[k] = d.line(f.key)
	}
	need := func(key string) (logField, error) { return d.need(m, s.key, "", key) }
	var f logField

	if f, err = need("problem"); err != nil {
		return sum, lines, top, d, err
	}
	if sum.Problem, err = d.text(f, "problem"); err != nil {
		return sum, lines, top, d, err
	}
	if sum.Problem != h.Problem {
		return sum, lines, top, d, d.errorf(f.at, "problem %s, but the header says %q", quoteShort(sum.Problem), h.Problem)
	}
	if f, err = need("size"); err != nil {
		return sum, lines, top, d, err
	}
	if sum.Size, err = d.smallInt(f, "size"); err != nil {
		return sum, lines, top, d, err
	}
	if sum.Size != h.Size {
		return sum, lines, top, d, d.errorf(f.at, "size %d, but the header says %d", sum.Size, h.Size)
	}
	if f, err = need("strategy"); err != nil {
		return sum, lines, top, d, err
	}
	if sum.Strategy, err = d.strategy(f); err != nil {
		return sum, lines, top, d, err
	}
	if sum.Strategy != h.Strategy {
		return sum, lines, top, d, d.errorf(f.key, "strategy %v, but the header says %v", sum.Strategy, h.Strategy)
	}
	if f, err = need("status"); err != nil {
		return sum, lines, top, d, err
	}
	status, err := d.text(f, "status")
	if err != nil {
		return sum, lines, top, d, err
	}
	switch st := tracer.Status(status); st {
	case tracer.StatusSolved, tracer.StatusComplete, tracer.StatusLimit, tracer.StatusLost, tracer.StatusWrong:
		sum.Status = st
	default:
		return sum, lines, top, d, d.errorf(f.at, "unknown status %s", quoteShort(status))
	}
	if f, ok := m["limit"]; ok {
		name, err := d.text(f, "limit")
		if err != nil {
			return sum, lines, top, d, err
		}
		l, err := tracer.ParseLimitReason(name)
		if err != nil {
			return sum, lines, top, d, d.errorf(f.at, "unknown limit %s: want steps, calls, time, canceled or size", quoteShort(name))
		}
		if sum.Status != tracer.StatusLimit {
			return sum, lines, top, d, d.errorf(f.key, "limit %s, but the status is %s, not limit", name, sum.Status)
		}
		sum.Limit = l
	}

	st := &sum.Stats
	for _, c := range []struct {
		key string
		to  *int64
	}{
		{"solutions", &st.Solutions}, {"nodes", &st.Nodes}, {"tries", &st.Tries}, {"placements", &st.Placements},
		{"backtracks", &st.Backtracks}, {"steps", &st.Steps}, {"check_cost", &st.CheckCost}, {"scan_cost", &st.ScanCost},
	} {
		if f, err = need(c.key); err != nil {
			return sum, lines, top, d, err
		}
		if *c.to, err = d.integer(f, c.key); err != nil {
			return sum, lines, top, d, err
		}
	}
	if f, err = need("max_depth"); err != nil {
		return sum, lines, top, d, err
	}
	if st.MaxDepth, err = d.smallInt(f, "max_depth"); err != nil {
		return sum, lines, top, d, err
	}

	sum.Rules, sum.Def = rules, def
	if f, err = need("rejects"); err != nil {
		return sum, lines, top, d, err
	}
	rejectKeys := append([]string{"total"}, ruleKeys(keys, sum.Rules)...)
	rm, err := d.fields(f.val, "rejects", rejectKeys)
	if err != nil {
		return sum, lines, top, d, err
	}
	var total int64
	for i, key := range rejectKeys {
		rf, err := d.need(rm, f.key, "rejects", key)
		if err != nil {
			return sum, lines, top, d, err
		}
		lines["rejects."+key] = d.line(rf.key)
		n, err := d.integer(rf, "rejects."+key)
		if err != nil {
			return sum, lines, top, d, err
		}
		if i == 0 {
			total = n
			continue
		}
		st.Rejects[sum.Rules[i-1]] = n
		total -= n
	}
	if total != 0 {
		return sum, lines, top, d, d.errorf(rm["total"].key, "rejects: total is not the sum of %s", tracer.JoinValues(ruleKeys(keys, sum.Rules)))
	}

	if f, err = need("solution"); err != nil {
		return sum, lines, top, d, err
	}
	if f.val.Kind != yaml.SequenceNode {
		return sum, lines, top, d, d.errorf(f.at, "solution: want a list of board rows, got %s", describeNode(f.val))
	}
	for _, row := range f.val.Content {
		r, err := d.text(newLogField(f.key, row), "solution")
		if err != nil {
			return sum, lines, top, d, err
		}
		sum.Solution = append(sum.Solution, r)
	}
	sum.Instance = h.Instance
	return sum, lines, top, d, nil
}

// ruleKeys returns the keys of rules, from keys by Rule
// (tracer.Def.RuleKeys).
func ruleKeys(keys []string, rules []tracer.Rule) []string {
	out := make([]string, len(rules))
	for i, r := range rules {
		if int(r) < len(keys) {
			out[i] = keys[r]
		}
	}
	return out
}

// stepFieldsYAML takes a step line apart with yaml.v3: the reader of record
// for a line outside the fast reader's subset. The line must be one
// sequence item holding a mapping: "- {step: 1, kind: call, …}".
func stepFieldsYAML(line []byte, f *stepFields) error {
	var doc yaml.Node
	if err := yaml.Unmarshal(line, &doc); err != nil {
		_, msg := yamlMessage(err)
		return fmt.Errorf("not a step: %s", msg)
	}
	if len(doc.Content) != 1 || doc.Content[0].Kind != yaml.SequenceNode || len(doc.Content[0].Content) != 1 ||
		doc.Content[0].Content[0].Kind != yaml.MappingNode {
		return errors.New(`not a step: want "- {step: …, kind: …, node: …, depth: …}" or "summary:"`)
	}
	m := doc.Content[0].Content[0]
	if m.Style&yaml.FlowStyle == 0 {
		// "- step: 1" with the other keys on the lines below it.
		return errors.New(`not a step: each step is one flow mapping on one line, "- {step: …, kind: …, node: …, depth: …}"`)
	}
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
