package lessons

import (
	"fmt"
	"math"
	"strconv"
	"strings"
	"text/template"

	"github.com/backtrack-edu/backtrack/render"
	"github.com/backtrack-edu/backtrack/render/stepper"
	"github.com/backtrack-edu/backtrack/tracer"
	"github.com/backtrack-edu/backtrack/tracer/problems/sudoku"
	"github.com/backtrack-edu/backtrack/tracer/words"
)

// A lesson's text is a text/template whose data is a page: every number it
// shows comes from one of these methods, that is from a run.
//
//	{{.Run "before" "nodes"}}         a field of a run (see FieldNames)
//	{{.Ratio "leaf" "scan" "nodes"}}  leaf's nodes divided by scan's
//	{{.Diff "after" "before" "placements"}}
//	{{.Table "counts"}}               a table of the spec (Markdown)
//	{{.Excerpt "exhausted"}}          notes of the step log around a step
//	{{.Step "exhausted"}}             the step an excerpt or a view chose
//	{{.View "stack"}}                 the stepper's screen at a step
//	{{.Diagram "tree"}}               a search-tree diagram (SVG link)
//	{{.Chart "profile"}}              a nodes-per-depth chart (SVG link)
//	{{.Board "noreturn" "final"}}     a board: puzzle, final or solution
//	{{.Solutions "q4"}}               the solutions found, side by side
//	{{.Compare "q8" "lc"}}            runs side by side, as `backtrack compare`
//	{{.Profile "q8" "lc"}}            nodes per depth as a text histogram
//	{{.Label "before"}}               what tables call a run
//	{{.Rule "q4" "anti_diagonal"}}    a rule's name in the page's language
//	{{.RuleIntro "lc" "box"}}         its name where a page names it first ("同宫（3×3 九宫格）重复")
//	{{.Kind "exhausted"}}             an event kind's name in the page's language
//	{{.Index "lc" "corner" "4,5"}}    index arithmetic on a Sudoku grid; also .Grid,
//	                                  .BoxCells and .BoxLoop (see indices.go)

// page is the data of a lesson's template in one language.
type page struct {
	l        *Lesson
	lang     tracer.Lang
	runs     map[string]*ran
	diagrams map[string]render.TrimReport
	used     map[string]bool // the parts the text showed
	printed  map[string]*printedRun
	players  *players // shared pages (Options.players), or nil
}

func parseTemplate(l *Lesson, lang tracer.Lang) (*template.Template, error) {
	name := fmt.Sprintf("lessons/%s/lesson.%s.md", l.Name, lang)
	t, err := template.New(name).Option("missingkey=error").Parse(l.Text[lang])
	if err != nil {
		return nil, err
	}
	return t, nil
}

func (p *page) ran(name string) (*ran, error) {
	r := p.runs[name]
	if r == nil {
		return nil, fmt.Errorf("unknown run %q (the runs are %s)", name, strings.Join(runNames(&p.l.Spec), ", "))
	}
	return r, nil
}

func (p *page) value(run, f string) (value, error) {
	r, err := p.ran(run)
	if err != nil {
		return value{}, err
	}
	return field(r.spec, &r.out, f)
}

// Run returns field f of run, formatted.
func (p *page) Run(run, f string) (string, error) {
	v, err := p.value(run, f)
	if err != nil {
		return "", err
	}
	if f == "status" {
		r, _ := p.ran(run)
		return statusText(r.out.Summary, p.lang), nil
	}
	if f == "instance" && p.lang == tracer.LangZH {
		// The instance in the page's language (teaching review 2's
		// dedup page printed "target 8, dedup used" on the zh page).
		r, _ := p.ran(run)
		return instanceNameIn(r.out.Summary, p.lang), nil
	}
	if f == "stop" && p.lang == tracer.LangZH {
		// A Chinese table says the rule, not the flag's English value.
		if w, ok := stopZH[tracer.Stop(v.text)]; ok {
			return w, nil
		}
	}
	return v.String(), nil
}

// stopZH names the stop rules in a Chinese table.
var stopZH = map[tracer.Stop]string{
	tracer.StopFirst:    words.LessonStopFirst.ZH,
	tracer.StopAll:      words.LessonStopAll.ZH,
	tracer.StopNoReturn: words.LessonStopNoReturn.ZH,
}

// pair returns field fa of run ra and field fb of run rb as numbers; ok
// is false when either is not a number.
func (p *page) pair(ra, fa, rb, fb string) (x, y float64, ok bool, err error) {
	a, err := p.value(ra, fa)
	if err != nil {
		return 0, 0, false, err
	}
	b, err := p.value(rb, fb)
	if err != nil {
		return 0, 0, false, err
	}
	return a.num, b.num, a.isNum && b.isNum, nil
}

// Ratio returns field f of run a divided by that of run b: a whole number
// from 10 on, one decimal below.
func (p *page) Ratio(a, b, f string) (string, error) {
	x, y, ok, err := p.pair(a, f, b, f)
	if err != nil {
		return "", err
	}
	if !ok || y == 0 {
		return "", fmt.Errorf("ratio of %s: want numbers, and no zero below", f)
	}
	q := x / y
	if q >= 10 {
		return strconv.FormatFloat(math.Round(q), 'f', 0, 64), nil
	}
	return strconv.FormatFloat(q, 'f', 1, 64), nil
}

// Diff returns field f of run a minus that of run b.
func (p *page) Diff(a, b, f string) (string, error) {
	x, y, ok, err := p.pair(a, f, b, f)
	if err != nil {
		return "", err
	}
	if !ok {
		return "", fmt.Errorf("difference of %s: want numbers", f)
	}
	return value{num: x - y, isNum: true}.String(), nil
}

// Sub returns field a of run minus its field b ("check_cost_scan_on"
// minus "check_cost": what the early return saved).
func (p *page) Sub(run, a, b string) (string, error) {
	x, y, ok, err := p.pair(run, a, run, b)
	if err != nil {
		return "", err
	}
	if !ok {
		return "", fmt.Errorf("difference of %s and %s: want numbers", a, b)
	}
	return value{num: x - y, isNum: true}.String(), nil
}

// Percent returns field a of run as a whole percentage of its field b.
func (p *page) Percent(run, a, b string) (string, error) {
	x, y, ok, err := p.pair(run, a, run, b)
	if err != nil {
		return "", err
	}
	if !ok || y == 0 {
		return "", fmt.Errorf("percentage of %s in %s: want numbers, and no zero below", a, b)
	}
	return strconv.FormatFloat(math.Round(100*x/y), 'f', 0, 64) + "%", nil
}

// Label returns what tables call a run: its label, or its name.
func (p *page) Label(run string) (string, error) {
	r, err := p.ran(run)
	if err != nil {
		return "", err
	}
	if s := r.spec.Label.In(p.lang); s != "" {
		return s, nil
	}
	return r.spec.Name, nil
}

// Rule names a rule of run's problem in the page's language.
func (p *page) Rule(run, rule string) (string, error) {
	def, ru, _, err := p.runRule(run, rule)
	if err != nil {
		return "", err
	}
	return def.RuleName(ru, p.lang), nil
}

// RuleIntro names a rule of run's problem where a page names it first, for
// the run's instance (Def.RuleIntro: Sudoku's box is "同宫（3×3 九宫格）重复"
// in Chinese, as the tutorials say 九宫格).
func (p *page) RuleIntro(run, rule string) (string, error) {
	def, ru, size, err := p.runRule(run, rule)
	if err != nil {
		return "", err
	}
	return def.RuleIntro(ru, size, p.lang), nil
}

// runRule looks up run's problem, the rule named rule and the instance size.
func (p *page) runRule(run, rule string) (*tracer.Def, tracer.Rule, int, error) {
	r, err := p.ran(run)
	if err != nil {
		return nil, 0, 0, err
	}
	// Rules are numbered within their problem: the run's own Def reads
	// the key.
	def, err := runDef(&r.out.Summary)
	if err != nil {
		return nil, 0, 0, err
	}
	ru, err := def.ParseRule(rule)
	if err != nil {
		return nil, 0, 0, err
	}
	return def, ru, r.out.Summary.Size, nil
}

// Kind names an event kind in the page's language.
func (p *page) Kind(kind string) (string, error) {
	k, err := tracer.ParseKind(kind)
	if err != nil {
		return "", err
	}
	return tracer.KindName(k, p.lang), nil
}

func (p *page) use(part, name string, ok bool) error {
	if !ok {
		return fmt.Errorf("unknown %s %q", part, name)
	}
	p.used[part+" "+name] = true
	return nil
}

// Table returns a table of the spec as Markdown: one row per run.
func (p *page) Table(name string) (string, error) {
	ts := byName(p.l.Spec.Tables, name, func(x *TableSpec) string { return x.Name })
	if err := p.use("table", name, ts != nil); err != nil {
		return "", err
	}
	var b strings.Builder
	b.WriteString("| " + words.LessonRun.In(p.lang))
	align := "|---"
	for _, f := range ts.Fields {
		b.WriteString(" | " + fieldLabel(f, p.lang))
		if f == "status" || f == "strategy" || f == "order" || f == "check" || f == "when" || f == "stop" || f == "limit" {
			align += "|---"
		} else {
			align += "|---:"
		}
	}
	b.WriteString(" |\n" + align + "|\n")
	for _, run := range ts.Runs {
		label, err := p.Label(run)
		if err != nil {
			return "", err
		}
		b.WriteString("| " + mdCell(label))
		for _, f := range ts.Fields {
			v, err := p.Run(run, f)
			if err != nil {
				return "", fmt.Errorf("table %s: %w", name, err)
			}
			b.WriteString(" | " + mdCell(v))
		}
		b.WriteString(" |\n")
	}
	return strings.TrimSuffix(b.String(), "\n") + p.lockstepLink(ts.Runs), nil
}

// byName returns the item of a spec list with the given name, or nil.
func byName[T any](items []T, name string, nameOf func(*T) string) *T {
	var found *T
	for i := range items {
		if nameOf(&items[i]) == name {
			found = &items[i] // the last one wins, as before
		}
	}
	return found
}

// mdCell escapes what would break a Markdown table cell.
func mdCell(s string) string {
	return strings.NewReplacer("|", `\|`, "*", `\*`, "\n", " ").Replace(s)
}

// Excerpt returns the notes of an excerpt as a Markdown table, the chosen
// step in bold.
func (p *page) Excerpt(name string) (string, error) {
	es := byName(p.l.Spec.Excerpts, name, func(x *ExcerptSpec) string { return x.Name })
	if err := p.use("excerpt", name, es != nil); err != nil {
		return "", err
	}
	r := p.runs[es.Run]
	lines := r.lines[name]
	// A reject under --when leaf is a failed whole-board check, not a prune.
	when := r.out.Summary.Strategy.When
	var b strings.Builder
	fmt.Fprintf(&b, "| %s | %s | %s |\n|---:|---|---|\n", words.LessonStep.In(p.lang), words.LessonEvent.In(p.lang), words.LessonNote.In(p.lang))
	for _, l := range lines {
		cells := []string{strconv.FormatInt(l.step, 10), tracer.EventWords(l.kind, when).In(p.lang), mdCell(l.note)}
		if l.chosen {
			for i, c := range cells {
				cells[i] = "**" + c + "**"
			}
		}
		b.WriteString("| " + strings.Join(cells, " | ") + " |\n")
	}
	return strings.TrimSuffix(b.String(), "\n") + p.playerLine(es.Run, r.picks[name]), nil
}

// playerLine is a line under a view or an excerpt that opens the run's
// player at step k; "" when the run has none.
func (p *page) playerLine(run string, k int64) string {
	link := p.playerLink(run, k)
	if link == "" {
		return ""
	}
	return fmt.Sprintf(words.LessonStepThroughPlayerHtmlStep.In(p.lang), run, k, link)
}

// Step returns the step an excerpt or a view chose.
func (p *page) Step(name string) (string, error) {
	for _, r := range p.runs {
		if k, ok := r.picks[name]; ok {
			if link := p.playerLink(r.spec.Name, k); link != "" {
				return fmt.Sprintf("[%d](%s)", k, link), nil
			}
			return strconv.FormatInt(k, 10), nil
		}
	}
	return "", fmt.Errorf("unknown excerpt or view %q", name)
}

// View returns the stepper's screen at the view's step, in a code block.
func (p *page) View(name string) (string, error) {
	vs := byName(p.l.Spec.Views, name, func(x *ViewSpec) string { return x.Name })
	if err := p.use("view", name, vs != nil); err != nil {
		return "", err
	}
	r := p.runs[vs.Run]
	s := stepper.New(r.rec, stepper.Options{Lang: p.lang, Width: vs.Width, Height: vs.Height})
	s.Goto(r.picks[name])
	// The screen is padded to its height above its last line (the keys'
	// help): a page wants neither the padding nor the keys.
	lines := strings.Split(s.View(), "\n")
	lines = lines[:len(lines)-1]
	for len(lines) > 0 && strings.TrimSpace(lines[len(lines)-1]) == "" {
		lines = lines[:len(lines)-1]
	}
	return codeBlock(strings.Join(lines, "\n")) + p.playerLine(vs.Run, r.picks[name]), nil
}

// codeBlock fences text as a Markdown code block, trailing spaces trimmed.
func codeBlock(text string) string {
	lines := strings.Split(strings.TrimRight(text, "\n"), "\n")
	for i, l := range lines {
		lines[i] = strings.TrimRight(l, " ")
	}
	return "```text\n" + strings.Join(lines, "\n") + "\n```"
}

// Diagram returns the Markdown image of a diagram, a link to the SVG that
// opens it at full size, and a line saying what it shows (with the link
// again, in words); for a diagram with fit: none, also why it is not fitted to a
// slide.
func (p *page) Diagram(name string) (string, error) {
	ds := byName(p.l.Spec.Diagrams, name, func(x *DiagramSpec) string { return x.Name })
	if err := p.use("diagram", name, ds != nil); err != nil {
		return "", err
	}
	rep := p.diagrams[name]
	var drawn string
	// One box per call and one per pruned try, as the diagram's legend
	// counts them: "nodes" on these pages means calls only. Under --when
	// leaf the tries are not pruned: the full board failed its check.
	pruned := fmt.Sprintf(words.LessonPrunedTries.In(p.lang), rep.TotalPruned)
	if r := p.runs[ds.Run]; r != nil && r.out.Summary.Strategy.When == tracer.WhenLeaf {
		w := tracer.LeafFailWords.Count
		pruned = fmt.Sprintf(words.Text{EN: "%d " + w.Many, ZH: w.ZH}.In(p.lang), rep.TotalPruned)
	}
	if rep.AllShown() {
		drawn = fmt.Sprintf(words.LessonAllBoxesTreeAreDrawn.In(p.lang), rep.Total, rep.TotalCalls, pruned)
	} else {
		drawn = fmt.Sprintf(words.LessonTreeBoxesCallsAreDrawn.In(p.lang), rep.Shown, rep.Total, rep.TotalCalls, pruned)
	}
	caption := ds.Caption.In(p.lang)
	md := fmt.Sprintf(words.LessonFigureNoted.In(p.lang), caption, name, caption, name, drawn, words.LessonOpenFullSize.In(p.lang))
	if ds.wide() {
		md += fmt.Sprintf(words.LessonNotTrimmedFitSlide.In(p.lang), ds.WideReason.In(p.lang))
	}
	return md, nil
}

// Chart returns the Markdown image of a chart, a link to the SVG that
// opens it at full size, and its caption (with the link again, in words).
func (p *page) Chart(name string) (string, error) {
	cs := byName(p.l.Spec.Charts, name, func(x *ChartSpec) string { return x.Name })
	if err := p.use("chart", name, cs != nil); err != nil {
		return "", err
	}
	caption := cs.Caption.In(p.lang)
	return fmt.Sprintf(words.LessonFigure.In(p.lang), caption, name, caption, name, words.LessonOpenFullSize.In(p.lang)) + p.lockstepLink(cs.Runs), nil
}

// Board returns a board of run in a code block: which is puzzle (the
// starting board), final (as the search left it) or solution (the first).
func (p *page) Board(run, which string) (string, error) {
	r, err := p.ran(run)
	if err != nil {
		return "", err
	}
	sum := r.out.Summary
	var rows []string
	switch which {
	case "puzzle":
		v, err := field(r.spec, &r.out, "puzzle")
		if err != nil {
			return "", err
		}
		rows = strings.Split(v.text, "/")
	case "final":
		rows = sum.Final
	case "solution":
		rows = sum.Solution
	default:
		return "", fmt.Errorf("board %q: want puzzle, final or solution", which)
	}
	if len(rows) == 0 {
		return "", fmt.Errorf("run %s has no %s board", run, which)
	}
	return codeBlock(render.Board(sum.Problem, rows)), nil
}

// Solutions returns the solutions a run kept, side by side in a code block.
func (p *page) Solutions(run string) (string, error) {
	r, err := p.ran(run)
	if err != nil {
		return "", err
	}
	sum := r.out.Summary
	if len(sum.Solutions) == 0 {
		return "", fmt.Errorf("run %s found no solution", run)
	}
	var blocks [][]string
	width := 0
	for i, rows := range sum.Solutions {
		lines := append([]string{fmt.Sprintf(words.LessonSolution.In(p.lang), i+1)},
			strings.Split(strings.TrimRight(render.Board(sum.Problem, rows), "\n"), "\n")...)
		for _, l := range lines {
			width = max(width, textWidth(l))
		}
		blocks = append(blocks, lines)
	}
	var b strings.Builder
	for i := 0; i < len(blocks[0]); i++ {
		var line strings.Builder
		for j, bl := range blocks {
			cell := ""
			if i < len(bl) {
				cell = bl[i]
			}
			if j < len(blocks)-1 {
				cell += strings.Repeat(" ", width-textWidth(cell)+4)
			}
			line.WriteString(cell)
		}
		b.WriteString(line.String() + "\n")
	}
	return codeBlock(b.String()), nil
}

// textWidth counts the columns of s, CJK characters two.
func textWidth(s string) int {
	w := 0
	for _, r := range s {
		if r >= 0x2e80 {
			w += 2
		} else {
			w++
		}
	}
	return w
}

func (p *page) compareRuns(names []string) ([]render.CompareRun, error) {
	if len(names) == 0 {
		return nil, fmt.Errorf("want one or more runs")
	}
	var out []render.CompareRun
	for _, n := range names {
		r, err := p.ran(n)
		if err != nil {
			return nil, err
		}
		out = append(out, render.CompareRun{Summary: r.out.Summary})
	}
	return out, nil
}

// Compare returns runs side by side as a Markdown table, as `backtrack
// compare` prints them (without the time).
func (p *page) Compare(runs ...string) (string, error) {
	cr, err := p.compareRuns(runs)
	if err != nil {
		return "", err
	}
	var b strings.Builder
	if err := render.WriteCompare(&b, cr, render.CompareOptions{Lang: p.lang, Markdown: true, NoTime: true}); err != nil {
		return "", err
	}
	return strings.TrimSuffix(b.String(), "\n"), nil
}

// Profile returns the nodes per depth of runs as a text histogram in a
// code block.
func (p *page) Profile(runs ...string) (string, error) {
	cr, err := p.compareRuns(runs)
	if err != nil {
		return "", err
	}
	var b strings.Builder
	if err := render.WriteDepthProfile(&b, cr, render.CompareOptions{Lang: p.lang, NoTime: true}); err != nil {
		return "", err
	}
	return codeBlock(b.String()), nil
}

// At returns what of the event a pick chose: step, move ("(4,5)=7",
// "r2=c0"), cell, value, depth, kind, rule (named in the page's
// language), witness (the cell a pruned candidate clashes with).
func (p *page) At(pick, what string) (string, error) {
	for _, r := range p.runs {
		e, ok := r.events[pick]
		if !ok {
			continue
		}
		def := r.info.Def
		switch what {
		case "step":
			return strconv.FormatInt(e.Step, 10), nil
		case "move":
			return def.MoveLabel(e.Cell, e.Value), nil
		case "cell":
			return e.Cell.String(), nil
		case "value":
			return strconv.Itoa(e.Value), nil
		case "depth":
			return strconv.Itoa(e.Depth), nil
		case "row":
			return strconv.Itoa(e.Cell.Row), nil
		case "col":
			return strconv.Itoa(e.Cell.Col), nil
		case "returned":
			return strconv.FormatBool(e.OK), nil
		case "kind":
			return tracer.KindName(e.Kind, p.lang), nil
		case "rule":
			if e.Rule == tracer.RuleNone {
				return "", fmt.Errorf("pick %s: step %d prunes nothing", pick, e.Step)
			}
			return def.RuleName(e.Rule, p.lang), nil
		case "witness":
			if e.Rule == tracer.RuleNone {
				return "", fmt.Errorf("pick %s: step %d has no witness", pick, e.Step)
			}
			return e.Witness.String(), nil
		}
		return "", fmt.Errorf("pick %s: unknown %q (want step, move, cell, value, depth, kind, rule or witness)", pick, what)
	}
	return "", fmt.Errorf("unknown pick %q", pick)
}

// DepthTable returns a depth table of the spec as Markdown: per depth
// the calls, the tries those calls made, how many were pruned and what
// share, and the calls that found no solution below them.
func (p *page) DepthTable(name string) (string, error) {
	ds := byName(p.l.Spec.DepthTables, name, func(x *DepthTableSpec) string { return x.Name })
	if err := p.use("depth_table", name, ds != nil); err != nil {
		return "", err
	}
	d := p.runs[ds.Run].depths
	var b strings.Builder
	b.WriteString(words.LessonDepthCallsTriesPrunedShare.In(p.lang))
	b.WriteString("|---:|---:|---:|---:|---:|---:|\n")
	for k := range d.calls {
		share := "-"
		if d.tries[k] > 0 {
			share = strconv.FormatInt((d.rejects[k]*100+d.tries[k]/2)/d.tries[k], 10) + "%"
		}
		fmt.Fprintf(&b, "| %d | %d | %d | %d | %s | %d |\n", k, d.calls[k], d.tries[k], d.rejects[k], share, d.dead[k])
	}
	return strings.TrimSuffix(b.String(), "\n"), nil
}

// Depth returns a count of a run's depth table ("depth", "calls",
// "tries", "rejects", "dead", "share") at a depth named by at: "root",
// "last", or the depth with the highest or lowest share of pruned tries
// among those that try ("most_pruned", "least_pruned"). A page names
// depths this way, never by a typed number.
func (p *page) Depth(name, what, at string) (string, error) {
	ds := byName(p.l.Spec.DepthTables, name, func(x *DepthTableSpec) string { return x.Name })
	if ds == nil {
		return "", fmt.Errorf("unknown depth table %q", name)
	}
	d := p.runs[ds.Run].depths
	k := -1
	switch at {
	case "root":
		k = 0
	case "last":
		k = len(d.calls) - 1
	case "most_pruned", "least_pruned":
		for i := range d.tries {
			if d.tries[i] == 0 {
				continue
			}
			if k < 0 {
				k = i
				continue
			}
			a, b := d.rejects[i]*d.tries[k], d.rejects[k]*d.tries[i]
			if (at == "most_pruned" && a > b) || (at == "least_pruned" && a < b) {
				k = i
			}
		}
	default:
		return "", fmt.Errorf("depth table %s: at %q: want root, last, most_pruned or least_pruned", name, at)
	}
	if k < 0 {
		return "", fmt.Errorf("depth table %s: no depth for %s", name, at)
	}
	switch what {
	case "depth":
		return strconv.Itoa(k), nil
	case "calls":
		return strconv.FormatInt(d.calls[k], 10), nil
	case "tries":
		return strconv.FormatInt(d.tries[k], 10), nil
	case "rejects":
		return strconv.FormatInt(d.rejects[k], 10), nil
	case "dead":
		return strconv.FormatInt(d.dead[k], 10), nil
	case "share":
		if d.tries[k] == 0 {
			return "-", nil
		}
		return strconv.FormatInt((d.rejects[k]*100+d.tries[k]/2)/d.tries[k], 10) + "%", nil
	}
	return "", fmt.Errorf("depth table %s: unknown %q (want depth, calls, tries, rejects, dead or share)", name, what)
}

// Attribution returns an attribution table as Markdown: the run's prunes
// by rule as the framework names them (row, then column, then box) and
// as tutorial 004's single loop would, with how many prunes the two
// blame on different rules.
func (p *page) Attribution(name string) (string, error) {
	as := byName(p.l.Spec.Attributions, name, func(x *AttributionSpec) string { return x.Name })
	if err := p.use("attribution", name, as != nil); err != nil {
		return "", err
	}
	r := p.runs[as.Run]
	var b strings.Builder
	b.WriteString(words.LessonRuleRowThenColumnThen.In(p.lang))
	b.WriteString("|---|---:|---:|\n")
	var total [2]int64
	for _, rule := range []tracer.Rule{sudoku.SudokuRow, sudoku.SudokuColumn, sudoku.SudokuBox} {
		name, err := p.Rule(as.Run, sudoku.SudokuDef.RuleKey(rule))
		if err != nil {
			return "", err
		}
		fmt.Fprintf(&b, "| %s | %d | %d |\n", name, r.blame.framework[rule], r.blame.loop[rule])
		total[0] += r.blame.framework[rule]
		total[1] += r.blame.loop[rule]
	}
	fmt.Fprintf(&b, words.LessonAllPrunes.In(p.lang), total[0], total[1])
	return b.String(), nil
}

// Blamed returns how many of an attribution table's prunes the two ways
// blame on different rules ("differ"), or all its prunes ("all").
func (p *page) Blamed(name, what string) (string, error) {
	as := byName(p.l.Spec.Attributions, name, func(x *AttributionSpec) string { return x.Name })
	if as == nil {
		return "", fmt.Errorf("unknown attribution %q", name)
	}
	bl := p.runs[as.Run].blame
	switch what {
	case "differ":
		return strconv.FormatInt(bl.differ, 10), nil
	case "all":
		var n int64
		for _, k := range bl.framework {
			n += k
		}
		return strconv.FormatInt(n, 10), nil
	}
	return "", fmt.Errorf("attribution %s: unknown %q (want differ or all)", name, what)
}
