package builtins

// rm - remove files or directories
//
//	rm [OPTION]... [FILE]...
//
// Options: -f (--force), -i, -I, --interactive[=WHEN], -d (--dir),
// -r, -R (--recursive), -v (--verbose), --one-file-system,
// --preserve-root[=all], --no-preserve-root. Standard input is never a
// terminal here, so rm asks only with -i or -I, reading the answers from
// standard input as GNU does. Differences: the workspace root itself is
// never removed ("refusing to remove the workspace root").

import (
	"fmt"
	"io/fs"
	"strings"

	"github.com/shellfence/shellfence/builtins/internal/quote"
	"github.com/shellfence/shellfence/vfs"
)

const (
	rmNever = iota
	rmSometimes
	rmAlways
)

type rmOpts struct {
	force, recursive, dirs, verbose, oneFS, once bool
	interactive                                  int
	preserveRoot                                 bool
}

// rmStatus is the outcome of one removal, as GNU's RM_status.
type rmStatus int

const (
	rmOK rmStatus = iota
	rmDeclined
	rmError
)

func rm(p *Proc) int {
	o := rmOpts{interactive: rmSometimes, preserveRoot: true}
	flags := p.newOpts(1)
	flags.Func('f', "force", func() { o.force, o.interactive, o.once = true, rmNever, false })
	flags.Func('i', "", func() { o.interactive, o.once = rmAlways, false })
	flags.Func('I', "", func() { o.interactive, o.once = rmSometimes, true })
	flags.Add(optionalValue("interactive", func(name, v string) error { return o.interactiveWhen(p, name, v) }))
	flags.Flag('d', "dir", &o.dirs)
	flags.Flag('r', "recursive", &o.recursive)
	flags.Alias('R', 'r')
	flags.Flag('v', "verbose", &o.verbose)
	flags.Flag(0, "one-file-system", &o.oneFS)
	flags.Func(0, "no-preserve-root", func() { o.preserveRoot = false })
	flags.Add(optionalValue("preserve-root", func(_, v string) error {
		if v != "" && v != "all" {
			return fmt.Errorf("unrecognized --preserve-root argument: %s", quote.ShellAlways(v))
		}
		o.preserveRoot = true
		return nil
	}))
	addToolInfo(flags, "rm")
	files, err := flags.Parse(p.Args[1:])
	if err != nil {
		return p.usage(err, 1)
	}
	if len(files) == 0 {
		if o.force {
			return 0
		}
		return p.usageErr("missing operand")
	}
	if o.once && (o.recursive || len(files) > 3) && !p.askCount(len(files), o.recursive) {
		return 0
	}
	status := rmOK
	for _, f := range files {
		if p.Cancelled() {
			return 130
		}
		status = max(status, p.rmTop(f, &o))
	}
	if status == rmError {
		return 1
	}
	return 0
}

func (o *rmOpts) interactiveWhen(p *Proc, name, v string) error {
	if v == "" {
		o.interactive, o.once = rmAlways, false
		return nil
	}
	i, err := p.argMatch(v, name, [][]string{{"never", "no", "none"}, {"once"}, {"always", "yes"}})
	switch i {
	case 0:
		o.interactive, o.once = rmNever, false
	case 1:
		o.interactive, o.once = rmSometimes, true
	case 2:
		o.interactive, o.once = rmAlways, false
	}
	return err
}

func (p *Proc) askCount(n int, recursive bool) bool {
	s := "s"
	if n == 1 {
		s = ""
	}
	if recursive {
		return p.ask("remove %d argument%s recursively? ", n, s)
	}
	return p.ask("remove %d argument%s? ", n, s)
}

// rmTop removes one command-line operand.
func (p *Proc) rmTop(name string, o *rmOpts) rmStatus {
	shown := ftsRoot(name)
	var marked bool
	if o.recursive {
		switch {
		case isDotOrDotDot(lastComponent(name)):
			p.Errorf("refusing to remove %s or %s directory: skipping %s",
				quote.ShellAlways("."), quote.ShellAlways(".."), quote.ShellAlways(shown))
			return rmError
		case o.preserveRoot && name != "" && p.cleanAbs(name) == "/":
			p.Errorf("it is dangerous to operate recursively on %s", quote.ShellAlways(shown))
			p.Errorf("use --no-preserve-root to override this failsafe")
			return rmError
		}
	}
	fi, err := p.lstatName(name)
	if err != nil || !fi.IsDir() {
		return p.rmLeaf(shown, name, fi, err, o, &marked)
	}
	if !o.recursive && !(o.dirs && p.isEmptyDir(name)) {
		return p.rmRefuseDir(shown, o)
	}
	if p.cleanAbs(name) == p.FS.Root() {
		p.Errorf("refusing to remove the workspace root: skipping %s", quote.ShellAlways(shown))
		return rmError
	}
	dev := vfs.MetaOf(fi).Dev
	return p.rmDir(shown, name, fi, dev, o, &marked)
}

func (p *Proc) rmRefuseDir(shown string, o *rmOpts) rmStatus {
	cause := "Is a directory"
	if o.dirs {
		cause = "Directory not empty"
	}
	p.Errorf("cannot remove %s: %s", quote.ShellAlways(shown), cause)
	return rmError
}

// rmLeaf removes something that is not a directory to descend into.
// A failure marks the parent, whose removal is then not attempted.
func (p *Proc) rmLeaf(shown, name string, fi fs.FileInfo, err error, o *rmOpts, marked *bool) rmStatus {
	if err != nil {
		if o.force && rmIgnorable(err) {
			return rmOK
		}
		p.Errorf("cannot remove %s: %s", quote.ShellAlways(shown), ErrText(err))
		*marked = true
		return rmError
	}
	if s := p.rmPrompt(shown, fi, false, o); s != rmOK {
		return s
	}
	return p.rmExcise(shown, name, false, o, marked)
}

// rmIgnorable reports whether -f hides err.
func rmIgnorable(err error) bool {
	e := errnoOf(err)
	return e == errNotExist || e == errNotDir
}

// rmDir removes a directory and what it holds, depth first. Declining to
// descend, or failing to remove something inside, marks the parent.
func (p *Proc) rmDir(shown, name string, fi fs.FileInfo, dev uint64, o *rmOpts, marked *bool) rmStatus {
	empty := p.isEmptyDir(name)
	if o.interactive == rmAlways {
		q := "descend into directory %s? "
		if empty {
			q = "remove directory %s? "
		}
		if !p.ask(q, quote.ShellAlways(shown)) {
			*marked = true
			return rmDeclined
		}
	}
	if empty {
		return p.rmExcise(shown, name, true, o, marked)
	}
	if o.oneFS && vfs.MetaOf(fi).Dev != dev {
		p.Errorf("skipping %s, since it's on a different device", quote.ShellAlways(shown))
		*marked = true
		return rmError
	}
	worst, childMarked := p.rmChildren(shown, name, dev, o)
	if childMarked {
		*marked = true
		return worst
	}
	if o.interactive == rmAlways && !p.ask("remove directory %s? ", quote.ShellAlways(shown)) {
		return rmDeclined
	}
	return max(worst, p.rmExcise(shown, name, true, o, marked))
}

// rmChildren removes the entries of a directory and returns the worst
// outcome and whether any of them marked it.
func (p *Proc) rmChildren(shown, name string, dev uint64, o *rmOpts) (rmStatus, bool) {
	ents, err := p.ReadDir(name)
	if err != nil {
		p.Errorf("cannot remove %s: %s", quote.ShellAlways(shown), ErrText(err))
		return rmError, true
	}
	worst, marked := rmOK, false
	for _, e := range ents {
		if p.Cancelled() {
			return rmError, true
		}
		cshown, cname := ftsJoin(shown, e.Name()), ftsJoin(name, e.Name())
		fi, err := p.Lstat(cname)
		var s rmStatus
		if err == nil && fi.IsDir() {
			s = p.rmDir(cshown, cname, fi, dev, o, &marked)
		} else {
			s = p.rmLeaf(cshown, cname, fi, err, o, &marked)
		}
		worst = max(worst, s)
	}
	return worst, marked
}

// rmPrompt asks about a file before removing it, with -i.
func (p *Proc) rmPrompt(shown string, fi fs.FileInfo, dir bool, o *rmOpts) rmStatus {
	if o.interactive != rmAlways {
		return rmOK
	}
	if !p.ask("remove %s %s? ", fileType(fi), quote.ShellAlways(shown)) {
		return rmDeclined
	}
	return rmOK
}

// rmExcise removes one file or empty directory.
func (p *Proc) rmExcise(shown, name string, dir bool, o *rmOpts, marked *bool) rmStatus {
	var err error
	if dir {
		err = p.removeDir(name)
	} else {
		err = p.FS.Remove(p.Abs(name))
	}
	if err != nil {
		if o.force && rmIgnorable(err) {
			return rmOK
		}
		p.Errorf("cannot remove %s: %s", quote.ShellAlways(shown), ErrText(err))
		*marked = true
		return rmError
	}
	if o.verbose {
		if dir {
			fmt.Fprintf(p.Stdout, "removed directory %s\n", quote.ShellAlways(shown))
		} else {
			fmt.Fprintf(p.Stdout, "removed %s\n", quote.ShellAlways(shown))
		}
	}
	return rmOK
}

// isEmptyDir reports whether name is a directory with no entries.
func (p *Proc) isEmptyDir(name string) bool {
	ents, err := p.ReadDir(name)
	return err == nil && len(ents) == 0
}

func isDotOrDotDot(s string) bool {
	s = strings.TrimRight(s, "/")
	return s == "." || s == ".."
}
