package main

import (
	"bytes"
	"flag"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"
)

var releaseFlag = flag.Bool("release", false, "build two release targets twice (TestReproducible; CI runs it)")

// TestReproducible makes a release of two targets twice and compares the
// bytes of every file; then sha256sum -c verifies the sums. It builds for
// minutes on a loaded machine and is never cached (its files are new each
// time), so it runs with -release only, as CI does.
func TestReproducible(t *testing.T) {
	if !*releaseFlag {
		t.Skip("builds the binaries; run with -release")
	}
	if _, err := exec.LookPath("git"); err != nil {
		t.Skip("needs git")
	}
	dirs := []string{t.TempDir(), t.TempDir()}
	for _, d := range dirs {
		var out, errb bytes.Buffer
		args := []string{"-o", d, "-version", "v1.2.3-test", "-targets", "linux/amd64,windows/amd64"}
		if code := run(args, &out, &errb); code != 0 {
			t.Fatalf("release %v: exit %d\n%s%s", args, code, out.String(), errb.String())
		}
	}
	names := listDir(t, dirs[0])
	want := []string{"SHA256SUMS", "shellfence_1.2.3-test_linux_amd64.tar.gz", "shellfence_1.2.3-test_windows_amd64.zip"}
	if strings.Join(names, " ") != strings.Join(want, " ") {
		t.Fatalf("files %v, want %v", names, want)
	}
	if again := listDir(t, dirs[1]); strings.Join(again, " ") != strings.Join(names, " ") {
		t.Fatalf("second run made %v", again)
	}
	for _, n := range names {
		a, _ := os.ReadFile(filepath.Join(dirs[0], n))
		b, _ := os.ReadFile(filepath.Join(dirs[1], n))
		if !bytes.Equal(a, b) {
			t.Errorf("%s differs between two runs (%d and %d bytes)", n, len(a), len(b))
		}
	}
	if _, err := exec.LookPath("sha256sum"); err == nil {
		cmd := exec.Command("sha256sum", "-c", "SHA256SUMS")
		cmd.Dir = dirs[0]
		if out, err := cmd.CombinedOutput(); err != nil {
			t.Errorf("sha256sum -c: %v\n%s", err, out)
		}
	}
}

func listDir(t *testing.T, dir string) []string {
	ents, err := os.ReadDir(dir)
	if err != nil {
		t.Fatal(err)
	}
	var names []string
	for _, e := range ents {
		names = append(names, e.Name())
	}
	return names
}

func TestUsage(t *testing.T) {
	for _, args := range [][]string{nil, {"-o", "x", "-dry-run"}, {"-bogus"}, {"-o", "x", "extra"}} {
		var out, errb bytes.Buffer
		if code := run(args, &out, &errb); code != 2 {
			t.Errorf("release %v: exit %d, want 2", args, code)
		}
	}
	var out, errb bytes.Buffer
	if code := run([]string{"-o", t.TempDir(), "-targets", "plan9/mips"}, &out, &errb); code != 1 || !strings.Contains(errb.String(), `target "plan9/mips": not one of`) {
		t.Errorf("unknown target: exit %d, %q", code, errb.String())
	}
	if code := run([]string{"-o", t.TempDir(), "-version", "1.0"}, &out, &errb); code != 1 || !strings.Contains(errb.String(), "want v followed by") {
		t.Errorf("bad version: exit %d, %q", code, errb.String())
	}
}
