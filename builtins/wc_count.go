package builtins

// wc's counting: a fast path for lines and bytes (bytes.Count over large
// buffers, or the size of a regular file), and a UTF-8 path for words,
// characters and display width.

import (
	"bytes"
	"io"
	"unicode/utf8"

	"github.com/shellfence/shellfence/builtins/internal/ctype"
)

// countInput counts one input. The counts read so far come back with a
// read error.
func (w *wcRun) countInput(in *textInput) (wcCounts, error) {
	o := w.o
	if !o.words && !o.chars && !o.maxLen {
		if !o.lines && in.regular() {
			if c, ok := sizeCount(in); ok {
				return c, nil
			}
		}
		return w.countLines(in)
	}
	return w.countText(in)
}

// sizeCount counts the bytes of a regular file from its size and offset.
func sizeCount(in *textInput) (wcCounts, bool) {
	s, ok := in.seeker()
	if !ok {
		return wcCounts{}, false
	}
	pos, err := s.Seek(0, io.SeekCurrent)
	if err != nil || in.info.Size() <= 0 {
		return wcCounts{}, false
	}
	return wcCounts{bytes: uint64(max(in.info.Size()-pos, 0))}, true
}

func (w *wcRun) countLines(in *textInput) (wcCounts, error) {
	var c wcCounts
	bp := copyBufs.Get().(*[]byte)
	defer copyBufs.Put(bp)
	buf := *bp
	for {
		if w.p.Cancelled() {
			return c, errStopped
		}
		n, err := in.r.Read(buf)
		c.bytes += uint64(n)
		c.lines += uint64(bytes.Count(buf[:n], []byte{'\n'}))
		if err == io.EOF {
			return c, nil
		}
		if err != nil {
			return c, err
		}
	}
}

// wcText is the state of the UTF-8 counter between buffers.
type wcText struct {
	c       wcCounts
	inWord  bool
	linepos uint64
}

func (w *wcRun) countText(in *textInput) (wcCounts, error) {
	var t wcText
	bp := copyBufs.Get().(*[]byte)
	defer copyBufs.Put(bp)
	buf := *bp
	carry := 0 // bytes of an incomplete character kept at buf's start
	for {
		if w.p.Cancelled() {
			return t.c, errStopped
		}
		n, err := in.r.Read(buf[carry:])
		t.c.bytes += uint64(n)
		if n == 0 && err != nil {
			t.finish()
			if err == io.EOF {
				err = nil
			}
			return t.c, err
		}
		data := buf[:carry+n]
		used := t.scan(data)
		carry = copy(buf, data[used:])
	}
}

// scan counts b and returns how many bytes it used: all but an incomplete
// character at the end.
func (t *wcText) scan(b []byte) int {
	i := 0
	for i < len(b) {
		c := b[i]
		if c < utf8.RuneSelf {
			t.ascii(c)
			i++
			continue
		}
		r, size := utf8.DecodeRune(b[i:])
		if r == utf8.RuneError && size == 1 {
			if !utf8.FullRune(b[i:]) {
				return i
			}
			i++ // an invalid byte is neither a character nor a separator
			continue
		}
		t.wide(r)
		i += size
	}
	return i
}

func (t *wcText) ascii(c byte) {
	t.c.chars++
	switch c {
	case '\n':
		t.c.lines++
		fallthrough
	case '\r', '\f':
		t.endLine()
		t.separator()
	case '\t':
		t.linepos += 8 - t.linepos%8
		t.separator()
	case ' ':
		t.linepos++
		t.separator()
	case '\v':
		t.separator()
	default:
		if c > ' ' && c < 0x7f {
			t.linepos++
			t.inWord = true
		}
	}
}

func (t *wcText) wide(r rune) {
	t.c.chars++
	w := ctype.RuneWidth(r)
	if w < 0 {
		return
	}
	t.linepos += uint64(w)
	if ctype.IsSpaceRune(r) || ctype.IsNoBreakSpace(r) {
		t.separator()
		return
	}
	t.inWord = true
}

func (t *wcText) separator() {
	if t.inWord {
		t.c.words++
	}
	t.inWord = false
}

func (t *wcText) endLine() {
	t.c.maxLen = max(t.c.maxLen, t.linepos)
	t.linepos = 0
}

func (t *wcText) finish() {
	t.endLine()
	t.separator()
}
