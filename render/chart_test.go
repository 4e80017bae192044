package render

import (
	"bytes"
	"encoding/xml"
	"errors"
	"io"
	"strings"
	"testing"

	"backtrack/tracer"
)

// svgText collects the text of an SVG document, checking that it is
// well-formed XML with an <svg> root.
func svgText(t *testing.T, data []byte) string {
	t.Helper()
	d := xml.NewDecoder(bytes.NewReader(data))
	d.Strict = true
	var text strings.Builder
	root := ""
	for {
		tok, err := d.Token()
		if errors.Is(err, io.EOF) {
			break
		}
		if err != nil {
			t.Fatalf("not well-formed XML: %v", err)
		}
		switch tok := tok.(type) {
		case xml.StartElement:
			if root == "" {
				root = tok.Name.Local
			}
		case xml.CharData:
			text.Write(tok)
			text.WriteString("\n")
		}
	}
	if root != "svg" {
		t.Fatalf("root element %q, want svg", root)
	}
	return text.String()
}

// TestDepthChart draws 8-queens beside LeetCode 37: the SVG is valid XML
// and names both series, its axes and its title, in both languages, and
// the same runs give the same bytes.
func TestDepthChart(t *testing.T) {
	runs := compareDefault(t)
	for _, tt := range []struct {
		opt  ChartOptions
		want []string
	}{
		{ChartOptions{}, []string{"N-Queens n=8", "Sudoku 9×9, 51 blanks", "nodes per depth", "depth", "nodes", "50"}},
		{ChartOptions{Lang: tracer.LangZH, Title: "两棵树的形状"}, []string{"N 皇后 n=8", "数独 9×9，51 个空格", "两棵树的形状", "深度"}},
	} {
		var b bytes.Buffer
		if err := WriteDepthChart(&b, runs, tt.opt); err != nil {
			t.Fatal(err)
		}
		text := svgText(t, b.Bytes())
		for _, w := range tt.want {
			if !strings.Contains(text, w+"\n") {
				t.Errorf("chart (%s) lacks the text %q", tt.opt.Lang, w)
			}
		}
		var again bytes.Buffer
		if err := WriteDepthChart(&again, runs, tt.opt); err != nil {
			t.Fatal(err)
		}
		if !bytes.Equal(b.Bytes(), again.Bytes()) {
			t.Error("the same runs drew different charts")
		}
	}
	if err := WriteDepthChart(io.Discard, nil, ChartOptions{}); err == nil {
		t.Error("a chart of no runs: no error")
	}
}

func TestWholeTicks(t *testing.T) {
	tests := []struct {
		hi   float64
		most int
		want string // the labels
	}{
		{8, 10, "0 1 2 3 4 5 6 7 8"},
		{51, 10, "0 10 20 30 40 50"},
		{762, 6, "0 200 400 600"},
		{30, 6, "0 5 10 15 20 25 30"},
	}
	for _, tt := range tests {
		var labels []string
		for _, tk := range wholeTicks(tt.most)(0, tt.hi) {
			if tk.Label != "" {
				labels = append(labels, tk.Label)
			}
		}
		if got := strings.Join(labels, " "); got != tt.want {
			t.Errorf("wholeTicks(%d)(0, %v) labels %q, want %q", tt.most, tt.hi, got, tt.want)
		}
	}
}
