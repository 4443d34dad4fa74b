// Package engine runs shell command lines over a confined workspace.
//
// A command line is parsed with mvdan.cc/sh (bash dialect) and interpreted
// in-process; every simple command is either a shell builtin of the
// interpreter (cd, read, export, ...) or a command from the builtins
// registry (and the embedder's, [WithCommand]), checked against the
// allowlist. No host program is ever run, and every file access goes
// through the workspace's [vfs.FS].
//
// An [Engine] holds what stays fixed across runs: the workspace, the
// allowlist, the base environment, the clock and the limits.
// [Engine.Run] runs one [Request] in a fresh shell and returns a
// [Result]; a [Session] keeps the shell (working directory, variables,
// functions, aliases, options) from one run to the next.
//
// # One path for every run
//
// Command lines and the argv form ([Request.Args], turned into one simple
// command of single-quoted words) run the same way: in a goroutine of
// their own with a grace period after a timeout, reading one standard
// input pipe that every command and nested shell shares, writing to one
// output sink per stream. The sink counts bytes and lines, keeps a
// bounded capture (head and tail, cut at line boundaries, with a marker
// line between), tees everything to the caller's writers, and refuses
// writes once the run is stopped, so that a count printed after a
// timeout never reads as an answer.
//
// # Budgets
//
// Each run has one [budget.Budget], carried by every command's
// [builtins.Proc] (through [builtins.System]). It is charged where the
// bytes are produced: the output sinks and the buffers of command and
// process substitutions charge its memory budget while they hold data,
// and the workspace view of the run ([vfs.FS.WithBudget]) charges every
// byte written to a file before it reaches the file. Going past a limit
// stops the whole run with exit status [ExitBudget] and a message naming
// the budget, its size and the option that raises it.
//
// What has no handler in the interpreter is charged as follows (the
// hardening work sets the limits on these seams):
//   - Background jobs and pipeline stages alive at once: an AST rewrite,
//     like the ones for PIPESTATUS and time, wraps each background
//     command and each pipeline stage between two internal commands
//     that charge the budget's job count on entry and release it on exit,
//     so `:(){ :|:& };:` ends when the count is reached.
//   - Function recursion: the same rewrite around function bodies charges
//     the budget's call depth.
//   - Variable growth (x=$x$x in a loop, huge arrays, word splitting): a
//     rewrite follows each assignment with an internal command that
//     measures the variables it assigned and charges the difference, and a
//     memory watchdog samples the process heap as the backstop for what
//     no seam sees, stopping the run that holds the most when the process
//     nears its ceiling.
//
// # Layers
//
// [Request.FS] runs one request over a view of the engine's workspace
// made with [vfs.FS.Wrap]: a journal, an overlay or a quota is a
// [vfs.Layer], and the builtins never know.
package engine
