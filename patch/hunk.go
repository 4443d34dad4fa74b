package patch

// kind says what a hunk does: delete lines, insert lines, or both.
type kind int

const (
	unchanged kind = 0
	deletes   kind = 1
	inserts   kind = 2
	changes   kind = deletes | inserts
)

// span is the extent of a group of changes in both files: lines
// [first0, last0] and [first1, last1], 0-based; last < first when a
// group touches no line of that file.
type span struct {
	first0, last0, first1, last1 int
	kind                         kind
}

// analyze returns the extent of the group cs and what it does; the kind
// is unchanged when, with -B or -I, the group only adds or removes lines
// that do not count.
func (s *Script) analyze(cs []Change) span {
	first, last := cs[0], cs[len(cs)-1]
	sp := span{first0: first.Old, first1: first.New,
		last0: last.Old + last.Deleted - 1, last1: last.New + last.Inserted - 1}
	trivial := s.opts.ignoresLines()
	del, ins := 0, 0
	for _, c := range cs {
		del += c.Deleted
		ins += c.Inserted
		for i := c.Old; trivial && i < c.Old+c.Deleted; i++ {
			trivial = s.ignorable(s.old, i)
		}
		for i := c.New; trivial && i < c.New+c.Inserted; i++ {
			trivial = s.ignorable(s.new, i)
		}
	}
	if trivial {
		return sp
	}
	if del > 0 {
		sp.kind |= deletes
	}
	if ins > 0 {
		sp.kind |= inserts
	}
	return sp
}

// ignorable reports whether line i of t does not count as a change: blank
// with -B, or matched by -I.
func (s *Script) ignorable(t *text, i int) bool {
	return s.opts.IgnoreBlankLines && s.blank(t, i) ||
		s.opts.IgnoreLine != nil && s.opts.IgnoreLine(t.body(i))
}

// blank reports whether line i of t counts as blank for -B: empty, or
// only white space when white space is ignored at the end of lines.
func (s *Script) blank(t *text, i int) bool {
	b := t.body(i)
	if !s.opts.ignoresSpace() {
		return len(b) == 0
	}
	for _, c := range b {
		if !isSpace(c) {
			return false
		}
	}
	return true
}

// markIgnorable marks the changes that, alone, only touch lines that do
// not count.
func (s *Script) markIgnorable() {
	for i := range s.Changes {
		s.Changes[i].ignore = s.analyze(s.Changes[i:i+1]).kind == unchanged
	}
}

// hunks groups the changes that are printed together with context lines
// of context: those less than 2*context+1 unchanged lines apart (or
// context lines, before a change that only touches blank lines).
func (s *Script) hunks(context int) [][]Change {
	var out [][]Change
	cs := s.Changes
	for len(cs) > 0 {
		n := 1
		for ; n < len(cs); n++ {
			prev, next := cs[n-1], cs[n]
			thresh := 2*context + 1
			if next.ignore {
				thresh = context
			}
			if thresh <= next.Old-(prev.Old+prev.Deleted) {
				break
			}
		}
		out = append(out, cs[:n])
		cs = cs[n:]
	}
	return out
}
