package builtins

// sh, bash - run a shell script in the same confined engine
//
//	bash [--norc] [--noprofile] [-eux] [-o OPTION] -c SCRIPT [NAME [ARG]...]
//	bash [OPTION]... [-s] [ARG]...   (script on standard input)
//	bash [OPTION]... FILE [ARG]...
//
// Options: -c, -s, -e, -u, -x, -a, -f, -n, -o NAME / +o NAME (errexit,
// nounset, xtrace, pipefail, noglob, noexec, allexport; interactive and
// editing options are accepted and do nothing), +e and the like, -l
// (--login) and --norc, --noprofile, --posix, --rcfile FILE,
// --init-file FILE, --noediting (nothing to do: no startup files are
// read), --version, --help. $0 is NAME, the script file, or the command
// name. The script runs through the engine (p.Sys.Shell), with the same
// workspace, allowlist and limits; script files are read through the
// workspace.
//
// Differences: -i (interactive) is refused; -v, -k, -t, -C, -D, -O and
// --restricted are not supported. Invoked as sh, the messages of sh's own
// errors are dash's (the sh of Debian); the script itself runs with bash
// semantics. A script read from standard input is read whole before it
// runs, so commands in it do not read the rest of it.

import (
	"fmt"
	"io"
	"strings"
)

// shOptions is what the command line of sh or bash asked for.
type shOptions struct {
	command bool // -c
	stdin   bool // -s
	opts    []string
	version bool
	help    bool
}

// shMaxScript bounds a script read from a file or standard input.
const shMaxScript = 16 << 20

func shell(p *Proc) int {
	name := p.Name()
	o, rest, code := shParse(p, name, p.Args[1:])
	if code >= 0 {
		return code
	}
	switch {
	case o.version && name == "bash":
		io.WriteString(p.Stdout, bashVersion)
		return 0
	case o.help && name == "bash":
		io.WriteString(p.Stdout, bashHelpHead+bashUsage+bashHelpTail)
		return 0
	case o.command:
		if len(rest) == 0 {
			return shError(p, name, "-c: option requires an argument", "-c requires an argument")
		}
		args := rest[1:]
		if len(args) == 0 {
			args = []string{name}
		}
		return shRun(p, rest[0], args, o.opts)
	case o.stdin || len(rest) == 0:
		script, err := io.ReadAll(io.LimitReader(p.Stdin, shMaxScript))
		if err != nil {
			p.Errorf("%s", ErrText(err))
			return 2
		}
		q := p.Child(append([]string{name}, rest...))
		q.Stdin = strings.NewReader("")
		return shRunProc(p, q, string(script), o.opts)
	}
	return shFile(p, name, rest, o.opts)
}

// shError prints bash's or dash's message for a bad command line and
// returns 2.
func shError(p *Proc, name, bashMsg, dashMsg string) int {
	if name == "sh" {
		fmt.Fprintf(p.Stderr, "sh: 0: %s\n", dashMsg)
	} else {
		fmt.Fprintf(p.Stderr, "%s: %s\n", bashPrefix, bashMsg)
	}
	return 2
}

// bashPrefix starts bash's own messages: the engine's shell speaks as
// "shellfence" where bash says "bash" (see DIFFERENCES.md).
const bashPrefix = "shellfence"

// shFile runs the script file rest[0] with the rest as its arguments.
func shFile(p *Proc, name string, rest, opts []string) int {
	file := rest[0]
	f, err := p.Open(file)
	if err == nil {
		if fi, serr := f.Stat(); serr == nil && fi.IsDir() {
			f.Close()
			err = errIsDir
		}
	}
	if err != nil {
		if name == "sh" && err == errIsDir {
			return 0 // dash reads a directory as an empty script
		}
		if name == "sh" {
			fmt.Fprintf(p.Stderr, "sh: 0: cannot open %s: %s\n", file, dashErrText(err))
			return 2
		}
		if err == errIsDir {
			fmt.Fprintf(p.Stderr, "%s: %s: Is a directory\n", file, file)
			return 126
		}
		fmt.Fprintf(p.Stderr, "%s: %s: %s\n", bashPrefix, file, ErrText(err))
		return 127
	}
	defer f.Close()
	script, err := io.ReadAll(io.LimitReader(f, shMaxScript))
	if err != nil {
		fmt.Fprintf(p.Stderr, "%s: %s: %s\n", name, file, ErrText(err))
		return 126
	}
	return shRun(p, string(script), rest, append([]string{ShellFile}, opts...))
}

func dashErrText(err error) string {
	if t := ErrText(err); t == "No such file or directory" {
		return "No such file"
	} else {
		return t
	}
}

// shRun runs script with args as $0 and the positional parameters.
func shRun(p *Proc, script string, args, opts []string) int {
	return shRunProc(p, p.Child(args), script, opts)
}

func shRunProc(p *Proc, q *Proc, script string, opts []string) int {
	if !p.CanShell() {
		p.Errorf("cannot run scripts here")
		return 126
	}
	return p.Shell(q, script, opts...)
}

// shParse reads the options of sh or bash. It returns the operands, and a
// status >= 0 when the shell must stop.
func shParse(p *Proc, name string, args []string) (*shOptions, []string, int) {
	o := &shOptions{}
	i := 0
	for ; i < len(args) && strings.HasPrefix(args[i], "--") && len(args[i]) > 2; i++ {
		n, code := shLong(p, name, o, args, i)
		if code >= 0 {
			return nil, nil, code
		}
		i += n
	}
	for ; i < len(args); i++ {
		a := args[i]
		if a == "--" || a == "-" {
			i++
			break
		}
		if len(a) < 2 || a[0] != '-' && a[0] != '+' {
			break
		}
		n, code := shShort(p, name, o, args, i)
		if code >= 0 {
			return nil, nil, code
		}
		i += n
	}
	return o, args[i:], -1
}

// shLong handles one --option; n counts the extra arguments it used.
func shLong(p *Proc, name string, o *shOptions, args []string, i int) (int, int) {
	a := args[i]
	if name == "sh" {
		return 0, shError(p, name, "", "Illegal option --")
	}
	switch a {
	case "--norc", "--noprofile", "--login", "--posix", "--noediting":
		return 0, -1
	case "--rcfile", "--init-file":
		return 1, -1
	case "--version":
		o.version = true
		return 0, -1
	case "--help":
		o.help = true
		return 0, -1
	case "--verbose", "--restricted", "--debugger", "--debug", "--dump-strings", "--dump-po-strings", "--pretty-print":
		p.Errorf("unsupported option %s (shellfence does not implement it)", a)
		return 0, 2
	}
	fmt.Fprintf(p.Stderr, "%s: %s: invalid option\n%s", bashPrefix, a, bashUsage)
	return 0, 2
}

// shSetOpts maps option letters to the interpreter's; letters that only
// matter to interactive shells are accepted and ignored.
var shSetOpts = map[byte]string{'a': "a", 'e': "e", 'f': "f", 'n': "n", 'u': "u", 'x': "x",
	'h': "", 'B': "", 'H': "", 'm': "", 'p': "", 'P': "", 'E': "", 'T': "", 'b': ""}

var shLongOpts = map[string]string{"allexport": "allexport", "errexit": "errexit", "noglob": "noglob",
	"noexec": "noexec", "nounset": "nounset", "xtrace": "xtrace", "pipefail": "pipefail",
	"braceexpand": "", "hashall": "", "histexpand": "", "monitor": "", "physical": "",
	"privileged": "", "emacs": "", "vi": "", "interactive-comments": "", "errtrace": "",
	"functrace": "", "notify": "", "history": "", "ignoreeof": "", "posix": "", "keyword": ""}

// shShort handles a cluster such as -ec or +x, or -o NAME.
func shShort(p *Proc, name string, o *shOptions, args []string, i int) (int, int) {
	a := args[i]
	sign := a[:1]
	used := 0
	for j := 1; j < len(a); j++ {
		c := a[j]
		switch {
		case c == 'c' && sign == "-":
			o.command = true
		case c == 's' && sign == "-":
			o.stdin = true
		case c == 'l' && sign == "-":
		case c == 'i' && sign == "-":
			p.Errorf("-i: interactive shells are not supported here")
			return 0, 2
		case c == 'o':
			if i+used+1 >= len(args) {
				return 0, shError(p, name, "-o: option requires an argument", "Illegal option -o")
			}
			used++
			opt := args[i+used]
			mapped, ok := shLongOpts[opt]
			if !ok {
				return 0, shError(p, name, name+": "+opt+": invalid option name", "Illegal option -o "+opt)
			}
			if mapped != "" {
				o.opts = append(o.opts, sign+"o", mapped)
			}
		default:
			mapped, ok := shSetOpts[c]
			if !ok {
				return 0, shBadLetter(p, name, sign, c)
			}
			if mapped != "" {
				o.opts = append(o.opts, sign+mapped)
			}
		}
	}
	return used, -1
}

func shBadLetter(p *Proc, name, sign string, c byte) int {
	if strings.IndexByte("vktCDO", c) >= 0 {
		p.Errorf("unsupported option %s%c (shellfence does not implement it)", sign, c)
		return 2
	}
	if name == "sh" {
		return shError(p, name, "", fmt.Sprintf("Illegal option %s%c", sign, c))
	}
	fmt.Fprintf(p.Stderr, "%s: %s%c: invalid option\n%s", bashPrefix, sign, c, bashUsage)
	return 2
}

const bashVersion = `GNU bash, version 5.2.15(1)-release (x86_64-pc-linux-gnu)
Copyright (C) 2022 Free Software Foundation, Inc.
License GPLv3+: GNU GPL version 3 or later <http://gnu.org/licenses/gpl.html>

This is free software; you are free to change and redistribute it.
There is NO WARRANTY, to the extent permitted by law.
`

const bashHelpHead = "GNU bash, version 5.2.15(1)-release-(x86_64-pc-linux-gnu)\n"

const bashUsage = "Usage:\tbash [GNU long option] [option] ...\n" +
	"\tbash [GNU long option] [option] script-file ...\n" +
	"GNU long options:\n" +
	"\t--debug\n\t--debugger\n\t--dump-po-strings\n\t--dump-strings\n\t--help\n\t--init-file\n" +
	"\t--login\n\t--noediting\n\t--noprofile\n\t--norc\n\t--posix\n\t--pretty-print\n\t--rcfile\n" +
	"\t--restricted\n\t--verbose\n\t--version\n" +
	"Shell options:\n" +
	"\t-ilrsD or -c command or -O shopt_option\t\t(invocation only)\n" +
	"\t-abefhkmnptuvxBCEHPT or -o option\n"

const bashHelpTail = "Type `bash -c \"help set\"' for more information about shell options.\n" +
	"Type `bash -c help' for more information about shell builtin commands.\n" +
	"Use the `bashbug' command to report bugs.\n\n" +
	"bash home page: <http://www.gnu.org/software/bash>\n" +
	"General help using GNU software: <http://www.gnu.org/gethelp/>\n"
