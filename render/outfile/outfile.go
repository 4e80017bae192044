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

// isFdFile reports whether fi, an existing file, is the file or pipe the
// program's descriptor fd (1 for stdout, 2 for stderr) writes to. A
// character device is not: /dev/null named as an output is an output of
// its own even when stdout is /dev/null too.
func isFdFile(fi fs.FileInfo, fd int) bool {
	if fi.IsDir() || fi.Mode()&fs.ModeCharDevice != 0 {
		return false
	}
	var st syscall.Stat_t
	if syscall.Fstat(fd, &st) != nil {
		return false
	}
	sys, ok := fi.Sys().(*syscall.Stat_t)
	return ok && sys.Dev == st.Dev && sys.Ino == st.Ino
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
	// mu guards the fields above against an Abort from another goroutine
	// (an interrupt) while a phase still writes: the write after it fails
	// instead of racing it.
	mu sync.Mutex
}

// ErrNoStdout is the error, in an *Error, of an output that names stdout
// when the stdout given to Create is nil.
var ErrNoStdout = errors.New("no writer was given for stdout")

// Create opens the output name, named on the command line by label. "-"
// means stdout (written straight through), and so does any other name of
// the program's own stdout (/dev/stdout, /dev/fd/1, /proc/self/fd/1, a
// link to one, the file or pipe stdout is); with stdout nil, such a name
// is an *Error wrapping ErrNoStdout. The path is checked now, so a
// bad path costs no work: its folder must exist and it must not be a
// folder or a socket. Opening a FIFO waits for its reader; ctx ends the
// wait (a nil ctx is context.Background()).
func Create(ctx context.Context, name, label string, stdout io.Writer) (*File, error) {
	return create(ctx, name, label, stdout, nil)
}

// create is Create, refusing an output that is one of inputs before it
// opens or makes anything.
func create(ctx context.Context, name, label string, stdout io.Writer, inputs []*input) (*File, error) {
	if ctx == nil {
		ctx = context.Background()
	}
	o := &File{label: label, name: name}
	if name == "" {
		return nil, &Error{Label: label, Name: `""`, Err: errors.New("the file name is empty"), Bad: true}
	}
	if name != "-" && strings.HasSuffix(name, string(filepath.Separator)) {
		// "new.svg/" would be cleaned to new.svg (or, for a file that
		// exists, not be one: ENOTDIR) and written as a file.
		return nil, &Error{Label: label, Name: name, Err: errors.New("ends in /, which names a folder: want a file name"), Bad: true}
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
	if name == "-" || fd == 1 || statErr == nil && isFdFile(fi, 1) {
		if stdout == nil {
			return nil, &Error{Label: label, Name: name, Err: ErrNoStdout, Bad: true}
		}
		o.w, o.direct, o.stdout, o.id = stdout, true, true, stdoutInfo()
		if err := checkInputs(o, inputs); err != nil {
			return nil, err
		}
		return o, nil
	}
	if fd < 0 && statErr == nil && isFdFile(fi, 2) {
		fd = 2 // the file or pipe stderr is, by another name
	}
	if fd >= 0 {
		// A descriptor of this process (/dev/stderr, /dev/fd/3, a link to
		// one): written through a copy of it, as the shell's ">&N" would,
		// sharing its offset and its append mode; never reopened, so never
		// truncated or replaced.
		nfd, err := syscall.Dup(fd)
		if err != nil {
			return nil, &Error{Label: label, Name: name, Err: fmt.Errorf("descriptor %d is not open", fd), Bad: true}
		}
		syscall.CloseOnExec(nfd)
		f := os.NewFile(uintptr(nfd), name)
		if o.id, err = f.Stat(); err != nil {
			f.Close()
			return nil, &Error{Label: label, Name: name, Err: cause(err)}
		}
		if err := checkInputs(o, inputs); err != nil {
			f.Close()
			return nil, err
		}
		o.f, o.w, o.direct, o.target = f, f, true, desc
		return o, nil
	}
	if desc != "" {
		// Another process's descriptor (/proc/PID/fd/N): opened, but a
		// file behind it is appended to, never truncated.
		if statErr != nil {
			return nil, &Error{Label: label, Name: name, Err: cause(statErr), Bad: true}
		}
		o.id = fi
		if err := checkInputs(o, inputs); err != nil {
			return nil, err
		}
		flags := os.O_WRONLY
		if fi.Mode().IsRegular() {
			flags |= os.O_APPEND
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
		// A file the user cannot write is not replaced, as the shell's ">"
		// would not write it: checked now, before any work.
		if err := replaceable(target, fi); err != nil {
			return nil, &Error{Label: label, Name: name, Err: err}
		}
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

// wOK is access(2)'s W_OK.
const wOK = 2

// replaceable reports why the user may not replace the existing file or
// folder path (fi) by renaming a new one over it, or nil: the user cannot
// write it (its mode, a read-only file system; root can, as with the
// shell's ">"), or it lies in a sticky folder (/tmp) and belongs to
// someone else, where the rename would fail after the work.
func replaceable(path string, fi fs.FileInfo) error {
	if err := syscall.Access(path, wOK); err != nil {
		return err
	}
	uid := os.Geteuid()
	di, err := os.Stat(filepath.Dir(path))
	if err != nil || di.Mode()&fs.ModeSticky == 0 || uid == 0 {
		return nil
	}
	st, ok := fi.Sys().(*syscall.Stat_t)
	dst, dok := di.Sys().(*syscall.Stat_t)
	if ok && dok && int(st.Uid) != uid && int(dst.Uid) != uid {
		return syscall.EACCES
	}
	return nil
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

// errAborted is a write to an output already thrown away (an interrupt
// left it out while a phase was still writing it).
var errAborted = errors.New("the output was left out")

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
	o.mu.Lock()
	defer o.mu.Unlock()
	if o.err != nil {
		return 0, o.err
	}
	if o.done {
		return 0, &Error{Label: o.label, Name: o.name, Err: errAborted}
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
	if o == nil {
		return nil
	}
	o.mu.Lock()
	defer o.mu.Unlock()
	if o.done {
		return o.err
	}
	if o.err != nil {
		o.abort()
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

// Abort throws the output away: a temporary file is removed and the target
// is left as it was. A direct output keeps what was written to it. Abort
// after Commit does nothing.
func (o *File) Abort() {
	if o == nil {
		return
	}
	o.mu.Lock()
	defer o.mu.Unlock()
	o.abort()
}

// abort is Abort with o.mu held.
func (o *File) abort() {
	if o.done {
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
	files   []*File
	folders []setFolder
	inputs  []*input
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
	if o.target != "" && !o.direct {
		t, _ := filepath.Abs(o.target)
		for _, g := range s.folders {
			if within(t, g.abs) {
				o.Abort()
				return nil, &Error{Bad: true, Err: fmt.Errorf("%s %s lies in %s %s: give each its own place", label, name, g.f.label, g.f.name)}
			}
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
			for _, g := range s.folders {
				g.f.Abort()
			}
			return err
		}
	}
	for i, g := range s.folders {
		if err := g.f.Commit(); err != nil {
			for _, rest := range s.folders[i+1:] {
				rest.f.Abort()
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
	for _, g := range s.folders {
		g.f.Abort()
	}
}

// FolderError is a folder output refused because it holds entries the
// command would have to delete or cannot leave beside its own files;
// Foreign names them.
type FolderError struct {
	Label   string // the flag that named the folder, e.g. "--frames"; may be empty
	Path    string
	Foreign []string
	Force   bool // --force was given: these are what it cannot keep
}

func (e *FolderError) Error() string {
	list := e.Foreign
	more := ""
	if len(list) > 5 {
		list, more = list[:5], fmt.Sprintf(" and %d more", len(e.Foreign)-5)
	}
	where := e.Path
	if e.Label != "" {
		where = e.Label + " " + e.Path
	}
	if e.Force {
		return fmt.Sprintf("%s holds %s%s under the names this build writes, and they are not files it wrote: move them away",
			where, strings.Join(list, ", "), more)
	}
	return fmt.Sprintf("%s holds files this build did not write (%s%s): move them away, or give --force to write beside them (only the build's own files are replaced)",
		where, strings.Join(list, ", "), more)
}

// Folder is a folder output (frames, a lesson): its files are written as
// they are made into a temporary folder beside it, and Commit puts them in
// place. Open it with OpenFolder or Set.Folder before the work, so every
// check (the parent exists, the user may write the folder, what it holds)
// costs no work.
//
// An existing folder that holds only files of the command's own naming
// (own) is replaced whole: at every moment it is the old folder or the new
// one. Anything else in it is refused, named, unless force is set; then
// the new files are put into the folder one by one, the old files of the
// command's own naming are deleted, and everything else stays as it was:
// --force never deletes what the command did not write.
type Folder struct {
	label, name string
	path        string // the folder (name cleaned; a link at path is refused)
	tmp         string // the temporary folder the files go to
	own         func(string) bool
	old         []string // the existing folder's entries of own naming
	exists      bool
	inPlace     bool // force, and the folder holds others' files: commit file by file
	id          fs.FileInfo
	mu          sync.Mutex
	done        bool
}

// OpenFolder opens the folder output name (named by label, e.g.
// "--frames"): own says which file names are the command's own (the
// names it writes, or may have written before). Errors: the parent
// folder does not exist, name is a file or a link (*Error, Bad); the user
// may not write the folder or its parent (*Error, permission denied); it
// holds other entries and force is not set, or holds entries of own
// naming that are not plain files (*FolderError); name is "" (*Error,
// Bad). A nil own owns no name.
func OpenFolder(label, name string, own func(string) bool, force bool) (*Folder, error) {
	if name == "" {
		// Not ".": an empty name is a mistake, never the working folder.
		return nil, &Error{Label: label, Name: `""`, Err: errors.New("the folder name is empty"), Bad: true}
	}
	if own == nil {
		own = func(string) bool { return false } // nothing in the folder is the command's
	}
	path := filepath.Clean(name)
	f := &Folder{label: label, name: name, path: path, own: own}
	parent := filepath.Dir(path)
	if pi, err := os.Stat(parent); err != nil || !pi.IsDir() {
		return nil, &Error{Label: label, Name: name, Err: fmt.Errorf("folder %s does not exist", parent), Bad: true}
	}
	fi, err := os.Lstat(path)
	switch {
	case err == nil && fi.Mode()&fs.ModeSymlink != 0:
		what := "a link"
		if ti, err := os.Stat(path); err == nil && ti.IsDir() {
			what = "a link to a folder"
		}
		return nil, &Error{Label: label, Name: name, Err: fmt.Errorf("is %s: give the folder itself", what), Bad: true}
	case err == nil && !fi.IsDir():
		return nil, &Error{Label: label, Name: name, Err: errors.New("exists and is not a folder"), Bad: true}
	case err == nil:
		f.exists, f.id = true, fi
		if err := replaceable(path, fi); err != nil {
			return nil, &Error{Label: label, Name: name, Err: err}
		}
		entries, err := os.ReadDir(path)
		if err != nil {
			return nil, &Error{Label: label, Name: name, Err: cause(err)}
		}
		var foreign, clash []string
		for _, e := range entries {
			switch {
			case own(e.Name()) && e.Type().IsRegular():
				f.old = append(f.old, e.Name())
			case own(e.Name()):
				clash = append(clash, e.Name())
			default:
				shown := e.Name()
				if e.IsDir() {
					shown += "/"
				}
				foreign = append(foreign, shown)
			}
		}
		switch {
		case len(clash) > 0:
			return nil, &FolderError{Label: label, Path: name, Foreign: clash, Force: true}
		case len(foreign) > 0 && !force:
			return nil, &FolderError{Label: label, Path: name, Foreign: append(foreign, clash...)}
		case len(foreign) > 0:
			f.inPlace = true
		}
	case !errors.Is(err, fs.ErrNotExist):
		return nil, &Error{Label: label, Name: name, Err: cause(err)}
	}
	if err := syscall.Access(parent, wOK); err != nil {
		return nil, &Error{Label: label, Name: name, Err: err}
	}
	tmp, err := os.MkdirTemp(parent, "."+filepath.Base(path)+".*.tmp")
	if err != nil {
		return nil, &Error{Label: label, Name: name, Err: cause(err)}
	}
	addTemp(tmp)
	f.tmp = tmp
	if err := os.Chmod(tmp, 0o755); err != nil {
		f.Abort()
		return nil, &Error{Label: label, Name: name, Err: cause(err)}
	}
	return f, nil
}

// Name returns the folder as the user gave it.
func (f *Folder) Name() string { return f.name }

// Label returns the flag that named the folder.
func (f *Folder) Label() string { return f.label }

// Add writes the file name (a plain file name of the command's own
// naming) into the folder-to-be, replacing one added before.
func (f *Folder) Add(name string, b []byte) error {
	if name == "" || strings.ContainsAny(name, `/\`) || name == "." || name == ".." || !f.own(name) {
		return fmt.Errorf("%s: bad file name %q", f.path, name)
	}
	f.mu.Lock()
	defer f.mu.Unlock()
	if f.done {
		return &Error{Label: f.label, Name: f.name, Err: errAborted}
	}
	if err := WriteFile(filepath.Join(f.tmp, name), b); err != nil {
		return &Error{Label: f.label, Name: filepath.Join(f.path, name), Err: cause(err)}
	}
	return nil
}

// Commit puts the folder in place (see Folder).
func (f *Folder) Commit() (err error) {
	if f == nil {
		return nil
	}
	f.mu.Lock()
	defer f.mu.Unlock()
	if f.done {
		return nil
	}
	f.done = true
	defer func() {
		os.RemoveAll(f.tmp)
		dropTemp(f.tmp)
	}()
	if f.inPlace {
		return f.commitInPlace()
	}
	// Move the old folder aside, the new one in, then drop the old one: at
	// every moment path is either the old folder or the new one.
	aside := ""
	if f.exists {
		aside = f.tmp + ".old"
		addTemp(aside)
		defer dropTemp(aside)
		if err := os.Rename(f.path, aside); err != nil {
			return &Error{Label: f.label, Name: f.name, Err: cause(err)}
		}
	}
	if err := os.Rename(f.tmp, f.path); err != nil {
		if aside != "" {
			os.Rename(aside, f.path)
		}
		return &Error{Label: f.label, Name: f.name, Err: cause(err)}
	}
	if aside != "" {
		if err := os.RemoveAll(aside); err != nil {
			return &Error{Label: f.label, Name: f.name, Err: fmt.Errorf("written, but the old folder's files could not be removed: %v", cause(err))}
		}
	}
	return nil
}

// commitInPlace moves the new files into the existing folder one by one
// and deletes the old files of own naming that were not written again;
// everything else in the folder stays.
func (f *Folder) commitInPlace() error {
	entries, err := os.ReadDir(f.tmp)
	if err != nil {
		return &Error{Label: f.label, Name: f.name, Err: cause(err)}
	}
	made := map[string]bool{}
	for _, e := range entries {
		made[e.Name()] = true
		if err := os.Rename(filepath.Join(f.tmp, e.Name()), filepath.Join(f.path, e.Name())); err != nil {
			return &Error{Label: f.label, Name: filepath.Join(f.name, e.Name()), Err: cause(err)}
		}
	}
	for _, n := range f.old {
		if !made[n] {
			if err := os.Remove(filepath.Join(f.path, n)); err != nil && !errors.Is(err, fs.ErrNotExist) {
				return &Error{Label: f.label, Name: filepath.Join(f.name, n), Err: cause(err)}
			}
		}
	}
	return nil
}

// Abort throws the new files away and leaves the folder as it was.
func (f *Folder) Abort() {
	if f == nil {
		return
	}
	f.mu.Lock()
	defer f.mu.Unlock()
	if f.done {
		return
	}
	f.done = true
	os.RemoveAll(f.tmp)
	dropTemp(f.tmp)
}

// Folder opens a folder output as OpenFolder does and adds it to the set,
// refusing it when an input of the set lies in it, when another output
// of the set is in it or is it, or when it is in another folder output.
// name "" means the output is off and returns nil with no error.
func (s *Set) Folder(label, name string, own func(string) bool, force bool) (*Folder, error) {
	if name == "" {
		return nil, nil
	}
	if err := s.CheckFolder(label, name); err != nil {
		return nil, err
	}
	abs, _ := filepath.Abs(filepath.Clean(name))
	if real, err := filepath.EvalSymlinks(filepath.Dir(abs)); err == nil {
		abs = filepath.Join(real, filepath.Base(abs))
	}
	for _, o := range s.files {
		if o.target == "" || o.stdout {
			continue
		}
		t, _ := filepath.Abs(o.target)
		if within(t, abs) {
			return nil, &Error{Bad: true, Err: fmt.Errorf("%s %s lies in %s %s: give each its own place", o.label, o.name, label, name)}
		}
	}
	for _, g := range s.folders {
		if within(g.abs, abs) || within(abs, g.abs) {
			return nil, &Error{Bad: true, Err: fmt.Errorf("%s %s and %s %s overlap: give each its own folder", g.f.label, g.f.name, label, name)}
		}
	}
	f, err := OpenFolder(label, name, own, force)
	if err != nil {
		return nil, err
	}
	s.folders = append(s.folders, setFolder{f, abs})
	return f, nil
}

// CreateIn opens the file output name (named by label, e.g. "--gif") that
// goes into the folder output f of the set, as one of its files: base is
// its name there, one of f's own names (see OpenFolder). It is written
// into f's temporary folder and put in place with f, after the set's other
// files: so the folder may not exist yet ("--frames f --gif f/a.gif").
// Two outputs naming the same file are refused, as Create does.
func (s *Set) CreateIn(f *Folder, name, label string) (*File, error) {
	base := filepath.Base(name)
	if f == nil || !f.own(base) || strings.ContainsAny(base, `/\`) || base == "." || base == ".." {
		return nil, &Error{Label: label, Name: name, Err: errors.New("is not a file of the folder it lies in"), Bad: true}
	}
	o := &File{label: label, name: name, target: filepath.Join(f.tmp, base), mode: 0o644}
	if fi, err := os.Stat(filepath.Join(f.path, base)); err == nil && fi.Mode().IsRegular() {
		o.mode = fi.Mode().Perm()
	}
	for _, p := range s.files {
		if Same(p, o) {
			return nil, &Error{Bad: true, Err: fmt.Errorf("%s %s and %s %s name the same file: give each its own", p.label, p.name, label, name)}
		}
	}
	tmp, err := os.CreateTemp(f.tmp, "."+base+".*.tmp")
	if err != nil {
		return nil, &Error{Label: label, Name: name, Err: cause(err)}
	}
	addTemp(tmp.Name())
	if err := tmp.Chmod(o.mode); err != nil {
		tmp.Close()
		os.Remove(tmp.Name())
		dropTemp(tmp.Name())
		return nil, &Error{Label: label, Name: name, Err: cause(err)}
	}
	o.f, o.w, o.tmp = tmp, tmp, tmp.Name()
	s.files = append(s.files, o)
	return o, nil
}

// setFolder is a folder output of a set, with its absolute path (folder
// links followed).
type setFolder struct {
	f   *Folder
	abs string
}

// within reports whether the path p is dir or lies in it.
func within(p, dir string) bool {
	return p == dir || strings.HasPrefix(p, dir+string(filepath.Separator))
}

// WriteFolder writes files (name -> bytes; names are plain file names) as
// the folder name, whole or not at all (see Folder: the names in files are
// its own naming).
func WriteFolder(name string, files map[string][]byte, force bool) error {
	f, err := OpenFolder("", name, func(n string) bool { _, ok := files[n]; return ok }, force)
	if err != nil {
		return err
	}
	names := make([]string, 0, len(files))
	for n := range files {
		names = append(names, n)
	}
	sort.Strings(names)
	for _, n := range names {
		if err := f.Add(n, files[n]); err != nil {
			f.Abort()
			return err
		}
	}
	return f.Commit()
}

// WriteFile writes b to a file, made or truncated, and reports errors
// from Close too (a full disk may show only there). It is for files of a
// folder being made (a temporary one, renamed into place whole), not for
// a user's output, which goes through Create.
func WriteFile(path string, b []byte) error {
	f, err := os.OpenFile(path, os.O_WRONLY|os.O_CREATE|os.O_TRUNC, 0o644)
	if err != nil {
		return err
	}
	if _, err := f.Write(b); err != nil {
		f.Close()
		return err
	}
	return f.Close()
}
