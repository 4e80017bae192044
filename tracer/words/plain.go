package words

// The words of a problem the registry does not know (tracer.PlainWords:
// a step log of a problem defined in another program, a summary made by
// hand): values as numbers, cells as (row,col). A problem's own words are
// on its Def.
var (
	PlainProblem     = Text{"problem", "问题"}
	PlainValue       = Text{"value", "值"}
	PlainNextValue   = Text{"the next value", "下一个值"}
	PlainThing       = Text{"the %s at %s", "%[2]s 的 %[1]s"}
	PlainTry         = Text{"try %s at %s", "尝试在 %[2]s 放 %[1]s"}
	PlainDecideCell  = Text{"decide %s", "决定 %s"}
	PlainDecideRow   = Text{"decide row %d", "决定第 %d 行"}
	PlainDecideNext  = Text{"see whether a slot is left to decide", "看看还有没有要决定的位置"}
	PlainRejectLeaf  = Text{"%s: %s at %s clashes with %s → return false", "%[1]s：%[3]s 的 %[2]s 与 %[4]s 冲突 → 返回 false"}
	PlainRejectAfter = Text{"%s just placed at %s clashes with %s: prune (剪枝), undo it", "先放后查：%[2]s 的 %[1]s 与 %[3]s 冲突，剪枝，随后撤销"}
	PlainReject      = Text{"%s at %s clashes with %s: prune (剪枝)", "%[2]s 放 %[1]s 与 %[3]s 冲突：剪枝"}
	// A rule with no witness (a bound: no cell holds what the candidate
	// clashes with) is named alone.
	PlainRejectLeafBreaks  = Text{"%s: %s at %s breaks a rule (%s) → return false", "%[1]s：%[3]s 的 %[2]s 违反规则「%[4]s」→ 返回 false"}
	PlainRejectAfterBreaks = Text{"%s just placed at %s breaks a rule (%s): prune (剪枝), undo it", "先放后查：%[2]s 的 %[1]s 违反规则「%[3]s」，剪枝，随后撤销"}
	PlainRejectBreaks      = Text{"%s at %s breaks a rule (%s): prune (剪枝)", "%[2]s 放 %[1]s 违反规则「%[3]s」：剪枝"}
	PlainPlace             = Text{"place %s at %s (做出选择) and recurse", "在 %[2]s 放 %[1]s（做出选择），递归进入下一层"}
	PlainUndo              = Text{"undo %s at %s (撤销选择, 回溯)", "撤销选择：拿回 %[2]s 的 %[1]s（回溯）"}
	PlainFull              = Text{"every slot is decided", "每个位置都已决定"}
	PlainExhaustedBelow    = Text{"every %s at %s tried (%s below) → return false", "%[2]s 的每个%[1]s都试完了（下面找到 %[3]s）→ 返回 false"}
	PlainExhausted         = Text{"every %s at %s failed → return false (回溯)", "%[2]s 的每个%[1]s都试完了，都不行 → 返回 false（回溯）"}
)

// ListAnd joins the last item of a list: "a, b and c", "甲、乙和丙".
var ListAnd = Text{" and ", "和"}
