package engine

import (
	"bytes"
	"fmt"
	"io"
	"strings"

	"github.com/shellfence/shellfence/builtins"
)

// shell runs script in a new interpreter (sh -c, bash -c, scripts): same
// workspace, allowlist and run, with q's streams, directory and
// environment. q.Args holds $0 and the positional parameters; opts are
// shell options such as -e or -o pipefail.
func (r *run) shell(q *builtins.Proc, script string, opts ...string) int {
	source := ""
	if len(opts) > 0 && opts[0] == builtins.ShellFile {
		source, opts = q.Args[0], opts[1:]
	}
	file, err := parseProgram(script, q.Args[0])
	if err != nil {
		who := q.Args[0] + ": -c"
		if source != "" {
			who = source
		}
		var msg string
		if file, msg = syntaxError(script, who, err); file == nil {
			fmt.Fprintln(q.Stderr, msg)
			return syntaxStatus(script, err)
		}
	}
	if err := r.prepare(file, script, opts); err != nil {
		fmt.Fprintf(q.Stderr, "shellfence: %v\n", err)
		return 2
	}
	params := append(append([]string{}, opts...), "--")
	params = append(params, q.Args[1:]...)
	runner, err := r.newRunner(shellStdin(q.Stdin), q.Stdout, q.Stderr, q.Dir, q.Env, params, source)
	if err != nil {
		fmt.Fprintf(q.Stderr, "shellfence: %v\n", err)
		return 2
	}
	code, _ := r.interpret(q.Ctx, runner, file, false)
	return code
}

// shellStdin is a nested shell's standard input for the interpreter: an
// empty reader (find -exec gives one to each child) becomes none, since
// the interpreter would start a goroutine copying each into a pipe of
// its own.
func shellStdin(in io.Reader) io.Reader {
	switch r := in.(type) {
	case *strings.Reader:
		if r.Len() == 0 {
			return nil
		}
	case *bytes.Reader:
		if r.Len() == 0 {
			return nil
		}
	}
	return in
}

// runScript runs a workspace file named with a slash (./build.sh) the way
// the kernel would: only shell scripts can run, since shellfence starts no
// host program.
func (r *run) runScript(p *builtins.Proc) int {
	name := p.Args[0]
	fi, err := p.Stat(name)
	if err != nil {
		fmt.Fprintf(p.Stderr, "shellfence: %s: %s\n", name, builtins.ErrText(err))
		return 127
	}
	if fi.IsDir() {
		fmt.Fprintf(p.Stderr, "shellfence: %s: Is a directory\n", name)
		return 126
	}
	if fi.Mode().Perm()&0o111 == 0 {
		fmt.Fprintf(p.Stderr, "shellfence: %s: Permission denied\n", name)
		return 126
	}
	data, err := readAll(p, name)
	if err != nil {
		fmt.Fprintf(p.Stderr, "shellfence: %s: %s\n", name, builtins.ErrText(err))
		return 126
	}
	if interp, ok := shebang(data); !ok {
		fmt.Fprintf(p.Stderr, "shellfence: %s: cannot run %s: only shell scripts run here (shellfence starts no host programs)\n", name, interp)
		return 126
	}
	return r.shell(p, string(data), builtins.ShellFile)
}

func readAll(p *builtins.Proc, name string) ([]byte, error) {
	f, err := p.Open(name)
	if err != nil {
		return nil, err
	}
	defer f.Close()
	return io.ReadAll(f)
}

// shebang reports whether a script's #! line names a shell (or there is
// none, which means sh); otherwise it returns the interpreter named.
func shebang(data []byte) (string, bool) {
	if !bytes.HasPrefix(data, []byte("#!")) {
		return "", true
	}
	line, _, _ := bytes.Cut(data[2:], []byte("\n"))
	fields := strings.Fields(string(line))
	if len(fields) == 0 {
		return "", true
	}
	prog := fields[0]
	if strings.HasSuffix(prog, "/env") && len(fields) > 1 {
		prog = fields[1]
	}
	switch prog[strings.LastIndexByte(prog, '/')+1:] {
	case "sh", "bash", "dash":
		return "", true
	}
	return prog, false
}
