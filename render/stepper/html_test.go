package stepper

import (
	"bytes"
	"compress/gzip"
	"context"
	"encoding/base64"
	"encoding/binary"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"reflect"
	"regexp"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/backtrack-edu/backtrack/tracer"
	"github.com/backtrack-edu/backtrack/tracer/problems/sudoku"
)

// htmlRun is a recorded run with its tree and summary, as trace --html
// makes them.
type htmlRun struct {
	rec  *Recording
	tree *tracer.Tree
	sum  tracer.Summary
}

func recordRun(t testing.TB, spec tracer.Spec) htmlRun {
	t.Helper()
	p, opts, err := spec.Build()
	if err != nil {
		t.Fatal(err)
	}
	info := p.Info()
	rec := NewRecording(info, tracer.StrategyOf(info, opts))
	tree, st := tracer.NewTree(), &tracer.Stats{}
	opts.Sinks = []tracer.Sink{rec, tree, st}
	res, err := tracer.Run(context.Background(), p, opts)
	if err != nil {
		t.Fatal(err)
	}
	return htmlRun{rec, tree, tracer.Summarize(info, opts, res, st)}
}

func (r htmlRun) page(t testing.TB, opt HTMLOptions) []byte {
	t.Helper()
	opt.TreePane = true
	var b bytes.Buffer
	if err := WriteHTML(&b, r.rec, opt); err != nil {
		t.Fatal(err)
	}
	return b.Bytes()
}

// pageData is the data a page carries, as its script reads it.
type pageData struct {
	Steps int64     `json:"steps"`
	Total int64     `json:"total"`
	Cut   [2]string `json:"cut"`
	Board struct {
		Start  []int    `json:"start"`
		Glyphs []string `json:"glyphs"`
	} `json:"board"`
	NoteChunk int               `json:"noteChunk"`
	Bin       map[string][2]int `json:"bin"`
	NFrames   int               `json:"nframes"`
	Strs      []string          `json:"strs"`
	Paths     []any             `json:"paths"`
	FsRet     int               `json:"fsret"`
	// From the binary data, as the script reads it.
	K      []int
	Rule   []int
	Line   []int
	BD     []int // every varint of the section, in order
	SK     []int
	Notes  [2][]string
	Frames []map[string]any // as the old JSON had them: "n", "d", "p", "s", "r", "c", "tb", "tk", "t"
	Words  [2]struct {
		Returns []string `json:"returns"`
	} `json:"words"`
	Tree bool `json:"tree"`
}

var pageDataRE = regexp.MustCompile(`<script id="data" type="application/octet-stream" data-note-chunk="\d+">([A-Za-z0-9+/=]*)</script>`)

var pageBinRE = regexp.MustCompile(`<script id="bin" type="application/octet-stream">([A-Za-z0-9+/=]*)</script>`)

var pageNotesRE = regexp.MustCompile(`<script id="n-(en|zh)-(\d+)" type="application/octet-stream">([A-Za-z0-9+/=]*)</script>`)

// inflate decodes base64 gzipped bytes.
func inflate(t testing.TB, b64 []byte) []byte {
	t.Helper()
	z, err := base64.StdEncoding.DecodeString(string(b64))
	if err != nil {
		t.Fatal(err)
	}
	zr, err := gzip.NewReader(bytes.NewReader(z))
	if err != nil {
		t.Fatal(err)
	}
	b, err := io.ReadAll(zr)
	if err != nil {
		t.Fatal(err)
	}
	return b
}

// unpack decodes base64 gzipped JSON into v.
func unpack(t testing.TB, b64 []byte, v any) {
	t.Helper()
	if err := json.Unmarshal(inflate(t, b64), v); err != nil {
		t.Fatalf("the page's data is not JSON: %v", err)
	}
}

// readBin reads the page's binary data into d, as the script does:
// typed arrays at the offsets d.Bin gives, varint streams read through.
func readBin(t testing.TB, d *pageData, bin []byte) {
	t.Helper()
	sec := func(name string, size int) []byte {
		at, ok := d.Bin[name]
		if !ok || at[0]%size != 0 || at[0]+at[1]*size > len(bin) {
			t.Fatalf("section %s at %v: missing, misaligned or past the end (%d bytes)", name, at, len(bin))
		}
		return bin[at[0] : at[0]+at[1]*size]
	}
	for _, b := range sec("k", 1) {
		d.K = append(d.K, int(b))
	}
	for _, b := range sec("rule", 1) {
		d.Rule = append(d.Rule, int(int8(b)))
	}
	for b := sec("line", 2); len(b) > 0; b = b[2:] {
		d.Line = append(d.Line, int(int16(binary.LittleEndian.Uint16(b))))
	}
	varints := func(b []byte) []int {
		var out []int
		for len(b) > 0 {
			v, n := binary.Uvarint(b)
			if n <= 0 {
				t.Fatalf("a bad varint")
			}
			out, b = append(out, int(v)), b[n:]
		}
		return out
	}
	d.BD, d.SK = varints(sec("bd", 1)), varints(sec("sk", 1))
	fr := varints(sec("fr", 1))
	for i := 0; i < d.NFrames; i++ {
		if len(fr) < 8 {
			t.Fatalf("frame %d: the frames end early", i)
		}
		f := map[string]any{"n": float64(fr[0]), "d": float64(fr[1]), "p": d.Paths[fr[2]], "s": float64(fr[3])}
		if fr[3] == d.FsRet {
			f["r"] = float64(fr[4])
		}
		if fr[5] > 0 {
			f["c"] = d.Strs[fr[5]-1]
		}
		fr = fr[6:]
		if fr[0] > 0 {
			f["tb"], f["tk"] = float64(i-fr[0]), float64(fr[1])
			fr = fr[1:]
		}
		nt := fr[1]
		fr = fr[2:]
		var tries []any
		for _, x := range fr[:nt] {
			try := []any{d.Strs[x>>6], float64(x >> 4 & 3)}
			if x>>4&3 == 0 {
				try = append(try, float64(x&15))
			}
			tries = append(tries, try)
		}
		if len(tries) > 0 {
			f["t"] = tries
		}
		fr = fr[nt:]
		d.Frames = append(d.Frames, f)
	}
	if len(fr) != 0 {
		t.Fatalf("%d values after the last frame", len(fr))
	}
}

// readPage unpacks a page's data as the script does: base64, gzip, JSON;
// the notes from their blocks, in order; every frame's tried list whole.
func readPage(t testing.TB, page []byte) *pageData {
	t.Helper()
	m := pageDataRE.FindSubmatch(page)
	if m == nil {
		t.Fatal("the page holds no data")
	}
	var d pageData
	unpack(t, m[1], &d)
	b := pageBinRE.FindSubmatch(page)
	if b == nil {
		t.Fatal("the page holds no binary data")
	}
	readBin(t, &d, inflate(t, b[1]))
	if d.NoteChunk != noteChunk {
		t.Fatalf("the page's data says its note blocks hold %d notes, want %d", d.NoteChunk, noteChunk)
	}
	for _, nm := range pageNotesRE.FindAllSubmatch(page, -1) {
		var raw []any
		unpack(t, nm[3], &raw)
		// A number stands for the note of an earlier step of the block.
		block := make([]string, len(raw))
		said := map[string]bool{}
		for j, x := range raw {
			switch x := x.(type) {
			case string:
				if said[x] {
					t.Fatalf("note block %s %s, note %d: %q is written out again, not referred to", nm[1], nm[2], j, x)
				}
				said[x] = true
				block[j] = x
			case float64:
				if x != float64(int(x)) || int(x) < 0 || int(x) >= j {
					t.Fatalf("note block %s %s, note %d: refers to note %v", nm[1], nm[2], j, x)
				}
				if _, isNum := raw[int(x)].(float64); isNum {
					t.Fatalf("note block %s %s, note %d: refers to note %v, itself a reference", nm[1], nm[2], j, x)
				}
				block[j] = block[int(x)]
			default:
				t.Fatalf("note block %s %s, note %d: %T, want a string or a number", nm[1], nm[2], j, x)
			}
		}
		i := 0
		if string(nm[1]) == "zh" {
			i = 1
		}
		if c, _ := strconv.Atoi(string(nm[2])); c*noteChunk != len(d.Notes[i]) {
			t.Fatalf("note block %s %s comes after %d notes", nm[1], nm[2], len(d.Notes[i]))
		}
		d.Notes[i] = append(d.Notes[i], block...)
	}
	for i, f := range d.Frames {
		if from, ok := f["tb"].(float64); ok {
			prev, _ := d.Frames[int(from)]["t"].([]any)
			own, _ := f["t"].([]any)
			f["t"] = append(append([]any(nil), prev[:int(f["tk"].(float64))]...), own...)
			if int(from) >= i {
				t.Fatalf("frame %d goes on from frame %d", i, int(from))
			}
		}
	}
	return &d
}

// TestFramesKnown: the stack frames worked out with the frames below the
// top remembered are those worked out afresh, at every step.
func TestFramesKnown(t *testing.T) {
	for _, c := range []struct {
		name string
		spec tracer.Spec
		upTo int64
	}{
		{"queens5", tracer.Spec{Problem: "nqueens", N: 5}, 0},
		{"leetcode37", tracer.Spec{Problem: "sudoku"}, 6000},
		{"4×4 cells", tracer.Spec{Problem: "sudoku", Puzzle: ".4......3.4...2.", Order: sudoku.OrderCells}, 0},
		{"drop return-false", tracer.Spec{Problem: "sudoku", Drop: tracer.DropReturnFalse}, 0},
		{"when after", tracer.Spec{Problem: "nqueens", N: 4, When: tracer.WhenAfter}, 0},
	} {
		t.Run(c.name, func(t *testing.T) {
			r := recordRun(t, c.spec)
			n := r.rec.Len()
			if c.upTo > 0 {
				n = min(n, c.upTo)
			}
			known := newFrameMemo()
			for k := int64(1); k <= n; k++ {
				got, want := r.rec.framesKnown(k, known), r.rec.frames(k)
				if !reflect.DeepEqual(got, want) {
					t.Fatalf("step %d: remembered frames %+v, afresh %+v", k, got, want)
				}
				// As the player forgets a call that returned.
				if e := r.rec.At(k); e.Kind == tracer.KindReturn {
					if c, ok := r.rec.callOf(e.Node); ok {
						known.forget(c.Parent, e.Node)
					}
				}
			}
		})
	}
}

// TestPlayerSteps replays a page's data as its script does (the board's
// and the stack's changes, step by step) and checks every step against
// the stepper's own view of it: the board and its marks, the stack, the
// note in both languages, the code line.
func TestPlayerSteps(t *testing.T) {
	for _, c := range []struct {
		name string
		spec tracer.Spec
	}{
		{"queens4", tracer.Spec{Problem: "nqueens", N: 4}},
		{"queens5 after", tracer.Spec{Problem: "nqueens", N: 5, When: tracer.WhenAfter}},
		{"4×4 cells", tracer.Spec{Problem: "sudoku", Puzzle: ".4......3.4...2.", Order: sudoku.OrderCells}},
		{"drop return-false", tracer.Spec{Problem: "sudoku", Drop: tracer.DropReturnFalse}},
		{"permutations leaf", tracer.Spec{Problem: "permutations", When: tracer.WhenLeaf}},
	} {
		t.Run(c.name, func(t *testing.T) {
			r := recordRun(t, c.spec)
			d := readPage(t, r.page(t, HTMLOptions{}))
			if d.Steps != r.rec.Len() || d.Total != r.rec.Len() || d.Cut[0] != "" {
				t.Fatalf("steps %d of %d (cut %q), want all %d", d.Steps, d.Total, d.Cut[0], r.rec.Len())
			}
			en, zh := New(r.rec, Options{Lang: tracer.LangEN}), New(r.rec, Options{Lang: tracer.LangZH})
			cells := append([]int(nil), d.Board.Start...)
			var stack []int
			bo, so := 0, 0
			for k := int64(1); k <= d.Steps; k++ {
				// The script's apply.
				n := d.BD[bo]
				for i := 0; i < n; i++ {
					cells[d.BD[bo+1+2*i]] = d.BD[bo+2+2*i]
				}
				bo += 1 + 2*n
				keep, m := d.SK[so], d.SK[so+1]
				stack = append(stack[:keep], d.SK[so+2:so+2+m]...)
				so += 2 + m

				e := r.rec.At(k)
				if d.K[k-1] != int(e.Kind) {
					t.Fatalf("step %d: kind %d, want %d", k, d.K[k-1], e.Kind)
				}
				if rule := d.Rule[k-1]; e.Kind == tracer.KindReject && rule != int(e.Rule) || e.Kind != tracer.KindReject && rule != -1 {
					t.Fatalf("step %d (%s): rule %d, want %d", k, e.Kind, rule, e.Rule)
				}
				for i, s := range []*Stepper{en, zh} {
					if got, want := d.Notes[i][k-1], r.rec.noteAt(k, s.lang); got != want {
						t.Fatalf("step %d: %s note %q, want %q", k, s.lang, got, want)
					}
				}
				en.Goto(k)
				st := en.state()
				var want playerData
				want.Board.Glyphs = []string{""}
				wantCells := want.cellStates(r.rec, st.board, en.marks(st))
				for i := range cells {
					gotGlyph, wantGlyph := "?", want.Board.Glyphs[wantCells[i]>>6]
					if g := cells[i] >> 6; g < len(d.Board.Glyphs) {
						gotGlyph = d.Board.Glyphs[g]
					}
					if cells[i]&63 != wantCells[i]&63 || gotGlyph != wantGlyph {
						t.Fatalf("step %d: cell %d is %q marked %o, the stepper shows %q marked %o", k, i, gotGlyph, cells[i]&63, wantGlyph, wantCells[i]&63)
					}
				}
				frames := r.rec.frames(k)
				if len(stack) != len(frames) {
					t.Fatalf("step %d: %d frames, want %d", k, len(stack), len(frames))
				}
				for i, f := range frames {
					pf := d.Frames[stack[i]]
					if int(pf["n"].(float64)) != f.node || int(pf["s"].(float64)) != int(f.state) {
						t.Fatalf("step %d: frame %d is %v, want node %d state %d", k, i, pf, f.node, f.state)
					}
					if _, ok := pf["c"]; ok != !(f.end || f.pass || f.slot.Row < 0) {
						t.Fatalf("step %d: frame %d choices %v, want a list: %v", k, i, pf["c"], ok)
					}
					if tried, _ := pf["t"].([]any); len(tried) != len(f.tried) {
						t.Fatalf("step %d: frame %d tried %v, want %d", k, i, pf["t"], len(f.tried))
					}
					path := [2]string{en.framePath(f), zh.framePath(f)}
					got := fmt.Sprint(pf["p"])
					if want := fmt.Sprint(path[0]); path[0] != path[1] {
						want = fmt.Sprint([]string{path[0], path[1]})
						if got != want {
							t.Fatalf("step %d: frame %d path %v, want %v", k, i, pf["p"], want)
						}
					} else if got != want {
						t.Fatalf("step %d: frame %d path %v, want %v", k, i, pf["p"], want)
					}
					if _, ok := pf["r"]; int(pf["d"].(float64)) != f.depth || ok != (f.state == fsReturn) {
						t.Fatalf("step %d: frame %d depth %v, return label %v; want depth %d, state %d", k, i, pf["d"], pf["r"], f.depth, f.state)
					}
				}
				line := -1
				if tag := eventTag(r.rec.strategy, r.rec.traits(), &e, &st.prev); tag != tagNone {
					for i, c := range en.code {
						if c.tag == tag {
							line = i
							break
						}
					}
				}
				if d.Line[k-1] != line {
					t.Fatalf("step %d: code line %d, want %d", k, d.Line[k-1], line)
				}
			}
			if bo != len(d.BD) || so != len(d.SK) {
				t.Errorf("the board's and the stack's changes end at %d/%d and %d/%d", bo, len(d.BD), so, len(d.SK))
			}
		})
	}
}

// TestPlayerTreeMoves checks what the page's script builds its tree pane
// from: the stack it carries names each call's and each pruned try's
// move. At a call step the frame under the top (the caller) shows the
// move that made the call; at a reject step the top frame shows the move
// rejected. A page with a tree says so; one without does not.
func TestPlayerTreeMoves(t *testing.T) {
	for _, spec := range []tracer.Spec{
		{Problem: "nqueens", N: 5},
		{Problem: "permutations", N: 3},
		{Problem: "sudoku", Puzzle: ".4......3.4...2."},
		{Problem: "sudoku", Puzzle: ".4......3.4...2.", Order: sudoku.OrderCells},
	} {
		t.Run(spec.Problem+"-"+string(spec.Order), func(t *testing.T) {
			r := recordRun(t, spec)
			d := readPage(t, r.page(t, HTMLOptions{}))
			if !d.Tree {
				t.Fatal("a page made with a tree has no tree pane")
			}
			path := func(f map[string]any) string {
				switch p := f["p"].(type) {
				case string:
					return p
				case []any:
					return p[0].(string)
				}
				return fmt.Sprint(f["p"])
			}
			var stack []int
			at, calls, rejects := 0, 0, 0
			for k := int64(1); k <= d.Steps; k++ {
				keep, n := d.SK[at], d.SK[at+1]
				stack = append(stack[:keep], d.SK[at+2:at+2+n]...)
				at += 2 + n
				e := r.rec.At(k)
				switch {
				case e.Kind == tracer.KindCall && e.Parent >= 0 && e.Value >= 0:
					calls++
					if len(stack) < 2 {
						t.Fatalf("step %d: a call with %d frames on the stack", k, len(stack))
					}
					if got, want := path(d.Frames[stack[len(stack)-2]]), r.rec.moveLabel(e.Cell, e.Value); got != want {
						t.Fatalf("step %d: call %d: its caller's frame shows %q, want its move %q", k, e.Node, got, want)
					}
				case e.Kind == tracer.KindReject:
					rejects++
					if got, want := path(d.Frames[stack[len(stack)-1]]), r.rec.moveLabel(e.Cell, e.Value); got != want {
						t.Fatalf("step %d: a reject: the top frame shows %q, want the move rejected %q", k, got, want)
					}
				}
			}
			if calls == 0 || rejects == 0 {
				t.Fatalf("%d calls with a move, %d rejects: a run with neither checks nothing", calls, rejects)
			}
			var plain bytes.Buffer
			if err := WriteHTML(&plain, r.rec, HTMLOptions{}); err != nil {
				t.Fatal(err)
			}
			if readPage(t, plain.Bytes()).Tree {
				t.Error("a page made with no tree has a tree pane")
			}
		})
	}
}

// TestWriteHTML: the same run gives the same bytes; the page refers to
// nothing outside itself; sizes; a run longer than the page's limit is
// cut with a note in both languages.
func TestWriteHTML(t *testing.T) {
	q4 := recordRun(t, tracer.Spec{Problem: "nqueens", N: 4})
	a, b := q4.page(t, HTMLOptions{}), q4.page(t, HTMLOptions{Lang: tracer.LangEN})
	if !bytes.Equal(a, b) {
		t.Error("two pages of one run differ")
	}
	// 110 KB: the page grew past 100 KB with predict mode's fog and depth
	// band and the phone layout (issue 33: 98 -> 106 KB).
	if len(a) > 110<<10 {
		t.Errorf("the 4-queens page is %d bytes, want under 110 KB", len(a))
	}
	for _, bad := range []string{"<link", "@import", "url(", " src=", "href=", "https://", "<iframe"} {
		if bytes.Contains(a, []byte(bad)) {
			t.Errorf("the page has %q: it must not refer to anything outside itself", bad)
		}
	}
	if n := bytes.Count(a, []byte("http://")); n != 1 || !bytes.Contains(a, []byte(`"http://www.w3.org/2000/svg"`)) {
		t.Errorf("the page names %d http:// addresses, want only the SVG namespace", n)
	}
	zh := q4.page(t, HTMLOptions{Lang: tracer.LangZH})
	if !bytes.Contains(zh, []byte(`<html lang="zh">`)) || !bytes.Contains(zh, []byte("<title>4 皇后")) {
		t.Errorf("a Chinese page: %s", zh[:300])
	}

	cut := readPage(t, q4.page(t, HTMLOptions{MaxSteps: 100}))
	if cut.Steps != 100 || cut.Total != 187 || len(cut.K) != 100 || len(cut.Notes[1]) != 100 {
		t.Errorf("cut at 100: steps %d of %d, %d kinds, %d notes", cut.Steps, cut.Total, len(cut.K), len(cut.Notes[1]))
	}
	if !strings.Contains(cut.Cut[0], "first 100 of the run's 187 steps") || !strings.Contains(cut.Cut[0], "--max-steps") ||
		!strings.Contains(cut.Cut[1], "187 步中的前 100 步") {
		t.Errorf("the cut note: %q / %q", cut.Cut[0], cut.Cut[1])
	}
	var buf bytes.Buffer
	if err := WriteHTML(&buf, q4.rec, HTMLOptions{MaxSteps: MaxHTMLSteps + 1}); err == nil {
		t.Error("a page of more than MaxHTMLSteps steps: no error")
	}

	if testing.Short() {
		return
	}
	lc := recordRun(t, tracer.Spec{Problem: "sudoku"})
	page := lc.page(t, HTMLOptions{})
	if len(page) > 3<<20 {
		t.Errorf("the LeetCode 37 page is %d bytes, want under 3 MB", len(page))
	}
	if d := readPage(t, page); d.Steps != 96246 {
		t.Errorf("the LeetCode 37 page holds %d steps, want all 96246", d.Steps)
	}
	t.Logf("page sizes: 4-queens %d bytes, LeetCode 37 %d bytes", len(a), len(page))
}

// TestFollowBrowser: a page made with FollowBrowser marks its root so that
// the player opens in the browser's language; one made without does not,
// and is otherwise the same page.
func TestFollowBrowser(t *testing.T) {
	p, opts, err := tracer.Spec{Problem: "nqueens", N: 4}.Build()
	if err != nil {
		t.Fatal(err)
	}
	info := p.Info()
	rec := NewRecording(info, tracer.StrategyOf(info, opts))
	opts.Sinks = []tracer.Sink{rec}
	if _, err := tracer.Run(context.Background(), p, opts); err != nil {
		t.Fatal(err)
	}
	var plain, follow bytes.Buffer
	if err := WriteHTML(&plain, rec, HTMLOptions{Lang: tracer.LangEN}); err != nil {
		t.Fatal(err)
	}
	if err := WriteHTML(&follow, rec, HTMLOptions{Lang: tracer.LangEN, FollowBrowser: true}); err != nil {
		t.Fatal(err)
	}
	const mark = `<html lang="en" data-follow="browser">`
	if !bytes.Contains(follow.Bytes(), []byte(mark)) {
		t.Errorf("the FollowBrowser page lacks %s", mark)
	}
	if !bytes.Contains(plain.Bytes(), []byte(`<html lang="en">`)) {
		t.Errorf("the plain page lacks <html lang=\"en\">")
	}
	if got := bytes.Replace(follow.Bytes(), []byte(` data-follow="browser"`), nil, 1); !bytes.Equal(got, plain.Bytes()) {
		t.Errorf("the pages differ beyond the mark")
	}
}

// TestNewPlayersSameAsNewPlayer: the pages NewPlayers makes for several
// languages at once are, byte for byte, the pages NewPlayer makes for
// each, whatever the order of the languages and opt's own.
func TestNewPlayersSameAsNewPlayer(t *testing.T) {
	for _, c := range []struct {
		name string
		spec tracer.Spec
		opt  HTMLOptions
	}{
		{"queens4", tracer.Spec{Problem: "nqueens", N: 4}, HTMLOptions{TreePane: true}},
		{"leetcode37 cut", tracer.Spec{Problem: "sudoku"}, HTMLOptions{Lang: tracer.LangZH, MaxSteps: 3000, Total: 96246, TreePane: true}},
		{"permutations3 predict", tracer.Spec{Problem: "permutations", N: 3}, HTMLOptions{Predict: true, FollowBrowser: true}},
	} {
		t.Run(c.name, func(t *testing.T) {
			rec := recordRun(t, c.spec).rec
			want := map[tracer.Lang][]byte{}
			for _, l := range []tracer.Lang{tracer.LangEN, tracer.LangZH} {
				opt := c.opt
				opt.Lang = l
				pl, err := NewPlayer(rec, opt)
				if err != nil {
					t.Fatal(err)
				}
				want[l] = pl.Bytes()
			}
			if bytes.Equal(want[tracer.LangEN], want[tracer.LangZH]) {
				t.Fatal("the English and Chinese pages are the same bytes")
			}
			for _, langs := range [][]tracer.Lang{{tracer.LangEN, tracer.LangZH}, {tracer.LangZH, tracer.LangEN}} {
				ps, err := NewPlayers(rec, c.opt, langs...)
				if err != nil {
					t.Fatal(err)
				}
				if len(ps) != len(langs) {
					t.Fatalf("%d pages for %d languages", len(ps), len(langs))
				}
				for i, l := range langs {
					if !bytes.Equal(ps[i].Bytes(), want[l]) {
						t.Errorf("NewPlayers(%v): the %s page differs from NewPlayer's", langs, l)
					}
					if ps[i].opt.Lang != l {
						t.Errorf("NewPlayers(%v): the %s page says its language is %q", langs, l, ps[i].opt.Lang)
					}
				}
			}
		})
	}
}

// TestNewPlayersContextStops: a player page stops being made soon after
// its context ends (a site build's Ctrl-C), with the context's error.
func TestNewPlayersContextStops(t *testing.T) {
	rec := recordRun(t, tracer.Spec{Problem: "sudoku"}).rec
	ctx, cancel := context.WithCancel(context.Background())
	cancel()
	start := time.Now()
	ps, err := NewPlayersContext(ctx, rec, HTMLOptions{MaxSteps: 90000, TreePane: true}, tracer.LangEN)
	if d := time.Since(start); !errors.Is(err, context.Canceled) || ps != nil || d > 100*time.Millisecond {
		t.Errorf("canceled: %v, %v after %v; want context.Canceled at once", ps, err, d)
	}
}
