package words

// Read by Stepper.header.
var (
	StepperLangTag = Text{"en", "中文"}
)

// Read by Stepper.helpLine.
var (
	StepperGoStep           = Text{"go to step: ", "跳到第几步："}
	StepperEnterGoEscCancel = Text{"   (Enter: go, Esc: cancel)", "   （回车确定，Esc 取消）"}
)

// Read by Stepper.triedKeyItems.
var (
	StepperRejectedByItsRule = Text{"rejected by its rule", "剪枝及其规则"}
	StepperTried             = Text{"tried: ", "已试："}
	StepperOnBoard           = Text{" on the board", " 在棋盘上"}
	StepperCameBack          = Text{" came back", " 分支已返回"}
)

// Read by Stepper.noteText.
var (
	StepperStep0NothingHasHappened = Text{"step 0: nothing has happened yet. Press n to take the first step.", "第 0 步：还什么都没发生。按 n 走第一步。"}
	StepperNote                    = Text{"note: ", "说明："}
)

// Read by Stepper.stackLines.
var (
	StepperNoCallOpen = Text{"  (no call open)", "  （没有进行中的调用）"}
)

// Read by Stepper.stackHeader.
var (
	StepperCallStack = Text{"call stack", "调用栈"}
	StepperStack     = Text{"stack", "调用栈"}
)

// Read by Stepper.choicesWords.
var (
	StepperChoices = Text{"choices", "可供选择"}
	StepperUntried = Text{"untried", "未试"}
)

// Read by Stepper.frameRowsAt.
var (
	StepperNone = Text{"none", "无"}
)

// Read by the list problems' Words.Slot (tracer): the position on the
// path a call decides while its number is open, in the notes' words
// ("try 5 at position 3" / "尝试在位置 3 放 5"), counted from 0 as a
// step log's p3 is.
var (
	ListSlot = Text{"position %d", "位置 %d"}
)

// Read by Stepper.framePath.
var (
	StepperPastLastCell = Text{"past the last cell", "走过最后一格"}
	StepperEnd          = Text{"end", "终止"}
	StepperRowEnd       = Text{"(%d,%d) row end", "(%d,%d) 行末"}
	StepperGiven        = Text{" given", " 预设"}
	StepperGiven2       = Text{"%s given", "%s 预设"}
)

// Read by Stepper.questionAt.
var (
	StepperPlaced     = Text{"placed", "放下"}
	StepperPruned     = Text{"pruned: ", "剪枝："}
	StepperSearchEnds = Text{"the search ends", "搜索结束"}
	StepperYes        = Text{"yes", "是"}
)

// Read by Stepper.predictKey.
var (
	StepperAnswerFirstTypePressEnter = Text{"answer first: type it and press Enter (Esc skips, p leaves predict mode)", "请先回答：输入答案后按回车（Esc 跳过，p 退出预测模式）"}
)

// Read by Stepper.predictAnswer.
var (
	StepperRight = Text{"Right.", "答对了。"}
)

// Read by Stepper.predictLines.
var (
	StepperPredict                     = Text{"predict: ", "预测："}
	StepperWhichCandidateTriedNextType = Text{"Which candidate is tried next? Type it: ", "下一个尝试的候选是哪个？输入它："}
	StepperPlacedOrPruned              = Text{"Placed or pruned? ", "放下还是剪枝？"}
	StepperDeadEndBackWhichDepth       = Text{"A dead end: back to which depth? (-1: the search ends) ", "死路：回到哪一层深度？（-1：搜索结束）"}
	StepperCallDoneBackWhichDepth      = Text{"This call is done, with a solution below it: back to which depth? (-1: the search ends) ", "这次调用结束了，它下面找到过解：回到哪一层深度？（-1：搜索结束）"}
	StepperThisBoardSolutionYN         = Text{"Is this board a solution? y/n: ", "这个棋盘是一个解吗？y/n："}
)

// Read by Stepper.timelineLines.
var (
	StepperReturn   = Text{"< return", "< 返回"}
	StepperSolution = Text{"* solution", "* 解"}
	StepperHere     = Text{"| here", "| 当前"}
	StepperTimeline = Text{"timeline: ", "时间线："}
)

// Read by newShape.
var (
	StepperPiece = Text{"piece", "棋子"}
)

// Read by Recording.endWords.
var (
	StepperNoEmptyCell          = Text{"no empty cell", "没有空格"}
	StepperNoEmptyCellBoardFull = Text{"no empty cell, board full", "没有空格，棋盘填满"}
)

// Read by buildPlayer.
var (
	StepperCalls = Text{"calls", "调用"}
	// The player's theme button names the theme it switches to: "dark"
	// on the light theme, "light" on the dark one.
	StepperThemeDark  = Text{"dark", "深色"}
	StepperThemeLight = Text{"light", "浅色"}
)

// Read by the predict mode and the player's page.
var (
	// StepperYesAnswer is what a reader may type for yes, besides y.
	StepperYesAnswer = Text{"yes", "是"}
	StepperNotQuite  = Text{"Not quite: %s.", "不对，答案是：%s。"}
	StepperScore     = Text{"%d of %d right", "答对 %d 题，共 %d 题"}
	StepperPageCut   = Text{"This page holds the first %d of the run's %d steps (the player's limit; choose another with --max-steps, up to %d).",
		"本页只包含这次运行 %[2]d 步中的前 %[1]d 步（播放器的上限；可用 --max-steps 另选，最多 %[3]d）。"}
	StepperEveryRowHas = Text{"%s, every row has a %s", "%s，每行都有%s"}
)

// StepperDepth names a depth in a question of the predict mode.
var StepperDepth = Text{"depth %d", "深度 %d"}

// The stepper's key bar: each key's long and short word; %s is what a
// reject is (tracer.EventWords).
var (
	StepperBarNext       = Text{"next", "下一步"}
	StepperBarNextShort  = Text{"next", "下"}
	StepperBarBack       = Text{"back", "上一步"}
	StepperBarBackShort  = Text{"back", "上"}
	StepperBarKinds      = Text{"%s/undo/solution/return", "%s/撤销/解/返回"}
	StepperBarKindsShort = Text{"run", "跳"}
	StepperBarJump       = Text{"jump", "跳转"}
	StepperBarJumpShort  = Text{"jump", "跳"}
	StepperBarLang       = Text{"中文", "切换 English"}
	StepperBarLangShort  = Text{"中文", "English"}
	StepperBarHelp       = Text{"help", "帮助"}
	StepperBarQuit       = Text{"quit", "退出"}
)

// The stepper's help (the ? key): each key as written in each language
// and what it does; %s is what a reject is.
var (
	StepperHelpKeys        = Text{"Keys", "按键"}
	StepperHelpMarks       = Text{"Board marks (readable without colour)", "棋盘标记（无颜色也能看清）"}
	StepperHelpPrune       = Text{"prune", "剪枝"}
	StepperKeyNext         = Text{"n, space, ->", "n、空格、→"}
	StepperKeyNextDoes     = Text{"next step", "下一步"}
	StepperKeyBack         = Text{"b, <-", "b、←"}
	StepperKeyBackDoes     = Text{"back: previous step, or where a jump came from (same screen)", "后退：上一步；跳转之后回到跳转前的那一步（画面和之前完全一样）"}
	StepperKeyReject       = Text{"r / R", "r / R"}
	StepperKeyRejectDoes   = Text{"next / previous reject (%s)", "下一个 / 上一个%s（reject）"}
	StepperKeyUndo         = Text{"u / U", "u / U"}
	StepperKeyUndoDoes     = Text{"next / previous undo (backtrack)", "下一个 / 上一个撤销（undo，回溯）"}
	StepperKeySolution     = Text{"s / S", "s / S"}
	StepperKeySolutionDoes = Text{"next / previous solution", "下一个 / 上一个解（solution）"}
	StepperKeyReturn       = Text{"t / T", "t / T"}
	StepperKeyReturnDoes   = Text{"next / previous return", "下一个 / 上一个返回（return）"}
	StepperKeyJump         = Text{"g NUMBER Enter", "g 数字 回车"}
	StepperKeyJumpDoes     = Text{"jump to that step", "跳到第几步"}
	StepperKeyEnds         = Text{"Home/End, 0/$", "Home/End、0/$"}
	StepperKeyEndsDoes     = Text{"first / last step", "第一步 / 最后一步"}
	StepperKeyLang         = Text{"l", "l"}
	StepperKeyLangDoes     = Text{"English / 中文", "中文 / English"}
	StepperKeyPredict      = Text{"p", "p"}
	StepperKeyPredictDoes  = Text{"predict mode: guess the next step (type it, Enter; Esc skips), then see it; a score", "预测模式：先猜下一步（输入答案后回车，Esc 跳过），再看结果，记分"}
	StepperKeyTimeline     = Text{"m", "m"}
	StepperKeyTimelineDoes = Text{"timeline: the whole run in one line, the current step marked", "时间线：整个运行压成一行字符，标出当前位置"}
	StepperKeyHelp         = Text{"?, Esc", "?、Esc"}
	StepperKeyHelpDoes     = Text{"help on / off (Esc: off)", "打开 / 关闭帮助（Esc 关闭）"}
	StepperKeyQuit         = Text{"q, Ctrl-C", "q、Ctrl-C"}
	StepperKeyQuitDoes     = Text{"quit", "退出"}
)

// The stepper's head line and the screen of a terminal too small.
var (
	StepperStepOf   = Text{"step %d/%d%s", "第 %d/%d 步%s"}
	StepperTooSmall = Text{"terminal too small: need at least %d×%d for this board, have %d×%d. Make the window bigger, or press q to quit.", "终端太小：这个棋盘至少需要 %d×%d，现在是 %d×%d。请把窗口放大，或按 q 退出。"}
)

// Read by the jumps (r, u, s, t) and the help's marks.
var (
	StepperNoLater   = Text{"no later %s", "后面没有%s了"}
	StepperNoEarlier = Text{"no earlier %s", "前面没有%s"}
)

// CodeComments are the template's comments and their Chinese, in the
// tutorials' words (004's "// 撤销选择", 000's "// 回溯"), for the code
// the stepper and the player show under --lang zh; the code itself stays
// as it is.
var CodeComments = []Text{
	{"2-D", "二维"},
	{"end", "终止"},
	{"no result", "没有返回值"},
	{"first", "先放"},
	{"no check", "不检查"},
	{"prune", "剪枝"},
	{"choose", "做出选择"},
	{"find all", "找出所有解"},
	{"given", "预设数字"},
	{"end: no value", "终止：不返回任何值"},
	{"(no return false)", "（这里没有 return false）"},
	{"result lost", "解会丢失"},
	{"backtrack", "撤销选择"},
}

// CodeNoneLeft is a comment "// no col left" of the template's code: every
// value of the loop's variable was tried.
var CodeNoneLeft = Text{"no %s left", "所有 %s 都试完了"}

// The marks of the stepper's board key. In Chinese a mark is written with
// the candidate's noun (%[1]s: 数字, 皇后), the word for placed (%[2]s:
// StepperVerbPlaced or, into a puzzle's cell, StepperVerbFilled) and the
// verb (%[3]s); English has one word for each.
var (
	StepperVerbPlace       = Text{"place", "放"}
	StepperVerbPlaced      = Text{"placed", "放入"}
	StepperVerbFill        = Text{"fill", "填"}
	StepperVerbFilled      = Text{"filled", "填入"}
	StepperMarkTrying      = Text{"candidate", "正在尝试的%[1]s"}
	StepperMarkJust        = Text{"last move", "刚%[2]s的%[1]s"}
	StepperMarkCaller      = Text{"last move", "上一层%[3]s的%[1]s"}
	StepperMarkTryingPiece = Text{"candidate", "正在尝试"}
	StepperMarkJustPiece   = Text{"last move", "刚放下的%[1]s"}
	StepperMarkCallerPiece = Text{"last move", "上一层的%[1]s"}
	StepperMarkClash       = Text{"clash", "与之冲突的%[1]s"}
	StepperMarkRow         = Text{"row being decided", "正在决定的行"}
	StepperMarkGiven       = Text{"given", "预设数字"}
	StepperMarkSlot        = Text{"slot", "本层要填的位置"}
	StepperMarkPlaced      = Text{"placed", "已放入"}
	StepperMarkSlotCell    = Text{"slot", "本层要填的空格"}
	StepperMarkSet         = Text{"placed", "搜索中%[2]s的%[1]s"}
	// The short forms on the screen, under a board ("与之冲突",
	// "要填的空格", "搜索中填入"); the help says the long ones.
	StepperMarkClashShort    = Text{"clash", "与之冲突"}
	StepperMarkSlotCellShort = Text{"slot", "要填的空格"}
	StepperMarkSetShort      = Text{"placed", "搜索中%[2]s"}
)

// The call stack's header: the three parts of backtracking (the path,
// the choices, the end condition) and the tried list, in the longest form
// that fits; and the calls left out.
var (
	StepperHeadLong         = Text{"path (choices made) | %s | tried | end: %s", "路径（已做的选择）| %s | 已试 | 终止条件：%s"}
	StepperHeadMid          = Text{"path | %s | tried | end: %s", "路径 | %s | 已试 | 终止条件：%s"}
	StepperHeadTiny         = Text{"path | %s | tried | end: %s", "路径 | %s | 已试 | 终止：%s"}
	StepperHeadChoices      = Text{"choices (legal, untried)", "可供选择的列表"}
	StepperHeadUntried      = Text{"untried", "未试的候选"}
	StepperMoreLevels       = Text{"  ... %d more", "  ……另有 %d 层"}
	StepperMoreLevelsAbove  = Text{"(... %d more)", "（……另有 %d 层）"}
	StepperMoreLevelsHidden = Text{" (... %d more)", "（……另有 %d 层）"}
)

// The help's example of a rule's mark: "e.g. ✗1 row, ✗1-3 row"; on a
// narrow screen the one-character tag.
var (
	StepperMarkExample = Text{"e.g. %s, %s", "如 %s、%s"}
	StepperMarkNarrow  = Text{"; narrow: ✗%s", "；窄屏：✗%s"}
)
