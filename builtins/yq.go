package builtins

// yq - YAML, JSON and XML processor (mikefarah's yq v4.54.3)
//
//	yq [eval|e] [OPTION]... EXPRESSION [FILE]...
//	yq eval-all|ea [OPTION]... EXPRESSION [FILE]...
//
// Options: -i -o/--output-format -p/--input-format -P -I -r[=BOOL] -n -e
// -C -M -N -0 -c -j -f/--front-matter --expression --from-file
// --header-preprocess --yaml-fix-merge-anchor-to-spec --csv-separator
// --csv-auto-parse --tsv-auto-parse --properties-separator
// --properties-array-brackets --xml-* --lua-* --ini-*
// --security-disable-env-ops --security-disable-file-ops -h -V.
// The language, decoders and encoders are yq's own library
// (github.com/mikefarah/yq/v4/pkg/yqlib); the command line, messages and
// exit statuses are yq's. Every input is read through the workspace and
// -i writes through it (vfs.WriteAtomic). Confinement: load, load_str
// and the other file operators, env, strenv and envsubst are refused
// (yqlib reads the host's files and environment for them), as are
// system, split files (-s) and --verbose; see
// conformance/DIFFERENCES.md.

import (
	"errors"
	"fmt"
	"strconv"
	"strings"

	"github.com/mikefarah/yq/v4/pkg/yqlib"
)

// yqOptions is a parsed yq command line.
type yqOptions struct {
	sub         string // "" (the root command), "eval" or "eval-all"
	operands    []string
	expression  string // --expression
	fromFile    string
	inplace     bool
	nullInput   bool
	exitStatus  bool
	pretty      bool
	noDoc       bool
	nulOutput   bool
	color       bool
	noColor     bool
	toJSON      bool
	help        bool
	version     bool
	inFormat    string
	outFormat   string
	indent      int
	unwrap      *bool // -r as given; nil: the format's default
	yaml        yqlib.YamlPreferences
	csv         yqlib.CsvPreferences
	tsv         yqlib.CsvPreferences
	xml         yqlib.XmlPreferences
	props       yqlib.PropertiesPreferences
	lua         yqlib.LuaPreferences
	ini         yqlib.INIPreferences
	frontMatter string // -f: "" (none), "process" or anything else (extract)
}

// yqKind is the kind of value a yq flag takes (pflag's types).
type yqKind int

const (
	yqBool yqKind = iota
	yqString
	yqInt
	yqChar
)

// yqFlag is one flag of yq's command line.
type yqFlag struct {
	long  string
	short rune
	kind  yqKind
	set   func(o *yqOptions, v string) error
	root  bool   // only the root command has it (-V)
	no    string // set: shellfence refuses the flag, for this reason
}

func yqBoolTo(f func(o *yqOptions) *bool) func(o *yqOptions, v string) error {
	return func(o *yqOptions, v string) error {
		b, err := strconv.ParseBool(v)
		*f(o) = b
		return err
	}
}

func yqStringTo(f func(o *yqOptions) *string) func(o *yqOptions, v string) error {
	return func(o *yqOptions, v string) error { *f(o) = v; return nil }
}

var yqFlags = []yqFlag{
	{long: "colors", short: 'C', set: yqBoolTo(func(o *yqOptions) *bool { return &o.color })},
	{long: "csv-auto-parse", set: yqBoolTo(func(o *yqOptions) *bool { return &o.csv.AutoParse })},
	{long: "csv-separator", kind: yqChar, set: yqSetSeparator},
	{long: "debug-node-info", no: "it prints yq's internal node dump"},
	{long: "exit-status", short: 'e', set: yqBoolTo(func(o *yqOptions) *bool { return &o.exitStatus })},
	{long: "expression", kind: yqString, set: yqStringTo(func(o *yqOptions) *string { return &o.expression })},
	{long: "from-file", kind: yqString, set: yqStringTo(func(o *yqOptions) *string { return &o.fromFile })},
	{long: "front-matter", short: 'f', kind: yqString, set: yqStringTo(func(o *yqOptions) *string { return &o.frontMatter })},
	{long: "header-preprocess", set: yqBoolTo(func(o *yqOptions) *bool { return &o.yaml.LeadingContentPreProcessing })},
	{long: "help", short: 'h', set: yqBoolTo(func(o *yqOptions) *bool { return &o.help })},
	{long: "indent", short: 'I', kind: yqInt, set: yqSetIndent},
	{long: "ini-key-value-delimiters", kind: yqString, set: yqStringTo(func(o *yqOptions) *string { return &o.ini.KeyValueDelimiters })},
	{long: "ini-preserve-quotes", set: yqBoolTo(func(o *yqOptions) *bool { return &o.ini.PreserveSurroundedQuote })},
	{long: "inplace", short: 'i', set: yqBoolTo(func(o *yqOptions) *bool { return &o.inplace })},
	{long: "input-format", short: 'p', kind: yqString, set: yqStringTo(func(o *yqOptions) *string { return &o.inFormat })},
	{long: "lua-globals", set: yqBoolTo(func(o *yqOptions) *bool { return &o.lua.Globals })},
	{long: "lua-prefix", kind: yqString, set: yqStringTo(func(o *yqOptions) *string { return &o.lua.DocPrefix })},
	{long: "lua-suffix", kind: yqString, set: yqStringTo(func(o *yqOptions) *string { return &o.lua.DocSuffix })},
	{long: "lua-unquoted", set: yqBoolTo(func(o *yqOptions) *bool { return &o.lua.UnquotedKeys })},
	{long: "no-colors", short: 'M', set: yqBoolTo(func(o *yqOptions) *bool { return &o.noColor })},
	{long: "no-doc", short: 'N', set: yqBoolTo(func(o *yqOptions) *bool { return &o.noDoc })},
	{long: "nul-output", short: '0', set: yqBoolTo(func(o *yqOptions) *bool { return &o.nulOutput })},
	{long: "null-input", short: 'n', set: yqBoolTo(func(o *yqOptions) *bool { return &o.nullInput })},
	{long: "output-format", short: 'o', kind: yqString, set: yqStringTo(func(o *yqOptions) *string { return &o.outFormat })},
	{long: "prettyPrint", short: 'P', set: yqBoolTo(func(o *yqOptions) *bool { return &o.pretty })},
	{long: "properties-array-brackets", set: yqBoolTo(func(o *yqOptions) *bool { return &o.props.UseArrayBrackets })},
	{long: "properties-separator", kind: yqString, set: yqStringTo(func(o *yqOptions) *string { return &o.props.KeyValueSeparator })},
	{long: "security-allow-write-any-path", no: "split files (-s) are not implemented"},
	{long: "security-disable-env-ops", set: yqAlwaysOn},
	{long: "security-disable-file-ops", set: yqAlwaysOn},
	{long: "security-enable-system-operator", no: "commands run only through the shell"},
	{long: "security-force-never-escape-shell-output", no: "not implemented"},
	{long: "shell-key-separator", kind: yqString, no: "not implemented"},
	{long: "split-exp", short: 's', kind: yqString, no: "split files are not implemented"},
	{long: "split-exp-file", kind: yqString, no: "split files are not implemented"},
	{long: "string-interpolation", no: "it is a process-wide setting of yqlib"},
	{long: "tojson", short: 'j', set: yqBoolTo(func(o *yqOptions) *bool { return &o.toJSON })},
	{long: "tsv-auto-parse", set: yqBoolTo(func(o *yqOptions) *bool { return &o.tsv.AutoParse })},
	{long: "unwrapScalar", short: 'r', set: yqSetUnwrap},
	{long: "verbose", short: 'v', no: "debug logging is not available"},
	{long: "version", short: 'V', root: true, set: yqBoolTo(func(o *yqOptions) *bool { return &o.version })},
	{long: "xml-attribute-prefix", kind: yqString, set: yqStringTo(func(o *yqOptions) *string { return &o.xml.AttributePrefix })},
	{long: "xml-content-name", kind: yqString, set: yqStringTo(func(o *yqOptions) *string { return &o.xml.ContentName })},
	{long: "xml-directive-name", kind: yqString, set: yqStringTo(func(o *yqOptions) *string { return &o.xml.DirectiveName })},
	{long: "xml-keep-namespace", set: yqBoolTo(func(o *yqOptions) *bool { return &o.xml.KeepNamespace })},
	{long: "xml-proc-inst-prefix", kind: yqString, set: yqStringTo(func(o *yqOptions) *string { return &o.xml.ProcInstPrefix })},
	{long: "xml-raw-token", set: yqBoolTo(func(o *yqOptions) *bool { return &o.xml.UseRawToken })},
	{long: "xml-skip-directives", set: yqBoolTo(func(o *yqOptions) *bool { return &o.xml.SkipDirectives })},
	{long: "xml-skip-proc-inst", set: yqBoolTo(func(o *yqOptions) *bool { return &o.xml.SkipProcInst })},
	{long: "xml-strict-mode", set: yqBoolTo(func(o *yqOptions) *bool { return &o.xml.StrictMode })},
	{long: "yaml-compact-seq-indent", short: 'c', set: yqBoolTo(func(o *yqOptions) *bool { return &o.yaml.CompactSequenceIndent })},
	{long: "yaml-fix-merge-anchor-to-spec", set: yqBoolTo(func(o *yqOptions) *bool { return &o.yaml.FixMergeAnchorToSpec })},
}

// yqAlwaysOn accepts a flag that asks for what is always so here.
func yqAlwaysOn(_ *yqOptions, v string) error {
	_, err := strconv.ParseBool(v)
	return err
}

func yqSetIndent(o *yqOptions, v string) error {
	n, err := strconv.ParseInt(v, 0, 64)
	if err != nil {
		return err
	}
	o.indent = int(n)
	return nil
}

func yqSetUnwrap(o *yqOptions, v string) error {
	b, err := strconv.ParseBool(v)
	o.unwrap = &b
	return err
}

// yqSetSeparator is yq's char flag: escapes \n \t \r \f \v, one byte.
func yqSetSeparator(o *yqOptions, v string) error {
	for _, r := range [][2]string{{`\n`, "\n"}, {`\t`, "\t"}, {`\r`, "\r"}, {`\f`, "\f"}, {`\v`, "\v"}} {
		v = strings.ReplaceAll(v, r[0], r[1])
	}
	if len(v) != 1 {
		return fmt.Errorf("[%v] is not a valid character. Must be length 1 was %v", v, len(v))
	}
	o.csv.Separator = rune(v[0])
	return nil
}

// yqUsageError is a bad command line: cobra prints it, then the usage.
type yqUsageError struct{ msg string }

func (e *yqUsageError) Error() string { return e.msg }

func newYQOptions() *yqOptions {
	return &yqOptions{
		indent: 2,
		yaml:   yqlib.NewDefaultYamlPreferences(),
		csv:    yqlib.NewDefaultCsvPreferences(),
		tsv:    yqlib.NewDefaultTsvPreferences(),
		xml:    yqlib.NewDefaultXmlPreferences(),
		props:  yqlib.NewDefaultPropertiesPreferences(),
		lua:    yqlib.NewDefaultLuaPreferences(),
		ini:    yqlib.NewDefaultINIPreferences(),
	}
}

// yqCommand picks the subcommand as cobra's Find does: the first word
// that is not a flag or a flag's value. It returns the subcommand and
// the arguments without it.
func yqCommand(args []string) (string, []string) {
	rest := args
	for len(rest) > 0 {
		s := rest[0]
		rest = rest[1:]
		switch {
		case s == "--":
			return "eval", args
		case strings.HasPrefix(s, "--") && !strings.Contains(s, "=") && !yqIsBool(s[2:], 0):
			if len(rest) <= 1 {
				return yqDefault(args)
			}
			rest = rest[1:]
		case strings.HasPrefix(s, "-") && !strings.Contains(s, "=") && len(s) == 2 && !yqIsBool("", []rune(s)[1]):
			if len(rest) <= 1 {
				return yqDefault(args)
			}
			rest = rest[1:]
		case s != "" && !strings.HasPrefix(s, "-"):
			return yqSubcommand(s, args, len(args)-len(rest)-1)
		}
	}
	return yqDefault(args)
}

// yqDefault is the command when no word names one: the root command
// when no word is left at all, eval otherwise.
func yqDefault(args []string) (string, []string) {
	for _, a := range args {
		if a != "" && !strings.HasPrefix(a, "-") || a == "--" {
			return "eval", args
		}
	}
	return "", args
}

func yqSubcommand(word string, args []string, i int) (string, []string) {
	sub := ""
	switch word {
	case "eval", "e":
		sub = "eval"
	case "eval-all", "ea":
		sub = "eval-all"
	default:
		return "eval", args
	}
	return sub, append(append([]string{}, args[:i]...), args[i+1:]...)
}

// yqIsBool reports whether the flag (by long name or short letter) takes
// no value unless attached with "=".
func yqIsBool(long string, short rune) bool {
	f := yqFind(long, short)
	return f != nil && f.kind == yqBool
}

func yqFind(long string, short rune) *yqFlag {
	for i := range yqFlags {
		f := &yqFlags[i]
		if long != "" && f.long == long || short != 0 && f.short == short {
			return f
		}
	}
	return nil
}

// parseYQArgs parses args (after argv[0]) as cobra and pflag do.
func parseYQArgs(p *Proc, args []string) (*yqOptions, error) {
	o := newYQOptions()
	if pr := p.probe(); pr != nil && pr.list && !pr.done {
		for i := range yqFlags {
			pr.table = append(pr.table, yqOptionName(&yqFlags[i]))
		}
		pr.done = true
		return o, errProbe
	}
	o.sub, args = yqCommand(args)
	for i := 0; i < len(args); i++ {
		a := args[i]
		var n int
		var err error
		switch {
		case a == "--":
			o.operands = append(o.operands, args[i+1:]...)
			return o, p.yqEnd(o)
		case len(a) < 2 || a[0] != '-':
			o.operands = append(o.operands, a)
			continue
		case a[1] == '-':
			n, err = o.long(p, a, args[i+1:])
		default:
			n, err = o.shorts(p, a[1:], args[i+1:])
		}
		if err != nil {
			return o, err
		}
		i += n
	}
	return o, p.yqEnd(o)
}

func (p *Proc) yqEnd(o *yqOptions) error {
	if pr := p.probe(); pr != nil {
		pr.end(o.operands)
		return errProbe
	}
	return nil
}

// probe is the run's option probe, nil when the command really runs.
func (p *Proc) probe() *optProbe {
	if !p.probing() {
		return nil
	}
	return p.Sys.probe
}

// long parses --name[=value]; it returns how many more arguments it took.
func (o *yqOptions) long(p *Proc, a string, rest []string) (int, error) {
	name, value, hasValue := strings.Cut(a[2:], "=")
	if name == "" || name[0] == '-' || name[0] == '=' {
		return 0, &yqUsageError{"bad flag syntax: " + a}
	}
	f := o.lookup(name, 0)
	if f == nil {
		return 0, &yqUsageError{"unknown flag: --" + name}
	}
	n := 0
	switch {
	case hasValue:
	case f.kind == yqBool:
		value = "true"
	case len(rest) > 0:
		value, n = rest[0], 1
	default:
		return 0, &yqUsageError{"flag needs an argument: " + a}
	}
	return n, o.apply(p, f, value)
}

// shorts parses a cluster of short flags (without its "-").
func (o *yqOptions) shorts(p *Proc, s string, rest []string) (int, error) {
	for s != "" {
		c := []rune(s)[0]
		f := o.lookup("", c)
		if f == nil {
			return 0, &yqUsageError{fmt.Sprintf("unknown shorthand flag: %q in -%s", c, s)}
		}
		after := s[len(string(c)):]
		var value string
		n := 0
		switch {
		case len(after) > 0 && after[0] == '=':
			value, after = after[1:], ""
		case f.kind == yqBool:
			value = "true"
		case after != "":
			value, after = after, ""
		case len(rest) > 0:
			value, n = rest[0], 1
		default:
			return 0, &yqUsageError{fmt.Sprintf("flag needs an argument: %q in -%s", c, s)}
		}
		if err := o.apply(p, f, value); err != nil {
			return 0, err
		}
		if n > 0 {
			return n, nil
		}
		s = after
	}
	return 0, nil
}

// lookup finds a flag the command has.
func (o *yqOptions) lookup(long string, short rune) *yqFlag {
	f := yqFind(long, short)
	if f == nil || f.root && o.sub != "" {
		return nil
	}
	return f
}

// apply shows the flag to the run's policy, then sets it.
func (o *yqOptions) apply(p *Proc, f *yqFlag, value string) error {
	if err := p.seeOption(yqOptionName(f), value); err != nil {
		return err
	}
	if f.long == "tojson" {
		fmt.Fprintln(p.Stderr, "Flag --tojson has been deprecated, please use -o=json instead")
	}
	if f.no != "" {
		return yqRefused(fmt.Sprintf("--%s is not available in shellfence (%s)", f.long, f.no))
	}
	if err := f.set(o, value); err != nil {
		return &yqUsageError{fmt.Sprintf("invalid argument %q for %q flag: %s", value, yqFlagTitle(f), yqParseErr(err))}
	}
	return nil
}

// yqRefused is a feature shellfence refuses: "Error: ..." and status 1.
type yqRefused string

func (e yqRefused) Error() string { return string(e) }

func yqOptionName(f *yqFlag) OptionName {
	var n OptionName
	if f.short != 0 {
		n = append(n, "-"+string(f.short))
	}
	return append(n, "--"+f.long)
}

// yqFlagTitle names a flag as pflag's messages do: "-I, --indent".
func yqFlagTitle(f *yqFlag) string {
	if f.short != 0 {
		return "-" + string(f.short) + ", --" + f.long
	}
	return "--" + f.long
}

// yqParseErr is strconv's error as pflag shows it.
func yqParseErr(err error) string {
	var ne *strconv.NumError
	if errors.As(err, &ne) {
		fn := ne.Func
		if fn == "ParseInt" || fn == "ParseBool" {
			return "strconv." + fn + ": parsing " + strconv.Quote(ne.Num) + ": " + ne.Err.Error()
		}
	}
	return err.Error()
}

// yq is the yq command.
func yq(p *Proc) int {
	o, err := parseYQArgs(p, p.Args[1:])
	if err != nil {
		return p.yqFail(o, err)
	}
	r := &yqRun{p: p, o: o}
	return r.run()
}
