package main

import (
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/google/go-cmp/cmp"
)

// writeConfig writes a config file into a new directory and returns its
// name.
func writeConfig(t *testing.T, text string) string {
	t.Helper()
	name := filepath.Join(t.TempDir(), "shellfence.json")
	if err := os.WriteFile(name, []byte(text), 0o600); err != nil {
		t.Fatal(err)
	}
	return name
}

func TestConfigErrors(t *testing.T) {
	tests := []struct{ name, config, want string }{
		{"unknown key", `{"port": 1, "bogus": true}`, `unknown key "bogus" (keys: allow, allow`},
		{"alias twice", `{"allow": ["ls"], "allowed_commands": ["cat"]}`, `keys "allow" and "allowed_commands" are the same setting`},
		{"wrong type", `{"port": "8003"}`, `key "port": want a whole number, not a JSON string`},
		{"bool", `{"quiet": "yes"}`, `key "quiet": want true or false, not a JSON string`},
		{"syntax", "{\n  \"port\": 1,\n  \"host\" \"x\"\n}", `line 3, column 10: invalid character`},
		{"not an object", `["ls"]`, `want a JSON object, not a JSON array`},
		{"empty allowlist", `{"allowed_commands": []}`, `key "allowed_commands": empty list (use null to allow every command)`},
		{"duration number", `{"max_timeout": 90}`, `key "max_timeout": want a duration such as "90s"`},
		{"duration text", `{"max_timeout": "ninety"}`, `"ninety" is not a duration`},
		{"path checks off", `{"shellnopathchk": true}`, `shellfence always confines paths to the workspace`},
		{"empty token", `{"auth": ""}`, `key "auth": empty token`},
		{"auth and noauth", `{"auth": "0123456789abcdef", "noauth": true}`, `keys "auth" and "noauth" exclude each other`},
		{"http and sse", `{"http": "", "sse": ""}`, `keys "http" and "sse" exclude each other`},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			s := defaultSettings()
			_, err := decodeConfig([]byte(tt.config), &s)
			if err == nil || !strings.Contains(err.Error(), tt.want) {
				t.Errorf("got %v\nwant %q", err, tt.want)
			}
		})
	}
}

func TestConfigCmdshellmcp(t *testing.T) {
	name := writeConfig(t, `{
  "host": "0.0.0.0", "port": 9000, "cwd": null, "shellnopathchk": false, "editdelbk": true,
  "quiet": true, "auditlog": "audit.log", "disableTools": ["write_file", "apply_patch"],
  "allowed_commands": ["ls", "cat", " grep"], "auth": "_my_secret_auth_token_"
}`)
	s := defaultSettings()
	if err := loadConfig(name, &s); err != nil {
		t.Fatal(err)
	}
	want := defaultSettings()
	want.host, want.port, want.editDeleteBackup, want.quiet = "0.0.0.0", 9000, true, true
	want.auditLog = filepath.Join(filepath.Dir(name), "audit.log")
	want.disableTools = []string{"write_file", "apply_patch"}
	want.allow = []string{"ls", "cat", "grep"}
	want.auth = "_my_secret_auth_token_"
	if d := cmp.Diff(want, s, cmp.AllowUnexported(settings{}, limits{}, access{}, netSetting{})); d != "" {
		t.Errorf("(-want +got):\n%s", d)
	}
}

func TestFlagsOverrideConfig(t *testing.T) {
	name := writeConfig(t, `{"allow": "ls,cat", "max_output": 5, "max_timeout": "1m", "read_only": true,
  "http": "", "port": 9001, "auth": "config-token-0123456789", "cors_origins": ["http://a.example"], "compat": "cmdshellmcp"}`)
	s, err := parseServeFlags([]string{"--conf", name, "--allow", "grep", "--allow", "sed, head", "--max-output", "7",
		"--read-only=false", "--noauth", "--sse"})
	if err != nil {
		t.Fatal(err)
	}
	want := defaultSettings()
	want.conf = name
	want.allow = []string{"grep", "sed", "head"}
	want.maxOutput, want.maxTimeout = 7, time.Minute
	want.transport, want.port, want.noAuth = "sse", 9001, true
	want.addr = "127.0.0.1:9001" // the config's host and port
	want.corsOrigins = []string{"http://a.example"}
	want.compat = "cmdshellmcp"
	want.cwd = "."
	if d := cmp.Diff(want, *s, cmp.AllowUnexported(settings{}, limits{}, access{}, netSetting{})); d != "" {
		t.Errorf("(-want +got):\n%s", d)
	}
}

func TestFlagErrors(t *testing.T) {
	tests := []struct {
		args []string
		want string
	}{
		{[]string{"--http", "--sse"}, "--http and --sse exclude each other"},
		{[]string{"--auth", "0123456789abcdef0", "--noauth"}, "--auth and --noauth exclude each other"},
		{[]string{"--allow", ""}, "empty list"},
		{[]string{"extra"}, `unexpected argument "extra"`},
		{[]string{"--conf", "/nonexistent/x.json"}, "config: open /nonexistent/x.json"},
	}
	for _, tt := range tests {
		_, err := parseServeFlags(tt.args)
		if err == nil || !strings.Contains(err.Error(), tt.want) {
			t.Errorf("%q: got %v, want %q", tt.args, err, tt.want)
		}
	}
}

func TestOptionalAddr(t *testing.T) {
	for _, tt := range []struct{ in, want string }{
		{"--http", "--http="},
		{"--http 127.0.0.1:1", "--http 127.0.0.1:1"},
		{"--sse --quiet", "--sse= --quiet"},
		{"-http=:9 --cwd x", "-http=:9 --cwd x"},
	} {
		if got := strings.Join(optionalAddr(strings.Fields(tt.in)), " "); got != tt.want {
			t.Errorf("%q: got %q, want %q", tt.in, got, tt.want)
		}
	}
}

func TestConfigLimits(t *testing.T) {
	name := writeConfig(t, `{"max_memory": "64MiB", "max_file_bytes": 1048576, "max_jobs": 10, "max_depth": 50}`)
	s := defaultSettings()
	if err := loadConfig(name, &s); err != nil {
		t.Fatal(err)
	}
	want := limits{memory: 64 << 20, fileBytes: 1 << 20, jobs: 10, depth: 50}
	if s.limits != want {
		t.Errorf("limits %+v, want %+v", s.limits, want)
	}
	for _, bad := range []string{`{"max_memory": "lots"}`, `{"max_memory": "-1"}`, `{"max_memory": "12XB"}`} {
		s := defaultSettings()
		if err := loadConfig(writeConfig(t, bad), &s); err == nil {
			t.Errorf("%s accepted", bad)
		}
	}
}
