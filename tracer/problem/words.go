package problem

import (
	"fmt"

	"github.com/backtrack-edu/backtrack/tracer/words"
)

// The words people see for the run itself, in English and Chinese: one
// table, used by the report, the diagrams' legends, the stepper, the
// compare tables and the lessons, so that a student reads the same word
// for the same thing everywhere. The words of a problem (its title, rules,
// moves and instance) are in its Def.

// StatusWords names a status for people. The status values themselves
// ("solved", "complete", "limit", "lost", "wrong") are a contract of --stats and
// stay as they are in files; these are for sentences and tables.
func StatusWords(s Status) Text {
	switch s {
	case StatusSolved:
		return Text(words.RunSolved)
	case StatusComplete:
		return Text(words.RunComplete)
	case StatusLimit:
		return Text(words.RunStoppedByLimit)
	case StatusLost:
		return Text(words.RunLost)
	case StatusWrong:
		return Text(words.RunWrongReturnedTrueNotSolved)
	}
	return Text{string(s), string(s)}
}

// LimitWords names what stopped a search, and the flag that sets it: every
// view's words for one limit reason, from one table (limitTable).
type LimitWords struct {
	Name Text   // "step limit" / "步数上限"
	Flag string // "--max-steps"; "" for an interrupt
	// Label names the limit with its flag for messages: "step limit
	// (--max-steps)", "interrupt (Ctrl-C or a signal)".
	Label string
	// Stop is the report's stop line, a format of the steps counted:
	// "stopped at the step limit after %s".
	Stop Text
	// Compare is what a compare table says of a run the limit stopped.
	Compare Text
}

// limitTable holds the words of every limit reason; index 0 (no reason
// recorded) is a limit without a name.
var limitTable = [numLimitReasons]LimitWords{
	{Text(words.RunLimit), "", "limit", Text(words.ReportStopLimit), Text(words.CompareLimitStopped)},
	LimitSteps:    {Text(words.RunStepLimit), "--max-steps", "step limit (--max-steps)", Text(words.ReportStopSteps), Text(words.CompareLimitSteps)},
	LimitCalls:    {Text(words.RunCallLimit), "--max-calls", "call limit (--max-calls)", Text(words.ReportStopCalls), Text(words.CompareLimitCalls)},
	LimitTime:     {Text(words.RunTimeLimit), "--timeout", "time limit (--timeout)", Text(words.ReportStopTime), Text(words.CompareLimitTime)},
	LimitCanceled: {Text(words.RunInterrupt), "", "interrupt (Ctrl-C or a signal)", Text(words.ReportStopCanceled), Text(words.CompareLimitCanceled)},
	LimitSize:     {Text(words.RunSizeLimit), "--max-output", "size limit (--max-output)", Text(words.ReportStopSize), Text(words.CompareLimitSize)},
	LimitTree:     {Text(words.RunTreeSizeLimit), "--max-tree", "tree size limit (--max-tree)", Text(words.ReportStopTree), Text(words.CompareLimitTree)},
}

// LimitWordsOf returns the words of a limit reason.
func LimitWordsOf(l LimitReason) LimitWords {
	if l < numLimitReasons {
		return limitTable[l]
	}
	return limitTable[0]
}

// KindWords names an event kind for people: in English the step-log name
// ("reject"), in Chinese the tutorials' term ("剪枝", "撤销", ...).
func KindWords(k Kind) Text {
	if k < numKinds {
		return Text{k.String(), kindNamesZH[k]}
	}
	return Text{k.String(), k.String()}
}

// LeafFailWords name a reject of the leaf validation (--when leaf): the
// board was filled without any check, and the check of the whole full board
// failed. Nothing was pruned, so these words never say so; the event's kind
// in step logs stays reject (a format contract), only the words differ.
// Count is the noun for a count: "3 failed whole-board checks", "3 个满棋盘校验失败".
var LeafFailWords = struct {
	Name  Text       // "whole-board check failed" / "整盘校验失败"
	Count words.Noun // "failed whole-board check(s)" / "%d 个满棋盘校验失败"
}{
	Name:  Text(words.RunWholeBoardCheckFailed),
	Count: words.RunFailedWholeBoardCheck,
}

// EventWords names an event kind for people under the check timing when:
// KindWords, except that a reject under WhenLeaf is the failed check of the
// full board (LeafFailWords.Name), not a pruned try.
func EventWords(k Kind, when When) Text {
	if k == KindReject && when == WhenLeaf {
		return LeafFailWords.Name
	}
	return KindWords(k)
}

// RuleCount writes how many rejects one rule caused: "row ×4",
// "upper-right diagonal ↗ ×2", "同行重复 ×4", so that a count beside
// (row,col) cells never reads as a row or a column number, in either
// language. Every list of rejects by rule (the report, the diagrams'
// legends and groups, the stepper's and the player's counters) writes them
// so. lang is kept for callers that name it: the form is the same in both.
func RuleCount(name string, n int64, lang Lang) string {
	return fmt.Sprintf("%s ×%d", name, n)
}

// BacktrackWords name the count of choices undone (Stats.Backtracks) in
// tables, counters and reports: "backtracks" / "回溯", one name everywhere
// (the diagrams' legends say "16 次回溯"). The tutorials' code marks the
// step back "回溯，撤销"; one undo event is "undo" / "撤销" (KindWords).
var BacktrackWords = Text(words.RunBacktracks)

// SolutionCount counts solutions for people: "1 solution", "2 solutions",
// "2 个解" (the notes' "(1 solution below)", the stack's return labels).
func SolutionCount(k int64) Text { return Text(words.Solutions.Of(k)) }

// ReturnWords label a call that returns, as the call stack of the stepper
// and of the player shows it. Whether the template returns a value is the
// strategy's (Strategy.Void). A template that returns bool says what the
// call returns: "return true" / "返回 true", "return false" / "返回 false"
// (ok). A template with no return value (every solution is wanted, or the
// value is dropped) returns nothing, so its label is "return" / "返回",
// followed, when below > 0, by the solutions the call's branch found below
// it, as the notes say it: "return (2 solutions below)" /
// "返回（下面找到 2 个解）"; ok is then ignored.
func ReturnWords(s Strategy, ok bool, below int64) Text {
	if !s.Void() {
		if ok {
			return Text(words.RunReturnTrue)
		}
		return Text(words.NoteReturnFalse)
	}
	if below <= 0 {
		return Text(words.NoteReturn)
	}
	n := SolutionCount(below)
	return Text{fmt.Sprintf(words.RunReturnBelow.EN, n.EN), fmt.Sprintf(words.RunReturnBelow.ZH, n.ZH)}
}

// kindNamesZH are the Chinese names of the event kinds, in Kind order.
var kindNamesZH = [numKinds]string{words.KindCall.ZH, words.KindScan.ZH, words.KindTry.ZH, words.KindReject.ZH,
	words.KindPlace.ZH, words.KindUndo.ZH, words.KindSolution.ZH, words.KindExhausted.ZH, words.KindReturn.ZH, words.KindLimit.ZH}

// KindName names an event kind for people: in English the step-log name
// ("reject"), in Chinese the tutorials' term ("剪枝", "撤销", "找到解", ...).
func KindName(k Kind, lang Lang) string {
	if lang == LangZH && k < numKinds {
		return kindNamesZH[k]
	}
	return k.String()
}
