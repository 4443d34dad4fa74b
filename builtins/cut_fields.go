package builtins

// cut -f: a state machine over the input, as GNU's cut_fields. The first
// field is held back only when -s (or an unselected first field) needs to
// know whether the line has a delimiter at all.

import (
	"bufio"
	"bytes"
	"io"
)

type cutFieldState struct {
	o           *cutOpts
	field       uint64 // current field number, from 1
	at          int    // current range in o.list
	found       bool   // a selected field was printed on this line
	selected    bool   // the current field is printed
	holdFirst   bool   // buffer field 1 of each line
	first       []byte // field 1 so far, when held
	lineStarted bool
	out         []byte
}

func (p *Proc) cutFields(r *bufio.Reader, o *cutOpts) error {
	at := 0
	printFirst := o.list.selected(1, &at)
	st := &cutFieldState{o: o, holdFirst: o.suppress != !printFirst}
	st.startLine()
	for {
		piece, err := r.ReadSlice(o.eol)
		st.feed(piece)
		if err == io.EOF {
			st.eof()
		}
		if werr := p.write(st.out); werr != nil {
			return werr
		}
		st.out = st.out[:0]
		switch {
		case err == bufio.ErrBufferFull, err == nil:
			if p.Cancelled() {
				return errStopped
			}
		case err == io.EOF:
			return nil
		default:
			return err
		}
	}
}

func (st *cutFieldState) startLine() {
	st.field, st.at, st.found, st.lineStarted = 1, 0, false, false
	st.first = st.first[:0]
	if !st.holdFirst {
		st.enterField()
	}
}

// enterField starts the current field: a selected one after another gets
// the output delimiter first.
func (st *cutFieldState) enterField() {
	st.selected = st.o.list.selected(st.field, &st.at)
	if st.selected {
		if st.found {
			st.out = append(st.out, st.o.outDelim...)
		}
		st.found = true
	}
}

// feed processes a piece of input.
func (st *cutFieldState) feed(b []byte) {
	delim, eol := st.o.delim, st.o.eol
	for len(b) > 0 {
		st.lineStarted = true
		i := indexEither(b, delim, eol)
		body := b
		if i >= 0 {
			body = b[:i]
		}
		if st.field == 1 && st.holdFirst {
			st.first = append(st.first, body...)
		} else if st.selected {
			st.out = append(st.out, body...)
		}
		if i < 0 {
			return
		}
		if b[i] == delim {
			st.nextField()
		} else {
			st.endLine(true)
		}
		b = b[i+1:]
	}
}

func (st *cutFieldState) nextField() {
	if st.field == 1 && st.holdFirst {
		at := 0
		if st.o.list.selected(1, &at) {
			st.out = append(st.out, st.first...)
			st.found = true
		}
	}
	st.field++
	st.enterField()
}

// endLine ends a line at a line end (or at the end of the input, when
// the line had something).
func (st *cutFieldState) endLine(terminated bool) {
	switch {
	case st.field == 1 && st.holdFirst:
		if !st.o.suppress {
			st.out = append(st.out, st.first...)
			st.out = append(st.out, st.o.eol)
		}
	case st.found || !(st.o.suppress && st.field == 1):
		st.out = append(st.out, st.o.eol)
	}
	st.startLine()
}

func (st *cutFieldState) eof() {
	if st.lineStarted {
		st.endLine(false)
	}
}

// indexEither returns the index of the first a or b in s, or -1.
func indexEither(s []byte, a, b byte) int {
	if a == b {
		return bytes.IndexByte(s, a)
	}
	for i, c := range s {
		if c == a || c == b {
			return i
		}
	}
	return -1
}

// cutWholeInput handles a delimiter equal to the line end (-d $'\n'):
// the whole input is one line whose fields are its lines. It follows
// GNU's cut_fields step by step, quirks included (a final line end is a
// delimiter only when the first field was held back).
func (p *Proc) cutWholeInput(r *bufio.Reader, o *cutOpts) error {
	data, err := p.readHeld(r, 0)
	if err != nil || len(data) == 0 {
		return err
	}
	const eof = -1
	pos := 0
	getc := func() int {
		if pos >= len(data) {
			return eof
		}
		pos++
		return int(data[pos-1])
	}
	var out []byte
	at := 0
	hold := o.suppress != !o.list.selected(1, &at)
	field, found := uint64(1), false
	if hold {
		i := bytes.IndexByte(data, o.delim)
		if i < 0 {
			if !o.suppress {
				out = append(append(out, data...), o.eol)
			}
			return p.write(out)
		}
		at = 0
		if o.list.selected(1, &at) {
			out = append(out, data[:i]...)
			found = i+1 < len(data)
		}
		pos, field = i+1, 2
	}
	for {
		at = 0
		c := 0
		if o.list.selected(field, &at) {
			if found {
				out = append(out, o.outDelim...)
			}
			found = true
			for c = getc(); c != int(o.delim) && c != eof; c = getc() {
				out = append(out, byte(c))
			}
		} else {
			for c = getc(); c != int(o.delim) && c != eof; c = getc() {
			}
		}
		if c == int(o.delim) && pos >= len(data) {
			c = eof
		}
		if c != eof {
			field++
			continue
		}
		if found || !(o.suppress && field == 1) {
			out = append(out, o.eol)
		}
		return p.write(out)
	}
}
