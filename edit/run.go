package edit

import (
	"context"
	"errors"
	"fmt"
	"io"

	"github.com/shellfence/shellfence/vfs/budget"

	"github.com/shellfence/shellfence/edit/regex"
)

// Options are the command-line options that change how a program runs.
type Options struct {
	Quiet          bool   // -n
	Separate       bool   // -s
	NullData       bool   // -z: lines end in NUL
	Posix          bool   // --posix
	Unbuffered     bool   // -u
	Debug          bool   // --debug
	InPlace        bool   // -i
	Suffix         string // -iSUFFIX: the backup name; "" for none. A * stands for the file name.
	FollowSymlinks bool   // --follow-symlinks
	LineLength     int64  // -l: where l wraps; 0 never. Set it (GNU's default is 70).
}

// Env is what a run reaches: files, streams, and the command runner of e
// and s///e.
type Env struct {
	Ctx    context.Context
	Name   string // the command name for messages
	Files  FS
	Stdin  io.Reader
	Stdout io.Writer
	Stderr io.Writer
	// Exec runs a shell command line (sh -c) and returns its standard
	// output. Nil refuses e and s///e.
	Exec func(command string) ([]byte, error)
	// Budget, if set, is charged for the pattern and hold spaces; past its
	// memory limit sed stops (the run is being stopped).
	Budget *budget.Budget
	Options
}

// machine is the state of one run.
type machine struct {
	prog        *Program
	env         *Env
	in          input
	ps          []byte // the pattern space
	chomped     bool   // its line ended with the delimiter
	hold        []byte
	holdChomped bool
	scratch     []byte
	found       [][]int // reused by findLiteral
	foundIdx    []int   // the bounds behind found
	delim       byte
	charged     int64 // bytes of the spaces charged to the budget
	replaced    bool
	lastRe      *regex.Regexp
	appendQ     []appendItem
	stdout      *output // standard output
	out         *output // where lines go: stdout, or the -i temporary file
	stderr      *output
	inPlace     *inPlaceFile
	quiet       bool
	block       int // --debug: the indentation of the trace
}

// appendItem is text queued by a, r and R for the end of the cycle.
type appendItem struct {
	text  []byte
	fname string
}

// stop is the panic value that ends a run early with an error.
type stop struct{ err error }

// die ends the run with err.
func (m *machine) die(err error) { panic(stop{err}) }

// charge keeps the budget in step with what the pattern and hold spaces
// hold; past it sed stops.
func (m *machine) charge() { m.chargeFor(0) }

// chargeFor is charge while a line of capacity reading is being read.
func (m *machine) chargeFor(reading int) {
	held := int64(max(cap(m.ps), reading) + cap(m.hold))
	if held <= m.charged {
		return
	}
	if err := m.env.Budget.Charge(budget.Memory, held-m.charged); err != nil {
		m.die(errCancelled)
	}
	m.charged = held
}

// room returns buf with room for n more bytes; when it must grow, the
// budget takes the new size first (the old and the new are both held
// while it grows), so that a space never grows past the budget.
func (m *machine) room(buf []byte, n int) []byte {
	need := len(buf) + n
	if need <= cap(buf) || m.env.Budget == nil {
		return buf
	}
	grown, err := m.env.Budget.GrowBytes(budget.Memory, buf, n)
	if err != nil {
		m.die(errCancelled)
	}
	m.env.Budget.Release(budget.Memory, int64(cap(grown))) // charge and chargeFor count it from here
	return grown
}

// errorf prints a message that does not stop sed.
func (m *machine) errorf(format string, args ...any) {
	m.stdout.flush()
	fmt.Fprintf(m.env.Stderr, "%s: %s\n", m.env.Name, fmt.Sprintf(format, args...))
}

// Run runs the program over the named input files (standard input when
// there are none) and returns GNU sed's exit status. Messages go to
// env.Stderr. The error is set only when writing to standard output
// failed (a closed pipe, for example); the caller reports it.
func (p *Program) Run(env *Env, files []string) (status int, werr error) {
	m := &machine{prog: p, env: env, delim: '\n', chomped: true, holdChomped: true}
	if env.NullData {
		m.delim = 0
	}
	m.quiet = env.Quiet || p.quiet
	m.stdout = &output{w: newWriter(env.Stdout)}
	m.out = m.stdout
	m.stderr = &output{w: newWriter(env.Stderr)}
	m.bindSpecials()
	if len(files) == 0 {
		if env.InPlace {
			m.errorf("no input files")
			return StatusPanic, nil
		}
		files = []string{"-"}
	}
	m.in = input{m: m, names: files, reset: true}
	if p.debug {
		m.debugProgram()
	}
	defer func() {
		if v := recover(); v != nil {
			s, ok := v.(stop)
			if !ok {
				panic(v)
			}
			status, werr = m.abort(s.err)
		}
	}()
	defer func() { m.env.Budget.Release(budget.Memory, m.charged) }()
	status = m.loop()
	return m.finish(status), nil
}

// bindSpecials points w /dev/stdout and /dev/stderr at the streams.
func (m *machine) bindSpecials() {
	for _, o := range m.prog.writes {
		switch o.special {
		case specialStdout:
			o.w = m.stdout.w
		case specialStderr:
			o.w = m.stderr.w
		}
	}
}

// loop runs the cycles and returns the exit status of q or Q, or 0.
func (m *machine) loop() int {
	for m.next(false) {
		if m.env.Ctx != nil && m.env.Ctx.Err() != nil {
			m.die(errCancelled)
		}
		if m.prog.debug {
			m.debugInput()
		}
		if st := m.execute(); st >= 0 {
			return st
		}
		m.checkWrites()
	}
	return 0
}

var errCancelled = errors.New("cancelled")

// finish closes everything after a normal end.
func (m *machine) finish(status int) int {
	m.in.close()
	m.closeFiles()
	m.checkWrites()
	if m.in.bad > 0 {
		status = StatusBadInput
	}
	return status
}

func (m *machine) closeFiles() {
	for _, o := range m.prog.order {
		if o.special == specialNone {
			o.close()
		}
	}
	for _, f := range m.prog.reads {
		f.close()
	}
	m.stdout.flush()
	m.stderr.flush()
}

// checkWrites stops the run when writing failed.
func (m *machine) checkWrites() {
	if m.stdout.err != nil {
		m.die(writeError{m.stdout.err})
	}
	if m.out.err != nil {
		m.die(fatalf("couldn't write to %s: %s", m.inPlace.tmp, errText(m.out.err)))
	}
	for _, o := range m.prog.order {
		if o.err != nil && o.special == specialNone {
			m.die(fatalf("couldn't write to %s: %s", o.name, errText(o.err)))
		}
	}
}

// writeError is a failed write to standard output.
type writeError struct{ err error }

func (e writeError) Error() string { return e.err.Error() }
func (e writeError) Unwrap() error { return e.err }

// abort ends a run stopped by err: the -i temporary file is removed, the
// message printed, and the status returned.
func (m *machine) abort(err error) (int, error) {
	m.cancelInPlace()
	for _, o := range m.prog.order {
		if o.special == specialNone {
			o.close()
		}
	}
	var we writeError
	if errors.As(err, &we) {
		m.stderr.flush()
		return 1, we.err
	}
	m.stdout.flush()
	m.stderr.flush()
	if errors.Is(err, errCancelled) {
		return 130, nil
	}
	status := StatusPanic
	var fe *FatalError
	if errors.As(err, &fe) {
		status = fe.Status
	}
	fmt.Fprintf(m.env.Stderr, "%s: %s\n", m.env.Name, err.Error())
	return status, nil
}

// runtimeError is a script error found while running (GNU's bad_prog
// after compilation): it names the last script at char 0.
func (m *machine) runtimeError(msg string) {
	m.die(&FatalError{Msg: m.prog.where + ": " + msg, Status: StatusBadUsage})
}
