package palindrome

import (
	"fmt"
	"strconv"

	"github.com/backtrack-edu/backtrack/tracer"
)

// words are the notes' words for the string s, in English and Chinese. A
// move's cell is where its piece starts and its value where it ends, so
// every note names the piece itself: "aa" = s[0..1].
func words(s string) tracer.Words {
	n := len(s)
	// piece is `"aa" = s[0..1]` / `"aa"（s[0..1]）`.
	piece := func(st, i int) tracer.Text {
		q := "?"
		if st >= 0 && st <= i && i < n {
			q = strconv.Quote(s[st : i+1])
		}
		return tracer.Text{EN: fmt.Sprintf("%s = s[%d..%d]", q, st, i), ZH: fmt.Sprintf("%s（s[%d..%d]）", q, st, i)}
	}
	return tracer.Words{
		Value:         func(i int) string { return strconv.Itoa(i) },
		Candidate:     tracer.Text{EN: "end", ZH: "切割终点"},
		NextCandidate: tracer.Text{EN: "the next end", ZH: "下一个切割终点"},
		Last:          func(int) int { return n - 1 },
		Thing: func(i int, at tracer.Pos) tracer.Text {
			p := piece(at.Col, i)
			return tracer.Text{EN: "the piece " + p.EN, ZH: "子串 " + p.ZH}
		},
		Try: func(cell tracer.Pos, i int) tracer.Text {
			p := piece(cell.Col, i)
			return tracer.Text{EN: "try the piece " + p.EN, ZH: "尝试切下子串 " + p.ZH}
		},
		Decide: func(c tracer.CallFacts) tracer.Text {
			return tracer.Text{EN: "cut the next piece", ZH: "切下一段"}
		},
		Slot: func(slot tracer.Pos) tracer.Text {
			return tracer.Text{EN: fmt.Sprintf("startIndex %d", slot.Col), ZH: fmt.Sprintf("startIndex %d", slot.Col)}
		},
		// The one rule has no witness: the piece itself is not a
		// palindrome, no other cell is to blame.
		Reject: func(_ tracer.When, e *tracer.Event, _ tracer.RuleWords) tracer.Text {
			p := piece(e.Cell.Col, e.Value)
			return tracer.Text{EN: p.EN + " is not a palindrome: skip it (continue)",
				ZH: p.ZH + "不是回文串：跳过（continue）"}
		},
		Place: func(_ tracer.When, e *tracer.Event, _ int) tracer.Text {
			p := piece(e.Cell.Col, e.Value)
			return tracer.Text{EN: fmt.Sprintf("%s is a palindrome: push it onto the path and cut on from %d", p.EN, e.Value+1),
				ZH: fmt.Sprintf("%s是回文串：放入 path，从 %d 继续切割", p.ZH, e.Value+1)}
		},
		Undo: func(e *tracer.Event) tracer.Text {
			p := piece(e.Cell.Col, e.Value)
			return tracer.Text{EN: "pop " + p.EN + " off the path (回溯)", ZH: "回溯：把 " + p.ZH + "从 path 中弹出"}
		},
		Full: func(int) tracer.Text {
			return tracer.Text{EN: "the cuts reached the end of the string, every piece a palindrome",
				ZH: "已切到字符串末尾，每一段都是回文串"}
		},
		OnPath: func(_ tracer.When, e *tracer.Event, path []int) (tracer.Text, bool) {
			switch e.Kind {
			case tracer.KindCall:
				// The event's value is the end of the piece that led
				// here: this call's startIndex is the one after it.
				st := e.Value + 1
				if st >= n {
					return tracer.Text{EN: fmt.Sprintf("startIndex %d == len(s): the whole string is cut", st),
						ZH: fmt.Sprintf("startIndex %d == len(s)：整个字符串已切完", st)}, true
				}
				return tracer.Text{EN: fmt.Sprintf("cut the next piece, from startIndex %d", st),
					ZH: fmt.Sprintf("从 startIndex %d 开始切下一段", st)}, true
			case tracer.KindSolution:
				var ps []string
				st := 0
				for _, i := range path {
					if st <= i && i < n {
						ps = append(ps, s[st:i+1])
					}
					st = i + 1
				}
				l := list(ps)
				return tracer.Text{EN: "every piece a palindrome: record " + l, ZH: "每一段都是回文串：记录 " + l}, true
			}
			return tracer.Text{}, false
		},
		Exhausted: func(e *tracer.Event, _ int, below tracer.Text) tracer.Text {
			st := e.Cell.Col
			if below.EN != "" {
				return tracer.Text{EN: fmt.Sprintf("every end from startIndex %d tried (%s below) → return", st, below.EN),
					ZH: fmt.Sprintf("从 startIndex %d 起的切割终点都试完了（下面找到 %s）→ 返回", st, below.ZH)}
			}
			return tracer.Text{EN: fmt.Sprintf("no piece from startIndex %d is a palindrome that leads on → return (回溯)", st),
				ZH: fmt.Sprintf("从 startIndex %d 起切不出能走下去的回文串 → 返回（回溯）", st)}
		},
	}
}
