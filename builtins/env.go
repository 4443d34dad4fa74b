package builtins

// env - run a program in a modified environment
//
//	env [OPTION]... [-] [NAME=VALUE]... [COMMAND [ARG]...]
//
// Options: -i/--ignore-environment (also a lone -), -u/--unset=NAME,
// -0/--null, -C/--chdir=DIR, -S/--split-string=S (quotes, \_ \t \n \c
// and the other escapes, ${NAME}, # comments; the words are read as more
// options and arguments), -v/--debug. With no COMMAND, env prints the
// environment. COMMAND runs as the shell would run it (builtins and
// workspace scripts), with the new environment and directory.
//
// Differences from GNU: --block-signal, --default-signal and
// --ignore-signal are accepted and do nothing (commands run in-process,
// without signals); --list-signal-handling prints nothing for the same
// reason.

import (
	"fmt"
	"io"
	"strings"

	"github.com/shellfence/shellfence/builtins/internal/opt"
	"github.com/shellfence/shellfence/builtins/internal/quote"
)

const envUsageStatus = 125

type envRun struct {
	p      *Proc
	ignore bool
	unset  []string
	null   bool
	chdir  *string
	debug  bool
}

func env(p *Proc) int {
	e := &envRun{p: p}
	args, err := e.parseAll(p.Args[1:])
	if code, ok := p.answerInfo(err); ok {
		return code
	}
	if err != nil {
		return p.usage(err, envUsageStatus)
	}
	if len(args) > 0 && args[0] == "-" {
		e.ignore = true
		args = args[1:]
	}
	vars, code := e.environment(args)
	if code != 0 {
		return code
	}
	for len(args) > 0 && strings.Contains(args[0], "=") {
		e.debugf("setenv:   %s\n", args[0])
		vars = setEnvVar(vars, args[0])
		args = args[1:]
	}
	if len(args) == 0 {
		return e.printEnv(vars)
	}
	if e.null {
		return p.usage(envTry(p, "cannot specify --null (-0) with command"), envUsageStatus)
	}
	return e.run(vars, args)
}

// parseAll parses the options; -S splices its words in and parsing
// goes on from them, as in GNU.
func (e *envRun) parseAll(args []string) ([]string, error) {
	for {
		before, split, after, found, err := findSplitOption(args)
		if err != nil {
			return nil, err
		}
		if !found {
			return e.parser().Parse(args)
		}
		rest, err := e.parser().Parse(before)
		if err != nil {
			return nil, err
		}
		if len(rest) > 0 {
			return append(rest, args[len(before):]...), nil
		}
		words, err := splitEnvString(split, e.p.LookupEnv)
		if err != nil {
			return nil, &opt.Error{Msg: e.p.Name() + ": " + err.Error(), Status: envUsageStatus}
		}
		e.debugSplit(split, words)
		args = append(words, after...)
	}
}

func (e *envRun) parser() *opt.Parser {
	flags := e.p.newOpts(envUsageStatus)
	flags.StopAtOperand = true
	flags.Flag('i', "ignore-environment", &e.ignore)
	flags.Flag('0', "null", &e.null)
	flags.Flag('v', "debug", &e.debug)
	flags.Value('u', "unset", func(_, v string) error { e.unset = append(e.unset, v); return nil })
	flags.Value('C', "chdir", func(_, v string) error { e.chdir = &v; return nil })
	flags.Value('S', "split-string", func(_, v string) error { return nil })
	for _, long := range []string{"block-signal", "default-signal", "ignore-signal"} {
		flags.Add(opt.Option{Long: long, Arg: opt.Optional, Do: e.checkSignals})
	}
	flags.Add(opt.Option{Long: "list-signal-handling", Do: func(string, string) error { return nil }})
	addToolInfo(flags, "env")
	return flags
}

// environment builds the starting environment: the caller's, or none
// with -i, less the -u names.
func (e *envRun) environment(args []string) ([]string, int) {
	var vars []string
	if e.ignore {
		e.debugf("cleaning environ\n")
	} else {
		vars = append(vars, e.p.Env...)
	}
	for _, name := range e.unset {
		e.debugf("unset:    %s\n", name)
		if name == "" || strings.Contains(name, "=") {
			e.p.Errorf("cannot unset %s: Invalid argument", quote.Locale(name))
			return nil, envUsageStatus
		}
		vars = unsetEnvVar(vars, name)
	}
	return vars, 0
}

func unsetEnvVar(vars []string, name string) []string {
	out := vars[:0:0]
	for _, kv := range vars {
		if k, _, _ := strings.Cut(kv, "="); k != name {
			out = append(out, kv)
		}
	}
	return out
}

// setEnvVar sets NAME=VALUE, in place if NAME is already set.
func setEnvVar(vars []string, kv string) []string {
	name, _, _ := strings.Cut(kv, "=")
	for i, old := range vars {
		if k, _, _ := strings.Cut(old, "="); k == name {
			vars[i] = kv
			return vars
		}
	}
	return append(vars, kv)
}

func (e *envRun) printEnv(vars []string) int {
	if e.chdir != nil {
		return e.p.usage(envTry(e.p, "must specify command with --chdir (-C)"), envUsageStatus)
	}
	end := "\n"
	if e.null {
		end = "\x00"
	}
	for _, kv := range vars {
		if _, err := io.WriteString(e.p.Stdout, kv+end); err != nil {
			return e.p.WriteFailed(err)
		}
	}
	return 0
}

func (e *envRun) debugf(format string, args ...any) {
	if e.debug {
		fmt.Fprintf(e.p.Stderr, format, args...)
	}
}

func (e *envRun) debugSplit(s string, words []string) {
	if !e.debug || len(words) == 0 {
		return
	}
	e.debugf("split -S:  %s\n", quote.Locale(s))
	e.debugf(" into:    %s\n", quote.Locale(words[0]))
	for _, w := range words[1:] {
		e.debugf("     &    %s\n", quote.Locale(w))
	}
}

// envTry is a usage error with env's status, 125.
func envTry(p *Proc, msg string) error {
	err := p.tryHelp(msg).(*opt.Error)
	err.Status = envUsageStatus
	return err
}
