package builtins

import (
	"github.com/shellfence/shellfence/builtins/internal/opt"
)

// rgParse reads rg's command line into o and returns the operands.
func (p *Proc) rgParse(o *rgOpts, args []string) ([]string, error) {
	f := p.newOpts(2)
	f.NoTry = true
	p.rgPatternOpts(f, o)
	p.rgOutputOpts(f, o)
	p.rgFileOpts(f, o)
	addToolInfo(f, "rg", 'V')
	ops, err := f.Parse(args)
	if err != nil {
		return nil, err
	}
	return ops, p.rgReadPatterns(o)
}

// rgPatternOpts declares the options about what matches.
func (p *Proc) rgPatternOpts(f *opt.Parser, o *rgOpts) {
	f.Value('e', "regexp", func(_, v string) error { o.patterns = append(o.patterns, v); return nil })
	f.Value('f', "file", func(_, v string) error { o.patFiles = append(o.patFiles, v); return nil })
	f.Func('F', "fixed-strings", func() { o.fixed = true })
	f.Func(0, "no-fixed-strings", func() { o.fixed = false })
	f.Func('i', "ignore-case", func() { o.caseMode = 'i' })
	f.Func('S', "smart-case", func() { o.caseMode = 'S' })
	f.Func('s', "case-sensitive", func() { o.caseMode = 's' })
	f.Func('w', "word-regexp", func() { o.word = true })
	f.Func('x', "line-regexp", func() { o.line = true })
	f.Func('v', "invert-match", func() { o.invert = true })
	f.Value('m', "max-count", func(name, v string) error {
		n, err := rgNum("--max-count", v)
		o.maxCount = n
		return err
	})
}

// rgOutputOpts declares the options about what is printed.
func (p *Proc) rgOutputOpts(f *opt.Parser, o *rgOpts) {
	f.Func('n', "line-number", func() { o.lineNumber = 1 })
	f.Func('N', "no-line-number", func() { o.lineNumber = 0 })
	f.Func('H', "with-filename", func() { o.withName = 1 })
	f.Func('I', "no-filename", func() { o.withName = 0 })
	f.Func(0, "heading", func() { o.heading = 1 })
	f.Func(0, "no-heading", func() { o.heading = 0 })
	f.Func('l', "files-with-matches", func() { o.list = 'l' })
	f.Func(0, "files-without-match", func() { o.list = 'L' })
	f.Func('c', "count", func() { o.count, o.countMatches = true, false })
	f.Func(0, "count-matches", func() { o.count, o.countMatches = false, true })
	f.Func('o', "only-matching", func() { o.only = true })
	f.Value('r', "replace", func(_, v string) error { o.replace = &v; return nil })
	ctx := func(set func(int)) func(string, string) error {
		return func(name, v string) error {
			long := map[string]string{"-A": "--after-context", "-B": "--before-context", "-C": "--context"}[name]
			if long == "" {
				long = name
			}
			n, err := rgNum(long, v)
			set(int(n))
			return err
		}
	}
	f.Value('A', "after-context", ctx(func(n int) { o.after = n }))
	f.Value('B', "before-context", ctx(func(n int) { o.before = n }))
	f.Value('C', "context", ctx(func(n int) { o.before, o.after = n, n }))
	f.Func(0, "column", func() { o.column = true })
	f.Func('b', "byte-offset", func() { o.byteOffset = true })
	f.Func(0, "no-column", func() { o.column = false })
	f.Func(0, "vimgrep", func() { o.vimgrep = true })
	f.Func('0', "null", func() { o.null = true })
	f.Func(0, "json", func() { o.json = true })
	f.Func(0, "no-json", func() { o.json = false })
	f.Func('q', "quiet", func() { o.quiet = true })
	f.Func(0, "no-messages", func() { o.noMessages = true })
	f.Value(0, "color", func(_, v string) error { return rgChoice("--color <WHEN>", v, "never", "auto", "always", "ansi") })
	f.Value(0, "colors", func(string, string) error { return nil })
	f.Value('j', "threads", func(_, v string) error { _, err := rgNum("--threads", v); return err })
}

// rgFileOpts declares the options about which files are searched.
func (p *Proc) rgFileOpts(f *opt.Parser, o *rgOpts) {
	f.Value('g', "glob", func(_, v string) error { o.globs = append(o.globs, rgGlobArg{glob: v}); return nil })
	f.Value(0, "iglob", func(_, v string) error { o.globs = append(o.globs, rgGlobArg{v, true}); return nil })
	f.Value('t', "type", func(_, v string) error { o.types = append(o.types, v); return nil })
	f.Value('T', "type-not", func(_, v string) error { o.notTypes = append(o.notTypes, v); return nil })
	f.Func(0, "type-list", func() { o.typeList = true })
	f.Func('.', "hidden", func() { o.hidden = true })
	f.Func(0, "no-hidden", func() { o.hidden = false })
	f.Func(0, "no-ignore", func() { o.noIgnore() })
	f.Func(0, "no-ignore-vcs", func() { o.noIgnoreVCS = true })
	f.Func(0, "no-ignore-dot", func() { o.noIgnoreDot = true })
	f.Func(0, "no-ignore-parent", func() { o.noIgnoreParen = true })
	f.Func(0, "no-require-git", func() { o.noRequireGit = true })
	f.Func('u', "unrestricted", func() {
		o.unrestricted++
		switch o.unrestricted {
		case 1:
			o.noIgnore()
		case 2:
			o.hidden = true
		default:
			o.binary = true
		}
	})
	f.Func('a', "text", func() { o.text = true })
	f.Func(0, "binary", func() { o.binary = true })
	f.Func(0, "no-binary", func() { o.binary = false })
	f.Func('L', "follow", func() { o.follow = true })
	f.Func(0, "no-follow", func() { o.follow = false })
	f.Value(0, "max-depth", func(_, v string) error {
		n, err := rgNum("--max-depth", v)
		o.maxDepth = int(n)
		return err
	})
	f.Func(0, "files", func() { o.files = true })
	f.Value(0, "sort", func(_, v string) error {
		o.sortPath = v == "path"
		return rgChoice("--sort <SORTBY>", v, "path", "none")
	})
}

// rgChoice checks a value against the ones ripgrep accepts (of those
// shellfence implements).
func rgChoice(name, v string, allowed ...string) error {
	for _, a := range allowed {
		if v == a {
			return nil
		}
	}
	return &rgArgError{"'" + v + "' isn't a valid value for '" + name + "'"}
}

// noIgnore is --no-ignore: no ignore file is read.
func (o *rgOpts) noIgnore() {
	o.noIgnoreVCS, o.noIgnoreDot, o.noIgnoreParen, o.noIgnoreRg = true, true, true, true
}
