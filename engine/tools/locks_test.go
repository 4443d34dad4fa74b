package tools_test

import (
	"context"
	"encoding/json"
	"fmt"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/shellfence/shellfence/engine/tools"
)

// TestConcurrentEditsSerialised has many sessions append a line each to
// one file at once, with edit_file, write_file's append, and apply_patch
// naming the file inside the patch: every line must be there once. (Each
// edit reads the file and renames a new version over it; unserialised,
// concurrent edits lose lines.)
func TestConcurrentEditsSerialised(t *testing.T) {
	dir, tb, _ := box(t, map[string]string{"shared.txt": "start\n", "other.txt": "x\n"}, tools.Config{EditDeleteBackup: true})
	const workers, each = 8, 12
	var wg sync.WaitGroup
	errs := make(chan string, workers*each)
	for w := range workers {
		wg.Add(1)
		go func() {
			defer wg.Done()
			s := tb.NewSession()
			defer s.Close()
			for i := range each {
				line := fmt.Sprintf("w%d-%d", w, i)
				var name, args string
				switch i % 3 {
				case 0:
					name, args = "edit_file", fmt.Sprintf(`{"path": "shared.txt", "script": "$a\\\n%s"}`, line)
				case 1:
					name, args = "write_file", fmt.Sprintf(`{"path": "shared.txt", "text": "%s\n", "append": true}`, line)
				default: // the file named inside the patch: the whole workspace is locked
					name, args = "apply_patch", fmt.Sprintf(`{"patch": "--- a/shared.txt\n+++ b/shared.txt\n@@ -0,0 +1 @@\n+%s\n"}`, line)
				}
				if res := tb.Call(context.Background(), s, name, json.RawMessage(args)); res.IsError {
					errs <- name + ": " + res.Text
				}
			}
		}()
	}
	wg.Wait()
	close(errs)
	for e := range errs {
		t.Error(e)
	}
	data, err := os.ReadFile(filepath.Join(dir, "shared.txt"))
	if err != nil {
		t.Fatal(err)
	}
	lines := strings.Split(strings.TrimSuffix(string(data), "\n"), "\n")
	slices.Sort(lines)
	var want []string
	for w := range workers {
		for i := range each {
			want = append(want, fmt.Sprintf("w%d-%d", w, i))
		}
	}
	want = append(want, "start")
	slices.Sort(want)
	if !slices.Equal(lines, want) {
		t.Errorf("%d lines, want %d:\n%s", len(lines), len(want), data)
	}
}

// TestLockWaitCancelled: a call waiting for another's lock of its file
// ends when its context does, with a message saying why.
func TestLockWaitCancelled(t *testing.T) {
	_, tb, s := box(t, map[string]string{"f.txt": "a\n"}, tools.Config{})
	// an edit that loops until its session is closed holds the lock
	loop := tb.NewSession()
	started := make(chan struct{})
	go func() {
		close(started)
		tb.Call(context.Background(), loop, "edit_file", json.RawMessage(`{"path": "f.txt", "script": ":a;ba"}`))
	}()
	<-started
	time.Sleep(100 * time.Millisecond)
	ctx, cancel := context.WithTimeout(context.Background(), 200*time.Millisecond)
	defer cancel()
	res := tb.Call(ctx, s, "write_file", json.RawMessage(`{"path": "f.txt", "text": "b\n"}`))
	if !res.IsError || !strings.Contains(res.Text, "waiting for another call writing the same file") {
		t.Errorf("write_file while f.txt is edited: %v %s", res.IsError, res.Text)
	}
	loop.Close()
	if res := tb.Call(context.Background(), s, "write_file", json.RawMessage(`{"path": "f.txt", "text": "b\n"}`)); res.IsError {
		t.Errorf("write_file after the edit ended: %s", res.Text)
	}
}
