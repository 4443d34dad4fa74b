package main

import (
	"encoding/json"
	"fmt"
	"io"
	"sync"
	"time"
)

// A logger writes the server's own messages on stderr: as "shellfence: "
// lines, or with --log-format json as one JSON object per line (time,
// level, msg and the fields given), for a cluster's log collector.
type logger struct {
	mu   sync.Mutex
	w    io.Writer
	json bool
}

func newLogger(w io.Writer, format string) *logger {
	return &logger{w: w, json: format == "json"}
}

// info logs msg with fields (name, value pairs).
func (l *logger) info(msg string, fields ...any) { l.log("info", msg, fields) }

// warn logs msg as a warning.
func (l *logger) warn(msg string, fields ...any) { l.log("warn", msg, fields) }

// error logs msg as an error.
func (l *logger) error(msg string, fields ...any) { l.log("error", msg, fields) }

func (l *logger) log(level, msg string, fields []any) {
	l.mu.Lock()
	defer l.mu.Unlock()
	if !l.json {
		prefix := "shellfence: "
		if level == "warn" {
			prefix += "warning: "
		}
		fmt.Fprintf(l.w, "%s%s\n", prefix, msg)
		return
	}
	obj := map[string]any{"time": time.Now().UTC().Format(time.RFC3339Nano), "level": level, "msg": msg}
	for i := 0; i+1 < len(fields); i += 2 {
		if k, ok := fields[i].(string); ok {
			obj[k] = fields[i+1]
		}
	}
	b, err := json.Marshal(obj)
	if err != nil {
		b, _ = json.Marshal(map[string]any{"level": level, "msg": msg})
	}
	l.w.Write(append(b, '\n'))
}
