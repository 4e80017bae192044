package render

import (
	"bytes"
	"encoding/xml"
	"errors"
	"io"
	"math"
	"regexp"
	"strconv"
	"strings"
	"testing"

	"github.com/backtrack-edu/backtrack/render/internal/fontmetrics"
	"github.com/backtrack-edu/backtrack/tracer"
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
		// Each run says how it ended: 8-queens searched for every
		// solution, the Sudoku stopped at its first.
		{ChartOptions{}, []string{"N-Queens n=8 · searched the whole tree: 92 solutions",
			"Sudoku 9×9, 51 blanks · stopped at the first solution", "nodes per depth", "depth", "nodes", "50"}},
		{ChartOptions{Lang: tracer.LangZH, Title: "两棵树的形状"}, []string{"N 皇后 n=8 · 整棵树都搜完了，共 92 个解",
			"数独 9×9，51 个空格 · 找到第一个解就停止", "两棵树的形状", "深度"}},
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

// TestDepthChartLayout: the chart's text is in Go Regular, the diagrams'
// font, carried inside the SVG; the title fits the width (a long one is
// drawn smaller); the legend stands below every line and point.
func TestDepthChartLayout(t *testing.T) {
	runs := compareDefault(t)
	textRE := regexp.MustCompile(`<text x="([-\d.]+)" y="([-\d.]+)"[^>]*\n?\s*style="[^"]*font-size:([\d.]+)px">([^<]*)</text>`)
	pathRE := regexp.MustCompile(`<path d="([^"]*)" style="[^"]*stroke:#(1A56B0|C0392B)`)
	pointRE := regexp.MustCompile(`[ML](-?[\d.]+),(-?[\d.]+)`)
	long := "the number of nodes at every depth of the two search trees, side by side, from the root down"
	for _, opt := range []ChartOptions{{}, {Lang: tracer.LangZH}, {Title: long}, {Lang: tracer.LangZH, Title: "两棵搜索树每一层的节点数：从根往下，N 皇后与数独并排"}} {
		var b bytes.Buffer
		if err := WriteDepthChart(&b, runs, opt); err != nil {
			t.Fatal(err)
		}
		svg := b.String()
		if !strings.Contains(svg, `@font-face`) || !strings.Contains(svg, `font-family:"Go"`) || strings.Contains(svg, "Liberation") || strings.Contains(svg, "serif") {
			t.Errorf("%+v: the chart does not carry Go Regular, or names another font", opt)
		}
		width := 16 / 2.54 * 72 // points
		title := opt.Title
		if title == "" {
			title = map[tracer.Lang]string{"": "nodes per depth", tracer.LangZH: "每层节点数"}[opt.Lang]
		}
		legendTop, lineBottom := math.Inf(-1), math.Inf(1)
		found := false
		for _, m := range textRE.FindAllStringSubmatch(svg, -1) {
			x, _ := strconv.ParseFloat(m[1], 64)
			y, _ := strconv.ParseFloat(m[2], 64)
			size, _ := strconv.ParseFloat(m[3], 64)
			switch m[4] {
			case title:
				found = true
				if w := fontmetrics.Width(title, size, false); x < 0 || x+w > width {
					t.Errorf("%+v: the title runs from %.1f to %.1f pt, the chart is %.1f wide", opt, x, x+w, width)
				}
			case RunName(runs[0].Summary, opt.Lang), RunName(runs[1].Summary, opt.Lang):
				legendTop = max(legendTop, -y+size) // y is flipped: the text's top
			}
		}
		if !found {
			t.Errorf("%+v: no title %q", opt, title)
		}
		for _, m := range pathRE.FindAllStringSubmatch(svg, -1) {
			for _, p := range pointRE.FindAllStringSubmatch(m[1], -1) {
				x, _ := strconv.ParseFloat(p[1], 64)
				y, _ := strconv.ParseFloat(p[2], 64)
				if x > chartMargin+24+1 { // not a legend's sample line
					lineBottom = min(lineBottom, y)
				}
			}
		}
		if legendTop >= lineBottom {
			t.Errorf("%+v: the legend reaches up to %.1f pt, the lines down to %.1f", opt, legendTop, lineBottom)
		}
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
