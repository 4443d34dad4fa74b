package builtins

// cp --parents: the source's leading directories are made under the
// target directory, then given the source directories' attributes.

import (
	"fmt"
	"io/fs"
	"strings"

	"github.com/shellfence/shellfence/builtins/internal/modes"
	"github.com/shellfence/shellfence/builtins/internal/quote"
	"github.com/shellfence/shellfence/vfs"
)

// parentAttr is a directory made (or kept) under the target whose
// attributes are fixed once the copy is done.
type parentAttr struct {
	dst, src    string
	info        fs.FileInfo
	mode        uint32
	restoreMode bool
}

// makeParents makes the missing parents of dst, whose source part starts
// at srcOffset. It returns the directories to fix afterwards.
func (p *Proc) makeParents(c *copier, dst string, srcOffset int, src string) ([]*parentAttr, bool) {
	o := c.o
	dirlen := dirLen(dst)
	if dirlen <= srcOffset {
		return nil, true
	}
	if fi, err := p.Stat(dst[:dirlen]); err == nil {
		if !fi.IsDir() {
			p.Errorf("%s exists but is not a directory", quote.ShellAlways(dst[:dirlen]))
			return nil, false
		}
		return nil, true
	}
	var attrs []*parentAttr
	rel := dst[srcOffset:]
	start := srcOffset + len(rel) - len(strings.TrimLeft(rel, "/"))
	for i := start; i < len(dst); i++ {
		if dst[i] != '/' {
			continue
		}
		dir, srcDir := dst[:i], dst[srcOffset:i]
		fi, err := p.Stat(dir)
		missing := err != nil
		if missing || o.preserveOwner || o.preserveMode || o.preserveTimes {
			a, ok := p.parentSource(dir, srcDir)
			if !ok {
				return nil, false
			}
			attrs = append([]*parentAttr{a}, attrs...)
			if missing && !p.makeParent(c, a) {
				return nil, false
			}
		}
		if !missing && !fi.IsDir() {
			p.Errorf("%s exists but is not a directory", quote.ShellAlways(dir))
			return nil, false
		}
		for i+1 < len(dst) && dst[i+1] == '/' {
			i++
		}
	}
	return attrs, true
}

// parentSource reads the attributes of the source directory srcDir.
func (p *Proc) parentSource(dir, srcDir string) (*parentAttr, bool) {
	fi, err := p.Stat(srcDir)
	if err == nil && !fi.IsDir() {
		err = errNotDir
	}
	if err != nil {
		p.Errorf("failed to get attributes of %s: %s", quote.ShellAlways(srcDir), ErrText(err))
		return nil, false
	}
	return &parentAttr{dst: dir, src: srcDir, info: fi, mode: modes.Bits(fi.Mode())}, true
}

// makeParent creates one missing parent directory.
func (p *Proc) makeParent(c *copier, a *parentAttr) bool {
	o := c.o
	var omitted uint32
	switch {
	case o.preserveOwner:
		omitted = a.mode & 0o077
	case o.preserveMode:
		omitted = a.mode & 0o022
	}
	mode := a.mode
	if o.explicitNoPreserveMode {
		mode = modes.RWX
	}
	mode &= modes.All &^ omitted
	if err := p.FS.Mkdir(p.Abs(a.dst), modes.FileMode(mode)&^fs.ModeSetuid&^fs.ModeSetgid&^p.Sys.Umask()); err != nil {
		p.Errorf("cannot make directory %s: %s", quote.ShellAlways(a.dst), ErrText(err))
		return false
	}
	if o.verbose {
		fmt.Fprintf(p.Stdout, "%s -> %s\n", a.src, a.dst)
	}
	fi, err := p.Lstat(a.dst)
	if err != nil {
		p.Errorf("failed to get attributes of %s: %s", quote.ShellAlways(a.dst), ErrText(err))
		return false
	}
	made := modes.Bits(fi.Mode())
	if !o.preserveMode {
		if omitted&^made != 0 {
			omitted &^= uint32(p.Sys.Umask())
		}
		if omitted&^made != 0 || made&0o700 != 0o700 {
			a.mode, a.restoreMode = made|omitted, true
		}
	}
	if made|0o700 != made {
		p.FS.Chmod(p.Abs(a.dst), modes.FileMode(made|0o700))
	}
	return true
}

// reProtect gives the parents made by --parents their final attributes.
func (p *Proc) reProtect(c *copier, attrs []*parentAttr) bool {
	o := c.o
	for _, a := range attrs {
		abs := p.Abs(a.dst)
		if o.preserveTimes {
			if err := p.FS.Chtimes(abs, vfs.MetaOf(a.info).Atime, a.info.ModTime()); err != nil {
				p.Errorf("failed to preserve times for %s: %s", quote.ShellAlways(a.dst), ErrText(err))
				return false
			}
		}
		if o.preserveOwner {
			c.chownLike(abs, a.info)
		}
		switch {
		case o.preserveMode:
			p.FS.Chmod(abs, modes.FileMode(modes.Bits(a.info.Mode())))
		case a.restoreMode:
			if err := p.FS.Chmod(abs, modes.FileMode(a.mode)); err != nil {
				p.Errorf("failed to preserve permissions for %s: %s", quote.ShellAlways(a.dst), ErrText(err))
				return false
			}
		}
	}
	return true
}
