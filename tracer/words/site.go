package words

// The words of the lessons' site and its playground (package site).
var (
	SiteTitle      = Text{"backtrack: lessons on backtracking search", "backtrack：回溯搜索课程"}
	SiteLessons    = Text{"Lessons", "课程"}
	SiteAllLessons = Text{"All lessons", "全部课程"}
	SiteTry        = Text{"Try it yourself in the playground", "在练习场里亲手试一试"}
	SitePlayers    = Noun{"player", "players", "%d 个播放器"}
	SiteIntro      = Text{"Each lesson runs its searches when the site is built, and every number on its page comes from those runs. " +
		"A player is one page that steps through a run, forward and back, in any browser and offline.",
		"每一课都在生成网站时实际运行其中的搜索，页面上的每个数字都来自这些运行。" +
			"播放器是一个网页，可以在任何浏览器中离线逐步查看一次运行，可前进也可后退。"}
	SiteIntroPlay = Text{"In the playground you pick a problem and a size or a puzzle, and your browser runs the search itself.",
		"在练习场里，你可以自选问题和规模（或数独题目），由你的浏览器亲自运行这次搜索。"}
	SiteFooter = Text{`backtrack is under the MIT licence. Its pictures embed the Go fonts (BSD-3-Clause); the program draws with Graphviz compiled to WebAssembly (Eclipse Public License 1.0); the playground ships the Go runtime and <code>wasm_exec.js</code> (BSD-3-Clause). See the <a href="%slicences.html">licence and third-party notices</a>.`,
		`backtrack 以 MIT 许可证发布。图片内嵌 Go 字体（BSD-3-Clause）；程序用编译为 WebAssembly 的 Graphviz（Eclipse 公共许可证 1.0）绘图；练习场包含 Go 运行时与 <code>wasm_exec.js</code>（BSD-3-Clause）。详见<a href="%slicences.html">许可证与第三方声明</a>。`}
	// SiteLessonsInLang links each language's index from the root page,
	// which shows both.
	SiteLessonsInLang = Text{"Lessons in English", "中文课程"}
	SiteLicence       = Text{"Licence", "许可证"}
	// SitePictureReadable introduces a lesson picture shown at the width
	// where its smallest text is %d px high, under the whole picture
	// squeezed into the column.
	SitePictureReadable = Text{"Below, the same picture with its smallest text %d px high: scroll sideways to read all of it.",
		"下面是同一张图，最小的字 %d 像素高：左右滑动可以看全。"}
	// SitePictureNarrow is said over a lesson picture that the widest
	// column shows whole at that width: only a narrow screen scrolls it.
	SitePictureNarrow = Text{"The smallest text of this picture is %d px high; on a narrow screen, scroll sideways to read all of it.",
		"图中最小的字 %d 像素高；屏幕窄时可左右滑动看全。"}
)

// LangName names each language in itself: "English", "中文" (a switch
// to the other language, the playground's choice of language).
var LangName = Text{"English", "中文"}

// The playground's words; its script gets them as JSON, by key.
var (
	PlayTitle   = Text{"Playground: run a backtracking search in your browser", "练习场：在浏览器里运行回溯搜索"}
	PlayIntro   = Text{"Pick a problem and its size or puzzle; your browser runs the search (the tracer compiled to WebAssembly, no server) and opens the player on it. The page is the same, byte for byte, as backtrack trace --html makes.", "选择问题和规模（或数独题目），由你的浏览器运行这次搜索（追踪器编译为 WebAssembly，不需要服务器），然后在播放器中打开。生成的网页与 backtrack trace --html 生成的逐字节相同。"}
	PlayProblem = Text{"Problem", "问题"}
	PlayN       = Text{"Size n", "规模 n"}
	PlayPuzzle  = Text{"Puzzle: 4×4, 9×9 or 16×16, on one line or a row a line, . or 0 for a blank (or LeetCode's JSON array)", "题目：4×4、9×9 或 16×16，写成一行或每行一排，空格写 . 或 0（也可粘贴 LeetCode 的 JSON 数组）"}
	PlayExample = Text{"Example", "示例"}
	PlayOrder   = Text{"Order (which slot next)", "顺序（下一个填哪一格）"}
	PlayCheck   = Text{"Check", "检查方式"}
	PlayLang    = Text{"Language of the player", "播放器语言"}
	PlaySteps   = Text{"Step limit", "步数上限"}
	PlayRun     = Text{"Run", "运行"}
	PlayLoading = Text{"Loading the WebAssembly…", "正在加载 WebAssembly……"}
	PlayReady   = Text{"Ready.", "已就绪。"}
	PlayRunning = Text{"Searching: %d steps…", "正在搜索：已走 %d 步……"}
	PlayDone    = Text{"Done: a page of %s KB made in %s s.", "完成：生成了 %s KB 的网页，用时 %s 秒。"}
	PlayOpen    = Text{"Open the player in a new tab", "在新标签页中打开播放器"}
	PlaySave    = Text{"Save the page", "保存网页"}
	PlayNoload  = Text{"The WebAssembly could not be loaded: ", "无法加载 WebAssembly："}
	PlayBack    = Text{"All lessons", "全部课程"}
	PlayDefault = Text{"(default)", "（默认）"}
)

// The playground's refusals (package play): the command's line, which
// names the flag, after the form's field ("Size n: -n 0 is out of
// range: want 1 to 30"), in the playground page's language.
var (
	PlayErrField    = Text{"%s: %s", "%s：%s"}
	PlayFieldPuzzle = Text{"Puzzle", "题目"}
	PlayFieldOrder  = Text{"Order", "顺序"}
	PlayErrNumber   = Text{"invalid value %q for flag %s: want a whole number in decimal digits, such as 8", "%[2]s 的值 %[1]q 不是整数：请写十进制数字，例如 8"}
	PlayErrRange    = Text{"%s %d is out of range: want %d to %d", "%s %d 超出范围：应为 %d 到 %d"}
	PlayErrSteps    = Text{"--max-steps %d: the playground runs from 1 to %d steps", "--max-steps %d：练习场只能运行 1 到 %d 步"}
	PlayErrLang     = Text{"--lang: unknown value %q: want %s", "--lang：没有 %q 这种语言：可选 %s"}
	PlayErrProblem  = Text{"unknown problem %q: want %s", "没有 %q 这个问题：可选 %s"}
	PlayErrValue    = Text{"%s: %s: unknown value %q: want %s", "%[1]s：%[2]s 没有 %[3]q 这个选项：可选 %[4]s"}
	PlayErrNoSize   = Text{"-n: %s takes no size n: give a puzzle", "-n：%s 没有规模 n，请给出题目"}
	// The command's words for what the playground has no Chinese of its
	// own (a puzzle's many faults): said in English after the field.
	PlayErrAsCommand = Text{"%s", "%s（命令行的英文提示）"}
	PlayOr           = Text{" or ", " 或 "}
	PlayComma        = Text{", ", "、"}
)
