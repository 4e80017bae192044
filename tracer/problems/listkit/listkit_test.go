package listkit_test

import (
	"errors"
	"slices"
	"strings"
	"testing"
	"unicode/utf8"

	"github.com/backtrack-edu/backtrack/tracer/problem"
	"github.com/backtrack-edu/backtrack/tracer/problems/combsum"
	"github.com/backtrack-edu/backtrack/tracer/problems/listkit"
	"github.com/backtrack-edu/backtrack/tracer/problems/subsets"
)

// TestParseNumbersStrict: a list instance's text is read whole or
// refused: a word given twice, an empty number, a blank text and a target
// of 0 are errors naming the word at fault (issue 32: "nums 1,2 nums 3
// target 3" ran [3], "nums 1,,2" ran [1,2], a blank text the default).
func TestParseNumbersStrict(t *testing.T) {
	tests := []struct {
		text  string
		word  string // the listkit.NumbersError's Word; "-" for no error
		says  string
		given []int
	}{
		{"nums 1,2 target 3", "-", "", []int{1, 2}},
		{"nums 1, 2, 3 target 3", "-", "", []int{1, 2, 3}},
		{"nums 1 2 3 target 3", "-", "", []int{1, 2, 3}},
		{"nums=[1,2,3] target=3", "-", "", []int{1, 2, 3}},
		{"# LeetCode 39\nnums 2,3,6,7\n# its target\ntarget 7\n", "-", "", []int{2, 3, 6, 7}},
		{"\ufeffnums 1,2 target 3", "-", "", []int{1, 2}},
		{"target 3", "-", "", combsum.CombSumDefault.Given},
		{"", "", "the instance is empty", nil},
		{" \n\t", "", "the instance is empty", nil},
		{"# only a comment\n", "", "the instance is empty", nil},
		{"nums 1,2 nums 3 target 3", "nums", "given twice", nil},
		{"nums 1,2 target 3 target 4", "target", "given twice", nil},
		{"nums 1,2 dedup used dedup none", "dedup", "given twice", nil},
		{"nums 1,2 reuse reuse", "reuse", "given twice", nil},
		{"nums 1,,2 target 3", "nums", "an empty number", nil},
		{"nums ,1,2 target 3", "nums", "an empty number", nil},
		{"nums 1,2, target 3", "nums", "an empty number", nil},
		{"nums 1, ,2", "nums", "an empty number", nil},
		{"nums 0,1", "nums", `"0" is not a whole number from 1 to 35`, nil},
		{"nums", "nums", "a value must follow it", nil},
		{"target 0", "target", `target: "0" is not a whole number from 1 to 500`, nil},
		{"target 501", "target", `"501" is not a whole number`, nil},
		{"dedup maybe", "dedup", `unknown style "maybe"`, nil},
		{"numbers 1,2", "", `unknown word "numbers"`, nil},
		{"nums 1,2,3,4,5,6,7,8,9,10,11,12,13", "nums", "13 numbers: want 1 to 12", nil},
	}
	for _, tt := range tests {
		in, err := listkit.ParseNumbers(tt.text, combsum.CombSumDefault)
		if tt.word == "-" {
			if err != nil {
				t.Errorf("%q: %v", tt.text, err)
			} else if !slices.Equal(in.Given, tt.given) {
				t.Errorf("%q: nums %v, want %v", tt.text, in.Given, tt.given)
			}
			continue
		}
		var ne *listkit.NumbersError
		if !errors.As(err, &ne) || ne.Word != tt.word || !strings.Contains(err.Error(), tt.says) {
			t.Errorf("%q: error %v: want a listkit.NumbersError of %q saying %q", tt.text, err, tt.word, tt.says)
		}
	}
}

// TestParseNumberList: --nums is a list of numbers, nothing left out.
func TestParseNumberList(t *testing.T) {
	for _, tt := range []struct {
		s    string
		want []int
		says string
	}{
		{"1,1,2", []int{1, 1, 2}, ""},
		{" 1, 1 ,2 ", []int{1, 1, 2}, ""},
		{"3 1 2", []int{3, 1, 2}, ""},
		{"", nil, "no numbers"},
		{"  ", nil, "no numbers"},
		{"1,,2", nil, "an empty number"},
		{"1,2,", nil, "an empty number"},
		{",", nil, "an empty number"},
		{"1,x", nil, `"x" is not a whole number`},
		{"1,2,3,4,5,6,7,8,9,10,11,12,13", nil, "13 numbers"},
	} {
		got, err := listkit.ParseNumberList(tt.s)
		switch {
		case tt.says == "" && (err != nil || !slices.Equal(got, tt.want)):
			t.Errorf("%q: %v, %v; want %v", tt.s, got, err, tt.want)
		case tt.says != "" && (err == nil || !strings.Contains(err.Error(), tt.says)):
			t.Errorf("%q: error %v, want one saying %q", tt.s, err, tt.says)
		}
	}
}

// TestSetKeysTwice: a strategy key given twice is refused, not "the last
// wins" (compare --left check=counts,check=scan).
func TestSetKeysTwice(t *testing.T) {
	var s problem.Spec
	if err := s.SetKeys("check=counts,check=scan"); err == nil || !strings.Contains(err.Error(), "check: given twice") {
		t.Errorf("SetKeys: %v, want check given twice", err)
	}
	if err := s.SetKeys("order=mrv, check=counts"); err != nil || s.Order != "mrv" || s.Check != "counts" {
		t.Errorf("SetKeys: %v, %+v", err, s)
	}
}

// FuzzParseNumbers checks that the reader of a list instance never
// panics, that every error is one line of UTF-8, a *listkit.NumbersError, and
// that what it accepts writes back (String) to a text it reads the same.
func FuzzParseNumbers(f *testing.F) {
	for _, s := range []string{"nums 1,2 target 3", "nums 1, 2 reuse dedup start", "nums 1,,2", "nums 1,2 nums 3",
		"# c\nnums 2,3,6,7\ntarget 7", "target 0", "", "nums=[1,2]", "dedup none reuse", "nums 99999999999999999999",
		"\ufeff", "nums 1\x00,2", "target", "nums 1 2 3 4 5 6 7 8 9 10 11 12 13"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, text string) {
		for _, def := range []listkit.Numbers{combsum.CombSumDefault, subsets.SubsetsDefault} {
			in, err := listkit.ParseNumbers(text, def)
			if err != nil {
				msg := err.Error()
				var ne *listkit.NumbersError
				if strings.Contains(msg, "\n") || !utf8.ValidString(msg) || !errors.As(err, &ne) {
					t.Errorf("error %q is not one line of UTF-8 from a listkit.NumbersError", msg)
				}
				continue
			}
			if len(in.Given) < 1 || len(in.Given) > listkit.MaxNumbers || len(in.Sorted) != len(in.Given) {
				t.Fatalf("%q: accepted %+v", text, in)
			}
			back, err := listkit.ParseNumbers(in.String(), def)
			if err != nil || back.String() != in.String() {
				t.Errorf("%q: %q reads back as %q, %v", text, in.String(), back.String(), err)
			}
		}
	})
}
