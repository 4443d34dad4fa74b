package main

import (
	"bufio"
	"context"
	"encoding/json"
	"io"
	"net/http"
	"os"
	"os/exec"
	"path/filepath"
	"runtime"
	"strings"
	"syscall"
	"testing"
	"time"

	"github.com/modelcontextprotocol/go-sdk/mcp"
)

// TestChroot runs the static binary in an empty root holding only itself
// and a workspace: no shell, no coreutils, no /etc, no /tmp.
func TestChroot(t *testing.T) {
	if runtime.GOOS != "linux" || os.Geteuid() != 0 {
		t.Skip("needs Linux and root for chroot")
	}
	root := t.TempDir()
	buildStatic(t, root)
	ws := filepath.Join(root, "ws")
	os.MkdirAll(filepath.Join(ws, "src"), 0o755)
	os.WriteFile(filepath.Join(ws, "xfile.txt"), []byte("x marks\n"), 0o644)
	os.WriteFile(filepath.Join(ws, "src/main.go"), []byte("// TODO: x\n"), 0o644)
	if ents, _ := os.ReadDir(root); len(ents) != 2 {
		t.Fatalf("root is not empty: %v", ents)
	}
	run := func(line string) (string, int) {
		cmd := exec.Command("/shellfence", "run", "--cwd", "/ws", line)
		cmd.SysProcAttr = &syscall.SysProcAttr{Chroot: root}
		cmd.Dir = "/"
		cmd.Env = []string{}
		out, _ := cmd.CombinedOutput()
		return string(out), cmd.ProcessState.ExitCode()
	}
	out, code := run("ls -la | grep x > out && cat out")
	if code != 0 || !strings.Contains(out, "xfile.txt") {
		t.Errorf("ls -la | grep x: exit %d\n%s", code, out)
	}
	out, code = run("grep -rn TODO src | sort | head -5 > todo.txt; cat todo.txt; cat ../shellfence | head -c 1")
	want := "src/main.go:1:// TODO: x\ncat: ../shellfence: outside the workspace\n"
	if out != want || code != 0 {
		t.Errorf("got exit %d\n%s\nwant\n%s", code, out, want)
	}
}

// TestChrootImage runs the server as the container image does: the
// static binary alone in an empty root at /shellfence, /workspace as the
// working directory, a numeric user with no entry in any /etc/passwd,
// serve --http with JSON logs and the token from the environment. The
// probes answer without the token, /mcp demands it, and SIGTERM during a
// running command ends the server within the grace period with the
// command stopped.
func TestChrootImage(t *testing.T) {
	if runtime.GOOS != "linux" || os.Geteuid() != 0 {
		t.Skip("needs Linux and root for chroot")
	}
	root := t.TempDir()
	os.Chmod(root, 0o755)
	buildStatic(t, root)
	ws := filepath.Join(root, "workspace")
	if err := os.Mkdir(ws, 0o755); err != nil {
		t.Fatal(err)
	}
	os.Chown(ws, imageUID, imageUID)
	token := strings.Repeat("k", 32)
	cmd := exec.Command("/shellfence", "serve", "--http", "127.0.0.1:0", "--log-format", "json", "--grace", "1s")
	cmd.SysProcAttr = &syscall.SysProcAttr{Chroot: root, Credential: &syscall.Credential{Uid: imageUID, Gid: imageUID}}
	cmd.Dir = "/workspace"
	cmd.Env = []string{tokenEnv + "=" + token}
	url, errb := startLogged(t, cmd)
	base := strings.TrimSuffix(url, "/mcp")
	for _, probe := range []string{"/healthz", "/readyz"} {
		if code := httpStatus(t, "GET", base+probe, "", ""); code != 200 {
			t.Errorf("%s without a token: %d", probe, code)
		}
	}
	if code := httpStatus(t, "POST", url, "", initializeBody); code != 401 {
		t.Errorf("/mcp without a token: %d, want 401", code)
	}
	if code := httpStatus(t, "POST", url, token, initializeBody); code != 200 {
		t.Errorf("/mcp initialize with the token: %d", code)
	}
	srv := &httpServer{cmd: cmd, url: url, token: token, errb: errb}
	cs, err := newClient().Connect(t.Context(), &mcp.StreamableClientTransport{Endpoint: url, HTTPClient: srv.client()}, nil)
	if err != nil {
		t.Fatal(err)
	}
	defer cs.Close()
	_, m := callTool(t, cs, "run", map[string]any{"command": "id -u 2>/dev/null; touch made && ls"})
	if out, _ := m["stdout"].(string); !strings.Contains(out, "made") {
		t.Errorf("run as uid %d: %v", imageUID, m)
	}
	if fi, err := os.Stat(filepath.Join(ws, "made")); err != nil || fi.Sys().(*syscall.Stat_t).Uid != imageUID {
		t.Errorf("the file made is not the image user's: %v", err)
	}
	called := make(chan map[string]any, 1)
	start := time.Now()
	go func() {
		res, err := cs.CallTool(context.Background(), &mcp.CallToolParams{Name: "run", Arguments: map[string]any{"command": "while :; do :; done", "timeout": "60s"}})
		if err != nil {
			t.Errorf("%v: the endless run's call: %v", time.Since(start), err)
			called <- nil
			return
		}
		var m map[string]any
		b, _ := json.Marshal(res.StructuredContent)
		json.Unmarshal(b, &m)
		called <- m
	}()
	time.Sleep(300 * time.Millisecond)
	start = time.Now()
	cmd.Process.Signal(syscall.SIGTERM)
	waited := make(chan error, 1)
	go func() { waited <- cmd.Wait() }()
	select {
	case <-waited:
	case <-time.After(5 * time.Second):
		t.Fatalf("still serving 5 s after SIGTERM with --grace 1s\n%s", errb)
	}
	if d := time.Since(start); d > 3*time.Second {
		t.Errorf("took %v to end after SIGTERM with --grace 1s", d)
	}
	select {
	case m := <-called:
		if m == nil || m["exit_code"] != 130.0 || m["cancelled"] != true {
			t.Errorf("the endless run did not answer that it was stopped: %v", m)
		}
	case <-time.After(2 * time.Second):
		t.Error("the endless run's call did not answer")
	}
	if !strings.Contains(errb.String(), `"msg":"stopped"`) {
		t.Errorf("no stopped line in the JSON log:\n%s", errb)
	}
}

const initializeBody = `{"jsonrpc":"2.0","id":1,"method":"initialize","params":{"protocolVersion":"2025-11-25","capabilities":{},"clientInfo":{"name":"t","version":"0"}}}`

// startLogged starts cmd and waits for its JSON log to give the address.
func startLogged(t *testing.T, cmd *exec.Cmd) (string, *syncBuffer) {
	t.Helper()
	errb := &syncBuffer{}
	pr, pw := io.Pipe()
	cmd.Stderr = io.MultiWriter(errb, pw)
	if err := cmd.Start(); err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { cmd.Process.Kill(); cmd.Wait() })
	urls := make(chan string, 1)
	go func() {
		sc := bufio.NewScanner(pr)
		for sc.Scan() {
			var obj struct{ URL string }
			if json.Unmarshal(sc.Bytes(), &obj) == nil && obj.URL != "" {
				urls <- obj.URL
				break
			}
		}
		io.Copy(io.Discard, pr)
	}()
	select {
	case u := <-urls:
		return u, errb
	case <-time.After(10 * time.Second):
		t.Fatalf("the server did not start:\n%s", errb)
	}
	return "", nil
}

// httpStatus sends one request and returns the status code.
func httpStatus(t *testing.T, method, url, token, body string) int {
	t.Helper()
	req, _ := http.NewRequest(method, url, strings.NewReader(body))
	req.Header.Set("Content-Type", "application/json")
	req.Header.Set("Accept", "application/json, text/event-stream")
	if token != "" {
		req.Header.Set("Authorization", "Bearer "+token)
	}
	resp, err := http.DefaultClient.Do(req)
	if err != nil {
		t.Fatalf("%s %s: %v", method, url, err)
	}
	io.Copy(io.Discard, resp.Body)
	resp.Body.Close()
	return resp.StatusCode
}
