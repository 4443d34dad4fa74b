package patch

import (
	"io"
	"strconv"
)

// WriteNormal writes s in diff's normal format ("2c2", "< old", "---",
// "> new").
func (s *Script) WriteNormal(w io.Writer) error {
	ew := &errWriter{w: w}
	for i := range s.Changes {
		sp := s.analyze(s.Changes[i : i+1])
		if sp.kind == unchanged {
			continue
		}
		ew.str(plainRange(sp.first0, sp.last0) + string("?dac"[sp.kind]) + plainRange(sp.first1, sp.last1) + "\n")
		if sp.kind&deletes != 0 {
			for l := sp.first0; l <= sp.last0; l++ {
				ew.line("< ", s.old, l)
			}
		}
		if sp.kind == changes {
			ew.str("---\n")
		}
		if sp.kind&inserts != 0 {
			for l := sp.first1; l <= sp.last1; l++ {
				ew.line("> ", s.new, l)
			}
		}
	}
	return ew.err
}

// plainRange prints lines [a, b] (0-based) as "first,last", or one
// number when the range has one line or none (then the line before).
func plainRange(a, b int) string {
	if b+1 <= a+1 {
		return strconv.Itoa(b + 1)
	}
	return strconv.Itoa(a+1) + "," + strconv.Itoa(b+1)
}
