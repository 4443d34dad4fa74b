package builtins

// uniq's comparison loop, GNU's check_file step by step.

import (
	"bufio"
	"bytes"
	"io"
	"strconv"
)

type uniqRun struct {
	p *Proc
	o *uniqOpts
	r *bufio.Reader
}

// uniqLine is a line and the part of it that is compared.
type uniqLine struct {
	text  []byte // with its line end
	field []byte // after the skipped fields and characters, without line end
}

func (u *uniqRun) read(l *uniqLine) error {
	text, err := readWholeLine(u.r, u.o.eol, l.text, u.p.growLine)
	if err != nil {
		return err
	}
	l.text = text
	l.field = u.findField(text[:len(text)-1])
	return nil
}

// findField skips -f fields (blanks then non-blanks) and -s characters.
func (u *uniqRun) findField(b []byte) []byte {
	i := 0
	for n := uint64(0); n < u.o.skipFields && i < len(b); n++ {
		for i < len(b) && uniqBlank(b[i]) {
			i++
		}
		for i < len(b) && !uniqBlank(b[i]) {
			i++
		}
	}
	i += int(min(u.o.skipChars, uint64(len(b)-i)))
	return b[i:]
}

func uniqBlank(c byte) bool { return c == ' ' || c == '\t' || c == '\n' }

// different compares two fields over at most -w bytes.
func (u *uniqRun) different(a, b []byte) bool {
	if uint64(len(a)) > u.o.checkChars {
		a = a[:u.o.checkChars]
	}
	if uint64(len(b)) > u.o.checkChars {
		b = b[:u.o.checkChars]
	}
	if u.o.ignoreCase {
		return !equalFoldASCII(a, b)
	}
	return !bytes.Equal(a, b)
}

// equalFoldASCII compares a and b with ASCII letters folded, as
// memcasecmp does in the C.UTF-8 locale.
func equalFoldASCII(a, b []byte) bool {
	if len(a) != len(b) {
		return false
	}
	for i := range a {
		if upperASCII(a[i]) != upperASCII(b[i]) {
			return false
		}
	}
	return true
}

func upperASCII(c byte) byte {
	if 'a' <= c && c <= 'z' {
		return c - 32
	}
	return c
}

func (u *uniqRun) write(b []byte) error { return u.p.write(b) }

func (u *uniqRun) run() error {
	o := u.o
	if o.unique && o.first && !o.count {
		return u.runSimple()
	}
	var prev, this uniqLine
	if err := u.read(&prev); err != nil {
		return eofNil(err)
	}
	var matches uint64
	firstDelim := true
	for {
		if u.p.Cancelled() {
			return errStopped
		}
		err := u.read(&this)
		if err == io.EOF {
			break
		}
		if err != nil {
			return err
		}
		match := !u.different(this.field, prev.field)
		if match {
			matches++
		}
		if o.allRepeated != "" && o.allRepeated != "none" {
			if !match && matches > 0 {
				firstDelim = false
			} else if match && matches == 1 && (o.allRepeated == "prepend" || !firstDelim) {
				if err := u.write([]byte{o.eol}); err != nil {
					return err
				}
			}
		}
		if !match || o.later {
			if err := u.writeLine(&prev, match, matches); err != nil {
				return err
			}
			prev, this = this, prev
			if !match {
				matches = 0
			}
		}
	}
	return u.writeLine(&prev, false, matches)
}

func eofNil(err error) error {
	if err == io.EOF {
		return nil
	}
	return err
}

// writeLine prints l if the options want it: count is the number of
// matches of l's group seen so far.
func (u *uniqRun) writeLine(l *uniqLine, match bool, count uint64) error {
	o := u.o
	var want bool
	switch {
	case count == 0:
		want = o.unique
	case !match:
		want = o.first
	default:
		want = o.later
	}
	if !want {
		return nil
	}
	if o.count {
		n := strconv.FormatUint(count+1, 10)
		pad := "       "[min(len(n), 7):]
		if err := u.write([]byte(pad + n + " ")); err != nil {
			return err
		}
	}
	return u.write(l.text)
}

// runSimple is plain uniq and --group: print each group's first line (or
// every line with --group, between separators).
func (u *uniqRun) runSimple() error {
	o := u.o
	var prev, this uniqLine
	havePrev, printed := false, false
	sep := []byte{o.eol}
	for {
		if u.p.Cancelled() {
			return errStopped
		}
		err := u.read(&this)
		if err == io.EOF {
			break
		}
		if err != nil {
			return err
		}
		newGroup := !havePrev || u.different(this.field, prev.field)
		if newGroup && o.group != "" && (o.group == "prepend" || o.group == "both" ||
			printed && (o.group == "append" || o.group == "separate")) {
			if err := u.write(sep); err != nil {
				return err
			}
		}
		if newGroup || o.group != "" {
			if err := u.write(this.text); err != nil {
				return err
			}
			prev, this = this, prev
			havePrev, printed = true, true
		}
	}
	if (o.group == "both" || o.group == "append") && printed {
		return u.write(sep)
	}
	return nil
}
