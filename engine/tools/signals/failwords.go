package signals

import "bytes"

// errorModifiers follow "error" where it names a topic, not a failure.
var errorModifiers = []string{"handling", "handler", "handlers", "prone", "checking", "check", "checks",
	"reporting", "recovery", "rate", "rates", "budget", "detector", "detection", "boundary",
	"callback", "callbacks", "messages", "page", "pages", "path", "paths", "case", "cases",
	"wrapping", "propagation", "summary"}

// errorWord: error: x, ERROR, Error response from daemon, 1 error,
// level=error; not 0 errors, error_handler, console.error(, error
// handling, or the word in code and prose (see [reportedError]).
func errorWord(l []byte, i, j, form int) bool {
	if compound(l, i, j) {
		return false
	}
	if value, outcome := assigned(l, i); value {
		return outcome
	}
	if quoted(l, i, j) {
		return false // a literal: --rule 'no-console: error', echo "error on line"
	}
	if bytes.HasPrefix(l[j:], []byte("(s)")) {
		return counted(l, i, j, false) == countSome
	}
	if failure, ok := byCount(l, i, j, false); ok {
		return failure
	}
	if nextWordIs(l, j, errorModifiers...) {
		return false
	}
	switch form {
	case lowerCase:
		return reportedError(l, i, j)
	case titleCase:
		return !inCode(l, i, j)
	}
	return true
}

// errorKinds name a kind of error before the word: fatal error, Bus
// error, syntax error, Input/output error.
var errorKinds = []string{"fatal", "runtime", "bus", "syntax", "parse", "internal", "compile",
	"compilation", "build", "linker", "unexpected", "unknown", "network", "input/output",
	"server", "connection", "ssl", "tls", "protocol", "npm", "yarn", "pnpm"}

// reportedError tells "error" in small letters as a tool reports it
// (error: x, error[E0308], [error], error TS2322, dpkg: error
// processing, error Command failed, 12:5  error  'x' is unused, fatal
// error, An error occurred) from the word in code and prose (func f()
// error, returns an error if).
func reportedError(l []byte, i, j int) bool {
	if j < len(l) {
		switch l[j] {
		case ':', '[', '!':
			return true
		case ']', '>':
			return i > 0 && (l[i-1] == '[' || l[i-1] == '<')
		}
	}
	if code := nextToken(l, j); len(code) >= 3 && isUpper(code[0]) && isDigit(code[len(code)-1]) && upperWord(code) {
		return true // error TS2322, error CS1002, error MSB3073, error LNK2019
	}
	if nextWordIs(l, j, "occurred", "occured") {
		return true
	}
	k := trimBlanksLeft(l, i)
	if k == 0 || l[k-1] == ':' {
		return true // the line's or the message's first word
	}
	t, _ := prevToken(l, i)
	if position(t) {
		return true
	}
	if slash := bytes.LastIndexByte(t, '/'); slash >= 0 && !bytes.EqualFold(t, []byte("input/output")) {
		t = t[slash+1:]
	}
	return prevWordIs(t, len(t), errorKinds...)
}

// position reports a LINE:COLUMN token (eslint's stylish output).
func position(t []byte) bool {
	a, b, ok := bytes.Cut(t, []byte(":"))
	return ok && digits(a) && digits(b)
}

// errorsWord: 3 errors, Errors: 2, ERRORS, finished with errors, all
// warnings being treated as errors; not 0 errors, no errors, errors.go.
func errorsWord(l []byte, i, j, form int) bool {
	if compound(l, i, j) {
		return false
	}
	if failure, ok := byCount(l, i, j, false); ok {
		return failure
	}
	const treated = "being treated as "
	return form == upperCase || prevWordIs(l, i, "with") ||
		i >= len(treated) && bytes.EqualFold(l[i-len(treated):i], []byte(treated))
}

// errWord: npm ERR!, ERR: x, [ERR], redis's (error) ERR unknown
// command; never Go's err, nor bash's trap ERR.
func errWord(l []byte, i, j, form int) bool {
	if form != upperCase || compound(l, i, j) || j == len(l) {
		return false
	}
	switch l[j] {
	case '!', ':':
		return true
	case ']':
		return i > 0 && l[i-1] == '['
	case ' ':
		return trimBlanksLeft(l, i) == 0 || prevWordIs(l, i, "error)") // prevToken drops the "("
	}
	return false
}

// quoted reports a word that opens or closes a quoted literal: after a
// quote, or before one that no colon follows (a JSON key).
func quoted(l []byte, i, j int) bool {
	if i > 0 && isQuote(l[i-1]) {
		return true
	}
	return j < len(l) && isQuote(l[j]) && (j+1 == len(l) || l[j+1] != ':')
}

func isQuote(c byte) bool { return c == '"' || c == '\'' || c == '`' }

// failWord: FAIL (go test, jest), fail: x, # fail  2 (tape); not
// --fail-fast, fail_on_error, # fail 0.
func failWord(l []byte, i, j, form int) bool {
	if compound(l, i, j) {
		return false
	}
	if failure, ok := byCount(l, i, j, true); ok {
		return failure
	}
	return form == upperCase || j < len(l) && l[j] == ':'
}

// failedWord: failed, FAILED, Failed to start, 2 failed,
// status=failed, failed=1; not 0 failed, failed=0, if failed {.
func failedWord(l []byte, i, j, form int) bool {
	if compound(l, i, j) || inCode(l, i, j) {
		return false
	}
	if value, outcome := assigned(l, i); value {
		return outcome
	}
	return counted(l, i, j, false) != countZero
}

// failuresWord: 1 failures, Failures: 2, FAILURES, a "failures:"
// heading; not 0 failures, Failures: 0.
func failuresWord(l []byte, i, j, form int) bool {
	if compound(l, i, j) {
		return false
	}
	if failure, ok := byCount(l, i, j, false); ok {
		return failure
	}
	return form == upperCase || j < len(l) && l[j] == ':' && restBlank(l, j+1)
}
