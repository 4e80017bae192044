package cli

import (
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// TestQuizFlag: --quiz on trace --html and render LOG --html makes a page
// that opens in predict mode; without it the page opens as before.
func TestQuizFlag(t *testing.T) {
	dir := t.TempDir()
	p := func(n string) string { return filepath.Join(dir, n) }
	log := p("q.yaml")
	for _, tt := range []struct {
		args []string
		quiz bool
		out  string
	}{
		// The first run writes the log the others render.
		{[]string{"trace", "nqueens", "-n", "4", "--yaml", log, "--html", p("plain.html")}, false, p("plain.html")},
		{[]string{"trace", "nqueens", "-n", "4", "--html", p("quiz.html"), "--quiz"}, true, p("quiz.html")},
		{[]string{"render", log, "--html", p("render-quiz.html"), "--quiz"}, true, p("render-quiz.html")},
		{[]string{"render", log, "--html", p("render.html")}, false, p("render.html")},
	} {
		code, _, stderr := runCLI(t, "", tt.args...)
		if code != 0 {
			t.Fatalf("%v: exit %d: %s", tt.args, code, stderr)
		}
		b, err := os.ReadFile(tt.out)
		if err != nil {
			t.Fatal(err)
		}
		_, html, _ := strings.Cut(string(b), "<html")
		head, _, _ := strings.Cut(html, ">")
		if got := strings.Contains(head, ` data-mode="predict"`); got != tt.quiz {
			t.Errorf("%v: the page's <html> is %q: predict mode %v, want %v", tt.args, head, got, tt.quiz)
		}
	}
}
