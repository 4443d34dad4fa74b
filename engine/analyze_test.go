package engine_test

import (
	"os"
	"path/filepath"
	"testing"

	"github.com/google/go-cmp/cmp"

	"github.com/shellfence/shellfence/engine"
)

const rmDenied = "rm: option '-r' (--recursive) is not allowed here (command_rules)"

func TestAnalyze(t *testing.T) {
	dir, ws := workspace(t, map[string]string{"a": "x\n", "sub/": ""})
	e := engine.New(ws, engine.WithRules(engine.Rules{"rm": {DenyOptions: []string{"-r"}}}),
		engine.WithAllow("find", "xargs", "rm", "sort", "sed", "ls", "cat", "sh", "bash", "cp", "mv", "tee", "env"))
	tests := []struct {
		line string
		want engine.Analysis
	}{
		{`find . -name '*.tmp' | xargs rm -r`, engine.Analysis{Commands: []string{"find", "xargs", "rm"}, Writes: []string{},
			Refused: []engine.Refused{{"rm", rmDenied}}}},
		{`sort a > b.txt; sed -i s/x/y/ c`, engine.Analysis{Commands: []string{"sort", "sed"}, Writes: []string{"b.txt", "c"}, Refused: []engine.Refused{}}},
		{`eval "$x"`, engine.Analysis{Commands: []string{"eval"}, Writes: []string{}, Opaque: true, Refused: []engine.Refused{}}},
		{`$cmd a`, engine.Analysis{Commands: []string{}, Writes: []string{}, Opaque: true, Refused: []engine.Refused{}}},
		{`source ./s.sh`, engine.Analysis{Commands: []string{"source"}, Writes: []string{}, Opaque: true, Refused: []engine.Refused{}}},
		{`sh -c 'rm -fR x; cp a b'`, engine.Analysis{Commands: []string{"sh", "rm", "cp"}, Writes: []string{"x", "b"}, Refused: []engine.Refused{{"rm", rmDenied}}}},
		{`bash -ec "mv a sub/"`, engine.Analysis{Commands: []string{"bash", "mv"}, Writes: []string{"sub"}, Refused: []engine.Refused{}}},
		{`eval 'rm --rec q'`, engine.Analysis{Commands: []string{"eval", "rm"}, Writes: []string{"q"}, Refused: []engine.Refused{{"rm", rmDenied}}}},
		{`echo $(rm -R q)`, engine.Analysis{Commands: []string{"echo", "rm"}, Writes: []string{"q"}, Refused: []engine.Refused{{"rm", rmDenied}}}},
		{`find . -exec rm -r {} \; -fprint out`, engine.Analysis{Commands: []string{"find", "rm"}, Writes: []string{"out"}, Refused: []engine.Refused{{"rm", rmDenied}}}},
		{`grep x a`, engine.Analysis{Commands: []string{"grep"}, Writes: []string{},
			Refused: []engine.Refused{{"grep", "grep: not allowed here (allowed: find, xargs, rm, sort, sed, ls, cat, sh, bash, cp, mv, tee, env)"}}}},
		{`nosuch x`, engine.Analysis{Commands: []string{"nosuch"}, Writes: []string{}, Refused: []engine.Refused{{"nosuch", "nosuch: command not found"}}}},
		{`cat < a >> log 2>/dev/null | tee -a t1 "t 2"`, engine.Analysis{Commands: []string{"cat", "tee"}, Writes: []string{"log", "t1", "t 2"}, Refused: []engine.Refused{}}},
		{`cp -t sub a; mv a b c/`, engine.Analysis{Commands: []string{"cp", "mv"}, Writes: []string{"sub", "c"}, Refused: []engine.Refused{}}},
		{`env X=1 rm /tmp/x ` + dir + `/y`, engine.Analysis{Commands: []string{"env", "rm"}, Writes: []string{"/tmp/x", "y"}, Refused: []engine.Refused{}}},
	}
	for _, tt := range tests {
		got, err := e.Analyze(tt.line)
		if err != nil {
			t.Errorf("%s: %v", tt.line, err)
			continue
		}
		if diff := cmp.Diff(tt.want, got); diff != "" {
			t.Errorf("%s (-want +got):\n%s", tt.line, diff)
		}
	}
	if _, err := e.Analyze("echo )"); err == nil {
		t.Error("a syntax error analyzed")
	}
	entries, _ := os.ReadDir(dir)
	if len(entries) != 2 {
		t.Errorf("Analyze changed the workspace: %v", entries)
	}
	if _, err := os.Stat(filepath.Join(dir, "out")); err == nil {
		t.Error("Analyze ran find's -fprint")
	}
}
