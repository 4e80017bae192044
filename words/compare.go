package words

// Read by Shape.
var (
	CompareN2EachCallFindsIts = Text{"2-D: each call finds its cell", "二维：每次调用找格子"}
	CompareN1OneSlotPerCall   = Text{"1-D: one slot per call", "一维：每层一个位置"}
)

// Read by widestLevel.
var (
	CompareDepth = Text{"%s at depth %d", "深度 %[2]d：%[1]s"}
	CompareNode  = Noun{"node", "nodes", "%d 个节点"}
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
	CompareNodes             = Text{"nodes", "节点"}
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

// Read by WriteDepthProfile.
var (
	CompareNodesPerDepthOneScale = Text{"nodes per depth (one scale for all columns: a full bar is %s)\n", "每层节点数（各列比例相同：最长的一条表示 %s）\n"}
	CompareNodesPerDepthFullBar  = Text{"nodes per depth (a full bar is %s)\n", "每层节点数（最长的一条表示 %s）\n"}
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
