package builtins

// truncate - shrink or extend the size of a file to the specified size
//
//	truncate OPTION... FILE...
//
// Options: -c (--no-create), -o (--io-blocks), -r RFILE (--reference),
// -s SIZE (--size). SIZE is a number with an optional suffix (K, M, G,
// T, P, E, Z, Y: powers of 1024; KB, MB, ...: powers of 1000; KiB, MiB,
// ...) and an optional prefix: + extend by, - reduce by, < at most,
// > at least, / round down to a multiple of, % round up to a multiple of.

import (
	"fmt"
	"math"
	"math/bits"
	"os"
	"strings"

	"github.com/shellfence/shellfence/builtins/internal/quote"
	"github.com/shellfence/shellfence/builtins/internal/xstrtol"
	"github.com/shellfence/shellfence/vfs"
)

type truncRel int

const (
	truncAbs truncRel = iota
	truncRelative
	truncAtMost
	truncAtLeast
	truncRoundDown
	truncRoundUp
)

type truncOpts struct {
	noCreate, blocks, gotSize bool
	ref                       string
	size                      int64
	refSize                   int64
	rel                       truncRel
}

func truncate(p *Proc) int {
	o := truncOpts{refSize: -1}
	flags := p.newOpts(1)
	flags.Flag('c', "no-create", &o.noCreate)
	flags.Flag('o', "io-blocks", &o.blocks)
	flags.String('r', "reference", &o.ref)
	flags.Value('s', "size", func(_, v string) error { return o.parseSize(p, v) })
	addToolInfo(flags, "truncate")
	files, err := flags.Parse(p.Args[1:])
	if err != nil {
		return p.usage(err, 1)
	}
	if code := o.check(p, files); code != 0 {
		return code
	}
	status := 0
	for _, f := range files {
		if !p.truncateOne(f, &o) {
			status = 1
		}
	}
	return status
}

// check validates the option combination and reads the reference file.
func (o *truncOpts) check(p *Proc, files []string) int {
	switch {
	case o.ref == "" && !o.gotSize:
		return p.usageErr("you must specify either %s or %s", quote.Locale("--size"), quote.Locale("--reference"))
	case o.ref != "" && o.gotSize && o.rel == truncAbs:
		return p.usageErr("you must specify a relative %s with %s", quote.Locale("--size"), quote.Locale("--reference"))
	case o.blocks && !o.gotSize:
		return p.usageErr("%s was specified but %s was not", quote.Locale("--io-blocks"), quote.Locale("--size"))
	case len(files) == 0:
		return p.usageErr("missing file operand")
	}
	if o.ref == "" {
		return 0
	}
	fi, err := p.Stat(o.ref)
	if err != nil {
		p.Errorf("cannot stat %s: %s", quote.ShellAlways(o.ref), ErrText(err))
		return 1
	}
	if o.gotSize {
		o.refSize = fi.Size()
	} else {
		o.size = fi.Size()
	}
	return 0
}

// parseSize reads -s SIZE with its prefix.
func (o *truncOpts) parseSize(p *Proc, v string) error {
	s := strings.TrimLeft(v, " \t\n\v\f\r")
	if s != "" {
		if r := strings.IndexByte("<>/%", s[0]); r >= 0 {
			o.rel = []truncRel{truncAtMost, truncAtLeast, truncRoundDown, truncRoundUp}[r]
			s = strings.TrimLeft(s[1:], " \t\n\v\f\r")
		}
	}
	if s != "" && (s[0] == '+' || s[0] == '-') {
		if o.rel != truncAbs {
			return usageLine(p, "multiple relative modifiers specified")
		}
		o.rel = truncRelative
	}
	n, err := xstrtol.ParseSuffixed(s, "EgGkKmMPtTYZ0")
	if err != nil {
		msg := fmt.Sprintf("Invalid number: %s", quote.Locale(s))
		if err == xstrtol.ErrRange {
			msg += ": Value too large for defined data type"
		}
		return fmt.Errorf("%s", msg)
	}
	if (o.rel == truncRoundUp || o.rel == truncRoundDown) && n == 0 {
		return fmt.Errorf("division by zero")
	}
	o.size, o.gotSize = n, true
	return nil
}

// truncateOne sets the size of one file.
func (p *Proc) truncateOne(name string, o *truncOpts) bool {
	flag := os.O_WRONLY
	if !o.noCreate {
		flag |= os.O_CREATE
	}
	f, err := p.OpenFile(name, flag, 0o666)
	if err != nil {
		if !(o.noCreate && isNotExist(err)) {
			p.Errorf("cannot open %s for writing: %s", quote.ShellAlways(name), ErrText(err))
			return false
		}
		return true
	}
	defer f.Close()
	fi, err := f.Stat()
	if err != nil {
		p.Errorf("cannot fstat %s: %s", quote.ShellAlways(name), ErrText(err))
		return false
	}
	size, ok := o.newSize(p, name, fi.Size(), vfs.MetaOf(fi).Blksize)
	if !ok {
		return false
	}
	t, ok := f.(interface{ Truncate(int64) error })
	if !ok {
		err = errInval
	} else {
		err = t.Truncate(size)
	}
	if err != nil {
		p.Errorf("failed to truncate %s at %d bytes: %s", quote.ShellAlways(name), size, ErrText(err))
		return false
	}
	return true
}

// newSize works out a file's new size from its current size.
func (o *truncOpts) newSize(p *Proc, name string, cur, blksize int64) (int64, bool) {
	size := o.size
	if o.blocks {
		hi, lo := bits.Mul64(uint64(abs64(size)), uint64(blksize))
		if hi != 0 || lo > math.MaxInt64 {
			p.Errorf("overflow in %d * %d byte blocks for file %s", size, blksize, quote.ShellAlways(name))
			return 0, false
		}
		size *= blksize
	}
	if o.refSize >= 0 {
		cur = o.refSize
	}
	var n int64
	switch o.rel {
	case truncAbs:
		n = size
	case truncAtLeast:
		n = max(cur, size)
	case truncAtMost:
		n = min(cur, size)
	case truncRoundDown:
		n = cur / size * size
	case truncRoundUp, truncRelative:
		if o.rel == truncRoundUp {
			if r := cur % size; r == 0 {
				size = 0
			} else {
				size -= r
			}
		}
		n = cur + size
		if size > 0 && n < cur {
			p.Errorf("overflow extending size of file %s", quote.ShellAlways(name))
			return 0, false
		}
	}
	return max(n, 0), true
}

func abs64(n int64) int64 {
	if n < 0 {
		return -n
	}
	return n
}

// usageLine is a command-line error with GNU's "Try ... --help" line.
func usageLine(p *Proc, msg string) error {
	return &usageErrT{fmt.Sprintf("%s: %s\nTry '%s --help' for more information.", p.Name(), msg, p.Name())}
}

type usageErrT struct{ msg string }

func (e *usageErrT) Error() string { return e.msg }
