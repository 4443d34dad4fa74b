package builtins

// Input helpers shared by head, tail, wc, sort, uniq and cut.

import (
	"fmt"
	"io"
	"io/fs"
	"syscall"

	"github.com/shellfence/shellfence/builtins/internal/quote"
)

// textInput is one opened operand of a text command.
type textInput struct {
	r    io.Reader
	name string // the operand as given; "-" is standard input
	info fs.FileInfo
	done func()
}

// stdin reports whether the input is standard input.
func (in *textInput) stdin() bool { return in.name == "-" }

// regular reports whether the input is a regular file whose size is known.
func (in *textInput) regular() bool { return in.info != nil && in.info.Mode().IsRegular() }

// seeker returns the input as an io.Seeker when it is a regular file.
func (in *textInput) seeker() (io.Seeker, bool) {
	s, ok := in.r.(io.Seeker)
	return s, ok && in.regular()
}

// openText opens name ("-" for standard input). A directory opens, as with
// GNU's open(2), but reading it fails with "Is a directory".
func (p *Proc) openText(name string) (*textInput, error) {
	if name == "-" {
		in := &textInput{r: p.Stdin, name: name, done: func() {}}
		if st, ok := p.Stdin.(interface{ Stat() (fs.FileInfo, error) }); ok {
			in.info, _ = st.Stat()
		}
		return in, nil
	}
	f, err := p.Open(name)
	if err != nil {
		return nil, err
	}
	in := &textInput{r: f, name: name, done: func() { f.Close() }}
	in.info, _ = f.Stat()
	if in.info != nil && in.info.IsDir() {
		in.r = dirReader{}
	}
	return in, nil
}

// dirReader is what reading a directory gives.
type dirReader struct{}

func (dirReader) Read([]byte) (int, error) { return 0, syscall.EISDIR }

// fileHeader prints head's and tail's "==> name <==" headers, with a blank
// line before all but the first.
type fileHeader struct{ printed bool }

func (h *fileHeader) write(w io.Writer, name string) error {
	sep := "\n"
	if !h.printed {
		sep = ""
	}
	h.printed = true
	_, err := fmt.Fprintf(w, "%s==> %s <==\n", sep, name)
	return err
}

// prettyName is the name head and tail print for an operand.
func prettyName(name string) string {
	if name == "-" {
		return "standard input"
	}
	return name
}

// chunkReader reads in fixed-size pieces and stops on cancellation.
type chunkReader struct {
	p   *Proc
	r   io.Reader
	buf []byte
}

func newChunkReader(p *Proc, r io.Reader) *chunkReader {
	return &chunkReader{p: p, r: r, buf: make([]byte, 64<<10)}
}

// next returns the next piece of input; io.EOF at the end.
func (c *chunkReader) next() ([]byte, error) {
	for {
		if c.p.Cancelled() {
			return nil, errStopped
		}
		n, err := c.r.Read(c.buf)
		if n > 0 {
			return c.buf[:n], nil
		}
		if err != nil {
			return nil, err
		}
	}
}

// write writes b to standard output, marking a failure as a writeErr.
func (p *Proc) write(b []byte) error {
	if _, err := p.Stdout.Write(b); err != nil {
		return writeErr{err}
	}
	return nil
}

// endStatus turns the error of processing one file into a status: 0, the
// status of a failed write (reported), or 1 after printing the read
// error with msg.
func (p *Proc) endStatus(err error, msg func() string) int {
	switch e := err.(type) {
	case nil:
		return 0
	case writeErr:
		return p.WriteFailed(e.error)
	}
	if err == errStopped {
		return 130
	}
	p.Errorf("%s: %s", msg(), ErrText(err))
	return 1
}

// inputNames says how a filter names an operand in its messages: after a
// failure to open it, and before a read error.
type inputNames struct {
	open func(p *Proc, name string, err error)
	read func(name string) string
}

// shellNames is coreutils' usual shape: "name: cause", the name quoted as
// the shell would need it.
var shellNames = inputNames{
	open: func(p *Proc, name string, err error) { p.Errorf("%s: %s", quote.Shell(name), ErrText(err)) },
	read: quote.Shell,
}

// eachInput runs fn over each operand in turn (standard input when there
// are none), as the line filters do: an operand that cannot be opened is
// reported and skipped, a read error is reported and the next operand
// read, and a broken pipe or a cancellation stops at once with its status.
func (p *Proc) eachInput(files []string, names inputNames, fn func(in io.Reader, name string) error) int {
	if len(files) == 0 {
		files = []string{"-"}
	}
	status := 0
	for _, name := range files {
		in, done, err := p.openInput(name)
		if err != nil {
			names.open(p, name, err)
			status = 1
			continue
		}
		err = fn(in, name)
		done()
		if code := p.endStatus(err, func() string { return names.read(name) }); code != 0 {
			if code == 141 || code == 130 {
				return code
			}
			status = code
		}
	}
	return status
}
