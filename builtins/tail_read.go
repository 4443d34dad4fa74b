package builtins

// tail's readers: from the start (+N), from the end of a seekable regular
// file (read backwards), and from the end of a stream (keeping only the
// last N bytes or lines).

import (
	"bytes"
	"io"
	"math"
)

func (p *Proc) tailRun(in *textInput, o tailOpts) error {
	switch {
	case o.fromStart && o.lines:
		return p.tailSkipLines(in, o.n, o.eol)
	case o.fromStart:
		return p.tailSkipBytes(in, o.n)
	case o.n == 0:
		return nil
	}
	if s, ok := in.seeker(); ok {
		start, err := s.Seek(0, io.SeekCurrent)
		if err == nil {
			if o.lines {
				return p.tailSeekLines(in, start, o)
			}
			return p.tailSeekBytes(in, start, o.n)
		}
	}
	if o.lines {
		return p.tailPipeLines(in, o.n, o.eol)
	}
	return p.tailPipeBytes(in, o.n)
}

// tailSkipBytes prints from byte n (0-based) on.
func (p *Proc) tailSkipBytes(in *textInput, n uint64) error {
	if s, ok := in.seeker(); ok && n < math.MaxInt64 {
		if _, err := s.Seek(int64(n), io.SeekCurrent); err == nil {
			err := p.copyData(p.Stdout, in.r)
			return err
		}
	}
	if _, err := io.CopyN(io.Discard, in.r, int64(min(n, math.MaxInt64))); err != nil {
		if err == io.EOF {
			return nil
		}
		return err
	}
	err := p.copyData(p.Stdout, in.r)
	return err
}

// tailSkipLines prints from line n (0-based) on.
func (p *Proc) tailSkipLines(in *textInput, n uint64, eol byte) error {
	cr := newChunkReader(p, in.r)
	for n > 0 {
		b, err := cr.next()
		if err == io.EOF {
			return nil
		}
		if err != nil {
			return err
		}
		i := 0
		for n > 0 {
			j := bytes.IndexByte(b[i:], eol)
			if j < 0 {
				i = len(b)
				break
			}
			i += j + 1
			n--
		}
		if err := p.write(b[i:]); err != nil {
			return err
		}
	}
	err := p.copyData(p.Stdout, in.r)
	return err
}

// tailSeekBytes prints the last n bytes of a regular file.
func (p *Proc) tailSeekBytes(in *textInput, start int64, n uint64) error {
	s, _ := in.seeker()
	end, err := s.Seek(0, io.SeekEnd)
	if err != nil {
		return err
	}
	from := start
	if end-start > 0 && uint64(end-start) > n {
		from = end - int64(n)
	}
	if _, err := s.Seek(from, io.SeekStart); err != nil {
		return err
	}
	err = p.copyData(p.Stdout, in.r)
	return err
}

// tailSeekLines prints the last n lines of a regular file, reading
// backwards from its end.
func (p *Proc) tailSeekLines(in *textInput, start int64, o tailOpts) error {
	s, _ := in.seeker()
	end, err := s.Seek(0, io.SeekEnd)
	if err != nil || end <= start {
		return err
	}
	ra, ok := in.r.(io.ReaderAt)
	if !ok {
		s.Seek(start, io.SeekStart)
		return p.tailPipeLines(in, o.n, o.eol)
	}
	from, err := lastLinesStart(p, ra, start, end, o.n, o.eol)
	if err != nil {
		return err
	}
	if _, err := s.Seek(from, io.SeekStart); err != nil {
		return err
	}
	err = p.copyData(p.Stdout, in.r)
	return err
}

// lastLinesStart finds where the last n lines of [start, end) begin. A
// line end as the very last byte does not count: an unterminated last
// line is a line.
func lastLinesStart(p *Proc, ra io.ReaderAt, start, end int64, n uint64, eol byte) (int64, error) {
	buf := make([]byte, 64<<10)
	pos, last := end, true
	for pos > start {
		if p.Cancelled() {
			return 0, errStopped
		}
		size := min(int64(len(buf)), pos-start)
		b := buf[:size]
		if _, err := ra.ReadAt(b, pos-size); err != nil && err != io.EOF {
			return 0, err
		}
		if last {
			if b[len(b)-1] == eol {
				b = b[:len(b)-1]
			}
			last = false
		}
		for {
			i := bytes.LastIndexByte(b, eol)
			if i < 0 {
				break
			}
			n--
			if n == 0 {
				return pos - size + int64(i) + 1, nil
			}
			b = b[:i]
		}
		pos -= size
	}
	return start, nil
}

// tailPipeBytes keeps the last n bytes of a stream.
func (p *Proc) tailPipeBytes(in *textInput, n uint64) error {
	cr := newChunkReader(p, in.r)
	var keep []byte
	limit := max(min(n, 1<<40)*2, 1<<20)
	for {
		b, err := cr.next()
		if err == io.EOF {
			break
		}
		if err != nil {
			return err
		}
		if keep, err = p.appendHeld(keep, b); err != nil {
			return err
		}
		if uint64(len(keep)) > limit {
			keep = append(keep[:0], keep[uint64(len(keep))-n:]...)
		}
	}
	if uint64(len(keep)) > n {
		keep = keep[uint64(len(keep))-n:]
	}
	return p.write(keep)
}

// tailPipeLines keeps the last n lines of a stream. Memory holds those
// lines and at most as much again.
func (p *Proc) tailPipeLines(in *textInput, n uint64, eol byte) error {
	cr := newChunkReader(p, in.r)
	var keep []byte
	var eols uint64
	next := 1 << 20
	for {
		b, err := cr.next()
		if err == io.EOF {
			break
		}
		if err != nil {
			return err
		}
		if keep, err = p.appendHeld(keep, b); err != nil {
			return err
		}
		eols += uint64(bytes.Count(b, []byte{eol}))
		if len(keep) >= next && eols > n {
			keep, eols = dropLines(keep, eols-n, eol), n
			next = max(1<<20, 2*len(keep))
		}
	}
	b := keep
	if len(b) > 0 && b[len(b)-1] == eol {
		b = b[:len(b)-1]
	}
	for i := uint64(0); i < n; i++ {
		j := bytes.LastIndexByte(b, eol)
		if j < 0 {
			return p.write(keep)
		}
		b = b[:j]
	}
	return p.write(keep[len(b)+1:])
}

// dropLines removes the first k lines of keep, in place.
func dropLines(keep []byte, k uint64, eol byte) []byte {
	end := 0
	for ; k > 0; k-- {
		end += bytes.IndexByte(keep[end:], eol) + 1
	}
	return append(keep[:0], keep[end:]...)
}
