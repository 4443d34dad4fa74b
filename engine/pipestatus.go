package engine

import (
	"context"
	"fmt"
	"strconv"
	"strings"
	"sync"

	"mvdan.cc/sh/v3/syntax"

	"github.com/shellfence/shellfence/builtins"
)

// The interpreter does not keep bash's PIPESTATUS. A script that mentions
// it gets its pipelines rewritten so that each stage reports its status:
//
//	a | b   becomes   { { a; __sf_ps ID 0 $?; } | { b; __sf_ps ID 1 $?; }; __sf_psload ID $?; }
//
// __sf_ps records a stage's status and exits with it; __sf_psload becomes,
// in the call handler, an eval that assigns PIPESTATUS and ends with the
// pipeline's own status. Scripts that never read PIPESTATUS are left as
// written (the extra commands would show under set -x).

// pipeStatuses holds the stage statuses of the run's pipelines.
type pipeStatuses struct {
	mu     sync.Mutex
	next   int
	stages map[int][]int
}

func (ps *pipeStatuses) newID() int {
	ps.mu.Lock()
	defer ps.mu.Unlock()
	ps.next++
	return ps.next
}

func (ps *pipeStatuses) record(id, stage, status int) {
	ps.mu.Lock()
	defer ps.mu.Unlock()
	if ps.stages == nil {
		ps.stages = map[int][]int{}
	}
	s := ps.stages[id]
	for len(s) <= stage {
		s = append(s, 0)
	}
	s[stage] = status
	ps.stages[id] = s
}

func (ps *pipeStatuses) take(id int) []int {
	ps.mu.Lock()
	defer ps.mu.Unlock()
	s := ps.stages[id]
	delete(ps.stages, id)
	return s
}

// rewritePipelines applies the rewrite to every pipeline under n.
func (r *run) rewritePipelines(n syntax.Node) {
	syntax.Walk(n, func(node syntax.Node) bool {
		st, ok := node.(*syntax.Stmt)
		if !ok || !isPipe(st.Cmd) {
			return true
		}
		stages := pipeStages(st, nil)
		for _, s := range stages {
			r.rewritePipelines(s) // pipelines nested inside a stage
		}
		id := r.pipes.newID()
		for i, s := range stages {
			inner := *s
			s.Cmd = &syntax.Block{Stmts: []*syntax.Stmt{&inner, call("__sf_ps", strconv.Itoa(id), strconv.Itoa(i))}}
			s.Redirs, s.Negated, s.Background = nil, false, false
		}
		pipe := &syntax.Stmt{Cmd: st.Cmd}
		st.Cmd = &syntax.Block{Stmts: []*syntax.Stmt{pipe, call("__sf_psload", strconv.Itoa(id))}}
		return false
	})
}

func isPipe(c syntax.Command) bool {
	bc, ok := c.(*syntax.BinaryCmd)
	return ok && (bc.Op == syntax.Pipe || bc.Op == syntax.PipeAll)
}

// pipeStages lists the stages of the pipeline st, left to right.
func pipeStages(st *syntax.Stmt, out []*syntax.Stmt) []*syntax.Stmt {
	if bc, ok := st.Cmd.(*syntax.BinaryCmd); ok && isPipe(bc) {
		return pipeStages(bc.Y, pipeStages(bc.X, out))
	}
	return append(out, st)
}

// call builds the simple command NAME ARGS... $?.
func call(name string, args ...string) *syntax.Stmt {
	words := []*syntax.Word{lit(name)}
	for _, a := range args {
		words = append(words, lit(a))
	}
	status := &syntax.Word{Parts: []syntax.WordPart{&syntax.ParamExp{Short: true, Param: &syntax.Lit{Value: "?"}}}}
	return &syntax.Stmt{Cmd: &syntax.CallExpr{Args: append(words, status)}}
}

// recordStage is __sf_ps ID STAGE STATUS.
func (r *run) recordStage(p *builtins.Proc) int {
	if len(p.Args) != 4 {
		return 2
	}
	id, _ := strconv.Atoi(p.Args[1])
	stage, _ := strconv.Atoi(p.Args[2])
	status, _ := strconv.Atoi(p.Args[3])
	r.pipes.record(id, stage, status)
	return status
}

// loadPipeStatus turns __sf_psload ID STATUS into an eval that sets
// PIPESTATUS and keeps the pipeline's status.
func (r *run) loadPipeStatus(_ context.Context, args []string) []string {
	if len(args) != 3 {
		return []string{"false"}
	}
	id, _ := strconv.Atoi(args[1])
	var list []string
	for _, s := range r.pipes.take(id) {
		list = append(list, strconv.Itoa(s))
	}
	return quietEval(fmt.Sprintf("PIPESTATUS=(%s); (exit %s)", strings.Join(list, " "), args[2]))
}
