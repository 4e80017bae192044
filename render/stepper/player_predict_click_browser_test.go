package stepper

import (
	"fmt"
	"testing"

	"github.com/chromedp/cdproto/emulation"

	"github.com/backtrack-edu/backtrack/tracer"
)

// TestPlayerPredictAnswersReachable opens predict mode at the sizes a class
// meets (a 720p projector with the browser's bars, 1280x720, 1366x768,
// 1920x1080, a phone) and, at every question of 4-queens and the first 12
// of LeetCode 37, checks that what a student clicks to answer is what the
// page has under that point: each answer button, and for a "where does it
// go back to" question each row of the stack. At 1280x577 the stack's rows
// were drawn over the question bar, and a click on "depth 0" answered the
// stack row under it (depth 1), scored right.
func TestPlayerPredictAnswersReachable(t *testing.T) {
	t.Parallel() // the browser tests take turns with each other, not with the rest (see main_test.go)
	for _, c := range []struct {
		pc   playerCase
		lang tracer.Lang
		max  int
	}{
		{playerQueens4, tracer.LangEN, 1000},
		{playerQueens4, tracer.LangZH, 1000},
		{playerLeet37, tracer.LangEN, 12},
		{playerLeet37, tracer.LangZH, 12},
	} {
		b := newPlayerBrowser(t) // a tab for each run: a tab has 3 minutes
		r := makePlayerRun(t, c.pc, c.lang)
		for _, size := range [][2]int64{{1280, 577}, {1280, 720}, {1366, 768}, {1920, 1080}, {390, 844}} {
			t.Run(fmt.Sprintf("%s-%s-%dx%d", c.pc.name, c.lang, size[0], size[1]), func(t *testing.T) {
				b.do(t, "size the screen", emulation.SetDeviceMetricsOverride(size[0], size[1], 1, size[0] < 600))
				b.open(t, r, "step=0&lang="+string(c.lang)+"&"+predictAll)
				var res struct {
					Asked int      `json:"asked"`
					Bad   []string `json:"bad"`
				}
				b.eval(t, "every question's answers", fmt.Sprintf(`(() => {
					const bad = [];
					let asked = 0;
					// under reports whether the point a click on e lands on
					// is e or inside it, once e is scrolled into view as a
					// student would scroll it.
					const under = (e) => {
						e.scrollIntoView({block: 'nearest', inline: 'nearest'});
						const r = e.getBoundingClientRect();
						if (r.width === 0 || r.height === 0) return 'not shown';
						const x = r.left + r.width / 2, y = r.top + r.height / 2;
						const hit = document.elementFromPoint(x, y);
						if (!hit) return 'off screen';
						if (hit === e || e.contains(hit)) return '';
						return 'covered by ' + hit.tagName.toLowerCase() + (hit.id ? '#' + hit.id : '') + (hit.className && hit.className.baseVal === undefined ? '.' + hit.className : '') + ' "' + (hit.textContent || '').trim().slice(0, 30) + '"';
					};
					for (let k = 1; k < backtrackPlayer.steps() && asked < %d; k++) {
						backtrackPlayer.go(k);
						const q = backtrackPlayer.question();
						if (!q) continue;
						asked++;
						for (const btn of document.querySelectorAll('#quiz button.ans')) {
							const why = under(btn);
							if (why) bad.push('step ' + k + ' ' + q.kind + ': answer "' + btn.textContent.trim() + '" ' + why);
						}
						if (q.kind === 'return') {
							for (const row of document.querySelectorAll('#stack .row')) {
								const why = under(row);
								if (why) bad.push('step ' + k + ': stack row "' + row.textContent.trim().slice(0, 24) + '" ' + why);
							}
						}
						if (bad.length > 12) break;
					}
					return {asked, bad};
				})()`, c.max), &res)
				if res.Asked == 0 {
					t.Fatalf("%s: no question asked", r.name)
				}
				for _, s := range res.Bad {
					t.Error(s)
				}
				t.Logf("%d questions, every answer under its own point", res.Asked)
			})
		}
	}
}
