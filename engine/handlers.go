package engine

import (
	"context"
	"errors"
	"fmt"
	"io"
	"io/fs"
	"os"
	"runtime"
	"sort"
	"strings"
	"sync"
	"time"

	"github.com/spf13/afero"
	"mvdan.cc/sh/v3/expand"
	"mvdan.cc/sh/v3/interp"

	"github.com/shellfence/shellfence/builtins"
	"github.com/shellfence/shellfence/vfs"
	"github.com/shellfence/shellfence/vfs/budget"
)

// proc builds the [builtins.Proc] for a command the interpreter runs. The
// returned func must be called when the command ends.
func (r *run) proc(ctx context.Context, args []string) (*builtins.Proc, func()) {
	hc := interp.HandlerCtx(ctx)
	stdin, stopIn := cancellableStdin(ctx, hc.Stdin)
	stdout, release := r.capMemory(hc.Stdout)
	stop := func() { stopIn(); release() }
	p := &builtins.Proc{
		Ctx:    ctx,
		Args:   args,
		Stdin:  stdin,
		Stdout: stdout,
		Stderr: quietAfterCancel{ctx, hc.Stderr},
		Dir:    hc.Dir,
		Env:    exported(hc.Env),
		FS:     r.fs,
		Sys:    r.sys,
	}
	return p, stop
}

// cancellableStdin makes a blocked read of a pipe return when the run is
// cancelled, so that a timeout stops every stage of a pipeline.
func cancellableStdin(ctx context.Context, in io.Reader) (io.Reader, func()) {
	switch f := in.(type) {
	case nil:
		return strings.NewReader(""), func() {}
	case *os.File:
		if f == nil {
			return strings.NewReader(""), func() {}
		}
		stop := context.AfterFunc(ctx, func() { f.SetReadDeadline(time.Now()) })
		return f, func() { stop() }
	}
	return in, func() {}
}

// quietAfterCancel drops what a command writes on standard error once the
// run is stopped: the timeout is reported once, not as an I/O error from
// every stage of a pipeline.
type quietAfterCancel struct {
	ctx context.Context
	w   io.Writer
}

func (q quietAfterCancel) Write(b []byte) (int, error) {
	if q.ctx.Err() != nil {
		return len(b), nil
	}
	return q.w.Write(b)
}

// capMemory bounds what a command can write into the interpreter's memory:
// command substitution collects output in a strings.Builder, and
// x=$(yes) must fail rather than exhaust memory. What it writes there is
// charged to the run's memory budget while the command runs. When the
// budget refuses a write, what was collected is dropped: the run is
// stopped, and nothing must go on splitting or copying it (see
// [run.checkFields]).
func (r *run) capMemory(w io.Writer) (io.Writer, func()) {
	sb, ok := w.(*strings.Builder)
	if !ok {
		return w, func() {}
	}
	c := &capped{sb: sb, budget: r.budget}
	return c, c.release
}

// A capped writer writes into the builder directly up to directBytes;
// past that, it keeps what is written in pieces and copies them into the
// builder, grown once to the size they need, when the command ends. A
// builder that grows as it is written copies all it holds at each growth,
// in one copy the Go runtime cannot preempt: a collection waits for it to
// finish, and with it every other run and request that needs memory
// meanwhile (x=$(yes) held the server's other clients for hundreds of
// milliseconds). Copies of one piece at a time can be preempted.
type capped struct {
	mu      sync.Mutex
	sb      *strings.Builder
	budget  *budget.Budget
	charged int64 // for the builder's capacity
	pieces  [][]byte
	held    int64 // the pieces' capacity, charged
}

// directBytes is how much a capped writer writes into the builder as it
// comes; pieceBytes is the size of the pieces it keeps past that.
const (
	directBytes = 1 << 20
	pieceBytes  = 1 << 20
)

func (c *capped) Write(b []byte) (int, error) {
	c.mu.Lock()
	defer c.mu.Unlock()
	if len(c.pieces) > 0 || c.sb.Len()+len(b) > max(c.sb.Cap(), directBytes) {
		return c.keep(b)
	}
	if need := c.sb.Len() + len(b); need > c.sb.Cap() {
		// The write grows the builder by about a quarter (append's growth),
		// which the budget takes before it is allocated.
		newCap, err := c.budget.Grow(budget.Memory, c.sb.Cap(), need)
		if err != nil {
			c.drop()
			return 0, err
		}
		defer func() {
			c.budget.Release(budget.Memory, c.charged+int64(newCap)-int64(c.sb.Cap()))
			c.charged = int64(c.sb.Cap())
		}()
	}
	return c.sb.Write(b)
}

// keep appends b to the pieces, charging each new piece before it is made.
func (c *capped) keep(b []byte) (int, error) {
	n := len(b)
	for len(b) > 0 {
		last := len(c.pieces) - 1
		if last < 0 || len(c.pieces[last]) == cap(c.pieces[last]) {
			size := max(pieceBytes, min(len(b), 64*pieceBytes))
			if err := c.budget.Charge(budget.Memory, int64(size)); err != nil {
				c.drop()
				return 0, err
			}
			c.held += int64(size)
			c.pieces = append(c.pieces, make([]byte, 0, size))
			last++
		}
		p := c.pieces[last]
		k := min(len(b), cap(p)-len(p))
		c.pieces[last] = append(p, b[:k]...)
		b = b[k:]
	}
	return n, nil
}

// flush copies the pieces into the builder, grown once to hold them. The
// growth is charged before it is made (strings.Builder grows to twice
// its capacity plus what is asked at most); the pieces are released after.
func (c *capped) flush() {
	if len(c.pieces) == 0 {
		return
	}
	total := 0
	for _, p := range c.pieces {
		total += len(p)
	}
	old := int64(c.sb.Cap())
	bound := 2*old + int64(total)
	if err := c.budget.Charge(budget.Memory, bound); err != nil {
		c.drop()
		return
	}
	c.sb.Grow(total)
	for i, p := range c.pieces {
		if i > 0 {
			runtime.Gosched() // see [budget.Copy]
		}
		c.sb.Write(p)
	}
	grown := int64(c.sb.Cap()) - old
	c.budget.Release(budget.Memory, bound-grown+c.held)
	c.charged += grown
	c.pieces, c.held = nil, 0
}

// drop forgets what was collected, the run being stopped.
func (c *capped) drop() {
	c.sb.Reset()
	c.pieces = nil
	c.budget.Release(budget.Memory, c.held)
	c.held = 0
}

func (c *capped) release() {
	c.mu.Lock()
	defer c.mu.Unlock()
	c.flush()
	c.budget.Release(budget.Memory, c.charged)
	c.charged = 0
}

// exported lists the exported variables of env as "NAME=value", sorted.
// Each visits an outer scope's variable before the inner one that shadows
// it (a prefix assignment, an unset), so the last one seen wins.
func exported(env expand.Environ) []string {
	vars := map[string]expand.Variable{}
	env.Each(func(name string, vr expand.Variable) bool {
		vars[name] = vr
		return true
	})
	var out []string
	for name, vr := range vars {
		if vr.Exported && vr.IsSet() {
			out = append(out, name+"="+vr.String())
		}
	}
	sort.Strings(out)
	return out
}

// The interpreter's handlers. Each finds the run it serves in the
// context: a session's interpreter outlives the run that made it.

func callHandler(ctx context.Context, args []string) ([]string, error) {
	return runOf(ctx).call(ctx, args)
}

func openHandler(ctx context.Context, name string, flag int, perm os.FileMode) (io.ReadWriteCloser, error) {
	return runOf(ctx).open(ctx, name, flag, perm)
}

func readDirHandler(ctx context.Context, name string) ([]fs.DirEntry, error) {
	return runOf(ctx).readDir(ctx, name)
}

func statHandler(ctx context.Context, name string, follow bool) (fs.FileInfo, error) {
	return runOf(ctx).stat(ctx, name, follow)
}

func accessHandler(ctx context.Context, name string, mode interp.AccessMode) error {
	return runOf(ctx).access(ctx, name, mode)
}

// execMiddleware runs every command that is not a shell builtin or a
// function. It never calls next: nothing reaches the interpreter's default
// handler, which would start a host process.
func execMiddleware(next interp.ExecHandlerFunc) interp.ExecHandlerFunc {
	return func(ctx context.Context, args []string) error {
		r := runOf(ctx)
		p, stop := r.proc(ctx, args)
		defer stop()
		if !strings.Contains(args[0], "/") && !r.knows(args[0]) {
			return statusErr(r.notFound(p, args[0], interp.HandlerCtx(ctx)))
		}
		return statusErr(r.execProc(p))
	}
}

// denyAll ends the handler chain. It is never reached while execMiddleware
// is in place; it is there so that a mistake cannot fall through to the
// host.
func denyAll(next interp.ExecHandlerFunc) interp.ExecHandlerFunc {
	return func(ctx context.Context, args []string) error {
		hc := interp.HandlerCtx(ctx)
		fmt.Fprintf(hc.Stderr, "%s: command not found\n", args[0])
		return interp.ExitStatus(127)
	}
}

func statusErr(code int) error {
	if code == 0 {
		return nil
	}
	return interp.ExitStatus(uint8(code))
}

// execProc runs p.Args as a command: a builtin from the registry, allowed
// by the allowlist, or a shell script from the workspace.
func (r *run) execProc(p *builtins.Proc) int {
	name := p.Args[0]
	if strings.Contains(name, "/") {
		base, isBin := binName(name)
		if !isBin {
			return r.runScript(p)
		}
		if _, ok := r.e.lookup(base); !ok {
			fmt.Fprintf(p.Stderr, "%s: command not found\n", name)
			return 127
		}
		name = base
	}
	if f, ok := internal[name]; ok {
		return f(r, p)
	}
	f, ok := r.e.lookup(name)
	if !ok {
		fmt.Fprintf(p.Stderr, "%s: command not found\n", name)
		return 127
	}
	if !allowed(r.allow, name) {
		fmt.Fprintf(p.Stderr, "%s: not allowed here (allowed: %s)\n", name, allowText(r.allow))
		return 127
	}
	return builtins.Run(f, p)
}

// knows reports whether name is a command of the engine's (allowed or
// not) or one of its internal ones.
func (r *run) knows(name string) bool {
	if _, ok := internal[name]; ok {
		return true
	}
	_, ok := r.e.lookup(name)
	return ok
}

// binName maps /bin/ls, /usr/bin/grep and the like to the builtin name;
// the bool reports whether name is in one of the usual bin directories.
func binName(name string) (string, bool) {
	i := strings.LastIndexByte(name, '/')
	switch name[:i] {
	case "/bin", "/usr/bin", "/usr/local/bin", "/sbin", "/usr/sbin":
		return name[i+1:], true
	}
	return "", false
}

// open serves the interpreter's redirections and $(<file).
func (r *run) open(ctx context.Context, name string, flag int, perm os.FileMode) (io.ReadWriteCloser, error) {
	name, m, marked := cutMark(name)
	if f, ok := r.openSourced(name); ok {
		return f, nil
	}
	if f, ok, err := r.openFD(name); ok {
		return f, err
	}
	p, stop := r.proc(ctx, []string{"shellfence"})
	defer stop()
	if marked && r.clobbers(m, flag, func() (fs.FileInfo, error) { return p.Stat(name) }) {
		return nil, redirErr(msgShell(ctx, m.inFunc), m, name, errClobber.Error())
	}
	f, err := p.OpenFile(name, flag, perm)
	if err != nil && marked && !ownReason(err) {
		return nil, redirErr(msgShell(ctx, m.inFunc), m, name, vfs.Text(err))
	} else if err != nil {
		return nil, shellPathErr(name, err)
	}
	if af, ok := f.(afero.File); ok && flag&(os.O_WRONLY|os.O_RDWR) == 0 {
		if osf, ok := vfs.OSFile(af); ok {
			return osf, nil // read as is: seekable, with its size
		}
	}
	return f, nil
}

// ownReason reports whether err is shellfence's refusal rather than the
// file system's, which keeps shellfence's prefix.
func ownReason(err error) bool {
	return errors.Is(err, vfs.ErrOutside) || errors.Is(err, vfs.ErrReadOnly)
}

// shellPathErr is the error the interpreter prints for a failed
// redirection: "shellfence: NAME: No such file or directory".
func shellPathErr(name string, err error) error {
	return &fs.PathError{Op: "shellfence:", Path: name, Err: errors.New(vfs.Text(err))}
}

// readDir serves glob expansion.
func (r *run) readDir(ctx context.Context, name string) ([]fs.DirEntry, error) {
	p, stop := r.proc(ctx, []string{"shellfence"})
	defer stop()
	return p.ReadDirSorted(name)
}

// stat serves test, [[ ]], cd and globbing.
func (r *run) stat(ctx context.Context, name string, follow bool) (fs.FileInfo, error) {
	p, stop := r.proc(ctx, []string{"shellfence"})
	defer stop()
	var fi fs.FileInfo
	var err error
	if follow {
		fi, err = p.Stat(name)
	} else {
		fi, err = p.Lstat(name)
	}
	if err != nil {
		return nil, err
	}
	return withStatT(fi), nil
}

// access answers test -r/-w/-x and cd's search check from the permission
// bits, as for the file's owner; a read-only workspace is never writable.
func (r *run) access(ctx context.Context, name string, mode interp.AccessMode) error {
	fi, err := r.stat(ctx, name, true)
	if err != nil {
		return err
	}
	perm := fi.Mode().Perm()
	deny := mode&interp.AccessRead != 0 && perm&0o400 == 0 ||
		mode&interp.AccessWrite != 0 && (perm&0o200 == 0 || r.readOnly()) ||
		mode&interp.AccessExec != 0 && perm&0o111 == 0
	if deny {
		return &fs.PathError{Op: "access", Path: name, Err: fs.ErrPermission}
	}
	return nil
}

func (r *run) readOnly() bool { return r.fs.IsReadOnly() }
