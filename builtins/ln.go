package builtins

// ln - make links between files
//
//	ln [OPTION]... [-T] TARGET LINK_NAME
//	ln [OPTION]... TARGET
//	ln [OPTION]... TARGET... DIRECTORY
//	ln [OPTION]... -t DIRECTORY TARGET...
//
// Options: -s (--symbolic), -f (--force), -i (--interactive),
// -n (--no-dereference), -T (--no-target-directory),
// -t DIR (--target-directory), -r (--relative), -v (--verbose),
// -b, --backup[=CONTROL], -S SUFFIX (--suffix), -L (--logical),
// -P (--physical). Differences: a symbolic link must point inside the
// workspace ("outside the workspace" otherwise), and an absolute target
// inside it is stored relative to the link's directory. -d/-F (hard links
// to directories) are not supported.

import (
	"fmt"
	"io/fs"
	"path"
	"strings"

	"github.com/shellfence/shellfence/builtins/internal/quote"
)

type lnOpts struct {
	symbolic, force, interactive, noDeref, noTarget bool
	relative, verbose, logical                      bool
	targetDir                                       string
	backup                                          backupOpts
}

func ln(p *Proc) int {
	var o lnOpts
	flags := p.newOpts(1)
	flags.Flag('s', "symbolic", &o.symbolic)
	flags.Func('f', "force", func() { o.force, o.interactive = true, false })
	flags.Func('i', "interactive", func() { o.interactive, o.force = true, false })
	flags.Flag('n', "no-dereference", &o.noDeref)
	flags.Flag('T', "no-target-directory", &o.noTarget)
	flags.String('t', "target-directory", &o.targetDir)
	flags.Flag('r', "relative", &o.relative)
	flags.Flag('v', "verbose", &o.verbose)
	flags.Func('L', "logical", func() { o.logical = true })
	flags.Func('P', "physical", func() { o.logical = false })
	o.backup.add(flags)
	flags.Unsupported("dF", "directory")
	addToolInfo(flags, "ln")
	operands, err := flags.Parse(p.Args[1:])
	if err != nil {
		return p.usage(err, 1)
	}
	if o.relative && !o.symbolic && len(operands) > 0 {
		p.Errorf("cannot do --relative without --symbolic")
		return 1
	}
	if err := o.backup.resolve(p); err != nil {
		return p.usage(err, 1)
	}
	plan, code := p.lnTargets(operands, &o)
	if plan == nil {
		return code
	}
	status := 0
	for _, src := range plan.sources {
		if !p.lnOne(src, plan.destFor(src), &o) {
			status = 1
		}
	}
	return status
}

// lnTargets applies ln's operand rules.
func (p *Proc) lnTargets(operands []string, o *lnOpts) (*targetPlan, int) {
	n := len(operands)
	switch {
	case o.targetDir != "" && o.noTarget:
		p.Errorf("cannot combine --target-directory and --no-target-directory")
		return nil, 1
	case n == 0:
		return nil, p.usageErr("missing file operand")
	case o.noTarget && n == 1:
		return nil, p.usageErr("missing destination file operand after %s", quote.ShellAlways(operands[0]))
	case o.noTarget && n > 2:
		return nil, p.usageErr("extra operand %s", quote.ShellAlways(operands[2]))
	case o.noTarget:
		return &targetPlan{sources: operands[:1], dest: operands[1]}, 0
	case o.targetDir != "":
		fi, err := p.Stat(o.targetDir)
		if err != nil {
			p.Errorf("failed to access %s: %s", quote.ShellAlways(o.targetDir), ErrText(err))
			return nil, 1
		}
		if !fi.IsDir() {
			p.Errorf("target %s is not a directory", quote.ShellAlways(o.targetDir))
			return nil, 1
		}
		return &targetPlan{sources: operands, dir: o.targetDir}, 0
	case n == 1:
		return &targetPlan{sources: operands, dir: "."}, 0
	}
	last := operands[n-1]
	if p.lnIsDir(last, o) {
		return &targetPlan{sources: operands[:n-1], dir: last}, 0
	}
	if n > 2 {
		_, err := p.Stat(last)
		if err == nil {
			err = errNotDir
		}
		p.Errorf("target %s: %s", quote.ShellAlways(last), ErrText(err))
		return nil, 1
	}
	return &targetPlan{sources: operands[:1], dest: last}, 0
}

// lnIsDir reports whether the last operand is a directory to link into;
// with -n a symlink to a directory is not.
func (p *Proc) lnIsDir(name string, o *lnOpts) bool {
	if o.noDeref {
		if fi, err := p.Lstat(name); err != nil || isSymlink(fi) {
			return false
		}
	}
	return p.isDirName(name)
}

// lnOne makes the link dest to src.
func (p *Proc) lnOne(src, dest string, o *lnOpts) bool {
	if !o.symbolic {
		fi, err := p.lnSourceStat(src, o)
		if err != nil {
			p.Errorf("failed to access %s: %s", quote.ShellAlways(src), ErrText(err))
			return false
		}
		if fi.IsDir() {
			p.Errorf("%s: hard link not allowed for directory", quote.Shell(src))
			return false
		}
	}
	target := src
	if o.relative && o.symbolic {
		target = p.relativeTarget(src, dest)
	}
	replace, ok := p.lnReplace(src, dest, o)
	if !ok {
		return false
	}
	if replace == lnDeclined {
		return true
	}
	bname, err := o.backup.backup(p, dest)
	if err != nil {
		p.Errorf("cannot backup %s: %s", quote.ShellAlways(dest), ErrText(err))
		return false
	}
	if err := p.lnMake(target, dest, replace == lnReplace && bname == "", o); err != nil {
		p.lnFailed(target, dest, err, o)
		if bname != "" {
			p.FS.Rename(p.Abs(bname), p.Abs(dest))
		}
		return false
	}
	if o.verbose {
		arrow := "=>"
		if o.symbolic {
			arrow = "->"
		}
		if bname != "" {
			fmt.Fprintf(p.Stdout, "%s ~ ", quote.ShellAlways(bname))
		}
		fmt.Fprintf(p.Stdout, "%s %s %s\n", quote.ShellAlways(dest), arrow, quote.ShellAlways(target))
	}
	return true
}

func (p *Proc) lnSourceStat(src string, o *lnOpts) (fs.FileInfo, error) {
	if o.logical {
		return p.Stat(src)
	}
	return p.Lstat(src)
}

const (
	lnCreate = iota
	lnReplace
	lnDeclined
)

// lnReplace decides what to do about an existing destination: replace it
// (-f, -i, backups), or leave the link creation to fail.
func (p *Proc) lnReplace(src, dest string, o *lnOpts) (int, bool) {
	if !o.force && !o.interactive && o.backup.kind == noBackups {
		return lnCreate, true
	}
	fi, err := p.Lstat(dest)
	switch {
	case err != nil && isNotExist(err):
		return lnCreate, true
	case err != nil:
		p.Errorf("failed to access %s: %s", quote.ShellAlways(dest), ErrText(err))
		return 0, false
	case fi.IsDir():
		p.Errorf("%s: cannot overwrite directory", quote.Shell(dest))
		return 0, false
	case p.sameName(src, dest):
		p.Errorf("%s and %s are the same file", quote.ShellAlways(src), quote.ShellAlways(dest))
		return 0, false
	}
	if o.interactive && !p.ask("replace %s? ", quote.ShellAlways(dest)) {
		return lnDeclined, true
	}
	return lnReplace, true
}

// sameName reports whether a and b are the same directory entry: the same
// directory and the same last component.
func (p *Proc) sameName(a, b string) bool {
	if baseName(a) != baseName(b) {
		return false
	}
	da, err1 := p.Stat(dirName(a))
	db, err2 := p.Stat(dirName(b))
	return err1 == nil && err2 == nil && sameFile(da, db, p.cleanAbs(dirName(a)), p.cleanAbs(dirName(b)))
}

// lnMake creates the link, replacing dest if asked.
func (p *Proc) lnMake(target, dest string, replace bool, o *lnOpts) error {
	if dest == "" {
		return errNotExist
	}
	abs := p.Abs(dest)
	if replace {
		tmp := path.Join(path.Dir(abs), ".ln-"+randomName(10))
		if err := p.lnCreate(target, tmp, o); err != nil {
			return err
		}
		err := p.FS.Rename(tmp, abs)
		if _, lerr := p.FS.Lstat(tmp); lerr == nil {
			p.FS.Remove(tmp) // renaming onto another link of the same file leaves both
		}
		return err
	}
	if p.exists(dest) {
		return errExist
	}
	if strings.HasSuffix(dest, "/") {
		return errNotExist
	}
	return p.lnCreate(target, abs, o)
}

func (p *Proc) lnCreate(target, abs string, o *lnOpts) error {
	if o.symbolic {
		return p.FS.SymlinkIfPossible(target, abs)
	}
	src := p.Abs(target)
	if o.logical {
		if r, err := p.canonicalize(target, canExisting, false); err == nil {
			src = r
		}
	}
	return p.FS.Link(src, abs)
}

func (p *Proc) lnFailed(target, dest string, err error, o *lnOpts) {
	e := errnoOf(err)
	switch {
	case o.symbolic && target == "":
		p.Errorf("failed to create symbolic link %s -> %s: %s", quote.ShellAlways(dest), quote.ShellAlways(target), ErrText(err))
	case o.symbolic:
		p.Errorf("failed to create symbolic link %s: %s", quote.ShellAlways(dest), ErrText(err))
	case e == errExist:
		p.Errorf("failed to create hard link %s: %s", quote.ShellAlways(dest), ErrText(err))
	default:
		p.Errorf("failed to create hard link %s => %s: %s", quote.ShellAlways(dest), quote.ShellAlways(target), ErrText(err))
	}
}

// relativeTarget is ln -r: target relative to the link's directory, both
// resolved.
func (p *Proc) relativeTarget(src, dest string) string {
	dir, err1 := p.canonicalize(dirName(dest), canMissing, false)
	from, err2 := p.canonicalize(src, canMissing, false)
	if err1 != nil || err2 != nil {
		return src
	}
	if rel, ok := relPathTo(from, dir); ok {
		return rel
	}
	return src
}
