package main

import (
	"archive/zip"
	"bytes"
	"context"
	"crypto/sha256"
	"encoding/json"
	"fmt"
	"io"
	"io/fs"
	"net/http"
	"net/http/httptest"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/google/go-cmp/cmp"
	"github.com/modelcontextprotocol/go-sdk/auth"
	"github.com/modelcontextprotocol/go-sdk/mcp"

	"github.com/shellfence/shellfence/engine"
	"github.com/shellfence/shellfence/engine/tools"
	"github.com/shellfence/shellfence/engine/tools/mcptools"
	"github.com/shellfence/shellfence/vfs/vfstest"
)

// testServer serves a toolbox over a temporary workspace seeded with files
// (see vfstest) on streamable HTTP; wrap, if set, wraps the handler. It
// returns the endpoint and the workspace directory.
func testServer(t *testing.T, files map[string]string, cfg tools.Config, wrap func(http.Handler) http.Handler) (string, string) {
	t.Helper()
	t.Setenv(tokenEnv, "")
	dir, ws := vfstest.Workspace(t, files)
	cfg.Engine = engine.New(ws)
	server := mcptools.NewServer(tools.New(cfg), &mcp.Implementation{Name: "shellfence", Version: "test"}, nil)
	var h http.Handler = mcp.NewStreamableHTTPHandler(func(*http.Request) *mcp.Server { return server }, nil)
	if wrap != nil {
		h = wrap(h)
	}
	ts := httptest.NewServer(h)
	t.Cleanup(ts.Close)
	return ts.URL + "/mcp", dir
}

func runClient(t *testing.T, args ...string) cliOutcome {
	t.Helper()
	var out, errb bytes.Buffer
	code := cli(context.Background(), append([]string{"client"}, args...), strings.NewReader(""), &out, &errb)
	return cliOutcome{out.String(), errb.String(), code}
}

func TestClientCall(t *testing.T) {
	url, dir := testServer(t, nil, tools.Config{}, nil)
	tests := []struct {
		name string
		args []string
		want cliOutcome
	}{
		{"write, a JSON-looking string kept", []string{url, "write_file", "--path", "a.txt", "--text", `{"k": [1, 2]}`},
			cliOutcome{"wrote 13 bytes to a.txt (size 13)\n", "", 0}},
		{"read, name=value", []string{url, "read_file", "--path=a.txt"}, cliOutcome{`{"k": [1, 2]}` + "\n", "", 0}},
		{"numbers and objects parsed", []string{url, "run", "--command", "echo $X", "--env", `{"X":"7"}`, "--timeout_ms", "5000", "--json"},
			cliOutcome{"", "", 0}},
		{"args-json, pairs override", []string{url, "--args-json", `{"command":"echo a","reset":true}`, "run", "--command=echo b", "--json"},
			cliOutcome{"", "", 0}},
		{"tool error", []string{url, "read_file", "--path", "missing"},
			cliOutcome{"read_file: missing: No such file or directory\n", "", 1}},
		{"command fails", []string{url, "run", "--command", "exit 3", "--json"}, cliOutcome{"", "", 1}},
		{"invalid arguments", []string{url, "read_file", "--path", "a.txt", "--offset", "x"}, cliOutcome{"", "", 1}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			got := runClient(t, tt.args...)
			if strings.Contains(strings.Join(tt.args, " "), "--json") || tt.name == "invalid arguments" {
				checkJSONRun(t, tt.name, got)
				got.Stdout = ""
			}
			if d := cmp.Diff(tt.want, got); d != "" {
				t.Errorf("(-want +got):\n%s", d)
			}
		})
	}
	if data, _ := os.ReadFile(filepath.Join(dir, "a.txt")); string(data) != `{"k": [1, 2]}` {
		t.Errorf("a.txt: %q", data)
	}
}

// checkJSONRun checks the stdout of the JSON cases of TestClientCall.
func checkJSONRun(t *testing.T, name string, got cliOutcome) {
	t.Helper()
	if name == "invalid arguments" {
		if !strings.Contains(got.Stdout, "read_file: invalid arguments") {
			t.Errorf("stdout: %q", got.Stdout)
		}
		return
	}
	var out struct {
		ExitCode int    `json:"exit_code"`
		Stdout   string `json:"stdout"`
	}
	if err := json.Unmarshal([]byte(got.Stdout), &out); err != nil {
		t.Fatalf("stdout is not JSON: %v\n%s", err, got.Stdout)
	}
	want := map[string]string{"numbers and objects parsed": "7\n", "args-json, pairs override": "b\n", "command fails": ""}[name]
	if out.Stdout != want || (out.ExitCode == 3) != (name == "command fails") {
		t.Errorf("run: %+v", out)
	}
}

func TestArgValue(t *testing.T) {
	tests := []struct {
		in       string
		isString bool
		want     any
	}{
		{"3", false, json.Number("3")},
		{"12345678901234567890", false, json.Number("12345678901234567890")},
		{"true", false, true},
		{`["a", 1]`, false, []any{"a", json.Number("1")}},
		{`{"k":null}`, false, map[string]any{"k": nil}},
		{`"quoted"`, false, "quoted"},
		{"ls -la", false, "ls -la"},
		{"1 2", false, "1 2"},
		{"3", true, "3"},
		{`{"k":1}`, true, `{"k":1}`},
	}
	for _, tt := range tests {
		if got := argValue(tt.in, tt.isString); !cmp.Equal(tt.want, got) {
			t.Errorf("argValue(%q, %v) = %#v, want %#v", tt.in, tt.isString, got, tt.want)
		}
	}
}

func TestClientErrors(t *testing.T) {
	url, _ := testServer(t, nil, tools.Config{}, nil)
	closed := httptest.NewServer(http.NotFoundHandler())
	closed.Close()
	tests := []struct {
		name string
		args []string
		want string // in stderr; the exit status is 2
	}{
		{"unknown tool", []string{url, "nope"}, `shellfence client: nope: `},
		{"refused connection", []string{closed.URL + "/mcp", "list"}, "shellfence client: " + closed.URL + "/mcp: "},
		{"no tool", []string{url}, "give the server's URL and a tool name"},
		{"missing value", []string{url, "run", "--command"}, "--command needs a value"},
		{"dlzip without a file", []string{url, "dlzip"}, "dlzip takes one operand"},
		{"dlzip --json", []string{url, "dlzip", "x.zip", "--json"}, "dlzip takes no --json"},
		{"list with arguments", []string{url, "list", "--x", "1"}, "list takes no tool arguments"},
		{"operand", []string{url, "run", "ls"}, `unexpected operand "ls"`},
		{"bad args-json", []string{url, "run", "--args-json", "[1]"}, "--args-json: want a JSON object"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			got := runClient(t, tt.args...)
			if got.Code != 2 || !strings.Contains(got.Stderr, tt.want) {
				t.Errorf("exit %d, stderr %q; want 2 and %q", got.Code, got.Stderr, tt.want)
			}
		})
	}
}

func TestClientAuth(t *testing.T) {
	verify := func(_ context.Context, token string, _ *http.Request) (*auth.TokenInfo, error) {
		if token != "s3cret" {
			return nil, auth.ErrInvalidToken
		}
		return &auth.TokenInfo{UserID: "agent", Expiration: time.Now().Add(time.Hour)}, nil
	}
	url, _ := testServer(t, nil, tools.Config{}, auth.RequireBearerToken(verify, nil))
	if got := runClient(t, url, "list"); got.Code != 2 || !strings.Contains(got.Stderr, "give --auth TOKEN or set SHELLFENCE_TOKEN") {
		t.Errorf("no token: %+v", got)
	}
	if got := runClient(t, "--auth", "wrong", url, "list"); got.Code != 2 || !strings.Contains(got.Stderr, "the server refused the token (401 Unauthorized)") {
		t.Errorf("wrong token: %+v", got)
	}
	if got := runClient(t, "--auth", "s3cret", url, "run", "--command", "echo ok", "--json"); got.Code != 0 || !strings.Contains(got.Stdout, `"stdout": "ok\n"`) {
		t.Errorf("--auth: %+v", got)
	}
	t.Setenv("SHELLFENCE_TOKEN", "s3cret")
	if got := runClient(t, url, "list"); got.Code != 0 || !strings.Contains(got.Stdout, "run\t") {
		t.Errorf("SHELLFENCE_TOKEN: %+v", got)
	}
}

func TestClientList(t *testing.T) {
	url, _ := testServer(t, nil, tools.Config{Compat: tools.CompatCmdshellmcp}, nil)
	got := runClient(t, url, "list")
	for _, line := range []string{"read_file\tRead a UTF-8 text file of the workspace, whole or a range of lines.\n", "cmdshell\tRun one command"} {
		if got.Code != 0 || !strings.Contains(got.Stdout, line) {
			t.Errorf("list lacks %q:\n%s", line, got.Stdout)
		}
	}
	got = runClient(t, url, "list", "--json")
	var list []struct {
		Name        string         `json:"name"`
		InputSchema map[string]any `json:"inputSchema"`
	}
	if err := json.Unmarshal([]byte(got.Stdout), &list); err != nil || len(list) < 20 {
		t.Fatalf("list --json: %v %.200s", err, got.Stdout)
	}
	for _, tl := range list {
		if tl.InputSchema["type"] != "object" {
			t.Errorf("list --json: %s has no input schema", tl.Name)
		}
	}
}

func TestClientDlzip(t *testing.T) {
	big := bytes.Repeat([]byte("0123456789\x00\xff"), 250000) // 3 MB: several chunks
	files := map[string]string{"a.txt": "alpha\n", "sub/empty/": "", "sub/big.bin": string(big), "sub/run.sh": "#!/bin/sh\n", "sub/link": "->../a.txt"}
	for i := range 1005 { // more than one list_tree page (directories: no read_bytes calls)
		files[fmt.Sprintf("many/d%04d/", i)] = ""
	}
	url, dir := testServer(t, files, tools.Config{}, nil)
	must(t, os.Chmod(filepath.Join(dir, "sub", "big.bin"), 0o600))
	must(t, os.Chmod(filepath.Join(dir, "sub", "run.sh"), 0o755))
	size := len(big) + len("alpha\n") + len("#!/bin/sh\n")
	out := t.TempDir()
	zipName := filepath.Join(out, "ws.zip")
	got := runClient(t, url, "dlzip", zipName)
	want := cliOutcome{fmt.Sprintf("%s: 3 files (%d bytes), 1008 directories, 1 symlinks\n", zipName, size), "", 0}
	if d := cmp.Diff(want, got); d != "" {
		t.Errorf("(-want +got):\n%s", d)
	}
	if d := cmp.Diff(treeOf(t, dir), zipTree(t, zipName)); d != "" {
		t.Errorf("zip differs from the workspace (-workspace +zip):\n%s", d)
	}
	if ents, _ := os.ReadDir(out); len(ents) != 1 {
		t.Errorf("left beside the zip: %v", ents)
	}
}

func TestClientDlzipFailure(t *testing.T) {
	url, _ := testServer(t, map[string]string{"d/f": "x"}, tools.Config{Disabled: []string{"read_bytes"}}, nil)
	out := t.TempDir()
	zipName := filepath.Join(out, "ws.zip")
	must(t, os.WriteFile(zipName, []byte("old"), 0o644))
	got := runClient(t, url, "dlzip", zipName)
	if got.Code != 2 || !strings.Contains(got.Stderr, "shellfence client: dlzip: d/f: ") {
		t.Errorf("got %+v", got)
	}
	if data, _ := os.ReadFile(zipName); string(data) != "old" {
		t.Errorf("the old zip was touched: %q", data)
	}
	if ents, _ := os.ReadDir(out); len(ents) != 1 {
		t.Errorf("left behind: %v", ents)
	}
	if got := runClient(t, url, "dlzip", filepath.Join(out, "no", "ws.zip")); got.Code != 2 {
		t.Errorf("into a missing directory: %+v", got)
	}
}

func must(t *testing.T, err error) {
	t.Helper()
	if err != nil {
		t.Fatal(err)
	}
}

// treeOf describes every entry below dir: "dir 0755", "file 0644 CONTENT",
// "symlink TARGET".
func treeOf(t *testing.T, dir string) map[string]string {
	t.Helper()
	m := map[string]string{}
	err := filepath.WalkDir(dir, func(p string, d fs.DirEntry, err error) error {
		if err != nil || p == dir {
			return err
		}
		rel, _ := filepath.Rel(dir, p)
		fi, err := os.Lstat(p)
		if err != nil {
			return err
		}
		m[filepath.ToSlash(rel)] = describe(fi.Mode(), func() string {
			if fi.Mode()&fs.ModeSymlink != 0 {
				target, _ := os.Readlink(p)
				return target
			}
			data, _ := os.ReadFile(p)
			return string(data)
		})
		return nil
	})
	must(t, err)
	return m
}

func zipTree(t *testing.T, name string) map[string]string {
	t.Helper()
	zr, err := zip.OpenReader(name)
	must(t, err)
	defer zr.Close()
	m := map[string]string{}
	for _, f := range zr.File {
		m[strings.TrimSuffix(f.Name, "/")] = describe(f.Mode(), func() string {
			rc, err := f.Open()
			must(t, err)
			defer rc.Close()
			data, err := io.ReadAll(rc)
			must(t, err)
			return string(data)
		})
	}
	return m
}

func describe(m fs.FileMode, content func() string) string {
	switch {
	case m.IsDir():
		return fmt.Sprintf("dir %04o", m.Perm())
	case m&fs.ModeSymlink != 0:
		return "symlink " + content()
	}
	c := content()
	if len(c) > 64 {
		c = fmt.Sprintf("%d bytes, sha256 %x", len(c), sha256.Sum256([]byte(c)))
	}
	return fmt.Sprintf("file %04o %s", m.Perm(), c)
}
