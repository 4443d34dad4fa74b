package main

import (
	"bytes"
	"context"
	"flag"
	"fmt"
	"io/fs"
	"math/rand/v2"
	"os"
	"path/filepath"
	"regexp"
	"strconv"
	"sync"
	"testing"
	"time"

	"github.com/modelcontextprotocol/go-sdk/mcp"

	"github.com/shellfence/shellfence/patch"
)

var (
	crash     = flag.Bool("crash", false, "kill the server at random points of a stream of writes and check every file (about 40 s)")
	crashTime = flag.Duration("crashtime", 40*time.Second, "how long TestCrashSafety goes on")
)

// crashLines is how many lines each version of a file has (about 256
// KiB): big enough that a write takes a while, so kills land inside
// writes.
const crashLines = 10000

// crashFiles are the files of the crash test, each replaced by one way of
// writing: the tool, or the command line, that puts its next version.
var crashFiles = []string{"write.txt", "edit.txt", "patch.txt", "sed.txt", "mv.txt", "cp.txt", "copy_file.txt", "move_path.txt"}

// fileVersion is the content of version v of the file name: a header naming
// both, then crashLines lines "line i of version v.". Any mix of two
// versions or any truncation differs from every version.
func fileVersion(name string, v int) []byte {
	var b bytes.Buffer
	fmt.Fprintf(&b, "%s version %d.\n", name, v)
	for i := range crashLines {
		fmt.Fprintf(&b, "line %d of version %d.\n", i, v)
	}
	return b.Bytes()
}

var headerRE = regexp.MustCompile(`^(\S+) version (\d+)\.\n`)

// versionOf returns the file name and version data is, or ok false when
// it is no version of any file (a torn or truncated write).
func versionOf(data []byte) (name string, v int, ok bool) {
	m := headerRE.FindSubmatch(data)
	if m == nil {
		return "", 0, false
	}
	v, _ = strconv.Atoi(string(m[2]))
	return string(m[1]), v, bytes.Equal(data, fileVersion(string(m[1]), v))
}

// tempRE matches the temporary files of atomic writes: WriteAtomic's
// .NAME.XXXXXXXXXXXX, patch's .patchXXXXXXXXXXXX, cp's .cp-XXXXXXXXXXXX, sed -i's sedXXXXXXXXXXXX.
var tempRE = regexp.MustCompile(`^(\..+\.[0-9a-f]{12}|\.patch[0-9a-f]{12}|\.cp-[0-9a-f]{12}|sed[0-9a-f]{12})$`)

// crashState is what the test knows of each file: the last version
// acknowledged, and the last sent (acknowledged or not).
type crashState struct {
	mu          sync.Mutex
	acked, sent map[string]int
	calls       int
	// calling gets the tool and path of each call as it is sent; the
	// killer picks one and kills the server a moment later, inside it.
	calling chan string
	took    map[string]time.Duration // time of the acknowledged calls, by tool
	count   map[string]int
}

// TestCrashSafety sends a stream of writes (write_file, edit_file,
// apply_patch, copy_file, move_path, and sed -i, mv and cp through run)
// each replacing a file with a complete new version, and kills the server
// with SIGKILL at random times. After each kill, every file must be
// exactly one of its versions (never a mix, never truncated), at least
// the last one acknowledged; leftover temporary files are counted.
func TestCrashSafety(t *testing.T) {
	if !*crash {
		t.Skip("run with -crash (about 40 s)")
	}
	serverBin(t)
	ws := t.TempDir()
	st := &crashState{acked: map[string]int{}, sent: map[string]int{}, took: map[string]time.Duration{}, count: map[string]int{}}
	os.Mkdir(filepath.Join(ws, "stage"), 0o755)
	for _, name := range crashFiles {
		if err := os.WriteFile(filepath.Join(ws, name), fileVersion(name, 0), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	end := time.Now().Add(*crashTime)
	kills, temps := 0, map[string]bool{}
	for time.Now().Before(end) {
		crashCycle(t, ws, st, rand.IntN(12))
		kills++
		checkCrashed(t, ws, st, temps)
		if t.Failed() {
			break
		}
	}
	t.Logf("%d kills, %d calls acknowledged, %d temporary files left in all: %v", kills, st.calls, len(temps), keys(temps))
	for what, d := range st.took {
		t.Logf("%s: %d calls, %v each", what, st.count[what], d/time.Duration(st.count[what]))
	}
}

// crashCycle starts the server, sends writes until it kills it after d,
// and waits for it to be gone.
func crashCycle(t *testing.T, ws string, st *crashState, calls int) {
	cmd, errb := serverCmd(t, ws, "--quiet", "--edit-delete-backup")
	stdin, _ := cmd.StdinPipe()
	stdout, _ := cmd.StdoutPipe()
	if err := cmd.Start(); err != nil {
		t.Fatal(err)
	}
	cs, err := newClient().Connect(context.Background(), &mcp.IOTransport{Reader: stdout, Writer: stdin}, nil)
	if err != nil {
		cmd.Process.Kill()
		cmd.Wait()
		t.Fatalf("connect: %v\n%s", err, errb)
	}
	st.calling = make(chan string, 1)
	done := make(chan struct{})
	go func() {
		defer close(done)
		for i := rand.IntN(len(crashFiles)); ; i++ {
			if !crashWrite(t, cs, ws, st, crashFiles[i%len(crashFiles)]) {
				return
			}
		}
	}()
	killAfter(st, calls)
	cmd.Process.Kill()
	cmd.Wait()
	<-done
	cs.Close()
}

// killAfter returns in the middle of call number n of the stream (or
// after a second, if the stream stops): a random moment within the time
// such a call takes.
func killAfter(st *crashState, n int) {
	timeout := time.After(time.Second)
	for i := 0; ; i++ {
		select {
		case what := <-st.calling:
			if i < n {
				continue
			}
			st.mu.Lock()
			typical := st.took[what] / time.Duration(max(st.count[what], 1))
			st.mu.Unlock()
			time.Sleep(time.Duration(rand.Int64N(int64(typical + time.Millisecond))))
			return
		case <-timeout:
			return
		}
	}
}

// crashWrite puts the next version of name, and records it as sent and,
// when the server answers without error, as acknowledged. It reports
// whether the server answered.
func crashWrite(t *testing.T, cs *mcp.ClientSession, ws string, st *crashState, name string) bool {
	cur, err := os.ReadFile(filepath.Join(ws, name))
	if err != nil {
		t.Errorf("%s: %v", name, err)
		return false
	}
	_, v, ok := versionOf(cur)
	if !ok {
		return false // checkCrashed reports it
	}
	next := v + 1
	st.mu.Lock()
	next = max(next, st.sent[name]+1)
	st.sent[name] = next
	st.mu.Unlock()
	from, to := fmt.Sprintf("version %d\\.", v), fmt.Sprintf("version %d.", next)
	stage := "stage/" + name
	var calls [][2]any
	switch name {
	case "write.txt":
		calls = append(calls, [2]any{"write_file", map[string]any{"path": name, "text": string(fileVersion(name, next))}})
	case "edit.txt":
		calls = append(calls, [2]any{"edit_file", map[string]any{"path": name, "script": "s/" + from + "/" + to + "/"}})
	case "patch.txt":
		diff := patch.Unified("a/"+name, "b/"+name, cur, fileVersion(name, next), patch.UnifiedOptions{})
		calls = append(calls, [2]any{"apply_patch", map[string]any{"patch": string(diff)}})
	case "sed.txt":
		calls = append(calls, [2]any{"run", map[string]any{"command": "sed -i 's/" + from + "/" + to + "/' " + name}})
	case "mv.txt", "cp.txt", "copy_file.txt", "move_path.txt":
		calls = append(calls, [2]any{"write_file", map[string]any{"path": stage, "text": string(fileVersion(name, next))}})
		calls = append(calls, map[string][2]any{
			"mv.txt":        {"run", map[string]any{"command": "mv " + stage + " " + name}},
			"cp.txt":        {"run", map[string]any{"command": "cp " + stage + " " + name}},
			"copy_file.txt": {"copy_file", map[string]any{"source": stage, "destination": name}},
			"move_path.txt": {"move_path", map[string]any{"source": stage, "destination": name}},
		}[name])
	}
	for _, c := range calls {
		what := fmt.Sprint(c[0], " ", name)
		select {
		case st.calling <- what:
		default:
		}
		start := time.Now()
		res, err := cs.CallTool(context.Background(), &mcp.CallToolParams{Name: c[0].(string), Arguments: c[1]})
		if err != nil {
			return false
		}
		st.mu.Lock()
		st.took[what] += time.Since(start)
		st.count[what]++
		st.mu.Unlock()
		if res.IsError {
			t.Errorf("%s %s: %s", c[0], name, text(res))
			return false
		}
	}
	st.mu.Lock()
	st.acked[name] = max(st.acked[name], next)
	st.calls += len(calls)
	st.mu.Unlock()
	return true
}

// checkCrashed checks every file of the workspace after a kill.
func checkCrashed(t *testing.T, ws string, st *crashState, temps map[string]bool) {
	st.mu.Lock()
	defer st.mu.Unlock()
	filepath.WalkDir(ws, func(p string, d fs.DirEntry, err error) error {
		if err != nil || d.IsDir() {
			return err
		}
		rel, _ := filepath.Rel(ws, p)
		if tempRE.MatchString(d.Name()) {
			temps[rel] = true // a killed write's: never a name the test writes
			return nil
		}
		data, err := os.ReadFile(p)
		if err != nil {
			t.Error(err)
			return nil
		}
		name, v, ok := versionOf(data)
		switch {
		case !ok:
			t.Errorf("%s is no version of any file: %d bytes, starting %q", rel, len(data), data[:min(len(data), 60)])
		case rel == name && v < st.acked[name]:
			t.Errorf("%s is version %d, but version %d was acknowledged", rel, v, st.acked[name])
		case rel == name && v > st.sent[name]:
			t.Errorf("%s is version %d, but only %d were sent", rel, v, st.sent[name])
		}
		return nil
	})
	for _, name := range crashFiles {
		if _, err := os.Stat(filepath.Join(ws, name)); err != nil {
			t.Errorf("%s is gone: %v", name, err)
		}
	}
}

func keys(m map[string]bool) []string {
	var out []string
	for k := range m {
		out = append(out, k)
	}
	return out
}
