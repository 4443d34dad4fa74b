package builtins

// paste - merge lines of files
//
//	paste [OPTION]... [FILE]...
//
// Options: -d/--delimiters=LIST (escapes \0 \\ \b \f \n \r \t \v; the
// list is reused cyclically), -s/--serial, -z/--zero-terminated. With no
// FILE, or when FILE is -, read standard input; several - share it, line
// by line. Delimiters are bytes, as in GNU paste 9.1.

import (
	"bufio"
	"io"
	"strings"

	"github.com/shellfence/shellfence/builtins/internal/quote"
)

// pasteRun holds one run of paste.
type pasteRun struct {
	p      *Proc
	delims []int // bytes, or -1 for \0 (no delimiter)
	eol    byte
	out    io.Writer
	stdin  *bufio.Reader
}

func paste(p *Proc) int {
	delimArg, serial, zero := "\t", false, false
	flags := p.newOpts(1)
	flags.Value('d', "delimiters", func(_, v string) error {
		if v == "" {
			v = "\\0"
		}
		delimArg = v
		return nil
	})
	flags.Flag('s', "serial", &serial)
	flags.Flag('z', "zero-terminated", &zero)
	addToolInfo(flags, "paste")
	files, err := flags.Parse(p.Args[1:])
	if code, ok := p.answerInfo(err); ok {
		return code
	}
	if err != nil {
		return p.usage(err, 1)
	}
	r := &pasteRun{p: p, eol: '\n', out: p.Stdout}
	if zero {
		r.eol = 0
	}
	var ok bool
	if r.delims, ok = pasteDelims(delimArg); !ok {
		p.Errorf("delimiter list ends with an unescaped backslash: %s", cMaybeQuote(delimArg))
		return 1
	}
	if len(files) == 0 {
		files = []string{"-"}
	}
	r.stdin = bufio.NewReaderSize(p.Stdin, 64<<10)
	if serial {
		return r.serial(files)
	}
	return r.parallel(files)
}

// pasteDelims collapses the escapes of a delimiter list; ok is false
// when it ends with a lone backslash.
func pasteDelims(s string) ([]int, bool) {
	var d []int
	for i := 0; i < len(s); i++ {
		if s[i] != '\\' {
			d = append(d, int(s[i]))
			continue
		}
		i++
		if i >= len(s) {
			return nil, false
		}
		switch c := s[i]; c {
		case '0':
			d = append(d, -1)
		case 'b':
			d = append(d, '\b')
		case 'f':
			d = append(d, '\f')
		case 'n':
			d = append(d, '\n')
		case 'r':
			d = append(d, '\r')
		case 't':
			d = append(d, '\t')
		case 'v':
			d = append(d, '\v')
		default:
			d = append(d, int(c))
		}
	}
	return d, true
}

// cMaybeQuote is gnulib's c_maybe_quoting_style: the string as is, or in
// double quotes with C escapes when it holds a special character.
func cMaybeQuote(s string) string {
	plain := true
	for i := 0; i < len(s); i++ {
		if c := s[i]; c < 32 || c >= 127 || c == '"' {
			plain = false
		}
	}
	if plain {
		return s
	}
	var b strings.Builder
	b.WriteByte('"')
	for i := 0; i < len(s); i++ {
		switch c := s[i]; {
		case c == '"' || c == '\\':
			b.WriteByte('\\')
			b.WriteByte(c)
		case c >= 32 && c < 127:
			b.WriteByte(c)
		default:
			b.WriteString(quote.CEscape(c))
		}
	}
	b.WriteByte('"')
	return b.String()
}

// pasteInput is one operand being read.
type pasteInput struct {
	name string
	r    *bufio.Reader
	err  error // a read error to report when the input ends
	f    File
}

// open opens every operand (stdin for -); a missing file ends paste.
func (r *pasteRun) open(name string) (*pasteInput, error) {
	if name == "-" {
		return &pasteInput{name: name, r: r.stdin}, nil
	}
	f, err := r.p.Open(name)
	if err != nil {
		return nil, err
	}
	in := &pasteInput{name: name, f: f, r: bufio.NewReaderSize(f, 32<<10)}
	if fi, err := f.Stat(); err == nil && fi.IsDir() {
		in.err = errIsDir
	}
	return in, nil
}

func (in *pasteInput) close() {
	if in.f != nil {
		in.f.Close()
	}
}

// copyLine copies the rest of a line to w, without its end; it reports
// whether any byte was read and whether the line ended with eol.
func (r *pasteRun) copyLine(in *pasteInput, before func() error) (read, ended bool, err error) {
	if in.err != nil {
		return false, false, nil
	}
	for {
		chunk, rerr := in.r.ReadSlice(r.eol)
		if len(chunk) > 0 {
			if !read {
				if err := before(); err != nil {
					return true, false, err
				}
			}
			read = true
			ended = chunk[len(chunk)-1] == r.eol
			if ended {
				chunk = chunk[:len(chunk)-1]
			}
			if _, err := r.out.Write(chunk); err != nil {
				return read, ended, writeErr{err}
			}
		}
		switch {
		case rerr == bufio.ErrBufferFull:
			continue
		case rerr != nil && rerr != io.EOF:
			in.err = rerr
		}
		return read, ended, nil
	}
}

func (r *pasteRun) put(c int) error {
	if c < 0 {
		return nil
	}
	if _, err := r.out.Write([]byte{byte(c)}); err != nil {
		return writeErr{err}
	}
	return nil
}

// report prints an input's read error, if any.
func (r *pasteRun) report(in *pasteInput) bool {
	if in.err == nil {
		return true
	}
	r.p.Errorf("%s: %s", quote.Shell(in.name), ErrText(in.err))
	return false
}

func (r *pasteRun) finish(err error, ok bool) int {
	if err != nil {
		if we, isWrite := err.(writeErr); isWrite {
			return r.p.WriteFailed(we.error)
		}
		return 130
	}
	if !ok {
		return 1
	}
	return 0
}
