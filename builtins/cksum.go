package builtins

// cksum - compute and check checksums; sum - BSD and System V checksums
//
//	cksum [-a ALGO] [-l BITS] [-c] [--tag|--untagged] [-z] [FILE]...
//	sum [-rs] [FILE]...
//
// cksum is coreutils 9.1's: the POSIX CRC by default, or with -a (crc,
// bsd, sysv, md5, sha1, sha224, sha256, sha384, sha512, blake2b) the
// digest, written BSD-style unless --untagged; -c reads tagged lines (or,
// with -a, the digest's plain lines). sum is the BSD checksum (-r, the
// default) in 1024-byte blocks or the System V one (-s) in 512-byte blocks.
// sm3 is not implemented.

import (
	"errors"
	"fmt"
	"io"
	"strings"

	"github.com/shellfence/shellfence/builtins/internal/opt"

	"github.com/shellfence/shellfence/builtins/internal/quote"
)

var cksumAlgoNames = []string{"bsd", "sysv", "crc", "md5", "sha1", "sha224", "sha256", "sha384", "sha512", "blake2b", "sm3"}

func cksum(p *Proc) int {
	d := &digestCmd{p: p, cksum: true, tag: true, algo: &digestAlgo{}}
	flags := p.newOpts(1)
	var checking, untagged bool
	algo, length := "crc", ""
	d.addCommon(flags, &checking)
	flags.Value('a', "algorithm", func(_, v string) error {
		groups := make([][]string, len(cksumAlgoNames))
		for i, n := range cksumAlgoNames {
			if n == v {
				algo = n
				return nil
			}
			groups[i] = []string{n}
		}
		// GNU takes no abbreviation here.
		_, err := p.argMatch("\x00"+v, "--algorithm", groups)
		return fixArgMatchValue(err, v)
	})
	flags.String('l', "length", &length)
	flags.Func(0, "tag", func() { untagged = false })
	flags.Func(0, "untagged", func() { untagged = true })
	flags.Func(0, "debug", func() {})
	addToolInfo(flags, "cksum")
	files, err := flags.Parse(p.Args[1:])
	if err != nil {
		return p.usage(err, 1)
	}
	return d.cksumRun(files, algo, length, checking, untagged)
}

func (d *digestCmd) cksumRun(files []string, algo, length string, checking, untagged bool) int {
	p := d.p
	if length != "" && algo != "blake2b" {
		p.Errorf("--length is only supported with --algorithm=blake2b")
		return 1
	}
	if a, ok := digestAlgos[algo]; ok {
		d.algo, d.bits = a, a.bits
		if length != "" {
			if err := d.setLength("", length); err != nil {
				return p.usage(err, 1)
			}
		}
	}
	d.tag = !untagged
	d.lastTag = "CRC"
	if d.algo.tag != "" {
		d.lastTag = d.algo.tag
	}
	switch {
	case algo == "sm3":
		p.Errorf("%s: unsupported algorithm (shellfence does not implement it)", quote.Locale(algo))
		return 2
	case checking && (algo == "bsd" || algo == "sysv" || algo == "crc") && d.algoArgGiven():
		p.Errorf("--check is not supported with --algorithm={bsd,sysv,crc}")
		return 1
	case checking:
		if !d.algoArgGiven() {
			d.algo = &digestAlgo{}
		}
		return d.run(files, true)
	}
	if msg := d.conflicts(false); msg != "" {
		return p.usageErr("%s", msg)
	}
	if d.algo.tag != "" {
		return d.run(files, false)
	}
	return runOldSum(p, files, algo)
}

// algoArgGiven reports whether -a appeared.
func (d *digestCmd) algoArgGiven() bool {
	for _, a := range d.p.Args[1:] {
		if a == "--" {
			return false
		}
		if len(a) > 1 && a[0] == '-' && a[1] != '-' && containsRune(a, 'a') || len(a) > 3 && a[:4] == "--al" {
			return true
		}
	}
	return false
}

func containsRune(s string, r rune) bool {
	for _, c := range s {
		if c == r {
			return true
		}
	}
	return false
}

func sum(p *Proc) int {
	algo := "bsd"
	flags := p.newOpts(1)
	flags.Func('r', "", func() { algo = "bsd" })
	flags.Func('s', "sysv", func() { algo = "sysv" })
	addToolInfo(flags, "sum")
	files, err := flags.Parse(p.Args[1:])
	if err != nil {
		return p.usage(err, 1)
	}
	return runOldSum(p, files, algo)
}

// runOldSum prints the CRC, BSD or System V checksum of each file, with
// its name when operands were given.
func runOldSum(p *Proc, files []string, algo string) int {
	named := len(files) > 0
	if !named {
		files = []string{"-"}
	}
	status := 0
	for _, name := range files {
		line, err := oldSum(p, name, algo)
		if err != nil {
			if err == errStopped {
				return 130
			}
			p.Errorf("%s: %s", quote.Shell(name), ErrText(err))
			status = 1
			continue
		}
		if named {
			line += " " + name
		}
		if err := p.write([]byte(line + "\n")); err != nil {
			return p.WriteFailed(err)
		}
	}
	return status
}

// oldSummer accumulates one of the three old checksums.
type oldSummer interface {
	io.Writer
	result() string
}

func oldSum(p *Proc, name, algo string) (string, error) {
	in, done, err := p.openInput(name)
	if err != nil {
		return "", err
	}
	defer done()
	var s oldSummer
	switch algo {
	case "bsd":
		s = &bsdSum{}
	case "sysv":
		s = &sysvSum{}
	default:
		s = &crcSum{}
	}
	if err := p.copyData(s, in); err != nil {
		return "", err
	}
	return s.result(), nil
}

// bsdSum is the BSD checksum: a 16-bit rotate-and-add.
type bsdSum struct {
	sum  uint32
	size uint64
}

func (s *bsdSum) Write(b []byte) (int, error) {
	c := s.sum
	for _, x := range b {
		c = (c >> 1) + ((c & 1) << 15)
		c = (c + uint32(x)) & 0xffff
	}
	s.sum, s.size = c, s.size+uint64(len(b))
	return len(b), nil
}

func (s *bsdSum) result() string {
	return fmt.Sprintf("%05d %5d", s.sum, (s.size+1023)/1024)
}

// sysvSum is the System V checksum: the sum of the bytes, folded.
type sysvSum struct {
	sum  uint64
	size uint64
}

func (s *sysvSum) Write(b []byte) (int, error) {
	for _, x := range b {
		s.sum += uint64(x)
	}
	s.size += uint64(len(b))
	return len(b), nil
}

func (s *sysvSum) result() string {
	r := (s.sum & 0xffff) + ((s.sum & 0xffffffff) >> 16)
	r = (r & 0xffff) + (r >> 16)
	return fmt.Sprintf("%d %d", r, (s.size+511)/512)
}

// crcSum is the POSIX cksum CRC (polynomial 0x04C11DB7, the length
// appended).
type crcSum struct {
	crc  uint32
	size uint64
}

var crcTable = func() (t [8][256]uint32) {
	for i := range 256 {
		c := uint32(i) << 24
		for range 8 {
			if c&0x80000000 != 0 {
				c = c<<1 ^ 0x04C11DB7
			} else {
				c <<= 1
			}
		}
		t[0][i] = c
	}
	for i := range 256 {
		for k := 1; k < 8; k++ {
			t[k][i] = t[k-1][i]<<8 ^ t[0][t[k-1][i]>>24]
		}
	}
	return t
}()

func (s *crcSum) Write(b []byte) (int, error) {
	c, t := s.crc, &crcTable
	n := len(b)
	for len(b) >= 8 {
		c ^= uint32(b[0])<<24 | uint32(b[1])<<16 | uint32(b[2])<<8 | uint32(b[3])
		c = t[7][c>>24] ^ t[6][c>>16&0xff] ^ t[5][c>>8&0xff] ^ t[4][c&0xff] ^
			t[3][b[4]] ^ t[2][b[5]] ^ t[1][b[6]] ^ t[0][b[7]]
		b = b[8:]
	}
	for _, x := range b {
		c = c<<8 ^ t[0][byte(c>>24)^x]
	}
	s.crc, s.size = c, s.size+uint64(n)
	return n, nil
}

func (s *crcSum) result() string {
	c := s.crc
	for n := s.size; n > 0; n >>= 8 {
		c = c<<8 ^ crcTable[0][byte(c>>24)^byte(n)]
	}
	return fmt.Sprintf("%d %d", ^c, s.size)
}

// fixArgMatchValue puts back the value argMatch was given with a prefix
// that no name has.
func fixArgMatchValue(err error, v string) error {
	var oe *opt.Error
	if errors.As(err, &oe) {
		oe.Msg = strings.Replace(oe.Msg, quote.Locale("\x00"+v), quote.Locale(v), 1)
	}
	return err
}
