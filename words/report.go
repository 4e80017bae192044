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
	ReportSearchedWholeTree           = Text{"searched the whole tree: ", "整棵树都搜完了，共 "}
)

// Read by problemDef.
var (
	ReportValue     = Text{"value", "值"}
	ReportNextValue = Text{"the next value", "下一个值"}
)
