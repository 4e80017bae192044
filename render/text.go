package render

import (
	"backtrack/words"
	"fmt"
	"io"
	"strings"
	"unicode/utf8"

	"backtrack/tracer"
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

// RuleCounts formats rejects by rule in the problem's checking order, as
// counts (tracer.RuleCount): "column ×10212, anti_diagonal ×2088, diagonal ×1364".
func RuleCounts(rules []tracer.Rule, st *tracer.Stats) string {
	parts := make([]string, len(rules))
	for i, r := range rules {
		parts[i] = tracer.RuleCount(r.String(), st.Rejects[r], tracer.LangEN)
	}
	return strings.Join(parts, ", ")
}

// reportWords picks the English or the Chinese text of a report.
type reportWords bool

func (zh reportWords) pick(en, z string) string {
	if zh {
		return z
	}
	return en
}

// WriteReport writes what `backtrack trace` prints: the instance and
// strategy, how the search ended, the first few solution boards and the
// counts, in English or (lang tracer.LangZH) in Chinese. The English
// report names the problem and the rules as the step log and --stats do
// (Def.Name, Rule.String: "anti_diagonal"); the Chinese one by the
// problem's title and its rules' names, as the diagrams do ("N 皇后",
// "右上对角线 ↗").
func WriteReport(w io.Writer, sum tracer.Summary, show int, lang tracer.Lang) error {
	var b strings.Builder
	def := sumDef(&sum)
	zh := reportWords(lang == tracer.LangZH)
	st := &sum.Stats
	show = max(show, 0)
	if zh {
		fmt.Fprintf(&b, "%s · 策略 %s\n", RunName(sum, lang), sum.Strategy)
		fmt.Fprintf(&b, "结果：%s · %s\n", tracer.StatusWords(sum.Status).ZH, StatusLine(sum, lang))
	} else {
		fmt.Fprintf(&b, "%s %s · %s\n", sum.Problem, runLabel(def, &sum, tracer.LangEN), sum.Strategy)
		fmt.Fprintf(&b, "status: %s · %s\n", sum.Status, StatusLine(sum, lang))
	}
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
			if zh {
				fmt.Fprintf(&b, "\n（另有 %d 个解未显示）\n", more)
			} else {
				fmt.Fprintf(&b, "\n(%s not shown)\n", dotCount(tracer.LangEN, more, "more solution", ""))
			}
		}
	}
	if zh {
		rules := make([]string, len(sum.Rules))
		for i, r := range sum.Rules {
			// The report names each rule once: in full (九宫格).
			rules[i] = tracer.RuleCount(def.RuleIntro(r, sum.Size, lang), st.Rejects[r], lang)
		}
		// Under --when leaf a reject is a failed check of the full board:
		// nothing is pruned (tracer.EventWords).
		fmt.Fprintf(&b, "\n节点 %d · 尝试 %d · %s %d（%s） · 放置 %d · 回溯 %d\n",
			st.Nodes, st.Tries, tracer.EventWords(tracer.KindReject, sum.Strategy.When).ZH, st.RejectTotal(),
			strings.Join(rules, "，"), st.Placements, st.Backtracks)
		fmt.Fprintf(&b, "最大深度 %d · 步数 %d · 检查代价 %d · 扫描代价 %d\n",
			st.MaxDepth, st.Steps, st.CheckCost, st.ScanCost)
	} else {
		fmt.Fprintf(&b, "\nnodes %d · tries %d · rejects %d (%s) · placements %d · backtracks %d\n",
			st.Nodes, st.Tries, st.RejectTotal(), RuleCounts(sum.Rules, st), st.Placements, st.Backtracks)
		fmt.Fprintf(&b, "max depth %d · steps %d · check cost %d · scan cost %d\n",
			st.MaxDepth, st.Steps, st.CheckCost, st.ScanCost)
	}
	_, err := io.WriteString(w, b.String())
	return err
}

// StatusLine explains the status in a few words, in English or Chinese:
// "searched the whole tree: 2 solutions", "interrupted (Ctrl-C or a
// signal) after 5120 steps, 0 solutions so far".
func StatusLine(sum tracer.Summary, lang tracer.Lang) string {
	zh := reportWords(lang == tracer.LangZH)
	n := sum.Stats.Solutions
	sols := words.Count(lang, n, words.DiagramSolution)
	switch sum.Status {
	case tracer.StatusSolved:
		return words.ReportStoppedFirstSolution.In(lang)
	case tracer.StatusComplete:
		if n == 0 {
			return words.ReportSearchedWholeTreeNoSolution.In(lang)
		}
		return words.ReportSearchedWholeTree.In(lang) + sols
	case tracer.StatusLost:
		if zh {
			return fmt.Sprintf("找到过 %d 个解，但函数没有返回值，搜索没有停下，又把解撤销了", n)
		}
		it := "it"
		if n != 1 {
			it = "them"
		}
		return fmt.Sprintf("found %s, but with no return value the search went on and undid %s", sols, it)
	case tracer.StatusWrong:
		blanks := 0
		for _, r := range sum.Final {
			blanks += strings.Count(r, ".")
		}
		if zh {
			return fmt.Sprintf("返回了 true，可棋盘上还有 %d 个空格：没有 return false，做不下去的格子被跳过留空", blanks)
		}
		return fmt.Sprintf("returned true with %d cells still blank: with no \"return false\", a cell with no digit left is skipped and left blank", blanks)
	case tracer.StatusLimit:
		so := fmt.Sprintf("，此时已找到 %d 个解", n)
		if n == 0 {
			so = "，还没有找到解"
		}
		return StopLine(sum.Limit, sum.Stats.Steps, lang) + zh.pick(", "+sols+" so far", so)
	}
	return string(sum.Status)
}

// StopLine says what stopped a search and after how many steps: "stopped
// by the step limit (--max-steps) after 10000002 steps", "interrupted
// (Ctrl-C or a signal) after 1 step", "stopped because the recording
// reached its size limit (--max-output) after 52000 steps"; in Chinese
// "达到步数上限（--max-steps），在第 10000002 步停止".
func StopLine(l tracer.LimitReason, steps int64, lang tracer.Lang) string {
	if lang == tracer.LangZH {
		why := "触及上限"
		switch l {
		case tracer.LimitSteps:
			why = "达到步数上限（--max-steps）"
		case tracer.LimitCalls:
			why = "达到调用次数上限（--max-calls）"
		case tracer.LimitTime:
			why = "达到时间上限（--timeout）"
		case tracer.LimitCanceled:
			why = "被中断（Ctrl-C 或信号）"
		case tracer.LimitSize:
			why = "记录达到大小上限（--max-output）"
		case tracer.LimitTree:
			why = "搜索树达到大小上限（--max-tree）"
		}
		return fmt.Sprintf("%s，在第 %d 步停止", why, steps)
	}
	after := " after " + dotCount(tracer.LangEN, steps, "step", "")
	switch l {
	case tracer.LimitCanceled:
		return "interrupted (Ctrl-C or a signal)" + after
	case tracer.LimitSize:
		return "stopped because the recording reached its size limit (--max-output)" + after
	case tracer.LimitTree:
		return "stopped because the search tree reached its size limit (--max-tree)" + after
	case tracer.LimitSteps, tracer.LimitCalls, tracer.LimitTime:
		return "stopped by the " + LimitName(l) + after
	}
	return "stopped by a limit" + after
}

// LimitName names a limit for people, with the flag that sets it: "step
// limit (--max-steps)", "call limit (--max-calls)", "time limit
// (--timeout)", "size limit (--max-output)", "tree size limit
// (--max-tree)"; an interrupt is "interrupt (Ctrl-C or a signal)".
func LimitName(l tracer.LimitReason) string {
	switch l {
	case tracer.LimitSteps:
		return "step limit (--max-steps)"
	case tracer.LimitCalls:
		return "call limit (--max-calls)"
	case tracer.LimitTime:
		return "time limit (--timeout)"
	case tracer.LimitCanceled:
		return "interrupt (Ctrl-C or a signal)"
	case tracer.LimitSize:
		return "size limit (--max-output)"
	case tracer.LimitTree:
		return "tree size limit (--max-tree)"
	}
	return "limit"
}
