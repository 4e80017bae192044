package stepper

import (
	"os"
	"testing"

	"github.com/backtrack-edu/backtrack/render/internal/browsertest"
)

// TestMain ends the headless Chromiums that the browser tests borrow
// (browsertest.Tab: a browser lent to one test at a time, a new tab for
// each test) and removes the pages they share (playerCache). The browser
// tests call t.Parallel: they run after the others, two at a time (go
// test's -parallel), each with a browser of its own, so that the Go work
// of one (building a page) overlaps the browser work of another.
func TestMain(m *testing.M) {
	code := m.Run()
	browsertest.Close()
	cleanPlayerCache()
	os.Exit(code)
}
