package tracer

import (
	"errors"
	"fmt"

	"github.com/backtrack-edu/backtrack/tracer/words"
)

// plainDef words the notes of a problem the registry does not know (a
// step log of a problem defined in a program the reader is not part of):
// values as numbers, cells as (row,col).
var plainDef = func() *Def {
	d := &Def{
		Name:  "problem",
		Title: Text(words.PlainProblem),
		Move:  func(cell Pos, v int) string { return fmt.Sprintf("%s=%d", cell, v) },
		Start: func(Info) (*Board, error) { return nil, errors.New("no board") },
	}
	d.Words = PlainWords(Text(words.PlainValue), Text(words.PlainNextValue))
	return d
}()
