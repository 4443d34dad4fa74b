package builtins

// sed - stream editor for filtering and transforming text
//
//	sed [OPTION]... {script-only-if-no-other-script} [FILE]...
//
// GNU sed 4.9, implemented by package edit: every command (s y a i c d D p
// P n N g G h H x b t T : = l q Q r R w W e F z v { } !), every address
// form, BRE and ERE with GNU's extensions. Options: -n (--quiet,
// --silent), -e (--expression), -f (--file), -E and -r
// (--regexp-extended), -s (--separate), -i[SUFFIX] (--in-place[=SUFFIX]),
// -l N (--line-length), -z (--null-data, --zero-terminated), -u
// (--unbuffered), -b (--binary, no effect, as on GNU/Linux), --posix,
// --sandbox, --follow-symlinks, --debug, --help, --version.
//
// Differences from GNU: files are reached only inside the workspace
// (r, R, w, W, -i and input files outside it fail with "outside the
// workspace"); e and s///e run their command with shellfence's shell, so
// only allowed builtins run, and the command's standard input is empty.

import (
	"bytes"
	"errors"
	"fmt"
	"io"
	"strconv"
	"strings"

	"github.com/shellfence/shellfence/builtins/internal/opt"
	"github.com/shellfence/shellfence/edit"
)

func sed(p *Proc) int {
	c := edit.NewCompiler(procFiles{p})
	env := &edit.Env{Ctx: p.Ctx, Name: p.Name(), Files: procFiles{p}, Stdin: p.Stdin, Budget: p.Budget(),
		Stdout: p.Stdout, Stderr: p.Stderr, Exec: sedExec(p)}
	env.LineLength = sedLineLength(p)
	_, posixly := p.LookupEnv("POSIXLY_CORRECT")
	env.Posix = posixly
	scripts := 0
	flags := sedOptions(p, c, env, &scripts)
	flags.StopAtOperand = posixly
	operands, err := flags.Parse(p.Args[1:])
	if err != nil {
		return sedFail(p, err)
	}
	if env.Debug {
		c.Debug = true
	}
	if scripts == 0 {
		if len(operands) == 0 {
			sedUsage(p, p.Stderr, 1)
			return 1
		}
		if err := c.AddExpression(operands[0]); err != nil {
			return sedFail(p, err)
		}
		operands = operands[1:]
	}
	prog, err := c.Finish()
	if err != nil {
		return sedFail(p, err)
	}
	if env.InPlace {
		env.Separate = true
	}
	status, werr := prog.Run(env, operands)
	if werr != nil {
		return p.WriteFailed(werr)
	}
	return status
}

// sedOptions declares sed's options. Scripts are compiled as they come,
// so that -E, --posix and --sandbox apply to the scripts after them, as in
// GNU.
func sedOptions(p *Proc, c *edit.Compiler, env *edit.Env, scripts *int) *opt.Parser {
	flags := p.newOpts(1)
	flags.NoTry = true
	flags.Flag('b', "binary", new(bool))
	flags.Func('r', "regexp-extended", func() { c.Extended = true })
	flags.Alias('E', 'r')
	flags.Flag(0, "debug", &env.Debug)
	flags.Value('e', "expression", func(_, v string) error {
		*scripts++
		return c.AddExpression(v)
	})
	flags.Value('f', "file", func(_, v string) error {
		*scripts++
		return sedScriptFile(p, c, v)
	})
	flags.Add(opt.Option{Short: 'i', Long: "in-place", Arg: opt.Optional, Do: func(_, v string) error {
		env.InPlace, env.Suffix = true, v
		return nil
	}})
	flags.Value('l', "line-length", func(_, v string) error {
		env.LineLength = atoiPrefix(v)
		return nil
	})
	nullData := func() { env.NullData, c.NullData = true, true }
	flags.Func('z', "null-data", nullData)
	flags.Func(0, "zero-terminated", nullData)
	flags.Flag('n', "quiet", &env.Quiet)
	flags.Func(0, "posix", func() { c.Posix, env.Posix = true, true })
	flags.Flag(0, "silent", &env.Quiet)
	flags.Func(0, "sandbox", func() { c.Sandbox = true })
	flags.Flag('s', "separate", &env.Separate)
	flags.Flag('u', "unbuffered", &env.Unbuffered)
	flags.Add(opt.Option{Long: "version", Do: func(string, string) error {
		sedVersion(p)
		return errSedDone{}
	}})
	flags.Add(opt.Option{Long: "help", Do: func(string, string) error {
		sedUsage(p, p.Stdout, 0)
		return errSedDone{}
	}})
	flags.Flag(0, "follow-symlinks", &env.FollowSymlinks)
	flags.Value('V', "", func(_, v string) error { return errSedUsage })
	return flags
}

// errSedUsage asks for the usage text and status 1.
var errSedUsage = errors.New("usage")

// errSedDone means --help or --version has answered: exit 0.
type errSedDone struct{}

func (errSedDone) Error() string { return "done" }

// sedFail reports an error met while reading the command line or the
// scripts, and returns the exit status.
func sedFail(p *Proc, err error) int {
	var se *edit.ScriptError
	var fe *edit.FatalError
	var oe *opt.Error
	switch {
	case errors.As(err, &se):
		p.Errorf("%s", se.Error())
		return se.Status()
	case errors.As(err, &fe):
		p.Errorf("%s", fe.Msg)
		return fe.Status
	case errors.As(err, &oe):
		io.WriteString(p.Stderr, oe.Msg+"\n")
		sedUsage(p, p.Stderr, 1)
		return 1
	case errors.As(err, new(errSedDone)):
		return 0
	}
	sedUsage(p, p.Stderr, 1)
	return 1
}

// sedScriptFile compiles the script file name (- for standard input).
func sedScriptFile(p *Proc, c *edit.Compiler, name string) error {
	var data []byte
	var err error
	if name == "-" {
		data, err = p.readHeld(p.Stdin, 0)
	} else {
		data, err = readFileData(p, name)
	}
	if err != nil {
		return &edit.FatalError{Msg: "couldn't open file " + name + ": " + ErrText(err), Status: 4}
	}
	return c.AddFile(name, data)
}

func readFileData(p *Proc, name string) ([]byte, error) {
	f, err := p.Open(name)
	if err != nil {
		return nil, err
	}
	defer f.Close()
	return p.readHeld(f, 0)
}

// sedExec runs the command of e and s///e through the shell, confined and
// allowlisted like any command, and returns its output.
func sedExec(p *Proc) func(string) ([]byte, error) {
	return func(cmd string) ([]byte, error) {
		if !p.CanShell() {
			return nil, errors.New("cannot run commands here")
		}
		var out bytes.Buffer
		q := p.Child([]string{"sh"})
		q.Stdin = strings.NewReader("")
		q.Stdout = &out
		p.Shell(q, cmd)
		return out.Bytes(), nil
	}
}

// sedLineLength is the default width of l: $COLS-1 when COLS is set and
// above 1, else 70.
func sedLineLength(p *Proc) int64 {
	if cols, ok := p.LookupEnv("COLS"); ok {
		if n := atoiPrefix(cols); n > 1 {
			return n - 1
		}
	}
	return 70
}

// atoiPrefix reads a number the way strtoimax does: leading blanks, a
// sign, then digits; anything else ends it.
func atoiPrefix(s string) int64 {
	s = strings.TrimLeft(s, " \t\n\v\f\r")
	end := 0
	if end < len(s) && (s[end] == '-' || s[end] == '+') {
		end++
	}
	for end < len(s) && s[end] >= '0' && s[end] <= '9' {
		end++
	}
	n, err := strconv.ParseInt(s[:end], 10, 64)
	if err != nil {
		return 0
	}
	return n
}

// sedUsage prints GNU sed's usage text (help/sed.txt, a format for the
// program name); --help (status 0) adds the line on bug reports.
func sedUsage(p *Proc, w io.Writer, status int) {
	fmt.Fprintf(w, helpText("sed"), p.Name())
	if status == 0 {
		io.WriteString(w, "E-mail bug reports to: <bug-sed@gnu.org>.\n")
	}
}

func sedVersion(p *Proc) {
	io.WriteString(p.Stdout, versionText("sed"))
}
