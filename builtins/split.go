package builtins

// split - split a file into pieces
//
//	split [-d] [-a N] [--additional-suffix=S] [-l N | -b SIZE | -n N]
//	      [FILE [PREFIX]]
//
// As GNU coreutils 9.1: pieces of N lines (1000), SIZE bytes (with K, M,
// G... suffixes) or N equal parts of a regular file, named PREFIX (x)
// and alphabetic or -d numeric suffixes of length -a (2). Each piece is
// written whole through the workspace (vfs.WriteAtomic); what a piece
// holds is charged to the run's memory budget. The -n l/N and r/N forms,
// -C and --filter are not implemented.

import (
	"bufio"
	"bytes"
	"fmt"
	"io"
	"strconv"
	"strings"

	"github.com/shellfence/shellfence/builtins/internal/quote"
	"github.com/shellfence/shellfence/builtins/internal/xstrtol"
)

type splitOpts struct {
	lines, size, chunks int64
	numeric             bool
	suffixLen           int
	extra               string
	prefix              string
	verbose             bool
	next                int64
}

func split(p *Proc) int {
	o := &splitOpts{lines: 1000, suffixLen: 2, prefix: "x"}
	flags := p.newOpts(1)
	flags.Value('l', "lines", func(_, v string) error { return o.number(p, &o.lines, "lines", v, true) })
	flags.Value('b', "bytes", func(_, v string) error { o.lines = 0; return o.number(p, &o.size, "bytes", v, true) })
	flags.Value('n', "number", func(_, v string) error {
		o.lines = 0
		if strings.Contains(v, "/") {
			return &splitUnsupported{p.Name() + ": -n " + v + ": unsupported (shellfence does not implement l/N and r/N)"}
		}
		return o.number(p, &o.chunks, "chunks", v, false)
	})
	flags.Flag('d', "numeric-suffixes", &o.numeric)
	flags.Value('a', "suffix-length", func(_, v string) error {
		n, err := strconv.Atoi(v)
		if err != nil || n < 0 {
			return p.optErr("invalid suffix length: %s", quote.Locale(v))
		}
		o.suffixLen = n
		return nil
	})
	flags.String(0, "additional-suffix", &o.extra)
	flags.Flag(0, "verbose", &o.verbose)
	flags.Unsupported("Ceux", "line-bytes", "filter", "elide-empty-files", "unbuffered", "hex-suffixes", "separator")
	addToolInfo(flags, "split")
	ops, err := flags.Parse(p.Args[1:])
	if err != nil {
		if ue, ok := err.(*splitUnsupported); ok {
			fmt.Fprintln(p.Stderr, ue.msg)
			return 2
		}
		return p.usage(err, 1)
	}
	if len(ops) > 2 {
		return p.usageErr("extra operand %s", quote.Locale(ops[2]))
	}
	name := "-"
	if len(ops) > 0 {
		name = ops[0]
	}
	if len(ops) > 1 {
		o.prefix = ops[1]
	}
	return o.run(p, name)
}

type splitUnsupported struct{ msg string }

func (e *splitUnsupported) Error() string { return e.msg }

func (o *splitOpts) number(p *Proc, dst *int64, what, v string, suffixes bool) error {
	valid := ""
	if suffixes {
		valid = "bEGKkMmPTYZ0"
	}
	n, e := xstrtol.Umax(v, 10, valid)
	switch {
	case e != 0 && n == 0 && !strings.ContainsAny(v, "0123456789"):
		return p.optErr("invalid number of %s: %s", what, quote.Locale(v))
	case e != 0:
		return p.optErr("invalid number of %s: %s: Value too large for defined data type", what, quote.Locale(v))
	case n == 0:
		return p.optErr("invalid number of %s: %s: Numerical result out of range", what, quote.Locale(v))
	}
	*dst = int64(min(n, 1<<62))
	return nil
}

// suffix returns the name of piece i, or false when suffixes run out.
func (o *splitOpts) name(i int64) (string, bool) {
	digits, base := "abcdefghijklmnopqrstuvwxyz", int64(26)
	if o.numeric {
		digits, base = "0123456789", 10
	}
	b := make([]byte, o.suffixLen)
	for k := o.suffixLen - 1; k >= 0; k-- {
		b[k] = digits[i%base]
		i /= base
	}
	if i > 0 {
		return "", false
	}
	return o.prefix + string(b) + o.extra, true
}

func (o *splitOpts) run(p *Proc, name string) int {
	in, err := p.openText(name)
	if err != nil {
		p.Errorf("cannot open %s for reading: %s", quote.ShellAlways(name), ErrText(err))
		return 1
	}
	defer in.done()
	if o.chunks > 0 {
		if !in.regular() {
			p.Errorf("%s: cannot determine file size", quote.Shell(name))
			return 1
		}
		return o.runChunks(p, in, in.info.Size())
	}
	r := bufio.NewReaderSize(in.r, 64<<10)
	var buf bytes.Buffer
	for {
		done, err := o.fillPiece(p, r, &buf)
		if err != nil {
			p.Errorf("%s: %s", quote.Shell(name), ErrText(err))
			return 1
		}
		if buf.Len() > 0 {
			if code := o.writePiece(p, buf.Bytes()); code != 0 {
				return code
			}
		}

		buf.Reset()
		if done {
			return 0
		}
	}
}

// fillPiece reads one piece into buf; done says the input has ended.
func (o *splitOpts) fillPiece(p *Proc, r *bufio.Reader, buf *bytes.Buffer) (bool, error) {
	if o.lines > 0 {
		for n := int64(0); n < o.lines; n++ {
			line, err := r.ReadSlice('\n')
			for err == bufio.ErrBufferFull {
				if gerr := p.growHeld(buf, len(line)); gerr != nil {
					return true, gerr
				}
				buf.Write(line)
				line, err = r.ReadSlice('\n')
			}
			if gerr := p.growHeld(buf, len(line)); gerr != nil {
				return true, gerr
			}
			buf.Write(line)
			if err == io.EOF {
				return true, nil
			}
			if err != nil {
				return true, err
			}
		}
		_, err := r.Peek(1)
		return err == io.EOF, nil
	}
	// A piece is held until it is written, charged as it grows: one
	// io.CopyN of -b 2G into the buffer held 7 GiB.
	cr := newChunkReader(p, io.LimitReader(r, o.size))
	for {
		b, err := cr.next()
		if err == io.EOF {
			break
		}
		if err != nil {
			return true, err
		}
		if err := p.growHeld(buf, len(b)); err != nil {
			return true, err
		}
		buf.Write(b)
	}
	if int64(buf.Len()) < o.size {
		return true, nil
	}
	_, err := r.Peek(1)
	return err == io.EOF, nil
}

// runChunks splits a file of size bytes into -n N parts.
func (o *splitOpts) runChunks(p *Proc, in *textInput, size int64) int {
	per := size / o.chunks
	for k := int64(0); k < o.chunks; k++ {
		n := per
		if k == o.chunks-1 {
			n = size - per*(o.chunks-1)
		}
		var buf bytes.Buffer
		if err := p.growHeld(&buf, int(n)); err != nil {
			p.Errorf("%s", ErrText(err))
			return 1
		}
		if _, err := io.CopyN(&buf, in.r, n); err != nil && err != io.EOF {
			p.Errorf("%s: %s", quote.Shell(in.name), ErrText(err))
			return 1
		}
		if code := o.writePiece(p, buf.Bytes()); code != 0 {
			return code
		}
	}
	return 0
}

// writePiece writes the next piece's file.
func (o *splitOpts) writePiece(p *Proc, data []byte) int {
	name, ok := o.name(o.next)
	if !ok {
		p.Errorf("output file suffixes exhausted")
		return 1
	}
	o.next++
	if o.verbose {
		fmt.Fprintf(p.Stdout, "creating file %s\n", quote.ShellAlways(name))
	}
	if err := p.FS.WriteAtomic(p.Abs(name), data, 0o666&^p.Sys.Umask()); err != nil {
		p.Errorf("%s: %s", quote.Shell(name), ErrText(err))
		return 1
	}
	return 0
}
