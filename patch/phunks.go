package patch

import (
	"bytes"
	"fmt"
)

// hunks reads and applies every hunk of the file patch.
func (r *run) hunks(f *fileRun) error {
	h := f.fc.h
	if h.typ == gitBinaryDiff {
		return r.binary(f)
	}
	for {
		if err := r.ctx.Err(); err != nil {
			return stopped(err)
		}
		hk, err := r.rd.hunk(h.typ, h)
		if err != nil {
			return err
		}
		if hk == nil {
			return nil
		}
		if r.reverse {
			hk.swap()
		}
		f.hunks++
		r.oneHunk(f, hk)
	}
}

// oneHunk finds and applies one hunk, or rejects it.
func (r *run) oneHunk(f *fileRun, hk *phunk) {
	where, fuzz := 0, 0
	if !r.skipRest {
		where, fuzz = r.find(f, hk)
	}
	outOffset := 0
	if f.a != nil {
		outOffset = f.a.outOffset
	}
	guess := hk.first
	if where != 0 {
		guess = where
	}
	newwhere := guess + outOffset
	hr := HunkResult{Number: f.hunks, Line: newwhere}
	createsOver := where == 1 && f.fc.h.nonexistent[b2i(r.reverse)] == 2 && f.fc.info != nil && f.fc.info.Size() > 0
	if r.skipRest || createsOver || where == 0 || !f.a.apply(hk, where) {
		r.failHunk(f, hk, &hr, outOffset, newwhere)
	} else {
		r.succeedHunk(f, &hr, fuzz)
	}
	f.res.Hunks = append(f.res.Hunks, hr)
}

// find runs GNU's search: each fuzz level in turn, and on the first hunk
// a try of the reversed hunk.
func (r *run) find(f *fileRun, hk *phunk) (where, fuzz int) {
	maxFuzz := min(r.o.Fuzz, max(hk.prefixCtx, hk.suffix))
	applyAnyway := false
	for {
		incr := 1
		where = f.a.locate(hk, fuzz)
		if where == 0 || fuzz != 0 || f.a.inOffset != 0 {
			f.mismatch = true
		}
		if f.hunks == 1 && where == 0 && !(r.o.Force || applyAnyway) && r.reverse == r.o.Reverse {
			hk.swap()
			where = f.a.locate(hk, fuzz)
			switch {
			case where != 0 && r.okToReverse(reversedMsg(r.reverse)):
				r.reverse = !r.reverse
			default:
				hk.swap()
				if where != 0 {
					applyAnyway, incr, where = true, 0, 0
				}
			}
		}
		if r.skipRest || where != 0 {
			return where, fuzz
		}
		if fuzz += incr; fuzz > maxFuzz {
			return 0, fuzz - incr
		}
	}
}

func reversedMsg(reverse bool) string {
	if reverse {
		return "Unreversed patch detected!"
	}
	return "Reversed (or previously applied) patch detected!"
}

// failHunk records a hunk that did not apply.
func (r *run) failHunk(f *fileRun, hk *phunk, hr *HunkResult, outOffset, newwhere int) {
	var b bytes.Buffer
	rejectHunk(&b, f.fc.h, hk, f.failed == 0, r.reverse, outOffset)
	f.rej.Write(b.Bytes())
	one := new(bytes.Buffer)
	rejectHunk(one, f.fc.h, hk, false, r.reverse, outOffset)
	hr.Hunk = one.String()
	if r.o.explain && f.a != nil {
		explain(hr, hk, f.a.in)
	}
	f.failed++
	hr.Status = "failed"
	what := "FAILED"
	if r.skipRest {
		hr.Status, what = "ignored", "ignored"
	}
	if r.o.Verbose || !r.skipRest && !r.o.Silent {
		ends := ""
		if !r.skipRest && f.a.lineEndingsDiffer(hk, newwhere) {
			ends = " (different line endings)"
		}
		r.say("Hunk #%d %s at %d%s.\n", f.hunks, what, newwhere, ends)
	}
}

// succeedHunk reports a hunk that applied, when it did not fit exactly.
func (r *run) succeedHunk(f *fileRun, hr *HunkResult, fuzz int) {
	off := f.a.inOffset
	hr.Offset, hr.Fuzz = off, fuzz
	switch {
	case fuzz != 0:
		hr.Status = "fuzz"
	case off != 0:
		hr.Status = "offset"
	default:
		hr.Status = "applied"
	}
	if !(r.o.Verbose || !r.o.Silent && (fuzz != 0 || off != 0)) {
		return
	}
	msg := fmt.Sprintf("Hunk #%d succeeded at %d", f.hunks, hr.Line)
	if fuzz != 0 {
		msg += fmt.Sprintf(" with fuzz %d", fuzz)
	}
	if off != 0 {
		s := "s"
		if off == 1 {
			s = ""
		}
		msg += fmt.Sprintf(" (offset %d line%s)", off, s)
	}
	r.say("%s.\n", msg)
}
