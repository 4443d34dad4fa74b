package builtins

// cmp - compare two files byte by byte
//
//	cmp [OPTION]... FILE1 [FILE2 [SKIP1 [SKIP2]]]
//
// Options: -b (--print-bytes), -i SKIP1[:SKIP2] (--ignore-initial),
// -l (--verbose), -n LIMIT (--bytes), -s (--quiet, --silent). SKIP and
// LIMIT take GNU's suffixes (kB, K, MB, M, ... , KiB, MiB, ...). FILE2
// defaults to standard input, as does -. Exit status 0 (same), 1
// (different), 2 (trouble).

import (
	"bufio"
	"errors"
	"fmt"
	"io"
	"math"
	"strings"

	"github.com/shellfence/shellfence/builtins/internal/opt"
)

type cmpOpts struct {
	printBytes, verbose, silent bool
	skip                        [2]int64
	limit                       int64 // -1: none
}

func cmpFlags(p *Proc, o *cmpOpts) *opt.Parser {
	f := p.newOpts(2)
	f.NoTry = true
	f.Flag('b', "print-bytes", &o.printBytes)
	f.Flag('l', "verbose", &o.verbose)
	f.Flag('s', "quiet", &o.silent)
	f.Flag(0, "silent", &o.silent)
	f.Value('i', "ignore-initial", func(_, v string) error {
		a, b, two := strings.Cut(v, ":")
		x, err1 := parseSize(a)
		y, err2 := parseSize(b)
		if !two {
			y, err2 = x, nil
		}
		if err1 != nil || err2 != nil {
			return fmt.Errorf("invalid --ignore-initial value '%s'", v)
		}
		o.skip = [2]int64{x, y}
		return nil
	})
	f.Value('n', "bytes", func(_, v string) error {
		n, err := parseSize(v)
		if err != nil {
			return fmt.Errorf("invalid --bytes value '%s'", v)
		}
		o.limit = n
		return nil
	})
	addToolInfo(f, "cmp", 'v')
	return f
}

func cmpFiles(p *Proc) int {
	o := cmpOpts{limit: -1}
	args, err := cmpFlags(p, &o).Parse(p.Args[1:])
	if err == nil {
		err = cmpOperands(&o, args)
	}
	if err != nil {
		return p.diffUsage(err)
	}
	if len(args) == 1 {
		args = append(args, "-")
	}
	var in [2]io.Reader
	for i, name := range args[:2] {
		r, done, err := p.openInput(name)
		if err != nil {
			p.Errorf("%s: %s", name, ErrText(err))
			return 2
		}
		defer done()
		in[i] = r
	}
	c := &comparer{p: p, o: &o, names: [2]string{args[0], args[1]}}
	c.width = c.offsetWidth(args)
	status := c.run(in)
	if err := p.Flush(); err != nil {
		return p.WriteFailed(err)
	}
	return status
}

// cmpOperands checks the operands and takes SKIP1 and SKIP2 from them.
func cmpOperands(o *cmpOpts, args []string) error {
	if o.verbose && o.silent {
		return errors.New("options -l and -s are incompatible")
	}
	switch {
	case len(args) == 0:
		return errors.New("missing operand after 'cmp'")
	case len(args) > 4:
		return fmt.Errorf("extra operand '%s'", args[4])
	}
	for i, a := range args[min(len(args), 2):] {
		n, err := parseSize(a)
		if err != nil {
			return fmt.Errorf("invalid --ignore-initial value '%s'", a)
		}
		o.skip[i] = n
	}
	return nil
}

// sizeSuffixes are cmp's multipliers: "k", "K" and "KiB" are 1024, "kB"
// and "KB" 1000, and so on up to Y. A suffix alone counts one unit.
var sizeSuffixes = "KMGTPEZY"

// parseSize parses a byte count with an optional GNU suffix.
func parseSize(s string) (int64, error) {
	i := 0
	for i < len(s) && s[i] >= '0' && s[i] <= '9' {
		i++
	}
	if i == 0 && (s == "" || s[0] == '-') {
		return 0, errors.New("invalid number")
	}
	n := int64(1)
	if i > 0 {
		n = 0
	}
	for _, c := range s[:i] {
		if n > (math.MaxInt64-9)/10 {
			n = math.MaxInt64
			break
		}
		n = n*10 + int64(c-'0')
	}
	mult, ok := suffixMult(s[i:])
	if !ok {
		return 0, errors.New("invalid suffix")
	}
	if mult > 1 && n > math.MaxInt64/mult {
		return math.MaxInt64, nil
	}
	return n * mult, nil
}

func suffixMult(suf string) (int64, bool) {
	if suf == "" {
		return 1, true
	}
	k := strings.IndexByte(sizeSuffixes, upper(suf[0]))
	if k < 0 {
		return 0, false
	}
	base := int64(1024)
	switch suf[1:] {
	case "":
	case "B", "D":
		base = 1000
	case "iB":
	default:
		return 0, false
	}
	if suf[0] != 'k' && (suf[0] < 'A' || suf[0] > 'Z') {
		return 0, false
	}
	m := int64(1)
	for range k + 1 {
		if m > math.MaxInt64/base {
			return math.MaxInt64, true
		}
		m *= base
	}
	return m, true
}

func upper(c byte) byte {
	if c >= 'a' && c <= 'z' {
		return c - 32
	}
	return c
}

// comparer compares two streams.
type comparer struct {
	p     *Proc
	o     *cmpOpts
	names [2]string
	width int // of offsets in -l output
}

// offsetWidth is the number of digits of the largest offset -l can
// print: that of the smaller regular file, or of the -n limit.
func (c *comparer) offsetWidth(args []string) int {
	max := int64(math.MaxInt64)
	if c.o.limit >= 0 {
		max = c.o.limit
	}
	for i, name := range args[:2] {
		if name == "-" {
			continue
		}
		if fi, err := c.p.Stat(name); err == nil && fi.Mode().IsRegular() {
			max = min(max, fi.Size()-min(fi.Size(), c.o.skip[i]))
		}
	}
	w := 1
	for max /= 10; max != 0; max /= 10 {
		w++
	}
	return w
}

func (c *comparer) run(in [2]io.Reader) int {
	var r [2]*bufio.Reader
	for i := range 2 {
		r[i] = bufio.NewReaderSize(in[i], 64<<10)
		if _, err := io.CopyN(io.Discard, r[i], c.o.skip[i]); err != nil && err != io.EOF {
			c.p.Errorf("%s: %s", c.names[i], ErrText(err))
			return 2
		}
	}
	return c.compare(r)
}
