package words

// The words of a run itself: its status, what stopped it, its event kinds
// and counts, as the report, the legends, the stepper, the compare tables
// and the lessons name them.

// The event kinds: in English the step-log name, in Chinese the
// tutorials' term (剪枝, 撤销, ...).
var (
	KindCall      = Text{"call", "调用"}
	KindScan      = Text{"scan", "扫描"}
	KindTry       = Text{"try", "尝试"}
	KindReject    = Text{"reject", "剪枝"}
	KindPlace     = Text{"place", "放置"}
	KindUndo      = Text{"undo", "撤销"}
	KindSolution  = Text{"solution", "找到解"}
	KindExhausted = Text{"exhausted", "都试完了"}
	KindReturn    = Text{"return", "返回"}
	KindLimit     = Text{"limit", "达到上限"}
)

// The status of a run, for sentences and tables (tracer.StatusWords).
var (
	RunSolved                     = Text{"solved", "已解出"}
	RunComplete                   = Text{"complete", "搜索完毕"}
	RunStoppedByLimit             = Text{"stopped by a limit", "达到上限"}
	RunLost                       = Text{"lost", "解丢失"}
	RunWrongReturnedTrueNotSolved = Text{"wrong: returned true, not solved", "错误：返回 true，但没有解出"}
)

// What stopped a search (tracer.LimitWordsOf).
var (
	RunStepLimit     = Text{"step limit", "步数上限"}
	RunCallLimit     = Text{"call limit", "调用次数上限"}
	RunTimeLimit     = Text{"time limit", "时间上限"}
	RunInterrupt     = Text{"interrupt", "中断"}
	RunSizeLimit     = Text{"size limit", "记录大小上限"}
	RunTreeSizeLimit = Text{"tree size limit", "搜索树大小上限"}
	RunLimit         = Text{"limit", "上限"}
)

// A reject of the leaf validation, --when leaf (tracer.LeafFailWords).
var (
	RunWholeBoardCheckFailed = Text{"whole-board check failed", "整盘校验失败"}
	RunFailedWholeBoardCheck = Noun{"failed whole-board check", "failed whole-board checks", "%d 个满棋盘校验失败"}
)

// Counts of a run (tracer.BacktrackWords, tracer.SolutionCount).
var (
	RunBacktracks = Text{"backtracks", "回溯"}
	Solutions     = Noun{"solution", "solutions", "%d 个解"}
)

// What a call returns, as the call stacks label it (tracer.ReturnWords).
var (
	RunReturnTrue  = Text{"return true", "返回 true"}
	RunReturnBelow = Text{"return (%s below)", "返回（下面找到 %s）"}
)
