package builtins

// The line merge git merge, cherry-pick and revert make of a file both
// sides changed, as git 2.39 merges by default (observed through git
// merge-file): changes of one side are taken, overlapping or touching
// changes conflict, a conflict is narrowed to the lines the sides
// really differ in, and conflicts at most three lines apart are joined.
// The line diffs are the project's own.

import (
	"bytes"

	"github.com/shellfence/shellfence/patch"
)

// gitHunk3 is one merged region: lines [i0, i0+c0) of the base, [i1,
// i1+c1) of ours and [i2, i2+c2) of theirs. mode is 1 (ours changed), 2
// (theirs changed), 0 (a conflict) or 4 (both made the same change).
type gitHunk3 struct {
	mode               int
	i0, c0, i1, c1, i2 int
	c2                 int
}

// gitLines splits data into lines, each with its newline (the last one
// may lack it).
func gitLines(data []byte) [][]byte {
	var out [][]byte
	for len(data) > 0 {
		n := bytes.IndexByte(data, '\n') + 1
		if n == 0 {
			n = len(data)
		}
		out = append(out, data[:n])
		data = data[n:]
	}
	return out
}

// gitMergeText merges the changes base→ours and base→theirs. Conflicts
// are written between git's markers, labelled nameOurs and nameTheirs;
// it returns the result and the number of conflicts.
func gitMergeText(base, ours, theirs []byte, nameOurs, nameTheirs string) ([]byte, int) {
	c1 := patch.Compare(base, ours, 0, patch.Options{}).Changes
	c2 := patch.Compare(base, theirs, 0, patch.Options{}).Changes
	if len(c1) == 0 {
		return theirs, 0
	}
	if len(c2) == 0 {
		return ours, 0
	}
	a, b := gitLines(ours), gitLines(theirs)
	hunks := gitCombine(c1, c2, a, b)
	hunks = gitRefine(hunks, a, b)
	hunks = gitSimplify(hunks)
	return gitFill(hunks, a, b, nameOurs, nameTheirs)
}

// gitCombine walks both change lists in base order: a change only one
// side made is taken; changes that overlap or touch are a conflict
// unless they are the same change.
func gitCombine(c1, c2 []patch.Change, a, b [][]byte) []gitHunk3 {
	var out []gitHunk3
	add := func(h gitHunk3) {
		if n := len(out); n > 0 {
			m := &out[n-1]
			if h.i1 <= m.i1+m.c1 || h.i2 <= m.i2+m.c2 {
				if h.mode != m.mode {
					m.mode = 0
				}
				m.c0 = h.i0 + h.c0 - m.i0
				m.c1 = h.i1 + h.c1 - m.i1
				m.c2 = h.i2 + h.c2 - m.i2
				return
			}
		}
		out = append(out, h)
	}
	i, j := 0, 0
	for i < len(c1) && j < len(c2) {
		x, y := c1[i], c2[j]
		if x.Old+x.Deleted < y.Old {
			add(gitHunk3{1, x.Old, x.Deleted, x.New, x.Inserted, y.New - y.Old + x.Old, x.Deleted})
			i++
			continue
		}
		if y.Old+y.Deleted < x.Old {
			add(gitHunk3{2, y.Old, y.Deleted, x.New - x.Old + y.Old, y.Deleted, y.New, y.Inserted})
			j++
			continue
		}
		if x.Old != y.Old || x.Deleted != y.Deleted || x.Inserted != y.Inserted || !gitSameLines(a[x.New:x.New+x.Inserted], b[y.New:y.New+y.Inserted]) {
			// The conflict spans both changes' base lines: the side
			// whose change starts later is widened back to the
			// earlier start, the one that ends sooner forward to the
			// later end, by the same base lines.
			startGap := x.Old - y.Old
			endGap := startGap + x.Deleted - y.Deleted
			i0, i1, i2 := x.Old, x.New, y.New
			if startGap > 0 {
				i0 -= startGap
				i1 -= startGap
			} else {
				i2 += startGap
			}
			c0 := x.Old + x.Deleted - i0
			cc1 := x.New + x.Inserted - i1
			cc2 := y.New + y.Inserted - i2
			if endGap < 0 {
				c0 -= endGap
				cc1 -= endGap
			} else {
				cc2 += endGap
			}
			add(gitHunk3{0, i0, c0, i1, cc1, i2, cc2})
		}
		e1, e2 := x.Old+x.Deleted, y.Old+y.Deleted
		if e1 >= e2 {
			j++
		}
		if e2 >= e1 {
			i++
		}
	}
	for ; i < len(c1); i++ {
		x := c1[i]
		last := gitLastOffset(c2)
		add(gitHunk3{1, x.Old, x.Deleted, x.New, x.Inserted, x.Old + last, x.Deleted})
	}
	for ; j < len(c2); j++ {
		y := c2[j]
		last := gitLastOffset(c1)
		add(gitHunk3{2, y.Old, y.Deleted, y.Old + last, y.Deleted, y.New, y.Inserted})
	}
	return out
}

// gitLastOffset is how far the side's lines have moved from the base's
// after its last change.
func gitLastOffset(cs []patch.Change) int {
	if len(cs) == 0 {
		return 0
	}
	c := cs[len(cs)-1]
	return c.New + c.Inserted - (c.Old + c.Deleted)
}

func gitSameLines(x, y [][]byte) bool {
	if len(x) != len(y) {
		return false
	}
	for k := range x {
		if !bytes.Equal(x[k], y[k]) {
			return false
		}
	}
	return true
}

// gitRefine splits each conflict into the parts where ours and theirs
// really differ; one where they do not becomes mode 4.
func gitRefine(hunks []gitHunk3, a, b [][]byte) []gitHunk3 {
	var out []gitHunk3
	for _, m := range hunks {
		if m.mode != 0 || m.c1 == 0 || m.c2 == 0 {
			out = append(out, m)
			continue
		}
		x := bytes.Join(a[m.i1:m.i1+m.c1], nil)
		y := bytes.Join(b[m.i2:m.i2+m.c2], nil)
		cs := patch.Compare(x, y, 0, patch.Options{}).Changes
		if len(cs) == 0 {
			m.mode = 4
			out = append(out, m)
			continue
		}
		for k, c := range cs {
			h := m
			if k > 0 {
				h = gitHunk3{i0: m.i0, c0: m.c0}
			}
			h.i1, h.c1, h.i2, h.c2 = m.i1+c.Old, c.Deleted, m.i2+c.New, c.Inserted
			out = append(out, h)
		}
	}
	return out
}

// gitSimplify joins conflicts at most three lines of ours apart, as git
// does.
func gitSimplify(hunks []gitHunk3) []gitHunk3 {
	var out []gitHunk3
	for _, h := range hunks {
		if n := len(out); n > 0 {
			m := &out[n-1]
			if m.mode == 0 && h.mode == 0 && h.i1-(m.i1+m.c1) <= 3 {
				m.c0 = h.i0 + h.c0 - m.i0
				m.c1 = h.i1 + h.c1 - m.i1
				m.c2 = h.i2 + h.c2 - m.i2
				continue
			}
		}
		out = append(out, h)
	}
	return out
}

// gitFill writes ours with the merged hunks applied, conflicts in git's
// default style (ours and theirs between <<<<<<<, ======= and >>>>>>>,
// no base section).
func gitFill(hunks []gitHunk3, a, b [][]byte, nameOurs, nameTheirs string) ([]byte, int) {
	var out bytes.Buffer
	copyLines := func(ls [][]byte, nl bool) {
		for _, l := range ls {
			out.Write(l)
		}
		if nl && len(ls) > 0 && !bytes.HasSuffix(ls[len(ls)-1], []byte{'\n'}) {
			out.WriteByte('\n')
		}
	}
	conflicts, i := 0, 0
	for _, m := range hunks {
		switch m.mode {
		case 0:
			conflicts++
			copyLines(a[i:m.i1], false)
			out.WriteString("<<<<<<< " + nameOurs + "\n")
			copyLines(a[m.i1:m.i1+m.c1], true)
			out.WriteString("=======\n")
			copyLines(b[m.i2:m.i2+m.c2], true)
			out.WriteString(">>>>>>> " + nameTheirs + "\n")
		case 1, 2:
			copyLines(a[i:m.i1], false)
			if m.mode == 1 {
				copyLines(a[m.i1:m.i1+m.c1], false)
			} else {
				copyLines(b[m.i2:m.i2+m.c2], false)
			}
		default:
			continue
		}
		i = m.i1 + m.c1
	}
	copyLines(a[i:], false)
	return out.Bytes(), conflicts
}
