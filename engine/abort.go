package engine

import (
	"context"
	"strconv"
	"strings"
	"sync/atomic"

	"mvdan.cc/sh/v3/interp"
	"mvdan.cc/sh/v3/syntax"
)

// Bash abandons the complete command it is running on some errors
// (assigning a readonly variable): the rest of the line, and of every
// function and compound command it is in, does not run; a subshell ends
// with status 1; the shell goes on with its next top-level line, $? being
// 1. The interpreter only fails the command at hand.
//
// A rewrite puts a check before each such spot (see readonly.go). A check
// that fails prints bash's message and ends the shell with exit 1, which
// ends a subshell as bash does. At the top level the engine then resumes
// the program at its next line: each top-level line of a program with
// checks is preceded by a marker, `__sf_group N && :`, that tells the
// engine where the line starts (the && keeps $? as it was and out of
// set -e's reach). One difference stays: an EXIT trap also runs when a
// line is abandoned, not only at the end.

// groupState is what the checks and markers of one program's run share
// with the engine, carried in the context of the interpreter's run.
type groupState struct {
	// at is the index of the statement where the running line starts.
	at atomic.Int64
	// aborts counts the checks that failed.
	aborts atomic.Int64
	// lenient is set when the last check that failed was one set -e
	// does not act on (an arithmetic error).
	lenient atomic.Bool
	// flags is $- as __sf_group - "$-" last saw it.
	flags atomic.Value
}

// errexit reports whether set -e is on in runner, whose $? it leaves at
// 1, the status of the line abandoned.
func (gs *groupState) errexit(ctx context.Context, runner *interp.Runner) bool {
	word := &syntax.Word{Parts: []syntax.WordPart{&syntax.DblQuoted{Parts: []syntax.WordPart{
		&syntax.ParamExp{Short: true, Param: &syntax.Lit{Value: "-"}}}}}}
	runner.Run(ctx, keepingStatus(&syntax.CallExpr{Args: []*syntax.Word{lit(groupCmd), lit("-"), word}}))
	flags, _ := gs.flags.Load().(string)
	return strings.Contains(flags, "e")
}

type groupKey struct{}

func groupOf(ctx context.Context) *groupState {
	gs, _ := ctx.Value(groupKey{}).(*groupState)
	return gs
}

// abortCmd is the name of the marker of a top-level line.
const groupCmd = "__sf_group"

// runFile runs file on runner as bash runs a program: a line abandoned
// by a failed check is followed by the next one.
func (r *run) runFile(ctx context.Context, runner *interp.Runner, file *syntax.File) error {
	if r.traced.Load() || !r.checked.Load() {
		return runner.Run(ctx, file)
	}
	gs := &groupState{}
	ctx = context.WithValue(ctx, groupKey{}, gs)
	stmts, starts := markLines(file.Stmts)
	from := 0
	for {
		before := gs.aborts.Load()
		err := runner.Run(ctx, &syntax.File{Name: file.Name, Stmts: stmts[from:]})
		if code, _ := interp.IsExitStatus(err); !runner.Exited() || code != 1 || gs.aborts.Load() == before {
			return err
		}
		from = nextStart(starts, int(gs.at.Load()))
		if from < 0 || gs.errexit(ctx, runner) && !gs.lenient.Load() {
			return err
		}
	}
}

// nextStart is the first of starts after at, -1 if none.
func nextStart(starts []int, at int) int {
	for _, s := range starts {
		if s > at {
			return s
		}
	}
	return -1
}

// markLines puts a marker before each top-level line of stmts (the
// statements that start on a line after the previous one ends) and
// returns the statements and the indexes of the markers.
func markLines(stmts []*syntax.Stmt) ([]*syntax.Stmt, []int) {
	var out []*syntax.Stmt
	var starts []int
	for i, st := range stmts {
		if i == 0 || st.Pos().Line() > stmts[i-1].End().Line() {
			starts = append(starts, len(out))
			out = append(out, groupMarker(len(out)))
		}
		out = append(out, st)
	}
	return out, starts
}

func groupMarker(n int) *syntax.Stmt {
	return keepingStatus(&syntax.CallExpr{Args: []*syntax.Word{lit(groupCmd), lit(strconv.Itoa(n))}})
}

// okCmd ends the statements keepingStatus makes.
const okCmd = "__sf_ok"

// keepingStatus is `CALL && __sf_ok`, for a call of the engine's that
// ends with the status it was given ([run.keptStatus]): a failing status
// that way is out of reach of set -e and the ERR trap, and $? after it
// is as it was before.
func keepingStatus(call *syntax.CallExpr) *syntax.Stmt {
	ok := &syntax.Stmt{Cmd: &syntax.CallExpr{Args: []*syntax.Word{lit(okCmd)}}}
	return &syntax.Stmt{Cmd: &syntax.BinaryCmd{Op: syntax.AndStmt, X: &syntax.Stmt{Cmd: call}, Y: ok}}
}

// keptStatus is the command that ends with the status of the command
// before ctx's: the interpreter's true when that is 0 and the program
// has no function named true, cheaper than an internal command.
func (r *run) keptStatus(ctx context.Context) []string {
	n := interp.HandlerCtx(ctx).LastExitStatus
	if n == 0 && !r.funcs.has("true") {
		return []string{"true"}
	}
	return []string{noop[0], strconv.Itoa(n)}
}

// groupCall is what the marker runs: it notes where the line starts and
// keeps $?.
func (r *run) groupCall(ctx context.Context, args []string) []string {
	if gs := groupOf(ctx); gs != nil && len(args) == 3 && args[1] == "-" {
		gs.flags.Store(args[2])
		return []string{noop[0], "1"}
	} else if gs != nil && len(args) == 2 {
		n, _ := strconv.Atoi(args[1])
		gs.at.Store(int64(n))
	}
	return r.keptStatus(ctx)
}

// abandon is what a failed check runs: the line is given up, as bash
// does; set -e then ends the shell unless lenient.
func abandon(ctx context.Context, lenient bool) []string {
	if gs := groupOf(ctx); gs != nil {
		gs.lenient.Store(lenient)
		gs.aborts.Add(1)
	}
	return []string{"exit", "1"}
}
