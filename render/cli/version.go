package cli

import (
	"fmt"
	"io"
	"runtime"
	"runtime/debug"
)

// buildFacts are what the binary knows of its own build: the module's
// version and the commit it was built from, read by runtime/debug from
// what `go build` and `go install` stamp in (no -ldflags needed).
type buildFacts struct {
	module   string // backtrack's module version: "v1.2.3", or "(devel)" for a build from a checkout
	program  string // the main module, when it is not backtrack's (a program calling cli.Main): "example.com/palin (devel)"
	revision string // vcs.revision: "" when the build had no VCS stamp
	time     string // vcs.time, RFC 3339
	modified bool   // vcs.modified: the tree had changes not committed
	goVer    string
}

// modulePath is backtrack's module.
const modulePath = "github.com/backtrack-edu/backtrack"

// readBuildFacts reads the running binary's build information.
func readBuildFacts() buildFacts {
	bi, _ := debug.ReadBuildInfo()
	return factsOf(bi)
}

// factsOf reads build information bi (nil: none). In a program of its own
// that runs the command set (cli.Main), backtrack is a dependency: its
// version is the dependency's, and the program is named beside it, whose
// are the commit and the Go version.
func factsOf(bi *debug.BuildInfo) buildFacts {
	f := buildFacts{goVer: runtime.Version()}
	if bi == nil {
		return f
	}
	f.module = bi.Main.Version
	if bi.Main.Path != "" && bi.Main.Path != modulePath {
		f.module, f.program = "", bi.Main.Path+" "+bi.Main.Version
		for _, d := range bi.Deps {
			if d.Path == modulePath {
				f.module = d.Version
				if d.Replace != nil {
					f.module += " => " + d.Replace.Path
					if d.Replace.Version != "" {
						f.module += " " + d.Replace.Version
					}
				}
			}
		}
	}
	if bi.GoVersion != "" {
		f.goVer = bi.GoVersion
	}
	for _, s := range bi.Settings {
		switch s.Key {
		case "vcs.revision":
			f.revision = s.Value
		case "vcs.time":
			f.time = s.Value
		case "vcs.modified":
			f.modified = s.Value == "true"
		}
	}
	return f
}

// writeVersion prints the version command's lines: the tool's version
// (the one step logs name), the module version, the commit and whether
// the tree was modified, and the Go version.
func writeVersion(w io.Writer, f buildFacts) error {
	module := f.module
	if module == "" {
		module = "unknown"
	}
	commit := "unknown (built without VCS information: -buildvcs=false, or not from a git checkout)"
	if f.revision != "" {
		commit = f.revision
		if f.time != "" {
			commit += " (" + f.time + ")"
		}
		if f.modified {
			commit += ", modified: the tree had uncommitted changes"
		}
	}
	if f.program != "" {
		module += ", in the program " + f.program // the commit is the program's
	}
	_, err := fmt.Fprintf(w, "backtrack %s\nmodule:  %s\ncommit:  %s\ngo:      %s\n", version, module, commit, f.goVer)
	return err
}
