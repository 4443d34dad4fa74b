package builtins

// diff - compare files line by line
//
//	diff [OPTION]... FILE1 FILE2
//
// Output styles: normal (--normal, the default), -u/-U N/--unified[=N],
// -c/-C N/--context[=N] (with -p/--show-c-function), -y/--side-by-side
// with -W/--width,
// --left-column and --suppress-common-lines, -q/--brief, and
// -s/--report-identical-files. Comparison: -i, -w, -b, -Z, -E, -B, -I RE,
// -a/--text, --strip-trailing-cr, -d/--minimal, --horizon-lines.
// Directories: -r/--recursive, -N/--new-file, --unidirectional-new-file,
// -x PAT/--exclude, -X FILE/--exclude-from.
// Headers: -L/--label (twice). -H/--speed-large-files, -h and --binary
// have no effect, as in GNU on POSIX systems; -p alone selects -c.
// --color=never and --color=auto are accepted (output never goes to a
// terminal). FILE may be -, a directory, or a /dev/fd name from process
// substitution. Exit status 0 (same), 1 (different), 2
// (trouble).
//
// Differences from GNU: -e, -n, -D and the format options, -F,
// -S, -l, -t, -T, --tabsize, --from-file/--to-file, --color and
// --no-dereference are not implemented (they fail with status 2). File
// names sort by bytes in directory comparisons (C.UTF-8 collation).

import (
	"errors"
	"fmt"
	"strconv"
	"strings"

	"github.com/shellfence/shellfence/builtins/internal/opt"
	"github.com/shellfence/shellfence/builtins/internal/quote"
	"github.com/shellfence/shellfence/edit/regex"
	"github.com/shellfence/shellfence/patch"
)

// diffStyle is diff's output format.
type diffStyle int

const (
	styleUnset diffStyle = iota
	styleNormal
	styleUnified
	styleContext
	styleSide
)

type diffOpts struct {
	style        diffStyle
	context      int // -1 until given
	brief        bool
	reportSame   bool
	recursive    bool
	newFile      bool // -N
	newFirstOnly bool // --unidirectional-new-file
	text         bool // -a
	stripCR      bool
	horizon      int
	labels       []string
	cmp          patch.Options
	side         patch.SideOptions
	switches     string   // the options as given, for "diff -r" headers
	showFunction bool     // -p
	exclude      []string // -x patterns
	excludeFrom  []string // -X files
}

// errStyles is GNU's complaint about two output styles.
var errStyles = errors.New("conflicting output style options")

func (o *diffOpts) setStyle(s diffStyle) error {
	if o.style != styleUnset && o.style != s {
		return errStyles
	}
	o.style = s
	return nil
}

// setContext handles -c, -u, -C N, -U N and --context[=N], --unified[=N]:
// the largest context given wins.
func (o *diffOpts) setContext(s diffStyle, value string, given bool) error {
	n := 3
	if given {
		v, err := strconv.ParseUint(value, 10, 31)
		if err != nil {
			return fmt.Errorf("invalid context length '%s'", value)
		}
		n = int(v)
	}
	if err := o.setStyle(s); err != nil {
		return err
	}
	o.context = max(o.context, n)
	return nil
}

func diffFlags(p *Proc, o *diffOpts) *opt.Parser {
	f := p.newOpts(2)
	f.NoTry = true
	style := func(s diffStyle) func(string, string) error {
		return func(string, string) error { return o.setStyle(s) }
	}
	ctx := func(s diffStyle, arg opt.Arg) func(string, string) error {
		return func(_, v string) error { return o.setContext(s, v, arg == opt.Required || v != "") }
	}
	f.Add(opt.Option{Long: "normal", Do: style(styleNormal)},
		opt.Option{Short: 'y', Long: "side-by-side", Do: style(styleSide)},
		opt.Option{Short: 'c', Do: ctx(styleContext, opt.None)},
		opt.Option{Short: 'u', Do: ctx(styleUnified, opt.None)},
		opt.Option{Short: 'C', Arg: opt.Required, Do: ctx(styleContext, opt.Required)},
		opt.Option{Short: 'U', Arg: opt.Required, Do: ctx(styleUnified, opt.Required)},
		opt.Option{Long: "context", Arg: opt.Optional, Do: ctx(styleContext, opt.Optional)},
		opt.Option{Long: "unified", Arg: opt.Optional, Do: ctx(styleUnified, opt.Optional)},
		opt.Option{Short: 'W', Long: "width", Arg: opt.Required, Do: func(_, v string) error {
			n, err := strconv.ParseUint(v, 10, 31)
			if err != nil || n == 0 {
				return fmt.Errorf("invalid width '%s'", v)
			}
			o.side.Width = int(n)
			return nil
		}},
		opt.Option{Long: "horizon-lines", Arg: opt.Required, Do: func(_, v string) error {
			n, err := strconv.ParseUint(v, 10, 31)
			if err != nil {
				return fmt.Errorf("invalid horizon length '%s'", v)
			}
			o.horizon = int(n)
			return nil
		}},
		opt.Option{Short: 'L', Long: "label", Arg: opt.Required, Do: func(_, v string) error {
			if len(o.labels) == 2 {
				return fatalError{"too many file label options"}
			}
			o.labels = append(o.labels, v)
			return nil
		}})
	diffBools(f, o)
	for d := '0'; d <= '9'; d++ {
		f.Func(d, "", func() {}) // -NUM, read by obsoleteContext
	}
	f.Add(opt.Option{Short: 'x', Long: "exclude", Arg: opt.Required, Do: func(_, v string) error {
		o.exclude = append(o.exclude, v)
		return nil
	}}, opt.Option{Short: 'X', Long: "exclude-from", Arg: opt.Required, Do: func(_, v string) error {
		o.excludeFrom = append(o.excludeFrom, v)
		return nil
	}})
	f.Add(opt.Option{Long: "color", Arg: opt.Optional, Do: func(_, v string) error {
		if v != "" && v != "never" && v != "auto" {
			return unsupportedErr{"--color=" + v}
		}
		return nil // output is never a terminal: no colors
	}})
	f.Flag('H', "speed-large-files", new(bool)) // no effect in GNU either
	f.Flag('h', "", new(bool))
	f.Flag(0, "binary", new(bool)) // no effect on POSIX systems
	f.Add(opt.Option{Short: 'I', Long: "ignore-matching-lines", Arg: opt.Required, Do: func(_, v string) error {
		return o.ignoreMatching(v)
	}})
	f.Unsupported("enDFtTlS", "ed", "rcs", "ifdef", "show-function-line",
		"expand-tabs", "initial-tab", "tabsize", "paginate", "starting-file", "from-file", "to-file", "palette", "no-dereference",
		"suppress-blank-empty", "ignore-file-name-case", "no-ignore-file-name-case",
		"line-format", "old-line-format", "new-line-format", "unchanged-line-format",
		"old-group-format", "new-group-format", "unchanged-group-format", "changed-group-format")
	addToolInfo(f, "diff", 'v')
	return f
}

// ignoreMatching adds an -I pattern (GNU grep's basic syntax): changes
// whose lines all match one of them do not count. A bad pattern ends diff
// at once, as in GNU.
func (o *diffOpts) ignoreMatching(pattern string) error {
	re, err := regex.Compile(pattern, regex.Options{Grep: true})
	if err != nil {
		return fatalError{pattern + ": " + err.Error()}
	}
	prev := o.cmp.IgnoreLine
	o.cmp.IgnoreLine = func(line []byte) bool {
		return prev != nil && prev(line) || re.Match(line)
	}
	return nil
}

func diffBools(f *opt.Parser, o *diffOpts) {
	f.Flag('q', "brief", &o.brief)
	f.Flag('s', "report-identical-files", &o.reportSame)
	f.Flag('r', "recursive", &o.recursive)
	f.Flag('N', "new-file", &o.newFile)
	f.Flag('P', "unidirectional-new-file", &o.newFirstOnly)
	f.Flag('a', "text", &o.text)
	f.Flag(0, "strip-trailing-cr", &o.stripCR)
	f.Flag('i', "ignore-case", &o.cmp.IgnoreCase)
	f.Flag('w', "ignore-all-space", &o.cmp.IgnoreAllSpace)
	f.Flag('b', "ignore-space-change", &o.cmp.IgnoreSpaceChange)
	f.Flag('Z', "ignore-trailing-space", &o.cmp.IgnoreTrailingSpace)
	f.Flag('E', "ignore-tab-expansion", &o.cmp.IgnoreTabExpansion)
	f.Flag('B', "ignore-blank-lines", &o.cmp.IgnoreBlankLines)
	f.Flag('d', "minimal", &o.cmp.Minimal)
	f.Flag(0, "left-column", &o.side.LeftColumn)
	f.Flag(0, "suppress-common-lines", &o.side.SuppressCommon)
	f.Flag('p', "show-c-function", &o.showFunction)
}

func diff(p *Proc) int {
	o := diffOpts{context: -1}
	files, err := diffFlags(p, &o).Parse(p.Args[1:])
	if err == nil {
		err = diffOperands(files)
	}
	if err != nil {
		return p.diffUsage(err)
	}
	if o.style == styleUnset {
		o.style = styleNormal
		if o.showFunction { // GNU: -p without a format asks for context
			o.style, o.context = styleContext, max(o.context, 3)
		}
	}
	if n, ok := obsoleteContext(p.Args[1:]); ok && (o.style == styleUnified || o.style == styleContext) {
		o.context = n
	}
	if o.context < 0 {
		o.context = 0
	}
	o.switches = optionWords(p.Args[1:], files)
	for _, name := range o.excludeFrom {
		pats, err := p.readLines(name)
		if err != nil {
			p.Errorf("%s: %s", name, ErrText(err))
			return 2
		}
		o.exclude = append(o.exclude, pats...)
	}
	d := &differ{p: p, o: &o}
	d.compareTop(files[0], files[1])
	if err := p.Flush(); err != nil {
		return p.WriteFailed(err)
	}
	return d.status
}

func diffOperands(files []string) error {
	switch {
	case len(files) == 0:
		return errors.New("missing operand after 'diff'")
	case len(files) == 1:
		return fmt.Errorf("missing operand after '%s'", files[0])
	case len(files) > 2:
		return fmt.Errorf("extra operand '%s'", files[2])
	}
	return nil
}

// diffUsage reports a bad command line the way diff and cmp do, with the
// program name on the "Try" line too.
func (p *Proc) diffUsage(err error) int {
	if code, ok := p.answerInfo(err); ok {
		return code
	}
	var oe *opt.Error
	var fe fatalError
	switch {
	case errors.As(err, &fe):
		p.Errorf("%s", fe.msg)
		return 2
	case errors.As(err, new(unsupportedErr)):
		p.Errorf("%s", err.Error())
		return 2
	case errors.As(err, &oe):
		fmt.Fprintln(p.Stderr, oe.Msg)
		if strings.Contains(oe.Msg, "unsupported option") {
			return 2
		}
	default:
		p.Errorf("%s", err.Error())
	}
	fmt.Fprintf(p.Stderr, "%s: Try '%s --help' for more information.\n", p.Name(), p.Name())
	return 2
}

// unsupportedErr is a value of an option that shellfence does not
// implement.
type unsupportedErr struct{ what string }

func (e unsupportedErr) Error() string {
	return "unsupported option " + e.what + " (shellfence does not implement it)"
}

// fatalError is a bad command line that GNU reports without the "Try"
// line.
type fatalError struct{ msg string }

func (e fatalError) Error() string { return e.msg }

// optionWords returns the options of args as GNU diff echoes them in
// "diff -r" headers: every argument that is not an operand, in order,
// shell-quoted, each after a space.
func optionWords(args, operands []string) string {
	var b strings.Builder
	rest := operands
	for i, a := range args {
		if a == "--" {
			b.WriteString(" --")
			break
		}
		if len(rest) > 0 && a == rest[0] && !isOptionValue(args, i) {
			rest = rest[1:]
			continue
		}
		b.WriteString(" " + quote.Shell(a))
	}
	return b.String()
}

// isOptionValue reports whether args[i] is the value of the option
// before it (-U 5, --label X).
func isOptionValue(args []string, i int) bool {
	if i == 0 {
		return false
	}
	prev := args[i-1]
	if strings.HasPrefix(prev, "--") {
		if strings.Contains(prev, "=") {
			return false
		}
		for _, l := range []string{"width", "label", "horizon-lines"} {
			if len(prev) > 3 && strings.HasPrefix(l, prev[2:]) {
				return true
			}
		}
		return false
	}
	if len(prev) < 2 || prev[0] != '-' {
		return false
	}
	last := strings.IndexAny(prev[1:], "CUW")
	return last >= 0 && last == len(prev)-2
}

// obsoleteContext reads the old -NUM context option: digits given as
// options, consecutive ones (even across arguments) making one number.
// It wins over -C and -U.
func obsoleteContext(args []string) (int, bool) {
	n, set, prevDigit := 0, false, false
	for i := 0; i < len(args); i++ {
		a := args[i]
		if a == "--" {
			break
		}
		if strings.HasPrefix(a, "--") {
			prevDigit = false
			if !strings.Contains(a, "=") && isOptionValue(args, i+1) {
				i++
			}
			continue
		}
		if len(a) < 2 || a[0] != '-' {
			continue
		}
		for j := 1; j < len(a); j++ {
			c := a[j]
			if strings.IndexByte("CUWFIxXSLD", c) >= 0 {
				if j == len(a)-1 {
					i++
				}
				prevDigit = false
				break
			}
			if c < '0' || c > '9' {
				prevDigit = false
				continue
			}
			if !prevDigit {
				n = 0
			}
			n = min(n*10+int(c-'0'), 1<<30)
			set, prevDigit = true, true
		}
	}
	return n, set
}

// readLines reads the lines of a file (diff -X).
func (p *Proc) readLines(name string) ([]string, error) {
	in, done, err := p.openInput(name)
	if err != nil {
		return nil, err
	}
	defer done()
	data, err := p.readHeld(in, 0)
	if err != nil {
		return nil, err
	}
	var out []string
	for _, l := range strings.Split(string(data), "\n") {
		if l != "" {
			out = append(out, l)
		}
	}
	return out, nil
}
