package stepper

import (
	"bufio"
	"bytes"
	"compress/gzip"
	_ "embed"
	"encoding/base64"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"reflect"
	"slices"
	"sort"
	"strconv"
	"strings"

	"backtrack/render"
	"backtrack/tracer"
)

// The HTML player: one self-contained page per run, the stepper's view in
// a browser. Everything the page shows of a step is worked out here, by
// the same code as the terminal stepper (the board and its marks, the
// stack with its choices and tried candidates, the code line, the note in
// both languages), and shipped compactly: per step the kind, the board
// cells that changed and the stack frames that changed; the page's script
// keeps the state as it steps and only draws it. The search tree is the
// diagram's own tidy layout of the whole run (render.BuildScene), each box
// shown from the step that made it.

//go:embed player/player.html
var playerHTML string

//go:embed player/player.css
var playerCSS string

//go:embed player/player.js
var playerJS string

// DefaultHTMLSteps is the most steps a page holds unless told otherwise: a
// longer run is cut there, with a note on the page. At this size a page is
// a few MB and steps at once.
const DefaultHTMLSteps = 200_000

// MaxHTMLSteps is the most steps a page may be asked to hold.
const MaxHTMLSteps = 2_000_000

// HTMLOptions says what WriteHTML puts in the page.
type HTMLOptions struct {
	Lang tracer.Lang // the language the page opens in (the page switches)
	// MaxSteps is the most steps the page holds (0: DefaultHTMLSteps); a
	// longer recording is cut there, and the page says so.
	MaxSteps int64
	// Total is the run's number of steps when the recording holds only
	// its start (0: the recording's length).
	Total int64
	// Tree, with Summary, draws the search tree pane: the run's diagram as
	// render.BuildScene lays it out with TreeOptions, in both languages.
	// nil: no tree pane.
	Tree        *tracer.Tree
	Summary     tracer.Summary
	TreeOptions render.DiagramOptions
}

// Marks of a board cell in the page's data: its base (blank, given,
// placed) and what the step puts over it.
const (
	cellBlank = iota
	cellGiven
	cellPlaced
)

const (
	overNone = iota
	overTry
	overPlace
	overClash
	overSlot
	overChoice
)

// playerFrame is one call on the stack, in the page's terms: its node,
// depth, place on the path (both languages, or one for both), what it is
// doing (an index into Words.States, with the value returned), its
// choices and what it tried ([value, mark, rule]: mark 0 ✗ with the rule,
// 1 ✓, 2 ↩).
type playerFrame struct {
	// From and Keep, when From ≥ 0, say that Tried continues the tried
	// list of frame From: its first Keep entries, then Tried.
	From, Keep int
	Node       int
	Depth      int
	Path       [2]string
	State      int
	Ret        int  // State fsReturn: its label, an index into pWords.Returns
	NoPick     bool // no choices list: an end, a pass, no slot yet
	Choices    []string
	Tried      []playerTry
}

type playerTry struct {
	Value string
	Mark  int
	Rule  int
}

// sameFrame compares two frames but for their tried lists.
func sameFrame(a, b *playerFrame) bool {
	return a.Node == b.Node && a.Depth == b.Depth && a.Path == b.Path && a.State == b.State && a.Ret == b.Ret &&
		a.NoPick == b.NoPick && reflect.DeepEqual(a.Choices, b.Choices)
}

// appendJSON writes f as the page reads it: {"n":…,"d":…,"p":…,"s":…,…}.
func (f *playerFrame) appendJSON(b []byte) []byte {
	b = append(b, `{"n":`...)
	b = strconv.AppendInt(b, int64(f.Node), 10)
	b = append(b, `,"d":`...)
	b = strconv.AppendInt(b, int64(f.Depth), 10)
	b = append(b, `,"p":`...)
	if f.Path[0] == f.Path[1] {
		b = appendJSONString(b, f.Path[0])
	} else {
		b = append(b, '[')
		b = appendJSONString(b, f.Path[0])
		b = append(b, ',')
		b = appendJSONString(b, f.Path[1])
		b = append(b, ']')
	}
	b = append(b, `,"s":`...)
	b = strconv.AppendInt(b, int64(f.State), 10)
	if f.State == int(fsReturn) {
		b = append(b, `,"r":`...)
		b = strconv.AppendInt(b, int64(f.Ret), 10)
	}
	if !f.NoPick {
		b = append(b, `,"c":`...)
		b = appendJSONString(b, strings.Join(f.Choices, " "))
	}
	if f.From >= 0 {
		b = append(b, `,"tb":`...)
		b = strconv.AppendInt(b, int64(f.From), 10)
		b = append(b, `,"tk":`...)
		b = strconv.AppendInt(b, int64(f.Keep), 10)
	}
	if len(f.Tried) > 0 {
		b = append(b, `,"t":[`...)
		for i, t := range f.Tried {
			if i > 0 {
				b = append(b, ',')
			}
			b = append(b, '[')
			b = appendJSONString(b, t.Value)
			b = append(b, ',')
			b = strconv.AppendInt(b, int64(t.Mark), 10)
			if t.Mark == int(triedFailed) {
				b = append(b, ',')
				b = strconv.AppendInt(b, int64(t.Rule), 10)
			}
			b = append(b, ']')
		}
		b = append(b, ']')
	}
	return append(b, '}')
}

// appendJSONString writes s as a JSON string.
func appendJSONString(b []byte, s string) []byte {
	q, _ := json.Marshal(s)
	return append(b, q...)
}

type playerBoard struct {
	Rows   int      `json:"rows"`
	Cols   int      `json:"cols"`
	Box    int      `json:"box"`
	Pieces bool     `json:"pieces"`
	Glyphs []string `json:"glyphs"` // glyph table: index 0 is the blank
	Start  []int    `json:"start"`  // cell states at step 0
}

type playerData struct {
	Version  int           `json:"v"`
	Lang     string        `json:"lang"`
	Title    [2]string     `json:"title"`
	Strategy string        `json:"strategy"`
	Steps    int64         `json:"steps"`
	Total    int64         `json:"total"`
	Cut      [2]string     `json:"cut"`
	Board    playerBoard   `json:"board"`
	Kinds    [2][]string   `json:"kinds"` // kind names by code, en and zh
	Rules    [2][]string   `json:"rules"` // rule names by code
	Words    [2]pWords     `json:"words"`
	K        []int         `json:"-"` // kind per step (index 0: step 1)
	Node     []int         `json:"-"` // the event's call
	Rule     []int         `json:"-"` // rejects: the rule; -1 otherwise
	Line     []int         `json:"-"` // the code line marked, -1 none
	Box      []int         `json:"-"` // the tree box the step is about, -1 none
	Code     [2][]string   `json:"code"`
	Notes    [2][]string   `json:"-"`
	BD       []int         `json:"-"` // per step: n, then n pairs (cell, state)
	SK       []int         `json:"-"` // per step: frames kept, n, then n frame indices
	Frames   []playerFrame `json:"-"`
	Tree     []*playerTree `json:"tree,omitempty"` // en, zh
}

type pWords struct {
	Counters []string `json:"counters"` // calls, tries, backtracks, solutions, rejects
	Choices  string   `json:"choices"`
	None     string   `json:"none"`
	States   []string `json:"states"`    // what a frame is doing, by frameState
	Returns  []string `json:"returns"`   // the labels of returning frames (a frame's "r"), tracer.ReturnWords
	Marks    []string `json:"rulemarks"` // a tried candidate's rule, by rule
}

type playerTree struct {
	W     float64     `json:"w"`
	H     float64     `json:"h"`
	Boxes []playerBox `json:"boxes"`
	Edges [][]any     `json:"edges"` // from, to, path, class, tip x, tip y, dir x, dir y
	CSS   string      `json:"-"`
}

type playerBox struct {
	ID    string   `json:"id"`
	Class string   `json:"c"`
	Call  bool     `json:"call,omitempty"`
	X     float64  `json:"x"`
	Y     float64  `json:"y"`
	W     float64  `json:"w"`
	H     float64  `json:"h"`
	Lines []string `json:"l"`
	Font  float64  `json:"f"`
	Step  int64    `json:"s"`
	End   int64    `json:"e,omitempty"`
	Sol   int64    `json:"sol,omitempty"`
	// A group's rejects, by step, and its label after each (see
	// render.SceneBox.Members).
	Members []int64    `json:"m,omitempty"`
	Counted [][]string `json:"cl,omitempty"`
}

// WriteHTML writes the player page of the recorded run rec to w: one HTML
// file with no outside references (its script, style and data inside),
// the same bytes for the same run and options.
func WriteHTML(w io.Writer, rec *Recording, opt HTMLOptions) error {
	data, err := buildPlayer(rec, opt)
	if err != nil {
		return err
	}
	var z bytes.Buffer
	zw, err := gzip.NewWriterLevel(&z, gzip.DefaultCompression)
	if err != nil {
		return fmt.Errorf("html: %w", err)
	}
	if err := data.write(zw); err != nil {
		return fmt.Errorf("html: %w", err)
	}
	if err := zw.Close(); err != nil {
		return fmt.Errorf("html: %w", err)
	}
	css := playerCSS
	if data.Tree != nil {
		css += render.SceneCSS()
	}
	title := data.Title[0]
	if data.Lang == "zh" {
		title = data.Title[1]
	}
	notes, err := data.noteChunks()
	if err != nil {
		return fmt.Errorf("html: %w", err)
	}
	r := strings.NewReplacer(
		"{{TITLE}}", htmlEscape(title),
		"{{LANG}}", data.Lang,
		"{{CSS}}", css,
		"{{JS}}", playerJS,
		"{{DATA}}", base64.StdEncoding.EncodeToString(z.Bytes()),
		"{{NOTES}}", notes,
		"{{CHUNK}}", strconv.Itoa(noteChunk),
	)
	if _, err := io.WriteString(w, r.Replace(playerHTML)); err != nil {
		return fmt.Errorf("html: write: %w", err)
	}
	return nil
}

func htmlEscape(s string) string {
	return strings.NewReplacer("&", "&amp;", "<", "&lt;", ">", "&gt;", `"`, "&quot;").Replace(s)
}

// noteChunk is how many steps' notes go in one of the page's note blocks.
// The page unpacks a block when it first shows one of its steps: opening
// the page does not wait for every note of a long run.
const noteChunk = 4096

// noteChunks is the page's notes as script elements, one per language and
// block of noteChunk steps (id n-LANG-BLOCK), each a JSON array of
// strings, gzipped, in base64.
func (d *playerData) noteChunks() (string, error) {
	var out strings.Builder
	for i, lang := range []string{"en", "zh"} {
		notes := d.Notes[i]
		for c := 0; c*noteChunk < len(notes); c++ {
			var z bytes.Buffer
			zw, err := gzip.NewWriterLevel(&z, gzip.DefaultCompression)
			if err != nil {
				return "", err
			}
			b := []byte{'['}
			for j, n := range notes[c*noteChunk : min(len(notes), (c+1)*noteChunk)] {
				if j > 0 {
					b = append(b, ',')
				}
				b = appendJSONString(b, n)
			}
			b = append(b, ']')
			if _, err := zw.Write(b); err != nil {
				return "", err
			}
			if err := zw.Close(); err != nil {
				return "", err
			}
			fmt.Fprintf(&out, "<script id=\"n-%s-%d\" type=\"application/octet-stream\">%s</script>\n", lang, c, base64.StdEncoding.EncodeToString(z.Bytes()))
		}
	}
	return out.String(), nil
}

// write writes the page's data as one JSON object: the small parts with
// encoding/json, the per-step arrays and the frames by hand.
func (d *playerData) write(w io.Writer) error {
	head, err := json.Marshal(d)
	if err != nil {
		return err
	}
	bw := bufio.NewWriterSize(w, 64<<10)
	bw.Write(head[:len(head)-1])
	var b []byte
	ints := func(name string, vs []int) {
		b = append(b[:0], `,"`...)
		b = append(b, name...)
		b = append(b, `":[`...)
		for i, v := range vs {
			if i > 0 {
				b = append(b, ',')
			}
			b = strconv.AppendInt(b, int64(v), 10)
			if len(b) > 32<<10 {
				bw.Write(b)
				b = b[:0]
			}
		}
		b = append(b, ']')
		bw.Write(b)
	}
	ints("k", d.K)
	ints("node", d.Node)
	ints("rule", d.Rule)
	ints("line", d.Line)
	ints("box", d.Box)
	ints("bd", d.BD)
	ints("sk", d.SK)
	fmt.Fprintf(bw, `,"noteChunk":%d,"frames":[`, noteChunk)
	for i := range d.Frames {
		b = b[:0]
		if i > 0 {
			b = append(b, ',')
		}
		bw.Write(d.Frames[i].appendJSON(b))
	}
	bw.WriteString("]}")
	return bw.Flush()
}

// buildPlayer works out every step of the page.
func buildPlayer(rec *Recording, opt HTMLOptions) (*playerData, error) {
	limit := opt.MaxSteps
	if limit <= 0 {
		limit = DefaultHTMLSteps
	}
	if limit > MaxHTMLSteps {
		return nil, fmt.Errorf("html: at most %d steps, not %d", MaxHTMLSteps, limit)
	}
	n := min(rec.Len(), limit)
	total := max(opt.Total, rec.Len())
	lang := opt.Lang
	if lang != tracer.LangZH {
		lang = tracer.LangEN
	}
	langs := [2]tracer.Lang{tracer.LangEN, tracer.LangZH}
	var st [2]*Stepper
	for i, l := range langs {
		st[i] = New(rec, Options{Lang: l, Width: 200, Height: 60})
	}
	var scenes [2]*render.Scene
	if opt.Tree != nil {
		for i, l := range langs {
			sc, _, err := render.BuildScene(opt.Tree, render.Legend{Summary: opt.Summary, Lang: l}, opt.TreeOptions)
			if err != nil {
				return nil, fmt.Errorf("html: tree: %w", err)
			}
			scenes[i] = sc
		}
		// The page marks a step's box by its index, in either language.
		if len(scenes[0].Boxes) != len(scenes[1].Boxes) {
			return nil, fmt.Errorf("html: tree: %d boxes in English, %d in Chinese", len(scenes[0].Boxes), len(scenes[1].Boxes))
		}
		for i := range scenes[0].Boxes {
			if scenes[0].Boxes[i].ID != scenes[1].Boxes[i].ID {
				return nil, fmt.Errorf("html: tree: box %d is %s in English, %s in Chinese", i, scenes[0].Boxes[i].ID, scenes[1].Boxes[i].ID)
			}
		}
	}
	d := &playerData{Version: 1, Lang: string(lang), Steps: n, Total: total, Strategy: rec.strategy.String()}
	for i, l := range langs {
		d.Title[i] = rec.instanceName(l)
		if l == tracer.LangEN && rec.def.Title.EN != "" {
			label := rec.info.Instance
			if rec.def.Label != nil {
				label = rec.def.Label(rec.info, l)
			}
			d.Title[i] = strings.TrimSpace(rec.def.Title.EN + " " + label)
		}
		for _, k := range tracer.Kinds() {
			d.Kinds[i] = append(d.Kinds[i], st[i].kindName(k))
		}
		for r := tracer.Rule(0); r < tracer.NumRules; r++ {
			d.Rules[i] = append(d.Rules[i], rec.def.RuleName(r, l))
		}
		s := st[i]
		d.Words[i] = pWords{
			Counters: []string{s.pick("calls", "调用"), s.pick("tries", "尝试"), tracer.BacktrackWords.In(l), s.pick("solutions", "解"), s.pick("rejects", s.kindName(tracer.KindReject))},
			Choices:  s.choicesWords().In(l),
			None:     s.pick("none", "无"),
			Returns:  []string{},
		}
		for fs := fsNew; fs <= fsStopped; fs++ {
			text := s.frameStateText(stackFrame{state: fs})
			if fs == fsReturn {
				text = s.kindName(tracer.KindReturn) // a frame's own label is in Returns
			}
			d.Words[i].States = append(d.Words[i].States, text)
		}
		for r := tracer.Rule(0); r < tracer.NumRules; r++ {
			d.Words[i].Marks = append(d.Words[i].Marks, s.ruleMark(r, triedWords))
		}
		for _, c := range st[i].code {
			d.Code[i] = append(d.Code[i], codeText(c.text, l))
		}
	}
	if n < total {
		d.Cut = [2]string{
			fmt.Sprintf("This page holds the first %d of the run's %d steps (the player's limit; choose another with --max-steps, up to %d).", n, total, MaxHTMLSteps),
			fmt.Sprintf("本页只包含这次运行 %d 步中的前 %d 步（播放器的上限；可用 --max-steps 另选，最多 %d）。", total, n, MaxHTMLSteps),
		}
	}
	if err := d.board(rec, st[0]); err != nil {
		return nil, err
	}

	var nar [2]*tracer.Narrator
	for i, l := range langs {
		nar[i] = tracer.NewNarrator(rec.info, rec.strategy, l)
		d.Notes[i] = make([]string, 0, n)
	}
	board := rec.start.Clone()
	cells := d.Board.Start
	prev := append([]int(nil), cells...)
	known := map[[2]int]stackFrame{} // frames below the top, by {call, the call below}
	below := map[[2]int]int{}        // their index in d.Frames
	lastTop := -1
	var lastTried []playerTry // the whole tried list of frame lastTop
	type nodeTried struct {
		frame int
		tried []playerTry
	}
	triedOfNode := map[int]nodeTried{} // each node's last frame, with its whole tried list
	returns := map[[2]string]int{}     // a return label, in English and Chinese, by its index in Words.Returns
	var stack []int
	var prevEv tracer.Event
	d.K, d.Node, d.Rule, d.Line, d.Box = make([]int, 0, n), make([]int, 0, n), make([]int, 0, n), make([]int, 0, n), make([]int, 0, n)
	d.BD, d.SK, d.Frames = make([]int, 0, 4*n), make([]int, 0, 4*n), make([]playerFrame, 0, n+n/4)
	for k := int64(1); k <= n; k++ {
		e := rec.At(k)
		for i := range nar {
			d.Notes[i] = append(d.Notes[i], nar[i].Note(&e))
		}
		board.Apply(&e)
		d.K = append(d.K, int(e.Kind))
		d.Node = append(d.Node, e.Node)
		rule := -1
		if e.Kind == tracer.KindReject {
			rule = int(e.Rule)
		}
		d.Rule = append(d.Rule, rule)
		tag := eventTag(rec.strategy, &e, &prevEv)
		line := -1
		for i, c := range st[0].code {
			if tag != tagNone && c.tag == tag {
				line = i
				break
			}
		}
		d.Line = append(d.Line, line)
		d.Box = append(d.Box, boxOf(opt.Tree, scenes[0], &e))

		// The board: what changed since the step before.
		s := &stepState{k: k, e: e, prev: prevEv, board: board, frames: rec.framesKnown(k, known)}
		m := st[0].marks(s)
		cells = d.cellStates(rec, board, m)
		at := len(d.BD)
		d.BD = append(d.BD, 0)
		for c := range cells {
			if cells[c] != prev[c] {
				d.BD = append(d.BD, c, cells[c])
				d.BD[at]++
			}
		}
		prev = cells

		// The stack: frames kept from the step before, then the new ones.
		idx := make([]int, len(s.frames))
		for i, f := range s.frames {
			top := i == len(s.frames)-1
			var key [2]int
			if !top {
				key = [2]int{f.node, s.frames[i+1].node}
				if j, ok := below[key]; ok {
					idx[i] = j
					continue
				}
			}
			pf := playerFrame{Node: f.node, Depth: f.depth, State: int(f.state), NoPick: f.end || f.pass || f.slot.Row < 0}
			if f.state == fsReturn {
				// The stepper's words: "return false", or with no return
				// value "return (1 solution below)", each label once.
				label := [2]string{st[0].frameStateText(f), st[1].frameStateText(f)}
				j, ok := returns[label]
				if !ok {
					j = len(returns)
					returns[label] = j
					for i := range label {
						d.Words[i].Returns = append(d.Words[i].Returns, label[i])
					}
				}
				pf.Ret = j
			}
			for j := range st {
				pf.Path[j] = st[j].framePath(f)
			}
			if !pf.NoPick {
				for _, v := range f.choices {
					pf.Choices = append(pf.Choices, rec.valueText(v))
				}
			}
			for _, t := range f.tried {
				pf.Tried = append(pf.Tried, playerTry{Value: rec.valueText(t.value), Mark: int(t.mark), Rule: int(t.rule)})
			}
			j := len(d.Frames)
			if top && lastTop >= 0 && reflect.DeepEqual(lastTried, pf.Tried) && sameFrame(&d.Frames[lastTop], &pf) {
				j = lastTop
			} else {
				// The tried list goes on from the node's last frame: most of
				// it is that frame's.
				tried := pf.Tried
				pf.From = -1
				if prev, ok := triedOfNode[f.node]; ok {
					keep := 0
					for keep < len(prev.tried) && keep < len(tried) && prev.tried[keep] == tried[keep] {
						keep++
					}
					if keep > 0 {
						pf.From, pf.Keep, pf.Tried = prev.frame, keep, tried[keep:]
					}
				}
				triedOfNode[f.node] = nodeTried{j, tried}
				d.Frames = append(d.Frames, pf)
				if top {
					lastTried = tried
				}
			}
			if top {
				lastTop = j
			} else {
				below[key] = j
			}
			idx[i] = j
		}
		keep := 0
		for keep < len(stack) && keep < len(idx) && stack[keep] == idx[keep] {
			keep++
		}
		d.SK = append(d.SK, keep, len(idx)-keep)
		d.SK = append(d.SK, idx[keep:]...)
		stack = idx
		prevEv = e
	}
	for _, sc := range scenes {
		if sc != nil {
			d.Tree = append(d.Tree, treeOf(sc))
		}
	}
	return d, nil
}

// boxOf is the box of sc that event e is about: its pruned leaf, or its
// call; -1 without a tree.
func boxOf(t *tracer.Tree, sc *render.Scene, e *tracer.Event) int {
	if t == nil || sc == nil {
		return -1
	}
	if e.Kind == tracer.KindReject {
		i := int32(sort.Search(t.Len(), func(i int) bool { return t.Step(int32(i)) >= e.Step }))
		for ; int(i) < t.Len() && t.Step(i) == e.Step; i++ {
			if t.Kind(i) == tracer.NodePruned {
				return sc.BoxOf(i)
			}
		}
	}
	if i := t.CallIndex(e.Node); i >= 0 {
		return sc.BoxOf(i)
	}
	return -1
}

// board fills in the board's shape, glyphs and start.
func (d *playerData) board(rec *Recording, s *Stepper) error {
	sh := rec.shape
	b := &d.Board
	b.Rows, b.Cols, b.Box, b.Pieces = sh.rows, sh.cols, sh.box, sh.pieces
	b.Glyphs = []string{""}
	if sh.rows*sh.cols > 1<<14 {
		return errors.New("html: the board is too big")
	}
	b.Start = d.cellStates(rec, rec.start, boardMarks{cand: tracer.NoPos, slot: tracer.NoPos, slotRow: -1})
	return nil
}

// cellStates packs each cell of board with the marks m: glyph×64 + base×8
// + overlay.
func (d *playerData) cellStates(rec *Recording, board *tracer.Board, m boardMarks) []int {
	rows, cols := rec.shape.rows, rec.shape.cols
	out := make([]int, rows*cols)
	glyph := func(g string) int {
		if rec.shape.pieces {
			// A board of pieces shows them as pieces, not letters.
			g = "●"
			if rec.shape.piece.EN == "queen" {
				g = "♛"
			}
		}
		for i, x := range d.Board.Glyphs {
			if x == g {
				return i
			}
		}
		d.Board.Glyphs = append(d.Board.Glyphs, g)
		return len(d.Board.Glyphs) - 1
	}
	for r := range rows {
		for c := range cols {
			p := tracer.Pos{Row: r, Col: c}
			base, g := cellBlank, 0
			if v, ok := board.At(p); ok {
				base, g = cellPlaced, glyph(rec.glyph(v))
				if rec.start.Given(p) {
					base = cellGiven
				}
			}
			over := overNone
			switch {
			case p == m.cand:
				over = overTry
				if m.candStyle == stPlace {
					over = overPlace
				}
				if _, ok := board.At(p); !ok || m.candStyle == stTry {
					g = glyph(rec.glyph(m.candValue))
				}
			case slices.Contains(m.clashes, p):
				over = overClash
			case p == m.slot:
				over = overSlot
			case m.slotRow == r && rec.shape.pieces && slices.Contains(m.choices, c):
				over = overChoice
			}
			out[r*cols+c] = g*64 + base*8 + over
		}
	}
	return out
}

// treeOf is the scene in the page's terms.
func treeOf(sc *render.Scene) *playerTree {
	t := &playerTree{W: round1(sc.Width), H: round1(sc.Height)}
	for _, b := range sc.Boxes {
		t.Boxes = append(t.Boxes, playerBox{ID: b.ID, Class: b.Class, Call: b.Kind == render.ItemCall || b.Kind == render.ItemFold,
			X: round1(b.X), Y: round1(b.Y), W: round1(b.W), H: round1(b.H), Lines: b.Lines, Font: b.FontSize,
			Step: b.Step, End: b.End, Sol: b.SolStep, Members: b.Members, Counted: b.Counted})
	}
	for _, e := range sc.Edges {
		t.Edges = append(t.Edges, []any{e.From, e.To, e.Path, e.Class, round1(e.Tip[0]), round1(e.Tip[1]), round3(e.Dir[0]), round3(e.Dir[1])})
	}
	return t
}

func round1(v float64) float64 {
	f, _ := strconv.ParseFloat(strconv.FormatFloat(v, 'f', 1, 64), 64)
	return f
}

func round3(v float64) float64 {
	f, _ := strconv.ParseFloat(strconv.FormatFloat(v, 'f', 3, 64), 64)
	return f
}
