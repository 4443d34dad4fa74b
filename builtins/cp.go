package builtins

// cp - copy files and directories
//
//	cp [OPTION]... [-T] SOURCE DEST
//	cp [OPTION]... SOURCE... DIRECTORY
//	cp [OPTION]... -t DIRECTORY SOURCE...
//
// Options: -a (--archive), -b, --backup[=CONTROL], -d, -f (--force),
// -i (--interactive), -H, -l (--link), -L (--dereference),
// -n (--no-clobber), -P (--no-dereference), -p, --preserve[=LIST],
// --no-preserve=LIST, --parents, -R, -r (--recursive),
// --remove-destination, -s (--symbolic-link), -S SUFFIX (--suffix),
// --strip-trailing-slashes, -t DIR (--target-directory),
// -T (--no-target-directory), -u (--update), -v (--verbose),
// -x (--one-file-system), --sparse=WHEN and --reflink[=WHEN] (data is
// always copied). Standard input is never a terminal: -i asks and reads
// the answer from standard input. Differences: symlinks are copied only
// when their target lies inside the workspace (an absolute target inside
// it is stored relative); the times of copied symlinks are not preserved;
// fifos and device files cannot be created; an existing destination
// file is replaced whole, by a temporary file (.cp-XXXXXXXXXXXX) beside
// it renamed over it once complete, keeping its mode and owner, so that
// a copy stopped halfway leaves the old file (GNU truncates it and
// writes in place; a destination with other hard links is still written
// in place here, so that they see the new data). Also:
// --attributes-only. --copy-contents, -Z and --context are not supported.

import (
	"fmt"
	"strings"

	"github.com/shellfence/shellfence/builtins/internal/quote"
)

type cpFlags struct {
	parents, stripSlashes, noTarget bool
	targetDir                       string
}

func cp(p *Proc) int {
	o := &copyOpts{}
	var f cpFlags
	flags := p.newOpts(1)
	flags.Func('a', "archive", func() {
		o.deref, o.preserveLinks, o.preserveOwner, o.preserveMode, o.preserveTimes, o.recursive = derefNever, true, true, true, true, true
	})
	o.backup.add(flags)
	flags.Func('d', "", func() { o.preserveLinks, o.deref = true, derefNever })
	flags.Flag('f', "force", &o.unlinkAfterFailedOpen)
	flags.Func('H', "", func() { o.deref = derefCmdline })
	flags.Func('i', "interactive", func() { o.interactive = iAskUser })
	flags.Flag('l', "link", &o.hardLink)
	flags.Func('L', "dereference", func() { o.deref = derefAlways })
	flags.Func('n', "no-clobber", func() { o.interactive = iAlwaysNo })
	flags.Func('P', "no-dereference", func() { o.deref = derefNever })
	flags.Func('p', "", func() { o.preserveOwner, o.preserveMode, o.preserveTimes = true, true, true })
	flags.Add(optionalValue("preserve", func(name, v string) error {
		if v == "" {
			o.preserveOwner, o.preserveMode, o.preserveTimes = true, true, true
			return nil
		}
		return o.preserveList(p, name, v, true)
	}))
	flags.Value(0, "no-preserve", func(name, v string) error { return o.preserveList(p, name, v, false) })
	flags.Flag(0, "parents", &f.parents)
	flags.Func('r', "recursive", func() { o.recursive = true })
	flags.Alias('R', 'r')
	flags.Flag(0, "remove-destination", &o.unlinkBefore)
	flags.Flag('s', "symbolic-link", &o.symLink)
	flags.Flag(0, "strip-trailing-slashes", &f.stripSlashes)
	flags.Value('t', "target-directory", func(_, v string) error {
		if f.targetDir != "" {
			return fmt.Errorf("multiple target directories specified")
		}
		f.targetDir = v
		return nil
	})
	flags.Flag('T', "no-target-directory", &f.noTarget)
	flags.Flag('u', "update", &o.update)
	flags.Flag('v', "verbose", &o.verbose)
	flags.Flag('x', "one-file-system", &o.oneFS)
	flags.Value(0, "sparse", func(name, v string) error {
		_, err := p.argMatch(v, name, [][]string{{"never"}, {"auto"}, {"always"}})
		return err
	})
	flags.Add(optionalValue("reflink", func(name, v string) error {
		if v == "" {
			return nil
		}
		_, err := p.argMatch(v, name, [][]string{{"auto"}, {"always"}, {"never"}})
		return err
	}))
	flags.Flag(0, "attributes-only", &o.attrsOnly)
	flags.Unsupported("Z", "copy-contents", "context", "debug")
	addToolInfo(flags, "cp")
	operands, err := flags.Parse(p.Args[1:])
	if err != nil {
		return p.usage(err, 1)
	}
	if code := o.settle(p); code != 0 {
		return code
	}
	return p.doCopy(operands, o, &f)
}

// preserveList applies --preserve=LIST or --no-preserve=LIST.
func (o *copyOpts) preserveList(p *Proc, name, list string, on bool) error {
	groups := [][]string{{"mode"}, {"timestamps"}, {"ownership"}, {"links"}, {"context"}, {"xattr"}, {"all"}}
	for _, item := range strings.Split(list, ",") {
		i, err := p.argMatch(item, name, groups)
		if err != nil {
			return err
		}
		switch i {
		case 0:
			o.preserveMode, o.explicitNoPreserveMode = on, !on
		case 1:
			o.preserveTimes = on
		case 2:
			o.preserveOwner = on
		case 3:
			o.preserveLinks = on
		case 6:
			o.preserveMode, o.preserveTimes, o.preserveOwner, o.preserveLinks = on, on, on, on
			o.explicitNoPreserveMode = !on
		}
	}
	return nil
}

// settle checks option conflicts and fills in defaults, as cp's main.
func (o *copyOpts) settle(p *Proc) int {
	if o.hardLink && o.symLink {
		return p.usageErr("cannot make both hard and symbolic links")
	}
	if o.backup.make && o.interactive == iAlwaysNo {
		return p.usageErr("options --backup and --no-clobber are mutually exclusive")
	}
	if err := o.backup.resolve(p); err != nil {
		return p.usage(err, 1)
	}
	if o.deref == derefUndefined {
		o.deref = derefAlways
		if o.recursive && !o.hardLink {
			o.deref = derefNever
		}
	}
	o.copyAsRegular = !o.recursive
	return 0
}

// doCopy copies the operands as cp's do_copy.
func (p *Proc) doCopy(operands []string, o *copyOpts, f *cpFlags) int {
	n := len(operands)
	if n == 0 || n == 1 && f.targetDir == "" {
		if n == 0 {
			return p.usageErr("missing file operand")
		}
		return p.usageErr("missing destination file operand after %s", quote.ShellAlways(operands[0]))
	}
	plan, code := p.planTargets(operands, f.targetDir, f.noTarget)
	if plan == nil {
		return code
	}
	c := newCopier(p, o)
	if plan.dir == "" {
		return p.copyToFile(c, plan, f)
	}
	if len(plan.sources) >= 2 {
		c.trackArgs()
	}
	ok := true
	for _, src := range plan.sources {
		if p.Cancelled() {
			return 130
		}
		if f.stripSlashes {
			src = stripTrailingSlashes(src)
		}
		if !p.copyIntoDir(c, src, plan.dir, f) {
			ok = false
		}
	}
	if !ok {
		return 1
	}
	return 0
}

// copyIntoDir copies one source into the target directory.
func (p *Proc) copyIntoDir(c *copier, src, dir string, f *cpFlags) bool {
	if f.parents {
		rel := stripTrailingSlashes(src)
		dst := concatName(dir, rel)
		pp, ok := p.makeParents(c, dst, len(dst)-len(rel), src)
		if !ok {
			return false
		}
		okCopy, _, _ := c.copyTop(src, dst, 0)
		return p.reProtect(c, pp) && okCopy
	}
	base := stripTrailingSlashes(lastComponent(src))
	if base == ".." {
		base = "."
	}
	dst := concatName(dir, base)
	ok, _, _ := c.copyTop(src, dst, 0)
	return ok
}

// copyToFile is cp SOURCE DEST.
func (p *Proc) copyToFile(c *copier, plan *targetPlan, f *cpFlags) int {
	if f.parents {
		return p.usageErr("with --parents, the destination must be a directory")
	}
	src, dst := plan.sources[0], plan.dest
	if f.stripSlashes {
		src = stripTrailingSlashes(src)
	}
	nonexistent := 0
	if _, err := p.Stat(dst); err != nil && isNotExist(err) {
		nonexistent = -1
	}
	o := c.o
	if o.unlinkAfterFailedOpen && o.backup.kind != noBackups && src == dst && nonexistent == 0 {
		if fi, err := p.Stat(src); err == nil && fi.Mode().IsRegular() {
			dst = o.backup.name(p, dst)
			saved := *o
			saved.backup.kind = noBackups
			c.o = &saved
		}
	}
	if ok, _, _ := c.copyTop(src, dst, nonexistent); !ok {
		return 1
	}
	return 0
}
