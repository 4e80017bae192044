package progress

import (
	"bytes"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/backtrack-edu/backtrack/tracer/words"
)

// clock is a fake clock a test moves by hand.
type clock struct {
	mu sync.Mutex
	t  time.Time
}

func (c *clock) now() time.Time {
	c.mu.Lock()
	defer c.mu.Unlock()
	return c.t
}

func (c *clock) add(d time.Duration) {
	c.mu.Lock()
	c.t = c.t.Add(d)
	c.mu.Unlock()
}

func newManual(out *bytes.Buffer, lang words.Lang) (*Reporter, *clock) {
	c := &clock{t: time.Date(2025, 1, 1, 0, 0, 0, 0, time.UTC)}
	return New(Options{Out: out, Lang: lang, Now: c.now, Manual: true}), c
}

// screen is what a terminal shows after out: each \r goes back to the
// start of the line, \x1b[K clears the rest of it.
func screen(out string) []string {
	var lines []string
	cur := ""
	for len(out) > 0 {
		switch {
		case strings.HasPrefix(out, "\r"):
			cur, out = "", out[1:]
		case strings.HasPrefix(out, "\x1b[K"):
			out = out[3:]
		case strings.HasPrefix(out, "\n"):
			lines, cur, out = append(lines, cur), "", out[1:]
		default:
			cur, out = cur+out[:1], out[1:]
		}
	}
	if cur != "" {
		lines = append(lines, cur)
	}
	return lines
}

// TestQuickJobSaysNothing: a job that ends before DefaultAfter draws no
// line and leaves none, however often it is ticked.
func TestQuickJobSaysNothing(t *testing.T) {
	var out bytes.Buffer
	r, c := newManual(&out, words.LangEN)
	task := r.Start("drawing the frames", 60, words.ProgressUnitFrames)
	for i := 0; i < 7; i++ {
		c.add(250 * time.Millisecond)
		task.Add(5)
		r.Tick()
	}
	task.End()
	r.Close()
	if out.Len() != 0 {
		t.Errorf("a job of 1.75 s wrote %q, want nothing", out.String())
	}
}

// TestProgressLines: from 2 s on, each tick rewrites the line with how
// far, the time and the estimate; Close leaves one final line.
func TestProgressLines(t *testing.T) {
	var out bytes.Buffer
	r, c := newManual(&out, words.LangEN)
	task := r.Start("drawing the frames", 2000, words.ProgressUnitFrames)
	c.add(1900 * time.Millisecond)
	task.Set(100)
	r.Tick()
	if out.Len() != 0 {
		t.Fatalf("at 1.9 s: %q, want nothing yet", out.String())
	}
	c.add(100 * time.Millisecond)
	task.Set(500)
	r.Tick()
	want := "drawing the frames: 500 of 2,000 frames · 2.0 s · about 6 s left"
	if got := screen(out.String()); len(got) != 1 || got[0] != want || !strings.HasSuffix(out.String(), "\x1b[K") {
		t.Fatalf("at 2 s: %q, want %q", out.String(), want)
	}
	c.add(36700 * time.Millisecond)
	task.Set(2000)
	task.End()
	r.Close()
	got := screen(out.String())
	wantFinal := "drawing the frames: 2,000 frames · 38.7 s; 38.7 s in all"
	if len(got) != 1 || got[0] != wantFinal {
		t.Errorf("screen = %q, want one line %q", got, wantFinal)
	}
	if !strings.HasSuffix(out.String(), "\n") {
		t.Errorf("the final line has no newline: %q", out.String())
	}
	// Close again: nothing more.
	n := out.Len()
	r.Close()
	r.Tick()
	if out.Len() != n {
		t.Errorf("after Close: %q more", out.String()[n:])
	}
}

// TestProgressPhases: tasks one after the other; only those that were
// on the screen are in the final line, and a task with no total counts,
// one with no unit shows its time alone. In Chinese, the words are.
func TestProgressPhases(t *testing.T) {
	for _, c := range []struct {
		lang        words.Lang
		line, final string
	}{
		{words.LangEN, "searching: 1,234,567 steps · 2.4 s",
			"searching: 2,000,000 steps · 2.9 s; compiling the playground (go build, GOOS=js) · 1 min 05 s; 1 min 08 s in all"},
		{words.LangZH, "搜索中：1,234,567 步 · 2.4 秒",
			"搜索中：2,000,000 步 · 2.9 秒；编译练习场（go build，GOOS=js） · 1 分 05 秒；共用时 1 分 08 秒"},
	} {
		var out bytes.Buffer
		r, clk := newManual(&out, c.lang)
		quick := r.Start("quick", 10, words.ProgressUnitFrames)
		clk.add(100 * time.Millisecond)
		quick.End()
		var steps int64 = 1234567
		search := r.Start(words.ProgressSearching.In(c.lang), 0, words.ProgressUnitSteps)
		search.Count(func() int64 { return steps })
		clk.add(2400 * time.Millisecond)
		r.Tick()
		if got := screen(out.String()); len(got) != 1 || got[0] != c.line {
			t.Errorf("%s: line %q, want %q", c.lang, got, c.line)
		}
		steps = 2000000
		clk.add(500 * time.Millisecond)
		build := r.Start(words.ProgressPlayground.In(c.lang), 0, words.Text{}) // ends the search
		clk.add(65 * time.Second)
		r.Tick()
		build.End()
		r.Close()
		if got := screen(out.String()); len(got) != 1 || got[0] != c.final {
			t.Errorf("%s: final %q, want %q", c.lang, got, c.final)
		}
	}
}

// TestWrapTakesTheLineAway: what the job prints while the line is up
// starts on a clean line, and the line comes back at the next tick.
func TestWrapTakesTheLineAway(t *testing.T) {
	var out bytes.Buffer
	r, c := newManual(&out, words.LangEN)
	task := r.Start(words.ProgressLessons.EN, 4, words.ProgressUnitLessons)
	c.add(3 * time.Second)
	r.Tick()
	w := r.Wrap(&out)
	task.Add(1)
	w.Write([]byte("en/dedup: 12 files\n"))
	c.add(time.Second)
	r.Tick()
	task.Add(3)
	task.End()
	r.Close()
	got := screen(out.String())
	want := []string{"en/dedup: 12 files", "making the lessons: 4 lessons · 4.0 s; 4.0 s in all"}
	if strings.Join(got, "\n") != strings.Join(want, "\n") {
		t.Errorf("screen = %q, want %q", got, want)
	}
}

// TestNilReporter: a nil Reporter and its nil Tasks do nothing, and Wrap
// gives the writer back.
func TestNilReporter(t *testing.T) {
	var r *Reporter
	if New(Options{}) != nil {
		t.Fatal("New without Out is not nil")
	}
	task := r.Start("x", 1, words.ProgressUnitFrames)
	task.Add(1)
	task.Set(1)
	task.SetTotal(2)
	task.Count(func() int64 { return 1 })
	task.Detail(func() string { return "" })
	task.End()
	r.Tick()
	r.Close()
	var b bytes.Buffer
	if r.Wrap(&b) != &b {
		t.Error("a nil Reporter's Wrap is not the writer itself")
	}
}

// TestLineFitsTheTerminal: a line is cut to the width less one column,
// Chinese characters counting two.
func TestLineFitsTheTerminal(t *testing.T) {
	var out bytes.Buffer
	c := &clock{}
	r := New(Options{Out: &out, Lang: words.LangZH, Now: c.now, Manual: true, After: -1, Width: 11})
	r.Start("绘制各帧绘制各帧", 0, words.Text{})
	r.Tick()
	if got := screen(out.String()); len(got) != 1 || got[0] != "绘制各帧绘" {
		t.Errorf("line %q, want the first 10 columns", got)
	}
	r.Close()
}

// TestRedrawsByItself: without Manual, the reporter's goroutine redraws
// the line (here every 10 ms, from the start) until Close.
func TestRedrawsByItself(t *testing.T) {
	var mu sync.Mutex
	var out bytes.Buffer
	w := writerFunc(func(b []byte) (int, error) {
		mu.Lock()
		defer mu.Unlock()
		return out.Write(b)
	})
	r := New(Options{Out: w, After: -1, Every: 10 * time.Millisecond})
	task := r.Start("waiting", 0, words.Text{})
	deadline := time.Now().Add(5 * time.Second)
	for {
		mu.Lock()
		n := strings.Count(out.String(), "\r")
		mu.Unlock()
		if n >= 3 || time.Now().After(deadline) {
			break
		}
		time.Sleep(5 * time.Millisecond)
	}
	task.End()
	r.Close()
	mu.Lock()
	defer mu.Unlock()
	if got := screen(out.String()); len(got) != 1 || !strings.HasPrefix(got[0], "waiting · ") || !strings.Contains(got[0], "in all") {
		t.Errorf("screen = %q, want the final line of 'waiting'", got)
	}
}

type writerFunc func([]byte) (int, error)

func (f writerFunc) Write(b []byte) (int, error) { return f(b) }

func TestGroup(t *testing.T) {
	for n, want := range map[int64]string{0: "0", 999: "999", 1000: "1,000", 1234567: "1,234,567", -12345: "-12,345"} {
		if got := Group(n); got != want {
			t.Errorf("Group(%d) = %q, want %q", n, got, want)
		}
	}
}

// TestBytes: a task of bytes counts in MB.
func TestBytes(t *testing.T) {
	var out bytes.Buffer
	r, c := newManual(&out, words.LangEN)
	task := r.StartBytes("reading big.yaml", 1<<30)
	task.Set(256 << 20)
	c.add(3 * time.Second)
	r.Tick()
	want := "reading big.yaml: 256 of 1,024 MB · 3.0 s · about 9 s left"
	if got := screen(out.String()); len(got) != 1 || got[0] != want {
		t.Errorf("line %q, want %q", got, want)
	}
	r.Close()
}

// TestFinalLineNamesLongTasks: the final line names the tasks that took
// a second or more, or, if none did, the longest.
func TestFinalLineNamesLongTasks(t *testing.T) {
	for _, c := range []struct {
		took  []time.Duration
		final string
	}{
		{[]time.Duration{300 * time.Millisecond, 3 * time.Second, 200 * time.Millisecond}, "b · 3.0 s; 6.5 s in all"},
		{[]time.Duration{300 * time.Millisecond, 400 * time.Millisecond, 200 * time.Millisecond}, "b · 0.4 s; 3.9 s in all"},
		{[]time.Duration{1500 * time.Millisecond, 1200 * time.Millisecond}, "a · 1.5 s; b · 1.2 s; 5.7 s in all"},
	} {
		var out bytes.Buffer
		r, clk := newManual(&out, words.LangEN)
		clk.add(3 * time.Second)
		for i, d := range c.took {
			task := r.Start(string(rune('a'+i)), 0, words.Text{}) // drawn at once: past 2 s
			clk.add(d)
			task.End()
		}
		r.Close()
		if got := screen(out.String()); len(got) != 1 || got[0] != c.final {
			t.Errorf("tasks of %v: final %q, want %q", c.took, got, c.final)
		}
	}
}

// TestNoEstimate: a task whose total is only a bound shows how far of it,
// with no estimate of the time left; with a detail at the end.
func TestNoEstimate(t *testing.T) {
	var out bytes.Buffer
	r, c := newManual(&out, words.LangEN)
	task := r.Start("comparing", 6, words.ProgressUnitRuns)
	task.NoEstimate()
	task.Detail(func() string { return "now rows scan leaf: 1,234 steps" })
	c.add(5 * time.Second)
	task.Set(2)
	want := "comparing: 2 of 6 runs · 5.0 s · now rows scan leaf: 1,234 steps"
	if got := screen(out.String()); len(got) != 1 || got[0] != want {
		t.Errorf("line %q, want %q", got, want)
	}
	r.Close()
}

// TestWorkingBetweenTasks: past 2 s, in work between two tasks, the line
// still moves: "working" and the job's time.
func TestWorkingBetweenTasks(t *testing.T) {
	var out bytes.Buffer
	r, c := newManual(&out, words.LangZH)
	task := r.Start("a", 0, words.Text{})
	c.add(time.Second)
	task.End()
	c.add(2500 * time.Millisecond)
	r.Tick()
	if got := screen(out.String()); len(got) != 1 || got[0] != "处理中 · 3.5 秒" {
		t.Errorf("between tasks: %q", got)
	}
	r.Close()
	if got := screen(out.String()); len(got) != 1 || got[0] != "共用时 3.5 秒" { // a was never on the screen
		t.Errorf("final line %q", got)
	}
}
