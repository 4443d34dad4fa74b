package patch

import "bytes"

// text is one side of a comparison: the bytes of a file cut into lines.
type text struct {
	data []byte
	// starts[i] is where line i begins; starts[len(starts)-1] is len(data),
	// so line i is data[starts[i]:starts[i+1]], newline included.
	starts []int
	// noEOL is set when the last line has no newline.
	noEOL bool
}

func newText(data []byte) *text {
	t := &text{data: data}
	n := bytes.Count(data, []byte{'\n'})
	t.starts = make([]int, 0, n+2)
	t.starts = append(t.starts, 0)
	for off := 0; off < len(data); {
		i := bytes.IndexByte(data[off:], '\n')
		if i < 0 {
			t.noEOL = true
			off = len(data)
		} else {
			off += i + 1
		}
		t.starts = append(t.starts, off)
	}
	return t
}

// lines returns the number of lines.
func (t *text) lines() int { return len(t.starts) - 1 }

// line returns line i with its newline, if it has one.
func (t *text) line(i int) []byte { return t.data[t.starts[i]:t.starts[i+1]] }

// body returns line i without its newline.
func (t *text) body(i int) []byte {
	l := t.line(i)
	if len(l) > 0 && l[len(l)-1] == '\n' {
		return l[:len(l)-1]
	}
	return l
}

// complete reports whether line i ends in a newline.
func (t *text) complete(i int) bool {
	return i < t.lines()-1 || !t.noEOL
}

// lineAt returns the number of the line that starts at byte offset off
// (off must be a line start or len(data)).
func (t *text) lineAt(off int) int {
	lo, hi := 0, len(t.starts)-1
	for lo < hi {
		m := (lo + hi) / 2
		if t.starts[m] < off {
			lo = m + 1
		} else {
			hi = m
		}
	}
	return lo
}

// byteAt returns the byte at i of the text as GNU diff sees it: with a
// newline added after an incomplete last line.
func (t *text) byteAt(i int) byte {
	if i == len(t.data) {
		return '\n'
	}
	return t.data[i]
}

// size is the length of the text with that added newline.
func (t *text) size() int {
	if t.noEOL {
		return len(t.data) + 1
	}
	return len(t.data)
}

// identicalEnds finds the common prefix and suffix of a and b that need
// no comparison, as GNU diff's find_identical_ends does: it returns the
// number of leading lines skipped (the same in both) and the number of
// lines of each file up to the start of the common suffix. horizon lines
// of each end are kept in the compared region, since they can change
// where GNU places a hunk's boundaries.
func identicalEnds(a, b *text, horizon int) (prefix, end0, end1 int) {
	n0, n1 := a.size(), b.size()
	k := 0
	for k < n0 && k < n1 && a.byteAt(k) == b.byteAt(k) {
		k++
	}
	// A missing newline is not part of the prefix.
	if (n0-b2i(a.noEOL) < k) != (n1-b2i(b.noEOL) < k) {
		k--
	}
	hor := horizon
	for k != 0 && (a.byteAt(k-1) != '\n' || hor != 0) {
		if a.byteAt(k-1) == '\n' {
			hor--
		}
		k--
	}
	prefixEnd := k
	p0, p1 := n0, n1
	if a.noEOL == b.noEOL {
		beg0 := prefixEnd
		if n0 > n1 {
			beg0 += n0 - n1
		}
		for p0 != beg0 {
			p0--
			p1--
			if a.byteAt(p0) != b.byteAt(p1) {
				p0++
				p1++
				break
			}
		}
		beg0 = p0
		atLineStart := (p0 == 0 || a.byteAt(p0-1) == '\n') && (p1 == 0 || b.byteAt(p1-1) == '\n')
		i := horizon
		if !atLineStart {
			i++
		}
		for ; i > 0 && p0 != n0; i-- {
			for a.byteAt(p0) != '\n' {
				p0++
			}
			p0++
		}
		p1 += p0 - beg0
	}
	return a.lineAt(min(prefixEnd, len(a.data))), a.lineAt(min(p0, len(a.data))), b.lineAt(min(p1, len(b.data)))
}

func b2i(b bool) int {
	if b {
		return 1
	}
	return 0
}
