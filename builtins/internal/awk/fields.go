package awk

import (
	"strings"
	"unicode/utf8"
)

// splitter splits a record into fields by FS: blanks (" "), one
// literal character, or a regular expression.
type splitter struct {
	src  string
	mode int // splitBlank, splitChar, splitRegex, splitEmpty
	c    byte
	re   *awkRegex
}

const (
	splitBlank = iota
	splitChar
	splitRegex
	splitEmpty // FS == "": every character is a field
)

func (in *interp) newSplitter(fs string) *splitter {
	s := &splitter{src: fs}
	switch {
	case fs == " ":
		s.mode = splitBlank
	case fs == "":
		s.mode = splitEmpty
	case len(fs) == 1 && fs != "\\":
		s.mode, s.c = splitChar, fs[0]
	default:
		s.mode, s.re = splitRegex, in.dynRegex(fs)
	}
	return s
}

// split appends the fields of rec to out. paragraph adds newline as a
// separator (RS == "").
func (s *splitter) split(rec string, out []string, paragraph bool) []string {
	if rec == "" {
		return out
	}
	switch s.mode {
	case splitBlank:
		return splitBlanks(rec, out)
	case splitChar:
		if paragraph && s.c != '\n' {
			return splitFunc(rec, out, func(c byte) bool { return c == s.c || c == '\n' })
		}
		return splitByte(rec, out, s.c)
	case splitEmpty:
		for len(rec) > 0 {
			_, n := utf8.DecodeRuneInString(rec)
			out = append(out, rec[:n])
			rec = rec[n:]
		}
		return out
	}
	if paragraph {
		var parts []string
		for _, line := range strings.Split(rec, "\n") {
			parts = s.splitRegex(line, parts)
		}
		return append(out, parts...)
	}
	return s.splitRegex(rec, out)
}

func (s *splitter) splitRegex(rec string, out []string) []string {
	start := 0
	for _, loc := range s.re.findAll(rec, -1) {
		if loc[1] == loc[0] {
			continue // null matches do not separate
		}
		out = append(out, rec[start:loc[0]])
		start = loc[1]
	}
	return append(out, rec[start:])
}

func isBlank(c byte) bool { return c == ' ' || c == '\t' || c == '\n' }

func splitBlanks(rec string, out []string) []string {
	i := 0
	for {
		for i < len(rec) && isBlank(rec[i]) {
			i++
		}
		if i >= len(rec) {
			return out
		}
		j := i
		for j < len(rec) && !isBlank(rec[j]) {
			j++
		}
		out = append(out, rec[i:j])
		i = j
	}
}

func splitByte(rec string, out []string, c byte) []string {
	for {
		j := strings.IndexByte(rec, c)
		if j < 0 {
			return append(out, rec)
		}
		out = append(out, rec[:j])
		rec = rec[j+1:]
	}
}

func splitFunc(rec string, out []string, sep func(byte) bool) []string {
	start := 0
	for i := 0; i < len(rec); i++ {
		if sep(rec[i]) {
			out = append(out, rec[start:i])
			start = i + 1
		}
	}
	return append(out, rec[start:])
}

// setRecord makes s the current record; its fields are split when
// first needed, with the FS in force now.
func (in *interp) setRecord(s string) {
	in.charge(int64(len(s) - len(in.record)))
	in.record = s
	in.fieldsOK = false
	in.recFS = in.fs
}

func (in *interp) splitRecord() {
	if in.fieldsOK {
		return
	}
	in.fields = in.recFS.split(in.record, in.fields[:0], in.rs == "")
	in.nf = len(in.fields)
	in.fieldsOK = true
}

func (in *interp) fieldIndex(f *fieldRef) int {
	var n float64
	switch e := f.index.(type) {
	case *numLit:
		n = e.v
	default:
		n = in.eval(f.index).num()
	}
	if n < 0 {
		in.errorf("attempt to access field %d", int(n))
	}
	if n > 1e7 {
		in.errorf("field index %.0f too large", n)
	}
	return int(n)
}

func (in *interp) field(i int) value {
	if i == 0 {
		return strnum(in.record)
	}
	in.splitRecord()
	if i > in.nf {
		return value{}
	}
	return strnum(in.fields[i-1])
}

func (in *interp) setField(i int, s string) {
	if i == 0 {
		in.setRecord(s)
		return
	}
	in.splitRecord()
	for in.nf < i {
		in.fields = append(in.fields[:in.nf], "")
		in.nf++
	}
	in.fields[i-1] = s
	in.rebuild()
}

func (in *interp) setNF(n int) {
	in.splitRecord()
	if n < 0 {
		in.errorf("NF set to negative value")
	}
	if n > 1e7 {
		in.errorf("NF %d too large", n)
	}
	for in.nf < n {
		in.fields = append(in.fields[:in.nf], "")
		in.nf++
	}
	in.fields = in.fields[:n]
	in.nf = n
	in.rebuild()
}

// rebuild joins the fields with OFS into $0.
func (in *interp) rebuild() {
	rec := strings.Join(in.fields[:in.nf], in.ofs)
	in.charge(int64(len(rec) - len(in.record)))
	in.record = rec
	in.fieldsOK = true
}
