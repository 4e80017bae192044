package words

// Read by page.Table.
var (
	LessonRun = Text{"run", "运行"}
)

// Read by page.Excerpt.
var (
	LessonStep  = Text{"step", "步"}
	LessonEvent = Text{"event", "事件"}
	LessonNote  = Text{"note", "说明"}
)

// Read by page.playerLine.
var (
	LessonStepThroughPlayerHtmlStep = Text{"\n\n*Step through it in the player: [%s.html, step %d](%s).*", "\n\n*在播放器中逐步查看：[%s.html，第 %d 步](%s)。*"}
)

// Read by page.Diagram.
var (
	LessonPrunedTries            = Text{"%d pruned tries", "%d 次被剪掉的尝试"}
	LessonAllBoxesTreeAreDrawn   = Text{"all %d boxes of the tree are drawn (%d calls + %s)", "画出了树的全部 %d 个方框（%d 次调用 + %s）"}
	LessonTreeBoxesCallsAreDrawn = Text{"%d of the tree's %d boxes (%d calls + %s) are drawn as themselves; the legend says what was left out", "树的 %[2]d 个方框（%[3]d 次调用 + %[4]s）中画出了 %[1]d 个，图例说明省略了什么"}
	LessonFigureNoted            = Text{"[![%[1]s](%[2]s.svg)](%[2]s.svg)\n\n*%[3]s (`%[4]s.svg`: %[5]s) · [%[6]s](%[4]s.svg)*", "[![%[1]s](%[2]s.svg)](%[2]s.svg)\n\n*%[3]s（`%[4]s.svg`：%[5]s）· [%[6]s](%[4]s.svg)*"}
	// LessonOpenFullSize links a picture under it: the picture opened on
	// its own, at its natural size.
	LessonOpenFullSize       = Text{"open it at full size", "点开看原尺寸"}
	LessonNotTrimmedFitSlide = Text{"\n\n**Not trimmed to fit a slide:** %s", "\n\n**此图没有为放进一页幻灯片而精简：**%s"}
)

// Read by page.Chart.
var (
	LessonFigure = Text{"[![%[1]s](%[2]s.svg)](%[2]s.svg)\n\n*%[3]s (`%[4]s.svg`) · [%[5]s](%[4]s.svg)*", "[![%[1]s](%[2]s.svg)](%[2]s.svg)\n\n*%[3]s（`%[4]s.svg`）· [%[5]s](%[4]s.svg)*"}
)

// Read by page.Solutions.
var (
	LessonSolution = Text{"solution %d", "解 %d"}
)

// Read by page.DepthTable.
var (
	LessonDepthCallsTriesPrunedShare = Text{"| depth | calls | tries | pruned | share pruned | calls with no solution below |\n", "| 深度 | 调用 | 尝试 | 剪枝 | 剪枝占尝试的比例 | 下面没有解的调用 |\n"}
)

// Read by page.Attribution.
var (
	LessonRuleRowThenColumnThen = Text{"| rule | row, then column, then box (this framework) | row, column and box cell *i* together (tutorial 004) |\n", "| 规则 | 先行、再列、后宫（本框架） | 同时看行、列、宫的第 *i* 格（教程 004） |\n"}
	LessonAllPrunes             = Text{"| all prunes | %d | %d |", "| 剪枝合计 | %d | %d |"}
)

// Read by page.lockstepLink.
var (
	LessonStepTwoRunsSideBy = Text{"▶ Step the two runs side by side, in lockstep", "▶ 两次运行并排，同步一步一步看"}
)

// Read by page.assemble.
var (
	LessonAppendixRuns                     = Text{"## Appendix: the runs\n\n", "## 附录：本课的运行\n\n"}
	LessonInstance                         = Text{"instance", "实例"}
	LessonStrategy                         = Text{"strategy", "策略"}
	LessonFiles                            = Text{"files", "文件"}
	LessonStats                            = Text{"stats", "统计"}
	LessonPlayer                           = Text{"player", "播放器"}
	LessonStepLog                          = Text{"step log", "步骤日志"}
	LessonRunTooLongReadStep               = Text{"\nA run too long to read step by step comes with its stats only, not its step log. A player is one HTML file that steps through the run in any browser, offline: the board, the search tree, the call stack, the code and the notes, forward and back (keys: → ←, ? for help).\n", "\n步数太多、无法逐步阅读的运行只附统计，不附步骤日志。播放器是一个 HTML 文件，可以离线在任何浏览器中逐步查看这次运行：棋盘、搜索树、调用栈、代码和说明，可前进也可后退（按键：→ ←，按 ? 查看帮助）。\n"}
	LessonAppendixClaimsCheckedAgainstRuns = Text{"\n## Appendix: claims checked against the runs\n\n", "\n## 附录：由运行核对的结论\n\n"}
	LessonBuildingThisPageChecksEvery      = Text{"Building this page checks every claim below; a change that breaks one stops the build.\n\n", "生成本页时会逐条核对下面的结论；任何一条不再成立，生成就会失败。\n\n"}
	LessonMadeByBacktrackLessonBuild       = Text{"\n---\n*Made by `backtrack lesson build %s`: every number on this page comes from the runs above.*\n", "\n---\n*由 `backtrack lesson build %s --lang zh` 生成：本页的每个数字都来自上面的运行。*\n"}
)

// Read by page.exercises.
var (
	LessonExercisesEveryAnswerBelowWorked = Text{"\n\n## Exercises\n\nEvery answer below is worked out by the build from the runs of this page.\n", "\n\n## 练习\n\n下面每道题的答案都由生成本页时的运行算出。\n"}
	LessonAnswer                          = Text{"Answer", "答案"}
)

// Read by Worksheet.
var (
	LessonExercisesAnswerKeyEveryAnswer = Text{"# Exercises: answer key\n\nEvery answer is worked out from the lessons' runs by `backtrack lesson build --exercises-only`.\n", "# 练习：答案\n\n每个答案都由 `backtrack lesson build --exercises-only` 从各课的运行算出。\n"}
	LessonExercisesName                 = Text{"# Exercises\n\nName: ____________________\n", "# 练习\n\n姓名：____________________\n"}
	LessonAnswer2                       = Text{"**Answer:**", "**答案：**"}
	LessonAnswer3                       = Text{"Answer: ", "答："}
)

// Read by value.short.
var (
	LessonProblem                 = Text{"problem", "问题"}
	LessonBoardSide               = Text{"board side", "棋盘边长"}
	LessonBlanks                  = Text{"blanks", "空格"}
	LessonGivens                  = Text{"givens", "预设数字"}
	LessonBlanksLeft              = Text{"blanks left", "剩下的空格"}
	LessonBoxSide                 = Text{"box side", "宫的边长"}
	LessonSmallestOffsetInsideBox = Text{"smallest offset inside a box", "宫内最小的增量"}
	LessonLargestOffsetInsideBox  = Text{"largest offset inside a box", "宫内最大的增量"}
	LessonLoopWidth               = Text{"loop width", "每层循环宽度"}
	LessonCalls                   = Text{"calls", "调用次数"}
	LessonNums                    = Text{"numbers", "数组"}
	LessonTarget                  = Text{"target", "目标和"}
	LessonUndosBacktracks         = Text{"undos (backtracks)", "撤销（回溯）"}
	LessonCheckCostIfEveryCheck   = Text{"check cost if every check scanned on", "每次检查都扫描到底的检查代价"}
	LessonCheckCostPerTry         = Text{"check cost per try", "每次尝试的检查代价"}
	LessonScanCostPerCall         = Text{"scan cost per call", "每次调用的扫描代价"}
	LessonDepthWidestLevel        = Text{"depth of the widest level", "最宽一层的深度"}
	LessonStepFirstSolution       = Text{"step of the first solution", "第一个解所在步"}
	LessonFinalBoard              = Text{"final board", "最终棋盘"}
	LessonStartingBoard           = Text{"starting board", "初始棋盘"}
	LessonFirstSolution           = Text{"first solution", "第一个解"}
)

// Read by page.BoxLoop.
var (
	LessonCellOfBox = Text{"cell `[%d + i/%d][%d + i%%%d]`", "格子 `[%d + i/%d][%d + i%%%d]`"}
)

// Read by page.Around.
var (
	LessonListComma = Text{", ", "、"}
)

// Read by page.PrintedBoard.
var (
	LessonGivensChanged = Text{"givens changed: ", "被改动的预设数字："}
)

// The stop rules in a Chinese table (the English tables write the rule's
// name: first, all, noreturn).
var (
	LessonStopFirst    = Text{"stop at the first solution", "找到第一个解就停"}
	LessonStopAll      = Text{"find every solution", "找出全部解"}
	LessonStopNoReturn = Text{"no return value: never stops", "没有返回值，不会停"}
)

// Read by value.short.
var (
	LessonCallsPerDepth = Text{"calls per depth", "每层调用数"}
	LessonWidestLevel2  = Text{"widest level", "最宽一层的调用数"}
)

// Read by page.boxLabel.
var (
	LessonRoot = Text{"(root)", "（根）"}
)
