package builtins

// mkdir - make directories
//
//	mkdir [OPTION]... DIRECTORY...
//
// Options: -m MODE (--mode), -p (--parents), -v (--verbose). The mode is
// applied as GNU does (symbolic modes start from a=rwx, the umask 022
// masking changes that name no class); parents made by -p get the default
// mode. -Z and --context[=CTX] do what GNU's do on a kernel without
// SELinux: nothing (with a warning for a CTX).

import (
	"fmt"

	"github.com/shellfence/shellfence/builtins/internal/modes"
	"github.com/shellfence/shellfence/builtins/internal/quote"
)

type mkdirOpts struct {
	parents, verbose bool
	announce         string // the -v verb: "created directory" unless set
	mode, bits       uint32
	hasMode          bool
}

func mkdir(p *Proc) int {
	var o mkdirOpts
	var modeText string
	flags := p.newOpts(1)
	flags.Value('m', "mode", func(_, v string) error { modeText, o.hasMode = v, true; return nil })
	flags.Flag('p', "parents", &o.parents)
	flags.Flag('v', "verbose", &o.verbose)
	flags.Func('Z', "", func() {})
	flags.Add(optionalValue("context", func(_, v string) error {
		if v != "" {
			p.Errorf("warning: ignoring --context; it requires an SELinux/SMACK-enabled kernel")
		}
		return nil
	}))
	addToolInfo(flags, "mkdir")
	dirs, err := flags.Parse(p.Args[1:])
	if err != nil {
		return p.usage(err, 1)
	}
	if len(dirs) == 0 {
		return p.usageErr("missing operand")
	}
	if o.hasMode {
		changes, ok := modes.Compile(modeText)
		if !ok {
			p.Errorf("invalid mode %s", quote.Locale(modeText))
			return 1
		}
		o.mode, o.bits = modes.Adjust(modes.RWX, true, uint32(p.Sys.Umask()), changes)
	}
	status := 0
	for _, d := range dirs {
		if p.Cancelled() {
			return 130
		}
		if !p.mkdirOne(d, &o) {
			status = 1
		}
	}
	return status
}

// mkdirOne makes one directory operand (and its parents with -p).
func (p *Proc) mkdirOne(name string, o *mkdirOpts) bool {
	if o.parents {
		if failed, err := p.mkdirAncestors(name, o); err != nil {
			p.Errorf("cannot create directory %s: %s", quote.Locale(failed), ErrText(err))
			return false
		}
	}
	err := p.mkdirAt(name)
	if err == nil {
		p.announceDir(name, o)
		return p.mkdirFixMode(name, o)
	}
	if o.parents && !isNotExist(err) {
		if fi, serr := p.Stat(name); serr == nil && fi.IsDir() {
			return true
		}
	}
	p.Errorf("cannot create directory %s: %s", quote.Locale(name), ErrText(err))
	return false
}

// mkdirAt makes the directory name with the default mode.
func (p *Proc) mkdirAt(name string) error {
	if name == "" {
		return errNotExist
	}
	switch baseName(name) {
	case ".", "..":
		if p.exists(name) {
			return errExist
		}
	}
	if _, err := p.Lstat(name); err == nil {
		return errExist
	}
	return p.FS.Mkdir(p.Abs(name), 0o777&^p.Sys.Umask())
}

func (p *Proc) announceDir(name string, o *mkdirOpts) {
	if o.verbose {
		verb := o.announce
		if verb == "" {
			verb = "created directory"
		}
		fmt.Fprintf(p.Stdout, "%s: %s %s\n", p.Name(), verb, quote.ShellAlways(name))
	}
}

// mkdirAncestors makes the missing parents of name as gnulib's mkancesdir
// does, and returns the prefix that failed.
func (p *Proc) mkdirAncestors(name string, o *mkdirOpts) (string, error) {
	sep := -1
	component := 0
	for i := 0; i < len(name); i++ {
		c := name[i]
		nextSlash := i+1 < len(name) && name[i+1] == '/'
		switch {
		case nextSlash:
			if c != '/' {
				sep = i + 1
			}
		case c == '/' && i+1 < len(name) && sep >= 0:
			if comp := name[component:sep]; comp != "." {
				if err := p.mkdirAncestor(name[:sep], comp, o); err != nil {
					return name[:sep], err
				}
			}
			component = i + 1
		}
	}
	return "", nil
}

// mkdirAncestor makes one parent prefix and checks that it is a directory
// to go into.
func (p *Proc) mkdirAncestor(prefix, comp string, o *mkdirOpts) error {
	var mkErr error
	if comp != ".." {
		if mkErr = p.mkdirAt(prefix); mkErr == nil {
			p.announceDir(prefix, o)
		}
	}
	fi, err := p.Stat(prefix)
	switch {
	case err == nil && fi.IsDir():
		return nil
	case err == nil:
		return errNotDir
	case isNotExist(err) && mkErr != nil:
		return mkErr
	}
	return err
}

// mkdirFixMode gives a directory just made the mode -m asked for, the way
// GNU's mkdir leaves it.
func (p *Proc) mkdirFixMode(name string, o *mkdirOpts) bool {
	if !o.hasMode {
		return true
	}
	keepSpecial := (o.bits&(modes.Setuid|modes.Setgid))|(o.mode&modes.Sticky) == 0
	made := o.mode
	if !keepSpecial {
		made &^= 0o022
	}
	made &= modes.Sticky | modes.RWX
	if keepSpecial && o.mode&o.bits&modes.RWX == 0 {
		return p.chmodMade(name, made)
	}
	if (made^o.mode)&o.bits != 0 {
		made = o.mode | made&modes.All&^o.bits
	}
	return p.chmodMade(name, made)
}

func (p *Proc) chmodMade(name string, mode uint32) bool {
	if err := p.FS.Chmod(p.Abs(name), modes.FileMode(mode)); err != nil {
		p.Errorf("cannot change permissions of %s: %s", quote.Locale(name), ErrText(err))
		return false
	}
	return true
}
