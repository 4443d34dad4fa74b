package builtins

// gzip's expanding side: -d, -t and -l.

import (
	"bytes"
	"compress/flate"
	"compress/gzip"
	"errors"
	"fmt"
	"io"
	"io/fs"
)

// gzipDataErr is a fault of the compressed data, in GNU's words.
type gzipDataErr string

func (e gzipDataErr) Error() string { return string(e) }

// errTrailing is the end of an expansion that ignored trailing garbage.
var errTrailing = gzipDataErr("decompression OK, trailing garbage ignored")

// gzipReadErr turns a decoder error into GNU's message.
func gzipReadErr(err error, first bool) error {
	var ce flate.CorruptInputError
	switch {
	case errors.Is(err, gzip.ErrHeader), first && err == io.EOF:
		return gzipDataErr("not in gzip format")
	case errors.Is(err, gzip.ErrChecksum):
		return gzipDataErr("invalid compressed data--crc error")
	case errors.As(err, &ce):
		return gzipDataErr("invalid compressed data--format violated")
	case errors.Is(err, io.ErrUnexpectedEOF), err == io.EOF:
		return gzipDataErr("unexpected end of file")
	}
	return err
}

// expand writes the data of the gzip stream in to w, member after member.
func (g *gzipRun) expand(w io.Writer, in io.Reader) error {
	br := bufferedIn(in)
	switch magic, _ := br.Peek(2); {
	case len(magic) == 0:
		return gzipDataErr("unexpected end of file")
	case len(magic) < 2 || magic[0] != 0x1f || magic[1] != 0x8b:
		return gzipDataErr("not in gzip format")
	}
	zr, err := gzip.NewReader(br)
	if err != nil {
		return gzipReadErr(err, true)
	}
	for {
		zr.Multistream(false)
		if err := g.p.copyData(&errWriter{w: w}, zr); err != nil {
			var we writeErr
			if errors.As(err, &we) {
				return we
			}
			return gzipReadErr(err, false)
		}
		next, err := br.Peek(2)
		switch {
		case len(next) == 0 && err == io.EOF:
			return nil
		case bytes.Equal(next, []byte{0x1f, 0x8b}):
			if err := zr.Reset(br); err != nil {
				return gzipReadErr(err, false)
			}
		case onlyZeros(br):
			return nil
		default:
			return errTrailing
		}
	}
}

// onlyZeros reports whether the rest of br is zero bytes (padding, which
// gzip ignores silently).
func onlyZeros(br io.Reader) bool {
	buf := make([]byte, 4096)
	for {
		n, err := br.Read(buf)
		for _, c := range buf[:n] {
			if c != 0 {
				return false
			}
		}
		if err != nil {
			return err == io.EOF
		}
	}
}

// reportExpand reports a failed expansion of name.
func (g *gzipRun) reportExpand(name string, err error) {
	var we writeErr
	switch {
	case errors.As(err, &we):
		g.status = g.p.WriteFailed(we.error)
	case err == errTrailing:
		if !g.o.quiet {
			g.p.Flush()
			fmt.Fprintf(g.p.Stderr, "\n%s: %s: %s\n", g.p.Name(), name, err)
		}
		if g.status == 0 {
			g.status = 2
		}
	case errors.As(err, new(gzipDataErr)):
		{
			g.p.Flush()
			fmt.Fprintf(g.p.Stderr, "\n%s: %s: %s\n", g.p.Name(), name, err)
		}
		g.status = 1
	default:
		g.fail("%s: %s", name, ErrText(err))
	}
}

// expandFile handles -d, -t and -l of one compressed file.
func (g *gzipRun) expandFile(name string, fi fs.FileInfo) {
	p := g.p
	switch {
	case g.o.list:
		g.list(name, fi)
		return
	case g.o.test, g.o.stdout:
		in, err := p.Open(name)
		if err != nil {
			g.fail("%s: %s", name, ErrText(err))
			return
		}
		defer in.Close()
		out := p.Stdout
		if g.o.test {
			out = io.Discard
		}
		err = g.expand(out, in)
		if err != nil && err != errTrailing {
			g.reportExpand(name, err)
			return
		}
		if err == errTrailing {
			g.reportExpand(name, err)
		}
		if g.o.test && g.o.verbose {
			fmt.Fprintf(p.Stderr, "%s:\t OK\n", name)
		}
		return
	}
	target, ok := g.expandedName(name)
	if !ok {
		g.warn("%s: unknown suffix -- ignored", name)
		return
	}
	in, err := p.Open(name)
	if err != nil {
		g.fail("%s: %s", name, ErrText(err))
		return
	}
	defer in.Close()
	trailing := false
	g.replace(name, target, fi, func(w io.Writer) error {
		err := g.expand(w, in)
		if err == errTrailing {
			trailing, err = true, nil
		}
		return err
	})
	if trailing {
		g.reportExpand(name, errTrailing)
	}
}

// list prints gzip -l's line for name.
func (g *gzipRun) list(name string, fi fs.FileInfo) {
	in, err := g.p.Open(name)
	if err != nil {
		g.fail("%s: %s", name, ErrText(err))
		return
	}
	defer in.Close()
	head := make([]byte, 10)
	if _, err := io.ReadFull(in, head); err != nil || head[0] != 0x1f || head[1] != 0x8b {
		g.reportExpand(name, gzipDataErr("not in gzip format"))
		return
	}
	zr, err := gzip.NewReader(io.MultiReader(bytes.NewReader(head), in))
	if err != nil {
		g.reportExpand(name, gzipReadErr(err, true))
		return
	}
	hdr := int64(18)
	if zr.Name != "" {
		hdr += int64(len(zr.Name)) + 1
	}
	if zr.Comment != "" {
		hdr += int64(len(zr.Comment)) + 1
	}
	hdr += int64(len(zr.Extra))
	if len(zr.Extra) > 0 {
		hdr += 2
	}
	size := fi.Size()
	trailer := make([]byte, 4)
	if ra, ok := in.(io.ReaderAt); ok && size >= 18 {
		ra.ReadAt(trailer, size-4)
	}
	plain := int64(trailer[0]) | int64(trailer[1])<<8 | int64(trailer[2])<<16 | int64(trailer[3])<<24
	out, _ := g.expandedName(name)
	if out == "" {
		out = name
	}
	if g.listed == 0 && !g.o.quiet {
		g.p.printf("         compressed        uncompressed  ratio uncompressed_name\n")
	}
	g.listed++
	g.totalIn += size
	g.totalOut += plain
	g.hdrOf = hdr
	g.listLine(size, plain, hdr, out)
}

// listLine prints one line of gzip -l: the ratio leaves out the header
// and trailer (for the totals, those of the last file, as GNU does).
func (g *gzipRun) listLine(size, plain, hdr int64, name string) {
	g.p.printf("%19d %19d %s %s\n", size, plain, gzipRatio(plain, size-hdr), name)
}
