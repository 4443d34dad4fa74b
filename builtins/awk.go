package builtins

// awk - pattern scanning and processing language
//
//	awk [-F fs] [-v var=value]... [--] 'program' [file | var=value]...
//	awk [-F fs] [-v var=value]... -f progfile... [--] [file | var=value]...
//
// POSIX awk as gawk --posix and mawk agree on it, implemented by package
// builtins/internal/awk. Options: -F FS (--field-separator), -v VAR=VALUE
// (--assign), -f FILE (--file), --, --help, --version.
//
// Differences: input files, getline < FILE and print > FILE go through
// the workspace (a path outside it fails as a missing or unwritable file
// would); system(), "cmd" | getline and print | "cmd" run their command
// with shellfence's shell, so only allowed builtins run; ENVIRON holds
// the run's environment only. Syntax errors are reported as mawk words
// them (awk: line N: syntax error at or near X, status 2), run-time
// errors as gawk does (awk: cmd. line:N: fatal: ..., status 2).

import (
	"bytes"
	"io"
	"os"
	"strings"

	"github.com/shellfence/shellfence/builtins/internal/awk"
	"github.com/shellfence/shellfence/builtins/internal/opt"
)

type awkArgs struct {
	fs      *string
	assigns []string
	files   []string
}

func awkCmd(p *Proc) int {
	var a awkArgs
	flags := p.newOpts(2)
	flags.StopAtOperand = true
	flags.Value('F', "field-separator", func(_, v string) error { a.fs = &v; return nil })
	flags.Value('v', "assign", func(_, v string) error { a.assigns = append(a.assigns, v); return nil })
	flags.Value('f', "file", func(_, v string) error { a.files = append(a.files, v); return nil })
	addToolInfo(flags, "awk")
	operands, err := flags.Parse(p.Args[1:])
	if err != nil {
		return p.usage(err, 2)
	}
	src, operands, ok := awkProgram(p, &a, operands)
	if !ok {
		return 2
	}
	env := &awk.Env{Ctx: p.Ctx, Name: p.Name(), Stdin: p.Stdin, Stdout: p.Stdout, Stderr: p.Stderr,
		Open:    func(name string) (io.ReadCloser, error) { return p.Open(name) },
		Create:  awkCreate(p),
		Command: awkCommand(p),
		ErrText: ErrText, Environ: p.Env, Budget: p.Budget(), Now: p.Now}
	return awk.Run(env, &awk.Config{Src: src, FS: a.fs, Assigns: a.assigns, Args: operands})
}

// awkProgram returns the program text: the -f files, or the first
// operand.
func awkProgram(p *Proc, a *awkArgs, operands []string) (string, []string, bool) {
	if len(a.files) == 0 {
		if len(operands) == 0 {
			io.WriteString(p.Stderr, "usage: "+p.Name()+" [-F value] [-v var=value] [--] 'program text' [file ...]\n"+
				"usage: "+p.Name()+" [-F value] [-v var=value] [-f program-file] [--] [file ...]\n")
			return "", nil, false
		}
		return operands[0], operands[1:], true
	}
	var b strings.Builder
	for _, name := range a.files {
		text, err := awkReadFile(p, name)
		if err != nil {
			p.Errorf("fatal: cannot open source file `%s' for reading: %s", name, ErrText(err))
			return "", nil, false
		}
		b.WriteString(text)
		b.WriteByte('\n')
	}
	return b.String(), operands, true
}

func awkReadFile(p *Proc, name string) (string, error) {
	f, err := p.Open(name)
	if err != nil {
		return "", err
	}
	defer f.Close()
	var buf bytes.Buffer
	_, err = io.Copy(&buf, io.LimitReader(f, 16<<20))
	return buf.String(), err
}

func awkCreate(p *Proc) func(string, bool) (io.WriteCloser, error) {
	return func(name string, appendTo bool) (io.WriteCloser, error) {
		flag := os.O_WRONLY | os.O_CREATE | os.O_TRUNC
		if appendTo {
			flag = os.O_WRONLY | os.O_CREATE | os.O_APPEND
		}
		f, err := p.OpenFile(name, flag, 0o666)
		if err != nil {
			return nil, err
		}
		if fi, serr := f.Stat(); serr == nil && fi.IsDir() {
			f.Close()
			return nil, errIsDir
		}
		return f, nil
	}
}

// awkCommand runs system(), getline and print pipes through the shell,
// confined and allowlisted like any command line.
func awkCommand(p *Proc) func(string, io.Reader, io.Writer) int {
	if !p.CanShell() {
		return nil
	}
	return func(cmd string, stdin io.Reader, stdout io.Writer) int {
		q := p.Child([]string{"sh"})
		q.Stdin = stdin
		if stdout != nil {
			q.Stdout = stdout
		}
		return p.Shell(q, cmd)
	}
}

var _ = opt.Required
