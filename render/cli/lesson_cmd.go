package cli

import (
	"context"
	"errors"
	"flag"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"slices"
	"time"

	"github.com/backtrack-edu/backtrack/lessons"
	"github.com/backtrack-edu/backtrack/render/outfile"
)

// cmdLesson lists the lessons, or builds them: per lesson a folder with its
// Markdown page, diagrams, stats and step logs, under a folder per language.
func cmdLesson(ctx context.Context, args []string, _ io.Reader, stdout, stderr io.Writer) error {
	const usage = "backtrack lesson list [--lang en|zh] | backtrack lesson build NAME...|--all -o DIR [--lang en|zh] [--force] [--exercises-only] | backtrack lesson build NAME...|--all --site DIR [--no-playground] [--force]"
	if len(args) == 0 || (args[0] != "list" && args[0] != "build") {
		if len(args) > 0 && (args[0] == "-h" || args[0] == "-help" || args[0] == "--help" || args[0] == "help") {
			_, err := fmt.Fprintf(stdout, "usage: %s\n\nRun 'backtrack lesson build -h' for the flags.\n", usage)
			if err != nil {
				return err
			}
			return flag.ErrHelp
		}
		return usagef("lesson needs list or build: %s", usage)
	}
	fs := newCommand("lesson "+args[0], stdout, usage)
	langFlag := fs.String("lang", "", "language of the titles, pages, notes and legends: "+langHelp)
	all := fs.Bool("all", false, "build: every lesson")
	out := fs.String("o", "", "build: the folder to write into (made if its parent exists); lessons go to DIR/LANG/NAME")
	force := fs.Bool("force", false, "build: replace a lesson folder even if it holds files the build did not write")
	siteDir := fs.String("site", "", "build: a static HTML course site of the lessons, in English and Chinese, into this folder (made if its parent exists): an index, every lesson as a page with its pictures and players, the licences and the playground; relative links only, so it works from any web host or from file://")
	noPlay := fs.Bool("no-playground", false, "build --site: leave out the playground (it is compiled with the Go toolchain, in backtrack's source folder)")
	exOnly := fs.Bool("exercises-only", false, "build: write only the lessons' exercises, as DIR/LANG/exercises/worksheet.md (no answers) and key.md (the answers, from the runs)")
	pos, err := fs.parse(args[1:])
	if err != nil {
		return err
	}
	lang, err := parseLangFlag(*langFlag)
	if err != nil {
		return err
	}
	if args[0] == "list" {
		if len(pos) > 0 || *all || *out != "" || *force || *siteDir != "" || *noPlay || *exOnly {
			return usagef("lesson list takes no arguments but --lang")
		}
		ls, err := lessons.All()
		if err != nil {
			return err
		}
		width := 0
		for _, l := range ls {
			width = max(width, len(l.Name))
		}
		for _, l := range ls {
			if _, err := fmt.Fprintf(stdout, "%-*s  %s\n", width, l.Name, l.Title(lang)); err != nil {
				return err
			}
		}
		return nil
	}
	switch {
	case *all && len(pos) > 0:
		return usagef("lesson build: give lesson names or --all, not both")
	case !*all && len(pos) == 0:
		return usagef("lesson build: name a lesson or give --all (see 'backtrack lesson list')")
	case *siteDir != "" && *out != "":
		return usagef("lesson build: give -o DIR (Markdown folders) or --site DIR (a web site), not both")
	case *out == "" && *siteDir == "":
		return usagef("lesson build: -o DIR or --site DIR is required")
	case *noPlay && *siteDir == "":
		return usagef("lesson build: --no-playground goes with --site")
	case *exOnly && *siteDir != "":
		return usagef("lesson build: --exercises-only goes with -o DIR, not --site")
	case *siteDir != "" && *langFlag != "":
		return usagef("lesson build --site makes the site in English and Chinese: leave out --lang")
	}
	ls, err := lessons.Lookup(pos...)
	if err != nil {
		return usagef("%v", err)
	}
	for i, n := range pos {
		if slices.Contains(pos[:i], n) {
			return usagef("lesson build: %s is named twice", n)
		}
	}
	if *siteDir != "" {
		return buildSite(ctx, ls, *siteDir, *force, !*noPlay, stdout, stderr)
	}
	dir := filepath.Join(*out, string(lang))
	made, err := makeFolders(*out, dir)
	if err != nil {
		return err
	}
	built := false
	defer func() {
		if !built {
			// A failed build leaves no empty folder it made.
			for i := len(made) - 1; i >= 0; i-- {
				os.Remove(made[i])
			}
		}
	}()
	start := time.Now()
	if *exOnly {
		var ms []*lessons.Made
		for _, l := range ls {
			made, err := l.Make(ctx, lessons.Options{Lang: lang, Tool: "backtrack " + version, ExercisesOnly: true})
			if ctx.Err() != nil {
				return errInterrupted
			}
			if err != nil {
				return err
			}
			ms = append(ms, made)
		}
		folder := filepath.Join(dir, "exercises")
		files := map[string][]byte{"worksheet.md": lessons.Worksheet(ms, lang, false), "key.md": lessons.Worksheet(ms, lang, true)}
		if err := outfile.WriteFolder(folder, files, *force); err != nil {
			return err
		}
		n := 0
		for _, m := range ms {
			n += len(m.Exercises)
		}
		built = true
		fmt.Fprintf(stdout, "%s: worksheet.md and key.md, %d exercises from %d lessons, %.2f s\n", folder, n, len(ms), time.Since(start).Seconds())
		return nil
	}
	// Every lesson folder is checked before the first lesson is made, and
	// none is replaced unless all are made.
	err = lessons.BuildAll(ctx, ls, dir, lessons.Options{Lang: lang, Tool: "backtrack " + version, Force: *force}, func(made *lessons.Made) {
		fmt.Fprintf(stdout, "%s: %d files, %d steps searched, %.2f s\n",
			filepath.Join(dir, made.Name), len(made.Files), made.Steps, made.Elapsed.Seconds())
	})
	if ctx.Err() != nil {
		return errInterruptedEarly
	}
	if err != nil {
		return err
	}
	built = true
	if len(ls) > 1 {
		fmt.Fprintf(stdout, "%d lessons in %.2f s\n", len(ls), time.Since(start).Seconds())
	}
	return nil
}

// makeFolders makes -o DIR (whose parent must exist) and its language
// folder inside it, and returns those it made.
func makeFolders(out, dir string) (made []string, err error) {
	out = filepath.Clean(out) // "site/", as shell completion types it, is site
	fi, err := os.Stat(out)
	switch {
	case err == nil && !fi.IsDir():
		return made, usagef("-o %s: is a file, want a folder", out)
	case errors.Is(err, os.ErrNotExist):
		if pi, perr := os.Stat(filepath.Dir(out)); perr != nil || !pi.IsDir() {
			return made, usagef("-o %s: folder %s does not exist", out, filepath.Dir(out))
		}
		if err := os.Mkdir(out, 0o755); err != nil {
			return made, &outfile.Error{Label: "-o", Name: out, Err: plainErr(err)}
		}
		made = append(made, out)
	case err != nil:
		return made, &outfile.Error{Label: "-o", Name: out, Err: plainErr(err)}
	}
	if err := os.Mkdir(dir, 0o755); err == nil {
		made = append(made, dir)
	} else if !errors.Is(err, os.ErrExist) {
		return made, &outfile.Error{Label: "-o", Name: dir, Err: plainErr(err)}
	}
	if fi, err := os.Stat(dir); err != nil || !fi.IsDir() {
		return made, usagef("-o %s: %s is not a folder", out, dir)
	}
	return made, nil
}

// plainErr drops the path from a file error: the message names it already.
func plainErr(err error) error {
	var pe *os.PathError
	if errors.As(err, &pe) {
		return pe.Err
	}
	return err
}
