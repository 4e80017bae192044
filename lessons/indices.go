package lessons

import (
	"fmt"
	"slices"
	"strconv"
	"strings"

	"github.com/backtrack-edu/backtrack/tracer"
	"github.com/backtrack-edu/backtrack/tracer/problems/sudoku"
	"github.com/backtrack-edu/backtrack/tracer/words"
)

// The index arithmetic the tutorials use on a Sudoku board, for pages that
// teach it: the box number (r/3)*3 + c/3 (tutorials 002 and 004), the
// box's top-left corner ((r/3)*3, (c/3)*3) (tutorials 000, 003 and 004),
// tutorial 004's single loop over a box, cell [(r/3)*3 + i/3][(c/3)*3 +
// i%3] for i = 0..8, and tutorial 002's cell number n = r*9 + c, read back
// as (n/9, n%9). The side of the board and of its boxes come from a run's
// instance, so a page on a 4×4 puzzle gets its own numbers; every value is
// computed here with the formulas as the tutorials write them, and the
// tests check them against the framework's own box check (sudoku.Clash).
//
//	{{.Index "lc" "box" "4,5"}}      4: the box number of (4,5)
//	{{.Index "lc" "box1" "4,5"}}     5: the same, counted from one
//	{{.Index "lc" "corner" "4,5"}}   (3,3): its box's top-left corner
//	{{.Index "lc" "number" "4,5"}}   41: its cell number r*9 + c
//	{{.Index "lc" "cell" "41"}}      (4,5): cell number 41 as (n/9, n%9)
//	{{.Grid "lc" "box" "4,5"}}       every cell's box number, (4,5) marked
//	{{.Grid "lc" "number"}}          every cell's number
//	{{.BoxCells "lc" "4,5"}}         the nine cells the single loop visits, each showing its i
//	{{.BoxLoop "lc" "4,5"}}          the loop as a table: i, i/3, i%3, the cell

// geometry is the grid of a run's instance: n×n cells in box×box boxes.
type geometry struct{ n, box int }

// cellOf returns the grid of run and the cell named by cell on it.
func (p *page) cellOf(run, cell string) (geometry, tracer.Pos, error) {
	g, err := p.geometryOf(run)
	if err != nil {
		return g, tracer.NoPos, err
	}
	at, err := g.parseCell(cell)
	return g, at, err
}

// geometryOf returns the grid of run, which must be a Sudoku.
func (p *page) geometryOf(run string) (geometry, error) {
	r, err := p.ran(run)
	if err != nil {
		return geometry{}, err
	}
	sum := r.out.Summary
	if _, err := startBoard(sum); err != nil || sudoku.BoxSide(sum.Size) == 0 {
		return geometry{}, fmt.Errorf("run %s: %s has no boxes", run, sum.Problem)
	}
	return geometry{n: sum.Size, box: sudoku.BoxSide(sum.Size)}, nil
}

// parseCell reads "r,c" or a cell number "n".
func (g geometry) parseCell(s string) (tracer.Pos, error) {
	if a, b, ok := strings.Cut(s, ","); ok {
		r, err1 := strconv.Atoi(strings.TrimSpace(a))
		c, err2 := strconv.Atoi(strings.TrimSpace(b))
		if err1 != nil || err2 != nil || r < 0 || c < 0 || r >= g.n || c >= g.n {
			return tracer.NoPos, fmt.Errorf("cell %q: want r,c with each from 0 to %d", s, g.n-1)
		}
		return tracer.Pos{Row: r, Col: c}, nil
	}
	k, err := strconv.Atoi(strings.TrimSpace(s))
	if err != nil || k < 0 || k >= g.n*g.n {
		return tracer.NoPos, fmt.Errorf("cell %q: want r,c or a cell number from 0 to %d", s, g.n*g.n-1)
	}
	return g.cellOf(k), nil
}

// boxOf is the box number (r/3)*3 + c/3.
func (g geometry) boxOf(p tracer.Pos) int { return (p.Row/g.box)*g.box + p.Col/g.box }

// corner is the box's top-left cell ((r/3)*3, (c/3)*3).
func (g geometry) corner(p tracer.Pos) tracer.Pos {
	return tracer.Pos{Row: (p.Row / g.box) * g.box, Col: (p.Col / g.box) * g.box}
}

// visit is the cell tutorial 004's loop reaches at i from p:
// [(r/3)*3 + i/3][(c/3)*3 + i%3].
func (g geometry) visit(p tracer.Pos, i int) tracer.Pos {
	return tracer.Pos{Row: (p.Row/g.box)*g.box + i/g.box, Col: (p.Col/g.box)*g.box + i%g.box}
}

// number is the cell number r*9 + c; cellOf reads it back as (n/9, n%9).
func (g geometry) number(p tracer.Pos) int { return p.Row*g.n + p.Col }

func (g geometry) cellOf(k int) tracer.Pos { return tracer.Pos{Row: k / g.n, Col: k % g.n} }

// Index returns one value of the index arithmetic at a cell of run's grid:
// what is box, box1 (counted from one), corner, number or cell.
func (p *page) Index(run, what, cell string) (string, error) {
	g, at, err := p.cellOf(run, cell)
	if err != nil {
		return "", err
	}
	switch what {
	case "box":
		return strconv.Itoa(g.boxOf(at)), nil
	case "box1":
		return strconv.Itoa(g.boxOf(at) + 1), nil
	case "corner":
		return g.corner(at).String(), nil
	case "number":
		return strconv.Itoa(g.number(at)), nil
	case "cell":
		return at.String(), nil
	}
	return "", fmt.Errorf("index %q: want box, box1, corner, number or cell", what)
}

// Grid returns run's grid in a code block with every cell's box number
// (what "box") or cell number ("number"), the cells given marked [ ].
func (p *page) Grid(run, what string, marked ...string) (string, error) {
	g, err := p.geometryOf(run)
	if err != nil {
		return "", err
	}
	var label func(tracer.Pos) string
	switch what {
	case "box":
		label = func(c tracer.Pos) string { return strconv.Itoa(g.boxOf(c)) }
	case "number":
		label = func(c tracer.Pos) string { return strconv.Itoa(g.number(c)) }
	default:
		return "", fmt.Errorf("grid %q: want box or number", what)
	}
	mark := map[tracer.Pos]bool{}
	for _, s := range marked {
		c, err := g.parseCell(s)
		if err != nil {
			return "", err
		}
		mark[c] = true
	}
	return codeBlock(g.draw(label, mark)), nil
}

// BoxCells returns run's grid in a code block with the cells tutorial
// 004's single loop visits from cell, each showing its i, cell itself
// marked [ ], every other cell a dot.
func (p *page) BoxCells(run, cell string) (string, error) {
	g, at, err := p.cellOf(run, cell)
	if err != nil {
		return "", err
	}
	visited := map[tracer.Pos]int{}
	for i := 0; i < g.n; i++ {
		visited[g.visit(at, i)] = i
	}
	label := func(c tracer.Pos) string {
		if i, ok := visited[c]; ok {
			return strconv.Itoa(i)
		}
		return "."
	}
	return codeBlock(g.draw(label, map[tracer.Pos]bool{at: true})), nil
}

// BoxLoop returns tutorial 004's single loop over cell's box as a Markdown
// table: i, i/3, i%3 and the cell it reaches.
func (p *page) BoxLoop(run, cell string) (string, error) {
	g, at, err := p.cellOf(run, cell)
	if err != nil {
		return "", err
	}
	c := g.corner(at)
	var b strings.Builder
	fmt.Fprintf(&b, "| i | `i/%d` | `i%%%d` | %s |\n|---:|---:|---:|---|\n", g.box, g.box,
		fmt.Sprintf(words.LessonCellOfBox.In(p.lang), c.Row, g.box, c.Col, g.box))
	for i := 0; i < g.n; i++ {
		v := g.visit(at, i)
		cellText := v.String()
		if v == at {
			cellText = "**" + cellText + "**"
		}
		fmt.Fprintf(&b, "| %d | %d | %d | %s |\n", i, i/g.box, i%g.box, cellText)
	}
	return strings.TrimSuffix(b.String(), "\n"), nil
}

// draw writes the grid with a label in every cell, the marked ones in
// brackets, the row and column numbers around it and the boxes ruled off.
func (g geometry) draw(label func(tracer.Pos) string, mark map[tracer.Pos]bool) string {
	w := len(strconv.Itoa(g.n - 1)) // the widest label, at least the row numbers
	for r := 0; r < g.n; r++ {
		for c := 0; c < g.n; c++ {
			w = max(w, len(label(tracer.Pos{Row: r, Col: c})))
		}
	}
	cellText := func(s string, marked bool) string {
		s = strings.Repeat(" ", w-len(s)) + s
		if marked {
			return "[" + s + "]"
		}
		return " " + s + " "
	}
	margin := strings.Repeat(" ", len(strconv.Itoa(g.n-1))+1)
	row := func(prefix string, cell func(c int) string) string {
		var b strings.Builder
		b.WriteString(prefix)
		for c := 0; c < g.n; c++ {
			if c > 0 && c%g.box == 0 {
				b.WriteString(" |")
			}
			b.WriteString(cell(c))
		}
		return strings.TrimRight(b.String(), " ")
	}
	var lines []string
	lines = append(lines, row(margin, func(c int) string { return cellText(strconv.Itoa(c), false) }))
	rule := row(margin, func(int) string { return strings.Repeat("-", w+2) })
	rule = strings.ReplaceAll(rule, " |", "-+")
	lines = append(lines, rule)
	for r := 0; r < g.n; r++ {
		if r > 0 && r%g.box == 0 {
			lines = append(lines, rule)
		}
		name := strconv.Itoa(r)
		prefix := strings.Repeat(" ", len(margin)-1-len(name)) + name + " "
		lines = append(lines, row(prefix, func(c int) string {
			at := tracer.Pos{Row: r, Col: c}
			return cellText(label(at), mark[at])
		}))
	}
	return strings.Join(lines, "\n")
}

// Around lists the digits the starting board of run holds around a
// cell: in its row, its column or its box ("row", "column", "box", in
// the order the unit is read), or the digits none of them holds ("free",
// from the smallest; "free_desc" from the largest), as tutorial 004's
// three-elements example lists them.
func (p *page) Around(run, cell, what string) (string, error) {
	g, at, err := p.cellOf(run, cell)
	if err != nil {
		return "", err
	}
	v, err := p.value(run, "puzzle")
	if err != nil {
		return "", err
	}
	rows := strings.Split(v.text, "/")
	digit := func(q tracer.Pos) byte { return rows[q.Row][q.Col] }
	var cells []tracer.Pos
	switch what {
	case "row":
		for c := 0; c < g.n; c++ {
			cells = append(cells, tracer.Pos{Row: at.Row, Col: c})
		}
	case "column":
		for r := 0; r < g.n; r++ {
			cells = append(cells, tracer.Pos{Row: r, Col: at.Col})
		}
	case "box", "free", "free_desc":
		for i := 0; i < g.n; i++ {
			cells = append(cells, g.visit(at, i))
		}
	default:
		return "", fmt.Errorf("around %q: want row, column, box, free or free_desc", what)
	}
	sep := words.LessonListComma.In(p.lang)
	var out []string
	if what == "free" || what == "free_desc" {
		used := map[byte]bool{}
		for _, unit := range []string{"row", "column", "box"} {
			s, _ := p.Around(run, cell, unit)
			for _, d := range strings.Split(s, sep) {
				if d != "" {
					used[d[0]] = true
				}
			}
		}
		for d := byte('1'); d < byte('1'+g.n); d++ {
			if !used[d] {
				out = append(out, string(d))
			}
		}
		if what == "free_desc" {
			slices.Reverse(out)
		}
		return strings.Join(out, sep), nil
	}
	for _, q := range cells {
		if q != at && digit(q) != '.' {
			out = append(out, string(digit(q)))
		}
	}
	return strings.Join(out, sep), nil
}
