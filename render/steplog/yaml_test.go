package steplog

import (
	"bytes"
	"fmt"
	"reflect"
	"strings"
	"testing"

	"gopkg.in/yaml.v3"

	"github.com/backtrack-edu/backtrack/tracer"
)

// yamlLog is a step log as yaml.v3 decodes the whole document.
type yamlLog struct {
	Header  map[string]any   // the keys before the steps
	Steps   []map[string]any // one map a step
	Summary any
}

// yamlDecodeLog decodes a whole step log with yaml.v3 into generic values.
func yamlDecodeLog(b []byte) (yamlLog, error) {
	var doc yamlLog
	var all map[string]any
	if err := yaml.Unmarshal(b, &all); err != nil {
		return doc, err
	}
	steps, ok := all["steps"].([]any)
	if !ok && all["steps"] != nil {
		return doc, fmt.Errorf("steps is a %T", all["steps"])
	}
	for i, s := range steps {
		m, ok := s.(map[string]any)
		if !ok {
			return doc, fmt.Errorf("step %d is a %T", i+1, s)
		}
		doc.Steps = append(doc.Steps, m)
	}
	doc.Summary = all["summary"]
	delete(all, "steps")
	delete(all, "summary")
	doc.Header = all
	return doc, nil
}

// yamlDecodeAny decodes a YAML document into generic values.
func yamlDecodeAny(b []byte) (any, error) {
	var v any
	err := yaml.Unmarshal(b, &v)
	return v, err
}

// TestStatsKeys holds the --stats document, which is also a step log's
// summary, to its contract: these keys, in this order.
func TestStatsKeys(t *testing.T) {
	for _, c := range []logCase{logCases[0], logCases[7]} {
		lr := runLogged(t, c, nil)
		var buf bytes.Buffer
		if err := WriteStats(&buf, lr.sum); err != nil {
			t.Fatal(err)
		}
		var doc yaml.Node
		if err := yaml.Unmarshal(buf.Bytes(), &doc); err != nil {
			t.Fatal(err)
		}
		keys := func(m *yaml.Node) []string {
			var out []string
			for i := 0; i < len(m.Content); i += 2 {
				out = append(out, m.Content[i].Value)
			}
			return out
		}
		root := doc.Content[0]
		want := []string{"problem", "size", "strategy", "status", "solutions", "nodes", "tries", "rejects",
			"placements", "backtracks", "max_depth", "steps", "check_cost", "scan_cost", "solution"}
		if got := keys(root); !reflect.DeepEqual(got, want) {
			t.Errorf("keys %v, want %v", got, want)
		}
		wantRejects := []string{"total"}
		for _, r := range lr.sum.Rules {
			wantRejects = append(wantRejects, lr.sum.Def.RuleKey(r))
		}
		if got := keys(root.Content[15]); !reflect.DeepEqual(got, wantRejects) {
			t.Errorf("rejects keys %v, want %v", got, wantRejects)
		}
		if got := keys(root.Content[5]); !reflect.DeepEqual(got, []string{"order", "check", "when", "stop"}) {
			t.Errorf("strategy keys %v", got)
		}
	}
}

// TestStatsQuoting: every row of the solution is quoted the same way, be
// it one YAML would misread ("...Q", "1432") or not (".Q..").
func TestStatsQuoting(t *testing.T) {
	for _, rows := range [][]string{{".Q..", "...Q", "Q...", "..Q."}, {"1432", "2314", "3241", "4123"}, {"Q.......", "....Q..."}} {
		var b strings.Builder
		if err := WriteStats(&b, tracer.Summary{Problem: "nqueens", Solution: rows}); err != nil {
			t.Fatal(err)
		}
		for _, r := range rows {
			if !strings.Contains(b.String(), "\n  - \""+r+"\"\n") {
				t.Errorf("row %s is not double-quoted:\n%s", r, b.String())
			}
		}
	}
}
