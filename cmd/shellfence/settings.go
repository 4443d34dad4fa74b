package main

import (
	"errors"
	"flag"
	"fmt"
	"io"
	"net"
	"strconv"
	"strings"
	"time"
	"unicode"

	"github.com/shellfence/shellfence/engine"
)

// settings are what the server runs with: the defaults, then the config
// file's keys, then the flags given.
type settings struct {
	conf                   string
	allowConfigInWorkspace bool

	cwd       string
	transport string // "stdio", "http" or "sse"
	addr      string // the HTTP address; "" means host:port
	host      string
	port      int

	auth         string
	noAuth       bool
	corsOrigins  []string
	allowedHosts []string

	allow            []string
	rules            engine.Rules
	rulesFile        string // where the rules came from, for checkConfigPlace
	toolPerCommand   bool
	disableTools     []string
	readOnly         bool
	noPersist        bool
	fetchPrivate     bool
	editDeleteBackup bool
	checkpointDir    string // "" means under the user cache directory
	checkpointBytes  int64
	checkpointFile   int64
	compat           string
	maxTimeout       time.Duration
	defaultTimeout   time.Duration
	maxOutput        int
	limits           limits
	access           access
	lookupEnv        func(string) (string, bool) // the server's environment, for net_headers
	grace            time.Duration

	auditLog  string
	quiet     bool
	logFormat string // "text" or "json"
	stateless bool   // streamable HTTP without sessions
}

func defaultSettings() settings {
	return settings{
		cwd:            ".",
		transport:      "stdio",
		host:           "127.0.0.1",
		port:           8003,
		maxTimeout:     10 * time.Minute,
		defaultTimeout: 30 * time.Second,
		maxOutput:      20000,
		limits:         defaultLimits(),
		grace:          10 * time.Second,
		logFormat:      "text",
	}
}

const serveSynopsis = `usage: shellfence serve [--cwd DIR] [--conf FILE] [--http [ADDR] | --sse [ADDR]]
        [--auth TOKEN | --noauth] [--allow NAMES] [--disable-tools NAMES] [--read-only]
        [--max-timeout DUR] [--max-output N] [--audit-log FILE] [--quiet] [--compat cmdshellmcp] ...

Serves shellfence's tools over MCP: on stdin and stdout by default (what MCP
clients launch), as streamable HTTP at /mcp with --http, or as the legacy SSE
transport at /sse with --sse. Over HTTP a bearer token is required: --auth,
the config's auth or $SHELLFENCE_TOKEN gives it, else one is generated and
printed once. NAMES are separated by commas or spaces. Flags override the
config file (see --conf). It stops every run and exits on stdin's end (stdio)
or on SIGTERM.

Flags:
`

// serveHelp writes serve's manual: the synopsis, every flag, the config
// keys.
func serveHelp(w io.Writer) {
	s := defaultSettings()
	fs := serveFlags(&s)
	fs.SetOutput(w)
	fmt.Fprint(w, serveSynopsis)
	fs.PrintDefaults()
	fmt.Fprint(w, configHelp)
}

// serveFlags returns the flag set of serve, writing into s and showing
// s's values as the defaults. It prints nothing: the caller reports
// errors, and --help (flag.ErrHelp).
func serveFlags(s *settings) *flag.FlagSet {
	fs := flag.NewFlagSet("shellfence serve", flag.ContinueOnError)
	fs.SetOutput(io.Discard)
	fs.Usage = func() {}
	fs.StringVar(&s.cwd, "cwd", s.cwd, "the workspace `DIR`ectory")
	fs.StringVar(&s.conf, "conf", s.conf, "read settings from this JSON `FILE` (refused inside the workspace)")
	fs.BoolVar(&s.allowConfigInWorkspace, "allow-config-in-workspace", false, "accept a config file inside the workspace, which the agent could rewrite")
	fs.Var(transportFlag{s, "http"}, "http", "serve streamable HTTP at `ADDR`/mcp (default: the config's host and port, else 127.0.0.1:8003)")
	fs.Var(transportFlag{s, "sse"}, "sse", "serve the legacy SSE transport at `ADDR`/sse (default as for --http)")
	fs.Var(authFlag{s}, "auth", "the bearer `TOKEN` HTTP clients must send (seen by other local users in ps: prefer $SHELLFENCE_TOKEN)")
	fs.Var(noAuthFlag{s}, "noauth", "serve HTTP without a token: anyone who reaches the address can run commands")
	fs.Var(&listFlag{p: &s.corsOrigins}, "cors-origins", "browser `ORIGINS` (scheme://host[:port], or *) allowed to call over HTTP; CORS is off without them")
	fs.Var(&listFlag{p: &s.allowedHosts}, "allowed-hosts", "more `NAMES` accepted in the Host header, besides the address served (for proxies and 0.0.0.0)")
	fs.Var(&listFlag{p: &s.allow}, "allow", "the commands that may run, `NAMES` of commands (default: all; see shellfence commands)")
	fs.Var(rulesFileFlag{s}, "rules", "option rules of commands, a JSON `FILE` ({\"command_rules\": {\"rm\": {\"deny_options\": [\"-r\"]}}}; overrides the config's command_rules)")
	fs.BoolVar(&s.toolPerCommand, "tool-per-command", s.toolPerCommand, "also serve each allowed command as a tool of its own, named after it, taking args (exact arguments, no shell)")
	fs.Var(&listFlag{p: &s.disableTools}, "disable-tools", "tool `NAMES` not to serve (run, read_file, fetch, ...)")
	fs.BoolVar(&s.readOnly, "read-only", s.readOnly, "refuse every write to the workspace and serve no tool that writes")
	fs.BoolVar(&s.noPersist, "no-persist", s.noPersist, "start every run in a fresh shell (no cd or variables carried over)")
	fs.BoolVar(&s.fetchPrivate, "fetch-private", s.fetchPrivate, "let fetch reach loopback and private addresses (metadata addresses stay refused)")
	fs.BoolVar(&s.editDeleteBackup, "edit-delete-backup", s.editDeleteBackup, "remove edit_file's numbered backup once its diff is made")
	fs.StringVar(&s.checkpointDir, "checkpoint-dir", s.checkpointDir, "keep checkpoints in `DIR`, outside the workspace (default: a directory per workspace under the user cache directory)")
	fs.Int64Var(&s.checkpointBytes, "checkpoint-max-bytes", s.checkpointBytes, "the most `BYTES` of content the checkpoint store holds")
	fs.Int64Var(&s.checkpointFile, "checkpoint-max-file", s.checkpointFile, "the biggest file, in `BYTES`, a checkpoint takes")
	fs.StringVar(&s.compat, "compat", s.compat, "also serve the tools of another server, by `NAME`: cmdshellmcp")
	fs.DurationVar(&s.maxTimeout, "max-timeout", s.maxTimeout, "the longest timeout, `DUR`, a run may ask for")
	fs.DurationVar(&s.defaultTimeout, "default-timeout", s.defaultTimeout, "a run's timeout, `DUR`, when it asks for none (at most --max-timeout)")
	fs.IntVar(&s.maxOutput, "max-output", s.maxOutput, "show `N` bytes of each stream in a result (head and tail; run_output has the rest)")
	s.limits.register(fs)
	s.access.register(fs)
	fs.DurationVar(&s.grace, "grace", s.grace, "on SIGTERM over HTTP, how long, `DUR`, the calls in progress may go on before their runs are stopped")
	fs.StringVar(&s.auditLog, "audit-log", s.auditLog, "append one JSON line per tool call to `FILE`")
	fs.BoolVar(&s.quiet, "quiet", s.quiet, "write no audit lines to stderr")
	fs.StringVar(&s.logFormat, "log-format", s.logFormat, "write the server's messages on stderr as `text` or json (one object per line)")
	fs.BoolVar(&s.stateless, "stateless", s.stateless, "serve streamable HTTP without sessions, for a load balancer: every call is on its own (no cd, variables, run_output or background runs between calls)")
	return fs
}

// parseServeFlags reads the settings: the defaults, then the config file
// named by --conf, then the flags.
func parseServeFlags(args []string) (*settings, error) {
	args = optionalAddr(args)
	first := defaultSettings()
	fs := serveFlags(&first)
	if err := fs.Parse(args); err != nil {
		return nil, err
	}
	if fs.NArg() > 0 {
		return nil, fmt.Errorf("unexpected argument %q (serve takes only flags)", fs.Arg(0))
	}
	if err := checkFlagConflicts(fs); err != nil {
		return nil, err
	}
	s := defaultSettings()
	if first.conf != "" {
		if err := loadConfig(first.conf, &s); err != nil {
			return nil, err
		}
	}
	// The same arguments parsed again, over the config's values.
	if err := serveFlags(&s).Parse(args); err != nil {
		return nil, err
	}
	if s.addr == "" {
		s.addr = net.JoinHostPort(s.host, strconv.Itoa(s.port))
	}
	return &s, nil
}

// checkFlagConflicts refuses flags that exclude each other.
func checkFlagConflicts(fs *flag.FlagSet) error {
	set := map[string]bool{}
	fs.Visit(func(f *flag.Flag) { set[f.Name] = true })
	for _, pair := range [][2]string{{"http", "sse"}, {"auth", "noauth"}} {
		if set[pair[0]] && set[pair[1]] {
			return fmt.Errorf("--%s and --%s exclude each other", pair[0], pair[1])
		}
	}
	return nil
}

// optionalAddr lets --http and --sse stand without an address: followed
// by nothing or by another flag, they get an empty one.
func optionalAddr(args []string) []string {
	out := make([]string, 0, len(args))
	for i, a := range args {
		if a == "--" {
			return append(out, args[i:]...)
		}
		bare := a == "--http" || a == "-http" || a == "--sse" || a == "-sse"
		if bare && (i+1 == len(args) || strings.HasPrefix(args[i+1], "-")) {
			a += "="
		}
		out = append(out, a)
	}
	return out
}

// transportFlag is --http or --sse: the transport and its address.
type transportFlag struct {
	s    *settings
	kind string
}

func (f transportFlag) String() string { return "" }

func (f transportFlag) Set(v string) error {
	f.s.transport, f.s.addr = f.kind, v
	return nil
}

// authFlag is --auth; it undoes a config's noauth.
type authFlag struct{ s *settings }

func (f authFlag) String() string { return "" }

func (f authFlag) Set(v string) error {
	if v == "" {
		return errors.New("empty token (leave --auth out to have one generated)")
	}
	f.s.auth, f.s.noAuth = v, false
	return nil
}

// noAuthFlag is --noauth; it undoes a config's auth.
type noAuthFlag struct{ s *settings }

func (f noAuthFlag) String() string   { return "" }
func (f noAuthFlag) IsBoolFlag() bool { return true }

func (f noAuthFlag) Set(v string) error {
	on, err := strconv.ParseBool(v)
	if err != nil {
		return err
	}
	f.s.noAuth = on
	if on {
		f.s.auth = ""
	}
	return nil
}

// listFlag is a list of names. The first use replaces the config's list;
// later ones add to it.
type listFlag struct {
	p   *[]string
	set bool
}

func (f *listFlag) String() string {
	if f == nil || f.p == nil {
		return ""
	}
	return strings.Join(*f.p, ",")
}

func (f *listFlag) Set(v string) error {
	if !f.set {
		*f.p, f.set = nil, true
	}
	names := splitNames(v)
	if len(names) == 0 {
		return errors.New("empty list")
	}
	*f.p = append(*f.p, names...)
	return nil
}

// splitNames splits a list at commas and spaces.
func splitNames(s string) []string {
	return strings.FieldsFunc(s, func(r rune) bool { return r == ',' || unicode.IsSpace(r) })
}
