package builtins

// readlink - print resolved symbolic links or canonical file names
//
//	readlink [OPTION]... FILE...
//
// Options: -f (--canonicalize), -e (--canonicalize-existing),
// -m (--canonicalize-missing), -n (--no-newline), -q (--quiet),
// -s (--silent), -v (--verbose), -z (--zero). Without -f, -e or -m it
// prints the target stored in the link. Resolution goes through the
// workspace: a name resolving outside it fails ("outside the workspace",
// shown with -v).

import (
	"fmt"

	"github.com/shellfence/shellfence/builtins/internal/quote"
)

func readlink(p *Proc) int {
	mode := canonMode(-1)
	var noNewline, verbose, zero bool
	flags := p.newOpts(1)
	flags.Func('f', "canonicalize", func() { mode = canAllButLast })
	flags.Func('e', "canonicalize-existing", func() { mode = canExisting })
	flags.Func('m', "canonicalize-missing", func() { mode = canMissing })
	flags.Flag('n', "no-newline", &noNewline)
	flags.Func('q', "quiet", func() { verbose = false })
	flags.Func('s', "silent", func() { verbose = false })
	flags.Flag('v', "verbose", &verbose)
	flags.Flag('z', "zero", &zero)
	addToolInfo(flags, "readlink")
	files, err := flags.Parse(p.Args[1:])
	if err != nil {
		return p.usage(err, 1)
	}
	if len(files) == 0 {
		return p.usageErr("missing operand")
	}
	if len(files) > 1 && noNewline {
		p.Errorf("ignoring --no-newline with multiple arguments")
		noNewline = false
	}
	end := "\n"
	switch {
	case noNewline:
		end = ""
	case zero:
		end = "\x00"
	}
	status := 0
	for _, f := range files {
		var value string
		if mode >= 0 {
			value, err = p.canonicalize(f, mode, false)
		} else {
			value, err = p.readlinkOnly(f)
		}
		if err != nil {
			status = 1
			if verbose {
				p.Errorf("%s: %s", quote.Shell(f), ErrText(err))
			}
			continue
		}
		fmt.Fprint(p.Stdout, value, end)
	}
	return status
}

// readlinkOnly returns a symlink's target; a file that is not a symlink
// gives EINVAL, as readlink(2).
func (p *Proc) readlinkOnly(name string) (string, error) {
	fi, err := p.Lstat(name)
	if err != nil {
		return "", err
	}
	if !isSymlink(fi) {
		return "", errInval
	}
	return p.Readlink(name)
}
