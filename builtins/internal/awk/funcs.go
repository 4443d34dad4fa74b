package awk

import (
	"fmt"
	"io"
	"math"
	"strconv"
	"strings"
	"unicode/utf8"
)

func (in *interp) builtin(e *builtinExpr) value {
	a := e.args
	switch e.name {
	case "length":
		return in.length(a)
	case "substr":
		return in.substr(a)
	case "index":
		s, t := in.evalStr(a[0]), in.evalStr(a[1])
		i := strings.Index(s, t)
		if i < 0 {
			return num(0)
		}
		return num(float64(utf8.RuneCountInString(s[:i]) + 1))
	case "split":
		return in.split(a)
	case "sub", "gsub":
		return in.sub(a, e.name == "gsub")
	case "match":
		return in.match(a)
	case "sprintf":
		format := in.evalStr(a[0])
		args := make([]value, len(a)-1)
		for i, x := range a[1:] {
			args[i] = in.eval(x)
		}
		return str(in.sprintf(format, args))
	case "tolower":
		return str(strings.ToLower(in.evalStr(a[0])))
	case "toupper":
		return str(strings.ToUpper(in.evalStr(a[0])))
	case "system":
		return num(float64(in.system(in.evalStr(a[0]))))
	case "close":
		return num(float64(in.closeStream(in.evalStr(a[0]))))
	case "fflush":
		return in.fflush(a)
	case "rand", "srand":
		return in.random(e.name, a)
	}
	return in.math(e.name, a)
}

func (in *interp) evalStr(e expr) string  { return in.toStr(in.eval(e)) }
func (in *interp) evalNum(e expr) float64 { return in.eval(e).num() }

func (in *interp) length(a []expr) value {
	if len(a) == 0 {
		return num(float64(utf8.RuneCountInString(in.record)))
	}
	if v, ok := a[0].(*varRef); ok {
		c := in.cellOf(v)
		if c.arr != nil {
			return num(float64(len(c.arr.m)))
		}
		if c.ref != nil && c.v.k == kUninit {
			root := c.ref
			for root.ref != nil && root.arr == nil {
				root = root.ref
			}
			if root.arr != nil {
				return num(float64(len(root.arr.m)))
			}
		}
	}
	return num(float64(utf8.RuneCountInString(in.evalStr(a[0]))))
}

// substr truncates its positions as gawk does, and a start before 1
// counts as 1 (the length is not shortened).
func (in *interp) substr(a []expr) value {
	s := in.evalStr(a[0])
	m := in.evalNum(a[1])
	chars := utf8.RuneCountInString(s)
	n := float64(chars + 1)
	if len(a) == 3 {
		n = in.evalNum(a[2])
	}
	if math.IsNaN(m) || math.IsNaN(n) || n <= 0 {
		return str("")
	}
	start := math.Trunc(m)
	if start < 1 {
		start = 1
	}
	end := start + math.Trunc(n)
	if end > float64(chars+1) {
		end = float64(chars + 1)
	}
	if start > float64(chars) || end <= start {
		return str("")
	}
	return str(runeSlice(s, int(start)-1, int(end)-1))
}

// runeSlice returns the characters i to j (0-based, end excluded).
func runeSlice(s string, i, j int) string {
	if isASCIIString(s) {
		return s[i:j]
	}
	b, k := 0, 0
	for k < i {
		_, w := utf8.DecodeRuneInString(s[b:])
		b += w
		k++
	}
	e := b
	for k < j {
		_, w := utf8.DecodeRuneInString(s[e:])
		e += w
		k++
	}
	return s[b:e]
}

func isASCIIString(s string) bool {
	for i := 0; i < len(s); i++ {
		if s[i] >= utf8.RuneSelf {
			return false
		}
	}
	return true
}

func (in *interp) split(a []expr) value {
	s := in.evalStr(a[0])
	target := a[1].(*varRef)
	var sp *splitter
	if len(a) == 3 {
		if r, ok := a[2].(*regexLit); ok {
			sp = &splitter{mode: splitRegex, re: r.re}
		} else {
			sp = in.newSplitter(in.evalStr(a[2]))
		}
	} else {
		sp = in.fs
	}
	arr := in.arrayOf(target)
	for k, v := range arr.m {
		in.charge(-int64(len(k) + len(v.s) + elemOverhead))
	}
	arr.m = map[string]value{}
	parts := sp.split(s, nil, false)
	for i, p := range parts {
		in.setElement(arr, strconv.Itoa(i+1), strnum(p))
	}
	return num(float64(len(parts)))
}

func (in *interp) match(a []expr) value {
	s := in.evalStr(a[0])
	re := in.regexOf(a[1])
	i, j := re.find(s)
	if i < 0 {
		in.globals[gRSTART].v = num(0)
		in.globals[gRLENGTH].v = num(-1)
		return num(0)
	}
	start := utf8.RuneCountInString(s[:i]) + 1
	in.globals[gRSTART].v = num(float64(start))
	in.globals[gRLENGTH].v = num(float64(utf8.RuneCountInString(s[i:j])))
	return num(float64(start))
}

// sub performs sub and gsub, storing the result only when something was
// replaced.
func (in *interp) sub(a []expr, global bool) value {
	re := in.regexOf(a[0])
	repl := in.evalStr(a[1])
	var target expr = &fieldRef{&numLit{0}}
	if len(a) == 3 {
		target = a[2]
	}
	lv := in.resolve(target)
	s := in.toStr(in.load(lv))
	n := 1
	if global {
		n = -1
	}
	locs := re.findAll(s, n)
	if len(locs) == 0 {
		return num(0)
	}
	var b strings.Builder
	prev := 0
	for _, loc := range locs {
		b.WriteString(s[prev:loc[0]])
		writeRepl(&b, repl, s[loc[0]:loc[1]])
		prev = loc[1]
	}
	b.WriteString(s[prev:])
	in.store(lv, str(b.String()))
	return num(float64(len(locs)))
}

// writeRepl expands & and \& in a replacement.
func writeRepl(b *strings.Builder, repl, matched string) {
	for i := 0; i < len(repl); i++ {
		c := repl[i]
		switch {
		case c == '\\' && i+1 < len(repl) && (repl[i+1] == '&' || repl[i+1] == '\\'):
			i++
			b.WriteByte(repl[i])
		case c == '&':
			b.WriteString(matched)
		default:
			b.WriteByte(c)
		}
	}
}

func (in *interp) fflush(a []expr) value {
	if len(a) == 0 {
		in.flushAll()
		return num(0)
	}
	name := in.evalStr(a[0])
	if o, ok := in.outputs[name]; ok {
		o.w.Flush()
		return num(0)
	}
	if name == "/dev/stdout" || name == "-" {
		in.stdout.Flush()
		return num(0)
	}
	return num(-1)
}

func (in *interp) math(name string, a []expr) value {
	x := in.evalNum(a[0])
	switch name {
	case "int":
		return num(math.Trunc(x))
	case "sqrt":
		if x < 0 {
			in.warn("sqrt: received negative argument %s", formatNum(x, "%.6g"))
			return num(math.Copysign(math.NaN(), -1))
		}
		return num(math.Sqrt(x))
	case "exp":
		return num(math.Exp(x))
	case "log":
		if x < 0 {
			in.warn("log: received negative argument %s", formatNum(x, "%.6g"))
			return num(math.Copysign(math.NaN(), -1))
		}
		return num(math.Log(x))
	case "sin":
		return num(math.Sin(x))
	case "cos":
		return num(math.Cos(x))
	case "atan2":
		return num(math.Atan2(x, in.evalNum(a[1])))
	}
	panic("awk: unknown builtin " + name)
}

// rngState is rand's generator: a 48-bit linear congruential one, as
// drand48, seeded by srand.
type rngState struct{ x uint64 }

func (r *rngState) seed(s float64) {
	r.x = (uint64(int64(s))<<16 | 0x330e) & (1<<48 - 1)
}

func (r *rngState) next() float64 {
	r.x = (0x5deece66d*r.x + 0xb) & (1<<48 - 1)
	return float64(r.x) / (1 << 48)
}

func (in *interp) random(name string, a []expr) value {
	if in.rng == nil {
		in.rng = &rngState{}
		in.rng.seed(0)
	}
	if name == "rand" {
		return num(in.rng.next())
	}
	prev := in.randSeed
	if in.rng == nil || !in.seeded {
		prev = 1
	}
	in.seeded = true
	if len(a) == 1 {
		in.randSeed = in.evalNum(a[0])
	} else {
		in.randSeed = float64(in.nowSeconds())
	}
	in.rng.seed(in.randSeed)
	return num(prev)
}

// warn prints a gawk warning and goes on.
func (in *interp) warn(format string, args ...any) {
	in.stdout.Flush()
	where := in.env.Name + ": "
	if in.line > 0 {
		where += "cmd. line:" + strconv.Itoa(in.line) + ": "
	}
	io.WriteString(in.stderrW, where+"warning: "+fmt.Sprintf(format, args...)+"\n")
}
