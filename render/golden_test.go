package render

import "flag"

// update rewrites the golden files in testdata/ instead of comparing with
// them: go test ./render -run TestName -update.
var update = flag.Bool("update", false, "rewrite the golden files in testdata/")
