package awk

import (
	"bufio"
	"bytes"
	"io"
	"strconv"
)

// recReader reads records from one stream with the RS in force at each
// read: a newline, one other character, "" (paragraphs) or a regular
// expression.
type recReader struct {
	br  *bufio.Reader
	buf []byte // regex mode: text read but not yet returned
	eof bool
}

func newRecReader(r io.Reader) *recReader {
	return &recReader{br: bufio.NewReaderSize(r, 64<<10)}
}

// read returns the next record.
func (r *recReader) read(in *interp) (string, bool, error) {
	rs := in.rs
	switch {
	case rs == "":
		return r.paragraph()
	case len(rs) == 1:
		return r.upTo(rs[0])
	}
	return r.regex(in.dynRegex(rs))
}

func (r *recReader) upTo(c byte) (string, bool, error) {
	line, err := r.br.ReadSlice(c)
	if err == bufio.ErrBufferFull {
		long := append([]byte(nil), line...)
		for err == bufio.ErrBufferFull {
			line, err = r.br.ReadSlice(c)
			long = append(long, line...)
		}
		line = long
	}
	if len(line) > 0 && line[len(line)-1] == c && err == nil {
		return string(line[:len(line)-1]), true, nil
	}
	if len(line) > 0 {
		if err == io.EOF {
			err = nil
		}
		return string(line), true, err
	}
	if err == io.EOF {
		err = nil
	}
	return "", false, err
}

// paragraph reads a record of RS == "": lines up to a blank line, after
// skipping leading newlines.
func (r *recReader) paragraph() (string, bool, error) {
	for {
		c, err := r.br.ReadByte()
		if err != nil {
			if err == io.EOF {
				err = nil
			}
			return "", false, err
		}
		if c != '\n' {
			r.br.UnreadByte()
			break
		}
	}
	var rec []byte
	for {
		line, ok, err := r.upTo('\n')
		if err != nil {
			return "", false, err
		}
		if !ok {
			break
		}
		if line == "" {
			// swallow the rest of the run of newlines
			for {
				c, err := r.br.ReadByte()
				if err != nil {
					break
				}
				if c != '\n' {
					r.br.UnreadByte()
					break
				}
			}
			break
		}
		if rec != nil {
			rec = append(rec, '\n')
		}
		rec = append(rec, line...)
	}
	return string(rec), true, nil
}

// regex reads a record ended by a match of re (the longest, so more
// text is read while the match touches the end of what is held).
func (r *recReader) regex(re *awkRegex) (string, bool, error) {
	for {
		if loc := re.re.FindIndex(r.buf); loc != nil && loc[1] > loc[0] && (loc[1] < len(r.buf) || r.eof) {
			rec := string(r.buf[:loc[0]])
			r.buf = r.buf[loc[1]:]
			return rec, true, nil
		}
		if r.eof {
			if len(r.buf) == 0 {
				return "", false, nil
			}
			rec := string(r.buf)
			r.buf = nil
			return rec, true, nil
		}
		chunk := make([]byte, 32<<10)
		n, err := r.br.Read(chunk)
		r.buf = append(r.buf, chunk[:n]...)
		if err == io.EOF {
			r.eof = true
		} else if err != nil {
			return "", false, err
		}
	}
}

var _ = bytes.IndexByte

// mainInput walks ARGV: files, assignments and standard input.
type mainInput struct {
	state   int // 0 not started, 1 reading, 2 done
	argi    int
	rd      *recReader
	closer  io.Closer
	usedArg bool   // a file operand was seen
	curName string // the file being read, "-" for standard input, for messages
}

// nextRecord reads the next main-input record into $0 (or returns it
// for getline var when setRec is false), counting NR and FNR.
func (m *mainInput) nextRecord(in *interp, setRec bool) bool {
	s, ok := m.read(in)
	if !ok {
		return false
	}
	in.nr++
	in.fnr++
	in.globals[gNR].v = num(in.nr)
	in.globals[gFNR].v = num(in.fnr)
	if setRec {
		in.setRecord(s)
	} else {
		in.pending = s
	}
	return true
}

func (m *mainInput) read(in *interp) (string, bool) {
	if m.state == 0 {
		m.state = 1
		m.argi = 1
	}
	for m.state == 1 {
		if m.rd == nil && !m.open(in) {
			m.state = 2
			return "", false
		}
		s, ok, err := m.rd.read(in)
		if err != nil {
			in.errorf("error reading input file `%s': %s", in.toStr(in.globals[gFILENAME].v), in.env.ErrText(err))
		}
		if ok {
			return s, true
		}
		m.skipFile(in)
	}
	return "", false
}

// skipFile closes the current file (nextfile, or its end).
func (m *mainInput) skipFile(in *interp) {
	if m.closer != nil {
		m.closer.Close()
	}
	m.rd, m.closer = nil, nil
}

// open opens the next file operand, performing the assignments before
// it; it reports false when there is none left.
func (m *mainInput) open(in *interp) bool {
	for {
		argc := int(toInt(in.globals[gARGC].v.num()))
		if m.argi >= argc {
			if m.usedArg {
				return false
			}
			m.usedArg = true
			m.rd = newRecReader(in.env.Stdin)
			m.curName = "-"
			return true
		}
		argv := in.globals[gARGV].arr
		arg, ok := argv.m[strconv.Itoa(m.argi)]
		m.argi++
		if !ok {
			continue
		}
		name := in.toStr(arg)
		if name == "" {
			continue
		}
		if isAssignment(name) {
			in.assignOperand(name)
			continue
		}
		m.usedArg = true
		in.setGlobal(gFILENAME, strnum(name))
		in.fnr = 0
		in.globals[gFNR].v = num(0)
		if name == "-" || name == "/dev/stdin" {
			m.rd = newRecReader(in.env.Stdin)
			m.curName = name
			return true
		}
		f, err := in.env.Open(name)
		if err != nil {
			m.curName = ""
			in.errorf("cannot open file `%s' for reading: %s", name, in.env.ErrText(err))
		}
		m.rd, m.closer = newRecReader(f), f
		m.curName = name
		return true
	}
}

func isAssignment(s string) bool {
	for i := 0; i < len(s); i++ {
		if s[i] == '=' {
			return i > 0 && isName(s[:i])
		}
	}
	return false
}
