package builtins

// stat - display file status
//
//	stat [OPTION]... FILE...
//
// Options: -L (--dereference), -c FORMAT (--format), --printf=FORMAT
// (backslash escapes, no final newline), -t (--terse), --cached=MODE
// (accepted; it only tunes caching), --help, --version. FORMAT sequences: %a %A %b %B %C
// %d %D %f %F %g %G %h %i %m %n %N %o %r %R %s %t %T %u %U %w %W %x %X
// %y %Y %z %Z, %Hd %Ld %Hr %Lr, with printf flags, width and precision
// (%.3Y for fractional seconds). FILE "-" means standard input when it is
// a file.
//
// Differences from GNU: -f (--file-system) is not supported; birth times
// are unknown (%w prints "-", %W prints 0); %m prints "/" (the workspace
// has no mount points); %C prints "?" (no security contexts).

import (
	"fmt"
	"io/fs"
	"strings"

	"github.com/shellfence/shellfence/builtins/internal/argmatch"
	"github.com/shellfence/shellfence/builtins/internal/modes"
	"github.com/shellfence/shellfence/builtins/internal/quote"
	"github.com/shellfence/shellfence/vfs"
)

// statConfig is stat's decoded command line.
type statConfig struct {
	deref   bool
	terse   bool
	format  string
	hasFmt  bool
	escapes bool   // --printf: interpret backslash escapes
	trailer string // what follows each file's output
	quoter  *quote.Quoter
}

func stat(p *Proc) int {
	c := &statConfig{trailer: "\n"}
	flags := p.newOpts(1)
	flags.Flag('L', "dereference", &c.deref)
	flags.Flag('t', "terse", &c.terse)
	flags.Value('c', "format", func(_, v string) error {
		c.format, c.hasFmt, c.escapes, c.trailer = v, true, false, "\n"
		return nil
	})
	flags.Value(0, "printf", func(_, v string) error {
		c.format, c.hasFmt, c.escapes, c.trailer = v, true, true, ""
		return nil
	})
	flags.Value(0, "cached", func(name, v string) error {
		_, err := xargmatch(p, name, v, [][]string{{"default"}, {"never"}, {"always"}})
		return err
	})
	flags.Unsupported("f", "file-system")
	addToolInfo(flags, "stat")
	files, err := flags.Parse(p.Args[1:])
	if err != nil {
		if status, ok := p.answerInfo(err); ok {
			return status
		}
		return p.usage(err, 1)
	}
	if len(files) == 0 {
		p.Errorf("missing operand")
		fmt.Fprintf(p.Stderr, "Try '%s --help' for more information.\n", p.Name())
		return 1
	}
	c.quoter = quote.New(quote.LiteralQuoting, "")
	if c.hasFmt && strings.Contains(c.format, "%N") {
		c.quoter = statQuoter(p)
	}
	return statAll(p, c, files)
}

// statAll prints every file; an invalid directive ends stat at once.
func statAll(p *Proc, c *statConfig, files []string) (status int) {
	defer func() {
		if v := recover(); v != nil {
			if _, ok := v.(statExit); !ok {
				panic(v)
			}
			status = 1
		}
	}()
	for _, name := range files {
		if p.Cancelled() {
			return 130
		}
		ok, werr := statOne(p, c, name)
		if werr != nil {
			return p.WriteFailed(werr)
		}
		if !ok {
			status = 1
		}
	}
	return status
}

// statQuoter is the quoting of %N: QUOTING_STYLE, else
// shell-escape-always.
func statQuoter(p *Proc) *quote.Quoter {
	v, ok := p.LookupEnv("QUOTING_STYLE")
	if !ok {
		return quote.New(quote.ShellEscapeAlwaysQuoting, "")
	}
	if i := argmatch.Index(v, quote.StyleNames); i >= 0 {
		return quote.New(quote.Style(i), "")
	}
	p.Errorf("ignoring invalid value of environment variable QUOTING_STYLE: %s", quote.Locale(v))
	return quote.New(quote.ShellEscapeAlwaysQuoting, "")
}

// statOne prints the status of one file and reports success, or the
// error of a failed write.
func statOne(p *Proc, c *statConfig, name string) (bool, error) {
	fi, err := statFileInfo(p, name, c.deref)
	if err != nil {
		if err := p.Flush(); err != nil {
			return false, err
		}
		p.Errorf("cannot statx %s: %s", quote.ShellAlways(name), ErrText(err))
		return false, nil
	}
	format := c.format
	if !c.hasFmt {
		format = statDefaultFormat(c.terse, fi.Mode())
	}
	s := &statFile{p: p, c: c, name: name, fi: fi, meta: vfs.MetaOf(fi)}
	ok := s.printFormat(format)
	trailer := c.trailer
	if !c.hasFmt {
		trailer = ""
	}
	s.write(trailer)
	return ok, s.werr
}

// statFileInfo stats name ("-" is standard input when it is a file).
func statFileInfo(p *Proc, name string, deref bool) (fs.FileInfo, error) {
	if name == "-" {
		if f, ok := p.Stdin.(interface{ Stat() (fs.FileInfo, error) }); ok {
			return f.Stat()
		}
		return nil, &fs.PathError{Op: "stat", Path: name, Err: errBadFD}
	}
	if deref {
		return statName(p, name)
	}
	return lstatName(p, name)
}

// statDefaultFormat is GNU's default (or terse) format for a file.
func statDefaultFormat(terse bool, m fs.FileMode) string {
	if terse {
		return "%n %s %b %f %u %g %D %i %h %t %T %X %Y %Z %W %o\n"
	}
	dev := "Device: %Hd,%Ld\tInode: %-11i Links: %h\n"
	if m&fs.ModeDevice != 0 {
		dev = "Device: %Hd,%Ld\tInode: %-11i Links: %-5h Device type: %Hr,%Lr\n"
	}
	return "  File: %N\n  Size: %-10s\tBlocks: %-10b IO Block: %-6o %F\n" + dev +
		"Access: (%04a/%10.10A)  Uid: (%5u/%8U)   Gid: (%5g/%8G)\n" +
		"Access: %x\nModify: %y\nChange: %z\n Birth: %w\n"
}

// statFile is one file being printed.
type statFile struct {
	p    *Proc
	c    *statConfig
	name string
	fi   fs.FileInfo
	meta vfs.Meta
	out  strings.Builder
	werr error
}

// write writes text to standard output, remembering a failure.
func (s *statFile) write(text string) {
	if s.werr == nil && text != "" {
		_, s.werr = s.p.Stdout.Write([]byte(text))
	}
}

// unixMode is st_mode: the type bits and the permission bits.
func unixMode(m fs.FileMode) uint64 {
	var t uint64
	switch {
	case m.IsDir():
		t = 0o040000
	case m&fs.ModeSymlink != 0:
		t = 0o120000
	case m&fs.ModeNamedPipe != 0:
		t = 0o010000
	case m&fs.ModeSocket != 0:
		t = 0o140000
	case m&fs.ModeCharDevice != 0:
		t = 0o020000
	case m&fs.ModeDevice != 0:
		t = 0o060000
	default:
		t = 0o100000
	}
	return t | uint64(modes.Bits(m))
}
