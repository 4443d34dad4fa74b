package main

import (
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"
)

func TestCheckSettings(t *testing.T) {
	ws := t.TempDir()
	os.WriteFile(filepath.Join(ws, "policy.json"), []byte("{}"), 0o600)
	link := filepath.Join(t.TempDir(), "ws")
	os.Symlink(ws, link)
	tests := []struct {
		name string
		set  func(*settings)
		want string // "" for none
	}{
		{"default", func(s *settings) {}, ""},
		{"config inside", func(s *settings) { s.conf = filepath.Join(ws, "policy.json") }, "is inside the workspace"},
		{"config inside by a symlink", func(s *settings) { s.cwd, s.conf = link, filepath.Join(ws, "policy.json") }, "is inside the workspace"},
		{"config inside, allowed", func(s *settings) {
			s.conf, s.allowConfigInWorkspace = filepath.Join(ws, "policy.json"), true
		}, ""},
		{"config outside", func(s *settings) { s.conf = writeConfig(t, "{}") }, ""},
		{"allow", func(s *settings) { s.allow = []string{"ls", "python", "cd"} }, "allow: no such command: python, cd (the commands: [ "},
		{"compat", func(s *settings) { s.compat = "other" }, `compat "other"`},
		{"origins", func(s *settings) { s.corsOrigins = []string{"http://a.example/path"} }, `cors origin "http://a.example/path"`},
		{"short token", func(s *settings) { s.auth = "abc" }, "the token is 3 characters long"},
		{"max output", func(s *settings) { s.maxOutput = 0 }, "max output 0"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			s := defaultSettings()
			s.cwd = ws
			tt.set(&s)
			err := checkSettings(&s)
			if tt.want == "" && err != nil || tt.want != "" && (err == nil || !strings.Contains(err.Error(), tt.want)) {
				t.Errorf("got %v, want %q", err, tt.want)
			}
		})
	}
}

func TestDefaultTimeoutCapped(t *testing.T) {
	s := defaultSettings()
	s.maxTimeout = 5 * time.Second
	if err := checkSettings(&s); err != nil || s.defaultTimeout != 5*time.Second {
		t.Errorf("default timeout %v, err %v", s.defaultTimeout, err)
	}
}
