package builtins

// base64, base32 - encode or decode data and print to standard output
//
//	base64 [-di] [-w COLS] [FILE]
//	base32 [-di] [-w COLS] [FILE]
//
// As GNU coreutils 9.1: lines of COLS (76) characters, -w 0 for none;
// -d decodes, ignoring newlines, and with -i (--ignore-garbage) every
// byte outside the alphabet. Invalid input stops decoding after what
// decoded so far has been written, with "invalid input" and status 1,
// at the same byte as gnulib's decoder.

import (
	"bytes"
	"encoding/base32"
	"encoding/base64"
	"io"
	"strconv"

	"github.com/shellfence/shellfence/builtins/internal/quote"
)

// baseCodec is one of the two encodings.
type baseCodec struct {
	group int // characters per group: 4 or 8
	bytes int // bytes per group: 3 or 5
	enc   func(dst, src []byte)
	rev   [256]int8 // -1 outside the alphabet
}

func newCodec(alphabet string, group, bytes int, enc func(dst, src []byte)) *baseCodec {
	c := &baseCodec{group: group, bytes: bytes, enc: enc}
	for i := range c.rev {
		c.rev[i] = -1
	}
	for i := 0; i < len(alphabet); i++ {
		c.rev[alphabet[i]] = int8(i)
	}
	return c
}

var (
	codec64 = newCodec("ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/", 4, 3, base64.StdEncoding.Encode)
	codec32 = newCodec("ABCDEFGHIJKLMNOPQRSTUVWXYZ234567", 8, 5, base32.StdEncoding.Encode)
)

func base64Cmd(p *Proc) int { return basenc(p, codec64) }
func base32Cmd(p *Proc) int { return basenc(p, codec32) }

func basenc(p *Proc, c *baseCodec) int {
	var decode, garbage bool
	wrap := 76
	flags := p.newOpts(1)
	flags.Flag('d', "decode", &decode)
	flags.Flag('i', "ignore-garbage", &garbage)
	flags.Value('w', "wrap", func(_, v string) error {
		n, err := strconv.ParseUint(v, 10, 63)
		if err != nil {
			return p.optErr("invalid wrap size: %s", quote.Locale(v))
		}
		wrap = int(min(n, 1<<40))
		return nil
	})
	addToolInfo(flags, p.BaseName())
	files, err := flags.Parse(p.Args[1:])
	if err != nil {
		return p.usage(err, 1)
	}
	if len(files) > 1 {
		return p.usageErr("extra operand %s", quote.Locale(files[1]))
	}
	name := "-"
	if len(files) == 1 {
		name = files[0]
	}
	in, done, err := p.openInput(name)
	if err != nil {
		p.Errorf("%s: %s", quote.Shell(name), ErrText(err))
		return 1
	}
	defer done()
	if decode {
		err = c.decodeStream(p, newChunkReader(p, in), garbage)
	} else {
		err = c.encodeStream(p, newChunkReader(p, in), wrap)
	}
	if err == errInvalidInput {
		p.Errorf("invalid input")
		return 1
	}
	return p.endStatus(err, func() string { return quote.Shell(name) })
}

// encodeStream encodes whole groups as they come and the rest at the end.
func (c *baseCodec) encodeStream(p *Proc, r *chunkReader, wrap int) error {
	w := &wrapWriter{p: p, wrap: wrap}
	var pend []byte
	out := make([]byte, 0, 96<<10)
	for {
		chunk, err := r.next()
		if err != nil && err != io.EOF {
			return err
		}
		pend = append(pend, chunk...)
		whole := len(pend) / c.bytes * c.bytes
		if err != nil {
			whole = len(pend)
		}
		n := (whole + c.bytes - 1) / c.bytes * c.group
		out = out[:n]
		c.enc(out, pend[:whole])
		if werr := w.write(out); werr != nil {
			return werr
		}
		pend = append(pend[:0], pend[whole:]...)
		if err != nil {
			return w.end()
		}
	}
}

// wrapWriter breaks encoded output into lines.
type wrapWriter struct {
	p    *Proc
	wrap int
	col  int
}

func (w *wrapWriter) write(b []byte) error {
	if w.wrap == 0 {
		return w.p.write(b)
	}
	for len(b) > 0 {
		n := min(len(b), w.wrap-w.col)
		if err := w.p.write(b[:n]); err != nil {
			return err
		}
		b, w.col = b[n:], w.col+n
		if w.col == w.wrap {
			if err := w.p.write([]byte{'\n'}); err != nil {
				return err
			}
			w.col = 0
		}
	}
	return nil
}

// end finishes the last line.
func (w *wrapWriter) end() error {
	if w.wrap == 0 || w.col == 0 {
		return nil
	}
	return w.p.write([]byte{'\n'})
}

// decodeStream decodes groups as gnulib's decoder with a context does:
// newlines are skipped, a group ends at its padding, and an incomplete or
// invalid group writes the bytes it could decode and fails.
func (c *baseCodec) decodeStream(p *Proc, r *chunkReader, garbage bool) error {
	grp := make([]byte, 0, 8)
	out := make([]byte, 0, 64<<10)
	for {
		chunk, err := r.next()
		if err != nil && err != io.EOF {
			return err
		}
		chunk, out = c.fastDecode(chunk, grp, out, garbage)
		for _, b := range chunk {
			if b == '\n' || garbage && b != '=' && c.rev[b] < 0 {
				continue
			}
			grp = append(grp, b)
			if len(grp) < c.group {
				continue
			}
			var ok bool
			out, ok = c.decodeGroup(out, grp)
			grp = grp[:0]
			if !ok {
				return c.invalid(p, out)
			}
		}
		if err == io.EOF && len(grp) > 0 {
			out, _ = c.decodeGroup(out, grp)
			return c.invalid(p, out)
		}
		if werr := p.write(out); werr != nil || err == io.EOF {
			return werr
		}
		out = out[:0]
	}
}

// invalid writes what was decoded and reports the invalid input.
func (c *baseCodec) invalid(p *Proc, out []byte) error {
	if err := p.write(out); err != nil {
		return err
	}
	return errInvalidInput
}

type invalidInput struct{}

func (invalidInput) Error() string { return "invalid input" }

var errInvalidInput error = invalidInput{}

// decodeGroup appends the bytes of one group (short only at the end);
// ok is false when the group is invalid or incomplete.
func (c *baseCodec) decodeGroup(out, g []byte) ([]byte, bool) {
	if c.group == 4 {
		return c.decode4(out, g)
	}
	return c.decode8(out, g)
}

func (c *baseCodec) val(b byte) (uint32, bool) {
	v := c.rev[b]
	return uint32(v), v >= 0
}

// decode4 is gnulib's decode_4.
func (c *baseCodec) decode4(out, g []byte) ([]byte, bool) {
	var v [4]uint32
	var ok [4]bool
	for i := range g {
		v[i], ok[i] = c.val(g[i])
	}
	if len(g) < 2 || !ok[0] || !ok[1] {
		return out, false
	}
	out = append(out, byte(v[0]<<2|v[1]>>4))
	if len(g) == 2 {
		return out, false
	}
	if g[2] == '=' {
		return out, len(g) == 4 && g[3] == '='
	}
	if !ok[2] {
		return out, false
	}
	out = append(out, byte(v[1]<<4|v[2]>>2))
	if len(g) == 3 {
		return out, false
	}
	if g[3] == '=' {
		return out, true
	}
	if !ok[3] {
		return out, false
	}
	return append(out, byte(v[2]<<6|v[3])), true
}

// decode8 is gnulib's decode_8: a short group decodes nothing.
func (c *baseCodec) decode8(out, g []byte) ([]byte, bool) {
	if len(g) < 8 {
		return out, false
	}
	var v [8]uint32
	var ok [8]bool
	for i := range g {
		v[i], ok[i] = c.val(g[i])
	}
	pads := func(from int) bool {
		for _, b := range g[from:] {
			if b != '=' {
				return false
			}
		}
		return true
	}
	if !ok[0] || !ok[1] {
		return out, false
	}
	out = append(out, byte(v[0]<<3|v[1]>>2))
	if g[2] == '=' {
		return out, pads(2)
	}
	if !ok[2] || !ok[3] {
		return out, false
	}
	out = append(out, byte(v[1]<<6|v[2]<<1|v[3]>>4))
	if g[4] == '=' {
		return out, pads(4)
	}
	if !ok[4] {
		return out, false
	}
	out = append(out, byte(v[3]<<4|v[4]>>1))
	if g[5] == '=' {
		return out, pads(5)
	}
	if !ok[5] || !ok[6] {
		return out, false
	}
	out = append(out, byte(v[4]<<7|v[5]<<2|v[6]>>3))
	if g[7] == '=' {
		return out, true
	}
	if !ok[7] {
		return out, false
	}
	return append(out, byte(v[6]<<5|v[7])), true
}

// fastDecode decodes the leading lines of chunk that hold only whole,
// unpadded groups (the bulk of any encoded file) with the standard
// library, when no partial group is pending; it returns the rest for the
// exact decoder.
func (c *baseCodec) fastDecode(chunk, grp, out []byte, garbage bool) ([]byte, []byte) {
	if len(grp) > 0 || garbage || c.group != 4 {
		return chunk, out
	}
	for {
		nl := bytes.IndexByte(chunk, '\n')
		if nl <= 0 || nl%4 != 0 || chunk[nl-1] == '=' || bytes.IndexByte(chunk[:nl], '\r') >= 0 {
			return chunk, out
		}
		n := len(out)
		out = append(out, make([]byte, nl/4*3)...)
		if _, err := base64.StdEncoding.Strict().Decode(out[n:], chunk[:nl]); err != nil {
			return chunk, out[:n]
		}
		chunk = chunk[nl+1:]
	}
}
