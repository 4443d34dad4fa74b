package builtins

// envsubst - substitute environment variables in shell format strings
//
//	envsubst [OPTION] [SHELL-FORMAT]
//
// Options: -v/--variables. Copies standard input to standard output,
// replacing $NAME and ${NAME} by the value of the run's exported variable
// NAME (empty when unset). With SHELL-FORMAT, only the variables named in
// it are replaced; -v prints those names instead, one a line, as GNU
// gettext's envsubst does.

import (
	"bufio"
	"io"

	"github.com/shellfence/shellfence/builtins/internal/opt"
)

func envsubst(p *Proc) int {
	var vars bool
	flags := p.newOpts(1)
	flags.Flag('v', "variables", &vars)
	addToolInfo(flags, "envsubst", 'V')
	flags.Add(opt.Option{Short: 'h', Do: func(string, string) error { return infoText(helpText("envsubst")) }})
	args, err := flags.Parse(p.Args[1:])
	if err != nil {
		return p.usage(err, 1)
	}
	switch {
	case len(args) > 1:
		p.Errorf("too many arguments")
		return 1
	case vars && len(args) == 0:
		p.Errorf("missing arguments")
		return 1
	case vars:
		shellVars(args[0], func(name string) { p.printf("%s\n", name) })
		return 0
	}
	var only map[string]bool
	if len(args) == 1 {
		only = map[string]bool{}
		shellVars(args[0], func(name string) { only[name] = true })
	}
	return p.substEnv(only)
}

// shellVars calls f with the name of each $NAME or ${NAME} in s, in order.
func shellVars(s string, f func(string)) {
	for i := 0; i < len(s); i++ {
		if s[i] != '$' {
			continue
		}
		if name, n := shellVarAt(s[i:]); n > 0 {
			f(name)
			i += n - 1
		}
	}
}

// shellVarAt reads a variable reference at the start of s ("$NAME" or
// "${NAME}") and returns the name and its length, or 0.
func shellVarAt(s string) (string, int) {
	j, braced := 1, len(s) > 1 && s[1] == '{'
	if braced {
		j = 2
	}
	start := j
	for j < len(s) && (isNameStart(s[j]) || j > start && s[j] >= '0' && s[j] <= '9') {
		j++
	}
	if j == start {
		return "", 0
	}
	name := s[start:j]
	if braced {
		if j >= len(s) || s[j] != '}' {
			return "", 0
		}
		j++
	}
	return name, j
}

func isNameStart(c byte) bool { return c == '_' || c >= 'a' && c <= 'z' || c >= 'A' && c <= 'Z' }

// substEnv copies standard input line by line with the substitutions.
func (p *Proc) substEnv(only map[string]bool) int {
	r := bufio.NewReaderSize(p.Stdin, 64<<10)
	var out, buf []byte
	for {
		var err error
		buf, err = p.readLine(r, '\n', buf)
		line := string(buf)
		if len(line) > 0 {
			out = p.substLine(out[:0], line, only)
			if werr := p.write(out); werr != nil {
				return p.WriteFailed(werr)
			}
		}
		if err == io.EOF {
			return 0
		}
		if err != nil {
			p.Errorf("error while reading \"standard input\": %s", ErrText(err))
			return 1
		}
		if p.Cancelled() {
			return 130
		}
	}
}

func (p *Proc) substLine(out []byte, line string, only map[string]bool) []byte {
	for i := 0; i < len(line); i++ {
		if line[i] != '$' {
			out = append(out, line[i])
			continue
		}
		name, n := shellVarAt(line[i:])
		if n == 0 || only != nil && !only[name] {
			out = append(out, '$')
			continue
		}
		out = append(out, p.Getenv(name)...)
		i += n - 1
	}
	return out
}
