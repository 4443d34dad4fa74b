package signals

import "bytes"

// What the start of a line tells.
const (
	startUnknown = iota
	startClean   // a passing test, a hint: nothing on the line counts
	startFailure
)

// cleanStarts open lines that report success or give advice, whatever
// words follow (--- PASS: TestFail, ✓ returns an error, hint: Updates
// were rejected).
var cleanStarts = [][]byte{
	[]byte("hint:"), []byte("--- PASS"), []byte("--- SKIP"), []byte("PASS"),
	[]byte("=== RUN"), []byte("=== CONT"), []byte("=== PAUSE"), []byte("=== NAME"),
	[]byte("ok "), []byte("ok\t"), []byte("// "), []byte("//\t"), []byte("✓"), []byte("✔"), []byte("√"),
}

// lineStart looks at how the line l (s: without its surrounding
// blanks) starts. It dispatches on the first byte: it sees every line.
func lineStart(l, s []byte) int {
	switch s[0] {
	case 'h', '-', 'P', '=', 'o', '/', 0xe2:
		for _, p := range cleanStarts {
			if bytes.HasPrefix(s, p) {
				return startClean
			}
		}
	}
	switch {
	case l[0] == 'E' && (bytes.HasPrefix(l, []byte("E: ")) || bytes.HasPrefix(l, []byte("E   "))), // apt, pytest
		(l[0] == 'E' || l[0] == 'F') && klogFailure(l),
		s[0] == 'n' && tapFailure(s),
		s[0] == 'e' && kotlinError(s),
		s[0] == '*' && bytes.HasPrefix(s, []byte("** (")), // elixir's exceptions
		lintCode(s),
		s[0] == 'g' && goCommandFailure(s),
		goPosition(s),
		s[len(s)-1] == ']' && pytestProgress(s):
		return startFailure
	}
	return startUnknown
}

// klogFailure reports glog's and klog's error and fatal lines:
// E0612 10:20:30.123456    1234 file.go:123] message.
func klogFailure(l []byte) bool {
	if len(l) < 14 || l[0] != 'E' && l[0] != 'F' {
		return false
	}
	return digits(l[1:5]) && l[5] == ' ' && digits(l[6:8]) && l[8] == ':' && digits(l[9:11]) && l[11] == ':' && digits(l[12:14])
}

// tapFailure reports TAP's "not ok 3 - name".
func tapFailure(s []byte) bool {
	return bytes.HasPrefix(s, []byte("not ok ")) && len(s) > 7 && isDigit(s[7])
}

// goInfo are the go command's lines that report progress, not failure.
var goInfo = [][]byte{
	[]byte("downloading "), []byte("finding "), []byte("extracting "), []byte("added "),
	[]byte("upgraded "), []byte("downgraded "), []byte("removed "), []byte("found "),
	[]byte("creating "), []byte("to add "), []byte("warning:"), []byte("switching "),
}

// goCommandFailure reports the go command's own errors ("go: cannot
// find main module", "go: module x: reading ...: 404 Not Found").
func goCommandFailure(s []byte) bool {
	rest, ok := bytes.CutPrefix(s, []byte("go: "))
	if !ok {
		return false
	}
	for _, p := range goInfo {
		if bytes.HasPrefix(rest, p) {
			return false
		}
	}
	return true
}

// goPosition reports a Go compiler or vet diagnostic, which names no
// severity: ./main.go:12:5: undefined: foo (vet: prefixes vet's).
func goPosition(s []byte) bool {
	s = bytes.TrimPrefix(s, []byte("vet: "))
	sp := bytes.IndexByte(s, ' ')
	if sp < 6 || s[sp-1] != ':' {
		return false
	}
	tok := s[:sp]
	k := bytes.Index(tok, []byte(".go:"))
	if k <= 0 {
		return false
	}
	rest := tok[k+4:]
	a := bytes.IndexByte(rest, ':')
	if a <= 0 || !digits(rest[:a]) {
		return false
	}
	rest = rest[a+1:]
	return len(rest) >= 2 && rest[len(rest)-1] == ':' && digits(rest[:len(rest)-1])
}

// kotlinError reports kotlinc's "e: file:///src/Main.kt:3:5 message"
// (and its older "e: /src/Main.kt: (3, 5): message").
func kotlinError(s []byte) bool {
	rest, ok := bytes.CutPrefix(s, []byte("e: "))
	if !ok {
		return false
	}
	tok, _, _ := bytes.Cut(rest, []byte(" "))
	return bytes.HasPrefix(tok, []byte("file:")) || bytes.Contains(tok, []byte(".kt")) || bytes.Contains(tok, []byte(".java"))
}

// lintCode reports a linter's finding of an error class at a position:
// x.py:1:1: F401 'os' imported but unused (flake8, ruff), x.py:3:0:
// E0401: Unable to import (pylint), x.rb:3:1: E: Lint/Syntax (rubocop).
func lintCode(s []byte) bool {
	sp := bytes.IndexByte(s, ' ')
	if sp < 6 || s[sp-1] != ':' || sp+2 >= len(s) || s[sp+1] != 'E' && s[sp+1] != 'F' {
		return false
	}
	c := bytes.Count(s[:sp], []byte(":"))
	if c < 3 || !isDigit(s[sp-2]) {
		return false
	}
	code := s[sp+1:]
	if bytes.HasPrefix(code[1:], []byte(": ")) {
		return true
	}
	e := 1
	for e < len(code) && isDigit(code[e]) {
		e++
	}
	return e >= 4 && e <= 5 && (e == len(code) || code[e] == ' ' || code[e] == ':')
}

// pytestProgress reports pytest's progress line when it shows a failure
// or an error: tests/test_x.py ..F.E.   [ 50%].
func pytestProgress(s []byte) bool {
	if !bytes.HasSuffix(s, []byte("%]")) {
		return false
	}
	open := bytes.LastIndexByte(s, '[')
	if open < 0 {
		return false
	}
	head := trimSpace(s[:open])
	sp := bytes.LastIndexAny(head, " \t")
	if sp < 0 || !bytes.Contains(head[:sp], []byte(".py")) {
		return false
	}
	marks := head[sp+1:]
	failed := false
	for _, c := range marks {
		switch c {
		case 'F', 'E':
			failed = true
		case '.', 's', 'x', 'X':
		default:
			return false
		}
	}
	return failed
}

func isDigit(c byte) bool { return c >= '0' && c <= '9' }

func digits(b []byte) bool { return every(b, isDigit) }
