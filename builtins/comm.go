package builtins

// comm - compare two sorted files line by line
//
//	comm [-123z] [--check-order|--nocheck-order] [--output-delimiter=STR]
//	     [--total] FILE1 FILE2
//
// As GNU coreutils 9.1 in C.UTF-8 (byte order): three columns; by default
// an unsorted input is reported once per file and makes the status 1,
// --check-order stops there, --nocheck-order does not look.

import (
	"bufio"
	"bytes"
	"fmt"
	"io"

	"github.com/shellfence/shellfence/builtins/internal/quote"
)

type commOpts struct {
	hide       [4]bool
	zero       bool
	check      int // 0 default, 1 --check-order, -1 --nocheck-order
	delim      string
	delimSet   bool
	total      bool
	unsorted   [2]bool
	sawUnsort  bool
	unpaired   bool
	counts     [3]int64
	terminator byte
}

func comm(p *Proc) int {
	o := &commOpts{delim: "\t"}
	flags := p.newOpts(1)
	flags.Func('1', "", func() { o.hide[1] = true })
	flags.Func('2', "", func() { o.hide[2] = true })
	flags.Func('3', "", func() { o.hide[3] = true })
	flags.Flag('z', "zero-terminated", &o.zero)
	flags.Func(0, "check-order", func() { o.check = 1 })
	flags.Func(0, "nocheck-order", func() { o.check = -1 })
	flags.Flag(0, "total", &o.total)
	flags.Value(0, "output-delimiter", func(_, v string) error {
		if o.delimSet && v != o.delim {
			return p.optErr("multiple output delimiters specified")
		}
		o.delim, o.delimSet = v, true
		if v == "" {
			o.delim = "\x00"
		}
		return nil
	})
	addToolInfo(flags, "comm")
	files, err := flags.Parse(p.Args[1:])
	if err != nil {
		return p.usage(err, 1)
	}
	switch {
	case len(files) == 0:
		return p.usageErr("missing operand")
	case len(files) == 1:
		return p.usageErr("missing operand after %s", quote.Locale(files[0]))
	case len(files) > 2:
		return p.usageErr("extra operand %s", quote.Locale(files[2]))
	}
	o.terminator = '\n'
	if o.zero {
		o.terminator = 0
	}
	return o.run(p, files)
}

func (o *commOpts) run(p *Proc, files []string) int {
	var rs [2]*bufio.Reader
	for i, name := range files {
		in, done, err := p.openInput(name)
		if err != nil {
			p.Errorf("%s: %s", quote.Shell(name), ErrText(err))
			return 1
		}
		defer done()
		rs[i] = bufio.NewReaderSize(in, 64<<10)
	}
	err := o.merge(p, rs, files)
	if code, stop := o.finish(p, err); stop {
		return code
	}
	if o.total {
		line := fmt.Sprintf("%d%s%d%s%d%stotal%c", o.counts[0], o.delim, o.counts[1], o.delim, o.counts[2], o.delim, o.terminator)
		if err := p.write([]byte(line)); err != nil {
			return p.WriteFailed(err)
		}
	}
	if o.sawUnsort {
		p.Errorf("input is not in sorted order")
		return 1
	}
	return 0
}

func (o *commOpts) finish(p *Proc, err error) (int, bool) {
	switch e := err.(type) {
	case nil:
		return 0, false
	case writeErr:
		return p.WriteFailed(e.error), true
	}
	if err == errStopped {
		return 130, true
	}
	if err == errUnsortedFatal {
		return 1, true
	}
	p.Errorf("%s", ErrText(err))
	return 1, true
}

var errUnsortedFatal = fmt.Errorf("unsorted")

// merge walks both inputs.
func (o *commOpts) merge(p *Proc, rs [2]*bufio.Reader, files []string) error {
	var cur, prev, bufs [2][]byte
	var have [2]bool
	read := func(i int) error {
		prev[i] = append(prev[i][:0], cur[i]...)
		var err error
		bufs[i], err = p.readLine(rs[i], o.terminator, bufs[i])
		line := bufs[i]
		if len(line) == 0 && err != nil {
			have[i] = false
			if err == io.EOF {
				return nil
			}
			return err
		}
		cur[i], have[i] = bytes.TrimSuffix(line, []byte{o.terminator}), true
		return nil
	}
	for i := range 2 {
		if err := read(i); err != nil {
			return err
		}
		prev[i] = nil
	}
	for have[0] || have[1] {
		if p.Cancelled() {
			return errStopped
		}
		c := 0
		switch {
		case !have[0]:
			c = 1
		case !have[1]:
			c = -1
		default:
			c = bytes.Compare(cur[0], cur[1])
		}
		var col int
		switch {
		case c < 0:
			col = 0
		case c > 0:
			col = 1
		default:
			col = 2
		}
		if err := o.emit(p, col, cur[min(col, 1)]); err != nil {
			return err
		}
		for i := range 2 {
			if col == i || col == 2 {
				if err := read(i); err != nil {
					return err
				}
				if err := o.checkOrder(p, i, have[i], prev[i], cur[i]); err != nil {
					return err
				}
			}
		}
	}
	return nil
}

// checkOrder reports an input line that sorts before the one it follows.
func (o *commOpts) checkOrder(p *Proc, i int, have bool, prev, cur []byte) error {
	if o.check < 0 || o.check == 0 && !o.unpaired || !have || o.unsorted[i] || bytes.Compare(prev, cur) <= 0 {
		return nil
	}
	p.Errorf("file %d is not in sorted order", i+1)
	if o.check == 1 {
		return errUnsortedFatal
	}
	o.unsorted[i], o.sawUnsort = true, true
	return nil
}

// emit writes a line in its column.
func (o *commOpts) emit(p *Proc, col int, line []byte) error {
	o.counts[col]++
	if col < 2 {
		o.unpaired = true
	}
	if o.hide[col+1] {
		return nil
	}
	var out []byte
	for c := 0; c < col; c++ {
		if !o.hide[c+1] {
			out = append(out, o.delim...)
		}
	}
	out = append(append(out, line...), o.terminator)
	return p.write(out)
}
