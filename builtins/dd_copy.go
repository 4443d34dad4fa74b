package builtins

// dd's copy: opening, skipping and seeking, the record loop with its
// conversions, and the summary.

import (
	"bytes"
	"errors"
	"fmt"
	"io"
	"time"

	"github.com/shellfence/shellfence/builtins/internal/human"
	"github.com/shellfence/shellfence/builtins/internal/quote"
	"github.com/shellfence/shellfence/vfs/budget"
)

type ddRun struct {
	p                 *Proc
	o                 *ddOpts
	in                io.Reader
	out               io.Writer
	rFull, rPartial   int64
	wFull, wPartial   int64
	wBytes            int64
	start             time.Time
	obuf              []byte
	maxRecs, maxBytes int64
}

func newDDRun(p *Proc, o *ddOpts) *ddRun {
	d := &ddRun{p: p, o: o, maxRecs: -1}
	if o.hasCount {
		d.maxRecs = o.count
		if o.iflag["count_bytes"] {
			d.maxRecs, d.maxBytes = o.count/o.ibs, o.count%o.ibs
		}
	}
	return d
}

func (d *ddRun) run() int {
	p, o := d.p, d.o
	if err := p.hold(o.ibs + o.obs); err != nil {
		p.Errorf("memory exhausted: %s", ErrText(err))
		return 1
	}
	defer p.Budget().Release(budget.Memory, o.ibs+o.obs)
	d.start = p.Now()
	d.in = p.Stdin
	if o.in != "" {
		f, err := p.Open(o.in)
		if err != nil {
			p.Errorf("failed to open %s: %s", quote.ShellAlways(o.in), ErrText(err))
			return 1
		}
		defer f.Close()
		d.in = f
	}
	d.out = p.Stdout
	if o.out != "" {
		f, err := p.OpenFile(o.out, o.openFlags(), 0o666)
		if err != nil {
			p.Errorf("failed to open %s: %s", quote.ShellAlways(o.out), ErrText(err))
			return 1
		}
		defer f.Close()
		d.out = f
		if status := d.truncate(f); status != 0 {
			return status
		}
	}
	d.skipInput()
	if err := d.seekOutput(); err == errDDSeek {
		return 1
	} else if err != nil {
		return d.finish(d.writeFailed(err))
	}
	return d.finish(d.copy())
}

// seekOffset is where seek= puts the output.
func (d *ddRun) seekOffset() int64 {
	if d.o.oflag["seek_bytes"] {
		return d.o.seek
	}
	return d.o.seek * d.o.obs
}

// truncate cuts a regular output file at the seek offset, as GNU does
// unless conv=notrunc.
func (d *ddRun) truncate(f File) int {
	off := d.seekOffset()
	if off == 0 || d.o.conv["notrunc"] {
		return 0
	}
	fi, err := f.Stat()
	t, ok := f.(interface{ Truncate(int64) error })
	if err != nil || !fi.Mode().IsRegular() || !ok {
		return 0
	}
	if err := t.Truncate(off); err != nil {
		d.p.Errorf("failed to truncate to %d bytes in output file %s: %s", off, quote.ShellAlways(d.o.out), ErrText(err))
		return 1
	}
	return 0
}

// skipInput applies skip=: a seek on a regular file, reads otherwise.
func (d *ddRun) skipInput() {
	o := d.o
	records, bytes := o.skip, int64(0)
	if o.iflag["skip_bytes"] {
		records, bytes = o.skip/o.ibs, o.skip%o.ibs
	}
	if records == 0 && bytes == 0 {
		return
	}
	off := records*o.ibs + bytes
	if f, ok := d.in.(File); ok {
		if s, ok := f.(io.Seeker); ok {
			if fi, err := f.Stat(); err == nil && fi.Mode().IsRegular() {
				s.Seek(off, io.SeekCurrent)
				if off > fi.Size() {
					d.p.Errorf("%s: cannot skip to specified offset", quote.Shell(ddFile(o.in)))
				}
				return
			}
		}
	}
	buf := make([]byte, o.ibs)
	for ; records > 0 || bytes > 0; records-- {
		size := o.ibs
		if records == 0 {
			size, bytes = bytes, 0
		}
		n, _ := d.read(buf[:size])
		if n == 0 {
			d.p.Errorf("%s: cannot skip to specified offset", quote.Shell(ddFile(o.in)))
			return
		}
	}
}

// seekOutput applies seek=: a seek on a regular file, zeros otherwise.
func (d *ddRun) seekOutput() error {
	off := d.seekOffset()
	if off == 0 {
		return nil
	}
	if s, ok := d.out.(io.Seeker); ok {
		if _, err := s.Seek(off, io.SeekStart); err == nil {
			return nil
		}
	}
	if fi := d.p.OutputFile(); d.o.out == "" && fi != nil && fi.Mode().IsRegular() {
		// standard output redirected to a file: what GNU's lseek leaves
		_, err := io.CopyN(d.out, zeroReader{}, off)
		return err
	}
	d.p.Errorf("%s: cannot seek: Illegal seek", quote.Shell(ddOutName(d.o.out)))
	return errDDSeek
}

// errDDSeek ends a run whose output cannot seek; the message is out.
var errDDSeek = errors.New("cannot seek")

func ddOutName(name string) string {
	if name == "" {
		return "standard output"
	}
	return name
}

// read reads one input block: one read, or a full block with
// iflag=fullblock.
func (d *ddRun) read(buf []byte) (int, error) {
	if d.o.iflag["fullblock"] {
		n, err := readFull(d.in, buf)
		if err == io.EOF {
			err = nil
		}
		return n, err
	}
	for {
		n, err := d.in.Read(buf)
		if n > 0 || err != nil {
			if err == io.EOF {
				err = nil
			}
			return n, err
		}
	}
}

// copy is dd's record loop.
func (d *ddRun) copy() int {
	o := d.o
	ibuf := make([]byte, o.ibs)
	for {
		if d.p.Cancelled() {
			return 130
		}
		recs := d.rFull + d.rPartial
		size := o.ibs
		if d.maxRecs >= 0 {
			if recs >= d.maxRecs+min(d.maxBytes, 1) {
				break
			}
			if recs >= d.maxRecs {
				size = d.maxBytes
			}
		}
		n, err := d.read(ibuf[:size])
		if err != nil {
			d.p.Errorf("error reading %s: %s", quote.ShellAlways(ddFile(o.in)), ErrText(err))
			if !o.conv["noerror"] {
				return 1
			}
			if n == 0 {
				continue
			}
		}
		if n == 0 {
			break
		}
		if int64(n) < o.ibs {
			d.rPartial++
			if o.conv["sync"] {
				clear(ibuf[n:])
				n = int(o.ibs)
			}
		} else {
			d.rFull++
		}
		if err := d.output(ibuf[:n]); err != nil {
			return d.writeFailed(err)
		}
	}
	if len(d.obuf) > 0 {
		if err := d.writeRecord(d.obuf); err != nil {
			return d.writeFailed(err)
		}
	}
	return 0
}

// output passes one input block on: written as it is when bs= was given
// without conversions, else converted and cut into obs-sized records.
func (d *ddRun) output(b []byte) error {
	o := d.o
	if !o.twoBufs {
		return d.writeRecord(b)
	}
	if o.conv["ucase"] {
		b = bytes.ToUpper(b)
	} else if o.conv["lcase"] {
		b = bytes.ToLower(b)
	}
	for len(b) > 0 {
		take := min(int64(len(b)), o.obs-int64(len(d.obuf)))
		d.obuf = append(d.obuf, b[:take]...)
		b = b[take:]
		if int64(len(d.obuf)) == o.obs {
			if err := d.writeRecord(d.obuf); err != nil {
				return err
			}
			d.obuf = d.obuf[:0]
		}
	}
	return nil
}

func (d *ddRun) writeRecord(b []byte) error {
	n, err := d.out.Write(b)
	d.wBytes += int64(n)
	if err != nil {
		return err
	}
	if int64(len(b)) == d.o.obs {
		d.wFull++
	} else {
		d.wPartial++
	}
	return nil
}

func (d *ddRun) writeFailed(err error) int {
	if IsBrokenPipe(err) {
		return 141
	}
	d.p.Errorf("error writing %s: %s", quote.ShellAlways(ddOutName(d.o.out)), ErrText(err))
	return 1
}

// finish prints the summary, then returns status.
func (d *ddRun) finish(status int) int {
	if status == 141 || d.o.status == "none" {
		return status
	}
	p := d.p
	if err := p.Flush(); err != nil && IsBrokenPipe(err) {
		return 141
	}
	fmt.Fprintf(p.Stderr, "%d+%d records in\n%d+%d records out\n", d.rFull, d.rPartial, d.wFull, d.wPartial)
	if d.o.status == "noxfer" {
		return status
	}
	fmt.Fprintln(p.Stderr, ddTransfer(d.wBytes, p.Now().Sub(d.start)))
	return status
}

// ddTransfer is GNU's "N bytes (...) copied, T s, R/s" line.
func ddTransfer(n int64, elapsed time.Duration) string {
	opts := human.Autoscale | human.RoundToNearest | human.SpaceBeforeUnit | human.SI | human.B
	si := human.Readable(uint64(n), opts, 1, 1)
	iec := human.Readable(uint64(n), opts|human.Base1024, 1, 1)
	rate := "Infinity B/s"
	secs := "0 s"
	if ns := elapsed.Nanoseconds(); ns > 0 {
		rate = human.Readable(uint64(n), opts, 1e9, uint64(ns)) + "/s"
		secs = fmt.Sprintf("%.6g s", elapsed.Seconds())
	}
	lacks := func(s string) bool { return len(s) >= 2 && s[len(s)-2] == ' ' }
	switch {
	case n == 1:
		return fmt.Sprintf("1 byte copied, %s, %s", secs, rate)
	case lacks(si):
		return fmt.Sprintf("%d bytes copied, %s, %s", n, secs, rate)
	case lacks(iec):
		return fmt.Sprintf("%d bytes (%s) copied, %s, %s", n, si, secs, rate)
	}
	return fmt.Sprintf("%d bytes (%s, %s) copied, %s, %s", n, si, iec, secs, rate)
}
