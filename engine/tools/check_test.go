package tools_test

import (
	"encoding/json"
	"testing"

	"github.com/google/go-cmp/cmp"

	"github.com/shellfence/shellfence/engine"
	"github.com/shellfence/shellfence/engine/tools"
	"github.com/shellfence/shellfence/vfs/vfstest"
)

func TestCheckCommand(t *testing.T) {
	_, ws := vfstest.Workspace(t, map[string]string{"src/a": "x\n"})
	tb := tools.New(tools.Config{Engine: engine.New(ws, engine.WithRules(engine.Rules{"rm": {DenyOptions: []string{"-r"}}}))})
	s := tb.NewSession()
	t.Cleanup(s.Close)
	do(t, tb, s, "run", `{"command": "cd src"}`)
	for _, tt := range []struct{ args, want string }{
		{`{"command": "find . -name '*.tmp' | xargs rm -r"}`,
			`{"commands":["find","xargs","rm"],"writes":[],"opaque":false,"refused":[{"command":"rm","reason":"rm: option '-r' (--recursive) is not allowed here (command_rules)"}]}`},
		{`{"command": "sort a > b.txt; sed -i s/x/y/ c"}`, `{"commands":["sort","sed"],"writes":["src/b.txt","src/c"],"opaque":false,"refused":[]}`},
		{`{"command": "sort a > b.txt", "cwd": "."}`, `{"commands":["sort"],"writes":["b.txt"],"opaque":false,"refused":[]}`},
		{`{"command": "eval \"$x\""}`, `{"commands":["eval"],"writes":[],"opaque":true,"refused":[]}`},
	} {
		res, _ := do(t, tb, s, "check_command", tt.args)
		got, _ := json.Marshal(res.Structured)
		if res.IsError {
			t.Errorf("%s: error %s", tt.args, res.Text)
		}
		if diff := cmp.Diff(tt.want, string(got)); diff != "" {
			t.Errorf("%s (-want +got):\n%s", tt.args, diff)
		}
	}
	if res, _ := do(t, tb, s, "check_command", `{"command": "echo )"}`); !res.IsError {
		t.Errorf("a syntax error: %+v", res)
	}
	tool, _ := tb.Tool("check_command")
	if !tool.Annotations.ReadOnly || tool.Annotations.Destructive {
		t.Errorf("annotations %+v", tool.Annotations)
	}
}
