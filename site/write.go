package site

import (
	"errors"
	"fmt"
	"io/fs"
	"os"
	"path/filepath"
	"strings"
)

// Marker is the file that marks a folder as a site this package wrote: a
// build replaces such a folder whole, and refuses any other folder that is
// not empty unless forced.
const Marker = ".backtrack-site"

// ErrNotSite is returned by Write for a folder that holds files and no
// Marker.
var ErrNotSite = errors.New("holds files and is not a site backtrack built: empty it, or give --force to replace it")

// Write writes the site's files as the folder dir, whole or not at all:
// into a temporary folder beside dir, which then takes dir's place. dir's
// parent must exist. An existing dir is replaced if it is empty or a site
// built before (it holds Marker), or when force is set.
func Write(dir string, files map[string][]byte, force bool) (err error) {
	dir = filepath.Clean(dir)
	parent := filepath.Dir(dir)
	if fi, err := os.Stat(parent); err != nil || !fi.IsDir() {
		return fmt.Errorf("--site %s: folder %s does not exist", dir, parent)
	}
	old := false
	switch fi, err := os.Lstat(dir); {
	case err == nil && !fi.IsDir():
		return fmt.Errorf("--site %s: is a file, want a folder", dir)
	case err == nil:
		entries, err := os.ReadDir(dir)
		if err != nil {
			return fmt.Errorf("--site %s: %w", dir, err)
		}
		if _, merr := os.Stat(filepath.Join(dir, Marker)); len(entries) > 0 && merr != nil && !force {
			return fmt.Errorf("--site %s: %w", dir, ErrNotSite)
		}
		old = true
	case !errors.Is(err, fs.ErrNotExist):
		return fmt.Errorf("--site %s: %w", dir, err)
	}
	tmp, err := os.MkdirTemp(parent, "."+filepath.Base(dir)+".*.tmp")
	if err != nil {
		return fmt.Errorf("--site %s: %w", dir, err)
	}
	defer func() {
		if err != nil {
			os.RemoveAll(tmp)
		}
	}()
	if err := os.Chmod(tmp, 0o755); err != nil {
		return err
	}
	all := map[string][]byte{Marker: []byte("A course site built by `backtrack lesson build --site`: a new build replaces this folder.\n")}
	for name, b := range files {
		if name == "" || strings.HasPrefix(name, "/") || strings.Contains(name, "..") || strings.Contains(name, `\`) {
			return fmt.Errorf("site: bad file name %q", name)
		}
		all[name] = b
	}
	for _, name := range Names(all) {
		p := filepath.Join(tmp, filepath.FromSlash(name))
		if err := os.MkdirAll(filepath.Dir(p), 0o755); err != nil {
			return fmt.Errorf("--site %s: %w", dir, err)
		}
		if err := os.WriteFile(p, all[name], 0o644); err != nil {
			return fmt.Errorf("--site %s: %w", dir, err)
		}
	}
	if old {
		trash := tmp + ".old"
		if err := os.Rename(dir, trash); err != nil {
			return fmt.Errorf("--site %s: %w", dir, err)
		}
		if err := os.Rename(tmp, dir); err != nil {
			os.Rename(trash, dir) // put the old site back
			return fmt.Errorf("--site %s: %w", dir, err)
		}
		return os.RemoveAll(trash)
	}
	if err := os.Rename(tmp, dir); err != nil {
		return fmt.Errorf("--site %s: %w", dir, err)
	}
	return nil
}
