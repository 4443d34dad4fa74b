package patch

// shiftBoundaries moves runs of changes over identical lines, as GNU
// diff's shift_boundaries does: it joins runs where it can, and otherwise
// moves a run as far down as possible, or back to line up with a run in
// the other file.
func (r *region) shiftBoundaries() {
	for f := range 2 {
		r.shiftFile(r.changed[f][1:], r.changed[1-f][1:], r.changed[1-f], r.equivs[f])
	}
}

// shiftFile works on one file. changed and other are indexed from line 0
// and are followed by a false element; otherAll is other with the false
// element before it, so other[j-1] is otherAll[j].
func (r *region) shiftFile(changed, other, otherAll []bool, equivs []int32) {
	iEnd := len(equivs)
	i, j := 0, 0
	for {
		for i < iEnd && !changed[i] {
			for other[j] {
				j++
			}
			j++
			i++
		}
		if i == iEnd {
			return
		}
		start := i
		i++
		for changed[i] {
			i++
		}
		for other[j] {
			j++
		}
		var runlength, corresponding int
		for {
			runlength = i - start
			for start > 0 && equivs[start-1] == equivs[i-1] {
				start--
				changed[start] = true
				i--
				changed[i] = false
				for start > 0 && changed[start-1] {
					start--
				}
				j = backOver(otherAll, j)
			}
			corresponding = iEnd
			if otherAll[j] {
				corresponding = i
			}
			for i != iEnd && equivs[start] == equivs[i] {
				changed[start] = false
				start++
				changed[i] = true
				i++
				for changed[i] {
					i++
				}
				j++
				for other[j] {
					j++
					corresponding = i
				}
			}
			if runlength == i-start {
				break
			}
		}
		for corresponding < i {
			start--
			changed[start] = true
			i--
			changed[i] = false
			j = backOver(otherAll, j)
		}
	}
}

// backOver is GNU's "while (other_changed[--j]) continue;": otherAll[k+1]
// is other_changed[k], so that k can reach -1.
func backOver(otherAll []bool, j int) int {
	j--
	for otherAll[j+1] {
		j--
	}
	return j
}
