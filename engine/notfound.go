package engine

import (
	"context"
	"fmt"
	"slices"
	"strings"
	"sync"

	"mvdan.cc/sh/v3/interp"

	"github.com/shellfence/shellfence/builtins"
)

// notFound reports a command that does not exist here: bash's own line
// ("bash: line 1: git: command not found", with the shell's $0), then,
// the first time in the run for that name, one line that says this shell
// runs only its built-in commands and names the nearest ones. The hint is
// also kept for [Result.Hint].
func (r *run) notFound(p *builtins.Proc, name string, hc interp.HandlerContext) int {
	line := uint(1)
	if hc.Pos.IsValid() {
		line = hc.Pos.Line()
	}
	shell := shellName(p.Ctx)
	p.Flush()
	fmt.Fprintf(p.Stderr, "%s: line %d: %s: command not found\n", shell, line, name)
	if h, first := r.hints.add(name, r.hintFor(name)); first {
		fmt.Fprintf(p.Stderr, "shellfence: %s\n", h)
	}
	return 127
}

// commandsCmd is the shell's `commands`: every command the run may run,
// each with one line on what it does (as `shellfence commands` prints).
func (r *run) commandsCmd(p *builtins.Proc) int {
	var names []string
	for _, n := range r.e.names() {
		if allowed(r.allow, n) {
			names = append(names, n)
		}
	}
	slices.Sort(names)
	builtins.WriteCommandList(p.Stdout, names)
	return 0
}

// shellNameKey carries $0 of the script being run, which bash's
// messages start with.
type shellNameKey struct{}

func withShellName(ctx context.Context, name string) context.Context {
	return context.WithValue(ctx, shellNameKey{}, name)
}

// shellName is $0 of the script ctx runs ("bash" for a command line).
func shellName(ctx context.Context) string {
	if s, ok := ctx.Value(shellNameKey{}).(string); ok && s != "" {
		return s
	}
	return "bash"
}

// hintFor is the hint line for a missing command name.
func (r *run) hintFor(name string) string {
	h := name + ": this shell runs only its built-in commands, no host programs"
	if near := r.nearest(name); len(near) > 0 {
		h += "; nearest: " + strings.Join(near, ", ")
	}
	return h + " ('commands' lists them)"
}

// nearest lists the commands of the run (registry and allowlist) that do
// the job of name: the usual stand-ins for well-known programs, or a
// command one or two typos away.
func (r *run) nearest(name string) []string {
	var out []string
	for _, c := range standIns[name] {
		if r.canRun(c) {
			out = append(out, c)
		}
	}
	if len(out) > 0 || slices.Contains(noStandIn, name) {
		return out
	}
	for _, c := range r.e.names() {
		if len(name) > 2 && r.canRun(c) && editDistance(name, c) <= min(2, len(name)/3) {
			out = append(out, c)
		}
	}
	return out
}

// canRun reports whether the run may run the command name.
func (r *run) canRun(name string) bool {
	if shellStandIns[name] {
		return true
	}
	_, ok := r.e.lookup(name)
	return ok && allowed(r.allow, name)
}

// shellStandIns are the shell's own builtins named as stand-ins.
var shellStandIns = map[string]bool{"type": true, "read": true}

// standIns maps programs agents reach for to the commands that do their
// job here, in order of preference; a name missing from the registry at
// run time is left out, so a command landed later shows up by itself.
var standIns = map[string][]string{
	"vim": {"sed"}, "vi": {"sed"}, "nano": {"sed"}, "emacs": {"sed"}, "ed": {"sed"},
	"pico": {"sed"}, "perl": {"sed", "awk"},
	"less": {"cat", "head", "tail"}, "more": {"cat", "head", "tail"},
	"most": {"cat", "head", "tail"}, "bat": {"cat"}, "view": {"cat"},
	"awk": {"sed", "cut"}, "gawk": {"awk", "sed", "cut"}, "mawk": {"awk", "sed", "cut"},
	"nawk": {"awk", "sed", "cut"},
	"rg":   {"grep"}, "ag": {"grep"}, "ack": {"grep"}, "fd": {"find"}, "fdfind": {"find"},
	"tree": {"find", "ls"}, "locate": {"find"}, "which": {"type"}, "whereis": {"type"},
	"file": {"stat"}, "wget": {"curl"}, "column": {"printf"}, "nl": {"cat"},
	"tac": {"sort"}, "colordiff": {"diff"}, "vimdiff": {"diff"}, "git-diff": {"diff"},
	"gsed": {"sed"}, "ggrep": {"grep"}, "gfind": {"find"}, "gls": {"ls"}, "gdate": {"date"},
}

// noStandIn are programs with no counterpart here: no typo suggestion
// either (python3 is not a misspelt command).
var noStandIn = []string{"git", "python", "python3", "python2", "node", "npm", "npx",
	"go", "make", "gcc", "cc", "clang", "cargo", "rustc", "java", "javac", "ruby", "php",
	"pip", "pip3", "docker", "kubectl", "sudo", "su", "ssh", "scp", "curl", "apt", "apt-get",
	"yum", "brew", "tar", "zip", "unzip", "gzip", "gunzip", "jq", "yq", "ps", "top", "kill"}

// editDistance counts the edits between a and b: insertions, deletions,
// substitutions and swaps of two adjacent letters (grpe is one from grep).
func editDistance(a, b string) int {
	d := make([][]int, len(a)+1)
	for i := range d {
		d[i] = make([]int, len(b)+1)
		d[i][0] = i
	}
	for j := range d[0] {
		d[0][j] = j
	}
	for i := 1; i <= len(a); i++ {
		for j := 1; j <= len(b); j++ {
			cost := 1
			if a[i-1] == b[j-1] {
				cost = 0
			}
			d[i][j] = min(d[i-1][j]+1, d[i][j-1]+1, d[i-1][j-1]+cost)
			if i > 1 && j > 1 && a[i-1] == b[j-2] && a[i-2] == b[j-1] {
				d[i][j] = min(d[i][j], d[i-2][j-2]+1)
			}
		}
	}
	return d[len(a)][len(b)]
}

// hintSet keeps the hints of one run, each name once, in order.
type hintSet struct {
	mu    sync.Mutex
	names []string
	lines []string
}

// add records the hint h for name and reports whether it is the first.
func (h *hintSet) add(name, line string) (string, bool) {
	h.mu.Lock()
	defer h.mu.Unlock()
	if slices.Contains(h.names, name) {
		return line, false
	}
	h.names = append(h.names, name)
	h.lines = append(h.lines, line)
	return line, true
}

// text is the run's hints, one a line.
func (h *hintSet) text() string {
	h.mu.Lock()
	defer h.mu.Unlock()
	return strings.Join(h.lines, "\n")
}
