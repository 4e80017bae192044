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
	module   string // the main module's version: "v1.2.3", or "(devel)" for a build from a checkout
	revision string // vcs.revision: "" when the build had no VCS stamp
	time     string // vcs.time, RFC 3339
	modified bool   // vcs.modified: the tree had changes not committed
	goVer    string
}

// readBuildFacts reads the running binary's build information.
func readBuildFacts() buildFacts {
	f := buildFacts{goVer: runtime.Version()}
	bi, ok := debug.ReadBuildInfo()
	if !ok {
		return f
	}
	f.module = bi.Main.Version
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
	_, err := fmt.Fprintf(w, "backtrack %s\nmodule:  %s\ncommit:  %s\ngo:      %s\n", version, module, commit, f.goVer)
	return err
}
