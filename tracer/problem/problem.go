package problem

import (
	"sync/atomic"
	"time"
)

// Problem is what a puzzle supplies to the shared template. The template
// owns the recursion; the problem answers four questions about its board:
// where is the next decision (Next), what can go there (Candidates), does a
// candidate break a rule (Check), and how to make and take back a move
// (Place, Undo). "Done" is Next finding no slot.
type Problem interface {
	// Info describes the problem instance and the strategy parts it owns.
	Info() Info
	// Next finds the slot the call at depth decides. prev is the slot its
	// parent decided (NoPos at the root). ok is false when nothing is left
	// to decide: the board is full.
	Next(depth int, prev Pos) (slot Pos, ok bool)
	// LastScan reports the work the last Next did to find its slot; scans
	// is false for a problem whose slot needs no search (N-Queens). It is
	// asked only when tracing, so Next stays cheap.
	LastScan() (sc Scan, scans bool)
	// Candidates returns the candidates at slot as the range lo..hi.
	Candidates(slot Pos) (lo, hi int)
	// Cell returns the board cell candidate v at slot occupies.
	Cell(slot Pos, v int) Pos
	// Check says whether v at slot breaks a rule. placed tells whether v is
	// already on the board (place-then-check); the check ignores that cell.
	Check(slot Pos, v int, placed bool) Verdict
	// Place writes v at slot; Undo takes it back.
	Place(slot Pos, v int)
	Undo(slot Pos, v int)
	// Validate checks the whole board once it is full (--when leaf) and
	// names the offending move: the later cell of the first clash.
	Validate() (vd Verdict, cell Pos, value int)
	// Rows returns the board as row strings.
	Rows() []string
}

// Info describes a problem instance.
type Info struct {
	Def      *Def   // the problem's description (see Register)
	Problem  string // the problem's name, Def.Name
	Size     int    // n for N-Queens; 4, 9 or 16 for Sudoku
	Instance string // "n=8", or the Sudoku puzzle on one line
	Order    Order
	Check    Check
	Rules    []Rule // the rules in the order the checks test them
}

// InfoOf returns p's Info with its Def bound to the instance (Def.Of: the
// Def whose words, moves, label and board name the instance's own
// numbers). The command line, the pipeline (render/export), the step-log
// reader and the lessons ask it, not p.Info(), so that a problem whose Info
// returns its registered Def unbound still speaks of its instance. Binding
// a bound Def again returns it as it is.
func InfoOf(p Problem) Info {
	info := p.Info()
	info.Def = info.Def.Of(info)
	return info
}

// Scan reports how a problem found its slot (Sudoku only).
type Scan struct {
	From    Pos  // the first cell inspected
	Skipped int  // filled cells passed over
	Cost    int  // cells inspected
	Options int  // mrv: how many digits the chosen cell allows
	Pass    bool // the slot has nothing to decide (see Passer)
}

// Passer is implemented by a problem whose calls may stand on a slot with
// nothing to decide: tutorial 001's helper(row, col) at a given cell or at
// the end of a row. Such a call makes one recursive call, with no move, and
// returns what it returns.
type Passer interface {
	// PassesSlots reports whether this instance has such slots at all.
	PassesSlots() bool
	// Pass reports whether slot, found by Next, has nothing to decide.
	Pass(slot Pos) bool
}

// LoopScanner is implemented by a problem whose slot search can go on
// from a slot within the same call: the loops of tutorial 000's
// backtracking(board) without the "return false" after the digit loop
// (DropReturnFalse).
type LoopScanner interface {
	// NextAfter finds the next slot after slot, as Next reports slots;
	// LastScan then reports this scan.
	NextAfter(slot Pos) (Pos, bool)
}

// Verdict is the outcome of a check. It is kept to three fields so that it
// is returned in registers: a check runs for every try.
type Verdict struct {
	Rule    Rule // RuleNone: the candidate is fine
	Witness Pos  // the cell the candidate clashes with
	Cost    int  // cells (or counters) the check inspected
}

// Limits stop a search cleanly with status limit. Zero means no limit.
type Limits struct {
	MaxSteps int64         // events
	MaxCalls int64         // nodes (calls)
	Timeout  time.Duration // wall-clock time
}

// DefaultMaxSteps is the step limit the command line uses unless told
// otherwise: enough for 11-queens, small enough to stop a hopeless search
// in well under a second.
const DefaultMaxSteps = 10_000_000

// DefaultKeepSolutions is how many solution boards Run keeps unless
// Options.KeepSolutions says otherwise.
const DefaultKeepSolutions = 10

// Options configure Run.
type Options struct {
	When When // default WhenBefore
	Stop Stop // default StopFirst
	// Drop is DropReturnFalse to run the template without the "return
	// false" after its candidate loop (the problem must be a LoopScanner);
	// DropReturnValue is the same as Stop StopNoReturn.
	Drop   Drop
	Limits Limits
	// Sinks receive every event, in order. With no sinks, tracing is off and
	// the hooks cost one counter increment each. The first Tree among them
	// is fed directly, and its caps (Tree.MaxBytes, Tree.MaxNodes) are
	// limits of the search: once it is full, the search stops with
	// LimitTree.
	Sinks []Sink
	// KeepSolutions is how many solution boards Result keeps
	// (DefaultKeepSolutions when 0).
	KeepSolutions int
	// Progress, if set, is kept up to date with the steps and calls so
	// far, about every thousand steps and at the end, for another
	// goroutine to read (a progress line).
	Progress *Progress
}

// Progress is how far a running search is, written by Run and read by
// anyone: a counter, not a sink, so it costs the search nothing between
// its looks at the context.
type Progress struct{ steps, calls atomic.Int64 }

// Steps returns the steps so far.
func (p *Progress) Steps() int64 { return p.steps.Load() }

// Calls returns the calls (nodes) so far.
func (p *Progress) Calls() int64 { return p.calls.Load() }

// Set records the steps and calls so far: Run calls it, about every
// thousand steps and at the end.
func (p *Progress) Set(steps, calls int64) {
	if p != nil {
		p.steps.Store(steps)
		p.calls.Store(calls)
	}
}
