// Package outfile writes what a command makes without losing or destroying
// anything: a regular file (or a new path) is written whole or not at all,
// through a temporary file beside it that is renamed into place; anything
// else (a device such as /dev/null, a FIFO, a terminal, "-" for stdout) is
// written straight through; a symbolic link is followed and its target
// replaced. A lesson folder is written the same way, and never replaces a
// folder that holds files it did not write unless told to.
//
// A name of the program's own stdout (/dev/stdout, /dev/fd/1,
// /proc/self/fd/1, a link to one, or the file or pipe stdout is) is stdout,
// as "-" is: written through the command's stdout, never reopened,
// truncated or replaced. A Set also knows the files its command reads
// (Set.AddInput) and refuses an output that is one of them, compared by
// device and inode, whatever the name.
//
// Errors name the path the user gave, never a temporary name. Temporary
// files and folders are registered while they exist, so RemoveTemps can
// clean them up after a panic.
package outfile

import (
	"context"
	"errors"
	"fmt"
	"io"
	"io/fs"
	"os"
	"path/filepath"
	"sort"
	"strconv"
	"strings"
	"sync"
	"syscall"
)

// Error is a failure to open or write an output. Bad is true when the path
// itself is wrong (its folder does not exist, it is a folder, it is a
// socket): a mistake in the command line rather than a failed write.
type Error struct {
	Label string // the flag that named the output, e.g. "--svg"; may be empty
	Name  string // the path as the user gave it
	Err   error  // what went wrong, free of temporary names
	Bad   bool
}

func (e *Error) Error() string {
	switch {
	case e.Name == "":
		return e.Err.Error()
	case e.Bad && e.Label != "":
		return fmt.Sprintf("%s %s: %v", e.Label, e.Name, e.Err)
	case e.Bad:
		return fmt.Sprintf("%s: %v", e.Name, e.Err)
	case e.Label != "":
		return fmt.Sprintf("%s: cannot write %s: %v", e.Label, e.Name, e.Err)
	}
	return fmt.Sprintf("cannot write %s: %v", e.Name, e.Err)
}

func (e *Error) Unwrap() error { return e.Err }

// cause strips the path from a *fs.PathError, so a message never shows a
// temporary name: "write .x.svg.123.tmp: no space left on device" becomes
// "no space left on device".
func cause(err error) error {
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

// temps holds the temporary files and folders that exist right now.
var temps = struct {
	sync.Mutex
	paths map[string]bool
}{paths: map[string]bool{}}

func addTemp(p string) {
	temps.Lock()
	temps.paths[p] = true
	temps.Unlock()
}

func dropTemp(p string) {
	temps.Lock()
	delete(temps.paths, p)
	temps.Unlock()
}

// RemoveTemps removes every temporary file and folder this package made
// that has not been committed or aborted yet. A command defers it so that
// no temporary survives a panic.
func RemoveTemps() {
	temps.Lock()
	defer temps.Unlock()
	for p := range temps.paths {
		os.RemoveAll(p)
		delete(temps.paths, p)
	}
}

// Temps returns the temporary paths that exist right now, for tests.
func Temps() []string {
	temps.Lock()
	defer temps.Unlock()
	var ps []string
	for p := range temps.paths {
		ps = append(ps, p)
	}
	sort.Strings(ps)
	return ps
}

// maxLinks bounds how many symbolic links Resolve follows, as the kernel
// does (ELOOP).
const maxLinks = 40

// Resolve follows name through symbolic links to the path that writing to
// name would change, with its folder made canonical (folder links
// followed), so two names for one file resolve alike. The result may not
// exist yet (a new file, or a link that points to a file not made yet).
func Resolve(name string) (string, error) {
	p := name
	for i := 0; ; i++ {
		if i == maxLinks {
			return "", errors.New("too many levels of symbolic links")
		}
		fi, err := os.Lstat(p)
		if err != nil || fi.Mode()&fs.ModeSymlink == 0 {
			break
		}
		to, err := os.Readlink(p)
		if err != nil {
			return "", err
		}
		if !filepath.IsAbs(to) {
			// Not filepath.Join, which would clean "dir/link/../x" on paper
			// while the system follows dir/link first.
			to = filepath.Dir(p) + string(filepath.Separator) + to
		}
		p = to
	}
	// The folder part as written ("a/link/.."), not cleaned: EvalSymlinks
	// follows links before it applies "..", as the system does.
	rawDir, base := ".", p
	if i := strings.LastIndexByte(p, filepath.Separator); i >= 0 {
		rawDir, base = p[:i], p[i+1:]
		if rawDir == "" {
			rawDir = string(filepath.Separator)
		}
	}
	dir, err := filepath.EvalSymlinks(rawDir)
	if err != nil || base == "" || base == "." || base == ".." {
		// The folder does not exist (Create reports it); keep the path.
		return filepath.Clean(p), nil
	}
	return filepath.Join(dir, base), nil
}

// descriptor reports whether name is one of the names through which a
// program reaches a file descriptor it already holds (/dev/stdin,
// /dev/stdout, /dev/stderr, /dev/fd/N, /proc/self/fd/N, /proc/PID/fd/N):
// such a name is opened and written through, never replaced, whatever it
// points to. fd is the descriptor's number when it is this process's own,
// else -1.
func descriptor(name string) (fd int, ok bool) {
	c := filepath.Clean(name)
	switch c {
	case "/dev/stdin":
		return 0, true
	case "/dev/stdout":
		return 1, true
	case "/dev/stderr":
		return 2, true
	}
	var num string
	switch {
	case strings.HasPrefix(c, "/dev/fd/"):
		num = c[len("/dev/fd/"):]
	case strings.HasPrefix(c, "/proc/"):
		parts := strings.Split(c, "/") // "", "proc", "self", "fd", "1"
		if len(parts) != 5 || parts[3] != "fd" {
			return -1, false
		}
		if parts[2] != "self" && parts[2] != "thread-self" && parts[2] != strconv.Itoa(os.Getpid()) {
			return -1, true // another process's
		}
		num = parts[4]
	default:
		return -1, false
	}
	n, err := strconv.Atoi(num)
	if err != nil || n < 0 {
		return -1, true
	}
	return n, true
}

// descriptorIn follows name through symbolic links, as opening it would,
// and returns the first descriptor name on the way (name itself, or the
// /dev/stdout a link points to), or "" if there is none.
func descriptorIn(name string) string {
	p := name
	for i := 0; i < maxLinks; i++ {
		if _, ok := descriptor(p); ok {
			return p
		}
		fi, err := os.Lstat(p)
		if err != nil || fi.Mode()&fs.ModeSymlink == 0 {
			return ""
		}
		to, err := os.Readlink(p)
		if err != nil {
			return ""
		}
		if !filepath.IsAbs(to) {
			to = filepath.Dir(p) + string(filepath.Separator) + to
		}
		p = to
	}
	return ""
}

// stdoutInfo returns what the program's stdout (descriptor 1) is, or nil
// when it is closed.
func stdoutInfo() fs.FileInfo {
	fi, err := os.Stdout.Stat()
	if err != nil {
		return nil
	}
	return fi
}

// isStdoutFile reports whether fi, an existing file, is the file or pipe
// the program's stdout writes to. A character device is not: /dev/null
// named as an output is an output of its own even when stdout is
// /dev/null too.
func isStdoutFile(fi fs.FileInfo) bool {
	if fi.IsDir() || fi.Mode()&fs.ModeCharDevice != 0 {
		return false
	}
	so := stdoutInfo()
	return so != nil && os.SameFile(fi, so)
}

// File is one output. Write to it, then Commit; Abort (safe to call after
// Commit) throws away whatever was not committed.
type File struct {
	label, name string
	target      string    // the path replaced on Commit (name with links followed)
	w           io.Writer // where Write goes
	f           *os.File  // the temporary or directly opened file; nil for stdout
	tmp         string    // the temporary file's path; "" when writing straight through
	mode        fs.FileMode
	id          fs.FileInfo // the existing file, for telling two outputs apart
	direct      bool
	stdout      bool  // written to the command's stdout: "-", or a name of it
	err         error // the first write error
	done        bool
}

// Create opens the output name, named on the command line by label. "-"
// means stdout (written straight through), and so does any other name of
// the program's own stdout (/dev/stdout, /dev/fd/1, /proc/self/fd/1, a
// link to one, the file or pipe stdout is). The path is checked now, so a
// bad path costs no work: its folder must exist and it must not be a
// folder or a socket. Opening a FIFO waits for its reader; ctx ends the
// wait.
func Create(ctx context.Context, name, label string, stdout io.Writer) (*File, error) {
	return create(ctx, name, label, stdout, nil)
}

// create is Create, refusing an output that is one of inputs before it
// opens or makes anything.
func create(ctx context.Context, name, label string, stdout io.Writer, inputs []*input) (*File, error) {
	o := &File{label: label, name: name}
	if name == "" {
		return nil, &Error{Label: label, Name: `""`, Err: errors.New("the file name is empty"), Bad: true}
	}
	desc, fd := "", -1
	var fi fs.FileInfo
	var statErr error
	if name != "-" {
		if desc = descriptorIn(name); desc != "" {
			fd, _ = descriptor(desc)
		}
		fi, statErr = os.Stat(name)
	}
	if name == "-" || fd == 1 || statErr == nil && isStdoutFile(fi) {
		o.w, o.direct, o.stdout, o.id = stdout, true, true, stdoutInfo()
		if err := checkInputs(o, inputs); err != nil {
			return nil, err
		}
		return o, nil
	}
	if desc != "" {
		if statErr != nil {
			return nil, &Error{Label: label, Name: name, Err: cause(statErr), Bad: true}
		}
		o.id = fi
		if err := checkInputs(o, inputs); err != nil {
			return nil, err
		}
		flags := os.O_WRONLY
		if fi.Mode().IsRegular() {
			flags |= os.O_TRUNC // as the shell's "> file" behind it
		}
		f, err := openDirect(ctx, desc, flags)
		if err != nil {
			if ctx.Err() != nil {
				return nil, ctx.Err()
			}
			return nil, &Error{Label: label, Name: name, Err: cause(err)}
		}
		o.f, o.w, o.direct, o.target = f, f, true, desc
		return o, nil
	}
	target, err := Resolve(name)
	if err != nil {
		return nil, &Error{Label: label, Name: name, Err: err, Bad: true}
	}
	o.target = target
	fi, err = os.Stat(target)
	if err == nil {
		o.id = fi
		if err := checkInputs(o, inputs); err != nil {
			return nil, err
		}
	}
	switch {
	case err == nil && fi.IsDir():
		return nil, &Error{Label: label, Name: name, Err: errors.New("is a folder, want a file name"), Bad: true}
	case err == nil && fi.Mode()&fs.ModeSocket != 0:
		return nil, &Error{Label: label, Name: name, Err: errors.New("is a socket, want a file"), Bad: true}
	case err == nil && !fi.Mode().IsRegular():
		// A device, a FIFO, a terminal: write straight through, as a shell's
		// ">" does; never replace it.
		f, err := openDirect(ctx, target, os.O_WRONLY)
		if err != nil {
			if ctx.Err() != nil {
				return nil, ctx.Err()
			}
			return nil, &Error{Label: label, Name: name, Err: cause(err)}
		}
		o.f, o.w, o.direct = f, f, true
		return o, nil
	case err == nil:
		o.mode = fi.Mode().Perm()
	case errors.Is(err, fs.ErrNotExist) || errors.Is(err, syscall.ENOTDIR):
		o.mode = 0o644
	default:
		return nil, &Error{Label: label, Name: name, Err: cause(err)}
	}
	dir := filepath.Dir(target)
	if di, err := os.Stat(dir); err != nil || !di.IsDir() {
		what := "does not exist"
		if err == nil {
			what = "is not a folder"
		} else if !errors.Is(err, fs.ErrNotExist) {
			what = cause(err).Error()
		}
		where := filepath.Dir(name)
		if filepath.Clean(target) != filepath.Clean(name) {
			where = fmt.Sprintf("%s (where the link %s points)", filepath.Dir(target), name)
		}
		return nil, &Error{Label: label, Name: name, Err: fmt.Errorf("folder %s %s", where, what), Bad: true}
	}
	f, err := os.CreateTemp(dir, "."+filepath.Base(target)+".*.tmp")
	if err != nil {
		return nil, &Error{Label: label, Name: name, Err: cause(err)}
	}
	addTemp(f.Name())
	if err := f.Chmod(o.mode); err != nil {
		f.Close()
		os.Remove(f.Name())
		dropTemp(f.Name())
		return nil, &Error{Label: label, Name: name, Err: cause(err)}
	}
	o.f, o.w, o.tmp = f, f, f.Name()
	return o, nil
}

// openDirect opens a device or FIFO for writing. Opening a FIFO blocks
// until a reader comes, so it is done aside and ctx can end the wait.
func openDirect(ctx context.Context, path string, flags int) (*os.File, error) {
	type opened struct {
		f   *os.File
		err error
	}
	ch := make(chan opened, 1)
	go func() {
		f, err := os.OpenFile(path, flags, 0)
		ch <- opened{f, err}
	}()
	select {
	case r := <-ch:
		return r.f, r.err
	case <-ctx.Done():
		go func() {
			if r := <-ch; r.f != nil {
				r.f.Close()
			}
		}()
		return nil, ctx.Err()
	}
}

// Name returns the path as the user gave it.
func (o *File) Name() string { return o.name }

// Label returns the flag that named the output.
func (o *File) Label() string { return o.label }

// Direct reports whether bytes go straight to their destination (stdout, a
// device, a FIFO) rather than to a temporary file.
func (o *File) Direct() bool { return o.direct }

// Write writes to the output. The first error is kept and returned again
// by Commit, and it names the output as the user gave it.
func (o *File) Write(b []byte) (int, error) {
	if o.err != nil {
		return 0, o.err
	}
	n, err := o.w.Write(b)
	if err != nil {
		o.err = o.wrap(err)
		return n, o.err
	}
	return n, nil
}

func (o *File) wrap(err error) error {
	if errors.Is(err, syscall.EPIPE) {
		err = errors.New("the reader went away (broken pipe)")
	}
	return &Error{Label: o.label, Name: o.name, Err: cause(err)}
}

// Commit finishes the output: a temporary file is closed and renamed over
// its target; a file opened directly is closed. A write error seen before
// is returned here too, and then nothing replaces the target.
func (o *File) Commit() error {
	if o == nil || o.done {
		return o.errOrNil()
	}
	if o.err != nil {
		o.Abort()
		return o.err
	}
	o.done = true
	if o.f == nil { // stdout: the caller owns it
		return nil
	}
	if o.tmp != "" {
		// On the disk before the rename, so a crash leaves the old file or
		// the new one, never an empty one.
		if err := o.f.Sync(); err != nil {
			o.f.Close()
			os.Remove(o.tmp)
			dropTemp(o.tmp)
			o.err = o.wrap(err)
			return o.err
		}
	}
	if err := o.f.Close(); err != nil {
		if o.tmp != "" {
			os.Remove(o.tmp)
			dropTemp(o.tmp)
		}
		o.err = o.wrap(err)
		return o.err
	}
	if o.tmp == "" {
		return nil
	}
	if err := os.Rename(o.tmp, o.target); err != nil {
		os.Remove(o.tmp)
		dropTemp(o.tmp)
		o.err = o.wrap(err)
		return o.err
	}
	dropTemp(o.tmp)
	return nil
}

func (o *File) errOrNil() error {
	if o == nil {
		return nil
	}
	return o.err
}

// Abort throws the output away: a temporary file is removed and the target
// is left as it was. A direct output keeps what was written to it. Abort
// after Commit does nothing.
func (o *File) Abort() {
	if o == nil || o.done {
		return
	}
	o.done = true
	if o.f == nil {
		return
	}
	o.f.Close()
	if o.tmp != "" {
		os.Remove(o.tmp)
		dropTemp(o.tmp)
	}
}

// Same reports whether two outputs would write the same file: both
// stdout, the same path after links are followed, or the same existing
// file under two names. Two character devices (say /dev/null twice) are
// not the same output: each write goes through on its own.
func Same(a, b *File) bool {
	if a == nil || b == nil {
		return false
	}
	if a.stdout || b.stdout {
		return a.stdout && b.stdout
	}
	if a.id != nil && b.id != nil {
		if a.id.Mode()&fs.ModeCharDevice != 0 && b.id.Mode()&fs.ModeCharDevice != 0 {
			return false
		}
		return os.SameFile(a.id, b.id)
	}
	pa, errA := filepath.Abs(a.target)
	pb, errB := filepath.Abs(b.target)
	return errA == nil && errB == nil && pa == pb
}

// Stdout reports whether the output writes to the command's stdout: "-",
// or another name of it (see Create).
func (o *File) Stdout() bool { return o != nil && o.stdout }

// Set is the outputs of one command: it refuses two outputs that name the
// same file, and an output that is a file the command reads (AddInput),
// and commits or aborts them together.
type Set struct {
	files  []*File
	inputs []*input
}

// Create opens an output as Create does and adds it to the set; name ""
// means the output is off and returns nil with no error. Two outputs
// naming the same file are refused, and so is an output that is an input
// of the set, before anything is opened.
func (s *Set) Create(ctx context.Context, name, label string, stdout io.Writer) (*File, error) {
	if name == "" {
		return nil, nil
	}
	o, err := create(ctx, name, label, stdout, s.inputs)
	if err != nil {
		return nil, err
	}
	for _, p := range s.files {
		if Same(p, o) {
			o.Abort()
			what := "name the same file"
			if o.stdout {
				what = "both write to stdout (-)"
			}
			return nil, &Error{Bad: true,
				Err: fmt.Errorf("%s %s and %s %s %s: give each its own", p.label, p.name, label, name, what)}
		}
	}
	s.files = append(s.files, o)
	return o, nil
}

// Stdout reports whether any output of the set writes to stdout, so that
// nothing else (a report) is printed there.
func (s *Set) Stdout() bool {
	for _, o := range s.files {
		if o.stdout {
			return true
		}
	}
	return false
}

// input is a file a command reads (Set.AddInput).
type input struct {
	label string      // the flag that named it, e.g. "--puzzle"; "" for an argument
	name  string      // as the user gave it; "-" for stdin
	what  string      // what it is, for messages: "the step log"
	id    fs.FileInfo // the file, compared by device and inode
	path  string      // where it lies, links followed; "" if unknown
}

// ref names the input as the command line gave it: "q4.yaml",
// "--puzzle puz.txt", "--puzzle -, read from stdin".
func (in *input) ref() string {
	r := in.name
	if in.label != "" {
		r = in.label + " " + r
	}
	if in.name == "-" {
		r += ", read from stdin"
	}
	return r
}

// refuse is the error for the output name (label) that is the input.
func (in *input) refuse(label, name string) error {
	shown := name
	if name == "-" {
		shown = "stdout (-)"
	}
	msg := fmt.Sprintf("%s: %s is %s being read", label, shown, in.what)
	if in.label != "" || name != in.name {
		msg += " (" + in.ref() + ")"
	}
	return &Error{Bad: true, Err: errors.New(msg + "; choose another name")}
}

// checkInputs refuses o when it is the same file as one of inputs.
func checkInputs(o *File, inputs []*input) error {
	if o.id == nil {
		return nil
	}
	for _, in := range inputs {
		if os.SameFile(o.id, in.id) {
			return in.refuse(o.label, o.name)
		}
	}
	return nil
}

// AddInput records a file the command reads, so that no output of the set
// is that file: an output that is the same file (by device and inode,
// whatever its name) is refused by Create, and so is the input here when
// an output already is. name is as the user gave it, "-" for stdin (then
// stdin is what is read); label is the flag that named it ("" for an
// argument); what says what it is, for messages ("the step log"). Only a
// regular file is recorded: a device, a pipe or a terminal is never
// replaced anyway, a name that is no file (a puzzle typed on the command
// line) is not read as one, and a missing file is the command's to report.
func (s *Set) AddInput(label, name, what string, stdin io.Reader) error {
	in := &input{label: label, name: name, what: what}
	var fi fs.FileInfo
	var err error
	switch {
	case name == "":
		return nil
	case name == "-":
		f, ok := stdin.(*os.File)
		if !ok {
			return nil
		}
		if fi, err = f.Stat(); err != nil {
			return nil
		}
		if rc, err := f.SyscallConn(); err == nil {
			rc.Control(func(fd uintptr) {
				if p, err := os.Readlink("/proc/self/fd/" + strconv.Itoa(int(fd))); err == nil && filepath.IsAbs(p) {
					in.path = p
				}
			})
		}
	default:
		if fi, err = os.Stat(name); err != nil {
			return nil
		}
		if p, err := filepath.EvalSymlinks(name); err == nil {
			in.path, _ = filepath.Abs(p)
		}
	}
	if !fi.Mode().IsRegular() {
		return nil
	}
	in.id = fi
	for _, o := range s.files {
		if o.id != nil && os.SameFile(o.id, fi) {
			return in.refuse(o.label, o.name)
		}
	}
	s.inputs = append(s.inputs, in)
	return nil
}

// CheckFolder refuses the folder name as an output (named by label, e.g.
// "--frames") when an input of the set lies in it, at any depth: writing
// a folder output replaces the whole folder. A folder that does not exist
// yet holds nothing.
func (s *Set) CheckFolder(label, name string) error {
	fi, err := os.Stat(name)
	if err != nil || !fi.IsDir() {
		return nil
	}
	for _, in := range s.inputs {
		if in.path == "" {
			continue
		}
		for d := filepath.Dir(in.path); ; d = filepath.Dir(d) {
			if di, err := os.Stat(d); err == nil && os.SameFile(di, fi) {
				return &Error{Bad: true, Err: fmt.Errorf("%s %s: holds %s being read (%s); choose another folder", label, name, in.what, in.ref())}
			}
			if d == filepath.Dir(d) {
				break
			}
		}
	}
	return nil
}

// Commit commits every output in the set, in order, and returns the first
// error. Outputs after a failed one are aborted, so a failed run leaves as
// little behind as it can.
func (s *Set) Commit() error {
	for i, o := range s.files {
		if err := o.Commit(); err != nil {
			for _, rest := range s.files[i+1:] {
				rest.Abort()
			}
			return err
		}
	}
	return nil
}

// Abort aborts every output not yet committed.
func (s *Set) Abort() {
	for _, o := range s.files {
		o.Abort()
	}
}

// FolderError is returned by WriteFolder when the folder holds files it
// would have to delete; Foreign names them.
type FolderError struct {
	Path    string
	Foreign []string
}

func (e *FolderError) Error() string {
	list := e.Foreign
	more := ""
	if len(list) > 5 {
		list, more = list[:5], fmt.Sprintf(" and %d more", len(e.Foreign)-5)
	}
	return fmt.Sprintf("%s holds files this build did not write (%s%s): move them away, or give --force to replace the folder",
		e.Path, strings.Join(list, ", "), more)
}

// WriteFolder writes files (name -> bytes; names are plain file names) as
// the folder path, whole or not at all: they go into a temporary folder
// beside it, which then takes path's place. An existing folder is replaced
// only when every entry in it is a file that this write makes again (a
// folder from an earlier build); anything else is a *FolderError unless
// force is set. Symbolic links at path are not followed: path is the
// folder itself.
func WriteFolder(name string, files map[string][]byte, force bool) (err error) {
	path := filepath.Clean(name)
	if pi, err := os.Stat(filepath.Dir(path)); err != nil || !pi.IsDir() {
		return &Error{Name: name, Err: fmt.Errorf("folder %s does not exist", filepath.Dir(path)), Bad: true}
	}
	for name := range files {
		if name == "" || strings.ContainsAny(name, `/\`) || name == "." || name == ".." {
			return fmt.Errorf("%s: bad file name %q", path, name)
		}
	}
	old := false
	if fi, err := os.Lstat(path); err == nil {
		if !fi.IsDir() {
			return &Error{Name: path, Err: errors.New("exists and is not a folder"), Bad: true}
		}
		if !force {
			entries, err := os.ReadDir(path)
			if err != nil {
				return &Error{Name: path, Err: cause(err)}
			}
			var foreign []string
			for _, e := range entries {
				if _, ours := files[e.Name()]; !ours || !e.Type().IsRegular() {
					foreign = append(foreign, e.Name())
				}
			}
			if len(foreign) > 0 {
				return &FolderError{Path: path, Foreign: foreign}
			}
		}
		old = true
	} else if !errors.Is(err, fs.ErrNotExist) {
		return &Error{Name: path, Err: cause(err)}
	}
	parent, base := filepath.Dir(path), filepath.Base(path)
	tmp, err := os.MkdirTemp(parent, "."+base+".*.tmp")
	if err != nil {
		return &Error{Name: path, Err: cause(err)}
	}
	addTemp(tmp)
	defer func() {
		if err != nil {
			os.RemoveAll(tmp)
		}
		dropTemp(tmp)
	}()
	if err := os.Chmod(tmp, 0o755); err != nil {
		return &Error{Name: path, Err: cause(err)}
	}
	names := make([]string, 0, len(files))
	for name := range files {
		names = append(names, name)
	}
	sort.Strings(names)
	for _, name := range names {
		if err := writeFile(filepath.Join(tmp, name), files[name]); err != nil {
			return &Error{Name: filepath.Join(path, name), Err: cause(err)}
		}
	}
	// Move the old folder aside, the new one in, then drop the old one: at
	// every moment path is either the old folder or the new one.
	aside := ""
	if old {
		aside = tmp + ".old"
		addTemp(aside)
		defer dropTemp(aside)
		if err := os.Rename(path, aside); err != nil {
			return &Error{Name: path, Err: cause(err)}
		}
	}
	if err := os.Rename(tmp, path); err != nil {
		if aside != "" {
			os.Rename(aside, path)
		}
		return &Error{Name: path, Err: cause(err)}
	}
	if aside != "" {
		os.RemoveAll(aside)
	}
	return nil
}

// writeFile writes b to a new file and reports errors from Close too (a
// full disk may show only there).
func writeFile(path string, b []byte) error {
	f, err := os.OpenFile(path, os.O_WRONLY|os.O_CREATE|os.O_EXCL, 0o644)
	if err != nil {
		return err
	}
	if _, err := f.Write(b); err != nil {
		f.Close()
		return err
	}
	return f.Close()
}
