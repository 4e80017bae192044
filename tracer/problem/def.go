package problem

import (
	"errors"
	"fmt"
	"slices"
	"sort"
	"strings"
	"sync"

	"github.com/backtrack-edu/backtrack/tracer/words"
)

// Text is a phrase in English and Chinese: a phrase of the catalog
// (package words) converts to it, Text(words.NoteRoot). It is its own type,
// not an alias of words.Text, so that problems may write their words
// unkeyed, Text{"row", "同行重复"}, as vet allows only for local types.
type Text words.Text

// In returns the phrase in lang (English unless lang is LangZH).
func (t Text) In(lang Lang) string {
	if lang == LangZH {
		return t.ZH
	}
	return t.EN
}

// RuleWords declares one rule of a problem: its number within the
// problem, its key, and its words and look for people.
type RuleWords struct {
	// Rule is the rule's number in its problem, from 1 to NumRules-1:
	// the problem's checks put it in Verdict.Rule, and every reader of
	// an event finds the rule's entry by it (Def.RuleWordsOf). Numbers
	// belong to the problem, as Go's iota constants in its own file:
	// there is no global registry of rules.
	Rule Rule
	// Key is the rule's word in step logs and stats ("row",
	// "anti_diagonal", "same_level"): a plain lower-case word, unique
	// within the problem. Two problems may share a key (Sudoku's and
	// N-Queens' "column"): a comparison of runs puts them in one row.
	Key string
	// Name is the rule in notes, diagrams and reports: Sudoku "row" /
	// "同行重复", N-Queens "upper-right diagonal ↗" / "右上对角线 ↗".
	Name Text
	// Short is the rule in a table column or a count: "row" / "同行",
	// "↗" / "↗".
	Short Text
	// Mark is the rule beside a failed candidate in the stepper's call
	// stack, a short word or a symbol: Sudoku "row" / "同行", N-Queens
	// "↗" / "↗" ("✗1 row", "✗1 ↗"). Where even that is too wide the
	// stepper keeps one character of it: the first of the English, the
	// last of the Chinese ("r", "行"). Optional: Short stands in for it.
	Mark Text
	// Witness says what a reject's witness is: a cell holding what the
	// candidate clashes with (the default), an equal candidate tried
	// before at the same level (树层去重), or nothing (a bound).
	Witness WitnessKind
	// With is the word before the witness on a pruned leaf: "clash:" /
	// "冲突：" (the default), "same as" / "同层已试". Optional.
	With Text
	// Color, if set, is the colour a diagram draws the rule's pruned leaf
	// in ("#1f6fb2"), so that rules of one problem look apart: 树层去重 is
	// never drawn as a clash. Optional: the diagram's pruned red. Fill is
	// the leaf's fill then.
	Color, Fill string
	// Code is the template line that prunes by the rule, which the
	// stepper lights ("if i > start && c[i] == c[i-1] { continue }").
	// Optional: the template's generic check line.
	Code string
	// Loop is set for a rule that is the candidate loop's own condition
	// (Combination Sum's sum+c[i] <= target): its reject lights the loop
	// line, and the loop ends there.
	Loop bool
}

// WitnessKind is what the witness of a rule's reject is.
type WitnessKind uint8

// The witness kinds.
const (
	WitnessCell    WitnessKind = iota // the cell holding what the candidate clashes with
	WitnessSibling                    // an equal candidate tried before at this level (its cell)
	WitnessNone                       // no witness: the rule is a bound (over the target)
)

// BoardSpec declares what a problem's board is, so that nothing has to
// guess it from glyphs: whether a cell holds a piece (a queen, whose
// value is where it stands) or shows its value, what one slot of the
// recursion is, and the boxes drawn on it.
type BoardSpec struct {
	// Pieces is set when every value is drawn with one glyph, Glyph (a
	// queen 'Q'), named Piece (a queen, 皇后): a move's value is the
	// column its piece stands in. Otherwise a cell shows its value.
	Pieces bool
	Glyph  byte
	Piece  Text
	// Slot is what one call decides: a row (N-Queens), a cell
	// (Sudoku, Permutations), or an index into a list (Combination Sum,
	// Subsets: the board is the sorted list, a cell shows its number
	// while it is on the path).
	Slot SlotKind
	// BoxSide returns the side of the boxes an instance of the given
	// size is drawn with (Sudoku 9: 3), 0 for none. Optional: none.
	BoxSide func(size int) int
	// PieceGlyph is the character the player draws a piece with ("♛"
	// for a queen). Optional: "●".
	PieceGlyph string
	// Cell returns the cell candidate v at slot fills, as the problem's
	// Problem.Cell does, for readers that list the candidates of a slot
	// not yet tried (their events, once made, say the cell). Optional:
	// column v of the slot's row on a board whose slots are rows, the
	// slot itself otherwise (see Def.MoveCell).
	Cell func(slot Pos, v int) Pos
}

// MoveCell returns the cell candidate v at slot fills (BoardSpec.Cell):
// column v of the slot's row when a slot is a row, else the slot.
func (d *Def) MoveCell(slot Pos, v int) Pos {
	switch {
	case d.Board.Cell != nil:
		return d.Board.Cell(slot, v)
	case d.Board.Slot == SlotRow:
		return Pos{Row: slot.Row, Col: v}
	}
	return slot
}

// SlotKind is what one call of a problem decides (BoardSpec.Slot).
type SlotKind uint8

// The slot kinds.
const (
	SlotCell  SlotKind = iota // a cell: the move writes its value there
	SlotRow                   // a row: the move puts a piece in one of its columns (the slot's Col is -1)
	SlotIndex                 // an index into the sorted list: the move takes the number there
	// SlotFrom: the cell a move steps from, on a path over a grid (a
	// word search): the move's cell is a neighbour of it (BoardSpec.Cell),
	// so the boards mark no slot, only the candidate.
	SlotFrom
)

// Box returns the side of the boxes of an instance of the given size (see
// BoardSpec.BoxSide): 0 for none.
func (d *Def) Box(size int) int {
	if d.Board.BoxSide == nil {
		return 0
	}
	return max(d.Board.BoxSide(size), 0)
}

// Conflict is one clash of a candidate: the rule it breaks and the cell
// (Witness) holding what it clashes with, as a reject event names them.
type Conflict struct {
	Rule    Rule
	Witness Pos
}

// SizeSetting says that a problem's instances are chosen by a size n (the
// command line's -n), and which sizes it accepts.
type SizeSetting struct {
	Default, Min, Max int
	// Why the bound is what it is, for the error message: "past it even the
	// first solution takes longer than a lesson".
	Why string
}

// Def describes a problem to everything but the search loop: its names,
// its rules and their words, the strategies it accepts, how an instance is
// built, how moves are written, what its board looks like, and the words
// and template code that teach it. A problem's own file makes one Def and
// registers it (see Register), as go/analysis registers an Analyzer; every
// other package asks the Def, never the problem's name.
//
// Optional abilities that not every problem has are interfaces a Problem
// may implement (GridBoard), in the style of gonum's Attributer.
type Def struct {
	// Name is the word on the command line and in step logs ("nqueens").
	Name string
	// Aliases are other words the command line accepts for it ("queens").
	Aliases []string
	// Title is the problem for people: "N-Queens" / "N 皇后".
	Title Text
	// Rank places the problem in lists of problems (help, errors):
	// smaller first, then by name; 0 counts as after every ranked problem.
	Rank int
	// Rules is the problem's rule table, in the order its checks test
	// them: each rule's number within this problem (RuleWords.Rule, from
	// 1), its key for step logs and stats, and its words and look. An
	// event's Rule is read through it (RuleWordsOf, RuleKey); Register
	// checks it (see RuleWords).
	Rules []RuleWords
	// RuleIntros, if set, names a rule where an output names it first, for
	// an instance of the given size, when that is not its Name: Sudoku's
	// box is "同宫（3×3 九宫格）重复" there, as the tutorials say 九宫格,
	// and "同宫重复" after that. ok false: the rule's Name. Optional.
	RuleIntros func(r Rule, size int) (name Text, ok bool)
	// Orders and Checks list the values of Strategy.Order and .Check the
	// problem accepts; the first is the default.
	Orders []Order
	Checks []Check
	// Traits, if set, says what readers of a run's events must know of
	// one of the problem's orders (see OrderTraits), so that shared code
	// asks the problem instead of naming its orders. Optional: no order
	// has any trait.
	Traits func(o Order) OrderTraits
	// Whens lists the check timings the problem accepts; nil means every
	// one of Whens (before, after, leaf). A problem whose end is not a
	// full board (a sum reached) has no board to validate at a leaf.
	Whens []When
	// Stop is the default stop rule: StopAll where every solution is the
	// point (N-Queens), StopFirst where one is (Sudoku).
	Stop Stop
	// Board declares the board: pieces or values, the slot, the boxes.
	Board BoardSpec
	// EveryNode is set for a problem whose every call records its path as
	// a solution before its loop (Subsets: 代码随想录's
	// result.push_back(path) at the top of backtracking): every node of
	// the tree is a solution, and the search goes on below it.
	EveryNode bool
	// Solution writes a solution's rows for people: "[1,1,6]" for a
	// combination. Optional: the rows as they are, one line each.
	Solution func(rows []string) string
	// CallMark, if set, marks a call box from the path of moves that led
	// to it (the values, root first, its own last): Combination Sum marks
	// an allowed repeat along a branch (树枝) "树枝". It runs in renderers
	// only, never in the search loop (pprof's DotNodeAttributes).
	// Optional.
	CallMark func(path []int) (Text, bool)
	// CallLoop, if set, says what the call standing on a path of moves
	// (their values, root first) does, as Problem.Next and
	// Problem.Candidates say in the search: end when it is at the end
	// condition (Combination Sum's sum == target: no loop), else the
	// candidates its loop tries, lo..hi (none when lo > hi; Combination
	// Sum's from start to the index where sum+c[i] <= target fails,
	// Subsets' from start). The stepper and the player list a new call's
	// candidates with it. It runs in renderers only, never in the search
	// loop. Optional: without it a call tries every value of Values at
	// the slot its event names (Event.Slot), and the end is a call with
	// no slot.
	//
	// It is how a problem says its candidates per call from the bound
	// instance (ForInstance) rather than one range for every slot: a word
	// search's start cells at the root, four directions below. The step-log
	// reader holds a log's tries to it where it cannot replay the moves on
	// the instance (a problem with BoardSpec.Cell).
	CallLoop func(path []int) (lo, hi int, end bool)
	// LeafNote, if set, words a pruned leaf from its rule and the path
	// (the candidate last): "over by 2" / "超出 2". ok false: the rule's
	// words and witness. Optional.
	LeafNote func(r Rule, path []int) (Text, bool)
	// ForInstance returns the Def as the instance info describes speaks:
	// the same problem with Move, Words, Label and Solution that name the
	// instance's own numbers (a box reads 1, not index 0). It is called
	// by Of (through InfoOf, the framework's binding of an instance, which
	// every reader of a problem asks), never in the search loop; the Def
	// returned needs no ForInstance of its own (Of clears it). A problem's
	// Info may return its registered Def unbound. Optional: the Def is the
	// same for every instance.
	ForInstance func(info Info) *Def
	// Size is set for problems sized by n; Puzzle for problems that take a
	// puzzle text (its default is the instance used without one). A
	// problem may have both (Permutations: -n 3, or a list of numbers);
	// a spec with a puzzle then takes the puzzle.
	Size   *SizeSetting
	Puzzle *PuzzleSetting
	// New builds an instance from a spec whose Order and Check are filled
	// in and valid, and whose N (or Puzzle) is set as the Def says.
	New func(spec Spec) (Problem, error)
	// Shape says how the recursion finds its slot under an order, for
	// comparisons: "1-D: one row per call" / "一维：每层一行". Optional.
	Shape func(o Order) Text
	// Values returns the candidate values of every slot of an instance of
	// the given size, lo..hi (N-Queens 0..n-1, Sudoku 1..n). Optional: when
	// nil, readers of a trace assume 1..size.
	Values func(size int) (lo, hi int)
	// Start returns the starting board of the instance info describes
	// (the givens of a Sudoku; an empty board otherwise).
	Start func(info Info) (*Board, error)
	// Conflicts returns every clash of value v at cell on board b (a
	// board of Start's shape with moves replayed on it), in the order the
	// problem's check finds them, so that the first is the one the
	// search's reject event names; nil when v breaks no rule there. It
	// looks where the check looks (N-Queens: only up, at the rows above)
	// and skips cell itself, which holds v already when the check runs
	// after placing. It only reads b, and never runs in the search loop:
	// the notes name every attacker of a reject with it, and the stepper
	// tells legal candidates from the rest (Legal, RejectConflicts).
	// Optional: without it a reject names only its own clash, and legal
	// candidates are unknown.
	Conflicts func(b *Board, cell Pos, v int) []Conflict
	// AppendConflicts appends to dst what Conflicts returns, and returns
	// the extended slice: the narrator names a reject's clashes with it,
	// at most steps of a search, into one reused buffer. Optional: without
	// it Conflicts is used (see Def.AppendConflictsOf).
	AppendConflicts func(dst []Conflict, b *Board, cell Pos, v int) []Conflict
	// Move writes a move for people and step logs: "r2=c0", "(4,5)=7".
	// ParseMove reads what Move writes (and only that, give or take
	// spaces), returning the cell the move fills and its value.
	//
	// A notation that needs more of the instance than its size (a word
	// search's start(1,3) is value 4 + 1×cols + 3) reads it from the Def
	// bound to the instance (ForInstance, through InfoOf), whose
	// ParseMove every reader of a run's moves calls (the step log's
	// reader and writer, the stepper, a focus path once the instance is
	// known). The registered Def's ParseMove is asked only whether a text
	// is the problem's notation, before any instance (a --focus path):
	// it should accept the notation on any instance's board.
	Move      func(cell Pos, v int) string
	ParseMove func(s string, size int) (cell Pos, v int, err error)
	// MoveHint explains the notation, for errors: "N-Queens moves are
	// written r<row>=c<column>, e.g. r0=c1".
	MoveHint Text
	// Label names an instance briefly: "n=8", "9×9, 51 blanks".
	Label func(info Info, lang Lang) string
	// Words are the nouns and sentences the notes, the stepper and the
	// diagrams need.
	Words Words
	// Code holds the problem's pieces of the template code the stepper
	// shows; the template around them is the same for every problem.
	Code CodeParts
	// Flags are the command-line flags the problem's instances take
	// beside -n and --puzzle (the list problems' --nums, --target, --reuse,
	// --dedup): the command line (render/cli) builds its flag sets, its
	// help, completion and errors from the registered problems' Flags.
	// Optional.
	Flags []FlagSpec
}

// FlagKind is what a problem's flag takes (FlagSpec.Kind).
type FlagKind uint8

const (
	// FlagText takes a word or a list: --nums 1,1,2.
	FlagText FlagKind = iota
	// FlagNumber takes a whole number from Min to Max: --target 8.
	FlagNumber
	// FlagSwitch takes no value: --reuse.
	FlagSwitch
)

// FlagSpec is a command-line flag a problem declares (Def.Flags). A flag
// given writes one part of the instance's text (Spec.Puzzle), "Name
// VALUE" ("Name" alone for a switch given as true), which the problem's
// Puzzle.Parse reads: the parts of the flags given are joined by spaces in
// the order of Def.Flags ("nums 1,1,2 target 4"), and what they leave out
// is the parse's default. Problems that declare a flag of the same name
// and kind share one flag of the command line, whose help names them.
type FlagSpec struct {
	// Name is the flag without its dashes, a lower-case word ("nums"): the
	// flag --nums and the word of the instance's text.
	Name string
	Kind FlagKind
	// Help is the flag's help, in English as every flag's is: what comes
	// after the names of the problems that declare it ("the numbers, e.g.
	// 1,1,2").
	Help string
	// Min and Max bound a FlagNumber's value.
	Min, Max int
	// Values, if set, are the only words a FlagText takes (completion
	// offers them, and another word is refused naming them).
	Values []string
	// Check, if set, checks a FlagText value before it goes into the
	// instance's text, so that its error names the flag. Optional:
	// Puzzle.Parse checks the text.
	Check func(value string) error
	// Empty is what to give when the flag is given an empty value
	// ("give numbers such as 1,1,2"). Optional.
	Empty string
	// Compare is set for a flag compare takes too: one that writes the
	// instance both sides share, not a variant of the search.
	Compare bool
}

// PuzzleSetting says that a problem's instances are puzzle texts.
type PuzzleSetting struct {
	Default string                         // the instance without a puzzle
	Parse   func(text string) (any, error) // checks a text; its value goes to Spec.Parsed
}

// CodeParts are a problem's pieces of the template code (pseudo-Go) the
// stepper shows beside the board, N-Queens' in brackets.
type CodeParts struct {
	Signature string                // "func solve(row int) bool {"
	Slot      func(Order) string    // the line that finds the slot ("cell, ok := firstEmpty() // 2-D"), "" for none
	Full      string                // the end condition: "row == n", "!ok"
	Loop      func(size int) string // the loop over candidates: "for col := 0; col < n; col++ {"
	Args      string                // the move's arguments: "row, col"
	Recurse   string                // the recursive call: "solve(row+1)"
	Value     string                // the candidate's name: "col"
	// Own, if set, returns the whole template code of a strategy whose
	// shape is the problem's own, written as its tutorials write it
	// (Sudoku's scan2d and cells: tutorial 000's loops inside the
	// recursion, tutorial 001's helper(row, col)) for an instance of
	// size n, each line with the steps that light it; nil for the
	// shared template with the pieces above. Optional.
	Own func(n int, sg Strategy) []CodeLine
}

// CodeLine is one line of a problem's own template code (CodeParts.Own).
type CodeLine struct {
	Text string
	Role CodeRole
}

// CodeRole is what a line of the template's code does, which says the
// steps that light it.
type CodeRole uint8

// The code roles.
const (
	CodeNone       CodeRole = iota
	CodeCall                // the function starts (call)
	CodeScan                // the slot is found (scan)
	CodeEnd                 // the end condition (solution, leaf validation)
	CodeLoop                // the loop over the candidates (try)
	CodeCheck               // the check fails (reject)
	CodePlace               // place
	CodeRecurse             // the recursive call and what its result does
	CodeUndo                // undo after the recursive call (backtrack)
	CodeUndoReject          // undo after a failed check (place-then-check)
	CodeLoopEnd             // no candidate left (exhausted)
	CodeReturn              // return false / the end of the function
	CodePass                // a slot with nothing to decide: go on to the next (OrderTraits.Passes)
	CodeWrap                // the end of a row: go on to the next (OrderTraits.Passes)
)

var registry = struct {
	sync.RWMutex
	defs   map[string]*Def
	byWord map[string]*Def
	order  []string
}{defs: map[string]*Def{}, byWord: map[string]*Def{}}

// Register adds a problem; its file calls it from init (a built-in uses
// MustRegister). It returns an error for a Def without a name, builder,
// move functions or label, and for a name or alias already taken (a
// user's problem whose name a later version makes built-in): the caller
// decides what to do, nothing panics.
func Register(d *Def) error {
	switch {
	case d == nil || d.Name == "":
		return errors.New("tracer: Register: a problem needs a name")
	case d.New == nil || d.Move == nil || d.ParseMove == nil || d.Label == nil || d.Start == nil:
		return fmt.Errorf("tracer: Register %s: New, Start, Move, ParseMove and Label are required", d.Name)
	case len(d.Orders) == 0 || len(d.Checks) == 0 || len(d.Rules) == 0:
		return fmt.Errorf("tracer: Register %s: Orders, Checks and Rules must not be empty", d.Name)
	case d.Size == nil && d.Puzzle == nil:
		return fmt.Errorf("tracer: Register %s: set Size, Puzzle or both", d.Name)
	}
	if err := checkRules(d.Rules); err != nil {
		return fmt.Errorf("tracer: Register %s: %w", d.Name, err)
	}
	for _, w := range d.Whens {
		if !slices.Contains(Whens, w) {
			return fmt.Errorf("tracer: Register %s: unknown check timing %q in Whens", d.Name, w)
		}
	}
	if err := checkFlags(d.Flags); err != nil {
		return fmt.Errorf("tracer: Register %s: %w", d.Name, err)
	}
	seen := map[string]bool{}
	for _, w := range append([]string{d.Name}, d.Aliases...) {
		if w == "" || seen[w] {
			return fmt.Errorf("tracer: Register %s: an empty or repeated name or alias", d.Name)
		}
		seen[w] = true
	}
	registry.Lock()
	defer registry.Unlock()
	for _, w := range append([]string{d.Name}, d.Aliases...) {
		if _, taken := registry.byWord[w]; taken {
			return fmt.Errorf("tracer: Register: problem name %q is taken", w)
		}
	}
	registry.defs[d.Name] = d
	for _, w := range append([]string{d.Name}, d.Aliases...) {
		registry.byWord[w] = d
	}
	registry.order = append(registry.order, d.Name)
	return nil
}

// checkFlags checks a problem's flags (Def.Flags): each a lower-case
// word, once, with its help, a kind it knows and a number's range.
func checkFlags(flags []FlagSpec) error {
	seen := map[string]bool{}
	for _, f := range flags {
		switch {
		case !flagNameOK(f.Name):
			return fmt.Errorf("flag %q: want a lower-case word of two letters or more, such as nums or max-len", f.Name)
		case seen[f.Name]:
			return fmt.Errorf("flag %q declared twice", f.Name)
		case f.Help == "":
			return fmt.Errorf("flag %q has no help", f.Name)
		case f.Kind > FlagSwitch:
			return fmt.Errorf("flag %q: unknown kind %d", f.Name, f.Kind)
		case f.Kind == FlagNumber && f.Min > f.Max:
			return fmt.Errorf("flag %q: Min %d is above Max %d", f.Name, f.Min, f.Max)
		}
		seen[f.Name] = true
	}
	return nil
}

// flagNameOK reports whether name is a flag's name: lower-case letters,
// then letters, digits and dashes, two or more (one letter is the
// command line's own, -n and -o).
func flagNameOK(name string) bool {
	for i, c := range name {
		switch {
		case c >= 'a' && c <= 'z':
		case i > 0 && (c >= '0' && c <= '9' || c == '-'):
		default:
			return false
		}
	}
	return len(name) > 1
}

// MustRegister is Register for a built-in problem's init, where a bad Def
// is a bug of this package: it panics on Register's error.
func MustRegister(d *Def) {
	if err := Register(d); err != nil {
		panic(err)
	}
}

// OrderTraits is what readers of a run's events must know of one order
// of a problem (Def.Traits).
type OrderTraits struct {
	// Options: a scan's Value is how many candidates the chosen slot
	// allows (Sudoku's mrv), which a step log writes even when it is 0.
	Options bool
	// Passes: a call may stand on a slot with nothing to decide and pass
	// over it with no move (Sudoku's cells: a given, or a row's end).
	// Its scan looks at its own slot only: a blank one is decided there
	// (the code's CodePass line, "if b[r][c] != 0", found false), and a
	// scan that finds none is the end condition.
	Passes bool
	// Loops: the call's loops over the slots run inside the recursion
	// (Sudoku's scan2d, tutorials 000 and 003), so that a template
	// without the "return false" after its candidate loop goes on
	// scanning (Drop return-false; the problem is a LoopScanner).
	Loops bool
}

// OrderTraits returns the traits of order o (Def.Traits): none when the
// Def says nothing.
func (d *Def) OrderTraits(o Order) OrderTraits {
	if d == nil || d.Traits == nil {
		return OrderTraits{}
	}
	return d.Traits(o)
}

// loopOrders names the orders whose loops run inside the recursion
// (OrderTraits.Loops): d's own, or else those of the problems registered,
// "order scan2d".
func loopOrders(d *Def) string {
	var os []string
	for _, p := range append([]*Def{d}, Problems()...) {
		for _, o := range p.Orders {
			if p.OrderTraits(o).Loops && !slices.Contains(os, string(o)) {
				os = append(os, string(o))
			}
		}
		if len(os) > 0 {
			break
		}
	}
	return "order " + strings.Join(os, ", order ")
}

// WhenList returns the check timings the problem accepts (Whens, or every
// When).
func (d *Def) WhenList() []When {
	if d.Whens != nil {
		return d.Whens
	}
	return Whens
}

// Of returns the Def as the instance info describes speaks (see
// ForInstance): d itself for a problem whose words do not depend on the
// instance, or when the instance cannot be read.
func (d *Def) Of(info Info) *Def {
	if d == nil || d.ForInstance == nil {
		return d
	}
	if b := d.ForInstance(info); b != nil {
		if b.ForInstance != nil { // bound once: the result speaks for its instance only
			c := *b
			c.ForInstance = nil
			b = &c
		}
		return b
	}
	return d
}

// SolutionText writes a solution's rows for people (see Solution): the
// rows joined by spaces when the Def says nothing.
func (d *Def) SolutionText(rows []string) string {
	if d.Solution != nil {
		return d.Solution(rows)
	}
	return strings.Join(rows, " ")
}

// Lookup returns the problem called name (or one of its aliases).
func Lookup(name string) (*Def, error) {
	registry.RLock()
	d := registry.byWord[name]
	registry.RUnlock()
	if d == nil {
		if name == "" {
			return nil, fmt.Errorf("tracer: no problem given: want %s", JoinValues(ProblemNames()))
		}
		return nil, fmt.Errorf("tracer: unknown problem %q: want %s", name, JoinValues(ProblemNames()))
	}
	return d, nil
}

// ProblemNames lists the registered problems' names by Rank, then by name.
func ProblemNames() []string {
	registry.RLock()
	defer registry.RUnlock()
	names := append([]string(nil), registry.order...)
	sort.SliceStable(names, func(i, j int) bool {
		if rank(names[i]) != rank(names[j]) {
			return rank(names[i]) < rank(names[j])
		}
		return names[i] < names[j]
	})
	return names
}

func rank(name string) int {
	d := registry.defs[name]
	if d == nil || d.Rank <= 0 {
		return 1 << 30
	}
	return d.Rank
}

// Problems returns the registered problems in the order of ProblemNames.
func Problems() []*Def {
	var ds []*Def
	for _, n := range ProblemNames() {
		d, _ := Lookup(n)
		ds = append(ds, d)
	}
	return ds
}

// checkRules checks a problem's rule table: numbers from 1 to NumRules-1
// and keys that are plain lower-case words (a step log writes them bare),
// each number and key once.
func checkRules(rules []RuleWords) error {
	var seen [NumRules]bool
	keys := map[string]bool{}
	for _, w := range rules {
		if w.Rule == RuleNone || w.Rule >= NumRules {
			return fmt.Errorf("rule %q: number %d is not 1 to %d", w.Key, w.Rule, NumRules-1)
		}
		if seen[w.Rule] {
			return fmt.Errorf("rule number %d given twice", w.Rule)
		}
		seen[w.Rule] = true
		if !ruleKeyOK(w.Key) {
			return fmt.Errorf("rule %d: key %q is not a plain lower-case word (a-z, 0-9, _)", w.Rule, w.Key)
		}
		if keys[w.Key] {
			return fmt.Errorf("rule key %q given twice", w.Key)
		}
		keys[w.Key] = true
	}
	return nil
}

// ruleKeyOK reports whether key can be a rule's key: a lower-case letter,
// then lower-case letters, digits and underscores.
func ruleKeyOK(key string) bool {
	for i, c := range key {
		switch {
		case c >= 'a' && c <= 'z':
		case i > 0 && (c >= '0' && c <= '9' || c == '_'):
		default:
			return false
		}
	}
	return key != ""
}

// RuleWordsOf returns the entry of rule r in the problem's table (Rules),
// or plain words naming its number ("Rule(9)", no key) for a rule the
// problem does not declare.
func (d *Def) RuleWordsOf(r Rule) RuleWords {
	for _, w := range d.Rules {
		if w.Rule == r {
			return w
		}
	}
	name := r.String()
	return RuleWords{Rule: r, Name: Text{name, name}, Short: Text{name, name}}
}

// RuleKey returns the key of rule r (RuleWords.Key: its word in step logs
// and stats); "" for RuleNone and for a rule the problem does not declare.
func (d *Def) RuleKey(r Rule) string {
	if r == RuleNone {
		return ""
	}
	for _, w := range d.Rules {
		if w.Rule == r {
			return w.Key
		}
	}
	return ""
}

// RuleKeys returns the keys of the problem's rules by number: entry r is
// RuleKey(r), "" for RuleNone and for numbers the problem does not use;
// the list ends at its highest rule.
func (d *Def) RuleKeys() []string {
	n := 1
	for _, w := range d.Rules {
		n = max(n, int(w.Rule)+1)
	}
	keys := make([]string, n)
	for _, w := range d.Rules {
		keys[w.Rule] = w.Key
	}
	return keys
}

// ParseRule returns the problem's rule whose key is key; "" is RuleNone.
func (d *Def) ParseRule(key string) (Rule, error) {
	if key == "" {
		return RuleNone, nil
	}
	for _, w := range d.Rules {
		if w.Key == key {
			return w.Rule, nil
		}
	}
	keys := make([]string, len(d.Rules))
	for i, w := range d.Rules {
		keys[i] = w.Key
	}
	return RuleNone, fmt.Errorf("unknown rule %q of %s: want %s", key, d.Name, JoinValues(keys))
}

// RuleName names rule r for people (RuleWords.Name); RuleNone is "".
func (d *Def) RuleName(r Rule, lang Lang) string {
	if r == RuleNone {
		return ""
	}
	return d.RuleWordsOf(r).Name.In(lang)
}

// RuleIntro names rule r where an output names it first (RuleIntros, else
// the rule's Name), for an instance of the given size; RuleNone is "".
func (d *Def) RuleIntro(r Rule, size int, lang Lang) string {
	if r == RuleNone {
		return ""
	}
	return d.IntroWords(r, size).In(lang)
}

// IntroWords is the rule's words where an output names it first (see
// RuleIntro), in both languages.
func (d *Def) IntroWords(r Rule, size int) Text {
	if d.RuleIntros != nil {
		if t, ok := d.RuleIntros(r, size); ok {
			return t
		}
	}
	return d.RuleWordsOf(r).Name
}

// RuleList returns the problem's rules in checking order.
func (d *Def) RuleList() []Rule {
	rs := make([]Rule, len(d.Rules))
	for i, w := range d.Rules {
		rs[i] = w.Rule
	}
	return rs
}

// Legal reports whether v at cell breaks no rule on board b (see
// Conflicts); known is false when the problem cannot tell (no
// Conflicts), and legal is then true.
func (d *Def) Legal(b *Board, cell Pos, v int) (legal, known bool) {
	if d.Conflicts == nil || b == nil {
		return true, false
	}
	return len(d.Conflicts(b, cell, v)) == 0, true
}

// RejectConflicts returns every clash of the reject e on board b, the
// board as the check saw it: the reject's own clash first, then the
// others in checking order. Without Conflicts, on no board, or when
// Conflicts does not find the reject's own clash on b (a board that is
// not the one the search had), it is the reject's own clash alone.
func (d *Def) RejectConflicts(b *Board, e *Event) []Conflict {
	own := Conflict{Rule: e.Rule, Witness: e.Witness}
	if d.Conflicts == nil || b == nil || e.Kind != KindReject {
		return []Conflict{own}
	}
	all := d.Conflicts(b, e.Cell, e.Value)
	i := slices.Index(all, own)
	if i < 0 {
		return []Conflict{own}
	}
	out := make([]Conflict, 0, len(all))
	out = append(out, own)
	out = append(out, all[:i]...)
	return append(out, all[i+1:]...)
}

// AppendConflictsOf appends to dst every clash of v at cell on b, as
// Conflicts returns them: by AppendConflicts when the Def has it.
func (d *Def) AppendConflictsOf(dst []Conflict, b *Board, cell Pos, v int) []Conflict {
	if d.AppendConflicts != nil {
		return d.AppendConflicts(dst, b, cell, v)
	}
	if d.Conflicts == nil {
		return dst
	}
	return append(dst, d.Conflicts(b, cell, v)...)
}

// MoveLabel writes a move as Move does; a negative value is the root,
// written "root".
func (d *Def) MoveLabel(cell Pos, v int) string {
	if v < 0 {
		return "root"
	}
	return d.Move(cell, v)
}

// Strategy returns s with every axis filled in as a Spec fills it: the
// problem's default order, check and stop rule, and WhenBefore. It is the
// one place a spec's defaults are filled; a run's (Options with an empty
// stop rule stop at the first solution) are Strategy.Filled's.
func (d *Def) Strategy(s Strategy) Strategy {
	if s.Order == "" {
		s.Order = d.Orders[0]
	}
	if s.Check == "" {
		s.Check = d.Checks[0]
	}
	if s.When == "" {
		s.When = WhenBefore
	}
	if s.Stop == "" {
		s.Stop = d.Stop
	}
	return s
}

// SettingError is a spec setting with a bad value. Setting names the
// setting in the spec's own words ("n", "puzzle", "order", "check",
// "when", "stop", "max_steps"); a command line maps it to its flag.
type SettingError struct {
	Setting string
	Err     error
}

func (e *SettingError) Error() string { return "tracer: " + e.Setting + ": " + e.Err.Error() }

func (e *SettingError) Unwrap() error { return e.Err }

func settingErr(setting, format string, args ...any) error {
	return &SettingError{Setting: setting, Err: fmt.Errorf(format, args...)}
}

// NoLimit is the value of a limit that does not stop the search.
const NoLimit = 0

// Spec is everything that chooses a run: the problem, its instance (a
// size or a puzzle), the strategy and the limits. The command line, the
// lessons, compare and the step-log reader all build runs from a Spec.
// Zero values mean the problem's defaults; a zero limit means no limit.
type Spec struct {
	Problem string
	N       int    // the size, for problems sized by n (0: the default)
	Puzzle  string // the puzzle, for problems that take one ("": the default)
	Order   Order
	Check   Check
	When    When
	Stop    Stop
	// Drop removes a line of the template: DropReturnFalse (order scan2d
	// only), or DropReturnValue, which is Stop StopNoReturn.
	Drop   Drop
	Limits Limits
	// Parsed is the puzzle as its problem parsed it; Build sets it.
	Parsed any
}

// Def returns the problem the spec names.
func (s Spec) Def() (*Def, error) { return Lookup(s.Problem) }

// Build checks the spec and makes the problem and the run options it
// describes, with every default filled in. Errors are *SettingError
// values naming the setting at fault (or the unknown problem).
func (s Spec) Build() (Problem, Options, error) {
	d, err := Lookup(s.Problem)
	if err != nil {
		return nil, Options{}, &SettingError{Setting: "problem", Err: errors.New(strings.TrimPrefix(err.Error(), "tracer: "))}
	}
	if s.Limits.MaxSteps < 0 || s.Limits.MaxCalls < 0 || s.Limits.Timeout < 0 {
		return nil, Options{}, settingErr("limits", "must not be negative")
	}
	st := d.Strategy(Strategy{Order: s.Order, Check: s.Check, When: s.When, Stop: s.Stop})
	if _, err := ParseEnum("order", string(st.Order), d.Orders); err != nil {
		return nil, Options{}, ForProblem(d.Name, err)
	}
	if _, err := ParseEnum("check", string(st.Check), d.Checks); err != nil {
		return nil, Options{}, ForProblem(d.Name, err)
	}
	if _, err := ParseWhen(string(st.When)); err != nil {
		return nil, Options{}, err
	}
	if !slices.Contains(d.WhenList(), st.When) {
		return nil, Options{}, settingErr("when", "%s does not support when %s: want %s", d.Name, st.When, JoinValues(d.WhenList()))
	}
	if _, err := ParseStop(string(st.Stop)); err != nil {
		return nil, Options{}, err
	}
	switch s.Drop {
	case DropNone:
	case DropReturnValue:
		if s.Stop != "" && s.Stop != StopFirst && s.Stop != StopNoReturn {
			return nil, Options{}, settingErr("drop", "return-value: a search for every solution returns nothing already")
		}
		st.Stop, s.Drop = StopNoReturn, DropNone
	case DropReturnFalse:
		if !d.OrderTraits(st.Order).Loops {
			return nil, Options{}, settingErr("drop", "return-false: only %s has its loops inside the recursion (tutorials 000 and 003), not order %s", loopOrders(d), st.Order)
		}
	default:
		if _, err := ParseDrop(string(s.Drop)); err != nil {
			return nil, Options{}, err
		}
	}
	s.Order, s.Check, s.When, s.Stop = st.Order, st.Check, st.When, st.Stop
	switch {
	case d.Size != nil && (d.Puzzle == nil || s.Puzzle == ""):
		if s.Puzzle != "" {
			return nil, Options{}, settingErr("puzzle", "%s takes no puzzle: give its size n", d.Name)
		}
		if s.N == 0 {
			s.N = d.Size.Default
		}
		if s.N < d.Size.Min || s.N > d.Size.Max {
			return nil, Options{}, settingErr("n", "%d is out of range: want %d to %d", s.N, d.Size.Min, d.Size.Max)
		}
	default:
		if s.N != 0 {
			return nil, Options{}, settingErr("n", "%s takes no size n: give a puzzle", d.Name)
		}
		if s.Puzzle == "" {
			s.Puzzle = d.Puzzle.Default
		}
		if d.Puzzle.Parse != nil {
			v, err := d.Puzzle.Parse(s.Puzzle)
			if err != nil {
				return nil, Options{}, &SettingError{Setting: "puzzle", Err: err}
			}
			s.Parsed = v
		}
	}
	p, err := d.New(s)
	if err != nil {
		var se *SettingError
		if errors.As(err, &se) {
			return nil, Options{}, err
		}
		return nil, Options{}, &SettingError{Setting: "problem", Err: err}
	}
	return p, Options{When: s.When, Stop: s.Stop, Drop: s.Drop, Limits: s.Limits}, nil
}

// ForProblem says which problem a setting's valid values belong to:
// "check: nqueens: unknown value ...".
func ForProblem(name string, err error) error {
	var se *SettingError
	if errors.As(err, &se) {
		return &SettingError{Setting: se.Setting, Err: fmt.Errorf("%s: %w", name, se.Err)}
	}
	return err
}

// StrategyOf returns the strategy a run of the problem described by info
// with opts uses, with every default filled in as Run fills it (see
// Strategy.Filled). (Spec.Build fills in the problem's own default stop
// rule, Def.Strategy, before Run ever sees the options.)
func StrategyOf(info Info, opts Options) Strategy {
	return Strategy{When: opts.When, Stop: opts.Stop, Drop: opts.Drop}.Filled(info)
}

// Filled returns s with every empty axis filled in as Run fills it, for a
// run of the instance info describes: the instance's order and check (or,
// if info leaves them out, its Def's first ones), WhenBefore and
// StopFirst; DropReturnValue is written as its stop rule, StopNoReturn.
// It is the one place a run's defaults are filled: Run, the narrator, the
// stepper's recording and the step-log header all call it. A spec's
// defaults, which are the problem's own (N-Queens: every solution), are
// Def.Strategy's.
func (s Strategy) Filled(info Info) Strategy {
	if s.Drop == DropReturnValue {
		s.Stop, s.Drop = StopNoReturn, DropNone
	}
	if s.Order == "" {
		s.Order = info.Order
	}
	if s.Check == "" {
		s.Check = info.Check
	}
	if info.Def != nil {
		if s.Order == "" && len(info.Def.Orders) > 0 {
			s.Order = info.Def.Orders[0]
		}
		if s.Check == "" && len(info.Def.Checks) > 0 {
			s.Check = info.Def.Checks[0]
		}
	}
	if s.When == "" {
		s.When = WhenBefore
	}
	if s.Stop == "" {
		s.Stop = StopFirst
	}
	return s
}

// MultiSink returns a sink that hands every event to each of sinks in
// turn. Its Err returns the first error a sink with an Err method reports.
func MultiSink(sinks ...Sink) Sink { return multiSink(sinks) }

type multiSink []Sink

func (m multiSink) Event(e *Event) {
	for _, k := range m {
		k.Event(e)
	}
}

func (m multiSink) Err() error {
	for _, k := range m {
		if e, ok := k.(interface{ Err() error }); ok {
			if err := e.Err(); err != nil {
				return err
			}
		}
	}
	return nil
}

// Board is a problem's board as moves change it: the narrator, the stepper
// and the step-log reader replay place and undo events onto one, so that
// no board snapshot is ever stored. Cells are numbered in reading order.
type Board struct {
	Rows, Cols int
	val        []int  // the value in each cell
	set        []bool // whether the cell holds a value
	given      []bool // whether the value was there from the start
	glyph      func(v int) byte
	// fixed is the fixed layer: per cell, text that is part of the
	// instance but no value of a move (a word search's letters), shown
	// under or beside the moves; nil for a board without one.
	fixed []string
}

// NewBoard returns an empty rows×cols board whose values are written with
// glyph (one character a value, as in Rows).
func NewBoard(rows, cols int, glyph func(v int) byte) *Board {
	n := rows * cols
	return &Board{Rows: rows, Cols: cols, val: make([]int, n), set: make([]bool, n), given: make([]bool, n), glyph: glyph}
}

func (b *Board) index(p Pos) (int, bool) {
	if p.Row < 0 || p.Row >= b.Rows || p.Col < 0 || p.Col >= b.Cols {
		return 0, false
	}
	return p.Row*b.Cols + p.Col, true
}

// Give puts a given value at p (a Sudoku's clue).
func (b *Board) Give(p Pos, v int) {
	if i, ok := b.index(p); ok {
		b.val[i], b.set[i], b.given[i] = v, true, true
	}
}

// SetFixed puts text s in the fixed layer at p: content of the instance
// that is not a value of the moves (a word search's letter), which every
// board view shows whether or not a move stands there (Sudoku's givens are
// values, Give). Cells off the board are ignored.
func (b *Board) SetFixed(p Pos, s string) {
	i, ok := b.index(p)
	if !ok {
		return
	}
	if b.fixed == nil {
		b.fixed = make([]string, len(b.val))
	}
	b.fixed[i] = s
}

// Fixed returns the fixed layer's text at p ("" for none; see SetFixed).
func (b *Board) Fixed(p Pos) string {
	if i, ok := b.index(p); ok && b.fixed != nil {
		return b.fixed[i]
	}
	return ""
}

// HasFixed reports whether the board has a fixed layer (SetFixed).
func (b *Board) HasFixed() bool { return b.fixed != nil }

// Place writes v at p; Undo clears p. Cells off the board are ignored.
func (b *Board) Place(p Pos, v int) {
	if i, ok := b.index(p); ok {
		b.val[i], b.set[i] = v, true
	}
}

// Undo clears p unless it holds a given.
func (b *Board) Undo(p Pos) {
	if i, ok := b.index(p); ok && !b.given[i] {
		b.val[i], b.set[i] = 0, false
	}
}

// At returns the value at p and whether p holds one.
func (b *Board) At(p Pos) (v int, ok bool) {
	i, in := b.index(p)
	if !in || !b.set[i] {
		return 0, false
	}
	return b.val[i], true
}

// Given reports whether p holds a given value.
func (b *Board) Given(p Pos) bool {
	i, ok := b.index(p)
	return ok && b.given[i]
}

// Apply replays a place or undo event onto the board; other events leave
// it as it is.
func (b *Board) Apply(e *Event) {
	switch e.Kind {
	case KindPlace:
		b.Place(e.Cell, e.Value)
	case KindUndo:
		b.Undo(e.Cell)
	}
}

// Restore gives cell p the value it has on from, a board of b's size (a
// given stays a given).
func (b *Board) Restore(p Pos, from *Board) {
	if i, ok := b.index(p); ok {
		b.val[i], b.set[i] = from.val[i], from.set[i]
	}
}

// Clone returns an independent copy.
func (b *Board) Clone() *Board {
	c := *b
	c.val = append([]int(nil), b.val...)
	c.set = append([]bool(nil), b.set...)
	c.given = append([]bool(nil), b.given...)
	if b.fixed != nil {
		c.fixed = append([]string(nil), b.fixed...)
	}
	return &c
}

// Glyph returns the one character the board writes value v with (as in
// RowStrings).
func (b *Board) Glyph(v int) byte {
	if b.glyph == nil {
		return '?'
	}
	return b.glyph(v)
}

// RowStrings returns the board as row strings, one glyph a cell and '.'
// for an empty cell: the form of Problem.Rows and of stats' solution rows.
func (b *Board) RowStrings() []string {
	rows := make([]string, b.Rows)
	buf := make([]byte, b.Cols)
	for r := range rows {
		for c := range buf {
			i := r*b.Cols + c
			buf[c] = '.'
			if b.set[i] {
				buf[c] = b.glyph(b.val[i])
			}
		}
		rows[r] = string(buf)
	}
	return rows
}

// GridBoard is implemented by problems whose board is a square grid drawn
// with boxes (Sudoku: BoxSide 3 for 9×9); 0 means no boxes (N-Queens).
type GridBoard interface {
	BoxSide() int
}

// Words are what a problem says in notes, in both languages. Each function
// returns the phrase in English and Chinese; the narrator picks one. The
// narrator writes the parts every problem shares (calls, returns, limits)
// and asks Words for the rest.
type Words struct {
	// Value writes a candidate value: "3", "A".
	Value func(v int) string
	// Candidate is what a call tries ("column" / "列", "digit" / "数字");
	// NextCandidate "the next column" / "下一列".
	Candidate, NextCandidate Text
	// Last is the last candidate value of an instance of the given size.
	Last func(size int) int
	// Thing names what stands at a cell: "the queen at (1,3)", "the 7 at (4,1)".
	Thing func(v int, at Pos) Text
	// Try is the note of a try of v at cell. (A Narrator keeps the note
	// of each move it has made once.)
	Try func(cell Pos, v int) Text
	// Decide is the second half of a call's note: what the call decides
	// ("decide the column of row 2"), or that the end condition is reached.
	// (A Narrator keeps the note of each CallFacts once.)
	Decide func(c CallFacts) Text
	// Reject is the note of a reject when the check ran before placing
	// (before), after placing (after: it is undone next) or on the full
	// board (leaf): what the candidate breaks and against which cell. It
	// (and RejectAll) may read the event's move (Cell and Value), Rule and
	// Witness and nothing else of it: a Narrator keeps the note of each
	// clash it has written once.
	Reject func(when When, e *Event, rule RuleWords) Text
	// RejectAll is Reject for a candidate with more than one clash: more
	// are the clashes after the event's own, in checking order (see
	// Def.Conflicts), one for each other attacking cell (under the first
	// rule that finds it), which the note names too ("also attacked by
	// (1,3) ↗ and (2,0) ↖"). The narrator calls it only when more is not
	// empty, and reuses more afterwards: keep a copy, not the slice. Optional: without it the narrator adds them after Reject's
	// note in plain words.
	RejectAll func(when When, e *Event, rule RuleWords, more []Conflict) Text
	// Place is the note of a place under the check timing when; size is
	// the instance's. It may read the event's move (Cell and Value) and
	// nothing else of it: a Narrator keeps the note of each move it has
	// made once.
	Place func(when When, e *Event, size int) Text
	// Undo is the first half of an undo's note: "undo the queen at (1,3)".
	// It may read the event's move (Cell and Value) and nothing else of
	// it: a Narrator keeps the note of each undo it has written once.
	Undo func(e *Event) Text
	// Full is what a solution note says of the board before the stop rule's
	// part: "all 8 queens placed, no attacks".
	Full func(size int) Text
	// OnPath, if set, words a reject, a place or a solution with the path
	// of moves so far (the value of each open call's move, root first; for
	// a reject or a place, not yet the candidate itself): "1 + 2 + 5 = 8 >
	// 7", "record [1,2]". ok false: the note of Reject, Place or Full. For
	// a call (not yet its own move, the event's value) it may say what the
	// call decides in place of Decide: "1 + 2 + 5 = 8, the target: nothing
	// more to choose". The narrator keeps no copy of these notes (they
	// depend on the path).
	// Optional.
	OnPath func(when When, e *Event, path []int) (t Text, ok bool)
	// Slot, if set, names the slot a call decides while its value is
	// open, where the move alone would not say it: a list's "position 3"
	// / "位置 3" (its move reads the number only). Optional: the move
	// with "?" for its value ("r1=?", "(1,2)=?").
	Slot func(slot Pos) Text
	// Exhausted is the note of a call whose candidates all failed; below is
	// "" when no solution was found under it, else "2 solutions" / "2 个解".
	//
	// Exhausted and the leaf Reject end with what the call returns, "→
	// return false" / "→ 返回 false"; under a template that returns nothing
	// (Strategy.Void) the narrator writes "→ return" / "→ 返回" instead.
	//
	// It may read the event's Cell and nothing else of it: a Narrator keeps
	// the note of each cell and count below it has written once.
	Exhausted func(e *Event, size int, below Text) Text
}

// CallFacts is what Words.Decide knows of a call.
type CallFacts struct {
	Depth int
	Size  int
	Order Order
	Root  bool // the first call: no move led to it
	Prev  Pos  // the cell of the move that led here (NoPos at the root); for a call with no move (order cells), its parent's slot
	// Slot is the slot the call decides, as its event says it
	// (Event.Slot): NoPos at the end condition, and for a problem whose
	// scan, next, finds it.
	Slot Pos
}

// PlainWords returns Words for a problem whose moves put a value in a
// cell, named with the nouns given: candidate ("value" / "值") and next
// ("the next value" / "下一个值"). A problem defined outside this package
// can start from them and replace what it wants to say better.
func PlainWords(candidate, next Text) Words {
	val := func(v int) string { return fmt.Sprint(v) }
	return Words{
		Value:         val,
		Candidate:     candidate,
		NextCandidate: next,
		Last:          func(size int) int { return size },
		Thing: func(v int, at Pos) Text {
			return Text(words.PlainThing.Both(val(v), at))
		},
		Try: func(cell Pos, v int) Text {
			return Text(words.PlainTry.Both(val(v), cell))
		},
		Decide: func(c CallFacts) Text {
			// The slot the call's event names, never one counted from
			// the depth.
			switch {
			case c.Slot == NoPos:
				return Text(words.PlainDecideNext)
			case c.Slot.Col < 0:
				return Text(words.PlainDecideRow.Both(c.Slot.Row))
			}
			return Text(words.PlainDecideCell.Both(c.Slot))
		},
		Reject: func(when When, e *Event, rule RuleWords) Text {
			if rule.Witness == WitnessNone || e.Witness == NoPos {
				// Nothing to clash with: the rule is named alone.
				switch when {
				case WhenLeaf:
					return Text{fmt.Sprintf(words.PlainRejectLeafBreaks.EN, LeafFailWords.Name.EN, val(e.Value), e.Cell, rule.Name.EN),
						fmt.Sprintf(words.PlainRejectLeafBreaks.ZH, LeafFailWords.Name.ZH, val(e.Value), e.Cell, rule.Name.ZH)}
				case WhenAfter:
					return Text{fmt.Sprintf(words.PlainRejectAfterBreaks.EN, val(e.Value), e.Cell, rule.Name.EN),
						fmt.Sprintf(words.PlainRejectAfterBreaks.ZH, val(e.Value), e.Cell, rule.Name.ZH)}
				}
				return Text{fmt.Sprintf(words.PlainRejectBreaks.EN, val(e.Value), e.Cell, rule.Name.EN),
					fmt.Sprintf(words.PlainRejectBreaks.ZH, val(e.Value), e.Cell, rule.Name.ZH)}
			}
			with := fmt.Sprintf(words.NoteWitnessRule.EN, e.Witness, rule.Name.EN)
			withZH := fmt.Sprintf(words.NoteWitnessRule.ZH, e.Witness, rule.Name.ZH)
			switch when {
			case WhenLeaf:
				return Text{fmt.Sprintf(words.PlainRejectLeaf.EN, LeafFailWords.Name.EN, val(e.Value), e.Cell, with),
					fmt.Sprintf(words.PlainRejectLeaf.ZH, LeafFailWords.Name.ZH, val(e.Value), e.Cell, withZH)}
			case WhenAfter:
				return Text{fmt.Sprintf(words.PlainRejectAfter.EN, val(e.Value), e.Cell, with),
					fmt.Sprintf(words.PlainRejectAfter.ZH, val(e.Value), e.Cell, withZH)}
			}
			return Text{fmt.Sprintf(words.PlainReject.EN, val(e.Value), e.Cell, with),
				fmt.Sprintf(words.PlainReject.ZH, val(e.Value), e.Cell, withZH)}
		},
		Place: func(when When, e *Event, size int) Text {
			return Text(words.PlainPlace.Both(val(e.Value), e.Cell))
		},
		Undo: func(e *Event) Text {
			return Text(words.PlainUndo.Both(val(e.Value), e.Cell))
		},
		Full: func(size int) Text { return Text(words.PlainFull) },
		Exhausted: func(e *Event, size int, below Text) Text {
			if below.EN != "" {
				return Text{fmt.Sprintf(words.PlainExhaustedBelow.EN, candidate.EN, e.Cell, below.EN),
					fmt.Sprintf(words.PlainExhaustedBelow.ZH, candidate.ZH, e.Cell, below.ZH)}
			}
			return Text{fmt.Sprintf(words.PlainExhausted.EN, candidate.EN, e.Cell),
				fmt.Sprintf(words.PlainExhausted.ZH, candidate.ZH, e.Cell)}
		},
	}
}

// ValueRange returns the candidate values of an instance of the given size
// (see Def.Values): lo..hi.
func (d *Def) ValueRange(size int) (lo, hi int) {
	if d.Values != nil {
		return d.Values(size)
	}
	return 1, size
}

// RuleWordsIn returns the words of rule r from a problem's list, or plain
// words from its name.
func RuleWordsIn(ws []RuleWords, r Rule) RuleWords {
	for _, w := range ws {
		if w.Rule == r {
			return w
		}
	}
	name := r.String()
	return RuleWords{Rule: r, Name: Text{name, name}, Short: Text{name, name}}
}

// ListEN joins phrases as English lists them: "a", "a and b", "a, b and c".
func ListEN(items []string) string {
	switch len(items) {
	case 0:
		return ""
	case 1:
		return items[0]
	}
	return strings.Join(items[:len(items)-1], ", ") + words.ListAnd.EN + items[len(items)-1]
}

// ListZH joins phrases as Chinese lists them: "甲", "甲和乙", "甲、乙和丙",
// with 和 spaced from a Latin letter, a digit or a bracket as Chinese
// typesetting spaces it ("(1,3) 和 (2,0)"); 、 needs no space.
func ListZH(items []string) string {
	switch len(items) {
	case 0:
		return ""
	case 1:
		return items[0]
	}
	head := strings.Join(items[:len(items)-1], "、")
	return ZHSpace(head, true, false, true) + words.ListAnd.ZH + ZHSpace(items[len(items)-1], true, true, false)
}
