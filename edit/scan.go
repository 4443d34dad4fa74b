package edit

import (
	"fmt"
	"math"
)

const eof = -1

// scanner reads one script, byte by byte, keeping the position GNU sed
// reports in its messages: the count of bytes read for -e scripts, the
// line for script files.
type scanner struct {
	data []byte
	pos  int
	line int
	file string // "" for an -e script
	expr int    // the -e script's number
}

func (s *scanner) get() int {
	if s.pos >= len(s.data) {
		return eof
	}
	c := s.data[s.pos]
	s.pos++
	if c == '\n' {
		s.line++
	}
	return int(c)
}

// unget puts back the byte just read.
func (s *scanner) unget(c int) {
	if c == eof {
		return
	}
	if c == '\n' && s.line > 0 {
		s.line--
	}
	s.pos--
}

// nonblank skips spaces and tabs and returns the next byte.
func (s *scanner) nonblank() int {
	c := s.get()
	for c == ' ' || c == '\t' {
		c = s.get()
	}
	return c
}

// integer reads a decimal number starting with the digit c, saturating
// instead of overflowing.
func (s *scanner) integer(c int) int64 {
	var n int64
	for isDigit(c) {
		d := int64(c - '0')
		if n > (math.MaxInt64-d)/10 {
			n = math.MaxInt64
		} else {
			n = n*10 + d
		}
		c = s.get()
	}
	s.unget(c)
	return n
}

// where names the current position for a message. After a script is
// done GNU reports char 0.
func (s *scanner) where(done bool) string {
	if s.file != "" {
		return fmt.Sprintf("file %s line %d", s.file, s.line)
	}
	pos := s.pos
	if done {
		pos = 0
	}
	return fmt.Sprintf("-e expression #%d, char %d", s.expr, pos)
}

func isDigit(c int) bool { return c >= '0' && c <= '9' }

func isSpace(c int) bool {
	switch c {
	case ' ', '\t', '\n', '\v', '\f', '\r':
		return true
	}
	return false
}

// readLabel reads the label of :, b, t, T (and the version of v): up to
// a blank, newline, semicolon, closing brace or comment.
func (c *Compiler) readLabel() string {
	var b []byte
	ch := c.src.nonblank()
	for ch != eof && ch != '\n' && !isSpace(ch) && ch != ';' && ch != '}' && ch != '#' {
		b = append(b, byte(ch))
		ch = c.src.get()
	}
	c.src.unget(ch)
	return string(b)
}

// filename reads the file name of r, R, w, W and s///w: the rest of the
// line.
func (c *Compiler) filename() (string, error) {
	if c.Sandbox {
		return "", c.fail(errSandbox)
	}
	var b []byte
	ch := c.src.nonblank()
	for ch != eof && ch != '\n' {
		b = append(b, byte(ch))
		ch = c.src.get()
	}
	return string(b), nil
}

// matchSlash reads up to the unescaped delimiter slash, as GNU's
// match_slash: a backslash before the delimiter is dropped (kept before &
// in a replacement), a backslash before a newline gives the newline, and
// in a regex the delimiter does not end a bracket expression. It returns
// false when the text ends first.
func (c *Compiler) matchSlash(slash int, regex bool) ([]byte, bool) {
	var b []byte
	ch := c.src.get()
	for ; ch != eof && ch != '\n'; ch = c.src.get() {
		switch {
		case ch == slash:
			return b, true
		case ch == '\\':
			ch = c.src.get()
			if ch == eof {
				return nil, false
			}
			if ch != '\n' && (ch != slash || !regex && ch == '&') {
				b = append(b, '\\')
			}
		case ch == '[' && regex:
			b = append(b, '[')
			b, ch = c.charClass(b)
			if ch != ']' {
				if ch == '\n' {
					c.src.unget(ch)
				}
				return nil, false
			}
		}
		b = append(b, byte(ch))
	}
	if ch == '\n' {
		c.src.unget(ch)
	}
	return nil, false
}

// charClass copies a bracket expression up to its closing bracket (not
// included), which it returns, or a newline or eof.
func (c *Compiler) charClass(b []byte) ([]byte, int) {
	state := 0
	delim := 0
	ch := c.src.get()
	if ch == '^' {
		b = append(b, byte(ch))
		ch = c.src.get()
	}
	if ch == ']' {
		b = append(b, byte(ch))
		ch = c.src.get()
	}
	for ; ; ch = c.src.get() {
		switch ch {
		case eof, '\n':
			return b, ch
		case '.', ':', '=':
			if state == 1 {
				delim, state = ch, 2
				b = append(b, byte(ch))
				continue
			} else if state == 2 && ch == delim {
				state = 3
				b = append(b, byte(ch))
				continue
			}
		case '[':
			if state == 0 {
				state = 1
			}
			b = append(b, byte(ch))
			continue
		case ']':
			if state == 0 || state == 1 {
				return b, ch
			} else if state == 3 {
				state = 0
			}
		}
		state &^= 1
		b = append(b, byte(ch))
	}
}

// readText reads the text of a, i, c or e. cmd is nil when continuing a
// text that an earlier script left open with a final backslash.
func (c *Compiler) readText(cmd *command, leadin int) error {
	if cmd != nil {
		c.pending = &pendingText{cmd: cmd}
	}
	if leadin == eof {
		return nil
	}
	p := c.pending
	if leadin != '\n' {
		p.buf = append(p.buf, byte(leadin))
	}
	ch := c.src.get()
	for ch != eof && ch != '\n' {
		if ch == '\\' {
			ch = c.src.get()
			if ch != eof {
				p.buf = append(p.buf, '\\')
			}
		}
		if ch == eof {
			p.buf = append(p.buf, '\n')
			return nil
		}
		p.buf = append(p.buf, byte(ch))
		ch = c.src.get()
	}
	p.buf = append(p.buf, '\n')
	text, msg := normalize(p.buf, textBuffer)
	if msg != "" {
		return c.fail(msg)
	}
	p.cmd.text = text
	c.pending = nil
	return nil
}
