package quote

// quotearg: gnulib's quoting of file names in every style GNU tools offer
// (ls --quoting-style, stat %N, QUOTING_STYLE). quote.go covers the
// fixed styles of messages; this is the general engine behind them.

import (
	"strings"
	"unicode/utf8"

	"github.com/shellfence/shellfence/builtins/internal/ctype"
)

// Style is one of gnulib's quoting styles.
type Style int

// The styles, in gnulib's order (the order of [StyleNames]).
const (
	LiteralQuoting Style = iota
	ShellQuoting
	ShellAlwaysQuoting
	ShellEscapeQuoting
	ShellEscapeAlwaysQuoting
	CQuoting
	CMaybeQuoting
	EscapeQuoting
	LocaleQuoting
	CLocaleQuoting
)

// StyleNames lists the styles by name, in GNU's order (for
// argument matching and its "Valid arguments" list).
var StyleNames = []string{
	"literal", "shell", "shell-always", "shell-escape", "shell-escape-always",
	"c", "c-maybe", "escape", "locale", "clocale",
}

// Quoter quotes strings in one style. these holds extra bytes to quote
// (gnulib's quote_these_too).
type Quoter struct {
	style Style
	these [256]bool
}

// New returns a quoter for style that also quotes the bytes in these.
func New(style Style, these string) *Quoter {
	q := &Quoter{style: style}
	for i := 0; i < len(these); i++ {
		q.these[these[i]] = true
	}
	return q
}

// Quote returns s quoted in q's style.
func (q *Quoter) Quote(s string) string {
	return quoteRestyled(s, q.style, false, &q.these)
}

// Style returns the style q quotes in.
func (q *Quoter) Style() Style { return q.style }

// Arg quotes s in style, with no extra characters.
func Arg(s string, style Style) string {
	return quoteRestyled(s, style, false, nil)
}

// qstate is one pass of the quoting algorithm.
type qstate struct {
	out         strings.Builder
	style       Style
	backslash   bool // backslash escapes
	elide       bool // elide outer quotes
	quoteString string
	pendingEnd  bool // a $'...' section is open (shell-escape-always)
	escaping    bool
	sawSingle   bool
	allCompat   bool
}

// errForceOuter signals that the style without outer quotes cannot
// represent the string.
type forceOuter struct{}

// quoteRestyled is gnulib's quotearg_buffer_restyled.
func quoteRestyled(s string, style Style, elide bool, these *[256]bool) (res string) {
	st := &qstate{style: style, elide: elide, allCompat: true}
	defer func() {
		if v := recover(); v != nil {
			if _, ok := v.(forceOuter); !ok {
				panic(v)
			}
			if st.style == ShellAlwaysQuoting && st.backslash {
				st.style = ShellEscapeAlwaysQuoting
			}
			res = quoteRestyled(s, st.style, false, nil)
		}
	}()
	st.start()
	for i := 0; i < len(s); i++ {
		i = st.char(s, i, these)
	}
	if st.out.Len() == 0 && st.style == ShellAlwaysQuoting && st.elide {
		panic(forceOuter{})
	}
	if st.style == ShellAlwaysQuoting && !st.elide && st.sawSingle && st.allCompat {
		return quoteRestyled(s, CQuoting, false, these)
	}
	if st.quoteString != "" && !st.elide {
		st.out.WriteString(st.quoteString)
	}
	return st.out.String()
}

// start sets up the style and writes the opening quote.
func (st *qstate) start() {
	switch st.style {
	case CMaybeQuoting:
		st.style = CQuoting
		st.elide = true
		fallthrough
	case CQuoting:
		if !st.elide {
			st.out.WriteByte('"')
		}
		st.backslash = true
		st.quoteString = `"`
	case EscapeQuoting:
		st.backslash = true
		st.elide = false
	case LocaleQuoting, CLocaleQuoting:
		if !st.elide {
			st.out.WriteString("‘")
		}
		st.backslash = true
		st.quoteString = "’"
	case ShellEscapeQuoting, ShellQuoting, ShellEscapeAlwaysQuoting, ShellAlwaysQuoting:
		if st.style == ShellEscapeQuoting {
			st.backslash = true
		}
		if st.style == ShellEscapeQuoting || st.style == ShellQuoting {
			st.elide = true
		}
		if st.style == ShellEscapeAlwaysQuoting && !st.elide {
			st.backslash = true
		}
		st.style = ShellAlwaysQuoting
		if !st.elide {
			st.out.WriteByte('\'')
		}
		st.quoteString = "'"
	default:
		st.elide = false
	}
}

func (st *qstate) startEsc() {
	if st.elide {
		panic(forceOuter{})
	}
	st.escaping = true
	if st.style == ShellAlwaysQuoting && !st.pendingEnd {
		st.out.WriteString("'$'")
		st.pendingEnd = true
	}
	st.out.WriteByte('\\')
}

func (st *qstate) endEsc() {
	if st.pendingEnd && !st.escaping {
		st.out.WriteString("''")
		st.pendingEnd = false
	}
}

// shellSpecials are the bytes that make the shell styles quote.
const shellSpecials = "!\"$&()*;<=>[^`|"

// compatBytes are printable in both C and shell quotes unchanged.
const compatBytes = "%+,-./0123456789:ABCDEFGHIJKLMNOPQRSTUVWXYZ]_abcdefghijklmnopqrstuvwxyz"

// char handles s[i] (and the rest of its multibyte character) and returns
// the index of the last byte consumed.
func (st *qstate) char(s string, i int, these *[256]bool) int {
	c := s[i]
	st.escaping = false
	compat := false
	isRightQuote := false
	if st.backslash && st.style != ShellAlwaysQuoting && st.quoteString != "" &&
		strings.HasPrefix(s[i:], st.quoteString) {
		if st.elide {
			panic(forceOuter{})
		}
		isRightQuote = true
	}
	var esc byte
	switch {
	case c == 0:
		if st.backslash {
			st.startEsc()
			if st.style != ShellAlwaysQuoting && i+1 < len(s) && s[i+1] >= '0' && s[i+1] <= '9' {
				st.out.WriteString("00")
			}
			c = '0'
		}
	case c == '?':
		if st.style == ShellAlwaysQuoting && st.elide {
			panic(forceOuter{})
		}
	case strings.IndexByte("\a\b\f\n\r\t\v\\", c) >= 0:
		esc = "abfnrtv\\"[strings.IndexByte("\a\b\f\n\r\t\v\\", c)]
		if c == '\\' {
			if st.style == ShellAlwaysQuoting {
				if st.elide {
					panic(forceOuter{})
				}
				return st.store(c, compat, i)
			}
			if st.backslash && st.elide && st.quoteString != "" {
				return st.store(c, compat, i)
			}
		}
		if (c == '\n' || c == '\r' || c == '\t' || c == '\\') && st.style == ShellAlwaysQuoting && st.elide {
			panic(forceOuter{})
		}
		if st.backslash {
			st.startEsc()
			return st.store(esc, compat, i)
		}
	case (c == '{' || c == '}') && len(s) != 1:
	case (c == '#' || c == '~' || c == '{' || c == '}') && i != 0:
	case c == '#' || c == '~' || c == '{' || c == '}' || c == ' ':
		compat = true
		if st.style == ShellAlwaysQuoting && st.elide {
			panic(forceOuter{})
		}
	case strings.IndexByte(shellSpecials, c) >= 0:
		if st.style == ShellAlwaysQuoting && st.elide {
			panic(forceOuter{})
		}
	case c == '\'':
		st.sawSingle = true
		compat = true
		if st.style == ShellAlwaysQuoting {
			if st.elide {
				panic(forceOuter{})
			}
			st.out.WriteString(`'\'`)
			st.pendingEnd = false
		}
	case strings.IndexByte(compatBytes, c) >= 0:
		compat = true
	default:
		return st.multibyte(s, i, these, isRightQuote)
	}
	return st.finish(s, i, c, compat, isRightQuote, these)
}

// finish applies quote_these_too and stores c.
func (st *qstate) finish(s string, i int, c byte, compat, isRightQuote bool, these *[256]bool) int {
	_ = s
	extra := these != nil && these[c] && ((st.backslash && st.style != ShellAlwaysQuoting) || st.elide)
	if extra || isRightQuote {
		st.startEsc()
	}
	return st.store(c, compat, i)
}

func (st *qstate) store(c byte, compat bool, i int) int {
	st.endEsc()
	st.out.WriteByte(c)
	if !compat {
		st.allCompat = false
	}
	return i
}

// multibyte handles a byte that starts a multibyte character, a control
// character, '@' or an invalid byte.
func (st *qstate) multibyte(s string, i int, these *[256]bool, isRightQuote bool) int {
	c := s[i]
	r, m := utf8.DecodeRuneInString(s[i:])
	printable := true
	switch {
	case r == utf8.RuneError && m <= 1:
		printable = false
		m = 0
		if !utf8.FullRuneInString(s[i:]) {
			m = len(s) - i
		}
	default:
		if st.elide && st.style == ShellAlwaysQuoting {
			for j := 1; j < m; j++ {
				if strings.IndexByte("[\\^`|", s[i+j]) >= 0 {
					panic(forceOuter{})
				}
			}
		}
		printable = ctype.IsPrintRune(r)
	}
	if m > 1 || (st.backslash && !printable) {
		ilim := i + m
		for {
			if st.backslash && !printable {
				st.startEsc()
				st.out.WriteByte('0' + c>>6)
				st.out.WriteByte('0' + (c>>3)&7)
				c = '0' + c&7
			} else if isRightQuote {
				st.out.WriteByte('\\')
				isRightQuote = false
			}
			if ilim <= i+1 {
				break
			}
			st.endEsc()
			st.out.WriteByte(c)
			i++
			c = s[i]
		}
		return st.store(c, printable, i)
	}
	return st.finish(s, i, c, printable, isRightQuote, these)
}
