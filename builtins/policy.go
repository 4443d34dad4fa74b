package builtins

// Policy support: every command that parses options with the one option
// parser (and find, whose primaries count as its options) shows each
// option it meets to [System.CheckOption] before the option has any
// effect, by its identity (all its spellings), so that a rule on rm's -r
// also holds for -R, --recursive, --rec, -rf and -fr. The same parsers,
// run as probes that stop before the command does anything, list each
// command's options ([Options]) and read a command line as the command
// would ([ParseArgs]) for analysis without running it.

import (
	"context"
	"errors"
	"io"
	"strings"

	"github.com/shellfence/shellfence/builtins/internal/opt"
	"github.com/shellfence/shellfence/vfs"
)

// OptionName is one option of a command by all its spellings, the
// canonical one first: "-r", "-R", "--recursive" (find's primaries as
// "-delete", "-depth", "-d").
type OptionName []string

// String names the option for messages: '-r' (--recursive), '-delete'.
func (n OptionName) String() string {
	if len(n) == 0 {
		return "''"
	}
	s := "'" + n[0] + "'"
	if long := n[len(n)-1]; strings.HasPrefix(long, "--") && long != n[0] {
		s += " (" + long + ")"
	}
	return s
}

// Has reports whether spelling is one of n's.
func (n OptionName) Has(spelling string) bool {
	for _, s := range n {
		if s == spelling {
			return true
		}
	}
	return false
}

// UsedOption is one option a command line gives, with its value.
type UsedOption struct {
	Name  OptionName
	Value string
}

// Parsed is a command line as its command's parser reads it.
type Parsed struct {
	Options  []UsedOption
	Operands []string
}

// Has reports whether the line gives the option spelled s (in any of
// its spellings).
func (p Parsed) Has(s string) bool {
	for _, u := range p.Options {
		if u.Name.Has(s) {
			return true
		}
	}
	return false
}

// optProbe runs a command only as far as its option parser: to list its
// options (list), or to record those a command line uses.
type optProbe struct {
	list   bool
	table  []OptionName
	parsed Parsed
	done   bool
}

// errProbe ends a probe's parse.
var errProbe = errors.New("option probe")

func (pr *optProbe) hook() *opt.Hook {
	return &opt.Hook{
		Start: func(ps *opt.Parser) error {
			if !pr.list || pr.done {
				return nil
			}
			for _, o := range ps.Options() {
				pr.table = append(pr.table, OptionName(o.Spellings()))
			}
			pr.done = true
			return errProbe
		},
		Option: func(o *opt.Option, _, value string) error {
			pr.see(OptionName(o.Spellings()), value)
			return nil
		},
		End: func(operands []string) error {
			pr.end(operands)
			return errProbe
		},
	}
}

func (pr *optProbe) see(n OptionName, value string) {
	if !pr.done {
		pr.parsed.Options = append(pr.parsed.Options, UsedOption{n, value})
	}
}

func (pr *optProbe) end(operands []string) {
	if !pr.done {
		pr.parsed.Operands, pr.done = operands, true
	}
}

// probing reports whether p runs as a probe.
func (p *Proc) probing() bool { return p.Sys != nil && p.Sys.probe != nil }

// optHook is the hook p's option parsers get: the probe's, or one that
// shows each option to the run's policy.
func (p *Proc) optHook() *opt.Hook {
	switch {
	case p.Sys == nil:
		return nil
	case p.Sys.probe != nil:
		return p.Sys.probe.hook()
	case p.Sys.CheckOption == nil:
		return nil
	}
	cmd := p.BaseName()
	check := p.Sys.CheckOption
	return &opt.Hook{Option: func(o *opt.Option, _, _ string) error {
		return check(cmd, OptionName(o.Spellings()))
	}}
}

// seeOption shows an option met by a parser of the command's own (find's)
// to the probe or the policy.
func (p *Proc) seeOption(n OptionName, value string) error {
	switch {
	case p.Sys == nil:
		return nil
	case p.Sys.probe != nil:
		p.Sys.probe.see(n, value)
		return nil
	case p.Sys.CheckOption != nil:
		return p.Sys.CheckOption(p.BaseName(), n)
	}
	return nil
}

// Options lists the options of the command name, each by all its
// spellings; false when the command has none its parser can show (echo,
// test, sh) or no such command exists.
func Options(name string) ([]OptionName, bool) {
	if name == "find" {
		return findOptionNames(), true
	}
	pr := &optProbe{list: true}
	runProbe("", []string{name}, nil, pr)
	return pr.table, pr.table != nil
}

// ParseArgs reads args (args[0] the command) as the command's parser
// does, running nothing: the options it uses and its operands. fsys, if
// not nil, is looked at read-only (find's -newer reads its reference
// file). False when the command has no such parser or the line does not
// parse.
func ParseArgs(fsys *vfs.FS, dir string, args []string) (Parsed, bool) {
	pr := &optProbe{}
	runProbe(dir, args, fsys, pr)
	return pr.parsed, pr.done
}

// runProbe runs the builtin args[0] as the probe pr, in dir.
func runProbe(dir string, args []string, fsys *vfs.FS, pr *optProbe) {
	f, ok := Lookup(baseName(args[0]))
	if !ok {
		return
	}
	if fsys == nil {
		fsys = vfs.NewMem("/")
	}
	if dir == "" {
		dir = fsys.Root()
	}
	p := &Proc{
		Ctx:    context.Background(),
		Args:   args,
		Stdin:  strings.NewReader(""),
		Stdout: io.Discard,
		Stderr: io.Discard,
		Dir:    dir,
		FS:     fsys.ReadOnly(),
		Sys:    &System{probe: pr},
	}
	Run(f, p)
}

// synopsisLines bounds a synopsis (bash's usage goes on for a page).
const synopsisLines = 6

// Synopsis returns the opening of the command's --help text: its usage
// lines and what it does (up to the first blank line), or "" when it
// prints none. The command runs only as far as printing its help, in an
// empty workspace of its own.
func Synopsis(name string) string {
	f, ok := Lookup(name)
	if !ok {
		return ""
	}
	var out strings.Builder
	fsys := vfs.NewMem("/").ReadOnly()
	p := &Proc{
		Ctx:    context.Background(),
		Args:   []string{name, "--help"},
		Stdin:  strings.NewReader(""),
		Stdout: &out,
		Stderr: io.Discard,
		Dir:    "/",
		FS:     fsys,
		Sys:    &System{},
	}
	if Run(f, p) != 0 {
		return ""
	}
	text, _, _ := strings.Cut(out.String(), "\n\n")
	lines := strings.Split(strings.TrimSpace(text), "\n")
	return strings.Join(lines[:min(len(lines), synopsisLines)], "\n")
}
