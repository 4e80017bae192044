package stepper

import (
	"slices"
	"sort"

	"github.com/backtrack-edu/backtrack/tracer"
)

// This file is the model of `backtrack step`: a Recording keeps every event
// of a run compactly, and gives back any step's event, board, counters and
// note without replaying the run from the start. The view is in view.go.

// stepCheckpoint is how often (in events) a Recording saves the board and
// the counters, so that any step's board and Stats cost at most this many
// replayed events.
const stepCheckpoint = 1024

// packedEvent is one recorded event in 16 bytes. The step is implied by the
// index. Fields whose meaning depends on the kind:
//
//	a    call: Parent; scan: Cost<<16 | Skipped; other kinds: Cost
//	aux  call: Slot; reject: Witness; scan: From (all encoded as cells)
//	bits the kind (low 4 bits), the rule, the limit reason or a scan's Pass
//	     (next 3), OK (top bit)
//
// An event that does not fit (a value past int8, a cost past int32, a cell
// outside the board) is kept whole in Recording.odd instead.
type packedEvent struct {
	node  int32
	a     int32
	depth int16
	cell  uint16
	aux   uint16
	value int8
	bits  uint8
}

// packedOdd marks a packed event whose real event is in Recording.odd.
const packedOdd = 0x0f

// stepChunkBits sets the events per chunk of a Recording: 1<<16 (1 MiB).
const stepChunkBits = 16

// Recording keeps every event of a run compactly (16 bytes an event, plus
// small indexes: the step of each call, the steps of the solutions, and a
// board and Stats checkpoint every 1024 events: about 20 bytes an event in
// all), so that any step can be viewed: a tracer.Sink. Feed it every event
// of one search, in order.
type Recording struct {
	// chainOf is 1 + the node whose chain chainLast is (0: none).
	chainOf   int
	chainLast []tracer.Event

	info     tracer.Info
	strategy tracer.Strategy
	def      *tracer.Def // the problem, as its Def describes it (see shape.go)
	shape    shape       // its board as the view draws it
	scans    bool        // a scan event was recorded: the problem finds its slots by scanning

	// The events in chunks of 1<<stepChunkBits, so that a long run never
	// copies (and briefly doubles) one huge slice as it grows.
	chunks [][]packedEvent
	count  int64
	odd    map[int64]tracer.Event
	calls  []int64 // calls[node]: the step of the node's call event (0: not seen)
	sols   []int64 // the steps of the solution events, ascending
	// firstReject[r] is the step of the first reject by rule r (0: none
	// yet): the note that names a rule first introduces it (noteAt).
	firstReject [tracer.NumRules]int64
	// rescans[node] are the steps of the node's scans after its first:
	// a template without "return false" scans on after an exhausted.
	rescans map[int][]int64
	// wrongStep is the step of the first return of true over a board with
	// blanks (the loops ran past the last cell), 0 if none.
	wrongStep int64
	last      tracer.Event // the event before the one being recorded

	start *tracer.Board // the starting board (Def.Start)
	board *tracer.Board // the board after the last event
	stats tracer.Stats

	ckBoards []*tracer.Board // the board after step i*stepCheckpoint
	ckStats  []tracer.Stats  // the Stats after step i*stepCheckpoint

	// logNotes are a step log's own notes in logLang, by step (UseLogNotes).
	logNotes []string
	logLang  tracer.Lang
}

var _ tracer.Sink = (*Recording)(nil)

// NewRecording returns an empty recording of a search of the problem
// described by info with the given strategy. Empty strategy fields take
// the defaults of tracer.Run (tracer.Strategy.Filled). The starting board is the Def's
// (info.Def, or the registered problem info names): Start(info).
func NewRecording(info tracer.Info, strategy tracer.Strategy) *Recording {
	strategy = strategy.Filled(info)
	r := &Recording{info: info, strategy: strategy, def: defOf(info)}
	r.start = startBoard(r.def, info)
	r.shape = newShape(r.def, info, r.start)
	r.board = r.start.Clone()
	r.ckBoards = []*tracer.Board{r.start.Clone()}
	r.ckStats = []tracer.Stats{{}}
	return r
}

// UseLogNotes has the recording keep a step log's own notes in lang (see
// LogNote), which its views then show in that language in place of the
// narrator's: for a problem known only from its log's definition block,
// whose narrator has plain words only.
func (r *Recording) UseLogNotes(lang tracer.Lang) {
	r.logLang, r.logNotes = lang, []string{}
}

// LogNote keeps the log's note of the event just recorded (after Event),
// when UseLogNotes asked for them.
func (r *Recording) LogNote(note string) {
	if r.logNotes != nil && int64(len(r.logNotes)) < r.count {
		r.logNotes = append(r.logNotes, note)
	}
}

// logNote returns the log's note of event k in lang, if it has one.
func (r *Recording) logNote(k int64, lang tracer.Lang) (string, bool) {
	if r.logNotes == nil || lang != r.logLang || k < 1 || k > int64(len(r.logNotes)) {
		return "", false
	}
	return r.logNotes[k-1], true
}

// Info returns the description of the recorded problem instance.
func (r *Recording) Info() tracer.Info { return r.info }

// Strategy returns the recorded search's strategy, defaults filled in.
func (r *Recording) Strategy() tracer.Strategy { return r.strategy }

// Len returns the number of events recorded.
func (r *Recording) Len() int64 { return r.count }

// Event records e (a copy: the pointer is not kept).
func (r *Recording) Event(e *tracer.Event) {
	k := r.count + 1
	ev := *e
	ev.Step = k
	p, ok := r.pack(&ev)
	if !ok || r.unpack(p, k) != ev {
		if r.odd == nil {
			r.odd = make(map[int64]tracer.Event)
		}
		r.odd[k] = ev
		p = packedEvent{bits: packedOdd}
	}
	if r.count>>stepChunkBits == int64(len(r.chunks)) {
		r.chunks = append(r.chunks, make([]packedEvent, 0, 256))
	}
	last := len(r.chunks) - 1
	if c := r.chunks[last]; len(c) == cap(c) {
		// Grow by doubling up to a whole chunk, never past it.
		grown := make([]packedEvent, len(c), min(2*cap(c), 1<<stepChunkBits))
		copy(grown, c)
		r.chunks[last] = grown
	}
	r.chunks[last] = append(r.chunks[last], p)
	r.count = k

	switch ev.Kind {
	case tracer.KindCall:
		if ev.Node >= 0 && ev.Node < 1<<31 {
			for len(r.calls) <= ev.Node {
				r.calls = append(r.calls, 0)
			}
			r.calls[ev.Node] = k
		}
	case tracer.KindSolution:
		r.sols = append(r.sols, k)
	case tracer.KindScan:
		r.scans = true
		if r.last.Kind == tracer.KindExhausted && r.last.Node == ev.Node {
			if r.rescans == nil {
				r.rescans = map[int][]int64{}
			}
			r.rescans[ev.Node] = append(r.rescans[ev.Node], k)
		}
	case tracer.KindReturn:
		if ev.OK && r.wrongStep == 0 && r.last.Kind == tracer.KindScan && r.last.Node == ev.Node &&
			r.last.Cell == tracer.NoPos && len(r.rescans[ev.Node]) > 0 {
			r.wrongStep = k
		}
	case tracer.KindReject:
		if ev.Rule < tracer.NumRules && r.firstReject[ev.Rule] == 0 {
			r.firstReject[ev.Rule] = k
		}
	}
	r.last = ev
	r.board.Apply(&ev)
	r.stats.Event(&ev)
	if k%stepCheckpoint == 0 {
		r.ckBoards = append(r.ckBoards, r.board.Clone())
		st := r.stats
		st.PerDepth = slices.Clone(st.PerDepth)
		r.ckStats = append(r.ckStats, st)
	}
}

// At returns the k-th event (1-based), its Step set to k. Out of range it
// returns the zero Event.
func (r *Recording) At(k int64) tracer.Event {
	if k < 1 || k > r.count {
		return tracer.Event{}
	}
	i := k - 1
	return r.unpack(r.chunks[i>>stepChunkBits][i&(1<<stepChunkBits-1)], k)
}

// encodePos packs a cell with row and column from -1 to the board's last
// into 16 bits.
func (r *Recording) encodePos(p tracer.Pos) (uint16, bool) {
	w := r.shape.cols + 1
	if p.Row < -1 || p.Col < -1 || p.Row >= r.shape.rows || p.Col >= r.shape.cols {
		return 0, false
	}
	c := (p.Row+1)*w + p.Col + 1
	return uint16(c), c <= 0xffff
}

func (r *Recording) decodePos(c uint16) tracer.Pos {
	w := r.shape.cols + 1
	return tracer.Pos{Row: int(c)/w - 1, Col: int(c)%w - 1}
}

func fitsInt32(v int64) bool { return v >= -1<<31 && v < 1<<31 }

// pack squeezes e into 16 bytes; ok is false when some field does not fit.
// Event checks the result by unpacking it.
func (r *Recording) pack(e *tracer.Event) (packedEvent, bool) {
	var p packedEvent
	ok := fitsInt32(int64(e.Node)) && e.Depth >= -1<<15 && e.Depth < 1<<15 &&
		e.Value >= -128 && e.Value < 128 && e.Kind < packedOdd
	p.node, p.depth, p.value = int32(e.Node), int16(e.Depth), int8(e.Value)
	var ok1, ok2 bool
	p.cell, ok1 = r.encodePos(e.Cell)
	ok = ok && ok1
	x := 0
	switch e.Kind {
	case tracer.KindCall:
		ok = ok && fitsInt32(int64(e.Parent))
		p.a = int32(e.Parent)
		p.aux, ok2 = r.encodePos(e.Slot)
		ok = ok && ok2
	case tracer.KindScan:
		ok = ok && e.Cost >= 0 && e.Cost < 1<<15 && e.Skipped >= 0 && e.Skipped < 1<<16
		p.a = int32(e.Cost<<16 | e.Skipped)
		p.aux, ok2 = r.encodePos(e.From)
		ok = ok && ok2
		if e.Pass {
			x = 1
		}
	case tracer.KindReject:
		ok = ok && fitsInt32(int64(e.Cost))
		p.a = int32(e.Cost)
		p.aux, ok2 = r.encodePos(e.Witness)
		ok = ok && ok2
		x = int(e.Rule)
	case tracer.KindLimit:
		x = int(e.Limit)
	default:
		ok = ok && fitsInt32(int64(e.Cost))
		p.a = int32(e.Cost)
	}
	// The kind takes the low 4 bits. A reject has no OK, so its rule
	// takes the high 4: every one of tracer.NumRules fits. Other kinds keep
	// 3 bits of x and the top bit for OK.
	if e.Kind == tracer.KindReject {
		ok = ok && x < tracer.NumRules && !e.OK
		p.bits = uint8(e.Kind) | uint8(x&15)<<4
		return p, ok
	}
	ok = ok && x < 8
	p.bits = uint8(e.Kind) | uint8(x&7)<<4
	if e.OK {
		p.bits |= 0x80
	}
	return p, ok
}

// unpack rebuilds the k-th event from its packed form.
func (r *Recording) unpack(p packedEvent, k int64) tracer.Event {
	kind := tracer.Kind(p.bits & 0x0f)
	if kind == packedOdd {
		return r.odd[k]
	}
	e := tracer.Event{Step: k, Kind: kind, Node: int(p.node), Parent: -1, Depth: int(p.depth),
		Cell: r.decodePos(p.cell), Value: int(p.value), Slot: tracer.NoPos, Witness: tracer.NoPos, From: tracer.NoPos,
		OK: p.bits&0x80 != 0}
	x := int(p.bits>>4) & 7
	switch kind {
	case tracer.KindCall:
		e.Parent = int(p.a)
		e.Slot = r.decodePos(p.aux)
	case tracer.KindScan:
		e.Cost, e.Skipped = int(p.a>>16), int(p.a&0xffff)
		e.From = r.decodePos(p.aux)
		e.Pass = x == 1
	case tracer.KindReject:
		e.Cost = int(p.a)
		e.Witness = r.decodePos(p.aux)
		e.Rule, e.OK = tracer.Rule(p.bits>>4), false
	case tracer.KindLimit:
		e.Cost = int(p.a)
		e.Limit = tracer.LimitReason(x)
	default:
		e.Cost = int(p.a)
	}
	return e
}

// boardAt returns the board after events 1..k, from the nearest checkpoint.
func (r *Recording) boardAt(k int64) *tracer.Board {
	k = max(0, min(k, r.Len()))
	i := k / stepCheckpoint
	b := r.ckBoards[i].Clone()
	for j := i*stepCheckpoint + 1; j <= k; j++ {
		e := r.At(j)
		b.Apply(&e)
	}
	return b
}

// statsAt returns the counts of events 1..k: a tracer.Stats fed those
// events, from the nearest checkpoint.
func (r *Recording) statsAt(k int64) tracer.Stats {
	k = max(0, min(k, r.Len()))
	i := k / stepCheckpoint
	st := r.ckStats[i]
	st.PerDepth = slices.Clone(st.PerDepth)
	for j := i*stepCheckpoint + 1; j <= k; j++ {
		e := r.At(j)
		st.Event(&e)
	}
	return st
}

// callOf returns the call event of node, and false if it was not recorded.
func (r *Recording) callOf(node int) (tracer.Event, bool) {
	if node < 0 || node >= len(r.calls) || r.calls[node] == 0 {
		return tracer.Event{}, false
	}
	return r.At(r.calls[node]), true
}

// chain returns the call events from the root down to node. The result
// is shared: callers must not change it. (The last one is kept, as
// stepping asks for the same node many steps in a row.)
func (r *Recording) chain(node int) []tracer.Event {
	if r.chainOf == node+1 && r.chainOf != 0 {
		return r.chainLast
	}
	if last := r.chainLast; r.chainOf != 0 && node >= 0 {
		// A step goes down one call or back up one, mostly: the chain
		// kept, less its last call or with this one added.
		if n := len(last); n > 1 && last[n-2].Node == node {
			r.chainOf, r.chainLast = node+1, last[:n-1]
			return r.chainLast
		}
		if c, ok := r.callOf(node); ok && c.Parent == r.chainOf-1 {
			cs := make([]tracer.Event, len(last)+1)
			copy(cs, last)
			cs[len(last)] = c
			r.chainOf, r.chainLast = node+1, cs
			return cs
		}
	}
	cs, whole := r.chainBuild(node)
	if whole {
		r.chainOf, r.chainLast = node+1, cs
	}
	return cs
}

// chainBuild is chain, not kept; whole reports that it reached the root
// (a chain cut short by a call not recorded yet is not kept).
func (r *Recording) chainBuild(node int) (cs []tracer.Event, whole bool) {
	for node >= 0 {
		c, ok := r.callOf(node)
		if !ok || len(cs) > len(r.calls) {
			slices.Reverse(cs)
			return cs, false
		}
		cs = append(cs, c)
		node = c.Parent
	}
	slices.Reverse(cs)
	return cs, true
}

// openAfter returns the call events of the calls still open after event j,
// root first: the calls that have started and not yet returned.
func (r *Recording) openAfter(j int64) []tracer.Event {
	if j < 1 {
		return nil
	}
	e := r.At(j)
	node := e.Node
	if e.Kind == tracer.KindReturn {
		c, ok := r.callOf(node)
		if !ok {
			return nil
		}
		node = c.Parent
	}
	return r.chain(node)
}

// solutionsBefore counts the solution events before step k.
func (r *Recording) solutionsBefore(k int64) int64 {
	return int64(sort.Search(len(r.sols), func(i int) bool { return r.sols[i] >= k }))
}

// callsBefore counts the call events before step k.
func (r *Recording) callsBefore(k int64) int64 {
	return int64(sort.Search(len(r.calls), func(i int) bool { return r.calls[i] >= k || r.calls[i] == 0 }))
}

// scanOf returns the scan event of the call at step cs if it happened by
// step k (a scan comes right after its call).
func (r *Recording) scanOf(cs, k int64) (tracer.Event, bool) {
	if cs+1 > k {
		return tracer.Event{}, false
	}
	e := r.At(cs + 1)
	return e, e.Kind == tracer.KindScan
}

// noteAt returns the narrator's note for event k in lang. A Narrator must
// see the events in order, but what it remembers of them is the open calls
// (with their slots and the solutions found before each), the solutions so
// far, the number of calls and the previous event. So instead of replaying
// events 1..k-1, noteAt feeds a fresh Narrator the calls open after event
// k-2 with their scans, as many solution events as had happened (interleaved
// so that each call sees the right count), then the real event k-1, and
// asks for the note of event k: O(depth + solutions) instead of O(k).
// TestNoteAtMatchesReplay checks this against a full replay, step by step.
func (r *Recording) noteAt(k int64, lang tracer.Lang) string {
	if k < 1 || k > r.Len() {
		return ""
	}
	if note, ok := r.logNote(k, lang); ok {
		return note
	}
	n := tracer.NewNarrator(r.info, r.strategy, lang)
	// The rules named before event k-1 (which it is fed), as a replay
	// would have named them: only the first note naming a rule introduces it.
	for rule, at := range r.firstReject {
		if at > 0 && at < k-1 {
			n.RuleNamed(tracer.Rule(rule))
		}
	}
	e := r.At(k)
	if e.Kind == tracer.KindLimit && e.Limit == tracer.LimitCalls {
		// The only note that counts every call so far.
		for i := r.callsBefore(k); i > 0; i-- {
			n.Note(&tracer.Event{Kind: tracer.KindCall, Node: -1, Parent: -1, Value: -1,
				Cell: tracer.NoPos, Witness: tracer.NoPos, From: tracer.NoPos})
		}
		return n.Note(&e)
	}
	if k >= 2 {
		var fed int64
		solution := tracer.Event{Kind: tracer.KindSolution, Node: -1, Parent: -1,
			Cell: tracer.NoPos, Witness: tracer.NoPos, From: tracer.NoPos}
		if r.wrongStep > 0 && r.wrongStep < k-1 {
			n.WrongReturned()
		}
		for _, c := range r.openAfter(k - 2) {
			for want := r.solutionsBefore(c.Step); fed < want; fed++ {
				n.Note(&solution)
			}
			n.Note(&c)
			if sc, ok := r.scanOf(c.Step, k-2); ok {
				n.Note(&sc)
			}
			// The call's last scan on after an exhausted, with that
			// exhausted before it, as a replay would have seen them.
			rs := r.rescans[c.Node]
			if i := sort.Search(len(rs), func(i int) bool { return rs[i] > k-2 }); i > 0 {
				ex, sc := r.At(rs[i-1]-1), r.At(rs[i-1])
				n.Note(&ex)
				n.Note(&sc)
			}
		}
		for want := r.solutionsBefore(k - 1); fed < want; fed++ {
			n.Note(&solution)
		}
		prev := r.At(k - 1)
		n.Note(&prev)
	}
	return n.Note(&e)
}
