package words

// Read by dotDrawer.failCount.
var (
	DiagramPrunedTry = Noun{"pruned try", "pruned tries", "%d 次剪枝"}
)

// Read by dotDrawer.failGroup.
var (
	DiagramPlacedUndone = Text{"✗ %d placed, undone", "✗ 先放后查、撤销 %d 个"}
	DiagramPruned       = Text{"✗ %d pruned", "✗ 剪枝 %d 个"}
)

// Read by dotDrawer.afterWords.
var (
	DiagramPlacedCheckedUndone = Text{"placed, checked, undone", "先放后查，撤销"}
)

// Read by dotDrawer.passLabel.
var (
	DiagramPass            = Text{"pass", "跳过"}
	DiagramEndRowBoardFull = Text{"end of row %d: board full", "第 %d 行到头，棋盘填满"}
	DiagramEndRowNextRow   = Text{"end of row %d: next row", "第 %d 行到头，换下一行"}
	DiagramSkipGiven       = Text{"skip given ", "跳过预设数字 "}
	DiagramSkip            = Text{"skip (%d,%d)", "跳过 (%d,%d)"}
)

// Read by dotDrawer.labelAll.
var (
	DiagramClash = Text{"clash: ", "冲突："}
)

// Read by dotDrawer.aggLines.
var (
	Comma = Text{", ", "，"}
)

// Read by dotDrawer.foldLines.
var (
	DiagramCallsEachWithOneChild  = Text{"⋮ %d calls, each with one child", "⋮ %d 次调用，每次只有一个子调用"}
	DiagramCallsOneChildEachDrawn = Text{"⋮ %d calls, one child of each drawn", "⋮ %d 次调用，每次只画一个子调用"}
	DiagramElided                 = Text{"… %s elided (%s)", "… 省略 %s（%s）"}
	DiagramOtherSubtree           = Noun{"other subtree", "other subtrees", "%d 棵子树"}
	DiagramBox                    = Noun{"box", "boxes", "%d 个方框"}
)

// Read by dotDrawer.elidedLines.
var (
	DiagramCall    = Noun{"call", "calls", "%d 次调用"}
	DiagramDeadEnd = Text{": dead end", "：死路"}
	DiagramRunning = Text{"running: ", "进行中："}
	DiagramLater   = Text{"later: ", "之后："}
	// DiagramDone heads, in a picture of a step before the end (a frame,
	// --at-step), what came after the focus and is searched by then.
	DiagramDone       = Text{"done: ", "已搜完："}
	DiagramEarlier    = Text{"earlier: ", "之前："}
	DiagramNoSolution = Text{", no solution", "，无解"}
	DiagramDeadEnds   = Text{"%d dead ends: %s", "回溯 %d 次：%s"}
	DiagramDeadEnd2   = Text{"dead end: ", "回溯："}
)

// Read by dotDrawer.pathRows.
var (
	DiagramMoveBefore = Noun{"move before", "moves before", "之前 %d 步"}
)

// Read by dotDrawer.trimParts.
var (
	DiagramPrunedLeaf = Noun{"pruned leaf", "pruned leaves", "%d 个剪枝叶子"}
	DiagramGroup      = Noun{"group", "groups", "%d 组"}
	DiagramChain      = Noun{"chain", "chains", "%d 条链"}
	DiagramSubtree    = Noun{"subtree", "subtrees", "%d 棵子树"}
)

// Read by dotDrawer.statusLine.
var (
	DiagramAfterStepStillSearching = Text{"after step %d of %d: still searching", "第 %d 步（共 %d 步）：搜索进行中"}
	// DotSep joins a run's name and how it ended: "N-Queens n=8 ·
	// searched the whole tree: 92 solutions".
	DotSep                            = Text{" · ", " · "}
	DiagramSolvedStoppedFirstSolution = Text{"solved: stopped at the first solution", "已解出：找到第一个解后停止"}
	DiagramCompleteSearchedWholeTree  = Text{"complete: searched the whole tree, ", "搜索完毕：整棵树都搜过了，共 "}
	DiagramLostFoundButWithNo         = Text{"lost: found %s, but with no return value the search went on and undid it", "解丢失：找到 %s，但没有返回值，搜索继续并撤销了它"}
	DiagramWrong                      = Text{"wrong: ", "错误："}
	DiagramLimit                      = Text{"limit: ", "中途停止："}
)

// Read by dotDrawer.counts.
var (
	DiagramReject    = Noun{"reject", "rejects", "%d 次剪枝"}
	DiagramTry       = Noun{"try", "tries", "%d 次尝试"}
	DiagramBacktrack = Noun{"backtrack", "backtracks", "%d 次回溯"}
	DiagramStep      = Noun{"step", "steps", "%d 步"}
)

// Read by dotDrawer.makeLegend.
var (
	DiagramStrategy = Text{"strategy ", "策略 "}
	Semicolon       = Text{"; ", "；"}
)

// Read by dotDrawer.keyChips.
var (
	DiagramSolution2                     = Text{"solution", "解"}
	DiagramReturnedTrueWithBlanksLeft    = Text{"returned true with blanks left: wrong", "返回 true 时还有空格：错误"}
	DiagramBoldPathThatReturnedTrue      = Text{"bold: the path that returned true", "粗线：返回 true 的路径"}
	DiagramBoldPathSolutionUndoneLater   = Text{"bold: the path to a solution, undone later", "粗线：通往解的路径（随后被撤销）"}
	DiagramBoldOnSolutionPath            = Text{"bold: on a solution's path", "粗线：解的路径"}
	DiagramDeadEndAllFailedReturn        = Text{"dead end: all failed, return false (backtrack)", "死路：都试过了，返回 false（回溯）"}
	DiagramDeadEndAllFailedReturn2       = Text{"dead end: all failed, return (backtrack)", "死路：都试过了，返回（回溯）"}
	DiagramWholeBoardCheckFailedFull     = Text{"✗ whole-board check failed: the full board breaks a rule", "✗ 整盘校验失败：填满的棋盘违反规则"}
	DiagramDashedPlacedThenCheckedBreaks = Text{"✗ dashed: placed, then checked; breaks a rule, so undone", "✗ 虚线：先放后查，违反规则，已撤销"}
	DiagramPrunedBreaksRule              = Text{"✗ pruned: breaks a rule", "✗ 剪枝：违反规则"}
	DiagramDashedCutLeftOpenBy           = Text{"dashed: cut, left open by the limit", "虚线：截断，因上限未完成"}
	DiagramOpenStep                      = Text{"open at step %d", "第 %d 步时未返回"}
	DiagramRunning2                      = Text{"running", "正在运行"}
	DiagramCallsWithOneChildEach         = Text{"⋮ calls with one child each, folded", "⋮ 只有一个子调用的调用，折叠"}
	DiagramGreyDashedDeadEndsFolded      = Text{"grey dashed: dead ends, folded", "灰色虚线：折叠的死路"}
	DiagramDashedSubtreesFolded          = Text{"dashed …: subtrees folded", "虚线 …：折叠的子树"}
)

// Read by dotDrawer.boardChips.
var (
	DiagramYellowThisCallMove               = Text{"yellow: this call's move", "黄底：本次调用的一步"}
	DiagramBlue                             = Text{"blue", "蓝色"}
	DiagramMovesBeforeOnItsPath             = Text{": the moves before it on its path", "：路径上在它之前的几步"}
	DiagramPlacedOnPath                     = Text{": placed on the path", "：路径上已填入的数"}
	DiagramBlack                            = Text{"black", "黑色"}
	DiagramGiven                            = Text{": given", "：预设数字"}
	DiagramPinkRejectedCandidateWhatClashes = Text{"pink: the rejected candidate and what it clashes with", "粉底：被拒绝的候选，和与它冲突的格子"}
)

// Read by dotDrawer.trimParts.
var (
	DiagramBoxes      = Text{"%s (%s + %s)", "%s（%s + %s）"}
	DiagramShowingAll = Text{"showing all ", "显示全部 "}
	// Under --when leaf the count of failed checks is a phrase of its
	// own: "3 个满棋盘校验失败，合并为 1 组".
	DiagramCollapsedIntoLeaf            = Text{"%s collapsed into %s", "%s，合并为 %s"}
	DiagramCollapsedInto                = Text{"%s collapsed into %s", "%s合并为 %s"}
	DiagramFoldedInto                   = Text{"%s folded into %s", "%s折叠为 %s"}
	DiagramDrawn                        = Text{"%d of %s drawn", "画出 %[2]s 个解中的 %[1]d 个"}
	DiagramElided2                      = Text{"%s elided (%s", "省略 %s（%s"}
	DiagramWithSolutions                = Text{", ", "，含 "}
	DiagramFocus                        = Text{"focus ", "聚焦 "}
	DiagramDepth                        = Text{"depth ≤ %d", "深度 ≤ %d"}
	DiagramSolutionPathsDrawnPastBudget = Text{"solution paths drawn past the budget of %d", "为画出解的路径超出预算 %d"}
)

// Read by dotDrawer.trimParts.
var (
	DiagramShowingOf = Text{"showing %[2]d of %[1]s", "共 %[1]s，显示其中 %[2]d 个"}
	// DiagramSolutionsDrawn counts the solutions of "5 of 8 solutions
	// drawn"; in Chinese only the number ("画出 8 个解中的 5 个").
	DiagramSolutionsDrawn = Noun{"solution", "solutions", "%d"}
)

// Read by dotDrawer.statusLine, dotDrawer.counts and dotDrawer.boardKey.
var (
	DiagramSoFar                   = Text{", %s so far", "，已找到 %s"}
	DiagramInBrackets              = Text{" (%s)", "（%s）"}
	DiagramYellowThisCallsPiece    = Text{"yellow: this call's %s", "黄底：本次调用放的 %s"}
	DiagramPinkRejectedSquarePiece = Text{"pink ✗: the rejected square and the %s it clashes with", "粉底 ✗：被拒绝的格子，和与它冲突的 %s"}
)
