package builtins

// true, false - do nothing, successfully or unsuccessfully
//
//	true [ignored command line arguments]
//	false [ignored command line arguments]
//
// Arguments are ignored, except a lone --help or --version, which print
// GNU's texts (false still exits with status 1). Inside the shell, true
// and false are the shell's builtins; these run for env true, xargs,
// find -exec and the like.

import (
	"fmt"
	"io"
)

func trueCmd(p *Proc) int  { return trueFalse(p, 0, "success") }
func falseCmd(p *Proc) int { return trueFalse(p, 1, "failure") }

func trueFalse(p *Proc, status int, what string) int {
	if len(p.Args) != 2 {
		return status
	}
	name := p.Name()
	var text string
	switch p.Args[1] {
	case "--help":
		text = fmt.Sprintf(`Usage: %[1]s [ignored command line arguments]
  or:  %[1]s OPTION
Exit with a status code indicating %[2]s.

      --help        display this help and exit
      --version     output version information and exit

NOTE: your shell may have its own version of %[1]s, which usually supersedes
the version described here.  Please refer to your shell's documentation
for details about the options it supports.

GNU coreutils online help: <https://www.gnu.org/software/coreutils/>
Report any translation bugs to <https://translationproject.org/team/>
Full documentation <https://www.gnu.org/software/coreutils/%[1]s>
or available locally via: info '(coreutils) %[1]s invocation'
`, name, what)
	case "--version":
		text = coreutilsVersion(name, "Jim Meyering")
	default:
		return status
	}
	if _, err := io.WriteString(p.Stdout, text); err != nil {
		p.WriteFailed(err)
	}
	return status
}
