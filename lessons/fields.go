package lessons

import (
	"errors"
	"fmt"
	"math"
	"slices"
	"strconv"
	"strings"

	"github.com/backtrack-edu/backtrack/render"
	"github.com/backtrack-edu/backtrack/tracer"
	"github.com/backtrack-edu/backtrack/tracer/problems/listkit"
	"github.com/backtrack-edu/backtrack/tracer/problems/sudoku"
	"github.com/backtrack-edu/backtrack/tracer/words"
)

// value is what a field of a run holds: a number or a text.
type value struct {
	num   float64
	text  string
	isNum bool
}

func num(n int64) value { return value{num: float64(n), isNum: true} }

func text(s string) value { return value{text: s} }

// String formats the value: whole numbers as they are, others with one
// decimal.
func (v value) String() string {
	if !v.isNum {
		return v.text
	}
	if v.num == math.Trunc(v.num) && math.Abs(v.num) < 1e15 {
		return strconv.FormatInt(int64(v.num), 10)
	}
	return strconv.FormatFloat(v.num, 'f', 1, 64)
}

// short is String cut to the first row of a board ("53..7..../…"): a
// claim about boards need not print them whole.
func (v value) short() string {
	s := v.String()
	if i := strings.Index(s, "/"); i >= 0 {
		return s[:i] + "/…"
	}
	return s
}

// fieldLabels names the fields a page and a table can show, with their
// column headings.
var fieldLabels = map[string]Text{
	"problem":             Text(words.LessonProblem),
	"instance":            Text(words.LessonInstance),
	"nums":                Text(words.LessonNums),
	"target":              Text(words.LessonTarget),
	"strategy":            Text(words.LessonStrategy),
	"order":               Text(words.CompareOrder),
	"check":               Text(words.CompareCheck),
	"when":                Text(words.CompareWhen),
	"stop":                Text(words.CompareStop),
	"status":              Text(words.CompareStatus),
	"limit":               Text(words.RunLimit),
	"max_steps":           Text(words.RunStepLimit),
	"size":                Text(words.LessonBoardSide),
	"n":                   {"n", "n"},
	"blanks":              Text(words.LessonBlanks),
	"givens":              Text(words.LessonGivens),
	"final_blanks":        Text(words.LessonBlanksLeft),
	"box_side":            Text(words.LessonBoxSide),
	"box_offset_min":      Text(words.LessonSmallestOffsetInsideBox),
	"box_offset_max":      Text(words.LessonLargestOffsetInsideBox),
	"width":               Text(words.LessonLoopWidth),
	"solutions":           Text(words.CompareSolutions),
	"nodes":               Text(words.StepperCalls),
	"calls":               Text(words.LessonCalls),
	"tries":               Text(words.CompareTries),
	"rejects":             Text(words.CompareRejects),
	"placements":          Text(words.ComparePlacements),
	"backtracks":          Text(words.LessonUndosBacktracks),
	"max_depth":           Text(words.CompareDepth2),
	"steps":               Text(words.CompareSteps),
	"check_cost":          Text(words.CompareCheckCost),
	"check_cost_scan_on":  Text(words.LessonCheckCostIfEveryCheck),
	"scan_cost":           Text(words.CompareScanCost),
	"check_per_try":       Text(words.LessonCheckCostPerTry),
	"scan_per_node":       Text(words.LessonScanCostPerCall),
	"scan_per_call":       Text(words.LessonScanCostPerCall),
	"per_depth":           Text(words.LessonCallsPerDepth),
	"widest":              Text(words.LessonWidestLevel2),
	"widest_depth":        Text(words.LessonDepthWidestLevel),
	"first_solution_step": Text(words.LessonStepFirstSolution),
	"final":               Text(words.LessonFinalBoard),
	"puzzle":              Text(words.LessonStartingBoard),
	"solution":            Text(words.LessonFirstSolution),
}

// FieldNames lists the fields of a run that pages, tables and claims can
// use, besides rejects.RULE (rejects by one rule, e.g. rejects.box).
func FieldNames() []string { return sortedKeys(fieldLabels) }

func isRuleField(f string) bool {
	r, ok := strings.CutPrefix(f, "rejects.")
	if !ok {
		return false
	}
	_, ok = ruleWords(r)
	return ok
}

// fieldLabel returns a field's column heading.
func fieldLabel(f string, lang tracer.Lang) string {
	if r, ok := strings.CutPrefix(f, "rejects."); ok {
		w, _ := ruleWords(r)
		return fieldLabels["rejects"].In(lang) + " · " + w.Name.In(lang)
	}
	return fieldLabels[f].In(lang)
}

// field returns the value of field f of a run. spec is the run as the
// lesson wrote it; out is what it did.
func field(rs *RunSpec, out *Outcome, f string) (value, error) {
	sum := &out.Summary
	st := &sum.Stats
	if r, ok := strings.CutPrefix(f, "rejects."); ok {
		if _, ok := ruleWords(r); !ok {
			return value{}, fmt.Errorf("unknown rule in field %q", f)
		}
		// Rules are numbered within their problem: the run's own Def
		// reads the key.
		i := slices.IndexFunc(sum.Rules, func(ru tracer.Rule) bool { return sum.RuleKey(ru) == r })
		if i < 0 {
			return value{}, fmt.Errorf("field %q: %s has no rule %s", f, sum.Problem, r)
		}
		return num(st.Rejects[sum.Rules[i]]), nil
	}
	switch f {
	case "problem":
		return text(sum.Problem), nil
	case "instance":
		return text(instanceName(*sum)), nil
	case "nums", "target":
		return listField(sum, f)
	case "strategy":
		return text(sum.Strategy.String()), nil
	case "order":
		return text(string(sum.Strategy.Order)), nil
	case "check":
		return text(string(sum.Strategy.Check)), nil
	case "when":
		return text(string(sum.Strategy.When)), nil
	case "stop":
		return text(string(sum.Strategy.Stop)), nil
	case "status":
		return text(string(sum.Status)), nil
	case "limit":
		if sum.Limit == tracer.LimitNone {
			return text("-"), nil
		}
		return text(sum.Limit.String()), nil
	case "max_steps":
		_, opts, err := rs.Build()
		if err != nil {
			return value{}, err
		}
		return num(opts.Limits.MaxSteps), nil
	case "size", "width":
		return num(int64(sum.Size)), nil
	case "n":
		if def, err := runDef(sum); err != nil || def.Size == nil {
			return value{}, fmt.Errorf("field n: %s has no n", sum.Problem)
		}
		return num(int64(sum.Size)), nil
	case "blanks", "givens":
		b, err := startBoard(*sum)
		if err != nil {
			return value{}, fmt.Errorf("field %s: %s has no %s", f, sum.Problem, f)
		}
		var givens int64
		for r := 0; r < b.Rows; r++ {
			for c := 0; c < b.Cols; c++ {
				if b.Given(tracer.Pos{Row: r, Col: c}) {
					givens++
				}
			}
		}
		if f == "givens" {
			return num(givens), nil
		}
		return num(int64(b.Rows*b.Cols) - givens), nil
	case "final_blanks":
		// The cells the search handed back empty: 0 on a solved board, the
		// puzzle's blanks when a lost solution was undone, and the cells
		// a search without "return false" skipped (status wrong).
		if _, err := startBoard(*sum); err != nil {
			return value{}, fmt.Errorf("field final_blanks: %s has no blanks", sum.Problem)
		}
		var n int64
		for _, row := range sum.Final {
			n += int64(strings.Count(row, "."))
		}
		return num(n), nil
	case "box_side":
		if _, err := startBoard(*sum); err != nil || sudoku.BoxSide(sum.Size) == 0 {
			return value{}, fmt.Errorf("field box_side: %s has no boxes", sum.Problem)
		}
		return num(int64(sudoku.BoxSide(sum.Size))), nil
	case "box_offset_min":
		if _, err := startBoard(*sum); err != nil || sudoku.BoxSide(sum.Size) == 0 {
			return value{}, fmt.Errorf("field box_offset_min: %s has no boxes", sum.Problem)
		}
		return num(0), nil
	case "box_offset_max":
		// The offsets inside a box (i/3 and i%3 of tutorial 004's loop)
		// run from 0 to the box side less one.
		if _, err := startBoard(*sum); err != nil || sudoku.BoxSide(sum.Size) == 0 {
			return value{}, fmt.Errorf("field box_offset_max: %s has no boxes", sum.Problem)
		}
		return num(int64(sudoku.BoxSide(sum.Size) - 1)), nil
	case "solutions":
		return num(st.Solutions), nil
	case "nodes", "calls":
		// A node of the search tree is a call: "calls" says so in a
		// table's heading, where "nodes" could be read as every box of
		// a diagram (calls and pruned tries).
		return num(st.Nodes), nil
	case "tries":
		return num(st.Tries), nil
	case "rejects":
		return num(st.RejectTotal()), nil
	case "placements":
		return num(st.Placements), nil
	case "backtracks":
		return num(st.Backtracks), nil
	case "max_depth":
		return num(int64(st.MaxDepth)), nil
	case "steps":
		return num(st.Steps), nil
	case "check_cost":
		return num(st.CheckCost), nil
	case "scan_cost":
		return num(st.ScanCost), nil
	case "check_cost_scan_on":
		// The same tries checked by walking the whole row, column and box
		// (the cell itself skipped) without returning at the first
		// repeat: every check costs what a passing check costs.
		if sum.Problem != "sudoku" || sum.Strategy.Check != tracer.CheckScan {
			return value{}, fmt.Errorf("field %s: only for sudoku with check scan", f)
		}
		n, box := int64(sum.Size), int64(sudoku.BoxSide(sum.Size))
		return num(st.Tries * (2*(n-1) + box*box - 1)), nil
	case "check_per_try":
		return ratio(st.CheckCost, st.Tries), nil
	case "scan_per_node", "scan_per_call":
		return ratio(st.ScanCost, st.Nodes), nil
	case "per_depth":
		parts := make([]string, len(st.PerDepth))
		for i, n := range st.PerDepth {
			parts[i] = strconv.FormatInt(n, 10)
		}
		return text(strings.Join(parts, " ")), nil
	case "widest", "widest_depth":
		d := widest(st.PerDepth)
		if f == "widest_depth" {
			return num(int64(d)), nil
		}
		if d < 0 {
			return num(0), nil
		}
		return num(st.PerDepth[d]), nil
	case "first_solution_step":
		return num(st.FirstSolutionStep), nil
	case "final":
		return text(strings.Join(sum.Final, "/")), nil
	case "puzzle":
		b, err := startBoard(*sum)
		if err != nil {
			return value{}, fmt.Errorf("field puzzle: %s has no starting board", sum.Problem)
		}
		return text(strings.Join(b.RowStrings(), "/")), nil
	case "solution":
		return text(strings.Join(sum.Solution, "/")), nil
	}
	return value{}, fmt.Errorf("unknown field %q (want %s, or rejects.RULE)", f, strings.Join(FieldNames(), ", "))
}

func ratio(a, b int64) value {
	if b == 0 {
		return num(0)
	}
	return value{num: math.Round(float64(a)/float64(b)*10) / 10, isNum: true}
}

// widest returns the depth with the most nodes (the first on a tie), -1 if
// there is none.
func widest(perDepth []int64) int {
	best := -1
	for d, n := range perDepth {
		if best < 0 || n > perDepth[best] {
			best = d
		}
	}
	return best
}

// ruleWords returns the words of the rule with key key (RuleWords.Key)
// of the first problem that has one, for a column heading (a table's runs
// may be of several problems, which meet by key); ok false when no
// problem has it.
func ruleWords(key string) (tracer.RuleWords, bool) {
	for _, d := range tracer.Problems() {
		if r, err := d.ParseRule(key); err == nil && r != tracer.RuleNone {
			return d.RuleWordsOf(r), true
		}
	}
	return tracer.RuleWords{}, false
}

// startBoard returns the starting board of a run's instance, for problems
// that take a puzzle (the givens); other problems have none.
func startBoard(sum tracer.Summary) (*tracer.Board, error) {
	def, err := runDef(&sum)
	if err != nil {
		return nil, err
	}
	if def.Puzzle == nil {
		return nil, fmt.Errorf("%s takes no puzzle", def.Name)
	}
	return def.Start(infoOf(def, sum))
}

// runDef returns the Def of the run sum describes: the run's own
// (Summary.Def, bound to its instance), or for a summary without one the
// problem of that name.
func runDef(sum *tracer.Summary) (*tracer.Def, error) {
	if sum.Def != nil {
		return sum.Def, nil
	}
	return tracer.Lookup(sum.Problem)
}

// infoOf describes the instance of a run for its problem's Def.
func infoOf(def *tracer.Def, sum tracer.Summary) tracer.Info {
	return tracer.Info{Def: def, Problem: def.Name, Size: sum.Size, Instance: sum.Instance,
		Order: sum.Strategy.Order, Check: sum.Strategy.Check, Rules: sum.Rules}
}

// instanceName names the instance briefly: "n=8" or "9×9, 51 blanks".
func instanceName(sum tracer.Summary) string { return instanceNameIn(sum, tracer.LangEN) }

// instanceNameIn is instanceName in a language: a Chinese page names the
// instance in Chinese ("[1,1,2,5,6,7,10]，目标和 8，去重 used").
func instanceNameIn(sum tracer.Summary, lang tracer.Lang) string {
	def, err := tracer.Lookup(sum.Problem)
	if err != nil {
		return sum.Instance
	}
	info := infoOf(def, sum)
	return def.Of(info).Label(info, lang) // the instance's own words: permutations of nums 1,1,2 read [1,1,2]
}

// listField returns a list problem's sorted numbers ("[1,1,2,5,6,7,10]")
// or its target: the instance without the de-duplication style, which a
// page's prose names in words.
func listField(sum *tracer.Summary, f string) (value, error) {
	var def listkit.Numbers
	if strings.Contains(sum.Instance, "target") {
		def.Target = 1
	}
	in, err := listkit.ParseNumbers(sum.Instance, def)
	if err != nil {
		return value{}, fmt.Errorf("field %q: %s is not a list of numbers: %w", f, sum.Problem, err)
	}
	if f == "target" {
		if in.Target == 0 {
			return value{}, fmt.Errorf("field %q: %s has no target", f, sum.Problem)
		}
		return num(int64(in.Target)), nil
	}
	vs := slices.Sorted(slices.Values(in.Given))
	parts := make([]string, len(vs))
	for i, v := range vs {
		parts[i] = strconv.Itoa(v)
	}
	return text("[" + strings.Join(parts, ",") + "]"), nil
}

// ---- claims ----

// claim is a comparison of two sums of terms: "before.nodes == after.nodes",
// "leaf.nodes > 100 * before.nodes", "after.backtracks - before.backtracks
// == after.rejects", "noreturn.status == lost".
type claim struct {
	src         string
	left, right sum
	op          string
}

// sum is terms added or taken away; a sum of a word is the word alone.
type sum []term

// term is k * run.field, a number, or a word; neg takes it away.
type term struct {
	k     float64 // factor of run.field (1 when not given)
	run   string
	field string
	lit   value
	neg   bool
}

var claimOps = []string{"==", "!=", "<=", ">=", "<", ">"}

// parseClaim reads "SUM OP SUM", a SUM being terms joined by + or -, each
// term run.field, N * run.field, a number, or a word (compared as text).
func parseClaim(s string) (claim, error) {
	c := claim{src: s}
	toks := strings.Fields(s)
	at := -1
	for i, t := range toks {
		if slices.Contains(claimOps, t) {
			if at >= 0 {
				return c, errors.New("more than one comparison")
			}
			at = i
		}
	}
	if at < 0 {
		return c, fmt.Errorf("no comparison: want one of %s between two terms", strings.Join(claimOps, " "))
	}
	c.op = toks[at]
	var err error
	if c.left, err = parseSum(toks[:at]); err != nil {
		return c, err
	}
	if c.right, err = parseSum(toks[at+1:]); err != nil {
		return c, err
	}
	return c, nil
}

func parseSum(toks []string) (sum, error) {
	var out sum
	neg := false
	for len(toks) > 0 {
		end := slices.IndexFunc(toks, func(t string) bool { return t == "+" || t == "-" })
		if end < 0 {
			end = len(toks)
		}
		t, err := parseTerm(toks[:end])
		if err != nil {
			return nil, err
		}
		t.neg = neg
		out = append(out, t)
		if end == len(toks) {
			break
		}
		neg = toks[end] == "-"
		toks = toks[end+1:]
		if len(toks) == 0 {
			return nil, fmt.Errorf("nothing after %q", map[bool]string{true: "-", false: "+"}[neg])
		}
	}
	if len(out) == 0 {
		return nil, errors.New("an empty side")
	}
	if len(out) > 1 {
		for _, t := range out {
			if t.run == "" && !t.lit.isNum {
				return nil, fmt.Errorf("%q: words cannot be added", t.lit.text)
			}
		}
	}
	return out, nil
}

func parseTerm(toks []string) (term, error) {
	t := term{k: 1}
	switch {
	case len(toks) == 3 && toks[1] == "*":
		k, err := strconv.ParseFloat(toks[0], 64)
		if err != nil {
			return t, fmt.Errorf("%q: want a number before *", toks[0])
		}
		t.k = k
		toks = toks[2:]
		if !strings.Contains(toks[0], ".") {
			return t, fmt.Errorf("%q: want run.field after *", toks[0])
		}
	case len(toks) != 1:
		return t, fmt.Errorf("%q: want run.field, N * run.field, a number or a word", strings.Join(toks, " "))
	}
	tok := toks[0]
	if f, err := strconv.ParseFloat(tok, 64); err == nil {
		t.lit = value{num: f, isNum: true}
		return t, nil
	}
	if run, f, ok := strings.Cut(tok, "."); ok {
		if run == "" || f == "" {
			return t, fmt.Errorf("%q: want run.field", tok)
		}
		if _, known := fieldLabels[f]; !known && !isRuleField(f) {
			return t, fmt.Errorf("%q: unknown field %q", tok, f)
		}
		t.run, t.field = run, f
		return t, nil
	}
	t.lit = text(tok)
	return t, nil
}

// eval computes the sum from the runs.
func (s sum) eval(get func(run, field string) (value, error)) (value, error) {
	var total value
	for i, t := range s {
		v := t.lit
		if t.run != "" {
			var err error
			if v, err = get(t.run, t.field); err != nil {
				return v, err
			}
		}
		if len(s) == 1 && t.k == 1 && !t.neg {
			return v, nil
		}
		if !v.isNum {
			return v, fmt.Errorf("%s.%s is not a number", t.run, t.field)
		}
		x := v.num * t.k
		if t.neg {
			x = -x
		}
		if i == 0 {
			total = value{isNum: true}
		}
		total.num += x
	}
	return total, nil
}

// holds evaluates the claim; shown is the comparison with the values
// filled in ("4209 == 4209").
func (c claim) holds(get func(run, field string) (value, error)) (ok bool, shown string, err error) {
	a, err := c.left.eval(get)
	if err != nil {
		return false, "", err
	}
	b, err := c.right.eval(get)
	if err != nil {
		return false, "", err
	}
	shown = a.short() + " " + c.op + " " + b.short()
	if a.isNum != b.isNum {
		return false, shown, fmt.Errorf("compares a number with a text: %s", shown)
	}
	var cmp int
	if a.isNum {
		switch {
		case a.num < b.num:
			cmp = -1
		case a.num > b.num:
			cmp = 1
		}
	} else {
		cmp = strings.Compare(a.text, b.text)
		if c.op != "==" && c.op != "!=" {
			return false, shown, fmt.Errorf("texts compare only with == and !=: %s", shown)
		}
	}
	switch c.op {
	case "==":
		ok = cmp == 0
	case "!=":
		ok = cmp != 0
	case "<":
		ok = cmp < 0
	case "<=":
		ok = cmp <= 0
	case ">":
		ok = cmp > 0
	case ">=":
		ok = cmp >= 0
	}
	return ok, shown, nil
}

// statusText is the status with what stopped a limited run: "limit (steps)".
func statusText(sum tracer.Summary, lang tracer.Lang) string { return render.StatusText(sum, lang) }
