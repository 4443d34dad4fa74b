package awk

import (
	"math"
	"sort"
	"strconv"
	"strings"
)

func (in *interp) cond(e expr) bool {
	if r, ok := e.(*regexLit); ok {
		return r.re.match(in.record)
	}
	return in.eval(e).toBool()
}

func (in *interp) eval(e expr) value {
	switch e := e.(type) {
	case *numLit:
		return value{k: kNum, n: e.v}
	case *strLit:
		return value{k: kStr, s: e.s}
	case *varRef:
		return in.varValue(e)
	case *fieldRef:
		return in.field(in.fieldIndex(e))
	case *indexRef:
		return in.element(e)
	case *assignExpr:
		return in.assign(e)
	case *concatExpr:
		return in.concat(e)
	case *binaryExpr:
		return in.binary(e)
	case *condExpr:
		if in.eval(e.c).toBool() {
			return in.eval(e.a)
		}
		return in.eval(e.b)
	case *andExpr:
		return boolNum(in.cond(e.l) && in.cond(e.r))
	case *orExpr:
		return boolNum(in.cond(e.l) || in.cond(e.r))
	case *matchExpr:
		s := in.toStr(in.eval(e.l))
		return boolNum(in.regexOf(e.re).match(s) != e.neg)
	case *regexLit:
		return boolNum(e.re.match(in.record))
	case *inExpr:
		a := in.arrayOf(e.arr)
		_, ok := a.m[in.subscript(e.subs)]
		return boolNum(ok)
	case *unaryExpr:
		return in.unary(e)
	case *incDecExpr:
		return in.incDec(e)
	case *groupExpr:
		v := in.eval(e.e)
		return v
	case *groupList:
		in.errorf("syntax error: a list in parentheses outside print or in")
	case *callExpr:
		return in.call(e)
	case *builtinExpr:
		return in.builtin(e)
	case *getlineExpr:
		return in.getline(e)
	}
	panic("awk: unknown expression")
}

func (in *interp) unary(e *unaryExpr) value {
	v := in.eval(e.e)
	switch e.op {
	case tNot:
		return boolNum(!v.toBool())
	case tSub:
		return num(-v.num())
	}
	return num(v.num())
}

// toStr converts with CONVFMT; toOutStr with OFMT (print).
func (in *interp) toStr(v value) string {
	switch v.k {
	case kStr, kStrnum:
		return v.s
	case kNum:
		return formatNum(v.n, in.convfmt)
	}
	return ""
}

func (in *interp) toOutStr(v value) string {
	if v.k == kNum {
		return formatNum(v.n, in.ofmt)
	}
	return in.toStr(v)
}

func (in *interp) concat(e *concatExpr) value {
	if len(e.parts) == 2 {
		return str(in.toStr(in.eval(e.parts[0])) + in.toStr(in.eval(e.parts[1])))
	}
	var b strings.Builder
	for _, p := range e.parts {
		b.WriteString(in.toStr(in.eval(p)))
	}
	return str(b.String())
}

func (in *interp) binary(e *binaryExpr) value {
	l, r := in.eval(e.l), in.eval(e.r)
	switch e.op {
	case tAdd:
		return num(l.num() + r.num())
	case tSub:
		return num(l.num() - r.num())
	case tMul:
		return num(l.num() * r.num())
	case tDiv:
		d := r.num()
		if d == 0 {
			in.errorf("division by zero attempted")
		}
		return num(l.num() / d)
	case tMod:
		d := r.num()
		if d == 0 {
			in.errorf("division by zero attempted in `%%'")
		}
		return num(math.Mod(l.num(), d))
	case tPow:
		return num(pow(l.num(), r.num()))
	}
	return boolNum(in.compare(e.op, l, r))
}

func pow(x, y float64) float64 {
	if y == math.Trunc(y) && y >= 0 && y < 1024 {
		r := 1.0
		for n := int(y); n > 0; n-- {
			r *= x
		}
		return r
	}
	return math.Pow(x, y)
}

// compare applies a comparison operator with POSIX's rules: numbers when
// both sides are numeric, strings otherwise.
func (in *interp) compare(op tok, l, r value) bool {
	var c int
	if l.isNumeric() && r.isNumeric() {
		a, b := l.num(), r.num()
		switch {
		case a < b:
			c = -1
		case a > b:
			c = 1
		case a == b:
			c = 0
		default: // NaN
			return op == tNe
		}
	} else {
		c = strings.Compare(in.toStr(l), in.toStr(r))
	}
	switch op {
	case tLess:
		return c < 0
	case tLe:
		return c <= 0
	case tGreater:
		return c > 0
	case tGe:
		return c >= 0
	case tEq:
		return c == 0
	}
	return c != 0
}

// regexOf returns the regular expression of a match's right side: a
// literal, or the string value of any other expression.
func (in *interp) regexOf(e expr) *awkRegex {
	if r, ok := e.(*regexLit); ok {
		return r.re
	}
	return in.dynRegex(in.toStr(in.eval(e)))
}

func (in *interp) dynRegex(s string) *awkRegex {
	re, err := in.cache.compile(s, false)
	if err != nil {
		in.errorf("invalid regexp: %s: /%s/", err.Error(), s)
	}
	return re
}

// cellOf returns the variable's cell.
func (in *interp) cellOf(v *varRef) *cell {
	if v.local {
		return &in.frame[v.idx]
	}
	return &in.globals[v.idx]
}

func (in *interp) varValue(v *varRef) value {
	if !v.local && v.idx == gNF {
		in.splitRecord()
		return num(float64(in.nf))
	}
	c := in.cellOf(v)
	if c.arr != nil {
		in.errorf("attempt to use array `%s' in a scalar context", v.name)
	}
	return c.v
}

// arrayOf returns the array a variable holds, making it one if it was
// never used.
func (in *interp) arrayOf(v *varRef) *array {
	c := in.cellOf(v)
	if c.arr != nil {
		return c.arr
	}
	if c.v.k != kUninit || (!v.local && v.idx < nSpecial) {
		in.errorf("attempt to use scalar `%s' as an array", v.name)
	}
	if c.ref != nil {
		root := c.ref
		for root.ref != nil && root.arr == nil {
			root = root.ref
		}
		if root.arr == nil {
			if root.v.k != kUninit {
				in.errorf("attempt to use scalar `%s' as an array", v.name)
			}
			root.arr = &array{m: map[string]value{}}
		}
		c.arr = root.arr
		return c.arr
	}
	c.arr = &array{m: map[string]value{}}
	return c.arr
}

// subscript joins the subscripts with SUBSEP.
func (in *interp) subscript(subs []expr) string {
	if len(subs) == 1 {
		return in.subStr(in.eval(subs[0]))
	}
	var b strings.Builder
	for i, s := range subs {
		if i > 0 {
			b.WriteString(in.subsep)
		}
		b.WriteString(in.subStr(in.eval(s)))
	}
	return b.String()
}

// subStr converts a subscript: integers always as integers.
func (in *interp) subStr(v value) string {
	if v.k == kNum && v.n == math.Trunc(v.n) && math.Abs(v.n) < 1e16 {
		return strconv.FormatInt(int64(v.n), 10)
	}
	return in.toStr(v)
}

func (in *interp) element(e *indexRef) value {
	a := in.arrayOf(e.arr)
	k := in.subscript(e.subs)
	v, ok := a.m[k]
	if !ok {
		in.charge(int64(len(k) + elemOverhead))
		a.m[k] = value{}
	}
	return v
}

func (in *interp) setElement(a *array, k string, v value) {
	old, ok := a.m[k]
	delta := int64(len(v.s) - len(old.s))
	if !ok {
		delta += int64(len(k) + elemOverhead)
	}
	in.charge(delta)
	a.m[k] = v
}

func (in *interp) assign(e *assignExpr) value {
	var v value
	if e.op == tAssign {
		v = in.eval(e.rhs)
		if v.k == kUninit {
			v = value{k: kUninit}
		}
	} else {
		// evaluate the target once for a[i++] += 1
		return in.opAssign(e)
	}
	in.store(e.lhs, v)
	return v
}

func (in *interp) opAssign(e *assignExpr) value {
	lhs := in.resolve(e.lhs)
	r := in.eval(e.rhs)
	l := in.load(lhs)
	var n float64
	a, b := l.num(), r.num()
	switch e.op {
	case tAddAssign:
		n = a + b
	case tSubAssign:
		n = a - b
	case tMulAssign:
		n = a * b
	case tDivAssign:
		if b == 0 {
			in.errorf("division by zero attempted in `/='")
		}
		n = a / b
	case tModAssign:
		if b == 0 {
			in.errorf("division by zero attempted in `%%='")
		}
		n = math.Mod(a, b)
	case tPowAssign:
		n = pow(a, b)
	}
	in.store(lhs, num(n))
	return num(n)
}

// resolved is an lvalue whose subscript or field index was evaluated.
type resolved struct {
	v     *varRef
	arr   *array
	key   string
	field int
	kind  int // 0 variable, 1 element, 2 field
}

func (in *interp) resolve(e expr) expr {
	switch e := e.(type) {
	case *indexRef:
		return &resolved{arr: in.arrayOf(e.arr), key: in.subscript(e.subs), kind: 1}
	case *fieldRef:
		return &resolved{field: in.fieldIndex(e), kind: 2}
	}
	return e
}

func (in *interp) load(e expr) value {
	if r, ok := e.(*resolved); ok {
		switch r.kind {
		case 1:
			v, ok := r.arr.m[r.key]
			if !ok {
				in.setElement(r.arr, r.key, value{})
			}
			return v
		case 2:
			return in.field(r.field)
		}
	}
	return in.eval(e)
}

func (in *interp) store(e expr, v value) {
	switch e := e.(type) {
	case *varRef:
		in.assignVar(e, v)
	case *indexRef:
		in.setElement(in.arrayOf(e.arr), in.subscript(e.subs), v)
	case *fieldRef:
		in.setField(in.fieldIndex(e), in.toStr(v))
	case *resolved:
		switch e.kind {
		case 1:
			in.setElement(e.arr, e.key, v)
		case 2:
			in.setField(e.field, in.toStr(v))
		}
	}
}

func (in *interp) assignVar(r *varRef, v value) {
	if r.local {
		c := &in.frame[r.idx]
		if c.arr != nil {
			in.errorf("attempt to use array `%s' in a scalar context", r.name)
		}
		c.v = v
		return
	}
	in.setGlobal(r.idx, v)
}

func (in *interp) setGlobal(idx int, v value) {
	c := &in.globals[idx]
	if c.arr != nil {
		in.errorf("attempt to use array in a scalar context")
	}
	in.charge(int64(len(v.s) - len(c.v.s)))
	c.v = v
	if idx < nSpecial {
		in.special(idx)
	}
}

func (in *interp) setStr(idx int, s string) { in.setGlobal(idx, str(s)) }

// special applies an assignment to a special variable.
func (in *interp) special(idx int) {
	v := in.globals[idx].v
	switch idx {
	case gNF:
		in.setNF(int(toInt(v.num())))
	case gNR:
		in.nr = v.num()
	case gFNR:
		in.fnr = v.num()
	case gFS:
		in.fs = in.newSplitter(in.toStr(v))
	case gOFS:
		in.ofs = in.toStr(v)
	case gORS:
		in.ors = in.toStr(v)
	case gRS:
		in.rs = in.toStr(v)
	case gSUBSEP:
		in.subsep = in.toStr(v)
	case gCONVFMT:
		in.convfmt = in.toStr(v)
	case gOFMT:
		in.ofmt = in.toStr(v)
	}
}

func (in *interp) incDec(e *incDecExpr) value {
	lhs := in.resolve(e.lhs)
	old := in.load(lhs).num()
	n := old + e.delta
	in.store(lhs, num(n))
	if e.pre {
		return num(n)
	}
	return num(old)
}

// sortKeys orders for-in keys: integers by value first, then strings.
func sortKeys(keys []string) {
	sort.Slice(keys, func(i, j int) bool {
		a, aerr := strconv.ParseInt(keys[i], 10, 64)
		b, berr := strconv.ParseInt(keys[j], 10, 64)
		switch {
		case aerr == nil && berr == nil:
			return a < b
		case aerr == nil:
			return true
		case berr == nil:
			return false
		}
		return keys[i] < keys[j]
	})
}

// call runs a user function.
func (in *interp) call(e *callExpr) value {
	f := e.fn
	frame := make([]cell, len(f.params))
	for i, a := range e.args {
		if v, ok := a.(*varRef); ok {
			c := in.cellOf(v)
			if c.arr != nil {
				frame[i].arr = c.arr
				continue
			}
			if c.v.k == kUninit && !(v.idx == gNF && !v.local) {
				frame[i].ref = c
				continue
			}
		}
		frame[i].v = in.eval(a)
	}
	if in.depth > 10000 {
		in.errorf("function call nesting too deep")
	}
	saved, savedLine := in.frame, in.line
	in.frame = frame
	in.depth++
	c := in.execBlock(f.body)
	in.depth--
	in.frame, in.line = saved, savedLine
	switch c {
	case ctlExit:
		panic(exitPanic{})
	case ctlNext:
		panic(nextPanic{})
	case ctlNextFile:
		panic(nextfilePanic{})
	}
	if c != ctlReturn {
		return value{}
	}
	v := in.retval
	in.retval = value{}
	return v
}

// exit, next and nextfile inside a function unwind to the main loop.
type (
	exitPanic     struct{}
	nextPanic     struct{}
	nextfilePanic struct{}
)
