package engine

import (
	"mvdan.cc/sh/v3/syntax"
	"slices"
	"strings"
)

// Scripts open with lines such as `set -Eeuo pipefail` or `shopt -s
// inherit_errexit`. The interpreter rejects the options it lacks, and a
// rejected set applies none of its options: that script would run without
// errexit. The options below change nothing observable in an in-process
// run without job control, history or a terminal (or the interpreter
// behaves that way already), so they are dropped before the interpreter
// sees them; the rest reach it unchanged, errors included.

// setFlags are the single-letter set options the interpreter implements.
const setFlags = "aefnux"

// droppedSetFlags are bash's other set letters, dropped.
const droppedSetFlags = "bhkmptvBCEHPT"

var droppedSetNames = []string{"braceexpand", "emacs", "errtrace", "functrace", "hashall",
	"histexpand", "history", "ignoreeof", "interactive-comments", "keyword", "monitor",
	"noclobber", "notify", "onecmd", "physical", "posix", "privileged", "verbose", "vi"}

var droppedShoptNames = []string{"autocd", "cdable_vars", "cdspell", "checkhash", "checkjobs",
	"checkwinsize", "cmdhist", "compat31", "compat32", "compat40", "compat41", "compat42",
	"compat43", "compat44", "complete_fullquote", "direxpand", "dirspell", "execfail",
	"extdebug", "extquote", "failglob", "force_fignore", "globasciiranges", "globskipdots",
	"gnu_errfmt", "histappend", "histreedit", "histverify", "hostcomplete", "huponexit",
	"inherit_errexit", "interactive_comments", "lastpipe", "lithist", "localvar_inherit",
	"localvar_unset", "login_shell", "mailwarn", "no_empty_cmd_completion", "nocasematch",
	"noexpand_translation", "patsub_replacement", "progcomp", "progcomp_alias", "promptvars",
	"restricted_shell", "shift_verbose", "sourcepath", "varredir_close", "xpg_echo"}

// setArgs filters the options of a set command.
func setArgs(args []string) []string {
	out := []string{args[0]}
	for i := 1; i < len(args); i++ {
		a := args[i]
		switch {
		case a == "-" || a == "--" || !strings.HasPrefix(a, "-") && !strings.HasPrefix(a, "+"):
			return append(out, args[i:]...) // positional parameters follow
		case (a == "-o" || a == "+o") && i+1 < len(args):
			if !slices.Contains(droppedSetNames, args[i+1]) {
				out = append(out, a, args[i+1])
			}
			i++
		default:
			if kept := dropFlags(a); kept != "" {
				out = append(out, kept)
			}
		}
	}
	if len(out) == 1 && len(args) > 1 {
		return noop
	}
	return out
}

// dropFlags removes the dropped letters from a cluster such as -Eeu; it
// returns "" when nothing is left.
func dropFlags(a string) string {
	var b strings.Builder
	b.WriteByte(a[0])
	for _, c := range a[1:] {
		if !strings.ContainsRune(droppedSetFlags, c) {
			b.WriteRune(c)
		}
	}
	if b.Len() == 1 {
		return ""
	}
	return b.String()
}

// shoptQuery answers shopt -q [-o] NAME... (which the interpreter does
// not support) from what shopt prints for each name: status 0 when every
// one is on.
func shoptQuery(args []string) []string {
	flags, names := "", []string{}
	for _, a := range args[1:] {
		if strings.HasPrefix(a, "-") && len(names) == 0 {
			flags += a[1:]
			continue
		}
		names = append(names, a)
	}
	if !strings.Contains(flags, "q") || strings.Trim(flags, "qo") != "" || len(names) == 0 {
		return nil
	}
	o := ""
	if strings.Contains(flags, "o") {
		o = "-o "
	}
	var tests []string
	for _, n := range names {
		q, err := syntax.Quote(n, syntax.LangBash)
		if err != nil {
			return noop1
		}
		tests = append(tests, `[[ "$(shopt `+o+q+`)" == *on ]]`)
	}
	return quietEval(strings.Join(tests, " && "))
}

// noop1 is the command that fails and does nothing.
var noop1 = []string{"__sf_status", "1"}

// shoptArgs drops, from shopt -s and -u, the option names in
// droppedShoptNames.
func shoptArgs(args []string) []string {
	if q := shoptQuery(args); q != nil {
		return q
	}
	if len(args) < 3 || !slices.Contains(args[1:], "-s") && !slices.Contains(args[1:], "-u") || slices.Contains(args[1:], "-q") {
		return args
	}
	var out []string
	names := 0
	for _, a := range args {
		if slices.Contains(droppedShoptNames, a) {
			continue
		}
		if !strings.HasPrefix(a, "-") {
			names++
		}
		out = append(out, a)
	}
	if names == 1 { // only "shopt" itself is left
		return noop
	}
	return out
}
