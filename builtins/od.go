package builtins

// od - dump files in octal and other formats
//
//	od [-A RADIX] [-t TYPE]... [-j BYTES] [-N BYTES] [-v] [-w[BYTES]]
//	   [--endian=ORDER] [-abcdfilosxDFOX] [FILE]...
//	od [--traditional] [-abcdfilosxDFOX] [FILE] [[+]OFFSET[b|B] [[+]LABEL[b|B]]]
//
// As GNU coreutils 9.1: types a, c, d, u, o, x with sizes 1, 2, 4, 8 (or
// C S I L), f with 4 or 8 (F D L), the z suffix for a character trailer,
// the traditional single-letter formats, addresses in radix o, d, x or n,
// columns of several types lined up as GNU pads them, repeated lines
// shown as "*" unless -v. Operands are read one after another as one
// stream. The pre-POSIX offset operands are read as GNU reads them when no
// -A, -j, -N, -t or -w is given (or with --traditional): an octal (0x hex)
// count of bytes to skip, times 512 with b or 1024 with B; with
// --traditional a LABEL gives the address shown for it in parentheses.

import (
	"bytes"
	bin "encoding/binary"
	"errors"
	"fmt"
	"io"
	"math"
	"strconv"
	"strings"

	"github.com/shellfence/shellfence/builtins/internal/opt"
	"github.com/shellfence/shellfence/builtins/internal/quote"
	"github.com/shellfence/shellfence/builtins/internal/xstrtol"
)

// odSpec is one output type.
type odSpec struct {
	kind    byte // a c d u o x f
	size    int
	width   int // characters of one field, without its separating space
	trailer bool
	pad     int
}

type odOpts struct {
	specs   []odSpec
	radix   byte
	skip    uint64
	limit   uint64
	limited bool
	verbose bool
	width   int
	order   bin.ByteOrder
	modern  bool // an option of the POSIX form was given
	trad    bool // --traditional
	label   uint64
	labeled bool
}

func od(p *Proc) int {
	o := &odOpts{radix: 'o', order: bin.LittleEndian}
	flags := p.newOpts(1)
	if err := o.declare(p, flags); err != nil {
		return p.usage(err, 1)
	}
	addToolInfo(flags, "od")
	files, err := flags.Parse(p.Args[1:])
	if err != nil {
		return p.usage(err, 1)
	}
	if files, err = o.oldOperands(p, files); err != nil {
		return p.usageErr("%v", err)
	}
	if len(o.specs) == 0 {
		o.addTypes(p, "o2")
	}
	o.layout(p)
	if len(files) == 0 {
		files = []string{"-"}
	}
	in := &odStream{p: p, files: files}
	return o.dump(p, in)
}

// declare adds od's options to flags.
func (o *odOpts) declare(p *Proc, flags *opt.Parser) error {
	flags.Value('A', "address-radix", func(_, v string) error {
		o.modern = true
		if len(v) != 1 || strings.IndexByte("odxn", v[0]) < 0 {
			return p.optErr("invalid output address radix '%s'; it must be one character from [doxn]", v)
		}
		o.radix = v[0]
		return nil
	})
	flags.Value('t', "format", func(_, v string) error { o.modern = true; return o.addTypes(p, v) })
	flags.Value('j', "skip-bytes", func(_, v string) error { o.modern = true; return odCount(p, &o.skip, nil, "-j", v) })
	flags.Value('N', "read-bytes", func(_, v string) error {
		o.modern = true
		return odCount(p, &o.limit, &o.limited, "-N", v)
	})
	flags.Flag('v', "output-duplicates", &o.verbose)
	flags.Flag(0, "traditional", &o.trad)
	flags.Add(opt.Option{Short: 'w', Long: "width", Arg: opt.Optional, Do: func(_, v string) error {
		o.modern = true
		if v == "" {
			o.width = 32
			return nil
		}
		n, e := xstrtol.Umax(v, 10, "")
		if e != 0 || n == 0 || n > 1<<20 {
			return p.optErr("invalid -w argument %s", quote.ShellAlways(v))
		}
		o.width = int(n)
		return nil
	}})
	flags.Value(0, "endian", func(_, v string) error {
		i, err := p.argMatch(v, "--endian", [][]string{{"little"}, {"big"}})
		if i == 1 {
			o.order = bin.BigEndian
		}
		return err
	})
	for _, t := range []struct {
		c    rune
		spec string
	}{{'a', "a"}, {'b', "o1"}, {'c', "c"}, {'d', "u2"}, {'f', "fF"}, {'i', "dI"}, {'l', "dL"},
		{'o', "o2"}, {'s', "d2"}, {'x', "x2"}, {'D', "u4"}, {'F', "fD"}, {'O', "o4"}, {'X', "x4"},
		{'e', "fD"}, {'B', "o2"}, {'h', "x2"}, {'H', "x4"}, {'I', "dL"}, {'L', "dL"}} {
		spec := t.spec
		flags.Func(t.c, "", func() { o.addTypes(p, spec) })
	}
	return nil
}

// oldOperands takes the pre-POSIX offset and label operands off files, as
// GNU does: one operand is an offset with a '+' (any with --traditional);
// of two, the second is one when it starts with '+' or a digit; with
// --traditional two offsets are an offset and a label for standard input,
// and three are a file, an offset and a label.
func (o *odOpts) oldOperands(p *Proc, files []string) ([]string, error) {
	if o.modern && !o.trad {
		return files, nil
	}
	switch n := len(files); {
	case n == 1:
		if off, ok := odOldOffset(files[0]); ok && (o.trad || files[0][0] == '+') {
			o.skip, files = off, nil
		}
	case n == 2:
		c := files[1][0]
		o1, ok1 := odOldOffset(files[0])
		off, ok := odOldOffset(files[1])
		if o.trad && ok1 && ok {
			o.skip, o.label, o.labeled, files = o1, off, true, nil
		} else if ok && (o.trad || c == '+' || c >= '0' && c <= '9') {
			o.skip, files = off, files[:1]
		}
	case n == 3 && o.trad:
		o1, ok1 := odOldOffset(files[1])
		o2, ok2 := odOldOffset(files[2])
		if ok1 && ok2 {
			o.skip, o.label, o.labeled, files = o1, o2, true, files[:1]
		}
	}
	if o.trad && len(files) > 1 {
		p.Errorf("extra operand %s", quote.Locale(files[1]))
		return nil, fmt.Errorf("compatibility mode supports at most one file")
	}
	return files, nil
}

// odOldOffset reads a pre-POSIX offset: an optional '+', an octal count
// (0x hex), and b (512) or B (1024).
func odOldOffset(s string) (uint64, bool) {
	s = strings.TrimPrefix(s, "+")
	if s == "" || strings.Contains(s, ".") {
		return 0, false
	}
	base := 8
	if strings.HasPrefix(s, "0x") || strings.HasPrefix(s, "0X") {
		base = 16
	}
	n, e := xstrtol.Umax(s, base, "bB")
	return n, e == 0
}

// odCount reads a byte count (-j, -N): decimal, 0x hex or 0 octal, with
// GNU's multiplier suffixes.
func odCount(p *Proc, dst *uint64, set *bool, opt, v string) error {
	n, e := xstrtol.Umax(v, 0, "bEGKkMmPTYZ0")
	if e != 0 {
		return p.optErr("invalid %s argument %s", opt, quote.ShellAlways(v))
	}
	*dst = n
	if set != nil {
		*set = true
	}
	return nil
}

// addTypes reads one -t argument.
func (o *odOpts) addTypes(p *Proc, s string) error {
	all := s
	for s != "" {
		spec, rest, err := odParseType(s, all)
		if err != nil {
			return &odTypeErr{p.Name() + ": " + err.Error()}
		}
		o.specs = append(o.specs, spec)
		s = rest
	}
	return nil
}

type odTypeErr struct{ msg string }

func (e *odTypeErr) Error() string { return e.msg }

var odIntWidths = map[byte][9]int{
	'd': {0, 4, 6, 0, 11, 0, 0, 0, 20},
	'u': {0, 3, 5, 0, 10, 0, 0, 0, 20},
	'o': {0, 3, 6, 0, 11, 0, 0, 0, 22},
	'x': {0, 2, 4, 0, 8, 0, 0, 0, 16},
}

// odParseType reads one type at the start of s.
func odParseType(s, all string) (odSpec, string, error) {
	c := s[0]
	spec := odSpec{kind: c}
	rest := s[1:]
	switch c {
	case 'a', 'c':
		spec.size, spec.width = 1, 3
	case 'd', 'u', 'o', 'x':
		size, r, err := odSize(rest, all, "CSIL", map[byte]int{'C': 1, 'S': 2, 'I': 4, 'L': 8}, 4, "integral")
		if err != nil {
			return spec, "", err
		}
		spec.size, rest = size, r
		spec.width = odIntWidths[c][size]
	case 'f':
		size, r, err := odSize(rest, all, "FDL", map[byte]int{'F': 4, 'D': 8, 'L': 8}, 8, "floating point")
		if err != nil {
			return spec, "", err
		}
		spec.size, rest = size, r
		spec.width = map[int]int{4: 15, 8: 24}[size]
	default:
		return spec, "", fmt.Errorf("invalid character '%c' in type string %s", c, quote.Locale(all))
	}
	if strings.HasPrefix(rest, "z") {
		spec.trailer, rest = true, rest[1:]
	}
	return spec, rest, nil
}

// odSize reads the size after a type letter.
func odSize(s, all, letters string, named map[byte]int, def int, what string) (int, string, error) {
	if s != "" && strings.IndexByte(letters, s[0]) >= 0 {
		return named[s[0]], s[1:], nil
	}
	i := 0
	for i < len(s) && s[i] >= '0' && s[i] <= '9' {
		i++
	}
	if i == 0 {
		return def, s, nil
	}
	n, _ := strconv.Atoi(s[:i])
	ok := n == 1 || n == 2 || n == 4 || n == 8
	if what == "floating point" {
		ok = n == 4 || n == 8
	}
	if !ok {
		return 0, "", fmt.Errorf("invalid type string %s;\nthis system doesn't provide a %d-byte %s type", quote.Locale(all), n, what)
	}
	return n, s[i:], nil
}

// layout sets the line width and each type's padding, as GNU does.
func (o *odOpts) layout(p *Proc) {
	lcm := 1
	for _, s := range o.specs {
		lcm = max(lcm, s.size) // sizes are powers of two
	}
	switch {
	case o.width == 0:
		o.width = max(16/lcm, 1) * lcm
	case o.width%lcm != 0:
		p.Errorf("warning: invalid width %d; using %d instead", o.width, lcm)
		o.width = lcm
	}
	most := 0
	for _, s := range o.specs {
		most = max(most, (o.width/s.size)*(s.width+1))
	}
	for i := range o.specs {
		s := &o.specs[i]
		s.pad = most - (o.width/s.size)*(s.width+1)
	}
}

// odStream reads the operands one after another.
type odStream struct {
	p      *Proc
	files  []string
	cur    io.Reader
	done   func()
	status int
	opened int
}

// Read reads from the current file, moving to the next at its end and
// reporting files that cannot be opened or read.
func (s *odStream) Read(b []byte) (int, error) {
	for {
		if s.cur == nil {
			if len(s.files) == 0 {
				return 0, io.EOF
			}
			name := s.files[0]
			s.files = s.files[1:]
			in, done, err := s.p.openInput(name)
			if err != nil {
				s.p.Errorf("%s: %s", quote.Shell(name), ErrText(err))
				s.status = 1
				continue
			}
			s.cur, s.done = &odNamed{in, name}, done
			s.opened++
		}
		n, err := s.cur.Read(b)
		if err != nil {
			if err != io.EOF {
				s.p.Errorf("%s: read error: %s", quote.Shell(s.cur.(*odNamed).name), ErrText(err))
				s.status = 1
			}
			s.done()
			s.cur = nil
		}
		if n > 0 {
			return n, nil
		}
		if s.p.Cancelled() {
			return 0, errStopped
		}
	}
}

type odNamed struct {
	io.Reader
	name string
}

// errNoInput ends a dump that opened no file: GNU then writes no final
// address.
var errNoInput = errors.New("od: no input")

// dump writes the whole dump.
func (o *odOpts) dump(p *Proc, in *odStream) int {
	r := io.Reader(in)
	if o.skip > 0 {
		n, err := io.CopyN(io.Discard, in, int64(min(o.skip, math.MaxInt64)))
		if err == errStopped {
			return 130
		}
		if uint64(n) < o.skip && in.opened == 0 {
			return in.status
		}
		if uint64(n) < o.skip {
			p.Errorf("cannot skip past end of combined input")
			return 1
		}
	}
	if o.limited {
		r = io.LimitReader(in, int64(min(o.limit, math.MaxInt64)))
	}
	err := o.blocks(p, r, in)
	if err == nil || err == errNoInput {
		return in.status
	}
	if err == errStopped {
		return 130
	}
	return p.WriteFailed(err)
}

// blocks reads and writes one line at a time from r, which reads in.
func (o *odOpts) blocks(p *Proc, r io.Reader, in *odStream) error {
	cur := make([]byte, o.width)
	prev := make([]byte, o.width)
	addr := o.skip
	first, starred := true, false
	var line []byte
	for {
		n, err := io.ReadFull(r, cur)
		if n == 0 {
			if err == errStopped {
				return err
			}
			break
		}
		if !o.verbose && !first && n == o.width && bytes.Equal(cur, prev) {
			if !starred {
				if werr := p.write([]byte("*\n")); werr != nil {
					return werr
				}
				starred = true
			}
		} else {
			starred = false
			clear(cur[n:])
			line = o.formatBlock(line[:0], addr, cur, n)
			if werr := p.write(line); werr != nil {
				return werr
			}
		}
		first = false
		addr += uint64(n)
		cur, prev = prev, cur
		if n < o.width {
			break
		}
	}
	if in.opened == 0 && in.status != 0 {
		return errNoInput
	}
	if o.radix == 'n' {
		return nil
	}
	return p.write(append(o.appendAddr(nil, addr), '\n'))
}

// appendAddr appends an address in the chosen radix.
func (o *odOpts) appendAddr(b []byte, a uint64) []byte {
	b = o.appendRadix(b, a)
	if o.labeled {
		b = append(o.appendRadix(append(b, " ("...), a-o.skip+o.label), ')')
	}
	return b
}

// appendRadix appends a in the chosen radix.
func (o *odOpts) appendRadix(b []byte, a uint64) []byte {
	switch o.radix {
	case 'd':
		return fmt.Appendf(b, "%07d", a)
	case 'x':
		return fmt.Appendf(b, "%06x", a)
	case 'n':
		return b
	}
	return fmt.Appendf(b, "%07o", a)
}

// formatBlock formats one line of n bytes (block is zero-filled).
func (o *odOpts) formatBlock(b []byte, addr uint64, block []byte, n int) []byte {
	for i, s := range o.specs {
		if i == 0 {
			b = o.appendAddr(b, addr)
		} else {
			b = append(b, strings.Repeat(" ", len(o.appendRadix(nil, 0)))...)
		}
		fields := o.width / s.size
		blank := (o.width - n) / s.size
		remaining := s.pad
		for k := fields; k > blank; k-- {
			next := s.pad * (k - 1) / fields
			w := remaining - next + s.width
			off := (fields - k) * s.size
			b = append(b, ' ')
			b = appendRight(b, o.field(s, block[off:off+s.size]), w)
			remaining = next
		}
		if s.trailer {
			b = append(b, strings.Repeat(" ", blank*(s.width+1))...)
			b = append(b, "  >"...)
			for _, c := range block[:n] {
				if c < 32 || c > 126 {
					c = '.'
				}
				b = append(b, c)
			}
			b = append(b, '<')
		}
		b = append(b, '\n')
	}
	return b
}

func appendRight(b []byte, s string, w int) []byte {
	for i := len(s); i < w; i++ {
		b = append(b, ' ')
	}
	return append(b, s...)
}

var odNames = [...]string{"nul", "soh", "stx", "etx", "eot", "enq", "ack", "bel", "bs", "ht", "nl", "vt", "ff", "cr", "so", "si",
	"dle", "dc1", "dc2", "dc3", "dc4", "nak", "syn", "etb", "can", "em", "sub", "esc", "fs", "gs", "rs", "us", "sp"}

// field formats one element.
func (o *odOpts) field(s odSpec, b []byte) string {
	switch s.kind {
	case 'a':
		c := b[0] & 0x7f
		switch {
		case c <= 32:
			return odNames[c]
		case c == 127:
			return "del"
		}
		return string(rune(c))
	case 'c':
		return odChar(b[0])
	case 'f':
		if s.size == 4 {
			return odFloat(float64(math.Float32frombits(o.order.Uint32(b))), 32)
		}
		return odFloat(math.Float64frombits(o.order.Uint64(b)), 64)
	}
	var u uint64
	switch s.size {
	case 1:
		u = uint64(b[0])
	case 2:
		u = uint64(o.order.Uint16(b))
	case 4:
		u = uint64(o.order.Uint32(b))
	default:
		u = o.order.Uint64(b)
	}
	switch s.kind {
	case 'd':
		shift := 64 - 8*s.size
		return strconv.FormatInt(int64(u<<shift)>>shift, 10)
	case 'u':
		return strconv.FormatUint(u, 10)
	case 'o':
		return fmt.Sprintf("%0*o", s.width, u)
	}
	return fmt.Sprintf("%0*x", s.width, u)
}

func odChar(c byte) string {
	switch c {
	case 0:
		return "\\0"
	case '\a':
		return "\\a"
	case '\b':
		return "\\b"
	case '\f':
		return "\\f"
	case '\n':
		return "\\n"
	case '\r':
		return "\\r"
	case '\t':
		return "\\t"
	case '\v':
		return "\\v"
	}
	if c >= 32 && c < 127 {
		return string(rune(c))
	}
	return fmt.Sprintf("%03o", c)
}

// odFloat writes the shortest form that reads back as the same value,
// as gnulib's ftoastr.
func odFloat(v float64, bits int) string {
	switch {
	case math.IsNaN(v):
		if math.Signbit(v) {
			return "-nan"
		}
		return "nan"
	case math.IsInf(v, 1):
		return "inf"
	case math.IsInf(v, -1):
		return "-inf"
	}
	digits := strings.TrimLeft(strconv.FormatFloat(math.Abs(v), 'e', -1, bits), "0")
	mant, _, _ := strings.Cut(digits, "e")
	nd := len(strings.Replace(mant, ".", "", 1))
	start := 6
	if bits == 64 {
		start = 15
	}
	if min32, min64 := 0x1p-126, 0x1p-1022; v == 0 || bits == 32 && math.Abs(v) < min32 || bits == 64 && math.Abs(v) < min64 {
		start = 1
	}
	return strconv.FormatFloat(v, 'g', max(nd, start), bits)
}
