package builtins_test

import (
	"testing"
	"time"

	"github.com/shellfence/shellfence/vfs/vfstest"
)

// TestTimeoutStopsCommand checks that timeout stops a command that would
// run for ever, soon after the limit, with status 124.
func TestTimeoutStopsCommand(t *testing.T) {
	ws, _ := vfstest.Workspace(t, map[string]string{})
	tests := []struct {
		cmd  string
		want int
	}{
		{"timeout 0.1 sh -c 'while :; do :; done'", 124},
		{"yes | timeout 0.1 cat > /dev/null", 124},
		{"timeout -s KILL 0.1 sleep 60", 137},
		{"timeout --preserve-status -s HUP 0.1 sleep 60", 129},
		{"timeout 30 sh -c 'exit 7'", 7},
	}
	for _, tc := range tests {
		start := time.Now()
		_, stderr, code := run(t, ws, tc.cmd)
		if code != tc.want {
			t.Errorf("%s: status %d, want %d (stderr %q)", tc.cmd, code, tc.want, stderr)
		}
		if d := time.Since(start); d > 5*time.Second {
			t.Errorf("%s: took %v", tc.cmd, d)
		}
	}
}

// TestEnvsubstSeesRunEnvironmentOnly checks that envsubst and printenv
// read the run's variables, never the host's.
func TestEnvsubstSeesRunEnvironmentOnly(t *testing.T) {
	t.Setenv("SF_HOST_SECRET", "leak")
	ws, _ := vfstest.Workspace(t, map[string]string{})
	out, _, _ := run(t, ws, `echo '[$SF_HOST_SECRET]' | envsubst; printenv SF_HOST_SECRET; echo $?`)
	if out != "[]\n1\n" {
		t.Errorf("got %q", out)
	}
}
