package patch

import (
	"bytes"
	"fmt"
	"strconv"
)

// pline is one line of a hunk: its mark (' ', '-', '+' or '!') and its
// text, with the newline unless the line is incomplete.
type pline struct {
	c    byte
	text []byte
}

// phunk is one hunk in GNU patch's form: the old lines (the pattern to
// find, context and deleted or changed lines) and the new lines (the
// replacement, context and added or changed lines).
type phunk struct {
	first, ptrnLines    int // where the pattern starts in the old file
	newFirst, replLines int
	old, new            []pline
	prefixCtx, suffix   int
	function            string // the text after "@@ ... @@" or "****"
	beg                 int    // patch line where the hunk's lines start
	typ                 diffType
	typeLetter          byte // a, c or d in a normal diff
}

// malformed is GNU's complaint about a line it cannot read.
func (r *reader) malformed(line []byte) error {
	return fatalf("malformed patch at line %d: %s", r.s.line, line)
}

// hunk reads the next hunk of a file patch of format typ; nil when
// there is none.
func (r *reader) hunk(typ diffType, h *header) (*phunk, error) {
	switch typ {
	case uniDiff:
		return r.unifiedHunk()
	case contextDiff, newContextDiff:
		return r.contextHunk(typ)
	case normalDiff:
		return r.normalHunk()
	}
	return nil, nil
}

// scanNum reads a line number after optional blanks.
func (r *reader) scanNum(s, line []byte) (int, []byte, error) {
	s = bytes.TrimLeft(s, " \t")
	i := 0
	for i < len(s) && isDigit(s[i]) {
		i++
	}
	if i == 0 {
		return 0, nil, fatalf("missing line number at line %d: %s", r.s.line, line)
	}
	n, err := strconv.Atoi(string(s[:i]))
	if err != nil {
		return 0, nil, fatalf("line number %s is too large at line %d: %s", s[:i], r.s.line, line)
	}
	return n, bytes.TrimLeft(s[i:], " \t"), nil
}

// unifiedHunk reads "@@ -a,b +c,d @@" and its lines.
func (r *reader) unifiedHunk() (*phunk, error) {
	start := r.s.here()
	line, err := r.s.get(false)
	if err != nil {
		return nil, err
	}
	if len(line) <= 4 || !bytes.HasPrefix(line, []byte("@@ -")) {
		r.s.seek(start)
		return nil, nil
	}
	hk := &phunk{typ: uniDiff}
	if err := r.unifiedRanges(hk, line); err != nil {
		return nil, err
	}
	hk.beg = r.s.line + 1
	return hk, r.unifiedLines(hk)
}

func (r *reader) unifiedRanges(hk *phunk, line []byte) error {
	var err error
	s := line[4:]
	hk.ptrnLines, hk.replLines = 1, 1
	if hk.first, s, err = r.scanNum(s, line); err != nil {
		return err
	}
	if len(s) > 0 && s[0] == ',' {
		if hk.ptrnLines, s, err = r.scanNum(s[1:], line); err != nil {
			return err
		}
	}
	if len(s) == 0 || s[0] != '+' {
		return r.malformed(line)
	}
	if hk.newFirst, s, err = r.scanNum(s[1:], line); err != nil {
		return err
	}
	if len(s) > 0 && s[0] == ',' {
		if hk.replLines, s, err = r.scanNum(s[1:], line); err != nil {
			return err
		}
	}
	if len(s) == 0 || s[0] != '@' {
		return r.malformed(line)
	}
	if len(s) > 2 && s[1] == '@' && s[2] == ' ' {
		hk.function = string(bytes.TrimSuffix(s[2:], []byte{'\n'}))
	}
	if hk.ptrnLines == 0 {
		hk.first++
	}
	if hk.replLines == 0 {
		hk.newFirst++
	}
	return nil
}

// unifiedLines reads the lines of a unified hunk.
func (r *reader) unifiedLines(hk *phunk) error {
	context := 0
	hk.prefixCtx = -1
	maxLines := hk.ptrnLines + hk.replLines + 1
	var line []byte
	for len(hk.old) < hk.ptrnLines || len(hk.new) < hk.replLines {
		var err error
		if line, err = r.s.get(true); err != nil {
			return err
		}
		if line == nil {
			if maxLines-(hk.ptrnLines+1+len(hk.new)+1) < 3 {
				line = []byte(" \n")
			} else {
				return fatalf("unexpected end of file in patch")
			}
		}
		ch, text := byte(' '), line
		if line[0] != '\t' && line[0] != '\n' {
			ch, text = line[0], line[1:]
		}
		text = append([]byte{}, text...)
		switch ch {
		case '-':
			if len(hk.old) >= hk.ptrnLines {
				return r.malformed(line)
			}
			hk.old = append(hk.old, pline{'-', r.cutIncomplete(text, len(hk.old)+1 == hk.ptrnLines, 0)})
		case '=', ' ':
			if len(hk.old) >= hk.ptrnLines || len(hk.new) >= hk.replLines {
				return r.malformed(line)
			}
			context++
			text = r.cutIncomplete(text, len(hk.old)+1 == hk.ptrnLines, 0)
			hk.old = append(hk.old, pline{' ', text})
			hk.new = append(hk.new, pline{' ', r.cutIncomplete(text, len(hk.new)+1 == hk.replLines, 0)})
		case '+':
			if len(hk.new) >= hk.replLines {
				return r.malformed(line)
			}
			hk.new = append(hk.new, pline{'+', r.cutIncomplete(text, len(hk.new)+1 == hk.replLines, 0)})
		default:
			return r.malformed(line)
		}
		if ch != ' ' && ch != '=' {
			if hk.prefixCtx < 0 {
				hk.prefixCtx = context
			}
			context = 0
		}
	}
	if hk.prefixCtx < 0 {
		return r.malformed(line)
	}
	hk.suffix = context
	return nil
}

// cutIncomplete drops the newline of the last line of a side when a
// "\ No newline at end of file" line follows (and the line is longer
// than minLen).
func (r *reader) cutIncomplete(text []byte, last bool, minLen int) []byte {
	if last && len(text) > minLen && r.s.peekIncomplete() && len(text) > 0 {
		return text[:len(text)-1]
	}
	return text
}

// normalHunk reads a normal diff hunk ("5c5", "< old", "---", "> new").
func (r *reader) normalHunk() (*phunk, error) {
	start := r.s.here()
	line, err := r.s.get(false)
	if err != nil {
		return nil, err
	}
	s := bytes.TrimLeft(line, " \t")
	if line == nil || len(s) == 0 || !isDigit(s[0]) {
		r.s.seek(start)
		return nil, nil
	}
	hk := &phunk{typ: normalDiff}
	if err := r.normalRanges(hk, s, line); err != nil {
		return nil, err
	}
	hk.beg = r.s.line + 1
	for i := 1; i <= hk.ptrnLines; i++ {
		t, err := r.normalLine('<', i == hk.ptrnLines)
		if err != nil {
			return nil, err
		}
		hk.old = append(hk.old, pline{'-', t})
	}
	if hk.typeLetter == 'c' {
		l, err := r.s.get(true)
		if err != nil {
			return nil, err
		}
		if l == nil {
			return nil, fatalf("unexpected end of file in patch at line %d", r.s.line)
		}
		if l[0] != '-' {
			return nil, fatalf("'---' expected at line %d of patch", r.s.line)
		}
	}
	for i := 1; i <= hk.replLines; i++ {
		t, err := r.normalLine('>', i == hk.replLines)
		if err != nil {
			return nil, err
		}
		hk.new = append(hk.new, pline{'+', t})
	}
	return hk, nil
}

func (r *reader) normalRanges(hk *phunk, s, line []byte) error {
	first, s, err := r.scanNum(s, line)
	if err != nil {
		return err
	}
	hk.first = first
	if len(s) > 0 && s[0] == ',' {
		var last int
		if last, s, err = r.scanNum(s[1:], line); err != nil {
			return err
		}
		if last-first < -1 {
			return r.malformed(line)
		}
		hk.ptrnLines = last - first + 1
	} else if len(s) > 0 && s[0] != 'a' {
		hk.ptrnLines = 1
	}
	if len(s) == 0 {
		return r.malformed(line)
	}
	hk.typeLetter = s[0]
	if hk.typeLetter == 'a' {
		hk.first++
	}
	lo, s, err := r.scanNum(s[1:], line)
	if err != nil {
		return err
	}
	hi := lo
	if len(s) > 0 && s[0] == ',' {
		if hi, _, err = r.scanNum(s[1:], line); err != nil {
			return err
		}
	}
	if lo > hi {
		return r.malformed(line)
	}
	if hk.typeLetter == 'd' {
		lo++
	}
	hk.newFirst, hk.replLines = lo, hi-lo+1
	return nil
}

// normalLine reads one "< line" or "> line".
func (r *reader) normalLine(c byte, last bool) ([]byte, error) {
	l, err := r.s.get(true)
	if err != nil {
		return nil, err
	}
	if l == nil {
		return nil, fatalf("unexpected end of file in patch at line %d", r.s.line)
	}
	if len(l) < 2 || l[0] != c || !isBlank(l[1]) {
		return nil, fatalf("'%c' followed by space or tab expected at line %d of patch", c, r.s.line)
	}
	return r.cutIncomplete(append([]byte{}, l[2:]...), last, 0), nil
}

var _ = fmt.Sprint
