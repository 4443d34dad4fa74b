package engine

import (
	"context"
	"errors"
	"fmt"
	"io"
	"os"
	"strconv"
	"strings"
	"time"

	"mvdan.cc/sh/v3/expand"
	"mvdan.cc/sh/v3/interp"
	"mvdan.cc/sh/v3/syntax"
)

// The interpreter's read lacks -d, -n, -N and -t, and writes a -p prompt
// to standard output (bash writes it to standard error, and only when the
// input is a terminal, which it never is here). So the call handler
// replaces read: it reads the input here, a byte at a time as bash does
// from a pipe (so that the rest stays for the next command), splits it
// with the interpreter's own IFS rules, and hands the assignments back as
// an eval ending with read's status.

// readOpts are read's options.
type readOpts struct {
	raw        bool
	array      string
	delim      byte
	count      int  // -n/-N: at most (or, with exact, exactly) this many bytes
	exact      bool // -N: ignore the delimiter
	timeout    time.Duration
	hasTimeout bool
	fd         int // -u: the descriptor read (-1: standard input)
	names      []string
}

func parseRead(args []string) (*readOpts, error) {
	o := &readOpts{delim: '\n', count: -1, fd: -1}
	i := 0
	for ; i < len(args) && len(args[i]) > 1 && args[i][0] == '-'; i++ {
		if args[i] == "--" {
			i++
			break
		}
		for j := 1; j < len(args[i]); j++ {
			c := args[i][j]
			if strings.IndexByte("rsei", c) >= 0 {
				o.raw = o.raw || c == 'r'
				continue
			}
			if strings.IndexByte("adnNptu", c) < 0 {
				return nil, fmt.Errorf("read: -%c: invalid option", c)
			}
			val := args[i][j+1:]
			if val == "" {
				if i+1 >= len(args) {
					return nil, fmt.Errorf("read: -%c: option requires an argument", c)
				}
				i++
				val = args[i]
			}
			if err := o.set(c, val); err != nil {
				return nil, err
			}
			break
		}
	}
	o.names = args[i:]
	for _, n := range o.names {
		if !syntax.ValidName(n) {
			return nil, fmt.Errorf("read: `%s': not a valid identifier", n)
		}
	}
	return o, nil
}

func (o *readOpts) set(c byte, val string) error {
	switch c {
	case 'a':
		o.array = val
	case 'd':
		o.delim = 0
		if val != "" {
			o.delim = val[0]
		}
	case 'n', 'N':
		n, err := strconv.Atoi(val)
		if err != nil || n < 0 {
			return fmt.Errorf("read: %s: invalid number", val)
		}
		o.count, o.exact = n, c == 'N'
	case 't':
		f, err := strconv.ParseFloat(val, 64)
		if err != nil || f < 0 {
			return fmt.Errorf("read: %s: invalid timeout specification", val)
		}
		o.timeout, o.hasTimeout = time.Duration(f*float64(time.Second)), true
	case 'u':
		n, err := strconv.Atoi(val)
		if err != nil || n < 0 {
			return fmt.Errorf("read: %s: invalid file descriptor specification", val)
		}
		o.fd = n
	}
	return nil // -p: the prompt is not shown without a terminal
}

// read replaces the interpreter's read builtin (see above).
func (r *run) read(ctx context.Context, args []string) []string {
	hc := interp.HandlerCtx(ctx)
	o, err := parseRead(args[1:])
	if err != nil {
		fmt.Fprintf(hc.Stderr, "shellfence: %v\n", err)
		if strings.Contains(err.Error(), "identifier") {
			return quietEval("(exit 1)")
		}
		fmt.Fprintln(hc.Stderr, "shellfence: read: usage: read [-ers] [-a array] [-d delim] [-i text] [-n nchars] [-N nchars] [-p prompt] [-t timeout] [-u fd] [name ...]")
		return quietEval("(exit 2)")
	}
	in := io.Reader(hc.Stdin)
	if o.fd >= 0 {
		var ok bool
		if in, ok = r.fdReader(hc, o.fd); !ok {
			fmt.Fprintf(hc.Stderr, "shellfence: read: %d: invalid file descriptor: Bad file descriptor\n", o.fd)
			return quietEval("(exit 1)")
		}
	}
	line, status := o.readInput(ctx, in)
	return quietEval(o.assignments(line, hc.Env) + fmt.Sprintf("(exit %d)", status))
}

// readInput reads up to the delimiter (or the count). The status is 0,
// 1 at end of input, or 142 when the timeout expired.
func (o *readOpts) readInput(ctx context.Context, in io.Reader) (string, int) {
	if in == nil {
		return "", 1
	}
	if f, ok := in.(*os.File); ok && o.hasTimeout {
		f.SetReadDeadline(time.Now().Add(o.timeout))
		defer f.SetReadDeadline(time.Time{})
	}
	var line []byte
	esc := false
	var b [1]byte
	for o.count < 0 || len(line) < o.count {
		if ctx.Err() != nil {
			return string(line), 1
		}
		n, err := in.Read(b[:])
		if n == 0 {
			if errors.Is(err, os.ErrDeadlineExceeded) && ctx.Err() == nil {
				return string(line), 142
			}
			if err != nil {
				return string(line), 1
			}
			continue
		}
		c := b[0]
		switch {
		case !o.exact && c == o.delim && !(esc && c == '\n'):
			return string(line), 0
		case !o.raw && esc && c == '\n':
			line, esc = line[:len(line)-1], false // a line continuation
			continue
		case !o.raw && c == '\\':
			esc = !esc
		default:
			esc = false
		}
		line = append(line, c)
	}
	return string(line), 0
}

// assignments builds the shell assignments for what was read.
func (o *readOpts) assignments(line string, env expand.Environ) string {
	var b strings.Builder
	switch {
	case o.array != "":
		b.WriteString(o.array + "=(")
		for _, f := range readSplit(line, readIFS(env), -1, o.raw) {
			b.WriteString(quote(f) + " ")
		}
		b.WriteString("); ")
	case o.exact && len(o.names) > 0:
		b.WriteString(o.names[0] + "=" + quote(line) + "; ") // -N neither splits nor trims
	case len(o.names) == 0:
		reply := line
		if !o.raw {
			reply = strings.Join(expand.ReadFields(&expand.Config{Env: noIFS{env}}, line, 1, false), "")
		}
		b.WriteString("REPLY=" + quote(reply) + "; ")
	default:
		fields := readSplit(line, readIFS(env), len(o.names), o.raw)
		for i, n := range o.names {
			v := ""
			if i < len(fields) {
				v = fields[i]
			}
			b.WriteString(n + "=" + quote(v) + "; ")
		}
	}
	return b.String()
}

// noIFS hides IFS, so that REPLY keeps the line whole (only backslashes
// are processed).
type noIFS struct{ expand.Environ }

func (n noIFS) Get(name string) expand.Variable {
	if name == "IFS" {
		return expand.Variable{Set: true, Kind: expand.String, Str: ""}
	}
	return n.Environ.Get(name)
}

// quote quotes a value for the shell; values a shell variable cannot hold
// (NUL bytes) lose those bytes, as in bash.
func quote(s string) string {
	s = strings.ReplaceAll(s, "\x00", "")
	q, err := syntax.Quote(s, syntax.LangBash)
	if err != nil {
		return "''"
	}
	return q
}

// readSplit splits what read read into fields as bash's read does: IFS
// white space (spaces, tabs, newlines in IFS) around fields is dropped
// and runs of it are one separator, each other IFS character ends a
// field (so "a,,b" has an empty one), and a backslash (without -r)
// makes the next character part of a field. With n > 0, the nth field
// is the rest of the line, less the trailing IFS white space, or just
// the next field when only its separator follows it. n < 0: every
// field.
func readSplit(line, ifs string, n int, raw bool) []string {
	s := unescapeRead(line, raw)
	ws := func(i int) bool {
		return !s[i].esc && strings.IndexByte(ifs, s[i].c) >= 0 && strings.IndexByte(" \t\n", s[i].c) >= 0
	}
	delim := func(i int) bool { return !s[i].esc && strings.IndexByte(ifs, s[i].c) >= 0 && !ws(i) }
	skipWS := func(i int) int {
		for i < len(s) && ws(i) {
			i++
		}
		return i
	}
	// field reads the field at i: it returns where it ends and where the
	// next begins (past its separator).
	field := func(i int) (end, next int) {
		for end = i; end < len(s) && !ws(end) && !delim(end); end++ {
		}
		next = skipWS(end)
		if next < len(s) && delim(next) {
			next = skipWS(next + 1)
		}
		return end, next
	}
	var fields []string
	i := skipWS(0)
	for i < len(s) && (n < 0 || len(fields) < n-1) {
		end, next := field(i)
		fields = append(fields, s[i:end].String())
		i = next
	}
	if n > 0 && i < len(s) {
		end, next := field(i)
		if next < len(s) {
			for end = len(s); end > i && ws(end-1); end-- {
			}
		}
		fields = append(fields, s[i:end].String())
	}
	return fields
}

// readChar is a character of a line read, and whether a backslash made
// it literal.
type readChar struct {
	c   byte
	esc bool
}

type readChars []readChar

func (s readChars) String() string {
	b := make([]byte, len(s))
	for i, c := range s {
		b[i] = c.c
	}
	return string(b)
}

// unescapeRead drops the backslashes of a line read without -r, marking
// the characters they escape.
func unescapeRead(line string, raw bool) readChars {
	s := make(readChars, 0, len(line))
	for i := 0; i < len(line); i++ {
		if !raw && line[i] == '\\' && i+1 < len(line) {
			i++
			s = append(s, readChar{line[i], true})
			continue
		}
		s = append(s, readChar{c: line[i]})
	}
	return s
}

// readIFS is the IFS read splits with: unset, a space, a tab and a
// newline.
func readIFS(env expand.Environ) string {
	if v := env.Get("IFS"); v.IsSet() {
		return v.String()
	}
	return " \t\n"
}
