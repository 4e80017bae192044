package cli

import (
	"html"
	"os"
	"path/filepath"
	"regexp"
	"strconv"
	"strings"
	"testing"

	"gopkg.in/yaml.v3"
)

// logNotes reads the notes of a step log by step, and its last step.
func logNotes(t *testing.T, path string) (map[int64]string, int64) {
	t.Helper()
	b, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	var doc struct {
		Steps []struct {
			Step int64
			Note string
		}
	}
	if err := yaml.Unmarshal(b, &doc); err != nil {
		t.Fatal(err)
	}
	notes := map[int64]string{}
	for _, s := range doc.Steps {
		notes[s.Step] = s.Note
	}
	return notes, doc.Steps[len(doc.Steps)-1].Step
}

var (
	svgText     = regexp.MustCompile(`<text[^>]*>([^<]*)</text>`)
	svgSize     = regexp.MustCompile(`<svg width="([^"]+)" height="([^"]+)"`)
	frameStepEN = regexp.MustCompile(`after step (\d+) of \d+`)
	frameStepZH = regexp.MustCompile(`第 (\d+) 步（共 \d+ 步）`)
)

// checkFrameNotes checks the SVG frames in dir: each holds the note of
// its step (notes: the step log's), the step read off its legend ("after
// step K of N"; the last frame is the end's); all are one size. It
// returns the frames' steps.
func checkFrameNotes(t *testing.T, dir string, notes map[int64]string, last int64) []int64 {
	t.Helper()
	files, _ := filepath.Glob(filepath.Join(dir, "frame-*.svg"))
	if len(files) < 2 {
		t.Fatalf("%s: %d frames", dir, len(files))
	}
	var steps []int64
	size := ""
	for i, f := range files {
		b, err := os.ReadFile(f)
		if err != nil {
			t.Fatal(err)
		}
		svg := string(b)
		var text strings.Builder
		for _, m := range svgText.FindAllStringSubmatch(svg, -1) {
			text.WriteString(html.UnescapeString(m[1]))
		}
		all := text.String()
		k := last
		if m := frameStepEN.FindStringSubmatch(all); m != nil {
			k, _ = strconv.ParseInt(m[1], 10, 64)
		} else if m := frameStepZH.FindStringSubmatch(all); m != nil {
			k, _ = strconv.ParseInt(m[1], 10, 64)
		} else if i != len(files)-1 {
			t.Errorf("%s: no step in the legend", f)
		}
		steps = append(steps, k)
		// The caption's lines are text elements of their own: compare
		// without the spaces the lines were broken at.
		note := notes[k]
		if note == "" || !strings.Contains(noSpace(all), noSpace(note)) {
			t.Errorf("%s (step %d): the log's note %q is not in the frame", filepath.Base(f), k, note)
		}
		m := svgSize.FindStringSubmatch(svg)
		if m == nil {
			t.Fatalf("%s: no size", f)
		}
		if i == 0 {
			size = m[1] + "×" + m[2]
		} else if s := m[1] + "×" + m[2]; s != size {
			t.Errorf("%s: %s, the first frame %s", filepath.Base(f), s, size)
		}
	}
	return steps
}

func noSpace(s string) string { return strings.Join(strings.Fields(s), "") }

// TestFrameCaptions checks that each frame of --frames carries the note
// of its step, as the step log writes it, in the run's language: from
// trace (the search run again for its notes), from render of the log (a
// file, read again; stdin, kept as it is read), and from render in the
// other language (narrated anew).
func TestFrameCaptions(t *testing.T) {
	dir := t.TempDir()
	logs := map[string]string{}
	var steps []int64
	for _, lang := range []string{"en", "zh"} {
		frames, logPath := filepath.Join(dir, "trace-"+lang), filepath.Join(dir, lang+".yaml")
		code, _, errs := runCLI(t, "", "trace", "nqueens", "-n", "4", "--lang", lang, "--every", "reject", "--frames", frames, "--yaml", logPath)
		if code != 0 {
			t.Fatalf("%s: exit %d: %s", lang, code, errs)
		}
		logs[lang] = logPath
		notes, last := logNotes(t, logPath)
		got := checkFrameNotes(t, frames, notes, last)
		if steps == nil {
			steps = got
		} else if fmtSteps(got) != fmtSteps(steps) { // one tree, one choice of frames
			t.Errorf("zh frames at steps %v, en at %v", got, steps)
		}
	}
	enNotes, last := logNotes(t, logs["en"])
	zhNotes, _ := logNotes(t, logs["zh"])

	// render of the log, in its language and in the other.
	frames := filepath.Join(dir, "render-en")
	if code, _, errs := runCLI(t, "", "render", logs["en"], "--every", "reject", "--frames", frames); code != 0 {
		t.Fatalf("render: exit %d: %s", code, errs)
	}
	checkFrameNotes(t, frames, enNotes, last)
	frames = filepath.Join(dir, "render-en-as-zh")
	if code, _, errs := runCLI(t, "", "render", logs["en"], "--lang", "zh", "--every", "reject", "--frames", frames); code != 0 {
		t.Fatalf("render --lang zh: exit %d: %s", code, errs)
	}
	checkFrameNotes(t, frames, zhNotes, last)
	// From stdin.
	log, err := os.ReadFile(logs["zh"])
	if err != nil {
		t.Fatal(err)
	}
	frames = filepath.Join(dir, "render-stdin")
	if code, _, errs := runCLI(t, string(log), "render", "-", "--every", "solution", "--frames", frames); code != 0 {
		t.Fatalf("render -: exit %d: %s", code, errs)
	}
	checkFrameNotes(t, frames, zhNotes, last)
	// From stdin in another language: no captions, and a warning.
	frames = filepath.Join(dir, "render-stdin-en")
	code, _, errs := runCLI(t, string(log), "render", "-", "--lang", "en", "--every", "solution", "--frames", frames)
	if code != 0 || !strings.Contains(errs, "no captions") {
		t.Errorf("render - --lang en of a zh log: exit %d, %q; want a warning that the frames have no captions", code, errs)
	}
}

// fmtSteps writes steps as a list.
func fmtSteps(steps []int64) string {
	var b strings.Builder
	for _, k := range steps {
		b.WriteString(strconv.FormatInt(k, 10) + " ")
	}
	return b.String()
}

// TestFrameCaptionsLimit checks the captions of a run a limit stopped:
// the search run again for its notes stops at the same step, and the last
// frame says which limit stopped it, as the log does.
func TestFrameCaptionsLimit(t *testing.T) {
	dir := t.TempDir()
	for _, limit := range [][]string{{"--max-calls", "6"}, {"--max-steps", "90"}} {
		frames, logPath := filepath.Join(dir, limit[0]), filepath.Join(dir, limit[0]+".yaml")
		args := append([]string{"trace", "nqueens", "-n", "5", "--every", "backtrack", "--frames", frames, "--yaml", logPath}, limit...)
		if code, _, errs := runCLI(t, "", args...); code != 0 {
			t.Fatalf("%v: exit %d: %s", limit, code, errs)
		}
		notes, last := logNotes(t, logPath)
		if !strings.Contains(notes[last], "limit") {
			t.Fatalf("%v: the log's last note %q", limit, notes[last])
		}
		checkFrameNotes(t, frames, notes, last)
	}
}
