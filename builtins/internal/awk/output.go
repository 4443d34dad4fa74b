package awk

import (
	"bufio"
	"errors"
	"io"
	"strings"
	"sync"
	"syscall"
)

// lockedWriter serializes the writes of awk and of the commands it runs
// to one stream.
type lockedWriter struct {
	mu sync.Mutex
	w  io.Writer
}

func (l *lockedWriter) Write(b []byte) (int, error) {
	l.mu.Lock()
	defer l.mu.Unlock()
	return l.w.Write(b)
}

// outStream is a file or command print writes to.
type outStream struct {
	w      *bufio.Writer
	closer io.Closer
	done   chan int // a command's exit status
	pw     *io.PipeWriter
}

func (o *outStream) close() int {
	err := o.w.Flush()
	if o.pw != nil {
		o.pw.Close()
		return <-o.done
	}
	if o.closer != nil {
		if cerr := o.closer.Close(); err == nil {
			err = cerr
		}
	}
	if err != nil {
		return -1
	}
	return 0
}

func (in *interp) print(s *printStmt) {
	w := in.stdout
	if s.redir != 0 {
		w = in.output(s.redir, in.toStr(in.eval(s.dest)))
	}
	if s.printf {
		args := make([]value, len(s.args)-1)
		for i, a := range s.args[1:] {
			args[i] = in.eval(a)
		}
		w.WriteString(in.sprintf(in.toStr(in.eval(s.args[0])), args))
	} else if len(s.args) == 0 {
		w.WriteString(in.record)
		w.WriteString(in.ors)
	} else {
		for i, a := range s.args {
			if i > 0 {
				w.WriteString(in.ofs)
			}
			w.WriteString(in.toOutStr(in.eval(a)))
		}
		w.WriteString(in.ors)
	}
	if s.redir == tPipe || w != in.stdout && w.Buffered() > 32<<10 {
		if err := w.Flush(); err != nil && s.redir == tPipe {
			// the command stopped reading; later prints are dropped
			w.Reset(io.Discard)
		}
	}
	if w == in.stdout {
		if _, err := w.WriteString(""); err != nil {
			panic(&writeFailed{err})
		}
	}
}

// writeFailed stops awk when its standard output is gone.
type writeFailed struct{ err error }

// output returns the stream for print > name, >> name or | cmd.
func (in *interp) output(redir tok, name string) *bufio.Writer {
	if o, ok := in.outputs[name]; ok {
		return o.w
	}
	switch name {
	case "/dev/stdout", "-":
		if redir != tPipe {
			return in.stdout
		}
	case "/dev/stderr":
		if redir != tPipe {
			o := &outStream{w: bufio.NewWriterSize(in.stderrW, 0)}
			o.w = bufio.NewWriter(flushEach{in.stderrW})
			in.outputs[name] = o
			return o.w
		}
	}
	var o *outStream
	if redir == tPipe {
		o = in.startOutputCmd(name)
	} else {
		in.stdout.Flush()
		f, err := in.env.Create(name, redir == tAppend)
		if err != nil {
			in.errorf("cannot redirect to `%s': %s", name, in.env.ErrText(err))
		}
		o = &outStream{w: bufio.NewWriterSize(f, 32<<10), closer: f}
	}
	in.outputs[name] = o
	return o.w
}

// flushEach is standard error: unbuffered.
type flushEach struct{ w io.Writer }

func (f flushEach) Write(b []byte) (int, error) { return f.w.Write(b) }

func (in *interp) startOutputCmd(cmd string) *outStream {
	if in.env.Command == nil {
		in.errorf("can't open pipe `%s': cannot run commands here", cmd)
	}
	in.flushAll()
	pr, pw := io.Pipe()
	o := &outStream{w: bufio.NewWriterSize(pw, 32<<10), pw: pw, done: make(chan int, 1)}
	go func() {
		status := in.env.Command(cmd, pr, in.stdoutW)
		pr.CloseWithError(io.ErrClosedPipe)
		o.done <- status
	}()
	return o
}

// flushAll writes out every buffered output.
func (in *interp) flushAll() {
	in.stdout.Flush()
	for _, o := range in.outputs {
		o.w.Flush()
	}
}

// closeStream closes a file or command by name: close()'s result.
func (in *interp) closeStream(name string) int {
	status := -1
	found := false
	if o, ok := in.outputs[name]; ok {
		found = true
		status = o.close()
		delete(in.outputs, name)
	}
	if s, ok := in.inputs[name]; ok {
		found = true
		status = s.close()
		delete(in.inputs, name)
	}
	if !found {
		return -1
	}
	return status
}

// closeAll ends every stream at exit, in name order.
func (in *interp) closeAll() error {
	err := in.stdout.Flush()
	names := make([]string, 0, len(in.outputs))
	for n := range in.outputs {
		names = append(names, n)
	}
	sortStrings(names)
	for _, n := range names {
		in.outputs[n].close()
	}
	in.outputs = map[string]*outStream{}
	for n, s := range in.inputs {
		s.close()
		delete(in.inputs, n)
	}
	in.main.skipFile(in)
	in.releaseAll()
	return err
}

func sortStrings(s []string) {
	for i := 1; i < len(s); i++ {
		for j := i; j > 0 && strings.Compare(s[j-1], s[j]) > 0; j-- {
			s[j-1], s[j] = s[j], s[j-1]
		}
	}
}

// inStream is a file or command getline reads.
type inStream struct {
	rd     *recReader
	closer io.Closer
	done   chan int
	pr     *io.PipeReader
}

func (s *inStream) close() int {
	if s.pr != nil {
		s.pr.CloseWithError(io.ErrClosedPipe)
		return <-s.done
	}
	if s.closer != nil {
		s.closer.Close()
	}
	return 0
}

// getline runs every form of getline; it returns 1, 0 at the end, or -1.
func (in *interp) getline(e *getlineExpr) value {
	var rec string
	switch {
	case e.src == nil:
		if !in.main.nextRecord(in, e.lhs == nil) {
			return num(0)
		}
		if e.lhs != nil {
			in.store(e.lhs, strnum(in.pending))
		}
		return num(1)
	case e.cmd:
		s := in.inputCmd(in.toStr(in.eval(e.src)))
		r, ok, err := s.rd.read(in)
		if err != nil {
			return num(-1)
		}
		if !ok {
			return num(0)
		}
		rec = r // gawk and mawk leave NR alone here
	default:
		s := in.inputFile(in.toStr(in.eval(e.src)))
		if s == nil {
			return num(-1)
		}
		r, ok, err := s.rd.read(in)
		if err != nil {
			return num(-1)
		}
		if !ok {
			return num(0)
		}
		rec = r
	}
	if e.lhs == nil {
		in.setRecord(rec)
	} else {
		in.store(e.lhs, strnum(rec))
	}
	return num(1)
}

func (in *interp) inputFile(name string) *inStream {
	if s, ok := in.inputs[name]; ok {
		return s
	}
	var s *inStream
	if name == "-" || name == "/dev/stdin" {
		s = &inStream{rd: newRecReader(in.env.Stdin)}
	} else {
		f, err := in.env.Open(name)
		if err != nil {
			return nil
		}
		s = &inStream{rd: newRecReader(f), closer: f}
	}
	in.inputs[name] = s
	return s
}

func (in *interp) inputCmd(cmd string) *inStream {
	if s, ok := in.inputs[cmd]; ok {
		return s
	}
	if in.env.Command == nil {
		in.errorf("can't open pipe `%s': cannot run commands here", cmd)
	}
	in.flushAll()
	pr, pw := io.Pipe()
	s := &inStream{rd: newRecReader(pr), pr: pr, done: make(chan int, 1)}
	go func() {
		status := in.env.Command(cmd, strings.NewReader(""), pw)
		pw.Close()
		s.done <- status
	}()
	in.inputs[cmd] = s
	return s
}

// system runs a command with awk's streams and returns its status.
func (in *interp) system(cmd string) int {
	in.flushAll()
	if in.env.Command == nil {
		in.errorf("system: cannot run commands here")
	}
	return in.env.Command(cmd, in.env.Stdin, nil)
}

func isBrokenPipe(err error) bool {
	return errors.Is(err, syscall.EPIPE) || errors.Is(err, io.ErrClosedPipe) || strings.Contains(err.Error(), "broken pipe")
}
