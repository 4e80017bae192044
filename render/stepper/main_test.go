package stepper

import (
	"os"
	"testing"

	"backtrack/render/internal/browsertest"
)

// TestMain ends the headless Chromium that the browser tests share
// (browsertest.Tab: one browser, a tab for each test) and removes the
// pages they share (playerCache).
func TestMain(m *testing.M) {
	code := m.Run()
	browsertest.Close()
	cleanPlayerCache()
	os.Exit(code)
}
