package builtins

import (
	"bufio"
	"bytes"
	"io"

	"github.com/shellfence/shellfence/vfs/budget"
)

// Commands that must hold their input (sort, tac) charge the run's memory
// budget before their buffers grow, so that an endless input stops the
// run with the budget's message instead of exhausting the process. What
// they charge is given back when the run ends.

// growHeld makes room in buf for n more bytes, charging its growth. It
// grows buf with [budget.Budget.GrowBytes], not bytes.Buffer's own
// growth: one copy of a large buffer holds up every other request (see
// [budget.Copy]).
func (p *Proc) growHeld(buf *bytes.Buffer, n int) error {
	need := buf.Len() + n
	if need <= buf.Cap() {
		return nil
	}
	grown, err := p.Budget().GrowBytes(budget.Memory, buf.Bytes(), n)
	if err != nil {
		return err
	}
	*buf = *bytes.NewBuffer(grown)
	return nil
}

// hold charges n bytes the command is about to allocate.
func (p *Proc) hold(n int64) error { return p.Budget().Charge(budget.Memory, n) }

// readHeld reads all of r, charging what it holds; size, when known,
// is reserved first.
func (p *Proc) readHeld(r io.Reader, size int64) ([]byte, error) {
	var buf bytes.Buffer
	if size > 0 {
		if err := p.growHeld(&buf, int(size)+1); err != nil {
			return nil, err
		}
	}
	cr := newChunkReader(p, r)
	for {
		b, err := cr.next()
		if err == io.EOF {
			return buf.Bytes(), nil
		}
		if err != nil {
			return nil, err
		}
		if err := p.growHeld(&buf, len(b)); err != nil {
			return nil, err
		}
		buf.Write(b)
	}
}

// readInputHeld opens name ("-" for standard input) and reads it whole.
func (p *Proc) readInputHeld(name string) ([]byte, error) {
	in, err := p.openText(name)
	if err != nil {
		return nil, err
	}
	defer in.done()
	size := int64(0)
	if in.regular() {
		size = in.info.Size()
	}
	return p.readHeld(in.r, size)
}

// readLine reads one line of r into buf (reused: its contents are
// replaced), the end of line included when there is one; io.EOF comes
// with the last piece, or alone. The buffer grows as a held buffer does,
// charged before it grows: an endless line (cat /dev/zero | rev) stops
// at the budget instead of doubling past it.
func (p *Proc) readLine(r *bufio.Reader, eol byte, buf []byte) ([]byte, error) {
	return lineInto(r, eol, buf, p.growLine)
}

// growLine gives buf room for n more bytes, charged before it grows, the
// old capacity released once it is copied.
func (p *Proc) growLine(buf []byte, n int) ([]byte, error) {
	if p.Cancelled() {
		return nil, errStopped
	}
	grown, err := p.Budget().GrowBytes(budget.Memory, buf, n)
	if err != nil {
		return nil, err
	}
	p.Budget().Release(budget.Memory, int64(cap(buf)))
	return grown, nil
}

// lineInto reads one line of r into buf[:0]; grow, when not nil, makes
// room for a piece that does not fit.
func lineInto(r *bufio.Reader, eol byte, buf []byte, grow func([]byte, int) ([]byte, error)) ([]byte, error) {
	buf = buf[:0]
	for {
		piece, err := r.ReadSlice(eol)
		if grow != nil && len(buf)+len(piece) > cap(buf) {
			var gerr error
			if buf, gerr = grow(buf, len(piece)); gerr != nil {
				return nil, gerr
			}
		}
		buf = append(buf, piece...)
		if err != bufio.ErrBufferFull {
			return buf, err
		}
	}
}

// appendHeld is append for a buffer a command holds, grown as growLine
// grows it.
func (p *Proc) appendHeld(buf, b []byte) ([]byte, error) {
	if len(buf)+len(b) > cap(buf) {
		var err error
		if buf, err = p.growLine(buf, len(b)); err != nil {
			return nil, err
		}
	}
	return append(buf, b...), nil
}
