package stepper

import (
	"bufio"
	"bytes"
	"cmp"
	"compress/gzip"
	"context"
	_ "embed"
	"encoding/base64"
	"encoding/binary"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"slices"
	"strconv"
	"strings"
	"unicode/utf8"

	"github.com/backtrack-edu/backtrack/render"
	"github.com/backtrack-edu/backtrack/tracer"
	"github.com/backtrack-edu/backtrack/tracer/words"
)

// The HTML player: one self-contained page per run, the stepper's view in
// a browser. Everything the page shows of a step is worked out here, by
// the same code as the terminal stepper (the board and its marks, the
// stack with its choices and tried candidates, the code line, the note in
// both languages), and shipped compactly: per step the kind, the board
// cells that changed and the stack frames that changed; the page's script
// keeps the state as it steps and only draws it. The search tree pane is
// worked out by the page too, at each step, from the steps' kinds and the
// stack's frames (their moves): the tree around the current step, never
// the whole run's diagram, so a page costs nothing more to make for it.
//
// The per-step data and the frames are binary (see playerBin), unpacked by
// the script into typed arrays, not JSON objects: a page of 2,000,000
// steps opens in seconds, and is made in a few hundred MB, the steps
// worked out one at a time and packed as they come, never all held as Go
// values.

//go:embed player/player.html
var playerHTML string

//go:embed player/player.css
var playerCSS string

//go:embed player/player.js
var playerJS string

// playerJSPage is the player's script as the page holds it: without its
// lines of comments (they are for the source: a 4-queens page stays
// under 100 KB).
var playerJSPage = stripCommentLines(playerJS)

// stripCommentLines drops the lines of js that hold only a // comment.
func stripCommentLines(js string) string {
	var b strings.Builder
	b.Grow(len(js))
	for line := range strings.Lines(js) {
		if strings.HasPrefix(strings.TrimSpace(line), "//") {
			continue
		}
		b.WriteString(line)
	}
	return b.String()
}

// DefaultHTMLSteps is the most steps a page holds unless told otherwise: a
// longer run is cut there, with a note on the page. At this size a page is
// a few MB and steps at once.
const DefaultHTMLSteps = 200_000

// MaxHTMLSteps is the most steps a page may be asked to hold.
const MaxHTMLSteps = 2_000_000

// HTMLOptions says what WriteHTML puts in the page.
type HTMLOptions struct {
	Lang tracer.Lang // the language the page opens in (the page switches)
	// FollowBrowser makes the page open in the browser's language
	// (navigator.languages: zh for Chinese, else en) when its link names
	// none (#lang=en or #lang=zh); without it the page opens in Lang, the
	// language it was made in. A command sets it when no --lang was given.
	FollowBrowser bool
	// MaxSteps is the most steps the page holds (0: DefaultHTMLSteps); a
	// longer recording is cut there, and the page says so.
	MaxSteps int64
	// Total is the run's number of steps when the recording holds only
	// its start (0: the recording's length).
	Total int64
	// TreePane gives the page its search tree pane. The page works the
	// tree out itself from the steps it holds (their kinds and the stack's
	// moves): at each step the path from the root to the current call, the
	// calls and pruned tries beside it as they ended, and what lies far
	// away folded into boxes that count it.
	TreePane bool
	// Predict makes the page open in predict mode (its link can say so
	// too: #mode=predict): before a step is shown the page asks what comes
	// next, checks the answer against the recorded run and keeps a score.
	Predict bool
}

// Marks of a board cell in the page's data: its base (blank, given,
// placed, or the fixed layer's text with no move on it) and what the step
// puts over it.
const (
	cellBlank = iota
	cellGiven
	cellPlaced
	cellFixed
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
		a.NoPick == b.NoPick && slices.Equal(a.Choices, b.Choices)
}

// appendJSONString writes s as a JSON string, the same bytes as
// json.Marshal(s) (HTML's <, > and & escaped, invalid UTF-8 as \ufffd,
// U+2028 and U+2029 escaped), without its allocation and reflection: the
// player's notes go through it once a step and a language.
func appendJSONString(b []byte, s string) []byte {
	const hex = "0123456789abcdef"
	b = append(b, '"')
	start := 0
	for i := 0; i < len(s); {
		c := s[i]
		if c < utf8.RuneSelf {
			if c >= 0x20 && c != '"' && c != '\\' && c != '<' && c != '>' && c != '&' {
				i++
				continue
			}
			b = append(b, s[start:i]...)
			switch c {
			case '\\', '"':
				b = append(b, '\\', c)
			case '\b':
				b = append(b, '\\', 'b')
			case '\f':
				b = append(b, '\\', 'f')
			case '\n':
				b = append(b, '\\', 'n')
			case '\r':
				b = append(b, '\\', 'r')
			case '\t':
				b = append(b, '\\', 't')
			default:
				b = append(b, '\\', 'u', '0', '0', hex[c>>4], hex[c&0xF])
			}
			i++
			start = i
			continue
		}
		r, size := utf8.DecodeRuneInString(s[i:])
		switch {
		case r == utf8.RuneError && size == 1:
			b = append(b, s[start:i]...)
			b = append(b, `\ufffd`...)
		case r == '\u2028' || r == '\u2029':
			b = append(b, s[start:i]...)
			b = append(b, '\\', 'u', '2', '0', '2', hex[r&0xF])
		default:
			i += size
			continue
		}
		i += size
		start = i
	}
	b = append(b, s[start:]...)
	return append(b, '"')
}

type playerBoard struct {
	Rows   int      `json:"rows"`
	Cols   int      `json:"cols"`
	Box    int      `json:"box"`
	Pieces bool     `json:"pieces"`
	Glyphs []string `json:"glyphs"` // glyph table: index 0 is the blank
	Start  []int    `json:"start"`  // cell states at step 0
}

// playerData is the page's data besides the steps' (playerBin): one JSON
// object, a few KB.
type playerData struct {
	Version  int         `json:"v"`
	Lang     string      `json:"lang"`
	Title    [2]string   `json:"title"`
	Strategy string      `json:"strategy"`
	Steps    int64       `json:"steps"`
	Total    int64       `json:"total"`
	Cut      [2]string   `json:"cut"`
	Board    playerBoard `json:"board"`
	Kinds    [2][]string `json:"kinds"` // kind names by code, en and zh
	Rules    [2][]string `json:"rules"` // rule names by code
	// RuleOrder is the run's rules in the order its checks test them
	// (Info.Rules): the counters name them in this order, as the
	// stepper's do.
	RuleOrder []int `json:"ruleorder"`
	// Looks are the rules with a look of their own (RuleWords.Color, as
	// 树层去重's blue), by code: the tree pane draws their pruned tries in
	// it, with the class "rule<code>", as the diagrams do.
	Looks []int `json:"looks"`
	// lookCSS styles those classes (the page's style sheet, after the
	// scene's).
	lookCSS string
	Words   [2]pWords   `json:"words"`
	Code    [2][]string `json:"code"`
	// NoteChunk is how many steps' notes a note block holds.
	NoteChunk int `json:"noteChunk"`
	// Bin places the sections of the binary data (playerBin): name →
	// [byte offset, count].
	Bin     map[string][2]int `json:"bin"`
	NFrames int               `json:"nframes"`
	Strs    []string          `json:"strs"`           // the frames' values and choices lists, by index
	Paths   []any             `json:"paths"`          // the frames' places on the path: a string, or [en, zh]
	FsRet   int               `json:"fsret"`          // the frame state whose label is its own (fsReturn)
	Tree    bool              `json:"tree,omitempty"` // the page has a search tree pane
	// glyphMemo is cellStatesInto's index in Board.Glyphs of each value's
	// glyph, plus one (0: not looked up yet), by value from the lowest.
	glyphMemo []int
	// given is cellStatesInto's start.Given of each cell, row by row.
	given []bool
}

type pWords struct {
	Counters []string `json:"counters"` // calls, tries, backtracks, solutions, rejects
	Choices  string   `json:"choices"`
	// ChoiceList names the stack's choices column, as the stepper's
	// header does: "choices (legal, untried)" / "可供选择的列表", or
	// "untried" / "未试的候选".
	ChoiceList string   `json:"choicelist"`
	None       string   `json:"none"`
	States     []string `json:"states"`    // what a frame is doing, by frameState
	Returns    []string `json:"returns"`   // the labels of returning frames (a frame's "r"), tracer.ReturnWords
	Marks      []string `json:"rulemarks"` // a tried candidate's rule, by rule
	// Theme labels the theme button with the theme it switches to: on the
	// light theme, then on the dark one ("dark", "light").
	Theme [2]string `json:"theme"`
}

// playerBin is the steps' data, as the page carries it: one binary blob
// (gzipped, in base64), whose sections playerData.Bin places, little
// endian, each aligned to its element's size:
//
//	k     uint8 per step: the event's kind
//	rule  int8 per step: a reject's rule, -1 otherwise
//	line  int16 per step: the code line marked, -1 none
//	bd    per step: n, then n pairs (cell, cell state)
//	sk    per step: frames kept, n, then n frame indices
//	fr    per frame: node, depth, path, state, ret, choices (0: no list,
//	      else 1 + its index in Strs), from (0: its own tried list, else
//	      this frame's index less the frame its list goes on from) and,
//	      if from, keep; then the number of tries and each try as
//	      value<<6 | mark<<4 | rule (value: an index in Strs)
//
// bd, sk and fr are unsigned varints (LEB128, as encoding/binary's
// Uvarint), counted in bytes.
type playerBin struct {
	k          []uint8
	rule       []int8
	line       []int16
	bd, sk, fr []byte
}

// uvarint appends x ≥ 0 as an unsigned varint.
func uvarint(b []byte, x int) []byte {
	return binary.AppendUvarint(b, uint64(x))
}

// sections lays the blob out: each section's name, its bytes and its
// count, in order.
func (pb *playerBin) sections() []binSection {
	le := binary.LittleEndian
	line := make([]byte, 0, 2*len(pb.line))
	for _, v := range pb.line {
		line = le.AppendUint16(line, uint16(v))
	}
	rule := make([]byte, len(pb.rule))
	for i, v := range pb.rule {
		rule[i] = byte(v)
	}
	return []binSection{
		{"k", pb.k, len(pb.k), 1}, {"rule", rule, len(rule), 1}, {"line", line, len(pb.line), 2},
		{"bd", pb.bd, len(pb.bd), 1}, {"sk", pb.sk, len(pb.sk), 1}, {"fr", pb.fr, len(pb.fr), 1},
	}
}

// binSection is one section of the blob: its bytes, its count of
// elements, and the size of one, to which its offset is aligned.
type binSection struct {
	name  string
	b     []byte
	count int
	align int
}

// layout sets d.Bin from the sections, and returns the padding before
// each.
func layout(d *playerData, secs []binSection) []int {
	d.Bin = map[string][2]int{}
	pads := make([]int, len(secs))
	off := 0
	for i, s := range secs {
		pads[i] = (s.align - off%s.align) % s.align
		off += pads[i]
		d.Bin[s.name] = [2]int{off, s.count}
		off += len(s.b)
	}
	return pads
}

// noteBlocks packs one language's notes as the page carries them: blocks
// of noteChunk steps, each a JSON array, gzipped, in base64, in a script
// element (id n-LANG-BLOCK), made as the notes come so that only the
// packed blocks are held. A note said before in the same block is written
// as the number of the step (in the block, from 0) that said it first:
// most of a block's notes are repeats (11-queens: 915 texts of 4,096 on
// average), and gzip, which looks back 32 KiB only, found few of them.
type noteBlocks struct {
	lang   string
	cur    []byte // the block being filled: a JSON array, not closed
	n      int    // notes in it
	first  map[string]int
	blocks int
	out    bytes.Buffer // the finished script elements
	z      bytes.Buffer
	zw     *gzip.Writer
}

// add appends a note.
func (nb *noteBlocks) add(note string) error {
	if nb.n == 0 {
		nb.cur = append(nb.cur[:0], '[')
		if nb.first == nil {
			nb.first = make(map[string]int, noteChunk/2)
		}
		clear(nb.first)
	} else {
		nb.cur = append(nb.cur, ',')
	}
	if j, ok := nb.first[note]; ok {
		nb.cur = strconv.AppendInt(nb.cur, int64(j), 10)
	} else {
		nb.first[note] = nb.n
		nb.cur = appendJSONString(nb.cur, note)
	}
	nb.n++
	if nb.n == noteChunk {
		return nb.flush()
	}
	return nil
}

// flush packs the block being filled, if it holds any note.
func (nb *noteBlocks) flush() error {
	if nb.n == 0 {
		return nil
	}
	nb.cur = append(nb.cur, ']')
	nb.z.Reset()
	if nb.zw == nil {
		var err error
		if nb.zw, err = gzip.NewWriterLevel(&nb.z, gzip.DefaultCompression); err != nil {
			return err
		}
	} else {
		nb.zw.Reset(&nb.z)
	}
	if _, err := nb.zw.Write(nb.cur); err != nil {
		return err
	}
	if err := nb.zw.Close(); err != nil {
		return err
	}
	fmt.Fprintf(&nb.out, "<script id=\"n-%s-%d\" type=\"application/octet-stream\">", nb.lang, nb.blocks)
	enc := base64.NewEncoder(base64.StdEncoding, &nb.out)
	enc.Write(nb.z.Bytes())
	enc.Close()
	nb.out.WriteString("</script>\n")
	nb.blocks++
	nb.n = 0
	return nil
}

// playerPage is a page made: its data, the steps' blob and the notes.
type playerPage struct {
	d     *playerData
	bin   playerBin
	notes [2]noteBlocks
	// followBrowser is HTMLOptions.FollowBrowser.
	followBrowser bool
	// predict is HTMLOptions.Predict.
	predict bool
}

// WriteHTML writes the player page of the recorded run rec to w: one HTML
// file with no outside references (its script, style and data inside),
// the same bytes for the same run and options.
func WriteHTML(w io.Writer, rec *Recording, opt HTMLOptions) error {
	pg, err := buildPlayer(context.Background(), rec, opt)
	if err != nil {
		return err
	}
	pg.followBrowser = opt.FollowBrowser
	pg.predict = opt.Predict
	return pg.write(w) // the writer's error, which names its file if it has one
}

// Player is a player page made by NewPlayer: its bytes, as WriteHTML
// writes them, kept with what a lockstep page takes from it, so that a
// lockstep page of the same run need not make it again (LockstepSide).
type Player struct {
	rec      *Recording
	opt      HTMLOptions
	page     []byte
	title    [2]string
	strategy string
	steps    int64
}

// NewPlayer makes the player page of the recorded run rec with opt: the
// bytes WriteHTML writes.
func NewPlayer(rec *Recording, opt HTMLOptions) (*Player, error) {
	ps, err := NewPlayers(rec, opt, opt.Lang)
	if err != nil {
		return nil, err
	}
	return ps[0], nil
}

// NewPlayers makes the player pages of the recorded run rec with opt in
// each language of langs (opt.Lang aside): the pages NewPlayer makes, the
// steps worked out once for all of them. A page holds both languages'
// notes and words, and opens in its own.
func NewPlayers(rec *Recording, opt HTMLOptions, langs ...tracer.Lang) ([]*Player, error) {
	return NewPlayersContext(context.Background(), rec, opt, langs...)
}

// NewPlayersContext is NewPlayers that stops soon after ctx ends (within
// playerCheck steps), returning ctx's error.
func NewPlayersContext(ctx context.Context, rec *Recording, opt HTMLOptions, langs ...tracer.Lang) ([]*Player, error) {
	pg, err := buildPlayer(ctx, rec, opt)
	if err != nil {
		return nil, err
	}
	pg.followBrowser = opt.FollowBrowser
	pg.predict = opt.Predict
	out := make([]*Player, len(langs))
	for i, l := range langs {
		lopt := opt
		lopt.Lang = l
		pg.d.Lang = string(pageLang(l))
		var b bytes.Buffer
		if err := pg.write(&b); err != nil {
			return nil, fmt.Errorf("html: %w", err)
		}
		out[i] = &Player{rec: rec, opt: lopt, page: b.Bytes(), title: pg.d.Title, strategy: pg.d.Strategy, steps: pg.d.Steps}
	}
	return out, nil
}

// Bytes returns the page; the caller must not change them.
func (p *Player) Bytes() []byte { return p.page }

func htmlEscape(s string) string {
	return strings.NewReplacer("&", "&amp;", "<", "&lt;", ">", "&gt;", `"`, "&quot;").Replace(s)
}

// noteChunk is how many steps' notes go in one of the page's note blocks.
// The page unpacks a block when it first shows one of its steps: opening
// the page does not wait for every note of a long run.
const noteChunk = 4096

// write writes the page: the template with its parts put in, the data and
// the blob gzipped and base64-encoded on their way to w.
func (pg *playerPage) write(w io.Writer) error {
	d := pg.d
	secs := pg.bin.sections()
	pads := layout(d, secs)
	css := playerCSS
	if d.Tree {
		css += render.SceneCSS() + d.lookCSS
	}
	title := d.Title[0]
	if d.Lang == "zh" {
		title = d.Title[1]
	}
	head, err := json.Marshal(d)
	if err != nil {
		return err
	}
	bw := bufio.NewWriterSize(w, 64<<10)
	// packed writes b gzipped, in base64.
	packed := func(parts ...[]byte) error {
		enc := base64.NewEncoder(base64.StdEncoding, bw)
		zw, err := gzip.NewWriterLevel(enc, gzip.DefaultCompression)
		if err != nil {
			return err
		}
		for _, p := range parts {
			if _, err := zw.Write(p); err != nil {
				return err
			}
		}
		if err := zw.Close(); err != nil {
			return err
		}
		return enc.Close()
	}
	part := func(name string) error {
		var err error
		switch name {
		case "TITLE":
			_, err = bw.WriteString(htmlEscape(title))
		case "LANG":
			_, err = bw.WriteString(d.Lang)
		case "FOLLOW":
			if pg.followBrowser {
				_, err = bw.WriteString(` data-follow="browser"`)
			}
			if err == nil && pg.predict {
				_, err = bw.WriteString(` data-mode="predict"`)
			}
		case "CSS":
			_, err = bw.WriteString(css)
		case "JS":
			_, err = bw.WriteString(playerJSPage)
		case "DATA":
			err = packed(head)
		case "BIN":
			var parts [][]byte
			for i, s := range secs {
				parts = append(parts, make([]byte, pads[i]), s.b)
			}
			err = packed(parts...)
		case "NOTES":
			for i := range pg.notes {
				if _, err = bw.Write(pg.notes[i].out.Bytes()); err != nil {
					break
				}
			}
		case "CHUNK":
			_, err = bw.WriteString(strconv.Itoa(noteChunk))
		default:
			err = fmt.Errorf("the page's template has an unknown part {{%s}}", name)
		}
		return err
	}
	if err := fillTemplate(bw, playerHTML, part); err != nil {
		return err
	}
	return bw.Flush()
}

// fillTemplate writes tmpl to bw with each {{NAME}} replaced by what
// part writes for NAME: the player's and the lockstep page's templates.
func fillTemplate(bw *bufio.Writer, tmpl string, part func(name string) error) error {
	rest := tmpl
	for {
		i := strings.Index(rest, "{{")
		if i < 0 {
			break
		}
		j := strings.Index(rest[i:], "}}")
		if j < 0 {
			break
		}
		if _, err := bw.WriteString(rest[:i]); err != nil {
			return err
		}
		if err := part(rest[i+2 : i+j]); err != nil {
			return err
		}
		rest = rest[i+j+2:]
	}
	_, err := bw.WriteString(rest)
	return err
}

// pageLang is the language a page made for l opens in: Chinese, or else
// English.
func pageLang(l tracer.Lang) tracer.Lang {
	if l == tracer.LangZH {
		return tracer.LangZH
	}
	return tracer.LangEN
}

// playerCheck is how many steps buildPlayer works out between two looks
// at its context (a few milliseconds' work).
const playerCheck = 1 << 12

// buildPlayer works out every step of the page, packing each as it goes;
// it stops with ctx's error soon after ctx ends.
func buildPlayer(ctx context.Context, rec *Recording, opt HTMLOptions) (*playerPage, error) {
	limit := opt.MaxSteps
	if limit <= 0 {
		limit = DefaultHTMLSteps
	}
	if limit > MaxHTMLSteps {
		return nil, fmt.Errorf("a player page holds at most %d steps, not %d", MaxHTMLSteps, limit)
	}
	n := min(rec.Len(), limit)
	total := max(opt.Total, rec.Len())
	lang := pageLang(opt.Lang)
	langs := [2]tracer.Lang{tracer.LangEN, tracer.LangZH}
	var st [2]*Stepper
	for i, l := range langs {
		st[i] = New(rec, Options{Lang: l, Width: 200, Height: 60})
	}
	d := &playerData{Version: 4, Lang: string(lang), Steps: n, Total: total, Strategy: rec.strategy.String(),
		NoteChunk: noteChunk, Strs: []string{}, Paths: []any{}, FsRet: int(fsReturn), Tree: opt.TreePane,
		RuleOrder: []int{}}
	for _, r := range rec.info.Rules {
		d.RuleOrder = append(d.RuleOrder, int(r))
	}
	d.Looks = []int{}
	for _, w := range rec.def.Rules {
		if w.Color == "" {
			continue
		}
		d.Looks = append(d.Looks, int(w.Rule))
		c := fmt.Sprintf("rule%d", w.Rule)
		d.lookCSS += "#svg rect." + c + "{stroke:" + w.Color + ";fill:" + cmp.Or(w.Fill, "#fff") + "}\n" +
			"#svg text." + c + "{fill:" + w.Color + "}\n#svg path." + c + "{stroke:" + w.Color + "}\n"
	}
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
			Counters:   []string{words.StepperCalls.In(s.lang), words.CompareTries.In(s.lang), tracer.BacktrackWords.In(l), words.CompareSolutions.In(s.lang), s.kindOr(words.CompareRejects, tracer.KindReject)},
			Choices:    s.choicesWords().In(l),
			ChoiceList: s.choiceListWords().In(l),
			None:       words.StepperNone.In(s.lang),
			Returns:    []string{},
			Theme:      [2]string{words.StepperThemeDark.In(l), words.StepperThemeLight.In(l)},
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
	if len(d.Code[0]) > 1<<15 {
		return nil, fmt.Errorf("the code has %d lines, more than a player page can mark", len(d.Code[0]))
	}
	if n < total {
		d.Cut = [2]string{
			fmt.Sprintf(words.StepperPageCut.EN, n, total, MaxHTMLSteps),
			fmt.Sprintf(words.StepperPageCut.ZH, n, total, MaxHTMLSteps),
		}
	}
	if err := d.board(rec, st[0]); err != nil {
		return nil, err
	}

	pg := &playerPage{d: d}
	var nar [2]*tracer.Narrator
	for i, l := range langs {
		nar[i] = tracer.NewNarrator(rec.info, rec.strategy, l)
		pg.notes[i].lang = string(l)
	}
	pb := &pg.bin
	pb.k, pb.rule, pb.line = make([]uint8, 0, n), make([]int8, 0, n), make([]int16, 0, n)
	board := rec.start.Clone()
	cells := slices.Clone(d.Board.Start) // the cells' states at the step before, then at this one
	prevMarks := boardMarks{cand: tracer.NoPos, slot: tracer.NoPos, slotRow: -1}
	var dirty, changed []int
	known := newFrameMemo()   // frames below the top, by {call, the call below}; legal candidates
	below := map[[2]int]int{} // their index among the frames
	lastTop := -1
	var lastFrame playerFrame // frame lastTop, its tried list whole
	type nodeTried struct {
		frame int
		tried []playerTry
	}
	triedOfNode := map[int]nodeTried{} // each open call's last frame, with its whole tried list
	returns := map[[2]string]int{}     // a return label, in English and Chinese, by its index in Words.Returns
	strs := map[string]int{}           // index in d.Strs
	paths := map[[2]string]int{}       // index in d.Paths
	str := func(s string) int {
		i, ok := strs[s]
		if !ok {
			i = len(d.Strs)
			strs[s] = i
			d.Strs = append(d.Strs, s)
		}
		return i
	}
	// A frame's place on the path depends on these alone (framePath):
	// worked out once each.
	type pathKey struct {
		end, pass  bool
		slot, cell tracer.Pos
		value      int
	}
	pathOf := map[pathKey][2]string{}
	// A value's text (Recording.valueText), by value from the lowest.
	texts := make([]string, min(rec.shape.hi-rec.shape.lo+1, 1<<12))
	valueText := func(v int) string {
		i := v - rec.shape.lo
		if i < 0 || i >= len(texts) {
			return rec.valueText(v)
		}
		if texts[i] == "" {
			texts[i] = rec.valueText(v)
		}
		return texts[i]
	}
	var stack, idx []int
	var nodes, prevNodes []int // the frames' calls, this step and the step before
	var prevEv tracer.Event
	traits := rec.traits()
	for k := int64(1); k <= n; k++ {
		if k%playerCheck == 0 && ctx.Err() != nil {
			return nil, ctx.Err()
		}
		e := rec.At(k)
		for i := range nar {
			note := nar[i].Note(&e)
			if own, ok := rec.logNote(k, langs[i]); ok {
				note = own
			}
			if err := pg.notes[i].add(note); err != nil {
				return nil, fmt.Errorf("html: notes: %w", err)
			}
		}
		board.Apply(&e)
		pb.k = append(pb.k, uint8(e.Kind))
		rule := int8(-1)
		if e.Kind == tracer.KindReject {
			rule = int8(e.Rule)
		}
		pb.rule = append(pb.rule, rule)
		tag := eventTag(rec.strategy, traits, &e, &prevEv)
		line := rec.codeLine(st[0].code, tag, &e)
		pb.line = append(pb.line, int16(line))

		// The board: what changed since the step before. A cell can
		// change only where the event placed or undid a value, or where
		// the marks of this step or the step before lie: those cells are
		// worked out again, row by row, the rest kept.
		s := &stepState{k: k, e: e, prev: prevEv, board: board, frames: rec.framesKnown(k, known)}
		m := st[0].marks(s)
		dirty = markedCells(markedCells(dirty[:0], rec, &prevMarks), rec, &m)
		if e.Kind == tracer.KindPlace || e.Kind == tracer.KindUndo {
			if c := e.Cell; c.Row >= 0 && c.Row < rec.shape.rows && c.Col >= 0 && c.Col < rec.shape.cols {
				dirty = append(dirty, c.Row*rec.shape.cols+c.Col)
			}
		}
		slices.Sort(dirty)
		dirty = slices.Compact(dirty)
		changed = changed[:0]
		for _, c := range dirty {
			if v := d.cellState(rec, board, m, c); v != cells[c] {
				cells[c] = v
				changed = append(changed, c)
			}
		}
		pb.bd = uvarint(pb.bd, len(changed))
		for _, c := range changed {
			pb.bd = uvarint(uvarint(pb.bd, c), cells[c])
		}
		prevMarks = m

		// The stack: frames kept from the step before, then the new ones.
		idx, nodes = idx[:0], nodes[:0]
		for _, f := range s.frames {
			nodes = append(nodes, f.node)
		}
		for i, f := range s.frames {
			top := i == len(s.frames)-1
			var key [2]int
			if !top {
				if i+1 < len(prevNodes) && prevNodes[i] == f.node && prevNodes[i+1] == nodes[i+1] {
					// Below the top the step before too, under the same
					// call: the same frame (below[key], looked up then).
					idx = append(idx, stack[i])
					continue
				}
				key = [2]int{f.node, nodes[i+1]}
				if j, ok := below[key]; ok {
					idx = append(idx, j)
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
			pk := pathKey{f.end, f.pass, f.slot, f.cell, f.value}
			path, ok := pathOf[pk]
			if !ok {
				for j := range st {
					path[j] = st[j].framePath(f)
				}
				pathOf[pk] = path
			}
			pf.Path = path
			if !pf.NoPick {
				for _, v := range f.choices {
					pf.Choices = append(pf.Choices, valueText(v))
				}
			}
			for _, t := range f.tried {
				pf.Tried = append(pf.Tried, playerTry{Value: valueText(t.value), Mark: int(t.mark), Rule: int(t.rule)})
			}
			j := pg.d.NFrames
			if top && lastTop >= 0 && slices.Equal(lastFrame.Tried, pf.Tried) && sameFrame(&lastFrame, &pf) {
				j = lastTop
			} else {
				// The tried list goes on from the node's last frame: most of
				// it is that frame's.
				tried := pf.Tried
				pf.From = -1
				own := tried
				if prev, ok := triedOfNode[f.node]; ok {
					keep := 0
					for keep < len(prev.tried) && keep < len(tried) && prev.tried[keep] == tried[keep] {
						keep++
					}
					if keep > 0 {
						pf.From, pf.Keep, own = prev.frame, keep, tried[keep:]
					}
				}
				triedOfNode[f.node] = nodeTried{j, tried}
				if err := pb.frame(d, &pf, j, own, str, paths); err != nil {
					return nil, err
				}
				d.NFrames++
				if top {
					lastFrame = pf
				}
			}
			if top {
				lastTop = j
			} else {
				below[key] = j
			}
			idx = append(idx, j)
		}
		keep := 0
		for keep < len(stack) && keep < len(idx) && stack[keep] == idx[keep] {
			keep++
		}
		pb.sk = uvarint(uvarint(pb.sk, keep), len(idx)-keep)
		for _, j := range idx[keep:] {
			pb.sk = uvarint(pb.sk, j)
		}
		stack = append(stack[:0], idx...)
		prevNodes, nodes = nodes, prevNodes
		if e.Kind == tracer.KindReturn {
			// A call that returned never shows again: forget its frames.
			delete(triedOfNode, e.Node)
			if c, ok := rec.callOf(e.Node); ok {
				known.forget(c.Parent, e.Node)
				delete(below, [2]int{c.Parent, e.Node})
			}
		}
		prevEv = e
	}
	for i := range pg.notes {
		if err := pg.notes[i].flush(); err != nil {
			return nil, fmt.Errorf("html: notes: %w", err)
		}
	}
	return pg, nil
}

// frame packs frame j, pf, whose own tried entries are own (the rest go
// on from frame pf.From), into the blob, its strings into d's tables.
func (pb *playerBin) frame(d *playerData, pf *playerFrame, j int, own []playerTry, str func(string) int, paths map[[2]string]int) error {
	if pf.Node < 0 || pf.Depth < 0 || pf.Ret < 0 || pf.State < 0 {
		return fmt.Errorf("html: frame %d: node %d, depth %d, state %d: want none negative", j, pf.Node, pf.Depth, pf.State)
	}
	path, ok := paths[pf.Path]
	if !ok {
		path = len(d.Paths)
		paths[pf.Path] = path
		if pf.Path[0] == pf.Path[1] {
			d.Paths = append(d.Paths, pf.Path[0])
		} else {
			d.Paths = append(d.Paths, []string{pf.Path[0], pf.Path[1]})
		}
	}
	b := pb.fr
	b = uvarint(uvarint(uvarint(b, pf.Node), pf.Depth), path)
	b = uvarint(uvarint(b, pf.State), pf.Ret)
	if pf.NoPick {
		b = uvarint(b, 0)
	} else {
		b = uvarint(b, 1+str(strings.Join(pf.Choices, " ")))
	}
	if pf.From >= 0 {
		b = uvarint(uvarint(b, j-pf.From), pf.Keep)
	} else {
		b = uvarint(b, 0)
	}
	b = uvarint(b, len(own))
	for _, t := range own {
		if t.Mark < 0 || t.Mark > 3 || t.Rule < 0 || t.Rule >= 16 {
			return fmt.Errorf("html: frame %d: a try marked %d, rule %d", j, t.Mark, t.Rule)
		}
		b = uvarint(b, str(t.Value)<<6|t.Mark<<4|t.Rule)
	}
	pb.fr = b
	return nil
}

// board fills in the board's shape, glyphs and start.
func (d *playerData) board(rec *Recording, s *Stepper) error {
	sh := rec.shape
	b := &d.Board
	b.Rows, b.Cols, b.Box, b.Pieces = sh.rows, sh.cols, sh.box, sh.pieces
	b.Glyphs = []string{""}
	if sh.rows*sh.cols > 1<<14 {
		return errors.New("the board is too big for a player page")
	}
	b.Start = d.cellStates(rec, rec.start, boardMarks{cand: tracer.NoPos, slot: tracer.NoPos, slotRow: -1})
	return nil
}

// cellStates packs each cell of board with the marks m: glyph×64 + base×8
// + overlay.
func (d *playerData) cellStates(rec *Recording, board *tracer.Board, m boardMarks) []int {
	out := make([]int, rec.shape.rows*rec.shape.cols)
	d.cellStatesInto(out, rec, board, m)
	return out
}

// cellStatesInto is cellStates into out, one int a cell.
func (d *playerData) cellStatesInto(out []int, rec *Recording, board *tracer.Board, m boardMarks) {
	rows, cols := rec.shape.rows, rec.shape.cols
	for i := range rows * cols {
		out[i] = d.cellState(rec, board, m, i)
	}
}

// cellState is cell i's state (row by row) on board with the marks m,
// as cellStates packs it. A glyph it meets first joins Board.Glyphs: the
// cells are worked out in order, row by row, so that the glyphs are
// numbered in the order they are met.
func (d *playerData) cellState(rec *Recording, board *tracer.Board, m boardMarks, i int) int {
	cols := rec.shape.cols
	if len(d.given) != rec.shape.rows*cols {
		d.given = make([]bool, rec.shape.rows*cols)
		for j := range d.given {
			d.given[j] = rec.start.Given(tracer.Pos{Row: j / cols, Col: j % cols})
		}
	}
	r, c := i/cols, i%cols
	p := tracer.Pos{Row: r, Col: c}
	base, g := cellBlank, 0
	if v, ok := board.At(p); ok {
		base, g = cellPlaced, d.glyph(rec, v)
		if d.given[i] {
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
			g = d.glyph(rec, m.candValue)
		}
	case slices.Contains(m.clashes, p):
		over = overClash
	case p == m.slot:
		over = overSlot
	case m.slotRow == r && rec.shape.pieces && slices.Contains(m.choices, c):
		over = overChoice
	}
	if f := rec.start.Fixed(p); f != "" {
		// The fixed layer (a word search's letter) is the cell's text,
		// a move on it or not: the move shows as the cell's state.
		g = d.glyphIdx(rec, f)
		if base == cellBlank {
			base = cellFixed
		}
	}
	return g*64 + base*8 + over
}

// glyph is value v's glyph's index in Board.Glyphs, found once
// (d.glyphMemo[v-lo] is index+1).
func (d *playerData) glyph(rec *Recording, v int) int {
	i := v - rec.shape.lo
	if i < 0 || i >= 1<<12 {
		return d.glyphIdx(rec, rec.glyph(v))
	}
	if i >= len(d.glyphMemo) {
		d.glyphMemo = append(d.glyphMemo, make([]int, i+1-len(d.glyphMemo))...)
	}
	if d.glyphMemo[i] == 0 {
		d.glyphMemo[i] = d.glyphIdx(rec, rec.glyph(v)) + 1
	}
	return d.glyphMemo[i] - 1
}

// glyphIdx is glyph g's index in Board.Glyphs, added if new.
func (d *playerData) glyphIdx(rec *Recording, g string) int {
	if rec.shape.pieces {
		// A board of pieces shows them as pieces, not letters.
		g = rec.def.Board.PieceGlyph
		if g == "" {
			g = "●"
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

// markedCells appends to out the cells (row by row indices) that the
// marks m can set an overlay on: the candidate, the cells it clashes
// with, the slot and on a board of pieces the slot row's choices.
func markedCells(out []int, rec *Recording, m *boardMarks) []int {
	rows, cols := rec.shape.rows, rec.shape.cols
	add := func(p tracer.Pos) {
		if p.Row >= 0 && p.Row < rows && p.Col >= 0 && p.Col < cols {
			out = append(out, p.Row*cols+p.Col)
		}
	}
	add(m.cand)
	for _, p := range m.clashes {
		add(p)
	}
	add(m.slot)
	if rec.shape.pieces && m.slotRow >= 0 {
		for _, c := range m.choices {
			add(tracer.Pos{Row: m.slotRow, Col: c})
		}
	}
	return out
}
