package main

import (
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"testing"

	"github.com/shellfence/shellfence/engine"
)

// TestReadmePolicy checks the README's policy section: its configs load,
// and its writer example prints what the README shows.
func TestReadmePolicy(t *testing.T) {
	text, err := os.ReadFile(filepath.Join("..", "..", "README.md"))
	if err != nil {
		t.Fatal(err)
	}
	_, section, ok := strings.Cut(string(text), "\n## Policy")
	if !ok {
		t.Fatal("the README has no policy section")
	}
	section, _, _ = strings.Cut(section, "\n## ")
	blocks := regexp.MustCompile("(?s)```json\n(.*?)```").FindAllStringSubmatch(section, -1)
	if len(blocks) != 2 {
		t.Fatalf("%d JSON blocks in the policy section, want 2", len(blocks))
	}
	for _, b := range blocks {
		s := defaultSettings()
		if _, err := decodeConfig([]byte(b[1]), &s); err != nil {
			t.Errorf("config %s: %v", b[1], err)
		}
		if err := engine.CheckRules(s.rules); err != nil {
			t.Errorf("config %s: %v", b[1], err)
		}
	}
	writer := writeConfig(t, blocks[1][1])
	ws := t.TempDir()
	for _, d := range []string{"build", "src"} {
		os.MkdirAll(filepath.Join(ws, d), 0o755)
	}
	for _, f := range []string{"build/a.o", "build/b.o", "src/c.o"} {
		os.WriteFile(filepath.Join(ws, f), nil, 0o644)
	}
	m := regexp.MustCompile(`\$ shellfence run --rules writer.json '(.*)'\n(.*)\n`).FindStringSubmatch(section)
	if m == nil {
		t.Fatal("no run example in the policy section")
	}
	got := runCLI(t, "run", "--cwd", ws, "--rules", writer, m[1])
	if got.Code != 126 || got.Stderr != m[2]+"\n" || got.Stdout != "" {
		t.Errorf("%s: %+v, want 126 and %q", m[1], got, m[2])
	}
	if _, err := os.Stat(filepath.Join(ws, "build", "a.o")); err == nil {
		t.Error("build/a.o is still there")
	}
	if _, err := os.Stat(filepath.Join(ws, "build", "b.o")); err != nil {
		t.Errorf("build/b.o was removed: %v", err)
	}
	got = runCLI(t, "commands", "--rules", writer, "--allow", "rm,find,ls")
	if got.Code != 0 || !strings.Contains(section, "--allow rm,find,ls\n"+got.Stdout) {
		t.Errorf("commands prints\n%s\nnot what the README shows", got.Stdout)
	}
}
