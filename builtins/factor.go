package builtins

// factor - print prime factors; tsort - topological sort
//
//	factor [NUMBER]...
//	tsort [FILE]
//
// factor as GNU coreutils 9.1: numbers from the operands or, without
// them, from the words of standard input; any size (math/big beyond 64
// bits). tsort prints the order GNU's tsort gives: items with no
// predecessor in byte order, then each item's successors as they become
// free, latest relation first. On a loop tsort names the loop's items
// and goes on, as GNU does, though which edge it breaks may differ.

import (
	"bufio"
	"math/big"
	"math/bits"
	"math/rand/v2"
	"slices"
	"strings"

	"github.com/shellfence/shellfence/builtins/internal/quote"
)

func factor(p *Proc) int {
	flags := p.newOpts(1)
	addToolInfo(flags, "factor")
	nums, err := flags.Parse(p.Args[1:])
	if err != nil {
		return p.usage(err, 1)
	}
	status := 0
	each := func(w string) int {
		line, ok := factorLine(w)
		if !ok {
			p.Errorf("%s is not a valid positive integer", quote.Locale(w))
			status = 1
			return 0
		}
		if err := p.write([]byte(line)); err != nil {
			return p.WriteFailed(err)
		}
		return 0
	}
	if len(nums) > 0 {
		for _, w := range nums {
			if code := each(w); code != 0 {
				return code
			}
		}
		return status
	}
	sc := bufio.NewScanner(p.Stdin)
	sc.Buffer(make([]byte, 64<<10), 1<<20)
	sc.Split(bufio.ScanWords)
	for sc.Scan() {
		if code := each(sc.Text()); code != 0 {
			return code
		}
		if p.Cancelled() {
			return 130
		}
	}
	return status
}

// factorLine returns "N: p1 p2 ...\n".
func factorLine(w string) (string, bool) {
	s := strings.TrimLeft(w, " \t\n")
	s = strings.TrimPrefix(s, "+")
	if s == "" || strings.Trim(s, "0123456789") != "" {
		return "", false
	}
	n, ok := new(big.Int).SetString(s, 10)
	if !ok {
		return "", false
	}
	var b strings.Builder
	b.WriteString(n.String() + ":")
	var fs []*big.Int
	if n.IsUint64() {
		for _, f := range factorU64(n.Uint64()) {
			fs = append(fs, new(big.Int).SetUint64(f))
		}
	} else {
		fs = factorBig(n)
	}
	for _, f := range fs {
		b.WriteString(" " + f.String())
	}
	b.WriteString("\n")
	return b.String(), true
}

// factorU64 returns the prime factors of n in order.
func factorU64(n uint64) []uint64 {
	var out []uint64
	if n < 2 {
		return nil
	}
	for _, q := range []uint64{2, 3, 5, 7, 11, 13, 17, 19, 23, 29, 31, 37} {
		for n%q == 0 {
			out = append(out, q)
			n /= q
		}
	}
	var rec func(n uint64)
	rec = func(n uint64) {
		switch {
		case n == 1:
			return
		case new(big.Int).SetUint64(n).ProbablyPrime(20):
			out = append(out, n)
			return
		}
		d := rhoU64(n)
		rec(d)
		rec(n / d)
	}
	rec(n)
	slices.Sort(out)
	return out
}

func mulmod(a, b, m uint64) uint64 {
	hi, lo := bits.Mul64(a, b)
	_, r := bits.Div64(hi%m, lo, m)
	return r
}

// rhoU64 finds a nontrivial factor of the composite n (Pollard-Brent).
func rhoU64(n uint64) uint64 {
	if n%2 == 0 {
		return 2
	}
	for c := uint64(1); ; c++ {
		x, y, d := uint64(2), uint64(2), uint64(1)
		f := func(v uint64) uint64 { return (mulmod(v, v, n) + c) % n }
		for d == 1 {
			x = f(x)
			y = f(f(y))
			diff := x - y
			if x < y {
				diff = y - x
			}
			d = gcdU64(diff, n)
		}
		if d != n {
			return d
		}
	}
}

func gcdU64(a, b uint64) uint64 {
	for b != 0 {
		a, b = b, a%b
	}
	return a
}

// factorBig factors n beyond 64 bits: small primes, then Pollard's rho.
func factorBig(n *big.Int) []*big.Int {
	var out []*big.Int
	n = new(big.Int).Set(n)
	for q := int64(2); q < 10000; q++ {
		bq := big.NewInt(q)
		m := new(big.Int)
		for {
			qq, r := new(big.Int).QuoRem(n, bq, m)
			if r.Sign() != 0 {
				break
			}
			out = append(out, bq)
			n = qq
		}
	}
	var rec func(n *big.Int)
	rec = func(n *big.Int) {
		if n.Cmp(big.NewInt(1)) == 0 {
			return
		}
		if n.IsUint64() {
			for _, f := range factorU64(n.Uint64()) {
				out = append(out, new(big.Int).SetUint64(f))
			}
			return
		}
		if n.ProbablyPrime(25) {
			out = append(out, n)
			return
		}
		d := rhoBig(n)
		rec(d)
		rec(new(big.Int).Quo(n, d))
	}
	rec(n)
	slices.SortFunc(out, func(a, b *big.Int) int { return a.Cmp(b) })
	return out
}

func rhoBig(n *big.Int) *big.Int {
	one := big.NewInt(1)
	for c := int64(1); ; c++ {
		x, y, d := big.NewInt(2), big.NewInt(2), big.NewInt(1)
		bc := big.NewInt(c + rand.Int64N(3))
		f := func(v *big.Int) *big.Int {
			r := new(big.Int).Mul(v, v)
			r.Add(r, bc)
			return r.Mod(r, n)
		}
		for d.Cmp(one) == 0 {
			x = f(x)
			y = f(f(y))
			diff := new(big.Int).Sub(x, y)
			d = new(big.Int).GCD(nil, nil, diff.Abs(diff), n)
		}
		if d.Cmp(n) != 0 {
			return d
		}
	}
}

// tsortItem is one node of tsort's graph.
type tsortItem struct {
	name  string
	count int
	succ  []*tsortItem // latest relation first when walked backwards
	done  bool
}

func tsort(p *Proc) int {
	flags := p.newOpts(1)
	addToolInfo(flags, "tsort")
	files, err := flags.Parse(p.Args[1:])
	if err != nil {
		return p.usage(err, 1)
	}
	if len(files) > 1 {
		return p.usageErr("extra operand %s", quote.Locale(files[1]))
	}
	name := "-"
	if len(files) == 1 {
		name = files[0]
	}
	data, err := p.readInputHeld(name)
	if err != nil {
		p.Errorf("%s: %s", quote.Shell(name), ErrText(err))
		return 1
	}
	items := map[string]*tsortItem{}
	get := func(s string) *tsortItem {
		it := items[s]
		if it == nil {
			it = &tsortItem{name: s}
			items[s] = it
		}
		return it
	}
	words := strings.Fields(string(data))
	if len(words)%2 != 0 {
		p.Errorf("%s: input contains an odd number of tokens", quote.Shell(name))
		return 1
	}
	for i := 0; i < len(words); i += 2 {
		a, b := get(words[i]), get(words[i+1])
		if a != b {
			b.count++
			a.succ = append(a.succ, b)
		}
	}
	return tsortRun(p, name, items)
}

// tsortRun prints the order, breaking loops as it finds them.
func tsortRun(p *Proc, name string, items map[string]*tsortItem) int {
	sorted := make([]*tsortItem, 0, len(items))
	for _, it := range items {
		sorted = append(sorted, it)
	}
	slices.SortFunc(sorted, func(a, b *tsortItem) int { return strings.Compare(a.name, b.name) })
	left, status := len(sorted), 0
	var out []byte
	for left > 0 {
		var queue []*tsortItem
		for _, it := range sorted {
			if !it.done && it.count == 0 {
				queue = append(queue, it)
			}
		}
		for len(queue) > 0 {
			it := queue[0]
			queue = queue[1:]
			it.done = true
			left--
			out = append(append(out, it.name...), '\n')
			for i := len(it.succ) - 1; i >= 0; i-- {
				s := it.succ[i]
				if s.count--; s.count == 0 {
					queue = append(queue, s)
				}
			}
		}
		if left > 0 {
			status = 1
			if err := p.write(out); err != nil {
				return p.WriteFailed(err)
			}
			out = out[:0]
			tsortBreakLoop(p, name, sorted)
		}
	}
	if err := p.write(out); err != nil {
		return p.WriteFailed(err)
	}
	return status
}

// tsortBreakLoop reports one loop among the items left and removes one
// of its relations. Every item left has a predecessor left, so walking
// predecessors always comes back to an item already seen.
func tsortBreakLoop(p *Proc, name string, sorted []*tsortItem) {
	pred := map[*tsortItem]*tsortItem{}
	for _, it := range sorted {
		for _, s := range it.succ {
			if !it.done && !s.done && pred[s] == nil {
				pred[s] = it
			}
		}
	}
	var start *tsortItem
	for _, it := range sorted {
		if !it.done && it.count > 0 {
			start = it
			break
		}
	}
	seen := map[*tsortItem]bool{}
	it := start
	for !seen[it] {
		seen[it] = true
		it = pred[it]
	}
	p.Errorf("%s: input contains a loop:", quote.Shell(name))
	var loop []*tsortItem
	for x := it; ; {
		loop = append(loop, x)
		if x = pred[x]; x == it {
			break
		}
	}
	slices.Reverse(loop)
	for _, l := range loop {
		p.Errorf("%s", l.name)
	}
	from := pred[it]
	for i, s := range from.succ {
		if s == it {
			from.succ = append(from.succ[:i:i], from.succ[i+1:]...)
			it.count--
			break
		}
	}
}
