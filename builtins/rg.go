package builtins

// rg - ripgrep: search files recursively for lines matching a regex
//
//	rg [OPTIONS] PATTERN [PATH...]
//	rg [OPTIONS] -e PATTERN... [PATH...]
//	rg [OPTIONS] -f PATTERNFILE... [PATH...]
//	rg [OPTIONS] --files [PATH...]
//	rg --type-list
//
// Options: -e, -f, -F, -i, -S, -s, -w, -x, -v, -n/-N, -H/-I (as
// --with-filename/--no-filename), -l, --files-with-matches,
// --files-without-match, -c, --count-matches, -o, -r REPLACEMENT, -m NUM,
// -A/-B/-C NUM, --column, -b, --vimgrep, --heading/--no-heading, -0/--null,
// --json, -g GLOB (!GLOB excludes), --iglob, -t/-T TYPE, --type-list,
// --hidden, --no-ignore (and -vcs, -dot, -parent), -u/-uu/-uuu, -a,
// --binary, -L, --max-depth, --files, --sort path|none, --sortr,
// -j NUM, --color never, --no-messages, -q, --no-require-git.
//
// As ripgrep 13 when its output is not a terminal: no line numbers and
// no headings unless asked, paths relative as given, .gitignore (inside
// a git repository), .ignore and .rgignore honoured, hidden and binary
// files skipped in directories. Patterns are Rust regex syntax, run by
// Go's regexp (the same syntax, leftmost-first); \w, \d and \s are
// Unicode as in Rust.
//
// Differences: the order is always that of --sort path (ripgrep's
// default order is that of its threads); --type-list lists the common
// types only; JSON elapsed times are ours; \b is ASCII.
//
// Files: rg.go (entry, options), rg_regex.go, rg_ignore.go (ignore
// files, globs, types), rg_walk.go, rg_search.go, rg_print.go, rg_json.go.

import (
	"errors"
	"fmt"
	"strconv"
	"strings"

	"github.com/shellfence/shellfence/builtins/internal/opt"
)

type rgOpts struct {
	patterns      []string
	patFiles      []string
	fixed         bool
	caseMode      byte // 's' sensitive, 'i' insensitive, 'S' smart
	word, line    bool
	invert        bool
	lineNumber    int // -1 default, 0 off, 1 on
	withName      int // -1 default
	heading       int // -1 default
	list          byte
	count         bool
	countMatches  bool
	only          bool
	replace       *string
	maxCount      int64 // -1 none
	before, after int
	column        bool
	byteOffset    bool
	vimgrep       bool
	null          bool
	json          bool
	quiet         bool
	noMessages    bool
	globs         []rgGlobArg
	types         []string
	notTypes      []string
	typeList      bool
	hidden        bool
	noIgnoreVCS   bool
	noIgnoreDot   bool
	noIgnoreParen bool
	noIgnoreRg    bool // .rgignore too (only --no-ignore and -u)
	noRequireGit  bool
	binary        bool
	text          bool
	follow        bool
	maxDepth      int // -1 none
	files         bool
	sortPath      bool
	unrestricted  int
}

// rgGlobArg is one -g or --iglob.
type rgGlobArg struct {
	glob string
	fold bool
}

// rgUsage is clap's usage block, printed after argument errors.
const rgUsage = `USAGE:
    
    rg [OPTIONS] PATTERN [PATH ...]
    rg [OPTIONS] -e PATTERN ... [PATH ...]
    rg [OPTIONS] -f PATTERNFILE ... [PATH ...]
    rg [OPTIONS] --files [PATH ...]
    rg [OPTIONS] --type-list
    command | rg [OPTIONS] PATTERN
    rg [OPTIONS] --help
    rg [OPTIONS] --version

For more information try --help
`

// rgArgError is a command-line error worded as clap words it.
type rgArgError struct{ msg string }

func (e *rgArgError) Error() string { return e.msg }

func rg(p *Proc) int {
	o := &rgOpts{caseMode: 's', lineNumber: -1, withName: -1, heading: -1, maxCount: -1,
		before: -1, after: -1, maxDepth: -1}
	ops, err := p.rgParse(o, p.Args[1:])
	if code, ok := p.answerInfo(err); ok {
		return code
	}
	if err != nil {
		return p.rgArgFail(err)
	}
	if o.typeList {
		return p.rgTypeList()
	}
	if err := o.conflicts(); err != nil {
		return p.rgArgFail(err)
	}
	if !o.files && len(o.patterns) == 0 && len(o.patFiles) == 0 {
		if len(ops) == 0 {
			return p.rgArgFail(&rgArgError{"The following required arguments were not provided:\n    <PATTERN>"})
		}
		o.patterns, ops = ops[:1], ops[1:]
	}
	r, err := newRgRun(p, o)
	if err != nil {
		p.Flush()
		fmt.Fprintln(p.Stderr, err.Error())
		return 2
	}
	return r.run(ops)
}

// conflicts reports the options --json cannot be used with, and settles
// the ones that override others: -c and --count-matches win over -l and
// --files-without-match, and -o makes -c count matches.
func (o *rgOpts) conflicts() error {
	if o.json {
		for _, c := range []struct {
			on   bool
			name string
		}{{o.count, "--count"}, {o.countMatches, "--count-matches"}, {o.list == 'l', "--files-with-matches"},
			{o.list == 'L', "--files-without-match"}, {o.files, "--files"}} {
			if c.on {
				return &rgArgError{"The argument '" + c.name + "' cannot be used with '--json'"}
			}
		}
	}
	if o.count && o.only {
		o.count, o.countMatches = false, true
	}
	if o.count || o.countMatches {
		o.list = 0
	}
	return nil
}

// rgArgFail prints a command-line error as clap does (on standard error,
// status 2).
func (p *Proc) rgArgFail(err error) int {
	var oe *opt.Error
	msg := err.Error()
	if errors.As(err, &oe) {
		msg = rgClapText(oe.Msg)
	}
	p.Flush()
	if strings.HasPrefix(msg, "Invalid value") {
		fmt.Fprintf(p.Stderr, "error: %s\n\n", msg)
		return 2
	}
	fmt.Fprintf(p.Stderr, "error: %s\n\n%s\n", msg, rgUsage)
	return 2
}

// rgClapText rewords the option parser's GNU-style messages as clap's.
func rgClapText(msg string) string {
	_, msg, _ = strings.Cut(msg, ": ")
	msg, _, _ = strings.Cut(msg, "\n")
	quoted := func() string {
		i := strings.IndexByte(msg, '\'')
		j := strings.LastIndexByte(msg, '\'')
		if i < 0 || j <= i {
			return msg
		}
		return msg[i+1 : j]
	}
	switch {
	case strings.HasPrefix(msg, "unrecognized option"):
		return fmt.Sprintf("Found argument '%s' which wasn't expected, or isn't valid in this context", quoted())
	case strings.HasPrefix(msg, "invalid option"):
		return fmt.Sprintf("Found argument '-%s' which wasn't expected, or isn't valid in this context", quoted())
	case strings.HasPrefix(msg, "option requires an argument"):
		return rgNeedsValue("-" + quoted())
	case strings.HasSuffix(msg, "requires an argument"):
		return rgNeedsValue(quoted())
	}
	return msg
}

// rgValueNames are clap's names of the options' values.
var rgValueNames = map[string]string{
	"-e": "--regexp <PATTERN>...", "--regexp": "--regexp <PATTERN>...",
	"-f": "--file <PATTERNFILE>...", "--file": "--file <PATTERNFILE>...",
	"-g": "--glob <GLOB>...", "--glob": "--glob <GLOB>...", "--iglob": "--iglob <GLOB>...",
	"-t": "--type <TYPE>...", "--type": "--type <TYPE>...",
	"-T": "--type-not <TYPE>...", "--type-not": "--type-not <TYPE>...",
	"-m": "--max-count <NUM>", "--max-count": "--max-count <NUM>",
	"-A": "--after-context <NUM>", "--after-context": "--after-context <NUM>",
	"-B": "--before-context <NUM>", "--before-context": "--before-context <NUM>",
	"-C": "--context <NUM>", "--context": "--context <NUM>",
	"-r": "--replace <REPLACEMENT>", "--replace": "--replace <REPLACEMENT>",
	"-j": "--threads <NUM>", "--threads": "--threads <NUM>",
	"--max-depth": "--max-depth <NUM>", "--sort": "--sort <SORTBY>", "--color": "--color <WHEN>",
	"--colors": "--colors <COLOR_SPEC>...",
}

// rgNeedsValue is clap's message for an option given last without its
// value.
func rgNeedsValue(name string) string {
	if v, ok := rgValueNames[name]; ok {
		name = v
	}
	return fmt.Sprintf("The argument '%s' requires a value but none was supplied", name)
}

// rgNum parses a count option's value as clap reports a bad one.
func rgNum(name, v string) (int64, error) {
	n, err := strconv.ParseInt(v, 10, 64)
	if err != nil || n < 0 {
		why := "invalid digit found in string"
		if v == "" {
			why = "cannot parse integer from empty string"
		}
		return 0, &rgArgError{fmt.Sprintf("Invalid value for '%s <NUM>': %s", name, why)}
	}
	return n, nil
}

// rgReadPatterns reads the -f files: one pattern a line.
func (p *Proc) rgReadPatterns(o *rgOpts) error {
	for _, name := range o.patFiles {
		var data []byte
		var err error
		if name == "-" {
			data, err = p.readHeld(p.Stdin, 0)
		} else {
			data, err = p.readInputHeld(name)
		}
		if err != nil {
			return errors.New(name + ": " + rgErrText(err))
		}
		s := strings.TrimSuffix(strings.ReplaceAll(string(data), "\r\n", "\n"), "\n")
		if s == "" && len(data) == 0 {
			continue
		}
		o.patterns = append(o.patterns, strings.Split(s, "\n")...)
	}
	return nil
}
