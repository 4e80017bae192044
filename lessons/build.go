package lessons

import (
	"bytes"
	"context"
	"fmt"
	"os"
	"path/filepath"
	"runtime"
	"slices"
	"strings"
	"sync"
	"text/template"
	"time"

	"github.com/backtrack-edu/backtrack/render"
	"github.com/backtrack-edu/backtrack/render/graphviz"
	"github.com/backtrack-edu/backtrack/render/outfile"
	"github.com/backtrack-edu/backtrack/render/steplog"
	"github.com/backtrack-edu/backtrack/render/stepper"
	"github.com/backtrack-edu/backtrack/tracer"
	"github.com/backtrack-edu/backtrack/tracer/words"
)

// Options configure Make and Build.
type Options struct {
	Lang tracer.Lang // the page's language: tracer.LangEN (default) or tracer.LangZH
	Tool string      // the program named in step logs, e.g. "backtrack 0.1.0"
	// Force lets Build replace a lesson folder that holds files it did not
	// write (they are deleted); without it such a folder is an error.
	Force bool
	// ExercisesOnly makes only the runs, the claims and the exercises
	// (Made.Exercises): no page, pictures or players. It is what a
	// worksheet needs (see Worksheet).
	ExercisesOnly bool
	// players, set by MakeAll, shares the player pages of the lessons
	// made with it in its languages: made once for all of them.
	players *players
}

// Exercise is an exercise of a made lesson, its question and answer
// filled from the runs (Markdown).
type Exercise struct {
	Q, A string
}

// Made is a lesson made in memory: its files by name (index.md, the SVG
// diagrams and charts, the stats and step logs of the runs).
type Made struct {
	Name  string
	Files map[string][]byte
	// Nodes is, for each diagram file, how many node statements its DOT
	// held: the SVG has one node group for each.
	Nodes map[string]int
	// Steps is how many steps the lesson's runs made in all.
	Steps   int64
	Elapsed time.Duration
	// Title is the lesson's title in the language it was made in.
	Title string
	// Exercises are the page's exercises, answers filled from the runs.
	Exercises []Exercise
}

// Names returns the file names in order.
func (m *Made) Names() []string { return sortedKeys(m.Files) }

// Make runs the lesson and makes its page and files in memory. A claim
// that does not hold, a part the text refers to that does not exist, or a
// part of the spec the text does not show is an error.
func (l *Lesson) Make(ctx context.Context, opt Options) (*Made, error) {
	if err := ctx.Err(); err != nil {
		return nil, err
	}
	start := time.Now()
	if opt.Lang == "" {
		opt.Lang = tracer.LangEN
	}
	if _, err := tracer.ParseLang(string(opt.Lang)); err != nil {
		return nil, err
	}
	m := &Made{Name: l.Name, Files: map[string][]byte{}, Nodes: map[string]int{}, Title: l.Title(opt.Lang)}
	if l.Spec.Tutorial != "" {
		m.Title = l.Spec.Tutorial + " · " + m.Title
	}
	p := &page{l: l, lang: opt.Lang, players: opt.players, runs: map[string]*ran{}, diagrams: map[string]render.TrimReport{}, used: map[string]bool{},
		printed: map[string]*printedRun{}}
	for _, pr := range l.Spec.Printed {
		start, _ := parsePrintedBoard(pr.Puzzle) // checked by Parse
		r, err := printedCodes[pr.Code](ctx, start, pr.MaxCalls)
		if err != nil {
			return nil, err
		}
		p.printed[pr.Name] = r
	}
	for i := range l.Spec.Runs {
		rs := &l.Spec.Runs[i]
		r, err := l.execute(ctx, rs, opt.Lang, opt.Tool)
		if err != nil {
			return nil, fmt.Errorf("lesson %s: run %s: %w", l.Name, rs.Name, err)
		}
		p.runs[rs.Name] = r
		m.Steps += r.out.Summary.Stats.Steps
		if opt.ExercisesOnly {
			continue // a worksheet needs no stats or step logs
		}
		var stats bytes.Buffer
		if err := steplog.WriteStats(&stats, r.out.Summary); err != nil {
			return nil, err
		}
		m.Files[rs.Name+".stats.yaml"] = stats.Bytes()
		if r.log != nil {
			m.Files[rs.Name+".yaml"] = r.log
		}
	}

	// Claims first: a page whose text no longer holds is not made.
	get := func(run, f string) (value, error) { return p.value(run, f) }
	var checked []string
	for _, c := range l.Spec.Claims {
		cl, _ := parseClaim(c)
		ok, shown, err := cl.holds(get)
		if err != nil {
			return nil, fmt.Errorf("lesson %s: claim %q: %w", l.Name, c, err)
		}
		if !ok {
			return nil, fmt.Errorf("lesson %s: claim %q does not hold: %s", l.Name, c, shown)
		}
		checked = append(checked, fmt.Sprintf("- `%s`: %s ✓", c, shown))
	}

	for i, x := range l.Spec.Exercises {
		var qa [2]string
		for j, src := range []Text{x.Q, x.A} {
			t, err := template.New(fmt.Sprintf("lessons/%s exercise %d", l.Name, i+1)).Option("missingkey=error").Parse(src.In(opt.Lang))
			if err != nil {
				return nil, err
			}
			var b strings.Builder
			if err := t.Execute(&b, p); err != nil {
				return nil, err
			}
			qa[j] = strings.TrimSpace(b.String())
		}
		m.Exercises = append(m.Exercises, Exercise{Q: qa[0], A: qa[1]})
	}
	if opt.ExercisesOnly {
		m.Elapsed = time.Since(start)
		return m, nil
	}

	if err := l.draw(ctx, p, m); err != nil {
		return nil, fmt.Errorf("lesson %s: %w", l.Name, err)
	}
	if err := l.players(ctx, p, m); err != nil {
		return nil, fmt.Errorf("lesson %s: %w", l.Name, err)
	}

	t, err := parseTemplate(l, opt.Lang)
	if err != nil {
		return nil, err
	}
	var body strings.Builder
	if err := t.Execute(&body, p); err != nil {
		return nil, err
	}
	var missing []string
	for _, part := range l.parts() {
		if !p.used[part] {
			missing = append(missing, part)
		}
	}
	if len(missing) > 0 {
		return nil, fmt.Errorf("lesson %s: the %s text does not show %s", l.Name, opt.Lang, strings.Join(missing, ", "))
	}
	m.Files["index.md"] = []byte(p.assemble(body.String()+p.exercises(m.Exercises), checked))
	m.Elapsed = time.Since(start)
	return m, nil
}

// parts lists the spec's parts a page must show, as "diagram tree".
func (l *Lesson) parts() []string {
	var ps []string
	for _, t := range l.Spec.Tables {
		ps = append(ps, "table "+t.Name)
	}
	for _, d := range l.Spec.Diagrams {
		ps = append(ps, "diagram "+d.Name)
	}
	for _, c := range l.Spec.Charts {
		ps = append(ps, "chart "+c.Name)
	}
	for _, e := range l.Spec.Excerpts {
		ps = append(ps, "excerpt "+e.Name)
	}
	for _, v := range l.Spec.Views {
		ps = append(ps, "view "+v.Name)
	}
	for _, d := range l.Spec.DepthTables {
		ps = append(ps, "depth_table "+d.Name)
	}
	for _, pr := range l.Spec.Printed {
		ps = append(ps, "printed "+pr.Name)
	}
	for _, a := range l.Spec.Attributions {
		ps = append(ps, "attribution "+a.Name)
	}
	return ps
}

// draw makes the lesson's diagrams (DOT through Graphviz to SVG) and charts.
func (l *Lesson) draw(ctx context.Context, p *page, m *Made) error {
	if len(l.Spec.Diagrams) > 0 {
		for _, d := range l.Spec.Diagrams {
			r := p.runs[d.Run]
			opt := render.DiagramOptions{MaxNodes: render.DefaultMaxNodes, Depth: d.Depth, AtStep: d.AtStep, Boards: d.Boards, Layout: true, Fit: d.slide()}
			if d.MaxNodes != nil {
				opt.MaxNodes = *d.MaxNodes
			}
			if d.Focus != "" {
				f, err := render.ParseFocus(d.Focus)
				if err != nil {
					return fmt.Errorf("diagram %s: focus: %w", d.Name, err)
				}
				opt.Focus = f
			}
			var dot bytes.Buffer
			rep, err := render.WriteDOT(&dot, r.tree, render.Legend{Summary: r.out.Summary, Lang: p.lang}, opt)
			if err != nil {
				return fmt.Errorf("diagram %s: %w", d.Name, err)
			}
			svg, err := graphviz.Draw(ctx, dot.Bytes(), graphviz.LayoutPinned, graphviz.SVG)
			if err != nil {
				return fmt.Errorf("diagram %s: %w", d.Name, err)
			}
			p.diagrams[d.Name] = rep
			m.Files[d.Name+".svg"] = svg
			m.Nodes[d.Name+".svg"] = rep.Statements
		}
	}
	for _, c := range l.Spec.Charts {
		runs, err := p.compareRuns(c.Runs)
		if err != nil {
			return fmt.Errorf("chart %s: %w", c.Name, err)
		}
		var svg bytes.Buffer
		if err := render.WriteDepthChart(&svg, runs, render.ChartOptions{Lang: p.lang, Title: c.Caption.In(p.lang)}); err != nil {
			return fmt.Errorf("chart %s: %w", c.Name, err)
		}
		m.Files[c.Name+".svg"] = svg.Bytes()
	}
	return nil
}

// players writes the player page, NAME.html, of every run the page
// discusses (see ran.player).
func (l *Lesson) players(ctx context.Context, p *page, m *Made) error {
	type job struct {
		name string
		pl   *stepper.Player
		err  error
	}
	var jobs []*job
	var wg sync.WaitGroup
	for _, rs := range l.Spec.Runs {
		r := p.runs[rs.Name]
		if r.player == nil {
			continue
		}
		j := &job{name: rs.Name}
		jobs = append(jobs, j)
		wg.Add(1)
		go func() { // the pages are independent: build them side by side
			defer wg.Done()
			j.pl, j.err = p.player(ctx, j.name, r)
		}()
	}
	wg.Wait()
	made := map[string]*stepper.Player{} // a lockstep page's sides are these pages
	for _, j := range jobs {
		if j.err != nil {
			return fmt.Errorf("player %s: %w", j.name, j.err)
		}
		m.Files[j.name+".html"] = j.pl.Bytes()
		made[j.name] = j.pl
	}
	for _, pr := range p.lockstepPairs() {
		page, err := p.lockstep(p.runs[pr[0]], p.runs[pr[1]], made[pr[0]], made[pr[1]])
		if err != nil {
			return fmt.Errorf("lockstep page of %s and %s: %w", pr[0], pr[1], err)
		}
		m.Files[lockstepName(pr)] = page
	}
	return nil
}

// lockstepPairs are the pairs of runs the lesson's tables set against each
// other (a table of two runs) whose runs both have a player: each pair gets
// a lockstep page, the two players stepping together.
func (p *page) lockstepPairs() [][2]string {
	var out [][2]string
	for _, pr := range p.l.pairs() {
		if p.hasLockstep(pr[0], pr[1]) && !slices.Contains(out, pr) {
			out = append(out, pr)
		}
	}
	return out
}

// pairs are the lesson's tables and charts of two runs, as pairs of runs.
func (l *Lesson) pairs() [][2]string {
	var out [][2]string
	for _, t := range l.Spec.Tables {
		if len(t.Runs) == 2 {
			out = append(out, [2]string{t.Runs[0], t.Runs[1]})
		}
	}
	for _, c := range l.Spec.Charts {
		if len(c.Runs) == 2 {
			out = append(out, [2]string{c.Runs[0], c.Runs[1]})
		}
	}
	return out
}

// lockstepLink is a line with a link to the lockstep page of runs, or ""
// when they have none.
func (p *page) lockstepLink(runs []string) string {
	if len(runs) != 2 || !p.hasLockstep(runs[0], runs[1]) {
		return ""
	}
	// The page opens in the lesson's language: it was made in it.
	return fmt.Sprintf("\n\n[%s](%s)", words.LessonStepTwoRunsSideBy.In(p.lang),
		lockstepName([2]string{runs[0], runs[1]}))
}

// hasLockstep tells whether runs a and b both have a player page.
func (p *page) hasLockstep(a, b string) bool {
	ra, rb := p.runs[a], p.runs[b]
	return a != b && ra != nil && rb != nil && ra.player != nil && rb.player != nil
}

// lockstepName is the file of the lockstep page of a pair of runs.
func lockstepName(pr [2]string) string { return "lockstep-" + pr[0] + "-" + pr[1] + ".html" }

// lockstep makes the lockstep page of runs a and b, each side holding as
// many steps as its player page; pa and pb are those pages, if made (the
// lockstep page shows them as they are).
func (p *page) lockstep(a, b *ran, pa, pb *stepper.Player) ([]byte, error) {
	side := func(r *ran, pl *stepper.Player) stepper.LockstepSide {
		return stepper.LockstepSide{Rec: r.player, MaxSteps: p.playerSteps(r), Total: r.out.Summary.Stats.Steps, Player: pl}
	}
	var buf bytes.Buffer
	if err := stepper.WriteLockstep(&buf, side(a, pa), side(b, pb), stepper.LockstepOptions{Lang: p.lang}); err != nil {
		return nil, err
	}
	return buf.Bytes(), nil
}

// player makes the player page of run r, named name, or takes it from
// p.players.
func (p *page) player(ctx context.Context, name string, r *ran) (*stepper.Player, error) {
	// The page holds the steps it quotes and a good stretch after: a
	// whole run of hundreds of thousands of steps is a big file and
	// seconds of building, for steps nobody will play to.
	opt := stepper.HTMLOptions{Lang: p.lang, MaxSteps: p.playerSteps(r), Total: r.out.Summary.Stats.Steps,
		TreePane: r.player.Len() > 0}
	if p.players != nil {
		pl, rec, ok, err := p.players.take(p.l.Name, name, r.player, opt)
		if ok {
			if err == nil {
				r.player = rec // the same search: the page's own recording
			}
			return pl, err
		}
	}
	pls, err := stepper.NewPlayersContext(ctx, r.player, opt, opt.Lang)
	if err != nil {
		return nil, err
	}
	return pls[0], nil
}

// playerSteps is the most steps run r's player page holds.
func (p *page) playerSteps(r *ran) int64 {
	limit := int64(MaxLogSteps)
	for _, k := range r.picks {
		limit = max(limit, k+MaxLogSteps)
	}
	return min(limit, stepper.DefaultHTMLSteps)
}

// playerLink is a link to the run's player page at step k, or "" when
// the run has none.
func (p *page) playerLink(run string, k int64) string {
	if r := p.runs[run]; r == nil || r.player == nil {
		return ""
	}
	return fmt.Sprintf("%s.html#step=%d&lang=%s", run, k, p.lang)
}

// assemble puts the page together: the title, the text, the runs with
// their files, and the claims checked.
func (p *page) assemble(body string, checked []string) string {
	var b strings.Builder
	s := &p.l.Spec
	title := s.Title.In(p.lang)
	if s.Tutorial != "" {
		title = s.Tutorial + " · " + title
	}
	b.WriteString("# " + title + "\n\n")
	b.WriteString(strings.TrimSpace(body) + "\n\n")
	b.WriteString(words.LessonAppendixRuns.In(p.lang))
	fmt.Fprintf(&b, "| %s | %s | %s | %s | %s |\n|---|---|---|---|---|\n",
		words.LessonRun.In(p.lang), words.LessonInstance.In(p.lang), words.LessonStrategy.In(p.lang), words.CompareStatus.In(p.lang), words.LessonFiles.In(p.lang))
	for _, rs := range s.Runs {
		r := p.runs[rs.Name]
		sum := r.out.Summary
		files := fmt.Sprintf("[%s](%s.stats.yaml)", words.LessonStats.In(p.lang), rs.Name)
		if r.player != nil {
			files = fmt.Sprintf("[%s](%s.html) · ", words.LessonPlayer.In(p.lang), rs.Name) + files
		}
		if r.log != nil {
			files += fmt.Sprintf(" · [%s](%s.yaml)", words.LessonStepLog.In(p.lang), rs.Name)
		}
		fmt.Fprintf(&b, "| `%s` | %s | `%s` | %s | %s |\n", rs.Name, mdCell(render.RunName(sum, p.lang)),
			sum.Strategy, statusText(sum, p.lang), files)
	}
	b.WriteString(words.LessonRunTooLongReadStep.In(p.lang))
	if len(checked) > 0 {
		b.WriteString(words.LessonAppendixClaimsCheckedAgainstRuns.In(p.lang))
		b.WriteString(words.LessonBuildingThisPageChecksEvery.In(p.lang))
		b.WriteString(strings.Join(checked, "\n") + "\n")
	}
	fmt.Fprintf(&b, words.LessonMadeByBacktrackLessonBuild.In(p.lang), p.l.Name)
	return b.String()
}

// Build makes the lesson and writes it to dir/NAME: index.md, the SVG
// diagrams and charts, each run's stats and (for small runs) step log.
// The folder is written whole or not at all, as BuildAll writes each of
// its lessons. dir itself must exist.
func (l *Lesson) Build(ctx context.Context, dir string, opt Options) (*Made, error) {
	var made *Made
	if err := build(ctx, []*Lesson{l}, dir, opt, true, func(m *Made) { made = m }); err != nil {
		return nil, err
	}
	return made, nil
}

// BuildAll builds the lessons ls into dir/NAME each, all or nothing:
// every lesson folder is checked before any lesson is made (its parent
// exists, the user may write it, it holds only files of the lesson's own
// naming, unless opt.Force is set: see outfile.Folder), each lesson's
// files go to a temporary folder as it is made, and no folder is replaced
// until every lesson is made. done is called for each lesson once all are
// in place, in order; its Made names the files (Files holds no bytes:
// they are on the disk).
func BuildAll(ctx context.Context, ls []*Lesson, dir string, opt Options, done func(*Made)) error {
	return build(ctx, ls, dir, opt, false, done)
}

// build is BuildAll; keep keeps the files' bytes in the Made.
func build(ctx context.Context, ls []*Lesson, dir string, opt Options, keep bool, done func(*Made)) error {
	if fi, err := os.Stat(dir); err != nil || !fi.IsDir() {
		return fmt.Errorf("output folder %s does not exist", dir)
	}
	folders := make([]*outfile.Folder, len(ls))
	defer func() {
		for _, f := range folders {
			f.Abort() // those not committed
		}
	}()
	for i, l := range ls {
		f, err := outfile.OpenFolder("", filepath.Join(dir, l.Name), l.ownName, opt.Force)
		if err != nil {
			return err
		}
		folders[i] = f
	}
	// The lessons are independent: each is made into its own folder.
	made := make([]*Made, len(ls))
	if err := sideBySide(ctx, len(ls), func(ctx context.Context, i int) error {
		return ls[i].made(ctx, opt, folders[i], keep, &made[i])
	}); err != nil {
		return err
	}
	for _, f := range folders {
		if err := f.Commit(); err != nil {
			return err
		}
	}
	for _, m := range made {
		done(m)
	}
	return nil
}

// MakeAll makes every lesson of ls in every language of langs (opt.Lang
// aside), in memory: made[i][j] is ls[j] in langs[i]. The lessons are
// made side by side (see sideBySide), and a run's player pages once for
// all the languages (stepper.NewPlayers: the same bytes as Make alone
// writes). The error is the first one in that order.
func MakeAll(ctx context.Context, ls []*Lesson, langs []tracer.Lang, opt Options) ([][]*Made, error) {
	if len(langs) > 1 {
		opt.players = newPlayers(ctx, langs...)
	}
	flat := make([]*Made, len(langs)*len(ls))
	if err := sideBySide(ctx, len(flat), func(ctx context.Context, k int) error {
		o := opt
		o.Lang = langs[k/len(ls)]
		m, err := ls[k%len(ls)].Make(ctx, o)
		if err == nil {
			err = ctx.Err()
		}
		flat[k] = m
		return err
	}); err != nil {
		return nil, err
	}
	made := make([][]*Made, len(langs))
	for i := range langs {
		made[i] = flat[i*len(ls) : (i+1)*len(ls)]
	}
	return made, nil
}

// sideBySide runs job(ctx, i) for i in [0, n), as many at a time as Go
// runs threads. The error is the first job's in order that failed, as if
// they had run one by one: a failure cancels the context of the jobs
// after it only.
func sideBySide(ctx context.Context, n int, job func(ctx context.Context, i int) error) error {
	errs := make([]error, n)
	stops := make([]context.CancelFunc, n)
	ctxs := make([]context.Context, n)
	for i := range n {
		ctxs[i], stops[i] = context.WithCancel(ctx)
		defer stops[i]()
	}
	slots := make(chan struct{}, max(1, min(runtime.GOMAXPROCS(0), n)))
	var wg sync.WaitGroup
	for i := range n {
		slots <- struct{}{}
		wg.Add(1)
		go func() {
			defer func() { <-slots; wg.Done() }()
			if errs[i] = ctxs[i].Err(); errs[i] == nil {
				errs[i] = job(ctxs[i], i) // a job whose turn comes after a stop does not start
			}
			if errs[i] != nil {
				for _, stop := range stops[i+1:] {
					stop()
				}
			}
		}()
	}
	wg.Wait()
	for _, err := range errs {
		if err != nil {
			return err
		}
	}
	return nil
}

// made makes the lesson into folder f, and sets *out to its Made (its
// files' bytes dropped unless keep).
func (l *Lesson) made(ctx context.Context, opt Options, f *outfile.Folder, keep bool, out **Made) error {
	if err := ctx.Err(); err != nil {
		return err
	}
	m, err := l.Make(ctx, opt)
	if err != nil {
		return err
	}
	if err := ctx.Err(); err != nil {
		return err
	}
	for _, name := range m.Names() {
		if !l.ownName(name) {
			return fmt.Errorf("lesson %s: the build made %s, which is not a name of its own", l.Name, name)
		}
		if err := f.Add(name, m.Files[name]); err != nil {
			return err
		}
		if !keep {
			m.Files[name] = nil
		}
	}
	*out = m
	return nil
}

// Owns reports whether name (a plain file name) is a file a build of the
// lesson writes into its folder, or may have written: see ownName. The
// course site (package site) knows a lesson folder made by -o by it.
func (l *Lesson) Owns(name string) bool { return l.ownName(name) }

// ownName reports whether name is a file a build of the lesson writes, or
// may have written: index.md, a run's .stats.yaml, .yaml and .html, a
// diagram's or chart's .svg. A lesson folder that holds only such files
// is replaced without --force.
func (l *Lesson) ownName(name string) bool {
	if name == "index.md" {
		return true
	}
	for _, r := range l.Spec.Runs {
		switch name {
		case r.Name + ".stats.yaml", r.Name + ".yaml", r.Name + ".html":
			return true
		}
	}
	for _, d := range l.Spec.Diagrams {
		if name == d.Name+".svg" {
			return true
		}
	}
	for _, pr := range l.pairs() {
		if name == lockstepName(pr) {
			return true
		}
	}
	for _, c := range l.Spec.Charts {
		if name == c.Name+".svg" {
			return true
		}
	}
	return false
}

// Lookup returns the lessons called names, or every lesson for none; an
// unknown name is an error that lists the lessons.
func Lookup(names ...string) ([]*Lesson, error) {
	all, err := All()
	if err != nil {
		return nil, err
	}
	if len(names) == 0 {
		return all, nil
	}
	var out []*Lesson
	for _, n := range names {
		i := slices.IndexFunc(all, func(l *Lesson) bool { return l.Name == n })
		if i < 0 {
			var known []string
			for _, l := range all {
				known = append(known, l.Name)
			}
			return nil, fmt.Errorf("unknown lesson %q: the lessons are %s", n, strings.Join(known, ", "))
		}
		out = append(out, all[i])
	}
	return out, nil
}

// exercises is the page's exercises section: each question, and its
// answer folded in a <details> block a reader opens when ready.
func (p *page) exercises(xs []Exercise) string {
	if len(xs) == 0 {
		return ""
	}
	var b strings.Builder
	b.WriteString(words.LessonExercisesEveryAnswerBelowWorked.In(p.lang))
	for i, x := range xs {
		fmt.Fprintf(&b, "\n%d. %s\n\n   <details><summary>%s</summary>\n\n   %s\n\n   </details>\n",
			i+1, indent(x.Q), words.LessonAnswer.In(p.lang), indent(x.A))
	}
	return b.String()
}

// indent indents the lines after the first by three spaces, to keep a
// multi-line question or answer inside its list item.
func indent(s string) string { return strings.ReplaceAll(s, "\n", "\n   ") }

// Worksheet writes the exercises of made lessons as a worksheet (the
// questions only, with room to answer) or, with key, as its answer key.
func Worksheet(ms []*Made, lang tracer.Lang, key bool) []byte {
	var b strings.Builder
	if key {
		b.WriteString(words.LessonExercisesAnswerKeyEveryAnswer.In(lang))
	} else {
		b.WriteString(words.LessonExercisesName.In(lang))
	}
	for _, m := range ms {
		if len(m.Exercises) == 0 {
			continue
		}
		fmt.Fprintf(&b, "\n## %s\n\n", m.Title)
		for i, x := range m.Exercises {
			fmt.Fprintf(&b, "%d. %s\n\n", i+1, indent(x.Q))
			if key {
				fmt.Fprintf(&b, "   %s %s\n\n", words.LessonAnswer2.In(lang), indent(x.A))
			} else {
				b.WriteString("   " + words.LessonAnswer3.In(lang) + "________________________________________\n\n")
			}
		}
	}
	return []byte(b.String())
}
