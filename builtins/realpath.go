package builtins

// realpath - print the resolved path
//
//	realpath [OPTION]... FILE...
//
// Options: -e (--canonicalize-existing), -m (--canonicalize-missing),
// -L (--logical), -P (--physical), -q (--quiet), -s (--strip,
// --no-symlinks), -z (--zero), --relative-to=DIR, --relative-base=DIR.
// Symlinks are resolved through the workspace; a name that resolves
// outside it fails with "outside the workspace" (the directories above the
// workspace root print as themselves).

import (
	"fmt"
	"strings"

	"github.com/shellfence/shellfence/builtins/internal/quote"
)

type realpathOpts struct {
	mode                canonMode
	nolinks, logical    bool
	quiet, zero         bool
	relTo, relBase      string
	canRelTo, canRelBas string
}

func realpath(p *Proc) int {
	o := realpathOpts{mode: canAllButLast}
	flags := p.newOpts(1)
	flags.Func('e', "canonicalize-existing", func() { o.mode = canExisting })
	flags.Func('m', "canonicalize-missing", func() { o.mode = canMissing })
	flags.Func('L', "logical", func() { o.nolinks, o.logical = true, true })
	flags.Func('P', "physical", func() { o.nolinks, o.logical = false, false })
	flags.Func('s', "strip", func() { o.nolinks, o.logical = true, false })
	flags.Func('s', "no-symlinks", func() { o.nolinks, o.logical = true, false })
	flags.Flag('q', "quiet", &o.quiet)
	flags.Flag('z', "zero", &o.zero)
	flags.String(0, "relative-to", &o.relTo)
	flags.String(0, "relative-base", &o.relBase)
	addToolInfo(flags, "realpath")
	files, err := flags.Parse(p.Args[1:])
	if err != nil {
		return p.usage(err, 1)
	}
	if len(files) == 0 {
		return p.usageErr("missing operand")
	}
	if !o.relatives(p) {
		return 1
	}
	status := 0
	for _, f := range files {
		if !o.one(p, f) {
			status = 1
		}
	}
	return status
}

// canon resolves name as the options ask; -L resolves ".." first, then
// symlinks.
func (o *realpathOpts) canon(p *Proc, name string) (string, error) {
	c, err := p.canonicalize(name, o.mode, o.nolinks)
	if err == nil && o.logical {
		c, err = p.canonicalize(c, o.mode, false)
	}
	return c, err
}

// relatives resolves --relative-to and --relative-base.
func (o *realpathOpts) relatives(p *Proc) bool {
	if o.relBase != "" && o.relTo == "" {
		o.relTo = o.relBase
	}
	if o.relTo == "" {
		return true
	}
	var ok bool
	if o.canRelTo, ok = o.canonDir(p, o.relTo); !ok {
		return false
	}
	if o.relBase == "" {
		return true
	}
	if o.relBase == o.relTo {
		o.canRelBas = o.canRelTo
		return true
	}
	base, ok := o.canonDir(p, o.relBase)
	if !ok {
		return false
	}
	if pathPrefix(base, o.canRelTo) {
		o.canRelBas = base
	} else {
		o.canRelBas, o.canRelTo = o.canRelTo, ""
	}
	return true
}

func (o *realpathOpts) canonDir(p *Proc, name string) (string, bool) {
	c, err := o.canon(p, name)
	if err == nil && o.mode == canExisting && !p.isDirName(c) {
		err = errNotDir
	}
	if err != nil {
		p.Errorf("%s: %s", quote.Shell(name), ErrText(err))
		return "", false
	}
	return c, true
}

// one prints the resolved name of one operand.
func (o *realpathOpts) one(p *Proc, name string) bool {
	c, err := o.canon(p, name)
	if err != nil {
		if !o.quiet {
			p.Errorf("%s: %s", quote.Shell(name), ErrText(err))
		}
		return false
	}
	out := c
	if o.canRelTo != "" && (o.canRelBas == "" || pathPrefix(o.canRelBas, c)) {
		if rel, ok := relPathTo(c, o.canRelTo); ok {
			out = rel
		}
	}
	end := "\n"
	if o.zero {
		end = "\x00"
	}
	fmt.Fprint(p.Stdout, out, end)
	return true
}

// pathPrefix reports whether the canonical name prefix is path or one of
// its ancestors.
func pathPrefix(prefix, path string) bool {
	if prefix == "/" {
		return true
	}
	return path == prefix || strings.HasPrefix(path, prefix+"/")
}

// relPathTo returns fname relative to the directory dir, both canonical
// (coreutils relpath).
func relPathTo(fname, dir string) (string, bool) {
	common := commonPrefixLen(dir, fname)
	if common == 0 {
		return "", false
	}
	relto := strings.TrimPrefix(dir[common:], "/")
	rest := strings.TrimPrefix(fname[common:], "/")
	if relto == "" {
		if rest == "" {
			return ".", true
		}
		return rest, true
	}
	out := ".." + strings.Repeat("/..", strings.Count(relto, "/"))
	if rest != "" {
		out += "/" + rest
	}
	return out, true
}

// commonPrefixLen is the length of the longest common prefix of two
// canonical names that ends on a component boundary.
func commonPrefixLen(a, b string) int {
	i, ret := 0, 0
	for i < len(a) && i < len(b) && a[i] == b[i] {
		if a[i] == '/' {
			ret = i + 1
		}
		i++
	}
	if i == len(a) && i == len(b) || i == len(a) && b[i] == '/' || i == len(b) && a[i] == '/' {
		ret = i
	}
	return ret
}
