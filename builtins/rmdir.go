package builtins

// rmdir - remove empty directories
//
//	rmdir [OPTION]... DIRECTORY...
//
// Options: -p (--parents), -v (--verbose), --ignore-fail-on-non-empty.

import (
	"fmt"
	"strings"

	"github.com/shellfence/shellfence/builtins/internal/quote"
)

type rmdirOpts struct {
	parents, verbose, ignoreNonEmpty bool
}

func rmdir(p *Proc) int {
	var o rmdirOpts
	flags := p.newOpts(1)
	flags.Flag('p', "parents", &o.parents)
	flags.Flag('v', "verbose", &o.verbose)
	flags.Flag(0, "ignore-fail-on-non-empty", &o.ignoreNonEmpty)
	addToolInfo(flags, "rmdir")
	dirs, err := flags.Parse(p.Args[1:])
	if err != nil {
		return p.usage(err, 1)
	}
	if len(dirs) == 0 {
		return p.usageErr("missing operand")
	}
	status := 0
	for _, d := range dirs {
		if !p.rmdirOne(d, &o) {
			status = 1
		}
	}
	return status
}

func (p *Proc) rmdirOne(name string, o *rmdirOpts) bool {
	o.announce(p, name)
	if err := p.removeDir(name); err != nil {
		if o.ignorable(err) {
			return true
		}
		if errnoOf(err) == errNotDir && strings.HasSuffix(name, "/") && p.isDirName(name) {
			p.Errorf("failed to remove %s: Symbolic link not followed", quote.ShellAlways(name))
		} else {
			p.Errorf("failed to remove %s: %s", quote.ShellAlways(name), ErrText(err))
		}
		return false
	}
	if o.parents {
		return p.rmdirParents(name, o)
	}
	return true
}

func (o *rmdirOpts) announce(p *Proc, name string) {
	if o.verbose {
		fmt.Fprintf(p.Stdout, "%s: removing directory, %s\n", p.Name(), quote.ShellAlways(name))
	}
}

func (o *rmdirOpts) ignorable(err error) bool {
	e := errnoOf(err)
	return o.ignoreNonEmpty && (e == errNotEmpty || e == errExist)
}

// rmdirParents removes the parents named in name, from the deepest.
func (p *Proc) rmdirParents(name string, o *rmdirOpts) bool {
	dir := stripTrailingSlashes(name)
	for {
		slash := strings.LastIndexByte(dir, '/')
		if slash < 0 {
			return true
		}
		for slash > 0 && dir[slash] == '/' {
			slash--
		}
		dir = dir[:slash+1]
		o.announce(p, dir)
		if err := p.removeDir(dir); err != nil {
			if o.ignorable(err) {
				return true
			}
			msg := "failed to remove directory %s: %s"
			if errnoOf(err) == errNotDir {
				msg = "failed to remove %s: %s"
			}
			p.Errorf(msg, quote.ShellAlways(dir), ErrText(err))
			return false
		}
	}
}

// removeDir removes the empty directory name as rmdir(2) would, with its
// errors: "." is invalid, ".." is never empty, and a symlink or file is
// not a directory.
func (p *Proc) removeDir(name string) error {
	switch lastComponent(stripTrailingSlashes(name)) {
	case ".":
		return errInval
	case "..":
		return errNotEmpty
	}
	fi, err := p.Lstat(name)
	if err != nil {
		return err
	}
	if !fi.IsDir() {
		return errNotDir
	}
	if p.cleanAbs(name) == p.FS.Root() {
		return errBusy
	}
	return p.FS.Remove(p.Abs(name))
}
