package builtins

// jq - commandline JSON processor (jq 1.7.1's command line over gojq)
//
//	jq [OPTION]... FILTER [FILE]...
//	jq [OPTION]... --args FILTER [STRING]...
//	jq [OPTION]... --jsonargs FILTER [JSON]...
//
// Options: -n -R -s -c -r -j -a -S -C -M -e -f --tab --indent N
// --raw-output0 --unbuffered --arg --argjson --slurpfile --rawfile --args
// --jsonargs -h -V. The language is gojq's (github.com/itchyny/gojq);
// reading, writing, messages and exit statuses are jq 1.7.1's. Files are
// read through the workspace; $ENV and env show only the run's
// environment; modules (import, include, -L) are refused. Differences
// from jq are in conformance/DIFFERENCES.md (key order of objects a
// filter builds, gojq's own error messages).

import (
	"strings"
)

// jqOptions is a parsed jq command line.
type jqOptions struct {
	program     string
	haveProgram bool
	fromFile    bool
	files       []string
	positional  []any
	named       map[string]any
	namedKeys   []string
	nullInput   bool
	rawInput    bool
	slurp       bool
	rawOutput   bool
	joinOutput  bool
	nulOutput   bool
	exitStatus  bool
	enc         jqEncoder
	argFiles    [][3]string // rawfile/slurpfile: kind, name, file
	ord         *jqOrder
}

// jqUsageError is a bad command line: message, then jq's hint, exit 2.
type jqUsageError string

func (e jqUsageError) Error() string { return string(e) }

// jqOptish reports whether jq takes arg as an option.
func jqOptish(arg string) bool {
	return len(arg) >= 2 && arg[0] == '-' && (arg[1] == '-' || isASCIILetter(arg[1]))
}

func isASCIILetter(c byte) bool { return c >= 'a' && c <= 'z' || c >= 'A' && c <= 'Z' }

// parseJQArgs parses args as jq 1.7.1's main does.
func parseJQArgs(args []string) (*jqOptions, error) {
	o := &jqOptions{named: map[string]any{}, enc: jqEncoder{indent: 2}, ord: newJQOrder()}
	strArgs, jsonArgs, done := false, false, false
	for i := 0; i < len(args); i++ {
		a := args[i]
		if done || !jqOptish(a) {
			if err := o.operand(a, strArgs, jsonArgs); err != nil {
				return nil, err
			}
			continue
		}
		if a == "--" {
			done = true
			continue
		}
		if strings.HasPrefix(a, "--") {
			n, err := o.long(a[2:], args[i+1:], &strArgs, &jsonArgs)
			if err != nil {
				return nil, err
			}
			i += n
			continue
		}
		for _, c := range a[1:] {
			if err := o.short(c, a); err != nil {
				return nil, err
			}
		}
	}
	return o, nil
}

// operand takes a non-option argument: the filter, then files or
// positional values.
func (o *jqOptions) operand(a string, strArgs, jsonArgs bool) error {
	switch {
	case !o.haveProgram:
		o.program, o.haveProgram = a, true
	case strArgs:
		o.positional = append(o.positional, a)
	case jsonArgs:
		v, err := parseJSONText(a, o.ord)
		if err != nil {
			return jqUsageError("jq: invalid JSON text passed to --jsonargs")
		}
		o.positional = append(o.positional, v)
	default:
		o.files = append(o.files, a)
	}
	return nil
}

// short sets the short option c of the cluster arg.
func (o *jqOptions) short(c rune, arg string) error {
	switch c {
	case 's':
		o.slurp = true
	case 'r':
		o.rawOutput = true
	case 'j':
		o.rawOutput, o.joinOutput = true, true
	case 'c':
		o.enc.indent, o.enc.tab = 0, false
	case 'C':
		o.enc.color = true
	case 'M':
		o.enc.color = false
	case 'a':
		o.enc.ascii = true
	case 'S':
		o.enc.sortKeys = true
	case 'R':
		o.rawInput = true
	case 'n':
		o.nullInput = true
	case 'f':
		o.fromFile = true
	case 'e':
		o.exitStatus = true
	case 'h':
		return infoText(helpText("jq"))
	case 'V':
		return infoText(versionText("jq"))
	case 'L':
		return jqUsageError("jq: -L: shellfence loads no jq modules")
	default:
		return jqUsageError("jq: Unknown option: " + arg)
	}
	return nil
}

// long sets the long option name; rest are the arguments after it. It
// returns how many of them the option consumed.
func (o *jqOptions) long(name string, rest []string, strArgs, jsonArgs *bool) (int, error) {
	flags := map[string]rune{"slurp": 's', "raw-output": 'r', "join-output": 'j',
		"compact-output": 'c', "color-output": 'C', "monochrome-output": 'M',
		"ascii-output": 'a', "sort-keys": 'S', "raw-input": 'R', "null-input": 'n',
		"from-file": 'f', "exit-status": 'e', "help": 'h', "version": 'V', "library-path": 'L'}
	if c, ok := flags[name]; ok {
		return 0, o.short(c, "--"+name)
	}
	switch name {
	case "raw-output0":
		o.rawOutput, o.joinOutput, o.nulOutput = true, true, true
	case "unbuffered":
	case "tab":
		o.enc.tab, o.enc.indent = true, 0
	case "indent":
		return o.indent(rest)
	case "args":
		*strArgs, *jsonArgs = true, false
	case "jsonargs":
		*strArgs, *jsonArgs = false, true
	case "arg", "argjson", "slurpfile", "rawfile":
		return o.namedArg(name, rest)
	case "seq", "stream", "stream-errors", "debug-dump-disasm", "debug-trace", "debug-trace=all", "run-tests", "build-configuration":
		return 0, jqUsageError("jq: --" + name + ": unsupported option (shellfence does not implement it)")
	default:
		return 0, jqUsageError("jq: Unknown option: --" + name)
	}
	return 0, nil
}

func (o *jqOptions) indent(rest []string) (int, error) {
	if len(rest) == 0 {
		return 0, jqUsageError("jq: --indent takes one parameter")
	}
	n := atoiPrefix(rest[0]) // as C's atoi
	if n < -1 || n > 7 {
		return 0, jqUsageError("jq: --indent takes a number between -1 and 7")
	}
	o.enc.tab, o.enc.indent = false, int(max(n, 0))
	return 1, nil
}

// namedArg takes --arg, --argjson, --slurpfile or --rawfile; the first
// definition of a name wins, as in jq.
func (o *jqOptions) namedArg(kind string, rest []string) (int, error) {
	if len(rest) < 2 {
		what := map[string]string{"arg": "value", "argjson": "text"}[kind]
		if what == "" {
			what = "filename"
		}
		return 0, jqUsageError("jq: --" + kind + " takes two parameters (e.g. --" + kind + " varname " + what + ")")
	}
	name, val := rest[0], rest[1]
	if _, dup := o.named[name]; dup {
		return 2, nil
	}
	switch kind {
	case "arg":
		o.setNamed(name, val)
	case "argjson":
		v, err := parseJSONText(val, o.ord)
		if err != nil {
			return 0, jqUsageError("jq: invalid JSON text passed to --argjson")
		}
		o.setNamed(name, v)
	default:
		o.setNamed(name, nil)
		o.argFiles = append(o.argFiles, [3]string{kind, name, val})
	}
	return 2, nil
}

func (o *jqOptions) setNamed(name string, v any) {
	o.named[name] = v
	o.namedKeys = append(o.namedKeys, name)
}

// parseJSONText parses exactly one JSON value.
func parseJSONText(s string, ord *jqOrder) (any, error) {
	d := newJSONReader(strings.NewReader(s), ord)
	v, err := d.Next()
	if err != nil {
		return nil, err
	}
	if _, err := d.Next(); err == nil {
		return nil, jqUsageError("more than one value")
	}
	return v, nil
}

func jq(p *Proc) int {
	o, err := parseJQArgs(p.Args[1:])
	if err != nil {
		return p.jqUsage(err)
	}
	if !o.haveProgram {
		o.program = "." // jq 1.7.1 when standard input or output is not a terminal
	}
	r := &jqRun{p: p, o: o, ord: o.ord}
	return r.run()
}

// jqUsage reports a bad command line (or answers -h and -V).
func (p *Proc) jqUsage(err error) int {
	if code, ok := p.answerInfo(err); ok {
		return code
	}
	p.Flush()
	p.Stderr.Write([]byte(err.Error() + "\nUse jq --help for help with command-line options,\nor see the jq manpage, or online docs  at https://jqlang.github.io/jq\n"))
	return 2
}
