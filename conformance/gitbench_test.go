//go:build unix

package conformance

import (
	"bufio"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"syscall"
	"testing"
	"time"
)

// BenchmarkGit runs git status, git diff and git log --oneline through the
// engine next to the host's git on the same repository in the same run,
// and logs the ratio of shellfence's time to git's
// (go test ./conformance -bench Git -run XX -v), by wall time and by CPU
// time (user and system: a shared machine's load inflates the wall time of
// the longer side most). The repository has 10,000 files in 100
// directories and 5,000 commits, and a work tree with a few files
// changed, one deleted and one untracked.
func BenchmarkGit(b *testing.B) {
	if _, err := exec.LookPath("git"); err != nil {
		b.Skip("no host git to build the repository with")
	}
	dir := b.TempDir()
	makeGitBenchRepo(b, dir, 10000, 5000)
	for _, c := range []struct{ name, cmd string }{
		{"status", "git status"},
		{"status-short", "git status -s"},
		{"diff", "git diff"},
		{"log-oneline", "git log --oneline"},
	} {
		cmd := c.cmd + " > /dev/null"
		var ours, theirs, oursCPU, theirsCPU time.Duration
		b.Run(c.name+"/shellfence", func(b *testing.B) {
			before := selfCPU()
			ours = benchOurs(b, dir, cmd)
			oursCPU = (selfCPU() - before) / time.Duration(b.N)
		})
		b.Run(c.name+"/git", func(b *testing.B) { theirs, theirsCPU = benchHostCPU(b, dir, cmd) })
		if theirs > 0 && theirsCPU > 0 {
			b.Logf("%-13s shellfence/git wall %.2f (%v / %v), cpu %.2f (%v / %v)", c.name,
				float64(ours)/float64(theirs), ours.Round(time.Millisecond), theirs.Round(time.Millisecond),
				float64(oursCPU)/float64(theirsCPU), oursCPU.Round(time.Millisecond), theirsCPU.Round(time.Millisecond))
		}
	}
}

// selfCPU is the user and system time this process has used.
func selfCPU() time.Duration {
	var ru syscall.Rusage
	if err := syscall.Getrusage(syscall.RUSAGE_SELF, &ru); err != nil {
		return 0
	}
	return time.Duration(ru.Utime.Nano() + ru.Stime.Nano())
}

// benchHostCPU runs cmd with bash and the host tools b.N times, and
// returns the wall and CPU time (of bash and its children) of one run.
func benchHostCPU(b *testing.B, dir, cmd string) (time.Duration, time.Duration) {
	var cpu time.Duration
	for i := 0; i < b.N; i++ {
		c := exec.Command("bash", "-c", cmd)
		c.Dir = dir
		c.Env = append([]string{"PATH=/usr/local/bin:/usr/bin:/bin"}, Env...)
		if out, err := c.CombinedOutput(); err != nil {
			b.Fatalf("%s: %v: %s", cmd, err, out)
		}
		cpu += c.ProcessState.UserTime() + c.ProcessState.SystemTime()
	}
	return b.Elapsed() / time.Duration(b.N), cpu / time.Duration(b.N)
}

// makeGitBenchRepo builds the repository with git fast-import: the first
// commit adds every file, each later one changes one file.
func makeGitBenchRepo(b *testing.B, dir string, files, commits int) {
	gitCmd := func(stdin string, args ...string) {
		c := exec.Command("git", args...)
		c.Dir = dir
		c.Env = append([]string{"PATH=/usr/local/bin:/usr/bin:/bin", "HOME=" + dir}, Env...)
		if stdin != "" {
			c.Stdin = strings.NewReader(stdin)
		}
		if out, err := c.CombinedOutput(); err != nil {
			b.Fatalf("git %v: %v: %s", args, err, out)
		}
	}
	gitCmd("", "init", "-q", "-b", "main")
	var s strings.Builder
	name := func(i int) string { return fmt.Sprintf("d%02d/f%04d.txt", i%100, i) }
	body := func(i, v int) string {
		return fmt.Sprintf("file %d version %d\nline two\nline three\n", i, v)
	}
	for c := 0; c < commits; c++ {
		fmt.Fprintf(&s, "commit refs/heads/main\ncommitter Ann <ann@example.com> %d +0000\n", 1767225600+c*60)
		msg := fmt.Sprintf("change %d", c)
		fmt.Fprintf(&s, "data %d\n%s\n", len(msg), msg)
		if c == 0 {
			for i := 0; i < files; i++ {
				d := body(i, 0)
				fmt.Fprintf(&s, "M 100644 inline %s\ndata %d\n%s\n", name(i), len(d), d)
			}
			continue
		}
		i := (c * 7919) % files
		d := body(i, c)
		fmt.Fprintf(&s, "M 100644 inline %s\ndata %d\n%s\n", name(i), len(d), d)
	}
	gitCmd(s.String(), "fast-import", "--quiet")
	gitCmd("", "reset", "-q", "--hard", "main")
	for _, i := range []int{3, 4242, 9999} {
		writeBenchFile(b, filepath.Join(dir, name(i)), body(i, -1)+"an edit\n")
	}
	if err := os.Remove(filepath.Join(dir, name(77))); err != nil {
		b.Fatal(err)
	}
	writeBenchFile(b, filepath.Join(dir, "d01", "new.txt"), "new\n")
	// Refresh the index's stat data as an agent's earlier git status would.
	gitCmd("", "status", "-s")
}

func writeBenchFile(b *testing.B, name, text string) {
	f, err := os.Create(name)
	if err != nil {
		b.Fatal(err)
	}
	w := bufio.NewWriter(f)
	w.WriteString(text)
	if err := w.Flush(); err != nil {
		b.Fatal(err)
	}
	if err := f.Close(); err != nil {
		b.Fatal(err)
	}
}
