package builtins

// bzip2's streams: compressing, expanding and testing one input, and the
// messages bzip2 prints when the data is corrupt or a write fails.

import (
	"bufio"
	"compress/bzip2"
	"errors"
	"fmt"
	"io"

	"github.com/shellfence/shellfence/vfs"
)

// bzFault is what went wrong in a compressed stream, in libbzip2's terms.
type bzFault int

const (
	bzOK       bzFault = iota
	bzMagic            // the first stream has no bzip2 header
	bzGarbage          // something else follows a complete stream
	bzData             // a block or CRC is wrong
	bzEOF              // the data ends inside a stream
	bzIO               // reading the input failed
	bzWrite            // writing the output failed
	bzStop             // the run was cancelled
	bzReadSize = 5000  // bzip2's read size: where it stands when it rewinds
)

// bzCounter hands the decoder bytes one by one and counts them.
type bzCounter struct {
	r *bufio.Reader
	n int64
}

func (c *bzCounter) Read(b []byte) (int, error) {
	n, err := c.r.Read(b)
	c.n += int64(n)
	return n, err
}

func (c *bzCounter) ReadByte() (byte, error) {
	ch, err := c.r.ReadByte()
	if err == nil {
		c.n++
	}
	return ch, err
}

// bzDecode expands in to w and says how it ended. Like bzip2, it writes
// in pieces of bzReadSize bytes and drops the piece in which a fault is
// found (except after a complete stream).
func (b *bzRun) bzDecode(w io.Writer, cr *bzCounter) (bzFault, error) {
	zr := bzip2.NewReader(cr)
	buf := make([]byte, bzReadSize)
	for {
		if b.p.Cancelled() {
			return bzStop, errStopped
		}
		n, err := readFull(zr, buf)
		fault := bzFaultOf(err, cr)
		if fault == bzOK || fault == bzGarbage {
			if _, werr := w.Write(buf[:n]); werr != nil {
				return bzWrite, werr
			}
		}
		if err != nil || fault != bzOK {
			return fault, err
		}
	}
}

// readFull fills buf from r; err is nil only when buf is full.
func readFull(r io.Reader, buf []byte) (int, error) {
	n := 0
	for n < len(buf) {
		m, err := r.Read(buf[n:])
		n += m
		if err != nil {
			return n, err
		}
	}
	return n, nil
}

// bzFaultOf classifies an error of Go's bzip2 reader; cr tells whether
// it came from the first stream's header.
func bzFaultOf(err error, cr *bzCounter) bzFault {
	var se bzip2.StructuralError
	switch {
	case err == nil, err == io.EOF:
		return bzOK
	case errors.As(err, &se):
		switch string(se) {
		case "bad magic value":
			return bzMagic
		case "bad magic value in continuation file":
			return bzGarbage
		case "non-Huffman entropy encoding", "invalid compression level":
			if cr.n <= 4 {
				return bzMagic
			}
			return bzGarbage
		}
		return bzData
	case errors.Is(err, io.ErrUnexpectedEOF):
		return bzEOF
	}
	return bzIO
}

func (b *bzRun) compressStream(w io.Writer, in io.Reader) error {
	cw := &countedWriter{w: w}
	zw, err := newBzip2Writer(&errWriter{w: cw}, b.o.blockSize)
	if err != nil {
		return b.ioError(err)
	}
	cr := &countedReader{r: in}
	err = b.p.copyData(zw, cr)
	if err == nil {
		err = zw.Close()
	}
	var we writeErr
	switch {
	case err == errStopped:
		b.setExit(130)
		return errBzFatal
	case errors.As(err, &we):
		return b.ioError(we.error)
	case err != nil:
		return b.ioError(err)
	}
	if b.o.verbose >= 1 {
		b.compressedStats(cr.n, cw.n)
	}
	return nil
}

func (b *bzRun) compressedStats(in, out int64) {
	if in == 0 {
		fmt.Fprint(b.p.Stderr, " no data compressed.\n")
		return
	}
	fi, fo := float64(in), float64(out)
	fmt.Fprintf(b.p.Stderr, "%6.3f:1, %6.3f bits/byte, %5.2f%% saved, %d in, %d out.\n",
		fi/fo, 8*fo/fi, 100*(1-fo/fi), in, out)
}

// uncompressStream expands in to w. ok is false when in is not bzip2
// data; err is errBzFatal when the run must stop.
func (b *bzRun) uncompressStream(w io.Writer, in io.Reader) (ok bool, err error) {
	cr := &bzCounter{r: bufio.NewReaderSize(in, 64<<10)}
	fault, ferr := b.bzDecode(w, cr)
	if (fault == bzMagic || fault == bzGarbage) && b.o.force {
		return true, b.catRaw(w, in, cr)
	}
	switch fault {
	case bzOK:
		return true, nil
	case bzMagic:
		return false, nil
	case bzGarbage:
		if !b.o.quiet {
			b.p.Flush()
			fmt.Fprintf(b.p.Stderr, "\n%s: %s: trailing garbage after EOF ignored\n", b.p.Name(), b.inName)
		}
		return true, nil
	case bzData:
		b.p.Flush()
		fmt.Fprintf(b.p.Stderr, "\n%s: Data integrity error when decompressing.\n", b.p.Name())
		b.showFileNames()
		b.advise()
		return false, b.cleanUpAndFail(2)
	case bzEOF:
		if !b.o.quiet {
			b.p.Flush()
			fmt.Fprintf(b.p.Stderr, "\n%s: Compressed file ends unexpectedly;\n\tperhaps it is corrupted?  *Possible* reason follows.\n", b.p.Name())
			fmt.Fprintf(b.p.Stderr, "%s: %s\n", b.p.Name(), b.lastErrno())
			b.showFileNames()
			b.advise()
		}
		return false, b.cleanUpAndFail(2)
	case bzStop:
		b.setExit(130)
		return false, errBzFatal
	}
	return false, b.ioError(ferr)
}

// catRaw is bzip2 -df on data that is not (or not only) bzip2: it
// rewinds the input and copies it whole. An input that cannot rewind
// goes on from where bzip2's reads would stand.
func (b *bzRun) catRaw(w io.Writer, in io.Reader, cr *bzCounter) error {
	var src io.Reader = cr.r
	if s, ok := in.(io.Seeker); ok {
		if _, err := s.Seek(0, io.SeekStart); err == nil {
			src = in
		}
	}
	if src == cr.r {
		skip := (cr.n+bzReadSize-1)/bzReadSize*bzReadSize - cr.n
		io.CopyN(io.Discard, cr.r, skip)
	}
	if err := b.p.copyData(&errWriter{w: w}, src); err != nil {
		var we writeErr
		if errors.As(err, &we) {
			err = we.error
		}
		if err == errStopped {
			b.setExit(130)
			return errBzFatal
		}
		return b.ioError(err)
	}
	return nil
}

// testStream checks in for bzip2 -t.
func (b *bzRun) testStream(in io.Reader) (bool, error) {
	cr := &bzCounter{r: bufio.NewReaderSize(in, 64<<10)}
	fault, ferr := b.bzDecode(io.Discard, cr)
	if fault == bzOK {
		return true, nil
	}
	switch fault {
	case bzIO, bzWrite:
		return false, b.ioError(ferr)
	case bzStop:
		b.setExit(130)
		return false, errBzFatal
	}
	e := b.p.Stderr
	if b.o.verbose == 0 {
		fmt.Fprintf(e, "%s: %s: ", b.p.Name(), b.inName)
	}
	switch fault {
	case bzData:
		fmt.Fprint(e, "data integrity (CRC) error in data\n")
	case bzEOF:
		fmt.Fprint(e, "file ends unexpectedly\n")
	case bzMagic:
		fmt.Fprint(e, "bad magic number (file not created by bzip2)\n")
	case bzGarbage:
		if !b.o.quiet {
			fmt.Fprint(e, "trailing garbage after EOF ignored\n")
		}
		return true, nil
	}
	return false, nil
}

// lastErrno is what bzip2's perror prints after an unexpected end: the
// errno its last system call left, which depends on the mode.
func (b *bzRun) lastErrno() string {
	switch b.o.src {
	case bzStdio:
		return "Inappropriate ioctl for device"
	case bzFileToStdout:
		return "Success"
	}
	return "No such file or directory"
}

func (b *bzRun) showFileNames() {
	if !b.o.quiet {
		fmt.Fprintf(b.p.Stderr, "\tInput file = %s, output file = %s\n", b.inName, b.outName)
	}
}

func (b *bzRun) advise() {
	if !b.o.quiet {
		fmt.Fprint(b.p.Stderr, "\nIt is possible that the compressed file(s) have become corrupted.\n"+
			"You can use the -tvv option to test integrity of such files.\n\n"+
			"You can use the `bzip2recover' program to attempt to recover\n"+
			"data from undamaged sections of corrupted files.\n\n")
	}
}

// ioError is bzip2's answer to a failed read or write: it stops the run.
func (b *bzRun) ioError(err error) error {
	if IsBrokenPipe(err) {
		b.setExit(141)
		return errBzFatal
	}
	b.p.Flush()
	name := b.p.Name()
	fmt.Fprintf(b.p.Stderr, "\n%s: I/O or other error, bailing out.  Possible reason follows.\n%s: %s\n", name, name, vfs.Text(err))
	b.showFileNames()
	return b.cleanUpAndFail(1)
}

// cleanUpAndFail ends the run with status ec, as bzip2 does.
func (b *bzRun) cleanUpAndFail(ec int) error {
	o, name := &b.o, b.p.Name()
	if o.src == bzFileToFile && o.op != 't' && b.deleting && !o.quiet {
		fmt.Fprintf(b.p.Stderr, "%s: Deleting output file %s, if it exists.\n", name, b.outName)
	}
	if !o.quiet && len(o.files) > 0 && o.processed < len(o.files) {
		fmt.Fprintf(b.p.Stderr, "%s: WARNING: some files have not been processed:\n%s:    %d specified on command line, %d not processed yet.\n\n",
			name, name, len(o.files), len(o.files)-o.processed)
	}
	b.setExit(ec)
	return errBzFatal
}

// countedWriter and countedReader count the bytes that pass.
type countedWriter struct {
	w io.Writer
	n int64
}

func (c *countedWriter) Write(b []byte) (int, error) {
	n, err := c.w.Write(b)
	c.n += int64(n)
	return n, err
}

type countedReader struct {
	r io.Reader
	n int64
}

func (c *countedReader) Read(b []byte) (int, error) {
	n, err := c.r.Read(b)
	c.n += int64(n)
	return n, err
}
