package builtins

import (
	"bufio"
	"errors"
	"fmt"
	"io"
	"runtime/debug"
	"sort"
	"strings"
	"sync"

	"github.com/shellfence/shellfence/builtins/internal/opt"
)

// Func is a builtin command. It returns the exit status.
type Func func(p *Proc) int

// Lookup returns the builtin called name.
func Lookup(name string) (Func, bool) {
	f, ok := table[name]
	return f, ok
}

// Names returns the names of all builtins, sorted.
func Names() []string {
	names := make([]string, 0, len(table))
	for n := range table {
		names = append(names, n)
	}
	sort.Strings(names)
	return names
}

// Run runs the builtin f as p: it buffers p's standard output, flushes it
// when f returns, and turns a panic into exit status 2 with a message, so
// that no builtin can bring down the process.
func Run(f Func, p *Proc) (status int) {
	out := &procOut{pooledWriter(p.Stdout), p.Stdout}
	p.Stdout = out
	defer func() {
		if v := recover(); v != nil {
			out.Flush()
			fmt.Fprintf(p.Stderr, "%s: internal error: %v\n", p.Name(), v)
			if debugPanics {
				fmt.Fprintf(p.Stderr, "%s\n", debug.Stack())
			}
			status = 2
		}
		releaseWriter(out.Writer)
	}()
	status = f(p)
	if err := out.Flush(); err != nil && status == 0 {
		status = p.WriteFailed(err)
	}
	return status
}

// writers holds the output buffers of finished commands: a 32 KiB buffer
// per command would otherwise be most of what a cheap command allocates.
var writers = sync.Pool{New: func() any { return newBuffered(nil) }}

func pooledWriter(w io.Writer) *bufio.Writer {
	b := writers.Get().(*bufio.Writer)
	b.Reset(w)
	return b
}

// releaseWriter gives b back once its command has returned; whatever it
// still held was flushed or is dropped.
func releaseWriter(b *bufio.Writer) {
	b.Reset(nil)
	writers.Put(b)
}

// debugPanics adds stack traces to panic messages (tests set it).
var debugPanics = false

// usage reports a bad command line from the option parser (or a builtin's
// own check) and returns the exit status; it answers --help and --version.
func (p *Proc) usage(err error, status int) int {
	if code, ok := p.answerInfo(err); ok {
		return code
	}
	var oe *opt.Error
	if errors.As(err, &oe) {
		fmt.Fprintln(p.Stderr, oe.Msg)
		return oe.Status
	}
	msg := err.Error()
	if !strings.HasPrefix(msg, p.Name()+": ") {
		msg = p.Name() + ": " + msg
	}
	fmt.Fprintln(p.Stderr, msg)
	return status
}

// newOpts returns an option parser for p with GNU's usage status.
func (p *Proc) newOpts(usageStatus int) *opt.Parser {
	o := opt.New(p.Name())
	o.UsageStatus = usageStatus
	o.Hook = p.optHook()
	return o
}

// optErr is a complete usage error without GNU's "Try" line, for the
// messages commands print about an option's value.
func (p *Proc) optErr(format string, args ...any) error {
	return &opt.Error{Msg: p.Name() + ": " + fmt.Sprintf(format, args...), Status: 1}
}

// optErrTry is the complete message msg followed by GNU's "Try" line.
func (p *Proc) optErrTry(msg string) error {
	return &opt.Error{Msg: msg + fmt.Sprintf("\nTry '%s --help' for more information.", p.Name()), Status: 1}
}
