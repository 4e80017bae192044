module example.com/palindrome

go 1.24

require github.com/backtrack-edu/backtrack v0.0.0

require (
	codeberg.org/go-fonts/liberation v0.4.1 // indirect
	codeberg.org/go-latex/latex v0.0.1 // indirect
	codeberg.org/go-pdf/fpdf v0.10.0 // indirect
	git.sr.ht/~sbinet/gg v0.6.0 // indirect
	github.com/ajstarks/svgo v0.0.0-20211024235047-1546f124cd8b // indirect
	github.com/campoy/embedmd v1.0.0 // indirect
	github.com/disintegration/imaging v1.6.2 // indirect
	github.com/flopp/go-findfont v0.1.0 // indirect
	github.com/fogleman/gg v1.3.0 // indirect
	github.com/golang/freetype v0.0.0-20170609003504-e2365dfdc4a0 // indirect
	github.com/pmezard/go-difflib v1.0.0 // indirect
	github.com/tetratelabs/wazero v1.10.1 // indirect
	github.com/yuin/goldmark v1.8.7 // indirect
	golang.org/x/image v0.24.0 // indirect
	golang.org/x/sys v0.34.0 // indirect
	golang.org/x/term v0.25.0 // indirect
	golang.org/x/text v0.22.0 // indirect
	gonum.org/v1/plot v0.15.2 // indirect
	gopkg.in/yaml.v3 v3.0.1 // indirect
)

// backtrack is not published yet: this module reads it from the repository
// it sits in. The one replace line; nothing else is copied from backtrack's
// go.mod (its patched go-graphviz is vendored inside backtrack).
replace github.com/backtrack-edu/backtrack => ../..
