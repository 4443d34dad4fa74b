//go:build unix

package main

import (
	"bufio"
	"flag"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"strings"
	"syscall"
	"testing"
	"time"
)

var (
	hostile     = flag.Bool("hostile", false, "run the hostile command lines of testdata/hostile.txt through the binary")
	hostileOnly = flag.String("hostile.only", "", "with -hostile, only the command lines this regexp matches")
)

// TestHostile runs each hostile command line through the static binary
// with --timeout 5s: it must end within 8 s with its message, stay under
// 512 MiB of resident memory, and leave no file over 1.1 GiB.
func TestHostile(t *testing.T) {
	if !*hostile {
		t.Skip("run with -hostile (about a minute)")
	}
	bin := serverBin(t)
	for _, line := range hostileLines(t) {
		cmdline, want, _ := strings.Cut(line, "\t")
		t.Run(cmdline, func(t *testing.T) { hostileRun(t, bin, cmdline, want) })
	}
}

// hostileLines are the command lines of testdata/hostile.txt, each with
// its message after a tab.
func hostileLines(t *testing.T) []string {
	f, err := os.Open("testdata/hostile.txt")
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	only, err := regexp.Compile(*hostileOnly)
	if err != nil {
		t.Fatalf("-hostile.only: %v", err)
	}
	var lines []string
	sc := bufio.NewScanner(f)
	for sc.Scan() {
		if l := sc.Text(); l != "" && !strings.HasPrefix(l, "#") && only.MatchString(l) {
			lines = append(lines, l)
		}
	}
	return lines
}

func hostileRun(t *testing.T, bin, cmdline, want string) {
	ws := t.TempDir()
	cmd := exec.Command(bin, "run", "--timeout", "5s", "--cwd", ws, cmdline)
	var errb strings.Builder
	cmd.Stdout, cmd.Stderr = nil, &errb
	start := time.Now()
	cmd.Run()
	took := time.Since(start)
	rss := cmd.ProcessState.SysUsage().(*syscall.Rusage).Maxrss << 10
	t.Logf("exit %d after %v, peak RSS %d MiB: %s", cmd.ProcessState.ExitCode(), took.Round(time.Millisecond), rss>>20, lastLine(errb.String()))
	if took > 8*time.Second {
		t.Errorf("took %v", took)
	}
	if rss > 512<<20 {
		t.Errorf("peak RSS %d MiB", rss>>20)
	}
	if !saysOneOf(errb.String(), want) {
		t.Errorf("stderr does not say %q: %q", want, lastLine(errb.String()))
	}
	filepath.Walk(ws, func(p string, fi os.FileInfo, err error) error {
		if err == nil && fi.Size() > 1100<<20 && fi.Mode().IsRegular() {
			t.Errorf("%s has %d bytes", p, fi.Size())
		}
		return nil
	})
}

// saysOneOf reports whether s holds one of the texts of want, separated
// by " | " (a slow bomb may meet its timeout before its budget).
func saysOneOf(s, want string) bool {
	for _, w := range strings.Split(want, " | ") {
		if strings.Contains(s, w) {
			return true
		}
	}
	return false
}

func lastLine(s string) string {
	s = strings.TrimRight(s, "\n")
	return s[strings.LastIndexByte(s, '\n')+1:]
}
