package patch

import "math"

// The comparison below is the O(ND) algorithm of Eugene Myers ("An O(ND)
// Difference Algorithm and its Variations", 1986, section 4.2), with the
// cost limit GNU diff puts on it, so that on ordinary input it finds the
// same changes GNU diff does.

// snakeLimit is the length of a "big" run of matching lines.
const snakeLimit = 20

// seq compares two vectors of line classes and marks the lines that are
// not part of the common subsequence it finds.
type seq struct {
	xv, yv       []int32
	fd, bd       []int // indexed by diagonal + off
	off          int
	tooExpensive int
	// note records a deleted x (file 0) or inserted y (file 1) index.
	noteX, noteY func(int)
}

func newSeq(xv, yv []int32, noteX, noteY func(int)) *seq {
	diags := len(xv) + len(yv) + 3
	s := &seq{xv: xv, yv: yv, noteX: noteX, noteY: noteY, off: len(yv) + 1}
	s.fd = make([]int, diags)
	s.bd = make([]int, diags)
	te := 1
	for d := diags; d != 0; d >>= 2 {
		te <<= 1
	}
	s.tooExpensive = max(4096, te)
	return s
}

type partition struct {
	xmid, ymid           int
	loMinimal, hiMinimal bool
}

// compare finds the changes between xv[xoff:xlim] and yv[yoff:ylim].
func (s *seq) compare(xoff, xlim, yoff, ylim int, minimal bool) {
	xv, yv := s.xv, s.yv
	for xoff < xlim && yoff < ylim && xv[xoff] == yv[yoff] {
		xoff++
		yoff++
	}
	for xoff < xlim && yoff < ylim && xv[xlim-1] == yv[ylim-1] {
		xlim--
		ylim--
	}
	switch {
	case xoff == xlim:
		for ; yoff < ylim; yoff++ {
			s.noteY(yoff)
		}
	case yoff == ylim:
		for ; xoff < xlim; xoff++ {
			s.noteX(xoff)
		}
	default:
		p := s.diag(xoff, xlim, yoff, ylim, minimal)
		s.compare(xoff, p.xmid, yoff, p.ymid, p.loMinimal)
		s.compare(p.xmid, xlim, p.ymid, ylim, p.hiMinimal)
	}
}

// diag finds the midpoint of the shortest edit script for the given
// region, searching from both ends at once; when that gets too costly it
// settles for a good-enough point, as GNU does.
func (s *seq) diag(xoff, xlim, yoff, ylim int, minimal bool) partition {
	fd, bd, o := s.fd, s.bd, s.off
	dmin, dmax := xoff-ylim, xlim-yoff
	fmid, bmid := xoff-yoff, xlim-ylim
	fmin, fmax, bmin, bmax := fmid, fmid, bmid, bmid
	odd := (fmid-bmid)&1 != 0
	fd[fmid+o] = xoff
	bd[bmid+o] = xlim
	for c := 1; ; c++ {
		bigSnake := false
		if fmin > dmin {
			fmin--
			fd[fmin-1+o] = -1
		} else {
			fmin++
		}
		if fmax < dmax {
			fmax++
			fd[fmax+1+o] = -1
		} else {
			fmax--
		}
		for d := fmax; d >= fmin; d -= 2 {
			tlo, thi := fd[d-1+o], fd[d+1+o]
			x0 := tlo + 1
			if tlo < thi {
				x0 = thi
			}
			x, y := x0, x0-d
			for x < xlim && y < ylim && s.xv[x] == s.yv[y] {
				x++
				y++
			}
			if x-x0 > snakeLimit {
				bigSnake = true
			}
			fd[d+o] = x
			if odd && bmin <= d && d <= bmax && bd[d+o] <= x {
				return partition{x, y, true, true}
			}
		}
		if bmin > dmin {
			bmin--
			bd[bmin-1+o] = math.MaxInt
		} else {
			bmin++
		}
		if bmax < dmax {
			bmax++
			bd[bmax+1+o] = math.MaxInt
		} else {
			bmax--
		}
		for d := bmax; d >= bmin; d -= 2 {
			tlo, thi := bd[d-1+o], bd[d+1+o]
			x0 := thi - 1
			if tlo < thi {
				x0 = tlo
			}
			x, y := x0, x0-d
			for xoff < x && yoff < y && s.xv[x-1] == s.yv[y-1] {
				x--
				y--
			}
			if x0-x > snakeLimit {
				bigSnake = true
			}
			bd[d+o] = x
			if !odd && fmin <= d && d <= fmax && x <= fd[d+o] {
				return partition{x, y, true, true}
			}
		}
		_ = bigSnake // the -H heuristic is not offered
		if minimal || c < s.tooExpensive {
			continue
		}
		return s.giveUp(xoff, xlim, yoff, ylim, fmin, fmax, bmin, bmax)
	}
}

// giveUp reports the point halfway between the best forward and backward
// results so far, when finding the true midpoint costs too much.
func (s *seq) giveUp(xoff, xlim, yoff, ylim, fmin, fmax, bmin, bmax int) partition {
	fd, bd, o := s.fd, s.bd, s.off
	fxybest, fxbest := -1, 0
	for d := fmax; d >= fmin; d -= 2 {
		x := min(fd[d+o], xlim)
		y := x - d
		if ylim < y {
			x, y = ylim+d, ylim
		}
		if fxybest < x+y {
			fxybest, fxbest = x+y, x
		}
	}
	bxybest, bxbest := math.MaxInt, 0
	for d := bmax; d >= bmin; d -= 2 {
		x := max(xoff, bd[d+o])
		y := x - d
		if y < yoff {
			x, y = yoff+d, yoff
		}
		if x+y < bxybest {
			bxybest, bxbest = x+y, x
		}
	}
	if (xlim+ylim)-bxybest < fxybest-(xoff+yoff) {
		return partition{fxbest, fxybest - fxbest, true, false}
	}
	return partition{bxbest, bxybest - bxbest, false, true}
}
