package main

import (
	"bytes"
	"context"
	"os/exec"
	"strings"
	"testing"
)

// TestHostInfoLikeTheTools runs the host commands through shellfence run
// --allow-host-info and through coreutils and procps on the same host;
// the lines that do not change from one moment to the next must match.
func TestHostInfoLikeTheTools(t *testing.T) {
	cases := []struct {
		cmd  string
		head bool // compare only the first line (the header)
	}{
		{"uname", false}, {"uname -a", false}, {"uname -s -r -m", false}, {"uname -n", false},
		{"uname -o", false}, {"uname -v", false}, {"uname -p", false}, {"uname -i", false},
		{"hostname", false}, {"whoami", false}, {"id", false}, {"id -u", false}, {"id -un", false},
		{"id -G", false}, {"id -Gn", false}, {"id -gn", false}, {"nproc", false}, {"nproc --all", false},
		{"free", true}, {"free -h", true}, {"ps", true}, {"ps -ef", true},
		{"ps aux", true}, {"ps -eo pid,ppid,user,comm", true}, {"df", true}, {"df -hT", true},
	}
	for _, c := range cases {
		if _, err := exec.LookPath(strings.Fields(c.cmd)[0]); err != nil {
			t.Logf("%s: not installed", c.cmd)
			continue
		}
		real, err := exec.Command("bash", "-c", c.cmd).Output()
		if err != nil {
			t.Errorf("%s: %v", c.cmd, err)
			continue
		}
		var out, errb bytes.Buffer
		code := cli(context.Background(), []string{"run", "--cwd", t.TempDir(), "--allow-host-info", c.cmd}, strings.NewReader(""), &out, &errb)
		got, want := out.String(), string(real)
		if c.head {
			got, want = firstLine(got), firstLine(want)
		}
		if code != 0 || got != want {
			t.Errorf("%s: status %d\n got %q\nwant %q\nstderr %q", c.cmd, code, got, want, errb.String())
		}
	}
}

func firstLine(s string) string {
	line, _, _ := strings.Cut(s, "\n")
	return line
}
