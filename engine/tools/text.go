package tools

import (
	"fmt"
	"slices"
	"strings"

	"github.com/shellfence/shellfence/builtins"
)

// Instructions is what the server tells a client about itself at
// initialize: what this shell is and what to use for what.
func (tb *Toolbox) Instructions() string {
	var b strings.Builder
	fmt.Fprintf(&b, "shellfence: a bash shell confined to the workspace %s.\n", tb.cfg.Engine.FS().Root())
	b.WriteString("- Commands are GNU coreutils, grep, find, sed, diff and patch built into the server (byte-for-byte GNU output). " +
		"No host program runs: python, node, git, make and the like are not available; `commands` in run lists what is.\n")
	b.WriteString("- Paths outside the workspace (absolute paths elsewhere, .., symlinks out) fail with \"outside the workspace\".\n")
	b.WriteString("- run keeps the shell between calls (cd, variables, functions); its long output is cut to head and tail, " +
		"and run_output gives the rest by id.\n")
	b.WriteString("- For files prefer read_file, write_file and list_dir; edit_file applies a sed script and returns the diff; " +
		"apply_patch applies a unified diff and reports each hunk.\n")
	if tb.cfg.ReadOnly {
		b.WriteString("- The workspace is read-only: every write fails.\n")
	}
	if tb.cfg.Fetcher != nil {
		b.WriteString("- fetch reads an http(s) URL (public addresses only) as text or raw.\n")
	}
	if tb.cfg.Compat == CompatCmdshellmcp {
		b.WriteString("- cmdshellmcp's tools are served too (cmdshell, readFile, writeFile, listFiles, copyFile, moveRenameFile, deleteFile, mkdir, rmdir, editFile, applyPatch), " +
			"each the compatible form of a native tool.\n")
	}
	return b.String()
}

func runDescription(cfg Config) string {
	persist := "The shell persists between calls: the working directory, variables, functions, aliases and options a run leaves are there for the next run (reset: true starts fresh)."
	if cfg.NoPersist {
		persist = "Every call starts a fresh shell at the workspace root (the server runs with --no-persist); use cwd and chain commands with && instead of relying on cd."
	}
	return "Run a bash command line in the workspace and return its exit code, stdout and stderr.\n\n" +
		"The commands are GNU's (" + commandList() + ") built into the server, with GNU's exact output; " +
		"pipes, redirections, &&, ||, globs, $(...), loops, functions and here-documents work as in bash. " +
		"No host program exists (no python, node, git, make, curl): such a command exits 127. " +
		"Every path must lie inside the workspace.\n\n" +
		"Use run for searching, listing, counting, comparing and scripted edits of many files; prefer read_file to read one file, write_file to create one, edit_file or apply_patch to change one.\n\n" +
		persist + "\n\n" +
		fmt.Sprintf("Limits: timeout_ms defaults to %d (the server caps it at %d); a run that times out is stopped and returns what it printed so far with timed_out true. ",
			cfg.DefaultTimeout.Milliseconds(), cfg.MaxTimeout.Milliseconds()) +
		fmt.Sprintf("Each stream shows at most %d bytes: its head and its tail, with a marker line saying how much was left out; run_output with the result's id gives the rest (by line range or by regular expression). ", cfg.MaxOutput) +
		"Binary output is replaced by a one-line note. A non-zero exit code is reported as an error result, not a failure of the call.\n\n" +
		"Side effects: commands can create, change and delete files in the workspace; nothing outside it can be touched."
}

// commandList names the built-in commands, from the registry.
func commandList() string {
	names := slices.DeleteFunc(builtins.Names(), func(n string) bool { return n == "[" })
	return strings.Join(names, ", ")
}

const runOutputDescription = "Read the full stored output of an earlier run, without running it again.\n\n" +
	"Use it when a run result was shortened (stdout_truncated or stderr_truncated true, a marker line in the middle) or to search a long log: " +
	"give the run's id (default: the latest run of this session), the stream (stdout or stderr), and either a line range (offset, 1-based, and limit) " +
	"or match, a regular expression that selects lines, shown as LINE:TEXT like grep -n.\n\n" +
	"Read-only. Outputs are kept in the server's memory, outside the workspace, for the session's recent runs (the oldest are dropped when the store is full; " +
	"very long streams keep their first and last megabytes). The result says whether more lines follow."
