package builtins

// bc's machine: it runs compiled code over a value stack, with GNU bc's
// dynamic scoping (a function's parameters and autos hide the caller's
// variables of the same names until it returns) and GNU's runtime
// errors and warnings, "Runtime error (func=NAME, adr=N): message".

import (
	"errors"
	"fmt"
	"math/big"
	"strings"

	"github.com/shellfence/shellfence/vfs/budget"
)

// bcMaxDigits bounds the digits of any one number bc computes, so that
// 2^(10^12) or scale=10^9 is refused instead of holding the server.
const bcMaxDigits = 4_000_000

// bcMaxDepth bounds function call nesting.
const bcMaxDepth = 10000

const bcDimMax = 16777215

var errBcHalt = errors.New("bc: halt")

// bcRuntime is a runtime error, already reported; it unwinds to the top.
type bcRuntime struct{ err error }

func (e bcRuntime) Error() string { return "bc: runtime error" }

type bcArray struct{ m map[int64]bcNum }

type bcVM struct {
	p      *Proc
	out    *bcOut
	scale  int
	ibase  int
	obase  int
	last   bcNum
	vars   map[string][]bcNum
	arrays map[string][]*bcArray
	funcs  map[string]*bcFunc
	stack  []bcNum
	depth  int
	steps  int
	held   int64 // bytes charged to the run's memory budget
}

func newBcVM(p *Proc, out *bcOut) *bcVM {
	return &bcVM{p: p, out: out, ibase: 10, obase: 10, last: bcZero,
		vars: map[string][]bcNum{}, arrays: map[string][]*bcArray{}, funcs: map[string]*bcFunc{}}
}

// frame is one running body, for messages.
type bcFrame struct {
	vm   *bcVM
	name string
	code *bcCode
	pc   int
}

// adr is GNU's address after the instruction at pc.
func (f *bcFrame) adr() int {
	a := 0
	for i := 0; i <= f.pc && i < len(f.code.insts); i++ {
		a += f.code.insts[i].size
	}
	return a
}

func (f *bcFrame) fail(format string, args ...any) error {
	f.vm.out.flush()
	fmt.Fprintf(f.vm.p.Stderr, "Runtime error (func=%s, adr=%d): %s\n", f.name, f.adr(), fmt.Sprintf(format, args...))
	return bcRuntime{}
}

// failAt reports an error at an offset from the instruction's start
// (negative: from its end).
func (f *bcFrame) failAt(off int, format string, args ...any) error {
	f.vm.out.flush()
	adr := f.adr()
	if off < 0 {
		adr += off
	} else {
		adr += off - f.code.insts[f.pc].size
	}
	fmt.Fprintf(f.vm.p.Stderr, "Runtime error (func=%s, adr=%d): %s\n", f.name, adr, fmt.Sprintf(format, args...))
	return bcRuntime{}
}

func (f *bcFrame) warn(format string, args ...any) {
	f.vm.out.flush()
	fmt.Fprintf(f.vm.p.Stderr, "Runtime warning (func=%s, adr=%d): %s\n", f.name, f.adr(), fmt.Sprintf(format, args...))
}

func (vm *bcVM) push(n bcNum) { vm.stack = append(vm.stack, n) }

func (vm *bcVM) pop() bcNum {
	n := vm.stack[len(vm.stack)-1]
	vm.stack = vm.stack[:len(vm.stack)-1]
	return n
}

// runMain runs one chunk of main code; a runtime error ends the chunk.
func (vm *bcVM) runMain(code *bcCode) error {
	vm.stack = vm.stack[:0]
	_, err := vm.run(code, "(main)")
	if _, ok := err.(bcRuntime); ok {
		return nil
	}
	return err
}

func (vm *bcVM) run(code *bcCode, name string) (bcNum, error) {
	f := &bcFrame{vm: vm, name: name, code: code}
	for f.pc = 0; f.pc < len(code.insts); f.pc++ {
		if vm.steps++; vm.steps&1023 == 0 && vm.p.Cancelled() {
			return bcZero, errStopped
		}
		in := &code.insts[f.pc]
		switch in.op {
		case bcoReturn:
			return vm.pop(), nil
		case bcoJump:
			f.pc = code.labels[in.target] - 1
		case bcoJumpZero, bcoJumpNonZero:
			if vm.pop().isZero() == (in.op == bcoJumpZero) {
				f.pc = code.labels[in.target] - 1
			}
		default:
			if err := vm.step(f, in); err != nil {
				return bcZero, err
			}
		}
	}
	return bcZero, nil
}

func (vm *bcVM) step(f *bcFrame, in *bcInst) error {
	switch in.op {
	case bcoConst:
		if in.cbase != vm.ibase {
			in.cval, in.cbase = bcParseConst(in.text, vm.ibase), vm.ibase
		}
		vm.push(in.cval)
	case bcoLoad:
		vm.push(vm.load(in.text))
	case bcoStore:
		v := vm.pop()
		vm.push(vm.store(f, in.text, v))
	case bcoLoadArr:
		a, i, err := vm.element(f, in.text)
		if err != nil {
			return err
		}
		vm.push(a.get(i))
	case bcoStoreArr:
		v := vm.pop()
		a, i, err := vm.element(f, in.text)
		if err != nil {
			return err
		}
		vm.push(vm.setElem(a, i, v))
	case bcoIncDec, bcoIncDecArr:
		return vm.incDec(f, in)
	case bcoDup:
		vm.push(vm.stack[len(vm.stack)-1])
	case bcoPop:
		vm.pop()
	case bcoBinary:
		y, x := vm.pop(), vm.pop()
		r, err := vm.binary(f, in.text, x, y)
		if err != nil {
			return err
		}
		vm.push(r)
	case bcoNeg:
		x := vm.pop()
		vm.push(bcNum{new(big.Int).Neg(x.v), x.s})
	case bcoNot:
		vm.push(bcBool(vm.pop().isZero()))
	case bcoPrint:
		v := vm.pop()
		vm.last = v
		vm.out.str(v.format(vm.obase))
		vm.out.char('\n')
	case bcoPrintNL:
		v := vm.pop()
		vm.last = v
		vm.out.str(v.format(vm.obase))
	case bcoString:
		s := in.text
		if in.esc {
			s = bcEscapes(s)
		}
		vm.out.str(s)
	case bcoCall:
		return vm.call(f, in)
	case bcoBuiltin:
		return vm.builtin(f, in.text)
	case bcoHalt:
		return errBcHalt
	}
	return vm.out.err
}

func bcBool(b bool) bcNum {
	if b {
		return bcOne
	}
	return bcZero
}

// bcEscapes applies print's escapes: \a \b \f \n \r \q (") \t \\; any
// other escaped character is dropped with its backslash, as GNU does.
func bcEscapes(s string) string {
	if !strings.Contains(s, `\`) {
		return s
	}
	var b strings.Builder
	for i := 0; i < len(s); i++ {
		if s[i] != '\\' || i+1 == len(s) {
			b.WriteByte(s[i])
			continue
		}
		i++
		if r, ok := map[byte]byte{'a': 7, 'b': 8, 'f': 12, 'n': '\n', 'r': '\r', 'q': '"', 't': '\t', '\\': '\\'}[s[i]]; ok {
			b.WriteByte(r)
		}
	}
	return b.String()
}

func (vm *bcVM) load(name string) bcNum {
	switch name {
	case "scale":
		return bcInt(int64(vm.scale))
	case "ibase":
		return bcInt(int64(vm.ibase))
	case "obase":
		return bcInt(int64(vm.obase))
	case "last":
		return vm.last
	}
	if s := vm.vars[name]; len(s) > 0 {
		return s[len(s)-1]
	}
	return bcZero
}

// store assigns v to name and returns it; scale, ibase and obase are
// brought into range with GNU's warnings.
func (vm *bcVM) store(f *bcFrame, name string, v bcNum) bcNum {
	switch name {
	case "scale":
		vm.scale = vm.special(f, v, "scale", 0, 2147483647, "negative scale, set to 0", "scale too large, set to 2147483647")
	case "ibase":
		vm.ibase = vm.special(f, v, "ibase", 2, 36, "ibase too small, set to 2", "ibase too large, set to 36")
	case "obase":
		vm.obase = vm.special(f, v, "obase", 2, 2147483647, "obase too small, set to 2", "obase too large, set to 2147483647")
	case "last":
		vm.last = v
	default:
		s := vm.vars[name]
		if len(s) == 0 {
			s = append(s, bcZero)
			vm.vars[name] = s
		}
		vm.charge(s[len(s)-1], v)
		s[len(s)-1] = v
	}
	return v
}

func (vm *bcVM) special(f *bcFrame, v bcNum, name string, lo, hi int64, small, large string) int {
	n, ok := v.toInt64()
	switch {
	case !ok || n == 0 && !v.isZero() || n > hi:
		f.warn("%s", large)
		n = hi
	case n < lo:
		f.warn("%s", small)
		n = lo
	}
	return int(n)
}

// charge accounts the bytes the variables hold against the run's memory
// budget; a refused charge is reported when the budget trips.
func (vm *bcVM) charge(old, new bcNum) {
	d := bcSize(new) - bcSize(old)
	if d > 0 && vm.p.Budget().Charge(budget.Memory, d) != nil {
		return
	}
	if d < 0 {
		vm.p.Budget().Release(budget.Memory, -d)
	}
	vm.held += d
}

func bcSize(n bcNum) int64 {
	if n.v == nil {
		return 0
	}
	return int64(len(n.v.Bits()))*8 + 16
}

func (vm *bcVM) release() {
	if vm.held > 0 {
		vm.p.Budget().Release(budget.Memory, vm.held)
	}
	vm.held = 0
}

func (vm *bcVM) array(name string) *bcArray {
	s := vm.arrays[name]
	if len(s) == 0 {
		a := &bcArray{m: map[int64]bcNum{}}
		vm.arrays[name] = []*bcArray{a}
		return a
	}
	return s[len(s)-1]
}

func (a *bcArray) get(i int64) bcNum {
	if v, ok := a.m[i]; ok {
		return v
	}
	return bcZero
}

func (vm *bcVM) setElem(a *bcArray, i int64, v bcNum) bcNum {
	vm.charge(a.get(i), v)
	a.m[i] = v
	return v
}

// element pops an index and returns the array and the checked index.
func (vm *bcVM) element(f *bcFrame, name string) (*bcArray, int64, error) {
	i, ok := vm.pop().toInt64()
	if !ok || i < 0 || i > bcDimMax {
		return nil, 0, f.fail("Array %s subscript out of bounds.", name)
	}
	return vm.array(name), i, nil
}

func (vm *bcVM) incDec(f *bcFrame, in *bcInst) error {
	d := bcInt(int64(in.n))
	if in.op == bcoIncDecArr {
		a, i, err := vm.element(f, in.text)
		if err != nil {
			return err
		}
		old := a.get(i)
		nv := vm.setElem(a, i, bcAdd(old, d))
		if in.post {
			nv = old
		}
		vm.push(nv)
		return nil
	}
	old := vm.load(in.text)
	vm.store(f, in.text, bcAdd(old, d))
	if in.post {
		vm.push(old)
	} else {
		vm.push(vm.load(in.text))
	}
	return nil
}

func (vm *bcVM) binary(f *bcFrame, op string, x, y bcNum) (bcNum, error) {
	switch op {
	case "+":
		return bcAdd(x, y), nil
	case "-":
		return bcSub(x, y), nil
	case "*":
		if x.digits()+y.digits() > bcMaxDigits {
			return bcZero, vm.tooBig(f)
		}
		return bcMul(x, y, vm.scale), nil
	case "/", "%":
		if y.isZero() {
			if op == "/" {
				return bcZero, f.fail("Divide by zero")
			}
			return bcZero, f.fail("Modulo by zero")
		}
		if x.intLen()+vm.scale+y.s > bcMaxDigits {
			return bcZero, vm.tooBig(f)
		}
		if op == "/" {
			return bcDiv(x, y, vm.scale), nil
		}
		return bcMod(x, y, vm.scale), nil
	case "^":
		return vm.power(f, x, y)
	}
	return bcBool(bcCompare(op, x.cmp(y))), nil
}

func bcCompare(op string, c int) bool {
	switch op {
	case "==":
		return c == 0
	case "!=":
		return c != 0
	case "<":
		return c < 0
	case "<=":
		return c <= 0
	case ">":
		return c > 0
	}
	return c >= 0
}

func (vm *bcVM) tooBig(f *bcFrame) error {
	return f.fail("number too long (over %d digits)", bcMaxDigits)
}

func (vm *bcVM) power(f *bcFrame, x, y bcNum) (bcNum, error) {
	if y.s != 0 {
		f.warn("non-zero scale in exponent")
	}
	n, ok := y.toInt64()
	abs := n
	if abs < 0 {
		abs = -abs
	}
	// GNU's num2long takes exponents up to 2^31+1 in size
	if !ok || abs > 1<<31+1 {
		return bcZero, f.fail("exponent too large in raise")
	}
	switch {
	case n == 0:
		return bcOne, nil
	case x.isZero() && n < 0:
		return bcZero, f.fail("divide by zero")
	case x.isZero():
		return bcNum{new(big.Int), min(x.s*int(n), max(vm.scale, x.s))}, nil
	case n > 0 && x.s == 0 && new(big.Int).Abs(x.v).Cmp(big.NewInt(1)) == 0:
		if x.v.Sign() < 0 && abs%2 == 1 {
			return bcInt(-1), nil
		}
		return bcOne, nil
	}
	if float64(x.digits())*float64(abs) > bcMaxDigits || n < 0 && vm.scale > bcMaxDigits {
		return bcZero, vm.tooBig(f)
	}
	return bcPow(x, n, vm.scale), nil
}

func (vm *bcVM) builtin(f *bcFrame, name string) error {
	if name == "read" {
		return f.fail("read() is not supported (the program comes from standard input)")
	}
	x := vm.pop()
	switch name {
	case "length":
		vm.push(bcInt(bcLength(x)))
	case "scale":
		vm.push(bcInt(int64(x.s)))
	case "sqrt":
		if x.v.Sign() < 0 {
			return f.fail("Square root of a negative number")
		}
		if 2*max(vm.scale, x.s)+x.intLen() > bcMaxDigits {
			return vm.tooBig(f)
		}
		vm.push(bcSqrt(x, vm.scale))
	}
	return nil
}

// call runs a user function: arguments are popped, parameters and autos
// pushed over the variables of the same names, and popped again however
// the body ends.
func (vm *bcVM) call(f *bcFrame, in *bcInst) error {
	fn := vm.funcs[in.text]
	if fn == nil {
		return f.failAt(2, "Function %s not defined.", in.text)
	}
	if err := vm.checkArgs(f, fn, in); err != nil {
		return err
	}
	vals := make([]bcNum, in.n)
	for i := in.n - 1; i >= 0; i-- {
		if !in.arrays[i] {
			vals[i] = vm.pop()
		}
	}
	if vm.depth >= bcMaxDepth {
		return f.fail("function calls nested too deeply (over %d)", bcMaxDepth)
	}
	arrs := make([]*bcArray, in.n)
	for i, pr := range fn.params {
		if pr.array {
			src := vm.array(in.names[i])
			if pr.ref {
				arrs[i] = src
			} else {
				arrs[i] = vm.copyArray(src)
			}
		}
	}
	vm.enter(fn, vals, arrs)
	defer vm.leave(fn)
	vm.depth++
	defer func() { vm.depth-- }()
	base := len(vm.stack)
	r, err := vm.run(&fn.code, fn.name)
	vm.stack = vm.stack[:base]
	if err != nil {
		return err
	}
	vm.push(r)
	return nil
}

// checkArgs matches the arguments against fn's parameters as GNU walks
// its call list: one entry per argument after the call and the function
// (1 byte for a value, 4 for an array), then the list's end.
func (vm *bcVM) checkArgs(f *bcFrame, fn *bcFunc, in *bcInst) error {
	pos := 2
	for j, arr := range in.arrays {
		pos += map[bool]int{false: 1, true: 4}[arr]
		if j >= len(fn.params) {
			return f.failAt(pos, "Parameter number mismatch")
		}
		// GNU pairs the arguments with the parameters from the end
		pr := fn.params[max(0, len(fn.params)-in.n+j)]
		if pr.array == arr {
			continue
		}
		if arr {
			f.failAt(pos, "Parameter type mismatch, parameter (null).")
		} else {
			f.failAt(pos, "Parameter type mismatch parameter %s.", pr.name)
		}
		return f.failAt(in.size, "Parameter number mismatch")
	}
	if len(fn.params) != in.n {
		return f.failAt(pos+1, "Parameter number mismatch")
	}
	return nil
}

func (vm *bcVM) copyArray(src *bcArray) *bcArray {
	a := &bcArray{m: make(map[int64]bcNum, len(src.m))}
	for k, v := range src.m {
		vm.charge(bcNum{}, v)
		a.m[k] = v
	}
	return a
}

func (vm *bcVM) enter(fn *bcFunc, vals []bcNum, arrs []*bcArray) {
	for i, pr := range fn.params {
		if pr.array {
			vm.arrays[pr.name] = append(vm.arrays[pr.name], arrs[i])
		} else {
			vm.vars[pr.name] = append(vm.vars[pr.name], vals[i])
		}
	}
	for _, a := range fn.autos {
		if a.array {
			vm.arrays[a.name] = append(vm.arrays[a.name], &bcArray{m: map[int64]bcNum{}})
		} else {
			vm.vars[a.name] = append(vm.vars[a.name], bcZero)
		}
	}
}

func (vm *bcVM) leave(fn *bcFunc) {
	drop := func(p bcParam) {
		if p.array {
			s := vm.arrays[p.name]
			vm.arrays[p.name] = s[:len(s)-1]
		} else {
			s := vm.vars[p.name]
			vm.charge(s[len(s)-1], bcNum{})
			vm.vars[p.name] = s[:len(s)-1]
		}
	}
	for i := len(fn.autos) - 1; i >= 0; i-- {
		drop(fn.autos[i])
	}
	for i := len(fn.params) - 1; i >= 0; i-- {
		drop(fn.params[i])
	}
}

// bcOut writes bc's output, breaking lines longer than the line length
// with a backslash-newline as GNU's out_char does.
type bcOut struct {
	p       *Proc
	lineLen int // 0: never break
	col     int
	buf     []byte
	err     error
}

func (o *bcOut) char(c byte) {
	if c == '\n' {
		o.col = 0
		o.buf = append(o.buf, '\n')
	} else {
		o.col++
		if o.lineLen != 0 && o.col == o.lineLen-1 {
			o.buf = append(o.buf, '\\', '\n')
			o.col = 1
		}
		o.buf = append(o.buf, c)
	}
	if len(o.buf) >= 32<<10 {
		o.flush()
	}
}

func (o *bcOut) str(s string) {
	for i := 0; i < len(s); i++ {
		o.char(s[i])
	}
}

func (o *bcOut) flush() {
	if len(o.buf) > 0 && o.err == nil {
		o.err = o.p.write(o.buf)
	}
	o.buf = o.buf[:0]
}
