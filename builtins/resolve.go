package builtins

// Canonical file names for realpath, readlink -f/-e/-m, pwd -P and ln -r:
// gnulib's canonicalize_filename_mode, resolving symlinks one component at
// a time through the workspace. The directories above the workspace root
// count as plain directories; any other path outside the workspace fails
// with "outside the workspace", whatever the mode.

import (
	"io/fs"
	"path"
	"strings"
	"syscall"
	"time"
)

type canonMode int

const (
	canExisting   canonMode = iota // every component must exist (-e)
	canAllButLast                  // all but the last must exist (-f)
	canMissing                     // nothing needs to exist (-m)
)

// maxSymlinks is how many symlinks a resolution follows before deciding
// it is in a loop (gnulib's eloop threshold).
const maxSymlinks = 40

// canonicalize returns the canonical absolute visible name of name. With
// logical set, symlinks are not resolved and ".." is taken lexically.
func (p *Proc) canonicalize(name string, mode canonMode, logical bool) (string, error) {
	if name == "" {
		return "", syscall.ENOENT
	}
	rest := name
	if !path.IsAbs(name) {
		rest = p.Dir + "/" + name
	}
	rname := "/"
	links := 0
	for rest != "" {
		var comp string
		rest = strings.TrimLeft(rest, "/")
		comp, rest = cutComponent(rest)
		switch comp {
		case ".":
			continue
		case "..":
			rname = path.Dir(rname)
			continue
		case "":
			if mode != canMissing {
				if err := p.canonDirCheck(rname); err != nil {
					return "", err
				}
			}
			continue
		}
		next := path.Join(rname, comp)
		fi, err := p.canonLstat(next)
		if err == nil && fi.Mode()&fs.ModeSymlink != 0 && !logical {
			if links++; links > maxSymlinks {
				if mode == canMissing {
					rname = next
					continue
				}
				return "", syscall.ELOOP
			}
			target, err := p.Readlink(next)
			if err != nil {
				return "", err
			}
			rest = target + rest
			if path.IsAbs(target) {
				rname = "/"
			}
			continue
		}
		if err != nil && !canonTolerates(err, mode, rest) {
			return "", err
		}
		rname = next
	}
	return rname, nil
}

// cutComponent splits s (no leading slash) at its first slash; rest keeps
// the slash so that a trailing one is seen.
func cutComponent(s string) (string, string) {
	i := strings.IndexByte(s, '/')
	if i < 0 {
		return s, ""
	}
	if strings.Trim(s[i:], "/") == "" {
		return s[:i], "/"
	}
	return s[:i], s[i:]
}

// canonTolerates reports whether a missing component is allowed.
func canonTolerates(err error, mode canonMode, rest string) bool {
	switch {
	case isOutside(err):
		return false
	case mode == canMissing:
		return true
	case mode == canAllButLast:
		return errnoOf(err) == syscall.ENOENT && strings.Trim(rest, "/") == ""
	}
	return false
}

// canonDirCheck checks that rname, followed by a slash, is a directory.
func (p *Proc) canonDirCheck(rname string) error {
	if p.aboveRoot(rname) {
		return nil
	}
	fi, err := p.Stat(rname)
	if err != nil {
		return err
	}
	if !fi.IsDir() {
		return syscall.ENOTDIR
	}
	return nil
}

// canonLstat is Lstat, except that the workspace root and the directories
// above it are plain directories.
func (p *Proc) canonLstat(name string) (fs.FileInfo, error) {
	if p.aboveRoot(name) || isDevDir(name) {
		return dirInfo(path.Base(name)), nil
	}
	return p.Lstat(name)
}

// aboveRoot reports whether name is the workspace root or one of its
// ancestors.
func (p *Proc) aboveRoot(name string) bool {
	root := p.FS.Root()
	return name == "/" || name == root || strings.HasPrefix(root, name+"/")
}

// dirInfo describes a directory known only by name.
type dirInfo string

func (d dirInfo) Name() string       { return string(d) }
func (d dirInfo) Size() int64        { return 0 }
func (d dirInfo) Mode() fs.FileMode  { return fs.ModeDir | 0o755 }
func (d dirInfo) ModTime() time.Time { return time.Time{} }
func (d dirInfo) IsDir() bool        { return true }
func (d dirInfo) Sys() any           { return nil }

// PhysicalPath returns name with every symlink resolved (all of it must
// exist), as pwd -P and cd -P need it.
func PhysicalPath(p *Proc, name string) (string, error) {
	return p.canonicalize(name, canExisting, false)
}
