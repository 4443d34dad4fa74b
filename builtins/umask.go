package builtins

// umask - the shell's file mode creation mask (bash's builtin)
//
//	umask [-p] [-S] [MODE]
//
// With no MODE, prints the mask (0022, or u=rwx,g=rx,o=rx with -S; -p
// prints it as a command). MODE is octal or symbolic as for chmod. The
// mask belongs to the run: files and directories that the shell and the
// commands create get it (the host process's own mask, 022, applies on
// top, so a mask looser than 022 does not loosen further). Unlike bash's,
// a subshell's change is seen by the rest of the run. It is not in the
// command table: the engine runs it as the shell's umask.

import (
	"fmt"
	"io/fs"
	"strings"

	"github.com/shellfence/shellfence/builtins/internal/modes"
)

// ShellUmask runs bash's umask with p.Args.
func ShellUmask(p *Proc) int {
	symbolic, asCommand := false, false
	args := p.Args[1:]
	for len(args) > 0 && len(args[0]) > 1 && args[0][0] == '-' {
		for _, c := range args[0][1:] {
			switch c {
			case 'S':
				symbolic = true
			case 'p':
				asCommand = true
			default:
				p.Errorf("-%c: invalid option\numask: usage: umask [-p] [-S] [mode]", c)
				return 2
			}
		}
		args = args[1:]
	}
	if len(args) == 0 {
		printUmask(p, p.Sys.Umask(), symbolic, asCommand)
		return 0
	}
	if args[0] != "" && strings.Trim(args[0], "0123456789") == "" && strings.ContainsAny(args[0], "89") {
		p.Errorf("%s: octal number out of range", args[0])
		return 1
	}
	changes, ok := modes.Compile(args[0])
	if !ok {
		p.Errorf("%s: invalid symbolic mode operator", args[0])
		return 1
	}
	mask := uint32(p.Sys.Umask())
	if parseOctal, isOctal := modes.ParseOctal(args[0]); isOctal {
		mask = parseOctal
	} else {
		allowed, _ := modes.Adjust(0o777&^mask, true, 0, changes)
		mask = 0o777 &^ allowed
	}
	p.Sys.SetUmask(fs.FileMode(mask))
	if symbolic {
		printUmask(p, p.Sys.Umask(), true, false)
	}
	return 0
}

func printUmask(p *Proc, m fs.FileMode, symbolic, asCommand bool) {
	prefix := ""
	if asCommand {
		prefix = "umask "
	}
	if !symbolic {
		fmt.Fprintf(p.Stdout, "%s%04o\n", prefix, uint32(m))
		return
	}
	allowed := 0o777 &^ uint32(m)
	var parts []string
	for i, who := range []string{"u", "g", "o"} {
		bits := allowed >> (6 - 3*i) & 7
		s := who + "="
		for j, c := range "rwx" {
			if bits&(4>>j) != 0 {
				s += string(c)
			}
		}
		parts = append(parts, s)
	}
	if asCommand {
		prefix = "umask -S "
	}
	fmt.Fprintf(p.Stdout, "%s%s\n", prefix, strings.Join(parts, ","))
}
