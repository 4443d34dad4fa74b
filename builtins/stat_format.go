package builtins

// stat: the format interpreter (GNU's print_it and print_stat) and the
// C printf conversions its directives turn into.

import (
	"io/fs"
	"strconv"
	"strings"
	"time"

	"github.com/shellfence/shellfence/builtins/internal/ctype"
	"github.com/shellfence/shellfence/builtins/internal/modes"
	"github.com/shellfence/shellfence/builtins/internal/quote"
	"github.com/shellfence/shellfence/builtins/internal/strftime"
)

// statDirective is one parsed %-directive: printf flags, width and
// precision as written, and the conversion.
type statDirective struct {
	flags     string
	width     string // digits, "" when none
	prec      string // digits after '.', "" when none
	hasPrec   bool
	conv, mod byte
}

// printFormat writes format for the file and reports success.
func (s *statFile) printFormat(format string) bool {
	ok := true
	for i := 0; i < len(format); i++ {
		switch c := format[i]; {
		case c == '%':
			n, good := s.directive(format[i:])
			i += n - 1
			if !good {
				ok = false
			}
		case c == '\\' && s.c.escapes:
			i += s.escape(format[i:]) - 1
		default:
			s.out.WriteByte(c)
		}
	}
	s.write(s.out.String())
	s.out.Reset()
	return ok
}

// parseStatDirective reads the directive at the start of f (after '%').
func parseStatDirective(f string) (statDirective, int) {
	var d statDirective
	i := 1
	for i < len(f) && strings.IndexByte("'-+ #0I", f[i]) >= 0 {
		i++
	}
	d.flags = f[1:i]
	j := i
	for i < len(f) && ctype.IsDigit(f[i]) {
		i++
	}
	d.width = f[j:i]
	if i < len(f) && f[i] == '.' {
		d.hasPrec = true
		i++
		j = i
		for i < len(f) && ctype.IsDigit(f[i]) {
			i++
		}
		d.prec = f[j:i]
	}
	return d, i
}

// directive handles the %-directive at the start of f; it returns its
// length and whether it succeeded.
func (s *statFile) directive(f string) (int, bool) {
	d, i := parseStatDirective(f)
	if i >= len(f) {
		s.out.WriteByte('%')
		return i, true
	}
	d.conv = f[i]
	switch {
	case d.conv == '%':
		if i > 1 {
			s.flushOut()
			s.p.Errorf("%s: invalid directive", quote.Locale(f[:i+1]))
			panic(statExit{})
		}
		s.out.WriteByte('%')
		return i + 1, true
	case (d.conv == 'H' || d.conv == 'L') && i+1 < len(f) && (f[i+1] == 'd' || f[i+1] == 'r'):
		d.mod, d.conv = d.conv, f[i+1]
		i++
	}
	return i + 1, s.conversion(d)
}

// statExit ends stat at once with status 1 (an invalid directive).
type statExit struct{}

// conversion writes one file attribute.
func (s *statFile) conversion(d statDirective) bool {
	m, fi := s.meta, s.fi
	switch d.conv {
	case 'n':
		s.str(d, s.name)
	case 'N':
		return s.quotedName(d)
	case 'd':
		s.uint(d, pickDev(d.mod, m.Dev))
	case 'D':
		s.intBase(d, m.Dev, 'x')
	case 'i':
		s.uint(d, m.Ino)
	case 'a':
		s.intBase(d, uint64(modes.Bits(fi.Mode())), 'o')
	case 'A':
		s.str(d, modeString(fi.Mode()))
	case 'f':
		s.intBase(d, unixMode(fi.Mode()), 'x')
	case 'F':
		s.str(d, fileType(fi))
	case 'h':
		s.uint(d, m.Nlink)
	case 'u':
		s.uint(d, uint64(m.Uid))
	case 'U':
		s.str(d, s.p.FS.UserName(m.Uid))
	case 'g':
		s.uint(d, uint64(m.Gid))
	case 'G':
		s.str(d, s.p.FS.GroupName(m.Gid))
	case 'm':
		s.str(d, statMountPoint(s.p.Abs(s.name)))
	case 's':
		s.int(d, fi.Size())
	case 'r':
		s.uint(d, pickDev(d.mod, m.Rdev))
	case 'R':
		s.intBase(d, m.Rdev, 'x')
	case 't':
		s.intBase(d, devMajor(m.Rdev), 'x')
	case 'T':
		s.intBase(d, devMinor(m.Rdev), 'x')
	case 'B':
		s.uint(d, 512)
	case 'b':
		s.uint(d, uint64(m.Blocks))
	case 'o':
		s.uint(d, uint64(m.Blksize))
	case 'w':
		s.str(d, "-")
	case 'W':
		s.epoch(d, time.Unix(0, 0))
	default:
		return s.timeConversion(d)
	}
	return true
}

// timeConversion writes %x %X %y %Y %z %Z and %C; anything else is "?".
func (s *statFile) timeConversion(d statDirective) bool {
	m := s.meta
	switch d.conv {
	case 'x':
		s.str(d, s.humanTime(m.Atime))
	case 'X':
		s.epoch(d, m.Atime)
	case 'y':
		s.str(d, s.humanTime(s.fi.ModTime()))
	case 'Y':
		s.epoch(d, s.fi.ModTime())
	case 'z':
		s.str(d, s.humanTime(m.Ctime))
	case 'Z':
		s.epoch(d, m.Ctime)
	case 'C':
		s.flushOut()
		s.p.Errorf("failed to get security context of %s: No data available", quote.ShellAlways(s.name))
		s.str(d, "?")
		return false
	default:
		s.out.WriteByte('?')
	}
	return true
}

func (s *statFile) flushOut() {
	s.write(s.out.String())
	s.out.Reset()
	if err := s.p.Flush(); err != nil && s.werr == nil {
		s.werr = err
	}
}

// quotedName writes %N: the quoted name and, for a symlink, its target.
func (s *statFile) quotedName(d statDirective) bool {
	s.str(d, s.c.quoter.Quote(s.name))
	if s.fi.Mode()&fs.ModeSymlink == 0 {
		return true
	}
	t, err := s.p.Readlink(s.name)
	if err != nil {
		s.flushOut()
		s.p.Errorf("cannot read symbolic link %s: %s", quote.ShellAlways(s.name), ErrText(err))
		return false
	}
	s.out.WriteString(" -> ")
	s.str(d, s.c.quoter.Quote(t))
	if len(d.flags)-len(keepFlags(d.flags, "-")) == 1 {
		// GNU reuses the format that printing the name rewrote: with one
		// flag dropped, its "%s" becomes "%ss".
		s.out.WriteByte('s')
	}
	return true
}

func pickDev(mod byte, dev uint64) uint64 {
	switch mod {
	case 'H':
		return devMajor(dev)
	case 'L':
		return devMinor(dev)
	}
	return dev
}

// statMountPoint is what %m prints for a visible path.
func statMountPoint(abs string) string {
	if strings.HasPrefix(abs, "/dev/") {
		return "/dev"
	}
	return "/"
}

// humanTime is stat's time format.
func (s *statFile) humanTime(t time.Time) string {
	return strftime.Format("%Y-%m-%d %H:%M:%S.%N %z", t.In(s.p.Loc()))
}

// keepFlags keeps the flags of d that the conversion allows.
func keepFlags(flags, allowed string) string {
	var b strings.Builder
	for i := 0; i < len(flags); i++ {
		if strings.IndexByte(allowed, flags[i]) >= 0 {
			b.WriteByte(flags[i])
		}
	}
	return b.String()
}

// str writes v as printf's %s with the '-' flag, width and precision.
func (s *statFile) str(d statDirective, v string) {
	if d.hasPrec {
		if n, _ := strconv.Atoi(d.prec); n < len(v) {
			v = v[:n]
		}
	}
	s.out.WriteString(cPad(v, keepFlags(d.flags, "-"), atoiOr(d.width, 0)))
}

// int writes v as printf's %jd with the flags ' - + space 0.
func (s *statFile) int(d statDirective, v int64) {
	sign := ""
	u := uint64(v)
	if v < 0 {
		sign, u = "-", uint64(-v)
	}
	s.num(d, keepFlags(d.flags, "'-+ 0"), sign, strconv.FormatUint(u, 10), "")
}

// uint writes v as printf's %ju with the flags ' - 0.
func (s *statFile) uint(d statDirective, v uint64) {
	s.num(d, keepFlags(d.flags, "'-0"), "", strconv.FormatUint(v, 10), "")
}

// intBase writes v as printf's %jo or %jx with the flags - # 0.
func (s *statFile) intBase(d statDirective, v uint64, conv byte) {
	flags := keepFlags(d.flags, "-#0")
	digits, prefix := strconv.FormatUint(v, 8), ""
	if conv == 'x' {
		digits = strconv.FormatUint(v, 16)
	}
	if strings.Contains(flags, "#") {
		switch {
		case conv == 'x' && v != 0:
			prefix = "0x"
		case conv == 'o' && digits[0] != '0':
			digits = "0" + digits
		}
	}
	s.num(d, flags, "", digits, prefix)
}

// num applies precision, sign and width to digits as C's printf does.
func (s *statFile) num(d statDirective, flags, sign, digits, prefix string) {
	s.out.WriteString(cNumber(flags, d.width, d.hasPrec, d.prec, sign, digits, prefix))
}

// cNumber formats an integer's digits as C's printf.
func cNumber(flags, width string, hasPrec bool, prec, sign, digits, prefix string) string {
	if hasPrec {
		p := atoiOr(prec, 0)
		if p == 0 && digits == "0" {
			digits = ""
		}
		for len(digits) < p {
			digits = "0" + digits
		}
	}
	if sign == "" {
		if strings.Contains(flags, "+") {
			sign = "+"
		} else if strings.Contains(flags, " ") {
			sign = " "
		}
	}
	w := atoiOr(width, 0)
	body := sign + prefix + digits
	if strings.Contains(flags, "0") && !strings.Contains(flags, "-") && !hasPrec {
		for len(body) < w {
			digits = "0" + digits
			body = sign + prefix + digits
		}
	}
	return cPad(body, flags, w)
}

// cPad pads s with spaces to width columns, on the right with '-'.
func cPad(s, flags string, width int) string {
	if len(s) >= width {
		return s
	}
	if strings.Contains(flags, "-") {
		return s + strings.Repeat(" ", width-len(s))
	}
	return strings.Repeat(" ", width-len(s)) + s
}

func atoiOr(s string, def int) int {
	n, err := strconv.Atoi(s)
	if err != nil {
		return def
	}
	return n
}

// epoch writes seconds since the epoch as GNU's out_epoch_sec: a
// precision asks for that many fractional digits, and a width covers the
// whole number, quirks included.
func (s *statFile) epoch(d statDirective, t time.Time) {
	sec, ns := t.Unix(), t.Nanosecond()
	if !d.hasPrec {
		s.int(d, sec)
		return
	}
	precision := 9
	if d.prec != "" {
		precision = atoiOr(d.prec, 1<<31-1)
	}
	prefix, width := epochPrefix(d, precision)
	divisor := 1
	for i := precision; i < 9; i++ {
		divisor *= 10
	}
	frac := ns / divisor
	if sec < 0 && ns != 0 {
		frac = 1e9/divisor - frac - b2i(ns%divisor != 0)
		if frac != 0 {
			sec++
		}
	}
	sd, _ := parseStatDirective(prefix + "Y")
	before := s.out.Len()
	if sec == 0 && t.Unix() < 0 {
		s.num(sd, keepFlags(sd.flags, "'-+ 0"), "-", "0", "")
	} else {
		s.int(sd, sec)
	}
	if precision == 0 {
		return
	}
	ilen := s.out.Len() - before
	prec := min(precision, 9)
	digits := strconv.Itoa(frac + 1e9)[10-prec:]
	s.out.WriteString("." + digits)
	trailing := strings.Repeat("0", precision-prec)
	tw := 0
	if ilen < width && 1 < width-ilen {
		tw = width - ilen - 1 - prec
	}
	s.out.WriteString(cPad(trailing, "-", abs(tw)))
}

// epochPrefix rebuilds the printf prefix for the seconds of a %.NX
// directive and returns it with the field width.
func epochPrefix(d statDirective, precision int) (string, int) {
	prefix := "%" + d.flags + d.width
	zeros := len(d.flags) - len(strings.TrimRight(d.flags, "0"))
	run := d.flags[len(d.flags)-zeros:] + d.width
	if precision == 0 || run == "" {
		return prefix, 0
	}
	width := atoiOr(run, 1<<31-1)
	if width <= 1 {
		return prefix, width
	}
	p := 1 + len(d.flags) - zeros // index of the digit run
	if run[0] == '0' {
		p++
	}
	prefix = prefix[:p]
	if wd := width - 1; wd > 1 {
		if w := wd - precision; w > 1 {
			left := strings.Contains(prefix, "-")
			prefix = strings.ReplaceAll(prefix, "-", "")
			if !left {
				prefix += strconv.Itoa(w)
			}
		}
	}
	return prefix, width
}

func abs(n int) int {
	if n < 0 {
		return -n
	}
	return n
}

// escape handles the backslash escape at the start of f (--printf) and
// returns its length.
func (s *statFile) escape(f string) int {
	if len(f) == 1 {
		s.flushOut()
		s.p.Errorf("warning: backslash at end of format")
		s.out.WriteByte('\\')
		return 1
	}
	c := f[1]
	switch {
	case c >= '0' && c <= '7':
		v, n := 0, 1
		for n < 4 && n < len(f) && f[n] >= '0' && f[n] <= '7' {
			v = v*8 + int(f[n]-'0')
			n++
		}
		s.out.WriteByte(byte(v))
		return n
	case c == 'x' && len(f) > 2 && ctype.DigitVal(f[2]) < 16:
		v, n := ctype.DigitVal(f[2]), 3
		if len(f) > 3 && ctype.DigitVal(f[3]) < 16 {
			v, n = v*16+ctype.DigitVal(f[3]), 4
		}
		s.out.WriteByte(byte(v))
		return n
	}
	if i := strings.IndexByte("abefnrtv\"\\", c); i >= 0 {
		s.out.WriteByte("\a\b\x1b\f\n\r\t\v\"\\"[i])
		return 2
	}
	s.flushOut()
	s.p.Errorf("warning: unrecognized escape '\\%c'", c)
	s.out.WriteByte(c)
	return 2
}
