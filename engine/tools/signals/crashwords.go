package signals

import "bytes"

// killedWord: Killed, signal: killed, Out of memory: Killed process;
// not killed 0 processes.
func killedWord(l []byte, i, j, _ int) bool {
	return !compound(l, i, j) && counted(l, i, j, true) != countZero
}

// killWord: the kernel's oom-kill.
func killWord(l []byte, i, j, _ int) bool {
	return i >= 4 && bytes.EqualFold(l[i-4:i], []byte("oom-"))
}

// abortWord: hg's abort:, macOS's Abort trap: 6, ABORT; not --abort.
func abortWord(l []byte, i, j, form int) bool {
	if compound(l, i, j) {
		return false
	}
	return form == upperCase || j < len(l) && l[j] == ':' || nextWordIs(l, j, "trap")
}

// panicWord: Go's panic:, PANIC, Kernel panic; not panic( frames or
// panic.go.
func panicWord(l []byte, i, j, form int) bool {
	if compound(l, i, j) {
		return false
	}
	return form == upperCase || j < len(l) && l[j] == ':' || prevWordIs(l, i, "kernel")
}

// faultWord: Segmentation fault, general protection fault, page fault;
// not default, fault-tolerant.
func faultWord(l []byte, i, j, _ int) bool {
	return !compound(l, i, j) && prevWordIs(l, i, "segmentation", "protection", "page", "bus")
}

// segmentationWord: segmentation fault, segmentation violation.
func segmentationWord(l []byte, i, j, _ int) bool {
	return nextWordIs(l, j, "fault", "violation")
}

// exitWord reads the status after exit, exited, exit code, exit_code,
// Exit (bash's jobs), exited with code, exited (1) (docker ps), and
// before "exit status" (ld returned 1 exit status): a failure when it
// is not 0.
func exitWord(l []byte, i, j, form int) bool {
	if compound(l, i, j) && !(j < len(l) && l[j] == '=') {
		return false
	}
	k, named := j, j-i > 6 || form == titleCase // exit_code, Exit 1
	for range 4 {
		k = skipBlanks(l, k)
		w := nextWord(l, k)
		if !bytes.EqualFold(w, []byte("with")) && !bytes.EqualFold(w, []byte("status")) &&
			!bytes.EqualFold(w, []byte("code")) && !bytes.EqualFold(w, []byte("exit")) && !bytes.EqualFold(w, []byte("value")) {
			break
		}
		k, named = k+len(w), true
	}
	if !named && !bytes.EqualFold(l[i:j], []byte("exited")) {
		return false
	}
	if k < len(l) && (l[k] == ':' || l[k] == '=' || l[k] == '(' || l[k] == '"') {
		k++
		for k < len(l) && (isSpace(l[k]) || l[k] == ':' || l[k] == '"') {
			k++
		}
	}
	e := k
	for e < len(l) && isDigit(l[e]) {
		e++
	}
	if e > k {
		return numberCount(l[k:e]) == countSome
	}
	// ld returned 1 exit status
	t, start := prevToken(l, i)
	return digits(t) && numberCount(t) == countSome && prevWordIs(l, start, "returned")
}

// goroutineWord: the goroutine that panicked in Go's dump, goroutine 1
// [running]: (not the others, which follow it by the hundred).
func goroutineWord(l []byte, i, j, _ int) bool {
	k := skipBlanks(l, j)
	e := k
	for e < len(l) && isDigit(l[e]) {
		e++
	}
	return e > k && followedBy(l, e, " [running]")
}

// signalWord: a fatal signal reported (SIGSEGV: segmentation
// violation, received signal SIGABRT, #  SIGSEGV (0xb) at pc=); not
// signal.SIGKILL in code, nor a signal named in prose.
func signalWord(l []byte, i, j, form int) bool {
	if form != upperCase || compound(l, i, j) {
		return false
	}
	if j == len(l) || bytes.IndexByte([]byte(":,)]"), l[j]) >= 0 || followedBy(l, j, " (") {
		return true
	}
	return prevWordIs(l, i, "signal", "[signal", "received", "by", "got", "caught")
}

// callWord: the kernel's Call Trace:.
func callWord(l []byte, i, j, form int) bool {
	return form == titleCase && (followedBy(l, j, " Trace:") || followedBy(l, j, " trace:"))
}

// dumpedWord: (core dumped), dumped core.
func dumpedWord(l []byte, i, j, _ int) bool {
	return prevWordIs(l, i, "core") || nextWordIs(l, j, "core")
}

// memoryWord: Out of memory, out of memory, Cannot allocate memory.
func memoryWord(l []byte, i, j, _ int) bool {
	if prevWordIs(l, i, "allocate") {
		return true
	}
	_, start := prevToken(l, i)
	return prevWordIs(l, i, "of") && prevWordIs(l, start, "out")
}

// raceWord: Go's race detector, WARNING: DATA RACE.
func raceWord(l []byte, i, j, _ int) bool {
	return string(l[i:j]) == "RACE" && i >= 5 && string(l[i-5:i]) == "DATA "
}

// terminatedWord: bash's "Terminated" for a job killed by SIGTERM
// (line 1: 123 Terminated  sleep 9); not State: Terminated.
func terminatedWord(l []byte, i, j, form int) bool {
	if string(l[i:j]) != "Terminated" {
		return false
	}
	t, _ := prevToken(l, i)
	return len(t) == 0 || digits(t)
}

// invalidWord: valgrind's Invalid read of size 4.
func invalidWord(l []byte, i, j, _ int) bool {
	return string(l[i:j]) == "Invalid" && (followedBy(l, j, " read of size") ||
		followedBy(l, j, " write of size") || followedBy(l, j, " free()"))
}

// lostWord: valgrind's definitely lost: 48 bytes.
func lostWord(l []byte, i, j, _ int) bool {
	return prevWordIs(l, i, "definitely") && countAfter(l, j, false) == countSome
}

// nonzeroWord: returned nonzero exit status.
func nonzeroWord(l []byte, i, j, _ int) bool {
	return nextWordIs(l, j, "exit", "code", "status", "return", "returncode")
}

// zeroWord: non-zero exit status, returned a non-zero code.
func zeroWord(l []byte, i, j, form int) bool {
	return i >= 4 && bytes.EqualFold(l[i-4:i], []byte("non-")) && nonzeroWord(l, i, j, form)
}
