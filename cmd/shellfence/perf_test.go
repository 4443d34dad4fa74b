package main

import (
	"context"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"slices"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/modelcontextprotocol/go-sdk/mcp"
)

// BenchmarkServer measures what an agent feels of the server, each
// figure next to its reference in the same run:
//
//   - run-ls-x-forkexec: a run of ls over stdio (tools/call to result, p50)
//     as a multiple of fork+exec of the host's ls (p50)
//
//   - start-to-list-ms: spawning the server, initialize and tools/list (p50)
//
//   - idle-rss-MB: the server's resident memory after tools/list
//
//     go test ./cmd/shellfence -run '^$' -bench Server -benchtime 200x
func BenchmarkServer(b *testing.B) {
	ls, err := exec.LookPath("ls")
	if err != nil {
		b.Skip("no host ls to compare with")
	}
	ws := b.TempDir()
	for _, n := range []string{"a.go", "b.go", "README"} {
		os.WriteFile(filepath.Join(ws, n), []byte("x\n"), 0o644)
	}
	start, rss := startToList(b, ws, 20)
	cs, _ := stdioSessionTB(b, ws)
	var ours, fork []time.Duration
	for b.Loop() {
		t0 := time.Now()
		res, err := cs.CallTool(context.Background(), &mcp.CallToolParams{Name: "run", Arguments: map[string]any{"command": "ls"}})
		if err != nil || res.IsError {
			b.Fatalf("run ls: %v %v", err, res)
		}
		ours = append(ours, time.Since(t0))
		t0 = time.Now()
		cmd := exec.Command(ls)
		cmd.Dir = ws
		if err := cmd.Run(); err != nil {
			b.Fatal(err)
		}
		fork = append(fork, time.Since(t0))
	}
	b.ReportMetric(float64(p50(ours))/float64(p50(fork)), "run-ls-x-forkexec")
	b.ReportMetric(float64(p50(ours).Microseconds())/1000, "run-ls-ms")
	b.ReportMetric(float64(p50(fork).Microseconds())/1000, "forkexec-ls-ms")
	b.ReportMetric(float64(start.Microseconds())/1000, "start-to-list-ms")
	b.ReportMetric(float64(rss)/(1<<20), "idle-rss-MB")
}

// startToList starts the server n times and returns the median time to a
// completed tools/list, and the resident memory of the last one then.
func startToList(b *testing.B, ws string, n int) (time.Duration, int64) {
	var times []time.Duration
	var rss int64
	for range n {
		cmd, errb := serverCmd(b, ws)
		t0 := time.Now()
		cs, err := newClient().Connect(context.Background(), &mcp.CommandTransport{Command: cmd}, nil)
		if err != nil {
			b.Fatalf("connect: %v\n%s", err, errb)
		}
		if _, err := cs.ListTools(context.Background(), nil); err != nil {
			b.Fatal(err)
		}
		times = append(times, time.Since(t0))
		rss = residentBytes(cmd.Process.Pid)
		cs.Close()
	}
	return p50(times), rss
}

func stdioSessionTB(b *testing.B, ws string) (*mcp.ClientSession, *syncBuffer) {
	cmd, errb := serverCmd(b, ws)
	cs, err := newClient().Connect(context.Background(), &mcp.CommandTransport{Command: cmd}, nil)
	if err != nil {
		b.Fatalf("connect: %v\n%s", err, errb)
	}
	b.Cleanup(func() { cs.Close() })
	return cs, errb
}

// residentBytes reads VmRSS of a process (0 where /proc is missing).
func residentBytes(pid int) int64 {
	data, err := os.ReadFile(fmt.Sprintf("/proc/%d/status", pid))
	if err != nil {
		return 0
	}
	for _, line := range strings.Split(string(data), "\n") {
		if v, ok := strings.CutPrefix(line, "VmRSS:"); ok {
			kb, _ := strconv.ParseInt(strings.TrimSuffix(strings.TrimSpace(v), " kB"), 10, 64)
			return kb << 10
		}
	}
	return 0
}

func p50(d []time.Duration) time.Duration {
	s := slices.Clone(d)
	slices.Sort(s)
	return s[len(s)/2]
}
