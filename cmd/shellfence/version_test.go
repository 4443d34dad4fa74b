package main

import (
	"bytes"
	"os/exec"
	"path/filepath"
	"regexp"
	"testing"
)

func TestPseudoCommit(t *testing.T) {
	for v, want := range map[string]string{
		"v0.0.0-20261202054406-83f4b0d2a1b3":         "83f4b0d2a1b3",
		"v0.3.1-0.20261202054406-83f4b0d2a1b3+dirty": "83f4b0d2a1b3",
		"v1.2.3":     "",
		"(devel)":    "",
		"v1.2.3-rc1": "",
	} {
		if got := pseudoCommit(v); got != want {
			t.Errorf("pseudoCommit(%q) = %q, want %q", v, got, want)
		}
	}
}

func TestVersionCommand(t *testing.T) {
	for _, arg := range []string{"version", "--version"} {
		var out, errb bytes.Buffer
		if code := cli(t.Context(), []string{arg}, nil, &out, &errb); code != 0 {
			t.Fatalf("%s: exit %d: %s", arg, code, errb.String())
		}
		re := regexp.MustCompile(`^shellfence \S+ \(commit [0-9a-z]+(, modified)?, built \S+, go\S+ \w+/\w+\)\n$`)
		if !re.MatchString(out.String()) {
			t.Errorf("%s: %q", arg, out.String())
		}
	}
}

// TestVersionLdflags builds the binary the way the release program does
// and checks that it reports what -ldflags set.
func TestVersionLdflags(t *testing.T) {
	if testing.Short() {
		t.Skip("builds the binary")
	}
	bin := filepath.Join(t.TempDir(), "shellfence")
	ld := "-X main.buildVersion=v9.8.7 -X main.buildCommit=0123456789abcdef0123 -X main.buildDate=2026-12-02T00:00:00Z"
	build := exec.Command("go", "build", "-trimpath", "-ldflags", ld, "-o", bin, ".")
	build.Env = append(build.Environ(), "CGO_ENABLED=0")
	if out, err := build.CombinedOutput(); err != nil {
		t.Fatalf("build: %v\n%s", err, out)
	}
	out, err := exec.Command(bin, "version").Output()
	if err != nil {
		t.Fatal(err)
	}
	re := regexp.MustCompile(`^shellfence v9\.8\.7 \(commit 0123456789ab, built 2026-12-02T00:00:00Z, go\S+ \w+/\w+\)\n$`)
	if !re.Match(out) {
		t.Errorf("got %q", out)
	}
}
