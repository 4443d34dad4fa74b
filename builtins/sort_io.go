package builtins

// sort's input and output: reading whole inputs, writing the result (to
// standard output or -o FILE), checking order (-c, -C) and merging (-m).

import (
	"bufio"
	"bytes"
	"fmt"
	"io"
	"os"
	"unsafe"

	"github.com/shellfence/shellfence/builtins/internal/quote"
)

func indexByteFrom(b []byte, c byte) int { return bytes.IndexByte(b, c) }

func bytesCompare(a, b []byte) int { return bytes.Compare(a, b) }

// sortLineCost is what sort holds per line beside its text: the line,
// its place in the order, and room for the merge.
const sortLineCost = int64(unsafe.Sizeof(sortLine{}) + 2*unsafe.Sizeof(sortRef{}))

// sortFiles reads every input, sorts the lines and writes them.
func (p *Proc) sortFiles(o *sortOpts, files []string) int {
	s := p.newSorter(o)
	for _, f := range files {
		if err := s.readFile(f); err != nil {
			return p.sortFail(err)
		}
	}
	return s.write()
}

// sortCheckOutput makes sure -o FILE can be written, creating it but not
// truncating it yet, as GNU does before reading any input.
func (p *Proc) sortCheckOutput(name string) error {
	f, err := p.OpenFile(name, os.O_WRONLY|os.O_CREATE, 0o666)
	if err != nil {
		return sortError(fmt.Sprintf("open failed: %s: %s", quote.Shell(name), ErrText(err)))
	}
	f.Close()
	return nil
}

// sortWrite runs produce, writing each line it emits (skipping repeats
// with -u) to standard output or the -o file.
func (p *Proc) sortWrite(o *sortOpts, produce func(emit func(*sortLine) error) error) int {
	w := p.Stdout
	var bw *bufio.Writer
	if o.hasOutput {
		f, err := p.Create(o.output)
		if err != nil {
			return p.sortFail(sortError(fmt.Sprintf("open failed: %s: %s", quote.Shell(o.output), ErrText(err))))
		}
		defer f.Close()
		bw = bufio.NewWriterSize(f, 64<<10)
		w = bw
	}
	var last *sortLine
	eol := []byte{o.eol}
	emit := func(l *sortLine) error {
		if o.unique && last != nil && o.compare(last, l) == 0 {
			return nil
		}
		last = l
		if _, err := w.Write(l.text); err != nil {
			return writeErr{err}
		}
		if _, err := w.Write(eol); err != nil {
			return writeErr{err}
		}
		return nil
	}
	err := produce(emit)
	if err == nil && bw != nil {
		if ferr := bw.Flush(); ferr != nil {
			err = writeErr{ferr}
		}
	}
	if we, ok := err.(writeErr); ok && bw != nil {
		err = sortError(fmt.Sprintf("write failed: %s: %s", quote.Shell(o.output), ErrText(we.error)))
	}
	if err != nil {
		return p.sortFail(err)
	}
	return 0
}

// lineSource reads lines of one input with their keys, for -c and -m.
type lineSource struct {
	o    *sortOpts
	name string
	r    *bufio.Reader
	n    int // lines read
}

func (s *lineSource) next() (*sortLine, error) {
	text, err := readWholeLine(s.r, s.o.eol, nil, nil)
	if err == io.EOF {
		return nil, io.EOF
	}
	if err != nil {
		return nil, sortError(fmt.Sprintf("read failed: %s: %s", quote.Shell(s.name), ErrText(err)))
	}
	l := &sortLine{text: text[:len(text)-1]}
	s.n++
	if len(s.o.keys) > 0 {
		l.keys = make([]keyVal, len(s.o.keys))
		for j, k := range s.o.keys {
			l.keys[j] = k.makeKey(l.text, s.o.tab, s.o.seed)
		}
	}
	return l, nil
}

func (p *Proc) openSource(o *sortOpts, name string) (*lineSource, func(), error) {
	in, err := p.openText(name)
	if err != nil {
		return nil, nil, sortError(fmt.Sprintf("open failed: %s: %s", quote.Shell(name), ErrText(err)))
	}
	return &lineSource{o: o, name: name, r: bufio.NewReaderSize(in.r, 64<<10)}, in.done, nil
}

// sortCheck is -c and -C: report the first line out of order.
func (p *Proc) sortCheck(o *sortOpts, name string) int {
	src, done, err := p.openSource(o, name)
	if err != nil {
		return p.sortFail(err)
	}
	defer done()
	var prev *sortLine
	for {
		if p.Cancelled() {
			return 130
		}
		l, err := src.next()
		if err == io.EOF {
			return 0
		}
		if err != nil {
			return p.sortFail(err)
		}
		if prev != nil {
			d := o.compare(prev, l)
			if d > 0 || o.unique && d == 0 {
				if o.check == 'c' {
					fmt.Fprintf(p.Stderr, "%s: %s:%d: disorder: %s%c", p.Name(), name, src.n, l.text, o.eol)
				}
				return 1
			}
		}
		prev = l
	}
}

// sortMerge is -m: merge inputs that are already sorted. With -o, every
// input is read before the output is opened, since it may be one of them.
func (p *Proc) sortMerge(o *sortOpts, files []string) int {
	srcs := make([]*lineSource, len(files))
	for i, f := range files {
		src, done, err := p.openSource(o, f)
		if err == nil && o.hasOutput {
			var data []byte
			data, err = p.readHeld(src.r, 0)
			src.r = bufio.NewReader(bytes.NewReader(data))
			if err != nil {
				err = sortError(fmt.Sprintf("read failed: %s: %s", quote.Shell(f), ErrText(err)))
			}
		}
		if err != nil {
			return p.sortFail(err)
		}
		defer done()
		srcs[i] = src
	}
	return p.sortWrite(o, func(emit func(*sortLine) error) error { return p.mergeSources(o, srcs, emit) })
}

func (p *Proc) mergeSources(o *sortOpts, srcs []*lineSource, emit func(*sortLine) error) error {
	cur := make([]*sortLine, len(srcs))
	advance := func(i int) error {
		l, err := srcs[i].next()
		if err == io.EOF {
			l, err = nil, nil
		}
		cur[i] = l
		return err
	}
	for i := range srcs {
		if err := advance(i); err != nil {
			return err
		}
	}
	for {
		if p.Cancelled() {
			return errStopped
		}
		best := -1
		for i, l := range cur {
			if l != nil && (best < 0 || o.compare(l, cur[best]) < 0) {
				best = i
			}
		}
		if best < 0 {
			return nil
		}
		if err := emit(cur[best]); err != nil {
			return err
		}
		if err := advance(best); err != nil {
			return err
		}
	}
}
