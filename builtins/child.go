package builtins

// Commands that run commands (env, xargs, find -exec, timeout, nice, nohup,
// sh -c, awk's system() and pipes, sed's e) hand the child over through
// one path, [Proc.Exec] or [Proc.Shell]: the caller's buffered output is
// written out first, and the child writes where the caller's output goes,
// not into its buffer, as a child process would. So `env CMD 2>&1` keeps
// the order of CMD's standard output and error lines, and a closed pipe
// ends the child (141).

import "fmt"

// Exec runs q (see [System.Exec]) as a child of p.
func (p *Proc) Exec(q *Proc) int {
	if p.Sys == nil || p.Sys.Exec == nil {
		p.Flush()
		fmt.Fprintf(p.Stderr, "%s: %s: cannot run commands here\n", p.Name(), q.Args[0])
		return 126
	}
	return p.handOver(q, func() int { return p.Sys.Exec(q) })
}

// CanShell reports whether p can run shell scripts ([Proc.Shell]).
func (p *Proc) CanShell() bool { return p.Sys != nil && p.Sys.Shell != nil }

// Shell runs script in the shell q (see [System.Shell]) as a child of p.
// Callers check [Proc.CanShell] first and report its absence their way.
func (p *Proc) Shell(q *Proc, script string, opts ...string) int {
	if !p.CanShell() {
		p.Errorf("cannot run commands here")
		return 126
	}
	return p.handOver(q, func() int { return p.Sys.Shell(q, script, opts...) })
}

// handOver runs a child. Only a child that writes to a command's buffered
// standard output needs the buffer written out first: sed's e, whose
// output sed reads back, runs with sed's output still buffered, as in GNU.
func (p *Proc) handOver(q *Proc, run func() int) int {
	if o, ok := q.Stdout.(*procOut); ok {
		o.Flush()
		q.Stdout = o.under
	}
	return run()
}
