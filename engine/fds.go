package engine

import (
	"context"
	"errors"
	"fmt"
	"io"
	"os"
	"strconv"
	"strings"
	"sync"

	"mvdan.cc/sh/v3/interp"
	"mvdan.cc/sh/v3/syntax"

	"github.com/shellfence/shellfence/vfs"
)

// The interpreter knows only descriptors 0, 1 and 2: `exec 3> f`,
// `echo x >&3`, `read -u 3`, `{fd}>f`, `cmd 3>&1 1>&2 2>&3` fail with
// "unsupported redirect fd". A run keeps its own table of the
// descriptors above 2, and a rewrite turns what uses them into what the
// interpreter has:
//
//	exec 3> f              ->  { __sf_fd set 3 '>' f; }
//	cmd 3>&1 1>&2 2>&3     ->  { __sf_fd push 3 '>&' 1; cmd 1>&2 2>/dev/fd/3; __sf_fd pop 3 $?; }
//	echo x >&3             ->  echo x >/dev/fd/3
//	cat <&3                ->  cat </dev/fd/3
//
// /dev/fd/N of a descriptor in the table opens that descriptor, sharing
// its offset, and read -u N reads from it. The files are closed when the
// run ends.

// fdEntry is one open descriptor: what it reads from and writes to, and
// the file opened for it (nil for a copy of 0, 1 or 2).
type fdEntry struct {
	r    io.Reader
	w    io.Writer
	file io.Closer
	refs int
}

// fdTable holds a run's descriptors above 2.
type fdTable struct {
	mu    sync.Mutex
	open  map[int]*fdEntry
	saved map[int][]*fdEntry // bindings a command's redirection hides, restored by pop
}

func (t *fdTable) get(n int) *fdEntry {
	t.mu.Lock()
	defer t.mu.Unlock()
	return t.open[n]
}

// bind makes e (nil: closed) descriptor n, releasing what n was; with
// save, what n was is kept for pop.
func (t *fdTable) bind(n int, e *fdEntry, save bool) {
	t.mu.Lock()
	defer t.mu.Unlock()
	if t.open == nil {
		t.open, t.saved = map[int]*fdEntry{}, map[int][]*fdEntry{}
	}
	old := t.open[n]
	if save {
		t.saved[n] = append(t.saved[n], old)
	} else {
		t.release(old)
	}
	if e != nil {
		e.refs++
		t.open[n] = e
	} else {
		delete(t.open, n)
	}
}

// pop restores what descriptor n was before the last push.
func (t *fdTable) pop(n int) {
	t.mu.Lock()
	defer t.mu.Unlock()
	s := t.saved[n]
	if len(s) == 0 {
		return
	}
	t.release(t.open[n])
	if prev := s[len(s)-1]; prev != nil {
		t.open[n] = prev
	} else {
		delete(t.open, n)
	}
	t.saved[n] = s[:len(s)-1]
}

func (t *fdTable) release(e *fdEntry) {
	if e == nil {
		return
	}
	if e.refs--; e.refs <= 0 && e.file != nil {
		e.file.Close()
	}
}

// free is the lowest descriptor from 10 up that is not open ({var}>f).
func (t *fdTable) free() int {
	t.mu.Lock()
	defer t.mu.Unlock()
	n := 10
	for t.open[n] != nil {
		n++
	}
	return n
}

// closeAll closes every file the table holds (the run has ended).
func (t *fdTable) closeAll() {
	t.mu.Lock()
	defer t.mu.Unlock()
	done := map[*fdEntry]bool{}
	shut := func(e *fdEntry) {
		if e != nil && e.file != nil && !done[e] {
			done[e] = true
			e.file.Close()
		}
	}
	for _, e := range t.open {
		shut(e)
	}
	for _, s := range t.saved {
		for _, e := range s {
			shut(e)
		}
	}
	t.open, t.saved = nil, nil
}

var errBadFD = errors.New("Bad file descriptor")

// fdCmd is __sf_fd set|push N OP WORD and __sf_fd pop N... STATUS.
func (r *run) fdCmd(ctx context.Context, args []string) []string {
	hc := interp.HandlerCtx(ctx)
	if len(args) >= 3 && args[1] == "pop" {
		for _, a := range args[2 : len(args)-1] {
			if n, err := strconv.Atoi(a); err == nil {
				r.fds.pop(n)
			}
		}
		return []string{"__sf_status", args[len(args)-1]}
	}
	if len(args) != 5 {
		return []string{"__sf_status", "1"}
	}
	save, spec, op, word := args[1] == "push", args[2], args[3], args[4]
	n, assign, err := r.fdNumber(hc, spec, op == ">&" && word == "-" || op == "<&" && word == "-")
	if err != nil {
		fmt.Fprintf(hc.Stderr, "%s: line %d: %v\n", shellName(ctx), max(hc.Pos.Line(), 1), err)
		return []string{"__sf_status", "1"}
	}
	e, err := r.fdOpen(ctx, op, word)
	if err != nil {
		fmt.Fprintf(hc.Stderr, "%s: line %d: %v\n", shellName(ctx), max(hc.Pos.Line(), 1), err)
		return []string{"__sf_status", "1"}
	}
	r.fds.bind(n, e, save && assign == "")
	if assign != "" {
		return quietEval(assign + "=" + strconv.Itoa(n))
	}
	return noop
}

// fdNumber is the descriptor a redirection names: N, or {var} (a free
// one, assigned to var; with closing, the one var holds).
func (r *run) fdNumber(hc interp.HandlerContext, spec string, closing bool) (n int, assign string, err error) {
	name, ok := strings.CutPrefix(spec, "{")
	if name, ok = strings.CutSuffix(name, "}"); !ok {
		n, err := strconv.Atoi(spec)
		return n, "", err
	}
	if !syntax.ValidName(name) {
		return 0, "", fmt.Errorf("%s: ambiguous redirect", spec)
	}
	if closing {
		v := hc.Env.Get(name).String()
		if n, err := strconv.Atoi(v); err == nil && n >= 0 {
			return n, "", nil
		}
		return 0, "", fmt.Errorf("%s: ambiguous redirect", v)
	}
	return r.fds.free(), name, nil
}

// fdOpen makes the descriptor that OP WORD opens (nil: closed).
func (r *run) fdOpen(ctx context.Context, op, word string) (*fdEntry, error) {
	hc := interp.HandlerCtx(ctx)
	switch op {
	case ">&", "<&":
		switch word {
		case "-":
			return nil, nil
		case "0":
			return &fdEntry{r: hc.Stdin}, nil
		case "1":
			return &fdEntry{w: hc.Stdout}, nil
		case "2":
			return &fdEntry{w: hc.Stderr}, nil
		}
		m, err := strconv.Atoi(word)
		if err != nil {
			return nil, fmt.Errorf("%s: ambiguous redirect", word)
		}
		if e := r.fds.get(m); e != nil {
			return e, nil
		}
		return nil, fmt.Errorf("%d: %v", m, errBadFD)
	}
	flag, ok := map[string]int{
		">": os.O_WRONLY | os.O_CREATE | os.O_TRUNC, ">|": os.O_WRONLY | os.O_CREATE | os.O_TRUNC,
		">>": os.O_WRONLY | os.O_CREATE | os.O_APPEND, "<": os.O_RDONLY, "<>": os.O_RDWR | os.O_CREATE,
	}[op]
	if !ok {
		return nil, fmt.Errorf("%s: unsupported redirection", op)
	}
	p, stop := r.proc(ctx, []string{"shellfence"})
	defer stop()
	f, err := p.OpenFile(word, flag, 0o644)
	if err != nil {
		return nil, fmt.Errorf("%s: %s", word, vfs.Text(err))
	}
	e := &fdEntry{file: f}
	if flag&(os.O_WRONLY|os.O_RDWR) != 0 {
		e.w = f
	}
	if flag&os.O_WRONLY == 0 {
		e.r = f
	}
	return e, nil
}

// openFD serves /dev/fd/N for a descriptor of the table: a view of it
// that the interpreter's close leaves open. N above 2 that is neither
// open nor a process substitution's is a bad descriptor.
func (r *run) openFD(name string) (io.ReadWriteCloser, bool, error) {
	rest, ok := strings.CutPrefix(name, "/dev/fd/")
	if !ok {
		return nil, false, nil
	}
	n, err := strconv.Atoi(rest)
	if err != nil || n < 3 {
		return nil, false, nil
	}
	e := r.fds.get(n)
	if e == nil && n < len(r.substFDs) && r.substFDs[n].Load() {
		return nil, false, nil
	}
	if e == nil {
		return nil, true, shellPathErr(rest, errBadFD)
	}
	return fdView{e}, true, nil // a write to a descriptor open for reading fails as it would
}

// fdView reads and writes a descriptor; Close leaves it open.
type fdView struct{ e *fdEntry }

func (v fdView) Read(p []byte) (int, error) {
	if v.e.r == nil {
		return 0, errBadFD
	}
	return v.e.r.Read(p)
}

func (v fdView) Write(p []byte) (int, error) {
	if v.e.w == nil {
		return 0, errBadFD
	}
	return v.e.w.Write(p)
}

func (fdView) Close() error { return nil }

// fdReader is what read -u N reads (ok false: N is not open for reading).
func (r *run) fdReader(hc interp.HandlerContext, n int) (io.Reader, bool) {
	if n == 0 {
		return hc.Stdin, true
	}
	if e := r.fds.get(n); e != nil && e.r != nil {
		return e.r, true
	}
	return nil, false
}

// rewriteFDs rewrites the redirections of file that use descriptors
// above 2 (see above).
func rewriteFDs(file *syntax.File) {
	syntax.Walk(file, func(n syntax.Node) bool {
		if st, ok := n.(*syntax.Stmt); ok && len(st.Redirs) > 0 {
			rewriteFDStmt(st)
		}
		return true
	})
}

func rewriteFDStmt(st *syntax.Stmt) {
	defines := false
	for _, rd := range st.Redirs {
		defines = defines || definesFD(rd)
	}
	if !defines {
		for _, rd := range st.Redirs {
			useFD(rd)
		}
		return
	}
	if isBareExec(st) {
		var stmts []*syntax.Stmt
		for _, rd := range st.Redirs {
			if definesFD(rd) {
				stmts = append(stmts, fdCall("set", rd, rd.Word))
				continue
			}
			useFD(rd)
			stmts = append(stmts, &syntax.Stmt{Cmd: &syntax.CallExpr{Args: []*syntax.Word{lit("exec")}}, Redirs: []*syntax.Redirect{rd}})
		}
		st.Cmd, st.Redirs = &syntax.Block{Stmts: stmts}, nil
		return
	}
	wrapFDStmt(st)
}

// wrapFDStmt turns a command with redirections that define descriptors
// into a block that pushes them, runs the command with its other
// redirections, and pops them with its status. A copy of 1 or 2 made
// after either was copied (1>&2 3>&1) copies what it was copied from.
func wrapFDStmt(st *syntax.Stmt) {
	cur := map[string]string{"1": "1", "2": "2"}
	var stmts []*syntax.Stmt
	var others []*syntax.Redirect
	pop := &syntax.CallExpr{Args: []*syntax.Word{lit("__sf_fd"), lit("pop")}}
	for _, rd := range st.Redirs {
		if !definesFD(rd) {
			if rd.Op == syntax.DplOut {
				if src, ok := cur[rd.Word.Lit()]; ok {
					cur[fdOf(rd)] = src
				}
			}
			useFD(rd)
			others = append(others, rd)
			continue
		}
		word := rd.Word
		if rd.Op == syntax.DplOut || rd.Op == syntax.DplIn {
			if src, ok := cur[rd.Word.Lit()]; ok {
				word = lit(src)
			}
		}
		stmts = append(stmts, fdCall("push", rd, word))
		if !strings.HasPrefix(rd.N.Value, "{") {
			pop.Args = append(pop.Args, lit(rd.N.Value))
		}
	}
	pop.Args = append(pop.Args, paramWord("?"))
	inner := &syntax.Stmt{Cmd: st.Cmd, Redirs: others, Negated: st.Negated, Position: st.Position}
	stmts = append(stmts, inner, &syntax.Stmt{Cmd: pop})
	st.Cmd, st.Redirs, st.Negated = &syntax.Block{Stmts: stmts}, nil, false
}

// fdOf is the descriptor a redirection changes, as written.
func fdOf(rd *syntax.Redirect) string {
	if rd.N != nil {
		return rd.N.Value
	}
	if rd.Op == syntax.RdrIn || rd.Op == syntax.DplIn {
		return "0"
	}
	return "1"
}

func fdCall(verb string, rd *syntax.Redirect, word *syntax.Word) *syntax.Stmt {
	return &syntax.Stmt{Cmd: &syntax.CallExpr{Args: []*syntax.Word{
		lit("__sf_fd"), lit(verb), lit(rd.N.Value), lit(rd.Op.String()), word,
	}}}
}

// definesFD reports whether rd opens or closes a descriptor above 2.
func definesFD(rd *syntax.Redirect) bool {
	if rd.N == nil || rd.Word == nil {
		return false
	}
	switch rd.Op {
	case syntax.RdrOut, syntax.AppOut, syntax.RdrIn, syntax.RdrInOut, syntax.DplIn, syntax.DplOut, syntax.ClbOut:
	default:
		return false
	}
	if strings.HasPrefix(rd.N.Value, "{") {
		return true
	}
	n, err := strconv.Atoi(rd.N.Value)
	return err == nil && n > 2
}

// useFD turns a copy of a descriptor other than 0, 1, 2 (>&3, <&$fd)
// into a redirection from or to its /dev/fd name.
func useFD(rd *syntax.Redirect) {
	if rd.Op != syntax.DplOut && rd.Op != syntax.DplIn || rd.Word == nil {
		return
	}
	switch w := rd.Word.Lit(); {
	case w == "0" || w == "1" || w == "2" || w == "-":
		return
	case w != "" && rd.N == nil && rd.Op == syntax.DplOut && strings.Trim(w, "0123456789") != "":
		rd.Op = syntax.RdrAll // >&file is &>file
		return
	}
	if rd.Op == syntax.DplOut {
		rd.Op = syntax.RdrOut
	} else {
		rd.Op = syntax.RdrIn
	}
	rd.Word = &syntax.Word{Parts: append([]syntax.WordPart{&syntax.Lit{Value: "/dev/fd/"}}, rd.Word.Parts...)}
}

// isBareExec reports whether st is exec with redirections only.
func isBareExec(st *syntax.Stmt) bool {
	ce, ok := st.Cmd.(*syntax.CallExpr)
	return ok && len(ce.Assigns) == 0 && len(ce.Args) == 1 && ce.Args[0].Lit() == "exec"
}
