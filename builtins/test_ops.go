package builtins

// The operators of test (see test.go): binary comparisons, integers of
// any length, and the file tests.

import (
	"io/fs"
	"strconv"
	"strings"

	"github.com/shellfence/shellfence/builtins/internal/ctype"
	"github.com/shellfence/shellfence/builtins/internal/quote"
	"github.com/shellfence/shellfence/vfs"
)

// binaryOperator evaluates argv[pos] OP argv[pos+2]; with lIsL the left
// side is -l STRING.
func (t *testRun) binaryOperator(lIsL bool) bool {
	if lIsL {
		t.advance(false)
	}
	op := t.pos + 1
	rIsL := false
	if op < len(t.argv)-2 && t.argv[op+1] == "-l" {
		rIsL = true
		t.advance(false)
	}
	o := t.argv[op]
	switch o {
	case "-eq", "-ne", "-lt", "-le", "-gt", "-ge":
		l := t.intOperand(t.argv[op-1], lIsL)
		var r string
		if rIsL {
			r = t.intOperand(t.argv[op+2], true)
		} else {
			r = t.findInt(t.argv[op+1])
		}
		t.pos += 3
		return intCompare(o, strintcmp(l, r))
	case "-nt", "-ot", "-ef":
		t.pos += 3
		if lIsL || rIsL {
			t.syntax("%s does not accept -l", o)
		}
		return t.fileCompare(o, t.argv[op-1], t.argv[op+1])
	case "=", "==":
		v := t.argv[t.pos] == t.argv[t.pos+2]
		t.pos += 3
		return v
	case "!=":
		v := t.argv[t.pos] != t.argv[t.pos+2]
		t.pos += 3
		return v
	case "<", ">":
		c := strings.Compare(t.argv[t.pos], t.argv[t.pos+2])
		t.pos += 3
		return o == "<" && c < 0 || o == ">" && c > 0
	}
	t.syntax("%s: unknown binary operator", quote.Locale(o))
	return false
}

// intOperand is an integer operand: a decimal integer, or with isL the
// length of the string.
func (t *testRun) intOperand(s string, isL bool) string {
	if isL {
		return strconv.Itoa(len(s))
	}
	return t.findInt(s)
}

func intCompare(op string, cmp int) bool {
	switch op {
	case "-eq":
		return cmp == 0
	case "-ne":
		return cmp != 0
	case "-lt":
		return cmp < 0
	case "-le":
		return cmp <= 0
	case "-gt":
		return cmp > 0
	}
	return cmp >= 0
}

// findInt checks an integer operand (blanks around, an optional sign)
// and returns it without the blanks and +.
func (t *testRun) findInt(s string) string {
	p := strings.TrimLeft(s, " \t")
	p = strings.TrimPrefix(p, "+")
	digits := strings.TrimPrefix(p, "-")
	end := 0
	for end < len(digits) && ctype.IsDigit(digits[end]) {
		end++
	}
	bad := end == 0 || strings.Trim(digits[end:], " \t") != "" || strings.HasPrefix(strings.TrimLeft(s, " \t"), "+-")
	if !bad && t.bash {
		_, err := strconv.ParseInt(p[:len(p)-len(digits)+end], 10, 64)
		bad = err != nil
	}
	if bad {
		t.fail(msgInt, s)
	}
	return p[:len(p)-len(digits)+end]
}

// strintcmp compares two decimal integers of any length.
func strintcmp(a, b string) int {
	an, bn := strings.HasPrefix(a, "-"), strings.HasPrefix(b, "-")
	a = strings.TrimLeft(strings.TrimPrefix(a, "-"), "0")
	b = strings.TrimLeft(strings.TrimPrefix(b, "-"), "0")
	if a == "" {
		an = false
	}
	if b == "" {
		bn = false
	}
	switch {
	case an && !bn:
		return -1
	case !an && bn:
		return 1
	}
	c := cmpDigits(a, b)
	if an {
		return -c
	}
	return c
}

// fileCompare evaluates -nt, -ot and -ef.
func (t *testRun) fileCompare(op, a, b string) bool {
	fa, errA := t.p.Stat(a)
	fb, errB := t.p.Stat(b)
	switch op {
	case "-nt":
		return errA == nil && (errB != nil || fa.ModTime().After(fb.ModTime()))
	case "-ot":
		return errB == nil && (errA != nil || fa.ModTime().Before(fb.ModTime()))
	}
	if errA != nil || errB != nil {
		return false
	}
	ma, mb := vfs.MetaOf(fa), vfs.MetaOf(fb)
	if ma.Ino == 0 && mb.Ino == 0 {
		return t.p.Abs(a) == t.p.Abs(b)
	}
	return ma.Dev == mb.Dev && ma.Ino == mb.Ino
}

// unaryOperator evaluates -X ARG.
func (t *testRun) unaryOperator() bool {
	op := t.argv[t.pos]
	if t.bash && op == "-a" {
		op = "-e" // bash's old spelling of -e
	}
	if !strings.ContainsRune("ebcdfgGhkLNOprsStuwxzn", rune(op[1])) {
		t.fail(msgUnop, op)
	}
	t.advance(true)
	t.pos++
	arg := t.argv[t.pos-1]
	switch op[1] {
	case 'n':
		return arg != ""
	case 'z':
		return arg == ""
	case 't':
		t.findInt(arg)
		return false
	case 'h', 'L':
		fi, err := t.p.Lstat(arg)
		return err == nil && fi.Mode()&fs.ModeSymlink != 0
	}
	fi, err := t.p.Stat(arg)
	if err != nil {
		return false
	}
	return t.fileTest(op[1], fi)
}

// fileTest applies a file test to an existing file.
func (t *testRun) fileTest(c byte, fi fs.FileInfo) bool {
	m := fi.Mode()
	switch c {
	case 'e':
		return true
	case 'f':
		return m.IsRegular()
	case 'd':
		return m.IsDir()
	case 's':
		return fi.Size() > 0
	case 'b':
		return m&fs.ModeDevice != 0 && m&fs.ModeCharDevice == 0
	case 'c':
		return m&fs.ModeCharDevice != 0
	case 'p':
		return m&fs.ModeNamedPipe != 0
	case 'S':
		return m&fs.ModeSocket != 0
	case 'u':
		return m&fs.ModeSetuid != 0
	case 'g':
		return m&fs.ModeSetgid != 0
	case 'k':
		return m&fs.ModeSticky != 0
	case 'r':
		return m.Perm()&0o400 != 0
	case 'w':
		return m.Perm()&0o200 != 0 && !t.p.FS.IsReadOnly()
	case 'x':
		return m.Perm()&0o100 != 0
	case 'N':
		return fi.ModTime().After(vfs.MetaOf(fi).Atime)
	case 'O', 'G':
		return t.ownedByUser(c, fi)
	}
	return false
}

// ownedByUser compares the owner (or group) with the workspace's.
func (t *testRun) ownedByUser(c byte, fi fs.FileInfo) bool {
	root, err := t.p.FS.Stat(t.p.FS.Root())
	if err != nil {
		return false
	}
	mf, mr := vfs.MetaOf(fi), vfs.MetaOf(root)
	if c == 'O' {
		return mf.Uid == mr.Uid
	}
	return mf.Gid == mr.Gid
}
