package words

// Read by Narrator.note.
var (
	NoteEventStep = Text{"event %s at step %d", "事件 %s，第 %d 步"}
)

// Read by Narrator.noteCall.
var (
	NoteRootDepth           = Text{" (root, depth ", "（根，深度 "}
	NoteCallDepthNoMoveMade = Text{"call %d at depth %d, no move made: %s", "调用 %d（深度 %d，上一层没有填数）：%s"}
	NoteDepth               = Text{" at depth ", "（深度 "}
	NoteAfter               = Text{" after %s", "，由%s进入）"} // cut at %s, not formatted
)

// Read by Narrator.noteScan.
var (
	NoteNoCellLeftAfterLast    = Text{"no cell left after the last one: the board is full → end condition (终止条件)", "后面已没有格子：棋盘已满 → 到达终止条件"}
	NoteScanFromNoEmptyCell    = Text{"scan from %s past %s: no empty cell → end condition (终止条件)", "从 %s 扫描，经过 %s：没有空格 → 棋盘已满，到达终止条件"}
	NoteMrvDecideNoDigitFits   = Text{"mrv: decide %s: no digit fits there, every try will be pruned", "mrv：选 %s，那里一个数字都放不下，每个尝试都会被剪枝"}
	NoteMrvDecideOnly1Digit    = Text{"mrv: decide %s: only 1 digit fits there", "mrv：选 %s，那里只能填 1 个数字"}
	NoteMrvDecideOnlyDigitsFit = Text{"mrv: decide %s: only %d digits fit there, the fewest of the empty cells", "mrv：选 %s，只剩 %d 个候选数字，在空格中最少"}
	NoteEmptyDecideHere        = Text{"%s is empty: decide it here", "%s 是空格：本层就填它"}
	NoteScanFromEmptyDecide    = Text{"scan from %s: it is empty, decide it", "从 %s 扫描：它本身就是空格，本层就填它"}
	NoteScanFromSkipDecide     = Text{"scan from %s: skip %s, decide %s", "从 %s 扫描：跳过 %s，本层要填的空格是 %s"}
)

// Read by Narrator.noteScanOn.
var (
	NoteNoReturnFalseAfterDigit  = Text{"no \"return false\" after the digit loop: %s stays blank and the loops go on", "数字循环后没有 return false：%s 留空，循环继续往后走"}
	NotePastLastCellFunctionEnds = Text{", past the last cell: the function ends", "，走过最后一格：函数结束"}
	NotePastLastCellLastLine     = Text{", past the last cell, to the last line: return true, though the board has blanks", "，走过最后一格，执行到最后一行：返回 true，可棋盘上还有空格"}
	NoteNextEmptyCell            = Text{" to %s, the next empty cell", "，来到下一个空格 %s"}
	NoteSkipDecide               = Text{": skip %s, decide %s", "：跳过 %s，本层接着填 %s"}
)

// Read by Narrator.notePass.
var (
	NoteColumnPastEndRowGo      = Text{"column %[1]d is past the end of row %[2]d: go on to row %[3]d (helper(%[3]d,0))", "列号 %[1]d 已越过第 %[2]d 行的末尾：换到下一行（helper(%[3]d,0)）"}
	NoteHoldsGivenNothingFillGo = Text{"%s holds the given%s: nothing to fill, go on to the next cell (helper(%d,%d))", "%s 是预设数字%s：不用填，直接递归到下一格（helper(%d,%d)）"}
)

// Read by Narrator.filled.
var (
	NoteFilledCell        = Noun{"filled cell", "filled cells", "%d 个已填格"}
	NoteGiven             = Noun{"given", "givens", "%d 个预设数字"}
	NoteCellFilledEarlier = Noun{"cell filled earlier", "cells filled earlier", "%d 个之前填的格"}
	NotePlacedEarlier     = Text{"%s (%s, %d placed earlier)", "%s（%s，%d 个之前填的）"}
	NotePlacedEarlier2    = Text{"%s, %d placed earlier", "%s，%d 个之前填的"}
)

// Read by Narrator.undoNote.
var (
	NoteTry                            = Text{"try %s", "试%s"}
	NoteNoLeft                         = Text{"no %[1]s left", "已没有%[2]s可试"}
	NoteCheckFailed                    = Text{": the check failed (%[1]s); %[2]s", "；检查不通过（%[3]s），%[2]s"}
	NoteNothingStoppedSearchSoSolution = Text{": nothing stopped the search, so the solution is lost", "；没有返回值让搜索停下，这个解被拆掉了"}
	NoteForMoreSolutions               = Text{" for more solutions; %s", "，继续找其他解；%s"}
	NoteThatBranchDone                 = Text{": that branch is done (%s in it); %s", "；这条分支搜完了（其中有 %s），%s"}
	NoteThatBranchFailed               = Text{": that branch failed; %s", "；这条路走不通，%s"}
)

// Read by Narrator.noteSolution.
var (
	NoteWholeBoardCheckPasses          = Text{"the whole-board check passes", "整盘校验通过"}
	NoteSolutionRecordReturnSearchGoes = Text{": solution %d → record it and return; the search goes on", "：找到第 %d 个解 → 记下它，返回，继续搜索"}
	NoteSolutionFoundButNoReturn       = Text{": solution found, but no return value will stop the search", "：找到解，但这一版没有返回值（不会返回 true），搜索不会停，这个解会被撤销"}
	NoteSolutionFoundReturnTrue        = Text{": solution found → return true", "：找到解 → 返回 true"}
)

// Read by Narrator.exhaustedNote.
var (
	NoteAllTriedFoundBelowThem = Text{"all %[1]d %[2]ss at %[3]s tried (%[5]s found below them, since undone), and no \"return false\" follows: the loops go on and leave %[3]s blank", "%[3]s 的 %[1]d 个%[4]s都试过了（下面曾找到 %[6]s，已被撤销）；后面没有 return false：循环继续，%[3]s 被留空"}
	NoteAllFailedNoReturnFalse = Text{"all %[1]d %[2]ss at %[3]s failed, and no \"return false\" follows: the loops go on and leave %[3]s blank", "%[3]s 的 %[1]d 个%[4]s都试完了，都不行；后面没有 return false：循环继续，%[3]s 被留空"}
)

// Read by Narrator.returnNote.
var (
	NoteWithBlankCells                 = Text{" with %s", "，棋盘上还有 %s"}
	NoteBlankCell                      = Noun{"blank cell", "blank cells", "%d 个空格"} // NoteWithBlankCells' count
	NoteRootReturnsTrueSearchStops     = Text{"the root returns true%s: the search stops, but the board is not solved (wrong)", "根返回 true%s：搜索停止，但棋盘并没有解出（错误）"}
	NoteReturnTrueBoardNotSolved       = Text{"return true%s: the board is not solved, yet every caller will return true (wrong)", "返回 true%s：棋盘没有解出，上层却都会跟着返回 true（错误）"}
	NoteReturnNextPositionCallDone     = Text{"return: the next position's call is done, so this one is too", "返回：下一格的调用结束了，这一格的调用也随之结束"}
	NoteReturnPassOnWhatNext           = Text{"return %t: pass on what the next position's call returned", "返回 %t：把下一格的调用返回的结果原样传上去"}
	NoteReturnTrueUpChainOn            = Text{"return true up the chain, on a board that is not solved", "继续向上返回 true，可棋盘并没有解出"}
	NoteReturnWithNoValueCaller        = Text{"return, with no value: the caller made no move here and returns too", "返回，没有返回值：上一层在这里没有填数，也随之返回"}
	NoteReturnCallerMadeNoMove         = Text{"return: the caller made no move here and returns too", "返回：上一层在这里没有填数，也随之返回"}
	NoteReturnTrueCallerMadeNo         = Text{"return true: the caller made no move here and passes it on", "返回 true：上一层在这里没有填数，把 true 原样传上去"}
	NoteRootReturnsTrueSearchStops2    = Text{"the root returns true: the search stops, but the board is not solved (wrong)", "根返回 true：搜索停止，但棋盘并没有解出（错误）"}
	NoteReturnTrueUpChainStays         = Text{"return true up the chain: %s stays on the board, on a board that is not solved", "继续向上返回 true：%s留在棋盘上，可棋盘并没有解出"}
	NoteRootReturnsTrueSearchStops3    = Text{"the root returns true: the search stops, the board is solved", "根返回 true：搜索结束，棋盘已解出"}
	NoteRootReturnsFalseSearchComplete = Text{"the root returns false: the search is complete, no solution", "根返回 false：搜索完毕，无解"}
	NoteRootReturnsTrueBoardWas        = Text{"the root returns true: the board was full from the start", "根返回 true：棋盘一开始就是满的"}
	NoteReturnButWithNoValue           = Text{"return, but with no value: the caller can't tell it was solved, undoes %s", "返回，但没有返回值：上一层不知道已经找到解，会撤销%s"}
	NoteReturnCallerUndoesLooksFor     = Text{"return: the caller undoes %s and looks for more solutions", "返回：上一层撤销%s，继续找其他解"}
	NoteReturnTrueCallerKeepsReturns   = Text{"return true: the caller keeps %s and returns true too", "返回 true：上一层保留%s，也返回 true"}
	NoteReturnTrueUpChainStays2        = Text{"return true up the chain: %s stays on the board", "继续向上返回 true：%s留在棋盘上"}
	NoteRootCallEndsSearchOver         = Text{"the root call ends: search over, %s found and undone", "根调用结束：搜索完毕，找到的 %s都被撤销了"}
	NoteRootCallEndsSearchComplete     = Text{"the root call ends: search complete, %s found", "根调用结束：搜索完毕，共找到 %s"}
	NoteRootCallEndsSearchComplete2    = Text{"the root call ends: search complete, no solution", "根调用结束：搜索完毕，无解"}
	NoteReturnFalse                    = Text{"return false", "返回 false"}
	NoteReturn                         = Text{"return", "返回"}
	NoteCallerBacktracks               = Text{": the caller backtracks (回溯)", "：回到上一层（回溯）"}
	NoteReturnBelow                    = Text{"return (%s below)", "这条分支搜完了（其中有 %s）"}
	NoteCallerUndoesItsLastEnds        = Text{": the caller undoes %[1]s, its last %[2]s, and ends (回溯)", "：上一层撤销%[1]s，已没有%[3]s可试，也结束（回溯）"}
	NoteCallerUndoesTries              = Text{": the caller undoes %s and tries %s (回溯)", "：上一层撤销%s，改试%s（回溯）"}
	NoteCallerUndoesItsLastEnds2       = Text{": the caller undoes %[1]s, its last %[2]s, and ends too (回溯)", "：上一层撤销%[1]s，已没有%[3]s可试，也结束（回溯）"}
	NoteCallerUndoesItsLastFails       = Text{": the caller undoes %[1]s, its last %[2]s, and fails too (回溯)", "：上一层撤销%[1]s，已没有%[3]s，它也返回 false（回溯）"}
)

// Read by Narrator.noteLimit.
var (
	NoteStepLimitReachedStepSearch    = Text{"step limit reached at step %d: the search stops here, unfinished", "第 %d 步达到步数上限：搜索到此停止，没有完成"}
	NoteCallLimitSearchStopsAfter     = Text{"call limit: the search stops after %d calls, unfinished", "达到调用次数上限：%d 次调用后停止，搜索没有完成"}
	NoteTimeLimitPassedStepSearch     = Text{"time limit passed at step %d: the search stops, unfinished", "超过时间上限（第 %d 步）：搜索停止，没有完成"}
	NoteCanceledStepCtrlCOr           = Text{"canceled at step %d (Ctrl-C or a signal): the search stops, unfinished", "第 %d 步被取消（Ctrl-C 或信号）：搜索停止，没有完成"}
	NoteSizeLimitReachedStepRecording = Text{"size limit reached at step %d: the recording is as big as allowed, so the search stops, unfinished", "第 %d 步达到记录大小上限：搜索到此停止，没有完成"}
	NoteTreeSizeLimitReachedStep      = Text{"tree size limit reached at step %d: the search tree kept for the diagrams is as big as allowed, so the search stops, unfinished", "第 %d 步达到搜索树大小上限：为画图保存的搜索树已到上限，搜索到此停止，没有完成"}
	NoteLimitStoppedSearchStep        = Text{"a limit stopped the search at step %d", "第 %d 步触及上限，搜索停止"}
)

// Read by Narrator.noteCall.
var (
	NoteCloseParen = Text{")", "）"}
	NoteColon      = Text{": ", "："}
)

// Read by Narrator.alsoPlain.
var (
	NoteWitnessRule = Text{"%s (%s)", "%s（%s）"}
	NoteAlsoClashes = Text{"; also clashes with %s", "；还与 %s冲突"}
)

// Read by Narrator.noteCall and Narrator.voided.
var (
	NoteCall             = Text{"call ", "调用 "}
	NoteArrowReturnFalse = Text{"→ return false", "→ 返回 false"}
	NoteArrowReturn      = Text{"→ return", "→ 返回"}
)
