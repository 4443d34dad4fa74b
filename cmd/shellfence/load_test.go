package main

import (
	"context"
	"flag"
	"fmt"
	"math/rand/v2"
	"net/http"
	"os"
	"path/filepath"
	"regexp"
	"slices"
	"strconv"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/modelcontextprotocol/go-sdk/mcp"
)

var (
	load      = flag.Bool("load", false, "drive one HTTP server with 64 clients making 20,000 mixed calls")
	loadCalls = flag.Int("loadcalls", 20000, "calls TestLoad makes in all")
)

// loadToken is the bearer token of the load test's server.
const loadToken = "load-test-token-0123456789"

// latencies collects call durations by tool.
type latencies struct {
	mu   sync.Mutex
	byOp map[string][]time.Duration
}

func (l *latencies) add(op string, d time.Duration) {
	l.mu.Lock()
	defer l.mu.Unlock()
	l.byOp[op] = append(l.byOp[op], d)
	l.byOp["all"] = append(l.byOp["all"], d)
}

// quantile is the q-quantile of ds, which it sorts.
func quantile(ds []time.Duration, q float64) time.Duration {
	if len(ds) == 0 {
		return 0
	}
	slices.Sort(ds)
	return ds[min(len(ds)-1, int(q*float64(len(ds))))]
}

func (l *latencies) report(t *testing.T) {
	l.mu.Lock()
	defer l.mu.Unlock()
	var ops []string
	for op := range l.byOp {
		ops = append(ops, op)
	}
	slices.Sort(ops)
	for _, op := range ops {
		ds := l.byOp[op]
		t.Logf("%-22s %6d calls  p50 %8v  p90 %8v  p99 %8v  max %8v", op, len(ds),
			quantile(ds, 0.5).Round(10*time.Microsecond), quantile(ds, 0.9).Round(10*time.Microsecond),
			quantile(ds, 0.99).Round(10*time.Microsecond), quantile(ds, 1).Round(10*time.Microsecond))
	}
}

// procStatus reads fields of /proc/PID/status, in KiB or as counts.
func procStatus(pid int, field string) int64 {
	data, err := os.ReadFile(fmt.Sprintf("/proc/%d/status", pid))
	if err != nil {
		return -1
	}
	for _, line := range strings.Split(string(data), "\n") {
		if rest, ok := strings.CutPrefix(line, field+":"); ok {
			n, _ := strconv.ParseInt(strings.Fields(rest)[0], 10, 64)
			return n
		}
	}
	return -1
}

// TestLoad drives one server over streamable HTTP with 64 client
// sessions making mixed calls (run, read_file, write_file, edit_file):
// each client writes and edits its own files and checks every read, and
// all of them append unique lines to one shared file with edit_file.
// There must be no protocol error, no lost or corrupted write, and every
// shared line once; it reports latencies, peak RSS and threads.
func TestLoad(t *testing.T) {
	if !*load {
		t.Skip("run with -load (about a minute)")
	}
	ws := t.TempDir()
	os.WriteFile(filepath.Join(ws, "shared.txt"), []byte("shared\n"), 0o644)
	srv := startHTTP(t, ws, "--http", "127.0.0.1:0", "--auth", loadToken, "--quiet", "--edit-delete-backup")
	srv.token = loadToken
	pid := srv.cmd.Process.Pid
	const clients = 64
	tr := http.DefaultTransport.(*http.Transport).Clone()
	tr.MaxIdleConnsPerHost = 2 * clients
	sessions := make([]*mcp.ClientSession, clients)
	for i := range sessions {
		sessions[i] = loadSession(t, srv, tr)
	}
	callTool(t, sessions[0], "run", map[string]any{"command": "echo warm"})
	threadsBefore, rssBefore := procStatus(pid, "Threads"), procStatus(pid, "VmRSS")
	lat := &latencies{byOp: map[string][]time.Duration{}}
	var wg sync.WaitGroup
	errs := make(chan error, clients)
	shared := make(chan string, *loadCalls)
	start := time.Now()
	for i, cs := range sessions {
		wg.Add(1)
		go func() {
			defer wg.Done()
			n := *loadCalls / clients
			if i < *loadCalls%clients {
				n++
			}
			errs <- loadClient(cs, i, n, lat, shared)
		}()
	}
	wg.Wait()
	took := time.Since(start)
	close(errs)
	close(shared)
	for err := range errs {
		if err != nil {
			t.Error(err)
		}
	}
	checkShared(t, ws, shared)
	for _, cs := range sessions {
		cs.Close()
	}
	time.Sleep(time.Second)
	lat.report(t)
	t.Logf("%d calls in %v (%.0f/s); peak RSS (VmHWM) %d MiB; RSS %d MiB before, %d MiB after; threads %d before, %d after",
		len(lat.byOp["all"]), took.Round(time.Millisecond), float64(len(lat.byOp["all"]))/took.Seconds(),
		procStatus(pid, "VmHWM")>>10, rssBefore>>10, procStatus(pid, "VmRSS")>>10, threadsBefore, procStatus(pid, "Threads"))
	if p99 := quantile(lat.byOp["all"], 0.99); p99 > 2*time.Second {
		t.Errorf("p99 latency %v", p99)
	}
}

// loadClient makes n calls as client i: its own files own-i/f0..f3 are
// written, edited, read back and listed; some calls append a line to
// the shared file, whose lines go to shared. It returns the first
// failure.
func loadClient(cs *mcp.ClientSession, i, n int, lat *latencies, shared chan<- string) error {
	rng := rand.New(rand.NewPCG(uint64(i), 1))
	own := map[string]string{} // path -> content expected
	call := func(op, tool string, args map[string]any) (map[string]any, error) {
		start := time.Now()
		res, err := cs.CallTool(context.Background(), &mcp.CallToolParams{Name: tool, Arguments: args})
		lat.add(op, time.Since(start))
		if err != nil {
			return nil, fmt.Errorf("client %d: %s %v: protocol error: %v", i, tool, args, err)
		}
		out, _ := res.StructuredContent.(map[string]any)
		if res.IsError {
			return out, fmt.Errorf("client %d: %s %v: %s", i, tool, args, text(res))
		}
		return out, nil
	}
	for k := range n {
		f := fmt.Sprintf("own-%d/f%d.txt", i, rng.IntN(4))
		want, exists := own[f]
		switch r := rng.IntN(10); {
		case r < 2 || !exists:
			content := fmt.Sprintf("client %d call %d\n%s", i, k, strings.Repeat(fmt.Sprintf("payload %d %d\n", i, k), rng.IntN(200)))
			if _, err := call("write_file", "write_file", map[string]any{"path": f, "text": content}); err != nil {
				return err
			}
			own[f] = content
		case r < 4:
			out, err := call("read_file", "read_file", map[string]any{"path": f})
			if err != nil {
				return err
			}
			if out["text"] != want {
				return fmt.Errorf("client %d: read_file %s: got %.80q, want %.80q", i, f, out["text"], want)
			}
		case r < 6:
			script := fmt.Sprintf("1s/.*/client %d edit %d/", i, k)
			if _, err := call("edit_file", "edit_file", map[string]any{"path": f, "script": script}); err != nil {
				return err
			}
			_, rest, _ := strings.Cut(want, "\n")
			own[f] = fmt.Sprintf("client %d edit %d\n%s", i, k, rest)
		case r < 8:
			out, err := call("run", "run", map[string]any{"command": fmt.Sprintf("head -n 1 %s; wc -l < %s", f, f)})
			if err != nil {
				return err
			}
			first, _, _ := strings.Cut(want, "\n")
			if wantOut := fmt.Sprintf("%s\n%d\n", first, strings.Count(want, "\n")); out["stdout"] != wantOut {
				return fmt.Errorf("client %d: run head/wc %s: got %q, want %q", i, f, out["stdout"], wantOut)
			}
		default:
			line := fmt.Sprintf("line from client %d call %d %s", i, k, strings.Repeat("x", rng.IntN(40)))
			if _, err := call("edit_file shared", "edit_file", map[string]any{"path": "shared.txt", "script": "$a\\\n" + line}); err != nil {
				return err
			}
			shared <- line
		}
	}
	for f, want := range own { // every write is there
		out, err := call("read_file", "read_file", map[string]any{"path": f})
		if err != nil {
			return err
		}
		if out["text"] != want {
			return fmt.Errorf("client %d: at the end, %s: got %.80q, want %.80q", i, f, out["text"], want)
		}
	}
	return nil
}

var sharedLineRE = regexp.MustCompile(`^line from client \d+ call \d+ x*$`)

// checkShared checks that the shared file holds every line appended
// once, each whole.
func checkShared(t *testing.T, ws string, appended <-chan string) {
	data, err := os.ReadFile(filepath.Join(ws, "shared.txt"))
	if err != nil {
		t.Fatal(err)
	}
	count := map[string]int{}
	for _, l := range strings.Split(strings.TrimSuffix(string(data), "\n"), "\n")[1:] {
		if !sharedLineRE.MatchString(l) {
			t.Errorf("a torn line in the shared file: %q", l)
		}
		count[l]++
	}
	n := 0
	for l := range appended {
		n++
		if count[l] != 1 {
			t.Errorf("the shared file has %q %d times", l, count[l])
		}
		delete(count, l)
	}
	for l := range count {
		t.Errorf("the shared file has %q, never appended", l)
	}
	t.Logf("shared file: %d lines appended concurrently, each once", n)
}

// loadSession connects to srv over a transport that keeps a connection
// per client alive (the default keeps 2 a host).
func loadSession(t *testing.T, srv *httpServer, tr *http.Transport) *mcp.ClientSession {
	t.Helper()
	hc := &http.Client{Transport: bearer{srv.token, tr}}
	cs, err := newClient().Connect(context.Background(), &mcp.StreamableClientTransport{Endpoint: srv.url, HTTPClient: hc, MaxRetries: -1}, nil)
	if err != nil {
		t.Fatalf("connect: %v\n%s", err, srv.errb)
	}
	t.Cleanup(func() { cs.Close() })
	return cs
}
