package engine

import (
	"fmt"
	"slices"
	"strings"

	"github.com/shellfence/shellfence/builtins"
)

// Rules are option rules by command name ([WithRules]).
type Rules map[string]Rule

// Rule limits the options one command may be given. An option is named
// by any one of its spellings and the rule holds for all of them: a rule
// on rm's -r refuses -R, --recursive, --rec, -rf and -fr too. For find,
// the primaries are its options (-delete, -exec). --help and --version
// are always allowed.
type Rule struct {
	// DenyOptions are refused.
	DenyOptions []string `json:"deny_options,omitempty"`
	// AllowOptions, if not empty, are the only options allowed.
	AllowOptions []string `json:"allow_options,omitempty"`
}

// ExitRefused is the exit status of a run a rule stopped, as the shell's
// for a command it found and could not run.
const ExitRefused = 126

// Refusal is an option a rule refused. It stops the whole run, as a
// timeout does: no command, xargs or find, turns it into a status of its
// own.
type Refusal struct {
	Command string // the command's name, as the rule names it
	Option  string // the option, as [builtins.OptionName.String] names it
}

// Error reads "rm: option '-r' (--recursive) is not allowed here
// (command_rules)".
func (r *Refusal) Error() string {
	return fmt.Sprintf("%s: option %s is not allowed here (command_rules)", r.Command, r.Option)
}

// WithRules sets option rules for commands, enforced wherever a command
// runs: directly, in a pipeline, from xargs or find -exec, in sh -c,
// eval, sourced files and sed's e command. Rules that name a command or
// an option that does not exist make every run fail (see [CheckRules]).
func WithRules(rules Rules) Option {
	return func(e *Engine) { e.policy, e.policyErr = compileRules(rules) }
}

// CheckRules reports the first rule that names a command, or an option of
// a command, that does not exist.
func CheckRules(rules Rules) error {
	_, err := compileRules(rules)
	return err
}

// policy is rules compiled against the commands' option tables: each
// option by its canonical spelling.
type policy map[string]*cmdPolicy

type cmdPolicy struct {
	rule  Rule
	deny  map[string]bool
	allow map[string]bool // nil: every option not denied
}

func compileRules(rules Rules) (policy, error) {
	if len(rules) == 0 {
		return nil, nil
	}
	pol := policy{}
	for _, name := range sortedNames(rules) {
		cp, err := compileRule(name, rules[name])
		if err != nil {
			return nil, fmt.Errorf("command_rules: %w", err)
		}
		pol[name] = cp
	}
	return pol, nil
}

func sortedNames(rules Rules) []string {
	names := make([]string, 0, len(rules))
	for n := range rules {
		names = append(names, n)
	}
	slices.Sort(names)
	return names
}

func compileRule(name string, rule Rule) (*cmdPolicy, error) {
	if _, ok := builtins.Lookup(name); !ok {
		return nil, fmt.Errorf("%s: no such command", name)
	}
	table, _ := builtins.Options(name)
	cp := &cmdPolicy{rule: rule, deny: map[string]bool{}}
	for _, s := range rule.DenyOptions {
		key, err := canonical(name, table, s)
		if err != nil {
			return nil, err
		}
		cp.deny[key] = true
	}
	if len(rule.AllowOptions) > 0 {
		cp.allow = map[string]bool{}
	}
	for _, s := range rule.AllowOptions {
		key, err := canonical(name, table, s)
		if err != nil {
			return nil, err
		}
		cp.allow[key] = true
	}
	return cp, nil
}

// canonical finds the option spelled s in table and returns its canonical
// spelling.
func canonical(cmd string, table []builtins.OptionName, s string) (string, error) {
	if table == nil {
		return "", fmt.Errorf("%s: option %q: shellfence cannot check the options of %s", cmd, s, cmd)
	}
	for _, n := range table {
		if n.Has(s) {
			return n[0], nil
		}
	}
	return "", fmt.Errorf("%s: no option %q (see %s --help)", cmd, s, cmd)
}

// ruleFamily maps commands that are another under a second name to it:
// a rule on grep holds for egrep and fgrep unless they have their own.
var ruleFamily = map[string]string{"egrep": "grep", "fgrep": "grep"}

// of returns the rules of the command cmd, or nil.
func (pol policy) of(cmd string) *cmdPolicy {
	if cp, ok := pol[cmd]; ok {
		return cp
	}
	return pol[ruleFamily[cmd]]
}

// check returns the refusal of option o of cmd, or nil.
func (pol policy) check(cmd string, o builtins.OptionName) *Refusal {
	cp := pol.of(cmd)
	if cp == nil || len(o) == 0 || o.Has("--help") || o.Has("--version") {
		return nil
	}
	if cp.deny[o[0]] || cp.allow != nil && !cp.allow[o[0]] {
		return &Refusal{Command: cmd, Option: o.String()}
	}
	return nil
}

// checkOption is the run's [builtins.System.CheckOption]: a refused
// option stops the run.
func (r *run) checkOption(cmd string, o builtins.OptionName) error {
	ref := r.e.policy.check(cmd, o)
	if ref == nil {
		return nil
	}
	if r.stopJobs != nil {
		r.stopJobs(ref)
	}
	return ref
}

// Rules returns the option rules in force, by command.
func (e *Engine) Rules() Rules {
	out := Rules{}
	for n, cp := range e.policy {
		out[n] = cp.rule
	}
	return out
}

// RuleText describes the rule on cmd for people: "denies -r (-R,
// --recursive), -f (--force)"; "" when there is none.
func (e *Engine) RuleText(cmd string) string {
	cp := e.policy.of(cmd)
	if cp == nil {
		return ""
	}
	table, _ := builtins.Options(cmd)
	var parts []string
	if cp.allow != nil {
		parts = append(parts, "allows only "+spellList(table, cp.allow))
	}
	if len(cp.deny) > 0 {
		parts = append(parts, "denies "+spellList(table, cp.deny))
	}
	return strings.Join(parts, "; ")
}

// spellList lists the options of table whose keys are in set, each with
// its other spellings.
func spellList(table []builtins.OptionName, set map[string]bool) string {
	var out []string
	for _, n := range table {
		if !set[n[0]] {
			continue
		}
		s := n[0]
		if len(n) > 1 {
			s += " (" + strings.Join(n[1:], ", ") + ")"
		}
		out = append(out, s)
	}
	return strings.Join(out, ", ")
}
