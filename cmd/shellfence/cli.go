package main

import (
	"context"
	"errors"
	"flag"
	"fmt"
	"io"
	"os"
	"strings"
	"time"
	_ "time/tzdata" // zone names work on hosts without a zone database

	"github.com/shellfence/shellfence/engine"
	"github.com/shellfence/shellfence/vfs"
)

const usage = `usage:
  shellfence run [--cwd DIR] [--allow NAMES] [--rules FILE] [--read-only] [--timeout DUR] [--env NAME=VALUE]... [--allow-net[=PREFIXES]] [--] 'COMMAND LINE'
                                 run one bash command line (quoted, as one argument) over the workspace
                                 DIR with the built-in commands; exits with its status (run --help: flags)
  shellfence exec [same options] -- NAME [ARG]...
                                 run one command with exactly these arguments, without shell parsing
  shellfence commands [--allow NAMES] [--rules FILE] [--read-only]
                                 list the built-in commands, each with one line on what it does (with
                                 --allow or --rules: what each may do)
  shellfence version             the version, commit, build date and Go version of this binary
  shellfence serve [--cwd DIR] [--conf FILE] [--http [ADDR] | --sse [ADDR]] [--auth TOKEN | --noauth] ...
                                 serve the tools over MCP (stdio by default); serve --help lists every flag
  shellfence client [--auth TOKEN] [--json] URL TOOL|list|dlzip FILE.zip [--NAME VALUE]...
                                 call a tool of a shellfence server over HTTP (list: its tools;
                                 dlzip: copy the workspace out into a zip file)
`

// cli runs the command line args and returns the exit status.
func cli(ctx context.Context, args []string, stdin io.Reader, stdout, stderr io.Writer) int {
	if len(args) == 0 {
		fmt.Fprint(stderr, usage)
		return 2
	}
	switch args[0] {
	case "run", "exec":
		return runCmd(ctx, args[0], args[1:], stdin, stdout, stderr, os.LookupEnv)
	case "serve":
		return serveCmd(ctx, args[1:], stdin, stdout, stderr, os.LookupEnv)
	case "client":
		return clientCmd(ctx, args[1:], stdin, stdout, stderr)
	case "commands":
		return commandsCmd(args[1:], stdout, stderr)
	case "version", "--version", "-version":
		writeVersion(stdout)
		return 0
	case "-h", "--help", "help":
		fmt.Fprint(stdout, usage)
		return 0
	}
	fmt.Fprintf(stderr, "shellfence: unknown command %q\n%s", args[0], usage)
	return 2
}

type runFlags struct {
	cwd       string
	allow     string
	allowList []string
	readOnly  bool
	timeout   time.Duration
	env       []string
	limits    limits
	rules     engine.Rules
	access    access
	private   bool
}

func parseRunFlags(mode string, args []string, stderr io.Writer) (*runFlags, []string, error) {
	f := &runFlags{cwd: ".", limits: defaultLimits()}
	fs := flag.NewFlagSet("shellfence "+mode, flag.ContinueOnError)
	fs.SetOutput(stderr)
	fs.StringVar(&f.cwd, "cwd", ".", "workspace directory")
	fs.StringVar(&f.allow, "allow", "", "comma-separated commands that may run (default: all)")
	fs.BoolVar(&f.readOnly, "read-only", false, "refuse every write to the workspace")
	fs.Var(rulesFlag{&f.rules}, "rules", "option rules of commands, a JSON `FILE` ({\"command_rules\": {\"rm\": {\"deny_options\": [\"-r\"]}}})")
	fs.DurationVar(&f.timeout, "timeout", 0, "stop the run after this long (e.g. 2s)")
	f.limits.register(fs)
	f.access.register(fs)
	fs.BoolVar(&f.private, "fetch-private", false, "with --allow-net, let curl and wget reach loopback and private addresses (metadata addresses stay refused)")
	fs.Func("env", "NAME=VALUE to set in the command's environment (repeatable)", func(s string) error {
		if !strings.Contains(s, "=") {
			return errors.New("want NAME=VALUE")
		}
		f.env = append(f.env, s)
		return nil
	})
	if err := fs.Parse(args); err != nil {
		return nil, nil, err
	}
	if f.allow != "" {
		f.allowList = splitNames(f.allow)
		if err := checkAllow(f.allowList); err != nil {
			fmt.Fprintf(stderr, "shellfence %s: %v\n", mode, err)
			return nil, nil, err
		}
	}
	return f, fs.Args(), nil
}

func runCmd(ctx context.Context, mode string, args []string, stdin io.Reader, stdout, stderr io.Writer, lookupEnv func(string) (string, bool)) int {
	f, rest, err := parseRunFlags(mode, args, stderr)
	if errors.Is(err, flag.ErrHelp) {
		return 0
	}
	if err != nil {
		return 2
	}
	req := engine.Request{Stdin: stdin, Stdout: stdout, Stderr: stderr, Env: f.env}
	switch {
	case mode == "exec" && len(rest) > 0:
		req.Args = rest
	case mode == "run" && len(rest) == 1:
		req.Command = rest[0]
	case mode == "run" && len(rest) > 1:
		fmt.Fprintf(stderr, "shellfence run: the command line is one argument: quote it, as in shellfence run %s\n(or run one command with exact arguments: shellfence exec -- %s)\n",
			quoteLine(strings.Join(rest, " ")), strings.Join(rest, " "))
		return 2
	default:
		fmt.Fprint(stderr, usage)
		return 2
	}
	ws, err := vfs.OpenDir(f.cwd)
	if err != nil {
		fmt.Fprintf(stderr, "shellfence: workspace: %v\n", err)
		return 2
	}
	defer ws.Close()
	tmp := openScratch()
	defer tmp.close()
	granted, err := f.access.options(f.private, int64(f.limits.memory), lookupEnv)
	if err != nil {
		fmt.Fprintf(stderr, "shellfence: %v\n", err)
		return 2
	}
	opts := append(append(f.engineOptions(), tmp.options()...), granted...)
	eng := engine.New(ws, append(opts, engine.WithOutputLimit(64<<10))...)
	res, err := eng.Run(ctx, req)
	if err != nil {
		fmt.Fprintf(stderr, "shellfence: %v\n", err)
		return 2
	}
	return res.ExitCode
}

func (f *runFlags) engineOptions() []engine.Option {
	opts := append([]engine.Option{
		engine.WithClock(time.Now, time.Local),
		engine.WithTimeout(f.timeout),
	}, f.limits.options()...)
	if f.allowList != nil {
		opts = append(opts, engine.WithAllow(f.allowList...))
	}
	if f.readOnly {
		opts = append(opts, engine.ReadOnly())
	}
	if f.rules != nil {
		opts = append(opts, engine.WithRules(f.rules))
	}
	return opts
}

// quoteLine single-quotes s for a POSIX shell.
func quoteLine(s string) string {
	return "'" + strings.ReplaceAll(s, "'", `'\''`) + "'"
}
