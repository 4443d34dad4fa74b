package main

import (
	"encoding/json"
	"fmt"
	"io"
	"os"
	"strings"
	"sync"
	"time"
	"unicode/utf8"

	"github.com/shellfence/shellfence/engine/tools/mcptools"
)

// auditText is how much of a long string argument the audit log keeps.
const auditText = 200

// auditLog writes one JSON line per tool call to each of its writers.
type auditLog struct {
	mu     sync.Mutex
	out    []io.Writer
	file   *os.File // the --audit-log file, closed by close
	secret string   // never written: replaced where it appears
}

// auditLine is one call as the audit log shows it.
type auditLine struct {
	Time       string `json:"time"`
	Session    string `json:"session,omitempty"`
	Tool       string `json:"tool"`
	Arguments  any    `json:"arguments"`
	IsError    bool   `json:"is_error"`
	ExitCode   *int   `json:"exit_code,omitempty"`
	DurationMs int64  `json:"duration_ms"`
	Bytes      int    `json:"bytes"`
}

// openAudit returns the audit log of s: stderr unless quiet, and the
// file s.auditLog, appended to. secret is kept out of it.
func openAudit(s *settings, stderr io.Writer, secret string) (*auditLog, error) {
	a := &auditLog{secret: secret}
	if !s.quiet {
		a.out = append(a.out, stderr)
	}
	if s.auditLog != "" {
		f, err := os.OpenFile(s.auditLog, os.O_WRONLY|os.O_APPEND|os.O_CREATE, 0o600)
		if err != nil {
			return nil, fmt.Errorf("audit log: %w", err)
		}
		a.file = f
		a.out = append(a.out, f)
	}
	return a, nil
}

func (a *auditLog) close() error {
	if a.file == nil {
		return nil
	}
	return a.file.Close()
}

// log records the call e.
func (a *auditLog) log(e mcptools.Entry) {
	if len(a.out) == 0 {
		return
	}
	line := auditLine{
		Time:       e.Time.UTC().Format(time.RFC3339Nano),
		Session:    e.Session,
		Tool:       e.Tool,
		Arguments:  shortArgs(e.Arguments),
		IsError:    e.IsError,
		ExitCode:   e.ExitCode,
		DurationMs: e.Duration.Milliseconds(),
		Bytes:      e.Bytes,
	}
	b, err := json.Marshal(line)
	if err != nil {
		return
	}
	text := string(b) + "\n"
	if a.secret != "" {
		text = strings.ReplaceAll(text, a.secret, "[token]")
	}
	a.mu.Lock()
	defer a.mu.Unlock()
	for _, w := range a.out {
		io.WriteString(w, text)
	}
}

// shortArgs decodes a call's arguments with every long string cut short.
func shortArgs(raw json.RawMessage) any {
	var v any
	if len(raw) == 0 || json.Unmarshal(raw, &v) != nil {
		return shorten(string(raw))
	}
	return shortValue(v)
}

func shortValue(v any) any {
	switch v := v.(type) {
	case string:
		return shorten(v)
	case []any:
		for i := range v {
			v[i] = shortValue(v[i])
		}
	case map[string]any:
		for k := range v {
			v[k] = shortValue(v[k])
		}
	}
	return v
}

// shorten keeps the first auditText bytes of a long s (whole characters)
// and says how long it was.
func shorten(s string) string {
	if len(s) <= auditText+40 {
		return s
	}
	cut := auditText
	for cut > 0 && !utf8.RuneStart(s[cut]) {
		cut--
	}
	return fmt.Sprintf("%s…[%d bytes in all]", s[:cut], len(s))
}
