package patch

import "io"

// WriteContext writes s in context format (diff -c) with context lines
// of context. It writes nothing when s has no change that counts.
func (s *Script) WriteContext(w io.Writer, h Header, context int) error {
	ew := &errWriter{w: w}
	started := false
	ff := &funcFinder{match: h.Function, lastMatch: -1}
	for _, hk := range s.hunks(context) {
		sp := s.analyze(hk)
		if sp.kind == unchanged {
			continue
		}
		if !started {
			ew.str(headerLine("***", h.OldName, h.OldTime))
			ew.str(headerLine("---", h.NewName, h.NewTime))
			started = true
		}
		k := sp.kind
		sp = s.widen(sp, context)
		s.contextHunk(ew, hk, k, sp, ff.find(s.old, sp.first0))
	}
	return ew.err
}

func (s *Script) contextHunk(ew *errWriter, hk []Change, k kind, sp span, function string) {
	ew.str("***************" + function + "\n*** " + plainRange(sp.first0, sp.last0) + " ****\n")
	if k&deletes != 0 {
		s.contextSide(ew, hk, s.old, sp.first0, sp.last0, true)
	}
	ew.str("--- " + plainRange(sp.first1, sp.last1) + " ----\n")
	if k&inserts != 0 {
		s.contextSide(ew, hk, s.new, sp.first1, sp.last1, false)
	}
}

// contextSide prints one file's lines of a hunk, marked "!" (changed),
// "-" (deleted), "+" (inserted) or " " (context).
func (s *Script) contextSide(ew *errWriter, hk []Change, t *text, first, last int, old bool) {
	next := 0
	for i := first; i <= last; i++ {
		for next < len(hk) && end(hk[next], old) <= i {
			next++
		}
		flag := "  "
		if next < len(hk) && start(hk[next], old) <= i {
			switch {
			case old && hk[next].Inserted > 0, !old && hk[next].Deleted > 0:
				flag = "! "
			case old:
				flag = "- "
			default:
				flag = "+ "
			}
		}
		ew.line(flag, t, i)
	}
}

func start(c Change, old bool) int {
	if old {
		return c.Old
	}
	return c.New
}

func end(c Change, old bool) int {
	if old {
		return c.Old + c.Deleted
	}
	return c.New + c.Inserted
}
