package main

import (
	"bytes"
	"encoding/json"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/shellfence/shellfence/engine/tools/mcptools"
)

func TestAuditLog(t *testing.T) {
	file := filepath.Join(t.TempDir(), "audit.log")
	os.WriteFile(file, []byte("earlier line\n"), 0o600)
	var stderr bytes.Buffer
	s := defaultSettings()
	s.auditLog = file
	a, err := openAudit(&s, &stderr, "secret-0123456789abcdef")
	if err != nil {
		t.Fatal(err)
	}
	code := 3
	long := strings.Repeat("é", 300) // 600 bytes
	a.log(mcptools.Entry{Time: time.Date(2026, 1, 2, 3, 4, 5, 0, time.UTC), Session: "S1", Tool: "run",
		Arguments: json.RawMessage(`{"command":"echo secret-0123456789abcdef","stdin":"` + long + `","env":{"A":"` + long + `"}}`),
		IsError:   true, ExitCode: &code, Duration: 1500 * time.Millisecond, Bytes: 42})
	a.close()
	data, _ := os.ReadFile(file)
	lines := strings.Split(string(data), "\n")
	if lines[0] != "earlier line" || len(lines) != 3 {
		t.Fatalf("not appended as one line:\n%s", data)
	}
	short := strings.Repeat("é", 100) + "…[600 bytes in all]"
	want := `{"time":"2026-01-02T03:04:05Z","session":"S1","tool":"run","arguments":{"command":"echo [token]","env":{"A":"` +
		short + `"},"stdin":"` + short + `"},"is_error":true,"exit_code":3,"duration_ms":1500,"bytes":42}`
	if lines[1] != want {
		t.Errorf("got  %s\nwant %s", lines[1], want)
	}
	if stderr.String() != lines[1]+"\n" {
		t.Errorf("stderr: %q", stderr.String())
	}
}

func TestAuditQuiet(t *testing.T) {
	var stderr bytes.Buffer
	s := defaultSettings()
	s.quiet = true
	a, err := openAudit(&s, &stderr, "")
	if err != nil {
		t.Fatal(err)
	}
	a.log(mcptools.Entry{Tool: "run"})
	if stderr.Len() != 0 {
		t.Errorf("quiet, yet: %q", stderr.String())
	}
}
