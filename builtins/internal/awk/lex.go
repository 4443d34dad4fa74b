package awk

import (
	"fmt"
	"strings"
)

// tok is the kind of a token.
type tok int

const (
	tEOF tok = iota
	tNewline
	tLbrace
	tRbrace
	tLparen
	tRparen
	tLbracket
	tRbracket
	tSemi
	tComma
	tAdd
	tSub
	tMul
	tDiv
	tMod
	tPow
	tNot
	tGreater
	tLess
	tPipe
	tQuestion
	tColon
	tTilde
	tNoMatch
	tDollar
	tAssign
	tAddAssign
	tSubAssign
	tMulAssign
	tDivAssign
	tModAssign
	tPowAssign
	tEq
	tNe
	tLe
	tGe
	tAnd
	tOr
	tIncr
	tDecr
	tAppend
	tNumber
	tString
	tRegex
	tName
	tFuncName // a name directly followed by "("
	tBuiltin  // a built-in function name
	// keywords
	tBEGIN
	tEND
	tFunction
	tIf
	tElse
	tWhile
	tFor
	tDo
	tBreak
	tContinue
	tNext
	tNextfile
	tExit
	tReturn
	tDelete
	tIn
	tGetline
	tPrint
	tPrintf
)

var keywords = map[string]tok{
	"BEGIN": tBEGIN, "END": tEND, "function": tFunction, "func": tFunction,
	"if": tIf, "else": tElse, "while": tWhile, "for": tFor, "do": tDo,
	"break": tBreak, "continue": tContinue, "next": tNext, "nextfile": tNextfile,
	"exit": tExit, "return": tReturn, "delete": tDelete, "in": tIn,
	"getline": tGetline, "print": tPrint, "printf": tPrintf,
}

var builtinNames = map[string]bool{
	"length": true, "substr": true, "index": true, "split": true, "sub": true,
	"gsub": true, "match": true, "sprintf": true, "sin": true, "cos": true,
	"atan2": true, "exp": true, "log": true, "sqrt": true, "int": true,
	"rand": true, "srand": true, "tolower": true, "toupper": true,
	"system": true, "close": true, "fflush": true,
}

// token is one lexed token; text is the name, the string's value, the
// regex source or the number's text.
type token struct {
	t    tok
	text string
	line int
}

// lexer reads tokens on demand, so that the parser can ask for a regex
// where a "/" starts an operand.
type lexer struct {
	src  string
	pos  int
	line int
	last tok // the previous token, for the newline rules
}

// syntaxError is a malformed program, reported as mawk does.
type syntaxError struct {
	line int
	msg  string
}

func (e *syntaxError) Error() string { return fmt.Sprintf("line %d: %s", e.line, e.msg) }

func (l *lexer) errorf(format string, args ...any) {
	panic(&syntaxError{l.line, fmt.Sprintf(format, args...)})
}

func isNameStart(c byte) bool {
	return c == '_' || 'a' <= c && c <= 'z' || 'A' <= c && c <= 'Z'
}

func isDigit(c byte) bool { return '0' <= c && c <= '9' }

// skip passes blanks, comments and backslash-newlines.
func (l *lexer) skip() {
	for l.pos < len(l.src) {
		c := l.src[l.pos]
		switch {
		case c == ' ' || c == '\t' || c == '\r':
			l.pos++
		case c == '\\' && strings.HasPrefix(l.src[l.pos+1:], "\n"):
			l.pos += 2
			l.line++
		case c == '\\' && strings.HasPrefix(l.src[l.pos+1:], "\r\n"):
			l.pos += 3
			l.line++
		case c == '#':
			for l.pos < len(l.src) && l.src[l.pos] != '\n' {
				l.pos++
			}
		default:
			return
		}
	}
}

// next returns the next token.
func (l *lexer) next() token {
	l.skip()
	t := l.scan()
	l.last = t.t
	return t
}

func (l *lexer) scan() token {
	line := l.line
	if l.pos >= len(l.src) {
		return token{t: tEOF, line: line}
	}
	c := l.src[l.pos]
	switch {
	case c == '\n':
		l.pos++
		l.line++
		return token{t: tNewline, line: line}
	case isNameStart(c):
		return l.name()
	case isDigit(c) || c == '.' && l.pos+1 < len(l.src) && isDigit(l.src[l.pos+1]):
		return l.number()
	case c == '"':
		l.pos++
		return token{t: tString, text: l.stringBody(), line: line}
	}
	return l.operator()
}

func (l *lexer) name() token {
	start := l.pos
	for l.pos < len(l.src) && (isNameStart(l.src[l.pos]) || isDigit(l.src[l.pos])) {
		l.pos++
	}
	s := l.src[start:l.pos]
	if k, ok := keywords[s]; ok {
		return token{t: k, text: s, line: l.line}
	}
	if builtinNames[s] {
		return token{t: tBuiltin, text: s, line: l.line}
	}
	if l.pos < len(l.src) && l.src[l.pos] == '(' {
		return token{t: tFuncName, text: s, line: l.line}
	}
	return token{t: tName, text: s, line: l.line}
}

func (l *lexer) number() token {
	start := l.pos
	for l.pos < len(l.src) && isDigit(l.src[l.pos]) {
		l.pos++
	}
	if l.pos < len(l.src) && l.src[l.pos] == '.' {
		l.pos++
		for l.pos < len(l.src) && isDigit(l.src[l.pos]) {
			l.pos++
		}
	}
	if l.pos < len(l.src) && (l.src[l.pos] == 'e' || l.src[l.pos] == 'E') {
		j := l.pos + 1
		if j < len(l.src) && (l.src[j] == '+' || l.src[j] == '-') {
			j++
		}
		if j < len(l.src) && isDigit(l.src[j]) {
			for j < len(l.src) && isDigit(l.src[j]) {
				j++
			}
			l.pos = j
		}
	}
	return token{t: tNumber, text: l.src[start:l.pos], line: l.line}
}

// stringBody reads a string after its opening quote, decoding escapes.
func (l *lexer) stringBody() string {
	var b strings.Builder
	for {
		if l.pos >= len(l.src) || l.src[l.pos] == '\n' {
			l.errorf("runaway string constant \"%s ...", truncate(b.String()))
		}
		c := l.src[l.pos]
		l.pos++
		if c == '"' {
			return b.String()
		}
		if c != '\\' || l.pos >= len(l.src) {
			b.WriteByte(c)
			continue
		}
		if l.src[l.pos] == '\n' {
			l.pos++
			l.line++
			continue
		}
		n := unescape(&b, l.src[l.pos:], '"')
		l.pos += n
	}
}

func truncate(s string) string {
	if len(s) > 10 {
		return s[:10]
	}
	return s
}

// unescape writes the character of the escape at the start of s (the
// text after a backslash) and returns how many bytes it used. An unknown
// escape keeps its backslash, as gawk and mawk do.
func unescape(b *strings.Builder, s string, quote byte) int {
	c := s[0]
	switch c {
	case 'n':
		b.WriteByte('\n')
	case 't':
		b.WriteByte('\t')
	case 'r':
		b.WriteByte('\r')
	case 'f':
		b.WriteByte('\f')
	case 'v':
		b.WriteByte('\v')
	case 'a':
		b.WriteByte('\a')
	case 'b':
		b.WriteByte('\b')
	case '\\':
		b.WriteByte('\\')
	case '"', '/':
		if c != quote && c != '/' {
			b.WriteByte('\\')
		}
		b.WriteByte(c)
	case '0', '1', '2', '3', '4', '5', '6', '7':
		v, n := 0, 0
		for n < 3 && n < len(s) && '0' <= s[n] && s[n] <= '7' {
			v = v*8 + int(s[n]-'0')
			n++
		}
		b.WriteByte(byte(v))
		return n
	default:
		b.WriteByte('\\')
		b.WriteByte(c)
	}
	return 1
}

// regex reads a regular expression literal after its opening slash; the
// source is returned as written (escapes are translated by regex.go).
func (l *lexer) regex() token {
	start := l.pos
	inBracket := false
	for {
		if l.pos >= len(l.src) || l.src[l.pos] == '\n' {
			l.errorf("runaway regular expression /%s ...", truncate(l.src[start:l.pos]))
		}
		c := l.src[l.pos]
		switch {
		case c == '\\' && l.pos+1 < len(l.src):
			l.pos += 2
			continue
		case c == '[' && !inBracket:
			inBracket = true
			l.pos++
			if l.pos < len(l.src) && l.src[l.pos] == '^' {
				l.pos++
			}
			if l.pos < len(l.src) && l.src[l.pos] == ']' {
				l.pos++
			}
			continue
		case c == ']' && inBracket:
			inBracket = false
		case c == '/' && !inBracket:
			s := l.src[start:l.pos]
			l.pos++
			l.last = tRegex
			return token{t: tRegex, text: s, line: l.line}
		}
		l.pos++
	}
}

var ops3 = map[string]tok{"**=": tPowAssign}

var ops2 = map[string]tok{
	"+=": tAddAssign, "-=": tSubAssign, "*=": tMulAssign, "/=": tDivAssign,
	"%=": tModAssign, "^=": tPowAssign, "==": tEq, "!=": tNe, "<=": tLe,
	">=": tGe, "&&": tAnd, "||": tOr, "++": tIncr, "--": tDecr, ">>": tAppend,
	"!~": tNoMatch, "**": tPow,
}

var ops1 = map[byte]tok{
	'{': tLbrace, '}': tRbrace, '(': tLparen, ')': tRparen, '[': tLbracket,
	']': tRbracket, ';': tSemi, ',': tComma, '+': tAdd, '-': tSub, '*': tMul,
	'/': tDiv, '%': tMod, '^': tPow, '!': tNot, '>': tGreater, '<': tLess,
	'|': tPipe, '?': tQuestion, ':': tColon, '~': tTilde, '$': tDollar,
	'=': tAssign,
}

func (l *lexer) operator() token {
	rest := l.src[l.pos:]
	if len(rest) >= 3 {
		if t, ok := ops3[rest[:3]]; ok {
			l.pos += 3
			return token{t: t, text: rest[:3], line: l.line}
		}
	}
	if len(rest) >= 2 {
		if t, ok := ops2[rest[:2]]; ok {
			l.pos += 2
			return token{t: t, text: rest[:2], line: l.line}
		}
	}
	if t, ok := ops1[rest[0]]; ok {
		l.pos++
		return token{t: t, text: rest[:1], line: l.line}
	}
	l.pos++
	l.errorf("syntax error at or near %s", rest[:1])
	return token{}
}
