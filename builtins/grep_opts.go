package builtins

import (
	"errors"
	"fmt"
	"math"
	"strconv"
	"strings"

	"github.com/shellfence/shellfence/builtins/internal/opt"
)

// grepOpts is a parsed grep command line.
type grepOpts struct {
	matcher    byte // 'G', 'E', 'F' or 'P'; 0 until one is chosen
	patterns   []string
	havePat    bool // -e or -f was given
	ignoreCase bool
	word, line bool
	nullData   bool // -z
	noMessages bool
	invert     bool
	maxCount   int64 // -1: no limit
	byteOffset bool
	lineNumber bool
	lineBuf    bool
	withName   int // -1 unset, 0 -h, 1 -H
	label      string
	only       bool
	quiet      bool
	binary     string // "binary", "text" or "without-match"
	dirs       string // "read", "recurse" or "skip"
	devices    string // "read", "skip", or "" (read only command-line devices)
	deref      bool   // -R
	files      []grepGlob
	dirGlobs   []string
	list       byte // 'l', 'L' or 0
	count      bool
	initialTab bool
	nullName   bool // -Z
	before     int  // -1 unset
	after      int
	context    int
	groupSep   string
	noGroupSep bool
	color      bool
	showHelp   bool
	version    bool
}

// grepGlob is one --include or --exclude pattern, in command-line order.
type grepGlob struct {
	pattern string
	include bool
}

const grepUsage = "Usage: grep [OPTION]... PATTERNS [FILE]..."

// grepError is a fatal command-line error: its message (after "grep: ")
// and GNU's exit status.
type grepError struct {
	msg    string
	status int
}

func (e *grepError) Error() string { return e.msg }

func newGrepOpts() *grepOpts {
	return &grepOpts{maxCount: -1, withName: -1, label: "(standard input)", binary: "binary",
		dirs: "read", before: -1, after: -1, context: -1, groupSep: "--"}
}

// parseGrep parses args (without argv[0]) and returns the operands.
func (p *Proc) parseGrep(o *grepOpts, args []string) ([]string, error) {
	f := p.newOpts(2)
	f.Name = p.Name()
	o.define(p, f)
	ops, err := f.Parse(grepDigitContext(args))
	if err != nil {
		var oe *opt.Error
		if errors.As(err, &oe) && strings.Contains(oe.Msg, "\nTry '") {
			// GNU names itself by argv[0] in the message and "grep" in
			// the usage lines.
			oe.Msg = strings.Replace(oe.Msg, "\nTry '"+p.Name()+" ", "\n"+grepUsage+"\nTry 'grep ", 1)
		}
		return nil, err
	}
	if o.matcher == 0 {
		o.matcher = 'G'
	}
	return ops, nil
}

// define declares grep's options on f.
func (o *grepOpts) define(p *Proc, f *opt.Parser) {
	for _, m := range []struct {
		c    rune
		long string
	}{{'E', "extended-regexp"}, {'F', "fixed-strings"}, {'G', "basic-regexp"}, {'P', "perl-regexp"}} {
		c := byte(m.c)
		f.Add(opt.Option{Short: m.c, Long: m.long, Do: func(string, string) error { return o.setMatcher(c) }})
	}
	f.Value('e', "regexp", func(_, v string) error { o.patterns, o.havePat = append(o.patterns, v), true; return nil })
	f.Value('f', "file", func(_, v string) error { return o.readPatterns(p, v) })
	f.Flag('i', "ignore-case", &o.ignoreCase)
	f.Alias('y', 'i')
	f.Func(0, "no-ignore-case", func() { o.ignoreCase = false })
	f.Flag('w', "word-regexp", &o.word)
	f.Flag('x', "line-regexp", &o.line)
	f.Flag('z', "null-data", &o.nullData)
	f.Flag('s', "no-messages", &o.noMessages)
	f.Flag('v', "invert-match", &o.invert)
	f.Flag('V', "version", &o.version)
	f.Flag(0, "help", &o.showHelp)
	f.Value('m', "max-count", o.setMax)
	f.Flag('b', "byte-offset", &o.byteOffset)
	f.Flag('n', "line-number", &o.lineNumber)
	f.Flag(0, "line-buffered", &o.lineBuf)
	f.Func('H', "with-filename", func() { o.withName = 1 })
	f.Func('h', "no-filename", func() { o.withName = 0 })
	f.String(0, "label", &o.label)
	f.Flag('o', "only-matching", &o.only)
	f.Flag('q', "quiet", &o.quiet)
	f.Flag(0, "silent", &o.quiet)
	f.Value(0, "binary-files", o.setBinary)
	f.Func('a', "text", func() { o.binary = "text" })
	f.Func('I', "", func() { o.binary = "without-match" })
	f.Value('d', "directories", o.setDirs)
	f.Value('D', "devices", o.setDevices)
	f.Func('r', "recursive", func() { o.dirs, o.deref = "recurse", false })
	f.Func('R', "dereference-recursive", func() { o.dirs, o.deref = "recurse", true })
	f.Value(0, "include", func(_, v string) error { o.files = append(o.files, grepGlob{v, true}); return nil })
	f.Value(0, "exclude", func(_, v string) error { o.files = append(o.files, grepGlob{v, false}); return nil })
	f.Value(0, "exclude-from", func(_, v string) error { return o.excludeFrom(p, v) })
	f.Value(0, "exclude-dir", func(_, v string) error { o.dirGlobs = append(o.dirGlobs, v); return nil })
	f.Func('L', "files-without-match", func() { o.list = 'L' })
	f.Func('l', "files-with-matches", func() { o.list = 'l' })
	f.Flag('c', "count", &o.count)
	f.Flag('T', "initial-tab", &o.initialTab)
	f.Flag('Z', "null", &o.nullName)
	f.Value('A', "after-context", func(_, v string) error { return setContext(&o.after, v) })
	f.Value('B', "before-context", func(_, v string) error { return setContext(&o.before, v) })
	f.Value('C', "context", func(_, v string) error { return setContext(&o.context, v) })
	f.Value(0, "group-separator", func(_, v string) error { o.groupSep, o.noGroupSep = v, false; return nil })
	f.Func(0, "no-group-separator", func() { o.noGroupSep = true })
	for _, name := range []string{"color", "colour"} {
		f.Add(opt.Option{Long: name, Arg: opt.Optional, Do: o.setColor})
	}
	f.Func('U', "binary", func() {})
	f.Func('u', "unix-byte-offsets", func() { p.Errorf("warning: --unix-byte-offsets (-u) is obsolete") })
}

func (o *grepOpts) setMatcher(c byte) error {
	if o.matcher != 0 && o.matcher != c {
		return &grepError{"conflicting matchers specified", 2}
	}
	o.matcher = c
	return nil
}

func (o *grepOpts) setMax(_, v string) error {
	n, err := strconv.ParseInt(v, 10, 64)
	if err != nil {
		if ne, ok := err.(*strconv.NumError); !ok || ne.Err != strconv.ErrRange {
			return &grepError{"invalid max count", 2}
		}
		n = math.MaxInt64
		if strings.HasPrefix(v, "-") {
			n = -1
		}
	}
	o.maxCount = max(n, -1)
	return nil
}

// setContext parses a context length as GNU does: a non-negative decimal
// number, saturating when huge.
func setContext(dst *int, v string) error {
	n, err := strconv.ParseInt(v, 10, 64)
	if err != nil {
		if ne, ok := err.(*strconv.NumError); ok && ne.Err == strconv.ErrRange && !strings.HasPrefix(v, "-") {
			n = math.MaxInt32
		} else {
			return &grepError{fmt.Sprintf("%s: invalid context length argument", v), 2}
		}
	}
	if n < 0 {
		return &grepError{fmt.Sprintf("%s: invalid context length argument", v), 2}
	}
	*dst = int(min(n, math.MaxInt32))
	return nil
}

func (o *grepOpts) setBinary(_, v string) error {
	switch v {
	case "binary", "text", "without-match":
		o.binary = v
		return nil
	}
	return &grepError{"unknown binary-files type", 2}
}

func (o *grepOpts) setDirs(_, v string) error {
	switch v {
	case "read", "recurse", "skip":
		o.dirs = v
		return nil
	}
	return &grepError{"invalid argument ‘" + v + "’ for ‘--directories’\n" +
		"Valid arguments are:\n  - ‘read’\n  - ‘recurse’\n  - ‘skip’\n" +
		grepUsage + "\nTry 'grep --help' for more information.", 1}
}

func (o *grepOpts) setDevices(_, v string) error {
	if v != "read" && v != "skip" {
		return &grepError{"unknown devices method", 2}
	}
	o.devices = v
	return nil
}

func (o *grepOpts) setColor(_, v string) error {
	switch strings.ToLower(v) {
	case "always", "yes", "force":
		o.color = true
	case "", "never", "no", "none", "auto", "tty", "if-tty":
		o.color = false
	default:
		o.showHelp = true
	}
	return nil
}

// readPatterns reads -f FILE: one pattern per line.
func (o *grepOpts) readPatterns(p *Proc, name string) error {
	data, err := p.readAllInput(name)
	if err != nil {
		return &grepError{fmt.Sprintf("%s: %s", name, ErrText(err)), 2}
	}
	s := strings.TrimSuffix(string(data), "\n")
	if len(data) > 0 {
		o.patterns = append(o.patterns, s)
	}
	o.havePat = true
	return nil
}

// excludeFrom reads --exclude-from=FILE: one glob per line.
func (o *grepOpts) excludeFrom(p *Proc, name string) error {
	data, err := p.readAllInput(name)
	if err != nil {
		return &grepError{fmt.Sprintf("%s: %s", name, ErrText(err)), 2}
	}
	for _, l := range strings.Split(strings.TrimSuffix(string(data), "\n"), "\n") {
		if l != "" {
			o.files = append(o.files, grepGlob{l, false})
		}
	}
	return nil
}

// grepDigitContext turns the digits inside option clusters (-5, -n3)
// into --context=N, as GNU grep reads -NUM. Digits in one argument join.
func grepDigitContext(args []string) []string {
	out := make([]string, 0, len(args))
	for i := 0; i < len(args); i++ {
		a := args[i]
		if a == "--" {
			return append(out, args[i:]...)
		}
		if strings.HasPrefix(a, "--") {
			out = append(out, a)
			if grepLongTakesNext(a[2:]) && i+1 < len(args) {
				i++
				out = append(out, args[i])
			}
			continue
		}
		if len(a) < 2 || a[0] != '-' {
			out = append(out, a)
			continue
		}
		rest, digits, takesNext := splitDigits(a[1:])
		if rest != "" {
			out = append(out, "-"+rest)
		}
		if digits != "" {
			out = append(out, "--context="+digits)
		}
		if takesNext && i+1 < len(args) {
			i++
			out = append(out, args[i])
		}
	}
	return out
}

// splitDigits removes the digits from a cluster of short options, up to
// an option that takes a value (the rest of the cluster is its value).
func splitDigits(cluster string) (rest, digits string, takesNext bool) {
	var b strings.Builder
	for i := 0; i < len(cluster); i++ {
		c := cluster[i]
		switch {
		case c >= '0' && c <= '9':
			digits += string(c)
		case strings.IndexByte("ABCDdefm", c) >= 0:
			b.WriteString(cluster[i:])
			return b.String(), digits, i == len(cluster)-1
		default:
			b.WriteByte(c)
		}
	}
	return b.String(), digits, false
}

// grepLongValued lists the long options whose value may be the next
// argument.
var grepLongValued = []string{"regexp", "file", "max-count", "label", "binary-files",
	"directories", "devices", "include", "exclude", "exclude-from", "exclude-dir",
	"after-context", "before-context", "context", "group-separator"}

func grepLongTakesNext(name string) bool {
	if name == "" || strings.Contains(name, "=") {
		return false
	}
	for _, l := range grepLongValued {
		if strings.HasPrefix(l, name) {
			return true
		}
	}
	return false
}
