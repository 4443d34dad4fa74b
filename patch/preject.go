package patch

import (
	"bytes"
	"fmt"
	"strconv"
)

// rejectHunk writes a failed hunk in unified form, or in context form
// for patches that were not unified diffs. header adds the file names;
// outOffset moves the line numbers the way the hunks before have.
func rejectHunk(b *bytes.Buffer, h *header, hk *phunk, header, reverse bool, outOffset int) {
	if hk.typ == uniDiff {
		rejectUnified(b, h, hk, header, reverse, outOffset)
	} else {
		rejectContext(b, h, hk, header, reverse, outOffset)
	}
}

// rejectNames writes the header lines of a reject file.
func rejectNames(b *bytes.Buffer, h *header, old, new string, reverse bool) {
	if h.has[nameIndex] {
		b.WriteString("Index: " + h.names[nameIndex] + "\n")
	}
	for i, tag := range []string{old, new} {
		side := b2i(reverse) ^ i
		name := "/dev/null"
		if h.has[side] {
			name = h.names[side]
		}
		b.WriteString(tag + name + h.timestr[side] + "\n")
	}
}

func rejectUnified(b *bytes.Buffer, h *header, hk *phunk, header, reverse bool, outOffset int) {
	if header {
		rejectNames(b, h, "--- ", "+++ ", reverse)
	}
	fmt.Fprintf(b, "@@ -%s +%s @@%s\n", uniRange(hk.first+outOffset, hk.ptrnLines),
		uniRange(hk.newFirst+outOffset, hk.replLines), hk.function)
	old, nw := 0, 0
	for {
		for ; old < len(hk.old) && hk.old[old].c != ' '; old++ {
			b.WriteByte('-')
			b.Write(hk.old[old].text)
		}
		for ; nw < len(hk.new) && hk.new[nw].c != ' '; nw++ {
			b.WriteByte('+')
			b.Write(hk.new[nw].text)
		}
		if old >= len(hk.old) {
			return
		}
		b.WriteByte(' ')
		b.Write(hk.old[old].text)
		old++
		nw++
	}
}

// uniRange prints a unified range as GNU patch does.
func uniRange(start, count int) string {
	switch count {
	case 0:
		return strconv.Itoa(start-1) + ",0"
	case 1:
		return strconv.Itoa(start)
	}
	return strconv.Itoa(start) + "," + strconv.Itoa(count)
}

func rejectContext(b *bytes.Buffer, h *header, hk *phunk, header, reverse bool, outOffset int) {
	stars, minuses := " ****", " ----"
	if hk.typ < newContextDiff {
		stars, minuses = "", " -----"
	}
	if header {
		rejectNames(b, h, "*** ", "--- ", reverse)
	}
	b.WriteString("***************" + hk.function + "\n")
	oldFirst, newFirst := hk.first+outOffset, hk.newFirst+outOffset
	b.WriteString("*** " + ctxRange(oldFirst, oldFirst+hk.ptrnLines-1) + stars + "\n")
	for _, l := range hk.old {
		b.WriteString(string(l.c) + " ")
		b.Write(l.text)
	}
	b.WriteString("--- " + ctxRange(newFirst, newFirst+hk.replLines-1) + minuses + "\n")
	for _, l := range hk.new {
		b.WriteString(string(l.c) + " ")
		b.Write(l.text)
	}
}

func ctxRange(first, last int) string {
	switch {
	case last < first:
		return "0"
	case last == first:
		return strconv.Itoa(first)
	}
	return strconv.Itoa(first) + "," + strconv.Itoa(last)
}
