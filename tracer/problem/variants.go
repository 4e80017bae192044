package problem

import (
	"fmt"
	"strings"
)

// Strategies returns one spec per strategy of s's problem, on s's
// instance with s's stop rule, drop and limits: every order, check and
// timing the problem has (Def.WhenList), and, for an instance that stands
// for several (Variants: a list of numbers of combination-sum, subsets,
// permutations --nums, under every de-duplication style), every variant
// the problem accepts with that strategy. The order is the strategy table's: order, then check,
// then when, then dedup. A pairing the problem refuses (permutations'
// dedup start, dedup used at the leaf) is left out. Errors are s's own
// (Build's).
func (s Spec) Strategies() ([]Spec, error) {
	if _, _, err := s.Build(); err != nil {
		return nil, err
	}
	d, _ := s.Def()
	instances := []string{s.Puzzle}
	if in, ok := s.variants(d); ok {
		instances = in.Variants()
	}
	var out []Spec
	for _, o := range d.Orders {
		for _, c := range d.Checks {
			for _, w := range d.WhenList() {
				for _, inst := range instances {
					v := s
					v.Order, v.Check, v.When, v.Puzzle = o, c, w, inst
					if len(instances) > 1 {
						if _, _, err := v.Build(); err != nil {
							continue
						}
					}
					out = append(out, v)
				}
			}
		}
	}
	return out, nil
}

// Variants is implemented by a parsed puzzle (the value of
// PuzzleSetting.Parse) that stands for several instances a table of
// strategies runs each of: a list of numbers under every de-duplication
// style (listkit.Numbers). Variants returns their texts, as Spec.Puzzle
// takes them, in the table's order.
type Variants interface {
	Variants() []string
}

// variants returns s's instance as the variants it stands for, if it
// stands for several.
func (s Spec) variants(d *Def) (Variants, bool) {
	if d.Puzzle == nil || d.Puzzle.Parse == nil || (s.Puzzle == "" && d.Size != nil) {
		return nil, false
	}
	text := s.Puzzle
	if text == "" {
		text = d.Puzzle.Default
	}
	v, err := d.Puzzle.Parse(text)
	if err != nil {
		return nil, false
	}
	in, ok := v.(Variants)
	return in, ok
}

// SetKeys sets s's strategy from key=value pairs joined by commas, the
// keys of a lesson's run: order, check, when, stop, drop ("check=scan",
// "order=mrv,when=after"), as compare's --left and --right write them.
// A key given twice is an error. The values are checked when s is built.
func (s *Spec) SetKeys(text string) error {
	if strings.TrimSpace(text) == "" {
		return nil
	}
	seen := map[string]bool{}
	for _, part := range strings.Split(text, ",") {
		key, value, ok := strings.Cut(strings.TrimSpace(part), "=")
		key, value = strings.TrimSpace(key), strings.TrimSpace(value)
		if !ok || value == "" {
			return fmt.Errorf("%q: want key=value (order, check, when, stop or drop)", part)
		}
		if seen[key] {
			return fmt.Errorf("%s: given twice: give each key once", key)
		}
		seen[key] = true
		switch key {
		case "order":
			s.Order = Order(value)
		case "check":
			s.Check = Check(value)
		case "when":
			s.When = When(value)
		case "stop":
			s.Stop = Stop(value)
		case "drop":
			s.Drop = Drop(value)
		default:
			return fmt.Errorf("unknown key %q: want order, check, when, stop or drop", key)
		}
	}
	return nil
}

// InstanceSetting returns the value an instance's text (Info.Instance,
// Summary.Instance) gives word, "" if it gives none: "used" for "dedup" in
// "nums 1,1,2 dedup used". A table of runs reads a column from it without
// knowing the problem.
func InstanceSetting(instance, word string) string {
	f := strings.Fields(instance)
	for i := 0; i+1 < len(f); i++ {
		if f[i] == word {
			return f[i+1]
		}
	}
	return ""
}
