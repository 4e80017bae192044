package cli

import (
	"bytes"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/backtrack-edu/backtrack/tracer"
)

func TestLangFromLocale(t *testing.T) {
	for _, tc := range []struct {
		env  map[string]string
		want tracer.Lang
	}{
		{nil, tracer.LangEN},
		{map[string]string{"LANG": "zh_CN.UTF-8"}, tracer.LangZH},
		{map[string]string{"LANG": "zh_TW.Big5"}, tracer.LangZH},
		{map[string]string{"LANG": "en_US.UTF-8"}, tracer.LangEN},
		{map[string]string{"LANG": "C"}, tracer.LangEN},
		{map[string]string{"LANG": "zh_CN.UTF-8", "LC_MESSAGES": "en_GB.UTF-8"}, tracer.LangEN},
		{map[string]string{"LANG": "en_US.UTF-8", "LC_MESSAGES": "zh_CN.UTF-8"}, tracer.LangZH},
		{map[string]string{"LC_MESSAGES": "zh_CN.UTF-8", "LC_ALL": "C"}, tracer.LangEN},
		{map[string]string{"LANG": "en_US.UTF-8", "LC_ALL": "zh_CN.UTF-8"}, tracer.LangZH},
		{map[string]string{"LANG": "fr_FR.UTF-8"}, tracer.LangEN},
	} {
		got := langFromLocale(func(k string) string { return tc.env[k] })
		if got != tc.want {
			t.Errorf("%v: %s, want %s", tc.env, got, tc.want)
		}
	}
}

// TestLocaleReport: LANG=zh_CN.UTF-8 makes the report Chinese; --lang en
// still wins.
func TestLocaleReport(t *testing.T) {
	t.Setenv("LANG", "zh_CN.UTF-8")
	var out, errb bytes.Buffer
	if code := run([]string{"trace", "nqueens", "-n", "4"}, nil, &out, &errb); code != exitOK {
		t.Fatalf("exit %d: %s", code, errb.String())
	}
	var en bytes.Buffer
	if code := run([]string{"trace", "nqueens", "-n", "4", "--lang", "en"}, nil, &en, &errb); code != exitOK {
		t.Fatalf("exit %d: %s", code, errb.String())
	}
	var zh bytes.Buffer
	if code := run([]string{"trace", "nqueens", "-n", "4", "--lang", "zh"}, nil, &zh, &errb); code != exitOK {
		t.Fatalf("exit %d: %s", code, errb.String())
	}
	if out.String() != zh.String() {
		t.Errorf("LANG=zh_CN.UTF-8 printed\n%s\nwant the --lang zh report\n%s", out.String(), zh.String())
	}
	if en.String() == zh.String() || strings.ContainsAny(en.String(), "解步") {
		t.Errorf("--lang en under LANG=zh_CN.UTF-8 printed\n%s", en.String())
	}
}

// TestPageFollowsBrowser: a page made without --lang opens in the
// browser's language; one made with --lang, or rendered from a log that
// has a language, keeps its own.
func TestPageFollowsBrowser(t *testing.T) {
	dir := t.TempDir()
	for _, tc := range []struct {
		args   []string
		follow bool
	}{
		{[]string{"trace", "nqueens", "-n", "4"}, true},
		{[]string{"trace", "nqueens", "-n", "4", "--lang", "en"}, false},
		{[]string{"trace", "nqueens", "-n", "4", "--lang", "zh"}, false},
		{[]string{"render", filepath.Join(dir, "log.yaml")}, false},
	} {
		page := filepath.Join(dir, "page.html")
		args := append(tc.args, "--html", page)
		if tc.args[0] == "trace" {
			args = append(args, "--yaml", filepath.Join(dir, "log.yaml"))
		}
		var out, errb bytes.Buffer
		if code := run(args, nil, &out, &errb); code != exitOK {
			t.Fatalf("%v: exit %d: %s", args, code, errb.String())
		}
		b, err := os.ReadFile(page)
		if err != nil {
			t.Fatal(err)
		}
		if got := bytes.Contains(b, []byte(` data-follow="browser"`)); got != tc.follow {
			t.Errorf("%v: the page follows the browser: %v, want %v", tc.args, got, tc.follow)
		}
	}
}
