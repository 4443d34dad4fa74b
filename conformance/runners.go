package conformance

import (
	"bytes"
	"context"
	"errors"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"strings"
	"time"

	"github.com/shellfence/shellfence/engine"
	"github.com/shellfence/shellfence/vfs"
)

// Env is the environment both sides run with (besides HOME and PWD).
var Env = []string{"LC_ALL=C.UTF-8", "LANG=C.UTF-8", "TZ=UTC"}

// Timeout bounds one case on either side.
const Timeout = 20 * time.Second

// GNUAvailable reports whether bash and the GNU tools can be run here.
func GNUAvailable() bool {
	_, err := exec.LookPath("bash")
	if err != nil {
		return false
	}
	out, err := exec.Command("ls", "--version").Output()
	return err == nil && bytes.Contains(out, []byte("GNU coreutils"))
}

// RunGNU runs cmd with bash and the GNU tools in dir.
func RunGNU(ctx context.Context, dir, cmd string) (Outcome, error) {
	ctx, cancel := context.WithTimeout(ctx, Timeout)
	defer cancel()
	c := exec.CommandContext(ctx, "bash", "-c", cmd)
	c.Dir = dir
	c.Env = append([]string{"PATH=/usr/local/bin:/usr/bin:/bin", "HOME=" + dir, "PWD=" + dir}, Env...)
	var out, errb bytes.Buffer
	c.Stdout, c.Stderr = &out, &errb
	err := c.Run()
	status := 0
	var ee *exec.ExitError
	switch {
	case errors.As(err, &ee):
		status = ee.ExitCode()
	case err != nil:
		return Outcome{}, err
	}
	return finish(dir, out.String(), normGNU(errb.String()), status)
}

// RunOurs runs cmd with shellfence's engine in dir.
func RunOurs(ctx context.Context, dir, cmd string) (Outcome, error) {
	return runOurs(ctx, dir, cmd, false)
}

// RunOursLayered is [RunOurs] over a [PassLayer] view of the workspace.
func RunOursLayered(ctx context.Context, dir, cmd string) (Outcome, error) {
	return runOurs(ctx, dir, cmd, true)
}

func runOurs(ctx context.Context, dir, cmd string, layered bool) (Outcome, error) {
	ws, err := vfs.OpenDir(dir)
	if err != nil {
		return Outcome{}, err
	}
	defer ws.Close()
	e := engine.New(ws, engine.WithEnv(Env...), engine.WithTimeout(Timeout),
		engine.WithOutputLimit(64<<20))
	req := engine.Request{Command: cmd}
	if layered {
		req.FS = Layered(ws)
	}
	res, err := e.Run(ctx, req)
	if err != nil {
		return Outcome{}, err
	}
	return finish(dir, string(res.Stdout), normOurs(string(res.Stderr)), res.ExitCode)
}

// finish puts $WORK for the workspace path and records the tree.
func finish(dir, stdout, stderr string, status int) (Outcome, error) {
	tree, err := Tree(dir)
	return Outcome{
		Stdout: strings.ReplaceAll(stdout, dir, "$WORK"),
		Stderr: strings.ReplaceAll(stderr, dir, "$WORK"),
		Status: status,
		Tree:   tree,
	}, err
}

var (
	bashPrefix = regexp.MustCompile(`(?m)^bash: (line \d+: )?`)
	ourPrefix  = regexp.MustCompile(`(?m)^(shellfence: (line \d+, column \d+: )?|bash: (line \d+: )?)`)
	// ourHint is the line shellfence adds after "command not found".
	ourHint = regexp.MustCompile(`(?m)^shellfence: [^\n]*: this shell runs only its built-in commands[^\n]*\n`)
)

// normGNU drops bash's "bash: line N: " prefix, which names the shell
// rather than the command.
func normGNU(s string) string { return bashPrefix.ReplaceAllString(s, "") }

// normOurs drops shellfence's own "shellfence: " prefix likewise.
// The hint after "command not found" is dropped too.
func normOurs(s string) string {
	return ourPrefix.ReplaceAllString(ourHint.ReplaceAllString(s, ""), "")
}

// TempWorkspace makes a fresh directory, with symlinks in its path
// resolved so that both sides print the same path.
func TempWorkspace(parent string) (string, error) {
	d, err := os.MkdirTemp(parent, "ws")
	if err != nil {
		return "", err
	}
	return filepath.EvalSymlinks(d)
}
