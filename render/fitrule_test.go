package render

import "testing"

// TestGivenTrimmingFit: a slide is fitted to unless a budget is given by
// hand, as the command line's --fit help says; a depth or a focus is
// fitted within.
func TestGivenTrimmingFit(t *testing.T) {
	for _, c := range []struct {
		given GivenTrimming
		fit   Slide
		want  Slide
	}{
		{GivenTrimming{}, Slide16x9, Slide16x9},
		{GivenTrimming{}, Slide4x3, Slide4x3},
		{GivenTrimming{}, Slide{}, Slide{}},
		{GivenTrimming{MaxNodes: true}, Slide16x9, Slide{}},
		{GivenTrimming{Depth: true}, Slide16x9, Slide16x9},
		{GivenTrimming{Focus: true}, Slide4x3, Slide4x3},
		{GivenTrimming{MaxNodes: true, Depth: true, Focus: true}, Slide16x9, Slide{}},
	} {
		if got := c.given.Fit(c.fit); got != c.want {
			t.Errorf("%+v.Fit(%q) = %q, want %q", c.given, c.fit.Name, got.Name, c.want.Name)
		}
	}
}
