package builtins

import (
	"bufio"
	"context"
	"errors"
	"fmt"
	"io"
	"io/fs"
	"path"
	"strings"
	"sync/atomic"
	"syscall"
	"time"

	"github.com/shellfence/shellfence/builtins/internal/datetime"
	"github.com/shellfence/shellfence/vfs"
	"github.com/shellfence/shellfence/vfs/budget"
)

// Proc is one running command: its arguments, streams, directory,
// environment and workspace. A builtin reaches files, the clock and other
// commands only through its Proc.
type Proc struct {
	Ctx    context.Context
	Args   []string  // Args[0] is the name the command was called by
	Stdin  io.Reader // never nil
	Stdout io.Writer // buffered by [Run]; flushed when the builtin returns
	Stderr io.Writer
	Dir    string   // visible absolute working directory
	Env    []string // exported environment, "NAME=value"
	FS     *vfs.FS
	Sys    *System
}

// System is what the engine lends to every command of one run.
type System struct {
	// Now returns the current time; Loc is the local time zone.
	Now func() time.Time
	Loc *time.Location
	// Exec runs q.Args as a command exactly as the shell would run a simple
	// command (registry and allowlist), with q's streams, directory and
	// environment, and returns its exit status.
	Exec func(q *Proc) int
	// Shell runs a shell script (sh -c); q.Args holds $0 and the
	// positional parameters. When opts starts with [ShellFile], the
	// script was read from the file q.Args[0] names.
	Shell func(q *Proc, script string, opts ...string) int
	// Has reports whether a command of that name exists (the builtins
	// and the embedder's); nil means the builtins only.
	Has func(name string) bool
	// Dev holds the in-memory files of process substitutions (/dev/fd/N).
	Dev *DevFiles
	// Net is the network curl and wget may reach (nil: none).
	Net *Net
	// Host describes the host to uname, ps, free and the others (nil:
	// they say host information is off).
	Host HostInfo
	// Budget is the run's budget (nil: unlimited). Commands that hold
	// what they read (sort, tac) charge it; files written through the
	// workspace are charged by the workspace itself.
	Budget *budget.Budget
	// CheckOption, if set, is shown each option a command is given, as
	// its parser meets it and before the option has any effect: cmd is
	// the command's name without directory, o the option by all its
	// spellings. An error refuses the option: the command fails at once.
	CheckOption func(cmd string, o OptionName) error
	// probe, if set, makes every command stop at its option parser.
	probe *optProbe
	// Scratch is a directory outside the workspace for a command's own
	// temporary files (sort's runs), charged to the run's file budget;
	// nil: none, and sort is bounded by the memory budget alone.
	Scratch *vfs.FS
	// umask is the file mode creation mask set by the shell's umask (the
	// host process's own mask, 022, applies on top).
	umask atomic.Uint32
}

// ShellFile is the first of [System.Shell]'s opts when the script is a
// file (bash FILE, ./script.sh): the shell then sets BASH_SOURCE.
const ShellFile = "\x00file"

// DefaultUmask is the mask a run starts with.
const DefaultUmask = 0o022

// Umask returns the run's file mode creation mask.
func (s *System) Umask() fs.FileMode {
	if s == nil {
		return DefaultUmask
	}
	return fs.FileMode(s.umask.Load())
}

// SetUmask sets the run's file mode creation mask.
func (s *System) SetUmask(m fs.FileMode) { s.umask.Store(uint32(m & 0o777)) }

// Budget returns the run's budget; nil (unlimited) when the command runs
// outside an engine.
func (p *Proc) Budget() *budget.Budget {
	if p.Sys == nil {
		return nil
	}
	return p.Sys.Budget
}

// HasCommand reports whether name is a command the run can find (allowed
// or not): a builtin, or one the embedder added.
func (p *Proc) HasCommand(name string) bool {
	if p.Sys != nil && p.Sys.Has != nil {
		return p.Sys.Has(name)
	}
	_, ok := Lookup(name)
	return ok
}

// Name returns the command name used in messages: argv[0] as given, as
// GNU's tools print it (/usr/bin/grep: ...).
func (p *Proc) Name() string { return p.Args[0] }

// BaseName returns the command name without its directory, for commands
// that behave by the name they were called by ([ and test, egrep).
func (p *Proc) BaseName() string { return path.Base(p.Args[0]) }

// Abs returns name as a clean absolute visible path, resolved against the
// working directory. A name that goes up out of a directory it names
// (a/../b) is left unclean, so that the workspace checks, as the kernel
// does, that the directory exists.
func (p *Proc) Abs(name string) string {
	if upThrough(name) {
		if path.IsAbs(name) {
			return name
		}
		return strings.TrimSuffix(p.Dir, "/") + "/" + name
	}
	if path.IsAbs(name) {
		return path.Clean(name)
	}
	for strings.HasPrefix(name, "./") {
		name = name[2:]
	}
	if name == "" || name[0] == '/' || name == "." || name == ".." || strings.HasPrefix(name, "../") || path.Clean(name) != name || !path.IsAbs(p.Dir) {
		return path.Join(p.Dir, name)
	}
	if p.Dir == "/" {
		return "/" + name
	}
	return p.Dir + "/" + name // one allocation for the names of a walk
}

// upThrough reports whether name has a ".." right after a component
// that names a directory (a/.., not ../..).
func upThrough(name string) bool {
	for i := strings.Index(name, "/.."); i > 0; {
		end := i + 3
		if (end == len(name) || name[end] == '/') && !strings.HasSuffix(name[:i], "..") && !strings.HasSuffix(name[:i], "/.") && name[:i] != "." && !strings.HasSuffix(name[:i], "/") {
			return true
		}
		j := strings.Index(name[i+1:], "/..")
		if j < 0 {
			return false
		}
		i += 1 + j
	}
	return false
}

// Getenv returns the value of the exported variable name.
func (p *Proc) Getenv(name string) string {
	v, _ := p.LookupEnv(name)
	return v
}

// LookupEnv returns the value of the exported variable name and whether
// it is set.
func (p *Proc) LookupEnv(name string) (string, bool) {
	for i := len(p.Env) - 1; i >= 0; i-- {
		if k, v, ok := strings.Cut(p.Env[i], "="); ok && k == name {
			return v, true
		}
	}
	return "", false
}

// Now returns the current time in the local zone.
func (p *Proc) Now() time.Time { return p.Sys.now().In(p.Loc()) }

// now is the run's clock; a nil System has the host's.
func (s *System) now() time.Time {
	if s != nil && s.Now != nil {
		return s.Now()
	}
	return time.Now()
}

// Loc returns the local time zone: $TZ when it names a zone, else the
// engine's.
func (p *Proc) Loc() *time.Location {
	if tz, ok := p.LookupEnv("TZ"); ok {
		if loc, err := datetime.LoadZone(tz); err == nil {
			return loc
		}
	}
	if p.Sys != nil && p.Sys.Loc != nil {
		return p.Sys.Loc
	}
	return time.UTC
}

// Child returns a copy of p that will run args.
func (p *Proc) Child(args []string) *Proc {
	q := *p
	q.Args = args
	return &q
}

// Flush writes out p's buffered output.
func (p *Proc) Flush() error {
	if f, ok := p.Stdout.(interface{ Flush() error }); ok {
		return f.Flush()
	}
	return nil
}

// Errorf prints "name: message" on standard error, after flushing standard
// output as GNU's error() does, so that messages and output interleave in
// program order under 2>&1. When that flush finds the reader gone, no
// message is printed: GNU's program dies of SIGPIPE in the flush.
func (p *Proc) Errorf(format string, args ...any) {
	if err := p.Flush(); err != nil && IsBrokenPipe(err) {
		return
	}
	fmt.Fprintf(p.Stderr, "%s: %s\n", p.Name(), fmt.Sprintf(format, args...))
}

// Cancelled reports whether the run has been stopped (timeout or
// cancellation). Long loops check it.
func (p *Proc) Cancelled() bool { return p.Ctx.Err() != nil }

// newBuffered wraps w for a builtin's output.
func newBuffered(w io.Writer) *bufio.Writer { return bufio.NewWriterSize(w, 32<<10) }

// procOut is a builtin's buffered standard output; it remembers what it
// writes to, so that a command can tell when that is one of its inputs.
type procOut struct {
	*bufio.Writer
	under io.Writer
}

// outputWriter is what standard output writes to, under its buffer.
func (p *Proc) outputWriter() io.Writer {
	if o, ok := p.Stdout.(*procOut); ok {
		return o.under
	}
	return p.Stdout
}

// openName is the name the open file f was opened by (an absolute
// visible name, for workspace files), or alt when it has none. Files of
// the memory filesystem have no inode numbers: their names tell them
// apart.
func openName(f any, alt string) string {
	if n, ok := f.(interface{ Name() string }); ok && n.Name() != "" {
		return n.Name()
	}
	return alt
}

// OutputFile returns the information of standard output when it is a
// regular file (a redirection), else nil. Commands use it for GNU's
// "input file is (also) the output" checks.
func (p *Proc) OutputFile() fs.FileInfo {
	st, ok := p.outputWriter().(interface{ Stat() (fs.FileInfo, error) })
	if !ok {
		return nil
	}
	fi, err := st.Stat()
	if err != nil || !fi.Mode().IsRegular() {
		return nil
	}
	return fi
}

// IsBrokenPipe reports whether err means the reader of our output has gone
// away (yes | head -1): the command should stop quietly.
func IsBrokenPipe(err error) bool {
	return errors.Is(err, syscall.EPIPE) || errors.Is(err, io.ErrClosedPipe) || errors.Is(err, errStopped)
}

// errStopped is returned by writes after the run was cancelled.
var errStopped = errors.New("stopped")

// WriteFailed reports a failed write to standard output the way GNU tools
// do and returns the exit status: 141 (SIGPIPE) for a closed pipe, else 1.
func (p *Proc) WriteFailed(err error) int {
	if IsBrokenPipe(err) {
		return 141
	}
	p.Errorf("write error: %s", vfs.Text(err))
	return 1
}
