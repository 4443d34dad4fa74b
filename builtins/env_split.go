package builtins

// env -S (see env.go): finding the option among the others, and GNU's
// splitting of its string. And running the command.

import (
	"errors"
	"fmt"
	"strings"

	"github.com/shellfence/shellfence/builtins/internal/ctype"
	"github.com/shellfence/shellfence/builtins/internal/quote"
)

// envLongValue lists env's long options and whether they take a value.
var envLongValue = map[string]bool{
	"ignore-environment": false, "null": false, "unset": true, "chdir": true,
	"split-string": true, "debug": false, "block-signal": false,
	"default-signal": false, "ignore-signal": false, "list-signal-handling": false,
	"help": false, "version": false,
}

// findSplitOption finds the first -S among the options at the start of
// args: before holds the options before it (a cluster cut before the S),
// after the arguments after its value.
func findSplitOption(args []string) (before []string, value string, after []string, found bool, err error) {
	for i := 0; i < len(args); i++ {
		a := args[i]
		if a == "--" || a == "-" || !strings.HasPrefix(a, "-") {
			return nil, "", nil, false, nil
		}
		if strings.HasPrefix(a, "--") {
			name, v, hasV := strings.Cut(a[2:], "=")
			long := uniqueLong(name)
			if long == "split-string" {
				if hasV {
					return args[:i], v, args[i+1:], true, nil
				}
				if i+1 < len(args) {
					return args[:i], args[i+1], args[i+2:], true, nil
				}
				return nil, "", nil, false, nil
			}
			if envLongValue[long] && !hasV {
				i++
			}
			continue
		}
		for j := 1; j < len(a); j++ {
			switch a[j] {
			case 'S':
				cut := append(append([]string{}, args[:i]...), a[:j])
				if j == 1 {
					cut = cut[:len(cut)-1]
				}
				if j+1 < len(a) {
					return cut, a[j+1:], args[i+1:], true, nil
				}
				if i+1 < len(args) {
					return cut, args[i+1], args[i+2:], true, nil
				}
				return nil, "", nil, false, nil
			case 'u', 'C':
				if j+1 == len(a) {
					i++
				}
				j = len(a)
			}
		}
	}
	return nil, "", nil, false, nil
}

// uniqueLong returns the long option name abbreviates, if only one.
func uniqueLong(name string) string {
	found := ""
	for long := range envLongValue {
		if long == name {
			return long
		}
		if strings.HasPrefix(long, name) {
			if found != "" {
				return ""
			}
			found = long
		}
	}
	return found
}

// splitEnvString splits an -S string as GNU's build_argv does.
func splitEnvString(s string, lookup func(string) (string, bool)) ([]string, error) {
	var words []string
	sep, sq, dq := true, false, false
	startArg := func() {
		if sep {
			words = append(words, "")
			sep = false
		}
	}
	add := func(c byte) {
		startArg()
		words[len(words)-1] += string(c)
	}
	for i := 0; i < len(s); i++ {
		c := s[i]
		switch {
		case c == '\'' && !dq:
			sq = !sq
			startArg()
			continue
		case c == '"' && !sq:
			dq = !dq
			startArg()
			continue
		case ctype.IsSpace(c) && !sq && !dq:
			sep = true
			continue
		case c == '#' && sep && !sq && !dq:
			return words, nil
		case c == '\\' && !(sq && i+1 < len(s) && s[i+1] != '\\' && s[i+1] != '\''):
			i++
			if i >= len(s) {
				return nil, errors.New("invalid backslash at end of string in -S")
			}
			nc, stop, newSep, err := envEscape(s[i], dq)
			if err != nil {
				return nil, err
			}
			if stop {
				return words, nil
			}
			if newSep {
				sep = true
				continue
			}
			add(nc)
			continue
		case c == '$' && !sq:
			name, n, ok := envVarName(s[i:])
			if !ok {
				return nil, fmt.Errorf("only ${VARNAME} expansion is supported, error at: %s", s[i:])
			}
			if v, set := lookup(name); set {
				startArg()
				words[len(words)-1] += v
			}
			i += n - 1
			continue
		}
		add(c)
	}
	if sq || dq {
		return nil, errors.New("no terminating quote in -S string")
	}
	return words, nil
}

// envEscape reads the character after a backslash in an -S string.
func envEscape(c byte, dq bool) (nc byte, stop, sep bool, err error) {
	switch c {
	case '"', '#', '$', '\'', '\\':
		return c, false, false, nil
	case '_':
		if !dq {
			return 0, false, true, nil
		}
		return ' ', false, false, nil
	case 'c':
		if dq {
			return 0, false, false, errors.New("'\\c' must not appear in double-quoted -S string")
		}
		return 0, true, false, nil
	case 'f':
		return '\f', false, false, nil
	case 'n':
		return '\n', false, false, nil
	case 'r':
		return '\r', false, false, nil
	case 't':
		return '\t', false, false, nil
	case 'v':
		return '\v', false, false, nil
	}
	return 0, false, false, fmt.Errorf("invalid sequence '\\%c' in -S", c)
}

// envVarName reads ${NAME} at the start of s.
func envVarName(s string) (string, int, bool) {
	if !strings.HasPrefix(s, "${") {
		return "", 0, false
	}
	i := 2
	for i < len(s) && (ctype.IsAlpha(s[i]) || s[i] == '_' || (i > 2 && ctype.IsDigit(s[i]))) {
		i++
	}
	if i == 2 || i >= len(s) || s[i] != '}' {
		return "", 0, false
	}
	return s[2:i], i + 1, true
}

// checkSignals accepts the signal names GNU knows (the options do
// nothing here).
func (e *envRun) checkSignals(_, v string) error {
	for _, sig := range strings.Split(v, ",") {
		if v == "" {
			break
		}
		if !knownSignal(sig) {
			return envTry(e.p, fmt.Sprintf("%s: invalid signal", quote.Locale(sig)))
		}
	}
	return nil
}

func knownSignal(s string) bool {
	n, ok := signalNumber(s)
	return ok && n >= 1
}

// run runs the command with the new environment and directory.
func (e *envRun) run(vars, args []string) int {
	child := e.p.Child(args)
	child.Env = vars
	if e.chdir != nil {
		e.debugf("chdir:    %s\n", quote.ShellAlways(*e.chdir))
		fi, err := e.p.Stat(*e.chdir)
		if err == nil && !fi.IsDir() {
			err = errors.New("Not a directory")
		}
		if err != nil {
			e.p.Errorf("cannot change directory to %s: %s", quote.ShellAlways(*e.chdir), ErrText(err))
			return envUsageStatus
		}
		child.Dir = e.p.Abs(*e.chdir)
	}
	if e.debug {
		e.debugf("executing: %s\n", args[0])
		for i, a := range args {
			e.debugf("   arg[%d]= %s\n", i, quote.Locale(a))
		}
	}
	if code, ok := e.missing(child, args[0]); !ok {
		return code
	}
	return e.p.Exec(child)
}

// missing reports GNU's error for a command that cannot be found.
func (e *envRun) missing(child *Proc, name string) (int, bool) {
	if !strings.Contains(name, "/") {
		if !e.p.HasCommand(name) {
			e.p.Errorf("%s: No such file or directory", quote.Locale(name))
			return 127, false
		}
		return 0, true
	}
	if e.p.HasCommand(name[strings.LastIndexByte(name, '/')+1:]) && isBinDir(name) {
		return 0, true
	}
	fi, err := child.Stat(name)
	switch {
	case err != nil:
		e.p.Errorf("%s: %s", quote.Locale(name), ErrText(err))
		return 127, false
	case fi.IsDir():
		e.p.Errorf("%s: Permission denied", quote.Locale(name))
		return 126, false
	}
	return 0, true
}

// isBinDir reports whether name is in a system program directory, which
// the engine maps to the builtins.
func isBinDir(name string) bool {
	switch name[:strings.LastIndexByte(name, '/')] {
	case "/bin", "/usr/bin", "/usr/local/bin", "/sbin", "/usr/sbin":
		return true
	}
	return false
}
