package builtins

// bc's lexer: numbers (digits 0-9 and A-Z), lower-case names and
// keywords, strings, /* */ and # comments, backslash-newline as a space.

import (
	"bufio"
	"fmt"
	"io"
	"strings"
)

type bcTokKind int

const (
	bcEOF bcTokKind = iota
	bcNewline
	bcNumber
	bcName
	bcKeyword
	bcString
	bcOp
	bcBad // an illegal character, already reported
)

type bcTok struct {
	kind bcTokKind
	text string
}

var bcKeywords = map[string]bool{
	"define": true, "break": true, "quit": true, "length": true, "return": true,
	"for": true, "if": true, "while": true, "sqrt": true, "scale": true,
	"ibase": true, "obase": true, "auto": true, "else": true, "read": true,
	"halt": true, "last": true, "continue": true, "print": true,
	"limits": true, "warranty": true, "void": true,
}

// bcLexer reads tokens from one input; line counts the newlines read.
type bcLexer struct {
	r    *bufio.Reader
	name string // "(standard_in)" or the file's name, for messages
	line int
	err  error // a read error other than EOF
	warn func(msg string)
}

func newBcLexer(r io.Reader, name string) *bcLexer {
	return &bcLexer{r: bufio.NewReader(r), name: name, line: 1}
}

func (l *bcLexer) get() (byte, bool) {
	c, err := l.r.ReadByte()
	if err != nil {
		if err != io.EOF {
			l.err = err
		}
		return 0, false
	}
	return c, true
}

func (l *bcLexer) peek() byte {
	b, err := l.r.Peek(1)
	if err != nil {
		return 0
	}
	return b[0]
}

func (l *bcLexer) errorf(format string, args ...any) {
	l.warn(fmt.Sprintf("%s %d: ", l.name, l.line) + fmt.Sprintf(format, args...))
}

// next returns the next token.
func (l *bcLexer) next() bcTok {
	for {
		c, ok := l.get()
		if !ok {
			return bcTok{kind: bcEOF}
		}
		switch {
		case c == ' ' || c == '\t' || c == '\r' || c == '\f' || c == '\v':
			continue
		case c == '\\' && l.peek() == '\n':
			l.get()
			l.line++
			continue
		case c == '\n':
			l.line++
			return bcTok{kind: bcNewline, text: "\n"}
		case c == '#':
			l.skipLine()
			continue
		case c == '/' && l.peek() == '*':
			l.get()
			l.skipComment()
			continue
		case c == '"':
			return l.str()
		case isBcDigit(c) || c == '.' && isBcDigit(l.peek()):
			return l.number(c)
		case c >= 'a' && c <= 'z':
			return l.word(c)
		case c == '.':
			return bcTok{kind: bcKeyword, text: "last"}
		}
		if t, ok := l.op(c); ok {
			return t
		}
		l.errorf("illegal character: %c", c)
		return bcTok{kind: bcBad}
	}
}

func isBcDigit(c byte) bool { return c >= '0' && c <= '9' || c >= 'A' && c <= 'Z' }

func (l *bcLexer) skipLine() {
	for {
		c, ok := l.get()
		if !ok {
			return
		}
		if c == '\n' {
			l.r.UnreadByte()
			return
		}
	}
}

func (l *bcLexer) skipComment() {
	for {
		c, ok := l.get()
		if !ok {
			l.warn("EOF encountered in a comment.")
			return
		}
		if c == '\n' {
			l.line++
		}
		if c == '*' && l.peek() == '/' {
			l.get()
			return
		}
	}
}

func (l *bcLexer) str() bcTok {
	var b strings.Builder
	for {
		c, ok := l.get()
		if !ok {
			l.errorf("illegal character: \"")
			return bcTok{kind: bcBad}
		}
		if c == '"' {
			return bcTok{kind: bcString, text: b.String()}
		}
		if c == '\n' {
			l.line++
		}
		b.WriteByte(c)
	}
}

// number reads a constant and normalises it as GNU's lexer does: the
// integer part's leading zeros go ("007" is "7", "0.5" is ".5").
func (l *bcLexer) number(c byte) bcTok {
	var b strings.Builder
	dot := c == '.'
	b.WriteByte(c)
	for {
		n := l.peek()
		if n == '\\' {
			if two, _ := l.r.Peek(2); len(two) == 2 && two[1] == '\n' {
				l.get()
				l.get()
				l.line++
				continue
			}
		}
		if isBcDigit(n) || n == '.' && !dot {
			dot = dot || n == '.'
			l.get()
			b.WriteByte(n)
			continue
		}
		break
	}
	s := strings.TrimLeft(b.String(), "0")
	if s == "" {
		s = "0"
	}
	return bcTok{kind: bcNumber, text: s}
}

func (l *bcLexer) word(c byte) bcTok {
	var b strings.Builder
	b.WriteByte(c)
	for {
		n := l.peek()
		if n >= 'a' && n <= 'z' || n >= '0' && n <= '9' || n == '_' {
			l.get()
			b.WriteByte(n)
			continue
		}
		break
	}
	s := b.String()
	if bcKeywords[s] {
		return bcTok{kind: bcKeyword, text: s}
	}
	return bcTok{kind: bcName, text: s}
}

// op reads an operator or punctuation starting with c.
func (l *bcLexer) op(c byte) (bcTok, bool) {
	n := l.peek()
	two := string([]byte{c, n})
	switch two {
	case "==", "!=", "<=", ">=", "&&", "||", "++", "--", "+=", "-=", "*=", "/=", "%=", "^=":
		l.get()
		return bcTok{kind: bcOp, text: two}, true
	}
	if strings.IndexByte("+-*/%^=<>!()[]{},;", c) >= 0 {
		return bcTok{kind: bcOp, text: string(c)}, true
	}
	return bcTok{}, false
}
