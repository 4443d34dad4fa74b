package builtins

// The -c (--check) mode of the digest commands: read lines of former
// output and verify each file, as GNU coreutils 9.1's digest_check.

import (
	"bufio"
	"encoding/hex"
	"io"
	"strconv"
	"strings"

	"github.com/shellfence/shellfence/builtins/internal/quote"
)

// checkOpts are the options of --check.
type checkOpts struct {
	quiet, status, strict, warn, ignoreMissing bool
}

// checkCounts are what one checksum file's lines came to.
type checkCounts struct {
	good, misformatted, unreadable, mismatched, matched int
	// reversed is GNU's bsd_reversed: -1 undecided, 0 "HASH  NAME"
	// lines, 1 "HASH NAME" lines.
	reversed int
}

// checkLine is one properly formatted line.
type checkLine struct {
	algo *digestAlgo
	hex  string
	bits int
	name string
}

// checkFile verifies the lines of the checksum file name.
func (d *digestCmd) checkFile(name string) int {
	in, done, err := d.p.openInput(name)
	if err != nil {
		d.p.Errorf("%s: %s", quote.Shell(name), ErrText(err))
		return 1
	}
	defer done()
	cc := &checkCounts{reversed: -1}
	r := bufio.NewReaderSize(in, 64<<10)
	for n := 1; ; n++ {
		line, err := r.ReadString('\n')
		if line == "" && err != nil {
			if err != io.EOF {
				d.p.Errorf("%s: %s", quote.Shell(name), ErrText(err))
				return 1
			}
			break
		}
		if code := d.checkOne(name, n, line, cc); code != 0 {
			return code
		}
	}
	return d.checkSummary(name, cc)
}

// checkOne handles line n; it returns a nonzero status only to stop.
func (d *digestCmd) checkOne(file string, n int, line string, cc *checkCounts) int {
	if d.p.Cancelled() {
		return 130
	}
	line = strings.TrimSuffix(line, "\n")
	line = strings.TrimSuffix(line, "\r")
	if line == "" || line[0] == '#' {
		return 0
	}
	cl, ok := d.parseCheckLine(line, cc)
	if !ok || file == "-" && cl.name == "-" {
		cc.misformatted++
		if d.check.warn {
			d.p.Errorf("%s: %d: improperly formatted %s checksum line", quote.Shell(stdinName(file)), n, d.typeWord())
		}
		return 0
	}
	cc.good++
	return d.verify(cl, cc)
}

// typeWord is the algorithm's name in the "improperly formatted" warning.
func (d *digestCmd) typeWord() string {
	if d.cksum {
		return d.lastTag
	}
	return d.algo.tag
}

// verify digests one listed file and reports it.
func (d *digestCmd) verify(cl checkLine, cc *checkCounts) int {
	sum, err := d.checkSum(cl)
	shown := cl.name
	if strings.Contains(shown, "\n") {
		shown = "\\" + escapeDigestName(shown)
	}
	switch {
	case err != nil && d.check.ignoreMissing && isNotExist(err):
		return 0
	case err != nil:
		if err == errStopped {
			return 130
		}
		d.p.Errorf("%s: %s", quote.Shell(cl.name), ErrText(err))
		cc.unreadable++
		return d.checkReport(shown, "FAILED open or read", false)
	case !strings.EqualFold(hex.EncodeToString(sum), cl.hex):
		cc.mismatched++
		return d.checkReport(shown, "FAILED", false)
	}
	cc.matched++
	return d.checkReport(shown, "OK", true)
}

func (d *digestCmd) checkSum(cl checkLine) ([]byte, error) {
	saved := d.algo
	defer func() { d.algo = saved }()
	d.algo = cl.algo
	return d.sum(cl.name, cl.bits)
}

// checkReport prints "NAME: RESULT" unless --status, or --quiet and ok.
func (d *digestCmd) checkReport(name, result string, ok bool) int {
	if d.check.status || ok && d.check.quiet {
		return 0
	}
	if err := d.p.write([]byte(name + ": " + result + "\n")); err != nil {
		return d.p.WriteFailed(err)
	}
	return 0
}

// checkSummary prints GNU's closing warnings and returns the status.
func (d *digestCmd) checkSummary(name string, cc *checkCounts) int {
	shown := quote.Shell(stdinName(name))
	if cc.good == 0 {
		d.p.Errorf("%s: no properly formatted checksum lines found", shown)
		return 1
	}
	if !d.check.status {
		d.warnCount(cc.misformatted, "line is improperly formatted", "lines are improperly formatted")
		d.warnCount(cc.unreadable, "listed file could not be read", "listed files could not be read")
		d.warnCount(cc.mismatched, "computed checksum did NOT match", "computed checksums did NOT match")
		if d.check.ignoreMissing && cc.matched == 0 && cc.mismatched == 0 && cc.unreadable == 0 {
			d.p.Errorf("%s: no file was verified", shown)
		}
	}
	bad := cc.mismatched > 0 || cc.unreadable > 0 || d.check.strict && cc.misformatted > 0
	if bad || d.check.ignoreMissing && cc.matched == 0 && cc.mismatched == 0 {
		return 1
	}
	return 0
}

func (d *digestCmd) warnCount(n int, one, many string) {
	switch {
	case n == 1:
		d.p.Errorf("WARNING: 1 %s", one)
	case n > 1:
		d.p.Errorf("WARNING: %d %s", n, many)
	}
}

// parseCheckLine reads a line in either style (GNU's split_3).
func (d *digestCmd) parseCheckLine(s string, cc *checkCounts) (checkLine, bool) {
	s = strings.TrimLeft(s, " \t")
	escaped := strings.HasPrefix(s, "\\")
	if escaped {
		s = s[1:]
	}
	if cl, ok, tagged := d.parseTagged(s, escaped); tagged {
		return cl, ok
	}
	if d.cksum && !d.algoGiven() {
		return checkLine{}, false
	}
	cl := checkLine{algo: d.algo, bits: d.bits}
	i := 0
	for i < len(s) && isHexDigit(s[i]) {
		i++
	}
	if !d.hexLenOK(i, &cl) || i >= len(s) || s[i] != ' ' && s[i] != '\t' {
		return cl, false
	}
	cl.hex, s = s[:i], s[i+1:]
	if s == "" || s[0] != ' ' && s[0] != '*' {
		if cc.reversed == 0 {
			return cl, false
		}
		cc.reversed = 1
	} else if cc.reversed != 1 {
		cc.reversed = 0
		s = s[1:]
	}
	return d.finishName(cl, s, escaped)
}

// hexLenOK checks the length n of a digest, which for BLAKE2b sets its
// size.
func (d *digestCmd) hexLenOK(n int, cl *checkLine) bool {
	if cl.algo.tag != "BLAKE2b" {
		return n == cl.bits/4
	}
	if n < 2 || n%2 != 0 || n > 128 {
		return false
	}
	cl.bits = n * 4
	return true
}

// algoGiven reports whether cksum was given -a.
func (d *digestCmd) algoGiven() bool { return d.algo != nil && d.algo.tag != "" }

// parseTagged reads "ALGO (NAME) = HASH"; tagged says the line starts
// with a tag this command reads.
func (d *digestCmd) parseTagged(s string, escaped bool) (cl checkLine, ok, tagged bool) {
	cl.algo, cl.bits, s, tagged = d.matchTag(s)
	if !tagged {
		return cl, false, false
	}
	if strings.HasPrefix(s, " ") {
		s = s[1:]
	}
	if !strings.HasPrefix(s, "(") {
		return cl, false, true
	}
	s = s[1:]
	end := strings.LastIndexByte(s, ')')
	if end < 0 {
		return cl, false, true
	}
	name, rest := s[:end], strings.TrimLeft(s[end+1:], " \t")
	if !strings.HasPrefix(rest, "=") {
		return cl, false, true
	}
	cl.hex = strings.TrimLeft(rest[1:], " \t")
	if !allHex(cl.hex) || !d.hexLenOK(len(cl.hex), &cl) {
		return cl, false, true
	}
	cl, ok = d.finishName(cl, name, escaped)
	return cl, ok, true
}

// matchTag finds the algorithm tag at the start of s.
func (d *digestCmd) matchTag(s string) (*digestAlgo, int, string, bool) {
	if !d.cksum || d.algoGiven() {
		if !strings.HasPrefix(s, d.algo.tag) {
			return nil, 0, s, false
		}
		return d.tagBits(d.algo, s[len(d.algo.tag):])
	}
	for _, name := range []string{"md5", "sha1", "sha224", "sha256", "sha384", "sha512", "blake2b"} {
		a := digestAlgos[name]
		if strings.HasPrefix(s, a.tag) {
			if rest := s[len(a.tag):]; rest == "" || strings.IndexByte(" (-", rest[0]) >= 0 {
				d.lastTag = a.tag
				return d.tagBits(a, rest)
			}
		}
	}
	return nil, 0, s, false
}

// tagBits reads BLAKE2b's "-BITS" after the tag.
func (d *digestCmd) tagBits(a *digestAlgo, rest string) (*digestAlgo, int, string, bool) {
	bits := a.bits
	if a.tag == "BLAKE2b" && strings.HasPrefix(rest, "-") {
		i := 1
		for i < len(rest) && rest[i] >= '0' && rest[i] <= '9' {
			i++
		}
		n, err := strconv.Atoi(rest[1:i])
		if err != nil || n == 0 || n > 512 || n%8 != 0 {
			return a, 0, "", true
		}
		bits, rest = n, rest[i:]
	}
	return a, bits, rest, true
}

// finishName unescapes an escaped name.
func (d *digestCmd) finishName(cl checkLine, name string, escaped bool) (checkLine, bool) {
	if !escaped {
		cl.name = name
		return cl, true
	}
	var b strings.Builder
	for i := 0; i < len(name); i++ {
		c := name[i]
		if c != '\\' {
			b.WriteByte(c)
			continue
		}
		i++
		switch {
		case i >= len(name):
			return cl, false
		case name[i] == '\\':
			b.WriteByte('\\')
		case name[i] == 'n':
			b.WriteByte('\n')
		default:
			return cl, false
		}
	}
	cl.name = b.String()
	return cl, true
}

func isHexDigit(c byte) bool {
	return c >= '0' && c <= '9' || c >= 'a' && c <= 'f' || c >= 'A' && c <= 'F'
}

func allHex(s string) bool {
	for i := 0; i < len(s); i++ {
		if !isHexDigit(s[i]) {
			return false
		}
	}
	return s != ""
}

// stdinName is the name GNU's messages give an operand: "-" is
// "standard input".
func stdinName(name string) string {
	if name == "-" {
		return "standard input"
	}
	return name
}
