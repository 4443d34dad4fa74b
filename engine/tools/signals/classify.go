package signals

import "bytes"

// maxScan is how much of a line [Failure] reads: tools put the failure
// at the start of the line, and a minified megabyte is not a report.
const maxScan = 4096

// Failure reports whether line (without its newline) looks like a tool
// reporting a failure: a compiler's or linker's error, a failed test, a
// panic, traceback or uncaught exception, a crash, abort or kill, a
// sanitizer's report, a failed merge or push, a non-zero exit status.
// Lines that only look alike (0 errors, Failures: 0, --fail-fast,
// errors.go, if err != nil, --- PASS: TestFail) are not failures.
// Terminal colour sequences are ignored.
func Failure(line []byte) bool {
	if len(line) > maxScan {
		line = line[:maxScan]
	}
	if bytes.IndexByte(line, 0x1b) >= 0 {
		var buf [maxScan]byte
		line = stripANSI(buf[:0], line)
	}
	return classify(line)
}

// classify is [Failure] for a line cut and without colours.
func classify(l []byte) bool {
	s := trimSpace(l)
	if len(s) == 0 {
		return false
	}
	switch lineStart(l, s) {
	case startClean:
		return false
	case startFailure:
		return true
	}
	return scanWords(l)
}

// maxLooks is how many words of a line scanWords looks at closely: a
// tool names its failure early in the line, and a line of keywords by
// the hundred is a listing, not a report.
const maxLooks = 24

// isWord marks the bytes of words: letters, digits and '_'.
var isWord = func() (t [256]bool) {
	for c := 0; c < 256; c++ {
		t[c] = c >= 'a' && c <= 'z' || c >= 'A' && c <= 'Z' || c >= '0' && c <= '9' || c == '_'
	}
	return t
}()

// scanWords looks at each word of l and at the few non-word signs of
// failure (test runners' crosses, make's ***). Words in double quotes
// are a program's text shown, not its report (t.Errorf("exit status
// %d"), a source line in a listing), unless they are a level's value
// ({"level":"error"}).
func scanWords(l []byte) bool {
	n := len(l)
	inQuote := false
	budget := maxLooks
	for i := 0; i < n; {
		c := l[i]
		if !isWord[c] {
			switch {
			case c == '"' && (i == 0 || l[i-1] != '\\'):
				inQuote = !inQuote
			case c == '/' && !inQuote && i > 0 && l[i-1] == ' ' && i+2 < n && l[i+1] == '/' && l[i+2] == ' ':
				return false // the rest is a comment: x = 4 // an I/O error
			case c >= 0x80 && mark(l, i), c == '*' && makeStars(l, i):
				return true
			}
			i++
			continue
		}
		j := i + 1
		for j < n && isWord[l[j]] {
			j++
		}
		if j-i >= 3 && (!inQuote || levelValue(l, i)) {
			failure, looked := wordFailure(l, i, j)
			if failure {
				return true
			}
			if looked {
				if budget--; budget == 0 {
					return false
				}
			}
		}
		i = j
	}
	return false
}

// levelValue reports a word given as the value of a level or an
// outcome ("level":"error", status="failed").
func levelValue(l []byte, i int) bool {
	_, outcome := assigned(l, i)
	return outcome
}

// mark reports a test runner's or linter's failure mark at l[i]: ✕ ✖ ✗
// ✘ (jest, eslint, tap reporters) starting the line or followed by a
// space, ❌ anywhere, × or ⨯ starting the line (vitest, pip, next).
func mark(l []byte, i int) bool {
	r := l[i:]
	atStart := len(trimSpace(l[:i])) == 0
	spaced := func(k int) bool { return len(r) == k || r[k] == ' ' }
	switch {
	case len(r) >= 3 && r[0] == 0xe2 && r[1] == 0x9c && r[2] >= 0x95 && r[2] <= 0x98:
		return atStart || spaced(3)
	case len(r) >= 3 && r[0] == 0xe2 && r[1] == 0x9d && r[2] == 0x8c:
		return true
	case len(r) >= 3 && r[0] == 0xe2 && r[1] == 0xa8 && r[2] == 0xaf:
		return atStart && spaced(3)
	case len(r) >= 2 && r[0] == 0xc3 && r[1] == 0x97:
		return atStart && spaced(2)
	}
	return false
}

// makeStars reports make's "target: *** message" (make: *** [all]
// Error 1, Makefile:3: *** missing separator.  Stop.).
func makeStars(l []byte, i int) bool {
	return i >= 2 && l[i-1] == ' ' && l[i-2] == ':' && bytes.HasPrefix(l[i:], []byte("*** "))
}

// stripANSI appends l to dst without its escape sequences (CSI colours
// and cursor moves, OSC titles and links, two-byte escapes).
func stripANSI(dst, l []byte) []byte {
	for i := 0; i < len(l); i++ {
		if l[i] != 0x1b {
			dst = append(dst, l[i])
			continue
		}
		i++
		if i >= len(l) {
			break
		}
		switch l[i] {
		case '[':
			for i++; i < len(l) && (l[i] < 0x40 || l[i] > 0x7e); i++ {
			}
		case ']':
			for i++; i < len(l) && l[i] != 0x07 && !(l[i] == 0x1b && i+1 < len(l) && l[i+1] == '\\'); i++ {
			}
			if i < len(l) && l[i] == 0x1b {
				i++
			}
		}
	}
	return dst
}

func isSpace(c byte) bool { return c == ' ' || c == '\t' || c == '\r' || c == '\v' || c == '\f' }

func trimSpace(b []byte) []byte {
	for len(b) > 0 && isSpace(b[0]) {
		b = b[1:]
	}
	for len(b) > 0 && isSpace(b[len(b)-1]) {
		b = b[:len(b)-1]
	}
	return b
}
