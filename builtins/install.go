package builtins

// install - copy files and set attributes
//
//	install [OPTION]... [-T] SOURCE DEST
//	install [OPTION]... SOURCE... DIRECTORY
//	install [OPTION]... -t DIRECTORY SOURCE...
//	install [OPTION]... -d DIRECTORY...
//
// Options: -b, --backup[=CONTROL], -S/--suffix, -c (ignored),
// -C/--compare, -d/--directory, -D, -g/--group, -m/--mode, -o/--owner,
// -p/--preserve-timestamps, -t/--target-directory, -T, -v/--verbose,
// --preserve-context, -Z and --context (no SELinux here: nothing). Files
// go through cp's copy engine (dereferencing sources, removing the
// destination first), then get the mode (default 0755).
//
// Differences from GNU: -s/--strip is refused (there is no strip program
// to run). -o and -g accept only the owner and group a file already has
// (numeric, or the names the workspace reports), which is what chown
// allows a user who is not root; any other change fails as it does for
// such a user, and names that are not known are invalid.

import (
	"io"
	"strconv"

	"github.com/shellfence/shellfence/builtins/internal/modes"
	"github.com/shellfence/shellfence/builtins/internal/quote"
	"github.com/shellfence/shellfence/vfs"
)

type installOpts struct {
	dir, parents, compare, noTarget, strip bool
	mode, dirMode, dirBits                 uint32
	modeText, owner, group, targetDir      string
	hasMode, hasTarget                     bool
	copy                                   copyOpts
}

func install(p *Proc) int {
	o := &installOpts{mode: 0o755, dirMode: 0o755}
	o.copy = copyOpts{deref: derefAlways, copyAsRegular: true, unlinkBefore: true, installMode: true}
	flags := p.newOpts(1)
	o.copy.backup.add(flags)
	flags.Func('c', "", func() {})
	flags.Flag('C', "compare", &o.compare)
	flags.Flag('d', "directory", &o.dir)
	flags.Flag('D', "", &o.parents)
	flags.String('g', "group", &o.group)
	flags.Value('m', "mode", func(_, v string) error { o.modeText, o.hasMode = v, true; return nil })
	flags.String('o', "owner", &o.owner)
	flags.Flag('p', "preserve-timestamps", &o.copy.preserveTimes)
	flags.Flag('s', "strip", &o.strip)
	flags.Value(0, "strip-program", func(string, string) error { return nil })
	flags.Value('t', "target-directory", func(_, v string) error {
		if o.hasTarget {
			return p.optErr("multiple target directories specified")
		}
		o.targetDir, o.hasTarget = v, true
		return nil
	})
	flags.Flag('T', "no-target-directory", &o.noTarget)
	flags.Flag('v', "verbose", &o.copy.verbose)
	flags.Func(0, "preserve-context", func() {
		p.Errorf("WARNING: ignoring --preserve-context; this kernel is not SELinux-enabled")
	})
	flags.Func('Z', "", func() {})
	flags.Add(optionalValue("context", func(string, string) error { return nil }))
	addToolInfo(flags, "install")
	operands, err := flags.Parse(p.Args[1:])
	if err != nil {
		return p.usage(err, 1)
	}
	if status := o.settle(p); status != 0 {
		return status
	}
	return o.run(p, operands)
}

// settle checks the options as install's main does.
func (o *installOpts) settle(p *Proc) int {
	switch {
	case o.strip:
		p.Errorf("-s/--strip: not supported here (there is no strip program to run)")
		return 1
	case o.dir && o.hasTarget:
		p.Errorf("target directory not allowed when installing a directory")
		return 1
	case o.compare && o.copy.preserveTimes:
		return p.usageErr("options --compare (-C) and --preserve-timestamps are mutually exclusive")
	}
	if err := o.copy.backup.resolve(p); err != nil {
		return p.usage(err, 1)
	}
	if o.hasMode {
		changes, ok := modes.Compile(o.modeText)
		if !ok {
			p.Errorf("invalid mode %s", quote.Locale(o.modeText))
			return 1
		}
		o.mode, _ = modes.Adjust(0, false, 0, changes)
		o.dirMode, o.dirBits = modes.Adjust(0, true, 0, changes)
	}
	if o.owner != "" && !knownID(p, o.owner, p.FS.UserName) {
		p.Errorf("invalid user %s", quote.Locale(o.owner))
		return 1
	}
	if o.group != "" && !knownID(p, o.group, p.FS.GroupName) {
		p.Errorf("invalid group %s", quote.Locale(o.group))
		return 1
	}
	return 0
}

// knownID reports whether s is a number or a name the workspace knows.
func knownID(p *Proc, s string, name func(uint32) string) bool {
	if _, err := strconv.ParseUint(s, 10, 32); err == nil {
		return true
	}
	fi, err := p.FS.Lstat(p.Abs("."))
	if err != nil {
		return false
	}
	m := vfs.MetaOf(fi)
	return name(m.Uid) == s || name(m.Gid) == s
}

func (o *installOpts) run(p *Proc, files []string) int {
	n := len(files)
	if n == 0 || n == 1 && !o.dir && !o.hasTarget {
		if n == 0 {
			return p.usageErr("missing file operand")
		}
		return p.usageErr("missing destination file operand after %s", quote.ShellAlways(files[0]))
	}
	if o.dir {
		return o.makeDirs(p, files)
	}
	if o.hasTarget && o.noTarget {
		p.Errorf("cannot combine --target-directory (-t) and --no-target-directory (-T)")
		return 1
	}
	if o.noTarget && n > 2 {
		return p.usageErr("extra operand %s", quote.ShellAlways(files[2]))
	}
	if !o.noTarget && !o.hasTarget {
		last := files[n-1]
		fi, err := p.Stat(last)
		switch {
		case err == nil && fi.IsDir():
			o.targetDir, o.hasTarget, files = last, true, files[:n-1]
		case err != nil && !isNotExist(err):
			p.Errorf("failed to access %s: %s", quote.ShellAlways(last), ErrText(err))
			return 1
		case n > 2:
			if err == nil {
				err = errNotDir
			}
			p.Errorf("target %s: %s", quote.ShellAlways(last), ErrText(err))
			return 1
		}
	}
	if o.hasTarget {
		if status := o.checkTarget(p); status != 0 {
			return status
		}
	}
	c := newCopier(p, &o.copy)
	status := 0
	if !o.hasTarget {
		if !o.installFile(p, c, files[0], files[1], o.parents) {
			status = 1
		}
		return status
	}
	for i, f := range files {
		if p.Cancelled() {
			return 130
		}
		dst := concatName(o.targetDir, lastComponent(f))
		if !o.installFile(p, c, f, dst, o.parents && i == 0) {
			status = 1
		}
	}
	return status
}

// checkTarget checks -t DIRECTORY (which -D may still have to make).
func (o *installOpts) checkTarget(p *Proc) int {
	fi, err := p.Stat(o.targetDir)
	if err != nil && !o.parents {
		p.Errorf("failed to access %s: %s", quote.ShellAlways(o.targetDir), ErrText(err))
		return 1
	}
	if err == nil && !fi.IsDir() {
		p.Errorf("failed to access %s: %s", quote.ShellAlways(o.targetDir), ErrText(errNotDir))
		return 1
	}
	return 0
}

// installFile installs one file: its parents first with -D, then the
// copy (skipped with -C when the destination is the same), then owner
// and mode.
func (o *installOpts) installFile(p *Proc, c *copier, src, dst string, parents bool) bool {
	if parents {
		mo := &mkdirOpts{verbose: o.copy.verbose, announce: "creating directory"}
		if failed, err := p.mkdirAncestors(dst, mo); err != nil {
			p.Errorf("cannot create directory %s: %s", quote.Locale(failed), ErrText(err))
			return false
		}
	}
	if o.compare && !o.needCopy(p, src, dst) {
		return true
	}
	nonexistent := 0
	if _, err := p.Lstat(dst); err != nil && isNotExist(err) {
		nonexistent = -1
	}
	if ok, _, _ := c.copyTop(src, dst, nonexistent); !ok {
		return false
	}
	return o.attributes(p, dst)
}

// attributes gives an installed file or directory its owner and mode.
func (o *installOpts) attributes(p *Proc, name string) bool {
	mode := o.mode
	if fi, err := p.Stat(name); err == nil && fi.IsDir() {
		mode = o.dirMode
	}
	if !o.chown(p, name) {
		return false
	}
	if err := p.FS.Chmod(p.Abs(name), modes.FileMode(mode)); err != nil {
		p.Errorf("cannot change permissions of %s: %s", quote.ShellAlways(name), ErrText(err))
		return false
	}
	return true
}

// chown applies -o and -g the way chown lets a user who is not root:
// only to the owner and group the file has.
func (o *installOpts) chown(p *Proc, name string) bool {
	if o.owner == "" && o.group == "" {
		return true
	}
	fi, err := p.Lstat(name)
	if err != nil {
		p.Errorf("cannot change ownership of %s: %s", quote.ShellAlways(name), ErrText(err))
		return false
	}
	m := vfs.MetaOf(fi)
	if !sameID(o.owner, m.Uid, p.FS.UserName) || !sameID(o.group, m.Gid, p.FS.GroupName) {
		p.Errorf("cannot change ownership of %s: Operation not permitted", quote.ShellAlways(name))
		return false
	}
	return true
}

func sameID(want string, id uint32, name func(uint32) string) bool {
	return want == "" || want == strconv.FormatUint(uint64(id), 10) || want == name(id)
}

// needCopy is -C's test: copy unless the destination is a regular file
// with the same size, mode and contents.
func (o *installOpts) needCopy(p *Proc, src, dst string) bool {
	if o.mode&^0o777 != 0 {
		return true
	}
	sfi, err1 := p.Lstat(src)
	dfi, err2 := p.Lstat(dst)
	if err1 != nil || err2 != nil || !sfi.Mode().IsRegular() || !dfi.Mode().IsRegular() {
		return true
	}
	if modes.Bits(sfi.Mode())&^0o777 != 0 || modes.Bits(dfi.Mode())&^0o777 != 0 {
		return true
	}
	if sfi.Size() != dfi.Size() || modes.Bits(dfi.Mode())&0o7777 != o.mode {
		return true
	}
	return !p.sameContent(src, dst)
}

// makeDirs is install -d: each directory with its parents, then the
// mode (and owner) asked for, whether it was made or already there.
func (o *installOpts) makeDirs(p *Proc, dirs []string) int {
	mo := &mkdirOpts{verbose: o.copy.verbose, announce: "creating directory"}
	status := 0
	for _, d := range dirs {
		if p.Cancelled() {
			return 130
		}
		if failed, err := p.mkdirAncestors(d, mo); err != nil {
			p.Errorf("cannot create directory %s: %s", quote.Locale(failed), ErrText(err))
			status = 1
			continue
		}
		err := p.mkdirAt(d)
		if err == nil {
			p.announceDir(d, mo)
		} else if fi, serr := p.Stat(d); serr != nil || !fi.IsDir() {
			p.Errorf("cannot create directory %s: %s", quote.Locale(d), ErrText(err))
			status = 1
			continue
		}
		if !o.attributes(p, d) {
			status = 1
		}
	}
	return status
}

// sameContent reports whether the files a and b hold the same bytes.
func (p *Proc) sameContent(a, b string) bool {
	fa, err := p.Open(a)
	if err != nil {
		return false
	}
	defer fa.Close()
	fb, err := p.Open(b)
	if err != nil {
		return false
	}
	defer fb.Close()
	ba, bb := make([]byte, 32<<10), make([]byte, 32<<10)
	for {
		na, ea := readFull(fa, ba)
		nb, eb := readFull(fb, bb)
		if na != nb || string(ba[:na]) != string(bb[:nb]) {
			return false
		}
		if ea != nil || eb != nil {
			return ea == eb || (ea == io.EOF || ea == io.ErrUnexpectedEOF) == (eb == io.EOF || eb == io.ErrUnexpectedEOF)
		}
	}
}
