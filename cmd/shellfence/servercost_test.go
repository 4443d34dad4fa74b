//go:build unix

package main

import (
	"bufio"
	"context"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"strings"
	"syscall"
	"testing"
	"time"
)

// BenchmarkServeRunLs is the server's own share of a run of ls over
// stdio: serve runs in this process on pipes, and the client is raw
// JSON-RPC lines, so nearly all the time measured is the server's.
//
//	go test ./cmd/shellfence -run '^$' -bench ServeRunLs -benchmem
func BenchmarkServeRunLs(b *testing.B) {
	ws := b.TempDir()
	for _, n := range []string{"a.go", "b.go", "README"} {
		os.WriteFile(filepath.Join(ws, n), []byte("x\n"), 0o644)
	}
	inR, inW := io.Pipe()
	outR, outW := io.Pipe()
	done := make(chan int, 1)
	go func() {
		done <- serveCmd(context.Background(), []string{"--cwd", ws}, inR, outW, io.Discard, noEnv)
		outW.Close()
	}()
	out := bufio.NewReader(outR)
	send := func(line string) string {
		if _, err := io.WriteString(inW, line+"\n"); err != nil {
			b.Fatal(err)
		}
		if strings.Contains(line, `"id"`) {
			got, err := out.ReadString('\n')
			if err != nil {
				b.Fatal(err)
			}
			return got
		}
		return ""
	}
	send(`{"jsonrpc":"2.0","id":0,"method":"initialize","params":{"protocolVersion":"2025-06-18","capabilities":{},"clientInfo":{"name":"raw","version":"0"}}}`)
	send(`{"jsonrpc":"2.0","method":"notifications/initialized"}`)
	id := 1
	cpu0 := cpuTime()
	for b.Loop() {
		got := send(fmt.Sprintf(`{"jsonrpc":"2.0","id":%d,"method":"tools/call","params":{"name":"run","arguments":{"command":"ls"}}}`, id))
		if !strings.Contains(got, `README\na.go\nb.go\n`) {
			b.Fatalf("run ls: %s", got)
		}
		id++
	}
	b.ReportMetric(float64((cpuTime()-cpu0).Microseconds())/float64(b.N), "cpu-µs/op")
	inW.Close()
	<-done
}

// cpuTime is the CPU time this process has used, user and system.
func cpuTime() time.Duration {
	var ru syscall.Rusage
	syscall.Getrusage(syscall.RUSAGE_SELF, &ru)
	return time.Duration(ru.Utime.Nano() + ru.Stime.Nano())
}
