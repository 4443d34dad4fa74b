package patch

import "bytes"

// applier applies the hunks of one file patch to the file's lines as GNU
// patch does: it finds each hunk near where the patch says (offset), with
// fewer context lines if need be (fuzz), and copies the file through.
type applier struct {
	in         [][]byte // the file's lines; in[i-1] is line i
	out        bytes.Buffer
	afterNL    bool // the output so far ends in a newline (or is empty)
	zeroOutput bool // nothing written yet
	lastFrozen int  // lines of in already copied or consumed
	inOffset   int  // how far the last hunk was found from its place
	outOffset  int  // lines added minus lines removed so far
	ignoreWS   bool // -l: blanks compare loosely
	say        func(string, ...any)
}

func newApplier(data []byte, ignoreWS bool, say func(string, ...any)) *applier {
	a := &applier{afterNL: true, zeroOutput: true, ignoreWS: ignoreWS, say: say}
	a.in = make([][]byte, 0, bytes.Count(data, []byte{'\n'})+1)
	a.out.Grow(len(data) + len(data)/16 + 64)
	for len(data) > 0 {
		i := bytes.IndexByte(data, '\n')
		if i < 0 {
			a.in = append(a.in, data)
			break
		}
		a.in = append(a.in, data[:i+1])
		data = data[i+1:]
	}
	return a
}

// locate finds where hk applies with the given fuzz; 0 when nowhere. It
// updates the running offset when it finds the hunk.
func (a *applier) locate(hk *phunk, fuzz int) int {
	firstGuess := hk.first + a.inOffset
	patLines := hk.ptrnLines
	ctx := max(hk.prefixCtx, hk.suffix)
	prefixFuzz := fuzz + hk.prefixCtx - ctx
	suffixFuzz := fuzz + hk.suffix - ctx
	input := len(a.in)
	maxWhere := input - (patLines - suffixFuzz) + 1
	minWhere := a.lastFrozen + 1
	maxPos := maxWhere - firstGuess
	maxNeg := firstGuess - minWhere
	maxOffset := max(maxPos, maxNeg)
	if patLines == 0 {
		return firstGuess
	}
	if firstGuess <= maxNeg {
		maxNeg = firstGuess - 1
	}
	if prefixFuzz < 0 && hk.first <= 1 {
		return a.atStart(hk, firstGuess, maxPos, suffixFuzz)
	}
	prefixFuzz = max(prefixFuzz, 0)
	if suffixFuzz < 0 {
		off := firstGuess - (input - patLines + 1)
		if off <= maxNeg && a.match(hk, firstGuess, -off, prefixFuzz, 0) {
			a.inOffset -= off
			return firstGuess - off
		}
		return 0
	}
	minOffset := 0
	switch {
	case maxPos < 0:
		minOffset = firstGuess - maxWhere
	case maxNeg < 0:
		minOffset = firstGuess - minWhere
	}
	for off := minOffset; off <= maxOffset; off++ {
		if off <= maxPos && a.match(hk, firstGuess, off, prefixFuzz, suffixFuzz) {
			a.inOffset += off
			return firstGuess + off
		}
		if off <= maxNeg && a.match(hk, firstGuess, -off, prefixFuzz, suffixFuzz) {
			a.inOffset -= off
			return firstGuess - off
		}
	}
	return 0
}

// atStart handles a hunk that can only match at the start of the file
// (its leading context is short because the file starts there).
func (a *applier) atStart(hk *phunk, firstGuess, maxPos, suffixFuzz int) int {
	if suffixFuzz < 0 && (hk.ptrnLines != len(a.in) || hk.prefixCtx < a.lastFrozen) {
		return 0
	}
	off := 1 - firstGuess
	if a.lastFrozen <= hk.prefixCtx && off <= maxPos && a.match(hk, firstGuess, off, 0, max(suffixFuzz, 0)) {
		a.inOffset += off
		return firstGuess + off
	}
	return 0
}

// match reports whether the pattern of hk, less prefixFuzz lines at the
// start and suffixFuzz at the end, matches at line base+offset.
func (a *applier) match(hk *phunk, base, offset, prefixFuzz, suffixFuzz int) bool {
	pat := hk.ptrnLines - suffixFuzz
	for pl := 1 + prefixFuzz; pl <= pat; pl++ {
		n := pl - 1 + base + offset
		if n < 1 || n > len(a.in) {
			return false
		}
		line, want := a.in[n-1], hk.old[pl-1].text
		if a.ignoreWS {
			if !similar(line, want) {
				return false
			}
		} else if !bytes.Equal(line, want) {
			return false
		}
	}
	return true
}

// similar compares lines with runs of blanks equal to any other run,
// ignoring a trailing newline (patch -l).
func similar(a, b []byte) bool {
	a = bytes.TrimSuffix(a, []byte{'\n'})
	b = bytes.TrimSuffix(b, []byte{'\n'})
	for {
		if len(b) == 0 || isBlank(b[0]) {
			for len(b) > 0 && isBlank(b[0]) {
				b = b[1:]
			}
			if len(a) > 0 {
				if !isBlank(a[0]) {
					return false
				}
				for len(a) > 0 && isBlank(a[0]) {
					a = a[1:]
				}
			}
			if len(a) == 0 || len(b) == 0 {
				return len(a) == len(b)
			}
		} else if len(a) == 0 || a[0] != b[0] {
			return false
		} else {
			a, b = a[1:], b[1:]
		}
	}
}

// write adds text to the output.
func (a *applier) write(text []byte) {
	a.out.Write(text)
	a.afterNL = len(text) > 0 && text[len(text)-1] == '\n'
	a.zeroOutput = false
}

// copyTill copies the file's lines up to line last.
func (a *applier) copyTill(last int) bool {
	if a.lastFrozen > last {
		a.say("misordered hunks! output would be garbled\n")
		return false
	}
	for a.lastFrozen < last {
		a.lastFrozen++
		if a.lastFrozen > len(a.in) {
			continue // past the end GNU reads empty lines
		}
		line := a.in[a.lastFrozen-1]
		if len(line) > 0 {
			if !a.afterNL {
				a.out.WriteByte('\n')
			}
			a.write(line)
		}
	}
	return true
}

// apply applies hk at line where.
func (a *applier) apply(hk *phunk, where int) bool {
	where--
	old, nw := 0, 0
	for old < len(hk.old) {
		switch {
		case hk.old[old].c == '-':
			if !a.copyTill(where + old) {
				return false
			}
			a.lastFrozen++
			old++
		case nw >= len(hk.new):
			old = len(hk.old)
		case hk.new[nw].c == '+':
			if !a.copyTill(where + old) {
				return false
			}
			a.write(hk.new[nw].text)
			nw++
		case hk.new[nw].c == '!' && hk.old[old].c == '!':
			if !a.copyTill(where + old) {
				return false
			}
			for old < len(hk.old) && hk.old[old].c == '!' {
				a.lastFrozen++
				old++
			}
			for nw < len(hk.new) && hk.new[nw].c == '!' {
				a.write(hk.new[nw].text)
				nw++
			}
		default:
			old++
			nw++
		}
	}
	if nw < len(hk.new) && hk.new[nw].c == '+' {
		if !a.copyTill(where + old) {
			return false
		}
		for ; nw < len(hk.new) && hk.new[nw].c == '+'; nw++ {
			if !a.afterNL {
				a.out.WriteByte('\n')
			}
			a.write(hk.new[nw].text)
		}
	}
	a.outOffset += hk.replLines - hk.ptrnLines
	return true
}

// finish copies the rest of the file.
func (a *applier) finish() bool {
	if a.lastFrozen < len(a.in) {
		return a.copyTill(len(a.in))
	}
	return true
}

// lineEndingsDiffer reports whether the patch and the file disagree
// about CRLF line endings near where (for "(different line endings)").
func (a *applier) lineEndingsDiffer(hk *phunk, where int) bool {
	if len(hk.old) == 0 || len(hk.old[0].text) == 0 || len(a.in) == 0 {
		return false
	}
	p := hk.old[0].text
	patchCRLF := bytes.HasSuffix(p, []byte("\r\n"))
	where = min(where, len(a.in))
	if where < 1 {
		return false
	}
	line := a.in[where-1]
	return len(line) > 0 && patchCRLF != bytes.HasSuffix(line, []byte("\r\n"))
}

// swap reverses a hunk (patch -R).
func (hk *phunk) swap() {
	hk.first, hk.newFirst = hk.newFirst, hk.first
	hk.ptrnLines, hk.replLines = hk.replLines, hk.ptrnLines
	hk.old, hk.new = flip(hk.new, '+', '-'), flip(hk.old, '-', '+')
}

func flip(ls []pline, from, to byte) []pline {
	out := make([]pline, len(ls))
	for i, l := range ls {
		if l.c == from {
			l.c = to
		}
		out[i] = l
	}
	return out
}
