package words

// Read by WriteReport.
var (
	ReportSolution                      = Text{"solution %d:", "解 %d："}
	ReportBoardAsSearchLeft             = Text{"board as the search left it:", "搜索停下时的棋盘："}
	ReportBoardHandedBackCallerSolution = Text{"board handed back to the caller (the solution was undone):", "交还给调用者的棋盘（解已被撤销）："}
	ReportBoardSearchReturnedTrueWith   = Text{"board the search returned true with (not solved: it has blanks):", "返回 true 时的棋盘（并没有解出：还有空格）："}
)

// Read by StatusLine.
var (
	ReportStoppedFirstSolution        = Text{"stopped at the first solution", "找到第一个解就停止"}
	ReportSearchedWholeTreeNoSolution = Text{"searched the whole tree: no solution", "整棵树都搜完了，无解"}
	ReportSearchedWholeTree           = Text{"searched the whole tree: %s", "整棵树都搜完了，共 %s"}
)

// The head, the counts and the notes of WriteReport.
var (
	// ReportHead: the problem (English: its step-log name; Chinese: its
	// title), the instance and the strategy.
	ReportHead          = Text{"%s %s · %s\n", "%s %s · 策略 %s\n"}
	ReportStatus        = Text{"status: %s · %s\n", "结果：%s · %s\n"}
	ReportNotShown      = Text{"\n(%s not shown)\n", "\n（%s未显示）\n"}
	ReportMoreSolutions = Noun{"more solution", "more solutions", "另有 %d 个解"}
	ReportRejects       = Text{"rejects", "剪枝"}
	ReportCounts        = Text{"\ncalls %d · tries %d · %s %d%s · placements %d · backtracks %d\n", "\n调用 %d · 尝试 %d · %s %d%s · 放置 %d · 回溯 %d\n"}
	// ReportByRule is the rejects by rule after their total, the rules
	// that pruned nothing left out: " (column ×28, …)".
	ReportByRule = Text{" (%s)", "（%s）"}
	ReportCosts  = Text{"max depth %d · steps %d · check cost %d · scan cost %d\n", "最大深度 %d · 步数 %d · 检查代价 %d · 扫描代价 %d\n"}
)

// The rest of StatusLine.
var (
	ReportLost      = Text{"found %s, but with no return value the search went on and undid %s", "找到过 %s，但函数没有返回值，搜索没有停下，又把%s撤销了"}
	ReportLostIt    = Text{"it", "解"}
	ReportLostThem  = Text{"them", "解"}
	ReportWrong     = Text{"returned true with %s still blank: with no \"return false\", a cell with no digit left is skipped and left blank", "返回了 true，可棋盘上还有 %s：没有 return false，做不下去的格子被跳过留空"}
	ReportBlankCell = Noun{"cell", "cells", "%d 个空格"} // ReportWrong's count
	ReportSoFar     = Text{", %s so far", "，此时已找到 %s"}
	ReportNoneSoFar = Text{", 0 solutions so far", "，还没有找到解"}
)

// What stopped a search, and after how many steps (StopLine).
var (
	ReportSteps        = Noun{"step", "steps", "%d"}
	ReportStopSteps    = Text{"stopped by the step limit (--max-steps) after %s", "达到步数上限（--max-steps），在第 %s 步停止"}
	ReportStopCalls    = Text{"stopped by the call limit (--max-calls) after %s", "达到调用次数上限（--max-calls），在第 %s 步停止"}
	ReportStopTime     = Text{"stopped by the time limit (--timeout) after %s", "达到时间上限（--timeout），在第 %s 步停止"}
	ReportStopCanceled = Text{"interrupted (Ctrl-C or a signal) after %s", "被中断（Ctrl-C 或信号），在第 %s 步停止"}
	ReportStopSize     = Text{"stopped because the recording reached its size limit (--max-output) after %s", "记录达到大小上限（--max-output），在第 %s 步停止"}
	ReportStopTree     = Text{"stopped because the search tree reached its size limit (--max-tree) after %s", "搜索树达到大小上限（--max-tree），在第 %s 步停止"}
	ReportStopLimit    = Text{"stopped by a limit after %s", "触及上限，在第 %s 步停止"}
)
