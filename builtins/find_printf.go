package builtins

// -printf and -fprintf: the format is compiled once into segments; each
// directive is formatted as a string or number and then padded with the
// flags, width and precision given, as GNU's printf would.

import (
	"fmt"
	"io"
	"io/fs"
	"strconv"
	"strings"
	"syscall"
	"time"

	"github.com/shellfence/shellfence/builtins/internal/modes"
	"github.com/shellfence/shellfence/builtins/internal/quote"
	"github.com/shellfence/shellfence/vfs"
)

// findPseg is one segment of a -printf format: literal text, or a directive.
type findPseg struct {
	lit  string
	verb byte   // 0 for literal text
	sub  byte   // the time field of %A, %B, %C, %T
	spec string // flags, width and precision, e.g. "-10"
	stop bool   // \c: stop printing
}

func fpPrintf(ps *fparser, name string) error {
	w := io.Writer(nil)
	if name == "-fprintf" {
		if ps.i+1 >= len(ps.args) {
			if ps.i < len(ps.args) {
				return findErrFindArg
			}
			return findErrFindMissing
		}
		var err error
		if w, err = ps.outFile(); err != nil {
			return err
		}
	}
	format, ok := ps.next()
	if !ok {
		return findErrFindMissing
	}
	segs, err := ps.f.compileFormat(format)
	if err != nil {
		return err
	}
	for _, sg := range segs {
		if sg.verb != 0 && strings.IndexByte("pfhPHdyl", sg.verb) < 0 {
			ps.f.needStat = true
		}
	}
	ps.primary(name, func(f *finder, e *fentry) bool {
		out := w
		if out == nil {
			out = f.p.Stdout
		}
		f.write(out, f.formatEntry(segs, e))
		return true
	})
	return nil
}

// compileFormat splits a -printf format into segments, warning about
// unknown escapes and directives as GNU does.
func (f *finder) compileFormat(s string) ([]findPseg, error) {
	var segs []findPseg
	var lit strings.Builder
	flush := func() {
		if lit.Len() > 0 {
			segs = append(segs, findPseg{lit: lit.String()})
			lit.Reset()
		}
	}
	for i := 0; i < len(s); i++ {
		switch s[i] {
		case '\\':
			n, stop := f.escape(s[i:], &lit)
			if stop {
				flush()
				segs = append(segs, findPseg{stop: true})
				return segs, nil
			}
			i += n - 1
		case '%':
			seg, n, err := f.directive(s[i:])
			if err != nil {
				return nil, err
			}
			i += n - 1
			if seg.verb == 0 {
				lit.WriteString(seg.lit)
				continue
			}
			flush()
			segs = append(segs, seg)
		default:
			lit.WriteByte(s[i])
		}
	}
	flush()
	return segs, nil
}

// escape handles a backslash escape at the start of s and returns how
// many bytes it used; stop is true for \c.
func (f *finder) escape(s string, lit *strings.Builder) (int, bool) {
	if len(s) == 1 {
		lit.WriteByte('\\')
		return 1, false
	}
	c := s[1]
	if c >= '0' && c <= '7' {
		v, n := 0, 1
		for n < 4 && n < len(s) && s[n] >= '0' && s[n] <= '7' {
			v = v*8 + int(s[n]-'0')
			n++
		}
		lit.WriteByte(byte(v))
		return n, false
	}
	if c == 'c' {
		return 2, true
	}
	if r, ok := map[byte]byte{'a': 7, 'b': 8, 'f': 12, 'n': 10, 'r': 13, 't': 9, 'v': 11, '\\': '\\'}[c]; ok {
		lit.WriteByte(r)
		return 2, false
	}
	f.p.Errorf("warning: unrecognized escape `\\%c'", c)
	lit.WriteByte('\\')
	lit.WriteByte(c)
	return 2, false
}

const findPrintfVerbs = "abcdDfFgGhHiklmMnpPsStuUyYZ"

// directive parses the % directive at the start of s. A segment with verb
// 0 is literal text (for %% and unknown directives).
func (f *finder) directive(s string) (findPseg, int, error) {
	i := 1
	for i < len(s) && strings.IndexByte("-+ #0", s[i]) >= 0 {
		i++
	}
	for i < len(s) && s[i] >= '0' && s[i] <= '9' {
		i++
	}
	if i < len(s) && s[i] == '.' {
		i++
		for i < len(s) && s[i] >= '0' && s[i] <= '9' {
			i++
		}
	}
	spec := s[1:i]
	if i >= len(s) {
		return findPseg{}, 0, &findErr{"error: % at end of format string"}
	}
	c := s[i]
	switch {
	case c == '%':
		return findPseg{lit: s[:i]}, i + 1, nil // GNU prints "%5%" as "%5"
	case strings.IndexByte("ABCT", c) >= 0:
		if i+1 >= len(s) {
			return findPseg{}, 0, &findErr{fmt.Sprintf("error: missing time format after %%%c", c)}
		}
		return findPseg{verb: c, sub: s[i+1], spec: spec}, i + 2, nil
	case strings.IndexByte(findPrintfVerbs, c) >= 0:
		return findPseg{verb: c, spec: spec}, i + 1, nil
	}
	f.p.Errorf("warning: unrecognized format directive `%%%c'", c)
	return findPseg{lit: s[:i+1]}, i + 1, nil
}

// formatEntry formats e with segs.
func (f *finder) formatEntry(segs []findPseg, e *fentry) []byte {
	var b []byte
	for _, s := range segs {
		switch {
		case s.stop:
			return b
		case s.verb == 0:
			b = append(b, s.lit...)
		default:
			b = append(b, f.directiveText(s, e)...)
		}
	}
	return b
}

func (f *finder) directiveText(s findPseg, e *fentry) string {
	switch s.verb {
	case 'd':
		return findCFormat(s.spec, 'd', strconv.Itoa(e.depth))
	case 'm':
		if fi, ok := f.stat(e); ok {
			return findOctalFormat(s.spec, modes.Bits(fi.Mode()))
		}
		return ""
	}
	v := f.directiveValue(s, e)
	return findCFormat(s.spec, 's', v)
}

// directiveValue returns the text of a directive before padding.
func (f *finder) directiveValue(s findPseg, e *fentry) string {
	switch s.verb {
	case 'p':
		return e.path
	case 'f':
		return findPrintfBase(e)
	case 'h':
		return findPrintfDir(e)
	case 'P':
		return findPrintfRel(e)
	case 'H':
		return e.root
	case 'y':
		return findTypeLetter(e.fileType())
	case 'Y':
		return f.targetTypeLetter(e)
	case 'l':
		if e.fileType() == fs.ModeSymlink {
			t, err := f.p.FS.ReadlinkIfPossible(e.abs)
			if err != nil {
				f.fileError(e.path, err)
			}
			return t
		}
		return ""
	case 'F':
		return "unknown"
	case 'Z':
		f.errorf("getfilecon failed: %s: No data available", quote.Locale(e.path))
		return ""
	}
	fi, ok := f.stat(e)
	if !ok {
		return ""
	}
	return f.statValue(s, e, fi)
}

// statValue formats the directives that need the file's information.
func (f *finder) statValue(s findPseg, e *fentry, fi fs.FileInfo) string {
	m := findMetaOf(fi)
	switch s.verb {
	case 's':
		return strconv.FormatInt(fi.Size(), 10)
	case 'b':
		return strconv.FormatInt(findNblocks(fi, m), 10)
	case 'k':
		return strconv.FormatInt((findNblocks(fi, m)+1)/2, 10)
	case 'M':
		return findModeString(fi.Mode())
	case 'n':
		return strconv.FormatUint(m.Nlink, 10)
	case 'i':
		return strconv.FormatUint(m.Ino, 10)
	case 'D':
		return strconv.FormatUint(m.Dev, 10)
	case 'u':
		return f.p.FS.UserName(m.Uid)
	case 'U':
		return strconv.FormatUint(uint64(m.Uid), 10)
	case 'g':
		return f.p.FS.GroupName(m.Gid)
	case 'G':
		return strconv.FormatUint(uint64(m.Gid), 10)
	case 'S':
		return findSparseness(fi, m)
	case 'a':
		return findCtimeFormat(m.Atime.In(f.start.Location()))
	case 'c':
		return findCtimeFormat(m.Ctime.In(f.start.Location()))
	case 't':
		return findCtimeFormat(fi.ModTime().In(f.start.Location()))
	}
	t, ok := findTimeOf(fi, map[byte]byte{'A': 'a', 'B': 'B', 'C': 'c', 'T': 'm'}[s.verb])
	if !ok {
		return ""
	}
	return findTimeField(t.In(f.start.Location()), s.sub)
}

// findNblocks is st_blocks, in 512-byte units.
func findNblocks(_ fs.FileInfo, m vfs.Meta) int64 { return m.Blocks }

func findSparseness(fi fs.FileInfo, m vfs.Meta) string {
	if fi.Size() == 0 {
		if m.Blocks == 0 {
			return "1"
		}
		return "inf"
	}
	v := float64(m.Blocks) * 512 / float64(fi.Size())
	return strconv.FormatFloat(v, 'g', 6, 64)
}

// findPrintfBase is %f: the last element of the path (a starting point keeps
// its trailing slash, "/" stays "/").
func findPrintfBase(e *fentry) string {
	if e.depth > 0 {
		return e.path[strings.LastIndexByte(e.path, '/')+1:]
	}
	p := strings.TrimRight(e.path, "/")
	if p == "" {
		return e.path[:1]
	}
	return e.path[strings.LastIndexByte(p, '/')+1:]
}

// findPrintfDir is %h: everything before the last slash, or "." when there is
// none.
func findPrintfDir(e *fentry) string {
	p := e.path
	if e.depth == 0 {
		p = strings.TrimRight(p, "/")
		if p == "" {
			return ""
		}
	}
	i := strings.LastIndexByte(p, '/')
	if i < 0 {
		return "."
	}
	return p[:i]
}

// findPrintfRel is %P: the path below the starting point.
func findPrintfRel(e *fentry) string {
	if e.depth == 0 {
		return ""
	}
	rest := e.path[len(e.root):]
	return strings.TrimPrefix(rest, "/")
}

func findTypeLetter(t fs.FileMode) string {
	switch t {
	case 0:
		return "f"
	case fs.ModeDir:
		return "d"
	case fs.ModeSymlink:
		return "l"
	case fs.ModeNamedPipe:
		return "p"
	case fs.ModeSocket:
		return "s"
	case fs.ModeCharDevice | fs.ModeDevice:
		return "c"
	case fs.ModeDevice:
		return "b"
	}
	return "U"
}

// targetTypeLetter is %Y: the type of what a link points to (N when it
// dangles, L for a loop).
func (f *finder) targetTypeLetter(e *fentry) string {
	if e.fileType() != fs.ModeSymlink {
		return findTypeLetter(e.fileType())
	}
	if f.follow == 'L' {
		if _, err := f.p.FS.Stat(e.abs); err != nil && findIsErrno(err, syscall.ELOOP) {
			return "L"
		}
		return "N"
	}
	fi, err := f.p.FS.Stat(e.abs)
	switch {
	case err == nil:
		return findTypeLetter(fi.Mode().Type() & (fs.ModeType | fs.ModeCharDevice))
	case findIsErrno(err, syscall.ENOENT):
		return "N"
	case findIsErrno(err, syscall.ELOOP):
		return "L"
	}
	f.fileError(e.path, err)
	return "?"
}

// findCtimeFormat is %a, %c and %t: ctime(3) with nanoseconds.
func findCtimeFormat(t time.Time) string {
	return fmt.Sprintf("%s %s %2d %02d:%02d:%02d.%09d0 %d", t.Format("Mon"), t.Format("Jan"),
		t.Day(), t.Hour(), t.Minute(), t.Second(), t.Nanosecond(), t.Year())
}

// findTimeField is one field of %A, %C, %T: strftime's, with GNU's additions
// (@ for seconds since the epoch, + for date+time, fractions on S, T, X).
func findTimeField(t time.Time, c byte) string {
	frac := fmt.Sprintf(".%09d0", t.Nanosecond())
	switch c {
	case '@':
		return strconv.FormatInt(t.Unix(), 10) + frac
	case '+':
		return t.Format("2006-01-02+15:04:05") + frac
	case 'S':
		return fmt.Sprintf("%02d", t.Second()) + frac
	case 'T', 'X':
		return t.Format("15:04:05") + frac
	}
	return findStrftime(t, c)
}

// findCFormat pads v as C's printf would with the flags, width and precision
// in spec and the conversion verb ('s' or 'd'). Widths count bytes.
func findCFormat(spec string, verb byte, v string) string {
	if spec == "" {
		return v
	}
	if verb == 'd' {
		n, _ := strconv.Atoi(v)
		return fmt.Sprintf("%"+spec+"d", n)
	}
	left, width, prec := fpSpec(spec)
	if prec >= 0 && prec < len(v) {
		v = v[:prec]
	}
	if pad := width - len(v); pad > 0 {
		if left {
			return v + strings.Repeat(" ", pad)
		}
		return strings.Repeat(" ", pad) + v
	}
	return v
}

// fpSpec reads "-10.3" into its parts; prec is -1 when absent.
func fpSpec(spec string) (left bool, width, prec int) {
	i := 0
	for i < len(spec) && strings.IndexByte("-+ #0", spec[i]) >= 0 {
		left = left || spec[i] == '-'
		i++
	}
	for i < len(spec) && spec[i] >= '0' && spec[i] <= '9' {
		width = width*10 + int(spec[i]-'0')
		i++
	}
	prec = -1
	if i < len(spec) && spec[i] == '.' {
		prec = 0
		for i++; i < len(spec); i++ {
			prec = prec*10 + int(spec[i]-'0')
		}
	}
	return left, width, prec
}

func findOctalFormat(spec string, v uint32) string {
	return fmt.Sprintf("%"+spec+"o", v)
}
