package engine

import (
	"fmt"
	"strconv"
	"sync"
	"time"

	"mvdan.cc/sh/v3/syntax"

	"github.com/shellfence/shellfence/builtins"
)

// The interpreter writes the report of the time keyword to standard
// output, where bash writes it to standard error: `time make > log`
// would put it in the log. So `time [-p] CMD` is rewritten into
//
//	{ __sf_time ID [-p]; CMD; __sf_time ID [-p] $?; }
//
// The first call notes the start; the second writes the report to
// standard error in bash's format and ends with CMD's status.

// timers holds the start times of running time clauses, a stack per
// clause (a function may time itself recursively).
type timers struct {
	mu    sync.Mutex
	next  int
	start map[int][]time.Time
}

func (t *timers) push(id int, now time.Time) {
	t.mu.Lock()
	defer t.mu.Unlock()
	if t.start == nil {
		t.start = map[int][]time.Time{}
	}
	t.start[id] = append(t.start[id], now)
}

func (t *timers) pop(id int) (time.Time, bool) {
	t.mu.Lock()
	defer t.mu.Unlock()
	s := t.start[id]
	if len(s) == 0 {
		return time.Time{}, false
	}
	t.start[id] = s[:len(s)-1]
	return s[len(s)-1], true
}

// rewriteTime applies the rewrite to every time clause under file.
func (r *run) rewriteTime(file *syntax.File) {
	syntax.Walk(file, func(n syntax.Node) bool {
		st, ok := n.(*syntax.Stmt)
		if !ok {
			return true
		}
		tc, ok := st.Cmd.(*syntax.TimeClause)
		if !ok {
			return true
		}
		r.timers.mu.Lock()
		r.timers.next++
		id := strconv.Itoa(r.timers.next)
		r.timers.mu.Unlock()
		args := []string{"__sf_time", id}
		if tc.PosixFormat {
			args = append(args, "-p")
		}
		stmts := []*syntax.Stmt{{Cmd: &syntax.CallExpr{Args: words(args...)}}}
		if tc.Stmt != nil {
			stmts = append(stmts, tc.Stmt)
		}
		stmts = append(stmts, call(args[0], args[1:]...))
		st.Cmd = &syntax.Block{Stmts: stmts}
		return true
	})
}

func words(args ...string) []*syntax.Word {
	var ws []*syntax.Word
	for _, a := range args {
		ws = append(ws, lit(a))
	}
	return ws
}

// timeCmd is __sf_time ID [-p] [STATUS].
func (r *run) timeCmd(p *builtins.Proc) int {
	args := p.Args[2:]
	posix := len(args) > 0 && args[0] == "-p"
	if posix {
		args = args[1:]
	}
	id, _ := strconv.Atoi(p.Args[1])
	if len(args) == 0 {
		r.timers.push(id, time.Now())
		return 0
	}
	status, _ := strconv.Atoi(args[0])
	start, ok := r.timers.pop(id)
	if !ok {
		return status
	}
	real := time.Since(start)
	if posix {
		fmt.Fprintf(p.Stderr, "real %.2f\nuser 0.00\nsys 0.00\n", real.Seconds())
		return status
	}
	fmt.Fprintf(p.Stderr, "\nreal\t%s\nuser\t0m0.000s\nsys\t0m0.000s\n", bashDuration(real))
	return status
}

// bashDuration formats d as bash's %3lR: 0m1.234s.
func bashDuration(d time.Duration) string {
	m := int(d / time.Minute)
	s := (d - time.Duration(m)*time.Minute).Seconds()
	return fmt.Sprintf("%dm%.3fs", m, s)
}
