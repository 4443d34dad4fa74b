package main

import (
	"encoding/json"
	"strings"
	"syscall"
	"testing"
	"time"
)

// TestJSONLogsStateless serves stateless streamable HTTP with JSON logs:
// calls work without a session (a cd does not carry over), and after
// SIGTERM every stderr line is a JSON object, the server's own with a
// level and a message, the audit's with the tool.
func TestJSONLogsStateless(t *testing.T) {
	if testing.Short() {
		t.Skip("starts the server")
	}
	ws := t.TempDir()
	tok := strings.Repeat("s", 24)
	srv := startHTTP(t, ws, "--http", "127.0.0.1:0", "--auth", tok, "--log-format", "json", "--stateless")
	srv.token = tok
	cs := srv.session(t)
	_, m := callTool(t, cs, "run", map[string]any{"command": "mkdir -p sub && cd sub && pwd"})
	if m["exit_code"] != 0.0 {
		t.Fatalf("run: %v", m)
	}
	_, m = callTool(t, cs, "run", map[string]any{"command": "pwd"})
	if got, _ := m["stdout"].(string); strings.Contains(got, "sub") {
		t.Errorf("stateless: the cd carried over to the next call: %q", got)
	}
	srv.cmd.Process.Signal(syscall.SIGTERM)
	done := make(chan error, 1)
	go func() { done <- srv.cmd.Wait() }()
	select {
	case <-done:
	case <-time.After(15 * time.Second):
		t.Fatal("no exit after SIGTERM")
	}
	var levels, tools int
	for _, line := range strings.Split(strings.TrimSpace(srv.errb.String()), "\n") {
		var obj map[string]any
		if err := json.Unmarshal([]byte(line), &obj); err != nil {
			t.Errorf("not a JSON line: %q", line)
			continue
		}
		switch {
		case obj["level"] != nil && obj["msg"] != nil && obj["time"] != nil:
			levels++
		case obj["tool"] != nil:
			tools++
		default:
			t.Errorf("neither a log line nor an audit line: %q", line)
		}
	}
	if levels < 3 || tools != 2 {
		t.Errorf("%d log lines (serving, shutting down, stopped), %d audit lines (want 2):\n%s", levels, tools, srv.errb)
	}
}

func TestLogFormatChecked(t *testing.T) {
	for _, args := range [][]string{{"--log-format", "xml"}, {"--stateless"}} {
		_, err := parseServeFlags(args)
		if err == nil {
			s, _ := parseServeFlags(args)
			err = checkSettings(s)
		}
		if err == nil {
			t.Errorf("%v: accepted", args)
		}
	}
}
