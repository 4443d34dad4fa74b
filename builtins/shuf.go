package builtins

// shuf - generate random permutations
//
//	shuf [-rz] [-n COUNT] [-o FILE] [--random-source=FILE] [FILE]
//	shuf -e [OPTION]... [ARG]...
//	shuf -i LO-HI [OPTION]...
//
// As GNU coreutils 9.1 in what it prints and how it fails; the order is
// random (math/rand/v2, or the bytes of --random-source, which give an
// order of their own, not GNU's). The input is held whole, charged to
// the run's memory budget; -o writes its file whole through the
// workspace.

import (
	"bytes"
	bin "encoding/binary"
	"math/rand/v2"
	"strconv"
	"strings"

	"github.com/shellfence/shellfence/builtins/internal/quote"
)

type shufOpts struct {
	echo, repeat, zero bool
	rangeSet           bool
	lo, hi             uint64
	count              uint64
	countSet           bool
	output, source     string
}

func shuf(p *Proc) int {
	o := &shufOpts{}
	flags := p.newOpts(1)
	flags.Flag('e', "echo", &o.echo)
	flags.Flag('r', "repeat", &o.repeat)
	flags.Flag('z', "zero-terminated", &o.zero)
	flags.String('o', "output", &o.output)
	flags.String(0, "random-source", &o.source)
	flags.Value('i', "input-range", func(_, v string) error { return o.setRange(p, v) })
	flags.Value('n', "head-count", func(_, v string) error {
		n, err := strconv.ParseUint(v, 10, 64)
		if err != nil && !isRangeErr(err) {
			return p.optErr("invalid line count: %s", quote.Locale(v))
		}
		if err != nil {
			n = 1<<64 - 1
		}
		if !o.countSet || n < o.count {
			o.count = n
		}
		o.countSet = true
		return nil
	})
	addToolInfo(flags, "shuf")
	ops, err := flags.Parse(p.Args[1:])
	if err != nil {
		return p.usage(err, 1)
	}
	switch {
	case o.echo && o.rangeSet:
		return p.usageErr("cannot combine -e and -i options")
	case o.rangeSet && len(ops) > 0:
		return p.usageErr("extra operand %s", quote.Locale(ops[0]))
	case !o.echo && len(ops) > 1:
		return p.usageErr("extra operand %s", quote.Locale(ops[1]))
	}
	lines, code := o.input(p, ops)
	if code != 0 {
		return code
	}
	return o.emit(p, lines)
}

func (o *shufOpts) setRange(p *Proc, v string) error {
	a, b, ok := strings.Cut(v, "-")
	lo, err1 := strconv.ParseUint(a, 10, 64)
	hi, err2 := strconv.ParseUint(b, 10, 64)
	switch {
	case !ok:
		return p.optErr("invalid input range: %s", quote.Locale(v))
	case err1 != nil:
		return p.optErr("invalid input range: %s", quote.Locale(a))
	case err2 != nil:
		return p.optErr("invalid input range: %s", quote.Locale(b))
	case hi+1 < lo:
		return p.optErr("invalid input range: %s", quote.Locale(v))
	}
	if o.rangeSet && (lo != o.lo || hi != o.hi) {
		return p.optErr("multiple -i options specified")
	}
	o.lo, o.hi, o.rangeSet = lo, hi, true
	return nil
}

// input returns the lines to shuffle.
func (o *shufOpts) input(p *Proc, ops []string) ([]string, int) {
	switch {
	case o.echo:
		return ops, 0
	case o.rangeSet:
		n := o.hi + 1 - o.lo
		if n > 1<<24 && !o.repeat {
			if err := p.hold(int64(n) * 24); err != nil {
				p.Errorf("%s", ErrText(err))
				return nil, 1
			}
		}
		return nil, 0
	}
	name := "-"
	if len(ops) == 1 {
		name = ops[0]
	}
	data, err := p.readInputHeld(name)
	if err != nil {
		p.Errorf("%s: %s", quote.Shell(name), ErrText(err))
		return nil, 1
	}
	sep := byte('\n')
	if o.zero {
		sep = 0
	}
	data = bytes.TrimSuffix(data, []byte{sep})
	if len(data) == 0 && !bytes.Contains(data, []byte{sep}) {
		return nil, 0
	}
	return strings.Split(string(data), string(sep)), 0
}

// random returns the generator: seeded from the system, or from the
// bytes of --random-source.
func (o *shufOpts) random(p *Proc) (*rand.Rand, int) {
	if o.source == "" {
		return rand.New(rand.NewPCG(rand.Uint64(), rand.Uint64())), 0
	}
	data, err := p.readInputHeld(o.source)
	if err != nil {
		p.Errorf("%s: %s", quote.Shell(o.source), ErrText(err))
		return nil, 1
	}
	var seed [32]byte
	copy(seed[:], data)
	return rand.New(rand.NewPCG(bin.LittleEndian.Uint64(seed[:8]), bin.LittleEndian.Uint64(seed[8:16]))), 0
}

// emit writes the permutation (or, with -r, COUNT random picks).
func (o *shufOpts) emit(p *Proc, lines []string) int {
	rng, code := o.random(p)
	if code != 0 {
		return code
	}
	total := uint64(len(lines))
	if o.rangeSet {
		total = o.hi + 1 - o.lo
	}
	item := func(i uint64) string {
		if o.rangeSet {
			return strconv.FormatUint(o.lo+i, 10)
		}
		return lines[i]
	}
	end := "\n"
	if o.zero {
		end = "\x00"
	}
	var out bytes.Buffer
	write := func(s string) error {
		out.WriteString(s + end)
		if o.output != "" || out.Len() < 32<<10 {
			return nil
		}
		err := p.write(out.Bytes())
		out.Reset()
		return err
	}
	err := o.pick(p, rng, total, item, write)
	if err == nil && o.output != "" {
		if err = p.hold(int64(out.Len())); err == nil {
			err = p.FS.WriteAtomic(p.Abs(o.output), out.Bytes(), 0o666&^p.Sys.Umask())
		}
		if err != nil {
			p.Errorf("%s: %s", quote.Shell(o.output), ErrText(err))
			return 1
		}
		return 0
	}
	if err == nil {
		err = p.write(out.Bytes())
	}
	return p.endStatus(err, func() string { return "" })
}

// pick produces the items in random order.
func (o *shufOpts) pick(p *Proc, rng *rand.Rand, total uint64, item func(uint64) string, write func(string) error) error {
	count := total
	if o.countSet {
		count = min(count, o.count)
		if o.repeat {
			count = o.count
		}
	}
	if o.repeat {
		if total == 0 {
			if count > 0 {
				p.Errorf("no lines to repeat")
				return errStopped
			}
			return nil
		}
		for i := uint64(0); (!o.countSet || i < count) && !p.Cancelled(); i++ {
			if err := write(item(rng.Uint64N(total))); err != nil {
				return err
			}
		}
		return nil
	}
	perm := map[uint64]uint64{} // a sparse Fisher-Yates over [0, total)
	at := func(i uint64) uint64 {
		if v, ok := perm[i]; ok {
			return v
		}
		return i
	}
	for i := uint64(0); i < count; i++ {
		j := i + rng.Uint64N(total-i)
		vi, vj := at(i), at(j)
		perm[j] = vi
		delete(perm, i)
		if err := write(item(vj)); err != nil {
			return err
		}
		if i%4096 == 0 && p.Cancelled() {
			return errStopped
		}
	}
	return nil
}
