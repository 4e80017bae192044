// Package progress draws one line of progress on a terminal for a job
// that takes a while: what it is doing, how far, how long, and an
// estimate of the time left where the total is known. The line is
// rewritten in place (a carriage return, then "clear to the end of the
// line"), a few times a second, from the job's DefaultAfter on, so a
// quick job prints nothing; when the job ends, the line becomes one final
// line that stays: the tasks that were shown and the job's whole time.
//
// A job is a Reporter; its phases are Tasks, one after the other (the
// search, drawing the frames, writing the GIF). A task counts how far it
// is (Add, Set, or a function read at each redraw, Count), out of a total
// if one is known. A nil *Reporter and a nil *Task do nothing, so the
// code of a job calls them unconditionally, and whoever starts the job
// decides whether there is a line at all (the command line: only when
// stderr is a terminal).
//
// Everything else written to the terminal while the line is up goes
// through Wrap, which takes the line away first; it is drawn again at the
// next redraw.
package progress

import (
	"io"
	"strconv"
	"strings"
	"sync"
	"sync/atomic"
	"time"

	"github.com/backtrack-edu/backtrack/render/internal/textwidth"
	"github.com/backtrack-edu/backtrack/tracer/words"
)

// Defaults of Options.
const (
	// DefaultAfter is how long a job runs before its first line.
	DefaultAfter = 2 * time.Second
	// DefaultEvery is the time between two redraws: four a second.
	DefaultEvery = 250 * time.Millisecond
	// DefaultWidth is the width of the line, in columns, unless told.
	DefaultWidth = 80
)

// Options configure a Reporter. A zero field takes the default named on
// it.
type Options struct {
	// Out is where the line goes: a terminal. Nil: New returns nil, a
	// Reporter that reports nothing.
	Out io.Writer
	// Lang is the language of the words (words.LangEN unless LangZH).
	Lang words.Lang
	// After is how long the job runs before its first line (0:
	// DefaultAfter; negative: from the first redraw).
	After time.Duration
	// Every is the time between two redraws (0: DefaultEvery).
	Every time.Duration
	// Width is the terminal's width in columns: the line is cut to one
	// less, so it never wraps (0: DefaultWidth).
	Width int
	// Now is the clock (nil: time.Now).
	Now func() time.Time
	// Manual: no goroutine redraws the line; it is redrawn at each
	// change (Start, Add, Set) and each Tick the caller calls: for tests,
	// which then see every change, with a clock of their own.
	Manual bool
}

// seenTask is a task that was drawn: its part of the final line, and how
// long it took.
type seenTask struct {
	summary string
	took    time.Duration
}

// worthNaming is how long a task must take to be named in the final line
// (the longest one is, in any case).
const worthNaming = time.Second

// Reporter draws the progress line of one job. Its methods are safe for
// concurrent use; those of a nil *Reporter do nothing.
type Reporter struct {
	opt   Options
	start time.Time

	mu      sync.Mutex
	cur     *Task
	shown   bool       // a line is on the screen, not ended by a newline
	drawn   bool       // a line was drawn at some time in this job
	seen    []seenTask // the tasks that were drawn, ended
	closed  bool
	stop    chan struct{} // closed by Close: the redraws end
	stopped chan struct{} // closed when they have
}

// New returns a Reporter of a job that starts now, drawing on opt.Out;
// nil if opt.Out is nil. Close it when the job ends.
func New(opt Options) *Reporter {
	if opt.Out == nil {
		return nil
	}
	if opt.After == 0 {
		opt.After = DefaultAfter
	}
	if opt.Every <= 0 {
		opt.Every = DefaultEvery
	}
	if opt.Width <= 0 {
		opt.Width = DefaultWidth
	}
	if opt.Now == nil {
		opt.Now = time.Now
	}
	return &Reporter{opt: opt, start: opt.Now()}
}

// Lang is the language of the reporter's words ("" for a nil Reporter).
func (r *Reporter) Lang() words.Lang {
	if r == nil {
		return ""
	}
	return r.opt.Lang
}

// Task is one phase of a job: what it does, how far it is, out of what
// total. Add and Set are safe for concurrent use; a nil *Task does
// nothing.
type Task struct {
	r      *Reporter
	what   string
	unit   string
	bytes  bool
	start  time.Time
	total  atomic.Int64
	done   atomic.Int64
	count  func() int64  // read at each redraw, in place of done
	detail func() string // more words at the end of the line
	guess  atomic.Bool   // no estimate of the time left: the total is a bound, or the parts differ

	// under r.mu
	end   time.Time
	drawn bool
}

// Start begins a task, ending the one before if it is still going: what
// it does ("drawing the frames"), already in the reporter's language;
// its total (0: unknown) and the unit it counts in ("" for a task that
// counts nothing: only its time is shown).
func (r *Reporter) Start(what string, total int64, unit words.Text) *Task {
	return r.begin(what, total, unit, false)
}

// StartBytes begins a task that counts bytes out of total (0: unknown),
// shown in MB.
func (r *Reporter) StartBytes(what string, total int64) *Task {
	return r.begin(what, total, words.ProgressUnitMegabytes, true)
}

func (r *Reporter) begin(what string, total int64, unit words.Text, bytes bool) *Task {
	if r == nil {
		return nil
	}
	t := &Task{r: r, what: what, unit: unit.In(r.opt.Lang), bytes: bytes, start: r.opt.Now()}
	t.total.Store(total)
	r.mu.Lock()
	if r.closed {
		r.mu.Unlock()
		return nil
	}
	r.endLocked(r.cur)
	r.cur = t
	if !r.opt.Manual && r.stop == nil {
		r.stop, r.stopped = make(chan struct{}), make(chan struct{})
		go r.loop(r.stop, r.stopped)
	}
	r.mu.Unlock()
	t.changed()
	return t
}

// changed redraws the line of a Manual reporter.
func (t *Task) changed() {
	if t.r.opt.Manual {
		t.r.Tick()
	}
}

// Add adds n to how far the task is.
func (t *Task) Add(n int64) {
	if t != nil {
		t.done.Add(n)
		t.changed()
	}
}

// Set sets how far the task is.
func (t *Task) Set(n int64) {
	if t != nil {
		t.done.Store(n)
		t.changed()
	}
}

// SetTotal sets the task's total (0: unknown).
func (t *Task) SetTotal(n int64) {
	if t != nil {
		t.total.Store(n)
	}
}

// Count makes f say how far the task is, read at each redraw (a counter
// the work updates itself): Add and Set are then ignored. Call it before
// the work starts.
func (t *Task) Count(f func() int64) {
	if t != nil {
		t.r.mu.Lock()
		t.count = f
		t.r.mu.Unlock()
	}
}

// Detail makes f give more words at the end of the line, read at each
// redraw ("now rows scan leaf: 1,234,567 steps").
func (t *Task) Detail(f func() string) {
	if t != nil {
		t.r.mu.Lock()
		t.detail = f
		t.r.mu.Unlock()
	}
}

// NoEstimate leaves out the estimate of the time left: for a total that
// is only a bound (a step limit the search may never reach), or parts
// that differ too much for the time so far to tell (runs of different
// strategies).
func (t *Task) NoEstimate() {
	if t != nil {
		t.guess.Store(true)
	}
}

// End ends the task. A task that was on the screen is named in the final
// line, with how far it got and its time.
func (t *Task) End() {
	if t == nil {
		return
	}
	t.r.mu.Lock()
	defer t.r.mu.Unlock()
	t.r.endLocked(t)
}

func (r *Reporter) endLocked(t *Task) {
	if t == nil || !t.end.IsZero() {
		return
	}
	t.end = r.opt.Now()
	if t.drawn {
		r.seen = append(r.seen, seenTask{t.summary(), t.end.Sub(t.start)})
	}
	if r.cur == t {
		r.cur = nil
	}
}

// loop redraws the line every opt.Every until stop is closed.
func (r *Reporter) loop(stop, stopped chan struct{}) {
	defer close(stopped)
	tick := time.NewTicker(r.opt.Every)
	defer tick.Stop()
	for {
		select {
		case <-stop:
			return
		case <-tick.C:
			r.Tick()
		}
	}
}

// Tick redraws the line, if the job has run long enough: the task going,
// or, between tasks, "working" and the job's time. The reporter's own goroutine calls it every Options.Every;
// with Options.Manual, the caller does.
func (r *Reporter) Tick() {
	if r == nil {
		return
	}
	now := r.opt.Now()
	r.mu.Lock()
	defer r.mu.Unlock()
	t := r.cur
	if r.closed || now.Sub(r.start) < r.opt.After {
		return
	}
	var line string
	if t != nil {
		line = t.line(now)
	} else {
		// Between tasks, in work no task names: the job's time, so the
		// line never stands still.
		lang := r.opt.Lang
		line = words.ProgressWorking.In(lang) + words.ProgressSep.In(lang) + seconds(now.Sub(r.start), lang)
	}
	line = cut(line, r.opt.Width-1)
	if _, err := io.WriteString(r.opt.Out, "\r"+line+"\x1b[K"); err != nil {
		return
	}
	r.shown, r.drawn = true, true
	if t != nil {
		t.drawn = true
	}
}

// Wrap returns a writer that writes to w with the line taken away first
// (it is drawn again at the next redraw): for what the job prints on the
// same terminal while it runs. A nil Reporter returns w.
func (r *Reporter) Wrap(w io.Writer) io.Writer {
	if r == nil {
		return w
	}
	return &wrapped{r: r, w: w}
}

type wrapped struct {
	r *Reporter
	w io.Writer
}

func (w *wrapped) Write(b []byte) (int, error) {
	w.r.mu.Lock()
	defer w.r.mu.Unlock()
	w.r.clearLocked()
	return w.w.Write(b)
}

// clearLocked takes the line off the screen.
func (r *Reporter) clearLocked() {
	if r.shown {
		io.WriteString(r.opt.Out, "\r\x1b[K")
		r.shown = false
	}
}

// Close ends the job: the redraws stop, and if a line was ever drawn, it
// is replaced by the final line and a newline: the tasks that were shown
// and took a second or more (or the longest of them), how far each got
// and its time, and the whole job's time. Later calls do nothing.
func (r *Reporter) Close() {
	if r == nil {
		return
	}
	r.mu.Lock()
	if r.closed {
		r.mu.Unlock()
		return
	}
	r.closed = true
	stop, stopped := r.stop, r.stopped
	r.mu.Unlock()
	if stop != nil {
		close(stop)
		<-stopped
	}
	r.mu.Lock()
	defer r.mu.Unlock()
	r.endLocked(r.cur)
	if !r.drawn {
		return
	}
	r.clearLocked()
	lang := r.opt.Lang
	longest := 0
	for i, s := range r.seen {
		if s.took > r.seen[longest].took {
			longest = i
		}
	}
	var parts []string
	for i, s := range r.seen {
		if s.took >= worthNaming || i == longest {
			parts = append(parts, s.summary)
		}
	}
	parts = append(parts, words.ProgressAll.F(lang, seconds(r.opt.Now().Sub(r.start), lang)))
	io.WriteString(r.opt.Out, strings.Join(parts, words.ProgressJoin.In(lang))+"\n")
}

// line is the task's line at now.
func (t *Task) line(now time.Time) string {
	lang := t.r.opt.Lang
	done, total := t.progress()
	elapsed := now.Sub(t.start)
	parts := []string{t.what}
	if a := t.amount(done, total, false); a != "" {
		parts[0] = words.ProgressWhat.F(lang, t.what, a)
	}
	parts = append(parts, seconds(elapsed, lang))
	if total > 0 && done > 0 && done < total && elapsed >= time.Second && !t.guess.Load() {
		left := time.Duration(float64(elapsed) * float64(total-done) / float64(done))
		parts = append(parts, words.ProgressLeft.F(lang, roughly(left, lang)))
	}
	if t.detail != nil {
		if d := t.detail(); d != "" {
			parts = append(parts, d)
		}
	}
	return strings.Join(parts, words.ProgressSep.In(lang))
}

// summary is the task's part of the final line: how far it got, and its
// time.
func (t *Task) summary() string {
	lang := t.r.opt.Lang
	done, total := t.progress()
	what := t.what
	if a := t.amount(done, total, true); a != "" {
		what = words.ProgressWhat.F(lang, t.what, a)
	}
	return what + words.ProgressSep.In(lang) + seconds(t.end.Sub(t.start), lang)
}

// progress is how far the task is, and its total.
func (t *Task) progress() (done, total int64) {
	done = t.done.Load()
	if t.count != nil {
		done = t.count()
	}
	return done, t.total.Load()
}

// amount writes how far the task is: "12 of 60 frames", "1,234 steps";
// at the end, a task that reached its total is written as its count.
// "" for a task that counts nothing.
func (t *Task) amount(done, total int64, final bool) string {
	lang := t.r.opt.Lang
	if total > 0 {
		done = min(done, total) // a search's limit event is a step past its limit
	}
	switch {
	case t.unit == "":
		return ""
	case total > 0 && !(final && done == total):
		return words.ProgressOf.F(lang, t.number(done, total), t.number(total, total), t.unit)
	}
	return words.ProgressCount.F(lang, t.number(done, total), t.unit)
}

// number writes n, in MB for a task that counts bytes (with a decimal
// under 10 MB).
func (t *Task) number(n, total int64) string {
	if !t.bytes {
		return Group(n)
	}
	mb := float64(n) / (1 << 20)
	if max(n, total) < 10<<20 {
		return strconv.FormatFloat(mb, 'f', 1, 64)
	}
	return Group(int64(mb))
}

// Group writes n with a comma between groups of three digits: 1,234,567.
func Group(n int64) string {
	s := strconv.FormatInt(n, 10)
	neg := strings.HasPrefix(s, "-")
	s = strings.TrimPrefix(s, "-")
	var b strings.Builder
	if neg {
		b.WriteByte('-')
	}
	for i, c := range s {
		if i > 0 && (len(s)-i)%3 == 0 {
			b.WriteByte(',')
		}
		b.WriteRune(c)
	}
	return b.String()
}

// seconds writes a time to a tenth of a second, or in minutes and
// seconds from a minute on.
func seconds(d time.Duration, lang words.Lang) string {
	if d < time.Minute {
		return words.ProgressSeconds.F(lang, strconv.FormatFloat(d.Seconds(), 'f', 1, 64))
	}
	s := int(d.Round(time.Second) / time.Second)
	return words.ProgressMinutes.F(lang, s/60, s%60)
}

// roughly writes an estimate: whole seconds, rounded up, or minutes and
// seconds.
func roughly(d time.Duration, lang words.Lang) string {
	s := int((d + time.Second - 1) / time.Second)
	if s < 60 {
		return words.ProgressSeconds.F(lang, strconv.Itoa(s))
	}
	return words.ProgressMinutes.F(lang, s/60, s%60)
}

// cut cuts s to at most cols terminal columns.
func cut(s string, cols int) string {
	n := 0
	for i, r := range s {
		n += textwidth.RuneCols(r)
		if n > cols {
			return s[:i]
		}
	}
	return s
}
