// Package render turns what package tracer records into things people read:
// text boards and summaries, DOT diagrams, YAML step logs. It never
// searches: every function here takes a finished or streaming trace.
package render

import (
	"fmt"
	"io"
	"strings"

	"backtrack/tracer"
)

// Board formats a board given as row strings. Sudoku boards get box
// separators; N-Queens boards put a space between squares.
func Board(problem string, rows []string) string {
	var b strings.Builder
	n := len(rows)
	box := 0
	if problem == "sudoku" {
		box = tracer.BoxSide(n)
	}
	for r, row := range rows {
		if box > 0 && r > 0 && r%box == 0 {
			for c := 0; c < n; c++ {
				if c > 0 && c%box == 0 {
					b.WriteString("+-")
				}
				b.WriteString("--")
			}
			b.WriteString("\n")
			// The rows have no trailing space: drop the separator's last dash.
			s := b.String()
			b.Reset()
			b.WriteString(s[:len(s)-2] + "\n")
		}
		for c, ch := range row {
			if c > 0 {
				if box > 0 && c%box == 0 {
					b.WriteString("| ")
				}
			}
			b.WriteRune(ch)
			if c < n-1 {
				b.WriteByte(' ')
			}
		}
		b.WriteString("\n")
	}
	return b.String()
}

// RuleCounts formats rejects by rule in the problem's checking order:
// "column 10212, anti_diagonal 2088, diagonal 1364".
func RuleCounts(rules []tracer.Rule, st *tracer.Stats) string {
	parts := make([]string, len(rules))
	for i, r := range rules {
		parts[i] = fmt.Sprintf("%s %d", r, st.Rejects[r])
	}
	return strings.Join(parts, ", ")
}

// WriteReport writes what `backtrack trace` prints: the instance and
// strategy, how the search ended, the first few solution boards and the
// counts.
func WriteReport(w io.Writer, sum tracer.Summary, show int) error {
	var b strings.Builder
	st := &sum.Stats
	fmt.Fprintf(&b, "%s %s · %s\n", sum.Problem, instanceLabel(sum), sum.Strategy)
	fmt.Fprintf(&b, "status: %s · %s\n", sum.Status, StatusLine(sum))
	boards := sum.Solutions
	if sum.Status == tracer.StatusLimit || sum.Status == tracer.StatusLost || len(boards) == 0 {
		title := "board as the search left it"
		if sum.Status == tracer.StatusLost {
			title = "board handed back to the caller (the solution was undone)"
		}
		if len(boards) > 0 {
			for i, rows := range boards[:min(show, len(boards))] {
				fmt.Fprintf(&b, "\nsolution %d:\n%s", i+1, Board(sum.Problem, rows))
			}
		}
		fmt.Fprintf(&b, "\n%s:\n%s", title, Board(sum.Problem, sum.Final))
	} else {
		for i, rows := range boards[:min(show, len(boards))] {
			fmt.Fprintf(&b, "\nsolution %d:\n%s", i+1, Board(sum.Problem, rows))
		}
		if int64(show) < st.Solutions {
			fmt.Fprintf(&b, "\n(%d more solutions not shown)\n", st.Solutions-int64(min(show, len(boards))))
		}
	}
	fmt.Fprintf(&b, "\nnodes %d · tries %d · rejects %d (%s) · placements %d · backtracks %d\n",
		st.Nodes, st.Tries, st.RejectTotal(), RuleCounts(sum.Rules, st), st.Placements, st.Backtracks)
	fmt.Fprintf(&b, "max depth %d · steps %d · check cost %d · scan cost %d\n",
		st.MaxDepth, st.Steps, st.CheckCost, st.ScanCost)
	_, err := io.WriteString(w, b.String())
	return err
}

// instanceLabel names the instance briefly: "n=8" or "9×9, 51 blanks".
func instanceLabel(sum tracer.Summary) string {
	if sum.Problem != "sudoku" {
		return sum.Instance
	}
	blanks := strings.Count(sum.Instance, ".")
	return fmt.Sprintf("%d×%d, %d blanks", sum.Size, sum.Size, blanks)
}

// StatusLine explains the status in a few words.
func StatusLine(sum tracer.Summary) string {
	n := sum.Stats.Solutions
	switch sum.Status {
	case tracer.StatusSolved:
		return "stopped at the first solution"
	case tracer.StatusComplete:
		switch n {
		case 0:
			return "searched the whole tree: no solution"
		case 1:
			return "searched the whole tree: 1 solution"
		}
		return fmt.Sprintf("searched the whole tree: %d solutions", n)
	case tracer.StatusLost:
		return fmt.Sprintf("found %d solution(s), but with no return value the search went on and undid it", n)
	case tracer.StatusLimit:
		return fmt.Sprintf("stopped by the %s limit after %d steps, %d solution(s) so far", LimitName(sum.Limit), sum.Stats.Steps, n)
	}
	return string(sum.Status)
}

// LimitName describes a limit reason for people.
func LimitName(l tracer.LimitReason) string {
	switch l {
	case tracer.LimitSteps:
		return "step (--max-steps)"
	case tracer.LimitCalls:
		return "call (--max-calls)"
	case tracer.LimitTime:
		return "time (--timeout)"
	case tracer.LimitCanceled:
		return "interrupt"
	}
	return l.String()
}
