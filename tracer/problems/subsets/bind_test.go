package subsets

import (
	"testing"

	"github.com/backtrack-edu/backtrack/tracer/problem"
	"github.com/backtrack-edu/backtrack/tracer/problems/listkit"
)

// unbound is Subsets with an Info that returns the registered Def, as a
// user's problem that does not bind its Def to its instance would.
type unbound struct{ *Subsets }

func (u unbound) Info() problem.Info {
	info := u.Subsets.Info()
	info.Def = SubsetsDef
	return info
}

// TestInfoOfBinds checks that problem.InfoOf binds a problem's Def to its
// instance once, in the framework: a problem whose Info returns its
// registered Def gets the Def that names its own numbers, with no
// ForInstance left (the problem's ForInstance need not clear it), and a
// bound Def is returned as it is.
func TestInfoOfBinds(t *testing.T) {
	in, err := listkit.ParseNumbers("nums 4,5,6", SubsetsDefault)
	if err != nil {
		t.Fatal(err)
	}
	p, err := NewSubsets(in)
	if err != nil {
		t.Fatal(err)
	}
	got := problem.InfoOf(unbound{p})
	if got.Def == SubsetsDef || got.Def.ForInstance != nil {
		t.Fatalf("InfoOf left the Def unbound (ForInstance set: %v)", got.Def.ForInstance != nil)
	}
	cell := problem.Pos{Row: 0, Col: 2}
	if m, want := got.Def.Move(cell, 2), p.Info().Def.Move(cell, 2); m != want {
		t.Errorf("bound move %q, want %q (the instance's own number)", m, want)
	}
	if d := p.Info().Def; problem.InfoOf(p).Def != d {
		t.Errorf("InfoOf rebound a bound Def")
	}
}
