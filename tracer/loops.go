package tracer

// The search template as lean loops, one for each set of sinks Run feeds
// directly: callTree (a Stats and a Tree), callCount (a Stats alone) and
// callOff (no sink). Each is the template of call, step for step, with the
// step count in a register (steps in, steps out, kept in s.steps only
// where the limit check may need it), the call limit folded into the step
// bound (see overLimit), so a try costs one comparison besides the
// problem's own work, and the sinks fed inline, not through hooks and
// Events. Run takes them unless an event sink listens, a Tree has no
// Stats, or the candidate loop goes on scanning (a looper).
//
// callTree below is the one written by hand. callCount and callOff are
// generated from it into loops_gen.go (go test ./tracer -run
// TestLoopsGenerated -update): lines marked //loops:tree are dropped from
// both, lines marked //loops:count from callOff too, and the text between
// /*loops:tree*/ and /*loops:end*/ from both; "//loops:tree else CODE"
// puts CODE in the line's place. They are separate functions rather than
// one with "if st != nil" around each count: measured, those untaken
// branches alone slowed the uncounted LeetCode 37 search from 1.3 to 1.7
// times the plain solver's time. TestDirectSinksMatchEvents checks all
// three against call: results, counts and trees, limits included.

// callTree runs one call of the search, feeding s.st and s.tr.
func (s *search) callTree(depth int, prev Pos /*loops:tree*/, move Pos, mv int /*loops:end*/, steps int64) (int64, outcome) {
	if steps >= s.stepBound {
		s.steps = steps
		if s.overLimit(-1, depth-1) {
			return s.steps, stopped
		}
	}
	s.nodes++
	if s.nodes >= s.callBound {
		s.stepBound = 0 // the next check stops the search
	}
	steps++
	p := s.p
	st := s.st                                      //loops:count
	tr := s.tr                                      //loops:tree
	st.countCall(depth)                             //loops:count
	tr.call(steps, int(s.nodes-1), depth, move, mv) //loops:tree
	slot, ok := p.Next(depth, prev)
	if s.scans {
		steps++
		sc, _ := p.LastScan()         //loops:count
		st.ScanCost += int64(sc.Cost) //loops:count
	}
	if !ok {
		var cost int //loops:count
		if s.when == modeLeaf {
			vd, cell, value := p.Validate() //loops:tree else vd, _, _ := p.Validate()
			if vd.Rule != RuleNone {
				st.Rejects[vd.Rule]++          //loops:count
				st.CheckCost += int64(vd.Cost) //loops:count
				s.lastOK = false
				tr.reject(steps+1, cell, value, vd.Rule, vd.Witness, vd.Cost) //loops:tree
				tr.ret(steps+2, false)                                        //loops:tree
				return steps + 2, goOn                                        // reject, return
			}
			cost = vd.Cost //loops:count
		}
		s.solutions++
		if len(s.boards) < s.keep {
			s.boards = append(s.boards, p.Rows())
		}
		steps++                       // solution
		st.countSolution(steps, cost) //loops:count
		s.lastOK = true
		steps++                // return
		tr.solution(steps - 1) //loops:tree
		tr.ret(steps, true)    //loops:tree
		if s.stop == StopFirst {
			return steps, found
		}
		return steps, goOn
	}
	if s.passer != nil && s.passer.Pass(slot) {
		var o outcome
		steps, o = s.callTree(depth+1, slot /*loops:tree*/, NoPos, -1 /*loops:end*/, steps)
		switch o {
		case found:
			s.lastOK = true
			tr.ret(steps+1, true) //loops:tree
			return steps + 1, found
		case stopped:
			return steps, stopped
		}
		tr.ret(steps+1, s.lastOK) //loops:tree
		return steps + 1, goOn    // return what the child returned (lastOK)
	}
	when := s.when
	bound := s.stepBound
	lo, hi := p.Candidates(slot)
	for v := lo; v <= hi; v++ {
		if steps >= bound {
			s.steps = steps
			if s.overLimit(-1, depth) {
				return s.steps, stopped
			}
			bound = s.stepBound
		}
		switch when {
		case modeBefore:
			vd := p.Check(slot, v, false)
			if vd.Rule != RuleNone {
				st.Rejects[vd.Rule]++                                              //loops:count
				st.CheckCost += int64(vd.Cost)                                     //loops:count
				steps += 2                                                         // try, reject
				tr.reject(steps, p.Cell(slot, v), v, vd.Rule, vd.Witness, vd.Cost) //loops:tree
				continue
			}
			p.Place(slot, v)
			st.Placements++                //loops:count
			st.CheckCost += int64(vd.Cost) //loops:count
			steps += 2                     // try, place
		case modeAfter:
			p.Place(slot, v)
			vd := p.Check(slot, v, true)
			st.Placements++          //loops:count
			if vd.Rule != RuleNone { //loops:count
				st.Rejects[vd.Rule]++ //loops:count
			} //loops:count
			st.CheckCost += int64(vd.Cost) //loops:count
			if vd.Rule != RuleNone {
				p.Undo(slot, v)
				tr.reject(steps+3, p.Cell(slot, v), v, vd.Rule, vd.Witness, vd.Cost) //loops:tree
				steps += 4                                                           // try, place, reject, undo
				continue
			}
			steps += 2 // try, place
		default: // modeLeaf
			p.Place(slot, v)
			st.Placements++ //loops:count
			steps += 2      // try, place
		}
		var o outcome
		steps, o = s.callTree(depth+1, slot /*loops:tree*/, p.Cell(slot, v), v /*loops:end*/, steps)
		switch o {
		case found:
			s.kept++
			s.lastOK = true
			tr.ret(steps+1, true) //loops:tree
			return steps + 1, found
		case stopped:
			s.kept++
			return steps, stopped
		}
		bound = s.stepBound
		p.Undo(slot, v)
		steps++ // undo
	}
	// Every candidate failed: exhausted, return false.
	s.lastOK = false
	tr.ret(steps+2, false) //loops:tree
	return steps + 2, goOn
}
