package builtins

// ls - list directory contents
//
//	ls [OPTION]... [FILE]...
//
// Options: -a -A -b -B -c -C -d -f -F (--classify[=WHEN]) -g -G -h -H -i
// -I PATTERN -k -l -L -m -n -N -o -p -q -Q -r -R -s -S -t -T COLS -u -U -v
// -w COLS -x -X -Z -1, --author, --block-size=SIZE, --color[=WHEN] (with
// LS_COLORS, COLORTERM or a known TERM, as GNU), --dereference-command-
// line-symlink-to-dir, --file-type, --format=WORD, --full-time,
// --group-directories-first, --hide=PATTERN, --indicator-style=WORD,
// --quoting-style=WORD, --show-control-chars, --si, --sort=WORD,
// --time=WORD, --time-style=STYLE, --zero; the LS_BLOCK_SIZE,
// BLOCK_SIZE, COLUMNS, TABSIZE, TIME_STYLE and QUOTING_STYLE variables;
// --help and --version.
// Output is never a terminal, so the default format is -1 and names are
// printed literally, as GNU does into a pipe.
//
// Differences from GNU: --hyperlink, --dired (-D) and birth times
// (--time=birth) are not supported; with -a, "." and ".." come first in
// unsorted (-U, -f) listings, where GNU puts them where the file system's
// readdir does; ACL and SELinux markers are never shown.
//
// Files: ls.go (options), ls_files.go (operands, directories, recursion),
// ls_config.go (combining them), ls_sort.go, ls_long.go (-l), ls_names.go
// (names, -C -x -m columns), ls_color.go (--color).

import (
	"fmt"
	"strconv"
	"strings"

	"github.com/shellfence/shellfence/builtins/internal/argmatch"
	"github.com/shellfence/shellfence/builtins/internal/human"
	"github.com/shellfence/shellfence/builtins/internal/opt"
	"github.com/shellfence/shellfence/builtins/internal/quote"
	"github.com/shellfence/shellfence/builtins/internal/xstrtol"
)

type lsFormat int

const (
	lsLong lsFormat = iota
	lsOnePerLine
	lsManyPerLine
	lsHorizontal
	lsCommas
)

type lsSortType int

const (
	lsSortName lsSortType = iota
	lsSortExtension
	lsSortWidth
	lsSortSize
	lsSortVersion
	lsSortTime
	lsSortNone
)

type lsTimeType int

const (
	lsMtime lsTimeType = iota
	lsCtime
	lsAtime
)

type lsDeref int

const (
	lsDerefUndefined lsDeref = iota
	lsDerefNever
	lsDerefArgs       // -H
	lsDerefArgsToDirs // default for most listings
	lsDerefAlways     // -L
)

type lsIgnoreMode int

const (
	lsIgnoreDefault lsIgnoreMode = iota // hide dot files and --hide patterns
	lsIgnoreDotDot                      // -A
	lsIgnoreMinimal                     // -a
)

type lsIndicator int

const (
	lsIndNone lsIndicator = iota
	lsIndSlash
	lsIndFileType
	lsIndClassify
)

// lsConfig is the decoded command line.
type lsConfig struct {
	format    lsFormat
	sortType  lsSortType
	timeType  lsTimeType
	reverse   bool
	dirsFirst bool

	ignoreMode   lsIgnoreMode
	hide         []string
	ignorePats   []string
	deref        lsDeref
	recursive    bool
	immediate    bool
	indicator    lsIndicator
	checkSymMode bool

	inode, blocks, owner, group, author, numeric, context bool

	humanOpts     human.Opts
	blockSize     uint64
	fileHumanOpts human.Opts
	fileBlockSize uint64

	quoter      *quote.Quoter
	dirQuoter   *quote.Quoter
	qmark       bool
	alignQuotes bool

	lineLen int
	tabsize int
	timeFmt [2]string // non-recent, recent
	eol     byte

	needsStat, needsType bool
	colors               *lsColors // nil: no colors
}

// lsArgs collects option values before they are combined.
type lsArgs struct {
	formatOpt    lsFormat
	formatSet    bool
	sortOpt      lsSortType
	sortSet      bool
	explicitTime bool
	kibibytes    bool
	quoting      quote.Style
	quotingSet   bool
	hideCtl      int // -1 unset, 0 show, 1 hide
	tabsize      int
	width        int
	timeStyle    *string
	blockSpec    bool
	colorWanted  bool
}

func ls(p *Proc) int {
	c := &lsConfig{owner: true, group: true, fileBlockSize: 1, eol: '\n'}
	a := &lsArgs{hideCtl: -1, tabsize: -1, width: -1}
	flags := p.newOpts(2)
	lsFlags(p, flags, c, a)
	addToolInfo(flags, "ls")
	operands, err := flags.Parse(p.Args[1:])
	if err != nil {
		if status, ok := p.answerInfo(err); ok {
			return status
		}
		return p.usage(err, 2)
	}
	if status := lsFinish(p, c, a); status != 0 {
		return status
	}
	return newLsRun(p, c).run(operands)
}

// lsFlags declares every option.
func lsFlags(p *Proc, f *opt.Parser, c *lsConfig, a *lsArgs) {
	setFormat := func(v lsFormat) func() { return func() { a.formatOpt, a.formatSet = v, true } }
	setSort := func(v lsSortType) func() { return func() { a.sortOpt, a.sortSet = v, true } }
	setTime := func(v lsTimeType) func() { return func() { c.timeType, a.explicitTime = v, true } }
	f.Func('a', "all", func() { c.ignoreMode = lsIgnoreMinimal })
	f.Func('A', "almost-all", func() { c.ignoreMode = lsIgnoreDotDot })
	f.Func('b', "escape", func() { a.quoting, a.quotingSet = quote.EscapeQuoting, true })
	f.Func('B', "ignore-backups", func() { c.ignorePats = append(c.ignorePats, "*~", ".*~") })
	f.Func('c', "", setTime(lsCtime))
	f.Func('C', "", setFormat(lsManyPerLine))
	f.Flag('d', "directory", &c.immediate)
	f.Func('f', "", func() {
		c.ignoreMode = lsIgnoreMinimal
		a.sortOpt, a.sortSet = lsSortNone, true
		if a.formatSet && a.formatOpt == lsLong {
			a.formatOpt = lsOnePerLine
		}
		c.blocks = false
		a.colorWanted = false
	})
	f.Func('g', "", func() { setFormat(lsLong)(); c.owner = false })
	f.Func('G', "no-group", func() { c.group = false })
	f.Func('h', "human-readable", func() {
		c.humanOpts, c.fileHumanOpts, c.blockSize, c.fileBlockSize = human.H, human.H, 1, 1
	})
	f.Func('H', "dereference-command-line", func() { c.deref = lsDerefArgs })
	f.Func(0, "dereference-command-line-symlink-to-dir", func() { c.deref = lsDerefArgsToDirs })
	f.Flag('i', "inode", &c.inode)
	f.Flag('k', "kibibytes", &a.kibibytes)
	f.Func('l', "", setFormat(lsLong))
	f.Func('L', "dereference", func() { c.deref = lsDerefAlways })
	f.Func('m', "", setFormat(lsCommas))
	f.Func('n', "numeric-uid-gid", func() { c.numeric = true; setFormat(lsLong)() })
	f.Func('N', "literal", func() { a.quoting, a.quotingSet = quote.LiteralQuoting, true })
	f.Func('o', "", func() { setFormat(lsLong)(); c.group = false })
	f.Func('p', "", func() { c.indicator = lsIndSlash })
	f.Func('q', "hide-control-chars", func() { a.hideCtl = 1 })
	f.Func(0, "show-control-chars", func() { a.hideCtl = 0 })
	f.Func('Q', "quote-name", func() { a.quoting, a.quotingSet = quote.CQuoting, true })
	f.Flag('r', "reverse", &c.reverse)
	f.Flag('R', "recursive", &c.recursive)
	f.Flag('s', "size", &c.blocks)
	f.Func('S', "", setSort(lsSortSize))
	f.Func('t', "", setSort(lsSortTime))
	f.Func('u', "", setTime(lsAtime))
	f.Func('U', "", setSort(lsSortNone))
	f.Func('v', "", setSort(lsSortVersion))
	f.Func('x', "", setFormat(lsHorizontal))
	f.Func('X', "", setSort(lsSortExtension))
	f.Flag('Z', "context", &c.context)
	f.Func('1', "", func() {
		if !a.formatSet || a.formatOpt != lsLong {
			setFormat(lsOnePerLine)()
		}
	})
	f.Flag(0, "author", &c.author)
	f.Flag(0, "group-directories-first", &c.dirsFirst)
	f.Func(0, "file-type", func() { c.indicator = lsIndFileType })
	f.Func(0, "full-time", func() {
		setFormat(lsLong)()
		s := "full-iso"
		a.timeStyle = &s
	})
	f.Func(0, "si", func() {
		c.humanOpts, c.fileHumanOpts, c.blockSize, c.fileBlockSize = human.SIOpt, human.SIOpt, 1, 1
	})
	f.Func(0, "zero", func() {
		c.eol = 0
		a.hideCtl = 0
		if !a.formatSet || a.formatOpt != lsLong {
			setFormat(lsOnePerLine)()
		}
		a.quoting, a.quotingSet = quote.LiteralQuoting, true
		a.colorWanted = false
	})
	lsValueFlags(p, f, c, a)
	f.Unsupported("D", "dired", "hyperlink")
}

// lsValueFlags declares the options that take a value.
func lsValueFlags(p *Proc, f *opt.Parser, c *lsConfig, a *lsArgs) {
	f.Value('w', "width", func(_, v string) error {
		n, ok := lsLineLength(v)
		if !ok {
			return lsFatal(p, "invalid line width: %s", quote.Locale(v))
		}
		a.width = n
		return nil
	})
	f.Value('T', "tabsize", func(_, v string) error {
		n, err := xstrtol.Umax(v, 0, "")
		if err != xstrtol.OK || n > 1<<62 {
			return lsFatal(p, "invalid tab size: %s", quote.Locale(v))
		}
		a.tabsize = int(n)
		return nil
	})
	f.Value('I', "ignore", func(_, v string) error { c.ignorePats = append(c.ignorePats, v); return nil })
	f.Value(0, "hide", func(_, v string) error { c.hide = append(c.hide, v); return nil })
	f.Value(0, "block-size", func(name, v string) error {
		o, bs, err := human.Options(&v, p.LookupEnv)
		if err != xstrtol.OK {
			return lsFatal(p, "%s", xstrtol.Message(err, name, v))
		}
		c.humanOpts, c.fileHumanOpts, c.blockSize, c.fileBlockSize = o, o, bs, bs
		a.blockSpec = true
		return nil
	})
	f.Value(0, "time-style", func(_, v string) error { a.timeStyle = &v; return nil })
	lsChoiceFlags(p, f, c, a)
}

// lsChoiceFlags declares the options whose value is one of a list.
func lsChoiceFlags(p *Proc, f *opt.Parser, c *lsConfig, a *lsArgs) {
	f.Value(0, "format", func(name, v string) error {
		i, err := xargmatch(p, name, v, [][]string{{"verbose", "long"}, {"commas"},
			{"horizontal", "across"}, {"vertical"}, {"single-column"}})
		a.formatOpt, a.formatSet = []lsFormat{lsLong, lsCommas, lsHorizontal, lsManyPerLine, lsOnePerLine}[i], true
		return err
	})
	f.Value(0, "sort", func(name, v string) error {
		i, err := xargmatch(p, name, v, [][]string{{"none"}, {"time"}, {"size"}, {"extension"}, {"version"}, {"width"}})
		a.sortOpt, a.sortSet = []lsSortType{lsSortNone, lsSortTime, lsSortSize, lsSortExtension, lsSortVersion, lsSortWidth}[i], true
		return err
	})
	f.Value(0, "time", func(name, v string) error {
		i, err := xargmatch(p, name, v, [][]string{{"atime", "access", "use"}, {"ctime", "status"}, {"birth", "creation"}})
		if err == nil && i == 2 {
			return &opt.Error{Msg: p.Name() + ": --time=" + v + ": birth times are not supported by shellfence", Status: 2}
		}
		c.timeType, a.explicitTime = []lsTimeType{lsAtime, lsCtime, lsMtime}[i], true
		return err
	})
	f.Value(0, "indicator-style", func(name, v string) error {
		i, err := xargmatch(p, name, v, [][]string{{"none"}, {"slash"}, {"file-type"}, {"classify"}})
		c.indicator = lsIndicator(i)
		return err
	})
	f.Value(0, "quoting-style", func(name, v string) error {
		list := make([][]string, len(quote.StyleNames))
		for i, n := range quote.StyleNames {
			list[i] = []string{n}
		}
		i, err := xargmatch(p, name, v, list)
		a.quoting, a.quotingSet = quote.Style(i), true
		return err
	})
	whenList := [][]string{{"always", "yes", "force"}, {"never", "no", "none"}, {"auto", "tty", "if-tty"}}
	f.Func('F', "", func() { c.indicator = lsIndClassify })
	f.Add(opt.Option{Long: "classify", Arg: opt.Optional, Do: func(name, v string) error {
		i := 0
		if v != "" {
			var err error
			if i, err = xargmatch(p, name, v, whenList); err != nil {
				return err
			}
		}
		if i == 0 {
			c.indicator = lsIndClassify
		}
		return nil
	}})
	f.Add(opt.Option{Long: "color", Arg: opt.Optional, Do: func(name, v string) error {
		i := 0
		if v != "" {
			var err error
			if i, err = xargmatch(p, name, v, whenList); err != nil {
				return err
			}
		}
		a.colorWanted = i == 0
		return nil
	}})
}

// lsFatal makes an option error with a complete message and status 2.
func lsFatal(p *Proc, format string, args ...any) error {
	return &opt.Error{Msg: p.Name() + ": " + fmt.Sprintf(format, args...), Status: 2}
}

// xargmatch matches v against groups of synonyms as gnulib's XARGMATCH
// does, returning the group index, or an error with GNU's message and
// exit status 1.
func xargmatch(p *Proc, option, v string, groups [][]string) (int, error) {
	var flat []string
	var group []int
	for gi, g := range groups {
		for _, s := range g {
			flat = append(flat, s)
			group = append(group, gi)
		}
	}
	i := argmatch.Index(v, flat)
	if i == -2 {
		// Ambiguous among synonyms of one group is still a match.
		first := -1
		same := true
		for j, s := range flat {
			if strings.HasPrefix(s, v) {
				if first < 0 {
					first = group[j]
				} else if group[j] != first {
					same = false
				}
			}
		}
		if same {
			return first, nil
		}
	}
	if i >= 0 {
		return group[i], nil
	}
	return 0, &opt.Error{Msg: argmatchMessage(p.Name(), option, v, i == -2, groups), Status: 1}
}

// argmatchMessage is GNU's text for a bad choice.
func argmatchMessage(name, option, v string, ambiguous bool, groups [][]string) string {
	var b strings.Builder
	kind := "invalid"
	if ambiguous {
		kind = "ambiguous"
	}
	fmt.Fprintf(&b, "%s: %s argument %s for %s\nValid arguments are:", name, kind, quote.Locale(v), quote.Locale(option))
	for _, g := range groups {
		b.WriteString("\n  - ")
		for i, s := range g {
			if i > 0 {
				b.WriteString(", ")
			}
			b.WriteString(quote.Locale(s))
		}
	}
	fmt.Fprintf(&b, "\nTry '%s --help' for more information.", name)
	return b.String()
}

// lsUintString formats n in decimal.
func lsUintString(n uint64) string { return strconv.FormatUint(n, 10) }
