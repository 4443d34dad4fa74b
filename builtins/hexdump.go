package builtins

// hexdump - display file contents in hexadecimal, decimal, octal, or ascii
//
//	hexdump [-bcCdovx] [-n LENGTH] [-s OFFSET] [FILE]...
//
// As util-linux 2.38: the default two-byte hex format and the -b, -c,
// -C (canonical), -d, -o and -x formats, repeated lines shown as "*"
// unless -v, -n and -s with their size suffixes. Several formats print
// one line each per block, as hexdump does. Format strings (-e, -f) are
// not implemented.

import (
	"bytes"
	"fmt"
	"io"
	"math"
	"strings"

	"github.com/shellfence/shellfence/builtins/internal/xstrtol"
)

// hexFormat is one of the fixed formats: units of size bytes, each
// written by unit; canonical is -C.
type hexFormat struct {
	size      int
	unit      func(b []byte) string
	width     int
	canonical bool
}

var hexFormats = map[byte]hexFormat{
	'x': {2, func(b []byte) string { return fmt.Sprintf("   %04x", le16(b)) }, 7, false},
	'd': {2, func(b []byte) string { return fmt.Sprintf("  %05d", le16(b)) }, 7, false},
	'o': {2, func(b []byte) string { return fmt.Sprintf(" %06o", le16(b)) }, 7, false},
	'b': {1, func(b []byte) string { return fmt.Sprintf("%03o", b[0]) }, 3, false},
	'c': {1, func(b []byte) string { return fmt.Sprintf("%3s", hexChar(b[0])) }, 3, false},
	'C': {1, nil, 0, true},
	'D': {2, func(b []byte) string { return fmt.Sprintf("%04x", le16(b)) }, 4, false},
}

func le16(b []byte) uint16 { return uint16(b[0]) | uint16(b[1])<<8 }

func hexChar(c byte) string {
	if s := odChar(c); len(s) == 2 || c >= 32 && c < 127 {
		return s
	}
	return fmt.Sprintf("%03o", c)
}

type hexdumpOpts struct {
	formats []hexFormat
	length  int64
	skip    int64
	verbose bool
}

func hexdump(p *Proc) int {
	o := &hexdumpOpts{length: -1}
	flags := p.newOpts(1)
	for _, c := range "bcCdox" {
		f := hexFormats[byte(c)]
		flags.Func(c, map[rune]string{'b': "one-byte-octal", 'c': "one-byte-char", 'C': "canonical", 'd': "two-bytes-decimal", 'o': "two-bytes-octal", 'x': "two-bytes-hex"}[c], func() { o.formats = append(o.formats, f) })
	}
	flags.Value('n', "length", func(_, v string) error { return hexSize(p, &o.length, "length", v) })
	flags.Value('s', "skip", func(_, v string) error { return hexSize(p, &o.skip, "offset", v) })
	flags.Flag('v', "no-squeezing", &o.verbose)
	flags.Unsupported("eFfL", "format", "format-file", "color")
	addUtilInfo(flags, "hexdump")
	files, err := flags.Parse(p.Args[1:])
	if err != nil {
		return p.usage(err, 1)
	}
	if len(o.formats) == 0 {
		o.formats = []hexFormat{hexFormats['D']}
	}
	in := &odStream{p: p, files: files}
	if len(files) == 0 {
		in.files = []string{"-"}
	}
	code := o.run(p, in)
	if code == 0 && in.status != 0 {
		if in.opened == 0 {
			p.Errorf("all input file arguments failed")
		}
		return 1
	}
	return code
}

// hexSize reads -n or -s with util-linux's size suffixes.
func hexSize(p *Proc, dst *int64, what, v string) error {
	n, e := xstrtol.Umax(v, 0, "bEGKkMmPTYZ0")
	if e != 0 || n > math.MaxInt64 {
		return p.optErr("failed to parse %s: '%s': Invalid argument", what, v)
	}
	*dst = int64(n)
	return nil
}

func (o *hexdumpOpts) run(p *Proc, in *odStream) int {
	if o.skip > 0 {
		n, err := io.CopyN(io.Discard, in, o.skip)
		if err == errStopped {
			return 130
		}
		o.skip = n
	}
	r := io.Reader(in)
	if o.length >= 0 {
		r = io.LimitReader(in, o.length)
	}
	err := o.lines(p, r)
	switch {
	case err == nil:
		return 0
	case err == errStopped:
		return 130
	}
	return p.endStatus(err, func() string { return "" })
}

func (o *hexdumpOpts) lines(p *Proc, r io.Reader) error {
	cur, prev := make([]byte, 16), make([]byte, 16)
	addr := o.skip
	first, starred := true, false
	for {
		n, err := io.ReadFull(r, cur)
		if n == 0 {
			if err == errStopped {
				return err
			}
			break
		}
		if !o.verbose && !first && n == 16 && bytes.Equal(cur, prev) {
			if !starred {
				if werr := p.write([]byte("*\n")); werr != nil {
					return werr
				}
				starred = true
			}
		} else {
			starred = false
			if werr := p.write(o.block(addr, cur[:n])); werr != nil {
				return werr
			}
		}
		first = false
		addr += int64(n)
		cur, prev = prev, cur
		if n < 16 {
			break
		}
	}
	if first && addr == 0 {
		return nil
	}
	if o.formats[0].canonical {
		return p.write(fmt.Appendf(nil, "%08x\n", addr))
	}
	return p.write(fmt.Appendf(nil, "%07x\n", addr))
}

// block formats one block of up to 16 bytes in every format.
func (o *hexdumpOpts) block(addr int64, b []byte) []byte {
	var out []byte
	for _, f := range o.formats {
		if f.canonical {
			out = appendCanonical(out, addr, b)
			continue
		}
		out = fmt.Appendf(out, "%07x", addr)
		padded := make([]byte, 16)
		copy(padded, b)
		for i := 0; i < 16; i += f.size {
			out = append(out, ' ')
			if i >= len(b) {
				out = append(out, strings.Repeat(" ", f.width)...)
				continue
			}
			out = append(out, f.unit(padded[i:i+f.size])...)
		}
		out = append(out, '\n')
	}
	return out
}

// appendCanonical appends a -C line.
func appendCanonical(out []byte, addr int64, b []byte) []byte {
	out = fmt.Appendf(out, "%08x  ", addr)
	for i := range 16 {
		if i == 8 {
			out = append(out, ' ')
		}
		if i < len(b) {
			out = fmt.Appendf(out, "%02x ", b[i])
		} else {
			out = append(out, "   "...)
		}
	}
	out = append(out, " |"...)
	for _, c := range b {
		if c < 32 || c > 126 {
			c = '.'
		}
		out = append(out, c)
	}
	return append(out, "|\n"...)
}
