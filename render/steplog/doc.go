// Package steplog is the step-log format: the streaming writer, the fast
// reader, the header and summary (and the --stats YAML, which has the
// summary's keys), and the validation of what a log says.
//
// A step log (backtrack trace … --yaml FILE) is one YAML document that
// holds every step of one search, written while the search runs (Writer)
// and readable back (Read) with memory that does not grow with the steps.
//
//	# backtrack step log: every step of one search (see README)
//	format: backtrack-steps/3
//	tool: backtrack 0.1
//	problem: permutations
//	size: 3
//	instance: "n=3"
//	strategy: {order: positions, check: scan, when: before, stop: all}
//	lang: en
//	definition:
//	  title: {en: Permutations, zh: 全排列}
//	  …                 (the problem described: board, values, moves, rules, words, code)
//	steps:
//	  - {step: 1, kind: call, node: 0, depth: 0, parent: -1, slot: [0, 0], note: "…"}
//	  - {step: 2, kind: try, node: 0, depth: 0, move: p0=1, note: "…"}
//	  …
//	summary:
//	  problem: permutations
//	  …                 (the keys of --stats)
//
// The header names a problem registered with tracer (tracer.Lookup), and
// its instance and strategy are built with tracer.Spec.Build as a run's
// are. A log of a problem the reading program does not know (one defined
// in another program, or written by a program in another language) is
// read through its header's definition block (describe.go writes it,
// described.go builds a Def from it, DefFromHeader): drawn and narrated,
// with no search. The tables after the summary (leaves, loops, marks)
// carry what the writing problem's Def computes from a path: its pruned
// leaves' words, its calls' candidates, its calls' marks. The format is
// specified in docs/step-log-format.md, with a JSON Schema in schema/.
// Logs of format versions 2 (no definition) and 1 (no slots) still read.
//
// The header and the summary are written and read by yaml.v3 (yaml.go). The
// steps, which are nearly all of a log, go through a small line codec of
// our own (write.go writes, scan.go reads): one step a line, as a YAML flow
// mapping in a fixed subset of YAML (plain words and integers, [row, col]
// pairs, double-quoted notes). yaml.v3 stays the reader of record: a step
// line outside that subset is handed to it, and the tests hold the two
// readers to the same answers. check.go holds a log to the run it claims
// to be; read.go puts the parts together.
//
// A step line is step, kind, node and depth, then the fields its kind sets,
// in this order, then the note:
//
//	call       parent, move (none at the root), slot: the slot the call
//	           decides (tracer.Event.Slot: [row, -1] for a row, [0, i] for
//	           position i of a list), none written at the end condition
//	           and for a problem that scans for its slot (its scan says it)
//	scan       cell (the slot found, or none), from, skipped, cost, options (mrv),
//	           pass: true when nothing is decided at the cell (order cells:
//	           a given, or column n, the end of a row)
//	try, undo  move
//	place      move, cost
//	reject     move, rule, witness, cost
//	solution   cost
//	exhausted  cell, or row where a call decides a whole row (N-Queens)
//	return     ok (true or false), but none under a template with no
//	           return value (tracer.Strategy.Void): such a function returns
//	           nothing, and the reader works out the event's OK from the
//	           step before (tracer.VoidReturnOK), ignoring an ok there
//	limit      limit
//
// A move is written as the problem's tracer.Def.Move writes it: "r2=c0"
// for a queen (row 2, column 0; the value is the column), "(4,5)=7" for a
// Sudoku digit (10-16 as A-G), "p2=3" for the number 3 at position 2 of a
// permutation. It is read with the Def's ParseMove, the one parser of
// moves; a move is written only if ParseMove reads it back as the same
// cell and value. It stands plain when it is a lower-case letter followed
// by letters, digits, '_' and '=' (with a digit or '=' among them), and is
// double-quoted otherwise. A cell is [row, col], or none. A field an event
// sets outside its kind's list (never the case for tracer.Run's events) is
// written too, under its own key (parent, cell, value, rule, witness, from,
// skipped, cost, ok, limit), and so is a move the problem cannot spell, as
// cell and value, so that no event is changed by a trip through a log (but
// for a return's OK under a template with no return value, see above). Fields
// left out read back as "not set": parent -1, cells none, value 0 (-1 for a
// call, the root's "no move"), rule none, counts 0, ok false.
//
// Read reads version 1 (backtrack-steps/1) too, whose calls have no slot:
// it fills each call's slot in as the run had it (replaying the moves on
// the header's instance and asking its Next), the one place that works a
// slot out rather than reading it.
package steplog
