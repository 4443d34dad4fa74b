package engine

import (
	"errors"
	"io/fs"
	"os"
	"strconv"
	"strings"

	"mvdan.cc/sh/v3/syntax"
)

// The interpreter hands the open handler a redirection's path and flags,
// not where the redirection is nor its operator; bash's messages name the
// line ("bash: line 3: f: No such file or directory"), and set -C
// (noclobber) refuses `>` onto an existing file but not `>|`, which the
// interpreter does not know. Each file redirection's word is given a
// leading mark, a literal the open handler takes off again:
//
//	NUL OP WHERE LINE NUL
//
// OP is o for > and &> (refused onto an existing file under set -C), c
// for >| (turned into >) and - for the others; WHERE is f in a function's
// body, - elsewhere. set -C and set +C are followed by the call handler
// for the whole shell (a subshell's set -C is not undone when it ends).

// markRedirs marks the file redirections of file.
func markRedirs(file *syntax.File) {
	inFunc := funcStmts(file)
	syntax.Walk(file, func(n syntax.Node) bool {
		if st, ok := n.(*syntax.Stmt); ok {
			for _, rd := range st.Redirs {
				markRedir(rd, inFunc[st])
			}
		}
		return true
	})
}

func markRedir(rd *syntax.Redirect, inFunc bool) {
	op := "-"
	switch rd.Op {
	case syntax.RdrOut, syntax.RdrAll:
		op = "o"
	case syntax.RdrClob:
		op, rd.Op = "c", syntax.RdrOut
	case syntax.RdrIn, syntax.AppOut, syntax.AppAll:
	default:
		return
	}
	where := "-"
	if inFunc {
		where = "f"
	}
	mark := &syntax.Lit{Value: "\x1e" + op + where + strconv.Itoa(int(posLine(rd.Pos()))) + "\x1e"}
	rd.Word.Parts = append([]syntax.WordPart{mark}, rd.Word.Parts...)
}

// redirMark is what a redirection's mark says.
type redirMark struct {
	op     byte // o, c or -
	inFunc bool
	line   int
}

// cutMark takes the mark off a path the open handler was given.
func cutMark(name string) (string, redirMark, bool) {
	if !strings.HasPrefix(name, "\x1e") {
		return name, redirMark{}, false
	}
	end := strings.IndexByte(name[1:], 0x1e)
	if end < 2 {
		return name, redirMark{}, false
	}
	m := name[1 : end+1]
	line, _ := strconv.Atoi(m[2:])
	return name[end+2:], redirMark{op: m[0], inFunc: m[1] == 'f', line: line}, true
}

// errClobber is bash's reason for refusing > onto a file under set -C.
var errClobber = errors.New("cannot overwrite existing file")

// clobbers reports whether opening name as m says would overwrite an
// existing regular file that set -C protects.
func (r *run) clobbers(m redirMark, flag int, fi func() (fs.FileInfo, error)) bool {
	if m.op != 'o' || !r.noclobber.Load() || flag&os.O_TRUNC == 0 {
		return false
	}
	st, err := fi()
	return err == nil && st.Mode().IsRegular()
}

// redirErr is the error the interpreter prints for a failed redirection,
// bash's "bash: line N: NAME: REASON".
func redirErr(shell string, m redirMark, name, reason string) error {
	return &fs.PathError{Op: shell + ": line " + strconv.Itoa(m.line) + ":", Path: name, Err: errors.New(reason)}
}

// noteSet follows set -C, set +C, set -o noclobber and set +o noclobber.
func (r *run) noteSet(args []string) {
	for i := 1; i < len(args); i++ {
		a := args[i]
		switch {
		case a == "-" || a == "--" || len(a) < 2 || a[0] != '-' && a[0] != '+':
			return
		case a == "-o" || a == "+o":
			if i+1 < len(args) && args[i+1] == "noclobber" {
				r.noclobber.Store(a[0] == '-')
			}
			i++
		case strings.ContainsRune(a[1:], 'C'):
			r.noclobber.Store(a[0] == '-')
		}
	}
}
