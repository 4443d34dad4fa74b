package builtins

import (
	"bufio"
	"bytes"
	"fmt"
	"io"
	"math"
)

// cmpState is where a comparison has got to.
type cmpState struct {
	bytes   int64 // bytes compared and equal so far
	line    int64 // line number at that point
	last    byte  // the last byte compared
	differs bool  // -l found a difference
}

// compare compares the two streams and returns the exit status.
func (c *comparer) compare(r [2]*bufio.Reader) int {
	remaining := int64(math.MaxInt64)
	if c.o.limit >= 0 {
		remaining = c.o.limit
	}
	st := &cmpState{line: 1}
	var buf [2][]byte
	for i := range buf {
		buf[i] = make([]byte, 32<<10)
	}
	for remaining > 0 {
		if c.p.Cancelled() {
			return 2
		}
		n := int(min(int64(len(buf[0])), remaining))
		var got [2]int
		for i := range 2 {
			var err error
			got[i], err = io.ReadFull(r[i], buf[i][:n])
			if err != nil && err != io.EOF && err != io.ErrUnexpectedEOF {
				c.p.Errorf("%s: %s", c.names[i], ErrText(err))
				return 2
			}
		}
		m := min(got[0], got[1])
		if status, done := c.block(st, buf[0][:m], buf[1][:m]); done {
			return status
		}
		if got[0] != got[1] {
			c.eof(st, got[1] < got[0])
			return 1
		}
		if got[0] < n {
			break
		}
		remaining -= int64(n)
	}
	if st.differs {
		return 1
	}
	return 0
}

// block compares one block of equal length from both files. done is set
// when the comparison is over (the first difference without -l).
func (c *comparer) block(st *cmpState, a, b []byte) (int, bool) {
	if len(a) == 0 {
		return 0, false
	}
	if c.o.verbose {
		c.allDiffs(st, a, b)
	} else if k := firstDiff(a, b); k >= 0 {
		st.line += int64(bytes.Count(a[:k], []byte{'\n'}))
		if !c.o.silent {
			c.report(st.bytes+int64(k)+1, st.line, a[k], b[k])
		}
		return 1, true
	}
	st.bytes += int64(len(a))
	st.line += int64(bytes.Count(a, []byte{'\n'}))
	st.last = a[len(a)-1]
	return 0, false
}

func firstDiff(a, b []byte) int {
	for i := 0; i < len(a); {
		j := min(len(a), i+256)
		if bytes.Equal(a[i:j], b[i:j]) {
			i = j
			continue
		}
		for ; i < j; i++ {
			if a[i] != b[i] {
				return i
			}
		}
	}
	return -1
}

// report prints the first difference.
func (c *comparer) report(byteNo, line int64, x, y byte) {
	if c.o.printBytes {
		fmt.Fprintf(c.p.Stdout, "%s %s differ: byte %d, line %d is %3o %s %3o %s\n",
			c.names[0], c.names[1], byteNo, line, x, printc(x), y, printc(y))
		return
	}
	fmt.Fprintf(c.p.Stdout, "%s %s differ: byte %d, line %d\n", c.names[0], c.names[1], byteNo, line)
}

// allDiffs prints every differing byte of a block (-l).
func (c *comparer) allDiffs(st *cmpState, a, b []byte) {
	for i := range a {
		if a[i] == b[i] {
			continue
		}
		st.differs = true
		if c.o.printBytes {
			fmt.Fprintf(c.p.Stdout, "%*d %3o %-4s %3o %s\n", c.width, st.bytes+int64(i)+1, a[i], printc(a[i]), b[i], printc(b[i]))
		} else {
			fmt.Fprintf(c.p.Stdout, "%*d %3o %3o\n", c.width, st.bytes+int64(i)+1, a[i], b[i])
		}
	}
}

// eof reports that one file ended before the other.
func (c *comparer) eof(st *cmpState, second bool) {
	if c.o.silent {
		return
	}
	name := c.names[0]
	if second {
		name = c.names[1]
	}
	c.p.Flush()
	switch {
	case st.bytes == 0:
		fmt.Fprintf(c.p.Stderr, "%s: EOF on %s which is empty\n", c.p.Name(), name)
	case c.o.verbose:
		fmt.Fprintf(c.p.Stderr, "%s: EOF on %s after byte %d\n", c.p.Name(), name, st.bytes)
	case st.last == '\n':
		fmt.Fprintf(c.p.Stderr, "%s: EOF on %s after byte %d, line %d\n", c.p.Name(), name, st.bytes, st.line-1)
	default:
		fmt.Fprintf(c.p.Stderr, "%s: EOF on %s after byte %d, in line %d\n", c.p.Name(), name, st.bytes, st.line)
	}
}

// printc shows a byte the way cmp -b does: itself when printable, else
// in ^X and M-X notation.
func printc(c byte) string {
	var out []byte
	if c >= 128 {
		out = append(out, 'M', '-')
		c -= 128
	}
	switch {
	case c < 32:
		out = append(out, '^', c+64)
	case c == 127:
		out = append(out, '^', '?')
	default:
		out = append(out, c)
	}
	return string(out)
}
