package patch

import (
	"bytes"
	"time"
)

// diffType is the format of one file's patch, in GNU's order.
type diffType int

const (
	noDiff diffType = iota
	contextDiff
	normalDiff
	edDiff
	newContextDiff
	uniDiff
	gitBinaryDiff
)

// The names of a patch header.
const (
	nameOld = iota
	nameNew
	nameIndex
)

// header is what the lines before one file's hunks say.
type header struct {
	typ   diffType
	names [3]string
	has   [3]bool
	// timestr is the text after each name (tab and timestamp), for the
	// headers of reject files.
	timestr [2]string
	stamp   [2]int
	// nonexistent says, per side, 0 (exists), 1 (probably empty) or 2
	// (does not exist).
	nonexistent [2]int
	git         bool
	mode        [2]uint32 // git modes, type bits included; 0 unknown
	sha         [2]string // git blob ids of the index line
	rename      [2]bool
	copy        [2]bool
	indent      int
	stripCR     bool
	rfc934      int
	start       mark // where the hunks (or the first hunk header) begin
	base        mark // where the search for this header began
}

func (h *header) isRename() bool { return h.rename[0] && h.rename[1] }
func (h *header) isCopy() bool   { return h.copy[0] && h.copy[1] }

// intuit finds the next file's patch after the scanner's position, as
// GNU patch's intuit_diff_type does, and leaves the scanner at the start
// of its hunks. It returns a header with type noDiff at the end.
func (r *reader) intuit(needHeader bool) (*header, error) {
	h := &header{stamp: [2]int{stampUnknown, stampUnknown}, base: r.s.here()}
	st := intuitState{}
	if r.forced == edDiff || r.forced == normalDiff {
		needHeader = false
	}
	for {
		prevLine := st.thisLine
		lastWasCmd, starsLast, indentLast := st.isCmd, st.stars, st.indent
		st.thisLine = r.s.here()
		line, err := r.s.getWith(0, 0, false, false, false)
		if err != nil {
			return nil, err
		}
		if line == nil {
			return r.intuitEnd(h, &st)
		}
		cr := len(line) >= 2 && line[len(line)-2] == '\r'
		s := line
		st.indent = 0
		for len(s) > 0 && (isBlank(s[0]) || s[0] == 'X') {
			if s[0] == '\t' {
				st.indent = (st.indent + 8) &^ 7
			} else {
				st.indent++
			}
			s = s[1:]
		}
		st.isCmd = isNormalCommand(s)
		if !needHeader && !st.sawCmd && (edLetter(s) != 0 || st.isCmd) {
			st.sawCmd, st.fclMark = true, st.thisLine
			st.edLetter = edLetter(s)
			h.indent, h.stripCR = st.indent, cr
		}
		if r.headerLine(h, s, cr, starsLast, &needHeader, &st) {
			return h, nil
		}
		if needHeader {
			continue
		}
		if typ, ok := r.hunkStart(h, s, &st, prevLine, lastWasCmd, starsLast, indentLast, cr); ok {
			h.typ = typ
			return h, nil
		}
	}
}

// intuitState carries the scan of intuit from line to line.
type intuitState struct {
	thisLine mark
	isCmd    bool
	stars    bool
	indent   int
	sawCmd   bool // an ed or normal command line was seen
	fclMark  mark
	edLetter byte
	extended bool
}

// intuitEnd handles the end of the patch during the scan.
func (r *reader) intuitEnd(h *header, st *intuitState) (*header, error) {
	switch {
	case st.edLetter != 0:
		h.start, h.typ = st.fclMark, edDiff
	case st.extended:
		h.start, h.typ = st.thisLine, uniDiff
	default:
		h.start, h.typ = st.thisLine, noDiff
	}
	return h, nil
}

// headerLine takes the names and git data from one line. It returns true
// when the line ends a git patch that has no hunks.
func (r *reader) headerLine(h *header, s []byte, cr, starsLast bool, needHeader *bool, st *intuitState) bool {
	switch {
	case !starsLast && hasWord(s, "***"):
		r.setName(h, nameOld, s[4:], true)
		*needHeader = false
	case hasWord(s, "+++"):
		r.setName(h, nameOld, s[4:], true)
		*needHeader = false
		h.stripCR = cr
	case bytes.HasPrefix(s, []byte("Index:")):
		r.setName(h, nameIndex, s[6:], false)
		*needHeader = false
		h.stripCR = cr
	case bytes.HasPrefix(s, []byte("diff --git ")):
		if st.extended {
			h.start, h.typ = st.thisLine, uniDiff
			return true
		}
		r.gitNames(h, s[11:])
		h.git = true
		*needHeader = false
	case h.git && bytes.HasPrefix(s, []byte("GIT binary patch")):
		h.start, h.typ = st.thisLine, gitBinaryDiff
		return true
	case h.git && gitLine(h, s):
		st.extended = true
	default:
		t := s
		n := 0
		for len(t) >= 2 && t[0] == '-' && t[1] == ' ' {
			t = t[2:]
			n++
		}
		if hasWord(t, "---") {
			stamp := r.setName(h, nameNew, t[4:], true)
			*needHeader = false
			if stamp != stampUnknown {
				h.stamp[nameNew] = stamp
				h.rfc934 = n
			}
			h.stripCR = cr
		}
	}
	return false
}

// hasWord reports whether s starts with w and a blank.
func hasWord(s []byte, w string) bool {
	return len(s) > len(w) && string(s[:len(w)]) == w && isBlank(s[len(w)])
}

// setName records a header name and returns what its timestamp says.
func (r *reader) setName(h *header, which int, at []byte, withStamp bool) int {
	name, ok, ts, stamp := fetchname(at, r.strip, withStamp, r.loc)
	if ok {
		h.names[which], h.has[which] = name, true
	}
	if which != nameIndex && (ok || stamp == stampEpoch) {
		h.timestr[which] = ts
		if which == nameOld {
			h.stamp[nameOld] = stamp
		}
	}
	return stamp
}

// gitNames takes both names of a "diff --git" line.
func (r *reader) gitNames(h *header, s []byte) {
	h.has[nameOld], h.has[nameNew] = false, false
	old, rest, ok1 := parseName(s, r.strip)
	if !ok1 || len(rest) == 0 || !isSpace(rest[0]) {
		return
	}
	nw, rest, ok2 := parseName(rest, r.strip)
	if !ok2 || len(bytes.TrimSpace(rest)) != 0 {
		return
	}
	h.names[nameOld], h.names[nameNew] = old, nw
	h.has[nameOld], h.has[nameNew] = true, true
}

// hunkStart recognizes the first line of the hunks (or of the first
// hunk) and returns the format.
func (r *reader) hunkStart(h *header, s []byte, st *intuitState, prev mark, lastWasCmd, starsLast bool, indentLast int, cr bool) (diffType, bool) {
	if (r.forced == noDiff || r.forced == edDiff) && st.sawCmd && string(s) == ".\n" {
		h.start = st.fclMark
		return edDiff, true
	}
	if (r.forced == noDiff || r.forced == uniDiff) && bytes.HasPrefix(s, []byte("@@ -")) {
		r.unifiedHeaderNames(h, s)
		h.indent, h.start = st.indent, st.thisLine
		return uniDiff, true
	}
	stars := bytes.HasPrefix(s, []byte("********"))
	defer func() { st.stars = stars }()
	if (r.forced == noDiff || r.forced == contextDiff || r.forced == newContextDiff) &&
		starsLast && indentLast == st.indent && hasWord(s, "***") {
		t := bytes.TrimLeft(s[4:], " \t")
		if len(t) > 0 && t[0] == '0' && (len(t) < 2 || !isDigit(t[1])) {
			h.nonexistent[nameOld] = 1 + b2i(h.stamp[nameOld] == stampEpoch)
		}
		typ := contextDiff
		if l := bytes.TrimSuffix(s, []byte{'\n'}); len(l) > 0 && l[len(l)-1] == '*' {
			typ = newContextDiff
		}
		h.indent, h.stripCR, h.start = st.indent, cr, prev
		r.contextDeletes(h, typ)
		return typ, true
	}
	if (r.forced == noDiff || r.forced == normalDiff) && lastWasCmd &&
		(bytes.HasPrefix(s, []byte("< ")) || bytes.HasPrefix(s, []byte("> "))) {
		h.start, h.indent = prev, st.indent
		return normalDiff, true
	}
	return 0, false
}

// unifiedHeaderNames puts the names of a unified header in place ("---"
// was read into the new slot and "+++" into the old one) and notes
// creations and deletions from "@@ -0,0" and "+0,0".
func (r *reader) unifiedHeaderNames(h *header, s []byte) {
	h.names[0], h.names[1] = h.names[1], h.names[0]
	h.has[0], h.has[1] = h.has[1], h.has[0]
	h.timestr[0], h.timestr[1] = h.timestr[1], h.timestr[0]
	h.stamp[0], h.stamp[1] = h.stamp[1], h.stamp[0]
	t := s[4:]
	if len(t) > 0 && t[0] == '0' && (len(t) < 2 || !isDigit(t[1])) {
		h.nonexistent[nameOld] = 1 + b2i(h.stamp[nameOld] == stampEpoch)
	}
	for len(t) > 0 && t[0] != ' ' && t[0] != '\n' {
		t = t[1:]
	}
	t = bytes.TrimLeft(t, " ")
	if len(t) >= 2 && t[0] == '+' && t[1] == '0' && (len(t) < 3 || !isDigit(t[2])) {
		h.nonexistent[nameNew] = 1 + b2i(h.stamp[nameNew] == stampEpoch)
	}
}

// contextDeletes looks at the first hunk of a context diff to see
// whether it deletes the whole file.
func (r *reader) contextDeletes(h *header, typ diffType) {
	save := r.s.here()
	r.s.seek(h.start)
	hk, err := r.hunk(typ, h)
	if err == nil && hk != nil && hk.replLines == 0 && hk.newFirst == 1 {
		h.nonexistent[nameNew] = 1 + b2i(h.stamp[nameNew] == stampEpoch)
	}
	r.s.seek(save)
}

func isDigit(c byte) bool { return c >= '0' && c <= '9' }

// isNormalCommand reports whether s is a normal diff command ("5a6,7").
func isNormalCommand(s []byte) bool {
	if len(s) == 0 || !isDigit(s[0]) {
		return false
	}
	t := 1
	for t < len(s) && (isDigit(s[t]) || s[t] == ',') {
		t++
	}
	if t >= len(s) || (s[t] != 'd' && s[t] != 'c' && s[t] != 'a') {
		return false
	}
	t++
	for t < len(s) && (isDigit(s[t]) || s[t] == ',') {
		t++
	}
	for t < len(s) && isBlank(s[t]) {
		t++
	}
	if t < len(s) && s[t] == '\r' {
		t++
	}
	return t < len(s) && s[t] == '\n'
}

// edLetter returns the command of an ed script line, or 0.
func edLetter(s []byte) byte {
	p := 0
	pair := false
	if p < len(s) && isDigit(s[p]) {
		for p < len(s) && isDigit(s[p]) {
			p++
		}
		if p < len(s) && s[p] == ',' {
			p++
			if p >= len(s) || !isDigit(s[p]) {
				return 0
			}
			for p < len(s) && isDigit(s[p]) {
				p++
			}
			pair = true
		}
	}
	if p >= len(s) {
		return 0
	}
	letter := s[p]
	p++
	switch letter {
	case 'a', 'i':
		if pair {
			return 0
		}
	case 'c', 'd':
	case 's':
		if !bytes.HasPrefix(s[p:], []byte("/.//")) {
			return 0
		}
		p += 4
	default:
		return 0
	}
	for p < len(s) && isBlank(s[p]) {
		p++
	}
	if p < len(s) && s[p] == '\n' {
		return letter
	}
	return 0
}

// reader reads the file patches of one patch input.
type reader struct {
	s      *pscan
	strip  int
	loc    *time.Location
	forced diffType // -c, -n, -u, -e: the format to expect
	// prevPrefix is the prefix context of the last context hunk read
	// (GNU consults it when deciding whether a replacement is missing).
	prevPrefix int
}
