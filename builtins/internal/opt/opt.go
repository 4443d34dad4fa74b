// Package opt parses command lines the way GNU getopt_long does, for every
// builtin: clustered short options (-rn), attached and separate values
// (-n3, -n 3), long options with "=" and unambiguous prefixes, optional
// values (--color[=WHEN]), operands mixed with options unless the command
// stops at its first operand, and "--".
//
// A [Parser] is built fresh for each call of a builtin: there is no
// package-level state. Options GNU has but shellfence does not are declared
// with [Parser.Unsupported] and fail with exit status 2 and a message that
// says so; options GNU does not have fail with GNU's own message and the
// command's usage status.
package opt

import (
	"fmt"
	"strings"
)

// Arg says whether an option takes a value.
type Arg int

const (
	None     Arg = iota // no value
	Required            // a value, attached or in the next argument
	Optional            // a value only when attached (-xVAL or --long=VAL)
)

// Option is one option a command accepts.
type Option struct {
	Short rune   // 0 when there is no short form
	Long  string // "" when there is no long form
	// Also holds more short letters that are the same option (rm's -R
	// is its -r): see [Parser.Alias].
	Also string
	Arg  Arg
	// Do is called for every occurrence, in command-line order, with the
	// value ("" for None, and for Optional when none was given) and the
	// name as written (-x or --long), for messages.
	Do func(name, value string) error
}

// Parser holds the options of one command.
type Parser struct {
	Name string // the command name for messages (argv[0])
	// StopAtOperand makes the first operand end option parsing, as for
	// env, xargs and find.
	StopAtOperand bool
	// UsageStatus is the exit status for a bad command line (GNU's
	// coreutils mostly use 1; ls, grep, sort, diff and test use 2).
	UsageStatus int
	// NoTry leaves out GNU's "Try 'name --help'" line.
	NoTry bool

	// Hook, if set, sees the parse (a policy checking options, or a
	// probe listing them).
	Hook *Hook

	opts        []Option
	unsupported map[string]bool
}

// Hook watches a parse. Each func may be nil; an error from one ends the
// parse with that error.
type Hook struct {
	// Start is called when Parse begins, with the parser: its options
	// are all declared by then ([Parser.Options]).
	Start func(p *Parser) error
	// Option is called for each option met, in command-line order,
	// before its Do: with the option, the name as written and the value.
	Option func(o *Option, name, value string) error
	// End is called after the last option, with the operands.
	End func(operands []string) error
}

// New returns a parser for the command name with usage status 1.
func New(name string) *Parser {
	return &Parser{Name: name, UsageStatus: 1, unsupported: map[string]bool{}}
}

// Add adds options.
func (p *Parser) Add(opts ...Option) { p.opts = append(p.opts, opts...) }

// Options returns the options declared so far.
func (p *Parser) Options() []Option { return p.opts }

// Alias makes the short letter also a spelling of the option whose short
// letter is of (declared before): rm's -R is its -r, grep's -y its -i.
func (p *Parser) Alias(short, of rune) {
	if o := p.findShort(of); o != nil {
		o.Also += string(short)
	}
}

// Spellings returns every way o can be written, its first short letter
// first: "-r", "-R", "--recursive".
func (o *Option) Spellings() []string {
	var out []string
	if o.Short != 0 {
		out = append(out, "-"+string(o.Short))
	}
	for _, r := range o.Also {
		out = append(out, "-"+string(r))
	}
	if o.Long != "" {
		out = append(out, "--"+o.Long)
	}
	return out
}

// do runs o's Do after the hook has seen it.
func (p *Parser) do(o *Option, name, value string) error {
	if p.Hook != nil && p.Hook.Option != nil {
		if err := p.Hook.Option(o, name, value); err != nil {
			return err
		}
	}
	return o.Do(name, value)
}

// Flag adds an option without value that sets *b.
func (p *Parser) Flag(short rune, long string, b *bool) {
	p.Add(Option{Short: short, Long: long, Do: func(string, string) error { *b = true; return nil }})
}

// Func adds an option without value that calls f.
func (p *Parser) Func(short rune, long string, f func()) {
	p.Add(Option{Short: short, Long: long, Do: func(string, string) error { f(); return nil }})
}

// String adds an option with a required value stored in *s.
func (p *Parser) String(short rune, long string, s *string) {
	p.Add(Option{Short: short, Long: long, Arg: Required, Do: func(_, v string) error { *s = v; return nil }})
}

// Value adds an option with a required value handed to f.
func (p *Parser) Value(short rune, long string, f func(name, value string) error) {
	p.Add(Option{Short: short, Long: long, Arg: Required, Do: f})
}

// Unsupported declares options that GNU has but shellfence does not
// implement: short letters in shorts, long names in longs.
func (p *Parser) Unsupported(shorts string, longs ...string) {
	for _, r := range shorts {
		p.unsupported[string(r)] = true
	}
	for _, l := range longs {
		p.unsupported["--"+l] = true
	}
}

// Error is a bad command line. Its text is complete: the message, and
// unless the parser says NoTry, GNU's "Try ... --help" line.
type Error struct {
	Msg    string
	Status int
}

func (e *Error) Error() string { return e.Msg }

func (p *Parser) fail(format string, args ...any) error {
	msg := p.Name + ": " + fmt.Sprintf(format, args...)
	if !p.NoTry {
		msg += fmt.Sprintf("\nTry '%s --help' for more information.", p.Name)
	}
	return &Error{Msg: msg, Status: p.UsageStatus}
}

func (p *Parser) unsupportedErr(name string) error {
	return &Error{Msg: fmt.Sprintf("%s: unsupported option %s (shellfence does not implement it)", p.Name, name), Status: 2}
}

// Parse parses args (without argv[0]) and returns the operands.
func (p *Parser) Parse(args []string) ([]string, error) {
	if p.Hook != nil && p.Hook.Start != nil {
		if err := p.Hook.Start(p); err != nil {
			return nil, err
		}
	}
	operands, err := p.parse(args)
	if err == nil && p.Hook != nil && p.Hook.End != nil {
		err = p.Hook.End(operands)
	}
	if err != nil {
		return nil, err
	}
	return operands, nil
}

func (p *Parser) parse(args []string) ([]string, error) {
	var operands []string
	for i := 0; i < len(args); i++ {
		a := args[i]
		switch {
		case a == "--":
			return append(operands, args[i+1:]...), nil
		case strings.HasPrefix(a, "--"):
			n, err := p.long(args, i)
			if err != nil {
				return nil, err
			}
			i += n
		case len(a) > 1 && a[0] == '-':
			n, err := p.short(args, i)
			if err != nil {
				return nil, err
			}
			i += n
		default:
			if p.StopAtOperand {
				return append(operands, args[i:]...), nil
			}
			operands = append(operands, a)
		}
	}
	return operands, nil
}

// short parses the cluster args[i] and returns how many extra arguments it
// consumed.
func (p *Parser) short(args []string, i int) (int, error) {
	cluster := []rune(args[i][1:])
	for j := 0; j < len(cluster); j++ {
		c := cluster[j]
		o := p.findShort(c)
		if o == nil {
			if p.unsupported[string(c)] {
				return 0, p.unsupportedErr("-" + string(c))
			}
			return 0, p.fail("invalid option -- '%c'", c)
		}
		name := "-" + string(c)
		if o.Arg == None {
			if err := p.do(o, name, ""); err != nil {
				return 0, err
			}
			continue
		}
		rest := string(cluster[j+1:])
		if rest != "" || o.Arg == Optional {
			return 0, p.do(o, name, rest)
		}
		if i+1 >= len(args) {
			return 0, p.fail("option requires an argument -- '%c'", c)
		}
		return 1, p.do(o, name, args[i+1])
	}
	return 0, nil
}

func (p *Parser) findShort(c rune) *Option {
	for i := range p.opts {
		if p.opts[i].Short == c || strings.ContainsRune(p.opts[i].Also, c) {
			return &p.opts[i]
		}
	}
	return nil
}

// long parses args[i], a --name or --name=value option.
func (p *Parser) long(args []string, i int) (int, error) {
	name, value, hasValue := strings.Cut(args[i][2:], "=")
	o, err := p.findLong(name, args[i])
	if err != nil {
		return 0, err
	}
	full := "--" + o.Long
	switch {
	case o.Arg == None && hasValue:
		return 0, p.fail("option '%s' doesn't allow an argument", full)
	case o.Arg == None || o.Arg == Optional || hasValue:
		return 0, p.do(o, full, value)
	case i+1 >= len(args):
		return 0, p.fail("option '%s' requires an argument", full)
	}
	return 1, p.do(o, full, args[i+1])
}

// findLong finds the option whose long name is name or, failing that, the
// only one that starts with name. Messages quote the argument as written.
func (p *Parser) findLong(name, arg string) (*Option, error) {
	var matches []*Option
	for i := range p.opts {
		o := &p.opts[i]
		if o.Long == "" {
			continue
		}
		if o.Long == name {
			return o, nil
		}
		if strings.HasPrefix(o.Long, name) {
			matches = append(matches, o)
		}
	}
	switch {
	case len(matches) == 1:
		return matches[0], nil
	case len(matches) > 1:
		return nil, p.ambiguous(arg, matches)
	case p.unsupportedLong(name):
		return nil, p.unsupportedErr("--" + name)
	}
	return nil, p.fail("unrecognized option '%s'", arg)
}

func (p *Parser) unsupportedLong(name string) bool {
	for k := range p.unsupported {
		if strings.HasPrefix(k, "--"+name) {
			return true
		}
	}
	return false
}

func (p *Parser) ambiguous(arg string, matches []*Option) error {
	var b strings.Builder
	for _, m := range matches {
		fmt.Fprintf(&b, " '--%s'", m.Long)
	}
	return p.fail("option '%s' is ambiguous; possibilities:%s", arg, b.String())
}
