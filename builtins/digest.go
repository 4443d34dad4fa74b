package builtins

// md5sum, sha1sum, sha224sum, sha256sum, sha384sum, sha512sum, b2sum -
// compute and check message digests
//
//	md5sum [-bctwz] [--tag] [--quiet] [--status] [--strict]
//	       [--ignore-missing] [FILE]...
//	b2sum [-l BITS] ...
//
// Options as GNU coreutils 9.1: -b (--binary) and -t (--text) choose the
// mode character written (' ' or '*'; both read the same bytes), --tag
// writes BSD-style lines (ALGO (FILE) = HASH), -z (--zero) ends lines with
// NUL and does not escape names, -c (--check) reads former output (both
// styles, escaped names, '#' comments) and verifies it, with --quiet,
// --status, --strict, -w (--warn) and --ignore-missing. Names holding a
// backslash or a newline are written escaped, after a leading backslash,
// as GNU does. b2sum is BLAKE2b, 512 bits unless -l says otherwise.

import (
	"crypto/md5"
	"crypto/sha1"
	"crypto/sha256"
	"crypto/sha512"
	"encoding/hex"
	"fmt"
	"hash"
	"strconv"
	"strings"

	"golang.org/x/crypto/blake2b"

	"github.com/shellfence/shellfence/builtins/internal/opt"
	"github.com/shellfence/shellfence/builtins/internal/quote"
)

// digestAlgo is one message digest.
type digestAlgo struct {
	tag  string // the BSD-style tag and the name in messages
	bits int    // the digest length
	make func(bits int) hash.Hash
}

var digestAlgos = map[string]*digestAlgo{
	"md5":     {"MD5", 128, func(int) hash.Hash { return md5.New() }},
	"sha1":    {"SHA1", 160, func(int) hash.Hash { return sha1.New() }},
	"sha224":  {"SHA224", 224, func(int) hash.Hash { return sha256.New224() }},
	"sha256":  {"SHA256", 256, func(int) hash.Hash { return sha256.New() }},
	"sha384":  {"SHA384", 384, func(int) hash.Hash { return sha512.New384() }},
	"sha512":  {"SHA512", 512, func(int) hash.Hash { return sha512.New() }},
	"blake2b": {"BLAKE2b", 512, newBlake2b},
}

func newBlake2b(bits int) hash.Hash {
	h, err := blake2b.New(bits/8, nil)
	if err != nil {
		panic(err)
	}
	return h
}

// digestCmd is one run of a digest command.
type digestCmd struct {
	p     *Proc
	algo  *digestAlgo
	bits  int
	cksum bool // cksum -a: tagged by default, the algorithm named in lines
	// lastTag is the algorithm cksum -c warnings name: the last tag read.
	lastTag string
	tag     bool
	binary  bool
	zero    bool
	check   checkOpts
}

func md5sum(p *Proc) int    { return runDigest(p, "md5") }
func sha1sum(p *Proc) int   { return runDigest(p, "sha1") }
func sha224sum(p *Proc) int { return runDigest(p, "sha224") }
func sha256sum(p *Proc) int { return runDigest(p, "sha256") }
func sha384sum(p *Proc) int { return runDigest(p, "sha384") }
func sha512sum(p *Proc) int { return runDigest(p, "sha512") }
func b2sum(p *Proc) int     { return runDigest(p, "blake2b") }

func runDigest(p *Proc, algo string) int {
	d := &digestCmd{p: p, algo: digestAlgos[algo]}
	d.bits = d.algo.bits
	flags := p.newOpts(1)
	var checking bool
	d.addCommon(flags, &checking)
	flags.Func('b', "binary", func() { d.binary = true })
	flags.Func('t', "text", func() { d.binary = false })
	flags.Flag(0, "tag", &d.tag)
	if algo == "blake2b" {
		flags.Value('l', "length", d.setLength)
	}
	addToolInfo(flags, p.BaseName())
	files, err := flags.Parse(p.Args[1:])
	if err != nil {
		return p.usage(err, 1)
	}
	if msg := d.conflicts(checking); msg != "" {
		return p.usageErr("%s", msg)
	}
	return d.run(files, checking)
}

// addCommon declares the options every digest command has.
func (d *digestCmd) addCommon(flags *opt.Parser, checking *bool) {
	c := &d.check
	flags.Flag('c', "check", checking)
	flags.Flag('z', "zero", &d.zero)
	flags.Flag(0, "ignore-missing", &c.ignoreMissing)
	flags.Func(0, "quiet", func() { c.quiet, c.status, c.warn = true, false, false })
	flags.Func(0, "status", func() { c.status, c.quiet, c.warn = true, false, false })
	flags.Flag(0, "strict", &c.strict)
	flags.Func('w', "warn", func() { c.warn, c.status, c.quiet = true, false, false })
}

// setLength reads -l BITS.
func (d *digestCmd) setLength(_, v string) error {
	n, err := strconv.ParseUint(v, 10, 64)
	msg := ""
	switch {
	case err != nil:
	case n > 512:
		msg = fmt.Sprintf("maximum digest length for %s is 512 bits", quote.Locale(d.algo.tag))
	case n%8 != 0:
		msg = "length is not a multiple of 8"
	default:
		if n > 0 {
			d.bits = int(n)
		}
		return nil
	}
	text := fmt.Sprintf("%s: invalid length: %s", d.p.Name(), quote.Locale(v))
	if msg != "" {
		text += "\n" + d.p.Name() + ": " + msg
	}
	return &opt.Error{Msg: text, Status: 1}
}

// conflicts returns GNU's message for options that do not go together.
func (d *digestCmd) conflicts(checking bool) string {
	c := d.check
	switch {
	case checking && d.tag && !d.cksum:
		return "the --tag option is meaningless when verifying checksums"
	case checking && d.binaryGiven():
		return "the --binary and --text options are meaningless when verifying checksums"
	case !checking && c.ignoreMissing:
		return "the --ignore-missing option is meaningful only when verifying checksums"
	case !checking && c.status:
		return "the --status option is meaningful only when verifying checksums"
	case !checking && c.warn:
		return "the --warn option is meaningful only when verifying checksums"
	case !checking && c.quiet:
		return "the --quiet option is meaningful only when verifying checksums"
	case !checking && c.strict:
		return "the --strict option is meaningful only when verifying checksums"
	}
	return ""
}

func (d *digestCmd) binaryGiven() bool {
	for _, a := range d.p.Args[1:] {
		if a == "--" {
			break
		}
		if a == "-b" || a == "-t" || strings.HasPrefix(a, "--bi") || strings.HasPrefix(a, "--te") {
			return true
		}
	}
	return false
}

// run digests or checks every operand.
func (d *digestCmd) run(files []string, checking bool) int {
	if len(files) == 0 {
		files = []string{"-"}
	}
	status := 0
	for _, name := range files {
		if d.p.Cancelled() {
			return 130
		}
		var code int
		if checking {
			code = d.checkFile(name)
		} else {
			code = d.printOne(name)
		}
		if code == 141 {
			return code
		}
		status = max(status, code)
	}
	return status
}

// sum returns the digest of the file name ("-" is standard input).
func (d *digestCmd) sum(name string, bits int) ([]byte, error) {
	in, done, err := d.p.openInput(name)
	if err != nil {
		return nil, err
	}
	defer done()
	h := d.algo.make(bits)
	if err := d.p.copyData(h, in); err != nil {
		return nil, err
	}
	return h.Sum(nil), nil
}

// printOne writes the line for one file.
func (d *digestCmd) printOne(name string) int {
	sum, err := d.sum(name, d.bits)
	if err != nil {
		if err == errStopped {
			return 130
		}
		d.p.Errorf("%s: %s", quote.Shell(name), ErrText(err))
		return 1
	}
	if err := d.p.write([]byte(d.line(name, hex.EncodeToString(sum)))); err != nil {
		return d.p.WriteFailed(err)
	}
	return 0
}

// line formats the output line for a file and its hex digest.
func (d *digestCmd) line(name, sum string) string {
	prefix, shown := "", name
	if !d.zero && strings.ContainsAny(name, "\\\n") {
		prefix, shown = "\\", escapeDigestName(name)
	}
	end := "\n"
	if d.zero {
		end = "\x00"
	}
	if d.tag {
		return fmt.Sprintf("%s%s (%s) = %s%s", prefix, d.tagName(), shown, sum, end)
	}
	mode := " "
	if d.binary {
		mode = "*"
	}
	return prefix + sum + " " + mode + shown + end
}

// tagName is the algorithm's name in a BSD-style line.
func (d *digestCmd) tagName() string {
	if d.algo.tag == "BLAKE2b" && d.bits != 512 {
		return "BLAKE2b-" + strconv.Itoa(d.bits)
	}
	return d.algo.tag
}

// escapeDigestName escapes backslashes and newlines as GNU does.
func escapeDigestName(s string) string {
	return strings.NewReplacer("\\", "\\\\", "\n", "\\n").Replace(s)
}
