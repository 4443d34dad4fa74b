package builtins

// grep, egrep, fgrep - print lines that match patterns
//
//	grep [OPTION]... PATTERNS [FILE]...
//	grep [OPTION]... -e PATTERNS ... [FILE]...
//	grep [OPTION]... -f PATTERN_FILE ... [FILE]...
//
// Options: -E -F -G -P, -e PATTERNS, -f FILE, -i/-y, --no-ignore-case,
// -w, -x, -z, -s, -v, -V, --help, -m NUM, -b, -n, --line-buffered, -H,
// -h, --label=LABEL, -o, -q/--silent, --binary-files=TYPE, -a, -I,
// -d ACTION, -D ACTION, -r, -R, --include, --exclude, --exclude-from,
// --exclude-dir, -L, -l, -c, -T, -Z/--null, -A NUM, -B NUM, -C NUM,
// -NUM, --group-separator=SEP, --no-group-separator,
// --color[=WHEN]/--colour (GNU's default colors), -U (no effect, as in
// GNU on POSIX systems), -u (warns, as GNU). egrep is grep -E and fgrep
// grep -F (as Debian's GNU grep 3.8 installs them, without a warning).
//
// Patterns are GNU BRE/ERE read by edit/regex; -P is Go's regexp when
// it takes the pattern, else regexp2 (lookaround, back-references).
//
// Differences from GNU: -P error messages are regexp2's for the less
// common mistakes, and Unicode classes in regexp2 patterns (\w with
// lookaround) are wider than PCRE's ASCII ones; GREP_COLORS is ignored;
// the "input file is also the output" check is not made.
//
// Files: grep.go (entry), grep_opts.go (options), grep_match.go and
// grep_perl.go (matchers), grep_files.go (operands and -r),
// grep_search.go (reading, binary files, selection), grep_output.go.

import (
	"errors"
	"fmt"

	"github.com/shellfence/shellfence/builtins/internal/opt"
)

func grep(p *Proc) int { return grepMain(p, p.Args[1:]) }

// egrep is "grep -E", as GNU's egrep script runs it (messages say grep).
func egrep(p *Proc) int {
	return grepMain(p.Child([]string{"grep"}), append([]string{"-E"}, p.Args[1:]...))
}

// fgrep is "grep -F".
func fgrep(p *Proc) int {
	return grepMain(p.Child([]string{"grep"}), append([]string{"-F"}, p.Args[1:]...))
}

func grepMain(p *Proc, args []string) int {
	o := newGrepOpts()
	operands, err := p.parseGrep(o, args)
	if err != nil {
		return p.grepFail(err)
	}
	switch {
	case o.showHelp:
		fmt.Fprint(p.Stdout, helpText("grep"))
		return 0
	case o.version:
		fmt.Fprint(p.Stdout, versionText("grep"))
		return 0
	}
	if !o.havePat {
		if len(operands) == 0 {
			fmt.Fprintf(p.Stderr, "%s\nTry 'grep --help' for more information.\n", grepUsage)
			return 2
		}
		o.patterns, operands = operands[:1], operands[1:]
	}
	g, err := newGrepRun(p, o)
	if err != nil {
		return p.grepFail(err)
	}
	return g.run(operands)
}

// grepFail reports a fatal error and returns its status.
func (p *Proc) grepFail(err error) int {
	var ge *grepError
	var oe *opt.Error
	switch {
	case errors.As(err, &ge):
		p.Errorf("%s", ge.msg)
		return ge.status
	case errors.As(err, &oe):
		return p.usage(err, 2)
	}
	p.Errorf("%s", err.Error())
	return 2
}
