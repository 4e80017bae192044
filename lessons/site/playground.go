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

	"github.com/backtrack-edu/backtrack/lessons/site/play"
	"github.com/backtrack-edu/backtrack/tracer"
	"github.com/backtrack-edu/backtrack/tracer/words"
)

// Playground is the compiled playground: the WebAssembly of
// lessons/site/playground (PlaygroundPackage) and the Go distribution's wasm_exec.js that
// runs it.
type Playground struct {
	Wasm, WasmExec []byte
}

// Module is the module path of backtrack's source.
const Module = "github.com/backtrack-edu/backtrack"

// PlaygroundPackage is the import path of the playground's main package.
const PlaygroundPackage = Module + "/lessons/site/playground"

// PlaygroundSource reports why the playground cannot be compiled in dir,
// or nil: the Go toolchain is not in PATH, or dir is not in backtrack's
// source (no go.mod of module backtrack in it or a folder above it, with
// the playground's package). It reads a few files and runs nothing, so a
// build can leave the playground out before its work, not after.
func PlaygroundSource(dir string) error {
	if _, err := exec.LookPath("go"); err != nil {
		return errors.New("go is not in PATH")
	}
	abs, err := filepath.Abs(dir)
	if err != nil {
		return err
	}
	for d := abs; ; d = filepath.Dir(d) {
		if b, err := os.ReadFile(filepath.Join(d, "go.mod")); err == nil {
			if modulePath(b) != Module {
				break // another module's folder
			}
			if fi, err := os.Stat(filepath.Join(d, "lessons", "site", "playground", "main.go")); err != nil || !fi.Mode().IsRegular() {
				break
			}
			return nil
		}
		if filepath.Dir(d) == d {
			break
		}
	}
	return fmt.Errorf("%s is not in backtrack's source", abs)
}

// modulePath is the module line of a go.mod.
func modulePath(gomod []byte) string {
	for _, line := range strings.Split(string(gomod), "\n") {
		if f := strings.Fields(line); len(f) >= 2 && f[0] == "module" {
			return strings.Trim(f[1], `"`)
		}
	}
	return ""
}

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
var playgroundWords = map[string]words.Text{
	"title":   words.PlayTitle,
	"intro":   words.PlayIntro,
	"problem": words.PlayProblem,
	"n":       words.PlayN,
	"puzzle":  words.PlayPuzzle,
	"example": words.PlayExample,
	"order":   words.PlayOrder,
	"check":   words.PlayCheck,
	"lang":    words.PlayLang,
	"steps":   words.PlaySteps,
	"run":     words.PlayRun,
	"loading": words.PlayLoading,
	"ready":   words.PlayReady,
	"running": words.PlayRunning,
	"done":    words.PlayDone,
	"open":    words.PlayOpen,
	"save":    words.PlaySave,
	"noload":  words.PlayNoload,
	"back":    words.PlayBack,
	"default": words.PlayDefault,
}

// playgroundPage is LANG/playground.html.
func playgroundPage(lang tracer.Lang) []byte {
	w := func(k string) string { return playgroundWords[k].In(lang) }
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
<label id="nrow">%s <input id="n" type="text" inputmode="numeric" size="6"></label>
<div id="puzzlerow"><label>%s <select id="example"></select></label>
<label class="wide">%s<textarea id="puzzle" rows="9" cols="30" spellcheck="false"></textarea></label></div>
<label>%s <select id="order"></select></label>
<label>%s <select id="check"></select></label>
<label>%s <select id="lang"><option value="en">%s</option><option value="zh">%s</option></select></label>
<label>%s <input id="maxsteps" type="text" inputmode="numeric" size="9" value="1000000" title="1–%d"></label>
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
`, w("title"), html.EscapeString(w("intro")), w("problem"), w("n"), w("example"), w("puzzle"), w("order"), w("check"), w("lang"), words.LangName.EN, words.LangName.ZH, w("steps"),
		play.MaxSteps, w("run"), w("loading"), w("open"), w("save"), js.String(), string(lang), playgroundJS)
	nav := fmt.Sprintf("<a href=\"index.html\">← %s</a> <a class=\"lang\" href=\"../%s/playground.html\" hreflang=\"%s\">%s</a>",
		w("back"), other(lang), other(lang), words.LangName.In(other(lang)))
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
