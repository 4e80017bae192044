package lessons

import (
	"context"
	"os"
	"strings"
	"testing"
)

// TestBuildAllFirstFailure: lessons made side by side report the failure
// of the first lesson in order that failed, whichever failed first in
// time, and leave no lesson folder behind (run with -cpu 1,2,4).
func TestBuildAllFirstFailure(t *testing.T) {
	l, err := Lookup("004-three-parts")
	if err != nil {
		t.Fatal(err)
	}
	lesson := func(name, claim string) *Lesson {
		spec := l[0].Spec
		if claim != "" {
			spec.Claims = []string{claim}
		}
		return &Lesson{Name: name, Spec: spec, Text: l[0].Text}
	}
	for _, c := range []struct {
		name string
		ls   []*Lesson
		want string
	}{
		{"second and third fail", []*Lesson{lesson("a-good", ""), lesson("b-bad", "queens.nodes == 18"), lesson("c-bad", "queens.nodes == 19")},
			`lesson b-bad: claim "queens.nodes == 18" does not hold`},
		{"third fails", []*Lesson{lesson("a-good", ""), lesson("b-good", ""), lesson("c-bad", "queens.nodes == 19")},
			`lesson c-bad: claim "queens.nodes == 19" does not hold`},
		{"first fails", []*Lesson{lesson("a-bad", "queens.nodes == 20"), lesson("b-bad", "queens.nodes == 18")},
			`lesson a-bad: claim "queens.nodes == 20" does not hold`},
	} {
		t.Run(c.name, func(t *testing.T) {
			dir := t.TempDir()
			made := 0
			err := BuildAll(context.Background(), c.ls, dir, Options{}, func(*Made) { made++ })
			if err == nil || !strings.Contains(err.Error(), c.want) {
				t.Fatalf("error %v, want %q", err, c.want)
			}
			if made != 0 {
				t.Errorf("%d lessons reported built", made)
			}
			if entries, _ := os.ReadDir(dir); len(entries) != 0 {
				t.Errorf("the folder holds %v after a failed build, want nothing", entries)
			}
		})
	}
}

// TestBuildAllCancelled: a build whose context is cancelled stops with the
// context's error and writes nothing.
func TestBuildAllCancelled(t *testing.T) {
	ls, err := Lookup("004-three-parts", "003-return-value")
	if err != nil {
		t.Fatal(err)
	}
	ctx, cancel := context.WithCancel(context.Background())
	cancel()
	dir := t.TempDir()
	err = BuildAll(ctx, ls, dir, Options{}, func(*Made) { t.Error("a lesson reported built") })
	if err == nil || !strings.Contains(err.Error(), context.Canceled.Error()) {
		t.Errorf("error %v, want %v", err, context.Canceled)
	}
	if entries, _ := os.ReadDir(dir); len(entries) != 0 {
		t.Errorf("the folder holds %v after a cancelled build, want nothing", entries)
	}
}
