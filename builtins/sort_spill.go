package builtins

// sort's external merge: past its share of the memory budget, sort
// writes its lines, sorted, to a temporary file of the scratch directory
// (a run), lets go of them, reads on, and at the end merges the runs, as
// GNU sort does with its temporary files.

import (
	"bufio"
	"bytes"
	"fmt"
	"io"

	"github.com/shellfence/shellfence/builtins/internal/quote"
	"github.com/shellfence/shellfence/vfs"
	"github.com/shellfence/shellfence/vfs/budget"
)

// minSortShare is the least sort holds before it spills: smaller runs
// would cost more in files than they save.
const minSortShare = 1 << 20

// sorter holds the lines read so far and the runs already written.
type sorter struct {
	p       *Proc
	o       *sortOpts
	scratch *vfs.FS
	share   int64 // bytes held before a spill; 0: never spill
	lines   []sortLine
	held    int64    // charged to the memory budget for lines
	runs    []string // the runs' names in scratch
}

func (p *Proc) newSorter(o *sortOpts) *sorter {
	s := &sorter{p: p, o: o}
	if p.Sys != nil && p.Sys.Scratch != nil {
		s.scratch = p.Sys.Scratch
		s.share = o.share(p.Budget())
	}
	return s
}

// share is how much sort may hold before it spills: half of the memory
// budget left, or less with -S; 0 when nothing bounds it.
func (o *sortOpts) share(b *budget.Budget) int64 {
	share := int64(-1)
	if left := b.Remaining(budget.Memory); left >= 0 {
		share = left / 2
	}
	switch {
	case o.bufSize > 0 && (share < 0 || o.bufSize < share):
		share = o.bufSize
	case o.bufSize < 0 && b.Limits().Memory > 0:
		share = min(share, b.Limits().Memory*-o.bufSize/100)
	}
	if share < 0 {
		return 0
	}
	return max(share, minSortShare)
}

// readFile reads the input name into lines, spilling runs on the way.
// Without a share it reads the whole input into one buffer. With one it
// reads chunks sized so that a chunk and its lines cost about a quarter of
// the share (the cost per byte of the last chunk tells the next one's
// size), and spills once the next chunk would not fit.
func (s *sorter) readFile(name string) error {
	p := s.p
	in, err := p.openText(name)
	if err != nil {
		return sortError(fmt.Sprintf("open failed: %s: %s", quote.Shell(name), ErrText(err)))
	}
	defer in.done()
	size := 0
	switch {
	case s.share > 0:
		size = int(s.share / 4)
	case in.regular():
		size = int(in.info.Size()) + 1
	}
	var buf bytes.Buffer
	if err := p.growHeld(&buf, size); err != nil {
		return err
	}
	cr := newChunkReader(p, in.r)
	for {
		b, err := cr.next()
		if err == io.EOF {
			_, err := s.take(&buf, buf.Len())
			return err
		}
		if err == errStopped {
			return err
		}
		if err != nil {
			return sortError(fmt.Sprintf("read failed: %s: %s", quote.Shell(name), ErrText(err)))
		}
		if s.share > 0 && buf.Len()+len(b) > buf.Cap() {
			if i := bytes.LastIndexByte(buf.Bytes(), s.o.eol); i >= 0 {
				if err := s.next(&buf, i+1); err != nil {
					return err
				}
			}
		}
		if err := p.growHeld(&buf, len(b)); err != nil {
			return err
		}
		buf.Write(b)
	}
}

// take makes lines of buf's first n bytes; buf is theirs from now on. It
// returns what they cost, buffer and lines.
func (s *sorter) take(buf *bytes.Buffer, n int) (int64, error) {
	data := buf.Bytes()[:n]
	cost := int64(bytes.Count(data, []byte{s.o.eol})+1) * sortLineCost
	if err := s.p.hold(cost); err != nil {
		return 0, err
	}
	cost += int64(buf.Cap())
	s.held += cost
	s.lines = s.o.makeLines(data, s.lines)
	return cost, nil
}

// next takes buf's first n bytes (whole lines) and starts a new buffer in
// buf with the rest, spilling first if that one would not fit the share.
func (s *sorter) next(buf *bytes.Buffer, n int) error {
	rest := bytes.Clone(buf.Bytes()[n:])
	cost, err := s.take(buf, n)
	if err != nil {
		return err
	}
	size := int64(buf.Cap())
	size = max(size*(s.share/4)/max(cost, 1), 64<<10)
	if s.held+cost*size/int64(buf.Cap()) > s.share {
		if err := s.spill(); err != nil {
			return err
		}
	}
	*buf = bytes.Buffer{}
	if err := s.p.growHeld(buf, int(max(size, int64(len(rest))+64<<10))); err != nil {
		return err
	}
	buf.Write(rest)
	return nil
}

// spill sorts the lines held, writes them as a run and lets go of them.
func (s *sorter) spill() error {
	f, name, err := s.scratch.CreateTemp(s.scratch.Root(), "sort", 0o600)
	if err != nil {
		return sortError(fmt.Sprintf("cannot create temporary file in %s: %s", quote.Shell(s.scratch.Root()), ErrText(err)))
	}
	s.runs = append(s.runs, name)
	w := bufio.NewWriterSize(f, 64<<10)
	eol := []byte{s.o.eol}
	err = s.produce(func(l *sortLine) error {
		w.Write(l.text)
		_, err := w.Write(eol)
		return err
	})
	if err == nil {
		err = w.Flush()
	}
	if cerr := f.Close(); err == nil {
		err = cerr
	}
	if err != nil {
		if _, ok := err.(*budget.Exceeded); ok {
			return err
		}
		return sortError(fmt.Sprintf("write failed: %s: %s", quote.Shell(name), ErrText(err)))
	}
	s.lines = nil
	s.p.Budget().Release(budget.Memory, s.held)
	s.held = 0
	return nil
}

// produce emits the lines held in order (the first of each group of
// equal lines with -u).
func (s *sorter) produce(emit func(*sortLine) error) error {
	o, lines := s.o, s.lines
	o.computeKeys(lines)
	refs := o.sortLines(lines)
	if o.unique {
		return o.firstOfGroups(lines, refs, emit)
	}
	for _, r := range refs {
		if err := emit(&lines[r.idx]); err != nil {
			return err
		}
	}
	return nil
}

// write writes the sorted output: from memory, or, once runs were
// spilled, the rest spilled too and the runs merged (earlier runs first
// among equal lines, which keeps -s and -u right).
func (s *sorter) write() int {
	p := s.p
	if len(s.runs) == 0 {
		return p.sortWrite(s.o, s.produce)
	}
	defer s.removeRuns()
	if len(s.lines) > 0 {
		if err := s.spill(); err != nil {
			return p.sortFail(err)
		}
	}
	srcs := make([]*lineSource, len(s.runs))
	for i, name := range s.runs {
		f, err := s.scratch.Open(name)
		if err != nil {
			return p.sortFail(sortError(fmt.Sprintf("open failed: %s: %s", quote.Shell(name), ErrText(err))))
		}
		defer f.Close()
		srcs[i] = &lineSource{o: s.o, name: name, r: bufio.NewReaderSize(f, 64<<10)}
	}
	return p.sortWrite(s.o, func(emit func(*sortLine) error) error { return p.mergeSources(s.o, srcs, emit) })
}

func (s *sorter) removeRuns() {
	for _, name := range s.runs {
		s.scratch.Remove(name)
	}
}
