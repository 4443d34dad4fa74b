package builtins

// du - estimate file space usage
//
//	du [OPTION]... [FILE]...
//
// Options: -0 (--null), -a (--all), --apparent-size, -B SIZE
// (--block-size), -b (--bytes), -c (--total), -d N (--max-depth), -D and
// -H (--dereference-args), -h (--human-readable), --inodes, -k, -L
// (--dereference), -l (--count-links), -m, -P (--no-dereference), -S
// (--separate-dirs), --si, -s (--summarize), -t SIZE (--threshold),
// --time[=WORD], --time-style=STYLE, -X FILE (--exclude-from),
// --exclude=PATTERN, -x (--one-file-system: the workspace is one file
// system), --help, --version. Sizes come from the blocks a file uses (1K units by default,
// DU_BLOCK_SIZE, BLOCK_SIZE); hard-linked files count once. Directories
// are walked in the file system's order, as GNU's fts does.
//
// --files0-from=F reads NUL-separated names from F ("-" for standard
// input).

import (
	"bufio"
	"fmt"
	"io/fs"
	"strings"
	"time"

	"github.com/shellfence/shellfence/builtins/internal/human"
	"github.com/shellfence/shellfence/builtins/internal/opt"
	"github.com/shellfence/shellfence/builtins/internal/quote"
	"github.com/shellfence/shellfence/builtins/internal/xstrtol"

	"github.com/shellfence/shellfence/vfs"
)

type duDeref int

const (
	duPhysical duDeref = iota // -P
	duArgs                    // -D, -H
	duLogical                 // -L
)

// duConfig is du's decoded command line.
type duConfig struct {
	all, apparent, total, separate, countLinks, summarize, nul, inodes bool
	showTime                                                           bool
	maxDepth                                                           int
	depthSet                                                           bool
	deref                                                              duDeref
	humanOpts                                                          human.Opts
	blockSize                                                          uint64
	threshold                                                          int64
	excludes                                                           []string
	timeType                                                           lsTimeType
	timeStyle                                                          *string
	timeFmt                                                            string
	filesFrom                                                          *string
}

func du(p *Proc) int {
	c := &duConfig{maxDepth: -1}
	c.humanOpts, c.blockSize, _ = human.Options(envSpec(p, "DU_BLOCK_SIZE"), p.LookupEnv)
	flags := p.newOpts(1)
	bad := duFlags(p, flags, c)
	addToolInfo(flags, "du")
	files, err := flags.Parse(p.Args[1:])
	if err != nil {
		if status, ok := p.answerInfo(err); ok {
			return status
		}
		return p.usage(err, 1)
	}
	if *bad || !duCheck(p, c) {
		fmt.Fprintf(p.Stderr, "Try '%s --help' for more information.\n", p.Name())
		return 1
	}
	if c.showTime {
		if status := duTimeStyle(p, c); status != 0 {
			return status
		}
	}
	r := &duRun{p: p, c: c, seen: map[string]bool{}, ok: true}
	if c.filesFrom != nil {
		return r.runFrom(files)
	}
	if len(files) == 0 {
		files = []string{"."}
	}
	r.hashAll = len(files) > 1 || c.deref == duLogical
	return r.run(files)
}

// runFrom walks the NUL-separated names of --files0-from.
func (r *duRun) runFrom(operands []string) int {
	p, from := r.p, *r.c.filesFrom
	if len(operands) > 0 {
		p.Errorf("extra operand %s", quote.Locale(operands[0]))
		fmt.Fprintf(p.Stderr, "file operands cannot be combined with --files0-from\nTry '%s --help' for more information.\n", p.Name())
		return 1
	}
	in, closeIn, err := p.openInput(from)
	if err != nil {
		p.Errorf("cannot open %s for reading: %s", quote.ShellAlways(from), ErrText(err))
		return 1
	}
	defer closeIn()
	r.hashAll = true
	br := bufio.NewReader(in)
	for n := 1; ; n++ {
		name, err := br.ReadString(0)
		name = strings.TrimSuffix(name, "\x00")
		if name == "" && err != nil {
			break
		}
		switch {
		case from == "-" && name == "-":
			r.error("when reading file names from stdin, no file name of %s allowed", quote.ShellAlways(name))
		case name == "":
			r.error("%s:%d: invalid zero-length file name", quote.Shell(from), n)
		default:
			r.root(ftsRoot(name))
		}
		if err != nil || r.werr != nil || p.Cancelled() {
			break
		}
	}
	return r.finish()
}

// envSpec returns the value of an environment variable, or nil if unset.
func envSpec(p *Proc, name string) *string {
	if v, ok := p.LookupEnv(name); ok {
		return &v
	}
	return nil
}

// duFlags declares du's options; *bad reports a value error GNU diagnoses
// before its usage line.
func duFlags(p *Proc, f *opt.Parser, c *duConfig) *bool {
	bad := new(bool)
	f.Flag('0', "null", &c.nul)
	f.Flag('a', "all", &c.all)
	f.Flag(0, "apparent-size", &c.apparent)
	f.Func('b', "bytes", func() { c.apparent, c.humanOpts, c.blockSize = true, 0, 1 })
	f.Flag('c', "total", &c.total)
	f.Func('h', "human-readable", func() { c.humanOpts, c.blockSize = human.H, 1 })
	f.Func(0, "si", func() { c.humanOpts, c.blockSize = human.SIOpt, 1 })
	f.Func('k', "", func() { c.humanOpts, c.blockSize = 0, 1024 })
	f.Func('m', "", func() { c.humanOpts, c.blockSize = 0, 1024*1024 })
	f.Flag('l', "count-links", &c.countLinks)
	f.Flag('s', "summarize", &c.summarize)
	f.Func('x', "one-file-system", func() {})
	f.Func('D', "dereference-args", func() { c.deref = duArgs })
	f.Func('H', "", func() { c.deref = duArgs })
	f.Func('L', "dereference", func() { c.deref = duLogical })
	f.Func('P', "no-dereference", func() { c.deref = duPhysical })
	f.Flag('S', "separate-dirs", &c.separate)
	f.Flag(0, "inodes", &c.inodes)
	f.Value('d', "max-depth", func(_, v string) error {
		n, err := xstrtol.Umax(v, 0, "")
		if err != xstrtol.OK || n > 1<<62 {
			p.Errorf("invalid maximum depth %s", quote.Locale(v))
			*bad = true
			return nil
		}
		c.maxDepth, c.depthSet = int(n), true
		return nil
	})
	f.Value('B', "block-size", func(name, v string) error {
		o, bs, err := human.Options(&v, p.LookupEnv)
		if err != xstrtol.OK {
			return &opt.Error{Msg: p.Name() + ": " + xstrtol.Message(err, name, v), Status: 1}
		}
		c.humanOpts, c.blockSize = o, bs
		return nil
	})
	f.Value('t', "threshold", func(name, v string) error { return duThreshold(p, c, name, v) })
	f.Value(0, "exclude", func(_, v string) error { c.excludes = append(c.excludes, v); return nil })
	f.Value('X', "exclude-from", func(_, v string) error {
		if err := duExcludeFrom(p, c, v); err != nil {
			p.Errorf("%s: %s", quote.Shell(v), ErrText(err))
			*bad = true
		}
		return nil
	})
	f.Add(opt.Option{Long: "time", Arg: opt.Optional, Do: func(name, v string) error {
		c.showTime, c.timeType = true, lsMtime
		if v == "" {
			return nil
		}
		i, err := xargmatch(p, name, v, [][]string{{"atime", "access", "use"}, {"ctime", "status"}})
		c.timeType = []lsTimeType{lsAtime, lsCtime}[i]
		return err
	}})
	f.Value(0, "time-style", func(_, v string) error { c.timeStyle = &v; return nil })
	f.Value(0, "files0-from", func(_, v string) error { c.filesFrom = &v; return nil })
	return bad
}

// duThreshold parses -t SIZE, which may be negative.
func duThreshold(p *Proc, c *duConfig, name, v string) error {
	s, neg := v, false
	if t := strings.TrimLeft(v, " \t\n\v\f\r"); strings.HasPrefix(t, "-") {
		s, neg = t[1:], true
	}
	n, err := xstrtol.Umax(s, 0, "kKmMGTPEZY0")
	if err == xstrtol.OK && n > 1<<63-1 {
		err = xstrtol.Overflow
	}
	if err != xstrtol.OK || neg && strings.HasPrefix(s, "-") {
		if err == xstrtol.OK {
			err = xstrtol.Invalid
		}
		return &opt.Error{Msg: p.Name() + ": " + xstrtol.Message(err, name, v), Status: 1}
	}
	if neg && n == 0 {
		return &opt.Error{Msg: p.Name() + ": invalid --threshold argument '-0'", Status: 1}
	}
	c.threshold = int64(n)
	if neg {
		c.threshold = -c.threshold
	}
	return nil
}

// duExcludeFrom reads patterns, one a line, from a file.
func duExcludeFrom(p *Proc, c *duConfig, name string) error {
	in, closeIn, err := p.openInput(name)
	if err != nil {
		return err
	}
	defer closeIn()
	sc := bufio.NewScanner(in)
	sc.Buffer(make([]byte, 64<<10), 1<<20)
	for sc.Scan() {
		if line := sc.Text(); line != "" {
			c.excludes = append(c.excludes, line)
		}
	}
	return sc.Err()
}

// duCheck reports the option conflicts GNU checks after parsing.
func duCheck(p *Proc, c *duConfig) bool {
	if c.all && c.summarize {
		p.Errorf("cannot both summarize and show all entries")
		return false
	}
	if c.summarize && c.depthSet && c.maxDepth == 0 {
		p.Errorf("warning: summarizing is the same as using --max-depth=0")
	}
	if c.summarize && c.depthSet && c.maxDepth != 0 {
		p.Errorf("warning: summarizing conflicts with --max-depth=%d", c.maxDepth)
		return false
	}
	if c.summarize {
		c.maxDepth = 0
	}
	if c.inodes {
		if c.apparent {
			p.Errorf("warning: options --apparent-size and -b are ineffective with --inodes")
		}
		c.blockSize = 1
	}
	return true
}

// duTimeStyle sets the format of --time.
func duTimeStyle(p *Proc, c *duConfig) int {
	style := "long-iso"
	if c.timeStyle != nil {
		style = *c.timeStyle
	} else if v, ok := p.LookupEnv("TIME_STYLE"); ok && v != "locale" {
		style = v
		if strings.HasPrefix(v, "+") {
			style, _, _ = strings.Cut(v, "\n")
		}
		for strings.HasPrefix(style, "posix-") {
			style = style[len("posix-"):]
		}
	}
	if strings.HasPrefix(style, "+") {
		c.timeFmt = style[1:]
		return 0
	}
	i, err := xargmatch(p, "time style", style, [][]string{{"full-iso"}, {"long-iso"}, {"iso"}})
	if err != nil {
		fmt.Fprintln(p.Stderr, err.Error())
		return 1
	}
	c.timeFmt = []string{"%Y-%m-%d %H:%M:%S.%N %z", "%Y-%m-%d %H:%M", "%Y-%m-%d"}[i]
	return 0
}

// duInfo is the size and latest time of a set of files.
type duInfo struct {
	size, inodes uint64
	tmax         time.Time
	hasTime      bool
}

func (d *duInfo) add(o duInfo) {
	d.size += o.size
	d.inodes += o.inodes
	if o.hasTime && (!d.hasTime || o.tmax.After(d.tmax)) {
		d.tmax, d.hasTime = o.tmax, true
	}
}

// duFileInfo is what one file contributes.
func (c *duConfig) fileInfo(fi fs.FileInfo) duInfo {
	m := vfs.MetaOf(fi)
	d := duInfo{inodes: 1, hasTime: true}
	if c.apparent {
		d.size = uint64(max(0, fi.Size()))
	} else {
		d.size = uint64(max(0, m.Blocks)) * 512
	}
	switch c.timeType {
	case lsAtime:
		d.tmax = m.Atime
	case lsCtime:
		d.tmax = m.Ctime
	default:
		d.tmax = fi.ModTime()
	}
	return d
}
