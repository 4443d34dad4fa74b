package awk

import (
	"math"
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

// blank marks the default field separators: space, tab, newline.
var blank = [256]bool{' ': true, '\t': true, '\n': true}

func isBlank(c byte) bool { return blank[c] }

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
	in.fields = in.fields[:0]
	in.splitPos = 0
	in.recFS = in.fs
}

func (in *interp) splitRecord() { in.splitTo(math.MaxInt) }

// splitTo splits the record until it has n fields or is fully split;
// blank and one-character separators split only as far as needed, so
// that {print $2} does not cut the whole line.
func (in *interp) splitTo(n int) {
	if in.fieldsOK {
		return
	}
	sp := in.recFS
	rec, i := in.record, in.splitPos
	switch {
	case sp.mode == splitBlank:
		for len(in.fields) < n {
			for i < len(rec) && blank[rec[i]] {
				i++
			}
			if i >= len(rec) {
				in.finishSplit()
				return
			}
			j := i
			for j < len(rec) && !blank[rec[j]] {
				j++
			}
			in.fields = append(in.fields, rec[i:j])
			i = j
		}
	case sp.mode == splitChar && in.rs != "" && rec != "":
		for len(in.fields) < n {
			j := strings.IndexByte(rec[i:], sp.c)
			if j < 0 {
				in.fields = append(in.fields, rec[i:])
				in.finishSplit()
				return
			}
			in.fields = append(in.fields, rec[i:i+j])
			i += j + 1
		}
	default:
		in.fields = sp.split(rec, in.fields[:0], in.rs == "")
		in.finishSplit()
		return
	}
	in.splitPos = i
}

func (in *interp) finishSplit() {
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
	if i > len(in.fields) {
		in.splitTo(i)
		if i > len(in.fields) {
			return value{}
		}
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
