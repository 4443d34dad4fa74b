package patch

// discardConfusingLines sets aside, as GNU diff does, lines that match no
// line of the other file (they are changes for sure) and lines that
// match very many in runs of such lines, so that they do not lead the
// algorithm astray. It marks the discarded lines as changed and returns,
// per file, the classes of the remaining lines and their real indexes.
func (r *region) discardConfusingLines(nclasses int, minimal bool) (und, real [2][]int32) {
	var counts [2][]int
	for f := range 2 {
		counts[f] = make([]int, nclasses)
		for _, e := range r.equivs[f] {
			counts[f][e]++
		}
	}
	var discards [2][]byte
	for f := range 2 {
		discards[f] = provisional(r.equivs[f], counts[1-f])
		settle(discards[f])
	}
	for f := range 2 {
		for i, e := range r.equivs[f] {
			if minimal || discards[f][i] == 0 {
				und[f] = append(und[f], e)
				real[f] = append(real[f], int32(i))
			} else {
				r.changed[f][i+1] = true
			}
		}
	}
	return und, real
}

// provisional marks each line that matches no line of the other file
// with 1, and each that matches too many with 2.
func provisional(equivs []int32, other []int) []byte {
	end := len(equivs)
	d := make([]byte, end)
	many := 5
	for tem := end / 64; ; {
		if tem >>= 2; tem <= 0 {
			break
		}
		many *= 2
	}
	for i, e := range equivs {
		switch n := other[e]; {
		case n == 0:
			d[i] = 1
		case n > many:
			d[i] = 2
		}
	}
	return d
}

// settle keeps provisional discards only inside runs of discardable
// lines that begin and end with a certain one.
func settle(d []byte) {
	end := len(d)
	for i := 0; i < end; i++ {
		if d[i] == 2 {
			d[i] = 0
			continue
		}
		if d[i] == 0 {
			continue
		}
		j, prov := i, 0
		for ; j < end && d[j] != 0; j++ {
			if d[j] == 2 {
				prov++
			}
		}
		for j > i && d[j-1] == 2 {
			j--
			d[j] = 0
			prov--
		}
		length := j - i
		if prov*4 > length {
			for ; j > i; j-- {
				if d[j-1] == 2 {
					d[j-1] = 0
				}
			}
			continue
		}
		cancelSubruns(d[i:i+length], length)
		trimEnd(d, i, length, 1)
		i += length - 1
		trimEnd(d, i, length, -1)
	}
}

// cancelSubruns cancels every subrun of provisionals of about the square
// root of length/4 or more.
func cancelSubruns(run []byte, length int) {
	minimum := 1
	for tem := length / 4; ; {
		if tem >>= 2; tem <= 0 {
			break
		}
		minimum *= 2
	}
	minimum++
	consec := 0
	for j := 0; j < length; j++ {
		switch {
		case run[j] != 2:
			consec = 0
		case func() bool { consec++; return consec == minimum }():
			j -= consec
		case minimum < consec:
			run[j] = 0
		}
	}
}

// trimEnd cancels provisionals from one end of a run (start at i, step
// dir) until 3 certain discards in a row or a certain one 8 lines in.
func trimEnd(d []byte, i, length, dir int) {
	consec := 0
	for j := 0; j < length; j++ {
		k := i + dir*j
		if j >= 8 && d[k] == 1 {
			break
		}
		switch d[k] {
		case 2:
			consec, d[k] = 0, 0
		case 0:
			consec = 0
		default:
			consec++
		}
		if consec == 3 {
			break
		}
	}
}
