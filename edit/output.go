package edit

import (
	"bufio"
	"io"
	"strconv"

	"github.com/shellfence/shellfence/vfs"
)

const (
	specialNone = iota
	specialStdout
	specialStderr
)

// output is where sed writes: standard output, the temporary file of -i,
// or a w file. Like GNU, it remembers a last line written without its
// newline and adds the newline before writing more.
type output struct {
	name           string
	special        int
	file           io.WriteCloser // w files only
	w              *bufio.Writer
	missingNewline bool
	err            error
}

func newWriter(w io.Writer) *bufio.Writer { return bufio.NewWriterSize(w, 32<<10) }

func (o *output) write(b []byte) {
	if o.err != nil {
		return
	}
	if _, err := o.w.Write(b); err != nil {
		o.err = err
	}
}

func (o *output) writeByte(c byte) {
	if o.err != nil {
		return
	}
	if err := o.w.WriteByte(c); err != nil {
		o.err = err
	}
}

func (o *output) fixNewline(delim byte) {
	if o.missingNewline {
		o.writeByte(delim)
		o.missingNewline = false
	}
}

// line writes text and, when nl is set, the delimiter.
func (o *output) line(text []byte, nl bool, delim byte) {
	o.fixNewline(delim)
	o.write(text)
	if nl {
		o.writeByte(delim)
	} else {
		o.missingNewline = true
	}
}

func (o *output) flush() {
	if o.err == nil {
		if err := o.w.Flush(); err != nil {
			o.err = err
		}
	}
}

// close flushes and closes a w file.
func (o *output) close() error {
	o.flush()
	if o.file != nil {
		if err := o.file.Close(); err != nil && o.err == nil {
			o.err = err
		}
	}
	return o.err
}

// list writes text unambiguously, as the l command: C escapes, octal for
// other unprintable bytes, a backslash-newline before width is reached
// (width 0: never), and $ at the end.
func (o *output) list(text []byte, width int64, delim byte) {
	o.fixNewline(delim)
	buf := make([]byte, 0, len(text)+len(text)/8+4)
	var col int64
	var tmp [4]byte
	for _, c := range text {
		e := listEscape(tmp[:0], c)
		if width > 0 && width-int64(len(e)) <= col {
			buf = append(buf, '\\', delim)
			col = 0
		}
		buf = append(buf, e...)
		col += int64(len(e))
	}
	buf = append(buf, '$', delim)
	o.write(buf)
}

func listEscape(b []byte, c byte) []byte {
	if c >= 0x20 && c < 0x7f {
		if c == '\\' {
			return append(b, '\\', '\\')
		}
		return append(b, c)
	}
	switch c {
	case '\a':
		return append(b, '\\', 'a')
	case '\b':
		return append(b, '\\', 'b')
	case '\f':
		return append(b, '\\', 'f')
	case '\n':
		return append(b, '\\', 'n')
	case '\r':
		return append(b, '\\', 'r')
	case '\t':
		return append(b, '\\', 't')
	case '\v':
		return append(b, '\\', 'v')
	}
	return append(b, '\\', '0'+c>>6, '0'+(c>>3)&7, '0'+c&7)
}

// number writes n and the delimiter (the = command).
func (o *output) number(n int64, delim byte) {
	o.fixNewline(delim)
	var tmp [24]byte
	o.write(append(strconv.AppendInt(tmp[:0], n, 10), delim))
}

// readFile is the file of an R command, read a line at a time.
type readFile struct {
	name string
	f    io.ReadCloser
	r    *bufio.Reader
	eof  bool
}

func (f *readFile) open(files FS) {
	rc, err := files.Open(f.name)
	if err != nil {
		f.eof = true
		return
	}
	f.f, f.r, f.eof = rc, bufio.NewReader(rc), false
}

// next returns the next line with its delimiter, if any.
func (f *readFile) next(delim byte) ([]byte, bool) {
	if f.eof || f.r == nil {
		return nil, false
	}
	line, err := f.r.ReadBytes(delim)
	if err != nil {
		f.eof = true
	}
	return line, len(line) > 0
}

// rewind starts the file again (-s and -i, at each new input file).
func (f *readFile) rewind(files FS) {
	if f.f == nil {
		return
	}
	f.f.Close()
	f.open(files)
}

func (f *readFile) close() {
	if f.f != nil {
		f.f.Close()
		f.f = nil
	}
}

// errText is the GNU text for an error's cause.
func errText(err error) string { return vfs.Text(err) }
