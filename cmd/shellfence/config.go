package main

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"time"
)

const configHelp = `
The config file (--conf FILE) is a JSON object. Its keys are the flags'
names in snake_case: cwd, http, sse (an address, "" for host:port), host,
port, auth, noauth, cors_origins, allowed_hosts, allow, command_rules
({"rm": {"deny_options": ["-r"]}, "ls": {"allow_options": ["-l"]}}),
tool_per_command, disable_tools,
read_only, no_persist, fetch_private, edit_delete_backup, compat,
checkpoint_dir, checkpoint_max_bytes and checkpoint_max_file (bytes),
max_timeout, default_timeout and grace ("90s", "10m"), max_output, max_memory
and max_file_bytes (a number of bytes or "256MiB"), max_jobs, max_depth,
audit_log, quiet, log_format ("text" or "json"), stateless, allow_net (true, or a list of URL prefixes) and
net_headers, an object from URL prefix to the headers curl and wget send
under it, whose values may name the server's environment variables:
{"https://api.github.com/": {"Authorization": "Bearer ${GITHUB_TOKEN}"}}
(read when the server starts; the run never sees them), allow_host_info. Lists are JSON arrays or comma-separated strings; null means the
default. cmdshellmcp's keys are accepted too: allowed_commands (allow),
disableTools (disable_tools), auditlog (audit_log), editdelbk
(edit_delete_backup), shellnopathchk (false only). A relative cwd or
audit_log is relative to the config file's directory. An unknown key is
an error.
`

// configKeys maps each key of the config file to the setting it fills:
// a pointer that encoding/json decodes into.
var configKeys = map[string]func(*settings) any{
	"cwd":                  func(s *settings) any { return (*pathKey)(&s.cwd) },
	"http":                 func(s *settings) any { return &transportKey{s, "http"} },
	"sse":                  func(s *settings) any { return &transportKey{s, "sse"} },
	"host":                 func(s *settings) any { return &s.host },
	"port":                 func(s *settings) any { return &s.port },
	"auth":                 func(s *settings) any { return &authKey{s} },
	"noauth":               func(s *settings) any { return &s.noAuth },
	"cors_origins":         func(s *settings) any { return (*listKey)(&s.corsOrigins) },
	"allowed_hosts":        func(s *settings) any { return (*listKey)(&s.allowedHosts) },
	"allow":                func(s *settings) any { return (*allowKey)(&s.allow) },
	"command_rules":        func(s *settings) any { return (*rulesKey)(&s.rules) },
	"tool_per_command":     func(s *settings) any { return &s.toolPerCommand },
	"disable_tools":        func(s *settings) any { return (*listKey)(&s.disableTools) },
	"read_only":            func(s *settings) any { return &s.readOnly },
	"no_persist":           func(s *settings) any { return &s.noPersist },
	"fetch_private":        func(s *settings) any { return &s.fetchPrivate },
	"edit_delete_backup":   func(s *settings) any { return &s.editDeleteBackup },
	"compat":               func(s *settings) any { return &s.compat },
	"checkpoint_dir":       func(s *settings) any { return &s.checkpointDir },
	"checkpoint_max_bytes": func(s *settings) any { return &s.checkpointBytes },
	"checkpoint_max_file":  func(s *settings) any { return &s.checkpointFile },
	"max_timeout":          func(s *settings) any { return (*durationKey)(&s.maxTimeout) },
	"default_timeout":      func(s *settings) any { return (*durationKey)(&s.defaultTimeout) },
	"max_output":           func(s *settings) any { return &s.maxOutput },
	"max_memory":           func(s *settings) any { return &s.limits.memory },
	"max_file_bytes":       func(s *settings) any { return &s.limits.fileBytes },
	"max_jobs":             func(s *settings) any { return &s.limits.jobs },
	"max_depth":            func(s *settings) any { return &s.limits.depth },
	"grace":                func(s *settings) any { return (*durationKey)(&s.grace) },
	"audit_log":            func(s *settings) any { return (*pathKey)(&s.auditLog) },
	"quiet":                func(s *settings) any { return &s.quiet },
	"log_format":           func(s *settings) any { return &s.logFormat },
	"stateless":            func(s *settings) any { return &s.stateless },
	"shellnopathchk":       func(s *settings) any { return &pathCheckKey{} },
	"allow_net":            func(s *settings) any { return &s.access.net },
	"net_headers":          func(s *settings) any { return &s.access.headers },
	"allow_host_info":      func(s *settings) any { return &s.access.hostInfo },
}

// configAliases are cmdshellmcp's names for keys of ours.
var configAliases = map[string]string{
	"allowed_commands": "allow",
	"disableTools":     "disable_tools",
	"auditlog":         "audit_log",
	"editdelbk":        "edit_delete_backup",
}

// loadConfig reads the config file name into s.
func loadConfig(name string, s *settings) error {
	data, err := os.ReadFile(name)
	if err != nil {
		return fmt.Errorf("config: %w", err)
	}
	set, err := decodeConfig(data, s)
	if err != nil {
		return fmt.Errorf("config %s: %w", name, err)
	}
	dir := filepath.Dir(name)
	if set["cwd"] && !filepath.IsAbs(s.cwd) {
		s.cwd = filepath.Join(dir, s.cwd)
	}
	if set["audit_log"] && !filepath.IsAbs(s.auditLog) {
		s.auditLog = filepath.Join(dir, s.auditLog)
	}
	return nil
}

// decodeConfig sets s from the JSON object data; it returns the settings
// it set, by their canonical keys.
func decodeConfig(data []byte, s *settings) (set map[string]bool, err error) {
	var obj map[string]json.RawMessage
	if err := json.Unmarshal(data, &obj); err != nil {
		return nil, jsonError(data, err)
	}
	if obj == nil {
		return nil, errors.New("want a JSON object of settings")
	}
	set = map[string]bool{}
	seen := map[string]string{}
	for _, key := range sortedKeys(obj) {
		name := key
		if canon, ok := configAliases[key]; ok {
			name = canon
		}
		field, ok := configKeys[name]
		if !ok {
			return nil, fmt.Errorf("unknown key %q (keys: %s)", key, strings.Join(knownKeys(), ", "))
		}
		if other, dup := seen[name]; dup {
			return nil, fmt.Errorf("keys %q and %q are the same setting; keep one", other, key)
		}
		seen[name] = key
		if bytes.Equal(bytes.TrimSpace(obj[key]), []byte("null")) {
			continue
		}
		if err := json.Unmarshal(obj[key], field(s)); err != nil {
			return nil, fmt.Errorf("key %q: %s", key, valueError(err))
		}
		set[name] = true
	}
	return set, configConflicts(set, s)
}

// configConflicts refuses keys that exclude each other.
func configConflicts(set map[string]bool, s *settings) error {
	if set["http"] && set["sse"] {
		return errors.New(`keys "http" and "sse" exclude each other`)
	}
	if s.noAuth && s.auth != "" {
		return errors.New(`keys "auth" and "noauth" exclude each other`)
	}
	return nil
}

func sortedKeys(m map[string]json.RawMessage) []string {
	keys := make([]string, 0, len(m))
	for k := range m {
		keys = append(keys, k)
	}
	slices.Sort(keys)
	return keys
}

func knownKeys() []string {
	var keys []string
	for k := range configKeys {
		keys = append(keys, k)
	}
	for k := range configAliases {
		keys = append(keys, k)
	}
	slices.Sort(keys)
	return keys
}

// jsonError words a JSON syntax error with its line and column.
func jsonError(data []byte, err error) error {
	var syn *json.SyntaxError
	if !errors.As(err, &syn) {
		return errors.New(valueError(err))
	}
	before := data[:min(max(int(syn.Offset)-1, 0), len(data))] // up to the bad byte
	line := bytes.Count(before, []byte("\n")) + 1
	col := len(before) - bytes.LastIndexByte(before, '\n')
	return fmt.Errorf("line %d, column %d: %v", line, col, syn)
}

// valueError words a value of the wrong type.
func valueError(err error) string {
	var typ *json.UnmarshalTypeError
	if errors.As(err, &typ) {
		return fmt.Sprintf("want %s, not a JSON %s", kindOf(typ.Type.Kind().String()), typ.Value)
	}
	return strings.TrimPrefix(err.Error(), "json: ")
}

func kindOf(k string) string {
	switch k {
	case "int", "int64":
		return "a whole number"
	case "bool":
		return "true or false"
	case "slice":
		return "a list"
	case "map":
		return "a JSON object"
	}
	return "a " + k
}

var errNotArray = errors.New("want a list of strings, or one comma-separated string")

// listKey is a list: a JSON array of strings, or one string of names
// separated by commas or spaces.
type listKey []string

func (l *listKey) UnmarshalJSON(b []byte) error {
	var one string
	if json.Unmarshal(b, &one) == nil {
		*l = splitNames(one)
		return nil
	}
	var many []string
	if err := json.Unmarshal(b, &many); err != nil {
		return errNotArray
	}
	*l = nil
	for _, m := range many {
		*l = append(*l, splitNames(m)...)
	}
	return nil
}

// allowKey is the allowlist: a list that may not be empty, as an empty
// one would read as "every command".
type allowKey []string

func (a *allowKey) UnmarshalJSON(b []byte) error {
	if err := (*listKey)(a).UnmarshalJSON(b); err != nil {
		return err
	}
	if len(*a) == 0 {
		return errors.New("empty list (use null to allow every command)")
	}
	return nil
}

// durationKey is a duration written as Go writes them: "90s", "10m".
type durationKey time.Duration

func (d *durationKey) UnmarshalJSON(b []byte) error {
	var s string
	if err := json.Unmarshal(b, &s); err != nil {
		return errors.New(`want a duration such as "90s" or "10m"`)
	}
	v, err := time.ParseDuration(s)
	if err != nil {
		return fmt.Errorf(`%q is not a duration such as "90s" or "10m"`, s)
	}
	*d = durationKey(v)
	return nil
}

// pathKey is a non-empty path.
type pathKey string

func (p *pathKey) UnmarshalJSON(b []byte) error {
	var s string
	if err := json.Unmarshal(b, &s); err != nil {
		return errors.New("want a path")
	}
	if s == "" {
		return errors.New("empty path (use null for the default)")
	}
	*p = pathKey(s)
	return nil
}

// transportKey is "http" or "sse": the address to serve.
type transportKey struct {
	s    *settings
	kind string
}

func (t *transportKey) UnmarshalJSON(b []byte) error {
	var addr string
	if err := json.Unmarshal(b, &addr); err != nil {
		return errors.New(`want an address such as "127.0.0.1:8003" ("" for host and port)`)
	}
	t.s.transport, t.s.addr = t.kind, addr
	return nil
}

// authKey is the bearer token.
type authKey struct{ s *settings }

func (a *authKey) UnmarshalJSON(b []byte) error {
	var tok string
	if err := json.Unmarshal(b, &tok); err != nil {
		return errors.New("want the token as a string")
	}
	if tok == "" {
		return errors.New("empty token (use null to have one generated)")
	}
	a.s.auth = tok
	return nil
}

// pathCheckKey is cmdshellmcp's switch to turn its path checks off, which
// shellfence has no way to do.
type pathCheckKey struct{}

func (*pathCheckKey) UnmarshalJSON(b []byte) error {
	var off bool
	if err := json.Unmarshal(b, &off); err != nil {
		return errors.New("want true or false")
	}
	if off {
		return errors.New("shellfence always confines paths to the workspace; remove the key or set it to false")
	}
	return nil
}
