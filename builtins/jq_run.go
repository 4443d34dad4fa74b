package builtins

// Running a jq program: compile with gojq (no modules, the run's
// environment, our input iterator and helper functions), then feed it
// the inputs one at a time and print its results.

import (
	"errors"
	"fmt"
	"io"
	"sync"

	"github.com/itchyny/gojq"
	"github.com/shellfence/shellfence/vfs/budget"
)

// jq 1.7.1's exit statuses.
const (
	jqOK         = 0
	jqOKNull     = -1 // the last output was false or null (-e: 1)
	jqErrSystem  = 2
	jqErrCompile = 3
	jqNoOutput   = -4 // no output (-e: 4)
	jqErrUnknown = 5
)

// jqRun is one jq command.
type jqRun struct {
	p         *Proc
	o         *jqOptions
	ord       *jqOrder
	code      *gojq.Code
	in        *jqInputs
	out       []byte
	halted    bool
	werr      error
	charged   int64
	argsValue map[string]any
}

// jqPrelude replaces the builtins whose results depend on key order or
// number format with ones that follow jq, and supplies jq's input and
// clock functions.
const jqPrelude = `def keys_unsorted: _sf_keys;
def to_entries: [_sf_keys[] as $k | {key: $k, value: .[$k]}];
def from_entries: _sf_from_entries;
def with_entries(f): to_entries | map(f) | from_entries;
def recurse: recurse(if type == "object" then _sf_keys[] as $k | .[$k] else .[]? end);
def paths: path(..) | select(length > 0);
def paths(node_filter): . as $dot | paths | select(. as $p | $dot | getpath($p) | node_filter);
def leaf_paths: paths(scalars);
def ltrimstr($x): if type == "string" and ($x | type) == "string" and startswith($x) then .[($x | length):] else . end;
def rtrimstr($x): if type == "string" and ($x | type) == "string" and ($x | length) > 0 and endswith($x) then .[:length - ($x | length)] else . end;
def tojson: _sf_tojson;
def tostring: if type == "string" then . else _sf_tojson end;
def input_filename: _sf_input_filename;
def input_line_number: _sf_input_line;
def now: _sf_now;
.`

var jqPreludeDefs = sync.OnceValue(func() []*gojq.FuncDef {
	q, err := gojq.Parse(jqPrelude)
	if err != nil {
		panic("jq prelude: " + err.Error())
	}
	return q.FuncDefs
})

func (r *jqRun) run() int {
	src, code := r.programText()
	if code != 0 {
		return code
	}
	if code := r.loadArgFiles(); code != 0 {
		return code
	}
	r.in = newJQInputs(r.p, r.o, r.ord)
	r.in.run = r
	r.o.enc.ord = r.ord
	if code := r.compile(src); code != 0 {
		return code
	}
	ret := r.process()
	if r.in.openFailed {
		ret = jqErrSystem
	}
	if r.werr != nil {
		return r.p.WriteFailed(r.werr)
	}
	if r.flush(true); r.werr != nil {
		return r.p.WriteFailed(r.werr)
	}
	return r.status(ret)
}

// status is jq's exit status for the last result ret.
func (r *jqRun) status(ret int) int {
	if !r.o.exitStatus {
		return max(ret, 0)
	}
	if ret != jqNoOutput {
		return abs(ret)
	}
	switch r.in.lastResult {
	case -1:
		return 4
	case 0:
		return 1
	}
	return 0
}

// programText returns the filter, read from its file under -f.
func (r *jqRun) programText() (string, int) {
	if !r.o.fromFile {
		return r.o.program, 0
	}
	b, err := r.readFile(r.o.program)
	if err != nil {
		r.errorf("jq: Could not open %s: %s\n", r.o.program, ErrText(err))
		return "", jqErrSystem
	}
	return string(b), 0
}

// readFile reads a whole (small) file named on the command line,
// charging the budget.
func (r *jqRun) readFile(name string) ([]byte, error) {
	in, closeIn, err := r.p.openInput(name)
	if err != nil {
		return nil, err
	}
	defer closeIn()
	var b []byte
	buf := make([]byte, 64<<10)
	for {
		n, err := in.Read(buf)
		if n > 0 {
			if err := r.charge(int64(n)); err != nil {
				return nil, err
			}
			b = append(b, buf[:n]...)
		}
		if err == io.EOF {
			return b, nil
		}
		if err != nil {
			return nil, err
		}
	}
}

// charge charges the budget for n bytes held until the command ends.
func (r *jqRun) charge(n int64) error {
	if err := r.p.hold(n); err != nil {
		return err
	}
	r.charged += n
	return nil
}

// loadArgFiles reads --rawfile and --slurpfile.
func (r *jqRun) loadArgFiles() int {
	for _, af := range r.o.argFiles {
		kind, name, file := af[0], af[1], af[2]
		b, err := r.readFile(file)
		if err != nil {
			r.errorf("jq: Bad JSON in --%s %s %s: Could not open %s: %s\n", kind, name, file, file, ErrText(err))
			return jqErrSystem
		}
		if kind == "rawfile" {
			r.o.named[name] = string(b)
			continue
		}
		d := newJSONReader(bytesReader(b), r.ord)
		vals := []any{}
		for {
			v, err := d.Next()
			if err == io.EOF {
				break
			}
			if err != nil {
				r.errorf("jq: Bad JSON in --%s %s %s: %s\n", kind, name, file, err)
				return jqErrSystem
			}
			vals = append(vals, v)
		}
		r.o.named[name] = vals
	}
	r.ord.pin()
	return 0
}

// errorf writes a message to standard error. Like jq, whose standard
// output is fully buffered, it does not flush the results first.
func (r *jqRun) errorf(format string, args ...any) {
	fmt.Fprintf(r.p.Stderr, format, args...)
}

// jqBlock is stdio's buffer size for jq's standard output: results
// leave in whole blocks, as jq's do, so that results and messages
// interleave as they do with jq under 2>&1.
const jqBlock = 4096

// flush writes out the whole blocks of the results (all of them when
// all).
func (r *jqRun) flush(all ...bool) {
	n := len(r.out) / jqBlock * jqBlock
	if len(all) > 0 {
		n = len(r.out)
	}
	if n == 0 || r.werr != nil {
		return
	}
	if _, r.werr = r.p.Stdout.Write(r.out[:n]); r.werr == nil {
		r.werr = r.p.Flush()
	}
	r.out = r.out[:copy(r.out, r.out[n:])]
}

// process runs the program over every input and returns the status of
// the last one.
func (r *jqRun) process() int {
	if r.o.nullInput {
		return r.runOne(nil)
	}
	ret := jqNoOutput
	for !r.halted && r.werr == nil && !r.p.Cancelled() {
		v, err := r.in.next()
		if err == io.EOF {
			if r.in.failed {
				return jqErrSystem
			}
			break
		}
		if err != nil {
			r.parseError(err)
			return jqErrSystem
		}
		ret = r.runOne(v)
		if ret <= 0 && ret != jqNoOutput {
			r.in.lastResult = 0
			if ret != jqOKNull {
				r.in.lastResult = 1
			}
		}
		r.in.release()
		r.p.Budget().Release(budget.Memory, r.ord.forget())
	}
	if r.p.Cancelled() {
		return 130
	}
	return ret
}

// parseError reports malformed input.
func (r *jqRun) parseError(err error) {
	var se *jsonSyntaxError
	if errors.As(err, &se) {
		r.errorf("jq: parse error: %s\n", se.msg)
		return
	}
	var ex *budget.Exceeded
	if errors.As(err, &ex) {
		r.errorf("jq: error: %s\n", err)
		return
	}
	r.errorf("jq: error: Could not read %s: %s\n", r.in.name, ErrText(err))
}

// runOne runs the program on one input and prints its results.
func (r *jqRun) runOne(v any) int {
	ret := jqNoOutput
	iter := r.code.RunWithContext(r.p.Ctx, v, r.varValues()...)
	for {
		x, ok := iter.Next()
		if !ok {
			return ret
		}
		if err, ok := x.(error); ok {
			return r.runError(err)
		}
		res, err := r.emit(x)
		if err != nil {
			r.errorf("jq: error (at %s): %s\n", r.in.position(), err)
			return jqErrUnknown
		}
		ret = res
		if r.werr != nil {
			return ret
		}
	}
}

// runError reports an error the program raised, or carries out halt.
func (r *jqRun) runError(err error) int {
	var he *gojq.HaltError
	if errors.As(err, &he) {
		r.halted = true
		return r.halt(he)
	}
	if errors.Is(err, errJQInput) {
		return jqErrSystem
	}
	if r.p.Cancelled() {
		return 130
	}
	var ex *budget.Exceeded
	if errors.As(err, &ex) {
		r.errorf("jq: error: %s\n", err)
		return jqErrUnknown
	}
	pos := r.in.position()
	var ve gojq.ValueError
	if errors.As(err, &ve) {
		if s, ok := ve.Value().(string); ok {
			r.errorf("jq: error (at %s): %s\n", pos, s)
		} else {
			b := (&jqEncoder{ord: r.ord}).encode(nil, ve.Value(), 0)
			r.errorf("jq: error (at %s) (not a string): %s\n", pos, b)
		}
		return jqErrUnknown
	}
	r.errorf("jq: error (at %s): %s\n", pos, jqErrText(err.Error()))
	return jqErrUnknown
}

// halt carries out halt and halt_error.
func (r *jqRun) halt(he *gojq.HaltError) int {
	v := he.Value()
	switch v := v.(type) {
	case nil:
		if he.ExitCode() == 0 {
			return jqOK
		}
	case string:
		r.errorf("%s", v)
	default:
		b := (&jqEncoder{ord: r.ord}).encode(nil, v, 0)
		r.errorf("%s\n", b)
	}
	return he.ExitCode()
}

// emit prints one result and returns its status.
func (r *jqRun) emit(x any) (int, error) {
	o := r.o
	ret := jqOK
	if s, ok := x.(string); ok && o.rawOutput && !o.enc.ascii {
		if o.nulOutput && indexByte(s, 0) >= 0 {
			return 0, errors.New("Cannot dump a string containing NUL with --raw-output0 option")
		}
		r.out = append(r.out, s...)
	} else {
		if _, isStr := x.(string); !isStr || !o.rawOutput {
			if x == nil || x == false {
				ret = jqOKNull
			}
		}
		r.out = r.o.enc.encode(r.out, x, 0)
	}
	if !o.joinOutput {
		r.out = append(r.out, '\n')
	}
	if o.nulOutput {
		r.out = append(r.out, 0)
	}
	if len(r.out) >= jqBlock {
		r.flush()
	}
	return ret, nil
}

func indexByte(s string, c byte) int {
	for i := 0; i < len(s); i++ {
		if s[i] == c {
			return i
		}
	}
	return -1
}
