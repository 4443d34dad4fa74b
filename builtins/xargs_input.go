package builtins

// How xargs splits its input into arguments: with -0 or -d, at every
// delimiter; otherwise at blanks and newlines, with GNU's quotes and
// backslashes, its logical end-of-file string, and the lines -L counts (a
// line ending in a blank goes on to the next one).

import (
	"fmt"
	"io"
	"strings"
)

// read reads the next argument (or, for the quoted format, the rest of the
// current line) and pushes what it finds. more is false at the end of the
// input.
func (x *xargsRun) read() (bool, error) {
	if x.inputEOF {
		return false, nil
	}
	if x.delim >= 0 {
		item, ok, err := x.readDelimited()
		if err != nil || !ok {
			return false, err
		}
		return true, x.push(item)
	}
	return x.readLine(false)
}

// readDelimited reads one item ending in the delimiter (or at the end of
// the input).
func (x *xargsRun) readDelimited() (string, bool, error) {
	item, err := x.in.ReadString(byte(x.delim))
	switch {
	case err == io.EOF:
		x.inputEOF = true
		if item == "" {
			return "", false, nil
		}
	case err != nil:
		return "", false, x.readErr(err)
	default:
		item = item[:len(item)-1]
		x.lines++
	}
	if len(item)+1 > x.maxChars-x.cmdSize {
		return "", false, x.tooLong()
	}
	return item, true, nil
}

func (x *xargsRun) readErr(err error) error {
	return fmt.Errorf("read error: %s", ErrText(err))
}

// tooLong runs what is pending, then fails as GNU does when one argument
// cannot fit.
func (x *xargsRun) tooLong() error {
	if len(x.args) > 0 {
		if err := x.exec(); err != nil {
			return err
		}
	}
	return fmt.Errorf("argument line too long")
}

// xargsLineState is the state of GNU's read_line.
type xargsLineState int

const (
	xargsLsSpace xargsLineState = iota
	xargsLsNorm
	xargsLsQuote
	xargsLsBackslash
)

// readLine is GNU's read_line: it pushes the arguments of one line, or
// one argument, and reports whether the input goes on. With replace set it
// returns the whole line as one argument instead (in x.line).
func (x *xargsRun) readLine(replace bool) (bool, error) {
	state := xargsLsSpace
	var b strings.Builder
	var quote byte
	prev, c := -1, -1
	first := true
	limit := x.maxChars - x.cmdSize - 1
	for {
		prev = c
		ch, err := x.in.ReadByte()
		if err != nil {
			if err != io.EOF {
				return false, x.readErr(err)
			}
			return false, x.endOfInput(&b, state, quote, first, replace)
		}
		c = int(ch)
		switch state {
		case xargsLsSpace:
			if xargsIsSpace(ch) {
				continue
			}
			state = xargsLsNorm
			fallthrough
		case xargsLsNorm:
			if ch == '\n' {
				if prev != ' ' && prev != '\t' {
					x.lines++
				}
				if b.Len() == 0 {
					state = xargsLsSpace
					continue
				}
				return x.endArg(b.String(), first, replace)
			}
			if !replace && (ch == ' ' || ch == '\t') {
				if more, err := x.endArg(b.String(), first, false); !more || err != nil || x.inputEOF {
					return more, err
				}
				b.Reset()
				state, first = xargsLsSpace, false
				continue
			}
			if ch == '\\' {
				state = xargsLsBackslash
				continue
			}
			if ch == '\'' || ch == '"' {
				state, quote = xargsLsQuote, ch
				continue
			}
		case xargsLsQuote:
			if ch == '\n' {
				return false, x.unmatched(quote)
			}
			if ch == quote {
				state = xargsLsNorm
				continue
			}
		case xargsLsBackslash:
			state = xargsLsNorm
		}
		if ch == 0 && !x.nulWarn {
			x.p.Errorf("WARNING: a NUL character occurred in the input.  It cannot be passed through in the argument list.  Did you mean to use the --null option?")
			x.nulWarn = true
		}
		if b.Len() >= limit {
			return false, x.tooLong()
		}
		b.WriteByte(ch)
	}
}

func xargsIsSpace(c byte) bool {
	return c == ' ' || c == '\t' || c == '\n' || c == '\v' || c == '\f' || c == '\r'
}

// endArg handles an argument that a blank or a newline ended: the
// end-of-file string stops the input; anything else is pushed (or kept as
// the line with -I). more is false when the input ends here.
func (x *xargsRun) endArg(arg string, first, replace bool) (bool, error) {
	if x.eof != "" && xargsCString(arg) == x.eof {
		x.inputEOF = true
		return !first, nil
	}
	if replace {
		x.line, x.haveLine = xargsCString(arg), true
		return true, nil
	}
	return true, x.push(xargsCString(arg))
}

func (x *xargsRun) endOfInput(b *strings.Builder, state xargsLineState, quote byte, first, replace bool) error {
	x.inputEOF = true
	if b.Len() == 0 && state != xargsLsQuote {
		return nil
	}
	if state == xargsLsQuote {
		return x.unmatched(quote)
	}
	if first && x.eof != "" && xargsCString(b.String()) == x.eof {
		return nil
	}
	if replace {
		x.line, x.haveLine = xargsCString(b.String()), true
		return nil
	}
	return x.push(xargsCString(b.String()))
}

// xargsCString cuts s at a NUL byte, as a C string would end there.
func xargsCString(s string) string {
	if i := strings.IndexByte(s, 0); i >= 0 {
		return s[:i]
	}
	return s
}

func (x *xargsRun) unmatched(quote byte) error {
	x.inputEOF = true
	kind := "single"
	if quote == '"' {
		kind = "double"
	}
	// GNU reports the quote first, then runs what it has, and exits 1
	// unless that run gave a worse status.
	x.p.Errorf("unmatched %s quote; by default quotes are special to xargs unless you use the -0 option", kind)
	if len(x.args) > 0 {
		if err := x.exec(); err != nil {
			return err
		}
	}
	if x.status == 0 {
		x.status = 1
	}
	return &xargsExit{x.status}
}

// readReplaceLine reads the next input line for -I (or the next item with
// -0 and -d).
func (x *xargsRun) readReplaceLine() (string, bool, error) {
	for !x.inputEOF {
		if x.delim >= 0 {
			return x.readDelimited()
		}
		x.line, x.haveLine = "", false
		more, err := x.readLine(true)
		if err != nil {
			return "", false, err
		}
		if x.haveLine {
			return x.line, true, nil
		}
		if !more {
			break
		}
	}
	return "", false, nil
}
