package engine_test

import (
	"context"
	"io"
	"os"
	"path/filepath"
	"regexp"
	"runtime"
	"strings"
	"testing"
	"time"

	"github.com/google/go-cmp/cmp"

	"github.com/shellfence/shellfence/engine"
	"github.com/shellfence/shellfence/vfs"
	"github.com/shellfence/shellfence/vfs/vfstest"
)

// workspace makes a temp workspace holding files (name -> content; a name
// ending in "/" is a directory).
func workspace(t testing.TB, files map[string]string) (string, *vfs.FS) {
	t.Helper()
	return vfstest.Workspace(t, files)
}

type outcome struct {
	Stdout, Stderr string
	Code           int
}

func run(t *testing.T, e *engine.Engine, req engine.Request) outcome {
	t.Helper()
	res, err := e.Run(context.Background(), req)
	if err != nil {
		t.Fatalf("Run(%q): %v", req.Command, err)
	}
	return outcome{string(res.Stdout), string(res.Stderr), res.ExitCode}
}

var shellTests = []struct {
	name string
	cmd  string
	want outcome
}{
	{"pipeline", "echo hi | cat | cat -n", outcome{"     1\thi\n", "", 0}},
	{"redirect append", "echo a > f; echo b >> f; cat < f", outcome{"a\nb\n", "", 0}},
	{"stderr to null", "cat nope 2>/dev/null; echo $?", outcome{"1\n", "", 0}},
	{"stderr to stdout", "cat nope 2>&1", outcome{"cat: nope: No such file or directory\n", "", 1}},
	{"to stderr", "echo oops >&2; echo out > /dev/stderr", outcome{"", "oops\nout\n", 0}},
	{"dev stdout", "echo x > /dev/stdout", outcome{"x\n", "", 0}},
	{"here-doc", "cat <<EOF\nline $((1+2))\nEOF", outcome{"line 3\n", "", 0}},
	{"here-string", "cat <<< 'a b'", outcome{"a b\n", "", 0}},
	{"and or", "false && echo no || echo yes; true && echo ok", outcome{"yes\nok\n", "", 0}},
	{"subshell", "(cd sub && pwd | cat); pwd", outcome{"$WORK/sub\n$WORK\n", "", 0}},
	{"group", "{ echo a; echo b; } | cat -n", outcome{"     1\ta\n     2\tb\n", "", 0}},
	{"vars", "x=hello; y=${x^^}; echo \"$y ${#x} ${x:1:3}\"", outcome{"HELLO 5 ell\n", "", 0}},
	{"arith", "echo $(( (3+4)*2 % 5 ))", outcome{"4\n", "", 0}},
	{"cmdsubst", "x=$(cat a.txt); echo \"[$x]\"", outcome{"[alpha]\n", "", 0}},
	{"control", "for i in 1 2 3; do if [ $i = 2 ]; then continue; fi; echo $i; done; n=0; while [ $n -lt 2 ]; do n=$((n+1)); done; echo $n",
		outcome{"1\n3\n2\n", "", 0}},
	{"case", "case foo.go in *.go) echo go;; *) echo other;; esac", outcome{"go\n", "", 0}},
	{"function", "f() { echo \"f:$1:$#\"; return 3; }; f a b; echo $?", outcome{"f:a:2\n3\n", "", 0}},
	{"array", "a=(x y z); echo ${a[1]} ${#a[@]}; a+=(w); echo ${a[@]}", outcome{"y 3\nx y z w\n", "", 0}},
	{"glob", "echo *.txt; echo sub/*", outcome{"a.txt b.txt\nsub/c.txt\n", "", 0}},
	{"glob no match", "echo *.nope", outcome{"*.nope\n", "", 0}},
	{"brace", "echo {a,b}{1,2} x{1..3}", outcome{"a1 a2 b1 b2 x1 x2 x3\n", "", 0}},
	{"proc subst", "cat <(echo hi) <(cat a.txt)", outcome{"hi\nalpha\n", "", 0}},
	{"proc subst name", "echo <(true) <(true)", outcome{"/dev/fd/63 /dev/fd/62\n", "", 0}},
	{"proc subst nested", "cat <(cat <(echo deep))", outcome{"deep\n", "", 0}},
	{"proc subst loop", "for i in 1 2; do cat <(echo $i); done", outcome{"1\n2\n", "", 0}},
	{"exit status", "exit 3", outcome{"", "", 3}},
	{"pipestatus", "false | true | (exit 3); echo \"${PIPESTATUS[@]} $?\"; set -o pipefail; false | true; echo \"$? ${PIPESTATUS[1]}\"", outcome{"1 0 3 3\n1 0\n", "", 0}},
	{"pipestatus xtrace free", "set -x; true | true", outcome{"", "+ true\n+ true\n", 0}},
	{"pipefail", "set -o pipefail; cat nope 2>/dev/null | cat", outcome{"", "", 1}},
	{"not found", "nosuchcmd x", outcome{"", "bash: line 1: nosuchcmd: command not found\nshellfence: nosuchcmd: this shell runs only its built-in commands, no host programs ('commands' lists them)\n", 127}},
	{"outside read", "cat /etc/passwd", outcome{"", "cat: /etc/passwd: outside the workspace\n", 1}},
	{"outside dotdot", "cat ../a.txt", outcome{"", "cat: ../a.txt: outside the workspace\n", 1}},
	{"outside redirect", "echo x > ../x; echo $?", outcome{"1\n", "shellfence: ../x: outside the workspace\n", 0}},
	{"outside cd", "cd ..; echo $?; cd /; pwd", outcome{"1\n$WORK\n", "shellfence: cd: ..: outside the workspace\nshellfence: cd: /: outside the workspace\n", 0}},
	{"cd missing", "cd nope", outcome{"", "shellfence: cd: nope: No such file or directory\n", 1}},
	{"cd file", "cd a.txt", outcome{"", "shellfence: cd: a.txt: Not a directory\n", 1}},
	{"redirect missing", "cat < nope", outcome{"", "bash: line 1: nope: No such file or directory\n", 1}},
	{"pwd -P", "cd sub; pwd -P", outcome{"$WORK/sub\n", "", 0}},
	{"home", "echo $HOME; cd sub; cd; pwd; cd ~/sub; pwd", outcome{"$WORK\n$WORK\n$WORK/sub\n", "", 0}},
	{"tilde user", "echo ~root ~nobody/x", outcome{"~root ~nobody/x\n", "", 0}},
	{"no tmpdir", "echo ${TMPDIR-unset}", outcome{"unset\n", "", 0}},
	{"path empty", "echo \"[$PATH]\"", outcome{"[]\n", "", 0}},
	{"type", "type cat cd if; command -v cat; command -v nosuch; echo $?",
		outcome{"cat is /usr/bin/cat\ncd is a shell builtin\nif is a shell keyword\n/usr/bin/cat\n1\n", "", 0}},
	{"type flags", "type -t cat cd if; type -P cat; type -P cd; echo $?", outcome{"file\nbuiltin\nkeyword\n/usr/bin/cat\n1\n", "", 0}},
	{"type missing", "type nosuch", outcome{"", "shellfence: type: nosuch: not found\n", 1}},
	{"source", "echo 'greet() { echo hi $1; }' > lib.sh; . ./lib.sh; greet you; source lib.sh; greet me",
		outcome{"hi you\nhi me\n", "", 0}},
	{"source missing", "source nope.sh", outcome{"", "shellfence: nope.sh: No such file or directory\n", 1}},
	{"bin path", "/bin/cat a.txt; /usr/bin/cat a.txt", outcome{"alpha\nalpha\n", "", 0}},
	{"test -O memless", "[ -O a.txt ] | cat; echo done", outcome{"done\n", "", 0}},
	{"unsupported builtin", "ulimit -n", outcome{"", "ulimit: unsupported builtin\n", 2}},
	{"coproc refused", "coproc cat", outcome{"", "shellfence: line 1: coproc is not supported (no two-way pipe to a job): run the command in the background with cmd &, with its input and output in files\n", 2}},
	{"outproc refused", "echo x > >(cat)", outcome{"", "shellfence: line 1: output process substitution >(...) is not supported: write to a file, then read it\n", 2}},
	{"nameless function", "()0; echo after", outcome{"", "shellfence: line 1: syntax error near unexpected token `)'\n", 2}},
	{"syntax error", "echo )", outcome{"", "bash: -c: line 1: syntax error near unexpected token `)'\nbash: -c: line 1: `echo )'\n", 2}},
	{"syntax eof", "echo 'x", outcome{"", "bash: -c: line 1: unexpected EOF while looking for matching `''\n", 2}},
}

func TestShell(t *testing.T) {
	dir, ws := workspace(t, map[string]string{"a.txt": "alpha\n", "b.txt": "beta\n", "sub/c.txt": "c\n"})
	e := engine.New(ws)
	for _, tt := range shellTests {
		t.Run(tt.name, func(t *testing.T) {
			got := run(t, e, engine.Request{Command: tt.cmd})
			got.Stdout = strings.ReplaceAll(got.Stdout, dir, "$WORK")
			if d := cmp.Diff(tt.want, got); d != "" {
				t.Errorf("%s (-want +got):\n%s", tt.cmd, d)
			}
		})
	}
}

func TestAllowlist(t *testing.T) {
	_, ws := workspace(t, map[string]string{"a.txt": "a\n"})
	e := engine.New(ws, engine.WithAllow("cat"))
	got := run(t, e, engine.Request{Command: "cat a.txt; echo shell-builtins-work", Allow: []string{"true"}})
	want := outcome{"shell-builtins-work\n", "cat: not allowed here (allowed: none)\n", 0}
	if d := cmp.Diff(want, got); d != "" {
		t.Errorf("(-want +got):\n%s", d)
	}
	got = run(t, engine.New(ws, engine.WithAllow("true", "false")), engine.Request{Command: "cat a.txt"})
	want = outcome{"", "cat: not allowed here (allowed: true, false)\n", 127}
	if d := cmp.Diff(want, got); d != "" {
		t.Errorf("(-want +got):\n%s", d)
	}
}

func TestReadOnly(t *testing.T) {
	dir, ws := workspace(t, map[string]string{"a.txt": "a\n"})
	e := engine.New(ws, engine.ReadOnly())
	got := run(t, e, engine.Request{Command: "cat a.txt; echo x > b.txt; echo x >> a.txt; [ -w a.txt ] || echo not-writable"})
	want := outcome{"a\nnot-writable\n", "shellfence: b.txt: read-only workspace\nshellfence: a.txt: read-only workspace\n", 0}
	if d := cmp.Diff(want, got); d != "" {
		t.Errorf("(-want +got):\n%s", d)
	}
	if _, err := os.Stat(filepath.Join(dir, "b.txt")); err == nil {
		t.Error("b.txt was created in a read-only workspace")
	}
}

func TestHostEnvironmentInvisible(t *testing.T) {
	t.Setenv("SHELLFENCE_TEST_SECRET", "s3cret")
	_, ws := workspace(t, nil)
	got := run(t, engine.New(ws, engine.WithEnv("GIVEN=yes")), engine.Request{
		Command: "echo \"[$SHELLFENCE_TEST_SECRET][$GIVEN][$EXTRA]\"; declare -p | grep -c s3cret || true",
		Env:     []string{"EXTRA=1"},
	})
	if !strings.HasPrefix(got.Stdout, "[][yes][1]\n") || strings.Contains(got.Stdout+got.Stderr, "s3cret") {
		t.Errorf("host environment visible: %+v", got)
	}
}

func TestTimeout(t *testing.T) {
	_, ws := workspace(t, nil)
	e := engine.New(ws)
	start := time.Now()
	res, err := e.Run(context.Background(), engine.Request{Command: "while true; do :; done", Timeout: 200 * time.Millisecond})
	if err != nil {
		t.Fatal(err)
	}
	if !res.TimedOut || res.ExitCode != 124 {
		t.Errorf("got TimedOut=%v code=%d, want true 124", res.TimedOut, res.ExitCode)
	}
	if d := time.Since(start); d > 1500*time.Millisecond {
		t.Errorf("run took %v after a 200ms timeout", d)
	}
}

func TestTimeoutStopsPipeline(t *testing.T) {
	_, ws := workspace(t, nil)
	pr, pw, err := os.Pipe() // a stdin that never ends
	if err != nil {
		t.Fatal(err)
	}
	defer pw.Close()
	start := time.Now()
	res, err := engine.New(ws).Run(context.Background(), engine.Request{
		Command: "cat | cat | cat", Stdin: pr, Timeout: 200 * time.Millisecond,
	})
	if err != nil {
		t.Fatal(err)
	}
	if !res.TimedOut || time.Since(start) > 1500*time.Millisecond {
		t.Errorf("TimedOut=%v after %v", res.TimedOut, time.Since(start))
	}
	if string(res.Stderr) != "shellfence: timed out after 200ms\n" {
		t.Errorf("stderr after timeout: %q", res.Stderr)
	}
}

func TestOutputCap(t *testing.T) {
	_, ws := workspace(t, nil)
	e := engine.New(ws, engine.WithOutputLimit(100))
	res, err := e.Run(context.Background(), engine.Request{
		Command: "i=0; while [ $i -lt 1000 ]; do echo line$i; i=$((i+1)); done",
	})
	if err != nil {
		t.Fatal(err)
	}
	if res.StdoutOmitted == 0 || !res.Truncated() || res.StdoutLines != 1000 {
		t.Fatalf("len=%d omitted=%d", len(res.Stdout), res.StdoutOmitted)
	}
	head, tail, ok := strings.Cut(string(res.Stdout), "omitted ...]\n")
	if !ok || !strings.HasPrefix(head, "line0\nline1\n") || !strings.HasSuffix(tail, "line998\nline999\n") {
		t.Errorf("head/tail not kept: %q", res.Stdout)
	}
	marker := head[strings.LastIndexByte(head[:len(head)-1], '\n')+1:] + "omitted ...]\n"
	if int64(len(res.Stdout)-len(marker))+res.StdoutOmitted != res.StdoutBytes {
		t.Errorf("counts do not add up: %d + %d != %d", len(res.Stdout)-len(marker), res.StdoutOmitted, res.StdoutBytes)
	}
}

func TestArgv(t *testing.T) {
	_, ws := workspace(t, map[string]string{"a b.txt": "spaced\n", "sub/x": "x\n"})
	e := engine.New(ws)
	got := run(t, e, engine.Request{Args: []string{"cat", "a b.txt", "$HOME"}})
	want := outcome{"spaced\n", "cat: '$HOME': No such file or directory\n", 1}
	if d := cmp.Diff(want, got); d != "" {
		t.Errorf("(-want +got):\n%s", d)
	}
	got = run(t, e, engine.Request{Args: []string{"cat", "x"}, Dir: "sub"})
	if got.Stdout != "x\n" {
		t.Errorf("argv in sub: %+v", got)
	}
}

func TestBadDir(t *testing.T) {
	_, ws := workspace(t, nil)
	for _, dir := range []string{"/etc", "..", "nope"} {
		if _, err := engine.New(ws).Run(context.Background(), engine.Request{Command: "true", Dir: dir}); err == nil {
			t.Errorf("Dir %q: no error", dir)
		}
	}
}

func TestScripts(t *testing.T) {
	dir, ws := workspace(t, map[string]string{
		"run.sh": "#!/bin/bash\necho \"script $0 $1\"\nexit 4\n",
		"py.py":  "#!/usr/bin/env python3\nprint(1)\n",
	})
	os.Chmod(filepath.Join(dir, "run.sh"), 0o755)
	os.Chmod(filepath.Join(dir, "py.py"), 0o755)
	e := engine.New(ws)
	got := run(t, e, engine.Request{Command: "./run.sh arg; echo $?; ./py.py; echo $?; ./nope; echo $?"})
	want := outcome{
		"script ./run.sh arg\n4\n126\n127\n",
		"shellfence: ./py.py: cannot run python3: only shell scripts run here (shellfence starts no host programs)\n" +
			"shellfence: ./nope: No such file or directory\n", 0}
	if d := cmp.Diff(want, got); d != "" {
		t.Errorf("(-want +got):\n%s", d)
	}
}

func TestConcurrentRuns(t *testing.T) {
	_, ws := workspace(t, map[string]string{"a.txt": "a\n"})
	e := engine.New(ws)
	done := make(chan outcome, 8)
	for i := 0; i < 8; i++ {
		go func() {
			res, _ := e.Run(context.Background(), engine.Request{Command: "x=$(cat a.txt); cd /; echo $x"})
			done <- outcome{string(res.Stdout), string(res.Stderr), res.ExitCode}
		}()
	}
	for i := 0; i < 8; i++ {
		if got := <-done; got.Stdout != "a\n" {
			t.Errorf("run %d: %+v", i, got)
		}
	}
}

func TestMemoryWorkspace(t *testing.T) {
	ws := vfs.NewMem("/virtual/ws")
	e := engine.New(ws)
	got := run(t, e, engine.Request{Command: "echo hi > f; mkdir -p d 2>/dev/null; cat f; pwd; [ -O f ] | cat; cat /virtual/other 2>&1"})
	want := outcome{"hi\n/virtual/ws\ncat: /virtual/other: outside the workspace\n", "", 1}
	if d := cmp.Diff(want, got); d != "" {
		t.Errorf("(-want +got):\n%s", d)
	}
}

func TestSubstitutionMemoryBounded(t *testing.T) {
	_, ws := workspace(t, map[string]string{"a.txt": strings.Repeat("0123456789\n", 10000)})
	e := engine.New(ws, engine.WithMemoryLimit(200000))
	for _, cmd := range []string{"x=$(cat a.txt a.txt); echo ${#x}", "cat <(cat a.txt a.txt) | wc -l"} {
		got := run(t, e, engine.Request{Command: "y=$(cat a.txt); echo ${#y}; " + cmd})
		want := outcome{"109999\n", "shellfence: memory budget of 200000 bytes exceeded (--max-memory)\n", engine.ExitBudget}
		if d := cmp.Diff(want, got); d != "" {
			t.Errorf("%s: (-want +got):\n%s", cmd, d)
		}
	}
}

func TestTrailingSlash(t *testing.T) {
	_, ws := workspace(t, map[string]string{"f.txt": "x\n", "d/": ""})
	got := run(t, engine.New(ws), engine.Request{Command: "cat f.txt/; echo y > f.txt/; echo y > new/; cat d/ ; /usr/bin/nosuch"})
	want := outcome{"", "cat: f.txt/: Not a directory\nbash: line 1: f.txt/: Is a directory\nbash: line 1: new/: Is a directory\ncat: d/: Is a directory\n/usr/bin/nosuch: command not found\n", 127}
	if d := cmp.Diff(want, got); d != "" {
		t.Errorf("(-want +got):\n%s", d)
	}
}

// lineReader yields n bytes of short lines without holding them.
type lineReader struct{ left, off int }

func (l *lineReader) Read(p []byte) (int, error) {
	if l.left == 0 {
		return 0, io.EOF
	}
	n := min(len(p), l.left)
	for i := range p[:n] {
		p[i] = "abcdefghi\n"[(l.off+i)%10]
	}
	l.left -= n
	l.off += n
	return n, nil
}

// TestStreamingMemory checks that a pipeline over 64 MB of input allocates
// a small, fixed amount: builtins stream, and nothing collects the input.
func TestStreamingMemory(t *testing.T) {
	if testing.Short() {
		t.Skip("moves 64 MB")
	}
	_, ws := workspace(t, nil)
	e := engine.New(ws)
	var before, after runtime.MemStats
	runtime.GC()
	runtime.ReadMemStats(&before)
	res, err := e.Run(context.Background(), engine.Request{
		Command: "cat | grep -v x | cut -c1-5 | tr a A | wc -l",
		Stdin:   &lineReader{left: 64 << 20},
	})
	runtime.ReadMemStats(&after)
	if err != nil || string(res.Stdout) != "6710887\n" { // cut ends the last, partial line
		t.Fatalf("%v %q %q", err, res.Stdout, res.Stderr)
	}
	if alloc := after.TotalAlloc - before.TotalAlloc; alloc > 16<<20 {
		t.Errorf("allocated %d MB for 64 MB of input", alloc>>20)
	}
}

// TestBackgroundJobsStop checks that a job left running in the background
// stops when the run returns, instead of writing to the workspace later.
func TestBackgroundJobsStop(t *testing.T) {
	dir, ws := workspace(t, nil)
	res, err := engine.New(ws).Run(context.Background(), engine.Request{
		Command: "(sleep 0.3; echo late > late.txt) & echo started",
	})
	if err != nil || string(res.Stdout) != "started\n" {
		t.Fatalf("%v %q", err, res.Stdout)
	}
	time.Sleep(600 * time.Millisecond)
	if _, err := os.Stat(filepath.Join(dir, "late.txt")); err == nil {
		t.Error("a background job wrote to the workspace after the run ended")
	}
}

// cat refuses an input that is its output on the memory filesystem too,
// where files have no inode numbers.
func TestMemoryInputIsOutput(t *testing.T) {
	ws := vfs.NewMem("/virtual/ws")
	e := engine.New(ws)
	got := run(t, e, engine.Request{Command: "echo x > a; echo y > b; cat a >> a; echo $?; cat b a >> b; echo $?; cat a b; cat a > c; cat c"})
	want := outcome{"1\n1\nx\ny\nx\nx\n", "cat: a: input file is output file\ncat: b: input file is output file\n", 0}
	if d := cmp.Diff(want, got); d != "" {
		t.Errorf("(-want +got):\n%s", d)
	}
}

// sed -i in a read-only workspace names the temporary file it tried, as
// GNU does ("./sedXXXXXX" with the X's replaced), not its template.
func TestReadOnlySedTempName(t *testing.T) {
	_, ws := workspace(t, map[string]string{"a.txt": "a\n", "d/f": "f\n"})
	e := engine.New(ws, engine.ReadOnly())
	got := run(t, e, engine.Request{Command: "sed -i s/a/b/ a.txt; sed -i s/f/g/ d/f"})
	re := regexp.MustCompile(`^sed: couldn't open temporary file \./sed[0-9a-f]{12}: read-only workspace\n` +
		`sed: couldn't open temporary file d/sed[0-9a-f]{12}: read-only workspace\n$`)
	if !re.MatchString(got.Stderr) || got.Code != 4 {
		t.Errorf("got %+v", got)
	}
}
