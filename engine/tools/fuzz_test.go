package tools_test

import (
	"context"
	"encoding/json"
	"flag"
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"testing"
	"time"

	"github.com/shellfence/shellfence/engine"
	"github.com/shellfence/shellfence/engine/tools"
	"github.com/shellfence/shellfence/vfs/vfstest"
)

// toolSecret is the content of the file beside the workspace.
const toolSecret = "TOOL-SECRET-42b9e1"

// fuzzArgs seeds FuzzToolArgs: valid calls of every tool, escapes, wrong
// types, aliases, and values at the edges. More come from the corpus.
var fuzzArgs = []string{
	`{}`, `null`, `[]`, `"x"`, `{"path": null}`, `{"path": 1}`, `{"path": ["a"]}`, `{"path": {}}`,
	`{"path": "a.txt"}`, `{"path": "../outside/secret.txt"}`, `{"path": "link-out"}`, `{"path": "dir-out/secret.txt"}`,
	`{"path": "/etc/passwd"}`, `{"path": ""}`, `{"path": "."}`, `{"path": "a.txt", "offset": -1, "limit": -5}`,
	`{"path": "a.txt", "offset": 9223372036854775807, "limit": 9223372036854775807}`, `{"path": "a.txt", "offset": 1e400}`,
	`{"path": "new/x.txt", "text": "hi\n"}`, `{"path": "a.txt", "text": "more\n", "append": true}`,
	`{"path": "link-out", "text": "x"}`, `{"path": "dir-out/new", "text": "x"}`,
	`{"source": "a.txt", "destination": "b.txt"}`, `{"source": "a.txt", "destination": "../outside/x"}`,
	`{"source": "link-out", "destination": "in.txt"}`, `{"source": ".", "destination": "sub"}`, `{"source": "sub", "destination": "sub/inner"}`,
	`{"path": "sub", "parents": true}`, `{"path": "a.txt", "script": "s/alpha/ALPHA/"}`, `{"path": "a.txt", "script": "w ../outside/x"}`,
	`{"path": "a.txt", "script": "s/a/b/", "args": ["-E", "-i", "-f", "x"]}`, `{"path": "link-out", "script": "p"}`,
	`{"patch": "--- a/a.txt\n+++ b/a.txt\n@@ -1 +1 @@\n-alpha\n+beta\n"}`, `{"patch": "--- /dev/null\n+++ ../outside/new\n@@ -0,0 +1 @@\n+x\n"}`,
	`{"patch": "--- a/a.txt\n+++ b/a.txt\n@@ -1 +1 @@\n-alpha\n+beta\n", "path": "link-out", "strip": -3, "reverse": true}`,
	`{"command": "ls -la"}`, `{"command": "cat ../outside/secret.txt"}`, `{"command": "yes", "timeout_ms": 100}`,
	`{"command": "echo", "args": ["a", "b"], "cwd": "sub", "env": {"A": "1"}, "stdin": "x"}`, `{"command": "pwd", "cwd": "../outside"}`,
	`{"cmd": "ls", "timeout": "1s", "description": "d"}`, `{"command": "sleep 5", "timeout_ms": -1}`,
	`{"id": "r1"}`, `{"id": "r1", "offset": -1, "limit": 0, "match": "("}`, `{"path": ".", "recursive": true, "max_entries": -1}`,
	`{"path": ".", "after": "zzz", "limit": 1}`, `{"path": "a.txt", "offset": -1, "length": 1099511627776}`,
	`{"file": "a.txt", "text": "x", "newline": false}`, `{"command": "ls", "args": ["../outside"]}`, `{"diff": "x", "file": "a.txt", "pnum": 99}`,
}

// FuzzToolArgs hands arbitrary JSON to every tool's Handle in a disk
// workspace beside a directory outside it, with a short timeout: no
// panic, every result non-nil (an error always with its text), a
// structured result that encodes as JSON, nothing outside changed, and
// the outside file's content never shown.
//
//	go test ./engine/tools -run '^$' -fuzz FuzzToolArgs -fuzztime 1m
func FuzzToolArgs(f *testing.F) {
	names := toolNames(f)
	for i, a := range fuzzArgs {
		for j := range names {
			if (i+j)%4 == 0 || strings.Contains(a, `"path"`) && i%3 == 0 {
				f.Add(uint8(j), a)
			}
		}
	}
	if fl := flag.Lookup("test.fuzz"); fl != nil && fl.Value.String() != "" {
		for i, a := range corpusArgs(f) { // a thousand more: only when fuzzing
			f.Add(uint8(i), a)
		}
	}
	f.Fuzz(func(t *testing.T, which uint8, args string) {
		if len(args) > 1<<14 {
			return
		}
		ws, tb := fuzzBox(t)
		parent := filepath.Dir(ws)
		before := vfstest.Outside(parent)
		tool := tb.Tools()[int(which)%len(tb.Tools())]
		s := tb.NewSession()
		defer s.Close()
		ctx, cancel := context.WithTimeout(context.Background(), 2*time.Second)
		defer cancel()
		start := time.Now()
		res := tool.Handle(ctx, &tools.Call{Session: s}, json.RawMessage(args))
		if d := time.Since(start); d > 5*time.Second {
			t.Errorf("%s %s took %v", tool.Name, args, d)
		}
		switch {
		case res == nil:
			t.Fatalf("%s %s: nil result", tool.Name, args)
		case res.IsError && res.Text == "":
			t.Errorf("%s %s: an error without text", tool.Name, args)
		case strings.Contains(res.Text, "internal error"):
			t.Errorf("%s %s: %s", tool.Name, args, res.Text)
		case strings.Contains(res.Text, toolSecret) && !strings.Contains(args, toolSecret):
			t.Errorf("%s %s: shows the outside file: %s", tool.Name, args, res.Text)
		}
		if _, err := json.Marshal(res.Structured); err != nil {
			t.Errorf("%s %s: the structured result does not encode: %v", tool.Name, args, err)
		}
		if after := vfstest.Outside(parent); after != before {
			t.Errorf("%s %s changed the outside:\n%s\n---\n%s", tool.Name, args, before, after)
		}
	})
}

// toolNames lists the tools a fuzzing toolbox serves.
func toolNames(t testing.TB) []string {
	_, ws := vfstest.Workspace(t, nil)
	var names []string
	for _, tl := range tools.New(fuzzConfig(ws.Root(), engine.New(ws))).Tools() {
		names = append(names, tl.Name)
	}
	return names
}

func fuzzConfig(_ string, e *engine.Engine) tools.Config {
	return tools.Config{Engine: e, MaxOutput: 4096, DefaultTimeout: time.Second, MaxTimeout: time.Second,
		BusyWait: 100 * time.Millisecond, Compat: tools.CompatCmdshellmcp, StoreBytes: 1 << 20, StoreRunBytes: 1 << 18}
}

// fuzzBox is a toolbox (with cmdshellmcp's tools too) over a workspace
// ws beside ../outside, which holds the secret; symlinks in ws lead out.
func fuzzBox(t *testing.T) (string, *tools.Toolbox) {
	ws, fsys := vfstest.Workspace(t, map[string]string{
		"../outside/secret.txt": toolSecret + "\n", "../ws2/x": toolSecret + "\n",
		"a.txt": "alpha\n", "in.txt": "in\n", "sub/b.txt": "beta\n",
		"link-out": "->../outside/secret.txt", "dir-out": "->../outside", "sub/up": "->../../outside",
	})
	e := engine.New(fsys, engine.WithTimeout(time.Second), engine.WithOutputLimit(1<<14),
		engine.WithMemoryLimit(8<<20), engine.WithFileWriteLimit(1<<20))
	return ws, tools.New(fuzzConfig(ws, e))
}

// corpusArgs makes run and edit_file calls from the conformance corpus:
// its command lines, and its sed scripts.
func corpusArgs(t testing.TB) []string {
	paths, _ := filepath.Glob("../../conformance/testdata/*.txtar")
	cmdRE := regexp.MustCompile(`(?m)^-- cmd [^\n]*--\n([^\n]+)`)
	sedRE := regexp.MustCompile(`sed [^'\n]*'([^']*)'`)
	var out []string
	for i, p := range paths {
		data, err := os.ReadFile(p)
		if err != nil {
			t.Fatal(err)
		}
		for j, m := range cmdRE.FindAllSubmatch(data, -1) {
			if (i+j)%5 == 0 { // a sample: the corpus has thousands
				b, _ := json.Marshal(map[string]any{"command": string(m[1]), "timeout_ms": 500})
				out = append(out, string(b))
			}
		}
		for _, m := range sedRE.FindAllSubmatch(data, -1) {
			b, _ := json.Marshal(map[string]any{"path": "a.txt", "script": string(m[1])})
			out = append(out, string(b))
		}
	}
	return out
}
