// Package browsertest finds the Chromium that the browser tests drive
// (Debian's chromium package, which .ci/run installs).
package browsertest

import (
	"os/exec"
	"testing"
)

// Chromium returns the path of the Chromium to drive, or skips the test,
// naming chromium and what the test checks (what, e.g. "the SVG
// pictures").
func Chromium(t testing.TB, what string) string {
	t.Helper()
	for _, name := range []string{"chromium", "chromium-browser"} {
		if p, err := exec.LookPath(name); err == nil {
			return p
		}
	}
	t.Skip("chromium is not installed: the browser test of " + what + " needs it (CI installs Debian's chromium)")
	return ""
}
