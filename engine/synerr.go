package engine

import (
	"errors"
	"fmt"
	"strconv"
	"strings"

	"mvdan.cc/sh/v3/syntax"
)

// A syntax error reads as bash prints it, `bash: -c: line N: ...` for a
// command line (`NAME: line N: ...` for a script file), with the line
// of the offending token after "near unexpected token", and the line
// after the last for input that ends inside a construct. And as in bash,
// which reads and runs its input a line at a time, the complete lines
// before the one with the error run first: the program becomes those
// lines followed by __sf_synerr, which prints the message and exits 2
// (1 for an array value left open, x=(1 2, as bash's status is then).

// syntaxError is the program for src that fails to parse with err (who
// is "bash: -c" or the script's name): the lines before the error, then
// the message; nil when no complete line comes before the error.
func syntaxError(src, who string, err error) (*syntax.File, string) {
	msg := syntaxMessage(src, who, err)
	var pe syntax.ParseError
	if !errors.As(err, &pe) || pe.Pos.Line() <= 1 {
		return nil, msg
	}
	end := 0 // where the line of the error starts
	for range int(pe.Pos.Line()) - 1 {
		i := strings.IndexByte(src[end:], '\n')
		if i < 0 {
			return nil, msg
		}
		end += i + 1
	}
	f, perr := parse(src[:end], "")
	if perr != nil || len(f.Stmts) == 0 {
		return nil, msg
	}
	status := strconv.Itoa(syntaxStatus(src, err))
	f.Stmts = append(f.Stmts, &syntax.Stmt{Cmd: &syntax.CallExpr{Args: []*syntax.Word{lit("__sf_synerr"), lit(status), lit(msg)}}})
	return f, msg
}

// syntaxStatus is bash's exit status for src, which fails to parse with
// err.
func syntaxStatus(src string, err error) int {
	var pe syntax.ParseError
	if errors.As(err, &pe) && pe.Text == "reached EOF without matching `(` with `)`" && afterEquals(src, pe.Pos) {
		return 1
	}
	return 2
}

// syntaxMessage words a parse error as bash does (see above).
func syntaxMessage(src, who string, err error) string {
	var pe syntax.ParseError
	if !errors.As(err, &pe) {
		return "shellfence: " + err.Error()
	}
	line := int(pe.Pos.Line())
	at := func(n int, text string) string { return fmt.Sprintf("%s: line %d: %s", who, n, text) }
	near := func(tok string) string {
		return at(line, fmt.Sprintf("syntax error near unexpected token `%s'", tok)) + "\n" +
			at(line, "`"+srcLine(src, line)+"'")
	}
	eof := lastLine(src) + 1
	t := pe.Text
	switch {
	case strings.HasPrefix(t, "reached EOF without closing quote "):
		q := strings.TrimPrefix(t, "reached EOF without closing quote ")
		if len(q) == 3 { // the parser wraps the quote in `...`, or "..." for a backquote
			q = q[1:2]
		}
		return at(line, fmt.Sprintf("unexpected EOF while looking for matching `%s'", q))
	case t == "reached EOF without matching `$(` with `)`":
		return at(eof, "unexpected EOF while looking for matching `)'")
	case t == "reached EOF without matching `${` with `}`", strings.HasPrefix(t, "reached EOF without matching `$((") ||
		pe.Incomplete && strings.HasSuffix(t, "must be followed by an expression"):
		return at(line, "unexpected EOF while looking for matching `"+closer(t)+"'")
	case t == "reached EOF without matching `(` with `)`" && afterEquals(src, pe.Pos):
		return at(line, "unexpected EOF while looking for matching `)'")
	case pe.Incomplete && wantsToken(t):
		return near("newline")
	case pe.Incomplete:
		return at(eof, "syntax error: unexpected end of file")
	case strings.HasPrefix(t, "a command can only contain words and redirects; encountered "):
		return near(strings.Trim(strings.TrimPrefix(t, "a command can only contain words and redirects; encountered "), "`"))
	case strings.HasPrefix(t, "`") && (strings.Contains(t, "` can only be used") || strings.Contains(t, "` can only immediately follow")):
		return near(t[1 : strings.Index(t[1:], "`")+1])
	case strings.HasPrefix(t, "`") && strings.Contains(t, "` must be followed by "):
		op := t[1 : strings.Index(t[1:], "`")+1]
		return near(nextToken(src, int(pe.Pos.Offset())+len(op)))
	}
	return at(line, "syntax error: "+t)
}

// wantsToken reports whether the parser's text says a construct lacks a
// word where bash sees the next token as unexpected (for, function,
// a redirection's file, foo( without its parenthesis).
func wantsToken(t string) bool {
	for _, s := range []string{"must be followed by a word", "must be followed by a name", "must be followed by a literal", "must be followed by `)`"} {
		if strings.HasSuffix(t, s) {
			return true
		}
	}
	return false
}

// closer is the bracket bash looks for at the end of an unfinished
// expansion: `}' for ${, `)' for $(( and arithmetic.
func closer(t string) string {
	if strings.Contains(t, "`${`") {
		return "}"
	}
	return ")"
}

// afterEquals reports whether the ( at pos opens an array value (x=(...).
func afterEquals(src string, pos syntax.Pos) bool {
	o := int(pos.Offset())
	return o > 0 && o <= len(src) && src[o-1] == '='
}

// lastLine is the number of src's last line.
func lastLine(src string) int {
	n := strings.Count(src, "\n")
	if !strings.HasSuffix(src, "\n") {
		n++
	}
	return n
}

// srcLine is line n of src (from 1).
func srcLine(src string, n int) string {
	lines := strings.Split(src, "\n")
	if n < 1 || n > len(lines) {
		return ""
	}
	return lines[n-1]
}

// nextToken is the shell token of src at offset i (after blanks), as
// bash names it: an operator, a word, or newline at the end of a line.
func nextToken(src string, i int) string {
	for i < len(src) && (src[i] == ' ' || src[i] == '\t') {
		i++
	}
	if i >= len(src) || src[i] == '\n' {
		return "newline"
	}
	for _, op := range []string{";;&", ";;", ";&", "&&", "||", "|&", ">>", "<<", "&>", ";", "|", "&", "(", ")", "<", ">"} {
		if strings.HasPrefix(src[i:], op) {
			return op
		}
	}
	j := i
	for j < len(src) && !strings.ContainsRune(" \t\n;|&()<>", rune(src[j])) {
		j++
	}
	return src[i:j]
}
