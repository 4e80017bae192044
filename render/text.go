package render

import (
	"fmt"
	"io"
	"strings"
	"unicode/utf8"

	"github.com/backtrack-edu/backtrack/tracer"
	"github.com/backtrack-edu/backtrack/tracer/words"
)

// Board formats a board of the named problem given as row strings, with a
// space between squares: "1 2 3" for a row of Permutations, the rows of an
// N-Queens board. A board with boxes (Sudoku) gets box separators.
func Board(problem string, rows []string) string {
	var b strings.Builder
	n := 0 // columns
	if len(rows) > 0 {
		n = utf8.RuneCountInString(rows[0])
	}
	box := 0
	if len(rows) == n {
		box = problemDef(problem).Box(n)
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
		c, last := 0, utf8.RuneCountInString(row)-1
		for _, ch := range row {
			if c > 0 && box > 0 && c%box == 0 {
				b.WriteString("| ")
			}
			b.WriteRune(ch)
			if c < last {
				b.WriteByte(' ')
			}
			c++
		}
		b.WriteString("\n")
	}
	return b.String()
}

// RuleCounts formats a run's rejects by rule in the problem's checking
// order, by the rules' keys (tracer.Summary.RuleKey), as counts
// (tracer.RuleCount): "column ×10212, anti_diagonal ×2088, diagonal ×1364".
func RuleCounts(sum *tracer.Summary) string {
	parts := make([]string, len(sum.Rules))
	for i, r := range sum.Rules {
		parts[i] = tracer.RuleCount(sum.RuleKey(r), sum.Stats.Rejects[r], tracer.LangEN)
	}
	return strings.Join(parts, ", ")
}

// WriteReport writes what `backtrack trace` prints: the instance and
// strategy, how the search ended, the first few solution boards and the
// counts, in English or (lang tracer.LangZH) in Chinese, in the words of
// the catalog (package words). The English report names the problem as
// the step log and --stats do (Def.Name), the Chinese one by its title
// ("N 皇后"); both name the rules as the diagrams' legends do
// (Def.RuleIntro: "over the target ×13", "右上对角线 ↗ 2").
func WriteReport(w io.Writer, sum tracer.Summary, show int, lang tracer.Lang) error {
	var b strings.Builder
	def := sumDef(&sum)
	zh := lang == tracer.LangZH
	st := &sum.Stats
	show = max(show, 0)
	// English names the problem and its status as the step log does,
	// Chinese in words.
	name, status := sum.Problem, string(sum.Status)
	if zh {
		name, status = def.Title.ZH, tracer.StatusWords(sum.Status).ZH
	}
	fmt.Fprintf(&b, words.ReportHead.In(lang), name, runLabel(def, &sum, lang), sum.Strategy)
	fmt.Fprintf(&b, words.ReportStatus.In(lang), status, StatusLine(sum, lang))
	solution := func(i int, rows []string) {
		if def.Solution != nil {
			// A list reads as a list: "solution 1: [1,1,6]".
			fmt.Fprintf(&b, "\n%s %s\n", fmt.Sprintf(words.ReportSolution.In(lang), i), def.SolutionText(rows))
			return
		}
		fmt.Fprintf(&b, "\n%s\n%s", fmt.Sprintf(words.ReportSolution.In(lang), i), Board(sum.Problem, rows))
	}
	boards := sum.Solutions
	if sum.Status == tracer.StatusLimit || sum.Status == tracer.StatusLost || sum.Status == tracer.StatusWrong || len(boards) == 0 {
		title := words.ReportBoardAsSearchLeft.In(lang)
		switch sum.Status {
		case tracer.StatusLost:
			title = words.ReportBoardHandedBackCallerSolution.In(lang)
		case tracer.StatusWrong:
			title = words.ReportBoardSearchReturnedTrueWith.In(lang)
		}
		for i, rows := range boards[:min(show, len(boards))] {
			solution(i+1, rows)
		}
		fmt.Fprintf(&b, "\n%s\n%s", title, Board(sum.Problem, sum.Final))
	} else {
		for i, rows := range boards[:min(show, len(boards))] {
			solution(i+1, rows)
		}
		if more := st.Solutions - int64(min(show, len(boards))); int64(show) < st.Solutions && more > 0 {
			fmt.Fprintf(&b, words.ReportNotShown.In(lang), words.Count(lang, more, words.ReportMoreSolutions))
		}
	}
	var rules []string
	for _, r := range sum.Rules {
		// The report names each rule once: in full (九宫格), as the
		// diagrams' legends do; a rule that pruned nothing is left out
		// (no "×0").
		if st.Rejects[r] > 0 {
			rules = append(rules, tracer.RuleCount(def.RuleIntro(r, sum.Size, lang), st.Rejects[r], lang))
		}
	}
	byRule := ""
	if len(rules) > 0 {
		byRule = fmt.Sprintf(words.ReportByRule.In(lang), strings.Join(rules, words.Comma.In(lang)))
	}
	// Under --when leaf a reject is a failed check of the full board:
	// nothing is pruned (tracer.EventWords). English says "rejects", as
	// --stats does.
	rejects := words.ReportRejects.EN
	if zh {
		rejects = tracer.EventWords(tracer.KindReject, sum.Strategy.When).ZH
	}
	fmt.Fprintf(&b, words.ReportCounts.In(lang), st.Nodes, st.Tries, rejects, st.RejectTotal(),
		byRule, st.Placements, st.Backtracks)
	fmt.Fprintf(&b, words.ReportCosts.In(lang), st.MaxDepth, st.Steps, st.CheckCost, st.ScanCost)
	_, err := io.WriteString(w, b.String())
	return err
}

// StatusLine explains the status in a few words, in English or Chinese:
// "searched the whole tree: 2 solutions", "interrupted (Ctrl-C or a
// signal) after 5120 steps, 0 solutions so far".
func StatusLine(sum tracer.Summary, lang tracer.Lang) string {
	n := sum.Stats.Solutions
	sols := words.Count(lang, n, words.Solutions)
	switch sum.Status {
	case tracer.StatusSolved:
		return words.ReportStoppedFirstSolution.In(lang)
	case tracer.StatusComplete:
		if n == 0 {
			return words.ReportSearchedWholeTreeNoSolution.In(lang)
		}
		return fmt.Sprintf(words.ReportSearchedWholeTree.In(lang), sols)
	case tracer.StatusLost:
		it := words.ReportLostIt
		if n != 1 {
			it = words.ReportLostThem
		}
		return fmt.Sprintf(words.ReportLost.In(lang), sols, it.In(lang))
	case tracer.StatusWrong:
		blanks := 0
		for _, r := range sum.Final {
			blanks += strings.Count(r, ".")
		}
		return fmt.Sprintf(words.ReportWrong.In(lang), words.Count(words.Lang(lang), blanks, words.ReportBlankCell))
	case tracer.StatusLimit:
		so := fmt.Sprintf(words.ReportSoFar.In(lang), sols)
		if n == 0 {
			so = words.ReportNoneSoFar.In(lang)
		}
		return StopLine(sum.Limit, sum.Stats.Steps, lang) + so
	}
	return string(sum.Status)
}

// StopLine says what stopped a search and after how many steps: "stopped
// by the step limit (--max-steps) after 10000002 steps", "interrupted
// (Ctrl-C or a signal) after 1 step", "stopped because the recording
// reached its size limit (--max-output) after 52000 steps"; in Chinese
// "达到步数上限（--max-steps），在第 10000002 步停止".
func StopLine(l tracer.LimitReason, steps int64, lang tracer.Lang) string {
	return fmt.Sprintf(tracer.LimitWordsOf(l).Stop.In(lang), words.Count(lang, steps, words.ReportSteps))
}

// LimitName names a limit for people, with the flag that sets it: "step
// limit (--max-steps)", "call limit (--max-calls)", "time limit
// (--timeout)", "size limit (--max-output)", "tree size limit
// (--max-tree)"; an interrupt is "interrupt (Ctrl-C or a signal)".
func LimitName(l tracer.LimitReason) string { return tracer.LimitWordsOf(l).Label }
