package engine

import (
	"slices"
	"strings"

	"github.com/shellfence/shellfence/builtins"
)

// effect says what a command can do besides reading the workspace.
type effect struct {
	writes   bool     // it writes whenever it may run (its operands, its script)
	writeOpt []string // options that make it write
	runs     bool     // it runs other commands whenever it may run
	runOpt   []string // options that make it run other commands
	note     string   // how it writes, for people
}

// effects lists the commands that can write or run others; a builtin not
// listed only reads. A command the list does not know (an embedder's) may
// do anything.
var effects = map[string]effect{
	"cp": {writes: true}, "mv": {writes: true}, "rm": {writes: true}, "rmdir": {writes: true},
	"mkdir": {writes: true}, "touch": {writes: true}, "truncate": {writes: true}, "ln": {writes: true},
	"tee": {writes: true}, "chmod": {writes: true}, "mktemp": {writes: true}, "patch": {writes: true},
	"gzip": {writes: true}, "gunzip": {writes: true},
	"uniq": {writes: true, note: "its OUTPUT operand"},
	"sort": {writeOpt: []string{"-o"}},
	"sed":  {writes: true, runs: true, writeOpt: []string{"-i"}, note: "-i, and the w, W and e commands of its script"},
	"find": {writeOpt: []string{"-delete", "-fprint", "-fprint0", "-fprintf", "-fls"},
		runOpt: []string{"-exec", "-execdir", "-ok", "-okdir"}},
	"xargs": {runs: true}, "env": {runs: true}, "sh": {runs: true}, "bash": {runs: true}, "timeout": {runs: true},
	"awk": {writes: true, runs: true, note: "print > FILE, and commands through system() and pipes"},
}

// readers are the builtins that only read.
var readers = []string{"[", "basename", "cat", "cmp", "cut", "date", "diff", "dirname", "du", "echo", "envsubst",
	"egrep", "false", "fgrep", "grep", "head", "ls", "paste", "printf", "pwd", "readlink", "realpath",
	"seq", "sleep", "stat", "tail", "test", "tr", "true", "wc", "yes", "which", "printenv", "sync", "zcat"}

// CommandPolicy is one allowed command as the policy sees it.
type CommandPolicy struct {
	Name string
	// Rule describes its option rules ("" for none).
	Rule string
	// CanWrite reports whether, under the rules, it can change the
	// workspace (itself, or through the commands it runs).
	CanWrite bool
	// Effect says so for people: "read-only", "writes", "writes with
	// -i", "runs other commands".
	Effect string
}

// Policy lists the commands that may run, with their rules and whether
// they can write.
func (e *Engine) Policy() []CommandPolicy {
	var out []CommandPolicy
	for _, n := range e.Commands() {
		out = append(out, CommandPolicy{Name: n, Rule: e.RuleText(n), CanWrite: e.CanWrite(n), Effect: e.effectText(n)})
	}
	return out
}

// CanWrite reports whether the command name, under the rules and the
// allowlist, can change the workspace: by itself, with an option the
// rules leave it, or through another command it can run.
func (e *Engine) CanWrite(name string) bool {
	if e.fs != nil && e.fs.IsReadOnly() {
		return false
	}
	return e.canWrite(name, true)
}

func (e *Engine) canWrite(name string, viaOthers bool) bool {
	ef, known := effects[name]
	switch {
	case !known && slices.Contains(readers, name):
		return false
	case !known:
		return true
	case ef.writes || e.anyOptionLeft(name, ef.writeOpt):
		return true
	case viaOthers && (ef.runs || e.anyOptionLeft(name, ef.runOpt)):
		for _, other := range e.Commands() {
			if e.canWrite(other, false) {
				return true
			}
		}
	}
	return false
}

// anyOptionLeft reports whether the rules leave cmd any of the options.
func (e *Engine) anyOptionLeft(cmd string, spellings []string) bool {
	if len(spellings) == 0 {
		return false
	}
	table, _ := builtins.Options(cmd)
	for _, s := range spellings {
		for _, n := range table {
			if n.Has(s) && e.policy.check(cmd, n) == nil {
				return true
			}
		}
	}
	return false
}

func (e *Engine) effectText(name string) string {
	ef, known := effects[name]
	switch {
	case !known && slices.Contains(readers, name):
		return "read-only"
	case !known:
		return "may write (not known to the policy)"
	case e.fs != nil && e.fs.IsReadOnly():
		return "read-only (the workspace is)"
	}
	var parts []string
	switch {
	case ef.writes && ef.note != "":
		parts = append(parts, "writes ("+ef.note+")")
	case ef.writes:
		parts = append(parts, "writes")
	case e.anyOptionLeft(name, ef.writeOpt):
		parts = append(parts, "writes with "+e.optionsLeft(name, ef.writeOpt))
	}
	switch {
	case ef.runs:
		parts = append(parts, "runs other commands")
	case e.anyOptionLeft(name, ef.runOpt):
		parts = append(parts, "runs other commands with "+e.optionsLeft(name, ef.runOpt))
	}
	if len(parts) == 0 {
		return "read-only (the rules deny its writing options)"
	}
	return strings.Join(parts, ", ")
}

// optionsLeft lists which of the options the rules leave cmd.
func (e *Engine) optionsLeft(cmd string, spellings []string) string {
	table, _ := builtins.Options(cmd)
	var out []string
	for _, s := range spellings {
		for _, n := range table {
			if n.Has(s) && e.policy.check(cmd, n) == nil {
				out = append(out, s)
			}
		}
	}
	return strings.Join(out, " ")
}
