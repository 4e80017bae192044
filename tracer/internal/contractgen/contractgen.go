// Package contractgen writes tracer's re-exports of the contract (package
// problem): a type alias, a constant, a variable or a forwarding function
// for every exported name, so that programs written against tracer before
// the contract had its own package compile unchanged.
package contractgen

import (
	"bytes"
	"fmt"
	"go/ast"
	"go/format"
	"go/parser"
	"go/printer"
	"go/token"
	"path/filepath"
	"sort"
	"strings"
)

// Generate returns the Go source of package tracer's re-exports of the
// exported names of the package in dir, imported as pkg and named alias.
func Generate(dir, pkg, alias string) ([]byte, error) {
	fset := token.NewFileSet()
	files, _ := filepath.Glob(filepath.Join(dir, "*.go"))
	sort.Strings(files)
	var types, consts, vars, funcs []string
	src := func(n ast.Node) string {
		var b bytes.Buffer
		printer.Fprint(&b, fset, n)
		return b.String()
	}
	for _, f := range files {
		if strings.HasSuffix(f, "_test.go") {
			continue
		}
		af, err := parser.ParseFile(fset, f, nil, 0)
		if err != nil {
			return nil, err
		}
		for _, d := range af.Decls {
			switch d := d.(type) {
			case *ast.GenDecl:
				for _, sp := range d.Specs {
					switch sp := sp.(type) {
					case *ast.TypeSpec:
						if sp.Name.IsExported() {
							if sp.TypeParams != nil {
								return nil, fmt.Errorf("%s: generic type %s: write its alias by hand", f, sp.Name.Name)
							}
							types = append(types, sp.Name.Name)
						}
					case *ast.ValueSpec:
						for _, n := range sp.Names {
							if n.IsExported() {
								if d.Tok == token.CONST {
									consts = append(consts, n.Name)
								} else {
									vars = append(vars, n.Name)
								}
							}
						}
					}
				}
			case *ast.FuncDecl:
				if d.Recv != nil || !d.Name.IsExported() {
					continue
				}
				ft := *d.Type
				sig := src(&ft)
				sig = strings.TrimPrefix(sig, "func")
				var args []string
				variadic := false
				for _, p := range d.Type.Params.List {
					if _, ok := p.Type.(*ast.Ellipsis); ok {
						variadic = true
					}
					for _, n := range p.Names {
						args = append(args, n.Name)
					}
				}
				call := strings.Join(args, ", ")
				if variadic {
					call += "..."
				}
				ret := "return "
				if d.Type.Results == nil {
					ret = ""
				}
				funcs = append(funcs, fmt.Sprintf("// %s is %s.%s.\nfunc %s%s { %s%s.%s(%s) }\n", d.Name.Name, alias, d.Name.Name, d.Name.Name, sig, ret, alias, d.Name.Name, call))
			}
		}
	}
	var b bytes.Buffer
	fmt.Fprintf(&b, "// Code generated from the exported names of package %s; DO NOT EDIT.\n// Regenerate with go generate ./tracer after adding a name there.\n\npackage tracer\n\nimport %q\n\n", alias, pkg)
	b.WriteString("// The contract's types, re-exported so that tracer's users compile unchanged.\ntype (\n")
	for _, t := range types {
		fmt.Fprintf(&b, "\t%s = %s.%s\n", t, alias, t)
	}
	b.WriteString(")\n\n// The contract's constants.\nconst (\n")
	for _, t := range consts {
		fmt.Fprintf(&b, "\t%s = %s.%s\n", t, alias, t)
	}
	b.WriteString(")\n\n// The contract's variables (the same values, not copies of them to change).\nvar (\n")
	for _, t := range vars {
		fmt.Fprintf(&b, "\t%s = %s.%s\n", t, alias, t)
	}
	b.WriteString(")\n\n")
	for _, f := range funcs {
		b.WriteString(f + "\n")
	}
	return format.Source(b.Bytes())
}
