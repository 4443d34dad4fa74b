package vfs

import (
	"io/fs"
	"os"
	"path"
)

// HardLinker is implemented by inner filesystems that can make hard links.
type HardLinker interface {
	LinkIfPossible(oldname, newname string) error
}

// LstatIfPossible implements [afero.Lstater]. The bool reports whether the
// inner filesystem knows about symlinks at all.
func (f *FS) LstatIfPossible(name string) (os.FileInfo, bool, error) {
	in, err := f.resolve("lstat", name)
	if err != nil {
		return nil, false, err
	}
	fi, did, err := f.inner.LstatIfPossible(in)
	return fi, did, fixErr(err, "lstat", name)
}

// Lstat is [FS.LstatIfPossible] without the bool.
func (f *FS) Lstat(name string) (os.FileInfo, error) {
	fi, _, err := f.LstatIfPossible(name)
	return fi, err
}

// SymlinkIfPossible implements [afero.Linker]: it makes newname a symlink
// to target. A target that lies inside the workspace is stored relative to
// newname's directory (so the link survives the workspace being moved, and
// [os.Root] accepts it); a target that leaves the workspace is refused.
func (f *FS) SymlinkIfPossible(target, newname string) error {
	in, err := f.resolve("symlink", newname)
	if err != nil {
		return err
	}
	stored, err := f.linkTarget(target, newname)
	if err != nil {
		return err
	}
	return fixLinkErr(f.inner.SymlinkIfPossible(stored, in), "symlink", target, newname)
}

// linkTarget returns the relative target to store for a symlink at newname
// pointing to target.
func (f *FS) linkTarget(target, newname string) (string, error) {
	linkDir := path.Dir(f.abs(newname))
	dest := target
	if !path.IsAbs(dest) {
		dest = path.Join(linkDir, target)
	}
	if !f.Contains(dest) {
		return "", &os.LinkError{Op: "symlink", Old: target, New: newname, Err: ErrOutside}
	}
	if !path.IsAbs(target) {
		return target, nil
	}
	return relPath(linkDir, path.Clean(dest)), nil
}

// abs makes a visible name absolute.
func (f *FS) abs(name string) string {
	if path.IsAbs(name) {
		return path.Clean(name)
	}
	return path.Join(f.root, name)
}

// relPath returns the relative slash path from dir to target; both are
// clean absolute paths.
func relPath(dir, target string) string {
	d, t := pathSegments(dir), pathSegments(target)
	i := 0
	for i < len(d) && i < len(t) && d[i] == t[i] {
		i++
	}
	var parts []string
	for range d[i:] {
		parts = append(parts, "..")
	}
	parts = append(parts, t[i:]...)
	if len(parts) == 0 {
		return "."
	}
	return path.Join(parts...)
}

func pathSegments(p string) []string {
	var segs []string
	start := -1
	for i := 0; i <= len(p); i++ {
		if i == len(p) || p[i] == '/' {
			if start >= 0 {
				segs = append(segs, p[start:i])
			}
			start = -1
		} else if start < 0 {
			start = i
		}
	}
	return segs
}

// ReadlinkIfPossible implements [afero.LinkReader].
func (f *FS) ReadlinkIfPossible(name string) (string, error) {
	in, err := f.resolve("readlink", name)
	if err != nil {
		return "", err
	}
	t, err := f.inner.ReadlinkIfPossible(in)
	return t, fixErr(err, "readlink", name)
}

// Link makes newname a hard link to oldname. Both must lie inside the
// workspace.
func (f *FS) Link(oldname, newname string) error {
	oi, ok1 := f.toInner(oldname)
	ni, ok2 := f.toInner(newname)
	if !ok1 || !ok2 {
		return &os.LinkError{Op: "link", Old: oldname, New: newname, Err: ErrOutside}
	}
	return fixLinkErr(f.inner.LinkIfPossible(oi, ni), "link", oldname, newname)
}

// ReadDir reads the directory name in the order the filesystem returns its
// entries (as ls -U does), without sorting.
func (f *FS) ReadDir(name string) ([]fs.DirEntry, error) {
	return f.readDir(name, false, false)
}

// ReadDirStat is [FS.ReadDir] with each entry's Info read at once, where
// the platform can do it cheaply (one fstatat per entry on Linux).
func (f *FS) ReadDirStat(name string) ([]fs.DirEntry, error) {
	return f.readDir(name, true, false)
}

// ReadDirFTS reads the directory in the order gnulib's fts gives, which
// GNU find, du and grep -r walk in: the directory's own order, or inode
// order for a directory of more than 10,000 entries on most file
// systems. withInfo is as for [FS.ReadDirStat].
func (f *FS) ReadDirFTS(name string, withInfo bool) ([]fs.DirEntry, error) {
	return f.readDir(name, withInfo, true)
}

func (f *FS) readDir(name string, withInfo, ftsOrder bool) ([]fs.DirEntry, error) {
	d, err := f.Open(name)
	if err != nil {
		return nil, err
	}
	defer d.Close()
	return f.entries(name, d, withInfo, ftsOrder)
}
