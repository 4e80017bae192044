package cli

// Pictures that cannot be read are not made silently (issue 32, item 5):
// the whole 8-queens tree, 15,721 boxes, was a 32767×37 px PNG strip with
// text 0.6 px high, and with --boards it took 1.5 GB (1.0 GB as SVG).
// Such a picture is refused before it is drawn, in one line giving the
// size it would need and the flags that draw less; the 1 GB bound holds
// for --boards too.

import (
	"os"
	"path/filepath"
	"runtime/debug"
	"testing"
)

// TestPictureBound: a picture too big to be read is refused (exit 2, one
// line, nothing written) from the plan's estimate, before Graphviz; the
// README's whole 4-queens tree and other readable whole trees are drawn.
func TestPictureBound(t *testing.T) {
	dir := t.TempDir()
	for _, c := range []struct {
		name    string
		n, flag string
		out     string   // the output's name in dir
		extra   []string // more flags
		code    int
		want    []string // in the one line of stderr
	}{
		{"8-queens PNG", "8", "--png", "q8.png", nil, 2,
			[]string{"--png " + filepath.Join(dir, "q8.png") + ": the picture would be 491,227×544 pt (15,721 boxes)", "its smallest text would be 0.6 px high, under 14", "--depth", "--focus", "--max-nodes", "--dot"}},
		{"8-queens SVG: zoomed, not shrunk, so drawn", "8", "--svg", "q8.svg", nil, 0, nil},
		{"8-queens GIF", "8", "--gif", "q8.gif", nil, 2, []string{"--gif", "491,227×544 pt"}},
		{"8-queens PNG frames", "8", "--frames", "q8f", []string{"--frames-format", "png"}, 2, []string{"--frames", "491,227×544 pt"}},
		{"6-queens PNG: the SVG would do", "6", "--png", "q6.png", nil, 2, []string{"10.9 px high", "--svg for a drawing to zoom into"}},
		{"4-queens SVG (README)", "4", "--svg", "q4.svg", nil, 0, nil},
		{"5-queens PNG", "5", "--png", "q5.png", nil, 0, nil},
		{"7-queens SVG", "7", "--svg", "q7.svg", nil, 0, nil},
		{"8-queens DOT", "8", "--dot", "q8.dot", nil, 0, nil},
	} {
		t.Run(c.name, func(t *testing.T) {
			out := filepath.Join(dir, c.out)
			args := append([]string{"trace", "nqueens", "--max-nodes", "0", "-n", c.n, c.flag, out}, c.extra...)
			code, _, errs := runCLI(t, "", args...)
			if code != c.code {
				t.Fatalf("exit %d, want %d; stderr %q", code, c.code, errs)
			}
			if c.code == 0 {
				if fi, err := os.Stat(out); err != nil || fi.Size() == 0 {
					t.Errorf("%s not written: %v", c.out, err)
				}
				return
			}
			faultCheckLine(t, errs, c.want...)
			if _, err := os.Stat(out); err == nil {
				t.Errorf("%s was written", c.out)
			}
		})
	}
}

// TestPictureBoundMemory: the whole 8-queens tree with its boards (1.5 GB
// as PNG, 1.0 GB as SVG, and some 20 s, before) is refused with the
// process under 1 GB: refused on its plan without boards, which is too
// big already, it costs some 20 MB (350 MB with its boards planned).
func TestPictureBoundMemory(t *testing.T) {
	if testing.Short() {
		t.Skip("the whole 8-queens tree with its boards")
	}
	if peakMB() == 0 {
		t.Skip("no /proc/self/status VmHWM to read the peak memory from")
	}
	defer debug.SetMemoryLimit(debug.SetMemoryLimit(-1))
	setMemoryLimit(memoryLimit) // as main sets it
	dir := t.TempDir()
	for _, c := range []struct{ n, flag, want string }{
		{"8", "--png", "more than 491,227×544 pt (15,721 boxes) with its boards"},
		{"8", "--svg", "more than 491,227×544 pt (15,721 boxes) with its boards"},
		// 348,151 boxes: 830 MB to plan with their boards.
		{"10", "--svg", "more than 10,402,067×648 pt (348,151 boxes) with its boards"},
	} {
		t.Run(c.n+c.flag, func(t *testing.T) {
			debug.FreeOSMemory()
			resetPeak()
			out := filepath.Join(dir, "q"+c.n+"b."+c.flag[2:])
			code, _, errs := runCLI(t, "", "trace", "nqueens", "-n", c.n, "--boards", "--max-nodes", "0", c.flag, out)
			peak := peakMB()
			if code != 2 {
				t.Fatalf("exit %d, want 2; stderr %q", code, errs)
			}
			faultCheckLine(t, errs, c.flag, c.want)
			if peak > 1000 {
				t.Errorf("peak %.0f MB, want under 1 GB", peak)
			}
			t.Logf("refused at a peak of %.0f MB", peak)
		})
	}
}
