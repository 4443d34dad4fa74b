package builtins

import (
	"errors"
	"io"
	"sync"
)

// writeErr marks an error that came from writing output, not from reading
// input.
type writeErr struct{ error }

func (e writeErr) Unwrap() error { return e.error }

// openInput opens name for reading, with "-" meaning standard input. The
// returned func closes what was opened (never standard input).
func (p *Proc) openInput(name string) (io.Reader, func(), error) {
	if name == "-" {
		return p.Stdin, func() {}, nil
	}
	f, err := p.Open(name)
	if err != nil {
		return nil, nil, err
	}
	if fi, err := f.Stat(); err == nil && fi.IsDir() {
		f.Close()
		return nil, nil, errIsDir
	}
	return f, func() { f.Close() }, nil
}

// errIsDir is reading a directory as a file.
var errIsDir = errors.New("Is a directory")

var copyBufs = sync.Pool{New: func() any { b := make([]byte, 128<<10); return &b }}

// copyData copies src to dst until EOF or cancellation. A failed write
// comes back as a writeErr.
func (p *Proc) copyData(dst io.Writer, src io.Reader) error {
	bp := copyBufs.Get().(*[]byte)
	defer copyBufs.Put(bp)
	buf := *bp
	for {
		if p.Cancelled() {
			return errStopped
		}
		n, rerr := src.Read(buf)
		if n > 0 {
			if _, werr := dst.Write(buf[:n]); werr != nil {
				return writeErr{werr}
			}
		}
		if rerr == io.EOF {
			return nil
		}
		if rerr != nil {
			return rerr
		}
	}
}
