package site

import _ "embed"

// siteCSS is the style of every page but the players (which carry their own).
//
//go:embed assets/site.css
var siteCSS string

// playgroundJS runs the playground's form: it loads the WebAssembly, fills
// the form from the problems it knows and the address (#problem=…&n=…),
// runs a search and shows the player.
//
//go:embed assets/playground.js
var playgroundJS string
