package builtins

// cat - concatenate files and print on the standard output
//
//	cat [-AbeEnstTuv] [FILE]...
//
// Options: -A (--show-all), -b (--number-nonblank), -e, -E (--show-ends),
// -n (--number), -s (--squeeze-blank), -t, -T (--show-tabs), -u (ignored,
// as in GNU), -v (--show-nonprinting). With no FILE, or when FILE is -,
// read standard input. Line numbers run on across files, as in GNU. A
// nonempty input that is also the output (cat a >> a) is refused.

import (
	"bufio"
	"io"
	"io/fs"
	"strconv"

	"github.com/shellfence/shellfence/builtins/internal/quote"
)

type catOpts struct {
	number, nonblank, squeeze, ends, tabs, nonprint bool
}

func (o catOpts) plain() bool {
	return !o.number && !o.nonblank && !o.squeeze && !o.ends && !o.tabs && !o.nonprint
}

// catState carries line numbering and blank squeezing across files.
type catState struct {
	line       int
	blankRun   int
	midLine    bool
	scratchNum []byte
	scratchVis []byte
}

func cat(p *Proc) int {
	var o catOpts
	flags := p.newOpts(1)
	flags.Func('A', "show-all", func() { o.nonprint, o.ends, o.tabs = true, true, true })
	flags.Flag('b', "number-nonblank", &o.nonblank)
	flags.Func('e', "", func() { o.nonprint, o.ends = true, true })
	flags.Flag('E', "show-ends", &o.ends)
	flags.Flag('n', "number", &o.number)
	flags.Flag('s', "squeeze-blank", &o.squeeze)
	flags.Func('t', "", func() { o.nonprint, o.tabs = true, true })
	flags.Flag('T', "show-tabs", &o.tabs)
	flags.Func('u', "", func() {})
	flags.Flag('v', "show-nonprinting", &o.nonprint)
	addToolInfo(flags, "cat")
	files, err := flags.Parse(p.Args[1:])
	if err != nil {
		return p.usage(err, 1)
	}
	if len(files) == 0 {
		files = []string{"-"}
	}
	status := 0
	st := &catState{}
	for _, name := range files {
		if p.Cancelled() {
			return 130
		}
		if code := p.catOne(name, o, st); code != 0 {
			if code == 141 {
				return code
			}
			status = code
		}
	}
	return status
}

// catOne copies one file; it returns 0, 1 for a file error, or the status
// of a failed write.
func (p *Proc) catOne(name string, o catOpts, st *catState) int {
	in, closeIn, err := p.openInput(name)
	if err != nil {
		p.Errorf("%s: %s", quote.Shell(name), ErrText(err))
		return 1
	}
	defer closeIn()
	if p.isOutput(in) {
		p.Errorf("%s: input file is output file", quote.Shell(name))
		return 1
	}
	if o.plain() {
		err = p.copyData(p.Stdout, in)
	} else {
		err = catLines(p, in, o, st)
	}
	if err != nil {
		if we, ok := err.(writeErr); ok {
			return p.WriteFailed(we.error)
		}
		p.Errorf("%s: %s", quote.Shell(name), ErrText(err))
		return 1
	}
	return 0
}

// isOutput reports GNU cat's check: a nonempty regular input, not read
// to its end, that is the file standard output writes to (cat a >> a),
// which would grow for ever.
func (p *Proc) isOutput(in io.Reader) bool {
	out := p.OutputFile()
	st, ok := in.(interface{ Stat() (fs.FileInfo, error) })
	if out == nil || !ok {
		return false
	}
	p.Flush()
	fi, err := st.Stat()
	if err != nil || !fi.Mode().IsRegular() || !sameFile(fi, out, openName(in, "\x00in"), openName(p.outputWriter(), "\x00out")) {
		return false
	}
	pos := int64(0)
	if sk, ok := in.(io.Seeker); ok {
		pos, _ = sk.Seek(0, io.SeekCurrent)
	}
	return pos < fi.Size()
}

// catLines is the slow path: it handles numbering and visible characters.
func catLines(p *Proc, in io.Reader, o catOpts, st *catState) error {
	r := bufio.NewReaderSize(in, 64<<10)
	w := p.Stdout
	for {
		line, err := r.ReadSlice('\n')
		if len(line) > 0 {
			if werr := st.emit(w, line, o); werr != nil {
				return writeErr{werr}
			}
		}
		switch err {
		case nil, bufio.ErrBufferFull:
			if p.Cancelled() {
				return errStopped
			}
			continue
		case io.EOF:
			return nil
		default:
			return err
		}
	}
}

// emit writes one piece of a line (a whole line, or a part of a very long
// one) with the options applied.
func (st *catState) emit(w io.Writer, piece []byte, o catOpts) error {
	start := !st.midLine
	complete := piece[len(piece)-1] == '\n'
	st.midLine = !complete
	if start {
		blank := len(piece) == 1 && complete
		if blank {
			st.blankRun++
		} else {
			st.blankRun = 0
		}
		if o.squeeze && st.blankRun > 1 {
			return nil
		}
		if o.number && !o.nonblank || o.nonblank && !blank {
			st.line++
			st.scratchNum = appendLineNumber(st.scratchNum[:0], st.line)
			if _, err := w.Write(st.scratchNum); err != nil {
				return err
			}
		}
	}
	body := piece
	if complete {
		body = piece[:len(piece)-1]
	}
	// -E shows a carriage return before the newline as ^M, as 9.1 does.
	end := "\n"
	if complete && o.ends {
		end = "$\n"
		if n := len(body); n > 0 && body[n-1] == '\r' && !o.nonprint {
			body, end = body[:n-1], "^M$\n"
		}
	}
	if err := writeVisible(w, body, o, &st.scratchVis); err != nil {
		return err
	}
	if !complete {
		return nil
	}
	_, err := io.WriteString(w, end)
	return err
}

// appendLineNumber formats a line number as GNU cat does: right-aligned
// in six columns, then a tab.
func appendLineNumber(b []byte, n int) []byte {
	var digits [20]byte
	d := strconv.AppendInt(digits[:0], int64(n), 10)
	for i := len(d); i < 6; i++ {
		b = append(b, ' ')
	}
	return append(append(b, d...), '\t')
}

// writeVisible writes b, showing tabs as ^I (-T) and control and high
// bytes in ^ and M- notation (-v).
func writeVisible(w io.Writer, b []byte, o catOpts, scratch *[]byte) error {
	if !o.nonprint && !o.tabs {
		_, err := w.Write(b)
		return err
	}
	out := (*scratch)[:0]
	for _, c := range b {
		out = appendVisible(out, c, o)
	}
	*scratch = out
	_, err := w.Write(out)
	return err
}

func appendVisible(out []byte, c byte, o catOpts) []byte {
	if c == '\t' {
		if o.tabs {
			return append(out, '^', 'I')
		}
		return append(out, c)
	}
	if !o.nonprint {
		return append(out, c)
	}
	if c >= 128 {
		out = append(out, 'M', '-')
		c -= 128
	}
	switch {
	case c < 32:
		return append(out, '^', c+64)
	case c == 127:
		return append(out, '^', '?')
	}
	return append(out, c)
}
