package site

import (
	"bytes"
	"context"
	"encoding/base64"
	"errors"
	"fmt"
	"html"
	"os"
	"os/exec"
	"path/filepath"
	"sort"
	"strings"

	"backtrack/site/play"
	"backtrack/tracer"
)

// Playground is the compiled playground: the WebAssembly of
// backtrack/site/playground and the Go distribution's wasm_exec.js that
// runs it.
type Playground struct {
	Wasm, WasmExec []byte
}

// PlaygroundPackage is the import path of the playground's main package.
const PlaygroundPackage = "backtrack/site/playground"

// BuildPlayground compiles the playground with the Go toolchain (GOOS=js
// GOARCH=wasm go build, run in moduleDir, a folder of backtrack's source)
// and reads wasm_exec.js from the toolchain ($GOROOT/lib/wasm, or
// misc/wasm before Go 1.24). The build is -trimpath and without VCS
// stamps, so the same source and toolchain give the same bytes.
func BuildPlayground(ctx context.Context, moduleDir string) (*Playground, error) {
	goTool, err := exec.LookPath("go")
	if err != nil {
		return nil, errors.New("the playground is compiled with the Go toolchain, and go is not in PATH")
	}
	tmp, err := os.MkdirTemp("", "backtrack-playground-")
	if err != nil {
		return nil, err
	}
	defer os.RemoveAll(tmp)
	out := filepath.Join(tmp, "playground.wasm")
	cmd := exec.CommandContext(ctx, goTool, "build", "-trimpath", "-buildvcs=false", "-ldflags=-s -w", "-o", out, PlaygroundPackage)
	cmd.Dir = moduleDir
	cmd.Env = append(os.Environ(), "GOOS=js", "GOARCH=wasm", "CGO_ENABLED=0")
	if msg, err := cmd.CombinedOutput(); err != nil {
		first := strings.SplitN(strings.TrimSpace(string(msg)), "\n", 2)[0]
		return nil, fmt.Errorf("compiling the playground (GOOS=js GOARCH=wasm go build %s in %s; run it in backtrack's source folder): %v: %s",
			PlaygroundPackage, moduleDir, err, first)
	}
	wasm, err := os.ReadFile(out)
	if err != nil {
		return nil, err
	}
	root, err := exec.CommandContext(ctx, goTool, "env", "GOROOT").Output()
	if err != nil {
		return nil, fmt.Errorf("go env GOROOT: %w", err)
	}
	goroot := strings.TrimSpace(string(root))
	var execJS []byte
	for _, p := range []string{"lib/wasm/wasm_exec.js", "misc/wasm/wasm_exec.js"} {
		if execJS, err = os.ReadFile(filepath.Join(goroot, p)); err == nil {
			break
		}
	}
	if err != nil {
		return nil, fmt.Errorf("wasm_exec.js is neither in %s/lib/wasm nor in %s/misc/wasm", goroot, goroot)
	}
	return &Playground{Wasm: wasm, WasmExec: execJS}, nil
}

// scriptCopy is the WebAssembly as a script, for pages opened from
// file://, where a browser refuses to fetch a file: it sets
// backtrackWasmBase64.
func (p *Playground) scriptCopy() []byte {
	var b bytes.Buffer
	b.WriteString("// The playground's WebAssembly, for pages opened from file:// (a browser fetches no file there).\nvar backtrackWasmBase64 = \"")
	b.WriteString(base64.StdEncoding.EncodeToString(p.Wasm))
	b.WriteString("\";\n")
	return b.Bytes()
}

// playgroundWords are the playground page's words; its script gets them
// as JSON.
var playgroundWords = map[string][2]string{
	"title":   {"Playground: run a backtracking search in your browser", "练习场：在浏览器里运行回溯搜索"},
	"intro":   {"Pick a problem and its size or puzzle; your browser runs the search (the tracer compiled to WebAssembly, no server) and opens the player on it. The page is the same, byte for byte, as backtrack trace --html makes.", "选择问题和规模（或数独题目），由你的浏览器运行这次搜索（追踪器编译为 WebAssembly，不需要服务器），然后在播放器中打开。生成的网页与 backtrack trace --html 生成的逐字节相同。"},
	"problem": {"Problem", "问题"},
	"n":       {"Size n", "规模 n"},
	"puzzle":  {"Puzzle: 4×4, 9×9 or 16×16, on one line or a row a line, . or 0 for a blank (or LeetCode's JSON array)", "题目：4×4、9×9 或 16×16，写成一行或每行一排，空格写 . 或 0（也可粘贴 LeetCode 的 JSON 数组）"},
	"example": {"Example", "示例"},
	"order":   {"Order (which slot next)", "顺序（下一个填哪一格）"},
	"check":   {"Check", "检查方式"},
	"lang":    {"Language of the player", "播放器语言"},
	"steps":   {"Step limit", "步数上限"},
	"run":     {"Run", "运行"},
	"loading": {"Loading the WebAssembly…", "正在加载 WebAssembly……"},
	"ready":   {"Ready.", "已就绪。"},
	"running": {"Searching: %d steps…", "正在搜索：已走 %d 步……"},
	"done":    {"Done: a page of %s KB made in %s s.", "完成：生成了 %s KB 的网页，用时 %s 秒。"},
	"open":    {"Open the player in a new tab", "在新标签页中打开播放器"},
	"save":    {"Save the page", "保存网页"},
	"noload":  {"The WebAssembly could not be loaded: ", "无法加载 WebAssembly："},
	"back":    {"All lessons", "全部课程"},
	"default": {"(default)", "（默认）"},
}

// playgroundPage is LANG/playground.html.
func playgroundPage(lang tracer.Lang) []byte {
	i := 0
	if lang == tracer.LangZH {
		i = 1
	}
	w := func(k string) string { return playgroundWords[k][i] }
	var js strings.Builder
	js.WriteString("{")
	for j, k := range sortedWordKeys() {
		if j > 0 {
			js.WriteString(",")
		}
		fmt.Fprintf(&js, "%q:%q", k, w(k))
	}
	js.WriteString("}")
	body := fmt.Sprintf(`<h1>%s</h1>
<p>%s</p>
<form id="form" class="play" onsubmit="return false">
<label>%s <select id="problem"></select></label>
<label id="nrow">%s <input id="n" type="number" min="1" step="1"></label>
<div id="puzzlerow"><label>%s <select id="example"></select></label>
<label class="wide">%s<textarea id="puzzle" rows="9" cols="30" spellcheck="false"></textarea></label></div>
<label>%s <select id="order"></select></label>
<label>%s <select id="check"></select></label>
<label>%s <select id="lang"><option value="en">English</option><option value="zh">中文</option></select></label>
<label>%s <input id="maxsteps" type="number" min="1" max="%d" value="1000000"></label>
<button id="run" type="submit" disabled>%s</button>
</form>
<p id="status" role="status">%s</p>
<p id="error" class="error" role="alert" hidden></p>
<p id="links" hidden><a id="open" target="_blank" rel="noopener">%s</a> · <a id="save" download="player.html">%s</a></p>
<iframe id="player" title="player" hidden></iframe>
<script src="../playground/wasm_exec.js"></script>
<script>
var W = %s, PLANG = %q;
%s</script>
`, w("title"), html.EscapeString(w("intro")), w("problem"), w("n"), w("example"), w("puzzle"), w("order"), w("check"), w("lang"), w("steps"),
		play.MaxSteps, w("run"), w("loading"), w("open"), w("save"), js.String(), string(lang), playgroundJS)
	nav := fmt.Sprintf("<a href=\"index.html\">← %s</a> <a class=\"lang\" href=\"../%s/playground.html\" hreflang=\"%s\">%s</a>",
		w("back"), other(lang), other(lang), word("other", lang))
	return frame(lang, "../", w("title"), nav, body)
}

func sortedWordKeys() []string {
	var ks []string
	for k := range playgroundWords {
		ks = append(ks, k)
	}
	sort.Strings(ks)
	return ks
}
