package builtins

// The inputs of jq: the files named (standard input when none), read
// through the workspace one value at a time (-R: one line at a time; -s:
// all of them as one array or string). The same stream serves the main
// loop and the program's input and inputs. What a value holds is charged
// to the run's memory budget until the program is done with it.

import (
	"bufio"
	"errors"
	"io"
	"strconv"
	"strings"

	"github.com/shellfence/shellfence/vfs/budget"
)

// errJQInput marks a parse error met by input or inputs (already
// reported).
var errJQInput = errors.New("jq: input error")

// jqInputs is the stream of input values.
type jqInputs struct {
	p          *Proc
	o          *jqOptions
	ord        *jqOrder
	files      []string
	idx        int
	name       string // of the current file, as messages show it
	dec        *jsonReader
	raw        *bufio.Reader
	rawLines   int
	closeCur   func()
	started    bool
	slurped    bool
	openFailed bool
	failed     bool
	lastResult int // -1: no result yet, 0: false or null, 1: other
	held       int64
	lastLines  int
	run        *jqRun
}

func newJQInputs(p *Proc, o *jqOptions, ord *jqOrder) *jqInputs {
	files := o.files
	if len(files) == 0 {
		files = []string{"-"}
	}
	return &jqInputs{p: p, o: o, ord: ord, files: files, lastResult: -1}
}

// Next serves gojq's input and inputs.
func (in *jqInputs) Next() (any, bool) {
	v, err := in.next()
	if err == io.EOF {
		return nil, false
	}
	if err != nil {
		in.run.parseError(err)
		in.failed = true
		return errJQInput, true
	}
	return v, true
}

// next returns the next input value, or io.EOF.
func (in *jqInputs) next() (any, error) {
	if in.failed {
		return nil, io.EOF
	}
	if in.o.slurp {
		if in.slurped {
			return nil, io.EOF
		}
		in.slurped = true
		return in.slurp()
	}
	return in.next2()
}

// open opens the next file; false when there is none left.
func (in *jqInputs) open() bool {
	for in.idx < len(in.files) {
		name := in.files[in.idx]
		in.idx++
		r, closeR, err := in.p.openInput(name)
		if err != nil {
			in.run.errorf("jq: error: Could not open file %s: %s\n", name, ErrText(err))
			in.openFailed = true
			continue
		}
		in.name, in.closeCur, in.started = name, closeR, true
		if name == "-" {
			in.name = "<stdin>"
		}
		if in.o.rawInput {
			in.raw, in.rawLines = bufio.NewReaderSize(r, 64<<10), 0
		} else {
			in.dec = newJSONReader(r, in.ord)
		}
		return true
	}
	return false
}

func (in *jqInputs) closeFile() {
	if in.closeCur != nil {
		in.closeCur()
	}
	in.lastLines = in.lineNumber()
	in.dec, in.raw, in.closeCur = nil, nil, nil
}

// read reads one value (or line) of the current file.
func (in *jqInputs) read() (any, error) {
	if in.raw != nil {
		return in.readLine()
	}
	v, err := in.dec.Next()
	if err != nil {
		return nil, err
	}
	return v, in.hold(2 * in.dec.held) // a rough size of the decoded value
}

// readLine reads one line for -R.
func (in *jqInputs) readLine() (any, error) {
	var sb strings.Builder
	for {
		chunk, err := in.raw.ReadSlice('\n')
		if herr := in.hold(2 * int64(len(chunk))); herr != nil { // the builder doubles
			return nil, herr
		}
		sb.Write(chunk)
		if err == bufio.ErrBufferFull {
			continue
		}
		s := sb.String()
		if err != nil && s == "" {
			return nil, err
		}
		if strings.HasSuffix(s, "\n") {
			in.rawLines++
			s = s[:len(s)-1]
		}
		return s, nil
	}
}

// slurp reads every input into one array (-R: one string, the files'
// text joined).
func (in *jqInputs) slurp() (any, error) {
	if in.o.rawInput {
		var sb strings.Builder
		for in.open() {
			for {
				chunk, err := in.raw.ReadSlice('\n')
				if herr := in.hold(2 * int64(len(chunk))); herr != nil { // the builder doubles
					return nil, herr
				}
				sb.Write(chunk)
				if err == io.EOF {
					break
				}
				if err != nil && err != bufio.ErrBufferFull {
					return nil, err
				}
				if err == nil {
					in.rawLines++
				}
			}
			in.closeFile()
		}
		return sb.String(), nil
	}
	vals := []any{}
	for {
		v, err := in.next2()
		if err == io.EOF {
			return vals, nil
		}
		if err != nil {
			return nil, err
		}
		vals = append(vals, v)
	}
}

// next2 is next without slurping (for slurp itself).
func (in *jqInputs) next2() (any, error) {
	for {
		if in.dec == nil && in.raw == nil && !in.open() {
			return nil, io.EOF
		}
		v, err := in.read()
		if err == io.EOF {
			in.closeFile()
			continue
		}
		return v, err
	}
}

// hold charges n bytes of held input.
func (in *jqInputs) hold(n int64) error {
	if err := in.p.hold(n); err != nil {
		return err
	}
	in.held += n
	return nil
}

// release gives back what the values read so far held.
func (in *jqInputs) release() {
	in.p.Budget().Release(budget.Memory, in.held)
	in.held = 0
}

// position is jq's "<stdin>:N" for messages; "<unknown>" before any
// input was read.
func (in *jqInputs) position() string {
	if !in.started {
		return "<unknown>"
	}
	return in.name + ":" + strconv.Itoa(in.lineNumber())
}

// lineNumber is the number of newlines read from the current file.
func (in *jqInputs) lineNumber() int {
	switch {
	case in.dec != nil:
		return in.dec.line()
	case in.raw != nil:
		return in.rawLines
	}
	return in.lastLines
}

// filename is input_filename: the current file, null for standard input.
func (in *jqInputs) filename() any {
	if !in.started || in.name == "<stdin>" {
		return nil
	}
	return in.name
}
