package engine

import (
	"context"
	"errors"
	"fmt"
	"strconv"
	"strings"

	"mvdan.cc/sh/v3/interp"
	"mvdan.cc/sh/v3/syntax"
)

// Bash runs a here-document that the end of input closes, after the
// warning "bash: line N: warning: here-document at line M delimited by
// end-of-file (wanted `EOF')" (N the last line, M the line of the <<);
// the parser refuses it. parseProgram closes it and puts before the
// top-level command that holds it a __sf_warn that prints the warning
// when that command is reached, as bash does when it reads it.

const warnCmd = "__sf_warn"

// parseProgram parses src, a program to run, as bash reads it.
func parseProgram(src, name string) (*syntax.File, error) {
	file, err := parse(src, name)
	var pe syntax.ParseError
	if err == nil || !errors.As(err, &pe) {
		return file, err
	}
	delim, ok := strings.CutPrefix(pe.Text, "unclosed here-document `")
	delim, ok2 := strings.CutSuffix(delim, "`")
	if !ok || !ok2 {
		return file, err
	}
	closed := src
	if !strings.HasSuffix(closed, "\n") {
		closed += "\n"
	}
	file2, err2 := parse(closed+delim+"\n", name)
	if err2 != nil {
		return file, err
	}
	warn := fmt.Sprintf("here-document at line %d delimited by end-of-file (wanted `%s')", pe.Pos.Line(), delim)
	insertWarning(file2, pe.Pos.Line(), lastLine(src), warn)
	return file2, nil
}

// insertWarning puts __sf_warn LINE MSG before the top-level statement of
// file that ends on or after line at.
func insertWarning(file *syntax.File, at uint, line int, msg string) {
	call := &syntax.CallExpr{Args: []*syntax.Word{lit(warnCmd), lit(strconv.Itoa(line)), {Parts: []syntax.WordPart{&syntax.SglQuoted{Value: msg}}}}}
	warn := keepingStatus(call)
	for i, st := range file.Stmts {
		if st.End().Line() >= at {
			file.Stmts = append(file.Stmts[:i], append([]*syntax.Stmt{warn}, file.Stmts[i:]...)...)
			return
		}
	}
	file.Stmts = append(file.Stmts, warn)
}

// warnCall is what __sf_warn LINE MSG runs; it keeps $?.
func (r *run) warnCall(ctx context.Context, args []string) []string {
	hc := interp.HandlerCtx(ctx)
	if len(args) == 2 {
		fmt.Fprintf(hc.Stderr, "%s: line %s: warning: %s\n", shellName(ctx), args[0], args[1])
	}
	return r.keptStatus(ctx)
}
