package render

// GivenTrimming says which of a diagram's trimming options were given by
// hand (a flag on the command line, a key in a lesson's spec) rather than
// left at their defaults. Its Fit is the one rule by which the command
// line and the lessons decide whether a picture is fitted to a slide.
type GivenTrimming struct {
	MaxNodes, Depth, Focus bool
}

// Fit returns the slide a diagram is fitted to: s, unless a node budget
// was given by hand, which draws the tree as asked and fits nothing (the
// zero Slide). A depth or a focus is fitted within: the branch or the
// levels asked for, trimmed to go on the slide.
func (g GivenTrimming) Fit(s Slide) Slide {
	if g.MaxNodes {
		return Slide{}
	}
	return s
}
