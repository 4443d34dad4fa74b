package builtins

// pwd - print name of current/working directory
//
//	pwd [OPTION]...
//
// Options: -L (--logical: $PWD when it names the working directory),
// -P (--physical, the default: symlinks resolved). The shell's own pwd
// handles a plain "pwd"; this one serves env pwd, xargs pwd and /bin/pwd.

import (
	"fmt"
	"path"
	"strings"

	"github.com/shellfence/shellfence/builtins/internal/quote"
)

func pwd(p *Proc) int {
	logical := false
	flags := p.newOpts(1)
	flags.Func('L', "logical", func() { logical = true })
	flags.Func('P', "physical", func() { logical = false })
	rest, err := flags.Parse(p.Args[1:])
	if err != nil {
		return p.usage(err, 1)
	}
	if len(rest) > 0 {
		p.Errorf("ignoring non-option arguments")
	}
	if logical {
		if dir, ok := p.logicalDir(); ok {
			fmt.Fprintln(p.Stdout, dir)
			return 0
		}
	}
	dir, err := p.canonicalize(p.Dir, canExisting, false)
	if err != nil {
		p.Errorf("couldn't find directory entry in %s with matching i-node", quote.Locale(".."))
		return 1
	}
	fmt.Fprintln(p.Stdout, dir)
	return 0
}

// logicalDir returns $PWD when it is absolute, has no "." or ".."
// components and names the working directory; failing that, the shell's
// own idea of the working directory.
func (p *Proc) logicalDir() (string, bool) {
	if wd, ok := p.logicalCandidate(p.Getenv("PWD")); ok {
		return wd, true
	}
	return p.logicalCandidate(p.Dir)
}

func (p *Proc) logicalCandidate(wd string) (string, bool) {
	if !path.IsAbs(wd) {
		return "", false
	}
	for _, c := range strings.Split(wd, "/") {
		if c == "." || c == ".." {
			return "", false
		}
	}
	a, err1 := p.Stat(wd)
	b, err2 := p.Stat(p.Dir)
	if err1 != nil || err2 != nil || !sameFile(a, b, p.cleanAbs(wd), p.Dir) {
		return "", false
	}
	return wd, true
}
