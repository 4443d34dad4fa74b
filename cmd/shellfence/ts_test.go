package main

import (
	"context"
	"encoding/json"
	"os"
	"os/exec"
	"path/filepath"
	"strconv"
	"strings"
	"testing"
	"time"
)

// TestTypeScriptSDK drives the built server with the official TypeScript
// SDK (testdata/ts/acceptance.mjs), over stdio and HTTP. It needs node
// and npm (see typeScriptSDK).
func TestTypeScriptSDK(t *testing.T) {
	if testing.Short() {
		t.Skip("builds the binary and installs the SDK")
	}
	ctx, cancel := context.WithTimeout(context.Background(), 3*time.Minute)
	defer cancel()
	dir := typeScriptSDK(ctx, t)
	node := exec.CommandContext(ctx, "node", "acceptance.mjs")
	node.Dir = dir
	node.Env = append(os.Environ(), "SHELLFENCE_BIN="+serverBin(t))
	out, err := node.CombinedOutput()
	if err != nil {
		t.Fatalf("acceptance.mjs: %v\n%s", err, out)
	}
	t.Logf("%s", out)
}

// BenchmarkTypeScriptLatency is what an agent's official TypeScript
// client sees of the server over stdio (testdata/ts/latency.mjs): a run
// of ls as a multiple of a fork+exec of the host's ls from the same node
// process, measured in the same run; the time from spawning the server
// to a completed tools/list; and its idle RSS. b.N is the number of runs
// of ls.
//
//	go test ./cmd/shellfence -run '^$' -bench TypeScriptLatency -benchtime 500x
func BenchmarkTypeScriptLatency(b *testing.B) {
	ctx, cancel := context.WithTimeout(context.Background(), 5*time.Minute)
	defer cancel()
	dir := typeScriptSDK(ctx, b)
	if _, err := exec.LookPath("ls"); err != nil {
		b.Skip("no host ls to compare with")
	}
	bin := serverBin(b)
	b.ResetTimer()
	node := exec.CommandContext(ctx, "node", "latency.mjs", strconv.Itoa(b.N))
	node.Dir = dir
	node.Env = append(os.Environ(), "SHELLFENCE_BIN="+bin)
	out, err := node.Output()
	if err != nil {
		b.Fatalf("latency.mjs: %v\n%s", err, out)
	}
	lines := strings.Split(strings.TrimSpace(string(out)), "\n")
	var m map[string]float64
	if err := json.Unmarshal([]byte(lines[len(lines)-1]), &m); err != nil {
		b.Fatalf("latency.mjs: %v\n%s", err, out)
	}
	for _, k := range []string{"run_ls_x_forkexec", "run_ls_p50_ms", "run_ls_p99_ms", "forkexec_ls_p50_ms", "ping_p50_ms", "start_to_list_ms", "idle_rss_mb"} {
		b.ReportMetric(m[k], strings.ReplaceAll(k, "_", "-"))
	}
}

// typeScriptSDK returns the directory of the TypeScript scripts with the
// SDK installed: npm installs it into testdata/ts/node_modules from the
// lock file when it is not there or older than the lock file. Without
// node and npm, or a registry (outside CI), it skips.
func typeScriptSDK(ctx context.Context, t testing.TB) string {
	for _, tool := range []string{"node", "npm"} {
		if _, err := exec.LookPath(tool); err != nil {
			t.Skipf("no %s: %v", tool, err)
		}
	}
	dir := filepath.Join("testdata", "ts")
	if stale(filepath.Join(dir, "node_modules", ".package-lock.json"), filepath.Join(dir, "package-lock.json")) {
		npm := exec.CommandContext(ctx, "npm", "ci", "--no-audit", "--no-fund")
		npm.Dir = dir
		if out, err := npm.CombinedOutput(); err != nil {
			if os.Getenv("CI") == "" {
				t.Skipf("npm ci failed (no registry?): %v\n%s", err, out)
			}
			t.Fatalf("npm ci: %v\n%s", err, out)
		}
	}
	return dir
}

// stale reports whether the installed lock file is missing or older than
// the project's.
func stale(installed, lock string) bool {
	got, err1 := os.Stat(installed)
	want, err2 := os.Stat(lock)
	return err1 != nil || err2 != nil || want.ModTime().After(got.ModTime())
}
