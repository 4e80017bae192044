package words

import (
	"go/ast"
	"go/parser"
	"go/scanner"
	"go/token"
	"io/fs"
	"os"
	"path/filepath"
	"slices"
	"strconv"
	"strings"
	"testing"
	"unicode"
)

// entry is one catalog entry as written in this package's source.
type entry struct {
	name, kind string   // "ScanSkip", "Text" or "Noun"
	parts      []string // Text: EN, ZH; Noun: One, Many, ZH
	pos        token.Position
}

// catalog reads every Text and Noun literal declared by the package's
// files: the entries, as a translator reads them.
func catalog(t *testing.T) []entry {
	t.Helper()
	fset := token.NewFileSet()
	pkgs, err := parser.ParseDir(fset, ".", func(fi fs.FileInfo) bool { return !strings.HasSuffix(fi.Name(), "_test.go") }, 0)
	if err != nil {
		t.Fatal(err)
	}
	var out []entry
	for _, p := range pkgs {
		for _, f := range p.Files {
			ast.Inspect(f, func(n ast.Node) bool {
				vs, ok := n.(*ast.ValueSpec)
				if !ok {
					return true
				}
				for i, v := range vs.Values {
					cl, ok := v.(*ast.CompositeLit)
					if !ok {
						continue
					}
					lits, kind := []*ast.CompositeLit{cl}, ""
					switch x := cl.Type.(type) {
					case *ast.Ident:
						kind = x.Name
					case *ast.ArrayType: // a list of entries: []Text{{...}, ...}
						if id, ok := x.Elt.(*ast.Ident); ok {
							kind, lits = id.Name, nil
							for _, el := range cl.Elts {
								if c, ok := el.(*ast.CompositeLit); ok {
									lits = append(lits, c)
								}
							}
						}
					}
					if kind != "Text" && kind != "Noun" {
						continue
					}
					for j, cl := range lits {
						name := vs.Names[i].Name
						if len(lits) > 1 || cl != v {
							name += "[" + strconv.Itoa(j) + "]"
						}
						out = append(out, entryOf(t, fset, name, kind, cl))
					}
				}
				return true
			})
		}
	}
	if len(out) < 100 {
		t.Fatalf("only %d catalog entries found", len(out))
	}
	return out
}

// entryOf reads one Text or Noun literal.
func entryOf(t *testing.T, fset *token.FileSet, name, kind string, cl *ast.CompositeLit) entry {
	e := entry{name: name, kind: kind, pos: fset.Position(cl.Pos())}
	for _, el := range cl.Elts {
		if kv, ok := el.(*ast.KeyValueExpr); ok {
			el = kv.Value
		}
		s, ok := constString(el)
		if !ok {
			t.Errorf("%s %s: an element is not a constant string", e.pos, e.name)
		}
		e.parts = append(e.parts, s)
	}
	return e
}

// constString folds a string literal or a sum of them.
func constString(e ast.Expr) (string, bool) {
	switch x := e.(type) {
	case *ast.BasicLit:
		if x.Kind != token.STRING {
			return "", false
		}
		s, err := strconv.Unquote(x.Value)
		return s, err == nil
	case *ast.BinaryExpr:
		a, ok1 := constString(x.X)
		b, ok2 := constString(x.Y)
		return a + b, ok1 && ok2 && x.Op == token.ADD
	case *ast.ParenExpr:
		return constString(x.X)
	}
	return "", false
}

// verbs returns the arguments a format uses, by argument number (from 1),
// with the verb each is written with; %% is no verb.
func verbs(format string) map[int]rune {
	used := map[int]rune{}
	arg := 1
	for i := 0; i < len(format); i++ {
		if format[i] != '%' {
			continue
		}
		i++
		for i < len(format) && strings.IndexByte("+-# 0123456789.", format[i]) >= 0 {
			i++
		}
		if i < len(format) && format[i] == '[' {
			end := strings.IndexByte(format[i:], ']')
			if end < 0 {
				break
			}
			n, err := strconv.Atoi(format[i+1 : i+end])
			if err == nil {
				arg = n
			}
			i += end + 1
		}
		if i >= len(format) {
			break
		}
		if format[i] == '%' {
			continue
		}
		used[arg] = rune(format[i])
		arg++
	}
	return used
}

func TestVerbs(t *testing.T) {
	for _, c := range []struct {
		in   string
		want map[int]rune
	}{
		{"no verb, 100%%", map[int]rune{}},
		{"scan from %s: skip %d", map[int]rune{1: 's', 2: 'd'}},
		{"%[2]s 的 %[1]d", map[int]rune{1: 'd', 2: 's'}},
		{"%5.2f and %-3s", map[int]rune{1: 'f', 2: 's'}},
	} {
		got := verbs(c.in)
		if len(got) != len(c.want) {
			t.Errorf("verbs(%q) = %v, want %v", c.in, got, c.want)
			continue
		}
		for k, v := range c.want {
			if got[k] != v {
				t.Errorf("verbs(%q) = %v, want %v", c.in, got, c.want)
			}
		}
	}
}

// TestCatalog checks every entry: both languages written, and a format
// uses the same arguments with the same verbs in English and Chinese; with
// indexed verbs (%[2]s) the Chinese may reorder them, and either language
// may leave out an argument written for the other only. A Noun has an
// English singular and plural with no verb, and a Chinese format with one
// %d.
func TestCatalog(t *testing.T) {
	seen := map[string]bool{}
	for _, e := range catalog(t) {
		if seen[e.name] {
			t.Errorf("%s: %s is declared twice", e.pos, e.name)
		}
		seen[e.name] = true
		for i, p := range e.parts {
			if strings.TrimSpace(p) == "" {
				t.Errorf("%s: %s: part %d is empty", e.pos, e.name, i+1)
			}
		}
		switch e.kind {
		case "Text":
			if len(e.parts) != 2 {
				t.Errorf("%s: %s has %d parts, want EN and ZH", e.pos, e.name, len(e.parts))
				continue
			}
			en, zh := verbs(e.parts[0]), verbs(e.parts[1])
			indexed := strings.Contains(e.parts[0], "%[") || strings.Contains(e.parts[1], "%[")
			if !indexed && len(en) != len(zh) {
				t.Errorf("%s: %s: English uses %d arguments, Chinese %d: %q, %q", e.pos, e.name, len(en), len(zh), e.parts[0], e.parts[1])
				continue
			}
			// With indexed verbs a language may leave out an argument
			// written for the other (an English plural, a Chinese
			// measure word); an argument both use has one verb.
			for k, v := range en {
				if w, ok := zh[k]; (ok || !indexed) && w != v {
					t.Errorf("%s: %s: argument %d is %%%c in English, %%%c in Chinese: %q, %q", e.pos, e.name, k, v, w, e.parts[0], e.parts[1])
				}
			}
		case "Noun":
			if len(e.parts) != 3 {
				t.Errorf("%s: %s has %d parts, want One, Many and ZH", e.pos, e.name, len(e.parts))
				continue
			}
			for _, p := range e.parts[:2] {
				if len(verbs(p)) != 0 {
					t.Errorf("%s: %s: the English noun %q has a verb", e.pos, e.name, p)
				}
			}
			if v := verbs(e.parts[2]); len(v) != 1 || v[1] != 'd' {
				t.Errorf("%s: %s: the Chinese %q is not a format with one %%d", e.pos, e.name, e.parts[2])
			}
		}
	}
}

// problemsDir holds the problems' packages (tracer/problems/...), whose
// files may hold Chinese in their string literals: a problem's words are
// on its Def (its title, rules, moves), and a new problem needs no line
// here.
const problemsDir = "tracer/problems/"

// hanAllowed are the other files outside this package that may hold
// Chinese in their string literals; examples/ are user programs. Nothing
// else: every other phrase people read is in this catalog.
var hanAllowed = []string{}

// TestNoPhraseOutsideCatalog fails when a string literal of a non-test Go
// file of the module, outside this package, a problem's own file and
// examples/, holds a Han character: a phrase people read belongs in the
// catalog. Comments may quote the tutorials' terms (剪枝, 宫).
func TestNoPhraseOutsideCatalog(t *testing.T) {
	root, err := filepath.Abs(filepath.Join("..", ".."))
	if err != nil {
		t.Fatal(err)
	}
	if _, err := os.Stat(filepath.Join(root, "go.mod")); err != nil {
		t.Fatalf("no module root above the words package: %v", err)
	}
	found := 0
	err = filepath.WalkDir(root, func(path string, d fs.DirEntry, err error) error {
		if err != nil {
			return err
		}
		rel, _ := filepath.Rel(root, path)
		rel = filepath.ToSlash(rel)
		if d.IsDir() {
			switch {
			case rel == ".":
				return nil
			case rel == "tracer/words", rel == "examples", d.Name() == "testdata", d.Name() == "third_party",
				strings.HasPrefix(d.Name(), "."), strings.HasPrefix(d.Name(), "_"):
				return filepath.SkipDir
			}
			return nil
		}
		if !strings.HasSuffix(rel, ".go") || strings.HasSuffix(rel, "_test.go") || slices.Contains(hanAllowed, rel) || strings.HasPrefix(rel, problemsDir) {
			return nil
		}
		src, err := os.ReadFile(path)
		if err != nil {
			return err
		}
		fset := token.NewFileSet()
		file := fset.AddFile(rel, -1, len(src))
		var s scanner.Scanner
		s.Init(file, src, nil, 0)
		for {
			pos, tok, lit := s.Scan()
			if tok == token.EOF {
				break
			}
			if (tok == token.STRING || tok == token.CHAR) && strings.ContainsFunc(lit, func(r rune) bool { return unicode.Is(unicode.Han, r) }) {
				found++
				if found <= 40 {
					t.Errorf("%s: a Chinese phrase outside the catalog (package words): %.60s", fset.Position(pos), lit)
				}
			}
		}
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}
	if found > 40 {
		t.Errorf("... %d phrases in all", found)
	}
}
