package render

import (
	"fmt"
	"io"
	"slices"
	"strconv"
	"strings"
	"time"
	"unicode/utf8"

	"github.com/backtrack-edu/backtrack/render/internal/textwidth"
	"github.com/backtrack-edu/backtrack/tracer"
	"github.com/backtrack-edu/backtrack/tracer/words"
)

// Comparison tables: searches side by side (N-Queens beside Sudoku), and
// one strategy per row on one instance. The same table model is written as
// aligned text for a terminal or as a Markdown table for a lesson page.

// CompareRun is one search in a comparison: what it did, and how long it
// took (the only value that changes from one run to the next).
type CompareRun struct {
	Summary tracer.Summary
	Elapsed time.Duration
}

// CompareOptions say how a comparison is written.
type CompareOptions struct {
	Lang     tracer.Lang // tracer.LangEN (default) or tracer.LangZH
	Markdown bool        // a Markdown table instead of aligned text
	NoTime   bool        // leave the time out, so the output is the same on every run
}

// table is the model of a comparison: a header, rows of cells, and which
// columns hold numbers (right-aligned in text).
type table struct {
	head  []string
	rows  [][]string
	right []bool
}

// write writes the table as Markdown or as text aligned in columns (CJK
// characters count two columns, as a terminal draws them).
func (t *table) write(w io.Writer, markdown bool) error {
	var b strings.Builder
	if markdown {
		line := func(cells []string) {
			b.WriteString("|")
			for _, c := range cells {
				b.WriteString(" " + strings.ReplaceAll(c, "|", `\|`) + " |")
			}
			b.WriteString("\n")
		}
		line(t.head)
		b.WriteString("|")
		for i := range t.head {
			if t.right[i] {
				b.WriteString("---:|")
			} else {
				b.WriteString("---|")
			}
		}
		b.WriteString("\n")
		for _, r := range t.rows {
			line(r)
		}
	} else {
		widths := make([]int, len(t.head))
		for _, r := range append([][]string{t.head}, t.rows...) {
			for i, c := range r {
				widths[i] = max(widths[i], textwidth.Cols(c))
			}
		}
		b.WriteString(t.textLine(t.head, widths))
		for _, r := range t.rows {
			b.WriteString(t.textLine(r, widths))
		}
	}
	_, err := io.WriteString(w, b.String())
	return err
}

// textLine is one line of the table as aligned text: each cell padded to
// its column's width (a cell wider than that pushes the rest of its line
// to the right), two spaces between columns.
func (t *table) textLine(cells []string, widths []int) string {
	var l strings.Builder
	for i, c := range cells {
		pad := strings.Repeat(" ", max(0, widths[i]-textwidth.Cols(c)))
		if i > 0 {
			l.WriteString("  ")
		}
		if t.right[i] {
			l.WriteString(pad + c)
		} else {
			l.WriteString(c + pad)
		}
	}
	return strings.TrimRight(l.String(), " ") + "\n"
}

// Shape describes the recursion of a run in a few words: one row per call
// (1-D) for N-Queens; for Sudoku, how each call finds its cell on the 2-D
// board. An order these words do not know is told apart by the problem's
// template code: a call that finds its slot (CodeParts.Slot) is 2-D, one
// whose depth is its slot 1-D.
func Shape(sum tracer.Summary, lang tracer.Lang) string {
	o := CompareOptions{Lang: lang}
	d := sumDef(&sum)
	if d.Shape != nil {
		return d.Shape(sum.Strategy.Order).In(lang)
	}
	if d.Code.Slot != nil && d.Code.Slot(sum.Strategy.Order) != "" {
		return words.CompareShape2D.In(o.Lang)
	}
	return words.CompareShape1D.In(o.Lang)
}

// LoopWidth is what the loop of one call runs over, named by the
// problem's candidate: "8 columns", "9 digits", "3 numbers" ("8 列",
// "9 个数字", "3 个数字").
func LoopWidth(sum tracer.Summary, lang tracer.Lang) string {
	c := sumDef(&sum).Words.Candidate
	en, zh := c.EN, c.ZH
	if en == "" {
		en, zh = words.CompareCandidate.EN, words.CompareCandidate.ZH
	}
	lo, hi := sumDef(&sum).ValueRange(sum.Size)
	n := hi - lo + 1
	if lang != tracer.LangZH {
		return words.Count(lang, n, words.Noun{One: en, Many: words.Plural(en)})
	}
	// A noun of one character is its own measure word (列, 行); others
	// are counted with 个.
	if utf8.RuneCountInString(zh) == 1 {
		return fmt.Sprintf(words.CompareOwnMeasure.ZH, n, zh)
	}
	return fmt.Sprintf(words.CompareMeasured.ZH, n, zh)
}

// StatusText is the run's status, with the limit that stopped it:
// "limit (steps)", "limit (canceled)"; in Chinese the words of
// tracer.LimitWordsOf: "达到步数上限" (the limit's name says 上限), "达到上限（中断）".
func StatusText(sum tracer.Summary, lang tracer.Lang) string {
	if lang == tracer.LangZH {
		st := tracer.StatusWords(sum.Status).ZH
		if sum.Status == tracer.StatusLimit && sum.Limit != tracer.LimitNone {
			// "达到步数上限", not "达到上限（步数上限）": the limit's
			// own name already says 上限.
			if name := tracer.LimitWordsOf(sum.Limit).Name.ZH; strings.HasSuffix(name, words.RunLimit.ZH) {
				return fmt.Sprintf(words.CompareReachedLimit.ZH, name)
			}
			return fmt.Sprintf(words.CompareStatusLimit.ZH, st, tracer.LimitWordsOf(sum.Limit).Name.ZH)
		}
		return st
	}
	if sum.Status == tracer.StatusLimit && sum.Limit != tracer.LimitNone {
		return fmt.Sprintf("%s (%s)", sum.Status, sum.Limit)
	}
	return string(sum.Status)
}

// shortRule names the rule with key key briefly, for a row heading, in
// the words of the first of runs whose problem has it (RuleWords.Short):
// "row", "box", "↗ diagonal", "used".
func shortRule(key string, runs []CompareRun, o CompareOptions) string {
	// A table names each rule once, so where a rule has a fuller name for
	// its first mention, that one ("同宫（3×3 九宫格）重复"). Runs of two
	// problems meet on a key ("column") that each names in its own words
	// (同列 for a queen, 同列重复 for a digit): then the row names both,
	// each with its problem, so that no row mixes two terms.
	var names, titles []string
	for _, run := range runs {
		r, ok := runRule(&run.Summary, key)
		if !ok {
			continue
		}
		def := sumDef(&run.Summary)
		name := def.RuleWordsOf(r).Short.In(o.Lang)
		if intro := def.RuleIntro(r, run.Summary.Size, o.Lang); intro != def.RuleName(r, o.Lang) {
			name = intro
		}
		if !slices.Contains(names, name) {
			names = append(names, name)
			titles = append(titles, def.Title.In(o.Lang))
		}
	}
	switch len(names) {
	case 0:
		return key
	case 1:
		return names[0]
	}
	for i := range names {
		names[i] = words.CompareRuleOf.F(o.Lang, names[i], titles[i])
	}
	return strings.Join(names, " / ")
}

// runRule returns the rule of the run sum describes whose key is key
// (rules are numbered within their problem: runs of two problems meet
// by key, as Sudoku's and N-Queens' "column" do).
func runRule(sum *tracer.Summary, key string) (tracer.Rule, bool) {
	for _, r := range sum.Rules {
		if sum.RuleKey(r) == key {
			return r, true
		}
	}
	return tracer.RuleNone, false
}

// compareRules lists the keys of the rules of runs, each run's in its
// checking order, without repeats.
func compareRules(runs []CompareRun) []string {
	var keys []string
	for _, r := range runs {
		for _, ru := range r.Summary.Rules {
			if k := r.Summary.RuleKey(ru); !slices.Contains(keys, k) {
				keys = append(keys, k)
			}
		}
	}
	return keys
}

// widestLevel is "568 nodes at depth 5": the depth with the most nodes.
func widestLevel(st *tracer.Stats, o CompareOptions) string {
	best := -1
	for d, n := range st.PerDepth {
		if best < 0 || n > st.PerDepth[best] {
			best = d
		}
	}
	if best < 0 {
		return "-"
	}
	return fmt.Sprintf(words.CompareDepth.In(o.Lang), words.Count(o.Lang, st.PerDepth[best], words.DiagramCall), best)
}

// FormatElapsed writes a duration for a table: "85 µs", "12.3 ms", "1.25 s".
func FormatElapsed(d time.Duration) string {
	switch {
	case d < time.Millisecond:
		return strconv.FormatInt(d.Microseconds(), 10) + " µs"
	case d < time.Second:
		return strconv.FormatFloat(float64(d)/float64(time.Millisecond), 'f', 1, 64) + " ms"
	}
	return strconv.FormatFloat(d.Seconds(), 'f', 2, 64) + " s"
}

// WriteCompare writes runs side by side, one column per run, one row per
// property: the recursion's shape, the depth, the width of each call's
// loop, how the search ended and its counts, the widest level, and (unless
// opt.NoTime) the time.
func WriteCompare(w io.Writer, runs []CompareRun, opt CompareOptions) error {
	t := &table{head: []string{""}, right: []bool{false}}
	for _, r := range runs {
		t.head = append(t.head, RunName(r.Summary, opt.Lang))
		t.right = append(t.right, false)
	}
	row := func(label string, cell func(sum tracer.Summary, r CompareRun) string) {
		cells := []string{label}
		for _, r := range runs {
			cells = append(cells, cell(r.Summary, r))
		}
		t.rows = append(t.rows, cells)
	}
	n := func(f func(st *tracer.Stats) int64) func(tracer.Summary, CompareRun) string {
		return func(sum tracer.Summary, _ CompareRun) string { return strconv.FormatInt(f(&sum.Stats), 10) }
	}
	text := func(f func(s tracer.Summary) string) func(tracer.Summary, CompareRun) string {
		return func(sum tracer.Summary, _ CompareRun) string { return f(sum) }
	}
	row(words.CompareRecursionShape.In(opt.Lang), text(func(s tracer.Summary) string { return Shape(s, opt.Lang) }))
	row(words.CompareOrder.In(opt.Lang), text(func(s tracer.Summary) string { return string(s.Strategy.Order) }))
	row(words.CompareCheck.In(opt.Lang), text(func(s tracer.Summary) string { return string(s.Strategy.Check) }))
	row(words.CompareWhen.In(opt.Lang), text(func(s tracer.Summary) string { return string(s.Strategy.When) }))
	row(words.CompareStop.In(opt.Lang), text(func(s tracer.Summary) string { return StopText(s.Strategy.Stop, opt.Lang) }))
	row(words.CompareLoopWidthPerLevel.In(opt.Lang), text(func(s tracer.Summary) string { return LoopWidth(s, opt.Lang) }))
	row(words.CompareDepth2.In(opt.Lang), n(func(st *tracer.Stats) int64 { return int64(st.MaxDepth) }))
	row(words.CompareStatus.In(opt.Lang), text(func(s tracer.Summary) string { return StatusText(s, opt.Lang) }))
	row(words.CompareSolutions.In(opt.Lang), n(func(st *tracer.Stats) int64 { return st.Solutions }))
	row(words.StepperCalls.In(opt.Lang), n(func(st *tracer.Stats) int64 { return st.Nodes }))
	row(words.CompareTries.In(opt.Lang), n(func(st *tracer.Stats) int64 { return st.Tries }))
	row(words.CompareRejects.In(opt.Lang), n(func(st *tracer.Stats) int64 { return st.RejectTotal() }))
	for _, key := range compareRules(runs) {
		row(words.CompareRejects2.In(opt.Lang)+shortRule(key, runs, opt), text(func(s tracer.Summary) string {
			ru, ok := runRule(&s, key)
			if !ok {
				return "-"
			}
			return strconv.FormatInt(s.Stats.Rejects[ru], 10)
		}))
	}
	row(words.ComparePlacements.In(opt.Lang), n(func(st *tracer.Stats) int64 { return st.Placements }))
	row(words.RunBacktracks.In(opt.Lang), n(func(st *tracer.Stats) int64 { return st.Backtracks }))
	row(words.CompareCheckCost.In(opt.Lang), n(func(st *tracer.Stats) int64 { return st.CheckCost }))
	row(words.CompareScanCost.In(opt.Lang), n(func(st *tracer.Stats) int64 { return st.ScanCost }))
	row(words.CompareSteps.In(opt.Lang), n(func(st *tracer.Stats) int64 { return st.Steps }))
	row(words.CompareWidestLevel.In(opt.Lang), text(func(s tracer.Summary) string { return widestLevel(&s.Stats, opt) }))
	if !opt.NoTime {
		row(words.CompareTime.In(opt.Lang), func(_ tracer.Summary, r CompareRun) string { return FormatElapsed(r.Elapsed) })
	}
	return t.write(w, opt.Markdown)
}

// profileBar is the width, in characters, of the longest bar of a profile.
const profileBar = 24

// bar draws n out of most as a bar of block characters, eighths included.
func bar(n, most int64) string {
	if n <= 0 || most <= 0 {
		return ""
	}
	eighths := int((n*profileBar*8 + most - 1) / most) // round up: any node shows
	s := strings.Repeat("█", eighths/8)
	if r := eighths % 8; r > 0 {
		s += string([]rune("▏▎▍▌▋▊▉")[r-1])
	}
	return s
}

// WriteDepthProfile writes the nodes per depth of runs side by side as a
// small text histogram: one line per depth, for each run the count and a
// bar. All the bars share one scale, which the heading states (the widest
// level of all the runs is a full bar), so the columns can be compared; a
// level with any node at all shows at least a sliver. opt.Markdown wraps
// it in a code block.
func WriteDepthProfile(w io.Writer, runs []CompareRun, opt CompareOptions) error {
	t := &table{head: []string{words.CompareDepth2.In(opt.Lang)}, right: []bool{true}}
	deepest := 0
	var most int64
	for _, r := range runs {
		t.head = append(t.head, RunName(r.Summary, opt.Lang), "")
		t.right = append(t.right, true, false)
		deepest = max(deepest, len(r.Summary.Stats.PerDepth))
		for _, n := range r.Summary.Stats.PerDepth {
			most = max(most, n)
		}
	}
	for d := 0; d < deepest; d++ {
		cells := []string{strconv.Itoa(d)}
		for _, r := range runs {
			pd := r.Summary.Stats.PerDepth
			if d >= len(pd) {
				cells = append(cells, "", "")
				continue
			}
			cells = append(cells, strconv.FormatInt(pd[d], 10), bar(pd[d], most))
		}
		t.rows = append(t.rows, cells)
	}
	// The run names head the count columns; a name wider than its column
	// of numbers would push the bars apart, so it spans the bar too.
	for i := 1; i < len(t.head); i += 2 {
		t.head[i+1] = t.head[i]
		t.head[i] = ""
	}
	var b strings.Builder
	if opt.Markdown {
		b.WriteString("```\n")
	}
	full := words.Count(opt.Lang, most, words.DiagramCall)
	if len(runs) > 1 {
		fmt.Fprintf(&b, words.CompareCallsPerDepthOneScale.In(opt.Lang), full)
	} else {
		fmt.Fprintf(&b, words.CompareCallsPerDepthFullBar.In(opt.Lang), full)
	}
	if err := t.write(&b, false); err != nil {
		return err
	}
	if opt.Markdown {
		b.WriteString("```\n")
	}
	_, err := io.WriteString(w, b.String())
	return err
}

// WriteStrategyTable writes one row per run, for runs of several strategies
// on one instance: the strategy, how the search ended (for a run stopped by
// a limit, which limit), the counts, and (unless opt.NoTime) the time.
func WriteStrategyTable(w io.Writer, runs []CompareRun, opt CompareOptions) error {
	dedup := dedupAxis(runs) // compare --strategies of a list with repeats: 树层去重 used, start, none
	t := strategyColumns(dedup, opt)
	var limits []tracer.LimitReason // the limits that stopped runs, in the order first met
	for _, r := range runs {
		limits = addLimit(limits, r.Summary)
		t.rows = append(t.rows, strategyCells(r, dedup, opt))
	}
	var b strings.Builder
	if len(runs) > 0 {
		b.WriteString(strategyTitle(runs[0].Summary, dedup, opt))
		if opt.Markdown {
			b.WriteString("\n")
		}
	}
	if err := t.write(&b, opt.Markdown); err != nil {
		return err
	}
	if len(limits) > 0 && opt.Markdown {
		b.WriteString("\n")
	}
	for _, l := range limits {
		b.WriteString(limitNote(l, opt))
		if opt.Markdown && len(limits) > 1 {
			b.WriteString("\n") // one paragraph each
		}
	}
	_, err := io.WriteString(w, b.String())
	return err
}

// strategyColumns is the empty strategy table: its header, and which
// columns hold numbers.
func strategyColumns(dedup bool, opt CompareOptions) *table {
	t := &table{}
	col := func(head string, right bool) {
		t.head = append(t.head, head)
		t.right = append(t.right, right)
	}
	col(words.CompareOrder.In(opt.Lang), false)
	col(words.CompareCheck.In(opt.Lang), false)
	col(words.CompareWhen.In(opt.Lang), false)
	if dedup {
		col(words.CompareDedup.In(opt.Lang), false)
	}
	col(words.CompareStatus.In(opt.Lang), false)
	for _, h := range []words.Text{words.CompareSolutions, words.StepperCalls, words.CompareTries, words.ComparePlacements,
		words.RunBacktracks, words.CompareCheckCost, words.CompareScanCost, words.CompareSteps} {
		col(h.In(opt.Lang), true)
	}
	if !opt.NoTime {
		col(words.CompareTime.In(opt.Lang), true)
	}
	return t
}

// strategyNames are the cells of a strategy table that name the run's
// strategy: its order, check, when and (with dedup) its de-duplication.
func strategyNames(s tracer.Summary, dedup bool) []string {
	cells := []string{string(s.Strategy.Order), string(s.Strategy.Check), string(s.Strategy.When)}
	if dedup {
		cells = append(cells, string(tracer.InstanceSetting(s.Instance, "dedup")))
	}
	return cells
}

// strategyCells is a run's row of a strategy table.
func strategyCells(r CompareRun, dedup bool, opt CompareOptions) []string {
	s := r.Summary
	st := &s.Stats
	cells := append(strategyNames(s, dedup), StatusText(s, opt.Lang))
	for _, v := range []int64{st.Solutions, st.Nodes, st.Tries, st.Placements, st.Backtracks, st.CheckCost, st.ScanCost, st.Steps} {
		cells = append(cells, strconv.FormatInt(v, 10))
	}
	if !opt.NoTime {
		cells = append(cells, FormatElapsed(r.Elapsed))
	}
	return cells
}

// strategyTitle is the line above a strategy table: the instance and the
// stop rule. With dedup, the style is a column: the title names the list
// alone.
func strategyTitle(s tracer.Summary, dedup bool, opt CompareOptions) string {
	name := RunName(s, opt.Lang)
	if dedup {
		d := string(tracer.InstanceSetting(s.Instance, "dedup"))
		name = strings.NewReplacer(fmt.Sprintf(words.CompareDedupInTitle.EN, d), "", fmt.Sprintf(words.CompareDedupInTitle.ZH, d), "").Replace(name)
	}
	return fmt.Sprintf("%s · %s%s\n", name, words.CompareStop2.In(opt.Lang), StopText(s.Strategy.Stop, opt.Lang))
}

// addLimit adds the limit that stopped s to limits, if it stopped at one
// not already there.
func addLimit(limits []tracer.LimitReason, s tracer.Summary) []tracer.LimitReason {
	if s.Status == tracer.StatusLimit && !slices.Contains(limits, s.Limit) {
		limits = append(limits, s.Limit)
	}
	return limits
}

// StrategyRows writes a strategy table as text one row at a time, as each
// run ends, so that a run that takes long (or never ends: a check at the
// leaf with no step limit) does not hold back the rows of those before
// it. NewStrategyRows writes the title and the header, Row a run's row,
// Close the notes under the table.
//
// The rows cannot wait for the widest value, so each column is as wide
// as its header and the widest value the plan allows: the strategies'
// names, the statuses a run with that stop rule and limit can end with,
// numbers up to the step limit (ten digits with none), the time as
// FormatElapsed writes up to 999.99 s. A wider value widens its own row
// only. WriteStrategyTable writes the same table with the columns
// fitted to the values.
type StrategyRows struct {
	w      io.Writer
	opt    CompareOptions
	dedup  bool
	t      *table
	widths []int
	limits []tracer.LimitReason
}

// NewStrategyRows writes the title and the header of a strategy table of
// the runs plan describes (their summaries before they run: instance and
// strategy), each run stopping at maxSteps steps (0: no limit), to w.
func NewStrategyRows(w io.Writer, plan []tracer.Summary, maxSteps int64, opt CompareOptions) (*StrategyRows, error) {
	if len(plan) == 0 {
		return nil, fmt.Errorf("a strategy table of no runs")
	}
	dedup := false
	for _, s := range plan {
		dedup = dedup || tracer.InstanceSetting(s.Instance, "dedup") != tracer.InstanceSetting(plan[0].Instance, "dedup")
	}
	r := &StrategyRows{w: w, opt: opt, dedup: dedup, t: strategyColumns(dedup, opt)}
	r.widths = make([]int, len(r.t.head))
	for i, h := range r.t.head {
		r.widths[i] = textwidth.Cols(h)
	}
	widen := func(i int, cell string) { r.widths[i] = max(r.widths[i], textwidth.Cols(cell)) }
	for _, s := range plan {
		for i, c := range strategyNames(s, dedup) {
			widen(i, c)
		}
	}
	status := len(strategyNames(plan[0], dedup))
	ends := []tracer.Status{tracer.StatusComplete}
	switch plan[0].Strategy.Stop {
	case tracer.StopFirst:
		ends = append(ends, tracer.StatusSolved)
	case tracer.StopNoReturn:
		ends = append(ends, tracer.StatusLost)
	}
	for _, st := range ends {
		widen(status, StatusText(tracer.Summary{Status: st}, opt.Lang))
	}
	if maxSteps > 0 {
		widen(status, StatusText(tracer.Summary{Status: tracer.StatusLimit, Limit: tracer.LimitSteps}, opt.Lang))
	}
	digits := 10
	if maxSteps > 0 {
		digits = len(strconv.FormatInt(maxSteps+10, 10)) // a run stops a few steps past its limit
	}
	for i := status + 1; i < status+9; i++ {
		widen(i, strings.Repeat("9", digits))
	}
	if !opt.NoTime {
		widen(status+9, FormatElapsed(999990*time.Millisecond))
	}
	var b strings.Builder
	b.WriteString(strategyTitle(plan[0], dedup, opt))
	b.WriteString(r.t.textLine(r.t.head, r.widths))
	if _, err := io.WriteString(w, b.String()); err != nil {
		return nil, err
	}
	return r, nil
}

// Row writes the row of a run that ended.
func (r *StrategyRows) Row(run CompareRun) error {
	r.limits = addLimit(r.limits, run.Summary)
	_, err := io.WriteString(r.w, r.t.textLine(strategyCells(run, r.dedup, r.opt), r.widths))
	return err
}

// Close writes the notes under the table: what each limit that stopped a
// run means.
func (r *StrategyRows) Close() error {
	var b strings.Builder
	for _, l := range r.limits {
		b.WriteString(limitNote(l, r.opt))
	}
	_, err := io.WriteString(r.w, b.String())
	return err
}

// dedupAxis reports whether the runs differ in their de-duplication
// style, which then gets a column of its own.
func dedupAxis(runs []CompareRun) bool {
	for _, r := range runs {
		if tracer.InstanceSetting(r.Summary.Instance, "dedup") != tracer.InstanceSetting(runs[0].Summary.Instance, "dedup") {
			return true
		}
	}
	return false
}

// limitNote explains, under a strategy table, the status of the runs a
// limit stopped: "limit (steps): …".
func limitNote(l tracer.LimitReason, opt CompareOptions) string {
	status := StatusText(tracer.Summary{Status: tracer.StatusLimit, Limit: l}, opt.Lang)
	return status + fmt.Sprintf(words.CompareLimitNote.In(opt.Lang), tracer.LimitWordsOf(l).Compare.In(opt.Lang))
}

// StopText names a stop rule in a table: in English the flag's own value
// ("first"), in Chinese the rule ("找到第一个解就停"), since an English
// value in a Chinese table reads as untranslated.
func StopText(s tracer.Stop, lang tracer.Lang) string {
	if lang != tracer.LangZH {
		return string(s)
	}
	switch s {
	case tracer.StopFirst:
		return words.LessonStopFirst.ZH
	case tracer.StopAll:
		return words.LessonStopAll.ZH
	case tracer.StopNoReturn:
		return words.LessonStopNoReturn.ZH
	}
	return string(s)
}
