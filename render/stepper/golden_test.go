package stepper

import "flag"

// update rewrites the golden screens in testdata/ instead of comparing
// with them: go test ./render/stepper -run TestStepGolden -update.
var update = flag.Bool("update", false, "rewrite the golden files in testdata/")
