package problem

import (
	"fmt"
	"strings"
)

// When says when the check runs relative to placing a candidate.
type When string

// The values of --when.
const (
	WhenBefore When = "before" // check, then place (tutorials 000, 003, 004)
	WhenAfter  When = "after"  // place, then check, undo on failure (tutorial 001)
	WhenLeaf   When = "leaf"   // no check until the board is full, then validate it (tutorial 002, stage 1)
)

// Whens lists the valid values of When.
var Whens = []When{WhenBefore, WhenAfter, WhenLeaf}

// Check says how a candidate is checked. Which values a problem accepts is
// listed by its Checks variable (NQueensChecks, SudokuChecks).
type Check string

// The values of --check.
const (
	CheckScan   Check = "scan"   // walk the cells that could clash (tutorials 000, 004)
	CheckBoard  Check = "board"  // validate the whole board (tutorial 002, stage 2; Sudoku)
	CheckCounts Check = "counts" // per-row, column and box counters, O(1) (tutorial 002, stage 3; Sudoku)
	CheckArrays Check = "arrays" // used-column and diagonal flags, O(1) (N-Queens)
)

// Order says which slot a call decides next.
type Order string

// The values of --order are each problem's own: its file declares them
// (N-Queens' rows, Sudoku's scan2d, linear, mrv and cells) and lists
// them in its Def.Orders, and what shared code must know of one is on
// the Def (Def.Traits, CodeParts.Own), never its name.

// Drop names a line of the template that a tutorial's buggy version lacks.
type Drop string

// The values of --drop. A run drops at most DropReturnFalse; dropping the
// return value is the stop rule StopNoReturn.
const (
	DropNone        Drop = ""             // the template as it should be
	DropReturnFalse Drop = "return-false" // no "return false" after the candidate loop: a call whose candidates all fail goes on scanning (order scan2d; tutorials 000 and 003)
	DropReturnValue Drop = "return-value" // the function returns nothing: the same as StopNoReturn (tutorial 003's first version)
)

// Drops lists the lines --drop can remove.
var Drops = []Drop{DropReturnFalse, DropReturnValue}

// Stop says when the search stops.
type Stop string

// The stop rules.
const (
	StopFirst    Stop = "first"     // stop at the first solution (the recursion returns true)
	StopAll      Stop = "all"       // collect every solution, or prove there is none
	StopNoReturn Stop = "no-return" // --drop return-value: no return value, the solution is undone (tutorial 003)
)

// Stops lists the valid values of Stop.
var Stops = []Stop{StopFirst, StopAll, StopNoReturn}

// Status is how a search ended.
type Status string

// The statuses (a contract of --stats).
const (
	StatusSolved   Status = "solved"   // stopped at the first solution
	StatusComplete Status = "complete" // the whole tree was searched
	StatusLimit    Status = "limit"    // a limit stopped it
	StatusLost     Status = "lost"     // a solution was found, then undone (--no-return)
	StatusWrong    Status = "wrong"    // the root returned true, but the board is not a solution (--drop return-false)
)

// ParseWhen returns the When named s, or a *SettingError listing the
// valid values.
func ParseWhen(s string) (When, error) { return ParseEnum("when", s, Whens) }

// ParseStop returns the Stop named s, or a *SettingError.
func ParseStop(s string) (Stop, error) { return ParseEnum("stop", s, Stops) }

// ParseCheck returns the Check named s if it is one of valid, or a
// *SettingError.
func ParseCheck(s string, valid []Check) (Check, error) { return ParseEnum("check", s, valid) }

// ParseOrder returns the Order named s if it is one of valid, or a
// *SettingError.
func ParseOrder(s string, valid []Order) (Order, error) { return ParseEnum("order", s, valid) }

// ParseEnum returns the value named s, or a *SettingError naming the
// setting: "tracer: when: unknown value "never": want before, after or leaf".
func ParseEnum[T ~string](setting, s string, valid []T) (T, error) {
	for _, v := range valid {
		if string(v) == s {
			return v, nil
		}
	}
	return "", &SettingError{Setting: setting, Err: fmt.Errorf("unknown value %q: want %s", s, JoinValues(valid))}
}

// JoinValues lists values as "a, b or c".
func JoinValues[T ~string](vs []T) string {
	parts := make([]string, len(vs))
	for i, v := range vs {
		parts[i] = string(v)
	}
	switch len(parts) {
	case 0:
		return ""
	case 1:
		return parts[0]
	}
	return strings.Join(parts[:len(parts)-1], ", ") + " or " + parts[len(parts)-1]
}

// ParseDrop returns the Drop named s, or a *SettingError.
func ParseDrop(s string) (Drop, error) { return ParseEnum("drop", s, Drops) }

// Strategy is one point on every axis the tutorials vary.
type Strategy struct {
	Order Order
	Check Check
	When  When
	Stop  Stop
	// Drop is DropReturnFalse for the template without the "return false"
	// after its candidate loop, DropNone otherwise.
	Drop Drop
}

// Void reports whether the strategy's template returns nothing: every
// solution is wanted (tutorial 004's dfs), or the return value is dropped.
func (s Strategy) Void() bool { return s.Stop == StopAll || s.Stop == StopNoReturn }

// String formats the strategy as "order=… check=… when=… stop=…", with
// " drop=return-false" when a line is dropped.
func (s Strategy) String() string {
	t := fmt.Sprintf("order=%s check=%s when=%s stop=%s", s.Order, s.Check, s.When, s.Stop)
	if s.Drop != DropNone {
		t += " drop=" + string(s.Drop)
	}
	return t
}
