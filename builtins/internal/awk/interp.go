package awk

import (
	"bufio"
	"context"
	"errors"
	"fmt"
	"io"
	"math"
	"strings"
	"time"

	"github.com/shellfence/shellfence/vfs/budget"
)

// Env is what a run of awk may reach: its streams, files and commands
// only through these hooks.
type Env struct {
	Ctx    context.Context
	Name   string // the program name in messages
	Stdin  io.Reader
	Stdout io.Writer
	Stderr io.Writer
	// Open opens a file for reading; Create opens one for writing,
	// truncating it or appending.
	Open   func(name string) (io.ReadCloser, error)
	Create func(name string, appendTo bool) (io.WriteCloser, error)
	// Command runs a shell command line with the given streams and
	// returns its exit status (nil: commands cannot run). A nil stdout is
	// awk's own standard output, which awk has flushed: system() passes it
	// so that the command writes there directly, as a child process would.
	Command func(cmd string, stdin io.Reader, stdout io.Writer) int
	// ErrText turns an error into the cause GNU would print.
	ErrText func(err error) string
	Environ []string
	Budget  *budget.Budget
	// Now is the clock srand() reads (nil: srand() seeds with 0).
	Now func() time.Time
}

// Config is a command line: the program text, -F, -v assignments and
// the operands.
type Config struct {
	Src     string
	FS      *string
	Assigns []string
	Args    []string
}

// cell is a variable: a scalar or an array. ref points to the caller's
// untyped variable passed to a function parameter, which becomes an
// array if the function uses it as one.
type cell struct {
	v   value
	arr *array
	ref *cell
}

type array struct{ m map[string]value }

// ctl is how a statement ended.
type ctl int

const (
	ctlNone ctl = iota
	ctlNext
	ctlNextFile
	ctlExit
	ctlReturn
	ctlBreak
	ctlContinue
)

// runtimeError is a fatal error, printed as gawk prints it.
type runtimeError struct{ msg string }

func (e *runtimeError) Error() string { return e.msg }

type interp struct {
	env     *Env
	prog    *program
	globals []cell
	frame   []cell
	depth   int
	retval  value
	line    int

	// the current record and its fields
	record   string
	fields   []string
	fieldsOK bool
	splitPos int // where splitTo goes on
	nf       int
	recFS    *splitter

	fs      *splitter
	convfmt string
	ofmt    string
	subsep  string
	ofs     string
	ors     string
	rs      string
	nr, fnr float64

	cache   regexCache
	stdout  *bufio.Writer
	stdoutW *lockedWriter
	stderrW *lockedWriter
	outputs map[string]*outStream
	inputs  map[string]*inStream
	main    mainInput

	inEnd    bool
	exitCode int
	steps    int
	held     int64
	randSeed float64
	prevSeed float64
	rng      *rngState
	seeded   bool
	pending  string // the record getline var read from the main input
}

func (in *interp) nowSeconds() int64 {
	if in.env.Now == nil {
		return 0
	}
	return in.env.Now().Unix()
}

// Run runs the program of cfg and returns awk's exit status.
func Run(env *Env, cfg *Config) (status int) {
	in := &interp{env: env}
	prog, err := parse(cfg.Src, &in.cache)
	if err != nil {
		fmt.Fprintf(env.Stderr, "%s: %s\n", env.Name, err.Error())
		return 2
	}
	in.prog = prog
	defer func() {
		if v := recover(); v != nil {
			switch e := v.(type) {
			case *runtimeError:
				in.closeAll()
				in.fatal(e.msg)
				status = 2
			case *writeFailed:
				in.closeAll()
				if !isBrokenPipe(e.err) {
					in.fatal("print to \"standard output\" failed (" + in.env.ErrText(e.err) + ")")
				}
				status = 2
			default:
				panic(v)
			}
		}
	}()
	if err := in.init(cfg); err != nil {
		in.fatal(err.Error())
		return 2
	}
	in.run()
	if err := in.closeAll(); err != nil && in.exitCode == 0 {
		return 2
	}
	return in.exitCode
}

func (in *interp) fatal(msg string) {
	if in.main.curName != "" {
		msg = fmt.Sprintf("(FILENAME=%s FNR=%s) fatal: %s", in.main.curName, formatNum(in.fnr, "%.6g"), msg)
	} else {
		msg = "fatal: " + msg
	}
	if in.line > 0 {
		fmt.Fprintf(in.env.Stderr, "%s: cmd. line:%d: %s\n", in.env.Name, in.line, msg)
		return
	}
	fmt.Fprintf(in.env.Stderr, "%s: %s\n", in.env.Name, msg)
}

func (in *interp) errorf(format string, args ...any) {
	panic(&runtimeError{fmt.Sprintf(format, args...)})
}

func (in *interp) init(cfg *Config) error {
	in.globals = make([]cell, in.prog.nglobals)
	in.stdoutW = &lockedWriter{w: in.env.Stdout}
	in.stderrW = &lockedWriter{w: in.env.Stderr}
	in.stdout = bufio.NewWriterSize(in.stdoutW, 64<<10)
	in.outputs = map[string]*outStream{}
	in.inputs = map[string]*inStream{}
	in.setStr(gFS, " ")
	in.setStr(gOFS, " ")
	in.setStr(gORS, "\n")
	in.setStr(gRS, "\n")
	in.setStr(gSUBSEP, "\x1c")
	in.setStr(gCONVFMT, "%.6g")
	in.setStr(gOFMT, "%.6g")
	in.globals[gRLENGTH].v = num(-1)
	in.globals[gRSTART].v = num(0)
	in.globals[gNR].v = num(0)
	in.globals[gFNR].v = num(0)
	env := in.newArray(gENVIRON)
	for _, kv := range in.env.Environ {
		if k, v, ok := strings.Cut(kv, "="); ok {
			env.m[k] = strnum(v)
		}
	}
	argv := in.newArray(gARGV)
	argv.m["0"] = str(in.env.Name)
	for i, a := range cfg.Args {
		argv.m[fmt.Sprint(i+1)] = strnum(a)
	}
	in.globals[gARGC].v = num(float64(len(cfg.Args) + 1))
	if cfg.FS != nil {
		in.setStr(gFS, fsOption(*cfg.FS))
	}
	for _, a := range cfg.Assigns {
		if !in.assignOperand(a) {
			return fmt.Errorf("`%s' argument to `-v' not in `var=value' form", a)
		}
	}
	in.record = ""
	in.fieldsOK = true
	return nil
}

// fsOption is -F's value with its escapes decoded ("t" stays a t, as in
// gawk and mawk).
func fsOption(s string) string { return unescapeString(s) }

func unescapeString(s string) string {
	if !strings.Contains(s, `\`) {
		return s
	}
	var b strings.Builder
	for i := 0; i < len(s); i++ {
		if s[i] != '\\' || i+1 == len(s) {
			b.WriteByte(s[i])
			continue
		}
		i += unescape(&b, s[i+1:], '"')
	}
	return b.String()
}

func (in *interp) newArray(idx int) *array {
	a := &array{m: map[string]value{}}
	in.globals[idx].arr = a
	return a
}

// assignOperand performs var=value from -v or an operand; it reports
// whether s had that form.
func (in *interp) assignOperand(s string) bool {
	name, val, ok := strings.Cut(s, "=")
	if !ok || !isName(name) {
		return false
	}
	if _, kw := keywords[name]; kw || builtinNames[name] {
		return false
	}
	if _, fn := in.prog.funcs[name]; fn {
		in.errorf("cannot use function `%s' as variable name", name)
	}
	idx, ok := in.prog.globals[name]
	if !ok {
		return true // never used by the program
	}
	c := &in.globals[idx]
	if c.arr != nil {
		in.errorf("cannot assign to array `%s'", name)
	}
	in.setGlobal(idx, strnum(unescapeString(val)))
	return true
}

func isName(s string) bool {
	if s == "" || !isNameStart(s[0]) {
		return false
	}
	for i := 1; i < len(s); i++ {
		if !isNameStart(s[i]) && !isDigit(s[i]) {
			return false
		}
	}
	return true
}

func (in *interp) run() {
	for _, b := range in.prog.begin {
		if c := in.runBlock(b); c == ctlExit {
			in.runEnd()
			return
		} else if c == ctlNext || c == ctlNextFile {
			in.errorf("`next' used in BEGIN action")
		}
	}
	if len(in.prog.items) > 0 || len(in.prog.end) > 0 {
		if in.mainLoop() == ctlExit {
			in.runEnd()
			return
		}
	}
	in.runEnd()
}

func (in *interp) runEnd() {
	if in.inEnd {
		return
	}
	in.inEnd = true
	for _, b := range in.prog.end {
		if in.runBlock(b) == ctlExit {
			return
		}
	}
}

func (in *interp) mainLoop() ctl {
	for {
		ok := in.main.nextRecord(in, true)
		if !ok {
			return ctlNone
		}
		if c := in.runItems(); c == ctlExit {
			return c
		} else if c == ctlNextFile {
			in.main.skipFile(in)
		}
	}
}

func (in *interp) runItems() ctl {
	in.tick()
	for _, it := range in.prog.items {
		if !in.matches(it) {
			continue
		}
		if it.body == nil {
			in.printRecord()
			continue
		}
		switch c := in.runBlock(it.body); c {
		case ctlNext:
			return ctlNone
		case ctlExit, ctlNextFile:
			return c
		}
	}
	return ctlNone
}

func (in *interp) printRecord() {
	in.stdout.WriteString(in.record)
	in.stdout.WriteString(in.ors)
}

// matches evaluates an item's pattern (a range keeps its state).
func (in *interp) matches(it *item) bool {
	if it.pat == nil {
		return true
	}
	if it.pat2 == nil {
		return in.cond(it.pat)
	}
	if !it.inRange {
		if !in.cond(it.pat) {
			return false
		}
		it.inRange = !in.cond(it.pat2)
		return true
	}
	if in.cond(it.pat2) {
		it.inRange = false
	}
	return true
}

// tick checks for cancellation now and then.
func (in *interp) tick() {
	in.steps++
	if in.steps&1023 != 0 {
		return
	}
	if err := in.env.Ctx.Err(); err != nil {
		if cause := context.Cause(in.env.Ctx); cause != nil {
			err = cause
		}
		var ex *budget.Exceeded
		if errors.As(err, &ex) {
			in.errorf("%s", ex.Error())
		}
		in.errorf("%s", err.Error())
	}
}

// charge accounts for n more bytes held (negative: released).
func (in *interp) charge(n int64) {
	if n == 0 || in.env.Budget == nil {
		return
	}
	if n < 0 {
		if -n > in.held {
			n = -in.held
		}
		in.env.Budget.Release(budget.Memory, -n)
		in.held += n
		return
	}
	if err := in.env.Budget.Charge(budget.Memory, n); err != nil {
		in.errorf("%s", err.Error())
	}
	in.held += n
}

func (in *interp) releaseAll() {
	if in.env.Budget != nil && in.held > 0 {
		in.env.Budget.Release(budget.Memory, in.held)
		in.held = 0
	}
}

// runBlock runs a BEGIN, END or action block, where exit, next and
// nextfile from inside a function land.
func (in *interp) runBlock(b *blockStmt) (c ctl) {
	defer func() {
		if v := recover(); v != nil {
			in.frame, in.depth = nil, 0
			switch v.(type) {
			case exitPanic:
				c = ctlExit
			case nextPanic:
				c = ctlNext
			case nextfilePanic:
				c = ctlNextFile
			default:
				panic(v)
			}
		}
	}()
	return in.execBlock(b)
}

func (in *interp) execBlock(b *blockStmt) ctl {
	for _, s := range b.list {
		if c := in.exec(s); c != ctlNone {
			return c
		}
	}
	return ctlNone
}

func (in *interp) exec(s stmt) ctl {
	switch s := s.(type) {
	case *exprStmt:
		in.line = s.line
		in.eval(s.e)
	case *printStmt:
		in.line = s.line
		in.print(s)
	case *blockStmt:
		return in.execBlock(s)
	case *ifStmt:
		if in.cond(s.c) {
			return in.exec(s.then)
		} else if s.els != nil {
			return in.exec(s.els)
		}
	case *whileStmt:
		return in.while(s)
	case *doStmt:
		return in.do(s)
	case *forStmt:
		return in.forLoop(s)
	case *forInStmt:
		return in.forIn(s)
	case *nextStmt:
		if in.inEnd || in.main.state == 0 {
			in.errorf("`next' used in %s action", in.phase())
		}
		return ctlNext
	case *nextfileStmt:
		return ctlNextFile
	case *exitStmt:
		if s.e != nil {
			in.exitCode = int(int32(toInt(in.eval(s.e).num())))
		}
		return ctlExit
	case *returnStmt:
		in.retval = value{}
		if s.e != nil {
			in.retval = in.eval(s.e)
		}
		return ctlReturn
	case *breakStmt:
		return ctlBreak
	case *continueStmt:
		return ctlContinue
	case *deleteStmt:
		in.delete(s)
	default:
		panic(fmt.Sprintf("awk: unknown statement %T", s))
	}
	return ctlNone
}

func (in *interp) phase() string {
	if in.inEnd {
		return "END"
	}
	return "BEGIN"
}

func toInt(f float64) int64 {
	if math.IsNaN(f) {
		return 0
	}
	if f >= 9.2e18 {
		return math.MaxInt64
	}
	if f <= -9.2e18 {
		return math.MinInt64
	}
	return int64(f)
}

// loopCtl turns a loop body's ending into whether the loop goes on and
// the statement's own ending.
func loopCtl(c ctl) (bool, ctl) {
	switch c {
	case ctlBreak:
		return false, ctlNone
	case ctlNone, ctlContinue:
		return true, ctlNone
	}
	return false, c
}

func (in *interp) while(s *whileStmt) ctl {
	for in.cond(s.c) {
		in.tick()
		if more, c := loopCtl(in.exec(s.body)); !more {
			return c
		}
	}
	return ctlNone
}

func (in *interp) do(s *doStmt) ctl {
	for {
		in.tick()
		if more, c := loopCtl(in.exec(s.body)); !more {
			return c
		}
		if !in.cond(s.c) {
			return ctlNone
		}
	}
}

func (in *interp) forLoop(s *forStmt) ctl {
	if s.init != nil {
		in.exec(s.init)
	}
	for s.c == nil || in.cond(s.c) {
		in.tick()
		if more, c := loopCtl(in.exec(s.body)); !more {
			return c
		}
		if s.post != nil {
			in.exec(s.post)
		}
	}
	return ctlNone
}

func (in *interp) forIn(s *forInStmt) ctl {
	a := in.arrayOf(s.arr)
	keys := make([]string, 0, len(a.m))
	for k := range a.m {
		keys = append(keys, k)
	}
	sortKeys(keys)
	for _, k := range keys {
		if _, ok := a.m[k]; !ok {
			continue
		}
		in.tick()
		in.assignVar(s.v, strnum(k))
		if more, c := loopCtl(in.exec(s.body)); !more {
			return c
		}
	}
	return ctlNone
}

func (in *interp) delete(s *deleteStmt) {
	a := in.arrayOf(s.arr)
	if s.subs == nil {
		for k, v := range a.m {
			in.charge(-int64(len(k) + len(v.s) + elemOverhead))
		}
		a.m = map[string]value{}
		return
	}
	k := in.subscript(s.subs)
	if v, ok := a.m[k]; ok {
		in.charge(-int64(len(k) + len(v.s) + elemOverhead))
		delete(a.m, k)
	}
}

// elemOverhead is what an array element costs beyond its strings.
const elemOverhead = 64
