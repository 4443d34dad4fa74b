package builtins

// chmod - change file mode bits
//
//	chmod [OPTION]... MODE[,MODE]... FILE...
//	chmod [OPTION]... OCTAL-MODE FILE...
//	chmod [OPTION]... --reference=RFILE FILE...
//
// Options: -c (--changes), -f (--silent, --quiet), -v (--verbose),
// -R (--recursive), --reference=RFILE, --preserve-root,
// --no-preserve-root. Modes are GNU's: symbolic (u+x, go-w, a=r,u+w, +X,
// o=u) and octal; changes that name no user class are masked by the umask
// (022), and mode options such as -w or -rx work as in GNU. Symlinks met
// during -R are not followed; symlinks named on the command line are.

import (
	"fmt"
	"io/fs"
	"strings"

	"github.com/shellfence/shellfence/builtins/internal/modes"
	"github.com/shellfence/shellfence/builtins/internal/quote"
)

type chmodOpts struct {
	changes, verbose, silent, recursive bool
	reference                           string
	surprises                           bool
	mode                                []modes.Change
}

func chmod(p *Proc) int {
	var o chmodOpts
	args, dashModes := chmodModeArgs(p.Args[1:])
	flags := p.newOpts(1)
	// -c and -v set one verbosity: the last one given wins.
	flags.Func('c', "changes", func() { o.changes, o.verbose = true, false })
	flags.Flag('f', "silent", &o.silent)
	flags.Flag('f', "quiet", &o.silent)
	flags.Func('v', "verbose", func() { o.changes, o.verbose = false, true })
	flags.Flag('R', "recursive", &o.recursive)
	flags.String(0, "reference", &o.reference)
	flags.Func(0, "preserve-root", func() {})
	flags.Func(0, "no-preserve-root", func() {})
	addToolInfo(flags, "chmod")
	operands, err := flags.Parse(args)
	if err != nil {
		return p.usage(err, 1)
	}
	modeText := strings.Join(dashModes, ",")
	o.surprises = modeText != ""
	if modeText == "" && o.reference == "" {
		if len(operands) == 0 {
			return p.usageErr("missing operand")
		}
		modeText, operands = operands[0], operands[1:]
	}
	if len(operands) == 0 {
		if modeText != "" && o.reference == "" {
			return p.usageErr("missing operand after %s", quote.Locale(modeText))
		}
		return p.usageErr("missing operand")
	}
	if code := o.compile(p, modeText); code != 0 {
		return code
	}
	status := 0
	for _, name := range operands {
		if !p.chmodOne(ftsRoot(name), &o, true) { // GNU's walk is fts's, -R or not
			status = 1
		}
	}
	return status
}

// chmodModeArgs takes mode options such as -w or -rx out of args: GNU
// chmod reads them as modes, not options.
func chmodModeArgs(args []string) (rest, modes []string) {
	for i, a := range args {
		if a == "--" {
			return append(rest, args[i:]...), modes
		}
		if len(a) > 1 && a[0] == '-' && strings.IndexByte("rwxXstugoa,+=01234567", a[1]) >= 0 {
			modes = append(modes, a)
			continue
		}
		rest = append(rest, a)
	}
	return rest, modes
}

// compile sets o.mode from the mode text or the reference file.
func (o *chmodOpts) compile(p *Proc, text string) int {
	if o.reference != "" {
		fi, err := p.Stat(o.reference)
		if err != nil {
			p.Errorf("failed to get attributes of %s: %s", quote.ShellAlways(o.reference), ErrText(err))
			return 1
		}
		o.mode = modes.FromRef(fi.Mode())
		return 0
	}
	m, ok := modes.Compile(text)
	if !ok {
		return p.usageErr("invalid mode: %s", quote.Locale(text))
	}
	o.mode = m
	return 0
}

// chmodOne changes name and, with -R, what lies below it.
func (p *Proc) chmodOne(name string, o *chmodOpts, top bool) bool {
	if p.Cancelled() {
		return false
	}
	fi, err := p.lstatName(name)
	if err == nil && fi.Mode()&fs.ModeSymlink != 0 {
		if !top {
			if o.verbose {
				fmt.Fprintf(p.Stdout, "neither symbolic link %s nor referent has been changed\n", quote.ShellAlways(name))
			}
			return true
		}
		fi, err = p.Stat(name)
		if err != nil && isNotExist(err) {
			if !o.silent {
				p.Errorf("cannot operate on dangling symlink %s", quote.ShellAlways(name))
			}
			return o.accessFailed(p, name)
		}
	}
	if err != nil {
		if !o.silent {
			p.Errorf("cannot access %s: %s", quote.ShellAlways(name), ErrText(err))
		}
		return o.accessFailed(p, name)
	}
	ok := p.chmodApply(name, fi, o)
	if o.recursive && fi.IsDir() {
		ok = p.chmodTree(name, o) && ok
	}
	return ok
}

// accessFailed reports, with -v, a file that could not be examined.
func (o *chmodOpts) accessFailed(p *Proc, name string) bool {
	if o.verbose {
		fmt.Fprintf(p.Stdout, "%s could not be accessed\n", quote.ShellAlways(name))
	}
	return false
}

// chmodApply changes one file's mode and describes it.
func (p *Proc) chmodApply(name string, fi fs.FileInfo, o *chmodOpts) bool {
	old := modes.Bits(fi.Mode())
	mode, _ := modes.Adjust(old, fi.IsDir(), uint32(p.Sys.Umask()), o.mode)
	err := p.FS.Chmod(p.Abs(name), modes.FileMode(mode))
	if err != nil && !o.silent {
		p.Errorf("changing permissions of %s: %s", quote.ShellAlways(name), ErrText(err))
	}
	changed := err == nil && old != mode
	if o.verbose || o.changes && changed {
		describeModeChange(p, name, fi.Mode(), old, mode, err == nil, changed)
	}
	if err != nil {
		return false
	}
	if o.surprises {
		naive, _ := modes.Adjust(old, fi.IsDir(), 0, o.mode)
		if mode&^naive != 0 {
			t := fi.Mode().Type()
			p.Errorf("%s: new permissions are %s, not %s", quote.Shell(name),
				modeString(t | modes.FileMode(mode))[1:], modeString(t | modes.FileMode(naive))[1:])
			return false
		}
	}
	return true
}

func describeModeChange(p *Proc, name string, m fs.FileMode, old, mode uint32, ok, changed bool) {
	t := m.Type()
	oldS, newS := modeString(t | modes.FileMode(old))[1:], modeString(t | modes.FileMode(mode))[1:]
	q := quote.ShellAlways(name)
	switch {
	case !ok:
		fmt.Fprintf(p.Stdout, "failed to change mode of %s from %04o (%s) to %04o (%s)\n", q, old, oldS, mode, newS)
	case !changed:
		fmt.Fprintf(p.Stdout, "mode of %s retained as %04o (%s)\n", q, mode, newS)
	default:
		fmt.Fprintf(p.Stdout, "mode of %s changed from %04o (%s) to %04o (%s)\n", q, old, oldS, mode, newS)
	}
}

// chmodTree changes the entries of directory name, recursively.
func (p *Proc) chmodTree(name string, o *chmodOpts) bool {
	ents, err := p.ReadDir(name)
	if err != nil {
		if !o.silent {
			p.Errorf("cannot read directory %s: %s", quote.ShellAlways(name), ErrText(err))
		}
		return false
	}
	ok := true
	for _, e := range ents {
		if !p.chmodOne(ftsJoin(name, e.Name()), o, false) {
			ok = false
		}
	}
	return ok
}
