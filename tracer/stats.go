package tracer

// Stats counts a search from its events: a Sink. Every count can be derived
// from a step log, so a saved log reproduces the same Stats.
type Stats struct {
	Nodes      int64           // call events, the root included
	Tries      int64           // candidates considered
	Rejects    [NumRules]int64 // rejects by rule; index RuleNone is unused
	Placements int64
	Backtracks int64 // undo events
	Solutions  int64
	MaxDepth   int
	Steps      int64
	CheckCost  int64   // cells (or counters) the checks inspected
	ScanCost   int64   // cells the slot search inspected
	PerDepth   []int64 // nodes per depth
	Limit      LimitReason
	// FirstSolutionStep is the step of the first solution event (0: none).
	FirstSolutionStep int64
}

// Event counts one event.
func (s *Stats) Event(e *Event) {
	s.Steps++
	switch e.Kind {
	case KindCall:
		s.countCall(e.Depth)
	case KindScan:
		s.ScanCost += int64(e.Cost)
	case KindTry:
		s.Tries++
	case KindReject:
		if e.Rule < NumRules {
			s.Rejects[e.Rule]++
		}
		s.CheckCost += int64(e.Cost)
	case KindPlace:
		s.Placements++
		s.CheckCost += int64(e.Cost)
	case KindUndo:
		s.Backtracks++
	case KindSolution:
		s.countSolution(e.Step, e.Cost)
	case KindLimit:
		s.Limit = e.Limit
	}
}

// countCall counts a call at depth. (Run feeds a Stats sink through these
// methods directly; Event uses them too, so both ways count alike.)
func (s *Stats) countCall(depth int) {
	s.Nodes++
	if depth > s.MaxDepth {
		s.MaxDepth = depth
	}
	for len(s.PerDepth) <= depth {
		s.PerDepth = append(s.PerDepth, 0)
	}
	s.PerDepth[depth]++
}

// countSolution counts a solution found at step with the leaf check's cost.
func (s *Stats) countSolution(step int64, cost int) {
	s.Solutions++
	s.CheckCost += int64(cost)
	if s.FirstSolutionStep == 0 {
		s.FirstSolutionStep = step
	}
}

// RejectTotal returns the number of rejects, all rules together.
func (s *Stats) RejectTotal() int64 {
	var t int64
	for _, n := range s.Rejects {
		t += n
	}
	return t
}

// Summary is everything --stats reports about one run: the instance, the
// strategy, how it ended, and the counts. Its fields map one to one onto the
// keys of the stats file.
type Summary struct {
	// Def is the run's own Def (Info.Def: bound to its instance, see
	// Def.Of), which names its rules and words its moves; nil for a
	// summary made by hand. Problem is its name, the one a stats file
	// writes.
	Def       *Def
	Problem   string
	Size      int
	Instance  string
	Strategy  Strategy
	Status    Status
	Rules     []Rule // the problem's rules, in checking order
	Limit     LimitReason
	Stats     Stats
	Solution  []string // the first solution, as row strings (nil if none)
	Solutions [][]string
	Final     []string
}

// Summarize puts a run's description, result and counts together.
func Summarize(info Info, opts Options, res *Result, st *Stats) Summary {
	sum := Summary{
		Def:      info.Def,
		Problem:  info.Problem,
		Size:     info.Size,
		Instance: info.Instance,
		Strategy: StrategyOf(info, opts),
		Status:   res.Status,
		Rules:    info.Rules,
		Limit:    res.Limit,
		Stats:    *st,
		Final:    res.Final,
	}
	sum.Solutions = res.Boards
	if len(res.Boards) > 0 {
		sum.Solution = res.Boards[0]
	}
	return sum
}

// RuleKey returns the key of rule r as the run's Def spells it
// (Def.RuleKey): its word in stats and step logs. With no Def, or for a
// rule the Def does not declare, it is the rule's number ("Rule(9)").
func (s *Summary) RuleKey(r Rule) string {
	if s.Def != nil {
		if k := s.Def.RuleKey(r); k != "" {
			return k
		}
	}
	return r.String()
}
