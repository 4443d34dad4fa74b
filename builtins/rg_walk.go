package builtins

import (
	"errors"
	"fmt"
	"io/fs"
	"os"
	"path"
	"strings"
	"syscall"
)

// rgRun holds what lasts across the files of one rg.
type rgRun struct {
	p        *Proc
	o        *rgOpts
	m        *rgMatcher
	globs    []rgGlob
	showName bool
	lineNum  bool
	heading  bool
	withCtx  bool
	matched  bool
	errSeen  bool
	quit     bool
	status   int  // of a failed write
	printed  bool // some line or heading was printed (for separators)
	out      []byte
	buf      []byte
	json     *rgJSON
}

func newRgRun(p *Proc, o *rgOpts) (*rgRun, error) {
	if err := o.checkTypes(); err != nil {
		return nil, err
	}
	globs, err := newRgGlobs(o.globs, p.Dir)
	if err != nil {
		return nil, err
	}
	r := &rgRun{p: p, o: o, globs: globs}
	if !o.files {
		m, err := newRgMatcher(o)
		if err != nil {
			return nil, err
		}
		r.m = m
	}
	if o.vimgrep {
		o.column, o.heading = true, 0
	}
	r.lineNum = o.lineNumber == 1 || o.lineNumber < 0 && (o.column || o.vimgrep)
	r.heading = o.heading == 1 && !o.vimgrep
	r.withCtx = o.before > 0 || o.after > 0
	if o.json {
		r.json = &rgJSON{}
		r.lineNum = true
	}
	return r, nil
}

// run searches the operands and returns rg's exit status.
func (r *rgRun) run(ops []string) int {
	implicit := len(ops) == 0
	if implicit {
		ops = []string{"./"}
		if r.stdinReadable() && !r.o.files {
			ops = []string{"-"}
		}
	}
	if r.o.maxCount == 0 && !r.o.files {
		return 1
	}
	r.showName = r.o.vimgrep || r.o.withName == 1 || r.o.withName < 0 && (len(ops) > 1 || r.anyDir(ops))
	for _, op := range ops {
		if r.quit {
			break
		}
		r.operand(op, implicit)
	}
	if r.json != nil && !r.o.quiet {
		r.json.summary(r)
	}
	switch {
	case r.status != 0:
		return r.status
	case r.matched && (r.o.quiet || !r.errSeen):
		return 0
	case r.errSeen:
		return 2
	case r.matched:
		return 0
	}
	return 1
}

// stdinReadable reports whether standard input is a pipe or a file, which
// rg searches when it is given no path.
func (r *rgRun) stdinReadable() bool {
	st, ok := r.p.Stdin.(interface{ Stat() (fs.FileInfo, error) })
	if !ok {
		return false
	}
	fi, err := st.Stat()
	return err == nil && (fi.Mode().IsRegular() || fi.Mode()&(fs.ModeNamedPipe|fs.ModeSocket) != 0)
}

func (r *rgRun) anyDir(ops []string) bool {
	for _, op := range ops {
		if op == "-" {
			continue
		}
		if fi, err := r.p.Stat(op); err == nil && fi.IsDir() {
			return true
		}
	}
	return false
}

// operand searches one path given on the command line (or ./ when none
// was, whose entries are then shown without the ./).
func (r *rgRun) operand(op string, implicit bool) {
	if op == "-" {
		r.search(r.p.Stdin, "<stdin>", true)
		return
	}
	fi, err := r.p.Stat(op)
	if err != nil {
		r.fail(op, err)
		return
	}
	if !fi.IsDir() {
		if r.o.files {
			r.listFile(op)
			return
		}
		r.searchPath(op, true)
		return
	}
	abs := r.p.Abs(op)
	stack := r.parents(abs)
	display := op
	if implicit {
		display = ""
	}
	r.walk(abs, display, append(stack, r.layer(abs)), 1)
}

// parents reads the ignore files of the directories above abs, up to
// the workspace's top, outermost first.
func (r *rgRun) parents(abs string) []*rgLayer {
	if r.o.noIgnoreParen {
		return nil
	}
	var dirs []string
	for d := path.Dir(abs); strings.HasPrefix(d+"/", r.p.FS.Root()+"/") || d == r.p.FS.Root(); d = path.Dir(d) {
		dirs = append(dirs, d)
		if d == "/" || d == r.p.FS.Root() {
			break
		}
	}
	var stack []*rgLayer
	for i := len(dirs) - 1; i >= 0; i-- {
		stack = append(stack, r.layer(dirs[i]))
	}
	return stack
}

// walk searches the directory abs, shown as display ("" for the
// implicit ./), in path order.
func (r *rgRun) walk(abs, display string, stack []*rgLayer, depth int) {
	if r.o.maxDepth >= 0 && depth > r.o.maxDepth {
		return
	}
	ents, err := r.p.ReadDirSorted(abs)
	if err != nil {
		r.fail(display, err)
		return
	}
	for _, e := range ents {
		if r.quit || r.p.Cancelled() {
			r.quit = true
			return
		}
		r.entry(abs+"/"+e.Name(), rgJoin(display, e.Name()), e, stack, depth)
	}
}

// rgJoin joins a shown directory and a name as Rust's Path::join does.
func rgJoin(dir, name string) string {
	if dir == "" {
		return name
	}
	if strings.HasSuffix(dir, "/") {
		return dir + name
	}
	return dir + "/" + name
}

// entry handles one directory entry met in the walk.
func (r *rgRun) entry(abs, display string, e fs.DirEntry, stack []*rgLayer, depth int) {
	typ := e.Type()
	if typ&fs.ModeSymlink != 0 {
		if !r.o.follow {
			return
		}
		fi, err := r.p.Stat(abs)
		if err != nil {
			r.fail(display, err)
			return
		}
		typ = fi.Mode().Type()
	}
	isDir := typ.IsDir()
	if r.skip(stack, abs, e.Name(), isDir) {
		return
	}
	switch {
	case isDir:
		r.walk(abs, display, append(stack[:len(stack):len(stack)], r.layer(abs)), depth+1)
	case typ.IsRegular():
		if r.o.files {
			r.listFile(display)
			return
		}
		r.searchPath(abs, false, display)
	}
}

// listFile prints a path for --files.
func (r *rgRun) listFile(display string) {
	r.matched = true
	if r.o.quiet {
		r.quit = true
		return
	}
	r.printName(display)
}

// searchPath opens and searches a file; display, when given, is how it
// is shown (else as name).
func (r *rgRun) searchPath(name string, explicit bool, display ...string) {
	shown := name
	if len(display) > 0 {
		shown = display[0]
	}
	f, err := r.p.Open(name)
	if err != nil {
		r.fail(shown, err)
		return
	}
	defer f.Close()
	r.search(f, shown, explicit)
}

// fail reports an error about a path as ripgrep does: "path: cause (os
// error N)".
func (r *rgRun) fail(name string, err error) {
	r.errSeen = true
	if r.o.noMessages {
		return
	}
	r.p.Flush()
	if name == "" {
		name = "."
	}
	fmt.Fprintf(r.p.Stderr, "%s: %s\n", name, rgErrText(err))
}

// rgErrText words an error as Rust's io::Error shows an OS error.
func rgErrText(err error) string {
	var errno syscall.Errno
	if errors.As(err, &errno) {
		s := errno.Error()
		return strings.ToUpper(s[:1]) + s[1:] + fmt.Sprintf(" (os error %d)", int(errno))
	}
	switch {
	case errors.Is(err, fs.ErrNotExist):
		return "No such file or directory (os error 2)"
	case errors.Is(err, fs.ErrPermission):
		return "Permission denied (os error 13)"
	}
	var pe *os.PathError
	if errors.As(err, &pe) {
		return ErrText(pe.Err)
	}
	return ErrText(err)
}

// write writes output; a failed write stops the search.
func (r *rgRun) write(b []byte) {
	if r.quit && r.status != 0 {
		return
	}
	if _, err := r.p.Stdout.Write(b); err != nil {
		r.quit, r.status = true, r.p.WriteFailed(err)
		if r.status == 1 {
			r.status = 2
		}
	}
}
