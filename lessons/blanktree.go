package lessons

import (
	"fmt"
	"slices"
	"strconv"
	"strings"

	"github.com/backtrack-edu/backtrack/tracer"
	"github.com/backtrack-edu/backtrack/tracer/words"
)

// The sizes of a blank tree (BlankTreeSpec).
const (
	defaultBlankBoxes = 12
	defaultBlanks     = 4
	maxBlankBoxes     = 40
)

// eventsOnly feeds a capped tree its events one by one, so that the tree
// stops recording when it is full instead of stopping the search (Run
// stops a search whose own *tracer.Tree is full).
type eventsOnly struct{ t *tracer.Tree }

func (s eventsOnly) Event(e *tracer.Event) { s.t.Event(e) }

// blankTree is a blank tree worked out from its run: the boxes in the
// order the search made them, each box's label and its blank number (0:
// shown).
type blankTree struct {
	t      *tracer.Tree
	n      int      // boxes
	labels []string // by box
	blank  []int    // by box: its blank's number, 0 if shown
}

// blankTreeOf works out the blank tree bt of run r: the first bt.Boxes
// nodes of its tree (a parent always comes before its children, so they
// are a tree), bt.Blanks of them blanked, spread evenly over the boxes
// after the root.
func (p *page) blankTreeOf(name string) (*blankTree, error) {
	bt := byName(p.l.Spec.BlankTrees, name, func(x *BlankTreeSpec) string { return x.Name })
	if bt == nil {
		return nil, fmt.Errorf("unknown blank tree %q", name)
	}
	r, err := p.ran(bt.Run)
	if err != nil {
		return nil, err
	}
	if r.blank == nil {
		return nil, fmt.Errorf("blank tree %s: run %s kept no tree", name, bt.Run)
	}
	if err := r.blank.Err(); err != nil {
		return nil, fmt.Errorf("blank tree %s: %w", name, err)
	}
	n := min(bt.Boxes, r.blank.Len())
	if n < bt.Blanks+1 {
		return nil, fmt.Errorf("blank tree %s: run %s made %d boxes, too few for %d blanks", name, bt.Run, n, bt.Blanks)
	}
	x := &blankTree{t: r.blank, n: n, labels: make([]string, n), blank: make([]int, n)}
	def := r.info.Def
	for i := range n {
		x.labels[i] = p.boxLabel(def, r.blank.Node(int32(i)))
	}
	for k := range bt.Blanks {
		x.blank[1+(2*k+1)*(n-1)/(2*bt.Blanks)] = k + 1
	}
	return x, nil
}

// boxLabel is a box's text: the root, a call's move (✓ on a solution), or
// a pruned try's move with ✗ and the rule's mark, as the stepper's tried
// lists write it ("✗ r1=c0 col", "✗ r1=c0 同列").
func (p *page) boxLabel(def *tracer.Def, nd tracer.Node) string {
	if nd.Parent < 0 {
		return words.LessonRoot.In(p.lang)
	}
	move := def.MoveLabel(nd.Cell(), int(nd.Value))
	if nd.Kind == tracer.NodePruned {
		w := def.RuleWordsOf(nd.Rule)
		mark := w.Mark.In(p.lang)
		if mark == "" {
			mark = w.Short.In(p.lang)
		}
		return "✗ " + move + " " + mark
	}
	if nd.Solved {
		return move + " ✓"
	}
	return move
}

// BlankTree draws a blank tree as an outline in a code block, one box a
// line under its parent, the blanked boxes as [1], [2], …
func (p *page) BlankTree(name string) (string, error) {
	x, err := p.blankTreeOf(name)
	if err != nil {
		return "", err
	}
	var b strings.Builder
	b.WriteString("```\n")
	var walk func(i int32, prefix string, last bool, root bool)
	walk = func(i int32, prefix string, last, root bool) {
		text := x.labels[i]
		if k := x.blank[i]; k > 0 {
			text = "[" + strconv.Itoa(k) + "]"
		}
		switch {
		case root:
			b.WriteString(text + "\n")
		case last:
			b.WriteString(prefix + "└─ " + text + "\n")
			prefix += "   "
		default:
			b.WriteString(prefix + "├─ " + text + "\n")
			prefix += "│  "
		}
		var kids []int32
		for c := x.t.FirstChild(i); c >= 0 && int(c) < x.n; c = x.t.NextSibling(c) {
			kids = append(kids, c)
		}
		for j, c := range kids {
			walk(c, prefix, j == len(kids)-1, false)
		}
	}
	walk(0, "", true, true)
	b.WriteString("```")
	return b.String(), nil
}

// BlankKey gives each blank of a blank tree its box: "[1] r1=c2, [2] ✗
// r2=c0 col, …", as the run made them.
func (p *page) BlankKey(name string) (string, error) {
	x, err := p.blankTreeOf(name)
	if err != nil {
		return "", err
	}
	var parts []string
	for k := 1; ; k++ {
		i := slices.Index(x.blank, k)
		if i < 0 {
			break
		}
		parts = append(parts, "["+strconv.Itoa(k)+"] "+x.labels[i])
	}
	return strings.Join(parts, words.Semicolon.In(p.lang)), nil
}

// BlankBoxes is the number of boxes a blank tree draws.
func (p *page) BlankBoxes(name string) (string, error) {
	x, err := p.blankTreeOf(name)
	if err != nil {
		return "", err
	}
	return strconv.Itoa(x.n), nil
}
