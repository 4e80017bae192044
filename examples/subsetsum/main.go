// Command subsetsum traces a backtracking problem that is defined here, in
// one file, outside this module's packages: which items of {3, 5, 6, 7} add
// up to 15? It uses only the public API of tracer and render, as a program
// of your own would: the problem is most of the file, and a few lines hand
// it to the run-and-export pipeline (render/export) for its outputs.
//
// The search decides one item per level (1-D recursion): x[i] = 0 leaves
// item i out, x[i] = 1 takes it. Two rules prune: "over" (taking the item
// would pass the target) and "short" (even every item after it could not
// bring the sum up to the target).
//
//	go run ./examples/subsetsum                          # into a new temporary folder
//	go run ./examples/subsetsum out/subsetsum             # into a folder of your own
//	go run ./examples/subsetsum out/ss "2 4 6 8 sum 10"   # another instance
//
// It prints the report of `backtrack trace` and writes the counts
// (stats.yaml), the search tree (tree.svg), the step log with a note for
// every step (steps.yaml) and the stepper's view of one step (step.txt).
package main

import (
	"context"
	"fmt"
	"io"
	"log"
	"os"
	"path/filepath"
	"strconv"
	"strings"

	"github.com/backtrack-edu/backtrack/render"
	"github.com/backtrack-edu/backtrack/render/export"
	"github.com/backtrack-edu/backtrack/render/stepper"
	"github.com/backtrack-edu/backtrack/tracer"
)

// ---------------------------------------------------------------------
// The instance: the items and the target, written "3 5 6 7 sum 15".

// instance is what one search is about.
type instance struct {
	items  []int
	target int
}

// maxItems bounds an instance: 2^16 subsets is a lot of tree to read.
const maxItems = 16

// defaultInstance is the instance searched when none is given.
const defaultInstance = "3 5 6 7 sum 15"

// parseInstance reads "3 5 6 7 sum 15" (commas and braces are fine too:
// "{3, 5, 6, 7} sum 15").
func parseInstance(text string) (instance, error) {
	list, target, ok := strings.Cut(text, "sum")
	if !ok {
		return instance{}, fmt.Errorf("%q: want the items, then sum and the target, e.g. %q", text, defaultInstance)
	}
	var in instance
	for _, f := range strings.Fields(strings.NewReplacer(",", " ", "{", " ", "}", " ").Replace(list)) {
		v, err := strconv.Atoi(f)
		if err != nil || v < 1 {
			return instance{}, fmt.Errorf("item %q: want a whole number from 1 up", f)
		}
		in.items = append(in.items, v)
	}
	if len(in.items) < 1 || len(in.items) > maxItems {
		return instance{}, fmt.Errorf("%d items: want 1 to %d", len(in.items), maxItems)
	}
	t, err := strconv.Atoi(strings.TrimSpace(target))
	if err != nil || t < 0 {
		return instance{}, fmt.Errorf("target %q: want a whole number from 0 up", strings.TrimSpace(target))
	}
	in.target = t
	return in, nil
}

// String writes the instance as parseInstance reads it: "3 5 6 7 sum 15".
func (in instance) String() string {
	return fmt.Sprintf("%s sum %d", joinInts(in.items, " "), in.target)
}

// item names item i for people: "item 2 (6)" / "第 2 项（6）".
func (in instance) item(i int) tracer.Text {
	if i < 0 || i >= len(in.items) {
		return tracer.Text{EN: fmt.Sprintf("item %d", i), ZH: fmt.Sprintf("第 %d 项", i)}
	}
	return tracer.Text{EN: fmt.Sprintf("item %d (%d)", i, in.items[i]), ZH: fmt.Sprintf("第 %d 项（%d）", i, in.items[i])}
}

func joinInts(vs []int, sep string) string {
	s := make([]string, len(vs))
	for i, v := range vs {
		s[i] = strconv.Itoa(v)
	}
	return strings.Join(s, sep)
}

// ---------------------------------------------------------------------
// The problem: the methods tracer.Run asks of it.

// orderItems is the one order: the call at depth i decides item i.
const orderItems tracer.Order = "items"

// checks are the ways a choice is checked: scan adds the items up each
// time, counts keeps running sums.
var checks = []tracer.Check{tracer.CheckScan, tracer.CheckCounts}

// The rules, numbered within this problem from 1 (no registry: rule 1 of
// another problem is another rule). The Def's Rules table gives each its
// key, the word step logs and stats call it.
const (
	ruleOver  tracer.Rule = 1 + iota // taking the item passes the target
	ruleShort                        // the items left cannot reach it
)

// subsetSum is one search. The board is one row of cells, cell (0,i)
// holding x[i]: 1 if item i is taken, 0 if it is left out.
type subsetSum struct {
	in    instance
	check tracer.Check
	def   *tracer.Def // the Def with words for this instance (see Info)
	x     []int       // x[i]: 1 taken, 0 left out, -1 not decided yet
	sum   int         // the items taken (check counts)
	rest  []int       // rest[i]: items[i] + … + items[n-1] (check counts)
}

func newSubsetSum(in instance, check tracer.Check) (*subsetSum, error) {
	if check == "" {
		check = tracer.CheckScan
	}
	if _, err := tracer.ParseCheck(string(check), checks); err != nil {
		return nil, err
	}
	n := len(in.items)
	p := &subsetSum{in: in, check: check, x: make([]int, n), rest: make([]int, n+1)}
	for i := n - 1; i >= 0; i-- {
		p.x[i] = -1
		p.rest[i] = p.rest[i+1] + in.items[i]
	}
	return p, nil
}

// Info describes the instance. Size is the number of items. The notes
// name the items and the target, which the registered Def cannot know, so
// the Info carries a copy of it with this instance's words.
func (p *subsetSum) Info() tracer.Info {
	if p.def == nil {
		d := *subsetSumDef
		d.Words = words(p.in)
		p.def = &d
	}
	return tracer.Info{Def: p.def, Problem: p.def.Name, Size: len(p.in.items), Instance: p.in.String(),
		Order: orderItems, Check: p.check, Rules: []tracer.Rule{ruleOver, ruleShort}}
}

// Next returns the cell of item depth; past the last item nothing is left
// to decide.
func (p *subsetSum) Next(depth int, _ tracer.Pos) (tracer.Pos, bool) {
	if depth >= len(p.in.items) {
		return tracer.NoPos, false
	}
	return tracer.Pos{Row: 0, Col: depth}, true
}

// LastScan: the slot is found without a scan.
func (p *subsetSum) LastScan() (tracer.Scan, bool) { return tracer.Scan{}, false }

// Candidates: 0 (leave the item out), then 1 (take it).
func (p *subsetSum) Candidates(tracer.Pos) (int, int) { return 0, 1 }

// Cell: the choice is written in the item's own cell.
func (p *subsetSum) Cell(slot tracer.Pos, _ int) tracer.Pos { return slot }

// Check says whether choice v for item slot.Col breaks a rule: "over" if
// the sum would pass the target, "short" if even every item after it
// could not bring the sum up to the target. Check scan adds up the items
// taken and the items after it each time (cost: the cells read); check
// counts keeps a running sum and the sums of the items left (cost 1 a
// look-up). No cell is to blame, so there is no witness.
func (p *subsetSum) Check(slot tracer.Pos, v int, placed bool) tracer.Verdict {
	i := slot.Col
	sum, cost := 0, 0
	if p.check == tracer.CheckCounts {
		sum, cost = p.sum, 1
		if placed { // place-then-check: v is in the running sum already
			sum -= v * p.in.items[i]
		}
	} else {
		for j := 0; j < i; j++ {
			if p.x[j] == 1 {
				sum += p.in.items[j]
			}
			cost++
		}
	}
	sum += v * p.in.items[i]
	if sum > p.in.target {
		return tracer.Verdict{Rule: ruleOver, Witness: tracer.NoPos, Cost: cost}
	}
	rest := p.rest[i+1]
	if p.check == tracer.CheckCounts {
		cost++
	} else {
		cost += len(p.in.items) - 1 - i
	}
	if sum+rest < p.in.target {
		return tracer.Verdict{Rule: ruleShort, Witness: tracer.NoPos, Cost: cost}
	}
	return tracer.Verdict{Cost: cost}
}

// Place writes choice v for the item; Undo takes it back.
func (p *subsetSum) Place(slot tracer.Pos, v int) {
	p.x[slot.Col] = v
	p.sum += v * p.in.items[slot.Col]
}

func (p *subsetSum) Undo(slot tracer.Pos, v int) {
	p.x[slot.Col] = -1
	p.sum -= v * p.in.items[slot.Col]
}

// Validate checks every choice at once (--when leaf): the first item
// whose taking passes the target, or, if the sum stays below it, the last
// item.
func (p *subsetSum) Validate() (tracer.Verdict, tracer.Pos, int) {
	sum := 0
	for i, v := range p.x {
		if v == 1 {
			sum += p.in.items[i]
		}
		if sum > p.in.target {
			return tracer.Verdict{Rule: ruleOver, Witness: tracer.NoPos, Cost: i + 1}, tracer.Pos{Row: 0, Col: i}, v
		}
	}
	n := len(p.x)
	if sum < p.in.target {
		return tracer.Verdict{Rule: ruleShort, Witness: tracer.NoPos, Cost: n}, tracer.Pos{Row: 0, Col: n - 1}, p.x[n-1]
	}
	return tracer.Verdict{Cost: n}, tracer.NoPos, 0
}

// Rows returns the choices as one row: "1101" takes items 0, 1 and 3.
func (p *subsetSum) Rows() []string {
	b := make([]byte, len(p.x))
	for i, v := range p.x {
		b[i] = '.'
		if v >= 0 {
			b[i] = glyph(v)
		}
	}
	return []string{string(b)}
}

// glyph writes a choice on the board: '0' or '1'. An undecided cell is
// '.' (Rows' own, and Board's).
func glyph(v int) byte { return byte('0' + v) }

// ---------------------------------------------------------------------
// The Def: the problem for everything but the search loop.

var subsetSumDef = &tracer.Def{
	Name:  "subsetsum",
	Title: tracer.Text{EN: "Subset sum", ZH: "子集和"},
	Rules: []tracer.RuleWords{
		{Rule: ruleOver, Key: "over", Name: tracer.Text{EN: "sum over the target", ZH: "和超过目标"}, Short: tracer.Text{EN: "over", ZH: "超过"}},
		{Rule: ruleShort, Key: "short", Name: tracer.Text{EN: "target out of reach", ZH: "凑不到目标"}, Short: tracer.Text{EN: "short", ZH: "不够"}},
	},
	Orders: []tracer.Order{orderItems},
	Checks: checks,
	Stop:   tracer.StopAll,
	// Each item is left out (0) or taken (1), whatever the instance.
	Values: func(int) (int, int) { return 0, 1 },
	Puzzle: &tracer.PuzzleSetting{
		Default: defaultInstance,
		Parse:   func(text string) (any, error) { return parseInstance(text) },
	},
	New: func(s tracer.Spec) (tracer.Problem, error) {
		in, ok := s.Parsed.(instance)
		if !ok {
			var err error
			if in, err = parseInstance(s.Puzzle); err != nil {
				return nil, err
			}
		}
		return newSubsetSum(in, s.Check)
	},
	Start: func(info tracer.Info) (*tracer.Board, error) {
		if info.Size < 1 {
			return nil, fmt.Errorf("subsetsum: %d items", info.Size)
		}
		return tracer.NewBoard(1, info.Size, glyph), nil
	},
	// "x2=1" takes item 2, "x2=0" leaves it out.
	Move: func(cell tracer.Pos, v int) string { return fmt.Sprintf("x%d=%d", cell.Col, v) },
	ParseMove: func(s string, size int) (tracer.Pos, int, error) {
		item, choice, ok := strings.Cut(strings.TrimSpace(s), "=")
		item, choice = strings.TrimSpace(item), strings.TrimSpace(choice)
		i, err := strconv.Atoi(strings.TrimPrefix(item, "x"))
		if !ok || !strings.HasPrefix(item, "x") || err != nil || strconv.Itoa(i) != item[1:] || (choice != "0" && choice != "1") {
			return tracer.NoPos, 0, fmt.Errorf("%q is not a subset-sum move: want x<item>=0 or x<item>=1, e.g. x2=1", s)
		}
		if i < 0 || i >= size {
			return tracer.NoPos, 0, fmt.Errorf("%q: item %d is not one of 0 to %d", s, i, size-1)
		}
		return tracer.Pos{Row: 0, Col: i}, int(choice[0] - '0'), nil
	},
	MoveHint: tracer.Text{EN: "subset-sum moves are written x<item>=1 (take it) or x<item>=0 (leave it out), e.g. x2=1",
		ZH: "子集和的一步写作 x<项>=1（选）或 x<项>=0（不选），例如 x2=1"},
	Label: func(info tracer.Info, lang tracer.Lang) string {
		in, err := parseInstance(info.Instance)
		if err != nil {
			return info.Instance
		}
		set := "{" + joinInts(in.items, ", ") + "}"
		if lang == tracer.LangZH {
			return fmt.Sprintf("%s，和为 %d", set, in.target)
		}
		return fmt.Sprintf("%s, sum %d", set, in.target)
	},
	Words: words(mustParse(defaultInstance)),
	// The stepper's template code: the loop runs over the two choices.
	Code: tracer.CodeParts{
		Signature: "func solve(i int) bool {",
		Slot:      func(tracer.Order) string { return "" },
		Full:      "i == len(items)",
		Loop:      func(int) string { return "for x := 0; x <= 1; x++ { // leave, take" },
		Args:      "i, x",
		Recurse:   "solve(i+1)",
		Value:     "x",
	},
}

// init registers the problem. Register returns an error (a name a later
// version of backtrack makes built-in is taken): this program says so and
// stops.
func init() {
	if err := tracer.Register(subsetSumDef); err != nil {
		log.Fatalf("subsetsum: %v", err)
	}
}

func mustParse(text string) instance {
	in, err := parseInstance(text)
	if err != nil {
		panic(err)
	}
	return in
}

// words are the notes' sentences for the instance in. Each sees one
// event: the choice (e.Value) and the item (e.Cell.Col).
func words(in instance) tracer.Words {
	// doing is "taking item 2 (6)" or "leaving item 2 (6) out"; do is
	// "take item 2 (6)" or "leave item 2 (6) out".
	doing := func(i, v int) tracer.Text {
		it := in.item(i)
		if v == 1 {
			return tracer.Text{EN: "taking " + it.EN, ZH: "选" + it.ZH}
		}
		return tracer.Text{EN: "leaving " + it.EN + " out", ZH: "不选" + it.ZH}
	}
	do := func(i, v int) tracer.Text {
		it := in.item(i)
		if v == 1 {
			return tracer.Text{EN: "take " + it.EN, ZH: "选" + it.ZH}
		}
		return tracer.Text{EN: "leave " + it.EN + " out", ZH: "不选" + it.ZH}
	}
	// after is what the items after item i add up to: "6 + 7 = 13".
	after := func(i int) string {
		rest, total := in.items[i+1:], 0
		for _, v := range rest {
			total += v
		}
		if len(rest) == 1 {
			return strconv.Itoa(total)
		}
		return fmt.Sprintf("%s = %d", joinInts(rest, " + "), total)
	}
	// PlainWords is a start: every sentence below replaces one of its.
	w := tracer.PlainWords(tracer.Text{EN: "choice", ZH: "选择"}, tracer.Text{EN: "the other choice", ZH: "另一个选择"})
	w.Last = func(int) int { return 1 }
	w.Thing = func(v int, at tracer.Pos) tracer.Text { return doing(at.Col, v) }
	w.Try = func(cell tracer.Pos, v int) tracer.Text {
		d := doing(cell.Col, v)
		return tracer.Text{EN: "try " + d.EN, ZH: "尝试" + d.ZH}
	}
	w.Decide = func(c tracer.CallFacts) tracer.Text {
		if c.Depth >= c.Size {
			return tracer.Text{EN: fmt.Sprintf("all %d items decided → end condition (终止条件)", c.Size),
				ZH: fmt.Sprintf("%d 项都决定了 → 到达终止条件", c.Size)}
		}
		it := in.item(c.Depth)
		return tracer.Text{EN: fmt.Sprintf("decide %s: leave it out, or take it", it.EN),
			ZH: fmt.Sprintf("决定%s：不选还是选", it.ZH)}
	}
	w.Reject = func(when tracer.When, e *tracer.Event, rule tracer.RuleWords) tracer.Text {
		i, d := e.Cell.Col, doing(e.Cell.Col, e.Value)
		if when == tracer.WhenLeaf {
			if e.Rule == ruleOver {
				return tracer.Text{EN: fmt.Sprintf("all items decided, but the sum passes %d at %s → return false", in.target, in.item(i).EN),
					ZH: fmt.Sprintf("所有项都决定了，但到%s和就超过了 %d → 返回 false", in.item(i).ZH, in.target)}
			}
			return tracer.Text{EN: fmt.Sprintf("all items decided, but the sum is below %d → return false", in.target),
				ZH: fmt.Sprintf("所有项都决定了，但和不到 %d → 返回 false", in.target)}
		}
		why := tracer.Text{EN: rule.Name.EN, ZH: rule.Name.ZH}
		switch e.Rule {
		case ruleOver:
			why = tracer.Text{EN: fmt.Sprintf("the sum would pass %d", in.target), ZH: fmt.Sprintf("和会超过 %d", in.target)}
		case ruleShort:
			why = tracer.Text{EN: fmt.Sprintf("even every item after it (%s) cannot make %d", after(i), in.target),
				ZH: fmt.Sprintf("后面的项（%s）全选也凑不到 %d", after(i), in.target)}
			if i+1 >= len(in.items) {
				why = tracer.Text{EN: fmt.Sprintf("no item is left to make %d", in.target), ZH: fmt.Sprintf("后面没有项了，凑不到 %d", in.target)}
			}
		}
		if when == tracer.WhenAfter {
			return tracer.Text{EN: fmt.Sprintf("%s, done first: %s: prune (剪枝), undo it", d.EN, why.EN),
				ZH: fmt.Sprintf("先放后查：%s，%s，剪枝，随后撤销", d.ZH, why.ZH)}
		}
		return tracer.Text{EN: fmt.Sprintf("%s, %s: prune (剪枝)", d.EN, why.EN), ZH: fmt.Sprintf("%s：%s，剪枝", d.ZH, why.ZH)}
	}
	w.Place = func(when tracer.When, e *tracer.Event, size int) tracer.Text {
		d := do(e.Cell.Col, e.Value)
		switch when {
		case tracer.WhenAfter:
			return tracer.Text{EN: d.EN + " first (做出选择); the check comes after", ZH: "先" + d.ZH + "（做出选择），再检查"}
		case tracer.WhenLeaf:
			return tracer.Text{EN: d.EN + " (做出选择) unchecked: only the full choice is checked",
				ZH: d.ZH + "（做出选择），不检查，等所有项都决定了再整体检查"}
		}
		if next := e.Cell.Col + 1; next < size {
			return tracer.Text{EN: fmt.Sprintf("%s (做出选择) and recurse to item %d", d.EN, next),
				ZH: fmt.Sprintf("%s（做出选择），递归到第 %d 项", d.ZH, next)}
		}
		return tracer.Text{EN: d.EN + " (做出选择), the last item, and recurse", ZH: d.ZH + "（做出选择），这是最后一项，递归"}
	}
	w.Undo = func(e *tracer.Event) tracer.Text {
		it := in.item(e.Cell.Col)
		if e.Value == 1 {
			return tracer.Text{EN: "put " + it.EN + " back (撤销选择, 回溯)", ZH: "撤销选" + it.ZH + "（回溯）"}
		}
		return tracer.Text{EN: "undo leaving " + it.EN + " out (撤销选择, 回溯)", ZH: "撤销不选" + it.ZH + "（回溯）"}
	}
	w.Full = func(int) tracer.Text {
		return tracer.Text{EN: fmt.Sprintf("every item decided, the sum is %d", in.target),
			ZH: fmt.Sprintf("每一项都决定了，和正好是 %d", in.target)}
	}
	w.Exhausted = func(e *tracer.Event, _ int, below tracer.Text) tracer.Text {
		it := in.item(e.Cell.Col)
		if below.EN != "" {
			return tracer.Text{EN: fmt.Sprintf("both choices for %s tried (%s below) → return false", it.EN, below.EN),
				ZH: fmt.Sprintf("%s的两种选择都试完了（下面找到 %s）→ 返回 false", it.ZH, below.ZH)}
		}
		return tracer.Text{EN: fmt.Sprintf("neither choice for %s works → return false (回溯)", it.EN),
			ZH: fmt.Sprintf("%s选不选都不行 → 返回 false（回溯）", it.ZH)}
	}
	return w
}

// withSums adds the running sum to the note of every try, which Words
// cannot say (they see one event, not the path): "try taking item 3 (7):
// 8 + 7 = 15". It follows the sum by the place and undo events.
func withSums(in instance, lang tracer.Lang, note func(*tracer.Event) string) func(*tracer.Event) string {
	sum := 0
	return func(e *tracer.Event) string {
		s := note(e)
		i := e.Cell.Col
		if i < 0 || i >= len(in.items) {
			return s
		}
		switch e.Kind {
		case tracer.KindTry:
			switch {
			case e.Value == 1 && lang == tracer.LangZH:
				s += fmt.Sprintf("：和 %d + %d = %d", sum, in.items[i], sum+in.items[i])
			case e.Value == 1:
				s += fmt.Sprintf(": sum %d + %d = %d", sum, in.items[i], sum+in.items[i])
			case lang == tracer.LangZH:
				s += fmt.Sprintf("：和仍是 %d", sum)
			default:
				s += fmt.Sprintf(": the sum stays %d", sum)
			}
		case tracer.KindPlace:
			sum += e.Value * in.items[i]
		case tracer.KindUndo:
			sum -= e.Value * in.items[i]
		}
		return s
	}
}

// ---------------------------------------------------------------------
// The program: trace the search and write what it did.

func main() {
	log.SetFlags(0)
	log.SetPrefix("subsetsum: ")
	if len(os.Args) > 3 {
		log.Fatal(`usage: subsetsum [FOLDER [INSTANCE]], e.g. subsetsum out/ss "3 5 6 7 sum 15"`)
	}
	dir, inst := "", ""
	if len(os.Args) > 1 {
		dir = os.Args[1]
	}
	if len(os.Args) > 2 {
		inst = os.Args[2]
	}
	if dir == "" {
		d, err := os.MkdirTemp("", "subsetsum-")
		if err != nil {
			log.Fatal(err)
		}
		dir = d
	} else if err := os.MkdirAll(dir, 0o755); err != nil {
		log.Fatal(err)
	}
	wrote, err := run(context.Background(), dir, inst, tracer.LangEN, os.Stdout)
	if err != nil {
		log.Fatal(err)
	}
	fmt.Printf("\nwrote into %s:\n%s", dir, wrote)
}

// notes returns the note function of a run: the narrator's notes, with
// the running sum added to every try.
func notes(info tracer.Info, strategy tracer.Strategy, lang tracer.Lang) func(*tracer.Event) string {
	in, err := parseInstance(info.Instance)
	if err != nil {
		panic(err) // info comes from our own problem
	}
	return withSums(in, lang, tracer.NewNarrator(info, strategy, lang).Note)
}

// run traces the instance inst (the default if "") and writes its
// outputs into dir, with notes and legend in lang; the report goes to w.
// It returns the list of files written, one a line. The pipeline
// (render/export) does the wiring: the counts, the tree, the step log
// with our notes, the picture, the report, each file whole or not at all.
func run(ctx context.Context, dir, inst string, lang tracer.Lang, w io.Writer) (string, error) {
	spec := tracer.Spec{Problem: subsetSumDef.Name, Puzzle: inst}
	p, opts, err := spec.Build() // checks the instance, fills in the defaults
	if err != nil {
		return "", err
	}
	rec := stepper.NewRecording(tracer.InfoOf(p), tracer.StrategyOf(tracer.InfoOf(p), opts)) // for step.txt
	res, err := export.Run(ctx, spec, export.Options{
		Outputs: export.Outputs{
			Stats: filepath.Join(dir, "stats.yaml"),
			Log:   filepath.Join(dir, "steps.yaml"),
			SVG:   filepath.Join(dir, "tree.svg"),
		},
		Diagram: render.DiagramOptions{MaxNodes: render.DefaultMaxNodes, Layout: true},
		Lang:    lang, Tool: "subsetsum example", Notes: notes,
		Sinks:  []tracer.Sink{rec},
		Stdout: w, Report: true, Show: 3,
	})
	if err != nil {
		return "", err
	}
	st := &res.Summary.Stats
	var wrote strings.Builder
	fmt.Fprintf(&wrote, "  steps.yaml  the step log: %d steps, each with a note\n", st.Steps)
	fmt.Fprintf(&wrote, "  stats.yaml  the counts (the keys of backtrack trace --stats)\n")
	fmt.Fprintf(&wrote, "  tree.svg    the search tree: %d calls, %d pruned tries\n", st.Nodes, st.RejectTotal())

	// The stepper's screen at the first prune (or the last step), as
	// `backtrack step --print` shows it.
	k, which := firstOf(rec, tracer.KindReject), "the first prune"
	if k == 0 {
		k, which = rec.Len(), "the last one"
	}
	view := stepper.New(rec, stepper.Options{Lang: lang, Print: true})
	view.Goto(k)
	if err := os.WriteFile(filepath.Join(dir, "step.txt"), []byte(view.View()+"\n"), 0o644); err != nil {
		return "", err
	}
	fmt.Fprintf(&wrote, "  step.txt    the stepper's view of step %d, %s\n", k, which)

	// The subsets the solutions' boards stand for.
	if sols := res.Summary.Solutions; len(sols) > 0 {
		found := make([]string, len(sols))
		for i, rows := range sols {
			found[i] = subset(tracer.InfoOf(p), rows)
		}
		if _, err := fmt.Fprintf(w, "subsets: %s\n", strings.Join(found, " · ")); err != nil {
			return "", err
		}
	}
	return wrote.String(), nil
}

// subset writes the items a solution's board takes, with their sum:
// "{3, 5, 7} = 15".
func subset(info tracer.Info, rows []string) string {
	in, err := parseInstance(info.Instance)
	if err != nil || len(rows) != 1 {
		return "?"
	}
	var taken []int
	total := 0
	for i, c := range rows[0] {
		if c == '1' && i < len(in.items) {
			taken = append(taken, in.items[i])
			total += in.items[i]
		}
	}
	return fmt.Sprintf("{%s} = %d", joinInts(taken, ", "), total)
}

// firstOf returns the step of the first event of kind k, or 0.
func firstOf(rec *stepper.Recording, k tracer.Kind) int64 {
	for i := int64(1); i <= rec.Len(); i++ {
		if rec.At(i).Kind == k {
			return i
		}
	}
	return 0
}
