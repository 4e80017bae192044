package site

import (
	"bufio"
	"bytes"
	"errors"
	"fmt"
	"io/fs"
	"os"
	"path"
	"path/filepath"
	"slices"
	"sort"
	"strings"
	"syscall"

	"github.com/backtrack-edu/backtrack/lessons"
	"github.com/backtrack-edu/backtrack/render/outfile"
	"github.com/backtrack-edu/backtrack/tracer"
)

// Marker is the file that marks a folder as a site this package wrote,
// and lists the files it wrote there (one slash path a line, after a few
// lines of comment that start with "#"). A site written before the list
// existed holds the marker with one line of prose and no list.
const Marker = ".backtrack-site"

// markerHeader is the comment at the top of Marker.
const markerHeader = "# A course site built by `backtrack lesson build --site`. A new build replaces\n" +
	"# the files listed below and keeps everything else in this folder.\n"

// Error is a site folder that cannot be written, or (Bad) one refused as
// the command line named it: the message names the flag and the folder as
// the user gave them, never a temporary name.
type Error struct {
	Label string // the flag, e.g. "--site"
	Name  string // the folder as the user gave it
	Err   error
	Bad   bool // a mistake in the command line (the folder's parent does not exist, it is a file)
}

func (e *Error) Error() string { return fmt.Sprintf("%s %s: %v", e.Label, e.Name, e.Err) }

func (e *Error) Unwrap() error { return e.Err }

// Folder is the course site's folder: opened before any work (Open checks
// everything that can be checked then) and written after it (Write).
//
// What the folder holds is sorted three ways:
//   - the files of an earlier site: Marker and the files it lists (all the
//     files of a site's naming, for a site built before Marker listed
//     them). The new site replaces them; those it does not write again
//     are deleted.
//   - the files of `lesson build -o` (LANG/NAME/ files of the lesson's own
//     naming, LANG/exercises/worksheet.md and key.md): the tool's own
//     making too. The site overwrites those it writes again (a lesson's
//     site folder holds the same files) and keeps the others.
//   - everything else: someone else's. Refused, named, unless force; with
//     force it is kept, and the site is written beside it. Something else
//     at a name the site writes (a file, a folder, a link) is refused even
//     with force.
//
// A folder that holds nothing to keep is replaced whole: the new site is
// written to a temporary folder beside it, which takes its place by
// rename, so at every moment the folder is the old site or the new one.
// Otherwise (files to keep; the folder is the working folder or holds it,
// or is a mount point; its parent may not be written) the new files are
// moved in one by one, and the old site's files then deleted.
type Folder struct {
	label, name string
	path        string // name, cleaned
	sh          *shape
	exists      bool
	old         map[string]bool // files of the earlier site (Marker included)
	made        map[string]bool // files of lesson build -o
	listed      []string        // Marker's list, as read
	stale       []string        // temporary folders an earlier build stopped by force left inside
	foreign     bool            // holds someone else's entries (force was given)
	dirs        []string        // the folders of the old site looked into, "" the folder itself
	swap        bool            // the folder may be replaced whole by rename
	tmp         string          // the temporary folder the site is written to
	done        bool
}

// Open opens the site folder name (named in messages by label, e.g.
// "--site") for a site of the lessons ls, with the playground if play. It
// checks, before any work: name's parent exists; name is a folder or does
// not exist yet; what the folder holds (see Folder); that the user may
// write every folder the build writes into or deletes from. The errors
// are *Error (Bad for a mistake in the command line) and
// *outfile.FolderError (what the folder holds, named).
func Open(label, name string, ls []*lessons.Lesson, play, force bool) (*Folder, error) {
	all, err := lessons.All()
	if err != nil {
		return nil, err
	}
	f := &Folder{label: label, name: name, path: filepath.Clean(name), sh: newShape(all, ls, play),
		old: map[string]bool{}, made: map[string]bool{}}
	parent := filepath.Dir(f.path)
	if pi, err := os.Stat(parent); err != nil || !pi.IsDir() {
		return nil, f.bad(fmt.Errorf("folder %s does not exist", parent))
	}
	fi, err := os.Lstat(f.path)
	switch {
	case err == nil && fi.Mode()&fs.ModeSymlink != 0:
		what := "a link"
		if ti, err := os.Stat(f.path); err == nil && ti.IsDir() {
			what = "a link to a folder"
		}
		return nil, f.bad(fmt.Errorf("is %s: give the folder itself", what))
	case err == nil && !fi.IsDir():
		return nil, f.bad(errors.New("is a file, want a folder"))
	case err == nil:
		f.exists = true
		if err := f.scan(force); err != nil {
			return nil, err
		}
	case !errors.Is(err, fs.ErrNotExist):
		return nil, f.fail(plain(err))
	}
	perr := syscall.Access(parent, wOK|xOK)
	f.swap = perr == nil && f.swappable(parent)
	if !f.exists && perr != nil {
		return nil, f.fail(fmt.Errorf("cannot write in folder %s: %v", parent, perr))
	}
	where, pattern := parent, "."+filepath.Base(f.path)+".*.tmp"
	if !f.swap {
		// Moved in file by file: the temporary folder goes inside, on
		// the same file system.
		where, pattern = f.path, Marker+".*.tmp"
	}
	tmp, err := os.MkdirTemp(where, pattern)
	if err != nil {
		return nil, f.fail(fmt.Errorf("cannot write in folder %s: %v", where, plain(err)))
	}
	f.tmp = tmp
	if err := os.Chmod(tmp, 0o755); err != nil {
		f.Abort()
		return nil, f.fail(plain(err))
	}
	return f, nil
}

// bad is a refusal of the folder as named.
func (f *Folder) bad(err error) error {
	return &Error{Label: f.label, Name: f.name, Err: err, Bad: true}
}

// fail is a failure to write the folder.
func (f *Folder) fail(err error) error { return &Error{Label: f.label, Name: f.name, Err: err} }

// shown is the path p of the site (slash, relative) as the user would
// name it: under the folder as they gave it.
func (f *Folder) shown(p string) string {
	if p == "" {
		return f.name
	}
	return filepath.Join(f.name, filepath.FromSlash(p))
}

// scan sorts what the existing folder holds (see Folder) and checks the
// user may write every folder of the old site.
func (f *Folder) scan(force bool) error {
	listed, legacy, err := readMarker(filepath.Join(f.path, Marker))
	if err != nil {
		return f.fail(fmt.Errorf("cannot read %s: %v", f.shown(Marker), plain(err)))
	}
	f.listed = listed
	inList := map[string]bool{}
	under := map[string]bool{} // the folders the listed files lie in
	for _, p := range listed {
		inList[p] = true
		for d := path.Dir(p); d != "."; d = path.Dir(d) {
			under[d] = true
		}
	}
	var foreign, clash []string
	var walk func(rel string) error
	walk = func(rel string) error {
		abs := filepath.Join(f.path, filepath.FromSlash(rel))
		if err := syscall.Access(abs, wOK|xOK); err != nil {
			return f.fail(fmt.Errorf("cannot write in folder %s: %v", f.shown(rel), err))
		}
		entries, err := os.ReadDir(abs)
		if err != nil {
			return f.fail(fmt.Errorf("cannot read folder %s: %v", f.shown(rel), plain(err)))
		}
		f.dirs = append(f.dirs, rel)
		for _, e := range entries {
			p := e.Name()
			if rel != "" {
				p = rel + "/" + p
			}
			willFile, willDir := f.sh.siteFile(p, false), f.sh.siteDir(p, false)
			ours := p == Marker || inList[p] || (legacy && f.sh.siteFile(p, true))
			switch {
			case rel == "" && e.IsDir() && staleTemp(p):
				f.stale = append(f.stale, p)
			case e.IsDir() && willFile:
				clash = append(clash, p+"/")
			case e.IsDir() && (f.sh.siteDir(p, true) || f.sh.lessonDir(p) || under[p]):
				if err := walk(p); err != nil {
					return err
				}
			case e.IsDir():
				foreign = append(foreign, p+"/")
			case !e.Type().IsRegular() && (willFile || willDir || ours || f.sh.lessonFile(p)):
				clash = append(clash, p)
			case willDir:
				clash = append(clash, p)
			case ours && e.Type().IsRegular():
				f.old[p] = true
			case f.sh.lessonFile(p) && e.Type().IsRegular():
				f.made[p] = true
			case willFile:
				clash = append(clash, p)
			default:
				foreign = append(foreign, p)
			}
		}
		return nil
	}
	if err := walk(""); err != nil {
		return err
	}
	switch {
	case len(clash) > 0:
		return &outfile.FolderError{Label: f.label, Path: f.name, Foreign: clash, Force: true}
	case len(foreign) > 0 && !force:
		return &outfile.FolderError{Label: f.label, Path: f.name, Foreign: foreign}
	}
	f.foreign = len(foreign) > 0
	return nil
}

// access(2)'s modes.
const (
	wOK = 2
	xOK = 1
)

// swappable reports whether the folder, whose parent the user may write,
// may be replaced whole by renaming a new one over it: it is not the working
// folder or one that holds it (the shell would be left in a deleted
// folder); it is not a mount point; it is not another user's in a sticky
// folder (/tmp).
func (f *Folder) swappable(parent string) bool {
	if !f.exists {
		return true
	}
	abs, err := filepath.Abs(f.path)
	if err != nil {
		return false
	}
	if real, err := filepath.EvalSymlinks(abs); err == nil {
		abs = real
	}
	if wd, err := os.Getwd(); err == nil {
		if real, err := filepath.EvalSymlinks(wd); err == nil {
			wd = real
		}
		if wd == abs || strings.HasPrefix(wd, abs+string(filepath.Separator)) || abs == string(filepath.Separator) {
			return false
		}
	} else {
		return false
	}
	var st, pst syscall.Stat_t
	if syscall.Stat(f.path, &st) != nil || syscall.Stat(parent, &pst) != nil || st.Dev != pst.Dev {
		return false
	}
	uid := uint32(os.Geteuid())
	if pst.Mode&syscall.S_ISVTX != 0 && uid != 0 && st.Uid != uid && pst.Uid != uid {
		return false
	}
	return true
}

// Write writes the site's files (slash paths relative to the folder) and
// Marker listing them, and drops the temporary folder: see Folder. Every
// path must be one of the site's naming, which Open checked the folder
// for.
func (f *Folder) Write(files map[string][]byte) (err error) {
	if f.done {
		return f.fail(errors.New("written already"))
	}
	f.done = true
	defer os.RemoveAll(f.tmp)
	names := Names(files)
	for _, name := range names {
		if !f.sh.siteFile(name, false) || name == Marker {
			return fmt.Errorf("site: %q is not a file of the site's naming", name)
		}
	}
	for _, name := range names {
		p := filepath.Join(f.tmp, filepath.FromSlash(name))
		if err := os.MkdirAll(filepath.Dir(p), 0o755); err != nil {
			return f.fail(fmt.Errorf("cannot write %s: %v", f.shown(path.Dir(name)), plain(err)))
		}
		if err := outfile.WriteFile(p, files[name]); err != nil {
			return f.fail(fmt.Errorf("cannot write %s: %v", f.shown(name), plain(err)))
		}
	}
	keep := f.foreign
	for p := range f.made {
		if _, ok := files[p]; !ok {
			keep = true
		}
	}
	if f.swap && !keep {
		return f.replace(names)
	}
	return f.inPlace(files, names)
}

// replace puts the temporary folder in the folder's place.
func (f *Folder) replace(names []string) error {
	if err := outfile.WriteFile(filepath.Join(f.tmp, Marker), markerText(names)); err != nil {
		return f.fail(fmt.Errorf("cannot write %s: %v", f.shown(Marker), plain(err)))
	}
	if !f.exists {
		if err := os.Rename(f.tmp, f.path); err != nil {
			if errors.Is(err, fs.ErrExist) || errors.Is(err, syscall.ENOTEMPTY) {
				return f.fail(errors.New("another program made this folder while the site was built: nothing was written; run the build again"))
			}
			return f.fail(plain(err))
		}
		return nil
	}
	aside := f.tmp + ".old"
	if err := os.Rename(f.path, aside); err != nil {
		return f.fail(plain(err))
	}
	if err := os.Rename(f.tmp, f.path); err != nil {
		os.Rename(aside, f.path) // the old site back
		return f.fail(plain(err))
	}
	if err := os.RemoveAll(aside); err != nil {
		// Open checked the user may write every folder of the old site:
		// this is rare. Say where the old files are.
		return f.fail(fmt.Errorf("written, but the old site's files could not be deleted (%v): they are in %s", plain(err), aside))
	}
	return nil
}

// inPlace moves the new files into the folder one by one, then deletes
// the old site's files it did not write again and the site's folders
// left empty. Marker lists the old files and the new while it works, the
// new ones alone at the end, so a build stopped half-way leaves no file of
// its making unlisted.
func (f *Folder) inPlace(files map[string][]byte, names []string) error {
	markerPath := filepath.Join(f.path, Marker)
	writeMarker := func(list []string) error {
		tmp := filepath.Join(f.tmp, Marker)
		if err := outfile.WriteFile(tmp, markerText(list)); err != nil {
			return err
		}
		return os.Rename(tmp, markerPath)
	}
	both := slices.Clone(names)
	for p := range f.old {
		if p != Marker {
			both = append(both, p)
		}
	}
	sort.Strings(both)
	if err := writeMarker(slices.Compact(both)); err != nil {
		return f.fail(fmt.Errorf("cannot write %s: %v", f.shown(Marker), plain(err)))
	}
	for _, name := range names {
		dst := filepath.Join(f.path, filepath.FromSlash(name))
		if err := os.MkdirAll(filepath.Dir(dst), 0o755); err != nil {
			return f.fail(fmt.Errorf("cannot write %s: %v", f.shown(path.Dir(name)), plain(err)))
		}
		if err := os.Rename(filepath.Join(f.tmp, filepath.FromSlash(name)), dst); err != nil {
			return f.fail(fmt.Errorf("cannot write %s: %v", f.shown(name), plain(err)))
		}
	}
	for p := range f.old {
		if _, ok := files[p]; !ok && p != Marker {
			if err := os.Remove(filepath.Join(f.path, filepath.FromSlash(p))); err != nil && !errors.Is(err, fs.ErrNotExist) {
				return f.fail(fmt.Errorf("cannot delete %s: %v", f.shown(p), plain(err)))
			}
		}
	}
	if err := writeMarker(names); err != nil {
		return f.fail(fmt.Errorf("cannot write %s: %v", f.shown(Marker), plain(err)))
	}
	for _, d := range f.stale {
		os.RemoveAll(filepath.Join(f.path, d))
	}
	// The site's folders that are empty now (the deepest first): only
	// an empty folder is removed.
	for i := len(f.dirs) - 1; i > 0; i-- {
		if d := f.dirs[i]; f.sh.siteDir(d, true) {
			os.Remove(filepath.Join(f.path, filepath.FromSlash(d)))
		}
	}
	return nil
}

// Abort drops the temporary folder and leaves the folder as it was.
func (f *Folder) Abort() {
	if f == nil || f.done {
		return
	}
	f.done = true
	os.RemoveAll(f.tmp)
}

// staleTemp reports whether name is a temporary folder Open makes inside
// a site folder (Marker.NNN.tmp), which only a build stopped by force
// (SIGKILL, a power cut) leaves behind.
func staleTemp(name string) bool {
	n, ok := strings.CutPrefix(name, Marker+".")
	n, ok2 := strings.CutSuffix(n, ".tmp")
	if !ok || !ok2 || n == "" {
		return false
	}
	for _, c := range n {
		if c < '0' || c > '9' {
			return false
		}
	}
	return true
}

// markerText is Marker listing names.
func markerText(names []string) []byte {
	var b bytes.Buffer
	b.WriteString(markerHeader)
	for _, n := range names {
		b.WriteString(n + "\n")
	}
	return b.Bytes()
}

// readMarker reads the list of Marker at p: no marker, no list; legacy is
// true for a marker written before it listed the files.
func readMarker(p string) (listed []string, legacy bool, err error) {
	fi, err := os.Lstat(p)
	if errors.Is(err, fs.ErrNotExist) || (err == nil && !fi.Mode().IsRegular()) {
		return nil, false, nil // not a marker: scan says so
	}
	if err != nil {
		return nil, false, err
	}
	b, err := os.ReadFile(p)
	if err != nil {
		return nil, false, err
	}
	if !bytes.HasPrefix(b, []byte("#")) {
		return nil, true, nil
	}
	sc := bufio.NewScanner(bytes.NewReader(b))
	for sc.Scan() {
		line := sc.Text()
		if line == "" || strings.HasPrefix(line, "#") {
			continue
		}
		if c := path.Clean(line); c == line && fs.ValidPath(line) && line != "." {
			listed = append(listed, line)
		}
	}
	return listed, false, sc.Err()
}

// plain drops the path from a file error: the message names the file as
// the user gave it, never a temporary name.
func plain(err error) error {
	var pe *fs.PathError
	if errors.As(err, &pe) {
		return pe.Err
	}
	var le *os.LinkError
	if errors.As(err, &le) {
		return le.Err
	}
	return err
}

// shape knows the names a site build writes, and those lesson build -o
// writes.
type shape struct {
	all   map[string]*lessons.Lesson // every lesson, by name
	built map[string]bool            // the lessons of this build
	play  bool                       // this build writes the playground
}

func newShape(all, built []*lessons.Lesson, play bool) *shape {
	s := &shape{all: map[string]*lessons.Lesson{}, built: map[string]bool{}, play: play}
	for _, l := range all {
		s.all[l.Name] = l
	}
	for _, l := range built {
		s.built[l.Name] = true
	}
	return s
}

// playgroundFiles are the files of the site's playground/ folder.
var playgroundFiles = []string{"playground.wasm", "wasm_exec.js", "playground-wasm.js"}

func isLang(s string) bool {
	return slices.Contains(Langs, tracer.Lang(s))
}

// siteFile reports whether the slash path p is a file this build writes
// (any: a file a site build of any lesson, with the playground, writes).
func (s *shape) siteFile(p string, any bool) bool {
	parts := strings.Split(p, "/")
	switch len(parts) {
	case 1:
		return p == "index.html" || p == "site.css" || p == "licences.html" || p == Marker
	case 2:
		if parts[0] == "playground" {
			return (any || s.play) && slices.Contains(playgroundFiles, parts[1])
		}
		return isLang(parts[0]) && (parts[1] == "index.html" || (any || s.play) && parts[1] == "playground.html")
	case 3:
		l := s.all[parts[1]]
		return isLang(parts[0]) && l != nil && (any || s.built[l.Name]) && (parts[2] == "index.html" || l.Owns(parts[2]))
	}
	return false
}

// siteDir reports whether the slash path p is a folder this build writes
// into (any: as siteFile).
func (s *shape) siteDir(p string, any bool) bool {
	parts := strings.Split(p, "/")
	switch len(parts) {
	case 1:
		return isLang(p) || p == "playground" && (any || s.play)
	case 2:
		l := s.all[parts[1]]
		return isLang(parts[0]) && l != nil && (any || s.built[l.Name])
	}
	return false
}

// lessonDir reports whether p is LANG/exercises, a folder of
// `lesson build -o --exercises-only`.
func (s *shape) lessonDir(p string) bool {
	lang, rest, _ := strings.Cut(p, "/")
	return isLang(lang) && rest == "exercises"
}

// lessonFile reports whether p is a file `lesson build -o` writes:
// LANG/NAME/FILE of lesson NAME's own naming, LANG/exercises/worksheet.md
// or key.md.
func (s *shape) lessonFile(p string) bool {
	parts := strings.Split(p, "/")
	if len(parts) != 3 || !isLang(parts[0]) {
		return false
	}
	if parts[1] == "exercises" {
		return parts[2] == "worksheet.md" || parts[2] == "key.md"
	}
	l := s.all[parts[1]]
	return l != nil && l.Owns(parts[2])
}
