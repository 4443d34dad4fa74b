package signals

import "bytes"

// exceptionWord: Exception in thread, Unhandled exception, Floating
// point exception, Exception: boom, FATAL EXCEPTION; not except
// Exception: or exception handling.
func exceptionWord(l []byte, i, j, form int) bool {
	if compound(l, i, j) || prevWordIs(l, i, "except", "catch", "raise", "throw") || counted(l, i, j, false) == countZero {
		return false
	}
	return form == upperCase || j < len(l) && l[j] == ':' || followedBy(l, j, " in thread") ||
		prevWordIs(l, i, "unhandled", "uncaught", "point", "fatal") || restBlank(l, j)
}

// tracebackWord: Traceback (most recent call last):, stack traceback:.
func tracebackWord(l []byte, i, j, _ int) bool {
	return followedBy(l, j, " (most recent call") || j < len(l) && l[j] == ':'
}

// conflictWord: git's CONFLICT (content), Merge conflict in.
func conflictWord(l []byte, i, j, form int) bool {
	return form == upperCase && !compound(l, i, j) || prevWordIs(l, i, "merge")
}

// rejectionWord: Unhandled promise rejection.
func rejectionWord(l []byte, i, j, _ int) bool {
	return prevWordIs(l, i, "promise", "unhandled")
}

// foundWord: command not found, symbol(s) not found, library not
// found, dash's "sh: 1: cc: not found".
func foundWord(l []byte, i, j, _ int) bool {
	if !prevWordIs(l, i, "not") {
		return false
	}
	_, start := prevToken(l, i)
	if prevWordIs(l, start, "command", "symbol(s)", "library", "module", "executable", "file") {
		return true
	}
	first, _, _ := bytes.Cut(trimSpace(l), []byte(" "))
	k := trimBlanksLeft(l, start)
	return k > 0 && l[k-1] == ':' && bytes.HasSuffix(first, []byte("sh:"))
}

// notSentences are the prefixes after which a sentence is advice, not
// a failure.
var notSentences = []string{"warning", "warn", "note", "hint", "info", "notice", "tip"}

// leading is a word that counts written as w, followed by next, and
// opening the line or what follows a prefix such as "lua:" or "[error]"
// (Could not find gem, Can't locate Foo.pm, Unable to connect); not
// after a warning's or a note's prefix.
func leading(w, next string) rule {
	return func(l []byte, i, j, _ int) bool {
		if string(l[i:j]) != w || !followedBy(l, j, next) {
			return false
		}
		k := trimBlanksLeft(l, i)
		if k == 0 {
			return true
		}
		if l[k-1] != ':' && l[k-1] != ']' {
			return false
		}
		t, _ := prevToken(l, i)
		t = bytes.Trim(t, "[]")
		return !prevWordIs(t, len(t), notSentences...)
	}
}

// k8sStates are Kubernetes' names for a failing container.
var k8sStates = []string{"ErrImagePull", "ErrImageNeverPull", "CreateContainerConfigError",
	"CreateContainerError", "RunContainerError", "InvalidImageName", "ContainerCannotRun"}

// camelFailure looks at a word in mixed case: an exception class
// (ValueError: x, java.lang.NullPointerException), OOMKilled,
// CrashLoopBackOff, AddressSanitizer:, UnhandledPromiseRejection,
// Kubernetes' Failed* events and failing states.
func camelFailure(l []byte, i, j int) bool {
	w := l[i:j]
	for _, s := range k8sStates {
		if string(w) == s {
			return true
		}
	}
	colon := j < len(l) && l[j] == ':'
	switch {
	case bytes.HasSuffix(w, []byte("Killed")), bytes.HasSuffix(w, []byte("BackOff")),
		bytes.Contains(w, []byte("PromiseRejection")):
		return !compound(l, i, j)
	case bytes.HasSuffix(w, []byte("Sanitizer")):
		return colon
	case len(w) > 6 && bytes.HasPrefix(w, []byte("Failed")) && isUpper(w[6]):
		return !compound(l, i, j) // FailedScheduling, FailedMount
	case bytes.HasSuffix(w, []byte("Error")), bytes.HasSuffix(w, []byte("Exception")),
		bytes.HasSuffix(w, []byte("Interrupt")):
		return exceptionClass(l, i, j)
	}
	return false
}

// notClasses start names that end in Error but are no exception's
// class: a test, a field, a handler (TestValueError, IsError, OnError).
var notClasses = []string{"Test", "Is", "Has", "On", "Handle", "Log", "Print", "Raise", "Throw", "With", "New", "Set", "Get", "Wrap"}

// exceptionClass: an exception's class reported, not named in code:
// ValueError: x, Uncaught TypeError, a class alone on its line; not
// except ValueError:, raise KeyError(, onError, TestValueError.
func exceptionClass(l []byte, i, j int) bool {
	w := l[i:j]
	if !isUpper(w[0]) || len(w) <= len("Error") {
		return false
	}
	for _, p := range notClasses {
		if bytes.HasPrefix(w, []byte(p)) && isUpper(w[len(p)]) {
			return false
		}
	}
	if i > 0 && l[i-1] == '(' && j < len(l) && l[j] == ')' && restBlank(l, j+1) {
		return true // ruby: x.rb:3:in `<main>': message (NameError)
	}
	if prevWordIs(l, i, "except", "catch", "raise", "throw", "new", "class") || inCode(l, i, j) ||
		j < len(l) && (l[j] == '(' || l[j] == '.') {
		return false
	}
	if j < len(l) && l[j] == ':' && (j+1 == len(l) || l[j+1] == ' ') {
		return true
	}
	if prevWordIs(l, i, "uncaught", "unhandled", "threw", "thrown") {
		return true
	}
	q := i // a qualified name alone on its line
	for q > 0 && i-q < maxToken && (isWord[l[q-1]] || l[q-1] == '.' || l[q-1] == '$') {
		q--
	}
	return restBlank(l, j) && len(trimSpace(l[:q])) == 0
}
