// Package problem is the contract between a backtracking problem and the
// framework that runs, records and explains it (package tracer) and every
// reader of its events (package render and its subpackages, the lessons).
//
// A problem is a Def, registered once (Register), and an instance of it, a
// Problem, which answers the shared template's questions: the next slot,
// its candidates, the check, place and undo. The Def carries everything
// else readers need: the rules and their words in English and Chinese,
// the board, the move notation and its parser, the words of the notes and
// the pieces of template code. Events (Event) are the vocabulary of a run.
// Nothing here knows a concrete problem: the built-ins are packages of
// their own under tracer/problems, built on this package alone.
package problem

import (
	"errors"
	"fmt"
	"strconv"
)

// Kind is what an event reports. The names returned by String are part of
// the step-log format.
type Kind uint8

// The event kinds, in the vocabulary of DESIGN.md.
const (
	KindCall      Kind = iota // a recursive call starts: a node of the tree
	KindScan                  // the call looked for its slot, skipping filled cells
	KindTry                   // a candidate is considered at the slot
	KindReject                // the candidate breaks a rule (pruned)
	KindPlace                 // the candidate is written on the board
	KindUndo                  // the candidate is taken back (backtrack)
	KindSolution              // the board is complete and valid
	KindExhausted             // every candidate at this node failed
	KindReturn                // the call returns true or false
	KindLimit                 // a limit stopped the search
	numKinds
)

var kindNames = [numKinds]string{"call", "scan", "try", "reject", "place", "undo", "solution", "exhausted", "return", "limit"}

// String returns the kind's name as used in step logs ("call", "reject", ...).
func (k Kind) String() string {
	if k < numKinds {
		return kindNames[k]
	}
	return fmt.Sprintf("Kind(%d)", k)
}

// Kinds returns every kind in order.
func Kinds() []Kind {
	ks := make([]Kind, numKinds)
	for i := range ks {
		ks[i] = Kind(i)
	}
	return ks
}

// ParseKind returns the kind with the given name.
func ParseKind(s string) (Kind, error) {
	for i, n := range kindNames {
		if n == s {
			return Kind(i), nil
		}
	}
	return 0, fmt.Errorf("unknown event kind %q", s)
}

// Rule is the rule a candidate breaks, numbered within its problem: rule
// r of a problem is the entry of its Def.Rules whose RuleWords.Rule is r,
// which gives its key (the word in step logs and stats, such as "row")
// and its words. Numbers are the problem's own: two problems may give the
// same number to different rules, and adding a problem never renumbers
// another's. RuleNone (0) means no rule was broken; a problem numbers its
// rules from 1 up to NumRules-1.
type Rule uint8

// RuleNone is no rule: the candidate is fine.
const RuleNone Rule = 0

// NumRules bounds the rule numbers of a problem: arrays indexed by Rule
// (Stats.Rejects) have this length, and a problem's rules are numbered
// below it (the stepper keeps a rule in 4 bits).
const NumRules = 16

// String writes the rule's number ("Rule(2)"; "" for RuleNone), for
// errors and tests: its name is its problem's (Def.RuleKey, Def.RuleName),
// not the number's.
func (r Rule) String() string {
	if r == RuleNone {
		return ""
	}
	return "Rule(" + strconv.Itoa(int(r)) + ")"
}

// Pos is a cell of the board, zero-based. For N-Queens a slot is a whole row
// and its Col is -1.
type Pos struct {
	Row, Col int
}

// NoPos is the zero value for "no cell".
var NoPos = Pos{-1, -1}

// String formats the position as "(row,col)", or "row r" for a queens slot.
func (p Pos) String() string {
	if p.Row < 0 {
		return "-"
	}
	if p.Col < 0 {
		return "row " + strconv.Itoa(p.Row)
	}
	// Not fmt: the notes name cells at every step.
	b := make([]byte, 0, 8)
	b = append(b, '(')
	b = strconv.AppendInt(b, int64(p.Row), 10)
	b = append(b, ',')
	b = strconv.AppendInt(b, int64(p.Col), 10)
	return string(append(b, ')'))
}

// LimitReason says which limit stopped a search.
type LimitReason uint8

// The limit reasons.
const (
	LimitNone     LimitReason = iota
	LimitSteps                // Limits.MaxSteps was reached
	LimitCalls                // Limits.MaxCalls was reached
	LimitTime                 // Limits.Timeout passed or the context's deadline passed
	LimitCanceled             // the context was canceled (Ctrl-C, SIGTERM)
	LimitSize                 // the context was canceled with ErrSizeLimit: a recording grew too big
	LimitTree                 // the search tree Run records reached its cap (Tree.MaxBytes, Tree.MaxNodes)
	numLimitReasons
)

// ErrSizeLimit is the cause a sink gives when it cancels the search's
// context because what it records (a step log, a recording in memory) has
// reached its size limit; Run then stops with LimitSize instead of
// LimitCanceled. Use it with context.WithCancelCause.
var ErrSizeLimit = errors.New("a recording reached its size limit")

var limitNames = [numLimitReasons]string{"", "steps", "calls", "time", "canceled", "size", "tree"}

// String returns the reason's name ("steps", "calls", "time", "canceled",
// "size", "tree").
func (l LimitReason) String() string {
	if l < numLimitReasons {
		return limitNames[l]
	}
	return fmt.Sprintf("LimitReason(%d)", l)
}

// ParseLimitReason returns the reason with the given name.
func ParseLimitReason(s string) (LimitReason, error) {
	for i, n := range limitNames {
		if n == s && i != 0 {
			return LimitReason(i), nil
		}
	}
	return 0, fmt.Errorf("unknown limit reason %q", s)
}

// Event is one step of a search. Which fields are set depends on Kind:
//
//	call       Parent, Cell and Value: the move that led here (NoPos, -1 at the root);
//	           Slot: the slot the call decides (Problem.Next: a row for
//	           N-Queens, a position or an index for a list problem),
//	           NoPos at the end condition. A problem that finds its slot
//	           by scanning (Sudoku) leaves it NoPos here: its scan event,
//	           next, carries the slot (Cell)
//	scan       Cell (the slot found, NoPos if none is left), From, Skipped, Cost;
//	           Value: with order mrv, how many digits the chosen cell allows;
//	           Pass: the slot has nothing to decide (order cells: a given, or
//	           Col == Size, the end of a row): the call recurses once, with
//	           no move, and returns what that call returns
//	           A scan comes first in its call; with DropReturnFalse a call
//	           scans again after each exhausted, from the cell after it
//	try        Cell, Value
//	reject     Cell, Value, Rule, Witness, Cost (cells the check inspected)
//	place      Cell, Value, Cost (the passing check's cost; 0 when no check ran)
//	undo       Cell, Value
//	solution   Cost (the leaf validation's cost, --when leaf only)
//	exhausted  Cell (the slot whose candidates all failed)
//	return     OK: the value returned. A void template (Strategy.Void)
//	           returns no value; OK then says that a solution was found at
//	           the call itself (or, for a call that passes, at the call it
//	           passed to), which the events before it tell: VoidReturnOK.
//	           A step log leaves it out there; its reader works it out.
//	limit      Limit
//
// Every event carries Step, Node (the call it belongs to) and Depth.
// A sink must not keep the pointer it is given: copy the event.
type Event struct {
	Step    int64 // 1-based position in the stream
	Kind    Kind
	Node    int // the call node this event belongs to; the root is 0
	Parent  int // call: the parent node (-1 at the root)
	Depth   int // depth of Node; the root is 0
	Cell    Pos // where the candidate goes; for call, scan and exhausted see above
	Slot    Pos // call: the slot it decides (see above)
	Value   int // the candidate: a digit, or a column for a queen
	Rule    Rule
	Witness Pos // reject: the cell the candidate clashes with
	Cost    int
	From    Pos  // scan: the first cell the scan inspected
	Skipped int  // scan: filled cells passed over before the slot
	OK      bool // return: the value returned (see above for a void template)
	Pass    bool // scan: nothing to decide at the slot; the call goes on to the next
	Limit   LimitReason
}

// VoidReturnOK is Event.OK of the return event e of a void template
// (Strategy.Void), worked out from the event just before it, prev: true
// when prev is the solution of e's own call, or the return of the call e's
// call passed to with OK (order cells: a given or a row's end, passed
// over with no move), false otherwise. A function with no return value
// returns nothing, so nothing people read spells this value out (a step log
// leaves ok out of such a return, and the stack of the stepper says only
// "return"); the tracer keeps it so that a Tree, a Checker and a Narrator
// see the same events from a run and from its log read back.
func VoidReturnOK(prev, e *Event) bool {
	switch prev.Kind {
	case KindSolution:
		return prev.Node == e.Node
	case KindReturn:
		return prev.Node != e.Node && prev.OK
	}
	return false
}

// Sink receives the events of a search, in order. Several sinks can listen to
// one search; see Options.Sinks.
type Sink interface {
	Event(e *Event)
}

// SinkFunc adapts a function to a Sink.
type SinkFunc func(e *Event)

// Event calls f(e).
func (f SinkFunc) Event(e *Event) { f(e) }
