package cli

import (
	"context"
	"errors"
	"flag"
	"fmt"
	"io"
	"slices"
	"strconv"
	"strings"
	"time"

	"github.com/backtrack-edu/backtrack/lessons/site/play"
	"github.com/backtrack-edu/backtrack/render"
	"github.com/backtrack-edu/backtrack/render/export"
	"github.com/backtrack-edu/backtrack/render/stepper"
	"github.com/backtrack-edu/backtrack/tracer"
	"github.com/backtrack-edu/backtrack/tracer/problems/listkit"
)

// raisesCap reports whether the flags raise a memory cap: --max-tree 0 or
// above its default, or --max-nodes above what --max-nodes 0 may draw.
func (ef *exportFlags) raisesCap() bool {
	return ef.maxTree == 0 || ef.maxTree > export.DefaultMaxTree || ef.maxNodes > export.MaxDrawBoxes
}

// problemFlags are the flags that choose a problem, an instance and a strategy.
type problemFlags struct {
	n        int
	puzzle   string
	extra    []*problemFlag // the problems' own flags (Def.Flags): --nums, --target, ...
	order    string
	check    string
	when     string
	first    bool
	all      bool
	noReturn bool
	drop     dropFlag
	maxSteps int64
	maxCalls int64
	timeout  durationFlag
	// spec is the run the flags built: build sets it, and a second run of
	// the same search (the notes of --frames and --gif) builds it again.
	spec tracer.Spec
}

// register adds the flags every problem takes; the problems' own
// (Def.Flags) come last, in command.problem, after the command's own.
func (pf *problemFlags) register(fs *flag.FlagSet) {
	fs.IntVar(&pf.n, "n", 0, "the size, for problems sized by n ("+sizeHelp()+")")
	fs.StringVar(&pf.puzzle, "puzzle", "", "the instance, for problems that take one: sudoku's puzzle string, a file, or - for stdin (default: LeetCode 37's board); a list problem's \"nums 1,1,2 dedup used\"")
	fs.StringVar(&pf.order, "order", "", "which slot next: "+valuesHelp(func(d *tracer.Def) []string { return strs(d.Orders) }))
	fs.StringVar(&pf.check, "check", "", "how a candidate is checked: "+valuesHelp(func(d *tracer.Def) []string { return strs(d.Checks) }))
	fs.StringVar(&pf.when, "when", "before", "when the check runs: before (check, place), after (place, check) or leaf (at a full board)")
	fs.BoolVar(&pf.first, "first", false, "stop at the first solution"+stopDefaults(tracer.StopFirst))
	fs.BoolVar(&pf.all, "all", false, "find every solution, or prove there is none"+stopDefaults(tracer.StopAll))
	fs.BoolVar(&pf.noReturn, "no-return", false, "the same as --drop return-value")
	fs.Var(&pf.drop, "drop", "remove a line of the template, as a tutorial's buggy version does: return-false (sudoku --order scan2d: a call whose digits all fail goes on to the next blank; status wrong when it returns true) or return-value (no return value: the solution is found, then undone; status lost); repeat or join with commas for both (tutorial 003's first version)")
	fs.Int64Var(&pf.maxSteps, "max-steps", tracer.DefaultMaxSteps, "stop after this many steps (0: no limit)")
	fs.Int64Var(&pf.maxCalls, "max-calls", 0, "stop after this many calls (0: no limit)")
	fs.Var(&pf.timeout, "timeout", "stop the search after this much time, e.g. 10s or 2m (0: no limit); drawing and page making come after it, and Ctrl-C stops them")
}

// dropFlag is --drop: the template lines to remove, repeated or joined
// with commas.
type dropFlag struct {
	returnFalse, value bool
}

func (d *dropFlag) String() string {
	var parts []string
	if d.returnFalse {
		parts = append(parts, string(tracer.DropReturnFalse))
	}
	if d.value {
		parts = append(parts, string(tracer.DropReturnValue))
	}
	return strings.Join(parts, ",")
}

func (d *dropFlag) Set(s string) error {
	for _, part := range strings.Split(s, ",") {
		v, err := tracer.ParseDrop(strings.TrimSpace(part))
		if err != nil {
			return fmt.Errorf("unknown line %q: want %s", part, tracer.JoinValues(tracer.Drops))
		}
		switch v {
		case tracer.DropReturnFalse:
			d.returnFalse = true
		case tracer.DropReturnValue:
			d.value = true
		}
	}
	return nil
}

// sizeHelp lists the sizes each problem sized by n accepts: "nqueens 1-30 (default 8), ...".
func sizeHelp() string {
	var parts []string
	for _, d := range tracer.Problems() {
		if d.Size != nil {
			parts = append(parts, fmt.Sprintf("%s %d-%d, default %d", d.Name, d.Size.Min, d.Size.Max, d.Size.Default))
		}
	}
	return strings.Join(parts, "; ")
}

// stopDefaults names the problems whose default stop rule (Def.Stop) is
// stop, for its flag's help: " (the default of sudoku)"; "" for none.
func stopDefaults(stop tracer.Stop) string {
	var names []string
	for _, d := range tracer.Problems() {
		if d.Stop == stop {
			names = append(names, d.Name)
		}
	}
	if len(names) == 0 {
		return ""
	}
	return " (the default of " + joinAnd(names) + ")"
}

// valuesHelp lists a setting's values per problem, the default first:
// "nqueens: rows; sudoku: scan2d, linear, mrv".
func valuesHelp(values func(*tracer.Def) []string) string {
	var parts []string
	for _, d := range tracer.Problems() {
		parts = append(parts, d.Name+": "+strings.Join(values(d), ", "))
	}
	return strings.Join(parts, "; ") + " (the first is the default)"
}

func strs[T ~string](vs []T) []string {
	out := make([]string, len(vs))
	for i, v := range vs {
		out[i] = string(v)
	}
	return out
}

// problemList is the problems for usage lines: "nqueens|sudoku|permutations".
func problemList() string { return strings.Join(tracer.ProblemNames(), "|") }

// problemNames is the problems for the help, each with the other names
// the command line takes for it: "nqueens (or queens), sudoku, ...".
func problemNames() string {
	var ns []string
	for _, name := range tracer.ProblemNames() {
		n := name
		if d, err := tracer.Lookup(name); err == nil && len(d.Aliases) > 0 {
			n += " (or " + strings.Join(d.Aliases, ", or ") + ")"
		}
		ns = append(ns, n)
	}
	return strings.Join(ns, ", ")
}

// specError turns a tracer.SettingError into a usage error naming the
// flag (play.SpecError, the playground's words too); where names the
// puzzle's source for puzzle errors.
func specError(err error, where string) error {
	var se *tracer.SettingError
	if !errors.As(err, &se) {
		return err
	}
	return usagef("%v", play.SpecError(err, where))
}

// build makes the problem and the run options the flags describe, through
// tracer.Spec, the one builder. A puzzle read from stdin or a file is read
// with a size cap, and ctx ends the wait.
func (pf *problemFlags) build(ctx context.Context, fs *flag.FlagSet, problem string, stdin io.Reader) (tracer.Problem, tracer.Options, error) {
	set := map[string]bool{}
	fs.Visit(func(f *flag.Flag) { set[f.Name] = true })
	spec := tracer.Spec{
		Problem: problem,
		Order:   tracer.Order(pf.order),
		Check:   tracer.Check(pf.check),
		When:    tracer.When(pf.when),
		Limits:  tracer.Limits{MaxSteps: pf.maxSteps, MaxCalls: pf.maxCalls, Timeout: time.Duration(pf.timeout)},
	}
	if pf.drop.returnFalse {
		spec.Drop = tracer.DropReturnFalse
	}
	switch {
	case pf.first && pf.all:
		return nil, tracer.Options{}, usagef("--first and --all contradict each other: give one")
	case (pf.noReturn || pf.drop.value) && (pf.first || pf.all):
		return nil, tracer.Options{}, usagef("--drop return-value (--no-return) is a stop rule of its own: leave out --first/--all")
	case pf.noReturn || pf.drop.value:
		spec.Stop = tracer.StopNoReturn
	case pf.first:
		spec.Stop = tracer.StopFirst
	case pf.all:
		spec.Stop = tracer.StopAll
	}
	def, err := tracer.Lookup(problem)
	if err != nil {
		return nil, tracer.Options{}, usagef("%s", strings.TrimPrefix(err.Error(), "tracer: "))
	}
	if set["n"] {
		if pf.n == 0 && def.Size != nil {
			return nil, tracer.Options{}, usagef("-n 0 is out of range: want %d to %d", def.Size.Min, def.Size.Max)
		}
		spec.N = pf.n
	}
	where := ""
	if set["puzzle"] {
		if strings.TrimSpace(pf.puzzle) == "" {
			return nil, tracer.Options{}, usagef("--puzzle is empty: give a puzzle, a file name, or - for stdin (leave the flag out for the default board)")
		}
		if def.Puzzle == nil {
			return nil, tracer.Options{}, usagef("--puzzle: %s takes no puzzle; give its size with -n", def.Name)
		}
		text, w, err := export.ReadPuzzle(ctx, pf.puzzle, stdin)
		if err != nil {
			return nil, tracer.Options{}, err
		}
		spec.Puzzle, where = text, w
	}
	given := givenProblemFlags(pf.extra, set)
	if len(given) > 0 {
		text, err := instanceText(def, given)
		switch {
		case err != nil:
			return nil, tracer.Options{}, err
		case set["puzzle"]:
			return nil, tracer.Options{}, usagef("%s and --puzzle both write the instance: leave out --puzzle", flagList(given))
		case set["n"]:
			return nil, tracer.Options{}, usagef("-n and %s contradict each other: give one", flagList(given))
		}
		spec.Puzzle = text
	}
	p, opts, err := spec.Build()
	if err != nil {
		if len(given) > 0 {
			if ferr := listFlagError(err); ferr != nil {
				return nil, opts, ferr
			}
		}
		return nil, opts, specError(err, where)
	}
	pf.spec = spec
	return p, opts, nil
}

// problemFlag is a flag of the command line that registered problems
// declare (tracer.Def.Flags): one flag for every problem that declares its
// name, whose help names them.
type problemFlag struct {
	spec     tracer.FlagSpec // as the first problem declares it
	problems []*tracer.Def   // the problems that declare it, in the order of tracer.Problems
	text     *string         // the value given: a FlagText's
	number   *int            // a FlagNumber's
	on       *bool           // a FlagSwitch's
}

// declaredFlags returns the registered problems' flags, each once, in the
// order the problems (in the order of tracer.Problems) declare them;
// compare keeps only those compare takes (FlagSpec.Compare). Two problems
// that declare one name as flags of different kinds are an error.
func declaredFlags(compare bool) ([]*problemFlag, error) {
	var out []*problemFlag
	byName := map[string]*problemFlag{}
	for _, d := range tracer.Problems() {
		for _, spec := range d.Flags {
			if compare && !spec.Compare {
				continue
			}
			f := byName[spec.Name]
			if f == nil {
				f = &problemFlag{spec: spec}
				byName[spec.Name] = f
				out = append(out, f)
			} else if f.spec.Kind != spec.Kind {
				return nil, fmt.Errorf("problem %s declares --%s as a flag of another kind than %s does", d.Name, spec.Name, f.problems[0].Name)
			}
			f.problems = append(f.problems, d)
		}
	}
	return out, nil
}

// registerProblemFlags adds the registered problems' flags to fs, after
// the command's own: a problem's flag that one of them has already is an
// error naming both.
func registerProblemFlags(c *command, compare bool) ([]*problemFlag, error) {
	flags, err := declaredFlags(compare)
	if err != nil {
		return nil, err
	}
	for _, f := range flags {
		name := f.spec.Name
		if c.Lookup(name) != nil {
			return nil, fmt.Errorf("problem %s declares the flag --%s, which %s has of its own: give the problem's flag another name", f.problems[0].Name, name, c.Name())
		}
		switch f.spec.Kind {
		case tracer.FlagNumber:
			f.number = c.Int(name, 0, f.help())
		case tracer.FlagSwitch:
			f.on = c.Bool(name, false, f.help())
		default:
			f.text = c.String(name, "", f.help())
		}
		switch {
		case f.spec.Empty != "":
			c.hints[name] = f.spec.Empty
		case len(f.spec.Values) > 0:
			c.hints[name] = "want " + tracer.JoinValues(f.spec.Values)
		}
	}
	return flags, nil
}

// help is the flag's help: the problems that declare it, then its help
// ("combination-sum: the target sum (default 8)"), or each problem's own
// where they differ.
func (f *problemFlag) help() string {
	var names, each []string
	same := true
	for _, d := range f.problems {
		h := f.spec.Help
		for _, spec := range d.Flags {
			if spec.Name == f.spec.Name {
				h = spec.Help
			}
		}
		same = same && h == f.spec.Help
		names = append(names, d.Name)
		each = append(each, d.Name+": "+h)
	}
	if same {
		return strings.Join(names, ", ") + ": " + f.spec.Help
	}
	return strings.Join(each, "; ")
}

// declares returns problem d's own declaration of the flag name.
func declares(d *tracer.Def, name string) (tracer.FlagSpec, bool) {
	for _, spec := range d.Flags {
		if spec.Name == name {
			return spec, true
		}
	}
	return tracer.FlagSpec{}, false
}

// givenProblemFlags returns the problems' flags given on the command line.
func givenProblemFlags(flags []*problemFlag, set map[string]bool) []*problemFlag {
	var out []*problemFlag
	for _, f := range flags {
		if set[f.spec.Name] {
			out = append(out, f)
		}
	}
	return out
}

// flagList writes flags as typed: "--nums, --target".
func flagList(flags []*problemFlag) string {
	var out []string
	for _, f := range flags {
		out = append(out, "--"+f.spec.Name)
	}
	return strings.Join(out, ", ")
}

// undeclared words a problem flag given to problems that do not declare
// it: "--target: subsets takes no --target; combination-sum does".
func undeclared(f *problemFlag, problems []string) error {
	verb, who := "takes", "does"
	if len(problems) > 1 {
		verb = "take"
	}
	var names []string
	for _, d := range f.problems {
		names = append(names, d.Name)
	}
	if len(names) > 1 {
		who = "do"
	}
	return usagef("--%s: %s %s no --%s; %s %s", f.spec.Name, joinAnd(problems), verb, f.spec.Name, joinAnd(names), who)
}

// joinAnd joins words as a list in a sentence: "a, b and c".
func joinAnd(words []string) string {
	if len(words) < 2 {
		return strings.Join(words, "")
	}
	return strings.Join(words[:len(words)-1], ", ") + " and " + words[len(words)-1]
}

// instanceText checks the problems' flags given (given) against problem
// def, which declares its own (Def.Flags), and writes the instance text
// they describe ("nums 1,1,2 target 4"), in the order def declares them;
// what they leave out is the problem's default. Each error names the flag
// as the user typed it: a flag def does not declare says which problems
// do, and an empty or junk value is refused, never read as the default.
func instanceText(def *tracer.Def, given []*problemFlag) (string, error) {
	for _, f := range given {
		if _, ok := declares(def, f.spec.Name); !ok {
			return "", undeclared(f, []string{def.Name})
		}
	}
	var parts []string
	for _, spec := range def.Flags {
		var f *problemFlag
		for _, g := range given {
			if g.spec.Name == spec.Name {
				f = g
			}
		}
		if f == nil {
			continue
		}
		name := spec.Name
		switch spec.Kind {
		case tracer.FlagNumber:
			v := *f.number
			if v < spec.Min || v > spec.Max {
				return "", usagef("--%s %d is out of range: want %d to %d", name, v, spec.Min, spec.Max)
			}
			parts = append(parts, name+" "+strconv.Itoa(v))
		case tracer.FlagSwitch:
			if *f.on {
				parts = append(parts, name)
			}
		default:
			v := *f.text
			if len(spec.Values) > 0 && !slices.Contains(spec.Values, v) {
				return "", usagef("--%s: unknown value %q: want %s", name, shortValue(v), tracer.JoinValues(spec.Values))
			}
			if spec.Check != nil {
				if err := spec.Check(v); err != nil {
					return "", usagef("--%s %s: %v", name, shortValue(v), err)
				}
			}
			parts = append(parts, name+" "+v)
		}
	}
	return strings.Join(parts, " "), nil
}

// listFlagError words an error of an instance the list flags wrote with
// the flag at fault ("--dedup start: ..."); nil if the error is about no
// part of the list.
func listFlagError(err error) error {
	var ne *listkit.NumbersError
	if !errors.As(err, &ne) || ne.Word == "" {
		return nil
	}
	if ne.Value != "" {
		return usagef("--%s %s: %v", ne.Word, ne.Value, ne.Err)
	}
	return usagef("--%s: %v", ne.Word, ne.Err)
}

// shortValue cuts a flag's value to a length that fits in a one-line
// message.
func shortValue(v string) string {
	if r := []rune(v); len(r) > 40 {
		return string(r[:40]) + "…"
	}
	return v
}

// durationFlag is a time.Duration flag whose error says what to write.
type durationFlag time.Duration

func (d *durationFlag) String() string { return time.Duration(*d).String() }

func (d *durationFlag) Set(s string) error {
	v, err := time.ParseDuration(s)
	if err != nil {
		if _, nerr := strconv.ParseFloat(s, 64); nerr == nil && s != "0" {
			return fmt.Errorf("give a unit, e.g. %ss", s)
		}
		return errors.New("want a duration such as 10s, 2m or 1m30s")
	}
	if v == 0 && strings.ContainsAny(s, "123456789") {
		// "0.5ns": time counts whole nanoseconds, so it would be 0.
		return errors.New("less than 1ns, the clock's resolution: give at least 1ns")
	}
	*d = durationFlag(v)
	return nil
}

// sizeFlag is a size in bytes, written as 1G, 512M, 64k or a plain number.
type sizeFlag int64

func (s *sizeFlag) String() string { return export.Size(int64(*s)) }

func (s *sizeFlag) Set(v string) error {
	mult := int64(1)
	num := strings.TrimSuffix(strings.TrimSuffix(v, "B"), "i")
	if num != "" {
		switch num[len(num)-1] {
		case 'k', 'K':
			mult = 1 << 10
		case 'm', 'M':
			mult = 1 << 20
		case 'g', 'G':
			mult = 1 << 30
		case 't', 'T':
			mult = 1 << 40
		}
		if mult > 1 {
			num = num[:len(num)-1]
		}
	}
	n, err := strconv.ParseInt(num, 10, 64)
	if err != nil || n < 0 || n > (1<<62)/mult {
		return errors.New("want a size such as 500M or 2G (0: no limit)")
	}
	*s = sizeFlag(n * mult)
	return nil
}

// parseInterspersed parses flags that may come before or after positional
// arguments ("trace nqueens -n 4" and "trace -n 4 nqueens").
func parseInterspersed(fs *flag.FlagSet, args []string) ([]string, error) {
	var pos []string
	for {
		if err := fs.Parse(args); err != nil {
			return nil, err
		}
		rest := fs.Args()
		if len(rest) == 0 {
			return pos, nil
		}
		pos = append(pos, rest[0])
		args = rest[1:]
	}
}

// exportFlags choose the diagrams, and how diagrams are trimmed. trace and
// render share them.
type exportFlags struct {
	dot, svg, png string
	lang          string
	maxNodes      int
	depth         int
	focus         string
	atStep        int64
	boards        bool
	layout        string
	fit           string
	legend        string
	frames        string // --frames DIR
	html          string // --html FILE
	framesFormat  string
	every         string
	gif           string
	delay         durationFlag
	scale         int
	force         bool
	maxTree       sizeFlag // --max-tree
	quiz          bool     // --quiz: the --html page opens in predict mode
	set           map[string]bool
}

// shapeFlags are the flags that only change a diagram.
var shapeFlags = []string{"max-nodes", "depth", "focus", "at-step", "boards", "layout", "fit", "legend"}

func (ef *exportFlags) register(fs *flag.FlagSet) {
	fs.StringVar(&ef.dot, "dot", "", "write the search tree as Graphviz DOT to this file (- for stdout)")
	fs.StringVar(&ef.svg, "svg", "", "draw the search tree as SVG to this file")
	fs.StringVar(&ef.png, "png", "", "draw the search tree as PNG to this file")
	fs.StringVar(&ef.lang, "lang", "", "language of the report, notes and legends: "+langHelp)
	fs.IntVar(&ef.maxNodes, "max-nodes", render.DefaultMaxNodes, "box budget of a diagram (0: draw everything, up to 400000 boxes for SVG and PNG; solution paths are always drawn)")
	fs.IntVar(&ef.depth, "depth", 0, "draw levels down to this depth (0: all)")
	fs.StringVar(&ef.focus, "focus", "", "expand only the branch under these moves, e.g. r0=c1 or (0,2)=4/(0,3)=6")
	fs.Int64Var(&ef.atStep, "at-step", 0, "draw the tree as it stood after this step (0: the end)")
	fs.BoolVar(&ef.boards, "boards", false, "draw small boards inside the boxes")
	fs.StringVar(&ef.layout, "layout", "tidy", "diagram layout: tidy (our tree layout, fast) or dot (Graphviz's own, slow on big trees)")
	fs.StringVar(&ef.fit, "fit", "16:9", "make the diagram fit a slide with room for a title, its smallest text at least 14 px high once scaled to 1920×1000 (16:9 less an 80 px title) or 1440×1000 (4:3): the first solution's path and the dead ends nearest it, chains of calls with one child folded, top-down, left-right or in panels; none: no fitting (an explicit --max-nodes also turns it off; --depth and --focus are fitted within)")
	fs.StringVar(&ef.legend, "legend", "full", "diagram legend: full (the run, its counts, what was left out, the key), short (the run and the key) or none")
	fs.StringVar(&ef.frames, "frames", "", "write the run as numbered frames frame-0001.svg, ... into this folder, all on the one layout of the whole run, each with its step's note as a caption")
	fs.StringVar(&ef.framesFormat, "frames-format", "svg", "format of the --frames: svg or png")
	fs.StringVar(&ef.every, "every", "", "which steps get a frame (--frames, --gif): every N steps, or one per event: reject, backtrack (each return from a call) or solution; of those, only steps at which the tree looks different from the frame before (default: up to 60 such steps); the last step is always the last frame")
	fs.StringVar(&ef.gif, "gif", "", "draw the run as an animated GIF of the --frames pictures to this file")
	ef.delay = durationFlag(500 * time.Millisecond)
	fs.Var(&ef.delay, "delay", "time between the frames of --gif, e.g. 0.5s (the last frame stays 4 times as long, at least 2s)")
	fs.IntVar(&ef.scale, "scale", 2, "pixels per point of --png, --gif and PNG frames: 1, 2 or 3 (2: the smallest text, 9 pt, is 18 px at the picture's natural size)")
	fs.BoolVar(&ef.force, "force", false, "write --frames into a folder that holds other files too: only frames (frame-NNNN.svg/png) are replaced, the rest stays")
	ef.maxTree = sizeFlag(export.DefaultMaxTree)
	fs.Var(&ef.maxTree, "max-tree", "cap the memory of the search tree kept for --dot, --svg, --png, --gif and --frames, e.g. 512M or 2G (0: no cap; trimming and drawing take about as much again): trace stops the search there (status limit), render draws the tree as it stood then")
	fs.StringVar(&ef.html, "html", "", fmt.Sprintf("write the run as one self-contained HTML page to this file: the player, with the board, the search tree, the call stack, the code and the notes, stepped forward and back in a browser (at most %d steps, or --max-steps)", stepper.DefaultHTMLSteps))
	fs.BoolVar(&ef.quiz, "quiz", false, "open the --html page in predict mode: before a step is shown the page asks what comes next (which candidate, placed or pruned and by which rule, where the search goes back to, is it a solution), checks the answer and keeps a score; #ask=try,reject,return,solution and #every=N in the page's link choose which steps ask")
}

// diagrams reports whether any diagram was asked for.
func (ef *exportFlags) diagrams() bool {
	return ef.dot != "" || ef.svg != "" || ef.png != "" || ef.frames != "" || ef.gif != ""
}

// options checks the flags and returns the diagram options. Shape flags
// given with no diagram to shape get a warning on stderr.
func (ef *exportFlags) options(fs *flag.FlagSet, stderr io.Writer) (render.DiagramOptions, error) {
	ef.set = map[string]bool{}
	fs.Visit(func(f *flag.Flag) { ef.set[f.Name] = true })
	opt := render.DiagramOptions{MaxNodes: ef.maxNodes, Depth: ef.depth, AtStep: ef.atStep, Boards: ef.boards}
	if ef.maxNodes < 0 || ef.depth < 0 || ef.atStep < 0 {
		return opt, usagef("--max-nodes, --depth and --at-step must not be negative")
	}
	switch ef.layout {
	case "tidy":
		opt.Layout = true
	case "dot":
	default:
		return opt, usagef("unknown --layout value %q: want tidy or dot", ef.layout)
	}
	fit, err := render.ParseFit(ef.fit)
	if err != nil {
		return opt, usagef("--fit: %v", err)
	}
	opt.Fit = render.GivenTrimming{MaxNodes: ef.set["max-nodes"], Depth: ef.set["depth"], Focus: ef.set["focus"]}.Fit(fit)
	if opt.Legend, err = render.ParseLegend(ef.legend); err != nil {
		return opt, usagef("--legend: %v", err)
	}
	if ef.scale < 1 || ef.scale > 3 {
		return opt, usagef("--scale: %d: want 1, 2 or 3", ef.scale)
	}
	if ef.framesFormat != "svg" && ef.framesFormat != "png" {
		return opt, usagef("--frames-format: %q: want svg or png", ef.framesFormat)
	}
	if _, err := render.ParseEvery(ef.every); err != nil {
		return opt, usagef("--every: %v", err)
	}
	if ef.delay <= 0 || time.Duration(ef.delay) > time.Minute {
		return opt, usagef("--delay: %s: want more than 0 and at most 1m", time.Duration(ef.delay))
	}
	if ef.focus != "" {
		f, err := render.ParseFocus(ef.focus)
		if err != nil {
			return opt, usagef("--focus: %v", err)
		}
		opt.Focus = f
	}
	if !ef.diagrams() {
		var unused []string
		for _, name := range shapeFlags {
			if ef.set[name] && name != "at-step" { // --at-step has a warning of its own, below
				unused = append(unused, "--"+name)
			}
		}
		if len(unused) > 0 {
			verb := "only shapes"
			if len(unused) > 1 {
				verb = "only shape"
			}
			if ef.html != "" {
				// The player's tree works itself out around each step.
				fmt.Fprintf(stderr, "backtrack: warning: %s %s a diagram (--svg, --png, --dot, --gif, --frames), and none was asked for: --html's tree follows the step\n", strings.Join(unused, ", "), verb)
			} else {
				fmt.Fprintf(stderr, "backtrack: warning: %s %s a diagram, and none was asked for: add --svg, --png or --dot\n", strings.Join(unused, ", "), verb)
			}
		}
	}
	if ef.frames == "" && ef.gif == "" {
		var unused []string
		for _, name := range frameFlags {
			if ef.set[name] {
				unused = append(unused, "--"+name)
			}
		}
		if len(unused) > 0 {
			fmt.Fprintf(stderr, "backtrack: warning: %s only choose frames, and none were asked for: add --frames DIR or --gif FILE\n", strings.Join(unused, ", "))
		}
	}
	if d := time.Duration(ef.delay); ef.set["delay"] && ef.gif != "" && (d < 20*time.Millisecond || d%(10*time.Millisecond) != 0) {
		// A GIF counts delays in hundredths of a second, and browsers
		// draw less than two of them slower (render.WriteGIF).
		got := max(20*time.Millisecond, (d+5*time.Millisecond)/(10*time.Millisecond)*(10*time.Millisecond))
		fmt.Fprintf(stderr, "backtrack: warning: --delay %s: a GIF frame lasts a whole number of hundredths of a second, at least 2, so it lasts %s\n", d, got)
	}
	// Flags that only one kind of output uses, given without it.
	frames := ef.frames != "" || ef.gif != ""
	for _, u := range []struct {
		flag, users string
		unused      bool
	}{
		{"scale", "--png, --gif and PNG --frames", ef.png == "" && ef.gif == "" && (ef.frames == "" || ef.framesFormat != "png")},
		{"force", "--frames", ef.frames == ""},
		{"quiz", "--html", ef.html == ""},
		{"delay", "--gif", frames && ef.gif == ""},
		{"frames-format", "--frames", frames && ef.frames == ""},
		// --at-step picks one step of the tree to draw: the player page
		// (--html) steps through them all, and the frames draw the steps
		// --every picks.
		{"at-step", "--dot, --svg and --png (--frames and --gif draw the steps --every picks, and the --html page steps through every step)", ef.dot == "" && ef.svg == "" && ef.png == ""},
	} {
		if ef.set[u.flag] && u.unused {
			fmt.Fprintf(stderr, "backtrack: warning: --%s is used only by %s, and none was asked for\n", u.flag, u.users)
		}
	}
	return opt, nil
}

// flagSet reports whether the flag name was given on the command line.
func flagSet(fs *flag.FlagSet, name string) bool {
	set := false
	fs.Visit(func(f *flag.Flag) { set = set || f.Name == name })
	return set
}

// frameFlags are the flags that only choose the frames of --frames and --gif.
var frameFlags = []string{"every", "delay", "frames-format"}

// language returns --lang; when it was not given, def, or for def ""
// the locale's language (localeLang).
func (ef *exportFlags) language(def tracer.Lang) (tracer.Lang, error) {
	if ef.lang == "" && def != "" {
		return def, nil
	}
	return parseLangFlag(ef.lang)
}

// outputs returns the library's options for the export flags: the
// outputs they name, the diagram options opt (from options) and the
// language lang.
func (ef *exportFlags) outputs(opt render.DiagramOptions, lang tracer.Lang, stdin io.Reader, stdout, stderr io.Writer) export.Options {
	return export.Options{
		Outputs: export.Outputs{DOT: ef.dot, SVG: ef.svg, PNG: ef.png, HTML: ef.html, GIF: ef.gif, Frames: ef.frames},
		Diagram: opt, Lang: lang, LangGiven: ef.lang != "", Quiz: ef.quiz,
		FramesFormat: ef.framesFormat, Every: ef.every, Delay: time.Duration(ef.delay), Scale: ef.scale,
		Force: ef.force, MaxTree: int64(ef.maxTree), Tool: "backtrack " + version,
		Stdin: stdin, Stdout: stdout, Stderr: stderr,
	}
}

// htmlLimit is the most steps --html holds: --max-steps if given (up to
// stepper.MaxHTMLSteps), else stepper.DefaultHTMLSteps.
func htmlLimit(ef *exportFlags, maxSteps int64) int64 {
	if ef.set["max-steps"] && maxSteps > 0 {
		return min(maxSteps, stepper.MaxHTMLSteps)
	}
	return stepper.DefaultHTMLSteps
}
