package builtins

// xxd's normal dump (with autoskip) and its reverse.

import (
	"bufio"
	"fmt"
	"io"
	"strings"
)

// normal writes the default dump, a line of -c bytes at a time.
func (d *xxdDump) normal(in io.Reader) error {
	o := d.o
	line := make([]byte, o.cols)
	z := &xxdSkip{}
	var last []byte
	for {
		if d.p.Cancelled() {
			return errStopped
		}
		n, err := io.ReadFull(in, line)
		if n == 0 {
			break
		}
		text := d.format(line[:n])
		zero := o.autoskip && n == o.cols && allZero(line)
		if werr := z.line(d, text, zero); werr != nil {
			return werr
		}
		last = text
		d.addr += int64(n)
		if err != nil {
			if err != io.ErrUnexpectedEOF && err != io.EOF {
				return err
			}
			break
		}
	}
	if o.autoskip && last != nil {
		return z.end(d, last)
	}
	return nil
}

func allZero(b []byte) bool {
	for _, c := range b {
		if c != 0 {
			return false
		}
	}
	return true
}

// xxdSkip replaces runs of zero lines by "*" as -a does: the first line
// of a run is shown, and so is the last line of the input.
type xxdSkip struct {
	seen  int
	saved []byte
}

func (z *xxdSkip) line(d *xxdDump, text []byte, zero bool) error {
	if zero {
		z.seen++
		switch z.seen {
		case 1:
			return d.put(text)
		case 2:
			z.saved = append(z.saved[:0], text...)
		}
		return nil
	}
	if err := z.flush(d); err != nil {
		return err
	}
	return d.put(text)
}

// flush shows what a run of zero lines hid.
func (z *xxdSkip) flush(d *xxdDump) error {
	defer func() { z.seen = 0 }()
	switch {
	case z.seen == 2:
		return d.put(z.saved)
	case z.seen > 2:
		return d.put([]byte("*\n"))
	}
	return nil
}

// end shows the last line of the input if a zero run hid it, and the
// line before it when only that one was hidden.
func (z *xxdSkip) end(d *xxdDump, last []byte) error {
	seen := z.seen - 1
	switch {
	case seen <= 0:
		return nil
	case seen == 2:
		if err := d.put(z.saved); err != nil {
			return err
		}
	case seen > 2:
		if err := d.put([]byte("*\n")); err != nil {
			return err
		}
	}
	return d.put(last)
}

// format makes one dump line.
func (d *xxdDump) format(b []byte) []byte {
	o := d.o
	var out []byte
	if o.decimal {
		out = fmt.Appendf(out, "%08d: ", d.addr)
	} else {
		out = fmt.Appendf(out, "%08x: ", d.addr)
	}
	per := 2
	if o.bits {
		per = 8
	}
	width := o.cols*per + (o.cols-1)/o.group
	start := len(out)
	hx := d.hex()
	for g := 0; g*o.group < o.cols; g++ {
		if g > 0 {
			out = append(out, ' ')
		}
		lo, hi := g*o.group, min((g+1)*o.group, o.cols)
		for i := lo; i < hi; i++ {
			j := i
			if o.little {
				j = lo + hi - 1 - i
			}
			switch {
			case j >= len(b):
				out = append(out, strings.Repeat(" ", per)...)
			case o.bits:
				out = fmt.Appendf(out, "%08b", b[j])
			default:
				out = append(out, hx[b[j]>>4], hx[b[j]&15])
			}
		}
	}
	out = out[:start+min(width, len(out)-start)]
	for len(out)-start < width {
		out = append(out, ' ')
	}
	out = append(out, ' ', ' ')
	for _, c := range b {
		if c < 32 || c > 126 {
			c = '.'
		}
		out = append(out, c)
	}
	return append(out, '\n')
}

// revertTo reads a dump (or -p hex) and writes the bytes; into old's
// copy when patching a file.
func (o *xxdOpts) revertTo(p *Proc, in io.Reader, w io.Writer, old []byte) int {
	o.defaults()
	rv := &xxdRevert{buf: append([]byte(nil), old...)}
	r := bufio.NewReaderSize(in, 64<<10)
	for {
		line, err := r.ReadString('\n')
		if line != "" {
			if o.plain {
				rv.plainLine(line)
			} else {
				rv.dumpLine(line, o)
			}
		}
		if err != nil {
			break
		}
		if p.Cancelled() {
			return 130
		}
	}
	if _, err := w.Write(rv.buf); err != nil {
		return p.WriteFailed(err)
	}
	return 0
}

// xxdRevert collects the bytes of a reversed dump.
type xxdRevert struct {
	buf  []byte
	pos  int64
	nib  int
	have bool
}

func (rv *xxdRevert) put(c byte) {
	if rv.pos < int64(len(rv.buf)) {
		rv.buf[rv.pos] = c
	} else {
		for int64(len(rv.buf)) < rv.pos {
			rv.buf = append(rv.buf, 0)
		}
		rv.buf = append(rv.buf, c)
	}
	rv.pos++
}

func hexVal(c byte) int {
	switch {
	case c >= '0' && c <= '9':
		return int(c - '0')
	case c >= 'a' && c <= 'f':
		return int(c-'a') + 10
	case c >= 'A' && c <= 'F':
		return int(c-'A') + 10
	}
	return -1
}

// plainLine reads hex digits anywhere on the line.
func (rv *xxdRevert) plainLine(line string) {
	for i := 0; i < len(line); i++ {
		v := hexVal(line[i])
		if v < 0 {
			continue
		}
		if rv.have {
			rv.put(byte(rv.nib<<4 | v))
			rv.have = false
		} else {
			rv.nib, rv.have = v, true
		}
	}
}

// dumpLine reads "ADDR: HEX HEX  TEXT".
func (rv *xxdRevert) dumpLine(line string, o *xxdOpts) {
	colon := strings.IndexByte(line, ':')
	if colon < 0 {
		return
	}
	addr, _ := xxdNumber("0x" + strings.TrimSpace(line[:colon]))
	rv.pos = addr + o.seek - o.offset
	rest := line[colon+1:]
	n, spaces := 0, 0
	for i := 0; i < len(rest) && n < o.cols; i++ {
		c := rest[i]
		if c == ' ' || c == '\t' {
			if spaces++; spaces >= 2 && i > 1 {
				return
			}
			continue
		}
		spaces = 0
		hi := hexVal(c)
		if hi < 0 || i+1 >= len(rest) || hexVal(rest[i+1]) < 0 {
			return
		}
		rv.put(byte(hi<<4 | hexVal(rest[i+1])))
		i++
		n++
	}
}
