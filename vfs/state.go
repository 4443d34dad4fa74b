package vfs

import (
	"crypto/sha256"
	"errors"
	"io"
	"io/fs"
	"os"
	"syscall"
	"time"
)

// HashLimit is the size up to which a file's state records the hash of
// its content. A bigger file is known by its size and modification time
// only: rewriting it counts as a change even when its bytes come back.
const HashLimit = 64 << 20

// State is what a name is at one moment, enough to tell whether it
// changed: whether it exists, its type and permissions, its size and,
// for a regular file, the SHA-256 of its content (up to [HashLimit]) or
// its modification time, for a symlink its target.
type State struct {
	Exists  bool
	Mode    fs.FileMode // type and permission bits
	Size    int64
	Hash    [sha256.Size]byte // regular files up to HashLimit
	Hashed  bool
	ModTime time.Time // regular files over HashLimit
	Target  string    // symlinks
}

// IsDir reports whether the state is an existing directory.
func (s State) IsDir() bool { return s.Exists && s.Mode.IsDir() }

// Same reports whether s and t are the same content: type, permissions,
// bytes (or, past HashLimit, size and modification time), symlink target.
func (s State) Same(t State) bool {
	switch {
	case s.Exists != t.Exists:
		return false
	case !s.Exists:
		return true
	case s.Mode != t.Mode || s.Size != t.Size || s.Target != t.Target:
		return false
	case s.Mode.IsDir():
		return true
	case s.Hashed && t.Hashed:
		return s.Hash == t.Hash
	}
	return s.Hashed == t.Hashed && s.ModTime.Equal(t.ModTime)
}

// StateOf reads the state of the inner name n of l, without following a
// final symlink. A name that does not exist (or whose parent is not a
// directory) is a State that does not exist; other errors are returned.
func StateOf(l Layer, n string) (State, error) {
	fi, _, err := l.LstatIfPossible(n)
	if errors.Is(err, fs.ErrNotExist) || isNotDir(err) {
		return State{}, nil
	}
	if err != nil {
		return State{}, err
	}
	return stateFrom(l, n, fi)
}

// stateFrom completes the state of n, whose lstat is fi.
func stateFrom(l Layer, n string, fi fs.FileInfo) (State, error) {
	m := fi.Mode()
	s := State{Exists: true, Mode: m.Type() | m.Perm() | m&(os.ModeSetuid|os.ModeSetgid|os.ModeSticky), Size: fi.Size()}
	switch {
	case fi.Mode()&fs.ModeSymlink != 0:
		t, err := l.ReadlinkIfPossible(n)
		if err != nil {
			return State{}, err
		}
		s.Target = t
	case fi.IsDir():
		s.Size = 0
	case fi.Mode().IsRegular() && fi.Size() <= HashLimit:
		h, err := hashFile(l, n)
		if err != nil {
			return State{}, err
		}
		s.Hash, s.Hashed = h, true
	default:
		s.ModTime = fi.ModTime()
	}
	return s, nil
}

// hashFile is the SHA-256 of the content of n.
func hashFile(l Layer, n string) ([sha256.Size]byte, error) {
	var sum [sha256.Size]byte
	f, err := l.Open(n)
	if err != nil {
		return sum, err
	}
	defer f.Close()
	h := sha256.New()
	if _, err := io.Copy(h, RawFile(f)); err != nil {
		return sum, err
	}
	copy(sum[:], h.Sum(nil))
	return sum, nil
}

// isNotDir reports a path whose parent is not a directory (ENOTDIR).
func isNotDir(err error) bool { return errors.Is(err, syscall.ENOTDIR) }
