// Package words is the catalog of the words people read, in English and
// Chinese: the report, the diagrams and their legends, the notes of the
// narrator, the compare tables, the stepper, the player, the site and the
// lessons all read their phrases here, so that a student reads the same
// word for the same thing everywhere and a translator reads one place.
//
// Every entry is a named Go value (a message id), grouped by where it
// appears: the narrator's notes (notes.go), the diagrams (diagram.go), the
// text report (report.go), the compare tables and charts (compare.go), the
// stepper and player (stepper.go), the site and playground (site.go) and
// the lessons (lessons.go); the words of a run itself (status, limits,
// event kinds) are in run.go, and those of a problem the registry does
// not know in plain.go. An entry is a Text (a phrase, or a format
// for fmt with the same verbs in both languages; the Chinese may reorder
// them with indexed verbs such as %[2]s) or a Noun (a counted noun: "3
// pruned tries", "3 次剪枝").
//
// The words of a problem (its title, rules, moves and instance) are not
// here: a problem lives in one file, and its words are on its Def.
//
// The package is a leaf: it imports nothing of this module, and a read is
// a load of a package variable, never a map look-up, so the narrator,
// which writes millions of notes, pays nothing for it.
package words
