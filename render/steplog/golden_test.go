package steplog

import "flag"

// update rewrites the golden step logs in testdata/ instead of comparing
// with them: go test ./render/steplog -run TestLogGolden -update.
var update = flag.Bool("update", false, "rewrite the golden files in testdata/")
