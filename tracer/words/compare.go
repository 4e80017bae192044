package words

// Read by Shape.
var (
	CompareShape2D = Text{"2-D: each call finds its cell", "二维：每次调用找格子"}
	CompareShape1D = Text{"1-D: one slot per call", "一维：每层一个位置"}
)

// Read by widestLevel.
var (
	CompareDepth = Text{"%s at depth %d", "深度 %[2]d：%[1]s"}
)

// Read by WriteCompare.
var (
	CompareRecursionShape    = Text{"recursion shape", "递归形状"}
	CompareOrder             = Text{"order", "顺序"}
	CompareCheck             = Text{"check", "检查方式"}
	CompareWhen              = Text{"when", "检查时机"}
	CompareStop              = Text{"stop", "停止规则"}
	CompareLoopWidthPerLevel = Text{"loop width per level", "每层循环宽度"}
	CompareDepth2            = Text{"depth", "深度"}
	CompareStatus            = Text{"status", "结果"}
	CompareSolutions         = Text{"solutions", "解"}
	CompareTries             = Text{"tries", "尝试"}
	CompareRejects           = Text{"rejects", "剪枝"}
	CompareRejects2          = Text{"rejects · ", "剪枝 · "}
	ComparePlacements        = Text{"placements", "放置"}
	CompareCheckCost         = Text{"check cost", "检查代价"}
	CompareScanCost          = Text{"scan cost", "扫描代价"}
	CompareSteps             = Text{"steps", "步数"}
	CompareWidestLevel       = Text{"widest level", "最宽的一层"}
	CompareTime              = Text{"time", "用时"}
)

// Read by WriteStrategyTable.
var (
	CompareStop2 = Text{"stop: ", "停止规则："}
)

// Read by WriteDepthChart.
var (
	CompareNodesPerDepth = Text{"nodes per depth", "每层节点数"}
	CompareNodes2        = Text{"nodes", "节点数"}
)

// Read by LoopWidth: "8 columns", "8 列", "9 个数字".
var (
	CompareCandidate = Text{"candidate", "候选"}
	// CompareOwnMeasure counts a noun of one character, its own measure
	// word (列, 行); CompareMeasured counts others with 个. English
	// counts the noun with its plural (Plural).
	CompareOwnMeasure = Text{"%d %s", "%d %s"}
	CompareMeasured   = Text{"%d %s", "%d 个%s"}
)

// Read by StatusText: "达到步数上限", "达到上限（中断）".
var (
	CompareReachedLimit = Text{"stopped by the %s", "达到%s"}
	CompareStatusLimit  = Text{"%s (%s)", "%s（%s）"}
)

// Read by limitNote: why a run in a strategy table stopped.
var (
	CompareLimitSteps    = Text{"the run was stopped by the step limit (--max-steps)", "该策略达到步数上限（--max-steps）被停止"}
	CompareLimitCalls    = Text{"the run was stopped by the call limit (--max-calls)", "该策略达到调用次数上限（--max-calls）被停止"}
	CompareLimitTime     = Text{"the run was stopped by the time limit (--timeout)", "该策略达到时间上限（--timeout）被停止"}
	CompareLimitCanceled = Text{"the run was interrupted (Ctrl-C or a signal)", "该策略被中断（Ctrl-C 或信号）"}
	CompareLimitSize     = Text{"the run was stopped because its recording reached the size limit (--max-output)", "该策略的记录达到大小上限（--max-output）被停止"}
	CompareLimitTree     = Text{"the run was stopped because its search tree reached the size limit (--max-tree)", "该策略的搜索树达到大小上限（--max-tree）被停止"}
	CompareLimitStopped  = Text{"a limit stopped the run", "该策略触及上限被停止"}
	CompareLimitNote     = Text{": %s; its counts are those at the stop.\n", "：%s；计数为停止时的值。\n"}
)

// The dedup column of a strategy table (compare --strategies of a list
// with repeats), and the style as the run's title names it, taken out of
// the title when the column shows it.
var (
	CompareDedup        = Text{"dedup", "去重"}
	CompareDedupInTitle = Text{", dedup %s", "，去重 %s"}
)

// Read by WriteDepthProfile.
var (
	CompareCallsPerDepthOneScale = Text{"calls per depth (one scale for all columns: a full bar is %s)\n", "每层调用数（各列比例相同：最长的一条表示 %s）\n"}
	CompareCallsPerDepthFullBar  = Text{"calls per depth (a full bar is %s)\n", "每层调用数（最长的一条表示 %s）\n"}
)

// CompareRuleOf names a rule with its problem, where two problems' runs
// share a row under one key: "column (N-Queens)" / "同列（N 皇后）".
var CompareRuleOf = Text{"%s (%s)", "%s（%s）"}
