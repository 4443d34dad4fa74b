package main

import (
	"context"
	"os"
	"os/exec"
	"path/filepath"
	"testing"
	"time"
)

// TestTypeScriptSDK drives the built server with the official TypeScript
// SDK (testdata/ts/acceptance.mjs), over stdio and HTTP. It needs node
// and npm; npm installs the SDK into testdata/ts/node_modules from the
// lock file when it is not there or older than the lock file.
func TestTypeScriptSDK(t *testing.T) {
	if testing.Short() {
		t.Skip("builds the binary and installs the SDK")
	}
	for _, tool := range []string{"node", "npm"} {
		if _, err := exec.LookPath(tool); err != nil {
			t.Skipf("no %s: %v", tool, err)
		}
	}
	dir := filepath.Join("testdata", "ts")
	ctx, cancel := context.WithTimeout(context.Background(), 3*time.Minute)
	defer cancel()
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
	node := exec.CommandContext(ctx, "node", "acceptance.mjs")
	node.Dir = dir
	node.Env = append(os.Environ(), "SHELLFENCE_BIN="+serverBin(t))
	out, err := node.CombinedOutput()
	if err != nil {
		t.Fatalf("acceptance.mjs: %v\n%s", err, out)
	}
	t.Logf("%s", out)
}

// stale reports whether the installed lock file is missing or older than
// the project's.
func stale(installed, lock string) bool {
	got, err1 := os.Stat(installed)
	want, err2 := os.Stat(lock)
	return err1 != nil || err2 != nil || want.ModTime().After(got.ModTime())
}
