package signals

import "bytes"

// The case a word is written in.
const (
	lowerCase = iota // error
	titleCase        // Error
	upperCase        // ERROR
	mixedCase        // ValueError, OOMKilled
)

// caseOf tells the case w is written in.
func caseOf(w []byte) int {
	up, low := 0, 0
	for _, c := range w {
		switch {
		case c >= 'A' && c <= 'Z':
			up++
		case c >= 'a' && c <= 'z':
			low++
		}
	}
	switch {
	case up == 0:
		return lowerCase
	case low == 0:
		return upperCase
	case up == 1 && isUpper(w[0]):
		return titleCase
	}
	return mixedCase
}

// wordFailure reports whether the word l[i:j] makes the line a
// failure, and whether it had to look at the word closely (a word of
// the table or in mixed case), which [scanWords] does a bounded number
// of times per line.
func wordFailure(l []byte, i, j int) (failure, looked bool) {
	w := l[i:j]
	if isUpper(w[0]) {
		switch caseOf(w) {
		case mixedCase:
			return camelFailure(l, i, j) || bytes.EqualFold(w, []byte("segfault")), true
		case upperCase:
			if bytes.HasPrefix(w, []byte("ERR_")) {
				return true, true // node's and pnpm's error codes
			}
		}
	}
	if len(w) > 16 || lengths[shape(w)]&(1<<len(w)) == 0 {
		return false, false
	}
	var buf [16]byte
	k := buf[:len(w)]
	for n, c := range w {
		if isUpper(c) {
			c |= 0x20
		}
		k[n] = c
	}
	rule := words[string(k)]
	if rule == nil {
		return false, false
	}
	return rule(l, i, j, caseOf(w)), true
}

// A rule decides, for a word of its table in the line l at [i, j) and
// written in form, whether the line reports a failure.
type rule func(l []byte, i, j, form int) bool

// words maps each word that may report a failure (in small letters) to
// its rule.
var words map[string]rule

// lengths has, for each first and last letter of the words' table, a
// bit for each length of its words: most words are rejected by one look.
var lengths [32 * 32]uint32

// shape is the index in lengths of a word's first and last letters (any
// case; other bytes fall on letters no word of the table has).
func shape(w []byte) int { return int(w[0]&0x1f)<<5 | int(w[len(w)-1]&0x1f) }

func init() {
	defer func() {
		for w := range words {
			lengths[shape([]byte(w))] |= 1 << len(w)
		}
	}()
	words = map[string]rule{
		// errors and failures (failwords.go)
		"error": errorWord, "errors": errorsWord, "err": errWord, "errored": plainFailure,
		"fail": failWord, "fails": countedOnly, "failed": failedWord, "failing": countedOnly,
		"failure": plainFailure, "failures": failuresWord, "fatal": plainFailure,
		"critical": upperOnly, "severe": upperOnly,

		// crashes, kills and exit statuses (crashwords.go)
		"panic": panicWord, "panicked": plainFailure, "goroutine": goroutineWord,
		"abort": abortWord, "aborted": plainFailure, "aborting": plainFailure,
		"killed": killedWord, "kill": killWord, "memory": memoryWord,
		"fault": faultWord, "segfault": plainFailure, "segmentation": segmentationWord,
		"dumped": dumpedWord, "terminated": terminatedWord, "terminate": followed(" called"),
		"sigsegv": signalWord, "sigabrt": signalWord, "sigbus": signalWord, "sigill": signalWord,
		"sigfpe": signalWord, "sigkill": signalWord, "sigsys": signalWord, "sigquit": exact("SIGQUIT", ":"),
		"illegal": followed(" instruction", " hardware instruction"),
		"exit":    exitWord, "exited": exitWord, "exitcode": exitWord, "exit_code": exitWord,
		"exitstatus": exitWord, "exit_status": exitWord, "nonzero": nonzeroWord, "zero": zeroWord,
		"race": raceWord, "invalid": invalidWord, "lost": lostWord,
		"bug": exact("BUG", ":"), "oops": exact("Oops", ":"), "call": callWord,

		// exceptions, tests, git, the linker, the shell (exceptions.go)
		"exception": exceptionWord, "exceptions": countedOnly, "traceback": tracebackWord,
		"caused": exact("Caused", " by:"), "what": exact("What", " went wrong"),
		"died": exact("Died", " at "), "terminating": after("init"),
		"attempt":  followed(" to call", " to index", " to perform arithmetic", " to compare", " to concatenate"),
		"conflict": conflictWord, "conflicts": countedOnly,
		"rejected": plainFailure, "rejection": rejectionWord,
		"reference": after("undefined"), "symbol": after("undefined"), "definition": after("multiple"),
		"found": foundWord, "find": after("cannot"), "such": after("no"),
		"denied": after("permission", "access"), "refused": after("connection"),
		"could": leading("Could", " not "), "cannot": leading("Cannot", " "),
		"can": leading("Can", "'t "), "unable": leading("Unable", " to "),
	}
}

// plainFailure is a word that reports a failure unless it is part of a
// name or counted as none (0 failed, aborted=0).
func plainFailure(l []byte, i, j, _ int) bool {
	return !compound(l, i, j) && !inCode(l, i, j) && counted(l, i, j, false) != countZero
}

// byCount decides a word by the count around it (see [counted]): no
// failure for none, one for some; ok is false when there is no count.
func byCount(l []byte, i, j int, spaced bool) (failure, ok bool) {
	c := counted(l, i, j, spaced)
	return c == countSome, c != countNone
}

// countedOnly is a word that reports a failure only with a number:
// 2 failing, 1 test passes and 1 fails, 3 conflicts.
func countedOnly(l []byte, i, j, _ int) bool {
	return !compound(l, i, j) && counted(l, i, j, false) == countSome
}

// upperOnly: log levels written in capitals (CRITICAL, SEVERE).
func upperOnly(l []byte, i, j, form int) bool {
	return form == upperCase && !compound(l, i, j) && counted(l, i, j, false) != countZero
}

// exact is a word that counts only written as w and followed by next.
func exact(w, next string) rule {
	return func(l []byte, i, j, _ int) bool {
		return string(l[i:j]) == w && followedBy(l, j, next)
	}
}

// after is a word that counts only after one of prev (permission
// denied, no such file, undefined reference).
func after(prev ...string) rule {
	return func(l []byte, i, j, _ int) bool { return prevWordIs(l, i, prev...) }
}

// followed is a word that counts only followed by one of next.
func followed(next ...string) rule {
	return func(l []byte, i, j, _ int) bool {
		for _, n := range next {
			if followedBy(l, j, n) {
				return true
			}
		}
		return false
	}
}
