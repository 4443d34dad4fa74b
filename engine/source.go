package engine

import (
	"context"
	"fmt"
	"io"
	"strconv"
	"strings"
	"sync"

	"mvdan.cc/sh/v3/syntax"

	"github.com/shellfence/shellfence/builtins"
)

// `source FILE ARGS...` must not let the interpreter look FILE up on the
// host. The call handler reads FILE through the workspace, prepares it
// like any program (process substitution, loop statuses), and hands the
// interpreter's own source builtin a name under the run's fake TMPDIR
// that only the open handler serves. The interpreter's source gives what
// an eval could not: `return` ends the file, and ARGS become the
// positional parameters while it runs. BASH_SOURCE holds FILE meanwhile
// when the file mentions it.

// sources holds the prepared text of files being sourced.
type sources struct {
	mu   sync.Mutex
	next int
	text map[string]string
}

func (s *sources) add(prefix, text string) string {
	s.mu.Lock()
	defer s.mu.Unlock()
	if s.text == nil {
		s.text = map[string]string{}
	}
	s.next++
	name := prefix + strconv.Itoa(s.next)
	s.text[name] = text
	return name
}

func (s *sources) take(name string) (string, bool) {
	s.mu.Lock()
	defer s.mu.Unlock()
	t, ok := s.text[name]
	delete(s.text, name)
	return t, ok
}

// sourcePrefix starts the names of prepared sourced files.
func (r *run) sourcePrefix() string { return r.fakeTmp + "/source-" }

// source rewrites `source FILE ARGS...` (see above).
func (r *run) source(ctx context.Context, args []string) []string {
	if len(args) > 1 && strings.HasPrefix(args[1], r.sourcePrefix()) {
		return args // already prepared
	}
	p, stop := r.proc(ctx, []string{args[0]})
	defer stop()
	if len(args) < 2 {
		fmt.Fprintf(p.Stderr, "shellfence: %s: filename argument required\n", args[0])
		return []string{"false"}
	}
	data, err := readAll(p, args[1])
	if err != nil {
		fmt.Fprintf(p.Stderr, "shellfence: %s: %s\n", args[1], builtins.ErrText(err))
		return []string{"false"}
	}
	name := r.srcs.add(r.sourcePrefix(), r.prepareSourced(string(data)))
	call := append([]string{"source", name}, args[2:]...)
	if !strings.Contains(string(data), "BASH_SOURCE") {
		return call
	}
	for i, a := range call {
		call[i] = quote(a)
	}
	return []string{"eval", "BASH_SOURCE=" + quote(args[1]) + " " + strings.Join(call, " ")}
}

// prepareSourced applies prepare's rewrites to a sourced file, printing
// the result back as shell text. A file that does not parse, or that the
// rewrites refuse, is left to the interpreter to report.
func (r *run) prepareSourced(text string) string {
	file, err := parse(text, "")
	if err != nil {
		return text
	}
	var opts []string
	if r.traced.Load() {
		opts = []string{"xtrace"}
	}
	if r.prepare(file, "", opts) != nil {
		return text
	}
	var b strings.Builder
	if syntax.NewPrinter().Print(&b, file) != nil {
		return text
	}
	return b.String()
}

// openSourced serves a prepared sourced file to the interpreter.
func (r *run) openSourced(name string) (io.ReadWriteCloser, bool) {
	if !strings.HasPrefix(name, r.sourcePrefix()) {
		return nil, false
	}
	text, ok := r.srcs.take(name)
	if !ok {
		return nil, false
	}
	return nopWriteCloser{strings.NewReader(text)}, true
}

type nopWriteCloser struct{ *strings.Reader }

func (nopWriteCloser) Write([]byte) (int, error) { return 0, io.ErrClosedPipe }
func (nopWriteCloser) Close() error              { return nil }
