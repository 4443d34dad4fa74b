package builtins

// which - locate a command
//
//	which [-a] NAME...
//
// As Debian's which: for each NAME, the file that would run. This shell
// has no PATH search: a builtin of the registry answers /usr/bin/NAME
// (the name type and command -v give, which also runs it here); a NAME
// with a slash answers itself when it is an executable workspace file.
// -a changes nothing, since each command has one place. Exit status 0
// when every NAME was found, 1 otherwise, 2 for a bad option.
//
// Differences from Debian: a name found twice through usrmerge's /bin
// link is printed once.

import (
	"fmt"
	"strings"
)

func which(p *Proc) int {
	args := p.Args[1:]
	for len(args) > 0 && len(args[0]) > 1 && args[0][0] == '-' {
		if args[0] == "--" {
			args = args[1:]
			break
		}
		for _, c := range args[0][1:] {
			if c != 'a' {
				fmt.Fprintf(p.Stdout, "Usage: %s [-a] args\n", whichPath(p.Name()))
				p.Flush()
				fmt.Fprintf(p.Stderr, "Illegal option -%c\n", c)
				return 2
			}
		}
		args = args[1:]
	}
	if len(args) == 0 {
		return 1
	}
	status := 0
	for _, name := range args {
		if found, ok := p.whichOne(name); ok {
			p.printf("%s\n", found)
		} else {
			status = 1
		}
	}
	return status
}

// whichOne answers one name.
func (p *Proc) whichOne(name string) (string, bool) {
	if name == "" {
		return "", false
	}
	if strings.Contains(name, "/") {
		fi, err := p.Stat(name)
		if err != nil || !fi.Mode().IsRegular() || fi.Mode().Perm()&0o111 == 0 {
			return "", false
		}
		return name, true
	}
	if !p.HasCommand(name) {
		return "", false
	}
	return "/usr/bin/" + name, true
}

// whichPath is the name Debian's which calls itself by: its path.
func whichPath(name string) string {
	if strings.Contains(name, "/") {
		return name
	}
	return "/usr/bin/" + name
}
