package builtins

// head -c -N and -n -N: everything but the end of the input. Memory holds
// at most the last N bytes or lines.

import (
	"bytes"
	"io"
)

// headElideBytes copies all but the last n bytes. A regular file is cut
// by its size; other input keeps the last n bytes back while streaming.
func (p *Proc) headElideBytes(in *textInput, n uint64) error {
	if s, ok := in.seeker(); ok {
		pos, err := s.Seek(0, io.SeekCurrent)
		if err == nil {
			size := uint64(in.info.Size())
			if uint64(pos) >= size || size-uint64(pos) <= n {
				return nil
			}
			return p.headBytes(in, size-uint64(pos)-n)
		}
	}
	cr := newChunkReader(p, in.r)
	var pending []byte
	for {
		b, err := cr.next()
		if err == io.EOF {
			return nil
		}
		if err != nil {
			return err
		}
		pending = append(pending, b...)
		if uint64(len(pending)) <= n {
			continue
		}
		out := len(pending) - int(n)
		if err := p.write(pending[:out]); err != nil {
			return err
		}
		pending = append(pending[:0], pending[out:]...)
	}
}

// elideLines holds back the last n lines of a stream.
type elideLines struct {
	n       uint64
	eol     byte
	pending []byte
	eols    uint64 // line ends in pending
}

// headElideLines copies all but the last n lines; an unterminated last
// line counts as a line.
func (p *Proc) headElideLines(in *textInput, o headOpts) error {
	if o.n == 0 {
		err := p.copyData(p.Stdout, in.r)
		return err
	}
	e := &elideLines{n: o.n, eol: o.eol}
	cr := newChunkReader(p, in.r)
	for {
		b, err := cr.next()
		if err == io.EOF {
			return e.finish(p)
		}
		if err != nil {
			return err
		}
		e.pending = append(e.pending, b...)
		e.eols += uint64(bytes.Count(b, []byte{e.eol}))
		if e.eols > e.n {
			if err := e.flush(p, e.eols-e.n); err != nil {
				return err
			}
		}
	}
}

// flush writes the first k lines of pending.
func (e *elideLines) flush(p *Proc, k uint64) error {
	end := 0
	for i := uint64(0); i < k; i++ {
		end += bytes.IndexByte(e.pending[end:], e.eol) + 1
	}
	if err := p.write(e.pending[:end]); err != nil {
		return err
	}
	e.pending = append(e.pending[:0], e.pending[end:]...)
	e.eols -= k
	return nil
}

// finish writes what may go once the input has ended.
func (e *elideLines) finish(p *Proc) error {
	k := e.eols
	if len(e.pending) > 0 && e.pending[len(e.pending)-1] != e.eol {
		k++
	}
	if k <= e.n {
		return nil
	}
	return e.flush(p, k-e.n)
}
