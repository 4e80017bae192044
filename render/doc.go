// Package render keeps the diagrams and reports of a trace, the things
// people read once a search has run. A diagram goes one way, tree → trim
// → plan → encode: Trim cuts a big search tree to a node budget
// (trim.go), NewPlan labels and measures its boxes and makes its legend
// (diagram.go, plan.go; text measured as Graphviz draws it), a tidy tree
// layout pins its positions (layout.go) and the fit picks the trimming
// and layout that fits a slide (fit.go); then WriteDOT writes the plan as
// a Graphviz diagram (dot.go) and BuildScene as the player's boxes
// (scene.go). The encoders read a plan; nothing before them calls back.
// WriteReport and Board write the text report (text.go), WriteCompare and
// WriteStrategyTable the comparison tables (compare.go; StrategyRows
// writes the strategy table a row at a time, as each run ends), and
// WriteDepthChart the chart of nodes per depth (chart.go, gonum/plot),
// and the frames of --frames and --gif: the steps that change the picture
// (FrameSteps, framesel.go), each step's note as a caption (FrameNotes,
// framenotes.go; caption.go) and the animated GIF (frames.go). It
// never searches: every function takes what package tracer recorded. It
// never names a problem either: what it needs of one (its title and
// label, its moves and their parser, its rules' words, its start board)
// it asks the problem's tracer.Def (problem.go).
//
// The other jobs live in packages of their own below it: render/graphviz
// (the only importer of go-graphviz: DOT to SVG and PNG), render/steplog
// (the YAML step log and the --stats YAML), render/stepper (`backtrack
// step`) and render/outfile (output files written whole or not at all).
package render
