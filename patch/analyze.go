package patch

// Change is one run of changed lines: Deleted lines of the old file from
// line Old on were replaced by Inserted lines of the new file from line
// New on. Line numbers count from 0. When Deleted is 0, Old is the line
// before which the lines were inserted; likewise for New.
type Change struct {
	Old, New          int
	Deleted, Inserted int
	ignore            bool // only blank lines change (with -B)
}

// Script is the result of comparing two texts.
type Script struct {
	old, new *text
	opts     Options
	Changes  []Change
}

// region is the part of both files that the algorithm compares (GNU's
// "buffered lines"): lines [prefix, end) of each.
type region struct {
	equivs  [2][]int32
	changed [2][]bool // one more element at each end, always false
	prefix  int
}

// Compare compares old and new line by line as GNU diff does. context is
// the number of context lines the output will show (0 for diff's normal
// output): like GNU, the comparison looks that far into the identical
// ends of the files, which can move a change's boundaries.
func Compare(old, new []byte, context int, opts Options) *Script {
	a, b := newText(old), newText(new)
	s := &Script{old: a, new: b, opts: opts}
	prefix, end0, end1 := identicalEnds(a, b, max(context, 0))
	r := &region{prefix: prefix}
	cl := newClasses(&opts, (end0-prefix)+(end1-prefix))
	r.equivs[0] = cl.number(a, prefix, end0)
	r.equivs[1] = cl.number(b, prefix, end1)
	for f := range 2 {
		r.changed[f] = make([]bool, len(r.equivs[f])+2)
	}
	r.compare(cl.count(), opts.Minimal)
	r.shiftBoundaries()
	s.Changes = r.script()
	if opts.ignoresLines() {
		s.markIgnorable()
	}
	return s
}

// Equal reports whether the texts are the same under the options.
func (s *Script) Equal() bool {
	for _, c := range s.Changes {
		if !c.ignore {
			return false
		}
	}
	return true
}

// compare runs the algorithm on the lines that survive discarding.
func (r *region) compare(nclasses int, minimal bool) {
	und, real := r.discardConfusingLines(nclasses, minimal)
	s := newSeq(und[0], und[1],
		func(x int) { r.changed[0][real[0][x]+1] = true },
		func(y int) { r.changed[1][real[1][y]+1] = true })
	s.compare(0, len(und[0]), 0, len(und[1]), minimal)
}

// script turns the change marks into a list of changes.
func (r *region) script() []Change {
	var out []Change
	c0, c1 := r.changed[0][1:], r.changed[1][1:]
	n0, n1 := len(r.equivs[0]), len(r.equivs[1])
	i0, i1 := 0, 0
	for i0 < n0 || i1 < n1 {
		if c0[i0] || c1[i1] {
			l0, l1 := i0, i1
			for c0[i0] {
				i0++
			}
			for c1[i1] {
				i1++
			}
			out = append(out, Change{Old: l0 + r.prefix, New: l1 + r.prefix, Deleted: i0 - l0, Inserted: i1 - l1})
		}
		i0++
		i1++
	}
	return out
}
