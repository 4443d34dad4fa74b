package main

import (
	"bufio"
	"bytes"
	"context"
	"encoding/json"
	"fmt"
	"io"
	"net/http"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"runtime"
	"slices"
	"strings"
	"sync"
	"syscall"
	"testing"
	"time"

	"github.com/modelcontextprotocol/go-sdk/mcp"
)

// The tests here build the binary once and talk to it with the go-sdk
// client, over stdio, streamable HTTP and SSE.

var bin struct {
	once sync.Once
	dir  string
	path string
}

func TestMain(m *testing.M) {
	code := m.Run()
	if bin.dir != "" {
		os.RemoveAll(bin.dir)
	}
	os.Exit(code)
}

// serverBin returns the built binary; it skips under -short.
func serverBin(t testing.TB) string {
	t.Helper()
	if testing.Short() {
		t.Skip("builds the binary")
	}
	bin.once.Do(func() {
		dir, err := os.MkdirTemp("", "shellfence-e2e")
		if err != nil {
			t.Fatal(err)
		}
		bin.dir = dir
		bin.path = buildStatic(t, dir)
	})
	if bin.path == "" {
		t.Fatal("the binary did not build")
	}
	return bin.path
}

// syncBuffer collects a process's stderr.
type syncBuffer struct {
	mu sync.Mutex
	b  bytes.Buffer
}

func (b *syncBuffer) Write(p []byte) (int, error) {
	b.mu.Lock()
	defer b.mu.Unlock()
	return b.b.Write(p)
}

func (b *syncBuffer) String() string {
	b.mu.Lock()
	defer b.mu.Unlock()
	return b.b.String()
}

// serverCmd is the binary serving the workspace ws with args.
func serverCmd(t testing.TB, ws string, args ...string) (*exec.Cmd, *syncBuffer) {
	cmd := exec.Command(serverBin(t), append([]string{"serve", "--cwd", ws}, args...)...)
	cmd.Env = slices.DeleteFunc(os.Environ(), func(kv string) bool { return strings.HasPrefix(kv, tokenEnv+"=") })
	errb := &syncBuffer{}
	cmd.Stderr = errb
	return cmd, errb
}

func newClient() *mcp.Client {
	return mcp.NewClient(&mcp.Implementation{Name: "e2e", Version: "0"}, nil)
}

// stdioSession starts the server over stdio and connects to it.
func stdioSession(t *testing.T, ws string, args ...string) (*mcp.ClientSession, *syncBuffer) {
	cmd, errb := serverCmd(t, ws, args...)
	cs, err := newClient().Connect(context.Background(), &mcp.CommandTransport{Command: cmd}, nil)
	if err != nil {
		t.Fatalf("connect: %v\n%s", err, errb)
	}
	t.Cleanup(func() { cs.Close() })
	return cs, errb
}

// httpServer is a server process serving HTTP or SSE.
type httpServer struct {
	cmd   *exec.Cmd
	url   string
	token string
	errb  *syncBuffer
}

var servingRE = regexp.MustCompile(`serving .* at (http://\S+) for`)

// startHTTP starts the server with args (which pick --http or --sse) and
// waits for it to say where it serves, and with which token.
func startHTTP(t *testing.T, ws string, args ...string) *httpServer {
	t.Helper()
	cmd, errb := serverCmd(t, ws, args...)
	pr, pw := io.Pipe()
	cmd.Stderr = io.MultiWriter(errb, pw)
	if err := cmd.Start(); err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { cmd.Process.Kill(); cmd.Wait() })
	srv := &httpServer{cmd: cmd, errb: errb}
	generated := !slices.Contains(args, "--auth") && !slices.Contains(args, "--noauth")
	found := make(chan struct{})
	go func() {
		sc := bufio.NewScanner(pr)
		for sc.Scan() {
			line := sc.Text()
			if m := servingRE.FindStringSubmatch(line); m != nil {
				srv.url = m[1]
			}
			if tok, ok := strings.CutPrefix(line, "shellfence: token: "); ok {
				srv.token = tok
			}
			if srv.url != "" && (srv.token != "" || !generated) {
				close(found)
				break
			}
		}
		io.Copy(io.Discard, pr)
	}()
	select {
	case <-found:
	case <-time.After(10 * time.Second):
		t.Fatalf("the server did not start:\n%s", errb)
	}
	return srv
}

// bearer adds a token to every request.
type bearer struct {
	token string
	next  http.RoundTripper
}

func (b bearer) RoundTrip(r *http.Request) (*http.Response, error) {
	r = r.Clone(r.Context())
	r.Header.Set("Authorization", "Bearer "+b.token)
	return b.next.RoundTrip(r)
}

func (s *httpServer) client() *http.Client {
	return &http.Client{Transport: bearer{s.token, http.DefaultTransport}}
}

// session connects to the server with its token.
func (s *httpServer) session(t *testing.T) *mcp.ClientSession {
	t.Helper()
	var tr mcp.Transport = &mcp.StreamableClientTransport{Endpoint: s.url, HTTPClient: s.client(), MaxRetries: -1}
	if strings.HasSuffix(s.url, "/sse") {
		tr = &mcp.SSEClientTransport{Endpoint: s.url, HTTPClient: s.client()}
	}
	cs, err := newClient().Connect(context.Background(), tr, nil)
	if err != nil {
		t.Fatalf("connect: %v\n%s", err, s.errb)
	}
	t.Cleanup(func() { cs.Close() })
	return cs
}

// callTool calls a tool and returns its result and structured content.
func callTool(t *testing.T, cs *mcp.ClientSession, name string, args map[string]any) (*mcp.CallToolResult, map[string]any) {
	t.Helper()
	res, err := cs.CallTool(context.Background(), &mcp.CallToolParams{Name: name, Arguments: args})
	if err != nil {
		t.Fatalf("%s: %v", name, err)
	}
	var m map[string]any
	b, _ := json.Marshal(res.StructuredContent)
	json.Unmarshal(b, &m)
	return res, m
}

func text(res *mcp.CallToolResult) string {
	if len(res.Content) == 0 {
		return ""
	}
	if tc, ok := res.Content[0].(*mcp.TextContent); ok {
		return tc.Text
	}
	return fmt.Sprint(res.Content[0])
}

var allTools = []string{"apply_patch", "check_command", "checkpoint_create", "checkpoint_delete", "checkpoint_list", "checkpoint_restore",
	"copy_file", "delete_file", "discard", "edit_file", "fetch", "list_dir", "list_tree", "make_dir",
	"move_path", "promote", "read_bytes", "read_file", "remove_dir", "run", "run_kill", "run_output", "write_file"}

// exercise runs the tools through cs, a session on a server started with
// --max-output 1000 over an empty workspace.
func exercise(t *testing.T, cs *mcp.ClientSession) {
	t.Run("tools/list", func(t *testing.T) {
		list, names := listTools(t, cs)
		for _, tl := range list {
			if tl.Annotations == nil || tl.Annotations.DestructiveHint == nil || tl.InputSchema == nil || tl.OutputSchema == nil || tl.Description == "" {
				t.Errorf("%s: missing description, annotations or schemas", tl.Name)
			}
		}
		if !slices.Equal(names, allTools) {
			t.Errorf("tools: %v\nwant %v", names, allTools)
		}
	})
	t.Run("run", func(t *testing.T) {
		_, out := callTool(t, cs, "run", map[string]any{"command": "mkdir -p d && cd d && echo hi | tr a-z A-Z"})
		if out["stdout"] != "HI\n" || out["exit_code"] != 0.0 || out["cwd"] != "d" {
			t.Errorf("run: %v", out)
		}
		_, out = callTool(t, cs, "run", map[string]any{"command": "pwd"})
		if !strings.HasSuffix(out["stdout"].(string), "/d\n") {
			t.Errorf("the shell did not persist: %v", out)
		}
	})
	t.Run("timeout", func(t *testing.T) {
		start := time.Now()
		res, out := callTool(t, cs, "run", map[string]any{"command": "while true; do :; done", "timeout_ms": 500})
		if d := time.Since(start); d > 1500*time.Millisecond {
			t.Errorf("a 500 ms timeout took %v", d)
		}
		if out["timed_out"] != true || out["exit_code"] != 124.0 || !res.IsError {
			t.Errorf("timeout: %v", out)
		}
	})
	t.Run("truncation and run_output", func(t *testing.T) {
		res, out := callTool(t, cs, "run", map[string]any{"command": "seq 100000"})
		stdout, _ := out["stdout"].(string)
		if out["stdout_truncated"] != true || out["stdout_bytes"] != 588895.0 || out["stdout_lines"] != 100000.0 ||
			!strings.HasPrefix(stdout, "1\n2\n3\n") || !strings.HasSuffix(stdout, "\n99999\n100000\n") || !strings.Contains(stdout, "omitted") {
			t.Errorf("truncation: %v\n%s", out, text(res))
		}
		_, got := callTool(t, cs, "run_output", map[string]any{"id": out["id"], "match": "^5000[0-4]$"})
		if got["text"] != "50000:50000\n50001:50001\n50002:50002\n50003:50003\n50004:50004\n" || got["total_lines"] != 100000.0 {
			t.Errorf("run_output: %v", got)
		}
	})
	t.Run("files", func(t *testing.T) {
		if res, _ := callTool(t, cs, "write_file", map[string]any{"path": "f/a.txt", "text": "one\ntwo\n"}); res.IsError {
			t.Fatalf("write_file: %s", text(res))
		}
		if res, out := callTool(t, cs, "edit_file", map[string]any{"path": "f/a.txt", "script": "s/two/TWO/"}); res.IsError || !strings.Contains(out["diff"].(string), "+TWO\n") {
			t.Errorf("edit_file: %s", text(res))
		}
		patch := "--- a/f/a.txt\n+++ b/f/a.txt\n@@ -1,2 +1,2 @@\n-one\n+ONE\n TWO\n"
		if res, out := callTool(t, cs, "apply_patch", map[string]any{"patch": patch}); res.IsError || out["applied"] != true {
			t.Errorf("apply_patch: %s", text(res))
		}
		if _, out := callTool(t, cs, "read_file", map[string]any{"path": "f/a.txt"}); out["text"] != "ONE\nTWO\n" {
			t.Errorf("read_file: %v", out)
		}
	})
	t.Run("outside", func(t *testing.T) {
		res, _ := callTool(t, cs, "read_file", map[string]any{"path": "/etc/passwd"})
		if !res.IsError || !strings.Contains(text(res), "outside the workspace") {
			t.Errorf("read_file /etc/passwd: %s", text(res))
		}
		_, out := callTool(t, cs, "run", map[string]any{"command": "cat /etc/hostname ../../x"})
		if !strings.Contains(out["stderr"].(string), "outside the workspace") {
			t.Errorf("run cat outside: %v", out)
		}
	})
}

func TestServeStdio(t *testing.T) {
	serverBin(t)
	start := time.Now()
	cs, _ := stdioSession(t, t.TempDir(), "--max-output", "1000", "--quiet")
	if _, err := cs.ListTools(context.Background(), nil); err != nil {
		t.Fatal(err)
	}
	t.Logf("start to tools/list over stdio: %v", time.Since(start))
	exercise(t, cs)
}

func TestServeHTTP(t *testing.T) {
	srv := startHTTP(t, t.TempDir(), "--http", "127.0.0.1:0", "--max-output", "1000", "--quiet")
	if len(srv.token) < 40 {
		t.Fatalf("no generated token in:\n%s", srv.errb)
	}
	exercise(t, srv.session(t))
	t.Run("auth", func(t *testing.T) {
		for _, tc := range []struct {
			name, auth, origin string
			want               int
		}{
			{"no token", "", "", 401},
			{"wrong token", "Bearer " + srv.token + "x", "", 401},
			{"foreign origin", "Bearer " + srv.token, "http://evil.example", 403},
		} {
			req, _ := http.NewRequest("POST", srv.url, strings.NewReader(`{"jsonrpc":"2.0","id":1,"method":"ping"}`))
			req.Header.Set("Content-Type", "application/json")
			req.Header.Set("Accept", "application/json, text/event-stream")
			if tc.auth != "" {
				req.Header.Set("Authorization", tc.auth)
			}
			if tc.origin != "" {
				req.Header.Set("Origin", tc.origin)
			}
			resp, err := http.DefaultClient.Do(req)
			if err != nil {
				t.Fatal(err)
			}
			resp.Body.Close()
			if resp.StatusCode != tc.want {
				t.Errorf("%s: status %d, want %d", tc.name, resp.StatusCode, tc.want)
			}
		}
	})
}

func TestServeSSE(t *testing.T) {
	srv := startHTTP(t, t.TempDir(), "--sse", "127.0.0.1:0", "--quiet")
	cs := srv.session(t)
	if _, out := callTool(t, cs, "run", map[string]any{"command": "echo over sse"}); out["stdout"] != "over sse\n" {
		t.Errorf("run over SSE: %v", out)
	}
}

// TestServeStops checks that the server ends promptly, and its runs with
// it, on stdin's end (stdio) and on SIGTERM, with a run in progress (over
// HTTP, once the grace period is over).
func TestServeStops(t *testing.T) {
	for _, tc := range []struct {
		name string
		args []string
		stop func(cmd *exec.Cmd, stdin io.Closer)
	}{
		{"stdin EOF", nil, func(_ *exec.Cmd, stdin io.Closer) { stdin.Close() }},
		{"SIGTERM stdio", nil, func(cmd *exec.Cmd, _ io.Closer) { cmd.Process.Signal(syscall.SIGTERM) }},
		{"SIGTERM http", []string{"--http", "127.0.0.1:0", "--auth", strings.Repeat("t", 20), "--grace", "300ms"}, func(cmd *exec.Cmd, _ io.Closer) { cmd.Process.Signal(syscall.SIGTERM) }},
	} {
		t.Run(tc.name, func(t *testing.T) {
			if strings.HasPrefix(tc.name, "SIGTERM") && runtime.GOOS == "windows" {
				t.Skip("no SIGTERM on Windows")
			}
			cs, cmd, stdin := stoppable(t, tc.args)
			started := make(chan struct{})
			go func() {
				close(started)
				cs.CallTool(context.Background(), &mcp.CallToolParams{Name: "run",
					Arguments: map[string]any{"command": "while true; do :; done", "timeout_ms": 60000}})
			}()
			<-started
			time.Sleep(300 * time.Millisecond) // the run is going
			begin := time.Now()
			tc.stop(cmd, stdin)
			waited := make(chan error, 1)
			go func() { waited <- cmd.Wait() }()
			select {
			case err := <-waited:
				if d := time.Since(begin); d > 1300*time.Millisecond {
					t.Errorf("took %v to exit", d)
				}
				if err != nil {
					t.Errorf("exit: %v", err)
				}
			case <-time.After(5 * time.Second):
				cmd.Process.Kill()
				t.Fatal("the server did not exit within 5 s")
			}
		})
	}
}

// stoppable starts a server whose stdin the test holds, over stdio or,
// with args naming --http, over HTTP.
func stoppable(t *testing.T, args []string) (*mcp.ClientSession, *exec.Cmd, io.Closer) {
	t.Helper()
	if slices.Contains(args, "--http") {
		srv := startHTTP(t, t.TempDir(), append(args, "--quiet")...)
		srv.token = strings.Repeat("t", 20)
		return srv.session(t), srv.cmd, nil
	}
	cmd, errb := serverCmd(t, t.TempDir(), "--quiet")
	stdin, _ := cmd.StdinPipe()
	stdout, _ := cmd.StdoutPipe()
	if err := cmd.Start(); err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { cmd.Process.Kill() })
	cs, err := newClient().Connect(context.Background(), &mcp.IOTransport{Reader: stdout, Writer: stdin}, nil)
	if err != nil {
		t.Fatalf("connect: %v\n%s", err, errb)
	}
	return cs, cmd, stdin
}

func TestServeAudit(t *testing.T) {
	dir := t.TempDir()
	ws := filepath.Join(dir, "ws")
	os.Mkdir(ws, 0o755)
	logFile := filepath.Join(dir, "audit.log")
	token := "s3cret-token-0123456789"
	srv := startHTTP(t, ws, "--http", "127.0.0.1:0", "--auth", token, "--audit-log", logFile)
	srv.token = token
	cs := srv.session(t)
	callTool(t, cs, "run", map[string]any{"command": "echo " + token + "; false"})
	callTool(t, cs, "write_file", map[string]any{"path": "big.txt", "text": strings.Repeat("x", 5000)})
	callTool(t, cs, "read_file", map[string]any{"path": "big.txt"})
	srv.cmd.Process.Signal(syscall.SIGTERM)
	srv.cmd.Wait()
	data, err := os.ReadFile(logFile)
	if err != nil {
		t.Fatal(err)
	}
	lines := strings.Split(strings.TrimSuffix(string(data), "\n"), "\n")
	var tools []string
	for _, l := range lines {
		var e auditLine
		if err := json.Unmarshal([]byte(l), &e); err != nil {
			t.Errorf("not JSON: %q", l)
		}
		tools = append(tools, e.Tool)
		if e.Tool == "run" && (e.ExitCode == nil || *e.ExitCode != 1 || !e.IsError) {
			t.Errorf("run's exit status is not recorded: %s", l)
		}
	}
	if want := []string{"run", "write_file", "read_file"}; !slices.Equal(tools, want) {
		t.Errorf("audit tools %v, want %v:\n%s", tools, want, data)
	}
	if strings.Contains(string(data), token) || strings.Contains(srv.errb.String(), token) {
		t.Errorf("the token is in the audit log or on stderr:\n%s\n%s", data, srv.errb)
	}
	if len(data) > 3000 || !strings.Contains(string(data), "[5000 bytes in all]") {
		t.Errorf("the long text is not shortened:\n%s", data)
	}
	if n := strings.Count(srv.errb.String(), `"tool":`); n != 3 {
		t.Errorf("stderr has %d audit lines, want 3:\n%s", n, srv.errb)
	}
}

// /healthz and /readyz answer without a token; /mcp still demands one.
func TestServeHealth(t *testing.T) {
	srv := startHTTP(t, t.TempDir(), "--http", "127.0.0.1:0", "--quiet")
	base := strings.TrimSuffix(srv.url, "/mcp")
	for path, want := range map[string]int{"/healthz": 200, "/readyz": 200, "/mcp": 401} {
		resp, err := http.Post(base+path, "application/json", strings.NewReader(`{}`))
		if path != "/mcp" {
			resp, err = http.Get(base + path)
		}
		if err != nil {
			t.Fatal(err)
		}
		resp.Body.Close()
		if resp.StatusCode != want {
			t.Errorf("%s: %d, want %d", path, resp.StatusCode, want)
		}
	}
}
