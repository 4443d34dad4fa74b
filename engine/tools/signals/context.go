package signals

import (
	"bytes"
	"strings"
)

// A count is what the numbers around a word say of it.
type count int8

const (
	countNone count = iota // no number, no negation
	countZero              // 0 errors, no errors, Failures: 0, errors=[]
	countSome              // 3 errors, Failures: 1
)

// counted is the count that the words before l[i:j] give (3 errors, 0
// tests failed, no errors), else the one after it (Failures: 2,
// failed=0, errors: none; with spaced also killed 0, fail 2).
func counted(l []byte, i, j int, spaced bool) count {
	if c := countBefore(l, i); c != countNone {
		return c
	}
	return countAfter(l, j, spaced)
}

// countBefore reads "N word" and "N noun word" and negations before i.
func countBefore(l []byte, i int) count {
	t, start := prevToken(l, i)
	switch {
	case len(t) == 0:
		return countNone
	case l[trimBlanksLeft(l, i)-1] == ',' || l[trimBlanksLeft(l, i)-1] == ';':
		return countNone // Tests run: 5, Failures: 0
	case negation(t):
		return countZero
	case digits(t):
		return numberCount(t)
	case letters(bytes.TrimSuffix(t, []byte("(s)"))):
		if t2, _ := prevToken(l, start); digits(t2) {
			return numberCount(t2)
		}
	}
	return countNone
}

// countAfter reads ": N", "=N", "(s): N", ": none" after j; a bare " N"
// only when spaced.
func countAfter(l []byte, j int, spaced bool) count {
	k := j
	if bytes.HasPrefix(l[k:], []byte("(s)")) {
		k += 3
	}
	if k < len(l) && (l[k] == '"' || l[k] == '\'') {
		k++
	}
	k = skipBlanks(l, k)
	sep := k < len(l) && (l[k] == ':' || l[k] == '=')
	if sep {
		k = skipBlanks(l, k+1)
	} else if !spaced || k == j {
		return countNone
	}
	if k < len(l) && (l[k] == '"' || l[k] == '\'') && sep {
		k++
	}
	e := k
	for e < len(l) && isDigit(l[e]) {
		e++
	}
	if e > k {
		return numberCount(l[k:e])
	}
	if sep && zeroValue(l[k:]) {
		return countZero
	}
	return countNone
}

func numberCount(d []byte) count {
	for _, c := range d {
		if c != '0' {
			return countSome
		}
	}
	return countZero
}

var negations = []string{"no", "zero", "without", "not", "never", "none"}

func negation(t []byte) bool {
	for _, n := range negations {
		if bytes.EqualFold(t, []byte(n)) {
			return true
		}
	}
	return false
}

var zeroValues = []string{"none", "null", "nil", "<nil>", "false", "off", "no", "[]", "{}", `""`, "''", "n/a"}

// zeroValue reports a value that means nothing there (none, null, [],
// false...) at the start of v; "no" only as the whole value (not
// "Error: no such file").
func zeroValue(v []byte) bool {
	for _, z := range zeroValues {
		if len(v) < len(z) || !bytes.EqualFold(v[:len(z)], []byte(z)) {
			continue
		}
		rest := v[len(z):]
		if len(rest) == 0 || z == "no" && strings.IndexByte(",;)]}\"'", rest[0]) >= 0 || z != "no" && !isWord[rest[0]] {
			return true
		}
	}
	return false
}

// maxToken bounds how far the words around a word are looked for, so
// that a line of many keywords in one long token costs little.
const maxToken = 64

// prevToken returns the blank-separated token that ends before i,
// without opening brackets or closing punctuation, and where it starts.
func prevToken(l []byte, i int) ([]byte, int) {
	e := i
	for e > 0 && isSpace(l[e-1]) {
		e--
	}
	s := e
	for s > 0 && !isSpace(l[s-1]) && e-s < maxToken {
		s--
	}
	t := bytes.TrimRight(l[s:e], ",;:.\"'")
	return bytes.TrimLeft(t, "([{\"'"), s
}

// prevWordIs reports whether the word before i (blanks between) is one
// of words, in any case.
func prevWordIs(l []byte, i int, words ...string) bool {
	t, _ := prevToken(l, i)
	for _, w := range words {
		if bytes.EqualFold(t, []byte(w)) {
			return true
		}
	}
	return false
}

// nextWord returns the letters that follow j after blanks.
func nextWord(l []byte, j int) []byte {
	k := skipBlanks(l, j)
	e := k
	for e < len(l) && isLetter(l[e]) {
		e++
	}
	return l[k:e]
}

// nextToken returns the blank-separated token that follows j after
// blanks.
func nextToken(l []byte, j int) []byte {
	k := skipBlanks(l, j)
	e := k
	for e < len(l) && !isSpace(l[e]) && e-k < maxToken {
		e++
	}
	return l[k:e]
}

// nextWordIs reports whether the word after j is one of words, in any
// case.
func nextWordIs(l []byte, j int, words ...string) bool {
	w := nextWord(l, j)
	for _, x := range words {
		if bytes.EqualFold(w, []byte(x)) {
			return true
		}
	}
	return false
}

// followedBy reports whether l continues at j with s, in any case.
func followedBy(l []byte, j int, s string) bool {
	return len(l)-j >= len(s) && bytes.EqualFold(l[j:j+len(s)], []byte(s))
}

// restBlank reports whether nothing but blanks follows j.
func restBlank(l []byte, j int) bool { return skipBlanks(l, j) == len(l) }

// trimBlanksLeft returns where the blanks that end before i start.
func trimBlanksLeft(l []byte, i int) int {
	for i > 0 && isSpace(l[i-1]) {
		i--
	}
	return i
}

func skipBlanks(l []byte, k int) int {
	for k < len(l) && isSpace(l[k]) {
		k++
	}
	return k
}

// outcomeKeys end the names of keys whose value is a level or an
// outcome.
var outcomeKeys = []string{"level", "lvl", "severity", "status", "state", "result", "outcome", "conclusion", "reason"}

// upperWord reports a word with capitals and no small letters.
func upperWord(b []byte) bool {
	up := false
	for _, c := range b {
		if c >= 'a' && c <= 'z' {
			return false
		}
		up = up || isUpper(c)
	}
	return up
}

func isLetter(c byte) bool { return c >= 'a' && c <= 'z' || c >= 'A' && c <= 'Z' }

func isUpper(c byte) bool { return c >= 'A' && c <= 'Z' }

func letters(b []byte) bool { return every(b, isLetter) }

// every reports whether b is not empty and f holds for each of its
// bytes.
func every(b []byte, f func(byte) bool) bool {
	if len(b) == 0 {
		return false
	}
	for _, c := range b {
		if !f(c) {
			return false
		}
	}
	return true
}

// compound reports a word that is part of a name, a path, a flag or a
// call rather than a word of its own: --fail-fast, error-prone,
// errors.go, console.error, log.Error(, /src/error/, fail_fast=1.
func compound(l []byte, i, j int) bool {
	if i > 1 && l[i-1] == '(' && isWord[l[i-2]] {
		return true // an argument: quote(failed)
	}
	if i > 0 {
		switch p := l[i-1]; p {
		case '.', '\\', '-', '$', '@':
			return true
		case '/':
			if i < 2 || !isDigit(l[i-2]) || !upperWord(l[i:j]) {
				return true // but 1/FAILURE is systemd's status
			}
		}
	}
	if j < len(l) {
		switch l[j] {
		case '/', '\\', '@', '{':
			return true
		case '=':
			return j+1 >= len(l) || !isDigit(l[j+1]) // failed=1 is a count
		case '(':
			return !bytes.HasPrefix(l[j:], []byte("(s)"))
		case '.', '-':
			return j+1 < len(l) && isWord[l[j+1]]
		}
	}
	return false
}

// codeBefore and codeAfter are tokens around a word that make it code
// (if failed {, var fatal bool, case *fs.PathError:, func (e *Error)).
var (
	codeBefore = []string{"if", "else", "var", "let", "const", "return", "case", "func", "type", "struct", "class", "interface", "bool", "!"}
	codeAfter  = []string{"{", ":=", "=", "==", "!=", "&&", "||", "bool", "bool)", "int", "int)", "int64", "string", "string)", "error", "error)", "struct", "interface"}
)

// inCode reports a word that source code uses as a name: the token
// before its qualified name (*fs.PathError) or the one after it says
// so.
func inCode(l []byte, i, j int) bool {
	q := i
	for q > 0 && i-q < maxToken && (isWord[l[q-1]] || l[q-1] == '.' || l[q-1] == '*' || l[q-1] == '&') {
		q--
	}
	if q < i && l[q] == '*' && (q+1 == i || l[q+1] != '*') {
		return true // a pointer's type: func (e *Error) Error()
	}
	t, _ := prevToken(l, q)
	for _, c := range codeBefore {
		if string(t) == c {
			return true
		}
	}
	n := bytes.TrimRight(nextToken(l, j), ",;")
	for _, c := range codeAfter {
		if string(n) == c {
			return true
		}
	}
	return false
}

// assigned reports a word given as a value (level=error,
// "level":"error") and whether its key names a level or an outcome; an
// upper-case key is an environment variable (LOG_LEVEL=ERROR), no
// report.
func assigned(l []byte, i int) (value, outcome bool) {
	k := i
	if k > 0 && (l[k-1] == '"' || l[k-1] == '\'') {
		k--
	}
	if k == 0 || l[k-1] != '=' && l[k-1] != ':' {
		return false, false
	}
	if k >= 2 && l[k-1] == '=' && l[k-2] == '=' {
		return false, false // ASan's ==123==ERROR:
	}
	k--
	if k > 0 && (l[k-1] == '"' || l[k-1] == '\'') {
		k--
	}
	e := k
	for k > 0 && e-k < maxToken && (isWord[l[k-1]] || l[k-1] == '.') {
		k--
	}
	key := l[k:e]
	if len(key) == 0 {
		return false, false
	}
	if upperWord(key) {
		return true, false
	}
	for _, w := range outcomeKeys {
		if len(key) >= len(w) && bytes.EqualFold(key[len(key)-len(w):], []byte(w)) {
			return true, true
		}
	}
	return true, false
}
