package main

import (
	"bytes"
	"context"
	"flag"
	"io"
	"net/http"
	"net/http/httptest"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/modelcontextprotocol/go-sdk/mcp"
)

func noEnv(string) (string, bool) { return "", false }

// inProcess runs serve over pipes in this process, on a new workspace
// holding a.txt, and connects to it. Closing the session ends stdin; the
// exit status then arrives on the channel.
func inProcess(t *testing.T, args ...string) (*mcp.ClientSession, string, <-chan int) {
	t.Helper()
	ws := t.TempDir()
	os.WriteFile(filepath.Join(ws, "a.txt"), []byte("alpha\n"), 0o644)
	inR, inW := io.Pipe()
	outR, outW := io.Pipe()
	done := make(chan int, 1)
	errb := &syncBuffer{}
	go func() {
		code := serveCmd(context.Background(), append([]string{"--cwd", ws, "--quiet"}, args...), inR, outW, errb, noEnv)
		outW.Close()
		done <- code
	}()
	cs, err := newClient().Connect(context.Background(), &mcp.IOTransport{Reader: outR, Writer: inW}, nil)
	if err != nil {
		t.Fatalf("connect: %v\n%s", err, errb)
	}
	return cs, ws, done
}

// listTools returns the tools cs's server serves, and their names, sorted.
func listTools(t *testing.T, cs *mcp.ClientSession) ([]*mcp.Tool, []string) {
	t.Helper()
	list, err := cs.ListTools(context.Background(), nil)
	if err != nil {
		t.Fatal(err)
	}
	var names []string
	for _, tl := range list.Tools {
		names = append(names, tl.Name)
	}
	slices.Sort(names)
	return list.Tools, names
}

func toolNames(t *testing.T, cs *mcp.ClientSession) []string {
	t.Helper()
	_, names := listTools(t, cs)
	return names
}

func TestServeInProcess(t *testing.T) {
	cs, ws, done := inProcess(t, "--edit-delete-backup", "--disable-tools", "fetch", "--allow", "echo,cat")
	if got := toolNames(t, cs); slices.Contains(got, "fetch") || !slices.Contains(got, "edit_file") {
		t.Errorf("tools: %v", got)
	}
	if res, out := callTool(t, cs, "edit_file", map[string]any{"path": "a.txt", "script": "s/alpha/beta/"}); res.IsError || out["backup"] != nil {
		t.Errorf("edit_file: %v %s", out, text(res))
	}
	if _, err := os.Stat(filepath.Join(ws, "a.txt.bk1")); err == nil {
		t.Error("--edit-delete-backup left the backup")
	}
	_, out := callTool(t, cs, "run", map[string]any{"command": "cat a.txt; ls"})
	if out["stdout"] != "beta\n" || out["stderr"] != "ls: not allowed here (allowed: echo, cat)\n" {
		t.Errorf("run: %v", out)
	}
	cs.Close() // stdin's end
	select {
	case code := <-done:
		if code != 0 {
			t.Errorf("exit status %d", code)
		}
	case <-time.After(5 * time.Second):
		t.Fatal("serve did not return at stdin's end")
	}
}

func TestServeReadOnly(t *testing.T) {
	cs, _, _ := inProcess(t, "--read-only", "--no-persist")
	defer cs.Close()
	want := []string{"check_command", "fetch", "list_dir", "list_tree", "read_bytes", "read_file", "run", "run_kill", "run_output"}
	if got := toolNames(t, cs); !slices.Equal(got, want) {
		t.Errorf("tools: %v, want %v", got, want)
	}
	_, out := callTool(t, cs, "run", map[string]any{"command": "X=1; echo x > b.txt"})
	if !strings.Contains(out["stderr"].(string), "read-only workspace") {
		t.Errorf("run wrote: %v", out)
	}
	if _, out := callTool(t, cs, "run", map[string]any{"command": "echo ${X:-unset}"}); out["stdout"] != "unset\n" {
		t.Errorf("--no-persist kept a variable: %v", out)
	}
}

func TestServeHelp(t *testing.T) {
	var out, errb bytes.Buffer
	if code := serveCmd(context.Background(), []string{"--help"}, nil, &out, &errb, noEnv); code != 0 || errb.Len() > 0 {
		t.Fatalf("exit %d, stderr %q", code, errb.String())
	}
	s := defaultSettings()
	serveFlags(&s).VisitAll(func(f *flag.Flag) {
		if !strings.Contains(out.String(), "  -"+f.Name+" ") && !strings.Contains(out.String(), "  -"+f.Name+"\n") {
			t.Errorf("--help does not show -%s", f.Name)
		}
	})
	for _, key := range knownKeys() {
		if !strings.Contains(out.String(), key) {
			t.Errorf("--help does not name the config key %s", key)
		}
	}
	if got := runCLI(t, "--help"); !strings.Contains(got.Stdout, "shellfence serve ") {
		t.Errorf("shellfence --help does not list serve:\n%s", got.Stdout)
	}
}

func TestServeRefuses(t *testing.T) {
	ws := t.TempDir()
	conf := filepath.Join(ws, "shellfence.json")
	os.WriteFile(conf, []byte(`{"quiet": true}`), 0o600)
	var errb bytes.Buffer
	code := serveCmd(context.Background(), []string{"--cwd", ws, "--conf", conf}, strings.NewReader(""), io.Discard, &errb, noEnv)
	if code != 2 || !strings.Contains(errb.String(), "is inside the workspace") {
		t.Errorf("exit %d: %s", code, errb.String())
	}
	errb.Reset()
	code = serveCmd(context.Background(), []string{"--cwd", ws, "--disable-tools", "readFile"}, strings.NewReader(""), io.Discard, &errb, noEnv)
	if code != 2 || !strings.Contains(errb.String(), "disable tools: no such tool: readFile (the tools: run, run_output,") {
		t.Errorf("exit %d: %s", code, errb.String())
	}
}

// TestHTTPHandler sends requests through the whole HTTP stack (guard,
// token, the SDK's handler) on a loopback listener.
func TestHTTPHandler(t *testing.T) {
	const token = "handler-token-0123456789"
	tests := []struct {
		name      string
		hosts     []string
		host, tok string
		origin    string
		want      int
	}{
		{"no token", nil, "", "", "", 401},
		{"token", nil, "", token, "", 200},
		{"rebinding", nil, "evil.example", token, "", 403},
		{"foreign origin", nil, "", token, "http://evil.example", 403},
		{"proxy name not allowed", nil, "mcp.example", token, "", 403},
		{"proxy name allowed", []string{"mcp.example"}, "mcp.example", token, "", 200},
		{"proxy name allowed, no token", []string{"mcp.example"}, "mcp.example", "", "", 401},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			s := defaultSettings()
			s.cwd, s.transport, s.addr, s.quiet, s.allowedHosts = t.TempDir(), "http", "127.0.0.1:0", true, tt.hosts
			srv, err := newServer(context.Background(), &s, io.Discard, token)
			if err != nil {
				t.Fatal(err)
			}
			defer srv.close()
			hs := httptest.NewServer(srv.httpHandler(token))
			defer hs.Close()
			req, _ := http.NewRequest("POST", hs.URL+"/mcp", strings.NewReader(
				`{"jsonrpc":"2.0","id":1,"method":"initialize","params":{"protocolVersion":"2025-11-25","capabilities":{},"clientInfo":{"name":"t","version":"0"}}}`))
			req.Header.Set("Content-Type", "application/json")
			req.Header.Set("Accept", "application/json, text/event-stream")
			if tt.host != "" {
				req.Host = tt.host
			}
			if tt.tok != "" {
				req.Header.Set("Authorization", "Bearer "+tt.tok)
			}
			if tt.origin != "" {
				req.Header.Set("Origin", tt.origin)
			}
			resp, err := hs.Client().Do(req)
			if err != nil {
				t.Fatal(err)
			}
			body, _ := io.ReadAll(resp.Body)
			resp.Body.Close()
			if resp.StatusCode != tt.want {
				t.Errorf("status %d, want %d: %s", resp.StatusCode, tt.want, body)
			}
		})
	}
}
