package cli

import (
	"context"
	_ "embed"
	"errors"
	"fmt"
	"io"
	"path/filepath"
	"time"

	"github.com/backtrack-edu/backtrack/lessons"
	"github.com/backtrack-edu/backtrack/lessons/site"
	"github.com/backtrack-edu/backtrack/render/progress"
	"github.com/backtrack-edu/backtrack/tracer"
	"github.com/backtrack-edu/backtrack/tracer/words"
)

// licenseText and thirdPartyText are the repository's LICENSE and
// THIRD_PARTY.md, which the course site shows: copies in this package's
// folder, as go:embed reads no file above it (go generate makes them, and
// TestLegalCopies fails when they differ from the root's).
//
//go:generate cp ../../LICENSE license.txt
//go:generate cp ../../THIRD_PARTY.md third_party.md
var (
	//go:embed license.txt
	licenseText []byte
	//go:embed third_party.md
	thirdPartyText []byte
)

// buildSite is `lesson build --site DIR`: the course site of lessons ls,
// in both languages, with the playground unless play is false, written as
// DIR (see site.Folder: what DIR holds is checked before any work, and
// --force keeps what is not the tool's). A playground that cannot be
// compiled here is left out, with one warning line on stderr.
func buildSite(ctx context.Context, ls []*lessons.Lesson, dir string, force, play bool, stdout, stderr io.Writer) (err error) {
	if dir == "-" {
		return usagef("--site -: a site is a folder, not stdout: name a folder (./- for a folder called -)")
	}
	folder, err := site.Open("--site", dir, ls, play, force)
	if err != nil {
		var se *site.Error
		if errors.As(err, &se) && se.Bad {
			return usagef("%v", err)
		}
		return err
	}
	defer folder.Abort() // unless written
	// Checked after the folder, so that a refused folder is the one line.
	if play {
		if err := site.PlaygroundSource("."); err != nil {
			fmt.Fprintf(stderr, "backtrack: warning: --site: no playground (it is compiled with Go in backtrack's source folder, and %v): run the build there to have it, or give --no-playground\n", err)
			play = false
		}
	}
	start := time.Now()
	prog := newProgress(stderr, tracer.LangEN) // the site is in both languages: the line in English
	defer prog.Close()
	stdout, stderr = prog.Wrap(stdout), prog.Wrap(stderr)
	var making *progress.Task
	opt := site.Options{Lessons: ls, Tool: "backtrack " + version, License: licenseText, ThirdParty: thirdPartyText,
		Made: func(lang tracer.Lang, m *lessons.Made) {
			making.Add(1)
			fmt.Fprintf(stdout, "%s/%s: %d files, %d steps searched, %.2f s\n", lang, m.Name, len(m.Files), m.Steps, m.Elapsed.Seconds())
		}}
	if play {
		t := time.Now()
		compiling := prog.Start(words.ProgressPlayground.EN, 0, words.Text{})
		p, err := site.BuildPlayground(ctx, ".")
		compiling.End()
		if ctx.Err() != nil {
			return errInterruptedEarly
		}
		if err != nil {
			fmt.Fprintf(stderr, "backtrack: warning: --site: no playground: %v\n", err)
		} else {
			opt.Playground = p
			fmt.Fprintf(stdout, "playground: %.1f MB of WebAssembly, compiled in %.1f s\n", float64(len(p.Wasm))/(1<<20), time.Since(t).Seconds())
		}
	}
	making = prog.Start(words.ProgressLessons.EN, int64(2*len(ls)), words.ProgressUnitLessons)
	files, err := site.Make(ctx, opt)
	prog.Close() // the final line before the site's
	if ctx.Err() != nil {
		return errInterruptedEarly
	}
	if err != nil {
		return err
	}
	if err := folder.Write(files); err != nil {
		return err
	}
	var size int64
	for _, b := range files {
		size += int64(len(b))
	}
	_, err = fmt.Fprintf(stdout, "%s: %d files, %.1f MB, in %.1f s; open %s\n", dir, len(files)+1, float64(size)/(1<<20),
		time.Since(start).Seconds(), filepath.Join(dir, "index.html"))
	return err
}
